//! TPTP TFF (typed first-order, without arithmetic) into many-sorted formulas: the front end's
//! [`Formula`]s plus the sort of every symbol and of every bound variable, for the sort encoding
//! of [`crate::fol::sorts`].
//!
//! Faithfulness: type declarations (`s: $tType`, `f: (a * b) > c`, `p: a > $o`) give the
//! symbols' sorts; undeclared symbols and untyped variables have sort `$i`, as the TFF standard
//! says. Every bound variable is renamed apart (`X` becomes `X_7`), so one name has one sort in
//! the whole problem and the sort encoding can look sorts up by name. Renaming bound variables
//! does not change meaning. Arithmetic (`$int`, `$rat`, `$real`, numbers, `$sum`, `$less`, ...),
//! polymorphism (`!>`, type variables), formulas used as terms and other TFX extensions are
//! rejected as unsupported rather than read approximately.

use std::collections::BTreeMap;

use tptp::common::{DefinedTerm, NonassocConnective};
use tptp::fof;
use tptp::tfx;

use super::names::atomic_word_text;
use crate::fol::formula::{Formula, Quantifier, Term};
use crate::fol::sorts::SymbolSorts;

/// The sort of individuals, `$i`, under the name the encoding uses (no user sort can be named
/// so: user sort names are TPTP words, which do not start with `_`).
pub(crate) const INDIVIDUALS: &str = "_i";

/// Sorts, symbols and variables of a TFF problem, filled while its statements are read.
#[derive(Clone, Debug, Default)]
pub(crate) struct TffContext {
    /// Declared sorts: the TPTP name to the encoding's name.
    sorts: BTreeMap<String, String>,
    /// The sorts of every symbol, declared or met.
    pub symbols: BTreeMap<String, SymbolSorts>,
    /// The sort of every (renamed) bound variable.
    pub var_sorts: BTreeMap<String, String>,
    next_var: usize,
}

/// A reason a TFF construct is rejected.
pub(crate) type Reject = String;

impl TffContext {
    /// Records a type declaration `name: type`.
    pub fn declare(&mut self, typing: &tfx::AtomTyping<'_>) -> Result<(), Reject> {
        let (atom, ty) = match typing {
            tfx::AtomTyping::Parenthesised(inner) => return self.declare(inner),
            tfx::AtomTyping::Typing(atom, ty) => (atom, ty),
        };
        let name = match atom {
            tptp::common::UntypedAtom::Constant(c) => atomic_word_text(&c.0.0),
            tptp::common::UntypedAtom::System(s) => s.to_string(),
        };
        match ty {
            tfx::TopLevelType::Atomic(t) => {
                if let tfx::AtomicType::Defined(d) = &**t
                    && d.to_string() == "$tType"
                {
                    let encoded = self.fresh_sort_name(&name);
                    self.sorts.insert(name, encoded);
                    return Ok(());
                }
                let result = self.result_sort(t)?;
                self.symbols.insert(name, SymbolSorts { args: Vec::new(), result });
                Ok(())
            }
            tfx::TopLevelType::NonAtomic(t) => {
                let (args, result) = self.mapping(t)?;
                self.symbols.insert(name, SymbolSorts { args, result });
                Ok(())
            }
        }
    }

    fn fresh_sort_name(&self, name: &str) -> String {
        let plain = name.starts_with(|c: char| c.is_ascii_lowercase())
            && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
        if plain && !self.sorts.values().any(|s| s == name) {
            return name.to_string();
        }
        (0..)
            .map(|i| format!("sort{i}"))
            .find(|n| !self.sorts.values().any(|s| s == n))
            .unwrap_or_default()
    }

    fn mapping(&self, t: &tfx::NonAtomicType<'_>) -> Result<(Vec<String>, Option<String>), Reject> {
        match t {
            tfx::NonAtomicType::Parenthesised(inner) => self.mapping(inner),
            tfx::NonAtomicType::Quantified(_) => {
                Err("polymorphic types (`!>`, TF1) are not supported".to_string())
            }
            tfx::NonAtomicType::Mapping(m) => {
                let mut args = Vec::new();
                self.domain(&m.domain, &mut args)?;
                Ok((args, self.result_sort(&m.range)?))
            }
        }
    }

    fn domain(&self, t: &tfx::UnitaryType<'_>, out: &mut Vec<String>) -> Result<(), Reject> {
        match t {
            tfx::UnitaryType::Atomic(a) => {
                out.push(self.sort(a)?);
                Ok(())
            }
            tfx::UnitaryType::Product(p) => {
                for u in &p.0 {
                    self.domain(u, out)?;
                }
                Ok(())
            }
        }
    }

    /// `None` for `$o` (a predicate), else the sort.
    fn result_sort(&self, t: &tfx::AtomicType<'_>) -> Result<Option<String>, Reject> {
        if let tfx::AtomicType::Defined(d) = t
            && d.to_string() == "$o"
        {
            return Ok(None);
        }
        self.sort(t).map(Some)
    }

    fn sort(&self, t: &tfx::AtomicType<'_>) -> Result<String, Reject> {
        match t {
            tfx::AtomicType::Constant(c) => {
                let name = atomic_word_text(&c.0.0);
                self.sorts
                    .get(&name)
                    .cloned()
                    .ok_or_else(|| format!("type `{name}` is used but not declared as `$tType`"))
            }
            tfx::AtomicType::Defined(d) => match d.to_string().as_str() {
                "$i" => Ok(INDIVIDUALS.to_string()),
                "$int" | "$rat" | "$real" => {
                    Err(format!("arithmetic type `{d}` (TFF arithmetic is not supported)"))
                }
                "$o" => Err("`$o` as an argument type (booleans as terms) is not supported".into()),
                "$tType" => {
                    Err("type constructors (`$tType > $tType`, TF1) are not supported".into())
                }
                other => Err(format!("defined type `{other}` is not supported")),
            },
            tfx::AtomicType::Variable(_) | tfx::AtomicType::Function(..) => {
                Err("polymorphic or compound types (TF1) are not supported".to_string())
            }
        }
    }

    fn fresh_var(&mut self, name: &str, sort: String) -> String {
        let fresh = format!("{name}_{}", self.next_var);
        self.next_var += 1;
        self.var_sorts.insert(fresh.clone(), sort);
        fresh
    }

    /// Registers an undeclared symbol at its first use with sort `$i` everywhere.
    fn use_symbol(&mut self, name: &str, arity: usize, predicate: bool) -> Result<(), Reject> {
        let sorts = self.symbols.entry(name.to_string()).or_insert_with(|| SymbolSorts {
            args: vec![INDIVIDUALS.to_string(); arity],
            result: (!predicate).then(|| INDIVIDUALS.to_string()),
        });
        if sorts.args.len() != arity || sorts.result.is_none() != predicate {
            return Err(format!(
                "symbol `{name}` is used with {arity} arguments as a {}, which its type does not allow",
                if predicate { "predicate" } else { "function" }
            ));
        }
        Ok(())
    }

    /// Converts a TFF formula (closed, or with free variables read as universal).
    pub fn formula(&mut self, f: &tfx::LogicFormula<'_>) -> Result<Formula, Reject> {
        let mut scope = Vec::new();
        self.logic(f, &mut scope)
    }

    /// An untyped (FOF or CNF) formula of a typed problem: its variables are renamed apart and
    /// get sort `$i`; its symbols are registered as `$i`-typed if undeclared. Free variables
    /// are closed universally first.
    pub fn untyped(&mut self, f: &Formula) -> Result<Formula, Reject> {
        let closed = f.clone().universal_closure();
        self.rename(&closed, &mut Vec::new())
    }

    fn rename(
        &mut self,
        f: &Formula,
        scope: &mut Vec<(String, String)>,
    ) -> Result<Formula, Reject> {
        Ok(match f {
            Formula::True | Formula::False => f.clone(),
            Formula::Atom(p, args) => {
                self.use_symbol(p, args.len(), true)?;
                Formula::Atom(p.clone(), self.rename_terms(args, scope)?)
            }
            Formula::Equal(a, b) => {
                Formula::Equal(self.rename_term(a, scope)?, self.rename_term(b, scope)?)
            }
            Formula::Not(g) => self.rename(g, scope)?.negate(),
            Formula::And(fs) => {
                Formula::And(fs.iter().map(|g| self.rename(g, scope)).collect::<Result<_, _>>()?)
            }
            Formula::Or(fs) => {
                Formula::Or(fs.iter().map(|g| self.rename(g, scope)).collect::<Result<_, _>>()?)
            }
            Formula::Implies(a, b) => {
                Formula::Implies(Box::new(self.rename(a, scope)?), Box::new(self.rename(b, scope)?))
            }
            Formula::Iff(a, b) => {
                Formula::Iff(Box::new(self.rename(a, scope)?), Box::new(self.rename(b, scope)?))
            }
            Formula::Xor(a, b) => {
                Formula::Xor(Box::new(self.rename(a, scope)?), Box::new(self.rename(b, scope)?))
            }
            Formula::Quantified(q, vars, body) => {
                let depth = scope.len();
                let mut fresh = Vec::new();
                for v in vars {
                    let n = self.fresh_var(v, INDIVIDUALS.to_string());
                    scope.push((v.clone(), n.clone()));
                    fresh.push(n);
                }
                let body = self.rename(body, scope);
                scope.truncate(depth);
                Formula::Quantified(*q, fresh, Box::new(body?))
            }
        })
    }

    fn rename_terms(
        &mut self,
        ts: &[Term],
        scope: &mut Vec<(String, String)>,
    ) -> Result<Vec<Term>, Reject> {
        ts.iter().map(|t| self.rename_term(t, scope)).collect()
    }

    fn rename_term(&mut self, t: &Term, scope: &mut Vec<(String, String)>) -> Result<Term, Reject> {
        Ok(match t {
            Term::Var(v) => Term::Var(lookup(scope, v)),
            Term::Distinct(d) => Term::Distinct(d.clone()),
            Term::App(f, args) => {
                self.use_symbol(f, args.len(), false)?;
                Term::App(f.clone(), self.rename_terms(args, scope)?)
            }
        })
    }

    fn logic(
        &mut self,
        f: &tfx::LogicFormula<'_>,
        scope: &mut Vec<(String, String)>,
    ) -> Result<Formula, Reject> {
        match f {
            tfx::LogicFormula::Binary(tfx::BinaryFormula::Assoc(assoc)) => match assoc {
                tfx::BinaryAssoc::Or(or) => Ok(Formula::Or(self.units(&or.0, scope)?)),
                tfx::BinaryAssoc::And(and) => Ok(Formula::And(self.units(&and.0, scope)?)),
            },
            tfx::LogicFormula::Binary(tfx::BinaryFormula::Nonassoc(b)) => {
                let left = Box::new(self.unit(&b.left, scope)?);
                let right = Box::new(self.unit(&b.right, scope)?);
                Ok(match b.op {
                    NonassocConnective::LRImplies => Formula::Implies(left, right),
                    NonassocConnective::RLImplies => Formula::Implies(right, left),
                    NonassocConnective::Equivalent => Formula::Iff(left, right),
                    NonassocConnective::NotEquivalent => Formula::Xor(left, right),
                    NonassocConnective::NotOr => Formula::Or(vec![*left, *right]).negate(),
                    NonassocConnective::NotAnd => Formula::And(vec![*left, *right]).negate(),
                })
            }
            tfx::LogicFormula::Unary(u) => self.unary(u, scope),
            tfx::LogicFormula::Unitary(u) => self.unitary(u, scope),
            tfx::LogicFormula::DefinedInfix(infix) => self.equation(infix, scope),
        }
    }

    fn units(
        &mut self,
        units: &[tfx::UnitFormula<'_>],
        scope: &mut Vec<(String, String)>,
    ) -> Result<Vec<Formula>, Reject> {
        units.iter().map(|u| self.unit(u, scope)).collect()
    }

    fn unit(
        &mut self,
        f: &tfx::UnitFormula<'_>,
        scope: &mut Vec<(String, String)>,
    ) -> Result<Formula, Reject> {
        match f {
            tfx::UnitFormula::Unitary(u) => self.unitary(u, scope),
            tfx::UnitFormula::Unary(u) => self.unary(u, scope),
            tfx::UnitFormula::DefinedInfix(infix) => self.equation(infix, scope),
        }
    }

    fn equation(
        &mut self,
        infix: &tfx::DefinedInfix<'_>,
        scope: &mut Vec<(String, String)>,
    ) -> Result<Formula, Reject> {
        Ok(Formula::Equal(
            self.unitary_term(&infix.left, scope)?,
            self.unitary_term(&infix.right, scope)?,
        ))
    }

    fn unary(
        &mut self,
        f: &tfx::UnaryFormula<'_>,
        scope: &mut Vec<(String, String)>,
    ) -> Result<Formula, Reject> {
        match f {
            tfx::UnaryFormula::Prefix(p) => Ok(self.preunit(&p.formula, scope)?.negate()),
            tfx::UnaryFormula::Infix(infix) => Ok(Formula::Equal(
                self.unitary_term(&infix.left, scope)?,
                self.unitary_term(&infix.right, scope)?,
            )
            .negate()),
        }
    }

    fn preunit(
        &mut self,
        f: &tfx::PreunitFormula<'_>,
        scope: &mut Vec<(String, String)>,
    ) -> Result<Formula, Reject> {
        match f {
            tfx::PreunitFormula::Unitary(u) => self.unitary(u, scope),
            tfx::PreunitFormula::Prefix(p) => Ok(self.preunit(&p.formula, scope)?.negate()),
        }
    }

    fn unitary(
        &mut self,
        f: &tfx::UnitaryFormula<'_>,
        scope: &mut Vec<(String, String)>,
    ) -> Result<Formula, Reject> {
        match f {
            tfx::UnitaryFormula::Quantified(q) => {
                let quantifier = match q.quantifier {
                    fof::Quantifier::Forall => Quantifier::Forall,
                    fof::Quantifier::Exists => Quantifier::Exists,
                };
                let depth = scope.len();
                let mut fresh = Vec::new();
                for v in &q.bound.0 {
                    let (name, sort) = match v {
                        tfx::Variable::Typed(tv) => {
                            (tv.variable.0.0.to_string(), self.sort(&tv.typ)?)
                        }
                        tfx::Variable::Untyped(u) => (u.0.0.to_string(), INDIVIDUALS.to_string()),
                    };
                    let n = self.fresh_var(&name, sort);
                    scope.push((name, n.clone()));
                    fresh.push(n);
                }
                let body = self.unit(&q.formula, scope);
                scope.truncate(depth);
                Ok(Formula::Quantified(quantifier, fresh, Box::new(body?)))
            }
            tfx::UnitaryFormula::Atomic(a) => self.atom(a, scope),
            tfx::UnitaryFormula::Variable(v) => {
                Err(format!("boolean variable `{}` used as a formula (TFX)", v.0.0))
            }
            tfx::UnitaryFormula::Logic(inner) => self.logic(inner, scope),
        }
    }

    fn atom(
        &mut self,
        a: &tfx::AtomicFormula<'_>,
        scope: &mut Vec<(String, String)>,
    ) -> Result<Formula, Reject> {
        match a {
            tfx::AtomicFormula::Plain(p) => {
                let (name, args) = self.plain(p, scope)?;
                self.use_symbol(&name, args.len(), true)?;
                Ok(Formula::Atom(name, args))
            }
            tfx::AtomicFormula::System(s) => Err(format!("system predicate `{s}`")),
            tfx::AtomicFormula::Defined(d) => match &d.0 {
                tfx::DefinedPlain::Constant(c) => match c.to_string().as_str() {
                    "$true" => Ok(Formula::True),
                    "$false" => Ok(Formula::False),
                    other => Err(format!("defined predicate `{other}`")),
                },
                tfx::DefinedPlain::Function(f, args) => {
                    let name = f.to_string();
                    if name != "$distinct" {
                        return Err(format!(
                            "defined predicate `{name}` (TFF arithmetic is not supported)"
                        ));
                    }
                    let terms: Vec<Term> =
                        args.0.iter().map(|t| self.term(t, scope)).collect::<Result<_, _>>()?;
                    Ok(Formula::pairwise_distinct(&terms))
                }
            },
        }
    }

    fn plain(
        &mut self,
        p: &tfx::PlainAtomic<'_>,
        scope: &mut Vec<(String, String)>,
    ) -> Result<(String, Vec<Term>), Reject> {
        match p {
            tfx::PlainAtomic::Constant(c) => Ok((atomic_word_text(&c.0.0), Vec::new())),
            tfx::PlainAtomic::Function(f, args) => {
                let args = args.0.iter().map(|t| self.term(t, scope)).collect::<Result<_, _>>()?;
                Ok((atomic_word_text(&f.0), args))
            }
        }
    }

    fn term(
        &mut self,
        t: &tfx::Term<'_>,
        scope: &mut Vec<(String, String)>,
    ) -> Result<Term, Reject> {
        match t {
            tfx::Term::Defined(d) => defined_term(d),
            tfx::Term::Logic(f) => match &**f {
                tfx::LogicFormula::Unitary(u) => self.unitary_as_term(u, scope),
                _ => Err("a formula used as a term (TFX) is not supported".to_string()),
            },
        }
    }

    fn unitary_as_term(
        &mut self,
        u: &tfx::UnitaryFormula<'_>,
        scope: &mut Vec<(String, String)>,
    ) -> Result<Term, Reject> {
        match u {
            tfx::UnitaryFormula::Variable(v) => Ok(Term::Var(lookup(scope, v.0.0))),
            tfx::UnitaryFormula::Atomic(tfx::AtomicFormula::Plain(p)) => {
                let (name, args) = self.plain(p, scope)?;
                self.use_symbol(&name, args.len(), false)?;
                Ok(Term::App(name, args))
            }
            tfx::UnitaryFormula::Logic(inner) => match &**inner {
                tfx::LogicFormula::Unitary(u) => self.unitary_as_term(u, scope),
                _ => Err("a formula used as a term (TFX) is not supported".to_string()),
            },
            tfx::UnitaryFormula::Atomic(other) => {
                Err(format!("`{other}` as a term (arithmetic or TFX) is not supported"))
            }
            tfx::UnitaryFormula::Quantified(_) => {
                Err("a formula used as a term (TFX) is not supported".to_string())
            }
        }
    }

    fn unitary_term(
        &mut self,
        t: &tfx::UnitaryTerm<'_>,
        scope: &mut Vec<(String, String)>,
    ) -> Result<Term, Reject> {
        match t {
            tfx::UnitaryTerm::Variable(v) => Ok(Term::Var(lookup(scope, v.0.0))),
            tfx::UnitaryTerm::Defined(d) => defined_term(d),
            tfx::UnitaryTerm::Atomic(tfx::AtomicFormula::Plain(p)) => {
                let (name, args) = self.plain(p, scope)?;
                self.use_symbol(&name, args.len(), false)?;
                Ok(Term::App(name, args))
            }
            tfx::UnitaryTerm::Atomic(other) => {
                Err(format!("`{other}` as a term (arithmetic or TFX) is not supported"))
            }
            tfx::UnitaryTerm::Logic(inner) => match &**inner {
                tfx::LogicFormula::Unitary(u) => self.unitary_as_term(u, scope),
                _ => Err("a formula used as a term (TFX) is not supported".to_string()),
            },
        }
    }
}

/// The renamed variable for `name`, innermost binding first; a free variable keeps its name
/// (free variables only occur in CNF, whose closure binds them before renaming).
fn lookup(scope: &[(String, String)], name: &str) -> String {
    scope.iter().rev().find(|(n, _)| n == name).map_or_else(|| name.to_string(), |(_, f)| f.clone())
}

fn defined_term(d: &DefinedTerm<'_>) -> Result<Term, Reject> {
    match d {
        DefinedTerm::Number(n) => Err(format!("number `{n}` (TFF arithmetic is not supported)")),
        DefinedTerm::Distinct(o) => Ok(Term::Distinct(o.to_string())),
    }
}

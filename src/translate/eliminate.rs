//! Elimination of sets, tuples, function update, conditionals and integer operators: typed HOL
//! terms become (sorted) first-order formulas.
//!
//! The rules, each an equivalence in every model of the built-in operators' meaning:
//!
//! * membership is expanded by the definition of each set operator: `x : {}` is false,
//!   `x : insert a S` is `x = a | x : S`, `Un`/`Int`/`-` are `|`/`&`/`& ~`, `x : {y. P}` is
//!   `P[y := x]` (for `{(y, z). P}` the components of `x`), and `x : S` for a set-valued
//!   constant application `c a1 .. an` is the atom `c(a1, .., an, x)`: a set-typed constant is
//!   read as its characteristic predicate, which determines the set;
//! * set equality and `<=` by extensionality (`S = T` is `ALL x. x : S <-> x : T`), function
//!   equality likewise (`f = g` is `ALL x. f x = g x`);
//! * tuples are flattened: a pair-typed value is the list of its components (a variable of
//!   type `a * b` becomes two variables, a constant two constants `c_1`, `c_2`, `fst`/`snd`
//!   select components). Pairs are equal exactly when their components are, so this is exact;
//! * `f(x := v) y` is `if y = x then v else f y`, and a conditional inside an atom is lifted
//!   as a case split on the atom: `A[if c then a else b]` is `(c --> A[a]) & (~c --> A[b])`.
//!   The cases are exhaustive and exclusive, so this is equivalent; the condition is a formula,
//!   not a new quantified variable, so no quantifier (and no alternation) is added;
//! * integer literals, `+`, `-`, `*`, unary minus, `<` and `<=` become uninterpreted symbols
//!   (`int_5`, `int_plus`, `int_less`, ...); under `strict_order_only`, `a <= b` becomes
//!   `~ b < a` instead (the integers are totally ordered, so this is an equivalence, and one
//!   order predicate breeds fewer inferences than two related by axioms). Forgetting an interpretation makes the problem
//!   weaker, never stronger: a proof is still a proof. The arithmetic axioms the spec imports
//!   (`stdlib/int.spec`) are translated like any hypothesis and restore what is needed;
//! * a boolean variable's quantifier is expanded (`ALL b. P` is `P[True] & P[False]`);
//! * a set- or function-typed variable bound by a quantifier that is universal in the goal
//!   (`ALL` at positive, `EX` at negative polarity) is replaced by a fresh symbol applied to the
//!   first-order variables in scope (Herbrandization; valid for all interpretations of the
//!   fresh symbol exactly when the quantified formula is valid).
//!
//! * a comparison of `card S` with an integer literal `k` (`=`, `<`, `<=`, `>`, `>=`) becomes
//!   statements about witnesses: `k` distinct elements of `S`, or `k` elements among which
//!   every element of `S` is. Since `card` of an infinite set is 0 in HOL, each form is only
//!   implied by, or only implies, the comparison (see `CardBounds`); it is used only in the
//!   polarity where that is sound (`card S <= k` as a goal, `k <= card S` as an assumption,
//!   `card S = k` with `k >= 1` everywhere), otherwise the comparison is approximated;
//!
//! * membership in a reflexive transitive closure `R^*` (and `rtrancl_pt P x y`, which is
//!   `(x, y) : {(u, v). P u v}^*`) is an atom of a fresh predicate, one per relation up to
//!   alpha-equivalence, whose arguments after the pair are the values of the relation's free
//!   first-order variables; [`Eliminator::closure_axioms`] gives it axioms true of every
//!   reflexive transitive closure. They do not determine it (induction is not first-order), so
//!   the closure counts as approximated and the problem as incomplete.
//!
//! Approximation: anything else (a lambda that survives beta reduction, `card` of a set that is
//! not a constant in any other context, a higher-order quantifier of the other kind, a boolean or set in an argument
//! position) cannot be translated exactly. The smallest enclosing subformula of definite
//! polarity is replaced by `False` where it occurs positively in the sequent (goal side: the
//! translated goal then implies the original one) and by `True` where it occurs negatively
//! (assumption side: the translated assumptions are implied by the original ones). So the
//! translated sequent is valid only if the original is. Each replacement is recorded.

use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::FxHashMap;

use crate::fol::formula::{Formula, Quantifier, Term as FTerm};
use std::fmt::Write as _;

use crate::hol::unfold::Unfolder;
use crate::hol::{Binder, HolBank, Prim, Term, TermId, TyId, TyNode, VarId};
use crate::hol::{ConstDecl, ConstId, ConstKind, RTRANCL, RTRANCL_PT, TREE};
use crate::syntax::Span;

use crate::fol::sorts::SymbolSorts;

/// A subformula that was replaced by `True` or `False`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Approximation {
    /// The subformula, as the HOL printer ([`crate::hol::HolBank::show_term`]) prints it.
    pub text: String,
    /// Where it was written.
    pub span: Span,
    /// What replaced it: `true` for `True` (negative occurrence), `false` for `False`.
    pub replaced_by: bool,
    /// Why it could not be translated exactly.
    pub reason: String,
    /// Whether the subformula was kept as a first-order form that only implies it (in a goal)
    /// or only follows from it (in a hypothesis), rather than replaced by `True`/`False`: still
    /// sound for proofs, but a failed proof says nothing, like any approximation.
    pub one_way: bool,
}

impl Approximation {
    /// What took the subformula's place, for reports.
    pub fn replacement(&self) -> &'static str {
        match (self.one_way, self.replaced_by) {
            (true, true) => "a weaker first-order form",
            (true, false) => "a stronger first-order form",
            (false, true) => "True",
            (false, false) => "False",
        }
    }
}

/// Why a term could not be translated exactly.
#[derive(Clone, Debug)]
struct Fail(String);

/// Where a subformula occurs: positively (may be strengthened), negatively (may be weakened), or
/// both (under an equivalence or in a condition: must be exact).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Polarity {
    /// Goal side.
    Positive,
    /// Assumption side.
    Negative,
    /// Both sides.
    Both,
}

impl Polarity {
    fn flip(self) -> Polarity {
        match self {
            Polarity::Positive => Polarity::Negative,
            Polarity::Negative => Polarity::Positive,
            Polarity::Both => Polarity::Both,
        }
    }
}

/// What a HOL variable stands for during translation.
#[derive(Clone, Debug)]
enum Binding {
    /// A first-order value: its flattened components.
    Terms(Vec<FTerm>),
    /// A boolean variable being expanded.
    Bool(bool),
    /// A Herbrandized higher-order variable: a fresh symbol with leading arguments.
    Symbol { name: String, args: Vec<FTerm>, arg_sorts: Vec<String> },
}

/// Alternatives of a term's value: each with the conditions (formulas) under which it applies.
/// The conditions of one list are exhaustive and mutually exclusive.
type Cases = Vec<(Vec<Formula>, Vec<FTerm>)>;

/// The translator of one sequent. Symbols and variables it creates are recorded with sorts.
pub struct Eliminator<'a> {
    bank: &'a mut HolBank,
    consts: &'a [ConstDecl],
    /// Every symbol used, with its sorts.
    pub symbols: BTreeMap<String, SymbolSorts>,
    /// Every variable created, with its sort.
    pub var_sorts: BTreeMap<String, String>,
    /// The first-order sort given to each declared sort and type parameter (see `sort_name`).
    sort_names: std::cell::RefCell<BTreeMap<(bool, String), String>>,
    /// What was approximated.
    pub approximations: Vec<Approximation>,
    /// The integer literals met, by value (so `007` and `7` are one literal).
    pub int_literals: BTreeSet<rug::Integer>,
    /// Whether `a <= b` is written `~ b < a` (one order predicate) instead of `int_lesseq`.
    pub strict_order_only: bool,
    env: FxHashMap<VarId, Binding>,
    scope: Vec<(String, String)>,
    next_var: usize,
    next_symbol: usize,
    /// The reflexive transitive closures met, in the order met (see [`Closure`]).
    closures: Vec<Closure>,
    /// Each closure's index by its relation's key ([`Eliminator::closure_key`]); lookups only.
    closure_index: FxHashMap<String, usize>,
}

/// A reflexive transitive closure `R^*` met in the sequent: membership in it is the atom
/// `name(x.., y.., p..)`, where `p` are the values of the relation's free variables, and
/// [`Eliminator::closure_axioms`] gives the symbol the axioms it satisfies.
#[derive(Clone, Debug)]
struct Closure {
    /// The predicate symbol.
    name: String,
    /// The relation `R`, a set of pairs.
    relation: TermId,
    /// The first-order sorts of one element (the leaves of the element type).
    elem_sorts: Vec<String>,
    /// The relation's free variables that stand for first-order values (passed as arguments),
    /// with their sorts.
    params: Vec<(VarId, Vec<String>)>,
    /// The relation's free variables bound to fresh symbols, with their bindings, restored
    /// when the axioms are made.
    symbols: Vec<(VarId, Binding)>,
}

/// A TPTP-safe lower-case name for a user symbol; names that could clash with the translation's
/// own symbols (`int_*`, `is_*`, `sk*`) or are not lower-case words get a `c_` prefix.
pub fn symbol_name(name: &str) -> String {
    let clean: String =
        name.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    let plain = clean.starts_with(|c: char| c.is_ascii_lowercase())
        && !clean.starts_with("int_")
        && !clean.starts_with("is_")
        && !clean.starts_with("sk")
        && !clean.starts_with("c_");
    if plain { clean } else { format!("c_{clean}") }
}

pub(crate) fn sanitize(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_matches('_').to_string()
}

impl<'a> Eliminator<'a> {
    /// A translator adding helper terms to `bank`.
    pub fn new(bank: &'a mut HolBank, consts: &'a [ConstDecl]) -> Self {
        Eliminator {
            bank,
            consts,
            symbols: BTreeMap::new(),
            var_sorts: BTreeMap::new(),
            sort_names: std::cell::RefCell::default(),
            approximations: Vec::new(),
            int_literals: BTreeSet::new(),
            strict_order_only: false,
            env: FxHashMap::default(),
            scope: Vec::new(),
            next_var: 0,
            next_symbol: 0,
            closures: Vec::new(),
            closure_index: FxHashMap::default(),
        }
    }

    /// The first-order sort of a declared sort (or, with `param`, a type parameter): its name
    /// made a TPTP word, numbered apart if that word is taken, so two different HOL types never
    /// share a first-order sort (sharing one would be an erasure nobody decided) and no declared
    /// sort passes for `int` or `obj`.
    fn sort_name(&self, name: &str, param: bool) -> String {
        let key = (param, name.to_string());
        let mut names = self.sort_names.borrow_mut();
        if let Some(n) = names.get(&key) {
            return n.clone();
        }
        let base = if param { format!("t_{}", sanitize(name)) } else { sanitize(name) };
        let base = if base.is_empty() { "s".to_string() } else { base };
        let taken = |c: &str| c == "int" || c == "obj" || names.values().any(|v| v == c);
        let mut candidate = base.clone();
        let mut i = 1;
        while taken(&candidate) {
            i += 1;
            candidate = format!("{base}_{i}");
        }
        names.insert(key, candidate.clone());
        candidate
    }

    /// The first-order sort of a type that is a single leaf (not a pair).
    fn leaves(&self, ty: TyId) -> Result<Vec<String>, Fail> {
        match self.bank.ty_node(ty) {
            TyNode::Int => Ok(vec!["int".into()]),
            TyNode::Obj => Ok(vec!["obj".into()]),
            TyNode::Sort(n) => Ok(vec![self.sort_name(n, false)]),
            TyNode::Param(p) => Ok(vec![self.sort_name(p, true)]),
            TyNode::Prod(a, b) => {
                let mut v = self.leaves(*a)?;
                v.extend(self.leaves(*b)?);
                Ok(v)
            }
            TyNode::Bool => Err(Fail("a truth value used as a term".into())),
            TyNode::Set(_) | TyNode::Fun(..) => Err(Fail(format!(
                "a value of type {} used as a first-order term",
                self.bank.show_ty(ty)
            ))),
        }
    }

    fn show(&self, t: TermId) -> String {
        self.bank.show_term(t, &|c| self.consts[c.0 as usize].name.clone())
    }

    fn register(&mut self, name: &str, args: Vec<String>, result: Option<String>) {
        self.symbols.entry(name.to_string()).or_insert(SymbolSorts { args, result });
    }

    fn fresh_var(&mut self, sort: &str) -> String {
        let name = format!("X{}", self.next_var);
        self.next_var += 1;
        self.var_sorts.insert(name.clone(), sort.to_string());
        name
    }

    fn add(&mut self, term: Term, ty: TyId, span: Span) -> TermId {
        self.bank.add(term, ty, span)
    }

    /// Binds `v`, a variable the goal's splitting left free (an eigenvariable, see
    /// [`crate::translate::split::split_goal_extensional`]), to fresh symbols: a first-order
    /// value to one fresh constant per component, a set or function to a fresh symbol (its
    /// characteristic predicate or function). `Γ ⊢ P` with `x` free is valid exactly when
    /// `Γ ⊢ P[c/x]` is for a constant `c` that occurs nowhere else, which is what the fresh
    /// names give. A truth value cannot be bound this way (splitting never strips one).
    pub fn bind_eigenvariable(&mut self, v: VarId) -> bool {
        let vd = self.bank.var(v).clone();
        if *self.bank.ty_node(vd.ty) == TyNode::Bool {
            return false;
        }
        let base = format!("sk{}_{}", self.next_symbol, sanitize(&vd.name));
        self.next_symbol += 1;
        match self.leaves(vd.ty) {
            Ok(sorts) => {
                let single = sorts.len() == 1;
                let mut terms = Vec::new();
                for (i, sort) in sorts.into_iter().enumerate() {
                    let name = if single { base.clone() } else { format!("{base}_{}", i + 1) };
                    self.register(&name, Vec::new(), Some(sort));
                    terms.push(FTerm::App(name, Vec::new()));
                }
                self.env.insert(v, Binding::Terms(terms));
            }
            Err(_) => {
                self.env.insert(
                    v,
                    Binding::Symbol { name: base, args: Vec::new(), arg_sorts: Vec::new() },
                );
            }
        }
        true
    }

    /// Translates a closed formula occurring with `polarity`, approximating what cannot be
    /// translated exactly. With [`Polarity::Both`] nothing can be approximated; the whole formula
    /// then becomes `True` (`negative_default`) or `False`.
    pub fn translate(&mut self, t: TermId, polarity: Polarity) -> Formula {
        match self.formula(t, polarity) {
            Ok(f) => f,
            Err(fail) => {
                self.record(t, polarity == Polarity::Negative, fail);
                if polarity == Polarity::Negative { Formula::True } else { Formula::False }
            }
        }
    }

    fn record(&mut self, t: TermId, replaced_by: bool, fail: Fail) {
        let text = self.show(t);
        let span = self.bank.term(t).span;
        self.approximations.push(Approximation {
            text,
            span,
            replaced_by,
            reason: fail.0,
            one_way: false,
        });
    }

    fn formula(&mut self, t: TermId, pol: Polarity) -> Result<Formula, Fail> {
        match self.formula_exact(t, pol) {
            Ok(f) => Ok(f),
            Err(fail) => match pol {
                Polarity::Positive => {
                    self.record(t, false, fail);
                    Ok(Formula::False)
                }
                Polarity::Negative => {
                    self.record(t, true, fail);
                    Ok(Formula::True)
                }
                Polarity::Both => Err(fail),
            },
        }
    }

    fn formula_exact(&mut self, t: TermId, pol: Polarity) -> Result<Formula, Fail> {
        let data = self.bank.term(t).clone();
        match data.term {
            Term::Prim(p, args) => match p {
                Prim::True => Ok(Formula::True),
                Prim::False => Ok(Formula::False),
                Prim::Not => Ok(self.formula(args[0], pol.flip())?.negate()),
                Prim::And => {
                    Ok(Formula::And(vec![self.formula(args[0], pol)?, self.formula(args[1], pol)?]))
                }
                Prim::Or => {
                    Ok(Formula::Or(vec![self.formula(args[0], pol)?, self.formula(args[1], pol)?]))
                }
                Prim::Imp => Ok(Formula::Implies(
                    Box::new(self.formula(args[0], pol.flip())?),
                    Box::new(self.formula(args[1], pol)?),
                )),
                Prim::Iff => self.iff(args[0], args[1], pol),
                Prim::Eq => self.equality(args[0], args[1], pol, data.span),
                Prim::Ite => {
                    let c = self.formula(args[0], Polarity::Both)?;
                    let a = self.formula(args[1], pol)?;
                    let b = self.formula(args[2], pol)?;
                    Ok(Formula::And(vec![
                        Formula::Implies(Box::new(c.clone()), Box::new(a)),
                        Formula::Implies(Box::new(c.negate()), Box::new(b)),
                    ]))
                }
                Prim::Mem => {
                    let cases = self.term(args[0])?;
                    let mut parts = Vec::new();
                    for (guards, elem) in cases {
                        let m = self.member(&elem, args[1], pol)?;
                        parts.push((guards, m));
                    }
                    Ok(guarded(parts))
                }
                Prim::Subset | Prim::ProperSubset => {
                    let (a, b) = (args[0], args[1]);
                    let elem_ty = match self.bank.ty_node(self.bank.term(a).ty) {
                        TyNode::Set(e) => *e,
                        _ => return Err(Fail("subset of a non-set".into())),
                    };
                    let bool_ty = self.bank.ty(TyNode::Bool);
                    let v = self.bank.new_var("x", elem_ty, data.span);
                    let vt = self.add(Term::Var(v), elem_ty, data.span);
                    let ma = self.add(Term::Prim(Prim::Mem, vec![vt, a]), bool_ty, data.span);
                    let mb = self.add(Term::Prim(Prim::Mem, vec![vt, b]), bool_ty, data.span);
                    let imp = self.add(Term::Prim(Prim::Imp, vec![ma, mb]), bool_ty, data.span);
                    let all = self.add(Term::Bind(Binder::All, vec![v], imp), bool_ty, data.span);
                    let sub = self.formula(all, pol)?;
                    if p == Prim::Subset {
                        Ok(sub)
                    } else {
                        let eq = self.equality(a, b, pol.flip(), data.span)?;
                        Ok(Formula::And(vec![sub, eq.negate()]))
                    }
                }
                Prim::Lt | Prim::Le => {
                    if let Some(bound) = self.card_constraint(p, args[0], args[1], pol) {
                        return bound;
                    }
                    // Under `strict_order_only`, `a <= b` is `~ (b < a)`: one order predicate
                    // instead of two. The integers are totally ordered, so this is an
                    // equivalence; with two predicates the prover spends its time relating them
                    // through the order axioms.
                    let negated_strict = p == Prim::Le && self.strict_order_only;
                    let name =
                        if p == Prim::Lt || negated_strict { "int_less" } else { "int_lesseq" };
                    self.register(name, vec!["int".into(), "int".into()], None);
                    let cases = self.product(&args)?;
                    Ok(guarded(
                        cases
                            .into_iter()
                            .map(|(g, mut ts)| {
                                if negated_strict {
                                    ts.swap(0, 1);
                                    (g, Formula::Atom(name.into(), ts).negate())
                                } else {
                                    (g, Formula::Atom(name.into(), ts))
                                }
                            })
                            .collect(),
                    ))
                }
                _ => Err(Fail(format!("`{p}` used as a formula"))),
            },
            Term::Bind(b @ (Binder::All | Binder::Ex), vars, body) => {
                self.quantifier(b, &vars, body, pol)
            }
            Term::Bind(..) => Err(Fail("a lambda or set used as a formula".into())),
            Term::Var(v) => match self.env.get(&v) {
                Some(Binding::Bool(true)) => Ok(Formula::True),
                Some(Binding::Bool(false)) => Ok(Formula::False),
                _ => self.predicate(t, &[]),
            },
            Term::Const(_) | Term::App(..) => match self.rtrancl_pt_membership(t) {
                Some(member) => self.formula_exact(member, pol),
                None if self.is_builtin(self.spine(t).0, TREE) => Err(Fail(
                    "Jahob's shape predicate `tree [..]` has no first-order translation".into(),
                )),
                None => self.predicate(t, &[]),
            },
            Term::Int(_) => Err(Fail("an integer used as a formula".into())),
        }
    }

    fn iff(&mut self, a: TermId, b: TermId, pol: Polarity) -> Result<Formula, Fail> {
        let a_neg = self.formula(a, pol.flip())?;
        let b_pos = self.formula(b, pol)?;
        let b_neg = self.formula(b, pol.flip())?;
        let a_pos = self.formula(a, pol)?;
        Ok(Formula::And(vec![
            Formula::Implies(Box::new(a_neg), Box::new(b_pos)),
            Formula::Implies(Box::new(b_neg), Box::new(a_pos)),
        ]))
    }

    fn equality(
        &mut self,
        a: TermId,
        b: TermId,
        pol: Polarity,
        span: Span,
    ) -> Result<Formula, Fail> {
        if let Some(bound) = self.card_constraint(Prim::Eq, a, b, pol) {
            return bound;
        }
        let ty = self.bank.term(a).ty;
        let bool_ty = self.bank.ty(TyNode::Bool);
        match self.bank.ty_node(ty).clone() {
            TyNode::Bool => self.iff(a, b, pol),
            TyNode::Set(elem_ty) => {
                let v = self.bank.new_var("x", elem_ty, span);
                let vt = self.add(Term::Var(v), elem_ty, span);
                let ma = self.add(Term::Prim(Prim::Mem, vec![vt, a]), bool_ty, span);
                let mb = self.add(Term::Prim(Prim::Mem, vec![vt, b]), bool_ty, span);
                let iff = self.add(Term::Prim(Prim::Iff, vec![ma, mb]), bool_ty, span);
                let all = self.add(Term::Bind(Binder::All, vec![v], iff), bool_ty, span);
                self.formula(all, pol)
            }
            TyNode::Fun(dom, ran) => {
                let v = self.bank.new_var("x", dom, span);
                let vt = self.add(Term::Var(v), dom, span);
                let fa = self.add(Term::App(a, vt), ran, span);
                let fb = self.add(Term::App(b, vt), ran, span);
                let eq = self.add(Term::Prim(Prim::Eq, vec![fa, fb]), bool_ty, span);
                let all = self.add(Term::Bind(Binder::All, vec![v], eq), bool_ty, span);
                self.formula(all, pol)
            }
            _ => {
                let cases = self.product(&[a, b])?;
                let width = self.leaves(ty)?.len();
                Ok(guarded(
                    cases
                        .into_iter()
                        .map(|(g, ts)| (g, components_equal(&ts[..width], &ts[width..])))
                        .collect(),
                ))
            }
        }
    }

    /// The set `S` if `t` is `card S`.
    fn card_of(&self, t: TermId) -> Option<TermId> {
        let Term::App(f, s) = self.bank.term(t).term else { return None };
        let Term::Const(c) = self.bank.term(f).term else { return None };
        let decl = &self.consts[c.0 as usize];
        (decl.kind == ConstKind::Builtin && decl.name == "card").then_some(s)
    }

    /// A comparison `rel(a, b)` (`=`, `<`, `<=`) between `card S` and an integer literal, as
    /// bounds on the number of elements of `S` (see [`CardBounds`]); `None` if it is not one.
    fn card_constraint(
        &mut self,
        rel: Prim,
        a: TermId,
        b: TermId,
        pol: Polarity,
    ) -> Option<Result<Formula, Fail>> {
        let literal = |t: TermId| match &self.bank.term(t).term {
            Term::Int(value) => Some(value.to_u64()),
            _ => None,
        };
        let (set, k, card_on_left) =
            match (self.card_of(a), literal(b), self.card_of(b), literal(a)) {
                (Some(s), Some(k), _, _) => (s, k, true),
                (_, _, Some(s), Some(k)) => (s, k, false),
                _ => return None,
            };
        let Some(k) = k.filter(|&k| k <= MAX_CARD_LITERAL) else {
            return Some(Err(Fail(format!(
                "cardinality bound beyond {MAX_CARD_LITERAL} (one witness per element)"
            ))));
        };
        let bounds = match (rel, card_on_left) {
            (Prim::Eq, _) => CardBounds { at_least: Some(k), at_most: Some(k) },
            (Prim::Le, true) => CardBounds { at_least: None, at_most: Some(k) },
            (Prim::Le, false) => CardBounds { at_least: Some(k), at_most: None },
            (Prim::Lt, true) if k == 0 => return Some(Ok(Formula::False)),
            (Prim::Lt, true) => CardBounds { at_least: None, at_most: Some(k - 1) },
            (Prim::Lt, false) => CardBounds { at_least: Some(k + 1), at_most: None },
            _ => return None,
        };
        let (strengthens, weakens) = bounds.exactness();
        let allowed = match pol {
            Polarity::Positive => strengthens,
            Polarity::Negative => weakens,
            Polarity::Both => strengthens && weakens,
        };
        if !allowed {
            return Some(Err(Fail(
                "a cardinality bound that holds for infinite sets too (card of an infinite set is \
                 0), so no first-order statement about the elements is implied in this polarity"
                    .to_string(),
            )));
        }
        if !(strengthens && weakens) {
            // Sound in this polarity but only one way (`card S = 0` as a goal becomes "S is
            // empty", though an infinite S has card 0 too), so a saturated search must not be
            // read as a counter-model: record it like an approximation.
            let span = self.bank.term(a).span.to(self.bank.term(b).span);
            let relation = match rel {
                Prim::Eq => "=",
                Prim::Lt => "<",
                _ => "<=",
            };
            let text = format!("{} {relation} {}", self.show(a), self.show(b));
            self.approximations.push(Approximation {
                text,
                span,
                replaced_by: pol == Polarity::Negative,
                reason: "card of an infinite set is 0 in HOL, so the element-counting form \
                         is exact only for finite sets"
                    .to_string(),
                one_way: true,
            });
        }
        Some(self.card_bounds(set, bounds, pol))
    }

    /// `at_least(S, l) & at_most(S, u)`: `l` pairwise distinct elements of `S`, and `u`
    /// elements among which every element of `S` is.
    fn card_bounds(
        &mut self,
        set: TermId,
        bounds: CardBounds,
        pol: Polarity,
    ) -> Result<Formula, Fail> {
        let elem_ty = match self.bank.ty_node(self.bank.term(set).ty) {
            TyNode::Set(e) => *e,
            _ => return Err(Fail("card of a non-set".into())),
        };
        let sorts = self.leaves(elem_ty)?;
        let mut parts = Vec::new();
        let depth = self.scope.len();
        if let Some(l) = bounds.at_least.filter(|&l| l > 0) {
            let witnesses: Vec<Vec<String>> = (0..l)
                .map(|_| sorts.iter().map(|s| self.fresh_var(s)).collect::<Vec<_>>())
                .collect();
            for w in &witnesses {
                self.scope.extend(w.iter().cloned().zip(sorts.iter().cloned()));
            }
            let mut body = Vec::new();
            for w in &witnesses {
                body.push(self.member(&vars(w), set, pol)?);
            }
            for (i, w) in witnesses.iter().enumerate() {
                for v in &witnesses[i + 1..] {
                    body.push(components_equal(&vars(w), &vars(v)).negate());
                }
            }
            self.scope.truncate(depth);
            parts.push(Formula::Quantified(
                Quantifier::Exists,
                witnesses.concat(),
                Box::new(Formula::And(body)),
            ));
        }
        if let Some(u) = bounds.at_most {
            let witnesses: Vec<Vec<String>> = (0..u)
                .map(|_| sorts.iter().map(|s| self.fresh_var(s)).collect::<Vec<_>>())
                .collect();
            let x: Vec<String> = sorts.iter().map(|s| self.fresh_var(s)).collect();
            for w in witnesses.iter().chain([&x]) {
                self.scope.extend(w.iter().cloned().zip(sorts.iter().cloned()));
            }
            let member = self.member(&vars(&x), set, pol.flip())?;
            self.scope.truncate(depth);
            let among = Formula::Or(
                witnesses.iter().map(|w| components_equal(&vars(&x), &vars(w))).collect(),
            );
            let all = Formula::Quantified(
                Quantifier::Forall,
                x,
                Box::new(Formula::Implies(Box::new(member), Box::new(among))),
            );
            parts.push(if witnesses.is_empty() {
                all
            } else {
                Formula::Quantified(Quantifier::Exists, witnesses.concat(), Box::new(all))
            });
        }
        Ok(if parts.len() == 1 {
            parts.pop().unwrap_or(Formula::True)
        } else {
            Formula::And(parts)
        })
    }

    fn quantifier(
        &mut self,
        binder: Binder,
        vars: &[VarId],
        body: TermId,
        pol: Polarity,
    ) -> Result<Formula, Fail> {
        let Some((&v, rest)) = vars.split_first() else { return self.formula(body, pol) };
        let vd = self.bank.var(v).clone();
        let previous = self.env.get(&v).cloned();
        let result = (|| {
            if *self.bank.ty_node(vd.ty) == TyNode::Bool {
                let mut parts = Vec::new();
                for value in [true, false] {
                    self.env.insert(v, Binding::Bool(value));
                    parts.push(self.quantifier(binder, rest, body, pol)?);
                }
                return Ok(if binder == Binder::All {
                    Formula::And(parts)
                } else {
                    Formula::Or(parts)
                });
            }
            match self.leaves(vd.ty) {
                Ok(sorts) => {
                    let names: Vec<String> = sorts.iter().map(|s| self.fresh_var(s)).collect();
                    self.env.insert(
                        v,
                        Binding::Terms(names.iter().map(|n| FTerm::Var(n.clone())).collect()),
                    );
                    let depth = self.scope.len();
                    self.scope.extend(names.iter().cloned().zip(sorts));
                    let inner = self.quantifier(binder, rest, body, pol);
                    self.scope.truncate(depth);
                    let q =
                        if binder == Binder::All { Quantifier::Forall } else { Quantifier::Exists };
                    Ok(Formula::Quantified(q, names, Box::new(inner?)))
                }
                Err(_) => {
                    let universal = matches!(
                        (binder, pol),
                        (Binder::All, Polarity::Positive) | (Binder::Ex, Polarity::Negative)
                    );
                    if !universal {
                        return Err(Fail(format!(
                            "quantifier over `{}` of type {}",
                            vd.name,
                            self.bank.show_ty(vd.ty)
                        )));
                    }
                    let name = format!("sk{}_{}", self.next_symbol, sanitize(&vd.name));
                    self.next_symbol += 1;
                    let args = self.scope.iter().map(|(n, _)| FTerm::Var(n.clone())).collect();
                    let arg_sorts = self.scope.iter().map(|(_, s)| s.clone()).collect();
                    self.env.insert(v, Binding::Symbol { name, args, arg_sorts });
                    self.quantifier(binder, rest, body, pol)
                }
            }
        })();
        match previous {
            Some(b) => self.env.insert(v, b),
            None => self.env.remove(&v),
        };
        result
    }

    /// The symbol an application chain's head stands for: name, leading arguments and their sorts.
    fn head_symbol(&self, head: TermId) -> Result<(String, Vec<FTerm>, Vec<String>), Fail> {
        let data = self.bank.term(head);
        match &data.term {
            Term::Const(c) => {
                let decl = &self.consts[c.0 as usize];
                let mut name = symbol_name(&decl.name);
                if !decl.params.is_empty() {
                    name = format!("{name}_{}", sanitize(&self.bank.show_ty(data.ty)));
                }
                Ok((name, Vec::new(), Vec::new()))
            }
            Term::Var(v) => match self.env.get(v) {
                Some(Binding::Symbol { name, args, arg_sorts }) => {
                    Ok((name.clone(), args.clone(), arg_sorts.clone()))
                }
                _ => Err(Fail(format!("`{}` is not first-order here", self.bank.var(*v).name))),
            },
            Term::Bind(Binder::Lam, ..) => Err(Fail("a lambda that is not applied away".into())),
            _ => Err(Fail("an application whose head is not a constant".into())),
        }
    }

    fn spine(&self, t: TermId) -> (TermId, Vec<TermId>) {
        let mut args = Vec::new();
        let mut head = t;
        while let Term::App(f, a) = &self.bank.term(head).term {
            args.push(*a);
            head = *f;
        }
        args.reverse();
        (head, args)
    }

    /// A predicate atom for `t` (a boolean or set-valued application) with `extra` arguments
    /// appended (the element, for membership).
    fn predicate(&mut self, t: TermId, extra: &[(FTerm, String)]) -> Result<Formula, Fail> {
        let (head, args) = self.spine(t);
        let (name, leading, mut sorts) = self.head_symbol(head)?;
        for &a in &args {
            sorts.extend(self.leaves(self.bank.term(a).ty)?);
        }
        sorts.extend(extra.iter().map(|(_, s)| s.clone()));
        self.register(&name, sorts, None);
        let cases = self.product(&args)?;
        Ok(guarded(
            cases
                .into_iter()
                .map(|(g, ts)| {
                    let mut all = leading.clone();
                    all.extend(ts);
                    all.extend(extra.iter().map(|(t, _)| t.clone()));
                    (g, Formula::Atom(name.clone(), all))
                })
                .collect(),
        ))
    }

    fn product(&mut self, terms: &[TermId]) -> Result<Cases, Fail> {
        let mut acc: Cases = vec![(Vec::new(), Vec::new())];
        for &t in terms {
            let cases = self.term(t)?;
            let mut next = Vec::with_capacity(acc.len() * cases.len());
            for (g1, ts1) in &acc {
                for (g2, ts2) in &cases {
                    let mut g = g1.clone();
                    g.extend(g2.iter().cloned());
                    let mut ts = ts1.clone();
                    ts.extend(ts2.iter().cloned());
                    next.push((g, ts));
                }
            }
            acc = next;
        }
        Ok(acc)
    }

    /// `if c then a else b` as HOL, for conditionals that arise from function update.
    fn ite(&mut self, c: TermId, a: TermId, b: TermId) -> TermId {
        let data = self.bank.term(a).clone();
        self.add(Term::Prim(Prim::Ite, vec![c, a, b]), data.ty, data.span)
    }

    /// `f(x := v) y` rewritten as `if y = x then v else f y` (and similarly a conditional
    /// function applied to an argument), or `None` when `t` is not such an application.
    fn unfold_head(&mut self, t: TermId) -> Option<TermId> {
        let data = self.bank.term(t).clone();
        let Term::App(f, y) = data.term else { return None };
        let fd = self.bank.term(f).clone();
        match fd.term {
            Term::Prim(Prim::Update, parts) => {
                let (g, x, v) = (parts[0], parts[1], parts[2]);
                let bool_ty = self.bank.ty(TyNode::Bool);
                let cond = self.add(Term::Prim(Prim::Eq, vec![y, x]), bool_ty, data.span);
                let gy = self.add(Term::App(g, y), data.ty, data.span);
                Some(self.ite(cond, v, gy))
            }
            Term::Prim(Prim::Ite, parts) => {
                let fy = self.add(Term::App(parts[1], y), data.ty, data.span);
                let gy = self.add(Term::App(parts[2], y), data.ty, data.span);
                Some(self.ite(parts[0], fy, gy))
            }
            Term::App(..) => {
                let inner = self.unfold_head(f)?;
                Some(self.add(Term::App(inner, y), data.ty, data.span))
            }
            _ => None,
        }
    }

    /// The cases of a first-order term's value (its components).
    fn term(&mut self, t: TermId) -> Result<Cases, Fail> {
        let data = self.bank.term(t).clone();
        match data.term {
            Term::Var(v) => match self.env.get(&v) {
                Some(Binding::Terms(ts)) => Ok(vec![(Vec::new(), ts.clone())]),
                Some(Binding::Symbol { .. }) => self.application(t),
                _ => Err(Fail(format!("variable `{}` used as a term", self.bank.var(v).name))),
            },
            Term::Int(value) => {
                let name = format!("int_{value}");
                self.int_literals.insert(value.clone());
                self.register(&name, Vec::new(), Some("int".into()));
                Ok(vec![(Vec::new(), vec![FTerm::App(name, Vec::new())])])
            }
            Term::Prim(p, args) => match p {
                Prim::Pair => self.product(&args),
                // Division and remainder have no axioms: as uninterpreted functions they make
                // the problem weaker, never wrong.
                Prim::Add | Prim::Sub | Prim::Mul | Prim::Neg | Prim::Div | Prim::Mod => {
                    let name = match p {
                        Prim::Add => "int_plus",
                        Prim::Sub => "int_minus",
                        Prim::Mul => "int_times",
                        Prim::Div => "int_div",
                        Prim::Mod => "int_mod",
                        _ => "int_neg",
                    };
                    self.register(name, vec!["int".into(); args.len()], Some("int".into()));
                    let cases = self.product(&args)?;
                    Ok(cases
                        .into_iter()
                        .map(|(g, ts)| (g, vec![FTerm::App(name.into(), ts)]))
                        .collect())
                }
                Prim::Ite => {
                    let c = self.formula(args[0], Polarity::Both)?;
                    let mut out = Vec::new();
                    for (mut g, ts) in self.term(args[1])? {
                        g.insert(0, c.clone());
                        out.push((g, ts));
                    }
                    for (mut g, ts) in self.term(args[2])? {
                        g.insert(0, c.clone().negate());
                        out.push((g, ts));
                    }
                    Ok(out)
                }
                _ => Err(Fail(format!("`{p}` used as a first-order term"))),
            },
            Term::App(..) | Term::Const(_) => self.application(t),
            Term::Bind(..) => Err(Fail("a lambda or set used as a first-order term".into())),
        }
    }

    fn application(&mut self, t: TermId) -> Result<Cases, Fail> {
        if let Some(rewritten) = self.unfold_head(t) {
            return self.term(rewritten);
        }
        let data = self.bank.term(t).clone();
        let (head, args) = self.spine(t);
        if let Term::Const(c) = self.bank.term(head).term {
            let decl = &self.consts[c.0 as usize];
            if decl.kind == ConstKind::Builtin && args.len() == 1 {
                match decl.name.as_str() {
                    "fst" | "snd" => {
                        let pair_ty = self.bank.term(args[0]).ty;
                        let TyNode::Prod(first, _) = self.bank.ty_node(pair_ty).clone() else {
                            return Err(Fail("fst/snd of a non-pair".into()));
                        };
                        let width = self.leaves(first)?.len();
                        let is_fst = decl.name == "fst";
                        let cases = self.term(args[0])?;
                        return Ok(cases
                            .into_iter()
                            .map(|(g, ts)| {
                                (
                                    g,
                                    if is_fst {
                                        ts[..width].to_vec()
                                    } else {
                                        ts[width..].to_vec()
                                    },
                                )
                            })
                            .collect());
                    }
                    "card" => {
                        let set = self.bank.term(args[0]).clone();
                        if let Term::Const(s) = set.term {
                            let name =
                                format!("card_{}", sanitize(&self.consts[s.0 as usize].name));
                            self.register(&name, Vec::new(), Some("int".into()));
                            return Ok(vec![(Vec::new(), vec![FTerm::App(name, Vec::new())])]);
                        }
                        return Err(Fail("cardinality of a set that is not a constant".into()));
                    }
                    _ => {}
                }
            }
        }
        let (name, leading, mut sorts) = self.head_symbol(head)?;
        for &a in &args {
            sorts.extend(self.leaves(self.bank.term(a).ty)?);
        }
        let results = self.leaves(data.ty)?;
        let names: Vec<String> = if results.len() == 1 {
            vec![name.clone()]
        } else {
            (1..=results.len()).map(|i| format!("{name}_{i}")).collect()
        };
        for (n, r) in names.iter().zip(&results) {
            self.register(n, sorts.clone(), Some(r.clone()));
        }
        let cases = self.product(&args)?;
        Ok(cases
            .into_iter()
            .map(|(g, ts)| {
                let mut all = leading.clone();
                all.extend(ts);
                (g, names.iter().map(|n| FTerm::App(n.clone(), all.clone())).collect())
            })
            .collect())
    }

    /// `elem : s`, where `elem` are the flattened components of the element.
    fn member(&mut self, elem: &[FTerm], s: TermId, pol: Polarity) -> Result<Formula, Fail> {
        let data = self.bank.term(s).clone();
        let elem_ty = match self.bank.ty_node(data.ty) {
            TyNode::Set(e) => *e,
            _ => return Err(Fail("membership in a non-set".into())),
        };
        match data.term {
            Term::Prim(Prim::Empty, _) => Ok(Formula::False),
            Term::Prim(Prim::Insert, args) => {
                let cases = self.term(args[0])?;
                let is_a = guarded(
                    cases.into_iter().map(|(g, ts)| (g, components_equal(elem, &ts))).collect(),
                );
                Ok(Formula::Or(vec![is_a, self.member(elem, args[1], pol)?]))
            }
            Term::Prim(Prim::Union, args) => Ok(Formula::Or(vec![
                self.member(elem, args[0], pol)?,
                self.member(elem, args[1], pol)?,
            ])),
            Term::Prim(Prim::Inter, args) => Ok(Formula::And(vec![
                self.member(elem, args[0], pol)?,
                self.member(elem, args[1], pol)?,
            ])),
            Term::Prim(Prim::Diff, args) => Ok(Formula::And(vec![
                self.member(elem, args[0], pol)?,
                self.member(elem, args[1], pol.flip())?.negate(),
            ])),
            Term::Prim(Prim::Ite, args) => {
                let c = self.formula(args[0], Polarity::Both)?;
                let a = self.member(elem, args[1], pol)?;
                let b = self.member(elem, args[2], pol)?;
                Ok(Formula::And(vec![
                    Formula::Implies(Box::new(c.clone()), Box::new(a)),
                    Formula::Implies(Box::new(c.negate()), Box::new(b)),
                ]))
            }
            Term::Bind(Binder::Collect, vars, body) => {
                let mut offset = 0;
                let mut saved = Vec::new();
                for &v in &vars {
                    let width = self.leaves(self.bank.var(v).ty)?.len();
                    saved.push((v, self.env.get(&v).cloned()));
                    self.env.insert(v, Binding::Terms(elem[offset..offset + width].to_vec()));
                    offset += width;
                }
                let result = self.formula(body, pol);
                for (v, prev) in saved {
                    match prev {
                        Some(b) => self.env.insert(v, b),
                        None => self.env.remove(&v),
                    };
                }
                result
            }
            Term::App(f, relation) if self.is_builtin(f, RTRANCL) => {
                self.closure_member(elem, relation, data.span)
            }
            Term::Var(_) | Term::Const(_) | Term::App(..) => {
                if let Some(rewritten) = self.unfold_head(s) {
                    return self.member(elem, rewritten, pol);
                }
                let sorts = self.leaves(elem_ty)?;
                let extra: Vec<(FTerm, String)> = elem.iter().cloned().zip(sorts).collect();
                self.predicate(s, &extra)
            }
            _ => Err(Fail("membership in a set this translation cannot express".into())),
        }
    }
}

impl Eliminator<'_> {
    /// Whether `t` is the built-in constant `name`.
    fn is_builtin(&self, t: TermId, name: &str) -> bool {
        let Term::Const(c) = self.bank.term(t).term else { return false };
        let decl = &self.consts[c.0 as usize];
        decl.kind == ConstKind::Builtin && decl.name == name
    }

    /// `rtrancl_pt P a b` as `(a, b) : {(u, v). P u v}^*` (beta-reduced), which is what it means;
    /// `None` if `t` is not such an application.
    fn rtrancl_pt_membership(&mut self, t: TermId) -> Option<TermId> {
        let (head, args) = self.spine(t);
        if args.len() != 3 || !self.is_builtin(head, RTRANCL_PT) {
            return None;
        }
        let (p, a, b) = (args[0], args[1], args[2]);
        let span = self.bank.term(t).span;
        let elem = self.bank.term(a).ty;
        let bool_ty = self.bank.ty(TyNode::Bool);
        let pair_ty = self.bank.ty(TyNode::Prod(elem, elem));
        let rel_ty = self.bank.ty(TyNode::Set(pair_ty));
        let u = self.bank.new_var("u", elem, span);
        let v = self.bank.new_var("v", elem, span);
        let ut = self.add(Term::Var(u), elem, span);
        let vt = self.add(Term::Var(v), elem, span);
        let pred_ty = self.bank.ty(TyNode::Fun(elem, bool_ty));
        let pu = self.add(Term::App(p, ut), pred_ty, span);
        let puv = self.add(Term::App(pu, vt), bool_ty, span);
        let definitions = FxHashMap::default();
        let body = Unfolder { bank: self.bank, definitions: &definitions }.unfold(puv);
        let relation = self.add(Term::Bind(Binder::Collect, vec![u, v], body), rel_ty, span);
        let rtrancl =
            self.consts.iter().position(|c| c.kind == ConstKind::Builtin && c.name == RTRANCL)?;
        let closure_ty = self.bank.ty(TyNode::Fun(rel_ty, rel_ty));
        let head = self.add(Term::Const(ConstId(rtrancl as u32)), closure_ty, span);
        let closure = self.add(Term::App(head, relation), rel_ty, span);
        let pair = self.add(Term::Prim(Prim::Pair, vec![a, b]), pair_ty, span);
        Some(self.add(Term::Prim(Prim::Mem, vec![pair, closure]), bool_ty, span))
    }

    /// A key of `relation` that alpha-equivalent relations share (bound variables by position,
    /// constants and types by id), and its free variables in order of first occurrence. The
    /// definitions of a program are unfolded with fresh bound variables at every use, so the
    /// same closure written once reaches the translation as many alpha-equivalent copies,
    /// which must be one symbol for the hypotheses to say anything about the goal.
    fn closure_key(&self, relation: TermId) -> (String, Vec<VarId>) {
        fn walk(
            bank: &HolBank,
            t: TermId,
            bound: &mut Vec<VarId>,
            free: &mut Vec<VarId>,
            out: &mut String,
        ) {
            let data = bank.term(t);
            match &data.term {
                Term::Var(v) => match bound.iter().rposition(|b| b == v) {
                    Some(i) => {
                        let _ = write!(out, "b{i}");
                    }
                    None => {
                        let i = free.iter().position(|f| f == v).unwrap_or_else(|| {
                            free.push(*v);
                            free.len() - 1
                        });
                        let _ = write!(out, "f{i}");
                    }
                },
                Term::Const(c) => {
                    let _ = write!(out, "c{}:{}", c.0, data.ty.0);
                }
                Term::Int(n) => {
                    let _ = write!(out, "i{n}");
                }
                Term::App(f, a) => {
                    out.push_str("A(");
                    walk(bank, *f, bound, free, out);
                    out.push(',');
                    walk(bank, *a, bound, free, out);
                    out.push(')');
                }
                Term::Bind(b, vars, body) => {
                    let _ = write!(out, "B{b:?}[");
                    for v in vars {
                        let _ = write!(out, "{},", bank.var(*v).ty.0);
                    }
                    out.push(']');
                    let depth = bound.len();
                    bound.extend(vars.iter().copied());
                    walk(bank, *body, bound, free, out);
                    bound.truncate(depth);
                }
                Term::Prim(p, args) => {
                    let _ = write!(out, "P{p:?}:{}(", data.ty.0);
                    for &a in args {
                        walk(bank, a, bound, free, out);
                        out.push(',');
                    }
                    out.push(')');
                }
            }
        }
        let mut out = String::new();
        let mut free = Vec::new();
        walk(self.bank, relation, &mut Vec::new(), &mut free, &mut out);
        (out, free)
    }

    /// `elem : relation^*`, where `elem` are the components of a pair: the closure's atom. The
    /// first time a relation is met its closure gets a fresh symbol, and the problem is marked
    /// incomplete: the closure has no first-order definition, and the axioms it gets
    /// ([`Eliminator::closure_axioms`]) are true of it without determining it.
    fn closure_member(
        &mut self,
        elem: &[FTerm],
        relation: TermId,
        span: Span,
    ) -> Result<Formula, Fail> {
        let rel_ty = self.bank.term(relation).ty;
        let pair_ty = match self.bank.ty_node(rel_ty) {
            TyNode::Set(p) => *p,
            _ => return Err(Fail("the closure of a relation that is not a set".into())),
        };
        let elem_ty = match self.bank.ty_node(pair_ty) {
            TyNode::Prod(a, _) => *a,
            _ => return Err(Fail("the closure of a set that is not a relation".into())),
        };
        let elem_sorts = self.leaves(elem_ty)?;
        let (mut key, free) = self.closure_key(relation);
        let mut params = Vec::new();
        let mut symbols = Vec::new();
        let mut values = Vec::new();
        for v in free {
            match self.env.get(&v) {
                Some(Binding::Terms(ts)) => {
                    let sorts = self.leaves(self.bank.var(v).ty)?;
                    let _ = write!(key, "|p{}", sorts.join(","));
                    values.extend(ts.iter().cloned());
                    params.push((v, sorts));
                }
                Some(b @ Binding::Symbol { name, args, .. }) if args.is_empty() => {
                    let _ = write!(key, "|s{name}");
                    symbols.push((v, b.clone()));
                }
                _ => {
                    return Err(Fail(format!(
                        "the closure of a relation that depends on `{}`, which is not \
                         first-order here",
                        self.bank.var(v).name
                    )));
                }
            }
        }
        let index = match self.closure_index.get(&key) {
            Some(&i) => i,
            None => {
                let name = format!("rtrancl_{}", self.closures.len() + 1);
                let mut sorts = elem_sorts.clone();
                sorts.extend(elem_sorts.iter().cloned());
                for (_, s) in &params {
                    sorts.extend(s.iter().cloned());
                }
                self.register(&name, sorts, None);
                self.approximations.push(Approximation {
                    text: self.show(relation) + "^*",
                    span,
                    replaced_by: true,
                    reason: "a reflexive transitive closure has no first-order definition: it \
                             gets the axioms reflexivity, step, transitivity and unfolding, \
                             without induction"
                        .into(),
                    one_way: true,
                });
                self.closures.push(Closure { name, relation, elem_sorts, params, symbols });
                self.closure_index.insert(key, self.closures.len() - 1);
                self.closures.len() - 1
            }
        };
        let mut args = elem.to_vec();
        args.extend(values);
        Ok(Formula::Atom(self.closures[index].name.clone(), args))
    }

    /// The axioms of every closure met so far (and of the closures their relations contain),
    /// each true of the reflexive transitive closure `R^*` of any relation `R`:
    ///
    /// * reflexivity, `(x, x) : R^*`;
    /// * step, `(x, y) : R --> (x, y) : R^*`;
    /// * transitivity, `(x, y) : R^* & (y, z) : R^* --> (x, z) : R^*`;
    /// * unfolding on either side, `(x, y) : R^* --> x = y | (EX z. (x, z) : R & (z, y) : R^*)`
    ///   and `... --> x = y | (EX z. (x, z) : R^* & (z, y) : R)`: a pair of the least
    ///   relation closed under reflexivity and step-then-closure is one of the two kinds.
    ///
    /// Nothing about induction (the closure is the *least* such relation) is first-order, so a
    /// proof that needs it is not found, and no wrong one is. Membership in `R` is translated
    /// where it stands in each axiom, with that polarity, so an approximation inside `R` only
    /// weakens an axiom. Each entry is the closure's name and the conjunction of its axioms.
    pub fn closure_axioms(&mut self) -> Vec<(String, Formula)> {
        let mut out = Vec::new();
        let mut next = 0;
        while next < self.closures.len() {
            let closure = self.closures[next].clone();
            next += 1;
            let mut saved = Vec::new();
            let mut params = Vec::new();
            let mut param_vars = Vec::new();
            for (v, sorts) in &closure.params {
                let names: Vec<String> = sorts.iter().map(|s| self.fresh_var(s)).collect();
                params.extend(vars(&names));
                param_vars.extend(names.iter().cloned());
                saved.push((*v, self.env.insert(*v, Binding::Terms(vars(&names)))));
            }
            for (v, b) in &closure.symbols {
                saved.push((*v, self.env.insert(*v, b.clone())));
            }
            let sorts = closure.elem_sorts.clone();
            let fresh = |e: &mut Self| -> (Vec<String>, Vec<FTerm>) {
                let names: Vec<String> = sorts.iter().map(|s| e.fresh_var(s)).collect();
                let terms = vars(&names);
                (names, terms)
            };
            let atom = |a: &[FTerm], b: &[FTerm]| {
                let mut args = a.to_vec();
                args.extend(b.iter().cloned());
                args.extend(params.iter().cloned());
                Formula::Atom(closure.name.clone(), args)
            };
            let all = |bound: &[&[String]], body: Formula| {
                let mut names = param_vars.clone();
                for b in bound {
                    names.extend(b.iter().cloned());
                }
                Formula::Quantified(Quantifier::Forall, names, Box::new(body))
            };
            let pair = |a: &[FTerm], b: &[FTerm]| {
                let mut v = a.to_vec();
                v.extend(b.iter().cloned());
                v
            };
            let mut axioms = Vec::new();
            let (xn, x) = fresh(self);
            axioms.push(all(&[&xn], atom(&x, &x)));
            let (xn, x) = fresh(self);
            let (yn, y) = fresh(self);
            if let Ok(step) = self.member(&pair(&x, &y), closure.relation, Polarity::Positive) {
                axioms.push(all(
                    &[&xn, &yn],
                    Formula::Implies(Box::new(step), Box::new(atom(&x, &y))),
                ));
            }
            let (xn, x) = fresh(self);
            let (yn, y) = fresh(self);
            let (zn, z) = fresh(self);
            axioms.push(all(
                &[&xn, &yn, &zn],
                Formula::Implies(
                    Box::new(Formula::And(vec![atom(&x, &y), atom(&y, &z)])),
                    Box::new(atom(&x, &z)),
                ),
            ));
            for left in [true, false] {
                let (xn, x) = fresh(self);
                let (yn, y) = fresh(self);
                let (zn, z) = fresh(self);
                let (first, second) = if left { (&x, &z) } else { (&z, &y) };
                let Ok(step) =
                    self.member(&pair(first, second), closure.relation, Polarity::Negative)
                else {
                    continue;
                };
                let rest = if left { atom(&z, &y) } else { atom(&x, &z) };
                let through = Formula::Quantified(
                    Quantifier::Exists,
                    zn,
                    Box::new(Formula::And(vec![step, rest])),
                );
                axioms.push(all(
                    &[&xn, &yn],
                    Formula::Implies(
                        Box::new(atom(&x, &y)),
                        Box::new(Formula::Or(vec![components_equal(&x, &y), through])),
                    ),
                ));
            }
            for (v, prev) in saved.into_iter().rev() {
                match prev {
                    Some(b) => self.env.insert(v, b),
                    None => self.env.remove(&v),
                };
            }
            out.push((closure.name.clone(), Formula::And(axioms)));
        }
        out
    }
}

/// Cardinality literals above this are approximated (the encoding has one witness per element
/// and a quadratic number of disequalities).
pub const MAX_CARD_LITERAL: u64 = 16;

/// Bounds on the number of elements of a set, from `card S = k`, `card S <= k`, `k < card S`...
///
/// In HOL `card` of an infinite set is 0, so the first-order forms relate to the bounds only in
/// one direction each: `at_most(S, u)` (every element among `u` witnesses) makes `S` finite and
/// implies `card S <= u`, while `card S >= l` implies `at_least(S, l)` (`l` distinct
/// elements) but not conversely. A lower bound `l >= 1` on `card S` does make `S` finite, so
/// with it the upper bound is implied as well.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct CardBounds {
    at_least: Option<u64>,
    at_most: Option<u64>,
}

impl CardBounds {
    /// (the first-order form implies the constraint, the constraint implies the form).
    fn exactness(self) -> (bool, bool) {
        let lower = self.at_least.unwrap_or(0);
        let strengthens = self.at_most.is_some() || lower == 0;
        let weakens = self.at_most.is_none() || lower >= 1;
        (strengthens, weakens)
    }
}

fn vars(names: &[String]) -> Vec<FTerm> {
    names.iter().map(|n| FTerm::Var(n.clone())).collect()
}

/// `a1 = b1 & ... & an = bn`.
fn components_equal(a: &[FTerm], b: &[FTerm]) -> Formula {
    let mut parts: Vec<Formula> =
        a.iter().zip(b).map(|(x, y)| Formula::Equal(x.clone(), y.clone())).collect();
    if parts.len() == 1 { parts.pop().unwrap_or(Formula::True) } else { Formula::And(parts) }
}

/// The conjunction of `guards --> f` over exhaustive, exclusive cases (just `f` for one
/// unconditional case).
fn guarded(mut cases: Vec<(Vec<Formula>, Formula)>) -> Formula {
    if cases.len() == 1 && cases[0].0.is_empty() {
        return cases.pop().map(|(_, f)| f).unwrap_or(Formula::True);
    }
    Formula::And(
        cases
            .into_iter()
            .map(|(mut g, f)| match g.len() {
                0 => f,
                1 => Formula::Implies(Box::new(g.pop().unwrap_or(Formula::True)), Box::new(f)),
                _ => Formula::Implies(Box::new(Formula::And(g)), Box::new(f)),
            })
            .collect(),
    )
}

pub use crate::fol::formula::show_term as show_fol_term;

pub use crate::fol::formula::show_formula;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::load_spec_str;
    use crate::syntax::SourceMap;

    /// The lemma `l` of `text` translated as a goal, and the approximations' texts.
    fn goal(text: &str) -> (String, Vec<String>) {
        let mut sources = SourceMap::new();
        let (module, diags) = load_spec_str("elim.spec", text, &mut sources);
        let module = module.unwrap_or_else(|| panic!("{diags:?}"));
        let formula = module.item("l").unwrap().formula;
        let mut bank = module.bank.clone();
        let mut e = Eliminator::new(&mut bank, &module.consts);
        let f = e.translate(formula, Polarity::Positive);
        (
            show_formula(&f),
            e.approximations.iter().map(|a| format!("{} -> {}", a.text, a.replaced_by)).collect(),
        )
    }

    const SETS: &str = "const A :: \"obj set\"\nconst B :: \"obj set\"\nconst x :: obj\nconst f :: \"obj => obj\"\n";

    #[test]
    fn membership_in_set_operators_is_expanded() {
        let (f, approx) = goal(&format!("{SETS}lemma l: \"x : A Int B --> x : A - {{x}}\""));
        assert_eq!(f, "((c_A(x) & c_B(x)) => (c_A(x) & ~(x = x | $false)))");
        assert!(approx.is_empty());
    }

    #[test]
    fn set_equality_is_extensional() {
        let (f, _) = goal(&format!("{SETS}lemma l: \"A Un B = {{y. y : B | y : A}}\""));
        assert_eq!(
            f,
            "![X0]: (((c_A(X0) | c_B(X0)) => (c_B(X0) | c_A(X0))) & ((c_B(X0) | c_A(X0)) => (c_A(X0) | c_B(X0))))"
        );
    }

    #[test]
    fn function_update_becomes_a_case_split() {
        let (f, _) = goal(&format!("{SETS}lemma l: \"(f(x := x)) (f x) = x\""));
        assert_eq!(f, "((f(x) = x => x = x) & (~f(x) = x => f(f(x)) = x))");
    }

    #[test]
    fn pairs_are_split_into_components() {
        let (f, _) = goal(
            "const R :: \"(int * obj) set\"\nlemma l: \"ALL p. p : R --> fst p : {k. EX v. (k, v) : R}\"",
        );
        assert_eq!(f, "![X0,X1]: (c_R(X0,X1) => ?[X2]: c_R(X0,X2))");
    }

    #[test]
    fn untranslatable_goals_become_false_and_hypotheses_true() {
        let (f, approx) = goal(&format!(
            "{SETS}lemma l: \"card (A Int B) = card A | (EX (P :: obj set). P = A)\""
        ));
        assert_eq!(f, "($false | $false)");
        assert_eq!(
            approx,
            vec![
                "Eq((card Inter(A, B)), (card A)) -> false".to_string(),
                "(EX (P :: obj set). Eq(P, A)) -> false".to_string()
            ]
        );
    }

    #[test]
    fn set_variables_universal_in_the_goal_become_fresh_predicates() {
        let (f, approx) = goal("lemma l: \"ALL (S :: obj set). S Int S <= S\"");
        assert_eq!(f, "![X0]: ((sk0_s(X0) & sk0_s(X0)) => sk0_s(X0))");
        assert!(approx.is_empty());
    }

    #[test]
    fn card_bounds_with_a_literal_use_witnesses_by_polarity() {
        let sets = "const A :: \"obj set\"\n";
        let (f, approx) = goal(&format!("{sets}lemma l: \"card A <= 1\""));
        assert_eq!(f, "?[X0]: ![X1]: (c_A(X1) => (X1 = X0))");
        // Sufficient but not necessary (an infinite A has card 0 too): recorded, so a failed
        // proof of the stronger form is not taken as a disproof.
        assert_eq!(approx.len(), 1);
        // As a goal, a lower bound is not implied by witnesses (A may be infinite).
        let (f, approx) = goal(&format!("{sets}lemma l: \"2 <= card A\""));
        assert_eq!(f, "$false");
        assert_eq!(approx.len(), 1);
        let (f, _) = goal(&format!("{sets}lemma l: \"card A = 2 --> False\""));
        assert_eq!(
            f,
            "((?[X0,X1]: (c_A(X0) & c_A(X1) & ~X0 = X1) & ?[X2,X3]: ![X4]: (c_A(X4) => (X4 = X2 | X4 = X3))) => $false)"
        );
    }
}

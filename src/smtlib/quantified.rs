//! Quantified scripts over uninterpreted sorts and functions (logic UF) written as typed
//! first-order TPTP (TFF), for craig's superposition prover and finite-model finder: the
//! ground SMT core decides no quantifiers, and TFF is the translation the prover already reads.
//!
//! Every symbol is renamed into a TPTP word that cannot clash (`s_` for sorts, `f_` for
//! functions, `X<k>_` for bound variables, the SMT-LIB name kept in it with every character
//! outside letters and digits written as `_hex_`), `Bool` is `$o`, `=` on formulas is `<=>`.
//! `let` and `define-fun` are expanded where they are used (a bound name stands for its
//! term's text, a defined function's body is read with its parameters standing for the
//! arguments). An `ite` on terms becomes a fresh function of the variables it mentions with
//! its definition as an axiom (`c ⇒ k(X̄) = t` and `¬c ⇒ k(X̄) = e`, for all `X̄`): a
//! definitional extension, so the problem keeps its models and its refutations. Arithmetic,
//! arrays and Boolean arguments of functions are refused as unsupported. The translation
//! checks sorts itself, so errors point into the script.
//!
//! The caller's engines answer each `check-sat` with their evidence ([`Verdict`]): the
//! refutation's TSTP text and the input formulas it used (for `get-proof` and
//! `get-unsat-core`), or a finite model's tables ([`FiniteTables`]), which [`model`] checks
//! once more on the assertions as written before `sat` is printed and renders for
//! `get-model`.

use std::io::{self, Write};

use rustc_hash::FxHashMap;

use super::elaborate::named;
use super::logic::{
    Literal, Signature, SignatureError, Theory, function_theory, literal, sort_theory,
};
use super::print::escape;
use super::session::{
    Dropped, Fail, Outcome, dropped_assertion_reason, error, refused, scope_count,
    unsupported_diagnostic,
};
use super::sexpr::{SExpr, parse};
use super::theory::TheoryError;
use crate::syntax::{FileId, SourceMap};

mod model;

pub use model::FiniteTables;

/// A sort as the translation knows it: `$o` for Bool, else a declared sort's TPTP word.
type Sort = String;

const BOOL: &str = "$o";

/// Functions by name: argument sorts and result sort.
type Functions = FxHashMap<String, (Vec<Sort>, Sort)>;

/// A `define-fun`: its parameters (name and sort), result sort and body.
#[derive(Clone)]
struct Definition {
    parameters: Vec<(String, Sort)>,
    result: Sort,
    body: SExpr,
}

/// A name in scope inside a term: a bound variable (its TFF variable) or a `let` name or a
/// defined function's parameter (the TFF text of the term it stands for).
#[derive(Clone)]
struct Bound {
    name: String,
    text: String,
    sort: Sort,
}

/// What `pop` restores.
#[derive(Clone)]
struct Saved {
    sorts: FxHashMap<String, Sort>,
    funs: Functions,
    definitions: FxHashMap<String, Definition>,
    declarations: usize,
    axioms: usize,
    assertions: usize,
    dropped: usize,
}

/// The TFF text of a script's declarations and assertions, one command at a time.
#[derive(Clone, Default)]
pub struct QuantifiedScript {
    sorts: FxHashMap<String, Sort>,
    funs: Functions,
    /// `define-fun`s by name, expanded where they are applied.
    definitions: FxHashMap<String, Definition>,
    declarations: Vec<String>,
    /// The definitions of the fresh functions that stand for `ite` terms, as TFF formulas.
    axioms: Vec<String>,
    /// Every TFF variable made so far, with its sort: the free variables of an `ite` are
    /// found in its text by these names.
    variables: Vec<(String, Sort)>,
    /// Assertions: their names (`:named`, else `assertionN`) and TFF formulas.
    pub assertions: Vec<(String, String)>,
    /// The assertions as written, in the same order: a model is checked against these.
    asserted: Vec<SExpr>,
    /// The assertions of the open scopes that were answered `unsupported` or `(error ...)`
    /// (the caller records them; scopes keep them as they keep the assertions).
    dropped: Vec<Dropped>,
    /// Per `push`: the symbols, and how many declarations and assertions there were.
    stack: Vec<Saved>,
    /// The logic `set-logic` named (UF or QF_UF): with it, theory names the script did not
    /// declare are errors of the script rather than beyond what craig reads.
    logic: Option<&'static str>,
    fresh: usize,
}

/// How the reasons of `unsupported` answers in a quantified script begin.
const QUANTIFIED: &str = "in a quantified script, ";

/// What a command asks of the caller.
pub enum Step {
    /// Nothing (a declaration or assertion was taken).
    Done,
    /// `check-sat`: decide the problem, given as TFF text.
    CheckSat(String),
    /// A command the caller answers itself (`exit`, `get-info`, `echo`, ...).
    Other,
}

/// The TFF formula name of the assertion named `name`: the name itself when it is a TPTP
/// lower word, else a word made from it.
fn formula_word(name: &str) -> String {
    if name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    {
        name.to_string()
    } else {
        word("a_", name)
    }
}

/// A TPTP word for an SMT-LIB symbol, with `prefix` so that words of different kinds never
/// meet and the word always starts as TPTP wants.
fn word(prefix: &str, name: &str) -> String {
    let mut out = prefix.to_string();
    for c in name.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c);
        } else {
            out.push_str(&format!("_{:x}_", c as u32));
        }
    }
    out
}

/// Whether a script's commands use a quantifier anywhere.
pub fn has_quantifiers(commands: &[SExpr]) -> bool {
    fn walk(e: &SExpr) -> bool {
        match e {
            SExpr::Symbol(s, _) => s == "forall" || s == "exists",
            SExpr::List(items, _) => items.iter().any(walk),
            _ => false,
        }
    }
    commands.iter().any(walk)
}

impl QuantifiedScript {
    /// An empty script.
    pub fn new() -> QuantifiedScript {
        QuantifiedScript::default()
    }

    /// Takes one command.
    pub(super) fn command(&mut self, command: &SExpr) -> Result<Step, Fail> {
        let SExpr::List(items, _) = command else { return error(command, "expected a command") };
        let Some(head) = items.first().and_then(SExpr::symbol) else {
            return error(command, "expected a command name");
        };
        match head {
            "set-logic" => match items.get(1).and_then(SExpr::symbol) {
                Some(logic @ ("UF" | "QF_UF")) => {
                    self.logic = Some(if logic == "UF" { "UF" } else { "QF_UF" });
                }
                Some(logic) => {
                    return Err(Fail::Unsupported(format!(
                        "logic {logic} (quantified scripts are read in UF)"
                    )));
                }
                None => return error(command, "set-logic expects a logic name"),
            },
            "set-option" | "set-info" => {}
            "declare-sort" => {
                let name = self.fresh_name(items.get(1), command)?;
                if !matches!(items.get(2).and_then(SExpr::symbol), None | Some("0")) {
                    return Err(Fail::Unsupported(
                        "sort constructors of arity above 0".to_string(),
                    ));
                }
                let w = word("s_", &name);
                self.declarations.push(format!("tff({w}_type, type, {w}: $tType)."));
                self.sorts.insert(name, w);
            }
            "declare-fun" | "declare-const" => {
                let name = self.fresh_name(items.get(1), command)?;
                let (args, result) = if head == "declare-fun" {
                    let Some(SExpr::List(args, _)) = items.get(2) else {
                        return error(command, "declare-fun expects a list of argument sorts");
                    };
                    (
                        args.iter().map(|a| self.sort(a)).collect::<Result<Vec<_>, _>>()?,
                        items.get(3),
                    )
                } else {
                    (Vec::new(), items.get(2))
                };
                let Some(result) = result else { return error(command, "missing result sort") };
                let result = self.sort(result)?;
                if args.iter().any(|a| a == BOOL) {
                    return Err(Fail::Unsupported("functions with Bool arguments".to_string()));
                }
                let w = word("f_", &name);
                let typ = match args.len() {
                    0 => result.clone(),
                    1 => format!("{} > {result}", args[0]),
                    _ => format!("({}) > {result}", args.join(" * ")),
                };
                self.declarations.push(format!("tff({w}_type, type, {w}: {typ})."));
                self.funs.insert(name, (args, result));
            }
            "assert" => {
                let Some(body) = items.get(1) else {
                    return error(command, "assert expects a term");
                };
                let (text, sort) = self.term(body, &[])?;
                if sort != BOOL {
                    return error(body, "an assertion must be Boolean");
                }
                let name = named(body)
                    .unwrap_or_else(|| format!("assertion{}", self.assertions.len() + 1));
                if self.assertions.iter().any(|(n, _)| *n == name) {
                    return error(command, format!("two assertions are named {name}"));
                }
                self.assertions.push((name, text));
                self.asserted.push(body.clone());
            }
            "push" | "pop" => {
                let n = scope_count(items, command, head, self.stack.len())?;
                for _ in 0..n {
                    if head == "push" {
                        self.stack.push(Saved {
                            sorts: self.sorts.clone(),
                            funs: self.funs.clone(),
                            definitions: self.definitions.clone(),
                            declarations: self.declarations.len(),
                            axioms: self.axioms.len(),
                            assertions: self.assertions.len(),
                            dropped: self.dropped.len(),
                        });
                    } else {
                        let saved = self.stack.pop().expect("scope_count checked the depth");
                        self.sorts = saved.sorts;
                        self.funs = saved.funs;
                        self.definitions = saved.definitions;
                        self.declarations.truncate(saved.declarations);
                        self.axioms.truncate(saved.axioms);
                        self.assertions.truncate(saved.assertions);
                        self.asserted.truncate(saved.assertions);
                        self.dropped.truncate(saved.dropped);
                    }
                }
            }
            "define-fun" => {
                let name = self.fresh_name(items.get(1), command)?;
                let (Some(SExpr::List(parameters, _)), Some(result), Some(body), 5) =
                    (items.get(2), items.get(3), items.get(4), items.len())
                else {
                    return error(
                        command,
                        "define-fun expects a name, parameters, a sort and a body",
                    );
                };
                let mut declared = Vec::new();
                for p in parameters {
                    let SExpr::List(pair, _) = p else { return error(p, "expected (name sort)") };
                    let (Some(pname), Some(sort), 2) =
                        (pair.first().and_then(SExpr::symbol), pair.get(1), pair.len())
                    else {
                        return error(p, "expected (name sort)");
                    };
                    declared.push((pname.to_string(), self.sort(sort)?));
                }
                let result = self.sort(result)?;
                // Read the body once now, with fresh variables for the parameters, so that its
                // errors point at the definition rather than at a use.
                let scope: Vec<Bound> = declared
                    .iter()
                    .map(|(pname, sort)| Bound {
                        name: pname.clone(),
                        text: self.variable(pname, sort),
                        sort: sort.clone(),
                    })
                    .collect();
                let (axioms, declarations) = (self.axioms.len(), self.declarations.len());
                let checked = self.term(body, &scope);
                // The check's own `ite` functions are not the problem's: each use makes its own.
                self.axioms.truncate(axioms);
                self.declarations.truncate(declarations);
                let (_, sort) = checked?;
                if sort != result {
                    return error(body, format!("the body of {name} does not have its sort"));
                }
                self.definitions
                    .insert(name, Definition { parameters: declared, result, body: body.clone() });
            }
            "check-sat" => return Ok(Step::CheckSat(self.tff())),
            "define-sort" | "check-sat-assuming" | "get-value" | "get-assertions"
            | "get-interpolants" | "reset" | "reset-assertions" => {
                return Err(Fail::Unsupported(format!("the command {head}")));
            }
            _ => return Ok(Step::Other),
        }
        Ok(Step::Done)
    }

    /// The problem so far as TFF: the declarations, then each assertion as an axiom named
    /// after it.
    pub fn tff(&self) -> String {
        let mut text = self.declarations.join("\n");
        text.push('\n');
        for (k, axiom) in self.axioms.iter().enumerate() {
            text.push_str(&format!("tff(ite_definition_{}, axiom, {axiom}).\n", k + 1));
        }
        for (name, formula) in &self.assertions {
            text.push_str(&format!("tff({}, axiom, {formula}).\n", formula_word(name)));
        }
        text
    }

    /// The `:named` names of the assertions whose TFF formulas are among `used`, in assertion
    /// order (unnamed assertions and the `ite` definitions are not listed, as the standard's
    /// `get-unsat-core` lists names only).
    fn core_names(&self, used: &[String]) -> Vec<String> {
        self.assertions
            .iter()
            .zip(&self.asserted)
            .filter(|((name, _), expr)| {
                named(expr).is_some() && used.iter().any(|u| *u == formula_word(name))
            })
            .map(|((name, _), _)| name.clone())
            .collect()
    }

    fn fresh_name(&self, expr: Option<&SExpr>, command: &SExpr) -> Result<String, Fail> {
        let Some(name) = expr.and_then(SExpr::symbol) else {
            return error(command, "expected a symbol");
        };
        // Quantified scripts are read in UF: only Core's names (and reserved words and
        // numerals) are refused; `Int` or `+` may be the script's own.
        if let Err(why) = self.signature().declarable(name) {
            return refused(expr.unwrap_or(command), why);
        }
        if self.sorts.contains_key(name)
            || self.funs.contains_key(name)
            || self.definitions.contains_key(name)
        {
            return error(expr.unwrap_or(command), format!("{name} is already declared"));
        }
        Ok(name.to_string())
    }

    /// UF's signature under the name the script gave its logic.
    fn signature(&self) -> Signature {
        Signature::uninterpreted(self.logic.unwrap_or("UF"))
    }

    /// A theory's name or literal that the script did not declare (`why` says which theory
    /// it needs): an error of the script when it set its logic to UF, else beyond what craig
    /// reads (`unsupported`, for the reason given), as the script may have meant arithmetic.
    fn foreign<T>(
        &self,
        expr: &SExpr,
        why: Option<SignatureError>,
        unsupported: String,
    ) -> Result<T, Fail> {
        match (self.logic, why) {
            (Some(_), Some(why)) => refused(expr, why),
            _ => Err(Fail::Unsupported(unsupported)),
        }
    }

    fn sort(&self, expr: &SExpr) -> Result<Sort, Fail> {
        match expr.symbol() {
            Some("Bool") => Ok(BOOL.to_string()),
            Some(name) => match self.sorts.get(name) {
                Some(s) => Ok(s.clone()),
                None => match sort_theory(name) {
                    Some(theory) => {
                        let why = self.signature().missing(format!("the sort {name}"), theory);
                        self.foreign(
                            expr,
                            Some(why),
                            format!(
                                "the sort {name} ({})",
                                if theory == Theory::Arrays { "arrays" } else { "arithmetic" }
                            ),
                        )
                    }
                    None => error(expr, format!("unknown sort {name}")),
                },
            },
            None => Err(Fail::Unsupported(format!("sort expressions ({expr})"))),
        }
    }

    /// A fresh TFF variable for the SMT-LIB name `name`.
    fn variable(&mut self, name: &str, sort: &Sort) -> String {
        self.fresh += 1;
        let var = word(&format!("X{}_", self.fresh), name);
        self.variables.push((var.clone(), sort.clone()));
        var
    }

    /// A term or formula as TFF text, with its sort; `bound` holds the names in scope,
    /// innermost last.
    fn term(&mut self, expr: &SExpr, bound: &[Bound]) -> Result<(String, Sort), Fail> {
        let formula = |t: String| Ok((t, BOOL.to_string()));
        match expr {
            SExpr::Symbol(name, _) => {
                if let Some(b) = bound.iter().rev().find(|b| b.name == *name) {
                    return Ok((b.text.clone(), b.sort.clone()));
                }
                if self.definitions.get(name).is_some_and(|d| d.parameters.is_empty()) {
                    return self.expand(name, Vec::new(), expr);
                }
                match name.as_str() {
                    "true" => return formula("$true".into()),
                    "false" => return formula("$false".into()),
                    _ => {}
                }
                match self.funs.get(name) {
                    Some((args, result)) if args.is_empty() => {
                        Ok((word("f_", name), result.clone()))
                    }
                    Some(_) => error(expr, format!("{name} expects arguments")),
                    None if literal(name).is_some() => {
                        let kind = literal(name).unwrap_or(Literal::Numeral);
                        let why = self.signature().literal_sort(name, kind).err();
                        let unsupported = format!("numerals ({name})");
                        self.foreign(expr, why, unsupported)
                    }
                    None if name.chars().next().is_some_and(|c| c.is_ascii_digit()) => {
                        Err(Fail::Unsupported(format!("numerals ({name})")))
                    }
                    None => error(expr, format!("unknown symbol {name}")),
                }
            }
            SExpr::List(items, _) => {
                let Some(head) = items.first() else { return error(expr, "empty term") };
                let args = &items[1..];
                if let Some(q @ ("forall" | "exists")) = head.symbol() {
                    let (Some(SExpr::List(vars, _)), Some(body), 3) =
                        (items.get(1), items.get(2), items.len())
                    else {
                        return error(expr, format!("{q} expects variables and a body"));
                    };
                    let mut inner = bound.to_vec();
                    let mut declared = Vec::new();
                    for v in vars {
                        let SExpr::List(pair, _) = v else {
                            return error(v, "expected (name sort)");
                        };
                        let (Some(name), Some(sort), 2) =
                            (pair.first().and_then(SExpr::symbol), pair.get(1), pair.len())
                        else {
                            return error(v, "expected (name sort)");
                        };
                        let sort = self.sort(sort)?;
                        if sort == BOOL {
                            return Err(Fail::Unsupported("quantified Bool variables".to_string()));
                        }
                        let var = self.variable(name, &sort);
                        declared.push(format!("{var}: {sort}"));
                        inner.push(Bound { name: name.to_string(), text: var, sort });
                    }
                    if declared.is_empty() {
                        return error(expr, format!("{q} needs at least one variable"));
                    }
                    let (body, sort) = self.term(body, &inner)?;
                    if sort != BOOL {
                        return error(&items[2], "a quantifier's body must be Boolean");
                    }
                    let symbol = if q == "forall" { "!" } else { "?" };
                    return formula(format!("({symbol}[{}]: {body})", declared.join(", ")));
                }
                if head.symbol() == Some("let") {
                    return self.let_term(expr, items, bound);
                }
                let Some(head) = head.symbol() else {
                    return Err(Fail::Unsupported(format!("the application {expr}")));
                };
                if head == "!" {
                    let Some(inner) = args.first() else { return error(expr, "! expects a term") };
                    return self.term(inner, bound);
                }
                let mut parts = Vec::new();
                for a in args {
                    parts.push(self.term(a, bound)?);
                }
                let all_formulas = |parts: &[(String, Sort)]| -> Result<Vec<String>, Fail> {
                    match parts.iter().position(|(_, s)| s != BOOL) {
                        Some(k) => error(&args[k], format!("{head} expects Boolean arguments")),
                        None => Ok(parts.iter().map(|(t, _)| t.clone()).collect()),
                    }
                };
                match head {
                    "not" if parts.len() == 1 => {
                        formula(format!("~({})", all_formulas(&parts)?[0]))
                    }
                    "and" | "or" if !parts.is_empty() => {
                        let op = if head == "and" { " & " } else { " | " };
                        formula(format!("({})", all_formulas(&parts)?.join(op)))
                    }
                    "=>" if parts.len() >= 2 => {
                        let fs = all_formulas(&parts)?;
                        let mut text = fs[fs.len() - 1].clone();
                        for f in fs[..fs.len() - 1].iter().rev() {
                            text = format!("({f} => {text})");
                        }
                        formula(text)
                    }
                    "xor" if parts.len() == 2 => {
                        let fs = all_formulas(&parts)?;
                        formula(format!("~({} <=> {})", fs[0], fs[1]))
                    }
                    "ite" if parts.len() == 3 && parts[1].1 != BOOL => {
                        if parts[0].1 != BOOL {
                            return error(&args[0], "the condition of ite must be Boolean");
                        }
                        if parts[1].1 != parts[2].1 {
                            return error(&args[2], "the branches of ite must have one sort");
                        }
                        Ok(self.ite_term(&parts))
                    }
                    "ite" if parts.len() == 3 => {
                        let fs = all_formulas(&parts)?;
                        formula(format!(
                            "(({c} => {a}) & (~({c}) => {b}))",
                            c = fs[0],
                            a = fs[1],
                            b = fs[2]
                        ))
                    }
                    "=" | "distinct" if parts.len() >= 2 => {
                        let sort = &parts[0].1;
                        if let Some(k) = parts.iter().position(|(_, s)| s != sort) {
                            return error(&args[k], "the arguments of = must have one sort");
                        }
                        let op = if sort == BOOL { "<=>" } else { "=" };
                        let mut conjuncts = Vec::new();
                        if head == "=" {
                            for w in parts.windows(2) {
                                conjuncts.push(format!("({} {op} {})", w[0].0, w[1].0));
                            }
                        } else {
                            for i in 0..parts.len() {
                                for j in i + 1..parts.len() {
                                    conjuncts
                                        .push(format!("~({} {op} {})", parts[i].0, parts[j].0));
                                }
                            }
                        }
                        formula(format!("({})", conjuncts.join(" & ")))
                    }
                    "ite" => Err(Fail::Unsupported(format!("the operator {head}"))),
                    _ if self.definitions.contains_key(head) => self.expand(head, parts, expr),
                    // A theory's name the script did not declare (a declared `+` is its own).
                    _ if !self.funs.contains_key(head) && function_theory(head).is_some() => {
                        let theory = function_theory(head).unwrap_or(Theory::Arithmetic);
                        let why = self.signature().missing(format!("the symbol {head}"), theory);
                        self.foreign(&items[0], Some(why), format!("the operator {head}"))
                    }
                    _ => {
                        let Some((sorts, result)) = self.funs.get(head).cloned() else {
                            return error(&items[0], format!("unknown function {head}"));
                        };
                        if sorts.len() != parts.len() {
                            return error(
                                expr,
                                format!("{head} expects {} arguments", sorts.len()),
                            );
                        }
                        if let Some(k) = (0..sorts.len()).find(|&k| parts[k].1 != sorts[k]) {
                            return error(
                                &args[k],
                                format!("argument {} of {head} is ill-sorted", k + 1),
                            );
                        }
                        let texts: Vec<&str> = parts.iter().map(|(t, _)| t.as_str()).collect();
                        Ok((format!("{}({})", word("f_", head), texts.join(", ")), result))
                    }
                }
            }
            _ => Err(Fail::Unsupported(format!("the term {expr}"))),
        }
    }

    /// `(let ((x1 t1) ... (xn tn)) body)`: the terms are read in the outer scope (the
    /// bindings are parallel), then the body with each name standing for its term's text.
    fn let_term(
        &mut self,
        expr: &SExpr,
        items: &[SExpr],
        bound: &[Bound],
    ) -> Result<(String, Sort), Fail> {
        let (Some(SExpr::List(bindings, _)), Some(body), 3) =
            (items.get(1), items.get(2), items.len())
        else {
            return error(expr, "let expects bindings and a body");
        };
        if bindings.is_empty() {
            return error(expr, "let needs at least one binding");
        }
        let mut inner = bound.to_vec();
        for binding in bindings {
            let SExpr::List(pair, _) = binding else {
                return error(binding, "expected (name term)");
            };
            let (Some(name), Some(term), 2) =
                (pair.first().and_then(SExpr::symbol), pair.get(1), pair.len())
            else {
                return error(binding, "expected (name term)");
            };
            let (text, sort) = self.term(term, bound)?;
            inner.push(Bound { name: name.to_string(), text, sort });
        }
        self.term(body, &inner)
    }

    /// A defined function applied to arguments (already read): its body, read with the
    /// parameters standing for the arguments' texts.
    fn expand(
        &mut self,
        name: &str,
        arguments: Vec<(String, Sort)>,
        expr: &SExpr,
    ) -> Result<(String, Sort), Fail> {
        let Some(definition) = self.definitions.get(name).cloned() else {
            return error(expr, format!("unknown function {name}"));
        };
        if definition.parameters.len() != arguments.len() {
            return error(
                expr,
                format!("{name} expects {} arguments", definition.parameters.len()),
            );
        }
        let mut scope = Vec::new();
        for (k, ((pname, sort), (text, given))) in
            definition.parameters.iter().zip(arguments).enumerate()
        {
            if *sort != given {
                return error(expr, format!("argument {} of {name} is ill-sorted", k + 1));
            }
            scope.push(Bound { name: pname.clone(), text, sort: given });
        }
        let (text, sort) = self.term(&definition.body, &scope)?;
        debug_assert_eq!(sort, definition.result);
        Ok((text, sort))
    }

    /// `(ite c t e)` on terms: a fresh function `k` of the variables the three mention, with
    /// `∀X̄. (c ⇒ k(X̄) = t) ∧ (¬c ⇒ k(X̄) = e)` among the axioms.
    fn ite_term(&mut self, parts: &[(String, Sort)]) -> (String, Sort) {
        let (condition, then, otherwise) = (&parts[0].0, &parts[1].0, &parts[2].0);
        let sort = parts[1].1.clone();
        // The free variables of the texts, in order of first appearance (deterministic).
        // Every binder makes a fresh name, so a variable declared in a binder inside a text
        // (written `X: sort`, the only place a name meets a colon) is bound wherever it occurs
        // there; the others are free.
        let mut occurring: Vec<&str> = Vec::new();
        let mut declared: Vec<&str> = Vec::new();
        for text in [condition, then, otherwise] {
            let mut rest = text.as_str();
            while !rest.is_empty() {
                let start = rest
                    .find(|c: char| c.is_ascii_alphanumeric() || c == '_')
                    .unwrap_or(rest.len());
                rest = &rest[start..];
                let end = rest
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                let (token, after) = rest.split_at(end);
                if after.starts_with(':') {
                    declared.push(token);
                } else if !token.is_empty() && !occurring.contains(&token) {
                    occurring.push(token);
                }
                rest = after;
            }
        }
        let free: Vec<(String, Sort)> = occurring
            .iter()
            .filter(|token| !declared.contains(token))
            .filter_map(|token| self.variables.iter().find(|(v, _)| v == token).cloned())
            .collect();
        let k = format!("f_ite_{}_", self.axioms.len() + 1);
        let typ = match free.len() {
            0 => sort.clone(),
            1 => format!("{} > {sort}", free[0].1),
            _ => format!(
                "({}) > {sort}",
                free.iter().map(|(_, s)| s.as_str()).collect::<Vec<_>>().join(" * ")
            ),
        };
        self.declarations.push(format!("tff({k}_type, type, {k}: {typ})."));
        let application = if free.is_empty() {
            k
        } else {
            format!("{k}({})", free.iter().map(|(v, _)| v.as_str()).collect::<Vec<_>>().join(", "))
        };
        let definition = format!(
            "(({condition} => {application} = {then}) & (~({condition}) => {application} = \
             {otherwise}))"
        );
        self.axioms.push(if free.is_empty() {
            definition
        } else {
            let vars: Vec<String> = free.iter().map(|(v, s)| format!("{v}: {s}")).collect();
            format!("(![{}]: {definition})", vars.join(", "))
        });
        (application, sort)
    }
}

/// What the caller's engines said about a quantified problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A refutation, checked: the TFF names of the input formulas it used, and the refutation
    /// in TSTP.
    Unsat {
        /// The formulas of the TFF problem the refutation used, by name.
        used: Vec<String>,
        /// The refutation as TSTP text.
        proof: String,
    },
    /// A finite model, checked by the caller on the clauses; it is checked again here on the
    /// assertions as written before `sat` is printed.
    Sat(FiniteTables),
    /// Neither; the reason, for `(get-info :reason-unknown)`.
    Unknown(String),
}

fn render(sources: &SourceMap, file: FileId, offset: usize, message: &str) -> String {
    let (line, col) = sources.line_col(file, offset);
    format!("(error \"{}:{line}:{col}: {}\")", sources.file(file).name, escape(message))
}

/// Runs a quantified script: declarations and assertions are translated, each `check-sat`
/// is handed to `decide` as TFF text, and the answer printed as the standard prints it.
/// `decide` returns an error for an internal error (a proof or model that failed its check),
/// which ends the script as [`Outcome::InternalError`] with `(error "ERROR")`; the error is the
/// caller's own type, since the engine that decides is the caller's (this front end never
/// runs the prover).
pub fn run_quantified<E: std::fmt::Display>(
    sources: &SourceMap,
    file: FileId,
    out: &mut dyn Write,
    decide: &mut dyn FnMut(&str) -> Result<Verdict, E>,
) -> io::Result<Outcome> {
    run_quantified_diagnosed(sources, file, out, decide, &mut Report::default())
}

/// What a quantified run leaves its caller beside the answers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Why each `unsupported` answer was given, in order, as `file:line:col: unsupported: ...`
    /// (SMT-LIB's `unsupported` carries no reason; these are for the diagnostic channel).
    pub diagnostics: Vec<String>,
    /// How many `(error ...)` answers were printed (`craig smt` then exits 1).
    pub errors: usize,
}

/// [`run_quantified`], also saying why each `unsupported` answer was given and how many
/// `(error ...)` answers there were, in `report`.
pub fn run_quantified_diagnosed<E: std::fmt::Display>(
    sources: &SourceMap,
    file: FileId,
    out: &mut dyn Write,
    decide: &mut dyn FnMut(&str) -> Result<Verdict, E>,
    report: &mut Report,
) -> io::Result<Outcome> {
    let text = sources.file(file).text.clone();
    let commands = match parse(&text, file) {
        Ok(commands) => commands,
        Err(d) => {
            writeln!(out, "{}", render(sources, file, d.primary.start as usize, &d.message))?;
            report.errors += 1;
            return Ok(Outcome::Done);
        }
    };
    let mut script = QuantifiedScript::new();
    let mut reason: Option<String> = None;
    // The last check-sat's answer with the script as it was then, for get-model, get-proof
    // and get-unsat-core; a command that changes the assertions or symbols forgets it.
    let mut last: Option<(Verdict, QuantifiedScript)> = None;
    for command in &commands {
        let head = command.head_symbol().unwrap_or("");
        let changes = matches!(head, "assert" | "push" | "pop")
            || head.starts_with("declare-")
            || head.starts_with("define-");
        match script.command(command) {
            Ok(Step::Done) if changes => last = None,
            Ok(Step::Done) => {}
            Ok(Step::CheckSat(tff)) => match decide(&tff) {
                Ok(verdict) => {
                    if let Verdict::Sat(model) = &verdict
                        && let Err(why) = script.check_model(model)
                    {
                        writeln!(
                            out,
                            "(error \"internal error: the model failed its check on the script: \
                             {}\")",
                            escape(&why.to_string())
                        )?;
                        report.errors += 1;
                        return Ok(Outcome::InternalError);
                    }
                    // A model of fewer assertions than the script made is no answer to it, and
                    // no model is offered.
                    let verdict = match (verdict, script.dropped.first()) {
                        (Verdict::Sat(_), Some(&dropped)) => {
                            Verdict::Unknown(dropped_assertion_reason(dropped))
                        }
                        (verdict, _) => verdict,
                    };
                    let answer = match &verdict {
                        Verdict::Unsat { .. } => "unsat",
                        Verdict::Sat(_) => "sat",
                        Verdict::Unknown(_) => "unknown",
                    };
                    reason = match &verdict {
                        Verdict::Unknown(why) => Some(why.clone()),
                        _ => None,
                    };
                    writeln!(out, "{answer}")?;
                    last = Some((verdict, script.clone()));
                }
                Err(e) => {
                    writeln!(out, "(error \"{}\")", escape(&e.to_string()))?;
                    report.errors += 1;
                    return Ok(Outcome::InternalError);
                }
            },
            Ok(Step::Other) if matches!(head, "get-model" | "get-proof" | "get-unsat-core") => {
                let unavailable = |answer: &str| {
                    render(
                        sources,
                        file,
                        command.span().0,
                        &format!("{head} is only available after {answer} answer"),
                    )
                };
                match (head, &last) {
                    ("get-model", Some((Verdict::Sat(model), then))) => {
                        writeln!(out, "{}", then.model_text(model))?
                    }
                    ("get-model", _) => {
                        writeln!(out, "{}", unavailable("a sat"))?;
                        report.errors += 1;
                    }
                    ("get-proof", Some((Verdict::Unsat { proof, .. }, _))) => {
                        writeln!(out, "(proof :format tstp\n\"{}\")", proof.replace('"', "\"\""))?
                    }
                    ("get-unsat-core", Some((Verdict::Unsat { used, .. }, then))) => {
                        writeln!(out, "({})", then.core_names(used).join(" "))?
                    }
                    _ => {
                        writeln!(out, "{}", unavailable("an unsat"))?;
                        report.errors += 1;
                    }
                }
            }
            Ok(Step::Other) => {
                let SExpr::List(items, _) = command else { continue };
                match (items[0].symbol(), items.get(1)) {
                    (Some("exit"), _) => return Ok(Outcome::Exited),
                    (Some("echo"), Some(SExpr::Str(s, _))) => {
                        writeln!(out, "\"{}\"", s.replace('"', "\"\""))?
                    }
                    (Some("get-info"), Some(SExpr::Keyword(k, _))) => match (k.as_str(), &reason) {
                        (":reason-unknown", Some(why)) => {
                            writeln!(out, "(:reason-unknown (incomplete \"{}\"))", escape(why))?
                        }
                        (":reason-unknown", None) => {
                            writeln!(
                                out,
                                "{}",
                                render(
                                    sources,
                                    file,
                                    command.span().0,
                                    "get-info :reason-unknown is only available after an \
                                     unknown answer"
                                )
                            )?;
                            report.errors += 1;
                        }
                        (":name", _) => writeln!(out, "(:name \"craig\")")?,
                        (":version", _) => {
                            writeln!(out, "(:version \"{}\")", env!("CARGO_PKG_VERSION"))?
                        }
                        (":authors", _) => writeln!(out, "(:authors \"the craig developers\")")?,
                        _ => writeln!(out, "unsupported")?,
                    },
                    _ => writeln!(out, "unsupported")?,
                }
            }
            Err(Fail::Unsupported(why)) => {
                writeln!(out, "unsupported")?;
                let why = format!("{QUANTIFIED}{why}");
                let (diagnostic, line) = unsupported_diagnostic(sources, file, command, &why);
                report.diagnostics.push(diagnostic);
                if head == "assert" {
                    script.dropped.push(Dropped { line, error: false });
                }
            }
            Err(Fail::Error(message, (start, _))) => {
                writeln!(out, "{}", render(sources, file, start, &message))?;
                report.errors += 1;
                // As in the ground route: execution goes on, but a later `sat` would be about
                // fewer assertions than the script made.
                if head == "assert" {
                    let (line, _) = sources.line_col(file, command.span().0);
                    script.dropped.push(Dropped { line, error: true });
                }
            }
        }
    }
    Ok(Outcome::Done)
}

/// For the workbench: when the script uses quantifiers, the TFF text of its declarations and
/// assertions up to its first `check-sat` (the first error is returned with its
/// `file:line:col`); `None` for a ground script.
pub fn quantified_theory(sources: &SourceMap, file: FileId) -> Result<Option<String>, TheoryError> {
    let text = &sources.file(file).text;
    let commands = parse(text, file)
        .map_err(|d| TheoryError::refused(sources, file, d.primary.start as usize, d.message))?;
    if !has_quantifiers(&commands) {
        return Ok(None);
    }
    let mut script = QuantifiedScript::new();
    for command in &commands {
        match script.command(command) {
            Ok(Step::CheckSat(tff)) => return Ok(Some(tff)),
            Ok(_) => {}
            Err(Fail::Unsupported(why)) => {
                let message = format!("unsupported: {QUANTIFIED}{why}");
                return Err(TheoryError::unsupported(sources, file, command.span().0, message));
            }
            Err(Fail::Error(message, (start, _))) => {
                return Err(TheoryError::refused(sources, file, start, message));
            }
        }
    }
    Ok(Some(script.tff()))
}

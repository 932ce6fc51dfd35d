//! Governor oracles backed by craig's own engines: MaySat questions the flow sets cannot decide
//! (paper §4: "we may also choose to invoke an external theorem prover") go to the ground SMT
//! core (`crate::smt`, equality with uninterpreted functions, checked refutations).
//!
//! # The encoding
//!
//! Scheme values are one sort. Each literal is a constant, all distinct (distinct numerals,
//! symbols, strings, booleans, `'()` and void are distinct values). An immutable variable is one
//! constant (alphatisation gives each binder one name, and along one governor vector the
//! binding in scope does not change); a mutable variable, a λ, a primitive used as a value and
//! an allocation are a fresh constant at each occurrence, since two evaluations may differ.
//! A pure primitive is an uninterpreted function (same arguments, same result); `vector-ref`,
//! whose result depends on a mutable heap, is fresh at each occurrence. A test holds when its
//! value is not `#f`. Only facts true in every concrete run are added:
//!
//! - predicates return `#t` or `#f`;
//! - `=`: `#t` exactly when the arguments are the same number; `eq?`/`eqv?`: `#t` implies
//!   the same value, and the same value implies `#t` when one side is a literal other than a
//!   string (craig's machine never makes two strings `eq?`); `not` and `null?` test for `#f`
//!   and `'()`; `zero?` for the numeral 0;
//! - `<`, `<=`, `>`, `>=` and the numeric predicates are evaluated on the numerals of the
//!   question, and comparing a value with itself gives what it must;
//! - a variable's flow set: one of its literals when it holds only literals, and never a
//!   literal of the question it cannot be (none of its values is that literal and no `int`,
//!   `string` or `symbol` in it covers it).
//!
//! Everything else (arithmetic, `equal?` on structures, other comparisons) is left
//! uninterpreted, which only weakens the constraints: a refutation of the weaker problem is a
//! refutation of the question. The oracle answers "unsatisfiable" only on the SMT core's
//! `Unsat`, whose theory lemmas and SAT refutation are checked; an error or `Sat` is "may be
//! satisfiable", as is any question it cannot encode.

use std::cell::RefCell;
use std::collections::{BTreeMap, BTreeSet};

use rustc_hash::FxHashMap;

use super::domain::{Flow, Value};
use super::governors::{GovernorOracle, GovernorQuery, OracleQuestion, OracleReport};
use crate::scheme::ast::{Builtin, Const, VarId};
use crate::scheme::cps::{Atom, CpsProgram, Exp, FALSE, NIL, TRUE, exp_text};
use crate::smt::{Answer, Formula, FunId, SmtStats, SortId, TermId, TermStore, check};

/// Which oracle decides governors the flow sets cannot.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OracleKind {
    /// None: such governors may be satisfiable (plain MaySat).
    None,
    /// craig's SMT core. The default: it can only make conditional GC collect more, every
    /// "unsatisfiable" it gives is a checked refutation, and its questions are cached.
    #[default]
    Smt,
}

impl OracleKind {
    /// The oracle named `name` (`smt` or `none`).
    pub fn parse(name: &str) -> Option<OracleKind> {
        match name {
            "smt" => Some(OracleKind::Smt),
            "none" => Some(OracleKind::None),
            _ => None,
        }
    }

    /// Its name as options write it.
    pub fn name(self) -> &'static str {
        match self {
            OracleKind::None => "none",
            OracleKind::Smt => "smt",
        }
    }

    /// One line saying what it is.
    pub fn describe(self) -> &'static str {
        match self {
            OracleKind::None => "governor oracle: none (MaySat from flow sets only)",
            OracleKind::Smt => "governor oracle: craig's SMT core (QF_UF, checked refutations)",
        }
    }

    /// A fresh oracle of this kind (each keeps its own questions, for its analysis's report).
    pub fn make(self) -> Box<dyn GovernorOracle> {
        match self {
            OracleKind::None => Box::new(super::NoOracle),
            OracleKind::Smt => Box::new(SmtOracle::default()),
        }
    }
}

/// The oracle that asks craig's SMT core. Questions are cached by their encoding's key, and
/// each distinct question is recorded with its answer for the report.
#[derive(Debug, Default)]
pub struct SmtOracle {
    answers: RefCell<FxHashMap<String, usize>>,
    questions: RefCell<Vec<OracleQuestion>>,
}

impl GovernorOracle for SmtOracle {
    fn refutes(&self, query: &GovernorQuery<'_>) -> bool {
        let mut encoding = Encoding::new(query.program);
        let problem = encoding.question(query);
        let key = encoding.key(query);
        if let Some(&i) = self.answers.borrow().get(&key) {
            let mut questions = self.questions.borrow_mut();
            questions[i].asked += 1;
            return questions[i].refuted;
        }
        let refuted = encoding.refutes(&problem);
        let text = question_text(query, &encoding.mentioned);
        let mut questions = self.questions.borrow_mut();
        self.answers.borrow_mut().insert(key, questions.len());
        questions.push(OracleQuestion { text, refuted, asked: 1 });
        refuted
    }

    fn report(&self) -> Option<OracleReport> {
        Some(OracleReport { name: "smt", questions: self.questions.borrow().clone() })
    }
}

/// The literals a flow set may hold, and which kinds of unknown value it has.
#[derive(Debug, Default, PartialEq, Eq, Hash)]
struct FlowSummary {
    literals: Vec<Const>,
    any_int: bool,
    any_string: bool,
    any_symbol: bool,
    /// A procedure, pair or vector: equal to no literal.
    other: bool,
}

fn summary(program: &CpsProgram, flow: &Flow) -> FlowSummary {
    let mut s = FlowSummary::default();
    for v in flow.iter() {
        match v {
            Value::Lit(c) => s.literals.push(program.constant(*c).clone()),
            Value::AnyInt => s.any_int = true,
            Value::AnyStr => s.any_string = true,
            Value::AnySym => s.any_symbol = true,
            _ => s.other = true,
        }
    }
    s
}

impl FlowSummary {
    /// Whether a value of this flow set may be the literal `c`.
    fn may_be(&self, c: &Const) -> bool {
        self.literals.contains(c)
            || match c {
                Const::Int(_) => self.any_int,
                Const::Str(_) => self.any_string,
                Const::Sym(_) => self.any_symbol,
                _ => false,
            }
    }

    fn only_literals(&self) -> bool {
        !self.literals.is_empty()
            && !self.any_int
            && !self.any_string
            && !self.any_symbol
            && !self.other
    }
}

/// One question being put into the SMT core's terms.
struct Encoding<'p> {
    program: &'p CpsProgram,
    store: TermStore,
    value: SortId,
    literals: BTreeMap<Const, TermId>,
    variables: BTreeMap<VarId, TermId>,
    functions: BTreeMap<(Builtin, usize), FunId>,
    /// Applications of comparisons and numeric predicates, evaluated on numerals at the end.
    numeric: Vec<(Builtin, Vec<TermId>, TermId)>,
    fresh: usize,
    facts: Vec<Formula>,
    /// The immutable variables the question mentions, in order.
    mentioned: BTreeSet<VarId>,
}

impl<'p> Encoding<'p> {
    fn new(program: &'p CpsProgram) -> Encoding<'p> {
        let mut store = TermStore::new();
        let value = store.declare_sort("Value");
        Encoding {
            program,
            store,
            value,
            literals: BTreeMap::new(),
            variables: BTreeMap::new(),
            functions: BTreeMap::new(),
            numeric: Vec::new(),
            fresh: 0,
            facts: Vec::new(),
            mentioned: BTreeSet::new(),
        }
    }

    fn literal(&mut self, c: &Const) -> TermId {
        if let Some(&t) = self.literals.get(c) {
            return t;
        }
        let f = self.store.declare_fun(&format!("lit {c}"), Vec::new(), self.value, false);
        let t = self.store.apply(f, Vec::new());
        self.literals.insert(c.clone(), t);
        t
    }

    fn constant_id(&mut self, c: crate::scheme::cps::ConstId) -> TermId {
        let c = self.program.constant(c).clone();
        self.literal(&c)
    }

    fn fresh(&mut self, what: &str) -> TermId {
        self.fresh += 1;
        let f = self.store.declare_fun(
            &format!("{what} {}", self.fresh),
            Vec::new(),
            self.value,
            false,
        );
        self.store.apply(f, Vec::new())
    }

    fn variable(&mut self, v: VarId) -> TermId {
        if self.program.var(v).mutable {
            return self.fresh("mutable");
        }
        self.mentioned.insert(v);
        if let Some(&t) = self.variables.get(&v) {
            return t;
        }
        let name = self.program.var(v).name.clone();
        let f = self.store.declare_fun(&name, Vec::new(), self.value, false);
        let t = self.store.apply(f, Vec::new());
        self.variables.insert(v, t);
        t
    }

    fn boolean(&mut self, b: bool) -> TermId {
        self.constant_id(if b { TRUE } else { FALSE })
    }

    fn is_true(&mut self, r: TermId) -> Formula {
        Formula::Eq(r, self.boolean(true))
    }

    /// The term for the value of `e`.
    fn exp(&mut self, e: &Exp) -> TermId {
        let (prim, args) = match e {
            Exp::Atom(Atom::Var(v)) => return self.variable(*v),
            Exp::Atom(Atom::Const(c)) => return self.constant_id(*c),
            Exp::Atom(Atom::Lam(_)) => return self.fresh("closure"),
            Exp::Atom(Atom::Prim(_)) => return self.fresh("primitive"),
            Exp::Prim { prim, args, .. } => (*prim, args),
        };
        // Reads of mutable memory are fresh: `vector-ref` always, `car` and its kin in a program
        // that mutates pairs, and string reads (`string-set!`).
        let mutable_read = match prim {
            Builtin::VectorRef
            | Builtin::RecordRef
            | Builtin::StringRef
            | Builtin::Substring
            | Builtin::StringCopy => true,
            _ => prim.cxr_path().is_some() && self.program.mutates_pairs(),
        };
        if prim.allocates() || mutable_read || matches!(prim, Builtin::Error | Builtin::Apply) {
            return self.fresh(prim.name());
        }
        let terms: Vec<TermId> = args.iter().map(|a| self.exp(a)).collect();
        let value = self.value;
        let f = *self.functions.entry((prim, terms.len())).or_insert_with(|| {
            self.store.declare_fun(prim.name(), vec![value; terms.len()], value, false)
        });
        let r = self.store.apply(f, terms.clone());
        self.facts_of(prim, &terms, r);
        r
    }

    /// What is known of `r = prim(args)` in every concrete run.
    fn facts_of(&mut self, prim: Builtin, args: &[TermId], r: TermId) {
        use Builtin::*;
        let predicate = matches!(
            prim,
            NumEq
                | Lt
                | Gt
                | Le
                | Ge
                | ZeroP
                | PositiveP
                | NegativeP
                | EvenP
                | OddP
                | Not
                | EqP
                | EqvP
                | EqualP
                | NullP
                | PairP
                | NumberP
                | IntegerP
                | BooleanP
                | SymbolP
                | StringP
                | ProcedureP
                | VectorP
                | StringEqP
        );
        if !predicate {
            return;
        }
        let (t, f) = (self.boolean(true), self.boolean(false));
        self.facts.push(Formula::Or(vec![Formula::Eq(r, t), Formula::Eq(r, f)]));
        let holds = self.is_true(r);
        match (prim, args) {
            (NumEq, [a, b]) => {
                self.facts.push(Formula::Iff(Box::new(holds), Box::new(Formula::Eq(*a, *b))))
            }
            (EqP | EqvP, [a, b]) => {
                self.facts.push(implies(holds.clone(), Formula::Eq(*a, *b)));
                let non_string_literal = |x: &TermId| {
                    self.literals.iter().any(|(c, l)| l == x && !matches!(c, Const::Str(_)))
                };
                if non_string_literal(a) || non_string_literal(b) {
                    self.facts.push(implies(Formula::Eq(*a, *b), holds));
                }
            }
            (Not, [a]) => {
                self.facts.push(Formula::Iff(Box::new(holds), Box::new(Formula::Eq(*a, f))))
            }
            (NullP, [a]) => {
                let nil = self.constant_id(NIL);
                self.facts.push(Formula::Iff(Box::new(holds), Box::new(Formula::Eq(*a, nil))));
            }
            (ZeroP, [a]) => {
                let zero = self.literal(&Const::Int(0));
                self.facts.push(Formula::Iff(Box::new(holds), Box::new(Formula::Eq(*a, zero))));
            }
            (Lt | Gt | Le | Ge, [a, b]) => {
                // A number compared with itself.
                let reflexive = matches!(prim, Le | Ge);
                let expected = self.boolean(reflexive);
                self.facts.push(implies(Formula::Eq(*a, *b), Formula::Eq(r, expected)));
                self.numeric.push((prim, args.to_vec(), r));
            }
            (PositiveP | NegativeP | EvenP | OddP, [_]) => {
                self.numeric.push((prim, args.to_vec(), r));
            }
            _ => {}
        }
    }

    /// The question as assertions: the facts, the bindings, the earlier tests, the goal, and
    /// the flow sets of the variables it mentions.
    fn question(&mut self, q: &GovernorQuery<'_>) -> Vec<Formula> {
        let mut asserted = Vec::new();
        for (v, e) in &q.bindings {
            let x = self.variable(*v);
            let y = self.exp(e);
            asserted.push(Formula::Eq(x, y));
        }
        for (e, polarity) in &q.assumptions {
            asserted.push(self.test(e, *polarity));
        }
        asserted.push(self.test(&q.goal.0, q.goal.1));
        // Flow sets, for the variables mentioned; their literals join the question's.
        let flows: Vec<(TermId, FlowSummary)> = q
            .values
            .iter()
            .filter(|(v, _)| self.mentioned.contains(v))
            .map(|(v, f)| (self.variables[v], summary(self.program, f)))
            .collect();
        for (_, s) in &flows {
            for c in &s.literals {
                self.literal(c);
            }
        }
        let literals: Vec<(Const, TermId)> =
            self.literals.iter().map(|(c, t)| (c.clone(), *t)).collect();
        for (x, s) in &flows {
            if s.only_literals() {
                asserted.push(Formula::Or(
                    s.literals.iter().map(|c| Formula::Eq(*x, self.literals[c])).collect(),
                ));
            }
            for (c, l) in &literals {
                if !s.may_be(c) {
                    asserted.push(Formula::Not(Box::new(Formula::Eq(*x, *l))));
                }
            }
        }
        // Numeric facts on the question's numerals.
        let numerals: Vec<(i64, TermId)> = literals
            .iter()
            .filter_map(|(c, t)| match c {
                Const::Int(n) => Some((*n, *t)),
                _ => None,
            })
            .collect();
        for (prim, args, r) in std::mem::take(&mut self.numeric) {
            let f = self.store.term(r).fun;
            for values in tuples(&numerals, args.len()) {
                let ns: Vec<i64> = values.iter().map(|(n, _)| *n).collect();
                let Some(truth) = numeric(prim, &ns) else { continue };
                let at = self.store.apply(f, values.iter().map(|(_, t)| *t).collect());
                let b = self.boolean(truth);
                asserted.push(Formula::Eq(at, b));
            }
        }
        // Distinct literals are distinct values.
        for (i, (_, a)) in literals.iter().enumerate() {
            for (_, b) in &literals[i + 1..] {
                asserted.push(Formula::Not(Box::new(Formula::Eq(*a, *b))));
            }
        }
        asserted.append(&mut self.facts);
        asserted
    }

    fn test(&mut self, e: &Exp, polarity: bool) -> Formula {
        let r = self.exp(e);
        let f = self.boolean(false);
        let is_false = Formula::Eq(r, f);
        if polarity { Formula::Not(Box::new(is_false)) } else { is_false }
    }

    /// A key naming the question up to what the encoding reads: the expressions and the flow
    /// sets of the variables mentioned, summarised.
    fn key(&self, q: &GovernorQuery<'_>) -> String {
        let flows: Vec<(VarId, FlowSummary)> = q
            .values
            .iter()
            .filter(|(v, _)| self.mentioned.contains(v))
            .map(|(v, f)| (*v, summary(self.program, f)))
            .collect();
        format!("{:?}|{:?}|{:?}|{:?}", q.bindings, q.assumptions, q.goal, flows)
    }

    /// True only on a checked refutation.
    fn refutes(&self, assertions: &[Formula]) -> bool {
        let mut stats = SmtStats::default();
        matches!(check(&self.store, assertions, &[], &mut stats), Ok(Answer::Unsat { .. }))
    }
}

fn implies(a: Formula, b: Formula) -> Formula {
    Formula::Or(vec![Formula::Not(Box::new(a)), b])
}

/// Every tuple of `n` numerals (at most a few: the questions mention few numerals and
/// comparisons take two arguments).
fn tuples(numerals: &[(i64, TermId)], n: usize) -> Vec<Vec<(i64, TermId)>> {
    let mut out: Vec<Vec<(i64, TermId)>> = vec![Vec::new()];
    for _ in 0..n {
        out = out
            .into_iter()
            .flat_map(|t| {
                numerals.iter().map(move |x| {
                    let mut t = t.clone();
                    t.push(*x);
                    t
                })
            })
            .collect();
    }
    out
}

/// A comparison or numeric predicate on numerals, as craig's machine evaluates it.
fn numeric(prim: Builtin, ns: &[i64]) -> Option<bool> {
    Some(match (prim, ns) {
        (Builtin::Lt, [a, b]) => a < b,
        (Builtin::Gt, [a, b]) => a > b,
        (Builtin::Le, [a, b]) => a <= b,
        (Builtin::Ge, [a, b]) => a >= b,
        (Builtin::PositiveP, [a]) => *a > 0,
        (Builtin::NegativeP, [a]) => *a < 0,
        (Builtin::EvenP, [a]) => a % 2 == 0,
        (Builtin::OddP, [a]) => a % 2 != 0,
        _ => return None,
    })
}

/// The question as the report shows it: the flow sets of the variables it mentions, the
/// bindings and earlier tests, then the goal.
fn question_text(q: &GovernorQuery<'_>, mentioned: &BTreeSet<VarId>) -> String {
    let p = q.program;
    let test = |e: &Exp, polarity: bool| {
        if polarity { exp_text(p, e) } else { format!("(not {})", exp_text(p, e)) }
    };
    let mut facts: Vec<String> = q
        .values
        .iter()
        .filter(|(v, _)| mentioned.contains(v))
        .map(|(v, f)| {
            let s = summary(p, f);
            let mut members: Vec<String> = s.literals.iter().map(|c| c.to_string()).collect();
            for (on, name) in [
                (s.any_int, "int"),
                (s.any_string, "string"),
                (s.any_symbol, "symbol"),
                (s.other, "others"),
            ] {
                if on {
                    members.push(name.into());
                }
            }
            format!("{} ∈ {{{}}}", p.var(*v).name, members.join(", "))
        })
        .collect();
    facts.extend(
        q.bindings.iter().map(|(v, e)| format!("(↦ {} {})", p.var(*v).name, exp_text(p, e))),
    );
    facts.extend(q.assumptions.iter().map(|(e, polarity)| test(e, *polarity)));
    format!("{} ⊢ {}", facts.join(", "), test(&q.goal.0, q.goal.1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scheme::cps::SiteId;
    use crate::syntax::SourceMap;

    fn program() -> CpsProgram {
        let mut sources = SourceMap::new();
        let text = "(define (f x y) (lambda () (if (= x 0) (if (< x y) 1 2) 3))) (f 0 1)";
        crate::scheme::load_program_str("t.scm", text, &[], &mut sources).0.unwrap()
    }

    fn var(p: &CpsProgram, name: &str) -> VarId {
        VarId(p.vars.iter().position(|v| v.name == name).unwrap() as u32)
    }

    fn lit(p: &CpsProgram, n: i64) -> Exp {
        Exp::Atom(Atom::Const(p.const_id(&Const::Int(n)).unwrap()))
    }

    fn prim(b: Builtin, args: Vec<Exp>) -> Exp {
        Exp::Prim { prim: b, args, site: SiteId(0) }
    }

    fn ints(p: &CpsProgram, ns: &[i64]) -> Flow {
        Flow::from_values(
            ns.iter().map(|n| Value::Lit(p.const_id(&Const::Int(*n)).unwrap())).collect(),
        )
    }

    #[test]
    fn contradictory_tests_are_refuted() {
        let p = program();
        let x = Exp::Atom(Atom::Var(var(&p, "x")));
        let test = prim(Builtin::NumEq, vec![x.clone(), lit(&p, 0)]);
        let q = GovernorQuery {
            program: &p,
            values: vec![(var(&p, "x"), Flow::single(Value::AnyInt))],
            bindings: Vec::new(),
            assumptions: vec![(test.clone(), true)],
            goal: (test.clone(), false),
        };
        let oracle = SmtOracle::default();
        assert!(oracle.refutes(&q));
        assert!(oracle.refutes(&q));
        let report = oracle.report().unwrap();
        assert_eq!(report.questions.len(), 1);
        assert_eq!(report.questions[0].asked, 2);
        assert_eq!(report.questions[0].text, "x ∈ {int}, (= x 0) ⊢ (not (= x 0))");
    }

    #[test]
    fn satisfiable_questions_are_not_refuted() {
        let p = program();
        let (x, y) = (Exp::Atom(Atom::Var(var(&p, "x"))), Exp::Atom(Atom::Var(var(&p, "y"))));
        let zero = prim(Builtin::NumEq, vec![x.clone(), lit(&p, 0)]);
        let less = prim(Builtin::Lt, vec![x.clone(), y.clone()]);
        let oracle = SmtOracle::default();
        // x = 0 and x < y, with y ∈ {0, 1}: y = 1 satisfies both.
        let q = GovernorQuery {
            program: &p,
            values: vec![(var(&p, "x"), ints(&p, &[0, 1])), (var(&p, "y"), ints(&p, &[0, 1]))],
            bindings: Vec::new(),
            assumptions: vec![(zero.clone(), true)],
            goal: (less.clone(), true),
        };
        assert!(!oracle.refutes(&q));
        // ... and with y ∈ {0} it is refuted: 0 < 0 is false on the numerals.
        let q = GovernorQuery {
            values: vec![(var(&p, "x"), ints(&p, &[0, 1])), (var(&p, "y"), ints(&p, &[0]))],
            ..q
        };
        assert!(oracle.refutes(&q));
        // x = 0 and not (x = 0) with x mutable is satisfiable: the two reads may differ.
        let mut mutable = p.clone();
        let xv = var(&p, "x");
        mutable.vars[xv.0 as usize].mutable = true;
        let q = GovernorQuery {
            program: &mutable,
            values: Vec::new(),
            bindings: Vec::new(),
            assumptions: vec![(zero.clone(), true)],
            goal: (zero.clone(), false),
        };
        assert!(!oracle.refutes(&q));
    }
}

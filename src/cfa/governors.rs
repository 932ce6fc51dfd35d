//! Governors (paper Fig. 5) and the MaySat relation behind conditional garbage collection.
//!
//! `G(t, s)` lists the conditions and bindings that must hold for control to reach the
//! occurrence `s` inside term `t`: a `let` or `letrec` contributes a binding governor
//! `(↦ v e)`, an `if` its test (for the true arm) or the test's negation (for the false arm).
//! The table here holds, for every λ and every call, the governor vectors of each free
//! variable's occurrences. A variable is *usable* from a closure or a state if some occurrence's
//! vector may be satisfied.
//!
//! MaySat evaluates each governor with the flow sets at hand (paper §5): a binding governor is
//! always satisfiable and makes its variable's value known to later governors; a test is
//! unsatisfiable when its abstract value is `{#f}` (and its negation when `#f` is impossible);
//! equality uses abstract counting (see `prims.rs`) and variables known equal through binding
//! governors. What the flow sets cannot decide goes to a [`GovernorOracle`]; the default oracle
//! says "maybe", which is always sound (answering "maybe" everywhere is plain reachability GC).

use super::domain::{Addr, Counts, Env, Flow, Store, Time, Value, lookup};
use super::prims::{Literals, PrimContext};
use crate::scheme::ast::{Builtin, VarId};
use crate::scheme::cps::{Atom, CallId, CallKind, CpsProgram, Exp, FALSE, LamId};

/// A governor, by its index in [`GovernorTable::governors`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GovId(pub u32);

/// One governor.
#[derive(Clone, Debug)]
pub enum Governor {
    /// `(↦ v e)`: `v` is bound to the value of `e`.
    Binding(VarId, Exp),
    /// The test `e` is true (not `#f`).
    Holds(Exp),
    /// The test `e` is false: `(not e)`.
    Fails(Exp),
}

/// How a variable is used from a term.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Usage {
    /// Some occurrence is governed by nothing (or there are too many vectors to keep).
    Always,
    /// The governor vectors of its occurrences (distinct, none empty).
    Governed(Vec<Vec<GovId>>),
}

/// More distinct vectors than this for one variable: treated as [`Usage::Always`] (sound).
const MAX_VECTORS: usize = 16;

/// The governors of a program, precomputed per term.
#[derive(Clone, Debug, Default)]
pub struct GovernorTable {
    /// Every governor.
    pub governors: Vec<Governor>,
    /// Per λ: each free variable's usage.
    pub lams: Vec<Vec<(VarId, Usage)>>,
    /// Per call: each free variable's usage (the roots of an Eval state).
    pub calls: Vec<Vec<(VarId, Usage)>>,
}

type Occurrences = Vec<(VarId, Vec<GovId>)>;

impl GovernorTable {
    /// Computes the table.
    pub fn new(p: &CpsProgram) -> GovernorTable {
        let mut b = Builder {
            p,
            governors: Vec::new(),
            call_govs: Vec::with_capacity(p.calls.len()),
            call_occ: vec![None; p.calls.len()],
            lam_occ: vec![None; p.lams.len()],
        };
        for c in p.call_ids() {
            let ids = match &p.call(c).kind {
                CallKind::Let { var, exp, .. } => vec![b.add(Governor::Binding(*var, exp.clone()))],
                CallKind::If { test, .. } => {
                    vec![b.add(Governor::Holds(test.clone())), b.add(Governor::Fails(test.clone()))]
                }
                CallKind::Letrec { bindings, .. } => bindings
                    .iter()
                    .map(|(v, l)| b.add(Governor::Binding(*v, Exp::Atom(Atom::Lam(*l)))))
                    .collect(),
                _ => Vec::new(),
            };
            b.call_govs.push(ids);
        }
        let calls = p.call_ids().map(|c| usage(&b.call(c))).collect();
        let lams = p.lam_ids().map(|l| usage(&b.lam(l))).collect();
        GovernorTable { governors: b.governors, lams, calls }
    }

    /// The governor vectors of `v`'s occurrences in λ `l` (for tests and `show`).
    pub fn lam_usage(&self, l: LamId, v: VarId) -> Option<&Usage> {
        self.lams[l.0 as usize].iter().find(|(w, _)| *w == v).map(|(_, u)| u)
    }

    /// The governor vectors of `v`'s occurrences in call `c`.
    pub fn call_usage(&self, c: CallId, v: VarId) -> Option<&Usage> {
        self.calls[c.0 as usize].iter().find(|(w, _)| *w == v).map(|(_, u)| u)
    }

    /// A governor as text, as in the paper: `(↦ a 3)`, `(= a b)`, `(not (= a b))`.
    pub fn text(&self, p: &CpsProgram, g: GovId) -> String {
        use crate::scheme::cps::exp_text;
        match &self.governors[g.0 as usize] {
            Governor::Binding(v, e) => format!("(↦ {} {})", p.var(*v).name, exp_text(p, e)),
            Governor::Holds(e) => exp_text(p, e),
            Governor::Fails(e) => format!("(not {})", exp_text(p, e)),
        }
    }
}

fn usage(occ: &Occurrences) -> Vec<(VarId, Usage)> {
    let mut out: Vec<(VarId, Usage)> = Vec::new();
    for (v, vector) in occ {
        let i = match out.iter().position(|(w, _)| w == v) {
            Some(i) => i,
            None => {
                out.push((*v, Usage::Governed(Vec::new())));
                out.len() - 1
            }
        };
        if let Usage::Governed(vs) = &mut out[i].1 {
            if vector.is_empty() || vs.len() >= MAX_VECTORS {
                out[i].1 = Usage::Always;
            } else if !vs.contains(vector) {
                vs.push(vector.clone());
            }
        }
    }
    out.sort_by_key(|(v, _)| *v);
    out
}

struct Builder<'a> {
    p: &'a CpsProgram,
    governors: Vec<Governor>,
    call_govs: Vec<Vec<GovId>>,
    call_occ: Vec<Option<Occurrences>>,
    lam_occ: Vec<Option<Occurrences>>,
}

impl Builder<'_> {
    fn add(&mut self, g: Governor) -> GovId {
        self.governors.push(g);
        GovId(self.governors.len() as u32 - 1)
    }

    fn atom(&mut self, a: &Atom) -> Occurrences {
        match a {
            Atom::Var(v) => vec![(*v, Vec::new())],
            Atom::Lam(l) => self.lam(*l),
            _ => Vec::new(),
        }
    }

    fn exp(&mut self, e: &Exp) -> Occurrences {
        match e {
            Exp::Atom(a) => self.atom(a),
            Exp::Prim { args, .. } => args.iter().flat_map(|a| self.exp(a)).collect(),
        }
    }

    fn lam(&mut self, l: LamId) -> Occurrences {
        if let Some(o) = &self.lam_occ[l.0 as usize] {
            return o.clone();
        }
        let lam = self.p.lam(l);
        let mut o = self.call(lam.body);
        o.retain(|(v, _)| !lam.params.contains(v));
        self.lam_occ[l.0 as usize] = Some(o.clone());
        o
    }

    fn call(&mut self, c: CallId) -> Occurrences {
        if let Some(o) = &self.call_occ[c.0 as usize] {
            return o.clone();
        }
        let govs = self.call_govs[c.0 as usize].clone();
        let prefixed = |prefix: &[GovId], occ: Occurrences| -> Occurrences {
            occ.into_iter().map(|(v, g)| (v, prefix.iter().copied().chain(g).collect())).collect()
        };
        let mut o: Occurrences = match &self.p.call(c).kind {
            CallKind::App { f, args } => {
                std::iter::once(f).chain(args).flat_map(|a| self.atom(a)).collect()
            }
            CallKind::If { test, then, otherwise } => {
                let mut o = self.exp(test);
                let t = self.atom(then);
                o.extend(prefixed(&govs[..1], t));
                let f = self.atom(otherwise);
                o.extend(prefixed(&govs[1..], f));
                o
            }
            CallKind::Let { var, exp, body } => {
                let mut o = self.exp(exp);
                let mut b = self.call(*body);
                b.retain(|(v, _)| v != var);
                o.extend(prefixed(&govs, b));
                o
            }
            CallKind::Letrec { bindings, body } => {
                let mut o = Vec::new();
                for (_, l) in bindings {
                    let inner = self.lam(*l);
                    o.extend(prefixed(&govs, inner));
                }
                let b = self.call(*body);
                o.extend(prefixed(&govs, b));
                o.retain(|(v, _)| !bindings.iter().any(|(w, _)| w == v));
                o
            }
            CallKind::Set { var, value, body } => {
                let mut o = vec![(*var, Vec::new())];
                o.extend(self.atom(value));
                o.extend(self.call(*body));
                o
            }
            CallKind::Halt { value } => self.atom(value),
        };
        o.sort();
        o.dedup();
        self.call_occ[c.0 as usize] = Some(o.clone());
        o
    }
}

/// A question MaySat could not answer from flow sets: can `goal` hold, given the rest?
///
/// This is the extension point for craig's prover or SMT engine (paper §4: "we may also choose
/// to invoke an external theorem prover"). The variables are the program's; their known flow
/// sets, the bindings and the earlier governors of the vector (assumed to hold) are what the
/// analysis knows.
#[derive(Clone, Debug)]
pub struct GovernorQuery<'a> {
    /// The program the expressions belong to.
    pub program: &'a CpsProgram,
    /// Flow sets known for free variables of the term.
    pub values: Vec<(VarId, Flow)>,
    /// Bindings made earlier in the vector: `v` equals the value of the expression.
    pub bindings: Vec<(VarId, Exp)>,
    /// Earlier tests of the vector with their polarity (true: the test holds).
    pub assumptions: Vec<(Exp, bool)>,
    /// The test and the polarity asked about.
    pub goal: (Exp, bool),
}

/// Decides governors over basic values that flow sets alone cannot decide.
pub trait GovernorOracle {
    /// True only if the goal is certainly unsatisfiable under the query's facts. Returning
    /// false is always sound.
    fn refutes(&self, query: &GovernorQuery<'_>) -> bool;

    /// The distinct questions asked so far with their answers, for the report (an oracle that
    /// asks nobody has none to show).
    fn report(&self) -> Option<OracleReport> {
        None
    }
}

/// One distinct question an oracle was asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OracleQuestion {
    /// The question: what is known, `⊢`, the governor asked about.
    pub text: String,
    /// Whether the oracle proved the governor unsatisfiable.
    pub refuted: bool,
    /// How many times it was asked.
    pub asked: usize,
}

/// What an oracle was asked during one analysis, in the order first asked.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OracleReport {
    /// The oracle's name (`smt`).
    pub name: &'static str,
    /// The distinct questions.
    pub questions: Vec<OracleQuestion>,
}

/// The oracle that never refutes: MaySat from the flow sets alone (`--oracle none`).
#[derive(Clone, Copy, Debug, Default)]
pub struct NoOracle;

impl GovernorOracle for NoOracle {
    fn refutes(&self, _: &GovernorQuery<'_>) -> bool {
        false
    }
}

/// What MaySat reads about one closure or state.
pub struct MaySatContext<'a> {
    /// The program.
    pub program: &'a CpsProgram,
    /// The governor table.
    pub table: &'a GovernorTable,
    /// The program's literals.
    pub literals: &'a Literals,
    /// The store.
    pub store: &'a Store,
    /// The counts, if counting is on.
    pub counts: Option<&'a Counts>,
    /// The environment of the closure or Eval state.
    pub env: &'a Env,
    /// Undecided questions go here.
    pub oracle: &'a dyn GovernorOracle,
}

/// A governor-time value: a flow set, or unknown (a variable bound inside the term by a λ, or
/// a mutable variable).
#[derive(Clone, Debug)]
enum Known {
    Flow(Flow),
    Unknown,
}

impl MaySatContext<'_> {
    /// `(β̂, v̂e, μ̂, ⟨⟩) MaySat vector`.
    pub fn may_sat(&self, vector: &[GovId]) -> bool {
        let mut bound: Vec<(VarId, Known, Option<Exp>)> = Vec::new();
        let mut assumed: Vec<(Exp, bool)> = Vec::new();
        for &g in vector {
            match &self.table.governors[g.0 as usize] {
                Governor::Binding(v, e) => {
                    // A mutable variable may change after its binding: no equivalence.
                    if self.program.var(*v).mutable {
                        bound.push((*v, Known::Unknown, None));
                    } else {
                        let k = self.eval(e, &bound);
                        bound.push((*v, k, Some(e.clone())));
                    }
                }
                Governor::Holds(e) | Governor::Fails(e) => {
                    let polarity = matches!(self.table.governors[g.0 as usize], Governor::Holds(_));
                    let possible = match self.eval(e, &bound) {
                        Known::Flow(f) if !f.is_empty() => {
                            let falsy = f.contains(&Value::Lit(FALSE));
                            let truthy = f.iter().any(|x| *x != Value::Lit(FALSE));
                            let by_flows = if polarity { truthy } else { falsy };
                            // Flow sets speak of one variable at a time; the earlier tests and
                            // bindings of the vector constrain them together, which only the
                            // oracle can weigh.
                            let related =
                                !assumed.is_empty() || bound.iter().any(|b| b.2.is_some());
                            by_flows
                                && !(related
                                    && self
                                        .oracle
                                        .refutes(&self.query(&bound, &assumed, e, polarity)))
                        }
                        _ => !self.oracle.refutes(&self.query(&bound, &assumed, e, polarity)),
                    };
                    if !possible {
                        return false;
                    }
                    assumed.push((e.clone(), polarity));
                }
            }
        }
        true
    }

    fn query<'b>(
        &'b self,
        bound: &[(VarId, Known, Option<Exp>)],
        assumed: &[(Exp, bool)],
        goal: &Exp,
        polarity: bool,
    ) -> GovernorQuery<'b> {
        let values = self
            .env
            .iter()
            .filter(|(v, _)| !self.program.var(*v).mutable)
            .filter_map(|&(v, t)| self.store.get(&Addr::Var(v, t)).map(|f| (v, f.clone())))
            .collect();
        GovernorQuery {
            program: self.program,
            values,
            bindings: bound.iter().filter_map(|(v, _, e)| Some((*v, e.clone()?))).collect(),
            assumptions: assumed.to_vec(),
            goal: (goal.clone(), polarity),
        }
    }

    fn var(&self, v: VarId, bound: &[(VarId, Known, Option<Exp>)]) -> Known {
        if let Some((_, k, _)) = bound.iter().rev().find(|(w, _, _)| *w == v) {
            return k.clone();
        }
        if self.program.var(v).mutable {
            return Known::Unknown;
        }
        match lookup(self.env, v).and_then(|t| self.store.get(&Addr::Var(v, t))) {
            Some(f) if !f.is_empty() => Known::Flow(f.clone()),
            _ => Known::Unknown,
        }
    }

    /// The variable a binding chain `(↦ a b)` ends at, so `a` and `b` are the same value.
    fn root(&self, mut v: VarId, bound: &[(VarId, Known, Option<Exp>)]) -> VarId {
        for _ in 0..bound.len() {
            match bound.iter().rev().find(|(w, _, _)| *w == v) {
                // A mutable variable may have changed since the binding: no equivalence.
                Some((_, _, Some(Exp::Atom(Atom::Var(w))))) if !self.program.var(*w).mutable => {
                    v = *w
                }
                _ => break,
            }
        }
        v
    }

    fn eval(&self, e: &Exp, bound: &[(VarId, Known, Option<Exp>)]) -> Known {
        match e {
            Exp::Atom(Atom::Var(v)) => self.var(*v, bound),
            Exp::Atom(Atom::Const(c)) => Known::Flow(Flow::single(Value::Lit(*c))),
            Exp::Atom(_) => Known::Unknown,
            Exp::Prim { prim, args, site } => {
                // The same variable (or one bound to it) on both sides is equal to itself.
                if let (
                    Builtin::EqP | Builtin::EqvP | Builtin::EqualP | Builtin::NumEq,
                    [Exp::Atom(Atom::Var(a)), Exp::Atom(Atom::Var(b))],
                ) = (prim, args.as_slice())
                    && !self.program.var(*a).mutable
                    && !self.program.var(*b).mutable
                    && self.root(*a, bound) == self.root(*b, bound)
                {
                    return Known::Flow(Flow::single(Value::Lit(crate::scheme::cps::TRUE)));
                }
                if prim.allocates() {
                    return Known::Unknown;
                }
                let mut flows = Vec::with_capacity(args.len());
                for a in args {
                    match self.eval(a, bound) {
                        Known::Flow(f) => flows.push(f),
                        Known::Unknown => return Known::Unknown,
                    }
                }
                let cx = PrimContext {
                    program: self.program,
                    literals: self.literals,
                    store: self.store,
                    counts: self.counts,
                };
                let out = cx.apply(*prim, &flows, *site, Time(0));
                if out.value.is_empty() { Known::Unknown } else { Known::Flow(out.value) }
            }
        }
    }
}

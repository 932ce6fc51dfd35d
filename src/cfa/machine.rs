//! The abstract transition relation (paper Fig. 4) and abstract garbage collection (§5).
//!
//! Rules, as reconstructed in the digest (B.3.1): arg. eval. (Eval → Apply, one successor per
//! procedure the operator may be), conditional (Eval → Apply of an arm thunk, forking only when
//! the test's flow set may be both true and false), let-binding and letrec-binding (Eval →
//! Eval), procedure application (Apply → Eval). Two additions: `set!` (Eval → Eval; a strong
//! update when the binding's count is 1, a join otherwise) and primitive application (Apply of
//! a primitive → Apply of the continuation), since primitives are first-class.
//!
//! Time ticks (`succ`) at every call of a procedure that is not a return to a continuation, and
//! at `letrec`; parameters are bound at the time of the Apply state. Counts follow the paper
//! with the rebinding check: a parameter rebound to the very binding its argument came from
//! keeps its count (but never below 1).
//!
//! Garbage collection restricts the store and counts to the bindings reachable from the state's
//! roots (the free variables of the Eval state's call; the procedure and arguments of an Apply
//! state). With conditional GC, a closure or call touches a free variable only if one of its
//! occurrences' governor vectors may be satisfied ([`super::governors`]).

use super::Options;
use super::domain::*;
use super::governors::{GovernorOracle, GovernorTable, MaySatContext, Usage};
use super::prims::{Literals, PrimContext};
use crate::scheme::ast::{Builtin, Prim, VarId};
use crate::scheme::cps::{
    Atom, CallId, CallKind, CpsProgram, Exp, FALSE, LamId, NIL, SiteId, VOID, first_class_site,
};
use crate::syntax::Span;

/// How many lengths of its list `apply` tries one by one on a primitive.
const APPLY_LENGTHS: usize = 8;

/// A possible run-time error found while stepping.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Warning {
    /// Where.
    pub span: Span,
    /// What.
    pub message: String,
}

/// The successors of one state.
#[derive(Clone, Debug, Default)]
pub struct Step {
    /// The successor states (not yet collected).
    pub successors: Vec<State>,
    /// Possible run-time errors on the way.
    pub warnings: Vec<Warning>,
}

/// The abstract machine for one program and one set of options.
pub struct Machine<'a> {
    /// The program.
    pub program: &'a CpsProgram,
    /// The options.
    pub options: Options,
    /// The contours met so far.
    pub times: Times,
    literals: Literals,
    governors: Option<GovernorTable>,
    oracle: &'a dyn GovernorOracle,
}

impl<'a> Machine<'a> {
    /// A machine; the governor table is built only for conditional GC.
    pub fn new(program: &'a CpsProgram, options: Options, oracle: &'a dyn GovernorOracle) -> Self {
        let governors = (options.gc && options.conditional_gc).then(|| GovernorTable::new(program));
        Machine {
            program,
            times: Times::new(options.k),
            literals: Literals::of(program),
            governors,
            options,
            oracle,
        }
    }

    /// The governor table, when conditional GC is on.
    pub fn governors(&self) -> Option<&GovernorTable> {
        self.governors.as_ref()
    }

    /// The initial state `(call, ⊥, ⊥, λ_.0, t̂0)`, collected.
    pub fn initial(&self) -> State {
        let s = State {
            control: Control::Eval { call: self.program.root, env: Vec::new().into() },
            store: Store::new(),
            counts: Counts::new(),
            time: self.times.zero(),
        };
        self.collect(s)
    }

    fn counts_of<'s>(&self, c: &'s Counts) -> Option<&'s Counts> {
        self.options.counting.then_some(c)
    }

    /// `Â` on atoms.
    pub fn atom(&self, a: &Atom, env: &Env, store: &Store) -> Flow {
        match a {
            Atom::Var(v) => lookup(env, *v)
                .and_then(|t| store.get(&Addr::Var(*v, t)))
                .cloned()
                .unwrap_or_default(),
            Atom::Const(c) => Flow::single(Value::Lit(*c)),
            Atom::Lam(l) => Flow::single(self.closure(*l, env, &[])),
            Atom::Prim(p) => Flow::single(Value::Prim(*p)),
        }
    }

    fn closure(&self, l: LamId, env: &[(VarId, Time)], binds: &[(VarId, Time)]) -> Value {
        Value::Clo(l, extend_restrict(env, binds, &self.program.lam(l).free))
    }

    /// `Â` on trivial expressions; allocations and vector writes go into `store`/`counts`.
    fn exp(
        &self,
        e: &Exp,
        env: &Env,
        store: &mut Store,
        counts: &mut Counts,
        time: Time,
        warnings: &mut Vec<String>,
    ) -> Flow {
        match e {
            Exp::Atom(a) => self.atom(a, env, store),
            Exp::Prim { prim, args, site } => {
                let flows: Vec<Flow> =
                    args.iter().map(|a| self.exp(a, env, store, counts, time, warnings)).collect();
                self.primitive(*prim, &flows, *site, time, store, counts, warnings)
            }
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn primitive(
        &self,
        prim: Builtin,
        args: &[Flow],
        site: SiteId,
        time: Time,
        store: &mut Store,
        counts: &mut Counts,
        warnings: &mut Vec<String>,
    ) -> Flow {
        let cx = PrimContext {
            program: self.program,
            literals: &self.literals,
            store,
            counts: self.counts_of(counts),
        };
        let out = cx.apply(prim, args, site, time);
        for (a, f) in out.writes {
            store.entry(a).or_default().join(&f);
        }
        for (a, f) in out.overwrites {
            store.insert(a, f);
        }
        if self.options.counting {
            for a in out.allocs {
                increment(counts, a);
            }
        }
        warnings.extend(out.warnings);
        out.value
    }

    fn bind(&self, store: &mut Store, counts: &mut Counts, a: Addr, value: &Flow, rebound: bool) {
        store.entry(a).or_default().join(value);
        if self.options.counting {
            if rebound && self.options.rebinding && counts.contains_key(&a) {
                // Rebinding a binding to itself: μ̂ ⊕ 0 (still at least one).
            } else {
                increment(counts, a);
            }
        }
    }

    /// The successors of `s` (the paper's `≈>`), before garbage collection.
    pub fn step(&mut self, s: &State) -> Step {
        let mut step = Step::default();
        match &s.control {
            Control::Eval { call, env } => self.step_eval(*call, env, s, &mut step),
            Control::Apply { proc, args, refs } => self.step_apply(proc, args, refs, s, &mut step),
        }
        step
    }

    fn warn(&self, step: &mut Step, span: Span, messages: Vec<String>) {
        for message in messages {
            step.warnings.push(Warning { span, message });
        }
    }

    fn step_eval(&mut self, call: CallId, env: &Env, s: &State, step: &mut Step) {
        let c = self.program.call(call);
        let span = c.span;
        match &c.kind {
            CallKind::App { f, args } => {
                let procs = self.atom(f, env, &s.store);
                let ds: Vec<Flow> = args.iter().map(|a| self.atom(a, env, &s.store)).collect();
                let refs: Vec<Option<Addr>> = args
                    .iter()
                    .map(|a| match a {
                        Atom::Var(v) if !self.program.var(*v).mutable => {
                            lookup(env, *v).map(|t| Addr::Var(*v, t))
                        }
                        _ => None,
                    })
                    .collect();
                let time = if self.program.is_return(call) {
                    s.time
                } else {
                    self.times.tick(s.time, call)
                };
                if procs.iter().any(|p| !p.is_procedure()) {
                    self.warn(step, span, vec!["may apply a value that is not a procedure".into()]);
                }
                for proc in procs.iter().filter(|p| p.is_procedure()) {
                    step.successors.push(State {
                        control: Control::Apply {
                            proc: proc.clone(),
                            args: ds.clone(),
                            refs: refs.clone(),
                        },
                        store: s.store.clone(),
                        counts: s.counts.clone(),
                        time,
                    });
                }
            }
            CallKind::If { test, then, otherwise } => {
                let mut store = s.store.clone();
                let mut counts = s.counts.clone();
                let mut warnings = Vec::new();
                let v = self.exp(test, env, &mut store, &mut counts, s.time, &mut warnings);
                self.warn(step, span, warnings);
                let falsy = v.contains(&Value::Lit(FALSE));
                let truthy = v.iter().any(|x| *x != Value::Lit(FALSE));
                let mut procs = Flow::empty();
                if truthy {
                    procs.join(&self.atom(then, env, &store));
                }
                if falsy {
                    procs.join(&self.atom(otherwise, env, &store));
                }
                for proc in procs.iter().filter(|p| p.is_procedure()) {
                    step.successors.push(State {
                        control: Control::Apply {
                            proc: proc.clone(),
                            args: Vec::new(),
                            refs: Vec::new(),
                        },
                        store: store.clone(),
                        counts: counts.clone(),
                        time: s.time,
                    });
                }
            }
            CallKind::Let { var, exp, body } => {
                let mut store = s.store.clone();
                let mut counts = s.counts.clone();
                let mut warnings = Vec::new();
                let v = self.exp(exp, env, &mut store, &mut counts, s.time, &mut warnings);
                self.warn(step, span, warnings);
                if v.is_empty() {
                    return;
                }
                self.bind(&mut store, &mut counts, Addr::Var(*var, s.time), &v, false);
                let env = extend_restrict(env, &[(*var, s.time)], &self.program.call(*body).free);
                step.successors.push(State {
                    control: Control::Eval { call: *body, env },
                    store,
                    counts,
                    time: s.time,
                });
            }
            CallKind::Letrec { bindings, body } => {
                let time = self.times.tick(s.time, call);
                let binds: Vec<(VarId, Time)> = bindings.iter().map(|(v, _)| (*v, time)).collect();
                let mut store = s.store.clone();
                let mut counts = s.counts.clone();
                for (v, l) in bindings {
                    let clo = Flow::single(self.closure(*l, env, &binds));
                    self.bind(&mut store, &mut counts, Addr::Var(*v, time), &clo, false);
                }
                let env = extend_restrict(env, &binds, &self.program.call(*body).free);
                step.successors.push(State {
                    control: Control::Eval { call: *body, env },
                    store,
                    counts,
                    time,
                });
            }
            CallKind::Set { var, value, body } => {
                let Some(t) = lookup(env, *var) else { return };
                let a = Addr::Var(*var, t);
                let v = self.atom(value, env, &s.store);
                let mut store = s.store.clone();
                // Count 1: the binding is one concrete cell, so the update is strong.
                let strong = self.options.counting && s.counts.get(&a) == Some(&Count::One);
                if strong {
                    store.insert(a, v);
                } else {
                    store.entry(a).or_default().join(&v);
                }
                let env = extend_restrict(env, &[], &self.program.call(*body).free);
                step.successors.push(State {
                    control: Control::Eval { call: *body, env },
                    store,
                    counts: s.counts.clone(),
                    time: s.time,
                });
            }
            CallKind::Halt { .. } => {}
        }
    }

    fn step_apply(
        &mut self,
        proc: &Value,
        args: &[Flow],
        refs: &[Option<Addr>],
        s: &State,
        step: &mut Step,
    ) {
        match proc {
            Value::Clo(l, cenv) => {
                let lam = self.program.lam(*l);
                let mut store = s.store.clone();
                let mut counts = s.counts.clone();
                let (args, refs) = match lam.rest {
                    Some(site) if args.len() + 1 >= lam.params.len() => {
                        // The arguments after the fixed ones become the rest list: one cell
                        // at the λ's site holding them all, or '() when there are none.
                        let fixed = lam.params.len() - 2;
                        let (user, k) = args.split_at(args.len() - 1);
                        let mut bound = user[..fixed].to_vec();
                        let extra = &user[fixed..];
                        bound.push(self.rest_list(site, extra, s.time, &mut store, &mut counts));
                        bound.extend_from_slice(k);
                        let mut rs: Vec<Option<Addr>> =
                            (0..fixed).map(|i| refs.get(i).copied().flatten()).collect();
                        rs.extend([None, refs.get(args.len() - 1).copied().flatten()]);
                        (bound, rs)
                    }
                    _ => (args.to_vec(), refs.to_vec()),
                };
                if lam.params.len() != args.len() {
                    let msg = format!(
                        "procedure of {} parameter(s) applied to {} argument(s)",
                        lam.params.len(),
                        args.len()
                    );
                    self.warn(step, lam.span, vec![msg]);
                    return;
                }
                let binds: Vec<(VarId, Time)> = lam.params.iter().map(|v| (*v, s.time)).collect();
                for (i, (v, d)) in lam.params.iter().zip(&args).enumerate() {
                    let a = Addr::Var(*v, s.time);
                    let rebound = refs.get(i).copied().flatten() == Some(a);
                    self.bind(&mut store, &mut counts, a, d, rebound);
                }
                let env = extend_restrict(cenv, &binds, &self.program.call(lam.body).free);
                step.successors.push(State {
                    control: Control::Eval { call: lam.body, env },
                    store,
                    counts,
                    time: s.time,
                });
            }
            Value::Prim(Prim::Builtin(Builtin::Apply)) => self.step_apply_list(args, s, step),
            Value::Prim(p) => {
                let Some((kont, user_args)) = args.split_last() else {
                    return;
                };
                let mut store = s.store.clone();
                let mut counts = s.counts.clone();
                let value = match p {
                    Prim::Builtin(Builtin::Error) => return,
                    Prim::Builtin(b) => {
                        let site = first_class_site(*b).unwrap_or(SiteId(0));
                        let mut warnings = Vec::new();
                        let v = self.primitive(
                            *b,
                            user_args,
                            site,
                            s.time,
                            &mut store,
                            &mut counts,
                            &mut warnings,
                        );
                        // An Apply state does not know its call site: the warning points at
                        // the program and says how the primitive was reached.
                        let span = self.program.call(self.program.root).span;
                        let warnings = warnings
                            .into_iter()
                            .map(|w| format!("{w} (a primitive passed as a value)"))
                            .collect();
                        self.warn(step, span, warnings);
                        v
                    }
                    Prim::Event(_) => Flow::single(Value::Lit(VOID)),
                };
                if value.is_empty() {
                    return;
                }
                for k in kont.iter().filter(|k| k.is_procedure()) {
                    step.successors.push(State {
                        control: Control::Apply {
                            proc: k.clone(),
                            args: vec![value.clone()],
                            refs: vec![None],
                        },
                        store: store.clone(),
                        counts: counts.clone(),
                        time: s.time,
                    });
                }
            }
            _ => {}
        }
    }

    /// A variadic procedure's rest list of `extra` arguments, allocated at `site`.
    fn rest_list(
        &self,
        site: SiteId,
        extra: &[Flow],
        time: Time,
        store: &mut Store,
        counts: &mut Counts,
    ) -> Flow {
        if extra.is_empty() {
            return Flow::single(Value::Lit(NIL));
        }
        let mut elems = Flow::empty();
        for e in extra {
            elems.join(e);
        }
        let cell = Value::Pair(site, time);
        let tail = Flow::from_values(vec![cell.clone(), Value::Lit(NIL)]);
        for (a, f) in [(Addr::Car(site, time), elems), (Addr::Cdr(site, time), tail)] {
            store.entry(a).or_default().join(&f);
            if self.options.counting {
                increment(counts, a);
            }
        }
        Flow::single(cell)
    }

    /// The cells `n` `cdr`s down the lists of `list`: the elements on the way and what is left.
    fn walk(&self, list: &Flow, n: usize, store: &Store) -> (Vec<Flow>, Flow) {
        let mut cur = list.clone();
        let mut elems = Vec::with_capacity(n);
        for _ in 0..n {
            let (mut car, mut cdr) = (Flow::empty(), Flow::empty());
            for v in cur.iter() {
                if let Value::Pair(s, t) = v {
                    car.join(store.get(&Addr::Car(*s, *t)).unwrap_or(&Flow::empty()));
                    cdr.join(store.get(&Addr::Cdr(*s, *t)).unwrap_or(&Flow::empty()));
                }
            }
            elems.push(car);
            cur = cdr;
        }
        (elems, cur)
    }

    /// `(apply f a ... list k)`: `f` applied to `a ...` and the elements of `list`. A procedure
    /// of n parameters takes the first n elements when the list may end there; a variadic one
    /// gets what is left as its rest list; a primitive is applied to every length the list
    /// may have up to [`APPLY_LENGTHS`], and beyond that to its elements joined.
    fn step_apply_list(&mut self, args: &[Flow], s: &State, step: &mut Step) {
        let span = self.program.call(self.program.root).span;
        let [f, middle @ .., list, k] = args else {
            self.warn(step, span, vec!["`apply` needs a procedure and a list".into()]);
            return;
        };
        let nil = Value::Lit(NIL);
        for proc in f.iter() {
            match proc {
                Value::Clo(l, _) if self.program.lam(*l).rest.is_some() => {
                    let lam = self.program.lam(*l);
                    let fixed = lam.params.len() - 2;
                    let mut store = s.store.clone();
                    let mut counts = s.counts.clone();
                    let mut bound: Vec<Flow>;
                    let rest;
                    if middle.len() <= fixed {
                        let (elems, tail) = self.walk(list, fixed - middle.len(), &s.store);
                        bound = middle.to_vec();
                        bound.extend(elems);
                        rest = tail;
                    } else {
                        // Some plain arguments go to the rest list too, followed by the list's
                        // elements: one cell holding all of them.
                        let mut extra = middle[fixed..].to_vec();
                        extra.push(self.all_elements(list, &s.store));
                        bound = middle[..fixed].to_vec();
                        let site = lam.rest.unwrap_or(SiteId(0));
                        rest = self.rest_list(site, &extra, s.time, &mut store, &mut counts);
                    }
                    bound.push(rest);
                    bound.push(k.clone());
                    let state = State { store, counts, ..s.clone() };
                    let refs = vec![None; bound.len()];
                    // The rest list is given: apply as if to a procedure of fixed arity.
                    self.enter(*l, proc, &bound, &refs, &state, step);
                }
                Value::Clo(l, _) => {
                    let wanted = self.program.lam(*l).params.len().saturating_sub(1);
                    let Some(n) = wanted.checked_sub(middle.len()) else { continue };
                    let (elems, tail) = self.walk(list, n, &s.store);
                    if !tail.contains(&nil) {
                        continue;
                    }
                    let mut bound = middle.to_vec();
                    bound.extend(elems);
                    bound.push(k.clone());
                    let refs = vec![None; bound.len()];
                    self.step_apply(proc, &bound, &refs, s, step);
                }
                Value::Prim(_) => {
                    let (elems, tail) = self.walk(list, APPLY_LENGTHS, &s.store);
                    let mut calls: Vec<Vec<Flow>> = Vec::new();
                    let (_, mut cur) = self.walk(list, 0, &s.store);
                    for n in 0..=APPLY_LENGTHS {
                        if cur.contains(&nil) {
                            calls.push(middle.iter().chain(&elems[..n]).cloned().collect());
                        }
                        if n < APPLY_LENGTHS {
                            cur = self.walk(&cur, 1, &s.store).1;
                        }
                    }
                    if tail.iter().any(|v| matches!(v, Value::Pair(..))) {
                        // Longer lists: chains of the joined elements (one or two copies bound
                        // `min`, `list`, the comparisons and the rest, see `apply_long`).
                        let all = self.all_elements(list, &s.store);
                        for copies in 1..=2 {
                            let mut a = middle.to_vec();
                            a.extend(std::iter::repeat_n(all.clone(), copies));
                            calls.push(a);
                        }
                    }
                    for mut a in calls {
                        a.push(k.clone());
                        let refs = vec![None; a.len()];
                        self.step_apply(proc, &a, &refs, s, step);
                    }
                    if tail.iter().any(|v| matches!(v, Value::Pair(..)))
                        && let Value::Prim(Prim::Builtin(b)) = proc
                        && matches!(
                            b,
                            Builtin::Add
                                | Builtin::Sub
                                | Builtin::Mul
                                | Builtin::Div
                                | Builtin::Gcd
                                | Builtin::Lcm
                        )
                    {
                        // Arithmetic over a longer list: any number.
                        let value = Flow::from_values(vec![Value::AnyInt, Value::AnyNum]);
                        for kv in k.iter().filter(|kv| kv.is_procedure()) {
                            step.successors.push(State {
                                control: Control::Apply {
                                    proc: kv.clone(),
                                    args: vec![value.clone()],
                                    refs: vec![None],
                                },
                                ..s.clone()
                            });
                        }
                    }
                }
                _ => self.warn(step, span, vec!["`apply` of a non-procedure".into()]),
            }
        }
    }

    /// Every element of the lists in `list`, at any depth of their spines.
    fn all_elements(&self, list: &Flow, store: &Store) -> Flow {
        let mut seen: Vec<Value> = Vec::new();
        let mut todo: Vec<Value> = list.iter().cloned().collect();
        let mut out = Flow::empty();
        while let Some(v) = todo.pop() {
            let Value::Pair(s, t) = v else { continue };
            if seen.contains(&v) {
                continue;
            }
            seen.push(v.clone());
            out.join(store.get(&Addr::Car(s, t)).unwrap_or(&Flow::empty()));
            if let Some(cdr) = store.get(&Addr::Cdr(s, t)) {
                todo.extend(cdr.iter().cloned());
            }
        }
        out
    }

    /// Applies closure `l` (the value `proc`) to exactly its parameters' values.
    fn enter(
        &mut self,
        l: LamId,
        proc: &Value,
        bound: &[Flow],
        refs: &[Option<Addr>],
        s: &State,
        step: &mut Step,
    ) {
        let Value::Clo(_, cenv) = proc else { return };
        let lam = self.program.lam(l);
        let mut store = s.store.clone();
        let mut counts = s.counts.clone();
        let binds: Vec<(VarId, Time)> = lam.params.iter().map(|v| (*v, s.time)).collect();
        for (i, (v, d)) in lam.params.iter().zip(bound).enumerate() {
            let a = Addr::Var(*v, s.time);
            let rebound = refs.get(i).copied().flatten() == Some(a);
            self.bind(&mut store, &mut counts, a, d, rebound);
        }
        let env = extend_restrict(cenv, &binds, &self.program.call(lam.body).free);
        step.successors.push(State {
            control: Control::Eval { call: lam.body, env },
            store,
            counts,
            time: s.time,
        });
    }

    // --------------------------------------------------------------------------------------
    // Garbage collection

    fn usable(&self, usage: &Usage, env: &Env, s: &State) -> bool {
        match (usage, &self.governors) {
            (Usage::Always, _) | (_, None) => true,
            (Usage::Governed(vectors), Some(table)) => {
                let cx = MaySatContext {
                    program: self.program,
                    table,
                    literals: &self.literals,
                    store: &s.store,
                    counts: self.counts_of(&s.counts),
                    env,
                    oracle: self.oracle,
                };
                vectors.iter().any(|v| cx.may_sat(v))
            }
        }
    }

    /// The bindings a value touches (`T̂`).
    pub fn touch(&self, v: &Value, s: &State, out: &mut Vec<Addr>) {
        match v {
            Value::Clo(l, env) => match &self.governors {
                Some(table) => {
                    for (x, usage) in &table.lams[l.0 as usize] {
                        if let Some(t) = lookup(env, *x)
                            && self.usable(usage, env, s)
                        {
                            out.push(Addr::Var(*x, t));
                        }
                    }
                }
                None => out.extend(env.iter().map(|&(x, t)| Addr::Var(x, t))),
            },
            Value::Pair(site, t) => {
                out.push(Addr::Car(*site, *t));
                out.push(Addr::Cdr(*site, *t));
            }
            Value::Vector(site, t) => out.push(Addr::Elems(*site, *t)),
            Value::Record(site, t, fields) => {
                out.extend((0..=*fields).map(|i| Addr::Field(*site, *t, i)));
            }
            _ => {}
        }
    }

    /// The root bindings of a state.
    pub fn roots(&self, s: &State) -> Vec<Addr> {
        let mut out = Vec::new();
        match &s.control {
            Control::Eval { call, env } => match &self.governors {
                Some(table) => {
                    for (x, usage) in &table.calls[call.0 as usize] {
                        if let Some(t) = lookup(env, *x)
                            && self.usable(usage, env, s)
                        {
                            out.push(Addr::Var(*x, t));
                        }
                    }
                }
                None => out.extend(env.iter().map(|&(x, t)| Addr::Var(x, t))),
            },
            Control::Apply { proc, args, .. } => {
                self.touch(proc, s, &mut out);
                for d in args {
                    for v in d.iter() {
                        self.touch(v, s, &mut out);
                    }
                }
            }
        }
        out
    }

    /// `R̂(ζ̂)`: every binding reachable from the roots, sorted.
    pub fn reachable(&self, s: &State) -> Vec<Addr> {
        let mut seen: std::collections::BTreeSet<Addr> = std::collections::BTreeSet::new();
        let mut stack = self.roots(s);
        let mut touched = Vec::new();
        while let Some(a) = stack.pop() {
            if !seen.insert(a) {
                continue;
            }
            if let Some(f) = s.store.get(&a) {
                for v in f.iter() {
                    touched.clear();
                    self.touch(v, s, &mut touched);
                    stack.extend(touched.iter().filter(|b| !seen.contains(b)));
                }
            }
        }
        seen.into_iter().collect()
    }

    /// `F̂`: the state with store and counts restricted to the reachable bindings (when GC is
    /// on; the identity otherwise).
    pub fn collect(&self, mut s: State) -> State {
        if !self.options.gc {
            return s;
        }
        let live = self.reachable(&s);
        s.store.retain(|a, _| live.binary_search(a).is_ok());
        s.counts.retain(|a, _| live.binary_search(a).is_ok());
        s
    }

    /// The event an Apply state performs, if its procedure is an event primitive.
    pub fn event(&self, s: &State) -> Option<u32> {
        match &s.control {
            Control::Apply { proc: Value::Prim(Prim::Event(e)), .. } => Some(*e),
            _ => None,
        }
    }

    /// True if `s` applies a join-point continuation.
    pub fn applies_join(&self, s: &State) -> bool {
        matches!(&s.control, Control::Apply { proc: Value::Clo(l, _), .. }
            if self.program.lam(*l).kind == crate::scheme::cps::LamKind::Join)
    }
}

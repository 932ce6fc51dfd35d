//! Lal and Reps's reduction ("Reducing Concurrent Analysis Under a Context Bound to Sequential
//! Analysis", CAV 2008) of a concurrent boolean program with at most K context switches to one
//! sequential boolean program, which craig's summary engine then checks.
//!
//! An execution with at most K switches is a sequence of K + 1 contexts, each run by one
//! thread. The reduced program keeps a copy `G[c]` of the globals per context `c`, and guesses
//! the globals each context `c > 0` starts with (kept in `H[c]`) when a thread enters it (so
//! only for the contexts a run reaches, not all of them up front). The threads then run one
//! after another, each on its own stack: a thread picks its first context, runs there on that
//! context's copy, and before any statement may move on to a later context no other thread has
//! taken (`used[c]`), or stop for good. Because a thread only ever touches its own contexts'
//! copies, running the threads one after another computes what every context does to its copy.
//! The guesses are checked at the end: when the error was reached in context `e`, every earlier
//! context must have ended where the next one was guessed to start (`G[j] = H[j + 1]`) and with
//! the atomic globals false (a switch happened there). Only then is the reduced program's own
//! error label reached, so it is reachable exactly when the concurrent program reaches an error
//! within K switches.
//!
//! A global named in a statement becomes a dispatch on the current context `ctx` (a copy of the
//! statement per context, chosen by `assume(ctx == c)`); results of a call stored in globals go
//! through fresh locals, dispatched again after the return (the callee may have switched
//! contexts). A failing `assert` or the error label in context `c` records `err` and `errctx`
//! (or is passed over, as if the thread never ran again), and the thread stops. Each copy of a
//! statement has the same transitions, in the same order, as the statement has in the concurrent
//! program, so the reduced program's counterexample reads back as an interleaving
//! ([`interleaving`]), which [`super::interleave::replay`] then checks on the program itself.

use super::Concurrent;
use super::interleave::Label;
use crate::boolprog::explicit::{ReplayError, replay};
use crate::boolprog::ir::{
    BinOp, Class, Expr, Instr, Pc, Place, Proc, ProcId, Program, Type, Value, Var,
};
use crate::boolprog::semantics::FailureKind;
use crate::syntax::Span;

/// The sequential program and where its statements came from.
#[derive(Clone, Debug)]
pub struct Reduced {
    /// The reduced program; procedure `i` for `i` below the concurrent program's count is the
    /// translation of its procedure `i`.
    pub program: Program,
    /// For each procedure and pc: the copy of the original statement at that pc for a context,
    /// with whether it is a check (`assert`, the error label).
    origins: Vec<Vec<Option<Origin>>>,
    /// For each procedure and pc: true where a failure is recorded (the step after a check that
    /// failed reaches one of these).
    failures: Vec<Vec<bool>>,
    /// The pcs of `main` that call `init` (`None`) or thread `t` (`Some(t)`).
    starts: Vec<(Pc, Option<u32>)>,
}

#[derive(Clone, Copy, Debug)]
struct Origin {
    context: u32,
    check: bool,
}

/// Why a counterexample of the reduced program does not read back as an interleaving.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MapError {
    /// The reduced program's counterexample does not replay on it.
    #[error("{0}")]
    Replay(#[from] ReplayError),
}

// Pc markers of the translation, patched once every block has its place: the top four bits say
// what a target is (a statement's entry, a context's failure block, the return).
const ENTRY: u32 = 0x8 << 28;
const FAIL: u32 = 0xA << 28;
const RET: u32 = 0xC << 28;
const TAG: u32 = 0xF << 28;

/// The layout of the reduced program's globals.
struct Layout {
    n: u32,
    k1: u32,
    contexts: u32,
}

impl Layout {
    /// Context `c`'s copy of global `v`.
    fn g(&self, c: u32, v: u32) -> u32 {
        c * self.n + v
    }
    /// The guess of where context `j >= 1` starts, for global `v`.
    fn h(&self, j: u32, v: u32) -> u32 {
        self.k1 * self.n + (j - 1) * self.n + v
    }
    fn ctx(&self) -> u32 {
        (2 * self.k1 - 1) * self.n
    }
    fn errctx(&self) -> u32 {
        self.ctx() + 1
    }
    fn err(&self) -> u32 {
        self.ctx() + 2
    }
    fn noswitch(&self) -> u32 {
        self.ctx() + 3
    }
    fn used(&self, j: u32) -> u32 {
        self.ctx() + 4 + j
    }
    /// The value of `ctx` for a thread that stopped.
    fn done(&self) -> i64 {
        i64::from(self.contexts) + 1
    }
}

fn int(i: i64) -> Expr {
    Expr::Const(Value::Int(i))
}

fn boolean(b: bool) -> Expr {
    Expr::Const(Value::Bool(b))
}

fn eq(a: Expr, b: Expr) -> Expr {
    Expr::Binary(BinOp::Eq, Box::new(a), Box::new(b))
}

fn and(a: Expr, b: Expr) -> Expr {
    Expr::Binary(BinOp::And, Box::new(a), Box::new(b))
}

fn not(a: Expr) -> Expr {
    Expr::Not(Box::new(a))
}

fn ctx_is(l: &Layout, c: i64) -> Expr {
    eq(Expr::Global(l.ctx()), int(c))
}

fn place(l: &Layout, c: u32, p: &Place) -> Place {
    match p {
        Place::Global(v) => Place::Global(l.g(c, *v)),
        Place::Local(i) => Place::Local(*i),
        Place::Field(e, f) => Place::Field(Box::new(expr(l, c, e)), *f),
    }
}

fn expr(l: &Layout, c: u32, e: &Expr) -> Expr {
    match e {
        Expr::Global(v) => Expr::Global(l.g(c, *v)),
        Expr::Const(_) | Expr::Local(_) | Expr::Choose => e.clone(),
        Expr::Field(x, f) => Expr::Field(Box::new(expr(l, c, x)), *f),
        Expr::Primed(p) => Expr::Primed(Box::new(place(l, c, p))),
        Expr::Not(x) => Expr::Not(Box::new(expr(l, c, x))),
        Expr::Neg(x) => Expr::Neg(Box::new(expr(l, c, x))),
        Expr::Binary(op, a, b) => {
            Expr::Binary(*op, Box::new(expr(l, c, a)), Box::new(expr(l, c, b)))
        }
        Expr::Schoose(a, b) => Expr::Schoose(Box::new(expr(l, c, a)), Box::new(expr(l, c, b))),
    }
}

/// Instructions being laid out, with the original position each came from.
struct Out {
    body: Vec<Instr>,
    spans: Vec<Span>,
    texts: Vec<String>,
    origins: Vec<Option<Origin>>,
    span: Span,
}

impl Out {
    fn new(span: Span) -> Out {
        Out { body: Vec::new(), spans: Vec::new(), texts: Vec::new(), origins: Vec::new(), span }
    }

    fn here(&self) -> Pc {
        self.body.len() as Pc
    }

    fn push(&mut self, instr: Instr, text: &str) -> Pc {
        self.push_from(instr, self.span, text.to_string(), None)
    }

    fn push_from(&mut self, instr: Instr, span: Span, text: String, origin: Option<Origin>) -> Pc {
        let pc = self.here();
        self.body.push(instr);
        self.spans.push(span);
        self.texts.push(text);
        self.origins.push(origin);
        pc
    }

    /// The laid-out instructions as a procedure (no `enforce`, no `this`, no labels: the
    /// reduction's error is an instruction), and where each instruction came from.
    fn into_proc(
        self,
        name: String,
        params: u32,
        locals: Vec<Var>,
        returns: Vec<Type>,
    ) -> (Proc, Vec<Option<Origin>>) {
        let proc = Proc {
            name,
            params,
            locals,
            returns,
            body: self.body,
            spans: self.spans,
            texts: self.texts,
            enforce: None,
            has_this: false,
            labels: Vec::new(),
        };
        (proc, self.origins)
    }
}

/// Builds the reduced program of a concurrent program for at most `contexts` switches.
pub fn reduce(conc: &Concurrent, contexts: u32) -> Reduced {
    let prog = &conc.program;
    let n = prog.globals().len() as u32;
    let k1 = contexts + 1;
    let l = Layout { n, k1, contexts };
    // Globals: the copies, the guesses, then the bookkeeping.
    let mut fields = Vec::new();
    for c in 0..k1 {
        for g in prog.globals() {
            fields.push(Var { name: format!("{}@{c}", g.name), ty: Type::Bool });
        }
    }
    for j in 1..k1 {
        for g in prog.globals() {
            fields.push(Var { name: format!("{}@{j}?", g.name), ty: Type::Bool });
        }
    }
    fields.push(Var { name: "$ctx".into(), ty: Type::Int });
    fields.push(Var { name: "$errctx".into(), ty: Type::Int });
    fields.push(Var { name: "$err".into(), ty: Type::Bool });
    fields.push(Var { name: "$noswitch".into(), ty: Type::Bool });
    for j in 0..k1 {
        fields.push(Var { name: format!("$used{j}"), ty: Type::Bool });
    }
    let switch = ProcId(prog.procs.len() as u32);
    let main = ProcId(prog.procs.len() as u32 + 1);
    let mut procs = Vec::new();
    let mut origins = Vec::new();
    let mut failures = Vec::new();
    for p in &prog.procs {
        let (proc, orig, fails) = translate(&l, p, switch);
        procs.push(proc);
        origins.push(orig);
        failures.push(fails);
    }
    let span = prog.proc(prog.main).spans.first().copied().unwrap_or_default();
    procs.push(switch_proc(&l, &conc.atomic, span));
    origins.push(vec![None; procs[switch.0 as usize].body.len()]);
    failures.push(vec![false; procs[switch.0 as usize].body.len()]);
    let (main_proc, starts) = main_proc(&l, conc, switch, span);
    origins.push(vec![None; main_proc.body.len()]);
    failures.push(vec![false; main_proc.body.len()]);
    procs.push(main_proc);
    let classes = vec![Class { name: "<globals>".to_string(), fields }];
    Reduced { program: Program { classes, procs, main }, origins, failures, starts }
}

/// One original procedure, each statement a block: the choice to switch, the dispatch on the
/// context, a copy per context, and (for a call storing into globals) the dispatch of those
/// stores after the return.
fn translate(l: &Layout, p: &Proc, switch: ProcId) -> (Proc, Vec<Option<Origin>>, Vec<bool>) {
    let span = p.spans.first().copied().unwrap_or_default();
    let mut out = Out::new(span);
    let mut locals = p.locals.clone();
    let mut entries = Vec::with_capacity(p.body.len());
    for (pc, instr) in p.body.iter().enumerate() {
        let (ispan, itext) = (p.spans[pc], p.texts[pc].clone());
        let base = out.here();
        entries.push(base);
        out.push(Instr::Jump { targets: vec![base + 2, base + 1] }, "(switch or not)");
        out.push(
            Instr::Call { proc: switch, args: Vec::new(), rets: Vec::new(), next: base + 2 },
            "(switch)",
        );
        let mut targets: Vec<Pc> = (0..l.k1).map(|c| base + 3 + 2 * c).collect();
        targets.push(base + 3 + 2 * l.k1);
        out.push(Instr::Jump { targets }, "(dispatch)");
        // A call whose results go to globals stores them after the return, in the context the
        // thread is in then; its block follows the copies.
        let globals_stored: Vec<(usize, u32)> = match instr {
            Instr::Call { rets, .. } => rets
                .iter()
                .enumerate()
                .filter_map(|(i, r)| match r {
                    Place::Global(v) => Some((i, *v)),
                    _ => None,
                })
                .collect(),
            _ => Vec::new(),
        };
        let after_call = base + 4 + 2 * l.k1;
        let mut temps = Vec::new();
        for _ in &globals_stored {
            temps.push(locals.len() as u32);
            locals.push(Var { name: format!("$ret{}", locals.len()), ty: Type::Bool });
        }
        for c in 0..l.k1 {
            let here = out.here();
            out.push(Instr::Assume { cond: ctx_is(l, i64::from(c)), next: here + 1 }, "(context)");
            let (copy, check) = copy(l, c, instr, &globals_stored, &temps, after_call);
            out.push_from(copy, ispan, itext.clone(), Some(Origin { context: c, check }));
        }
        out.push(Instr::Assume { cond: ctx_is(l, l.done()), next: RET }, "(stopped)");
        if let Instr::Call { next, .. } = instr
            && !globals_stored.is_empty()
        {
            let xb = out.here();
            let mut targets: Vec<Pc> = (0..l.k1).map(|c| xb + 1 + 2 * c).collect();
            targets.push(xb + 1 + 2 * l.k1);
            out.push(Instr::Jump { targets }, "(store results)");
            for c in 0..l.k1 {
                let here = out.here();
                out.push(
                    Instr::Assume { cond: ctx_is(l, i64::from(c)), next: here + 1 },
                    "(context)",
                );
                let targets =
                    globals_stored.iter().map(|&(_, v)| Place::Global(l.g(c, v))).collect();
                let values = temps.iter().map(|&t| Expr::Local(t)).collect();
                let assign =
                    Instr::Assign { targets, values, constrain: None, next: ENTRY | *next };
                out.push(assign, "(store results)");
            }
            out.push(Instr::Assume { cond: ctx_is(l, l.done()), next: RET }, "(stopped)");
        }
    }
    let ret = out.push(Instr::Return { values: vec![Expr::Choose; p.returns.len()] }, "(stopped)");
    let mut fail_at = Vec::new();
    for c in 0..l.k1 {
        let f = out.here();
        fail_at.push(f);
        out.push(Instr::Jump { targets: vec![f + 1, f + 3] }, "(failure)");
        out.push(Instr::Assume { cond: not(Expr::Global(l.err())), next: f + 2 }, "(failure)");
        let targets =
            vec![Place::Global(l.err()), Place::Global(l.errctx()), Place::Global(l.ctx())];
        let values = vec![boolean(true), int(i64::from(c)), int(l.done())];
        out.push(
            Instr::Assign { targets, values, constrain: None, next: ret },
            "(failure recorded)",
        );
        let stop = Instr::Assign {
            targets: vec![Place::Global(l.ctx())],
            values: vec![int(l.done())],
            constrain: None,
            next: ret,
        };
        out.push(stop, "(failure passed over)");
    }
    let len = out.body.len() as Pc;
    let mut failures = vec![false; len as usize];
    for &f in &fail_at {
        failures[f as usize] = true;
    }
    for instr in &mut out.body {
        for t in instr.targets_mut() {
            *t = match *t & TAG {
                ENTRY => entries.get((*t & !TAG) as usize).copied().unwrap_or(ret),
                FAIL => fail_at[(*t & !TAG) as usize],
                RET => ret,
                _ => *t,
            };
        }
    }
    let (proc, origins) = out.into_proc(p.name.clone(), p.params, locals, p.returns.clone());
    (proc, origins, failures)
}

/// Context `c`'s copy of a statement: the same transitions in the same order, on `G[c]`; a
/// check goes to the context's failure block instead of failing, and a call stores results
/// meant for globals into `temps` and continues at `after_call`.
fn copy(
    l: &Layout,
    c: u32,
    instr: &Instr,
    globals_stored: &[(usize, u32)],
    temps: &[u32],
    after_call: Pc,
) -> (Instr, bool) {
    let e = |x: &Expr| expr(l, c, x);
    let entry = |pc: Pc| ENTRY | pc;
    let copied = match instr {
        Instr::Assign { targets, values, constrain, next } => Instr::Assign {
            targets: targets.iter().map(|t| place(l, c, t)).collect(),
            values: values.iter().map(e).collect(),
            constrain: constrain.as_ref().map(e),
            next: entry(*next),
        },
        Instr::New { target, class, next } => {
            Instr::New { target: place(l, c, target), class: *class, next: entry(*next) }
        }
        Instr::Havoc { targets, next } => Instr::Havoc {
            targets: targets.iter().map(|t| place(l, c, t)).collect(),
            next: entry(*next),
        },
        Instr::Branch { cond, then_pc, else_pc } => {
            Instr::Branch { cond: e(cond), then_pc: entry(*then_pc), else_pc: entry(*else_pc) }
        }
        Instr::Jump { targets } => {
            Instr::Jump { targets: targets.iter().map(|t| entry(*t)).collect() }
        }
        Instr::Assume { cond, next } => Instr::Assume { cond: e(cond), next: entry(*next) },
        Instr::Assert { cond, next } => {
            let branch = Instr::Branch { cond: e(cond), then_pc: entry(*next), else_pc: FAIL | c };
            return (branch, true);
        }
        Instr::ErrorLabel { .. } => return (Instr::Jump { targets: vec![FAIL | c] }, true),
        Instr::Call { proc, args, rets, next } => {
            let mut new_rets: Vec<Place> = rets.iter().map(|r| place(l, c, r)).collect();
            for (&(i, _), &t) in globals_stored.iter().zip(temps) {
                new_rets[i] = Place::Local(t);
            }
            let next = if globals_stored.is_empty() { entry(*next) } else { after_call };
            Instr::Call { proc: *proc, args: args.iter().map(e).collect(), rets: new_rets, next }
        }
        Instr::Return { values } => Instr::Return { values: values.iter().map(e).collect() },
    };
    (copied, false)
}

/// The procedure a thread calls to move on: from context `ctx` (or -1 before its first) to any
/// later context no thread has taken, or to "stopped". Not while `init` runs. Entering context
/// `j > 0` guesses where it starts (`G[j]`, kept in `H[j]` for the check at the end): guessing
/// here rather than up front guesses only for the contexts a run enters.
fn switch_proc(l: &Layout, atomic: &[u32], span: Span) -> Proc {
    let mut out = Out::new(span);
    out.push(Instr::Assume { cond: not(Expr::Global(l.noswitch())), next: 1 }, "(switch)");
    // Layout: 0, 1, a pair per current context -1..=K, a block per target (two instructions
    // for context 0, six for the others), stop, return.
    let from = |c: i64| 2 + 2 * (c + 1) as u32;
    let first_to = from(i64::from(l.k1));
    let to = |j: u32| if j == 0 { first_to } else { first_to + 2 + 6 * (j - 1) };
    let stop = to(l.k1 - 1) + if l.k1 == 1 { 2 } else { 6 };
    let ret = stop + 1;
    out.push(Instr::Jump { targets: (-1..i64::from(l.k1)).map(from).collect() }, "(switch)");
    for c in -1..i64::from(l.k1) {
        let here = out.here();
        out.push(Instr::Assume { cond: ctx_is(l, c), next: here + 1 }, "(switch from)");
        let mut targets: Vec<Pc> = ((c + 1) as u32..l.k1).map(to).collect();
        targets.push(stop);
        out.push(Instr::Jump { targets }, "(switch to)");
    }
    for j in 0..l.k1 {
        let here = out.here();
        debug_assert_eq!(here, to(j));
        out.push(
            Instr::Assume { cond: not(Expr::Global(l.used(j))), next: here + 1 },
            "(switch to)",
        );
        let targets = vec![Place::Global(l.used(j)), Place::Global(l.ctx())];
        let values = vec![boolean(true), int(i64::from(j))];
        let next = if j == 0 { ret } else { here + 2 };
        out.push(Instr::Assign { targets, values, constrain: None, next }, "(switch to)");
        if j > 0 {
            // Context j - 1 is over when it was taken (by an earlier thread, which has finished,
            // or by this one, which has left it): context j starts where it ended, if the
            // error is not reached before j (otherwise j does not matter). Else guess, with the
            // atomic globals false (a switch happened) and unconstrained otherwise.
            let cond = Expr::Global(l.used(j - 1));
            out.push(Instr::Branch { cond, then_pc: here + 3, else_pc: here + 4 }, "(guess)");
            let mut targets: Vec<Place> = (0..l.n).map(|v| Place::Global(l.g(j, v))).collect();
            targets.extend((0..l.n).map(|v| Place::Global(l.h(j, v))));
            let mut values: Vec<Expr> = (0..l.n).map(|v| Expr::Global(l.g(j - 1, v))).collect();
            values.extend((0..l.n).map(|v| Expr::Global(l.g(j - 1, v))));
            out.push(Instr::Assign { targets, values, constrain: None, next: ret }, "(continue)");
            // G[j] is untouched until j is entered, so its atomic globals are false already.
            let targets = (0..l.n)
                .filter(|v| !atomic.contains(v))
                .map(|v| Place::Global(l.g(j, v)))
                .collect();
            out.push(Instr::Havoc { targets, next: here + 5 }, "(guess)");
            let assign = Instr::Assign {
                targets: (0..l.n).map(|v| Place::Global(l.h(j, v))).collect(),
                values: (0..l.n).map(|v| Expr::Global(l.g(j, v))).collect(),
                constrain: None,
                next: ret,
            };
            out.push(assign, "(guess kept)");
        }
    }
    debug_assert_eq!(out.here(), stop);
    let targets = vec![Place::Global(l.ctx())];
    out.push(
        Instr::Assign { targets, values: vec![int(l.done())], constrain: None, next: ret },
        "(stop)",
    );
    out.push(Instr::Return { values: Vec::new() }, "(switch)");
    out.into_proc("$switch".into(), 0, Vec::new(), Vec::new()).0
}

/// The reduced program's `main`: every initial valuation, `init` alone, each
/// thread in turn, then the check of the guesses up to the context of the error.
fn main_proc(
    l: &Layout,
    conc: &Concurrent,
    switch: ProcId,
    span: Span,
) -> (Proc, Vec<(Pc, Option<u32>)>) {
    let mut out = Out::new(span);
    let mut starts = Vec::new();
    let next = |out: &Out| out.here() + 1;
    // Enumerated as the interleaving semantics enumerates the initial valuations.
    let targets = (0..l.n).map(|v| Place::Global(l.g(0, v))).collect();
    out.push(Instr::Havoc { targets, next: 1 }, "(initial globals)");
    let setup = Instr::Assign {
        targets: vec![Place::Global(l.ctx()), Place::Global(l.noswitch())],
        values: vec![int(0), boolean(true)],
        constrain: None,
        next: 2,
    };
    out.push(setup, "(init runs alone)");
    match conc.init {
        Some(init) => {
            starts.push((out.here(), None));
            out.push(
                Instr::Call { proc: init, args: Vec::new(), rets: Vec::new(), next: 3 },
                "init()",
            );
        }
        None => {
            out.push(Instr::Jump { targets: vec![3] }, "(no init)");
        }
    }
    let ok = Expr::Binary(BinOp::Or, Box::new(ctx_is(l, 0)), Box::new(Expr::Global(l.err())));
    out.push(Instr::Assume { cond: ok, next: 4 }, "(init finished)");
    let free = Instr::Assign {
        targets: vec![Place::Global(l.noswitch())],
        values: vec![boolean(false)],
        constrain: None,
        next: 5,
    };
    out.push(free, "(threads start)");
    for (t, &entry) in conc.threads.iter().enumerate() {
        let n = next(&out);
        let reset = Instr::Assign {
            targets: vec![Place::Global(l.ctx())],
            values: vec![int(-1)],
            constrain: None,
            next: n,
        };
        out.push(reset, "(thread starts)");
        let n = next(&out);
        out.push(
            Instr::Call { proc: switch, args: Vec::new(), rets: Vec::new(), next: n },
            "(first context)",
        );
        let n = next(&out);
        starts.push((out.here(), Some(t as u32)));
        out.push(
            Instr::Call { proc: entry, args: Vec::new(), rets: Vec::new(), next: n },
            "(thread)",
        );
    }
    let check = out.here() + 1;
    out.push(Instr::Assume { cond: Expr::Global(l.err()), next: check }, "(an error was reached)");
    let label = check + 1 + 2 * l.k1;
    let targets = (0..l.k1).map(|e| check + 1 + 2 * e).collect();
    out.push(Instr::Jump { targets }, "(its context)");
    for e in 0..l.k1 {
        let mut cond = eq(Expr::Global(l.errctx()), int(i64::from(e)));
        for j in 0..e {
            for v in 0..l.n {
                cond = and(cond, eq(Expr::Global(l.g(j, v)), Expr::Global(l.h(j + 1, v))));
            }
            for &a in &conc.atomic {
                cond = and(cond, not(Expr::Global(l.g(j, a))));
            }
        }
        let here = out.here();
        out.push(Instr::Assume { cond, next: here + 1 }, "(guesses checked)");
        out.push(Instr::Jump { targets: vec![label] }, "(guesses checked)");
    }
    out.push(Instr::ErrorLabel { name: "(the concurrent program's error)".into() }, "(error)");
    let (proc, _) = out.into_proc("$main".into(), 0, Vec::new(), Vec::new());
    (proc, starts)
}

/// Reads a counterexample of the reduced program (its transition choices) back as moves of the
/// interleaving semantics: the initial valuation, `init`'s steps, then each context's steps in
/// the order of the contexts, with a switch wherever the thread changes.
pub fn interleaving(
    reduced: &Reduced,
    conc: &Concurrent,
    choices: &[u32],
    kind: FailureKind,
) -> Result<Vec<Label>, MapError> {
    let trace = replay(&reduced.program, choices, kind)?;
    let main = reduced.program.main;
    let mut labels = Vec::new();
    // (context, position in the trace, thread, choice) of every original step.
    let mut steps: Vec<(u32, usize, Option<u32>, u32)> = Vec::new();
    let mut who: Option<u32> = None;
    for (i, step) in trace.steps.iter().enumerate() {
        let choice = choices[i];
        if step.proc == main {
            if i == 0 {
                labels.push(Label::Start(choice));
            }
            if let Some(&(_, t)) = reduced.starts.iter().find(|(pc, _)| *pc == step.pc) {
                who = t;
            }
            continue;
        }
        let Some(origin) = reduced
            .origins
            .get(step.proc.0 as usize)
            .and_then(|o| o.get(step.pc as usize))
            .copied()
            .flatten()
        else {
            continue;
        };
        // A check whose next step records a failure failed here: its one transition (a failure).
        let failed = origin.check
            && trace.steps.get(i + 1).is_some_and(|n| {
                reduced.failures.get(n.proc.0 as usize).and_then(|f| f.get(n.pc as usize))
                    == Some(&true)
            });
        let choice = if failed { 0 } else { choice };
        let context = if who.is_none() { 0 } else { origin.context + 1 };
        steps.push((context, i, who, choice));
    }
    // `init` first (context key 0), then the threads' contexts in order; stable within each.
    steps.sort_by_key(|&(context, i, _, _)| (context, i));
    let _ = conc;
    let mut current: Option<u32> = None;
    for (_, _, thread, choice) in steps {
        if let Some(t) = thread
            && current != Some(t)
        {
            labels.push(Label::Switch(t));
            current = Some(t);
        }
        labels.push(Label::Step { thread, choice });
    }
    Ok(labels)
}

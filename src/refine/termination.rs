//! Termination shown as safety: every loop of a procedure, and of each procedure it calls, gets
//! a ranking function, and the refinement engine proves on an instrumented copy of the program
//! that the function decreases and stays non-negative on every iteration.
//!
//! **The instrumentation.** A loop's head `h` is split in two: `h`, where every edge into it
//! still arrives, and a new location `h'`, where every edge out of it now leaves, joined by an
//! edge that remembers the ranking function `r`: `old := r`. Every back edge `u → h` (one whose
//! head `h` dominates `u`) is followed by a check `0 <= old & r < old`
//! ([`Obligation::Termination`]).
//!
//! **Why it is sound.** Suppose every check holds on every run and some run is infinite. The
//! graph is reducible (checked, else refused), so the run eventually stays inside one natural
//! loop and comes back to its head infinitely often; an edge from inside a natural loop into
//! its head is one of its back edges, so each return passes a check whose `old` is the value
//! of `r` when the run last left the head. The values of `r` at the head would then descend
//! forever through the non-negative integers. What the argument does not cover is refused
//! rather than assumed: a recursive call (the call graph from the analysed function must have
//! no cycle), a call to a procedure whose body the program does not have, and a graph that is
//! not reducible.
//!
//! **The candidates** come from the comparisons that decide whether a loop goes on: every
//! `a < b`, `a <= b` or `a = b` (negated or not) in a branch condition inside the loop
//! ([`ProgramFact::Branch`]), over the program's own variables rather than a front end's
//! temporaries, gives `b - a` and then `a - b`, those of the head's own branches first.
//! Nothing depends on the choice: a wrong candidate fails its check on a run the engine's
//! replay confirms, and the next candidate of that loop is tried.

use std::collections::BTreeSet;

use crate::hol::{
    ConstDecl, ConstId, ConstKind, Obligation, Prim, ProgramFact, Term, TermId, build,
};
use crate::ir::{Cfg, Command, Edge, Loc, Location, ProcId, Program, Variable, VariableKind};
use crate::refine::{Counterexample, Counters, Domain, Engine, Limits, Verdict};
use crate::syntax::Span;
use crate::syntax::clock::Stopwatch;

/// The most candidates tried for one loop.
const MAX_CANDIDATES_PER_LOOP: usize = 6;
/// The most engine runs one proof makes.
const MAX_RUNS: usize = 8;

/// A loop's ranking function, checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ranking {
    /// The procedure the loop is in.
    pub procedure: String,
    /// Where its head stands.
    pub head: Option<Span>,
    /// The function, as the IR prints it.
    pub function: String,
}

/// What the proof found.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Every run from the function ends: each loop's ranking function was checked (none for a
    /// program without loops).
    Terminates(Vec<Ranking>),
    /// A check of the program's own, kept beside the rankings, fails on a replayed run.
    CheckFails(Counterexample),
    /// No answer: why, and where (a loop's head, a cycle's entry) when it is about a place.
    Unknown {
        /// Why, in words.
        reason: String,
        /// Where, for the caller to locate.
        at: Option<Span>,
    },
}

impl Outcome {
    fn unknown(reason: impl Into<String>) -> Outcome {
        Outcome::Unknown { reason: reason.into(), at: None }
    }
}

/// The proof's outcome and what it cost.
#[derive(Clone, Debug)]
pub struct Report {
    /// The outcome.
    pub outcome: Outcome,
    /// Engine runs made (one per set of candidates tried).
    pub runs: usize,
    /// The loops found (0 when the argument was refused before looking).
    pub loops: usize,
    /// The engine's counters, summed over the runs.
    pub counters: Counters,
}

/// One loop of the program: its head and back edges in one procedure's graph.
#[derive(Clone, Debug)]
struct Loop {
    procedure: ProcId,
    head: Loc,
    /// Indices into the procedure's edges.
    back_edges: Vec<usize>,
    /// Ranking-function candidates, best first.
    candidates: Vec<TermId>,
}

/// Proves that every run of `function` ends, with `program`'s own checks kept as they are
/// (the caller turns what it does not want checked into assumptions first). The engine runs at
/// most [`MAX_RUNS`] times, all within `limits.time` together.
pub fn prove_termination(
    program: &Program,
    function: &str,
    limits: Limits,
    domain: Domain,
) -> Report {
    let mut report =
        Report { outcome: Outcome::unknown(""), runs: 0, loops: 0, counters: Counters::default() };
    let mut program = program.clone();
    let loops = match find_loops(&mut program, function) {
        Ok(loops) => loops,
        Err(unknown) => {
            report.outcome = unknown;
            return report;
        }
    };
    report.loops = loops.len();
    if let Some(l) = loops.iter().find(|l| l.candidates.is_empty()) {
        report.outcome = Outcome::Unknown {
            reason: format!(
                "a loop of `{}` has no comparison of integers to rank it by",
                program.procedure(l.procedure).name
            ),
            at: head_span(&program, l),
        };
        return report;
    }
    let stopwatch = Stopwatch::start(limits.clock);
    let mut choice = vec![0usize; loops.len()];
    loop {
        if report.runs == MAX_RUNS {
            report.outcome = Outcome::unknown(format!(
                "no ranking functions found within {MAX_RUNS} engine runs"
            ));
            return report;
        }
        let (instrumented, whats) = instrument(&program, &loops, &choice);
        let mut run_limits = limits.clone();
        if let Some(time) = limits.time {
            if stopwatch.reached(Some(time)) {
                report.outcome = Outcome::unknown(format!(
                    "the time limit ({} s) was reached after {} engine runs",
                    time.as_secs_f64(),
                    report.runs
                ));
                return report;
            }
            // The first run gets the limit as given (its message then says it as given).
            run_limits.time = Some(if report.runs == 0 { time } else { stopwatch.remaining(time) });
        }
        let mut engine = match Engine::configured(&instrumented, function, run_limits, domain, true)
        {
            Ok(engine) => engine,
            Err(reason) => {
                report.outcome = Outcome::unknown(reason.to_string());
                return report;
            }
        };
        let verdict = engine.run();
        report.runs += 1;
        add_counters(&mut report.counters, &engine.counters());
        match verdict {
            Verdict::Safe { .. } => {
                let rankings = loops
                    .iter()
                    .zip(&choice)
                    .map(|(l, &k)| Ranking {
                        procedure: program.procedure(l.procedure).name.clone(),
                        head: head_span(&program, l),
                        function: crate::ir::show_term(&program, l.candidates[k]),
                    })
                    .collect();
                report.outcome = Outcome::Terminates(rankings);
                return report;
            }
            Verdict::Unsafe(cex) if cex.check == Obligation::Termination => {
                let Some(failed) = whats.iter().position(|w| *w == cex.what) else {
                    report.outcome = Outcome::unknown(format!(
                        "internal error: a ranking check failed that no loop made: {}",
                        cex.what
                    ));
                    return report;
                };
                choice[failed] += 1;
                if choice[failed] == loops[failed].candidates.len() {
                    let l = &loops[failed];
                    let tried: Vec<String> = l
                        .candidates
                        .iter()
                        .map(|&c| format!("`{}`", crate::ir::show_term(&program, c)))
                        .collect();
                    report.outcome = Outcome::Unknown {
                        reason: format!(
                            "for a loop of `{}`, no candidate ranking function decreases on \
                             every iteration (tried {})",
                            program.procedure(l.procedure).name,
                            tried.join(", ")
                        ),
                        at: head_span(&program, l),
                    };
                    return report;
                }
            }
            Verdict::Unsafe(cex) => {
                report.outcome = Outcome::CheckFails(cex);
                return report;
            }
            Verdict::Unknown(reason) => {
                report.outcome = Outcome::unknown(reason);
                return report;
            }
        }
    }
}

fn add_counters(sum: &mut Counters, c: &Counters) {
    sum.steps += c.steps;
    sum.refinements += c.refinements;
    sum.nodes += c.nodes;
    sum.cut += c.cut;
    sum.covered += c.covered;
    sum.checks += c.checks;
    sum.smt_calls += c.smt_calls;
}

/// Where a loop's head stands.
fn head_span(program: &Program, l: &Loop) -> Option<Span> {
    program.procedure(l.procedure).body.as_ref().and_then(|b| b.location(l.head).span)
}

/// The procedures `function` reaches through calls, in the order first reached, or why the
/// argument does not cover them (recursion, a call without a body).
fn reachable_procedures(program: &Program, function: &str) -> Result<Vec<ProcId>, Outcome> {
    let root = program
        .find(function)
        .ok_or_else(|| Outcome::unknown(format!("no function `{function}`")))?;
    // Depth-first over the call graph, with the path kept to find a cycle.
    let mut order = Vec::new();
    let mut done = BTreeSet::new();
    let mut on_path = Vec::new();
    visit(program, root, &mut order, &mut done, &mut on_path)?;
    Ok(order)
}

fn visit(
    program: &Program,
    procedure: ProcId,
    order: &mut Vec<ProcId>,
    done: &mut BTreeSet<ProcId>,
    on_path: &mut Vec<ProcId>,
) -> Result<(), Outcome> {
    if let Some(k) = on_path.iter().position(|&p| p == procedure) {
        let names: Vec<&str> = on_path[k..]
            .iter()
            .chain(std::iter::once(&procedure))
            .map(|&p| program.procedure(p).name.as_str())
            .collect();
        return Err(Outcome::Unknown {
            reason: format!(
                "the program is recursive ({}): termination is shown only without recursion",
                names.join(" → ")
            ),
            at: Some(program.procedure(procedure).span),
        });
    }
    if !done.insert(procedure) {
        return Ok(());
    }
    let p = program.procedure(procedure);
    let Some(body) = &p.body else {
        return Err(Outcome::Unknown {
            reason: format!("`{}` is called but craig does not have its body", p.name),
            at: Some(p.span),
        });
    };
    order.push(procedure);
    on_path.push(procedure);
    let callees: BTreeSet<ProcId> = body
        .edges
        .iter()
        .filter_map(|e| match &e.command {
            Command::Call { callee, .. } => Some(*callee),
            _ => None,
        })
        .collect();
    for callee in callees {
        visit(program, callee, order, done, on_path)?;
    }
    on_path.pop();
    Ok(())
}

/// Every loop of the procedures `function` reaches, by procedure and head, with candidates.
fn find_loops(program: &mut Program, function: &str) -> Result<Vec<Loop>, Outcome> {
    let mut loops = Vec::new();
    for procedure in reachable_procedures(program, function)? {
        let body = program.procedure(procedure).body.clone().expect("reachable ones have bodies");
        let structure = LoopStructure::of(&body).map_err(|at| Outcome::Unknown {
            reason: format!(
                "`{}` has a cycle that is no natural loop (it is entered other than through \
                 one head): termination is shown only for such loops",
                program.procedure(procedure).name
            ),
            at: body.location(at).span,
        })?;
        for (head, back_edges, members) in structure.loops {
            let candidates = candidates(program, &body, head, &members);
            loops.push(Loop { procedure, head, back_edges, candidates });
        }
    }
    Ok(loops)
}

/// The natural loops of a graph: `(head, back edges, the loop's locations)`, by head.
struct LoopStructure {
    loops: Vec<(Loc, Vec<usize>, BTreeSet<Loc>)>,
}

impl LoopStructure {
    /// The loops, or the head of a retreating edge that is no back edge (the graph is not
    /// reducible).
    fn of(cfg: &Cfg) -> Result<LoopStructure, Loc> {
        let n = cfg.locations.len();
        let mut successors: Vec<Vec<(usize, Loc)>> = vec![Vec::new(); n];
        let mut predecessors: Vec<Vec<Loc>> = vec![Vec::new(); n];
        for (k, e) in cfg.edges.iter().enumerate() {
            successors[e.from.0 as usize].push((k, e.to));
            predecessors[e.to.0 as usize].push(e.from);
        }
        // Depth-first from the entry: reverse postorder and the retreating edges.
        let mut state = vec![0u8; n]; // 0 new, 1 on the stack, 2 finished
        let mut postorder = Vec::new();
        let mut retreating = Vec::new();
        let mut stack: Vec<(Loc, usize)> = vec![(cfg.entry, 0)];
        state[cfg.entry.0 as usize] = 1;
        while let Some((at, next)) = stack.last_mut() {
            let at = *at;
            if let Some(&(edge, to)) = successors[at.0 as usize].get(*next) {
                *next += 1;
                match state[to.0 as usize] {
                    0 => {
                        state[to.0 as usize] = 1;
                        stack.push((to, 0));
                    }
                    1 => retreating.push(edge),
                    _ => {}
                }
            } else {
                state[at.0 as usize] = 2;
                postorder.push(at);
                stack.pop();
            }
        }
        let order: Vec<Loc> = postorder.iter().rev().copied().collect();
        let idom = dominators(cfg.entry, &order, &predecessors, n);
        let dominates = |h: Loc, mut u: Loc| loop {
            if u == h {
                return true;
            }
            match idom[u.0 as usize] {
                Some(d) if d != u => u = d,
                _ => return false,
            }
        };
        let mut by_head: Vec<(Loc, Vec<usize>)> = Vec::new();
        for edge in retreating {
            let e = &cfg.edges[edge];
            if !dominates(e.to, e.from) {
                return Err(e.to);
            }
            match by_head.iter_mut().find(|(h, _)| *h == e.to) {
                Some((_, edges)) => edges.push(edge),
                None => by_head.push((e.to, vec![edge])),
            }
        }
        by_head.sort_by_key(|(h, _)| *h);
        let loops = by_head
            .into_iter()
            .map(|(head, mut edges)| {
                edges.sort_unstable();
                let mut members = BTreeSet::from([head]);
                let mut work: Vec<Loc> = edges.iter().map(|&k| cfg.edges[k].from).collect();
                while let Some(u) = work.pop() {
                    if members.insert(u) {
                        work.extend(predecessors[u.0 as usize].iter().copied());
                    }
                }
                (head, edges, members)
            })
            .collect();
        Ok(LoopStructure { loops })
    }
}

/// Immediate dominators (Cooper, Harvey and Kennedy's iteration over reverse postorder); `None`
/// for a location the entry does not reach, the entry its own.
fn dominators(entry: Loc, order: &[Loc], predecessors: &[Vec<Loc>], n: usize) -> Vec<Option<Loc>> {
    let mut number = vec![usize::MAX; n];
    for (k, at) in order.iter().enumerate() {
        number[at.0 as usize] = k;
    }
    let mut idom: Vec<Option<Loc>> = vec![None; n];
    idom[entry.0 as usize] = Some(entry);
    let intersect = |idom: &[Option<Loc>], mut a: Loc, mut b: Loc| {
        while a != b {
            while number[a.0 as usize] > number[b.0 as usize] {
                a = idom[a.0 as usize].expect("processed");
            }
            while number[b.0 as usize] > number[a.0 as usize] {
                b = idom[b.0 as usize].expect("processed");
            }
        }
        a
    };
    let mut changed = true;
    while changed {
        changed = false;
        for &at in order.iter().skip(1) {
            let mut new = None;
            for &p in &predecessors[at.0 as usize] {
                if idom[p.0 as usize].is_none() {
                    continue;
                }
                new = Some(match new {
                    None => p,
                    Some(q) => intersect(&idom, p, q),
                });
            }
            if new.is_some() && idom[at.0 as usize] != new {
                idom[at.0 as usize] = new;
                changed = true;
            }
        }
    }
    idom
}

/// The ranking-function candidates of a loop: from each comparison of integers in a branch
/// condition on an edge leaving one of its locations (the head's edges first), `b - a` then
/// `a - b`, without repeats.
fn candidates(program: &mut Program, cfg: &Cfg, head: Loc, members: &BTreeSet<Loc>) -> Vec<TermId> {
    let int = build::int_ty(&mut program.bank);
    let edges = cfg
        .edges
        .iter()
        .filter(|e| e.from == head)
        .chain(cfg.edges.iter().filter(|e| e.from != head && members.contains(&e.from)));
    let mut atoms = Vec::new();
    for e in edges {
        // Only branch conditions: the ranges of values read and other assumptions say
        // nothing about whether the loop goes on.
        let Command::Assume { formula, fact: ProgramFact::Branch } = &e.command else { continue };
        for conjunct in build::conjuncts(&program.bank, *formula) {
            collect_comparisons(program, conjunct, int, &mut atoms);
        }
    }
    // A front end's scratch values (a value read, a call's result) are no measure of
    // progress, and one read before its first write has no value a run can replay.
    let scratch: BTreeSet<ConstId> = program
        .variables
        .iter()
        .filter(|v| v.kind == VariableKind::Temporary)
        .map(|v| v.constant)
        .collect();
    atoms.retain(|&(a, b)| {
        let mut named = build::constants(&program.bank, a);
        named.extend(build::constants(&program.bank, b));
        !named.iter().any(|c| scratch.contains(c))
    });
    let mut out: Vec<TermId> = Vec::new();
    for (a, b) in atoms {
        for (x, y) in [(b, a), (a, b)] {
            let difference = build::same_type(&mut program.bank, Prim::Sub, vec![x, y]);
            if !out.contains(&difference) {
                out.push(difference);
            }
        }
    }
    out.truncate(MAX_CANDIDATES_PER_LOOP);
    out
}

/// The integer comparisons `(a, b)` of `a < b`, `a <= b`, `a = b` in a formula, under negations,
/// conjunctions and disjunctions.
fn collect_comparisons(
    program: &Program,
    t: TermId,
    int: crate::hol::TyId,
    out: &mut Vec<(TermId, TermId)>,
) {
    let Term::Prim(p, args) = &program.bank.term(t).term else { return };
    match p {
        Prim::Not | Prim::And | Prim::Or => {
            for &a in args.clone().iter() {
                collect_comparisons(program, a, int, out);
            }
        }
        Prim::Lt | Prim::Le | Prim::Eq if args.len() == 2 => {
            let (a, b) = (args[0], args[1]);
            if program.bank.term(a).ty == int && !out.contains(&(a, b)) {
                out.push((a, b));
            }
        }
        _ => {}
    }
}

/// A copy of `program` with each loop's chosen candidate checked (see the module's text), and
/// the `what` of each loop's checks, by loop.
fn instrument(program: &Program, loops: &[Loop], choice: &[usize]) -> (Program, Vec<String>) {
    let mut program = program.clone();
    let int = build::int_ty(&mut program.bank);
    let mut whats = Vec::new();
    for (k, (l, &chosen)) in loops.iter().zip(choice).enumerate() {
        let rank = l.candidates[chosen];
        let procedure_name = program.procedure(l.procedure).name.clone();
        let head_span =
            program.procedure(l.procedure).body.as_ref().and_then(|b| b.location(l.head).span);
        let span = head_span.unwrap_or_default();
        // The variable that remembers the rank where the run last left the head.
        let base = format!("$rank_{}", k + 1);
        let mut name = base.clone();
        let mut n = 1;
        while program.consts.iter().any(|c| c.name == name) {
            n += 1;
            name = format!("{base}#{n}");
        }
        program.consts.push(ConstDecl {
            name: name.clone(),
            ty: int,
            params: Vec::new(),
            span: head_span,
            kind: ConstKind::Declared,
        });
        let old = ConstId(program.consts.len() as u32 - 1);
        program.variables.push(Variable {
            constant: old,
            name,
            kind: VariableKind::Temporary,
            span: head_span,
            scope: None,
        });
        let old_term = build::constant(&mut program.bank, old, int, span);
        let zero = build::int(&mut program.bank, 0, span);
        let at_least_zero = build::formula(&mut program.bank, Prim::Le, vec![zero, old_term]);
        let decreases = build::formula(&mut program.bank, Prim::Lt, vec![rank, old_term]);
        let check = build::and(&mut program.bank, at_least_zero, decreases);
        let what = format!(
            "`{}` decreases on each iteration of the loop and stays at least 0 (loop {} of `{}`)",
            crate::ir::show_term(&program, rank),
            k + 1,
            procedure_name
        );
        whats.push(what.clone());

        let procedure = &mut program.procedures[l.procedure.0 as usize];
        procedure.locals.push(old);
        let body = procedure.body.as_mut().expect("loops are found in bodies");
        let departure = Loc(body.locations.len() as u32);
        body.locations.push(Location { span: head_span, ..Location::default() });
        for e in body.edges.iter_mut().filter(|e| e.from == l.head) {
            e.from = departure;
        }
        body.edges.push(Edge {
            from: l.head,
            to: departure,
            command: Command::Assign(vec![(old, rank)]),
            span: head_span,
        });
        for &edge in &l.back_edges {
            let arrival = Loc(body.locations.len() as u32);
            body.locations.push(Location { span: body.edges[edge].span, ..Location::default() });
            body.edges[edge].to = arrival;
            let span = body.edges[edge].span;
            body.edges.push(Edge {
                from: arrival,
                to: l.head,
                command: Command::Assert {
                    formula: check,
                    check: Obligation::Termination,
                    what: what.clone(),
                },
                span,
            });
        }
    }
    (program, whats)
}

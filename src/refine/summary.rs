//! Procedure summaries for unbounded recursion: when a counterexample runs through a recursive
//! call the graph cut ([`super::flat`]) and does not replay, the engine asks here for a
//! summary of each recursive procedure, a formula between the entry values of its parameters
//! and its results that holds whenever a run of it returns ([`Summaries`]).
//!
//! Candidates come from a small fixed family of templates, in a fixed order (bounds of a
//! result by 0 and 1, comparisons of a result with a parameter, and the same under a case of
//! a parameter: `n >= 0 ⇒ result = n`). They are checked together, Houdini style: every
//! procedure's body is built with every nested recursive call replaced by "the results and
//! globals become arbitrary, then the candidates hold of the arguments and results", and
//! the candidates are asked at the exit ([`Flat::build_summary_check`]); the IMPACT engine
//! decides that graph, which has no recursion left. A candidate that fails along a feasible
//! path is dropped and every procedure is checked again, until one round proves what is
//! left. Induction on the depth of a returning run's calls makes the survivors hold of every
//! returning run, so only they may replace a cut's havoc; a candidate the engine cannot
//! decide is never used. Each check ends with the engine's inductive certificate of the
//! body's graph, kept in [`Checked`] and checked again beside the main proof's certificate
//! (the main `SAFE` rests on them).
//!
//! Checks in the body are the caller's business: a cut call keeps its edges into the error
//! locations of its callee's checks, so the summaries speak only of runs that return.
//! Deterministic: procedures in their order, candidates in the family's order.

use std::collections::BTreeMap;

use rug::Integer;

use super::RefineError;
use super::flat::{Flat, Summaries, SummaryCheck};
use super::formula::{Linear, Pred};
use super::{Engine, Limits, Verdict};
use crate::hol::TyNode;
use crate::ir::{Command, ProcId, Program};

/// One procedure's summary with the certificate of its check.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The procedure.
    pub procedure: ProcId,
    /// The graph the summary was checked on (its body, the candidates at its exit).
    pub check: SummaryCheck,
    /// The inductive invariant per location of `check.flat` that proves them.
    pub invariants: Vec<Pred>,
}

/// What the inference found.
#[derive(Clone, Debug, Default)]
pub struct Inferred {
    /// The summaries that were checked, by procedure (the empty ones left out).
    pub summaries: Summaries,
    /// Their certificates, by procedure.
    pub certificates: Vec<Checked>,
    /// Candidates dropped because a check refuted them, or could not decide them.
    pub dropped: usize,
    /// Why a check did not decide its candidates (all of them dropped then), in order.
    pub undecided: Vec<String>,
    /// Runs of the engine on a body.
    pub checks: usize,
    /// SMT calls those runs made.
    pub smt_calls: usize,
}

/// At most this many steps for one check of a body.
pub const CHECK_STEPS: usize = 4_000;

/// The recursive procedures `root` reaches (itself included), by number.
pub fn recursive_procedures(program: &Program, root: ProcId) -> Vec<ProcId> {
    let reached = reachable(program, root);
    reached.iter().copied().filter(|&p| reachable_from_callees(program, p).contains(&p)).collect()
}

fn callees(program: &Program, p: ProcId) -> Vec<ProcId> {
    let Some(cfg) = &program.procedure(p).body else { return Vec::new() };
    cfg.edges
        .iter()
        .filter_map(|e| match &e.command {
            Command::Call { callee, .. } => Some(*callee),
            _ => None,
        })
        .collect()
}

fn reachable(program: &Program, root: ProcId) -> std::collections::BTreeSet<ProcId> {
    let mut reached = std::collections::BTreeSet::from([root]);
    let mut work = vec![root];
    while let Some(p) = work.pop() {
        for q in callees(program, p) {
            if reached.insert(q) {
                work.push(q);
            }
        }
    }
    reached
}

fn reachable_from_callees(program: &Program, p: ProcId) -> std::collections::BTreeSet<ProcId> {
    let mut out = std::collections::BTreeSet::new();
    for q in callees(program, p) {
        out.extend(reachable(program, q));
    }
    out
}

/// The positions of a procedure's integer parameters and results in its signature (see
/// [`Summaries`]).
fn signature(program: &Program, procedure: ProcId) -> (Vec<usize>, Vec<usize>) {
    let proc = program.procedure(procedure);
    let int = |c: &crate::hol::ConstId| {
        *program.bank.ty_node(program.consts[c.0 as usize].ty) == TyNode::Int
    };
    let params = proc.params.iter().enumerate().filter(|(_, c)| int(c)).map(|(i, _)| i).collect();
    let results = proc
        .results
        .iter()
        .enumerate()
        .filter(|(_, c)| int(c))
        .map(|(j, _)| proc.params.len() + j)
        .collect();
    (params, results)
}

/// The template candidates of `procedure`, in the family's order: for each integer result
/// `r`, `r >= 0`, `r <= 0`, `r >= 1`, `r <= 1`; for each integer parameter `p`, `r >= p`,
/// `r <= p`; then for `c` in 0 and 1, `p <= c ⇒ r = 0`, `p <= c ⇒ r = p`, `p >= c ⇒ r = p`,
/// `p >= c ⇒ r >= p`. No candidate without an integer result.
pub fn candidates(program: &Program, procedure: ProcId) -> Vec<Pred> {
    let (params, results) = signature(program, procedure);
    let constant = |n: i64| Linear::constant(Integer::from(n));
    let mut out: Vec<Pred> = Vec::new();
    let mut push = |p: Pred| {
        if p != Pred::True && !out.contains(&p) {
            out.push(p);
        }
    };
    for &r in &results {
        let rv = Linear::variable(r);
        for c in [0, 1] {
            push(Pred::le(&constant(c), &rv));
            push(Pred::le(&rv, &constant(c)));
        }
        for &p in &params {
            let pv = Linear::variable(p);
            push(Pred::le(&pv, &rv));
            push(Pred::le(&rv, &pv));
        }
        for &p in &params {
            let pv = Linear::variable(p);
            for c in [0, 1] {
                let at_most = Pred::le(&pv, &constant(c));
                let at_least = Pred::le(&constant(c), &pv);
                let implies = |a: &Pred, b: Pred| Pred::or(vec![a.negate(), b]);
                push(implies(&at_most, Pred::eq(&rv, &constant(0))));
                push(implies(&at_most, Pred::eq(&rv, &pv)));
                push(implies(&at_least, Pred::eq(&rv, &pv)));
                push(implies(&at_least, Pred::le(&pv, &rv)));
            }
        }
    }
    out
}

/// How one check of a body ended.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// Every candidate holds: the certificate.
    Proved(Vec<Pred>),
    /// The candidate at this position fails along a feasible path.
    Refuted(usize),
    /// The engine did not decide (a limit, an unsupported construct), for this reason.
    Undecided(String),
}

/// Checks `candidates` of `procedure` assuming `summaries` at its nested recursive calls.
fn check_body(
    program: &Program,
    procedure: ProcId,
    summaries: &Summaries,
    candidates: &[Pred],
    limits: &Limits,
    invariants: bool,
    inferred: &mut Inferred,
) -> Result<(SummaryCheck, Outcome), RefineError> {
    let check = Flat::build_summary_check(program, procedure, summaries, candidates)?;
    let mut engine =
        Engine::checking(program, procedure, check.flat.clone(), limits.clone(), invariants);
    let verdict = engine.run();
    inferred.checks += 1;
    inferred.smt_calls += engine.counters().smt_calls;
    let outcome = match (verdict, engine.refuted()) {
        (_, Some(location)) => match check.goals.iter().position(|&g| g == location) {
            Some(k) => Outcome::Refuted(k),
            None => {
                return Err(RefineError::Internal(
                    "a summary check failed at a location that is no candidate's".into(),
                ));
            }
        },
        (Verdict::Safe { invariants: reached }, None) => {
            let mut all = vec![Pred::False; check.flat.locations.len()];
            for (l, p) in reached {
                all[l] = p;
            }
            all[0] = Pred::True;
            Outcome::Proved(all)
        }
        (Verdict::Unknown(why), None) => Outcome::Undecided(why),
        (Verdict::Unsafe(_), None) => Outcome::Undecided("a check replayed".into()),
    };
    Ok((check, outcome))
}

/// Checks one candidate `summary` of `procedure` on its own: the body, its nested calls of
/// `procedure` assuming `summary`, must establish it (the other recursive procedures get no
/// summary). The certificate when it holds, the refutation or why it was not decided else.
pub fn check_summary(
    program: &Program,
    procedure: ProcId,
    summary: &Pred,
    limits: &Limits,
) -> Result<(Option<Checked>, Outcome), RefineError> {
    let summaries = Summaries::from([(procedure, summary.clone())]);
    let mut inferred = Inferred::default();
    let (check, outcome) = check_body(
        program,
        procedure,
        &summaries,
        std::slice::from_ref(summary),
        limits,
        false,
        &mut inferred,
    )?;
    let checked = match &outcome {
        Outcome::Proved(invariants) => {
            Some(Checked { procedure, check, invariants: invariants.clone() })
        }
        _ => None,
    };
    Ok((checked, outcome))
}

/// Infers summaries for the recursive procedures `root` reaches (see the module's page):
/// the largest subset of the template candidates that the checks prove together. Each check
/// runs within `limits` and at most [`CHECK_STEPS`] steps.
pub fn infer(
    program: &Program,
    root: ProcId,
    limits: &Limits,
    invariants: bool,
) -> Result<Inferred, RefineError> {
    let procedures = recursive_procedures(program, root);
    let mut remaining: BTreeMap<ProcId, Vec<Pred>> =
        procedures.iter().map(|&p| (p, candidates(program, p))).collect();
    let limits = Limits {
        max_steps: Some(limits.max_steps.map_or(CHECK_STEPS, |m| m.min(CHECK_STEPS))),
        ..limits.clone()
    };
    let mut inferred = Inferred::default();
    'round: loop {
        let summaries: Summaries = remaining
            .iter()
            .filter(|(_, c)| !c.is_empty())
            .map(|(&p, c)| (p, Pred::and(c.clone())))
            .collect();
        let mut certificates = Vec::new();
        for &p in &procedures {
            if remaining[&p].is_empty() {
                continue;
            }
            let candidates = remaining[&p].clone();
            let (check, outcome) = check_body(
                program,
                p,
                &summaries,
                &candidates,
                &limits,
                invariants,
                &mut inferred,
            )?;
            match outcome {
                Outcome::Proved(invariants) => {
                    certificates.push(Checked { procedure: p, check, invariants });
                }
                Outcome::Refuted(k) => {
                    inferred.dropped += 1;
                    if let Some(c) = remaining.get_mut(&p) {
                        c.remove(k);
                    }
                    continue 'round;
                }
                Outcome::Undecided(why) => {
                    inferred.undecided.push(why);
                    inferred.dropped += candidates.len();
                    remaining.insert(p, Vec::new());
                    continue 'round;
                }
            }
        }
        // Conjuncts the others imply only lengthen what the user reads: drop them, last
        // first, and prove what is left again (the same formulas, so the round succeeds; the
        // certificates must name the summaries assumed).
        let mut pruned = false;
        for c in remaining.values_mut() {
            pruned |= prune_implied(c, &mut inferred)?;
        }
        if pruned {
            continue 'round;
        }
        inferred.summaries = summaries;
        inferred.certificates = certificates;
        return Ok(inferred);
    }
}

/// Drops the candidates the others imply, last first; whether one was dropped.
fn prune_implied(candidates: &mut Vec<Pred>, inferred: &mut Inferred) -> Result<bool, RefineError> {
    let mut pruned = false;
    let mut k = candidates.len();
    while k > 0 {
        k -= 1;
        let others: Vec<Pred> = candidates
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != k)
            .map(|(_, c)| c.clone())
            .collect();
        let width = candidates.iter().flat_map(Pred::variables).max().map_or(0, |v| v + 1);
        inferred.smt_calls += 1;
        let mut stats = crate::smt::SmtStats::default();
        if super::path::implies(width, &Pred::and(others), &candidates[k], &mut stats)? {
            candidates.remove(k);
            pruned = true;
        }
    }
    Ok(pruned)
}

/// Checks each summary's certificate again ([`super::check_inductive`]) against `summaries`:
/// every summary assumed must have been checked with exactly the summaries assumed in the
/// main proof. `None` when all hold, else which fails.
pub fn recheck(
    summaries: &Summaries,
    certificates: &[Checked],
    stats: &mut crate::smt::SmtStats,
    smt_calls: &mut usize,
) -> Result<Option<String>, RefineError> {
    for p in summaries.keys() {
        if !certificates.iter().any(|c| c.procedure == *p && c.check.flat.summaries == *summaries) {
            return Ok(Some("a summary assumed has no certificate".into()));
        }
    }
    for c in certificates {
        if let Some(failure) =
            super::check_inductive(&c.check.flat, &c.invariants, stats, smt_calls)?
        {
            return Ok(Some(format!("the check of a summary fails: {failure}")));
        }
    }
    Ok(None)
}

/// A summary as the user reads it: parameters by name, results as `result` (numbered when
/// there are several).
pub fn show(program: &Program, procedure: ProcId, summary: &Pred) -> String {
    let proc = program.procedure(procedure);
    let n = proc.params.len();
    let names = |v: usize| {
        if v < n {
            program.display_name(proc.params[v])
        } else if proc.results.len() == 1 {
            "result".to_string()
        } else {
            format!("result{}", v - n + 1)
        }
    };
    summary.show(&names)
}

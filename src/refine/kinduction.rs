//! k-induction on the inlined graph ([`Flat`]), one graph edge per step, strengthened by the
//! invariants abstract interpretation finds ([`super::absint`]).
//!
//! The property is "no error location is reached". For k = 1, 2, ... the engine keeps the
//! error paths of exactly k edges (every location before the last one not an error location)
//! that are feasible from *any* state satisfying, at each of their locations, what abstract
//! interpretation found there: the path formula of each candidate (the paths of the previous
//! round, each extended by one incoming edge) goes to the SMT core with those invariants
//! conjoined. That is k-induction's step case, asked one path at a time:
//! - a feasible path that starts at the start location is the base case failing (BMC): its
//!   inputs are replayed on the interpreter ([`replay`]) and only a failing run is `UNSAFE`;
//! - when no path of k edges is feasible, the property is k-inductive relative to the
//!   invariants, and the paths of fewer edges (all kept, none from the start) give the
//!   certificate: at each location, the invariants there and the negation of the exact
//!   precondition of every kept path that starts there ("no error within k - 1 edges"). That
//!   is 1-inductive whenever the invariants are (a path of k edges from a successor would be
//!   a kept path or one refuted at round k), so `SAFE` is answered only after it passes
//!   [`check_inductive`], one SMT check per edge, as IMPACT's answers do.
//!
//! Preconditions are exact or not made: an assumption conjoins, an assignment substitutes,
//! and an arbitrary value (an input, a havoc) is projected out only when that is exact over
//! the integers (an equality solving for it, or bounds with unit coefficients; see
//! [`project`]). A path whose precondition cannot be made exactly leaves the run without a
//! certificate, and the answer is `UNKNOWN` saying so, never a `SAFE` on an unchecked proof.
//!
//! The engine is deterministic: candidates are made and checked in the order of the graph's
//! edges, and every collection is a vector or ordered map.

use std::collections::BTreeMap;

use rug::Integer;

use super::certificate::check_inductive;
use super::contract::{Replayed, replay};
use super::flat::{Action, Flat};
use super::formula::{Linear, Pred, Rel};
use super::path::{self, PathFormula, Solved};
use super::simplify::Simplifier;
use super::{FIRST_UNROLLING, Limits, RefineError, Seeding, Verdict, deeper_unrolling, seeds_of};
use crate::ir::{ProcId, Program};
use crate::smt::SmtStats;
use crate::syntax::clock::Stopwatch;

/// k is raised at most to this many edges: a property that needs a deeper window is left to
/// the refinement engines.
pub const MAX_DEPTH: usize = 200;

/// At most this many paths are kept per round: past it the error paths branch faster than
/// k-induction can follow them.
pub const MAX_PATHS: usize = 2_000;

/// At most this many disjunctive cases when an arbitrary value is projected out of a
/// precondition.
const MAX_PROJECTION_CASES: usize = 64;

/// Counters of a k-induction run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KCounters {
    /// The deepest round started (paths of this many edges).
    pub depth: usize,
    /// Paths checked by the SMT core (the steps [`Limits::max_steps`] bounds).
    pub paths_checked: usize,
    /// Paths found feasible and kept (extended at the next round).
    pub paths_kept: usize,
    /// Error paths from the start whose inputs were replayed on the interpreter.
    pub replays: usize,
    /// Edges checked for the certificate.
    pub certificate_edges: usize,
    /// SMT calls (path checks and certificate checks).
    pub smt_calls: usize,
    /// Times the search started again on a graph with recursion unrolled deeper.
    pub deepenings: usize,
}

/// An error path being extended backwards: its edges from `start` to an error location, and
/// the exact precondition at `start` of running it to the error (`None` when it could not be
/// made exactly).
#[derive(Clone, Debug)]
struct ErrorPath {
    start: usize,
    edges: Vec<usize>,
    precondition: Option<Pred>,
}

/// The k-induction engine on one procedure.
pub struct KInduction {
    program: Program,
    procedure: ProcId,
    /// The inlined graph.
    pub flat: Flat,
    /// Per location, what abstract interpretation found (`True` everywhere without it).
    known: Vec<Pred>,
    seeding: Seeding,
    /// The edges into each location, ascending.
    incoming: Vec<Vec<usize>>,
    limits: Limits,
    started: Stopwatch,
    counters: KCounters,
    stats: SmtStats,
    /// Where the search is between rounds.
    search: Search,
    /// The verdict, once the run has ended.
    verdict: Option<Verdict>,
}

/// Where a k-induction search is between two rounds (started afresh when recursion is
/// unrolled deeper).
#[derive(Default)]
struct Search {
    /// The last round's k (0 before the first).
    depth: usize,
    /// The paths the last round kept, to extend at the next.
    frontier: Vec<ErrorPath>,
    /// The preconditions of every path kept so far, per location they start at (the
    /// certificate's exclusions).
    excluded: BTreeMap<usize, Vec<Pred>>,
    /// The first path kept whose precondition could not be made exactly.
    inexact: Option<String>,
    /// Why each error path from the start was left unresolved: it did not replay, or the SMT
    /// core gave up on it. Any of them rules out SAFE.
    unconfirmed: Vec<String>,
}

/// What one round of k-induction did ([`KInduction::step`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct KRound {
    /// The round: paths of k edges.
    pub k: usize,
    /// Paths checked by the SMT core.
    pub checked: usize,
    /// Paths found feasible (or left undecided) and kept, to extend at the next round.
    pub kept: usize,
    /// Paths found infeasible under the invariants.
    pub refuted: usize,
    /// Paths from the start whose inputs were replayed on the interpreter.
    pub replayed: usize,
    /// Paths the SMT core gave up on (kept as if feasible, or left unresolved from the start).
    pub undecided: usize,
}

/// What one step of k-induction did.
#[derive(Clone, Debug)]
pub enum KStep {
    /// A round ended with paths kept: the next round extends them.
    Round(KRound),
    /// A path from the start ran through a recursive call the graph had cut and did not
    /// replay: the search starts again (at k = 1) on a graph with recursion unrolled
    /// `unrolling` times.
    Deepened {
        /// The round that found the path.
        round: KRound,
        /// The new unrolling.
        unrolling: usize,
        /// Why the path did not replay.
        reason: String,
    },
    /// The run ended: the round that ended it (none when it ended between rounds).
    Finished {
        /// The last round.
        round: Option<KRound>,
        /// The verdict.
        verdict: Verdict,
    },
}

impl KInduction {
    /// A k-induction engine on `function` of `program`, strengthened by the invariants of
    /// [`super::absint`] when `invariants` says so, or why the function cannot be analysed.
    pub fn new(
        program: &Program,
        function: &str,
        limits: Limits,
        invariants: bool,
    ) -> Result<KInduction, RefineError> {
        let procedure = super::function_named(program, function)?;
        let started = Stopwatch::start(limits.clock);
        let flat = Flat::build(program, procedure, FIRST_UNROLLING)?;
        let (known, seeding) = if invariants {
            let (_, known, seeding) = seeds_of(&flat);
            (known, seeding)
        } else {
            (vec![Pred::True; flat.locations.len()], Seeding::Off)
        };
        let incoming = incoming_edges(&flat);
        Ok(KInduction {
            program: program.clone(),
            procedure,
            flat,
            known,
            seeding,
            incoming,
            limits,
            started,
            counters: KCounters::default(),
            stats: SmtStats::default(),
            search: Search::default(),
            verdict: None,
        })
    }

    /// The counters now.
    pub fn counters(&self) -> KCounters {
        self.counters.clone()
    }

    /// Whether and how the invariants of abstract interpretation were found.
    pub fn seeding(&self) -> &Seeding {
        &self.seeding
    }

    /// Raises k until the property is k-inductive (certified), an error path from the start
    /// replays, or a limit is reached.
    pub fn run(&mut self) -> Verdict {
        loop {
            if let KStep::Finished { verdict, .. } = self.step() {
                return verdict;
            }
        }
    }

    /// The verdict, once the run has ended.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    /// Ends the run because a time limit measured outside the engine was reached (the
    /// workbench's, which counts only the time its steps take; see
    /// [`super::Engine::stop_at_time_limit`]).
    pub fn stop_at_time_limit(&mut self, limit: std::time::Duration) -> KStep {
        if let Some(verdict) = &self.verdict {
            return KStep::Finished { round: None, verdict: verdict.clone() };
        }
        let reason = super::time_limit_reason(limit, self.limits.clock);
        let reason = self.unknown_at(self.search.depth, &reason);
        self.finish(None, Verdict::Unknown(reason))
    }

    /// One round: the error paths of one more edge than the last round's are made and checked
    /// (k-induction's step case at the next k), and what they gave is said; or the end of the
    /// run (a verdict), or the start again on a graph with recursion unrolled deeper.
    pub fn step(&mut self) -> KStep {
        if let Some(verdict) = &self.verdict {
            return KStep::Finished { round: None, verdict: verdict.clone() };
        }
        match self.round() {
            Ok(step) => step,
            Err(e) => {
                let reason = self.limits.ended_by(&e, &self.started);
                self.finish(None, Verdict::Unknown(reason))
            }
        }
    }

    fn finish(&mut self, round: Option<KRound>, verdict: Verdict) -> KStep {
        self.verdict = Some(verdict.clone());
        KStep::Finished { round, verdict }
    }

    /// Starts again on a graph with recursion unrolled twice as deep (the counters count on),
    /// or says why it cannot.
    fn deepen(&mut self) -> Result<usize, String> {
        let unrolling = deeper_unrolling(&self.flat)?;
        let flat = Flat::build(&self.program, self.procedure, unrolling)
            .map_err(|e| format!("unrolling recursion {unrolling} times: {e}"))?;
        let (known, seeding) = match self.seeding {
            Seeding::Off => (vec![Pred::True; flat.locations.len()], Seeding::Off),
            _ => {
                let (_, known, seeding) = seeds_of(&flat);
                (known, seeding)
            }
        };
        self.incoming = incoming_edges(&flat);
        self.flat = flat;
        self.known = known;
        self.seeding = seeding;
        self.counters.deepenings += 1;
        self.search = Search::default();
        Ok(unrolling)
    }

    fn round(&mut self) -> Result<KStep, RefineError> {
        let depth = self.search.depth + 1;
        if depth > MAX_DEPTH {
            let why = match self.search.unconfirmed.first() {
                Some(reason) => format!("; besides, {reason}"),
                None => String::new(),
            };
            return Ok(self.finish(
                None,
                Verdict::Unknown(format!(
                    "k-induction: the property is not k-inductive for k up to {MAX_DEPTH} \
                     edges{why}"
                )),
            ));
        }
        self.search.depth = depth;
        self.counters.depth = depth;
        let mut round = KRound { k: depth, ..KRound::default() };
        let frontier = std::mem::take(&mut self.search.frontier);
        let candidates = if depth == 1 { self.error_edges() } else { self.extend(&frontier) };
        let mut next = Vec::new();
        for candidate in candidates {
            if let Some(reason) = self.limit_reached(next.len()) {
                let verdict = Verdict::Unknown(self.unknown_at(depth, &reason));
                return Ok(self.finish(Some(round), verdict));
            }
            round.checked += 1;
            let values = match self.feasible(&candidate) {
                Ok(Some(values)) => Some(values),
                Ok(None) => {
                    round.refuted += 1;
                    continue;
                }
                // The SMT core gave up on this path: it is kept as if feasible (its exact
                // precondition still excludes it from the certificate, which is checked), and
                // from the start it cannot be replayed without a model, so it stays unresolved
                // and no SAFE is answered while it does.
                Err(RefineError::Incomplete(why) | RefineError::Unsupported(why)) => {
                    round.undecided += 1;
                    if candidate.start == 0 {
                        self.search.unconfirmed.push(format!(
                            "the SMT core gave up on an error path of {depth} edges from the \
                             start ({why}); it is left unresolved"
                        ));
                        continue;
                    }
                    None
                }
                Err(other) => return Err(other),
            };
            if let Some(values) = values
                && candidate.start == 0
            {
                round.replayed += 1;
                match self.replay_from_start(&candidate, values) {
                    Replayed::Verdict(verdict) => return Ok(self.finish(Some(round), verdict)),
                    Replayed::Unconfirmed(reason) if self.flat.passes_cut(&candidate.edges) => {
                        return Ok(match self.deepen() {
                            Ok(unrolling) => KStep::Deepened { round, unrolling, reason },
                            Err(why) => self
                                .finish(Some(round), Verdict::Unknown(format!("{reason} ({why})"))),
                        });
                    }
                    Replayed::Unconfirmed(reason) => self.search.unconfirmed.push(reason),
                }
                continue;
            }
            self.counters.paths_kept += 1;
            round.kept += 1;
            next.push(candidate);
            if next.len() > MAX_PATHS {
                let verdict = Verdict::Unknown(format!(
                    "k-induction: more than {MAX_PATHS} feasible error paths of {depth} edges"
                ));
                return Ok(self.finish(Some(round), verdict));
            }
        }
        if next.is_empty() {
            if let Some(reason) = self.search.unconfirmed.first() {
                let verdict = Verdict::Unknown(format!(
                    "{reason}{}",
                    match self.search.unconfirmed.len() {
                        1 => String::new(),
                        n => format!(" (and {} more such paths)", n - 1),
                    }
                ));
                return Ok(self.finish(Some(round), verdict));
            }
            if let Some(why) = self.search.inexact.clone() {
                let verdict = Verdict::Unknown(format!(
                    "k-induction: the property is {depth}-inductive relative to the \
                     invariants, but no inductive certificate was made: {why}"
                ));
                return Ok(self.finish(Some(round), verdict));
            }
            let excluded = std::mem::take(&mut self.search.excluded);
            let verdict = self.certify(depth, &excluded)?;
            return Ok(self.finish(Some(round), verdict));
        }
        for p in &next {
            match &p.precondition {
                Some(pre) => self.search.excluded.entry(p.start).or_default().push(pre.clone()),
                None if self.search.inexact.is_none() => {
                    self.search.inexact = Some(format!(
                        "the precondition of an error path from {} needs a quantifier",
                        self.flat.locations[p.start].name
                    ));
                }
                None => {}
            }
        }
        self.search.frontier = next;
        Ok(KStep::Round(round))
    }

    /// Why the run ends at round `depth` for `reason`, in words.
    fn unknown_at(&self, depth: usize, reason: &str) -> String {
        format!("{reason} (k-induction at k = {depth})")
    }

    fn limit_reached(&self, kept: usize) -> Option<String> {
        self.limits.reached(self.counters.paths_checked, ("path", kept), &self.started)
    }

    /// The error paths of one edge: every edge into an error location from a location that
    /// is none, in edge order.
    fn error_edges(&self) -> Vec<ErrorPath> {
        let mut out = Vec::new();
        for (i, e) in self.flat.edges.iter().enumerate() {
            if self.flat.locations[e.to].error.is_none()
                || self.flat.locations[e.from].error.is_some()
            {
                continue;
            }
            let precondition = precondition(&self.flat, i, Some(Pred::True));
            out.push(ErrorPath { start: e.from, edges: vec![i], precondition });
        }
        out
    }

    /// Each path extended by every edge into its start from a location that is no error
    /// location, paths in order, edges ascending.
    fn extend(&self, frontier: &[ErrorPath]) -> Vec<ErrorPath> {
        let mut out = Vec::new();
        for p in frontier {
            for &e in &self.incoming[p.start] {
                let edge = &self.flat.edges[e];
                if self.flat.locations[edge.from].error.is_some()
                    || edge.action == Action::Assume(Pred::False)
                    || self.known[edge.from] == Pred::False
                {
                    continue;
                }
                let mut edges = Vec::with_capacity(p.edges.len() + 1);
                edges.push(e);
                edges.extend_from_slice(&p.edges);
                let precondition = precondition(&self.flat, e, p.precondition.clone());
                out.push(ErrorPath { start: edge.from, edges, precondition });
            }
        }
        out
    }

    /// Whether the path can be run from some state that satisfies, at each of its locations,
    /// what abstract interpretation found there: the values of the SSA variables of a run if
    /// so, with the path's formula.
    fn feasible(
        &mut self,
        candidate: &ErrorPath,
    ) -> Result<Option<(Vec<Integer>, PathFormula)>, RefineError> {
        self.counters.paths_checked += 1;
        let formula = PathFormula::encode(&self.flat, &candidate.edges);
        let mut assertions = formula.parts.clone();
        let mut at = candidate.start;
        for k in 0..=candidate.edges.len() {
            if k > 0 {
                at = self.flat.edges[candidate.edges[k - 1]].to;
            }
            let known = &self.known[at];
            if *known != Pred::True {
                let now = &formula.current[k];
                assertions.push(known.rename(&|v| now[v]));
            }
        }
        self.counters.smt_calls += 1;
        let splits = self.limits.path_splits();
        let deadline = self.limits.deadline(&self.started);
        let variables = formula.ssa.len();
        match path::solve_within(variables, &assertions, &mut self.stats, splits, &deadline)? {
            Solved::Sat(values) => Ok(Some((values, formula))),
            Solved::Unsat(_) => Ok(None),
        }
    }

    /// Replays the inputs of a feasible error path from the start ([`replay`]).
    fn replay_from_start(
        &mut self,
        candidate: &ErrorPath,
        (values, formula): (Vec<Integer>, PathFormula),
    ) -> Replayed {
        self.counters.replays += 1;
        let inputs: Vec<Integer> = formula
            .inputs
            .iter()
            .map(|s| s.map_or_else(Integer::new, |s| values[s].clone()))
            .collect();
        let mut locations = vec![candidate.start];
        locations.extend(candidate.edges.iter().map(|&e| self.flat.edges[e].to));
        let error = *locations.last().unwrap_or(&candidate.start);
        replay(&self.program, self.procedure, &self.flat, error, inputs, locations)
    }

    /// The certificate after round `depth` found no feasible path: per location the
    /// invariants and the negations of the preconditions of the kept paths from there,
    /// checked inductive edge by edge.
    fn certify(
        &mut self,
        depth: usize,
        excluded: &BTreeMap<usize, Vec<Pred>>,
    ) -> Result<Verdict, RefineError> {
        let mut invariants: Vec<Pred> = Vec::with_capacity(self.flat.locations.len());
        for l in 0..self.flat.locations.len() {
            if self.flat.locations[l].error.is_some() {
                invariants.push(Pred::False);
                continue;
            }
            let mut parts = vec![self.known[l].clone()];
            if let Some(pres) = excluded.get(&l) {
                parts.extend(pres.iter().map(Pred::negate));
            }
            invariants.push(self.simplified(&Pred::and(parts))?);
        }
        let before = self.counters.smt_calls;
        let failure = check_inductive(
            &self.flat,
            &invariants,
            &mut self.stats,
            &mut self.counters.smt_calls,
        )?;
        self.counters.certificate_edges += self.counters.smt_calls - before;
        if let Some(failure) = failure {
            return Ok(Verdict::Unknown(format!(
                "internal error: the certificate of {depth}-induction is not inductive: \
                 {failure}"
            )));
        }
        let reached: Vec<(usize, Pred)> = invariants
            .into_iter()
            .enumerate()
            .filter(|(l, p)| *p != Pred::False && self.flat.locations[*l].error.is_none())
            .collect();
        Ok(Verdict::Safe { invariants: reached })
    }
}

impl KInduction {
    /// `p` simplified ([`Simplifier`]: every step an implication the SMT core confirmed, the
    /// result checked equivalent to `p`), or `p` itself when the SMT core gave up on a question
    /// (the simplification only makes the certificate easier to read; the formula checked
    /// inductive and printed is the one returned either way); a bug in craig stays an error.
    fn simplified(&mut self, p: &Pred) -> Result<Pred, RefineError> {
        let variables = self.flat.variables.len();
        let (stats, calls) = (&mut self.stats, &mut self.counters.smt_calls);
        let mut ask = |a: &Pred, b: &Pred| {
            *calls += 1;
            path::implies(variables, a, b, stats)
        };
        match (Simplifier { implies: &mut ask }).simplify_invariant(p) {
            Ok(simpler) => Ok(simpler),
            Err(RefineError::Incomplete(_) | RefineError::Unsupported(_)) => Ok(p.clone()),
            Err(bug) => Err(bug),
        }
    }
}

/// The edges into each location of `flat`, ascending.
fn incoming_edges(flat: &Flat) -> Vec<Vec<usize>> {
    let mut incoming = vec![Vec::new(); flat.locations.len()];
    for (i, e) in flat.edges.iter().enumerate() {
        incoming[e.to].push(i);
    }
    incoming
}

/// The exact precondition of taking edge `e` of `flat` and then satisfying `after` (`None`
/// stays `None`, and a projection that would not be exact gives `None`).
fn precondition(flat: &Flat, e: usize, after: Option<Pred>) -> Option<Pred> {
    let after = after?;
    match &flat.edges[e].action {
        Action::Assume(p) => Some(Pred::and(vec![p.clone(), after])),
        Action::Assign(pairs) => {
            // The arbitrary values are the post-state's: project them out first, then
            // substitute the others' values, written over the pre-state.
            let mut projected = after;
            for (x, value) in pairs {
                if value.is_none() {
                    projected = project(&projected, *x)?;
                }
            }
            let values: BTreeMap<usize, Linear> =
                pairs.iter().filter_map(|(x, l)| l.as_ref().map(|l| (*x, l.clone()))).collect();
            Some(projected.substitute(&|v| values.get(&v).cloned()))
        }
        Action::Input(vars) => {
            let mut projected = after;
            for x in vars.iter().flatten() {
                projected = project(&projected, *x)?;
            }
            Some(projected)
        }
    }
}

/// `∃x. p` without the quantifier, when that is exact over the integers: the conjuncts that
/// mention `x` are split into cases, and in each case `x` is solved from an equality in which
/// it has coefficient ±1, or eliminated from bounds in which it has coefficient ±1 (each lower
/// bound below each upper bound, exact for unit coefficients), or dropped when it is bounded on
/// one side only. `None` otherwise.
pub fn project(p: &Pred, x: usize) -> Option<Pred> {
    if !p.variables().contains(&x) {
        return Some(p.clone());
    }
    let (with, without): (Vec<Pred>, Vec<Pred>) =
        p.conjuncts().into_iter().partition(|c| c.variables().contains(&x));
    let cases = Pred::and(with).cases(MAX_PROJECTION_CASES)?;
    let mut projected = Vec::with_capacity(cases.len());
    for case in cases {
        projected.push(project_case(case, x)?);
    }
    let mut parts = without;
    parts.push(Pred::or(projected));
    Some(Pred::and(parts))
}

/// `∃x` of one conjunction of `l <= 0` and `l = 0` constraints (see [`project`]).
fn project_case(case: Vec<(Linear, Rel)>, x: usize) -> Option<Pred> {
    let coefficient = |l: &Linear| l.coefficients.get(&x).cloned().unwrap_or_default();
    let unit = |c: &Integer| *c == 1 || *c == -1;
    // An equality c·x + r = 0 with c = ±1 gives x = -r/c: substitute it everywhere.
    if let Some((l, _)) = case.iter().find(|(l, rel)| *rel == Rel::Eq && unit(&coefficient(l))) {
        let c = coefficient(l);
        let mut rest = l.clone();
        rest.coefficients.remove(&x);
        // c·x + rest = 0 ⇔ x = -rest/c = -c·rest (c = ±1).
        let value = rest.scale(&Integer::from(-&c));
        let substituted: Vec<Pred> = case
            .iter()
            .map(|(m, rel)| Pred::atom(m.substitute(&|v| (v == x).then(|| value.clone())), *rel))
            .collect();
        return Some(Pred::and(substituted));
    }
    let mut kept = Vec::new();
    let mut lower = Vec::new(); // -x + b <= 0: x >= b, kept as b
    let mut upper = Vec::new(); // x + a <= 0: x <= -a, kept as a
    for (l, rel) in case {
        let c = coefficient(&l);
        if c == 0 {
            kept.push(Pred::atom(l, rel));
            continue;
        }
        if rel != Rel::Le || !unit(&c) {
            return None;
        }
        let mut rest = l.clone();
        rest.coefficients.remove(&x);
        if c == 1 { upper.push(rest) } else { lower.push(rest) }
    }
    // b <= x <= -a has an integer solution iff b + a <= 0 (b and a are integral).
    for b in &lower {
        for a in &upper {
            kept.push(Pred::atom(b.add_scaled(a, &Integer::from(1)), Rel::Le));
        }
    }
    Some(Pred::and(kept))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn var(v: usize) -> Linear {
        Linear::variable(v)
    }

    fn int(n: i64) -> Linear {
        Linear::constant(Integer::from(n))
    }

    #[test]
    fn projection_solves_an_equality_and_pairs_unit_bounds() {
        // ∃x. x = y + 1 ∧ x <= 5  ⇔  y <= 4
        let p = Pred::and(vec![
            Pred::eq(&var(0), &var(1).add_scaled(&int(1), &Integer::from(1))),
            Pred::le(&var(0), &int(5)),
        ]);
        assert_eq!(project(&p, 0), Some(Pred::le(&var(1), &int(4))));
        // ∃x. y <= x ∧ x <= z  ⇔  y <= z
        let p = Pred::and(vec![Pred::le(&var(1), &var(0)), Pred::le(&var(0), &var(2))]);
        assert_eq!(project(&p, 0), Some(Pred::le(&var(1), &var(2))));
        // ∃x. x != 3 (bounded on no side) is true.
        let p = Pred::atom(var(0).add_scaled(&int(3), &Integer::from(-1)), Rel::Ne);
        assert_eq!(project(&p, 0), Some(Pred::True));
    }

    #[test]
    fn projection_refuses_what_it_cannot_do_exactly() {
        // ∃x. 2x = y says y is even: no quantifier-free linear formula without divisibility.
        let p = Pred::eq(&var(0).scale(&Integer::from(2)), &var(1));
        assert_eq!(project(&p, 0), None);
        // ∃x. y <= 2x <= z needs a ceiling.
        let two_x = var(0).scale(&Integer::from(2));
        let p = Pred::and(vec![Pred::le(&var(1), &two_x), Pred::le(&two_x, &var(2))]);
        assert_eq!(project(&p, 0), None);
    }
}

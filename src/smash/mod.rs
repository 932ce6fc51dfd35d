//! May-must analysis (seed 004, Godefroid, Nori, Rajamani and Tetali, POPL'10): the
//! intraprocedural algorithm of its Fig. 7, which is DASH, over the refinement engine's graph
//! of one procedure with its calls inlined (the paper's DASH analyses a callee again at every
//! call site, which is what inlining does).
//!
//! Two analyses share one graph and feed each other at a *frontier*:
//! - the may side ([`partition`]): a partition of each location's states into regions and,
//!   per edge, the pairs of regions proved to have no step between them (absent edges). An
//!   abstract path from the start to an error location over the other pairs is a question;
//!   no such path (VERIFIED) is a proof, certified as an inductive invariant (the disjunction of
//!   the regions reachable at each location) by one SMT check per edge before it is reported.
//! - the must side ([`must`]): concrete states known reachable, each with the step that made
//!   it. A state at an error location (BUGFOUND) gives the inputs of a run, which the
//!   interpreter replays before an unsafe program is reported.
//!
//! Each step takes the shortest abstract error path and its frontier: the last region on it
//! known to hold a reachable state, `φ1` at `n1`, and the next one, `φ2` at `n2`, holding none
//! yet. Either a reachable state in `φ1` steps into `φ2` (MUST-POST: a directed test, which
//! then runs on concretely) or none does, and the region `φ1` is split by a formula `β` that
//! covers every state with a step into `φ2` and no reachable one, the half outside `β` getting
//! an absent edge to `φ2` (NOTMAY-PRE). `β` is the exact precondition `Pre(e, φ2)` when the edge
//! is a condition or an assignment, and otherwise the negation of an interpolant between the
//! reachable states in `φ1` and the states with a step into `φ2` (McMillan). Exactly one of the
//! two rules applies at a frontier, so every step makes progress.
//!
//! The analysis is deterministic: regions and states are numbered in creation order, paths
//! are found breadth first in edge order, and every choice of an input or arbitrary value in a
//! concrete run is 0.
//!
//! This module names the refinement engine's graph, formulas and checks, the IR and its
//! interpreter (through the replay), and the SMT core; no front end and nothing of the
//! workbench.

pub mod compose;
pub mod must;
pub mod partition;
pub mod trace;

use std::rc::Rc;

use rug::Integer;

use crate::ir::{ProcId, Program};
use crate::refine::flat::{Action, Flat};
use crate::refine::formula::{Linear, Pred};
use crate::refine::path::{self, PathFormula, Solved};
use crate::refine::{
    FIRST_UNROLLING, Limits, RefineError, Replayed, Verdict, check_inductive_except,
    deeper_unrolling, replay,
};
use crate::smt::SmtStats;
use crate::syntax::clock::Stopwatch;
use must::{MustSets, State};
use partition::Partitions;

/// At most this many reachable states are written into one question to the SMT core.
const MAX_STATES_IN_FORMULA: usize = 16;

/// A region whose formula has more atoms than this ends the run: a precondition carried
/// round a loop again and again only grows, and the analysis has no widening.
const MAX_REGION_ATOMS: usize = 400;

/// A step found for a test: the reachable state it starts from, the state it reaches and the
/// inputs it reads.
type Stepped = (usize, Vec<Integer>, Vec<Integer>);

/// How a region was split (NOTMAY-PRE).
#[derive(Clone, Debug)]
pub enum Split {
    /// By the exact precondition of the edge.
    Precondition,
    /// By the negation of an interpolant.
    Interpolant,
    /// By the entry condition of a callee's not-may summary (its number): the half inside it
    /// gets the absent edge (NOTMAY-PRE-USESUMMARY).
    Summary(usize),
}

/// What a question about a callee asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Target {
    /// A return into a region.
    Return,
    /// The failure of this check.
    Failure(crate::refine::flat::ErrorSite),
}

/// What an opaque call's edges are, for the analysis of a graph built by
/// [`crate::refine::flat::Flat::build_compositional`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CallEdge {
    /// The edge standing for the callee's run, to where it returns.
    Run,
    /// An edge standing for a check in the callee failing.
    Failure,
}

/// What crossing an opaque call from reachable states gave.
pub enum Crossing {
    /// The run from `sources[k]` reaches the target: the state it reaches and the inputs it
    /// reads (MUST-POST, through a must summary or a callee's answer yes).
    Step(usize, Vec<Integer>, Vec<Integer>),
    /// No run from a state where `theta` holds reaches the target, and every source is such a
    /// state: the not-may summary `summary` says so.
    Absent {
        /// The summary's entry condition, over the caller's state where the run starts.
        theta: Pred,
        /// The summary's number.
        summary: usize,
    },
    /// The callee's question ended without an answer.
    Unknown(String),
}

/// What an analysis asks of the procedures its graph calls through opaque edges: a
/// compositional driver answers ([`compose::Smash`]); a graph with calls inlined has none.
pub trait Callees {
    /// What `edge` of `flat` is, when it belongs to an opaque call.
    fn call_edge(&self, edge: usize) -> Option<CallEdge>;
    /// MAYMUST-CALL at a frontier on an opaque call's `edge`: whether a run of the callee from
    /// one of `sources` (reachable states where the call starts) steps into `target` (a region
    /// where the edge leads; for a failure edge, every state of its error location).
    fn cross(
        &mut self,
        flat: &Flat,
        edge: usize,
        sources: &[Vec<Integer>],
        target: &Pred,
    ) -> Result<Crossing, RefineError>;
    /// A concrete run of the call whose edges leave `location`, from `values`, each input
    /// chosen as 0: the edge it takes (the run's, or the failure of the check it fails), the
    /// state after it and the inputs read; `None` when it blocks or runs too long.
    fn run(
        &mut self,
        flat: &Flat,
        location: usize,
        values: &[Integer],
    ) -> Option<(usize, Vec<Integer>, Vec<Integer>)>;
    /// Whether a not-may summary shows that no run of the call at `edge` from a state of
    /// `source` reaches a state of `target` (re-checked by the solver; the certificate's
    /// condition on an opaque edge).
    fn justify(
        &mut self,
        flat: &Flat,
        edge: usize,
        source: &Pred,
        target: &Pred,
    ) -> Result<bool, RefineError>;
}

/// A graph without opaque calls.
pub struct Inlined;

impl Callees for Inlined {
    fn call_edge(&self, _: usize) -> Option<CallEdge> {
        None
    }
    fn cross(
        &mut self,
        _: &Flat,
        _: usize,
        _: &[Vec<Integer>],
        _: &Pred,
    ) -> Result<Crossing, RefineError> {
        Err(RefineError::Internal("an opaque call in a graph with calls inlined".into()))
    }
    fn run(
        &mut self,
        _: &Flat,
        _: usize,
        _: &[Integer],
    ) -> Option<(usize, Vec<Integer>, Vec<Integer>)> {
        None
    }
    fn justify(&mut self, _: &Flat, _: usize, _: &Pred, _: &Pred) -> Result<bool, RefineError> {
        Ok(false)
    }
}

/// What one step did.
#[derive(Clone, Debug)]
pub enum DashStep {
    /// MUST-POST: a reachable state in the frontier's first region steps along its edge into
    /// the second; the concrete run from there kept `added` states in all.
    Test {
        /// The edge of the frontier.
        edge: usize,
        /// The region the reachable state is in.
        from: usize,
        /// The region it stepped into.
        to: usize,
        /// The states the test kept (the step and the run after it).
        added: usize,
    },
    /// NOTMAY-PRE: no reachable state of `region` steps along `edge` into `target`; the region
    /// was split by `predicate` (every state with such a step satisfies it), and the half
    /// outside it has an absent edge to the target.
    Refined {
        /// The edge of the frontier.
        edge: usize,
        /// The region split.
        region: usize,
        /// The region no step leads into.
        target: usize,
        /// The splitting formula `β`.
        predicate: Pred,
        /// How `β` was found.
        how: Split,
        /// The half inside `β` (`None` when it has no state: the region only gained the absent
        /// edge) and the half outside it.
        halves: (Option<usize>, Option<usize>),
    },
    /// A test reached an error location through a recursive call the graph had cut and did
    /// not replay: the analysis started again on a graph with recursion unrolled `unrolling`
    /// times (steps, tests, splits and SMT calls count on; regions, states and the log of
    /// steps start afresh, this step first: the earlier ones name the smaller graph).
    Deepened {
        /// The new unrolling.
        unrolling: usize,
        /// Why the run did not replay.
        reason: String,
    },
    /// The run ended with this verdict.
    Finished(Verdict),
    /// A question about a callee (a graph built for one, [`Dash::question`]) ended with the
    /// answer yes: the kept state `state` is at a target location.
    Reached {
        /// The state.
        state: usize,
    },
}

/// How a concrete run ended at an error location.
enum Reached {
    /// With this verdict.
    Verdict(Verdict),
    /// At a target of a question about a callee: the state there.
    Target(usize),
    /// Through a cut recursive call, without failing when replayed: unroll further.
    Cut(String),
}

/// Counters of a run.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Steps taken.
    pub steps: usize,
    /// Tests (MUST-POST steps).
    pub tests: usize,
    /// Splits (NOTMAY-PRE steps).
    pub splits: usize,
    /// Regions live now.
    pub regions: usize,
    /// Concrete states kept.
    pub states: usize,
    /// SMT calls.
    pub smt_calls: usize,
}

/// The may-must analysis of one procedure.
pub struct Dash {
    program: Rc<Program>,
    /// Whether a state at an error location is replayed on the program (the whole program's
    /// question) or is the answer (a question about a callee).
    replays: bool,
    /// The state that answered a question about a callee.
    pub witness: Option<usize>,
    procedure: ProcId,
    /// The graph (calls inlined).
    pub flat: Flat,
    /// The may side.
    pub partitions: Partitions,
    /// The must side.
    pub must: MustSets,
    /// Every step so far, in order.
    pub log: Vec<DashStep>,
    limits: Limits,
    started: Stopwatch,
    counters: Counters,
    verdict: Option<Verdict>,
    stats: SmtStats,
    /// Per region, whether it is known to hold a reachable state. Once true it stays true: a
    /// region's formula never changes (a split makes new regions) and must sets only grow.
    holds_reachable: Vec<bool>,
}

impl Dash {
    /// The analysis of `function` of `program`, or why it cannot be analysed (missing,
    /// recursive, too large once inlined).
    pub fn new(program: &Program, function: &str, limits: Limits) -> Result<Dash, RefineError> {
        let Some(procedure) = program.find(function) else {
            return Err(RefineError::Refused(format!("the program has no function `{function}`")));
        };
        Dash::unrolled(program, procedure, limits, FIRST_UNROLLING)
    }

    /// The analysis on a graph with recursion unrolled `unrolling` times.
    fn unrolled(
        program: &Program,
        procedure: ProcId,
        limits: Limits,
        unrolling: usize,
    ) -> Result<Dash, RefineError> {
        let flat = Flat::build(program, procedure, unrolling)?;
        Ok(Dash::on(Rc::new(program.clone()), procedure, flat, limits, true))
    }

    /// The analysis on a graph built elsewhere: with opaque calls
    /// ([`crate::refine::flat::Flat::build_compositional`]), the whole program's question
    /// (`replays`), or one about a callee, whose answer yes is a state at a target location.
    pub fn on(
        program: Rc<Program>,
        procedure: ProcId,
        flat: Flat,
        limits: Limits,
        replays: bool,
    ) -> Dash {
        let partitions = Partitions::new(&flat);
        let must = MustSets::new(&flat);
        let started = Stopwatch::start(limits.clock);
        Dash {
            program,
            replays,
            witness: None,
            procedure,
            flat,
            partitions,
            must,
            log: Vec::new(),
            limits,
            started,
            counters: Counters::default(),
            verdict: None,
            stats: SmtStats::default(),
            holds_reachable: Vec::new(),
        }
    }

    /// Starts the clock of this analysis at `started` (a question about a callee shares the
    /// time limit of the question that asked it).
    pub fn started_at(&mut self, started: Stopwatch) {
        self.started = started;
    }

    /// The counters so far.
    pub fn counters(&self) -> Counters {
        let mut c = self.counters.clone();
        c.regions = self.partitions.live_count();
        c.states = self.must.states.len();
        c
    }

    /// The verdict, once the run has ended.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    /// Steps until the run ends; the verdict.
    pub fn run(&mut self) -> Verdict {
        loop {
            if let DashStep::Finished(v) = self.step() {
                return v;
            }
        }
    }

    /// One step: a test or a split at the frontier of the shortest abstract error path, or the
    /// end of the run (no such path, a confirmed failure, a limit).
    pub fn step(&mut self) -> DashStep {
        self.step_with(&mut Inlined)
    }

    /// One step on a graph whose opaque calls `callees` answers for.
    pub fn step_with(&mut self, callees: &mut dyn Callees) -> DashStep {
        if let Some(v) = &self.verdict {
            return DashStep::Finished(v.clone());
        }
        if let Some(state) = self.witness {
            return DashStep::Reached { state };
        }
        if let Some(reason) = self.limit_reached() {
            return self.finish(Verdict::Unknown(reason));
        }
        self.counters.steps += 1;
        let report = match self.advance(callees) {
            Ok(report) => report,
            Err(e) => DashStep::Finished(Verdict::Unknown(self.limits.ended_by(&e, &self.started))),
        };
        match &report {
            DashStep::Finished(v) => self.verdict = Some(v.clone()),
            DashStep::Reached { state } => self.witness = Some(*state),
            _ => {}
        }
        self.log.push(report.clone());
        report
    }

    fn finish(&mut self, verdict: Verdict) -> DashStep {
        self.verdict = Some(verdict.clone());
        DashStep::Finished(verdict)
    }

    fn limit_reached(&self) -> Option<String> {
        self.limits.reached(
            self.counters.steps,
            ("region", self.partitions.live_count()),
            &self.started,
        )
    }

    fn advance(&mut self, callees: &mut dyn Callees) -> Result<DashStep, RefineError> {
        let Some(path) = self.partitions.error_path(&self.flat, &self.flat.outgoing) else {
            return self.certify(callees);
        };
        // The frontier: the last region on the path known to hold a reachable state (the
        // start's regions hold every state there).
        let Some(i) =
            (0..path.regions.len()).rev().find(|&i| self.known_reachable(path.regions[i]))
        else {
            return Err(RefineError::Internal("an abstract path holds no reachable state".into()));
        };
        if i + 1 == path.regions.len() {
            return Err(RefineError::Internal(
                "a reachable state at an error location was not reported".into(),
            ));
        }
        let (edge, from, to) = (path.edges[i], path.regions[i], path.regions[i + 1]);
        if callees.call_edge(edge).is_some() {
            return self.cross(callees, edge, from, to);
        }
        if let Some(report) = self.must_post(callees, edge, from, to)? {
            return Ok(report);
        }
        self.notmay_pre(edge, from, to)
    }

    /// MAYMUST-CALL at a frontier on an opaque call: the callee's answer (through its
    /// summaries, or a question of its own) either carries a reachable state across the call
    /// into `to` (a test, run on from there) or splits `from` by a not-may summary's entry
    /// condition, whose half gets the absent edge.
    fn cross(
        &mut self,
        callees: &mut dyn Callees,
        edge: usize,
        from: usize,
        to: usize,
    ) -> Result<DashStep, RefineError> {
        let candidates = self.reachable_in(from);
        let sources: Vec<Vec<Integer>> = candidates
            .iter()
            .take(MAX_STATES_IN_FORMULA)
            .map(|&s| self.must.states[s].values.clone())
            .collect();
        if sources.is_empty() {
            return Err(RefineError::Internal("a call's frontier holds no reachable state".into()));
        }
        let target = self.partitions.regions[to].formula.clone();
        match callees.cross(&self.flat, edge, &sources, &target)? {
            Crossing::Step(k, values, inputs) => {
                let location = self.flat.edges[edge].to;
                let state = State { location, values, from: Some((candidates[k], edge)), inputs };
                let Some(first) = self.must.add_test(state) else {
                    return Err(RefineError::Internal("a call's state was kept already".into()));
                };
                let (ran, reached) = self.run_on(callees, first);
                self.counters.tests += 1;
                match reached {
                    Some(Reached::Verdict(verdict)) => Ok(DashStep::Finished(verdict)),
                    Some(Reached::Target(state)) => Ok(DashStep::Reached { state }),
                    Some(Reached::Cut(reason)) => Ok(self.deepen(reason)),
                    None => Ok(DashStep::Test { edge, from, to, added: ran + 1 }),
                }
            }
            Crossing::Absent { theta, summary } => {
                let Some(halves) = self.split_off(edge, (from, to), &theta, Half::Inside)? else {
                    return Ok(DashStep::Finished(Verdict::Unknown(too_large())));
                };
                Ok(DashStep::Refined {
                    edge,
                    region: from,
                    target: to,
                    predicate: theta,
                    how: Split::Summary(summary),
                    halves,
                })
            }
            Crossing::Unknown(reason) => Ok(DashStep::Finished(Verdict::Unknown(reason))),
        }
    }

    /// Whether `region` is known to hold a reachable state (the start's regions hold every
    /// state there), remembered once it is.
    fn known_reachable(&mut self, region: usize) -> bool {
        if self.holds_reachable.len() < self.partitions.regions.len() {
            self.holds_reachable.resize(self.partitions.regions.len(), false);
        }
        if self.holds_reachable[region] {
            return true;
        }
        let location = self.partitions.regions[region].location;
        let found =
            location == 0 || self.must.at[location].iter().any(|&s| self.region_holds(region, s));
        self.holds_reachable[region] = found;
        found
    }

    /// The reachable states in a region (away from the start location).
    fn reachable_in(&self, region: usize) -> Vec<usize> {
        let location = self.partitions.regions[region].location;
        self.must.at[location].iter().copied().filter(|&s| self.region_holds(region, s)).collect()
    }

    /// Whether the must state `state` lies in `region` (at the region's location).
    fn region_holds(&self, region: usize, state: usize) -> bool {
        let values = &self.must.states[state].values;
        self.partitions.regions[region].formula.evaluate(&|v| values.get(v).cloned()) == Some(true)
    }

    /// MUST-POST: a reachable state of `from` with a step along `edge` into `to`, kept with the
    /// concrete run after it; `None` when there is none.
    fn must_post(
        &mut self,
        callees: &mut dyn Callees,
        edge: usize,
        from: usize,
        to: usize,
    ) -> Result<Option<DashStep>, RefineError> {
        let source = self.partitions.regions[from].location;
        let target_formula = self.partitions.regions[to].formula.clone();
        let candidates = self.reachable_in(from);
        let found: Option<Stepped> = if source != 0 && must::deterministic(&self.flat, edge) {
            candidates.iter().find_map(|&s| {
                let (next, inputs) = must::step(&self.flat, edge, &self.must.states[s].values)?;
                let inside = target_formula.evaluate(&|v| next.get(v).cloned()) == Some(true);
                inside.then_some((s, next, inputs))
            })
        } else {
            self.solve_step(edge, from, &candidates, &target_formula)?
        };
        let Some((before, next, inputs)) = found else { return Ok(None) };
        let mut added = 0;
        let location = self.flat.edges[edge].to;
        let Some(first) = self.must.add_test(State {
            location,
            values: next,
            from: Some((before, edge)),
            inputs,
        }) else {
            return Err(RefineError::Internal("a test's state was kept already".into()));
        };
        added += 1;
        let (ran, reached) = self.run_on(callees, first);
        added += ran;
        self.counters.tests += 1;
        match reached {
            Some(Reached::Verdict(verdict)) => return Ok(Some(DashStep::Finished(verdict))),
            Some(Reached::Target(state)) => return Ok(Some(DashStep::Reached { state })),
            Some(Reached::Cut(reason)) => return Ok(Some(self.deepen(reason))),
            None => {}
        }
        Ok(Some(DashStep::Test { edge, from, to, added }))
    }

    /// The SMT core's step along `edge` from a state of `from` (one of `candidates`, or any
    /// state of the region at the start location) into `target`: the state it starts from
    /// (kept), the state it reaches and the inputs read.
    fn solve_step(
        &mut self,
        edge: usize,
        from: usize,
        candidates: &[usize],
        target: &Pred,
    ) -> Result<Option<Stepped>, RefineError> {
        let region = &self.partitions.regions[from];
        let formula = PathFormula::encode(&self.flat, &[edge]);
        let before = self.source_states(region.location, &region.formula.clone(), candidates);
        let before = before.rename(&|v| formula.current[0][v]);
        let after = target.rename(&|v| formula.current[1][v]);
        self.counters.smt_calls += 1;
        let assertions = [before, formula.parts[0].clone(), after];
        let Solved::Sat(values) = path::solve(formula.ssa.len(), &assertions, &mut self.stats)?
        else {
            return Ok(None);
        };
        let count = self.flat.variables.len();
        let old: Vec<Integer> = (0..count).map(|v| values[formula.current[0][v]].clone()).collect();
        let new: Vec<Integer> = (0..count).map(|v| values[formula.current[1][v]].clone()).collect();
        let inputs: Vec<Integer> = formula
            .inputs
            .iter()
            .map(|s| s.map_or_else(Integer::new, |s| values[s].clone()))
            .collect();
        let location = self.partitions.regions[from].location;
        let start = if location == 0 {
            match self.must.add(State {
                location,
                values: old.clone(),
                from: None,
                inputs: Vec::new(),
            }) {
                Some(s) => s,
                None => self.must.at[0]
                    .iter()
                    .copied()
                    .find(|&s| self.must.states[s].values == old)
                    .ok_or_else(|| RefineError::Internal("the start state was not kept".into()))?,
            }
        } else {
            candidates
                .iter()
                .copied()
                .find(|&s| self.must.states[s].values == old)
                .ok_or_else(|| RefineError::Internal("a test left the reachable states".into()))?
        };
        Ok(Some((start, new, inputs)))
    }

    /// The reachable states of a region as a formula: the region itself at the start location
    /// (every state there is reachable), else the disjunction of the valuations of the first
    /// [`MAX_STATES_IN_FORMULA`] candidates (fewer states is still an under-approximation, and
    /// keeps the solver's questions small).
    fn source_states(&self, location: usize, region: &Pred, candidates: &[usize]) -> Pred {
        if location == 0 {
            return region.clone();
        }
        let states = candidates.iter().take(MAX_STATES_IN_FORMULA);
        states_formula(states.map(|&s| &self.must.states[s].values), &|_| true)
    }

    /// Runs on concretely from a kept state, keeping every state reached, until an error
    /// location (whose inputs are replayed), a location with no step, a state kept before or
    /// the step bound. The states kept, and the verdict when the run reached an error.
    fn run_on(&mut self, callees: &mut dyn Callees, mut at: usize) -> (usize, Option<Reached>) {
        let mut added = 0;
        for _ in 0..must::MAX_RUN_STEPS {
            let location = self.must.states[at].location;
            if self.flat.locations[location].error.is_some() {
                return (added, Some(self.confirm(at)));
            }
            let values = self.must.states[at].values.clone();
            let opaque =
                self.flat.outgoing[location].iter().any(|&e| callees.call_edge(e).is_some());
            let next = if opaque {
                callees.run(&self.flat, location, &values).map(|(e, v, i)| (e, (v, i)))
            } else {
                self.flat.outgoing[location]
                    .iter()
                    .find_map(|&e| must::step(&self.flat, e, &values).map(|s| (e, s)))
            };
            let Some((edge, (values, inputs))) = next else { break };
            let location = self.flat.edges[edge].to;
            match self.must.add(State { location, values, from: Some((at, edge)), inputs }) {
                Some(s) => {
                    added += 1;
                    at = s;
                }
                None => break,
            }
        }
        (added, None)
    }

    /// BUGFOUND: the inputs of the run to a reachable state at an error location, replayed by
    /// the interpreter. A run the program does not fail (the graph over-approximates it there)
    /// ends the analysis without an answer: that abstract path can never be refuted.
    fn confirm(&mut self, state: usize) -> Reached {
        if !self.replays {
            return Reached::Target(state);
        }
        let (inputs, locations) = self.must.history(state);
        let error = self.must.states[state].location;
        match replay(&self.program, self.procedure, &self.flat, error, inputs, locations) {
            Replayed::Verdict(verdict) => Reached::Verdict(verdict),
            Replayed::Unconfirmed(reason) if self.flat.passes_cut(&self.must.edges(state)) => {
                Reached::Cut(reason)
            }
            Replayed::Unconfirmed(reason) => Reached::Verdict(Verdict::Unknown(reason)),
        }
    }

    /// Starts again on a graph with recursion unrolled twice as deep (the run to an error
    /// ran through a cut recursive call and did not replay); past [`crate::refine::MAX_UNROLLING`], or when
    /// the deeper graph cannot be built, the run ends without an answer.
    fn deepen(&mut self, reason: String) -> DashStep {
        let unrolling = match deeper_unrolling(&self.flat) {
            Ok(unrolling) => unrolling,
            Err(why) => return DashStep::Finished(Verdict::Unknown(format!("{reason} ({why})"))),
        };
        match Dash::unrolled(&self.program.clone(), self.procedure, self.limits.clone(), unrolling)
        {
            Ok(mut deeper) => {
                deeper.started = self.started;
                deeper.counters = Counters {
                    steps: self.counters.steps,
                    tests: self.counters.tests,
                    splits: self.counters.splits,
                    smt_calls: self.counters.smt_calls,
                    ..Counters::default()
                };
                *self = deeper;
                DashStep::Deepened { unrolling, reason }
            }
            Err(e) => DashStep::Finished(Verdict::Unknown(format!(
                "{reason} (unrolling recursion {unrolling} times: {e})"
            ))),
        }
    }

    /// NOTMAY-PRE: no reachable state of `from` steps along `edge` into `to`; splits `from` by
    /// a formula every state with such a step satisfies and no reachable one does.
    fn notmay_pre(&mut self, edge: usize, from: usize, to: usize) -> Result<DashStep, RefineError> {
        let target = self.partitions.regions[to].formula.clone();
        let (predicate, how) = match precondition(&self.flat, edge, &target) {
            Some(p) => (p, Split::Precondition),
            None => (self.interpolated_precondition(edge, from, &target)?, Split::Interpolant),
        };
        let Some(halves) = self.split_off(edge, (from, to), &predicate, Half::Outside)? else {
            return Ok(DashStep::Finished(Verdict::Unknown(too_large())));
        };
        Ok(DashStep::Refined { edge, region: from, target: to, predicate, how, halves })
    }

    /// Splits the region `from` by `predicate` and gives the half `absent` names the absent
    /// edge along `edge` into `to` (into both halves when `to` is the region split: a loop on
    /// one location); the halves, or `None` when the region's formula would grow past
    /// [`MAX_REGION_ATOMS`]. The half that gets the absent edge must hold the region's
    /// reachable states, so it cannot be empty.
    fn split_off(
        &mut self,
        edge: usize,
        (from, to): (usize, usize),
        predicate: &Pred,
        absent: Half,
    ) -> Result<Option<Halves>, RefineError> {
        if atoms(predicate) + atoms(&self.partitions.regions[from].formula) > MAX_REGION_ATOMS {
            return Ok(None);
        }
        let variables = self.flat.variables.len();
        let mut calls = 0;
        let stats = &mut self.stats;
        let mut failure = None;
        let mut empty = |p: &Pred| {
            calls += 1;
            match path::solve(variables, std::slice::from_ref(p), stats) {
                Ok(Solved::Unsat(_)) => true,
                Ok(Solved::Sat(_)) => false,
                Err(e) => {
                    failure.get_or_insert(e);
                    false
                }
            }
        };
        let halves = self.partitions.split(&self.flat, from, predicate, &mut empty);
        self.counters.smt_calls += calls;
        if let Some(e) = failure {
            return Err(e);
        }
        let kept = match absent {
            Half::Inside => halves.0,
            Half::Outside => halves.1,
        };
        let Some(kept) = kept else {
            return Err(RefineError::Internal(
                "a split left no room for the region's reachable states".into(),
            ));
        };
        let targets: Vec<usize> = if to == from {
            [halves.0, halves.1].into_iter().flatten().collect()
        } else {
            vec![to]
        };
        for t in targets {
            self.partitions.absent[edge].insert((kept, t));
        }
        self.counters.splits += 1;
        Ok(Some(halves))
    }

    /// An interpolant `I` between the states with a step along `edge` into `target` and the
    /// reachable states of `from`: it covers the former and none of the latter. The states with
    /// a step come first, so that the interpolant says what they have in common (`i1 <=
    /// -1000000`) rather than what sets the reachable states apart from them (`i1 <= -1` for a
    /// reachable state with `i1 = 0`, which a next test would only move by one).
    fn interpolated_precondition(
        &mut self,
        edge: usize,
        from: usize,
        target: &Pred,
    ) -> Result<Pred, RefineError> {
        let region = self.partitions.regions[from].clone();
        let candidates = self.reachable_in(from);
        let single = PathFormula::encode(&self.flat, &[edge]);
        let reachable = self.source_states(region.location, &region.formula, &candidates);
        let reachable = reachable.rename(&|v| single.current[0][v]);
        let after = target.rename(&|v| single.current[1][v]);
        let start = single.current[0].clone();
        let formula = PathFormula {
            parts: vec![Pred::and(vec![single.parts[0].clone(), after]), reachable],
            ssa: single.ssa.clone(),
            current: vec![start.clone(), start.clone(), start],
            inputs: single.inputs.clone(),
        };
        self.counters.smt_calls += 1;
        let deadline = self.limits.deadline(&self.started);
        let interpolants = path::interpolate(&self.flat, &formula, &mut self.stats, &deadline)?;
        Ok(interpolants[0].clone())
    }

    /// VERIFIED: no abstract error path is left. The disjunction of the regions reachable at
    /// each location, checked an inductive certificate, is the proof.
    fn certify(&mut self, callees: &mut dyn Callees) -> Result<DashStep, RefineError> {
        let reachable = self.partitions.reachable(&self.flat, &self.flat.outgoing);
        let mut regions: Vec<Vec<Pred>> = vec![Vec::new(); self.flat.locations.len()];
        for &r in &reachable {
            let region = &self.partitions.regions[r];
            regions[region.location].push(region.formula.clone());
        }
        let invariants: Vec<Pred> = regions.into_iter().map(Pred::or).collect();
        let opaque = |e: usize| callees.call_edge(e).is_some();
        let mut failure = check_inductive_except(
            &self.flat,
            &invariants,
            &opaque,
            &mut self.stats,
            &mut self.counters.smt_calls,
        )?;
        if failure.is_none() {
            failure = self.justify_calls(callees, &reachable)?;
        }
        if let Some(failure) = failure {
            return Err(RefineError::Internal(format!("the certificate fails: {failure}")));
        }
        let invariants = invariants
            .into_iter()
            .enumerate()
            .filter(|(l, p)| *p != Pred::False && self.flat.locations[*l].error.is_none())
            .collect();
        Ok(DashStep::Finished(Verdict::Safe { invariants }))
    }
}

impl Dash {
    /// The certificate's condition on the opaque calls: for every reachable region where a call
    /// starts and every region where it leads that is not reachable, a not-may summary of the
    /// callee shows that no run goes from the one to the other.
    fn justify_calls(
        &mut self,
        callees: &mut dyn Callees,
        reachable: &std::collections::BTreeSet<usize>,
    ) -> Result<Option<String>, RefineError> {
        for (e, edge) in self.flat.edges.iter().enumerate() {
            if callees.call_edge(e).is_none() {
                continue;
            }
            for &source in self.partitions.at[edge.from].iter().filter(|r| reachable.contains(r)) {
                for &target in self.partitions.at[edge.to].iter().filter(|r| !reachable.contains(r))
                {
                    let (a, b) = (
                        &self.partitions.regions[source].formula,
                        &self.partitions.regions[target].formula,
                    );
                    if !callees.justify(&self.flat, e, a, b)? {
                        let from = &self.flat.locations[edge.from].name;
                        let to = &self.flat.locations[edge.to].name;
                        return Ok(Some(format!(
                            "no summary shows the call {from} -> {to} leaves a region unreached"
                        )));
                    }
                }
            }
        }
        Ok(None)
    }

    /// The live regions reachable now, as one formula per location (`False` where none is).
    pub fn reachable_formulas(&self) -> Vec<Pred> {
        let reachable = self.partitions.reachable(&self.flat, &self.flat.outgoing);
        let mut regions: Vec<Vec<Pred>> = vec![Vec::new(); self.flat.locations.len()];
        for &r in &reachable {
            let region = &self.partitions.regions[r];
            regions[region.location].push(region.formula.clone());
        }
        regions.into_iter().map(Pred::or).collect()
    }

    /// The SMT statistics so far.
    pub fn smt_stats(&self) -> &SmtStats {
        &self.stats
    }
}

/// The halves of a split region, inside and outside the splitting formula (`None` for one
/// with no state).
type Halves = (Option<usize>, Option<usize>);

/// Which half of a split region gets the absent edge.
#[derive(Clone, Copy)]
enum Half {
    /// The half inside the splitting formula (a callee's not-may summary's entry).
    Inside,
    /// The half outside it (NOTMAY-PRE's `β`, which holds every state with a step).
    Outside,
}

/// Why a run ends when a region would grow too large.
fn too_large() -> String {
    format!(
        "a region's formula grew past {MAX_REGION_ATOMS} atoms (a precondition carried round a \
         loop; the analysis has no widening)"
    )
}

/// The states whose valuations are `states`, as a formula (one conjunction of equalities per
/// state, over the variables `keep` accepts).
pub fn states_formula<'a>(
    states: impl Iterator<Item = &'a Vec<Integer>>,
    keep: &dyn Fn(usize) -> bool,
) -> Pred {
    Pred::or(
        states
            .map(|values| {
                Pred::and(
                    values
                        .iter()
                        .enumerate()
                        .filter(|(v, _)| keep(*v))
                        .map(|(v, n)| Pred::eq(&Linear::variable(v), &Linear::constant(n.clone())))
                        .collect(),
                )
            })
            .collect(),
    )
}

/// The number of comparisons in a formula.
fn atoms(p: &Pred) -> usize {
    match p {
        Pred::True | Pred::False => 0,
        Pred::Atom(..) => 1,
        Pred::And(ps) | Pred::Or(ps) => ps.iter().map(atoms).sum(),
    }
}

/// The exact precondition `Pre(e, φ)` of an edge's condition or assignment, when it is a formula
/// without quantifiers: the condition conjoined, or the assigned values substituted. `None`
/// for an input or an arbitrary value into a variable `φ` names (its precondition would
/// quantify over the value).
pub fn precondition(flat: &Flat, edge: usize, target: &Pred) -> Option<Pred> {
    let mentioned = target.variables();
    match &flat.edges[edge].action {
        Action::Assume(p) => Some(Pred::and(vec![p.clone(), target.clone()])),
        Action::Assign(pairs) => {
            if pairs.iter().any(|(x, l)| l.is_none() && mentioned.contains(x)) {
                return None;
            }
            Some(
                target.substitute(&|v| {
                    pairs.iter().find(|(x, _)| *x == v).and_then(|(_, l)| l.clone())
                }),
            )
        }
        Action::Input(vars) => {
            if vars.iter().flatten().any(|x| mentioned.contains(x)) {
                return None;
            }
            Some(target.clone())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::refine::flat::{FlatEdge, FlatLocation, FlatVariable};

    fn graph(action: Action) -> Flat {
        let location = |name: &str| FlatLocation {
            name: name.into(),
            span: None,
            error: None,
            loop_head: false,
        };
        let variable = |name: &str| FlatVariable {
            constant: None,
            name: name.into(),
            global: false,
            scratch: false,
        };
        Flat {
            variables: vec![variable("x"), variable("y")],
            locations: vec![location("a"), location("b")],
            edges: vec![FlatEdge { from: 0, to: 1, action, span: None }],
            approximations: Vec::new(),
            outgoing: vec![vec![0], vec![]],
            unrolling: 0,
            cuts: Vec::new(),
            summaries: Default::default(),
        }
    }

    #[test]
    fn preconditions_are_exact_for_conditions_and_assignments_and_absent_for_inputs_read() {
        let (x, y) = (Linear::variable(0), Linear::variable(1));
        let zero = Linear::default();
        let target = Pred::lt(&x, &zero);
        // assume y < 0: Pre is y < 0 & x < 0.
        let assume = graph(Action::Assume(Pred::lt(&y, &zero)));
        let expected = Pred::and(vec![Pred::lt(&y, &zero), Pred::lt(&x, &zero)]);
        assert_eq!(precondition(&assume, 0, &target), Some(expected));
        // x := y + 1: Pre is y + 1 < 0.
        let one = Linear::constant(rug::Integer::from(1));
        let assign = graph(Action::Assign(vec![(0, Some(y.add_scaled(&one, &1.into())))]));
        let expected = Pred::lt(&y.add_scaled(&one, &1.into()), &zero);
        assert_eq!(precondition(&assign, 0, &target), Some(expected));
        // x := arbitrary, or x read from the input: no quantifier-free Pre is given.
        assert_eq!(precondition(&graph(Action::Assign(vec![(0, None)])), 0, &target), None);
        assert_eq!(precondition(&graph(Action::Input(vec![Some(0)])), 0, &target), None);
        // y read from the input leaves a target over x alone.
        assert_eq!(precondition(&graph(Action::Input(vec![Some(1)])), 0, &target), Some(target));
    }
}

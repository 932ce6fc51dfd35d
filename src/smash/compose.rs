//! SMASH (seed 004, Fig. 10): the may-must analysis made compositional. Every call is left
//! opaque in the graph ([`Flat::build_compositional`]); at a frontier on a call the analysis
//! asks the callee a question (MAYMUST-CALL): can a run from one of the caller's reachable
//! states where the call starts end in the region after it (or fail one of the callee's
//! checks)? The answer comes, in the fixed order of Fig. 10, from a must summary (a run of the
//! callee known to do so), else from a not-may summary (a proof that no run from a set of
//! states does), else from a DASH run on the callee's body for that question, which may ask
//! questions of its own callees. A yes carries the caller's state across the call (a test); a
//! no splits the caller's region by the summary's entry condition, whose half gets the absent
//! edge (NOTMAY-PRE-USESUMMARY). Each answer is kept as a summary of its kind.
//!
//! Summaries are over the one table of variables every body shares, so a caller's locals keep
//! their values inside its callee and a region reads the same on both sides of a call; a
//! summary that names no caller's local applies at every call site. That needs a procedure
//! never to be active twice, so recursive programs are refused here (the inlining DASH run
//! unrolls them).
//!
//! - A *not-may summary* `(E, X)` of a callee says: no run of the callee from a state in `E`
//!   (where its body starts, the arguments assigned) ends in `X` (where it returns), or, for a
//!   check, fails it. It is read off the callee's certified DASH run: `E` is the union of the
//!   regions reachable where the question starts, `X` the complement of the union of those
//!   reachable where the body ends. The certificate (inductive edge by edge, its own opaque
//!   calls justified by their callees' summaries) shows that every run from `E` stays inside
//!   the reachable regions, whatever state of `E` it starts from.
//! - A *must summary* of a callee is a run of it that the callee's own analysis found: the
//!   values it starts from (the globals and the parameters), the inputs it reads and how it
//!   ends (the values it leaves, or the check it fails). It applies to a caller's state with
//!   the same starting values.
//!
//! The whole program's answer is reported as DASH's is: `SAFE` with its certificate, whose
//! conditions on calls are re-checked against the summaries, and `UNSAFE` only after the
//! interpreter has replayed the inputs of the run, the inputs read inside callees included.
//! The four modes of the paper's tables switch the summary stores off: `may` never reuses a
//! must summary, `must` never reuses a not-may summary (it is still kept, as the proof of the
//! answer that made it), and `dash` is the analysis with calls inlined ([`super::Dash::new`]).

use std::collections::BTreeMap;
use std::rc::Rc;

use rug::Integer;

pub use super::Target;
use super::must;
use super::trace::{self, Answer, CrossedBy, Question, STOPPED, Trace};
use super::{CallEdge, Callees, Crossing, Dash, DashStep};
use crate::ir::{ProcId, Program};
use crate::refine::flat::{Action, ErrorSite, Flat, FlatEdge, FlatLocation, Procedures};
use crate::refine::formula::{Linear, Pred};
use crate::refine::path::{self, PathFormula, Solved};
use crate::refine::{Limits, RefineError, Verdict};
use crate::smt::SmtStats;
use crate::syntax::clock::Stopwatch;

/// Which summaries the analysis keeps and uses (the columns of the paper's Table 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Calls inlined, no summaries (the paper's baseline).
    Dash,
    /// Not-may summaries only.
    May,
    /// Must summaries only.
    Must,
    /// Both, each used by the other analysis (SMASH).
    Smash,
}

impl Mode {
    /// The mode's name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Dash => "dash",
            Mode::May => "may",
            Mode::Must => "must",
            Mode::Smash => "smash",
        }
    }

    /// Reads a mode's name.
    pub fn parse(text: &str) -> Option<Mode> {
        [Mode::Dash, Mode::May, Mode::Must, Mode::Smash].into_iter().find(|m| m.name() == text)
    }

    fn uses_not_may(self) -> bool {
        matches!(self, Mode::May | Mode::Smash)
    }

    fn uses_must(self) -> bool {
        matches!(self, Mode::Must | Mode::Smash)
    }
}

/// A not-may summary: no run of `callee` from a state of `entry` returns into `exit` (for a
/// [`Target::Return`]) or fails the check (for a [`Target::Failure`]; `exit` is then `True`).
#[derive(Clone, Debug)]
pub struct NotMay {
    /// The procedure.
    pub callee: ProcId,
    /// What no run does.
    pub target: Target,
    /// Where the runs start.
    pub entry: Pred,
    /// Where none of them returns.
    pub exit: Pred,
    /// How many questions it answered after the one that made it.
    pub uses: usize,
}

/// How a callee's run ended.
#[derive(Clone, Debug)]
pub enum Ending {
    /// It returned, leaving these values to the variables it may change (in the order of the
    /// body's [`crate::refine::flat::Body::changes`]).
    Returned(Vec<Integer>),
    /// It failed this check.
    Failed(ErrorSite),
}

/// A must summary: a run of `callee` from the starting values `start` (the globals and the
/// parameters, in variable order) reading `inputs`.
#[derive(Clone, Debug)]
pub struct MustRun {
    /// The procedure.
    pub callee: ProcId,
    /// The values it starts from.
    pub start: Vec<Integer>,
    /// The inputs it reads.
    pub inputs: Vec<Integer>,
    /// How it ends.
    pub ending: Ending,
    /// How many questions it answered after the one that made it.
    pub uses: usize,
}

/// The counters of a compositional run, over every question.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Questions asked at call frontiers (MAYMUST-CALL).
    pub questions: usize,
    /// Questions that needed an analysis of the callee's body, per callee name.
    pub analysed: BTreeMap<String, usize>,
    /// Not-may summaries made and questions they answered later.
    pub not_may_made: usize,
    /// See `not_may_made`.
    pub not_may_used: usize,
    /// Not-may summaries merged into one with the same exit (MERGE-MAYSUMMARY).
    pub not_may_merged: usize,
    /// Must summaries made and questions they answered later.
    pub must_made: usize,
    /// See `must_made`.
    pub must_used: usize,
    /// Steps, tests, splits and SMT calls of every callee's analysis.
    pub steps: usize,
    /// See `steps`.
    pub tests: usize,
    /// See `steps`.
    pub splits: usize,
    /// See `steps`.
    pub smt_calls: usize,
}

/// The compositional analysis of one procedure and everything it calls.
pub struct Smash {
    program: Rc<Program>,
    procedure: ProcId,
    flat: Flat,
    procedures: Procedures,
    mode: Mode,
    limits: Limits,
    started: Stopwatch,
    /// Every not-may summary, in the order made.
    pub not_may: Vec<NotMay>,
    /// Every must summary, in the order made.
    pub must: Vec<MustRun>,
    /// The counters over every question.
    pub counters: Counters,
    /// The run's record, rule by rule, when one is kept ([`Smash::keep_trace`]).
    pub trace: Option<Trace>,
    /// In debug builds, every crossing of a call by a run (the callee, what it reached, the
    /// caller's state and the state after), against which every not-may summary is checked.
    crossings: Vec<(ProcId, Target, Vec<Integer>, Vec<Integer>)>,
    stats: SmtStats,
}

impl Smash {
    /// The analysis of `function`, or why it cannot be analysed compositionally (missing,
    /// recursive, too large). `mode` must not be [`Mode::Dash`], which inlines instead.
    pub fn new(
        program: &Program,
        function: &str,
        limits: Limits,
        mode: Mode,
    ) -> Result<Smash, RefineError> {
        let Some(procedure) = program.find(function) else {
            return Err(RefineError::Refused(format!("the program has no function `{function}`")));
        };
        if mode == Mode::Dash {
            return Err(RefineError::Internal("the dash mode inlines calls".into()));
        }
        let (flat, procedures) = Flat::build_compositional(program, procedure)?;
        let started = Stopwatch::start(limits.clock);
        Ok(Smash {
            program: Rc::new(program.clone()),
            procedure,
            flat,
            procedures,
            mode,
            limits,
            started,
            not_may: Vec::new(),
            must: Vec::new(),
            counters: Counters::default(),
            trace: None,
            crossings: Vec::new(),
            stats: SmtStats::default(),
        })
    }

    /// Keeps a record of the run in `trace` (which may stop it after a number of rule
    /// applications).
    pub fn keep_trace(&mut self, trace: Trace) {
        self.trace = Some(trace);
    }

    /// The procedure's name.
    pub fn procedure_name(&self, procedure: ProcId) -> String {
        self.program.procedure(procedure).name.clone()
    }

    /// Whether the run was told to stop here (its trace holds as many rule applications as
    /// it was to record).
    fn stopped(&mut self) -> bool {
        self.trace.as_mut().is_some_and(Trace::stop_now)
    }

    /// Records the start of a question's analysis in the trace: its number.
    fn trace_question(&mut self, question: Question) -> Option<usize> {
        let trace = self.trace.as_mut()?;
        // The whole program's question is recorded even in a run stopped before its first
        // rule, so that the prompt can show where it starts.
        if trace.stopped() && !trace.questions.is_empty() {
            return None;
        }
        trace.questions.push(question);
        let number = trace.questions.len() - 1;
        trace.active.push(number);
        Some(number)
    }

    /// Records a step of the analysis of question `number` (as it stands after the step) and
    /// stops the run when the trace is full.
    fn trace_step(&mut self, number: Option<usize>, dash: &Dash, step: &DashStep) {
        let Some(number) = number else { return };
        let Some(trace) = self.trace.as_mut() else { return };
        if trace.stopped() {
            return;
        }
        let crossed = trace.crossing.take();
        let (rule, text) = trace::describe(&dash.flat, step, crossed);
        let question = &mut trace.questions[number];
        if trace.keep_partitions {
            question.partitions = dash.partitions.clone();
            question.must = dash.must.clone();
        }
        question.steps = dash.counters().steps;
        trace.record(number, rule, text);
    }

    /// Records a rule application outside a question's steps (a summary made or merged).
    fn trace_event(&mut self, number: Option<usize>, rule: &'static str, text: String) {
        let Some(number) = number else { return };
        let Some(trace) = self.trace.as_mut() else { return };
        trace.record(number, rule, text);
    }

    /// Records how question `number` ended, unless the run has stopped.
    fn trace_answer(&mut self, number: Option<usize>, answer: Answer) {
        let Some(number) = number else { return };
        let Some(trace) = self.trace.as_mut() else { return };
        if trace.stopped() {
            return;
        }
        trace.questions[number].answer = answer;
        trace.active.retain(|&q| q != number);
    }

    /// The program analysed.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// The analysis of the whole program's question: its DASH run over the procedure's graph,
    /// calls answered by summaries and questions; `each_step` sees every step of it. The
    /// verdict and the run, for its counters and regions.
    pub fn run(&mut self, each_step: &mut dyn FnMut(&Dash, &DashStep)) -> (Verdict, Dash) {
        let mut top = Dash::on(
            self.program.clone(),
            self.procedure,
            self.flat.clone(),
            self.limits.clone(),
            true,
        );
        top.started_at(self.started);
        let number = self.trace_question(Question {
            procedure: self.procedure,
            asked_by: None,
            target: None,
            sources: 1,
            pre: Pred::True,
            post: Pred::True,
            answer: Answer::Open,
            graph: top.flat.clone(),
            partitions: top.partitions.clone(),
            must: top.must.clone(),
            steps: 0,
        });
        loop {
            if self.stopped() {
                let verdict = Verdict::Unknown(STOPPED.into());
                return (verdict, top);
            }
            let step = top.step_with(self);
            let before = self.trace.as_ref().map(|t| t.events.len());
            self.trace_step(number, &top, &step);
            let recorded = self.trace.as_ref().map(|t| t.events.len()) != before;
            each_step(&top, &step);
            match step {
                DashStep::Finished(verdict) => {
                    // The verdict is the run's when its step was recorded: a step cut short
                    // by the stop records nothing.
                    if let (Some(q), true) = (number, recorded)
                        && let Some(trace) = &mut self.trace
                    {
                        trace.questions[q].answer = Answer::Verdict(match &verdict {
                            Verdict::Safe { .. } => "SAFE".to_string(),
                            Verdict::Unsafe(_) => "UNSAFE".to_string(),
                            Verdict::Unknown(why) => format!("UNKNOWN: {why}"),
                        });
                        trace.active.retain(|&a| a != q);
                    }
                    return (verdict, top);
                }
                DashStep::Reached { .. } => {
                    let verdict = Verdict::Unknown(
                        "internal error: the whole program's question was answered as a \
                         callee's"
                            .into(),
                    );
                    return (verdict, top);
                }
                _ => {}
            }
        }
    }

    /// The graph of `flat`'s procedures in which the callee's body answers one question: from
    /// the start, only states where `pre` holds go on, the callee's own variables but its
    /// parameters get arbitrary values and its body runs; the target location is reached by
    /// returning into `exit` ([`Target::Return`]) or by failing the check.
    fn question_graph(&self, callee: ProcId, pre: Pred, target: &Target, exit: &Pred) -> Flat {
        let body = &self.procedures.bodies[&callee];
        let name = self.program.procedure(callee).name.clone();
        let mut flat = self.flat.clone();
        let question = flat.locations.len();
        flat.locations.push(FlatLocation {
            name: format!("{name}:question"),
            span: None,
            error: None,
            loop_head: false,
        });
        flat.edges[0] = FlatEdge { from: 0, to: question, action: Action::Assume(pre), span: None };
        let fresh: Vec<(usize, Option<Linear>)> =
            body.own.iter().filter(|v| !body.params.contains(v)).map(|&v| (v, None)).collect();
        flat.edges.push(FlatEdge {
            from: question,
            to: body.entry,
            action: Action::Assign(fresh),
            span: None,
        });
        for (l, location) in flat.locations.iter_mut().enumerate() {
            let keep = match target {
                Target::Failure(site) => {
                    body.locations.binary_search(&l).is_ok()
                        && location.error.as_ref() == Some(site)
                }
                Target::Return => false,
            };
            if !keep {
                location.error = None;
            }
        }
        if *target == Target::Return {
            let answer = flat.locations.len();
            flat.locations.push(FlatLocation {
                name: format!("{name}:answer"),
                span: None,
                error: Some(ErrorSite::target(format!(
                    "a return of `{name}` into the region asked about"
                ))),
                loop_head: false,
            });
            flat.edges.push(FlatEdge {
                from: body.exit,
                to: answer,
                action: Action::Assume(exit.clone()),
                span: None,
            });
        }
        flat.outgoing = vec![Vec::new(); flat.locations.len()];
        for (i, e) in flat.edges.iter().enumerate() {
            flat.outgoing[e.from].push(i);
        }
        flat
    }

    /// The callee of an opaque edge and what the edge asks of it.
    fn question_of(&self, flat: &Flat, edge: usize) -> Option<(ProcId, Target)> {
        if let Some(call) = self.procedures.call_of(edge) {
            return Some((call.callee, Target::Return));
        }
        let call = self.procedures.failure_of(edge)?;
        let site = flat.locations[flat.edges[edge].to].error.clone()?;
        Some((call.callee, Target::Failure(site)))
    }

    /// The values a callee's run starts from in a caller's state: the globals and the
    /// parameters (the arguments assigned), in variable order.
    fn start_of(&self, callee: ProcId, values: &[Integer]) -> Vec<Integer> {
        let body = &self.procedures.bodies[&callee];
        (0..self.flat.variables.len())
            .filter(|&v| self.flat.variables[v].global || body.params.contains(&v))
            .map(|v| values[v].clone())
            .collect()
    }

    /// A caller's state after the callee's run left `left` (over the body's changes).
    fn after(&self, callee: ProcId, values: &[Integer], left: &[Integer]) -> Vec<Integer> {
        let mut next = values.to_vec();
        for (&v, value) in self.procedures.bodies[&callee].changes.iter().zip(left) {
            next[v] = value.clone();
        }
        next
    }

    /// What a question asks of the callee's return when the caller's region after the call is
    /// `region`: when no comparison of the region relates a variable the callee changes to one
    /// it keeps, and every source gives the region the same form once its values are put in for
    /// the kept variables (they are the same where the run returns), that form, which names
    /// only what the callee may change, so the answer is a summary of the callee alone; else the
    /// region itself (a relation such as `result != x + 4`, which one form per source would
    /// only scatter over questions about single values).
    fn projected(&self, callee: ProcId, sources: &[Vec<Integer>], region: &Pred) -> Pred {
        let changes = &self.procedures.bodies[&callee].changes;
        if relates(region, changes) {
            return region.clone();
        }
        let forms: Vec<Pred> = sources
            .iter()
            .map(|s| {
                region.substitute(&|v| {
                    (changes.binary_search(&v).is_err()).then(|| Linear::constant(s[v].clone()))
                })
            })
            .collect();
        match forms.split_first() {
            Some((first, rest)) if rest.iter().all(|f| f == first) => first.clone(),
            _ => region.clone(),
        }
    }

    /// A condition on the variables the callee does not change that every source meets and
    /// under which no state of `region` lies outside the summary's `exit`: with the summary's
    /// entry, the part of the caller's region from which no run returns into `region`. It is
    /// an interpolant between the sources' values of those variables and `region` outside
    /// `exit`; `True` when `region` lies inside `exit`.
    fn frame_condition(
        &mut self,
        callee: ProcId,
        sources: &[Vec<Integer>],
        region: &Pred,
        exit: &Pred,
    ) -> Result<Pred, RefineError> {
        let outside = Pred::and(vec![region.clone(), exit.negate()]);
        let variables = self.flat.variables.len();
        self.counters.smt_calls += 1;
        if let Solved::Unsat(_) =
            path::solve(variables, std::slice::from_ref(&outside), &mut self.stats)?
        {
            return Ok(Pred::True);
        }
        let changes = &self.procedures.bodies[&callee].changes;
        let frame = super::states_formula(sources.iter(), &|v| changes.binary_search(&v).is_err());
        let none = PathFormula::encode(&self.flat, &[]);
        let start = none.current[0].clone();
        let formula = PathFormula {
            parts: vec![frame.rename(&|v| start[v]), outside.rename(&|v| start[v])],
            ssa: none.ssa.clone(),
            current: vec![start.clone(), start.clone(), start],
            inputs: Vec::new(),
        };
        self.counters.smt_calls += 1;
        let deadline = self.limits.deadline(&self.started);
        let interpolants = path::interpolate(&self.flat, &formula, &mut self.stats, &deadline)?;
        Ok(interpolants[0].clone())
    }

    /// Whether `a` implies `b` for every valuation.
    fn implies(&mut self, a: &Pred, b: &Pred) -> Result<bool, RefineError> {
        self.counters.smt_calls += 1;
        let query = Pred::and(vec![a.clone(), b.negate()]);
        let variables = self.flat.variables.len();
        Ok(matches!(
            path::solve(variables, std::slice::from_ref(&query), &mut self.stats)?,
            Solved::Unsat(_)
        ))
    }

    /// Step 1 of Fig. 10: a must summary that carries one of `sources` into the target.
    fn must_answer(
        &mut self,
        callee: ProcId,
        target: &Target,
        sources: &[Vec<Integer>],
        region: &Pred,
    ) -> Option<Crossing> {
        for (k, source) in sources.iter().enumerate() {
            let start = self.start_of(callee, source);
            for m in 0..self.must.len() {
                let run = &self.must[m];
                if run.callee != callee || run.start != start {
                    continue;
                }
                let next = match (&run.ending, target) {
                    (Ending::Returned(left), Target::Return) => {
                        let next = self.after(callee, source, left);
                        let inside = region.evaluate(&|v| next.get(v).cloned()) == Some(true);
                        if !inside {
                            continue;
                        }
                        next
                    }
                    (Ending::Failed(site), Target::Failure(wanted)) if site == wanted => {
                        source.clone()
                    }
                    _ => continue,
                };
                let inputs = run.inputs.clone();
                self.must[m].uses += 1;
                self.counters.must_used += 1;
                if let Some(trace) = &mut self.trace {
                    trace.crossing = Some(CrossedBy::MustSummary(m));
                }
                return Some(Crossing::Step(k, next, inputs));
            }
        }
        None
    }

    /// Step 2 of Fig. 10: a not-may summary whose entry holds every source and whose exit
    /// holds the question's return region `post`.
    fn not_may_answer(
        &mut self,
        callee: ProcId,
        target: &Target,
        sources: &[Vec<Integer>],
        post: &Pred,
    ) -> Result<Option<Crossing>, RefineError> {
        for n in 0..self.not_may.len() {
            let summary = &self.not_may[n];
            if summary.callee != callee || summary.target != *target {
                continue;
            }
            let entry = summary.entry.clone();
            let exit = summary.exit.clone();
            let holds =
                sources.iter().all(|s| entry.evaluate(&|v| s.get(v).cloned()) == Some(true));
            if !holds || (*target == Target::Return && !self.implies(post, &exit)?) {
                continue;
            }
            self.not_may[n].uses += 1;
            self.counters.not_may_used += 1;
            return Ok(Some(Crossing::Absent { theta: entry, summary: n }));
        }
        Ok(None)
    }

    /// Step 3 of Fig. 10: the callee's body analysed for the question, its answer kept as a
    /// summary.
    fn analyse(
        &mut self,
        edge: usize,
        callee: ProcId,
        target: Target,
        sources: &[Vec<Integer>],
        (region, post): (&Pred, &Pred),
    ) -> Result<Crossing, RefineError> {
        let name = self.program.procedure(callee).name.clone();
        *self.counters.analysed.entry(name.clone()).or_default() += 1;
        let points = super::states_formula(sources.iter(), &|_| true);
        let graph = self.question_graph(callee, points, &target, post);
        let question = graph.locations.len() - if target == Target::Return { 2 } else { 1 };
        let exit = self.procedures.bodies[&callee].exit;
        let mut dash = Dash::on(self.program.clone(), callee, graph, self.limits.clone(), false);
        dash.started_at(self.started);
        let asking = self.trace.as_ref().and_then(Trace::current);
        let number = match asking {
            Some(asking) => self.trace_question(Question {
                procedure: callee,
                asked_by: Some((asking, edge)),
                target: Some(target.clone()),
                sources: sources.len(),
                pre: super::states_formula(sources.iter(), &|v| {
                    self.flat.variables[v].global
                        || self.procedures.bodies[&callee].params.contains(&v)
                }),
                post: post.clone(),
                answer: Answer::Open,
                graph: dash.flat.clone(),
                partitions: dash.partitions.clone(),
                must: dash.must.clone(),
                steps: 0,
            }),
            None => None,
        };
        if let Some(q) = number {
            let asked = trace::question_text(
                self.trace.as_ref().expect("a question was traced"),
                q,
                &|p| self.procedure_name(p),
            );
            self.trace_event(asking, "MAYMUST-CALL", format!("asks q{q}: {asked}"));
        }
        let answer = loop {
            if self.stopped() {
                break Err(Verdict::Unknown(STOPPED.into()));
            }
            let step = dash.step_with(self);
            self.trace_step(number, &dash, &step);
            match step {
                DashStep::Finished(verdict) => break Err(verdict),
                DashStep::Reached { state } => break Ok(state),
                _ => {}
            }
        };
        let c = dash.counters();
        self.counters.steps += c.steps;
        self.counters.tests += c.tests;
        self.counters.splits += c.splits;
        self.counters.smt_calls += c.smt_calls;
        match answer {
            Ok(state) => {
                let (inputs, _) = dash.must.history(state);
                let start = first_state(&dash.must, state);
                let Some(k) = sources.iter().position(|s| *s == dash.must.states[start].values)
                else {
                    return Err(RefineError::Internal(format!(
                        "the run `{name}` answered with starts from no state asked about"
                    )));
                };
                let reached = dash.must.states[state].values.clone();
                let body = &self.procedures.bodies[&callee];
                let (next, ending) = match &target {
                    Target::Return => {
                        let left: Vec<Integer> =
                            body.changes.iter().map(|&v| reached[v].clone()).collect();
                        let next = self.after(callee, &sources[k], &left);
                        if region.evaluate(&|v| next.get(v).cloned()) != Some(true) {
                            return Err(RefineError::Internal(format!(
                                "the run `{name}` answered with returns outside the region"
                            )));
                        }
                        (next, Ending::Returned(left))
                    }
                    Target::Failure(site) => (sources[k].clone(), Ending::Failed(site.clone())),
                };
                let start = self.start_of(callee, &sources[k]);
                let mut made = None;
                if self.mode.uses_must() {
                    self.must.push(MustRun {
                        callee,
                        start,
                        inputs: inputs.clone(),
                        ending,
                        uses: 0,
                    });
                    self.counters.must_made += 1;
                    made = Some(self.must.len() - 1);
                }
                if let Some(q) = number {
                    match made {
                        Some(m) => self.trace_event(
                            Some(q),
                            "CREATE-MUSTSUMMARY",
                            format!("q{q}'s answer is yes: must summary m{m} of {name}"),
                        ),
                        None => self.trace_event(
                            Some(q),
                            "ANSWER",
                            format!("q{q}'s answer is yes (--mode may keeps no must summary)"),
                        ),
                    }
                    self.trace_answer(Some(q), Answer::Yes(made));
                    if let Some(trace) = &mut self.trace {
                        trace.crossing = Some(match made {
                            Some(m) => CrossedBy::MustSummary(m),
                            None => CrossedBy::Answer(q),
                        });
                    }
                }
                Ok(Crossing::Step(k, next, inputs))
            }
            Err(Verdict::Safe { .. }) => {
                let reachable = dash.reachable_formulas();
                let entry = reachable[question].clone();
                let exit = match target {
                    Target::Return => reachable[exit].negate(),
                    Target::Failure(_) => Pred::True,
                };
                let holds =
                    sources.iter().all(|s| entry.evaluate(&|v| s.get(v).cloned()) == Some(true));
                if !holds {
                    return Err(RefineError::Internal(format!(
                        "the not-may summary of `{name}` leaves out a state asked about"
                    )));
                }
                // MERGE-MAYSUMMARY: a summary with the same exit gains this one's entry.
                let same = self
                    .not_may
                    .iter()
                    .position(|n| n.callee == callee && n.target == target && n.exit == exit);
                if let Some(n) = same {
                    let merged = Pred::or(vec![self.not_may[n].entry.clone(), entry.clone()]);
                    self.not_may[n].entry = merged;
                    self.counters.not_may_merged += 1;
                    if let Some(q) = number {
                        let text = format!(
                            "q{q}'s answer is no: its entry joins not-may summary n{n} of {name}, \
                             which has the same exit"
                        );
                        self.trace_event(Some(q), "MERGE-MAYSUMMARY", text);
                        self.trace_answer(Some(q), Answer::No(n));
                    }
                    return Ok(Crossing::Absent { theta: entry, summary: n });
                }
                self.not_may.push(NotMay { callee, target, entry: entry.clone(), exit, uses: 0 });
                self.counters.not_may_made += 1;
                let n = self.not_may.len() - 1;
                if let Some(q) = number {
                    let text = format!("q{q}'s answer is no: not-may summary n{n} of {name}");
                    self.trace_event(Some(q), "CREATE-NOTMAYSUMMARY", text);
                    self.trace_answer(Some(q), Answer::No(n));
                }
                Ok(Crossing::Absent { theta: entry, summary: n })
            }
            Err(Verdict::Unknown(reason)) => {
                self.trace_answer(number, Answer::Unknown(reason.clone()));
                Ok(Crossing::Unknown(format!("the question to `{name}`: {reason}")))
            }
            Err(Verdict::Unsafe(_)) => Err(RefineError::Internal(format!(
                "a question to `{name}` was answered with a replayed run"
            ))),
        }
    }

    /// A concrete run of `callee`'s body from a caller's state where the call starts, each
    /// input and each of its own variables (but its parameters) chosen as 0: how it ended, the
    /// state then and the inputs read; `None` when it blocks or runs too long.
    fn run_body(
        &self,
        callee: ProcId,
        values: &[Integer],
        budget: &mut usize,
    ) -> Option<(Ending, Vec<Integer>, Vec<Integer>)> {
        let body = &self.procedures.bodies[&callee];
        let mut values = values.to_vec();
        for &v in body.own.iter().filter(|v| !body.params.contains(v)) {
            values[v] = Integer::new();
        }
        let mut inputs = Vec::new();
        let mut at = body.entry;
        loop {
            if *budget == 0 {
                return None;
            }
            *budget -= 1;
            if at == body.exit {
                let left = body.changes.iter().map(|&v| values[v].clone()).collect();
                return Some((Ending::Returned(left), values, inputs));
            }
            if let Some(site) = &self.flat.locations[at].error {
                return Some((Ending::Failed(site.clone()), values, inputs));
            }
            let outgoing = &self.flat.outgoing[at];
            if let Some(call) = outgoing.iter().find_map(|&e| self.procedures.call_of(e)) {
                let (callee, edge) = (call.callee, call.edge);
                let (ending, after, read) = self.run_body(callee, &values, budget)?;
                inputs.extend(read);
                match ending {
                    Ending::Returned(_) => {
                        values = after;
                        at = self.flat.edges[edge].to;
                    }
                    failed @ Ending::Failed(_) => return Some((failed, values, inputs)),
                }
                continue;
            }
            let (edge, (next, read)) = outgoing
                .iter()
                .find_map(|&e| must::step(&self.flat, e, &values).map(|s| (e, s)))?;
            values = next;
            inputs.extend(read);
            at = self.flat.edges[edge].to;
        }
    }
}

impl Smash {
    /// The self-check of seed 004's exclusivity (B.5), in debug builds: no run that crossed a
    /// call (a must summary's or a question's answer yes) starts in a not-may summary's entry
    /// and ends in its exit (or fails its check). Both would mean that one of them is wrong.
    /// Checked on every crossing against every summary, and on every summary against every
    /// crossing, by evaluation on the concrete states.
    fn check_exclusive(
        &mut self,
        callee: ProcId,
        kind: &Target,
        sources: &[Vec<Integer>],
        answer: &Crossing,
    ) -> Result<(), RefineError> {
        if let Crossing::Step(k, next, _) = answer {
            self.crossings.push((callee, kind.clone(), sources[*k].clone(), next.clone()));
        }
        let contradicts =
            |n: &NotMay,
             (c, target, source, next): &(ProcId, Target, Vec<Integer>, Vec<Integer>)| {
                let holds = |p: &Pred, state: &[Integer]| {
                    p.evaluate(&|v| state.get(v).cloned()) == Some(true)
                };
                n.callee == *c
                    && n.target == *target
                    && holds(&n.entry, source)
                    && (*target != Target::Return || holds(&n.exit, next))
            };
        let checked: Vec<&NotMay> = match answer {
            Crossing::Step(..) => self.not_may.iter().collect(),
            Crossing::Absent { summary, .. } => vec![&self.not_may[*summary]],
            Crossing::Unknown(_) => Vec::new(),
        };
        for n in checked {
            if let Some(crossing) = self.crossings.iter().find(|c| contradicts(n, c)) {
                return Err(RefineError::Internal(format!(
                    "a not-may summary of `{}` and a run of it through a call contradict each \
                     other (from {:?} to {:?})",
                    self.procedure_name(n.callee),
                    crossing.2,
                    crossing.3
                )));
            }
        }
        Ok(())
    }

    /// Whether some state of `source` has a state of `target` outside `exit` after the opaque
    /// `edge`: the variables the callee does not change keep their values, the others are
    /// arbitrary (the edge's own action).
    fn returns_into(
        &mut self,
        flat: &Flat,
        edge: usize,
        source: &Pred,
        target: &Pred,
        exit: &Pred,
    ) -> Result<bool, RefineError> {
        let formula = PathFormula::encode(flat, &[edge]);
        let before = source.rename(&|v| formula.current[0][v]);
        let after = Pred::and(vec![target.clone(), exit.negate()]);
        let after = after.rename(&|v| formula.current[1][v]);
        self.counters.smt_calls += 1;
        let assertions = [before, formula.parts[0].clone(), after];
        Ok(matches!(path::solve(formula.ssa.len(), &assertions, &mut self.stats)?, Solved::Sat(_)))
    }
}

/// Whether some comparison of `p` names both a variable of `changes` (ascending) and one not
/// in it.
fn relates(p: &Pred, changes: &[usize]) -> bool {
    match p {
        Pred::True | Pred::False => false,
        Pred::Atom(..) => {
            let names = p.variables();
            let changed = names.iter().filter(|v| changes.binary_search(v).is_ok()).count();
            changed > 0 && changed < names.len()
        }
        Pred::And(ps) | Pred::Or(ps) => ps.iter().any(|q| relates(q, changes)),
    }
}

/// The state at the start of the run to `state`.
fn first_state(sets: &must::MustSets, mut state: usize) -> usize {
    while let Some((before, _)) = sets.states[state].from {
        state = before;
    }
    state
}

impl Callees for Smash {
    fn call_edge(&self, edge: usize) -> Option<CallEdge> {
        if self.procedures.call_of(edge).is_some() {
            Some(CallEdge::Run)
        } else if self.procedures.failure_of(edge).is_some() {
            Some(CallEdge::Failure)
        } else {
            None
        }
    }

    fn cross(
        &mut self,
        flat: &Flat,
        edge: usize,
        sources: &[Vec<Integer>],
        target: &Pred,
    ) -> Result<Crossing, RefineError> {
        let Some((callee, kind)) = self.question_of(flat, edge) else {
            return Err(RefineError::Internal("a question on an edge of no call".into()));
        };
        self.counters.questions += 1;
        if self.mode.uses_must()
            && let Some(answer) = self.must_answer(callee, &kind, sources, target)
        {
            return Ok(answer);
        }
        let post = match kind {
            Target::Return => self.projected(callee, sources, target),
            Target::Failure(_) => Pred::True,
        };
        let mut answer = None;
        if self.mode.uses_not_may() {
            answer = self.not_may_answer(callee, &kind, sources, &post)?;
        }
        let answer = match answer {
            Some(answer) => answer,
            None => self.analyse(edge, callee, kind.clone(), sources, (target, &post))?,
        };
        if cfg!(debug_assertions) {
            self.check_exclusive(callee, &kind, sources, &answer)?;
        }
        // A not-may summary names what the callee changes; the caller's region after the call
        // may also name what it keeps, so the split also asks for the kept values under which
        // the region lies inside the summary's exit.
        match answer {
            Crossing::Absent { theta, summary } if kind == Target::Return => {
                let exit = self.not_may[summary].exit.clone();
                let frame = self.frame_condition(callee, sources, target, &exit)?;
                Ok(Crossing::Absent { theta: Pred::and(vec![theta, frame]), summary })
            }
            other => Ok(other),
        }
    }

    fn run(
        &mut self,
        flat: &Flat,
        location: usize,
        values: &[Integer],
    ) -> Option<(usize, Vec<Integer>, Vec<Integer>)> {
        let call = flat.outgoing[location].iter().find_map(|&e| self.procedures.call_of(e))?;
        let (callee, edge, failures) = (call.callee, call.edge, call.failures.clone());
        let mut budget = must::MAX_RUN_STEPS;
        let (ending, _, inputs) = self.run_body(callee, values, &mut budget)?;
        if cfg!(debug_assertions) {
            // A concrete run through a call is a crossing too (see `check_exclusive`).
            let crossing = match &ending {
                Ending::Returned(left) => {
                    (callee, Target::Return, values.to_vec(), self.after(callee, values, left))
                }
                Ending::Failed(site) => {
                    (callee, Target::Failure(site.clone()), values.to_vec(), values.to_vec())
                }
            };
            self.crossings.push(crossing);
        }
        match ending {
            Ending::Returned(left) => Some((edge, self.after(callee, values, &left), inputs)),
            Ending::Failed(site) => {
                let failure = failures
                    .into_iter()
                    .find(|&f| flat.locations[flat.edges[f].to].error.as_ref() == Some(&site))?;
                Some((failure, values.to_vec(), inputs))
            }
        }
    }

    fn justify(
        &mut self,
        flat: &Flat,
        edge: usize,
        source: &Pred,
        target: &Pred,
    ) -> Result<bool, RefineError> {
        let Some((callee, kind)) = self.question_of(flat, edge) else { return Ok(false) };
        for n in 0..self.not_may.len() {
            let summary = self.not_may[n].clone();
            if summary.callee != callee || summary.target != kind {
                continue;
            }
            if self.implies(source, &summary.entry)?
                && (kind != Target::Return
                    || !self.returns_into(flat, edge, source, target, &summary.exit)?)
            {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

//! Abstraction refinement at the prompt: `cegar` starts lazy abstraction with interpolants on a
//! function of the C program loaded last (or a method of the Java program loaded last, with its
//! contract assumed and checked), `step` and `run` advance it, `show art|node|cex|path|
//! interpolants|invariant` look at what it built, `diff` compares the tree at two steps,
//! `predicate add` refines by hand, `predicates` lists what the interpolants introduced, and
//! `dot` draws the tree.
//!
//! As for boolean programs, where a run is (its function, its limits, and the steps and hand
//! refinements made, in order) is a small value in the theory, so `undo` puts a run back where
//! it was and a replayed script rebuilds it exactly. The engine is a cache beside the program:
//! advanced while the run moves forward, rebuilt from the start when it has to go back (the
//! engine is deterministic, so the rebuilt tree is the same tree).

use std::cell::{RefCell, RefMut};
use std::fmt::Write as _;
use std::io::Write;
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::time::Duration;

use crate::refine::formula::Pred;
use crate::refine::kinduction::{KInduction, KRound, KStep};
use crate::refine::language::{DEFAULT_MAXLEN, LanguageEngine, LanguageStep};
use crate::refine::manual::HandOutcome;
use crate::refine::parse::parse_predicate;
use crate::refine::{
    Domain, Engine, EngineChoice, Limits, PORTFOLIO_KINDUCTION_STEPS, RefineError, StepReport,
    Verdict,
};
use crate::syntax::Span;
use crate::syntax::clock::{Clock, Stopwatch};

use super::kind::{Graph, IrProgram, Theory, TheoryKind};
use super::options::{EngineOptions, RunOptions, parse_words};
use super::{CommandError, CommandResult, Control, Progress, State, Workbench, counted};
use crate::ir::Program;
use crate::refine::flat::Flat;

/// Steps a run takes at most unless `cegar --max-steps` says otherwise: enough for every
/// example, and an end (Unknown) for a program whose loops the interpolants never generalise.
pub const DEFAULT_MAX_STEPS: usize = 20_000;

/// Tree nodes a run builds at most unless `cegar --max-nodes` says otherwise.
pub const DEFAULT_MAX_NODES: usize = 20_000;

/// What a run did, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunAction {
    /// This many calls of [`Engine::step`].
    Steps(usize),
    /// A hand refinement with this predicate at this location.
    Predicate {
        /// The location (an index into the inlined graph's locations).
        location: usize,
        /// The predicate.
        predicate: Pred,
    },
    /// The run's time limit (this long) ended it here. Recorded rather than measured again,
    /// so that a rebuilt engine ends at the same step however fast it is rebuilt.
    TimedOut(Duration),
}

/// Where a refinement run is: enough to rebuild its engine exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CegarRun {
    /// The function analysed.
    pub function: String,
    /// The engine: IMPACT (or predicate abstraction, by the domain), k-induction, or the
    /// portfolio (k-induction, then IMPACT).
    pub engine: EngineChoice,
    /// The abstract domain.
    pub domain: Domain,
    /// Whether nodes start from the invariants abstract interpretation finds.
    pub invariants: bool,
    /// The step limit.
    pub max_steps: usize,
    /// The node limit.
    pub max_nodes: usize,
    /// The time limit: the run ends UNKNOWN once its steps have taken this long, all `step`
    /// and `run` commands together (time spent at the prompt does not count).
    pub time_limit: Option<Duration>,
    /// The time its steps have taken so far.
    pub spent: Duration,
    /// What was done since the start.
    pub actions: Vec<RunAction>,
}

impl CegarRun {
    fn push_steps(&mut self, n: usize) {
        if n == 0 {
            return;
        }
        if let Some(RunAction::Steps(k)) = self.actions.last_mut() {
            *k += n;
        } else {
            self.actions.push(RunAction::Steps(n));
        }
    }

    fn same_engine(&self, other: &CegarRun) -> bool {
        self.function == other.function
            && self.engine == other.engine
            && self.domain == other.domain
            && self.invariants == other.invariants
            && self.max_steps == other.max_steps
            && self.max_nodes == other.max_nodes
    }
}

/// The engine of a run at the position it was left, with that position.
pub(crate) struct CachedEngine {
    run: CegarRun,
    engine: Engine,
    /// k-induction, which acts first when the run's engine is `kinduction` or `portfolio`.
    kinduction: Option<KPhase>,
}

/// k-induction's part of a run at the prompt: it takes the steps (one round each) until it
/// ends; the portfolio then hands over to IMPACT when it ended without an answer.
struct KPhase {
    engine: KInduction,
    /// The steps it took.
    steps: usize,
    /// Whether the run is the portfolio's (IMPACT takes over from an `UNKNOWN`).
    portfolio: bool,
    /// Whether the portfolio handed over to IMPACT.
    handed_over: bool,
}

/// What one step of a run did: a round of k-induction (and whether the portfolio handed over
/// to IMPACT after it), or a step of IMPACT.
enum RunStep {
    KInduction { step: KStep, handed_over: bool },
    Impact(StepReport),
}

impl CachedEngine {
    /// k-induction, while it is the engine that acts.
    fn acting_kinduction(&self) -> Option<&KPhase> {
        self.kinduction.as_ref().filter(|k| !k.handed_over)
    }

    /// The verdict of the run, once it has ended.
    fn verdict(&self) -> Option<&Verdict> {
        match self.acting_kinduction() {
            Some(k) => k.engine.verdict(),
            None => self.engine.verdict(),
        }
    }

    /// The steps the run has taken (k-induction's, then IMPACT's: IMPACT counts on from
    /// k-induction's last step when the portfolio hands over).
    fn steps(&self) -> usize {
        match self.acting_kinduction() {
            Some(k) => k.steps,
            None => self.engine.counters().steps,
        }
    }

    /// One step of the engine that acts: k-induction's next round, or IMPACT's next step. A
    /// round of the portfolio's k-induction that ends `UNKNOWN` hands over to IMPACT, whose
    /// steps count on from there.
    fn step(&mut self) -> RunStep {
        let Some(k) = self.kinduction.as_mut().filter(|k| !k.handed_over) else {
            return RunStep::Impact(self.engine.step());
        };
        let step = k.engine.step();
        if !matches!(step, KStep::Finished { round: None, .. }) {
            k.steps += 1;
        }
        let hand_over =
            k.portfolio && matches!(step, KStep::Finished { verdict: Verdict::Unknown(_), .. });
        if hand_over {
            k.handed_over = true;
            let steps = k.steps;
            self.engine.count_steps_from(steps);
        }
        RunStep::KInduction { step, handed_over: hand_over }
    }

    /// Ends the run at its time limit (measured by the workbench).
    fn stop_at_time_limit(&mut self, limit: Duration) -> RunStep {
        match self.kinduction.as_mut().filter(|k| !k.handed_over) {
            Some(k) => {
                RunStep::KInduction { step: k.engine.stop_at_time_limit(limit), handed_over: false }
            }
            None => RunStep::Impact(self.engine.stop_at_time_limit(limit)),
        }
    }
}

impl std::fmt::Debug for CachedEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CachedEngine").field("run", &self.run).finish_non_exhaustive()
    }
}

/// The engine cache of a theory's refinement runs: shared by every `undo` step, so that a run
/// moved back and forth is not rebuilt each time.
type EngineCache = RefCell<Option<CachedEngine>>;

/// What a theory's run slot holds for refinement: the run, and the engine cache it shares with
/// the theory's other runs.
#[derive(Clone)]
struct CegarSlot {
    run: CegarRun,
    cache: Rc<EngineCache>,
}

/// The program a run is on (a C program, or Java files a method of which is analysed), with
/// its theory's engine cache.
#[derive(Clone)]
struct Analysed {
    content: Rc<dyn TheoryKind>,
    cache: Rc<EngineCache>,
}

impl Analysed {
    /// What the kind says of its program; [`current`] admits only kinds that have one.
    fn ir(&self) -> IrProgram<'_> {
        self.content.ir_program().expect("a refinement target has a program in the IR")
    }

    fn program(&self) -> &Program {
        self.ir().program
    }

    fn cache(&self) -> &EngineCache {
        &self.cache
    }

    fn location(&self, span: Span) -> String {
        self.content.location(span)
    }

    /// The file (or files) read.
    fn file_name(&self) -> String {
        self.ir().files
    }

    /// The function a run starts on unless one is named: C's `main`, a Java file's first
    /// method with a body.
    fn default_function(&self) -> String {
        self.ir().default_function
    }
}

/// Whether the refinement commands may act on `theory`: a program in the IR its kind analyses
/// by default (C) always, others (Java files) only when `starting` a run or once they have
/// one. [`current`] and `step`'s choice of engine both read this, so they never disagree.
fn refinement_target(theory: &Theory, starting: bool) -> bool {
    theory
        .content
        .ir_program()
        .is_some_and(|ir| ir.analysed_by_default || starting || theory.run::<CegarSlot>().is_some())
}

/// Whether `step` and `run` act on `theory` (when it is the last loaded of the kinds that
/// have a `step`).
pub(crate) fn is_target(theory: &Theory) -> bool {
    refinement_target(theory, false)
}

/// The program the refinement commands act on, with its run. One rule for all of them:
/// `cegar` (`starting`) starts a run on the C program or Java files loaded last; the others
/// act on the last loaded C program or Java files *with a run*, or on a C program without one
/// (where `step` and `run` start one on `main`). Java files are loaded above all to be
/// verified, so Java files without a run never take `step` away from an earlier program.
fn current(
    state: &State,
    starting: bool,
) -> Result<(usize, Analysed, Option<CegarRun>), CommandError> {
    let found = state.theories.iter().enumerate().rev().find_map(|(i, t)| {
        if !refinement_target(t, starting) {
            return None;
        }
        let slot = t.run::<CegarSlot>();
        let cache = slot.map_or_else(Rc::default, |s| s.cache.clone());
        let analysed = Analysed { content: t.content.clone(), cache };
        Some((i, analysed, slot.map(|s| s.run.clone())))
    });
    found.ok_or_else(|| {
        let waiting = state
            .theories
            .iter()
            .any(|t| t.content.ir_program().is_some_and(|ir| !ir.analysed_by_default));
        if waiting {
            CommandError::Refused(
                "no refinement run on the Java files loaded (`cegar Class.method` starts one)"
                    .into(),
            )
        } else {
            CommandError::Refused(
                "no C or Java program is loaded (try `load FILE.c` or `load FILE.java`)".into(),
            )
        }
    })
}

/// The program loaded last and its run, or an error naming the command that starts one.
fn current_run(state: &State) -> Result<(Analysed, CegarRun), CommandError> {
    let (_, c, run) = current(state, false)?;
    let run = run.ok_or_else(|| {
        CommandError::Refused("no refinement run yet (`cegar [FUNCTION]` starts one)".into())
    })?;
    Ok((c, run))
}

/// Records `run` as the run of the theory at `index`, keeping its engine cache.
fn set_run(wb: &mut Workbench, index: usize, analysed: &Analysed, run: CegarRun) {
    let slot = CegarSlot { run, cache: analysed.cache.clone() };
    wb.state.theories[index].set_run(Some(slot));
}

/// A new engine for `run`, at its start. The engine's refusal keeps its kind: a function that
/// is not there is refused, recursion is unsupported, a failed SMT check is internal.
fn new_engine(c: &Analysed, run: &CegarRun) -> Result<CachedEngine, CommandError> {
    let limits = Limits {
        max_steps: Some(run.max_steps),
        max_nodes: Some(run.max_nodes),
        ..Limits::default()
    };
    let engine =
        Engine::configured(c.program(), &run.function, limits.clone(), run.domain, run.invariants)?;
    let kinduction = match run.engine {
        EngineChoice::Impact => None,
        choice => {
            let portfolio = choice == EngineChoice::Portfolio;
            // The portfolio gives k-induction as many path checks as `craig cegar` does.
            let max_steps = if portfolio {
                run.max_steps.min(PORTFOLIO_KINDUCTION_STEPS)
            } else {
                run.max_steps
            };
            let limits = Limits { max_steps: Some(max_steps), ..limits };
            let engine = KInduction::new(c.program(), &run.function, limits, run.invariants)?;
            Some(KPhase { engine, steps: 0, portfolio, handed_over: false })
        }
    };
    let start = CegarRun { actions: Vec::new(), ..run.clone() };
    Ok(CachedEngine { run: start, engine, kinduction })
}

fn apply(engines: &mut CachedEngine, action: &RunAction) -> Result<(), CommandError> {
    match action {
        RunAction::Steps(n) => {
            for _ in 0..*n {
                engines.step();
            }
        }
        RunAction::Predicate { location, predicate } => {
            add_predicate(&mut engines.engine, *location, predicate)?;
        }
        RunAction::TimedOut(limit) => {
            engines.stop_at_time_limit(*limit);
        }
    }
    Ok(())
}

/// What a hand refinement did, by domain.
enum HandReport {
    /// IMPACT: per open node at the location, what happened there.
    Strengthened(Vec<(usize, HandOutcome)>),
    /// Predicate abstraction: the nodes re-opened under the larger precision.
    Reopened(Vec<usize>),
}

/// A hand refinement: IMPACT strengthens labels along paths, predicate abstraction adds the
/// predicate to the location's precision.
fn add_predicate(
    engine: &mut Engine,
    location: usize,
    predicate: &Pred,
) -> Result<HandReport, CommandError> {
    match engine.domain() {
        Domain::Impact => Ok(HandReport::Strengthened(engine.strengthen_at(location, predicate)?)),
        Domain::Predicates => Ok(HandReport::Reopened(
            engine.add_predicates_to_precision(location, vec![predicate.clone()])?,
        )),
        Domain::Language => {
            Err(CommandError::Refused("the language domain takes no hand predicates".into()))
        }
    }
}

/// How a domain is named in output.
fn domain_text(domain: Domain) -> &'static str {
    match domain {
        Domain::Impact => "lazy abstraction with interpolants (McMillan's IMPACT)",
        Domain::Predicates => {
            "predicate abstraction (BLAST-style, cartesian, predicates from interpolants)"
        }
        Domain::Language => {
            "language-based refinement (Klaedtke, Ratschan and She: (location, region) words, \
             m-spurious factors removed, regions split by interpolants)"
        }
    }
}

/// How a run's engine is named in output: the domain's name for IMPACT (as before there was a
/// choice), and what acts first for the others.
fn engine_text(engine: EngineChoice, domain: Domain, max_steps: usize) -> String {
    match engine {
        EngineChoice::Impact => domain_text(domain).to_string(),
        EngineChoice::Kinduction => {
            "k-induction (one round of k per step, strengthened by the invariants of abstract \
             interpretation)"
                .to_string()
        }
        EngineChoice::Portfolio => format!(
            "the portfolio: k-induction (one round of k per step, at most {} path checks), then \
             {}",
            max_steps.min(PORTFOLIO_KINDUCTION_STEPS),
            domain_text(domain)
        ),
    }
}

/// What is left to do to bring an engine at `done` to `wanted`, when `wanted` continues it.
fn continuation(done: &[RunAction], wanted: &[RunAction]) -> Option<Vec<RunAction>> {
    let Some((last, before)) = done.split_last() else { return Some(wanted.to_vec()) };
    if wanted.len() < done.len() || wanted[..before.len()] != *before {
        return None;
    }
    let mut rest = Vec::new();
    match (last, &wanted[before.len()]) {
        (a, b) if a == b => {}
        (RunAction::Steps(a), RunAction::Steps(b)) if a < b => rest.push(RunAction::Steps(b - a)),
        _ => return None,
    }
    rest.extend(wanted[done.len()..].iter().cloned());
    Some(rest)
}

/// The engine at the position `run` describes (the cached one advanced, or a new one), with
/// the position it is at. A command that moves the engine itself must record the new position
/// in [`CachedEngine::run`] too, or the next command would advance it again.
fn cached_at<'c>(
    c: &'c Analysed,
    run: &CegarRun,
) -> Result<RefMut<'c, CachedEngine>, CommandError> {
    let mut cache = c.cache().borrow_mut();
    let rest = cache
        .as_ref()
        .filter(|cached| cached.run.same_engine(run))
        .and_then(|cached| continuation(&cached.run.actions, &run.actions));
    let rest = match rest {
        Some(rest) => rest,
        None => {
            *cache = Some(new_engine(c, run)?);
            run.actions.clone()
        }
    };
    let cached = cache.as_mut().expect("the cache was just filled");
    for action in &rest {
        apply(cached, action)?;
    }
    cached.run = run.clone();
    Ok(RefMut::map(cache, |c| c.as_mut().expect("a cached engine")))
}

/// The engine at the position `run` describes, to look at.
fn engine_at<'c>(c: &'c Analysed, run: &CegarRun) -> Result<RefMut<'c, Engine>, CommandError> {
    Ok(RefMut::map(cached_at(c, run)?, |cached| &mut cached.engine))
}

/// The tree (as `show art` prints it) after each of `steps` steps of `run`, from one fresh
/// engine taken along the run once (a step beyond the run's end sees the tree at its end).
fn arts_at_steps(
    c: &Analysed,
    run: &CegarRun,
    steps: [usize; 2],
) -> Result<[String; 2], CommandError> {
    let mut engines = new_engine(c, run)?;
    let mut arts: [Option<String>; 2] = [None, None];
    // Records the tree for every wanted step reached; true once both are recorded.
    let mut record = |engine: &Engine| {
        for (k, &step) in steps.iter().enumerate() {
            if arts[k].is_none() && engine.counters().steps >= step {
                arts[k] = Some(engine.art_text());
            }
        }
        arts.iter().all(Option::is_some)
    };
    'replay: for action in &run.actions {
        let calls = match action {
            RunAction::Steps(n) => *n,
            RunAction::Predicate { .. } | RunAction::TimedOut(_) => 1,
        };
        for _ in 0..calls {
            if record(&engines.engine) {
                break 'replay;
            }
            match action {
                RunAction::Steps(_) => {
                    engines.step();
                }
                RunAction::Predicate { .. } | RunAction::TimedOut(_) => {
                    apply(&mut engines, action)?
                }
            }
        }
    }
    record(&engines.engine);
    let end = engines.engine.art_text();
    let [a, b] = arts;
    Ok([a.unwrap_or_else(|| end.clone()), b.unwrap_or(end)])
}

/// `file:line:col` of a span, or the file's name.
fn place(c: &Analysed, span: Option<Span>) -> String {
    match span {
        Some(s) => c.location(s),
        None => c.file_name(),
    }
}

/// A location by the name `show art` prints (`main:l11`, `lock#2:l3`).
fn location_named(engine: &Engine, name: &str) -> Result<usize, CommandError> {
    if let Some(l) = engine.flat.locations.iter().position(|l| l.name == name) {
        return Ok(l);
    }
    let heads: Vec<&str> =
        engine.flat.locations.iter().filter(|l| l.loop_head).map(|l| l.name.as_str()).collect();
    Err(CommandError::Refused(format!(
        "no location `{name}` (locations are named as `show art` prints them{})",
        if heads.is_empty() {
            String::new()
        } else {
            format!("; loop heads: {}", heads.join(", "))
        }
    )))
}

fn node_text(engine: &Engine, n: usize) -> String {
    format!("n{n} {}", engine.flat.locations[engine.art.nodes[n].location].name)
}

fn label_text(engine: &Engine, p: &Pred) -> String {
    p.show(&|v| engine.flat.variable_name(v))
}

fn node_list(nodes: &[usize]) -> String {
    nodes.iter().map(|n| format!("n{n}")).collect::<Vec<_>>().join(", ")
}

/// Where a run is, in one line.
fn progress(engine: &Engine) -> String {
    let c = engine.counters();
    let open = engine
        .art
        .nodes
        .iter()
        .filter(|n| !n.dead && !n.expanded && !engine.art.is_closed(n.id))
        .count();
    format!(
        "after step {}: {} ({} covered, {} open{}), {}, {}, {}",
        c.steps,
        counted(c.nodes, "node"),
        c.covered,
        open,
        if c.cut > 0 { format!(", {} cut", c.cut) } else { String::new() },
        counted(c.refinements, "refinement"),
        counted(c.checks, "path check"),
        counted(c.smt_calls, "SMT call"),
    )
}

/// What one step did, in a line or a few.
fn describe_step(c: &Analysed, engine: &Engine, step: usize, report: &StepReport) -> String {
    let mut out = String::new();
    match report {
        StepReport::Expanded { node, children } => {
            let location = &engine.flat.locations[engine.art.nodes[*node].location];
            let kids: Vec<String> = children.iter().map(|&k| node_text(engine, k)).collect();
            let _ = writeln!(
                out,
                "step {step}: expanded n{node} at {} ({}): {}",
                location.name,
                place(c, location.span),
                if kids.is_empty() { "no successors".to_string() } else { kids.join(", ") }
            );
        }
        StepReport::Covered { node, by } => {
            let _ = writeln!(
                out,
                "step {step}: covered {} by n{by}: its label [{}] implies n{by}'s [{}]",
                node_text(engine, *node),
                label_text(engine, &engine.art.nodes[*node].label),
                label_text(engine, &engine.art.nodes[*by].label)
            );
        }
        StepReport::Refined(index) => {
            let r = &engine.refinements[*index];
            let error = *r.path.last().expect("a path has an end");
            let location = &engine.flat.locations[engine.art.nodes[error].location];
            let what = location
                .error
                .as_ref()
                .map_or_else(String::new, |e| format!(" ({} at {})", e.what, place(c, e.span)));
            let _ = writeln!(
                out,
                "step {step}: checked the path to n{error}{what}: infeasible, so refinement {} \
                 strengthened {}",
                index + 1,
                if r.strengthened.is_empty() {
                    "no label".to_string()
                } else {
                    node_list(&r.strengthened)
                }
            );
            write_refinement_effects(&mut out, engine, r);
        }
        StepReport::HandPredicate(index) => {
            let r = &engine.refinements[*index];
            let node = *r.path.last().expect("a path has an end");
            let predicate = r.hand_predicate.as_ref().map_or_else(String::new, |p| {
                format!("the hand predicate {} ", label_text(engine, p))
            });
            let _ = writeln!(
                out,
                "step {step}: {predicate}holds at {}: refinement {} strengthened {}",
                node_text(engine, node),
                index + 1,
                node_list(&r.strengthened)
            );
            write_refinement_effects(&mut out, engine, r);
        }
        StepReport::Unconfirmed { node, reason } => {
            let _ = writeln!(
                out,
                "step {step}: set {} aside, the search goes on: {reason}",
                node_text(engine, *node)
            );
        }
        StepReport::GaveUp { node, reason } => {
            let _ = writeln!(
                out,
                "step {step}: set {} aside unresolved, the search goes on (the run can no \
                 longer end SAFE): {reason}",
                node_text(engine, *node)
            );
        }
        StepReport::Deepened { unrolling, reason } => {
            let _ = writeln!(
                out,
                "step {step}: {reason}; the path ran through a recursive call the graph had cut, \
                 so the run starts again with recursion unrolled {unrolling} times"
            );
        }
        StepReport::Summarised { summaries, reason } => {
            let shown: Vec<String> = summaries.iter().map(|(p, s)| format!("{p}: {s}")).collect();
            let _ = writeln!(
                out,
                "step {step}: {reason}; the path ran through a recursive call the graph had cut, \
                 so summaries were inferred and checked ({}) and the run starts again with the \
                 cut calls assuming them",
                shown.join("; ")
            );
        }
        StepReport::Finished(verdict) => {
            let _ = writeln!(out, "step {step}: the run ended");
            out.push_str(&verdict_text(c, engine, verdict));
        }
    }
    out
}

fn write_refinement_effects(out: &mut String, engine: &Engine, r: &crate::refine::Refinement) {
    if let Some(n) = r.interpolated_from {
        let _ = writeln!(
            out,
            "  interpolated from {}'s label on (it carries its location's hand predicates); the \
             labels up to it kept",
            node_text(engine, n)
        );
    }
    for (l, ps) in &r.predicates_added {
        let shown: Vec<String> = ps.iter().map(|p| label_text(engine, p)).collect();
        let _ = writeln!(
            out,
            "  predicates added at {}: {}",
            engine.flat.locations[*l].name,
            shown.join("; ")
        );
    }
    if let Some(n) = r.reopened {
        let _ =
            writeln!(out, "  cut {} below n{n}, which is open again", counted(r.cut.len(), "node"));
    }
    if !r.uncovered.is_empty() {
        let _ =
            writeln!(out, "  uncovered (their cover got stronger): {}", node_list(&r.uncovered));
    }
    for (n, w) in &r.covered {
        let _ = writeln!(out, "  covered n{n} by n{w}");
    }
}

/// The verdict, as `craig cegar` words it.
fn verdict_text(c: &Analysed, engine: &Engine, verdict: &Verdict) -> String {
    verdict_text_of(c, &engine.flat, verdict, false)
}

/// The verdict, as `craig cegar` words it, with the locations and names of `flat`; by
/// k-induction (no tree, a certificate made of the kept paths) when `kinduction` says so.
fn verdict_text_of(c: &Analysed, flat: &Flat, verdict: &Verdict, kinduction: bool) -> String {
    let mut out = String::new();
    let show = |p: &Pred| p.show(&|v| flat.variable_name(v));
    match verdict {
        Verdict::Safe { invariants } => {
            let heads: Vec<&(usize, Pred)> =
                invariants.iter().filter(|(l, _)| flat.locations[*l].loop_head).collect();
            if kinduction {
                let _ = writeln!(
                    out,
                    "SAFE: the invariants with the negated preconditions of the kept paths make \
                     an inductive certificate, checked edge by edge ({} reached)",
                    counted(invariants.len(), "location")
                );
            } else {
                let _ = writeln!(
                    out,
                    "SAFE: the labels make an inductive invariant, checked edge by edge ({} \
                     reached; `show invariant` lists them all)",
                    counted(invariants.len(), "location")
                );
            }
            for (l, p) in heads {
                let location = &flat.locations[*l];
                let _ = writeln!(
                    out,
                    "  loop head {} ({}): {}",
                    location.name,
                    place(c, location.span),
                    show(p)
                );
            }
        }
        Verdict::Unsafe(cex) => {
            let inputs: Vec<String> = cex.inputs.iter().map(|n| n.to_string()).collect();
            let _ = writeln!(out, "UNSAFE: {}: {}", place(c, cex.span), cex.failure());
            let _ = writeln!(
                out,
                "  inputs (in the order they are read): {}; replayed on the program, they fail \
                 the same check (`show cex` has the path)",
                if inputs.is_empty() { "none".to_string() } else { inputs.join(", ") }
            );
        }
        Verdict::Unknown(reason) if kinduction => {
            let _ = writeln!(out, "UNKNOWN: {reason}");
        }
        Verdict::Unknown(reason) => {
            let _ = writeln!(out, "UNKNOWN: {reason} (the tree is kept: `show art`)");
        }
    }
    out.push_str(&format!("  {}\n", c.ir().integers));
    out
}

/// The words of `cegar`: a function name and the run options `craig cegar` takes.
#[derive(clap::Parser)]
#[command(name = "cegar")]
pub(crate) struct CegarWords {
    /// The function to analyse (default: `main`, or the only function).
    function: Option<String>,
    #[command(flatten)]
    run: RunOptions,
    #[command(flatten)]
    engines: EngineOptions,
}

/// Parses `[FUNCTION] [--domain D] [--max-steps N] [--max-nodes N] [--time-limit S]` as
/// `craig cegar` parses its options; absent limits are the workbench's defaults.
fn start_options(c: &Analysed, args: &[String], usage: &str) -> Result<CegarRun, CommandError> {
    let words: CegarWords = parse_words(args, usage)?;
    let RunOptions { domain, max_steps, max_nodes, time_limit, no_invariants } = words.run;
    Ok(CegarRun {
        function: words.function.unwrap_or_else(|| c.default_function()),
        engine: words.engines.engine,
        domain,
        invariants: !no_invariants,
        max_steps: max_steps.unwrap_or(DEFAULT_MAX_STEPS),
        max_nodes: max_nodes.unwrap_or(DEFAULT_MAX_NODES),
        time_limit,
        spent: Duration::ZERO,
        actions: Vec::new(),
    })
}

/// `cegar [FUNCTION] [--domain D] [--max-steps N] [--max-nodes N] [--time-limit S]`: a new
/// run, at its start.
pub(crate) fn start(
    wb: &mut Workbench,
    args: &[String],
    usage: &str,
    out: &mut dyn Write,
) -> CommandResult {
    let (index, shared, _) = current(&wb.state, true)?;
    let run = start_options(&shared, args, usage)?;
    if run.domain == Domain::Language {
        return run_language(wb, &shared, &run, out);
    }
    let engine = engine_at(&shared, &run)?;
    let flat = &engine.flat;
    writeln!(
        out,
        "new run: {} on {} of {}",
        engine_text(run.engine, run.domain, run.max_steps),
        run.function,
        place(&shared, None)
    )?;
    writeln!(
        out,
        "the inlined graph: {}, {}, {} ({} integer variable{}: {}); the tree is its root n0",
        counted(flat.locations.len(), "location"),
        counted(flat.edges.len(), "edge"),
        counted(flat.locations.iter().filter(|l| l.error.is_some()).count(), "check"),
        flat.variables.len(),
        if flat.variables.len() == 1 { "" } else { "s" },
        flat.variables.iter().map(|v| v.name.as_str()).collect::<Vec<_>>().join(", ")
    )?;
    for (span, what) in &flat.approximations {
        writeln!(out, "note: {}: over-approximated: {what}", place(&shared, *span))?;
    }
    writeln!(
        out,
        "limits: {} steps, {} nodes{}; {}",
        run.max_steps,
        run.max_nodes,
        run.time_limit.map_or_else(String::new, |t| format!(", {} s", t.as_secs_f64())),
        shared.ir().integers
    )?;
    writeln!(out, "{}", engine.seeding().describe())?;
    writeln!(out, "`step` takes one step, `run` runs to the end")?;
    drop(engine);
    set_run(wb, index, &shared, run);
    Ok(Control::Continue)
}

/// `cegar --domain language`: the language engine runs to the end at once (it is not kept as
/// a run to `step` through), each step said as it is taken, then the verdict and the counters.
fn run_language(
    wb: &mut Workbench,
    c: &Analysed,
    run: &CegarRun,
    out: &mut dyn Write,
) -> CommandResult {
    if run.engine != EngineChoice::Impact {
        return Err(CommandError::Refused(
            "the language domain runs its own engine; it takes no --engine".into(),
        ));
    }
    let interrupt = wb.interrupt_handle();
    interrupt.store(false, Ordering::Relaxed);
    let limits = Limits {
        max_steps: Some(run.max_steps),
        max_nodes: Some(run.max_nodes),
        time: run.time_limit,
        cancel: Some(interrupt),
        ..Limits::default()
    };
    let mut engine =
        LanguageEngine::new(c.program(), &run.function, limits, DEFAULT_MAXLEN, run.invariants)?;
    writeln!(
        out,
        "new run: {} on {} of {} (run to the end at once: the language domain has no `step`)",
        domain_text(run.domain),
        run.function,
        place(c, None)
    )?;
    writeln!(
        out,
        "the inlined graph: {}, {}; factors checked up to {} symbols",
        counted(engine.flat.locations.len(), "location"),
        counted(engine.flat.edges.len(), "edge"),
        engine.maxlen()
    )?;
    writeln!(out, "{}", engine.seeding().describe())?;
    let verdict = loop {
        let step = engine.step();
        if let LanguageStep::Finished(verdict) = step {
            break verdict;
        }
        for line in engine.describe(&step) {
            writeln!(out, "{line}")?;
        }
    };
    match &verdict {
        Verdict::Safe { .. } => writeln!(
            out,
            "SAFE: no word to an error location is left (certificate checked: regions cover \
             their locations, every removed pattern unsatisfiable again, the rebuilt language \
             empty)"
        )?,
        Verdict::Unsafe(cex) => {
            let inputs: Vec<String> = cex.inputs.iter().map(ToString::to_string).collect();
            writeln!(
                out,
                "UNSAFE: {} at {} (replayed by the interpreter); inputs: {}",
                cex.failure(),
                place(c, cex.span),
                if inputs.is_empty() { "none".to_string() } else { inputs.join(", ") }
            )?;
        }
        Verdict::Unknown(reason) => writeln!(out, "UNKNOWN: {reason}")?,
    }
    let k = engine.counters();
    writeln!(
        out,
        "domain language: refinements {}, patterns removed {}, splits {}, symbols {}, DFA peak \
         {} states, words set aside {}, steps {}, SMT calls {}",
        k.refinements,
        k.removed,
        k.splits,
        k.symbols,
        k.dfa_peak,
        k.set_aside,
        k.steps,
        k.smt_calls
    )?;
    writeln!(out, "  {}", c.ir().integers)?;
    Ok(Control::Continue)
}

/// Reads `[N]` (a positive count) or nothing.
fn count_argument(args: &[String], usage: &str) -> Result<Option<usize>, CommandError> {
    match args {
        [] => Ok(None),
        [w] => match w.parse::<usize>() {
            Ok(n) if n > 0 => Ok(Some(n)),
            _ => Err(CommandError::Refused(format!(
                "expected a positive number of steps, got `{w}`; usage: {usage}"
            ))),
        },
        _ => Err(CommandError::Refused(format!("usage: {usage}"))),
    }
}

/// `step [N]` (each step said) and `run [N]` (to the end, or N steps, then where it is).
pub(crate) fn advance(
    wb: &mut Workbench,
    args: &[String],
    usage: &str,
    each: bool,
    out: &mut dyn Write,
) -> CommandResult {
    let count = count_argument(args, usage)?;
    let (index, shared, run) = current(&wb.state, false)?;
    let mut run = match run {
        Some(run) => run,
        None => {
            let run = start_options(&shared, &[], usage)?;
            writeln!(
                out,
                "new run: {} on {}",
                engine_text(run.engine, run.domain, run.max_steps),
                run.function
            )?;
            run
        }
    };
    let interrupt = wb.interrupt_handle();
    interrupt.store(false, Ordering::Relaxed);
    let mut cached = cached_at(&shared, &run)?;
    if let Some(verdict) = cached.verdict() {
        let text = run_verdict_text(&shared, &cached, verdict);
        drop(cached);
        set_run(wb, index, &shared, run);
        write!(out, "the run is over (`cegar` starts another):\n{text}")?;
        return Ok(Control::Continue);
    }
    let wanted = count.unwrap_or(if each { 1 } else { usize::MAX });
    let (mut taken, mut expanded, mut refined, mut rounds) = (0, 0, 0, 0);
    let mut interrupted = false;
    let mut finished = None;
    let mut timed_out = None;
    // Only the time spent in steps counts against the time limit, checked between steps as
    // `craig cegar` checks it, on the same clock (CPU time, `crate::syntax::clock`).
    let began = Stopwatch::start(Clock::default());
    while taken < wanted {
        if interrupt.load(Ordering::Relaxed) {
            interrupted = true;
            break;
        }
        if let Some(limit) = run.time_limit
            && run.spent + began.elapsed() >= limit
        {
            timed_out = Some(limit);
            break;
        }
        let report = cached.step();
        taken += 1;
        let c = cached.engine.counters();
        let counters = [
            ("steps", cached.steps() as u64),
            ("nodes", c.nodes as u64),
            ("refinements", c.refinements as u64),
        ];
        wb.report_progress(&Progress {
            task: &run.function,
            counters: &counters,
            elapsed: began.elapsed(),
        });
        if each {
            write!(out, "{}", describe_run_step(&shared, &cached, &report))?;
        }
        match report {
            RunStep::KInduction { step: KStep::Finished { verdict, .. }, handed_over: false } => {
                rounds += 1;
                finished = Some(verdict);
                break;
            }
            RunStep::KInduction { .. } => rounds += 1,
            RunStep::Impact(StepReport::Expanded { .. }) => expanded += 1,
            RunStep::Impact(
                StepReport::Covered { .. }
                | StepReport::Unconfirmed { .. }
                | StepReport::GaveUp { .. }
                | StepReport::Deepened { .. }
                | StepReport::Summarised { .. },
            ) => {}
            RunStep::Impact(StepReport::Refined(_) | StepReport::HandPredicate(_)) => refined += 1,
            RunStep::Impact(StepReport::Finished(v)) => {
                finished = Some(v);
                break;
            }
        }
    }
    run.spent += began.elapsed();
    run.push_steps(taken);
    if let Some(limit) = timed_out {
        let report = cached.stop_at_time_limit(limit);
        run.actions.push(RunAction::TimedOut(limit));
        if each {
            write!(out, "{}", describe_run_step(&shared, &cached, &report))?;
        }
        match report {
            RunStep::Impact(StepReport::Finished(v))
            | RunStep::KInduction { step: KStep::Finished { verdict: v, .. }, .. } => {
                finished = Some(v)
            }
            _ => {}
        }
    }
    if !each {
        // Covered nodes are counted in the tree, not over the covering steps: refinements
        // cover nodes too (and undo coverings, as cutting a subtree does), so the steps that
        // covered a node say neither how many are covered nor how many were covered now.
        // Rounds of k-induction build no tree: the tree's counts are said once IMPACT acts.
        let mut parts = Vec::new();
        if rounds > 0 {
            parts.push(format!("{} of k-induction", counted(rounds, "round")));
        }
        if taken > rounds || rounds == 0 {
            parts.push(format!(
                "{} expanded, {}; {} covered in the tree",
                counted(expanded, "node"),
                counted(refined, "refinement"),
                counted(cached.engine.counters().covered, "node")
            ));
        }
        writeln!(out, "ran {}: {}", counted(taken, "step"), parts.join(", then "))?;
    }
    if interrupted {
        writeln!(out, "interrupted")?;
    }
    writeln!(out, "{}", run_progress(&cached))?;
    if let (Some(v), false) = (&finished, each) {
        write!(out, "{}", run_verdict_text(&shared, &cached, v))?;
    }
    cached.run = run.clone();
    drop(cached);
    set_run(wb, index, &shared, run);
    Ok(Control::Continue)
}

/// The verdict of a run, worded for the engine that gave it.
fn run_verdict_text(c: &Analysed, cached: &CachedEngine, verdict: &Verdict) -> String {
    match cached.acting_kinduction() {
        Some(k) => verdict_text_of(c, &k.engine.flat, verdict, true),
        None => verdict_text(c, &cached.engine, verdict),
    }
}

/// Where a run is, in one line: IMPACT's tree, or k-induction's round while it acts.
fn run_progress(cached: &CachedEngine) -> String {
    let Some(k) = cached.acting_kinduction() else { return progress(&cached.engine) };
    let c = k.engine.counters();
    format!(
        "after step {}: k-induction at k = {}, {} checked, {} kept, {}, {}",
        k.steps,
        c.depth,
        counted(c.paths_checked, "path"),
        c.paths_kept,
        counted(c.replays, "replay"),
        counted(c.smt_calls, "SMT call"),
    )
}

/// One round of k-induction in words: what it checked and what it learned.
fn round_text(step: usize, r: &KRound) -> String {
    let mut out = format!(
        "step {step}: k-induction, round k = {}: {} of {} edge{} checked, {} refuted under the \
         invariants, {} kept (feasible from some state the invariants allow; extended at the \
         next round)",
        r.k,
        counted(r.checked, "error path"),
        r.k,
        if r.k == 1 { "" } else { "s" },
        r.refuted,
        r.kept
    );
    if r.replayed > 0 {
        out.push_str(&format!(", {} from the start replayed", r.replayed));
    }
    if r.undecided > 0 {
        out.push_str(&format!(", {} the SMT core gave up on", r.undecided));
    }
    out.push('\n');
    out
}

/// What one step of a run did, in a line or a few, naming k-induction's steps and the
/// portfolio's hand-over (IMPACT's steps are said as before).
fn describe_run_step(c: &Analysed, cached: &CachedEngine, report: &RunStep) -> String {
    let (step, handed_over) = match report {
        RunStep::Impact(report) => {
            return describe_step(c, &cached.engine, cached.engine.counters().steps, report);
        }
        RunStep::KInduction { step, handed_over } => (step, *handed_over),
    };
    let Some(k) = cached.kinduction.as_ref() else { return String::new() };
    let (number, flat) = (k.steps, &k.engine.flat);
    let mut out = String::new();
    match step {
        KStep::Round(r) => out.push_str(&round_text(number, r)),
        KStep::Deepened { round, unrolling, reason } => {
            out.push_str(&round_text(number, round));
            let _ = writeln!(
                out,
                "  {reason}; the path ran through a recursive call the graph had cut, so \
                 k-induction starts again at k = 1 with recursion unrolled {unrolling} times"
            );
        }
        KStep::Finished { round, verdict } => {
            match round {
                Some(r) => out.push_str(&round_text(number, r)),
                None => {
                    let _ = writeln!(out, "step {number}: k-induction stopped");
                }
            }
            match verdict {
                Verdict::Unknown(reason) if handed_over => {
                    let _ = writeln!(
                        out,
                        "  k-induction ended without an answer: {reason}; the portfolio hands \
                         over to IMPACT, whose steps count on from here"
                    );
                }
                _ => {
                    let _ = writeln!(out, "  the run ended");
                    out.push_str(&verdict_text_of(c, flat, verdict, true));
                }
            }
        }
    }
    out
}

/// The views `show` offers on a refinement run.
pub const SHOW_VIEWS: &[&str] = &["art", "node", "cex", "path", "interpolants", "invariant"];

/// `show art | node N | cex | path | interpolants [K] | invariant`.
pub(crate) fn show(
    wb: &mut Workbench,
    view: &str,
    argument: Option<&str>,
    out: &mut dyn Write,
) -> CommandResult {
    let (c, run) = current_run(&wb.state)?;
    let engine = engine_at(&c, &run)?;
    let text = match (view, argument) {
        ("art", None) => show_art(&engine),
        ("node", Some(n)) => show_node(&c, &engine, n)?,
        ("node", None) => return Err(CommandError::Refused("usage: show node N".into())),
        ("cex", None) => show_cex(&c, &engine)?,
        ("path", None) => show_path(&c, &engine, None)?,
        ("interpolants", k) => show_interpolants(&c, &engine, k)?,
        ("invariant", None) => show_invariant(&c, &engine)?,
        _ => return Err(format!("usage: show {view}").into()),
    };
    write!(out, "{text}")?;
    Ok(Control::Continue)
}

fn show_art(engine: &Engine) -> String {
    format!("{}\n{}", progress(engine), engine.art_text())
}

fn show_node(c: &Analysed, engine: &Engine, word: &str) -> Result<String, CommandError> {
    let n: usize = word
        .trim_start_matches('n')
        .parse()
        .ok()
        .filter(|&n| n < engine.art.nodes.len())
        .ok_or_else(|| format!("no node `{word}` (nodes n0 to n{})", engine.art.nodes.len() - 1))?;
    let node = &engine.art.nodes[n];
    let location = &engine.flat.locations[node.location];
    let mut out = String::new();
    let _ = writeln!(
        out,
        "n{n} at {} ({}), depth {}",
        location.name,
        place(c, location.span),
        node.depth
    );
    let _ = writeln!(out, "  label: {}", label_text(engine, &node.label));
    if let (Some(p), Some(e)) = (node.parent, node.edge) {
        let edge = &engine.flat.edges[e];
        let _ = writeln!(
            out,
            "  from n{p} by the edge at {}: {}",
            place(c, edge.span),
            action_text(engine, &edge.action)
        );
    }
    if let Some(site) = &location.error {
        let _ = writeln!(
            out,
            "  an error node: reaching it means {}",
            crate::refine::failure_text(site.check, &site.what)
        );
    }
    if !node.children.is_empty() {
        let _ = writeln!(out, "  children: {}", node_list(&node.children));
    }
    if let Some(w) = node.covered_by {
        let _ = writeln!(out, "  covered by n{w}");
    }
    let covers: Vec<usize> =
        engine.art.nodes.iter().filter(|m| m.covered_by == Some(n)).map(|m| m.id).collect();
    if !covers.is_empty() {
        let _ = writeln!(out, "  covers: {}", node_list(&covers));
    }
    let state = if node.dead {
        "cut by a refinement (dead: `show art` leaves it out)"
    } else if node.covered_by.is_some() {
        "covered"
    } else if engine.art.is_closed(n) {
        if node.label == Pred::False {
            "unreachable (label False)"
        } else {
            "closed (an ancestor is covered or unreachable)"
        }
    } else if node.expanded {
        "expanded"
    } else {
        "open"
    };
    let _ = writeln!(out, "  state: {state}");
    let by: Vec<String> = engine
        .refinements
        .iter()
        .enumerate()
        .filter(|(_, r)| r.strengthened.contains(&n))
        .map(|(i, r)| format!("{} (step {})", i + 1, r.step))
        .collect();
    if !by.is_empty() {
        let _ = writeln!(out, "  strengthened by refinement {}", by.join(", "));
    }
    let _ = writeln!(out, "  path: {}", node_list(&engine.art.path_to(n)));
    Ok(out)
}

fn action_text(engine: &Engine, action: &crate::refine::flat::Action) -> String {
    use crate::refine::flat::Action;
    let name = |v: usize| engine.flat.variable_name(v);
    match action {
        Action::Assume(p) => format!("assume {}", label_text(engine, p)),
        Action::Assign(assignments) => {
            if assignments.is_empty() {
                return "skip".into();
            }
            let parts: Vec<String> = assignments
                .iter()
                .map(|(v, value)| match value {
                    Some(l) => format!("{} := {}", name(*v), l.show(&name)),
                    None => format!("{} := *", name(*v)),
                })
                .collect();
            parts.join(", ")
        }
        Action::Input(targets) => {
            let parts: Vec<String> =
                targets.iter().map(|t| t.map_or_else(|| "(unused)".to_string(), name)).collect();
            if parts.is_empty() {
                "read no input".to_string()
            } else {
                format!("read inputs into {}", parts.join(", "))
            }
        }
    }
}

/// The refinement `word` names (1-based), or the last.
fn refinement_index(engine: &Engine, word: Option<&str>) -> Result<usize, CommandError> {
    let count = engine.refinements.len();
    if count == 0 {
        return Err(CommandError::Refused(
            "no refinement yet (`step` until a path is checked)".into(),
        ));
    }
    match word {
        None => Ok(count - 1),
        Some(w) => match w.parse::<usize>() {
            Ok(k) if (1..=count).contains(&k) => Ok(k - 1),
            _ => Err(CommandError::Refused(format!(
                "no refinement `{w}` (refinements 1 to {count})"
            ))),
        },
    }
}

fn show_cex(c: &Analysed, engine: &Engine) -> Result<String, CommandError> {
    let mut out = String::new();
    if let Some(Verdict::Unsafe(cex)) = engine.verdict() {
        let inputs: Vec<String> = cex.inputs.iter().map(|n| n.to_string()).collect();
        let _ = writeln!(out, "a real counterexample: {} at {}", cex.failure(), place(c, cex.span));
        let _ = writeln!(
            out,
            "inputs (in the order they are read): {} (replayed on the program: it fails there)",
            if inputs.is_empty() { "none".to_string() } else { inputs.join(", ") }
        );
        write_path_nodes(&mut out, c, engine, &cex.path);
        return Ok(out);
    }
    let index = refinement_index(engine, None)
        .map_err(|_| "no counterexample yet: no error path was checked".to_string())?;
    let r = &engine.refinements[index];
    let _ = writeln!(
        out,
        "the last abstract counterexample (refinement {}, step {}) was spurious: its path \
         formula is unsatisfiable (`show path`)",
        index + 1,
        r.step
    );
    write_path_nodes(&mut out, c, engine, &r.path);
    Ok(out)
}

fn write_path_nodes(out: &mut String, c: &Analysed, engine: &Engine, path: &[usize]) {
    for &n in path {
        let node = &engine.art.nodes[n];
        let location = &engine.flat.locations[node.location];
        let by = node.edge.map_or_else(String::new, |e| {
            let edge = &engine.flat.edges[e];
            format!(" after {} ({})", action_text(engine, &edge.action), place(c, edge.span))
        });
        let _ = writeln!(out, "  n{n} {}{by}", location.name);
    }
}

/// The path formula of refinement `word` (default the last), one conjunct per edge.
fn show_path(c: &Analysed, engine: &Engine, word: Option<&str>) -> Result<String, CommandError> {
    let index = refinement_index(engine, word)?;
    let r = &engine.refinements[index];
    let mut out = String::new();
    let _ = writeln!(
        out,
        "path formula of refinement {} (step {}) in SSA form (x@k is the k-th value of x), one \
         part per edge:",
        index + 1,
        r.step
    );
    for (k, formula) in r.formula.iter().enumerate() {
        let target = r.path.get(k + 1).map_or_else(
            || "(the predicate, negated)".to_string(),
            |&n| {
                let node = &engine.art.nodes[n];
                let edge =
                    node.edge.map(|e| place(c, engine.flat.edges[e].span)).unwrap_or_default();
                format!("to n{n} {} ({edge})", engine.flat.locations[node.location].name)
            },
        );
        let _ = writeln!(out, "  {:>2}. {target}: {formula}", k + 1);
    }
    Ok(out)
}

fn show_interpolants(
    c: &Analysed,
    engine: &Engine,
    word: Option<&str>,
) -> Result<String, CommandError> {
    let index = refinement_index(engine, word)?;
    let r = &engine.refinements[index];
    let mut out = show_path(c, engine, word)?;
    let _ = writeln!(
        out,
        "sequence interpolant (each implied by the path up to its node, and with the rest of the \
         path unsatisfiable; over the variables live there):"
    );
    // A run of positions whose interpolant is `True` (typically the path's start, before
    // anything the refutation needs) is one line, so the positions that matter stand out.
    let is_true =
        |k: usize| r.interpolants[k] == Pred::True && !r.strengthened.contains(&r.path[k + 1]);
    let mut k = 0;
    while k < r.interpolants.len() {
        let mut last = k;
        if is_true(k) {
            while last + 1 < r.interpolants.len() && is_true(last + 1) {
                last += 1;
            }
        }
        if last > k {
            let _ = writeln!(
                out,
                "  after {:>2} to {:>2}: {} to {}: True",
                k + 1,
                last + 1,
                node_text(engine, r.path[k + 1]),
                node_text(engine, r.path[last + 1])
            );
            k = last + 1;
            continue;
        }
        let n = r.path[k + 1];
        let mark = if r.strengthened.contains(&n) { "  (strengthened the label)" } else { "" };
        let _ = writeln!(
            out,
            "  after {:>2}: {}: {}{mark}",
            k + 1,
            node_text(engine, n),
            label_text(engine, &r.interpolants[k])
        );
        k += 1;
    }
    write_refinement_effects(&mut out, engine, r);
    Ok(out)
}

fn show_invariant(c: &Analysed, engine: &Engine) -> Result<String, CommandError> {
    let invariants = match engine.verdict() {
        Some(Verdict::Safe { invariants }) => invariants,
        // An invariant would prove the error unreachable, and the counterexample reaches it.
        Some(Verdict::Unsafe(_)) => {
            return Err(CommandError::Refused(
                "no invariant: the run ended UNSAFE, with a real counterexample \
                 (`show cex` shows it)"
                    .into(),
            ));
        }
        Some(Verdict::Unknown(reason)) => {
            return Err(CommandError::Refused(format!(
                "no invariant: the run ended UNKNOWN ({reason}); `cegar` starts another"
            )));
        }
        None => {
            return Err(CommandError::Refused(
                "no invariant: the run has not ended yet (`run` runs it to the end)".into(),
            ));
        }
    };
    let mut out = String::new();
    let _ = writeln!(
        out,
        "the invariant at each reached location (the disjunction of its uncovered labels), \
         checked inductive edge by edge; every other location is unreachable:"
    );
    for (l, p) in invariants {
        let location = &engine.flat.locations[*l];
        let _ = writeln!(
            out,
            "  {}{} ({}): {}",
            location.name,
            if location.loop_head { " [loop head]" } else { "" },
            place(c, location.span),
            label_text(engine, p)
        );
    }
    Ok(out)
}

/// Why the predicate `text` was not read, of the kind the engine said, and saying which.
fn in_the_predicate(text: &str, e: RefineError) -> CommandError {
    let within = |m: String| format!("in the predicate `{text}`: {m}");
    match e {
        RefineError::Refused(m) => CommandError::Refused(within(m)),
        RefineError::Unsupported(m) | RefineError::Incomplete(m) => {
            CommandError::Unsupported(within(m))
        }
        RefineError::Internal(m) => CommandError::Internal(within(m)),
        e @ RefineError::Interrupted => CommandError::Unsupported(within(e.to_string())),
    }
}

/// `predicate add LOCATION "FORMULA"`: a hand refinement.
pub(crate) fn predicate_add(
    wb: &mut Workbench,
    location: &str,
    text: &str,
    out: &mut dyn Write,
) -> CommandResult {
    let (index, shared, run) = current(&wb.state, false)?;
    let run = run.ok_or_else(|| {
        CommandError::Refused("no refinement run yet (`cegar [FUNCTION]` starts one)".into())
    })?;
    let mut cached = cached_at(&shared, &run)?;
    let engine = &mut cached.engine;
    let l = location_named(engine, location)?;
    let predicate =
        parse_predicate(text, &|name| engine.flat.variables.iter().position(|v| v.name == name))
            .map_err(|e| in_the_predicate(text, e))?;
    let report = match add_predicate(engine, l, &predicate) {
        Ok(report) => report,
        Err(e) => {
            // The engine may have moved part of the way: rebuild it next time.
            drop(cached);
            *shared.cache().borrow_mut() = None;
            return Err(e);
        }
    };
    let step = engine.counters().steps;
    let location_name = &engine.flat.locations[l].name;
    match report {
        HandReport::Strengthened(outcomes) => {
            writeln!(
                out,
                "step {step}: the predicate {} at {location_name}:",
                label_text(engine, &predicate)
            )?;
            // IMPACT keeps it for the nodes that reach the location later.
            writeln!(
                out,
                "  kept as a hand predicate of {location_name}: tried on every node that \
                 reaches it"
            )?;
            for (n, outcome) in &outcomes {
                match outcome {
                    HandOutcome::Refined(None) => {
                        writeln!(out, "  n{n}: its label implies it already")?
                    }
                    HandOutcome::Refined(Some(k)) => {
                        let r = &engine.refinements[*k];
                        writeln!(
                            out,
                            "  n{n}: holds on its path; refinement {} strengthened {}",
                            k + 1,
                            node_list(&r.strengthened)
                        )?;
                        let mut effects = String::new();
                        write_refinement_effects(&mut effects, engine, r);
                        write!(out, "{effects}")?;
                    }
                    HandOutcome::Refuted => writeln!(
                        out,
                        "  n{n}: not added: a run along its path reaches it with the predicate \
                         false"
                    )?,
                }
            }
        }
        HandReport::Reopened(nodes) if nodes.is_empty() => writeln!(
            out,
            "the predicate {} is in the precision at {location_name} already",
            label_text(engine, &predicate)
        )?,
        HandReport::Reopened(nodes) => writeln!(
            out,
            "the predicate {} joins the precision at {location_name}; re-opened {} (their \
             subtrees were cut, their labels recomputed)",
            label_text(engine, &predicate),
            node_list(&nodes)
        )?,
    }
    writeln!(out, "{}", progress(engine))?;
    let mut run = run;
    run.actions.push(RunAction::Predicate { location: l, predicate });
    cached.run = run.clone();
    drop(cached);
    set_run(wb, index, &shared, run);
    Ok(Control::Continue)
}

/// `predicates [LOCATION]`: the run's predicates per location.
pub(crate) fn predicates(
    wb: &mut Workbench,
    location: Option<&str>,
    out: &mut dyn Write,
) -> CommandResult {
    let (c, run) = current_run(&wb.state)?;
    let engine = engine_at(&c, &run)?;
    let wanted = location.map(|name| location_named(&engine, name)).transpose()?;
    let all = engine.predicates();
    let listed: Vec<&(usize, Vec<Pred>)> =
        all.iter().filter(|(l, _)| wanted.is_none_or(|w| w == *l)).collect();
    let source = match engine.domain() {
        Domain::Impact => "atoms of the labels (IMPACT)",
        Domain::Predicates => "the precision (predicate abstraction)",
        Domain::Language => "the regions (language-based refinement)",
    };
    if listed.is_empty() {
        writeln!(
            out,
            "no predicates{} yet: {source}",
            location.map_or(String::new(), |l| format!(" at {l}"))
        )?;
        return Ok(Control::Continue);
    }
    writeln!(out, "predicates per location, {source}:")?;
    for (l, ps) in listed {
        let location = &engine.flat.locations[*l];
        let shown: Vec<String> = ps.iter().map(|p| label_text(&engine, p)).collect();
        writeln!(
            out,
            "  {}{} ({}): {}",
            location.name,
            if location.loop_head { " [loop head]" } else { "" },
            place(&c, location.span),
            shown.join("; ")
        )?;
    }
    Ok(Control::Continue)
}

/// `diff [STEP1 STEP2]`: the tree at two steps, as a unified diff of `show art`.
pub(crate) fn diff(
    wb: &mut Workbench,
    args: &[String],
    usage: &str,
    out: &mut dyn Write,
) -> CommandResult {
    let (c, run) = current_run(&wb.state)?;
    let engine = engine_at(&c, &run)?;
    let now = engine.counters().steps;
    let (a, b) = match args {
        [] => {
            let last = engine.refinements.last().ok_or_else(|| {
                CommandError::Refused(
                    "no refinement yet; `diff STEP1 STEP2` compares any two steps".into(),
                )
            })?;
            (last.step - 1, last.step)
        }
        [x, y] => {
            let parse = |w: &String| {
                w.parse::<usize>()
                    .ok()
                    .filter(|&s| s <= now)
                    .ok_or_else(|| format!("no step `{w}` (steps 0 to {now})"))
            };
            (parse(x)?, parse(y)?)
        }
        _ => return Err(format!("usage: {usage}").into()),
    };
    drop(engine);
    let [before, after] = arts_at_steps(&c, &run, [a, b])?;
    let diff = similar::TextDiff::from_lines(&before, &after);
    let text = diff
        .unified_diff()
        .context_radius(1)
        .header(&format!("art after step {a}"), &format!("art after step {b}"))
        .to_string();
    if text.is_empty() {
        writeln!(out, "the tree is the same after step {a} and after step {b}")?;
    } else {
        write!(out, "{text}")?;
    }
    Ok(Control::Continue)
}

/// `dot FILE` on a program the refinement commands act on: its run's tree in Graphviz DOT;
/// `None` when the theory is not one they act on (Java files without a run).
pub(crate) fn art_graph(theory: &Theory, words: &[String]) -> Option<Result<Graph, CommandError>> {
    if !refinement_target(theory, false) {
        return None;
    }
    let graph = || {
        if !words.is_empty() {
            return Err(CommandError::Refused("usage: dot FILE".to_string()));
        }
        let slot = theory.run::<CegarSlot>().ok_or_else(|| {
            CommandError::Refused("no refinement run yet (`cegar [FUNCTION]` starts one)".into())
        })?;
        let analysed = Analysed { content: theory.content.clone(), cache: slot.cache.clone() };
        let engine = engine_at(&analysed, &slot.run)?;
        Ok(Graph {
            text: engine.art_dot(),
            what: "the refinement tree (dashed: covered; red: error nodes)".to_string(),
        })
    };
    Some(graph())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A workbench with the C program `text` loaded, from a scratch file of its own.
    fn with_c_program(name: &str, text: &str) -> Workbench {
        let dir = std::env::temp_dir()
            .join(format!("craig-repl-refinement-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{name}.c"));
        std::fs::write(&path, text).unwrap();
        let mut wb = Workbench::new();
        let mut out = Vec::new();
        wb.eval_line(&format!("load \"{}\"", path.display()), &mut out);
        let said = String::from_utf8(out).unwrap();
        assert!(said.starts_with("loaded theory"), "{said}");
        wb
    }

    /// The engine's refusals reach the prompt with their kind: a function that is not there is
    /// the request's fault, and a malformed predicate too. Recursion is no refusal: it is
    /// unrolled.
    #[test]
    fn a_run_the_engine_refuses_keeps_the_kind_of_the_refusal() {
        let mut wb = with_c_program(
            "recursive",
            "int f(int n) {\n  if (n > 0) { return f(n - 1); }\n  return 0;\n}\n\
             int g(int n) {\n  return n + 1;\n}\n\
             int main(void) {\n  return f(3);\n}\n",
        );
        let mut out = Vec::new();
        start(&mut wb, &["main".to_string()], "cegar", &mut out).expect("recursion is unrolled");
        let missing = start(&mut wb, &["nowhere".to_string()], "cegar", &mut out);
        assert!(
            matches!(&missing, Err(CommandError::Refused(m)) if m.starts_with("no function")),
            "{missing:?}"
        );
        start(&mut wb, &["g".to_string()], "cegar", &mut out).expect("g calls nothing");
        let location = {
            let (c, run) = current_run(&wb.state).unwrap();
            let engine = engine_at(&c, &run).unwrap();
            engine.flat.locations[0].name.clone()
        };
        let bad = predicate_add(&mut wb, &location, "n >", &mut out);
        assert!(
            matches!(&bad, Err(CommandError::Refused(m)) if m.starts_with("in the predicate `n >`")),
            "{bad:?}"
        );
    }
}

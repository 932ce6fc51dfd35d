//! Boolean programs at the prompt: a Bebop program (`.bp`) or a program with references (`.qr`)
//! loaded as a theory, whose assertions the summary engine of [`crate::boolprog`] decides one
//! worklist step at a time (`step`) or at once (`check`), with its summaries listed
//! (`summaries`, `show summary N`), its counterexample replayed (`trace`) and its call graph or a
//! summary's heap drawn (`dot`).
//!
//! The commands act on the boolean program loaded last. Where its run is (which algorithm, how
//! many engine steps) is a small value in the theory, so `undo` puts a run back where it was; the
//! engine itself is a cache beside the program, advanced when the run moves forward and rebuilt
//! from the start (the engine is deterministic) when it has to go back.

use std::cell::{RefCell, RefMut};
use std::io::Write;
use std::path::Path;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crate::boolprog::concurrent::{self, Checker, Concurrent, DEFAULT_CONTEXTS, MAX_CONTEXTS};
use crate::boolprog::explicit::Bounds;
use crate::boolprog::ir::{ProcId, Program};
use crate::boolprog::summary::{Engine, Mode, Options, StepResult, Verdict};
use crate::boolprog::{self, Answer, Language, Loaded, Method, RunStats, render};
use crate::session::fnv1a64;
use crate::syntax::{SourceMap, render_all};

use super::kind::{Graph, Theory, TheoryKind};
use super::options::{SearchOptions, parse_words};
use super::{CommandError, CommandResult, Control, State, Workbench, counted};

/// States explored before a run gives up without a verdict (as `craig check-bp` by default).
const MAX_STATES: usize = boolprog::DEFAULT_MAX_STATES;

/// A loaded boolean program and the engine run kept beside it.
pub struct BoolProgram {
    /// The program in the internal form both languages lower to.
    pub program: Arc<Program>,
    /// The program's text, which positions point into.
    pub sources: SourceMap,
    /// The language it was written in.
    pub language: Language,
    /// The label whose reaching is an error (`SLIC_ERROR` when the program has it).
    pub error_label: Option<String>,
    /// The label named at `load --label NAME` (kept by `reload`), if any.
    pub named_label: Option<String>,
    /// For a concurrent program (Getafix's conventions): its threads; `program` holds its
    /// procedures. Only `check` decides it, up to a bound on context switches.
    pub concurrent: Option<Arc<Concurrent>>,
    /// The engine at some run position, reused while runs move forward.
    cache: RefCell<Option<CachedRun>>,
}

impl std::fmt::Debug for BoolProgram {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BoolProgram")
            .field("procedures", &self.program.procs.len())
            .field("language", &self.language)
            .finish_non_exhaustive()
    }
}

/// A summary engine with the number of times it was stepped, kept together so they never
/// disagree.
struct Stepped {
    calls: u64,
    engine: Engine<'static>,
}

impl Stepped {
    fn step(&mut self) -> StepResult {
        self.calls += 1;
        self.engine.step()
    }
}

/// A run as the engine left it.
enum CachedRun {
    /// A summary engine of this mode.
    Summary { mode: Mode, run: Box<Stepped> },
    /// The explicit search, which runs in one go.
    Explicit { answer: Answer },
}

/// Where a run is: the algorithm, and for the summary engines how many times it was stepped.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Run {
    /// The algorithm.
    pub method: Method,
    /// Calls of [`Engine::step`] so far (the explicit search has no steps).
    pub calls: u64,
}

/// The boolean program the commands act on, with its run (a value in the theory's run slot,
/// so undo restores it).
#[derive(Clone)]
struct Current {
    /// The program.
    shared: Rc<BoolProgram>,
    /// The run, once `step` or `check` started one.
    run: Option<Run>,
}

impl BoolProgram {
    /// One line on what was loaded: language, procedures, globals.
    pub fn describe(&self) -> String {
        let p = &self.program;
        let language = match (self.language, &self.concurrent) {
            (Language::Bebop, Some(c)) => &format!(
                "concurrent Bebop boolean program ({})",
                counted(c.threads.len(), "thread")
            ),
            (Language::Bebop, None) => "Bebop boolean program",
            (Language::References, _) => "program with references",
        };
        let label = match &self.error_label {
            Some(label) => format!(", error label `{label}`"),
            None => String::new(),
        };
        format!(
            "{language}, {}, {}{label}",
            counted(p.procs.len(), "procedure"),
            counted(p.globals().len(), "global")
        )
    }
}

impl TheoryKind for BoolProgram {
    fn load_text(&self, theory: &Theory, _goals: usize) -> String {
        if self.concurrent.is_some() {
            return format!(
                "loaded theory {} from {}: {}; no goals (`check [--contexts K]` decides its \
                 assertions{} up to K context switches)\n",
                theory.name,
                theory.path,
                self.describe(),
                if self.error_label.is_some() {
                    " and whether its error label is reached"
                } else {
                    ""
                }
            );
        }
        format!(
            "loaded theory {} from {}: {}; no goals (`step` and `check` decide its assertions{})\n",
            theory.name,
            theory.path,
            self.describe(),
            if self.error_label.is_some() { " and whether its error label is reached" } else { "" }
        )
    }

    fn summary(&self) -> String {
        self.describe()
    }

    fn names(&self) -> Vec<String> {
        self.program.procs.iter().map(|p| p.name.clone()).collect()
    }

    fn sources(&self) -> Option<&SourceMap> {
        Some(&self.sources)
    }

    fn dot(&self, theory: &Theory, words: &[String]) -> Option<Result<Graph, CommandError>> {
        let current = Current { shared: theory.content_rc::<BoolProgram>()?, run: run_of(theory) };
        Some(boolprog_dot(&current, words))
    }
}

/// The run of a boolean program's theory.
fn run_of(theory: &Theory) -> Option<Run> {
    theory.run::<Run>().copied()
}

/// How a method is named in output.
fn method_text(method: Method) -> &'static str {
    match method {
        Method::Patterns => "summaries keyed by patterns (Section 6)",
        Method::FullStates => "summaries keyed by canonical visible states (Section 5)",
        Method::Explicit => "explicit search without summaries (the baseline)",
    }
}

fn mode_of(method: Method) -> Option<Mode> {
    match method {
        Method::Patterns => Some(Mode::Patterns),
        Method::FullStates => Some(Mode::FullStates),
        Method::Explicit => None,
    }
}

/// Reads a `.qr` or `.bp` file into a theory; errors are listed with file:line:col and nothing
/// is loaded.
pub(crate) fn load(path: &str, name: String) -> Result<Theory, CommandError> {
    load_with(path, name, None)
}

/// [`load`], with the label whose reaching is the error named (`load --label NAME`) instead of
/// `SLIC_ERROR` by default.
pub(crate) fn load_with(
    path: &str,
    name: String,
    label: Option<&str>,
) -> Result<Theory, CommandError> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let language = Language::of_path(Path::new(path))
        .ok_or_else(|| format!("cannot load {path}: boolean programs end in .bp or .qr"))?;
    let mut sources = SourceMap::new();
    let loaded = match boolprog::load_any(&mut sources, Path::new(path)) {
        Ok(p) => p,
        Err(diagnostics) => {
            let errors = diagnostics.len();
            return Err(CommandError::Refused(format!(
                "cannot load {path} ({errors} problem{}):\n{}",
                if errors == 1 { "" } else { "s" },
                render_all(&diagnostics, &sources).trim_end()
            )));
        }
    };
    let (mut program, mut concurrent) = match loaded {
        Loaded::Sequential(p) => (p, None),
        Loaded::Concurrent(c) => (c.program.clone(), Some(*c)),
    };
    // As `craig check-bp` does: SLAM's error label is the error when present, unless named.
    let error_label = boolprog::mark_error_label(&mut program, label)
        .map_err(|e| format!("cannot load {path}: {e}"))?;
    if let Some(c) = &mut concurrent {
        c.program = program.clone();
    }
    let checksum = fnv1a64(&bytes);
    let shared = BoolProgram {
        program: Arc::new(program),
        sources,
        language,
        error_label,
        named_label: label.map(str::to_string),
        concurrent: concurrent.map(Arc::new),
        cache: RefCell::new(None),
    };
    Ok(Theory::new(name, path.to_string(), checksum, shared))
}

/// Refuses the commands that watch or show the summary engine on a concurrent program.
fn sequential(b: &Current) -> Result<(), CommandError> {
    if b.shared.concurrent.is_some() {
        return Err(CommandError::Refused(
            "this is a concurrent program: `check [--contexts K]` decides it as a whole (Lal \
             and Reps's reduction on the summary engine) and prints the interleaving of a \
             failure"
                .into(),
        ));
    }
    Ok(())
}

/// The boolean program the commands act on: the one loaded last.
fn current(state: &State) -> Result<(usize, Current), CommandError> {
    state
        .theories
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, t)| {
            Some((i, Current { shared: t.content_rc::<BoolProgram>()?, run: run_of(t) }))
        })
        .ok_or_else(|| {
            CommandError::Refused(
                "no boolean program is loaded (try `load FILE.bp` or `load FILE.qr`)".into(),
            )
        })
}

/// Records `run` as the run of the theory at `index`.
fn set_run(wb: &mut Workbench, index: usize, run: Run) {
    wb.state.theories[index].set_run(Some(run));
}

/// A new summary engine of `mode`, recording what each step does.
fn new_engine(shared: &BoolProgram, mode: Mode) -> Stepped {
    let mut engine =
        Engine::shared(shared.program.clone(), Options { mode, max_states: MAX_STATES });
    engine.set_recording(true);
    Stepped { calls: 0, engine }
}

/// The summary engine after `calls` steps of `mode`: the cached one advanced, or a new one.
fn stepped_at(shared: &BoolProgram, mode: Mode, calls: u64) -> RefMut<'_, Stepped> {
    let mut cache = shared.cache.borrow_mut();
    let reusable = matches!(&*cache,
        Some(CachedRun::Summary { mode: m, run }) if *m == mode && run.calls <= calls);
    if !reusable {
        *cache = Some(CachedRun::Summary { mode, run: Box::new(new_engine(shared, mode)) });
    }
    RefMut::map(cache, |c| match c {
        Some(CachedRun::Summary { run, .. }) => {
            while run.calls < calls {
                run.step();
            }
            &mut **run
        }
        _ => unreachable!("a summary run was just cached"),
    })
}

/// The summary engine after `calls` steps of `mode`.
fn engine_at(shared: &BoolProgram, mode: Mode, calls: u64) -> RefMut<'_, Engine<'static>> {
    RefMut::map(stepped_at(shared, mode, calls), |s| &mut s.engine)
}

/// The engine to list or draw summaries from: the current run's, or before any step.
fn summary_engine(b: &Current) -> Result<RefMut<'_, Engine<'static>>, CommandError> {
    let run = b.run.unwrap_or(Run { method: Method::Patterns, calls: 0 });
    match mode_of(run.method) {
        Some(mode) => Ok(engine_at(&b.shared, mode, run.calls)),
        None => Err(CommandError::Refused(
            "the last run searched without summaries (`check --no-summaries`), so there \
             are none; `step` or `check` computes them"
                .into(),
        )),
    }
}

/// The words of `step`: a count and the engine flags `craig check-bp` takes (but
/// `--no-summaries`, which `step` refuses with a word on why, is not offered).
#[derive(clap::Parser)]
#[command(name = "step", mut_arg("no_summaries", |a| a.hide(true)))]
pub(crate) struct StepWords {
    /// How many steps: a positive number (default 1) or `all`.
    count: Vec<String>,
    /// Start a new run instead of continuing the current one.
    #[arg(long)]
    restart: bool,
    #[command(flatten)]
    search: SearchOptions,
}

/// The words of `check`: the engine flags `craig check-bp` takes.
#[derive(clap::Parser)]
#[command(name = "check")]
pub(crate) struct CheckWords {
    #[command(flatten)]
    search: SearchOptions,
    /// For a concurrent program: the most context switches explored (default 2).
    #[arg(long, value_name = "K")]
    contexts: Option<u32>,
}

/// `step [N|all] [--restart] [--no-patterns]`.
pub(crate) fn step(
    wb: &mut Workbench,
    args: &[String],
    usage: &str,
    out: &mut dyn Write,
) -> CommandResult {
    let f: StepWords = parse_words(args, usage)?;
    if f.search.no_summaries {
        return Err(CommandError::Refused(
            "`step` watches the summary engine; `check --no-summaries` runs the explicit \
             search without summaries"
                .into(),
        ));
    }
    let count = match f.count.as_slice() {
        [] => Some(1),
        [w] if w == "all" => None,
        [w] => match w.parse::<u64>() {
            Ok(n) if n > 0 => Some(n),
            _ => {
                return Err(format!(
                    "step takes a positive number of steps or `all`, got `{w}`; usage: {usage}"
                )
                .into());
            }
        },
        _ => return Err(format!("usage: {usage}").into()),
    };
    let (index, b) = current(&wb.state)?;
    sequential(&b)?;
    let wanted = if f.search.no_patterns { Some(Method::FullStates) } else { None };
    let continuing = b.run.filter(|r| {
        !f.restart && r.method != Method::Explicit && wanted.is_none_or(|m| m == r.method)
    });
    let shared = b.shared.clone();
    let run = match continuing {
        Some(run) => run,
        None => {
            let method = wanted.unwrap_or(Method::Patterns);
            writeln!(out, "new run: {}", method_text(method))?;
            Run { method, calls: 0 }
        }
    };
    let mode = mode_of(run.method).expect("a summary run");
    let mut stepped = stepped_at(&shared, mode, run.calls);
    if stepped.engine.verdict().is_some() {
        let verdict = verdict_text(&stepped.engine);
        drop(stepped);
        set_run(wb, index, run);
        writeln!(out, "the run is over: {verdict} (`step --restart` starts again)")?;
        return Ok(Control::Continue);
    }
    let interrupt = wb.interrupt_handle();
    interrupt.store(false, Ordering::Relaxed);
    let start = Instant::now();
    let mut interrupted = false;
    let mut taken = 0u64;
    while count.is_none_or(|n| taken < n) {
        if interrupt.load(Ordering::Relaxed) {
            interrupted = true;
            break;
        }
        let result = stepped.step();
        taken += 1;
        if count.is_some() {
            let engine = &stepped.engine;
            let text =
                render::events(engine, &shared.sources, engine.stats().steps, engine.events());
            write!(out, "{text}")?;
        }
        if result == StepResult::Done {
            break;
        }
    }
    let elapsed = start.elapsed();
    let calls = stepped.calls;
    drop(stepped);
    set_run(wb, index, Run { method: run.method, calls });
    let engine = engine_at(&shared, mode, calls);
    if interrupted {
        writeln!(out, "interrupted; {}", render::progress(&engine))?;
    } else if engine.verdict().is_some() && count.is_none() {
        write_verdict(wb, &shared, &engine, elapsed, out)?;
    } else {
        writeln!(out, "{}", render::progress(&engine))?;
        if engine.verdict().is_some() {
            writeln!(out, "{}", verdict_line(&shared, &engine))?;
        }
    }
    Ok(Control::Continue)
}

/// The verdict in a few words.
fn verdict_text(engine: &Engine<'_>) -> String {
    match engine.verdict() {
        None => "no verdict yet".into(),
        Some(Verdict::Safe) => "safe".into(),
        Some(Verdict::Failure { kind, .. }) => kind.describe().into(),
        Some(Verdict::OutOfBudget) => format!("unknown (state bound of {MAX_STATES} reached)"),
    }
}

/// The verdict on one line; a failure is replayed first and named with where it happens.
fn verdict_line(shared: &BoolProgram, engine: &Engine<'_>) -> String {
    let Some(verdict) = engine.verdict() else { return "no verdict yet".into() };
    answer_line(shared, &boolprog::answer_of(&shared.program, verdict.clone(), MAX_STATES))
}

fn answer_line(shared: &BoolProgram, answer: &Answer) -> String {
    match answer {
        Answer::Safe => match &shared.error_label {
            Some(label) => format!("verdict: safe (label `{label}` is unreachable)"),
            None => "verdict: safe".into(),
        },
        Answer::Failure(trace) => {
            let at = trace.steps.last().map_or(String::new(), |s| {
                format!(
                    " at {} in {}",
                    render::position(&shared.program, &shared.sources, s.proc, s.pc),
                    shared.program.proc(s.proc).name
                )
            });
            format!(
                "verdict: {}{at} (counterexample of {} replayed; `trace` prints it)",
                trace.kind.describe(),
                counted(trace.steps.len(), "step")
            )
        }
        Answer::Unknown(why) => format!("verdict: unknown ({why})"),
    }
}

/// The verdict, the algorithm, the counters and the summaries per procedure, as `craig
/// check-bp --stats` prints them.
fn write_verdict(
    wb: &Workbench,
    shared: &BoolProgram,
    engine: &Engine<'_>,
    elapsed: Duration,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    writeln!(out, "{}", verdict_line(shared, engine))?;
    let method =
        if engine.options().mode == Mode::Patterns { Method::Patterns } else { Method::FullStates };
    writeln!(out, "engine: {}", method_text(method))?;
    write_stats(wb, &RunStats::Summary(engine.stats()), elapsed, out)?;
    for line in render::per_procedure(engine).lines() {
        writeln!(out, "  {line}")?;
    }
    Ok(())
}

fn write_stats(
    wb: &Workbench,
    stats: &RunStats,
    elapsed: Duration,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let text = match stats {
        RunStats::Summary(s) => render::summary_stats(s),
        RunStats::Explicit(s) => render::explicit_stats(s),
    };
    let counters: Vec<&str> = text.lines().collect();
    writeln!(out, "statistics: {}, time {}", counters.join(", "), wb.format_time(elapsed))
}

/// `check [--no-summaries] [--no-patterns]`: a new run, to the end.
pub(crate) fn check(
    wb: &mut Workbench,
    args: &[String],
    usage: &str,
    out: &mut dyn Write,
) -> CommandResult {
    let f: CheckWords = parse_words(args, usage)?;
    let (index, b) = current(&wb.state)?;
    let shared = b.shared.clone();
    let method = f.search.method();
    let start = Instant::now();
    if let Some(conc) = &shared.concurrent {
        return check_concurrent(wb, &shared, conc, method, f.contexts, out);
    }
    if f.contexts.is_some() {
        return Err(CommandError::Refused(
            "--contexts bounds the context switches of a concurrent program, and this one is \
             sequential"
                .into(),
        ));
    }
    let Some(mode) = mode_of(method) else {
        let depth = Bounds::default().max_depth;
        let (answer, stats) = boolprog::check_with(&shared.program, method, MAX_STATES, depth);
        let elapsed = start.elapsed();
        writeln!(out, "{}", answer_line(&shared, &answer))?;
        writeln!(out, "engine: {}", method_text(method))?;
        write_stats(wb, &stats, elapsed, out)?;
        *shared.cache.borrow_mut() = Some(CachedRun::Explicit { answer });
        set_run(wb, index, Run { method, calls: 0 });
        return Ok(Control::Continue);
    };
    // A fresh engine, run to the end (or until interrupted), then kept in the cache.
    let mut stepped = new_engine(&shared, mode);
    let interrupt = wb.interrupt_handle();
    interrupt.store(false, Ordering::Relaxed);
    let mut interrupted = false;
    loop {
        if interrupt.load(Ordering::Relaxed) {
            interrupted = true;
            break;
        }
        if stepped.step() == StepResult::Done {
            break;
        }
    }
    let elapsed = start.elapsed();
    let calls = stepped.calls;
    *shared.cache.borrow_mut() = Some(CachedRun::Summary { mode, run: Box::new(stepped) });
    set_run(wb, index, Run { method, calls });
    let engine = engine_at(&shared, mode, calls);
    if interrupted {
        writeln!(out, "interrupted; {}", render::progress(&engine))?;
    } else {
        write_verdict(wb, &shared, &engine, elapsed, out)?;
    }
    Ok(Control::Continue)
}

/// `trace`: the counterexample of the finished run.
pub(crate) fn trace(wb: &mut Workbench, out: &mut dyn Write) -> CommandResult {
    let (_, b) = current(&wb.state)?;
    sequential(&b)?;
    let Some(run) = b.run else {
        return Err(CommandError::Refused(
            "no verdict yet: `check` or `step all` runs the engine to one".into(),
        ));
    };
    let shared = &b.shared;
    let answer = match mode_of(run.method) {
        Some(mode) => {
            let engine = engine_at(shared, mode, run.calls);
            let Some(verdict) = engine.verdict() else {
                return Err(format!(
                    "no verdict yet ({}); `step all` finishes the run",
                    render::progress(&engine)
                )
                .into());
            };
            boolprog::answer_of(&shared.program, verdict.clone(), MAX_STATES)
        }
        None => {
            let cached = shared.cache.borrow();
            match &*cached {
                Some(CachedRun::Explicit { answer, .. }) => answer.clone(),
                // The cache went to a summary run that undo then left: search again.
                _ => {
                    let depth = Bounds::default().max_depth;
                    boolprog::check_with(&shared.program, Method::Explicit, MAX_STATES, depth).0
                }
            }
        }
    };
    match answer {
        Answer::Safe => writeln!(out, "no counterexample: the program is safe")?,
        Answer::Unknown(why) => writeln!(out, "no counterexample: the run gave up ({why})")?,
        Answer::Failure(t) => {
            writeln!(
                out,
                "{} (trace replayed, {}):",
                t.kind.describe(),
                counted(t.steps.len(), "step")
            )?;
            write!(out, "{}", render::trace(&shared.program, &shared.sources, &t))?;
        }
    }
    Ok(Control::Continue)
}

/// The procedure named `name`.
fn procedure(program: &Program, name: &str) -> Result<ProcId, CommandError> {
    program.procs.iter().position(|p| p.name == name).map(|i| ProcId(i as u32)).ok_or_else(|| {
        let names: Vec<&str> = program.procs.iter().map(|p| p.name.as_str()).collect();
        CommandError::Refused(format!("no procedure `{name}` (procedures: {})", names.join(", ")))
    })
}

/// Where the listed summaries come from, on one line.
fn run_header(b: &Current, engine: &Engine<'_>) -> String {
    let method = b.run.map_or(Method::Patterns, |r| r.method);
    let when = match (b.run, engine.verdict()) {
        (None, _) => "before any step".to_string(),
        (Some(_), Some(_)) => format!("after the run ({})", verdict_text(engine)),
        (Some(_), None) => format!("after {}", counted(engine.stats().steps as usize, "step")),
    };
    let count = match engine.roots.len() {
        1 => "1 summary".to_string(),
        n => format!("{n} summaries"),
    };
    format!("{count} {when}, {}", method_text(method))
}

/// `summaries [PROC]`.
pub(crate) fn summaries(
    wb: &mut Workbench,
    proc: Option<&str>,
    out: &mut dyn Write,
) -> CommandResult {
    let (_, b) = current(&wb.state)?;
    sequential(&b)?;
    let filter = proc.map(|p| procedure(&b.shared.program, p)).transpose()?;
    let engine = summary_engine(&b)?;
    writeln!(out, "{}", run_header(&b, &engine))?;
    let text = render::summary_list(&engine, filter);
    if text.is_empty()
        && let Some(name) = proc
    {
        writeln!(out, "no summaries of {name} yet")?;
    }
    write!(out, "{text}")?;
    Ok(Control::Continue)
}

/// The summary numbered by `word`.
fn summary_number(
    engine: &Engine<'_>,
    word: Option<&str>,
    usage: &str,
) -> Result<usize, CommandError> {
    let Some(word) = word else { return Err(CommandError::Refused(format!("usage: {usage}"))) };
    let n = word
        .parse::<usize>()
        .map_err(|_| format!("a summary is named by its number, got `{word}`; usage: {usage}"))?;
    if n >= engine.roots.len() {
        return Err(CommandError::Refused(format!(
            "no summary {n} (summaries so far: 0 to {}; `summaries` lists them)",
            engine.roots.len().saturating_sub(1)
        )));
    }
    Ok(n)
}

/// `show summary N`.
pub(crate) fn show_summary(
    wb: &Workbench,
    word: Option<&str>,
    out: &mut dyn Write,
) -> CommandResult {
    let (_, b) = current(&wb.state)?;
    sequential(&b)?;
    let engine = summary_engine(&b)?;
    let n = summary_number(&engine, word, "show summary N")?;
    let text = render::summary(&engine, n).expect("a summary in range");
    write!(out, "{text}")?;
    Ok(Control::Continue)
}

/// `dot FILE [summary N]` for a boolean program: the call graph with summary counts, or the
/// entry heap of a summary.
fn boolprog_dot(b: &Current, words: &[String]) -> Result<Graph, CommandError> {
    sequential(b)?;
    let heap_of = match words {
        [] => None,
        [kind, n] if kind == "summary" => Some(n.as_str()),
        _ => return Err(CommandError::Refused("usage: dot FILE.dot|FILE.svg [summary N]".into())),
    };
    let usage = "dot FILE.dot|FILE.svg [summary N]";
    let engine = summary_engine(b)?;
    let (text, what) = match heap_of {
        None => {
            let calls = engine.call_edges().len();
            (
                render::dot_call_graph(&engine),
                format!(
                    "the call graph ({}, {}; {})",
                    counted(engine.program().procs.len(), "procedure"),
                    counted(calls, "call edge"),
                    run_header(b, &engine)
                ),
            )
        }
        Some(word) => {
            let n = summary_number(&engine, Some(word), usage)?;
            let r = &engine.roots[n];
            (
                render::dot_heap(engine.program(), &r.entry_heap, &r.entry_frame),
                format!("the entry heap of summary {n} ({})", engine.program().proc(r.proc).name),
            )
        }
    };
    Ok(Graph { text, what })
}

/// `check [--contexts K]` on a concurrent program: the verdict up to K context switches, with
/// the replayed interleaving of a failure, the engine and its counters.
fn check_concurrent(
    wb: &Workbench,
    shared: &BoolProgram,
    conc: &Concurrent,
    method: Method,
    contexts: Option<u32>,
    out: &mut dyn Write,
) -> CommandResult {
    let contexts = contexts.unwrap_or(DEFAULT_CONTEXTS);
    if contexts > MAX_CONTEXTS {
        return Err(
            format!("--contexts {contexts}: at most {MAX_CONTEXTS} context switches").into()
        );
    }
    let checker = match method {
        Method::Patterns => Checker::Reduction(Mode::Patterns),
        Method::FullStates => Checker::Reduction(Mode::FullStates),
        Method::Explicit => Checker::Explicit,
    };
    let start = Instant::now();
    let depth = Bounds::default().max_depth;
    let (answer, stats) = concurrent::check(conc, contexts, checker, MAX_STATES, depth);
    let elapsed = start.elapsed();
    match &answer {
        concurrent::Answer::SafeUpTo(k) => match &shared.error_label {
            Some(label) => writeln!(
                out,
                "verdict: safe up to {k} context switches (label `{label}` is unreachable)"
            )?,
            None => writeln!(out, "verdict: safe up to {k} context switches")?,
        },
        concurrent::Answer::Failure(trace) => {
            let steps = trace.statements();
            writeln!(
                out,
                "verdict: {} after {} (interleaving of {} replayed):",
                trace.kind.describe(),
                counted(trace.switches as usize, "context switch"),
                counted(steps, "step")
            )?;
            write!(out, "{}", concurrent::render_trace(conc, &shared.sources, trace))?;
        }
        concurrent::Answer::Unknown(why) => writeln!(out, "verdict: unknown ({why})")?,
    }
    let (engine, counters) = match stats {
        concurrent::RunStats::Reduction { stats, procedures, globals } => (
            format!(
                "Lal and Reps's reduction to a sequential program ({procedures} procedures, \
                 {globals} globals), {}",
                method_text(method)
            ),
            render::summary_stats(&stats).lines().collect::<Vec<_>>().join(", "),
        ),
        concurrent::RunStats::Explicit(s) => (
            "explicit search over the interleavings (the baseline)".to_string(),
            format!("states {}, moves {}, cut by depth {}", s.states, s.moves, s.cut_by_depth),
        ),
    };
    writeln!(out, "engine: {engine}")?;
    writeln!(out, "statistics: {counters}, time {}", wb.format_time(elapsed))?;
    Ok(Control::Continue)
}

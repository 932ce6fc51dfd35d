//! Saturn at the prompt (seed 001): `saturn [FUNCTION] [--checker assert|lock|leak] ...` runs one
//! of Saturn's bug finders on the C program loaded last and says what `craig saturn` says;
//! `warnings` lists the run's warnings a line each, `show warning N` shows one with its path
//! (an assertion warning's run replayed on the interpreter, edge by edge), `summary FUNCTION` a
//! function's lock summary R or leak summary, and `guard FUNCTION LINE` where a line is
//! reached. The outcome is kept in the theory's run slot, so `undo` puts the previous run back
//! and a new `cegar`, `smash` or `saturn` replaces it.

use std::io::Write;
use std::rc::Rc;

use crate::ir::interpret::{self, Outcome as RunOutcome};
use crate::saturn::SaturnError;
use crate::saturn::assert::{self, Replay};
use crate::saturn::database::{self, Database, FunctionResult, Run};
use crate::saturn::leak::FunctionLeaks;
use crate::saturn::lock::{self, LockSpec};
use crate::saturn::reach;
use crate::saturn::render::{self, Finding, Outcome, Places};
use crate::saturn::schedule;

use super::c::CTheory;
use super::kind::Theory;
use super::options::{parse_words, positive_count};
use super::{CommandError, CommandResult, Control, State, Workbench, counted};

/// A Saturn run on a theory: what it was asked and what it found.
#[derive(Clone)]
struct SaturnRun {
    /// The checker's name and settings, as the header said them.
    asked: String,
    /// Its unrolling and width, which `guard` takes over.
    unroll: u32,
    width: u32,
    outcome: Rc<Outcome>,
}

/// The words of `saturn`.
#[derive(clap::Parser)]
#[command(name = "saturn")]
struct SaturnWords {
    /// The function the assertion checker starts from (default `main`).
    function: Option<String>,
    /// The checker: assert (failing checks), lock (Type A and Type B lock errors) or leak
    /// (allocations lost when a function returns).
    #[arg(long, default_value = "assert")]
    checker: String,
    /// How many times each loop's back edge may be taken (default 2; 3 for the leak checker).
    #[arg(long)]
    unroll: Option<u32>,
    /// How many bits integers are blasted at (8 to 512).
    #[arg(long, default_value_t = 130, value_parser = clap::value_parser!(u32).range(8..=512))]
    width: u32,
    /// The lock specification (`KIND NAME ARGUMENT` lines) instead of the shipped one.
    #[arg(long)]
    spec: Option<String>,
    /// How many functions the lock or leak checker analyses at once (default: the cores there
    /// are).
    #[arg(long, value_parser = positive_count)]
    jobs: Option<usize>,
    /// Print the run's counters.
    #[arg(long)]
    stats: bool,
    /// The summary database (SQLite; created if missing), as `craig saturn --db`: the lock and
    /// leak checkers read each function's result from it when nothing it depends on has
    /// changed, and store what they analyse.
    #[arg(long)]
    db: Option<String>,
}

/// The C program loaded last, with its index.
fn current(state: &State) -> Result<(usize, &CTheory), CommandError> {
    state
        .theories
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, t)| t.content::<CTheory>().map(|c| (i, c)))
        .ok_or_else(|| CommandError::Refused("no C program is loaded (try `load FILE.c`)".into()))
}

fn run_of(state: &State) -> Result<(&Theory, &CTheory, &SaturnRun), CommandError> {
    let (index, c) = current(state)?;
    let theory = &state.theories[index];
    let run = theory.run::<SaturnRun>().ok_or_else(|| {
        CommandError::Refused(
            "no Saturn run on the C program loaded last (`saturn` runs one)".into(),
        )
    })?;
    Ok((theory, c, run))
}

/// Whether the C program loaded last has a Saturn run (`summary` and `show warning` act on it).
pub(crate) fn is_target(state: &State) -> bool {
    run_of(state).is_ok()
}

fn checker_error(e: SaturnError) -> CommandError {
    match e {
        SaturnError::Refused { what, name } => CommandError::Refused(format!("{what} `{name}`")),
        SaturnError::Internal(why) => CommandError::Internal(why.to_string()),
        other => CommandError::Unsupported(format!("the function could not be analysed: {other}")),
    }
}

/// `saturn [FUNCTION] [--checker assert|lock|leak] [--unroll K] [--width BITS] [--spec FILE]
/// [--jobs N] [--db FILE] [--stats]`.
pub(crate) fn start(
    wb: &mut Workbench,
    args: &[String],
    usage: &str,
    out: &mut dyn Write,
) -> CommandResult {
    let words: SaturnWords = parse_words(args, usage)?;
    let (index, c) = current(&wb.state)?;
    let file = wb.state.theories[index].path.clone();
    let unroll = words.unroll.unwrap_or(if words.checker == "leak" { 3 } else { 2 });
    if !matches!(words.checker.as_str(), "assert" | "lock" | "leak") {
        return Err(CommandError::Refused(format!(
            "`{}` is no checker: assert, lock or leak; usage: {usage}",
            words.checker
        )));
    }
    if let Some(function) = &words.function {
        let refusal = match words.checker.as_str() {
            "lock" => format!(
                "the lock checker summarises every function, callees first; `{function}` is not \
                 needed (`summary {function}` shows its summary after the run)"
            ),
            "leak" => format!(
                "the leak checker looks at every function, callees first; `{function}` is not \
                 needed (`summary {function}` shows what it found there)"
            ),
            _ => String::new(),
        };
        if !refusal.is_empty() {
            return Err(CommandError::Refused(refusal));
        }
    }
    // Opened before the run, so a file that is not a database is refused before any work.
    let mut database = match &words.db {
        None => None,
        Some(_) if words.checker == "assert" => {
            return Err(CommandError::Refused(
                "--db works with the lock and leak checkers (the assertion checker expands its \
                 one function and keeps no summaries)"
                    .into(),
            ));
        }
        Some(path) => Some(Database::open(std::path::Path::new(path)).map_err(database_error)?),
    };
    let front_end = format!("{}; {}", c.data_model.name(), c.integers.describe(c.data_model));
    let jobs = words.jobs.unwrap_or_else(schedule::default_jobs);
    let (asked, outcome, counts) = match words.checker.as_str() {
        "lock" => {
            let spec_text = match &words.spec {
                Some(path) => std::fs::read_to_string(path)
                    .map_err(|e| CommandError::Refused(format!("cannot read {path}: {e}")))?,
                None => lock::DEFAULT_SPEC.to_string(),
            };
            let spec = LockSpec::parse(&spec_text)
                .map_err(|e| CommandError::Refused(format!("lock specification, {e}")))?;
            // Lock errors are the question: every other check becomes an assumption.
            let mut program = c.program.clone();
            program.assume_checks_except(&[]);
            let settings = database::Settings {
                checker: "lock",
                unroll,
                width: words.width,
                front_end: &front_end,
                spec: Some(&spec_text),
            };
            let mut run = Run::new(database.as_mut(), None, &settings, jobs);
            let (results, counts) =
                database::check_locks(&program, &spec, unroll, words.width, &mut run)
                    .map_err(database_error)?;
            let asked = format!(
                "lock checker on {file}, loops unrolled {} times, integers blasted at {} bits",
                unroll, words.width
            );
            (asked, Outcome::Lock(results), Some(counts))
        }
        "leak" => {
            // Leaks are the question: every other check becomes an assumption.
            let mut program = c.program.clone();
            program.assume_checks_except(&[]);
            let settings = database::Settings {
                checker: "leak",
                unroll,
                width: words.width,
                front_end: &front_end,
                spec: None,
            };
            let mut run = Run::new(database.as_mut(), None, &settings, jobs);
            let (results, counts) = database::check_leaks(&program, unroll, words.width, &mut run)
                .map_err(database_error)?;
            let asked = format!(
                "leak checker on {file}, loops unrolled {} times, integers blasted at {} bits",
                unroll, words.width
            );
            (asked, Outcome::Leak(results), Some(counts))
        }
        _ => {
            let function = words.function.unwrap_or_else(|| "main".to_string());
            let options = assert::Options { unroll, width: words.width, ..Default::default() };
            let report = assert::check(&c.program, &function, options).map_err(checker_error)?;
            let asked = format!(
                "assert checker on {file}, from `{function}`, loops unrolled {} times, integers \
                 blasted at {} bits",
                unroll, words.width
            );
            (asked, Outcome::Assert(report), None)
        }
    };
    writeln!(out, "saturn: {asked}")?;
    let places = Places { sources: &c.sources, file: &file };
    render::write_outcome(out, &outcome, &places, words.stats)?;
    if let (Some(db), Some(counts)) = (&database, counts) {
        writeln!(out, "{}", counts.line(db.path(), None))?;
    }
    if !outcome.findings().is_empty() {
        writeln!(out, "`warnings` lists them, `show warning N` shows one with its path")?;
    }
    wb.state.theories[index].set_run(Some(SaturnRun {
        asked,
        unroll,
        width: words.width,
        outcome: Rc::new(outcome),
    }));
    Ok(Control::Continue)
}

/// The database could not be opened, read or written: the user's file, so refused with
/// SQLite's reason.
fn database_error(e: database::DatabaseError) -> CommandError {
    CommandError::Refused(e.to_string())
}

/// `guard FUNCTION LINE`: where the line's statements are reached in FUNCTION's unrolled graph
/// (its guard, as paths of branch conditions) and whether a run within the unrolling gets
/// there, with the last Saturn run's unrolling and width (2 and 130 bits before any).
pub(crate) fn guard(
    wb: &Workbench,
    function: &str,
    line: &str,
    out: &mut dyn Write,
) -> CommandResult {
    let (index, c) = current(&wb.state)?;
    let theory = &wb.state.theories[index];
    let id = c.program.find(function).filter(|&id| c.program.procedure(id).body.is_some());
    let Some(id) = id else {
        return Err(CommandError::Refused(format!(
            "`{function}` is no function with a body in {}",
            theory.path
        )));
    };
    let line_number = line.parse::<usize>().ok().filter(|&n| n >= 1).ok_or_else(|| {
        CommandError::Refused(format!("expected a line number (from 1), found `{line}`"))
    })?;
    let (unroll, width) = theory.run::<SaturnRun>().map_or((2, 130), |run| (run.unroll, run.width));
    let file = c.program.procedure(id).span.file;
    let on_line = |span: crate::syntax::Span| {
        span.file == file && c.sources.line_col(span.file, span.start as usize).0 == line_number
    };
    let found =
        reach::line_guard(&c.program, id, &on_line, unroll, width).map_err(checker_error)?;
    let places = Places { sources: &c.sources, file: &theory.path };
    render::write_line_guard(out, function, line_number, unroll, &found, &places)?;
    Ok(Control::Continue)
}

/// `warnings`: the run's warnings, one line each, numbered as `show warning N` takes them.
pub(crate) fn warnings(wb: &Workbench, out: &mut dyn Write) -> CommandResult {
    let (theory, c, run) = run_of(&wb.state)?;
    let places = Places { sources: &c.sources, file: &theory.path };
    let findings = run.outcome.findings();
    writeln!(out, "{} of the {}", counted(findings.len(), "warning"), run.asked)?;
    for (k, finding) in findings.iter().enumerate() {
        let confirmed = match finding {
            Finding::Assert(w) if w.replay == Replay::Confirmed => " (replayed: confirmed)",
            Finding::Assert(_) => " (replayed: not confirmed)",
            Finding::Lock(..) | Finding::Leak(..) => "",
        };
        writeln!(
            out,
            "{}. {}: [{}] {}{confirmed}",
            k + 1,
            places.text(render::span_of(*finding)),
            render::rule_of(*finding),
            render::message(*finding, &places)
        )?;
    }
    for (name, reason) in run.outcome.failed() {
        writeln!(out, "{}", render::failed_line(name, reason))?;
    }
    writeln!(out, "{}", render::NO_PROOF)?;
    Ok(Control::Continue)
}

/// `show warning N`: the warning, then its path: an assertion warning's run replayed on the
/// interpreter with the inputs the model gave, each edge's place; a lock warning's calls.
pub(crate) fn show_warning(
    wb: &Workbench,
    number: Option<&str>,
    out: &mut dyn Write,
) -> CommandResult {
    let (theory, c, run) = run_of(&wb.state)?;
    let findings = run.outcome.findings();
    let k = number
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|k| (1..=findings.len()).contains(k))
        .ok_or_else(|| {
            CommandError::Refused(format!(
                "expected a warning number from 1 to {} (`warnings` lists them)",
                findings.len()
            ))
        })?;
    let places = Places { sources: &c.sources, file: &theory.path };
    let finding = findings[k - 1];
    render::write_finding(out, finding, &places)?;
    let w = match finding {
        Finding::Assert(w) => w,
        Finding::Lock(f, _) => {
            writeln!(
                out,
                "the lock checker reads this off the summary R of `{}` (`summary` shows it); it \
                 is not replayed: the interpreter has no locks",
                f.function
            )?;
            return Ok(Control::Continue);
        }
        Finding::Leak(f, _) => {
            writeln!(
                out,
                "the leak checker reads this off the state of `{}` at its exit: the object is \
                 live, and neither the result, a global, memory the caller reaches, nor another \
                 escaping object points to it (`summary {}` says what else it found there)",
                f.function, f.function
            )?;
            return Ok(Control::Continue);
        }
    };
    let Outcome::Assert(report) = &*run.outcome else {
        return Err(CommandError::Internal("an assertion warning outside an assert run".into()));
    };
    let Some(entry) = c.program.find(&report.function) else {
        return Err(CommandError::Internal(format!("`{}` is gone", report.function)));
    };
    let inputs: Vec<rug::Integer> = w.inputs.iter().map(|(_, v)| v.clone()).collect();
    match interpret::run(&c.program, entry, &inputs, assert::Options::default().replay_steps) {
        RunOutcome::AssertionFailed { trace, .. } => {
            writeln!(out, "the run, replayed ({}):", counted(trace.len(), "edge"))?;
            // One line per source place: consecutive edges of one statement are one step.
            let mut last = None;
            for step in &trace {
                let Some(span) = step.span else { continue };
                let place = places.text(Some(span));
                if last.as_ref() == Some(&place) {
                    continue;
                }
                let name = &c.program.procedure(step.procedure).name;
                // A statement spanning lines (a loop) is named by its first line.
                writeln!(out, "  {place} in `{name}`: {}", render::expression(&places, span))?;
                last = Some(place);
            }
        }
        _ => writeln!(out, "the run does not fail the check when replayed, so no path is shown")?,
    }
    Ok(Control::Continue)
}

/// `summary FUNCTION`: the function's lock summary R from the run.
pub(crate) fn summary(wb: &Workbench, function: &str, out: &mut dyn Write) -> CommandResult {
    let (theory, c, run) = run_of(&wb.state)?;
    if let Outcome::Leak(results) = &*run.outcome {
        return leak_summary(results, function, out);
    }
    let Outcome::Lock(results) = &*run.outcome else {
        return Err(CommandError::Refused(
            "the assertion checker expands calls and keeps no summaries; `saturn --checker \
             lock` or `--checker leak` infers one for every function"
                .into(),
        ));
    };
    let places = Places { sources: &c.sources, file: &theory.path };
    match result_of(results, function, "summarised")? {
        Err(reason) => writeln!(out, "{}", no_op(function, reason))?,
        Ok(f) if f.transitions.is_empty() => writeln!(
            out,
            "summary of `{function}` (R): empty (it uses no lock; its callers' locks pass through \
             unchanged)"
        )?,
        Ok(f) => {
            writeln!(
                out,
                "summary of `{function}` (R): {}, each lock's entry state, the result's truth \
                 and its exit state",
                counted(f.transitions.len(), "transition")
            )?;
            render::write_lock_summary(out, f, &places)?;
            writeln!(
                out,
                "{} read off it; SAT queries: {}",
                counted(f.errors.len(), "error"),
                f.queries
            )?;
        }
    }
    Ok(Control::Continue)
}

/// The run's result for `function`, or a refusal naming the functions the run `did`
/// (summarised, looked at).
fn result_of<'a, T>(
    results: &'a [FunctionResult<T>],
    function: &str,
    did: &str,
) -> Result<&'a Result<T, SaturnError>, CommandError> {
    match results.iter().find(|(name, _)| name == function) {
        Some((_, result)) => Ok(result),
        None => {
            let names: Vec<&str> = results.iter().map(|(n, _)| n.as_str()).collect();
            Err(CommandError::Refused(format!(
                "no summary of `{function}`: the run {did} {}",
                if names.is_empty() { "no function".to_string() } else { names.join(", ") }
            )))
        }
    }
}

/// What `summary FUNCTION` says of a function that could not be analysed.
fn no_op(function: &str, reason: &SaturnError) -> String {
    format!("`{function}` could not be analysed: its summary is the no-op ({reason})")
}

/// `summary FUNCTION` after the leak checker: IsMalloc, and what the function loses.
fn leak_summary(
    results: &[FunctionResult<FunctionLeaks>],
    function: &str,
    out: &mut dyn Write,
) -> CommandResult {
    match result_of(results, function, "looked at")? {
        Err(reason) => writeln!(out, "{}", no_op(function, reason))?,
        Ok(f) => {
            writeln!(
                out,
                "leak summary of `{function}`: IsMalloc {}; {} in its unrolled graph (callees \
                 expanded), {}; SAT queries: {}",
                if f.allocator {
                    "true (it returns new memory, never older memory, and the result is the \
                     only route out)"
                } else {
                    "false"
                },
                counted(f.allocations, "allocation"),
                counted(f.leaks.len(), "leak"),
                f.queries
            )?;
        }
    }
    Ok(Control::Continue)
}

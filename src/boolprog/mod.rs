//! Boolean programs with references: the summary-based model checker of Qadeer and Rajamani,
//! "Deciding Assertions in Programs with References" (MSR-TR-2005-08), and SLAM's Bebop
//! boolean programs.
//!
//! Two readers ([`syntax::bp`] for `.bp`, [`syntax::qr`] for `.qr`) lower to one internal form
//! ([`ir`]). Three engines work on it through one concrete semantics ([`semantics`]):
//! [`summary`] with patterns (Section 6) or with full canonical visible states (Section 5), and
//! [`explicit`], the baseline search over whole states without summaries. Every counterexample
//! is replayed on the concrete semantics before it is reported ([`check`]).
//!
//! Dependency rule: this module uses only `crate::syntax` (diagnostics) besides itself; it
//! imports no other front end and neither the prover nor the workbench.

pub mod concurrent;
pub mod explicit;
pub mod heap;
pub mod ir;
pub mod pattern;
pub mod render;
pub mod semantics;
pub mod summary;
pub mod syntax;

use std::path::Path;

use crate::syntax::{Diagnostic, SourceMap, Span, with_large_stack};
use explicit::{Bounds, ExplicitStats, ExplicitVerdict, ReplayError, Trace};
use ir::Program;
use semantics::FailureKind;
use summary::{Engine, Mode, Options, Stats, Verdict};

/// The two input languages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// Bebop boolean programs (`.bp`).
    Bebop,
    /// craig's language for programs with references (`.qr`).
    References,
}

impl Language {
    /// The language a file name's extension says, if any.
    pub fn of_path(path: &Path) -> Option<Language> {
        match path.extension()?.to_str()? {
            "bp" => Some(Language::Bebop),
            "qr" => Some(Language::References),
            _ => None,
        }
    }
}

/// Reads a program from text.
pub fn read(
    sources: &mut SourceMap,
    name: &str,
    text: String,
    language: Language,
) -> Result<Program, Vec<Diagnostic>> {
    let file = sources.add(name, None, text);
    let text = sources.file(file).text.as_str();
    // Statements nest without brackets (`if (*) if (*) ...`), and the parser and the lowering
    // recurse once per level: read on a thread with a large stack. A reader that fails is
    // reported as an error about the file, not a crash of the session.
    let read = || {
        with_large_stack(512 << 20, || match language {
            Language::Bebop => syntax::bp::read(file, text),
            Language::References => syntax::qr::read(file, text),
        })
    };
    match std::panic::catch_unwind(read) {
        Ok(result) => result,
        Err(_) => {
            Err(vec![Diagnostic::error(Span::new(file, 0, 0), "the reader failed on this input")])
        }
    }
}

/// A program as read: sequential, or concurrent in Getafix's conventions (Bebop only).
#[derive(Clone, Debug)]
pub enum Loaded {
    /// A sequential program.
    Sequential(Program),
    /// A concurrent program, checked up to a bound on context switches.
    Concurrent(Box<concurrent::Concurrent>),
}

/// Reads a program from text, sequential or concurrent.
pub fn read_any(
    sources: &mut SourceMap,
    name: &str,
    text: String,
    language: Language,
) -> Result<Loaded, Vec<Diagnostic>> {
    if language == Language::References {
        return read(sources, name, text, language).map(Loaded::Sequential);
    }
    let file = sources.add(name, None, text);
    let text = sources.file(file).text.as_str();
    let read = || with_large_stack(512 << 20, || syntax::bp::read_any(file, text));
    match std::panic::catch_unwind(read) {
        Ok(Ok(syntax::bp::Bebop::Sequential(p))) => Ok(Loaded::Sequential(p)),
        Ok(Ok(syntax::bp::Bebop::Concurrent(c))) => Ok(Loaded::Concurrent(Box::new(c))),
        Ok(Err(d)) => Err(d),
        Err(_) => {
            Err(vec![Diagnostic::error(Span::new(file, 0, 0), "the reader failed on this input")])
        }
    }
}

/// Reads a program, sequential or concurrent, from a file whose extension names its language.
pub fn load_any(sources: &mut SourceMap, path: &Path) -> Result<Loaded, Vec<Diagnostic>> {
    let (name, text, language) = file_text(sources, path)?;
    read_any(sources, &name, text, language)
}

fn file_text(
    sources: &mut SourceMap,
    path: &Path,
) -> Result<(String, String, Language), Vec<Diagnostic>> {
    let name = path.display().to_string();
    let Some(language) = Language::of_path(path) else {
        let file = sources.add(name, Some(path), String::new());
        let msg = "unknown extension: `.bp` (Bebop) or `.qr` (programs with references)";
        return Err(vec![Diagnostic::error(Span::new(file, 0, 0), msg)]);
    };
    match std::fs::read_to_string(path) {
        Ok(t) => Ok((name, t, language)),
        Err(e) => {
            let file = sources.add(name, Some(path), String::new());
            Err(vec![Diagnostic::error(Span::new(file, 0, 0), format!("cannot read: {e}"))])
        }
    }
}

/// Reads a sequential program from a file whose extension names its language (a concurrent one
/// is refused with the reason: see [`load_any`]).
pub fn load(sources: &mut SourceMap, path: &Path) -> Result<Program, Vec<Diagnostic>> {
    let name = path.display().to_string();
    let Some(language) = Language::of_path(path) else {
        let file = sources.add(name, Some(path), String::new());
        let msg = "unknown extension: `.bp` (Bebop) or `.qr` (programs with references)";
        return Err(vec![Diagnostic::error(Span::new(file, 0, 0), msg)]);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            let file = sources.add(name, Some(path), String::new());
            return Err(vec![Diagnostic::error(
                Span::new(file, 0, 0),
                format!("cannot read: {e}"),
            )]);
        }
    };
    read(sources, &name, text, language)
}

/// The label SLAM's boolean programs (and Bebop's, Moped's and Getafix's suites) mark the error
/// with: when a program has it, reaching it is a failure unless another label is named.
pub const SLIC_ERROR: &str = "SLIC_ERROR";

/// A label named as the error that the program does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the program has no label `{name}`{}", suggestion(labels))]
pub struct NoSuchLabel {
    /// The label asked for.
    pub name: String,
    /// The labels the program has, sorted and without repeats.
    pub labels: Vec<String>,
}

fn suggestion(labels: &[String]) -> String {
    match labels.len() {
        0 => " (it has no labels at all)".to_string(),
        n if n <= 12 => format!(" (its labels: {})", labels.join(", ")),
        n => format!(" (it has {n} labels: {}, ...)", labels[..12].join(", ")),
    }
}

/// Makes reaching a label a failure: the label `name` when one is given (an error if the
/// program has none of that name), else [`SLIC_ERROR`] when the program has it. Every
/// procedure's label of that name gets an [`ir::Instr::ErrorLabel`] at its pc, which every jump
/// and fall-through that reached the label now reaches first. Returns the label that was made
/// the error, if any; assertions keep failing as before either way.
pub fn mark_error_label(
    prog: &mut Program,
    name: Option<&str>,
) -> Result<Option<String>, NoSuchLabel> {
    let wanted = name.unwrap_or(SLIC_ERROR);
    let has = |p: &ir::Proc| p.labels.iter().any(|l| l.name == wanted);
    if !prog.procs.iter().any(has) {
        return match name {
            None => Ok(None),
            Some(name) => {
                let mut labels: Vec<String> = prog
                    .procs
                    .iter()
                    .flat_map(|p| p.labels.iter().map(|l| l.name.clone()))
                    .collect();
                labels.sort();
                labels.dedup();
                Err(NoSuchLabel { name: name.to_string(), labels })
            }
        };
    }
    for proc in &mut prog.procs {
        // Several labels may mark one pc; each pc gets one error instruction. Inserting from the
        // highest pc down keeps the lower pcs still to visit where they are.
        let mut pcs: Vec<(ir::Pc, Span)> =
            proc.labels.iter().filter(|l| l.name == wanted).map(|l| (l.pc, l.span)).collect();
        pcs.sort_by_key(|&(pc, _)| std::cmp::Reverse(pc));
        pcs.dedup_by_key(|&mut (pc, _)| pc);
        for (pc, span) in pcs {
            let instr = ir::Instr::ErrorLabel { name: wanted.to_string() };
            proc.insert(pc, instr, span, &format!("{wanted}: (the error label)"), pc + 1);
        }
    }
    Ok(Some(wanted.to_string()))
}

/// Which engine to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Summaries keyed by patterns (Section 6).
    Patterns,
    /// Summaries keyed by canonical visible states (Section 5).
    FullStates,
    /// No summaries: explicit search over whole states.
    Explicit,
}

/// A checked answer.
#[derive(Clone, Debug)]
pub enum Answer {
    /// No failure is reachable (for the explicit engine: within its bounds, which were not hit).
    Safe,
    /// A failure, with its trace replayed on the concrete semantics.
    Failure(Trace),
    /// No answer: a bound was hit.
    Unknown(String),
}

/// The counters of whichever engine ran.
#[derive(Clone, Copy, Debug)]
pub enum RunStats {
    /// A summary engine.
    Summary(Stats),
    /// The explicit engine.
    Explicit(ExplicitStats),
}

/// States explored before a run gives up without a verdict, unless told otherwise (`craig
/// check-bp --max-states`, and the workbench's runs).
pub const DEFAULT_MAX_STATES: usize = 1_000_000;

/// Longest counterexample replayed; longer ones are reported as unknown rather than unchecked.
pub const MAX_TRACE: usize = 2_000_000;

fn confirm(prog: &Program, kind: FailureKind, choices: &[u32]) -> Answer {
    if choices.len() > MAX_TRACE {
        return Answer::Unknown(format!(
            "a {} was found, but its trace ({} steps) is too long to replay",
            kind.describe(),
            choices.len()
        ));
    }
    match explicit::replay(prog, choices, kind) {
        Ok(trace) => Answer::Failure(trace),
        Err(
            e @ (ReplayError::NoSuchTransition(_)
            | ReplayError::Stopped(_)
            | ReplayError::NoFailure),
        ) => Answer::Unknown(format!("internal error: the counterexample does not replay ({e})")),
    }
}

/// Runs one engine to the end and checks its answer.
pub fn check(prog: &Program, method: Method, max_states: usize) -> (Answer, RunStats) {
    check_with(prog, method, max_states, Bounds::default().max_depth)
}

/// [`check`] with the explicit engine's depth bound given too.
pub fn check_with(
    prog: &Program,
    method: Method,
    max_states: usize,
    max_depth: usize,
) -> (Answer, RunStats) {
    match method {
        Method::Explicit => {
            let bounds = Bounds { max_states, max_depth };
            let (verdict, stats) = explicit::explore(prog, bounds);
            let answer = match verdict {
                ExplicitVerdict::Safe => Answer::Safe,
                ExplicitVerdict::Failure { kind, choices } => confirm(prog, kind, &choices),
                ExplicitVerdict::Bounded => Answer::Unknown(format!(
                    "no failure found before a bound was hit (stacks of {} frames, {} states)",
                    bounds.max_depth, bounds.max_states
                )),
            };
            (answer, RunStats::Explicit(stats))
        }
        Method::Patterns | Method::FullStates => {
            let mode = if method == Method::Patterns { Mode::Patterns } else { Mode::FullStates };
            let mut engine = Engine::new(prog, Options { mode, max_states });
            let verdict = engine.run();
            (answer_of(prog, verdict, max_states), RunStats::Summary(engine.stats()))
        }
    }
}

/// The checked answer for a summary engine's verdict (a failure is replayed first).
pub fn answer_of(prog: &Program, verdict: Verdict, max_states: usize) -> Answer {
    match verdict {
        Verdict::Safe => Answer::Safe,
        Verdict::Failure { kind, choices } => confirm(prog, kind, &choices),
        Verdict::OutOfBudget => Answer::Unknown(format!("state bound of {max_states} reached")),
    }
}

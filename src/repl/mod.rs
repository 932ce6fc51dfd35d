//! The workbench: a command interpreter over proof sessions. A [`Workbench`] holds the loaded
//! theories, their goals with results, the options and the last proof attempt, and
//! [`Workbench::eval_line`] runs one command against it, writing output to any writer. The
//! terminal front end ([`shell`]) and script replay ([`replay`]) are thin layers over that one
//! entry point, so what a test or a script sees is exactly what a user sees.
//!
//! Commands live one per file under [`commands`] and are registered in one table there.

mod boolprog;
mod c;
mod cfa;
pub mod commands;
mod goal_views;
mod hybrid;
mod input;
mod jahob;
pub mod kind;
mod kinds;
pub mod options;
mod program;
mod proof_cache;
mod refinement;
pub mod replay;
mod saturn;
pub(crate) mod settings;
pub mod shell;
mod smash;
pub mod smt;
mod spec;
mod state;
mod tptp;
mod translations;

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

pub use boolprog::{BoolProgram, Run as BoolProgRun};
pub use c::CTheory;
pub use cfa::{CfaRun, SchemeTheory, cfa_options};
pub use hybrid::{HybridRun, HybridTheory};
pub use input::{input_is_complete, split_words};
pub use kind::{GoalKey, GoalProblem, Theory, TheoryKind};
pub use program::JavaTheory;
pub use refinement::{CegarRun, RunAction};
pub use settings::{CLAUSE_WEIGHT_NAMES, OPTION_NAMES, SELECTION_NAMES, SORTS_NAMES, Settings};
pub use smt::SmtTheory;
pub use spec::SpecTheory;
pub use state::{Attempt, Goal, GoalResult, State};
pub use tptp::TptpTheory;

/// `count` followed by `noun`, plural unless the count is one: "1 file", "2 files".
pub(crate) fn counted(count: usize, noun: &str) -> String {
    if count == 1 { format!("1 {noun}") } else { format!("{count} {noun}s") }
}

/// What a deletion-based minimisation of a core found, as `core --minimal` reports it for
/// either engine: the prover's formulas or the SMT core's assertions.
pub(crate) struct MinimalCore<'a> {
    /// The goal whose core was minimised.
    pub goal: &'a str,
    /// What an element of the core is: `formula`, `assertion`.
    pub noun: &'a str,
    /// What was run for each deletion: `prover`, `solver`.
    pub engine: &'a str,
    /// The names kept, in core order.
    pub kept: &'a [String],
    /// The names left out, in core order.
    pub dropped: &'a [String],
    /// The names kept only because the run without them gave no answer.
    pub undecided: &'a [String],
    /// Why a run counts as giving no answer, said after `undecided (`.
    pub undecided_because: &'a str,
    /// The size of the core before minimisation.
    pub total: usize,
    /// How many runs the minimisation made.
    pub runs: usize,
}

/// The lines every `core --minimal` prints before its engine's own check of the minimal core.
pub(crate) fn write_minimal_core(
    out: &mut dyn Write,
    core: &MinimalCore<'_>,
) -> std::io::Result<()> {
    writeln!(
        out,
        "minimal core of {} ({} of {}, {}): {}",
        core.goal,
        core.kept.len(),
        counted(core.total, core.noun),
        counted(core.runs, &format!("{} run", core.engine)),
        core.kept.join(", ")
    )?;
    writeln!(
        out,
        "  dropped: {}",
        if core.dropped.is_empty() { "nothing".to_string() } else { core.dropped.join(", ") }
    )?;
    if !core.undecided.is_empty() {
        writeln!(
            out,
            "  undecided ({}, so it was kept): {}",
            core.undecided_because,
            core.undecided.join(", ")
        )?;
    }
    Ok(())
}

/// What the caller of [`Workbench::eval_line`] should do next.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Control {
    /// Read the next command.
    Continue,
    /// The user asked to leave.
    Quit,
}

/// A command's failure, by kind: one line for the user, after `error: ` (`internal error: `
/// for a failure of craig itself), so a caller can tell a refused request from a bug.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CommandError {
    /// The request cannot be carried out as asked: a bad word, a goal or file that is not
    /// there, input its front end refuses. A `String` (a composed message) converts to one; a
    /// fixed message is written out as `CommandError::Refused("...".into())`, so no `&str`
    /// becomes a refusal unseen.
    #[error("{0}")]
    Refused(String),
    /// The request is outside what craig handles (say, recursion in a refinement run).
    #[error("{0}")]
    Unsupported(String),
    /// Something craig relies on failed: a bug, or output that cannot be written.
    #[error("{0}")]
    Internal(String),
}

impl CommandError {
    /// The line the prompt prints for it.
    pub fn line(&self) -> String {
        match self {
            CommandError::Refused(m) | CommandError::Unsupported(m) => format!("error: {m}"),
            CommandError::Internal(m) => format!("internal error: {m}"),
        }
    }
}

impl From<String> for CommandError {
    fn from(s: String) -> Self {
        CommandError::Refused(s)
    }
}

impl From<std::io::Error> for CommandError {
    fn from(e: std::io::Error) -> Self {
        CommandError::Internal(format!("cannot write output: {e}"))
    }
}

impl From<crate::refine::RefineError> for CommandError {
    fn from(e: crate::refine::RefineError) -> Self {
        use crate::refine::RefineError;
        match e {
            RefineError::Refused(m) => CommandError::Refused(m),
            RefineError::Unsupported(m) | RefineError::Incomplete(m) => {
                CommandError::Unsupported(m)
            }
            RefineError::Internal(m) => CommandError::Internal(m),
            // No answer within the limit: like the SMT core giving up, not the input's fault.
            e @ RefineError::Interrupted => CommandError::Unsupported(e.to_string()),
        }
    }
}

impl CommandError {
    /// `message`, which says what went wrong with some input, of the kind of the input's error
    /// `e`: TPTP that craig does not handle is unsupported; anything else (syntax, a missing
    /// file or include, a sort encoding refused) is the input's fault.
    pub(crate) fn of_input(e: &crate::input::InputError, message: String) -> CommandError {
        match e {
            crate::input::InputError::Unsupported { .. } => CommandError::Unsupported(message),
            _ => CommandError::Refused(message),
        }
    }

    /// An internal failure whose message says `internal error: ` itself (the engines' errors
    /// do): the prefix is left to [`CommandError::line`], so it is said once.
    fn internal(message: String) -> CommandError {
        match message.strip_prefix("internal error: ") {
            Some(rest) => CommandError::Internal(rest.to_string()),
            None => CommandError::Internal(message),
        }
    }
}

/// The SMT core's failures by kind: input outside its logics and a search that gave up are
/// requests craig cannot carry out; every other failure is a check of craig's own that failed.
impl From<crate::smt::SmtError> for CommandError {
    fn from(e: crate::smt::SmtError) -> Self {
        use crate::smt::SmtError;
        match e {
            SmtError::Unsupported(_) | SmtError::Incomplete(_) => {
                CommandError::Unsupported(e.to_string())
            }
            other => CommandError::internal(other.to_string()),
        }
    }
}

/// The SMT interpolation's failures by kind: a satisfiable split has no interpolant to ask for,
/// a refutation the construction does not read is beyond craig, and a tree the workbench built
/// wrong or an interpolant that failed its verification is a bug.
impl From<crate::smt::interpolate::InterpolationError> for CommandError {
    fn from(e: crate::smt::interpolate::InterpolationError) -> Self {
        use crate::smt::interpolate::InterpolationError;
        match e {
            InterpolationError::Satisfiable => CommandError::Refused(e.to_string()),
            InterpolationError::Smt(e) => e.into(),
            InterpolationError::Unsupported(_) => CommandError::Unsupported(e.to_string()),
            InterpolationError::BadTree(_) | InterpolationError::Unverified(_) => {
                CommandError::internal(e.to_string())
            }
        }
    }
}

/// The result type of a command.
pub type CommandResult = Result<Control, CommandError>;

/// What a long command is doing, passed to a progress observer as it goes: after every given
/// clause of a proof search (`prove`, and each search and check of `interpolate`) and after
/// every step of a refinement run (`run`, `step N`).
#[derive(Clone, Copy, Debug)]
pub struct Progress<'a> {
    /// What runs: the goal proved, the split interpolated, the function a run is on.
    pub task: &'a str,
    /// Its counters, in the order the status line shows them: `given`, `active`, `passive`
    /// for a proof search; `steps`, `nodes`, `refinements` for a refinement run.
    pub counters: &'a [(&'a str, u64)],
    /// Time since the task started.
    pub elapsed: Duration,
}

impl Progress<'_> {
    /// The counter named `name`, if the task has one.
    pub fn counter(&self, name: &str) -> Option<u64> {
        self.counters.iter().find(|(n, _)| *n == name).map(|&(_, v)| v)
    }
}

/// A callback that sees a long command's progress (the terminal draws a status line with it).
pub type ProgressObserver = Box<dyn FnMut(&Progress<'_>)>;

/// The counters of a proof search, as the status line shows them.
pub(crate) fn search_counters(prover: &crate::prover::Prover) -> [(&'static str, u64); 3] {
    let s = &prover.stats;
    [("given", s.given), ("active", s.active), ("passive", s.passive)]
}

/// An open `record` file.
struct Recording {
    path: String,
    file: std::fs::File,
}

/// How many `undo` steps are kept; each holds a snapshot of the state.
const UNDO_DEPTH: usize = 100;

/// How deeply `replay` may nest (a script replaying itself would otherwise never end).
const MAX_REPLAY_DEPTH: usize = 8;

/// The workbench: state plus the machinery around commands (undo, recording, interrupts).
pub struct Workbench {
    state: State,
    undo: Vec<(String, State)>,
    deterministic: bool,
    interrupt: Arc<AtomicBool>,
    /// Shared, so that an engine's callback (an interpolation's searches) can hold it while the
    /// command holds the workbench.
    progress: Option<Rc<RefCell<ProgressObserver>>>,
    recording: Option<Recording>,
    replay_depth: usize,
    /// The last binary split `interpolate` was asked for, which `interpolate --move` changes.
    last_split: Option<commands::SplitRequest>,
}

impl Default for Workbench {
    fn default() -> Self {
        Workbench::new()
    }
}

impl Workbench {
    /// An empty workbench with default options.
    pub fn new() -> Workbench {
        Workbench {
            state: State::default(),
            undo: Vec::new(),
            deterministic: false,
            interrupt: Arc::new(AtomicBool::new(false)),
            progress: None,
            recording: None,
            last_split: None,
            replay_depth: 0,
        }
    }

    /// In deterministic mode (scripts, tests) every time prints as `[time]`, so transcripts can
    /// be compared byte for byte, and the proof cache starts off (`set cache on` turns it on), so
    /// a transcript never depends on what an earlier run left beside the files it loads.
    pub fn set_deterministic(&mut self, on: bool) {
        self.deterministic = on;
        self.state.settings.cache = !on;
    }

    /// Whether times print as `[time]`.
    pub fn deterministic(&self) -> bool {
        self.deterministic
    }

    /// A flag that, once set (say by a Ctrl-C handler on another thread), stops the running
    /// proof at its next given clause. It is cleared when the next `prove` starts.
    pub fn interrupt_handle(&self) -> Arc<AtomicBool> {
        self.interrupt.clone()
    }

    /// Installs an observer of the prover's progress.
    pub fn set_progress_observer(&mut self, observer: Option<ProgressObserver>) {
        self.progress = observer.map(|o| Rc::new(RefCell::new(o)));
    }

    /// Shows `progress` to the observer, if one is installed.
    pub(crate) fn report_progress(&self, progress: &Progress<'_>) {
        if let Some(observer) = &self.progress {
            (observer.borrow_mut())(progress);
        }
    }

    /// The current state (theories, goals, options, last attempt).
    pub fn state(&self) -> &State {
        &self.state
    }

    /// Formats a duration, or `[time]` in deterministic mode.
    pub fn format_time(&self, d: Duration) -> String {
        if self.deterministic { "[time]".to_string() } else { format!("{:.3}s", d.as_secs_f64()) }
    }

    /// Names worth completing in the terminal, each once, sorted: goals, theories, hypotheses
    /// (formula names; a spec's axioms, definitions and lemmas), and the symbols written in
    /// the input (a TPTP problem's functions and predicates; a spec's constants and sorts).
    pub fn names_in_scope(&self) -> Vec<String> {
        let mut names: Vec<String> = self.state.goals.iter().map(|g| g.name.clone()).collect();
        for t in &self.state.theories {
            names.push(t.name.clone());
            names.extend(t.content.names());
        }
        names.sort();
        names.dedup();
        names
    }

    /// Runs one command (which may span several lines, see [`input_is_complete`]) and writes its
    /// output to `out`. Errors and even panics inside a command are reported on `out` and the
    /// session goes on; only `quit` returns [`Control::Quit`].
    pub fn eval_line(&mut self, line: &str, out: &mut dyn Write) -> Control {
        let words = match split_words(line) {
            Ok(w) => w,
            Err(e) => {
                let _ = writeln!(out, "error: {e}");
                return Control::Continue;
            }
        };
        let Some(name) = words.first() else {
            return Control::Continue;
        };
        let Some(spec) = commands::find(name) else {
            let _ = writeln!(out, "error: unknown command `{name}` (type `help` for the list)");
            return Control::Continue;
        };
        // Lines run by a replayed script are not recorded: the `replay` line already is.
        if spec.name != "record" && self.replay_depth == 0 {
            self.record_line(line, out);
        }
        let snapshot = spec.changes_state.then(|| self.state.clone());
        let args = &words[1..];
        let result = guarded(spec.name, out, |out| (spec.run)(self, args, out));
        match result {
            Some(Ok(control)) => {
                if let Some(snapshot) = snapshot {
                    if self.undo.len() == UNDO_DEPTH {
                        self.undo.remove(0);
                    }
                    self.undo.push((line.trim().to_string(), snapshot));
                }
                control
            }
            Some(Err(failure)) => {
                let _ = writeln!(out, "{}", failure.line());
                Control::Continue
            }
            None => Control::Continue,
        }
    }

    fn record_line(&mut self, line: &str, out: &mut dyn Write) {
        if let Some(rec) = &mut self.recording
            && let Err(e) = writeln!(rec.file, "{}", line.trim())
        {
            let _ = writeln!(out, "warning: recording to {} stopped: {e}", rec.path);
            self.recording = None;
        }
    }
}

/// Runs `f`, turning a panic into an `internal error in NAME: ...` line so one broken command
/// cannot end the session. `None` means it panicked.
fn guarded<T>(name: &str, out: &mut dyn Write, f: impl FnOnce(&mut dyn Write) -> T) -> Option<T> {
    // Commands build a new state before installing it, or change it one consistent step at a
    // time (`prove` records goal by goal), so the state seen after a panic is one a command could
    // have left: asserting unwind safety is sound.
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| f(&mut *out))) {
        Ok(v) => Some(v),
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".to_string());
            let _ = writeln!(out, "internal error in {name}: {message}");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_failures_keep_their_kind_and_say_internal_error_once() {
        use crate::smt::SmtError;
        let lemma = CommandError::from(SmtError::LemmaRejected);
        assert_eq!(
            lemma,
            CommandError::Internal(
                "a theory lemma was rejected by the independent closure check".into()
            )
        );
        assert_eq!(
            lemma.line(),
            "internal error: a theory lemma was rejected by the independent closure check"
        );
        let beyond = CommandError::from(SmtError::Unsupported("non-linear terms".into()));
        assert_eq!(beyond, CommandError::Unsupported("unsupported: non-linear terms".into()));
        assert_eq!(beyond.line(), "error: unsupported: non-linear terms");
    }

    #[test]
    fn a_panicking_command_is_reported() {
        let mut out = Vec::new();
        let r: Option<()> = guarded("boom", &mut out, |_| panic!("kaput"));
        assert!(r.is_none());
        assert_eq!(String::from_utf8(out).unwrap(), "internal error in boom: kaput\n");
    }
}

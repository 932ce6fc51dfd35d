//! The terminal front end: line editing, history, completion, hints, multi-line input and a
//! coloured command word (rustyline + crossterm), Ctrl-C to stop a proof, a live status line.
//!
//! Ctrl-C: rustyline puts the terminal in raw mode while a line is read, so a Ctrl-C at the
//! prompt reaches it as a key (it clears the line). While a command runs, the terminal is in its
//! normal mode and Ctrl-C raises SIGINT; a handler installed once with the `ctrlc` crate then only
//! sets the workbench's interrupt flag, which the prover polls after every given clause. rustyline
//! swaps in its own SIGINT handler during `readline` and puts ours back afterwards, so the two
//! never compete. The flag is cleared when the next `prove` starts, so a stray Ctrl-C between
//! proofs is harmless.

use std::borrow::Cow;
use std::cell::Cell;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use crossterm::style::Stylize;
use rustyline::completion::{Completer, FilenameCompleter, Pair};
use rustyline::error::ReadlineError;
use rustyline::highlight::{CmdKind, Highlighter};
use rustyline::hint::Hinter;
use rustyline::history::DefaultHistory;
use rustyline::validate::{ValidationContext, ValidationResult, Validator};
use rustyline::{CompletionType, Config, Context, Editor, Helper};

use super::boolprog::{CheckWords, StepWords};
use super::commands::{COMMANDS, CoreWords, InterpolateWords, ProofWords, WitnessWords, find};
use super::options::long_options;
use super::refinement::CegarWords;
use super::replay::PROMPT;
use super::{
    CLAUSE_WEIGHT_NAMES, Control, OPTION_NAMES, Progress, SELECTION_NAMES, SORTS_NAMES, Workbench,
    cfa_options, input_is_complete,
};

/// Commands whose argument is a file path.
const PATH_COMMANDS: &[&str] = &["load", "restore", "replay", "record", "save", "dot"];

/// What completion offers after the words already typed, not counting paths (which need the
/// file system): candidates for the word being typed, each a full word. `goals` are the goal
/// names, `names_in_scope` goals and hypotheses together.
pub fn complete_words(before: &[&str], goals: &[String], names_in_scope: &[String]) -> Vec<String> {
    let all_commands = || COMMANDS.iter().map(|c| c.name.to_string()).collect::<Vec<_>>();
    let list = |xs: &[&str]| xs.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    match before {
        [] => all_commands(),
        ["help"] => all_commands(),
        ["set" | "get"] => list(OPTION_NAMES),
        ["set", "selection"] => list(&SELECTION_NAMES),
        ["set", "sorts"] => list(&SORTS_NAMES),
        ["set", "clause-weight"] => list(&CLAUSE_WEIGHT_NAMES),
        ["set", "check" | "splitting" | "cache"] => list(&["on", "off"]),
        ["set", "time-limit" | "steps"] => list(&["none"]),
        ["prove"] => {
            let mut v = vec!["all".to_string()];
            v.extend(goals.iter().cloned());
            v
        }
        // `show summary N` (a boolean program's summary), `show state N` and `show cps` (a
        // Scheme program's analysis) are offered beside goals.
        ["show"] => {
            let mut v = goals.to_vec();
            v.push("summary".to_string());
            v.extend(list(&["cps", "state"]));
            v.extend(list(super::refinement::SHOW_VIEWS));
            v
        }
        ["show", "summary"] => Vec::new(),
        ["stats" | "translate"] => goals.to_vec(),
        ["cfa" | "compare", .., "--oracle"] => list(&["smt", "none"]),
        ["cfa" | "compare", ..] => {
            let mut v = cfa_options();
            v.extend(names_in_scope.iter().cloned());
            v
        }
        ["witness"] => long_options::<WitnessWords>(),
        ["show", "state" | "cps" | "node" | "interpolants"] | ["succ"] => Vec::new(),
        ["show", "art" | "cex" | "path" | "invariant"] => Vec::new(),
        ["cegar", .., "--domain"] => list(&["impact", "predicates"]),
        ["cegar", ..] => long_options::<CegarWords>(),
        ["predicate"] => list(&["add"]),
        ["show", _] => list(super::commands::SHOW_VIEWS),
        ["step", ..] => {
            let mut v = list(&["all"]);
            v.extend(long_options::<StepWords>());
            v
        }
        ["check", ..] => long_options::<CheckWords>(),
        ["dot", _] => list(&["summary"]),
        ["proof"] => long_options::<ProofWords>(),
        ["core"] => long_options::<CoreWords>(),
        ["interpolate", .., "--system"] => list(&["mcmillan", "pudlak", "both"]),
        ["interpolate", .., "--goal"] => goals.to_vec(),
        ["interpolate"] => {
            let mut v = long_options::<InterpolateWords>();
            v.extend(names_in_scope.iter().cloned());
            v
        }
        ["set", "retain"] => list(&["100"]),
        ["record"] => list(&["stop"]),
        [_, ..] => names_in_scope.to_vec(),
    }
}

/// The line editor's helper: completion, hints, validation and highlighting.
pub struct ShellHelper {
    goals: Vec<String>,
    names: Vec<String>,
    colour: bool,
    files: FilenameCompleter,
}

impl ShellHelper {
    fn new(colour: bool) -> ShellHelper {
        ShellHelper {
            goals: Vec::new(),
            names: Vec::new(),
            colour,
            files: FilenameCompleter::new(),
        }
    }
}

impl Completer for ShellHelper {
    type Candidate = Pair;

    fn complete(
        &self,
        line: &str,
        pos: usize,
        ctx: &Context<'_>,
    ) -> rustyline::Result<(usize, Vec<Pair>)> {
        let head = &line[..pos];
        let start = head.rfind(char::is_whitespace).map_or(0, |i| i + 1);
        let before: Vec<&str> = head[..start].split_whitespace().collect();
        let word = &head[start..];
        let protocol_file = matches!(before.as_slice(), ["cfa" | "compare", .., "--protocol"]);
        if (before.len() == 1 && PATH_COMMANDS.contains(&before[0]) && word != "stop")
            || protocol_file
        {
            return self.files.complete(line, pos, ctx);
        }
        let candidates = complete_words(&before, &self.goals, &self.names)
            .into_iter()
            .filter(|c| c.starts_with(word))
            .map(|c| Pair { display: c.clone(), replacement: format!("{c} ") })
            .collect();
        Ok((start, candidates))
    }
}

impl Hinter for ShellHelper {
    type Hint = String;

    fn hint(&self, line: &str, pos: usize, _ctx: &Context<'_>) -> Option<String> {
        if pos < line.len() || line.is_empty() || line.contains('\n') {
            return None;
        }
        // While the command word is typed: the rest of the single command it can still become.
        if !line.contains(char::is_whitespace) {
            let mut matches = COMMANDS.iter().filter(|c| c.name.starts_with(line));
            let only = matches.next()?;
            let rest = &only.name[line.len()..];
            return (matches.next().is_none() && !rest.is_empty()).then(|| rest.to_string());
        }
        // After `CMD `: its arguments, from the usage line.
        let word = line.strip_suffix(' ')?;
        let spec = find(word)?;
        spec.usage.strip_prefix(spec.name).map(|rest| rest.trim_start().to_string())
    }
}

impl Highlighter for ShellHelper {
    fn highlight<'l>(&self, line: &'l str, _pos: usize) -> Cow<'l, str> {
        if !self.colour {
            return Cow::Borrowed(line);
        }
        let end = line.find(char::is_whitespace).unwrap_or(line.len());
        let (word, rest) = line.split_at(end);
        if word.is_empty() {
            return Cow::Borrowed(line);
        }
        let styled = if find(word).is_some() {
            word.cyan().bold().to_string()
        } else if COMMANDS.iter().any(|c| c.name.starts_with(word)) {
            word.to_string()
        } else {
            word.red().to_string()
        };
        Cow::Owned(format!("{styled}{rest}"))
    }

    fn highlight_hint<'h>(&self, hint: &'h str) -> Cow<'h, str> {
        if self.colour { Cow::Owned(hint.dark_grey().to_string()) } else { Cow::Borrowed(hint) }
    }

    fn highlight_char(&self, _line: &str, _pos: usize, _kind: CmdKind) -> bool {
        // Re-highlight on every keystroke: the command word's colour depends on the whole word.
        self.colour
    }
}

impl Validator for ShellHelper {
    fn validate(&self, ctx: &mut ValidationContext<'_>) -> rustyline::Result<ValidationResult> {
        Ok(if input_is_complete(ctx.input()) {
            ValidationResult::Valid(None)
        } else {
            ValidationResult::Incomplete
        })
    }
}

impl Helper for ShellHelper {}

/// Where history is kept: `$XDG_STATE_HOME/craig/history`, else `~/.local/state/craig/history`.
pub fn history_path() -> Option<PathBuf> {
    let base = match std::env::var_os("XDG_STATE_HOME") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(std::env::var_os("HOME")?).join(".local").join("state"),
    };
    Some(base.join("craig").join("history"))
}

/// Standard output that first wipes the status line if one is drawn, so results never land
/// after a half-line of progress.
struct Stdout {
    status_drawn: Rc<Cell<bool>>,
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut out = std::io::stdout().lock();
        if self.status_drawn.replace(false) {
            out.write_all(b"\r\x1b[2K")?;
        }
        out.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        std::io::stdout().flush()
    }
}

/// Why the interactive workbench stopped short: the terminal itself failed (a command's
/// failure is printed and the session goes on).
#[derive(Debug, thiserror::Error)]
pub enum TerminalError {
    /// The line editor could not be set up.
    #[error("cannot set up the terminal: {0}")]
    Setup(ReadlineError),
    /// Reading a line failed.
    #[error("cannot read input: {0}")]
    Read(ReadlineError),
}

/// Runs the interactive workbench until `quit` or Ctrl-D. Problems with the terminal itself are
/// returned; problems with history are warnings.
pub fn run() -> Result<(), TerminalError> {
    let interactive = std::io::stdout().is_terminal();
    let colour = interactive && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let mut wb = Workbench::new();
    let mut err = std::io::stderr();
    let status_drawn = Rc::new(Cell::new(false));
    let mut out = Stdout { status_drawn: status_drawn.clone() };

    let flag = wb.interrupt_handle();
    if let Err(e) = ctrlc::set_handler(move || flag.store(true, Ordering::SeqCst)) {
        let _ = writeln!(err, "warning: Ctrl-C will end craig instead of a proof: {e}");
    }
    if interactive {
        wb.set_progress_observer(Some(status_line(status_drawn.clone())));
    }

    // List completion, as in bash: Tab completes the common prefix, a second Tab lists the
    // candidates (cycling through goal names one by one hides the others).
    let config = Config::builder().completion_type(CompletionType::List).build();
    let mut editor: Editor<ShellHelper, DefaultHistory> =
        Editor::with_config(config).map_err(TerminalError::Setup)?;
    editor.set_helper(Some(ShellHelper::new(colour)));
    let history = history_path();
    if let Some(path) = &history {
        if let Some(dir) = path.parent()
            && let Err(e) = std::fs::create_dir_all(dir)
        {
            let _ = writeln!(err, "warning: cannot create {}: {e}", dir.display());
        }
        // A missing history file is the normal first run, not a problem.
        if path.exists()
            && let Err(e) = editor.load_history(path)
        {
            let _ = writeln!(err, "warning: cannot read history {}: {e}", path.display());
        }
    }

    let _ = writeln!(out, "craig workbench: `help` lists the commands, Ctrl-D or `quit` leaves");
    let mut history_warned = false;
    loop {
        if let Some(h) = editor.helper_mut() {
            h.goals = wb.state().goals.iter().map(|g| g.name.clone()).collect();
            h.names = wb.names_in_scope();
        }
        let line = match editor.readline(PROMPT) {
            Ok(line) => line,
            Err(ReadlineError::Interrupted) => continue,
            Err(ReadlineError::Eof) => break,
            Err(e) => return Err(TerminalError::Read(e)),
        };
        if line.trim().is_empty() {
            continue;
        }
        let _ = editor.add_history_entry(line.as_str());
        if let Some(path) = &history
            && let Err(e) = editor.save_history(path)
            && !history_warned
        {
            history_warned = true;
            let _ = writeln!(err, "warning: cannot write history {}: {e}", path.display());
        }
        let control = wb.eval_line(&line, &mut out);
        if status_drawn.replace(false) {
            let _ = write!(std::io::stdout(), "\r\x1b[2K");
        }
        let _ = out.flush();
        if control == Control::Quit {
            break;
        }
    }
    Ok(())
}

/// A progress observer drawing `goal: given N, active A, passive P, 1.2s` (or a refinement
/// run's `main: steps N, nodes M, refinements R, 1.2s`) in place, at most every quarter second,
/// after the first second (short runs stay quiet).
fn status_line(drawn: Rc<Cell<bool>>) -> super::ProgressObserver {
    let mut last = Instant::now();
    Box::new(move |p: &Progress<'_>| {
        if p.elapsed < Duration::from_secs(1) || last.elapsed() < Duration::from_millis(250) {
            return;
        }
        last = Instant::now();
        let mut out = std::io::stdout().lock();
        let counters: Vec<String> = p.counters.iter().map(|(n, v)| format!("{n} {v}")).collect();
        let _ = write!(
            out,
            "\r\x1b[2K{}: {}, {:.1}s (Ctrl-C stops)",
            p.task,
            counters.join(", "),
            p.elapsed.as_secs_f64()
        );
        let _ = out.flush();
        drawn.set(true);
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completion_candidates() {
        let goals = vec!["g1".to_string()];
        let names = vec!["ax".to_string(), "g1".to_string()];
        assert!(complete_words(&[], &goals, &names).contains(&"help".to_string()));
        assert_eq!(complete_words(&["set", "check"], &goals, &names), ["on", "off"]);
        assert_eq!(complete_words(&["prove"], &goals, &names), ["all", "g1"]);
        assert_eq!(
            complete_words(&["show"], &goals, &names),
            [
                "g1",
                "summary",
                "cps",
                "state",
                "art",
                "node",
                "cex",
                "path",
                "interpolants",
                "invariant"
            ]
        );
        assert_eq!(
            complete_words(&["cegar", "--domain"], &goals, &names),
            ["impact", "predicates"]
        );
        assert_eq!(
            complete_words(&["step"], &goals, &names),
            ["all", "--restart", "--no-patterns"]
        );
        assert_eq!(
            complete_words(&["check"], &goals, &names),
            ["--no-summaries", "--no-patterns", "--contexts"]
        );
        assert_eq!(complete_words(&["dot", "calls.dot"], &goals, &names), ["summary"]);
        assert_eq!(complete_words(&["summaries"], &goals, &names), ["ax", "g1"]);
        assert!(complete_words(&["cfa"], &goals, &names).contains(&"--conditional-gc".into()));
        assert!(
            complete_words(&["compare", "--k", "1"], &goals, &names).contains(&"--oracle".into())
        );
        assert_eq!(complete_words(&["cfa", "--oracle"], &goals, &names), ["smt", "none"]);
        assert_eq!(complete_words(&["witness"], &goals, &names), ["--steps"]);
        assert_eq!(
            complete_words(&["show", "g1"], &goals, &names),
            ["hol", "sequent", "clauses", "sorts"]
        );
        assert_eq!(complete_words(&["core"], &goals, &names), ["--minimal"]);
        assert_eq!(complete_words(&["set", "sorts"], &goals, &names), ["auto", "guard", "erase"]);
        assert_eq!(complete_words(&["translate"], &goals, &names), ["g1"]);
        assert_eq!(complete_words(&["undo", "x"], &goals, &names), ["ax", "g1"]);
    }
}

//! Session scripts: plain text, one command per line, `#` comments and blank lines ignored, a
//! command continuing over lines while its brackets or quotes are open. Running a script gives a
//! transcript (each command echoed after the prompt, then its output) in deterministic mode, so a
//! transcript can be kept beside its script as `SCRIPT.expected` and checked in tests.

use std::io::Write;
use std::path::{Path, PathBuf};

use super::{Control, Workbench, input_is_complete};

/// The prompt the terminal shows and transcripts echo.
pub const PROMPT: &str = "craig> ";

/// The prompt for continuation lines of a multi-line command.
pub const CONTINUATION_PROMPT: &str = "  ...> ";

/// Splits a script into commands: comments and blank lines dropped, continued lines joined.
pub fn script_commands(text: &str) -> Vec<String> {
    let mut commands = Vec::new();
    // Lines are trimmed at the end only: leading spaces may matter inside a continued command.
    let mut pending = String::new();
    for line in text.lines() {
        if pending.is_empty() {
            let t = line.trim();
            if t.is_empty() || t.starts_with('#') {
                continue;
            }
            pending.push_str(line.trim_end());
        } else {
            pending.push('\n');
            pending.push_str(line.trim_end());
        }
        if input_is_complete(&pending) {
            commands.push(std::mem::take(&mut pending));
        }
    }
    if !pending.is_empty() {
        // An unfinished last command still runs, so its error shows up in the transcript.
        commands.push(pending);
    }
    commands
}

/// Runs the script `text` on `wb`, echoing each command after the prompt. Stops at `quit`
/// (which it returns, so a caller can tell) and when the workbench is interrupted.
pub fn run_script(wb: &mut Workbench, text: &str, out: &mut dyn Write) -> Control {
    for command in script_commands(text) {
        let echoed = command.replace('\n', &format!("\n{CONTINUATION_PROMPT}"));
        let _ = writeln!(out, "{PROMPT}{echoed}");
        if wb.eval_line(&command, out) == Control::Quit {
            return Control::Quit;
        }
        // Ctrl-C in the terminal stops the running proof and, with it, the rest of the script.
        if wb.interrupt.load(std::sync::atomic::Ordering::SeqCst) {
            let _ = writeln!(out, "replay interrupted; the rest of the script was not run");
            break;
        }
    }
    Control::Continue
}

/// Why a script could not be replayed, checked or blessed.
#[derive(Debug, thiserror::Error)]
pub enum ReplayError {
    /// The script could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Script {
        /// The script.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The expected transcript could not be read.
    #[error("cannot read {}: {source} (run `craig replay --bless {}` to create it)", expected.display(), script.display())]
    Expected {
        /// The expected file.
        expected: PathBuf,
        /// The script it belongs to.
        script: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The expected transcript could not be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The expected file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// The transcript of the script at `path`, run on a fresh deterministic workbench. Paths in
/// the script are relative to the working directory.
pub fn transcript(path: &Path) -> Result<String, ReplayError> {
    let text = std::fs::read_to_string(path)
        .map_err(|source| ReplayError::Script { path: path.to_path_buf(), source })?;
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    let mut out = Vec::new();
    run_script(&mut wb, &text, &mut out);
    Ok(String::from_utf8_lossy(&out).into_owned())
}

/// Where the expected transcript of `script` lives: beside it, with `.expected` appended.
pub fn expected_path(script: &Path) -> PathBuf {
    let mut name = script.as_os_str().to_owned();
    name.push(".expected");
    PathBuf::from(name)
}

/// Compares the transcript of `script` with its expected file. `Ok(None)` when they agree,
/// `Ok(Some(diff))` with a unified diff (expected → actual) when they differ.
pub fn check(script: &Path) -> Result<Option<String>, ReplayError> {
    let actual = transcript(script)?;
    let expected_file = expected_path(script);
    let expected =
        std::fs::read_to_string(&expected_file).map_err(|source| ReplayError::Expected {
            expected: expected_file.clone(),
            script: script.to_path_buf(),
            source,
        })?;
    Ok(diff(&expected, &actual, &expected_file.display().to_string()))
}

/// A unified diff from `expected` to `actual`, or `None` when they are equal.
pub fn diff(expected: &str, actual: &str, name: &str) -> Option<String> {
    if expected == actual {
        return None;
    }
    let diff = similar::TextDiff::from_lines(expected, actual);
    Some(diff.unified_diff().context_radius(3).header(name, "actual transcript").to_string())
}

/// Writes the transcript of `script` as its expected file (atomically).
pub fn bless(script: &Path) -> Result<PathBuf, ReplayError> {
    let actual = transcript(script)?;
    let expected_file = expected_path(script);
    crate::session::write_atomic(&expected_file, actual.as_bytes())
        .map_err(|source| ReplayError::Write { path: expected_file.clone(), source })?;
    Ok(expected_file)
}

//! Helpers the test files share: a deterministic workbench, the output of one command, a
//! fresh scratch folder per test, an SMT-LIB script's output and the outcome of a C run.

// Each module uses only some of these (and `workbench_c` loads a copy of its own).
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use craig::hol::Obligation;
use craig::ir::interpret::{Outcome, Value};
use craig::repl::Workbench;

/// What an SMT-LIB script named `name` prints when craig runs it.
pub fn run_smt_script(name: &str, text: &str) -> String {
    let mut sources = craig::syntax::SourceMap::new();
    let file = sources.add(name, None, text.to_string());
    let mut out = Vec::new();
    craig::smtlib::Session::new().run_script(&sources, file, &mut out).expect("writing to a Vec");
    String::from_utf8(out).expect("utf-8 output")
}

/// A workbench that prints no timings, so transcripts are exact.
pub fn bench() -> Workbench {
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    wb
}

/// The output of one command.
pub fn run(wb: &mut Workbench, line: &str) -> String {
    let mut out = Vec::new();
    wb.eval_line(line, &mut out);
    String::from_utf8(out).unwrap()
}

/// A fresh, empty scratch folder for one test, named after the test binary, the process, the
/// file of the caller and `name`, so tests running at once never share one (the modules of the
/// one test binary reuse names such as `session`).
#[track_caller]
pub fn scratch(name: &str) -> PathBuf {
    let caller = Path::new(std::panic::Location::caller().file());
    let module = caller.file_stem().map_or("tests".into(), |s| s.to_string_lossy());
    let dir = std::env::temp_dir().join(format!(
        "craig-{}-{}-{module}-{name}",
        env!("CARGO_CRATE_NAME"),
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A path as the text a command takes.
pub fn s(p: &Path) -> String {
    p.display().to_string()
}

/// Whether `CRAIG_BLESS` is set: golden files are then rewritten from what the code now prints,
/// instead of compared (review the diff before committing it).
pub fn blessing() -> bool {
    std::env::var_os("CRAIG_BLESS").is_some()
}

/// Compares every golden file with what was produced for it and fails once, listing every file
/// that differs with a diff of each (not only the first), so one run shows all that changed.
/// Under [`blessing`] the files are rewritten instead.
pub fn check_golden(cases: &[(PathBuf, String)]) {
    let mut differences = Vec::new();
    for (path, actual) in cases {
        if blessing() {
            let temporary = path.with_extension("expected.tmp");
            std::fs::write(&temporary, actual).unwrap();
            std::fs::rename(&temporary, path).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(path).unwrap_or_default();
        let name = path.display().to_string();
        if let Some(diff) = craig::repl::replay::diff(&expected, actual, &name) {
            differences.push(diff);
        }
    }
    assert!(
        differences.is_empty(),
        "{} golden file(s) differ (CRAIG_BLESS=1 rewrites them):\n{}",
        differences.len(),
        differences.join("\n")
    );
}

/// The integer `main` returned in a completed run of the IR interpreter.
pub fn returned(outcome: &Outcome) -> i64 {
    match outcome {
        Outcome::Completed { results, .. } => match results.first() {
            Some(Value::Int(n)) => n.to_i64().expect("a small result"),
            other => panic!("no integer result: {other:?}"),
        },
        other => panic!("expected a completed run, got {other:?}"),
    }
}

/// The kind of check a run of the IR interpreter failed.
pub fn failed(outcome: &Outcome) -> Obligation {
    match outcome {
        Outcome::AssertionFailed { obligation, .. } => *obligation,
        other => panic!("expected a failed check, got {other:?}"),
    }
}

//! Helpers the workbench test files share: a deterministic workbench, the output of one
//! command, and a fresh scratch folder per test.

// Each test file is its own crate and uses only some of these.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use craig::repl::Workbench;

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

/// A fresh, empty scratch folder for one test, named after the test binary, the process and
/// `name`, so tests running at once never share one.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "craig-{}-{}-{name}",
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

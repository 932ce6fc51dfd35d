//! Repository hygiene checked as tests: every module opens with a `//!` line, and the dependency
//! direction stated in docs/ARCHITECTURE.md holds (the kernel and the prover never reach into
//! front ends, answers or the command line).

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("source folder is readable")
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn every_module_opens_with_a_doc_line() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    assert!(files.len() > 10, "found too few source files: {files:?}");
    let missing: Vec<String> = files
        .iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            !text.trim_start().starts_with("//!")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(missing.is_empty(), "modules without a `//!` first line: {missing:?}");
}

#[test]
fn kernel_and_prover_do_not_depend_on_front_ends() {
    // (folder, modules it must not name)
    let rules: &[(&str, &[&str])] = &[
        (
            "fol",
            &[
                "crate::prover",
                "crate::input",
                "crate::answer",
                "crate::solve",
                "crate::repl",
                "crate::session",
            ],
        ),
        (
            "prover",
            &["crate::input", "crate::answer", "crate::solve", "crate::repl", "crate::session"],
        ),
        ("input", &["crate::answer", "crate::solve", "crate::repl", "crate::session"]),
        // Session files are a format; the workbench uses them, never the other way round.
        ("session", &["crate::repl"]),
        // The translation is a library pass between the spec front end and the prover; the
        // workbench may use it, never the other way round.
        ("translate", &["crate::repl", "crate::session"]),
        // Interpolation reads proofs and problems; the workbench and the binary call it.
        ("interpolate", &["crate::repl", "crate::session", "crate::spec", "crate::translate"]),
        // The Scheme front end reads programs into CPS; it knows nothing of the provers.
        (
            "scheme",
            &[
                "crate::prover",
                "crate::solve",
                "crate::spec",
                "crate::input",
                "crate::repl",
                "crate::session",
            ],
        ),
        // ΓCFA analyses CPS programs; the workbench uses it, never the other way round.
        ("cfa", &["crate::repl", "crate::session"]),
        // The spec front end is self-contained; the HOL->FOL translation will build on it.
        (
            "spec",
            &[
                "crate::prover",
                "crate::input",
                "crate::answer",
                "crate::solve",
                "crate::repl",
                "crate::session",
            ],
        ),
    ];
    let mut violations = Vec::new();
    for (folder, banned) in rules {
        let mut files = Vec::new();
        rust_files(&src().join(folder), &mut files);
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for b in *banned {
                if text.contains(b) {
                    violations.push(format!("{} names {b}", f.display()));
                }
            }
        }
    }
    assert!(violations.is_empty(), "dependency direction broken: {violations:?}");
}

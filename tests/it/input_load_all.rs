//! Loads every CNF and FOF problem of the shared TPTP selection and counts failures. Ignored by
//! default (it reads the whole library); run with
//! `TPTP=../shared/tptp cargo test --release --test it input_load_all:: -- --ignored --nocapture`.

// This test is a report: it prints what it measured.
#![allow(clippy::disallowed_macros)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

use craig::input::load_problem_with_roots;

/// The TPTP folder: `$TPTP`, which this opt-in test needs.
fn tptp_root() -> PathBuf {
    match std::env::var_os("TPTP") {
        Some(root) => PathBuf::from(root),
        None => {
            panic!("skipped: this test reads the TPTP index named by $TPTP, and $TPTP is not set")
        }
    }
}

#[test]
#[ignore]
fn load_every_cnf_and_fof_problem() {
    let root = tptp_root();
    let index = std::fs::read_to_string(root.join("index.tsv")).expect("index.tsv");
    let mut attempted = 0usize;
    let mut loaded = 0usize;
    let mut total_clauses = 0usize;
    let mut failures: BTreeMap<String, Vec<String>> = BTreeMap::new();
    let started = Instant::now();
    let mut slowest = (0.0f64, String::new());
    for line in index.lines().skip(1) {
        let columns: Vec<&str> = line.split('\t').collect();
        let [name, format, _status, _rating, path] = columns[..] else { continue };
        if format != "CNF" && format != "FOF" {
            continue;
        }
        attempted += 1;
        if std::env::var_os("CRAIG_TRACE").is_some() {
            eprintln!("loading {name}");
        }
        let one = Instant::now();
        match load_problem_with_roots(&root.join(Path::new(path)), std::slice::from_ref(&root)) {
            Ok(problem) => {
                loaded += 1;
                total_clauses += problem.clauses.len();
            }
            Err(e) => {
                let message = e.to_string();
                let kind = message.split(": ").nth(1).unwrap_or("?").to_string();
                failures.entry(kind).or_default().push(format!("{name}: {message}"));
            }
        }
        let seconds = one.elapsed().as_secs_f64();
        if seconds > slowest.0 {
            slowest = (seconds, name.to_string());
        }
    }
    eprintln!(
        "loaded {loaded}/{attempted} CNF+FOF problems ({total_clauses} clauses) in {:.1}s; \
         slowest {} ({:.2}s)",
        started.elapsed().as_secs_f64(),
        slowest.1,
        slowest.0
    );
    for (kind, list) in &failures {
        eprintln!("{} failures of kind `{kind}`, e.g.:", list.len());
        for example in list.iter().take(5) {
            eprintln!("  {example}");
        }
    }
    assert!(attempted > 0);
    // Constructs craig deliberately rejects are reported above; anything else is a bug.
    let unexpected: usize = failures
        .iter()
        .filter(|(kind, _)| kind.as_str() != "unsupported")
        .map(|(_, l)| l.len())
        .sum();
    assert_eq!(unexpected, 0, "problems failed to load for reasons other than `unsupported`");
}

//! Typed first-order TPTP (TFF) through the sort encodings: hand-made problems in `tests/tff/`
//! with known status in every mode, and (opt-in: ignored by default, it needs `$TPTP`) every TFF
//! problem of the development TPTP index in every mode with a short limit, where no answer may contradict the recorded status.

use std::path::{Path, PathBuf};

use craig::fol::SortMode;
use craig::input::{InputError, load_problem_sorted, parse_problem_sorted};
use craig::prover::{Limits, ProverOptions};
use craig::solve::answer::SzsStatus;
use craig::solve::solve_problem;

const MODES: [SortMode; 3] = [SortMode::Guard, SortMode::Erase, SortMode::Auto];

fn options(given: u64) -> ProverOptions {
    ProverOptions {
        limits: Limits {
            // A step limit, never a time limit: the verdicts must not depend on the load.
            given_clauses: Some(given),
            ..Limits::default()
        },
        ..ProverOptions::default()
    }
}

fn local(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/tff").join(name)
}

/// The status, or the error, of a local problem in a mode.
fn run_local(name: &str, mode: SortMode) -> Result<SzsStatus, InputError> {
    let problem = load_problem_sorted(&local(name), mode)?;
    Ok(solve_problem(problem, options(20_000), true).status)
}

#[test]
fn a_two_element_sort_is_never_erased_so_the_false_conjecture_is_not_proved() {
    for mode in [SortMode::Guard, SortMode::Auto] {
        let status = run_local("two_element_sort.p", mode).unwrap();
        assert_eq!(status, SzsStatus::CounterSatisfiable, "{mode:?}");
    }
    match run_local("two_element_sort.p", SortMode::Erase) {
        Err(InputError::Refused { why, .. }) => {
            assert!(why.contains("sort `s` is not monotone"), "{why}")
        }
        other => panic!("erasure was not refused: {other:?}"),
    }
}

#[test]
fn auto_guards_exactly_the_bounded_sort() {
    let problem = load_problem_sorted(&local("two_element_sort.p"), SortMode::Auto).unwrap();
    let decisions: Vec<(String, bool)> =
        problem.sort_decisions.iter().map(|d| (d.sort.clone(), d.guarded)).collect();
    assert_eq!(decisions, vec![("_i".to_string(), false), ("s".to_string(), true)]);
}

#[test]
fn a_typed_theorem_is_proved_where_its_encoding_is_allowed() {
    // `elem` has a positive equation on a variable (`in(X) => inv(k(X)) = X`), guarded by
    // `~in(X)`: monotone when `in` is false on new elements (the second calculus), so erasure
    // is allowed too.
    for mode in MODES {
        assert_eq!(run_local("typed_group.p", mode).unwrap(), SzsStatus::Theorem, "{mode:?}");
    }
    let problem = load_problem_sorted(&local("typed_group.p"), SortMode::Auto).unwrap();
    let elem = problem.sort_decisions.iter().find(|d| d.sort == "elem").unwrap();
    assert!(!elem.guarded);
    assert_eq!(elem.reason, "monotone when new elements extend in with false");
    for mode in MODES {
        assert_eq!(run_local("monotone_order.p", mode).unwrap(), SzsStatus::Theorem, "{mode:?}");
    }
}

#[test]
fn a_satisfiable_typed_problem_is_saturated_in_every_mode() {
    for mode in MODES {
        let status = run_local("image_misses.p", mode).unwrap();
        assert_eq!(status, SzsStatus::Satisfiable, "{mode:?}");
    }
}

#[test]
fn tff_arithmetic_and_polymorphism_are_unsupported() {
    let cases = [
        ("tff(t, type, n: $int).\ntff(a, axiom, n = n).\n", "arithmetic"),
        ("tff(a, axiom, $less(1, 2)).\n", "$less"),
        ("tff(t, type, list: $tType > $tType).\n", "TF1"),
        ("tff(t, type, p: $o > $o).\n", "booleans as terms"),
    ];
    for (text, expected) in cases {
        match parse_problem_sorted(text, "inline.p", "inline", &[], SortMode::Auto) {
            Err(InputError::Unsupported { what, .. }) => {
                assert!(what.contains(expected), "{text}: {what}")
            }
            other => panic!("{text}: expected Unsupported, got {other:?}"),
        }
    }
    let thf =
        parse_problem_sorted("thf(a, axiom, $true).\n", "inline.p", "inline", &[], SortMode::Auto);
    assert!(matches!(thf, Err(InputError::Unsupported { .. })));
}

/// Whether `status` contradicts the library's `expected` status.
fn wrong(expected: &str, status: SzsStatus) -> bool {
    let proved = matches!(
        status,
        SzsStatus::Theorem | SzsStatus::Unsatisfiable | SzsStatus::ContradictoryAxioms
    );
    let disproved = matches!(status, SzsStatus::Satisfiable | SzsStatus::CounterSatisfiable);
    match expected {
        "Satisfiable" | "CounterSatisfiable" => proved,
        "Theorem" | "Unsatisfiable" | "ContradictoryAxioms" => disproved,
        _ => false,
    }
}

/// Reads the whole development index, so it is opt-in:
/// `TPTP=../shared/tptp cargo test --release --test it tff_sorts:: -- --ignored --nocapture`.
#[test]
#[ignore = "sweeps the whole TPTP index: set $TPTP and pass --ignored"]
fn tptp_tff_problems_get_no_wrong_answer_in_any_mode() {
    let Some(root) = std::env::var_os("TPTP").map(PathBuf::from) else {
        panic!("skipped: this sweep reads the TPTP index named by $TPTP, and $TPTP is not set");
    };
    let index = std::fs::read_to_string(root.join("index.tsv")).expect("index.tsv is readable");
    let mut wrong_answers = Vec::new();
    let mut problems = 0;
    // Per mode: how each problem ended (status name, `unsupported` or `refused`).
    let mut tally: std::collections::BTreeMap<(String, String), usize> = Default::default();
    for line in index.lines().skip(1) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [name, format, expected, _, path] = fields[..] else { continue };
        if format != "TFF" {
            continue;
        }
        problems += 1;
        for mode in MODES {
            let problem = match load_problem_sorted(&root.join(Path::new(path)), mode) {
                Ok(p) => p,
                Err(e @ (InputError::Unsupported { .. } | InputError::Refused { .. })) => {
                    let what = if matches!(e, InputError::Refused { .. }) {
                        "refused"
                    } else {
                        "unsupported"
                    };
                    *tally.entry((format!("{mode:?}"), what.to_string())).or_default() += 1;
                    continue;
                }
                Err(e) => panic!("{name}: {e}"),
            };
            let status = solve_problem(problem, options(2_000), true).status;
            *tally.entry((format!("{mode:?}"), status.name().to_string())).or_default() += 1;
            if wrong(expected, status) {
                wrong_answers.push(format!("{name} ({expected}) in {mode:?}: {}", status.name()));
            }
        }
    }
    assert!(problems > 0, "no TFF problem in the index");
    // The summary goes to stderr (shown with `--nocapture`), for reports.
    let mut summary = format!("{problems} TFF problems\n");
    for ((mode, what), count) in &tally {
        summary.push_str(&format!("{mode}: {what} {count}\n"));
    }
    let _ = std::io::Write::write_all(&mut std::io::stderr(), summary.as_bytes());
    assert!(wrong_answers.is_empty(), "WRONG answers: {wrong_answers:?}");
}

#[test]
fn craig_prove_takes_the_sort_mode_of_a_typed_problem() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/tff/two_element_sort.p");
    let run = |mode: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_craig"))
            .args(["prove", "--sorts", mode, file])
            .output()
            .expect("craig runs")
    };
    for mode in ["auto", "guard"] {
        let out = run(mode);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains("% SZS status CounterSatisfiable"), "{mode}: {stdout}");
    }
    let erase = run("erase");
    assert_eq!(erase.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&erase.stderr).contains("--sorts erase refused"));
}

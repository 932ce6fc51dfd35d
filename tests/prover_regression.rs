//! Regression set: TPTP problems of known status run with a given-clause limit (deterministic,
//! never wall time). Every refutation is re-verified by the independent proof checker; problems
//! known satisfiable must never come back as theorems.

use std::path::PathBuf;

use craig::answer::SzsStatus;
use craig::input::load_problem_with_roots;
use craig::prover::{Limits, ProverOptions};
use craig::solve::{Solved, solve_problem};

/// The TPTP folder: `$TPTP` if set, else `shared/tptp` beside the repository (where CI has it).
fn tptp_root() -> PathBuf {
    if let Some(root) = std::env::var_os("TPTP") {
        return PathBuf::from(root);
    }
    let beside = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/tptp");
    assert!(
        beside.join("index.tsv").exists(),
        "the TPTP problems are missing: set $TPTP or put shared/tptp beside the repository"
    );
    beside
}

fn problem_path(root: &std::path::Path, name: &str) -> PathBuf {
    let domain = &name[..3];
    root.join("Problems").join(domain).join(format!("{name}.p"))
}

fn solve(name: &str, given_limit: u64) -> Solved {
    let root = tptp_root();
    let path = problem_path(&root, name);
    let problem = load_problem_with_roots(&path, std::slice::from_ref(&root))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let options = ProverOptions {
        limits: Limits { given_clauses: Some(given_limit), ..Limits::default() },
        ..ProverOptions::default()
    };
    solve_problem(problem, options, true)
}

/// Problems with a proof: craig must find it within the limit, and the checker must accept it.
const REFUTABLE: &[&str] = &[
    "ALG002-1",
    "ANA039-2",
    "COL101-2",
    "COL111-2",
    "GRA001-1",
    "GRP003-1",
    "GRP006-1",
    "LAT267-2",
    "LAT270-2",
    "LCL007-1",
    "LCL035-1",
    "LCL108-1",
    "LCL440-2",
    "MSC002-2",
    "NUN060+1",
    "PUZ001-1",
    "PUZ015-2.006",
    "SET043+1",
    "SET090+1",
    "SET574+3",
    "SET599+3",
    "SET630+3",
    "SET658+3",
    "SET681+3",
    "SET872+1",
    "SET929+1",
    "SET962+1",
    "SWC112+1",
    "SWV245-2",
    "SWV308-2",
    "SWV357-2",
    "SYN008-1",
    "SYN047+1",
    "SYN060+1",
    "SYN074+1",
    "SYN088-1.010",
    "SYN115-1",
    "SYN142-1",
    "SYN163-1",
    "SYN196-1",
];

/// Satisfiable problems craig saturates: the answer must be Satisfiable or CounterSatisfiable.
const SATURABLE: &[&str] = &[
    "CSR154+1",
    "LCL657+1.005",
    "NLP019+1",
    "NLP066+1",
    "NLP106-1",
    "NLP153+1",
    "NLP229+1",
    "SWB022+4",
    "SYN320+1",
    "SYN348-1",
];

/// Satisfiable problems craig does not answer within the limit: anything but a proof is fine.
const NOT_THEOREMS: &[&str] =
    &["COL132+1", "KRS176+1", "NLP032+1", "PUZ080+2", "SYN427+1", "SYO690-1.002"];

#[test]
fn refutable_problems_are_proved_and_checked() {
    let mut failures = Vec::new();
    for name in REFUTABLE {
        let solved = solve(name, 5_000);
        let ok = matches!(
            solved.status,
            SzsStatus::Theorem | SzsStatus::Unsatisfiable | SzsStatus::ContradictoryAxioms
        );
        match &solved.check {
            Some(Ok(report)) if ok => assert!(report.steps_checked > 0),
            Some(Err(e)) => failures.push(format!("{name}: checker rejected the proof: {e}")),
            _ => failures.push(format!("{name}: got {:?}", solved.status)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn saturable_problems_are_reported_satisfiable() {
    for name in SATURABLE {
        let solved = solve(name, 5_000);
        assert!(
            matches!(solved.status, SzsStatus::Satisfiable | SzsStatus::CounterSatisfiable),
            "{name}: got {:?}",
            solved.status
        );
    }
}

#[test]
fn satisfiable_problems_are_never_proved() {
    for name in NOT_THEOREMS.iter().chain(SATURABLE) {
        let solved = solve(name, 300);
        assert!(
            !matches!(
                solved.status,
                SzsStatus::Theorem | SzsStatus::Unsatisfiable | SzsStatus::ContradictoryAxioms
            ),
            "{name} is satisfiable but craig answered {:?}",
            solved.status
        );
    }
}

#[test]
fn the_same_problem_gives_the_same_search_and_proof() {
    for name in ["GRP003-1", "SET962+1", "ALG002-1"] {
        let first = solve(name, 5_000);
        let second = solve(name, 5_000);
        assert_eq!(first.stats(), second.stats(), "{name}: counters differ between runs");
        assert_eq!(first.proof, second.proof, "{name}: proofs differ between runs");
    }
}

//! One TPTP problem from file to answer: load, saturate, extract and check the proof. The command
//! line and the regression tests both go through here, so they cannot drift apart.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::answer::SzsStatus;
use crate::input::{InputError, Problem, SortMode};
use crate::prover::check::{CheckReport, check_proof};
use crate::prover::{Proof, ProofOutcome, Prover, ProverOptions, Stats};

/// The result of running the prover on a problem.
pub struct Solved {
    /// The problem as read (its signature and bank were moved into the prover).
    pub problem: Problem,
    /// The prover after the search, holding the final signature and term bank.
    pub prover: Prover,
    /// How the search ended.
    pub outcome: ProofOutcome,
    /// The refutation, when there is one.
    pub proof: Option<Proof>,
    /// The status to report.
    pub status: SzsStatus,
    /// The checker's verdict, when checking was asked for and there is a proof.
    pub check: Option<Result<CheckReport, String>>,
}

impl Solved {
    /// The search counters.
    pub fn stats(&self) -> Stats {
        self.prover.stats
    }
}

/// Loads `path` and proves it with `options`; `check` re-verifies any refutation with the
/// independent checker. A refutation that fails the check is reported as `Error`, never as a
/// theorem. `time_limit` counts from the start of loading.
pub fn solve_file(
    path: &Path,
    options: ProverOptions,
    time_limit: Option<Duration>,
    check: bool,
    on_step: &mut dyn FnMut(&Prover),
) -> Result<Solved, InputError> {
    solve_file_sorted(path, SortMode::default(), options, time_limit, check, on_step)
}

/// [`solve_file`] with the sort handling of a typed (TFF) problem chosen explicitly; untyped
/// problems are unaffected by `sorts`.
pub fn solve_file_sorted(
    path: &Path,
    sorts: SortMode,
    mut options: ProverOptions,
    time_limit: Option<Duration>,
    check: bool,
    on_step: &mut dyn FnMut(&Prover),
) -> Result<Solved, InputError> {
    let start = Instant::now();
    let problem = crate::input::load_problem_sorted(path, sorts)?;
    if let Some(limit) = time_limit {
        options.limits.time = Some(limit.saturating_sub(start.elapsed()));
    }
    Ok(solve_problem_traced(problem, options, check, on_step))
}

/// Proves an already loaded problem.
pub fn solve_problem(problem: Problem, options: ProverOptions, check: bool) -> Solved {
    solve_problem_traced(problem, options, check, &mut |_| {})
}

/// Proves an already loaded problem, calling `on_step` after every given clause.
pub fn solve_problem_traced(
    mut problem: Problem,
    options: ProverOptions,
    check: bool,
    on_step: &mut dyn FnMut(&Prover),
) -> Solved {
    let inputs: Vec<(crate::fol::Clause, bool)> = problem
        .clauses
        .iter()
        .map(|c| (c.clause.clone(), c.source.role.contains("conjecture")))
        .collect();
    let signature = std::mem::take(&mut problem.signature);
    let bank = std::mem::take(&mut problem.bank);
    let mut prover = Prover::new(signature, bank, &inputs, options, problem.complete);
    let outcome = loop {
        match prover.step() {
            crate::prover::StepOutcome::Continue => on_step(&prover),
            crate::prover::StepOutcome::Done(outcome) => break outcome,
        }
    };
    let proof = match outcome {
        ProofOutcome::Refutation(empty) => Some(prover.extract_proof(empty)),
        _ => None,
    };
    let mut status = SzsStatus::of(outcome, &problem, proof.as_ref());
    let check = match (&proof, check) {
        (Some(proof), true) => {
            let clauses: Vec<crate::fol::Clause> =
                problem.clauses.iter().map(|c| c.clause.clone()).collect();
            let verdict = check_proof(proof, &clauses, &prover.signature, &prover.bank)
                .map_err(|e| e.to_string());
            if verdict.is_err() {
                status = SzsStatus::Error;
            }
            Some(verdict)
        }
        _ => None,
    };
    Solved { problem, prover, outcome, proof, status, check }
}

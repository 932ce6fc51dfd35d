//! Unsat cores: the named input formulas a refutation used, and a minimal (irreducible) core
//! found by deletion.
//!
//! The core of a proof is read off the proof DAG ([`super::answer::core_names`]): the formulas
//! whose clauses are leaves of the refutation. It is rarely minimal, since a saturation prover
//! finds some proof, not the one with the fewest hypotheses. Deletion makes it irreducible:
//! for each hypothesis of the current core in turn, prove again without it; if the problem is
//! still refuted, drop it (and also everything the new proof did not use, which is what makes
//! deletion fast in practice); if the rest saturates, the hypothesis is needed. A run that stops
//! at a limit decides nothing, so the hypothesis stays and is reported as undecided: the result
//! is then irreducible only as far as the prover could tell within its limits.
//!
//! The conjecture is never a candidate: the core answers which hypotheses the statement needs.
//! Every refutation is re-checked by the independent proof checker, and the final core is
//! proved once more on its own, checked, and returned with that proof.

use super::answer::{SzsStatus, core_names};
use super::{Solved, restrict, solve_problem};
use crate::fol::Problem;
use crate::prover::{ProofOutcome, ProverOptions};

/// The outcome of minimizing a core.
pub struct MinimalCore {
    /// The minimal core, in input order (conjectures included).
    pub names: Vec<String>,
    /// The core the minimization started from.
    pub initial: Vec<String>,
    /// Prover runs made while deleting (not counting the final re-proof).
    pub runs: usize,
    /// Hypotheses kept only because the run without them stopped at a limit.
    pub undecided: Vec<String>,
    /// The final re-proof on the minimal core alone, checked.
    pub proof: Solved,
}

/// Whether a status is a refutation of the clause set.
fn refuted(status: SzsStatus) -> bool {
    matches!(status, SzsStatus::Theorem | SzsStatus::Unsatisfiable | SzsStatus::ContradictoryAxioms)
}

/// Whether a formula is the statement (never dropped) rather than a hypothesis.
fn is_conjecture(problem: &Problem, name: &str) -> bool {
    problem.clauses.iter().any(|c| c.source.name == name && c.source.role.is_goal())
}

/// Why a core was not minimised: the core the deletions left was not refuted again on its own
/// within the limits (so there is no minimal core to stand by, though craig did nothing wrong).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the core {} was not refuted again on its own ({})", .core.join(", "), .status.name())]
pub struct CoreNotRefuted {
    /// The formulas of the core, in core order.
    pub core: Vec<String>,
    /// What the run on the core alone reported.
    pub status: SzsStatus,
}

/// Minimizes `initial` (the core of a refutation of `problem`) by deletion. Every prover run
/// uses `options` and the proof checker. Returns `Err` when the initial core itself is not
/// refuted within the limits (then there is nothing to minimize from).
pub fn minimize_core(
    problem: &Problem,
    initial: &[String],
    options: &ProverOptions,
) -> Result<MinimalCore, CoreNotRefuted> {
    let mut core: Vec<String> = initial.to_vec();
    let mut runs = 0;
    let mut undecided = Vec::new();
    let candidates: Vec<String> =
        core.iter().filter(|n| !is_conjecture(problem, n)).cloned().collect();
    for candidate in candidates {
        if !core.contains(&candidate) {
            // An earlier proof already did without it.
            continue;
        }
        let without: Vec<String> = core.iter().filter(|n| **n != candidate).cloned().collect();
        runs += 1;
        let solved = solve_problem(
            restrict(problem, |c| without.contains(&c.source.name)),
            options.clone(),
            true,
        );
        match (&solved.proof, solved.status) {
            (Some(proof), status) if refuted(status) => {
                let used = core_names(&solved.problem, proof);
                // Keep the order of `core`; conjectures stay even if this proof did not need
                // them (its hypotheses were contradictory on their own).
                core.retain(|n| {
                    used.contains(n) || (is_conjecture(problem, n) && without.contains(n))
                });
            }
            // Saturation by the (complete, unfiltered) strategy means the remaining clauses
            // are satisfiable, so the candidate is needed for this clause set. That holds even
            // when the clauses came from an approximating translation, which only makes the
            // *reported* status of such a problem `GaveUp` rather than `CounterSatisfiable`.
            _ if matches!(solved.outcome, ProofOutcome::Saturated { .. }) => {}
            _ => undecided.push(candidate),
        }
    }
    let proof =
        solve_problem(restrict(problem, |c| core.contains(&c.source.name)), options.clone(), true);
    if !refuted(proof.status) {
        return Err(CoreNotRefuted { core, status: proof.status });
    }
    Ok(MinimalCore { names: core, initial: initial.to_vec(), runs, undecided, proof })
}

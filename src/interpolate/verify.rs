//! Independent verification of interpolants: every entailment an interpolant claims is turned
//! into a refutation by craig's prover, and that refutation is re-checked by `prover::check`.
//!
//! `A ⊨ I` is checked by refuting the clauses of A together with the clauses of `¬I`, and
//! `I ∧ B ⊨ ⊥` by refuting the clauses of B with those of `I`. Checking against the clause sets
//! instead of the original formulas is sound: clausification is a conservative extension (the
//! clauses imply the formulas they came from, and every model of a formula extends to its
//! clauses by interpreting the fresh Skolem and definition symbols), and `I` mentions none of
//! those fresh symbols (the vocabulary check ensures it). So `clauses(A) ∧ ¬I` unsatisfiable
//! means every model of A, extended to a model of its clauses, satisfies `I`; and `clauses(B) ∧
//! I` unsatisfiable means no model of B satisfies `I`.

use std::time::Duration;

use super::formula::{SymbolKey, symbols};
use crate::fol::SymbolKind;
use crate::fol::{Clausifier, InputClause, InputSource, Problem, Role, formula::Formula};
use crate::prover::{ProofOutcome, ProverOptions};
use crate::solve::{Run, solve};

/// Figures of one checked entailment.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct CheckFigures {
    /// Given clauses the refutation took.
    pub given_clauses: u64,
    /// Steps of the refutation.
    pub proof_steps: usize,
    /// Steps the independent checker re-verified.
    pub steps_checked: usize,
}

impl CheckFigures {
    /// One line, e.g. `12 given clauses, 7 proof steps, 7 checked`.
    pub fn describe(&self) -> String {
        format!(
            "{} given clauses, {} proof steps, {} checked",
            self.given_clauses, self.proof_steps, self.steps_checked
        )
    }
}

/// Refutes the problem clauses at `clause_indices` together with the clauses of `formulas`, and
/// checks the refutation. An error says why no checked refutation was found.
pub fn refute_with(
    problem: &Problem,
    clause_indices: &[usize],
    formulas: &[Formula],
    time_limit: Duration,
) -> Result<CheckFigures, String> {
    refute_within(problem, clause_indices, formulas, time_limit, None)
}

/// Like `refute_with`, with at most `given_limit` given clauses as well.
pub fn refute_within(
    problem: &Problem,
    clause_indices: &[usize],
    formulas: &[Formula],
    time_limit: Duration,
    given_limit: Option<u64>,
) -> Result<CheckFigures, String> {
    // The entailment's own problem: no conjecture (every clause is a hypothesis), complete.
    let mut question = Problem {
        name: problem.name.clone(),
        signature: problem.signature.clone(),
        bank: problem.bank.clone(),
        clauses: clause_indices.iter().map(|&i| problem.clauses[i].clone()).collect(),
        has_conjecture: false,
        complete: true,
        sort_decisions: Vec::new(),
    };
    for c in &mut question.clauses {
        c.source.role = Role::Axiom;
    }
    let mut added = Vec::new();
    {
        let mut clausifier = Clausifier::new(&mut question.signature, &mut question.bank);
        for f in formulas {
            added.extend(clausifier.clausify(f));
        }
    }
    let source = InputSource::input("interpolant", "<verify>", Role::Axiom, true);
    question
        .clauses
        .extend(added.into_iter().map(|clause| InputClause { clause, source: source.clone() }));
    let mut options = ProverOptions::default();
    options.limits.time = Some(time_limit);
    options.limits.given_clauses = given_limit;
    let solved = solve(question, Run::checked(options));
    match solved.outcome {
        ProofOutcome::Refutation(_) => {
            let proof = solved.proof.expect("a refutation has a proof");
            let report = match solved.check {
                Some(Ok(report)) => report,
                Some(Err(e)) => {
                    return Err(format!("the refutation failed the proof checker: {e}"));
                }
                None => return Err("the refutation was not checked".to_string()),
            };
            Ok(CheckFigures {
                given_clauses: solved.prover.stats.given,
                proof_steps: proof.nodes.len(),
                steps_checked: report.steps_checked,
            })
        }
        ProofOutcome::Saturated { complete: true } => {
            Err("the clause set is satisfiable (saturated)".to_string())
        }
        ProofOutcome::Saturated { complete: false } => {
            Err("saturated without a refutation".to_string())
        }
        ProofOutcome::LimitReached(limit) => {
            Err(format!("no refutation before the {limit:?} limit"))
        }
    }
}

/// The symbols of `f` that are not in `allowed` (name, arity, predicate?), sorted.
pub fn foreign_symbols(f: &Formula, allowed: &[SymbolKey]) -> Vec<SymbolKey> {
    symbols(f).into_iter().filter(|s| !allowed.contains(s)).collect()
}

/// The formula-syntax key of a signature symbol.
pub fn symbol_key(problem: &Problem, s: crate::fol::SymbolId) -> SymbolKey {
    let info = problem.signature.info(s);
    (info.name.clone(), info.arity, info.kind == SymbolKind::Predicate)
}

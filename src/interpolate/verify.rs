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

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::formula::{SymbolKey, symbols};
use crate::fol::SymbolKind;
use crate::fol::{Clausifier, InputClause, InputSource, Problem, Role, formula::Formula};
use crate::prover::check::CheckError;
use crate::prover::{ProofOutcome, Prover, ProverOptions};
use crate::solve::{Run, Solved, solve};

/// What one proof search may spend: time (CPU time of the process, the prover's default
/// clock), given clauses, and a flag that stops it when raised (Ctrl-C at the workbench
/// prompt).
#[derive(Clone, Debug)]
pub struct Budget {
    /// The time limit.
    pub time: Duration,
    /// The given-clause limit, if any (deterministic, unlike the time limit).
    pub given_clauses: Option<u64>,
    /// Raised from outside to stop the search; it then ends as interrupted.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Sees the prover after every given clause of every search (the workbench's status line).
    pub watch: Option<Watch>,
}

/// What a [`Watch`] calls with a search's prover.
pub type WatchFn = dyn FnMut(&Prover);

/// A callback that sees a search's prover after every given clause.
#[derive(Clone)]
pub struct Watch(pub Rc<RefCell<WatchFn>>);

impl std::fmt::Debug for Watch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Watch")
    }
}

impl Budget {
    /// The same budget with at most `given` given clauses.
    pub fn at_most(&self, given: u64) -> Budget {
        let given_clauses = Some(self.given_clauses.map_or(given, |g| g.min(given)));
        Budget { given_clauses, ..self.clone() }
    }

    /// Whether the cancel flag is raised.
    pub fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::SeqCst))
    }

    /// Runs `run` under this budget: its limits replaced by the budget's, and the cancel flag
    /// handed to the prover, which polls its own flag after every given clause (as `prove` at
    /// the prompt does).
    pub fn solve(&self, problem: Problem, mut run: Run<'_>) -> Solved {
        run.options.limits.time = Some(self.time);
        run.options.limits.given_clauses = self.given_clauses;
        if self.cancel.is_none() && self.watch.is_none() {
            return solve(problem, run);
        }
        let mut watch = |prover: &Prover| {
            if self.cancelled() {
                prover.cancel_flag().store(true, Ordering::SeqCst);
            }
            if let Some(Watch(watch)) = &self.watch {
                (watch.borrow_mut())(prover);
            }
        };
        let Run { options, check, precedence, filter, .. } = run;
        solve(problem, Run { options, check, precedence, filter, on_step: Some(&mut watch) })
    }
}

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

/// Why an entailment was not confirmed by a checked refutation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RefuteFailure {
    /// The search ended without a refutation: the clauses were saturated, a limit was
    /// reached, or the search was cancelled.
    #[error("{0}")]
    NoRefutation(ProofOutcome),
    /// The independent checker rejected the refutation (a bug in the prover).
    #[error("the refutation failed the proof checker: {0}")]
    Rejected(CheckError),
    /// The refutation was not handed to the checker.
    #[error("the refutation was not checked")]
    Unchecked,
}

/// Why a formula is not a verified interpolant: it names what it may not, or one of the
/// entailments an interpolant claims was not confirmed by a checked refutation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum VerificationFailure {
    /// A binary interpolant names symbols that A and B do not share (`name/arity` each).
    #[error("mentions non-shared symbols {}", .0.join(", "))]
    NotShared(Vec<String>),
    /// `A ⊨ I` was not confirmed.
    #[error("A ⊨ I not verified: {0}")]
    NotEntailedByA(RefuteFailure),
    /// `I ∧ B ⊨ ⊥` was not confirmed.
    #[error("I ∧ B ⊨ ⊥ not verified: {0}")]
    NotRefutingB(RefuteFailure),
    /// The interpolant at this cut of a sequence names symbols not shared across it.
    #[error("I{0} mentions symbols not shared across cut {0}")]
    NotSharedAcrossCut(u32),
    /// `I(k-1) ∧ Ak ⊨ Ik` was not confirmed for the cut `k`.
    #[error("I{} ∧ A{cut} ⊨ I{cut} not verified: {failure}", cut - 1)]
    SequenceStep {
        /// The cut `k`, from 1.
        cut: u32,
        /// Why the entailment was not confirmed.
        failure: RefuteFailure,
    },
}

/// Refutes the problem clauses at `clause_indices` together with the clauses of `formulas`
/// within `budget`, and checks the refutation. An error says why no checked refutation was
/// found.
pub fn refute(
    problem: &Problem,
    clause_indices: &[usize],
    formulas: &[Formula],
    budget: &Budget,
) -> Result<CheckFigures, RefuteFailure> {
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
    let solved = budget.solve(question, Run::checked(ProverOptions::default()));
    match solved.outcome {
        ProofOutcome::Refutation(_) => {
            let proof = solved.proof.expect("a refutation has a proof");
            let report = match solved.check {
                Some(Ok(report)) => report,
                Some(Err(e)) => return Err(RefuteFailure::Rejected(e)),
                None => return Err(RefuteFailure::Unchecked),
            };
            Ok(CheckFigures {
                given_clauses: solved.prover.stats.given,
                proof_steps: proof.nodes.len(),
                steps_checked: report.steps_checked,
            })
        }
        outcome => Err(RefuteFailure::NoRefutation(outcome)),
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

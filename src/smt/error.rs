//! Why [`super::check`] could not answer: [`SmtError`], shared by the loop, the model builder
//! and the theories (its own file so that the model and the loop, which both fail with it, do
//! not name each other).

use thiserror::Error;

use crate::sat::SolverError;

/// Why [`check`](super::check()) could not answer.
#[derive(Debug, Error)]
pub enum SmtError {
    /// The SAT solver caught an internal error.
    #[error(transparent)]
    Sat(#[from] SolverError),
    /// A model failed evaluation.
    #[error("internal error: the model found falsifies assertion {0}")]
    ModelRejected(usize),
    /// The model is not a function: two congruent applications have different values.
    #[error("internal error: the model is not functional at a term of {0}")]
    ModelNotFunctional(String),
    /// A theory lemma failed the independent check.
    #[error("internal error: a theory lemma was rejected by the independent closure check")]
    LemmaRejected,
    /// The refutation rests on a clause this module did not add.
    #[error("internal error: the SAT refutation rests on a clause that was not added")]
    LeafRejected,
    /// The search ended without an answer where it should have had one (a bug).
    #[error("internal error: the search stopped without an answer")]
    Stopped,
    /// The check's [`super::Deadline`] passed: its time limit or an interruption.
    #[error("the check was stopped by its time limit or an interruption")]
    Interrupted,
    /// The input is outside what the engine decides (non-linear terms, UF over arithmetic).
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The search gave up without an answer (SMT-LIB `unknown`).
    #[error("unknown: {0}")]
    Incomplete(String),
    /// An arithmetic lemma was rejected by the independent Farkas checker.
    #[error("internal error: an arithmetic lemma was rejected by the independent Farkas check")]
    FarkasRejected,
    /// A branch-and-bound split was not of the shape `x <= n ∨ x >= n + 1` on an Int term.
    #[error("internal error: a branch-and-bound split was rejected by its check")]
    SplitRejected,
}

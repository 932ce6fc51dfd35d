//! Why the refinement engine could not do what it was asked, told apart so that a caller can
//! say the right thing: the program or predicate is outside what the engine handles, the
//! request names what is not there, or something the engine relies on failed (a bug).

use thiserror::Error;

use crate::smt::SmtError;

/// A failure of the refinement engine.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RefineError {
    /// The program or a predicate uses what the engine does not handle: recursion, more
    /// locations than it inlines, arithmetic that is not linear, too many case splits.
    #[error("{0}")]
    Unsupported(String),
    /// The request names what the program does not have or is malformed: no such function or
    /// location, a predicate that does not parse, a hand refinement after the run ended.
    #[error("{0}")]
    Refused(String),
    /// The SMT core gave up on a question it may answer on another try (branch and bound
    /// reached its limit): no bug, an answer not found.
    #[error("the SMT core gave up: {0}")]
    Incomplete(String),
    /// The run's time limit passed or it was interrupted inside an SMT check: the caller
    /// words the end as its limit ([`super::Limits::reached`]).
    #[error("the run was stopped by its time limit or an interruption")]
    Interrupted,
    /// The SMT engine failed or a fact the engine relies on did not hold: a bug in craig.
    #[error("internal error: {0}")]
    Internal(String),
}

impl From<SmtError> for RefineError {
    fn from(e: SmtError) -> RefineError {
        match e {
            SmtError::Unsupported(what) => RefineError::Unsupported(what),
            SmtError::Incomplete(why) => RefineError::Incomplete(why),
            SmtError::Interrupted => RefineError::Interrupted,
            other => RefineError::Internal(
                other.to_string().trim_start_matches("internal error: ").to_string(),
            ),
        }
    }
}

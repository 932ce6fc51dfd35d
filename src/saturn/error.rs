//! Why a function could not be analysed: typed, so a run records the failed function with its
//! reason and goes on, and callers tell the user's input from the slice's limits and from bugs.

use thiserror::Error;

use crate::syntax::Span;

/// A function the analysis could not finish.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[non_exhaustive]
pub enum SaturnError {
    /// The program uses a construct this slice of Saturn does not encode.
    #[error("not encoded yet: {what}")]
    Unsupported {
        /// What the construct is.
        what: &'static str,
        /// Where it is used, when known.
        span: Option<Span>,
    },
    /// The input names something that is not there or is malformed.
    #[error("refused: {what} `{name}`")]
    Refused {
        /// What is wrong.
        what: &'static str,
        /// The name concerned.
        name: String,
    },
    /// A per-function limit was reached.
    #[error("limit reached: {what} (limit {limit})")]
    Limit {
        /// Which limit.
        what: &'static str,
        /// Its value.
        limit: usize,
    },
    /// The SAT solver stopped or failed.
    #[error("the SAT solver stopped: {0}")]
    Solver(&'static str),
    /// An invariant of the analysis broke: a model that does not satisfy its query.
    #[error("internal error: {0}")]
    Internal(&'static str),
}

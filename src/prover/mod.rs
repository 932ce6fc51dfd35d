//! The superposition prover: given-clause saturation, inference and simplification rules, term
//! indexes, proof recording and the independent proof checker.
//!
//! Architecture invariant: the prover imports only `fol`; never the front ends or the REPL.

mod avatar;
pub mod check;
pub mod index;
mod inference;
pub mod options;
pub mod passive;
pub mod proof;
pub mod saturate;
mod simplify;
pub mod stats;
pub mod store;

pub use crate::syntax::clock::{Clock, Stopwatch};
pub use options::{
    ClauseWeight, Limits, LiteralSelection, OrderingKind, PrecedenceKind, ProverOptions,
};
pub use proof::{ClauseId, Proof, ProofStep, Rule};
pub use saturate::{IndexSet, InferenceFilter, Limit, ProofOutcome, Prover, StepOutcome};
pub use stats::Stats;

#[cfg(test)]
mod test_builder;

#[cfg(test)]
mod tests;

#[cfg(test)]
mod rule_tests;

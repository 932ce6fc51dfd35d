//! The superposition prover: given-clause saturation, inference and simplification rules, term
//! indexes, proof recording and the independent proof checker.
//!
//! Architecture invariant: the prover imports only `fol`; never the front ends or the REPL.

pub mod check;
pub mod index;
pub mod proof;

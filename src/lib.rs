//! craig: an interactive theorem-proving workbench built around its own superposition prover.
//!
//! The crate map and its dependency invariants are in `docs/ARCHITECTURE.md`.

pub mod fol;
pub mod input;
pub mod prover;

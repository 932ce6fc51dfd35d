//! craig: an interactive theorem-proving workbench built around its own superposition prover.
//!
//! The crate map and its dependency invariants are in `docs/ARCHITECTURE.md`.

#![warn(missing_docs)]

pub mod automata;
pub mod boolprog;
pub mod c;
pub mod cfa;
pub mod cli;
pub mod fmb;
pub mod fol;
pub mod hol;
pub mod hybrid;
pub mod input;
pub mod inst;
pub mod interpolate;
pub mod ir;
pub mod java;
pub mod notation;
pub mod prover;
pub mod refine;
pub mod repl;
pub mod sat;
pub mod saturn;
pub mod scheme;
pub mod session;
pub mod smash;
pub mod smt;
pub mod smtlib;
pub mod solve;
pub mod spec;
pub mod syntax;
pub mod translate;
pub mod vc;
pub mod verify;

//! First-order logic kernel: symbols, hash-consed terms, literals, clauses, substitutions, KBO.
//!
//! Architecture invariant: nothing here imports the prover, the front ends or the REPL,
//! and terms carry no source spans.

pub mod clause;
pub mod kbo;
pub mod signature;
pub mod subst;
pub mod term;

pub use clause::{Clause, Literal};
pub use kbo::{Comparison, Kbo, TermOrdering};
pub use signature::{Signature, SymbolId, SymbolKind, SymbolOrigin};
pub use subst::{Scope, Substitution};
pub use term::{TermBank, TermId, TermView};

//! SMT-LIB 2 for QF_UF, QF_LRA, QF_LIA, QF_UFLIA, QF_UFLRA and the array logics QF_AX, QF_ALIA
//! and QF_AUFLIA: the SMT-LIB dialect of the shared S-expression reader
//! ([`crate::syntax::sexpr`]) and a command layer that elaborates assertions into
//! [`crate::smt`] formulas and answers as the standard prints them.
//!
//! A front end: it names [`crate::smt`] and [`crate::syntax`], never the prover or `solve`
//! (`tests/it/tidy.rs`). The Scheme front end reads through the same reader in its own dialect.
//!
//! # Files
//!
//! - `sexpr.rs`: the SMT-LIB dialect of the S-expression reader ([`parse`], [`SExpr`]).
//! - `session.rs`: the [`Session`] state and what every command shares ([`Outcome`], failures).
//! - `script.rs`: [`Session::run_script`] and the dispatch of each command by name.
//! - `settings.rs`, `declarations.rs`, `assertions.rs`, `queries.rs`, `interpolation.rs`: the
//!   commands, one method each, by concern.
//! - `logic.rs`: the `Signature` of the script's logic: which theory sorts and
//!   symbols exist, so that a name outside them is the script's own.
//! - `elaborate.rs`: SMT-LIB sorts, terms and formulas into the engine's terms.
//! - `print.rs`: answers as SMT-LIB text.
//! - `proof.rs`: `get-proof`'s printer; `theory.rs`: a script as a workbench theory;
//!   `quantified.rs` and `quantified/`: quantified UF scripts written as TFF for the prover.

mod assertions;
mod declarations;
mod elaborate;
mod interpolation;
mod logic;
mod print;
mod proof;
mod quantified;
mod queries;
mod script;
mod session;
mod settings;
mod sexpr;
mod theory;

pub use quantified::{
    FiniteTables, Report, Verdict, has_quantifiers, quantified_theory, run_quantified,
    run_quantified_diagnosed,
};
pub use session::{Outcome, Session};
pub use sexpr::{MAX_DEPTH, SExpr, parse};
pub use theory::{ScriptAssertion, ScriptTheory, TheoryError, read_theory};

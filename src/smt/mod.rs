//! A ground SMT engine for equality with uninterpreted functions (EUF), linear arithmetic and
//! arrays: hash-consed terms, a congruence closure with explanations, a simplex, array lemmas
//! on demand, their combination, and a CDCL(T) loop over [`crate::sat`].
//!
//! The module is written as if it were a crate: it names no other craig module except
//! [`crate::sat`] (and [`crate::syntax`] if it ever reports diagnostics); `tests/it/tidy.rs`
//! enforces this. Front ends (SMT-LIB in `crate::smtlib`) build [`Formula`]s over a
//! [`TermStore`] and call [`check`].
//!
//! # Files
//!
//! - `term.rs`: sorts, functions, hash-consed terms ([`TermStore`]) and [`Formula`]s.
//! - `tseitin.rs`: the Tseitin encoder, each clause recorded with its origin.
//! - `cdclt.rs`: the CDCL(T) loop ([`check()`], [`check_with_refutation`]): the theories inside
//!   the SAT search, the combination of EUF with arithmetic, the answer and its counters.
//! - `model.rs`: [`Model`]s, their evaluation, and the model built from the final classes.
//! - `error.rs`: [`SmtError`].
//! - `cc.rs` (congruence closure with explanations), `check.rs` (the independent EUF lemma
//!   checker), `linear.rs` (linear forms and atoms, the theory check per propositional model,
//!   LIA sequence interpolants), `simplex.rs`, `farkas.rs` (the independent Farkas checker),
//!   `arrays.rs` and `array_check.rs` (array lemmas on demand and their independent checker).
//! - `interpolate/`: interpolants read off the loop's refutations; `equality_basis.rs` is
//!   their last simplification.
//! - `proof.rs`: the refutation of an `unsat` answer as a proof with a certificate per leaf.
//!
//! # Arrays
//!
//! `(Array I E)` sorts with `select`, `store`, constant arrays and the index of difference
//! `@diff` that interpolants name ([`ArrayOp`]; its defining axiom and congruence are
//! instances like the others), decided by
//! lemmas on demand ([`arrays`]): when EUF and arithmetic accept a propositional model, the
//! read-over-write instances for the reads in the classes of each store term and its base,
//! the constant-read instances for the reads in the class of each constant array, and an
//! extensionality instance with a fresh witness for each false array equality, are added as
//! clauses (each confirmed by [`array_check`], which shares no code with [`arrays`] and names
//! the schema the proof prints), until the classes need none. The model gives each class of arrays a default and an exception
//! per read ([`ArrayValue`]), and evaluation computes `select`, `store` and array equality on
//! those values.
//!
//! # Soundness
//!
//! - `Sat`: the model (a value per term class, a table per function) is rebuilt from the
//!   final classes, checked to be a function (congruent applications agree), and every
//!   assertion is evaluated in it ([`Model::eval`]); a false assertion is
//!   [`SmtError::ModelRejected`], never `Sat`.
//! - `Unsat`: every theory lemma is checked by [`check::implies`], a naive closure sharing no
//!   code with [`cc`], when it is made; the SAT refutation is checked by `crate::sat`'s proof
//!   checker, and its leaves are checked to be exactly the clauses this module added.
//!
//! # Determinism
//!
//! Hash maps are used only for lookups; terms, atoms and lemmas are numbered in creation
//! order, so the same input gives the same answer, model and counters.

pub mod array_check;
pub mod arrays;
pub mod cc;
mod cdclt;
pub mod check;
mod deadline;
pub mod equality_basis;
mod error;
pub mod farkas;
pub mod interpolate;
pub mod linear;
mod model;
pub mod proof;
pub mod simplex;
mod term;
mod tseitin;

pub use cdclt::{
    Answer, MAX_CUTS, MAX_SPLITS, SmtStats, check, check_with_refutation, check_with_split_limit,
    check_within,
};
pub use deadline::Deadline;
pub use error::SmtError;
pub use model::{ArrayValue, Model, ModelValue, Table, euclidean_div};
pub use term::{
    ArithOp, ArrayOp, Formula, FunDecl, FunId, Interpretation, SortId, Term, TermId, TermStore,
};
// The loop and the encoder's records, for interpolation and proofs (not part of the API).
use cdclt::check_in;
use tseitin::{Encoder, Origin};

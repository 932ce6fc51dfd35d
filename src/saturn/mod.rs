//! Saturn (Xie and Aiken, seed 001): bit-precise symbolic execution of each function into a
//! boolean formula, decided by craig's own SAT solver, for bug finding.
//!
//! A function's body (the IR's control-flow graph, loops unrolled `k` times: [`unroll`]) is
//! executed symbolically in topological order ([`symbolic`]): every integer is a vector of
//! [`boolean`] DAG literals built by the [`bitvector`] circuits, every program point has a
//! [`guard`] (a BDD over named branch conditions), and values merge at joins by multiplexers.
//! Checks are SAT queries on the cone of their formula (one incremental solver per function,
//! [`boolean::Cnf`]). The checkers: [`assert`] (reachability of failing `assert`s, SV-COMP's
//! `unreach-call`, as a bug finder within the unrolling: every warning comes with the run's
//! inputs read from a checked model and replayed on the IR's interpreter).
//!
//! Saturn is unsound by design: loops run at most `k` times, recursion is cut, calls kept as
//! calls have unknown results, and values leaving the blasting width are cut; every run says
//! which of these steps it took ([`assert::Unsound`]). A warning is a claim of a bug, so it is
//! only made from a satisfying assignment that was evaluated against its query.
//!
//! [`render`] says a checker's findings in words, the same at the prompt and on the command
//! line; [`sarif`] writes them as SARIF 2.1.0 for code-scanning tools. The lock and leak
//! checkers' per-function results can be kept in a SQLite [`database`] under a
//! [`fingerprint`] of what each depends on, so a rerun analyses only what an edit changed and
//! shards of a code base share their work.
//!
//! Depends on `ir` (the program), `hol` (the IR's terms), `sat` and `syntax` only.

pub mod assert;
pub mod bitvector;
pub mod boolean;
pub mod database;
pub mod error;
pub mod fingerprint;
pub mod guard;
pub mod leak;
pub mod lock;
pub mod reach;
pub mod render;
pub mod sarif;
pub mod schedule;
pub mod symbolic;
pub mod unroll;

pub use error::SaturnError;

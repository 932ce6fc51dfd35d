//! First-order logic kernel: symbols, hash-consed terms, literals, clauses, substitutions, KBO and
//! LPO, and the first-order working forms every front end and analysis lowers into: formulas, their
//! clausification, the sort encodings, typed origins, and the clausified problem.
//!
//! Architecture invariant: nothing here imports the prover, the front ends or the REPL (only the
//! shared `syntax` spans), and terms carry no source spans.

pub mod clause;
pub mod clausify;
pub mod formula;
pub mod kbo;
pub mod lpo;
pub mod monotone;
pub mod ordering;
pub mod origin;
pub mod precedence;
pub mod problem;
pub mod signature;
pub mod sorts;
pub mod subst;
pub mod term;

pub use clause::{Clause, Literal};
pub use clausify::Clausifier;
pub use formula::{Formula, Quantifier};
pub use kbo::Kbo;
pub use lpo::Lpo;
pub use ordering::ChosenOrdering;
pub use origin::{InputSource, Part, Role};
pub use precedence::{Comparison, Precedence, TermOrdering};
pub use problem::{InputClause, Problem};
pub use signature::{Signature, SymbolId, SymbolKind, SymbolOrigin};
pub use sorts::{SortDecision, SortMode};
pub use subst::{Scope, Substitution};
pub use term::{TermBank, TermId, TermView};

//! Term and clause indexes behind one trait each, so the loop can swap implementations and every
//! implementation can be tested against the brute-force `LinearIndex`.
//!
//! Retrieval returns *candidates*: a superset of the exact answers, each of which the caller
//! confirms with real unification or matching. An index may never miss an exact answer.

mod arena;
pub mod discrimination_tree;
pub mod feature_vector;
pub mod linear;

pub use discrimination_tree::DiscriminationTree;
pub use feature_vector::FeatureVectorIndex;
pub use linear::{LinearClauseIndex, LinearIndex};

use crate::fol::{Clause, TermBank, TermId};
use crate::prover::proof::ClauseId;

/// What an index stores with each term: the clause, the literal and where in it the term sits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct TermEntry {
    /// The clause holding the term.
    pub clause: ClauseId,
    /// The literal's index in the clause.
    pub literal: u16,
    /// 0 for the literal's left side, 1 for its right side.
    pub side: u8,
    /// Index into a position table kept by the caller (0 for a literal side itself).
    pub position: u32,
}

/// A term index: terms with entries, queried for unifiable terms, generalizations and instances.
/// Query terms and stored terms are in separate variable scopes (a query `f(X0)` and a stored
/// `f(X0)` do not share `X0`).
pub trait TermIndex {
    /// Adds `term` with `entry`.
    fn insert(&mut self, bank: &TermBank, term: TermId, entry: TermEntry);
    /// Removes `term` with `entry` (no effect when absent).
    fn remove(&mut self, bank: &TermBank, term: TermId, entry: TermEntry);
    /// Candidates that may unify with `query`.
    fn unifiable(&self, bank: &TermBank, query: TermId, out: &mut Vec<(TermId, TermEntry)>);
    /// Candidates that may be generalizations of `query` (stored term matches onto the query).
    fn generalizations(&self, bank: &TermBank, query: TermId, out: &mut Vec<(TermId, TermEntry)>);
    /// Candidates that may be instances of `query` (the query matches onto the stored term).
    fn instances(&self, bank: &TermBank, query: TermId, out: &mut Vec<(TermId, TermEntry)>);
    /// Number of stored (term, entry) pairs.
    fn len(&self) -> usize;
    /// Whether nothing is stored.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A clause index for subsumption: which stored clauses may subsume a query, or be subsumed by it.
pub trait ClauseIndex {
    /// Adds a clause.
    fn insert(&mut self, bank: &TermBank, clause: &Clause, id: ClauseId);
    /// Removes a clause (no effect when absent).
    fn remove(&mut self, bank: &TermBank, clause: &Clause, id: ClauseId);
    /// Candidates that may subsume `clause`.
    fn subsumer_candidates(&self, bank: &TermBank, clause: &Clause, out: &mut Vec<ClauseId>);
    /// Candidates that `clause` may subsume.
    fn subsumed_candidates(&self, bank: &TermBank, clause: &Clause, out: &mut Vec<ClauseId>);
    /// Number of stored clauses.
    fn len(&self) -> usize;
    /// Whether nothing is stored.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

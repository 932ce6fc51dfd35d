//! Brute-force indexes: every stored item is a candidate. The reference the real indexes are
//! property-tested against, and a fallback for tiny problems.

use super::{ClauseIndex, TermEntry, TermIndex};
use crate::fol::{Clause, TermBank, TermId};
use crate::prover::proof::ClauseId;

/// A term index that returns everything it holds, in insertion order.
#[derive(Clone, Debug, Default)]
pub struct LinearIndex {
    items: Vec<(TermId, TermEntry)>,
}

impl LinearIndex {
    /// An empty index.
    pub fn new() -> Self {
        Self::default()
    }
}

impl TermIndex for LinearIndex {
    fn insert(&mut self, _bank: &TermBank, term: TermId, entry: TermEntry) {
        self.items.push((term, entry));
    }
    fn remove(&mut self, _bank: &TermBank, term: TermId, entry: TermEntry) {
        if let Some(i) = self.items.iter().position(|&(t, e)| t == term && e == entry) {
            self.items.remove(i);
        }
    }
    fn unifiable(&self, _bank: &TermBank, _query: TermId, out: &mut Vec<(TermId, TermEntry)>) {
        out.extend_from_slice(&self.items);
    }
    fn generalizations(&self, _bank: &TermBank, _q: TermId, out: &mut Vec<(TermId, TermEntry)>) {
        out.extend_from_slice(&self.items);
    }
    fn instances(&self, _bank: &TermBank, _query: TermId, out: &mut Vec<(TermId, TermEntry)>) {
        out.extend_from_slice(&self.items);
    }
    fn len(&self) -> usize {
        self.items.len()
    }
}

/// A clause index that returns every stored clause.
#[derive(Clone, Debug, Default)]
pub struct LinearClauseIndex {
    items: Vec<ClauseId>,
}

impl LinearClauseIndex {
    /// An empty index.
    pub fn new() -> Self {
        Self::default()
    }
}

impl ClauseIndex for LinearClauseIndex {
    fn insert(&mut self, _bank: &TermBank, _clause: &Clause, id: ClauseId) {
        self.items.push(id);
    }
    fn remove(&mut self, _bank: &TermBank, _clause: &Clause, id: ClauseId) {
        self.items.retain(|&c| c != id);
    }
    fn subsumer_candidates(&self, _bank: &TermBank, _clause: &Clause, out: &mut Vec<ClauseId>) {
        out.extend_from_slice(&self.items);
    }
    fn subsumed_candidates(&self, _bank: &TermBank, _clause: &Clause, out: &mut Vec<ClauseId>) {
        out.extend_from_slice(&self.items);
    }
    fn len(&self) -> usize {
        self.items.len()
    }
}

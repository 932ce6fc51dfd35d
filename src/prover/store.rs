//! The clause store: every clause ever made, by id. Clauses deleted by simplification are retired,
//! not freed, because proofs and unsat cores still reach them.

use super::proof::{ClauseId, ProofStep};
use crate::fol::Clause;

/// Where a clause is in the loop.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ClauseState {
    /// Waiting to be selected.
    Passive,
    /// Selected and taking part in inferences and simplification.
    Active,
    /// Deleted or replaced by simplification; kept for proofs.
    Retired,
}

/// A literal side of an active clause into which superposition may rewrite, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IntoPosition {
    /// Literal index.
    pub literal: u16,
    /// 0 for the left side, 1 for the right.
    pub side: u8,
    /// Path of argument indices from the side's root.
    pub path: Vec<u32>,
}

/// One clause with its history and loop state.
#[derive(Clone, Debug)]
pub struct StoredClause {
    /// The clause, variables numbered from 0.
    pub clause: Clause,
    /// How it was made.
    pub step: ProofStep,
    /// Where it is in the loop.
    pub state: ClauseState,
    /// Whether it descends from the negated conjecture (for goal-directed selection).
    pub goal: bool,
    /// The selected literal, fixed when the clause becomes active.
    pub selected: Option<u16>,
    /// Positions that superposition may rewrite into (filled when active).
    pub into_positions: Vec<IntoPosition>,
}

/// All clauses of a search.
#[derive(Clone, Debug, Default)]
pub struct ClauseStore {
    clauses: Vec<StoredClause>,
}

impl ClauseStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a clause in the passive state.
    pub fn add(&mut self, clause: Clause, step: ProofStep, goal: bool) -> ClauseId {
        let id = ClauseId(self.clauses.len() as u32);
        self.clauses.push(StoredClause {
            clause,
            step,
            state: ClauseState::Passive,
            goal,
            selected: None,
            into_positions: Vec::new(),
        });
        id
    }

    /// The stored clause `id`.
    pub fn get(&self, id: ClauseId) -> &StoredClause {
        &self.clauses[id.0 as usize]
    }

    /// The stored clause `id`, mutably.
    pub fn get_mut(&mut self, id: ClauseId) -> &mut StoredClause {
        &mut self.clauses[id.0 as usize]
    }

    /// The clause `id`.
    pub fn clause(&self, id: ClauseId) -> &crate::fol::Clause {
        &self.clauses[id.0 as usize].clause
    }

    /// Number of clauses ever stored.
    pub fn len(&self) -> usize {
        self.clauses.len()
    }

    /// Whether the store is empty.
    pub fn is_empty(&self) -> bool {
        self.clauses.is_empty()
    }
}

//! The clause store: every clause ever made, by id. Clauses deleted by simplification are retired,
//! not freed, because proofs and unsat cores still reach them.

use super::proof::{ClauseId, ProofStep, Rule};
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
    /// Out of the search because a split name it holds under is retracted; it comes back (to the
    /// passive set) when every one of its names is asserted again.
    Frozen,
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
    /// The split components (AVATAR names, ascending) the clause was derived under: it holds
    /// only while every one of them is asserted, and leaves the search when one is retracted.
    /// Empty for every clause of a search without splitting.
    pub assertions: Vec<u32>,
}

/// All clauses of a search.
#[derive(Clone, Debug, Default)]
pub struct ClauseStore {
    clauses: Vec<StoredClause>,
    /// By split name: the clauses stored with that name among their assertions since it was
    /// last retracted (the ones to take out of the search when it is retracted again).
    dependents: Vec<Vec<ClauseId>>,
}

impl ClauseStore {
    /// An empty store.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a clause in the passive state. An inference or simplification conclusion holds
    /// under the union of its premises' assertions; input clauses and the splitting steps'
    /// own records hold under none (a component holds under its own name, set by the splitter).
    pub fn add(&mut self, clause: Clause, step: ProofStep, goal: bool) -> ClauseId {
        let id = ClauseId(self.clauses.len() as u32);
        let mut assertions = Vec::new();
        if !matches!(
            step.rule,
            Rule::Input | Rule::AvatarComponent | Rule::AvatarSplit | Rule::AvatarSatResolution
        ) {
            for p in &step.premises {
                assertions.extend_from_slice(&self.clauses[p.clause.0 as usize].assertions);
            }
            if step.premises.len() > 1 {
                assertions.sort_unstable();
                assertions.dedup();
            }
        }
        self.clauses.push(StoredClause {
            clause,
            step,
            state: ClauseState::Passive,
            goal,
            selected: None,
            into_positions: Vec::new(),
            assertions,
        });
        self.register_dependent(id);
        id
    }

    /// Records `id` as a dependent of each of its assertions.
    pub fn register_dependent(&mut self, id: ClauseId) {
        for &name in &self.clauses[id.0 as usize].assertions {
            let name = name as usize;
            if self.dependents.len() <= name {
                self.dependents.resize_with(name + 1, Vec::new);
            }
            self.dependents[name].push(id);
        }
    }

    /// The clauses registered under `name` since it was last retracted; the list is emptied.
    pub fn take_dependents(&mut self, name: u32) -> Vec<ClauseId> {
        self.dependents.get_mut(name as usize).map(std::mem::take).unwrap_or_default()
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

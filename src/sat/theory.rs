//! The theory hook of the search (CDCL(T)): a [`Theory`] sees the trail grow and shrink during
//! [`Solver::solve_with_theory`](super::Solver::solve_with_theory) and answers with conflict
//! clauses or propagations, which the solver adds as original clauses mid-search.
//!
//! The contract, in the order the search calls it:
//!
//! - [`Theory::backtrack`] with the current decision level before every other call: the
//!   theory forgets whatever it learned from literals above that level (it may be called with
//!   a level it has already backtracked to; that does nothing).
//! - [`Theory::assigned`] after each unit-propagation fixpoint without conflict, with the
//!   literals assigned since the last call, all at the current decision level.
//! - [`Theory::final_check`] when every variable is assigned.
//!
//! Each answer's clauses are lemmas the theory vouches for (the SMT engine checks each with its
//! independent checkers before answering). The solver records every one as an original clause,
//! exactly as [`Solver::add_clause`](super::Solver::add_clause) records one, so proofs, their
//! checker and leaf checks see nothing new; it reports each clause id back through
//! [`Theory::lemma_added`], in the order the clauses were given, so that the theory can say
//! where the clause came from.

use super::lit::Lit;
use super::proof::ClauseId;

/// What the theory says about the current partial (or complete) assignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TheoryAnswer {
    /// Consistent as far as the theory can tell.
    Fine,
    /// A clause whose literals are all false now.
    Conflict(Vec<Lit>),
    /// Clauses whose first literal is implied: every other literal is false now. The first
    /// literal is normally unassigned; the solver copes with any state (already true: the
    /// clause is only stored; false: it is a conflict).
    Propagations(Vec<Vec<Lit>>),
    /// The theory cannot go on (an internal check failed); the search stops with
    /// [`StopReason::Theory`](super::StopReason::Theory) and the theory keeps the reason.
    Stop,
}

/// The solver's assignment as the theory may read it.
pub struct Assignment<'a> {
    pub(crate) values: &'a [i8],
    pub(crate) level: u32,
}

impl Assignment<'_> {
    /// The value of `lit`: `None` when unassigned (or when the solver never saw its variable).
    pub fn value(&self, lit: Lit) -> Option<bool> {
        match self.values.get(lit.index()).copied().unwrap_or(0) {
            0 => None,
            v => Some(v > 0),
        }
    }

    /// The current decision level.
    pub fn level(&self) -> u32 {
        self.level
    }
}

/// A theory solver plugged into the CDCL search. See the [module documentation](self).
pub trait Theory {
    /// Forget what was learned from literals assigned above `level`.
    fn backtrack(&mut self, level: u32);
    /// `new` literals were assigned (at the current level) and propagated without conflict.
    fn assigned(&mut self, new: &[Lit], assignment: &Assignment<'_>) -> TheoryAnswer;
    /// Every variable is assigned; `Fine` makes the assignment the answer.
    fn final_check(&mut self, assignment: &Assignment<'_>) -> TheoryAnswer;
    /// The clause given in the last answer (the next one in order) got this id.
    fn lemma_added(&mut self, id: ClauseId);
}

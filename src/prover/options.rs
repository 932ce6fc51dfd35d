//! Options of the search: limits, clause selection, literal selection. Everything a user may want
//! to tune lives here, so strategies can be compared without code changes.

use std::time::Duration;

/// Which negative literal, if any, a clause selects. Selecting a negative literal restricts
/// inferences to it and keeps the calculus complete.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LiteralSelection {
    /// No selection: inferences on maximal literals only.
    None,
    /// Select the heaviest negative literal (ties: the first), in every clause with one.
    MaxWeightNegative,
    /// Select the heaviest negative literal only in clauses that have a positive literal too
    /// (so purely negative clauses stay ordered), a middle ground between the two above.
    MaxWeightNegativeIfPositive,
    /// Select, in every clause with a negative literal, the negative literal with the most
    /// non-variable argument positions, then the heaviest: a literal whose arguments are all
    /// variables unifies with nearly everything, so selecting it breeds inferences.
    MostInstantiatedNegative,
}

/// Limits on the search; `None` means unlimited.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// Wall-clock limit.
    pub time: Option<Duration>,
    /// Maximum number of given clauses processed (deterministic, for tests).
    pub given_clauses: Option<u64>,
    /// Memory guard: maximum number of clauses in the store.
    pub clauses: Option<usize>,
    /// Memory guard: maximum number of distinct terms in the bank.
    pub terms: Option<usize>,
}

/// Options of the saturation loop.
#[derive(Clone, Debug)]
pub struct ProverOptions {
    /// Of every `age_ratio + weight_ratio` given clauses, `age_ratio` are the oldest passive
    /// clause and `weight_ratio` the lightest.
    pub age_ratio: u32,
    /// See `age_ratio`.
    pub weight_ratio: u32,
    /// Literal selection function.
    pub selection: LiteralSelection,
    /// Weight multiplier (in percent) for clauses not descended from the negated conjecture, so
    /// goal-directed clauses are preferred by the weight queue. 100 turns the bonus off.
    pub non_goal_weight_percent: u32,
    /// Search limits.
    pub limits: Limits,
}

impl Default for ProverOptions {
    fn default() -> Self {
        ProverOptions {
            age_ratio: 1,
            weight_ratio: 5,
            selection: LiteralSelection::MaxWeightNegativeIfPositive,
            non_goal_weight_percent: 150,
            limits: Limits::default(),
        }
    }
}

//! A clausified problem: what the prover starts from.

use super::{Clause, InputSource, Signature, TermBank};

/// One input clause with its origin.
#[derive(Clone, Debug)]
pub struct InputClause {
    /// The clause, variables numbered from 0.
    pub clause: Clause,
    /// The TPTP formula or clause it came from.
    pub source: InputSource,
}

/// A problem ready for the prover.
#[derive(Clone, Debug, Default)]
pub struct Problem {
    /// The problem name (the file stem, e.g. `PUZ001-1`).
    pub name: String,
    /// Every symbol of the problem.
    pub signature: Signature,
    /// Every term of the problem.
    pub bank: TermBank,
    /// The clauses, in input order.
    pub clauses: Vec<InputClause>,
    /// Whether the input had a `conjecture` (then a refutation means Theorem, saturation
    /// CounterSatisfiable; otherwise Unsatisfiable and Satisfiable).
    pub has_conjecture: bool,
    /// Whether clausification kept every formula's meaning exactly (no approximation). When false,
    /// a saturated clause set is not reported as satisfiable.
    pub complete: bool,
    /// For a typed (TFF) problem, what the sort encoding did with each sort; empty otherwise.
    pub sort_decisions: Vec<super::sorts::SortDecision>,
}

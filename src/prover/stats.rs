//! Deterministic counters of one search, shown to users and read by tests instead of wall time.

/// What the loop did, counted.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Stats {
    /// Given clauses processed.
    pub given: u64,
    /// Clauses produced by generating inferences.
    pub generated: u64,
    /// Superposition inferences.
    pub superpositions: u64,
    /// Equality resolution inferences.
    pub equality_resolutions: u64,
    /// Equality factoring inferences.
    pub equality_factorings: u64,
    /// Clauses deleted as tautologies.
    pub tautologies: u64,
    /// Given clauses deleted by forward subsumption.
    pub forward_subsumed: u64,
    /// Active clauses deleted by backward subsumption.
    pub backward_subsumed: u64,
    /// Rewrite steps by forward demodulation.
    pub forward_rewrites: u64,
    /// Active clauses rewritten by backward demodulation.
    pub backward_rewritten: u64,
    /// Literals cut by subsumption resolution.
    pub subsumption_resolutions: u64,
    /// Clauses in the active set now.
    pub active: u64,
    /// Clauses waiting in the passive set now.
    pub passive: u64,
}

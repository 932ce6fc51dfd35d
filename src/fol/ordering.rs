//! The ordering a prover runs with: KBO (the default) or LPO, chosen per strategy. Above both
//! orderings, so that they need not know each other.

use super::kbo::Kbo;
use super::lpo::Lpo;
use super::precedence::{Comparison, TermOrdering};
use super::term::{TermBank, TermId};

/// The ordering a prover runs with: KBO (the default) or LPO, chosen per strategy.
#[derive(Clone, Debug)]
pub enum ChosenOrdering {
    /// The Knuth-Bendix ordering.
    Kbo(Kbo),
    /// The lexicographic path ordering.
    Lpo(Lpo),
}

impl TermOrdering for ChosenOrdering {
    fn compare(&self, bank: &TermBank, s: TermId, t: TermId) -> Comparison {
        match self {
            ChosenOrdering::Kbo(kbo) => kbo.compare(bank, s, t),
            ChosenOrdering::Lpo(lpo) => lpo.compare(bank, s, t),
        }
    }
}

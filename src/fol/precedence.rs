//! The vocabulary every term ordering shares: the outcome of a comparison, the `TermOrdering`
//! trait, and symbol precedences, which KBO (`kbo.rs`) and LPO (`lpo.rs`) both compare head
//! symbols by. It sits below both orderings so that neither names the other.

use super::signature::{Signature, SymbolId};
use super::term::{TermBank, TermId};

/// The outcome of comparing two terms in a partial ordering.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Comparison {
    /// The left term is greater.
    Greater,
    /// The left term is smaller.
    Less,
    /// The terms are the same.
    Equal,
    /// Neither is greater (some instance could go either way).
    Incomparable,
}

impl Comparison {
    /// The comparison seen from the other side.
    pub fn reverse(self) -> Comparison {
        match self {
            Comparison::Greater => Comparison::Less,
            Comparison::Less => Comparison::Greater,
            other => other,
        }
    }
}

/// A simplification ordering on terms, total on ground terms.
pub trait TermOrdering {
    /// Compares `s` with `t`.
    fn compare(&self, bank: &TermBank, s: TermId, t: TermId) -> Comparison;
}

/// A symbol precedence: `rank[symbol]`, a larger rank a larger symbol, `$true` the smallest.
/// KBO and LPO both compare head symbols by it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Precedence {
    ranks: Vec<u32>,
}

impl Precedence {
    /// The precedence with `ranks[symbol] = rank`.
    pub fn from_ranks(ranks: Vec<u32>) -> Self {
        Precedence { ranks }
    }

    /// The precedence that sorts the symbols by `key` (smaller keys smaller symbols), `$true`
    /// lowest and ties broken by id so that the result is deterministic.
    pub fn sorted_by<K: Ord>(signature: &Signature, mut key: impl FnMut(SymbolId) -> K) -> Self {
        let mut ids: Vec<SymbolId> = signature.ids().collect();
        ids.sort_by_cached_key(|&id| (id != Signature::TRUE, key(id), id));
        let mut ranks = vec![0; signature.len()];
        for (rank, id) in ids.into_iter().enumerate() {
            ranks[id.0 as usize] = rank as u32;
        }
        Precedence { ranks }
    }

    /// craig's default: by arity (larger arity larger), then by how rarely the symbol occurs
    /// (rarer larger, as E's "invfreq" does, so that frequent symbols are small and clauses
    /// rewrite towards them). `counts[symbol]` is the number of occurrences in the input.
    pub fn by_arity_then_rarity(signature: &Signature, counts: &[u32]) -> Self {
        Self::sorted_by(signature, |id| {
            let count = counts.get(id.0 as usize).copied().unwrap_or(0);
            (signature.arity(id), std::cmp::Reverse(count))
        })
    }

    /// The rank of `symbol`; symbols created after the precedence was fixed rank above all others,
    /// ordered by id (fresh Skolem and definition symbols are then large, which is what we want).
    pub fn rank(&self, symbol: SymbolId) -> u64 {
        match self.ranks.get(symbol.0 as usize) {
            Some(&r) => r as u64,
            None => self.ranks.len() as u64 + symbol.0 as u64,
        }
    }

    /// Makes room for symbols created after the precedence was fixed (they rank highest).
    pub fn extend_to(&mut self, n_symbols: usize) {
        while self.ranks.len() < n_symbols {
            let r = self.ranks.len() as u32;
            self.ranks.push(r);
        }
    }
}

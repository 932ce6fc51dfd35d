//! The Knuth-Bendix ordering (KBO) with unit weights and a precedence given from outside.
//!
//! The ordering is pluggable because interpolation needs one in which symbols local to one side
//! of a split are larger than every shared symbol; that is a precedence choice, so KBO takes its
//! precedence from outside (a `Precedence`, which LPO shares). All symbol weights are 1 (the bank caches exactly that weight), which
//! keeps weight comparison O(1) per term.

use std::cmp::Ordering;

use super::precedence::{Comparison, Precedence, TermOrdering};
use super::signature::{Signature, SymbolId};
use super::term::{TermBank, TermId, TermView};

/// The Knuth-Bendix ordering with unit weights and a given precedence.
#[derive(Clone, Debug)]
pub struct Kbo {
    precedence: Precedence,
}

impl Kbo {
    /// KBO with `precedence[symbol] = rank`.
    pub fn new(precedence: Vec<u32>) -> Self {
        Kbo { precedence: Precedence::from_ranks(precedence) }
    }

    /// KBO over `precedence`.
    pub fn with_precedence(precedence: Precedence) -> Self {
        Kbo { precedence }
    }

    /// KBO over craig's default precedence ([`Precedence::by_arity_then_rarity`]).
    pub fn from_problem(signature: &Signature, counts: &[u32]) -> Self {
        Kbo { precedence: Precedence::by_arity_then_rarity(signature, counts) }
    }

    /// The rank of `symbol` (see [`Precedence::rank`]).
    pub fn rank(&self, symbol: SymbolId) -> u64 {
        self.precedence.rank(symbol)
    }

    /// Makes room for symbols created after the precedence was fixed (they rank highest).
    pub fn extend_to(&mut self, n_symbols: usize) {
        self.precedence.extend_to(n_symbols);
    }

    /// Adds `sign` to `balance[v]` for each occurrence of variable `v` in `t`; `balance` covers
    /// every variable of `t`.
    fn var_balance(bank: &TermBank, t: TermId, sign: i32, balance: &mut [i32]) {
        if bank.is_ground(t) {
            return;
        }
        match bank.view(t) {
            TermView::Var(v) => balance[v as usize] += sign,
            TermView::App(_, args) => {
                for &a in args {
                    Self::var_balance(bank, a, sign, balance);
                }
            }
        }
    }

    /// Whether every variable occurs in `s` at least as often as in `t`, and the other way round.
    fn variable_cover(bank: &TermBank, s: TermId, t: TermId) -> (bool, bool) {
        /// Terms with fewer variables count them in a stack array: this runs at every level of
        /// every comparison, and a heap buffer there showed among the prover's top costs.
        const INLINE_VARS: usize = 32;
        let bound = bank.var_bound(s).max(bank.var_bound(t)) as usize;
        let mut inline = [0i32; INLINE_VARS];
        let mut spilled = Vec::new();
        let balance = if bound <= INLINE_VARS {
            &mut inline[..bound]
        } else {
            spilled.resize(bound, 0);
            &mut spilled[..]
        };
        Self::var_balance(bank, s, 1, balance);
        Self::var_balance(bank, t, -1, balance);
        (balance.iter().all(|&b| b >= 0), balance.iter().all(|&b| b <= 0))
    }

    fn compare_rec(&self, bank: &TermBank, s: TermId, t: TermId) -> Comparison {
        if s == t {
            return Comparison::Equal;
        }
        if let Some(v) = bank.var_number(t) {
            return if bank.occurs(v, s) { Comparison::Greater } else { Comparison::Incomparable };
        }
        if let Some(v) = bank.var_number(s) {
            return if bank.occurs(v, t) { Comparison::Less } else { Comparison::Incomparable };
        }
        // Variable condition: s > t needs every variable at least as often in s as in t.
        let (s_covers, t_covers) = if bank.is_ground(s) && bank.is_ground(t) {
            (true, true)
        } else {
            Self::variable_cover(bank, s, t)
        };
        let greater = if s_covers { Comparison::Greater } else { Comparison::Incomparable };
        let less = if t_covers { Comparison::Less } else { Comparison::Incomparable };
        match bank.weight(s).cmp(&bank.weight(t)) {
            Ordering::Greater => return greater,
            Ordering::Less => return less,
            Ordering::Equal => {}
        }
        let (Some(f), Some(g)) = (bank.head(s), bank.head(t)) else {
            unreachable!("variables were handled above")
        };
        match self.rank(f).cmp(&self.rank(g)) {
            Ordering::Greater => return greater,
            Ordering::Less => return less,
            Ordering::Equal => {}
        }
        for (&a, &b) in bank.args(s).iter().zip(bank.args(t)) {
            match self.compare_rec(bank, a, b) {
                Comparison::Equal => continue,
                Comparison::Greater => return greater,
                Comparison::Less => return less,
                Comparison::Incomparable => return Comparison::Incomparable,
            }
        }
        // Same symbol, same arguments would be the same term; unreachable with sharing.
        Comparison::Equal
    }
}

impl TermOrdering for Kbo {
    fn compare(&self, bank: &TermBank, s: TermId, t: TermId) -> Comparison {
        self.compare_rec(bank, s, t)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fol::signature::SymbolKind;

    #[test]
    fn kbo_basic_facts() {
        let mut sig = Signature::new();
        let f = sig.intern("f", 1, SymbolKind::Function);
        let g = sig.intern("g", 2, SymbolKind::Function);
        let a = sig.intern("a", 0, SymbolKind::Function);
        let b = sig.intern("b", 0, SymbolKind::Function);
        let kbo = Kbo::from_problem(&sig, &[0, 5, 5, 5, 1]);
        let mut bank = TermBank::new();
        let x = bank.var(0);
        let y = bank.var(1);
        let ta = bank.app(&sig, a, &[]);
        let tb = bank.app(&sig, b, &[]);
        let fx = bank.app(&sig, f, &[x]);
        let ffx = bank.app(&sig, f, &[fx]);
        let gxy = bank.app(&sig, g, &[x, y]);
        let gxx = bank.app(&sig, g, &[x, x]);
        assert_eq!(kbo.compare(&bank, ffx, fx), Comparison::Greater);
        assert_eq!(kbo.compare(&bank, fx, x), Comparison::Greater);
        assert_eq!(kbo.compare(&bank, x, fx), Comparison::Less);
        assert_eq!(kbo.compare(&bank, fx, y), Comparison::Incomparable);
        // Same weight, g has larger arity so larger precedence; every variable of f(f(x)) is in
        // g(x,y), so g(x,y) is greater, but not the other way round.
        assert_eq!(kbo.compare(&bank, gxy, ffx), Comparison::Greater);
        let fy = bank.app(&sig, f, &[y]);
        assert_eq!(kbo.compare(&bank, fx, fy), Comparison::Incomparable);
        assert_eq!(kbo.compare(&bank, gxx, ffx), Comparison::Greater);
        // b is rarer than a, so b > a.
        assert_eq!(kbo.compare(&bank, tb, ta), Comparison::Greater);
        let t = bank.true_term();
        assert_eq!(kbo.compare(&bank, ta, t), Comparison::Greater);
    }
}

//! The lexicographic path ordering (LPO), the alternative to KBO behind `TermOrdering`.
//!
//! LPO compares terms by their head symbols' precedence first and by size never, so a large term
//! built from small symbols can be smaller than a small one built from a big symbol. That suits
//! problems whose equations rewrite towards longer terms (a definition `f(x) = g(x, x, h(x))`
//! orients left to right when `f` is above `g` and `h`, which no KBO with unit weights allows),
//! and distributivity or other axioms that duplicate variables. Like KBO it is a simplification
//! ordering (irreflexive, transitive, monotone, with the subterm property, stable under
//! substitution) and total on ground terms, which is what superposition's completeness and the
//! prover's demodulation checks need; the precedence comes from the same machinery as KBO's.
//!
//! `s = f(s1..sm) > t` iff some `si >= t`, or `t = g(t1..tn)` with `f > g` and `s > tj` for
//! every `j`, or `f = g`, the arguments are lexicographically greater and `s > tj` for every
//! `j`; a variable is smaller than every other term that contains it.

use rustc_hash::FxHashMap;

use super::precedence::{Comparison, Precedence, TermOrdering};
use super::term::{TermBank, TermId};

/// The comparisons already made within one top-level comparison. The naive recursion compares
/// the same pairs of subterms again and again (each argument against the whole other term, in
/// the majority and subterm cases), which is exponential in the depth; with the memo there are
/// at most `|s| * |t|` pairs. Only looked up, never iterated, so it cannot affect the answer's
/// determinism.
type Memo = FxHashMap<(TermId, TermId), Comparison>;

/// The lexicographic path ordering over a given precedence.
#[derive(Clone, Debug)]
pub struct Lpo {
    precedence: Precedence,
}

impl Lpo {
    /// LPO over `precedence`.
    pub fn new(precedence: Precedence) -> Self {
        Lpo { precedence }
    }

    /// The precedence the ordering compares head symbols by.
    pub fn precedence(&self) -> &Precedence {
        &self.precedence
    }

    /// Whether `s >= t`.
    fn at_least(&self, bank: &TermBank, s: TermId, t: TermId, memo: &mut Memo) -> bool {
        matches!(self.compare_rec(bank, s, t, memo), Comparison::Greater | Comparison::Equal)
    }

    /// Whether `s > t` for every argument `t` of `of` (the majority condition).
    fn above_all_args(&self, bank: &TermBank, s: TermId, of: TermId, memo: &mut Memo) -> bool {
        bank.args(of).iter().all(|&t| self.compare_rec(bank, s, t, memo) == Comparison::Greater)
    }

    /// Whether some argument of `of` is at least `t` (the subterm case).
    fn some_arg_at_least(&self, bank: &TermBank, of: TermId, t: TermId, memo: &mut Memo) -> bool {
        bank.args(of).iter().any(|&a| self.at_least(bank, a, t, memo))
    }

    fn compare_rec(&self, bank: &TermBank, s: TermId, t: TermId, memo: &mut Memo) -> Comparison {
        if s == t {
            return Comparison::Equal;
        }
        if let Some(v) = bank.var_number(t) {
            return if bank.occurs(v, s) { Comparison::Greater } else { Comparison::Incomparable };
        }
        if let Some(v) = bank.var_number(s) {
            return if bank.occurs(v, t) { Comparison::Less } else { Comparison::Incomparable };
        }
        if let Some(&known) = memo.get(&(s, t)) {
            return known;
        }
        if let Some(&known) = memo.get(&(t, s)) {
            return known.reverse();
        }
        let result = self.compare_applications(bank, s, t, memo);
        memo.insert((s, t), result);
        result
    }

    /// [`Lpo::compare_rec`] when neither term is a variable.
    fn compare_applications(
        &self,
        bank: &TermBank,
        s: TermId,
        t: TermId,
        memo: &mut Memo,
    ) -> Comparison {
        let (Some(f), Some(g)) = (bank.head(s), bank.head(t)) else {
            unreachable!("variables were handled above")
        };
        // When s's head wins, s > t exactly when s majorises t's arguments (if some argument of
        // s were at least t, it would be above each of t's arguments, and so would s); t > s
        // can then only come from an argument of t being at least s. Symmetrically for t's head.
        match self.precedence.rank(f).cmp(&self.precedence.rank(g)) {
            std::cmp::Ordering::Greater => return self.by_majority(bank, s, t, memo),
            std::cmp::Ordering::Less => return self.by_majority(bank, t, s, memo).reverse(),
            std::cmp::Ordering::Equal => {}
        }
        // Same head symbol (and so the same arity): the first differing argument decides, under
        // the majority condition; otherwise only the subterm case is left.
        let first_difference =
            bank.args(s).iter().zip(bank.args(t)).find(|(a, b)| a != b).map(|(&a, &b)| (a, b));
        let Some((a, b)) = first_difference else {
            return Comparison::Equal;
        };
        match self.compare_rec(bank, a, b, memo) {
            Comparison::Greater => self.by_majority(bank, s, t, memo),
            Comparison::Less => self.by_majority(bank, t, s, memo).reverse(),
            _ => {
                if self.some_arg_at_least(bank, s, t, memo) {
                    Comparison::Greater
                } else if self.some_arg_at_least(bank, t, s, memo) {
                    Comparison::Less
                } else {
                    Comparison::Incomparable
                }
            }
        }
    }

    /// The comparison of `big` with `small` when `big` wins at the head (a bigger symbol, or the
    /// same one with lexicographically bigger arguments): greater if `big` is above every
    /// argument of `small`, else less if an argument of `small` is at least `big`.
    fn by_majority(
        &self,
        bank: &TermBank,
        big: TermId,
        small: TermId,
        memo: &mut Memo,
    ) -> Comparison {
        if self.above_all_args(bank, big, small, memo) {
            Comparison::Greater
        } else if self.some_arg_at_least(bank, small, big, memo) {
            Comparison::Less
        } else {
            Comparison::Incomparable
        }
    }
}

impl TermOrdering for Lpo {
    fn compare(&self, bank: &TermBank, s: TermId, t: TermId) -> Comparison {
        self.compare_rec(bank, s, t, &mut Memo::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fol::signature::{Signature, SymbolKind};

    #[test]
    fn lpo_orients_what_kbo_cannot() {
        let mut sig = Signature::new();
        let f = sig.intern("f", 1, SymbolKind::Function);
        let g = sig.intern("g", 2, SymbolKind::Function);
        let a = sig.intern("a", 0, SymbolKind::Function);
        // f above g above a: precedence ranks by id here ($true is id 0).
        let mut ranks = vec![0; sig.len()];
        ranks[a.0 as usize] = 1;
        ranks[g.0 as usize] = 2;
        ranks[f.0 as usize] = 3;
        let lpo = Lpo::new(Precedence::from_ranks(ranks));
        let mut bank = TermBank::new();
        let x = bank.var(0);
        let y = bank.var(1);
        let fx = bank.app(&sig, f, &[x]);
        let gxx = bank.app(&sig, g, &[x, x]);
        let g_x_gxx = bank.app(&sig, g, &[x, gxx]);
        // f(x) > g(x, g(x, x)): the head wins and f(x) is above x and g(x, x).
        assert_eq!(lpo.compare(&bank, fx, g_x_gxx), Comparison::Greater);
        assert_eq!(lpo.compare(&bank, g_x_gxx, fx), Comparison::Less);
        // Not when a variable of the right is missing on the left.
        let gxy = bank.app(&sig, g, &[x, y]);
        assert_eq!(lpo.compare(&bank, fx, gxy), Comparison::Incomparable);
        // Same head: lexicographic, under the majority condition.
        let ta = bank.app(&sig, a, &[]);
        let fa = bank.app(&sig, f, &[ta]);
        let g_fa_a = bank.app(&sig, g, &[fa, ta]);
        let g_a_fa = bank.app(&sig, g, &[ta, fa]);
        assert_eq!(lpo.compare(&bank, g_fa_a, g_a_fa), Comparison::Greater);
        // Subterm: f(x) > x, and a variable is below what contains it only.
        assert_eq!(lpo.compare(&bank, fx, x), Comparison::Greater);
        assert_eq!(lpo.compare(&bank, x, fx), Comparison::Less);
        assert_eq!(lpo.compare(&bank, fx, y), Comparison::Incomparable);
        let t = bank.true_term();
        assert_eq!(lpo.compare(&bank, ta, t), Comparison::Greater);
    }
}

//! Colouring symbols by the parts of a problem they occur in, and the two levers that make
//! craig's refutations local: a precedence putting local symbols above shared ones, and an
//! inference filter refusing any step that mixes symbols local to different sides of a cut.
//!
//! A problem is split into parts `0..n` (two parts for an A/B split). A symbol occurring in parts
//! `lo..=hi` is, for the cut `k` (parts `< k` against parts `>= k`), A-local when `hi < k`,
//! B-local when `lo >= k`, and shared otherwise. Colouring by occurrence gives Skolem functions
//! and definition predicates of a formula the colour of the side the formula came from, since
//! they occur only in that formula's clauses. `=` is no symbol here and `$true` is shared by fiat.
//!
//! One test covers every cut at once: a set of symbols mixes two sides of some cut `k` exactly
//! when one symbol ends before `k` (`hi < k`) and another starts at or after it (`lo >= k`), that
//! is when the least `hi` is below the greatest `lo`.

use crate::fol::{Clause, Signature, SymbolId, TermBank, TermId, TermView};
use crate::prover::InferenceFilter;

/// The colour of a symbol for one cut.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Colour {
    /// Occurs only on the A side.
    ALocal,
    /// Occurs only on the B side.
    BLocal,
    /// Occurs on both sides (or is `$true`).
    Shared,
}

/// Which local symbols the precedence puts on top.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Preference {
    /// Symbols local to earlier parts (A) rank highest.
    EarlierLargest,
    /// Symbols local to later parts (B) rank highest.
    LaterLargest,
}

/// For each symbol, the interval of parts it occurs in.
#[derive(Clone, Debug)]
pub struct Colouring {
    lo: Vec<u32>,
    hi: Vec<u32>,
    parts: u32,
}

/// Appends the symbols of `t` (with repetitions) to `out`.
pub fn term_symbols(bank: &TermBank, t: TermId, out: &mut Vec<SymbolId>) {
    if let TermView::App(head, args) = bank.view(t) {
        if head != Signature::TRUE {
            out.push(head);
        }
        for &a in args {
            term_symbols(bank, a, out);
        }
    }
}

/// The symbols of a clause, sorted, each once.
pub fn clause_symbols(bank: &TermBank, clause: &Clause) -> Vec<SymbolId> {
    let mut out = Vec::new();
    for l in &clause.literals {
        term_symbols(bank, l.lhs, &mut out);
        term_symbols(bank, l.rhs, &mut out);
    }
    out.sort_unstable();
    out.dedup();
    out
}

impl Colouring {
    /// Colours the symbols of `signature` by the parts of `clauses` (each with its part number,
    /// below `parts`). Symbols that occur nowhere are treated as shared everywhere.
    pub fn new(
        signature: &Signature,
        bank: &TermBank,
        clauses: &[(&Clause, u32)],
        parts: u32,
    ) -> Self {
        let n = signature.len();
        let mut lo = vec![u32::MAX; n];
        let mut hi = vec![0u32; n];
        for &(clause, part) in clauses {
            for s in clause_symbols(bank, clause) {
                let i = s.0 as usize;
                lo[i] = lo[i].min(part);
                hi[i] = hi[i].max(part);
            }
        }
        let last = parts.saturating_sub(1);
        for i in 0..n {
            if lo[i] == u32::MAX || i == Signature::TRUE.0 as usize {
                lo[i] = 0;
                hi[i] = last;
            }
        }
        Colouring { lo, hi, parts }
    }

    /// Makes `s` shared by every part (a symbol of a background theory, which holds in all).
    pub fn share(&mut self, s: SymbolId) {
        let i = s.0 as usize;
        if i < self.lo.len() {
            self.lo[i] = 0;
            self.hi[i] = self.parts.saturating_sub(1);
        }
    }

    /// Number of parts.
    pub fn parts(&self) -> u32 {
        self.parts
    }

    /// The parts `(first, last)` symbol `s` occurs in.
    pub fn interval(&self, s: SymbolId) -> (u32, u32) {
        let i = s.0 as usize;
        match (self.lo.get(i), self.hi.get(i)) {
            (Some(&lo), Some(&hi)) => (lo, hi),
            // A symbol made after colouring (none is, the prover adds none) is kept neutral.
            _ => (0, self.parts.saturating_sub(1)),
        }
    }

    /// The colour of `s` for the cut `k` (parts `< k` are A).
    pub fn colour(&self, s: SymbolId, k: u32) -> Colour {
        let (lo, hi) = self.interval(s);
        if hi < k {
            Colour::ALocal
        } else if lo >= k {
            Colour::BLocal
        } else {
            Colour::Shared
        }
    }

    /// Whether the symbols `symbols` mix two sides of some cut.
    pub fn mixes(&self, symbols: impl IntoIterator<Item = SymbolId>) -> bool {
        let mut least_hi = u32::MAX;
        let mut greatest_lo = 0;
        for s in symbols {
            let (lo, hi) = self.interval(s);
            least_hi = least_hi.min(hi);
            greatest_lo = greatest_lo.max(lo);
        }
        least_hi < greatest_lo
    }

    /// Whether `clause` has a symbol of colour `colour` for cut `k`.
    pub fn clause_has(&self, bank: &TermBank, clause: &Clause, k: u32, colour: Colour) -> bool {
        clause_symbols(bank, clause).into_iter().any(|s| self.colour(s, k) == colour)
    }

    /// A KBO precedence (`precedence[symbol] = rank`) with `$true` lowest, symbols shared by
    /// more parts below symbols shared by fewer, local symbols on top; ties by `preference`, then
    /// arity, then id, so the result is deterministic.
    pub fn precedence(&self, signature: &Signature, preference: Preference) -> Vec<u32> {
        let mut ids: Vec<SymbolId> = signature.ids().collect();
        ids.sort_by_key(|&s| {
            let (lo, hi) = self.interval(s);
            let is_true = s == Signature::TRUE;
            let narrowness = self.parts - (hi - lo);
            let side = match preference {
                Preference::EarlierLargest => self.parts - lo,
                Preference::LaterLargest => lo,
            };
            (!is_true, narrowness, side, signature.arity(s), s)
        });
        let mut precedence = vec![0; signature.len()];
        for (rank, s) in ids.into_iter().enumerate() {
            precedence[s.0 as usize] = rank as u32;
        }
        precedence
    }
}

/// Refuses every inference whose premises and conclusion together mix symbols local to
/// different sides of some cut.
pub struct LocalityFilter {
    /// The colouring of the problem.
    pub colouring: Colouring,
}

impl InferenceFilter for LocalityFilter {
    fn allows(&self, premises: &[&Clause], conclusion: &Clause, bank: &TermBank) -> bool {
        let mut symbols = clause_symbols(bank, conclusion);
        for p in premises {
            symbols.extend(clause_symbols(bank, p));
        }
        !self.colouring.mixes(symbols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fol::{Literal, SymbolKind};

    #[test]
    fn colours_and_mixing_follow_the_part_intervals() {
        let mut signature = Signature::new();
        let mut bank = TermBank::new();
        let a = signature.intern("a", 0, SymbolKind::Function);
        let b = signature.intern("b", 0, SymbolKind::Function);
        let c = signature.intern("c", 0, SymbolKind::Function);
        let ta = bank.app(&signature, a, &[]);
        let tb = bank.app(&signature, b, &[]);
        let tc = bank.app(&signature, c, &[]);
        let first = Clause::new(vec![Literal::new(ta, tb, true)]);
        let second = Clause::new(vec![Literal::new(tb, tc, true)]);
        let colouring = Colouring::new(&signature, &bank, &[(&first, 0), (&second, 1)], 2);
        assert_eq!(colouring.colour(a, 1), Colour::ALocal);
        assert_eq!(colouring.colour(b, 1), Colour::Shared);
        assert_eq!(colouring.colour(c, 1), Colour::BLocal);
        assert_eq!(colouring.colour(Signature::TRUE, 1), Colour::Shared);
        assert!(colouring.mixes([a, c]));
        assert!(!colouring.mixes([a, b]));
        assert!(!colouring.mixes([b, c, Signature::TRUE]));
        let precedence = colouring.precedence(&signature, Preference::EarlierLargest);
        assert!(precedence[a.0 as usize] > precedence[c.0 as usize]);
        assert!(precedence[c.0 as usize] > precedence[b.0 as usize]);
        assert_eq!(precedence[Signature::TRUE.0 as usize], 0);
    }
}

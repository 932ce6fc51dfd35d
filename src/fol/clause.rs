//! Literals and clauses. Every literal is an equation or disequation; a predicate atom `p(..)` is
//! the equation `p(..) = $true`, so that one set of equational rules covers resolution too.

use super::precedence::{Comparison, TermOrdering};
use super::signature::Signature;
use super::term::{TermBank, TermId};

/// `lhs = rhs` when `positive`, else `lhs != rhs`. For a predicate literal `rhs` is `$true`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Literal {
    /// Left side; for predicate literals the atom.
    pub lhs: TermId,
    /// Right side; `$true` for predicate literals.
    pub rhs: TermId,
    /// Polarity.
    pub positive: bool,
}

impl Literal {
    /// `lhs = rhs` or `lhs != rhs`.
    pub fn new(lhs: TermId, rhs: TermId, positive: bool) -> Self {
        Literal { lhs, rhs, positive }
    }

    /// The same literal with the other polarity.
    pub fn negated(self) -> Self {
        Literal { positive: !self.positive, ..self }
    }

    /// The two sides, swapped.
    pub fn flipped(self) -> Self {
        Literal { lhs: self.rhs, rhs: self.lhs, positive: self.positive }
    }

    /// Whether this is a predicate literal (`rhs` is `$true`).
    pub fn is_predicate(&self, bank: &TermBank) -> bool {
        bank.head(self.rhs) == Some(Signature::TRUE)
    }

    /// Weight of both sides.
    pub fn weight(&self, bank: &TermBank) -> u32 {
        bank.weight(self.lhs) + bank.weight(self.rhs)
    }

    /// `s = s` (positive): true in every interpretation.
    pub fn is_trivially_true(&self) -> bool {
        self.positive && self.lhs == self.rhs
    }

    /// `s != s`: false in every interpretation.
    pub fn is_trivially_false(&self) -> bool {
        !self.positive && self.lhs == self.rhs
    }

    /// The same literal up to the symmetry of equality.
    pub fn same_as(&self, other: &Literal) -> bool {
        self.positive == other.positive
            && ((self.lhs == other.lhs && self.rhs == other.rhs)
                || (self.lhs == other.rhs && self.rhs == other.lhs))
    }

    /// Writes the literal in TPTP syntax.
    pub fn write_tptp(&self, signature: &Signature, bank: &TermBank, out: &mut String) {
        if self.is_predicate(bank) {
            if !self.positive {
                out.push('~');
            }
            bank.write_tptp(signature, self.lhs, out);
        } else {
            bank.write_tptp(signature, self.lhs, out);
            out.push_str(if self.positive { " = " } else { " != " });
            bank.write_tptp(signature, self.rhs, out);
        }
    }

    /// Compares two literals in the multiset extension of the term ordering: a positive literal
    /// `s = t` stands for `{s, t}`, a negative one for `{s, s, t, t}`.
    pub fn compare(
        &self,
        other: &Literal,
        ordering: &dyn TermOrdering,
        bank: &TermBank,
    ) -> Comparison {
        let (mut left, mut right) = (literal_multiset(self), literal_multiset(other));
        multiset_compare(&mut left, &mut right, ordering, bank)
    }
}

/// A literal's terms as a multiset: at most four, so it lives on the stack (literal comparison
/// runs for every maximality check of every inference and must not allocate).
#[derive(Clone, Copy)]
struct SmallMultiset {
    items: [TermId; 4],
    len: usize,
}

impl SmallMultiset {
    fn as_slice(&self) -> &[TermId] {
        &self.items[..self.len]
    }

    /// The same elements, each once, in order of first occurrence.
    fn distinct(&self) -> SmallMultiset {
        let mut out = SmallMultiset { items: self.items, len: 0 };
        for &t in self.as_slice() {
            if !out.as_slice().contains(&t) {
                out.items[out.len] = t;
                out.len += 1;
            }
        }
        out
    }

    /// Removes the element at `i`, moving the last one into its place.
    fn swap_remove(&mut self, i: usize) {
        self.len -= 1;
        self.items[i] = self.items[self.len];
    }
}

fn literal_multiset(l: &Literal) -> SmallMultiset {
    if l.positive {
        SmallMultiset { items: [l.lhs, l.rhs, l.rhs, l.rhs], len: 2 }
    } else {
        SmallMultiset { items: [l.lhs, l.lhs, l.rhs, l.rhs], len: 4 }
    }
}

/// Multiset extension: `M > N` iff `M != N` and every element of `N - M` is below some element of
/// `M - N`.
fn multiset_compare(
    left: &mut SmallMultiset,
    right: &mut SmallMultiset,
    ordering: &dyn TermOrdering,
    bank: &TermBank,
) -> Comparison {
    // Remove the common part.
    let mut i = 0;
    while i < left.len {
        if let Some(j) = right.as_slice().iter().position(|&r| r == left.items[i]) {
            right.swap_remove(j);
            left.swap_remove(i);
        } else {
            i += 1;
        }
    }
    if left.len == 0 && right.len == 0 {
        return Comparison::Equal;
    }
    // Repeated elements decide nothing more than one copy does (`s != t` is `{s, s, t, t}`):
    // compare distinct elements only, each pair once, and only when asked.
    let (left, right) = (left.distinct(), right.distinct());
    let mut table = [[None::<Comparison>; 4]; 4];
    let mut compare = |i: usize, j: usize| {
        *table[i][j].get_or_insert_with(|| ordering.compare(bank, left.items[i], right.items[j]))
    };
    // `left > right`: every element of `right` is below some element of `left`.
    let left_dominates = left.len > 0
        && (0..right.len).all(|j| (0..left.len).any(|i| compare(i, j) == Comparison::Greater));
    if left_dominates {
        return Comparison::Greater;
    }
    let right_dominates = right.len > 0
        && (0..left.len).all(|i| (0..right.len).any(|j| compare(i, j) == Comparison::Less));
    if right_dominates {
        return Comparison::Less;
    }
    Comparison::Incomparable
}

/// A disjunction of literals; the empty clause is false.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Clause {
    /// The literals, in a deterministic order.
    pub literals: Vec<Literal>,
}

impl Clause {
    /// A clause of these literals.
    pub fn new(literals: Vec<Literal>) -> Self {
        Clause { literals }
    }

    /// Whether this is the empty clause.
    pub fn is_empty(&self) -> bool {
        self.literals.is_empty()
    }

    /// Number of literals.
    pub fn len(&self) -> usize {
        self.literals.len()
    }

    /// Sum of literal weights.
    pub fn weight(&self, bank: &TermBank) -> u32 {
        self.literals.iter().map(|l| l.weight(bank)).sum()
    }

    /// One more than the largest variable number.
    pub fn var_bound(&self, bank: &TermBank) -> u32 {
        self.literals
            .iter()
            .map(|l| bank.var_bound(l.lhs).max(bank.var_bound(l.rhs)))
            .max()
            .unwrap_or(0)
    }

    /// Whether the clause has no variables.
    pub fn is_ground(&self, bank: &TermBank) -> bool {
        self.var_bound(bank) == 0
    }

    /// Whether some positive literal is `s = s` or a literal and its negation both occur.
    pub fn is_tautology(&self) -> bool {
        self.literals.iter().any(|l| l.is_trivially_true())
            || self
                .literals
                .iter()
                .enumerate()
                .any(|(i, l)| self.literals[i + 1..].iter().any(|m| l.same_as(&m.negated())))
    }

    /// Drops `s != s` literals and repeated literals, keeping the first occurrence.
    pub fn remove_trivial_and_duplicate_literals(&mut self) -> bool {
        let before = self.literals.len();
        let mut kept: Vec<Literal> = Vec::with_capacity(before);
        for l in self.literals.drain(..) {
            if l.is_trivially_false() || kept.iter().any(|k| k.same_as(&l)) {
                continue;
            }
            kept.push(l);
        }
        self.literals = kept;
        self.literals.len() != before
    }

    /// Renumbers variables 0, 1, ... in order of first occurrence; returns the renamed clause and,
    /// for each new number, the old variable it replaces.
    pub fn normalize_variables(&self, bank: &mut TermBank) -> (Clause, Vec<u32>) {
        let mut old_of_new: Vec<u32> = Vec::new();
        let mut occurrences = Vec::new();
        for l in &self.literals {
            bank.collect_var_occurrences(l.lhs, &mut occurrences);
            bank.collect_var_occurrences(l.rhs, &mut occurrences);
        }
        let bound = occurrences.iter().map(|&v| v + 1).max().unwrap_or(0) as usize;
        let mut new_of_old = vec![u32::MAX; bound];
        for v in occurrences {
            if new_of_old[v as usize] == u32::MAX {
                new_of_old[v as usize] = old_of_new.len() as u32;
                old_of_new.push(v);
            }
        }
        if old_of_new.iter().enumerate().all(|(i, &v)| i as u32 == v) {
            return (self.clone(), old_of_new);
        }
        let mut rename = |bank: &mut TermBank, v: u32| bank.var(new_of_old[v as usize]);
        let literals = self
            .literals
            .iter()
            .map(|l| {
                Literal::new(
                    bank.map_vars(l.lhs, &mut rename),
                    bank.map_vars(l.rhs, &mut rename),
                    l.positive,
                )
            })
            .collect();
        (Clause { literals }, old_of_new)
    }

    /// The clause in TPTP syntax (`$false` when empty).
    pub fn display(&self, signature: &Signature, bank: &TermBank) -> String {
        if self.literals.is_empty() {
            return "$false".to_string();
        }
        let mut out = String::new();
        for (i, l) in self.literals.iter().enumerate() {
            if i > 0 {
                out.push_str(" | ");
            }
            l.write_tptp(signature, bank, &mut out);
        }
        out
    }
}

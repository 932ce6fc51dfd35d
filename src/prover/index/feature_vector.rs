//! Feature-vector indexing for subsumption: every clause gets a fixed-length vector of small
//! numbers such that whenever `C` subsumes `D`, `features(C) <= features(D)` componentwise. A query
//! compares its vector with the stored ones and returns the clauses that pass.
//!
//! # Which features are sound
//!
//! Here `C` subsumes `D` when one substitution `σ` sends every literal `L` of `C` onto some literal
//! of `D` (up to the symmetry of `=`), and two literals of `C` may land on the same literal of `D`.
//! So any feature that *adds up* over the literals of a clause is unsound: `{P(f(X)), P(f(Y))}`
//! subsumes `{P(f(a))}` although it has more literals and more occurrences of `f` and `P`. The
//! features here are therefore all of the form "maximum over the clause's literals of polarity
//! `p` of `g(L)`" (0 when there are none), with `g` such that
//!
//! 1. `g(L) <= g(Lσ)` for every substitution (instantiation never decreases it), and
//! 2. `g(s = t) = g(t = s)` (it reads both sides alike).
//!
//! Then for each literal `L` of `C` there is `M` in `D` with `g(L) <= g(Lσ) = g(M)`, of the same
//! polarity, so the maximum over `C` is at most the maximum over `D`. The `g`s used:
//!
//! * **Symbol counts per bucket**: how many occurrences in `L` of symbols whose bucket (symbol id
//!   modulo `BUCKETS`) is `b`. Instantiation keeps every symbol occurrence of `L` and only adds the
//!   symbols of the terms substituted for variables.
//! * **Symbol depth per bucket**: one more than the greatest depth at which a symbol of bucket `b`
//!   occurs in `L` (0 when none does). Instantiation replaces variables, which are leaves, so every
//!   symbol occurrence of `L` keeps its depth in `Lσ`.
//! * **Literal weight**: symbol plus variable occurrences. A variable weighs 1 and every term
//!   weighs at least 1, so `weight(Lσ) >= weight(L)`.
//!
//! `$true`, present in every predicate literal, is not counted: it would only repeat the weight's
//! information. Values saturate at `u16::MAX`; saturation is monotone, so the order is kept.
//!
//! # Layout
//!
//! Besides its vector every clause gets a 64-bit *literal mask*: for each literal one bit for its
//! polarity and its predicate symbol (hashed onto 31 buckets), or for its polarity and equality.
//! Matching keeps head symbols and never binds a variable to an atom, so a literal can only land
//! on a literal of the same polarity with the same predicate (the least one among its atom sides,
//! which reads both sides alike), or on an equation when it is one; hence `mask(C)` is a subset of
//! `mask(D)` whenever `C` subsumes `D`. Clauses are grouped by mask, and within a group the vectors
//! lie flat in one contiguous array. A query first tests each group's mask (one instruction per
//! group, and there are usually far fewer groups than clauses), then compares whole vectors in the
//! groups that pass, without branching, which the compiler turns into a few wide comparisons per
//! stored clause.
//!
//! An earlier version kept the vectors in a trie, one level per feature; because the features are
//! maxima, few levels prune, and walking 34 levels of poorly shared prefixes cost more than this
//! (measured with callgrind, `bench/profile.md`).

use super::ClauseIndex;
use crate::fol::{Clause, Literal, Signature, TermBank, TermId, TermView};
use crate::prover::proof::ClauseId;
use rustc_hash::FxHashMap;

/// Number of symbol buckets per feature family and polarity.
const BUCKETS: usize = 8;
/// Length of a feature vector: per polarity the maximal literal weight, and per bucket the symbol
/// count and the symbol depth.
pub const FEATURE_COUNT: usize = 2 * (2 * BUCKETS + 1);

/// A clause's features: per polarity the maximal literal weight, the symbol counts and the symbol
/// depths (the `*_slot` functions say where each sits).
pub type FeatureVector = [u16; FEATURE_COUNT];

/// Where the maximal literal weight of polarity block `p` (0 positive, 1 negative) sits.
const fn weight_slot(p: usize) -> usize {
    p
}

/// Where the symbol count of bucket `b` in polarity block `p` sits.
const fn count_slot(p: usize, b: usize) -> usize {
    2 + 2 * b + p
}

/// Where the symbol depth of bucket `b` in polarity block `p` sits.
const fn depth_slot(p: usize, b: usize) -> usize {
    2 + 2 * BUCKETS + 2 * b + p
}

/// The feature vector of `clause`; see the module documentation for why each entry is monotone
/// under subsumption.
pub fn feature_vector(bank: &TermBank, clause: &Clause) -> FeatureVector {
    let mut features = [0u16; FEATURE_COUNT];
    let mut literal = [0u16; 2 * BUCKETS];
    for l in &clause.literals {
        literal.fill(0);
        add_term(bank, l.lhs, 0, &mut literal);
        add_term(bank, l.rhs, 0, &mut literal);
        let p = if l.positive { 0 } else { 1 };
        for b in 0..BUCKETS {
            let count = &mut features[count_slot(p, b)];
            *count = (*count).max(literal[b]);
            let depth = &mut features[depth_slot(p, b)];
            *depth = (*depth).max(literal[BUCKETS + b]);
        }
        let weight = clamp(bank.weight(l.lhs).saturating_add(bank.weight(l.rhs)));
        let slot = &mut features[weight_slot(p)];
        *slot = (*slot).max(weight);
    }
    features
}

fn clamp(v: u32) -> u16 {
    v.min(u16::MAX as u32) as u16
}

/// Adds the symbol counts and depths of `t`, found at `depth`, to one literal's accumulator.
fn add_term(bank: &TermBank, t: TermId, depth: u32, acc: &mut [u16; 2 * BUCKETS]) {
    if let TermView::App(f, args) = bank.view(t) {
        if f != Signature::TRUE {
            let b = f.0 as usize % BUCKETS;
            acc[b] = acc[b].saturating_add(1);
            acc[BUCKETS + b] = acc[BUCKETS + b].max(clamp(depth.saturating_add(1)));
        }
        for &a in args {
            add_term(bank, a, depth + 1, acc);
        }
    }
}

/// Predicate symbols are hashed onto this many buckets of the literal mask (per polarity).
const PREDICATE_BUCKETS: u32 = 31;

/// The literal mask bit of `l`; see the module documentation.
fn literal_bit(bank: &TermBank, l: &Literal) -> u64 {
    let polarity = u32::from(!l.positive);
    let predicate = [l.lhs, l.rhs]
        .into_iter()
        .filter(|&t| bank.is_atom(t))
        .filter_map(|t| bank.head(t))
        .filter(|&f| f != Signature::TRUE)
        .min();
    let bit = match predicate {
        Some(f) => 2 + (f.0 % PREDICATE_BUCKETS) * 2 + polarity,
        None => polarity,
    };
    1u64 << bit
}

/// The literal mask of `clause`: the union of its literals' bits.
pub fn literal_mask(bank: &TermBank, clause: &Clause) -> u64 {
    clause.literals.iter().fold(0, |mask, l| mask | literal_bit(bank, l))
}

/// Whether `small <= large` componentwise. No early exit: comparing all 34 entries of two
/// contiguous arrays vectorizes, which beats stopping at the first failure.
fn dominated_by(small: &FeatureVector, large: &FeatureVector) -> bool {
    small.iter().zip(large).fold(true, |all, (s, l)| all & (s <= l))
}

/// The stored clauses with one literal mask: vectors and ids side by side, in insertion order.
#[derive(Clone, Debug)]
struct Group {
    mask: u64,
    vectors: Vec<FeatureVector>,
    ids: Vec<ClauseId>,
}

/// A subsumption index over clause feature vectors; see the module documentation.
#[derive(Clone, Debug, Default)]
pub struct FeatureVectorIndex {
    /// In order of first use; a group emptied by removals stays for its mask's next clause.
    groups: Vec<Group>,
    /// Where each mask's group is (looked up on insertion and removal only, never iterated).
    group_of_mask: FxHashMap<u64, usize>,
    /// Number of stored clauses.
    len: usize,
}

impl FeatureVectorIndex {
    /// An empty index.
    pub fn new() -> Self {
        Self::default()
    }

    /// Number of vectors held, across all groups (0 when empty). Shows that removal frees.
    pub fn stored_vectors(&self) -> usize {
        self.groups.iter().map(|g| g.vectors.len()).sum()
    }

    /// Every stored clause whose mask and vector are below the query's (when `below`: candidate
    /// subsumers), or above them (otherwise: candidates to be subsumed).
    fn collect(&self, mask: u64, bound: &FeatureVector, below: bool, out: &mut Vec<ClauseId>) {
        for group in &self.groups {
            let admissible = if below { group.mask & !mask == 0 } else { mask & !group.mask == 0 };
            if !admissible {
                continue;
            }
            for (v, &id) in group.vectors.iter().zip(&group.ids) {
                let passes = if below { dominated_by(v, bound) } else { dominated_by(bound, v) };
                if passes {
                    out.push(id);
                }
            }
        }
    }
}

impl ClauseIndex for FeatureVectorIndex {
    fn insert(&mut self, bank: &TermBank, clause: &Clause, id: ClauseId) {
        let mask = literal_mask(bank, clause);
        let groups = &mut self.groups;
        let index = *self.group_of_mask.entry(mask).or_insert_with(|| {
            groups.push(Group { mask, vectors: Vec::new(), ids: Vec::new() });
            groups.len() - 1
        });
        let group = &mut self.groups[index];
        group.vectors.push(feature_vector(bank, clause));
        group.ids.push(id);
        self.len += 1;
    }

    fn remove(&mut self, bank: &TermBank, clause: &Clause, id: ClauseId) {
        let Some(&index) = self.group_of_mask.get(&literal_mask(bank, clause)) else {
            return;
        };
        let features = feature_vector(bank, clause);
        let group = &mut self.groups[index];
        // Like `LinearClauseIndex`, drop every copy of the id (with this clause's vector), and
        // keep the order of the rest: results stay a function of the history.
        let mut kept = 0;
        for i in 0..group.ids.len() {
            if group.ids[i] == id && group.vectors[i] == features {
                continue;
            }
            group.ids[kept] = group.ids[i];
            group.vectors[kept] = group.vectors[i];
            kept += 1;
        }
        self.len -= group.ids.len() - kept;
        group.ids.truncate(kept);
        group.vectors.truncate(kept);
    }

    fn subsumer_candidates(&self, bank: &TermBank, clause: &Clause, out: &mut Vec<ClauseId>) {
        self.collect(literal_mask(bank, clause), &feature_vector(bank, clause), true, out);
    }

    fn subsumed_candidates(&self, bank: &TermBank, clause: &Clause, out: &mut Vec<ClauseId>) {
        self.collect(literal_mask(bank, clause), &feature_vector(bank, clause), false, out);
    }

    fn len(&self) -> usize {
        self.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fol::{Literal, SymbolKind};

    struct Fx {
        sig: Signature,
        bank: TermBank,
    }

    impl Fx {
        fn new() -> Self {
            Fx { sig: Signature::new(), bank: TermBank::new() }
        }
        fn f(&mut self, name: &str, args: &[TermId]) -> TermId {
            let s = self.sig.intern(name, args.len() as u32, SymbolKind::Function);
            self.bank.app(&self.sig, s, args)
        }
        fn pred(&mut self, name: &str, args: &[TermId], positive: bool) -> Literal {
            let s = self.sig.intern(name, args.len() as u32, SymbolKind::Predicate);
            let atom = self.bank.app(&self.sig, s, args);
            let t = self.bank.true_term();
            Literal::new(atom, t, positive)
        }
    }

    fn sorted(mut v: Vec<ClauseId>) -> Vec<u32> {
        v.sort_unstable();
        v.into_iter().map(|c| c.0).collect()
    }

    #[test]
    fn two_literals_onto_one_still_a_candidate() {
        let mut fx = Fx::new();
        let (x, y) = (fx.bank.var(0), fx.bank.var(1));
        let a = fx.f("a", &[]);
        let f_x = fx.f("f", &[x]);
        let f_y = fx.f("f", &[y]);
        let f_a = fx.f("f", &[a]);
        // C = P(f(X)) | P(f(Y)) subsumes D = P(f(a)) with both literals onto one.
        let c = Clause::new(vec![fx.pred("P", &[f_x], true), fx.pred("P", &[f_y], true)]);
        let d = Clause::new(vec![fx.pred("P", &[f_a], true)]);
        let fc = feature_vector(&fx.bank, &c);
        let fd = feature_vector(&fx.bank, &d);
        assert!(fc.iter().zip(&fd).all(|(a, b)| a <= b));
        let mut index = FeatureVectorIndex::new();
        index.insert(&fx.bank, &c, ClauseId(1));
        let mut out = Vec::new();
        index.subsumer_candidates(&fx.bank, &d, &mut out);
        assert_eq!(sorted(out), vec![1]);
        let mut index = FeatureVectorIndex::new();
        index.insert(&fx.bank, &d, ClauseId(2));
        let mut out = Vec::new();
        index.subsumed_candidates(&fx.bank, &c, &mut out);
        assert_eq!(sorted(out), vec![2]);
    }

    #[test]
    fn exact_small_expectations() {
        let mut fx = Fx::new();
        let x = fx.bank.var(0);
        let a = fx.f("a", &[]);
        let b = fx.f("b", &[]);
        let g_a = fx.f("g", &[a]);
        // 1: P(X)   2: P(a) | ~Q(b)   3: ~Q(X)   4: a = g(a)   5: empty clause
        let c1 = Clause::new(vec![fx.pred("P", &[x], true)]);
        let c2 = Clause::new(vec![fx.pred("P", &[a], true), fx.pred("Q", &[b], false)]);
        let c3 = Clause::new(vec![fx.pred("Q", &[x], false)]);
        let c4 = Clause::new(vec![Literal::new(a, g_a, true)]);
        let c5 = Clause::new(vec![]);
        let clauses = [&c1, &c2, &c3, &c4, &c5];
        let mut index = FeatureVectorIndex::new();
        for (i, c) in clauses.iter().enumerate() {
            index.insert(&fx.bank, c, ClauseId(i as u32 + 1));
        }
        assert_eq!(index.len(), 5);
        let mut out = Vec::new();
        index.subsumer_candidates(&fx.bank, &c2, &mut out);
        assert_eq!(sorted(std::mem::take(&mut out)), vec![1, 2, 3, 5]);
        index.subsumed_candidates(&fx.bank, &c1, &mut out);
        assert_eq!(sorted(std::mem::take(&mut out)), vec![1, 2]);
        index.subsumed_candidates(&fx.bank, &c5, &mut out);
        assert_eq!(sorted(std::mem::take(&mut out)), vec![1, 2, 3, 4, 5]);
        // The flipped equation has the same features.
        let flipped = Clause::new(vec![Literal::new(g_a, a, true)]);
        index.subsumer_candidates(&fx.bank, &flipped, &mut out);
        assert_eq!(sorted(std::mem::take(&mut out)), vec![4, 5]);
        // Removing prunes back to the root; absent ids change nothing.
        index.remove(&fx.bank, &c1, ClauseId(42));
        assert_eq!(index.len(), 5);
        for (i, c) in clauses.iter().enumerate() {
            index.remove(&fx.bank, c, ClauseId(i as u32 + 1));
        }
        assert_eq!((index.len(), index.stored_vectors()), (0, 0));
    }
}

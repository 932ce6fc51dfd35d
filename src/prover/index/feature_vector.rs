//! Feature-vector indexing for subsumption: every clause gets a fixed-length vector of small
//! numbers such that whenever `C` subsumes `D`, `features(C) <= features(D)` componentwise. Stored
//! vectors share prefixes in a trie, so a query walks only the branches whose values can satisfy
//! the inequality.
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

use super::ClauseIndex;
use super::arena::NodeArena;
use crate::fol::{Clause, Signature, TermBank, TermId, TermView};
use crate::prover::proof::ClauseId;

/// Number of symbol buckets per feature family and polarity.
const BUCKETS: usize = 8;
/// Features per polarity: bucket counts, bucket depths, maximal weight.
const PER_POLARITY: usize = 2 * BUCKETS + 1;
/// Length of a feature vector.
pub const FEATURE_COUNT: usize = 2 * PER_POLARITY;

/// A clause's features: positive literals' block first, then the negative literals' block; each
/// block holds the bucket counts, the bucket depths and the maximal literal weight.
pub type FeatureVector = [u16; FEATURE_COUNT];

/// The feature vector of `clause`; see the module documentation for why each entry is monotone
/// under subsumption.
pub fn feature_vector(bank: &TermBank, clause: &Clause) -> FeatureVector {
    let mut features = [0u16; FEATURE_COUNT];
    let mut literal = [0u16; 2 * BUCKETS];
    for l in &clause.literals {
        literal.fill(0);
        add_term(bank, l.lhs, 0, &mut literal);
        add_term(bank, l.rhs, 0, &mut literal);
        let block = if l.positive { 0 } else { PER_POLARITY };
        for (slot, &value) in features[block..block + 2 * BUCKETS].iter_mut().zip(&literal) {
            *slot = (*slot).max(value);
        }
        let weight = clamp(bank.weight(l.lhs).saturating_add(bank.weight(l.rhs)));
        let slot = &mut features[block + 2 * BUCKETS];
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

/// One trie node; level `k` nodes branch on feature `k`.
#[derive(Clone, Debug, Default)]
struct Node {
    /// `(feature value, child)`, sorted by value so that a bound selects a prefix or a suffix.
    children: Vec<(u16, u32)>,
    /// At the last level: the clauses with exactly this vector, in insertion order.
    clauses: Vec<ClauseId>,
}

/// A subsumption index over clause feature vectors; see the module documentation.
#[derive(Clone, Debug)]
pub struct FeatureVectorIndex {
    /// The trie's nodes; index 0 is the root.
    nodes: NodeArena<Node>,
    /// Number of stored clauses.
    len: usize,
}

impl Default for FeatureVectorIndex {
    fn default() -> Self {
        Self::new()
    }
}

impl FeatureVectorIndex {
    /// An empty index.
    pub fn new() -> Self {
        FeatureVectorIndex { nodes: NodeArena::with_root(), len: 0 }
    }

    /// Number of live trie nodes, the root included (1 when empty).
    pub fn node_count(&self) -> usize {
        self.nodes.live()
    }

    /// Every stored clause whose vector `v` has `v[k] <= bound[k]` for all `k` (when `below`), or
    /// `v[k] >= bound[k]` for all `k` (otherwise).
    fn collect(&self, bound: &FeatureVector, below: bool, out: &mut Vec<ClauseId>) {
        let mut stack: Vec<(u32, usize)> = vec![(0, 0)];
        while let Some((node, level)) = stack.pop() {
            let n = &self.nodes[node];
            if level == FEATURE_COUNT {
                out.extend_from_slice(&n.clauses);
                continue;
            }
            let b = bound[level];
            let range = if below {
                // Children are sorted by value: those up to the bound form a prefix.
                &n.children[..n.children.partition_point(|&(v, _)| v <= b)]
            } else {
                &n.children[n.children.partition_point(|&(v, _)| v < b)..]
            };
            // Pushed in reverse so that results come out in increasing vector order.
            stack.extend(range.iter().rev().map(|&(_, child)| (child, level + 1)));
        }
    }
}

impl ClauseIndex for FeatureVectorIndex {
    fn insert(&mut self, bank: &TermBank, clause: &Clause, id: ClauseId) {
        let features = feature_vector(bank, clause);
        let mut node = 0u32;
        for &value in &features {
            let children = &self.nodes[node].children;
            node = match children.binary_search_by_key(&value, |&(v, _)| v) {
                Ok(i) => children[i].1,
                Err(i) => {
                    let child = self.nodes.alloc();
                    self.nodes[node].children.insert(i, (value, child));
                    child
                }
            };
        }
        self.nodes[node].clauses.push(id);
        self.len += 1;
    }

    fn remove(&mut self, bank: &TermBank, clause: &Clause, id: ClauseId) {
        let features = feature_vector(bank, clause);
        let mut path = [0u32; FEATURE_COUNT];
        let mut node = 0u32;
        for (level, &value) in features.iter().enumerate() {
            path[level] = node;
            let children = &self.nodes[node].children;
            match children.binary_search_by_key(&value, |&(v, _)| v) {
                Ok(i) => node = children[i].1,
                Err(_) => return,
            }
        }
        // Like `LinearClauseIndex`, drop every copy of the id.
        let clauses = &mut self.nodes[node].clauses;
        let before = clauses.len();
        clauses.retain(|&c| c != id);
        self.len -= before - clauses.len();
        // Unlink nodes left empty, bottom-up.
        for level in (0..FEATURE_COUNT).rev() {
            let n = &self.nodes[node];
            if !n.clauses.is_empty() || !n.children.is_empty() {
                break;
            }
            let parent = path[level];
            self.nodes[parent].children.retain(|&(_, c)| c != node);
            self.nodes.release(node);
            node = parent;
        }
    }

    fn subsumer_candidates(&self, bank: &TermBank, clause: &Clause, out: &mut Vec<ClauseId>) {
        self.collect(&feature_vector(bank, clause), true, out);
    }

    fn subsumed_candidates(&self, bank: &TermBank, clause: &Clause, out: &mut Vec<ClauseId>) {
        self.collect(&feature_vector(bank, clause), false, out);
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
        assert_eq!((index.len(), index.node_count()), (0, 1));
    }
}

//! The independent checker of array lemmas: it confirms that a clause of equality literals is
//! an instance of one of the axiom schemas of arrays with extensionality, reading the
//! terms themselves (it shares no code with [`super::arrays`], which makes the instances).
//!
//! - `select(store(b, i, v), i) = v`;
//! - `i = j ∨ select(store(b, i, v), j) = select(b, j)`;
//! - `select(const(v), j) = v`;
//! - `a = c ∨ select(a, k) ≠ select(c, k)` where `k` is a constant of the index sort made
//!   during this check (after the assertions, so it occurs in none of them) and used as the
//!   witness of no other pair: the clause is then the Skolemized extensionality axiom, which
//!   keeps satisfiability;
//! - `a = b ∨ select(a, d) ≠ select(b, d)` where `d` is the term `@diff(a, b)` (or
//!   `@diff(b, a)`): the defining axiom of the index of difference;
//! - `a ≠ a' ∨ b ≠ b' ∨ @diff(a, b) = @diff(a', b')`: congruence of `@diff`;
//! - `k ≠ i` where `k` is a constant of an arithmetic (so infinite) sort made during this
//!   check and never an extensionality witness, and `i` is built from the assertions' symbols
//!   alone: finitely many such units exclude finitely many values, so any model of the
//!   assertions extends to one of the units.

use std::collections::BTreeMap;

use super::{ArrayOp, TermId, TermStore};

/// The schema an array lemma was confirmed to be an instance of, as proofs name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ArraySchema {
    /// `select(store(b, i, v), i) = v`.
    ReadOverWrite,
    /// `i = j ∨ select(store(b, i, v), j) = select(b, j)`.
    ReadElsewhere,
    /// `select(const(v), j) = v`.
    ConstantRead,
    /// `a = c ∨ select(a, k) ≠ select(c, k)` with a fresh witness `k` for this pair only.
    Extensionality,
    /// `k ≠ i` with a fresh constant `k` of an infinite index sort.
    FreshIndex,
    /// `a = b ∨ select(a, @diff(a, b)) ≠ select(b, @diff(a, b))`.
    Diff,
    /// `a ≠ a' ∨ b ≠ b' ∨ @diff(a, b) = @diff(a', b')`: congruence.
    DiffCongruence,
}

impl ArraySchema {
    /// The schema's name in a printed proof.
    pub fn name(self) -> &'static str {
        match self {
            ArraySchema::ReadOverWrite => "read-over-write",
            ArraySchema::ReadElsewhere => "read-elsewhere",
            ArraySchema::ConstantRead => "constant-read",
            ArraySchema::Extensionality => "extensionality",
            ArraySchema::FreshIndex => "fresh-index",
            ArraySchema::Diff => "diff",
            ArraySchema::DiffCongruence => "diff-congruence",
        }
    }
}

/// Confirms array lemmas one by one, remembering the pair each witness constant serves.
#[derive(Debug, Default)]
pub struct ArrayLemmaChecker {
    /// Functions numbered at or above this were made during the check.
    first_fresh_fun: u32,
    witnesses: BTreeMap<TermId, (TermId, TermId)>,
    /// The constants confirmed apart from indices (`k ≠ i`), never witnesses.
    apart: std::collections::BTreeSet<TermId>,
}

impl ArrayLemmaChecker {
    /// A checker for a run whose assertions use only functions below `first_fresh_fun`.
    pub fn new(first_fresh_fun: usize) -> ArrayLemmaChecker {
        ArrayLemmaChecker {
            first_fresh_fun: first_fresh_fun as u32,
            witnesses: BTreeMap::new(),
            apart: Default::default(),
        }
    }

    /// The schema `clause` (equalities `left = right`, negated where the flag is false) is an
    /// instance of, `None` when it is an instance of none.
    pub fn confirm(
        &mut self,
        store: &TermStore,
        clause: &[(TermId, TermId, bool)],
    ) -> Option<ArraySchema> {
        if diff_congruence(store, clause) {
            return Some(ArraySchema::DiffCongruence);
        }
        match clause {
            [(p, q, true)] => {
                if read_at_write(store, *p, *q) || read_at_write(store, *q, *p) {
                    Some(ArraySchema::ReadOverWrite)
                } else if read_of_constant(store, *p, *q) || read_of_constant(store, *q, *p) {
                    Some(ArraySchema::ConstantRead)
                } else {
                    None
                }
            }
            [(x, y, true), (p, q, true)] => {
                // Either literal may be the index equality, and the reads may come either way.
                let (first, second) = ((*x, *y), (*p, *q));
                [(first, second), (second, first)]
                    .into_iter()
                    .any(|(indices, (r, s))| {
                        read_elsewhere(store, indices, (r, s))
                            || read_elsewhere(store, indices, (s, r))
                    })
                    .then_some(ArraySchema::ReadElsewhere)
            }
            [(a, c, true), (p, q, false)] => {
                if defines_diff(store, (*a, *c), (*p, *q)) {
                    Some(ArraySchema::Diff)
                } else {
                    self.extensional(store, (*a, *c), (*p, *q))
                        .then_some(ArraySchema::Extensionality)
                }
            }
            [(p, q, false)] => (self.fresh_apart(store, *p, *q) || self.fresh_apart(store, *q, *p))
                .then_some(ArraySchema::FreshIndex),
            _ => None,
        }
    }

    /// `k ≠ i` with `k` a fresh constant of an arithmetic sort, not a witness, and `i` over
    /// the assertions' symbols.
    fn fresh_apart(&mut self, store: &TermStore, k: TermId, i: TermId) -> bool {
        let constant = store.term(k);
        let fresh = constant.args.is_empty()
            && constant.fun.0 >= self.first_fresh_fun
            && store.fun(constant.fun).internal
            && store.sort_of(k).is_arithmetic()
            && !self.witnesses.contains_key(&k);
        if !(fresh && store.sort_of(i) == store.sort_of(k) && self.over_assertion_symbols(store, i))
        {
            return false;
        }
        self.apart.insert(k);
        true
    }

    /// Whether every function symbol of `t` was declared before the check.
    fn over_assertion_symbols(&self, store: &TermStore, t: TermId) -> bool {
        let term = store.term(t);
        term.fun.0 < self.first_fresh_fun
            && term.args.iter().all(|&a| self.over_assertion_symbols(store, a))
    }

    fn extensional(
        &mut self,
        store: &TermStore,
        (a, c): (TermId, TermId),
        (p, q): (TermId, TermId),
    ) -> bool {
        let (Some((ap, k)), Some((cq, k2))) = (reads(store, p), reads(store, q)) else {
            return false;
        };
        let pair_matches = (ap == a && cq == c) || (ap == c && cq == a);
        let sort = store.sort_of(a);
        let Some((index_sort, _)) = store.array_parts(sort) else { return false };
        let witness = store.term(k);
        let fresh = witness.args.is_empty()
            && witness.fun.0 >= self.first_fresh_fun
            && store.fun(witness.fun).internal
            && store.sort_of(k) == index_sort
            && !self.apart.contains(&k);
        if !(pair_matches && k == k2 && a != c && store.sort_of(c) == sort && fresh) {
            return false;
        }
        let pair = (a.min(c), a.max(c));
        *self.witnesses.entry(k).or_insert(pair) == pair
    }
}

/// `(p, q)` reads `a` and `c` (in either order) at one index `d` that is `@diff(a, c)` or
/// `@diff(c, a)`: the defining axiom of `@diff`, valid whatever else holds.
fn defines_diff(store: &TermStore, (a, c): (TermId, TermId), (p, q): (TermId, TermId)) -> bool {
    let (Some((ap, d)), Some((cq, d2))) = (reads(store, p), reads(store, q)) else {
        return false;
    };
    let term = store.term(d);
    let pair = (ap == a && cq == c) || (ap == c && cq == a);
    let is_diff = store.array_op(term.fun) == Some(ArrayOp::Diff)
        && (term.args == [a, c] || term.args == [c, a]);
    a != c && d == d2 && pair && is_diff && store.sort_of(a) == store.sort_of(c)
}

/// The clause is `a ≠ a2 ∨ b ≠ b2 ∨ d = e` for `d = @diff(a, b)` and `e = @diff(a2, b2)` of
/// one sort (either way round), with the disequality of an argument pair left out where its
/// two sides are one term.
fn diff_congruence(store: &TermStore, clause: &[(TermId, TermId, bool)]) -> bool {
    let Some((&(d, e, true), premises)) = clause.split_last() else { return false };
    let (x, y) = (store.term(d), store.term(e));
    if store.array_op(x.fun) != Some(ArrayOp::Diff) || x.fun != y.fun || d == e {
        return false;
    }
    [(&x.args, &y.args), (&y.args, &x.args)].into_iter().any(|(left, right)| {
        let wanted: Vec<(TermId, TermId, bool)> = left
            .iter()
            .zip(right.iter())
            .filter(|(p, q)| p != q)
            .map(|(&p, &q)| (p, q, false))
            .collect();
        premises == wanted.as_slice()
    })
}

/// `(array, index)` when `t` is `select(array, index)`.
fn reads(store: &TermStore, t: TermId) -> Option<(TermId, TermId)> {
    let term = store.term(t);
    (store.array_op(term.fun) == Some(ArrayOp::Select) && term.args.len() == 2)
        .then(|| (term.args[0], term.args[1]))
}

/// `(base, index, value)` when `t` is `store(base, index, value)`.
fn writes(store: &TermStore, t: TermId) -> Option<(TermId, TermId, TermId)> {
    let term = store.term(t);
    (store.array_op(term.fun) == Some(ArrayOp::Store) && term.args.len() == 3)
        .then(|| (term.args[0], term.args[1], term.args[2]))
}

/// `read` is `select(store(b, i, v), i)` and `value` is `v`.
fn read_at_write(store: &TermStore, read: TermId, value: TermId) -> bool {
    let Some((array, index)) = reads(store, read) else { return false };
    let Some((_, written_at, written)) = writes(store, array) else { return false };
    index == written_at && value == written
}

/// `read` is `select(const(v), j)` for any `j`, and `value` is `v`.
fn read_of_constant(store: &TermStore, read: TermId, value: TermId) -> bool {
    let Some((array, _)) = reads(store, read) else { return false };
    let term = store.term(array);
    store.array_op(term.fun) == Some(ArrayOp::Const) && term.args == [value]
}

/// `indices` is `{i, j}` and `reads` is `(select(store(b, i, v), j), select(b, j))`.
fn read_elsewhere(
    store: &TermStore,
    (x, y): (TermId, TermId),
    (above, below): (TermId, TermId),
) -> bool {
    let (Some((s, j)), Some((b, j2))) = (reads(store, above), reads(store, below)) else {
        return false;
    };
    let Some((base, i, _)) = writes(store, s) else { return false };
    base == b && j == j2 && ((x == i && y == j) || (x == j && y == i))
}

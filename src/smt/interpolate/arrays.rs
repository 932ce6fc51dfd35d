//! Shared terms over the index of difference `@diff`, for array interpolants that have no
//! quantifier-free form without it (Hoenicke and Schindler, "Efficient Interpolation for the
//! Theory of Arrays", IJCAR 2018).
//!
//! When A writes a shared array `b` as the shared `a` changed at indices only A knows
//! (`b = store(store(a, i1, v1), i2, v2)`), what B needs to hear is that `a` and `b` differ
//! at `k` indices at most, and that takes a quantifier over the theory's own symbols. With
//! `@diff(x, y)`, an index where `x` and `y` differ whenever they differ, it is an equation:
//! the chain `x0 = a`, `dm = @diff(xm, b)`, `x(m+1) = store(xm, dm, select(b, dm))` copies
//! `b`'s element at one more index of difference each step, and `xk = b` says that `a` and
//! `b` differ at `k` indices at most. These are the interpolants SMTInterpol gives for a weak
//! equivalence between shared arrays through A-local store indices (its weakeq-ext lemma);
//! the indices `dm` and the reads `select(b, dm)` and `select(a, dm)` are also what its
//! read-over-weakeq interpolants compare with B's indices and values.
//!
//! Here the chains are offered to the search over models of A ([`super::implicants`]) as
//! shared terms, after the terms of the problem have failed to tell A's models from B's; the
//! search describes A's models over them and keeps what B refutes. Every query that meets a
//! `@diff` term has the engine instantiate its defining axiom
//! (`a = b ∨ select(a, @diff(a, b)) ≠ select(b, @diff(a, b))`, see `smt::arrays`), so each
//! cube is checked as every other one, and the verification of the answer knows the axiom.

use std::collections::BTreeSet;

use crate::smt::{ArrayOp, Formula, TermId, TermStore};

use super::formula::formula_terms;

/// The longest chain made: a chain of `k` steps says "differ at `k` indices at most".
const MAX_CHAIN: usize = 3;

/// The most pairs of shared arrays given chains (the first ones in the pool's order).
const MAX_PAIRS: usize = 6;

/// The `@diff` chains between the pairs of arrays of one sort among `pool` (the shared
/// terms), as many steps as the store terms of `formulas` (at most [`MAX_CHAIN`]): each
/// step's index `dm`, the reads `select(b, dm)` and `select(a, dm)`, and the array `x(m+1)`,
/// in that order.
pub(super) fn diff_chains(
    store: &mut TermStore,
    pool: &[TermId],
    formulas: &[Formula],
) -> Vec<TermId> {
    let mut terms = Vec::new();
    for f in formulas {
        formula_terms(store, f, &mut terms);
    }
    let stores: BTreeSet<TermId> = terms
        .into_iter()
        .filter(|&t| store.array_op(store.term(t).fun) == Some(ArrayOp::Store))
        .collect();
    let steps = stores.len().min(MAX_CHAIN);
    // Plain arrays only (constants and constant arrays): a chain from a store term says
    // what the same chain from its base and the store's own literal say.
    let arrays: Vec<TermId> = pool
        .iter()
        .copied()
        .filter(|&t| {
            store.array_parts(store.sort_of(t)).is_some()
                && store.array_op(store.term(t).fun) != Some(ArrayOp::Store)
        })
        .collect();
    let mut out = Vec::new();
    let mut pairs = 0;
    for (n, &a) in arrays.iter().enumerate() {
        for &b in &arrays[n + 1..] {
            if store.sort_of(a) != store.sort_of(b) || pairs == MAX_PAIRS {
                continue;
            }
            pairs += 1;
            let mut x = a;
            for _ in 0..steps {
                let d = store.array_diff(x, b);
                let read = store.select(b, d);
                // What `a` holds where the arrays differ: with `x1 = b`, `select(a, d0) = 1`
                // says which single value `a` adds to `b`.
                let own = store.select(a, d);
                x = store.array_store(x, d, read);
                for t in [d, read, own, x] {
                    if !out.contains(&t) {
                        out.push(t);
                    }
                }
            }
        }
    }
    out
}

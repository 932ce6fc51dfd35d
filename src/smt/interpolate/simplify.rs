//! Simplification of verified interpolants: the tree whose conditions every step is checked
//! against, dropping refuted disjuncts and unneeded conjuncts, contextual simplification
//! (Dillig, Dillig and Aiken's small formulas), opposite bounds read as equalities, and one
//! equality between shared terms in place of a larger interpolant.

use std::collections::{BTreeMap, BTreeSet};

use rug::Rational;

use super::InterpolationError;
use super::arithmetic::{signed_terms, sum_term};
use super::formula::{
    and_all, entails, formula_terms, negate, or_all, printed_size, size, term_size, term_symbols,
};
use crate::smt::{Formula, FunId, SortId, TermId, TermStore, linear};

/// The tree the interpolants are checked against.
pub(super) struct Tree<'a> {
    pub(super) partitions: &'a [Vec<Formula>],
    pub(super) children: &'a [Vec<usize>],
    pub(super) parent: &'a [Option<usize>],
}

impl Tree<'_> {
    /// Whether the node's partition and its children's interpolants entail its interpolant
    /// (`false` at the root).
    pub(super) fn holds_at(
        &self,
        store: &TermStore,
        interpolants: &[Formula],
        node: usize,
    ) -> Result<bool, InterpolationError> {
        let mut premises = self.partitions[node].clone();
        premises.extend(self.children[node].iter().map(|&c| interpolants[c].clone()));
        let conclusion = interpolants.get(node).cloned().unwrap_or(Formula::False);
        entails(store, &premises, &conclusion)
    }

    /// Drops conjuncts (checking the parent's entailment) and disjuncts (checking the node's
    /// own) while the tree conditions still hold; each step keeps a verified tree.
    pub(super) fn simplify(
        &self,
        store: &TermStore,
        interpolants: &mut [Formula],
    ) -> Result<(), InterpolationError> {
        for node in 0..interpolants.len() {
            let (parts, conjunction) = match &interpolants[node] {
                Formula::And(parts) => (parts.clone(), true),
                Formula::Or(parts) => (parts.clone(), false),
                _ => continue,
            };
            let mut kept = parts;
            let mut i = 0;
            while i < kept.len() && kept.len() > 1 {
                let mut fewer = kept.clone();
                fewer.remove(i);
                let candidate =
                    if conjunction { and_all(fewer.clone()) } else { or_all(fewer.clone()) };
                let saved = std::mem::replace(&mut interpolants[node], candidate);
                let still = if conjunction {
                    let p = self.parent[node].unwrap_or(node);
                    self.holds_at(store, interpolants, p)?
                } else {
                    self.holds_at(store, interpolants, node)?
                };
                if still {
                    kept = fewer;
                } else {
                    interpolants[node] = saved;
                    i += 1;
                }
            }
        }
        Ok(())
    }
}

/// In a conjunction, drops each disjunct of a disjunctive conjunct that the other conjuncts
/// refute (`x <= 1 ∧ (1 < x ∨ x + z <= 5)` becomes `x <= 1 ∧ x + z <= 5`): an equivalent
/// formula, each step confirmed by a refutation.
pub(super) fn drop_refuted_disjuncts(
    store: &TermStore,
    f: Formula,
) -> Result<Formula, InterpolationError> {
    let Formula::And(mut parts) = f else { return Ok(f) };
    for i in 0..parts.len() {
        let Formula::Or(disjuncts) = parts[i].clone() else { continue };
        let context: Vec<Formula> =
            parts.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, p)| p.clone()).collect();
        let mut kept = Vec::new();
        for d in disjuncts {
            if !entails(store, &context, &negate(d.clone()))? {
                kept.push(d);
            }
        }
        parts[i] = or_all(kept);
    }
    Ok(and_all(parts))
}

/// `f` with every pair of conjuncts `a <= b` and `b <= a` of one conjunction (as written, or
/// as linear forms: `i1 <= i0 + 2` and `i0 <= i1 - 2`) written as the one conjunct `a = b`
/// (the first bound's sides), and every pair of disjuncts that bound one form strictly from both
/// sides (`a < b` and `b < a`, or over Int `a <= b - 1` and `b <= a - 1`) as the one disjunct
/// `a ≠ b` (where the first of the two stood), at any depth.
pub(super) fn opposite_bounds_as_equalities(store: &mut TermStore, f: Formula) -> Formula {
    match f {
        Formula::And(parts) => {
            let mut parts: Vec<Formula> =
                parts.into_iter().map(|p| opposite_bounds_as_equalities(store, p)).collect();
            let mut i = 0;
            while i < parts.len() {
                if let Formula::Le(a, b) = parts[i]
                    && let Some(j) = (0..parts.len())
                        .position(|j| j != i && opposite_bounds(store, a, b, &parts[j]))
                {
                    parts[i] = Formula::Eq(a.min(b), a.max(b));
                    parts.remove(j);
                }
                i += 1;
            }
            and_all(parts)
        }
        Formula::Or(parts) => {
            let mut parts: Vec<Formula> =
                parts.into_iter().map(|p| opposite_bounds_as_equalities(store, p)).collect();
            let mut i = 0;
            while i < parts.len() {
                let j = (0..parts.len()).find_map(|j| {
                    let merged = (j != i)
                        .then(|| strict_bounds_as_disequality(store, &parts[i], &parts[j]))??;
                    Some((j, merged))
                });
                if let Some((j, merged)) = j {
                    parts[i] = merged;
                    parts.remove(j);
                }
                i += 1;
            }
            or_all(parts)
        }
        Formula::Not(g) => negate(opposite_bounds_as_equalities(store, *g)),
        other => other,
    }
}

/// The linear form of `s - t`, as coefficients and a constant (`None` when not linear).
pub(super) fn difference(
    store: &TermStore,
    s: TermId,
    t: TermId,
) -> Option<(BTreeMap<TermId, Rational>, Rational)> {
    let (s, t) = (linear::linearize(store, s).ok()?, linear::linearize(store, t).ok()?);
    let mut form = s.coefficients;
    for (x, c) in t.coefficients {
        *form.entry(x).or_default() -= c;
    }
    form.retain(|_, c| c.cmp0() != std::cmp::Ordering::Equal);
    Some((form, s.constant - t.constant))
}

/// Whether `other` is a bound `c <= d` with `c - d = b - a` (as written, or as linear forms:
/// `i0 <= i1 - 2` against `i1 <= i0 + 2`), so that it and `a <= b` say `a = b`.
pub(super) fn opposite_bounds(store: &TermStore, a: TermId, b: TermId, other: &Formula) -> bool {
    let Formula::Le(c, d) = *other else { return false };
    if (c, d) == (b, a) {
        return true;
    }
    match (difference(store, a, b), difference(store, c, d)) {
        (Some((f, f_constant)), Some((g, g_constant))) => {
            !f.is_empty()
                && opposite_coefficients(&f, &g)
                && Rational::from(&f_constant + &g_constant).cmp0() == std::cmp::Ordering::Equal
        }
        _ => false,
    }
}

/// Whether the linear forms `f` and `g` have opposite coefficients (`f + g` is a constant).
pub(super) fn opposite_coefficients(
    f: &BTreeMap<TermId, Rational>,
    g: &BTreeMap<TermId, Rational>,
) -> bool {
    f.len() == g.len() && f.iter().all(|(x, c)| g.get(x).is_some_and(|e| Rational::from(-e) == *c))
}

/// `¬(s = t)` when `p ∨ q` says exactly that: `p` and `q` are `s < t` and `t < s` over the
/// reals, or over Int unknowns with integer coefficients `F <= 0` and `G <= 0` with `F + G = 2`,
/// which is `F <= 0 ∨ F >= 2`, that is `F ≠ 1` for the integer-valued `F`.
pub(super) fn strict_bounds_as_disequality(
    store: &mut TermStore,
    p: &Formula,
    q: &Formula,
) -> Option<Formula> {
    match (p, q) {
        (Formula::Lt(a, b), Formula::Lt(c, d)) if a == d && b == c => {
            Some(negate(Formula::Eq(*a.min(b), *a.max(b))))
        }
        (Formula::Le(a, b), Formula::Le(c, d)) => {
            let (f, f_constant) = difference(store, *a, *b)?;
            let (g, g_constant) = difference(store, *c, *d)?;
            let integral =
                f.iter().all(|(x, c)| store.sort_of(*x) == SortId::INT && c.denom() == &1);
            if f.is_empty()
                || !integral
                || !opposite_coefficients(&f, &g)
                || Rational::from(&f_constant + &g_constant) != 2
            {
                return None;
            }
            // F - 1 = Σ c·x + k = 0 with k = f_constant - 1: positive terms on the left.
            let k = Rational::from(&f_constant - 1u32);
            let (mut left, mut right) = signed_terms(store, f, SortId::INT);
            if k.cmp0() != std::cmp::Ordering::Equal || left.is_empty() || right.is_empty() {
                let constant = store.numeral(&-k, SortId::INT);
                right.push(constant);
            }
            if left.is_empty() {
                std::mem::swap(&mut left, &mut right);
            }
            let (s, t) = (sum_term(store, left, SortId::INT), sum_term(store, right, SortId::INT));
            Some(negate(Formula::Eq(s.min(t), s.max(t))))
        }
        _ => None,
    }
}

/// The largest interpolant (in formula nodes) simplified in context: each leaf costs a few
/// refutations per round.
pub(super) const MAX_CONTEXTUAL_SIZE: usize = 120;

/// An equivalent of `f` under `context` (Dillig, Dillig and Aiken, "Small formulas for large
/// programs"): a leaf the context entails becomes `true`, one whose negation it entails
/// `false`; a conjunct is simplified with its siblings added to the context, a disjunct with
/// its siblings' negations, until nothing changes. So `(X ∨ (X ∧ Y)) ∧ Y` becomes `X ∧ Y`, and
/// theory facts count too: under `a = b`, the leaf `f(a) = f(b)` is `true`. Each step rests
/// on an entailment the engine refuted, so the result is equivalent to `f` under `context`.
pub(super) fn contextual_simplify(
    store: &TermStore,
    f: &Formula,
    context: &mut Vec<Formula>,
) -> Result<Formula, InterpolationError> {
    let (parts, conjunction) = match f {
        Formula::And(parts) => (parts.clone(), true),
        Formula::Or(parts) => (parts.clone(), false),
        Formula::Not(g) if matches!(**g, Formula::And(_) | Formula::Or(_)) => {
            return Ok(negate(contextual_simplify(store, g, context)?));
        }
        Formula::True | Formula::False => return Ok(f.clone()),
        leaf => {
            return Ok(if entails(store, context, leaf)? {
                Formula::True
            } else if entails(store, context, &negate(leaf.clone()))? {
                Formula::False
            } else {
                leaf.clone()
            });
        }
    };
    let mut parts = parts;
    // A change never grows a part, and most shrink one; the bound on the rounds keeps two
    // forms of one size from taking turns forever.
    for _round in 0..=size(f) {
        let mut changed = false;
        for i in 0..parts.len() {
            let depth = context.len();
            for (j, sibling) in parts.iter().enumerate() {
                if j != i {
                    context.push(if conjunction {
                        sibling.clone()
                    } else {
                        negate(sibling.clone())
                    });
                }
            }
            let simplified = contextual_simplify(store, &parts[i], context);
            context.truncate(depth);
            let simplified = simplified?;
            if simplified != parts[i] && size(&simplified) <= size(&parts[i]) {
                parts[i] = simplified;
                changed = true;
            }
        }
        let joined = if conjunction { and_all(parts.clone()) } else { or_all(parts.clone()) };
        match joined {
            Formula::And(p) if conjunction && changed => parts = p,
            Formula::Or(p) if !conjunction && changed => parts = p,
            other => return Ok(other),
        }
    }
    Ok(if conjunction { and_all(parts) } else { or_all(parts) })
}

/// The most shared terms [`one_equality`] builds for one interpolant, and the most
/// equalities between them it tries.
pub(super) const MAX_EQUALITY_TERMS: usize = 24;
pub(super) const MAX_EQUALITY_CANDIDATES: usize = 64;
/// The most candidate equalities [`one_equality`] tries over all the nodes of one tree (each
/// costs two entailment checks).
pub(super) const MAX_EQUALITY_TRIALS: usize = 256;

/// Replaces the interpolant of `node` by a single equality between terms of uninterpreted
/// sorts over the cut's shared symbols when one smaller than it keeps the tree conditions
/// (checked as every interpolant is; a stronger or weaker formula may serve as well: cvc5's
/// `(= (f s1) s1)` where the refutation gave `(and (= s0 s1) (= s0 (f s1)))`). The terms
/// are the interpolant's own, the shared constants, and shared unary functions applied to
/// them twice over; candidates go smallest first, so the answer is deterministic.
pub(super) fn one_equality(
    store: &mut TermStore,
    tree: &Tree<'_>,
    interpolants: &mut [Formula],
    node: usize,
    shared: &BTreeSet<FunId>,
    budget: &mut usize,
) -> Result<(), InterpolationError> {
    let current = printed_size(store, &interpolants[node]);
    if current <= 4 {
        return Ok(());
    }
    let uninterpreted_sort = |store: &TermStore, sort: SortId| {
        !sort.is_arithmetic() && sort != SortId::BOOL && store.array_parts(sort).is_none()
    };
    let mut terms: Vec<TermId> = Vec::new();
    let add = |store: &TermStore, t: TermId, terms: &mut Vec<TermId>| {
        let mut symbols = BTreeSet::new();
        term_symbols(store, t, &mut symbols);
        if uninterpreted_sort(store, store.sort_of(t))
            && symbols.is_subset(shared)
            && !terms.contains(&t)
            && terms.len() < MAX_EQUALITY_TERMS
        {
            terms.push(t);
        }
    };
    let mut in_interpolant = Vec::new();
    formula_terms(store, &interpolants[node], &mut in_interpolant);
    for t in in_interpolant {
        add(store, t, &mut terms);
    }
    for &f in shared {
        let declaration = store.fun(f);
        if declaration.args.is_empty() && !declaration.internal {
            let t = store.apply(f, Vec::new());
            add(store, t, &mut terms);
        }
    }
    let unary: Vec<FunId> = shared
        .iter()
        .copied()
        .filter(|&f| {
            let declaration = store.fun(f);
            declaration.args.len() == 1
                && !declaration.internal
                && uninterpreted_sort(store, declaration.args[0])
                && uninterpreted_sort(store, declaration.result)
        })
        .collect();
    for _ in 0..2 {
        for t in terms.clone() {
            for &f in &unary {
                if store.fun(f).args[0] == store.sort_of(t) {
                    let applied = store.apply(f, vec![t]);
                    add(store, applied, &mut terms);
                }
            }
        }
    }
    let mut candidates: Vec<(usize, TermId, TermId)> = Vec::new();
    for (i, &s) in terms.iter().enumerate() {
        for &t in &terms[i + 1..] {
            if store.sort_of(s) == store.sort_of(t) {
                let size = 1 + term_size(store, s) + term_size(store, t);
                if size < current {
                    candidates.push((size, s.min(t), s.max(t)));
                }
            }
        }
    }
    candidates.sort_unstable();
    candidates.truncate(MAX_EQUALITY_CANDIDATES);
    let parent = tree.parent[node].unwrap_or(node);
    for (_, s, t) in candidates {
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        let saved = std::mem::replace(&mut interpolants[node], Formula::Eq(s, t));
        if tree.holds_at(store, interpolants, node)?
            && tree.holds_at(store, interpolants, parent)?
        {
            return Ok(());
        }
        interpolants[node] = saved;
    }
    Ok(())
}

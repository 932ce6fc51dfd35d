//! A smaller equivalent set of equalities for the conjunctions interpolation returns: the
//! equalities `f(f(f(a))) = a ∧ f(f(f(f(f(a))))) = a` are replaced by `f(a) = a`, which
//! implies them and which they imply.
//!
//! Interpolants read off a refutation repeat the equalities of the clauses they came from, so
//! a conjunction of equalities is often far from the smallest way to say the same thing. The
//! classes of the conjunction's congruence closure are what the equalities mean; this module
//! picks, among the equalities of each term with the smallest term of its class, the smallest
//! ones that generate the same classes. Both directions of the equivalence are confirmed by
//! the independent closure [`super::check::implies`], so the result is only used when it says
//! exactly what the input said.

use super::{Formula, TermId, TermStore};

/// The most distinct subterms a conjunction may have for the basis to be searched: the search
/// makes a quadratic number of closure checks, each quadratic itself.
const MAX_TERMS: usize = 40;

/// `f` with the equalities among its top-level conjuncts replaced by a smaller equivalent set,
/// or `f` itself when none is found.
pub fn smaller_equalities(store: &TermStore, f: Formula) -> Formula {
    let conjuncts = match &f {
        Formula::And(parts) => parts.as_slice(),
        Formula::Eq(..) => std::slice::from_ref(&f),
        _ => return f,
    };
    let equalities: Vec<(TermId, TermId)> = conjuncts
        .iter()
        .filter_map(|part| match part {
            Formula::Eq(a, b) => Some((*a, *b)),
            _ => None,
        })
        .collect();
    let Some(smaller) = basis(store, &equalities) else { return f };
    let mut parts: Vec<Formula> =
        smaller.iter().map(|&(a, b)| Formula::Eq(a.min(b), a.max(b))).collect();
    parts.extend(conjuncts.iter().filter(|part| !matches!(part, Formula::Eq(..))).cloned());
    if parts.len() == 1 { parts.pop().unwrap_or(Formula::True) } else { Formula::And(parts) }
}

/// The equalities of each term with its class's smallest term, smallest first, each kept only
/// if those kept before it do not imply it; `None` when that is not smaller than the input or
/// the input has too many terms.
fn basis(store: &TermStore, equalities: &[(TermId, TermId)]) -> Option<Vec<(TermId, TermId)>> {
    if equalities.len() < 2 {
        return None;
    }
    let mut terms: Vec<TermId> = Vec::new();
    let mut stack: Vec<TermId> = equalities.iter().flat_map(|&(a, b)| [a, b]).collect();
    while let Some(t) = stack.pop() {
        if terms.contains(&t) {
            continue;
        }
        if terms.len() == MAX_TERMS {
            return None;
        }
        terms.push(t);
        stack.extend(store.term(t).args.iter().copied());
    }
    // Smallest first, ties by id, so that each class's first member is its representative
    // and the order of the candidates is deterministic.
    terms.sort_by_key(|&t| (term_size(store, t), t));
    let mut representatives: Vec<TermId> = Vec::new();
    let mut candidates: Vec<(TermId, TermId)> = Vec::new();
    for &t in &terms {
        match representatives.iter().find(|&&r| super::check::implies(store, equalities, (t, r))) {
            Some(&r) => candidates.push((t, r)),
            None => representatives.push(t),
        }
    }
    let mut kept: Vec<(TermId, TermId)> = Vec::new();
    for candidate in candidates {
        if !super::check::implies(store, &kept, candidate) {
            kept.push(candidate);
        }
    }
    let size = |eqs: &[(TermId, TermId)]| -> usize {
        eqs.iter().map(|&(a, b)| term_size(store, a) + term_size(store, b)).sum()
    };
    let equivalent = equalities.iter().all(|&e| super::check::implies(store, &kept, e));
    (equivalent && size(&kept) < size(equalities)).then_some(kept)
}

/// The number of applications and constants in a term.
fn term_size(store: &TermStore, t: TermId) -> usize {
    1 + store.term(t).args.iter().map(|&a| term_size(store, a)).sum::<usize>()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn powers_of_f_that_fix_a_reduce_to_f_of_a_equals_a() {
        let mut store = TermStore::new();
        let u = store.declare_sort("U");
        let a_fun = store.declare_fun("a", vec![], u, false);
        let f_fun = store.declare_fun("f", vec![u], u, false);
        let a = store.apply(a_fun, vec![]);
        let mut powers = vec![a];
        for _ in 0..5 {
            let last = *powers.last().unwrap();
            powers.push(store.apply(f_fun, vec![last]));
        }
        let input = Formula::And(vec![
            Formula::Eq(a, powers[5]),
            Formula::Eq(a, powers[3]),
            Formula::Not(Box::new(Formula::Eq(a, a))),
        ]);
        let out = smaller_equalities(&store, input);
        assert_eq!(
            out,
            Formula::And(vec![
                Formula::Eq(a.min(powers[1]), a.max(powers[1])),
                Formula::Not(Box::new(Formula::Eq(a, a))),
            ])
        );
    }

    #[test]
    fn independent_equalities_are_kept() {
        let mut store = TermStore::new();
        let u = store.declare_sort("U");
        let names = ["a", "b", "c", "d"];
        let consts: Vec<TermId> = names
            .iter()
            .map(|n| {
                let f = store.declare_fun(n, vec![], u, false);
                store.apply(f, vec![])
            })
            .collect();
        let input = Formula::And(vec![
            Formula::Eq(consts[0], consts[1]),
            Formula::Eq(consts[2], consts[3]),
        ]);
        assert_eq!(smaller_equalities(&store, input.clone()), input);
    }
}

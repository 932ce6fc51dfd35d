//! The independent theory-lemma checker: a naive congruence closure, written without the
//! proof forest, signature table or use lists of [`super::cc`], that decides whether a set of
//! equalities implies another one by reflexivity, symmetry, transitivity and congruence.

use super::{TermId, TermStore};

/// Whether `equalities` imply `goal` in the theory of equality with uninterpreted functions.
///
/// The terms considered are the subterms of the equalities and the goal; classes are a plain
/// label array, and congruence is found by comparing every pair of applications until nothing
/// changes (quadratic per pass, which is fine for lemmas).
pub fn implies(store: &TermStore, equalities: &[(TermId, TermId)], goal: (TermId, TermId)) -> bool {
    let mut terms: Vec<TermId> = Vec::new();
    let mut stack: Vec<TermId> = equalities.iter().flat_map(|&(a, b)| [a, b]).collect();
    stack.extend([goal.0, goal.1]);
    while let Some(t) = stack.pop() {
        if terms.contains(&t) {
            continue;
        }
        terms.push(t);
        stack.extend(store.term(t).args.iter().copied());
    }
    let index = |t: TermId, terms: &[TermId]| terms.iter().position(|&x| x == t).unwrap_or(0);
    let mut label: Vec<usize> = (0..terms.len()).collect();
    let relabel = |label: &mut Vec<usize>, from: usize, to: usize| {
        for l in label.iter_mut() {
            if *l == from {
                *l = to;
            }
        }
    };
    for &(a, b) in equalities {
        let (la, lb) = (label[index(a, &terms)], label[index(b, &terms)]);
        if la != lb {
            relabel(&mut label, la, lb);
        }
    }
    loop {
        let mut changed = false;
        for i in 0..terms.len() {
            for j in i + 1..terms.len() {
                let (ti, tj) = (store.term(terms[i]), store.term(terms[j]));
                if label[i] == label[j] || ti.fun != tj.fun || ti.args.len() != tj.args.len() {
                    continue;
                }
                let congruent = ti
                    .args
                    .iter()
                    .zip(&tj.args)
                    .all(|(&p, &q)| label[index(p, &terms)] == label[index(q, &terms)]);
                if congruent {
                    let (li, lj) = (label[i], label[j]);
                    relabel(&mut label, li, lj);
                    changed = true;
                }
            }
        }
        if !changed {
            break;
        }
    }
    label[index(goal.0, &terms)] == label[index(goal.1, &terms)]
}

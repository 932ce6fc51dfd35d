//! Formulas over the store as every procedure here reads them: symbols, atoms, terms and sizes,
//! connectives with constants folded, and the engine queries (entailment, refutation, a model
//! outside what was found) by which every step is checked.

use std::collections::BTreeSet;

use super::InterpolationError;
use crate::smt::{
    Answer, Formula, FunId, Model, SmtError, SmtStats, SortId, TermId, TermStore, check,
};

/// Whether `premises` entail `conclusion`, by a refutation of the premises and the
/// conclusion's negation (checked by the engine).
pub(super) fn entails(
    store: &TermStore,
    premises: &[Formula],
    conclusion: &Formula,
) -> Result<bool, InterpolationError> {
    let mut all = premises.to_vec();
    all.push(Formula::Not(Box::new(conclusion.clone())));
    let mut stats = SmtStats::default();
    match check(store, &all, &[], &mut stats) {
        Ok(Answer::Unsat { .. }) => Ok(true),
        Ok(Answer::Sat(_)) => Ok(false),
        Err(e) => Err(InterpolationError::Unverified(format!("the check stopped: {e}"))),
    }
}

/// Whether `b` and `extra` together are unsatisfiable (a refutation the engine checked).
pub(super) fn refutes(
    store: &TermStore,
    b: &[Formula],
    extra: &[Formula],
) -> Result<bool, InterpolationError> {
    let mut with_b = b.to_vec();
    with_b.extend(extra.iter().cloned());
    entails(store, &with_b, &Formula::False)
}

/// A model of `a` in which none of `found` holds; `None` when `a` implies their disjunction.
pub(super) fn model_outside(
    store: &TermStore,
    a: &[Formula],
    found: &[Formula],
) -> Result<Option<Model>, SmtError> {
    let mut query = a.to_vec();
    query.push(negate(or_all(found.to_vec())));
    let mut stats = SmtStats::default();
    match check(store, &query, &[], &mut stats)? {
        Answer::Unsat { .. } => Ok(None),
        Answer::Sat(model) => Ok(Some(model)),
    }
}

/// Whether `f` is an uninterpreted symbol (numerals, arithmetic, array operations and `true`
/// belong to every vocabulary).
pub(super) fn is_uninterpreted(store: &TermStore, f: FunId) -> bool {
    store.interpretation(f).is_none()
        && store.array_op(f).is_none()
        && f != store.term(store.true_term()).fun
}

/// The uninterpreted symbols of a term.
pub fn term_symbols(store: &TermStore, t: TermId, out: &mut BTreeSet<FunId>) {
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        let term = store.term(t);
        if is_uninterpreted(store, term.fun) {
            out.insert(term.fun);
        }
        stack.extend(term.args.iter().copied());
    }
}

/// Calls `visit` on each atom of `f` (a Boolean term, an equality or a comparison).
pub(super) fn for_each_atom(f: &Formula, visit: &mut impl FnMut(&Formula)) {
    match f {
        Formula::True | Formula::False => {}
        Formula::Atom(_) | Formula::Eq(..) | Formula::Le(..) | Formula::Lt(..) => visit(f),
        Formula::Not(g) => for_each_atom(g, visit),
        Formula::And(gs) | Formula::Or(gs) => gs.iter().for_each(|g| for_each_atom(g, visit)),
        Formula::Iff(a, b) | Formula::Xor(a, b) => {
            for_each_atom(a, visit);
            for_each_atom(b, visit);
        }
        Formula::Ite(c, a, b) => {
            for_each_atom(c, visit);
            for_each_atom(a, visit);
            for_each_atom(b, visit);
        }
    }
}

/// Calls `visit` on each term an atom of `f` compares or tests.
pub(super) fn for_each_atom_term(f: &Formula, visit: &mut impl FnMut(TermId)) {
    for_each_atom(f, &mut |atom| match atom {
        Formula::Atom(t) => visit(*t),
        Formula::Eq(a, b) | Formula::Le(a, b) | Formula::Lt(a, b) => {
            visit(*a);
            visit(*b);
        }
        _ => {}
    });
}

/// The uninterpreted symbols of a formula.
pub fn formula_symbols(store: &TermStore, f: &Formula, out: &mut BTreeSet<FunId>) {
    for_each_atom_term(f, &mut |t| term_symbols(store, t, out));
}

/// The number of nodes of a formula.
pub(super) fn size(f: &Formula) -> usize {
    match f {
        Formula::Not(g) => 1 + size(g),
        Formula::And(gs) | Formula::Or(gs) => 1 + gs.iter().map(size).sum::<usize>(),
        Formula::Iff(a, b) | Formula::Xor(a, b) => 1 + size(a) + size(b),
        Formula::Ite(c, a, b) => 1 + size(c) + size(a) + size(b),
        _ => 1,
    }
}

/// The terms a formula's atoms compare or test, with their subterms.
pub(super) fn formula_terms(store: &TermStore, f: &Formula, out: &mut Vec<TermId>) {
    for_each_atom_term(f, &mut |t| {
        let mut stack = vec![t];
        while let Some(t) = stack.pop() {
            if !out.contains(&t) {
                out.push(t);
                stack.extend(store.term(t).args.iter().copied());
            }
        }
    });
}

/// The terms of `formulas` and their subterms over shared symbols only, smallest first (in
/// the order met on ties), so that a model's value is matched by the simplest term.
pub(super) fn shared_terms_of(
    store: &TermStore,
    formulas: &[Formula],
    shared: &BTreeSet<FunId>,
    auxiliaries: &BTreeSet<FunId>,
) -> Vec<TermId> {
    let mut all = Vec::new();
    for f in formulas {
        formula_terms(store, f, &mut all);
    }
    all.retain(|&t| {
        let mut symbols = BTreeSet::new();
        term_symbols(store, t, &mut symbols);
        symbols.iter().all(|f| shared.contains(f) && !auxiliaries.contains(f))
            && store.sort_of(t) != SortId::BOOL
    });
    all.sort_by_key(|&t| term_size(store, t));
    all
}

/// A term's printed size: one per application and per constant.
pub(super) fn term_size(store: &TermStore, t: TermId) -> usize {
    1 + store.term(t).args.iter().map(|&a| term_size(store, a)).sum::<usize>()
}

/// A formula's printed size, counted as the benchmarks count it: one per connective, per
/// atom's relation, per application and per constant.
pub(super) fn printed_size(store: &TermStore, f: &Formula) -> usize {
    match f {
        Formula::True | Formula::False => 1,
        Formula::Atom(t) => term_size(store, *t),
        Formula::Eq(a, b) | Formula::Le(a, b) | Formula::Lt(a, b) => {
            1 + term_size(store, *a) + term_size(store, *b)
        }
        Formula::Not(g) => 1 + printed_size(store, g),
        Formula::And(gs) | Formula::Or(gs) => {
            1 + gs.iter().map(|g| printed_size(store, g)).sum::<usize>()
        }
        Formula::Iff(a, b) | Formula::Xor(a, b) => {
            1 + printed_size(store, a) + printed_size(store, b)
        }
        Formula::Ite(c, a, b) => {
            1 + printed_size(store, c) + printed_size(store, a) + printed_size(store, b)
        }
    }
}

/// `a = b` as a formula (a Boolean equality with `true` is the atom itself).
pub(super) fn equality_formula(store: &TermStore, a: TermId, b: TermId) -> Formula {
    if a == b {
        return Formula::True;
    }
    if store.sort_of(a) == SortId::BOOL {
        let t = store.true_term();
        if b == t {
            return Formula::Atom(a);
        }
        if a == t {
            return Formula::Atom(b);
        }
        return Formula::Iff(Box::new(Formula::Atom(a)), Box::new(Formula::Atom(b)));
    }
    Formula::Eq(a.min(b), a.max(b))
}

/// Negation with constants folded and double negations removed.
pub(super) fn negate(f: Formula) -> Formula {
    match f {
        Formula::True => Formula::False,
        Formula::False => Formula::True,
        Formula::Not(g) => *g,
        g => Formula::Not(Box::new(g)),
    }
}

/// A conjunction with constants folded, nested conjunctions flattened and repeats dropped.
pub fn and_all(parts: Vec<Formula>) -> Formula {
    junction(parts, true)
}

/// A disjunction with constants folded, nested disjunctions flattened and repeats dropped.
pub fn or_all(parts: Vec<Formula>) -> Formula {
    junction(parts, false)
}

pub(super) fn junction(parts: Vec<Formula>, conjunction: bool) -> Formula {
    let (unit, zero) =
        if conjunction { (Formula::True, Formula::False) } else { (Formula::False, Formula::True) };
    let mut out: Vec<Formula> = Vec::new();
    let mut stack: Vec<Formula> = parts.into_iter().rev().collect();
    while let Some(p) = stack.pop() {
        match p {
            Formula::And(inner) if conjunction => stack.extend(inner.into_iter().rev()),
            Formula::Or(inner) if !conjunction => stack.extend(inner.into_iter().rev()),
            p if p == unit => {}
            p if p == zero => return zero,
            p => {
                let complement = negate(p.clone());
                if out.contains(&complement) {
                    return zero;
                }
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
    }
    match out.len() {
        0 => unit,
        1 => out.pop().unwrap_or(unit),
        _ if conjunction => Formula::And(out),
        _ => Formula::Or(out),
    }
}

//! Trigger selection: which subterms of a clause are matched against ground terms to find its
//! instances.
//!
//! A trigger is a list of non-variable, non-ground subterms of the clause that together contain
//! all its variables. Preferred are single terms containing every variable that are minimal
//! (no proper non-variable subterm of theirs contains every variable): `left(X)` and `alloc(X)`
//! for `~alloc(X) | alloc(left(X))`, not `alloc(left(X))`, which would only match terms already
//! two deep. Every minimal single trigger is used, so an instance is found from whichever term
//! is present. When no single term contains every variable, one multi-trigger is chosen
//! greedily (most new variables first, then lightest). Variables occurring in no non-variable
//! subterm (only directly under equations, as in `X = a | X = b`) are left `uncovered` and
//! enumerated by the engine.

use crate::fol::{Clause, Signature, TermBank, TermId, TermView};

/// One trigger: the terms to match, and the variables none of them binds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trigger {
    /// Patterns matched one after the other, sharing their bindings.
    pub terms: Vec<TermId>,
    /// Variables no pattern contains, ascending.
    pub uncovered: Vec<u32>,
}

/// The triggers of one clause.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClauseTriggers {
    /// One more than the clause's largest variable number.
    pub variables: u32,
    /// The triggers, each yielding instances independently.
    pub triggers: Vec<Trigger>,
}

fn variables_of(bank: &TermBank, t: TermId) -> Vec<u32> {
    let mut vs = Vec::new();
    bank.collect_var_occurrences(t, &mut vs);
    vs.sort_unstable();
    vs.dedup();
    vs
}

/// Adds the non-variable, non-ground subterms of `t` (not `$true`) to `out`, once each.
fn candidates(bank: &TermBank, t: TermId, out: &mut Vec<TermId>) {
    if bank.is_ground(t) {
        return;
    }
    if let TermView::App(head, args) = bank.view(t) {
        if head != Signature::TRUE && !out.contains(&t) {
            out.push(t);
        }
        for &a in args {
            candidates(bank, a, out);
        }
    }
}

/// Chooses the triggers of a non-ground clause.
pub fn select_triggers(bank: &TermBank, clause: &Clause) -> ClauseTriggers {
    let variables = clause.var_bound(bank);
    let mut all_vars: Vec<u32> = Vec::new();
    let mut terms = Vec::new();
    for l in &clause.literals {
        for side in [l.lhs, l.rhs] {
            all_vars.extend(variables_of(bank, side));
            candidates(bank, side, &mut terms);
        }
    }
    all_vars.sort_unstable();
    all_vars.dedup();
    let with_vars: Vec<(TermId, Vec<u32>)> =
        terms.iter().map(|&t| (t, variables_of(bank, t))).collect();
    let full: Vec<TermId> =
        with_vars.iter().filter(|(_, vs)| *vs == all_vars).map(|&(t, _)| t).collect();
    // Minimal: no other full candidate is a proper subterm of it.
    let minimal: Vec<TermId> = full
        .iter()
        .copied()
        .filter(|&t| !full.iter().any(|&u| u != t && contains(bank, t, u)))
        .collect();
    if !minimal.is_empty() {
        let triggers = minimal
            .into_iter()
            .map(|t| Trigger { terms: vec![t], uncovered: Vec::new() })
            .collect();
        return ClauseTriggers { variables, triggers };
    }
    // A multi-trigger: greedily the candidate adding most uncovered variables, the lightest
    // among those, the first in clause order among equals.
    let mut chosen = Vec::new();
    let mut covered: Vec<u32> = Vec::new();
    loop {
        let best = with_vars
            .iter()
            .map(|(t, vs)| (*t, vs.iter().filter(|v| !covered.contains(v)).count()))
            .filter(|&(_, new)| new > 0)
            .min_by(|a, b| b.1.cmp(&a.1).then(bank.weight(a.0).cmp(&bank.weight(b.0))));
        let Some((t, _)) = best else { break };
        chosen.push(t);
        covered.extend(variables_of(bank, t));
        covered.sort_unstable();
        covered.dedup();
    }
    let uncovered: Vec<u32> = all_vars.iter().copied().filter(|v| !covered.contains(v)).collect();
    ClauseTriggers { variables, triggers: vec![Trigger { terms: chosen, uncovered }] }
}

/// Whether `small` occurs in `big` (as `big` itself or a subterm).
fn contains(bank: &TermBank, big: TermId, small: TermId) -> bool {
    big == small || bank.args(big).iter().any(|&a| contains(bank, a, small))
}

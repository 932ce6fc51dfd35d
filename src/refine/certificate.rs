//! The inductive certificate of safety every engine on the translated graph ends with: one
//! formula per location such that the start's is `True`, every edge leads from its source's
//! formula into its target's, and no edge into an error location can be taken from its source's
//! formula. One SMT check per edge, independent of how the formulas were found (IMPACT's
//! labels, predicate abstraction, the may-must analysis's reachable regions).

use super::RefineError;
use super::flat::Flat;
use super::formula::Pred;
use super::path::{self, PathFormula, Solved};
use crate::smt::SmtStats;

/// Checks `invariants` (one per location of `flat`, indexed like [`Flat::locations`]) as an
/// inductive certificate of safety, counting its SMT calls in `smt_calls`: `None` when it is
/// one, else which condition fails.
pub fn check_inductive(
    flat: &Flat,
    invariants: &[Pred],
    stats: &mut SmtStats,
    smt_calls: &mut usize,
) -> Result<Option<String>, RefineError> {
    check_inductive_except(flat, invariants, &|_| false, stats, smt_calls)
}

/// [`check_inductive`] but for the conditions of the edges `settled` names (the opaque calls
/// of a compositional analysis, whose conditions its summaries settle).
pub fn check_inductive_except(
    flat: &Flat,
    invariants: &[Pred],
    settled: &dyn Fn(usize) -> bool,
    stats: &mut SmtStats,
    smt_calls: &mut usize,
) -> Result<Option<String>, RefineError> {
    if invariants.len() != flat.locations.len() {
        return Ok(Some("the certificate does not give one formula per location".into()));
    }
    if invariants[0] != Pred::True {
        *smt_calls += 1;
        if !path::implies(flat.variables.len(), &Pred::True, &invariants[0], stats)? {
            return Ok(Some("the invariant at the start is not True".into()));
        }
    }
    check_edges_except(flat, invariants, settled, stats, smt_calls)
}

/// The edge conditions of [`check_inductive`] for every edge but those `settled` names (the
/// opaque calls of a compositional analysis, whose conditions its summaries settle).
pub fn check_edges_except(
    flat: &Flat,
    invariants: &[Pred],
    settled: &dyn Fn(usize) -> bool,
    stats: &mut SmtStats,
    smt_calls: &mut usize,
) -> Result<Option<String>, RefineError> {
    for (i, e) in flat.edges.iter().enumerate() {
        let source = &invariants[e.from];
        if settled(i) {
            continue;
        }
        if *source == Pred::False {
            continue;
        }
        let formula = PathFormula::encode(flat, &[i]);
        let before = source.rename(&|v| formula.current[0][v]);
        let mut assertions = vec![before, formula.parts[0].clone()];
        let error = flat.locations[e.to].error.is_some();
        if !error {
            let after = invariants[e.to].rename(&|v| formula.current[1][v]);
            assertions.push(after.negate());
        }
        *smt_calls += 1;
        if let Solved::Sat(_) = path::solve(formula.ssa.len(), &assertions, stats)? {
            let from = &flat.locations[e.from].name;
            let to = &flat.locations[e.to].name;
            return Ok(Some(if error {
                format!("the invariant at {from} does not exclude the failing check there")
            } else {
                format!("the invariant is not inductive along the edge {from} -> {to}")
            }));
        }
    }
    Ok(None)
}

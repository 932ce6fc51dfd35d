//! Printed invariants made readable without changing what they say.
//!
//! The invariant of a location is the disjunction of the labels of its uncovered nodes, so a
//! loop IMPACT unrolled ten times has an eleven-way disjunction at its head, one disjunct per
//! iteration (`(i = 0 & s = 0) | (i = 1 & s = 2) | ...`). [`Engine::simplify_invariant`]
//! rewrites it in steps, each of which replaces a formula by an equivalent one, and each of
//! which the SMT core confirms before it is taken (never a syntactic guess):
//!
//! - a conjunct implied by the other conjuncts is dropped;
//! - a disjunct implied by the other disjuncts is dropped (duplicates among them);
//! - in a conjunction, a disjunct of one conjunct that the other conjuncts refute is dropped
//!   (`x != 3 & (x = 3 | x != 1)` becomes `x != 3 & x != 1`: k-induction's certificates, made
//!   of negated preconditions, are full of these);
//! - two disjuncts that differ in bounds on the same linear term (`C & i = 0` and `C & i = 1`,
//!   or `C & i <= 3` and `C & 4 <= i`) become one with the interval that covers both
//!   (`C & 0 <= i & i <= 1`), when that is exact (integers leave no gap between `0` and `1`);
//! - two disjuncts that pin variables to values (`i = 0 & s = 0`, `i = 1 & s = 2`: the labels
//!   of an unrolled loop) are first rewritten to share the line through the two points
//!   (`2*i = s & i = 0`, `2*i = s & i = 1`), which then differ in one bound and merge.
//!
//! The result is checked equivalent to the input once more (both implications), or the input
//! is kept. The steps are taken in the order of the formula's parts, so the result is the same
//! every time, and at most [`MERGE_ATTEMPTS`] pairs are tried on one formula, which bounds the
//! SMT calls a long disjunction that does not merge costs.
//!
//! The questions go to whoever holds the SMT core ([`Simplifier`]): IMPACT's engine with its
//! remembered implications, or k-induction's. Either way the simplified invariants are the ones
//! checked inductive and printed.

use std::collections::BTreeMap;

use super::formula::{Linear, Pred, Rel};
use super::{Engine, RefineError};

use rug::Integer;

impl Engine {
    /// `p` in a simpler form, checked equivalent to it by the SMT core (see the module's
    /// documentation); `p` itself when nothing simpler was found.
    pub fn simplify_invariant(&mut self, p: &Pred) -> Result<Pred, RefineError> {
        let mut ask = |a: &Pred, b: &Pred| self.implies(a, b);
        Simplifier { implies: &mut ask }.simplify_invariant(p)
    }
}

/// The simplification of formulas, asking `implies` whether one formula implies another (an
/// SMT check; `Ok(false)` must mean "not known to imply", never a guess that it does).
pub struct Simplifier<'a> {
    /// Whether the first formula implies the second.
    pub implies: &'a mut dyn FnMut(&Pred, &Pred) -> Result<bool, RefineError>,
}

impl Simplifier<'_> {
    fn implies(&mut self, a: &Pred, b: &Pred) -> Result<bool, RefineError> {
        (self.implies)(a, b)
    }

    /// `p` in a simpler form, checked equivalent to it by the SMT core (see the module's
    /// documentation); `p` itself when nothing simpler was found.
    pub fn simplify_invariant(&mut self, p: &Pred) -> Result<Pred, RefineError> {
        let simpler = self.simplify_formula(p)?;
        if simpler == *p {
            return Ok(simpler);
        }
        // Every step was checked; the whole once more guards the rebuilding of the formula.
        if self.implies(&simpler, p)? && self.implies(p, &simpler)? {
            Ok(simpler)
        } else {
            Ok(p.clone())
        }
    }

    fn simplify_formula(&mut self, p: &Pred) -> Result<Pred, RefineError> {
        match p {
            Pred::And(parts) => {
                let mut parts = self.simplify_each(parts)?;
                self.drop_implied_conjuncts(&mut parts)?;
                if self.drop_refuted_disjuncts(&mut parts)? {
                    // A shortened disjunction may now follow from the rest, or imply it.
                    let rebuilt = Pred::and(parts);
                    let mut parts = rebuilt.conjuncts();
                    self.drop_implied_conjuncts(&mut parts)?;
                    return Ok(Pred::and(parts));
                }
                Ok(Pred::and(parts))
            }
            Pred::Or(parts) => {
                let mut parts = self.simplify_each(parts)?;
                self.drop_implied_disjuncts(&mut parts)?;
                let mut attempts = 0;
                let mut merged = false;
                while self.merge_two_disjuncts(&mut parts, &mut attempts)? {
                    merged = true;
                }
                // A merged interval may cover disjuncts it was not merged with.
                if merged {
                    self.drop_implied_disjuncts(&mut parts)?;
                }
                Ok(Pred::or(parts))
            }
            other => Ok(other.clone()),
        }
    }

    fn simplify_each(&mut self, parts: &[Pred]) -> Result<Vec<Pred>, RefineError> {
        parts.iter().map(|q| self.simplify_formula(q)).collect()
    }

    /// Drops, first to last, each conjunct the remaining others imply.
    fn drop_implied_conjuncts(&mut self, parts: &mut Vec<Pred>) -> Result<(), RefineError> {
        let mut k = 0;
        while k < parts.len() && parts.len() > 1 {
            let rest = Pred::and(without(parts, k));
            if self.implies(&rest, &parts[k])? {
                parts.remove(k);
            } else {
                k += 1;
            }
        }
        Ok(())
    }

    /// In each conjunct that is a disjunction, first to last, drops the disjuncts the other
    /// conjuncts refute (they imply its negation: the conjunction is the same without it);
    /// whether one was dropped.
    fn drop_refuted_disjuncts(&mut self, parts: &mut [Pred]) -> Result<bool, RefineError> {
        let mut dropped = false;
        for k in 0..parts.len() {
            let Pred::Or(disjuncts) = &parts[k] else { continue };
            let context = Pred::and(without(parts, k));
            if context == Pred::True {
                continue;
            }
            let mut kept = Vec::with_capacity(disjuncts.len());
            for d in disjuncts.clone() {
                if self.implies(&context, &d.negate())? {
                    dropped = true;
                } else {
                    kept.push(d);
                }
            }
            parts[k] = Pred::or(kept);
        }
        Ok(dropped)
    }

    /// Drops, first to last, each disjunct that implies the disjunction of the remaining
    /// others.
    fn drop_implied_disjuncts(&mut self, parts: &mut Vec<Pred>) -> Result<(), RefineError> {
        let mut k = 0;
        while k < parts.len() && parts.len() > 1 {
            let rest = Pred::or(without(parts, k));
            if self.implies(&parts[k], &rest)? {
                parts.remove(k);
            } else {
                k += 1;
            }
        }
        Ok(())
    }

    /// Merges the first pair of disjuncts (in order) that can be written as one with an
    /// interval (see [`Engine::merged_pair`]); whether a pair was merged. At most
    /// [`MERGE_ATTEMPTS`] pairs are tried on one formula, so a long disjunction that does not
    /// merge costs a bounded number of SMT calls.
    fn merge_two_disjuncts(
        &mut self,
        parts: &mut Vec<Pred>,
        attempts: &mut usize,
    ) -> Result<bool, RefineError> {
        for i in 0..parts.len() {
            for j in i + 1..parts.len() {
                if *attempts >= MERGE_ATTEMPTS {
                    return Ok(false);
                }
                *attempts += 1;
                if let Some(merged) = self.merged_pair(&parts[i], &parts[j])? {
                    parts[i] = merged;
                    parts.remove(j);
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// One disjunct equivalent to `a | b`, when they can be rewritten (each rewriting checked
    /// by the SMT core) to share everything but bounds on one linear term:
    ///
    /// 1. when both pin variables to values (`i = 0 & s = 0`, `i = 1 & s = 2`), the equalities
    ///    of the line through the two points (`2*i = s`) join both, where each implies them;
    /// 2. each takes the other's conjuncts it implies;
    /// 3. each drops the conjuncts it has alone that the rest of it implies, those about later
    ///    variables first (so `s = 0` goes and `i = 0` stays beside `2*i = s`);
    /// 4. what each has alone must then be bounds on one term: the merged disjunct is what they
    ///    share and the interval covering both sides' bounds, taken only when the SMT core
    ///    confirms it equivalent to `a | b`.
    ///
    /// The rewriting (steps 1 to 3) is tried only when one of them pins a variable to a value,
    /// as the labels of an unrolled loop do; otherwise they must differ in bounds on one term
    /// as they are.
    fn merged_pair(&mut self, a: &Pred, b: &Pred) -> Result<Option<Pred>, RefineError> {
        let (mut ca, mut cb) = (a.conjuncts(), b.conjuncts());
        if let Some(merged) = interval_hull(&ca, &cb)
            && self.equivalent_to_pair(&merged, a, b)?
        {
            return Ok(Some(merged));
        }
        if pinned(&ca).is_empty() && pinned(&cb).is_empty() {
            return Ok(None);
        }
        for line in line_through(&ca, &cb) {
            for side in [&mut ca, &mut cb] {
                if !side.contains(&line) && self.implies(&Pred::and(side.clone()), &line)? {
                    side.push(line.clone());
                }
            }
        }
        let (before_a, before_b) = (ca.clone(), cb.clone());
        for q in &before_b {
            if !ca.contains(q) && self.implies(&Pred::and(before_a.clone()), q)? {
                ca.push(q.clone());
            }
        }
        for q in &before_a {
            if !cb.contains(q) && self.implies(&Pred::and(before_b.clone()), q)? {
                cb.push(q.clone());
            }
        }
        self.drop_own_implied(&mut ca, &cb)?;
        self.drop_own_implied(&mut cb, &ca)?;
        let Some(merged) = interval_hull(&ca, &cb) else { return Ok(None) };
        Ok(self.equivalent_to_pair(&merged, a, b)?.then_some(merged))
    }

    /// Whether `merged` is equivalent to `a | b`, by the SMT core (both implications).
    fn equivalent_to_pair(
        &mut self,
        merged: &Pred,
        a: &Pred,
        b: &Pred,
    ) -> Result<bool, RefineError> {
        let pair = Pred::or(vec![a.clone(), b.clone()]);
        Ok(self.implies(merged, &pair)? && self.implies(&pair, merged)?)
    }

    /// Drops from `own` the conjuncts `other` lacks that the rest of `own` implies, those whose
    /// first variable comes later first.
    fn drop_own_implied(&mut self, own: &mut Vec<Pred>, other: &[Pred]) -> Result<(), RefineError> {
        let mut alone: Vec<Pred> = own.iter().filter(|q| !other.contains(q)).cloned().collect();
        alone.sort_by_key(|q| std::cmp::Reverse(q.variables().first().copied()));
        for q in alone {
            let Some(k) = own.iter().position(|p| *p == q) else { continue };
            let rest = Pred::and(without(own, k));
            if self.implies(&rest, &q)? {
                own.remove(k);
            }
        }
        Ok(())
    }
}

/// Pairs of disjuncts tried for a merge on one formula at most.
pub const MERGE_ATTEMPTS: usize = 200;

/// The variables a conjunction pins to a value (`x = 3`), by variable.
fn pinned(conjuncts: &[Pred]) -> BTreeMap<usize, Integer> {
    let mut out = BTreeMap::new();
    for q in conjuncts {
        if let Pred::Atom(l, Rel::Eq) = q
            && l.coefficients.len() == 1
            && let Some((&v, c)) = l.coefficients.iter().next()
            && *c == 1
        {
            out.insert(v, Integer::from(-&l.constant));
        }
    }
    out
}

/// The equalities of the line through the two points that `a` and `b` pin the variables they
/// both pin to (when those points differ): with `x` the first variable whose values differ
/// (`dx` apart), `dx*(y - ya) = dy*(x - xa)` for every other such variable `y`.
fn line_through(a: &[Pred], b: &[Pred]) -> Vec<Pred> {
    let (pa, pb) = (pinned(a), pinned(b));
    let common: Vec<usize> = pa.keys().copied().filter(|v| pb.contains_key(v)).collect();
    let Some(&x) = common.iter().find(|v| pa[v] != pb[v]) else { return Vec::new() };
    let dx = Integer::from(&pb[&x] - &pa[&x]);
    let mut out = Vec::new();
    for &y in &common {
        if y == x {
            continue;
        }
        let dy = Integer::from(&pb[&y] - &pa[&y]);
        // dx*y - dy*x - dx*ya + dy*xa = 0
        let mut l = Linear::variable(y).scale(&dx).add_scaled(&Linear::variable(x), &-dy.clone());
        l.constant = Integer::from(&dy * &pa[&x]) - Integer::from(&dx * &pa[&y]);
        let line = Pred::atom(l, Rel::Eq);
        if line != Pred::True && !out.contains(&line) {
            out.push(line);
        }
    }
    out
}

/// `parts` without the one at `k`.
fn without(parts: &[Pred], k: usize) -> Vec<Pred> {
    parts.iter().enumerate().filter(|(j, _)| *j != k).map(|(_, q)| q.clone()).collect()
}

/// A bound on a linear term: `lower <= term <= upper`, either side possibly open.
struct Interval {
    term: Linear,
    lower: Option<Integer>,
    upper: Option<Integer>,
}

/// The atom as an interval on its linear term without the constant, the term's first
/// coefficient made positive (`x - y + 3 <= 0` is `x - y <= -3`; `-x + 2 <= 0` is `2 <= x`);
/// `None` for a disequality or a constant.
fn interval(atom: &Pred) -> Option<Interval> {
    let Pred::Atom(l, rel) = atom else { return None };
    let positive = *l.coefficients.values().next()? > 0;
    let mut term = if positive { l.clone() } else { l.scale(&Integer::from(-1)) };
    let constant = std::mem::take(&mut term.constant);
    // `term + constant ⋈ 0`, i.e. `term ⋈ -constant`.
    let value = Integer::from(-&constant);
    match (rel, positive) {
        (Rel::Eq, _) => Some(Interval { term, lower: Some(value.clone()), upper: Some(value) }),
        (Rel::Le, true) => Some(Interval { term, lower: None, upper: Some(value) }),
        (Rel::Le, false) => Some(Interval { term, lower: Some(value), upper: None }),
        (Rel::Ne, _) => None,
    }
}

/// When what `a` and `b` (lists of conjuncts) have alone are all bounds on one linear term, the
/// conjunction of what they share and the smallest interval holding both sides' intervals (not
/// yet checked: the caller has the SMT core confirm it). A pair whose intervals leave integers
/// between them is not proposed (the merge could not be exact).
fn interval_hull(a: &[Pred], b: &[Pred]) -> Option<Pred> {
    let only_a: Vec<&Pred> = a.iter().filter(|p| !b.contains(p)).collect();
    let only_b: Vec<&Pred> = b.iter().filter(|p| !a.contains(p)).collect();
    let (x, y) = (side_interval(&only_a)?, side_interval(&only_b)?);
    if x.term.coefficients != y.term.coefficients {
        return None;
    }
    // A gap between the two intervals (`i <= 1` and `3 <= i`) cannot be covered exactly.
    let gap = |upper: &Option<Integer>, lower: &Option<Integer>| matches!((upper, lower), (Some(u), Some(l)) if Integer::from(u + 1) < *l);
    if gap(&x.upper, &y.lower) || gap(&y.upper, &x.lower) {
        return None;
    }
    let lower = match (x.lower, y.lower) {
        (Some(p), Some(q)) => Some(p.min(q)),
        _ => None,
    };
    let upper = match (x.upper, y.upper) {
        (Some(p), Some(q)) => Some(p.max(q)),
        _ => None,
    };
    let mut parts: Vec<Pred> = a.iter().filter(|p| b.contains(p)).cloned().collect();
    if let Some(l) = lower {
        parts.push(Pred::le(&Linear::constant(l), &x.term));
    }
    if let Some(u) = upper {
        parts.push(Pred::le(&x.term, &Linear::constant(u)));
    }
    Some(Pred::and(parts))
}

/// The interval several bounds on one term make together (their intersection); `None` when
/// there are none, or they are not all bounds on one term.
fn side_interval(atoms: &[&Pred]) -> Option<Interval> {
    let mut out: Option<Interval> = None;
    for atom in atoms {
        let next = interval(atom)?;
        out = Some(match out {
            None => next,
            Some(so_far) if so_far.term.coefficients == next.term.coefficients => Interval {
                term: so_far.term,
                lower: tighter(so_far.lower, next.lower, true),
                upper: tighter(so_far.upper, next.upper, false),
            },
            Some(_) => return None,
        });
    }
    out
}

/// The tighter of two bounds: the larger lower bound, the smaller upper bound.
fn tighter(p: Option<Integer>, q: Option<Integer>, lower: bool) -> Option<Integer> {
    match (p, q) {
        (Some(p), Some(q)) => Some(if lower { p.max(q) } else { p.min(q) }),
        (p, None) => p,
        (None, q) => q,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn x() -> Linear {
        Linear::variable(0)
    }

    fn n(k: i64) -> Linear {
        Linear::constant(Integer::from(k))
    }

    fn name(v: usize) -> String {
        ["x", "y"][v].to_string()
    }

    #[test]
    fn bounds_read_as_intervals_on_a_term_with_a_positive_first_coefficient() {
        let upper = interval(&Pred::le(&x(), &n(3))).unwrap();
        assert_eq!((upper.lower, upper.upper), (None, Some(Integer::from(3))));
        let lower = interval(&Pred::le(&n(2), &x())).unwrap();
        assert_eq!((lower.lower, lower.upper), (Some(Integer::from(2)), None));
        assert_eq!(lower.term, x());
        let equal = interval(&Pred::eq(&x(), &n(-4))).unwrap();
        assert_eq!((equal.lower, equal.upper), (Some(Integer::from(-4)), Some(Integer::from(-4))));
        assert!(interval(&Pred::atom(x(), Rel::Ne)).is_none());
    }

    #[test]
    fn neighbouring_values_make_an_interval_and_distant_ones_do_not() {
        let y = Linear::variable(1);
        let shared = Pred::eq(&x().scale(&Integer::from(2)), &y);
        let at = |k: i64| Pred::and(vec![shared.clone(), Pred::eq(&x(), &n(k))]);
        let hull = |a: &Pred, b: &Pred| interval_hull(&a.conjuncts(), &b.conjuncts());
        let merged = hull(&at(0), &at(1)).expect("adjacent values merge");
        assert_eq!(merged.show(&name), "2*x = y & 0 <= x & x <= 1");
        assert!(hull(&at(0), &at(2)).is_none(), "1 lies between 0 and 2");
        let ray = Pred::and(vec![shared.clone(), Pred::le(&n(2), &x())]);
        assert_eq!(hull(&at(1), &ray).unwrap().show(&name), "2*x = y & 1 <= x");
        assert_eq!(hull(&merged, &at(2)).unwrap().show(&name), "2*x = y & 0 <= x & x <= 2");
        // Bounds on two different terms: no proposal.
        let other = Pred::and(vec![Pred::eq(&x(), &n(0)), Pred::eq(&y, &n(1))]);
        assert!(hull(&at(0), &other).is_none());
    }

    #[test]
    fn two_points_give_the_line_through_them() {
        let y = Linear::variable(1);
        let point = |a: i64, b: i64| vec![Pred::eq(&x(), &n(a)), Pred::eq(&y, &n(b))];
        let line = line_through(&point(0, 0), &point(1, 2));
        let shown: Vec<String> = line.iter().map(|p| p.show(&name)).collect();
        assert_eq!(shown, ["2*x = y"]);
        let line = line_through(&point(3, 1), &point(5, 2));
        assert_eq!(line[0].show(&name), "x = 2*y + 1");
        assert!(line_through(&point(1, 1), &point(1, 1)).is_empty(), "one point, no line");
    }

    /// `x ⋈ k` as an atom over `x`.
    fn at(rel: Rel, k: i64) -> Pred {
        Pred::atom(x().add_scaled(&n(k), &Integer::from(-1)), rel)
    }

    fn simplified(p: &Pred) -> Pred {
        let mut stats = crate::smt::SmtStats::default();
        let mut ask = |a: &Pred, b: &Pred| super::super::path::implies(1, a, b, &mut stats);
        Simplifier { implies: &mut ask }.simplify_invariant(p).unwrap()
    }

    #[test]
    fn a_disjunct_the_other_conjuncts_refute_is_dropped_and_no_other() {
        // k-induction's certificate of `x != 3` for a loop adding 2 from 0: the interval,
        // `x != 3`, and the negated precondition of the path kept at round 2.
        let made = Pred::and(vec![
            Pred::le(&n(0), &x()),
            at(Rel::Ne, 3),
            Pred::or(vec![at(Rel::Eq, 3), at(Rel::Ne, 1)]),
        ]);
        assert_eq!(simplified(&made).show(&name), "0 <= x & x != 3 & x != 1");
        // The disjunct `x = -1` is refuted by `0 <= x` beside it (neither disjunct implies the
        // other, so only the context drops it); then `x = 5` implies the bound.
        let refuted =
            Pred::and(vec![Pred::le(&n(0), &x()), Pred::or(vec![at(Rel::Eq, -1), at(Rel::Eq, 5)])]);
        assert_eq!(simplified(&refuted).show(&name), "x = 5");
        // Nothing refutes `x = 1` or `3 <= x` beside `x <= 4`, neither disjunct implies the
        // other, `2` lies between them (no interval), and neither conjunct implies the other:
        // the formula stays as it is.
        let kept = Pred::and(vec![
            Pred::le(&x(), &n(4)),
            Pred::or(vec![at(Rel::Eq, 1), Pred::le(&n(3), &x())]),
        ]);
        assert_eq!(simplified(&kept), kept);
    }
}

//! Linear-arithmetic formula builders for interpolants: canonical linear atoms, weighted
//! Farkas sums, "an integer lies between two bounds" written with `div`, divisibilities and
//! their reduction, affine and sum terms.

use std::collections::BTreeMap;

use rug::{Integer, Rational};

use super::InterpolationError;
use super::formula::printed_size;
use crate::smt::{ArithOp, Formula, Interpretation, SortId, TermId, TermStore, farkas, linear};

/// An arithmetic premise `Σ c·t + k ⋈ 0` as a formula, in the Farkas checker's canonical form.
pub(super) fn arith_formula(
    store: &mut TermStore,
    literal: &farkas::ArithLiteral,
) -> Result<Formula, InterpolationError> {
    let Some(((coefficients, rhs), strict)) = farkas::canonical(store, literal) else {
        return Err(InterpolationError::Unsupported("a non-linear atom".into()));
    };
    Ok(linear_formula(store, coefficients, rhs, strict))
}

/// `Σ c·x <= rhs` (or `<`) as a formula: integer coefficients, an Int comparison rounded when
/// every variable is Int, written with the variables on the side where they are positive.
pub(super) fn linear_formula(
    store: &mut TermStore,
    coefficients: BTreeMap<TermId, Rational>,
    rhs: Rational,
    strict: bool,
) -> Formula {
    use std::cmp::Ordering;
    if coefficients.is_empty() {
        let holds = match rhs.cmp0() {
            Ordering::Greater => true,
            Ordering::Equal => !strict,
            Ordering::Less => false,
        };
        return if holds { Formula::True } else { Formula::False };
    }
    let real = coefficients.keys().any(|&x| store.sort_of(x) == SortId::REAL);
    let sort = if real { SortId::REAL } else { SortId::INT };
    let (mut lcm, mut gcd) = (Integer::from(1), Integer::new());
    for c in coefficients.values() {
        lcm.lcm_mut(c.denom());
        gcd.gcd_mut(c.numer());
    }
    let scale = Rational::from((lcm, gcd));
    let mut rhs = rhs * &scale;
    let mut strict = strict;
    if !real {
        if strict {
            rhs = rhs.ceil() - 1u32;
            strict = false;
        } else {
            rhs = rhs.floor();
        }
    }
    // Positive terms on the left, negative ones moved to the right with the constant.
    let scaled = coefficients.into_iter().map(|(x, c)| (x, c * &scale)).collect();
    let (left, mut right) = signed_terms(store, scaled, sort);
    if rhs.cmp0() != Ordering::Equal || left.is_empty() || right.is_empty() {
        let bound = store.numeral(&rhs, sort);
        if left.is_empty() {
            // -Σ y <= rhs reads better as -rhs <= Σ y.
            let bound = store.numeral(&-rhs, sort);
            let sum = sum_term(store, right, sort);
            return if strict { Formula::Lt(bound, sum) } else { Formula::Le(bound, sum) };
        }
        right.push(bound);
    }
    let (lhs, rhs) = (sum_term(store, left, sort), sum_term(store, right, sort));
    if strict { Formula::Lt(lhs, rhs) } else { Formula::Le(lhs, rhs) }
}

/// The sum of the premises weighted by the coefficients, as `Σ c·x <= rhs` (strict when
/// one premise is): the coefficient map without zeros, the right-hand side, the strictness.
pub(super) fn weighted_sum(
    store: &TermStore,
    premises: &[(farkas::ArithLiteral, Rational)],
) -> Result<(BTreeMap<TermId, Rational>, Rational, bool), InterpolationError> {
    let mut sum: BTreeMap<TermId, Rational> = BTreeMap::new();
    let mut rhs = Rational::new();
    let mut strict = false;
    for (premise, coefficient) in premises {
        if coefficient.cmp0() == std::cmp::Ordering::Equal {
            continue;
        }
        let Some(((coefficients, constant), is_strict)) = farkas::canonical(store, premise) else {
            return Err(InterpolationError::Unsupported("a non-linear premise".into()));
        };
        for (x, b) in coefficients {
            *sum.entry(x).or_default() += b * coefficient;
        }
        rhs += constant * coefficient;
        strict |= is_strict;
    }
    sum.retain(|_, c| c.cmp0() != std::cmp::Ordering::Equal);
    Ok((sum, rhs, strict))
}

/// An affine form over Int terms `Σ c·x + constant` (the map without zeros) and whether a
/// bound by it is strict.
pub(super) type IntegerBound = (BTreeMap<TermId, Rational>, Rational, bool);

/// "Some integer lies between `lower` and `upper`": `⌈lower⌉ <= ⌊upper⌋` (for strict bounds
/// `⌊lower⌋ + 1` and `⌈upper⌉ - 1`). A bound with fractional coefficients `Σ c·x + c0` is
/// rounded as `(div (Σ d·c·x + a) d)` with `d` the common denominator, since `⌈(m + f)/d⌉ =
/// ⌊(m + ⌈f⌉ + d - 1)/d⌋` for integer `m`. When both bounds have the same variables the
/// answer is a constant or a divisibility `d·(div t d) = t`.
pub(super) fn integer_between(
    store: &mut TermStore,
    lower: IntegerBound,
    upper: IntegerBound,
) -> Formula {
    // Some z with L <= z <= U exactly when some z' has -U <= z' <= -L: the form whose first
    // coefficient is positive reads better.
    let leading_negative = |bound: &IntegerBound| {
        bound.0.values().next().is_some_and(|c| c.cmp0() == std::cmp::Ordering::Less)
    };
    let (lower, upper) =
        if leading_negative(&lower) || lower.0.is_empty() && leading_negative(&upper) {
            let negated = |bound: IntegerBound| -> IntegerBound {
                (bound.0.into_iter().map(|(x, c)| (x, -c)).collect(), -bound.1, bound.2)
            };
            (negated(upper), negated(lower))
        } else {
            (lower, upper)
        };
    // The common denominator, and the bound's offset inside `⌊(d·Σ c·x + offset) / d⌋`.
    let offset = |bound: &IntegerBound, is_lower: bool| -> (Integer, Rational) {
        let mut d = Integer::from(1);
        for c in bound.0.values() {
            d.lcm_mut(c.denom());
        }
        let scaled = bound.1.clone() * Rational::from(d.clone());
        let offset = match (is_lower, bound.2) {
            (true, false) => scaled.ceil() + Rational::from(&d - Integer::from(1)),
            (true, true) => scaled.floor() + Rational::from(d.clone()),
            (false, false) => scaled.floor(),
            (false, true) => scaled.ceil() - 1u32,
        };
        (d, offset)
    };
    let (d_lower, alpha) = offset(&lower, true);
    let (d_upper, beta) = offset(&upper, false);
    let scaled = |map: &BTreeMap<TermId, Rational>, d: &Integer| -> BTreeMap<TermId, Rational> {
        map.iter().map(|(x, c)| (*x, c.clone() * Rational::from(d.clone()))).collect()
    };
    let numerator_lower = scaled(&lower.0, &d_lower);
    if lower.0 == upper.0 {
        // ⌊(N + α)/d⌋ <= ⌊(N + β)/d⌋ for one N and d.
        let gap = Rational::from(&alpha - &beta);
        if gap.cmp0() != std::cmp::Ordering::Greater {
            return Formula::True;
        }
        if gap >= d_lower {
            return Formula::False;
        }
        if gap == Integer::from(&d_lower - 1u32) {
            return divisibility(store, d_lower, numerator_lower, beta, false);
        }
    }
    let numerator_upper = scaled(&upper.0, &d_upper);
    let mut rounded = |numerator: BTreeMap<TermId, Rational>, d: Integer, offset: Rational| {
        if d == 1 {
            return (numerator, offset);
        }
        let t = affine_term(store, numerator, &offset, SortId::INT);
        let d = store.numeral(&Rational::from(d), SortId::INT);
        let quotient = store.arith(ArithOp::Div, vec![t, d], SortId::INT);
        (BTreeMap::from([(quotient, Rational::from(1))]), Rational::new())
    };
    let (low, low_constant) = rounded(numerator_lower, d_lower, alpha);
    let (high, high_constant) = rounded(numerator_upper, d_upper, beta);
    // low + low_constant <= high + high_constant.
    let mut difference = low;
    for (x, c) in high {
        *difference.entry(x).or_default() -= c;
    }
    difference.retain(|_, c| c.cmp0() != std::cmp::Ordering::Equal);
    linear_formula(store, difference, high_constant - low_constant, false)
}

/// `d` divides `Σ c·x + constant` (integer coefficients and constant, `d > 1`), written
/// `d·(div t d) = t` with a factor common to `d` and every coefficient divided out and the
/// first coefficient positive. With `reduce`, the coefficients and the constant are first
/// taken to their residues in `(-d/2, d/2]`, and after the common factor the first
/// coefficient is made 1 when it is invertible modulo `d`. A lemma interpolant keeps the
/// coefficients the refutation gave, whose verification needs no search for residues;
/// [`reduce_divisibilities`] reduces them afterwards, kept only where the tree conditions
/// are confirmed.
pub(super) fn divisibility(
    store: &mut TermStore,
    d: Integer,
    coefficients: BTreeMap<TermId, Rational>,
    constant: Rational,
    reduce: bool,
) -> Formula {
    let residue = |a: &Integer, d: &Integer| {
        let r = rug::ops::RemRounding::rem_euc(a.clone(), d);
        if Integer::from(&r * 2u32) > *d { r - d } else { r }
    };
    let reduced = |a: &Integer, d: &Integer| if reduce { residue(a, d) } else { a.clone() };
    let mut terms: Vec<(TermId, Integer)> = coefficients
        .iter()
        .map(|(x, c)| (*x, reduced(c.numer(), &d)))
        .filter(|(_, c)| c.cmp0() != std::cmp::Ordering::Equal)
        .collect();
    let mut constant = reduced(constant.numer(), &d);
    let mut common = d.clone();
    for (_, c) in &terms {
        common.gcd_mut(c);
    }
    if !constant.is_divisible(&common) {
        return Formula::False;
    }
    let d = d / &common;
    if d == 1 {
        return Formula::True;
    }
    for (_, c) in &mut terms {
        *c /= &common;
    }
    constant /= &common;
    if reduce && let Ok(inverse) = terms[0].1.clone().invert(&d) {
        for (_, c) in &mut terms {
            *c = residue(&Integer::from(&*c * &inverse), &d);
        }
        constant = residue(&Integer::from(&constant * &inverse), &d);
    }
    if terms[0].1.cmp0() == std::cmp::Ordering::Less {
        for (_, c) in &mut terms {
            *c = -std::mem::take(c);
        }
        constant = -constant;
    }
    let map: BTreeMap<TermId, Rational> =
        terms.into_iter().map(|(x, c)| (x, Rational::from(c))).collect();
    let t = affine_term(store, map, &Rational::from(constant), SortId::INT);
    let d = store.numeral(&Rational::from(d), SortId::INT);
    let quotient = store.arith(ArithOp::Div, vec![t, d], SortId::INT);
    let multiple = store.arith(ArithOp::Mul, vec![d, quotient], SortId::INT);
    Formula::Eq(multiple, t)
}

/// Each divisibility `d·(div t d) = t` of `f` with `t`'s coefficients and constant reduced to
/// their residues in `(-d/2, d/2]`, a factor common to them and `d` divided out, and the first
/// coefficient made 1 when it is invertible modulo `d` (`4 | 3·s - 3` becomes `4 | s - 1`):
/// an equivalence over the integers.
pub(super) fn reduce_divisibilities(store: &mut TermStore, f: &Formula) -> Formula {
    match f {
        Formula::Eq(m, t) => reduced_divisibility(store, *m, *t).unwrap_or_else(|| f.clone()),
        Formula::Not(g) => Formula::Not(Box::new(reduce_divisibilities(store, g))),
        Formula::And(gs) => {
            Formula::And(gs.iter().map(|g| reduce_divisibilities(store, g)).collect())
        }
        Formula::Or(gs) => {
            Formula::Or(gs.iter().map(|g| reduce_divisibilities(store, g)).collect())
        }
        other => other.clone(),
    }
}

/// The reduced form of `m = t` when it is `d·(div t d) = t` over an Int `t` and can be
/// reduced.
pub(super) fn reduced_divisibility(store: &mut TermStore, m: TermId, t: TermId) -> Option<Formula> {
    let numeral = |store: &TermStore, k: TermId| match store.interpretation(store.term(k).fun) {
        Some(Interpretation::Numeral(v)) if v.denom() == &1 => Some(v.numer().clone()),
        _ => None,
    };
    let product = store.term(m).clone();
    if store.interpretation(product.fun) != Some(&Interpretation::Op(ArithOp::Mul)) {
        return None;
    }
    let [k, quotient] = product.args[..] else { return None };
    let d = numeral(store, k)?;
    let division = store.term(quotient).clone();
    if store.interpretation(division.fun) != Some(&Interpretation::Op(ArithOp::Div)) {
        return None;
    }
    let [dividend, k2] = division.args[..] else { return None };
    if dividend != t || numeral(store, k2)? != d || d <= 1 || store.sort_of(t) != SortId::INT {
        return None;
    }
    let form = linear::linearize(store, t).ok()?;
    if form.constant.denom() != &1 || form.coefficients.values().any(|c| c.denom() != &1) {
        return None;
    }
    let formula = divisibility(store, d, form.coefficients, form.constant, true);
    (printed_size(store, &formula) < printed_size(store, &Formula::Eq(m, t))).then_some(formula)
}

/// The term `Σ c·x + constant` of `sort`, written with subtraction for negative coefficients.
pub(super) fn affine_term(
    store: &mut TermStore,
    coefficients: BTreeMap<TermId, Rational>,
    constant: &Rational,
    sort: SortId,
) -> TermId {
    let (mut left, mut right) = signed_terms(store, coefficients, sort);
    match constant.cmp0() {
        std::cmp::Ordering::Greater => left.push(store.numeral(constant, sort)),
        std::cmp::Ordering::Less => right.push(store.numeral(&Rational::from(-constant), sort)),
        std::cmp::Ordering::Equal => {}
    }
    match (left.is_empty(), right.is_empty()) {
        (true, true) => store.numeral(&Rational::new(), sort),
        (false, true) => sum_term(store, left, sort),
        (true, false) => {
            let sum = sum_term(store, right, sort);
            store.arith(ArithOp::Neg, vec![sum], sort)
        }
        (false, false) => {
            let (l, r) = (sum_term(store, left, sort), sum_term(store, right, sort));
            store.arith(ArithOp::Sub, vec![l, r], sort)
        }
    }
}

/// The terms of `Σ c·x` split by sign: `c·x` for each positive `c` (left), `|c|·x` for each
/// negative one (right), `x` alone when the magnitude is 1; an Int `x` is read as Real when
/// `sort` is Real.
pub(super) fn signed_terms(
    store: &mut TermStore,
    coefficients: BTreeMap<TermId, Rational>,
    sort: SortId,
) -> (Vec<TermId>, Vec<TermId>) {
    let mut left = Vec::new();
    let mut right = Vec::new();
    for (x, c) in coefficients {
        let x = if sort == SortId::REAL && store.sort_of(x) == SortId::INT {
            store.arith(ArithOp::ToReal, vec![x], SortId::REAL)
        } else {
            x
        };
        let magnitude = Rational::from(c.abs_ref());
        let term = if magnitude == 1 {
            x
        } else {
            let k = store.numeral(&magnitude, sort);
            store.arith(ArithOp::Mul, vec![k, x], sort)
        };
        if c.cmp0() == std::cmp::Ordering::Greater { left.push(term) } else { right.push(term) }
    }
    (left, right)
}

/// The sum of `terms` (at least one).
pub(super) fn sum_term(store: &mut TermStore, mut terms: Vec<TermId>, sort: SortId) -> TermId {
    if terms.len() == 1 { terms.remove(0) } else { store.arith(ArithOp::Add, terms, sort) }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::smt::{Answer, SmtStats};

    /// `integer_between` against its meaning, point by point: for each integer value of x
    /// (and y), the formula holds exactly when some integer lies between the two bounds.
    #[test]
    fn an_integer_between_two_bounds_is_written_exactly() {
        let mut store = TermStore::new();
        let xf = store.declare_fun("x", vec![], SortId::INT, false);
        let yf = store.declare_fun("y", vec![], SortId::INT, false);
        let (x, y) = (store.apply(xf, vec![]), store.apply(yf, vec![]));
        let q = |n: i64, d: i64| Rational::from((n, d));
        let bound = |terms: &[(TermId, Rational)], constant: Rational, strict: bool| {
            (terms.iter().cloned().collect::<BTreeMap<_, _>>(), constant, strict)
        };
        // (lower, upper) pairs: the same variables (a divisibility, a range of residues,
        // constants), different ones, strict bounds, integer coefficients.
        let cases = vec![
            (bound(&[(x, q(1, 2))], q(0, 1), false), bound(&[(x, q(1, 2))], q(0, 1), false)),
            (bound(&[(x, q(1, 3))], q(-1, 3), false), bound(&[(x, q(1, 3))], q(0, 1), false)),
            (bound(&[(x, q(1, 2))], q(1, 4), false), bound(&[(x, q(1, 2))], q(1, 4), false)),
            (bound(&[(x, q(1, 2))], q(0, 1), false), bound(&[(x, q(1, 2))], q(1, 1), false)),
            (bound(&[(x, q(2, 3))], q(1, 3), true), bound(&[(y, q(1, 2))], q(0, 1), true)),
            (bound(&[(x, q(-1, 3))], q(0, 1), false), bound(&[(y, q(1, 1))], q(-1, 2), false)),
            (bound(&[(x, q(1, 1))], q(1, 2), false), bound(&[(y, q(1, 1))], q(0, 1), false)),
        ];
        let value = |terms: &BTreeMap<TermId, Rational>, c: &Rational, vx: i64, vy: i64| {
            let mut v = c.clone();
            for (t, k) in terms {
                v += Rational::from(k * if *t == x { vx } else { vy });
            }
            v
        };
        for (lower, upper) in cases {
            let formula = integer_between(&mut store, lower.clone(), upper.clone());
            for vx in -7i64..8 {
                for vy in -3i64..4 {
                    let low = value(&lower.0, &lower.1, vx, vy);
                    let high = value(&upper.0, &upper.1, vx, vy);
                    let least = if lower.2 { low.clone().floor() + 1u32 } else { low.ceil() };
                    let most = if upper.2 { high.clone().ceil() - 1u32 } else { high.floor() };
                    let expected = least <= most;
                    let at = |store: &mut TermStore, t: TermId, v: i64| {
                        let n = store.numeral(&Rational::from(v), SortId::INT);
                        Formula::Eq(t, n)
                    };
                    let assertions =
                        vec![at(&mut store, x, vx), at(&mut store, y, vy), formula.clone()];
                    let mut stats = SmtStats::default();
                    let answer = crate::smt::check(&store, &assertions, &[false; 3], &mut stats)
                        .expect("decided");
                    assert_eq!(
                        matches!(answer, Answer::Sat(_)),
                        expected,
                        "x = {vx}, y = {vy}: {formula:?}"
                    );
                }
            }
        }
    }
}

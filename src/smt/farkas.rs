//! The independent checker of linear-arithmetic lemmas: it reads each premise from the terms
//! themselves (its own linearization, sharing no code with `linear.rs` or `simplex.rs`), sums
//! them with the given Farkas coefficients in exact rationals, and confirms that the sum is a
//! contradiction `0 <= c` with `c < 0` (or `0 < c` with `c <= 0`).
//!
//! Each premise is first put in a canonical form: scaled by a positive factor so that its
//! coefficients are coprime integers, and, when every variable is of sort `Int`, its constant
//! rounded (`e < c` becomes `e <= ceil(c) - 1`, `e <= c` becomes `e <= floor(c)`), which is
//! sound because such an `e` only takes integer values. The coefficients of a certificate refer
//! to these canonical forms.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use rug::{Integer, Rational};

use super::{ArithOp, Interpretation, SortId, TermId, TermStore};

/// A premise `Σ coefficient · term + constant ⋈ 0`, `⋈` being `<` when `strict`, else `<=`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArithLiteral {
    /// Weighted terms of sort Int or Real (any arithmetic terms, not only variables).
    pub terms: Vec<(Rational, TermId)>,
    /// The constant added.
    pub constant: Rational,
    /// `<` rather than `<=`.
    pub strict: bool,
}

impl ArithLiteral {
    /// The negation: `¬(e <= 0)` is `-e < 0`, `¬(e < 0)` is `-e <= 0`.
    pub fn negated(&self) -> ArithLiteral {
        ArithLiteral {
            terms: self.terms.iter().map(|(c, t)| (Rational::from(-c), *t)).collect(),
            constant: Rational::from(-&self.constant),
            strict: !self.strict,
        }
    }
}

/// A sum over variables: coefficient per variable term, and a constant.
pub(super) type Sum = (BTreeMap<TermId, Rational>, Rational);

/// Adds `factor · t` to `sum`; `None` when `t` is not linear.
fn add_term(store: &TermStore, t: TermId, factor: &Rational, sum: &mut Sum) -> Option<()> {
    let term = store.term(t);
    match store.interpretation(term.fun) {
        // Uninterpreted terms (constants or applications) and integer quotients are unknowns
        // to Farkas reasoning: a certificate that holds for every value of them holds for the
        // values any interpretation gives.
        None | Some(Interpretation::Op(ArithOp::Div)) => {
            if !store.sort_of(t).is_arithmetic() {
                return None;
            }
            *sum.0.entry(t).or_default() += factor;
        }
        Some(Interpretation::Numeral(v)) => sum.1 += Rational::from(factor * v),
        Some(Interpretation::Op(op)) => match op {
            ArithOp::Add => {
                for &a in &term.args {
                    add_term(store, a, factor, sum)?;
                }
            }
            ArithOp::Sub => {
                let negative = Rational::from(-factor);
                for (i, &a) in term.args.iter().enumerate() {
                    let f = if i == 0 && term.args.len() > 1 { factor } else { &negative };
                    add_term(store, a, f, sum)?;
                }
            }
            ArithOp::Neg => add_term(store, *term.args.first()?, &Rational::from(-factor), sum)?,
            ArithOp::ToReal => add_term(store, *term.args.first()?, factor, sum)?,
            ArithOp::Div => return None,
            ArithOp::Mul => {
                // One factor may be a variable expression; the others must be numerals.
                let mut scale = factor.clone();
                let mut rest = None;
                for &a in &term.args {
                    match store.interpretation(store.term(a).fun) {
                        Some(Interpretation::Numeral(v)) => scale *= v,
                        _ if rest.is_none() => rest = Some(a),
                        _ => return None,
                    }
                }
                match rest {
                    Some(a) => add_term(store, a, &scale, sum)?,
                    None => sum.1 += scale,
                }
            }
        },
    }
    Some(())
}

/// The canonical form of a premise: `Σ b·x <= rhs` (strict or not) with coprime integers `b`.
pub(super) fn canonical(store: &TermStore, literal: &ArithLiteral) -> Option<(Sum, bool)> {
    let mut sum: Sum = (BTreeMap::new(), literal.constant.clone());
    for (c, t) in &literal.terms {
        add_term(store, *t, c, &mut sum)?;
    }
    sum.0.retain(|_, c| c.cmp0() != Ordering::Equal);
    let (mut lcm, mut gcd) = (Integer::from(1), Integer::new());
    for c in sum.0.values() {
        lcm.lcm_mut(c.denom());
        gcd.gcd_mut(c.numer());
    }
    if gcd == 0 {
        gcd = Integer::from(1);
    }
    let scale = Rational::from((lcm, gcd));
    let mut coefficients = BTreeMap::new();
    for (x, c) in sum.0 {
        coefficients.insert(x, c * &scale);
    }
    // Σ b·x + k ⋈ 0 becomes Σ b·x ⋈ -k.
    let mut rhs = -(sum.1 * &scale);
    let mut strict = literal.strict;
    let integral =
        !coefficients.is_empty() && coefficients.keys().all(|&x| store.sort_of(x) == SortId::INT);
    if integral {
        if strict {
            rhs = rhs.ceil() - 1u32;
            strict = false;
        } else {
            rhs = rhs.floor();
        }
    }
    Some(((coefficients, rhs), strict))
}

/// Whether the premises weighted by the coefficients (each positive) sum to a contradiction.
pub fn refutes(store: &TermStore, premises: &[(ArithLiteral, Rational)]) -> bool {
    if premises.is_empty() {
        return false;
    }
    let mut total: BTreeMap<TermId, Rational> = BTreeMap::new();
    let mut rhs = Rational::new();
    let mut strict = false;
    for (literal, coefficient) in premises {
        if coefficient.cmp0() != Ordering::Greater {
            return false;
        }
        let Some(((coefficients, constant), is_strict)) = canonical(store, literal) else {
            return false;
        };
        for (x, b) in coefficients {
            *total.entry(x).or_default() += b * coefficient;
        }
        rhs += constant * coefficient;
        strict |= is_strict;
    }
    if total.values().any(|c| c.cmp0() != Ordering::Equal) {
        return false;
    }
    // 0 <= rhs is false when rhs < 0; 0 < rhs is false when rhs <= 0.
    match rhs.cmp0() {
        Ordering::Less => true,
        Ordering::Equal => strict,
        Ordering::Greater => false,
    }
}

/// Whether two premises denote the same constraint (equal canonical forms), so one SAT atom
/// may stand for both.
pub fn same_constraint(store: &TermStore, a: &ArithLiteral, b: &ArithLiteral) -> bool {
    let (Some(x), Some(y)) = (canonical(store, a), canonical(store, b)) else { return false };
    x == y
}

/// Whether `literal` is `π - n <= 0` for a form `π` with integer coefficients over terms of
/// sort Int and an integer `n`: then `literal ∨ ¬literal` is the split `π <= n ∨ π >= n + 1`
/// over the integers (branch and bound's when `π` is one variable).
pub fn is_integer_split(store: &TermStore, literal: &ArithLiteral) -> bool {
    let Some(((coefficients, rhs), strict)) = canonical(store, literal) else { return false };
    let integral = !coefficients.is_empty()
        && coefficients.iter().all(|(&x, b)| b.denom() == &1 && store.sort_of(x) == SortId::INT);
    integral && !strict && rhs.denom() == &1
}

/// The two bounds that define the integer quotient `d = (div x k)` for a nonzero integer
/// numeral `k`, read from the term itself: `k·d - x <= 0` and `x - k·d - (|k| - 1) <= 0`,
/// that is `0 <= x - k·d <= |k| - 1`, SMT-LIB's Euclidean remainder. `None` when `d` is not
/// such a quotient (the divisor is not a nonzero integer numeral).
pub fn division_bounds(store: &TermStore, d: TermId) -> Option<[ArithLiteral; 2]> {
    let term = store.term(d);
    if store.interpretation(term.fun) != Some(&Interpretation::Op(ArithOp::Div)) {
        return None;
    }
    let [x, k] = term.args[..] else { return None };
    let Some(Interpretation::Numeral(k)) = store.interpretation(store.term(k).fun) else {
        return None;
    };
    if k.cmp0() == Ordering::Equal || k.denom() != &1 || store.sort_of(x) != SortId::INT {
        return None;
    }
    let one = Rational::from(1);
    let remainder_at_least_zero = ArithLiteral {
        terms: vec![(k.clone(), d), (-one.clone(), x)],
        constant: Rational::new(),
        strict: false,
    };
    let remainder_below_divisor = ArithLiteral {
        terms: vec![(one.clone(), x), (-k.clone(), d)],
        constant: -(Rational::from(k.abs_ref()) - one),
        strict: false,
    };
    Some([remainder_at_least_zero, remainder_below_divisor])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store_with_ints() -> (TermStore, TermId, TermId) {
        let mut store = TermStore::new();
        let x = store.declare_fun("x", vec![], SortId::INT, false);
        let y = store.declare_fun("y", vec![], SortId::INT, false);
        let x = store.apply(x, vec![]);
        let y = store.apply(y, vec![]);
        (store, x, y)
    }

    fn q(n: i64) -> Rational {
        Rational::from(n)
    }

    #[test]
    fn a_good_certificate_is_accepted_and_a_bad_one_rejected() {
        let (store, x, y) = store_with_ints();
        // x + y - 4 >= 0 (as -x - y + 4 <= 0), x - 1 <= 0, y - 2 <= 0.
        let sum =
            ArithLiteral { terms: vec![(q(-1), x), (q(-1), y)], constant: q(4), strict: false };
        let xs = ArithLiteral { terms: vec![(q(1), x)], constant: q(-1), strict: false };
        let ys = ArithLiteral { terms: vec![(q(1), y)], constant: q(-2), strict: false };
        let good = vec![(sum.clone(), q(1)), (xs.clone(), q(1)), (ys.clone(), q(1))];
        assert!(refutes(&store, &good));
        // Wrong coefficients leave y uncancelled; a zero or negative one is refused.
        assert!(!refutes(&store, &[(sum.clone(), q(1)), (xs.clone(), q(1)), (ys.clone(), q(2))]));
        assert!(!refutes(&store, &[(sum.clone(), q(1)), (xs.clone(), q(1)), (ys.clone(), q(0))]));
        assert!(!refutes(&store, &[(sum, q(-1)), (xs, q(-1)), (ys, q(-1))]));
        assert!(!refutes(&store, &[]));
    }

    #[test]
    fn integer_rounding_is_applied_only_to_integer_forms() {
        let (mut store, x, _) = store_with_ints();
        // 2x > 1 and 2x < 3 have no integer solution: rounded, x >= 1 and x <= 1... which is
        // feasible; but 2x > 0 and 2x < 2 is infeasible over the integers (x >= 1, x <= 0).
        let above = ArithLiteral { terms: vec![(q(-2), x)], constant: q(0), strict: true };
        let below = ArithLiteral { terms: vec![(q(2), x)], constant: q(-2), strict: true };
        assert!(refutes(&store, &[(above.clone(), q(1)), (below.clone(), q(1))]));
        // The same over a Real variable is satisfiable (x = 1/2), so no certificate exists.
        let r = store.declare_fun("r", vec![], SortId::REAL, false);
        let r = store.apply(r, vec![]);
        let above_r = ArithLiteral { terms: vec![(q(-2), r)], constant: q(0), strict: true };
        let below_r = ArithLiteral { terms: vec![(q(2), r)], constant: q(-2), strict: true };
        assert!(!refutes(&store, &[(above_r, q(1)), (below_r, q(1))]));
        assert!(is_integer_split(
            &store,
            &ArithLiteral { terms: vec![(q(1), x)], constant: q(-3), strict: false }
        ));
        assert!(!is_integer_split(
            &store,
            &ArithLiteral { terms: vec![(q(1), r)], constant: q(-3), strict: false }
        ));
    }
}

//! `Prune(φ, B)`: a sub-box of `B` containing every solution of the constraint `φ` in `B`, by
//! interval constraint propagation (HC4-revise on each comparison, a fixpoint over
//! conjunctions, the hull of the branches of a disjunction).
//!
//! Soundness: every step removes only points that are not solutions. A comparison `l ~ r` is
//! read as `l - r ∈ T` (`T` = `[0,0]`, `(-inf,0]` or `[0,inf)`); the forward pass evaluates each
//! subterm over the box with outward rounding ([`Interval`]), the backward pass intersects each
//! subterm's interval with what its parent's target allows (`a + b ∈ T` gives `a ∈ T - b`, ...),
//! so a variable's new interval contains its value in every solution. Strict comparisons are
//! pruned as non-strict ones, then refuted when the whole difference lies on the wrong side of 0
//! (`l - r > 0` is impossible when the evaluation of `l - r` has upper bound `<= 0`); `!=` refutes
//! only a difference that is the point 0. Only `Variable::Slot` variables are read; any other
//! variable is unconstrained (the oracle substitutes slots for every variable it asks about).

use super::interval::Interval;
use super::system::{Constraint, Relation, Term, Variable};
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A box: one interval per slot.
pub type IntervalBox = Vec<Interval>;

/// How many rounds a conjunction's fixpoint may take; each round that changes the box shrinks
/// it, and the cut-off keeps slowly converging rounds (a bound creeping by ulps) finite.
const MAX_ROUNDS: usize = 30;

/// The least relative shrink of a bound that counts as progress for another round.
const PROGRESS: f64 = 1e-6;

/// Prunes `space` by `constraint`: `None` when the box holds no solution.
pub fn prune(constraint: &Constraint, space: &IntervalBox) -> Option<IntervalBox> {
    let mut current = space.clone();
    contract(constraint, &mut current)?;
    Some(current)
}

fn contract(constraint: &Constraint, space: &mut IntervalBox) -> Option<()> {
    match constraint {
        Constraint::True => Some(()),
        Constraint::False => None,
        Constraint::Compare(left, relation, right) => compare(left, *relation, right, space),
        Constraint::And(parts) => {
            for _ in 0..MAX_ROUNDS {
                let before = space.clone();
                for part in parts {
                    contract(part, space)?;
                }
                if !shrunk(&before, space) {
                    break;
                }
            }
            Some(())
        }
        Constraint::Or(parts) => {
            let mut joined: Option<IntervalBox> = None;
            for part in parts {
                let mut branch = space.clone();
                if contract(part, &mut branch).is_some() {
                    joined = Some(match joined {
                        None => branch,
                        Some(j) => j.iter().zip(&branch).map(|(a, b)| a.hull(*b)).collect(),
                    });
                }
            }
            *space = joined?;
            Some(())
        }
    }
}

fn shrunk(before: &IntervalBox, after: &IntervalBox) -> bool {
    before.iter().zip(after).any(|(b, a)| {
        let scale = b.width().clamp(1e-300, 1e300);
        (a.lo - b.lo) > PROGRESS * scale || (b.hi - a.hi) > PROGRESS * scale
    })
}

fn compare(left: &Term, relation: Relation, right: &Term, space: &mut IntervalBox) -> Option<()> {
    let difference = Term::Subtract(Box::new(left.clone()), Box::new(right.clone()));
    let target = match relation {
        Relation::Equal => Interval::point(0.0),
        Relation::NotEqual => Interval::ENTIRE,
        Relation::AtMost | Relation::Below => Interval { lo: f64::NEG_INFINITY, hi: 0.0 },
        Relation::AtLeast | Relation::Above => Interval { lo: 0.0, hi: f64::INFINITY },
    };
    backward(&difference, target, space)?;
    let value = forward(&difference, space)?;
    let refuted = match relation {
        Relation::Below => value.lo >= 0.0,
        Relation::Above => value.hi <= 0.0,
        Relation::NotEqual => value.lo == 0.0 && value.hi == 0.0,
        _ => value.meet(target).is_none(),
    };
    if refuted { None } else { Some(()) }
}

/// The interval of `term` over the box; `None` when it is defined nowhere in it (a square root
/// of negatives only).
pub fn forward(term: &Term, space: &IntervalBox) -> Option<Interval> {
    Some(match term {
        Term::Number(n) => *n,
        Term::Variable(Variable::Slot(i)) => space.get(*i).copied().unwrap_or(Interval::ENTIRE),
        Term::Variable(_) => Interval::ENTIRE,
        Term::Negate(a) => forward(a, space)?.neg(),
        Term::Add(a, b) => forward(a, space)?.add(forward(b, space)?),
        Term::Subtract(a, b) => forward(a, space)?.sub(forward(b, space)?),
        Term::Multiply(a, b) => forward(a, space)?.mul(forward(b, space)?),
        Term::Divide(a, b) => forward(a, space)?.div(forward(b, space)?),
        Term::Power(a, n) => forward(a, space)?.pow(*n),
        Term::Exp(a) => forward(a, space)?.exp(),
        Term::Sin(a) => forward(a, space)?.sin(),
        Term::Cos(a) => forward(a, space)?.cos(),
        Term::Sqrt(a) => forward(a, space)?.sqrt()?,
    })
}

/// Narrows the box so that `term` can take a value in `target`; `None` when it cannot.
fn backward(term: &Term, target: Interval, space: &mut IntervalBox) -> Option<()> {
    let value = forward(term, space)?;
    let target = value.meet(target)?;
    match term {
        Term::Number(_)
        | Term::Variable(Variable::State(_) | Variable::Derivative(_) | Variable::Next(_)) => {
            Some(())
        }
        Term::Variable(Variable::Slot(i)) => {
            if let Some(slot) = space.get_mut(*i) {
                *slot = slot.meet(target)?;
            }
            Some(())
        }
        Term::Negate(a) => backward(a, target.neg(), space),
        Term::Add(a, b) => {
            let (va, vb) = (forward(a, space)?, forward(b, space)?);
            backward(a, target.sub(vb), space)?;
            backward(b, target.sub(va), space)
        }
        Term::Subtract(a, b) => {
            let (va, vb) = (forward(a, space)?, forward(b, space)?);
            backward(a, target.add(vb), space)?;
            backward(b, va.sub(target), space)
        }
        Term::Multiply(a, b) => {
            let (va, vb) = (forward(a, space)?, forward(b, space)?);
            // a = target / b only where b is not 0; with 0 in b, a is unconstrained.
            backward(a, target.div(vb), space)?;
            backward(b, target.div(va), space)
        }
        Term::Divide(a, b) => {
            let vb = forward(b, space)?;
            if vb.contains(0.0) {
                // Where b is 0 the quotient is any value, so nothing is known of a or b.
                return Some(());
            }
            let va = forward(a, space)?;
            backward(a, target.mul(vb), space)?;
            backward(b, va.div(target), space)
        }
        Term::Power(a, n) => {
            let va = forward(a, space)?;
            let preimage = target.pow_inverse(*n, va)?;
            backward(a, preimage, space)
        }
        Term::Exp(a) => backward(a, target.ln()?, space),
        Term::Sqrt(a) => {
            let square = target.meet(Interval { lo: 0.0, hi: f64::INFINITY })?.pow(2);
            backward(a, square, space)
        }
        // No inverse is used for sin and cos: the forward check above is all they contribute.
        Term::Sin(_) | Term::Cos(_) => Some(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slot(i: usize) -> Term {
        Term::Variable(Variable::Slot(i))
    }

    fn number(v: f64) -> Term {
        Term::Number(Interval::point(v))
    }

    #[test]
    fn hybrid_prune_narrows_a_linear_equation() {
        // x + y = 1 over x, y in [0, 1] with x >= 0.75 gives y <= 0.25.
        let c = Constraint::And(vec![
            Constraint::Compare(
                Term::Add(Box::new(slot(0)), Box::new(slot(1))),
                Relation::Equal,
                number(1.0),
            ),
            Constraint::Compare(slot(0), Relation::AtLeast, number(0.75)),
        ]);
        let space = vec![Interval { lo: 0.0, hi: 1.0 }; 2];
        let pruned = prune(&c, &space).unwrap();
        assert!(pruned[1].hi <= 0.25 + 1e-12 && pruned[1].contains(0.25));
    }

    #[test]
    fn hybrid_prune_refutes_strict_comparisons_at_the_boundary() {
        let space = vec![Interval { lo: 0.0, hi: 1.0 }];
        assert!(
            prune(&Constraint::Compare(slot(0), Relation::Above, number(1.0)), &space).is_none()
        );
        assert!(
            prune(&Constraint::Compare(slot(0), Relation::AtLeast, number(1.0)), &space).is_some()
        );
        let squares =
            Constraint::Compare(Term::Power(Box::new(slot(0)), 2), Relation::Below, number(0.0));
        assert!(prune(&squares, &vec![Interval::ENTIRE]).is_none());
    }

    #[test]
    fn hybrid_prune_takes_the_hull_of_a_disjunction() {
        let c = Constraint::Or(vec![
            Constraint::Compare(slot(0), Relation::Equal, number(0.25)),
            Constraint::Compare(slot(0), Relation::Equal, number(0.5)),
        ]);
        let pruned = prune(&c, &vec![Interval { lo: 0.0, hi: 1.0 }]).unwrap();
        assert_eq!(pruned[0], Interval { lo: 0.25, hi: 0.5 });
    }
}

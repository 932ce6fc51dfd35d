//! The interval domain: a lower and an upper bound (or none) for every variable, over the
//! integers, with widening to thresholds taken from the program's own comparisons.
//!
//! Conditions are applied by bound propagation: for `Σ aᵢ·xᵢ + c <= 0`, each variable gets the
//! bound the others' bounds leave it (`a·x <= -c - min Σ_{i≠j} aᵢ·xᵢ`, rounded toward the
//! integers), which is sound for every atom and exact for one-variable ones. A disjunction is
//! the join of its cases. What the domain cannot read stays unbounded, never narrower.

use rug::Integer;
use rug::ops::DivRounding;

use super::AbstractState;
use crate::refine::flat::Action;
use crate::refine::formula::{Linear, Pred, Rel};

/// A variable's range; `None` is unbounded on that side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Range {
    /// The least value, if bounded below.
    pub low: Option<Integer>,
    /// The greatest value, if bounded above.
    pub high: Option<Integer>,
}

impl Range {
    fn is_empty(&self) -> bool {
        matches!((&self.low, &self.high), (Some(l), Some(h)) if l > h)
    }

    fn join(&self, other: &Range) -> Range {
        Range {
            low: match (&self.low, &other.low) {
                (Some(a), Some(b)) => Some(a.clone().min(b.clone())),
                _ => None,
            },
            high: match (&self.high, &other.high) {
                (Some(a), Some(b)) => Some(a.clone().max(b.clone())),
                _ => None,
            },
        }
    }

    /// The one value the range holds, if it holds exactly one.
    fn single(&self) -> Option<&Integer> {
        match (&self.low, &self.high) {
            (Some(l), Some(h)) if l == h => Some(l),
            _ => None,
        }
    }
}

/// A range per variable (indexed like the graph's variables).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Intervals {
    ranges: Vec<Range>,
}

/// The thresholds a growing bound jumps to when widened, ascending.
#[derive(Clone, Debug, Default)]
pub struct Thresholds(Vec<Integer>);

impl Thresholds {
    /// The bounds the program's conditions state, one either side of each (so that both
    /// `i < n` and `i <= n` find their bound), ascending.
    pub fn of_conditions<'p>(conditions: impl Iterator<Item = &'p Pred>) -> Thresholds {
        let mut out = Vec::new();
        for p in conditions {
            collect_thresholds(p, &mut out);
        }
        out.sort();
        out.dedup();
        Thresholds(out)
    }

    fn at_least(&self, v: &Integer) -> Option<Integer> {
        let i = self.0.partition_point(|t| t < v);
        self.0.get(i).cloned()
    }

    fn at_most(&self, v: &Integer) -> Option<Integer> {
        let i = self.0.partition_point(|t| t <= v);
        i.checked_sub(1).map(|i| self.0[i].clone())
    }
}

fn collect_thresholds(p: &Pred, out: &mut Vec<Integer>) {
    match p {
        Pred::True | Pred::False => {}
        Pred::Atom(l, _) => {
            let mut bound = Integer::from(-&l.constant);
            if l.coefficients.len() == 1
                && let Some(a) = l.coefficients.values().next()
            {
                bound = bound.div_floor(a.clone());
            }
            for d in -1..=1 {
                out.push(Integer::from(&bound + d));
            }
        }
        Pred::And(ps) | Pred::Or(ps) => ps.iter().for_each(|q| collect_thresholds(q, out)),
    }
}

impl Intervals {
    /// The bounds of a linear expression's values.
    fn range_of(&self, l: &Linear) -> Range {
        let mut low = Some(l.constant.clone());
        let mut high = Some(l.constant.clone());
        for (v, a) in &l.coefficients {
            let r = &self.ranges[*v];
            let (at_low, at_high) = if *a > 0 { (&r.low, &r.high) } else { (&r.high, &r.low) };
            low = low.zip(at_low.as_ref()).map(|(s, b)| s + Integer::from(a * b));
            high = high.zip(at_high.as_ref()).map(|(s, b)| s + Integer::from(a * b));
        }
        Range { low, high }
    }

    /// Narrows the ranges to the states where `l <= 0`; `false` when none is left.
    fn assume_at_most_zero(&mut self, l: &Linear) -> bool {
        if self.range_of(l).low.is_some_and(|m| m > 0) {
            return false;
        }
        for (&x, a) in &l.coefficients {
            // a·x <= -c - Σ_{i≠x} aᵢ·xᵢ <= -c - min Σ_{i≠x} aᵢ·xᵢ.
            let mut rest = l.clone();
            rest.coefficients.remove(&x);
            let Some(min_rest) = self.range_of(&rest).low else { continue };
            let room = -min_rest;
            let r = &mut self.ranges[x];
            if *a > 0 {
                let bound = room.div_floor(a.clone());
                if r.high.as_ref().is_none_or(|h| bound < *h) {
                    r.high = Some(bound);
                }
            } else {
                let bound = room.div_ceil(a.clone());
                if r.low.as_ref().is_none_or(|h| bound > *h) {
                    r.low = Some(bound);
                }
            }
            if r.is_empty() {
                return false;
            }
        }
        true
    }

    /// Narrows the ranges to the states where `l != 0`: only an end of a one-variable range
    /// can be cut; `false` when none is left.
    fn assume_not_zero(&mut self, l: &Linear) -> bool {
        if self.range_of(l).single().is_some_and(|v| *v == 0) {
            return false;
        }
        if l.coefficients.len() != 1 {
            return true;
        }
        let (&x, a) = l.coefficients.iter().next().expect("one coefficient");
        let minus_c = Integer::from(-&l.constant);
        if !minus_c.is_divisible(a) {
            return true;
        }
        let excluded = minus_c / a;
        let r = &mut self.ranges[x];
        if r.low.as_ref() == Some(&excluded) {
            r.low = Some(excluded.clone() + 1);
        }
        if r.high.as_ref() == Some(&excluded) {
            r.high = Some(excluded - 1);
        }
        !r.is_empty()
    }

    /// The states of `self` where `p` holds, over-approximated; `None` when there are none.
    fn assume(&self, p: &Pred) -> Option<Intervals> {
        match p {
            Pred::True => Some(self.clone()),
            Pred::False => None,
            Pred::Atom(l, rel) => {
                let mut out = self.clone();
                let kept = match rel {
                    Rel::Le => out.assume_at_most_zero(l),
                    Rel::Eq => {
                        out.assume_at_most_zero(l)
                            && out.assume_at_most_zero(&l.scale(&Integer::from(-1)))
                    }
                    Rel::Ne => out.assume_not_zero(l),
                };
                kept.then_some(out)
            }
            Pred::And(ps) => {
                // The atoms twice round, so that a bound one conjunct gives reaches the others;
                // a disjunction once (going round it again would double the work at every
                // level of nesting: an array element read through a chain of stores nests deep).
                let mut out = self.clone();
                for q in ps {
                    out = out.assume(q)?;
                }
                for q in ps.iter().filter(|q| matches!(q, Pred::Atom(..))) {
                    out = out.assume(q)?;
                }
                Some(out)
            }
            Pred::Or(ps) => {
                let mut out: Option<Intervals> = None;
                for q in ps {
                    if let Some(s) = self.assume(q) {
                        out = Some(match out {
                            Some(o) => o.join(&s),
                            None => s,
                        });
                    }
                }
                out
            }
        }
    }
}

impl AbstractState for Intervals {
    type Context = Thresholds;

    fn top(variables: usize) -> Intervals {
        Intervals { ranges: vec![Range::default(); variables] }
    }

    fn join(&self, other: &Intervals) -> Intervals {
        Intervals {
            ranges: self.ranges.iter().zip(&other.ranges).map(|(a, b)| a.join(b)).collect(),
        }
    }

    fn widen(&self, next: &Intervals, thresholds: &Thresholds) -> Intervals {
        let ranges = self
            .ranges
            .iter()
            .zip(&next.ranges)
            .map(|(old, new)| Range {
                low: match (&old.low, &new.low) {
                    (Some(o), Some(n)) if n >= o => Some(o.clone()),
                    (Some(_), Some(n)) => thresholds.at_most(n),
                    _ => None,
                },
                high: match (&old.high, &new.high) {
                    (Some(o), Some(n)) if n <= o => Some(o.clone()),
                    (Some(_), Some(n)) => thresholds.at_least(n),
                    _ => None,
                },
            })
            .collect();
        Intervals { ranges }
    }

    /// A disjunct of a condition or an assignment copies and joins a bound per variable.
    fn cost(action: &Action, variables: usize) -> u64 {
        let size = match action {
            Action::Assume(p) => p.size(),
            Action::Assign(pairs) => pairs.len().max(1),
            Action::Input(_) => 1,
        };
        (size as u64).saturating_mul(variables.max(1) as u64)
    }

    fn post(&self, action: &Action) -> Option<Intervals> {
        match action {
            Action::Assume(p) => self.assume(p),
            Action::Assign(pairs) => {
                let mut out = self.clone();
                for (x, value) in pairs {
                    out.ranges[*x] =
                        value.as_ref().map_or_else(Range::default, |l| self.range_of(l));
                }
                Some(out)
            }
            Action::Input(vars) => {
                let mut out = self.clone();
                for x in vars.iter().flatten() {
                    out.ranges[*x] = Range::default();
                }
                Some(out)
            }
        }
    }

    fn to_pred(&self) -> Pred {
        let mut parts = Vec::new();
        for (x, r) in self.ranges.iter().enumerate() {
            let v = Linear::variable(x);
            if let Some(low) = &r.low {
                parts.push(Pred::le(&Linear::constant(low.clone()), &v));
            }
            if let Some(high) = &r.high {
                parts.push(Pred::le(&v, &Linear::constant(high.clone())));
            }
        }
        Pred::and(parts)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn x() -> Linear {
        Linear::variable(0)
    }
    fn y() -> Linear {
        Linear::variable(1)
    }
    fn n(k: i64) -> Linear {
        Linear::constant(Integer::from(k))
    }

    #[test]
    fn bounds_propagate_through_a_sum_and_round_toward_the_integers() {
        let mut s = Intervals::top(2);
        // 0 <= y <= 3 and 2x + y <= 8 give x <= 4; 3x >= 7 gives x >= 3.
        s = s.assume(&Pred::le(&n(0), &y())).expect("feasible");
        s = s.assume(&Pred::le(&y(), &n(3))).expect("feasible");
        s = s
            .assume(&Pred::le(&x().scale(&Integer::from(2)).add_scaled(&y(), &1.into()), &n(8)))
            .expect("feasible");
        s = s.assume(&Pred::le(&n(7), &x().scale(&Integer::from(3)))).expect("feasible");
        assert_eq!(s.ranges[0], Range { low: Some(3.into()), high: Some(4.into()) });
        assert!(s.assume(&Pred::le(&n(5), &x())).is_none(), "x >= 5 contradicts x <= 4");
    }

    #[test]
    fn a_disequality_cuts_an_end_and_a_disjunction_joins() {
        let s = Intervals::top(1)
            .assume(&Pred::and(vec![Pred::le(&n(0), &x()), Pred::le(&x(), &n(5))]))
            .expect("feasible");
        let cut = s.assume(&Pred::atom(x(), Rel::Ne)).expect("feasible");
        assert_eq!(cut.ranges[0].low, Some(1.into()));
        let either = s
            .assume(&Pred::or(vec![Pred::eq(&x(), &n(1)), Pred::eq(&x(), &n(4))]))
            .expect("feasible");
        assert_eq!(either.ranges[0], Range { low: Some(1.into()), high: Some(4.into()) });
    }

    #[test]
    fn widening_jumps_to_the_next_threshold_then_to_infinity() {
        let thresholds = Thresholds(vec![10.into(), 100.into()]);
        let at = |k: i64| Intervals {
            ranges: vec![Range { low: Some(0.into()), high: Some(k.into()) }],
        };
        assert_eq!(at(0).widen(&at(1), &thresholds).ranges[0].high, Some(10.into()));
        assert_eq!(at(10).widen(&at(11), &thresholds).ranges[0].high, Some(100.into()));
        assert_eq!(at(100).widen(&at(101), &thresholds).ranges[0].high, None);
        assert_eq!(at(10).widen(&at(7), &thresholds).ranges[0].high, Some(10.into()));
    }
}

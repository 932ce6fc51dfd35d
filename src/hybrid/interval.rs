//! Closed real intervals with outward rounding: every operation returns an interval that
//! contains the exact result for all arguments in its operands, whatever the rounding of the
//! floating-point operations behind it.
//!
//! Why hand-written: the operations the pruning needs are few (the four operations, natural
//! powers, `exp`, `sqrt`, `sin`, `cos`, and their inverses for contraction). A bound of `+`, `-`,
//! `*` and `/` is the correctly rounded IEEE result, moved one float outward (`next_up` or
//! `next_down`) only when the operation was inexact in that direction: the rounding error is
//! computed exactly (Knuth's TwoSum for sums, a fused multiply-add for products and quotients),
//! so `1 - 1` stays `0` and a strict `x > 1` is refuted on `x <= 1`. Near the underflow range,
//! where those error terms are not exact, and for `sqrt`, the bound moves one float outward
//! always, which is enough since IEEE rounds to nearest. The library functions `exp`, `ln`,
//! `powi`, `powf`, `sin` and `cos` are not correctly rounded; their bounds are widened by a
//! relative margin of `LIBM_MARGIN` (far above the few ulps the platform libraries guarantee)
//! and one further step.

use std::ops::{Add, Mul, Neg, Sub};

/// A relative widening for results of library functions that are not correctly rounded.
const LIBM_MARGIN: f64 = 1e-12;

/// A closed interval `[lo, hi]` of reals, possibly unbounded on either side. Never empty:
/// operations that could give the empty set return `None`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Interval {
    /// The lower bound (`-inf` for none).
    pub lo: f64,
    /// The upper bound (`+inf` for none).
    pub hi: f64,
}

fn down(v: f64) -> f64 {
    if v.is_nan() { f64::NEG_INFINITY } else { v.next_down() }
}

fn up(v: f64) -> f64 {
    if v.is_nan() { f64::INFINITY } else { v.next_up() }
}

fn libm_down(v: f64) -> f64 {
    if v.is_nan() { f64::NEG_INFINITY } else { down(v - v.abs() * LIBM_MARGIN - f64::MIN_POSITIVE) }
}

fn libm_up(v: f64) -> f64 {
    if v.is_nan() { f64::INFINITY } else { up(v + v.abs() * LIBM_MARGIN + f64::MIN_POSITIVE) }
}

/// Results this small may have lost bits to underflow, where the exact error terms below fail.
const TINY: f64 = 1e-280;

/// Rounds `result`, whose exact value is `result + error`, outward in the direction asked.
fn settle(result: f64, error: f64, upward: bool) -> f64 {
    if error == 0.0 {
        result
    } else if upward {
        if error > 0.0 { up(result) } else { result }
    } else if error < 0.0 {
        down(result)
    } else {
        result
    }
}

/// `a + b` rounded down or up (TwoSum gives the exact error of a finite sum).
fn sum(a: f64, b: f64, upward: bool) -> f64 {
    let s = a + b;
    if !s.is_finite() {
        return if upward { up(s) } else { down(s) };
    }
    let b_part = s - a;
    let error = (a - (s - b_part)) + (b - b_part);
    settle(s, error, upward)
}

/// `a * b` rounded down or up, with `0 * inf = 0` (the bound of a product with a zero factor).
fn product(a: f64, b: f64, upward: bool) -> f64 {
    if a == 0.0 || b == 0.0 {
        return 0.0;
    }
    let p = a * b;
    if !p.is_finite() || p.abs() < TINY {
        return if upward { up(p) } else { down(p) };
    }
    settle(p, a.mul_add(b, -p), upward)
}

/// `a / b` rounded down or up, for finite `a` and finite nonzero `b`.
fn quotient(a: f64, b: f64, upward: bool) -> f64 {
    if a == 0.0 {
        // Exact: widening here would leave `t * d = 0` with `t` a float away from 0.
        return 0.0;
    }
    let q = a / b;
    if !q.is_finite() || q.abs() < TINY || a.abs() < TINY {
        return if upward { up(q) } else { down(q) };
    }
    // a = q*b + r exactly, so the exact quotient is q + r/b, on the side of r's sign times b's.
    let r = (-q).mul_add(b, a);
    settle(q, r * b.signum(), upward)
}

impl Interval {
    /// Every real.
    pub const ENTIRE: Interval = Interval { lo: f64::NEG_INFINITY, hi: f64::INFINITY };

    /// `[lo, hi]`, or `None` when `lo > hi` or a bound is NaN.
    pub fn new(lo: f64, hi: f64) -> Option<Interval> {
        (lo <= hi).then_some(Interval { lo, hi })
    }

    /// The single point `v`.
    pub fn point(v: f64) -> Interval {
        Interval { lo: v, hi: v }
    }

    /// The interval of a decimal numeral: the point when the numeral is exactly a float,
    /// otherwise the two floats around it.
    pub fn of_decimal(text: &str) -> Option<Interval> {
        let v: f64 = text.parse().ok()?;
        if !v.is_finite() {
            return None;
        }
        let exact = !text.contains('.') && v.abs() < 9.0e15
            || text.split_once('.').is_some_and(|(_, f)| f.trim_end_matches('0').is_empty());
        Some(if exact { Interval::point(v) } else { Interval { lo: down(v), hi: up(v) } })
    }

    /// The intersection, `None` when empty.
    pub fn meet(self, other: Interval) -> Option<Interval> {
        Interval::new(self.lo.max(other.lo), self.hi.min(other.hi))
    }

    /// The smallest interval containing both.
    pub fn hull(self, other: Interval) -> Interval {
        Interval { lo: self.lo.min(other.lo), hi: self.hi.max(other.hi) }
    }

    /// True if `v` lies in the interval.
    pub fn contains(self, v: f64) -> bool {
        self.lo <= v && v <= self.hi
    }

    /// `hi - lo` (rounded up).
    pub fn width(self) -> f64 {
        up(self.hi - self.lo)
    }

    /// The midpoint, a float inside the interval (for bisection; not a bound of a result).
    pub fn midpoint(self) -> f64 {
        let m = self.lo / 2.0 + self.hi / 2.0;
        if m.is_finite() && self.contains(m) { m } else { self.lo }
    }

    /// True if both bounds are the same float.
    pub fn is_point(self) -> bool {
        self.lo == self.hi
    }

    /// `self ^ n` for a natural `n`.
    pub fn pow(self, n: u32) -> Interval {
        if n == 0 {
            return Interval::point(1.0);
        }
        let power = |v: f64| v.powi(n as i32);
        let (a, b) = (power(self.lo), power(self.hi));
        if n % 2 == 1 {
            Interval { lo: libm_down(a), hi: libm_up(b) }
        } else if self.lo >= 0.0 {
            Interval { lo: libm_down(a).max(0.0), hi: libm_up(b) }
        } else if self.hi <= 0.0 {
            Interval { lo: libm_down(b).max(0.0), hi: libm_up(a) }
        } else {
            Interval { lo: 0.0, hi: libm_up(a.max(b)) }
        }
    }

    /// The reals whose `n`-th power lies in `self` (within `within`, the argument's interval).
    pub fn pow_inverse(self, n: u32, within: Interval) -> Option<Interval> {
        if n == 0 {
            return self.contains(1.0).then_some(within);
        }
        let root = |v: f64| {
            if v.is_infinite() { v } else { v.abs().powf(1.0 / n as f64).copysign(v) }
        };
        if n % 2 == 1 {
            let roots = Interval { lo: libm_down(root(self.lo)), hi: libm_up(root(self.hi)) };
            return roots.meet(within);
        }
        let nonnegative = self.meet(Interval { lo: 0.0, hi: f64::INFINITY })?;
        let high = libm_up(root(nonnegative.hi));
        let low = libm_down(root(nonnegative.lo)).max(0.0);
        let positive = Interval::new(low, high).and_then(|p| p.meet(within));
        let negative = Interval::new(-high, -low).and_then(|p| p.meet(within));
        match (positive, negative) {
            (Some(p), Some(m)) => Some(p.hull(m)),
            (p, m) => p.or(m),
        }
    }

    /// `exp(self)`.
    pub fn exp(self) -> Interval {
        Interval { lo: libm_down(self.lo.exp()).max(0.0), hi: libm_up(self.hi.exp()) }
    }

    /// The reals whose exponential lies in `self`.
    pub fn ln(self) -> Option<Interval> {
        if self.hi <= 0.0 {
            return None;
        }
        let lo = if self.lo <= 0.0 { f64::NEG_INFINITY } else { libm_down(self.lo.ln()) };
        Some(Interval { lo, hi: libm_up(self.hi.ln()) })
    }

    /// `sqrt(self)`, defined on the nonnegative part; `None` when there is none.
    pub fn sqrt(self) -> Option<Interval> {
        let part = self.meet(Interval { lo: 0.0, hi: f64::INFINITY })?;
        Some(Interval { lo: down(part.lo.sqrt()).max(0.0), hi: up(part.hi.sqrt()) })
    }

    /// `cos(self)`: the values at the ends and at every multiple of pi inside.
    pub fn cos(self) -> Interval {
        if !(self.lo.is_finite() && self.hi.is_finite()) || self.hi - self.lo >= 7.0 {
            return Interval { lo: -1.0, hi: 1.0 };
        }
        let (a, b) = (self.lo.cos(), self.hi.cos());
        let mut lo = a.min(b);
        let mut hi = a.max(b);
        // Multiples k*pi with lo <= k*pi <= hi: a maximum for even k, a minimum for odd k.
        // The bounds on k are taken one wider than needed, so a rounding of the division
        // cannot drop an extremum; an extra k only makes the interval larger.
        let first = (self.lo / std::f64::consts::PI).floor() as i64 - 1;
        let last = (self.hi / std::f64::consts::PI).ceil() as i64 + 1;
        for k in first..=last {
            let at = k as f64 * std::f64::consts::PI;
            if libm_down(self.lo) <= at && at <= libm_up(self.hi) {
                if k % 2 == 0 {
                    hi = 1.0;
                } else {
                    lo = -1.0;
                }
            }
        }
        Interval { lo: libm_down(lo).max(-1.0), hi: libm_up(hi).min(1.0) }
    }

    /// `sin(self)`, as `cos(self - pi/2)` with the shift rounded outward.
    pub fn sin(self) -> Interval {
        let half_pi =
            Interval { lo: down(std::f64::consts::FRAC_PI_2), hi: up(std::f64::consts::FRAC_PI_2) };
        self.sub(half_pi).cos()
    }
}

impl std::fmt::Display for Interval {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "[{}, {}]", self.lo, self.hi)
    }
}

impl std::ops::Neg for Interval {
    type Output = Interval;

    /// `-self`.
    fn neg(self) -> Interval {
        Interval { lo: -self.hi, hi: -self.lo }
    }
}

impl std::ops::Add for Interval {
    type Output = Interval;

    /// `self + other`.
    fn add(self, other: Interval) -> Interval {
        let lo = sum(self.lo, other.lo, false);
        let hi = sum(self.hi, other.hi, true);
        if lo.is_nan() || hi.is_nan() { Interval::ENTIRE } else { Interval { lo, hi } }
    }
}

impl std::ops::Sub for Interval {
    type Output = Interval;

    /// `self - other`.
    fn sub(self, other: Interval) -> Interval {
        self.add(other.neg())
    }
}

impl std::ops::Mul for Interval {
    type Output = Interval;

    /// `self * other`.
    fn mul(self, other: Interval) -> Interval {
        let pairs =
            [(self.lo, other.lo), (self.lo, other.hi), (self.hi, other.lo), (self.hi, other.hi)];
        let lo = pairs.iter().map(|&(a, b)| product(a, b, false)).fold(f64::INFINITY, f64::min);
        let hi = pairs.iter().map(|&(a, b)| product(a, b, true)).fold(f64::NEG_INFINITY, f64::max);
        Interval { lo, hi }
    }
}

impl std::ops::Div for Interval {
    type Output = Interval;

    /// `self / other`; every real when `other` contains 0 (craig reads `x / 0` as any value).
    fn div(self, other: Interval) -> Interval {
        if other.contains(0.0) {
            return Interval::ENTIRE;
        }
        let bounds = [self.lo, self.hi, other.lo, other.hi];
        if bounds.iter().all(|b| b.is_finite()) {
            let pairs = [
                (self.lo, other.lo),
                (self.lo, other.hi),
                (self.hi, other.lo),
                (self.hi, other.hi),
            ];
            let lo =
                pairs.iter().map(|&(a, b)| quotient(a, b, false)).fold(f64::INFINITY, f64::min);
            let hi =
                pairs.iter().map(|&(a, b)| quotient(a, b, true)).fold(f64::NEG_INFINITY, f64::max);
            return Interval { lo, hi };
        }
        // With an infinite bound, through the reciprocal (1/inf = 0), rounded outward always.
        let reciprocal = Interval { lo: down(1.0 / other.hi), hi: up(1.0 / other.lo) };
        self.mul(reciprocal)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ops::Div;

    #[test]
    fn hybrid_interval_addition_rounds_outward() {
        let tenth = Interval::of_decimal("0.1").unwrap();
        assert!(tenth.lo < 0.1 && 0.1 < tenth.hi || tenth.contains(0.1));
        let sum = tenth.add(tenth).add(tenth);
        // 0.1 + 0.1 + 0.1 is 0.30000000000000004 in floats; the exact 3/10 must be inside.
        assert!(sum.lo <= 0.3 && sum.hi >= 0.30000000000000004);
    }

    #[test]
    fn hybrid_interval_operations_contain_sampled_results() {
        let a = Interval { lo: -1.5, hi: 2.25 };
        let b = Interval { lo: 0.5, hi: 3.0 };
        for i in 0..=10 {
            for j in 0..=10 {
                let x = a.lo + (a.hi - a.lo) * i as f64 / 10.0;
                let y = b.lo + (b.hi - b.lo) * j as f64 / 10.0;
                assert!(a.mul(b).contains(x * y));
                assert!(a.div(b).contains(x / y));
                assert!(a.sub(b).contains(x - y));
                assert!(a.pow(2).contains(x * x));
                assert!(a.pow(3).contains(x * x * x));
                assert!(a.exp().contains(x.exp()));
                assert!(a.cos().contains(x.cos()));
                assert!(a.sin().contains(x.sin()));
            }
        }
        assert_eq!(a.cos().hi, 1.0);
        assert!(Interval::point(0.0).div(Interval::point(0.0)) == Interval::ENTIRE);
    }

    #[test]
    fn hybrid_interval_exact_operations_are_not_widened() {
        let one = Interval::point(1.0);
        assert_eq!(one.sub(one), Interval::point(0.0));
        assert_eq!(Interval::point(3.0).mul(Interval::point(0.5)), Interval::point(1.5));
        assert_eq!(Interval::point(3.0).div(Interval::point(4.0)), Interval::point(0.75));
        let third = Interval::point(1.0).div(Interval::point(3.0));
        assert!(third.lo < third.hi && third.lo <= 1.0 / 3.0 && 1.0 / 3.0 <= third.hi);
        // The exact 1/3 lies strictly between the two floats around it.
        assert!(third.mul(Interval::point(3.0)).contains(1.0));
    }

    #[test]
    fn hybrid_interval_inverses_keep_every_preimage() {
        let target = Interval { lo: 1.0, hi: 4.0 };
        let roots = target.pow_inverse(2, Interval::ENTIRE).unwrap();
        assert!(roots.contains(-2.0) && roots.contains(2.0) && roots.contains(-1.0));
        assert!(target.ln().unwrap().contains(4.0f64.ln()));
        assert!(Interval { lo: -2.0, hi: -1.0 }.ln().is_none());
        assert!(Interval { lo: -2.0, hi: -1.0 }.sqrt().is_none());
    }
}

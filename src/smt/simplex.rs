//! A simplex solver over exact delta-rationals in the style of Dutertre and de Moura ("A fast
//! linear-arithmetic solver for DPLL(T)"): a tableau of basic variables over non-basic ones,
//! lower and upper bounds per variable, Bland's rule for termination, and infeasibility
//! explained by Farkas coefficients on the asserted bounds.
//!
//! Strict bounds are handled with delta-rationals `a + bδ` for an infinitesimal `δ > 0`: `x < c`
//! is the bound `x <= c - δ`. The solver knows nothing of terms or literals: variables are
//! numbers, and each bound carries the caller's tag, which a conflict hands back with its
//! coefficient.

use std::cmp::Ordering;
use std::collections::btree_map::Entry;
use std::collections::{BTreeMap, BTreeSet};

use rug::Rational;

/// The most shifts of one non-basic variable [`Simplex::patch_integers`] tries each way: a
/// coefficient with a larger denominator is tried up to this shift only.
const MAX_PATCH_PERIOD: u32 = 64;

/// A delta-rational `real + delta·δ`, ordered lexicographically (δ is a positive
/// infinitesimal).
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct DeltaRational {
    /// The standard part.
    pub real: Rational,
    /// The coefficient of δ.
    pub delta: Rational,
}

impl DeltaRational {
    /// `real + delta·δ`.
    pub fn new(real: Rational, delta: Rational) -> DeltaRational {
        DeltaRational { real, delta }
    }

    /// A standard rational.
    pub fn from_rational(real: Rational) -> DeltaRational {
        DeltaRational { real, delta: Rational::new() }
    }

    fn add_scaled(&mut self, other: &DeltaRational, factor: &Rational) {
        self.real += Rational::from(&other.real * factor);
        self.delta += Rational::from(&other.delta * factor);
    }

    fn difference(&self, other: &DeltaRational) -> DeltaRational {
        DeltaRational {
            real: Rational::from(&self.real - &other.real),
            delta: Rational::from(&self.delta - &other.delta),
        }
    }

    /// The standard rational obtained by giving δ the value `delta`.
    pub fn at(&self, delta: &Rational) -> Rational {
        &self.real + Rational::from(&self.delta * delta)
    }
}

impl PartialOrd for DeltaRational {
    fn partial_cmp(&self, other: &DeltaRational) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for DeltaRational {
    fn cmp(&self, other: &DeltaRational) -> Ordering {
        self.real.cmp(&other.real).then_with(|| self.delta.cmp(&other.delta))
    }
}

/// Which bound of a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Side {
    /// `x >= l`, read as the inequality `-x <= -l` in a Farkas sum.
    Lower,
    /// `x <= u`.
    Upper,
}

/// An infeasible set of bounds: each tag with its nonnegative Farkas coefficient. Summing
/// `coefficient · (x <= u)` for upper bounds and `coefficient · (-x <= -l)` for lower bounds
/// cancels every variable (through the tableau's definitions) and leaves `0 <= c` with `c < 0`
/// (or `0 < c` with `c <= 0` when a strict bound takes part).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// `(tag, side, coefficient)`, in the order found.
    pub bounds: Vec<(u32, Side, Rational)>,
}

#[derive(Clone, Debug)]
struct Bound {
    value: DeltaRational,
    tag: u32,
}

#[derive(Clone, Debug)]
struct Row {
    basic: usize,
    /// The basic variable equals the sum of coefficient · non-basic variable.
    coefficients: BTreeMap<usize, Rational>,
}

/// How many pivots [`Simplex::check_until`] makes between two questions to its `stop`.
pub const PIVOTS_BETWEEN_STOPS: u64 = 16;

/// The tableau, assignment and bounds.
#[derive(Clone, Debug, Default)]
pub struct Simplex {
    values: Vec<DeltaRational>,
    lower: Vec<Option<Bound>>,
    upper: Vec<Option<Bound>>,
    row_of: Vec<Option<usize>>,
    rows: Vec<Row>,
    /// Per variable, the rows whose sum it appears in (ascending): a pivot or a change of a
    /// non-basic value touches these rows only, not the whole tableau (a path formula over
    /// memory has thousands of rows, each over a few variables). Ascending, so the rows are
    /// visited in the order a scan would visit them.
    columns: Vec<BTreeSet<usize>>,
    /// Each bound overwritten, with the bound it replaced, so that [`Simplex::pop_bounds`]
    /// restores them (the online loop backtracks this way; values and the tableau stay).
    bound_trail: Vec<(usize, Side, Option<Bound>)>,
    /// Every basic variable that may break one of its bounds: those whose value or bounds
    /// changed since [`Simplex::check`] last looked at them (a superset of the violated ones).
    /// Checking only these, smallest first, picks the variable Bland's rule picks without a
    /// scan of the whole tableau after every assignment.
    unchecked: BTreeSet<usize>,
    /// Pivots made, for the counters.
    pub pivots: u64,
}

impl Simplex {
    /// An empty tableau.
    pub fn new() -> Simplex {
        Simplex::default()
    }

    /// A new non-basic variable, unbounded, with value 0.
    pub fn new_variable(&mut self) -> usize {
        self.values.push(DeltaRational::default());
        self.lower.push(None);
        self.upper.push(None);
        self.row_of.push(None);
        self.columns.push(BTreeSet::new());
        self.values.len() - 1
    }

    /// The number of variables.
    pub fn num_variables(&self) -> usize {
        self.values.len()
    }

    /// A new basic variable `s = Σ coefficient · x` over existing variables (basic ones are
    /// replaced by their rows so the tableau stays in solved form).
    pub fn new_row(&mut self, combination: &[(usize, Rational)]) -> usize {
        let s = self.new_variable();
        let mut coefficients: BTreeMap<usize, Rational> = BTreeMap::new();
        for (x, a) in combination {
            match self.row_of[*x] {
                Some(r) => {
                    for (y, b) in &self.rows[r].coefficients {
                        *coefficients.entry(*y).or_default() += Rational::from(a * b);
                    }
                }
                None => *coefficients.entry(*x).or_default() += a,
            }
        }
        coefficients.retain(|_, a| a.cmp0() != Ordering::Equal);
        let mut value = DeltaRational::default();
        for (y, a) in &coefficients {
            value.add_scaled(&self.values[*y], a);
        }
        self.values[s] = value;
        for y in coefficients.keys() {
            self.columns[*y].insert(self.rows.len());
        }
        self.row_of[s] = Some(self.rows.len());
        self.rows.push(Row { basic: s, coefficients });
        s
    }

    /// The number of bound changes so far; [`Simplex::pop_bounds`] goes back to such a point.
    pub fn bound_changes(&self) -> usize {
        self.bound_trail.len()
    }

    /// Restores the bounds as they were when [`Simplex::bound_changes`] was `point`. The values
    /// and the tableau stay: they satisfy the rows, and every bound left was met or is repaired
    /// by the next [`Simplex::check`] (Dutertre and de Moura's backtracking).
    pub fn pop_bounds(&mut self, point: usize) {
        while self.bound_trail.len() > point {
            let Some((x, side, old)) = self.bound_trail.pop() else { break };
            match side {
                Side::Upper => self.upper[x] = old,
                Side::Lower => self.lower[x] = old,
            }
        }
    }

    /// The row of a basic variable `x`: `x = Σ coefficient · y` over non-basic `y`; `None`
    /// when `x` is non-basic.
    pub fn row(&self, x: usize) -> Option<&BTreeMap<usize, Rational>> {
        self.row_of[x].map(|r| &self.rows[r].coefficients)
    }

    /// The bound of `x` on `side`, with its tag.
    pub fn bound(&self, x: usize, side: Side) -> Option<(&DeltaRational, u32)> {
        let bound = match side {
            Side::Upper => &self.upper[x],
            Side::Lower => &self.lower[x],
        };
        bound.as_ref().map(|b| (&b.value, b.tag))
    }

    /// The current value of a variable.
    pub fn value(&self, x: usize) -> &DeltaRational {
        &self.values[x]
    }

    /// Asserts `x <= value` (tagged); a bound weaker than the current one is ignored.
    pub fn assert_upper(
        &mut self,
        x: usize,
        value: DeltaRational,
        tag: u32,
    ) -> Result<(), Conflict> {
        self.assert_bound(x, Side::Upper, value, tag)
    }

    /// Asserts `x >= value` (tagged); a bound weaker than the current one is ignored.
    pub fn assert_lower(
        &mut self,
        x: usize,
        value: DeltaRational,
        tag: u32,
    ) -> Result<(), Conflict> {
        self.assert_bound(x, Side::Lower, value, tag)
    }

    fn assert_bound(
        &mut self,
        x: usize,
        side: Side,
        value: DeltaRational,
        tag: u32,
    ) -> Result<(), Conflict> {
        let (same, other) = match side {
            Side::Upper => (&self.upper[x], &self.lower[x]),
            Side::Lower => (&self.lower[x], &self.upper[x]),
        };
        let weaker = same.as_ref().is_some_and(|b| match side {
            Side::Upper => b.value <= value,
            Side::Lower => b.value >= value,
        });
        if weaker {
            return Ok(());
        }
        if let Some(o) = other {
            let crossed = match side {
                Side::Upper => value < o.value,
                Side::Lower => value > o.value,
            };
            if crossed {
                let opposite = if side == Side::Upper { Side::Lower } else { Side::Upper };
                return Err(Conflict {
                    bounds: vec![
                        (tag, side, Rational::from(1)),
                        (o.tag, opposite, Rational::from(1)),
                    ],
                });
            }
        }
        let violated = match side {
            Side::Upper => self.values[x] > value,
            Side::Lower => self.values[x] < value,
        };
        let bound = Some(Bound { value: value.clone(), tag });
        let old = match side {
            Side::Upper => std::mem::replace(&mut self.upper[x], bound),
            Side::Lower => std::mem::replace(&mut self.lower[x], bound),
        };
        self.bound_trail.push((x, side, old));
        if violated {
            match self.row_of[x] {
                None => self.update(x, value),
                Some(_) => {
                    self.unchecked.insert(x);
                }
            }
        }
        Ok(())
    }

    /// Sets a non-basic variable's value and moves the basic ones along.
    fn update(&mut self, x: usize, value: DeltaRational) {
        let change = value.difference(&self.values[x]);
        for &k in &self.columns[x] {
            let row = &self.rows[k];
            if let Some(a) = row.coefficients.get(&x) {
                self.values[row.basic].add_scaled(&change, a);
                self.unchecked.insert(row.basic);
            }
        }
        self.values[x] = value;
    }

    fn below_lower(&self, x: usize) -> bool {
        self.lower[x].as_ref().is_some_and(|b| self.values[x] < b.value)
    }

    fn above_upper(&self, x: usize) -> bool {
        self.upper[x].as_ref().is_some_and(|b| self.values[x] > b.value)
    }

    /// Restores every bound by pivoting, or explains why that is impossible. Bland's rule (the
    /// smallest violated basic variable, the smallest suitable non-basic one) guarantees that
    /// no basis repeats, so this ends.
    pub fn check(&mut self) -> Result<(), Conflict> {
        loop {
            if let Some(result) = self.repair_one() {
                return result;
            }
        }
    }

    /// [`Simplex::check`] that gives up (`None`, the tableau left valid but some bounds
    /// unmet) when `stop` says so; `stop` is asked every [`PIVOTS_BETWEEN_STOPS`] pivots, as a
    /// tableau with much fill-in may pivot for many seconds in one check.
    pub fn check_until(&mut self, stop: &dyn Fn() -> bool) -> Option<Result<(), Conflict>> {
        let mut pivots = 0u64;
        loop {
            if let Some(result) = self.repair_one() {
                return Some(result);
            }
            pivots += 1;
            if pivots.is_multiple_of(PIVOTS_BETWEEN_STOPS) && stop() {
                return None;
            }
        }
    }

    /// One pivot of [`Simplex::check`] (`None`), or its end: every bound met, or a conflict.
    fn repair_one(&mut self) -> Option<Result<(), Conflict>> {
        let violated = loop {
            let Some(&x) = self.unchecked.first() else { break None };
            if self.row_of[x].is_some() && (self.below_lower(x) || self.above_upper(x)) {
                break Some(x);
            }
            self.unchecked.pop_first();
        };
        let Some(x) = violated else { return Some(Ok(())) };
        let r = self.row_of[x].unwrap_or(0);
        let increase = self.below_lower(x);
        // Increasing x needs a non-basic y with a > 0 that can grow or a < 0 that can shrink.
        let entering = self.rows[r].coefficients.iter().find(|(y, a)| {
            let grow = (a.cmp0() == Ordering::Greater) == increase;
            if grow {
                self.upper[**y].as_ref().is_none_or(|b| self.values[**y] < b.value)
            } else {
                self.lower[**y].as_ref().is_none_or(|b| self.values[**y] > b.value)
            }
        });
        let Some((&y, _)) = entering else {
            return Some(Err(self.explain(r, increase)));
        };
        let target = if increase { &self.lower[x] } else { &self.upper[x] };
        let target = target.as_ref().map(|b| b.value.clone()).unwrap_or_default();
        self.pivot_and_update(r, y, target);
        None
    }

    /// The Farkas explanation of row `r`, whose basic variable can move neither up (when
    /// `increase`) nor down: its violated bound, and the bounds that hold each non-basic
    /// variable where it is.
    fn explain(&self, r: usize, increase: bool) -> Conflict {
        let row = &self.rows[r];
        let one = Rational::from(1);
        let mut bounds = Vec::new();
        let own = if increase { &self.lower[row.basic] } else { &self.upper[row.basic] };
        let own_side = if increase { Side::Lower } else { Side::Upper };
        bounds.push((own.as_ref().map_or(0, |b| b.tag), own_side, one));
        for (y, a) in &row.coefficients {
            let positive = a.cmp0() == Ordering::Greater;
            // With x = Σ a·y: raising x is blocked by upper bounds of y with a > 0 and by lower
            // bounds of y with a < 0 (and the other way round for lowering x).
            let side = if positive == increase { Side::Upper } else { Side::Lower };
            let bound = if side == Side::Upper { &self.upper[*y] } else { &self.lower[*y] };
            let tag = bound.as_ref().map_or(0, |b| b.tag);
            bounds.push((tag, side, Rational::from(a.abs_ref())));
        }
        Conflict { bounds }
    }

    fn pivot_and_update(&mut self, r: usize, y: usize, target: DeltaRational) {
        let x = self.rows[r].basic;
        let a = self.rows[r].coefficients.get(&y).cloned().unwrap_or_else(|| Rational::from(1));
        let theta_real = Rational::from(&target.real - &self.values[x].real) / &a;
        let theta_delta = Rational::from(&target.delta - &self.values[x].delta) / &a;
        let theta = DeltaRational::new(theta_real, theta_delta);
        self.values[x] = target;
        self.values[y].add_scaled(&theta, &Rational::from(1));
        for &k in &self.columns[y] {
            let row = &self.rows[k];
            if k == r {
                continue;
            }
            if let Some(b) = row.coefficients.get(&y) {
                self.values[row.basic].add_scaled(&theta, b);
                self.unchecked.insert(row.basic);
            }
        }
        self.pivot(r, y);
        self.unchecked.insert(y);
    }

    /// Makes `y` basic in row `r` in place of its basic variable, substituting it in the others.
    fn pivot(&mut self, r: usize, y: usize) {
        self.pivots += 1;
        let x = self.rows[r].basic;
        let mut coefficients = std::mem::take(&mut self.rows[r].coefficients);
        let a = coefficients.remove(&y).unwrap_or_else(|| Rational::from(1));
        // x = a·y + Σ c·z  gives  y = x/a - Σ (c/a)·z.
        let mut solved: BTreeMap<usize, Rational> = BTreeMap::new();
        solved.insert(x, Rational::from(1) / &a);
        for (z, c) in coefficients {
            solved.insert(z, -(c / &a));
        }
        // y leaves every row: it is basic from now on, in row r alone.
        for k in std::mem::take(&mut self.columns[y]) {
            if k == r {
                continue;
            }
            let row = &mut self.rows[k];
            let Some(b) = row.coefficients.remove(&y) else { continue };
            for (z, c) in &solved {
                // The column index changes only when z enters or leaves the row.
                match row.coefficients.entry(*z) {
                    Entry::Vacant(vacant) => {
                        vacant.insert(Rational::from(&b * c));
                        self.columns[*z].insert(k);
                    }
                    Entry::Occupied(mut occupied) => {
                        *occupied.get_mut() += Rational::from(&b * c);
                        if occupied.get().cmp0() == Ordering::Equal {
                            occupied.remove();
                            self.columns[*z].remove(&k);
                        }
                    }
                }
            }
        }
        // Row r's other variables stay in it; x enters it.
        self.columns[x].insert(r);
        self.rows[r] = Row { basic: y, coefficients: solved };
        self.row_of[x] = None;
        self.row_of[y] = Some(r);
    }

    /// Moves non-basic variables inside their bounds so that basic variables marked in
    /// `integral` take whole values where one shift does it, without breaking a bound or making
    /// a whole integral value fractional: the vertex the pivots stop at sits on a bound (a side
    /// of a disequality `s >= c + 1`, say), and the basic variable solved from it is
    /// fractional, while a whole point lies a few units along that bound. Branch and bound
    /// splits on the basic variable instead, and when others share its coefficient the vertex
    /// of the next round is fractional in one of them, one unit further, for as many rounds as
    /// the constant is large. Returns how many basic variables were made whole.
    ///
    /// For each fractional basic `x_b = β + …` (δ-free, by column) and each non-basic `x_j`
    /// in its row with coefficient `a`, the shifts tried are: when `x_j` is integral, the
    /// integers `±1, ±2, …` up to the denominator of `a` (past it `a·t` repeats its fractional
    /// part), nearest first; otherwise the two shifts that take `x_b` to `floor(β)` and
    /// `ceil(β)`. The first shift that keeps `x_j` and every basic variable of a row with
    /// `x_j` inside their bounds, and every whole integral one whole, is made.
    pub fn patch_integers(&mut self, integral: &[bool]) -> usize {
        let whole = |v: &DeltaRational| v.real.denom() == &1 && v.delta.cmp0() == Ordering::Equal;
        let is_integral = |x: usize| integral.get(x).copied().unwrap_or(false);
        let mut patched = 0;
        for b in 0..self.values.len() {
            let Some(r) = self.row_of[b] else { continue };
            let beta = &self.values[b];
            if !is_integral(b) || whole(beta) || beta.delta.cmp0() != Ordering::Equal {
                continue;
            }
            let beta = beta.real.clone();
            let row: Vec<(usize, Rational)> =
                self.rows[r].coefficients.iter().map(|(y, a)| (*y, a.clone())).collect();
            'columns: for (j, a) in row {
                let shifts: Vec<Rational> = if is_integral(j) {
                    let period = a.denom().to_u32().unwrap_or(u32::MAX).min(MAX_PATCH_PERIOD);
                    (1..=period)
                        .flat_map(|t| [Rational::from(t), -Rational::from(t)])
                        .filter(|t| (Rational::from(&a * t) + &beta).denom() == &1)
                        .collect()
                } else {
                    let floor = beta.clone().floor();
                    let ceil = beta.clone().ceil();
                    vec![(floor - &beta) / &a, (ceil - &beta) / &a]
                };
                for shift in shifts {
                    if self.try_shift(j, &shift, is_integral) {
                        patched += 1;
                        break 'columns;
                    }
                }
            }
        }
        patched
    }

    /// Adds `shift` to the non-basic `x_j` and moves the basic variables along, if that keeps
    /// `x_j` and each of them inside their bounds and no whole `integral` basic variable
    /// becomes fractional; otherwise changes nothing and answers false.
    fn try_shift(&mut self, j: usize, shift: &Rational, integral: impl Fn(usize) -> bool) -> bool {
        let within = |x: usize, v: &DeltaRational| {
            self.lower[x].as_ref().is_none_or(|b| b.value <= *v)
                && self.upper[x].as_ref().is_none_or(|b| *v <= b.value)
        };
        let moved = |v: &DeltaRational, by: &Rational| {
            DeltaRational::new(Rational::from(&v.real + by), v.delta.clone())
        };
        let new_j = moved(&self.values[j], shift);
        if !within(j, &new_j) {
            return false;
        }
        let mut changes = Vec::new();
        for &k in &self.columns[j] {
            let row = &self.rows[k];
            let Some(a) = row.coefficients.get(&j) else { continue };
            let old = &self.values[row.basic];
            let new = moved(old, &Rational::from(a * shift));
            if !within(row.basic, &new) {
                return false;
            }
            let was_whole = old.real.denom() == &1 && old.delta.cmp0() == Ordering::Equal;
            if integral(row.basic) && was_whole && new.real.denom() != &1 {
                return false;
            }
            changes.push((row.basic, new));
        }
        self.values[j] = new_j;
        for (x, v) in changes {
            self.values[x] = v;
        }
        true
    }

    /// A positive rational small enough that giving δ this value keeps every bound satisfied by
    /// the current assignment (to be called after a successful [`Simplex::check`]).
    pub fn concrete_delta(&self) -> Rational {
        let mut delta = Rational::from(1);
        for x in 0..self.values.len() {
            let v = &self.values[x];
            // l <= v with l = (lr, ld), v = (vr, vd): where lr < vr and ld > vd, δ must stay
            // below (vr - lr) / (ld - vd); the upper bound is symmetric.
            let pairs = [
                self.lower[x].as_ref().map(|b| (b.value.clone(), v.clone())),
                self.upper[x].as_ref().map(|b| (v.clone(), b.value.clone())),
            ];
            for (small, large) in pairs.into_iter().flatten() {
                if small.real < large.real && small.delta > large.delta {
                    let limit = Rational::from(&large.real - &small.real)
                        / Rational::from(&small.delta - &large.delta);
                    if limit <= delta {
                        delta = limit / 2;
                    }
                }
            }
        }
        delta
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64) -> Rational {
        Rational::from(n)
    }

    fn exact(n: i64) -> DeltaRational {
        DeltaRational::from_rational(q(n))
    }

    /// The column index names exactly the rows each variable appears in.
    fn columns_agree(s: &Simplex) {
        for (x, column) in s.columns.iter().enumerate() {
            let rows: BTreeSet<usize> =
                (0..s.rows.len()).filter(|&k| s.rows[k].coefficients.contains_key(&x)).collect();
            assert_eq!(*column, rows, "the column of x{x}");
        }
    }

    #[test]
    fn the_column_index_follows_the_pivots_and_the_values_the_rows() {
        // A chain of rows over shared variables, bounds that force many pivots, then a check
        // that every basic value is its row's sum (the values move through the columns only).
        let mut s = Simplex::new();
        let xs: Vec<usize> = (0..6).map(|_| s.new_variable()).collect();
        let mut rows = Vec::new();
        for i in 0..6 {
            let (a, b, c) = (xs[i], xs[(i + 1) % 6], xs[(i + 3) % 6]);
            rows.push(s.new_row(&[(a, q(1)), (b, q(2)), (c, q(-1))]));
        }
        columns_agree(&s);
        for (k, &r) in rows.iter().enumerate() {
            s.assert_lower(r, exact(k as i64 + 1), k as u32).unwrap();
            s.assert_upper(r, exact(k as i64 + 3), 10 + k as u32).unwrap();
            s.check().unwrap();
            columns_agree(&s);
        }
        for (k, &x) in xs.iter().enumerate() {
            s.assert_upper(x, exact(5), 20 + k as u32).unwrap();
            s.assert_lower(x, exact(-5), 30 + k as u32).unwrap();
            s.check().unwrap();
            columns_agree(&s);
        }
        assert!(s.pivots >= 3, "only {} pivots", s.pivots);
        for row in &s.rows {
            let mut sum = DeltaRational::default();
            for (y, a) in &row.coefficients {
                sum.add_scaled(&s.values[*y], a);
            }
            assert_eq!(sum, s.values[row.basic]);
        }
    }

    #[test]
    fn a_feasible_system_is_solved_by_pivoting() {
        // x + y >= 4, x - y <= 0, x <= 1: needs y >= 3.
        let mut s = Simplex::new();
        let (x, y) = (s.new_variable(), s.new_variable());
        let sum = s.new_row(&[(x, q(1)), (y, q(1))]);
        let diff = s.new_row(&[(x, q(1)), (y, q(-1))]);
        s.assert_lower(sum, exact(4), 0).unwrap();
        s.assert_upper(diff, exact(0), 1).unwrap();
        s.assert_upper(x, exact(1), 2).unwrap();
        s.check().unwrap();
        assert!(s.pivots >= 1);
        let (vx, vy) = (s.value(x).real.clone(), s.value(y).real.clone());
        assert!(Rational::from(&vx + &vy) >= 4 && vx <= vy && vx <= 1);
    }

    #[test]
    fn an_infeasible_system_gives_farkas_coefficients() {
        // x + y >= 4 (tag 0), x <= 1 (tag 1), y <= 2 (tag 2): 1·(-(x+y) <= -4) + x <= 1 + y <= 2
        // sums to 0 <= -1.
        let mut s = Simplex::new();
        let (x, y) = (s.new_variable(), s.new_variable());
        let sum = s.new_row(&[(x, q(1)), (y, q(1))]);
        s.assert_upper(x, exact(1), 1).unwrap();
        s.assert_upper(y, exact(2), 2).unwrap();
        s.assert_lower(sum, exact(4), 0).unwrap();
        let conflict = s.check().unwrap_err();
        let mut bounds = conflict.bounds.clone();
        bounds.sort();
        assert_eq!(
            bounds,
            vec![(0, Side::Lower, q(1)), (1, Side::Upper, q(1)), (2, Side::Upper, q(1))]
        );
    }

    #[test]
    fn strict_bounds_use_delta_and_get_a_concrete_value() {
        // 0 < x < 1 is feasible; x < 0 and x > 0 together are not.
        let mut s = Simplex::new();
        let x = s.new_variable();
        s.assert_lower(x, DeltaRational::new(q(0), q(1)), 0).unwrap();
        s.assert_upper(x, DeltaRational::new(q(1), q(-1)), 1).unwrap();
        s.check().unwrap();
        let d = s.concrete_delta();
        let v = s.value(x).at(&d);
        assert!(v > 0 && v < 1, "{v}");
        let mut t = Simplex::new();
        let y = t.new_variable();
        t.assert_upper(y, DeltaRational::new(q(0), q(-1)), 0).unwrap();
        assert!(t.assert_lower(y, DeltaRational::new(q(0), q(1)), 1).is_err());
    }

    /// With `x, y, z >= (4, 0, 0)`, the vertex of `4x + 3y + 4z >= 21` solves the row for
    /// `x` at `21/4`; shifting the row's column along its bound to `24` makes `x` whole
    /// (`20` would too, but breaks the bound), with every bound kept.
    #[test]
    fn patching_makes_a_fractional_basic_variable_whole_inside_the_bounds() {
        let mut s = Simplex::new();
        let (x, y, z) = (s.new_variable(), s.new_variable(), s.new_variable());
        let sum = s.new_row(&[(x, q(4)), (y, q(3)), (z, q(4))]);
        s.assert_lower(x, exact(4), 0).unwrap();
        s.assert_lower(y, exact(0), 1).unwrap();
        s.assert_lower(z, exact(0), 2).unwrap();
        s.assert_lower(sum, exact(21), 3).unwrap();
        s.check().unwrap();
        let fractional = |s: &Simplex| {
            [x, y, z, sum].into_iter().filter(|&v| s.value(v).real.denom() != &1).count()
        };
        assert_eq!(fractional(&s), 1);
        assert_eq!(s.patch_integers(&[true; 4]), 1);
        assert_eq!(fractional(&s), 0);
        let value = |v: usize| s.value(v).real.clone();
        assert_eq!((value(x), value(sum)), (q(6), q(24)));
        assert_eq!(
            value(sum),
            Rational::from(&value(x) * 4u32) + value(y) * 3u32 + value(z) * 4u32
        );
        // Nothing fractional is left, so nothing moves.
        assert_eq!(s.patch_integers(&[true; 4]), 0);
    }

    /// Random bound pushes and pops on a kept tableau agree with a simplex built from scratch
    /// with the bounds still asserted: the same bounds per variable and the same feasibility.
    #[test]
    fn popping_bounds_agrees_with_a_simplex_built_from_scratch() {
        let tableau = || {
            let mut s = Simplex::new();
            let (x, y, z) = (s.new_variable(), s.new_variable(), s.new_variable());
            s.new_row(&[(x, q(1)), (y, q(1))]);
            s.new_row(&[(x, q(1)), (y, q(-2)), (z, q(1))]);
            s.new_row(&[(y, q(3)), (z, q(-1))]);
            s
        };
        let mut seed = 0x1234_5678_9abc_def1u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let (mut feasible, mut infeasible) = (0, 0);
        for _ in 0..60 {
            let mut kept = tableau();
            // Bounds asserted: (variable, side, value, tag), and the stack of level marks.
            let mut asserted: Vec<(usize, Side, DeltaRational, u32)> = Vec::new();
            let mut marks: Vec<(usize, usize)> = Vec::new();
            for step in 0..40u32 {
                match next(6) {
                    0 if !marks.is_empty() => {
                        let keep = next(marks.len() as u64) as usize;
                        let (changes, count) = marks[keep];
                        marks.truncate(keep);
                        kept.pop_bounds(changes);
                        asserted.truncate(count);
                    }
                    1 => marks.push((kept.bound_changes(), asserted.len())),
                    _ => {
                        let x = next(6) as usize;
                        let side = if next(2) == 0 { Side::Upper } else { Side::Lower };
                        let value = DeltaRational::new(q(next(21) as i64 - 10), q(0));
                        let result = match side {
                            Side::Upper => kept.assert_upper(x, value.clone(), step),
                            Side::Lower => kept.assert_lower(x, value.clone(), step),
                        };
                        if result.is_err() {
                            // A crossed bound is not kept; the caller would backjump.
                            continue;
                        }
                        asserted.push((x, side, value, step));
                    }
                }
                let mut fresh = tableau();
                for (x, side, value, tag) in &asserted {
                    let result = match side {
                        Side::Upper => fresh.assert_upper(*x, value.clone(), *tag),
                        Side::Lower => fresh.assert_lower(*x, value.clone(), *tag),
                    };
                    assert!(result.is_ok());
                }
                for x in 0..6 {
                    let value = |b: &Option<Bound>| b.as_ref().map(|b| (b.value.clone(), b.tag));
                    assert_eq!(value(&kept.lower[x]), value(&fresh.lower[x]));
                    assert_eq!(value(&kept.upper[x]), value(&fresh.upper[x]));
                }
                let ok = kept.check().is_ok();
                assert_eq!(ok, fresh.check().is_ok());
                if ok {
                    feasible += 1;
                } else {
                    infeasible += 1;
                }
            }
        }
        assert!(feasible > 100 && infeasible > 20, "{feasible} {infeasible}");
    }
}

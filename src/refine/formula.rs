//! The formulas of the refinement engine: linear expressions with integer coefficients over
//! numbered variables, comparisons with zero, and conjunctions and disjunctions of them, kept
//! in negation normal form and canonical enough that equal constraints print and compare equal.
//!
//! Every variable is a mathematical integer, so a strict bound `l < 0` is stored as `l + 1 <= 0`
//! and a bound is divided by the gcd of its coefficients with its constant rounded (`2x <= 3`
//! is `x <= 1`). Labels of the abstract reachability tree, interpolants, invariants and path
//! formulas are all [`Pred`]s; [`Pred::to_smt`] hands one to the SMT core.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use rug::{Integer, Rational};

use crate::smt::{self, ArithOp, Formula, SortId, TermStore};

/// `Σ coefficient · variable + constant` over integer variables (indices chosen by the caller).
#[derive(Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Linear {
    /// Nonzero coefficients by variable, ascending.
    pub coefficients: BTreeMap<usize, Integer>,
    /// The constant.
    pub constant: Integer,
}

impl Linear {
    /// The constant `n`.
    pub fn constant(n: Integer) -> Linear {
        Linear { coefficients: BTreeMap::new(), constant: n }
    }

    /// The variable `v`.
    pub fn variable(v: usize) -> Linear {
        Linear { coefficients: BTreeMap::from([(v, Integer::from(1))]), constant: Integer::new() }
    }

    /// `self + factor · other`.
    pub fn add_scaled(&self, other: &Linear, factor: &Integer) -> Linear {
        let mut out = self.clone();
        for (v, c) in &other.coefficients {
            let entry = out.coefficients.entry(*v).or_default();
            *entry += Integer::from(c * factor);
            if *entry == 0 {
                out.coefficients.remove(v);
            }
        }
        out.constant += Integer::from(&other.constant * factor);
        out
    }

    /// `factor · self`.
    pub fn scale(&self, factor: &Integer) -> Linear {
        Linear::default().add_scaled(self, factor)
    }

    /// The constant value, when no variable occurs.
    pub fn as_constant(&self) -> Option<&Integer> {
        self.coefficients.is_empty().then_some(&self.constant)
    }

    /// The value under a valuation; `None` when a variable has no value.
    pub fn evaluate(&self, value: &dyn Fn(usize) -> Option<Integer>) -> Option<Integer> {
        let mut sum = self.constant.clone();
        for (x, c) in &self.coefficients {
            sum += Integer::from(c * &value(*x)?);
        }
        Some(sum)
    }

    /// The expression with each variable `v` for which `value(v)` is `Some(l)` replaced by `l`.
    pub fn substitute(&self, value: &dyn Fn(usize) -> Option<Linear>) -> Linear {
        let mut out = Linear::constant(self.constant.clone());
        for (x, c) in &self.coefficients {
            match value(*x) {
                Some(l) => out = out.add_scaled(&l, c),
                None => out = out.add_scaled(&Linear::variable(*x), c),
            }
        }
        out
    }

    /// The same expression over other variable numbers.
    pub fn rename(&self, map: &dyn Fn(usize) -> usize) -> Linear {
        let mut out = Linear::constant(self.constant.clone());
        for (v, c) in &self.coefficients {
            out = out.add_scaled(&Linear::variable(map(*v)), c);
        }
        out
    }

    /// The expression as an SMT term, each variable given by `var`.
    pub fn to_smt(&self, store: &mut TermStore, var: &dyn Fn(usize) -> smt::TermId) -> smt::TermId {
        let mut summands = Vec::new();
        for (v, c) in &self.coefficients {
            let x = var(*v);
            if *c == 1 {
                summands.push(x);
            } else {
                let k = store.numeral(&Rational::from(c), SortId::INT);
                summands.push(store.arith(ArithOp::Mul, vec![k, x], SortId::INT));
            }
        }
        if self.constant != 0 || summands.is_empty() {
            summands.push(store.numeral(&Rational::from(&self.constant), SortId::INT));
        }
        if summands.len() == 1 {
            summands[0]
        } else {
            store.arith(ArithOp::Add, summands, SortId::INT)
        }
    }

    /// The expression with variable names (`x + 2*y - 3`).
    pub fn show(&self, names: &dyn Fn(usize) -> String) -> String {
        let terms: Vec<(String, Integer)> =
            self.coefficients.iter().map(|(v, c)| (names(*v), c.clone())).collect();
        Linear::show_sum(&terms, &self.constant)
    }

    fn show_sum(terms: &[(String, Integer)], constant: &Integer) -> String {
        let mut out = String::new();
        for (name, c) in terms {
            let magnitude = Integer::from(c.abs_ref());
            if out.is_empty() {
                if *c < 0 {
                    out.push('-');
                }
            } else {
                out.push_str(if *c < 0 { " - " } else { " + " });
            }
            if magnitude != 1 {
                let _ = write!(out, "{magnitude}*");
            }
            out.push_str(name);
        }
        if *constant != 0 || out.is_empty() {
            if out.is_empty() {
                let _ = write!(out, "{constant}");
            } else {
                let magnitude = Integer::from(constant.abs_ref());
                let _ = write!(out, "{}{magnitude}", if *constant < 0 { " - " } else { " + " });
            }
        }
        out
    }
}

/// How a [`Linear`] expression compares with zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Rel {
    /// `l <= 0`.
    Le,
    /// `l = 0`.
    Eq,
    /// `l != 0`.
    Ne,
}

/// A quantifier-free formula of linear integer arithmetic in negation normal form.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Pred {
    /// Truth.
    True,
    /// Falsity.
    False,
    /// A comparison of a (canonical, non-constant) linear expression with zero.
    Atom(Linear, Rel),
    /// A conjunction of at least two formulas, none of them `True`, `False` or a conjunction.
    And(Vec<Pred>),
    /// A disjunction of at least two formulas, none of them `True`, `False` or a disjunction.
    Or(Vec<Pred>),
}

impl Pred {
    /// The number of nodes of the formula (atoms, connectives and constants).
    pub fn size(&self) -> usize {
        match self {
            Pred::True | Pred::False | Pred::Atom(..) => 1,
            Pred::And(parts) | Pred::Or(parts) => 1 + parts.iter().map(Pred::size).sum::<usize>(),
        }
    }

    /// `l ⋈ 0` in canonical form: coefficients divided by their gcd (the constant rounded for
    /// `<=`; `=` and `!=` decided when the gcd does not divide it), the first coefficient of an
    /// equality or disequality positive, constant comparisons evaluated.
    pub fn atom(l: Linear, rel: Rel) -> Pred {
        if let Some(c) = l.as_constant() {
            let holds = match rel {
                Rel::Le => *c <= 0,
                Rel::Eq => *c == 0,
                Rel::Ne => *c != 0,
            };
            return if holds { Pred::True } else { Pred::False };
        }
        let mut g = Integer::new();
        for c in l.coefficients.values() {
            g.gcd_mut(c);
        }
        let mut l = l;
        if g != 1 {
            let divisible = l.constant.is_divisible(&g);
            match rel {
                Rel::Eq if !divisible => return Pred::False,
                Rel::Ne if !divisible => return Pred::True,
                _ => {}
            }
            for c in l.coefficients.values_mut() {
                *c /= &g;
            }
            // Σ a·x + c <= 0 ⇔ Σ (a/g)·x <= -c/g ⇔ Σ (a/g)·x <= floor(-c/g).
            let rhs = (-l.constant.clone()).div_rem_floor(g.clone()).0;
            l.constant = -rhs;
        }
        if rel != Rel::Le && l.coefficients.values().next().is_some_and(|c| *c < 0) {
            l = l.scale(&Integer::from(-1));
        }
        Pred::Atom(l, rel)
    }

    /// `a <= b`.
    pub fn le(a: &Linear, b: &Linear) -> Pred {
        Pred::atom(a.add_scaled(b, &Integer::from(-1)), Rel::Le)
    }

    /// `a < b`, that is `a - b + 1 <= 0` over the integers.
    pub fn lt(a: &Linear, b: &Linear) -> Pred {
        let mut l = a.add_scaled(b, &Integer::from(-1));
        l.constant += 1;
        Pred::atom(l, Rel::Le)
    }

    /// `a = b`.
    pub fn eq(a: &Linear, b: &Linear) -> Pred {
        Pred::atom(a.add_scaled(b, &Integer::from(-1)), Rel::Eq)
    }

    /// The conjunction, flattened, without `True`s and duplicates; `False` if one is.
    pub fn and(parts: Vec<Pred>) -> Pred {
        let Some(mut out) = flatten(parts, true) else { return Pred::False };
        keep_bounds(&mut out, true);
        join_equalities(&mut out);
        drop_bounds_implied_by_equalities(&mut out);
        match out.len() {
            0 => Pred::True,
            1 => out.pop().unwrap_or(Pred::True),
            _ => Pred::And(out),
        }
    }

    /// The disjunction, flattened, without `False`s and duplicates; `True` if one is.
    pub fn or(parts: Vec<Pred>) -> Pred {
        let Some(mut out) = flatten(parts, false) else { return Pred::True };
        keep_bounds(&mut out, false);
        match out.len() {
            0 => Pred::False,
            1 => out.pop().unwrap_or(Pred::False),
            _ => Pred::Or(out),
        }
    }

    /// The negation, in negation normal form (`¬(l <= 0)` is `-l + 1 <= 0`).
    pub fn negate(&self) -> Pred {
        match self {
            Pred::True => Pred::False,
            Pred::False => Pred::True,
            Pred::Atom(l, Rel::Le) => {
                let mut m = l.scale(&Integer::from(-1));
                m.constant += 1;
                Pred::atom(m, Rel::Le)
            }
            Pred::Atom(l, Rel::Eq) => Pred::atom(l.clone(), Rel::Ne),
            Pred::Atom(l, Rel::Ne) => Pred::atom(l.clone(), Rel::Eq),
            Pred::And(ps) => Pred::or(ps.iter().map(Pred::negate).collect()),
            Pred::Or(ps) => Pred::and(ps.iter().map(Pred::negate).collect()),
        }
    }

    /// The same formula over other variable numbers.
    pub fn rename(&self, map: &dyn Fn(usize) -> usize) -> Pred {
        match self {
            Pred::True | Pred::False => self.clone(),
            Pred::Atom(l, rel) => Pred::atom(l.rename(map), *rel),
            Pred::And(ps) => Pred::and(ps.iter().map(|p| p.rename(map)).collect()),
            Pred::Or(ps) => Pred::or(ps.iter().map(|p| p.rename(map)).collect()),
        }
    }

    /// The truth under a valuation; `None` when a variable that matters has no value.
    pub fn evaluate(&self, value: &dyn Fn(usize) -> Option<Integer>) -> Option<bool> {
        Some(match self {
            Pred::True => true,
            Pred::False => false,
            Pred::Atom(l, rel) => {
                let sum = l.evaluate(value)?;
                match rel {
                    Rel::Le => sum <= 0,
                    Rel::Eq => sum == 0,
                    Rel::Ne => sum != 0,
                }
            }
            Pred::And(ps) => {
                for q in ps {
                    if !q.evaluate(value)? {
                        return Some(false);
                    }
                }
                true
            }
            Pred::Or(ps) => {
                for q in ps {
                    if q.evaluate(value)? {
                        return Some(true);
                    }
                }
                false
            }
        })
    }

    /// The formula with each variable `v` for which `value(v)` is `Some(l)` replaced by `l`
    /// (the weakest precondition of a parallel assignment).
    pub fn substitute(&self, value: &dyn Fn(usize) -> Option<Linear>) -> Pred {
        match self {
            Pred::True | Pred::False => self.clone(),
            Pred::Atom(l, rel) => Pred::atom(l.substitute(value), *rel),
            Pred::And(ps) => Pred::and(ps.iter().map(|p| p.substitute(value)).collect()),
            Pred::Or(ps) => Pred::or(ps.iter().map(|p| p.substitute(value)).collect()),
        }
    }

    /// The top-level conjuncts (`True` has none).
    pub fn conjuncts(&self) -> Vec<Pred> {
        match self {
            Pred::True => Vec::new(),
            Pred::And(ps) => ps.clone(),
            other => vec![other.clone()],
        }
    }

    /// The variables that occur, ascending.
    pub fn variables(&self) -> Vec<usize> {
        let mut out = Vec::new();
        self.collect_variables(&mut out);
        out.sort_unstable();
        out.dedup();
        out
    }

    fn collect_variables(&self, out: &mut Vec<usize>) {
        match self {
            Pred::True | Pred::False => {}
            Pred::Atom(l, _) => out.extend(l.coefficients.keys().copied()),
            Pred::And(ps) | Pred::Or(ps) => ps.iter().for_each(|p| p.collect_variables(out)),
        }
    }

    /// The formula for the SMT core, each variable given by `var`.
    pub fn to_smt(&self, store: &mut TermStore, var: &dyn Fn(usize) -> smt::TermId) -> Formula {
        match self {
            Pred::True => Formula::True,
            Pred::False => Formula::False,
            Pred::Atom(l, rel) => {
                let t = l.to_smt(store, var);
                let zero = store.numeral(&Rational::new(), SortId::INT);
                match rel {
                    Rel::Le => Formula::Le(t, zero),
                    Rel::Eq => Formula::Eq(t, zero),
                    Rel::Ne => Formula::Not(Box::new(Formula::Eq(t, zero))),
                }
            }
            Pred::And(ps) => Formula::And(ps.iter().map(|p| p.to_smt(store, var)).collect()),
            Pred::Or(ps) => Formula::Or(ps.iter().map(|p| p.to_smt(store, var)).collect()),
        }
    }

    /// The disjunctive normal form as cases, each a conjunction of `l <= 0` and `l = 0`
    /// constraints (a disequality `l != 0` splits into `l + 1 <= 0` and `-l + 1 <= 0`), or
    /// `None` when there would be more than `limit` cases.
    pub fn cases(&self, limit: usize) -> Option<Vec<Vec<(Linear, Rel)>>> {
        match self {
            Pred::True => Some(vec![Vec::new()]),
            Pred::False => Some(Vec::new()),
            Pred::Atom(l, Rel::Ne) => {
                let below = Pred::lt(l, &Linear::default());
                let above = Pred::lt(&Linear::default(), l);
                Pred::or(vec![below, above]).cases(limit)
            }
            Pred::Atom(l, rel) => Some(vec![vec![(l.clone(), *rel)]]),
            Pred::Or(ps) => {
                let mut out = Vec::new();
                for p in ps {
                    out.extend(p.cases(limit)?);
                    if out.len() > limit {
                        return None;
                    }
                }
                Some(out)
            }
            Pred::And(ps) => {
                let mut out = vec![Vec::new()];
                for p in ps {
                    let cases = p.cases(limit)?;
                    let mut next = Vec::new();
                    for prefix in &out {
                        for case in &cases {
                            let mut joined: Vec<(Linear, Rel)> = prefix.clone();
                            joined.extend(case.iter().cloned());
                            next.push(joined);
                        }
                    }
                    if next.len() > limit {
                        return None;
                    }
                    out = next;
                }
                Some(out)
            }
        }
    }

    /// The formula with variable names, as a user reads it (`x <= y + 3`, `i = n`).
    pub fn show(&self, names: &dyn Fn(usize) -> String) -> String {
        match self {
            Pred::True => "True".into(),
            Pred::False => "False".into(),
            Pred::Atom(l, rel) => {
                let (mut left, mut right) = (Vec::new(), Vec::new());
                for (v, c) in &l.coefficients {
                    if *c > 0 {
                        left.push((names(*v), c.clone()));
                    } else {
                        right.push((names(*v), Integer::from(-c)));
                    }
                }
                let mut constant = Integer::from(-&l.constant);
                // Keep the constant on the side that has no variables when one is empty.
                let mut left_constant = Integer::new();
                if right.is_empty() && !left.is_empty() {
                    // `x + 3 <= 0` reads `x <= -3`.
                } else if left.is_empty() {
                    left_constant = -constant;
                    constant = Integer::new();
                }
                let op = match rel {
                    Rel::Le => "<=",
                    Rel::Eq => "=",
                    Rel::Ne => "!=",
                };
                format!(
                    "{} {op} {}",
                    Linear::show_sum(&left, &left_constant),
                    Linear::show_sum(&right, &constant)
                )
            }
            Pred::And(ps) => {
                let parts: Vec<String> = ps.iter().map(|p| p.show_nested(names)).collect();
                parts.join(" & ")
            }
            Pred::Or(ps) => {
                let parts: Vec<String> = ps.iter().map(|p| p.show_nested(names)).collect();
                parts.join(" | ")
            }
        }
    }

    fn show_nested(&self, names: &dyn Fn(usize) -> String) -> String {
        match self {
            Pred::And(_) | Pred::Or(_) => format!("({})", self.show(names)),
            _ => self.show(names),
        }
    }
}

/// The operands of a conjunction (`conjunction`) or a disjunction, nested ones of the same
/// connective flattened in, without its unit (`True` for `&`, `False` for `|`) and without
/// duplicates, in order; `None` when its absorbing element is among them.
fn flatten(parts: Vec<Pred>, conjunction: bool) -> Option<Vec<Pred>> {
    let mut out: Vec<Pred> = Vec::new();
    let mut push = |q: Pred| {
        if !out.contains(&q) {
            out.push(q);
        }
    };
    for p in parts {
        match (p, conjunction) {
            (Pred::True, true) | (Pred::False, false) => {}
            (Pred::False, true) | (Pred::True, false) => return None,
            (Pred::And(qs), true) | (Pred::Or(qs), false) => qs.into_iter().for_each(&mut push),
            (other, _) => push(other),
        }
    }
    Some(out)
}

/// Of bounds `l + c <= 0` with the same variable part, a conjunction needs only the strongest
/// (largest `c`) and a disjunction only the weakest (smallest `c`).
fn keep_bounds(parts: &mut Vec<Pred>, strongest: bool) {
    let mut k = 0;
    while k < parts.len() {
        let redundant = match &parts[k] {
            Pred::Atom(l, Rel::Le) => parts.iter().enumerate().any(|(j, q)| match q {
                Pred::Atom(m, Rel::Le) if j != k && m.coefficients == l.coefficients => {
                    let better =
                        if strongest { m.constant > l.constant } else { m.constant < l.constant };
                    better || (m.constant == l.constant && j < k)
                }
                _ => false,
            }),
            _ => false,
        };
        if redundant {
            parts.remove(k);
        } else {
            k += 1;
        }
    }
}

/// Two opposite bounds `l <= 0` and `-l <= 0` in a conjunction are the equality `l = 0`.
fn join_equalities(parts: &mut Vec<Pred>) {
    let mut k = 0;
    while k < parts.len() {
        if let Pred::Atom(l, Rel::Le) = &parts[k] {
            let opposite = Pred::Atom(l.scale(&Integer::from(-1)), Rel::Le);
            if let Some(j) = parts.iter().position(|q| *q == opposite) {
                let equality = Pred::atom(l.clone(), Rel::Eq);
                let (first, second) = (k.min(j), k.max(j));
                parts.remove(second);
                // The equality may be a conjunct already: keep it once.
                if parts.contains(&equality) {
                    parts.remove(first);
                    k = first;
                    continue;
                }
                parts[first] = equality;
                k = first + 1;
                continue;
            }
        }
        k += 1;
    }
}

/// A bound `l <= 0` next to an equality `e = 0` over the same variables (`l` is `e` or `-e`
/// plus a constant `d`, both being in canonical form) says `d <= 0`: when that holds the bound
/// adds nothing to the conjunction, and it is dropped so labels read as what they say
/// (`2*i = c`, not `2*i <= c & 2*i = c`).
fn drop_bounds_implied_by_equalities(parts: &mut Vec<Pred>) {
    let equalities: Vec<Linear> = parts
        .iter()
        .filter_map(|p| match p {
            Pred::Atom(e, Rel::Eq) => Some(e.clone()),
            _ => None,
        })
        .collect();
    if equalities.is_empty() {
        return;
    }
    parts.retain(|p| {
        let Pred::Atom(l, Rel::Le) = p else { return true };
        !equalities.iter().any(|e| {
            let minus_e = e.scale(&Integer::from(-1));
            [e, &minus_e].into_iter().any(|f| {
                f.coefficients == l.coefficients && Integer::from(&l.constant - &f.constant) <= 0
            })
        })
    });
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
    fn opposite_bounds_beside_their_equality_leave_it_once() {
        let y = Linear::variable(1);
        let equal = Pred::eq(&x(), &y);
        let joined = Pred::and(vec![equal.clone(), Pred::le(&x(), &y), Pred::le(&y, &x())]);
        assert_eq!(joined, equal);
        let bounds = Pred::and(vec![Pred::le(&x(), &n(3)), Pred::le(&n(3), &x())]);
        assert_eq!(bounds.show(&name), "x = 3");
    }

    #[test]
    fn strict_bounds_become_rounded_non_strict_ones() {
        // 2x < 3 ⇔ 2x <= 2 ⇔ x <= 1.
        let two_x = x().scale(&Integer::from(2));
        assert_eq!(Pred::lt(&two_x, &n(3)).show(&name), "x <= 1");
        // 2x = 3 has no integer solution; 2x != 3 always holds.
        assert_eq!(Pred::eq(&two_x, &n(3)), Pred::False);
        assert_eq!(Pred::atom(two_x.add_scaled(&n(-3), &Integer::from(1)), Rel::Ne), Pred::True);
    }

    #[test]
    fn negation_is_exact_over_the_integers() {
        let p = Pred::le(&x(), &Linear::variable(1));
        assert_eq!(p.show(&name), "x <= y");
        assert_eq!(p.negate().show(&name), "y <= x - 1");
        assert_eq!(p.negate().negate(), p);
    }

    #[test]
    fn a_disequality_splits_into_two_cases() {
        let p = Pred::and(vec![Pred::atom(x(), Rel::Ne), Pred::le(&x(), &n(5))]);
        let cases = p.cases(8).expect("few cases");
        assert_eq!(cases.len(), 2);
        assert!(p.cases(1).is_none());
    }

    #[test]
    fn opposite_bounds_join_into_an_equality_and_weaker_bounds_drop() {
        let y = Linear::variable(1);
        let p = Pred::and(vec![Pred::le(&x(), &y), Pred::le(&y, &x())]);
        assert_eq!(p.show(&name), "x = y");
        let q = Pred::and(vec![Pred::le(&x(), &n(3)), Pred::le(&x(), &n(5))]);
        assert_eq!(q.show(&name), "x <= 3");
        let r = Pred::or(vec![Pred::le(&x(), &n(3)), Pred::le(&x(), &n(5))]);
        assert_eq!(r.show(&name), "x <= 5");
    }

    #[test]
    fn bounds_an_equality_implies_drop_and_the_others_stay() {
        let y = Linear::variable(1);
        let two_x = x().scale(&Integer::from(2));
        // 2x = y makes 2x <= y and y <= 2x + 1 redundant, but not y <= 2x - 1 (a contradiction,
        // kept for the solver to see) nor bounds over other variables.
        let p = Pred::and(vec![
            Pred::le(&two_x, &y),
            Pred::eq(&two_x, &y),
            Pred::le(&y, &two_x.add_scaled(&n(1), &Integer::from(1))),
            Pred::le(&x(), &n(4)),
        ]);
        assert_eq!(p.show(&name), "2*x = y & x <= 4");
        let contradiction = Pred::and(vec![
            Pred::eq(&two_x, &y),
            Pred::le(&y, &two_x.add_scaled(&n(1), &Integer::from(-1))),
        ]);
        assert_eq!(contradiction.conjuncts().len(), 2);
    }
}

//! Karr's domain of affine equalities (Karr, Acta Informatica 1976): the linear equations
//! with rational coefficients that hold between the variables, kept as a system in reduced
//! row echelon form.
//!
//! The set of affine functionals vanishing on a non-empty affine space is exactly the span of
//! the equations that define it, so the join of two spaces (the smallest affine space holding
//! both) is defined by the intersection of the two row spaces, which Zassenhaus' algorithm
//! computes by one elimination. An assignment that is not invertible (`x := 3`) is a
//! projection, done by eliminating `x` between the equations; every assignment is done through
//! fresh columns so that parallel assignments (`x, y := y, x`) need no case of their own.
//! Chains are finite (each strict step loses an equation), so no widening is needed.

use std::collections::{BTreeMap, BTreeSet};

use rug::{Integer, Rational};

use super::AbstractState;
use crate::refine::flat::Action;
use crate::refine::formula::{Linear, Pred, Rel};

/// `Σ coefficient · variable + constant = 0`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Equation {
    coefficients: BTreeMap<usize, Rational>,
    constant: Rational,
}

impl Equation {
    fn of_linear(l: &Linear) -> Equation {
        Equation {
            coefficients: l.coefficients.iter().map(|(v, c)| (*v, Rational::from(c))).collect(),
            constant: Rational::from(&l.constant),
        }
    }

    /// `self + factor · other`.
    fn add_scaled(&mut self, other: &Equation, factor: &Rational) {
        for (v, c) in &other.coefficients {
            let entry = self.coefficients.entry(*v).or_default();
            *entry += Rational::from(c * factor);
            if *entry == 0 {
                self.coefficients.remove(v);
            }
        }
        self.constant += Rational::from(&other.constant * factor);
    }

    /// The same equation over integers: scaled by the denominators' least common multiple.
    fn to_linear(&self) -> Linear {
        let mut lcm = Integer::from(self.constant.denom());
        for c in self.coefficients.values() {
            lcm.lcm_mut(c.denom());
        }
        let scale = |q: &Rational| -> Integer { q.numer() * Integer::from(&lcm / q.denom()) };
        Linear {
            coefficients: self.coefficients.iter().map(|(v, c)| (*v, scale(c))).collect(),
            constant: scale(&self.constant),
        }
    }
}

/// A system of affine equations in reduced row echelon form: each equation's first variable
/// (its pivot) has coefficient 1 and occurs in no other equation; equations are ordered by
/// pivot. That form is unique for the space, so equal spaces compare equal.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Equalities {
    equations: Vec<Equation>,
}

/// The first column of the fresh ones an assignment goes through (far above any variable).
const FRESH: usize = 1 << 40;

impl Equalities {
    /// The system's reduced row echelon form; `None` when it has no solution.
    fn reduced(equations: Vec<Equation>) -> Option<Equalities> {
        let mut rows: Vec<Equation> = equations
            .into_iter()
            .filter(|e| !e.coefficients.is_empty() || e.constant != 0)
            .collect();
        let columns: BTreeSet<usize> =
            rows.iter().flat_map(|e| e.coefficients.keys().copied()).collect();
        let mut done = 0;
        for column in columns {
            let Some(found) =
                (done..rows.len()).find(|&r| rows[r].coefficients.contains_key(&column))
            else {
                continue;
            };
            rows.swap(done, found);
            let lead = rows[done].coefficients[&column].clone();
            let inverse = Rational::from(1) / lead;
            let mut pivot = rows[done].clone();
            for c in pivot.coefficients.values_mut() {
                *c *= &inverse;
            }
            pivot.constant *= &inverse;
            for (r, row) in rows.iter_mut().enumerate() {
                if r != done
                    && let Some(c) = row.coefficients.get(&column).cloned()
                {
                    row.add_scaled(&pivot, &-c);
                }
            }
            rows[done] = pivot;
            done += 1;
        }
        // What is left has no variable: `0 = c` with `c` nonzero is a contradiction.
        if rows[done..].iter().any(|e| e.constant != 0) {
            return None;
        }
        rows.truncate(done);
        Some(Equalities { equations: rows })
    }

    /// The space with `x` unconstrained (projected out).
    fn forget(&self, x: usize) -> Equalities {
        let Some(k) = self.equations.iter().position(|e| e.coefficients.contains_key(&x)) else {
            return self.clone();
        };
        let eliminator = self.equations[k].clone();
        let lead = eliminator.coefficients[&x].clone();
        let mut rest = Vec::new();
        for (i, e) in self.equations.iter().enumerate() {
            if i == k {
                continue;
            }
            let mut e = e.clone();
            if let Some(c) = e.coefficients.get(&x).cloned() {
                e.add_scaled(&eliminator, &-(c / &lead));
            }
            rest.push(e);
        }
        Equalities::reduced(rest).expect("a projection of a consistent system is consistent")
    }

    /// The states of `self` where `p` holds, over-approximated: the equations `p` states
    /// outright, a disequality that the equations contradict as no state, and a disjunction as
    /// the join of its disjuncts' (so that `i != k | r = v`, where the equations say `i = k`,
    /// gives `r = v`: how an array element read from a cell reaches the equalities).
    fn assume(&self, p: &Pred) -> Option<Equalities> {
        match p {
            Pred::False => None,
            Pred::Atom(l, Rel::Ne) => (!self.implies_zero(l)).then(|| self.clone()),
            Pred::Or(disjuncts) => {
                let mut out: Option<Equalities> = None;
                for d in disjuncts {
                    if let Some(state) = self.assume(d) {
                        out = Some(match out {
                            Some(o) => o.join(&state),
                            None => state,
                        });
                    }
                }
                out
            }
            _ => {
                let mut equations = self.equations.clone();
                Equalities::stated_equations(p, &mut equations);
                let mut state = Equalities::reduced(equations)?;
                if let Pred::And(parts) = p {
                    for q in parts {
                        if matches!(q, Pred::Or(_) | Pred::Atom(_, Rel::Ne)) {
                            state = state.assume(q)?;
                        }
                    }
                }
                Some(state)
            }
        }
    }

    /// Whether the equations imply `l = 0`: `l` reduced by the pivots is the constant 0.
    fn implies_zero(&self, l: &Linear) -> bool {
        let mut e = Equation::of_linear(l);
        for row in &self.equations {
            let Some((pivot, _)) = row.coefficients.iter().next() else { continue };
            if let Some(c) = e.coefficients.get(pivot).cloned() {
                e.add_scaled(row, &-c);
            }
        }
        e.coefficients.is_empty() && e.constant == 0
    }

    /// The equations a condition states outright: its equalities, and pairs of bounds
    /// `l <= 0`, `-l <= 0` among its conjuncts. Other conditions give none (sound: the domain
    /// may keep more states than the condition allows).
    fn stated_equations(p: &Pred, out: &mut Vec<Equation>) {
        match p {
            Pred::Atom(l, Rel::Eq) => out.push(Equation::of_linear(l)),
            Pred::And(ps) => {
                for q in ps {
                    Equalities::stated_equations(q, out);
                }
                for (i, a) in ps.iter().enumerate() {
                    if let Pred::Atom(l, Rel::Le) = a {
                        let opposite = Pred::Atom(l.scale(&Integer::from(-1)), Rel::Le);
                        if ps[i + 1..].contains(&opposite) {
                            out.push(Equation::of_linear(l));
                        }
                    }
                }
            }
            _ => {}
        }
    }

    fn rename_fresh(&self, back: &BTreeMap<usize, usize>) -> Equalities {
        let equations = self
            .equations
            .iter()
            .map(|e| Equation {
                coefficients: e
                    .coefficients
                    .iter()
                    .map(|(v, c)| (back.get(v).copied().unwrap_or(*v), c.clone()))
                    .collect(),
                constant: e.constant.clone(),
            })
            .collect();
        Equalities::reduced(equations).expect("renaming keeps a system consistent")
    }
}

impl AbstractState for Equalities {
    type Context = ();

    fn top(_variables: usize) -> Equalities {
        Equalities::default()
    }

    fn join(&self, other: &Equalities) -> Equalities {
        if self.equations.is_empty() || other.equations.is_empty() {
            return Equalities::default();
        }
        // Zassenhaus: rows (u | u) for self's equations and (w | 0) for other's; after
        // elimination on the left half, the rows whose left half is zero carry, in their right
        // half, a basis of the intersection of the two row spaces. Columns: the variables,
        // then the constant, on each side.
        let variables: Vec<usize> = self
            .equations
            .iter()
            .chain(&other.equations)
            .flat_map(|e| e.coefficients.keys().copied())
            .collect::<BTreeSet<usize>>()
            .into_iter()
            .collect();
        let width = variables.len() + 1;
        let dense = |e: &Equation| -> Vec<Rational> {
            let mut row = vec![Rational::new(); width];
            for (i, v) in variables.iter().enumerate() {
                if let Some(c) = e.coefficients.get(v) {
                    row[i] = c.clone();
                }
            }
            row[width - 1] = e.constant.clone();
            row
        };
        let mut rows: Vec<Vec<Rational>> = Vec::new();
        for e in &self.equations {
            let d = dense(e);
            rows.push(d.iter().chain(&d).cloned().collect());
        }
        for e in &other.equations {
            let d = dense(e);
            rows.push(d.into_iter().chain(std::iter::repeat_n(Rational::new(), width)).collect());
        }
        let mut done = 0;
        for column in 0..width {
            let Some(found) = (done..rows.len()).find(|&r| rows[r][column] != 0) else {
                continue;
            };
            rows.swap(done, found);
            let pivot = rows[done].clone();
            for row in rows.iter_mut().skip(done + 1) {
                if row[column] != 0 {
                    let factor = Rational::from(&row[column] / &pivot[column]);
                    for (cell, p) in row.iter_mut().zip(&pivot) {
                        *cell -= Rational::from(&factor * p);
                    }
                }
            }
            done += 1;
        }
        let shared: Vec<Equation> = rows[done..]
            .iter()
            .map(|row| Equation {
                coefficients: variables
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| row[width + i] != 0)
                    .map(|(i, v)| (*v, row[width + i].clone()))
                    .collect(),
                constant: row[2 * width - 1].clone(),
            })
            .collect();
        Equalities::reduced(shared).expect("equations both consistent systems imply are consistent")
    }

    fn widen(&self, next: &Equalities, _context: &()) -> Equalities {
        // Finite chains: the join is enough.
        self.join(next)
    }

    /// Each disjunct of a condition is a join, about a pass of elimination over a matrix of
    /// a row and a column per variable; an assignment or input is one such pass.
    fn cost(action: &Action, variables: usize) -> u64 {
        let size = match action {
            Action::Assume(p) => p.size(),
            Action::Assign(_) | Action::Input(_) => 1,
        };
        let n = variables.max(1) as u64;
        (size as u64).saturating_mul(n).saturating_mul(n)
    }

    fn post(&self, action: &Action) -> Option<Equalities> {
        match action {
            Action::Assume(p) => self.assume(p),
            Action::Assign(pairs) => {
                // x := l for each pair at once: fresh column t = l (over the old values), the
                // old x forgotten, t renamed x.
                let mut equations = self.equations.clone();
                let mut back = BTreeMap::new();
                for (k, (x, value)) in pairs.iter().enumerate() {
                    if let Some(l) = value {
                        let mut e = Equation::of_linear(&l.scale(&Integer::from(-1)));
                        e.coefficients.insert(FRESH + k, Rational::from(1));
                        equations.push(e);
                        back.insert(FRESH + k, *x);
                    }
                }
                let mut out = Equalities::reduced(equations).expect("fresh columns are free");
                for (x, _) in pairs {
                    out = out.forget(*x);
                }
                Some(out.rename_fresh(&back))
            }
            Action::Input(vars) => {
                let mut out = self.clone();
                for x in vars.iter().flatten() {
                    out = out.forget(*x);
                }
                Some(out)
            }
        }
    }

    fn to_pred(&self) -> Pred {
        Pred::and(self.equations.iter().map(|e| Pred::atom(e.to_linear(), Rel::Eq)).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn var(v: usize) -> Linear {
        Linear::variable(v)
    }
    fn n(k: i64) -> Linear {
        Linear::constant(Integer::from(k))
    }
    fn assign(pairs: Vec<(usize, Linear)>) -> Action {
        Action::Assign(pairs.into_iter().map(|(x, l)| (x, Some(l))).collect())
    }
    fn show(e: &Equalities) -> String {
        e.to_pred().show(&|v| ["i", "s", "t"][v].to_string())
    }

    #[test]
    fn a_loop_adding_two_keeps_s_twice_i() {
        // i := 0; s := 0; then the body i := i + 1; s := s + 2, joined at the head.
        let start = Equalities::top(2).post(&assign(vec![(0, n(0)), (1, n(0))])).expect("state");
        assert_eq!(show(&start), "i = 0 & s = 0");
        let once = start
            .post(&assign(vec![(0, var(0).add_scaled(&n(1), &1.into()))]))
            .and_then(|s| s.post(&assign(vec![(1, var(1).add_scaled(&n(2), &1.into()))])))
            .expect("state");
        let head = start.join(&once);
        assert_eq!(show(&head), "2*i = s");
        assert_eq!(head.join(&head), head);
    }

    #[test]
    fn a_swap_is_a_parallel_assignment_and_a_contradiction_is_bottom() {
        let s = Equalities::top(3)
            .post(&Action::Assume(Pred::eq(&var(0), &n(1))))
            .and_then(|s| s.post(&Action::Assume(Pred::eq(&var(1), &n(2)))))
            .expect("state");
        let swapped = s.post(&assign(vec![(0, var(1)), (1, var(0))])).expect("state");
        assert_eq!(show(&swapped), "i = 2 & s = 1");
        assert!(swapped.post(&Action::Assume(Pred::eq(&var(0), &var(1)))).is_none());
        let forgot = swapped.post(&Action::Input(vec![Some(0)])).expect("state");
        assert_eq!(show(&forgot), "s = 1");
    }
}

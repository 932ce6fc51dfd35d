//! Path formulas in static single assignment form, their satisfiability by the SMT core, and
//! their sequence interpolants.
//!
//! A path of the inlined graph becomes one formula per edge over SSA variables (a program
//! variable and a version; every assignment and input makes a new version). The SMT core
//! decides the conjunction; a model gives the inputs, an unsatisfiable core the conjuncts that
//! matter. Interpolation keeps only those conjuncts (a weaker path, so its interpolants serve
//! the real one), drops the edges left empty (their interpolants are their neighbours'), splits
//! disjunctions and disequalities into cases (`x != 0` is `x < 0` or `x > 0`), asks
//! [`smt::linear::linear_sequence_interpolants`] for each case's checked interpolants, and combines
//! them per cut as the disjunction over the choices before the cut of the conjunction over the
//! choices after it. That combination is an interpolant of the whole path at every cut, and
//! consecutive ones chain (`I_i ∧ edge_i ⇒ I_{i+1}`), because for each prefix choice the
//! chained per-case sequences line up.

use super::RefineError;
use std::collections::{BTreeMap, BTreeSet};

use rug::{Integer, Rational};

use super::flat::{Action, Flat};
use super::formula::{Linear, Pred, Rel};
use crate::smt::linear::{
    LinearConstraint, LinearForm, LinearInterpolationError, Relation, integer_split,
    linear_sequence_interpolants,
};
use crate::smt::{self, Answer, Deadline, SmtStats, SortId, TermStore};

/// A path's formula in SSA form.
#[derive(Clone, Debug)]
pub struct PathFormula {
    /// One formula per edge, over SSA variables.
    pub parts: Vec<Pred>,
    /// The SSA variables: (program variable, version).
    pub ssa: Vec<(usize, u32)>,
    /// At each cut `0..=n` (before edge `i`), the SSA variable of each program variable.
    pub current: Vec<Vec<usize>>,
    /// The SSA variable of each input read along the path, in order (`None` for an input into
    /// an untracked variable).
    pub inputs: Vec<Option<usize>>,
}

impl PathFormula {
    /// The formula of the path through `edges` (indices into the graph's edges).
    pub fn encode(flat: &Flat, edges: &[usize]) -> PathFormula {
        let count = flat.variables.len();
        let mut ssa: Vec<(usize, u32)> = (0..count).map(|v| (v, 0)).collect();
        let mut current: Vec<usize> = (0..count).collect();
        let mut versions = vec![0u32; count];
        let mut out = PathFormula {
            parts: Vec::new(),
            ssa: Vec::new(),
            current: vec![current.clone()],
            inputs: Vec::new(),
        };
        let mut fresh = |x: usize, current: &mut Vec<usize>| {
            versions[x] += 1;
            ssa.push((x, versions[x]));
            current[x] = ssa.len() - 1;
        };
        for &e in edges {
            let part = match &flat.edges[e].action {
                Action::Assume(p) => {
                    let now = current.clone();
                    p.rename(&|v| now[v])
                }
                Action::Assign(pairs) => {
                    let old = current.clone();
                    let mut constraints = Vec::new();
                    for (x, value) in pairs {
                        fresh(*x, &mut current);
                        if let Some(l) = value {
                            let new = Linear::variable(current[*x]);
                            constraints.push(Pred::eq(&new, &l.rename(&|v| old[v])));
                        }
                    }
                    Pred::and(constraints)
                }
                Action::Input(vars) => {
                    for x in vars {
                        match x {
                            Some(x) => {
                                fresh(*x, &mut current);
                                out.inputs.push(Some(current[*x]));
                            }
                            None => out.inputs.push(None),
                        }
                    }
                    Pred::True
                }
            };
            out.parts.push(part);
            out.current.push(current.clone());
        }
        out.ssa = ssa;
        out
    }

    /// How an SSA variable reads: `x@2` for version 2 of `x`.
    pub fn ssa_name(&self, flat: &Flat, s: usize) -> String {
        let (v, version) = self.ssa[s];
        format!("{}@{version}", flat.variable_name(v))
    }
}

/// What the SMT core says of a conjunction.
pub enum Solved {
    /// Satisfiable: a value per variable (0 for those no assertion mentions).
    Sat(Vec<Integer>),
    /// Unsatisfiable: the indices of the assertions the refutation used, ascending.
    Unsat(Vec<usize>),
}

/// Decides the conjunction of `assertions` over `variables` integer variables, each assertion
/// tracked so that a refutation names the ones it used. Errors are the SMT core's reasons
/// (incomplete, internal check failures) in words. No deadline: its callers ask small
/// questions (certificates, predicate abstraction's cubes); a run's paths go through
/// [`solve_within`] with the run's deadline.
pub fn solve(
    variables: usize,
    assertions: &[Pred],
    stats: &mut SmtStats,
) -> Result<Solved, RefineError> {
    solve_within(variables, assertions, stats, smt::MAX_SPLITS, &Deadline::none())
}

/// [`solve`] with at most `max_splits` branch-and-bound splits (an optional question gives up
/// early: [`RefineError::Incomplete`]), stopped when `deadline` passes
/// ([`RefineError::Interrupted`]).
pub fn solve_within(
    variables: usize,
    assertions: &[Pred],
    stats: &mut SmtStats,
    max_splits: u64,
    deadline: &Deadline,
) -> Result<Solved, RefineError> {
    decide(variables, assertions, stats, max_splits, true, deadline)
}

/// [`solve_within`], the constants an assertion fixes put into the later ones first when
/// `propagate` (see [`propagate_constants`]). Without it the core is the SMT core's own:
/// interpolation wants that one, since the core closed under the constants' sources may take
/// in the disjunctions that fixed them, each a case split more.
fn decide(
    variables: usize,
    assertions: &[Pred],
    stats: &mut SmtStats,
    max_splits: u64,
    propagate: bool,
    deadline: &Deadline,
) -> Result<Solved, RefineError> {
    let (simplified, depends);
    let assertions = if propagate {
        (simplified, depends) = propagate_constants(assertions);
        &simplified[..]
    } else {
        depends = vec![BTreeSet::new(); assertions.len()];
        assertions
    };
    let mut store = TermStore::new();
    let mut used: Vec<usize> = assertions.iter().flat_map(|p| p.variables()).collect();
    used.sort_unstable();
    used.dedup();
    let mut terms: BTreeMap<usize, smt::TermId> = BTreeMap::new();
    for &v in &used {
        let f = store.declare_fun(&format!("v{v}"), Vec::new(), SortId::INT, false);
        terms.insert(v, store.apply(f, Vec::new()));
    }
    let var = |v: usize| terms[&v];
    let formulas: Vec<smt::Formula> =
        assertions.iter().map(|p| p.to_smt(&mut store, &var)).collect();
    let tracked = vec![true; formulas.len()];
    match smt::check_within(&store, &formulas, &tracked, stats, max_splits, deadline)?.0 {
        Answer::Sat(model) => {
            let mut values = vec![Integer::new(); variables];
            for (&v, &t) in &terms {
                let q = model.number(&store, t);
                if *q.denom() != 1 {
                    return Err(RefineError::Internal(format!(
                        "the model gives a non-integer value {q}"
                    )));
                }
                if v < values.len() {
                    values[v] = q.numer().clone();
                }
            }
            Ok(Solved::Sat(values))
        }
        Answer::Unsat { core } => {
            // A simplified assertion holds given its original and those that fixed the
            // constants put into it: the core is closed under them.
            let mut closed: BTreeSet<usize> = core.iter().copied().collect();
            for k in core {
                closed.extend(depends[k].iter().copied());
            }
            Ok(Solved::Unsat(closed.into_iter().collect()))
        }
    }
}

/// The assertions with every variable an earlier assertion fixes to a constant (a top-level
/// conjunct `a·x + c = 0`) replaced by that constant, and per assertion the earlier ones whose
/// constants it took, transitively. A path's formula fixes most of its variables this way (the
/// addresses of objects, the keys of the memory's cells), and substituting them decides most
/// of its disjunctions before the SMT core sees them. The conjunction is equivalent: each
/// defining conjunct is kept as it is (its own variable is not yet known when it is read).
fn propagate_constants(assertions: &[Pred]) -> (Vec<Pred>, Vec<BTreeSet<usize>>) {
    let mut known: BTreeMap<usize, (Integer, BTreeSet<usize>)> = BTreeMap::new();
    let mut simplified = Vec::with_capacity(assertions.len());
    let mut depends = Vec::with_capacity(assertions.len());
    for (i, a) in assertions.iter().enumerate() {
        let mut used = BTreeSet::new();
        for v in a.variables() {
            if let Some((_, from)) = known.get(&v) {
                used.extend(from.iter().copied());
            }
        }
        let p = if used.is_empty() {
            a.clone()
        } else {
            a.substitute(&|v| known.get(&v).map(|(c, _)| Linear::constant(c.clone())))
        };
        for c in p.conjuncts() {
            let Pred::Atom(l, Rel::Eq) = &c else { continue };
            if l.coefficients.len() != 1 {
                continue;
            }
            let Some((&x, a)) = l.coefficients.iter().next() else { continue };
            if known.contains_key(&x) || !l.constant.is_divisible(a) {
                continue;
            }
            let value = Integer::from(-&l.constant) / a;
            let mut from = used.clone();
            from.insert(i);
            known.insert(x, (value, from));
        }
        simplified.push(p);
        depends.push(used);
    }
    (simplified, depends)
}

/// Whether `a ⇒ b` over `variables` integer variables (no deadline, as [`solve`]: labels and
/// invariants, small and remembered by the engines).
pub fn implies(
    variables: usize,
    a: &Pred,
    b: &Pred,
    stats: &mut SmtStats,
) -> Result<bool, RefineError> {
    if *b == Pred::True || *a == Pred::False || a == b {
        return Ok(true);
    }
    let (ca, cb) = (a.conjuncts(), b.conjuncts());
    if !cb.is_empty() && cb.iter().all(|c| ca.contains(c)) {
        return Ok(true);
    }
    Ok(matches!(solve(variables, &[a.clone(), b.negate()], stats)?, Solved::Unsat(_)))
}

/// At most this many cases (choices among disjuncts) per interpolation.
const MAX_CASES: usize = 256;

/// At most this many integer splits per interpolation case by case, over all its cases.
const MAX_INTEGER_SPLITS: usize = 32;

/// The interpolant at every cut `1..n` of an infeasible path of `n` edges (the last one is
/// `False`), over program variables: the label the node after edge `i - 1` must imply.
pub fn interpolate(
    flat: &Flat,
    path: &PathFormula,
    stats: &mut SmtStats,
    deadline: &Deadline,
) -> Result<Vec<Pred>, RefineError> {
    let n = path.parts.len();
    // Keep the conjuncts the refutation used.
    let mut conjuncts = Vec::new();
    let mut owner = Vec::new();
    for (i, part) in path.parts.iter().enumerate() {
        if *part == Pred::False {
            conjuncts.push(Pred::False);
            owner.push(i);
            continue;
        }
        for c in part.conjuncts() {
            conjuncts.push(c);
            owner.push(i);
        }
    }
    let core = match decide(path.ssa.len(), &conjuncts, stats, smt::MAX_SPLITS, false, deadline)? {
        Solved::Sat(_) => return Err(RefineError::Internal("the path is feasible".into())),
        Solved::Unsat(core) => core,
    };
    let mut kept: Vec<Vec<Pred>> = vec![Vec::new(); n];
    for k in core {
        kept[owner[k]].push(conjuncts[k].clone());
    }
    let reduced: Vec<(usize, Pred)> = kept
        .into_iter()
        .enumerate()
        .map(|(i, cs)| (i, Pred::and(cs)))
        .filter(|(_, p)| *p != Pred::True)
        .collect();
    // The interpolant after compressed part j (0 = before all, m = after all). A path whose
    // infeasibility is integral (a quotient and remainder by a constant, as machine integers
    // and addresses bring, are satisfiable over the rationals) is split over the integers
    // case by case, with a few splits (a quotient by a constant is settled by one or two);
    // where that is not enough, the SMT core's branch and bound over the whole path,
    // disjunctions and all, takes over.
    let compressed = match interpolate_compressed(path, &reduced, MAX_INTEGER_SPLITS, deadline) {
        Ok(compressed) => compressed,
        Err(RefineError::Unsupported(reason)) => interpolate_integral(path, &reduced, deadline)?
            .map_err(|e| RefineError::Unsupported(format!("{reason}; over the integers: {e}")))?,
        Err(e) => return Err(e),
    };
    let mut out = Vec::new();
    for cut in 1..=n {
        let before = reduced.iter().filter(|(i, _)| *i < cut).count();
        out.push(match before {
            0 => Pred::True,
            b if b == reduced.len() => Pred::False,
            b => compressed[b - 1].clone(),
        });
    }
    // Back to program variables: the SSA variables of an interpolant at a cut are the current
    // versions there.
    let mut result = Vec::new();
    for (k, p) in out.into_iter().enumerate() {
        let cut = k + 1;
        let ok = std::cell::Cell::new(true);
        let renamed = p.rename(&|s| {
            let (v, _) = path.ssa[s];
            if path.current[cut][v] != s {
                ok.set(false);
            }
            v
        });
        if !ok.get() {
            return Err(RefineError::Internal(format!(
                "an interpolant at cut {cut} names a variable that is not current \
                 there: {}",
                p.show(&|s| path.ssa_name(flat, s))
            )));
        }
        result.push(renamed);
    }
    Ok(result)
}

/// Interpolants at the cuts between the non-empty parts (`m - 1` of them for `m` parts), case
/// by case, each case over the rationals or with at most `integer_splits` splits over the
/// integers in all ([`case_interpolants`]).
fn interpolate_compressed(
    path: &PathFormula,
    parts: &[(usize, Pred)],
    integer_splits: usize,
    deadline: &Deadline,
) -> Result<Vec<Pred>, RefineError> {
    let m = parts.len();
    if m <= 1 {
        return Ok(Vec::new());
    }
    let mut cases_per_part = Vec::new();
    let mut total = 1usize;
    for (_, p) in parts {
        let cases = p.cases(MAX_CASES).ok_or_else(|| {
            RefineError::Unsupported(format!(
                "a path needs more than {MAX_CASES} case splits (disjunctions, disequalities)"
            ))
        })?;
        total = total.saturating_mul(cases.len().max(1));
        if total > MAX_CASES {
            return Err(RefineError::Unsupported(format!(
                "a path needs more than {MAX_CASES} case splits (disjunctions, disequalities)"
            )));
        }
        cases_per_part.push(cases);
    }
    if cases_per_part.iter().any(Vec::is_empty) {
        // A part is unsatisfiable by itself: True before it, False after it.
        let first = cases_per_part.iter().position(Vec::is_empty).unwrap_or(0);
        return Ok((1..m).map(|cut| if cut <= first { Pred::True } else { Pred::False }).collect());
    }
    let (store, terms, back) = ssa_store(path);
    // Every choice vector, in lexicographic order.
    let mut choices: Vec<Vec<usize>> = vec![Vec::new()];
    for cases in &cases_per_part {
        let mut next = Vec::new();
        for prefix in &choices {
            for k in 0..cases.len() {
                let mut c = prefix.clone();
                c.push(k);
                next.push(c);
            }
        }
        choices = next;
    }
    // Per cut, per prefix choice, the interpolants of the cases with that prefix.
    let mut per_cut: Vec<BTreeMap<Vec<usize>, Vec<Pred>>> = vec![BTreeMap::new(); m - 1];
    let mut splits_left = integer_splits;
    for choice in &choices {
        if deadline.passed() {
            return Err(RefineError::Interrupted);
        }
        let linear_parts: Vec<Vec<LinearConstraint>> = choice
            .iter()
            .enumerate()
            .map(|(j, &k)| {
                cases_per_part[j][k].iter().map(|(l, rel)| constraint(l, *rel, &terms)).collect()
            })
            .collect();
        let before = splits_left;
        let interpolants =
            case_interpolants(&store, &linear_parts, &back, &mut splits_left, deadline)?;
        if splits_left != before {
            // Combined from several refutations: checked as a sequence before it is used.
            let case: Vec<Pred> = choice
                .iter()
                .enumerate()
                .map(|(j, &k)| {
                    Pred::and(
                        cases_per_part[j][k]
                            .iter()
                            .map(|(l, rel)| Pred::atom(l.clone(), *rel))
                            .collect(),
                    )
                })
                .collect();
            check_sequence(path.ssa.len(), &case, &interpolants)?;
        }
        for (j, p) in interpolants.into_iter().enumerate() {
            per_cut[j].entry(choice[..=j].to_vec()).or_default().push(p);
        }
    }
    Ok(per_cut
        .into_iter()
        .map(|groups| Pred::or(groups.into_values().map(Pred::and).collect()))
        .collect())
}

/// Sequence interpolants of one case of a path (a conjunction of linear constraints per part):
/// from the Farkas refutation over the rationals, or, when only the integers refute the case
/// (a quotient and remainder by a constant, as addresses and machine integers bring), by
/// branch and bound. A split `π <= k ∨ π >= k + 1` over an Int form is added, as a premise,
/// to the first part that names all of `π`'s variables, say part `j`; each side is
/// interpolated on its own, and at a cut after part `j` (the split on the A side) the
/// interpolant is the disjunction of the sides' (A implies one side or the other), at a cut
/// before it the conjunction (B holds on one side, whose interpolant B refutes). That is
/// McMillan's rule for a resolution on the split, and it keeps the sequence property at the
/// cut of part `j` too: there, part `j` implies one side, whose sequence goes on. Each split
/// takes one of `splits_left`.
fn case_interpolants(
    store: &TermStore,
    parts: &[Vec<LinearConstraint>],
    back: &BTreeMap<smt::TermId, usize>,
    splits_left: &mut usize,
    deadline: &Deadline,
) -> Result<Vec<Pred>, RefineError> {
    let no_interpolant = |e: &dyn std::fmt::Display| {
        RefineError::Unsupported(format!("a case of the path gave no interpolant: {e}"))
    };
    let satisfiable = match linear_sequence_interpolants(store, parts) {
        Ok(found) => return found.iter().map(|c| from_constraint(c, back)).collect(),
        Err(e @ LinearInterpolationError::Satisfiable(_)) => e,
        Err(e) => return Err(no_interpolant(&e)),
    };
    if *splits_left == 0 {
        return Err(no_interpolant(&format!("{satisfiable}; no split over the integers is left")));
    }
    if deadline.passed() {
        return Err(RefineError::Interrupted);
    }
    *splits_left -= 1;
    let split = integer_split(store, parts)
        .map_err(|e| no_interpolant(&e))?
        .filter(|c| {
            c.form.constant.denom() == &1
                && c.form.coefficients.values().all(|q| q.denom() == &1)
                && c.form.coefficients.keys().all(|x| back.contains_key(x))
        })
        .ok_or_else(|| no_interpolant(&satisfiable))?;
    let Some(j) = parts.iter().position(|part| {
        split
            .form
            .coefficients
            .keys()
            .all(|x| part.iter().any(|c| c.form.coefficients.contains_key(x)))
    }) else {
        return Err(no_interpolant(&format!(
            "{satisfiable}; branch and bound would split a form over several parts' variables"
        )));
    };
    // `π - k <= 0`, and over the integers its negation `-(π - k) + 1 <= 0`.
    let mut upper = LinearForm::default();
    for (x, q) in &split.form.coefficients {
        upper.coefficients.insert(*x, Rational::from(-q));
    }
    upper.constant = Rational::from(-&split.form.constant) + Rational::from(1);
    let mut low = parts.to_vec();
    low[j].push(split);
    let mut high = parts.to_vec();
    high[j].push(LinearConstraint { form: upper, relation: Relation::Le });
    let first = case_interpolants(store, &low, back, splits_left, deadline)?;
    let second = case_interpolants(store, &high, back, splits_left, deadline)?;
    Ok(first
        .into_iter()
        .zip(second)
        .enumerate()
        .map(|(i, (a, b))| {
            // Interpolant `i` is at the cut after parts `0..=i`.
            if j <= i { Pred::or(vec![a, b]) } else { Pred::and(vec![a, b]) }
        })
        .collect())
}

/// Checks that `interpolants` (one per cut between `parts`) are sequence interpolants:
/// each, with the next part, implies the next, from `true` before the first part to `false`
/// after the last.
fn check_sequence(
    variables: usize,
    parts: &[Pred],
    interpolants: &[Pred],
) -> Result<(), RefineError> {
    let mut stats = SmtStats::default();
    for (k, part) in parts.iter().enumerate() {
        let before = if k == 0 { Pred::True } else { interpolants[k - 1].clone() };
        let after = interpolants.get(k).cloned().unwrap_or(Pred::False);
        if !implies(variables, &Pred::and(vec![before, part.clone()]), &after, &mut stats)? {
            return Err(RefineError::Internal(format!(
                "an interpolant of branch and bound over the integers fails its check at part {}",
                k + 1
            )));
        }
    }
    Ok(())
}

/// A store with one Int constant `v{s}` per SSA variable of the path: the constants, and the
/// way back from a constant to its SSA variable.
fn ssa_store(path: &PathFormula) -> (TermStore, Vec<smt::TermId>, BTreeMap<smt::TermId, usize>) {
    let mut store = TermStore::new();
    let mut terms: Vec<smt::TermId> = Vec::new();
    for s in 0..path.ssa.len() {
        let f = store.declare_fun(&format!("v{s}"), Vec::new(), SortId::INT, false);
        terms.push(store.apply(f, Vec::new()));
    }
    let back = terms.iter().enumerate().map(|(s, t)| (*t, s)).collect();
    (store, terms, back)
}

/// Interpolants at the cuts between the non-empty parts by the SMT core's sequence
/// interpolation over the integers, read back as linear predicates. The outer error is the
/// deadline's; the inner says why the path has no interpolant the core could find.
fn interpolate_integral(
    path: &PathFormula,
    parts: &[(usize, Pred)],
    deadline: &Deadline,
) -> Result<Result<Vec<Pred>, String>, RefineError> {
    let m = parts.len();
    if m <= 1 {
        return Ok(Ok(Vec::new()));
    }
    let (mut store, terms, back) = ssa_store(path);
    let partitions: Vec<Vec<smt::Formula>> =
        parts.iter().map(|(_, p)| vec![p.to_smt(&mut store, &|v| terms[v])]).collect();
    let found =
        match smt::interpolate::smt_sequence_interpolants_within(&store, &partitions, deadline) {
            Ok(found) => found,
            Err(smt::interpolate::InterpolationError::Smt(smt::SmtError::Interrupted)) => {
                return Err(RefineError::Interrupted);
            }
            Err(e) => return Ok(Err(format!("{e:?}"))),
        };
    Ok(found.interpolants.iter().map(|f| pred_of_formula(&found.store, f, &back, false)).collect())
}

/// A formula over the SSA variables' terms as a predicate (`negated`: its negation).
fn pred_of_formula(
    store: &TermStore,
    f: &smt::Formula,
    back: &BTreeMap<smt::TermId, usize>,
    negated: bool,
) -> Result<Pred, String> {
    use smt::Formula as F;
    let linear = |a: smt::TermId, b: smt::TermId| -> Result<Linear, String> {
        let a = crate::smt::linear::linearize(store, a).map_err(|e| format!("{e:?}"))?;
        let b = crate::smt::linear::linearize(store, b).map_err(|e| format!("{e:?}"))?;
        let mut form = a;
        for (t, c) in &b.coefficients {
            let entry = form.coefficients.entry(*t).or_default();
            *entry -= c;
        }
        form.coefficients.retain(|_, c| *c != 0);
        form.constant -= &b.constant;
        let c = LinearConstraint { form, relation: Relation::Le };
        match from_constraint(&c, back).map_err(|e| e.to_string())? {
            Pred::Atom(l, _) => Ok(l),
            Pred::True | Pred::False => Ok(Linear::default()),
            other => Err(format!("unexpected shape {other:?}")),
        }
    };
    let p = match f {
        F::True => Pred::True,
        F::False => Pred::False,
        F::Le(a, b) => Pred::le(&linear(*a, *b)?, &Linear::default()),
        F::Lt(a, b) => Pred::lt(&linear(*a, *b)?, &Linear::default()),
        F::Eq(a, b) => Pred::eq(&linear(*a, *b)?, &Linear::default()),
        F::Not(inner) => return pred_of_formula(store, inner, back, !negated),
        F::And(parts) | F::Or(parts) => {
            let is_and = matches!(f, F::And(_)) != negated;
            let ps = parts
                .iter()
                .map(|p| pred_of_formula(store, p, back, negated))
                .collect::<Result<Vec<_>, _>>()?;
            return Ok(if is_and { Pred::and(ps) } else { Pred::or(ps) });
        }
        other => return Err(format!("an interpolant outside linear arithmetic: {other:?}")),
    };
    Ok(if negated { p.negate() } else { p })
}

fn constraint(l: &Linear, rel: Rel, terms: &[smt::TermId]) -> LinearConstraint {
    let mut form = LinearForm::default();
    for (v, c) in &l.coefficients {
        form.coefficients.insert(terms[*v], Rational::from(c));
    }
    form.constant = Rational::from(&l.constant);
    let relation = if rel == Rel::Eq { Relation::Eq } else { Relation::Le };
    LinearConstraint { form, relation }
}

fn from_constraint(
    c: &LinearConstraint,
    back: &BTreeMap<smt::TermId, usize>,
) -> Result<Pred, RefineError> {
    let mut lcm = Integer::from(c.form.constant.denom());
    for q in c.form.coefficients.values() {
        lcm.lcm_mut(q.denom());
    }
    let scale = Rational::from(lcm);
    let mut l = Linear::constant(Rational::from(&c.form.constant * &scale).numer().clone());
    for (t, q) in &c.form.coefficients {
        let Some(&s) = back.get(t) else {
            return Err(RefineError::Internal("an interpolant names an unknown term".into()));
        };
        let k = Rational::from(q * &scale).numer().clone();
        l = l.add_scaled(&Linear::variable(s), &k);
    }
    Ok(match c.relation {
        Relation::Le => Pred::atom(l, Rel::Le),
        Relation::Lt => Pred::lt(&l, &Linear::default()),
        Relation::Eq => Pred::atom(l, Rel::Eq),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn var(v: usize) -> Linear {
        Linear::variable(v)
    }

    fn number(n: i64) -> Linear {
        Linear::constant(Integer::from(n))
    }

    #[test]
    fn a_core_found_after_propagating_constants_names_the_assertions_that_fixed_them() {
        // x = 3; y = 2x; y >= 7: the last is False once y = 6 is put in, and the core must
        // still name the two assertions that made it so.
        let assertions = vec![
            Pred::eq(&var(0), &number(3)),
            Pred::eq(&var(1), &var(0).scale(&Integer::from(2))),
            Pred::le(&number(7), &var(1)),
        ];
        let (simplified, depends) = propagate_constants(&assertions);
        assert_eq!(simplified[2], Pred::False);
        assert_eq!(depends[2], BTreeSet::from([0, 1]));
        match solve(2, &assertions, &mut SmtStats::default()).unwrap() {
            Solved::Unsat(core) => assert_eq!(core, vec![0, 1, 2]),
            Solved::Sat(_) => panic!("x = 3, y = 2x, y >= 7 is unsatisfiable"),
        }
    }

    #[test]
    fn a_model_found_after_propagating_constants_gives_every_variable_its_value() {
        // The disjunction is decided by the constants; the model still satisfies every
        // original assertion, the defining ones included.
        let assertions = vec![
            Pred::eq(&var(0), &number(5)),
            Pred::or(vec![
                Pred::atom(var(0).add_scaled(&number(-4), &Integer::from(1)), Rel::Ne),
                Pred::eq(&var(1), &number(9)),
            ]),
            Pred::le(&var(2), &var(0)),
        ];
        match solve(3, &assertions, &mut SmtStats::default()).unwrap() {
            Solved::Sat(values) => {
                assert_eq!(values[0], 5);
                for a in &assertions {
                    assert_eq!(a.evaluate(&|v| values.get(v).cloned()), Some(true), "{a:?}");
                }
            }
            Solved::Unsat(_) => panic!("satisfiable"),
        }
    }

    #[test]
    fn a_path_infeasible_only_over_the_integers_is_interpolated_by_branch_and_bound() {
        // x = 2y, then x = 7: y = 3.5 satisfies both over the rationals, so there is no
        // Farkas refutation; a split on y gives one on each side, and the interpolant, over
        // x alone (y is not shared), is their disjunction.
        let path = PathFormula {
            parts: Vec::new(),
            ssa: vec![(0, 0), (1, 0)],
            current: Vec::new(),
            inputs: Vec::new(),
        };
        let first = Pred::eq(&var(0), &var(1).scale(&Integer::from(2)));
        let second = Pred::eq(&var(0), &number(7));
        // Over the rationals alone there is none.
        let pair = [(0, first.clone()), (1, second.clone())];
        assert!(interpolate_compressed(&path, &pair, 0, &Deadline::none()).is_err());
        let interpolants = interpolate_compressed(&path, &pair, 8, &Deadline::none()).unwrap();
        assert_eq!(interpolants.len(), 1);
        let interpolant = &interpolants[0];
        assert_eq!(interpolant.variables(), vec![0], "{interpolant:?}");
        let mut stats = SmtStats::default();
        assert!(implies(2, &first, interpolant, &mut stats).unwrap());
        assert!(
            implies(2, &Pred::and(vec![interpolant.clone(), second]), &Pred::False, &mut stats)
                .unwrap()
        );
        // With x = 8 the two parts meet: no interpolant, and no split to make one.
        let third = Pred::eq(&var(0), &number(8));
        assert!(
            interpolate_compressed(&path, &[(0, first), (1, third)], 8, &Deadline::none()).is_err()
        );
    }
}

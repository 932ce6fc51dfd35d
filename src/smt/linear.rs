//! Linear arithmetic over Int and Real for the lazy loop: linear forms read from terms, the
//! arithmetic atoms of the Boolean abstraction (each a bound on a canonical form), the theory
//! check of one propositional model with the simplex of [`super::simplex`] (Farkas conflicts,
//! Gomory cuts certified as split cuts, branch-and-bound splits, rational models), bound
//! propagation between atoms of one form, and interpolation for conjunctions of linear
//! constraints.
//!
//! A form is canonical when its coefficients are coprime integers and the first (by term id)
//! is positive; every atom `a <= b` / `a < b` becomes `s <= c` or `s < c` (or the negation of
//! one, when the form had to be negated) for a canonical `s`, so atoms over proportional forms
//! share one simplex row. When every variable of `s` is of sort Int, `s` takes integer values
//! and its bounds are rounded (`s < c` to `s <= ceil(c) - 1`) before the simplex sees them.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use rug::{Integer, Rational};
use rustc_hash::FxHashMap;

use super::farkas::{self, ArithLiteral};
use super::simplex::{Conflict, DeltaRational, Side, Simplex};
use super::{ArithOp, Deadline, Interpretation, SmtError, SortId, TermId, TermStore};

/// `Σ coefficient · variable + constant`, the variables being uninterpreted constants of sort
/// Int or Real, ascending by term id.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct LinearForm {
    /// Nonzero coefficients by variable.
    pub coefficients: BTreeMap<TermId, Rational>,
    /// The constant.
    pub constant: Rational,
}

impl LinearForm {
    fn add_scaled(&mut self, other: &LinearForm, factor: &Rational) {
        for (x, c) in &other.coefficients {
            let entry = self.coefficients.entry(*x).or_default();
            *entry += Rational::from(c * factor);
            if entry.cmp0() == Ordering::Equal {
                self.coefficients.remove(x);
            }
        }
        self.constant += Rational::from(&other.constant * factor);
    }
}

/// The linear form of an arithmetic term, or why it has none (a product of two variable
/// terms). Uninterpreted constants and applications and integer quotients are variables.
pub fn linearize(store: &TermStore, t: TermId) -> Result<LinearForm, SmtError> {
    let term = store.term(t);
    let mut form = LinearForm::default();
    let one = Rational::from(1);
    match store.interpretation(term.fun) {
        // Uninterpreted constants and applications of arithmetic sort, and integer quotients,
        // are the arithmetic variables: the theory combination relates applications through
        // interface equalities, and each quotient is bounded by its definition.
        None | Some(Interpretation::Op(ArithOp::Div)) if store.sort_of(t).is_arithmetic() => {
            form.coefficients.insert(t, one);
        }
        None | Some(Interpretation::Op(ArithOp::Div)) => {
            return Err(SmtError::Unsupported(format!(
                "{} is not an arithmetic term",
                store.fun(term.fun).name
            )));
        }
        Some(Interpretation::Numeral(v)) => form.constant = v.clone(),
        Some(Interpretation::Op(op)) => {
            let parts =
                term.args.iter().map(|&a| linearize(store, a)).collect::<Result<Vec<_>, _>>()?;
            match op {
                // A quotient of arithmetic sort is a variable (the arm above).
                ArithOp::Div => {
                    form.coefficients.insert(t, one);
                }
                ArithOp::Add | ArithOp::ToReal => {
                    for p in &parts {
                        form.add_scaled(p, &one);
                    }
                }
                ArithOp::Sub | ArithOp::Neg => {
                    let minus = Rational::from(-1);
                    for (i, p) in parts.iter().enumerate() {
                        let keep = i == 0 && parts.len() > 1;
                        form.add_scaled(p, if keep { &one } else { &minus });
                    }
                }
                ArithOp::Mul => {
                    form.constant = one;
                    for p in parts {
                        if p.coefficients.is_empty() {
                            let c = p.constant;
                            for v in form.coefficients.values_mut() {
                                *v *= &c;
                            }
                            form.coefficients.retain(|_, v| v.cmp0() != Ordering::Equal);
                            form.constant *= c;
                        } else if form.coefficients.is_empty() {
                            let c = std::mem::take(&mut form.constant);
                            form = LinearForm::default();
                            form.add_scaled(&p, &c);
                        } else {
                            return Err(SmtError::Unsupported(
                                "a product of two non-constant terms is non-linear".into(),
                            ));
                        }
                    }
                }
            }
        }
    }
    Ok(form)
}

/// `form` as `factor · s + constant` with `s` canonical: the coefficients of `s` in order and
/// the (nonzero) factor. `None` for a constant form.
fn canonical(form: &LinearForm) -> Option<(Vec<(TermId, Rational)>, Rational)> {
    let first = form.coefficients.values().next()?;
    let (mut lcm, mut gcd) = (Integer::from(1), Integer::new());
    for c in form.coefficients.values() {
        lcm.lcm_mut(c.denom());
        gcd.gcd_mut(c.numer());
    }
    let mut scale = Rational::from((lcm, gcd));
    if first.cmp0() == Ordering::Less {
        scale = -scale;
    }
    let s = form.coefficients.iter().map(|(x, c)| (*x, Rational::from(c * &scale))).collect();
    Some((s, scale.recip()))
}

/// The relation of a [`LinearConstraint`] with zero.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Relation {
    /// `form <= 0`.
    Le,
    /// `form < 0`.
    Lt,
    /// `form = 0`.
    Eq,
}

/// A linear constraint `form ⋈ 0` over Int or Real variables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinearConstraint {
    /// The left-hand side.
    pub form: LinearForm,
    /// How it compares with zero.
    pub relation: Relation,
}

/// A bound of a canonical form: `s <= bound` (or `s < bound` when strict).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct AtomKey {
    form: usize,
    strict: bool,
    bound: Rational,
}

/// One arithmetic atom of the abstraction: `s <= bound` or `s < bound` for the canonical form
/// number `form`, with the premise the checker reads for its positive literal.
#[derive(Clone, Debug)]
pub struct Atom {
    form: usize,
    strict: bool,
    bound: Rational,
    /// The positive literal as the checker reads it.
    pub literal: ArithLiteral,
}

/// A theory lemma: literals `(atom, polarity)` that cannot all hold, each with the Farkas
/// coefficient of its canonical form.
#[derive(Clone, Debug)]
pub struct Explanation {
    /// `(atom index, value in the model, coefficient)`.
    pub literals: Vec<(usize, bool, Rational)>,
}

/// The verdict of the theory on one propositional model.
#[derive(Clone, Debug)]
pub enum Verdict {
    /// Consistent: a value per variable (in the order of [`Atoms::variables`]).
    Consistent(Vec<(TermId, Rational)>),
    /// Inconsistent over the rationals (or over the integers after rounding).
    Conflict(Explanation),
    /// Rationally consistent, but this Int variable has a fractional value: split on it.
    Split(TermId, Rational),
    /// Rationally consistent with a fractional Int variable, and this integer form, bounded
    /// on both sides and not fixed, is split at its lower bound (`literal` is `π - l <= 0`):
    /// either side narrows it, and once fixed it is an equation the Diophantine step reads.
    FormSplit(ArithLiteral),
    /// Rationally consistent with a fractional Int variable, and this cut (verified) excludes
    /// the vertex found, or (with no cut literal) the fixed equations have no integer solution.
    Cut(Cut),
}

/// A Gomory mixed-integer cut: every integer point that meets the premises meets `literal`; or,
/// with no `literal`, a Diophantine conflict: no integer point meets the premises.
/// It is a split cut, and that is its certificate: with the premises and the negated cut,
/// both `split` and its negation (which the Farkas checker rounds, `split` being over Int
/// variables with integer coefficients: `π <= k` negated is `π >= k + 1`) have a Farkas
/// refutation, both confirmed by the Farkas checker before the cut is made.
#[derive(Clone, Debug)]
pub struct Cut {
    /// `(atom, value)`: the bounds of the non-basic variables of the row the cut comes from.
    pub premises: Vec<(usize, bool)>,
    /// The cut; `None` for a Diophantine conflict, whose lemma is the negated premises alone.
    pub literal: Option<ArithLiteral>,
    /// `π - k <= 0` for the integer form `π` of the split.
    pub split: ArithLiteral,
    /// The Farkas coefficients refuting the premises, the negated cut and `split`, in that
    /// order (zero for a premise that side does not use).
    pub below: Vec<Rational>,
    /// The same with the negated `split` (`π >= k + 1` over the integers) last.
    pub above: Vec<Rational>,
}

/// What a simplex column stands for: a canonical form's coefficients, and whether it takes
/// integer values.
type ColumnForm = (Vec<(TermId, Rational)>, bool);

/// The linear form `Σ c·x` of a canonical form's coefficients.
fn form_of(form: &[(TermId, Rational)]) -> LinearForm {
    LinearForm { coefficients: form.iter().cloned().collect(), constant: Rational::new() }
}

/// The fractional part `q - floor(q)`, in `[0, 1)`.
fn fractional_part(q: &Rational) -> Rational {
    q - q.clone().floor()
}

/// What the final check does with an Int variable of fractional value, before branch and
/// bound on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cuts {
    /// Branch and bound alone (after the Diophantine step, which always runs).
    None,
    /// A Gomory cut from the variable's row: a new atom, which may mix any variables.
    Gomory,
    /// The Gomory cut's split `π <= k ∨ π >= k + 1`, taken only when both sides contradict
    /// the asserted bounds: a conflict over atoms that exist already. Interpolation uses it,
    /// since a cut's new atom may mix the two sides' symbols, where no interpolant can be
    /// read lemma by lemma.
    SplitConflicts,
}

/// The widest range of a bounded integer form that [`Verdict::FormSplit`] splits.
const MAX_FORM_SPLIT_RANGE: u32 = 32;

/// A cut whose coefficients have grown past this many bits is not made (exact arithmetic
/// makes repeated Gomory cuts grow; branch and bound takes over).
const MAX_CUT_BITS: u32 = 32;

/// An equation the asserted bounds fix, scaled to integers: `Σ c·x = rhs`, with the two
/// bounds (as `(atom, value)`) that fix it.
type FixedEquation = (Vec<(TermId, Integer)>, Integer, [(usize, bool); 2]);

/// A system of fixed equations with more rows or unknowns than this is not searched for a
/// Diophantine conflict.
const MAX_DIOPHANTINE_SIZE: usize = 64;

/// Column operations whose numbers grow past this many bits give up the Diophantine search.
const MAX_DIOPHANTINE_BITS: u32 = 256;

/// The canonical forms and atoms met so far, and the simplex skeleton (a column per variable,
/// a row per form of two or more variables) that each round starts from.
#[derive(Clone, Debug, Default)]
pub struct Atoms {
    forms: Vec<Vec<(TermId, Rational)>>,
    form_index: FxHashMap<Vec<(TermId, Rational)>, usize>,
    form_column: Vec<usize>,
    form_integral: Vec<bool>,
    /// Per form: its atoms ascending by the upper bound their positive literal puts on the form
    /// (the lower bound of the negative literal ascends with it), for bound propagation.
    form_atoms: Vec<Vec<usize>>,
    atoms: Vec<Atom>,
    /// Per atom: the upper bound its positive literal and the lower bound its negative literal
    /// put on its form (`bound_of`), kept so that the binary searches over `form_atoms` compare
    /// without rounding or allocating.
    atom_bounds: Vec<[DeltaRational; 2]>,
    atom_index: FxHashMap<AtomKey, usize>,
    variables: Vec<TermId>,
    column: FxHashMap<TermId, usize>,
    skeleton: Simplex,
    /// Simplex pivots over all rounds.
    pub pivots: u64,
}

/// What an arithmetic comparison became in the abstraction.
pub enum Encoded {
    /// It is constant (no variables after linearization).
    Constant(bool),
    /// It is the atom with this index, or its negation when `false`.
    Atom(usize, bool),
}

impl Atoms {
    /// The atoms, in creation order.
    pub fn atoms(&self) -> &[Atom] {
        &self.atoms
    }

    /// What atom `i` with `value` asserts: its literal, or the literal's negation.
    pub fn premise(&self, i: usize, value: bool) -> ArithLiteral {
        let literal = &self.atoms[i].literal;
        if value { literal.clone() } else { literal.negated() }
    }

    /// The arithmetic variables, in the order they were met.
    pub fn variables(&self) -> &[TermId] {
        &self.variables
    }

    fn column_of(&mut self, x: TermId) -> usize {
        if let Some(&c) = self.column.get(&x) {
            return c;
        }
        let c = self.skeleton.new_variable();
        self.column.insert(x, c);
        self.variables.push(x);
        c
    }

    fn form_number(&mut self, store: &TermStore, s: Vec<(TermId, Rational)>) -> usize {
        if let Some(&i) = self.form_index.get(&s) {
            return i;
        }
        let columns: Vec<(usize, Rational)> =
            s.iter().map(|(x, c)| (self.column_of(*x), c.clone())).collect();
        let column = if columns.len() == 1 && columns[0].1 == 1 {
            columns[0].0
        } else {
            self.skeleton.new_row(&columns)
        };
        let integral = s.iter().all(|(x, _)| store.sort_of(*x) == SortId::INT);
        self.forms.push(s.clone());
        self.form_index.insert(s, self.forms.len() - 1);
        self.form_column.push(column);
        self.form_integral.push(integral);
        self.form_atoms.push(Vec::new());
        self.forms.len() - 1
    }

    /// The abstraction of the premise `literal` (`Σ c·t + k ⋈ 0`): a constant, or an atom
    /// (new or shared) with a polarity. Sharing an atom between two premises is confirmed by
    /// [`farkas::same_constraint`].
    pub fn encode(
        &mut self,
        store: &TermStore,
        literal: ArithLiteral,
    ) -> Result<Encoded, SmtError> {
        let mut form =
            LinearForm { coefficients: BTreeMap::new(), constant: literal.constant.clone() };
        for (c, t) in &literal.terms {
            form.add_scaled(&linearize(store, *t)?, c);
        }
        let Some((s, factor)) = canonical(&form) else {
            let holds = match form.constant.cmp0() {
                Ordering::Less => true,
                Ordering::Equal => !literal.strict,
                Ordering::Greater => false,
            };
            return Ok(Encoded::Constant(holds));
        };
        // factor·s + k ⋈ 0: for factor > 0 this is s ⋈ -k/factor; for factor < 0 it is
        // s ⋈' -k/factor with the direction reversed, the negation of the atom s ⋈'' -k/factor
        // where ⋈'' is the complement of the strictness.
        let bound = -(Rational::from(&form.constant / &factor));
        let positive = factor.cmp0() == Ordering::Greater;
        let strict = if positive { literal.strict } else { !literal.strict };
        let form_number = self.form_number(store, s);
        let key = AtomKey { form: form_number, strict, bound: bound.clone() };
        let atom_literal = if positive { literal } else { literal.negated() };
        if let Some(&i) = self.atom_index.get(&key) {
            if !farkas::same_constraint(store, &self.atoms[i].literal, &atom_literal) {
                return Err(SmtError::LemmaRejected);
            }
            return Ok(Encoded::Atom(i, positive));
        }
        self.atoms.push(Atom { form: form_number, strict, bound, literal: atom_literal });
        let i = self.atoms.len() - 1;
        self.atom_index.insert(key, i);
        let upper = self.bound_of(i, true).1;
        self.atom_bounds.push([upper.clone(), self.bound_of(i, false).1]);
        // After the atoms with the same upper bound (two on an Int form may round to one), so
        // that the order is the order of creation among equals.
        let place =
            self.form_atoms[form_number].partition_point(|&j| self.atom_bounds[j][0] <= upper);
        self.form_atoms[form_number].insert(place, i);
        Ok(Encoded::Atom(i, positive))
    }

    /// The bound that atom `i` with value `value` puts on its form's column, rounded when the
    /// form is integral.
    fn bound_of(&self, i: usize, value: bool) -> (Side, DeltaRational) {
        let atom = &self.atoms[i];
        let integral = self.form_integral[atom.form];
        let c = &atom.bound;
        let zero = Rational::new();
        let (side, real, delta) = match (value, atom.strict, integral) {
            // s <= c
            (true, false, false) => (Side::Upper, c.clone(), zero),
            (true, false, true) => (Side::Upper, c.clone().floor(), zero),
            // s < c
            (true, true, false) => (Side::Upper, c.clone(), Rational::from(-1)),
            (true, true, true) => (Side::Upper, c.clone().ceil() - 1u32, zero),
            // ¬(s <= c): s > c
            (false, false, false) => (Side::Lower, c.clone(), Rational::from(1)),
            (false, false, true) => (Side::Lower, c.clone().floor() + 1u32, zero),
            // ¬(s < c): s >= c
            (false, true, false) => (Side::Lower, c.clone(), zero),
            (false, true, true) => (Side::Lower, c.clone().ceil(), zero),
        };
        (side, DeltaRational::new(real, delta))
    }

    /// The atoms of atom `i`'s form whose value follows from atom `i` having `value`, as
    /// `(atom, implied value)`, nearest bound first, `i` left out: an upper bound `s <= b`
    /// makes every atom whose positive literal allows at least that true (`s <= 3` makes
    /// `s <= 5` and `s < 4` true), a lower bound `s >= b` makes every atom whose negative
    /// literal asks no more false (`s > 3` makes `s <= 2` false). The cheap propagation of
    /// Dutertre and de Moura: bounds on one form, no rows. The scan stops at the first atom
    /// for which `assigned` holds.
    pub fn implied_by(
        &self,
        i: usize,
        value: bool,
        assigned: impl Fn(usize) -> bool,
    ) -> Vec<(usize, bool)> {
        let (side, bound) = self.bound_of(i, value);
        let atoms = &self.form_atoms[self.atoms[i].form];
        // Nearest first, up to the first atom already assigned: that atom's own propagation
        // covers every atom past it (its bound implies theirs), so a run of split atoms on one
        // variable costs what it assigns, not the length of the run.
        let nearest_first: Box<dyn Iterator<Item = &usize>> = match side {
            Side::Upper => {
                let first = atoms.partition_point(|&j| self.atom_bounds[j][0] < bound);
                Box::new(atoms[first..].iter())
            }
            Side::Lower => {
                let end = atoms.partition_point(|&j| self.atom_bounds[j][1] <= bound);
                Box::new(atoms[..end].iter().rev())
            }
        };
        let implied = side == Side::Upper;
        nearest_first
            .copied()
            .filter(|&j| j != i)
            .take_while(|&j| !assigned(j))
            .map(|j| (j, implied))
            .collect()
    }

    /// The lemma of a bound propagation: atom `i` with `value` and atom `j` without its implied
    /// value cannot both hold, with Farkas coefficients 1 (both are bounds on one canonical
    /// form, facing each other), confirmed by the Farkas checker. `j` comes first, so that the
    /// clause of the negated literals starts with the implied one.
    pub fn propagation_lemma(
        &self,
        store: &TermStore,
        (i, value): (usize, bool),
        (j, implied): (usize, bool),
    ) -> Result<Explanation, SmtError> {
        let one = Rational::from(1);
        let explanation =
            Explanation { literals: vec![(j, !implied, one.clone()), (i, value, one)] };
        self.verify(store, &explanation)?;
        Ok(explanation)
    }

    /// Decides the conjunction of the atoms with the values given (`(atom, value)` pairs).
    pub fn check(
        &mut self,
        store: &TermStore,
        assignment: &[(usize, bool)],
    ) -> Result<Verdict, SmtError> {
        self.check_with_cuts(store, assignment, Cuts::None, &Deadline::none())
    }

    /// [`Atoms::check`], and when `cuts` asks and the split variable is basic in a row whose
    /// non-basic variables sit at their bounds, a verified Gomory cut or split conflict
    /// instead of the split (see [`Cuts`]).
    pub fn check_with_cuts(
        &mut self,
        store: &TermStore,
        assignment: &[(usize, bool)],
        cuts: Cuts,
        deadline: &Deadline,
    ) -> Result<Verdict, SmtError> {
        let mut simplex = self.skeleton.clone();
        let result = match self.assert_all(&mut simplex, assignment) {
            Ok(()) => simplex.check_until(&|| deadline.passed()).ok_or(SmtError::Interrupted)?,
            Err(conflict) => Err(conflict),
        };
        self.pivots += simplex.pivots;
        if let Err(conflict) = result {
            let explanation = self.explanation(&conflict, assignment);
            self.verify(store, &explanation)?;
            return Ok(Verdict::Conflict(explanation));
        }
        simplex.patch_integers(&self.column_integrality(store));
        let verdict = self.solution(store, &simplex);
        if let Verdict::Split(x, _) = &verdict {
            // An integer-infeasible system of equations first: no split or cut settles that
            // when the unknowns are unbounded.
            // Both read the columns' forms, built once here.
            let forms = self.column_forms_in(store);
            if let Some(mut conflict) = self.diophantine_conflict(&forms, &simplex, assignment) {
                self.verify_cut(store, &mut conflict)?;
                return Ok(Verdict::Cut(conflict));
            }
            if cuts != Cuts::None
                && let Some(split) = self.bounded_form_split(&simplex)
            {
                return Ok(Verdict::FormSplit(split));
            }
            if cuts != Cuts::None
                && let Some(mut cut) = self.gomory_cut(&forms, &simplex, self.column[x], assignment)
            {
                if let Some(conflict) = self.split_conflict(store, cut.split.clone(), assignment)? {
                    return Ok(Verdict::Cut(conflict));
                }
                if cuts == Cuts::Gomory {
                    self.verify_cut(store, &mut cut)?;
                    return Ok(Verdict::Cut(cut));
                }
            }
        }
        Ok(verdict)
    }

    /// The split `π <= l` of the integer form with the narrowest range `[l, u]` under the
    /// asserted bounds (`0 < u - l <= MAX_FORM_SPLIT_RANGE`; the first such form on ties), if
    /// any. A remainder `t - d·(div t d)` kept off 0 is such a form, and no split of one
    /// variable ever fixes it when the unknowns are unbounded.
    fn bounded_form_split(&self, simplex: &Simplex) -> Option<ArithLiteral> {
        let mut best: Option<(Rational, usize, Rational)> = None;
        for (k, form) in self.forms.iter().enumerate() {
            // Integer coefficients, so that the split is over the integers as written.
            if !self.form_integral[k] || form.len() < 2 || form.iter().any(|(_, c)| c.denom() != &1)
            {
                continue;
            }
            let column = self.form_column[k];
            let (Some((lower, _)), Some((upper, _))) =
                (simplex.bound(column, Side::Lower), simplex.bound(column, Side::Upper))
            else {
                continue;
            };
            if lower.delta.cmp0() != Ordering::Equal
                || upper.delta.cmp0() != Ordering::Equal
                || lower.real.denom() != &1
            {
                continue;
            }
            let range = Rational::from(&upper.real - &lower.real);
            if range.cmp0() != Ordering::Greater || range > MAX_FORM_SPLIT_RANGE {
                continue;
            }
            if best.as_ref().is_none_or(|(narrowest, _, _)| range < *narrowest) {
                best = Some((range, k, lower.real.clone()));
            }
        }
        let (_, k, lower) = best?;
        Some(ArithLiteral {
            terms: self.forms[k].iter().map(|(x, c)| (c.clone(), *x)).collect(),
            constant: -lower,
            strict: false,
        })
    }

    /// The asserted bounds that leave no integer value to the form of `split` (`π - k <= 0`):
    /// both `π <= k` and `π >= k + 1` contradict them over the rationals. The conflict is a
    /// split cut without a cut literal, whose lemma (the negated bounds) adds no atom. `None`
    /// when one side is feasible.
    fn split_conflict(
        &self,
        store: &TermStore,
        split: ArithLiteral,
        assignment: &[(usize, bool)],
    ) -> Result<Option<Cut>, SmtError> {
        let asserted: Vec<ArithLiteral> =
            assignment.iter().map(|&(i, value)| self.premise(i, value)).collect();
        let mut used = vec![false; assignment.len()];
        for side in [split.clone(), split.negated()] {
            let mut premises = asserted.clone();
            premises.push(side);
            let Some(coefficients) = refute(store, &premises)? else { return Ok(None) };
            for (k, c) in coefficients.iter().take(assignment.len()).enumerate() {
                used[k] |= c.cmp0() != Ordering::Equal;
            }
        }
        let mut premises: Vec<(usize, bool)> =
            assignment.iter().zip(&used).filter(|(_, u)| **u).map(|(p, _)| *p).collect();
        premises.sort_unstable();
        premises.dedup();
        let mut conflict =
            Cut { premises, literal: None, split, below: Vec::new(), above: Vec::new() };
        self.verify_cut(store, &mut conflict)?;
        Ok(Some(conflict))
    }

    /// Per simplex column: whether it takes integer values at every integer point (an Int
    /// variable, or a form over Int variables, whose canonical coefficients are integers).
    fn column_integrality(&self, store: &TermStore) -> Vec<bool> {
        let mut integral = vec![false; self.skeleton.num_variables()];
        for (k, &column) in self.form_column.iter().enumerate() {
            integral[column] = self.form_integral[k];
        }
        for x in &self.variables {
            integral[self.column[x]] = store.sort_of(*x) == SortId::INT;
        }
        integral
    }

    /// Per simplex column: the canonical form it stands for (a variable alone, or a form's
    /// row) and whether it takes integer values.
    fn column_forms_in(&self, store: &TermStore) -> Vec<Option<ColumnForm>> {
        let mut forms = vec![None; self.skeleton.num_variables()];
        // A form of one variable with coefficient 1 shares the variable's column, so the forms
        // go first and the variables overwrite them with the same meaning.
        for (k, form) in self.forms.iter().enumerate() {
            forms[self.form_column[k]] = Some((form.clone(), self.form_integral[k]));
        }
        for x in &self.variables {
            let integral = store.sort_of(*x) == SortId::INT;
            forms[self.column[x]] = Some((vec![(*x, Rational::from(1))], integral));
        }
        forms
    }

    /// The Gomory mixed-integer cut of the row of the basic column `basic`, whose value is
    /// fractional: with `t_j` the distance of each non-basic `x_j` from the bound it sits at
    /// (`x_j - l_j` or `u_j - x_j`), the row reads `x_b + Σ α_j t_j = β`, and with `f_0` the
    /// fractional part of `β` and `f_j` that of `α_j`, every integer point has
    /// `Σ g_j t_j >= 1` where `g_j` is `f_j / f_0` (Int column, `f_j <= f_0`),
    /// `(1 - f_j) / (1 - f_0)` (Int, `f_j > f_0`), `α_j / f_0` (Real, `α_j > 0`) or
    /// `-α_j / (1 - f_0)` (Real, `α_j < 0`). The vertex, where every `t_j` is 0, violates it.
    /// It is the split cut of `π = x_b + Σ k_j t_j` over the Int columns (`k_j` is `α_j`
    /// rounded down when `f_j <= f_0`, else up): `π <= floor(β)` or `π >= floor(β) + 1`.
    /// `None` when a non-basic variable is not at a bound, a value has a δ part, or the
    /// coefficients have grown too large.
    fn gomory_cut(
        &self,
        forms: &[Option<ColumnForm>],
        simplex: &Simplex,
        basic: usize,
        assignment: &[(usize, bool)],
    ) -> Option<Cut> {
        let row = simplex.row(basic)?;
        let beta = simplex.value(basic);
        if beta.delta.cmp0() != Ordering::Equal {
            return None;
        }
        let f0 = fractional_part(&beta.real);
        if f0.cmp0() == Ordering::Equal {
            return None;
        }
        let one_minus_f0 = Rational::from(1) - &f0;
        let (basic_form, basic_integral) = forms[basic].as_ref()?;
        if !basic_integral {
            return None;
        }
        let mut cut = LinearForm { coefficients: BTreeMap::new(), constant: Rational::from(-1) };
        let mut split = LinearForm::default();
        split.add_scaled(&form_of(basic_form), &Rational::from(1));
        let mut premises = Vec::new();
        for (j, a) in row {
            let value = simplex.value(*j);
            let at = |side| simplex.bound(*j, side).filter(|(b, _)| *b == value);
            let (side, (bound, tag)) = match (at(Side::Lower), at(Side::Upper)) {
                (Some(lower), _) => (Side::Lower, lower),
                (None, Some(upper)) => (Side::Upper, upper),
                (None, None) => return None,
            };
            if bound.delta.cmp0() != Ordering::Equal {
                return None;
            }
            let (form, integral) = forms[*j].as_ref()?;
            // t = x_j - l at a lower bound, u - x_j at an upper one; a' the coefficient of t.
            let mut t = LinearForm::default();
            let (sign, a_prime) = match side {
                Side::Lower => (Rational::from(1), a.clone()),
                Side::Upper => (Rational::from(-1), Rational::from(-a)),
            };
            t.add_scaled(&form_of(form), &sign);
            t.constant -= Rational::from(&bound.real * &sign);
            // The row as x_b + Σ α t = β, the form the textbook cut is stated for.
            let alpha = -a_prime;
            let g = if *integral {
                let f = fractional_part(&alpha);
                if f.cmp0() == Ordering::Equal {
                    // g = 0, and the split's integer coefficient is α itself: t drops out of
                    // both sides, and its bound is not a premise.
                    split.add_scaled(&t, &alpha);
                    continue;
                }
                let (g, k) = if f <= f0 {
                    (Rational::from(&f / &f0), alpha.clone().floor())
                } else {
                    ((Rational::from(1) - &f) / &one_minus_f0, alpha.clone().ceil())
                };
                split.add_scaled(&t, &k);
                g
            } else if alpha.cmp0() == Ordering::Greater {
                Rational::from(&alpha / &f0)
            } else {
                -alpha / &one_minus_f0
            };
            cut.add_scaled(&t, &g);
            premises.push(assignment[tag as usize]);
        }
        if cut.coefficients.is_empty() {
            return None;
        }
        let too_large = |q: &Rational| {
            q.numer().significant_bits() > MAX_CUT_BITS
                || q.denom().significant_bits() > MAX_CUT_BITS
        };
        if cut.coefficients.values().chain([&cut.constant]).any(too_large) {
            return None;
        }
        // The cut Σ g t - 1 >= 0 as the premise -(Σ g t - 1) <= 0; the split π - floor(β) <= 0
        // (π is β at the vertex, every t being 0).
        let literal = ArithLiteral {
            terms: cut.coefficients.iter().map(|(x, c)| (Rational::from(-c), *x)).collect(),
            constant: Rational::from(-&cut.constant),
            strict: false,
        };
        let split = ArithLiteral {
            terms: split.coefficients.iter().map(|(x, c)| (c.clone(), *x)).collect(),
            constant: split.constant - beta.real.clone().floor(),
            strict: false,
        };
        premises.sort_unstable();
        premises.dedup();
        Some(Cut { premises, literal: Some(literal), split, below: Vec::new(), above: Vec::new() })
    }

    /// A Diophantine conflict among the equations the asserted bounds fix. A column whose lower
    /// and upper bounds meet at a δ-free value fixes its form, and when every unknown of the
    /// form is an Int, the fixed forms are a system `A x = b` over the integers. The simplex
    /// satisfied it over the rationals, but it may still have no integer solution (`3x + 6y =
    /// 2`), which branch and bound never finds out when the unknowns are unbounded.
    ///
    /// Unimodular column operations bring `A` (each row scaled to integers) to a lower echelon
    /// form `L = A U`; solving `L z = b` by forward substitution gives the `k`-th pivot
    /// coordinate `z_k` fractional exactly when some integer combination is out of reach. Then
    /// `y` with `yᵀ L = e_k` (back substitution over the pivot rows) makes `π = yᵀ A x` an
    /// integer form (`yᵀ A = e_kᵀ U⁻¹`), which the premises fix at `yᵀ b = z_k`: the split
    /// `π <= floor(z_k)` or `π >= floor(z_k) + 1` is refuted on both sides, the certificate of
    /// a cut with no cut literal. `None` when every pivot coordinate is whole, or the system is
    /// too large or its numbers grow past `MAX_DIOPHANTINE_BITS`.
    fn diophantine_conflict(
        &self,
        forms: &[Option<ColumnForm>],
        simplex: &Simplex,
        assignment: &[(usize, bool)],
    ) -> Option<Cut> {
        let mut unknowns: BTreeMap<TermId, usize> = BTreeMap::new();
        let mut equations: Vec<FixedEquation> = Vec::new();
        for (column, form) in forms.iter().enumerate() {
            // Every unknown an Int (the column's integral flag).
            let Some((form, true)) = form else { continue };
            let (Some((lower, lower_tag)), Some((upper, upper_tag))) =
                (simplex.bound(column, Side::Lower), simplex.bound(column, Side::Upper))
            else {
                continue;
            };
            if lower != upper || lower.delta.cmp0() != Ordering::Equal {
                continue;
            }
            // The equation scaled by the least common multiple of its denominators.
            let mut scale = Integer::from(lower.real.denom());
            for (_, c) in form {
                scale.lcm_mut(c.denom());
            }
            let row: Vec<(TermId, Integer)> = form
                .iter()
                .map(|(x, c)| (*x, Rational::from(c * &scale).numer().clone()))
                .collect();
            let rhs = Rational::from(&lower.real * &scale).numer().clone();
            for (x, _) in &row {
                let next = unknowns.len();
                unknowns.entry(*x).or_insert(next);
            }
            let premises = [assignment[lower_tag as usize], assignment[upper_tag as usize]];
            equations.push((row, rhs, premises));
        }
        let (m, n) = (equations.len(), unknowns.len());
        if m == 0 || m > MAX_DIOPHANTINE_SIZE || n > MAX_DIOPHANTINE_SIZE {
            return None;
        }
        let mut matrix = vec![vec![Integer::new(); n]; m];
        for (i, (row, _, _)) in equations.iter().enumerate() {
            for (x, c) in row {
                matrix[i][unknowns[x]] += c;
            }
        }
        let original = matrix.clone();
        let too_large = |q: &Integer| q.significant_bits() > MAX_DIOPHANTINE_BITS;
        // Lower echelon form by column operations: row i's entries right of the pivots so far
        // are reduced to one by Euclid's algorithm on columns.
        let mut pivot_rows = Vec::new();
        for i in 0..m {
            let r = pivot_rows.len();
            loop {
                let smallest = (r..n)
                    .filter(|&j| matrix[i][j].cmp0() != Ordering::Equal)
                    .min_by(|&a, &b| matrix[i][a].cmp_abs(&matrix[i][b]).then(a.cmp(&b)));
                let Some(p) = smallest else { break };
                for row in matrix.iter_mut() {
                    row.swap(p, r);
                }
                let mut reduced = true;
                for j in r + 1..n {
                    if matrix[i][j].cmp0() == Ordering::Equal {
                        continue;
                    }
                    let q = Rational::from((matrix[i][j].clone(), matrix[i][r].clone()))
                        .floor()
                        .numer()
                        .clone();
                    for row in matrix.iter_mut() {
                        let step = Integer::from(&q * &row[r]);
                        row[j] -= step;
                        if too_large(&row[j]) {
                            return None;
                        }
                    }
                    reduced &= matrix[i][j].cmp0() == Ordering::Equal;
                }
                if reduced {
                    break;
                }
            }
            if r < n && matrix[i][r].cmp0() != Ordering::Equal {
                pivot_rows.push(i);
            }
        }
        // Forward substitution over the pivot rows; the first fractional coordinate is the
        // conflict.
        let mut z: Vec<Rational> = Vec::new();
        let mut fractional = None;
        for (k, &i) in pivot_rows.iter().enumerate() {
            let mut rest = Rational::from(&equations[i].1);
            for (j, zj) in z.iter().enumerate() {
                rest -= Rational::from(&matrix[i][j] * zj);
            }
            let zk = rest / Rational::from(&matrix[i][k]);
            if zk.denom() != &1 {
                fractional = Some(k);
                break;
            }
            z.push(zk);
        }
        let k = fractional?;
        let mut y = vec![Rational::new(); k + 1];
        y[k] = Rational::from((1, &matrix[pivot_rows[k]][k]));
        for j in (0..k).rev() {
            let mut sum = Rational::new();
            for (t, yt) in y.iter().enumerate().skip(j + 1) {
                sum += Rational::from(yt * &matrix[pivot_rows[t]][j]);
            }
            y[j] = -sum / Rational::from(&matrix[pivot_rows[j]][j]);
        }
        let mut pi = vec![Rational::new(); n];
        let mut value = Rational::new();
        let mut premises = Vec::new();
        for (t, yt) in y.iter().enumerate() {
            if yt.cmp0() == Ordering::Equal {
                continue;
            }
            let i = pivot_rows[t];
            for (j, c) in original[i].iter().enumerate() {
                pi[j] += Rational::from(yt * c);
            }
            value += Rational::from(yt * &equations[i].1);
            premises.extend(equations[i].2);
        }
        if pi.iter().any(|c| c.denom() != &1) || value.denom() == &1 {
            return None;
        }
        let split = ArithLiteral {
            terms: unknowns
                .iter()
                .filter(|&(_, &j)| pi[j].cmp0() != Ordering::Equal)
                .map(|(x, &j)| (pi[j].clone(), *x))
                .collect(),
            constant: -value.floor(),
            strict: false,
        };
        premises.sort_unstable();
        premises.dedup();
        Some(Cut { premises, literal: None, split, below: Vec::new(), above: Vec::new() })
    }

    /// Confirms a cut by its certificate: the premises, the negated cut and each side of the
    /// split are refuted, each refutation confirmed by the Farkas checker; the coefficients
    /// go into the cut.
    fn verify_cut(&self, store: &TermStore, cut: &mut Cut) -> Result<(), SmtError> {
        if !cut.split.terms.iter().all(|(c, x)| c.denom() == &1 && store.sort_of(*x) == SortId::INT)
        {
            return Err(SmtError::LemmaRejected);
        }
        let mut premises: Vec<ArithLiteral> =
            cut.premises.iter().map(|&(i, value)| self.premise(i, value)).collect();
        premises.extend(cut.literal.as_ref().map(ArithLiteral::negated));
        let mut refutations = Vec::new();
        for side in [cut.split.clone(), cut.split.negated()] {
            let mut with_side = premises.clone();
            with_side.push(side);
            refutations.push(refute(store, &with_side)?.ok_or(SmtError::LemmaRejected)?);
        }
        cut.above = refutations.pop().unwrap_or_default();
        cut.below = refutations.pop().unwrap_or_default();
        Ok(())
    }

    /// The verdict on a simplex that satisfies its bounds: a branch-and-bound split on the
    /// first Int variable with a fractional value, or the values.
    fn solution(&self, store: &TermStore, simplex: &Simplex) -> Verdict {
        // Branch and bound: the first Int variable with a fractional value (its δ part counts).
        for x in &self.variables {
            if store.sort_of(*x) != SortId::INT {
                continue;
            }
            let value = simplex.value(self.column[x]);
            let whole = value.real.denom() == &1 && value.delta.cmp0() == Ordering::Equal;
            if !whole {
                let below = if value.real.denom() == &1 && value.delta.cmp0() == Ordering::Less {
                    Rational::from(&value.real - 1u32)
                } else {
                    value.real.clone().floor()
                };
                return Verdict::Split(*x, below);
            }
        }
        let delta = simplex.concrete_delta();
        let values =
            self.variables.iter().map(|x| (*x, simplex.value(self.column[x]).at(&delta))).collect();
        Verdict::Consistent(values)
    }

    /// The simplex of one online search: the skeleton's tableau, no bounds.
    pub fn online(&self) -> OnlineSimplex {
        OnlineSimplex { simplex: self.skeleton.clone(), asserted: Vec::new(), marks: Vec::new() }
    }

    /// Asserts atom `i` with `value` in the online simplex (at its current level): `Some`
    /// conflict, confirmed by the Farkas checker, when the bound crosses the opposite one.
    pub fn assert_online(
        &self,
        store: &TermStore,
        online: &mut OnlineSimplex,
        i: usize,
        value: bool,
    ) -> Result<Option<Explanation>, SmtError> {
        let (side, bound) = self.bound_of(i, value);
        let column = self.form_column[self.atoms[i].form];
        let tag = online.asserted.len() as u32;
        online.asserted.push((i, value));
        let result = match side {
            Side::Upper => online.simplex.assert_upper(column, bound, tag),
            Side::Lower => online.simplex.assert_lower(column, bound, tag),
        };
        self.online_conflict(store, online, result)
    }

    /// Repairs the online simplex's values by pivoting: `Some` conflict (confirmed by the Farkas
    /// checker) when the asserted bounds are infeasible.
    pub fn check_online(
        &self,
        store: &TermStore,
        online: &mut OnlineSimplex,
        deadline: &Deadline,
    ) -> Result<Option<Explanation>, SmtError> {
        let result =
            online.simplex.check_until(&|| deadline.passed()).ok_or(SmtError::Interrupted)?;
        self.online_conflict(store, online, result)
    }

    fn online_conflict(
        &self,
        store: &TermStore,
        online: &OnlineSimplex,
        result: Result<(), Conflict>,
    ) -> Result<Option<Explanation>, SmtError> {
        match result {
            Ok(()) => Ok(None),
            Err(conflict) => {
                let explanation = self.explanation(&conflict, &online.asserted);
                self.verify(store, &explanation)?;
                Ok(Some(explanation))
            }
        }
    }

    /// The verdict of a feasible online simplex (after [`Atoms::check_online`] found no
    /// conflict with every atom asserted): a split or the values, after moving non-basic
    /// variables inside their bounds to make fractional Int values whole where one shift
    /// does (the values stay feasible, so the kept tableau may keep them).
    pub fn online_solution(&self, store: &TermStore, online: &mut OnlineSimplex) -> Verdict {
        online.simplex.patch_integers(&self.column_integrality(store));
        self.solution(store, &online.simplex)
    }

    fn assert_all(
        &self,
        simplex: &mut Simplex,
        assignment: &[(usize, bool)],
    ) -> Result<(), Conflict> {
        for (tag, &(i, value)) in assignment.iter().enumerate() {
            let (side, bound) = self.bound_of(i, value);
            let column = self.form_column[self.atoms[i].form];
            // The tag is the position in the assignment, so the conflict names the literal.
            let tag = tag as u32;
            match side {
                Side::Upper => simplex.assert_upper(column, bound, tag)?,
                Side::Lower => simplex.assert_lower(column, bound, tag)?,
            }
        }
        Ok(())
    }

    fn explanation(&self, conflict: &Conflict, assignment: &[(usize, bool)]) -> Explanation {
        let mut merged: BTreeMap<(usize, bool), Rational> = BTreeMap::new();
        for (tag, _, coefficient) in &conflict.bounds {
            let (atom, value) = assignment[*tag as usize];
            *merged.entry((atom, value)).or_default() += coefficient;
        }
        Explanation { literals: merged.into_iter().map(|((a, v), c)| (a, v, c)).collect() }
    }

    /// Checks a conflict with the independent Farkas checker.
    fn verify(&self, store: &TermStore, explanation: &Explanation) -> Result<(), SmtError> {
        let premises: Vec<(ArithLiteral, Rational)> = explanation
            .literals
            .iter()
            .map(|(atom, value, c)| (self.premise(*atom, *value), c.clone()))
            .collect();
        if farkas::refutes(store, &premises) { Ok(()) } else { Err(SmtError::FarkasRejected) }
    }

    /// The atom `x <= below` for a branch-and-bound split on the Int variable `x`, checked to
    /// be a split (its negation is `x >= below + 1` over the integers).
    pub fn split_atom(
        &mut self,
        store: &TermStore,
        x: TermId,
        below: &Rational,
    ) -> Result<usize, SmtError> {
        let literal = ArithLiteral {
            terms: vec![(Rational::from(1), x)],
            constant: -below.clone(),
            strict: false,
        };
        self.form_split_atom(store, literal)
    }

    /// The atom of an integer split `π - l <= 0` (see [`farkas::is_integer_split`]), new.
    pub fn form_split_atom(
        &mut self,
        store: &TermStore,
        literal: ArithLiteral,
    ) -> Result<usize, SmtError> {
        if !farkas::is_integer_split(store, &literal) {
            return Err(SmtError::SplitRejected);
        }
        match self.encode(store, literal)? {
            Encoded::Atom(i, true) => Ok(i),
            _ => Err(SmtError::SplitRejected),
        }
    }
}

/// The simplex of the online loop (Dutertre and de Moura): the tableau is kept for the whole
/// search; the bounds of the atoms assigned at a decision level are pushed as they come and
/// popped when the search backjumps below it, the values staying where they are.
#[derive(Clone, Debug)]
pub struct OnlineSimplex {
    simplex: Simplex,
    /// The literals asserted, in order: a bound's tag is its position here.
    asserted: Vec<(usize, bool)>,
    /// `marks[k]`: the bound changes and asserted literals when level `k + 1` began.
    marks: Vec<(usize, usize)>,
}

impl OnlineSimplex {
    /// Makes `level` the current decision level (levels only grow here).
    pub fn set_level(&mut self, level: u32) {
        while (self.marks.len() as u32) < level {
            self.marks.push((self.simplex.bound_changes(), self.asserted.len()));
        }
    }

    /// Pops the bounds asserted above `level`.
    pub fn backtrack(&mut self, level: u32) {
        if self.marks.len() as u32 <= level {
            return;
        }
        let (changes, asserted) = self.marks[level as usize];
        self.marks.truncate(level as usize);
        self.simplex.pop_bounds(changes);
        self.asserted.truncate(asserted);
    }

    /// Pivots so far.
    pub fn pivots(&self) -> u64 {
        self.simplex.pivots
    }
}

/// Why [`linear_sequence_interpolants`] gave no interpolants.
#[derive(Debug, thiserror::Error)]
pub enum LinearInterpolationError {
    /// The conjunction of all parts has a rational solution (with Int variables it may still
    /// be integer-infeasible; interpolation by cuts is not implemented).
    #[error("the conjunction is satisfiable over the rationals{0}")]
    Satisfiable(&'static str),
    /// A term is not linear or a variable is not of sort Int or Real.
    #[error(transparent)]
    Smt(#[from] SmtError),
    /// An interpolant failed its verification (an internal error).
    #[error("internal error: interpolant {0} failed verification: {1}")]
    Rejected(usize, &'static str),
}

/// An interpolant: a linear constraint over the variables shared by its two sides.
pub type Interpolant = LinearConstraint;

fn as_literals(constraint: &LinearConstraint) -> Vec<ArithLiteral> {
    let terms: Vec<(Rational, TermId)> =
        constraint.form.coefficients.iter().map(|(x, c)| (c.clone(), *x)).collect();
    let literal = ArithLiteral {
        terms,
        constant: constraint.form.constant.clone(),
        strict: constraint.relation == Relation::Lt,
    };
    match constraint.relation {
        Relation::Eq => {
            let mut negated = literal.negated();
            negated.strict = false;
            vec![literal, negated]
        }
        _ => vec![literal],
    }
}

/// The Farkas refutation of a conjunction of premises, if the simplex finds one: a coefficient
/// per premise (zero for those not used), verified by the independent checker.
fn refute(store: &TermStore, premises: &[ArithLiteral]) -> Result<Option<Vec<Rational>>, SmtError> {
    let (mut atoms, assignment, owner) = match encode_premises(store, premises)? {
        Ok(encoded) => encoded,
        Err(k) => {
            // A false constant premise alone is the refutation.
            let mut coefficients = vec![Rational::new(); premises.len()];
            coefficients[k] = Rational::from(1);
            return Ok(Some(coefficients));
        }
    };
    match atoms.check(store, &assignment)? {
        Verdict::Conflict(explanation) => {
            let mut coefficients = vec![Rational::new(); premises.len()];
            for (atom, value, c) in explanation.literals {
                let at = assignment.iter().position(|&p| p == (atom, value)).unwrap_or(0);
                coefficients[owner[at]] += c;
            }
            Ok(Some(coefficients))
        }
        Verdict::Consistent(_) | Verdict::Split(..) | Verdict::FormSplit(_) | Verdict::Cut(_) => {
            Ok(None)
        }
    }
}

/// The premises as atoms with their values (each `(atom, value)` once, with the premise it
/// came from); `Err(k)` when premise `k` is a false constant.
#[allow(clippy::type_complexity)]
fn encode_premises(
    store: &TermStore,
    premises: &[ArithLiteral],
) -> Result<Result<(Atoms, Vec<(usize, bool)>, Vec<usize>), usize>, SmtError> {
    let mut atoms = Atoms::default();
    let mut assignment = Vec::new();
    let mut owner = Vec::new();
    for (k, p) in premises.iter().enumerate() {
        match atoms.encode(store, p.clone())? {
            Encoded::Constant(true) => {}
            Encoded::Constant(false) => return Ok(Err(k)),
            Encoded::Atom(i, value) => {
                if !assignment.contains(&(i, value)) {
                    assignment.push((i, value));
                    owner.push(k);
                }
            }
        }
    }
    Ok(Ok((atoms, assignment, owner)))
}

/// Where branch and bound splits a conjunction of linear constraints that is satisfiable over
/// the rationals but, perhaps, not over the integers: a constraint `π - k <= 0` over Int
/// variables with integer coefficients, so that every integer point meets it or its
/// negation `π - k - 1 >= 0`, as [`Atoms::check`] chooses it: an Int variable of fractional
/// value at the simplex's vertex, a bounded form split at its lower bound, or the split of a
/// Diophantine conflict (each side then has a Farkas refutation). `None` when the vertex is
/// an integer solution, or the constraints are refuted without a split.
pub fn integer_split(
    store: &TermStore,
    parts: &[Vec<LinearConstraint>],
) -> Result<Option<LinearConstraint>, SmtError> {
    let premises: Vec<ArithLiteral> = parts.iter().flatten().flat_map(as_literals).collect();
    let Ok((mut atoms, assignment, _)) = encode_premises(store, &premises)? else {
        return Ok(None);
    };
    let split = match atoms.check(store, &assignment)? {
        Verdict::Split(x, value) => {
            let mut form = LinearForm::default();
            form.coefficients.insert(x, Rational::from(1));
            form.constant = -value.floor();
            form
        }
        Verdict::FormSplit(literal) | Verdict::Cut(Cut { split: literal, .. }) => {
            if literal.strict {
                return Ok(None);
            }
            let mut form =
                LinearForm { coefficients: BTreeMap::new(), constant: literal.constant.clone() };
            for (c, t) in &literal.terms {
                form.add_scaled(&linearize(store, *t)?, c);
            }
            form.coefficients.retain(|_, c| c.cmp0() != Ordering::Equal);
            form
        }
        Verdict::Consistent(_) | Verdict::Conflict(_) => return Ok(None),
    };
    Ok(Some(LinearConstraint { form: split, relation: Relation::Le }))
}

/// Sequence interpolants for an infeasible conjunction `parts[0] ∧ … ∧ parts[n-1]` of linear
/// constraints: `n - 1` constraints `I_1 … I_{n-1}` with `parts[0..i] ⇒ I_i`,
/// `I_i ∧ parts[i] ⇒ I_{i+1}`, `I_{n-1} ∧ parts[n-1]` infeasible, and each `I_i` over the
/// variables shared by `parts[0..i]` and `parts[i..]`. McMillan's construction: the Farkas
/// refutation's combination of the constraints of `parts[0..i]`. Every interpolant is verified
/// (entailments by refutations checked with the Farkas checker) before it is returned.
pub fn linear_sequence_interpolants(
    store: &TermStore,
    parts: &[Vec<LinearConstraint>],
) -> Result<Vec<Interpolant>, LinearInterpolationError> {
    let mut premises = Vec::new();
    let mut part_of = Vec::new();
    for (p, part) in parts.iter().enumerate() {
        for c in part {
            for literal in as_literals(c) {
                premises.push(literal);
                part_of.push(p);
            }
        }
    }
    let Some(coefficients) = refute(store, &premises)? else {
        let note = if premises_have_integers(store, &premises) {
            " (integer infeasibility without rational infeasibility needs cuts, not implemented)"
        } else {
            ""
        };
        return Err(LinearInterpolationError::Satisfiable(note));
    };
    let mut interpolants = Vec::new();
    for cut in 1..parts.len() {
        let mut sum = LinearForm::default();
        let mut strict = false;
        for (k, literal) in premises.iter().enumerate() {
            if part_of[k] >= cut || coefficients[k].cmp0() == Ordering::Equal {
                continue;
            }
            let mut form =
                LinearForm { coefficients: BTreeMap::new(), constant: literal.constant.clone() };
            for (c, t) in &literal.terms {
                form.add_scaled(&linearize(store, *t)?, c);
            }
            let (form, is_strict) = rounded(store, &form, literal.strict);
            sum.add_scaled(&form, &coefficients[k]);
            strict |= is_strict;
        }
        let relation = if strict { Relation::Lt } else { Relation::Le };
        interpolants.push(LinearConstraint { form: sum, relation });
    }
    verify_sequence(store, parts, &interpolants)?;
    Ok(interpolants)
}

/// The canonical form of a premise with the integer rounding the simplex applies, so that the
/// combination with the simplex's coefficients is the one that refutes.
fn rounded(store: &TermStore, form: &LinearForm, strict: bool) -> (LinearForm, bool) {
    let Some((s, factor)) = canonical(form) else { return (form.clone(), strict) };
    let integral = s.iter().all(|(x, _)| store.sort_of(*x) == SortId::INT);
    // factor·s + k ⋈ 0 with factor = ±1/scale: normalise to |scale|·(…) so that s has the
    // canonical coefficients up to sign, then round the constant.
    let sign = if factor.cmp0() == Ordering::Less { -1 } else { 1 };
    let scale = Rational::from(sign) / &factor;
    let mut out = LinearForm::default();
    out.add_scaled(form, &scale);
    if !integral {
        return (out, strict);
    }
    // Σ b·x + k ⋈ 0 ⇔ Σ b·x ⋈ -k; rounded: Σ b·x <= floor(-k) or <= ceil(-k) - 1 if strict.
    let rhs = -out.constant.clone();
    let rhs = if strict { rhs.ceil() - 1u32 } else { rhs.floor() };
    out.constant = -rhs;
    (out, false)
}

fn premises_have_integers(store: &TermStore, premises: &[ArithLiteral]) -> bool {
    premises.iter().any(|p| {
        p.terms.iter().any(|(_, t)| {
            linearize(store, *t)
                .map(|f| f.coefficients.keys().any(|x| store.sort_of(*x) == SortId::INT))
                .unwrap_or(false)
        })
    })
}

fn variables_of(constraints: &[&LinearConstraint]) -> Vec<TermId> {
    let mut vars: Vec<TermId> =
        constraints.iter().flat_map(|c| c.form.coefficients.keys().copied()).collect();
    vars.sort();
    vars.dedup();
    vars
}

fn infeasible(
    store: &TermStore,
    constraints: &[&LinearConstraint],
    negated: Option<&LinearConstraint>,
) -> Result<bool, SmtError> {
    let mut premises: Vec<ArithLiteral> = constraints.iter().flat_map(|c| as_literals(c)).collect();
    if let Some(goal) = negated {
        let literal = as_literals(goal).remove(0);
        premises.push(literal.negated());
    }
    Ok(refute(store, &premises)?.is_some())
}

fn verify_sequence(
    store: &TermStore,
    parts: &[Vec<LinearConstraint>],
    interpolants: &[Interpolant],
) -> Result<(), LinearInterpolationError> {
    for (i, interpolant) in interpolants.iter().enumerate() {
        let cut = i + 1;
        let before: Vec<&LinearConstraint> = parts[..cut].iter().flatten().collect();
        let after: Vec<&LinearConstraint> = parts[cut..].iter().flatten().collect();
        let shared: Vec<TermId> = {
            let (a, b) = (variables_of(&before), variables_of(&after));
            a.into_iter().filter(|x| b.contains(x)).collect()
        };
        if interpolant.form.coefficients.keys().any(|x| !shared.contains(x)) {
            return Err(LinearInterpolationError::Rejected(cut, "it names an unshared variable"));
        }
        if !infeasible(store, &before, Some(interpolant))? {
            return Err(LinearInterpolationError::Rejected(
                cut,
                "it does not follow from its prefix",
            ));
        }
        let mut rest = after.clone();
        rest.push(interpolant);
        if !infeasible(store, &rest, None)? {
            return Err(LinearInterpolationError::Rejected(
                cut,
                "it is consistent with the suffix",
            ));
        }
        if let Some(next) = interpolants.get(i + 1) {
            let mut step: Vec<&LinearConstraint> = parts[cut].iter().collect();
            step.push(interpolant);
            if !infeasible(store, &step, Some(next))? {
                return Err(LinearInterpolationError::Rejected(
                    cut + 1,
                    "it does not follow from the previous one",
                ));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(n: i64) -> Rational {
        Rational::from(n)
    }

    fn variables(store: &mut TermStore, sort: SortId, names: &[&str]) -> Vec<TermId> {
        names
            .iter()
            .map(|n| {
                let f = store.declare_fun(n, vec![], sort, false);
                store.apply(f, vec![])
            })
            .collect()
    }

    fn constraint(terms: &[(i64, TermId)], constant: i64, relation: Relation) -> LinearConstraint {
        LinearConstraint {
            form: LinearForm {
                coefficients: terms.iter().map(|(c, x)| (*x, q(*c))).collect(),
                constant: q(constant),
            },
            relation,
        }
    }

    #[test]
    fn proportional_atoms_share_a_row_and_rounding_applies_to_integers() {
        let mut store = TermStore::new();
        let v = variables(&mut store, SortId::INT, &["x", "y"]);
        let mut atoms = Atoms::default();
        // 2x + 2y <= 3 and -x - y < -1 (x + y > 1) share the form x + y.
        let a = ArithLiteral {
            terms: vec![(q(2), v[0]), (q(2), v[1])],
            constant: q(-3),
            strict: false,
        };
        let b = ArithLiteral {
            terms: vec![(q(-1), v[0]), (q(-1), v[1])],
            constant: q(1),
            strict: true,
        };
        let (Encoded::Atom(i, true), Encoded::Atom(j, false)) =
            (atoms.encode(&store, a).unwrap(), atoms.encode(&store, b).unwrap())
        else {
            panic!("expected atoms")
        };
        assert_eq!(atoms.atoms()[i].form, atoms.atoms()[j].form);
        // Over the integers x + y <= 1 (3/2 rounded down) and x + y >= 2 conflict.
        let Verdict::Conflict(explanation) = atoms.check(&store, &[(i, true), (j, false)]).unwrap()
        else {
            panic!("expected a conflict")
        };
        assert_eq!(explanation.literals.len(), 2);
    }

    /// Encodes each literal as true and returns the assignment.
    fn assume(
        atoms: &mut Atoms,
        store: &TermStore,
        literals: &[ArithLiteral],
    ) -> Vec<(usize, bool)> {
        let mut assignment = Vec::new();
        for literal in literals {
            let Encoded::Atom(i, polarity) = atoms.encode(store, literal.clone()).unwrap() else {
                panic!("expected an atom")
            };
            if !assignment.contains(&(i, polarity)) {
                assignment.push((i, polarity));
            }
        }
        assignment
    }

    #[test]
    fn branch_and_bound_splits_a_fractional_integer() {
        let mut store = TermStore::new();
        let x = variables(&mut store, SortId::INT, &["x"])[0];
        let r = variables(&mut store, SortId::REAL, &["r"])[0];
        let mut atoms = Atoms::default();
        // r = 2x and r = 1 force x = 1/2 over the rationals.
        let literal = |terms: Vec<(Rational, TermId)>, constant: i64| ArithLiteral {
            terms,
            constant: q(constant),
            strict: false,
        };
        let mut assignment = assume(
            &mut atoms,
            &store,
            &[
                literal(vec![(q(1), r), (q(-2), x)], 0),
                literal(vec![(q(-1), r), (q(2), x)], 0),
                literal(vec![(q(1), r)], -1),
                literal(vec![(q(-1), r)], 1),
            ],
        );
        let Verdict::Split(split_on, below) = atoms.check(&store, &assignment).unwrap() else {
            panic!("expected a split")
        };
        assert_eq!((split_on, below.clone()), (x, q(0)));
        let split = atoms.split_atom(&store, x, &below).unwrap();
        // Both branches are infeasible: x <= 0 gives r <= 0, x >= 1 gives r >= 2.
        for value in [true, false] {
            assignment.push((split, value));
            let verdict = atoms.check(&store, &assignment).unwrap();
            assert!(matches!(verdict, Verdict::Conflict(_)), "{value}: {verdict:?}");
            assignment.pop();
        }
        // A split on a Real variable is refused by the checker.
        assert!(matches!(atoms.split_atom(&store, r, &q(0)), Err(SmtError::SplitRejected)));
    }

    #[test]
    fn interpolants_of_a_chain_are_verified() {
        let mut store = TermStore::new();
        let v = variables(&mut store, SortId::REAL, &["x", "y", "z"]);
        // x <= 0 | y <= x | z <= y, z > 0 (as -z < 0).
        let parts = vec![
            vec![constraint(&[(1, v[0])], 0, Relation::Le)],
            vec![constraint(&[(1, v[1]), (-1, v[0])], 0, Relation::Le)],
            vec![
                constraint(&[(1, v[2]), (-1, v[1])], 0, Relation::Le),
                constraint(&[(-1, v[2])], 0, Relation::Lt),
            ],
        ];
        let interpolants = linear_sequence_interpolants(&store, &parts).unwrap();
        assert_eq!(interpolants.len(), 2);
        assert_eq!(
            interpolants[0].form.coefficients.keys().copied().collect::<Vec<_>>(),
            vec![v[0]]
        );
        assert_eq!(
            interpolants[1].form.coefficients.keys().copied().collect::<Vec<_>>(),
            vec![v[1]]
        );
        // A satisfiable conjunction has none.
        let sat = vec![parts[0].clone(), parts[1].clone()];
        assert!(matches!(
            linear_sequence_interpolants(&store, &sat),
            Err(LinearInterpolationError::Satisfiable(_))
        ));
    }
}

#[cfg(test)]
mod bound_propagation_tests {
    use super::*;

    /// The value of `literal` when `x` is `at` and every other variable 0.
    fn holds(literal: &ArithLiteral, x: TermId, at: &Rational) -> bool {
        let mut sum = literal.constant.clone();
        for (c, t) in &literal.terms {
            if *t == x {
                sum += Rational::from(c * at);
            }
        }
        match sum.cmp0() {
            Ordering::Less => true,
            Ordering::Equal => !literal.strict,
            Ordering::Greater => false,
        }
    }

    /// Random bounds `c·(x - y) + k ⋈ 0` on one form, over Int and over Real: what
    /// [`Atoms::implied_by`] proposes is exactly what every value of the form allowed by the
    /// asserted literal forces (values on a grid fine enough to fall strictly between any two
    /// bounds), and every proposal's lemma passes the Farkas checker.
    #[test]
    fn implied_bounds_are_exactly_the_forced_ones() {
        let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % n
        };
        for round in 0..60 {
            let sort = if round % 2 == 0 { SortId::INT } else { SortId::REAL };
            let mut store = TermStore::new();
            let x = store.declare_fun("x", vec![], sort, false);
            let x = store.apply(x, vec![]);
            let y = store.declare_fun("y", vec![], sort, false);
            let y = store.apply(y, vec![]);
            let mut atoms = Atoms::default();
            for _ in 0..1 + next(8) {
                let c = [1i64, -1, 2, -2, 3, -3][next(6) as usize];
                let literal = ArithLiteral {
                    terms: vec![(Rational::from(c), x), (Rational::from(-c), y)],
                    constant: Rational::from(next(13) as i64 - 6),
                    strict: next(2) == 0,
                };
                atoms.encode(&store, literal).unwrap();
            }
            // y is 0 at every sample, so the form x - y is x.
            let step =
                if sort == SortId::INT { Rational::from(1) } else { Rational::from((1, 12)) };
            let samples: Vec<Rational> = (-120..=120).map(|k| Rational::from(k) * &step).collect();
            let n = atoms.atoms().len();
            for i in 0..n {
                for value in [true, false] {
                    let allowed: Vec<&Rational> = samples
                        .iter()
                        .filter(|v| holds(&atoms.atoms()[i].literal, x, v) == value)
                        .collect();
                    let mut expected = Vec::new();
                    for j in (0..n).filter(|&j| j != i) {
                        for implied in [true, false] {
                            let literal = &atoms.atoms()[j].literal;
                            if allowed.iter().all(|v| holds(literal, x, v) == implied) {
                                expected.push((j, implied));
                            }
                        }
                    }
                    let mut proposed = atoms.implied_by(i, value, |_| false);
                    for &(j, implied) in &proposed {
                        atoms.propagation_lemma(&store, (i, value), (j, implied)).unwrap();
                    }
                    proposed.sort_unstable();
                    expected.sort_unstable();
                    assert_eq!(proposed, expected, "round {round}, atom {i} = {value}");
                }
            }
        }
    }
}

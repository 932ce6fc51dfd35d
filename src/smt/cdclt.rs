//! The CDCL(T) loop: [`check`] decides a conjunction of formulas with the theories inside
//! the SAT search, and around it what needs new atoms or terms (array lemmas, interface
//! equalities, cuts and splits), until a checked model or a checked refutation.
//!
//! # The loop
//!
//! The Boolean structure is Tseitin-encoded; each equality atom `a = b` (and each Boolean
//! application `p`, read as `p = true`) gets a SAT variable, and so does each arithmetic atom
//! (a bound on a linear form, [`linear`]). The search is CDCL(T): the SAT solver runs with the
//! theories in its loop ([`Solver::solve_with_theory`], `OnlineTheory` here), and they see
//! every partial assignment, not only complete ones.
//!
//! - After each unit-propagation fixpoint, the new equality literals go to a backtracking
//!   congruence closure ([`cc`]: merges for true atoms, a disequality list for
//!   false ones) and the new arithmetic literals to a simplex whose tableau is kept for the
//!   whole search (bounds pushed, and popped on backjumps; the values stay, Dutertre and de
//!   Moura), which then pivots back into its bounds.
//! - A violated disequality `a ≠ b` is explained as a set of true input equalities `E`, and
//!   the lemma `¬E ∨ a = b` (confirmed by [`super::check::implies`]) is the conflict clause the SAT
//!   solver analyses; an infeasible simplex gives a Farkas lemma (confirmed by
//!   [`farkas::refutes`]).
//! - Otherwise the closure propagates, in atom order: an unassigned atom `c = d` whose sides
//!   are in one class is implied true (`¬E ∨ c = d`), and one whose sides are in the classes
//!   of an asserted disequality `a ≠ b` is implied false (`¬(c = d) ∨ a = b ∨ ¬E`); each
//!   explanation clause is confirmed by [`super::check::implies`] before the solver sees it.
//! - Lemmas and explanations become original clauses of the solver mid-search, each recorded
//!   with its `Origin` by clause id, exactly as the clauses added between calls are, so the
//!   SAT proof, its checker, `check_leaves`, interpolation and `get-proof` read them as before.
//! - What needs new atoms or terms stays outside the search, at a complete assignment the
//!   theories accepted: array lemmas, interface equalities, Gomory cuts (verified as split
//!   cuts, `linear::Atoms::check_with_cuts`) and branch-and-bound splits (taken
//!   from a simplex started from the skeleton's values, so that splits converge as they did);
//!   each sends the SAT solver round again (`SmtStats::rounds`). Otherwise the model is built
//!   and checked by evaluation.
//!
//! - Arithmetic propagates bounds on one form (Dutertre and de Moura's cheap kind): an
//!   asserted `s <= 3` makes every unassigned `s <= c` with `c >= 3` true and `s > 3` every
//!   `s <= c` with `c <= 3` false, each with the two-literal Farkas lemma the checker confirms
//!   (`linear::Atoms::implied_by`, over each form's atoms kept sorted by bound, so a
//!   propagation costs a binary search and the atoms it assigns). Bounds implied through rows
//!   are not propagated: the simplex finds those conflicts at the fixpoint.
//!
//! # Theory combination (EUF with linear arithmetic)
//!
//! Uninterpreted functions may take and return Int and Real values (QF_UFLIA, QF_UFLRA). The
//! method is model-based theory combination in the style of de Moura and Bjørner: each
//! theory decides its own literals and builds its own model, and only where the two models
//! disagree on an equality between arithmetic terms is that equality made a new atom, which
//! the SAT solver then decides (a delayed split; LIA is not convex, so equalities between
//! shared terms cannot simply be propagated, and deciding them by splitting is complete).
//!
//! - Purification is implicit: an application `f(t̄)` of arithmetic sort (and an integer
//!   quotient `(div x k)`) is a variable to the simplex and the Farkas checker, and an
//!   opaque term to the congruence closure, which also sees interpreted terms such as `x + 1`
//!   as applications (congruence over them is sound: they are functions too).
//! - After both theories accept a propositional model, `interface_equalities` compares
//!   them on the terms the assertions mention: two applications of one function whose
//!   arguments agree (equal numbers, or one class) but whose results do not, and two
//!   arithmetic terms in one class with different numbers. For each such pair `a, b` the
//!   interface atom `e` (the EUF atom `a = b`) is made and tied to arithmetic by the clauses
//!   of `e ⇔ a - b <= 0 ∧ b - a <= 0` (`Encoder::bridge`). These clauses are the definition
//!   of equality in an ordered field; the check is that their arithmetic literals denote
//!   exactly `a - b <= 0` and `b - a <= 0`, which the Farkas checker confirms on its own
//!   canonical forms ([`farkas::same_constraint`], or [`farkas::refutes`] when the difference
//!   is a constant). Every other lemma is the usual one: EUF conflicts (over any atoms,
//!   interface atoms included) checked by [`super::check::implies`], arithmetic conflicts by
//!   [`farkas::refutes`].
//! - A pair once bridged is decided by both theories from then on (`e` true: one class and,
//!   through the clauses, equal numbers; `e` false: different numbers and, through EUF's
//!   disequality check, different classes), so each pair is bridged at most once and the loop
//!   ends. When no pair is left, the classes and numbers agree on every argument and result,
//!   and the function tables built from them (arguments and results numbers where the sort is
//!   arithmetic) are functions; the model is then checked by evaluation as always.
//! - `(div x k)` for a nonzero numeral `k` is bounded by its definition,
//!   `0 <= x - k·d <= |k| - 1`, as two unit clauses whose literals
//!   [`farkas::division_bounds`] reads from the term;
//!   `mod` is `x - k·(div x k)` (built by the front end), and the model evaluates `div` with
//!   [`super::euclidean_div`], so a `sat` answer is checked against SMT-LIB's semantics.

use rug::Rational;
use rustc_hash::FxHashMap;

use super::deadline::Deadline;
use super::error::SmtError;
use super::model::{Model, build_model, solved_value};
use super::term::{ArithOp, Formula, FunId, Interpretation, TermId, TermStore};
use super::tseitin::{Encoder, Origin};
use super::{array_check, arrays, cc, farkas, linear, proof};
use crate::sat::{
    Assignment, ClauseId, Lit, SatResult, Solver, SolverOptions, Theory, TheoryAnswer, Var,
};

/// The most branch-and-bound splits one [`check`] makes before answering
/// [`SmtError::Incomplete`].
pub const MAX_SPLITS: u64 = 2000;

/// The most Gomory cuts one [`check`] makes; branch and bound alone goes on after them.
pub const MAX_CUTS: u64 = 20;

/// Counters of one [`check`] call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SmtStats {
    /// SAT calls.
    pub rounds: u64,
    /// Theory lemmas added: conflict and propagation clauses of the theories, array instances.
    pub lemmas: u64,
    /// Equality atoms.
    pub atoms: u64,
    /// Arithmetic atoms (bounds on linear forms), including those made by splits.
    pub arith_atoms: u64,
    /// Arithmetic conflicts turned into lemmas (each checked by the Farkas checker).
    pub arith_lemmas: u64,
    /// Branch-and-bound splits.
    pub splits: u64,
    /// Gomory cuts (each verified as a split cut by the Farkas checker).
    pub cuts: u64,
    /// Simplex pivots.
    pub pivots: u64,
    /// Interface equalities between arithmetic terms made by the theory combination.
    pub interface_equalities: u64,
    /// Array axiom instances added as lemmas (each checked by [`array_check`]).
    pub array_lemmas: u64,
    /// Literals the theories propagated inside the SAT search (each with an explanation
    /// clause checked like a lemma).
    pub theory_propagations: u64,
    /// Conflicts of the SAT search, theory conflicts included.
    pub conflicts: u64,
}

/// The answer of [`check`].
#[derive(Clone, Debug)]
pub enum Answer {
    /// Satisfiable, with a model checked against every assertion.
    Sat(Model),
    /// Unsatisfiable; `core` lists the tracked assertions (their indices) the refutation used.
    Unsat {
        /// Indices into the assertions, ascending.
        core: Vec<usize>,
    },
}

/// Decides the conjunction of `assertions`. Those with `tracked[i]` true are assumed through
/// selector literals so that an `Unsat` answer can name the ones it used.
///
/// Array lemmas need terms the assertions do not have (`select`s at other indices, witness
/// constants); they are made in a private copy of the store, taken only when the assertions
/// use arrays. The model returned forgets those terms and functions, so that terms the caller
/// makes later are evaluated through the tables, never mistaken for them.
pub fn check(
    store: &TermStore,
    assertions: &[Formula],
    tracked: &[bool],
    stats: &mut SmtStats,
) -> Result<Answer, SmtError> {
    Ok(check_with_refutation(store, assertions, tracked, stats)?.0)
}

/// [`check`], keeping the refutation of an `Unsat` answer, from which
/// [`proof::Refutation::proof`] builds a proof on demand.
pub fn check_with_refutation(
    store: &TermStore,
    assertions: &[Formula],
    tracked: &[bool],
    stats: &mut SmtStats,
) -> Result<(Answer, Option<proof::Refutation>), SmtError> {
    check_with_split_limit(store, assertions, tracked, stats, MAX_SPLITS)
}

/// [`check_with_refutation`] with at most `max_splits` branch-and-bound splits instead of
/// [`MAX_SPLITS`]: for a caller whose question is optional (an answer would save work, none
/// costs nothing) and would rather give up early.
pub fn check_with_split_limit(
    store: &TermStore,
    assertions: &[Formula],
    tracked: &[bool],
    stats: &mut SmtStats,
    max_splits: u64,
) -> Result<(Answer, Option<proof::Refutation>), SmtError> {
    check_within(store, assertions, tracked, stats, max_splits, &Deadline::none())
}

/// [`check_with_split_limit`] that gives up with [`SmtError::Interrupted`] once `deadline`
/// passes: between rounds, and inside the SAT search through its own limits.
pub fn check_within(
    store: &TermStore,
    assertions: &[Formula],
    tracked: &[bool],
    stats: &mut SmtStats,
    max_splits: u64,
    deadline: &Deadline,
) -> Result<(Answer, Option<proof::Refutation>), SmtError> {
    let mut work = std::borrow::Cow::Borrowed(store);
    let (answer, encoder) =
        check_in(&mut work, assertions, tracked, stats, true, max_splits, deadline)?;
    match answer {
        Answer::Sat(mut model) => {
            model.values.truncate(store.len());
            model.tables.truncate(store.num_funs());
            model.numbers.retain(|t, _| (t.0 as usize) < store.len());
            Ok((Answer::Sat(model), None))
        }
        unsat => {
            // Array lemmas make terms in a private copy of the store; the proof names them.
            let own_store = match work {
                std::borrow::Cow::Owned(copy) => Some(copy),
                std::borrow::Cow::Borrowed(_) => None,
            };
            Ok((unsat, Some(proof::Refutation::new(encoder, own_store))))
        }
    }
}

/// Adds `t` and its subterms to the relevant terms, if they are not there yet.
fn add_relevant(
    store: &TermStore,
    t: TermId,
    relevant: &mut Vec<TermId>,
    is_relevant: &mut Vec<bool>,
) {
    is_relevant.resize(store.len(), false);
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        if std::mem::replace(&mut is_relevant[t.0 as usize], true) {
            continue;
        }
        relevant.push(t);
        stack.extend(store.term(t).args.iter().rev().copied());
    }
}

/// The literal of the equality `a = b` for a lemma: the EUF atom, tied to arithmetic by
/// [`Encoder::bridge`] (once per pair) when the terms are arithmetic.
fn equality_literal(
    encoder: &mut Encoder,
    store: &TermStore,
    a: TermId,
    b: TermId,
    bridged: &mut std::collections::BTreeSet<(TermId, TermId)>,
) -> Result<Lit, SmtError> {
    if a == b {
        return Ok(encoder.true_lit);
    }
    if store.sort_of(a).is_arithmetic() && bridged.insert((a.min(b), a.max(b))) {
        // The bridge clauses are valid on their own, whatever lemma asked for them: they are
        // recorded as such, then the lemma's origin is restored.
        let lemma_origin = std::mem::replace(&mut encoder.current, Origin::Valid);
        encoder.bridge(store, a, b)?;
        encoder.current = lemma_origin;
    }
    Ok(encoder.atom(a, b))
}

/// The theories inside the SAT search (one [`Solver::solve_with_theory`] call): the equality
/// atoms go to a backtracking congruence closure at every propagation fixpoint, which answers
/// with a conflict lemma or with propagations; the arithmetic atoms go to the kept simplex,
/// which answers with a Farkas conflict, and propagate the bounds they imply on their form.
/// Every clause handed to the solver is checked first, and recorded
/// with its origin when the solver reports its id.
struct OnlineTheory<'a> {
    store: &'a TermStore,
    encoder: &'a mut Encoder,
    stats: &'a mut SmtStats,
    closure: cc::CongruenceClosure<'a>,
    /// The simplex, kept for the whole search, with the bounds of the assigned arithmetic atoms.
    simplex: linear::OnlineSimplex,
    /// Per SAT variable: the equality atom it stands for.
    equality_of: Vec<Option<u32>>,
    /// Per SAT variable: the arithmetic atom it stands for.
    arith_of: Vec<Option<u32>>,
    /// Clauses handed to the solver whose ids have not come back yet, with their origins.
    pending: std::collections::VecDeque<(Vec<Lit>, Origin)>,
    /// Why the theory stopped the search.
    error: Option<SmtError>,
    /// The arithmetic verdict of the last final check that accepted the assignment.
    verdict: Option<linear::Verdict>,
    /// How the final check may answer a fractional Int value besides branch and bound.
    cuts: linear::Cuts,
    /// When to stop: read at every call, since one call may pivot a large tableau for
    /// longer than the SAT search runs between its own reads of the clock.
    deadline: &'a Deadline,
}

impl<'a> OnlineTheory<'a> {
    fn new(
        store: &'a TermStore,
        encoder: &'a mut Encoder,
        stats: &'a mut SmtStats,
        deadline: &'a Deadline,
    ) -> Self {
        let by_variable = |vars: &mut dyn Iterator<Item = Var>| {
            let mut of: Vec<Option<u32>> = Vec::new();
            for (i, v) in vars.enumerate() {
                if of.len() <= v.index() {
                    of.resize(v.index() + 1, None);
                }
                of[v.index()] = Some(i as u32);
            }
            of
        };
        let equality_of = by_variable(&mut encoder.atoms.iter().map(|a| a.2));
        let arith_of = by_variable(&mut encoder.arith_vars.iter().copied());
        let simplex = encoder.linear.online();
        OnlineTheory {
            store,
            encoder,
            stats,
            closure: cc::CongruenceClosure::new(store),
            simplex,
            equality_of,
            arith_of,
            pending: Default::default(),
            error: None,
            verdict: None,
            cuts: linear::Cuts::None,
            deadline,
        }
    }

    fn stop(&mut self, error: SmtError) -> TheoryAnswer {
        self.error = Some(error);
        TheoryAnswer::Stop
    }

    /// The EUF lemma `¬E ∨ a = b` for the premises `E` (atom indices, true now) and the
    /// conclusion atom `conclusion`, confirmed by [`super::check::implies`]; `None` when the check
    /// rejects it.
    fn congruence_lemma(&self, premises: &[u32], conclusion: usize) -> Option<Vec<Lit>> {
        let atoms = &self.encoder.atoms;
        let equalities: Vec<(TermId, TermId)> =
            premises.iter().map(|&j| (atoms[j as usize].0, atoms[j as usize].1)).collect();
        let (a, b, v) = atoms[conclusion];
        if !super::check::implies(self.store, &equalities, (a, b)) {
            return None;
        }
        let mut lemma = vec![v.positive()];
        lemma.extend(premises.iter().map(|&j| atoms[j as usize].2.negative()));
        Some(lemma)
    }

    /// Equality propagation: each unassigned atom whose sides are in one class is implied
    /// true; one whose sides are in the classes of an asserted disequality is implied false.
    /// In atom order.
    fn propagations(&mut self, assignment: &Assignment<'_>) -> Result<Vec<Vec<Lit>>, SmtError> {
        // The class pairs kept apart, each with the first disequality that keeps them apart.
        let mut apart: FxHashMap<(TermId, TermId), (TermId, TermId, u32)> = FxHashMap::default();
        for &(a, b, j) in self.closure.disequalities() {
            let (ra, rb) = (self.closure.find(a), self.closure.find(b));
            apart.entry((ra.min(rb), ra.max(rb))).or_insert((a, b, j));
        }
        let mut clauses = Vec::new();
        for i in 0..self.encoder.atoms.len() {
            let (c, d, v) = self.encoder.atoms[i];
            if assignment.value(v.positive()).is_some() {
                continue;
            }
            let (rc, rd) = (self.closure.find(c), self.closure.find(d));
            if rc == rd {
                let premises = self.closure.explain(c, d);
                let lemma = self.congruence_lemma(&premises, i).ok_or(SmtError::LemmaRejected)?;
                clauses.push(lemma);
            } else if let Some(&(a, b, j)) = apart.get(&(rc.min(rd), rc.max(rd))) {
                // c = d would join the classes of a and b: ¬(c = d) ∨ a = b ∨ ¬E.
                let (near_c, near_d) = if self.closure.find(a) == rc { (a, b) } else { (b, a) };
                let mut premises = self.closure.explain(c, near_c);
                premises.extend(self.closure.explain(d, near_d));
                premises.push(i as u32);
                premises.sort_unstable();
                premises.dedup();
                let lemma =
                    self.congruence_lemma(&premises, j as usize).ok_or(SmtError::LemmaRejected)?;
                // The implied literal ¬(c = d) goes first.
                let mut implied = vec![v.negative()];
                implied.extend(lemma.into_iter().filter(|&l| l != v.negative()));
                clauses.push(implied);
            }
        }
        Ok(clauses)
    }

    /// The Farkas lemma of an arithmetic conflict: the clause of the negated literals (the
    /// Farkas checker confirmed that they cannot all hold when the explanation was made).
    fn farkas_lemma(&mut self, explanation: linear::Explanation) -> TheoryAnswer {
        let lemma = self.arith_clause(&explanation);
        self.stats.arith_lemmas += 1;
        self.stats.lemmas += 1;
        self.answer(vec![(lemma, Origin::Farkas(explanation.literals))], true)
    }

    /// Pivots the simplex back into its bounds; the pivots go to the counters.
    fn check_arithmetic(&mut self) -> Result<Option<linear::Explanation>, SmtError> {
        let before = self.simplex.pivots();
        let result = self.encoder.linear.check_online(self.store, &mut self.simplex, self.deadline);
        self.stats.pivots += self.simplex.pivots() - before;
        result
    }

    /// Hands clauses to the solver with their origins: one conflict, or propagations.
    fn answer(&mut self, clauses: Vec<(Vec<Lit>, Origin)>, conflict: bool) -> TheoryAnswer {
        let mut lemmas = Vec::with_capacity(clauses.len());
        for (clause, origin) in clauses {
            self.pending.push_back((clause.clone(), origin));
            lemmas.push(clause);
        }
        if conflict {
            TheoryAnswer::Conflict(lemmas.into_iter().next().unwrap_or_default())
        } else {
            TheoryAnswer::Propagations(lemmas)
        }
    }

    /// The clause of the negated literals of an arithmetic explanation, in its order.
    fn arith_clause(&self, explanation: &linear::Explanation) -> Vec<Lit> {
        explanation
            .literals
            .iter()
            .map(|&(i, value, _)| {
                let v = self.encoder.arith_vars[i];
                if value { v.negative() } else { v.positive() }
            })
            .collect()
    }

    /// Bound propagation: the arithmetic atoms, unassigned now, whose values follow from the
    /// bounds `asserted` (in order, each atom proposed once), each with its two-literal
    /// Farkas lemma.
    fn bound_propagations(
        &self,
        asserted: &[(usize, bool)],
        assignment: &Assignment<'_>,
    ) -> Result<Vec<(Vec<Lit>, Origin)>, SmtError> {
        let linear = &self.encoder.linear;
        let arith_vars = &self.encoder.arith_vars;
        let mut proposed: rustc_hash::FxHashSet<usize> = Default::default();
        let mut clauses = Vec::new();
        for &(i, value) in asserted {
            let assigned = |j: usize| assignment.value(arith_vars[j].positive()).is_some();
            for (j, implied) in linear.implied_by(i, value, assigned) {
                // Membership only; the order of the clauses is the order of `asserted`.
                if !proposed.insert(j) {
                    continue;
                }
                let explanation = linear.propagation_lemma(self.store, (i, value), (j, implied))?;
                clauses
                    .push((self.arith_clause(&explanation), Origin::Farkas(explanation.literals)));
            }
        }
        Ok(clauses)
    }
}

impl Theory for OnlineTheory<'_> {
    fn backtrack(&mut self, level: u32) {
        self.closure.backtrack(level);
        self.simplex.backtrack(level);
    }

    fn assigned(&mut self, new: &[Lit], assignment: &Assignment<'_>) -> TheoryAnswer {
        self.closure.set_level(assignment.level());
        self.simplex.set_level(assignment.level());
        if self.deadline.passed_sometimes() {
            return self.stop(SmtError::Interrupted);
        }
        let mut bounds = Vec::new();
        for &l in new {
            let index = l.var().index();
            if let Some(i) = self.arith_of.get(index).copied().flatten() {
                let asserted = self.encoder.linear.assert_online(
                    self.store,
                    &mut self.simplex,
                    i as usize,
                    !l.is_negative(),
                );
                match asserted {
                    Err(e) => return self.stop(e),
                    Ok(Some(explanation)) => return self.farkas_lemma(explanation),
                    Ok(None) => bounds.push((i as usize, !l.is_negative())),
                }
            }
            let Some(i) = self.equality_of.get(index).copied().flatten() else {
                continue;
            };
            let (a, b, _) = self.encoder.atoms[i as usize];
            if l.is_negative() {
                self.closure.assert_disequality(a, b, i);
            } else {
                self.closure.merge(a, b, i);
            }
        }
        if let Some((a, b, j)) = self.closure.violated() {
            let premises = self.closure.explain(a, b);
            let Some(lemma) = self.congruence_lemma(&premises, j as usize) else {
                return self.stop(SmtError::LemmaRejected);
            };
            self.stats.lemmas += 1;
            return self.answer(vec![(lemma, Origin::Congruence)], true);
        }
        match self.check_arithmetic() {
            Err(e) => return self.stop(e),
            Ok(Some(explanation)) => return self.farkas_lemma(explanation),
            Ok(None) => {}
        }
        let equalities = match self.propagations(assignment) {
            Err(e) => return self.stop(e),
            Ok(clauses) => clauses.into_iter().map(|c| (c, Origin::Congruence)),
        };
        let clauses: Vec<(Vec<Lit>, Origin)> = match self.bound_propagations(&bounds, assignment) {
            Err(e) => return self.stop(e),
            Ok(arithmetic) => equalities.chain(arithmetic).collect(),
        };
        if clauses.is_empty() {
            return TheoryAnswer::Fine;
        }
        self.stats.theory_propagations += clauses.len() as u64;
        self.stats.lemmas += clauses.len() as u64;
        self.answer(clauses, false)
    }

    fn final_check(&mut self, assignment: &Assignment<'_>) -> TheoryAnswer {
        // Every literal was shown to `assigned`, whose checks passed; what is left is the
        // solution (or the split) of the simplex.
        if self.deadline.passed_sometimes() {
            return self.stop(SmtError::Interrupted);
        }
        match self.check_arithmetic() {
            Err(e) => return self.stop(e),
            Ok(Some(explanation)) => return self.farkas_lemma(explanation),
            Ok(None) => {}
        }
        let verdict = self.encoder.linear.online_solution(self.store, &mut self.simplex);
        if !matches!(verdict, linear::Verdict::Split(..)) {
            self.verdict = Some(verdict);
            return TheoryAnswer::Fine;
        }
        // The kept tableau's values wander with the search, and branch and bound on unbounded
        // Int variables chases them; a simplex started from the skeleton's values (all 0) with
        // the same bounds finds the small solutions the splits converge on, so the split (or
        // the solution) is taken from it.
        let values: Vec<(usize, bool)> = self
            .encoder
            .arith_vars
            .iter()
            .enumerate()
            .map(|(i, &v)| (i, assignment.value(v.positive()).unwrap_or(false)))
            .collect();
        let pivots_before = self.encoder.linear.pivots;
        let verdict =
            self.encoder.linear.check_with_cuts(self.store, &values, self.cuts, self.deadline);
        self.stats.pivots += self.encoder.linear.pivots - pivots_before;
        match verdict {
            Err(e) => self.stop(e),
            Ok(linear::Verdict::Conflict(explanation)) => self.farkas_lemma(explanation),
            Ok(verdict) => {
                self.verdict = Some(verdict);
                TheoryAnswer::Fine
            }
        }
    }

    fn lemma_added(&mut self, id: ClauseId) {
        if let Some((clause, origin)) = self.pending.pop_front() {
            self.encoder.clauses.insert(id.0, clause);
            self.encoder.origins.insert(id.0, origin);
        }
    }
}

/// The loop itself; the encoder is returned with the answer so that interpolation can read the
/// refutation and the origin of its leaves. Without `gomory_cuts`, integer problems are left
/// to the Diophantine step, split conflicts, form splits and branch and bound, none of which
/// makes an atom over a new form (interpolation asks for that when a cut's literal mixes both
/// sides).
pub(super) fn check_in(
    work: &mut std::borrow::Cow<'_, TermStore>,
    assertions: &[Formula],
    tracked: &[bool],
    stats: &mut SmtStats,
    gomory_cuts: bool,
    max_splits: u64,
    deadline: &Deadline,
) -> Result<(Answer, Encoder), SmtError> {
    let store: &TermStore = work;
    let mut encoder = Encoder {
        solver: Solver::with_options(SolverOptions::checked()),
        clauses: FxHashMap::default(),
        origins: FxHashMap::default(),
        current: Origin::Truth,
        owners: FxHashMap::default(),
        atoms: Vec::new(),
        atom_index: FxHashMap::default(),
        true_lit: Lit::new(Var(0), false),
        linear: linear::Atoms::default(),
        arith_vars: Vec::new(),
        gates: FxHashMap::default(),
        roots: FxHashMap::default(),
        selectors: Vec::new(),
    };
    encoder.true_lit = encoder.fresh();
    let t = encoder.true_lit;
    encoder.add(vec![t]);
    let mut selectors = Vec::new();
    for (i, formula) in assertions.iter().enumerate() {
        encoder.current = Origin::Assertion(i);
        let root = encoder.encode(store, formula)?;
        if tracked.get(i).copied().unwrap_or(false) {
            let s = encoder.fresh();
            selectors.push((s, i));
            encoder.selectors.push(s.var());
            let id = encoder.add(vec![!s, root]);
            encoder.roots.insert(id.0, i);
        } else {
            let id = encoder.add(vec![root]);
            encoder.roots.insert(id.0, i);
        }
    }
    encoder.current = Origin::Valid;
    // The terms the assertions mention: the combination and the model consider only these
    // (the store may hold terms of other scopes).
    let mut relevant = relevant_terms(store, assertions);
    let arrays_used = arrays::supported(store, &relevant)?;
    let mut array_checker = array_check::ArrayLemmaChecker::new(store.num_funs());
    let mut instances_done = std::collections::BTreeSet::new();
    let mut skolems = std::collections::BTreeMap::new();
    let mut is_relevant = vec![false; store.len()];
    for &t in &relevant {
        is_relevant[t.0 as usize] = true;
    }
    // Each integer quotient gets the two bounds of its definition as unit clauses.
    for &t in &relevant {
        if store.interpretation(store.term(t).fun) != Some(&Interpretation::Op(ArithOp::Div)) {
            continue;
        }
        let Some(bounds) = farkas::division_bounds(store, t) else {
            return Err(SmtError::Unsupported(
                "div and mod need a nonzero numeral divisor".to_string(),
            ));
        };
        for bound in bounds {
            let l = encoder.checked_arith(store, bound)?;
            encoder.add(vec![l]);
        }
    }
    let mut bridged: std::collections::BTreeSet<(TermId, TermId)> = Default::default();
    let mut splits = 0u64;
    let mut cuts = 0u64;
    let assumptions: Vec<Lit> = selectors.iter().map(|&(s, _)| s).collect();
    if let Some(flag) = &deadline.cancel {
        encoder.solver.set_cancel_flag(flag.clone());
    }
    loop {
        if deadline.passed() {
            return Err(SmtError::Interrupted);
        }
        encoder.solver.set_limits(deadline.sat_limits());
        stats.rounds += 1;
        let store: &TermStore = work;
        let mut solver = std::mem::take(&mut encoder.solver);
        let mut theory = OnlineTheory::new(store, &mut encoder, stats, deadline);
        // Split conflicts add no atom, so they go on past the cut limit.
        theory.cuts = if gomory_cuts && cuts < MAX_CUTS {
            linear::Cuts::Gomory
        } else {
            linear::Cuts::SplitConflicts
        };
        let result = solver.solve_with_theory(&assumptions, &mut theory);
        let (error, verdict) = (theory.error.take(), theory.verdict.take());
        let leftover = !theory.pending.is_empty();
        encoder.solver = solver;
        stats.conflicts = encoder.solver.stats().conflicts;
        if let Some(error) = error {
            return Err(error);
        }
        if leftover {
            return Err(SmtError::LeafRejected);
        }
        match result? {
            // Only the deadline's limits stop the search.
            SatResult::Unknown(_) => return Err(SmtError::Interrupted),
            SatResult::Unsat { failed_assumptions } => {
                if let (Some(proof), Some(root)) =
                    (encoder.solver.proof(), encoder.solver.refutation())
                {
                    crate::sat::check::check_leaves(proof, root, |id| {
                        encoder.clauses.get(&id.0).map(|c| c.as_slice())
                    })
                    .map_err(|_| SmtError::LeafRejected)?;
                }
                let mut core: Vec<usize> = failed_assumptions
                    .iter()
                    .filter_map(|l| selectors.iter().find(|(s, _)| s == l).map(|&(_, i)| i))
                    .collect();
                core.sort_unstable();
                return Ok((Answer::Unsat { core }, encoder));
            }
            SatResult::Sat(model) => {
                // The closure and the simplex accepted the assignment inside the search; what
                // is left needs new atoms or terms: array lemmas, branch-and-bound splits,
                // interface equalities, and the model. The closure for them is rebuilt from
                // the model's true atoms (one closure per round, cheap beside the search) rather
                // than taken from the search, so what follows reads the model alone.
                let mut closure = cc::CongruenceClosure::new(store);
                for (i, &(a, b, v)) in encoder.atoms.iter().enumerate() {
                    if model.value(v) {
                        closure.merge(a, b, i as u32);
                    }
                }
                let mut numbers = FxHashMap::default();
                let mut split_made = false;
                match verdict {
                    None => return Err(SmtError::Stopped),
                    Some(linear::Verdict::Conflict(_)) => return Err(SmtError::FarkasRejected),
                    Some(linear::Verdict::Split(..) | linear::Verdict::FormSplit(_))
                        if splits >= max_splits =>
                    {
                        return Err(SmtError::Incomplete(format!(
                            "branch and bound reached its limit of {max_splits} splits"
                        )));
                    }
                    Some(linear::Verdict::Split(x, below)) => {
                        // The split x <= n ∨ x >= n + 1 is the tautology p ∨ ¬p for the new atom
                        // p = (x <= n), whose negation the theory rounds to x >= n + 1; so no
                        // clause is needed, only the atom, which the next model must decide.
                        let i = encoder.linear.split_atom(store, x, &below)?;
                        let v = encoder.split_var(i, "branch and bound")?;
                        // The branch towards 0 first: on unbounded variables, always going up
                        // (the solver's default phase) chases a vertex that moves away.
                        encoder.solver.set_phase(v, below.cmp0() == std::cmp::Ordering::Less);
                        splits += 1;
                        stats.splits += 1;
                        split_made = true;
                    }
                    Some(linear::Verdict::FormSplit(literal)) => {
                        // As for a variable: the atom alone, whose two values are the split.
                        let i = encoder.linear.form_split_atom(store, literal)?;
                        encoder.split_var(i, "a form split")?;
                        splits += 1;
                        stats.splits += 1;
                        split_made = true;
                    }
                    Some(linear::Verdict::Cut(cut)) => {
                        // The lemma ¬P ∨ cut, P the bounds the cut rests on; the vertex the
                        // simplex found meets P and not the cut, so the clause is new. A
                        // Diophantine conflict has no cut: its lemma ¬P is false in the model.
                        let literal = match &cut.literal {
                            Some(c) => Some(encoder.arith(store, c.clone())?),
                            None => None,
                        };
                        if literal.is_some_and(|l| l.var() == encoder.true_lit.var()) {
                            return Err(SmtError::Incomplete(
                                "a cut that is constant after linearization".into(),
                            ));
                        }
                        let mut clause: Vec<Lit> = literal.into_iter().collect();
                        for &(i, value) in &cut.premises {
                            let v = encoder.arith_var(i);
                            clause.push(if value { v.negative() } else { v.positive() });
                        }
                        encoder.current = Origin::Cut(Box::new((cut, literal)));
                        encoder.add(clause);
                        cuts += 1;
                        stats.cuts += 1;
                        stats.lemmas += 1;
                        split_made = true;
                    }
                    Some(linear::Verdict::Consistent(values)) => numbers.extend(values),
                }
                stats.arith_atoms = encoder.arith_vars.len() as u64;
                if !split_made && arrays_used {
                    let false_array_atoms: Vec<(TermId, TermId)> = encoder
                        .atoms
                        .iter()
                        .filter(|&&(a, _, v)| {
                            store.array_parts(store.sort_of(a)).is_some() && !model.value(v)
                        })
                        .map(|&(a, b, _)| (a, b))
                        .collect();
                    let wanted = arrays::wanted(
                        store,
                        &closure,
                        &relevant,
                        &false_array_atoms,
                        &instances_done,
                    );
                    if !wanted.is_empty() {
                        let store = work.to_mut();
                        for instance in wanted {
                            instances_done.insert(instance);
                            let clauses =
                                arrays::instantiate(store, instance, &mut skolems, &relevant);
                            for literals in clauses {
                                let Some(schema) = array_checker.confirm(store, &literals) else {
                                    return Err(SmtError::LemmaRejected);
                                };
                                // The proof names the schema the checker found, not the one
                                // the instance was made from.
                                encoder.current = Origin::Array(schema);
                                let mut clause = Vec::new();
                                for &(a, b, positive) in &literals {
                                    add_relevant(store, a, &mut relevant, &mut is_relevant);
                                    add_relevant(store, b, &mut relevant, &mut is_relevant);
                                    let l =
                                        equality_literal(&mut encoder, store, a, b, &mut bridged)?;
                                    clause.push(if positive { l } else { !l });
                                }
                                encoder.add(clause);
                                stats.array_lemmas += 1;
                                stats.lemmas += 1;
                            }
                        }
                        stats.atoms = encoder.atoms.len() as u64;
                        continue;
                    }
                }
                if !split_made {
                    let solved: FxHashMap<TermId, Rational> = relevant
                        .iter()
                        .filter(|&&t| store.sort_of(t).is_arithmetic())
                        .map(|&t| (t, solved_value(store, &numbers, t)))
                        .collect();
                    let value = |t: TermId| solved.get(&t).cloned().unwrap_or_default();
                    let pairs = interface_equalities(store, &closure, &relevant, &value);
                    if pairs.is_empty() {
                        let mut result = build_model(store, &closure, &is_relevant, &value)?;
                        result.numbers = numbers;
                        if result.diff_axiom_fails(store, &is_relevant) {
                            return Err(SmtError::ModelNotFunctional("@diff".into()));
                        }
                        for (i, formula) in assertions.iter().enumerate() {
                            if !result.eval(store, formula) {
                                return Err(SmtError::ModelRejected(i));
                            }
                        }
                        stats.atoms = encoder.atoms.len() as u64;
                        return Ok((Answer::Sat(result), encoder));
                    }
                    for (a, b) in pairs {
                        // A pair already bridged is decided by both theories (equal values and
                        // one class, or different values and two classes), so meeting one
                        // again would be a bug; answer unknown rather than loop.
                        if !bridged.insert((a, b)) {
                            return Err(SmtError::Incomplete(
                                "theory combination met an interface equality twice".into(),
                            ));
                        }
                        encoder.current = Origin::Valid;
                        encoder.bridge(store, a, b)?;
                        stats.interface_equalities += 1;
                    }
                    stats.atoms = encoder.atoms.len() as u64;
                }
            }
        }
    }
}

/// The subterms of the assertions' atoms, each once, in the order met.
fn relevant_terms(store: &TermStore, assertions: &[Formula]) -> Vec<TermId> {
    fn walk(store: &TermStore, f: &Formula, seen: &mut Vec<bool>, out: &mut Vec<TermId>) {
        let add = |t: TermId, seen: &mut Vec<bool>, out: &mut Vec<TermId>| {
            let mut stack = vec![t];
            while let Some(t) = stack.pop() {
                if std::mem::replace(&mut seen[t.0 as usize], true) {
                    continue;
                }
                out.push(t);
                stack.extend(store.term(t).args.iter().rev().copied());
            }
        };
        match f {
            Formula::True | Formula::False => {}
            Formula::Atom(p) => add(*p, seen, out),
            Formula::Eq(a, b) | Formula::Le(a, b) | Formula::Lt(a, b) => {
                add(*a, seen, out);
                add(*b, seen, out);
            }
            Formula::Not(g) => walk(store, g, seen, out),
            Formula::And(gs) | Formula::Or(gs) => {
                for g in gs {
                    walk(store, g, seen, out);
                }
            }
            Formula::Iff(a, b) | Formula::Xor(a, b) => {
                walk(store, a, seen, out);
                walk(store, b, seen, out);
            }
            Formula::Ite(c, a, b) => {
                walk(store, c, seen, out);
                walk(store, a, seen, out);
                walk(store, b, seen, out);
            }
        }
    }
    let mut seen = vec![false; store.len()];
    let mut out = Vec::new();
    for f in assertions {
        walk(store, f, &mut seen, &mut out);
    }
    out
}

/// Model-based theory combination: the equalities between arithmetic terms that the current
/// pair of theory models disagrees on, each `(a, b)` with `a < b`, in a deterministic order.
///
/// - Two applications `f(s̄)`, `f(t̄)` of one uninterpreted function whose arguments have
///   equal values (numbers for arithmetic arguments, classes for the others) but whose
///   results differ would make `f`'s table a relation: every arithmetic argument pair with
///   equal numbers but different classes is returned, so that EUF learns (or refutes) it.
/// - Two arithmetic terms in one EUF class with different numbers: the pair is returned, so
///   that arithmetic learns (or refutes) it.
///
/// When nothing is returned, the classes and the numbers agree on every argument and result,
/// so the tables built from them are functions.
fn interface_equalities(
    store: &TermStore,
    closure: &cc::CongruenceClosure<'_>,
    relevant: &[TermId],
    value: &dyn Fn(TermId) -> Rational,
) -> Vec<(TermId, TermId)> {
    let same = |a: TermId, b: TermId| {
        if store.sort_of(a).is_arithmetic() {
            value(a) == value(b)
        } else {
            closure.find(a) == closure.find(b)
        }
    };
    let mut pairs = std::collections::BTreeSet::new();
    let mut by_function: std::collections::BTreeMap<FunId, Vec<TermId>> = Default::default();
    let mut by_class: std::collections::BTreeMap<TermId, Vec<TermId>> = Default::default();
    for &t in relevant {
        let term = store.term(t);
        if store.interpretation(term.fun).is_none() && !term.args.is_empty() {
            by_function.entry(term.fun).or_default().push(t);
        }
        if store.sort_of(t).is_arithmetic() {
            by_class.entry(closure.find(t)).or_default().push(t);
        }
    }
    for applications in by_function.values() {
        for (i, &s) in applications.iter().enumerate() {
            for &t in &applications[i + 1..] {
                let (xs, ys) = (&store.term(s).args, &store.term(t).args);
                if same(s, t) || !xs.iter().zip(ys).all(|(&x, &y)| same(x, y)) {
                    continue;
                }
                for (&x, &y) in xs.iter().zip(ys) {
                    if x != y
                        && store.sort_of(x).is_arithmetic()
                        && closure.find(x) != closure.find(y)
                    {
                        pairs.insert((x.min(y), x.max(y)));
                    }
                }
            }
        }
    }
    for members in by_class.values() {
        let first = members[0];
        for &m in &members[1..] {
            if value(m) != value(first) {
                pairs.insert((first.min(m), first.max(m)));
            }
        }
    }
    pairs.into_iter().collect()
}

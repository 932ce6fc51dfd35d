//! The complete EUF lemma interpolant: an exchange of equalities between shared terms (Yorsh
//! and Musuvathi's Nelson-Oppen view of interpolation), with its own small congruence closure
//! over each side's terms and the pool of shared terms; the result is pruned and confirmed by
//! the independent closure.

use std::collections::{BTreeMap, BTreeSet};

use super::InterpolationError;
use super::formula::{and_all, equality_formula, is_uninterpreted, negate, or_all, term_symbols};
use crate::smt::{Formula, FunId, TermId, TermStore};

/// An equality literal of an EUF lemma's negation: `(a, b, true)` is `a = b`, `(a, b, false)`
/// is `a ≠ b`.
pub(super) type EqLiteral = (TermId, TermId, bool);

/// One conjunct of a conditional interpolant: the shared equalities `premises` imply the
/// shared equality `conclusion` (or `false` when there is none).
#[derive(Clone, Debug)]
pub(super) struct Conditional {
    pub(super) premises: Vec<(TermId, TermId)>,
    pub(super) conclusion: Option<(TermId, TermId)>,
}

/// The most exchange rounds and shared terms the conditional construction tries before
/// answering `unsupported` (the exchange always ends on EUF conflicts; these bound the work
/// on pathological lemmas).
pub(super) const MAX_EXCHANGE_ROUNDS: usize = 64;
pub(super) const MAX_EXCHANGE_TERMS: usize = 4_000;

/// The interpolant of an EUF conflict `A ∧ B` (literals of the lemma's negation) by an
/// exchange of equalities between shared terms, complete for EUF (see the module comment).
///
/// The sides take turns, starting with A. On its turn a side closes its own literals together
/// with every equality exchanged so far, over its own terms and the pool of shared terms; if
/// one of its disequalities is violated the exchange ends; else it gives the other side the
/// equalities between shared terms of one class that the pool does not already imply, where a
/// class's shared terms are its shared members and the forms of its other members built from
/// shared functions over the arguments' representatives (added to the pool, so that the
/// other side's closure holds them too). An A turn at which B had given the equalities `P`
/// and A gives `e` contributes the conjunct `P → e` (A proves it), and an A contradiction
/// `P → false`; B with these conjuncts derives what it gave at each turn and so reaches the
/// same contradiction. Both facts are checked with [`crate::smt::check::implies`] before the
/// interpolant is returned, after conjuncts and premises that are not needed are dropped.
pub(super) fn conditional_interpolant(
    store: &mut TermStore,
    shared_symbols: &BTreeSet<FunId>,
    a_part: &[EqLiteral],
    b_part: &[EqLiteral],
) -> Result<Formula, InterpolationError> {
    let shared = |store: &TermStore, t: TermId| {
        let mut symbols = BTreeSet::new();
        term_symbols(store, t, &mut symbols);
        symbols.is_subset(shared_symbols)
    };
    let shared_fun =
        |store: &TermStore, f: FunId| !is_uninterpreted(store, f) || shared_symbols.contains(&f);
    let unsupported = |why: &str| {
        InterpolationError::Unsupported(format!("an EUF lemma mixing both sides: {why}"))
    };
    let equalities = |part: &[EqLiteral]| -> Vec<(TermId, TermId)> {
        part.iter().filter(|l| l.2).map(|&(a, b, _)| (a, b)).collect()
    };
    let disequalities = |part: &[EqLiteral]| -> Vec<(TermId, TermId)> {
        part.iter().filter(|l| !l.2).map(|&(a, b, _)| (a, b)).collect()
    };
    let sides =
        [(equalities(a_part), disequalities(a_part)), (equalities(b_part), disequalities(b_part))];
    // The pool starts with the shared subterms of every literal.
    let mut pool: BTreeSet<TermId> = BTreeSet::new();
    let mut stack: Vec<TermId> =
        a_part.iter().chain(b_part).flat_map(|&(a, b, _)| [a, b]).collect();
    let mut seen = BTreeSet::new();
    while let Some(t) = stack.pop() {
        if seen.insert(t) {
            if shared(store, t) {
                pool.insert(t);
            }
            stack.extend(store.term(t).args.iter().copied());
        }
    }
    let mut exchanged: Vec<(TermId, TermId)> = Vec::new();
    let mut from_b: Vec<(TermId, TermId)> = Vec::new();
    let mut conditionals: Vec<Conditional> = Vec::new();
    let mut quiet_turns = 0;
    let mut refuted = false;
    for round in 0..MAX_EXCHANGE_ROUNDS {
        let on_a = round % 2 == 0;
        let (own_equalities, own_disequalities) = &sides[usize::from(!on_a)];
        let roots = own_equalities.iter().chain(own_disequalities).flat_map(|&(a, b)| [a, b]);
        let mut closure = Closure::new(store, roots.chain(pool.iter().copied()));
        let mut known = own_equalities.clone();
        known.extend(exchanged.iter().copied());
        closure.close(store, &known);
        if own_disequalities.iter().any(|&(s, t)| closure.find(s) == closure.find(t)) {
            if on_a {
                conditionals.push(Conditional { premises: from_b.clone(), conclusion: None });
            }
            refuted = true;
            break;
        }
        let reps = closure.representatives(store, &shared, &shared_fun);
        let found = closure.implied_equalities(store, &reps, &shared, &shared_fun);
        let pool_before = pool.len();
        pool.extend(reps.values().copied());
        pool.extend(found.iter().flat_map(|&(s, t)| [s, t]));
        if pool.len() > MAX_EXCHANGE_TERMS {
            return Err(unsupported("the exchange of shared equalities grew too large"));
        }
        // Only what the equalities exchanged so far do not already imply is new.
        let mut given = Closure::new(store, pool.iter().copied());
        given.close(store, &exchanged);
        let mut new = Vec::new();
        for (s, t) in found {
            if given.find(s) != given.find(t) {
                new.push((s, t));
                given.close(store, &[(s, t)]);
            }
        }
        if new.is_empty() && pool.len() == pool_before {
            quiet_turns += 1;
            if quiet_turns == 2 {
                break;
            }
        } else {
            quiet_turns = 0;
        }
        if on_a {
            for &e in &new {
                conditionals.push(Conditional { premises: from_b.clone(), conclusion: Some(e) });
            }
        } else {
            from_b.extend(new.iter().copied());
        }
        exchanged.extend(new);
    }
    if !refuted {
        return Err(unsupported("the exchange of shared equalities found no contradiction"));
    }
    let split = EufSplit::new(a_part, b_part);
    if !split.verifies(store, &conditionals) {
        return Err(InterpolationError::Unverified(
            "the exchange's conditional EUF interpolant failed its closure check".into(),
        ));
    }
    // Conjuncts B does not need, then premises A does not need, each drop checked again.
    let mut i = 0;
    while i < conditionals.len() && conditionals.len() <= MAX_PRUNED {
        let mut fewer = conditionals.clone();
        fewer.remove(i);
        if split.b_refutes(store, &fewer) { conditionals = fewer } else { i += 1 }
    }
    for c in &mut conditionals {
        let mut k = 0;
        while k < c.premises.len() && c.premises.len() <= MAX_PRUNED {
            let mut fewer = c.clone();
            fewer.premises.remove(k);
            if split.a_proves(store, &fewer) { *c = fewer } else { k += 1 }
        }
    }
    if !split.verifies(store, &conditionals) {
        return Err(InterpolationError::Unverified(
            "the pruned conditional EUF interpolant failed its closure check".into(),
        ));
    }
    let parts = conditionals
        .iter()
        .map(|c| {
            let mut disjuncts: Vec<Formula> =
                c.premises.iter().map(|&(s, t)| negate(equality_formula(store, s, t))).collect();
            if let Some((s, t)) = c.conclusion {
                disjuncts.push(equality_formula(store, s, t));
            }
            or_all(disjuncts)
        })
        .collect();
    Ok(and_all(parts))
}

/// Conjuncts and premises are pruned one at a time only up to this many (each try is a
/// closure check).
pub(super) const MAX_PRUNED: usize = 24;

/// The literals of an EUF lemma's negation, split into the two sides' equalities and
/// disequalities, against which conditional interpolants are checked by the independent
/// closure [`crate::smt::check::implies`].
pub(super) struct EufSplit {
    pub(super) a_equalities: Vec<(TermId, TermId)>,
    pub(super) a_disequalities: Vec<(TermId, TermId)>,
    pub(super) b_equalities: Vec<(TermId, TermId)>,
    pub(super) b_disequalities: Vec<(TermId, TermId)>,
}

impl EufSplit {
    pub(super) fn new(a_part: &[EqLiteral], b_part: &[EqLiteral]) -> EufSplit {
        let pick = |part: &[EqLiteral], holds: bool| -> Vec<(TermId, TermId)> {
            part.iter().filter(|l| l.2 == holds).map(|&(a, b, _)| (a, b)).collect()
        };
        EufSplit {
            a_equalities: pick(a_part, true),
            a_disequalities: pick(a_part, false),
            b_equalities: pick(b_part, true),
            b_disequalities: pick(b_part, false),
        }
    }

    /// `A ⊨ I` and `I ∧ B ⊨ ⊥` for the conjunction `I` of the conditionals.
    pub(super) fn verifies(&self, store: &TermStore, conditionals: &[Conditional]) -> bool {
        conditionals.iter().all(|c| self.a_proves(store, c)) && self.b_refutes(store, conditionals)
    }

    /// Whether the A equalities with the premises imply the conclusion (or, for `false`,
    /// contradict an A disequality).
    pub(super) fn a_proves(&self, store: &TermStore, c: &Conditional) -> bool {
        let mut premises = self.a_equalities.clone();
        premises.extend(c.premises.iter().copied());
        match c.conclusion {
            Some(goal) => crate::smt::check::implies(store, &premises, goal),
            None => self
                .a_disequalities
                .iter()
                .any(|&goal| crate::smt::check::implies(store, &premises, goal)),
        }
    }

    /// Whether the B equalities with the conditionals contradict a B disequality:
    /// conditionals whose premises hold fire (adding their conclusion, or contradicting at
    /// once) until none is left to fire.
    pub(super) fn b_refutes(&self, store: &TermStore, conditionals: &[Conditional]) -> bool {
        let mut known = self.b_equalities.clone();
        let mut fired = vec![false; conditionals.len()];
        loop {
            let mut changed = false;
            for (c, done) in conditionals.iter().zip(&mut fired) {
                if *done
                    || !c.premises.iter().all(|&p| crate::smt::check::implies(store, &known, p))
                {
                    continue;
                }
                let Some(e) = c.conclusion else { return true };
                *done = true;
                known.push(e);
                changed = true;
            }
            if !changed {
                return self
                    .b_disequalities
                    .iter()
                    .any(|&goal| crate::smt::check::implies(store, &known, goal));
            }
        }
    }
}

/// A naive congruence closure over a subterm-closed set of terms, with class labels.
pub(super) struct Closure {
    pub(super) terms: Vec<TermId>,
    pub(super) index: BTreeMap<TermId, usize>,
    pub(super) label: Vec<usize>,
}

impl Closure {
    pub(super) fn new(store: &TermStore, roots: impl Iterator<Item = TermId>) -> Closure {
        let mut seen = BTreeSet::new();
        let mut stack: Vec<TermId> = roots.collect();
        while let Some(t) = stack.pop() {
            if seen.insert(t) {
                stack.extend(store.term(t).args.iter().copied());
            }
        }
        let terms: Vec<TermId> = seen.into_iter().collect();
        let index = terms.iter().enumerate().map(|(i, &t)| (t, i)).collect();
        let label = (0..terms.len()).collect();
        Closure { terms, index, label }
    }

    pub(super) fn find(&self, t: TermId) -> usize {
        self.index.get(&t).map(|&i| self.label[i]).unwrap_or(usize::MAX)
    }

    pub(super) fn merge(&mut self, a: usize, b: usize) {
        if a == b {
            return;
        }
        let (keep, drop) = (a.min(b), a.max(b));
        for l in &mut self.label {
            if *l == drop {
                *l = keep;
            }
        }
    }

    pub(super) fn close(&mut self, store: &TermStore, equalities: &[(TermId, TermId)]) {
        for &(a, b) in equalities {
            self.merge(self.find(a), self.find(b));
        }
        loop {
            let mut changed = false;
            for i in 0..self.terms.len() {
                for j in i + 1..self.terms.len() {
                    let (s, t) = (store.term(self.terms[i]), store.term(self.terms[j]));
                    if self.label[i] == self.label[j]
                        || s.fun != t.fun
                        || s.args.is_empty()
                        || s.args.len() != t.args.len()
                    {
                        continue;
                    }
                    if s.args.iter().zip(&t.args).all(|(&x, &y)| self.find(x) == self.find(y)) {
                        self.merge(self.label[i], self.label[j]);
                        changed = true;
                    }
                }
            }
            if !changed {
                return;
            }
        }
    }

    /// A shared term per class where there is one: a shared member, else an application of
    /// a shared function to its arguments' representatives (built in `store`).
    pub(super) fn representatives(
        &self,
        store: &mut TermStore,
        shared: &dyn Fn(&TermStore, TermId) -> bool,
        shared_fun: &dyn Fn(&TermStore, FunId) -> bool,
    ) -> BTreeMap<usize, TermId> {
        let mut reps = BTreeMap::new();
        for (i, &t) in self.terms.iter().enumerate() {
            if shared(store, t) {
                reps.entry(self.label[i]).or_insert(t);
            }
        }
        loop {
            let mut changed = false;
            for (i, &t) in self.terms.iter().enumerate() {
                if reps.contains_key(&self.label[i]) {
                    continue;
                }
                if let Some(built) = self.represent(store, &reps, t, shared, shared_fun) {
                    reps.insert(self.label[i], built);
                    changed = true;
                }
            }
            if !changed {
                return reps;
            }
        }
    }

    /// The shared term standing for `t`: itself when shared, else its function applied to
    /// its arguments' representatives.
    pub(super) fn represent(
        &self,
        store: &mut TermStore,
        reps: &BTreeMap<usize, TermId>,
        t: TermId,
        shared: &dyn Fn(&TermStore, TermId) -> bool,
        shared_fun: &dyn Fn(&TermStore, FunId) -> bool,
    ) -> Option<TermId> {
        if shared(store, t) {
            return Some(t);
        }
        let term = store.term(t).clone();
        if term.args.is_empty() || !shared_fun(store, term.fun) {
            return None;
        }
        let args: Option<Vec<TermId>> =
            term.args.iter().map(|&a| reps.get(&self.find(a)).copied()).collect();
        Some(store.apply(term.fun, args?))
    }

    /// `rep = m` for every member `m` of a class with a representative whose own shared
    /// form differs from the representative.
    pub(super) fn implied_equalities(
        &self,
        store: &mut TermStore,
        reps: &BTreeMap<usize, TermId>,
        shared: &dyn Fn(&TermStore, TermId) -> bool,
        shared_fun: &dyn Fn(&TermStore, FunId) -> bool,
    ) -> Vec<(TermId, TermId)> {
        let mut out = BTreeSet::new();
        for (i, &t) in self.terms.iter().enumerate() {
            let Some(&r) = reps.get(&self.label[i]) else { continue };
            if let Some(m) = self.represent(store, reps, t, shared, shared_fun)
                && m != r
            {
                out.insert((r.min(m), r.max(m)));
            }
        }
        out.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::smt::interpolate::formula::{entails, formula_symbols};

    /// A store with the sort `U`, constants `a1 b1 s1 .. s4`, A's `g` and B's `h` (unary),
    /// and the shared symbols `s1 .. s4`.
    struct Vocabulary {
        store: TermStore,
        constants: BTreeMap<&'static str, TermId>,
        g: FunId,
        h: FunId,
        shared: BTreeSet<FunId>,
    }

    fn vocabulary() -> Vocabulary {
        let mut store = TermStore::new();
        let u = store.declare_sort("U");
        let mut constants = BTreeMap::new();
        let mut shared = BTreeSet::new();
        for name in ["a1", "b1", "s1", "s2", "s3", "s4"] {
            let f = store.declare_fun(name, vec![], u, false);
            constants.insert(name, store.apply(f, vec![]));
            if name.starts_with('s') {
                shared.insert(f);
            }
        }
        let g = store.declare_fun("g", vec![u], u, false);
        let h = store.declare_fun("h", vec![u], u, false);
        Vocabulary { store, constants, g, h, shared }
    }

    fn literal_formulas(part: &[EqLiteral]) -> Vec<Formula> {
        part.iter()
            .map(|&(a, b, holds)| {
                let e = Formula::Eq(a, b);
                if holds { e } else { negate(e) }
            })
            .collect()
    }

    /// A: `a1 = s1, a1 = s2, g(s3) ≠ g(s4)`; B: `s3 = h(s1), s4 = h(s2)`. B's equalities
    /// are over its own `h`, so it has no shared equality to offer until A gives `s1 = s2`:
    /// the exchange's interpolant is over `s1 .. s4` only, and the engine's own refutations
    /// confirm `A ⊨ I` and `I ∧ B ⊨ ⊥`.
    #[test]
    fn the_exchange_interpolates_a_conditional_equality() {
        let Vocabulary { mut store, constants: c, g, h, shared } = vocabulary();
        let (g3, g4) = (store.apply(g, vec![c["s3"]]), store.apply(g, vec![c["s4"]]));
        let (h1, h2) = (store.apply(h, vec![c["s1"]]), store.apply(h, vec![c["s2"]]));
        let a_part = vec![(c["a1"], c["s1"], true), (c["a1"], c["s2"], true), (g3, g4, false)];
        let b_part = vec![(c["s3"], h1, true), (c["s4"], h2, true)];
        let i = conditional_interpolant(&mut store, &shared, &a_part, &b_part)
            .expect("a conditional interpolant");
        let mut symbols = BTreeSet::new();
        formula_symbols(&store, &i, &mut symbols);
        assert!(symbols.is_subset(&shared), "{i:?} names a local symbol");
        assert!(entails(&store, &literal_formulas(&a_part), &i).expect("the check runs"));
        let mut b_and_i = literal_formulas(&b_part);
        b_and_i.push(i.clone());
        assert!(entails(&store, &b_and_i, &Formula::False).expect("the check runs"));
        // Both sides are needed: neither `true` nor `false` would do.
        assert!(i != Formula::True && i != Formula::False, "{i:?}");
    }

    /// The same with the sides' roles swapped (the disequality on B's side, B's `h` inside
    /// it), and a satisfiable split, which the exchange refuses instead of interpolating.
    #[test]
    fn the_exchange_handles_a_disequality_on_b_and_refuses_satisfiable_splits() {
        let Vocabulary { mut store, constants: c, g, h, shared } = vocabulary();
        let (g1, g2) = (store.apply(g, vec![c["s1"]]), store.apply(g, vec![c["s2"]]));
        let (h3, h4) = (store.apply(h, vec![c["s3"]]), store.apply(h, vec![c["s4"]]));
        let a_part = vec![(c["s3"], g1, true), (c["s4"], g2, true)];
        let b_part = vec![(c["b1"], c["s1"], true), (c["b1"], c["s2"], true), (h3, h4, false)];
        let i = conditional_interpolant(&mut store, &shared, &a_part, &b_part)
            .expect("a conditional interpolant");
        let mut symbols = BTreeSet::new();
        formula_symbols(&store, &i, &mut symbols);
        assert!(symbols.is_subset(&shared), "{i:?} names a local symbol");
        assert!(entails(&store, &literal_formulas(&a_part), &i).expect("the check runs"));
        let mut b_and_i = literal_formulas(&b_part);
        b_and_i.push(i);
        assert!(entails(&store, &b_and_i, &Formula::False).expect("the check runs"));
        let satisfiable = vec![(c["b1"], c["s1"], true), (h3, h4, false)];
        assert!(matches!(
            conditional_interpolant(&mut store, &shared, &a_part, &satisfiable),
            Err(InterpolationError::Unsupported(_))
        ));
    }
}

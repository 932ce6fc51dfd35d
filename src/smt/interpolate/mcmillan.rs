//! Colouring and McMillan's system: each cut colours the refutation's variables (A-local,
//! shared, B-local, mixed) and folds the resolution chains into a partial interpolant per
//! clause; the leaves' theory lemmas that mix both sides get their theory interpolants here
//! (Farkas sums, integer cuts, EUF by shared representatives, else the exchange of
//! `euf_exchange.rs`).

use std::collections::{BTreeMap, BTreeSet};

use rug::Rational;

use super::InterpolationError;
use super::arithmetic::{arith_formula, integer_between, linear_formula, weighted_sum};
use super::euf_exchange::{Closure, Conditional, EufSplit, conditional_interpolant};
use super::formula::{
    and_all, equality_formula, is_uninterpreted, negate, or_all, size, term_symbols,
};
use crate::sat::{ClauseId, Lit, Step, Var};
use crate::smt::{
    Encoder, Formula, FunId, Origin, SmtError, SortId, TermId, TermStore, farkas, linear,
};

/// The largest interpolant (in formula nodes) built before giving up.
pub(super) const MAX_SIZE: usize = 200_000;

/// Which side an atom or variable belongs to, for one cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Colour {
    /// Local to A.
    A,
    /// Over symbols of both sides.
    Shared,
    /// Local to B.
    B,
    /// An interface equality (or its arithmetic bounds) between an A-local and a B-local
    /// term, read through its auxiliary variable ([`mixed`]).
    Mixed,
}

/// One cut of the tree: which partitions are A, and the two vocabularies.
pub(super) struct Cut<'a> {
    pub(super) in_a: &'a [bool],
    pub(super) vocab_a: BTreeSet<FunId>,
    pub(super) vocab_b: BTreeSet<FunId>,
    /// The shared symbols, and while the refutation is folded, the auxiliary variables of
    /// the mixed atoms, which the lemma interpolants treat as shared.
    pub(super) shared: BTreeSet<FunId>,
    /// The mixed atoms of the refutation, by SAT variable index.
    pub(super) mixed: BTreeMap<usize, Mixed>,
}

impl Cut<'_> {
    pub(super) fn colour_of(&self, symbols: &BTreeSet<FunId>) -> Option<Colour> {
        if symbols.is_subset(&self.shared) {
            Some(Colour::Shared)
        } else if symbols.is_subset(&self.vocab_a) {
            Some(Colour::A)
        } else if symbols.is_subset(&self.vocab_b) {
            Some(Colour::B)
        } else {
            None
        }
    }
}

/// A mixed atom: its A-local term `t` (an arithmetic variable when the sort is arithmetic)
/// and the auxiliary variable `x` that stands for it. Its behaviour is in `mixed.rs`; the data
/// lives here with the cut that holds it, so that the fold names nothing of `mixed.rs`.
#[derive(Clone, Debug)]
pub(super) struct Mixed {
    pub(super) key: TermId,
    pub(super) aux: TermId,
    /// For an equality, its A-side term and that term with `x` for `t` (`i1 - 2` and
    /// `x - 2` when `t` is `i1`).
    pub(super) sides: (TermId, TermId),
}

/// What a SAT variable of the refutation stands for.
#[derive(Clone, Debug)]
pub(super) enum Meaning {
    /// The constant-true literal.
    Truth,
    /// A Tseitin variable of the assertion with this index.
    Tseitin(usize),
    /// The equality atom `a = b`.
    Equality(TermId, TermId),
    /// The arithmetic atom with this index.
    Arith(usize),
    /// Anything else (never expected in a refutation).
    Unknown,
}

/// The refutation and the meaning of its variables.
pub(super) struct Refutation {
    pub(super) root: ClauseId,
    pub(super) meanings: Vec<Meaning>,
    /// The uninterpreted symbols of each variable's atom.
    pub(super) symbols: Vec<BTreeSet<FunId>>,
    pub(super) partition_of: Vec<usize>,
}

impl Refutation {
    pub(super) fn new(
        store: &TermStore,
        encoder: &Encoder,
        partition_of: &[usize],
    ) -> Result<Refutation, InterpolationError> {
        let (Some(_), Some(root)) = (encoder.solver.proof(), encoder.solver.refutation()) else {
            return Err(InterpolationError::Smt(SmtError::LeafRejected));
        };
        let count = encoder.solver.num_vars() as usize;
        let mut meanings = vec![Meaning::Unknown; count];
        let mut symbols = vec![BTreeSet::new(); count];
        meanings[encoder.true_lit.var().index()] = Meaning::Truth;
        for (&v, &i) in &encoder.owners {
            meanings[v.index()] = Meaning::Tseitin(i);
        }
        for &(a, b, v) in &encoder.atoms {
            meanings[v.index()] = Meaning::Equality(a, b);
            term_symbols(store, a, &mut symbols[v.index()]);
            term_symbols(store, b, &mut symbols[v.index()]);
        }
        for (i, v) in encoder.arith_vars.iter().enumerate() {
            meanings[v.index()] = Meaning::Arith(i);
            // The variables of the canonical form, not the terms as written: `0·x` names no x,
            // and one atom may be written differently on the two sides.
            let literal = &encoder.linear.atoms()[i].literal;
            let Some(((variables, _), _)) = farkas::canonical(store, literal) else {
                return Err(InterpolationError::Unsupported("a non-linear atom".into()));
            };
            for x in variables.keys() {
                term_symbols(store, *x, &mut symbols[v.index()]);
            }
        }
        Ok(Refutation { root, meanings, symbols, partition_of: partition_of.to_vec() })
    }

    /// Gives the engine's own symbols (the witnesses and fresh indices of array lemmas, in no
    /// partition's vocabulary) a side for this cut: B's when some atom pairs one with a
    /// symbol only B has and none with a symbol only A has, else A's. Never shared, so no
    /// interpolant names them; an atom pairing one with both sides' local symbols stays
    /// mixed and answers unsupported.
    pub(super) fn place_fresh_symbols(&self, cut: &mut Cut<'_>) {
        let known = |f: &FunId| cut.vocab_a.contains(f) || cut.vocab_b.contains(f);
        let mut fresh: BTreeMap<FunId, (bool, bool)> = BTreeMap::new();
        for symbols in &self.symbols {
            if symbols.iter().all(known) {
                continue;
            }
            let needs_a = symbols.iter().any(|f| known(f) && !cut.vocab_b.contains(f));
            let needs_b = symbols.iter().any(|f| known(f) && !cut.vocab_a.contains(f));
            for f in symbols.iter().filter(|f| !known(f)) {
                let entry = fresh.entry(*f).or_default();
                entry.0 |= needs_a;
                entry.1 |= needs_b;
            }
        }
        for (f, (needs_a, needs_b)) in fresh {
            if needs_b && !needs_a {
                cut.vocab_b.insert(f);
            } else {
                cut.vocab_a.insert(f);
            }
        }
    }

    pub(super) fn colour(&self, cut: &Cut<'_>, v: Var) -> Result<Colour, InterpolationError> {
        match self.meanings.get(v.index()) {
            Some(Meaning::Truth) => Ok(Colour::Shared),
            Some(Meaning::Tseitin(i)) => {
                Ok(if cut.in_a[self.partition_of[*i]] { Colour::A } else { Colour::B })
            }
            Some(Meaning::Equality(..) | Meaning::Arith(_))
                if cut.mixed.contains_key(&v.index()) =>
            {
                Ok(Colour::Mixed)
            }
            Some(Meaning::Equality(..) | Meaning::Arith(_)) => {
                cut.colour_of(&self.symbols[v.index()]).ok_or_else(|| {
                    InterpolationError::Unsupported(
                        "the refutation uses an atom mixing symbols local to both sides (made by \
                         the theory combination)"
                            .into(),
                    )
                })
            }
            _ => Err(InterpolationError::Unsupported("a variable of unknown meaning".into())),
        }
    }

    /// The literal as a formula over the terms.
    pub(super) fn literal_formula(
        &self,
        store: &mut TermStore,
        encoder: &Encoder,
        l: Lit,
    ) -> Result<Formula, InterpolationError> {
        let positive = match &self.meanings[l.var().index()] {
            Meaning::Truth => Formula::True,
            Meaning::Equality(a, b) => equality_formula(store, *a, *b),
            Meaning::Arith(i) => {
                let literal = encoder.linear.atoms()[*i].literal.clone();
                return arith_formula(
                    store,
                    &if l.is_negative() { literal.negated() } else { literal },
                );
            }
            _ => {
                return Err(InterpolationError::Unsupported(
                    "a local variable reached a partial interpolant".into(),
                ));
            }
        };
        Ok(if l.is_negative() { negate(positive) } else { positive })
    }

    /// McMillan's interpolant for one cut.
    pub(super) fn interpolant(
        &self,
        store: &mut TermStore,
        encoder: &Encoder,
        cut: &Cut<'_>,
    ) -> Result<Formula, InterpolationError> {
        let Some(proof) = encoder.solver.proof() else {
            return Err(InterpolationError::Smt(SmtError::LeafRejected));
        };
        let mut partial: BTreeMap<ClauseId, Formula> = BTreeMap::new();
        for id in proof.cone(self.root) {
            let formula = match proof.step(id) {
                Some(Step::Original { clause }) => self.leaf(store, encoder, cut, id, clause)?,
                Some(Step::Derived { antecedents, pivots, .. }) => {
                    let get = |c: &ClauseId| {
                        partial
                            .get(c)
                            .cloned()
                            .ok_or(InterpolationError::Smt(SmtError::LeafRejected))
                    };
                    let mut current = get(&antecedents[0])?;
                    for (k, p) in pivots.iter().enumerate() {
                        let next = get(&antecedents[k + 1])?;
                        current = if self.colour(cut, p.var())? == Colour::A {
                            or_all(vec![current, next])
                        } else {
                            and_all(vec![current, next])
                        };
                    }
                    current
                }
                None => return Err(InterpolationError::Smt(SmtError::LeafRejected)),
            };
            if size(&formula) > MAX_SIZE {
                return Err(InterpolationError::Unsupported(format!(
                    "the interpolant grew beyond {MAX_SIZE} nodes"
                )));
            }
            partial.insert(id, formula);
        }
        partial.remove(&self.root).ok_or(InterpolationError::Smt(SmtError::LeafRejected))
    }

    pub(super) fn leaf(
        &self,
        store: &mut TermStore,
        encoder: &Encoder,
        cut: &Cut<'_>,
        id: ClauseId,
        clause: &[Lit],
    ) -> Result<Formula, InterpolationError> {
        let Some(origin) = encoder.origins.get(&id.0) else {
            return Err(InterpolationError::Smt(SmtError::LeafRejected));
        };
        let shared_part = |store: &mut TermStore| -> Result<Formula, InterpolationError> {
            let mut parts = Vec::new();
            for &l in clause {
                if self.colour(cut, l.var())? != Colour::A {
                    parts.push(self.literal_formula(store, encoder, l)?);
                }
            }
            Ok(or_all(parts))
        };
        match origin {
            Origin::Truth => Ok(Formula::True),
            Origin::Assertion(i) => {
                if cut.in_a[self.partition_of[*i]] {
                    shared_part(store)
                } else {
                    Ok(Formula::True)
                }
            }
            Origin::Congruence
            | Origin::Farkas(_)
            | Origin::Valid
            | Origin::Array(_)
            | Origin::Cut(_) => {
                let mut colours = Vec::new();
                for &l in clause {
                    colours.push(self.colour(cut, l.var())?);
                }
                if colours.contains(&Colour::Mixed) {
                    return self.mixed_leaf(store, encoder, cut, origin, clause, &colours);
                }
                if !colours.contains(&Colour::A) {
                    return Ok(Formula::True);
                }
                if !colours.contains(&Colour::B) {
                    return shared_part(store);
                }
                match origin {
                    Origin::Farkas(certificate) => {
                        self.farkas_interpolant(store, encoder, cut, certificate)
                    }
                    Origin::Congruence => self.congruence_interpolant(store, cut, clause, &colours),
                    Origin::Array(_) => Err(InterpolationError::Unsupported(
                        "an array lemma mixing both sides' symbols".into(),
                    )),
                    Origin::Cut(made) => self.cut_interpolant(store, encoder, cut, &made.0, made.1),
                    _ => Err(InterpolationError::Unsupported(
                        "a theory clause mixing both sides' symbols".into(),
                    )),
                }
            }
        }
    }

    /// The sum of the A-local premises of an arithmetic conflict, weighted by their Farkas
    /// coefficients.
    pub(super) fn farkas_interpolant(
        &self,
        store: &mut TermStore,
        encoder: &Encoder,
        cut: &Cut<'_>,
        certificate: &[(usize, bool, Rational)],
    ) -> Result<Formula, InterpolationError> {
        let mut a_premises = Vec::new();
        for (atom, value, coefficient) in certificate {
            let premise = encoder.linear.premise(*atom, *value);
            match self.colour(cut, encoder.arith_vars[*atom])? {
                Colour::A => a_premises.push((premise, coefficient.clone())),
                // B takes the premise with `x` for `t`; A adds what `t = x` gives.
                Colour::Mixed => {
                    a_premises.push(cut.mixed[&encoder.arith_vars[*atom].index()].a_share(
                        store,
                        &premise,
                        coefficient,
                    )?)
                }
                Colour::Shared | Colour::B => {}
            }
        }
        let (sum, rhs, strict) = weighted_sum(store, &a_premises)?;
        Ok(linear_formula(store, sum, rhs, strict))
    }

    /// The interpolant of an integer cut or Diophantine conflict whose premises mix both
    /// sides. The lemma's negation `N` (its premises, and the negated cut when there is one)
    /// is refuted on both branches of the integer split `π <= k ∨ π >= k + 1` by a Farkas
    /// sum. Write `π_A` for the part of `π` over A-local variables. On the first branch the
    /// A-local variables of the A premises' weighted sum cancel against `π_A` (B's premises
    /// have none), so that sum, divided by the split's coefficient, says `π_A >= L` for an
    /// affine `L` over shared variables; the second branch says `π_A <= U` the same way. Since
    /// `π_A` takes integer values, A proves `⌈L⌉ <= ⌊U⌋`, written with `div` (or, when `L`
    /// and `U` differ by a constant, as a divisibility or a constant). That is the
    /// interpolant: B's premises bound the rest of `π` so that for any integer `z` between
    /// `L` and `U`, `z` plus the rest lies strictly between `k` and `k + 1` (the two Farkas
    /// sums, with `z` for `π_A`), which no integer does. A branch whose Farkas sum does not
    /// use the split refutes `N` alone and gives the ordinary Farkas interpolant. This is the
    /// lemma-level form of the modular interpolants of Jain, Clarke and Grumberg for integer
    /// equations, extended to the split cuts that certify Gomory cuts.
    pub(super) fn cut_interpolant(
        &self,
        store: &mut TermStore,
        encoder: &Encoder,
        cut: &Cut<'_>,
        made: &linear::Cut,
        literal: Option<Lit>,
    ) -> Result<Formula, InterpolationError> {
        let unsupported = |why: &str| {
            InterpolationError::Unsupported(format!(
                "an integer cut mixing both sides' symbols: {why}"
            ))
        };
        // N, each premise with whether it is A's.
        let mut negation: Vec<(farkas::ArithLiteral, bool)> = Vec::new();
        for &(atom, value) in &made.premises {
            let is_a = self.colour(cut, encoder.arith_vars[atom])? == Colour::A;
            negation.push((encoder.linear.premise(atom, value), is_a));
        }
        match (&made.literal, literal) {
            (Some(c), Some(l)) => {
                negation.push((c.negated(), self.colour(cut, l.var())? == Colour::A));
            }
            (None, None) => {}
            _ => return Err(InterpolationError::Smt(SmtError::LeafRejected)),
        }
        if made.below.len() != negation.len() + 1 || made.above.len() != negation.len() + 1 {
            return Err(InterpolationError::Smt(SmtError::LeafRejected));
        }
        let mut bounds = Vec::new();
        for (coefficients, split) in
            [(&made.below, made.split.clone()), (&made.above, made.split.negated())]
        {
            let a_premises: Vec<(farkas::ArithLiteral, Rational)> = negation
                .iter()
                .zip(coefficients)
                .filter(|((_, is_a), _)| *is_a)
                .map(|((premise, _), c)| (premise.clone(), c.clone()))
                .collect();
            let (sum, rhs, strict) = weighted_sum(store, &a_premises)?;
            let split_coefficient = &coefficients[negation.len()];
            if split_coefficient.cmp0() == std::cmp::Ordering::Equal {
                // This branch refutes N without the split: a Farkas conflict of its own.
                return Ok(linear_formula(store, sum, rhs, strict));
            }
            if farkas::canonical(store, &split).is_none() {
                return Err(unsupported("a non-linear split"));
            }
            // sum / μ <= rhs / μ, split into its A-local and shared variables.
            let mut local = BTreeMap::new();
            let mut shared = BTreeMap::new();
            for (x, c) in sum {
                let mut symbols = BTreeSet::new();
                term_symbols(store, x, &mut symbols);
                let c = c / split_coefficient;
                match cut.colour_of(&symbols) {
                    Some(Colour::A) => local.insert(x, c),
                    Some(Colour::Shared) => shared.insert(x, c),
                    _ => return Err(unsupported("an A premise over B's symbols")),
                };
            }
            bounds.push((local, shared, rhs / split_coefficient, strict));
        }
        let [
            (below_local, below_shared, below_rhs, below_strict),
            (above_local, above_shared, above_rhs, above_strict),
        ] = <[_; 2]>::try_from(bounds).map_err(|_| unsupported("two branches expected"))?;
        // Below: -π_A + shared <= rhs, so π_A >= shared - rhs; above: π_A + shared <= rhs, so
        // π_A <= rhs - shared.
        let pi_a: BTreeMap<TermId, Rational> =
            below_local.iter().map(|(x, c)| (*x, Rational::from(-c))).collect();
        if pi_a != above_local {
            return Err(unsupported("the two branches disagree on the A part of the split"));
        }
        let integral = |map: &BTreeMap<TermId, Rational>| {
            map.iter().all(|(x, c)| c.denom() == &1 && store.sort_of(*x) == SortId::INT)
        };
        if !integral(&pi_a) {
            return Err(unsupported("the A part of the split is not integer-valued"));
        }
        let all_int =
            |map: &BTreeMap<TermId, Rational>| map.keys().all(|x| store.sort_of(*x) == SortId::INT);
        if !all_int(&below_shared) || !all_int(&above_shared) {
            return Err(unsupported("a shared variable that is not an integer"));
        }
        let lower = (below_shared, -below_rhs, below_strict);
        let upper =
            (above_shared.into_iter().map(|(x, c)| (x, -c)).collect(), above_rhs, above_strict);
        Ok(integer_between(store, lower, upper))
    }

    /// `E_B → C_A` for an EUF conflict whose literals mix both sides (see the module comment).
    pub(super) fn congruence_interpolant(
        &self,
        store: &mut TermStore,
        cut: &Cut<'_>,
        clause: &[Lit],
        colours: &[Colour],
    ) -> Result<Formula, InterpolationError> {
        // The negation of the lemma, split: (a, b, holds) means a = b when `holds`, else a ≠ b.
        // A mixed literal gives A `t = x` and B its own literal with `x` for `t`.
        let mut a_part = Vec::new();
        let mut b_part = Vec::new();
        for (&l, &colour) in clause.iter().zip(colours) {
            let (a, b) = match self.meanings[l.var().index()] {
                Meaning::Equality(a, b) => (a, b),
                Meaning::Truth if l.is_negative() => continue,
                Meaning::Truth => return Ok(Formula::True),
                _ => {
                    return Err(InterpolationError::Unsupported(
                        "an EUF lemma over a non-equality literal".into(),
                    ));
                }
            };
            let literal = (a, b, l.is_negative());
            match colour {
                Colour::A => a_part.push(literal),
                Colour::Mixed => {
                    let (a_literal, b_literal) =
                        cut.mixed[&l.var().index()].split_equality(literal);
                    a_part.push(a_literal);
                    b_part.push(b_literal);
                }
                Colour::Shared | Colour::B => b_part.push(literal),
            }
        }
        let shared = |store: &TermStore, t: TermId| {
            let mut symbols = BTreeSet::new();
            term_symbols(store, t, &mut symbols);
            symbols.is_subset(&cut.shared)
        };
        let shared_fun =
            |store: &TermStore, f: FunId| !is_uninterpreted(store, f) || cut.shared.contains(&f);
        // E_B: the equalities between shared terms that the B literals imply.
        let b_equalities: Vec<(TermId, TermId)> =
            b_part.iter().filter(|l| l.2).map(|&(a, b, _)| (a, b)).collect();
        let mut b_closure = Closure::new(store, b_equalities.iter().flat_map(|&(a, b)| [a, b]));
        b_closure.close(store, &b_equalities);
        let b_reps = b_closure.representatives(store, &shared, &shared_fun);
        let e_b = b_closure.implied_equalities(store, &b_reps, &shared, &shared_fun);
        // C_A: what the A literals and E_B imply over shared terms.
        let mut a_equalities: Vec<(TermId, TermId)> =
            a_part.iter().filter(|l| l.2).map(|&(a, b, _)| (a, b)).collect();
        a_equalities.extend(e_b.iter().copied());
        let a_disequalities: Vec<(TermId, TermId)> =
            a_part.iter().filter(|l| !l.2).map(|&(a, b, _)| (a, b)).collect();
        let mut a_closure = Closure::new(
            store,
            a_equalities.iter().chain(&a_disequalities).flat_map(|&(a, b)| [a, b]),
        );
        a_closure.close(store, &a_equalities);
        let a_reps = a_closure.representatives(store, &shared, &shared_fun);
        let mut c_equalities = a_closure.implied_equalities(store, &a_reps, &shared, &shared_fun);
        let mut c_disequalities = Vec::new();
        let mut contradiction = false;
        for &(s, t) in &a_disequalities {
            let (cs, ct) = (a_closure.find(s), a_closure.find(t));
            if cs == ct {
                contradiction = true;
            } else if let (Some(&rs), Some(&rt)) = (a_reps.get(&cs), a_reps.get(&ct)) {
                c_disequalities.push((rs, rt));
            }
        }
        let conclusion = if contradiction {
            c_equalities.clear();
            c_disequalities.clear();
            Formula::False
        } else {
            let mut parts: Vec<Formula> =
                c_equalities.iter().map(|&(s, t)| equality_formula(store, s, t)).collect();
            parts.extend(
                c_disequalities.iter().map(|&(s, t)| negate(equality_formula(store, s, t))),
            );
            and_all(parts)
        };
        // The independent closure confirms both that the A literals prove `E_B → C_A` and
        // that it contradicts the B literals; else a conditional equality is needed and the
        // complete exchange below answers.
        let mut conditionals: Vec<Conditional> = c_equalities
            .iter()
            .map(|&e| Conditional { premises: e_b.clone(), conclusion: Some(e) })
            .collect();
        for &d in &c_disequalities {
            let mut premises = e_b.clone();
            premises.push(d);
            conditionals.push(Conditional { premises, conclusion: None });
        }
        if contradiction {
            conditionals.push(Conditional { premises: e_b.clone(), conclusion: None });
        }
        if !EufSplit::new(&a_part, &b_part).verifies(store, &conditionals) {
            return conditional_interpolant(store, &cut.shared, &a_part, &b_part);
        }
        let mut parts: Vec<Formula> =
            e_b.iter().map(|&(s, t)| negate(equality_formula(store, s, t))).collect();
        parts.push(conclusion);
        Ok(or_all(parts))
    }
}

//! Interface equalities that mix the sides of a cut: atoms between an A-local and a B-local
//! term, read through an auxiliary variable, and that variable's elimination.
//!
//! The theory combination may make the interface equality `t = b` (and its two bounds
//! `t - b <= 0`, `b - t <= 0`) between an A-local `t` and a B-local `b`. No side owns such
//! an atom. As in the proof-tree-preserving interpolation of Christ, Hoenicke and Nutz, each
//! such atom is projected with an auxiliary variable `x` for its A-local term, treated as
//! shared while the refutation is folded: A gets `t = x`, B gets the literal with `x` for
//! `t` (`x = b`, `x - b <= 0`, ...), which together say exactly what the literal says. A
//! lemma over mixed literals is interpolated over these projections by the usual
//! constructions (EUF's, or Farkas', where the A sum gains the multiple of `t - x` that
//! replaces `t` by `x` in B's premise). A resolution on a mixed pivot takes the conjunction,
//! as on a B pivot: B refutes each side's partial interpolant for every `x` with the pivot's
//! projection or its negation, so B refutes the conjunction for every `x`, and A proves it
//! with `x` equal to `t`.
//!
//! The root's partial interpolant `I(x̄)` is then refuted by B for every value of `x̄`, and
//! A proves `I(t̄)`. Where SMTInterpol keeps partial interpolants in a special form that
//! makes `x` disappear on the mixed pivot, this construction eliminates `x̄` at the root:
//! any shared terms `s̄` with `A ⊨ I(s̄)` give the interpolant `I(s̄)` (B refutes it, as it
//! refutes every instance), and so does a disjunction of instances that A proves. The
//! candidates for `x` are first the terms the bounds and equalities of `I` give it (`x <= s`,
//! `s <= x`, `x = s` over shared symbols; over the integers `c·x <= e` gives `e / c` rounded
//! with `div`), which is where the interface equality's shared witness shows up (for a path
//! `i1 = i0 + 1, i2 = i1 - 1`, the witness of `i0 = i2` is `i1 - 1`). When A proves none of
//! those instances alone (its cases pin `t` to different terms), each model of A that no
//! instance found so far holds in gives the shared terms of A that have `t`'s value there,
//! until A proves the disjunction. Both conditions of each instance are checked by the
//! engine; when no candidate works the answer is unsupported.

use std::collections::{BTreeMap, BTreeSet};

use rug::Rational;

use super::InterpolationError;
use super::arithmetic::{affine_term, arith_formula};
use super::euf_exchange::EqLiteral;
use super::formula::{
    and_all, entails, equality_formula, for_each_atom, formula_symbols, model_outside, negate,
    or_all, refutes, shared_terms_of, term_symbols,
};
use super::mcmillan::{Colour, Cut, Meaning, Mixed, Refutation};
use crate::sat::Lit;
use crate::smt::{
    ArithOp, Encoder, Formula, FunId, Origin, SortId, TermId, TermStore, farkas, linear,
};

/// The most instances of the auxiliary variables tried at the root of one cut.
const MAX_INSTANCES: usize = 64;

/// The most models of A asked for candidates at the root of one cut.
const MAX_MODEL_ROUNDS: usize = 8;

impl Mixed {
    /// An equality literal of a lemma's negation split in two: A's `t = x` and B's literal
    /// with `x` for `t`.
    pub(super) fn split_equality(&self, (a, b, holds): EqLiteral) -> (EqLiteral, EqLiteral) {
        let (term, image) = self.sides;
        let other = if a == term { b } else { a };
        ((self.key, self.aux, true), (image, other, holds))
    }

    /// What A adds to a Farkas sum for a mixed premise with this coefficient: the multiple of
    /// `t - x <= 0` (or `x - t <= 0`; both follow from `t = x`) that turns the premise's `c·t`
    /// into B's `c·x`, as a premise and its nonnegative weight.
    pub(super) fn a_share(
        &self,
        store: &TermStore,
        premise: &farkas::ArithLiteral,
        coefficient: &Rational,
    ) -> Result<(farkas::ArithLiteral, Rational), InterpolationError> {
        let Some(((coefficients, _), _)) = farkas::canonical(store, premise) else {
            return Err(InterpolationError::Unsupported("a non-linear premise".into()));
        };
        let Some(c) = coefficients.get(&self.key) else {
            return Err(InterpolationError::Unsupported(
                "a mixed premise without its A-local term".into(),
            ));
        };
        let weight = Rational::from(coefficient * c);
        let sign = Rational::from(weight.cmp0() as i32);
        let difference = farkas::ArithLiteral {
            terms: vec![(sign.clone(), self.key), (-sign, self.aux)],
            constant: Rational::new(),
            strict: false,
        };
        Ok((difference, weight.abs()))
    }

    /// B's projection of a mixed arithmetic premise: the premise with `x` for `t`.
    fn b_premise(
        &self,
        store: &TermStore,
        premise: &farkas::ArithLiteral,
    ) -> Result<farkas::ArithLiteral, InterpolationError> {
        let Some(((coefficients, rhs), strict)) = farkas::canonical(store, premise) else {
            return Err(InterpolationError::Unsupported("a non-linear premise".into()));
        };
        let terms = coefficients
            .into_iter()
            .map(|(x, c)| (c, if x == self.key { self.aux } else { x }))
            .collect();
        Ok(farkas::ArithLiteral { terms, constant: -rhs, strict })
    }
}

impl Refutation {
    /// Finds the atoms of the refutation that mix this cut's sides and can be projected
    /// (one A-local term against B's), gives each an auxiliary variable (one per A-local
    /// term, made once per refutation in `auxiliaries`), and adds those variables to the
    /// cut's shared symbols. A mixed atom that cannot be projected stays unmarked, and a
    /// proof that uses it answers unsupported.
    pub(super) fn find_mixed(
        &self,
        store: &mut TermStore,
        encoder: &Encoder,
        cut: &mut Cut<'_>,
        auxiliaries: &mut BTreeMap<TermId, TermId>,
    ) {
        let side = |store: &TermStore, cut: &Cut<'_>, t: TermId| {
            let mut symbols = BTreeSet::new();
            term_symbols(store, t, &mut symbols);
            cut.colour_of(&symbols)
        };
        // The one A-local variable among `variables`, the others of the colours `others`.
        let a_variable =
            |store: &TermStore, cut: &Cut<'_>, variables: &[TermId], others: &[Colour]| {
                let mut a_variables = Vec::new();
                for &x in variables {
                    match side(store, cut, x) {
                        Some(Colour::A) => a_variables.push(x),
                        Some(colour) if others.contains(&colour) => {}
                        _ => return None,
                    }
                }
                match a_variables[..] {
                    [t] => Some(t),
                    _ => None,
                }
            };
        for (index, meaning) in self.meanings.iter().enumerate() {
            if cut.colour_of(&self.symbols[index]).is_some() {
                continue;
            }
            // The A-local term, and for an equality its A side with the linear form of an
            // arithmetic one (`i1` in `i1 - 2`: the variable the equality's bounds name).
            let (key, equality_side) = match meaning {
                Meaning::Equality(a, b) if store.sort_of(*a) != SortId::BOOL => {
                    let term = match (side(store, cut, *a), side(store, cut, *b)) {
                        (Some(Colour::A), Some(Colour::B)) => *a,
                        (Some(Colour::B), Some(Colour::A)) => *b,
                        _ => continue,
                    };
                    if !store.sort_of(term).is_arithmetic() {
                        (term, Some((term, None)))
                    } else {
                        let Ok(form) = linear::linearize(store, term) else { continue };
                        let variables: Vec<TermId> = form.coefficients.keys().copied().collect();
                        let Some(v) = a_variable(store, cut, &variables, &[Colour::Shared]) else {
                            continue;
                        };
                        (v, Some((term, Some(form))))
                    }
                }
                Meaning::Arith(i) => {
                    let literal = &encoder.linear.atoms()[*i].literal;
                    let Some(((coefficients, _), _)) = farkas::canonical(store, literal) else {
                        continue;
                    };
                    let variables: Vec<TermId> = coefficients.keys().copied().collect();
                    let others = [Colour::B, Colour::Shared];
                    let Some(t) = a_variable(store, cut, &variables, &others) else { continue };
                    (t, None)
                }
                _ => continue,
            };
            let aux = *auxiliaries.entry(key).or_insert_with(|| {
                let name = format!("mixed!{}", key.0);
                let f = store.declare_fun(&name, Vec::new(), store.sort_of(key), true);
                store.apply(f, Vec::new())
            });
            cut.shared.insert(store.term(aux).fun);
            let sides = match equality_side {
                Some((term, Some(form))) if term != key => {
                    let coefficients = form
                        .coefficients
                        .into_iter()
                        .map(|(y, c)| (if y == key { aux } else { y }, c))
                        .collect();
                    let sort = store.sort_of(term);
                    (term, affine_term(store, coefficients, &form.constant, sort))
                }
                _ => (key, aux),
            };
            cut.mixed.insert(index, Mixed { key, aux, sides });
        }
    }

    /// The partial interpolant of a theory lemma with mixed literals: its negation split by
    /// the projections, interpolated by the lemma's own construction.
    pub(super) fn mixed_leaf(
        &self,
        store: &mut TermStore,
        encoder: &Encoder,
        cut: &Cut<'_>,
        origin: &Origin,
        clause: &[Lit],
        colours: &[Colour],
    ) -> Result<Formula, InterpolationError> {
        match origin {
            Origin::Congruence => self.congruence_interpolant(store, cut, clause, colours),
            Origin::Farkas(certificate) => {
                self.farkas_interpolant(store, encoder, cut, certificate)
            }
            // A valid clause over mixed atoms (the bridge of an interface equality) is
            // refuted by one side's projection of its negation alone.
            Origin::Valid => {
                let mut a_side = Vec::new();
                let mut b_side = Vec::new();
                for (&l, &colour) in clause.iter().zip(colours) {
                    match colour {
                        Colour::A => a_side.push(negate(self.literal_formula(store, encoder, l)?)),
                        Colour::B | Colour::Shared => {
                            b_side.push(negate(self.literal_formula(store, encoder, l)?))
                        }
                        Colour::Mixed => {
                            let mixed = &cut.mixed[&l.var().index()];
                            a_side.push(equality_formula(store, mixed.key, mixed.aux));
                            b_side.push(self.b_negation(store, encoder, mixed, l)?);
                        }
                    }
                }
                if entails(store, &b_side, &Formula::False)? {
                    Ok(Formula::True)
                } else if entails(store, &a_side, &Formula::False)? {
                    Ok(Formula::False)
                } else {
                    Err(InterpolationError::Unsupported(
                        "a valid clause over interface equalities that neither side refutes".into(),
                    ))
                }
            }
            _ => Err(InterpolationError::Unsupported(
                "an array lemma or integer cut over an interface equality mixing both sides".into(),
            )),
        }
    }

    /// B's projection of the negation of the clause literal `l` over a mixed atom.
    fn b_negation(
        &self,
        store: &mut TermStore,
        encoder: &Encoder,
        mixed: &Mixed,
        l: Lit,
    ) -> Result<Formula, InterpolationError> {
        match &self.meanings[l.var().index()] {
            Meaning::Equality(a, b) => {
                let (_, (x, other, holds)) = mixed.split_equality((*a, *b, l.is_negative()));
                let equality = equality_formula(store, x, other);
                Ok(if holds { equality } else { negate(equality) })
            }
            Meaning::Arith(i) => {
                let premise = encoder.linear.premise(*i, l.is_negative());
                arith_formula(store, &mixed.b_premise(store, &premise)?)
            }
            _ => Err(InterpolationError::Unsupported("a mixed literal of unknown meaning".into())),
        }
    }
}

/// The interpolant of one cut without its auxiliary variables: the first instance `I(s̄)` over
/// candidate shared terms that B refutes and A proves, or the disjunction of the instances B
/// refutes when A proves that (see the module comment).
pub(super) fn eliminate(
    store: &mut TermStore,
    partitions: &[Vec<Formula>],
    cut: &Cut<'_>,
    interpolant: Formula,
) -> Result<Formula, InterpolationError> {
    let auxiliaries: BTreeSet<FunId> = cut.mixed.values().map(|m| store.term(m.aux).fun).collect();
    let mut present = BTreeSet::new();
    formula_symbols(store, &interpolant, &mut present);
    if present.is_disjoint(&auxiliaries) {
        return Ok(interpolant);
    }
    let unsupported = |why: &str| {
        InterpolationError::Unsupported(format!(
            "an interface equality between terms local to different sides: {why}"
        ))
    };
    let mut instances = Vec::new();
    instantiate(store, interpolant.clone(), &auxiliaries, &mut instances);
    if instances.is_empty() {
        return Err(unsupported("no shared term bounds its auxiliary variable"));
    }
    let (mut a_side, mut b_side) = (Vec::new(), Vec::new());
    for (i, part) in partitions.iter().enumerate() {
        if cut.in_a[i] {
            a_side.extend(part.iter().cloned())
        } else {
            b_side.extend(part.iter().cloned())
        }
    }
    let mut refuted = Vec::new();
    for instance in instances {
        if refutes(store, &b_side, std::slice::from_ref(&instance))? {
            if entails(store, &a_side, &instance)? {
                return Ok(instance);
            }
            refuted.push(instance);
        }
    }
    // A model of A that no instance so far holds in names, for each auxiliary variable, the
    // value of its A-local term: a shared term of A with that value is the next candidate.
    let pool = shared_terms_of(store, &a_side, &cut.shared, &auxiliaries);
    for _ in 0..MAX_MODEL_ROUNDS {
        let model = match model_outside(store, &a_side, &refuted) {
            Ok(None) if !refuted.is_empty() => return Ok(or_all(refuted)),
            Ok(Some(model)) => model,
            _ => break,
        };
        let mut map = BTreeMap::new();
        for m in cut.mixed.values() {
            let value = model.eval_value(store, m.key);
            let f = store.term(m.aux).fun;
            if let Some(&t) = pool.iter().find(|&&t| {
                store.sort_of(t) == store.sort_of(m.key) && model.eval_value(store, t) == value
            }) {
                map.insert(f, t);
            }
        }
        if map.is_empty() {
            break;
        }
        let partial = substitute(store, &interpolant, &map);
        let mut instances = Vec::new();
        instantiate(store, partial, &auxiliaries, &mut instances);
        let before = refuted.len();
        for instance in instances {
            if !refuted.contains(&instance)
                && refutes(store, &b_side, std::slice::from_ref(&instance))?
            {
                refuted.push(instance);
            }
        }
        if refuted.len() == before {
            break;
        }
    }
    Err(unsupported("no instance over the shared terms tried is proved by A"))
}

/// Up to [`MAX_INSTANCES`] instances of `f` with every auxiliary variable replaced by a
/// candidate term, one variable at a time: first one whose candidates name no auxiliary
/// variable, else one whose candidates name only others (`x' = g(x)` gives `x'` the candidate
/// `g(x)` before `x` has its own), depth first in the order the candidates were found.
fn instantiate(
    store: &mut TermStore,
    f: Formula,
    auxiliaries: &BTreeSet<FunId>,
    out: &mut Vec<Formula>,
) {
    if out.len() >= MAX_INSTANCES {
        return;
    }
    let mut present = BTreeSet::new();
    formula_symbols(store, &f, &mut present);
    let present: Vec<FunId> = present.intersection(auxiliaries).copied().collect();
    if present.is_empty() {
        out.push(f);
        return;
    }
    let mut chosen = None;
    for avoid_all in [true, false] {
        for &a in &present {
            let x = store.apply(a, Vec::new());
            let avoid = if avoid_all { auxiliaries.clone() } else { BTreeSet::from([a]) };
            let mut candidates = Vec::new();
            for_each_atom(&f, &mut |atom| candidates_in(store, atom, x, &avoid, &mut candidates));
            if !candidates.is_empty() {
                chosen = Some((a, candidates));
                break;
            }
        }
        if chosen.is_some() {
            break;
        }
    }
    let Some((a, candidates)) = chosen else { return };
    for t in candidates {
        let instance = substitute(store, &f, &BTreeMap::from([(a, t)]));
        instantiate(store, instance, auxiliaries, out);
    }
}

/// The terms naming none of the symbols in `avoid` that the equality or bound `atom` gives
/// `x`: `s` from `x = s`, and from `c·x + Σ b·y ⋈ k` the value `(k - Σ b·y) / c` (over the
/// integers with `|c| > 1`, that value rounded down and up, written with `div`).
fn candidates_in(
    store: &mut TermStore,
    atom: &Formula,
    x: TermId,
    avoid: &BTreeSet<FunId>,
    out: &mut Vec<TermId>,
) {
    let free = |store: &TermStore, t: TermId| {
        let mut symbols = BTreeSet::new();
        term_symbols(store, t, &mut symbols);
        symbols.is_disjoint(avoid)
    };
    let push = |t: TermId, out: &mut Vec<TermId>| {
        if !out.contains(&t) {
            out.push(t);
        }
    };
    match atom {
        Formula::Eq(p, q) | Formula::Le(p, q) | Formula::Lt(p, q) => {
            if matches!(atom, Formula::Eq(..)) {
                if *p == x && free(store, *q) {
                    push(*q, out);
                } else if *q == x && free(store, *p) {
                    push(*p, out);
                }
            }
            if !store.sort_of(*p).is_arithmetic() {
                return;
            }
            let literal = farkas::ArithLiteral {
                terms: vec![(Rational::from(1), *p), (Rational::from(-1), *q)],
                constant: Rational::new(),
                strict: matches!(atom, Formula::Lt(..)),
            };
            let Some(((coefficients, rhs), _)) = farkas::canonical(store, &literal) else {
                return;
            };
            let Some(c) = coefficients.get(&x).cloned() else { return };
            if coefficients.keys().any(|&y| y != x && !free(store, y)) {
                return;
            }
            let sort = store.sort_of(x);
            let integer = sort == SortId::INT
                && coefficients.keys().all(|&y| store.sort_of(y) == SortId::INT);
            if integer && Rational::from(c.abs_ref()) != 1 {
                // c·x ⋈ e over the integers: x is e/c rounded one way or the other (`div`
                // floors for a positive divisor), e.g. the witness of 2·x = i2 - 4.
                let sign = Rational::from(c.cmp0() as i32);
                let divisor = Rational::from(c.abs_ref());
                let e: BTreeMap<TermId, Rational> = coefficients
                    .iter()
                    .filter(|(y, _)| **y != x)
                    .map(|(y, b)| (*y, Rational::from(-b) * &sign))
                    .collect();
                let d = store.numeral(&divisor, SortId::INT);
                for offset in [Rational::new(), divisor.clone() - 1u32] {
                    let numerator = affine_term(
                        store,
                        e.clone(),
                        &(Rational::from(&rhs * &sign) + offset),
                        sort,
                    );
                    push(store.arith(ArithOp::Div, vec![numerator, d], SortId::INT), out);
                }
                return;
            }
            let rest: BTreeMap<TermId, Rational> = coefficients
                .into_iter()
                .filter(|(y, _)| *y != x)
                .map(|(y, b)| (y, -b / &c))
                .collect();
            let t = affine_term(store, rest, &(rhs / &c), sort);
            push(t, out);
        }
        _ => {}
    }
}

/// `f` with the constants in `map` replaced by their terms.
fn substitute(store: &mut TermStore, f: &Formula, map: &BTreeMap<FunId, TermId>) -> Formula {
    let mut memo = BTreeMap::new();
    substitute_formula(store, f, map, &mut memo)
}

fn substitute_formula(
    store: &mut TermStore,
    f: &Formula,
    map: &BTreeMap<FunId, TermId>,
    memo: &mut BTreeMap<TermId, TermId>,
) -> Formula {
    let mut term = |store: &mut TermStore, t: TermId| substitute_term(store, t, map, memo);
    match f {
        Formula::True => Formula::True,
        Formula::False => Formula::False,
        Formula::Atom(p) => Formula::Atom(term(store, *p)),
        Formula::Eq(a, b) => {
            let (a, b) = (term(store, *a), term(store, *b));
            equality_formula(store, a, b)
        }
        // `t <= t` and `t < t` are where a bound on `x` met its own candidate.
        Formula::Le(a, b) => match (term(store, *a), term(store, *b)) {
            (a, b) if a == b => Formula::True,
            (a, b) => Formula::Le(a, b),
        },
        Formula::Lt(a, b) => match (term(store, *a), term(store, *b)) {
            (a, b) if a == b => Formula::False,
            (a, b) => Formula::Lt(a, b),
        },
        Formula::Not(g) => negate(substitute_formula(store, g, map, memo)),
        Formula::And(parts) => {
            and_all(parts.iter().map(|g| substitute_formula(store, g, map, memo)).collect())
        }
        Formula::Or(parts) => {
            or_all(parts.iter().map(|g| substitute_formula(store, g, map, memo)).collect())
        }
        Formula::Iff(g, h) => Formula::Iff(
            Box::new(substitute_formula(store, g, map, memo)),
            Box::new(substitute_formula(store, h, map, memo)),
        ),
        Formula::Xor(g, h) => Formula::Xor(
            Box::new(substitute_formula(store, g, map, memo)),
            Box::new(substitute_formula(store, h, map, memo)),
        ),
        Formula::Ite(c, g, h) => Formula::Ite(
            Box::new(substitute_formula(store, c, map, memo)),
            Box::new(substitute_formula(store, g, map, memo)),
            Box::new(substitute_formula(store, h, map, memo)),
        ),
    }
}

fn substitute_term(
    store: &mut TermStore,
    t: TermId,
    map: &BTreeMap<FunId, TermId>,
    memo: &mut BTreeMap<TermId, TermId>,
) -> TermId {
    if let Some(&done) = memo.get(&t) {
        return done;
    }
    let term = store.term(t).clone();
    let result = match map.get(&term.fun) {
        Some(&s) if term.args.is_empty() => s,
        _ => {
            let args: Vec<TermId> =
                term.args.iter().map(|&a| substitute_term(store, a, map, memo)).collect();
            if args == term.args { t } else { store.apply(term.fun, args) }
        }
    };
    memo.insert(t, result);
    result
}

//! Interpolants enumerated from models of A, for the refutations whose proofs the lemma
//! constructions cannot read: array lemmas and integer cuts whose atoms mix both sides.
//!
//! The interpolant is built as a disjunction of cubes over shared terms, each one refuted by
//! B, until A proves the disjunction (implicant enumeration, the shape of the interpolants
//! that model-based and enumerative interpolators give). Each round takes a model of A in
//! which no cube found so far holds and describes it over shared terms: which are equal,
//! which differ, how the numbers are ordered, and which shared atoms of A and B hold. The
//! terms are first the shared terms of A and B with their subterms and the reads of each
//! shared array at each shared index; when B does not refute that description, also the
//! shared images of local terms (a local constant is read as the shared terms with its value
//! in the model, a numeral last, an application of shared or interpreted symbols as the
//! same application of its arguments' images, so that A's `store(a, i, v)` with `i = k` in
//! the model shows up as `store(a, k, v)`). The cube is the part of the description B
//! refutes: the engine's core, from which the literals most particular to this model (a
//! comparison with a numeral, an order) are left out while B still refutes the rest, shrunk
//! one literal at a time. The cube holds in the model, so the next model is another; a
//! description B does not refute (the terms cannot tell the model from B's) ends the search
//! as unsupported, as does a search longer than [`MAX_ROUNDS`] models.
//!
//! Every step is an engine query, and the result is verified as every interpolant is (`A`
//! implies it, B refutes it, it names shared symbols only) before it is shown.

use std::collections::{BTreeMap, BTreeSet};

use super::InterpolationError;
use super::arrays::diff_chains;
use super::formula::{
    and_all, for_each_atom, for_each_atom_term, formula_symbols, formula_terms, is_uninterpreted,
    model_outside, negate, or_all, refutes, shared_terms_of, term_size, term_symbols,
};
use crate::smt::{
    Answer, ArrayOp, Formula, FunId, Interpretation, ModelValue, SmtStats, SortId, TermId,
    TermStore, check,
};

/// The most models of A described before giving up.
const MAX_ROUNDS: usize = 16;

/// The most shared terms one description compares (the smallest are kept).
const MAX_POOL: usize = 40;

/// The most queries spent leaving particular literals out of one cube.
const MAX_GENERALIZATIONS: usize = 48;

/// The most engine queries one search makes (models, cores, shrinking).
const MAX_QUERIES: usize = 600;

/// The engine queries a search has left.
struct Queries(std::cell::Cell<usize>);

impl Queries {
    /// Takes one query, or says the search has spent them all.
    fn spend(&self) -> Result<(), InterpolationError> {
        match self.0.get() {
            0 => Err(InterpolationError::Unsupported(format!(
                "the search made its {MAX_QUERIES} engine queries"
            ))),
            left => {
                self.0.set(left - 1);
                Ok(())
            }
        }
    }
}

/// The most shared images one local term is given in one model.
const MAX_IMAGES: usize = 3;

/// A disjunction of cubes over the `shared` symbols that `a` implies and `b` refutes, or
/// unsupported when the search finds none.
pub(super) fn interpolate(
    store: &mut TermStore,
    a: &[Formula],
    b: &[Formula],
    shared: &BTreeSet<FunId>,
) -> Result<Formula, InterpolationError> {
    let unsupported = |why: &str| InterpolationError::Unsupported(why.to_string());
    let both: Vec<Formula> = a.iter().chain(b).cloned().collect();
    let mut base = shared_terms_of(store, &both, shared, &BTreeSet::new());
    add_reads(store, &mut base);
    let atoms = shared_atoms(store, &both, shared);
    let chains = diff_chains(store, &base, &both);
    let mut local_terms = Vec::new();
    for f in &both {
        formula_terms(store, f, &mut local_terms);
    }
    local_terms.retain(|t| !base.contains(t) && store.sort_of(*t) != SortId::BOOL);
    // Subterms before the terms over them, so that images are made bottom up.
    local_terms.sort_by_key(|&t| term_size(store, t));
    let mut cubes: Vec<Formula> = Vec::new();
    let queries = Queries(std::cell::Cell::new(MAX_QUERIES));
    for _ in 0..MAX_ROUNDS {
        queries.spend()?;
        let model = match model_outside(store, a, &cubes) {
            Ok(None) => return Ok(or_all(cubes)),
            Ok(Some(model)) => model,
            Err(e) => return Err(unsupported(&format!("the engine stopped: {e}"))),
        };
        let value = |store: &TermStore, t: TermId| model.eval_value(store, t);
        let mut pool = base.clone();
        // Twice over, so that a local constant equal to a local application (A's array `p`
        // with `p = store(m0, a0, v)`) finds that application's image.
        let mut images: BTreeMap<TermId, Vec<TermId>> = BTreeMap::new();
        for _ in 0..2 {
            for &t in &local_terms {
                for image in images_of(store, t, &pool, &images, &value, shared) {
                    let known = images.entry(t).or_default();
                    if known.len() < MAX_IMAGES && !known.contains(&image) {
                        known.push(image);
                    }
                    if !pool.contains(&image) {
                        pool.push(image);
                    }
                }
            }
        }
        pool.sort_by_key(|&t| term_size(store, t));
        pool.truncate(MAX_POOL);
        // Last, each number's value as a numeral, when no term of the pool is that numeral:
        // `i2 = 2` where only `i2 - 1 = 1` would pin it down.
        let mut numbered = pool.clone();
        let mut values = BTreeSet::new();
        for &t in &pool {
            if let (true, ModelValue::Number(v)) =
                (store.sort_of(t).is_arithmetic(), value(store, t))
            {
                values.insert((store.sort_of(t), v));
            }
        }
        for (sort, v) in values {
            let numeral = store.numeral(&v, sort);
            if !numbered.contains(&numeral) {
                numbered.push(numeral);
            }
        }
        // The terms of the problem first: a cube over them holds in more models than one
        // over the images of this model's local terms, or over its values.
        // Last, the `@diff` chains between shared arrays (`super::arrays`): what no other
        // term can say ("these arrays differ at one index at most").
        let mut with_chains = numbered.clone();
        with_chains.extend(chains.iter().copied().filter(|t| !numbered.contains(t)));
        let mut cube = None;
        let mut descriptions: Vec<&[TermId]> =
            vec![&base[..base.len().min(MAX_POOL)], &pool[..], &numbered[..]];
        if with_chains.len() > numbered.len() {
            descriptions.push(&with_chains[..]);
        }
        for terms in descriptions {
            let literals = describe(store, terms, &atoms, &|store, t| value(store, t), &|f| {
                model.eval(store, f)
            });
            cube = refuted_core(store, b, literals, &queries)?;
            if cube.is_some() {
                break;
            }
        }
        let cube = cube.ok_or_else(|| {
            unsupported("no cube over the shared terms tells a model of A from B's")
        })?;
        cubes.push(and_all(cube));
    }
    Err(unsupported(&format!("A has more than {MAX_ROUNDS} kinds of models")))
}

/// Adds to `pool` the read of each array term at each term of its index sort.
fn add_reads(store: &mut TermStore, pool: &mut Vec<TermId>) {
    let arrays: Vec<TermId> =
        pool.iter().copied().filter(|&t| store.array_parts(store.sort_of(t)).is_some()).collect();
    for m in arrays {
        let Some((index, _)) = store.array_parts(store.sort_of(m)) else { continue };
        // Not at reads: `select(m, select(m', i))` is seldom what tells models apart.
        let indices: Vec<TermId> = pool
            .iter()
            .copied()
            .filter(|&t| {
                store.sort_of(t) == index
                    && store.array_op(store.term(t).fun) != Some(ArrayOp::Select)
            })
            .collect();
        for i in indices {
            let read = store.select(m, i);
            if !pool.contains(&read) {
                pool.push(read);
            }
        }
    }
    pool.sort_by_key(|&t| term_size(store, t));
}

/// The atoms of `formulas` over shared symbols only, in the order met.
fn shared_atoms(store: &TermStore, formulas: &[Formula], shared: &BTreeSet<FunId>) -> Vec<Formula> {
    let mut out: Vec<Formula> = Vec::new();
    for f in formulas {
        for_each_atom(f, &mut |atom| {
            let mut symbols = BTreeSet::new();
            formula_symbols(store, atom, &mut symbols);
            if symbols.is_subset(shared) && !matches!(atom, Formula::True | Formula::False) {
                let atom = atom.clone();
                if !out.contains(&atom) {
                    out.push(atom);
                }
            }
        });
    }
    out
}

/// Up to [`MAX_IMAGES`] shared terms that stand for the local term `t` in this model: the
/// smallest terms of `pool` with its value for a constant (or an application of a local
/// function), the same application over its arguments' images otherwise (each combination,
/// in order, up to the bound).
fn images_of(
    store: &mut TermStore,
    t: TermId,
    pool: &[TermId],
    images: &BTreeMap<TermId, Vec<TermId>>,
    value: &impl Fn(&TermStore, TermId) -> ModelValue,
    shared: &BTreeSet<FunId>,
) -> Vec<TermId> {
    let term = store.term(t).clone();
    let head_shared = shared.contains(&term.fun) || !is_uninterpreted(store, term.fun);
    // Numbers are compared by value, whatever their form: an image `(+ (+ s 0) 1)` would say
    // nothing the pool's `(+ s 1)` does not.
    let arithmetic = store.sort_of(t).is_arithmetic();
    if head_shared && !term.args.is_empty() && !arithmetic {
        let mut combinations: Vec<Vec<TermId>> = vec![Vec::new()];
        for &x in &term.args {
            let mut symbols = BTreeSet::new();
            term_symbols(store, x, &mut symbols);
            let choices = if symbols.is_subset(shared) {
                vec![x]
            } else {
                images.get(&x).cloned().unwrap_or_default()
            };
            combinations = combinations
                .iter()
                .flat_map(|prefix| {
                    choices.iter().map(move |&c| {
                        let mut next = prefix.clone();
                        next.push(c);
                        next
                    })
                })
                .take(MAX_IMAGES)
                .collect();
        }
        let overwrite = store.array_op(term.fun) == Some(ArrayOp::Store);
        return combinations
            .into_iter()
            .map(|mut args| {
                // A store over a store at the same index is the outer one alone.
                if overwrite {
                    let inner = store.term(args[0]);
                    if store.array_op(inner.fun) == Some(ArrayOp::Store) && inner.args[1] == args[1]
                    {
                        args[0] = inner.args[0];
                    }
                }
                store.apply(term.fun, args)
            })
            .collect();
    }
    let wanted = value(store, t);
    let sort = store.sort_of(t);
    let mut found: Vec<TermId> = pool
        .iter()
        .copied()
        .filter(|&s| store.sort_of(s) == sort && value(store, s) == wanted)
        .collect();
    // A numeral with the same value is a coincidence of this model more often than a shared
    // constant is: `store(m0, 0, v)` for A's `store(m0, a0, v)` with `a0 = s = 0` holds in
    // fewer models than `store(m0, s, v)`.
    found.sort_by_key(|&s| (is_numeral(store, s), term_size(store, s)));
    found.truncate(MAX_IMAGES);
    found
}

/// Whether the term is a numeral.
fn is_numeral(store: &TermStore, t: TermId) -> bool {
    matches!(store.interpretation(store.term(t).fun), Some(Interpretation::Numeral(_)))
}

/// The literals that describe the model over `pool` and `atoms`, in the order they are
/// offered for dropping (first the order between numbers, then the shared atoms, then the
/// disequalities, last the equalities, so that a cube says what is equal when it can).
fn describe(
    store: &TermStore,
    pool: &[TermId],
    atoms: &[Formula],
    value: &dyn Fn(&TermStore, TermId) -> ModelValue,
    holds: &dyn Fn(&Formula) -> bool,
) -> Vec<Formula> {
    // The classes of equal values per sort, each led by its smallest term.
    let mut classes: BTreeMap<SortId, BTreeMap<ModelValue, Vec<TermId>>> = BTreeMap::new();
    for &t in pool {
        classes.entry(store.sort_of(t)).or_default().entry(value(store, t)).or_default().push(t);
    }
    let (mut order, mut differ, mut equal) = (Vec::new(), Vec::new(), Vec::new());
    for (sort, by_value) in &classes {
        let leaders: Vec<TermId> = by_value.values().map(|class| class[0]).collect();
        if sort.is_arithmetic() {
            // The values ascend, so each leader is below the next.
            for pair in leaders.windows(2) {
                order.push(Formula::Lt(pair[0], pair[1]));
            }
        }
        for (k, &x) in leaders.iter().enumerate() {
            for &y in &leaders[k + 1..] {
                differ.push(negate(Formula::Eq(x, y)));
            }
        }
        for class in by_value.values() {
            for &t in &class[1..] {
                equal.push(Formula::Eq(class[0], t));
            }
        }
    }
    let facts =
        atoms.iter().map(|atom| if holds(atom) { atom.clone() } else { negate(atom.clone()) });
    order.into_iter().chain(facts).chain(differ).chain(equal).collect()
}

/// The core of B's refutation of `literals` (indices into them), `None` when B does not
/// refute them.
fn core_of(
    store: &TermStore,
    b: &[Formula],
    literals: &[Formula],
    queries: &Queries,
) -> Result<Option<Vec<usize>>, InterpolationError> {
    queries.spend()?;
    let mut query = b.to_vec();
    let mut tracked = vec![false; b.len()];
    query.extend(literals.iter().cloned());
    tracked.extend(literals.iter().map(|_| true));
    let mut stats = SmtStats::default();
    match check(store, &query, &tracked, &mut stats) {
        Ok(Answer::Unsat { core }) => Ok(Some(core.into_iter().map(|i| i - b.len()).collect())),
        Ok(Answer::Sat(_)) => Ok(None),
        Err(e) => Err(InterpolationError::Unsupported(format!("the engine stopped: {e}"))),
    }
}

/// How particular a literal is to one model, most particular first: a comparison with a
/// numeral, an order between numbers, a shared atom, a disequality, an equality.
fn particularity(store: &TermStore, literal: &Formula) -> u8 {
    let numeral = |t: &TermId| is_numeral(store, *t);
    match literal {
        Formula::Eq(x, y) | Formula::Lt(x, y) if numeral(x) || numeral(y) => 0,
        Formula::Not(inner) if matches!(&**inner, Formula::Eq(x, y) if numeral(x) || numeral(y)) => {
            0
        }
        Formula::Lt(..) => 1,
        Formula::Eq(..) => 4,
        Formula::Not(inner) if matches!(&**inner, Formula::Eq(..)) => 3,
        _ => 2,
    }
}

/// The number of term nodes a literal compares.
fn literal_size(store: &TermStore, literal: &Formula) -> usize {
    let mut size = 0;
    for_each_atom_term(literal, &mut |t| size += term_size(store, t));
    size
}

/// A subset of `literals` that B refutes, `None` when B does not refute them all. The
/// engine's core is one of many; the most particular literal of the core is left out of the
/// description as long as B still refutes the rest (each time with a new core), so that the
/// cube says what holds in many models of A rather than this model's coincidences. Then the
/// core is shrunk one literal at a time.
fn refuted_core(
    store: &TermStore,
    b: &[Formula],
    literals: Vec<Formula>,
    queries: &Queries,
) -> Result<Option<Vec<Formula>>, InterpolationError> {
    let mut remaining = literals;
    let Some(mut core) = core_of(store, b, &remaining, queries)? else { return Ok(None) };
    let mut needed: Vec<Formula> = Vec::new();
    let mut budget = MAX_GENERALIZATIONS;
    loop {
        let mut candidates: Vec<usize> =
            core.iter().copied().filter(|&i| !needed.contains(&remaining[i])).collect();
        // Among equally particular literals, the larger first.
        candidates.sort_by_key(|&i| {
            (
                particularity(store, &remaining[i]),
                std::cmp::Reverse(literal_size(store, &remaining[i])),
                i,
            )
        });
        let mut progress = false;
        for i in candidates {
            if budget == 0 {
                break;
            }
            budget -= 1;
            if particularity(store, &remaining[i]) >= 4 {
                // Equalities are what a cube should say; they are only shrunk below.
                break;
            }
            let mut rest = remaining.clone();
            let literal = rest.remove(i);
            match core_of(store, b, &rest, queries)? {
                Some(smaller) => {
                    remaining = rest;
                    core = smaller;
                    progress = true;
                    break;
                }
                None => {
                    needed.push(literal);
                }
            }
        }
        if !progress {
            break;
        }
    }
    let mut kept: Vec<Formula> = core.into_iter().map(|i| remaining[i].clone()).collect();
    let refuted_by_b = |cube: &[Formula]| {
        queries.spend()?;
        refutes(store, b, cube)
    };
    let mut k = 0;
    while k < kept.len() {
        let mut fewer = kept.clone();
        fewer.remove(k);
        if refuted_by_b(&fewer)? {
            kept = fewer;
        } else {
            k += 1;
        }
    }
    // A class is described as its leader equal to each other member; when the cube names
    // two members through the leader (`1 = m1[s]`, `1 = m0[s]`), the equality between the
    // members alone (`m1[s] = m0[s]`) may be what B refutes, and holds in more models.
    let mut by_leader: BTreeMap<TermId, Vec<TermId>> = BTreeMap::new();
    for literal in &kept {
        if let Formula::Eq(leader, t) = literal {
            by_leader.entry(*leader).or_default().push(*t);
        }
    }
    for (leader, members) in by_leader {
        if members.len() < 2 {
            continue;
        }
        let mut lifted: Vec<Formula> = kept
            .iter()
            .filter(|l| !matches!(l, Formula::Eq(x, _) if *x == leader))
            .cloned()
            .collect();
        lifted.extend(members[1..].iter().map(|&t| Formula::Eq(members[0], t)));
        if refuted_by_b(&lifted)? {
            kept = lifted;
        }
    }
    Ok(Some(kept))
}

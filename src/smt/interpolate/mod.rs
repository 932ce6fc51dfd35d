//! Craig interpolants read off the SMT core's refutations: binary, sequence and tree
//! interpolants over the Boolean structure, EUF and linear arithmetic, every one verified by
//! the solver itself before it is returned.
//!
//! # Files
//!
//! - `mod.rs`: the driver: [`interpolate`], [`smt_sequence_interpolants`], [`interpolate_tree`],
//!   one refutation per tree (without Gomory cuts when a cut mixes the sides), the node-by-node
//!   fallback, and the verification and simplification passes of every answer.
//! - `mcmillan.rs`: colouring of each cut and McMillan's system over the resolution chains,
//!   with the theory interpolants of lemmas that mix both sides (Farkas, integer cuts, EUF).
//! - `euf_exchange.rs`: the complete EUF construction, an exchange of shared equalities with
//!   its own congruence closure.
//! - `mixed.rs`: mixed atoms read through auxiliary variables, eliminated at the end of a cut.
//! - `implicants.rs`: the search over models of A when the refutation cannot be read.
//! - `arrays.rs`: the `@diff` chains between shared arrays, the terms that search offers last
//!   (an interpolant saying that two arrays differ at `k` indices at most).
//! - `simplify.rs`: simplification of verified interpolants against the tree conditions.
//! - `arithmetic.rs`: linear and integer formula builders (bounds, sums, divisibility).
//! - `formula.rs`: symbols, atoms, sizes, connectives and the checked engine queries.
//!
//! # The construction
//!
//! The assertions of every partition are refuted together by [`super::check_in`], which
//! records where each clause of the SAT refutation came from ([`super::Origin`]). For a cut
//! (the partitions of one subtree are A, the others B) each SAT variable gets a colour: a
//! Tseitin variable is local to the side of its assertion; an atom is *shared* when all its
//! uninterpreted symbols occur on both sides, else local to the side whose vocabulary holds
//! them, and *mixed* when neither does. McMillan's system then folds over the resolution
//! chains: a clause `C` gets a partial interpolant `I` with `A ∧ ¬C|a ⊨ I` and
//! `B ∧ ¬C|b ∧ I ⊨ ⊥`, where `C|a` are the literals of A-local atoms and `C|b` the others
//! (shared literals count as B's). So:
//!
//! - an A clause (Tseitin clause or root of an A assertion) gives the disjunction of its
//!   shared literals, a B clause gives `true`;
//! - resolution on an A-local pivot gives the disjunction of the partial interpolants, on any
//!   other pivot their conjunction;
//! - a theory lemma whose atoms are all B's or shared is a B clause; one with no B-local atom
//!   is an A clause (it is valid, so either side may own it); a lemma mixing A-local and
//!   B-local atoms needs a theory interpolant of its negation, split into the A-local
//!   literals and the others:
//!   - arithmetic (LA, and LIA after the rounding the Farkas checker also does): the sum of
//!     the A premises weighted by their Farkas coefficients (McMillan's construction);
//!   - EUF: first the fast construction. With `E_B` the equalities between shared terms
//!     that the B literals imply, and `C_A` the equalities and disequalities between shared
//!     terms that the A literals imply together with `E_B`, the interpolant is `E_B → C_A`.
//!     Shared terms are those of the literals and the terms built from a class's shared
//!     representatives (`f(s)` for `f(x)` when `x = s`), so the interpolant may name terms
//!     the input does not. This misses conditional equalities: B may prove a shared
//!     equality only under one A proves (`s1 = s2` from A, then `h(s1) = h(s2)` by B's own
//!     `h`), and chains may alternate between the sides any number of times. When the
//!     independent closure does not confirm `E_B → C_A`, the complete construction answers:
//!     an exchange of equalities between shared terms, the Nelson-Oppen view that Yorsh and
//!     Musuvathi ("A combination method for generating interpolants") take of interpolation,
//!     where EUF qualifies because it is equality-interpolating (an equality between an A
//!     term and a B term always goes through a shared term, possibly a new one built from
//!     shared representatives). The sides take turns closing their literals with every
//!     equality exchanged so far over their terms and a growing pool of shared terms, and
//!     each gives the other the shared equalities it finds that are new; the turn on which
//!     a side's disequality fails ends it. The interpolant is the conjunction of `P → e`
//!     for every equality `e` A gave while B had given `P`, and `P → false` when A's
//!     disequality fails: A proves each conjunct, and B, firing them in turn, retraces the
//!     exchange to its contradiction. Conjuncts and premises that are not needed are
//!     dropped. Either construction's lemma interpolant is checked both ways (A literals
//!     ⊨ I, I ∧ B literals ⊨ ⊥) by the independent closure [`super::check::implies`] before
//!     it is used.
//!
//! - cut lemmas (Diophantine conflicts, split conflicts, Gomory cuts), whose negation is
//!   refuted on both branches of an integer split `π <= k ∨ π >= k + 1`: the A premises bound
//!   `π_A`, the part of `π` over A-local variables, between affine `L` and `U` over shared
//!   ones, and the interpolant says an integer lies between them (`⌈L⌉ <= ⌊U⌋`, written with
//!   `div`; see `cut_interpolant`). A Gomory cut whose own atom mixes the sides has no such
//!   reading, so such a refutation is found again without Gomory cuts.
//!
//! Branch-and-bound splits are atoms over one variable and are coloured by it; form splits
//! are atoms over an existing atom's form. Array lemmas
//! (read over write, extensionality, fresh indices) are valid clauses, coloured like the
//! other theory lemmas: one whose atoms are B's or shared is a B clause, one with no B-local
//! atom an A clause. The engine's own symbols in them (extensionality witnesses, fresh
//! indices) belong to no partition; each cut places them on the side of the symbols they
//! meet in atoms (A when that is not only B), never shared, so no interpolant names them.
//! Mixed atoms (an interface equality between an A-local and a B-local term, and its
//! bounds) are read through an auxiliary variable for the A-local term, which is replaced by
//! shared terms at the end of the cut ([`mixed`]); when those replacements do not fit
//! together as a tree, the tree is interpolated node by node. Mixed atoms no auxiliary
//! variable projects, and mixed atoms in array lemmas and integer cuts, have no lemma
//! construction here.
//!
//! # When the proof cannot be read
//!
//! A refutation the construction cannot read is not the end: a binary interpolant is then
//! searched for over models of A ([`implicants`]: a disjunction of cubes over shared terms,
//! each refuted by B, until A proves the disjunction), and a tree is interpolated node by
//! node, each node's cut from its own refutation first. Where no term of the problem tells
//! A's models from B's, the search also describes them over `@diff` chains between shared
//! arrays ([`arrays`]), SMTInterpol's index of difference, which the engine (and so every
//! check of the answer) knows by its defining axiom. Only when that search fails too is
//! the answer [`InterpolationError::Unsupported`], never a wrong interpolant.
//!
//! # Verification
//!
//! The interpolants of a tree are checked with [`super::check`] (whose refutations are
//! proof-checked): for each node, its partition and its children's interpolants entail its
//! interpolant (the root's is `false`), and each interpolant names only symbols of both its
//! subtree and the rest. A binary interpolant is the tree of two nodes, so `A ⊨ I` and
//! `I ∧ B ⊨ ⊥` are among these checks. Simplification (dropping conjuncts and disjuncts)
//! keeps only what passes the same checks. Before that, each interpolant is simplified in
//! context (Dillig, Dillig and Aiken's "small formulas"): a leaf its siblings (or their
//! negations, in a disjunction) entail becomes `true`, one they refute `false`, each step an
//! entailment the engine refuted, and the tree is checked again. Last, an interpolant gives way
//! to one equality between shared terms when a smaller one keeps the tree conditions.

use std::collections::{BTreeMap, BTreeSet};

use thiserror::Error;

use crate::smt::{
    Answer, Deadline, Encoder, Formula, FunId, Origin, SmtError, SmtStats, TermStore, check_in,
};
use arithmetic::reduce_divisibilities;
use formula::{entails, size};
use mcmillan::{Cut, Refutation};
use simplify::{
    MAX_CONTEXTUAL_SIZE, MAX_EQUALITY_TRIALS, Tree, contextual_simplify, drop_refuted_disjuncts,
    one_equality, opposite_bounds_as_equalities,
};

mod arithmetic;
mod arrays;
mod euf_exchange;
mod formula;
mod implicants;
mod mcmillan;
mod mixed;
mod simplify;

pub use formula::{and_all, formula_symbols, or_all, term_symbols};

/// Why no interpolants were given.
#[derive(Debug, Error)]
pub enum InterpolationError {
    /// The partitions are satisfiable together.
    #[error("the partitions are satisfiable together, so they have no interpolant")]
    Satisfiable,
    /// The engine failed or gave up.
    #[error(transparent)]
    Smt(#[from] SmtError),
    /// The refutation uses something this construction does not interpolate.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// The tree given is not a tree in post order.
    #[error("{0}")]
    BadTree(String),
    /// An interpolant failed its verification (a bug; never shown as an interpolant).
    #[error("internal error: an interpolant failed verification: {0}")]
    Unverified(String),
}

/// Interpolants and the store they are written over (the input's, extended with the terms
/// the EUF construction built).
#[derive(Clone, Debug)]
pub struct Interpolants {
    /// The store of the input extended with new terms.
    pub store: TermStore,
    /// One interpolant per node except the root, in node order.
    pub interpolants: Vec<Formula>,
    /// Whether some of them were found over models of A ([`implicants`]) rather than read
    /// off the refutation.
    pub from_models: bool,
}

/// A binary interpolant of `a` and `b` (each a conjunction of formulas).
pub fn interpolate(
    store: &TermStore,
    a: &[Formula],
    b: &[Formula],
) -> Result<Interpolants, InterpolationError> {
    interpolate_tree(store, &[a.to_vec(), b.to_vec()], &[Some(1), None])
}

/// Sequence interpolants of `partitions` (`I_k` between the first `k + 1` and the rest).
pub fn smt_sequence_interpolants(
    store: &TermStore,
    partitions: &[Vec<Formula>],
) -> Result<Interpolants, InterpolationError> {
    smt_sequence_interpolants_within(store, partitions, &Deadline::none())
}

/// [`smt_sequence_interpolants`], given up ([`SmtError::Interrupted`]) when `deadline` passes.
pub fn smt_sequence_interpolants_within(
    store: &TermStore,
    partitions: &[Vec<Formula>],
    deadline: &Deadline,
) -> Result<Interpolants, InterpolationError> {
    let parent: Vec<Option<usize>> =
        (0..partitions.len()).map(|i| (i + 1 < partitions.len()).then_some(i + 1)).collect();
    interpolate_tree_within(store, partitions, &parent, deadline)
}

/// Tree interpolants: node `i` holds `partitions[i]` and has parent `parent[i]`, which comes
/// after it (children before parents); the last node is the root. The answer has one
/// interpolant per node but the root, in node order.
pub fn interpolate_tree(
    store: &TermStore,
    partitions: &[Vec<Formula>],
    parent: &[Option<usize>],
) -> Result<Interpolants, InterpolationError> {
    interpolate_tree_within(store, partitions, parent, &Deadline::none())
}

/// [`interpolate_tree`], given up ([`SmtError::Interrupted`]) when `deadline` passes: it is
/// read by the refutations' searches and before each node's interpolant and each fallback
/// (the interpolants' own verification is not stopped: it is a few small checks).
pub fn interpolate_tree_within(
    store: &TermStore,
    partitions: &[Vec<Formula>],
    parent: &[Option<usize>],
    deadline: &Deadline,
) -> Result<Interpolants, InterpolationError> {
    let n = partitions.len();
    if n < 2 || parent.len() != n {
        return Err(InterpolationError::BadTree(
            "interpolation needs at least two partitions".into(),
        ));
    }
    for (i, p) in parent.iter().enumerate() {
        match p {
            Some(p) if *p > i && *p < n && i + 1 < n => {}
            None if i + 1 == n => {}
            _ => {
                return Err(InterpolationError::BadTree(
                    "the tree must list children before parents and end with its root".into(),
                ));
            }
        }
    }
    // A Gomory cut's literal is an atom over a new form, which may mix both sides' symbols,
    // and no lemma around it can then be interpolated. Without Gomory cuts, split conflicts,
    // form splits and branch and bound make no atom over a new form, so a refutation that
    // needed such a cut is searched for again without them.
    let from_proof = match interpolate_refutation(store, partitions, parent, true, deadline) {
        Err((InterpolationError::Unsupported(_), true)) => {
            interpolate_refutation(store, partitions, parent, false, deadline)
                .map_err(|(error, _)| error)
        }
        other => other.map_err(|(error, _)| error),
    };
    // What the lemma constructions cannot read (array lemmas and cuts whose atoms mix both
    // sides) is searched for over models instead: a tree node by node, each cut from its
    // refutation first; the proof's reason is kept when the search fails too.
    match from_proof {
        Err(InterpolationError::Unsupported(why)) => {
            if deadline.passed() {
                return Err(SmtError::Interrupted.into());
            }
            if n > 2 {
                // Each node's binary answer says why it failed, proof and search.
                return chained_interpolants(store, partitions, parent, deadline);
            }
            match implicants_interpolant(store, partitions, parent) {
                Err(InterpolationError::Unsupported(search)) => {
                    Err(InterpolationError::Unsupported(format!(
                        "{why}; the search over models: {search}"
                    )))
                }
                other => other,
            }
        }
        other => other,
    }
}

/// The uninterpreted symbols of each partition.
fn vocabularies(store: &TermStore, partitions: &[Vec<Formula>]) -> Vec<BTreeSet<FunId>> {
    partitions
        .iter()
        .map(|part| {
            let mut symbols = BTreeSet::new();
            for f in part {
                formula_symbols(store, f, &mut symbols);
            }
            symbols
        })
        .collect()
}

/// The binary interpolant of [`implicants`], verified and simplified like one from a proof.
fn implicants_interpolant(
    store: &TermStore,
    partitions: &[Vec<Formula>],
    parent: &[Option<usize>],
) -> Result<Interpolants, InterpolationError> {
    let mut work = store.clone();
    let vocabularies = vocabularies(&work, partitions);
    let shared: BTreeSet<FunId> = vocabularies[0].intersection(&vocabularies[1]).copied().collect();
    let interpolant = implicants::interpolate(&mut work, &partitions[0], &partitions[1], &shared)?;
    let mut made = finish(
        work,
        partitions,
        parent,
        vec![interpolant],
        vec![shared],
        false,
        &Deadline::none(),
    )?;
    made.from_models = true;
    Ok(made)
}

/// [`interpolate_tree`] on one refutation, found with or without `gomory_cuts`; an error
/// comes with whether the refutation used a Gomory cut.
fn interpolate_refutation(
    store: &TermStore,
    partitions: &[Vec<Formula>],
    parent: &[Option<usize>],
    gomory_cuts: bool,
    deadline: &Deadline,
) -> Result<Interpolants, (InterpolationError, bool)> {
    let mut assertions = Vec::new();
    let mut partition_of = Vec::new();
    for (i, part) in partitions.iter().enumerate() {
        for f in part {
            assertions.push(f.clone());
            partition_of.push(i);
        }
    }
    let mut work = std::borrow::Cow::Borrowed(store);
    let mut stats = SmtStats::default();
    let tracked = vec![false; assertions.len()];
    let (answer, encoder) = check_in(
        &mut work,
        &assertions,
        &tracked,
        &mut stats,
        gomory_cuts,
        super::MAX_SPLITS,
        deadline,
    )
    .map_err(|e| (e.into(), false))?;
    if matches!(answer, Answer::Sat(_)) {
        return Err((InterpolationError::Satisfiable, false));
    }
    let used_gomory_cut = encoder
        .origins
        .values()
        .any(|origin| matches!(origin, Origin::Cut(made) if made.0.literal.is_some()));
    interpolants_of(work, &encoder, partitions, parent, &partition_of, deadline)
        .map_err(|error| (error, used_gomory_cut))
}

/// Tree interpolants computed node by node, in post order, each a binary interpolant: a
/// node's A is its children's interpolants and its own partition, its B the rest of the
/// frontier (the interpolant of every finished subtree whose parent is not finished, and the
/// partitions of the nodes not yet reached). The frontier starts as all partitions, which
/// are unsatisfiable together, and each step replaces A by an interpolant B still refutes, so
/// the frontier stays unsatisfiable and the root's children's interpolants and partition
/// refute each other. Every binary answer is verified, and so is the tree at the end.
fn chained_interpolants(
    store: &TermStore,
    partitions: &[Vec<Formula>],
    parent: &[Option<usize>],
    deadline: &Deadline,
) -> Result<Interpolants, InterpolationError> {
    let n = partitions.len();
    let mut store = store.clone();
    let mut interpolants: Vec<Formula> = Vec::new();
    let mut from_models = false;
    for node in 0..n - 1 {
        let finished = |m: usize| m < node;
        let mut a = Vec::new();
        let mut b = Vec::new();
        for m in 0..n {
            if m == node {
                a.extend(partitions[m].iter().cloned());
            } else if !finished(m) {
                b.extend(partitions[m].iter().cloned());
            } else if parent[m] == Some(node) {
                a.push(interpolants[m].clone());
            } else if !parent[m].is_some_and(finished) {
                b.push(interpolants[m].clone());
            }
        }
        if deadline.passed() {
            return Err(SmtError::Interrupted.into());
        }
        let answer = interpolate_tree_within(&store, &[a, b], &[Some(1), None], deadline)?;
        store = answer.store;
        interpolants.extend(answer.interpolants);
        from_models |= answer.from_models;
    }
    let children = children_of(parent);
    let tree = Tree { partitions, children: &children, parent };
    for node in 0..n {
        if !tree.holds_at(&store, &interpolants, node)? {
            return Err(InterpolationError::Unverified(format!(
                "the entailment at node {} of the node-by-node tree does not hold",
                node + 1
            )));
        }
    }
    Ok(Interpolants { store, interpolants, from_models })
}

/// The verified and simplified interpolants read off the encoder's refutation.
fn interpolants_of(
    work: std::borrow::Cow<'_, TermStore>,
    encoder: &Encoder,
    partitions: &[Vec<Formula>],
    parent: &[Option<usize>],
    partition_of: &[usize],
    deadline: &Deadline,
) -> Result<Interpolants, InterpolationError> {
    let n = partitions.len();
    // Array lemmas may have made terms (reads, witnesses): the refutation's atoms name them.
    let mut work = work.into_owned();
    let vocabularies = vocabularies(&work, partitions);
    let refutation = Refutation::new(&work, encoder, partition_of)?;
    // The subtree of each node, as a membership vector over the nodes.
    let mut subtree = vec![vec![false; n]; n];
    for i in 0..n {
        subtree[i][i] = true;
        let mut p = parent[i];
        while let Some(q) = p {
            subtree[q][i] = true;
            p = parent[q];
        }
    }
    let mut interpolants = Vec::new();
    let mut shared_sets = Vec::new();
    // The auxiliary variable of each A-local term of a mixed atom, made once.
    let mut auxiliaries = BTreeMap::new();
    let mut used_mixed = false;
    for in_a in subtree.iter().take(n - 1) {
        let mut vocab_a = BTreeSet::new();
        let mut vocab_b = BTreeSet::new();
        for (i, v) in vocabularies.iter().enumerate() {
            if in_a[i] {
                vocab_a.extend(v.iter().copied())
            } else {
                vocab_b.extend(v.iter().copied())
            }
        }
        let shared: BTreeSet<FunId> = vocab_a.intersection(&vocab_b).copied().collect();
        let mut cut = Cut { in_a, vocab_a, vocab_b, shared, mixed: BTreeMap::new() };
        refutation.place_fresh_symbols(&mut cut);
        let shared = cut.shared.clone();
        refutation.find_mixed(&mut work, encoder, &mut cut, &mut auxiliaries);
        let mut interpolant = refutation.interpolant(&mut work, encoder, &cut)?;
        if !cut.mixed.is_empty() {
            interpolant = mixed::eliminate(&mut work, partitions, &cut, interpolant)?;
            used_mixed = true;
        }
        shared_sets.push(shared);
        interpolants.push(interpolant);
    }
    finish(work, partitions, parent, interpolants, shared_sets, used_mixed, deadline)
}

/// Verifies one interpolant per node but the root (each over its cut's `shared_sets`) as a
/// tree and simplifies it; interpolants read through auxiliary variables (`used_mixed`) that
/// do not fit together as a tree are made again node by node.
fn finish(
    mut work: TermStore,
    partitions: &[Vec<Formula>],
    parent: &[Option<usize>],
    mut interpolants: Vec<Formula>,
    shared_sets: Vec<BTreeSet<FunId>>,
    used_mixed: bool,
    deadline: &Deadline,
) -> Result<Interpolants, InterpolationError> {
    let n = partitions.len();
    let children = children_of(parent);
    let tree = Tree { partitions, children: &children, parent };
    for node in 0..n - 1 {
        let mut symbols = BTreeSet::new();
        formula_symbols(&work, &interpolants[node], &mut symbols);
        if let Some(f) = symbols.iter().find(|f| !shared_sets[node].contains(f)) {
            return Err(InterpolationError::Unverified(format!(
                "interpolant {} names {}, which is not shared",
                node + 1,
                work.fun(*f).name
            )));
        }
    }
    for node in 0..n {
        if !tree.holds_at(&work, &interpolants, node)? {
            // Each cut's auxiliary variables are replaced by its own shared terms, so the
            // binary interpolants are sound but need not fit together as a tree: the tree
            // is then interpolated node by node instead.
            if used_mixed && n > 2 {
                return chained_interpolants(&work, partitions, parent, deadline);
            }
            return Err(InterpolationError::Unverified(format!(
                "the entailment at node {} does not hold",
                node + 1
            )));
        }
    }
    for interpolant in &mut interpolants {
        let f = drop_refuted_disjuncts(&work, std::mem::replace(interpolant, Formula::True))?;
        // An unsatisfiable interpolant is `false`, a valid one `true` (equivalences).
        *interpolant = if entails(&work, std::slice::from_ref(&f), &Formula::False)? {
            Formula::False
        } else if entails(&work, &[], &f)? {
            Formula::True
        } else {
            f
        };
    }
    // Equivalences, each step an entailment the engine refuted; the tree is checked again
    // below all the same, and an interpolant whose simplified form breaks it keeps its form.
    for node in 0..interpolants.len() {
        if size(&interpolants[node]) > MAX_CONTEXTUAL_SIZE {
            continue;
        }
        let simplified = contextual_simplify(&work, &interpolants[node], &mut Vec::new())?;
        if size(&simplified) < size(&interpolants[node]) {
            let saved = std::mem::replace(&mut interpolants[node], simplified);
            let p = tree.parent[node].unwrap_or(node);
            if !(tree.holds_at(&work, &interpolants, node)?
                && tree.holds_at(&work, &interpolants, p)?)
            {
                interpolants[node] = saved;
            }
        }
    }
    tree.simplify(&work, &mut interpolants)?;
    let mut budget = MAX_EQUALITY_TRIALS;
    for (node, shared) in shared_sets.iter().enumerate() {
        one_equality(&mut work, &tree, &mut interpolants, node, shared, &mut budget)?;
    }
    // Divisibilities with their coefficients reduced modulo the divisor: kept only when the
    // tree conditions are confirmed (an engine that gives up leaves the form as it was).
    for node in 0..n - 1 {
        let reduced = reduce_divisibilities(&mut work, &interpolants[node]);
        if reduced == interpolants[node] {
            continue;
        }
        let saved = std::mem::replace(&mut interpolants[node], reduced);
        let parent = tree.parent[node].unwrap_or(node);
        let holds = |node| tree.holds_at(&work, &interpolants, node).unwrap_or(false);
        if !(holds(node) && holds(parent)) {
            interpolants[node] = saved;
        }
    }
    // Equivalences (two opposite bounds are an equality in any ordered domain; the equality
    // basis is confirmed by the independent closure): the tree conditions still hold.
    for interpolant in &mut interpolants {
        let f =
            opposite_bounds_as_equalities(&mut work, std::mem::replace(interpolant, Formula::True));
        *interpolant = super::equality_basis::smaller_equalities(&work, f);
    }
    // Each rewrite above is an equivalence, and the tree is checked once more as shown.
    for node in 0..n {
        if !tree.holds_at(&work, &interpolants, node)? {
            return Err(InterpolationError::Unverified(format!(
                "after simplification, the entailment at node {} does not hold",
                node + 1
            )));
        }
    }
    Ok(Interpolants { store: work, interpolants, from_models: false })
}

/// Each node's children, from the parent of each node.
fn children_of(parent: &[Option<usize>]) -> Vec<Vec<usize>> {
    let n = parent.len();
    (0..n).map(|v| (0..n).filter(|&c| parent[c] == Some(v)).collect()).collect()
}

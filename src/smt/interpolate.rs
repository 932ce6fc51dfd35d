//! Craig interpolants read off the SMT core's refutations: binary, sequence and tree
//! interpolants over the Boolean structure, EUF and linear arithmetic, every one verified by
//! the solver itself before it is returned.
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
//! node, each node's cut from its own refutation first. Only when that search fails too is
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

use rug::{Integer, Rational};
use thiserror::Error;

use super::{
    Answer, ArithOp, Encoder, Formula, FunId, Model, Origin, SmtError, SmtStats, SortId, TermId,
    TermStore, check, check_in, farkas, linear,
};
use crate::sat::{ClauseId, Lit, Step, Var};

mod implicants;
mod mixed;

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

/// The largest interpolant (in formula nodes) built before giving up.
const MAX_SIZE: usize = 200_000;

/// A binary interpolant of `a` and `b` (each a conjunction of formulas).
pub fn interpolate(
    store: &TermStore,
    a: &[Formula],
    b: &[Formula],
) -> Result<Interpolants, InterpolationError> {
    interpolate_tree(store, &[a.to_vec(), b.to_vec()], &[Some(1), None])
}

/// Sequence interpolants of `partitions` (`I_k` between the first `k + 1` and the rest).
pub fn interpolate_sequence(
    store: &TermStore,
    partitions: &[Vec<Formula>],
) -> Result<Interpolants, InterpolationError> {
    let parent: Vec<Option<usize>> =
        (0..partitions.len()).map(|i| (i + 1 < partitions.len()).then_some(i + 1)).collect();
    interpolate_tree(store, partitions, &parent)
}

/// Tree interpolants: node `i` holds `partitions[i]` and has parent `parent[i]`, which comes
/// after it (children before parents); the last node is the root. The answer has one
/// interpolant per node but the root, in node order.
pub fn interpolate_tree(
    store: &TermStore,
    partitions: &[Vec<Formula>],
    parent: &[Option<usize>],
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
    let from_proof = match interpolate_refutation(store, partitions, parent, true) {
        Err((InterpolationError::Unsupported(_), true)) => {
            interpolate_refutation(store, partitions, parent, false).map_err(|(error, _)| error)
        }
        other => other.map_err(|(error, _)| error),
    };
    // What the lemma constructions cannot read (array lemmas and cuts whose atoms mix both
    // sides) is searched for over models instead: a tree node by node, each cut from its
    // refutation first; the proof's reason is kept when the search fails too.
    match from_proof {
        Err(InterpolationError::Unsupported(why)) => {
            if n > 2 {
                // Each node's binary answer says why it failed, proof and search.
                return chained_interpolants(store, partitions, parent);
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
    let mut made = finish(work, partitions, parent, vec![interpolant], vec![shared], false)?;
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
    let (answer, encoder) = check_in(&mut work, &assertions, &tracked, &mut stats, gomory_cuts)
        .map_err(|e| (e.into(), false))?;
    if matches!(answer, Answer::Sat(_)) {
        return Err((InterpolationError::Satisfiable, false));
    }
    let used_gomory_cut = encoder
        .origins
        .values()
        .any(|origin| matches!(origin, Origin::Cut(made) if made.0.literal.is_some()));
    interpolants_of(work, &encoder, partitions, parent, &partition_of)
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
        let answer = interpolate(&store, &a, &b)?;
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
    finish(work, partitions, parent, interpolants, shared_sets, used_mixed)
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
                return chained_interpolants(&work, partitions, parent);
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

/// The tree the interpolants are checked against.
struct Tree<'a> {
    partitions: &'a [Vec<Formula>],
    children: &'a [Vec<usize>],
    parent: &'a [Option<usize>],
}

impl Tree<'_> {
    /// Whether the node's partition and its children's interpolants entail its interpolant
    /// (`false` at the root).
    fn holds_at(
        &self,
        store: &TermStore,
        interpolants: &[Formula],
        node: usize,
    ) -> Result<bool, InterpolationError> {
        let mut premises = self.partitions[node].clone();
        premises.extend(self.children[node].iter().map(|&c| interpolants[c].clone()));
        let conclusion = interpolants.get(node).cloned().unwrap_or(Formula::False);
        entails(store, &premises, &conclusion)
    }

    /// Drops conjuncts (checking the parent's entailment) and disjuncts (checking the node's
    /// own) while the tree conditions still hold; each step keeps a verified tree.
    fn simplify(
        &self,
        store: &TermStore,
        interpolants: &mut [Formula],
    ) -> Result<(), InterpolationError> {
        for node in 0..interpolants.len() {
            let (parts, conjunction) = match &interpolants[node] {
                Formula::And(parts) => (parts.clone(), true),
                Formula::Or(parts) => (parts.clone(), false),
                _ => continue,
            };
            let mut kept = parts;
            let mut i = 0;
            while i < kept.len() && kept.len() > 1 {
                let mut fewer = kept.clone();
                fewer.remove(i);
                let candidate =
                    if conjunction { and_all(fewer.clone()) } else { or_all(fewer.clone()) };
                let saved = std::mem::replace(&mut interpolants[node], candidate);
                let still = if conjunction {
                    let p = self.parent[node].unwrap_or(node);
                    self.holds_at(store, interpolants, p)?
                } else {
                    self.holds_at(store, interpolants, node)?
                };
                if still {
                    kept = fewer;
                } else {
                    interpolants[node] = saved;
                    i += 1;
                }
            }
        }
        Ok(())
    }
}

/// In a conjunction, drops each disjunct of a disjunctive conjunct that the other conjuncts
/// refute (`x <= 1 ∧ (1 < x ∨ x + z <= 5)` becomes `x <= 1 ∧ x + z <= 5`): an equivalent
/// formula, each step confirmed by a refutation.
fn drop_refuted_disjuncts(store: &TermStore, f: Formula) -> Result<Formula, InterpolationError> {
    let Formula::And(mut parts) = f else { return Ok(f) };
    for i in 0..parts.len() {
        let Formula::Or(disjuncts) = parts[i].clone() else { continue };
        let context: Vec<Formula> =
            parts.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, p)| p.clone()).collect();
        let mut kept = Vec::new();
        for d in disjuncts {
            if !entails(store, &context, &negate(d.clone()))? {
                kept.push(d);
            }
        }
        parts[i] = or_all(kept);
    }
    Ok(and_all(parts))
}

/// `f` with every pair of conjuncts `a <= b` and `b <= a` of one conjunction (as written, or
/// as linear forms: `i1 <= i0 + 2` and `i0 <= i1 - 2`) written as the one conjunct `a = b`
/// (the first bound's sides), and every pair of disjuncts that bound one form strictly from both
/// sides (`a < b` and `b < a`, or over Int `a <= b - 1` and `b <= a - 1`) as the one disjunct
/// `a ≠ b` (where the first of the two stood), at any depth.
fn opposite_bounds_as_equalities(store: &mut TermStore, f: Formula) -> Formula {
    match f {
        Formula::And(parts) => {
            let mut parts: Vec<Formula> =
                parts.into_iter().map(|p| opposite_bounds_as_equalities(store, p)).collect();
            let mut i = 0;
            while i < parts.len() {
                if let Formula::Le(a, b) = parts[i]
                    && let Some(j) = (0..parts.len())
                        .position(|j| j != i && opposite_bounds(store, a, b, &parts[j]))
                {
                    parts[i] = Formula::Eq(a.min(b), a.max(b));
                    parts.remove(j);
                }
                i += 1;
            }
            and_all(parts)
        }
        Formula::Or(parts) => {
            let mut parts: Vec<Formula> =
                parts.into_iter().map(|p| opposite_bounds_as_equalities(store, p)).collect();
            let mut i = 0;
            while i < parts.len() {
                let j = (0..parts.len()).find_map(|j| {
                    let merged = (j != i)
                        .then(|| strict_bounds_as_disequality(store, &parts[i], &parts[j]))??;
                    Some((j, merged))
                });
                if let Some((j, merged)) = j {
                    parts[i] = merged;
                    parts.remove(j);
                }
                i += 1;
            }
            or_all(parts)
        }
        Formula::Not(g) => negate(opposite_bounds_as_equalities(store, *g)),
        other => other,
    }
}

/// The linear form of `s - t`, as coefficients and a constant (`None` when not linear).
fn difference(
    store: &TermStore,
    s: TermId,
    t: TermId,
) -> Option<(BTreeMap<TermId, Rational>, Rational)> {
    let (s, t) = (linear::linearize(store, s).ok()?, linear::linearize(store, t).ok()?);
    let mut form = s.coefficients;
    for (x, c) in t.coefficients {
        *form.entry(x).or_default() -= c;
    }
    form.retain(|_, c| c.cmp0() != std::cmp::Ordering::Equal);
    Some((form, s.constant - t.constant))
}

/// Whether `other` is a bound `c <= d` with `c - d = b - a` (as written, or as linear forms:
/// `i0 <= i1 - 2` against `i1 <= i0 + 2`), so that it and `a <= b` say `a = b`.
fn opposite_bounds(store: &TermStore, a: TermId, b: TermId, other: &Formula) -> bool {
    let Formula::Le(c, d) = *other else { return false };
    if (c, d) == (b, a) {
        return true;
    }
    match (difference(store, a, b), difference(store, c, d)) {
        (Some((f, f_constant)), Some((g, g_constant))) => {
            !f.is_empty()
                && opposite_coefficients(&f, &g)
                && Rational::from(&f_constant + &g_constant).cmp0() == std::cmp::Ordering::Equal
        }
        _ => false,
    }
}

/// Whether the linear forms `f` and `g` have opposite coefficients (`f + g` is a constant).
fn opposite_coefficients(f: &BTreeMap<TermId, Rational>, g: &BTreeMap<TermId, Rational>) -> bool {
    f.len() == g.len() && f.iter().all(|(x, c)| g.get(x).is_some_and(|e| Rational::from(-e) == *c))
}

/// `¬(s = t)` when `p ∨ q` says exactly that: `p` and `q` are `s < t` and `t < s` over the
/// reals, or over Int unknowns with integer coefficients `F <= 0` and `G <= 0` with `F + G = 2`,
/// which is `F <= 0 ∨ F >= 2`, that is `F ≠ 1` for the integer-valued `F`.
fn strict_bounds_as_disequality(
    store: &mut TermStore,
    p: &Formula,
    q: &Formula,
) -> Option<Formula> {
    match (p, q) {
        (Formula::Lt(a, b), Formula::Lt(c, d)) if a == d && b == c => {
            Some(negate(Formula::Eq(*a.min(b), *a.max(b))))
        }
        (Formula::Le(a, b), Formula::Le(c, d)) => {
            let (f, f_constant) = difference(store, *a, *b)?;
            let (g, g_constant) = difference(store, *c, *d)?;
            let integral =
                f.iter().all(|(x, c)| store.sort_of(*x) == SortId::INT && c.denom() == &1);
            if f.is_empty()
                || !integral
                || !opposite_coefficients(&f, &g)
                || Rational::from(&f_constant + &g_constant) != 2
            {
                return None;
            }
            // F - 1 = Σ c·x + k = 0 with k = f_constant - 1: positive terms on the left.
            let k = Rational::from(&f_constant - 1u32);
            let (mut left, mut right) = signed_terms(store, f, SortId::INT);
            if k.cmp0() != std::cmp::Ordering::Equal || left.is_empty() || right.is_empty() {
                let constant = store.numeral(&-k, SortId::INT);
                right.push(constant);
            }
            if left.is_empty() {
                std::mem::swap(&mut left, &mut right);
            }
            let (s, t) = (sum_term(store, left, SortId::INT), sum_term(store, right, SortId::INT));
            Some(negate(Formula::Eq(s.min(t), s.max(t))))
        }
        _ => None,
    }
}

/// The largest interpolant (in formula nodes) simplified in context: each leaf costs a few
/// refutations per round.
const MAX_CONTEXTUAL_SIZE: usize = 120;

/// An equivalent of `f` under `context` (Dillig, Dillig and Aiken, "Small formulas for large
/// programs"): a leaf the context entails becomes `true`, one whose negation it entails
/// `false`; a conjunct is simplified with its siblings added to the context, a disjunct with
/// its siblings' negations, until nothing changes. So `(X ∨ (X ∧ Y)) ∧ Y` becomes `X ∧ Y`, and
/// theory facts count too: under `a = b`, the leaf `f(a) = f(b)` is `true`. Each step rests
/// on an entailment the engine refuted, so the result is equivalent to `f` under `context`.
fn contextual_simplify(
    store: &TermStore,
    f: &Formula,
    context: &mut Vec<Formula>,
) -> Result<Formula, InterpolationError> {
    let (parts, conjunction) = match f {
        Formula::And(parts) => (parts.clone(), true),
        Formula::Or(parts) => (parts.clone(), false),
        Formula::Not(g) if matches!(**g, Formula::And(_) | Formula::Or(_)) => {
            return Ok(negate(contextual_simplify(store, g, context)?));
        }
        Formula::True | Formula::False => return Ok(f.clone()),
        leaf => {
            return Ok(if entails(store, context, leaf)? {
                Formula::True
            } else if entails(store, context, &negate(leaf.clone()))? {
                Formula::False
            } else {
                leaf.clone()
            });
        }
    };
    let mut parts = parts;
    // A change never grows a part, and most shrink one; the bound on the rounds keeps two
    // forms of one size from taking turns forever.
    for _round in 0..=size(f) {
        let mut changed = false;
        for i in 0..parts.len() {
            let depth = context.len();
            for (j, sibling) in parts.iter().enumerate() {
                if j != i {
                    context.push(if conjunction {
                        sibling.clone()
                    } else {
                        negate(sibling.clone())
                    });
                }
            }
            let simplified = contextual_simplify(store, &parts[i], context);
            context.truncate(depth);
            let simplified = simplified?;
            if simplified != parts[i] && size(&simplified) <= size(&parts[i]) {
                parts[i] = simplified;
                changed = true;
            }
        }
        let joined = if conjunction { and_all(parts.clone()) } else { or_all(parts.clone()) };
        match joined {
            Formula::And(p) if conjunction && changed => parts = p,
            Formula::Or(p) if !conjunction && changed => parts = p,
            other => return Ok(other),
        }
    }
    Ok(if conjunction { and_all(parts) } else { or_all(parts) })
}

/// Whether `premises` entail `conclusion`, by a refutation of the premises and the
/// conclusion's negation (checked by the engine).
fn entails(
    store: &TermStore,
    premises: &[Formula],
    conclusion: &Formula,
) -> Result<bool, InterpolationError> {
    let mut all = premises.to_vec();
    all.push(Formula::Not(Box::new(conclusion.clone())));
    let mut stats = SmtStats::default();
    match super::check(store, &all, &[], &mut stats) {
        Ok(Answer::Unsat { .. }) => Ok(true),
        Ok(Answer::Sat(_)) => Ok(false),
        Err(e) => Err(InterpolationError::Unverified(format!("the check stopped: {e}"))),
    }
}

/// Whether `b` and `extra` together are unsatisfiable (a refutation the engine checked).
fn refutes(
    store: &TermStore,
    b: &[Formula],
    extra: &[Formula],
) -> Result<bool, InterpolationError> {
    let mut with_b = b.to_vec();
    with_b.extend(extra.iter().cloned());
    entails(store, &with_b, &Formula::False)
}

/// A model of `a` in which none of `found` holds; `None` when `a` implies their disjunction.
fn model_outside(
    store: &TermStore,
    a: &[Formula],
    found: &[Formula],
) -> Result<Option<Model>, SmtError> {
    let mut query = a.to_vec();
    query.push(negate(or_all(found.to_vec())));
    let mut stats = SmtStats::default();
    match check(store, &query, &[], &mut stats)? {
        Answer::Unsat { .. } => Ok(None),
        Answer::Sat(model) => Ok(Some(model)),
    }
}

/// Which side an atom or variable belongs to, for one cut.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Colour {
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
struct Cut<'a> {
    in_a: &'a [bool],
    vocab_a: BTreeSet<FunId>,
    vocab_b: BTreeSet<FunId>,
    /// The shared symbols, and while the refutation is folded, the auxiliary variables of
    /// the mixed atoms, which the lemma interpolants treat as shared.
    shared: BTreeSet<FunId>,
    /// The mixed atoms of the refutation, by SAT variable index.
    mixed: BTreeMap<usize, mixed::Mixed>,
}

impl Cut<'_> {
    fn colour_of(&self, symbols: &BTreeSet<FunId>) -> Option<Colour> {
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

/// What a SAT variable of the refutation stands for.
#[derive(Clone, Debug)]
enum Meaning {
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
struct Refutation {
    root: ClauseId,
    meanings: Vec<Meaning>,
    /// The uninterpreted symbols of each variable's atom.
    symbols: Vec<BTreeSet<FunId>>,
    partition_of: Vec<usize>,
}

impl Refutation {
    fn new(
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
    fn place_fresh_symbols(&self, cut: &mut Cut<'_>) {
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

    fn colour(&self, cut: &Cut<'_>, v: Var) -> Result<Colour, InterpolationError> {
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
    fn literal_formula(
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
    fn interpolant(
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

    fn leaf(
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
            | Origin::Array
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
                    Origin::Array => Err(InterpolationError::Unsupported(
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
    fn farkas_interpolant(
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
    fn cut_interpolant(
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
    fn congruence_interpolant(
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

/// An equality literal of an EUF lemma's negation: `(a, b, true)` is `a = b`, `(a, b, false)`
/// is `a ≠ b`.
type EqLiteral = (TermId, TermId, bool);

/// One conjunct of a conditional interpolant: the shared equalities `premises` imply the
/// shared equality `conclusion` (or `false` when there is none).
#[derive(Clone, Debug)]
struct Conditional {
    premises: Vec<(TermId, TermId)>,
    conclusion: Option<(TermId, TermId)>,
}

/// The most exchange rounds and shared terms the conditional construction tries before
/// answering `unsupported` (the exchange always ends on EUF conflicts; these bound the work
/// on pathological lemmas).
const MAX_EXCHANGE_ROUNDS: usize = 64;
const MAX_EXCHANGE_TERMS: usize = 4_000;

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
/// same contradiction. Both facts are checked with [`super::check::implies`] before the
/// interpolant is returned, after conjuncts and premises that are not needed are dropped.
fn conditional_interpolant(
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
const MAX_PRUNED: usize = 24;

/// The literals of an EUF lemma's negation, split into the two sides' equalities and
/// disequalities, against which conditional interpolants are checked by the independent
/// closure [`super::check::implies`].
struct EufSplit {
    a_equalities: Vec<(TermId, TermId)>,
    a_disequalities: Vec<(TermId, TermId)>,
    b_equalities: Vec<(TermId, TermId)>,
    b_disequalities: Vec<(TermId, TermId)>,
}

impl EufSplit {
    fn new(a_part: &[EqLiteral], b_part: &[EqLiteral]) -> EufSplit {
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
    fn verifies(&self, store: &TermStore, conditionals: &[Conditional]) -> bool {
        conditionals.iter().all(|c| self.a_proves(store, c)) && self.b_refutes(store, conditionals)
    }

    /// Whether the A equalities with the premises imply the conclusion (or, for `false`,
    /// contradict an A disequality).
    fn a_proves(&self, store: &TermStore, c: &Conditional) -> bool {
        let mut premises = self.a_equalities.clone();
        premises.extend(c.premises.iter().copied());
        match c.conclusion {
            Some(goal) => super::check::implies(store, &premises, goal),
            None => self
                .a_disequalities
                .iter()
                .any(|&goal| super::check::implies(store, &premises, goal)),
        }
    }

    /// Whether the B equalities with the conditionals contradict a B disequality:
    /// conditionals whose premises hold fire (adding their conclusion, or contradicting at
    /// once) until none is left to fire.
    fn b_refutes(&self, store: &TermStore, conditionals: &[Conditional]) -> bool {
        let mut known = self.b_equalities.clone();
        let mut fired = vec![false; conditionals.len()];
        loop {
            let mut changed = false;
            for (c, done) in conditionals.iter().zip(&mut fired) {
                if *done || !c.premises.iter().all(|&p| super::check::implies(store, &known, p)) {
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
                    .any(|&goal| super::check::implies(store, &known, goal));
            }
        }
    }
}

/// A naive congruence closure over a subterm-closed set of terms, with class labels.
struct Closure {
    terms: Vec<TermId>,
    index: BTreeMap<TermId, usize>,
    label: Vec<usize>,
}

impl Closure {
    fn new(store: &TermStore, roots: impl Iterator<Item = TermId>) -> Closure {
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

    fn find(&self, t: TermId) -> usize {
        self.index.get(&t).map(|&i| self.label[i]).unwrap_or(usize::MAX)
    }

    fn merge(&mut self, a: usize, b: usize) {
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

    fn close(&mut self, store: &TermStore, equalities: &[(TermId, TermId)]) {
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
    fn representatives(
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
    fn represent(
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
    fn implied_equalities(
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

/// Whether `f` is an uninterpreted symbol (numerals, arithmetic, array operations and `true`
/// belong to every vocabulary).
fn is_uninterpreted(store: &TermStore, f: FunId) -> bool {
    store.interpretation(f).is_none()
        && store.array_op(f).is_none()
        && f != store.term(store.true_term()).fun
}

/// The uninterpreted symbols of a term.
pub fn term_symbols(store: &TermStore, t: TermId, out: &mut BTreeSet<FunId>) {
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        let term = store.term(t);
        if is_uninterpreted(store, term.fun) {
            out.insert(term.fun);
        }
        stack.extend(term.args.iter().copied());
    }
}

/// Calls `visit` on each atom of `f` (a Boolean term, an equality or a comparison).
fn for_each_atom(f: &Formula, visit: &mut impl FnMut(&Formula)) {
    match f {
        Formula::True | Formula::False => {}
        Formula::Atom(_) | Formula::Eq(..) | Formula::Le(..) | Formula::Lt(..) => visit(f),
        Formula::Not(g) => for_each_atom(g, visit),
        Formula::And(gs) | Formula::Or(gs) => gs.iter().for_each(|g| for_each_atom(g, visit)),
        Formula::Iff(a, b) | Formula::Xor(a, b) => {
            for_each_atom(a, visit);
            for_each_atom(b, visit);
        }
        Formula::Ite(c, a, b) => {
            for_each_atom(c, visit);
            for_each_atom(a, visit);
            for_each_atom(b, visit);
        }
    }
}

/// Calls `visit` on each term an atom of `f` compares or tests.
fn for_each_atom_term(f: &Formula, visit: &mut impl FnMut(TermId)) {
    for_each_atom(f, &mut |atom| match atom {
        Formula::Atom(t) => visit(*t),
        Formula::Eq(a, b) | Formula::Le(a, b) | Formula::Lt(a, b) => {
            visit(*a);
            visit(*b);
        }
        _ => {}
    });
}

/// The uninterpreted symbols of a formula.
pub fn formula_symbols(store: &TermStore, f: &Formula, out: &mut BTreeSet<FunId>) {
    for_each_atom_term(f, &mut |t| term_symbols(store, t, out));
}

/// The number of nodes of a formula.
fn size(f: &Formula) -> usize {
    match f {
        Formula::Not(g) => 1 + size(g),
        Formula::And(gs) | Formula::Or(gs) => 1 + gs.iter().map(size).sum::<usize>(),
        Formula::Iff(a, b) | Formula::Xor(a, b) => 1 + size(a) + size(b),
        Formula::Ite(c, a, b) => 1 + size(c) + size(a) + size(b),
        _ => 1,
    }
}

/// The most shared terms [`one_equality`] builds for one interpolant, and the most
/// equalities between them it tries.
const MAX_EQUALITY_TERMS: usize = 24;
const MAX_EQUALITY_CANDIDATES: usize = 64;
/// The most candidate equalities [`one_equality`] tries over all the nodes of one tree (each
/// costs two entailment checks).
const MAX_EQUALITY_TRIALS: usize = 256;

/// Replaces the interpolant of `node` by a single equality between terms of uninterpreted
/// sorts over the cut's shared symbols when one smaller than it keeps the tree conditions
/// (checked as every interpolant is; a stronger or weaker formula may serve as well: cvc5's
/// `(= (f s1) s1)` where the refutation gave `(and (= s0 s1) (= s0 (f s1)))`). The terms
/// are the interpolant's own, the shared constants, and shared unary functions applied to
/// them twice over; candidates go smallest first, so the answer is deterministic.
fn one_equality(
    store: &mut TermStore,
    tree: &Tree<'_>,
    interpolants: &mut [Formula],
    node: usize,
    shared: &BTreeSet<FunId>,
    budget: &mut usize,
) -> Result<(), InterpolationError> {
    let current = printed_size(store, &interpolants[node]);
    if current <= 4 {
        return Ok(());
    }
    let uninterpreted_sort = |store: &TermStore, sort: SortId| {
        !sort.is_arithmetic() && sort != SortId::BOOL && store.array_parts(sort).is_none()
    };
    let mut terms: Vec<TermId> = Vec::new();
    let add = |store: &TermStore, t: TermId, terms: &mut Vec<TermId>| {
        let mut symbols = BTreeSet::new();
        term_symbols(store, t, &mut symbols);
        if uninterpreted_sort(store, store.sort_of(t))
            && symbols.is_subset(shared)
            && !terms.contains(&t)
            && terms.len() < MAX_EQUALITY_TERMS
        {
            terms.push(t);
        }
    };
    let mut in_interpolant = Vec::new();
    formula_terms(store, &interpolants[node], &mut in_interpolant);
    for t in in_interpolant {
        add(store, t, &mut terms);
    }
    for &f in shared {
        let declaration = store.fun(f);
        if declaration.args.is_empty() && !declaration.internal {
            let t = store.apply(f, Vec::new());
            add(store, t, &mut terms);
        }
    }
    let unary: Vec<FunId> = shared
        .iter()
        .copied()
        .filter(|&f| {
            let declaration = store.fun(f);
            declaration.args.len() == 1
                && !declaration.internal
                && uninterpreted_sort(store, declaration.args[0])
                && uninterpreted_sort(store, declaration.result)
        })
        .collect();
    for _ in 0..2 {
        for t in terms.clone() {
            for &f in &unary {
                if store.fun(f).args[0] == store.sort_of(t) {
                    let applied = store.apply(f, vec![t]);
                    add(store, applied, &mut terms);
                }
            }
        }
    }
    let mut candidates: Vec<(usize, TermId, TermId)> = Vec::new();
    for (i, &s) in terms.iter().enumerate() {
        for &t in &terms[i + 1..] {
            if store.sort_of(s) == store.sort_of(t) {
                let size = 1 + term_size(store, s) + term_size(store, t);
                if size < current {
                    candidates.push((size, s.min(t), s.max(t)));
                }
            }
        }
    }
    candidates.sort_unstable();
    candidates.truncate(MAX_EQUALITY_CANDIDATES);
    let parent = tree.parent[node].unwrap_or(node);
    for (_, s, t) in candidates {
        if *budget == 0 {
            break;
        }
        *budget -= 1;
        let saved = std::mem::replace(&mut interpolants[node], Formula::Eq(s, t));
        if tree.holds_at(store, interpolants, node)?
            && tree.holds_at(store, interpolants, parent)?
        {
            return Ok(());
        }
        interpolants[node] = saved;
    }
    Ok(())
}

/// The terms a formula's atoms compare or test, with their subterms.
fn formula_terms(store: &TermStore, f: &Formula, out: &mut Vec<TermId>) {
    for_each_atom_term(f, &mut |t| {
        let mut stack = vec![t];
        while let Some(t) = stack.pop() {
            if !out.contains(&t) {
                out.push(t);
                stack.extend(store.term(t).args.iter().copied());
            }
        }
    });
}

/// The terms of `formulas` and their subterms over shared symbols only, smallest first (in
/// the order met on ties), so that a model's value is matched by the simplest term.
fn shared_terms_of(
    store: &TermStore,
    formulas: &[Formula],
    shared: &BTreeSet<FunId>,
    auxiliaries: &BTreeSet<FunId>,
) -> Vec<TermId> {
    let mut all = Vec::new();
    for f in formulas {
        formula_terms(store, f, &mut all);
    }
    all.retain(|&t| {
        let mut symbols = BTreeSet::new();
        term_symbols(store, t, &mut symbols);
        symbols.iter().all(|f| shared.contains(f) && !auxiliaries.contains(f))
            && store.sort_of(t) != SortId::BOOL
    });
    all.sort_by_key(|&t| term_size(store, t));
    all
}

/// A term's printed size: one per application and per constant.
fn term_size(store: &TermStore, t: TermId) -> usize {
    1 + store.term(t).args.iter().map(|&a| term_size(store, a)).sum::<usize>()
}

/// A formula's printed size, counted as the benchmarks count it: one per connective, per
/// atom's relation, per application and per constant.
fn printed_size(store: &TermStore, f: &Formula) -> usize {
    match f {
        Formula::True | Formula::False => 1,
        Formula::Atom(t) => term_size(store, *t),
        Formula::Eq(a, b) | Formula::Le(a, b) | Formula::Lt(a, b) => {
            1 + term_size(store, *a) + term_size(store, *b)
        }
        Formula::Not(g) => 1 + printed_size(store, g),
        Formula::And(gs) | Formula::Or(gs) => {
            1 + gs.iter().map(|g| printed_size(store, g)).sum::<usize>()
        }
        Formula::Iff(a, b) | Formula::Xor(a, b) => {
            1 + printed_size(store, a) + printed_size(store, b)
        }
        Formula::Ite(c, a, b) => {
            1 + printed_size(store, c) + printed_size(store, a) + printed_size(store, b)
        }
    }
}

/// `a = b` as a formula (a Boolean equality with `true` is the atom itself).
fn equality_formula(store: &TermStore, a: TermId, b: TermId) -> Formula {
    if a == b {
        return Formula::True;
    }
    if store.sort_of(a) == SortId::BOOL {
        let t = store.true_term();
        if b == t {
            return Formula::Atom(a);
        }
        if a == t {
            return Formula::Atom(b);
        }
        return Formula::Iff(Box::new(Formula::Atom(a)), Box::new(Formula::Atom(b)));
    }
    Formula::Eq(a.min(b), a.max(b))
}

/// Negation with constants folded and double negations removed.
fn negate(f: Formula) -> Formula {
    match f {
        Formula::True => Formula::False,
        Formula::False => Formula::True,
        Formula::Not(g) => *g,
        g => Formula::Not(Box::new(g)),
    }
}

/// A conjunction with constants folded, nested conjunctions flattened and repeats dropped.
pub fn and_all(parts: Vec<Formula>) -> Formula {
    junction(parts, true)
}

/// A disjunction with constants folded, nested disjunctions flattened and repeats dropped.
pub fn or_all(parts: Vec<Formula>) -> Formula {
    junction(parts, false)
}

fn junction(parts: Vec<Formula>, conjunction: bool) -> Formula {
    let (unit, zero) =
        if conjunction { (Formula::True, Formula::False) } else { (Formula::False, Formula::True) };
    let mut out: Vec<Formula> = Vec::new();
    let mut stack: Vec<Formula> = parts.into_iter().rev().collect();
    while let Some(p) = stack.pop() {
        match p {
            Formula::And(inner) if conjunction => stack.extend(inner.into_iter().rev()),
            Formula::Or(inner) if !conjunction => stack.extend(inner.into_iter().rev()),
            p if p == unit => {}
            p if p == zero => return zero,
            p => {
                let complement = negate(p.clone());
                if out.contains(&complement) {
                    return zero;
                }
                if !out.contains(&p) {
                    out.push(p);
                }
            }
        }
    }
    match out.len() {
        0 => unit,
        1 => out.pop().unwrap_or(unit),
        _ if conjunction => Formula::And(out),
        _ => Formula::Or(out),
    }
}

/// An arithmetic premise `Σ c·t + k ⋈ 0` as a formula, in the Farkas checker's canonical form.
fn arith_formula(
    store: &mut TermStore,
    literal: &farkas::ArithLiteral,
) -> Result<Formula, InterpolationError> {
    let Some(((coefficients, rhs), strict)) = farkas::canonical(store, literal) else {
        return Err(InterpolationError::Unsupported("a non-linear atom".into()));
    };
    Ok(linear_formula(store, coefficients, rhs, strict))
}

/// `Σ c·x <= rhs` (or `<`) as a formula: integer coefficients, an Int comparison rounded when
/// every variable is Int, written with the variables on the side where they are positive.
fn linear_formula(
    store: &mut TermStore,
    coefficients: BTreeMap<TermId, Rational>,
    rhs: Rational,
    strict: bool,
) -> Formula {
    use std::cmp::Ordering;
    if coefficients.is_empty() {
        let holds = match rhs.cmp0() {
            Ordering::Greater => true,
            Ordering::Equal => !strict,
            Ordering::Less => false,
        };
        return if holds { Formula::True } else { Formula::False };
    }
    let real = coefficients.keys().any(|&x| store.sort_of(x) == SortId::REAL);
    let sort = if real { SortId::REAL } else { SortId::INT };
    let (mut lcm, mut gcd) = (Integer::from(1), Integer::new());
    for c in coefficients.values() {
        lcm.lcm_mut(c.denom());
        gcd.gcd_mut(c.numer());
    }
    let scale = Rational::from((lcm, gcd));
    let mut rhs = rhs * &scale;
    let mut strict = strict;
    if !real {
        if strict {
            rhs = rhs.ceil() - 1u32;
            strict = false;
        } else {
            rhs = rhs.floor();
        }
    }
    // Positive terms on the left, negative ones moved to the right with the constant.
    let scaled = coefficients.into_iter().map(|(x, c)| (x, c * &scale)).collect();
    let (left, mut right) = signed_terms(store, scaled, sort);
    if rhs.cmp0() != Ordering::Equal || left.is_empty() || right.is_empty() {
        let bound = store.numeral(&rhs, sort);
        if left.is_empty() {
            // -Σ y <= rhs reads better as -rhs <= Σ y.
            let bound = store.numeral(&-rhs, sort);
            let sum = sum_term(store, right, sort);
            return if strict { Formula::Lt(bound, sum) } else { Formula::Le(bound, sum) };
        }
        right.push(bound);
    }
    let (lhs, rhs) = (sum_term(store, left, sort), sum_term(store, right, sort));
    if strict { Formula::Lt(lhs, rhs) } else { Formula::Le(lhs, rhs) }
}

/// The sum of the premises weighted by the coefficients, as `Σ c·x <= rhs` (strict when
/// one premise is): the coefficient map without zeros, the right-hand side, the strictness.
fn weighted_sum(
    store: &TermStore,
    premises: &[(farkas::ArithLiteral, Rational)],
) -> Result<(BTreeMap<TermId, Rational>, Rational, bool), InterpolationError> {
    let mut sum: BTreeMap<TermId, Rational> = BTreeMap::new();
    let mut rhs = Rational::new();
    let mut strict = false;
    for (premise, coefficient) in premises {
        if coefficient.cmp0() == std::cmp::Ordering::Equal {
            continue;
        }
        let Some(((coefficients, constant), is_strict)) = farkas::canonical(store, premise) else {
            return Err(InterpolationError::Unsupported("a non-linear premise".into()));
        };
        for (x, b) in coefficients {
            *sum.entry(x).or_default() += b * coefficient;
        }
        rhs += constant * coefficient;
        strict |= is_strict;
    }
    sum.retain(|_, c| c.cmp0() != std::cmp::Ordering::Equal);
    Ok((sum, rhs, strict))
}

/// An affine form over Int terms `Σ c·x + constant` (the map without zeros) and whether a
/// bound by it is strict.
type IntegerBound = (BTreeMap<TermId, Rational>, Rational, bool);

/// "Some integer lies between `lower` and `upper`": `⌈lower⌉ <= ⌊upper⌋` (for strict bounds
/// `⌊lower⌋ + 1` and `⌈upper⌉ - 1`). A bound with fractional coefficients `Σ c·x + c0` is
/// rounded as `(div (Σ d·c·x + a) d)` with `d` the common denominator, since `⌈(m + f)/d⌉ =
/// ⌊(m + ⌈f⌉ + d - 1)/d⌋` for integer `m`. When both bounds have the same variables the
/// answer is a constant or a divisibility `d·(div t d) = t`.
fn integer_between(store: &mut TermStore, lower: IntegerBound, upper: IntegerBound) -> Formula {
    // Some z with L <= z <= U exactly when some z' has -U <= z' <= -L: the form whose first
    // coefficient is positive reads better.
    let leading_negative = |bound: &IntegerBound| {
        bound.0.values().next().is_some_and(|c| c.cmp0() == std::cmp::Ordering::Less)
    };
    let (lower, upper) =
        if leading_negative(&lower) || lower.0.is_empty() && leading_negative(&upper) {
            let negated = |bound: IntegerBound| -> IntegerBound {
                (bound.0.into_iter().map(|(x, c)| (x, -c)).collect(), -bound.1, bound.2)
            };
            (negated(upper), negated(lower))
        } else {
            (lower, upper)
        };
    // The common denominator, and the bound's offset inside `⌊(d·Σ c·x + offset) / d⌋`.
    let offset = |bound: &IntegerBound, is_lower: bool| -> (Integer, Rational) {
        let mut d = Integer::from(1);
        for c in bound.0.values() {
            d.lcm_mut(c.denom());
        }
        let scaled = bound.1.clone() * Rational::from(d.clone());
        let offset = match (is_lower, bound.2) {
            (true, false) => scaled.ceil() + Rational::from(&d - Integer::from(1)),
            (true, true) => scaled.floor() + Rational::from(d.clone()),
            (false, false) => scaled.floor(),
            (false, true) => scaled.ceil() - 1u32,
        };
        (d, offset)
    };
    let (d_lower, alpha) = offset(&lower, true);
    let (d_upper, beta) = offset(&upper, false);
    let scaled = |map: &BTreeMap<TermId, Rational>, d: &Integer| -> BTreeMap<TermId, Rational> {
        map.iter().map(|(x, c)| (*x, c.clone() * Rational::from(d.clone()))).collect()
    };
    let numerator_lower = scaled(&lower.0, &d_lower);
    if lower.0 == upper.0 {
        // ⌊(N + α)/d⌋ <= ⌊(N + β)/d⌋ for one N and d.
        let gap = Rational::from(&alpha - &beta);
        if gap.cmp0() != std::cmp::Ordering::Greater {
            return Formula::True;
        }
        if gap >= d_lower {
            return Formula::False;
        }
        if gap == Integer::from(&d_lower - 1u32) {
            return divisibility(store, d_lower, numerator_lower, beta, false);
        }
    }
    let numerator_upper = scaled(&upper.0, &d_upper);
    let mut rounded = |numerator: BTreeMap<TermId, Rational>, d: Integer, offset: Rational| {
        if d == 1 {
            return (numerator, offset);
        }
        let t = affine_term(store, numerator, &offset, SortId::INT);
        let d = store.numeral(&Rational::from(d), SortId::INT);
        let quotient = store.arith(ArithOp::Div, vec![t, d], SortId::INT);
        (BTreeMap::from([(quotient, Rational::from(1))]), Rational::new())
    };
    let (low, low_constant) = rounded(numerator_lower, d_lower, alpha);
    let (high, high_constant) = rounded(numerator_upper, d_upper, beta);
    // low + low_constant <= high + high_constant.
    let mut difference = low;
    for (x, c) in high {
        *difference.entry(x).or_default() -= c;
    }
    difference.retain(|_, c| c.cmp0() != std::cmp::Ordering::Equal);
    linear_formula(store, difference, high_constant - low_constant, false)
}

/// `d` divides `Σ c·x + constant` (integer coefficients and constant, `d > 1`), written
/// `d·(div t d) = t` with a factor common to `d` and every coefficient divided out and the
/// first coefficient positive. With `reduce`, the coefficients and the constant are first
/// taken to their residues in `(-d/2, d/2]`, and after the common factor the first
/// coefficient is made 1 when it is invertible modulo `d`. A lemma interpolant keeps the
/// coefficients the refutation gave, whose verification needs no search for residues;
/// [`reduce_divisibilities`] reduces them afterwards, kept only where the tree conditions
/// are confirmed.
fn divisibility(
    store: &mut TermStore,
    d: Integer,
    coefficients: BTreeMap<TermId, Rational>,
    constant: Rational,
    reduce: bool,
) -> Formula {
    let residue = |a: &Integer, d: &Integer| {
        let r = rug::ops::RemRounding::rem_euc(a.clone(), d);
        if Integer::from(&r * 2u32) > *d { r - d } else { r }
    };
    let reduced = |a: &Integer, d: &Integer| if reduce { residue(a, d) } else { a.clone() };
    let mut terms: Vec<(TermId, Integer)> = coefficients
        .iter()
        .map(|(x, c)| (*x, reduced(c.numer(), &d)))
        .filter(|(_, c)| c.cmp0() != std::cmp::Ordering::Equal)
        .collect();
    let mut constant = reduced(constant.numer(), &d);
    let mut common = d.clone();
    for (_, c) in &terms {
        common.gcd_mut(c);
    }
    if !constant.is_divisible(&common) {
        return Formula::False;
    }
    let d = d / &common;
    if d == 1 {
        return Formula::True;
    }
    for (_, c) in &mut terms {
        *c /= &common;
    }
    constant /= &common;
    if reduce && let Ok(inverse) = terms[0].1.clone().invert(&d) {
        for (_, c) in &mut terms {
            *c = residue(&Integer::from(&*c * &inverse), &d);
        }
        constant = residue(&Integer::from(&constant * &inverse), &d);
    }
    if terms[0].1.cmp0() == std::cmp::Ordering::Less {
        for (_, c) in &mut terms {
            *c = -std::mem::take(c);
        }
        constant = -constant;
    }
    let map: BTreeMap<TermId, Rational> =
        terms.into_iter().map(|(x, c)| (x, Rational::from(c))).collect();
    let t = affine_term(store, map, &Rational::from(constant), SortId::INT);
    let d = store.numeral(&Rational::from(d), SortId::INT);
    let quotient = store.arith(ArithOp::Div, vec![t, d], SortId::INT);
    let multiple = store.arith(ArithOp::Mul, vec![d, quotient], SortId::INT);
    Formula::Eq(multiple, t)
}

/// Each divisibility `d·(div t d) = t` of `f` with `t`'s coefficients and constant reduced to
/// their residues in `(-d/2, d/2]`, a factor common to them and `d` divided out, and the first
/// coefficient made 1 when it is invertible modulo `d` (`4 | 3·s - 3` becomes `4 | s - 1`):
/// an equivalence over the integers.
fn reduce_divisibilities(store: &mut TermStore, f: &Formula) -> Formula {
    match f {
        Formula::Eq(m, t) => reduced_divisibility(store, *m, *t).unwrap_or_else(|| f.clone()),
        Formula::Not(g) => Formula::Not(Box::new(reduce_divisibilities(store, g))),
        Formula::And(gs) => {
            Formula::And(gs.iter().map(|g| reduce_divisibilities(store, g)).collect())
        }
        Formula::Or(gs) => {
            Formula::Or(gs.iter().map(|g| reduce_divisibilities(store, g)).collect())
        }
        other => other.clone(),
    }
}

/// The reduced form of `m = t` when it is `d·(div t d) = t` over an Int `t` and can be
/// reduced.
fn reduced_divisibility(store: &mut TermStore, m: TermId, t: TermId) -> Option<Formula> {
    let numeral = |store: &TermStore, k: TermId| match store.interpretation(store.term(k).fun) {
        Some(super::Interpretation::Numeral(v)) if v.denom() == &1 => Some(v.numer().clone()),
        _ => None,
    };
    let product = store.term(m).clone();
    if store.interpretation(product.fun) != Some(&super::Interpretation::Op(ArithOp::Mul)) {
        return None;
    }
    let [k, quotient] = product.args[..] else { return None };
    let d = numeral(store, k)?;
    let division = store.term(quotient).clone();
    if store.interpretation(division.fun) != Some(&super::Interpretation::Op(ArithOp::Div)) {
        return None;
    }
    let [dividend, k2] = division.args[..] else { return None };
    if dividend != t || numeral(store, k2)? != d || d <= 1 || store.sort_of(t) != SortId::INT {
        return None;
    }
    let form = linear::linearize(store, t).ok()?;
    if form.constant.denom() != &1 || form.coefficients.values().any(|c| c.denom() != &1) {
        return None;
    }
    let formula = divisibility(store, d, form.coefficients, form.constant, true);
    (printed_size(store, &formula) < printed_size(store, &Formula::Eq(m, t))).then_some(formula)
}

/// The term `Σ c·x + constant` of `sort`, written with subtraction for negative coefficients.
fn affine_term(
    store: &mut TermStore,
    coefficients: BTreeMap<TermId, Rational>,
    constant: &Rational,
    sort: SortId,
) -> TermId {
    let (mut left, mut right) = signed_terms(store, coefficients, sort);
    match constant.cmp0() {
        std::cmp::Ordering::Greater => left.push(store.numeral(constant, sort)),
        std::cmp::Ordering::Less => right.push(store.numeral(&Rational::from(-constant), sort)),
        std::cmp::Ordering::Equal => {}
    }
    match (left.is_empty(), right.is_empty()) {
        (true, true) => store.numeral(&Rational::new(), sort),
        (false, true) => sum_term(store, left, sort),
        (true, false) => {
            let sum = sum_term(store, right, sort);
            store.arith(ArithOp::Neg, vec![sum], sort)
        }
        (false, false) => {
            let (l, r) = (sum_term(store, left, sort), sum_term(store, right, sort));
            store.arith(ArithOp::Sub, vec![l, r], sort)
        }
    }
}

/// The terms of `Σ c·x` split by sign: `c·x` for each positive `c` (left), `|c|·x` for each
/// negative one (right), `x` alone when the magnitude is 1; an Int `x` is read as Real when
/// `sort` is Real.
fn signed_terms(
    store: &mut TermStore,
    coefficients: BTreeMap<TermId, Rational>,
    sort: SortId,
) -> (Vec<TermId>, Vec<TermId>) {
    let mut left = Vec::new();
    let mut right = Vec::new();
    for (x, c) in coefficients {
        let x = if sort == SortId::REAL && store.sort_of(x) == SortId::INT {
            store.arith(ArithOp::ToReal, vec![x], SortId::REAL)
        } else {
            x
        };
        let magnitude = Rational::from(c.abs_ref());
        let term = if magnitude == 1 {
            x
        } else {
            let k = store.numeral(&magnitude, sort);
            store.arith(ArithOp::Mul, vec![k, x], sort)
        };
        if c.cmp0() == std::cmp::Ordering::Greater { left.push(term) } else { right.push(term) }
    }
    (left, right)
}

/// The sum of `terms` (at least one).
fn sum_term(store: &mut TermStore, mut terms: Vec<TermId>, sort: SortId) -> TermId {
    if terms.len() == 1 { terms.remove(0) } else { store.arith(ArithOp::Add, terms, sort) }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    /// `integer_between` against its meaning, point by point: for each integer value of x
    /// (and y), the formula holds exactly when some integer lies between the two bounds.
    #[test]
    fn an_integer_between_two_bounds_is_written_exactly() {
        let mut store = TermStore::new();
        let xf = store.declare_fun("x", vec![], SortId::INT, false);
        let yf = store.declare_fun("y", vec![], SortId::INT, false);
        let (x, y) = (store.apply(xf, vec![]), store.apply(yf, vec![]));
        let q = |n: i64, d: i64| Rational::from((n, d));
        let bound = |terms: &[(TermId, Rational)], constant: Rational, strict: bool| {
            (terms.iter().cloned().collect::<BTreeMap<_, _>>(), constant, strict)
        };
        // (lower, upper) pairs: the same variables (a divisibility, a range of residues,
        // constants), different ones, strict bounds, integer coefficients.
        let cases = vec![
            (bound(&[(x, q(1, 2))], q(0, 1), false), bound(&[(x, q(1, 2))], q(0, 1), false)),
            (bound(&[(x, q(1, 3))], q(-1, 3), false), bound(&[(x, q(1, 3))], q(0, 1), false)),
            (bound(&[(x, q(1, 2))], q(1, 4), false), bound(&[(x, q(1, 2))], q(1, 4), false)),
            (bound(&[(x, q(1, 2))], q(0, 1), false), bound(&[(x, q(1, 2))], q(1, 1), false)),
            (bound(&[(x, q(2, 3))], q(1, 3), true), bound(&[(y, q(1, 2))], q(0, 1), true)),
            (bound(&[(x, q(-1, 3))], q(0, 1), false), bound(&[(y, q(1, 1))], q(-1, 2), false)),
            (bound(&[(x, q(1, 1))], q(1, 2), false), bound(&[(y, q(1, 1))], q(0, 1), false)),
        ];
        let value = |terms: &BTreeMap<TermId, Rational>, c: &Rational, vx: i64, vy: i64| {
            let mut v = c.clone();
            for (t, k) in terms {
                v += Rational::from(k * if *t == x { vx } else { vy });
            }
            v
        };
        for (lower, upper) in cases {
            let formula = integer_between(&mut store, lower.clone(), upper.clone());
            for vx in -7i64..8 {
                for vy in -3i64..4 {
                    let low = value(&lower.0, &lower.1, vx, vy);
                    let high = value(&upper.0, &upper.1, vx, vy);
                    let least = if lower.2 { low.clone().floor() + 1u32 } else { low.ceil() };
                    let most = if upper.2 { high.clone().ceil() - 1u32 } else { high.floor() };
                    let expected = least <= most;
                    let at = |store: &mut TermStore, t: TermId, v: i64| {
                        let n = store.numeral(&Rational::from(v), SortId::INT);
                        Formula::Eq(t, n)
                    };
                    let assertions =
                        vec![at(&mut store, x, vx), at(&mut store, y, vy), formula.clone()];
                    let mut stats = SmtStats::default();
                    let answer = crate::smt::check(&store, &assertions, &[false; 3], &mut stats)
                        .expect("decided");
                    assert_eq!(
                        matches!(answer, Answer::Sat(_)),
                        expected,
                        "x = {vx}, y = {vy}: {formula:?}"
                    );
                }
            }
        }
    }
}

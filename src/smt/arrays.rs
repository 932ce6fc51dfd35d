//! The theory of arrays with extensionality for the lazy loop: which axiom instances the
//! current congruence classes need (read over write and extensionality, on demand), and the
//! terms and equality literals of each instance.
//!
//! The instances, for `s = store(b, i, v)`, an index term `j` and arrays `a`, `c`:
//!
//! - read over write at the written index: `select(s, i) = v`, once per store term;
//! - read over write elsewhere: `i = j ∨ select(s, j) = select(b, j)`, for every `select(x, j)`
//!   whose array `x` is in the class of `s` (downwards) or of `b` (upwards);
//! - constant arrays: `select(c, j) = v` for `c = const(v)` and every `select(x, j)` whose
//!   array `x` is in the class of `c`;
//! - extensionality: `a = c ∨ select(a, k) ≠ select(c, k)` with a fresh constant `k` (a
//!   Skolem constant of the index sort, one per pair), for every array equality atom the
//!   propositional model makes false;
//! - a fresh index for two constant arrays `c = const(v)` and `d = const(w)` that stores join
//!   (their classes are linked by `store(b, i, u)` and `b`) while `v` and `w` differ, over an
//!   infinite index sort (Int or Real): `k ≠ i` for every store index `i` of the sort, with a
//!   new constant `k`, and the reads `select(c, k) = v`, `select(d, k) = w`. The units
//!   `k ≠ i` are not valid, but they keep satisfiability: finitely many values are excluded
//!   from an infinite sort, for a constant nothing else constrains. The reads at `k` then
//!   travel through the stores by the read-over-write instances until `v = w` follows or the
//!   join breaks. Over an uninterpreted (possibly finite) index sort there is no such index,
//!   and the model builder answers unknown.
//! - a common index for two constant arrays `c = const(v)` and `d = const(w)` in one class
//!   while `v` and `w` differ, over any index sort: the reads `select(c, k) = v` and
//!   `select(d, k) = w` at a new constant `k` of the index sort. Both are instances of the
//!   constant-array schema (valid at every index, so `k` needs no condition), and with
//!   `c = d` congruence gives `v = w`. Sorts are nonempty, so this holds over an
//!   uninterpreted (possibly one-element) index sort too, where no fresh index can be had.
//!
//! - the index of difference: `a = b ∨ select(a, d) ≠ select(b, d)` for every term
//!   `d = @diff(a, b)`, once: the defining axiom of `@diff`, which only interpolants name (see
//!   [`super::ArrayOp::Diff`]); it is extensionality with `d` for the witness, valid because
//!   that is what `@diff` means;
//! - congruence of `@diff`: `a ≠ a' ∨ b ≠ b' ∨ @diff(a, b) = @diff(a', b')` for two `@diff`
//!   terms whose results the classes keep apart while their arguments are not known equal:
//!   `@diff` is a function of array values, and the array equalities become atoms the
//!   search decides (false ones get extensionality witnesses), so that the model's table of
//!   `@diff` is a function.
//!
//! An instance is asked for only when the classes do not already satisfy it, and each one is
//! made once; the index terms are those of the assertions and the Skolem constants, so there
//! are finitely many instances and the loop ends. When none is asked for, every class of
//! arrays has a consistent table (see `build_model` in the parent module). The instances are
//! checked by [`super::array_check`], which shares no code with this file.

use std::collections::{BTreeMap, BTreeSet};

use super::cc::CongruenceClosure;
use super::{ArrayOp, SmtError, SortId, TermId, TermStore};

/// One instance of an array axiom schema, named by the terms that fix it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Instance {
    /// `select(s, i) = v` for the store term `s = store(b, i, v)`.
    ReadOverWrite(TermId),
    /// `i = j ∨ select(s, j) = select(b, j)` for `s = store(b, i, v)` and the index `j`.
    ReadElsewhere(TermId, TermId),
    /// `a = c ∨ select(a, k) ≠ select(c, k)` for the arrays `a < c`.
    Extensionality(TermId, TermId),
    /// `select(c, j) = v` for the constant array `c = const(v)` and the index `j`.
    ConstantRead(TermId, TermId),
    /// A fresh index apart from every store index, read in the constant arrays `c < d`.
    FreshIndex(TermId, TermId),
    /// The constant arrays `c < d`, in one class, read at one new index.
    CommonIndex(TermId, TermId),
    /// `a = b ∨ select(a, d) ≠ select(b, d)` for the term `d = @diff(a, b)`.
    Diff(TermId),
    /// `a ≠ a' ∨ b ≠ b' ∨ d = d'` for the terms `d = @diff(a, b) < d' = @diff(a', b')`.
    DiffCongruence(TermId, TermId),
}

/// An equality literal of an instance: `left = right` when `positive`, else its negation.
pub type EqualityLiteral = (TermId, TermId, bool);

/// Whether the terms use arrays in a way the procedure decides: index sorts that are Int,
/// Real or uninterpreted, elements that are not Bool or arrays, and no uninterpreted
/// function over arrays (its table would be keyed by array values, which the classes do not
/// keep apart). `Err` names what is outside.
pub fn supported(store: &TermStore, relevant: &[TermId]) -> Result<bool, SmtError> {
    let mut any = false;
    for &t in relevant {
        let term = store.term(t);
        if let Some((index, element)) = store.array_parts(store.sort_of(t)) {
            any = true;
            if index == SortId::BOOL || store.array_parts(index).is_some() {
                return Err(SmtError::Unsupported("arrays indexed by Bool or by arrays".into()));
            }
            if element == SortId::BOOL || store.array_parts(element).is_some() {
                return Err(SmtError::Unsupported("arrays of Bool or of arrays".into()));
            }
        }
        let uninterpreted = store.interpretation(term.fun).is_none()
            && store.array_op(term.fun).is_none()
            && !term.args.is_empty();
        if uninterpreted && term.args.iter().any(|&a| store.array_parts(store.sort_of(a)).is_some())
        {
            return Err(SmtError::Unsupported("uninterpreted functions over arrays".into()));
        }
    }
    Ok(any)
}

/// The instances the current classes violate or cannot yet be seen to satisfy, in a
/// deterministic order, none of them in `done`. `false_array_atoms` are the array equality
/// atoms the propositional model makes false.
pub fn wanted(
    store: &TermStore,
    closure: &CongruenceClosure<'_>,
    relevant: &[TermId],
    false_array_atoms: &[(TermId, TermId)],
    done: &BTreeSet<Instance>,
) -> Vec<Instance> {
    let mut out = Vec::new();
    let mut seen = BTreeSet::new();
    let mut want = |instance: Instance, out: &mut Vec<Instance>| {
        if !done.contains(&instance) && seen.insert(instance) {
            out.push(instance);
        }
    };
    // The store terms touching each class: `s` is filed under the class of `s` and of `b`.
    let mut stores_by_class: BTreeMap<TermId, Vec<TermId>> = BTreeMap::new();
    for &t in relevant {
        let term = store.term(t);
        if store.array_op(term.fun) != Some(ArrayOp::Store) {
            continue;
        }
        let (b, i, v) = (term.args[0], term.args[1], term.args[2]);
        let read = store.lookup_select(t, i);
        if read.is_none_or(|r| closure.find(r) != closure.find(v)) {
            want(Instance::ReadOverWrite(t), &mut out);
        }
        stores_by_class.entry(closure.find(t)).or_default().push(t);
        let below = stores_by_class.entry(closure.find(b)).or_default();
        if !below.contains(&t) {
            below.push(t);
        }
    }
    let mut consts_by_class: BTreeMap<TermId, Vec<TermId>> = BTreeMap::new();
    for &t in relevant {
        if store.array_op(store.term(t).fun) == Some(ArrayOp::Const) {
            consts_by_class.entry(closure.find(t)).or_default().push(t);
        }
    }
    for &t in relevant {
        let term = store.term(t);
        if store.array_op(term.fun) != Some(ArrayOp::Select) {
            continue;
        }
        let (x, j) = (term.args[0], term.args[1]);
        for &c in consts_by_class.get(&closure.find(x)).into_iter().flatten() {
            let value = store.term(c).args[0];
            let read = store.lookup_select(c, j);
            if read.is_none_or(|r| closure.find(r) != closure.find(value)) {
                want(Instance::ConstantRead(c, j), &mut out);
            }
        }
        let Some(stores) = stores_by_class.get(&closure.find(x)) else { continue };
        for &s in stores {
            let written = store.term(s);
            let (b, i) = (written.args[0], written.args[1]);
            if closure.find(i) == closure.find(j) {
                continue;
            }
            let same = match (store.lookup_select(s, j), store.lookup_select(b, j)) {
                (Some(p), Some(q)) => closure.find(p) == closure.find(q),
                _ => false,
            };
            if !same {
                want(Instance::ReadElsewhere(s, j), &mut out);
            }
        }
    }
    for &(a, c) in false_array_atoms {
        want(Instance::Extensionality(a.min(c), a.max(c)), &mut out);
    }
    let diffs: Vec<TermId> = relevant
        .iter()
        .copied()
        .filter(|&t| store.array_op(store.term(t).fun) == Some(ArrayOp::Diff))
        .collect();
    for (n, &d) in diffs.iter().enumerate() {
        want(Instance::Diff(d), &mut out);
        // `@diff` is a function of array values, and two array classes may hold equal
        // values: congruence over the classes is not enough, so each pair of `@diff` terms
        // with different results makes its arguments' equalities atoms for the search to
        // decide (a false one gets an extensionality witness, so the values differ).
        for &e in &diffs[n + 1..] {
            let (x, y) = (store.term(d), store.term(e));
            let congruent = x.fun == y.fun
                && closure.find(x.args[0]) == closure.find(y.args[0])
                && closure.find(x.args[1]) == closure.find(y.args[1]);
            if x.fun == y.fun && !congruent && closure.find(d) != closure.find(e) {
                want(Instance::DiffCongruence(d.min(e), d.max(e)), &mut out);
            }
        }
    }
    let components = StoreComponents::new(store, closure, relevant.iter().copied());
    let constants: Vec<TermId> = relevant
        .iter()
        .copied()
        .filter(|&t| store.array_op(store.term(t).fun) == Some(ArrayOp::Const))
        .collect();
    for (n, &c) in constants.iter().enumerate() {
        for &d in &constants[n + 1..] {
            let sort = store.sort_of(c);
            let infinite = store.array_parts(sort).is_some_and(|(index, _)| index.is_arithmetic());
            let apart = closure.find(store.term(c).args[0]) != closure.find(store.term(d).args[0]);
            if !apart || sort != store.sort_of(d) {
                continue;
            }
            // Equal constant arrays need no assumption about the index sort; only those
            // joined through stores need an index apart from the stores', so an infinite sort.
            if closure.find(c) == closure.find(d) {
                want(Instance::CommonIndex(c.min(d), c.max(d)), &mut out);
            } else if infinite
                && components.root(closure.find(c)) == components.root(closure.find(d))
            {
                want(Instance::FreshIndex(c.min(d), c.max(d)), &mut out);
            }
        }
    }
    out
}

/// Classes of arrays joined by stores (`store(b, i, u)` and `b` differ at one index only):
/// the components of a union-find over class representatives, each named by its least
/// representative, whatever the order the stores are met in.
pub struct StoreComponents {
    joined: BTreeMap<TermId, TermId>,
}

impl StoreComponents {
    /// The components the store terms among `terms` make.
    pub fn new(
        store: &TermStore,
        closure: &CongruenceClosure<'_>,
        terms: impl Iterator<Item = TermId>,
    ) -> StoreComponents {
        let mut components = StoreComponents { joined: BTreeMap::new() };
        for t in terms {
            let term = store.term(t);
            if store.array_op(term.fun) == Some(ArrayOp::Store) {
                let x = components.root(closure.find(t));
                let y = components.root(closure.find(term.args[0]));
                if x != y {
                    components.joined.insert(x.max(y), x.min(y));
                }
            }
        }
        components
    }

    /// The component of the class whose representative is `class`.
    pub fn root(&self, mut class: TermId) -> TermId {
        while let Some(&next) = self.joined.get(&class) {
            class = next;
        }
        class
    }
}

/// The clauses of `instance` (one, except for a fresh index), making the `select` terms and
/// the constants they need. `skolems` keeps the constant each instance made (a witness per
/// extensionality pair, an index per fresh or common index), keyed by the instance so that
/// an extensionality witness is never an index made apart from stores (which the checker
/// would refuse as a witness); `relevant` gives the store indices a fresh index must avoid.
pub fn instantiate(
    store: &mut TermStore,
    instance: Instance,
    skolems: &mut BTreeMap<Instance, TermId>,
    relevant: &[TermId],
) -> Vec<Vec<EqualityLiteral>> {
    match instance {
        Instance::ReadOverWrite(s) => {
            let (i, v) = (store.term(s).args[1], store.term(s).args[2]);
            let read = store.select(s, i);
            vec![vec![(read, v, true)]]
        }
        Instance::ReadElsewhere(s, j) => {
            let (b, i) = (store.term(s).args[0], store.term(s).args[1]);
            let above = store.select(s, j);
            let below = store.select(b, j);
            vec![vec![(i, j, true), (above, below, true)]]
        }
        Instance::ConstantRead(c, j) => {
            let v = store.term(c).args[0];
            let read = store.select(c, j);
            vec![vec![(read, v, true)]]
        }
        Instance::Extensionality(a, c) => {
            let k = match skolems.get(&instance) {
                Some(&k) => k,
                None => {
                    let (index, _) =
                        store.array_parts(store.sort_of(a)).unwrap_or((SortId::INT, SortId::INT));
                    let name = format!("array_diff!{}", skolems.len());
                    let f = store.declare_fun(&name, Vec::new(), index, true);
                    let k = store.apply(f, Vec::new());
                    skolems.insert(instance, k);
                    k
                }
            };
            let left = store.select(a, k);
            let right = store.select(c, k);
            vec![vec![(a, c, true), (left, right, false)]]
        }
        Instance::Diff(d) => {
            let (a, b) = (store.term(d).args[0], store.term(d).args[1]);
            let left = store.select(a, d);
            let right = store.select(b, d);
            vec![vec![(a, b, true), (left, right, false)]]
        }
        Instance::DiffCongruence(d, e) => {
            let (x, y) = (store.term(d).args.clone(), store.term(e).args.clone());
            // An argument pair that is one term needs no premise.
            let mut clause: Vec<EqualityLiteral> =
                x.iter().zip(&y).filter(|(p, q)| p != q).map(|(&p, &q)| (p, q, false)).collect();
            clause.push((d, e, true));
            vec![clause]
        }
        Instance::FreshIndex(c, d) => {
            let (index, _) =
                store.array_parts(store.sort_of(c)).unwrap_or((SortId::INT, SortId::INT));
            let name = format!("array_fresh_index!{}", skolems.len());
            let f = store.declare_fun(&name, Vec::new(), index, true);
            let k = store.apply(f, Vec::new());
            skolems.insert(instance, k);
            let mut indices: Vec<TermId> = relevant
                .iter()
                .filter_map(|&t| {
                    let term = store.term(t);
                    (store.array_op(term.fun) == Some(ArrayOp::Store)
                        && store.sort_of(term.args[1]) == index)
                        .then(|| term.args[1])
                })
                .collect();
            indices.sort();
            indices.dedup();
            let mut clauses: Vec<Vec<EqualityLiteral>> =
                indices.into_iter().map(|i| vec![(k, i, false)]).collect();
            for array in [c, d] {
                let read = Instance::ConstantRead(array, k);
                clauses.extend(instantiate(store, read, skolems, relevant));
            }
            clauses
        }
        Instance::CommonIndex(c, d) => {
            let (index, _) =
                store.array_parts(store.sort_of(c)).unwrap_or((SortId::INT, SortId::INT));
            let name = format!("array_common_index!{}", skolems.len());
            let f = store.declare_fun(&name, Vec::new(), index, true);
            let k = store.apply(f, Vec::new());
            skolems.insert(instance, k);
            let mut clauses = Vec::new();
            for array in [c, d] {
                let read = Instance::ConstantRead(array, k);
                clauses.extend(instantiate(store, read, skolems, relevant));
            }
            clauses
        }
    }
}

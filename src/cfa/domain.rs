//! The abstract state space (paper Fig. 3): times, factored environments, values, flow sets,
//! the store (`v̂e`) and the counts (`μ̂`).
//!
//! Everything here is ordered (`Ord`) and kept in sorted vectors or `BTreeMap`s, so states
//! compare, hash and print the same way on every run.

use std::collections::BTreeMap;
use std::rc::Rc;

use rustc_hash::FxHashMap;

use crate::scheme::ast::{Prim, VarId};
use crate::scheme::cps::{CallId, ConstId, LamId, SiteId};

/// An abstract time (a k-CFA contour: the last k call sites), interned.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Time(pub u32);

/// The interning table of times; time 0 is the empty contour (the only one under 0CFA).
#[derive(Clone, Debug)]
pub struct Times {
    k: usize,
    contours: Vec<Vec<CallId>>,
    ids: FxHashMap<Vec<CallId>, Time>,
}

impl Times {
    /// A table for k-CFA (`k = 0` is 0CFA).
    pub fn new(k: usize) -> Times {
        let mut ids = FxHashMap::default();
        ids.insert(Vec::new(), Time(0));
        Times { k, contours: vec![Vec::new()], ids }
    }

    /// The initial time.
    pub fn zero(&self) -> Time {
        Time(0)
    }

    /// `succ`: the contour after passing call site `site`.
    pub fn tick(&mut self, t: Time, site: CallId) -> Time {
        if self.k == 0 {
            return t;
        }
        let previous = &self.contours[t.0 as usize];
        let mut c = Vec::with_capacity(self.k.min(previous.len() + 1));
        c.push(site);
        c.extend(previous.iter().take(self.k - 1));
        if let Some(&id) = self.ids.get(&c) {
            return id;
        }
        let id = Time(self.contours.len() as u32);
        self.contours.push(c.clone());
        self.ids.insert(c, id);
        id
    }

    /// The call sites of a contour, most recent first.
    pub fn contour(&self, t: Time) -> &[CallId] {
        &self.contours[t.0 as usize]
    }
}

/// A factored local environment `β̂`: variable to binding time, sorted by variable. Closures
/// and Eval states keep only the free variables of their term (the others are never read).
pub type Env = Rc<[(VarId, Time)]>;

/// The time at which `v` is bound in `env`.
pub fn lookup(env: &Env, v: VarId) -> Option<Time> {
    env.binary_search_by_key(&v, |&(w, _)| w).ok().map(|i| env[i].1)
}

/// `env` extended with `binds` and restricted to `keep` (sorted).
pub fn extend_restrict(env: &[(VarId, Time)], binds: &[(VarId, Time)], keep: &[VarId]) -> Env {
    let mut out: Vec<(VarId, Time)> = Vec::with_capacity(keep.len());
    for &v in keep {
        if let Some(&(_, t)) = binds.iter().find(|(w, _)| *w == v) {
            out.push((v, t));
        } else if let Ok(i) = env.binary_search_by_key(&v, |&(w, _)| w) {
            out.push(env[i]);
        }
    }
    out.into()
}

/// An abstract value: a basic value, a procedure, or a heap object.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// Exactly this constant (booleans, `'()`, void, and the program's literals).
    Lit(ConstId),
    /// Any integer (arithmetic whose result is not one of the program's literals).
    AnyInt,
    /// Any string.
    AnyStr,
    /// Any symbol.
    AnySym,
    /// Any character.
    AnyChar,
    /// Any number, integer or not (`/`, `sqrt`, inexact numbers, literals such as `1.5`).
    AnyNum,
    /// A closure: a λ over the bindings of its free variables.
    Clo(LamId, Env),
    /// A primitive procedure.
    Prim(Prim),
    /// The pairs allocated at a site at a time.
    Pair(SiteId, Time),
    /// The vectors allocated at a site at a time.
    Vector(SiteId, Time),
    /// The records (`define-record-type`) allocated at a site at a time, with their number of
    /// fields. A kind of its own, not a vector or a closure, so `vector?`, `procedure?` and
    /// the other type predicates are false on it as they are on a real record; their type tag
    /// is [`Addr::Field`] 0, their fields 1 to `fields`.
    Record(SiteId, Time, u32),
}

impl Value {
    /// True for closures and primitives.
    pub fn is_procedure(&self) -> bool {
        matches!(self, Value::Clo(..) | Value::Prim(_))
    }
}

/// A flow set `d̂`: a sorted set of values.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Flow(Vec<Value>);

impl Flow {
    /// The empty set.
    pub fn empty() -> Flow {
        Flow(Vec::new())
    }

    /// `{v}`.
    pub fn single(v: Value) -> Flow {
        Flow(vec![v])
    }

    /// The set of these values.
    pub fn from_values(mut vs: Vec<Value>) -> Flow {
        vs.sort();
        vs.dedup();
        Flow(vs)
    }

    /// Adds one value.
    pub fn insert(&mut self, v: Value) {
        if let Err(i) = self.0.binary_search(&v) {
            self.0.insert(i, v);
        }
    }

    /// Adds every value of `other`; true if something was new.
    pub fn join(&mut self, other: &Flow) -> bool {
        let before = self.0.len();
        if other.0.iter().all(|v| self.0.binary_search(v).is_ok()) {
            return false;
        }
        self.0.extend(other.0.iter().cloned());
        self.0.sort();
        self.0.dedup();
        self.0.len() != before
    }

    /// Membership.
    pub fn contains(&self, v: &Value) -> bool {
        self.0.binary_search(v).is_ok()
    }

    /// `self ⊆ other`.
    pub fn subset_of(&self, other: &Flow) -> bool {
        self.0.iter().all(|v| other.contains(v))
    }

    /// The values in order.
    pub fn iter(&self) -> std::slice::Iter<'_, Value> {
        self.0.iter()
    }

    /// Number of values.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// True if no value.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The only value, if there is exactly one.
    pub fn only(&self) -> Option<&Value> {
        match self.0.as_slice() {
            [v] => Some(v),
            _ => None,
        }
    }
}

/// An abstract address: a binding (`Bind = VAR × Time`) or a field of a heap object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Addr {
    /// The binding of a variable at a time.
    Var(VarId, Time),
    /// The car of the pairs allocated at a site at a time.
    Car(SiteId, Time),
    /// Their cdr.
    Cdr(SiteId, Time),
    /// The elements of the vectors allocated at a site at a time.
    Elems(SiteId, Time),
    /// A field of the records allocated at a site at a time: 0 is the record type's tag, the
    /// fields in declaration order follow. One address per field (not one for all, as for a
    /// vector's elements), so an accessor reads only what was stored in its field.
    Field(SiteId, Time, u32),
}

/// An abstract count above zero (absent from [`Counts`] means 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Count {
    /// Exactly one concrete binding (or object) is live.
    One,
    /// More than one may be (`∞`).
    Many,
}

/// The store `v̂e`: address to flow set. Absent means empty.
pub type Store = BTreeMap<Addr, Flow>;

/// The counts `μ̂`: absent means 0.
pub type Counts = BTreeMap<Addr, Count>;

/// `μ̂[a ↦ μ̂(a) ⊕ 1]`.
pub fn increment(counts: &mut Counts, a: Addr) {
    match counts.get(&a) {
        None => {
            counts.insert(a, Count::One);
        }
        Some(_) => {
            counts.insert(a, Count::Many);
        }
    }
}

/// What a machine state is doing (everything but store, counts and time).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Control {
    /// Evaluating a call in an environment.
    Eval {
        /// The call.
        call: CallId,
        /// Its environment (restricted to the call's free variables).
        env: Env,
    },
    /// Applying a procedure to argument flow sets.
    Apply {
        /// A closure or primitive.
        proc: Value,
        /// The arguments (a user procedure's continuation last).
        args: Vec<Flow>,
        /// For each argument that was an immutable variable, its binding (for the rebinding
        /// check of abstract counting).
        refs: Vec<Option<Addr>>,
    },
}

/// An abstract machine state.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    /// Eval or Apply.
    pub control: Control,
    /// The store.
    pub store: Store,
    /// The counts (empty when counting is off).
    pub counts: Counts,
    /// The current time.
    pub time: Time,
}

/// `store ⊑ other` pointwise.
pub fn store_leq(a: &Store, b: &Store) -> bool {
    a.iter().all(|(k, v)| b.get(k).is_some_and(|w| v.subset_of(w)))
}

/// `counts ≤ other` pointwise (0 < 1 < ∞).
pub fn counts_leq(a: &Counts, b: &Counts) -> bool {
    a.iter().all(|(k, v)| b.get(k).is_some_and(|w| v <= w))
}

/// Pointwise join of stores.
pub fn store_join(into: &mut Store, other: &Store) {
    for (k, v) in other {
        into.entry(*k).or_default().join(v);
    }
}

/// Pointwise maximum of counts.
pub fn counts_join(into: &mut Counts, other: &Counts) {
    for (k, v) in other {
        let e = into.entry(*k).or_insert(*v);
        if *v > *e {
            *e = *v;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contours_keep_the_last_k_sites() {
        let mut t = Times::new(2);
        let a = t.tick(t.zero(), CallId(1));
        let b = t.tick(a, CallId(2));
        let c = t.tick(b, CallId(3));
        assert_eq!(t.contour(c), &[CallId(3), CallId(2)]);
        assert_eq!(t.tick(b, CallId(3)), c);
        let mut zero = Times::new(0);
        assert_eq!(zero.tick(zero.zero(), CallId(5)), Time(0));
    }

    #[test]
    fn counts_saturate() {
        let mut c = Counts::new();
        let a = Addr::Var(VarId(0), Time(0));
        increment(&mut c, a);
        assert_eq!(c.get(&a), Some(&Count::One));
        increment(&mut c, a);
        increment(&mut c, a);
        assert_eq!(c.get(&a), Some(&Count::Many));
    }

    #[test]
    fn flows_are_sets() {
        let mut f = Flow::single(Value::AnyInt);
        assert!(!f.join(&Flow::single(Value::AnyInt)));
        assert!(f.join(&Flow::single(Value::AnyStr)));
        assert_eq!(f.len(), 2);
        assert!(Flow::single(Value::AnyStr).subset_of(&f));
    }
}

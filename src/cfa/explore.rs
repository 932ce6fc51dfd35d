//! Building the abstract state graph (paper §6): depth-first exploration with subsumption, a
//! second work list for states that apply join-point continuations, and merging of those.
//!
//! Every successor is garbage-collected (when GC is on) before it is looked up, so the graph's
//! nodes are collected states. A successor subsumed by a state already in the graph (same
//! control and time, smaller store and counts) gets an edge to that state instead: its
//! successors over-approximate the subsumed one's, so paths through it stay sound for the
//! protocol check. Join-point states wait until the normal work list is empty; then those at
//! the same continuation and time are merged (`⊔`) into one, with an edge from each
//! predecessor.
//!
//! Determinism: states get ids in the order they are first met; work lists are vectors; hash
//! maps are only used to look states up.
//!
//! GC and the number of states. Abstract GC makes the graph more precise, not necessarily
//! smaller, and no canonical form or widening of this module could make "never more states
//! with GC" hold without giving the precision up. Every state with GC lies below a state
//! without GC (the same control and time, each flow set and count no higher; `tests/it/cfa.rs`
//! checks it on every program of `bench/scheme/`), but that relation is many-to-one. Without
//! GC a binding is never removed, so each new call of a procedure joins its arguments into the
//! flow sets of the last call: along a path a store only grows, saturates after a few calls,
//! and the states at a program point form a short chain that subsumption cuts. With GC the
//! parameters of a finished call are dead, collected, and bound afresh with count 1, so each
//! call keeps its own arguments and the states at a point are as many as the combinations of
//! live values. Ackermann's function is the smallest case: without GC `m` and `n` soon hold
//! `{0, 1, 2, int}` and `{0, 1, 2, 3, int}` and the recursion has 116 states; with GC each
//! pair `(m, n)` of small literals met is its own state, 166 in all, up to 21 of them below
//! one state without GC. `deriv.scm` and `mergesort.scm` do the same with the cells of the
//! lists they walk (up to 135 and 77 states with GC below one without).
//!
//! A larger subsumption order does not close the gap either. Tried for issue 39 and measured
//! with `bench/scheme_r5rs.py`: an Apply state's arguments compared by ⊆ rather than equality
//! (the paper leaves ⊑ open), and a literal below its kind's "any" value (`5` ⊑ any integer),
//! both sound and applied in both modes. They take ack to 141 states with GC (116 without)
//! and deriv to 1,533 (1,168 without), and leave mergesort at 1,718 (1,118 without). Only a
//! widening (joining the states met at a program point) would close it, and that gives up the
//! precision GC is for. The larger order was not kept: it changes every state count the tests
//! and transcripts pin, with no verdict changed.

use rustc_hash::FxHashMap;

use super::domain::{Control, State, Time, counts_join, counts_leq, store_join, store_leq};
use super::machine::{Machine, Warning};

/// A node of the state graph.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StateId(pub u32);

/// Counters of one exploration (all deterministic but `elapsed`).
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// States in the graph.
    pub states: usize,
    /// Edges in the graph.
    pub edges: usize,
    /// Transitions computed (successors generated, before lookup).
    pub transitions: usize,
    /// Successors that were already in the graph, or subsumed by a state in it.
    pub subsumed: usize,
    /// Join-point states merged into another.
    pub merged: usize,
    /// Wall-clock time (never compared in tests).
    pub elapsed: std::time::Duration,
}

/// The abstract transition graph.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    /// The states, by id.
    pub states: Vec<State>,
    /// Successors of each state, sorted.
    pub succs: Vec<Vec<StateId>>,
    /// The initial state.
    pub root: StateId,
    /// Possible run-time errors, with the state that showed them (sorted, distinct).
    pub warnings: Vec<(StateId, Warning)>,
    /// False if exploration stopped at the state limit (the graph is then only a part).
    pub complete: bool,
    /// Counters.
    pub stats: Stats,
}

impl Graph {
    /// The state with this id.
    pub fn state(&self, id: StateId) -> &State {
        &self.states[id.0 as usize]
    }

    /// Its successors.
    pub fn successors(&self, id: StateId) -> &[StateId] {
        &self.succs[id.0 as usize]
    }

    /// Its predecessors, sorted.
    pub fn predecessors(&self, id: StateId) -> Vec<StateId> {
        (0..self.states.len())
            .filter(|&i| self.succs[i].contains(&id))
            .map(|i| StateId(i as u32))
            .collect()
    }

    /// Every id.
    pub fn ids(&self) -> impl Iterator<Item = StateId> {
        (0..self.states.len() as u32).map(StateId)
    }
}

struct Builder<'m, 'a> {
    machine: &'m mut Machine<'a>,
    graph: Graph,
    index: FxHashMap<State, StateId>,
    by_control: FxHashMap<(Control, Time), Vec<StateId>>,
}

impl Builder<'_, '_> {
    /// The id of `s` (or of a state subsuming it) and whether it is new.
    fn add(&mut self, s: State) -> (StateId, bool) {
        if let Some(&id) = self.index.get(&s) {
            self.graph.stats.subsumed += 1;
            return (id, false);
        }
        let key = (s.control.clone(), s.time);
        if self.machine.options.subsumption
            && let Some(ids) = self.by_control.get(&key)
        {
            for &id in ids {
                let other = &self.graph.states[id.0 as usize];
                if store_leq(&s.store, &other.store) && counts_leq(&s.counts, &other.counts) {
                    self.graph.stats.subsumed += 1;
                    return (id, false);
                }
            }
        }
        let id = StateId(self.graph.states.len() as u32);
        self.index.insert(s.clone(), id);
        self.by_control.entry(key).or_default().push(id);
        self.graph.states.push(s);
        self.graph.succs.push(Vec::new());
        (id, true)
    }

    fn edge(&mut self, from: StateId, to: StateId) {
        let out = &mut self.graph.succs[from.0 as usize];
        if !out.contains(&to) {
            out.push(to);
        }
    }
}

/// Explores the state graph of the machine's program.
pub fn explore(machine: &mut Machine<'_>) -> Graph {
    let start = std::time::Instant::now();
    let max_states = machine.options.max_states;
    let merge = machine.options.merge_joins;
    let initial = machine.initial();
    let mut b = Builder {
        machine,
        graph: Graph { complete: true, ..Graph::default() },
        index: FxHashMap::default(),
        by_control: FxHashMap::default(),
    };
    let (root, _) = b.add(initial);
    b.graph.root = root;
    let mut normal = vec![root];
    let mut expanded: Vec<bool> = Vec::new();
    let mut join: Vec<(StateId, State)> = Vec::new();
    'outer: loop {
        while let Some(id) = normal.pop() {
            let i = id.0 as usize;
            if expanded.len() <= i {
                expanded.resize(i + 1, false);
            }
            if expanded[i] {
                continue;
            }
            expanded[i] = true;
            let state = b.graph.states[i].clone();
            let step = b.machine.step(&state);
            for w in step.warnings {
                b.graph.warnings.push((id, w));
            }
            b.graph.stats.transitions += step.successors.len();
            // Push in reverse so the first successor is explored first (depth-first).
            let mut fresh = Vec::new();
            for succ in step.successors {
                let succ = b.machine.collect(succ);
                if merge && b.machine.applies_join(&succ) {
                    join.push((id, succ));
                    continue;
                }
                let (to, new) = b.add(succ);
                b.edge(id, to);
                if new {
                    fresh.push(to);
                }
            }
            normal.extend(fresh.into_iter().rev());
            if b.graph.states.len() >= max_states {
                b.graph.complete = false;
                break 'outer;
            }
        }
        if join.is_empty() {
            break;
        }
        // Merge the waiting join-point states at the same continuation and time.
        let mut groups: Vec<(State, Vec<StateId>)> = Vec::new();
        for (pred, s) in join.drain(..) {
            match groups.iter_mut().find(|(g, _)| same_join(g, &s)) {
                Some((g, preds)) => {
                    merge_into(g, &s);
                    preds.push(pred);
                    b.graph.stats.merged += 1;
                }
                None => groups.push((s, vec![pred])),
            }
        }
        let mut fresh = Vec::new();
        for (s, preds) in groups {
            let (to, new) = b.add(s);
            for p in preds {
                b.edge(p, to);
            }
            if new {
                fresh.push(to);
            }
        }
        normal.extend(fresh.into_iter().rev());
    }
    let mut graph = b.graph;
    for out in &mut graph.succs {
        out.sort();
    }
    graph.warnings.sort();
    graph.warnings.dedup_by(|a, b| a.1 == b.1);
    graph.stats.states = graph.states.len();
    graph.stats.edges = graph.succs.iter().map(Vec::len).sum();
    graph.stats.elapsed = start.elapsed();
    graph
}

fn same_join(a: &State, b: &State) -> bool {
    match (&a.control, &b.control) {
        (Control::Apply { proc: p, args: x, .. }, Control::Apply { proc: q, args: y, .. }) => {
            p == q && x.len() == y.len() && a.time == b.time
        }
        _ => false,
    }
}

/// `a ⊔= b` for two Apply states of the same procedure.
fn merge_into(a: &mut State, b: &State) {
    if let (Control::Apply { args: xa, refs: ra, .. }, Control::Apply { args: xb, refs: rb, .. }) =
        (&mut a.control, &b.control)
    {
        for (x, y) in xa.iter_mut().zip(xb) {
            x.join(y);
        }
        for (r, s) in ra.iter_mut().zip(rb) {
            if r != s {
                *r = None;
            }
        }
    }
    store_join(&mut a.store, &b.store);
    counts_join(&mut a.counts, &b.counts);
}

//! The must side of the analysis (seed 004, Fig. 6): at each location a set of concrete states
//! each known reachable from the start, because it was produced from a reachable state by one
//! step of the graph. Every state remembers the state and edge it came from and the inputs that
//! edge read, so a state at an error location gives the inputs of a run to it, which the
//! interpreter then replays before anything is reported.
//!
//! The sets only grow. A test (DART's directed run) is one solver step into a new region
//! followed by a concrete run from there, each input and arbitrary value chosen as 0, which is
//! one of the runs the graph allows.

use std::collections::BTreeSet;

use rug::Integer;

use crate::refine::flat::{Action, Flat};

/// At most this many states are kept per location: a must set is an under-approximation, so
/// leaving a state out only leaves the analysis less to build on.
pub const MAX_STATES_PER_LOCATION: usize = 256;

/// At most this many steps in one concrete run.
pub const MAX_RUN_STEPS: usize = 2_000;

/// A concrete state known reachable.
#[derive(Clone, Debug)]
pub struct State {
    /// Its location.
    pub location: usize,
    /// A value per variable of the graph.
    pub values: Vec<Integer>,
    /// The state and edge it came from; `None` for a state at the start location.
    pub from: Option<(usize, usize)>,
    /// The inputs the edge into it read, in order.
    pub inputs: Vec<Integer>,
}

/// The must sets of every location.
#[derive(Clone, Debug)]
pub struct MustSets {
    /// Every state kept, by number.
    pub states: Vec<State>,
    /// The states at each location, in the order found.
    pub at: Vec<Vec<usize>>,
    seen: BTreeSet<(usize, Vec<Integer>)>,
}

impl MustSets {
    /// Empty at every location (the start location's set is every state; the analysis reads it
    /// symbolically).
    pub fn new(flat: &Flat) -> MustSets {
        MustSets {
            states: Vec::new(),
            at: vec![Vec::new(); flat.locations.len()],
            seen: BTreeSet::new(),
        }
    }

    /// Keeps a state a concrete run reached; its number, or `None` when the location already
    /// has it or is full.
    pub fn add(&mut self, state: State) -> Option<usize> {
        if self.at[state.location].len() >= MAX_STATES_PER_LOCATION {
            return None;
        }
        self.add_test(state)
    }

    /// Keeps a state a test stepped into, even at a full location (the test is what moves the
    /// frontier); its number, or `None` when the location already has it.
    pub fn add_test(&mut self, state: State) -> Option<usize> {
        if !self.seen.insert((state.location, state.values.clone())) {
            return None;
        }
        self.states.push(state);
        let id = self.states.len() - 1;
        self.at[self.states[id].location].push(id);
        Some(id)
    }

    /// The edges of the run to a state, in order.
    pub fn edges(&self, mut state: usize) -> Vec<usize> {
        let mut edges = Vec::new();
        while let Some((before, edge)) = self.states[state].from {
            edges.push(edge);
            state = before;
        }
        edges.reverse();
        edges
    }

    /// The inputs read on the way to a state, in order, and the locations passed.
    pub fn history(&self, mut state: usize) -> (Vec<Integer>, Vec<usize>) {
        let mut inputs = Vec::new();
        let mut locations = vec![self.states[state].location];
        while let Some((before, _)) = self.states[state].from {
            let mut read = self.states[state].inputs.clone();
            read.reverse();
            inputs.extend(read);
            state = before;
            locations.push(self.states[state].location);
        }
        inputs.reverse();
        locations.reverse();
        (inputs, locations)
    }
}

/// One concrete step along `edge` from `values`: the next values and the inputs read, each
/// input and arbitrary value chosen as 0; `None` when the edge's condition is false there.
pub fn step(flat: &Flat, edge: usize, values: &[Integer]) -> Option<(Vec<Integer>, Vec<Integer>)> {
    let value = |v: usize| values.get(v).cloned();
    match &flat.edges[edge].action {
        Action::Assume(p) => p.evaluate(&value)?.then(|| (values.to_vec(), Vec::new())),
        Action::Assign(pairs) => {
            let mut next = values.to_vec();
            for (x, l) in pairs {
                next[*x] = match l {
                    Some(l) => l.evaluate(&value)?,
                    None => Integer::new(),
                };
            }
            Some((next, Vec::new()))
        }
        Action::Input(vars) => {
            let mut next = values.to_vec();
            for x in vars.iter().flatten() {
                next[*x] = Integer::new();
            }
            Some((next, vec![Integer::new(); vars.len()]))
        }
    }
}

/// Whether an edge's step is a function of the state alone (no input, no arbitrary value), so
/// that [`step`] gives every successor.
pub fn deterministic(flat: &Flat, edge: usize) -> bool {
    match &flat.edges[edge].action {
        Action::Assume(_) => true,
        Action::Assign(pairs) => pairs.iter().all(|(_, l)| l.is_some()),
        Action::Input(vars) => vars.is_empty(),
    }
}

//! The baseline the paper compares with: counterexample-guided refinement of a finite
//! transition system over the same regions, whose refinement removes initial marks, unsafe
//! marks and edges (`a→b` when the word `ab` is m-spurious) and then splits a region on some
//! path from an initial to an unsafe state, with the same split choice as the language engine.
//! With `maxlen = 2` and no suffix checks the language engine's `L` is exactly the paths of
//! this system, so both split equally often (the paper's §3 claim, a test here).

use std::collections::BTreeSet;

use super::dfa::Symbol;
use super::engine::{Incomplete, Outcome};
use super::oracle::{HybridOracle, Spuriousness, WordOracle};
use super::regions::{LongestSideRoundRobin, Regions, SplitHeuristic};
use super::system::HybridSystem;

/// An abstract transition system over region symbols: all edges between distinct states but
/// the removed ones (every state implicitly loops on itself: flows stay in a region).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TransitionSystem {
    /// The states.
    pub states: Vec<Symbol>,
    /// Edges shown spurious.
    pub removed_edges: BTreeSet<(Symbol, Symbol)>,
    /// States shown to hold no initial state.
    pub not_initial: BTreeSet<Symbol>,
    /// States shown to hold no unsafe state.
    pub not_unsafe: BTreeSet<Symbol>,
}

/// The counters of a baseline run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BaselineStats {
    /// Regions split.
    pub splits: usize,
    /// Edges removed.
    pub edges_removed: usize,
    /// Rounds.
    pub rounds: usize,
}

impl TransitionSystem {
    /// All edges over `states`, every state initial and unsafe.
    pub fn complete(states: Vec<Symbol>) -> TransitionSystem {
        TransitionSystem { states, ..TransitionSystem::default() }
    }

    fn edge(&self, a: Symbol, b: Symbol) -> bool {
        a != b && !self.removed_edges.contains(&(a, b))
    }

    /// Asks the oracle about every mark and every edge left; returns the edges removed.
    pub fn refine(&mut self, oracle: &mut dyn WordOracle) -> usize {
        for &s in &self.states {
            if !self.not_initial.contains(&s)
                && oracle.prefix_spurious(&[s]) == Spuriousness::Spurious
            {
                self.not_initial.insert(s);
            }
            if !self.not_unsafe.contains(&s)
                && oracle.suffix_spurious(&[s]) == Spuriousness::Spurious
            {
                self.not_unsafe.insert(s);
            }
        }
        let mut removed = 0;
        for &a in &self.states {
            for &b in &self.states {
                if self.edge(a, b) && oracle.midfix_spurious(&[a, b]) == Spuriousness::Spurious {
                    self.removed_edges.insert((a, b));
                    removed += 1;
                }
            }
        }
        removed
    }

    fn closure(&self, seeds: Vec<Symbol>, forward: bool) -> BTreeSet<Symbol> {
        let mut seen: BTreeSet<Symbol> = seeds.iter().copied().collect();
        let mut stack = seeds;
        while let Some(s) = stack.pop() {
            for &t in &self.states {
                let connected = if forward { self.edge(s, t) } else { self.edge(t, s) };
                if connected && seen.insert(t) {
                    stack.push(t);
                }
            }
        }
        seen
    }

    /// The states on some path from an initial to an unsafe state, in order.
    pub fn states_on_paths(&self) -> Vec<Symbol> {
        let initial =
            self.states.iter().copied().filter(|s| !self.not_initial.contains(s)).collect();
        let unsafe_states =
            self.states.iter().copied().filter(|s| !self.not_unsafe.contains(s)).collect();
        let forward = self.closure(initial, true);
        let backward = self.closure(unsafe_states, false);
        forward.intersection(&backward).copied().collect()
    }

    /// Splits state `a` into `a` and the fresh `b`: `b` inherits `a`'s marks and removed edges
    /// (its region is part of `a`'s), and the edges between `a` and `b` are present.
    pub fn split(&mut self, a: Symbol, b: Symbol) {
        let inherited: Vec<(Symbol, Symbol)> = self
            .removed_edges
            .iter()
            .filter_map(|&(x, y)| {
                if x == a {
                    Some((b, y))
                } else if y == a {
                    Some((x, b))
                } else {
                    None
                }
            })
            .collect();
        self.removed_edges.extend(inherited);
        if self.not_initial.contains(&a) {
            self.not_initial.insert(b);
        }
        if self.not_unsafe.contains(&a) {
            self.not_unsafe.insert(b);
        }
        self.states.push(b);
    }
}

/// Runs the baseline on a hybrid system until no path from an initial to an unsafe state is
/// left, or `max_splits` splits were made; the oracle uses the simplex when `simplex` is set,
/// as the language engine's does.
pub fn run_baseline(
    system: &HybridSystem,
    max_splits: usize,
    simplex: bool,
) -> (Outcome, BaselineStats) {
    let regions = Regions::initial(system.modes.len(), &system.intervals);
    let mut ts = TransitionSystem::complete(regions.live());
    let mut oracle = HybridOracle::new(system, regions);
    oracle.simplex = simplex;
    let heuristic = LongestSideRoundRobin;
    let mut stats = BaselineStats::default();
    loop {
        stats.rounds += 1;
        stats.edges_removed += ts.refine(&mut oracle);
        let mut candidates = ts.states_on_paths();
        if candidates.is_empty() {
            return (Outcome::Safe, stats);
        }
        if stats.splits >= max_splits {
            return (Outcome::Unknown(Incomplete::SplitLimit(stats.splits)), stats);
        }
        candidates.sort_by(|a, b| {
            oracle.regions.longest_side(*b).total_cmp(&oracle.regions.longest_side(*a))
        });
        let split = candidates.iter().find_map(|&a| {
            oracle.regions.split(a, &heuristic as &dyn SplitHeuristic).map(|b| (a, b))
        });
        let Some((a, b)) = split else { return (Outcome::Unknown(Incomplete::CannotSplit), stats) };
        ts.split(a, b);
        oracle.region_changed(&[a, b]);
        stats.splits += 1;
    }
}

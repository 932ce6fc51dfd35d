//! The may side of the analysis (seed 004, Fig. 5): a partition of the states at each location
//! into regions, and per edge of the graph the set of *absent* pairs of regions, proofs that no
//! state of the first region steps along the edge into the second. The may-edges are every
//! other pair, so the abstract graph over-approximates the program; an abstract path from the
//! start to an error location is what the analysis must either realise or refute.
//!
//! Splitting a region keeps every absent pair it was in for both halves (the rules IMPL-LEFT
//! and IMPL-RIGHT: a pair stays valid for any subset of either side), so absent pairs are
//! never lost. Regions are numbered in creation order and never reused: a split region is
//! retired and its halves are new regions, so what is printed and the order of search are the
//! same on every run.

use std::collections::{BTreeSet, VecDeque};

use crate::refine::flat::Flat;
use crate::refine::formula::Pred;

/// A region: a set of states at one location, given by a formula over the graph's variables.
#[derive(Clone, Debug)]
pub struct Region {
    /// The location.
    pub location: usize,
    /// The states it holds.
    pub formula: Pred,
    /// The region it was split from.
    pub parent: Option<usize>,
    /// Whether it is part of its location's partition now (false once split).
    pub live: bool,
}

/// The partitions of every location and the absent pairs of every edge.
#[derive(Clone, Debug)]
pub struct Partitions {
    /// Every region ever made, by number.
    pub regions: Vec<Region>,
    /// The live regions of each location, in creation order.
    pub at: Vec<Vec<usize>>,
    /// Per edge of the graph, the absent pairs (source region, target region).
    pub absent: Vec<BTreeSet<(usize, usize)>>,
}

/// An abstract path: the regions visited, and the edge taken after each but the last.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbstractPath {
    /// The regions, the first at the start location, the last at an error location.
    pub regions: Vec<usize>,
    /// The graph edges between them.
    pub edges: Vec<usize>,
}

impl Partitions {
    /// Every location one region, `True`; no pair absent (INIT-PI-NE: the error locations'
    /// partition is `{True}` as well, since every state there is an error).
    pub fn new(flat: &Flat) -> Partitions {
        let mut partitions = Partitions {
            regions: Vec::new(),
            at: vec![Vec::new(); flat.locations.len()],
            absent: vec![BTreeSet::new(); flat.edges.len()],
        };
        for location in 0..flat.locations.len() {
            partitions.add(location, Pred::True, None);
        }
        partitions
    }

    fn add(&mut self, location: usize, formula: Pred, parent: Option<usize>) -> usize {
        self.regions.push(Region { location, formula, parent, live: true });
        let id = self.regions.len() - 1;
        self.at[location].push(id);
        id
    }

    /// The number of live regions.
    pub fn live_count(&self) -> usize {
        self.at.iter().map(Vec::len).sum()
    }

    /// Splits `region` into its states where `predicate` holds and where it does not, either
    /// half left out when `empty` says it has no state. Every absent pair of the region is kept
    /// for the halves. Returns the halves (`None` for one left out).
    pub fn split(
        &mut self,
        flat: &Flat,
        region: usize,
        predicate: &Pred,
        empty: &mut dyn FnMut(&Pred) -> bool,
    ) -> (Option<usize>, Option<usize>) {
        let Region { location, formula, .. } = self.regions[region].clone();
        let inside = Pred::and(vec![formula.clone(), predicate.clone()]);
        let outside = Pred::and(vec![formula, predicate.negate()]);
        let inside_empty = empty(&inside);
        let outside_empty = empty(&outside);
        self.regions[region].live = false;
        self.at[location].retain(|&r| r != region);
        let halves: Vec<Option<usize>> = [(inside, inside_empty), (outside, outside_empty)]
            .into_iter()
            .map(|(f, is_empty)| (!is_empty).then(|| self.add(location, f, Some(region))))
            .collect();
        let made: Vec<usize> = halves.iter().flatten().copied().collect();
        for (e, edge) in flat.edges.iter().enumerate() {
            if edge.from != location && edge.to != location {
                continue;
            }
            let pairs: Vec<(usize, usize)> = self.absent[e]
                .iter()
                .filter(|(a, b)| *a == region || *b == region)
                .copied()
                .collect();
            for (a, b) in pairs {
                self.absent[e].remove(&(a, b));
                let sources = if a == region { made.clone() } else { vec![a] };
                let targets = if b == region { made.clone() } else { vec![b] };
                for &s in &sources {
                    for &t in &targets {
                        self.absent[e].insert((s, t));
                    }
                }
            }
        }
        (halves[0], halves[1])
    }

    /// The live region at `location` that holds the state `holds` says it holds, if any.
    pub fn region_of(&self, location: usize, holds: &dyn Fn(&Pred) -> bool) -> Option<usize> {
        self.at[location].iter().copied().find(|&r| holds(&self.regions[r].formula))
    }

    /// A shortest abstract path (breadth first, regions and edges in order) from a region at
    /// the start location to a region at an error location, over may-edges; `None` when every
    /// such path has an absent step (the rule VERIFIED).
    pub fn error_path(&self, flat: &Flat, outgoing: &[Vec<usize>]) -> Option<AbstractPath> {
        let mut came_from: Vec<Option<(usize, usize)>> = vec![None; self.regions.len()];
        let mut seen = vec![false; self.regions.len()];
        let mut queue = VecDeque::new();
        for &r in &self.at[0] {
            seen[r] = true;
            queue.push_back(r);
        }
        while let Some(r) = queue.pop_front() {
            let location = self.regions[r].location;
            if flat.locations[location].error.is_some() {
                let mut regions = vec![r];
                let mut edges = Vec::new();
                let mut at = r;
                while let Some((before, edge)) = came_from[at] {
                    regions.push(before);
                    edges.push(edge);
                    at = before;
                }
                regions.reverse();
                edges.reverse();
                return Some(AbstractPath { regions, edges });
            }
            for &e in &outgoing[location] {
                let to = flat.edges[e].to;
                for &t in &self.at[to] {
                    if !seen[t] && !self.absent[e].contains(&(r, t)) {
                        seen[t] = true;
                        came_from[t] = Some((r, e));
                        queue.push_back(t);
                    }
                }
            }
        }
        None
    }

    /// The live regions reachable over may-edges from the start location's regions.
    pub fn reachable(&self, flat: &Flat, outgoing: &[Vec<usize>]) -> BTreeSet<usize> {
        let mut seen: BTreeSet<usize> = self.at[0].iter().copied().collect();
        let mut work: Vec<usize> = self.at[0].clone();
        while let Some(r) = work.pop() {
            for &e in &outgoing[self.regions[r].location] {
                for &t in &self.at[flat.edges[e].to] {
                    if !self.absent[e].contains(&(r, t)) && seen.insert(t) {
                        work.push(t);
                    }
                }
            }
        }
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::refine::flat::{Action, FlatEdge, FlatLocation};
    use crate::refine::formula::Linear;

    /// Three locations in a row, the last an error location, over one variable `x`.
    fn line() -> Flat {
        let location = |name: &str, error: bool| FlatLocation {
            name: name.into(),
            span: None,
            error: error.then(|| crate::refine::flat::ErrorSite {
                check: crate::hol::Obligation::ErrorUnreachable,
                what: "error".into(),
                span: None,
            }),
            loop_head: false,
        };
        let x = Linear::variable(0);
        let zero = Linear::default();
        let edges = vec![
            FlatEdge { from: 0, to: 1, action: Action::Input(vec![Some(0)]), span: None },
            FlatEdge { from: 1, to: 2, action: Action::Assume(Pred::lt(&x, &zero)), span: None },
        ];
        Flat {
            variables: vec![crate::refine::flat::FlatVariable {
                constant: None,
                name: "x".into(),
                global: false,
                scratch: false,
            }],
            locations: vec![location("init", false), location("l1", false), location("err", true)],
            edges,
            approximations: Vec::new(),
            outgoing: vec![vec![0], vec![1], vec![]],
            unrolling: 0,
            cuts: Vec::new(),
            summaries: Default::default(),
        }
    }

    #[test]
    fn a_split_keeps_every_absent_pair_for_both_halves() {
        let flat = line();
        let mut partitions = Partitions::new(&flat);
        assert_eq!(partitions.live_count(), 3);
        partitions.absent[0].insert((0, 1));
        let x = Linear::variable(0);
        let (inside, outside) =
            partitions.split(&flat, 1, &Pred::lt(&x, &Linear::default()), &mut |_| false);
        let (inside, outside) = (inside.unwrap(), outside.unwrap());
        assert!(!partitions.regions[1].live);
        assert_eq!(partitions.at[1], vec![inside, outside]);
        assert!(partitions.absent[0].contains(&(0, inside)));
        assert!(partitions.absent[0].contains(&(0, outside)));
        assert!(!partitions.absent[0].contains(&(0, 1)));
    }

    #[test]
    fn an_empty_half_is_left_out() {
        let flat = line();
        let mut partitions = Partitions::new(&flat);
        let (inside, outside) = partitions.split(&flat, 1, &Pred::True, &mut |p| *p == Pred::False);
        assert!(inside.is_some());
        assert_eq!(outside, None);
        assert_eq!(partitions.at[1].len(), 1);
    }

    #[test]
    fn an_absent_step_on_every_path_leaves_no_error_path() {
        let flat = line();
        let mut partitions = Partitions::new(&flat);
        let path = partitions.error_path(&flat, &flat.outgoing).unwrap();
        assert_eq!(path.regions, vec![0, 1, 2]);
        assert_eq!(path.edges, vec![0, 1]);
        partitions.absent[1].insert((1, 2));
        assert_eq!(partitions.error_path(&flat, &flat.outgoing), None);
        assert_eq!(partitions.reachable(&flat, &flat.outgoing), BTreeSet::from([0, 1]));
    }
}

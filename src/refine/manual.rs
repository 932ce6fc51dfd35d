//! Refining by hand: the user proposes a predicate at a location, and the engine strengthens
//! the labels of the tree's nodes there with it, where the program allows it.
//!
//! A label may only say what holds on every run along its node's path, and the labels along a
//! path must stay chained (a parent's label and the edge imply the child's), or covering
//! would become unsound. So a proposed predicate is not pasted onto labels: for a node at the
//! location, a path to it is checked together with the predicate's negation. If some run
//! reaches the node with the predicate false, the node is left alone and the report says so.
//! Otherwise the path is refined as an infeasible error path is, with the negated predicate as
//! the error condition: the sequence interpolant strengthens every label on the way, and the
//! node's label becomes its old label and the predicate itself (the interpolant there implies
//! the predicate, so the predicate still follows from the label before it and the edge).
//!
//! Under IMPACT the predicate is also kept for the location (a *hand predicate*), and tried on
//! every node that reaches the location later, when the node is taken from the worklist. The
//! path checked is the shortest that can prove it: from the nearest ancestor at the same
//! location whose label implies the predicate, starting from that label (the predicate is then
//! inductive along that stretch of the path, one iteration of a loop), else from the root.
//! Since every node the predicate holds at gets the predicate itself as its label (not the
//! stronger interpolant), the loop head after one iteration has the label of the one before it
//! and is covered by it: the loop is not unrolled.
//!
//! Error paths through a node that carries its location's hand predicates are refined from the
//! deepest such node whose label alone makes the rest of the path infeasible: the labels up to
//! it are kept (they are already a valid start of a sequence interpolant: each follows from
//! the path before it, and they are chained), and only the part after it gets new
//! interpolants. So a loop head's label stays the hand predicate, and the nodes it covers stay
//! covered. The same holds of a loop head seeded with an invariant found by abstract
//! interpretation ([`super::absint`]): its nodes carry it from their creation. Without either,
//! the engine refines whole paths, as IMPACT does.

use super::RefineError;
use super::path::{self, PathFormula, Solved};
use super::{Engine, Pred, StepReport};
use crate::smt;

/// The branch-and-bound splits a refutation of a path's rest from a seed may take: such a
/// rest starts unconstrained but for the seed, which on address arithmetic (large multiples)
/// can keep branch and bound busy where the whole path is refuted at once.
const SEED_START_SPLITS: u64 = 50;

/// What a hand refinement did at one node.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandOutcome {
    /// The path implies the predicate; the index of the refinement that made the node's label
    /// imply it (in [`Engine::refinements`]), or `None` when the label implied it already.
    Refined(Option<usize>),
    /// A run reaches the node with the predicate false.
    Refuted,
}

impl Engine {
    /// Strengthens the labels of the open nodes at `location` with `predicate`, where every run
    /// along their paths satisfies it; one outcome per node, in node order. Under IMPACT the
    /// predicate is also kept as a hand predicate of the location, and tried on every node that
    /// reaches it later (so the location need not have been reached yet: the outcomes are then
    /// empty). A run that is over is refused, as is an unknown location.
    pub fn strengthen_at(
        &mut self,
        location: usize,
        predicate: &Pred,
    ) -> Result<Vec<(usize, HandOutcome)>, RefineError> {
        if self.verdict.is_some() {
            return Err(RefineError::Refused(
                "the run is over; start another to refine by hand".into(),
            ));
        }
        if location >= self.flat.locations.len() {
            return Err(RefineError::Refused(format!("no location {location}")));
        }
        if self.flat.locations[location].error.is_some() {
            return Err(RefineError::Refused(format!(
                "{} is an error location: a predicate there would only say the check fails",
                self.flat.locations[location].name
            )));
        }
        self.counters.steps += 1;
        let index = match self.hints[location].iter().position(|h| h == predicate) {
            Some(k) => k,
            None => {
                self.hints[location].push(predicate.clone());
                self.hints[location].len() - 1
            }
        };
        let open: Vec<usize> = self.by_location[location]
            .iter()
            .copied()
            .filter(|&n| !self.art.is_closed(n))
            .collect();
        let mut outcomes = Vec::new();
        for n in open {
            // An earlier refinement in this loop may have closed it.
            if self.art.is_closed(n) {
                continue;
            }
            self.hints_tried.insert((n, index));
            outcomes.push((n, self.apply_hand_predicate(n, predicate)?));
        }
        Ok(outcomes)
    }

    /// The hand predicates kept per location (IMPACT), only locations with some, by location,
    /// each list in the order given.
    pub fn hand_predicates(&self) -> Vec<(usize, Vec<Pred>)> {
        self.hints
            .iter()
            .enumerate()
            .filter(|(_, hs)| !hs.is_empty())
            .map(|(l, hs)| (l, hs.clone()))
            .collect()
    }

    /// Tries the hand predicates of `v`'s location not yet tried on `v`, in the order given,
    /// until one strengthens labels: that is the step ([`StepReport::HandPredicate`]), and `v`
    /// goes back on the worklist to be covered or expanded by the next step. `None` when no
    /// hand predicate changed anything.
    pub(super) fn try_hand_predicates(
        &mut self,
        v: usize,
    ) -> Result<Option<StepReport>, RefineError> {
        let location = self.art.nodes[v].location;
        for (k, h) in self.hints[location].clone().into_iter().enumerate() {
            if !self.hints_tried.insert((v, k)) {
                continue;
            }
            if let HandOutcome::Refined(Some(index)) = self.apply_hand_predicate(v, &h)? {
                self.worklist.push(v);
                return Ok(Some(StepReport::HandPredicate(index)));
            }
        }
        Ok(None)
    }

    /// Makes `n`'s label imply `predicate` when every run along its path satisfies it: from the
    /// nearest ancestor at the same location whose label implies the predicate (it is then
    /// inductive along the stretch between them), else along the whole path.
    fn apply_hand_predicate(
        &mut self,
        n: usize,
        predicate: &Pred,
    ) -> Result<HandOutcome, RefineError> {
        if self.implies(&self.art.nodes[n].label.clone(), predicate)? {
            return Ok(HandOutcome::Refined(None));
        }
        let nodes = self.art.path_to(n);
        let location = self.art.nodes[n].location;
        let mut starts = Vec::new();
        for (position, &m) in nodes.iter().enumerate().rev().skip(1) {
            if self.art.nodes[m].location == location
                && self.implies(&self.art.nodes[m].label.clone(), predicate)?
            {
                starts.push(position);
                break;
            }
        }
        starts.push(0);
        for start in starts {
            let Some(mut interpolants) =
                self.interpolants_from(&nodes, start, Some(predicate), None)?
            else {
                continue;
            };
            // The interpolant at `n` implies the predicate, and so the predicate itself follows
            // from the label before it and the edge: `n` gets exactly the predicate (with its
            // old label), so that the next node at the location, given the same, is covered.
            *interpolants.last_mut().expect("a path to a node past the root") = predicate.clone();
            let edges = self.path_edges(&nodes);
            let mut formula = PathFormula::encode(&self.flat, &edges);
            let end = formula.current.last().expect("a path has a start").clone();
            formula.parts.push(predicate.negate().rename(&|v| end[v]));
            formula.current.push(end);
            let index = self.refine(nodes.clone(), &formula, interpolants)?;
            let refinement = &mut self.refinements[index];
            refinement.hand_predicate = Some(predicate.clone());
            refinement.interpolated_from = (start > 0).then_some(nodes[start]);
            return Ok(HandOutcome::Refined(Some(index)));
        }
        Ok(HandOutcome::Refuted)
    }

    /// Interpolants for the error path `nodes` (root first) when a node on it carries its
    /// location's hand predicates or seed: from the deepest such node whose label makes the rest of
    /// the path infeasible, the labels up to it kept. `None` when there is no such node (the
    /// whole path is then interpolated, as always).
    pub(super) fn interpolants_below_known_invariants(
        &mut self,
        nodes: &[usize],
    ) -> Result<Option<(usize, Vec<Pred>)>, RefineError> {
        let mut seeds_tried = true;
        // Neither the root nor the error node itself.
        for position in (1..nodes.len().saturating_sub(1)).rev() {
            let m = nodes[position];
            let location = self.art.nodes[m].location;
            let hints = &self.hints[location];
            if !hints.is_empty() {
                let all = Pred::and(hints.clone());
                if self.implies(&self.art.nodes[m].label.clone(), &all)?
                    && let Some(interpolants) =
                        self.interpolants_from(nodes, position, None, None)?
                {
                    return Ok(Some((m, interpolants)));
                }
            }
            // A seed holds at every visit of its loop head: when it alone refutes the rest of
            // the path, the rest's labels follow from it, and the next visit (which starts
            // from the seed too) is covered. A label that refutes the rest only with what
            // earlier refinements added is no such start: the whole path is refined then, so
            // that those earlier visits are strengthened as IMPACT does.
            // The rest alone, its start unconstrained but for the seed, can be harder for
            // branch and bound than the whole path (memory addresses are large multiples):
            // once the SMT core gives up on one, no further seed is tried for this path,
            // which is then refined whole.
            let seed = self.seeds[location].clone();
            if seed != Pred::True && seeds_tried {
                match self.interpolants_from(nodes, position, None, Some(&seed)) {
                    Ok(Some(interpolants)) => return Ok(Some((m, interpolants))),
                    Ok(None) => {}
                    Err(RefineError::Incomplete(_)) => seeds_tried = false,
                    Err(other) => return Err(other),
                }
            }
        }
        Ok(None)
    }

    /// A sequence interpolant for the path `nodes` (root first), one formula per node after
    /// the root, made of the labels of the nodes up to `nodes[start]` and, after it, the
    /// interpolants of the rest of the path started from `nodes[start]`'s label, or from
    /// `start_from` when given (which the label must imply), and ended by the negation of
    /// `goal`, when given (the last formula then implies `goal`). `None` when that rest is
    /// satisfiable.
    ///
    /// Why the labels may stand for interpolants: each label holds on every run along its
    /// node's path, and consecutive labels are chained, so they are what a sequence interpolant
    /// of the path's start must be; the rest's interpolants chain from the last of them.
    fn interpolants_from(
        &mut self,
        nodes: &[usize],
        start: usize,
        goal: Option<&Pred>,
        start_from: Option<&Pred>,
    ) -> Result<Option<Vec<Pred>>, RefineError> {
        let mut rest = self.encode_path(&nodes[start..]);
        let first = rest.current[0].clone();
        let label = start_from.unwrap_or(&self.art.nodes[nodes[start]].label).rename(&|v| first[v]);
        rest.parts.insert(0, label);
        rest.current.insert(0, first);
        if let Some(goal) = goal {
            let end = rest.current.last().expect("a path has a start").clone();
            rest.parts.push(goal.negate().rename(&|v| end[v]));
            rest.current.push(end);
        }
        self.counters.smt_calls += 1;
        // Starting from a seed is an option, not a duty: it gives up early.
        let splits = if start_from.is_some() { SEED_START_SPLITS } else { smt::MAX_SPLITS };
        let deadline = self.limits.deadline(&self.started);
        if let Solved::Sat(_) =
            path::solve_within(rest.ssa.len(), &rest.parts, &mut self.stats, splits, &deadline)?
        {
            return Ok(None);
        }
        self.counters.smt_calls += 1;
        let mut cuts = path::interpolate(&self.flat, &rest, &mut self.stats, &deadline)?;
        if goal.is_some() {
            // The cut after the negated goal is `False`; the one before it is at the last node.
            cuts.pop();
        }
        // `cuts[0]` is at `nodes[start]`, whose label it is implied by; `cuts[i]` at
        // `nodes[start + i]`.
        let mut out: Vec<Pred> =
            nodes[1..=start].iter().map(|&m| self.art.nodes[m].label.clone()).collect();
        out.extend(cuts.into_iter().skip(1));
        Ok(Some(out))
    }
}

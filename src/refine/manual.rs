//! Refining by hand: the user proposes a predicate at a location, and the engine strengthens
//! the labels of the tree's nodes there with it, where the program allows it.
//!
//! A label may only say what holds on every run along its node's path, and the labels along a
//! path must stay chained (a parent's label and the edge imply the child's), or covering
//! would become unsound. So a proposed predicate is not pasted onto labels: for each open
//! node at the location, the path to it is checked together with the predicate's negation.
//! If some run reaches the node with the predicate false, the node is left alone and the
//! report says so. Otherwise the path is refined exactly as an infeasible error path is, with
//! the negated predicate as the error condition: the sequence interpolant strengthens every
//! label on the way, and the node's label then implies the predicate. Coverings are undone and
//! redone as after any refinement.

use super::RefineError;
use super::path::{self, PathFormula, Solved};
use super::{Engine, Pred};

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
    /// along their paths satisfies it; one outcome per node, in node order. A run that is over
    /// is refused, as is a location the tree has not reached.
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
        let open: Vec<usize> = self.by_location[location]
            .iter()
            .copied()
            .filter(|&n| !self.art.is_closed(n))
            .collect();
        if open.is_empty() {
            return Err(RefineError::Refused(format!(
                "no open node at {} (the tree has not reached it, or every node there is \
                 covered or unreachable)",
                self.flat.locations[location].name
            )));
        }
        self.counters.steps += 1;
        let mut outcomes = Vec::new();
        for n in open {
            // An earlier refinement in this loop may have closed it.
            if self.art.is_closed(n) {
                continue;
            }
            if self.implies(&self.art.nodes[n].label.clone(), predicate)? {
                outcomes.push((n, HandOutcome::Refined(None)));
                continue;
            }
            let nodes = self.art.path_to(n);
            let edges = self.path_edges(&nodes);
            let mut formula = PathFormula::encode(&self.flat, &edges);
            let end = formula.current.last().expect("a path has a start").clone();
            formula.parts.push(predicate.negate().rename(&|v| end[v]));
            formula.current.push(end);
            self.counters.smt_calls += 1;
            match path::solve(formula.ssa.len(), &formula.parts, &mut self.stats)? {
                Solved::Sat(_) => outcomes.push((n, HandOutcome::Refuted)),
                Solved::Unsat(_) => {
                    self.counters.smt_calls += 1;
                    let mut interpolants =
                        path::interpolate(&self.flat, &formula, &mut self.stats)?;
                    // The last cut is after the negated predicate (`False`); the one before it,
                    // at the node, implies the predicate.
                    interpolants.pop();
                    let index = self.refine(nodes, &formula, interpolants)?;
                    outcomes.push((n, HandOutcome::Refined(Some(index))));
                }
            }
        }
        Ok(outcomes)
    }
}

//! Predicate abstraction as the engine's second abstract domain (BLAST's lazy abstraction,
//! cartesian abstraction over per-location predicates), beside IMPACT's interpolant labels.
//!
//! The precision is a list of predicates per location, empty at first. A new node's label is
//! the cartesian abstraction of the post of its parent's label along its edge: for each
//! predicate of its location, the predicate when the post implies it, its negation when the
//! post implies that, nothing otherwise (each decided by the SMT core, and remembered). The
//! root is `True`. Covering, the check of an error path, the counterexample replay and the
//! inductive certificate are IMPACT's ([`super::Engine`]).
//!
//! A spurious error path is refined by adding the conjuncts of its sequence interpolant as
//! predicates at the locations along the path (a conjunct that is a disjunction is kept whole:
//! the cartesian abstraction could not rebuild it from its atoms, and the refinement would not
//! exclude the path). The tree is then cut at the first node of the path whose label does not
//! imply its interpolant (a node at a location that just got a predicate, or one labelled
//! before an earlier refinement added one there): every node below it is marked dead (kept in
//! [`super::Art::nodes`] so that node numbers stay stable and deterministic, but no longer part
//! of the tree, never shown by [`super::Engine::art_text`], and counted apart), its label is
//! recomputed with the new precision and it is explored again. Re-exploring the same path then
//! gives every node a label implying its interpolant, so the error node's is `False` and the
//! same path is never refined twice.

use super::RefineError;
use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use super::formula::Pred;
use super::path::{self, PathFormula, Solved};
use super::{Engine, Refinement};

/// The abstract domain of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Domain {
    /// Lazy abstraction with interpolants (McMillan, CAV 2006): labels are conjunctions of
    /// interpolants, strengthened along each spurious path.
    #[default]
    Impact,
    /// Predicate abstraction (BLAST): labels are cartesian abstractions over per-location
    /// predicates, which the interpolants of each spurious path extend.
    Predicates,
    /// Language-based refinement (Klaedtke, Ratschan and She): a regular language of
    /// (location, region) words, m-spurious factors removed, regions split by interpolants
    /// ([`super::language`]). It runs its own engine, not the tree of [`Engine`].
    Language,
}

impl fmt::Display for Domain {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Domain::Impact => "impact",
            Domain::Predicates => "predicates",
            Domain::Language => "language",
        })
    }
}

// A message, not an error type: clap parses `--domain` (`craig cegar`, the prompt's `cegar`)
// with this and only displays the error after the option and the value, so nothing asks why.
impl FromStr for Domain {
    type Err = String;

    fn from_str(s: &str) -> Result<Domain, String> {
        match s {
            "impact" => Ok(Domain::Impact),
            "predicates" => Ok(Domain::Predicates),
            "language" => Ok(Domain::Language),
            other => {
                Err(format!("unknown domain `{other}` (domains: impact, predicates, language)"))
            }
        }
    }
}

impl Engine {
    /// The predicates per location, only locations with some, by location. For the
    /// predicates domain, the precision (in the order the predicates were added); for IMPACT,
    /// the distinct atoms of the labels of the live nodes at each location (the predicates its
    /// interpolants introduced), in node order.
    pub fn predicates(&self) -> Vec<(usize, Vec<Pred>)> {
        match self.domain {
            Domain::Predicates => self
                .precision
                .iter()
                .enumerate()
                .filter(|(_, ps)| !ps.is_empty())
                .map(|(l, ps)| (l, ps.clone()))
                .collect(),
            // The tree engine never runs the language domain ([`Engine::configured`] refuses).
            Domain::Impact | Domain::Language => {
                let mut out = Vec::new();
                for (l, nodes) in self.by_location.iter().enumerate() {
                    let mut atoms = Vec::new();
                    for &n in nodes {
                        collect_atoms(&self.art.nodes[n].label, &mut atoms);
                    }
                    if !atoms.is_empty() {
                        out.push((l, atoms));
                    }
                }
                out
            }
        }
    }

    /// Adds predicates to `location`'s precision by hand (the predicates domain only), then
    /// cuts the subtrees below the live nodes at that location and re-opens those nodes with
    /// labels recomputed under the new precision. Returns the re-opened nodes, ascending (none
    /// when every predicate was known already). A finished run resumes: its verdict is dropped
    /// and the next step explores the re-opened nodes.
    pub fn add_predicates_to_precision(
        &mut self,
        location: usize,
        preds: Vec<Pred>,
    ) -> Result<Vec<usize>, RefineError> {
        if self.domain != Domain::Predicates {
            return Err(RefineError::Refused(format!(
                "the {} domain has no precision to add predicates to (use the predicates domain)",
                self.domain
            )));
        }
        if location >= self.flat.locations.len() {
            return Err(RefineError::Refused(format!(
                "no location {location} (the program has {} locations)",
                self.flat.locations.len()
            )));
        }
        let mut added = false;
        for p in preds {
            added |= self.add_predicate(location, p);
        }
        if !added {
            return Ok(Vec::new());
        }
        let mut reopened = Vec::new();
        for n in self.by_location[location].clone() {
            // A node at the same location below one re-opened before is dead by now.
            if self.art.nodes[n].dead {
                continue;
            }
            self.reopen(n)?;
            reopened.push(n);
        }
        self.verdict = None;
        Ok(reopened)
    }

    /// Adds `p` to `location`'s precision unless it (or its negation, which the cartesian
    /// abstraction tracks as well) is there, or it is `True`; whether it was added.
    fn add_predicate(&mut self, location: usize, p: Pred) -> bool {
        if p == Pred::True {
            return false;
        }
        let known = &self.precision[location];
        if known.contains(&p) || known.contains(&p.negate()) {
            return false;
        }
        self.precision[location].push(p);
        true
    }

    /// The cartesian abstraction of the post of `before` along `edge`, over the predicates of
    /// the edge's target. The predicate `False` (from an interpolant that is `False` there)
    /// asks whether the post is empty, and then the label is `False`.
    pub(super) fn abstract_post(
        &mut self,
        before: &Pred,
        edge: usize,
    ) -> Result<Pred, RefineError> {
        let location = self.flat.edges[edge].to;
        let predicates = self.precision[location].clone();
        if predicates.is_empty() {
            return Ok(Pred::True);
        }
        let formula = PathFormula::encode(&self.flat, &[edge]);
        let start = before.rename(&|v| formula.current[0][v]);
        let transition = formula.parts[0].clone();
        let mut kept = Vec::new();
        // `False` first: an empty post needs no other question.
        let mut ordered: Vec<&Pred> = predicates.iter().filter(|p| **p == Pred::False).collect();
        ordered.extend(predicates.iter().filter(|p| **p != Pred::False));
        for p in ordered {
            let key = (before.clone(), edge, p.clone());
            let decided = match self.abstractions.get(&key) {
                Some(known) => *known,
                None => {
                    let after = p.rename(&|v| formula.current[1][v]);
                    let assertions = [start.clone(), transition.clone()];
                    let decided = if self.entails(&formula, &assertions, &after)? {
                        Some(true)
                    } else if *p != Pred::False
                        && self.entails(&formula, &assertions, &after.negate())?
                    {
                        Some(false)
                    } else {
                        None
                    };
                    self.abstractions.insert(key, decided);
                    decided
                }
            };
            let conjunct = match decided {
                Some(true) if *p == Pred::False => return Ok(Pred::False),
                Some(true) => p.clone(),
                Some(false) => p.negate(),
                None => continue,
            };
            // Two predicates may abstract to the same conjunct (a disjunction's negation can
            // be another predicate): keep one.
            if !kept.contains(&conjunct) {
                kept.push(conjunct);
            }
        }
        Ok(Pred::and(kept))
    }

    /// Whether the conjunction of `assertions` implies `goal`, all over the SSA variables of
    /// `formula`: one SMT call.
    fn entails(
        &mut self,
        formula: &PathFormula,
        assertions: &[Pred],
        goal: &Pred,
    ) -> Result<bool, RefineError> {
        let mut query = assertions.to_vec();
        query.push(goal.negate());
        self.counters.smt_calls += 1;
        // A question the SMT core gives up on leaves the predicate out of the abstract post:
        // weaker, never unsound.
        match path::solve(formula.ssa.len(), &query, &mut self.stats) {
            Ok(solved) => Ok(matches!(solved, Solved::Unsat(_))),
            Err(RefineError::Incomplete(_)) => Ok(false),
            Err(e) => Err(e),
        }
    }

    /// Refines the predicates domain along the spurious path `nodes` with its interpolants:
    /// adds their conjuncts as predicates, then cuts and re-opens the first node whose label
    /// does not imply its interpolant.
    pub(super) fn refine_predicates(
        &mut self,
        nodes: Vec<usize>,
        formula: &PathFormula,
        interpolants: Vec<Pred>,
    ) -> Result<usize, RefineError> {
        self.counters.refinements += 1;
        let mut added: BTreeMap<usize, Vec<Pred>> = BTreeMap::new();
        for (k, interpolant) in interpolants.iter().enumerate() {
            let location = self.art.nodes[nodes[k + 1]].location;
            for conjunct in interpolant.conjuncts() {
                if self.add_predicate(location, conjunct.clone()) {
                    added.entry(location).or_default().push(conjunct);
                }
            }
        }
        let mut cut_at = None;
        for (k, interpolant) in interpolants.iter().enumerate() {
            let n = nodes[k + 1];
            let label = self.art.nodes[n].label.clone();
            if !self.implies(&label, interpolant)? {
                cut_at = Some(n);
                break;
            }
        }
        let Some(c) = cut_at else {
            return Err(RefineError::Internal(
                "a refined path whose labels already exclude it".into(),
            ));
        };
        let before = self.art.nodes[c].label.clone();
        let (cut, uncovered) = self.reopen(c)?;
        let strengthened = if self.art.nodes[c].label != before { vec![c] } else { Vec::new() };
        let names = |s: usize| formula.ssa_name(&self.flat, s);
        let printed: Vec<String> = formula.parts.iter().map(|p| p.show(&names)).collect();
        self.refinements.push(Refinement {
            step: self.counters.steps,
            path: nodes,
            formula: printed,
            interpolants,
            strengthened,
            uncovered,
            covered: Vec::new(),
            predicates_added: added.into_iter().collect(),
            reopened: Some(c),
            cut,
            hand_predicate: None,
            interpolated_from: None,
        });
        Ok(self.refinements.len() - 1)
    }

    /// Cuts the subtree below `c` (its descendants are marked dead), recomputes `c`'s label
    /// under the current precision and puts it back on the worklist. Coverings by dead nodes,
    /// and by `c` when its label changed, are undone. Returns the nodes cut and the nodes
    /// uncovered, ascending.
    fn reopen(&mut self, c: usize) -> Result<(Vec<usize>, Vec<usize>), RefineError> {
        let mut cut = Vec::new();
        let mut stack = self.art.nodes[c].children.clone();
        while let Some(n) = stack.pop() {
            stack.extend(self.art.nodes[n].children.iter().copied());
            cut.push(n);
        }
        cut.sort_unstable();
        for &n in &cut {
            self.art.nodes[n].dead = true;
            let location = self.art.nodes[n].location;
            self.by_location[location].retain(|&m| m != n);
        }
        let node = &mut self.art.nodes[c];
        node.children.clear();
        node.expanded = false;
        node.covered_by = None;
        let old = node.label.clone();
        let label = match (node.parent, node.edge) {
            (Some(p), Some(e)) => {
                let parent = self.art.nodes[p].label.clone();
                self.abstract_post(&parent, e)?
            }
            _ => Pred::True,
        };
        let changed = label != old;
        self.art.nodes[c].label = label;
        let stale: Vec<usize> = (0..self.art.nodes.len())
            .filter(|&x| {
                !self.art.nodes[x].dead
                    && self.art.nodes[x]
                        .covered_by
                        .is_some_and(|w| self.art.nodes[w].dead || (changed && w == c))
            })
            .collect();
        for &x in &stale {
            self.uncover(x);
        }
        self.worklist.push(c);
        Ok((cut, stale))
    }
}

/// Appends the atoms of `p` not yet in `out`.
fn collect_atoms(p: &Pred, out: &mut Vec<Pred>) {
    match p {
        Pred::True | Pred::False => {}
        Pred::Atom(..) => {
            if !out.contains(p) {
                out.push(p.clone());
            }
        }
        Pred::And(ps) | Pred::Or(ps) => ps.iter().for_each(|q| collect_atoms(q, out)),
    }
}

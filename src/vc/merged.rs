//! The merged encoding, for procedures with too many paths to enumerate: every location gets a
//! reachability constant, and every check one sequent that covers all paths to it, so the size
//! stays linear in the procedure.
//!
//! The graph is made acyclic the way Boogie does it: a loop's back edges end at the check of its
//! invariant, and its head joins only the edges that enter the loop; at the head the variables
//! the loop changes get new versions and the invariant is assumed. Then, in topological order,
//! each location `n` is given the state after its incoming edges (a variable that differs among
//! them gets a new version, set equal to each edge's value on that edge) and a constant
//! `reach@n` with the hypothesis
//!
//! ```text
//! reach@n --> (reach@p1 & facts of p1->n) | (reach@p2 & facts of p2->n) | ...
//! ```
//!
//! A check on an edge `p -> n` is proved from the definitions of `p`'s ancestors, `reach@p` and
//! the edge's own facts before the check. Every real execution reaching the check makes the
//! `reach` constants of its locations true and satisfies the facts of its edges, so a proof of
//! the sequent covers every path; nothing is duplicated, so the formulas stay linear.

use std::collections::BTreeSet;

use rustc_hash::FxHashMap;

use super::passive::{Generator, PathState};
use crate::hol::build;
use crate::hol::{ConstId, Hypothesis, HypothesisKind, Obligation, ProgramFact, TermId, TyNode};
use crate::ir::Loc;

/// What is known at a location: the state after the join and the hypotheses a check there
/// assumes (the ancestors' definitions, and that the location is reached).
struct Reached {
    now: FxHashMap<ConstId, TermId>,
    context: Vec<Hypothesis>,
    /// The constant saying the location is reached (`reach_l<N>`); `None` at the entry, which
    /// is reached whenever the procedure runs.
    reach: Option<TermId>,
}

impl Generator<'_> {
    /// Every check of the procedure, one sequent each, from the entry state `entry`.
    pub(super) fn run_merged(&mut self, entry: PathState) {
        let n = self.cfg.locations.len();
        let back: BTreeSet<usize> = self.back_edges.iter().copied().collect();
        let order = self.topological_order(&back);
        let mut reached: Vec<Option<Reached>> = (0..n).map(|_| None).collect();
        let entry_loc = self.cfg.entry.0 as usize;
        let mut base = entry.prefix.clone();
        base.extend(entry.facts.iter().cloned());
        for at in order {
            let loc = Loc(at as u32);
            let (mut state, reach) = if at == entry_loc {
                let mut s = PathState::at(entry.now.clone(), base.clone());
                s.instances = entry.instances.clone();
                (s, None)
            } else {
                match self.join(loc, &back, &reached) {
                    Some((s, reach)) => (s, Some(reach)),
                    None => continue,
                }
            };
            if self.cut[at] {
                self.enter_loop_merged(&mut state, loc);
            }
            if loc == self.cfg.exit {
                self.check_exit(&state, None);
            }
            let context = state.prefix.clone();
            reached[at] = Some(Reached { now: state.now, context, reach });
            // The loop's back edges from here end at the check of its invariant.
            let edges: Vec<(usize, crate::ir::Edge)> = self
                .cfg
                .edges
                .iter()
                .enumerate()
                .filter(|(i, e)| e.from == loc && back.contains(i))
                .map(|(i, e)| (i, e.clone()))
                .collect();
            for (_, edge) in edges {
                let here = reached[at].as_ref().expect("just set");
                let mut s = PathState::at(here.now.clone(), here.context.clone());
                self.apply(&mut s, &edge);
                self.check_invariants(&s, edge.to, Obligation::LoopInvariantPreserved, Some(&edge));
            }
        }
    }

    /// Locations in an order where every forward edge goes from earlier to later.
    fn topological_order(&self, back: &BTreeSet<usize>) -> Vec<usize> {
        let n = self.cfg.locations.len();
        let mut indegree = vec![0usize; n];
        for (i, e) in self.cfg.edges.iter().enumerate() {
            if !back.contains(&i) {
                indegree[e.to.0 as usize] += 1;
            }
        }
        // Lowest location first among the ready ones, so the order is deterministic.
        let mut ready: BTreeSet<usize> = (0..n).filter(|&i| indegree[i] == 0).collect();
        let mut order = Vec::new();
        while let Some(&x) = ready.iter().next() {
            ready.remove(&x);
            order.push(x);
            for (i, e) in self.cfg.edges.iter().enumerate() {
                if e.from.0 as usize == x && !back.contains(&i) {
                    let to = e.to.0 as usize;
                    indegree[to] -= 1;
                    if indegree[to] == 0 {
                        ready.insert(to);
                    }
                }
            }
        }
        order
    }

    /// The state at `loc` after its incoming (forward) edges, with `reach@loc` defined, and that
    /// constant; `None` when no incoming edge starts at a reached location.
    fn join(
        &mut self,
        loc: Loc,
        back: &BTreeSet<usize>,
        reached: &[Option<Reached>],
    ) -> Option<(PathState, TermId)> {
        let incoming: Vec<crate::ir::Edge> = self
            .cfg
            .edges
            .iter()
            .enumerate()
            .filter(|(i, e)| e.to == loc && !back.contains(i))
            .map(|(_, e)| e.clone())
            .collect();
        // Each incoming edge's effect from its source.
        let mut arms: Vec<(TermId, PathState)> = Vec::new();
        let mut context: Vec<Hypothesis> = Vec::new();
        let mut seen_names: BTreeSet<String> = BTreeSet::new();
        for edge in &incoming {
            let Some(from) = &reached[edge.from.0 as usize] else { continue };
            let mut s = PathState::at(from.now.clone(), from.context.clone());
            self.apply(&mut s, edge);
            if self.cut[loc.0 as usize] {
                self.check_invariants(&s, loc, Obligation::LoopInvariantEntry, Some(edge));
            }
            let reach_from = match from.reach {
                Some(reach) => reach,
                None => build::truth(&mut self.program.bank, true, self.procedure.span),
            };
            // The union of the sources' contexts: each hypothesis once.
            for h in &from.context {
                if seen_names.insert(h.name.clone()) {
                    context.push(h.clone());
                }
            }
            arms.push((reach_from, s));
        }
        if arms.is_empty() {
            return None;
        }
        // Variables whose versions differ get a new one, equal to each arm's value on its arm.
        let mut now = arms[0].1.now.clone();
        let mut vars: Vec<ConstId> = now.keys().copied().collect();
        vars.sort_unstable();
        let mut joined_vars = Vec::new();
        for var in vars {
            let values: Vec<TermId> = arms.iter().map(|(_, s)| s.now[&var]).collect();
            if values.iter().all(|v| *v == values[0]) {
                continue;
            }
            joined_vars.push(var);
            let joined = self.new_version(var);
            now.insert(var, joined);
            for (_, s) in arms.iter_mut() {
                let eq = build::eq(&mut self.program.bank, joined, s.now[&var]);
                self.assume(s, eq, ProgramFact::Statement, None);
            }
        }
        // reach@loc --> OR over arms of (reach@from & the arm's facts).
        let span = self.cfg.location(loc).span.unwrap_or(self.procedure.span);
        let bool_ty = self.program.bank.ty(TyNode::Bool);
        let reach = self.fresh_constant(&format!("reach.l{}", loc.0), bool_ty);
        let mut disjuncts = Vec::new();
        for (reach_from, s) in &arms {
            let mut parts = vec![*reach_from];
            parts.extend(s.facts.iter().map(|h| h.formula));
            disjuncts.push(build::and_all(&mut self.program.bank, &parts, span));
        }
        let mut any = disjuncts.pop().expect("at least one arm");
        while let Some(d) = disjuncts.pop() {
            any = build::or(&mut self.program.bank, d, any);
        }
        let definition = build::implies(&mut self.program.bank, reach, any);
        let def_name = format!("reach_l{}_def", loc.0);
        context.push(Hypothesis {
            name: def_name,
            formula: definition,
            type_params: Vec::new(),
            kind: HypothesisKind::Program(ProgramFact::Branch),
            span: self.cfg.location(loc).span,
        });
        context.push(Hypothesis {
            name: format!("reach_l{}", loc.0),
            formula: reach,
            type_params: Vec::new(),
            kind: HypothesisKind::Program(ProgramFact::Branch),
            span: self.cfg.location(loc).span,
        });
        let mut state = PathState::at(now, context);
        // State facts were instantiated on each arm; the joined versions get their own.
        self.instantiate_state_facts(&mut state, &joined_vars);
        let facts = std::mem::take(&mut state.facts);
        state.prefix.extend(facts);
        Some((state, reach))
    }

    /// At a loop head: the loop's variables get new versions and its invariant is assumed, as
    /// hypotheses of everything after the head.
    fn enter_loop_merged(&mut self, state: &mut PathState, head: Loc) {
        self.enter_loop(state, head);
        let facts = std::mem::take(&mut state.facts);
        state.prefix.extend(facts);
    }
}

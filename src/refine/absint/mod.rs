//! Invariants found before refinement starts, by abstract interpretation of the inlined graph:
//! intervals (with widening to the program's own constants, then narrowing) and affine
//! equalities (Karr), computed apart and conjoined per location.
//!
//! Why: interpolants describe the one path they come from, so a loop whose bound is a large
//! constant is unrolled one visit at a time (`i = 0`, then `i = 1`, ...). An invariant that
//! holds at every visit (`0 <= i <= 1000000`, `s = 2*i`) lets the engine close the loop at the
//! second visit. The refinement engine starts the labels of its nodes at loop heads with these
//! invariants, conjoins them to path formulas there, and refines the rest of an error path from
//! the deepest loop head whose invariant already excludes it ([`super::Engine`]).
//!
//! Nothing here is trusted: the invariants become part of the labels, and the labels are
//! confirmed inductive edge by edge by the SMT core before a `Safe` answer is given. A flaw in
//! this analysis can cost an answer (`Unknown`), never make a wrong one.

mod equalities;
mod intervals;

use std::collections::BTreeSet;

use equalities::Equalities;
use intervals::{Intervals, Thresholds};

use super::flat::{Action, Flat};
use super::formula::Pred;

/// The analysis is skipped on graphs where a state per location would exceed this many
/// variable slots (its cost is about that, per pass).
const MAX_SLOTS: usize = 4_000_000;

/// The most work one domain's fixpoint may do, in the units of [`AbstractState::cost`]:
/// past it the analysis is skipped (the engine starts from `True`, as with
/// `--no-invariants`). A count, not a clock, so that the same program gets the same answer;
/// the largest of `bench/svcomp.py`'s generated tasks needs a fifteenth of it, about a second
/// of this machine's time for the whole budget where the conditions are long.
const WORK_BUDGET: u64 = 400_000_000;

/// Descending passes after the widened fixpoint.
const NARROWING_PASSES: usize = 2;

/// A lattice element of an abstract domain over the graph's variables (`None` stands for
/// bottom, no state, wherever one is passed around).
pub(crate) trait AbstractState: Clone + PartialEq + Sized {
    /// What widening needs to know of the program.
    type Context;
    /// Every state.
    fn top(variables: usize) -> Self;
    /// The least element above both.
    fn join(&self, other: &Self) -> Self;
    /// An element above both that makes ascending chains finite.
    fn widen(&self, next: &Self, context: &Self::Context) -> Self;
    /// The states an edge's action leads to from these; `None` when none.
    fn post(&self, action: &Action) -> Option<Self>;
    /// The element as a formula over the graph's variables.
    fn to_pred(&self) -> Pred;
    /// A bound, in some unit of work, on what [`AbstractState::post`] of `action` costs in a
    /// graph of `variables` variables (see [`WORK_BUDGET`]).
    fn cost(action: &Action, variables: usize) -> u64;
}

/// What the analysis found.
#[derive(Clone, Debug)]
pub struct Invariants {
    /// Per location, what holds whenever a run reaches it (`False` where none does, `True`
    /// where nothing is known).
    pub at: Vec<Pred>,
    /// The locations where a cycle of the graph is entered (the widening points), ascending:
    /// where the refinement engine uses the invariants.
    pub loop_heads: Vec<usize>,
    /// Why the affine equalities were left out (the intervals alone found `at`), if they were.
    pub without_equalities: Option<String>,
}

/// Why no invariants were computed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped(pub String);

/// Runs both domains over `flat` and conjoins their results per location.
pub fn analyse(flat: &Flat) -> Result<Invariants, Skipped> {
    let slots = flat.locations.len().saturating_mul(flat.variables.len().max(1));
    if slots > MAX_SLOTS {
        return Err(Skipped(format!(
            "the graph is too large for the invariant analysis ({} locations, {} variables)",
            flat.locations.len(),
            flat.variables.len()
        )));
    }
    let order = Order::of(flat);
    let count = flat.locations.len();
    let thresholds = Thresholds::of_conditions(flat.edges.iter().filter_map(|e| match &e.action {
        Action::Assume(p) => Some(p),
        _ => None,
    }));
    let kills = scratch_kills(flat);
    let ranges = fixpoint::<Intervals>(flat, &order, &kills, &thresholds, NARROWING_PASSES)?;
    // The equalities cost far more than the intervals where conditions are long (a join per
    // disjunct): past the budget the intervals are kept alone, which is as sound.
    let (equalities, without_equalities) =
        match fixpoint::<Equalities>(flat, &order, &kills, &(), 0) {
            Ok(found) => (found, None),
            Err(Skipped(why)) => {
                (vec![Some(Equalities::top(flat.variables.len())); count], Some(why))
            }
        };
    let at = ranges
        .iter()
        .zip(&equalities)
        .map(|(r, e)| match (r, e) {
            (Some(r), Some(e)) => Pred::and(vec![e.to_pred(), r.to_pred()]),
            _ => Pred::False,
        })
        .collect();
    Ok(Invariants { at, loop_heads: order.widening.iter().copied().collect(), without_equalities })
}

/// The order the locations are visited in, and where to widen.
struct Order {
    /// Each location's position in reverse postorder from the start (unreached ones last).
    rank: Vec<usize>,
    /// The locations in reverse postorder.
    sequence: Vec<usize>,
    /// The targets of back edges of a depth-first search from the start: every cycle goes
    /// through one.
    widening: BTreeSet<usize>,
    /// The edges into each location.
    incoming: Vec<Vec<usize>>,
}

impl Order {
    fn of(flat: &Flat) -> Order {
        let count = flat.locations.len();
        let mut incoming = vec![Vec::new(); count];
        for (i, e) in flat.edges.iter().enumerate() {
            incoming[e.to].push(i);
        }
        // Iterative depth-first search: (location, next outgoing edge to try).
        let mut state = vec![0u8; count]; // 0 new, 1 on the stack, 2 finished
        let mut postorder = Vec::new();
        let mut widening = BTreeSet::new();
        if count > 0 {
            let mut stack = vec![(0usize, 0usize)];
            state[0] = 1;
            while let Some(&mut (l, ref mut next)) = stack.last_mut() {
                if let Some(&e) = flat.outgoing[l].get(*next) {
                    *next += 1;
                    let to = flat.edges[e].to;
                    match state[to] {
                        0 => {
                            state[to] = 1;
                            stack.push((to, 0));
                        }
                        1 => {
                            widening.insert(to);
                        }
                        _ => {}
                    }
                } else {
                    state[l] = 2;
                    postorder.push(l);
                    stack.pop();
                }
            }
        }
        let mut sequence: Vec<usize> = postorder.into_iter().rev().collect();
        let mut rank = vec![usize::MAX; count];
        for (i, &l) in sequence.iter().enumerate() {
            rank[l] = i;
        }
        for (l, r) in rank.iter_mut().enumerate() {
            if *r == usize::MAX {
                *r = sequence.len();
                sequence.push(l);
            }
        }
        Order { rank, sequence, widening, incoming }
    }
}

/// The least fixpoint of the domain's transfer over the graph from `top` at the start,
/// widened at the widening points, then improved by `narrowing` descending passes (each
/// location recomputed from its predecessors: from sound states, sound again). Skipped when
/// its work passes [`WORK_BUDGET`].
fn fixpoint<S: AbstractState>(
    flat: &Flat,
    order: &Order,
    kills: &[Option<Action>],
    context: &S::Context,
    narrowing: usize,
) -> Result<Vec<Option<S>>, Skipped> {
    let variables = flat.variables.len();
    let costs: Vec<u64> = flat
        .edges
        .iter()
        .zip(kills)
        .map(|(edge, kill)| {
            S::cost(&edge.action, variables)
                .saturating_add(kill.as_ref().map_or(0, |k| S::cost(k, variables)))
        })
        .collect();
    let mut work: u64 = 0;
    let mut spend = |e: usize| -> Result<(), Skipped> {
        work = work.saturating_add(costs[e]);
        if work > WORK_BUDGET {
            return Err(Skipped(format!(
                "the invariant analysis would take more than its budget of work ({} \
                 locations, {variables} variables, conditions of up to {} connectives)",
                flat.locations.len(),
                flat.edges
                    .iter()
                    .filter_map(|e| match &e.action {
                        Action::Assume(p) => Some(p.size()),
                        _ => None,
                    })
                    .max()
                    .unwrap_or(0)
            )));
        }
        Ok(())
    };
    // The states an edge leads to, with the scratch values that die on it forgotten.
    let post = |state: &S, e: usize| -> Option<S> {
        let next = state.post(&flat.edges[e].action)?;
        match &kills[e] {
            Some(kill) => next.post(kill),
            None => Some(next),
        }
    };
    let count = flat.locations.len();
    let mut states: Vec<Option<S>> = vec![None; count];
    if count == 0 {
        return Ok(states);
    }
    states[0] = Some(S::top(flat.variables.len()));
    let mut pending: BTreeSet<(usize, usize)> = BTreeSet::from([(order.rank[0], 0)]);
    while let Some((_, l)) = pending.pop_first() {
        let Some(here) = states[l].clone() else { continue };
        for &e in &flat.outgoing[l] {
            spend(e)?;
            let Some(post) = post(&here, e) else { continue };
            let to = flat.edges[e].to;
            let next = match &states[to] {
                None => post,
                Some(old) => {
                    let joined = old.join(&post);
                    if order.widening.contains(&to) { old.widen(&joined, context) } else { joined }
                }
            };
            if states[to].as_ref() != Some(&next) {
                states[to] = Some(next);
                pending.insert((order.rank[to], to));
            }
        }
    }
    for _ in 0..narrowing {
        // The start keeps its `top`: nothing leads into it that could narrow it.
        for &l in order.sequence.iter().filter(|&&l| l != 0) {
            let mut next: Option<S> = None;
            for &e in &order.incoming[l] {
                let edge = &flat.edges[e];
                let Some(from) = &states[edge.from] else { continue };
                spend(e)?;
                if let Some(post) = post(from, e) {
                    next = Some(match next {
                        Some(n) => n.join(&post),
                        None => post,
                    });
                }
            }
            states[l] = next;
        }
    }
    Ok(states)
}

/// Per edge, the assignment of arbitrary values to the scratch variables (see
/// [`super::flat::FlatVariable::scratch`]) that die on it: read or written there, or live
/// where it starts, and not live where it ends. Forgetting them keeps the invariants about
/// the program's own variables (a scratch value is bound again before each use) and keeps
/// them short; forgetting is an over-approximation, so the result stays inductive.
fn scratch_kills(flat: &Flat) -> Vec<Option<Action>> {
    let scratch = |v: &usize| flat.variables[*v].scratch;
    let reads_writes = |action: &Action| -> (BTreeSet<usize>, BTreeSet<usize>) {
        match action {
            Action::Assume(p) => {
                (p.variables().into_iter().filter(scratch).collect(), BTreeSet::new())
            }
            Action::Assign(pairs) => (
                pairs
                    .iter()
                    .filter_map(|(_, l)| l.as_ref())
                    .flat_map(|l| l.coefficients.keys().copied())
                    .filter(scratch)
                    .collect(),
                pairs.iter().map(|(v, _)| *v).filter(scratch).collect(),
            ),
            Action::Input(targets) => {
                (BTreeSet::new(), targets.iter().flatten().copied().filter(scratch).collect())
            }
        }
    };
    let effects: Vec<_> = flat.edges.iter().map(|e| reads_writes(&e.action)).collect();
    if effects.iter().all(|(r, w)| r.is_empty() && w.is_empty()) {
        return vec![None; flat.edges.len()];
    }
    // Backward liveness of the scratch variables, to a fixpoint.
    let mut live: Vec<BTreeSet<usize>> = vec![BTreeSet::new(); flat.locations.len()];
    let mut changed = true;
    while changed {
        changed = false;
        for (e, edge) in flat.edges.iter().enumerate().rev() {
            let (reads, writes) = &effects[e];
            let through: Vec<usize> =
                live[edge.to].iter().filter(|v| !writes.contains(v)).copied().collect();
            let here = &mut live[edge.from];
            for v in reads.iter().copied().chain(through) {
                changed |= here.insert(v);
            }
        }
    }
    flat.edges
        .iter()
        .enumerate()
        .map(|(e, edge)| {
            let (reads, writes) = &effects[e];
            let dying: Vec<(usize, Option<super::formula::Linear>)> = live[edge.from]
                .iter()
                .chain(reads)
                .chain(writes)
                .filter(|v| !live[edge.to].contains(v))
                .collect::<BTreeSet<_>>()
                .into_iter()
                .map(|v| (*v, None))
                .collect();
            (!dying.is_empty()).then_some(Action::Assign(dying))
        })
        .collect()
}

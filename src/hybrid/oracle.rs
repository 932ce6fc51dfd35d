//! The spuriousness oracle of §5: whether a word of regions can be followed by a trajectory
//! (m-spurious), from an initial state (p-spurious), into an unsafe state (s-spurious), by a
//! forward propagation of boxes along the word (the paper's Algorithm 4) where each step is one
//! `Prune` of `reach^F ∨ reach^J`.
//!
//! The flow over-approximation `flow_{(s,B)}(x, y)`, derivative-free: prune the mode's flow
//! constraint `Flow(s, x, ẋ)` over `B × R^k`; it gives a box `Binv ⊆ B` holding every state where
//! time can pass in `B` and a box `D` holding every derivative there. A flow `r` on `[0, l]`
//! inside `B` has `r(t) ∈ Binv` and `ṙ(t) ∈ D` for every `t`, so by the mean value theorem
//! applied to each coordinate, `r(l) - r(0) = l · d` for some `d ∈ D` (`D` is convex). So
//! `flow(x, y) ≡ y = x ∨ (x, y ∈ Binv ∧ ∃t ≥ 0, d ∈ D. y - x = t·d)` holds for every pair a
//! flow connects, with `y = x` for flows of length 0 (allowed in every mode).
//!
//! A step into a region by a flow is also refuted when the entry point lies on a face of the
//! target box and the flow there cannot point into the box (`incoming`, with non-strict `≥`:
//! a trajectory that enters through a lower face has a one-sided derivative `≥ 0` there). A step
//! by a jump pruned `Jump(s, x, s', x') ∧ flow(x', y)`. Within a region, flows compose (the cone
//! `t·D` is closed under sums); a jump that stays in the region (a self-jump) makes every point
//! of its box count as reached, as the paper prescribes.

use std::collections::BTreeMap;
use std::rc::Rc;

use crate::smt::SmtStats;

use super::dfa::Symbol;
use super::interval::Interval;
use super::linear::{self, WordQuestion};
use super::prune::{IntervalBox, prune};
use super::regions::{Region, Regions};
use super::system::{Constraint, HybridSystem, Relation, Term, Variable};

/// What the oracle knows of a word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spuriousness {
    /// No trajectory of the kind asked for follows the word (proved by an empty box).
    Spurious,
    /// The over-approximation did not refute the word.
    DontKnow,
}

/// The three questions Algorithms 1 and 2 ask of a word.
pub trait WordOracle {
    /// Is the word p-spurious (no trajectory following it starts in an initial state)?
    fn prefix_spurious(&mut self, word: &[Symbol]) -> Spuriousness;
    /// Is the word s-spurious (no trajectory following it ends in an unsafe state)?
    fn suffix_spurious(&mut self, word: &[Symbol]) -> Spuriousness;
    /// Is the word m-spurious (no trajectory follows it)?
    fn midfix_spurious(&mut self, word: &[Symbol]) -> Spuriousness;
    /// Why the last word answered `Spurious` was: the constraint whose pruning came out empty
    /// and the box it was pruned over (an oracle that does not say keeps the default).
    fn refutation(&self) -> Option<Refutation> {
        None
    }
}

/// Which constraint a pruning refuted along a word.
#[derive(Clone, Debug, PartialEq)]
pub enum Refuted {
    /// `Init(s) ∧ flow_{γ(region)}(x, y)`: no initial state of the word's first region.
    Start {
        /// The word's first symbol.
        region: Symbol,
    },
    /// `flow_{γ(to)}(x, y) ∨ Jump(s, x, s', x') ∧ flow_{γ(to)}(x', y)` from the box reached in
    /// `γ(from)` (with `Unsafe(s')(y)` conjoined when `into_unsafe`): no step from one region
    /// of the word to the next.
    Step {
        /// The region left.
        from: Symbol,
        /// The region entered.
        to: Symbol,
        /// Whether the unsafe states were conjoined with the end point.
        into_unsafe: bool,
    },
    /// `Unsafe(s)(x)` on the box reached in the word's last region.
    Unsafe {
        /// The word's last symbol.
        region: Symbol,
    },
    /// The whole word's constraint `reach_w` (Theorem 2), with the initial or unsafe states
    /// where asked, which keeps what each flow couples between its start and end.
    Joint,
    /// The whole word's linear relaxation ([`super::linear`]), refuted by the SMT core.
    Linear,
    /// A region of the word no longer exists.
    Gone,
}

/// Why a word is spurious: the constraint refuted and the box its pruning emptied.
#[derive(Clone, Debug, PartialEq)]
pub struct Refutation {
    /// The constraint.
    pub refuted: Refuted,
    /// The box pruned to nothing (for a step, the states reached in the region left).
    pub space: IntervalBox,
}

/// Where a step's variables sit in the pruning box (`k` = the system's dimension): the source
/// point, the point a jump lands on, the end point, the flow's derivative, the flow's time.
#[derive(Clone, Copy, Debug)]
struct Layout {
    k: usize,
}

impl Layout {
    fn source(&self, i: usize) -> usize {
        i
    }
    fn landing(&self, i: usize) -> usize {
        self.k + i
    }
    fn end(&self, i: usize) -> usize {
        2 * self.k + i
    }
    fn derivative(&self, i: usize) -> usize {
        3 * self.k + i
    }
    fn time(&self) -> usize {
        4 * self.k
    }
    fn slots(&self) -> usize {
        4 * self.k + 1
    }
}

fn slot(i: usize) -> Term {
    Term::Variable(Variable::Slot(i))
}

fn number(v: f64) -> Term {
    Term::Number(Interval::point(v))
}

/// `slot ∈ interval` as two comparisons (infinite bounds left out).
fn within(i: usize, interval: Interval) -> Constraint {
    let mut parts = Vec::new();
    if interval.lo.is_finite() {
        parts.push(Constraint::Compare(slot(i), Relation::AtLeast, number(interval.lo)));
    }
    if interval.hi.is_finite() {
        parts.push(Constraint::Compare(slot(i), Relation::AtMost, number(interval.hi)));
    }
    Constraint::and(parts)
}

/// The counters of the oracle (deterministic).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct OracleStats {
    /// Words asked about (cached answers included).
    pub questions: usize,
    /// Prunings run.
    pub prunings: usize,
    /// Words whose linear relaxation the SMT core was asked about.
    pub simplex_checks: usize,
    /// Of those, the words it refuted.
    pub simplex_refutations: usize,
}

/// The oracle over a hybrid system's regions (a value: the REPL keeps a run in its undo steps).
#[derive(Clone, Debug)]
pub struct HybridOracle {
    system: Rc<HybridSystem>,
    /// The current regions (the engine replaces them after a split or a pruning).
    pub regions: Regions,
    layout: Layout,
    /// `(Binv, D)` of each symbol's region, `None` when time cannot pass there.
    flow_boxes: BTreeMap<Symbol, Option<(IntervalBox, IntervalBox)>>,
    self_jumps: BTreeMap<Symbol, bool>,
    /// Answers already given: (kind, word) ↦ the end box, dropped when a region of the word
    /// changes.
    cache: BTreeMap<(u8, Vec<Symbol>), Result<IntervalBox, Refutation>>,
    /// Why the last word found spurious is.
    pub last_refutation: Option<Refutation>,
    /// Whether words the boxes do not refute go to the SMT core's simplex ([`super::linear`]).
    pub simplex: bool,
    /// The counters.
    pub stats: OracleStats,
}

const FROM_ANYWHERE: u8 = 0;
const FROM_INIT: u8 = 1;
const INTO_UNSAFE: u8 = 2;

impl HybridOracle {
    /// An oracle over `regions` of `system` (a copy of it is kept; systems are small).
    pub fn new(system: &HybridSystem, regions: Regions) -> HybridOracle {
        HybridOracle::shared(Rc::new(system.clone()), regions)
    }

    /// An oracle over `regions` of a shared `system`.
    pub fn shared(system: Rc<HybridSystem>, regions: Regions) -> HybridOracle {
        let layout = Layout { k: system.dimension() };
        HybridOracle {
            system,
            regions,
            layout,
            flow_boxes: BTreeMap::new(),
            self_jumps: BTreeMap::new(),
            cache: BTreeMap::new(),
            last_refutation: None,
            simplex: false,
            stats: OracleStats::default(),
        }
    }

    /// The system asked about.
    pub fn system(&self) -> &HybridSystem {
        &self.system
    }

    /// Forgets everything derived from the regions of `symbols` (after a split or a pruning).
    pub fn region_changed(&mut self, symbols: &[Symbol]) {
        for s in symbols {
            self.flow_boxes.remove(s);
            self.self_jumps.remove(s);
        }
        self.cache.retain(|(_, word), _| !word.iter().any(|s| symbols.contains(s)));
    }

    fn region(&self, symbol: Symbol) -> Option<Region> {
        self.regions.get(symbol).cloned()
    }

    fn prune(&mut self, constraint: &Constraint, space: &IntervalBox) -> Option<IntervalBox> {
        self.stats.prunings += 1;
        prune(constraint, space)
    }

    /// The mode's constraint `c` over `State` variables placed at the slots `place(i)`.
    fn placed(c: &Constraint, place: impl Fn(usize) -> usize) -> Constraint {
        c.rename(&|v| match v {
            Variable::State(i) => Variable::Slot(place(i)),
            other => other,
        })
    }

    fn flow_box(&mut self, symbol: Symbol) -> Option<(IntervalBox, IntervalBox)> {
        if let Some(known) = self.flow_boxes.get(&symbol) {
            return known.clone();
        }
        let region = self.region(symbol)?;
        let k = self.layout.k;
        let flow = self.system.flow.get(region.mode).cloned().unwrap_or(Constraint::False);
        let placed = flow.rename(&|v| match v {
            Variable::State(i) => Variable::Slot(i),
            Variable::Derivative(i) => Variable::Slot(k + i),
            other => other,
        });
        let mut space = region.space.clone();
        space.extend(std::iter::repeat_n(Interval::ENTIRE, k));
        let answer = self.prune(&placed, &space).map(|b| (b[..k].to_vec(), b[k..].to_vec()));
        self.flow_boxes.insert(symbol, answer.clone());
        answer
    }

    /// `flow_{γ(symbol)}(from, to)` over the slot blocks `from(i)` and `to(i)`.
    fn flow_constraint(
        &mut self,
        symbol: Symbol,
        from: impl Fn(usize) -> usize,
        to: impl Fn(usize) -> usize,
    ) -> Constraint {
        let (derivative, time) = (self.layout.derivative(0), self.layout.time());
        self.flow_between(symbol, from, to, derivative, time)
    }

    /// `flow_{γ(symbol)}(from, to)` with its derivative at the slots from `derivative` on and
    /// its time at the slot `time`.
    fn flow_between(
        &mut self,
        symbol: Symbol,
        from: impl Fn(usize) -> usize,
        to: impl Fn(usize) -> usize,
        derivative: usize,
        time: usize,
    ) -> Constraint {
        let k = self.layout.k;
        let stay = Constraint::and(
            (0..k)
                .map(|i| Constraint::Compare(slot(to(i)), Relation::Equal, slot(from(i))))
                .collect(),
        );
        let Some((invariant, derivatives)) = self.flow_box(symbol) else { return stay };
        let mut moving = Vec::new();
        for i in 0..k {
            moving.push(within(from(i), invariant[i]));
            moving.push(within(to(i), invariant[i]));
            moving.push(within(derivative + i, derivatives[i]));
            moving.push(Constraint::Compare(
                Term::Subtract(Box::new(slot(to(i))), Box::new(slot(from(i)))),
                Relation::Equal,
                Term::Multiply(Box::new(slot(time)), Box::new(slot(derivative + i))),
            ));
        }
        moving.push(Constraint::Compare(slot(time), Relation::AtLeast, number(0.0)));
        Constraint::or(vec![stay, Constraint::and(moving)])
    }

    fn has_self_jump(&mut self, symbol: Symbol) -> bool {
        if let Some(&known) = self.self_jumps.get(&symbol) {
            return known;
        }
        let Some(region) = self.region(symbol) else { return false };
        let jump = self.system.jump_between(region.mode, region.mode);
        let answer = jump != Constraint::False && {
            let k = self.layout.k;
            let placed = jump.rename(&|v| match v {
                Variable::State(i) => Variable::Slot(i),
                Variable::Next(i) => Variable::Slot(k + i),
                other => other,
            });
            let mut space = region.space.clone();
            space.extend(region.space.iter().copied());
            self.prune(&placed, &space).is_some()
        };
        self.self_jumps.insert(symbol, answer);
        answer
    }

    /// A full pruning box with `source` at the source slots and `target`'s box elsewhere.
    fn step_space(&self, source: &IntervalBox, target: &Region) -> IntervalBox {
        let k = self.layout.k;
        let mut space = vec![Interval::ENTIRE; self.layout.slots()];
        for i in 0..k {
            space[self.layout.source(i)] = source[i];
            space[self.layout.landing(i)] = target.space[i];
            space[self.layout.end(i)] = target.space[i];
        }
        space[self.layout.time()] = Interval { lo: 0.0, hi: f64::INFINITY };
        space
    }

    /// The points of `γ(to)` reachable from the points `at` of `γ(from)` by one step (a flow
    /// across their common boundary or a jump, then a flow in `γ(to)`), with `extra` conjoined
    /// on the end point; `None` when there are none.
    fn step(
        &mut self,
        from: Symbol,
        at: &IntervalBox,
        to: Symbol,
        extra: &Constraint,
    ) -> Option<IntervalBox> {
        let source = self.region(from)?;
        let target = self.region(to)?;
        let k = self.layout.k;
        let layout = Layout { k };
        let end_extra = Self::placed(extra, |i| layout.end(i));
        let mut ends: Option<IntervalBox> = None;
        let mut join = |b: IntervalBox| {
            let y = b[2 * k..3 * k].to_vec();
            ends = Some(match ends.take() {
                None => y,
                Some(e) => e.iter().zip(&y).map(|(a, b)| a.hull(*b)).collect(),
            });
        };
        if source.mode == target.mode {
            let entry: Option<IntervalBox> =
                at.iter().zip(&target.space).map(|(a, b)| a.meet(*b)).collect();
            if let Some(entry) = entry
                && self.incoming_possible(to, &target, &entry)
            {
                let flow = self.flow_constraint(to, |i| i, |i| 2 * k + i);
                let space = self.step_space(&entry, &target);
                if let Some(b) = self.prune(&Constraint::and(vec![flow, end_extra.clone()]), &space)
                {
                    join(b);
                }
            }
        }
        let jump = self.system.jump_between(source.mode, target.mode);
        if jump != Constraint::False {
            let placed = jump.rename(&|v| match v {
                Variable::State(i) => Variable::Slot(i),
                Variable::Next(i) => Variable::Slot(k + i),
                other => other,
            });
            let flow = self.flow_constraint(to, |i| k + i, |i| 2 * k + i);
            let space = self.step_space(at, &target);
            if let Some(b) = self.prune(&Constraint::and(vec![placed, flow, end_extra]), &space) {
                join(b);
            }
        }
        ends
    }

    /// False when every point of `entry` lies on a face of `γ(to)` through which no flow of
    /// its mode can enter (the paper's `incoming` condition, checked where `entry` is flat).
    fn incoming_possible(&mut self, to: Symbol, target: &Region, entry: &IntervalBox) -> bool {
        let k = self.layout.k;
        let flow = self.system.flow.get(target.mode).cloned().unwrap_or(Constraint::False);
        let placed = flow.rename(&|v| match v {
            Variable::State(i) => Variable::Slot(i),
            Variable::Derivative(i) => Variable::Slot(k + i),
            other => other,
        });
        let _ = to;
        for j in 0..k {
            let point = entry[j];
            if !point.is_point() {
                continue;
            }
            let face = target.space[j];
            let direction = if point.lo == face.lo && face.lo < face.hi {
                Relation::AtLeast
            } else if point.hi == face.hi && face.lo < face.hi {
                Relation::AtMost
            } else {
                continue;
            };
            let inward = Constraint::and(vec![
                placed.clone(),
                Constraint::Compare(slot(k + j), direction, number(0.0)),
            ]);
            let mut space = entry.clone();
            space.extend(std::iter::repeat_n(Interval::ENTIRE, k));
            if self.prune(&inward, &space).is_none() {
                return false;
            }
        }
        true
    }

    /// After entering `γ(symbol)` at `at`: with a self-jump, the whole box.
    fn within_region(&mut self, symbol: Symbol, at: IntervalBox) -> Option<IntervalBox> {
        if self.has_self_jump(symbol) { self.region(symbol).map(|r| r.space) } else { Some(at) }
    }

    /// The states of the first region a trajectory following the word can start from:
    /// its whole box, or its initial states and where they flow to.
    fn start(&mut self, first: Symbol, from_init: bool) -> Option<IntervalBox> {
        let region = self.region(first)?;
        if !from_init {
            return Some(region.space);
        }
        let k = self.layout.k;
        let init = self.system.init.get(region.mode).cloned().unwrap_or(Constraint::False);
        let placed = Self::placed(&init, |i| i);
        let flow = self.flow_constraint(first, |i| i, |i| 2 * k + i);
        let mut space = self.step_space(&region.space, &region);
        space[..k].copy_from_slice(&region.space);
        let b = self.prune(&Constraint::and(vec![placed, flow]), &space)?;
        self.within_region(first, b[2 * k..3 * k].to_vec())
    }

    /// An over-approximation of the states of the word's last region reachable along it
    /// (from an initial state when `kind` is `FROM_INIT`, ending unsafe for `INTO_UNSAFE`).
    fn propagate(&mut self, word: &[Symbol], kind: u8) -> Option<IntervalBox> {
        self.stats.questions += 1;
        let key = (kind, word.to_vec());
        let answer = match self.cache.get(&key) {
            Some(known) => known.clone(),
            None => {
                let mut answer = self.propagate_uncached(word, kind);
                // Where the boxes did not refute a word of several regions, the whole word's
                // constraint may.
                if let Ok(reached) = &answer
                    && word.len() > 1
                    && self.joint_refutes(word, kind)
                {
                    answer = Err(Refutation { refuted: Refuted::Joint, space: reached.clone() });
                }
                // Where intervals did not refute it, the simplex may, keeping every linear
                // relation along the word.
                if let Ok(reached) = &answer
                    && self.simplex
                    && (word.len() > 1 || kind != FROM_ANYWHERE)
                    && self.linear_refutes(word, kind)
                {
                    answer = Err(Refutation { refuted: Refuted::Linear, space: reached.clone() });
                }
                self.cache.insert(key, answer.clone());
                answer
            }
        };
        match answer {
            Ok(reached) => Some(reached),
            Err(refutation) => {
                self.last_refutation = Some(refutation);
                None
            }
        }
    }

    fn propagate_uncached(&mut self, word: &[Symbol], kind: u8) -> Result<IntervalBox, Refutation> {
        let gone = || Refutation { refuted: Refuted::Gone, space: Vec::new() };
        let Some((&first, rest)) = word.split_first() else { return Err(gone()) };
        let first_space = self.region(first).ok_or_else(gone)?.space;
        let mut at = self.start(first, kind == FROM_INIT).ok_or_else(|| Refutation {
            refuted: Refuted::Start { region: first },
            space: first_space.clone(),
        })?;
        at = self.within_region(first, at).ok_or_else(gone)?;
        let mut previous = first;
        for (i, &next) in rest.iter().enumerate() {
            let last = i + 1 == rest.len();
            // The unsafe states are conjoined with the last step's end point, so the flow's
            // coupling of start and end refutes them; after a self-jump the whole box counts.
            let joint = last && kind == INTO_UNSAFE && !self.has_self_jump(next);
            let extra = if joint {
                let mode = self.region(next).ok_or_else(gone)?.mode;
                self.system.unsafe_states.get(mode).cloned().unwrap_or(Constraint::False)
            } else {
                Constraint::True
            };
            at = self.step(previous, &at, next, &extra).ok_or_else(|| Refutation {
                refuted: Refuted::Step { from: previous, to: next, into_unsafe: joint },
                space: at.clone(),
            })?;
            if !joint {
                at = self.within_region(next, at).ok_or_else(gone)?;
            }
            previous = next;
        }
        if kind == INTO_UNSAFE && (rest.is_empty() || self.has_self_jump(previous)) {
            let mode = self.region(previous).ok_or_else(gone)?.mode;
            let unsafe_states =
                self.system.unsafe_states.get(mode).cloned().unwrap_or(Constraint::False);
            at = self.prune(&Self::placed(&unsafe_states, |i| i), &at).ok_or_else(|| {
                Refutation { refuted: Refuted::Unsafe { region: previous }, space: at.clone() }
            })?;
        }
        Ok(at)
    }

    /// True if the whole word's constraint (the paper's `reach_w` of Theorem 2, with
    /// Corollary 1's initial or unsafe states) prunes to the empty box. Every point of the
    /// trajectory where it passes from one region to the next has its own slots, so the
    /// coupling a flow makes between its start and end is kept across the word (the box
    /// propagation keeps only the hull of each region's reached states). Words with a
    /// self-jump are left to the box propagation.
    fn joint_refutes(&mut self, word: &[Symbol], kind: u8) -> bool {
        let k = self.layout.k;
        let mut regions = Vec::with_capacity(word.len());
        for &symbol in word {
            match self.region(symbol) {
                Some(region) => regions.push(region),
                None => return true,
            }
            if self.has_self_jump(symbol) {
                return false;
            }
        }
        // Slots: the points p_0..p_n, then per step a landing point, a derivative and a time,
        // then for initial states a start point with its derivative and time.
        let n = word.len();
        let point = |i: usize, j: usize| i * k + j;
        let step_base = |i: usize| (n * k) + i * (2 * k + 1);
        let start_base = n * k + (n.saturating_sub(1)) * (2 * k + 1);
        let slots = start_base + 2 * k + 1;
        let mut space = vec![Interval::ENTIRE; slots];
        for (i, region) in regions.iter().enumerate() {
            space[point(i, 0)..point(i, 0) + k].copy_from_slice(&region.space);
        }
        let mut parts = Vec::new();
        for i in 0..n.saturating_sub(1) {
            let (source, target) = (&regions[i], &regions[i + 1]);
            let base = step_base(i);
            let (landing, derivative, time) = (base, base + k, base + 2 * k);
            space[landing..landing + k].copy_from_slice(&target.space[..k]);
            space[time] = Interval { lo: 0.0, hi: f64::INFINITY };
            let mut branches = Vec::new();
            if source.mode == target.mode {
                let mut flow_step = vec![self.flow_between(
                    word[i + 1],
                    |j| point(i, j),
                    |j| point(i + 1, j),
                    derivative,
                    time,
                )];
                for j in 0..k {
                    flow_step.push(within(point(i, j), target.space[j]));
                }
                branches.push(Constraint::and(flow_step));
            }
            let jump = self.system.jump_between(source.mode, target.mode);
            if jump != Constraint::False {
                let placed = jump.rename(&|v| match v {
                    Variable::State(j) => Variable::Slot(point(i, j)),
                    Variable::Next(j) => Variable::Slot(landing + j),
                    other => other,
                });
                let flow = self.flow_between(
                    word[i + 1],
                    |j| landing + j,
                    |j| point(i + 1, j),
                    derivative,
                    time,
                );
                branches.push(Constraint::and(vec![placed, flow]));
            }
            parts.push(Constraint::or(branches));
        }
        if kind == FROM_INIT {
            let (derivative, time) = (start_base + k, start_base + 2 * k);
            space[start_base..start_base + k].copy_from_slice(&regions[0].space);
            space[time] = Interval { lo: 0.0, hi: f64::INFINITY };
            let init = self.system.init.get(regions[0].mode).cloned().unwrap_or(Constraint::False);
            parts.push(Self::placed(&init, |j| start_base + j));
            parts.push(self.flow_between(
                word[0],
                |j| start_base + j,
                |j| point(0, j),
                derivative,
                time,
            ));
        }
        if kind == INTO_UNSAFE {
            let last = &regions[n - 1];
            let unsafe_states =
                self.system.unsafe_states.get(last.mode).cloned().unwrap_or(Constraint::False);
            parts.push(Self::placed(&unsafe_states, |j| point(n - 1, j)));
        }
        self.prune(&Constraint::and(parts), &space).is_none()
    }

    /// True if the SMT core refutes the word's linear relaxation ([`super::linear`]). Words
    /// with a self-jump are not asked.
    fn linear_refutes(&mut self, word: &[Symbol], kind: u8) -> bool {
        let mut regions = Vec::with_capacity(word.len());
        let mut flows = Vec::with_capacity(word.len());
        for &symbol in word {
            let Some(region) = self.region(symbol) else { return true };
            if self.has_self_jump(symbol) {
                return false;
            }
            regions.push(region);
            flows.push(self.flow_box(symbol));
        }
        let question = WordQuestion {
            system: &self.system,
            regions: &regions,
            flows: &flows,
            from_init: kind == FROM_INIT,
            into_unsafe: kind == INTO_UNSAFE,
        };
        self.stats.simplex_checks += 1;
        let refuted = linear::refutes(&question, &mut SmtStats::default());
        if refuted {
            self.stats.simplex_refutations += 1;
        }
        refuted
    }

    /// `reach(H, w)`: the states of the word's last region reachable along it, `None` if none.
    pub fn reach(&mut self, word: &[Symbol]) -> Option<IntervalBox> {
        self.propagate(word, FROM_ANYWHERE)
    }

    /// `reachInit(H, w)`: the same from an initial state.
    pub fn reach_init(&mut self, word: &[Symbol]) -> Option<IntervalBox> {
        self.propagate(word, FROM_INIT)
    }
}

fn verdict(reached: Option<IntervalBox>) -> Spuriousness {
    if reached.is_none() { Spuriousness::Spurious } else { Spuriousness::DontKnow }
}

impl WordOracle for HybridOracle {
    fn refutation(&self) -> Option<Refutation> {
        self.last_refutation.clone()
    }

    fn prefix_spurious(&mut self, word: &[Symbol]) -> Spuriousness {
        verdict(self.propagate(word, FROM_INIT))
    }

    fn suffix_spurious(&mut self, word: &[Symbol]) -> Spuriousness {
        verdict(self.propagate(word, INTO_UNSAFE))
    }

    fn midfix_spurious(&mut self, word: &[Symbol]) -> Spuriousness {
        verdict(self.propagate(word, FROM_ANYWHERE))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hybrid::regions::Region;
    use crate::syntax::FileId;

    const EXAMPLE1: &str = "variables x1 in [0, 2], x2 in [0, 1];\nmodes m1, m2;\n\
        init m1: x1 = 0 and x2 = 0;\nflow m1: d(x1) = 1 and d(x2) = 1 and 0 <= x1 and x1 <= 1;\n\
        flow m2: d(x1) = 1 and d(x2) = -1 and 1 <= x1 and x1 <= 2;\n\
        jump m1 -> m2: x2 = 1 and x1' = x1 and x2' = x2;\nunsafe: x1 > 1 and x2 = 1;\n";

    fn boxed(a: (f64, f64), b: (f64, f64)) -> IntervalBox {
        vec![Interval { lo: a.0, hi: a.1 }, Interval { lo: b.0, hi: b.1 }]
    }

    #[test]
    fn hybrid_oracle_refutes_the_jump_into_the_unsafe_corner() {
        let system = crate::hybrid::syntax::parse_hybrid(FileId(0), EXAMPLE1).unwrap();
        let regions = Regions {
            regions: vec![
                Some(Region { mode: 0, space: boxed((0.75, 1.0), (0.75, 1.0)), rotation: 0 }),
                Some(Region { mode: 1, space: boxed((1.0, 1.25), (0.75, 1.0)), rotation: 0 }),
            ],
        };
        let mut oracle = HybridOracle::new(&system, regions);
        assert_eq!(oracle.suffix_spurious(&[1]), Spuriousness::DontKnow);
        assert_eq!(oracle.midfix_spurious(&[0, 1]), Spuriousness::DontKnow);
        assert_eq!(oracle.suffix_spurious(&[0, 1]), Spuriousness::Spurious);
        // Back from m2 to m1 there is no jump, and the modes differ: no flow either.
        assert_eq!(oracle.midfix_spurious(&[1, 0]), Spuriousness::Spurious);
    }
}

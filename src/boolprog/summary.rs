//! The summary engine: path edges inside summary computations ("roots"), summary edges
//! (effects), their reuse at isomorphic or pattern-matching call sites, and the dependency
//! graph that reschedules callers when a callee's pattern or effects grow.
//!
//! One worklist engine serves both of the paper's algorithms:
//! - [`Mode::FullStates`] (Section 5): a summary is keyed by the canonical visible state at
//!   entry (`Λ` after `gc`); a call site reuses it when its visible state is isomorphic, and the
//!   canonisation witness `ρ` drives `apply`.
//! - [`Mode::Patterns`] (Section 6): a summary is keyed by its pattern, the entry locations read
//!   before written on every explored path (pruned ones included); a call site reuses it when
//!   `Match` succeeds, taking the whole set of effects.
//!
//! Inside a root, states are kept in [`normalize_in_entry`] form: entry cells keep their
//! numbers, so two paths that reach the same key have the same effect (this is what the paper's
//! `Q` relation with `ℓ + δ` roots is for, made exact: no entry cell is ever collected). In
//! pattern mode the key also holds the set of entry locations written so far, because that set
//! decides which later reads belong to the pattern and which locations the effect writes.
//!
//! Soundness of reuse in pattern mode: an effect is recorded only after every read of its path
//! was added to the pattern, and a call site applies effects only while it matches the current
//! pattern (a grown pattern is re-matched before any further effect is applied), so every
//! applied effect is a behaviour of the call site. Completeness: at the fixpoint every call site
//! is linked to a root whose final pattern it matches and whose every effect it has applied.

use std::collections::{BTreeSet, VecDeque};
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::heap::{canonical, normalize_in_entry};
use super::ir::{ProcId, Program, Value};
use super::pattern::{AddrMap, Effect, Pattern, PatternLoc, apply, match_pattern};
use super::semantics::{
    FailureKind, Frame, Heap, Loc, Outcome, entry_frame, finish_call, initial_heap, successors,
};

/// Which of the paper's algorithms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Section 5: summaries keyed by canonical visible states.
    FullStates,
    /// Section 6: summaries keyed by patterns.
    Patterns,
}

/// Engine options.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The algorithm.
    pub mode: Mode,
    /// Give up (verdict unknown) after this many states; the fixpoint terminates by itself on
    /// programs with finite base types and bounded heap paths, so this guards the others.
    pub max_states: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options { mode: Mode::Patterns, max_states: 2_000_000 }
    }
}

/// A summary computation (the paper's `Root`).
pub type RootId = u32;
/// A state inside a root (a path-edge target).
pub type NodeId = u32;
/// A call made from a node with one choice of arguments.
pub type SiteId = u32;

/// How a node was first reached.
#[derive(Clone, Copy, Debug)]
pub enum Pred {
    /// The entry state of its root.
    Entry,
    /// One transition (`choice` among the successors of `from`).
    Step {
        /// The previous node.
        from: NodeId,
        /// Index of the transition.
        choice: u32,
    },
    /// The return of a call, through an effect of a callee root.
    Return {
        /// The call.
        site: SiteId,
        /// The callee root.
        root: RootId,
        /// The effect applied.
        effect: u32,
    },
}

/// A state in a root.
#[derive(Clone, Debug)]
pub struct Node {
    /// The root it belongs to.
    pub root: RootId,
    /// The heap (entry cells first).
    pub heap: Heap,
    /// The frame.
    pub frame: Frame,
    /// Entry locations written since entry (pattern mode only).
    pub written: Vec<Loc>,
    /// How it was reached.
    pub pred: Pred,
}

/// An effect with the path that produced it.
#[derive(Clone, Debug)]
pub struct EffectRecord {
    /// The effect.
    pub effect: Effect,
    /// The node that returned.
    pub exit_node: NodeId,
    /// The index of the return transition.
    pub exit_choice: u32,
}

/// A summary computation: an entry state, its pattern (pattern mode) and its effects.
#[derive(Clone, Debug)]
pub struct Root {
    /// The procedure.
    pub proc: ProcId,
    /// The canonical entry state's heap.
    pub entry_heap: Heap,
    /// The entry frame (parameters bound, canonical addresses).
    pub entry_frame: Frame,
    /// The pattern (pattern mode; empty in full-state mode).
    pub pattern: Pattern,
    /// The effects, in the order found.
    pub effects: Vec<EffectRecord>,
    effect_index: FxHashMap<Effect, u32>,
    visited: FxHashMap<(Heap, Frame, Vec<Loc>), NodeId>,
    /// The call that created it (`None` for `main`).
    pub creator: Option<SiteId>,
    /// Calls currently using its summaries.
    pub dependents: BTreeSet<SiteId>,
    /// Number of states explored in it.
    pub states: u32,
}

impl Root {
    /// Number of cells of the entry state (globals included).
    pub fn entry_cells(&self) -> u32 {
        self.entry_heap.cells.len() as u32
    }
}

#[derive(Clone, Debug)]
struct Edge {
    target: RootId,
    map: AddrMap,
    pattern_len: usize,
    applied: usize,
}

/// A call: a node, the choice that calls, the callee and its arguments, and the summary used.
#[derive(Clone, Debug)]
pub struct Site {
    /// The calling node.
    pub node: NodeId,
    /// The index of the call transition.
    pub choice: u32,
    /// The callee.
    pub callee: ProcId,
    /// Its arguments (caller addresses).
    pub args: Vec<Value>,
    edge: Option<Edge>,
    queued: bool,
}

/// Deterministic counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Summary computations started (roots, `main`'s included).
    pub summaries: u64,
    /// Effects found over all roots (summary edges).
    pub effects: u64,
    /// Summary look-ups at call sites (first look-ups and re-look-ups after invalidation).
    pub lookups: u64,
    /// Look-ups that found an existing summary.
    pub hits: u64,
    /// States explored (path-edge targets) over all roots.
    pub states: u64,
    /// Effects applied at call sites.
    pub applications: u64,
    /// Links dropped because a callee's pattern grew past what the call site matches.
    pub invalidations: u64,
    /// Worklist items processed.
    pub steps: u64,
}

/// The outcome of a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The fixpoint completed without reaching a failure.
    Safe,
    /// A failure is reachable; the choices lead there from the initial state (not yet replayed).
    Failure {
        /// What failed.
        kind: FailureKind,
        /// The transition choices from the initial state, the failing one last.
        choices: Vec<u32>,
    },
    /// The state bound was reached.
    OutOfBudget,
}

#[derive(Clone, Copy, Debug)]
enum Work {
    Expand(NodeId),
    Resume(SiteId),
}

/// What one call of [`Engine::step`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StepResult {
    /// One worklist item was processed; more remain.
    Progress,
    /// The run is over; see [`Engine::verdict`].
    Done,
}

/// What a step of the engine did, in the paper's terms, for a user watching the algorithm work
/// (the workbench's `step`). Recorded only when asked for, see [`Engine::set_recording`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The step took this state off the worklist to explore its transitions.
    Expand(NodeId),
    /// The step took this call off the worklist: its callee's summary changed since.
    Resume(SiteId),
    /// A path edge: a state not seen before in its summary computation, queued.
    PathEdge(NodeId),
    /// A transition of a state is a call; the site is new.
    Call(SiteId),
    /// A look-up found an existing summary for the call.
    Reused {
        /// The call.
        site: SiteId,
        /// The summary it uses.
        root: RootId,
    },
    /// A new summary computation started (for `main`, or because a look-up found none).
    NewSummary {
        /// The summary.
        root: RootId,
        /// The call that needed it (`None` for `main`).
        site: Option<SiteId>,
    },
    /// A summary edge: a summary got a new effect.
    SummaryEdge {
        /// The summary.
        root: RootId,
        /// The index of the effect in it.
        effect: u32,
    },
    /// An effect of a callee's summary applied at a call site.
    Applied {
        /// The call.
        site: SiteId,
        /// The callee's summary.
        root: RootId,
        /// The index of the effect.
        effect: u32,
    },
    /// A location joined a summary's pattern (pattern mode), with its value at entry.
    PatternGrew {
        /// The summary.
        root: RootId,
        /// The location.
        loc: PatternLoc,
    },
    /// A call no longer matches its callee's grown pattern; it is looked up again.
    Invalidated {
        /// The call.
        site: SiteId,
        /// The summary it used.
        root: RootId,
    },
    /// A call was queued again because its callee's summary changed (the dependency graph).
    Rescheduled(SiteId),
    /// A transition of a state fails.
    Failure {
        /// The failing state.
        node: NodeId,
        /// What failed.
        kind: FailureKind,
    },
}

/// The program an engine explores: borrowed (the usual case), or shared so that an engine can
/// live beside the program it explores, as the workbench keeps one between commands.
enum ProgramRef<'p> {
    Borrowed(&'p Program),
    Shared(Arc<Program>),
}

/// The engine: a worklist of states to expand and calls to resume.
pub struct Engine<'p> {
    prog: ProgramRef<'p>,
    options: Options,
    /// Summary computations, in creation order.
    pub roots: Vec<Root>,
    /// States, in creation order.
    pub nodes: Vec<Node>,
    /// Calls, in creation order.
    pub sites: Vec<Site>,
    /// Pattern mode: the roots of each procedure by the scalar values of their parameters
    /// (every pattern starts with all parameters, so only these roots can match a call).
    roots_by_params: FxHashMap<(ProcId, Vec<Option<Value>>), Vec<RootId>>,
    entry_index: FxHashMap<(ProcId, Heap, Frame), RootId>,
    work: VecDeque<Work>,
    stats: Stats,
    verdict: Option<Verdict>,
    failure: Option<(NodeId, u32, FailureKind)>,
    /// Whether [`Event`]s are recorded, and those of the last step.
    recording: bool,
    events: Vec<Event>,
}

impl Engine<'static> {
    /// An engine that shares ownership of its program, so it can be kept beside it (as the
    /// workbench keeps a run between commands).
    pub fn shared(prog: Arc<Program>, options: Options) -> Engine<'static> {
        Engine::start(ProgramRef::Shared(prog), options)
    }
}

impl<'p> Engine<'p> {
    /// An engine about to explore `main` from the initial state.
    pub fn new(prog: &'p Program, options: Options) -> Engine<'p> {
        Engine::start(ProgramRef::Borrowed(prog), options)
    }

    fn start(prog: ProgramRef<'p>, options: Options) -> Engine<'p> {
        let mut e = Engine {
            prog,
            options,
            roots: Vec::new(),
            nodes: Vec::new(),
            sites: Vec::new(),
            roots_by_params: FxHashMap::default(),
            entry_index: FxHashMap::default(),
            work: VecDeque::new(),
            stats: Stats::default(),
            verdict: None,
            failure: None,
            recording: false,
            events: Vec::new(),
        };
        let prog = e.program();
        let main = prog.main;
        let frame = entry_frame(prog, main, &[]);
        let (heap, frame, _) = canonical(&initial_heap(prog), &frame);
        e.new_root(main, heap, frame, None);
        e
    }

    /// The program.
    pub fn program(&self) -> &Program {
        match &self.prog {
            ProgramRef::Borrowed(p) => p,
            ProgramRef::Shared(p) => p,
        }
    }

    /// Records, from now on, what each step does ([`events`](Self::events)); off by default,
    /// since the benchmarks need no record.
    pub fn set_recording(&mut self, on: bool) {
        self.recording = on;
        self.events.clear();
    }

    /// What the last call of [`step`](Self::step) did, if recording is on.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    fn note(&mut self, event: Event) {
        if self.recording {
            self.events.push(event);
        }
    }

    /// The options.
    pub fn options(&self) -> Options {
        self.options
    }

    /// The counters so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The verdict, once [`step`](Self::step) returned `Done`.
    pub fn verdict(&self) -> Option<&Verdict> {
        self.verdict.as_ref()
    }

    /// Number of pending worklist items.
    pub fn pending(&self) -> usize {
        self.work.len()
    }

    /// Runs to the end and returns the verdict.
    pub fn run(&mut self) -> Verdict {
        while self.step() == StepResult::Progress {}
        self.verdict.clone().unwrap_or(Verdict::OutOfBudget)
    }

    /// Processes one worklist item.
    pub fn step(&mut self) -> StepResult {
        self.events.clear();
        if self.verdict.is_some() {
            return StepResult::Done;
        }
        let Some(item) = self.work.pop_front() else {
            self.verdict = Some(Verdict::Safe);
            return StepResult::Done;
        };
        self.stats.steps += 1;
        match item {
            Work::Expand(n) => {
                self.note(Event::Expand(n));
                self.expand(n)
            }
            Work::Resume(s) => {
                self.note(Event::Resume(s));
                self.sites[s as usize].queued = false;
                self.resume(s);
            }
        }
        if let Some((node, choice, kind)) = self.failure {
            self.note(Event::Failure { node, kind });
            let mut choices = self.path_to(node);
            choices.push(choice);
            self.verdict = Some(Verdict::Failure { kind, choices });
            return StepResult::Done;
        }
        if self.nodes.len() > self.options.max_states {
            self.verdict = Some(Verdict::OutOfBudget);
            return StepResult::Done;
        }
        StepResult::Progress
    }

    fn new_root(
        &mut self,
        proc: ProcId,
        heap: Heap,
        frame: Frame,
        creator: Option<SiteId>,
    ) -> RootId {
        let id = self.roots.len() as RootId;
        self.note(Event::NewSummary { root: id, site: creator });
        let mut pattern = Pattern::default();
        if self.options.mode == Mode::Patterns {
            for i in 0..self.program().proc(proc).params {
                pattern.add(PatternLoc::Param(i), frame.locals[i as usize]);
            }
            let key = (proc, self.scalar_params(proc, &frame));
            self.roots_by_params.entry(key).or_default().push(id);
        } else {
            self.entry_index.insert((proc, heap.clone(), frame.clone()), id);
        }
        self.roots.push(Root {
            proc,
            entry_heap: heap.clone(),
            entry_frame: frame.clone(),
            pattern,
            effects: Vec::new(),
            effect_index: FxHashMap::default(),
            visited: FxHashMap::default(),
            creator,
            dependents: BTreeSet::new(),
            states: 0,
        });
        self.stats.summaries += 1;
        self.add_node(id, heap, frame, Vec::new(), Pred::Entry);
        id
    }

    /// The parameters' values with addresses blanked out (they match up to renaming).
    fn scalar_params(&self, proc: ProcId, frame: &Frame) -> Vec<Option<Value>> {
        let n = self.program().proc(proc).params as usize;
        frame.locals[..n].iter().map(|v| if v.addr().is_some() { None } else { Some(*v) }).collect()
    }

    fn add_node(&mut self, root: RootId, heap: Heap, frame: Frame, written: Vec<Loc>, pred: Pred) {
        let r = &mut self.roots[root as usize];
        let (heap, frame, _, _) = normalize_in_entry(&heap, &frame, r.entry_cells(), &[]);
        let key = (heap, frame, written);
        if r.visited.contains_key(&key) {
            return;
        }
        let id = self.nodes.len() as NodeId;
        r.visited.insert(key.clone(), id);
        r.states += 1;
        let (heap, frame, written) = key;
        self.nodes.push(Node { root, heap, frame, written, pred });
        self.stats.states += 1;
        self.work.push_back(Work::Expand(id));
        self.note(Event::PathEdge(id));
    }

    /// Something about the root's summary changed: its callers must look again.
    fn root_updated(&mut self, root: RootId) {
        let deps: Vec<SiteId> = self.roots[root as usize].dependents.iter().copied().collect();
        for s in deps {
            let site = &mut self.sites[s as usize];
            if !site.queued {
                site.queued = true;
                self.work.push_back(Work::Resume(s));
                self.note(Event::Rescheduled(s));
            }
        }
    }

    /// Records a read of `loc` in `root` by a path that has written `written` (pattern mode).
    fn note_read(&mut self, root: RootId, written: &[Loc], loc: Loc) {
        let r = &mut self.roots[root as usize];
        if loc.cell >= r.entry_cells() || written.contains(&loc) {
            return;
        }
        let v = r.entry_heap.cells[loc.cell as usize].fields[loc.field as usize];
        if r.pattern.add(PatternLoc::Heap(loc), v) {
            self.note(Event::PatternGrew { root, loc: PatternLoc::Heap(loc) });
            self.root_updated(root);
        }
    }

    fn written_after(&self, root: RootId, written: &[Loc], writes: &[Loc]) -> Vec<Loc> {
        if self.options.mode != Mode::Patterns {
            return Vec::new();
        }
        let cells = self.roots[root as usize].entry_cells();
        let mut w = written.to_vec();
        for l in writes {
            if l.cell < cells && !w.contains(l) {
                w.push(*l);
            }
        }
        w.sort();
        w
    }

    fn expand(&mut self, n: NodeId) {
        let node = &self.nodes[n as usize];
        let root = node.root;
        let succs = successors(self.program(), &node.heap, &node.frame);
        let written = node.written.clone();
        for (choice, succ) in succs.into_iter().enumerate() {
            let choice = choice as u32;
            if self.options.mode == Mode::Patterns {
                for l in &succ.reads {
                    self.note_read(root, &written, *l);
                }
            }
            match succ.outcome {
                Outcome::Next { heap, frame, writes } => {
                    let w = self.written_after(root, &written, &writes);
                    self.add_node(root, heap, frame, w, Pred::Step { from: n, choice });
                }
                Outcome::Call { callee, args } => {
                    let s = self.sites.len() as SiteId;
                    self.sites.push(Site {
                        node: n,
                        choice,
                        callee,
                        args,
                        edge: None,
                        queued: false,
                    });
                    self.note(Event::Call(s));
                    self.resume(s);
                }
                Outcome::Return { values } => self.record_effect(n, choice, &values),
                Outcome::Failure(kind) => {
                    self.failure = Some((n, choice, kind));
                    return;
                }
                Outcome::Blocked => {}
            }
        }
    }

    fn record_effect(&mut self, n: NodeId, choice: u32, values: &[Value]) {
        let node = &self.nodes[n as usize];
        let root = node.root;
        let r = &self.roots[root as usize];
        let cells = r.entry_cells();
        // Only what callers can see survives a return: the callee's locals are dropped.
        let bare = Frame { locals: Vec::new(), ..node.frame.clone() };
        let (heap, _, rets, _) = normalize_in_entry(&node.heap, &bare, cells, values);
        let mut writes: Vec<(Loc, Value)> = Vec::new();
        match self.options.mode {
            Mode::Patterns => {
                for l in &node.written {
                    writes.push((*l, heap.cells[l.cell as usize].fields[l.field as usize]));
                }
            }
            // The entry state is the call site's visible state up to isomorphism, so the
            // locations whose value changed are exactly the effect's writes.
            Mode::FullStates => {
                for a in 0..cells {
                    let now = &heap.cells[a as usize].fields;
                    let then = &r.entry_heap.cells[a as usize].fields;
                    for (f, (x, y)) in now.iter().zip(then).enumerate() {
                        if x != y {
                            writes.push((Loc { cell: a, field: f as u32 }, *x));
                        }
                    }
                }
            }
        }
        let mut fresh = Vec::new();
        for a in cells..heap.cells.len() as u32 {
            let c = &heap.cells[a as usize];
            fresh.push(c.class);
            for (f, v) in c.fields.iter().enumerate() {
                writes.push((Loc { cell: a, field: f as u32 }, *v));
            }
        }
        writes.sort();
        let effect = Effect { fresh, writes, rets };
        let r = &mut self.roots[root as usize];
        if r.effect_index.contains_key(&effect) {
            return;
        }
        r.effect_index.insert(effect.clone(), r.effects.len() as u32);
        let index = r.effects.len() as u32;
        r.effects.push(EffectRecord { effect, exit_node: n, exit_choice: choice });
        self.stats.effects += 1;
        self.note(Event::SummaryEdge { root, effect: index });
        self.root_updated(root);
    }

    /// Links a call to a summary (looking one up or starting one), propagates the callee's
    /// pattern to the caller's, and applies the effects not applied yet.
    fn resume(&mut self, s: SiteId) {
        let site = &self.sites[s as usize];
        let n = site.node;
        let callee = site.callee;
        let caller_root = self.nodes[n as usize].root;
        let callee_frame = entry_frame(self.program(), callee, &site.args);
        let heap = self.nodes[n as usize].heap.clone();
        // A grown pattern must be matched again before any further effect is applied.
        if let Some(edge) = &site.edge {
            let target = &self.roots[edge.target as usize];
            if self.options.mode == Mode::Patterns && target.pattern.len() != edge.pattern_len {
                let target_id = edge.target;
                match match_pattern(&target.pattern, target.entry_cells(), &heap, &callee_frame) {
                    Some(map) => {
                        let len = target.pattern.len();
                        let edge = self.sites[s as usize].edge.as_mut().expect("edge present");
                        edge.map = map;
                        edge.pattern_len = len;
                    }
                    None => {
                        self.note(Event::Invalidated { site: s, root: target_id });
                        self.stats.invalidations += 1;
                        self.roots[target_id as usize].dependents.remove(&s);
                        self.sites[s as usize].edge = None;
                    }
                }
            }
        }
        if self.sites[s as usize].edge.is_none() {
            let edge = self.look_up(s, callee, &heap, &callee_frame);
            self.roots[edge.target as usize].dependents.insert(s);
            self.sites[s as usize].edge = Some(edge);
        }
        let edge = self.sites[s as usize].edge.clone().expect("edge present");
        let target = edge.target;
        if self.options.mode == Mode::Patterns {
            let written = self.nodes[n as usize].written.clone();
            let reads: Vec<Loc> = self.roots[target as usize]
                .pattern
                .entries
                .iter()
                .filter_map(|(loc, _)| match loc {
                    PatternLoc::Heap(l) => {
                        edge.map.get(l.cell).map(|c| Loc { cell: c, field: l.field })
                    }
                    PatternLoc::Param(_) => None,
                })
                .collect();
            for l in reads {
                self.note_read(caller_root, &written, l);
            }
        }
        let total = self.roots[target as usize].effects.len();
        let entry_cells = self.roots[target as usize].entry_cells();
        for k in edge.applied..total {
            let effect = &self.roots[target as usize].effects[k].effect;
            let node = &self.nodes[n as usize];
            self.stats.applications += 1;
            let Some(applied) = apply(effect, &edge.map, entry_cells, &node.heap) else {
                // Unreachable by the pattern invariant; dropping the effect would be unsound,
                // so the run stops without a verdict.
                self.verdict = Some(Verdict::OutOfBudget);
                return;
            };
            let mut heap = applied.heap;
            let mut frame = node.frame.clone();
            let written = node.written.clone();
            let mut reads = Vec::new();
            self.note(Event::Applied { site: s, root: target, effect: k as u32 });
            let finished =
                finish_call(self.program(), &mut heap, &mut frame, &applied.rets, &mut reads);
            let mut writes = applied.writes;
            if self.options.mode == Mode::Patterns {
                // The caller's enforce clause read these after the callee's writes.
                let now_written = self.written_after(caller_root, &written, &writes);
                for l in reads {
                    self.note_read(caller_root, &now_written, l);
                }
            }
            let Some(ret_writes) = finished else { continue };
            writes.extend(ret_writes);
            let w = self.written_after(caller_root, &written, &writes);
            let pred = Pred::Return { site: s, root: target, effect: k as u32 };
            self.add_node(caller_root, heap, frame, w, pred);
        }
        if let Some(e) = self.sites[s as usize].edge.as_mut() {
            e.applied = total;
        }
    }

    fn look_up(&mut self, s: SiteId, callee: ProcId, heap: &Heap, frame: &Frame) -> Edge {
        self.stats.lookups += 1;
        let (ch, cf, witness) = canonical(heap, frame);
        match self.options.mode {
            Mode::FullStates => {
                let map = AddrMap::from_witness(&witness.old_of);
                if let Some(&r) = self.entry_index.get(&(callee, ch.clone(), cf.clone())) {
                    self.stats.hits += 1;
                    self.note(Event::Reused { site: s, root: r });
                    return Edge { target: r, map, pattern_len: 0, applied: 0 };
                }
                let r = self.new_root(callee, ch, cf, Some(s));
                Edge { target: r, map, pattern_len: 0, applied: 0 }
            }
            Mode::Patterns => {
                let key = (callee, self.scalar_params(callee, frame));
                let candidates = self.roots_by_params.get(&key).cloned().unwrap_or_default();
                for r in candidates {
                    let root = &self.roots[r as usize];
                    if let Some(map) = match_pattern(&root.pattern, root.entry_cells(), heap, frame)
                    {
                        let pattern_len = root.pattern.len();
                        self.stats.hits += 1;
                        self.note(Event::Reused { site: s, root: r });
                        return Edge { target: r, map, pattern_len, applied: 0 };
                    }
                }
                let r = self.new_root(callee, ch, cf, Some(s));
                let map = AddrMap::from_witness(&witness.old_of);
                Edge {
                    target: r,
                    map,
                    pattern_len: self.roots[r as usize].pattern.len(),
                    applied: 0,
                }
            }
        }
    }

    /// The transition choices that lead from the initial state to `node`: the path into its
    /// root's creating call, recursively, then the path inside the root, with each returning
    /// call expanded into the callee's path to the effect it applied. Every link points to an
    /// object created earlier, so this terminates.
    pub fn path_to(&self, node: NodeId) -> Vec<u32> {
        enum Task {
            Emit(u32),
            Local(NodeId),
            Context(RootId),
        }
        let mut out = Vec::new();
        let mut stack = vec![Task::Local(node), Task::Context(self.nodes[node as usize].root)];
        while let Some(t) = stack.pop() {
            match t {
                Task::Emit(c) => out.push(c),
                Task::Context(r) => {
                    if let Some(s) = self.roots[r as usize].creator {
                        let site = &self.sites[s as usize];
                        stack.push(Task::Emit(site.choice));
                        stack.push(Task::Local(site.node));
                        stack.push(Task::Context(self.nodes[site.node as usize].root));
                    }
                }
                Task::Local(n) => match self.nodes[n as usize].pred {
                    Pred::Entry => {}
                    Pred::Step { from, choice } => {
                        stack.push(Task::Emit(choice));
                        stack.push(Task::Local(from));
                    }
                    Pred::Return { site, root, effect } => {
                        let e = &self.roots[root as usize].effects[effect as usize];
                        let site = &self.sites[site as usize];
                        stack.push(Task::Emit(e.exit_choice));
                        stack.push(Task::Local(e.exit_node));
                        stack.push(Task::Emit(site.choice));
                        stack.push(Task::Local(site.node));
                    }
                },
            }
        }
        out
    }

    /// Summaries per procedure: (number of roots, number of effects).
    pub fn summaries_per_proc(&self) -> Vec<(u32, u32)> {
        let mut out = vec![(0, 0); self.program().procs.len()];
        for r in &self.roots {
            let e = &mut out[r.proc.0 as usize];
            e.0 += 1;
            e.1 += r.effects.len() as u32;
        }
        out
    }

    /// Calls between procedures that the exploration made: (caller, callee) pairs, sorted.
    pub fn call_edges(&self) -> BTreeSet<(ProcId, ProcId)> {
        self.sites
            .iter()
            .map(|s| (self.roots[self.nodes[s.node as usize].root as usize].proc, s.callee))
            .collect()
    }
}

//! The explicit interleaving semantics of a concurrent boolean program, bounded by context
//! switches: the baseline search over every schedule, and the replay every counterexample
//! passes before it is reported.
//!
//! A state holds the globals, `init`'s stack while it runs, one stack per thread, the running
//! thread and the switches taken. Its moves, in a fixed order: first the initial valuation of
//! the globals (every one, in the order a `Havoc` of all globals enumerates them); then `init`'s
//! steps until it returns; then the running thread's steps (numbered as
//! [`super::super::explicit::transitions`] numbers a stack's), then a switch to each other
//! unfinished thread. The first thread is chosen freely; every later switch counts, is allowed
//! only while every atomic global is false, and at most K are taken. A thread's step is one
//! step of the sequential semantics on its own stack, so this module shares nothing with the
//! reduction but that semantics.

use std::fmt::Write as _;

use rustc_hash::FxHashMap;

use super::Concurrent;
use crate::boolprog::explicit::{State, Transition, transitions};
use crate::boolprog::ir::{GLOBALS, Pc, ProcId, Value};
use crate::boolprog::render::{position, raw_state, value};
use crate::boolprog::semantics::{FailureKind, Frame, Heap, entry_frame, initial_heap};
use crate::syntax::SourceMap;

/// Most globals whose initial valuations are enumerated (2^20 of them).
pub const MAX_GLOBALS: usize = 20;

/// A whole state of the interleaving semantics.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IState {
    /// The globals cell (Bebop programs allocate nothing else).
    pub heap: Heap,
    /// False until the globals got their initial values.
    pub started: bool,
    /// `init`'s stack while it runs.
    pub init: Vec<Frame>,
    /// Each thread's stack (empty once it returned).
    pub stacks: Vec<Vec<Frame>>,
    /// The running thread, once one was chosen.
    pub current: Option<u32>,
    /// Context switches taken.
    pub switches: u32,
}

/// One move, as traces and replays name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Label {
    /// The globals' initial valuation, numbered as a `Havoc` of all of them enumerates them.
    Start(u32),
    /// A step of `init` (`None`) or of a thread, the `choice`-th transition of its stack.
    Step {
        /// The thread, or `None` for `init`.
        thread: Option<u32>,
        /// Which transition of its stack.
        choice: u32,
    },
    /// Run this thread next (the first choice of a thread is not a context switch).
    Switch(u32),
}

/// What a move leads to.
#[derive(Clone, Debug)]
enum Move {
    Next(IState),
    Failure(FailureKind),
    Dead,
}

/// The initial state: nothing started.
pub fn initial(conc: &Concurrent) -> IState {
    IState {
        heap: initial_heap(&conc.program),
        started: false,
        init: Vec::new(),
        stacks: conc.threads.iter().map(|&t| vec![entry_frame(&conc.program, t, &[])]).collect(),
        current: None,
        switches: 0,
    }
}

fn atomic_free(conc: &Concurrent, heap: &Heap) -> bool {
    conc.atomic
        .iter()
        .all(|&g| heap.cells[GLOBALS as usize].fields[g as usize] != Value::Bool(true))
}

/// A step of one stack: its new heap and frames (empty when it returned), a failure, or ruled
/// out.
enum StackMove {
    Next(Heap, Vec<Frame>),
    Failure(FailureKind),
    Dead,
}

/// The steps of one stack, as the sequential semantics numbers them.
fn stack_moves(conc: &Concurrent, heap: &Heap, stack: &[Frame]) -> Vec<StackMove> {
    let state = State { heap: heap.clone(), frames: stack.to_vec() };
    transitions(&conc.program, &state)
        .into_iter()
        .map(|t| match t {
            Transition::Next(s) => StackMove::Next(s.heap, s.frames),
            Transition::Exit => StackMove::Next(heap.clone(), Vec::new()),
            Transition::Failure(k) => StackMove::Failure(k),
            Transition::Blocked => StackMove::Dead,
        })
        .collect()
}

/// Every move of a state, in the fixed order the module describes.
fn moves(conc: &Concurrent, contexts: u32, s: &IState) -> Vec<(Label, Move)> {
    let mut out = Vec::new();
    if !s.started {
        let n = conc.program.globals().len();
        for i in 0..1u32 << n {
            let mut next = s.clone();
            next.started = true;
            for g in 0..n {
                // A `Havoc` enumerates the first target slowest.
                let bit = (i >> (n - 1 - g)) & 1 == 1;
                next.heap.cells[GLOBALS as usize].fields[g] = Value::Bool(bit);
            }
            if let Some(init) = conc.init {
                next.init = vec![entry_frame(&conc.program, init, &[])];
            }
            out.push((Label::Start(i), Move::Next(next)));
        }
        return out;
    }
    if !s.init.is_empty() {
        for (choice, m) in stack_moves(conc, &s.heap, &s.init).into_iter().enumerate() {
            let label = Label::Step { thread: None, choice: choice as u32 };
            out.push((label, with_stack(s, m, None)));
        }
        return out;
    }
    if let Some(t) = s.current
        && !s.stacks[t as usize].is_empty()
    {
        let stack = &s.stacks[t as usize];
        for (choice, m) in stack_moves(conc, &s.heap, stack).into_iter().enumerate() {
            let label = Label::Step { thread: Some(t), choice: choice as u32 };
            out.push((label, with_stack(s, m, Some(t))));
        }
    }
    let may_switch = match s.current {
        None => true,
        Some(_) => s.switches < contexts && atomic_free(conc, &s.heap),
    };
    if may_switch {
        for d in 0..conc.threads.len() as u32 {
            if Some(d) != s.current && !s.stacks[d as usize].is_empty() {
                let mut next = s.clone();
                if s.current.is_some() {
                    next.switches += 1;
                }
                next.current = Some(d);
                out.push((Label::Switch(d), Move::Next(next)));
            }
        }
    }
    out
}

/// A stack's move as a move of the whole state.
fn with_stack(s: &IState, m: StackMove, thread: Option<u32>) -> Move {
    match m {
        StackMove::Next(heap, stack) => {
            let mut next = s.clone();
            next.heap = heap;
            match thread {
                None => next.init = stack,
                Some(t) => next.stacks[t as usize] = stack,
            }
            Move::Next(next)
        }
        StackMove::Failure(k) => Move::Failure(k),
        StackMove::Dead => Move::Dead,
    }
}

/// Bounds of the explicit search.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Context switches allowed.
    pub contexts: u32,
    /// Most states explored.
    pub max_states: usize,
    /// Deepest stack explored (frames, per thread).
    pub max_depth: usize,
}

/// Counters of the explicit search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExploreStats {
    /// Distinct states.
    pub states: u64,
    /// Moves followed.
    pub moves: u64,
    /// States not explored because a stack was too deep.
    pub cut_by_depth: u64,
}

/// The outcome of the explicit search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every state within the bound was explored; no failure.
    Safe,
    /// A failure, with the moves leading to it (the failing one last).
    Failure(Vec<Label>),
    /// The state or depth bound was hit first.
    Bounded,
}

/// Depth-first search over every interleaving with at most `bounds.contexts` switches.
pub fn explore(conc: &Concurrent, bounds: Bounds) -> (Verdict, ExploreStats) {
    let mut stats = ExploreStats::default();
    if conc.program.globals().len() > MAX_GLOBALS {
        return (Verdict::Bounded, stats);
    }
    let start = initial(conc);
    let mut states: Vec<(IState, u32, Option<Label>)> = vec![(start.clone(), u32::MAX, None)];
    let mut visited: FxHashMap<IState, u32> = FxHashMap::default();
    visited.insert(start, 0);
    let mut stack = vec![0u32];
    let mut bounded = false;
    let path = |states: &Vec<(IState, u32, Option<Label>)>, mut i: u32| {
        let mut out = Vec::new();
        while let Some(l) = states[i as usize].2 {
            out.push(l);
            i = states[i as usize].1;
        }
        out.reverse();
        out
    };
    while let Some(i) = stack.pop() {
        let state = states[i as usize].0.clone();
        let deep = state.init.len().max(state.stacks.iter().map(Vec::len).max().unwrap_or(0));
        if deep > bounds.max_depth {
            stats.cut_by_depth += 1;
            bounded = true;
            continue;
        }
        let ms = moves(conc, bounds.contexts, &state);
        for (label, m) in ms.into_iter().rev() {
            stats.moves += 1;
            match m {
                Move::Next(s) => {
                    if visited.contains_key(&s) {
                        continue;
                    }
                    if states.len() >= bounds.max_states {
                        bounded = true;
                        stack.clear();
                        break;
                    }
                    let id = states.len() as u32;
                    visited.insert(s.clone(), id);
                    states.push((s, i, Some(label)));
                    stack.push(id);
                }
                Move::Failure(_) => {
                    let mut labels = path(&states, i);
                    labels.push(label);
                    stats.states = states.len() as u64;
                    return (Verdict::Failure(labels), stats);
                }
                Move::Dead => {}
            }
        }
    }
    stats.states = states.len() as u64;
    (if bounded { Verdict::Bounded } else { Verdict::Safe }, stats)
}

/// One step of a replayed interleaving.
#[derive(Clone, Debug)]
pub struct IStep {
    /// The move.
    pub label: Label,
    /// For a step: the procedure and instruction that ran, and the stack depth.
    pub at: Option<(ProcId, Pc, usize)>,
    /// The state after the move (for the failing step, the state it failed in).
    pub state: IState,
}

/// An interleaving confirmed on the concrete semantics.
#[derive(Clone, Debug)]
pub struct ITrace {
    /// What failed.
    pub kind: FailureKind,
    /// The moves, the failing one last.
    pub steps: Vec<IStep>,
    /// The context switches taken.
    pub switches: u32,
}

impl ITrace {
    /// How many of its moves are statements run (not context switches).
    pub fn statements(&self) -> usize {
        self.steps.iter().filter(|s| matches!(s.label, Label::Step { .. })).count()
    }
}

/// Why a list of moves is not a counterexample.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The move is not one the state has (a switch not allowed, a choice out of range).
    #[error("move {0}: no such move")]
    NoSuchMove(usize),
    /// The move is ruled out (`assume`, `constrain`).
    #[error("move {0}: the execution stops here")]
    Stopped(usize),
    /// The moves end without a failure.
    #[error("the moves end without a failure")]
    NoFailure,
}

/// Replays moves from the initial state with at most `contexts` switches. It succeeds at the
/// first move that fails (the moves after it, if any, are not needed to show the failure), and
/// only if every move before it is one the state has.
pub fn replay(conc: &Concurrent, contexts: u32, labels: &[Label]) -> Result<ITrace, ReplayError> {
    let mut state = initial(conc);
    let mut steps = Vec::with_capacity(labels.len());
    for (i, label) in labels.iter().enumerate() {
        let at = running(&state, *label);
        let ms = moves(conc, contexts, &state);
        let Some((_, m)) = ms.into_iter().find(|(l, _)| l == label) else {
            return Err(ReplayError::NoSuchMove(i));
        };
        match m {
            Move::Next(s) => {
                state = s;
                steps.push(IStep { label: *label, at, state: state.clone() });
            }
            Move::Failure(kind) => {
                steps.push(IStep { label: *label, at, state: state.clone() });
                return Ok(ITrace { kind, steps, switches: state.switches });
            }
            Move::Dead => return Err(ReplayError::Stopped(i)),
        }
    }
    Err(ReplayError::NoFailure)
}

/// The instruction a step label runs in a state, with its stack depth.
fn running(s: &IState, label: Label) -> Option<(ProcId, Pc, usize)> {
    let Label::Step { thread, .. } = label else { return None };
    let stack = match thread {
        None => &s.init,
        Some(t) => s.stacks.get(t as usize)?,
    };
    stack.last().map(|f| (f.proc, f.pc, stack.len()))
}

/// The trace as text: the initial globals, each step with its thread, position and statement and
/// the state after it, each context switch on a line of its own.
pub fn render(conc: &Concurrent, sources: &SourceMap, trace: &ITrace) -> String {
    let prog = &conc.program;
    let mut out = String::new();
    let n = trace.steps.len();
    let mut number = 0;
    for (i, step) in trace.steps.iter().enumerate() {
        let s = &step.state;
        match step.label {
            Label::Start(_) => {
                let globals: Vec<String> = prog
                    .globals()
                    .iter()
                    .zip(&s.heap.cells[GLOBALS as usize].fields)
                    .map(|(g, v)| format!("{}={}", g.name, value(*v)))
                    .collect();
                let _ = writeln!(out, "  initial globals [{}]", globals.join(" "));
            }
            Label::Switch(t) => {
                let what = if s.switches == 0 {
                    "first thread".to_string()
                } else {
                    format!("context switch {}", s.switches)
                };
                let _ = writeln!(out, "  -- {what}: thread `{}` runs", conc.thread_name(t));
            }
            Label::Step { thread, .. } => {
                number += 1;
                let Some((proc, pc, depth)) = step.at else { continue };
                let p = prog.proc(proc);
                let text = p.texts.get(pc as usize).map_or("", String::as_str);
                let who = match thread {
                    None => "init".to_string(),
                    Some(t) => conc.thread_name(t).to_string(),
                };
                let indent = "  ".repeat(depth.saturating_sub(1));
                let _ = writeln!(
                    out,
                    "{number:>4}. [{who}] {indent}{} {}: {text}",
                    position(prog, sources, proc, pc),
                    p.name
                );
                let stack = match thread {
                    None => &s.init,
                    Some(t) => &s.stacks[t as usize],
                };
                let shown = match stack.last() {
                    Some(f) => raw_state(prog, &s.heap, f),
                    None => {
                        let globals: Vec<String> = prog
                            .globals()
                            .iter()
                            .zip(&s.heap.cells[GLOBALS as usize].fields)
                            .map(|(g, v)| format!("{}={}", g.name, value(*v)))
                            .collect();
                        format!("[{}] (returned)", globals.join(" "))
                    }
                };
                if i + 1 < n {
                    let _ = writeln!(out, "        {indent}{shown}");
                } else {
                    let _ =
                        writeln!(out, "        {indent}{} here, in {shown}", trace.kind.describe());
                }
            }
        }
    }
    out
}

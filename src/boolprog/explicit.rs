//! The baseline without summaries: explicit search over whole states (heap and call stack), and
//! the replay of counterexamples on the same concrete semantics.
//!
//! The search keeps a visited set of canonical whole states. It is bounded twice, so it always
//! terminates: a stack deeper than `max_depth` frames is not explored further, and the search
//! stops after `max_states` states. A bound that was hit makes a "safe" answer "unknown"; a
//! failure found within the bounds is real (and replayed like any other).

use rustc_hash::FxHashMap;

use super::heap::canonical_stack;
use super::ir::{Pc, ProcId, Program};
use super::semantics::{
    FailureKind, Frame, Heap, Outcome, entry_frame, finish_call, initial_heap, successors,
};

/// A whole state: the heap and the call stack (bottom first; the last frame runs).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// The heap.
    pub heap: Heap,
    /// The frames, bottom first.
    pub frames: Vec<Frame>,
}

/// One whole-state transition.
#[derive(Clone, Debug)]
pub enum Transition {
    /// To this state.
    Next(State),
    /// The execution fails.
    Failure(FailureKind),
    /// Ruled out by `assume`, `constrain` or `enforce`.
    Blocked,
    /// `main` returned.
    Exit,
}

/// The initial state: default globals and `main`'s frame.
pub fn initial_state(prog: &Program) -> State {
    State { heap: initial_heap(prog), frames: vec![entry_frame(prog, prog.main, &[])] }
}

/// Every transition of a whole state, numbered exactly as [`successors`] numbers those of its
/// top frame (a call pushes, a return pops and completes the caller's call).
pub fn transitions(prog: &Program, state: &State) -> Vec<Transition> {
    let Some(top) = state.frames.last() else { return Vec::new() };
    successors(prog, &state.heap, top)
        .into_iter()
        .map(|s| match s.outcome {
            Outcome::Next { heap, frame, .. } => {
                let mut frames = state.frames.clone();
                *frames.last_mut().expect("non-empty stack") = frame;
                Transition::Next(State { heap, frames })
            }
            Outcome::Call { callee, args } => {
                let mut frames = state.frames.clone();
                frames.push(entry_frame(prog, callee, &args));
                Transition::Next(State { heap: state.heap.clone(), frames })
            }
            Outcome::Return { values } => {
                let mut frames = state.frames.clone();
                frames.pop();
                let mut heap = state.heap.clone();
                match frames.last_mut() {
                    None => Transition::Exit,
                    Some(caller) => {
                        match finish_call(prog, &mut heap, caller, &values, &mut Vec::new()) {
                            Some(_) => Transition::Next(State { heap, frames }),
                            None => Transition::Blocked,
                        }
                    }
                }
            }
            Outcome::Failure(k) => Transition::Failure(k),
            Outcome::Blocked => Transition::Blocked,
        })
        .collect()
}

/// Bounds of the explicit search.
#[derive(Clone, Copy, Debug)]
pub struct Bounds {
    /// Deepest call stack explored (frames).
    pub max_depth: usize,
    /// Most states explored.
    pub max_states: usize,
}

impl Default for Bounds {
    fn default() -> Self {
        Bounds { max_depth: 50, max_states: 1_000_000 }
    }
}

/// Counters of the explicit search.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ExplicitStats {
    /// Distinct (canonical) whole states.
    pub states: u64,
    /// Transitions followed.
    pub transitions: u64,
    /// Deepest stack seen.
    pub max_depth: u64,
    /// States not explored because of the depth bound.
    pub cut_by_depth: u64,
}

/// The outcome of the explicit search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExplicitVerdict {
    /// Every reachable state was explored; no failure.
    Safe,
    /// A failure, with the choices leading to it (the failing one last).
    Failure {
        /// What failed.
        kind: FailureKind,
        /// The transition choices from the initial state.
        choices: Vec<u32>,
    },
    /// A bound was hit before a failure was found.
    Bounded,
}

/// Depth-first search over canonical whole states.
pub fn explore(prog: &Program, bounds: Bounds) -> (ExplicitVerdict, ExplicitStats) {
    let mut stats = ExplicitStats::default();
    let start = initial_state(prog);
    let (h, f) = canonical_stack(&start.heap, &start.frames);
    let mut states: Vec<(State, u32, u32)> = vec![(State { heap: h, frames: f }, u32::MAX, 0)];
    let mut visited: FxHashMap<State, u32> = FxHashMap::default();
    visited.insert(states[0].0.clone(), 0);
    let mut stack = vec![0u32];
    let mut bounded = false;
    let path = |states: &Vec<(State, u32, u32)>, mut i: u32| {
        let mut out = Vec::new();
        while states[i as usize].1 != u32::MAX {
            out.push(states[i as usize].2);
            i = states[i as usize].1;
        }
        out.reverse();
        out
    };
    while let Some(i) = stack.pop() {
        let state = states[i as usize].0.clone();
        stats.max_depth = stats.max_depth.max(state.frames.len() as u64);
        if state.frames.len() > bounds.max_depth {
            stats.cut_by_depth += 1;
            bounded = true;
            continue;
        }
        let ts = transitions(prog, &state);
        // Push in reverse so the first choice is explored first.
        for (choice, t) in ts.into_iter().enumerate().rev() {
            stats.transitions += 1;
            match t {
                Transition::Next(s) => {
                    let (heap, frames) = canonical_stack(&s.heap, &s.frames);
                    let s = State { heap, frames };
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
                    states.push((s, i, choice as u32));
                    stack.push(id);
                }
                Transition::Failure(kind) => {
                    let mut choices = path(&states, i);
                    choices.push(choice as u32);
                    stats.states = states.len() as u64;
                    return (ExplicitVerdict::Failure { kind, choices }, stats);
                }
                Transition::Blocked | Transition::Exit => {}
            }
        }
    }
    stats.states = states.len() as u64;
    (if bounded { ExplicitVerdict::Bounded } else { ExplicitVerdict::Safe }, stats)
}

/// One step of a replayed counterexample.
#[derive(Clone, Debug)]
pub struct TraceStep {
    /// Stack depth when the step ran (1 = `main`).
    pub depth: usize,
    /// The procedure and instruction that ran.
    pub proc: ProcId,
    /// The instruction.
    pub pc: Pc,
    /// The state after the step (for the failing step, the state it failed in).
    pub state: State,
}

/// A counterexample confirmed on the concrete semantics.
#[derive(Clone, Debug)]
pub struct Trace {
    /// What failed.
    pub kind: FailureKind,
    /// The steps, the failing one last.
    pub steps: Vec<TraceStep>,
}

/// Why a list of choices is not a counterexample.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A choice number is out of range at this step.
    #[error("step {0}: no such transition")]
    NoSuchTransition(usize),
    /// A step before the last one does not continue the execution.
    #[error("step {0}: the execution stops here")]
    Stopped(usize),
    /// The last step does not fail, or fails differently.
    #[error("the last step does not fail as claimed")]
    NoFailure,
}

/// Replays choices from the initial state; succeeds only if every step is a real transition
/// and the last one fails with `kind`.
pub fn replay(prog: &Program, choices: &[u32], kind: FailureKind) -> Result<Trace, ReplayError> {
    let mut state = initial_state(prog);
    let mut steps = Vec::with_capacity(choices.len());
    for (i, &c) in choices.iter().enumerate() {
        let top = state.frames.last().ok_or(ReplayError::Stopped(i))?;
        let (depth, proc, pc) = (state.frames.len(), top.proc, top.pc);
        let mut ts = transitions(prog, &state);
        if c as usize >= ts.len() {
            return Err(ReplayError::NoSuchTransition(i));
        }
        let last = i + 1 == choices.len();
        match ts.swap_remove(c as usize) {
            Transition::Next(s) if !last => {
                state = s;
                steps.push(TraceStep { depth, proc, pc, state: state.clone() });
            }
            Transition::Failure(k) if last && k == kind => {
                steps.push(TraceStep { depth, proc, pc, state: state.clone() });
                return Ok(Trace { kind, steps });
            }
            Transition::Failure(_) if last => return Err(ReplayError::NoFailure),
            _ if last => return Err(ReplayError::NoFailure),
            _ => return Err(ReplayError::Stopped(i)),
        }
    }
    Err(ReplayError::NoFailure)
}

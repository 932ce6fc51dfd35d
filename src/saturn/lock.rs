//! The lock checker (the paper's §5): every lock is a finite-state machine (Locked, Unlocked,
//! Error) kept as an attribute of its address, created on demand: an unknown array from
//! addresses to states on entry (each lock's entry state), updated by the primitives a lock
//! specification names (`stdlib/saturn/locks.spec`). Per function, the relation R of the
//! function's FSM summary ⟨Pin, Pout, M, R⟩ is inferred by SAT queries (Fig. 10: entry state,
//! the return value's truth as the output proposition, exit state), and the errors are read off
//! it: Type A, a lock that ends in Error whatever its entry state (double lock, unlock of an
//! unlocked lock), and Type B, an entry state and return value from which the function can exit
//! both Locked and Unlocked.
//!
//! This slice infers R but does not yet apply summaries at call sites (Fig. 9): callees are
//! expanded into the caller's graph (to a depth), so an interprocedural error is found in the
//! caller. Pin is empty (as the paper's lock checker has it) and M is not computed.

use std::collections::BTreeMap;
use std::rc::Rc;

use rug::Integer;

use super::bitvector::{self as bv, Bv};
use super::boolean::{B, Cnf};
use super::error::SaturnError;
use super::schedule;
use super::symbolic::{self, Array, CallEffect, CallSite, Execution, State, Value, VarKey};
use super::unroll::{self, UnrollOptions};
use crate::hol::{ConstId, TyNode};
use crate::ir::{ProcId, Program};
use crate::syntax::Span;

/// What a lock primitive does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Primitive {
    /// Unlocked to Locked; Locked to Error.
    Lock,
    /// Locked to Unlocked; Unlocked to Error.
    Unlock,
    /// Unlocked to Locked (returning nonzero) or Unlocked (returning 0); Locked to Error.
    Trylock,
    /// As [`Primitive::Trylock`], returning 0 on success (`pthread_mutex_trylock`).
    TrylockZero,
}

/// A lock specification: per primitive's name, what it does and which argument is the lock.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LockSpec {
    /// The primitives by name.
    pub primitives: BTreeMap<String, (Primitive, usize)>,
}

/// Why a lock specification could not be read.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
#[error("line {line}: {what}")]
pub struct SpecError {
    /// The line (from 1).
    pub line: usize,
    /// What is wrong.
    pub what: &'static str,
}

/// The specification craig ships (`stdlib/saturn/locks.spec`).
pub const DEFAULT_SPEC: &str = include_str!("../../stdlib/saturn/locks.spec");

impl LockSpec {
    /// Reads `KIND NAME ARGUMENT` lines; `#` starts a comment.
    pub fn parse(text: &str) -> Result<LockSpec, SpecError> {
        let mut primitives = BTreeMap::new();
        for (i, line) in text.lines().enumerate() {
            let line_no = i + 1;
            let words: Vec<&str> =
                line.split('#').next().unwrap_or("").split_whitespace().collect();
            if words.is_empty() {
                continue;
            }
            let [kind, name, arg] = words[..] else {
                return Err(SpecError { line: line_no, what: "expected `KIND NAME ARGUMENT`" });
            };
            let kind = match kind {
                "lock" => Primitive::Lock,
                "unlock" => Primitive::Unlock,
                "trylock" => Primitive::Trylock,
                "trylock-zero" => Primitive::TrylockZero,
                _ => {
                    return Err(SpecError {
                        line: line_no,
                        what: "KIND is lock, unlock, trylock or trylock-zero",
                    });
                }
            };
            let Ok(arg) = arg.parse::<usize>() else {
                return Err(SpecError { line: line_no, what: "ARGUMENT is a position from 0" });
            };
            primitives.insert(name.to_string(), (kind, arg));
        }
        Ok(LockSpec { primitives })
    }
}

/// A lock state: two bits.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum LockState {
    /// An error happened (absorbing).
    Error = 0,
    /// Held.
    Locked = 1,
    /// Not held.
    Unlocked = 2,
}

impl LockState {
    fn bits(self) -> Bv {
        Bv::constant(&Integer::from(self as u32), 2)
    }

    /// The state's name.
    pub fn name(self) -> &'static str {
        match self {
            LockState::Error => "Error",
            LockState::Locked => "Locked",
            LockState::Unlocked => "Unlocked",
        }
    }
}

/// The key of the lock-state attribute in an environment: no program variable has it.
const LOCKS: VarKey = (None, ConstId(u32::MAX));

/// One call of a primitive met in the unrolled graph.
#[derive(Clone, Debug)]
struct Event {
    /// The lock's address.
    address: Bv,
    /// True when this call moves the lock into Error.
    error: B,
    /// The frame it is in (0: the function itself).
    frame: usize,
    /// Where the call is.
    span: Option<Span>,
}

struct LockEffect<'s> {
    spec: &'s LockSpec,
    names: BTreeMap<ProcId, String>,
    events: Vec<Event>,
    entry: Option<Rc<Array>>,
}

impl CallEffect for LockEffect<'_> {
    fn start(&mut self, exec: &mut Execution<'_>) -> Result<(), SaturnError> {
        let entry = exec.fresh_attribute(2);
        exec.initial.insert(LOCKS, Value::Array(entry.clone()));
        self.entry = Some(entry);
        Ok(())
    }

    fn apply(
        &mut self,
        exec: &mut Execution<'_>,
        site: &CallSite,
        state: &mut State,
    ) -> Result<Option<Vec<Value>>, SaturnError> {
        let Some(name) = self.names.get(&site.callee) else { return Ok(None) };
        let Some(&(primitive, position)) = self.spec.primitives.get(name) else { return Ok(None) };
        let Some(Value::Int(address)) = site.args.get(position).cloned() else {
            return Err(SaturnError::Unsupported {
                what: "a lock primitive without an integer address argument",
                span: None,
            });
        };
        let Value::Array(locks) = exec.read(state, LOCKS)? else {
            return Err(SaturnError::Internal("the lock attribute is not an array"));
        };
        let Value::Int(now) = exec.select(&locks, &address)? else {
            return Err(SaturnError::Internal("a lock state is not two bits"));
        };
        let guard = exec.guards.formula(&mut exec.dag, site.guard);
        let is = |exec: &mut Execution<'_>, s: LockState| bv::equal(&mut exec.dag, &now, &s.bits());
        let unlocked = is(exec, LockState::Unlocked);
        let locked = is(exec, LockState::Locked);
        let error_state = LockState::Error.bits();
        let (next, bad, result) = match primitive {
            Primitive::Lock => (
                bv::ite(&mut exec.dag, unlocked, &LockState::Locked.bits(), &error_state),
                locked,
                None,
            ),
            Primitive::Unlock => (
                bv::ite(&mut exec.dag, locked, &LockState::Unlocked.bits(), &error_state),
                unlocked,
                None,
            ),
            Primitive::Trylock | Primitive::TrylockZero => {
                let acquired = exec.dag.input();
                let taken = bv::ite(
                    &mut exec.dag,
                    acquired,
                    &LockState::Locked.bits(),
                    &LockState::Unlocked.bits(),
                );
                let next = bv::ite(&mut exec.dag, unlocked, &taken, &error_state);
                let truth = if primitive == Primitive::Trylock { acquired } else { !acquired };
                (next, locked, Some(bv::lift(truth, exec.width)))
            }
        };
        let error = exec.dag.and(guard, bad);
        let frame = exec.graph.nodes[exec.graph.edges[site.edge].from].frame;
        let procedure = exec.graph.frames[frame].procedure;
        let span = match exec.graph.edges[site.edge].step {
            unroll::Step::Ir(i) => {
                exec.program.procedure(procedure).body.as_ref().and_then(|b| b.edges[i].span)
            }
            _ => None,
        };
        self.events.push(Event { address: address.clone(), error, frame, span });
        state
            .env
            .insert(LOCKS, Value::Array(Rc::new(Array::Store(locks, address, Value::Int(next)))));
        let zero = Bv::constant(&Integer::new(), exec.width);
        Ok(Some(vec![Value::Int(result.unwrap_or(zero))]))
    }
}

/// One element of R: a lock, the entry state, the return value's truth (none for a function
/// without an integer result) and the exit state.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub struct Transition {
    /// The lock, by the first primitive call on it.
    pub lock: usize,
    /// The entry state.
    pub from: LockState,
    /// Whether the result is nonzero.
    pub out: Option<bool>,
    /// The exit state.
    pub to: LockState,
}

/// A lock error of a function.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum LockError {
    /// The lock ends in Error from both entry states.
    TypeA {
        /// The lock.
        lock: usize,
        /// The call that errs when the lock is held on entry, and the parameters' values of
        /// that run.
        from_locked: (Option<Span>, Vec<(String, Integer)>),
        /// The call that errs when the lock is free on entry, and the parameters' values.
        from_unlocked: (Option<Span>, Vec<(String, Integer)>),
    },
    /// From one entry state and return value, the function can exit Locked and Unlocked.
    TypeB {
        /// The lock.
        lock: usize,
        /// The entry state.
        from: LockState,
        /// The return value's truth.
        out: Option<bool>,
    },
}

/// The lock checker's result for one function (stored as it is in the summary database).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FunctionLocks {
    /// The function.
    pub function: String,
    /// Its locks: the first primitive call on each.
    pub locks: Vec<Option<Span>>,
    /// R, sorted.
    pub transitions: Vec<Transition>,
    /// The errors read off R.
    pub errors: Vec<LockError>,
    /// Back edges cut by the unrolling.
    pub loops_cut: usize,
    /// SAT queries asked.
    pub queries: usize,
}

/// The functions the lock checker looks at, callees first: every function with a body that
/// is not a primitive.
pub fn functions(program: &Program, spec: &LockSpec) -> Vec<ProcId> {
    schedule::bottom_up(program)
        .into_iter()
        .filter(|&id| {
            let p = program.procedure(id);
            p.body.is_some() && !spec.primitives.contains_key(&p.name)
        })
        .collect()
}

/// Infers R for one function and reads its errors off it.
pub fn check_function(
    program: &Program,
    id: ProcId,
    spec: &LockSpec,
    unroll_times: u32,
    width: u32,
) -> Result<FunctionLocks, SaturnError> {
    let names: BTreeMap<ProcId, String> = program
        .procedures
        .iter()
        .enumerate()
        .filter(|(_, p)| spec.primitives.contains_key(&p.name))
        .map(|(i, p)| (ProcId(i as u32), p.name.clone()))
        .collect();
    let options = UnrollOptions {
        keep: names.keys().copied().collect(),
        unroll: unroll_times,
        inline_depth: 8,
        max_nodes: 200_000,
    };
    let graph = unroll::unroll(program, id, options)?;
    let mut effect = LockEffect { spec, names, events: Vec::new(), entry: None };
    let mut exec = symbolic::execute(program, &graph, width, &mut effect)?;
    let entry =
        effect.entry.clone().ok_or(SaturnError::Internal("the lock attribute was not made"))?;
    // Locks: one per distinct address (hash-consing makes one address expression one vector).
    let mut addresses: Vec<Bv> = Vec::new();
    let mut locks: Vec<Option<Span>> = Vec::new();
    let mut lock_of_event = Vec::new();
    for event in &effect.events {
        let lock = match addresses.iter().position(|a| *a == event.address) {
            Some(l) => l,
            None => {
                addresses.push(event.address.clone());
                locks.push(event.span);
                addresses.len() - 1
            }
        };
        lock_of_event.push(lock);
    }
    // The exits: guard, lock attribute and the result's truth.
    let proc_data = program.procedure(id);
    let int_result = proc_data
        .results
        .first()
        .filter(|r| *program.bank.ty_node(program.consts[r.0 as usize].ty) == TyNode::Int)
        .copied();
    let mut exits = Vec::new();
    for &n in &graph.exits {
        let Some(state) = exec.states[n].clone() else { continue };
        let guard = exec.guards.formula(&mut exec.dag, state.guard);
        let Value::Array(at_exit) = exec.read(&state, LOCKS)? else {
            return Err(SaturnError::Internal("the lock attribute is not an array"));
        };
        let truth = match int_result {
            Some(r) => match exec.read(&state, (Some(0), r))? {
                Value::Int(v) => Some(bv::nonzero(&mut exec.dag, &v)),
                _ => None,
            },
            None => None,
        };
        exits.push((guard, at_exit, truth));
    }
    let mut cnf = Cnf::new();
    let mut queries = 0usize;
    let mut transitions = Vec::new();
    let mut errors = Vec::new();
    let outs: Vec<Option<bool>> =
        if int_result.is_some() { vec![Some(true), Some(false)] } else { vec![None] };
    for (lock, address) in addresses.iter().enumerate() {
        let Value::Int(on_entry) = exec.select(&entry, address)? else {
            return Err(SaturnError::Internal("a lock state is not two bits"));
        };
        let mut exit_states = Vec::new();
        for (guard, at_exit, truth) in &exits {
            let Value::Int(s) = exec.select(at_exit, address)? else {
                return Err(SaturnError::Internal("a lock state is not two bits"));
            };
            exit_states.push((*guard, s, *truth));
        }
        for from in [LockState::Locked, LockState::Unlocked] {
            let start = bv::equal(&mut exec.dag, &on_entry, &from.bits());
            for &out in &outs {
                for to in [LockState::Error, LockState::Locked, LockState::Unlocked] {
                    let mut reach = B::FALSE;
                    for (guard, s, truth) in &exit_states {
                        let ends = bv::equal(&mut exec.dag, s, &to.bits());
                        let mut here = exec.dag.and(*guard, ends);
                        if let (Some(want), Some(t)) = (out, truth) {
                            let o = if want { *t } else { !*t };
                            here = exec.dag.and(here, o);
                        }
                        reach = exec.dag.or(reach, here);
                    }
                    let query = exec.dag.and_all([start, reach, exec.axioms]);
                    queries += 1;
                    if exec.decide(&mut cnf, query)?.is_some() {
                        transitions.push(Transition { lock, from, out, to });
                    }
                }
            }
        }
        // Type A: the lock errs from both entry states; the witnesses name the calls.
        type Witness = (usize, Option<Span>, Vec<(String, Integer)>);
        let mut witness = |exec: &mut Execution<'_>,
                           from: LockState|
         -> Result<Option<Witness>, SaturnError> {
            let start = bv::equal(&mut exec.dag, &on_entry, &from.bits());
            let mut any = B::FALSE;
            for (k, e) in effect.events.iter().enumerate() {
                if lock_of_event[k] == lock {
                    any = exec.dag.or(any, e.error);
                }
            }
            let query = exec.dag.and_all([start, any, exec.axioms]);
            queries += 1;
            let Some(values) = exec.decide(&mut cnf, query)? else { return Ok(None) };
            let value = |i: u32| values[i as usize];
            let hit = effect
                .events
                .iter()
                .enumerate()
                .find(|(k, e)| lock_of_event[*k] == lock && exec.dag.eval(e.error, &value));
            let inputs = exec
                .parameter_inputs
                .iter()
                .map(|i| (program.display_name(i.variable), i.bits.eval(&exec.dag, &value, true)))
                .collect();
            Ok(hit.map(|(_, e)| (e.frame, e.span, inputs)))
        };
        let from_locked = witness(&mut exec, LockState::Locked)?;
        let from_unlocked = witness(&mut exec, LockState::Unlocked)?;
        if let (Some(l), Some(u)) = (from_locked, from_unlocked) {
            // Reported where one of the erring calls is the function's own: an error wholly
            // inside a callee is the callee's report.
            if l.0 == 0 || u.0 == 0 {
                errors.push(LockError::TypeA {
                    lock,
                    from_locked: (l.1, l.2),
                    from_unlocked: (u.1, u.2),
                });
            }
        }
        for from in [LockState::Locked, LockState::Unlocked] {
            for &out in &outs {
                let has = |to| transitions.contains(&Transition { lock, from, out, to });
                if has(LockState::Locked) && has(LockState::Unlocked) {
                    errors.push(LockError::TypeB { lock, from, out });
                }
            }
        }
    }
    transitions.sort();
    Ok(FunctionLocks {
        function: proc_data.name.clone(),
        locks,
        transitions,
        errors,
        loops_cut: graph.cut_back_edges.len(),
        queries,
    })
}

//! Which heap objects a run has lost track of (SV-COMP's `valid-memtrack`): on the state the
//! interpreter reached, the unfreed heap objects that no variable of the program and no
//! reachable object points to.
//!
//! A lost object stays lost: no run can compute its address again without undefined behaviour,
//! so it is never freed, and a run that loses one fails `valid-memcleanup` wherever it ends.
//! craig therefore looks for leaks where the cleanup check fails and asks this module whether
//! the objects left over are lost (a leak, `valid-memtrack` fails) or still reachable (only
//! `valid-memcleanup` fails: SV-COMP's `int *p = malloc(4); return 0;` keeps track of its
//! object through `p`).
//!
//! The reading is conservative towards "reachable", so that a reported leak is one: every
//! integer a variable holds (whatever its C type: a pointer may be kept in a `long`), and every
//! value stored in a reachable object, counts as a pointer into the object its address falls
//! in, interior and one-past addresses included; the stack and static objects alive at that
//! point are reachable. Only the front end's own temporaries ([`VariableKind::Temporary`]) and
//! the memory model's bookkeeping are not read: they are no variables of the program.

use std::collections::BTreeSet;

use rug::Integer;

use super::lower::memory_model;
use crate::hol::{ConstId, Obligation, ProgramFact, build};
use crate::ir::interpret::{RunState, TraceStep, Value};
use crate::ir::{Command, Edge, Loc, Location, ProcId, Program, VariableKind};
use crate::syntax::Span;

/// A heap object a run has lost track of.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LostObject {
    /// Its number: the run's n-th allocation (stack objects count too).
    pub object: Integer,
    /// Its size in bytes.
    pub size: Integer,
    /// Where it was allocated, when the run's trace shows it.
    pub allocated_at: Option<Span>,
}

/// The heap objects not freed and not reachable in `state`, in the order they were allocated;
/// `trace` (the run's edges up to that point) gives their allocation sites. Empty when the
/// program has no heap.
pub fn lost_objects(program: &Program, state: &RunState, trace: &[TraceStep]) -> Vec<LostObject> {
    let find = |name: &str| {
        program.variables.iter().find(|v| v.name == name && v.kind.is_global()).map(|v| v.constant)
    };
    let (Some(memory), Some(states), Some(sizes)) =
        (find(memory_model::MEMORY), find(memory_model::STATE), find(memory_model::SIZE))
    else {
        return Vec::new();
    };
    let global = |c| state.globals.iter().find(|(g, _)| *g == c).map(|(_, v)| v);
    let empty = Value::Int(Integer::new());
    let memory = global(memory).unwrap_or(&empty);
    let states = global(states).unwrap_or(&empty);
    let sizes = global(sizes).unwrap_or(&empty);
    let bookkeeping: BTreeSet<_> = memory_model::ALL.iter().filter_map(|name| find(name)).collect();
    let temporary: BTreeSet<_> = program
        .variables
        .iter()
        .filter(|v| v.kind == VariableKind::Temporary)
        .map(|v| v.constant)
        .collect();

    let stride = Integer::from(memory_model::OBJECT_STRIDE);
    let object_of = |address: &Integer| -> Option<Integer> {
        (*address >= stride).then(|| Integer::from(address / &stride))
    };

    let mut reachable: BTreeSet<Integer> = BTreeSet::new();
    let mut work: Vec<Integer> = Vec::new();
    let reach = |address: &Integer, reachable: &mut BTreeSet<Integer>, work: &mut Vec<Integer>| {
        if let Some(object) = object_of(address)
            && reachable.insert(object.clone())
        {
            work.push(object);
        }
    };
    // Roots: the program's variables, global and in every active frame where the run can
    // still name them.
    let globals = state.globals.iter().filter(|(c, _)| !bookkeeping.contains(c));
    let temporary = &temporary;
    let locals = state.frames.iter().enumerate().flat_map(|(k, (procedure, values))| {
        let at = frame_position(state, trace, k, *procedure);
        values.iter().filter(move |(c, _)| {
            !temporary.contains(c) && !program.variable(*c).is_some_and(|v| left(v.scope, at))
        })
    });
    for (_, value) in globals.chain(locals) {
        for n in integers(value) {
            reach(n, &mut reachable, &mut work);
        }
    }
    // The stack and static objects alive now are variables of the program too.
    if let Value::Function { entries, .. } = states {
        for (object, s) in entries {
            if *s == Value::Int(Integer::from(memory_model::STACK_STATE)) {
                reach(&(Integer::from(object * &stride)), &mut reachable, &mut work);
            }
        }
    }
    // What memory holds where nothing was written may point anywhere a run reads.
    if let Value::Function { default, .. } = memory {
        for n in integers(default) {
            reach(n, &mut reachable, &mut work);
        }
    }
    // Through memory: the values stored in each reachable object.
    while let Some(object) = work.pop() {
        let Value::Function { entries, .. } = memory else { break };
        let start = Integer::from(&object * &stride);
        let end = Integer::from(&start + &stride);
        let stored: Vec<Integer> =
            entries.range(start..end).flat_map(|(_, v)| integers(v).into_iter().cloned()).collect();
        for n in &stored {
            reach(n, &mut reachable, &mut work);
        }
    }

    let Value::Function { entries, .. } = states else { return Vec::new() };
    let sites = find(memory_model::NEXT_OBJECT)
        .map_or_else(Vec::new, |next| allocation_sites(program, trace, next));
    entries
        .iter()
        .filter(|(object, s)| {
            **s == Value::Int(Integer::from(memory_model::HEAP_STATE))
                && !reachable.contains(*object)
        })
        .map(|(object, _)| LostObject {
            object: object.clone(),
            size: match at(sizes, object) {
                Some(Value::Int(n)) => n.clone(),
                _ => Integer::new(),
            },
            allocated_at: object
                .to_usize()
                .and_then(|k| k.checked_sub(1))
                .and_then(|k| sites.get(k).copied().flatten()),
        })
        .collect()
}

/// How the checks [`with_checks_where_runs_stop`] adds begin.
pub const STOP_CHECK: &str = "no heap object is left where the run stops";

/// True for a check [`with_checks_where_runs_stop`] added.
pub fn is_stop_check(what: &str) -> bool {
    what.starts_with(STOP_CHECK)
}

/// `program` (every check of it still a check) made to ask, wherever a run can stop short of
/// the end, that the heap be empty there: before every `abort()` ([`ProgramFact::Abort`]), and
/// where a check craig assumes may fail (an assertion, the error location, a signed overflow:
/// the run stops there, as C aborts or its behaviour is undefined), as `check holds | heap
/// empty`, the check then assumed. `valid-memtrack` is about every finite run, and an empty
/// heap where one stops shows that it lost nothing on the way, since a lost object is never
/// freed again. The checks in `proved` hold on every run (the first run showed them) and are
/// assumed; the cleanup checks and the memory model's own stay. Returns the program and how
/// many places got a check; the program has every check assumed but those when it has no heap.
pub fn with_checks_where_runs_stop(program: &Program, proved: &[Obligation]) -> (Program, usize) {
    let mut program = program.clone();
    let kept = [Obligation::MemoryCleanup, Obligation::MemoryModel];
    let Some(live) = program
        .variables
        .iter()
        .find(|v| v.name == memory_model::LIVE_HEAP && v.kind.is_global())
        .map(|v| v.constant)
    else {
        program.assume_checks_except(&kept);
        return (program, 0);
    };
    let ty = program.consts[live.0 as usize].ty;
    let mut added = 0;
    for procedure in &mut program.procedures {
        let Some(body) = &mut procedure.body else { continue };
        for k in 0..body.edges.len() {
            let (condition, what) = match &body.edges[k].command {
                Command::Assert { check, .. } if kept.contains(check) => continue,
                Command::Assert { formula, check, .. } if proved.contains(check) => {
                    let formula = *formula;
                    body.edges[k].command =
                        Command::Assume { formula, fact: ProgramFact::Assumption };
                    continue;
                }
                Command::Assert { formula, check, what } => {
                    let formula = *formula;
                    let what =
                        format!("{STOP_CHECK}: a failing check ({}: {what})", check.describe());
                    body.edges[k].command =
                        Command::Assume { formula, fact: ProgramFact::Assumption };
                    (Some(formula), what)
                }
                Command::Assume { fact: ProgramFact::Abort, .. } => {
                    (None, format!("{STOP_CHECK}: `abort()`"))
                }
                _ => continue,
            };
            let span = body.edges[k].span;
            let at = span.unwrap_or_default();
            let count = build::constant(&mut program.bank, live, ty, at);
            let zero = build::int(&mut program.bank, 0, at);
            let empty = build::eq(&mut program.bank, count, zero);
            let formula = match condition {
                Some(holds) => build::or(&mut program.bank, holds, empty),
                None => empty,
            };
            let before = Loc(body.locations.len() as u32);
            body.locations.push(Location { span, ..Location::default() });
            let from = std::mem::replace(&mut body.edges[k].from, before);
            body.edges.push(Edge {
                from,
                to: before,
                command: Command::Assert { formula, check: Obligation::MemoryCleanup, what },
                span,
            });
            added += 1;
        }
    }
    (program, added)
}

/// Where the run stands in the `k`-th frame (outermost first), running `procedure`: the source
/// of its last step there (the call, for a frame that called on), not counting the failing
/// check's own edge. `None` when the trace does not tell: no step, or the procedure active in
/// more than one frame (recursion), whose steps the trace does not tell apart.
fn frame_position(
    state: &RunState,
    trace: &[TraceStep],
    k: usize,
    procedure: ProcId,
) -> Option<Span> {
    if state.frames.iter().filter(|(p, _)| *p == procedure).count() != 1 {
        return None;
    }
    let innermost = k + 1 == state.frames.len();
    let steps = if innermost { &trace[..trace.len().saturating_sub(1)] } else { trace };
    steps.iter().rev().find(|s| s.procedure == procedure).and_then(|s| s.span)
}

/// Whether a run standing at `at` has left the block of a variable whose scope is `scope`: its
/// position lies after the block's end. A position before the block, or unknown, leaves the
/// variable counted (what it holds is then read as still the program's).
fn left(scope: Option<Span>, at: Option<Span>) -> bool {
    match (scope, at) {
        (Some(scope), Some(at)) => at.file == scope.file && at.start >= scope.end,
        _ => false,
    }
}

/// A function value at a point.
fn at<'v>(function: &'v Value, point: &Integer) -> Option<&'v Value> {
    match function {
        Value::Function { default, entries } => Some(entries.get(point).unwrap_or(default)),
        _ => None,
    }
}

/// Every integer a value holds: itself, or a function's default and entries.
fn integers(value: &Value) -> Vec<&Integer> {
    match value {
        Value::Int(n) => vec![n],
        Value::Bool(_) => Vec::new(),
        Value::Function { default, entries } => {
            let mut all = integers(default);
            for v in entries.values() {
                all.extend(integers(v));
            }
            all
        }
    }
}

/// The source of each allocation the run made, in order: the edges of the trace that number a
/// new object (`next := next + 1`, `next` being `$next_object`; the model's start sets it to 0).
fn allocation_sites(program: &Program, trace: &[TraceStep], next: ConstId) -> Vec<Option<Span>> {
    let mut sites = Vec::new();
    for step in trace {
        let Some(cfg) = &program.procedure(step.procedure).body else { continue };
        let allocates = cfg.edges.iter().any(|e| {
            e.from == step.from
                && e.to == step.to
                && matches!(&e.command, Command::Assign(pairs) if pairs.iter().any(|(v, t)| {
                    *v == next && build::constants(&program.bank, *t).contains(&next)
                }))
        });
        if allocates {
            sites.push(step.span);
        }
    }
    sites
}

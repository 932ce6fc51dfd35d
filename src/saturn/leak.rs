//! The leak checker (the paper's §6, Figs. 13 to 16): a heap object allocated by a function's
//! run leaks when, at the function's exit, it is still live and no route the caller can follow
//! reaches it: not the return value, not a global, not memory that existed on entry (what the
//! parameters and globals reach), and not another new object that itself escapes.
//!
//! The program is the C front end's lowering, whose heap is the IR's model ([`crate::ir::heap`]):
//! an allocation is an edge that numbers a new object (`$next_object`) and counts a live heap
//! object (`$live_heap`); `free` sets the object's `$state`, and memory is the array `$memory`
//! from addresses (`object * 2^40 + offset`) to values. So Saturn's attributes are read off the
//! model: `#escaped` by `free` is "not in the heap state at exit", `#valid` is the allocation
//! edge being taken (a failed `malloc` takes the other edge and returns `NULL`).
//!
//! The escape rules of Fig. 14 with their exclusion set X (which stops a cycle of new objects
//! from letting each other escape) say that an object escapes when a simple chain of new
//! objects leads to it from a root. craig asks that as reachability in levels: level 0 is an
//! object freed or pointed to by a root (the return value, a global, a cell of an object that
//! is not new or is a live static, an array the front end keeps as an IR variable, which
//! Saturn treats as escaping, or an argument of a call not expanded), and level k+1 adds the
//! objects a level-k object points to. n - 1 levels are exact for n allocations; past
//! [`EXACT_LEVELS`], every object another new object points to is taken as escaped (fewer
//! warnings, never a false one from the cap).
//!
//! Callees are expanded into the function (to depth 8), so a wrapper of `malloc` needs no
//! summary: its allocation is seen where it happens. An object allocated in a callee is this
//! function's to leak only when every callee on the way returned it (Saturn's IsMalloc: an
//! allocator hands its object over through the return value); otherwise it is the callee's
//! own leak, reported there. [`FunctionLeaks::allocator`] is IsMalloc itself (Fig. 16): the
//! function returns new memory on some run, never memory that existed before, and the return
//! value is then the object's only route out.
//!
//! Values from the environment (parameters, globals and memory as they are on entry, results
//! of calls not expanded) point to objects that existed on entry, the paper's non-aliasing
//! assumption for DefVal, stated as a constraint on every query (an address's object number is
//! at most `$next_object` on entry). Each warning comes from a satisfying assignment checked
//! against its query, with the parameters' values of that run.

use std::collections::BTreeMap;
use std::rc::Rc;

use rug::Integer;

use super::bitvector::{self as bv, Bv};
use super::boolean::{B, Cnf};
use super::error::SaturnError;
use super::schedule;
use super::symbolic::{self, Array, CallEffect, CallSite, Execution, State, Value, VarKey};
use super::unroll::{self, Step, UnrollOptions};
use crate::hol::{ConstId, TyNode};
use crate::ir::{Command, ProcId, Program, heap};
use crate::syntax::Span;

/// Up to this many allocations in a function, escape is decided exactly (a level per
/// allocation); past it, see the module's note.
pub const EXACT_LEVELS: usize = 48;

/// One leak: an allocation site whose object can be lost when the function returns.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Leak {
    /// Where the object is allocated.
    pub allocated_at: Option<Span>,
    /// The function whose body allocates it.
    pub allocated_in: String,
    /// For an object a callee allocated and returned: the call in this function it came
    /// through.
    pub through: Option<Span>,
    /// The function's parameters on a run that leaks it.
    pub inputs: Vec<(String, Integer)>,
}

/// The leak checker's result for one function (stored as it is in the summary database).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct FunctionLeaks {
    /// The function.
    pub function: String,
    /// Its leaks, in the order of the places they are reported at.
    pub leaks: Vec<Leak>,
    /// IsMalloc: the function is an allocator (it returns new memory on some run, never memory
    /// that existed before, and that return is the object's only route out).
    pub allocator: bool,
    /// Allocations met in the unrolled graph (one per unrolled edge that allocates).
    pub allocations: usize,
    /// Back edges cut by the unrolling.
    pub loops_cut: usize,
    /// Calls not expanded (recursion or depth): their pointer arguments are taken as escaping.
    pub calls_kept: usize,
    /// True when escape was decided with the level cap (more than [`EXACT_LEVELS`]
    /// allocations).
    pub capped: bool,
    /// SAT queries asked.
    pub queries: usize,
}

/// The model's variables in a program.
#[derive(Clone, Copy, Debug)]
struct Model {
    memory: ConstId,
    state: ConstId,
    next: ConstId,
    live: ConstId,
}

impl Model {
    fn of(program: &Program) -> Option<Model> {
        let find = |name: &str| {
            program
                .variables
                .iter()
                .find(|v| v.name == name && v.kind.is_global())
                .map(|v| v.constant)
        };
        Some(Model {
            memory: find(heap::MEMORY)?,
            state: find(heap::STATE)?,
            next: find(heap::NEXT_OBJECT)?,
            live: find(heap::LIVE_HEAP)?,
        })
    }

    fn is_model(&self, program: &Program, c: ConstId) -> bool {
        program.variable(c).is_some_and(|v| heap::ALL.contains(&v.name.as_str()))
    }
}

/// Calls not expanded: their results are fresh values, recorded with the object count at the
/// call (they are the environment's, pointing to objects that existed then).
struct KeptCalls {
    next: ConstId,
    results: Vec<(Bv, Bv)>,
}

impl CallEffect for KeptCalls {
    fn apply(
        &mut self,
        exec: &mut Execution<'_>,
        site: &CallSite,
        state: &mut State,
    ) -> Result<Option<Vec<Value>>, SaturnError> {
        let callee = exec.program.procedure(site.callee);
        let mut values = Vec::new();
        for r in callee.results.clone() {
            let ty = exec.program.consts[r.0 as usize].ty;
            if *exec.program.bank.ty_node(ty) != TyNode::Int {
                return Ok(None);
            }
            values.push(Bv::fresh(&mut exec.dag, exec.width));
        }
        let Value::Int(count) = exec.read(state, (None, self.next))? else {
            return Err(SaturnError::Internal("the object count is not an integer"));
        };
        let out = values.iter().map(|v| Value::Int(v.clone())).collect();
        self.results.extend(values.into_iter().map(|v| (v, count.clone())));
        Ok(Some(out))
    }
}

/// One allocation in the unrolled graph.
#[derive(Clone, Debug)]
struct Allocation {
    /// The object's number.
    object: Bv,
    /// The allocation edge is taken.
    taken: B,
    /// The frame it is in.
    frame: usize,
    /// The procedure and IR edge (the site).
    site: (ProcId, usize),
}

/// The functions the leak checker looks at, callees first: every function with a body.
pub fn functions(program: &Program) -> Vec<ProcId> {
    schedule::bottom_up(program)
        .into_iter()
        .filter(|&id| program.procedure(id).body.is_some())
        .collect()
}

/// The object an address points into: its bits above the offset.
fn object_of(address: &Bv) -> Bv {
    bv::shr_const(address, heap::OBJECT_SHIFT, true)
}

fn int(value: Value) -> Result<Bv, SaturnError> {
    match value {
        Value::Int(b) => Ok(b),
        _ => Err(SaturnError::Internal("a heap model variable is not an integer")),
    }
}

fn array(value: Value) -> Result<Rc<Array>, SaturnError> {
    match value {
        Value::Array(a) => Ok(a),
        _ => Err(SaturnError::Internal("a heap model variable is not an array")),
    }
}

/// The stores of an array value with the condition under which each is in it (the
/// multiplexers' conditions on the way), in a fixed order.
fn stores(exec: &mut Execution<'_>, root: &Rc<Array>) -> Vec<(B, Bv, Value)> {
    // Depth-first post-order, then conditions pushed from each node to its parts in reverse
    // post-order, so a part shared by both sides of a multiplexer gets both conditions.
    let mut index: BTreeMap<*const Array, usize> = BTreeMap::new();
    let mut nodes: Vec<Rc<Array>> = Vec::new();
    let mut stack: Vec<(Rc<Array>, bool)> = vec![(root.clone(), false)];
    while let Some((node, expanded)) = stack.pop() {
        let key = Rc::as_ptr(&node);
        if expanded {
            if let std::collections::btree_map::Entry::Vacant(slot) = index.entry(key) {
                slot.insert(nodes.len());
                nodes.push(node);
            }
            continue;
        }
        if index.contains_key(&key) {
            continue;
        }
        stack.push((node.clone(), true));
        match &*node {
            Array::Store(inner, _, _) => stack.push((inner.clone(), false)),
            Array::Ite(_, x, y) => {
                stack.push((y.clone(), false));
                stack.push((x.clone(), false));
            }
            Array::Const(_) | Array::Base(_) => {}
        }
    }
    let mut condition = vec![B::FALSE; nodes.len()];
    if let Some(&r) = index.get(&Rc::as_ptr(root)) {
        condition[r] = B::TRUE;
    }
    let mut out = Vec::new();
    for k in (0..nodes.len()).rev() {
        let c = condition[k];
        let node = nodes[k].clone();
        match &*node {
            Array::Store(inner, at, v) => {
                out.push((c, at.clone(), v.clone()));
                let i = index[&Rc::as_ptr(inner)];
                condition[i] = exec.dag.or(condition[i], c);
            }
            Array::Ite(b, x, y) => {
                let (ix, iy) = (index[&Rc::as_ptr(x)], index[&Rc::as_ptr(y)]);
                let cx = exec.dag.and(c, *b);
                let cy = exec.dag.and(c, !*b);
                condition[ix] = exec.dag.or(condition[ix], cx);
                condition[iy] = exec.dag.or(condition[iy], cy);
            }
            Array::Const(_) | Array::Base(_) => {}
        }
    }
    out
}

/// Escape of every allocation at one exit, as formulas.
struct ExitFacts {
    /// The exit is reached.
    guard: B,
    /// Per allocation: still a live heap object at the exit.
    live: Vec<B>,
    /// Per allocation: escapes (freed, or reached from a root).
    escaped: Vec<B>,
    /// Per allocation: escapes other than through the return value (for IsMalloc).
    escaped_but_result: Vec<B>,
    /// Per allocation: the return value points into it.
    returned: Vec<B>,
    /// The return value is neither null nor into a new object.
    returns_old: B,
}

/// Infers the leaks and IsMalloc of one function.
pub fn check_function(
    program: &Program,
    id: ProcId,
    unroll_times: u32,
    width: u32,
) -> Result<FunctionLeaks, SaturnError> {
    let function = program.procedure(id).name.clone();
    let Some(model) = Model::of(program) else {
        // No heap in the program: nothing to leak.
        return Ok(FunctionLeaks {
            function,
            leaks: Vec::new(),
            allocator: false,
            allocations: 0,
            loops_cut: 0,
            calls_kept: 0,
            capped: false,
            queries: 0,
        });
    };
    let options = UnrollOptions {
        keep: Default::default(),
        unroll: unroll_times,
        inline_depth: 8,
        max_nodes: 200_000,
    };
    let graph = unroll::unroll(program, id, options)?;
    let mut effect = KeptCalls { next: model.next, results: Vec::new() };
    let mut exec = symbolic::execute(program, &graph, width, &mut effect)?;
    let allocations = allocations(&mut exec, &model)?;
    let entry_state = exec.states[0].clone().ok_or(SaturnError::Internal("no entry state"))?;
    let entry_count = int(exec.read(&entry_state, (None, model.next))?)?;
    let results = &program.procedure(id).results;
    let result = results
        .first()
        .filter(|r| *program.bank.ty_node(program.consts[r.0 as usize].ty) == TyNode::Int)
        .copied();
    let mut exits = Vec::new();
    let exit_nodes = graph.exits.clone();
    for n in exit_nodes {
        let Some(state) = exec.states[n].clone() else { continue };
        exits.push(exit_facts(&mut exec, &model, &allocations, &state, &entry_count, result)?);
    }
    // Objects a callee allocated reach this function only through the callees' returns.
    let mut handed_over = Vec::new();
    for a in &allocations {
        handed_over.push(returned_up_to_entry(&mut exec, a)?);
    }
    // The environment's values point to objects that existed on entry.
    let environment = environment(&mut exec, &model, &entry_count, &effect)?;
    let mut cnf = Cnf::new();
    let mut queries = 0usize;
    // Leaks, one per site (and call it came through), over all unrolled copies and exits.
    let mut sites: Vec<((ProcId, usize), Option<usize>)> = Vec::new();
    let mut site_formula: Vec<B> = Vec::new();
    for (k, a) in allocations.iter().enumerate() {
        let Some(handed) = handed_over[k] else { continue };
        let through = outermost_call(&graph, a.frame);
        let key = (a.site, through);
        let mut lost = B::FALSE;
        for x in &exits {
            let here = exec.dag.and_all([x.guard, a.taken, handed, x.live[k], !x.escaped[k]]);
            lost = exec.dag.or(lost, here);
        }
        match sites.iter().position(|s| *s == key) {
            Some(i) => site_formula[i] = exec.dag.or(site_formula[i], lost),
            None => {
                sites.push(key);
                site_formula.push(lost);
            }
        }
    }
    let mut leaks = Vec::new();
    for (i, &((procedure, edge), through)) in sites.iter().enumerate() {
        let query = exec.dag.and_all([site_formula[i], environment, exec.axioms]);
        queries += 1;
        let Some(values) = exec.decide(&mut cnf, query)? else { continue };
        let value = |i: u32| values[i as usize];
        let inputs = exec
            .parameter_inputs
            .iter()
            .map(|i| (program.display_name(i.variable), i.bits.eval(&exec.dag, &value, true)))
            .collect();
        let allocated_in = program.procedure(procedure).name.clone();
        let allocated_at =
            program.procedure(procedure).body.as_ref().and_then(|b| b.edges[edge].span);
        let through =
            through.and_then(|e| program.procedure(id).body.as_ref().and_then(|b| b.edges[e].span));
        leaks.push(Leak { allocated_at, allocated_in, through, inputs });
    }
    // In the order of the source: where each is reported, then where it is allocated.
    leaks.sort_by_key(|l| {
        let at = |s: Option<Span>| s.map(|s| (s.file, s.start));
        (at(l.through.or(l.allocated_at)), at(l.allocated_at))
    });
    // IsMalloc (Fig. 16).
    let mut allocator = false;
    if result.is_some() && !allocations.is_empty() {
        let mut returns_new = B::FALSE;
        let mut returns_old = B::FALSE;
        let mut shared = B::FALSE;
        for x in &exits {
            for (k, a) in allocations.iter().enumerate() {
                let r = exec.dag.and_all([x.guard, a.taken, x.returned[k]]);
                returns_new = exec.dag.or(returns_new, r);
                let s = exec.dag.and(r, x.escaped_but_result[k]);
                shared = exec.dag.or(shared, s);
            }
            let old = exec.dag.and(x.guard, x.returns_old);
            returns_old = exec.dag.or(returns_old, old);
        }
        let mut ask = |exec: &mut Execution<'_>, f: B| -> Result<bool, SaturnError> {
            let query = exec.dag.and_all([f, environment, exec.axioms]);
            queries += 1;
            Ok(exec.decide(&mut cnf, query)?.is_some())
        };
        allocator = ask(&mut exec, returns_new)?
            && !ask(&mut exec, returns_old)?
            && !ask(&mut exec, shared)?;
    }
    Ok(FunctionLeaks {
        function,
        leaks,
        allocator,
        allocations: allocations.len(),
        loops_cut: graph.cut_back_edges.len(),
        calls_kept: graph.calls_kept.len(),
        capped: allocations.len() > EXACT_LEVELS,
        queries,
    })
}

/// The allocations of the unrolled graph: edges that number a new object and count a live
/// heap object.
fn allocations(exec: &mut Execution<'_>, model: &Model) -> Result<Vec<Allocation>, SaturnError> {
    let mut out = Vec::new();
    let graph = exec.graph;
    for (e, edge) in graph.edges.iter().enumerate() {
        let Step::Ir(i) = edge.step else { continue };
        let frame = graph.nodes[edge.from].frame;
        let procedure = graph.frames[frame].procedure;
        let Some(body) = &exec.program.procedure(procedure).body else { continue };
        let Command::Assign(pairs) = &body.edges[i].command else { continue };
        let Some(&(_, count)) = pairs.iter().find(|(c, _)| *c == model.next) else { continue };
        if !pairs.iter().any(|(c, _)| *c == model.live) {
            continue;
        }
        let Some(before) = exec.states[edge.from].clone() else { continue };
        let taken = exec.guards.formula(&mut exec.dag, exec.edge_guards[e]);
        if taken == B::FALSE {
            continue;
        }
        let object = exec.eval_int(&before, frame, count)?;
        out.push(Allocation { object, taken, frame, site: (procedure, i) });
    }
    Ok(out)
}

/// What the leak rules need at one exit of the function.
fn exit_facts(
    exec: &mut Execution<'_>,
    model: &Model,
    allocations: &[Allocation],
    state: &State,
    entry_count: &Bv,
    result: Option<ConstId>,
) -> Result<ExitFacts, SaturnError> {
    let guard = exec.guards.formula(&mut exec.dag, state.guard);
    let n = allocations.len();
    let states = array(exec.read(state, (None, model.state))?)?;
    let memory = array(exec.read(state, (None, model.memory))?)?;
    let exit_count = int(exec.read(state, (None, model.next))?)?;
    let width = exec.width;
    let constant = |v: i64| Bv::constant(&Integer::from(v), width);
    let mut live = Vec::new();
    for a in allocations {
        let s = int(exec.select(&states, &a.object)?)?;
        live.push(bv::equal(&mut exec.dag, &s, &constant(heap::HEAP_STATE)));
    }
    let points = |exec: &mut Execution<'_>, value: &Bv| -> Vec<B> {
        let target = object_of(value);
        allocations.iter().map(|a| bv::equal(&mut exec.dag, &target, &a.object)).collect()
    };
    // Roots other than memory: the return value, globals, arrays, calls not expanded.
    let mut root = vec![B::FALSE; n];
    let mut returned = vec![B::FALSE; n];
    let mut returns_old = B::FALSE;
    if let Some(r) = result {
        let v = int(exec.read(state, (Some(0), r))?)?;
        returned = points(exec, &v);
        let null = bv::equal(&mut exec.dag, &v, &constant(0));
        let mut new = B::FALSE;
        for (k, a) in allocations.iter().enumerate() {
            let here = exec.dag.and(returned[k], a.taken);
            new = exec.dag.or(new, here);
        }
        returns_old = exec.dag.and_all([!null, !new]);
    }
    let mut roots_but_result = vec![B::FALSE; n];
    let globals: Vec<ConstId> = exec
        .program
        .variables
        .iter()
        .filter(|v| v.kind.is_global() && !model.is_model(exec.program, v.constant))
        .map(|v| v.constant)
        .collect();
    let mut held: Vec<(B, Bv)> = Vec::new();
    for g in globals {
        let key: VarKey = (None, g);
        // Only variables the run wrote can hold a new object's address.
        if let Some(value) = state.env.get(&key).cloned() {
            match value {
                Value::Int(v) => held.push((B::TRUE, v)),
                Value::Array(a) => {
                    for (c, _, v) in stores(exec, &a) {
                        if let Value::Int(v) = v {
                            held.push((c, v));
                        }
                    }
                }
                Value::Bool(_) => {}
            }
        }
    }
    // Arrays the front end keeps as variables (local ones too): Saturn takes what is stored
    // in an array as escaped.
    let arrays: Vec<Rc<Array>> = state
        .env
        .iter()
        .filter(|(key, _)| key.0.is_some() && !model.is_model(exec.program, key.1))
        .filter_map(|(_, v)| if let Value::Array(a) = v { Some(a.clone()) } else { None })
        .collect();
    for a in arrays {
        for (c, _, v) in stores(exec, &a) {
            if let Value::Int(v) = v {
                held.push((c, v));
            }
        }
    }
    for site in exec.calls.clone() {
        let g = exec.guards.formula(&mut exec.dag, site.guard);
        for arg in &site.args {
            if let Value::Int(v) = arg {
                held.push((g, v.clone()));
            }
        }
    }
    for (c, v) in held {
        let p = points(exec, &v);
        for k in 0..n {
            let here = exec.dag.and(c, p[k]);
            roots_but_result[k] = exec.dag.or(roots_but_result[k], here);
        }
    }
    // Memory: every address written, with its value at the exit.
    let mut addresses: Vec<Bv> = Vec::new();
    for (_, at, _) in stores(exec, &memory) {
        if !addresses.contains(&at) {
            addresses.push(at);
        }
    }
    let is_new_heap = |exec: &mut Execution<'_>, object: &Bv| -> B {
        let mut any = B::FALSE;
        for a in allocations {
            let same = bv::equal(&mut exec.dag, object, &a.object);
            let here = exec.dag.and(same, a.taken);
            any = exec.dag.or(any, here);
        }
        any
    };
    // edge[j][k]: a cell of allocation j's object holds an address into allocation k's.
    let mut edge = vec![vec![B::FALSE; n]; n];
    for at in addresses {
        let value = int(exec.select(&memory, &at)?)?;
        let p = points(exec, &value);
        let object = object_of(&at);
        // A cell of an object that is not new (it existed on entry: the caller reaches it),
        // or of a new object that is still a live stack object at the exit (a static).
        let after_entry = bv::lt(&mut exec.dag, entry_count, &object, true);
        let up_to_exit = bv::le(&mut exec.dag, &object, &exit_count, true);
        let new = exec.dag.and(after_entry, up_to_exit);
        let new_heap = is_new_heap(exec, &object);
        let object_state = int(exec.select(&states, &object)?)?;
        let static_object = bv::equal(&mut exec.dag, &object_state, &constant(heap::STACK_STATE));
        let alive_static = exec.dag.and_all([new, !new_heap, static_object]);
        let old_or_static = exec.dag.or(!new, alive_static);
        for k in 0..n {
            let here = exec.dag.and(old_or_static, p[k]);
            roots_but_result[k] = exec.dag.or(roots_but_result[k], here);
        }
        for (j, a) in allocations.iter().enumerate() {
            let inside = bv::equal(&mut exec.dag, &object, &a.object);
            let inside = exec.dag.and(inside, a.taken);
            for k in 0..n {
                if k != j {
                    let here = exec.dag.and(inside, p[k]);
                    edge[j][k] = exec.dag.or(edge[j][k], here);
                }
            }
        }
    }
    let reach = |exec: &mut Execution<'_>, roots: &[B]| -> Vec<B> {
        // Level 0: freed or pointed to by a root; each level adds what the last one points to.
        let level0: Vec<B> = (0..n).map(|k| exec.dag.or(roots[k], !live[k])).collect();
        let mut level = level0.clone();
        for _ in 1..n.min(EXACT_LEVELS) {
            let mut next = level0.clone();
            for k in 0..n {
                for j in 0..n {
                    if edge[j][k] != B::FALSE {
                        let here = exec.dag.and(edge[j][k], level[j]);
                        next[k] = exec.dag.or(next[k], here);
                    }
                }
            }
            // Hash-consing makes a level that adds nothing the same formulas: the fixed point.
            let done = next == level;
            level = next;
            if done {
                break;
            }
        }
        if n > EXACT_LEVELS {
            // Past the cap, a new object pointed to by another new object counts as escaped.
            for (k, escaped) in level.iter_mut().enumerate() {
                for row in &edge {
                    *escaped = exec.dag.or(*escaped, row[k]);
                }
            }
        }
        level
    };
    let escaped_but_result = reach(exec, &roots_but_result);
    for k in 0..n {
        root[k] = exec.dag.or(roots_but_result[k], returned[k]);
    }
    let escaped = reach(exec, &root);
    Ok(ExitFacts { guard, live, escaped, escaped_but_result, returned, returns_old })
}

/// For an allocation in a callee's frame: the formula that every callee from there up to the
/// function returned the object (none when a callee on the way has no integer result, so it
/// cannot hand the object over). True in the function's own frame.
fn returned_up_to_entry(
    exec: &mut Execution<'_>,
    allocation: &Allocation,
) -> Result<Option<B>, SaturnError> {
    let graph = exec.graph;
    let mut frame = allocation.frame;
    let mut all = B::TRUE;
    while frame != 0 {
        let procedure = exec.program.procedure(graph.frames[frame].procedure);
        let Some(&r) = procedure.results.first() else { return Ok(None) };
        if *exec.program.bank.ty_node(exec.program.consts[r.0 as usize].ty) != TyNode::Int {
            return Ok(None);
        }
        let mut any = B::FALSE;
        for edge in &graph.edges {
            if edge.step != (Step::Return { callee: frame }) {
                continue;
            }
            let Some(state) = exec.states[edge.from].clone() else { continue };
            let g = exec.guards.formula(&mut exec.dag, state.guard);
            let v = int(exec.read(&state, (Some(frame), r))?)?;
            let target = object_of(&v);
            let into = bv::equal(&mut exec.dag, &target, &allocation.object);
            let here = exec.dag.and(g, into);
            any = exec.dag.or(any, here);
        }
        all = exec.dag.and(all, any);
        frame = graph.frames[frame].parent.unwrap_or(0);
    }
    Ok(Some(all))
}

/// The call in the function's own body (its IR edge) that made the outermost callee frame
/// around `frame` (none for the function's own frame).
fn outermost_call(graph: &unroll::Unrolled, mut frame: usize) -> Option<usize> {
    if frame == 0 {
        return None;
    }
    while let Some(parent) = graph.frames[frame].parent {
        if parent == 0 {
            break;
        }
        frame = parent;
    }
    graph.frames[frame].call_edge
}

/// The environment points to objects that existed on entry: every parameter, global and
/// memory cell read before being written, and every result of a call not expanded, lies in an
/// object numbered at most the count at that point, at an offset an object can have (and the
/// count on entry is not negative). Integers that are no pointers meet it too, unless they are
/// within 2^39 of 2^63.
fn environment(
    exec: &mut Execution<'_>,
    model: &Model,
    entry_count: &Bv,
    kept: &KeptCalls,
) -> Result<B, SaturnError> {
    let zero = Bv::constant(&Integer::new(), exec.width);
    let mut all = bv::le(&mut exec.dag, &zero, entry_count, true);
    let mut values: Vec<(Bv, Bv)> = Vec::new();
    let initial: Vec<(VarKey, Value)> = exec.initial.iter().map(|(k, v)| (*k, v.clone())).collect();
    for (key, value) in initial {
        if model.is_model(exec.program, key.1) {
            if key.1 == model.memory
                && let Value::Array(a) = &value
                && let Array::Base(id) = &**a
            {
                for v in exec.base_values(*id) {
                    if let Value::Int(v) = v {
                        values.push((v, entry_count.clone()));
                    }
                }
            }
            continue;
        }
        if let Value::Int(v) = value {
            values.push((v, entry_count.clone()));
        }
    }
    values.extend(kept.results.iter().cloned());
    // An object holds at most 2^39 bytes, so a pointer into it (one past the end included)
    // plus 2^39 - 1 is still in it: the constraint keeps the environment's pointers, and
    // addresses a small offset from them, off the new objects.
    let slack = Bv::constant(&((Integer::from(1) << (heap::OBJECT_SHIFT - 1)) - 1), exec.width);
    for (v, count) in values {
        let furthest = bv::add(&mut exec.dag, &v, &slack);
        let object = object_of(&furthest);
        let old = bv::le(&mut exec.dag, &object, &count, true);
        all = exec.dag.and(all, old);
    }
    Ok(all)
}

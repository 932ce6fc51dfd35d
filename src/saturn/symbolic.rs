//! Symbolic execution of an unrolled graph into the boolean DAG (the paper's Figs. 2, 3 and 6):
//! nodes in topological order, each with a guard (a BDD over branch-condition names) and an
//! environment (the bits of every variable written so far); at a join, guards are or-ed and
//! values merged by a bitwise multiplexer on the predecessors' guards, which are mutually
//! exclusive.
//!
//! The IR's `int` is the mathematical integers (the C front end makes C's machine arithmetic
//! explicit in it: wrap-around as remainders by powers of two, ranges of `nondet` values as
//! assumptions). It is bit-blasted at one width `W` (130 by default, room for the product of two
//! 64-bit values), and every `+ - *` and negation adds the side condition that it does not
//! overflow `W` bits, under the guard where it is computed: a path on which a mathematical value
//! leaves `W` bits is cut rather than wrapped, so every model of a query is a run of the IR with
//! mathematical integers (what the interpreter replays). Division and remainder truncate toward
//! zero as the IR's do; by a power of two they are wiring, otherwise a divider circuit.
//!
//! Arrays (the IR's functions from integers, C's arrays and the memory model's `$memory`) are
//! values too: a constant, an update of an array, a multiplexer of arrays, or an unknown base
//! array whose reads get fresh bits tied together by functional consistency (Ackermann's
//! reduction), conjoined to every query.
//!
//! Variables never written read as their initial value, made once on first read (the paper's
//! lazy DefVal): the entry function's parameters and every `havoc` are fresh bits, recorded in
//! order as the run's inputs; locals and, when the entry function is the program's `main`,
//! globals start at zero as the IR's interpreter starts them; other globals are unknown.

use std::collections::BTreeMap;
use std::rc::Rc;

use rug::Integer;

use super::bitvector::{self as bv, Bv};
use super::boolean::{Answer, B, Cnf, Dag};
use super::error::SaturnError;
use super::guard::{Guard, Guards};
use super::unroll::{NodeId, Step, Unrolled};
use crate::hol::{Binder, ConstId, Prim, ProgramFact, Term, TermId, TyId, TyNode};
use crate::ir::{Command, ProcId, Program};
use crate::syntax::Span;

/// A variable of one frame, or a global (frame `None`).
pub type VarKey = (Option<usize>, ConstId);

/// A symbolic value.
#[derive(Clone, Debug)]
pub enum Value {
    /// An integer's bits.
    Int(Bv),
    /// A truth value.
    Bool(B),
    /// A function from integers.
    Array(Rc<Array>),
}

/// A symbolic array.
#[derive(Debug)]
pub enum Array {
    /// The same value everywhere.
    Const(Value),
    /// An unknown array: reads get fresh bits, consistent with each other.
    Base(usize),
    /// `a(i := v)`.
    Store(Rc<Array>, Bv, Value),
    /// `if c then a else b`.
    Ite(B, Rc<Array>, Rc<Array>),
}

/// What an unknown array holds: values of an IR type, or bit vectors of a width (a
/// checker's attribute, such as a lock's state).
#[derive(Clone, Copy, Debug)]
enum Elem {
    Ty(TyId),
    Bits(u32),
}

/// What kind of values a type holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sort {
    Int,
    Bool,
    Array(TyId),
}

/// The state at a node: its guard and the variables written on the way.
#[derive(Clone, Debug)]
pub struct State {
    /// The path condition.
    pub guard: Guard,
    /// The variables written, by frame and constant.
    pub env: BTreeMap<VarKey, Value>,
}

/// One input of the run: a parameter or a `havoc`, in the order the run reads it.
#[derive(Clone, Debug)]
pub struct Input {
    /// The bits.
    pub bits: Bv,
    /// The variable it is for.
    pub variable: ConstId,
}

/// An `assert` met on the way, with the formula under which it fails.
#[derive(Clone, Debug)]
pub struct AssertSite {
    /// The unrolled edge.
    pub edge: usize,
    /// The procedure and IR edge index.
    pub procedure: ProcId,
    /// The IR edge index.
    pub ir_edge: usize,
    /// The guard before the check, as a formula.
    pub guard: B,
    /// The checked condition.
    pub condition: B,
}

/// A call the graph keeps as a call (a summary's place): its unrolled edge, the guard before
/// it as a BDD and the argument values.
#[derive(Clone, Debug)]
pub struct CallSite {
    /// The unrolled edge.
    pub edge: usize,
    /// The callee.
    pub callee: ProcId,
    /// The guard before the call.
    pub guard: Guard,
    /// The arguments' values.
    pub args: Vec<Value>,
}

/// How a call kept in the graph is given its effect: the caller of [`execute`] decides (a
/// summary), or the results become unknown.
pub trait CallEffect {
    /// Called once before the first node: a checker adds its attributes' initial values.
    fn start(&mut self, _exec: &mut Execution<'_>) -> Result<(), SaturnError> {
        Ok(())
    }

    /// Called at a kept call, in topological order: may change `state` (its guard too) and
    /// returns the values of the results, or none to make them unknown.
    fn apply(
        &mut self,
        exec: &mut Execution<'_>,
        site: &CallSite,
        state: &mut State,
    ) -> Result<Option<Vec<Value>>, SaturnError>;
}

/// Calls kept as calls make their results unknown and change nothing else (the paper's
/// unsound "no side effects" default).
pub struct Unknown;

impl CallEffect for Unknown {
    fn apply(
        &mut self,
        _: &mut Execution<'_>,
        _: &CallSite,
        _: &mut State,
    ) -> Result<Option<Vec<Value>>, SaturnError> {
        Ok(None)
    }
}

/// The symbolic execution of one unrolled graph.
pub struct Execution<'p> {
    /// The program.
    pub program: &'p Program,
    /// The graph.
    pub graph: &'p Unrolled,
    /// Every bit.
    pub dag: Dag,
    /// Every guard.
    pub guards: Guards,
    /// The width integers are blasted at.
    pub width: u32,
    /// True when globals start at zero (the entry function is `main`).
    pub globals_zero: bool,
    /// Per node, the state on entry (after the merge).
    pub states: Vec<Option<State>>,
    /// Per unrolled edge, the guard after it (false for an edge never reached).
    pub edge_guards: Vec<Guard>,
    /// The initial value of each variable read before being written.
    pub initial: BTreeMap<VarKey, Value>,
    /// The inputs: the entry's parameters first, then each `havoc`'s per unrolled edge.
    pub parameter_inputs: Vec<Input>,
    /// Per unrolled edge with a `havoc`, its inputs in order.
    pub havoc_inputs: BTreeMap<usize, Vec<Input>>,
    /// Facts every query is conjoined with: functional consistency of unknown arrays, and
    /// "no overflow of W bits" under the guard of each operation.
    pub axioms: B,
    /// The checks met, in topological order.
    pub asserts: Vec<AssertSite>,
    /// The calls kept as calls, in topological order.
    pub calls: Vec<CallSite>,
    /// Each condition a guard was conjoined with, and the unrolled edge (an `assume`, or an
    /// `assert` past which the run goes on) whose formula it is: what a guard's names mean.
    pub branches: Vec<(B, usize)>,
    /// Per unknown base array, the reads made: index and value.
    base_reads: Vec<Vec<(Bv, Value)>>,
    /// The element sort of each unknown base array.
    base_sorts: Vec<Elem>,
    /// The formula of the guard of the edge being executed (for side conditions).
    current_guard: B,
    /// How many `+ - *` side conditions were added.
    pub overflow_conditions: usize,
    /// The `assume` edges that state a `havoc`'s machine range, which its bits already have.
    implied: std::collections::BTreeSet<(ProcId, usize)>,
    /// Per node, the states its reached incoming edges bring, until it is merged.
    arrived: Vec<Vec<State>>,
}

/// Runs the symbolic execution of `graph` with `calls` giving kept calls their effect.
pub fn execute<'p>(
    program: &'p Program,
    graph: &'p Unrolled,
    width: u32,
    calls: &mut dyn CallEffect,
) -> Result<Execution<'p>, SaturnError> {
    let entry_proc = program.procedure(graph.frames[0].procedure);
    let mut exec = Execution {
        program,
        graph,
        dag: Dag::new(),
        guards: Guards::new(),
        width,
        globals_zero: entry_proc.name == "main",
        states: vec![None; graph.nodes.len()],
        edge_guards: vec![Guard::FALSE; graph.edges.len()],
        initial: BTreeMap::new(),
        parameter_inputs: Vec::new(),
        havoc_inputs: BTreeMap::new(),
        axioms: B::TRUE,
        asserts: Vec::new(),
        calls: Vec::new(),
        branches: Vec::new(),
        base_reads: Vec::new(),
        base_sorts: Vec::new(),
        current_guard: B::TRUE,
        overflow_conditions: 0,
        arrived: vec![Vec::new(); graph.nodes.len()],
        implied: std::collections::BTreeSet::new(),
    };
    // The parameters are the first inputs, in order.
    for &p in &entry_proc.params {
        let value = exec.fresh_parameter(graph.frames[0].procedure, p)?;
        if let Value::Int(bits) = &value {
            exec.parameter_inputs.push(Input { bits: bits.clone(), variable: p });
        }
        exec.initial.insert((Some(0), p), value);
    }
    calls.start(&mut exec)?;
    for &n in &graph.order {
        let state = if n == 0 {
            State { guard: Guard::TRUE, env: BTreeMap::new() }
        } else {
            match exec.merge(n) {
                Some(s) => s,
                None => continue,
            }
        };
        let outgoing = graph.outgoing[n].clone();
        for e in outgoing {
            let after = exec.step(e, &state, calls)?;
            if let Some(after) = after {
                exec.edge_guards[e] = after.guard;
                exec.arrived[graph.edges[e].to].push(after);
            }
        }
        exec.states[n] = Some(state);
    }
    Ok(exec)
}

impl<'p> Execution<'p> {
    fn sort(&self, ty: TyId) -> Result<Sort, SaturnError> {
        match self.program.bank.ty_node(ty) {
            TyNode::Int => Ok(Sort::Int),
            TyNode::Bool => Ok(Sort::Bool),
            TyNode::Fun(a, b) if *self.program.bank.ty_node(*a) == TyNode::Int => {
                Ok(Sort::Array(*b))
            }
            _ => Err(SaturnError::Unsupported {
                what: "a variable of a type other than int, bool or an array",
                span: None,
            }),
        }
    }

    /// A fresh unknown value of a constant's type (for arrays: of the element type `elem`).
    fn fresh_of(&mut self, ty: TyId) -> Result<Value, SaturnError> {
        Ok(match self.sort(ty)? {
            Sort::Int => Value::Int(Bv::fresh(&mut self.dag, self.width)),
            Sort::Bool => Value::Bool(self.dag.input()),
            Sort::Array(elem) => {
                self.base_reads.push(Vec::new());
                self.base_sorts.push(Elem::Ty(elem));
                Value::Array(Rc::new(Array::Base(self.base_reads.len() - 1)))
            }
        })
    }

    /// A fresh unknown array of `width`-bit values: an attribute of every address, created on
    /// demand by a checker.
    pub fn fresh_attribute(&mut self, width: u32) -> Rc<Array> {
        self.base_reads.push(Vec::new());
        self.base_sorts.push(Elem::Bits(width));
        Rc::new(Array::Base(self.base_reads.len() - 1))
    }

    fn fresh(&mut self, c: ConstId, _span: Option<Span>) -> Result<Value, SaturnError> {
        let ty = self.program.consts[c.0 as usize].ty;
        self.fresh_of(ty)
    }

    fn zero_of(&mut self, ty: TyId) -> Result<Value, SaturnError> {
        Ok(match self.sort(ty)? {
            Sort::Int => Value::Int(Bv::constant(&Integer::new(), self.width)),
            Sort::Bool => Value::Bool(B::FALSE),
            Sort::Array(elem) => Value::Array(Rc::new(Array::Const(self.zero_of(elem)?))),
        })
    }

    /// Whether a constant is a global program variable.
    fn is_global(&self, c: ConstId) -> bool {
        self.program.variable(c).is_some_and(|v| v.kind.is_global())
    }

    /// The key of a constant read or written in `frame`.
    pub fn key(&self, frame: usize, c: ConstId) -> VarKey {
        if self.is_global(c) { (None, c) } else { (Some(frame), c) }
    }

    /// The value of a variable in a state: written, or its initial value (made on first read).
    pub fn read(&mut self, state: &State, key: VarKey) -> Result<Value, SaturnError> {
        if let Some(v) = state.env.get(&key) {
            return Ok(v.clone());
        }
        if let Some(v) = self.initial.get(&key) {
            return Ok(v.clone());
        }
        let ty = self.program.consts[key.1.0 as usize].ty;
        let zero = match key.0 {
            Some(_) => true,
            None => self.globals_zero,
        };
        let v = if zero { self.zero_of(ty)? } else { self.fresh_of(ty)? };
        self.initial.insert(key, v.clone());
        Ok(v)
    }

    /// The merged state at a node from its reached incoming edges.
    fn merge(&mut self, n: NodeId) -> Option<State> {
        let mut arriving: Vec<(Guard, State)> = Vec::new();
        for s in std::mem::take(&mut self.arrived[n]) {
            if s.guard != Guard::FALSE {
                arriving.push((s.guard, s));
            }
        }
        if arriving.is_empty() {
            return None;
        }
        if arriving.len() == 1 {
            return arriving.pop().map(|(_, s)| s);
        }
        let mut guard = Guard::FALSE;
        for (g, _) in &arriving {
            guard = self.guards.or(guard, *g);
        }
        let keys: std::collections::BTreeSet<VarKey> =
            arriving.iter().flat_map(|(_, s)| s.env.keys().copied()).collect();
        let mut env = BTreeMap::new();
        let formulas: Vec<B> =
            arriving.iter().map(|(g, _)| self.guards.formula(&mut self.dag, *g)).collect();
        for key in keys {
            let mut values = Vec::new();
            for (_, s) in &arriving {
                // A read cannot fail here: the value was read or written before.
                match s.env.get(&key) {
                    Some(v) => values.push(v.clone()),
                    None => {
                        match self.read(&State { guard: Guard::TRUE, env: BTreeMap::new() }, key) {
                            Ok(v) => values.push(v),
                            Err(_) => return None,
                        }
                    }
                }
            }
            env.insert(key, self.merge_values(&formulas, &values));
        }
        Some(State { guard, env })
    }

    /// The multiplexer of values under mutually exclusive guards.
    fn merge_values(&mut self, guards: &[B], values: &[Value]) -> Value {
        let mut acc = values[values.len() - 1].clone();
        for i in (0..values.len() - 1).rev() {
            acc = self.ite_value(guards[i], &values[i], &acc);
        }
        acc
    }

    /// `if c then a else b` over values of one sort.
    pub fn ite_value(&mut self, c: B, a: &Value, b: &Value) -> Value {
        match (a, b) {
            (Value::Int(x), Value::Int(y)) => {
                if x == y {
                    a.clone()
                } else {
                    Value::Int(bv::ite(&mut self.dag, c, x, y))
                }
            }
            (Value::Bool(x), Value::Bool(y)) => Value::Bool(self.dag.ite(c, *x, *y)),
            (Value::Array(x), Value::Array(y)) => {
                if Rc::ptr_eq(x, y) {
                    a.clone()
                } else {
                    Value::Array(Rc::new(Array::Ite(c, x.clone(), y.clone())))
                }
            }
            // Sorts are fixed per variable, so this arm is never taken; keep the first.
            _ => a.clone(),
        }
    }

    fn step(
        &mut self,
        e: usize,
        before: &State,
        calls: &mut dyn CallEffect,
    ) -> Result<Option<State>, SaturnError> {
        let uedge = &self.graph.edges[e];
        let node = &self.graph.nodes[uedge.from];
        let frame = node.frame;
        let procedure = self.graph.frames[frame].procedure;
        let proc_data = self.program.procedure(procedure);
        let mut state = before.clone();
        self.current_guard = self.guards.formula(&mut self.dag, state.guard);
        match uedge.step {
            Step::Enter { call_edge, callee } => {
                let cfg = proc_data.body.as_ref().expect("a frame's procedure has a body");
                let Command::Call { callee: callee_id, args, .. } = &cfg.edges[call_edge].command
                else {
                    return Err(SaturnError::Internal("an entered edge is not a call"));
                };
                let params = self.program.procedure(*callee_id).params.clone();
                let mut values = Vec::new();
                for &a in args {
                    values.push(self.eval(&state, frame, a)?);
                }
                for (p, v) in params.into_iter().zip(values) {
                    state.env.insert((Some(callee), p), v);
                }
            }
            Step::Return { callee } => {
                let callee_proc = self.program.procedure(self.graph.frames[callee].procedure);
                let parent =
                    self.graph.frames[callee].parent.expect("a returning frame has a caller");
                let caller_proc = self.program.procedure(self.graph.frames[parent].procedure);
                let call_edge =
                    self.graph.frames[callee].call_edge.expect("a callee's frame has its call");
                let cfg = caller_proc.body.as_ref().expect("a caller has a body");
                let Command::Call { results, .. } = &cfg.edges[call_edge].command else {
                    return Err(SaturnError::Internal("a returned-to edge is not a call"));
                };
                let mut values = Vec::new();
                for &r in &callee_proc.results {
                    values.push(self.read(&state, (Some(callee), r))?);
                }
                for (&r, v) in results.iter().zip(values) {
                    let key = self.key(parent, r);
                    state.env.insert(key, v);
                }
                // The callee's frame is dead: its variables leave the environment.
                state.env.retain(|(f, _), _| *f != Some(callee));
            }
            Step::Ir(i) => {
                let cfg = proc_data.body.as_ref().expect("a frame's procedure has a body");
                let edge = &cfg.edges[i];
                match &edge.command {
                    Command::Skip => {}
                    Command::Assume { .. } if self.implied.contains(&(procedure, i)) => {}
                    Command::Assume { formula, .. } => {
                        let c = self.eval_bool(&state, frame, *formula)?;
                        self.branches.push((c, e));
                        let g = self.guards.condition(c);
                        state.guard = self.guards.and(state.guard, g);
                    }
                    Command::Assign(pairs) => {
                        let mut values = Vec::new();
                        for (var, t) in pairs {
                            values.push((*var, self.eval(&state, frame, *t)?));
                        }
                        for (var, v) in values {
                            let key = self.key(frame, var);
                            state.env.insert(key, v);
                        }
                    }
                    Command::Havoc(vars) => {
                        let mut inputs = Vec::new();
                        let typed = if vars.len() == 1 {
                            self.machine_range(procedure, edge.to, vars[0])
                        } else {
                            None
                        };
                        for &var in vars {
                            let v = match typed {
                                Some((assume_edge, ty)) => {
                                    self.implied.insert((procedure, assume_edge));
                                    self.fresh_machine(ty)
                                }
                                None => self.fresh(var, edge.span)?,
                            };
                            if let Value::Int(bits) = &v {
                                inputs.push(Input { bits: bits.clone(), variable: var });
                            }
                            let key = self.key(frame, var);
                            state.env.insert(key, v);
                        }
                        self.havoc_inputs.insert(e, inputs);
                    }
                    Command::Assert { formula, .. } => {
                        let c = self.eval_bool(&state, frame, *formula)?;
                        self.asserts.push(AssertSite {
                            edge: e,
                            procedure,
                            ir_edge: i,
                            guard: self.current_guard,
                            condition: c,
                        });
                        // Past the check, the run goes on where it held.
                        self.branches.push((c, e));
                        let g = self.guards.condition(c);
                        state.guard = self.guards.and(state.guard, g);
                    }
                    Command::Call { callee, args, results } => {
                        let mut values = Vec::new();
                        for &a in args {
                            values.push(self.eval(&state, frame, a)?);
                        }
                        let site =
                            CallSite { edge: e, callee: *callee, guard: state.guard, args: values };
                        let returned = calls.apply(self, &site, &mut state)?;
                        self.calls.push(site);
                        for (k, &r) in results.iter().enumerate() {
                            let v = match returned.as_ref().and_then(|vs| vs.get(k)) {
                                Some(v) => v.clone(),
                                None => self.fresh(r, edge.span)?,
                            };
                            let key = self.key(frame, r);
                            state.env.insert(key, v);
                        }
                    }
                }
            }
        }
        if state.guard == Guard::FALSE {
            return Ok(None);
        }
        Ok(Some(state))
    }

    /// The machine type of a `havoc`'d variable, read off the range assumption the C front end
    /// puts on the only edge after it (`assume 0 <= v & v <= 255` for an `unsigned char`): the
    /// variable then gets that many fresh bits, extended, so a `nondet` value costs its type's
    /// bits, not the blasting width, and the range is no guard (which keeps queries' cones
    /// free of inputs they do not read). Returns the assumption's edge and the type.
    fn machine_range(
        &self,
        procedure: ProcId,
        at: crate::ir::Loc,
        var: ConstId,
    ) -> Option<(usize, bv::IntType)> {
        let cfg = self.program.procedure(procedure).body.as_ref()?;
        let mut into = cfg.edges.iter().filter(|e| e.to == at);
        let (_, None) = (into.next()?, into.next()) else { return None };
        let mut out = cfg.edges.iter().enumerate().filter(|(_, e)| e.from == at);
        let (Some((index, edge)), None) = (out.next(), out.next()) else { return None };
        let Command::Assume { formula, .. } = &edge.command else { return None };
        self.range_type(*formula, var).map(|ty| (index, ty))
    }

    /// The machine type whose range `formula` states for `var` (`lo <= var & var <= hi`, as
    /// the C front end writes a `nondet` value's range and a parameter's), if one fits within
    /// the blasting width.
    fn range_type(&self, formula: TermId, var: ConstId) -> Option<bv::IntType> {
        let bank = &self.program.bank;
        let Term::Prim(Prim::And, parts) = &bank.term(formula).term else { return None };
        let (Term::Prim(Prim::Le, low), Term::Prim(Prim::Le, high)) =
            (&bank.term(parts[0]).term, &bank.term(parts[1]).term)
        else {
            return None;
        };
        let is_var = |t: TermId| matches!(bank.term(t).term, Term::Const(c) if c == var);
        if !is_var(low[1]) || !is_var(high[0]) {
            return None;
        }
        let (lo, hi) = (bank.int_literal(low[0])?, bank.int_literal(high[1])?);
        (1..self.width).find_map(|w| {
            [bv::IntType::signed(w), bv::IntType::unsigned(w)]
                .into_iter()
                .find(|ty: &bv::IntType| ty.min_value() == lo && ty.max_value() == hi)
        })
    }

    /// A parameter of the function analysed, as fresh bits: as many as the range its function
    /// states for it (a `Typing` fact of the C front end: the type's range, a pointer's 64
    /// bits) takes, extended, so a model gives it a value its type can hold; else the
    /// blasting width's.
    fn fresh_parameter(&mut self, procedure: ProcId, p: ConstId) -> Result<Value, SaturnError> {
        let typed = self.program.procedure(procedure).assumes.iter().find_map(|fact| {
            if fact.kind == ProgramFact::Typing { self.range_type(fact.formula, p) } else { None }
        });
        match typed {
            Some(ty) => Ok(self.fresh_machine(ty)),
            None => self.fresh(p, None),
        }
    }

    /// A fresh value of machine type `ty`: its width in fresh bits, extended to the blasting
    /// width.
    fn fresh_machine(&mut self, ty: bv::IntType) -> Value {
        let narrow = Bv::fresh(&mut self.dag, ty.width);
        Value::Int(bv::cast(&narrow, ty, bv::IntType::signed(self.width)))
    }

    /// The value of a term in a state of `frame`.
    pub fn eval(&mut self, state: &State, frame: usize, t: TermId) -> Result<Value, SaturnError> {
        let data = self.program.bank.term(t).clone();
        let span = Some(data.span);
        match &data.term {
            Term::Const(c) => {
                if self.program.variable(*c).is_none() {
                    return Err(SaturnError::Unsupported {
                        what: "a constant that is not a program variable",
                        span,
                    });
                }
                let key = self.key(frame, *c);
                self.read(state, key)
            }
            Term::Int(n) => Ok(Value::Int(self.constant(n, span)?)),
            Term::Var(_) => Err(SaturnError::Unsupported { what: "a bound variable", span }),
            Term::App(f, a) => {
                let f = self.eval(state, frame, *f)?;
                let a = self.eval_int(state, frame, *a)?;
                match f {
                    Value::Array(arr) => self.select(&arr, &a),
                    _ => Err(SaturnError::Unsupported {
                        what: "applying a value that is not an array",
                        span,
                    }),
                }
            }
            Term::Bind(Binder::Lam, vars, body) if vars.len() == 1 => {
                // A constant function (a zeroed array): its body does not mention the variable
                // in anything the front ends write.
                let v = self.eval(state, frame, *body)?;
                Ok(Value::Array(Rc::new(Array::Const(v))))
            }
            Term::Bind(..) => {
                Err(SaturnError::Unsupported { what: "a quantifier or a binder", span })
            }
            Term::Prim(p, args) => self.prim(state, frame, *p, args, span),
        }
    }

    fn constant(&mut self, n: &Integer, span: Option<Span>) -> Result<Bv, SaturnError> {
        let limit = Integer::from(1) << (self.width - 1);
        if *n >= limit || *n < -limit {
            return Err(SaturnError::Unsupported {
                what: "a constant wider than the blasting width",
                span,
            });
        }
        Ok(Bv::constant(n, self.width))
    }

    /// The value of a boolean term.
    pub fn eval_bool(&mut self, state: &State, frame: usize, t: TermId) -> Result<B, SaturnError> {
        match self.eval(state, frame, t)? {
            Value::Bool(b) => Ok(b),
            _ => Err(SaturnError::Unsupported {
                what: "a condition that is not a truth value",
                span: Some(self.program.bank.term(t).span),
            }),
        }
    }

    /// The value of an integer term.
    pub fn eval_int(&mut self, state: &State, frame: usize, t: TermId) -> Result<Bv, SaturnError> {
        match self.eval(state, frame, t)? {
            Value::Int(b) => Ok(b),
            _ => Err(SaturnError::Unsupported {
                what: "an index or operand that is not an integer",
                span: Some(self.program.bank.term(t).span),
            }),
        }
    }

    /// A side condition of the current edge: paths on which it fails are cut.
    fn require(&mut self, holds: B) {
        if holds == B::TRUE {
            return;
        }
        self.overflow_conditions += 1;
        let side = self.dag.implies(self.current_guard, holds);
        self.axioms = self.dag.and(self.axioms, side);
    }

    fn prim(
        &mut self,
        state: &State,
        frame: usize,
        p: Prim,
        args: &[TermId],
        span: Option<Span>,
    ) -> Result<Value, SaturnError> {
        let bools = |s: &mut Self, i: usize| s.eval_bool(state, frame, args[i]);
        Ok(match p {
            Prim::True => Value::Bool(B::TRUE),
            Prim::False => Value::Bool(B::FALSE),
            Prim::Not => Value::Bool(!bools(self, 0)?),
            Prim::And => {
                let (a, b) = (bools(self, 0)?, bools(self, 1)?);
                Value::Bool(self.dag.and(a, b))
            }
            Prim::Or => {
                let (a, b) = (bools(self, 0)?, bools(self, 1)?);
                Value::Bool(self.dag.or(a, b))
            }
            Prim::Imp => {
                let (a, b) = (bools(self, 0)?, bools(self, 1)?);
                Value::Bool(self.dag.implies(a, b))
            }
            Prim::Iff => {
                let (a, b) = (bools(self, 0)?, bools(self, 1)?);
                Value::Bool(self.dag.iff(a, b))
            }
            Prim::Eq => {
                let a = self.eval(state, frame, args[0])?;
                let b = self.eval(state, frame, args[1])?;
                match (a, b) {
                    (Value::Int(x), Value::Int(y)) => Value::Bool(bv::equal(&mut self.dag, &x, &y)),
                    (Value::Bool(x), Value::Bool(y)) => Value::Bool(self.dag.iff(x, y)),
                    _ => return Err(SaturnError::Unsupported { what: "equality of arrays", span }),
                }
            }
            Prim::Ite => {
                let c = bools(self, 0)?;
                let a = self.eval(state, frame, args[1])?;
                let b = self.eval(state, frame, args[2])?;
                self.ite_value(c, &a, &b)
            }
            Prim::Update => {
                let f = self.eval(state, frame, args[0])?;
                let at = self.eval_int(state, frame, args[1])?;
                let v = self.eval(state, frame, args[2])?;
                match f {
                    Value::Array(a) => Value::Array(Rc::new(Array::Store(a, at, v))),
                    _ => {
                        return Err(SaturnError::Unsupported {
                            what: "updating a value that is not an array",
                            span,
                        });
                    }
                }
            }
            Prim::Add | Prim::Sub | Prim::Mul | Prim::Div | Prim::Mod | Prim::Lt | Prim::Le => {
                let a = self.eval_int(state, frame, args[0])?;
                let b = self.eval_int(state, frame, args[1])?;
                match p {
                    Prim::Add => {
                        let o = bv::add_overflows_signed(&mut self.dag, &a, &b);
                        self.require(!o);
                        Value::Int(bv::add(&mut self.dag, &a, &b))
                    }
                    Prim::Sub => {
                        let o = bv::sub_overflows_signed(&mut self.dag, &a, &b);
                        self.require(!o);
                        Value::Int(bv::sub(&mut self.dag, &a, &b))
                    }
                    Prim::Mul => {
                        let o = bv::mul_overflows_signed(&mut self.dag, &a, &b);
                        self.require(!o);
                        Value::Int(bv::mul(&mut self.dag, &a, &b))
                    }
                    Prim::Div | Prim::Mod => {
                        let zero = Bv::constant(&Integer::new(), self.width);
                        let nonzero = !bv::equal(&mut self.dag, &b, &zero);
                        self.require(nonzero);
                        let (q, r) = self.divide(&a, &b);
                        Value::Int(if p == Prim::Div { q } else { r })
                    }
                    Prim::Lt => Value::Bool(bv::slt(&mut self.dag, &a, &b)),
                    _ => Value::Bool(bv::le(&mut self.dag, &a, &b, true)),
                }
            }
            Prim::Neg => {
                let a = self.eval_int(state, frame, args[0])?;
                let zero = Bv::constant(&Integer::new(), self.width);
                let o = bv::sub_overflows_signed(&mut self.dag, &zero, &a);
                self.require(!o);
                Value::Int(bv::neg(&mut self.dag, &a))
            }
            _ => {
                return Err(SaturnError::Unsupported {
                    what: "a set, pair or membership term",
                    span,
                });
            }
        })
    }

    /// Truncating division: by a positive power of two as wiring, else the divider.
    fn divide(&mut self, a: &Bv, b: &Bv) -> (Bv, Bv) {
        if let Some(d) = b.as_constant(true)
            && d > 0
            && d.is_power_of_two()
        {
            let k = d.significant_bits() - 1;
            // Toward zero: a negative dividend is biased by d - 1 before the arithmetic shift.
            let bias = Bv::constant(&(d.clone() - 1u32), self.width);
            let zero = Bv::constant(&Integer::new(), self.width);
            let adjust = bv::ite(&mut self.dag, a.sign(), &bias, &zero);
            let biased = bv::add(&mut self.dag, a, &adjust);
            let q = bv::shr_const(&biased, k, true);
            let back = bv::shl_const(&q, k);
            let r = bv::sub(&mut self.dag, a, &back);
            return (q, r);
        }
        bv::sdivrem(&mut self.dag, a, b)
    }

    /// The value of `a` at index `i`.
    pub fn select(&mut self, a: &Rc<Array>, i: &Bv) -> Result<Value, SaturnError> {
        Ok(match &**a {
            Array::Const(v) => v.clone(),
            Array::Store(inner, at, v) => {
                let hit = bv::equal(&mut self.dag, i, at);
                if hit == B::TRUE {
                    return Ok(v.clone());
                }
                let rest = self.select(inner, i)?;
                if hit == B::FALSE {
                    return Ok(rest);
                }
                self.ite_value(hit, v, &rest)
            }
            Array::Ite(c, x, y) => {
                let vx = self.select(x, i)?;
                let vy = self.select(y, i)?;
                self.ite_value(*c, &vx, &vy)
            }
            Array::Base(id) => {
                let id = *id;
                if let Some((_, v)) = self.base_reads[id].iter().find(|(j, _)| j == i) {
                    return Ok(v.clone());
                }
                let v = match self.base_sorts[id] {
                    Elem::Ty(elem) => self.fresh_of(elem)?,
                    Elem::Bits(width) => Value::Int(Bv::fresh(&mut self.dag, width)),
                };
                let earlier = self.base_reads[id].clone();
                for (j, w) in earlier {
                    let same_index = bv::equal(&mut self.dag, i, &j);
                    let same_value = match (&v, &w) {
                        (Value::Int(x), Value::Int(y)) => bv::equal(&mut self.dag, x, y),
                        (Value::Bool(x), Value::Bool(y)) => self.dag.iff(*x, *y),
                        _ => {
                            return Err(SaturnError::Unsupported {
                                what: "arrays of arrays",
                                span: None,
                            });
                        }
                    };
                    let tie = self.dag.implies(same_index, same_value);
                    self.axioms = self.dag.and(self.axioms, tie);
                }
                self.base_reads[id].push((i.clone(), v.clone()));
                v
            }
        })
    }

    /// Decides a query on `cnf` (the function's incremental solver); a model is returned as
    /// the value of every input, after it was checked against the query.
    pub fn decide(&self, cnf: &mut Cnf, query: B) -> Result<Option<Vec<bool>>, SaturnError> {
        match cnf.solve(&self.dag, query) {
            Ok(Answer::Sat(model)) => {
                let values: Vec<bool> = (0..self.dag.num_inputs() as u32)
                    .map(|i| cnf.input_value(&self.dag, &model, i))
                    .collect();
                if !self.dag.eval(query, &|i| values[i as usize]) {
                    return Err(SaturnError::Internal("a model does not satisfy its query"));
                }
                Ok(Some(values))
            }
            Ok(Answer::Unsat) => Ok(None),
            Ok(Answer::Stopped(reason)) => Err(SaturnError::Solver(reason.name())),
            Err(_) => Err(SaturnError::Solver("the model or proof was rejected")),
        }
    }

    /// The values read so far from unknown base array `id` (an array's entry contents).
    pub fn base_values(&self, id: usize) -> Vec<Value> {
        self.base_reads
            .get(id)
            .map(|reads| reads.iter().map(|(_, v)| v.clone()).collect())
            .unwrap_or_default()
    }

    /// The guard of a node as a formula (false for a node never reached).
    pub fn node_guard(&mut self, n: NodeId) -> B {
        match &self.states[n] {
            Some(s) => {
                let g = s.guard;
                self.guards.formula(&mut self.dag, g)
            }
            None => B::FALSE,
        }
    }
}

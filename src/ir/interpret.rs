//! Running a procedure of an IR [`Program`] on concrete values: the check that a
//! counterexample is real before "Unsafe" is reported, and `craig run` for C programs.
//!
//! Values are mathematical integers (`rug::Integer`, as the IR's `int` is), truth values, and
//! functions from integers (arrays, updated with function update) kept as a default plus the
//! points where they differ from it, so two functions are equal exactly when they agree
//! everywhere. Every `havoc` takes its values from the input sequence, in execution order (a
//! counterexample's inputs replay exactly), and so do the parameters of the procedure run.
//! Calls are inlined: each call gets a frame of its own for the callee's parameters, locals
//! and results, globals are shared. At a location the first edge whose command can run is
//! taken (front ends guard the edges of a branch with complementary assumptions, so runs are
//! deterministic); none means the run is blocked. A variable never assigned reads as its type's
//! zero (`0`, `False`, the all-zero array).
//!
//! Outcomes are values, never panics: a term the interpreter cannot evaluate (a quantifier, a
//! set) makes the run [`Outcome::Stuck`] with the reason, a [`StuckReason`].

use std::collections::BTreeMap;
use std::fmt;

use rug::Integer;
use rustc_hash::FxHashMap;

use super::{Command, Loc, ProcId, Program};
use crate::hol::{Binder, ConstId, Obligation, Prim, Term, TermId, TyId, TyNode};
use crate::syntax::Span;

/// A concrete value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// An integer.
    Int(Integer),
    /// A truth value.
    Bool(bool),
    /// A function from integers (an array): its value where no entry says otherwise, and the
    /// entries that differ from it (so equality is extensional).
    Function {
        /// The value at every point without an entry.
        default: Box<Value>,
        /// The points where it differs from the default.
        entries: BTreeMap<Integer, Value>,
    },
}

impl Value {
    fn as_int(&self) -> Result<&Integer, StuckReason> {
        match self {
            Value::Int(n) => Ok(n),
            other => Err(StuckReason::NotAnInteger(other.clone())),
        }
    }

    fn as_bool(&self) -> Result<bool, StuckReason> {
        match self {
            Value::Bool(b) => Ok(*b),
            other => Err(StuckReason::NotATruthValue(other.clone())),
        }
    }
}

/// Why a run could not go on, by what is at fault: what the interpreter does not run (the
/// program may be fine), what the program's own run does wrong, and a program in the IR that no
/// front end should produce (ill-typed, a bug in craig). Each says itself in a phrase, after
/// `stuck at PLACE: ` or `the run got stuck: `.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StuckReason {
    /// A procedure run or called has no body (it is only declared).
    #[error("`{0}` has no body")]
    NoBody(String),
    /// A quantifier or set comprehension, which has no finite evaluation here.
    #[error("a quantifier or set comprehension cannot be run")]
    Binder,
    /// An operator on sets or pairs, which have no values here.
    #[error("the operator {0} cannot be run (sets and pairs)")]
    SetOrPairOperator(Prim),
    /// A variable never assigned, of a type the interpreter has no zero of.
    #[error("`{variable}` has type {ty}, which the interpreter has no values of")]
    NoValuesOfType {
        /// The variable, as the program names it.
        variable: String,
        /// Its type, shown.
        ty: String,
    },
    /// A `havoc` of a variable that is not an integer (inputs are integers).
    #[error("havoc of `{0}`, which is not an integer")]
    HavocOfNonInteger(String),
    /// Integer division by zero, which the program's language leaves undefined.
    #[error("division by zero")]
    DivisionByZero,
    /// Integer remainder by zero, which the program's language leaves undefined.
    #[error("remainder by zero")]
    RemainderByZero,
    /// A term that should be an integer evaluated to something else (an ill-typed program).
    #[error("expected an integer, found {0}")]
    NotAnInteger(Value),
    /// A formula evaluated to something other than a truth value (an ill-typed program).
    #[error("expected a truth value, found {0}")]
    NotATruthValue(Value),
    /// A constant read as a variable that the program does not declare.
    #[error("`{0}` is not a program variable")]
    NotAProgramVariable(String),
    /// A bound variable outside its binder.
    #[error("the bound variable `{0}` has no value here")]
    UnboundVariable(String),
    /// A value that is not a function, applied to an argument.
    #[error("{0} applied as a function")]
    AppliedNotAFunction(Value),
    /// A value that is not a function, updated at a point.
    #[error("{0} updated as a function")]
    UpdatedNotAFunction(Value),
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Bool(b) => write!(f, "{}", if *b { "True" } else { "False" }),
            Value::Function { default, entries } => {
                write!(f, "(%_. {default})")?;
                if !entries.is_empty() {
                    let parts: Vec<String> =
                        entries.iter().map(|(k, v)| format!("{k} := {v}")).collect();
                    write!(f, "({})", parts.join(", "))?;
                }
                Ok(())
            }
        }
    }
}

/// One edge taken by a run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TraceStep {
    /// The procedure the edge belongs to.
    pub procedure: ProcId,
    /// Where it starts.
    pub from: Loc,
    /// Where it leads.
    pub to: Loc,
    /// The source it comes from.
    pub span: Option<Span>,
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The procedure returned.
    Completed {
        /// Its results, in order.
        results: Vec<Value>,
        /// The global variables at the end, in declaration order, by name.
        globals: Vec<(String, Value)>,
        /// Edges taken.
        steps: usize,
        /// Inputs consumed.
        inputs_used: usize,
    },
    /// An assertion failed.
    AssertionFailed {
        /// What kind of check failed.
        obligation: Obligation,
        /// What it checks, in the program's words.
        what: String,
        /// Where it stands.
        span: Option<Span>,
        /// The procedure it is in.
        procedure: ProcId,
        /// Every edge taken up to it.
        trace: Vec<TraceStep>,
        /// The variables' values where it failed.
        state: Box<RunState>,
    },
    /// No edge could be taken: an assumption (a branch not taken, `assume`, `abort()`) was
    /// false. A replayed counterexample that blocks does not reach its error.
    Blocked {
        /// The location's source, where known.
        span: Option<Span>,
        /// The procedure.
        procedure: ProcId,
        /// Edges taken.
        steps: usize,
    },
    /// A `havoc` (or a parameter) needed a value and the inputs were used up.
    OutOfInputs {
        /// Where the value was needed.
        span: Option<Span>,
        /// Edges taken.
        steps: usize,
    },
    /// The step limit was reached.
    StepLimit {
        /// Edges taken.
        steps: usize,
    },
    /// A term could not be evaluated, or a callee has no body.
    Stuck {
        /// Why.
        reason: StuckReason,
        /// Where.
        span: Option<Span>,
    },
}

/// The values of a run's variables at one point: what a check on the run's memory (which
/// heap objects the program can still reach) reads. Only variables assigned so far are listed
/// (the others hold their type's zero); each list is ordered by constant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunState {
    /// The global variables.
    pub globals: Vec<(ConstId, Value)>,
    /// Each active procedure with its locals, parameters and results, outermost first.
    pub frames: Vec<(ProcId, Vec<(ConstId, Value)>)>,
}

/// One activation of a procedure.
#[derive(Clone, PartialEq)]
struct Frame {
    procedure: ProcId,
    at: Loc,
    locals: FxHashMap<ConstId, Value>,
    /// The caller's variables that receive the results.
    receivers: Vec<ConstId>,
}

struct Machine<'p> {
    program: &'p Program,
    is_global: FxHashMap<ConstId, bool>,
    globals: FxHashMap<ConstId, Value>,
    inputs: &'p [Integer],
    next_input: usize,
    /// The value every input takes once `inputs` are used up, if any.
    every_input: Option<Integer>,
    /// Looks for a state the run comes back to, when asked ([`find_repeat`]).
    repeats: Option<RepeatSearch>,
    trace: Vec<TraceStep>,
    /// Per procedure and location, the indices of the outgoing edges in order: a long run
    /// looks them up instead of scanning every edge at every step.
    outgoing: Vec<Vec<Vec<usize>>>,
}

/// Runs `procedure` of `program`: its parameters and then every `havoc` take their values from
/// `inputs` in order; at most `limit` edges are taken.
pub fn run(program: &Program, procedure: ProcId, inputs: &[Integer], limit: usize) -> Outcome {
    Machine::new(program, inputs).run(procedure, limit)
}

/// A run that came back to a state it had been in: the same procedures active at the same
/// locations, and every variable (the heap's included) holding the same value. What a run does
/// next depends only on its state and the inputs it reads, so with every input the same value
/// it repeats the same steps forever: it never ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Repeat {
    /// The value of every input the run reads.
    pub input: Integer,
    /// A step at which the repeated state is reached (steps are edges taken).
    pub first: usize,
    /// The steps after which the state comes back.
    pub period: usize,
    /// The procedure of the innermost frame of the repeated state.
    pub procedure: ProcId,
    /// The source of the first step of the repeated steps that has one.
    pub span: Option<Span>,
}

/// Runs `procedure` with every input (its parameters', every `havoc`'s) the value `input`,
/// for at most `limit` steps, and looks for a state the run comes back to (Brent's cycle
/// search: one saved state, saved again at steps 1, 2, 4, 8, ..., compared with each new
/// state, finds any cycle within twice its start and period). `None` when the run ends, fails
/// a check, blocks or reaches the limit first.
pub fn find_repeat(
    program: &Program,
    procedure: ProcId,
    input: &Integer,
    limit: usize,
) -> Option<Repeat> {
    let mut m = Machine::new(program, &[]);
    m.every_input = Some(input.clone());
    m.repeats = Some(RepeatSearch { saved: None, power: 1, found: None });
    m.run(procedure, limit);
    let (first, period, procedure) = m.repeats?.found?;
    let cycle = &m.trace[m.trace.len().saturating_sub(period)..];
    let span = cycle.iter().find_map(|step| step.span);
    Some(Repeat { input: input.clone(), first, period, procedure, span })
}

/// The state of [`find_repeat`]'s search.
struct RepeatSearch {
    /// The state saved, with the step it was saved at.
    saved: Option<(usize, SavedState)>,
    /// The steps after which the next state is saved.
    power: usize,
    /// The repeat found: its first step, period and innermost procedure.
    found: Option<(usize, usize, ProcId)>,
}

/// A copy of a run's whole state.
#[derive(PartialEq)]
struct SavedState {
    globals: FxHashMap<ConstId, Value>,
    /// The frames, outermost first, each with its location and variables.
    frames: Vec<Frame>,
}

impl RepeatSearch {
    /// Compares the state at `step` with the saved one; true when it is the same (the run
    /// repeats from there), else saves it when it is time to.
    fn visit(&mut self, step: usize, globals: &FxHashMap<ConstId, Value>, stack: &[Frame]) -> bool {
        if let Some((saved_at, saved)) = &self.saved {
            // A state is compared only after a step was taken since it was saved: the run
            // moves between frames without a step when a procedure returns.
            if step > *saved_at && saved.frames == stack && saved.globals == *globals {
                let top = stack.last().expect("a run has a frame");
                self.found = Some((*saved_at, step - saved_at, top.procedure));
                return true;
            }
            if step - saved_at < self.power {
                return false;
            }
            self.power = self.power.saturating_mul(2);
        }
        let frames = stack.to_vec();
        self.saved = Some((step, SavedState { globals: globals.clone(), frames }));
        false
    }
}

impl<'p> Machine<'p> {
    fn new(program: &'p Program, inputs: &'p [Integer]) -> Machine<'p> {
        let is_global =
            program.variables.iter().map(|v| (v.constant, v.kind.is_global())).collect();
        Machine {
            program,
            is_global,
            globals: FxHashMap::default(),
            inputs,
            next_input: 0,
            every_input: None,
            repeats: None,
            trace: Vec::new(),
            outgoing: program
                .procedures
                .iter()
                .map(|p| {
                    let Some(cfg) = &p.body else { return Vec::new() };
                    let mut out = vec![Vec::new(); cfg.locations.len()];
                    for (i, e) in cfg.edges.iter().enumerate() {
                        out[e.from.0 as usize].push(i);
                    }
                    out
                })
                .collect(),
        }
    }
}

impl Machine<'_> {
    fn run(&mut self, procedure: ProcId, limit: usize) -> Outcome {
        let program = self.program;
        let p = program.procedure(procedure);
        let Some(cfg) = &p.body else {
            return Outcome::Stuck {
                reason: StuckReason::NoBody(p.name.clone()),
                span: Some(p.span),
            };
        };
        let mut first =
            Frame { procedure, at: cfg.entry, locals: FxHashMap::default(), receivers: Vec::new() };
        for &param in &p.params {
            let Some(value) = self.input() else {
                return Outcome::OutOfInputs { span: Some(p.span), steps: 0 };
            };
            first.locals.insert(param, value);
        }
        let mut stack = vec![first];
        let mut steps = 0usize;
        loop {
            let frame = stack.last().expect("a run has a frame");
            let proc = program.procedure(frame.procedure);
            let cfg = proc.body.as_ref().expect("only procedures with bodies are entered");
            if frame.at == cfg.exit {
                let done = stack.pop().expect("a run has a frame");
                let results: Vec<Value> =
                    match proc.results.iter().map(|&r| self.read(&done, r)).collect() {
                        Ok(results) => results,
                        Err(reason) => return Outcome::Stuck { reason, span: Some(proc.span) },
                    };
                let Some(caller) = stack.last_mut() else {
                    return self.completed(results, steps);
                };
                for (&var, value) in done.receivers.iter().zip(results) {
                    Self::write(&self.is_global, &mut self.globals, caller, var, value);
                }
                continue;
            }
            if steps >= limit {
                return Outcome::StepLimit { steps };
            }
            if let Some(search) = &mut self.repeats
                && search.visit(steps, &self.globals, &stack)
            {
                return Outcome::StepLimit { steps };
            }
            let at = frame.at;
            let mut taken = None;
            let outgoing = &self.outgoing[frame.procedure.0 as usize][at.0 as usize];
            for edge in outgoing.iter().map(|&i| &cfg.edges[i]) {
                match &edge.command {
                    Command::Assume { formula, .. } => match self.truth(frame, *formula) {
                        Ok(true) => {
                            taken = Some(edge);
                            break;
                        }
                        Ok(false) => {}
                        Err(reason) => return Outcome::Stuck { reason, span: edge.span },
                    },
                    _ => {
                        taken = Some(edge);
                        break;
                    }
                }
            }
            let procedure = frame.procedure;
            let Some(edge) = taken else {
                return Outcome::Blocked { span: cfg.location(at).span, procedure, steps };
            };
            steps += 1;
            self.trace.push(TraceStep { procedure, from: at, to: edge.to, span: edge.span });
            let frame = stack.last_mut().expect("a run has a frame");
            match &edge.command {
                Command::Skip | Command::Assume { .. } => {}
                Command::Assign(pairs) => {
                    let mut values = Vec::new();
                    for (var, t) in pairs {
                        match self.eval(frame, *t) {
                            Ok(v) => values.push((*var, v)),
                            Err(reason) => return Outcome::Stuck { reason, span: edge.span },
                        }
                    }
                    for (var, v) in values {
                        Self::write(&self.is_global, &mut self.globals, frame, var, v);
                    }
                }
                Command::Havoc(vars) => {
                    for &var in vars {
                        let ty = self.program.consts[var.0 as usize].ty;
                        if *self.program.bank.ty_node(ty) != TyNode::Int {
                            return Outcome::Stuck {
                                reason: StuckReason::HavocOfNonInteger(
                                    self.program.display_name(var),
                                ),
                                span: edge.span,
                            };
                        }
                        let Some(v) = self.input() else {
                            return Outcome::OutOfInputs { span: edge.span, steps };
                        };
                        Self::write(&self.is_global, &mut self.globals, frame, var, v);
                    }
                }
                Command::Assert { formula, check, what } => match self.truth(frame, *formula) {
                    Ok(true) => {}
                    Ok(false) => {
                        let sorted = |values: &FxHashMap<ConstId, Value>| {
                            let mut values: Vec<(ConstId, Value)> =
                                values.iter().map(|(&c, v)| (c, v.clone())).collect();
                            values.sort_by_key(|&(c, _)| c);
                            values
                        };
                        let state = RunState {
                            globals: sorted(&self.globals),
                            frames: stack
                                .iter()
                                .map(|f| (f.procedure, sorted(&f.locals)))
                                .collect(),
                        };
                        return Outcome::AssertionFailed {
                            obligation: *check,
                            what: what.clone(),
                            span: edge.span,
                            procedure,
                            trace: std::mem::take(&mut self.trace),
                            state: Box::new(state),
                        };
                    }
                    Err(reason) => return Outcome::Stuck { reason, span: edge.span },
                },
                Command::Call { callee, args, results } => {
                    let mut values = Vec::new();
                    for a in args {
                        match self.eval(frame, *a) {
                            Ok(v) => values.push(v),
                            Err(reason) => return Outcome::Stuck { reason, span: edge.span },
                        }
                    }
                    let callee_proc = self.program.procedure(*callee);
                    let Some(callee_cfg) = &callee_proc.body else {
                        return Outcome::Stuck {
                            reason: StuckReason::NoBody(callee_proc.name.clone()),
                            span: edge.span,
                        };
                    };
                    frame.at = edge.to;
                    let locals = callee_proc.params.iter().copied().zip(values).collect();
                    stack.push(Frame {
                        procedure: *callee,
                        at: callee_cfg.entry,
                        locals,
                        receivers: results.clone(),
                    });
                    continue;
                }
            }
            frame.at = edge.to;
        }
    }

    fn completed(&self, results: Vec<Value>, steps: usize) -> Outcome {
        let globals = self
            .program
            .variables
            .iter()
            .filter(|v| v.kind.is_global())
            .map(|v| {
                let value = self
                    .globals
                    .get(&v.constant)
                    .cloned()
                    .or_else(|| self.zero(self.program.consts[v.constant.0 as usize].ty))
                    .unwrap_or(Value::Bool(false));
                (v.name.clone(), value)
            })
            .collect();
        Outcome::Completed { results, globals, steps, inputs_used: self.next_input }
    }

    fn input(&mut self) -> Option<Value> {
        let v = match self.inputs.get(self.next_input) {
            Some(v) => v.clone(),
            None => self.every_input.clone()?,
        };
        self.next_input += 1;
        Some(Value::Int(v))
    }

    /// The zero of a type: `0`, `False`, or the function that is zero everywhere.
    fn zero(&self, ty: TyId) -> Option<Value> {
        match self.program.bank.ty_node(ty) {
            TyNode::Int => Some(Value::Int(Integer::new())),
            TyNode::Bool => Some(Value::Bool(false)),
            TyNode::Fun(a, b) if *self.program.bank.ty_node(*a) == TyNode::Int => {
                Some(Value::Function {
                    default: Box::new(self.zero(*b)?),
                    entries: BTreeMap::new(),
                })
            }
            _ => None,
        }
    }

    fn read(&self, frame: &Frame, c: ConstId) -> Result<Value, StuckReason> {
        let stored = match self.is_global.get(&c) {
            Some(true) => self.globals.get(&c),
            Some(false) => frame.locals.get(&c),
            None => {
                return Err(StuckReason::NotAProgramVariable(self.program.display_name(c)));
            }
        };
        if let Some(v) = stored {
            return Ok(v.clone());
        }
        let ty = self.program.consts[c.0 as usize].ty;
        self.zero(ty).ok_or_else(|| StuckReason::NoValuesOfType {
            variable: self.program.display_name(c),
            ty: self.program.bank.show_ty(ty),
        })
    }

    fn write(
        is_global: &FxHashMap<ConstId, bool>,
        globals: &mut FxHashMap<ConstId, Value>,
        frame: &mut Frame,
        c: ConstId,
        v: Value,
    ) {
        if is_global.get(&c).copied().unwrap_or(false) {
            globals.insert(c, v);
        } else {
            frame.locals.insert(c, v);
        }
    }

    fn truth(&self, frame: &Frame, t: TermId) -> Result<bool, StuckReason> {
        self.eval(frame, t)?.as_bool()
    }

    fn int(&self, frame: &Frame, t: TermId) -> Result<Integer, StuckReason> {
        Ok(self.eval(frame, t)?.as_int()?.clone())
    }

    fn eval(&self, frame: &Frame, t: TermId) -> Result<Value, StuckReason> {
        let bank = &self.program.bank;
        match &bank.term(t).term {
            Term::Const(c) => self.read(frame, *c),
            Term::Int(n) => Ok(Value::Int(n.clone())),
            Term::Var(v) => Err(StuckReason::UnboundVariable(bank.var(*v).name.to_string())),
            Term::App(f, a) => {
                let f = self.eval(frame, *f)?;
                let a = self.int(frame, *a)?;
                match f {
                    Value::Function { default, entries } => {
                        Ok(entries.get(&a).cloned().unwrap_or(*default))
                    }
                    other => Err(StuckReason::AppliedNotAFunction(other)),
                }
            }
            Term::Bind(Binder::Lam, vars, body) if vars.len() == 1 => {
                // A constant function (`%i. 0`, a zeroed array); a body that depends on the
                // variable would need a closure, which no front end produces.
                let default = self.eval(frame, *body)?;
                Ok(Value::Function { default: Box::new(default), entries: BTreeMap::new() })
            }
            Term::Bind(..) => Err(StuckReason::Binder),
            Term::Prim(p, args) => self.prim(frame, *p, args),
        }
    }

    fn prim(&self, frame: &Frame, p: Prim, args: &[TermId]) -> Result<Value, StuckReason> {
        let arith = |op: fn(Integer, Integer) -> Result<Integer, StuckReason>| {
            let a = self.int(frame, args[0])?;
            let b = self.int(frame, args[1])?;
            Ok(Value::Int(op(a, b)?))
        };
        let compare = |op: fn(&Integer, &Integer) -> bool| -> Result<Value, StuckReason> {
            let a = self.int(frame, args[0])?;
            let b = self.int(frame, args[1])?;
            Ok(Value::Bool(op(&a, &b)))
        };
        match p {
            Prim::True => Ok(Value::Bool(true)),
            Prim::False => Ok(Value::Bool(false)),
            Prim::Not => Ok(Value::Bool(!self.truth(frame, args[0])?)),
            Prim::And => {
                Ok(Value::Bool(self.truth(frame, args[0])? && self.truth(frame, args[1])?))
            }
            Prim::Or => Ok(Value::Bool(self.truth(frame, args[0])? || self.truth(frame, args[1])?)),
            Prim::Imp => {
                Ok(Value::Bool(!self.truth(frame, args[0])? || self.truth(frame, args[1])?))
            }
            Prim::Iff => {
                Ok(Value::Bool(self.truth(frame, args[0])? == self.truth(frame, args[1])?))
            }
            Prim::Eq => Ok(Value::Bool(self.eval(frame, args[0])? == self.eval(frame, args[1])?)),
            Prim::Ite => {
                if self.truth(frame, args[0])? {
                    self.eval(frame, args[1])
                } else {
                    self.eval(frame, args[2])
                }
            }
            Prim::Update => {
                let f = self.eval(frame, args[0])?;
                let at = self.int(frame, args[1])?;
                let v = self.eval(frame, args[2])?;
                match f {
                    Value::Function { default, mut entries } => {
                        // Entries equal to the default are left out, so equality is extensional.
                        if v == *default {
                            entries.remove(&at);
                        } else {
                            entries.insert(at, v);
                        }
                        Ok(Value::Function { default, entries })
                    }
                    other => Err(StuckReason::UpdatedNotAFunction(other)),
                }
            }
            Prim::Add => arith(|a, b| Ok(a + b)),
            Prim::Sub => arith(|a, b| Ok(a - b)),
            Prim::Mul => arith(|a, b| Ok(a * b)),
            Prim::Neg => Ok(Value::Int(-self.int(frame, args[0])?)),
            // rug's `div_rem` truncates toward zero, as C (and the IR's `div`) divide.
            Prim::Div => arith(|a, b| {
                if b == 0 {
                    return Err(StuckReason::DivisionByZero);
                }
                Ok(a.div_rem(b).0)
            }),
            Prim::Mod => arith(|a, b| {
                if b == 0 {
                    return Err(StuckReason::RemainderByZero);
                }
                Ok(a.div_rem(b).1)
            }),
            Prim::Lt => compare(|a, b| a < b),
            Prim::Le => compare(|a, b| a <= b),
            Prim::Pair
            | Prim::Mem
            | Prim::Empty
            | Prim::Insert
            | Prim::Union
            | Prim::Inter
            | Prim::Diff
            | Prim::Subset
            | Prim::ProperSubset => Err(StuckReason::SetOrPairOperator(p)),
        }
    }
}

/// A report of an outcome for people: what happened, where (`locate` names a span's
/// `file:line:col`), and with `trace` every source position the run passed.
pub fn describe_outcome(
    program: &Program,
    outcome: &Outcome,
    locate: &dyn Fn(Span) -> String,
    trace: bool,
) -> String {
    use std::fmt::Write as _;
    let at = |span: &Option<Span>| span.map_or_else(|| "an unknown place".to_string(), locate);
    let mut out = String::new();
    match outcome {
        Outcome::Completed { results, globals, steps, inputs_used } => {
            let _ = write!(out, "completed after {steps} steps, {inputs_used} inputs used");
            if let Some(r) = results.first() {
                let _ = write!(out, "; returned {r}");
            }
            out.push('\n');
            for (name, value) in globals {
                let _ = writeln!(out, "  {name} = {value}");
            }
        }
        Outcome::AssertionFailed { obligation, what, span, procedure, trace: steps, .. } => {
            let _ = writeln!(
                out,
                "{}\n  at {} in {}, after {} steps",
                failure_text(*obligation, what),
                at(span),
                program.procedure(*procedure).name,
                steps.len()
            );
            if trace {
                out.push_str("trace:\n");
                let mut last: Option<Span> = None;
                for step in steps.iter().filter(|s| s.span.is_some()) {
                    if step.span != last {
                        let name = &program.procedure(step.procedure).name;
                        let _ = writeln!(out, "  {} in {name}", at(&step.span));
                        last = step.span;
                    }
                }
            }
        }
        Outcome::Blocked { span, procedure, steps } => {
            let _ = writeln!(
                out,
                "blocked: no edge can be taken at {} in {} after {steps} steps (an assumption is \
                 false)",
                at(span),
                program.procedure(*procedure).name
            );
        }
        Outcome::OutOfInputs { span, steps } => {
            let _ = writeln!(
                out,
                "out of inputs: a value is needed at {} after {steps} steps",
                at(span)
            );
        }
        Outcome::StepLimit { steps } => {
            let _ = writeln!(out, "step limit reached after {steps} steps");
        }
        Outcome::Stuck { reason, span } => {
            let _ = writeln!(out, "stuck at {}: {reason}", at(span));
        }
    }
    out
}
/// What happens when a check fails, in a plain sentence: what was checked, then that it fails
/// (`assertion `i == 11` fails`, `the error location is reachable (`reach_error` is called)`).
/// Front ends word `what` as the property checked (C's `` `i == 11` holds ``, `` `reach_error`
/// is unreachable``; Java's `postcondition result = 2 * n`), so `what` is not simply put after
/// "fails": that would say a property fails and holds at once.
pub fn failure_text(check: Obligation, what: &str) -> String {
    let kind = check.describe();
    if check == Obligation::ErrorUnreachable {
        return match what.strip_suffix(" is unreachable") {
            Some(call) => format!("the error location is reachable ({call} is called)"),
            None if what.is_empty() => "the error location is reachable".to_string(),
            None => format!("the error location is reachable ({what})"),
        };
    }
    if check == Obligation::MemoryModel {
        return format!(
            "the run leaves craig's memory model, which cannot say what happens: {what}"
        );
    }
    if let Some(property) = what.strip_suffix(" holds") {
        format!("{kind} {property} fails")
    } else if what.is_empty() || what == kind {
        format!("the {kind} check fails")
    } else if what.starts_with(kind) {
        format!("{what} fails")
    } else {
        format!("the {kind} check ({what}) fails")
    }
}

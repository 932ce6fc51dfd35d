//! The concrete semantics of one frame: the paper's transition relation `T` (with the read,
//! allocation and write sets it records), calls `T+` and returns `T-`.
//!
//! Every engine (summaries with and without patterns, the explicit baseline, the replay of
//! counterexamples) steps through [`successors`], so they agree on what a program does and on
//! the numbering of non-deterministic choices: a trace is a list of indices into the vectors this
//! function returns, and stays valid under any renumbering of addresses.

use super::ir::{BinOp, ClassId, Expr, GLOBALS, Instr, Pc, Place, ProcId, Program, Type, Value};

/// A heap cell: its class and its fields' values in declaration order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Its class.
    pub class: ClassId,
    /// Field values.
    pub fields: Vec<Value>,
}

/// A heap: cell `i` has address `i`; cell 0 is the globals cell. Allocation appends, which is
/// the paper's choice of `|h| + 1`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Heap {
    /// The cells.
    pub cells: Vec<Cell>,
}

/// A location: one field of one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loc {
    /// The cell's address.
    pub cell: u32,
    /// The field's index in its class.
    pub field: u32,
}

/// A stack frame (the paper's `Local`): a procedure, a pc and a local store.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Frame {
    /// The procedure.
    pub proc: ProcId,
    /// The instruction about to run (a call's frame stays at the call until it returns).
    pub pc: Pc,
    /// Parameters, then locals.
    pub locals: Vec<Value>,
}

/// Why an execution went wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// An `assert` whose condition can be false.
    Assertion,
    /// A field access or method call through `null`.
    NullDereference,
    /// Integer arithmetic left the 64-bit range.
    Overflow,
    /// The error label under check was reached.
    ErrorLabel,
}

impl FailureKind {
    /// How the verdict names it.
    pub fn describe(self) -> &'static str {
        match self {
            FailureKind::Assertion => "assertion failure",
            FailureKind::NullDereference => "null dereference",
            FailureKind::Overflow => "integer overflow",
            FailureKind::ErrorLabel => "error label reached",
        }
    }
}

/// What one transition does.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// An intra-frame step to a new heap and frame, writing these locations.
    Next {
        /// The heap after the step.
        heap: Heap,
        /// The frame after the step.
        frame: Frame,
        /// Locations written (allocated cells' fields are not listed).
        writes: Vec<Loc>,
    },
    /// A call with these argument values; the caller's frame stays at the call instruction.
    Call {
        /// The callee.
        callee: ProcId,
        /// Its arguments.
        args: Vec<Value>,
    },
    /// The frame returns these values.
    Return {
        /// The returned values.
        values: Vec<Value>,
    },
    /// The execution fails here.
    Failure(FailureKind),
    /// An `assume`, `constrain` or `enforce` ruled this choice out. It is kept (rather than
    /// dropped) because its reads still count for patterns and so that choice numbers do not
    /// depend on the data.
    Blocked,
}

/// One successor: the heap locations read to decide it, and what it does.
#[derive(Clone, Debug)]
pub struct Succ {
    /// Heap locations read (the paper's `r`; local reads do not count).
    pub reads: Vec<Loc>,
    /// The transition.
    pub outcome: Outcome,
}

/// The initial heap: the globals cell with default values.
pub fn initial_heap(prog: &Program) -> Heap {
    let fields = prog.globals().iter().map(|v| Value::default_of(v.ty)).collect();
    Heap { cells: vec![Cell { class: ClassId(0), fields }] }
}

/// A fresh frame of `proc` with these arguments and default locals.
pub fn entry_frame(prog: &Program, proc: ProcId, args: &[Value]) -> Frame {
    let p = prog.proc(proc);
    let mut locals: Vec<Value> = p.locals.iter().map(|v| Value::default_of(v.ty)).collect();
    locals[..args.len()].copy_from_slice(args);
    Frame { proc, pc: 0, locals }
}

/// A default-initialised cell of class `c`.
pub fn new_cell(prog: &Program, c: ClassId) -> Cell {
    Cell {
        class: c,
        fields: prog.class(c).fields.iter().map(|v| Value::default_of(v.ty)).collect(),
    }
}

struct Eval<'a> {
    heap: &'a Heap,
    frame: &'a Frame,
    /// The state after the assignment, for primed places in `constrain`.
    after: Option<(&'a Heap, &'a Frame)>,
    reads: &'a mut Vec<Loc>,
}

type Values = Vec<Value>;

fn single(v: Value) -> Values {
    vec![v]
}

impl Eval<'_> {
    fn read(&mut self, a: u32, field: u32) -> Value {
        let loc = Loc { cell: a, field };
        if !self.reads.contains(&loc) {
            self.reads.push(loc);
        }
        self.heap.cells[a as usize].fields[field as usize]
    }

    /// Every value the expression can take (sorted, without repeats).
    fn eval(&mut self, e: &Expr) -> Result<Values, FailureKind> {
        let mut out = match e {
            Expr::Const(v) => single(*v),
            Expr::Local(i) => single(self.frame.locals[*i as usize]),
            Expr::Global(f) => single(self.read(GLOBALS, *f)),
            Expr::Field(base, f) => {
                let mut out = Vec::new();
                for b in self.eval(base)? {
                    match b {
                        Value::Addr(a) => out.push(self.read(a, *f)),
                        _ => return Err(FailureKind::NullDereference),
                    }
                }
                out
            }
            Expr::Primed(place) => {
                let Some((heap, frame)) = self.after else { return Ok(single(Value::Bool(false))) };
                single(match place.as_ref() {
                    Place::Local(i) => frame.locals[*i as usize],
                    Place::Global(f) => heap.cells[GLOBALS as usize].fields[*f as usize],
                    Place::Field(..) => Value::Bool(false),
                })
            }
            Expr::Not(a) => self.eval(a)?.into_iter().map(|v| Value::Bool(!truth(v))).collect(),
            Expr::Neg(a) => {
                let mut out = Vec::new();
                for v in self.eval(a)? {
                    out.push(Value::Int(int(v).checked_neg().ok_or(FailureKind::Overflow)?));
                }
                out
            }
            Expr::Choose => vec![Value::Bool(false), Value::Bool(true)],
            Expr::Schoose(a, b) => {
                let mut out = Vec::new();
                for x in self.eval(a)? {
                    if truth(x) {
                        out.push(Value::Bool(true));
                        continue;
                    }
                    for y in self.eval(b)? {
                        if truth(y) {
                            out.push(Value::Bool(false));
                        } else {
                            out.extend([Value::Bool(false), Value::Bool(true)]);
                        }
                    }
                }
                out
            }
            Expr::Binary(op, a, b) => self.binary(*op, a, b)?,
        };
        out.sort();
        out.dedup();
        Ok(out)
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr) -> Result<Values, FailureKind> {
        let left = self.eval(a)?;
        let mut out = Vec::new();
        for x in left {
            // Short-circuit: the right side is neither read nor evaluated when the left decides.
            match op {
                BinOp::And if !truth(x) => {
                    out.push(Value::Bool(false));
                    continue;
                }
                BinOp::Or if truth(x) => {
                    out.push(Value::Bool(true));
                    continue;
                }
                BinOp::Implies if !truth(x) => {
                    out.push(Value::Bool(true));
                    continue;
                }
                _ => {}
            }
            for y in self.eval(b)? {
                out.push(match op {
                    BinOp::And | BinOp::Or | BinOp::Implies => Value::Bool(truth(y)),
                    BinOp::Xor => Value::Bool(truth(x) != truth(y)),
                    BinOp::Eq => Value::Bool(x == y),
                    BinOp::Ne => Value::Bool(x != y),
                    BinOp::Lt => Value::Bool(int(x) < int(y)),
                    BinOp::Le => Value::Bool(int(x) <= int(y)),
                    BinOp::Add => {
                        Value::Int(int(x).checked_add(int(y)).ok_or(FailureKind::Overflow)?)
                    }
                    BinOp::Sub => {
                        Value::Int(int(x).checked_sub(int(y)).ok_or(FailureKind::Overflow)?)
                    }
                });
            }
        }
        Ok(out)
    }

    /// The cell and field a place denotes, or `None` for a local.
    fn place(&mut self, p: &Place) -> Result<Option<Loc>, FailureKind> {
        match p {
            Place::Local(_) => Ok(None),
            Place::Global(f) => Ok(Some(Loc { cell: GLOBALS, field: *f })),
            Place::Field(base, f) => {
                let v = self.eval(base)?;
                match v.as_slice() {
                    [Value::Addr(a)] => Ok(Some(Loc { cell: *a, field: *f })),
                    _ => Err(FailureKind::NullDereference),
                }
            }
        }
    }
}

/// The truth of a boolean value (anything else counts as false; the readers type-check).
pub fn truth(v: Value) -> bool {
    matches!(v, Value::Bool(true))
}

fn int(v: Value) -> i64 {
    match v {
        Value::Int(i) => i,
        Value::Bool(b) => b as i64,
        _ => 0,
    }
}

/// Stores `v` into a place already resolved by [`Eval::place`].
fn store(frame: &mut Frame, heap: &mut Heap, place: &Place, loc: Option<Loc>, v: Value) {
    match (place, loc) {
        (Place::Local(i), _) => frame.locals[*i as usize] = v,
        (_, Some(l)) => heap.cells[l.cell as usize].fields[l.field as usize] = v,
        (_, None) => {}
    }
}

/// True if the frame's procedure has no `enforce` clause or it holds in this state; the
/// locations it read are added to `reads` (they decide whether the state exists, so patterns
/// must include them).
pub fn enforce_holds(prog: &Program, heap: &Heap, frame: &Frame, reads: &mut Vec<Loc>) -> bool {
    let Some(e) = &prog.proc(frame.proc).enforce else { return true };
    let mut ev = Eval { heap, frame, after: None, reads };
    // An enforce clause that cannot be evaluated, or can be false, rules the state out.
    matches!(ev.eval(e).as_deref(), Ok([Value::Bool(true)]))
}

/// Every transition of the visible state `(heap, frame)`, in a fixed order.
pub fn successors(prog: &Program, heap: &Heap, frame: &Frame) -> Vec<Succ> {
    let proc = prog.proc(frame.proc);
    let Some(instr) = proc.body.get(frame.pc as usize) else {
        // Falling off the end returns nothing (the readers add explicit returns).
        return vec![Succ { reads: Vec::new(), outcome: Outcome::Return { values: Vec::new() } }];
    };
    let mut reads = Vec::new();
    let result = step(prog, heap, frame, instr, &mut reads);
    match result {
        Ok(outcomes) => outcomes
            .into_iter()
            .map(|outcome| {
                let mut reads = reads.clone();
                let outcome = match outcome {
                    Outcome::Next { heap, frame, writes } => {
                        let mut after = Vec::new();
                        let ok = enforce_holds(prog, &heap, &frame, &mut after);
                        // Reads of locations this step wrote are not reads of the entry state.
                        reads.extend(after.into_iter().filter(|l| !writes.contains(l)));
                        if ok { Outcome::Next { heap, frame, writes } } else { Outcome::Blocked }
                    }
                    other => other,
                };
                Succ { reads, outcome }
            })
            .collect(),
        Err(kind) => vec![Succ { reads, outcome: Outcome::Failure(kind) }],
    }
}

fn goto(heap: &Heap, frame: &Frame, pc: Pc) -> Outcome {
    Outcome::Next { heap: heap.clone(), frame: Frame { pc, ..frame.clone() }, writes: Vec::new() }
}

/// All combinations of one value from each list, the first list varying slowest.
fn product(lists: &[Values]) -> Vec<Values> {
    let mut out: Vec<Values> = vec![Vec::new()];
    for list in lists {
        let mut next = Vec::with_capacity(out.len() * list.len());
        for prefix in &out {
            for v in list {
                let mut p = prefix.clone();
                p.push(*v);
                next.push(p);
            }
        }
        out = next;
    }
    out
}

fn step(
    prog: &Program,
    heap: &Heap,
    frame: &Frame,
    instr: &Instr,
    reads: &mut Vec<Loc>,
) -> Result<Vec<Outcome>, FailureKind> {
    let mut ev = Eval { heap, frame, after: None, reads };
    Ok(match instr {
        Instr::Assign { targets, values, constrain, next } => {
            let mut lists = Vec::with_capacity(values.len());
            for v in values {
                lists.push(ev.eval(v)?);
            }
            let mut locs = Vec::with_capacity(targets.len());
            for t in targets {
                locs.push(ev.place(t)?);
            }
            let mut out = Vec::new();
            for combo in product(&lists) {
                let mut h = heap.clone();
                let mut f = frame.clone();
                f.pc = *next;
                for ((t, l), v) in targets.iter().zip(&locs).zip(combo) {
                    store(&mut f, &mut h, t, *l, v);
                }
                let writes: Vec<Loc> = locs.iter().flatten().copied().collect();
                if let Some(c) = constrain {
                    let mut ev2 = Eval { heap, frame, after: Some((&h, &f)), reads: ev.reads };
                    if !matches!(ev2.eval(c)?.as_slice(), [.., Value::Bool(true)]) {
                        out.push(Outcome::Blocked);
                        continue;
                    }
                }
                out.push(Outcome::Next { heap: h, frame: f, writes });
            }
            out
        }
        Instr::New { target, class, next } => {
            let loc = ev.place(target)?;
            let mut h = heap.clone();
            let a = h.cells.len() as u32;
            h.cells.push(new_cell(prog, *class));
            let mut f = frame.clone();
            f.pc = *next;
            store(&mut f, &mut h, target, loc, Value::Addr(a));
            vec![Outcome::Next { heap: h, frame: f, writes: loc.into_iter().collect() }]
        }
        Instr::Havoc { targets, next } => {
            let mut locs = Vec::with_capacity(targets.len());
            for t in targets {
                locs.push(ev.place(t)?);
            }
            let lists = vec![vec![Value::Bool(false), Value::Bool(true)]; targets.len()];
            product(&lists)
                .into_iter()
                .map(|combo| {
                    let mut h = heap.clone();
                    let mut f = frame.clone();
                    f.pc = *next;
                    for ((t, l), v) in targets.iter().zip(&locs).zip(combo) {
                        store(&mut f, &mut h, t, *l, v);
                    }
                    Outcome::Next {
                        heap: h,
                        frame: f,
                        writes: locs.iter().flatten().copied().collect(),
                    }
                })
                .collect()
        }
        Instr::Branch { cond, then_pc, else_pc } => {
            let vals = ev.eval(cond)?;
            let mut out = Vec::new();
            // Then first, so `if (*)` explores the then branch first as the paper's figures do.
            if vals.iter().any(|v| truth(*v)) {
                out.push(goto(heap, frame, *then_pc));
            }
            if vals.iter().any(|v| !truth(*v)) {
                out.push(goto(heap, frame, *else_pc));
            }
            out
        }
        Instr::Jump { targets } => targets.iter().map(|t| goto(heap, frame, *t)).collect(),
        Instr::Assume { cond, next } => {
            let vals = ev.eval(cond)?;
            let mut out = Vec::new();
            if vals.iter().any(|v| truth(*v)) {
                out.push(goto(heap, frame, *next));
            }
            if vals.iter().any(|v| !truth(*v)) {
                out.push(Outcome::Blocked);
            }
            out
        }
        Instr::Assert { cond, next } => {
            let vals = ev.eval(cond)?;
            if vals.iter().any(|v| !truth(*v)) {
                return Err(FailureKind::Assertion);
            }
            vec![goto(heap, frame, *next)]
        }
        Instr::ErrorLabel { .. } => return Err(FailureKind::ErrorLabel),
        Instr::Call { proc, args, .. } => {
            let mut lists = Vec::with_capacity(args.len());
            for a in args {
                lists.push(ev.eval(a)?);
            }
            let callee = prog.proc(*proc);
            let mut out = Vec::new();
            for combo in product(&lists) {
                if callee.has_this && combo.first().is_some_and(|v| v.addr().is_none()) {
                    return Err(FailureKind::NullDereference);
                }
                out.push(Outcome::Call { callee: *proc, args: combo });
            }
            out
        }
        Instr::Return { values } => {
            let mut lists = Vec::with_capacity(values.len());
            for v in values {
                lists.push(ev.eval(v)?);
            }
            product(&lists).into_iter().map(|values| Outcome::Return { values }).collect()
        }
    })
}

/// Completes a call in the caller: stores the returned values into the call's result places
/// (locals or globals) and moves past the call. Returns the globals written, or `None` if the
/// caller's `enforce` clause rules the resulting state out; the locations that clause read are
/// added to `reads`.
pub fn finish_call(
    prog: &Program,
    heap: &mut Heap,
    caller: &mut Frame,
    values: &[Value],
    reads: &mut Vec<Loc>,
) -> Option<Vec<Loc>> {
    let Some(Instr::Call { rets, next, .. }) = prog.proc(caller.proc).body.get(caller.pc as usize)
    else {
        return Some(Vec::new());
    };
    let mut writes = Vec::new();
    for (place, v) in rets.iter().zip(values) {
        match place {
            Place::Local(i) => caller.locals[*i as usize] = *v,
            Place::Global(f) => {
                heap.cells[GLOBALS as usize].fields[*f as usize] = *v;
                writes.push(Loc { cell: GLOBALS, field: *f });
            }
            // The readers only allow locals and globals as call results.
            Place::Field(..) => {}
        }
    }
    caller.pc = *next;
    enforce_holds(prog, heap, caller, reads).then_some(writes)
}

/// The type of a value stored in a field, for rendering.
pub fn field_type(prog: &Program, class: ClassId, field: u32) -> Type {
    prog.class(class).fields[field as usize].ty
}

//! The one internal form both readers lower to: classes, globals, and procedures as lists of
//! instructions over places and expressions. The engines know only this, never a surface syntax.
//!
//! Globals are the fields of a distinguished cell at address 0 (class 0, `<globals>`), as in the
//! paper's formal core, so a global read or write is a heap read or write and shows up in
//! patterns and effects like any other location.

use crate::syntax::Span;

/// A class (index into [`Program::classes`]); class 0 is the globals cell's class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ClassId(pub u32);

/// A procedure (index into [`Program::procs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProcId(pub u32);

/// The class of the globals cell.
pub const GLOBALS_CLASS: ClassId = ClassId(0);

/// The address of the globals cell.
pub const GLOBALS: u32 = 0;

/// The type of a variable or field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// `true` or `false`; default `false`.
    Bool,
    /// A machine integer; default 0. Programs that keep integers in a finite range keep the
    /// termination guarantee (see `docs/guide/boolean-programs.md`).
    Int,
    /// `null` or the address of a cell of this class; default `null`.
    Ref(ClassId),
}

/// A runtime value. Addresses are cell indices; address 0 is the globals cell, which no
/// variable can hold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Value {
    /// The null reference.
    Null,
    /// A boolean.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A cell address.
    Addr(u32),
}

impl Value {
    /// The default value of a type (`false`, `0`, `null`).
    pub fn default_of(ty: Type) -> Value {
        match ty {
            Type::Bool => Value::Bool(false),
            Type::Int => Value::Int(0),
            Type::Ref(_) => Value::Null,
        }
    }

    /// The address, if this is one.
    pub fn addr(self) -> Option<u32> {
        match self {
            Value::Addr(a) => Some(a),
            _ => None,
        }
    }
}

/// A named, typed slot: a field, a global, a parameter or a local.
#[derive(Clone, Debug)]
pub struct Var {
    /// Source name.
    pub name: String,
    /// Its type.
    pub ty: Type,
}

/// A class: its fields in declaration order (the order canonisation visits them in).
#[derive(Clone, Debug)]
pub struct Class {
    /// Source name (`<globals>` for class 0).
    pub name: String,
    /// Fields, in order.
    pub fields: Vec<Var>,
}

/// Where a value is stored.
#[derive(Clone, Debug, PartialEq)]
pub enum Place {
    /// A local or parameter of the current frame.
    Local(u32),
    /// A field of the globals cell.
    Global(u32),
    /// Field `1` of the cell the expression evaluates to.
    Field(Box<Expr>, u32),
}

/// A side-effect-free expression; `Choose` and `Schoose` make it non-deterministic, so an
/// expression evaluates to a set of values.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// A constant.
    Const(Value),
    /// A local or parameter.
    Local(u32),
    /// A global.
    Global(u32),
    /// A field read through a reference (a null reference is an error).
    Field(Box<Expr>, u32),
    /// The value a place gets in this assignment (Bebop's `'x` inside `constrain`).
    Primed(Box<Place>),
    /// Boolean negation.
    Not(Box<Expr>),
    /// Integer negation.
    Neg(Box<Expr>),
    /// A binary operator.
    Binary(BinOp, Box<Expr>, Box<Expr>),
    /// `*` / `choose(bool)`: either boolean.
    Choose,
    /// Bebop's `schoose [a, b]`: true if `a`, else false if `b`, else either.
    Schoose(Box<Expr>, Box<Expr>),
}

/// Binary operators.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    /// `&`, `&&` (short-circuit: the right side is not read when the left is false).
    And,
    /// `|`, `||` (short-circuit).
    Or,
    /// `^`.
    Xor,
    /// `=>`.
    Implies,
    /// `=`, `==` on any type.
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `+` (overflow is an error).
    Add,
    /// `-` (overflow is an error).
    Sub,
}

/// A program counter: an index into [`Proc::body`].
pub type Pc = u32;

/// One instruction.
// The fields are named for what they hold (`next` is the pc that follows); documenting each one
// again would repeat the variant's sentence.
#[allow(missing_docs)]
#[derive(Clone, Debug)]
pub enum Instr {
    /// Parallel assignment, optionally filtered by a `constrain` clause over primed places.
    Assign { targets: Vec<Place>, values: Vec<Expr>, constrain: Option<Expr>, next: Pc },
    /// Allocate a default-initialised cell at the next address and store it.
    New { target: Place, class: ClassId, next: Pc },
    /// Give each (boolean) place every value: Bebop's unconstrained initial values.
    Havoc { targets: Vec<Place>, next: Pc },
    /// Go to `then_pc` if the condition can be true, to `else_pc` if it can be false.
    Branch { cond: Expr, then_pc: Pc, else_pc: Pc },
    /// Go to any of the targets (Bebop's `goto L1, L2`, ZING's `if (*)`).
    Jump { targets: Vec<Pc> },
    /// Block unless the condition holds.
    Assume { cond: Expr, next: Pc },
    /// Fail unless the condition holds.
    Assert { cond: Expr, next: Pc },
    /// Call; the frame stays at this instruction until the callee returns, then the returned
    /// values go to `rets` (locals or globals only) and control to `next`.
    Call { proc: ProcId, args: Vec<Expr>, rets: Vec<Place>, next: Pc },
    /// Return these values.
    Return { values: Vec<Expr> },
    /// The error label under check (SLAM's `SLIC_ERROR:`, or the one `--label` names): reaching
    /// this instruction is the failure the check looks for.
    ErrorLabel { name: String },
}

impl Instr {
    /// Every pc this instruction may go to next within its procedure.
    pub fn targets_mut(&mut self) -> Vec<&mut Pc> {
        match self {
            Instr::Assign { next, .. }
            | Instr::New { next, .. }
            | Instr::Havoc { next, .. }
            | Instr::Assume { next, .. }
            | Instr::Assert { next, .. }
            | Instr::Call { next, .. } => vec![next],
            Instr::Branch { then_pc, else_pc, .. } => vec![then_pc, else_pc],
            Instr::Jump { targets } => targets.iter_mut().collect(),
            Instr::Return { .. } | Instr::ErrorLabel { .. } => Vec::new(),
        }
    }
}

/// A label of the source and the pc of the statement it marks.
#[derive(Clone, Debug)]
pub struct Label {
    /// Its name.
    pub name: String,
    /// The pc of the first instruction of the statement it marks (the statement's own, or the
    /// one that follows when the statement emits none, as `skip` does).
    pub pc: Pc,
    /// Where it is written.
    pub span: Span,
}

/// A procedure.
#[derive(Clone, Debug)]
pub struct Proc {
    /// Source name (`Class.method` for methods).
    pub name: String,
    /// Parameters come first among the locals; for methods and constructors the first is `this`.
    pub params: u32,
    /// Parameters, then locals.
    pub locals: Vec<Var>,
    /// Types of the returned values.
    pub returns: Vec<Type>,
    /// The instructions; execution starts at 0.
    pub body: Vec<Instr>,
    /// Where each instruction came from.
    pub spans: Vec<Span>,
    /// A short source rendering of each instruction, for traces.
    pub texts: Vec<String>,
    /// Bebop's `enforce`: states of this procedure where it is false are discarded.
    pub enforce: Option<Expr>,
    /// A method or constructor: calling it with a null first argument is a null dereference.
    pub has_this: bool,
    /// The labels written in the procedure, in the order of their pcs.
    pub labels: Vec<Label>,
}

impl Proc {
    /// Inserts an instruction at `pc`. Jump targets and labels at or after `shift_from` move
    /// one on with the instructions they point to; those before it keep their pc, so with
    /// `shift_from = pc + 1` everything that went to `pc` now reaches the new instruction first.
    pub fn insert(&mut self, pc: Pc, instr: Instr, span: Span, text: &str, shift_from: Pc) {
        for existing in &mut self.body {
            for target in existing.targets_mut() {
                if *target >= shift_from {
                    *target += 1;
                }
            }
        }
        for label in &mut self.labels {
            if label.pc >= shift_from {
                label.pc += 1;
            }
        }
        let at = pc as usize;
        self.body.insert(at, instr);
        self.spans.insert(at, span);
        self.texts.insert(at, text.to_string());
    }
}

/// A whole program in the internal form.
#[derive(Clone, Debug)]
pub struct Program {
    /// Classes; class 0 is the globals cell, whose fields are the globals.
    pub classes: Vec<Class>,
    /// Procedures.
    pub procs: Vec<Proc>,
    /// Where execution starts (no parameters).
    pub main: ProcId,
}

impl Program {
    /// The globals (the fields of class 0).
    pub fn globals(&self) -> &[Var] {
        &self.classes[0].fields
    }

    /// A procedure.
    pub fn proc(&self, p: ProcId) -> &Proc {
        &self.procs[p.0 as usize]
    }

    /// A class.
    pub fn class(&self, c: ClassId) -> &Class {
        &self.classes[c.0 as usize]
    }

    /// True if some reference type can reach itself through fields (then heap paths may be
    /// unbounded and the summary fixpoint is not guaranteed to terminate).
    pub fn has_recursive_types(&self) -> bool {
        let n = self.classes.len();
        // Reachability over the "field of type" graph, from each class.
        (0..n).any(|start| {
            let mut seen = vec![false; n];
            let mut stack = vec![start];
            while let Some(c) = stack.pop() {
                for f in &self.classes[c].fields {
                    if let Type::Ref(d) = f.ty {
                        let d = d.0 as usize;
                        if d == start {
                            return true;
                        }
                        if !seen[d] {
                            seen[d] = true;
                            stack.push(d);
                        }
                    }
                }
            }
            false
        })
    }
}

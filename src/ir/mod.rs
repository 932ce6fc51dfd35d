//! The guarded-command intermediate representation that every program front end lowers into
//! (Jahob's Java now, the C subset next) and every program analysis reads (verification
//! conditions, abstraction refinement, summaries).
//!
//! # The shape
//!
//! A [`Program`] is a set of [`Procedure`]s over one HOL signature (a [`HolBank`] and its
//! constant table). Every program variable is a HOL *constant*: a local or parameter of one
//! procedure, or a global piece of state shared by all of them: a static field, a ghost
//! variable, an instance field (a function from objects to values, `left :: obj => obj`), the set
//! of allocated objects. Expressions and specifications are HOL terms over those constants, so
//! the heap is field functions updated with function update (`left := left(r := x)`), classes are
//! constant sets of objects, and a verification condition is a HOL sequent without any further
//! encoding.
//!
//! A procedure's body is a control-flow graph ([`Cfg`]): numbered locations and edges, each
//! edge labelled with one [`Command`]: `assume`, a parallel assignment, `havoc`, `assert` (with
//! what it checks and where), or a call. A graph rather than a tree, because the C front end has
//! `goto`, and because refinement unwinds exactly this graph; structured programs give
//! reducible graphs whose loop heads carry their invariants ([`Location::invariants`]). The
//! contract ([`Procedure::requires`], [`Procedure::ensures`], [`Procedure::modifies`]) stays
//! beside the body: the verification-condition generator asserts and assumes it, replaces calls
//! by the callee's contract and cuts loops at their invariants; an analysis that inlines calls
//! reads the callee's body instead.
//!
//! Null dereferences, array bounds and divisors are `assert` edges the front end writes where a
//! statement needs them, each with its [`Obligation`] kind and the span of the expression.
//!
//! This module depends only on `hol` and `syntax` (for spans); front ends build programs with
//! [`CfgBuilder`], [`print`] shows them readably (`show ir METHOD`), and [`interpret`] runs a
//! procedure on concrete inputs (to replay a counterexample, and for `craig run`).

pub mod c_notation;
pub mod heap;
pub mod interpret;
mod print;

pub use print::{command_text, print_procedure, print_program, show_term};

use crate::hol::{ConstDecl, ConstId, HolBank, Obligation, ProgramFact, TermId};
use crate::syntax::Span;

/// A procedure of a [`Program`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ProcId(pub u32);

/// A location of a [`Cfg`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Loc(pub u32);

/// A whole program over one HOL signature.
#[derive(Clone, Debug)]
pub struct Program {
    /// The terms of every expression, specification and fact.
    pub bank: HolBank,
    /// The constant table [`ConstId`]s index: the background theory's constants, then the
    /// program's variables and names.
    pub consts: Vec<ConstDecl>,
    /// Every program variable, in declaration order.
    pub variables: Vec<Variable>,
    /// Facts about constants that never change (classes are disjoint sets, `null` is allocated):
    /// assumed everywhere.
    pub background: Vec<Fact>,
    /// Facts over global state that hold in every state of a run (a field's values lie in its
    /// class): assumed of every version of the state they mention.
    pub state_facts: Vec<Fact>,
    /// The procedures.
    pub procedures: Vec<Procedure>,
    /// The constant `old :: 'a => 'a` that postconditions apply to a term to mean its value on
    /// entry, if the front end has one.
    pub old: Option<ConstId>,
}

impl Program {
    /// The procedure with this id.
    pub fn procedure(&self, id: ProcId) -> &Procedure {
        &self.procedures[id.0 as usize]
    }

    /// The procedure with this name.
    pub fn find(&self, name: &str) -> Option<ProcId> {
        self.procedures.iter().position(|p| p.name == name).map(|i| ProcId(i as u32))
    }

    /// The variable a constant stands for, if it is one.
    pub fn variable(&self, c: ConstId) -> Option<&Variable> {
        self.variables.iter().find(|v| v.constant == c)
    }

    /// The global state variables, in declaration order.
    pub fn globals(&self) -> impl Iterator<Item = &Variable> {
        self.variables.iter().filter(|v| v.kind.is_global())
    }

    /// Keeps the checks of the kinds in `kept` and turns every other `assert` into an `assume`
    /// of what it checked: a run ends where such a check fails, as a C program's behaviour is
    /// undefined past a bad access or division, and it aborts in a failed `assert`. This is
    /// how a property (SV-COMP's `unreach-call`: only the error location) selects what is
    /// decided. Returns how many checks were turned.
    pub fn assume_checks_except(&mut self, kept: &[Obligation]) -> usize {
        let mut turned = 0;
        for procedure in &mut self.procedures {
            let Some(body) = &mut procedure.body else { continue };
            for edge in &mut body.edges {
                if let Command::Assert { formula, check, .. } = &edge.command
                    && !kept.contains(check)
                {
                    edge.command =
                        Command::Assume { formula: *formula, fact: ProgramFact::Assumption };
                    turned += 1;
                }
            }
        }
        turned
    }

    /// The name a user reads for a constant: a variable's own name, else the constant's.
    pub fn display_name(&self, c: ConstId) -> String {
        match self.variable(c) {
            Some(v) => v.name.clone(),
            None => self.consts[c.0 as usize].name.clone(),
        }
    }
}

/// A program variable: a constant of the signature with what it is.
#[derive(Clone, Debug)]
pub struct Variable {
    /// The constant that stands for it in terms.
    pub constant: ConstId,
    /// The name a user reads (`k`, `left`, `FuncTree.content`).
    pub name: String,
    /// What kind of variable it is.
    pub kind: VariableKind,
    /// Where it is declared.
    pub span: Option<Span>,
    /// Where the program can name it, when that is narrower than its procedure: a block's
    /// local, from its declaration to the block's end. Outside it the variable is dead, and
    /// what it last held is no longer the program's (a leak check reads it so).
    pub scope: Option<Span>,
}

/// What kind of state a variable is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum VariableKind {
    /// A global scalar or ghost variable (a static field, a static ghost `specvar`).
    Global,
    /// An instance field of a class, real or ghost: a function from objects to values.
    Field {
        /// The class that declares it.
        class: String,
        /// Its value for a newly allocated object (Java's default, or a ghost field's initial
        /// value), as a term of the field's value type.
        initial: Option<TermId>,
    },
    /// The set of allocated objects (`Object.alloc`).
    Alloc,
    /// A parameter of a procedure.
    Parameter,
    /// A local variable of a procedure.
    Local,
    /// A value a front end holds on the way (a call's result before it is assigned, a
    /// condition's value): a local of the procedure that is no variable of the source program,
    /// so nothing the program can still read through it (a leak check ignores what it holds).
    Temporary,
    /// The result of a procedure (`result` in its postcondition).
    Result,
}

impl VariableKind {
    /// True for state shared by all procedures.
    pub fn is_global(&self) -> bool {
        matches!(self, VariableKind::Global | VariableKind::Field { .. } | VariableKind::Alloc)
    }
}

/// A formula assumed with where it comes from.
#[derive(Clone, Debug)]
pub struct Fact {
    /// The formula (type `bool`).
    pub formula: TermId,
    /// A short name, unique among the program's facts.
    pub name: String,
    /// What it stands for.
    pub kind: ProgramFact,
    /// Where it is written or what it is about.
    pub span: Option<Span>,
}

/// One conjunct of a contract or invariant.
#[derive(Clone, Debug)]
pub struct Condition {
    /// The formula (type `bool`).
    pub formula: TermId,
    /// Where it is written.
    pub span: Span,
    /// Written in the contract, or contributed by a class invariant.
    pub origin: ConditionOrigin,
}

/// Where a [`Condition`] comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConditionOrigin {
    /// Written in the contract or loop invariant itself.
    Written,
    /// The class invariant of this name (through `theinvs`, or implicitly at a public method's
    /// boundary).
    ClassInvariant(String),
}

impl Condition {
    /// What checking this condition at a procedure's end is, as an obligation.
    pub fn postcondition_kind(&self) -> Obligation {
        match self.origin {
            ConditionOrigin::Written => Obligation::Postcondition,
            ConditionOrigin::ClassInvariant(_) => Obligation::ClassInvariant,
        }
    }

    /// What checking this condition at a call is, as an obligation.
    pub fn precondition_kind(&self) -> Obligation {
        match self.origin {
            ConditionOrigin::Written => Obligation::Precondition,
            ConditionOrigin::ClassInvariant(_) => Obligation::ClassInvariant,
        }
    }

    /// What assuming this condition is, as a fact.
    pub fn fact_kind(&self, written: ProgramFact) -> ProgramFact {
        match self.origin {
            ConditionOrigin::Written => written,
            ConditionOrigin::ClassInvariant(_) => ProgramFact::ClassInvariant,
        }
    }
}

/// What a procedure may change besides the objects it allocates.
#[derive(Clone, Debug)]
pub enum FrameItem {
    /// The whole variable (a global, or a field at every object).
    Variable(ConstId),
    /// One field at one object, the object given by a term over the entry state.
    FieldAt {
        /// The field.
        field: ConstId,
        /// The object.
        object: TermId,
    },
}

/// A procedure: its signature, contract and body.
#[derive(Clone, Debug)]
pub struct Procedure {
    /// Its name, unique in the program (`FuncTree.add1`).
    pub name: String,
    /// Where it is declared.
    pub span: Span,
    /// Parameters, in order.
    pub params: Vec<ConstId>,
    /// Results (Java has at most one; empty for `void`).
    pub results: Vec<ConstId>,
    /// Local variables.
    pub locals: Vec<ConstId>,
    /// Preconditions, conjunct by conjunct.
    pub requires: Vec<Condition>,
    /// Postconditions, conjunct by conjunct; `old t` means `t` on entry, and parameters always
    /// mean their values on entry.
    pub ensures: Vec<Condition>,
    /// What it may change; everything else it leaves alone at every object allocated on entry.
    pub modifies: Vec<FrameItem>,
    /// Facts its callers never need to prove because the language guarantees them (its
    /// parameters are allocated objects of their classes, or null): assumed on entry.
    pub assumes: Vec<Fact>,
    /// Facts about its results that the language guarantees: assumed after a call, never
    /// checked at the exit.
    pub guarantees: Vec<Fact>,
    /// The body, if the procedure has one here.
    pub body: Option<Cfg>,
}

/// A control-flow graph.
#[derive(Clone, Debug)]
pub struct Cfg {
    /// Where execution starts.
    pub entry: Loc,
    /// Where it ends normally (every `return` leads here).
    pub exit: Loc,
    /// The locations, indexed by [`Loc`].
    pub locations: Vec<Location>,
    /// The edges, in the order the front end made them (which is source order).
    pub edges: Vec<Edge>,
}

impl Cfg {
    /// The edges leaving a location, in order.
    pub fn successors(&self, at: Loc) -> impl Iterator<Item = &Edge> {
        self.edges.iter().filter(move |e| e.from == at)
    }

    /// The edges entering a location, in order.
    pub fn predecessors(&self, at: Loc) -> impl Iterator<Item = &Edge> {
        self.edges.iter().filter(move |e| e.to == at)
    }

    /// A location's data.
    pub fn location(&self, at: Loc) -> &Location {
        &self.locations[at.0 as usize]
    }
}

/// A location of a control-flow graph.
#[derive(Clone, Debug, Default)]
pub struct Location {
    /// The source position it stands for (the statement that starts here).
    pub span: Option<Span>,
    /// Invariants that hold whenever control is here: a loop's invariants at its head. A
    /// location with invariants is where the verification-condition generator cuts loops.
    pub invariants: Vec<Condition>,
    /// True for the head of a loop (a `while`, `for`, `do` or a `goto` target that closes one).
    pub loop_head: bool,
}

/// An edge of a control-flow graph.
#[derive(Clone, Debug)]
pub struct Edge {
    /// Where it starts.
    pub from: Loc,
    /// Where it leads.
    pub to: Loc,
    /// What it does.
    pub command: Command,
    /// The source it comes from.
    pub span: Option<Span>,
}

/// What an edge does.
#[derive(Clone, Debug)]
pub enum Command {
    /// Nothing.
    Skip,
    /// Continue only if the formula holds (a branch condition, a specification `assume`).
    Assume {
        /// The condition.
        formula: TermId,
        /// What it is, for cores: [`ProgramFact::Branch`] or [`ProgramFact::Assumption`].
        fact: ProgramFact,
    },
    /// Assign all right-hand sides, evaluated before any assignment.
    Assign(Vec<(ConstId, TermId)>),
    /// Give the variables arbitrary values.
    Havoc(Vec<ConstId>),
    /// Check a formula here; afterwards it may be assumed.
    Assert {
        /// What must hold.
        formula: TermId,
        /// What kind of check it is.
        check: Obligation,
        /// What it checks, in the program's words (`t is not null in t.key`).
        what: String,
    },
    /// Call a procedure: the arguments are evaluated, the results assigned.
    Call {
        /// The callee.
        callee: ProcId,
        /// One term per parameter.
        args: Vec<TermId>,
        /// The variables that receive the results (as many as the callee has, or none when the
        /// results are not used).
        results: Vec<ConstId>,
    },
}

/// Builds a [`Cfg`] location by location and edge by edge.
#[derive(Debug)]
pub struct CfgBuilder {
    locations: Vec<Location>,
    edges: Vec<Edge>,
}

impl Default for CfgBuilder {
    fn default() -> Self {
        CfgBuilder::new()
    }
}

impl CfgBuilder {
    /// An empty graph.
    pub fn new() -> CfgBuilder {
        CfgBuilder { locations: Vec::new(), edges: Vec::new() }
    }

    /// A new location.
    pub fn location(&mut self, span: Option<Span>) -> Loc {
        self.locations.push(Location { span, ..Location::default() });
        Loc(self.locations.len() as u32 - 1)
    }

    /// A location's data, to add invariants or mark a loop head.
    pub fn location_mut(&mut self, at: Loc) -> &mut Location {
        &mut self.locations[at.0 as usize]
    }

    /// A new edge.
    pub fn edge(&mut self, from: Loc, to: Loc, command: Command, span: Option<Span>) {
        self.edges.push(Edge { from, to, command, span });
    }

    /// The finished graph.
    pub fn finish(self, entry: Loc, exit: Loc) -> Cfg {
        Cfg { entry, exit, locations: self.locations, edges: self.edges }
    }
}

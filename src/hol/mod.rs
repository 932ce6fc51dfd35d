//! Higher-order logic as craig's front ends hand it on: typed terms in their own arena
//! ([`term`]), the constants they use, and sequents (hypotheses ⊢ goal) with typed origins.
//!
//! A front end (the spec language now, program verification conditions next) produces
//! [`Sequent`]s over a [`HolBank`] and a constant table; the HOL→FOL translation
//! (the `translate` module) takes them whatever produced them. Each hypothesis and the goal say what
//! they are in the front end's terms ([`HypothesisKind`], [`GoalKind`]) and where they were written
//! (a [`Span`]), so a core or an interpolant is mapped back to source lines without parsing names.
//!
//! This module depends only on `syntax` (for spans).

/// The built-in constant for the reflexive transitive closure of a relation (a set of pairs),
/// `rtrancl :: ('a * 'a) set => ('a * 'a) set`, which the notation writes `R^*`.
pub const RTRANCL: &str = "rtrancl";
/// The built-in constant for the reflexive transitive closure of a binary predicate, Jahob's
/// `rtrancl_pt :: ('a => 'a => bool) => 'a => 'a => bool`: `rtrancl_pt P x y` is
/// `(x, y) : {(u, v). P u v}^*`.
pub const RTRANCL_PT: &str = "rtrancl_pt";
/// The built-in constant for Jahob's shape predicate `tree [f, g]` (the fields form a forest),
/// `:: 'a => bool` applied to the field or the tuple of fields. Its name cannot be written, so
/// it shadows nothing a user declares. It has no axioms: the translation approximates it.
pub const TREE: &str = "tree [..]";

pub mod build;
pub mod term;
pub mod unfold;

pub use term::*;

use crate::syntax::Span;

/// How a constant came to be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstKind {
    /// Built into the language (`card`, `fst`, `snd`, `null`).
    Builtin,
    /// Declared with `const`.
    Declared,
    /// Introduced by a `definition`.
    Defined,
}

/// A constant with its type scheme.
#[derive(Clone, Debug)]
pub struct ConstDecl {
    /// The name.
    pub name: String,
    /// The declared type; its [`TyNode::Param`]s are generalized.
    pub ty: TyId,
    /// The type parameters of `ty`, in order of first occurrence.
    pub params: Vec<String>,
    /// Where it was declared (`None` for built-ins).
    pub span: Option<Span>,
    /// Builtin, declared or defined.
    pub kind: ConstKind,
}

/// The terms and constants sequents are written over.
#[derive(Clone, Copy, Debug)]
pub struct Signature<'a> {
    /// The term arena.
    pub bank: &'a HolBank,
    /// The constant table that [`ConstId`]s index.
    pub consts: &'a [ConstDecl],
}

/// What a hypothesis is, in the terms of the front end that produced it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HypothesisKind {
    /// Assumed (a spec `axiom`).
    Axiom,
    /// Proved before (a spec `lemma` stated earlier).
    Lemma,
    /// The defining equation `ALL args. constant args = body` of a defined constant; the
    /// translation unfolds it rather than assuming it.
    Definition {
        /// The defined constant.
        constant: ConstId,
        /// The parameters, bound in `body`.
        args: Vec<VarId>,
        /// The right-hand side.
        body: TermId,
    },
    /// A fact of a program's verification condition (assumed, like an axiom).
    Program(ProgramFact),
}

impl HypothesisKind {
    /// The words a user reads: `axiom`, `lemma`, `definition`, or what a program fact is.
    pub fn describe(&self) -> &'static str {
        match self {
            HypothesisKind::Axiom => "axiom",
            HypothesisKind::Lemma => "lemma",
            HypothesisKind::Definition { .. } => "definition",
            HypothesisKind::Program(fact) => fact.describe(),
        }
    }
}

/// What a hypothesis of a program's verification condition stands for: which part of the
/// program or its specification it comes from. The translation treats every one as assumed;
/// cores name them in the program's terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ProgramFact {
    /// The method's precondition (`requires`).
    Precondition,
    /// A class invariant, assumed where the method may (on entry to a public method, after a
    /// call that ensures it).
    ClassInvariant,
    /// A branch taken on the path: a condition of `if` or `while`, or its negation.
    Branch,
    /// The effect of a statement (an assignment, a field write, an allocation), as an equation
    /// between a variable's versions before and after it.
    Statement,
    /// What a called method's contract promises (its postcondition and frame).
    CallContract,
    /// A loop invariant, assumed at the loop head.
    LoopInvariant,
    /// A specification `assume`, or an `assert` or `noteThat` already checked before.
    Assumption,
    /// What Java's typing and allocation guarantee in every state: a field's values lie in its
    /// class, fresh objects are not yet allocated.
    Typing,
    /// Facts of the heap model that hold in every state (classes are disjoint, null is
    /// allocated).
    HeapModel,
    /// The run stops here: C's `abort()` (an `assume false` that arguments about how runs
    /// end, such as `valid-memtrack`'s, must tell from a specification's `assume`).
    Abort,
}

impl ProgramFact {
    /// The words a user reads.
    pub fn describe(self) -> &'static str {
        match self {
            ProgramFact::Precondition => "precondition",
            ProgramFact::ClassInvariant => "class invariant",
            ProgramFact::Branch => "branch",
            ProgramFact::Statement => "statement",
            ProgramFact::CallContract => "call",
            ProgramFact::LoopInvariant => "loop invariant",
            ProgramFact::Assumption => "assumption",
            ProgramFact::Typing => "typing",
            ProgramFact::HeapModel => "heap model",
            ProgramFact::Abort => "abort",
        }
    }
}

/// One hypothesis of a sequent.
#[derive(Clone, Debug)]
pub struct Hypothesis {
    /// Its name (unique within the sequent; clause origins carry it).
    pub name: String,
    /// The formula (type `bool`).
    pub formula: TermId,
    /// Type parameters the formula is schematic in; empty for a ground-typed hypothesis.
    pub type_params: Vec<String>,
    /// What it is.
    pub kind: HypothesisKind,
    /// Where its name is written, when it was written.
    pub span: Option<Span>,
}

/// What a sequent's goal is, in the terms of the front end that produced it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalKind {
    /// A lemma stated in a spec file.
    Lemma,
    /// A proof obligation of a program.
    Obligation(Obligation),
}

impl GoalKind {
    /// The words a user reads.
    pub fn describe(self) -> &'static str {
        match self {
            GoalKind::Lemma => "lemma",
            GoalKind::Obligation(o) => o.describe(),
        }
    }
}

/// What a program's proof obligation checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Obligation {
    /// A conjunct of the method's postcondition (`ensures`).
    Postcondition,
    /// A conjunct of a called method's precondition, at the call.
    Precondition,
    /// A class invariant, where the method must establish it (at the end of a public method,
    /// or where a contract names `theinvs`).
    ClassInvariant,
    /// A loop invariant holds when the loop is entered.
    LoopInvariantEntry,
    /// A loop invariant is preserved by an iteration.
    LoopInvariantPreserved,
    /// A dereferenced reference is not null.
    NullDereference,
    /// An array index is within bounds.
    ArrayBound,
    /// A divisor is not zero.
    DivisionByZero,
    /// A specification `assert` or `noteThat`.
    Assertion,
    /// The method changes nothing its `modifies` clause does not name (objects it allocates
    /// excepted).
    Frame,
    /// An error location is unreachable (C's `reach_error()`, SV-COMP's `__VERIFIER_error()`):
    /// checked by `assert False` where the call stands.
    ErrorUnreachable,
    /// An arithmetic operation on a signed machine integer gives a value its type can hold
    /// (C's signed overflow is undefined behaviour; SV-COMP's `no-overflow`).
    Overflow,
    /// A shift's amount is at least 0 and less than the width of the shifted type (C leaves
    /// other shifts undefined).
    ShiftAmount,
    /// A memory access reaches a live object and stays within it (SV-COMP's `valid-deref`: not
    /// a freed object, not a local whose function returned, not out of bounds).
    MemoryAccess,
    /// A `free` is given the start of a live heap object, or null (SV-COMP's `valid-free`).
    MemoryFree,
    /// Every heap object is freed when the program ends (SV-COMP's `valid-memcleanup`).
    MemoryCleanup,
    /// An access stays within what craig's memory model represents (one scalar type per
    /// object): a failure is craig's limit, never a verdict about the program.
    MemoryModel,
    /// A loop's ranking function decreases on each iteration and stays non-negative: made by
    /// the termination argument ([`crate::refine`]'s `termination`), never by a front end. A
    /// failure says the candidate was wrong, not that a loop runs forever.
    Termination,
}

impl Obligation {
    /// The words a user reads.
    pub fn describe(self) -> &'static str {
        match self {
            Obligation::Postcondition => "postcondition",
            Obligation::Precondition => "precondition",
            Obligation::ClassInvariant => "class invariant",
            Obligation::LoopInvariantEntry => "loop invariant on entry",
            Obligation::LoopInvariantPreserved => "loop invariant preserved",
            Obligation::NullDereference => "null dereference",
            Obligation::ArrayBound => "array bound",
            Obligation::DivisionByZero => "division by zero",
            Obligation::Assertion => "assertion",
            Obligation::Frame => "frame",
            Obligation::ErrorUnreachable => "error location unreachable",
            Obligation::Overflow => "signed overflow",
            Obligation::ShiftAmount => "shift amount",
            Obligation::MemoryAccess => "valid memory access",
            Obligation::MemoryFree => "valid free",
            Obligation::MemoryCleanup => "memory freed at exit",
            Obligation::MemoryModel => "within craig's memory model",
            Obligation::Termination => "ranking function",
        }
    }
}

/// Hypotheses ⊢ goal, before splitting: what a front end asks to be proved.
#[derive(Clone, Debug)]
pub struct Sequent {
    /// The goal's name (a lemma's name); split sequents are named after it.
    pub name: String,
    /// The hypotheses, in the order they were stated.
    pub hypotheses: Vec<Hypothesis>,
    /// The formula to prove (type `bool`).
    pub goal: TermId,
    /// Type parameters the goal is schematic in (proved for an arbitrary sort standing for each).
    pub type_params: Vec<String>,
    /// What the goal is.
    pub kind: GoalKind,
    /// Where the goal's name is written.
    pub span: Option<Span>,
}

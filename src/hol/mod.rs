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

pub mod term;

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
}

impl HypothesisKind {
    /// The word a user reads: `axiom`, `lemma`, `definition`.
    pub fn describe(&self) -> &'static str {
        match self {
            HypothesisKind::Axiom => "axiom",
            HypothesisKind::Lemma => "lemma",
            HypothesisKind::Definition { .. } => "definition",
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
}

impl GoalKind {
    /// The word a user reads.
    pub fn describe(self) -> &'static str {
        match self {
            GoalKind::Lemma => "lemma",
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

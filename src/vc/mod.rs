//! Verification conditions: from a procedure of the IR ([`crate::ir`]) to HOL sequents, one per
//! check and path, each tagged with what it checks and where ([`ProofObligation`]).
//!
//! # How
//!
//! The procedure's contract is assumed on entry and asserted at the exit; every call is replaced
//! by the callee's contract (its precondition asserted, the state it may change given new
//! values, its postcondition and frame assumed); every loop is cut at its head: the invariant is
//! asserted where control arrives at the head and, in a segment of its own, assumed after the
//! variables the loop changes are given new values. What remains is a set of acyclic
//! *segments* (from the entry, and from each loop head), each ending at the exit, at a loop
//! head, or nowhere.
//!
//! Each segment is put in *passive form*: a variable gets a new version (a fresh constant `x@3`)
//! wherever it changes, and a statement becomes a fact about versions (`x@3 = x@2 + 1`), so no
//! term is ever copied into another and the formulas stay linear in the program. Then the
//! segment's paths are enumerated (sharing their prefixes), and every check met on a path
//! becomes a sequent: the facts along the path ⊢ the checked formula. This is the split of
//! Jahob's `-sastvc`: one small sequent per path and conjunct, the shape first-order provers
//! handle best. A procedure with more paths than [`VcOptions::max_paths`] is not enumerated:
//! its checks get one sequent each, in which every location `n` has a reachability constant
//! `reach@n` defined by the edges into it (`reach@n --> (reach@p & facts of p->n) | ...`), so
//! the size stays linear in the procedure (see `merged.rs`).
//!
//! # What is assumed where
//!
//! - Everywhere: the program's background facts (classes are disjoint, `null` is allocated),
//!   and the caller's background hypotheses (the integer axioms of the standard library).
//! - Of every version of the state: the program's state facts (a field's values lie in its
//!   class), instantiated at the versions a state has.
//! - On entry: the precondition, and the procedure's facts that Java's typing guarantees (its
//!   parameters are allocated and of their classes).
//! - After a check: the checked formula (an `assert` or `noteThat` is a lemma for the rest of the
//!   path; a callee's precondition too).
//!
//! # Frames
//!
//! A procedure without a `modifies` clause changes only objects it allocates: at the exit, every
//! field is asserted unchanged at every object allocated on entry, and every global scalar
//! unchanged. At a call, a field the callee may write (read off its body and, transitively, its
//! callees' bodies) gets a new version equal to the old one at every object allocated before the
//! call; fields it never writes keep their versions. The set of allocated objects only grows.
//!
//! This module depends on `ir`, `hol` and `syntax`: it knows no front end.

mod merged;
mod passive;

use rustc_hash::FxHashMap;
use thiserror::Error;

use crate::hol::{GoalKind, Hypothesis, Obligation, Sequent, TermId};
use crate::ir::{Loc, ProcId, Program};
use crate::syntax::Span;

pub use passive::PathStep;

/// Options of the generator.
#[derive(Clone, Copy, Debug)]
pub struct VcOptions {
    /// A segment with more paths than this gets the merged encoding instead of one sequent per
    /// path.
    pub max_paths: usize,
}

impl Default for VcOptions {
    fn default() -> Self {
        VcOptions { max_paths: 64 }
    }
}

/// One proof obligation: a sequent with what it checks, where, and on which path.
#[derive(Clone, Debug)]
pub struct ProofObligation {
    /// The procedure it belongs to.
    pub procedure: ProcId,
    /// The sequent to prove; its name is unique in the program (`FuncTree.add1:3`).
    pub sequent: Sequent,
    /// What it checks.
    pub check: Obligation,
    /// Where what is checked is written (the `ensures` conjunct, the invariant, the dereference).
    pub span: Span,
    /// Where in the procedure it is checked, when that is elsewhere (the `return`, the call, the
    /// loop), else `None`.
    pub at: Option<Span>,
    /// What it checks, in the program's words.
    pub what: String,
    /// The branches taken on the path to the check, in order (empty for a merged obligation,
    /// which covers all paths to its check).
    pub path: Vec<PathStep>,
    /// True if the sequent covers every path to the check (the merged encoding).
    pub all_paths: bool,
}

/// Why no verification conditions could be made.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum VcError {
    /// The procedure has no body to verify.
    #[error("`{0}` has no body to verify")]
    NoBody(String),
    /// A cycle of the control-flow graph passes through no loop head.
    #[error("the control flow of `{name}` has a cycle that is not a loop (at {at:?})")]
    Irreducible {
        /// The procedure.
        name: String,
        /// A location on the cycle.
        at: Loc,
    },
}

/// The verification conditions of one procedure. New constants (the versions of variables)
/// are added to the program's signature, so the sequents are written over it.
pub fn generate(
    program: &mut Program,
    id: ProcId,
    background: &[Hypothesis],
    options: &VcOptions,
) -> Result<Vec<ProofObligation>, VcError> {
    let writes = passive::write_sets(program);
    let mut generator = passive::Generator::new(program, id, background, &writes, options)?;
    generator.run()?;
    Ok(generator.finish())
}

/// Names every obligation's sequent after its procedure and position: `PROC:1`, `PROC:2`, ...
pub(crate) fn name_obligations(procedure: &str, obligations: &mut [ProofObligation]) {
    for (i, o) in obligations.iter_mut().enumerate() {
        o.sequent.name = format!("{procedure}:{}", i + 1);
    }
}

/// The sequent of an obligation.
pub(crate) fn sequent(
    hypotheses: Vec<Hypothesis>,
    goal: TermId,
    check: Obligation,
    span: Span,
) -> Sequent {
    Sequent {
        name: String::new(),
        hypotheses,
        goal,
        type_params: Vec::new(),
        kind: GoalKind::Obligation(check),
        span: Some(span),
    }
}

/// Substitutes terms for constants (and, under `old`, the entry state's terms), building new
/// terms only where something changed; memoized, so shared subterms stay shared.
pub(crate) struct Substitution<'m> {
    pub(crate) now: &'m FxHashMap<crate::hol::ConstId, TermId>,
    pub(crate) entry: &'m FxHashMap<crate::hol::ConstId, TermId>,
    pub(crate) old: Option<crate::hol::ConstId>,
    memo: FxHashMap<(TermId, bool), TermId>,
}

impl<'m> Substitution<'m> {
    pub(crate) fn new(
        now: &'m FxHashMap<crate::hol::ConstId, TermId>,
        entry: &'m FxHashMap<crate::hol::ConstId, TermId>,
        old: Option<crate::hol::ConstId>,
    ) -> Substitution<'m> {
        Substitution { now, entry, old, memo: FxHashMap::default() }
    }

    /// The term with every mapped constant replaced.
    pub(crate) fn apply(&mut self, bank: &mut crate::hol::HolBank, t: TermId) -> TermId {
        self.go(bank, t, false)
    }

    fn go(&mut self, bank: &mut crate::hol::HolBank, t: TermId, under_old: bool) -> TermId {
        use crate::hol::Term;
        if let Some(&r) = self.memo.get(&(t, under_old)) {
            return r;
        }
        let data = bank.term(t).clone();
        let result = match &data.term {
            Term::Const(c) => {
                let map = if under_old { self.entry } else { self.now };
                map.get(c).copied().unwrap_or(t)
            }
            Term::Var(_) | Term::Int(_) => t,
            Term::App(f, a) => {
                // `old e` is `e` in the entry state; `old` itself disappears.
                if let Term::Const(c) = bank.term(*f).term
                    && Some(c) == self.old
                {
                    let r = self.go(bank, *a, true);
                    self.memo.insert((t, under_old), r);
                    return r;
                }
                let (f2, a2) = (self.go(bank, *f, under_old), self.go(bank, *a, under_old));
                if (f2, a2) == (*f, *a) {
                    t
                } else {
                    bank.add(Term::App(f2, a2), data.ty, data.span)
                }
            }
            Term::Bind(b, vs, body) => {
                let body2 = self.go(bank, *body, under_old);
                if body2 == *body {
                    t
                } else {
                    bank.add(Term::Bind(*b, vs.clone(), body2), data.ty, data.span)
                }
            }
            Term::Prim(p, args) => {
                let args2: Vec<TermId> =
                    args.iter().map(|a| self.go(bank, *a, under_old)).collect();
                if args2 == *args { t } else { bank.add(Term::Prim(*p, args2), data.ty, data.span) }
            }
        };
        self.memo.insert((t, under_old), result);
        result
    }
}

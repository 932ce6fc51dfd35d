//! A clause-set builder for the prover's unit tests: symbols are interned on first use, and
//! clauses are collected with their goal flag, ready for [`Prover::new`](super::Prover::new).

use crate::fol::{Clause, Literal, Signature, SymbolKind, TermBank, TermId};

/// Symbols, terms and clauses of a hand-made problem.
pub(super) struct ClauseBuilder {
    pub sig: Signature,
    pub bank: TermBank,
    /// Each clause with whether it comes from the goal.
    pub clauses: Vec<(Clause, bool)>,
}

impl ClauseBuilder {
    pub fn new() -> Self {
        ClauseBuilder { sig: Signature::new(), bank: TermBank::new(), clauses: Vec::new() }
    }

    /// The term `name(args)`.
    pub fn f(&mut self, name: &str, args: &[TermId]) -> TermId {
        let s = self.sig.intern(name, args.len() as u32, SymbolKind::Function);
        self.bank.app(&self.sig, s, args)
    }

    /// Variable number `n`.
    pub fn x(&mut self, n: u32) -> TermId {
        self.bank.var(n)
    }

    /// The literal `name(args)` or its negation.
    pub fn p(&mut self, name: &str, args: &[TermId], positive: bool) -> Literal {
        let s = self.sig.intern(name, args.len() as u32, SymbolKind::Predicate);
        let atom = self.bank.app(&self.sig, s, args);
        let t = self.bank.true_term();
        Literal::new(atom, t, positive)
    }

    /// The literal `a = b` or `a != b`.
    pub fn eq(&mut self, a: TermId, b: TermId, positive: bool) -> Literal {
        Literal::new(a, b, positive)
    }

    /// Adds a clause that is not from the goal.
    pub fn clause(&mut self, lits: Vec<Literal>) {
        self.clauses.push((Clause::new(lits), false));
    }
}

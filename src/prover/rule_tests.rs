//! One test per inference and simplification rule, each with the exact conclusions expected.
//!
//! Clauses are built with a small builder; the last clause is the given clause, all others are
//! made active first. Literal selection is off unless a test says otherwise, so the expected
//! conclusions follow from the ordering alone.

use super::test_builder::ClauseBuilder as Builder;
use super::*;
use crate::fol::{Clause, Literal};

/// What each rule test does with a builder's clauses.
trait RuleHarness {
    /// A prover with every clause but the last active; returns it and the last clause's id.
    fn setup(self) -> (Prover, ClauseId);
    /// The conclusions of all generating inferences of the last clause with the others.
    fn generate(self) -> Vec<String>;
    /// The last clause after forward simplification, or `None` when it was deleted.
    fn simplify(self) -> Option<String>;
}

impl RuleHarness for Builder {
    fn setup(self) -> (Prover, ClauseId) {
        let options =
            ProverOptions { selection: LiteralSelection::None, ..ProverOptions::default() };
        let n = self.clauses.len();
        let mut prover = Prover::new(self.sig, self.bank, &self.clauses, options, true);
        for i in 0..n - 1 {
            prover.activate(ClauseId(i as u32));
        }
        (prover, ClauseId(n as u32 - 1))
    }
    fn generate(self) -> Vec<String> {
        let (mut prover, given) = self.setup();
        prover.activate(given);
        let mut out = Vec::new();
        prover.generate(given, &mut out);
        out.iter()
            .map(|c| Clause::new(c.literals.clone()).display(&prover.signature, &prover.bank))
            .collect()
    }
    fn simplify(self) -> Option<String> {
        let (mut prover, given) = self.setup();
        let result = prover.forward_simplify(given)?;
        Some(prover.clause(result).display(&prover.signature, &prover.bank))
    }
}

#[test]
fn superposition_into_a_predicate_argument() {
    let mut b = Builder::new();
    let a = b.f("a", &[]);
    let c = b.f("b", &[]);
    let fa = b.f("f", &[a]);
    b.clause(vec![Literal::new(fa, c, true)]);
    let x = b.x(0);
    let fx = b.f("f", &[x]);
    let l = b.p("p", &[fx], true);
    b.clause(vec![l]);
    assert_eq!(b.generate(), vec!["p(b)"]);
}

#[test]
fn superposition_as_ordered_resolution() {
    let mut b = Builder::new();
    let a = b.f("a", &[]);
    let l = b.p("p", &[a], true);
    b.clause(vec![l]);
    let x = b.x(0);
    let l1 = b.p("p", &[x], false);
    let gx = b.f("g", &[x]);
    let l2 = b.p("q", &[gx], true);
    // ~p(X) | q(g(X)): q(g(X)) is the maximal literal, so no resolution on ~p(X) ...
    b.clause(vec![l1, l2]);
    assert_eq!(b.generate(), Vec::<String>::new());
    // ... but with ~p(X) the only literal, resolution with p(a) gives the empty clause.
    let mut b = Builder::new();
    let a = b.f("a", &[]);
    let l = b.p("p", &[a], true);
    b.clause(vec![l]);
    let x = b.x(0);
    let l1 = b.p("p", &[x], false);
    b.clause(vec![l1]);
    assert_eq!(b.generate(), vec!["$false"]);
}

#[test]
fn superposition_into_a_negative_equation() {
    let mut b = Builder::new();
    let x = b.x(0);
    let fx = b.f("f", &[x]);
    let gx = b.f("g", &[x]);
    b.clause(vec![Literal::new(fx, gx, true)]);
    let a = b.f("a", &[]);
    let fa = b.f("f", &[a]);
    let c = b.f("c", &[]);
    let hfa = b.f("h", &[fa]);
    b.clause(vec![Literal::new(hfa, c, false)]);
    // f(X) = g(X) is oriented by precedence (g occurs less, so it is larger): g(X) > f(X).
    // Rewriting goes from g to f, so nothing rewrites h(f(a)); superposing the other way:
    let mut expected = b.generate();
    expected.sort();
    assert_eq!(expected, Vec::<String>::new());
}

#[test]
fn equality_resolution_unifies_the_sides() {
    let mut b = Builder::new();
    let x = b.x(0);
    let a = b.f("a", &[]);
    let fx = b.f("f", &[x]);
    let fa = b.f("f", &[a]);
    let gfx = b.f("g", &[fx]);
    let gfa = b.f("g", &[fa]);
    let l1 = Literal::new(gfx, gfa, false);
    let l2 = b.p("p", &[x], true);
    b.clause(vec![l1, l2]);
    assert_eq!(b.generate(), vec!["p(a)"]);
    // With f(X) != f(a) | p(X) instead, p(X) outranks both sides (same weight, p is rarer, so
    // larger in the precedence): the disequation is not maximal and the rule must not apply.
    let mut b = Builder::new();
    let x = b.x(0);
    let a = b.f("a", &[]);
    let fx = b.f("f", &[x]);
    let fa = b.f("f", &[a]);
    let l1 = Literal::new(fx, fa, false);
    let l2 = b.p("p", &[x], true);
    b.clause(vec![l1, l2]);
    assert_eq!(b.generate(), Vec::<String>::new());
}

#[test]
fn equality_factoring_of_predicate_literals_is_factoring() {
    let mut b = Builder::new();
    let x = b.x(0);
    let a = b.f("a", &[]);
    let l1 = b.p("p", &[x], true);
    let l2 = b.p("p", &[a], true);
    b.clause(vec![l1, l2]);
    assert_eq!(b.generate(), vec!["p(a)", "p(a)"]);
}

#[test]
fn equality_factoring_of_equations() {
    let mut b = Builder::new();
    let x = b.x(0);
    let a = b.f("a", &[]);
    let c = b.f("c", &[]);
    let d = b.f("d", &[]);
    let fx = b.f("f", &[x]);
    let fd = b.f("f", &[d]);
    b.clause(vec![Literal::new(fx, a, true), Literal::new(fd, c, true)]);
    // a and c are equally rare, so the precedence falls back to creation order: a < c. The
    // factored literal must be maximal after unification: f(d) = c is, f(d) = a is not, so only
    // one of the two factorings is an inference of the calculus.
    assert_eq!(b.generate(), vec!["c != a | f(d) = a"]);
}

#[test]
fn demodulation_rewrites_to_normal_form() {
    let mut b = Builder::new();
    let x = b.x(0);
    let fx = b.f("f", &[x]);
    b.clause(vec![Literal::new(fx, x, true)]);
    let a = b.f("a", &[]);
    let fa = b.f("f", &[a]);
    let ffa = b.f("f", &[fa]);
    let l = b.p("p", &[ffa], true);
    b.clause(vec![l]);
    assert_eq!(b.simplify().as_deref(), Some("p(a)"));
}

#[test]
fn demodulation_respects_the_root_of_positive_literals() {
    // f(a) = b rewrites f(a) = c only if c > b; with c smaller it must not.
    let mut b = Builder::new();
    let a = b.f("a", &[]);
    let bb = b.f("b", &[]);
    let fa = b.f("f", &[a]);
    b.clause(vec![Literal::new(fa, bb, true)]);
    b.clause(vec![Literal::new(fa, a, true)]);
    // a occurs more often than b, so a < b: rewriting f(a) = a to b = a is not allowed.
    assert_eq!(b.simplify().as_deref(), Some("f(a) = a"));
}

#[test]
fn forward_subsumption_deletes_instances() {
    let mut b = Builder::new();
    let x = b.x(0);
    let a = b.f("a", &[]);
    let l = b.p("p", &[x], true);
    b.clause(vec![l]);
    let l1 = b.p("p", &[a], true);
    let l2 = b.p("q", &[a], true);
    b.clause(vec![l1, l2]);
    assert_eq!(b.simplify(), None);
}

#[test]
fn subsumption_is_multiset_subsumption() {
    // p(X) | p(Y) must not delete p(a): that would lose completeness.
    let mut b = Builder::new();
    let x = b.x(0);
    let y = b.x(1);
    let a = b.f("a", &[]);
    let l1 = b.p("p", &[x], true);
    let l2 = b.p("p", &[y], true);
    b.clause(vec![l1, l2]);
    let l = b.p("p", &[a], true);
    b.clause(vec![l]);
    assert_eq!(b.simplify().as_deref(), Some("p(a)"));
}

#[test]
fn subsumption_resolution_cuts_a_literal() {
    let mut b = Builder::new();
    let x = b.x(0);
    let a = b.f("a", &[]);
    let c = b.f("c", &[]);
    let l = b.p("p", &[x], true);
    b.clause(vec![l]);
    let l1 = b.p("p", &[a], false);
    let l2 = b.p("q", &[c], true);
    b.clause(vec![l1, l2]);
    assert_eq!(b.simplify().as_deref(), Some("q(c)"));
}

#[test]
fn tautologies_and_trivial_literals() {
    let mut b = Builder::new();
    let a = b.f("a", &[]);
    let l1 = b.p("p", &[a], true);
    let l2 = b.p("p", &[a], false);
    b.clause(vec![l1, l2]);
    assert_eq!(b.simplify(), None);
    let mut b = Builder::new();
    let a = b.f("a", &[]);
    let l1 = b.p("p", &[a], true);
    b.clause(vec![Literal::new(a, a, false), l1, l1]);
    assert_eq!(b.simplify().as_deref(), Some("p(a)"));
}

#[test]
fn backward_subsumption_retires_active_clauses() {
    let mut b = Builder::new();
    let a = b.f("a", &[]);
    let c = b.f("c", &[]);
    let l1 = b.p("p", &[a], true);
    let l2 = b.p("q", &[c], true);
    b.clause(vec![l1, l2]);
    let x = b.x(0);
    let l = b.p("p", &[x], true);
    b.clause(vec![l]);
    let (mut prover, given) = b.setup();
    prover.activate(given);
    prover.backward_simplify(given);
    assert!(!prover.is_active(ClauseId(0)));
    assert_eq!(prover.stats.backward_subsumed, 1);
}

/// The literal [`LiteralSelection::Complex`] selects in each clause of a builder.
fn complex_selections(b: Builder) -> Vec<Option<u16>> {
    let options =
        ProverOptions { selection: LiteralSelection::Complex, ..ProverOptions::default() };
    let n = b.clauses.len();
    let mut prover = Prover::new(b.sig, b.bank, &b.clauses, options, true);
    (0..n)
        .map(|i| {
            prover.activate(ClauseId(i as u32));
            prover.selected_literal(ClauseId(i as u32))
        })
        .collect()
}

#[test]
fn complex_selection_leaves_horn_rules_alone_and_prefers_ground_then_lopsided_literals() {
    let mut b = Builder::new();
    let x = b.x(0);
    let (a, fx) = (b.f("a", &[]), b.f("f", &[x]));
    let gfx = b.f("g", &[fx]);
    // A Horn rule whose head `q(f(X))` is strictly maximal: used only from its head.
    let (body, head) = (b.p("q", &[x], false), b.p("q", &[fx], true));
    b.clause(vec![body, head]);
    // Two positive literals, so not a Horn rule: the ground negative literal.
    let (p_x, r_x) = (b.p("p", &[x], true), b.p("r", &[x], true));
    let (not_s_gfa, not_s_a) = (b.p("s", &[gfx], false), b.p("s", &[a], false));
    b.clause(vec![p_x, not_s_gfa, not_s_a, r_x]);
    // No ground negative literal: the most lopsided one (`g(f(X))` against `$true`).
    let (p_x, r_x) = (b.p("p", &[x], true), b.p("r", &[x], true));
    let (not_t_x, not_t_gfx) = (b.p("t", &[x], false), b.p("t", &[gfx], false));
    b.clause(vec![p_x, not_t_x, not_t_gfx, r_x]);
    assert_eq!(complex_selections(b), vec![None, Some(2), Some(2)]);
}

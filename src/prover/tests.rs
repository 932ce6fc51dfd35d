//! End-to-end tests of the loop on small clause sets built by hand.

use super::test_builder::ClauseBuilder as Builder;
use super::*;
use crate::fol::{Clause, SymbolKind, TermBank, TermId};

/// Runs the loop on what a builder made.
trait Prove {
    /// Proves with a given-clause limit; any refutation must pass the checker.
    fn prove(self, given_limit: u64) -> (ProofOutcome, Prover);
}

impl Prove for Builder {
    fn prove(self, given_limit: u64) -> (ProofOutcome, Prover) {
        let options = ProverOptions {
            limits: Limits { given_clauses: Some(given_limit), ..Limits::default() },
            ..ProverOptions::default()
        };
        let inputs: Vec<Clause> = self.clauses.iter().map(|(c, _)| c.clone()).collect();
        let mut prover = Prover::new(self.sig, self.bank, &self.clauses, options, true);
        let outcome = prover.run();
        if let ProofOutcome::Refutation(empty) = outcome {
            let proof = prover.extract_proof(empty);
            if let Err(e) = check::check_proof(&proof, &inputs, &prover.signature, &prover.bank) {
                panic!("proof rejected by the checker: {e}");
            }
        }
        (outcome, prover)
    }
}

#[test]
fn resolution_refutation() {
    let mut b = Builder::new();
    let a = b.f("a", &[]);
    let x = b.x(0);
    let l1 = b.p("p", &[a], true);
    b.clause(vec![l1]);
    let l2 = b.p("p", &[x], false);
    let l3 = b.p("q", &[x], true);
    b.clause(vec![l2, l3]);
    let l4 = b.p("q", &[a], false);
    b.clause(vec![l4]);
    let (outcome, prover) = b.prove(100);
    let ProofOutcome::Refutation(empty) = outcome else {
        panic!("expected refutation, got {outcome:?}")
    };
    let proof = prover.extract_proof(empty);
    assert_eq!(proof.input_indices(), vec![0, 1, 2]);
}

#[test]
fn equational_refutation() {
    let mut b = Builder::new();
    let a = b.f("a", &[]);
    let bb = b.f("b", &[]);
    let c = b.f("c", &[]);
    let fa = b.f("f", &[a]);
    let fc = b.f("f", &[c]);
    let l = b.eq(fa, bb, true);
    b.clause(vec![l]);
    let l = b.eq(a, c, true);
    b.clause(vec![l]);
    let l = b.eq(fc, bb, false);
    b.clause(vec![l]);
    let (outcome, _) = b.prove(100);
    assert!(matches!(outcome, ProofOutcome::Refutation(_)), "{outcome:?}");
}

#[test]
fn group_right_identity() {
    // e*x = x, i(x)*x = e, (x*y)*z = x*(y*z)  |-  a*e = a
    let mut b = Builder::new();
    let (x, y, z) = (b.x(0), b.x(1), b.x(2));
    let e = b.f("e", &[]);
    let ex = b.f("mult", &[e, x]);
    let l = b.eq(ex, x, true);
    b.clause(vec![l]);
    let ix = b.f("inv", &[x]);
    let ixx = b.f("mult", &[ix, x]);
    let l = b.eq(ixx, e, true);
    b.clause(vec![l]);
    let xy = b.f("mult", &[x, y]);
    let xy_z = b.f("mult", &[xy, z]);
    let yz = b.f("mult", &[y, z]);
    let x_yz = b.f("mult", &[x, yz]);
    let l = b.eq(xy_z, x_yz, true);
    b.clause(vec![l]);
    let a = b.f("a", &[]);
    let ae = b.f("mult", &[a, e]);
    let l = b.eq(ae, a, false);
    b.clauses.push((Clause::new(vec![l]), true));
    let (outcome, prover) = b.prove(2000);
    assert!(matches!(outcome, ProofOutcome::Refutation(_)), "{outcome:?} {:?}", prover.stats);
}

#[test]
fn satisfiable_set_saturates() {
    let mut b = Builder::new();
    let a = b.f("a", &[]);
    let c = b.f("b", &[]);
    let x = b.x(0);
    let l = b.p("p", &[a], true);
    b.clause(vec![l]);
    let l = b.p("p", &[c], false);
    b.clause(vec![l]);
    let l1 = b.p("p", &[x], false);
    let fx = b.f("f", &[x]);
    let l2 = b.p("p", &[fx], true);
    b.clause(vec![l1, l2]);
    let (outcome, _) = b.prove(1000);
    // p(f(f(...a))) grows forever: this must not be a refutation, and with the given-clause
    // limit it stops.
    assert!(!matches!(outcome, ProofOutcome::Refutation(_)), "{outcome:?}");
}

#[test]
fn finite_satisfiable_set_is_saturated() {
    let mut b = Builder::new();
    let a = b.f("a", &[]);
    let c = b.f("b", &[]);
    let l = b.p("p", &[a], true);
    b.clause(vec![l]);
    let l1 = b.p("p", &[c], false);
    let l2 = b.eq(a, c, false);
    b.clause(vec![l1, l2]);
    let (outcome, _) = b.prove(1000);
    assert_eq!(outcome, ProofOutcome::Saturated { complete: true });
}

/// Rejects every conclusion containing symbol `banned`.
struct Ban(crate::fol::SymbolId);

impl InferenceFilter for Ban {
    fn allows(&self, _premises: &[&Clause], conclusion: &Clause, bank: &TermBank) -> bool {
        fn mentions(bank: &TermBank, t: TermId, s: crate::fol::SymbolId) -> bool {
            bank.head(t) == Some(s) || bank.args(t).iter().any(|&a| mentions(bank, a, s))
        }
        !conclusion
            .literals
            .iter()
            .any(|l| mentions(bank, l.lhs, self.0) || mentions(bank, l.rhs, self.0))
    }
}

#[test]
fn a_filter_that_drops_conclusions_makes_saturation_inconclusive() {
    // p(a), ~p(X) | q(X), ~q(b): satisfiable, and saturating it needs q(a), which the filter bans.
    let mut b = Builder::new();
    let a = b.f("a", &[]);
    let c = b.f("b", &[]);
    let x = b.x(0);
    let l = b.p("p", &[a], true);
    b.clause(vec![l]);
    let l1 = b.p("p", &[x], false);
    let l2 = b.p("q", &[x], true);
    b.clause(vec![l1, l2]);
    let l = b.p("q", &[c], false);
    b.clause(vec![l]);
    let q = b.sig.lookup("q", 1, SymbolKind::Predicate).unwrap();
    let options = ProverOptions::default();
    let mut prover = Prover::new(b.sig, b.bank, &b.clauses, options, true);
    prover.set_inference_filter(Box::new(Ban(q)));
    assert_eq!(prover.run(), ProofOutcome::Saturated { complete: false });
}

#[test]
fn an_equation_with_a_bare_variable_side_rewrites_every_subterm() {
    // `X = f(a)` makes every element equal, so `q(b,a)` and `~q(a,X)` clash; a loop that never
    // superposes from the variable side saturates and would call the set satisfiable.
    let mut b = Builder::new();
    let a = b.f("a", &[]);
    let bb = b.f("b", &[]);
    let fa = b.f("f", &[a]);
    let x = b.x(0);
    let l1 = b.p("q", &[a, x], false);
    b.clause(vec![l1]);
    let l2 = b.p("q", &[bb, a], true);
    b.clause(vec![l2]);
    let l3 = b.eq(x, fa, true);
    b.clause(vec![l3]);
    let (outcome, _) = b.prove(100);
    assert!(matches!(outcome, ProofOutcome::Refutation(_)), "got {outcome:?}");
}

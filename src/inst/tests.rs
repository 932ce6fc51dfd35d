//! Unit tests of the instantiation engine on tiny clause sets written by hand.

use super::check::{CheckError, check_instance};
use super::*;
use crate::fol::SymbolKind;

/// A tiny builder of clauses over one signature and bank.
struct Tiny {
    signature: Signature,
    bank: TermBank,
}

impl Tiny {
    fn new() -> Tiny {
        Tiny { signature: Signature::new(), bank: TermBank::new() }
    }

    fn fun(&mut self, name: &str, args: &[TermId]) -> TermId {
        let f = self.signature.intern(name, args.len() as u32, SymbolKind::Function);
        self.bank.app(&self.signature, f, args)
    }

    fn pred(&mut self, name: &str, args: &[TermId], positive: bool) -> Literal {
        let p = self.signature.intern(name, args.len() as u32, SymbolKind::Predicate);
        let atom = self.bank.app(&self.signature, p, args);
        let t = self.bank.true_term();
        Literal::new(atom, t, positive)
    }
}

fn unsat_core(result: &InstResult) -> Option<Vec<usize>> {
    match &result.outcome {
        InstOutcome::Unsat { core } => Some(core.clone()),
        InstOutcome::Unknown(_) => None,
    }
}

#[test]
fn two_instances_of_one_clause_refute() {
    let mut t = Tiny::new();
    let x = t.bank.var(0);
    let a = t.fun("a", &[]);
    let b = t.fun("b", &[]);
    let px = t.pred("p", &[x], false);
    let qx = t.pred("q", &[x], true);
    let pa = t.pred("p", &[a], true);
    let pb = t.pred("p", &[b], true);
    let qa = t.pred("q", &[a], false);
    let qb = t.pred("q", &[b], false);
    let clauses = vec![
        Clause::new(vec![px, qx]),
        Clause::new(vec![pa]),
        Clause::new(vec![pb]),
        Clause::new(vec![qa, qb]),
    ];
    let result = refute(&t.signature, &mut t.bank, &clauses, &InstOptions::default());
    assert_eq!(unsat_core(&result), Some(vec![0, 1, 2, 3]), "{:?}", result.outcome);
    let from_first: Vec<&Instance> = result.instances.iter().filter(|i| i.source == 0).collect();
    assert_eq!(from_first.len(), 2);
    assert_eq!(result.stats.instances, 2);
}

#[test]
fn satisfiable_set_is_never_refuted() {
    let mut t = Tiny::new();
    let x = t.bank.var(0);
    let a = t.fun("a", &[]);
    let b = t.fun("b", &[]);
    let px = t.pred("p", &[x], false);
    let qx = t.pred("q", &[x], true);
    let pa = t.pred("p", &[a], true);
    let qb = t.pred("q", &[b], false);
    let clauses = vec![Clause::new(vec![px, qx]), Clause::new(vec![pa]), Clause::new(vec![qb])];
    let result = refute(&t.signature, &mut t.bank, &clauses, &InstOptions::default());
    assert_eq!(result.outcome, InstOutcome::Unknown(StopReason::Exhausted));
}

#[test]
fn frame_axiom_needs_case_analysis_on_a_ground_equality() {
    // X = r | g(X) = f(X), g(r) = f(r), g(c) != f(c): the instance at c splits on c = r.
    let mut t = Tiny::new();
    let x = t.bank.var(0);
    let r = t.fun("r", &[]);
    let c = t.fun("c", &[]);
    let gx = t.fun("g", &[x]);
    let fx = t.fun("f", &[x]);
    let gr = t.fun("g", &[r]);
    let fr = t.fun("f", &[r]);
    let gc = t.fun("g", &[c]);
    let fc = t.fun("f", &[c]);
    let clauses = vec![
        Clause::new(vec![Literal::new(x, r, true), Literal::new(gx, fx, true)]),
        Clause::new(vec![Literal::new(gr, fr, true)]),
        Clause::new(vec![Literal::new(gc, fc, false)]),
    ];
    let result = refute(&t.signature, &mut t.bank, &clauses, &InstOptions::default());
    assert_eq!(unsat_core(&result), Some(vec![0, 1, 2]), "{:?}", result.outcome);
}

#[test]
fn typing_chains_grow_one_generation_per_round() {
    // ~alloc(X) | alloc(left(X)), alloc(a), ~alloc(left(left(X))): the term left(a) is made by
    // an instance (generation 1) before the goal clause can match it.
    let mut t = Tiny::new();
    let x = t.bank.var(0);
    let a = t.fun("a", &[]);
    let lx = t.fun("left", &[x]);
    let llx = t.fun("left", &[lx]);
    let not_alloc_x = t.pred("alloc", &[x], false);
    let alloc_lx = t.pred("alloc", &[lx], true);
    let alloc_a = t.pred("alloc", &[a], true);
    let not_alloc_llx = t.pred("alloc", &[llx], false);
    let clauses = vec![
        Clause::new(vec![not_alloc_x, alloc_lx]),
        Clause::new(vec![alloc_a]),
        Clause::new(vec![not_alloc_llx]),
    ];
    let result = refute(&t.signature, &mut t.bank, &clauses, &InstOptions::default());
    assert!(unsat_core(&result).is_some(), "{:?}", result.outcome);
    assert_eq!(result.stats.generation, 1);
    // With the generation bound held at 0, the chain stays unreached.
    let tight = InstOptions { max_generation: 0, ..InstOptions::default() };
    let result = refute(&t.signature, &mut t.bank, &clauses, &tight);
    assert_eq!(result.outcome, InstOutcome::Unknown(StopReason::Exhausted));
}

#[test]
fn limits_stop_the_run_without_an_answer() {
    let mut t = Tiny::new();
    let x = t.bank.var(0);
    let a = t.fun("a", &[]);
    let fx = t.fun("f", &[x]);
    let px = t.pred("p", &[x], false);
    let pfx = t.pred("p", &[fx], true);
    let pa = t.pred("p", &[a], true);
    // Satisfiable and with an infinite Herbrand universe: only the limits stop it.
    let clauses = vec![Clause::new(vec![px, pfx]), Clause::new(vec![pa])];
    let options = InstOptions { max_rounds: 3, max_generation: 100, ..InstOptions::default() };
    let result = refute(&t.signature, &mut t.bank, &clauses, &options);
    assert_eq!(result.outcome, InstOutcome::Unknown(StopReason::Rounds));
    assert_eq!(result.stats.rounds, 3);
}

#[test]
fn tampered_instance_is_rejected_by_the_checker() {
    let mut t = Tiny::new();
    let x = t.bank.var(0);
    let a = t.fun("a", &[]);
    let b = t.fun("b", &[]);
    let px = t.pred("p", &[x], false);
    let qx = t.pred("q", &[x], true);
    let pa = t.pred("p", &[a], false);
    let qa = t.pred("q", &[a], true);
    let qb = t.pred("q", &[b], true);
    let source = Clause::new(vec![px, qx]);
    assert_eq!(check_instance(&t.bank, &source, &Clause::new(vec![pa, qa])), Ok(()));
    // X bound inconsistently.
    assert_eq!(
        check_instance(&t.bank, &source, &Clause::new(vec![pa, qb])),
        Err(CheckError::Literal(1))
    );
    // A literal dropped.
    assert!(check_instance(&t.bank, &source, &Clause::new(vec![pa])).is_err());
    // Polarity flipped.
    assert_eq!(
        check_instance(&t.bank, &source, &Clause::new(vec![pa.negated(), qa])),
        Err(CheckError::Literal(0))
    );
    // Not ground.
    assert_eq!(
        check_instance(&t.bank, &source, &Clause::new(vec![px, qx])),
        Err(CheckError::NotGround)
    );
}

#[test]
fn same_input_gives_same_instances_and_counters() {
    let run = || {
        let mut t = Tiny::new();
        let x = t.bank.var(0);
        let y = t.bank.var(1);
        let a = t.fun("a", &[]);
        let b = t.fun("b", &[]);
        let fxy = t.fun("f", &[x, y]);
        let fyx = t.fun("f", &[y, x]);
        let fab = t.fun("f", &[a, b]);
        let fba = t.fun("f", &[b, a]);
        let clauses = vec![
            Clause::new(vec![Literal::new(fxy, fyx, true)]),
            Clause::new(vec![Literal::new(fab, fba, false)]),
        ];
        let result = refute(&t.signature, &mut t.bank, &clauses, &InstOptions::default());
        let shown: Vec<String> =
            result.instances.iter().map(|i| i.clause.display(&t.signature, &t.bank)).collect();
        (result.outcome, result.stats, shown)
    };
    let first = run();
    assert!(matches!(first.0, InstOutcome::Unsat { .. }));
    assert_eq!(first, run());
}

/// A refutation's ground clauses re-derive it on their own; a clause that is not an instance
/// of the input clause it names, or a set that leaves one out, does not.
#[test]
fn the_ground_clauses_of_a_refutation_recheck_and_tampered_ones_do_not() {
    let mut t = Tiny::new();
    let x = t.bank.var(0);
    let a = t.fun("a", &[]);
    let b = t.fun("b", &[]);
    let px = t.pred("p", &[x], false);
    let qx = t.pred("q", &[x], true);
    let pa = t.pred("p", &[a], true);
    let pb = t.pred("p", &[b], true);
    let qa = t.pred("q", &[a], false);
    let qb = t.pred("q", &[b], false);
    let clauses = vec![
        Clause::new(vec![px, qx]),
        Clause::new(vec![pa]),
        Clause::new(vec![pb]),
        Clause::new(vec![qa, qb]),
    ];
    let result = refute(&t.signature, &mut t.bank, &clauses, &InstOptions::default());
    assert!(unsat_core(&result).is_some(), "{:?}", result.outcome);
    let used: Vec<(usize, Clause)> = result
        .refutation
        .iter()
        .map(|&i| (result.instances[i].source, result.instances[i].clause.clone()))
        .collect();
    // Both instances of clause 0 and the three ground clauses.
    assert_eq!(used.len(), 5, "{used:?}");
    assert!(recheck_ground(&t.signature, &t.bank, &clauses, &used).is_ok());
    // `p(a)` claimed as an instance of `~p(X) | q(X)`: not one.
    let mut wrong_source = used.clone();
    let at = wrong_source.iter().position(|(s, _)| *s == 1).unwrap();
    wrong_source[at].0 = 0;
    assert!(matches!(
        recheck_ground(&t.signature, &t.bank, &clauses, &wrong_source),
        Err(GroundError::Instance { error: CheckError::Length { .. }, .. })
    ));
    // A source index past the problem's clauses.
    let mut past = used.clone();
    past[0].0 = clauses.len();
    assert!(matches!(
        recheck_ground(&t.signature, &t.bank, &clauses, &past),
        Err(GroundError::NoSource { .. })
    ));
    // Without `~q(a) | ~q(b)` the instances have a model.
    let fewer: Vec<(usize, Clause)> = used.iter().filter(|(s, _)| *s != 3).cloned().collect();
    assert!(matches!(
        recheck_ground(&t.signature, &t.bank, &clauses, &fewer),
        Err(GroundError::Satisfiable)
    ));
}

//! Unsat cores: the core read off a refutation, and the minimal core found by deletion,
//! whose irreducibility is checked here independently (every hypothesis of the result is
//! needed: without it the rest saturates).

use craig::fol::Problem;
use craig::input::parse_problem;
use craig::prover::{Limits, ProverOptions};
use craig::solve::answer::{SzsStatus, core_names};
use craig::solve::core::minimize_core;
use craig::solve::solve_problem;

fn problem(text: &str) -> Problem {
    parse_problem(text, "inline.p", "inline", &[]).unwrap()
}

fn options() -> ProverOptions {
    // A deterministic limit: cores must not depend on the machine's speed.
    ProverOptions {
        limits: Limits { given_clauses: Some(5_000), ..Limits::default() },
        ..ProverOptions::default()
    }
}

fn names(problem: &Problem) -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for c in &problem.clauses {
        if !v.contains(&c.source.name) {
            v.push(c.source.name.clone());
        }
    }
    v
}

fn restricted(problem: &Problem, keep: &[String]) -> Problem {
    let mut p = problem.clone();
    p.clauses.retain(|c| keep.contains(&c.source.name));
    p
}

/// Checks that `core` is refutable and that dropping any hypothesis makes it satisfiable.
fn assert_irreducible(problem: &Problem, core: &[String]) {
    let all = solve_problem(restricted(problem, core), options(), true);
    assert!(matches!(all.status, SzsStatus::Theorem | SzsStatus::Unsatisfiable), "{core:?}");
    for name in core {
        let is_conjecture =
            problem.clauses.iter().any(|c| c.source.name == *name && c.source.role.is_goal());
        if is_conjecture {
            continue;
        }
        let without: Vec<String> = core.iter().filter(|n| *n != name).cloned().collect();
        let solved = solve_problem(restricted(problem, &without), options(), true);
        assert!(
            matches!(solved.status, SzsStatus::CounterSatisfiable | SzsStatus::Satisfiable),
            "{name} is not needed in {core:?}: {}",
            solved.status.name()
        );
    }
}

const TWO_ROUTES: &str = "fof(direct, axiom, p).\nfof(q_holds, axiom, q).\n\
    fof(q_gives_p, axiom, q => p).\nfof(r_holds, axiom, r).\nfof(unrelated, axiom, s | t).\n\
    fof(goal, conjecture, p & r).\n";

#[test]
fn deletion_from_everything_finds_an_irreducible_core() {
    let p = problem(TWO_ROUTES);
    let all = names(&p);
    let m = minimize_core(&p, &all, &options()).unwrap();
    assert!(m.names.contains(&"goal".to_string()), "the conjecture is never dropped");
    assert!(!m.names.contains(&"unrelated".to_string()));
    assert!(m.undecided.is_empty());
    // At most one run per hypothesis; proofs that skip hypotheses make it fewer.
    assert!(m.runs >= 1 && m.runs < all.len(), "{} runs", m.runs);
    assert!(m.proof.check.as_ref().is_some_and(|c| c.is_ok()), "the final proof is checked");
    assert_irreducible(&p, &m.names);
}

#[test]
fn the_core_of_a_proof_is_refutable_and_minimizes_to_a_subset() {
    let text = "fof(a1, axiom, ![X]: (man(X) => mortal(X))).\n\
                fof(a2, axiom, man(socrates)).\n\
                fof(a3, axiom, ![X]: (god(X) => ~mortal(X))).\n\
                fof(a4, axiom, man(plato)).\n\
                fof(a5, axiom, ![X]: (mortal(X) => man(X))).\n\
                fof(goal, conjecture, mortal(socrates)).\n";
    let p = problem(text);
    let solved = solve_problem(p.clone(), options(), true);
    let proof = solved.proof.as_ref().expect("a refutation");
    let core = core_names(&solved.problem, proof);
    let m = minimize_core(&p, &core, &options()).unwrap();
    assert!(m.names.iter().all(|n| core.contains(n)), "{:?} within {core:?}", m.names);
    assert_eq!(m.names, ["a1", "a2", "goal"]);
    assert_irreducible(&p, &m.names);
}

#[test]
fn contradictory_hypotheses_keep_only_the_contradiction() {
    let text = "fof(h1, axiom, p).\nfof(h2, axiom, ~p).\nfof(h3, axiom, q).\n\
                fof(goal, conjecture, r).\n";
    let p = problem(text);
    let m = minimize_core(&p, &names(&p), &options()).unwrap();
    // The conjecture stays (it is the statement), h3 goes; p and ~p are both needed.
    assert!(m.names.contains(&"h1".to_string()) && m.names.contains(&"h2".to_string()));
    assert!(!m.names.contains(&"h3".to_string()));
}

#[test]
fn a_core_that_is_not_refutable_is_an_error() {
    let p = problem("fof(h, axiom, p).\nfof(goal, conjecture, q).\n");
    let e = minimize_core(&p, &names(&p), &options()).err().expect("nothing to minimize");
    assert_eq!(e.core, names(&p), "{e}");
    assert!(e.to_string().contains("was not refuted again"), "{e}");
}

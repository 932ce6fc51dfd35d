//! The clausifier (`fol::clausify`) exercised through the TPTP reader: formulas as written, clauses
//! as printed.

use super::parse_problem;

/// The clauses of a TPTP text, one display string per clause.
fn clauses_of(text: &str) -> Vec<String> {
    let problem = parse_problem(text, "test.p", "test", &[]).expect("parses");
    problem.clauses.iter().map(|c| c.clause.display(&problem.signature, &problem.bank)).collect()
}

#[test]
fn implication_becomes_one_clause() {
    assert_eq!(clauses_of("fof(a, axiom, ![X]: (p(X) => q(X)))."), ["~p(X0) | q(X0)"]);
}

#[test]
fn equivalence_gives_both_directions() {
    assert_eq!(
        clauses_of("fof(a, axiom, ![X]: (p(X) <=> q(X)))."),
        ["~p(X0) | q(X0)", "p(X0) | ~q(X0)"]
    );
}

#[test]
fn exclusive_or_and_negated_connectives() {
    assert_eq!(clauses_of("fof(a, axiom, p <~> q)."), ["p | q", "~p | ~q"]);
    assert_eq!(clauses_of("fof(a, axiom, p ~| q)."), ["~p", "~q"]);
    assert_eq!(clauses_of("fof(a, axiom, p ~& q)."), ["~p | ~q"]);
    assert_eq!(clauses_of("fof(a, axiom, p <= q)."), ["~q | p"]);
}

#[test]
fn skolem_functions_take_only_the_universals_in_scope() {
    // After miniscoping, ?[Y] depends on X only; ?[Z] depends on nothing.
    assert_eq!(
        clauses_of("fof(a, axiom, ![X]: ?[Y]: ?[Z]: (r(X, Y) & q(Z)))."),
        ["r(X0,sk0(X0))", "q(sk1)"]
    );
    assert_eq!(clauses_of("fof(a, axiom, ![X]: ![Y]: ?[Z]: r(X, Z))."), ["r(X0,sk0(X0))"]);
}

#[test]
fn quantifier_blocks_over_shared_bodies_terminate() {
    assert_eq!(clauses_of("fof(a, axiom, ![X, Y]: (p(X, Y) | q(Y, X)))."), ["p(X0,X1) | q(X1,X0)"]);
    assert_eq!(
        clauses_of("fof(a, axiom, ![X, Y, Z]: ((p(X) & q(Y)) | r(X, Y, Z)))."),
        ["p(X0) | r(X0,X1,X2)", "q(X0) | r(X1,X0,X2)"]
    );
}

#[test]
fn conjecture_is_negated() {
    let problem =
        parse_problem("fof(ax, axiom, p(a)).\nfof(c, conjecture, ?[X]: p(X)).", "t.p", "t", &[])
            .unwrap();
    assert!(problem.has_conjecture);
    let shown: Vec<String> = problem
        .clauses
        .iter()
        .map(|c| {
            format!("{}: {}", c.source.name, c.clause.display(&problem.signature, &problem.bank))
        })
        .collect();
    assert_eq!(shown, ["ax: p(a)", "c: ~p(X0)"]);
}

#[test]
fn several_conjectures_negate_their_conjunction() {
    assert_eq!(
        clauses_of("fof(c1, conjecture, p). fof(c2, conjecture, ![X]: q(X))."),
        ["~p | ~q(sk0)"]
    );
}

#[test]
fn truth_constants_simplify_and_trivial_literals_go() {
    assert_eq!(clauses_of("fof(a, axiom, p | $false)."), ["p"]);
    assert!(clauses_of("fof(a, axiom, p | $true).").is_empty());
    assert!(clauses_of("fof(a, axiom, p | ~p).").is_empty());
    assert_eq!(clauses_of("fof(a, axiom, p | a != a | p)."), ["p"]);
    assert_eq!(clauses_of("fof(a, axiom, $false)."), ["$false"]);
}

#[test]
fn equality_is_equational() {
    assert_eq!(clauses_of("fof(a, axiom, ![X]: (f(X) = X | X != a))."), ["f(X0) = X0 | X0 != a"]);
}

#[test]
fn large_distribution_triggers_naming() {
    // (a1 & a2 & a3) | (b1 & b2 & b3) | (c1 & c2 & c3) would give 27 clauses > 16.
    let clauses = clauses_of("fof(a, axiom, (a1 & a2 & a3) | (b1 & b2 & b3) | (c1 & c2 & c3)).");
    assert_eq!(
        clauses,
        [
            "def0 | b1 | c1",
            "def0 | b1 | c2",
            "def0 | b1 | c3",
            "def0 | b2 | c1",
            "def0 | b2 | c2",
            "def0 | b2 | c3",
            "def0 | b3 | c1",
            "def0 | b3 | c2",
            "def0 | b3 | c3",
            "~def0 | a1",
            "~def0 | a2",
            "~def0 | a3",
        ]
    );
}

#[test]
fn nested_equivalences_are_named() {
    let clauses = clauses_of("fof(a, axiom, p <=> (q <=> r)).");
    assert_eq!(
        clauses,
        [
            "~p | def0",
            "p | ~def0",
            "~def0 | ~q | r",
            "~def0 | q | ~r",
            "def0 | q | r",
            "def0 | ~q | ~r"
        ]
    );
}

#[test]
fn distinct_objects_are_pairwise_different() {
    let problem =
        parse_problem("fof(a, axiom, p(\"x\") & p(\"y\") & p(3)).", "t.p", "t", &[]).unwrap();
    let shown: Vec<String> = problem
        .clauses
        .iter()
        .map(|c| {
            format!("{}: {}", c.source.name, c.clause.display(&problem.signature, &problem.bank))
        })
        .collect();
    assert_eq!(
        shown,
        [
            "a: p(\"x\")",
            "a: p(\"y\")",
            "a: p(3)",
            "distinct_objects: \"x\" != \"y\"",
            "distinct_objects: \"x\" != 3",
            "distinct_objects: \"y\" != 3",
        ]
    );
}

#[test]
fn cnf_clauses_are_taken_as_they_are() {
    let problem =
        parse_problem("cnf(c, axiom, p(X, Y) | ~q(Y) | X = f(Y)).", "t.p", "t", &[]).unwrap();
    assert!(!problem.clauses[0].source.clausified);
    assert_eq!(
        problem.clauses[0].clause.display(&problem.signature, &problem.bank),
        "p(X0,X1) | ~q(X1) | X0 = f(X1)"
    );
}

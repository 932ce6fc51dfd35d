//! Property test: clausifying a random propositional formula gives a clause set that is
//! satisfiable exactly when the formula is (definitions make the two equisatisfiable, not
//! equivalent), checked by brute-force truth tables.

use craig::fol::{Clause, Signature, TermBank, TermId};
use craig::fol::{Clausifier, formula::Formula};
use proptest::prelude::*;

const ATOMS: usize = 4;

fn formula() -> impl Strategy<Value = Formula> {
    let leaf = prop_oneof![
        (0..ATOMS).prop_map(|i| Formula::Atom(format!("p{i}"), Vec::new())),
        Just(Formula::True),
        Just(Formula::False),
    ];
    leaf.prop_recursive(5, 40, 4, |inner| {
        prop_oneof![
            inner.clone().prop_map(Formula::negate),
            prop::collection::vec(inner.clone(), 0..4).prop_map(Formula::And),
            prop::collection::vec(inner.clone(), 0..4).prop_map(Formula::Or),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Formula::Implies(a.into(), b.into())),
            (inner.clone(), inner.clone()).prop_map(|(a, b)| Formula::Iff(a.into(), b.into())),
            (inner.clone(), inner).prop_map(|(a, b)| Formula::Xor(a.into(), b.into())),
        ]
    })
}

fn evaluate(f: &Formula, assignment: usize) -> bool {
    match f {
        Formula::True => true,
        Formula::False => false,
        Formula::Atom(name, _) => {
            let index: usize = name[1..].parse().unwrap_or(0);
            assignment >> index & 1 == 1
        }
        Formula::Not(g) => !evaluate(g, assignment),
        Formula::And(gs) => gs.iter().all(|g| evaluate(g, assignment)),
        Formula::Or(gs) => gs.iter().any(|g| evaluate(g, assignment)),
        Formula::Implies(a, b) => !evaluate(a, assignment) || evaluate(b, assignment),
        Formula::Iff(a, b) => evaluate(a, assignment) == evaluate(b, assignment),
        Formula::Xor(a, b) => evaluate(a, assignment) != evaluate(b, assignment),
        Formula::Equal(..) | Formula::Quantified(..) => unreachable!("not generated"),
    }
}

fn clauses_satisfiable(clauses: &[Clause]) -> bool {
    let mut atoms: Vec<TermId> = Vec::new();
    for clause in clauses {
        for l in &clause.literals {
            if !atoms.contains(&l.lhs) {
                atoms.push(l.lhs);
            }
        }
    }
    assert!(atoms.len() <= 20, "too many atoms for a truth table");
    (0..1usize << atoms.len()).any(|assignment| {
        clauses.iter().all(|clause| {
            clause.literals.iter().any(|l| {
                let index = atoms.iter().position(|&a| a == l.lhs).unwrap_or(0);
                (assignment >> index & 1 == 1) == l.positive
            })
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]
    #[test]
    fn clausification_preserves_satisfiability(f in formula()) {
        let mut signature = Signature::new();
        let mut bank = TermBank::new();
        let clauses = Clausifier::new(&mut signature, &mut bank).clausify(&f);
        let formula_satisfiable = (0..1usize << ATOMS).any(|a| evaluate(&f, a));
        prop_assert_eq!(clauses_satisfiable(&clauses), formula_satisfiable, "{:?}", f);
    }
}

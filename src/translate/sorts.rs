//! Sort pass of the translation: guard or erase the sorts of the eliminated formulas. The code
//! (and its soundness argument) is shared with the TPTP TFF front end and lives in
//! [`crate::input::sorts`]; this module names it as a pass of the translation.

pub use crate::input::sorts::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::formula::{Formula, Quantifier, Term as FTerm};
    use crate::translate::eliminate::show_formula;
    use std::collections::BTreeMap;

    fn var(v: &str) -> FTerm {
        FTerm::Var(v.into())
    }

    fn setup() -> (Formula, BTreeMap<String, SymbolSorts>, BTreeMap<String, String>) {
        // ALL X Y :: s. X = Y  (s has one element), and ALL Z :: t. p(Z, c).
        let small = Formula::Quantified(
            Quantifier::Forall,
            vec!["X".into(), "Y".into()],
            Box::new(Formula::Equal(var("X"), var("Y"))),
        );
        let other = Formula::Quantified(
            Quantifier::Forall,
            vec!["Z".into()],
            Box::new(Formula::Atom("p".into(), vec![var("Z"), FTerm::App("c".into(), vec![])])),
        );
        let symbols = BTreeMap::from([
            ("p".to_string(), SymbolSorts { args: vec!["t".into(), "s".into()], result: None }),
            ("c".to_string(), SymbolSorts { args: vec![], result: Some("s".into()) }),
        ]);
        let var_sorts = BTreeMap::from([
            ("X".to_string(), "s".to_string()),
            ("Y".to_string(), "s".to_string()),
            ("Z".to_string(), "t".to_string()),
        ]);
        (Formula::And(vec![small, other]), symbols, var_sorts)
    }

    #[test]
    fn positive_variable_equations_make_a_sort_non_monotone() {
        let (f, _, var_sorts) = setup();
        let found = non_monotone_sorts(&[&f], &var_sorts);
        assert_eq!(found, BTreeMap::from([("s".to_string(), "X = Y".to_string())]));
        // Negated, the equation is negative and its variables existential: monotone.
        assert!(non_monotone_sorts(&[&f.clone().negate()], &var_sorts).is_empty());
    }

    #[test]
    fn auto_guards_only_the_non_monotone_sort() {
        let (f, symbols, var_sorts) = setup();
        let enc = encode_sorts(SortMode::Auto, &[&f], &symbols, &var_sorts).unwrap();
        let decided: Vec<(String, bool)> =
            enc.decisions.iter().map(|d| (d.sort.clone(), d.guarded)).collect();
        assert_eq!(decided, vec![("s".to_string(), true), ("t".to_string(), false)]);
        assert_eq!(
            show_formula(&enc.relativize(&f, &var_sorts)),
            "(![X,Y]: ((is_s(X) & is_s(Y)) => X = Y) & ![Z]: p(Z,c))"
        );
        let axioms: Vec<String> =
            enc.axioms.iter().map(|(n, a)| format!("{n}: {}", show_formula(a))).collect();
        assert_eq!(
            axioms,
            vec!["sort_s_nonempty: ?[X]: is_s(X)".to_string(), "sort_c: is_s(c)".to_string()]
        );
    }

    #[test]
    fn erase_is_refused_for_a_non_monotone_sort_among_several() {
        let (f, symbols, var_sorts) = setup();
        let err = encode_sorts(SortMode::Erase, &[&f], &symbols, &var_sorts).unwrap_err();
        assert!(err.contains("sort `s` is not monotone"), "{err}");
        let (g, _, _) = setup();
        let Formula::And(parts) = g else { unreachable!() };
        let enc = encode_sorts(SortMode::Erase, &[&parts[1]], &symbols, &var_sorts).unwrap();
        assert!(enc.decisions.iter().all(|d| !d.guarded));
    }
}

//! End-to-end tests of the HOL→FOL translation: spec files under `tests/specs/` are translated
//! and proved with `check_goal`, as `craig check` does.

use std::path::PathBuf;

use craig::prover::ProverOptions;
use craig::solve::goal::{ValidityCache, Verdict, check_sequent, translate_settled};
use craig::spec::{SpecModule, load_spec};
use craig::syntax::SourceMap;
use craig::translate::{SequentOutcome, SortMode, TranslateOptions};

fn spec(name: &str) -> (SpecModule, SourceMap) {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/specs").join(name);
    let mut sources = SourceMap::new();
    let (module, diagnostics) = load_spec(&path, &mut sources);
    let rendered: Vec<String> = diagnostics.iter().map(|d| d.render(&sources)).collect();
    (module.unwrap_or_else(|| panic!("{name} does not load: {rendered:?}")), sources)
}

fn prover() -> ProverOptions {
    let mut options = ProverOptions::default();
    // A step limit, never a time limit: the verdicts must not depend on the machine's load.
    options.limits.given_clauses = Some(20_000);
    options
}

/// `(lemma, verdict)` for every lemma of the file's root.
fn check_all(name: &str, sorts: SortMode) -> Vec<(String, Verdict)> {
    let (module, _) = spec(name);
    let options = TranslateOptions {
        sorts,
        retain_percent: 100,
        sine: None,
        strict_order_only: false,
        ..TranslateOptions::default()
    };
    let root = module.root_file().expect("a root file");
    module
        .goals_in(root)
        .iter()
        .map(|g| {
            let r = check_sequent(
                module.hol(),
                &module.sequent(g),
                &options,
                &prover(),
                name,
                &ValidityCache::new(),
            );
            (r.lemma, r.verdict)
        })
        .collect()
}

fn all_proved(results: &[(String, Verdict)]) {
    let failed: Vec<&(String, Verdict)> =
        results.iter().filter(|(_, v)| *v != Verdict::Proved).collect();
    assert!(failed.is_empty(), "not proved: {failed:?}");
}

#[test]
fn set_algebra_lemmas_are_proved() {
    let results = check_all("set_algebra.spec", SortMode::Auto);
    assert_eq!(results.len(), 8);
    all_proved(&results);
}

#[test]
fn set_algebra_lemmas_are_proved_with_guards() {
    all_proved(&check_all("set_algebra.spec", SortMode::Guard));
}

#[test]
fn function_update_lemmas_are_proved() {
    let results = check_all("fun_update.spec", SortMode::Auto);
    assert_eq!(results.len(), 5);
    all_proved(&results);
}

#[test]
fn tuple_lemmas_are_proved() {
    let results = check_all("tuples.spec", SortMode::Auto);
    assert_eq!(results.len(), 4);
    all_proved(&results);
}

#[test]
fn approximated_goals_are_never_disproved() {
    let (module, _) = spec("approximated.spec");
    let root = module.root_file().expect("a root file");
    for g in module.goals_in(root) {
        let sequents = translate_settled(
            module.hol(),
            &module.sequent(&g),
            &TranslateOptions::default(),
            "approximated.spec",
            &ValidityCache::new(),
        );
        for s in &sequents {
            assert!(!s.approximations.is_empty(), "{}: expected an approximation", s.name);
            match &s.outcome {
                SequentOutcome::Problem(p) => assert!(!p.complete, "{} must be incomplete", s.name),
                other => panic!("{}: unexpected {other:?}", s.name),
            }
        }
        let r = check_sequent(
            module.hol(),
            &module.sequent(&g),
            &TranslateOptions::default(),
            &prover(),
            "approximated.spec",
            &ValidityCache::new(),
        );
        assert_eq!(r.verdict, Verdict::GaveUp, "{}", r.lemma);
    }
}

#[test]
fn a_small_sort_is_guarded_so_the_false_goal_is_not_proved() {
    for mode in [SortMode::Auto, SortMode::Guard] {
        let results = check_all("small_sort.spec", mode);
        assert_eq!(results, vec![("s_is_singleton".to_string(), Verdict::NotProved)], "{mode:?}");
    }
}

#[test]
fn the_sort_report_says_which_sort_is_guarded_and_why() {
    let (module, _) = spec("small_sort.spec");
    let root = module.root_file().expect("a root file");
    let goal = &module.goals_in(root)[0];
    let sequents = translate_settled(
        module.hol(),
        &module.sequent(goal),
        &TranslateOptions::default(),
        "small_sort.spec",
        &ValidityCache::new(),
    );
    let report: Vec<(String, bool)> =
        sequents[0].sorts.iter().map(|d| (d.sort.clone(), d.guarded)).collect();
    assert_eq!(report, vec![("s".to_string(), true), ("t".to_string(), false)]);
    assert!(sequents[0].sorts[0].reason.starts_with("not monotone"), "{:?}", sequents[0].sorts[0]);
}

#[test]
fn erasing_a_small_sort_is_refused_with_an_explanation() {
    let (module, _) = spec("small_sort.spec");
    let root = module.root_file().expect("a root file");
    let goal = &module.goals_in(root)[0];
    let options = TranslateOptions {
        sorts: SortMode::Erase,
        retain_percent: 100,
        sine: None,
        strict_order_only: false,
        ..TranslateOptions::default()
    };
    let sequents = translate_settled(
        module.hol(),
        &module.sequent(goal),
        &options,
        "small_sort.spec",
        &ValidityCache::new(),
    );
    match &sequents[0].outcome {
        SequentOutcome::Refused(why) => assert!(why.contains("sort `s` is not monotone"), "{why}"),
        other => panic!("erasure was not refused: {other:?}"),
    }
    assert_eq!(check_all("small_sort.spec", SortMode::Erase)[0].1, Verdict::NotProved);
}

#[test]
fn retaining_no_hypotheses_loses_the_proof_but_never_disproves() {
    let (module, _) = spec("small_sort.spec");
    let root = module.root_file().expect("a root file");
    let goal = &module.goals_in(root)[0];
    let options = TranslateOptions {
        sorts: SortMode::Auto,
        retain_percent: 0,
        sine: None,
        strict_order_only: false,
        ..TranslateOptions::default()
    };
    let sequents = translate_settled(
        module.hol(),
        &module.sequent(goal),
        &options,
        "small_sort.spec",
        &ValidityCache::new(),
    );
    assert_eq!(sequents[0].left_out.len(), 2);
    match &sequents[0].outcome {
        SequentOutcome::Problem(p) => assert!(!p.complete),
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn translation_output_lists_reports_then_clauses() {
    let (module, sources) = spec("small_sort.spec");
    let root = module.root_file().expect("a root file");
    let goal = &module.goals_in(root)[0];
    let sequents = translate_settled(
        module.hol(),
        &module.sequent(goal),
        &TranslateOptions::default(),
        "small_sort.spec",
        &ValidityCache::new(),
    );
    let mut out = String::new();
    craig::translate::write_translation(&mut out, &sequents, &sources);
    assert_eq!(
        out,
        "% sequent s_is_singleton\n\
         % sort s: guarded (not monotone: positive equation `X0 = X1` with no guard)\n\
         % sort t: erased (monotone: no positive equation on a variable of this sort)\n\
         cnf(sort_s_nonempty_1, axiom, (is_s(sk0))).\n\
         cnf(sort_d_2, axiom, (is_s(d))).\n\
         cnf(at_most_two_3, axiom, (~is_s(X0) | ~is_s(X1) | ~is_s(X2) | X1 = X2 | X0 = X2 | X0 = X1)).\n\
         cnf(three_ts_4, axiom, (c1 != c2)).\n\
         cnf(three_ts_5, axiom, (c2 != c3)).\n\
         cnf(three_ts_6, axiom, (c1 != c3)).\n\
         cnf(s_is_singleton_7, negated_conjecture, (is_s(sk1))).\n\
         cnf(s_is_singleton_8, negated_conjecture, (sk1 != d)).\n"
    );
}

/// Jahob's FuncTree: with every hypothesis and every sort guarded, three of the four lemmas are
/// proved quickly (`lookup_left` needs the integer order and is left to the relevance-filtered
/// run below). Erased (`auto`), the unfiltered integer axioms of the standard library apply to
/// every element and the search explodes: erasure pays with filtered assumptions, as Jahob used
/// it (next test).
#[test]
fn functree_lemmas_are_proved_with_all_hypotheses() {
    let (module, _) = spec("functree.spec");
    let root = module.root_file().expect("a root file");
    for g in module.goals_in(root) {
        if g.lemma.name == "lookup_left" {
            continue;
        }
        let r = check_sequent(
            module.hol(),
            &module.sequent(&g),
            &TranslateOptions {
                sorts: SortMode::Guard,
                retain_percent: 100,
                sine: None,
                strict_order_only: false,
                ..TranslateOptions::default()
            },
            &prover(),
            "functree.spec",
            &ValidityCache::new(),
        );
        assert_eq!(r.verdict, Verdict::Proved, "{}", r.lemma);
    }
}

/// Keeping the 30% most relevant hypotheses proves all four FuncTree lemmas, with every sort
/// guarded and with `auto`, which erases both sorts (int and obj are infinite in every intended
/// model); erased, the search takes fewer given clauses in total (Jahob's Fig. 5 effect).
#[test]
fn functree_lemmas_are_all_proved_with_relevance_filtering() {
    let (module, _) = spec("functree.spec");
    let root = module.root_file().expect("a root file");
    let mut given = Vec::new();
    for sorts in [SortMode::Guard, SortMode::Auto] {
        let options = TranslateOptions {
            sorts,
            retain_percent: 30,
            sine: None,
            strict_order_only: false,
            ..TranslateOptions::default()
        };
        let results: Vec<_> = module
            .goals_in(root)
            .iter()
            .map(|g| {
                check_sequent(
                    module.hol(),
                    &module.sequent(g),
                    &options,
                    &prover(),
                    "functree.spec",
                    &ValidityCache::new(),
                )
            })
            .collect();
        let proved: Vec<&str> = results
            .iter()
            .filter(|r| r.verdict == Verdict::Proved)
            .map(|r| r.lemma.as_str())
            .collect();
        assert_eq!(
            proved,
            vec!["lookup_found", "lookup_left", "update_leaf", "update_lookup"],
            "{sorts:?}"
        );
        given.push(results.iter().map(|r| r.given).sum::<u64>());
    }
    assert!(given[1] < given[0], "erased {} given clauses, guarded {}", given[1], given[0]);
}

#[test]
fn integer_literals_get_ordering_facts() {
    let results = check_all("int_literals.spec", SortMode::Auto);
    assert_eq!(results.len(), 2);
    all_proved(&results);
}

/// Schematic axioms of `stdlib/functions.spec` are instantiated at the goal's types (`node`,
/// `int`): the first two lemmas need `id_apply`, the third `const_of_apply` (two type parameters),
/// and all are proved; the axioms whose symbols the goal does not use are the only ones reported
/// as left out.
#[test]
fn schematic_stdlib_axioms_are_instantiated_at_the_goals_types() {
    let results = check_all("schematic.spec", SortMode::Auto);
    assert_eq!(results.len(), 3);
    all_proved(&results);
    let (module, _) = spec("schematic.spec");
    let root = module.root_file().expect("a root file");
    let goal = &module.goals_in(root)[0];
    let sequents = translate_settled(
        module.hol(),
        &module.sequent(goal),
        &TranslateOptions::default(),
        "schematic.spec",
        &ValidityCache::new(),
    );
    let left_out: Vec<&str> = sequents[0].left_out.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(left_out, vec!["comp_apply", "injective_def", "const_of_apply"]);
    let SequentOutcome::Problem(problem) = &sequents[0].outcome else {
        panic!("expected a problem: {:?}", sequents[0].outcome)
    };
    let names: Vec<&str> = problem.clauses.iter().map(|c| c.source.name.as_str()).collect();
    assert!(names.contains(&"id_apply_at_node"), "{names:?}");
}

/// Comparisons of `card` with a literal become witness statements in the polarity where that is
/// sound; where `card` of an infinite set (0) would make them unsound they are approximated, so
/// the two non-theorems are never proved and never reported disproved.
#[test]
fn constant_cardinality_bounds_are_first_order_where_sound() {
    let results = check_all("card.spec", SortMode::Auto);
    let expected = [
        ("at_most_three", Verdict::Proved),
        ("exactly_two_gives_two_elements", Verdict::Proved),
        ("two_distinct_make_two", Verdict::Proved),
        ("lower_bound_gives_witnesses", Verdict::Proved),
        ("exactly_one_is_a_singleton", Verdict::Proved),
        ("upper_bound_is_not_finiteness", Verdict::GaveUp),
        ("witnesses_are_not_a_lower_bound", Verdict::GaveUp),
    ];
    let expected: Vec<(String, Verdict)> =
        expected.iter().map(|(n, v)| (n.to_string(), *v)).collect();
    assert_eq!(results, expected);
}

/// Literals beyond 64 bits are compared exactly; `007` is the literal 7; a false ordering of
/// huge literals is not proved.
#[test]
fn unbounded_integer_literals_are_ordered_exactly() {
    let results = check_all("big_literals.spec", SortMode::Auto);
    let verdicts: Vec<(&str, Verdict)> = results.iter().map(|(n, v)| (n.as_str(), *v)).collect();
    assert_eq!(
        verdicts[..3],
        [
            ("beyond_i64", Verdict::Proved),
            ("adjacent_huge", Verdict::Proved),
            ("leading_zeros", Verdict::Proved)
        ]
    );
    assert_eq!(verdicts[3].0, "wrong_order");
    assert_ne!(verdicts[3].1, Verdict::Proved);
}

#[test]
fn hypotheses_left_out_only_when_valid_keep_a_saturation_a_counter_model() {
    let (module, _) = spec("left_out_validity.spec");
    let options = TranslateOptions {
        sorts: SortMode::Auto,
        retain_percent: 100,
        sine: None,
        strict_order_only: false,
        ..TranslateOptions::default()
    };
    let root = module.root_file().expect("a root file");
    let goals = module.goals_in(root);
    let verdict = |name: &str| {
        let g = goals.iter().find(|g| g.lemma.name == name).expect(name);
        check_sequent(
            module.hol(),
            &module.sequent(g),
            &options,
            &prover(),
            "left_out_validity.spec",
            &ValidityCache::new(),
        )
        .verdict
    };
    // Only valid stdlib axioms were left out: the saturation is a counter-model.
    assert_eq!(verdict("not_a_consequence"), Verdict::NotProved);
    let g = goals.iter().find(|g| g.lemma.name == "not_a_consequence").unwrap();
    let sequents = translate_settled(
        module.hol(),
        &module.sequent(g),
        &options,
        "left_out_validity.spec",
        &ValidityCache::new(),
    );
    assert!(sequents[0].left_out.is_empty(), "{:?}", sequents[0].left_out);
    let valid: Vec<&str> = sequents[0].left_out_valid.iter().map(|(n, _)| n.as_str()).collect();
    assert!(valid.contains(&"set_ext") && valid.contains(&"union_def"), "{valid:?}");
    // A false schematic axiom is not valid, stays left out, and the lemma is not disproved.
    let g = goals.iter().find(|g| g.lemma.name == "follows_from_the_false_axiom").unwrap();
    let sequents = translate_settled(
        module.hol(),
        &module.sequent(g),
        &options,
        "left_out_validity.spec",
        &ValidityCache::new(),
    );
    assert!(sequents[0].left_out.iter().any(|(n, _)| n == "everything_empty"));
    assert_eq!(verdict("follows_from_the_false_axiom"), Verdict::GaveUp);
}

#[test]
fn a_one_way_cardinality_encoding_never_disproves() {
    let results = check_all("card_infinite.spec", SortMode::Auto);
    assert_eq!(results, [("infinite_card_is_zero".to_string(), Verdict::GaveUp)]);
}

#[test]
fn the_jahob_subsort_example_is_not_proved_in_any_mode() {
    for mode in [SortMode::Auto, SortMode::Guard, SortMode::Erase] {
        let results = check_all("subsort.spec", mode);
        assert_eq!(results, [("absurd".to_string(), Verdict::NotProved)], "{mode:?}");
    }
    // The two uses of F are two first-order symbols.
    let (module, sources) = spec("subsort.spec");
    let root = module.root_file().unwrap();
    let options = TranslateOptions {
        sorts: SortMode::Erase,
        retain_percent: 100,
        sine: None,
        strict_order_only: false,
        ..TranslateOptions::default()
    };
    let sequents = translate_settled(
        module.hol(),
        &module.sequent(&module.goals_in(root)[0]),
        &options,
        "subsort.spec",
        &ValidityCache::new(),
    );
    let mut text = String::new();
    craig::translate::write_translation(&mut text, &sequents, &sources);
    assert!(text.contains("c_F_node_bool(X0)") && text.contains("~c_F_obj_bool(sk0)"), "{text}");
}

#[test]
fn sequent_names_agree_with_the_translation() {
    for name in ["functree.spec", "set_algebra.spec", "tuples.spec", "card.spec"] {
        let (module, _) = spec(name);
        let options = TranslateOptions {
            sorts: SortMode::Guard,
            retain_percent: 100,
            sine: None,
            strict_order_only: false,
            ..TranslateOptions::default()
        };
        for g in module.goals_in(module.root_file().unwrap()) {
            let translated: Vec<String> = translate_settled(
                module.hol(),
                &module.sequent(&g),
                &options,
                name,
                &ValidityCache::new(),
            )
            .into_iter()
            .map(|s| s.name)
            .collect();
            assert_eq!(
                craig::translate::sequent_names(module.hol(), &module.sequent(&g)),
                translated,
                "{name}"
            );
        }
    }
}

/// Jahob's reflexive transitive closure gets first-order axioms true of every closure: the
/// lemmas that follow from reflexivity, step, transitivity and unfolding are proved.
#[test]
fn closure_lemmas_are_proved_from_the_closure_axioms() {
    let results = check_all("closure.spec", SortMode::Auto);
    assert_eq!(results.len(), 11);
    all_proved(&results);
    // Each closure's problem says it is incomplete (the axioms do not define the closure) and
    // what was approximated.
    let (module, _) = spec("closure.spec");
    let root = module.root_file().expect("a root file");
    let goal = &module.goals_in(root)[0];
    let sequents = translate_settled(
        module.hol(),
        &module.sequent(goal),
        &TranslateOptions::default(),
        "closure.spec",
        &ValidityCache::new(),
    );
    for s in &sequents {
        assert!(
            s.approximations.iter().any(|(_, a)| a.reason.contains("reflexive transitive")),
            "{}: {:?}",
            s.name,
            s.approximations
        );
        if let SequentOutcome::Problem(p) = &s.outcome {
            assert!(!p.complete, "{} must be incomplete", s.name);
        }
    }
}

/// False claims about closures stay unproved, and are never disproved either (the axioms do
/// not determine the closure, so saturation is no counter-model). Each lemma is checked on its
/// own: in a spec file a lemma is a hypothesis of the lemmas after it.
#[test]
fn false_closure_claims_are_not_proved() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/specs/closure_false.spec");
    let text = std::fs::read_to_string(&path).expect("closure_false.spec");
    let (decls, lemmas): (Vec<&str>, Vec<&str>) =
        text.lines().filter(|l| !l.is_empty()).partition(|l| !l.starts_with("lemma"));
    assert_eq!(lemmas.len(), 7);
    let mut prover = prover();
    prover.limits.given_clauses = Some(5_000);
    for lemma in lemmas {
        let src = format!("{}\n{lemma}\n", decls.join("\n"));
        let mut sources = SourceMap::new();
        let (module, d) = craig::spec::load_spec_str("closure_false.spec", &src, &mut sources);
        let module = module.unwrap_or_else(|| panic!("{lemma}: {d:?}"));
        let root = module.root_file().expect("a root file");
        let goals = module.goals_in(root);
        assert_eq!(goals.len(), 1);
        let r = check_sequent(
            module.hol(),
            &module.sequent(&goals[0]),
            &TranslateOptions::default(),
            &prover,
            "closure_false.spec",
            &ValidityCache::new(),
        );
        assert_eq!(r.verdict, Verdict::GaveUp, "{lemma}");
    }
}

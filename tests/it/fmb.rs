//! Finite-model finding: small satisfiable TPTP problems kept in `tests/data/fmb/` with their
//! expected status, the checker rejecting a corrupted model, and a property test on random tiny
//! clause sets against a brute-force model search written here, without craig's code.

use std::path::PathBuf;

use proptest::prelude::*;

use craig::fmb::check::check_model;
use craig::fmb::{FmbOptions, FmbOutcome, find_model};
use craig::fol::{Clause, Literal, Signature, SymbolKind, TermBank, TermId};
use craig::solve::answer::SzsStatus;
use craig::solve::{FmbSolved, solve_fmb, write_finite_model};

fn data(name: &str) -> PathBuf {
    PathBuf::from("tests/data/fmb").join(name)
}

/// A deterministic budget, as `--steps` gives.
fn options() -> FmbOptions {
    FmbOptions { max_size: 8, ..FmbOptions::from_steps(20_000) }
}

fn solve(name: &str) -> FmbSolved {
    let problem = craig::input::load_problem(&data(name)).expect("the problem loads");
    solve_fmb(problem, &options())
}

fn clauses_of(solved: &FmbSolved) -> Vec<Clause> {
    solved.problem.clauses.iter().map(|c| c.clause.clone()).collect()
}

#[test]
fn satisfiable_problems_get_checked_models_of_the_expected_size() {
    let expected = [
        ("involution.p", SzsStatus::Satisfiable, 2),
        ("successor_cycle.p", SzsStatus::CounterSatisfiable, 3),
        ("SYN320+1.p", SzsStatus::CounterSatisfiable, 3),
        ("LCL354+1.p", SzsStatus::Satisfiable, 3),
        ("KRS028+1.p", SzsStatus::Satisfiable, 2),
        ("NLP119-1.p", SzsStatus::Satisfiable, 2),
        ("MGT033+1.p", SzsStatus::CounterSatisfiable, 2),
        ("chain_conjecture.p", SzsStatus::CounterSatisfiable, 2),
    ];
    for (name, status, size) in expected {
        let solved = solve(name);
        assert_eq!(solved.status, status, "{name}");
        let result = solved.result.as_ref().unwrap();
        let FmbOutcome::Model { model, .. } = &result.outcome else {
            panic!("{name}: no model: {:?}", result.outcome)
        };
        assert_eq!(model.size, size, "{name}");
        // Checked once more here, against the problem's clauses as loaded.
        let report = check_model(
            model,
            &solved.problem.signature,
            &solved.problem.bank,
            &clauses_of(&solved),
        )
        .unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(report.clauses, solved.problem.clauses.len());
    }
}

#[test]
fn problems_without_finite_models_are_never_answered() {
    for name in ["infinite_only.p", "unsatisfiable.p"] {
        let solved = solve(name);
        assert!(
            matches!(solved.status, SzsStatus::GaveUp | SzsStatus::ResourceOut),
            "{name}: {:?}",
            solved.status
        );
    }
}

#[test]
fn the_same_problem_gives_the_same_model_and_counters() {
    let first = solve("LCL354+1.p");
    let second = solve("LCL354+1.p");
    let (a, b) = (first.result.unwrap(), second.result.unwrap());
    assert_eq!(a.outcome, b.outcome);
    assert_eq!(a.stats, b.stats);
}

#[test]
fn the_checker_rejects_a_corrupted_model() {
    // f(f(X)) = X, f(X) != X, p(a), ~p(f(a)) at size 2: every entry of f's table matters.
    let solved = solve("involution.p");
    let FmbOutcome::Model { model, .. } = &solved.result.as_ref().unwrap().outcome else {
        panic!("no model")
    };
    let (signature, bank) = (&solved.problem.signature, &solved.problem.bank);
    let clauses = clauses_of(&solved);
    assert!(check_model(model, signature, bank, &clauses).is_ok());
    let f = signature.lookup("f", 1, SymbolKind::Function).unwrap();
    let p = signature.lookup("p", 1, SymbolKind::Predicate).unwrap();
    let mut fixed_point = model.clone();
    fixed_point.functions.get_mut(&f).unwrap()[0] = 0;
    assert!(check_model(&fixed_point, signature, bank, &clauses).is_err());
    let mut flipped = model.clone();
    for truth in flipped.predicates.get_mut(&p).unwrap() {
        *truth = !*truth;
    }
    assert!(check_model(&flipped, signature, bank, &clauses).is_err());
    let mut out_of_domain = model.clone();
    out_of_domain.functions.get_mut(&f).unwrap()[1] = 7;
    assert!(check_model(&out_of_domain, signature, bank, &clauses).is_err());
    let mut missing = model.clone();
    missing.predicates.clear();
    assert!(check_model(&missing, signature, bank, &clauses).is_err());
}

#[test]
fn the_model_is_printed_in_tptp_finite_interpretation_form() {
    let solved = solve("involution.p");
    let FmbOutcome::Model { model, .. } = &solved.result.as_ref().unwrap().outcome else {
        panic!("no model")
    };
    let mut text = String::new();
    write_finite_model(&solved.problem, model, &mut text);
    let expected = "\
% SZS output start FiniteModel for involution
fof(domain, fi_domain,
    ! [X] : ( X = \"e0\" | X = \"e1\" ) ).
fof(f_f, fi_functors,
    ( f(\"e0\") = \"e1\"
    & f(\"e1\") = \"e0\" ) ).
fof(f_a, fi_functors,
    ( a = \"e0\" ) ).
fof(p_p, fi_predicates,
    ( p(\"e0\")
    & ~ p(\"e1\") ) ).
% SZS output end FiniteModel for involution
";
    assert_eq!(text, expected);
}

// Random tiny clause sets: constants c, d; binary g; predicate r/1; variables X0, X1, X2.

#[derive(Clone, Debug)]
enum T {
    Var(u32),
    C,
    D,
    G(Box<T>, Box<T>),
}

#[derive(Clone, Debug)]
enum Atom {
    R(T),
    Eq(T, T),
}

fn term() -> impl Strategy<Value = T> {
    let leaf = prop_oneof![(0u32..3).prop_map(T::Var), Just(T::C), Just(T::D)];
    prop_oneof![
        3 => leaf.clone(),
        1 => (leaf.clone(), leaf).prop_map(|(s, t)| T::G(Box::new(s), Box::new(t))),
    ]
}

fn atom() -> impl Strategy<Value = Atom> {
    prop_oneof![term().prop_map(Atom::R), (term(), term()).prop_map(|(s, t)| Atom::Eq(s, t))]
}

fn clause_set() -> impl Strategy<Value = Vec<Vec<(bool, Atom)>>> {
    prop::collection::vec(prop::collection::vec((any::<bool>(), atom()), 1..4), 1..6)
}

fn build(set: &[Vec<(bool, Atom)>]) -> (Signature, TermBank, Vec<Clause>) {
    let mut signature = Signature::new();
    let mut bank = TermBank::new();
    let c = signature.intern("c", 0, SymbolKind::Function);
    let d = signature.intern("d", 0, SymbolKind::Function);
    let g = signature.intern("g", 2, SymbolKind::Function);
    let r = signature.intern("r", 1, SymbolKind::Predicate);
    fn lower(
        t: &T,
        s: &Signature,
        bank: &mut TermBank,
        c: craig::fol::SymbolId,
        d: craig::fol::SymbolId,
        g: craig::fol::SymbolId,
    ) -> TermId {
        match t {
            T::Var(v) => bank.var(*v),
            T::C => bank.app(s, c, &[]),
            T::D => bank.app(s, d, &[]),
            T::G(x, y) => {
                let x = lower(x, s, bank, c, d, g);
                let y = lower(y, s, bank, c, d, g);
                bank.app(s, g, &[x, y])
            }
        }
    }
    let mut clauses = Vec::new();
    for literals in set {
        let mut lowered = Vec::new();
        for (positive, atom) in literals {
            lowered.push(match atom {
                Atom::R(t) => {
                    let t = lower(t, &signature, &mut bank, c, d, g);
                    let atom = bank.app(&signature, r, &[t]);
                    Literal::new(atom, bank.true_term(), *positive)
                }
                Atom::Eq(s, t) => {
                    let s = lower(s, &signature, &mut bank, c, d, g);
                    let t = lower(t, &signature, &mut bank, c, d, g);
                    Literal::new(s, t, *positive)
                }
            });
        }
        let (normalized, _) = Clause::new(lowered).normalize_variables(&mut bank);
        clauses.push(normalized);
    }
    (signature, bank, clauses)
}

/// Whether some interpretation of c, d, g and r over 1 or 2 elements satisfies every clause
/// (variables numbered as written, so the sets are checked before normalization).
fn has_model_up_to_two(set: &[Vec<(bool, Atom)>]) -> bool {
    fn eval(t: &T, env: &[usize; 3], c: usize, d: usize, g: &[usize], n: usize) -> usize {
        match t {
            T::Var(v) => env[*v as usize],
            T::C => c,
            T::D => d,
            T::G(x, y) => g[eval(x, env, c, d, g, n) * n + eval(y, env, c, d, g, n)],
        }
    }
    for n in 1..=2usize {
        for c in 0..n {
            for d in 0..n {
                for gi in 0..n.pow((n * n) as u32) {
                    let g: Vec<usize> = (0..n * n).map(|i| (gi / n.pow(i as u32)) % n).collect();
                    for r in 0..(1usize << n) {
                        let all = set.iter().all(|clause| {
                            (0..n.pow(3)).all(|e| {
                                let env = [e % n, (e / n) % n, (e / (n * n)) % n];
                                clause.iter().any(|(positive, atom)| {
                                    let holds = match atom {
                                        Atom::R(t) => r >> eval(t, &env, c, d, &g, n) & 1 == 1,
                                        Atom::Eq(s, t) => {
                                            eval(s, &env, c, d, &g, n) == eval(t, &env, c, d, &g, n)
                                        }
                                    };
                                    holds == *positive
                                })
                            })
                        });
                        if all {
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn models_are_checked_and_small_models_are_found(set in clause_set()) {
        let (signature, bank, clauses) = build(&set);
        let options = FmbOptions { max_size: 3, ..FmbOptions::from_steps(10_000) };
        let result = find_model(&signature, &bank, &clauses, &options);
        let small = has_model_up_to_two(&set);
        match &result.outcome {
            FmbOutcome::Model { model, .. } => {
                prop_assert!(check_model(model, &signature, &bank, &clauses).is_ok());
                if small {
                    prop_assert!(model.size <= 2, "a smaller model exists: {set:?}");
                } else {
                    prop_assert!(model.size > 2, "no model of size 1 or 2 exists: {set:?}");
                }
            }
            FmbOutcome::Unknown(reason) => {
                prop_assert!(!small, "brute force finds a model, fmb does not ({reason:?}): {set:?}");
            }
        }
    }
}

/// `craig prove FILE --steps 2000 --stats --no-schedule --engine ENGINE` as the command line
/// parses it (so every other option takes the command line's default): the single default
/// strategy, as before the schedule.
fn prove_args(file: &str, engine: &str) -> craig::cli::prove::Args {
    use clap::{Args as _, FromArgMatches as _};
    let file = data(file);
    let words = ["prove", "--steps", "2000", "--stats", "--no-schedule", "--engine", engine];
    let command = craig::cli::prove::Args::augment_args(clap::Command::new("prove"));
    let matches = command
        .get_matches_from(words.into_iter().map(std::ffi::OsString::from).chain([file.into()]));
    craig::cli::prove::Args::from_arg_matches(&matches).expect("the arguments parse")
}

fn run_prove(args: &craig::cli::prove::Args) -> String {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = craig::cli::prove::run(args, &mut out, &mut err).unwrap();
    assert_eq!(code, 0);
    assert!(err.is_empty(), "{}", String::from_utf8_lossy(&err));
    String::from_utf8(out).unwrap()
}

#[test]
fn the_fmb_engine_prints_status_model_and_counters() {
    let out = run_prove(&prove_args("successor_cycle.p", "fmb"));
    assert!(out.starts_with("% SZS status CounterSatisfiable for successor_cycle\n"), "{out}");
    assert!(out.contains("% SZS output start FiniteModel for successor_cycle"), "{out}");
    assert!(out.contains("% SZS output end FiniteModel for successor_cycle"), "{out}");
    assert!(out.contains("% fmb: ") && out.contains("sizes-tried 3"), "{out}");
}

#[test]
fn the_default_engine_falls_back_to_model_finding_when_the_prover_gives_up() {
    // The prover derives p(f^k(a)) for every k and never saturates; finite-model finding then
    // answers with a checked 2-element model.
    let mut args = prove_args("growing_chain.p", "superposition");
    args.steps = Some(200);
    let out = run_prove(&args);
    assert!(out.starts_with("% SZS status Satisfiable for growing_chain\n"), "{out}");
    assert!(out.contains("% model checked: "), "{out}");
    args.no_fmb = true;
    let out = run_prove(&args);
    assert!(out.starts_with("% SZS status ResourceOut for growing_chain\n"), "{out}");
    assert!(!out.contains("FiniteModel"), "{out}");
}

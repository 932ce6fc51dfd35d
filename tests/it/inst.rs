//! The instantiation engine (`craig::inst`) end to end: FuncTree obligations that superposition
//! gives up on are refuted within deterministic limits, the answers do not depend on anything
//! but the input, and on random small clause sets every refutation is confirmed by two
//! independent means (craig's superposition prover does not saturate the set, and no model of
//! size 1 or 2 exists).

use std::path::PathBuf;

use proptest::prelude::*;

use craig::fol::{
    Clause, InputClause, InputSource, Literal, Problem, Role, Signature, SymbolKind, TermBank,
    TermId,
};
use craig::inst::{InstOptions, InstOutcome, refute};
use craig::prover::ProverOptions;
use craig::solve::answer::SzsStatus;
use craig::solve::{solve_instantiation, solve_problem};

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/inst").join(name)
}

/// The copied obligations (see `tests/data/inst/README.md`).
const OBLIGATIONS: &[&str] = &[
    "FuncTree_add1_2.p",
    "FuncTree_add1_28.p",
    "FuncTree_update1_27.p",
    "FuncTree_remove1_102.p",
    "FuncTree_remove_max1_29.p",
    "FuncTree_min1_23.p",
];

#[test]
fn functree_obligations_are_refuted_by_instantiation() {
    for name in OBLIGATIONS {
        let problem = craig::input::load_problem(&data(name)).expect("the copied problem loads");
        let solved = solve_instantiation(problem, &InstOptions::default());
        assert_eq!(solved.status, SzsStatus::Unsatisfiable, "{name}: {:?}", solved.result.outcome);
        let InstOutcome::Unsat { core } = &solved.result.outcome else { unreachable!() };
        // The negated conjecture takes part in every refutation.
        assert!(
            core.iter().any(|&i| solved.problem.clauses[i].source.role.is_goal()),
            "{name}: the core has no clause of the negated conjecture"
        );
        assert!(solved.result.stats.instances <= InstOptions::default().max_instances as u64);
    }
}

#[test]
fn instantiation_answers_are_deterministic() {
    let run = || {
        let problem = craig::input::load_problem(&data("FuncTree_add1_28.p")).unwrap();
        let solved = solve_instantiation(problem, &InstOptions::default());
        (solved.result.outcome.clone(), solved.result.stats)
    };
    assert_eq!(run(), run());
}

#[test]
fn a_tight_instance_limit_gives_up_instead_of_answering() {
    let problem = craig::input::load_problem(&data("FuncTree_add1_28.p")).unwrap();
    let options = InstOptions { max_instances: 10, ..InstOptions::default() };
    let solved = solve_instantiation(problem, &options);
    assert_eq!(solved.status, SzsStatus::GaveUp);
    assert_eq!(solved.result.stats.instances, 10);
}

#[test]
fn the_command_line_engine_prints_a_checked_status() {
    // Parsed as the command line parses it, so every other option takes its default; the
    // single default strategy, as before the schedule.
    use clap::{Args as _, FromArgMatches as _};
    let words = ["prove", "--steps", "5000", "--core", "--stats", "--no-schedule"];
    let words =
        words.into_iter().chain(["--engine", "instantiation"]).map(std::ffi::OsString::from);
    let command = craig::cli::prove::Args::augment_args(clap::Command::new("prove"));
    let matches = command.get_matches_from(words.chain([data("FuncTree_min1_23.p").into()]));
    let args = craig::cli::prove::Args::from_arg_matches(&matches).expect("the arguments parse");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = craig::cli::prove::run(&args, &mut out, &mut err).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(code, 0);
    assert!(out.contains("% SZS status Unsatisfiable for FuncTree_min1_23"), "{out}");
    assert!(out.contains("% refutation checked"), "{out}");
    assert!(out.contains("rounds ") && out.contains("instances "), "{out}");
    assert!(err.is_empty());
}

// Random small clause sets: constants a, b; unary f; predicates p/1 and q/2; variables X0, X1;
// terms of depth at most 2.

#[derive(Clone, Debug)]
enum T {
    Var(u32),
    A,
    B,
    F(Box<T>),
}

#[derive(Clone, Debug)]
enum Atom {
    P(T),
    Q(T, T),
    Eq(T, T),
}

fn term() -> impl Strategy<Value = T> {
    let leaf = prop_oneof![(0u32..2).prop_map(T::Var), Just(T::A), Just(T::B)];
    prop_oneof![3 => leaf.clone(), 1 => leaf.prop_map(|t| T::F(Box::new(t)))]
}

fn atom() -> impl Strategy<Value = Atom> {
    prop_oneof![
        term().prop_map(Atom::P),
        (term(), term()).prop_map(|(s, t)| Atom::Q(s, t)),
        (term(), term()).prop_map(|(s, t)| Atom::Eq(s, t)),
    ]
}

fn clause_set() -> impl Strategy<Value = Vec<Vec<(bool, Atom)>>> {
    prop::collection::vec(prop::collection::vec((any::<bool>(), atom()), 1..4), 1..7)
}

struct Built {
    signature: Signature,
    bank: TermBank,
    clauses: Vec<Clause>,
}

fn build(set: &[Vec<(bool, Atom)>]) -> Built {
    let mut signature = Signature::new();
    let mut bank = TermBank::new();
    let a = signature.intern("a", 0, SymbolKind::Function);
    let b = signature.intern("b", 0, SymbolKind::Function);
    let f = signature.intern("f", 1, SymbolKind::Function);
    let p = signature.intern("p", 1, SymbolKind::Predicate);
    let q = signature.intern("q", 2, SymbolKind::Predicate);
    fn lower(t: &T, s: &Signature, bank: &mut TermBank, syms: [craig::fol::SymbolId; 3]) -> TermId {
        match t {
            T::Var(v) => bank.var(*v),
            T::A => bank.app(s, syms[0], &[]),
            T::B => bank.app(s, syms[1], &[]),
            T::F(u) => {
                let u = lower(u, s, bank, syms);
                bank.app(s, syms[2], &[u])
            }
        }
    }
    let syms = [a, b, f];
    let mut clauses = Vec::new();
    for c in set {
        let mut literals = Vec::new();
        for (positive, atom) in c {
            let literal = match atom {
                Atom::P(t) => {
                    let t = lower(t, &signature, &mut bank, syms);
                    let atom = bank.app(&signature, p, &[t]);
                    Literal::new(atom, bank.true_term(), *positive)
                }
                Atom::Q(s, t) => {
                    let s = lower(s, &signature, &mut bank, syms);
                    let t = lower(t, &signature, &mut bank, syms);
                    let atom = bank.app(&signature, q, &[s, t]);
                    Literal::new(atom, bank.true_term(), *positive)
                }
                Atom::Eq(s, t) => {
                    let s = lower(s, &signature, &mut bank, syms);
                    let t = lower(t, &signature, &mut bank, syms);
                    Literal::new(s, t, *positive)
                }
            };
            literals.push(literal);
        }
        let (normalized, _) = Clause::new(literals).normalize_variables(&mut bank);
        clauses.push(normalized);
    }
    Built { signature, bank, clauses }
}

/// Whether some interpretation over a domain of size 1 or 2 satisfies every clause, by
/// enumeration (a, b, f's table, p's and q's tables), written without any craig code.
fn has_small_model(set: &[Vec<(bool, Atom)>]) -> bool {
    fn eval(t: &T, env: &[usize; 2], a: usize, b: usize, f: &[usize]) -> usize {
        match t {
            T::Var(v) => env[*v as usize],
            T::A => a,
            T::B => b,
            T::F(u) => f[eval(u, env, a, b, f)],
        }
    }
    for n in 1..=2usize {
        let f_tables = n.pow(n as u32);
        for a in 0..n {
            for b in 0..n {
                for fi in 0..f_tables {
                    let f: Vec<usize> = (0..n).map(|i| (fi / n.pow(i as u32)) % n).collect();
                    for p in 0..(1usize << n) {
                        for q in 0..(1usize << (n * n)) {
                            let holds = |atom: &Atom, env: &[usize; 2]| match atom {
                                Atom::P(t) => p >> eval(t, env, a, b, &f) & 1 == 1,
                                Atom::Q(s, t) => {
                                    let (x, y) = (eval(s, env, a, b, &f), eval(t, env, a, b, &f));
                                    q >> (x * n + y) & 1 == 1
                                }
                                Atom::Eq(s, t) => eval(s, env, a, b, &f) == eval(t, env, a, b, &f),
                            };
                            let all = set.iter().all(|c| {
                                (0..n).all(|x| {
                                    (0..n).all(|y| {
                                        let env = [x, y];
                                        c.iter().any(|(pos, atom)| holds(atom, &env) == *pos)
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
    }
    false
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn refutations_are_confirmed_independently(set in clause_set()) {
        let mut built = build(&set);
        let options = InstOptions { max_rounds: 12, max_instances: 400, ..InstOptions::default() };
        let result = refute(&built.signature, &mut built.bank, &built.clauses, &options);
        if let InstOutcome::Unsat { core } = &result.outcome {
            prop_assert!(!has_small_model(&set), "a model of size 1 or 2 exists: {set:?}");
            let problem = Problem {
                name: "random".to_string(),
                signature: built.signature.clone(),
                bank: built.bank.clone(),
                clauses: built
                    .clauses
                    .iter()
                    .enumerate()
                    .map(|(i, c)| InputClause {
                        clause: c.clone(),
                        source: InputSource::input(format!("c{i}"), "random", Role::Axiom, false),
                    })
                    .collect(),
                has_conjecture: false,
                complete: true,
                sort_decisions: Vec::new(),
            };
            let mut prover = ProverOptions::default();
            prover.limits.given_clauses = Some(2_000);
            let solved = solve_problem(problem, prover, true);
            // This check found a prover gap (no superposition from an equation's bare variable
            // side, so `~q(a,X), q(b,a), X = f(a)` saturated as "satisfiable"); fixed, and kept
            // as a prover unit test.
            prop_assert!(
                solved.status != SzsStatus::Satisfiable,
                "the prover saturated a set instantiation refuted: {set:?}"
            );
            prop_assert!(core.iter().all(|&i| i < built.clauses.len()));
        }
    }
}

//! Craig interpolation end to end: hand-made A/B splits (propositional with both systems, EUF,
//! quantified), sequences, error cases, random propositional splits checked by truth tables, and
//! the `craig interpolate` command on the example files.

use std::collections::BTreeMap;
use std::process::Command;

use craig::fol::formula::Formula;
use craig::input::parse_problem;
use craig::interpolate::formula::{symbols, to_tptp};
use craig::interpolate::tptp_split::{check_declarations, read_split};
use craig::interpolate::{
    InterpolateError, InterpolateOptions, Interpolation, Method, System, interpolate,
    interpolate_sequence,
};
use proptest::prelude::*;

fn options(systems: Vec<System>) -> InterpolateOptions {
    InterpolateOptions { systems, ..InterpolateOptions::default() }
}

fn run(text: &str, systems: Vec<System>) -> Result<Interpolation, InterpolateError> {
    let split = read_split(text, "test.p", "test")?;
    check_declarations(&split)?;
    interpolate(&split.problem, &split.sides, &options(systems))
}

fn symbol_names(f: &Formula) -> Vec<String> {
    symbols(f).into_iter().map(|(name, _, _)| name).collect()
}

/// Every interpolant returned is verified, raw and (when present) simplified.
fn assert_all_verified(result: &Interpolation) {
    for i in &result.interpolants {
        assert!(
            i.raw.is_verified(),
            "raw {} not verified: {:?}",
            to_tptp(&i.raw.formula),
            i.raw.verdict
        );
        if let Some(s) = &i.simplified {
            assert!(s.is_verified(), "simplified {} not verified", to_tptp(&s.formula));
        }
        assert!(i.best().is_some());
    }
}

const PROPOSITIONAL: &str = "
vampire(left_formula).
cnf(a1, axiom, a1 | s1).
cnf(a2, axiom, ~a1 | s2).
cnf(a3, axiom, s3).
vampire(end_formula).
vampire(right_formula).
cnf(b1, axiom, ~s1 | b1).
cnf(b2, axiom, ~b1).
cnf(b3, axiom, ~s2 | ~s3).
vampire(end_formula).
";

#[test]
fn mcmillan_and_pudlak_differ_and_both_verify() {
    let result = run(PROPOSITIONAL, vec![System::McMillan, System::Pudlak]).unwrap();
    assert_all_verified(&result);
    assert_eq!(result.interpolants.len(), 2);
    assert_eq!(result.interpolants[0].method, Method::Resolution(System::McMillan));
    assert_eq!(result.interpolants[1].method, Method::Resolution(System::Pudlak));
    let mcmillan = to_tptp(&result.interpolants[0].raw.formula);
    let pudlak = to_tptp(&result.interpolants[1].raw.formula);
    assert_eq!(mcmillan, "s1 | (s2 & s3)");
    assert_eq!(pudlak, "s1 | (s2 & (~s2 | s3))");
    // Equality saturation removes the redundant `~s2` of Pudlák's interpolant.
    let simplified = result.interpolants[1].simplified.as_ref().unwrap();
    assert_eq!(to_tptp(&simplified.formula), "s1 | (s2 & s3)");
    for i in &result.interpolants {
        assert_eq!(symbol_names(&i.raw.formula), ["s1", "s2", "s3"]);
        assert_eq!(i.partials.len(), result.proof.proof_steps);
    }
}

#[test]
fn euf_interpolant_avoids_the_local_constant() {
    let text = "
vampire(left_formula).
fof(a1, axiom, f(a) = b).
fof(a2, axiom, a = c).
vampire(end_formula).
vampire(right_formula).
fof(b1, axiom, f(c) != b).
vampire(end_formula).
";
    // The prover's local refutation, asked for directly.
    let split = read_split(text, "test.p", "test").unwrap();
    let local = InterpolateOptions { ground_smt: false, ..options(vec![System::McMillan]) };
    let result = interpolate(&split.problem, &split.sides, &local).unwrap();
    assert_all_verified(&result);
    let best = result.interpolants[0].best().unwrap();
    assert_eq!(result.interpolants[0].method, Method::LocalProof);
    assert!(!symbol_names(&best.formula).contains(&"a".to_string()));
    assert_eq!(to_tptp(&best.formula), "f(c) = b");
    // By default a ground split goes to the SMT engine first: the same equation, checked
    // again by the prover.
    let result = run(text, vec![System::McMillan]).unwrap();
    assert_all_verified(&result);
    assert_eq!(result.interpolants[0].method, Method::Smt);
    let best = result.interpolants[0].best().unwrap();
    assert_eq!(to_tptp(&best.formula), "b = f(c)");
}

/// A ground split with predicates, Boolean constants and a disjunction on each side goes to
/// the SMT engine and comes back over the problem's own symbols; one that is not ground (or
/// has a background theory) goes to the prover as before.
#[test]
fn ground_splits_go_to_the_smt_engine_and_others_to_the_prover() {
    let ground = "
vampire(left_formula).
fof(a1, axiom, p(a) | q).
fof(a2, axiom, ~q | f(a) = s).
fof(a3, axiom, p(a) => g(s) = t).
fof(a4, axiom, ~p(a) => g(s) = t).
vampire(end_formula).
vampire(right_formula).
fof(b1, axiom, h(t) != h(g(s)) | r).
fof(b2, axiom, ~r).
vampire(end_formula).
";
    let result = run(ground, vec![System::McMillan]).unwrap();
    assert_all_verified(&result);
    assert_eq!(result.interpolants[0].method, Method::Smt);
    let best = result.interpolants[0].best().unwrap();
    for name in symbol_names(&best.formula) {
        assert!(["g", "s", "t"].contains(&name.as_str()), "unexpected symbol {name}");
    }
    let quantified = "
vampire(left_formula).
fof(a1, axiom, ![X]: f(X) = s).
vampire(end_formula).
vampire(right_formula).
fof(b1, axiom, f(b) != s).
vampire(end_formula).
";
    let result = run(quantified, vec![System::McMillan]).unwrap();
    assert_all_verified(&result);
    assert_eq!(result.interpolants[0].method, Method::LocalProof);
}

#[test]
fn quantified_interpolant_uses_only_the_shared_predicate() {
    let text = "
vampire(left_formula).
fof(a1, axiom, ![X]: (p(X) => q(X))).
fof(a2, axiom, p(a)).
vampire(end_formula).
vampire(right_formula).
fof(b1, axiom, ![X]: (~q(X) | r(X))).
fof(b2, axiom, ![X]: ~r(X)).
vampire(end_formula).
";
    let result = run(text, vec![]).unwrap();
    assert_all_verified(&result);
    let best = result.interpolants[0].best().unwrap();
    assert_eq!(symbol_names(&best.formula), ["q"]);
    let v = best.verdict.as_ref().unwrap();
    assert!(v.entailed_by_a.steps_checked > 0 && v.refutes_b.steps_checked > 0);
}

#[test]
fn skolem_symbols_are_local_to_their_side() {
    // The witness of `?[X]: (p(X) & q(X))` is a Skolem constant local to A.
    let text = "
vampire(left_formula).
fof(a1, axiom, ?[X]: (p(X) & h(X) = c)).
fof(a2, axiom, ![X]: (p(X) => q(X))).
vampire(end_formula).
vampire(right_formula).
fof(b1, axiom, ![X]: (q(X) => h(X) != c)).
vampire(end_formula).
";
    let result = run(text, vec![]).unwrap();
    assert_all_verified(&result);
    let best = result.interpolants[0].best().unwrap();
    for name in symbol_names(&best.formula) {
        assert!(["q", "h", "c"].contains(&name.as_str()), "unexpected symbol {name}");
    }
}

#[test]
fn conjecture_goes_to_b() {
    let text = "
vampire(left_formula).
fof(a1, axiom, x = y).
fof(a2, axiom, g(x) = z).
vampire(end_formula).
fof(goal, conjecture, g(y) = z).
";
    let result = run(text, vec![]).unwrap();
    assert_all_verified(&result);
    assert_eq!(to_tptp(&result.interpolants[0].best().unwrap().formula), "z = g(y)");
}

#[test]
fn satisfiable_split_is_an_error() {
    let text = "
vampire(left_formula).
cnf(a1, axiom, p | q).
vampire(end_formula).
vampire(right_formula).
cnf(b1, axiom, ~p).
vampire(end_formula).
";
    assert!(matches!(run(text, vec![System::McMillan]), Err(InterpolateError::Satisfiable)));
    let equational = "
vampire(left_formula).
fof(a1, axiom, f(a) = b).
vampire(end_formula).
vampire(right_formula).
fof(b1, axiom, f(c) != b).
vampire(end_formula).
";
    assert!(matches!(run(equational, vec![]), Err(InterpolateError::Satisfiable)));
}

#[test]
fn empty_side_is_an_error() {
    let text = "
vampire(left_formula).
cnf(a1, axiom, p).
cnf(a2, axiom, ~p).
vampire(end_formula).
";
    let err = run(text, vec![System::McMillan]).unwrap_err();
    assert!(matches!(err, InterpolateError::EmptySide(ref s) if s == "side B"), "{err}");
    assert_eq!(err.exit_code(), 4);
}

#[test]
fn symbol_in_both_colours_is_an_error() {
    let text = "
vampire(left_formula).
cnf(a1, axiom, q).
vampire(end_formula).
vampire(right_formula).
cnf(b1, axiom, ~q).
vampire(end_formula).
vampire(symbol, predicate, q, 0, left).
vampire(symbol, predicate, q, 0, right).
";
    let err = run(text, vec![System::McMillan]).unwrap_err();
    assert!(err.to_string().contains("declared both left and right"), "{err}");
    assert_eq!(err.exit_code(), 5);
    let disagreeing = text.replace("vampire(symbol, predicate, q, 0, right).", "");
    let err = run(&disagreeing, vec![System::McMillan]).unwrap_err();
    assert!(err.to_string().contains("occurs in `b1` on the other side"), "{err}");
}

#[test]
fn directives_are_blanked_without_moving_positions() {
    // An input error after the directives is still reported at its own line.
    let text = "vampire(left_formula).\ncnf(a1, axiom, p).\nvampire(end_formula).\ncnf(b1, axiom, ~p ||).\n";
    let err = read_split(text, "test.p", "test").unwrap_err();
    assert!(err.to_string().contains("test.p:4"), "{err}");
}

fn sequence_problem(text: &str, n: usize) -> (craig::fol::Problem, Vec<usize>) {
    let problem = parse_problem(text, "seq.p", "seq", &[]).unwrap();
    // Formula `pK_...` belongs to part K (1-based).
    let parts = problem
        .clauses
        .iter()
        .map(|c| {
            let digit = c.source.name.chars().nth(1).unwrap().to_digit(10).unwrap() as usize;
            assert!(digit >= 1 && digit <= n);
            digit - 1
        })
        .collect();
    (problem, parts)
}

#[test]
fn equational_sequence_interpolants_are_inductive() {
    let text = "
fof(p1_1, axiom, a = b).
fof(p2_1, axiom, b = c).
fof(p3_1, axiom, c = d).
fof(p4_1, axiom, a != d).
";
    let (problem, parts) = sequence_problem(text, 4);
    let result = interpolate_sequence(&problem, &parts, 4, &options(vec![])).unwrap();
    assert_eq!(result.raw.len(), 3);
    assert_eq!(result.raw_checks.len(), 4);
    assert!(result.raw_checks.iter().all(|c| c.steps_checked > 0));
    // Each I_k speaks only of symbols on both sides of cut k.
    let allowed: [&[&str]; 3] = [&["a", "b"], &["a", "c"], &["a", "d"]];
    for (f, allowed) in result.raw.iter().zip(allowed) {
        for name in symbol_names(f) {
            assert!(allowed.contains(&name.as_str()), "{} uses {name}", to_tptp(f));
        }
    }
    assert_eq!(result.partials.len(), 3);
}

#[test]
fn propositional_sequence_interpolants() {
    let text = "
cnf(p1_1, axiom, p).
cnf(p2_1, axiom, ~p | q).
cnf(p3_1, axiom, ~q | r).
cnf(p4_1, axiom, ~r).
";
    let (problem, parts) = sequence_problem(text, 4);
    let result = interpolate_sequence(&problem, &parts, 4, &options(vec![])).unwrap();
    let shown: Vec<String> = result.simplified.as_ref().unwrap().0.iter().map(to_tptp).collect();
    assert_eq!(shown, ["p", "q", "r"]);
    let mut text = String::new();
    craig::interpolate::report::write_sequence(&result, &mut text);
    assert!(
        text.starts_with("fof(interpolant_1, plain, p).\nfof(interpolant_2, plain, q).\n"),
        "{text}"
    );
    assert!(text.contains("% verified I3 & A4 |= I4: "), "{text}");
}

#[test]
fn sequence_with_an_empty_part_is_an_error() {
    let text = "cnf(p1_1, axiom, p).\ncnf(p3_1, axiom, ~p).\n";
    let (problem, parts) = sequence_problem(text, 3);
    let err = interpolate_sequence(&problem, &parts, 3, &options(vec![])).unwrap_err();
    assert!(matches!(err, InterpolateError::EmptySide(ref s) if s == "part 2"), "{err}");
}

// ---------------------------------------------------------------------------------------------
// Random propositional splits, checked by truth tables.

const A_ATOMS: &[&str] = &["a0", "a1"];
const SHARED_ATOMS: &[&str] = &["s0", "s1", "s2"];
const B_ATOMS: &[&str] = &["b0", "b1"];

fn all_atoms() -> Vec<&'static str> {
    A_ATOMS.iter().chain(SHARED_ATOMS).chain(B_ATOMS).copied().collect()
}

type RandomClause = Vec<(usize, bool)>;

fn clause_true(clause: &RandomClause, atoms: &[&str], v: &BTreeMap<String, bool>) -> bool {
    clause.iter().any(|&(i, positive)| v[atoms[i]] == positive)
}

fn eval(f: &Formula, v: &BTreeMap<String, bool>) -> bool {
    match f {
        Formula::True => true,
        Formula::False => false,
        Formula::Atom(p, _) => v[p.as_str()],
        Formula::Not(g) => !eval(g, v),
        Formula::And(gs) => gs.iter().all(|g| eval(g, v)),
        Formula::Or(gs) => gs.iter().any(|g| eval(g, v)),
        Formula::Implies(g, h) => !eval(g, v) || eval(h, v),
        Formula::Iff(g, h) => eval(g, v) == eval(h, v),
        Formula::Xor(g, h) => eval(g, v) != eval(h, v),
        other => panic!("not propositional: {other:?}"),
    }
}

fn assignments() -> Vec<BTreeMap<String, bool>> {
    let atoms = all_atoms();
    (0..1u32 << atoms.len())
        .map(|bits| {
            atoms.iter().enumerate().map(|(i, a)| (a.to_string(), bits >> i & 1 == 1)).collect()
        })
        .collect()
}

fn side_clauses(local: &'static [&'static str]) -> impl Strategy<Value = Vec<RandomClause>> {
    let atoms = local.len() + SHARED_ATOMS.len();
    prop::collection::vec(prop::collection::vec((0..atoms, any::<bool>()), 1..3), 2..8)
}

fn write_side(clauses: &[RandomClause], atoms: &[&str], prefix: &str, out: &mut String) {
    for (j, c) in clauses.iter().enumerate() {
        let literals: Vec<String> = c
            .iter()
            .map(|&(i, positive)| format!("{}{}", if positive { "" } else { "~" }, atoms[i]))
            .collect();
        out.push_str(&format!("cnf({prefix}{j}, axiom, {}).\n", literals.join(" | ")));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_propositional_interpolants_pass_truth_tables(
        a in side_clauses(A_ATOMS),
        b in side_clauses(B_ATOMS),
    ) {
        // A clause with complementary literals is dropped by the reader; a side made only of
        // such clauses would be empty, which is a different error.
        let tautology = |c: &RandomClause| c.iter().any(|&(i, p)| c.contains(&(i, !p)));
        let a: Vec<RandomClause> = a.into_iter().filter(|c| !tautology(c)).collect();
        let b: Vec<RandomClause> = b.into_iter().filter(|c| !tautology(c)).collect();
        prop_assume!(!a.is_empty() && !b.is_empty());
        let a_atoms: Vec<&str> = A_ATOMS.iter().chain(SHARED_ATOMS).copied().collect();
        let b_atoms: Vec<&str> = B_ATOMS.iter().chain(SHARED_ATOMS).copied().collect();
        let table = assignments();
        let satisfiable = table.iter().any(|v| {
            a.iter().all(|c| clause_true(c, &a_atoms, v)) && b.iter().all(|c| clause_true(c, &b_atoms, v))
        });
        let mut text = String::from("vampire(left_formula).\n");
        write_side(&a, &a_atoms, "a", &mut text);
        text.push_str("vampire(end_formula).\nvampire(right_formula).\n");
        write_side(&b, &b_atoms, "b", &mut text);
        text.push_str("vampire(end_formula).\n");
        let result = run(&text, vec![System::McMillan, System::Pudlak]);
        if satisfiable {
            prop_assert!(matches!(result, Err(InterpolateError::Satisfiable)), "{text}");
            // Counted as a rejection, so that every one of the cases is an unsatisfiable split.
            prop_assume!(false);
        }
        let result = result.map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        for interpolant in &result.interpolants {
            let best = interpolant.best().expect("verified");
            for f in [&interpolant.raw.formula, &best.formula] {
                for v in &table {
                    let in_a = a.iter().all(|c| clause_true(c, &a_atoms, v));
                    let in_b = b.iter().all(|c| clause_true(c, &b_atoms, v));
                    prop_assert!(!in_a || eval(f, v), "A does not imply {}\n{text}", to_tptp(f));
                    prop_assert!(!(in_b && eval(f, v)), "{} is consistent with B\n{text}", to_tptp(f));
                }
                for name in symbol_names(f) {
                    prop_assert!(SHARED_ATOMS.contains(&name.as_str()), "{name} in {}", to_tptp(f));
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The command line on the example files.

fn example(name: &str) -> String {
    format!("{}/examples/interpolation/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn craig(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_craig")).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn cli_prints_verified_interpolants() {
    let (code, out, _) = craig(&["interpolate", &example("euf.p")]);
    assert_eq!(code, 0);
    assert!(out.starts_with("fof(interpolant, plain, b = f(c)).\n% smt,"), "{out}");
    assert!(out.contains("% verified A |= I:"), "{out}");
    assert!(out.contains("% verified I & B |= $false:"), "{out}");
    let (code, out, _) = craig(&["interpolate", &example("euf.p"), "--local-proof"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("fof(interpolant, plain, f(c) = b).\n% local-proof,"), "{out}");
    let (code, out, _) =
        craig(&["interpolate", &example("propositional.p"), "--system", "both", "--raw"]);
    assert_eq!(code, 0);
    assert!(out.contains("fof(interpolant_mcmillan, plain, s1 | (s2 & s3))."), "{out}");
    assert!(out.contains("fof(interpolant_pudlak_raw, plain, s1 | (s2 & (~s2 | s3)))."), "{out}");
    let (code, out, _) = craig(&["interpolate", &example("pets.p")]);
    assert_eq!(code, 0);
    assert!(out.starts_with("fof(interpolant, plain, owns(cy,cat)).\n"), "{out}");
    for file in ["quantified.p", "goal.p"] {
        let (code, out, err) = craig(&["interpolate", &example(file), "--time-limit", "5"]);
        assert_eq!(code, 0, "{file}: {err}");
        assert!(out.contains("fof(interpolant, plain, "), "{out}");
    }
}

#[test]
fn cli_error_exit_codes() {
    let (code, out, err) = craig(&["interpolate", &example("satisfiable.p")]);
    assert_eq!((code, out.as_str()), (3, ""));
    assert!(err.contains("satisfiable"), "{err}");
    let (code, _, err) = craig(&["interpolate", &example("both_colours.p")]);
    assert_eq!(code, 5);
    assert!(err.contains("declared both left and right"), "{err}");
    let (code, _, _) = craig(&["interpolate", &example("no_such_file.p")]);
    assert_eq!(code, 2);
}

/// The given clauses of the refutation an answer was read from.
fn refutation_given_clauses(out: &str) -> u64 {
    let line = out.lines().find(|l| l.starts_with("% refutation: ")).expect("a refutation line");
    let figures = line.rsplit("; ").next().unwrap();
    figures.split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn vampire_files_are_read_as_vampire_reads_them() {
    // (file, interpolant, background theory present)
    let cases = [
        ("colour_aware.p", "?[X0,X1]: f(X0) != f(X1)", false),
        ("arith_successor.p", "y = plus(x,s(zero))", true),
        ("arith_order.p", "~greater(y,x)", true),
        ("arith_plus.p", "x = plus(s(zero),s(zero))", true),
        ("vampire_style.p", "![X0]: (greater(zero,X0) | greater(X0,x))", true),
    ];
    for (file, interpolant, background) in cases {
        let (code, out, err) = craig(&["interpolate", &example(file)]);
        assert_eq!(code, 0, "{file}: {err}");
        assert!(
            out.lines().any(|l| l == format!("fof(interpolant, plain, {interpolant}).")),
            "{file}: {out}"
        );
        let (a, b) = if background { ("A & T", "I & B & T") } else { ("A", "I & B") };
        assert!(out.contains(&format!("% verified {a} |= I: ")), "{file}: {out}");
        assert!(out.contains(&format!("% verified {b} |= $false: ")), "{file}: {out}");
        assert_eq!(out.contains("% background theory T, on both sides"), background, "{file}");
        // Found in the first round of attempts (at most 1000 given clauses each), not by
        // waiting out the time limit of attempts whose ordering cannot give a local refutation.
        assert!(refutation_given_clauses(&out) <= 1000, "{file}: {out}");
    }
    let (_, out, _) = craig(&["interpolate", &example("colour_aware.p")]);
    assert!(out.contains("% refutation: LPO, local symbols on top"), "{out}");
    let (_, out, _) = craig(&["interpolate", &example("arith_order.p")]);
    assert!(out.contains("warning: fof `trichotomy` has free variables X, Y"), "{out}");
    assert!(out.contains("option show_interpolant = minimized"), "{out}");
    assert!(out.contains("option time_limit = 5 ignored"), "{out}");
    let (_, out, _) = craig(&["interpolate", &example("vampire_style.p")]);
    assert!(out.contains("read with Vampire's connective precedence"), "{out}");
    assert!(out.contains("greater_transitive:10, a:12, a:13"), "{out}");
    let (code, out, err) = craig(&["interpolate", &example("mixed_outside.p")]);
    assert_eq!((code, out.as_str()), (5, ""));
    assert!(err.contains("mixed_outside.p:11: formula `bridge` is outside the sections"), "{err}");
}

#[test]
fn an_interpolant_asked_as_built_is_not_simplified() {
    let text = "vampire(option, show_interpolant, on).\n".to_string() + PROPOSITIONAL;
    let dir = std::env::temp_dir().join(format!("craig-interpolation-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("as_built.p");
    std::fs::write(&path, text).unwrap();
    let (code, out, err) = craig(&["interpolate", path.to_str().unwrap(), "--system", "pudlak"]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 0, "{err}");
    // Pudlák's interpolant as read off the proof keeps its redundant `~s2`.
    assert!(out.contains("fof(interpolant, plain, s1 | (s2 & (~s2 | s3)))."), "{out}");
    assert!(out.contains("% pudlak, as read off the refutation"), "{out}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Whatever the directives and statements, reading a marked-up file answers or errs, and
    /// never panics.
    #[test]
    fn reading_marked_up_files_never_panics(
        pieces in proptest::collection::vec(
            prop_oneof![
                Just("vampire(left_formula).".to_string()),
                Just("vampire(right_formula).".to_string()),
                Just("vampire(end_formula).".to_string()),
                Just("vampire(option, show_interpolant, minimized).".to_string()),
                Just("vampire(symbol, predicate, p, 1, left).".to_string()),
                Just("vampire(symbol, function, c, 0, right).".to_string()),
                Just("vampire(".to_string()),
                Just("fof(a, axiom, p(X) & q => r(c)).".to_string()),
                Just("fof(a, axiom, X != c | (p(X) <=> ~ q)).".to_string()),
                Just("fof(b, hypothesis, ![X]: (p(X) => X = c)).".to_string()),
                Just("cnf(c, axiom, ~p(X) | r(X)).".to_string()),
                Just("fof(g, conjecture, ?[Y]: p(Y)).".to_string()),
                "[ -~\n]{0,20}",
            ],
            0..10,
        )
    ) {
        let text = pieces.join("\n");
        if let Ok(split) = read_split(&text, "t.p", "t") {
            prop_assert_eq!(split.sides.len(), split.problem.clauses.len());
            let _ = check_declarations(&split);
        }
    }

    /// Making Vampire's precedence explicit never panics, and reading the result again changes
    /// nothing.
    #[test]
    fn parenthesising_never_panics_and_is_idempotent(text in "[pq()&|~=>< !?\\[\\]:X,]{0,24}") {
        if let Some(read) = craig::interpolate::precedence::parenthesise(&text) {
            let again = craig::interpolate::precedence::parenthesise(&read);
            prop_assert_eq!(again.as_deref(), Some(read.as_str()));
        }
    }
}

#[test]
fn interpolants_that_cannot_be_verified_are_not_returned() {
    // With no time for the verification refutations, nothing passes, so nothing is handed out.
    let split = read_split(PROPOSITIONAL, "test.p", "test").unwrap();
    let options = InterpolateOptions {
        check_time_limit: std::time::Duration::ZERO,
        ..options(vec![System::McMillan])
    };
    let err = interpolate(&split.problem, &split.sides, &options).unwrap_err();
    assert!(matches!(err, InterpolateError::Unverified(_)), "{err}");
    assert!(err.to_string().contains("not verified"), "{err}");
    assert_eq!(err.exit_code(), 7);
}

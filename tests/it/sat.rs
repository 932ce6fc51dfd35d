//! The SAT solver against brute force on random small CNFs: answers, models, checked proofs,
//! assumptions and cores; pigeonhole refutations; determinism; limits; the DIMACS reader's
//! no-panic property; a McMillan interpolant read off a proof; and the `craig sat` command.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use craig::cli::sat::{Args, Restarts, run};
use craig::sat::check::{Checker, check_leaves, check_refutation};
use craig::sat::dimacs::{Cnf, parse_dimacs, write_dimacs};
use craig::sat::{
    ClauseId, Limits, Lit, RestartPolicy, SatResult, Solver, SolverOptions, Step, StopReason, Var,
};
use craig::syntax::SourceMap;
use proptest::prelude::*;

fn lit(n: i32) -> Lit {
    Lit::from_dimacs(n).unwrap()
}

/// True if `assignment` (bit `v` = value of variable `v`) satisfies the clause.
fn satisfies(assignment: u32, clause: &[Lit]) -> bool {
    clause.iter().any(|l| ((assignment >> l.var().0) & 1 == 1) != l.is_negative())
}

/// Brute force: is there an assignment of `n` variables satisfying the clauses and the units?
fn brute_force(n: u32, clauses: &[Vec<Lit>], units: &[Lit]) -> bool {
    (0..1u32 << n).any(|a| {
        clauses.iter().all(|c| satisfies(a, c)) && units.iter().all(|&u| satisfies(a, &[u]))
    })
}

/// Random CNFs over at most 12 variables, clauses of 1 to 4 literals (some duplicated or
/// tautological).
fn cnf() -> impl Strategy<Value = (u32, Vec<Vec<Lit>>)> {
    (1u32..=12).prop_flat_map(|n| {
        let lit = (0..n, any::<bool>()).prop_map(|(v, neg)| Lit::new(Var(v), neg));
        let clause = prop::collection::vec(lit, 1..=4);
        (Just(n), prop::collection::vec(clause, 0..=7 * n as usize))
    })
}

fn solver_for(options: SolverOptions, clauses: &[Vec<Lit>]) -> Solver {
    let mut s = Solver::with_options(options);
    for c in clauses {
        s.add_clause(c);
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn answers_match_brute_force_with_checked_proofs((n, clauses) in cnf()) {
        let expected = brute_force(n, &clauses, &[]);
        let mut s = solver_for(SolverOptions::checked(), &clauses);
        match s.solve().unwrap() {
            SatResult::Sat(model) => {
                prop_assert!(expected);
                prop_assert!(clauses.iter().all(|c| model.satisfies(c)));
            }
            SatResult::Unsat { failed_assumptions } => {
                prop_assert!(!expected);
                prop_assert!(failed_assumptions.is_empty());
                let proof = s.proof().unwrap();
                let root = s.refutation().unwrap();
                check_refutation(proof, root).unwrap();
                check_leaves(proof, root, |id| clauses.get(id.index()).map(|c| &c[..])).unwrap();
                // The core is unsatisfiable on its own.
                let core: Vec<Vec<Lit>> =
                    s.core().unwrap().iter().map(|id| clauses[id.index()].clone()).collect();
                prop_assert!(!brute_force(n, &core, &[]));
            }
            SatResult::Unknown(r) => prop_assert!(false, "no limit was set, got {r:?}"),
        }
    }

    #[test]
    fn assumptions_and_failed_assumption_cores(
        (n, clauses) in cnf(),
        picks in prop::collection::vec((0u32..12, any::<bool>()), 0..=5),
    ) {
        let assumptions: Vec<Lit> =
            picks.iter().map(|&(v, neg)| Lit::new(Var(v % n), neg)).collect();
        let mut s = solver_for(SolverOptions::checked(), &clauses);
        // Twice, to exercise the incremental state between calls.
        for _ in 0..2 {
            let expected = brute_force(n, &clauses, &assumptions);
            match s.solve_with_assumptions(&assumptions).unwrap() {
                SatResult::Sat(model) => {
                    prop_assert!(expected);
                    prop_assert!(clauses.iter().all(|c| model.satisfies(c)));
                    prop_assert!(assumptions.iter().all(|&a| model.lit_value(a)));
                }
                SatResult::Unsat { failed_assumptions } => {
                    prop_assert!(!expected);
                    prop_assert!(failed_assumptions.iter().all(|f| assumptions.contains(f)));
                    let core: Vec<Vec<Lit>> = match s.core() {
                        Some(ids) => ids.iter().map(|id| clauses[id.index()].clone()).collect(),
                        None => Vec::new(), // two contradicting assumptions need no clause
                    };
                    prop_assert!(!brute_force(n, &core, &failed_assumptions));
                    if let Some(root) = s.refutation() {
                        let proof = s.proof().unwrap();
                        Checker::new().check_derivation(proof, root).unwrap();
                        let mut negated: Vec<Lit> = failed_assumptions.iter().map(|&f| !f).collect();
                        negated.sort();
                        prop_assert_eq!(proof.step(root).unwrap().clause(), &negated[..]);
                    }
                }
                SatResult::Unknown(r) => prop_assert!(false, "no limit was set, got {r:?}"),
            }
        }
        // Without the assumptions the answer is the plain one.
        let plain = matches!(s.solve().unwrap(), SatResult::Sat(_));
        prop_assert_eq!(plain, brute_force(n, &clauses, &[]));
    }

    #[test]
    fn incremental_clauses_between_solves((n, clauses) in cnf(), luby in any::<bool>()) {
        let options = SolverOptions {
            restarts: if luby { RestartPolicy::Luby } else { RestartPolicy::Glucose },
            ..SolverOptions::checked()
        };
        let mut s = Solver::with_options(options);
        let half = clauses.len() / 2;
        for c in &clauses[..half] {
            s.add_clause(c);
        }
        let first = matches!(s.solve().unwrap(), SatResult::Sat(_));
        prop_assert_eq!(first, brute_force(n, &clauses[..half], &[]));
        for c in &clauses[half..] {
            s.add_clause(c);
        }
        match s.solve().unwrap() {
            SatResult::Sat(model) => {
                prop_assert!(brute_force(n, &clauses, &[]));
                prop_assert!(clauses.iter().all(|c| model.satisfies(c)));
            }
            SatResult::Unsat { .. } => {
                prop_assert!(!brute_force(n, &clauses, &[]));
                check_refutation(s.proof().unwrap(), s.refutation().unwrap()).unwrap();
            }
            SatResult::Unknown(_) => prop_assert!(false),
        }
    }

    /// McMillan's interpolation system applied to the solver's proof, with every partial
    /// interpolant kept as a truth table over all assignments: the result is implied by A,
    /// inconsistent with B, and depends on shared variables only.
    #[test]
    fn mcmillan_interpolants_from_proofs((n, clauses) in cnf(), split in 0usize..100) {
        let k = clauses.len() * split / 100;
        let mut s = solver_for(SolverOptions::checked(), &clauses);
        if let SatResult::Unsat { .. } = s.solve().unwrap() {
            let (a, b) = clauses.split_at(k);
            let interpolant = mcmillan(n, a, b, &s);
            assert_interpolant(n, a, b, &interpolant);
        }
    }
}

/// Partial interpolants as truth tables (`table[assignment]`), folded over the proof's chains.
fn mcmillan(n: u32, a: &[Vec<Lit>], b: &[Vec<Lit>], s: &Solver) -> Vec<bool> {
    let in_a = |v: Var| a.iter().flatten().any(|l| l.var() == v);
    let in_b = |v: Var| b.iter().flatten().any(|l| l.var() == v);
    let proof = s.proof().unwrap();
    let root = s.refutation().unwrap();
    let size = 1usize << n;
    let mut partial: Vec<Option<Vec<bool>>> = vec![None; proof.len()];
    for id in proof.cone(root) {
        let table = match proof.step(id).unwrap() {
            Step::Original { clause } if id.index() < a.len() => {
                // An A clause: its literals over shared variables.
                let shared: Vec<Lit> = clause.iter().copied().filter(|l| in_b(l.var())).collect();
                (0..size).map(|x| satisfies(x as u32, &shared)).collect()
            }
            Step::Original { .. } => vec![true; size],
            Step::Derived { antecedents, pivots, .. } => {
                let mut acc = partial[antecedents[0].index()].clone().unwrap();
                for (ante, pivot) in antecedents[1..].iter().zip(pivots) {
                    let other = partial[ante.index()].as_ref().unwrap();
                    let local_to_a = in_a(pivot.var()) && !in_b(pivot.var());
                    for (x, y) in acc.iter_mut().zip(other) {
                        *x = if local_to_a { *x || *y } else { *x && *y };
                    }
                }
                acc
            }
        };
        partial[id.index()] = Some(table);
    }
    partial[root.index()].take().unwrap()
}

fn assert_interpolant(n: u32, a: &[Vec<Lit>], b: &[Vec<Lit>], table: &[bool]) {
    let shared = |v: u32| {
        a.iter().flatten().any(|l| l.var().0 == v) && b.iter().flatten().any(|l| l.var().0 == v)
    };
    for x in 0..1u32 << n {
        let i = table[x as usize];
        if a.iter().all(|c| satisfies(x, c)) {
            assert!(i, "A does not imply the interpolant at {x:b}");
        }
        if b.iter().all(|c| satisfies(x, c)) {
            assert!(!i, "the interpolant is consistent with B at {x:b}");
        }
        for v in (0..n).filter(|&v| !shared(v)) {
            assert_eq!(i, table[(x ^ (1 << v)) as usize], "the interpolant depends on x{v}");
        }
    }
}

#[test]
fn mcmillan_interpolant_of_a_tiny_partition() {
    // A = (x1) ∧ (¬x1 ∨ x2), B = (¬x2 ∨ x3) ∧ (¬x3): the interpolant must be x2.
    let clauses = vec![vec![lit(1)], vec![lit(-1), lit(2)], vec![lit(-2), lit(3)], vec![lit(-3)]];
    let s = {
        let mut s = solver_for(SolverOptions::checked(), &clauses);
        assert!(matches!(s.solve().unwrap(), SatResult::Unsat { .. }));
        s
    };
    let (a, b) = clauses.split_at(2);
    let table = mcmillan(3, a, b, &s);
    assert_interpolant(3, a, b, &table);
    let x2: Vec<bool> = (0..8u32).map(|x| x & 0b010 != 0).collect();
    assert_eq!(table, x2);
}

fn pigeonhole(n: u32) -> Vec<Vec<Lit>> {
    let var = |p: u32, h: u32| Var(p * n + h);
    let mut clauses: Vec<Vec<Lit>> =
        (0..=n).map(|p| (0..n).map(|h| var(p, h).positive()).collect()).collect();
    for h in 0..n {
        for p in 0..=n {
            for q in p + 1..=n {
                clauses.push(vec![var(p, h).negative(), var(q, h).negative()]);
            }
        }
    }
    clauses
}

#[test]
fn pigeonhole_refutations_check() {
    for n in 2..=6 {
        let clauses = pigeonhole(n);
        let mut s = solver_for(SolverOptions::checked(), &clauses);
        assert_eq!(s.solve().unwrap(), SatResult::Unsat { failed_assumptions: vec![] });
        let report = s.last_check().expect("checked");
        assert!(report.derived > 0);
        // Every clause of PHP(n+1, n) is needed.
        assert_eq!(report.leaves, clauses.len(), "PHP({}, {n})", n + 1);
        check_refutation(s.proof().unwrap(), s.refutation().unwrap()).unwrap();
    }
}

/// A fixed random 3-SAT formula (a linear congruential generator, so no dependency).
fn random_3sat(vars: u32, clauses: usize, mut seed: u64) -> Vec<Vec<Lit>> {
    let mut next = move || {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as u32
    };
    (0..clauses)
        .map(|_| (0..3).map(|_| Lit::new(Var(next() % vars), next() % 2 == 1)).collect())
        .collect()
}

#[test]
fn same_input_same_counters() {
    for seed in 1..=3 {
        let clauses = random_3sat(80, 340, seed);
        let run = || {
            let mut s = solver_for(SolverOptions::checked(), &clauses);
            let answer = matches!(s.solve().unwrap(), SatResult::Sat(_));
            (answer, *s.stats(), s.proof().map(|p| p.len()))
        };
        let first = run();
        assert!(first.1.conflicts > 0);
        assert_eq!(first, run());
    }
}

#[test]
fn limits_and_cancellation_stop_the_search() {
    let clauses = pigeonhole(8);
    let mut s = solver_for(SolverOptions::default(), &clauses);
    s.set_limits(Limits { conflicts: Some(10), ..Limits::default() });
    assert_eq!(s.solve().unwrap(), SatResult::Unknown(StopReason::ConflictLimit));
    assert_eq!(s.stats().conflicts, 10);
    s.set_limits(Limits { propagations: Some(500), ..Limits::default() });
    assert_eq!(s.solve().unwrap(), SatResult::Unknown(StopReason::PropagationLimit));
    let flag = Arc::new(AtomicBool::new(true));
    s.set_limits(Limits::default());
    s.set_cancel_flag(flag);
    assert_eq!(s.solve().unwrap(), SatResult::Unknown(StopReason::Cancelled));
}

#[test]
fn unsat_cores_of_a_redundant_formula() {
    // Clauses 0-3 are an unsatisfiable core; 4 and 5 are padding.
    let clauses = vec![
        vec![lit(1), lit(2)],
        vec![lit(1), lit(-2)],
        vec![lit(-1), lit(3)],
        vec![lit(-1), lit(-3)],
        vec![lit(4), lit(5)],
        vec![lit(-4), lit(6)],
    ];
    let mut s = solver_for(SolverOptions::checked(), &clauses);
    assert!(matches!(s.solve().unwrap(), SatResult::Unsat { .. }));
    assert_eq!(s.core().unwrap(), (0..4).map(ClauseId).collect::<Vec<_>>());
    // Adding clauses to an unsatisfiable solver keeps the answer and the proof.
    s.add_clause(&[lit(7)]);
    assert!(matches!(s.solve().unwrap(), SatResult::Unsat { .. }));
}

#[test]
fn empty_clause_and_empty_formula() {
    let mut s = Solver::with_options(SolverOptions::checked());
    assert!(matches!(s.solve().unwrap(), SatResult::Sat(_)));
    let empty = s.add_clause(&[]);
    assert!(matches!(s.solve().unwrap(), SatResult::Unsat { .. }));
    assert_eq!(s.refutation(), Some(empty));
    assert_eq!(s.core(), Some(vec![empty]));
}

fn read(text: &str) -> Result<Cnf, String> {
    let mut sources = SourceMap::new();
    let f = sources.add("t.cnf", None, text.to_string());
    parse_dimacs(f, text).map_err(|d| craig::syntax::render_all(&d, &sources))
}

proptest! {
    #[test]
    fn dimacs_reader_never_panics(text in "[pcnf0-9 \\-\n%\t]{0,80}") {
        let _ = read(&text);
    }

    #[test]
    fn dimacs_reader_never_panics_on_any_text(text in any::<String>()) {
        let _ = read(&text);
    }

    #[test]
    fn dimacs_reader_never_panics_on_mutations(
        (n, clauses) in cnf(),
        at in any::<prop::sample::Index>(),
        junk in "[ -~\n]{0,6}",
        cut in any::<bool>(),
    ) {
        let mut out = Vec::new();
        write_dimacs(&Cnf { num_vars: n, clauses: clauses.clone() }, &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        // The writer's output reads back as the same formula.
        prop_assert_eq!(read(&text).unwrap().clauses, clauses);
        let i = at.index(text.len() + 1);
        let mutated = if cut {
            format!("{}{}", &text[..i], junk)
        } else {
            format!("{}{}{}", &text[..i], junk, &text[i..])
        };
        let _ = read(&mutated);
    }
}

fn run_cli(text: &str, extra: impl FnOnce(&mut Args)) -> (u8, String) {
    let dir = std::env::temp_dir().join(format!("craig-sat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir
        .join(format!("{:x}.cnf", text.len() * 31 + text.bytes().map(usize::from).sum::<usize>()));
    std::fs::write(&file, text).unwrap();
    let mut args = Args {
        file,
        proof: None,
        drat: None,
        no_check: false,
        stats: false,
        conflicts: None,
        time_limit: None,
        restarts: Restarts::Glucose,
    };
    extra(&mut args);
    let mut out = Vec::new();
    let code = run(&args, &mut out, &mut Vec::new()).unwrap();
    (code, String::from_utf8(out).unwrap())
}

#[test]
fn command_prints_competition_format() {
    let (code, out) = run_cli("p cnf 3 2\n1 -2 0\n2 3 0\n", |_| {});
    assert_eq!(code, 10);
    assert!(out.contains("s SATISFIABLE\nv "), "{out}");
    assert!(out.trim_end().ends_with(" 0"), "{out}");
    let (code, out) = run_cli("p cnf 1 2\n1 0\n-1 0\n", |a| a.stats = true);
    assert_eq!(code, 20);
    assert!(out.contains("c proof checked: 1 resolution chains, 2 original clauses"), "{out}");
    assert!(out.contains("c stats: decisions 0"), "{out}");
    assert!(out.ends_with("s UNSATISFIABLE\n"), "{out}");
    let mut php = String::from("p cnf 42 0\n");
    let clauses = pigeonhole(6);
    php = php.replace(" 0\n", &format!(" {}\n", clauses.len()));
    for c in &clauses {
        for l in c {
            php.push_str(&format!("{} ", l.to_dimacs()));
        }
        php.push_str("0\n");
    }
    let (code, out) = run_cli(&php, |a| a.conflicts = Some(5));
    assert_eq!((code, out.ends_with("s UNKNOWN\n")), (0, true), "{out}");
}

#[test]
fn command_reads_standard_input() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_craig"))
        .args(["sat", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(b"p cnf 2 3\n1 2 0\n-1 0\n-2 0\n").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(20));
    assert!(String::from_utf8_lossy(&out.stdout).ends_with("s UNSATISFIABLE\n"));
    let bad = Command::new(env!("CARGO_BIN_EXE_craig"))
        .args(["sat", "-"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut bad = bad;
    bad.stdin.take().unwrap().write_all(b"p cnf 2 1\n1 3 0\n").unwrap();
    let out = bad.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("<stdin>:2:3: error: literal 3 names variable 3"), "{err}");
}

/// Larger random formulas with a tiny reduction interval, so that reductions, arena garbage
/// collection, restarts and minimisation all happen while proofs are recorded: the two restart
/// policies agree, every refutation checks, and every core (with its failed assumptions) is
/// unsatisfiable when solved again on its own.
#[test]
fn reductions_and_garbage_collection_keep_proofs_sound() {
    let mut unsat = 0;
    for seed in 1..=12u64 {
        let clauses = random_3sat(90, 383, seed);
        let assumptions: Vec<Lit> =
            (0..4).map(|i| Lit::new(Var((seed as u32 * 7 + i * 13) % 90), i % 2 == 0)).collect();
        let mut answers = Vec::new();
        for restarts in [RestartPolicy::Glucose, RestartPolicy::Luby] {
            let options = SolverOptions {
                restarts,
                reduce_first: 30,
                reduce_increment: 10,
                ..SolverOptions::checked()
            };
            let mut s = solver_for(options, &clauses);
            let with = s.solve_with_assumptions(&assumptions).unwrap();
            if let SatResult::Unsat { failed_assumptions } = &with {
                let core: Vec<Vec<Lit>> = s
                    .core()
                    .unwrap_or_default()
                    .iter()
                    .map(|id| clauses[id.index()].clone())
                    .collect();
                let mut again = solver_for(SolverOptions::checked(), &core);
                let r = again.solve_with_assumptions(failed_assumptions).unwrap();
                assert!(matches!(r, SatResult::Unsat { .. }), "seed {seed}: core is satisfiable");
            }
            let plain = s.solve().unwrap();
            if matches!(plain, SatResult::Unsat { .. }) {
                unsat += 1;
            }
            answers.push((matches!(with, SatResult::Sat(_)), matches!(plain, SatResult::Sat(_))));
            let stats = *s.stats();
            assert!(stats.conflicts < 30 || stats.reductions > 0, "seed {seed}: {stats:?}");
        }
        assert_eq!(answers[0], answers[1], "seed {seed}: the restart policies disagree");
    }
    assert!(unsat > 0, "the set should contain unsatisfiable formulas");
}

#[test]
fn command_rejects_bad_time_limits() {
    for bad in [0.0, -1.0, f64::NAN, f64::INFINITY, 1e300] {
        let args = Args {
            file: "unused.cnf".into(),
            proof: None,
            drat: None,
            no_check: false,
            stats: false,
            conflicts: None,
            time_limit: Some(bad),
            restarts: Restarts::Glucose,
        };
        let err = run(&args, &mut Vec::new(), &mut Vec::new()).unwrap_err();
        assert!(err.to_string().contains("--time-limit"), "{bad}: {err}");
    }
}

//! The k-induction engine (`craig::refine::kinduction`) on small loops and on the C examples:
//! a counting loop closes at the same k whatever its bound, a loop whose property is only
//! inductive over several iterations is certified, a bug is found and replays on the
//! interpreter, a loop beyond k-induction ends `UNKNOWN`, no example gets an answer its header
//! contradicts (every `SAFE` re-certified edge by edge, every `UNSAFE` replayed), and
//! `craig cegar --engine` runs each engine. Tests count steps and paths, never wall time.

use craig::c::{DataModel, Integers, read_c_with};
use craig::ir::Program;
use craig::ir::interpret::{Outcome, run};
use craig::refine::flat::Flat;
use craig::refine::formula::Pred;
use craig::refine::kinduction::KInduction;
use craig::refine::{Limits, Verdict, check_inductive};
use craig::smt::SmtStats;
use craig::syntax::SourceMap;

use crate::common::{s, scratch};

const ASSERT_PRELUDE: &str = "extern void abort(void);\nvoid reach_error(void);\n\
    extern int __VERIFIER_nondet_int(void);\n\
    void __VERIFIER_assert(int c) { if (!c) { reach_error(); abort(); } }\n";

fn program(name: &str, text: &str, integers: Integers) -> Program {
    let mut sources = SourceMap::new();
    let file = sources.add(name, None, text.to_string());
    let (program, diagnostics) = read_c_with(&mut sources, file, integers, DataModel::Lp64);
    assert!(diagnostics.is_empty(), "{name}: {diagnostics:?}");
    program.expect("the program lowers")
}

fn limits(max_steps: usize) -> Limits {
    Limits { max_steps: Some(max_steps), ..Limits::default() }
}

fn kinduction(program: &Program, max_steps: usize) -> (KInduction, Verdict) {
    let mut engine =
        KInduction::new(program, "main", limits(max_steps), true).expect("main is analysable");
    let verdict = engine.run();
    (engine, verdict)
}

/// A `SAFE` answer's invariants (every other location `False`) pass the certificate check
/// again, and `True` everywhere does not: the checker can fail.
fn assert_certified(name: &str, flat: &Flat, verdict: &Verdict) {
    let Verdict::Safe { invariants } = verdict else { panic!("{name}: {verdict:?}") };
    let mut full = vec![Pred::False; flat.locations.len()];
    for (l, p) in invariants {
        full[*l] = p.clone();
    }
    let (mut stats, mut calls) = (SmtStats::default(), 0);
    let failure = check_inductive(flat, &full, &mut stats, &mut calls).unwrap();
    assert_eq!(failure, None, "{name}: the certificate");
    let weakened = vec![Pred::True; flat.locations.len()];
    let failure = check_inductive(flat, &weakened, &mut stats, &mut calls).unwrap();
    assert!(failure.is_some(), "{name}: True everywhere must not certify safety");
}

/// An `UNSAFE` answer's inputs make the interpreter fail the same check at the same place.
fn assert_replays(name: &str, program: &Program, verdict: &Verdict) {
    let Verdict::Unsafe(cex) = verdict else { panic!("{name}: expected Unsafe, got {verdict:?}") };
    let main = program.find("main").unwrap();
    match run(program, main, &cex.inputs, 1_000_000) {
        Outcome::AssertionFailed { obligation, span, .. } => {
            assert_eq!((obligation, span), (cex.check, cex.span), "{name}: the same check");
        }
        other => panic!("{name}: the counterexample does not replay: {other:?}"),
    }
}

#[test]
fn a_counting_loop_is_proved_at_the_same_k_whatever_the_bound() {
    // The loop's exit invariant from abstract interpretation (`i = N` after `i < N` fails,
    // with `0 <= i <= N` at the head) excludes the error edge: 1-inductive, and the run is
    // the same for every bound.
    let mut runs = Vec::new();
    for bound in ["10", "1000", "1000000"] {
        let text = format!(
            "{ASSERT_PRELUDE}int main(void) {{ int i = 0; while (i < {bound}) i++; \
             __VERIFIER_assert(i == {bound}); return 0; }}\n"
        );
        let program = program("count.c", &text, Integers::Machine);
        let (engine, verdict) = kinduction(&program, 2_000);
        assert_certified(bound, &engine.flat, &verdict);
        runs.push(engine.counters());
    }
    assert!(runs.windows(2).all(|w| w[0] == w[1]), "{runs:?}");
    assert_eq!(runs[0].depth, 1, "{runs:?}");
}

#[test]
fn a_property_inductive_only_over_two_iterations_is_certified() {
    // `x` is even, which neither intervals nor affine equalities say: `x != 3` does not
    // follow in one step from `x >= 0` (x = 1 gives 3), but an error two iterations on would
    // need x = -1, which the interval excludes.
    let text = format!(
        "{ASSERT_PRELUDE}int main(void) {{ int x = 0; while (__VERIFIER_nondet_int()) {{ \
         __VERIFIER_assert(x != 3); x = x + 2; }} return 0; }}\n"
    );
    let program = program("twostep.c", &text, Integers::Mathematical);
    let (engine, verdict) = kinduction(&program, 2_000);
    assert_certified("twostep.c", &engine.flat, &verdict);
    let c = engine.counters();
    // Deeper than one iteration: the first rounds keep paths (x = 3, then x = 1 before the
    // increment), which the certificate excludes.
    assert!(c.paths_kept > 0, "{c:?}");
    assert!(c.depth > 2, "{c:?}");
    // The same run without the invariants never closes: x = 1, -1, -3, ... all reach 3.
    let mut plain = KInduction::new(&program, "main", limits(100), false).expect("analysable");
    assert!(matches!(plain.run(), Verdict::Unknown(r) if r.contains("step limit")));
}

#[test]
fn a_bug_after_some_iterations_is_found_and_replays() {
    let text = format!(
        "{ASSERT_PRELUDE}int main(void) {{ int i = 0; int n = __VERIFIER_nondet_int(); \
         while (i < 100) {{ __VERIFIER_assert(i != 5 || n != 42); i++; }} return 0; }}\n"
    );
    let program = program("late.c", &text, Integers::Machine);
    let (engine, verdict) = kinduction(&program, 5_000);
    assert_replays("late.c", &program, &verdict);
    let Verdict::Unsafe(cex) = &verdict else { unreachable!() };
    assert_eq!(cex.inputs.last().map(|n| n.to_string()), Some("42".into()));
    assert_eq!(engine.counters().replays, 1);
}

#[test]
fn a_loop_beyond_k_induction_ends_unknown_and_never_wrong() {
    // `x` stays even, so 7 is never reached; no window of iterations proves it (x = 7 is
    // reached from 5 and 9, and they from 3, 7, 11, ...), and nothing bounds x.
    let text = format!(
        "{ASSERT_PRELUDE}int main(void) {{ int x = 0; while (__VERIFIER_nondet_int()) {{ \
         if (__VERIFIER_nondet_int()) x = x + 2; else x = x - 2; }} \
         __VERIFIER_assert(x != 7); return 0; }}\n"
    );
    let program = program("parity.c", &text, Integers::Mathematical);
    let (engine, verdict) = kinduction(&program, 1_000);
    let Verdict::Unknown(why) = &verdict else { panic!("{verdict:?}") };
    assert!(why.contains("step limit") || why.contains("feasible error paths"), "{why}");
    assert_eq!(engine.counters().replays, 0);
}

/// The verdict an example's header states (`// verdict: safe`).
fn stated_verdict(text: &str) -> &'static str {
    if text.lines().any(|l| l.trim() == "// verdict: safe") {
        "safe"
    } else if text.lines().any(|l| l.trim() == "// verdict: unsafe") {
        "unsafe"
    } else {
        panic!("an example without a verdict line")
    }
}

/// The examples written for machine integers; the others are read as `tests/it/refine.rs`
/// reads them, with mathematical integers.
const MACHINE_EXAMPLES: [&str; 3] = ["bits_safe.c", "overflow_unsafe.c", "wraparound_safe.c"];

#[test]
fn no_example_gets_an_answer_its_header_contradicts() {
    let folder = format!("{}/examples/c", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".c"))
        .collect();
    names.sort();
    let mut answered = Vec::new();
    for name in &names {
        let text = std::fs::read_to_string(format!("{folder}/{name}")).unwrap();
        let integers = if MACHINE_EXAMPLES.contains(&name.as_str()) {
            Integers::Machine
        } else {
            Integers::Mathematical
        };
        let program = program(name, &text, integers);
        let (engine, verdict) = kinduction(&program, 300);
        match (&verdict, stated_verdict(&text)) {
            (Verdict::Safe { .. }, "safe") => assert_certified(name, &engine.flat, &verdict),
            (Verdict::Unsafe(_), "unsafe") => assert_replays(name, &program, &verdict),
            (Verdict::Unknown(_), _) => continue,
            (other, stated) => panic!("{name}: {other:?} against the header's {stated}"),
        }
        answered.push(name.clone());
    }
    assert!(answered.len() >= ANSWERED_AT_LEAST, "answered only {answered:?}");
}

/// How many examples k-induction answers within 300 path checks (as many as when written: 26
/// of 36, the bounded loops, the bugs within a few dozen iterations, bounded recursion).
const ANSWERED_AT_LEAST: usize = 26;

#[test]
fn cegar_runs_the_engine_it_is_asked_for() {
    let dir = scratch("engines");
    let file = dir.join("count.c");
    let text = format!(
        "{ASSERT_PRELUDE}int main(void) {{ int i = 0; while (i < 1000000) i++; \
         __VERIFIER_assert(i == 1000000); return 0; }}\n"
    );
    std::fs::write(&file, text).unwrap();
    let cegar = |engine: &str| {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_craig"))
            .args(["cegar", &s(&file), "--engine", engine])
            .output()
            .expect("craig runs");
        (output.status.code(), String::from_utf8(output.stdout).unwrap())
    };
    let (code, out) = cegar("kinduction");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("SAFE\n"), "{out}");
    assert!(out.contains("k-induction: k up to 1 edges"), "{out}");
    assert!(!out.contains("domain impact"), "{out}");
    let (code, out) = cegar("portfolio");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("answered by k-induction"), "{out}");
    let (code, out) = cegar("impact");
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("domain impact:") && !out.contains("k-induction"), "{out}");
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_craig"))
        .args(["cegar", &s(&file), "--engine", "bmc"])
        .output()
        .expect("craig runs");
    assert_eq!(output.status.code(), Some(2));
    let err = String::from_utf8(output.stderr).unwrap();
    assert!(err.contains("unknown engine `bmc`"), "{err}");
}

#[test]
fn a_certificate_is_printed_without_the_disjuncts_its_other_conjuncts_refute() {
    // The certificate at the loop head is the interval, `x != 3` and the negated preconditions
    // of the paths kept before: `x != 3 & (x = 3 | x != 1)` as made, whose first disjunct the
    // conjunct before it refutes. Printed simplified, and what is printed is what was checked.
    let text = format!(
        "{ASSERT_PRELUDE}int main(void) {{ int x = 0; while (__VERIFIER_nondet_int()) {{ \
         __VERIFIER_assert(x != 3); x = x + 2; }} return 0; }}\n"
    );
    let program = program("twostep.c", &text, Integers::Mathematical);
    let (engine, verdict) = kinduction(&program, 2_000);
    assert_certified("twostep.c", &engine.flat, &verdict);
    let Verdict::Safe { invariants } = &verdict else { unreachable!() };
    let names = |v: usize| engine.flat.variable_name(v);
    let heads: Vec<String> = invariants
        .iter()
        .filter(|(l, _)| engine.flat.locations[*l].loop_head)
        .map(|(_, p)| p.show(&names))
        .collect();
    assert_eq!(heads, ["0 <= x & x != 3 & x != 1"], "{heads:?}");
    // No invariant keeps a disjunct its location's other conjuncts refute.
    for (l, p) in invariants {
        if let Pred::And(parts) = p {
            for (k, part) in parts.iter().enumerate() {
                let Pred::Or(disjuncts) = part else { continue };
                let rest: Vec<Pred> = parts
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != k)
                    .map(|(_, q)| q.clone())
                    .collect();
                let (mut stats, context) = (SmtStats::default(), Pred::and(rest));
                for d in disjuncts {
                    let refuted = craig::refine::path::implies(
                        engine.flat.variables.len(),
                        &context,
                        &d.negate(),
                        &mut stats,
                    )
                    .unwrap();
                    assert!(!refuted, "at {}: {}", engine.flat.locations[*l].name, p.show(&names));
                }
            }
        }
    }
}

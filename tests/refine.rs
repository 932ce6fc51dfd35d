//! The refinement engine (lazy abstraction with interpolants) on the C examples: every example
//! gets the verdict its header states (or the documented Unknown where a construct is out of
//! scope), every Safe certificate is re-checked and a weakened one rejected, every
//! counterexample replays on the interpreter, runs are deterministic, the step machine stops
//! at its limits keeping the tree, and `craig cegar` prints and exits as documented.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use craig::c::read_c;
use craig::ir::Program;
use craig::ir::interpret::{Outcome, run};
use craig::refine::formula::Pred;
use craig::refine::{Engine, Limits, StepReport, Verdict};
use craig::syntax::SourceMap;

fn example(name: &str) -> Program {
    let path = format!("{}/examples/c/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let mut sources = SourceMap::new();
    let file = sources.add(name, None, text);
    let (program, diagnostics) = read_c(&sources, file);
    assert!(diagnostics.is_empty(), "{name} reads without diagnostics");
    program.expect("the example lowers")
}

fn limits(max_steps: usize) -> Limits {
    Limits { max_steps: Some(max_steps), ..Limits::default() }
}

fn analyse(name: &str, max_steps: usize) -> (Engine, Verdict, Program) {
    let program = example(name);
    let mut engine = Engine::new(&program, "main", limits(max_steps)).expect("main is analysable");
    let verdict = engine.run();
    (engine, verdict, program)
}

/// A Safe verdict's invariants pass the certificate check again, and replacing every
/// invariant by `True` (outside the start) is rejected: the checker can fail.
fn assert_certified(name: &str, engine: &mut Engine) {
    let invariants = engine.invariants();
    assert_eq!(engine.check_certificate(&invariants).unwrap(), None, "{name}: certificate");
    let weakened = vec![Pred::True; invariants.len()];
    let failure = engine.check_certificate(&weakened).unwrap();
    assert!(failure.is_some(), "{name}: a True invariant everywhere must not certify safety");
}

/// An Unsafe verdict's inputs make the interpreter fail the same check at the same place.
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

fn expect_safe(name: &str) {
    let (mut engine, verdict, _) = analyse(name, 20_000);
    assert!(matches!(verdict, Verdict::Safe { .. }), "{name}: expected Safe, got {verdict:?}");
    assert_certified(name, &mut engine);
}

fn expect_unsafe(name: &str, max_steps: usize) {
    let (_, verdict, program) = analyse(name, max_steps);
    assert_replays(name, &program, &verdict);
}

fn expect_unknown(name: &str, max_steps: usize, reason: &str) {
    let (_, verdict, _) = analyse(name, max_steps);
    match verdict {
        Verdict::Unknown(why) => assert!(why.contains(reason), "{name}: {why}"),
        other => panic!("{name}: expected Unknown ({reason}), got {other:?}"),
    }
}

fn header(name: &str) -> String {
    let path = format!("{}/examples/c/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(path).unwrap().lines().next().unwrap_or("").to_string()
}

#[test]
fn every_example_is_listed_here_with_its_header_verdict() {
    // (example, header verdict, what the engine answers)
    let table = [
        ("array_safe.c", "safe", "unknown: the array read is over-approximated"),
        ("array_unsafe.c", "unsafe", "unsafe"),
        ("countdown_unsafe.c", "unsafe", "unsafe"),
        ("counter_safe.c", "safe", "safe"),
        ("counter_unsafe.c", "unsafe", "unsafe"),
        ("deep_unsafe.c", "unsafe", "unsafe"),
        ("division_unsafe.c", "unsafe", "unsafe"),
        ("goto_safe.c", "safe", "safe"),
        ("lock_unsafe.c", "unsafe", "unsafe"),
        ("mcmillan_cav06.c", "safe", "safe"),
        ("nested_bounded_safe.c", "safe", "safe"),
        ("nested_counter_safe.c", "safe", "unknown: the interpolants do not generalise"),
        ("nested_safe.c", "safe", "unknown: n * m is not linear"),
        ("two_counters_safe.c", "safe", "safe"),
    ];
    let dir = format!("{}/examples/c", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".c"))
        .collect();
    names.sort();
    let listed: Vec<String> = table.iter().map(|(n, _, _)| n.to_string()).collect();
    assert_eq!(names, listed, "every example has a row");
    for (name, verdict, answer) in table {
        assert_eq!(header(name), format!("// verdict: {verdict}"), "{name}");
        // The engine never contradicts the header: a definite answer is the header's.
        if !answer.starts_with("unknown") {
            assert_eq!(answer, verdict, "{name}");
        }
    }
}

#[test]
fn safe_examples_are_proved_with_checked_certificates() {
    for name in [
        "counter_safe.c",
        "goto_safe.c",
        "mcmillan_cav06.c",
        "nested_bounded_safe.c",
        "two_counters_safe.c",
    ] {
        expect_safe(name);
    }
}

#[test]
fn unsafe_examples_give_counterexamples_that_replay() {
    for name in [
        "array_unsafe.c",
        "counter_unsafe.c",
        "countdown_unsafe.c",
        "division_unsafe.c",
        "lock_unsafe.c",
    ] {
        expect_unsafe(name, 20_000);
    }
}

#[test]
fn the_deep_counterexample_needs_fifty_iterations() {
    let (engine, verdict, program) = analyse("deep_unsafe.c", 20_000);
    assert_replays("deep_unsafe.c", &program, &verdict);
    let Verdict::Unsafe(cex) = verdict else { unreachable!() };
    assert_eq!(cex.inputs.len(), 50, "one positive input per iteration");
    assert!(engine.counters().refinements >= 50);
}

#[test]
fn out_of_scope_constructs_give_unknown_with_the_reason() {
    // The array read `a[k] != k` is over-approximated; the resulting counterexample does
    // not replay, so the answer is Unknown, never Unsafe.
    expect_unknown("array_safe.c", 20_000, "did not fail that check");
    // `count == n * m` is not linear; the condition is dropped and the spurious
    // counterexample is caught by the replay.
    expect_unknown("nested_safe.c", 20_000, "did not fail that check");
    // The inner loop bound `j < i` is unbounded: IMPACT's interpolants name one value of `j`
    // after another and the unwinding does not close within the limit.
    expect_unknown("nested_counter_safe.c", 400, "step limit");
}

#[test]
fn recursion_is_refused_with_a_reason() {
    let text = "int f(int n) { if (n <= 0) return 0; return f(n - 1); }\n\
                int main(void) { return f(3); }\n";
    let mut sources = SourceMap::new();
    let file = sources.add("rec.c", None, text.to_string());
    let (program, _) = read_c(&sources, file);
    let program = program.expect("recursion lowers");
    let err = Engine::new(&program, "main", Limits::default()).err().expect("refused");
    assert!(err.contains("recursive"), "{err}");
}

#[test]
fn runs_are_deterministic() {
    for name in ["mcmillan_cav06.c", "lock_unsafe.c", "nested_bounded_safe.c"] {
        let (a, _, _) = analyse(name, 20_000);
        let (b, _, _) = analyse(name, 20_000);
        assert_eq!(a.counters(), b.counters(), "{name}");
        assert_eq!(a.art_text(), b.art_text(), "{name}");
        assert_eq!(a.refinements.len(), b.refinements.len(), "{name}");
        for (x, y) in a.refinements.iter().zip(&b.refinements) {
            assert_eq!(x.path, y.path);
            assert_eq!(x.interpolants, y.interpolants);
        }
    }
}

#[test]
fn steps_report_what_they_did_and_limits_keep_the_tree() {
    let program = example("mcmillan_cav06.c");
    let mut engine = Engine::new(&program, "main", limits(1_000)).unwrap();
    let (mut expanded, mut covered, mut refined) = (0, 0, 0);
    let verdict = loop {
        match engine.step() {
            StepReport::Expanded { node, children } => {
                expanded += 1;
                assert!(engine.art.nodes[node].expanded);
                for c in children {
                    assert_eq!(engine.art.nodes[c].parent, Some(node));
                }
            }
            StepReport::Covered { node, by } => {
                covered += 1;
                assert!(by < node);
                assert_eq!(engine.art.nodes[node].location, engine.art.nodes[by].location);
            }
            StepReport::Refined(k) => {
                refined += 1;
                let r = &engine.refinements[k];
                assert_eq!(r.interpolants.len() + 1, r.path.len());
                assert_eq!(r.interpolants.last(), Some(&Pred::False));
                assert_eq!(r.formula.len() + 1, r.path.len());
            }
            StepReport::Finished(v) => break v,
        }
    };
    assert!(matches!(verdict, Verdict::Safe { .. }));
    let c = engine.counters();
    assert_eq!(c.steps, expanded + covered + refined + 1);
    assert_eq!(c.refinements, refined);
    assert!(refined > 0 && c.covered > 0);

    // Stopped after 10 steps: Unknown, and the tree built so far stays.
    let mut short = Engine::new(&program, "main", limits(10)).unwrap();
    match short.run() {
        Verdict::Unknown(why) => assert!(why.contains("step limit"), "{why}"),
        other => panic!("expected Unknown, got {other:?}"),
    }
    assert_eq!(short.counters().steps, 10);
    assert!(short.art.nodes.len() > 1);
    // The first ten steps are the same as the full run's: re-running to step N rebuilds it.
    let mut again = Engine::new(&program, "main", limits(10)).unwrap();
    again.run();
    assert_eq!(short.art_text(), again.art_text());

    // A cancel flag set before the run stops it at once.
    let flag = Arc::new(AtomicBool::new(true));
    let mut cancelled =
        Engine::new(&program, "main", Limits { cancel: Some(flag), ..Limits::default() }).unwrap();
    match cancelled.run() {
        Verdict::Unknown(why) => assert!(why.contains("interrupted"), "{why}"),
        other => panic!("expected Unknown, got {other:?}"),
    }
    assert_eq!(cancelled.art.nodes.len(), 1);
}

#[test]
fn the_tree_prints_as_text_and_dot() {
    let (engine, _, _) = analyse("lock_unsafe.c", 20_000);
    let text = engine.art_text();
    assert!(text.starts_with("n0 init [True]\n"), "{text}");
    assert!(text.contains("error: `reach_error` is unreachable"), "{text}");
    let dot = engine.art_dot();
    assert!(dot.starts_with("digraph art {"), "{dot}");
    assert!(dot.contains("n0 -> n1;"), "{dot}");
    assert!(dot.matches(" -> ").count() >= engine.art.nodes.len() - 1);
}

// ------------------------------------------------------------------ the command line

fn command(args: &[&str]) -> (u8, String) {
    use clap::Parser as _;
    #[derive(clap::Parser)]
    enum Cli {
        Cegar(craig::cli::cegar::Args),
    }
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = match Cli::parse_from(std::iter::once("craig").chain(args.iter().copied())) {
        Cli::Cegar(a) => craig::cli::cegar::run(&a, &mut out, &mut err),
    };
    let code = code.unwrap_or_else(|e| e.exit_code());
    (code, String::from_utf8(out).unwrap())
}

#[test]
fn craig_cegar_answers_with_exit_codes_and_witnesses() {
    let dir = format!("{}/examples/c", env!("CARGO_MANIFEST_DIR"));
    let (code, out) = command(&["cegar", &format!("{dir}/two_counters_safe.c")]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("SAFE\n"), "{out}");
    assert!(out.contains("integers are mathematical"), "{out}");
    assert!(out.contains("refinements 3, ART nodes"), "{out}");

    let witness = std::env::temp_dir().join(format!("craig-cegar-{}.txt", std::process::id()));
    let w = witness.to_string_lossy().into_owned();
    let (code, out) = command(&["cegar", &format!("{dir}/counter_unsafe.c"), "--witness", &w]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("UNSAFE\n"), "{out}");
    assert!(out.contains("counter_unsafe.c:15:5: error location unreachable fails"), "{out}");
    let written = std::fs::read_to_string(&witness).unwrap();
    assert!(written.contains("unsafe\ninputs 0\n"), "{written}");
    let _ = std::fs::remove_file(&witness);

    // Without inputs the replay command names none.
    let (code, out) = command(&["cegar", &format!("{dir}/division_unsafe.c")]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("division_unsafe.c:6:19: division by zero fails"), "{out}");
    assert!(out.contains("division_unsafe.c` fails the same check"), "{out}");
    assert!(out.contains("note: "), "the over-approximated division is noted: {out}");

    let (code, out) =
        command(&["cegar", &format!("{dir}/nested_counter_safe.c"), "--max-steps", "50"]);
    assert_eq!(code, 3, "{out}");
    assert!(out.starts_with("UNKNOWN: the step limit (50) was reached\n"), "{out}");

    let (code, out) = command(&["cegar", &format!("{dir}/goto_safe.c"), "--function", "nope"]);
    assert_eq!(code, 3, "{out}");
    assert!(out.starts_with("UNKNOWN: no function `nope`"), "{out}");
}

//! The language domain of `craig cegar` (`--domain language`, Klaedtke, Ratschan and She's
//! language-based refinement on programs): safe programs proved with the pattern certificate
//! checked again, unsafe ones with counterexamples the interpreter replays, runs repeated
//! alike, a midfix removal that saves a split, agreement with IMPACT on the examples, and the
//! command line's lines.

use craig::c::{DataModel, Integers, read_c_with};
use craig::ir::Program;
use craig::ir::interpret::{Outcome, run};
use craig::refine::language::{DEFAULT_MAXLEN, LanguageEngine, LanguageStep};
use craig::refine::{Domain, Engine, Limits, Verdict};
use craig::syntax::SourceMap;

/// The examples written for machine integers (as in tests/it/refine.rs); the others are read
/// with mathematical integers, the reading their verdicts were written for.
const MACHINE_EXAMPLES: [&str; 3] = ["bits_safe.c", "overflow_unsafe.c", "wraparound_safe.c"];

fn program_of(name: &str, text: String, integers: Integers) -> Program {
    let mut sources = SourceMap::new();
    let file = sources.add(name, None, text);
    let (program, diagnostics) = read_c_with(&mut sources, file, integers, DataModel::Lp64);
    assert!(diagnostics.is_empty(), "{name} reads without diagnostics");
    program.expect("the program lowers")
}

fn example(name: &str) -> Program {
    let path = format!("{}/examples/c/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let integers =
        if MACHINE_EXAMPLES.contains(&name) { Integers::Machine } else { Integers::Mathematical };
    program_of(name, text, integers)
}

fn limits(max_steps: usize) -> Limits {
    Limits { max_steps: Some(max_steps), ..Limits::default() }
}

fn language(program: &Program, maxlen: usize, invariants: bool) -> LanguageEngine {
    LanguageEngine::new(program, "main", limits(2_000), maxlen, invariants)
        .expect("main is analysable")
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

#[test]
fn safe_examples_are_proved_and_the_certificate_checks_again() {
    for name in ["counter_safe.c", "two_counters_safe.c", "toggle_safe.c", "goto_safe.c"] {
        let program = example(name);
        let mut engine = language(&program, DEFAULT_MAXLEN, true);
        let verdict = engine.run();
        assert!(matches!(verdict, Verdict::Safe { .. }), "{name}: got {verdict:?}");
        assert_eq!(engine.check_certificate().unwrap(), None, "{name}: certificate");
        assert!(engine.language().shortest_word().is_none(), "{name}: no word is left");
        assert!(engine.counters().removed > 0, "{name}: safety rests on removed patterns");
    }
}

#[test]
fn the_certificate_rejects_a_run_stopped_before_the_language_is_empty() {
    let program = example("counter_safe.c");
    let mut engine = LanguageEngine::new(&program, "main", limits(2), DEFAULT_MAXLEN, false)
        .expect("main is analysable");
    let verdict = engine.run();
    assert!(matches!(&verdict, Verdict::Unknown(why) if why.contains("step limit")), "{verdict:?}");
    let failure = engine.check_certificate().unwrap();
    assert!(
        failure.as_deref().is_some_and(|f| f.contains("is in no removed pattern")),
        "{failure:?}"
    );
}

#[test]
fn unsafe_examples_give_counterexamples_that_replay() {
    for name in ["counter_unsafe.c", "countdown_unsafe.c", "two_phase_unsafe.c", "lock_unsafe.c"] {
        let program = example(name);
        let mut engine = language(&program, DEFAULT_MAXLEN, true);
        let verdict = engine.run();
        assert_replays(name, &program, &verdict);
    }
}

/// Every step's report and the counters, as text.
fn transcript(name: &str) -> Vec<String> {
    let program = example(name);
    let mut engine = language(&program, DEFAULT_MAXLEN, true);
    let mut lines = Vec::new();
    loop {
        let step = engine.step();
        if let LanguageStep::Finished(verdict) = &step {
            lines.push(format!("{verdict:?}"));
            break;
        }
        lines.extend(engine.describe(&step));
    }
    lines.push(format!("{:?}", engine.counters()));
    lines
}

#[test]
fn runs_are_deterministic() {
    for name in ["toggle_safe.c", "countdown_unsafe.c"] {
        let first = transcript(name);
        assert!(first.len() > 3, "{name}: {first:?}");
        assert_eq!(first, transcript(name), "{name}");
    }
}

/// `x > 0` then `x < 0`: no symbol pair along the path is infeasible by itself, the three
/// symbols together are.
const MIDFIX: &str = "extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int main() {
  int x = __VERIFIER_nondet_int();
  if (x > 0) {
    if (x < 0) {
      reach_error();
    }
  }
  return 0;
}
";

#[test]
fn a_midfix_removal_spares_the_split_a_shorter_maxlen_needs() {
    let program = program_of("midfix.c", MIDFIX.to_string(), Integers::Mathematical);
    // Without abstract interpretation's invariants, so that the regions alone decide.
    let mut three = language(&program, 3, false);
    assert!(matches!(three.run(), Verdict::Safe { .. }));
    let c = three.counters();
    assert_eq!((c.splits, c.removed), (0, 1), "{c:?}");
    let removed = &three.removals()[0];
    assert_eq!(removed.word.len(), 3, "the midfix of the two tests");
    assert!(removed.regions.iter().all(|r| *r == craig::refine::formula::Pred::True));
    let mut two = language(&program, 2, false);
    assert!(matches!(two.run(), Verdict::Safe { .. }));
    assert!(two.counters().splits > 0, "{:?}", two.counters());
    assert_eq!(two.check_certificate().unwrap(), None);
}

#[test]
fn the_language_domain_agrees_with_impact_on_the_examples() {
    // The examples the language domain decides within a few seconds in a debug build.
    let names = [
        "bits_safe.c",
        "bounded_loop_safe.c",
        "constant_sum_safe.c",
        "counter_safe.c",
        "counter_unsafe.c",
        "division_unsafe.c",
        "goto_safe.c",
        "overflow_unsafe.c",
        "parity_unsafe.c",
        // Its counterexample through the cut recursive call does not replay: the language
        // domain starts again on a deeper unrolling, as IMPACT does.
        "recursive_sum_safe.c",
        "two_counters_safe.c",
        "wraparound_safe.c",
    ];
    for name in names {
        let program = example(name);
        let mut impact = Engine::configured(&program, "main", limits(20_000), Domain::Impact, true)
            .expect("main is analysable");
        let expected = impact.run();
        let mut engine = language(&program, DEFAULT_MAXLEN, true);
        let verdict = engine.run();
        match (&expected, &verdict) {
            (Verdict::Safe { .. }, Verdict::Safe { .. }) => {
                assert_eq!(engine.check_certificate().unwrap(), None, "{name}");
            }
            (Verdict::Unsafe(a), Verdict::Unsafe(b)) => {
                assert_replays(name, &program, &verdict);
                assert_eq!(a.check, b.check, "{name}: the same kind of check fails");
            }
            _ => panic!("{name}: IMPACT says {expected:?}, the language domain {verdict:?}"),
        }
    }
}

fn command(args: &[&str]) -> (u8, String) {
    use clap::Parser as _;
    #[derive(clap::Parser)]
    enum Cli {
        Cegar(craig::cli::cegar::Args),
    }
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = match Cli::try_parse_from(std::iter::once("craig").chain(args.iter().copied())) {
        Ok(Cli::Cegar(a)) => craig::cli::cegar::run(&a, &mut out, &mut err),
        Err(e) => return (e.exit_code() as u8, e.to_string()),
    };
    let code = code.unwrap_or_else(|e| e.exit_code());
    (code, String::from_utf8(out).unwrap())
}

#[test]
fn craig_cegar_runs_the_language_domain() {
    let dir = format!("{}/examples/c", env!("CARGO_MANIFEST_DIR"));
    let safe = format!("{dir}/two_counters_safe.c");
    let (code, out) = command(&["cegar", "--math-int", "--domain", "language", &safe]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("SAFE\ncertificate (language domain, checked afresh)"), "{out}");
    assert!(out.contains("\ndomain language: refinements "), "{out}");
    assert!(out.contains(", DFA peak ") && out.contains(", SMT calls "), "{out}");
    let unsafe_ = format!("{dir}/counter_unsafe.c");
    let (code, out) = command(&["cegar", "--math-int", "--domain", "language", &unsafe_]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("UNSAFE\n") && out.contains("replayed: `craig run"), "{out}");
    let (code, out) = command(&["cegar", "--domain", "language", "--maxlen", "1", &safe]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("at least 2"), "{out}");
    let (code, _) = command(&["cegar", "--domain", "language", "--engine", "kinduction", &safe]);
    assert_eq!(code, 2);
}

#[test]
fn the_prompt_runs_the_language_domain_to_the_end_saying_each_step() {
    use crate::common::{bench, run};
    let mut wb = bench();
    let loaded = run(&mut wb, "load examples/c/counter_unsafe.c");
    assert!(loaded.starts_with("loaded theory counter_unsafe"), "{loaded}");
    let out = run(&mut wb, "cegar --domain language");
    assert!(out.starts_with("new run: language-based refinement"), "{out}");
    assert!(out.contains("\nUNSAFE: ") && out.contains("(replayed by the interpreter)"), "{out}");
    assert!(out.contains("\ndomain language: refinements "), "{out}");
    let refused = run(&mut wb, "cegar --domain language --engine kinduction");
    assert!(refused.starts_with("error: the language domain runs its own engine"), "{refused}");
}

//! May-must analysis (`craig smash`, seed 004's DASH): the paper's examples get their verdicts,
//! every `SAFE` is an inductive certificate checked again here, every `UNSAFE` replays on the
//! interpreter, no example of the refinement engine gets a verdict its name contradicts, and a
//! run is the same every time.

use craig::c::{DataModel, Integers, read_c_with};
use craig::hol::Obligation;
use craig::ir::Program;
use craig::ir::interpret::{Outcome, run};
use craig::refine::formula::Pred;
use craig::refine::{Limits, Verdict, check_inductive};
use craig::smash::{Dash, DashStep};
use craig::smt::SmtStats;
use craig::syntax::SourceMap;

pub(crate) fn read(folder: &str, name: &str, integers: Integers) -> Program {
    let path = format!("{}/examples/{folder}/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    let mut sources = SourceMap::new();
    let file = sources.add(name, None, text);
    let program = read_c_with(&mut sources, file, integers, DataModel::Lp64).0;
    program.unwrap_or_else(|| panic!("{name} lowers"))
}

/// The paper's example, deciding only `unreach-call`, as `craig smash --property unreach-call`.
pub(crate) fn paper_example(name: &str) -> Program {
    let mut program = read("smash", name, Integers::Machine);
    program.assume_checks_except(&[Obligation::ErrorUnreachable, Obligation::MemoryModel]);
    program
}

fn limits(max_steps: usize) -> Limits {
    Limits { max_steps: Some(max_steps), ..Limits::default() }
}

/// A `SAFE` verdict's invariants (`False` at every location it does not list) are an inductive
/// certificate, and `True` everywhere is not one.
fn assert_certified(name: &str, dash: &Dash, verdict: &Verdict) {
    let Verdict::Safe { invariants } = verdict else {
        panic!("{name}: expected Safe: {verdict:?}")
    };
    let mut full = vec![Pred::False; dash.flat.locations.len()];
    for (l, p) in invariants {
        full[*l] = p.clone();
    }
    let (mut stats, mut calls) = (SmtStats::default(), 0);
    let failure = check_inductive(&dash.flat, &full, &mut stats, &mut calls).unwrap();
    assert_eq!(failure, None, "{name}: certificate");
    let weakened = vec![Pred::True; full.len()];
    let failure = check_inductive(&dash.flat, &weakened, &mut stats, &mut calls).unwrap();
    assert!(failure.is_some(), "{name}: True everywhere must not certify safety");
}

/// An `UNSAFE` verdict's inputs make the interpreter fail the same check at the same place.
pub(crate) fn assert_replays(
    name: &str,
    program: &Program,
    verdict: &Verdict,
) -> Vec<rug::Integer> {
    let Verdict::Unsafe(cex) = verdict else { panic!("{name}: expected Unsafe: {verdict:?}") };
    let main = program.find("main").unwrap();
    match run(program, main, &cex.inputs, 1_000_000) {
        Outcome::AssertionFailed { obligation, span, .. } => {
            assert_eq!((obligation, span), (cex.check, cex.span), "{name}: the same check");
        }
        other => panic!("{name}: the counterexample does not replay: {other:?}"),
    }
    cex.inputs.clone()
}

/// Whether a counterexample's inputs are of the kind the example's comment says.
type InputsFit = dyn Fn(&[rug::Integer]) -> bool;

#[test]
fn the_papers_examples_get_their_verdicts() {
    for name in ["sm1_abs_safe.c", "sm4_foo_g_safe.c"] {
        let program = paper_example(name);
        let mut dash = Dash::new(&program, "main", limits(2_000)).unwrap();
        let verdict = dash.run();
        assert_certified(name, &dash, &verdict);
    }
    let expected_inputs: [(&str, &InputsFit); 3] = [
        // Example 2: three positive inputs; `h` is never positive here.
        ("sm2_positive_unsafe.c", &|i| i.len() == 3 && i.iter().all(|n| *n > 0)),
        // Example 3: any j <= 0.
        ("sm3_foo_bar_unsafe.c", &|i| i.len() == 1 && i[0] <= 0),
        // Example 4 with g(j) = j - 10: bar(i) > 10 needs i > 5, and g(j) < 0 needs j < 10.
        ("sm5_foo_g_unsafe.c", &|i| i.len() == 2 && i[0] > 5 && i[1] > 2 && i[1] < 10),
    ];
    for (name, fits) in expected_inputs {
        let program = paper_example(name);
        let mut dash = Dash::new(&program, "main", limits(2_000)).unwrap();
        let verdict = dash.run();
        let inputs = assert_replays(name, &program, &verdict);
        assert!(fits(&inputs), "{name}: inputs {inputs:?}");
    }
}

#[test]
fn a_bug_behind_a_narrow_branch_is_found_by_a_directed_test_not_by_chance() {
    // Every concrete run chooses 0 for an input; only the solver's steps into the regions the
    // splits carved out (i > 5, then 2 < j < 10) reach the error.
    let program = paper_example("sm5_foo_g_unsafe.c");
    let mut dash = Dash::new(&program, "main", limits(2_000)).unwrap();
    let verdict = dash.run();
    assert_replays("sm5_foo_g_unsafe.c", &program, &verdict);
    let tests = dash.log.iter().filter(|s| matches!(s, DashStep::Test { .. })).count();
    let splits = dash.log.iter().filter(|s| matches!(s, DashStep::Refined { .. })).count();
    assert!(tests >= 2, "more than the first run: {tests} tests");
    assert!(splits >= 1, "the may side narrowed the search: {splits} splits");
    // The test that reached the error ended the run: it is counted, and logged as the end.
    assert_eq!(dash.counters().tests, tests + 1);
    assert_eq!(dash.counters().splits, splits);
}

#[test]
fn the_same_program_gives_the_same_steps_every_time() {
    for name in ["sm1_abs_safe.c", "sm5_foo_g_unsafe.c"] {
        let program = paper_example(name);
        let mut first = Dash::new(&program, "main", limits(2_000)).unwrap();
        let mut second = Dash::new(&program, "main", limits(2_000)).unwrap();
        let (a, b) = (first.run(), second.run());
        assert_eq!(format!("{a:?}"), format!("{b:?}"), "{name}: verdict");
        assert_eq!(first.counters(), second.counters(), "{name}: counters");
        assert_eq!(format!("{:?}", first.log), format!("{:?}", second.log), "{name}: steps");
    }
}

#[test]
fn no_example_of_the_refinement_engine_gets_a_verdict_its_name_contradicts() {
    let folder = format!("{}/examples/c", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&folder)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".c") && n != "mcmillan_cav06.c")
        .collect();
    names.sort();
    let mut answered = 0;
    for name in &names {
        // Read as the refinement tests read them: these three are about machine integers.
        let machine = ["bits_safe.c", "overflow_unsafe.c", "wraparound_safe.c"];
        let integers = if machine.contains(&name.as_str()) {
            Integers::Machine
        } else {
            Integers::Mathematical
        };
        let program = read("c", name, integers);
        let limits = Limits { max_steps: Some(150), max_nodes: Some(400), ..Limits::default() };
        let Ok(mut dash) = Dash::new(&program, "main", limits) else { continue };
        let verdict = dash.run();
        match &verdict {
            Verdict::Safe { .. } => {
                assert!(name.ends_with("_safe.c"), "{name}: SAFE");
                assert_certified(name, &dash, &verdict);
                answered += 1;
            }
            Verdict::Unsafe(_) => {
                assert!(name.ends_with("_unsafe.c"), "{name}: UNSAFE");
                assert_replays(name, &program, &verdict);
                answered += 1;
            }
            Verdict::Unknown(_) => {}
        }
    }
    assert!(answered >= 10, "only {answered} of {} examples answered", names.len());
}

#[test]
fn a_step_limit_ends_the_run_with_unknown_and_says_so() {
    let program = paper_example("sm1_abs_safe.c");
    let mut dash = Dash::new(&program, "main", limits(3)).unwrap();
    let Verdict::Unknown(why) = dash.run() else { panic!("three steps cannot decide it") };
    assert!(why.contains("step limit (3)"), "{why}");
    assert_eq!(dash.counters().steps, 3);
}

#[test]
fn a_missing_function_is_refused() {
    let program = paper_example("sm1_abs_safe.c");
    let Err(e) = Dash::new(&program, "nowhere", limits(3)) else { panic!("no function nowhere") };
    assert!(e.to_string().contains("nowhere"), "{e}");
}

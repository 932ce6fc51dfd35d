//! A path the SMT core gives up on is left unresolved and the search goes on: another path may
//! still give a counterexample, which is answered `UNSAFE` only once replayed; with no
//! counterexample the answer is `UNKNOWN` naming the path, never `SAFE`. The programs check a
//! market split (two equations over fourteen 0/1 variables, with no solution), which the SMT
//! core gives up deciding under a small branch-and-bound budget (`Limits::max_splits`; with
//! its own budget IMPACT decides it, then gives up interpolating it after minutes, too slow for
//! a test). Besides it, a check that is not linear (over-approximated, so its path does not
//! replay) and a real bug, on another branch.

use craig::c::{DataModel, Integers, read_c_with};
use craig::ir::Program;
use craig::ir::interpret::{Outcome, run};
use craig::refine::kinduction::{KInduction, KStep};
use craig::refine::{Domain, Engine, Limits, StepReport, Verdict};
use craig::syntax::SourceMap;

/// The market split's coefficients and right-hand sides (no 0/1 solution).
const ROWS: [([i64; 14], i64); 2] = [
    ([8, 48, 9, 35, 39, 46, 12, 15, 9, 41, 30, 49, 27, 14], 191),
    ([14, 10, 26, 11, 54, 9, 39, 13, 13, 2, 27, 16, 5, 7], 123),
];

/// The checks a program makes.
#[derive(Clone, Copy)]
enum Checks {
    /// The market split alone.
    Split,
    /// The market split on one branch, nothing on the other.
    SplitOrNothing,
    /// The market split on one branch (the first explored), and on the other the non-linear
    /// check and the bug, whose paths carry nothing of the split.
    SplitOrBug,
}

/// The program making `checks`.
fn program(checks: Checks) -> Program {
    let mut text = String::from(
        "extern int __VERIFIER_nondet_int(void);\nvoid reach_error(void);\nint main(void) {\n",
    );
    let branch = matches!(checks, Checks::SplitOrBug | Checks::SplitOrNothing);
    if branch {
        text.push_str("  int c = __VERIFIER_nondet_int();\n  if (c) {\n");
    }
    for v in 0..14 {
        text.push_str(&format!(
            "  int x{v} = __VERIFIER_nondet_int();\n  if (x{v} < 0) return 0;\n  \
             if (x{v} > 1) return 0;\n"
        ));
    }
    let sums: Vec<String> = ROWS
        .iter()
        .map(|(coefficients, total)| {
            let terms: Vec<String> =
                coefficients.iter().enumerate().map(|(v, c)| format!("{c}*x{v}")).collect();
            format!("{} == {total}", terms.join(" + "))
        })
        .collect();
    text.push_str(&format!("  if ({}) reach_error();\n", sums.join(" && ")));
    if branch {
        text.push_str("  return 0;\n  }\n");
    }
    if let Checks::SplitOrBug = checks {
        text.push_str("  int y = __VERIFIER_nondet_int();\n  if (y * y == -1) reach_error();\n");
        text.push_str("  int n = __VERIFIER_nondet_int();\n  if (n == 42) reach_error();\n");
    }
    text.push_str("  return 0;\n}\n");
    let mut sources = SourceMap::new();
    let file = sources.add("split.c", None, text);
    let (program, diagnostics) =
        read_c_with(&mut sources, file, Integers::Mathematical, DataModel::Lp64);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    program.expect("the program lowers")
}

/// Limits with at most `splits` branch-and-bound splits per path check (`None`: the SMT
/// core's own budget).
fn limits(splits: Option<u64>) -> Limits {
    Limits { max_steps: Some(20_000), max_splits: splits, ..Limits::default() }
}

/// An `UNSAFE` answer's inputs fail the same check on the interpreter, and it is the bug's.
fn assert_the_bug_replays(program: &Program, verdict: &Verdict) {
    let Verdict::Unsafe(cex) = verdict else { panic!("expected UNSAFE, got {verdict:?}") };
    assert_eq!(cex.inputs.last().map(ToString::to_string), Some("42".into()), "{cex:?}");
    let main = program.find("main").unwrap();
    match run(program, main, &cex.inputs, 1_000_000) {
        Outcome::AssertionFailed { obligation, span, .. } => {
            assert_eq!((obligation, span), (cex.check, cex.span));
        }
        other => panic!("the counterexample does not replay: {other:?}"),
    }
}

/// IMPACT's run to the end, with the reasons of the paths it gave up on.
fn impact(program: &Program, splits: Option<u64>) -> (Verdict, Vec<String>) {
    let mut engine = Engine::configured(program, "main", limits(splits), Domain::Impact, true)
        .expect("main is analysable");
    let mut given_up = Vec::new();
    loop {
        match engine.step() {
            StepReport::GaveUp { reason, .. } => given_up.push(reason),
            StepReport::Finished(verdict) => return (verdict, given_up),
            _ => {}
        }
    }
}

#[test]
fn impact_goes_past_a_path_it_gave_up_on_to_a_bug_that_replays() {
    let buggy = program(Checks::SplitOrBug);
    let (verdict, given_up) = impact(&buggy, Some(1));
    assert_the_bug_replays(&buggy, &verdict);
    assert_eq!(given_up.len(), 1, "{given_up:?}");
    assert!(given_up[0].contains("the SMT core gave up deciding"), "{given_up:?}");
    assert!(given_up[0].contains("branch and bound"), "{given_up:?}");
}

#[test]
fn impact_never_answers_safe_past_a_path_it_gave_up_on() {
    // The same path as the buggy program's: with one split the SMT core gives up deciding it
    // (the split alone, without the branch's condition, it decides, and then gives up
    // interpolating it only after minutes of branch and bound).
    let safe = program(Checks::SplitOrNothing);
    let (verdict, given_up) = impact(&safe, Some(1));
    let Verdict::Unknown(why) = &verdict else { panic!("{verdict:?}") };
    assert_eq!(given_up.len(), 1, "{given_up:?}");
    assert_eq!(why, &given_up[0]);
    assert!(why.starts_with("the SMT core gave up deciding the error path to n"), "{why}");
}

/// k-induction's run to the end under at most `splits` splits per path check, with the paths
/// the SMT core gave up on, summed over the rounds.
fn kinduction(program: &Program, splits: Option<u64>) -> (Verdict, usize) {
    let mut engine = KInduction::new(program, "main", limits(splits), true).expect("analysable");
    let mut undecided = 0;
    loop {
        match engine.step() {
            KStep::Round(r) | KStep::Deepened { round: r, .. } => undecided += r.undecided,
            KStep::Finished { round, verdict } => {
                return (verdict, undecided + round.map_or(0, |r| r.undecided));
            }
        }
    }
}

#[test]
fn kinduction_goes_past_a_path_it_gave_up_on_to_a_bug_that_replays() {
    // The split's error path is checked (and given up on) in the first rounds, from its
    // check backwards; the bug's is found from the start a few rounds later.
    let buggy = program(Checks::SplitOrBug);
    let (verdict, undecided) = kinduction(&buggy, Some(1));
    assert_the_bug_replays(&buggy, &verdict);
    assert!(undecided > 0, "nothing was given up on");
}

#[test]
fn kinduction_never_answers_safe_past_a_path_it_gave_up_on() {
    let safe = program(Checks::Split);
    let (verdict, undecided) = kinduction(&safe, Some(1));
    assert!(undecided > 0);
    let Verdict::Unknown(why) = &verdict else { panic!("{verdict:?}") };
    assert!(why.contains("the SMT core gave up on an error path of"), "{why}");
}

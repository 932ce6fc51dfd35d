//! The strategy schedule of `craig prove`: slices run in order while the ones before give up,
//! each with its share of the step budget, and what `--stats` prints of them is the same on
//! every run under `--steps`, and the schedule file's reader never panics. Problems come from
//! `tests/data/tptp`; only step limits are used.

use std::path::{Path, PathBuf};

use craig::input::load_problem_with_roots;
use craig::prover::{Clock, Limits, ProverOptions, Stopwatch};
use craig::solve::answer::SzsStatus;
use craig::solve::schedule::{self, Budget, Schedule};

fn tptp_root() -> PathBuf {
    PathBuf::from("tests/data/tptp")
}

fn problem_path(name: &str) -> PathBuf {
    tptp_root().join("Problems").join(&name[..3]).join(format!("{name}.p"))
}

/// A schedule of the given slices over three strategies that differ in literal selection.
fn schedule_of(slices: &[(&str, u32)]) -> Schedule {
    let strategy = |name: &str, selection: &str| {
        format!(
            "(name: \"{name}\", selection: \"{selection}\", clause_weight: \"symbols\", age_ratio: 1, weight_ratio: 5, non_goal_weight_percent: 150, sine_tolerance_percent: None)"
        )
    };
    let slices: Vec<String> =
        slices.iter().map(|(s, p)| format!("(strategy: \"{s}\", percent: {p})")).collect();
    let text = format!(
        "(strategies: [{}, {}, {}], default: [{}], classes: {{}})",
        strategy("first", "max-negative-if-positive"),
        strategy("second", "none"),
        strategy("third", "complex"),
        slices.join(", ")
    );
    Schedule::parse(&text).expect("the test schedule is valid")
}

fn run_schedule(name: &str, schedule: &Schedule, steps: u64) -> schedule::ScheduleRun {
    let root = tptp_root();
    let problem = load_problem_with_roots(&problem_path(name), std::slice::from_ref(&root))
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let base = ProverOptions { limits: Limits::default(), ..ProverOptions::default() };
    let budget =
        Budget { time: None, steps: Some(steps), watch: Stopwatch::start(Clock::ProcessCpu) };
    schedule::run(&problem, schedule, &schedule.default, &base, budget, true, &mut |_| {})
}

#[test]
fn slices_run_in_order_while_the_ones_before_give_up() {
    // GRP003-1 needs 81 given clauses under the first strategy: 2% of 1000 steps is too few,
    // so the first slice gives up at its budget and the second (98%, 980 steps) proves it;
    // nothing after a slice that answered runs.
    let schedule = schedule_of(&[("first", 2), ("second", 97), ("third", 1)]);
    let run = run_schedule("GRP003-1", &schedule, 1000);
    let seen: Vec<(&str, SzsStatus, u64)> =
        run.attempts.iter().map(|a| (a.strategy.as_str(), a.status, a.given)).collect();
    assert_eq!(seen.len(), 2, "{seen:?}");
    assert_eq!(seen[0], ("first", SzsStatus::ResourceOut, 20));
    assert_eq!((seen[1].0, seen[1].1), ("second", SzsStatus::Unsatisfiable));
    assert!(seen[1].2 <= 970, "the second slice keeps to its 97% of the steps: {seen:?}");
    assert!(matches!(run.solved.check, Some(Ok(_))), "the answer is a checked refutation");
    assert_eq!(run.options.limits.given_clauses, Some(970));
}

#[test]
fn a_schedule_whose_slices_all_give_up_reports_the_last() {
    let schedule = schedule_of(&[("first", 50), ("second", 30), ("third", 20)]);
    let run = run_schedule("GRP003-1", &schedule, 10);
    let seen: Vec<(&str, u64)> =
        run.attempts.iter().map(|a| (a.strategy.as_str(), a.given)).collect();
    assert_eq!(seen, [("first", 5), ("second", 3), ("third", 2)]);
    assert!(run.attempts.iter().all(|a| schedule::gave_up(a.status)));
    assert_eq!(run.solved.status, SzsStatus::ResourceOut);
}

fn craig_prove(args: &[&str], file: &Path) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_craig"))
        .arg("prove")
        .args(args)
        .arg(file)
        .env("TPTP", tptp_root())
        .output()
        .expect("craig runs");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).expect("craig prints UTF-8")
}

/// The lines `--stats` prints about the schedule.
fn schedule_lines(output: &str) -> Vec<&str> {
    output
        .lines()
        .filter(|l| {
            l.starts_with("% schedule:")
                || l.starts_with("% slice ")
                || l.starts_with("% solved by")
        })
        .collect()
}

#[test]
fn the_printed_slices_are_in_order_and_the_same_on_every_run_under_steps() {
    for name in ["GRP003-1", "LCL108-1", "PUZ001-1"] {
        let file = problem_path(name);
        let first = craig_prove(&["--stats", "--steps", "3000", "--no-fmb"], &file);
        let again = craig_prove(&["--stats", "--steps", "3000", "--no-fmb"], &file);
        let lines = schedule_lines(&first);
        assert_eq!(lines, schedule_lines(&again), "{name}: the schedule is not deterministic");
        assert!(lines[0].starts_with("% schedule: class "), "{name}: {first}");
        let slices: Vec<&str> =
            lines.iter().copied().filter(|l| l.starts_with("% slice ")).collect();
        assert!(!slices.is_empty(), "{name}: no slice printed: {first}");
        for (i, line) in slices.iter().enumerate() {
            assert!(line.starts_with(&format!("% slice {} ", i + 1)), "{name}: {line}");
        }
        let solved_by = lines.last().expect("lines were found");
        assert!(
            solved_by.starts_with(&format!("% solved by slice {} of ", slices.len())),
            "{name}: the last slice run answered: {first}"
        );
        assert!(first.contains("% SZS status Unsatisfiable"), "{name}: {first}");
    }
}

#[test]
fn a_strategy_option_or_no_schedule_runs_one_strategy() {
    let file = problem_path("GRP003-1");
    for args in [&["--no-schedule"][..], &["--selection", "none"][..]] {
        let output = craig_prove(&[&["--stats", "--steps", "3000"][..], args].concat(), &file);
        assert!(schedule_lines(&output).is_empty(), "{args:?}: {output}");
        assert!(output.contains("% SZS status Unsatisfiable"), "{args:?}: {output}");
    }
}

/// A schedule file with a syntax error is refused with `FILE:line:col: message`, as craig's
/// other readers report; one that parses but names an unknown ordering with `FILE: message`.
#[test]
fn a_bad_schedule_file_is_reported_with_its_name_line_and_column() {
    let dir = std::env::temp_dir().join(format!("craig-schedule-error-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let strategy = "(name: \"s\", selection: \"none\", clause_weight: \"symbols\", age_ratio: 1, weight_ratio: 5, non_goal_weight_percent: 150, sine_tolerance_percent: None, ordering: \"lpo\")";
    let good = format!(
        "(\n    strategies: [{strategy}],\n    default: [(strategy: \"s\", percent: 100)],\n    classes: {{}},\n)\n"
    );
    let cases = [
        // The third line's value is cut off after its opening bracket.
        ("syntax.ron", good.replace("default: [(strategy", "default: [(strateg y"), ":3:"),
        ("ordering.ron", good.replace("\"lpo\"", "\"rpo\""), ": strategy s: no ordering rpo"),
    ];
    let problem = problem_path("GRP003-1");
    for (name, text, expected) in cases {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("the schedule file is written");
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_craig"))
            .args(["prove", "--steps", "10", "--schedule"])
            .arg(&path)
            .arg(&problem)
            .env("TPTP", tptp_root())
            .output()
            .expect("craig runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_ne!(out.status.code(), Some(0), "{name}: {stderr}");
        let prefix = format!("{}{expected}", path.display());
        assert!(stderr.contains(&prefix), "{name}: expected {prefix:?} in {stderr:?}");
    }
    // The good file runs the LPO strategy it names.
    let path = dir.join("good.ron");
    std::fs::write(&path, &good).expect("the schedule file is written");
    let output = craig_prove(
        &["--stats", "--steps", "3000", "--schedule", path.to_str().expect("a UTF-8 path")],
        &problem,
    );
    assert!(output.contains("% SZS status Unsatisfiable"), "{output}");
    std::fs::remove_dir_all(&dir).expect("the temporary folder is removed");
}

#[test]
fn the_ordering_and_precedence_options_run_one_checked_strategy() {
    let file = problem_path("GRP003-1");
    for args in [&["--ordering", "lpo"][..], &["--precedence", "conjecture-high"][..]] {
        let output = craig_prove(&[&["--stats", "--steps", "3000"][..], args].concat(), &file);
        assert!(schedule_lines(&output).is_empty(), "{args:?}: {output}");
        assert!(output.contains("% SZS status Unsatisfiable"), "{args:?}: {output}");
    }
}

/// The schedule file `--schedule FILE` reads, cut short, with a byte replaced or with a number
/// made huge: the reader answers a schedule or an error, and never panics.
mod schedule_file_never_panics {
    use proptest::prelude::*;

    use craig::solve::schedule::{Schedule, ScheduleError};

    fn shipped() -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/solve/schedule.ron");
        std::fs::read_to_string(path).expect("the shipped schedule")
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

        #[test]
        fn cut_short_or_with_a_byte_replaced(cut in 0usize..4000, at in 0usize..4000, byte in 0u8..128) {
            let text = shipped();
            let mut bytes = text.into_bytes();
            let at = at % bytes.len();
            bytes[at] = byte;
            bytes.truncate(cut);
            let text = String::from_utf8_lossy(&bytes);
            let _ = Schedule::parse(&text);
        }

        #[test]
        fn with_a_number_made_huge(which in 0usize..200, value in prop_oneof![Just(u32::MAX), any::<u32>()]) {
            let text = shipped();
            let numbers: Vec<(usize, usize)> = text
                .char_indices()
                .filter(|&(i, c)| c.is_ascii_digit() && !text[..i].ends_with(|p: char| p.is_ascii_digit()))
                .map(|(i, _)| (i, text[i..].find(|c: char| !c.is_ascii_digit()).map_or(text.len(), |n| i + n)))
                .collect();
            let (start, end) = numbers[which % numbers.len()];
            let text = format!("{}{value}{}", &text[..start], &text[end..]);
            let _ = Schedule::parse(&text);
        }
    }

    /// The shipped table with its default slices replaced by one slice of 100 percent, so the
    /// edits below do not depend on how the table was tuned.
    fn shipped_with_one_default_slice() -> String {
        let text = shipped();
        let start = text.find("    default: [").expect("the table has default slices");
        let end = start + text[start..].find("],\n").expect("the default slices end") + 3;
        let one = "    default: [(strategy: \"complex-goal\", percent: 100)],\n";
        format!("{}{one}{}", &text[..start], &text[end..])
    }

    #[test]
    fn shares_that_overflow_are_refused_not_a_panic() {
        let shipped = shipped_with_one_default_slice();
        assert!(Schedule::parse(&shipped).is_ok());
        let text = shipped.replacen("percent: 100)", &format!("percent: {})", u32::MAX), 1);
        assert!(Schedule::parse(&text).is_err());
        let both = format!("percent: {}), (strategy: \"complex-goal\", percent: 1)", u32::MAX);
        let text = shipped.replacen("percent: 100)", &both, 1);
        let refused = Schedule::parse(&text).unwrap_err();
        assert!(matches!(refused, ScheduleError::SharesNot100(_)), "{refused}");
        let text = shipped.replacen(
            "age_ratio: 1, weight_ratio: 5",
            &format!("age_ratio: {}, weight_ratio: 1", u32::MAX),
            1,
        );
        assert!(Schedule::parse(&text).is_ok());
    }
}

//! The termination argument (`refine::termination`): loops ranked by a function the engine
//! checks on an instrumented copy of the program, nested loops and loops in callees included;
//! loops that may run forever never called terminating; recursion, calls without a body and
//! cycles that are no natural loop refused with the place named; the same report every time;
//! runs that come back to a state they have been in answered as never ending.

use craig::c::{DataModel, Integers, read_c_with};
use craig::ir::Program;
use craig::refine::termination::{Outcome, prove_termination};
use craig::refine::{Domain, Limits};
use craig::syntax::SourceMap;

const HEADER: &str = "extern int __VERIFIER_nondet_int(void);\n";

fn program_of(text: &str, integers: Integers) -> (SourceMap, Program) {
    let mut sources = SourceMap::new();
    let file = sources.add("loops.c", None, format!("{HEADER}{text}\n"));
    let (program, diagnostics) = read_c_with(&mut sources, file, integers, DataModel::Lp64);
    assert!(diagnostics.is_empty(), "{text} reads without diagnostics");
    (sources, program.expect("the program lowers"))
}

fn limits() -> Limits {
    Limits { max_steps: Some(5_000), ..Limits::default() }
}

fn outcome(text: &str, integers: Integers) -> Outcome {
    let (_, program) = program_of(text, integers);
    prove_termination(&program, "main", limits(), Domain::Impact).outcome
}

fn rankings(text: &str) -> Vec<(String, String)> {
    match outcome(text, Integers::Machine) {
        Outcome::Terminates(r) => r.into_iter().map(|r| (r.procedure, r.function)).collect(),
        other => panic!("{text}: not shown to end: {other:?}"),
    }
}

#[test]
fn nested_loops_and_a_callee_loop_are_ranked() {
    let nested = "int main(void) { int n = __VERIFIER_nondet_int(); int s = 0;\n\
                  for (int i = 0; i < n; i++) for (int j = 0; j < i; j++) s = j;\n return s; }";
    assert_eq!(
        rankings(nested),
        [("main".to_string(), "n - i".to_string()), ("main".to_string(), "i - j".to_string())]
    );
    let callee = "int sum(int n) { int s = 0; while (n > 0) { s = s + 1; n = n - 1; } return s; }\n\
                  int main(void) { int k = __VERIFIER_nondet_int(); if (k > 100) return 0;\n\
                  return sum(k) + sum(3); }";
    assert_eq!(rankings(callee), [("sum".to_string(), "n - 0".to_string())]);
    // No loop, no recursion: every run ends, with nothing to rank.
    assert_eq!(rankings("int main(void) { return __VERIFIER_nondet_int() > 0; }"), []);
}

/// Loops `while (i < 10) i = i + k;` from an arbitrary `i`: they end exactly when `k > 0`.
#[test]
fn a_loop_is_shown_to_end_only_when_it_does() {
    for k in [-2, -1, 0, 1, 2, 3] {
        let text = format!(
            "int main(void) {{ int i = __VERIFIER_nondet_int(); if (i < -5) return 0;\n\
             while (i < 10) i = i + ({k}); return 0; }}"
        );
        let shown = matches!(outcome(&text, Integers::Mathematical), Outcome::Terminates(_));
        assert_eq!(shown, k > 0, "k = {k}");
    }
    // Down by two from an odd number never meets 0.
    let odd = "int main(void) { int x = 2 * __VERIFIER_nondet_int() + 1;\n\
               while (x != 0) x = x - 2; return 0; }";
    assert!(!matches!(outcome(odd, Integers::Mathematical), Outcome::Terminates(_)));
}

/// Runs that never end are found by a repeated state, with the same numbers every time, and
/// only when the loop can be stuck: the same loop with a step it always takes is not.
#[test]
fn a_run_that_comes_back_to_a_state_never_ends() {
    use craig::refine::endless::find_endless_run;
    let reset = "int main(void) { int x = 5;\n while (x > 0) { x = x - 1;\n \
                 if (__VERIFIER_nondet_int()) x = 5; }\n return 0; }";
    let (_, program) = program_of(reset, Integers::Machine);
    let repeat = find_endless_run(&program, "main").expect("resetting to 5 repeats");
    assert_eq!(repeat.input, 1);
    let again = find_endless_run(&program, "main").expect("the same search");
    assert_eq!((repeat.first, repeat.period), (again.first, again.period));
    assert!(repeat.period > 0);
    let counts = "int main(void) { int x = 5;\n while (x > 0) { x = x - 1;\n \
                  if (__VERIFIER_nondet_int()) x = x + 0; }\n return 0; }";
    let (_, program) = program_of(counts, Integers::Machine);
    assert_eq!(find_endless_run(&program, "main"), None);
}

#[test]
fn what_the_argument_does_not_cover_is_refused_with_its_place() {
    let cases = [
        (
            "int f(int n) { if (n <= 0) return 0; return f(n - 1); }\n\
             int main(void) { return f(3); }",
            "the program is recursive (f → f)",
            "loops.c:2:5",
        ),
        (
            "extern void wait(void);\nint main(void) { wait(); return 0; }",
            "`wait` is called but craig does not have its body",
            "loops.c:2:13",
        ),
        (
            "int main(void) { int i = 0;\n if (__VERIFIER_nondet_int()) goto b;\n a: i++;\n \
             b: if (i < 3) goto a;\n return 0; }",
            "has a cycle that is no natural loop",
            "loops.c:",
        ),
    ];
    for (text, why, place) in cases {
        let (sources, program) = program_of(text, Integers::Machine);
        match prove_termination(&program, "main", limits(), Domain::Impact).outcome {
            Outcome::Unknown { reason, at } => {
                assert!(reason.contains(why), "{text}: {reason}");
                let at = sources.location(at.expect("a place"));
                assert!(at.starts_with(place), "{text}: {at}");
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn the_same_program_gives_the_same_report() {
    let text = "int main(void) { int n = __VERIFIER_nondet_int(); int s = 0;\n\
                for (int i = 0; !(i >= n); i++) s = s + 2; return 0; }";
    let (_, program) = program_of(text, Integers::Mathematical);
    let first = prove_termination(&program, "main", limits(), Domain::Impact);
    let again = prove_termination(&program, "main", limits(), Domain::Impact);
    assert_eq!(first.runs, 2, "the first candidate, `i - n`, is refuted: {first:?}");
    assert_eq!(first.runs, again.runs);
    assert_eq!(first.counters, again.counters);
    assert_eq!(format!("{:?}", first.outcome), format!("{:?}", again.outcome));
}

fn cegar(args: &[&str]) -> (u8, String) {
    use clap::Parser as _;
    #[derive(clap::Parser)]
    enum Cli {
        Cegar(craig::cli::cegar::Args),
    }
    let Cli::Cegar(args) =
        Cli::parse_from(["craig", "cegar"].into_iter().chain(args.iter().copied()));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = craig::cli::cegar::run(&args, &mut out, &mut err).unwrap_or_else(|e| e.exit_code());
    (code, String::from_utf8(out).unwrap() + &String::from_utf8(err).unwrap())
}

#[test]
fn the_termination_property_is_true_where_the_loops_are_ranked_and_unknown_otherwise() {
    let dir = crate::common::scratch("termination_property");
    let write = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, format!("{HEADER}{text}\n")).unwrap();
        crate::common::s(&path)
    };
    let ends = write(
        "ends.c",
        "int main(void) {\n int n = __VERIFIER_nondet_int(); int s = 0;\n \
         for (int i = 0; i < n; i++) s = 1;\n return s; }",
    );
    std::fs::write(
        dir.join("ends.yml"),
        "format_version: '2.0'\ninput_files: 'ends.c'\nproperties:\n  - property_file: \
         ../properties/termination.prp\n    expected_verdict: true\noptions:\n  language: C\n  \
         data_model: ILP32\n",
    )
    .unwrap();
    let task = crate::common::s(&dir.join("ends.yml"));
    for given in [vec![ends.as_str(), "--property", "termination"], vec![task.as_str()]] {
        let (code, out) = cegar(&given);
        assert_eq!(code, 0, "{out}");
        assert!(out.starts_with("SAFE\nevery run of `main` ends"), "{out}");
        assert!(out.contains(":4:2: `n - i`"), "{out}");
    }
    let (_, out) = cegar(&[&task]);
    assert!(out.contains("the task expects true"), "{out}");

    // A division by zero is undefined behaviour: the run need not end.
    let divides = write(
        "divides.c",
        "int main(void) {\n int d = __VERIFIER_nondet_int();\n int q = 100 / d;\n \
         for (int i = 0; i < q; i++) { }\n return 0; }",
    );
    let (code, out) = cegar(&[&divides, "--property", "termination"]);
    assert_eq!(code, 3, "{out}");
    assert!(out.starts_with("UNKNOWN: a run has undefined behaviour"), "{out}");
    assert!(out.contains("division by zero"), "{out}");

    // A run that comes back to a state it has been in never ends.
    let forever = write("forever.c", "int main(void) {\n while (1) { }\n return 0; }");
    let (code, out) = cegar(&[&forever, "--property", "termination"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("UNSAFE\na run of `main` never ends: with every input read as 0"),
        "{out}"
    );
    let stalls = write(
        "stalls.c",
        "int main(void) {\n int i = 0;\n while (i < 10) {\n if (__VERIFIER_nondet_int()) i++;\n }\n \
         return 0; }",
    );
    let (code, out) = cegar(&[&stalls, "--property", "termination"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("with every input read as 0, it comes back to the same state"), "{out}");
    assert!(out.contains("stalls.c:4:2 in `main`"), "{out}");
    // One whose state keeps changing (a counter wrapping around after 2^32 steps) is not seen.
    let wraps =
        write("wraps.c", "int main(void) {\n unsigned u = 0;\n while (1) u++;\n return 0; }");
    let (code, out) = cegar(&[&wraps, "--property", "termination"]);
    assert_eq!(code, 3, "{out}");
    assert!(out.starts_with("UNKNOWN: craig does not show that every run ends"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

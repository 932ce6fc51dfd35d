//! Compositional may-must analysis (`craig smash --mode smash|may|must`, seed 004's Fig. 10):
//! the paper's examples get their verdicts in every mode, Example 1's callee is analysed once
//! and its one not-may summary answers the other call sites, the certificates' intraprocedural
//! conditions hold again here, every `UNSAFE` replays, no example of the refinement engine gets
//! a verdict its name contradicts, a recursive program is refused (and the command inlines
//! instead), and a run is the same every time.

use super::smash::{assert_replays, paper_example, read};
use craig::c::Integers;
use craig::ir::Program;
use craig::refine::formula::Pred;
use craig::refine::{Limits, RefineError, Verdict, check_inductive_except};
use craig::smash::compose::{Mode, Smash, Target};
use craig::smash::{Callees, Dash};
use craig::smt::SmtStats;

fn analyse(program: &Program, mode: Mode) -> (Verdict, Smash, Dash) {
    let limits = Limits { max_steps: Some(400), ..Limits::default() };
    let mut smash = Smash::new(program, "main", limits, mode).expect("no recursion");
    let (verdict, dash) = smash.run(&mut |_, _| {});
    (verdict, smash, dash)
}

/// A `SAFE` verdict's invariants satisfy every condition of the certificate but those of the
/// opaque calls (which the summaries settle, and which the run checked against them).
fn assert_certified(name: &str, smash: &Smash, dash: &Dash, verdict: &Verdict) {
    let Verdict::Safe { invariants } = verdict else {
        panic!("{name}: expected Safe: {verdict:?}")
    };
    let mut full = vec![Pred::False; dash.flat.locations.len()];
    for (l, p) in invariants {
        full[*l] = p.clone();
    }
    let (mut stats, mut calls) = (SmtStats::default(), 0);
    let opaque = |e: usize| smash.call_edge(e).is_some();
    let failure = check_inductive_except(&dash.flat, &full, &opaque, &mut stats, &mut calls);
    assert_eq!(failure.unwrap(), None, "{name}: certificate");
}

const MODES: [Mode; 3] = [Mode::Smash, Mode::May, Mode::Must];

#[test]
fn example_1s_callee_gets_one_not_may_summary_that_answers_the_other_call_sites() {
    let program = paper_example("sm1_abs_safe.c");
    let g = program.find("g").unwrap();
    let (verdict, smash, dash) = analyse(&program, Mode::Smash);
    assert_certified("sm1", &smash, &dash, &verdict);
    let of_g: Vec<_> = smash.not_may.iter().filter(|n| n.callee == g).collect();
    assert_eq!(of_g.len(), 1, "one not-may summary for g: {:?}", smash.not_may);
    assert_eq!(of_g[0].target, Target::Return);
    assert!(of_g[0].uses >= 3, "used at the other call sites: {:?}", of_g[0]);
    let smash_analyses = smash.counters.analysed["g"];
    // Without not-may summaries every question on g analyses it again.
    let (verdict, must_only, _) = analyse(&program, Mode::Must);
    assert!(matches!(verdict, Verdict::Safe { .. }), "{verdict:?}");
    assert_eq!(must_only.counters.not_may_used, 0);
    assert!(
        must_only.counters.analysed["g"] > smash_analyses,
        "must-only analyses g {} times, SMASH {smash_analyses}",
        must_only.counters.analysed["g"]
    );
}

#[test]
fn the_papers_examples_get_their_verdicts_in_every_compositional_mode() {
    for mode in MODES {
        let program = paper_example("sm4_foo_g_safe.c");
        let (verdict, smash, dash) = analyse(&program, mode);
        assert_certified(&format!("sm4 {mode:?}"), &smash, &dash, &verdict);
        for name in ["sm3_foo_bar_unsafe.c", "sm5_foo_g_unsafe.c"] {
            let program = paper_example(name);
            let (verdict, _, _) = analyse(&program, mode);
            assert_replays(&format!("{name} {mode:?}"), &program, &verdict);
        }
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
    let (mut answered, mut refused) = (0, 0);
    for name in &names {
        let machine = ["bits_safe.c", "overflow_unsafe.c", "wraparound_safe.c"];
        let integers = if machine.contains(&name.as_str()) {
            Integers::Machine
        } else {
            Integers::Mathematical
        };
        let program = read("c", name, integers);
        let limits = Limits { max_steps: Some(150), max_nodes: Some(400), ..Limits::default() };
        let mut smash = match Smash::new(&program, "main", limits, Mode::Smash) {
            Ok(smash) => smash,
            Err(RefineError::Unsupported(why)) => {
                assert!(why.contains("recursive"), "{name}: {why}");
                refused += 1;
                continue;
            }
            Err(e) => panic!("{name}: {e}"),
        };
        let (verdict, dash) = smash.run(&mut |_, _| {});
        match &verdict {
            Verdict::Safe { .. } => {
                assert!(name.ends_with("_safe.c"), "{name}: SAFE");
                assert_certified(name, &smash, &dash, &verdict);
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
    assert!(refused >= 4, "the recursive examples are refused: {refused}");
    assert!(answered >= 10, "only {answered} of {} examples answered", names.len());
}

#[test]
fn the_same_program_gives_the_same_run_every_time() {
    let program = paper_example("sm5_foo_g_unsafe.c");
    let (first_verdict, first, first_dash) = analyse(&program, Mode::Smash);
    let (second_verdict, second, second_dash) = analyse(&program, Mode::Smash);
    assert_eq!(format!("{first_verdict:?}"), format!("{second_verdict:?}"));
    assert_eq!(first.counters, second.counters);
    assert_eq!(format!("{:?}", first_dash.log), format!("{:?}", second_dash.log));
    assert_eq!(format!("{:?}", first.not_may), format!("{:?}", second.not_may));
}

#[test]
fn a_recursive_program_is_inlined_by_the_command_and_it_says_so() {
    use clap::Parser as _;
    #[derive(clap::Parser)]
    enum Cli {
        Smash(craig::cli::smash::Args),
    }
    let path = format!("{}/examples/c/recursive_fib_unsafe.c", env!("CARGO_MANIFEST_DIR"));
    let Cli::Smash(args) = Cli::parse_from(["craig", "smash", &path, "--math-int"]);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = craig::cli::smash::run(&args, &mut out, &mut err).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert!(out.contains("no compositional analysis"), "{out}");
    assert!(out.contains("recursive"), "{out}");
    assert!(out.contains("(DASH, calls inlined)"), "{out}");
    assert_ne!(code, 0, "{out}");
}

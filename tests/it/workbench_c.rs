//! C programs at the workbench prompt, driven through `eval_line` with exact transcripts:
//! `load FILE.c` lowers the program (no goals), `theories` lists it, `show ir FUNCTION` prints a
//! function's IR with file:line:col, and a file with errors does not load.

use std::path::PathBuf;

mod common;

use common::run;
use craig::repl::Workbench;

const PROGRAM: &str = "int total;\n\
int add(int x) {\n  total += x;\n  return total;\n}\n\
int main() {\n  int k = __VERIFIER_nondet_int();\n  if (k > 3) reach_error();\n  return add(k);\n}\n";

/// The usage line of `cegar`, which ends its errors.
fn cegar_usage() -> &'static str {
    craig::repl::commands::find("cegar").unwrap().usage
}

/// A fresh scratch folder with `file` holding `text` in it; the file's path.
fn scratch(name: &str, file: &str, text: &str) -> PathBuf {
    let path = common::scratch(name).join(file);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
/// Read with `--math-int`, the reading these listings and runs were written for (machine
/// integers add overflow checks: `it::c_front` and `it::refine` test them).
fn load_and_show_ir_of_a_c_program() {
    let path = scratch("show", "prog.c", PROGRAM);
    let p = path.display().to_string();
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    assert_eq!(
        run(&mut wb, &format!("load --math-int {p}")),
        format!("loaded theory prog from {p}: C, 2 functions (no goals: try `show ir main`)\n")
    );
    assert_eq!(run(&mut wb, "theories"), format!("prog  {p}  C: 2 functions\n"));
    let expected = format!(
        "procedure add(x: int) returns (result: int)  -- {p}:2:5\n\
         \x20 modifies total\n\
         \x20 l0: (entry)\n\
         \x20     total := total + x; goto l2  -- {p}:3:3\n\
         \x20 l1: (exit)\n\
         \x20 l2:\n\
         \x20     result := total; goto l3  -- {p}:4:3\n\
         \x20 l3:\n\
         \x20     goto l1  -- {p}:4:3\n"
    );
    assert_eq!(run(&mut wb, "show ir add"), expected);
    let main = run(&mut wb, "show ir main");
    assert!(main.contains("total := 0; goto"), "{main}");
    assert!(main.contains("[error location unreachable: `reach_error` is unreachable]"), "{main}");
    assert!(main.contains(&format!("tmp2 := call add(k); goto l10  -- {p}:9:10")), "{main}");
    assert_eq!(
        run(&mut wb, "show ir nothing"),
        "error: no method `nothing` (methods: add, main)\n"
    );
}

#[test]
fn a_c_file_with_errors_does_not_load() {
    let path = scratch("errors", "bad.c", "int main() {\n  int (*p)[2];\n  return 0;\n}\n");
    let p = path.display().to_string();
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    let out = run(&mut wb, &format!("load {p}"));
    assert!(
        out.starts_with(&format!(
            "error: cannot load {p} (1 problem):\n{p}:2:8: error: pointers to arrays and \
             functions are not in craig's C subset"
        )),
        "{out}"
    );
    assert_eq!(run(&mut wb, "theories"), "no theories loaded (try `load FILE`)\n");
}

/// A loop whose safety needs an interpolant relating `x` to the input bound `n` at its head.
const LOOP: &str = "extern int __VERIFIER_nondet_int(void);\n\
void reach_error(void);\n\
int main() {\n  int n = __VERIFIER_nondet_int();\n  int x = 0;\n  while (x < n) x++;\n\
  if (n >= 0 && x != n) reach_error();\n  return 0;\n}\n";

/// `--math-int` is part of how a file was read: `reload` keeps it, and so does a saved session
/// when it is restored (a plain C file's session entry has no options).
#[test]
fn restore_reads_a_c_file_as_it_was_loaded() {
    let path = scratch("restore-math-int", "loop.c", LOOP);
    let p = path.display().to_string();
    let session = path.with_file_name("s.ron");
    let sess = session.display().to_string();
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    run(&mut wb, &format!("load --math-int {p}"));
    run(&mut wb, &format!("save {sess}"));
    let mut restored = Workbench::new();
    restored.set_deterministic(true);
    run(&mut restored, &format!("restore {sess}"));
    let started = run(&mut restored, "cegar");
    assert!(started.contains("integers are mathematical (--math-int"), "{started}");
    let mut plain = Workbench::new();
    run(&mut plain, &format!("load {p}"));
    run(&mut plain, &format!("save {sess}"));
    assert!(!std::fs::read_to_string(&session).unwrap().contains("load_options"));
    let mut restored = Workbench::new();
    run(&mut restored, &format!("restore {sess}"));
    let started = run(&mut restored, "cegar");
    assert!(started.contains("integers are machine integers (LP64"), "{started}");
    // `--data-model ILP32` reads the file for a 32-bit machine, and the session keeps that too.
    let mut wb = Workbench::new();
    run(&mut wb, &format!("load --data-model ILP32 --math-int {p}"));
    assert!(run(&mut wb, "cegar").contains("integers are mathematical"));
    let mut wb = Workbench::new();
    run(&mut wb, &format!("load --data-model ilp32 {p}"));
    run(&mut wb, &format!("save {sess}"));
    let saved: String = std::fs::read_to_string(&session).unwrap().split_whitespace().collect();
    assert!(saved.contains("load_options:[\"--data-model\",\"ILP32\",]"), "{saved}");
    let mut restored = Workbench::new();
    run(&mut restored, &format!("restore {sess}"));
    let started = run(&mut restored, "cegar");
    assert!(started.contains("integers are machine integers (ILP32"), "{started}");
    let refused = run(&mut Workbench::new(), &format!("load --data-model PDP11 {p}"));
    assert!(refused.starts_with("error: `PDP11` is no data model craig knows"), "{refused}");
    let refused = run(&mut Workbench::new(), "load --data-model ILP32 examples/boolprog/fig1.qr");
    assert!(refused.starts_with("error: --data-model reads one C program"), "{refused}");
    // A damaged option is the session's damage, and the workbench stays as it was.
    let text = std::fs::read_to_string(&session).unwrap();
    let damaged = text.replacen("\"--data-model\"", "\"--fast\"", 1);
    std::fs::write(&session, damaged).unwrap();
    let out = run(&mut restored, &format!("restore {sess}"));
    assert!(
        out.contains("is damaged") && out.contains("`--fast` is not an option of load"),
        "{out}"
    );
}

#[test]
fn a_refinement_run_steps_says_each_step_and_ends_safe_with_a_checked_invariant() {
    let path = scratch("cegar", "loop.c", LOOP);
    let p = path.display().to_string();
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    run(&mut wb, &format!("load --math-int {p}"));
    let started = run(&mut wb, "cegar");
    assert!(started.starts_with(&format!(
        "new run: lazy abstraction with interpolants (McMillan's IMPACT) on main of {p}\n"
    )));
    assert!(started.contains("integers are mathematical (--math-int"), "{started}");
    let first = run(&mut wb, "step");
    assert_eq!(
        first,
        format!(
            "step 1: expanded n0 at init ({p}): n1 main:entry\nafter step 1: 2 nodes (0 covered, 1 open), 0 refinements, 0 path checks, 0 SMT calls\n"
        )
    );
    let to_end = run(&mut wb, "run");
    assert!(to_end.contains("SAFE: the labels make an inductive invariant"), "{to_end}");
    assert!(to_end.contains("loop head main:l6"), "{to_end}");
    assert!(to_end.contains("x <= n"), "{to_end}");
    let invariant = run(&mut wb, "show invariant");
    assert!(invariant.contains("[loop head]"), "{invariant}");
    // Every step kind was taken, and each refinement's interpolant is shown against its path.
    let interpolants = run(&mut wb, "show interpolants 1");
    assert!(interpolants.contains("sequence interpolant"), "{interpolants}");
    assert!(interpolants.contains("(strengthened the label)"), "{interpolants}");
    let art = run(&mut wb, "show art");
    assert!(art.contains("covered by n"), "{art}");
    // The run is over; a step says so and changes nothing.
    let over = run(&mut wb, "step");
    assert!(over.starts_with("the run is over"), "{over}");
    assert_eq!(run(&mut wb, "show art"), art);
}

/// The number `run` reports as covered in the tree: `K` of `; K node(s) covered in the tree`.
fn reported_covered(ran: &str) -> usize {
    let line = ran.lines().find(|l| l.starts_with("ran ")).unwrap_or_else(|| panic!("{ran}"));
    let (_, tail) = line.split_once("; ").unwrap_or_else(|| panic!("{line}"));
    let count = tail.strip_suffix(" covered in the tree").unwrap_or_else(|| panic!("{line}"));
    count.split_whitespace().next().unwrap().parse().unwrap()
}

/// The nodes `show art` prints as covered, counted line by line.
fn covered_in_art(art: &str) -> usize {
    art.lines().filter(|l| l.starts_with('n') && l.contains(" covered by n")).count()
}

#[test]
fn run_counts_the_nodes_covered_in_the_tree() {
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    // McMillan's locking loop: its coverings are made by refinements, not by covering steps.
    run(&mut wb, "load --math-int examples/c/mcmillan_cav06.c");
    run(&mut wb, "cegar");
    let ran = run(&mut wb, "run");
    assert!(ran.contains("SAFE"), "{ran}");
    let art = run(&mut wb, "show art");
    assert_eq!(covered_in_art(&art), 2, "{art}");
    assert_eq!(reported_covered(&ran), covered_in_art(&art), "{ran}\n{art}");
    assert!(ran.contains("; 2 nodes covered in the tree\n"), "{ran}");
    // Under predicate abstraction, refinements cut subtrees and undo coverings: far fewer nodes
    // stay covered than covering steps were taken.
    run(&mut wb, "load examples/refinement/Loops.java");
    run(&mut wb, "cegar Loops.twiceSkewed --domain predicates");
    let partial = run(&mut wb, "run 150");
    let art = run(&mut wb, "show art");
    assert_eq!(reported_covered(&partial), covered_in_art(&art), "{partial}\n{art}");
    let rest = run(&mut wb, "run");
    assert!(rest.contains("UNSAFE"), "{rest}");
    let art = run(&mut wb, "show art");
    assert_eq!(reported_covered(&rest), covered_in_art(&art), "{rest}\n{art}");
    let progress = art.lines().next().unwrap();
    assert!(progress.contains(&format!("({} covered,", covered_in_art(&art))), "{progress}");
}

/// A loop that ends with `i` at 10, and an assertion that it is 11.
const WRONG_ASSERTION: &str = "int main() {\n  int i = 0;\n  while (i < 10) i++;\n\
  __VERIFIER_assert(i == 11);\n  return 0;\n}\n";

#[test]
fn a_failed_check_is_said_plainly() {
    let path = scratch("wording", "assert.c", WRONG_ASSERTION);
    let p = path.display().to_string();
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    run(&mut wb, &format!("load --math-int {p}"));
    run(&mut wb, "cegar");
    let ended = run(&mut wb, "run");
    assert!(ended.contains(&format!("UNSAFE: {p}:4:1: assertion `i == 11` fails\n")), "{ended}");
    let cex = run(&mut wb, "show cex");
    assert!(
        cex.starts_with(&format!("a real counterexample: assertion `i == 11` fails at {p}:4:1\n")),
        "{cex}"
    );
    let error = cex.lines().last().unwrap().split_whitespace().next().unwrap().to_string();
    let node = run(&mut wb, &format!("show node {error}"));
    assert!(
        node.contains("\n  an error node: reaching it means assertion `i == 11` fails\n"),
        "{node}"
    );
    // An error location: it is reached, so the words say it is reachable.
    run(&mut wb, "load --math-int examples/c/lock_unsafe.c");
    run(&mut wb, "cegar");
    let ended = run(&mut wb, "run");
    assert!(
        ended.contains(
            "UNSAFE: examples/c/lock_unsafe.c:10:20: the error location is reachable \
             (`reach_error` is called)\n"
        ),
        "{ended}"
    );
}

/// The prompt's `cegar` and `craig cegar` parse their run options from one definition: the
/// same words give the same values, and a bad value is refused by both with the same words.
#[test]
fn cegar_options_parse_alike_at_the_prompt_and_on_the_command_line() {
    use clap::Parser as _;
    #[derive(clap::Parser)]
    enum Cli {
        Cegar(craig::cli::cegar::Args),
    }
    let command_line = |words: &str| {
        let argv = ["craig", "cegar", "loop.c"].into_iter().chain(words.split_whitespace());
        Cli::try_parse_from(argv).map(|Cli::Cegar(args)| args.run)
    };
    let path = scratch("alike", "loop.c", LOOP);
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    run(&mut wb, &format!("load --math-int {}", path.display()));
    let words = "--domain predicates --max-steps 7 --max-nodes 9 --time-limit 2.5";
    let parsed = command_line(words).unwrap();
    assert_eq!(parsed.domain, craig::refine::Domain::Predicates);
    assert_eq!((parsed.max_steps, parsed.max_nodes), (Some(7), Some(9)));
    assert_eq!(parsed.time_limit, Some(std::time::Duration::from_millis(2500)));
    let started = run(&mut wb, &format!("cegar {words}"));
    assert!(started.starts_with("new run: predicate abstraction"), "{started}");
    assert!(started.contains("limits: 7 steps, 9 nodes, 2.5 s;"), "{started}");
    for bad in ["--time-limit 0", "--time-limit 1e300", "--max-steps 0", "--domain boolean"] {
        let refused = command_line(bad).err().unwrap_or_else(|| panic!("{bad} is accepted"));
        let line = craig::repl::options::one_line(&refused, cegar_usage());
        assert_eq!(run(&mut wb, &format!("cegar {bad}")), format!("error: {line}\n"), "{bad}");
    }
}

#[test]
fn cegar_takes_a_time_limit_at_the_prompt_as_on_the_command_line() {
    let path = scratch("time", "loop.c", LOOP);
    let p = path.display().to_string();
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    run(&mut wb, &format!("load --math-int {p}"));
    assert_eq!(
        run(&mut wb, "cegar --time-limit 0"),
        format!(
            "error: invalid value `0` for `--time-limit <S>`: expected a positive number of \
             seconds; usage: {}\n",
            cegar_usage()
        )
    );
    assert_eq!(
        run(&mut wb, "cegar --time-limit soon"),
        format!(
            "error: invalid value `soon` for `--time-limit <S>`: expected a positive number of \
             seconds; usage: {}\n",
            cegar_usage()
        )
    );
    assert_eq!(
        run(&mut wb, "cegar --time-limit"),
        format!("error: `--time-limit <S>` needs a value; usage: {}\n", cegar_usage())
    );
    // A limit long enough changes nothing.
    run(&mut wb, "cegar --time-limit 600");
    assert!(run(&mut wb, "run").contains("SAFE"));
    // Time spent at the prompt does not count, only the time steps take.
    run(&mut wb, "cegar --time-limit 0.5");
    std::thread::sleep(std::time::Duration::from_millis(600));
    let first = run(&mut wb, "step");
    assert!(first.starts_with("step 1: expanded n0"), "{first}");
    // A nanosecond is over before the run gets far: it ends UNKNOWN, with the tree kept.
    let started = run(&mut wb, "cegar --time-limit 0.000000001");
    assert!(started.contains("limits: 20000 steps, 20000 nodes, 0.000000001 s;"), "{started}");
    let ended = run(&mut wb, "run");
    assert!(
        ended.contains(
            "UNKNOWN: the time limit (0.000000001 s of CPU time of the process) was reached \
             (the tree is kept: `show art`)\n"
        ),
        "{ended}"
    );
    assert!(run(&mut wb, "step").starts_with("the run is over"));
    assert_eq!(
        run(&mut wb, "show invariant"),
        "error: no invariant: the run ended UNKNOWN (the time limit (0.000000001 s of CPU time \
         of the process) was reached); `cegar` starts another\n"
    );
}

#[test]
fn undo_puts_a_refinement_run_back_and_running_again_rebuilds_the_same_tree() {
    let path = scratch("undo", "loop.c", LOOP);
    let p = path.display().to_string();
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    run(&mut wb, &format!("load --math-int {p}"));
    run(&mut wb, "cegar");
    run(&mut wb, "run 7");
    let middle = run(&mut wb, "show art");
    let finished = run(&mut wb, "run");
    let final_art = run(&mut wb, "show art");
    assert_ne!(middle, final_art);
    assert_eq!(run(&mut wb, "undo"), "undone: run\n");
    assert_eq!(run(&mut wb, "show art"), middle);
    assert_eq!(run(&mut wb, "run"), finished);
    assert_eq!(run(&mut wb, "show art"), final_art);
    // A second workbench gives the same transcript: the engine is deterministic.
    let mut other = Workbench::new();
    other.set_deterministic(true);
    run(&mut other, &format!("load --math-int {p}"));
    run(&mut other, "cegar");
    run(&mut other, "run");
    assert_eq!(run(&mut other, "show art"), final_art);
    // `diff` compares any two steps; the tree at step 7 against the end.
    let steps = final_art.split_whitespace().nth(2).unwrap().trim_end_matches(':').to_string();
    let diff = run(&mut wb, &format!("diff 7 {steps}"));
    assert!(diff.starts_with(&format!("--- art after step 7\n+++ art after step {steps}\n")));
    assert_eq!(run(&mut wb, "diff 3 3"), "the tree is the same after step 3 and after step 3\n");
}

#[test]
fn a_predicate_added_by_hand_is_refused_where_a_run_falsifies_it_and_refines_where_it_holds() {
    let path = scratch("hand", "loop.c", LOOP);
    let p = path.display().to_string();
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    run(&mut wb, &format!("load --math-int {p}"));
    // IMPACT alone: the loop head's seed would make the proposed predicate's node differ.
    run(&mut wb, "cegar --no-invariants");
    run(&mut wb, "run 7");
    let art = run(&mut wb, "show art");
    assert!(art.contains("n7 main:l6 <- n6 [True] (open)"), "{art}");
    let refused = run(&mut wb, "predicate add main:l6 \"x == 1\"");
    assert!(
        refused.contains("n7: not added: a run along its path reaches it with the predicate false"),
        "{refused}"
    );
    let unchanged = run(&mut wb, "show art");
    assert_eq!(
        unchanged.lines().skip(1).collect::<Vec<_>>(),
        art.lines().skip(1).collect::<Vec<_>>()
    );
    let added = run(&mut wb, "predicate add main:l6 \"x <= 0 || x <= n\"");
    assert!(added.contains("n7: holds on its path; refinement 1 strengthened"), "{added}");
    let after = run(&mut wb, "show art");
    // The interpolant at n7 (`x <= 0`) implies the predicate, so the predicate follows from
    // the label before it: n7's label is the predicate itself, n6's the interpolant there.
    assert!(after.contains("n6 main:l5 <- n5 [x <= 0]\n"), "{after}");
    assert!(after.contains("n7 main:l6 <- n6 [x <= 0 | x <= n] (open)"), "{after}");
    let ended = run(&mut wb, "run");
    assert!(ended.contains("SAFE"), "{ended}");
    // Undo takes back the run and then the hand refinement.
    assert_eq!(run(&mut wb, "undo"), "undone: run\n");
    assert_eq!(run(&mut wb, "undo"), "undone: predicate add main:l6 \"x <= 0 || x <= n\"\n");
    assert_eq!(run(&mut wb, "show art"), unchanged);
}

#[test]
fn refinement_commands_explain_what_is_missing_or_wrong() {
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    assert_eq!(
        run(&mut wb, "cegar"),
        "error: no C or Java program is loaded (try `load FILE.c` or `load FILE.java`)\n"
    );
    let path = scratch("errors", "loop.c", LOOP);
    let p = path.display().to_string();
    run(&mut wb, &format!("load --math-int {p}"));
    assert_eq!(
        run(&mut wb, "show art"),
        "error: no refinement run yet (`cegar [FUNCTION]` starts one)\n"
    );
    let missing = run(&mut wb, "cegar nothing");
    assert!(missing.starts_with("error: no function `nothing` (functions: main)"), "{missing}");
    assert_eq!(
        run(&mut wb, "cegar --max-steps none"),
        format!(
            "error: invalid value `none` for `--max-steps <N>`: expected a positive whole \
             number; usage: {}\n",
            cegar_usage()
        )
    );
    run(&mut wb, "cegar --max-steps 4");
    let limited = run(&mut wb, "run");
    assert!(
        limited.contains("UNKNOWN: the step limit (4) was reached (the tree is kept: `show art`)"),
        "{limited}"
    );
    assert_eq!(
        run(&mut wb, "show invariant"),
        "error: no invariant: the run ended UNKNOWN (the step limit (4) was reached); `cegar` \
         starts another\n"
    );
    run(&mut wb, "cegar");
    run(&mut wb, "run 3");
    assert_eq!(
        run(&mut wb, "show invariant"),
        "error: no invariant: the run has not ended yet (`run` runs it to the end)\n"
    );
    assert_eq!(run(&mut wb, "show node 99"), "error: no node `99` (nodes n0 to n3)\n");
    let node = run(&mut wb, "show node n2");
    assert!(node.starts_with("n2 at main:l0 ("), "{node}");
    assert_eq!(
        run(&mut wb, "show interpolants"),
        "error: no refinement yet (`step` until a path is checked)\n"
    );
    assert_eq!(run(&mut wb, "diff 1 50"), "error: no step `50` (steps 0 to 3)\n");
    let nowhere = run(&mut wb, "predicate add nowhere \"x = 1\"");
    assert!(
        nowhere.starts_with(
            "error: no location `nowhere` (locations are named as `show art` prints them"
        ),
        "{nowhere}"
    );
    assert_eq!(
        run(&mut wb, "predicate add main:entry \"y = 1\""),
        "error: in the predicate `y = 1`: no variable `y`\n"
    );
    assert_eq!(
        run(&mut wb, "predicate add main:entry \"x <\""),
        "error: in the predicate `x <`: column 4: expected a linear expression, found end of input\n"
    );
    assert_eq!(
        run(&mut wb, "run 0"),
        "error: expected a positive number of steps, got `0`; usage: run [N]\n"
    );
    // The tree is drawn in DOT; other endings are refused.
    let dot = path.with_file_name("art.dot");
    let wrote = run(&mut wb, &format!("dot {}", dot.display()));
    assert!(wrote.starts_with("wrote the refinement tree (dashed: covered"), "{wrote}");
    assert!(std::fs::read_to_string(&dot).unwrap().starts_with("digraph art {"));
    let refused = run(&mut wb, "dot art.png");
    assert!(refused.starts_with("error: graph files end in .dot or .gv"), "{refused}");
}

#[test]
fn a_java_method_without_loop_invariants_is_refined_at_the_prompt() {
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    run(&mut wb, "load examples/refinement/Loops.java");
    let started = run(&mut wb, "cegar Loops.twice");
    assert!(started.contains("on Loops.twice of examples/refinement/Loops.java"), "{started}");
    let safe = run(&mut wb, "run");
    assert!(safe.contains("SAFE"), "{safe}");
    assert!(safe.contains("loop head Loops.twice:l4"), "{safe}");
    run(&mut wb, "cegar Loops.twiceSkewed");
    let unsafe_answer = run(&mut wb, "run");
    assert!(
        unsafe_answer.contains(
            "UNSAFE: examples/refinement/Loops.java:37:18: postcondition result = 2 * n fails\n"
        ),
        "{unsafe_answer}"
    );
    assert!(unsafe_answer.contains("inputs (in the order they are read): 8;"), "{unsafe_answer}");
    assert_eq!(
        run(&mut wb, "show invariant"),
        "error: no invariant: the run ended UNSAFE, with a real counterexample (`show cex` \
         shows it)\n"
    );
    // `step` goes to the refinement run once one was started on the Java program.
    run(&mut wb, "undo");
    let step = run(&mut wb, "step");
    assert!(step.starts_with("step 1: expanded n0 at init"), "{step}");
    // Only the analysed method's variables are tracked, under their own names.
    assert!(started.contains("(4 integer variables: n, result, i, c)"), "{started}");
}

#[test]
fn java_files_without_a_run_leave_step_and_dot_with_the_c_program_before_them() {
    let path = scratch("dispatch", "prog.c", PROGRAM);
    let p = path.display().to_string();
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    run(&mut wb, &format!("load --math-int {p}"));
    run(&mut wb, "cegar");
    assert!(run(&mut wb, "step").starts_with("step 1: expanded n0 at init"));
    // Java files loaded to be verified do not take the refinement commands away from the run.
    run(&mut wb, "load examples/refinement/Loops.java");
    let step = run(&mut wb, "step");
    assert!(step.starts_with("step 2: expanded n1 at main:entry"), "{step}");
    let dot = path.with_extension("dot");
    let wrote = run(&mut wb, &format!("dot {}", dot.display()));
    assert!(wrote.starts_with("wrote the refinement tree"), "{wrote}");
    assert!(std::fs::read_to_string(&dot).unwrap().contains("main:entry"));
    // Once a run is started on them, they are what `step`, `show` and `dot` act on.
    run(&mut wb, "cegar Loops.countDown");
    assert!(run(&mut wb, "step").starts_with("step 1: expanded n0 at init"));
    run(&mut wb, &format!("dot {}", dot.display()));
    assert!(std::fs::read_to_string(&dot).unwrap().contains("Loops.countDown:entry"));
    let shown = run(&mut wb, "show node 1");
    assert!(shown.contains("Loops.countDown:entry"), "{shown}");
}

#[test]
fn the_predicates_domain_runs_at_the_prompt_and_takes_hand_predicates_into_its_precision() {
    let path = scratch("domain", "loop.c", LOOP);
    let p = path.display().to_string();
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    run(&mut wb, &format!("load --math-int {p}"));
    let started = run(&mut wb, "cegar --domain predicates");
    assert!(started.starts_with("new run: predicate abstraction (BLAST-style"), "{started}");
    assert_eq!(
        run(&mut wb, "predicates"),
        "no predicates yet: the precision (predicate abstraction)\n"
    );
    run(&mut wb, "run 7");
    let added = run(&mut wb, "predicate add main:l6 \"x <= n\"");
    assert!(
        added.starts_with("the predicate x <= n joins the precision at main:l6; re-opened n7"),
        "{added}"
    );
    assert!(run(&mut wb, "predicates main:l6").contains("main:l6 [loop head]"));
    let ended = run(&mut wb, "run");
    assert!(ended.contains("SAFE"), "{ended}");
    // The same run again gives the same transcript (the hand predicate is part of the run).
    assert_eq!(run(&mut wb, "undo"), "undone: run\n");
    assert_eq!(run(&mut wb, "run"), ended);
    assert_eq!(
        run(&mut wb, "cegar --domain nowhere"),
        format!(
            "error: invalid value `nowhere` for `--domain <DOMAIN>`: unknown domain `nowhere` \
             (domains: impact, predicates, language); usage: {}\n",
            cegar_usage()
        )
    );
}

#[test]
fn a_recursive_program_is_summarised_at_the_prompt_and_the_step_says_so() {
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    run(&mut wb, "load --math-int examples/c/recursive_sum_safe.c");
    run(&mut wb, "cegar");
    let mut said = String::new();
    for _ in 0..400 {
        let step = run(&mut wb, "step");
        said.push_str(&step);
        if step.contains("the run ended") {
            break;
        }
    }
    // The first path through the cut call does not replay: a summary of `sum` is inferred
    // and checked, and the run starts again assuming it rather than unrolling further.
    assert!(said.contains("so summaries were inferred and checked (sum: "), "{said}");
    assert!(!said.contains("recursion unrolled 2 times"), "{said}");
    assert!(said.contains("SAFE"), "{said}");
    // `undo` goes back over a deepening as over any step: the engine is rebuilt by replaying.
    let undone = run(&mut wb, "undo");
    assert!(!undone.contains("error"), "{undone}");
    let again = run(&mut wb, "run");
    assert!(again.contains("SAFE"), "{again}");
}

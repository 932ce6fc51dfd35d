//! SMASH at the prompt: `smash`, `step`, `queries`, `summaries`, `show summary`, `show
//! partition`, `dot` and `undo` on the seed's examples, driven through `eval_line`. The run is
//! started again and stopped at the asked point for every step, so stepping one rule at a time
//! must print exactly what one `step all` prints.

use super::common::{run, scratch};
use craig::repl::Workbench;

/// A workbench with the seed's example `name` loaded and a run started on it, deciding only
/// `unreach-call` (as the paper's examples are written).
fn started(name: &str, mode: &str) -> Workbench {
    let path = format!("{}/examples/smash/{name}", env!("CARGO_MANIFEST_DIR"));
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    let loaded = run(&mut wb, &format!("load {path}"));
    assert!(loaded.starts_with("loaded theory"), "{loaded}");
    let said = run(&mut wb, &format!("smash --property unreach-call --mode {mode}"));
    assert!(said.starts_with("new SMASH run"), "{said}");
    wb
}

/// The numbered rule lines of a transcript.
fn rules(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.split_once(". q").is_some_and(|(n, _)| n.parse::<usize>().is_ok()))
        .map(str::to_string)
        .collect()
}

#[test]
fn stepping_one_rule_at_a_time_prints_what_one_step_all_prints() {
    let mut whole = started("sm4_foo_g_safe.c", "smash");
    let all = run(&mut whole, "step all");
    assert!(all.contains("\nSAFE: "), "{all}");
    let all = rules(&all);
    assert!(all.len() > 20, "{all:?}");
    let mut stepped = started("sm4_foo_g_safe.c", "smash");
    let mut lines = Vec::new();
    let mut last = String::new();
    for _ in 0..all.len() {
        last = run(&mut stepped, "step");
        let got = rules(&last);
        assert_eq!(got.len(), 1, "one rule a step: {last}");
        lines.extend(got);
    }
    assert_eq!(lines, all);
    assert!(last.contains("SAFE: "), "the last step gives the verdict: {last}");
    let over = run(&mut stepped, "step");
    assert!(over.starts_with("the run is over"), "{over}");
}

#[test]
fn the_rules_are_named_as_in_the_paper_and_the_query_tree_follows_them() {
    let mut wb = started("sm4_foo_g_safe.c", "smash");
    let all = run(&mut wb, "step all");
    for rule in ["MUST-POST", "NOTMAY-PRE", "MAYMUST-CALL", "CREATE-NOTMAYSUMMARY", "VERIFIED"] {
        assert!(all.contains(&format!(" {rule}: ")), "{rule} in {all}");
    }
    let asked = all.matches(" MAYMUST-CALL: ").count();
    let queries = run(&mut wb, "queries");
    assert!(queries.starts_with("q0: can a run of main fail a check?\n  SAFE;"), "{queries}");
    assert_eq!(queries.matches("(asked by q").count(), asked, "{queries}");
    for k in 1..=asked {
        assert!(queries.contains(&format!("q{k} (asked by q")), "q{k}: {queries}");
    }
    assert!(!queries.contains("in progress"), "{queries}");
    let summaries = run(&mut wb, "summaries");
    let created = all.matches(" CREATE-NOTMAYSUMMARY: ").count();
    assert_eq!(summaries.lines().filter(|l| l.contains(" not-may ")).count(), created);
    let g = run(&mut wb, "summaries g");
    assert!(g.lines().all(|l| l.contains(" not-may g: ") || l.contains(" must g: ")), "{g}");
    let shown = run(&mut wb, "show summary n0");
    assert!(shown.contains("\n  entry (where the runs start): "), "{shown}");
    assert!(shown.contains("\n  exit (where none returns): "), "{shown}");
}

#[test]
fn a_bug_is_found_with_a_must_summary_and_its_inputs_replayed() {
    let mut wb = started("sm6_must_reuse_unsafe.c", "smash");
    let all = run(&mut wb, "step all");
    assert!(all.contains("\nUNSAFE: "), "{all}");
    assert!(all.contains("replayed on the program"), "{all}");
    assert!(all.contains(" CREATE-MUSTSUMMARY: "), "{all}");
    assert!(all.contains(" MUST-POST-USESUMMARY: must summary m0 "), "{all}");
    let summaries = run(&mut wb, "summaries");
    assert!(summaries.contains("m0 must "), "{summaries}");
    let shown = run(&mut wb, "show summary m0");
    assert!(shown.starts_with("m0 must "), "{shown}");
    // Under `--mode may` no must summary is kept: the answer yes crosses the call itself.
    let mut may = started("sm6_must_reuse_unsafe.c", "may");
    let all = run(&mut may, "step all");
    assert!(all.contains("\nUNSAFE: "), "{all}");
    assert!(!all.contains("CREATE-MUSTSUMMARY"), "{all}");
    assert!(all.contains(" ANSWER: "), "{all}");
}

#[test]
fn undo_puts_the_run_back_and_partitions_show_where_it_stood() {
    let mut wb = started("sm1_abs_safe.c", "smash");
    let first = run(&mut wb, "step 3");
    assert!(first.contains("3 rules applied"), "{first}");
    let queries = run(&mut wb, "queries");
    let partition = run(&mut wb, "show partition main:l18 q0");
    assert!(partition.starts_with("q0 at main:l18:\n  r"), "{partition}");
    run(&mut wb, "step all");
    assert_ne!(run(&mut wb, "queries"), queries);
    assert!(run(&mut wb, "undo").starts_with("undone: step all"));
    assert_eq!(run(&mut wb, "queries"), queries);
    assert_eq!(run(&mut wb, "show partition main:l18 q0"), partition);
    let again = run(&mut wb, "step");
    assert!(again.starts_with("4. q"), "{again}");
}

#[test]
fn dot_draws_the_query_tree_with_each_questions_regions() {
    let mut wb = started("sm4_foo_g_safe.c", "smash");
    run(&mut wb, "step all");
    let dir = scratch("smash-dot");
    let path = dir.join("queries.dot");
    let said = run(&mut wb, &format!("dot {}", path.display()));
    assert!(said.starts_with("wrote the query tree"), "{said}");
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.starts_with("digraph smash {"), "{text}");
    assert!(text.contains("q0 -> q1;"), "{text}");
    assert!(text.contains("subgraph cluster_q1"), "{text}");
    assert!(text.trim_end().ends_with('}'), "{text}");
}

#[test]
fn bad_requests_are_refused_with_what_was_expected() {
    let mut wb = started("sm1_abs_safe.c", "smash");
    let bad = [
        ("show partition nowhere", "error: no location `nowhere` in q0's graph (locations: "),
        ("show partition main:l18 q9", "error: no question `q9` (q0..q0; `queries` lists them)"),
        ("show summary n4", "error: no summary `n4`"),
        ("step two", "error: expected a positive number of steps or `all`, got `two`"),
        ("summaries nowhere", "error: the program has no procedure `nowhere`"),
        ("smash --mode dash", "error: at the prompt `smash` runs the compositional modes"),
        ("smash --mode fast", "error: `fast` is no mode: may, must or smash"),
        ("smash --property fast", "error: `fast` is no property"),
        ("smash nowhere", "error: the program has no function `nowhere`"),
    ];
    for (line, expected) in bad {
        let said = run(&mut wb, line);
        assert!(said.starts_with(expected), "{line}: {said}");
    }
    // The run is still there, untouched.
    assert!(run(&mut wb, "step").starts_with("1. q0 "));
}

#[test]
fn a_recursive_program_is_refused_at_the_prompt_as_unsupported() {
    let dir = scratch("smash-recursive");
    let path = dir.join("rec.c");
    std::fs::write(
        &path,
        "int f(int n) {\n  if (n > 0) { return f(n - 1); }\n  return 0;\n}\n\
         int main(void) {\n  return f(3);\n}\n",
    )
    .unwrap();
    let mut wb = Workbench::new();
    run(&mut wb, &format!("load {}", path.display()));
    let said = run(&mut wb, "smash");
    assert!(said.contains("recursi"), "{said}");
    assert!(said.contains("`cegar` unrolls recursion"), "{said}");
}

#[test]
fn the_command_lines_trace_names_every_question_and_summary() {
    let path = format!("{}/examples/smash/sm4_foo_g_safe.c", env!("CARGO_MANIFEST_DIR"));
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_craig"))
        .args(["smash", &path, "--property", "unreach-call", "--trace"])
        .output()
        .unwrap();
    let out = String::from_utf8(output.stdout).unwrap();
    assert!(out.starts_with("SAFE\n"), "{out}");
    assert!(out.contains(". q1 MUST-POST: ") || out.contains(". q1 NOTMAY-PRE: "), "{out}");
    let made = out.matches(" CREATE-NOTMAYSUMMARY: ").count();
    assert!(out.contains(&format!("not-may summaries made {made} ")), "{out}");
}

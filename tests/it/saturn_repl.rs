//! Saturn at the prompt (`saturn`, `warnings`, `show warning N`, `summary FUNCTION`, `undo`)
//! driven through `eval_line`, and `craig saturn --format sarif`: the log is JSON of SARIF
//! 2.1.0's shape carrying the same findings as the text, and the same every time.

use super::common::run;
use craig::repl::Workbench;
use serde_json::Value;

fn example(name: &str) -> String {
    format!("{}/examples/saturn/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn loaded(name: &str) -> Workbench {
    let mut wb = Workbench::new();
    wb.set_deterministic(true);
    let said = run(&mut wb, &format!("load {}", example(name)));
    assert!(said.starts_with("loaded theory"), "{said}");
    wb
}

fn craig(args: &[&str]) -> (String, String, Option<i32>) {
    let output =
        std::process::Command::new(env!("CARGO_BIN_EXE_craig")).args(args).output().unwrap();
    (
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
        output.status.code(),
    )
}

#[test]
fn the_prompt_says_what_the_command_line_says_and_shows_the_replayed_path() {
    let mut wb = loaded("loop.c");
    let said = run(&mut wb, "saturn");
    let (text, _, code) = craig(&["saturn", &example("loop.c")]);
    assert_eq!(code, Some(1), "{text}");
    // The same findings in the same words (the command line names the file as given).
    let body = |s: &str| {
        s.lines().skip(1).take_while(|l| !l.starts_with('`')).collect::<Vec<_>>().join("\n")
    };
    assert_eq!(body(&said), body(&text), "prompt:\n{said}\ncommand line:\n{text}");
    assert!(said.contains("confirmed: `craig run"), "{said}");
    // The input is named by the expression that reads it, not by the front end's temporary.
    assert!(said.contains("): __VERIFIER_nondet_uchar() at "), "{said}");
    assert!(said.contains("loop.c:7:21 = 2\n"), "{said}");
    let listed = run(&mut wb, "warnings");
    assert!(listed.starts_with("1 warning of the assert checker"), "{listed}");
    assert!(listed.contains("1. ") && listed.contains("[assert]"), "{listed}");
    assert!(listed.contains("(replayed: confirmed)"), "{listed}");
    let shown = run(&mut wb, "show warning 1");
    assert!(shown.contains("the run, replayed ("), "{shown}");
    // The path goes round the loop twice and ends at the error.
    let path: Vec<&str> =
        shown.lines().filter(|l| l.starts_with("  ") && l.contains(" in `main`: ")).collect();
    assert_eq!(path.iter().filter(|l| l.ends_with("sum = sum + 200")).count(), 2, "{shown}");
    assert!(path.last().is_some_and(|l| l.ends_with("reach_error()")), "{shown}");
    let refused = run(&mut wb, "summary main");
    assert!(refused.starts_with("error: the assertion checker expands calls"), "{refused}");
}

#[test]
fn the_lock_run_keeps_every_summary_and_numbers_its_warnings() {
    let mut wb = loaded("locks.c");
    let said = run(&mut wb, "saturn --checker lock");
    assert!(said.contains("4 warnings, 8 functions analysed, 0 failed"), "{said}");
    let listed = run(&mut wb, "warnings");
    let numbered: Vec<&str> = listed
        .lines()
        .filter(|l| l.split_once(". ").is_some_and(|(n, _)| n.parse::<usize>().is_ok()))
        .collect();
    assert_eq!(numbered.len(), 4, "{listed}");
    assert!(numbered[0].contains("[lock-type-a] Type A in `alias`"), "{listed}");
    assert!(numbered[3].contains("[lock-type-b] Type B in `claim`"), "{listed}");
    let shown = run(&mut wb, "show warning 1");
    assert!(shown.contains("held on entry: the call at"), "{shown}");
    assert!(shown.contains("it is not replayed: the interpreter has no locks"), "{shown}");
    let summary = run(&mut wb, "summary alias");
    assert!(summary.starts_with("summary of `alias` (R): 2 transitions"), "{summary}");
    assert!(
        summary.contains(": Locked -> Error") && summary.contains(": Unlocked -> Error"),
        "{summary}"
    );
    assert!(summary.contains("1 error read off it"), "{summary}");
    // The summary the prompt prints is the one the whole run printed.
    let claim = run(&mut wb, "summary claim");
    for line in claim.lines().filter(|l| l.starts_with("  lock ")) {
        assert!(said.contains(line), "{line} not in:\n{said}");
    }
}

#[test]
fn bad_requests_are_refused_and_undo_puts_the_run_back() {
    let mut wb = loaded("locks.c");
    let none = run(&mut wb, "warnings");
    assert!(none.starts_with("error: no Saturn run"), "{none}");
    let bad = run(&mut wb, "saturn --checker frob");
    assert!(bad.starts_with("error: `frob` is no checker: assert, lock or leak"), "{bad}");
    let wide = run(&mut wb, "saturn --width 4");
    assert!(
        wide.starts_with("error: invalid value `4` for `--width <WIDTH>`: 4 is not in 8..=512"),
        "{wide}"
    );
    let missing = run(&mut wb, "saturn nosuch");
    assert!(missing.starts_with("error: ") && missing.contains("nosuch"), "{missing}");
    run(&mut wb, "saturn --checker lock");
    let out_of_range = run(&mut wb, "show warning 5");
    assert!(
        out_of_range.starts_with("error: expected a warning number from 1 to 4"),
        "{out_of_range}"
    );
    let unknown = run(&mut wb, "summary nosuch");
    assert!(
        unknown.starts_with("error: no summary of `nosuch`: the run summarised guarded, "),
        "{unknown}"
    );
    let undone = run(&mut wb, "undo");
    assert!(undone.contains("saturn --checker lock"), "{undone}");
    let gone = run(&mut wb, "warnings");
    assert!(gone.starts_with("error: no Saturn run"), "{gone}");
}

#[test]
fn the_sarif_log_carries_the_text_findings_and_is_the_same_every_time() {
    let (locks, loop_c) = (example("locks.c"), example("loop.c"));
    let (log, err, code) =
        craig(&["saturn", &locks, &loop_c, "--checker", "lock", "--format", "sarif"]);
    assert_eq!(code, Some(1), "{err}");
    // Standard output is the log alone; the header lines went to standard error.
    let value: Value = serde_json::from_str(&log).unwrap_or_else(|e| panic!("{e}:\n{log}"));
    assert!(err.contains("saturn: lock checker on"), "{err}");
    assert_eq!(value["version"], "2.1.0");
    assert!(value["$schema"].as_str().is_some_and(|s| s.contains("sarif-2.1.0")));
    let runs = value["runs"].as_array().expect("runs");
    assert_eq!(runs.len(), 2, "one run per file");
    let rules: Vec<&str> = runs[0]["tool"]["driver"]["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["assert", "lock-type-a", "lock-type-b", "leak"]);
    let results = runs[0]["results"].as_array().unwrap();
    let (text, _, _) = craig(&["saturn", &locks, "--checker", "lock"]);
    let warned: Vec<&str> = text.lines().filter(|l| l.contains(": warning[lock]: ")).collect();
    assert_eq!(results.len(), warned.len(), "{text}");
    for (result, line) in results.iter().zip(&warned) {
        let id = result["ruleId"].as_str().unwrap();
        assert_eq!(
            result["ruleIndex"].as_u64().unwrap() as usize,
            rules.iter().position(|r| *r == id).unwrap()
        );
        let region = &result["locations"][0]["physicalLocation"]["region"];
        let place = format!(":{}:{}: ", region["startLine"], region["startColumn"]);
        assert!(line.contains(&place), "{line} vs {place}");
        assert!(line.ends_with(result["message"]["text"].as_str().unwrap()), "{line}");
        if id == "lock-type-a" {
            assert_eq!(result["relatedLocations"].as_array().unwrap().len(), 2);
        }
    }
    for run in runs {
        let notes = run["invocations"][0]["toolExecutionNotifications"].as_array().unwrap();
        assert!(
            notes
                .iter()
                .any(|n| n["message"]["text"]
                    == "Saturn finds bugs: no warning is no proof of safety")
        );
        assert!(
            notes.iter().any(|n| n["message"]["text"]
                .as_str()
                .unwrap()
                .starts_with("unsound step taken: "))
        );
    }
    let (again, _, _) =
        craig(&["saturn", &locks, &loop_c, "--checker", "lock", "--format", "sarif"]);
    assert_eq!(log, again);
    // The assertion checker's result carries its inputs and replay.
    let (log, _, code) = craig(&["saturn", &loop_c, "--format", "sarif"]);
    assert_eq!(code, Some(1));
    let value: Value = serde_json::from_str(&log).unwrap();
    let result = &value["runs"][0]["results"][0];
    assert_eq!(result["ruleId"], "assert");
    assert_eq!(result["properties"]["replay"], "confirmed");
    assert_eq!(result["properties"]["inputs"][0]["value"], "2");
    assert_eq!(result["properties"]["inputs"][0]["expression"], "__VERIFIER_nondet_uchar()");
    let read_at = &result["properties"]["inputs"][0]["location"]["physicalLocation"]["region"];
    assert_eq!(
        (read_at["startLine"].as_u64(), read_at["startColumn"].as_u64()),
        (Some(7), Some(21))
    );
    assert!(result["properties"]["replayCommand"].as_str().unwrap().ends_with("--inputs 2"));
}

#[test]
fn the_lock_checker_says_the_same_on_one_thread_and_on_several() {
    let locks = example("locks.c");
    let (one, _, code) = craig(&["saturn", &locks, "--checker", "lock", "--jobs", "1", "--stats"]);
    assert_eq!(code, Some(1), "{one}");
    for jobs in ["2", "5"] {
        let (many, _, _) =
            craig(&["saturn", &locks, "--checker", "lock", "--jobs", jobs, "--stats"]);
        assert_eq!(one, many, "--jobs {jobs}");
    }
    let mut wb = loaded("locks.c");
    let at_prompt = run(&mut wb, "saturn --checker lock --jobs 3");
    assert!(at_prompt.contains("4 warnings, 8 functions analysed, 0 failed"), "{at_prompt}");
    let refused = run(&mut wb, "saturn --checker lock --jobs 0");
    assert!(
        refused.starts_with("error: invalid value `0` for `--jobs <JOBS>`: expected a positive"),
        "{refused}"
    );
}

#[test]
fn the_leak_checker_at_the_prompt_lists_shows_and_summarises() {
    let mut wb = loaded("leaks.c");
    let said = run(&mut wb, "saturn --checker leak");
    assert!(said.starts_with("saturn: leak checker on "), "{said}");
    assert!(said.contains("9 warnings, 24 functions analysed, 0 failed"), "{said}");
    let listed = run(&mut wb, "warnings");
    assert!(listed.starts_with("9 warnings of the leak checker"), "{listed}");
    assert!(listed.contains("7. ") && listed.contains("[leak]"), "{listed}");
    let shown = run(&mut wb, "show warning 7");
    assert!(shown.contains("`xstrdup` allocates at"), "{shown}");
    assert!(
        shown.contains("the leak checker reads this off the state of `s22_error_return`"),
        "{shown}"
    );
    let summary = run(&mut wb, "summary xstrdup");
    assert!(summary.starts_with("leak summary of `xstrdup`: IsMalloc true"), "{summary}");
    let summary = run(&mut wb, "summary s12_leak");
    assert!(summary.contains("1 allocation") && summary.contains("1 leak"), "{summary}");
    let refused = run(&mut wb, "saturn main --checker leak");
    assert!(refused.starts_with("error: the leak checker looks at every function"), "{refused}");
    let (log, _, code) =
        craig(&["saturn", &example("leaks.c"), "--checker", "leak", "--format", "sarif"]);
    assert_eq!(code, Some(1));
    let log: Value = serde_json::from_str(&log).expect("the log is JSON");
    let results = log["runs"][0]["results"].as_array().expect("results");
    assert_eq!(results.len(), 9);
    assert!(results.iter().all(|r| r["ruleId"] == "leak"));
    let through = &results[6];
    assert_eq!(through["properties"]["allocatedIn"], "xstrdup");
    assert_eq!(through["relatedLocations"][0]["physicalLocation"]["region"]["startLine"], 97);
}

/// `guard FUNCTION LINE`: each statement of the line with the branch conditions that lead to
/// it, and whether a run gets there; a statement no path reaches says so.
#[test]
fn guard_names_the_branches_that_lead_to_a_line() {
    let mut wb = loaded("branch.c");
    // Line 12, `if (c && x != 3)`, never calls it (x is 3 when c holds); line 14, `if (x != 3)`,
    // calls it when c is 0.
    let said = run(&mut wb, "guard main 14");
    assert!(
        said.contains("branch.c:14:15 `reach_error()` (1 copy in the unrolled graph):"),
        "{said}"
    );
    // The condition in C's notation, the branch's `c` taken as false.
    assert!(said.contains("     c == 0  [") && said.contains("branch.c:10:7]"), "{said}");
    assert!(said.contains("reached within the unrolling"), "{said}");
    let said = run(&mut wb, "guard main 12");
    let call = said.split("`reach_error()`").nth(1).unwrap_or_else(|| panic!("{said}"));
    assert!(call.contains("false: no path of the unrolled graph gets there"), "{said}");
    assert!(call.contains("reached by no run within the unrolling"), "{said}");
    // A run that reaches a line comes with the parameters of a checked model.
    let mut wb = loaded("leaks.c");
    let said = run(&mut wb, "guard s12_leak 15");
    assert!(said.contains("`return p;`"), "{said}");
    assert!(said.contains("     err == 0  ["), "{said}");
    assert!(!said.contains("~="), "{said}");
    assert!(said.contains("e.g. with err = 0"), "{said}");
    // The same answer every time.
    assert_eq!(run(&mut wb, "guard s12_leak 15"), said);
    // Bad requests are refused with what was expected.
    for (line, expected) in [
        ("guard s12_leak", "usage: guard FUNCTION LINE"),
        ("guard nosuch 3", "`nosuch` is no function with a body"),
        ("guard s12_leak x", "expected a line number (from 1), found `x`"),
        ("guard s12_leak 0", "expected a line number (from 1), found `0`"),
    ] {
        let said = run(&mut wb, line);
        assert!(said.contains(expected), "{line}: {said}");
    }
    assert!(run(&mut wb, "guard s12_leak 99").contains("no statement of `s12_leak` is on line 99"));
}

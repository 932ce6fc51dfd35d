//! The workbench driven through `eval_line`, command by command, with exact transcripts; plus
//! sessions (save, restore, damaged files, changed goals) and `craig replay --check`.

use crate::common;

use common::{bench, run, s, scratch};
use craig::repl::{Control, input_is_complete};

const PETS: &str = "examples/tptp/pets.p";
const GROUP: &str = "examples/tptp/group_inverse.p";

#[test]
fn help_lists_commands_and_explains_one() {
    let mut wb = bench();
    let all = run(&mut wb, "help");
    assert!(all.starts_with("Commands (type `help COMMAND` for details):\n"), "{all}");
    for c in craig::repl::commands::COMMANDS {
        assert!(all.contains(&format!("  {}", c.name)), "{} missing from help", c.name);
    }
    assert_eq!(
        run(&mut wb, "help undo"),
        "usage: undo\nReverts the last `load`, `reload`, `prove`, `set` or `restore` (and so on \
         backwards,\nup to 100 steps). Files written by `save` or `record` stay written.\n"
    );
    assert_eq!(run(&mut wb, "help nope"), "error: no command named `nope`\n");
    assert_eq!(run(&mut wb, "help a b"), "error: usage: help [COMMAND]\n");
}

#[test]
fn the_guide_lists_every_command_and_help_load_says_what_c_gives() {
    let guide = std::fs::read_to_string("docs/guide.md").unwrap();
    let start = guide.find("\n## Commands\n").expect("the guide has a command table");
    let table = &guide[start..];
    let table = &table[..table[1..].find("\n## ").map_or(table.len(), |end| end + 1)];
    for c in craig::repl::commands::COMMANDS {
        let row = format!("`{} ", c.name);
        let bare = format!("`{}`", c.name);
        assert!(table.contains(&row) || table.contains(&bare), "{} missing from the guide", c.name);
    }
    // Loading C gives no goals because `cegar`, not `prove`, decides its checks.
    let mut wb = bench();
    let load = run(&mut wb, "help load");
    assert!(!load.contains("no goals yet"), "{load}");
    assert!(load.contains("`cegar` decides them by abstraction refinement"), "{load}");
}

#[test]
fn unknown_commands_blank_lines_and_comments() {
    let mut wb = bench();
    assert_eq!(run(&mut wb, "frob"), "error: unknown command `frob` (type `help` for the list)\n");
    assert_eq!(run(&mut wb, "   "), "");
    assert_eq!(run(&mut wb, "# a comment"), "");
    assert_eq!(run(&mut wb, "load \"unterminated"), "error: unterminated quoted word\n");
    let mut out = Vec::new();
    assert_eq!(wb.eval_line("quit", &mut out), Control::Quit);
    assert_eq!(wb.eval_line("quit now", &mut out), Control::Continue);
}

#[test]
fn load_theories_goals_show() {
    let mut wb = bench();
    assert_eq!(run(&mut wb, "theories"), "no theories loaded (try `load FILE`)\n");
    assert_eq!(run(&mut wb, "goals"), "no goals (try `load FILE`)\n");
    assert_eq!(
        run(&mut wb, &format!("load {GROUP}")),
        "loaded theory group_inverse from examples/tptp/group_inverse.p: 4 clauses, 1 goal\n"
    );
    assert_eq!(
        run(&mut wb, &format!("load {GROUP}")),
        "error: examples/tptp/group_inverse.p is already loaded as theory `group_inverse` \
         (use `reload`)\n"
    );
    assert_eq!(
        run(&mut wb, "load notes.txt"),
        "error: cannot load notes.txt: expected a TPTP problem (.p, .ax), a spec file (.spec), \
         Java files (.java), a boolean program (.bp, .qr), a Scheme program (.scm), a C program \
         (.c, .i), an SMT-LIB script (.smt2) or a hybrid system (.hy)\n"
    );
    assert!(run(&mut wb, "load no/such/file.p").starts_with("error: cannot read no/such/file.p"));
    assert_eq!(
        run(&mut wb, "theories"),
        "group_inverse  examples/tptp/group_inverse.p  4 formulas, 4 clauses\n"
    );
    assert_eq!(
        run(&mut wb, "goals"),
        "group_inverse  open                      theory group_inverse\n"
    );
    assert_eq!(
        run(&mut wb, "show group_inverse"),
        "goal group_inverse (theory group_inverse, examples/tptp/group_inverse.p)\n\
         hypotheses: left_identity, left_inverse, associativity\n\
         statement: right_inverse\n"
    );
    assert_eq!(
        run(&mut wb, "show group_inverse clauses"),
        "goal group_inverse (theory group_inverse, examples/tptp/group_inverse.p)\n\
         hypotheses: left_identity, left_inverse, associativity\n\
         statement: right_inverse\n\
         \x20 left_identity (axiom): mult(e,X0) = X0\n\
         \x20 left_inverse (axiom): mult(i(X0),X0) = e\n\
         \x20 associativity (axiom): mult(mult(X0,X1),X2) = mult(X0,mult(X1,X2))\n\
         \x20 right_inverse (conjecture): mult(sk0,i(sk0)) != e\n"
    );
    assert_eq!(
        run(&mut wb, "show group_inverse wide"),
        "error: unknown view `wide` (one of: hol, sequent, clauses, sorts); usage: show GOAL \
         [hol|sequent|clauses|sorts] | show ir METHOD | show summary N | show state N | show cps \
         [THEORY] | show art | show node N | show cex | show path | show interpolants [K] | \
         show invariant | show summary nK|mK | show partition NODE [qK] | show language | \
         show regions | show graph | show warning N\n"
    );
    assert_eq!(run(&mut wb, "show nope"), "error: no goal named `nope` (goals: group_inverse)\n");
}

#[test]
fn prove_proof_core_stats() {
    let mut wb = bench();
    assert_eq!(run(&mut wb, "prove"), "error: no goals (try `load FILE`)\n");
    assert_eq!(run(&mut wb, "proof"), "error: no proof attempt yet (try `prove`)\n");
    assert_eq!(run(&mut wb, "core"), "error: no proof attempt yet (try `prove`)\n");
    assert_eq!(run(&mut wb, "stats"), "error: no proof attempt yet (try `prove`)\n");
    run(&mut wb, &format!("load {GROUP}"));
    assert_eq!(
        run(&mut wb, "prove group_inverse"),
        "group_inverse  Theorem               given     27  time [time]\n"
    );
    let tstp = run(&mut wb, "proof");
    assert!(tstp.starts_with("% SZS output start CNFRefutation for group_inverse\n"), "{tstp}");
    assert!(tstp.ends_with("% SZS output end CNFRefutation for group_inverse\n"), "{tstp}");
    let tree = run(&mut wb, "proof --tree");
    assert!(tree.starts_with("c_67: $false  [demodulation]\n"), "{tree}");
    assert!(
        tree.contains("\n  c_3: mult(sk0,i(sk0)) != e  [conjecture right_inverse]\n"),
        "{tree}"
    );
    assert!(tree.contains("(see above)"), "{tree}");
    assert_eq!(
        run(&mut wb, "proof --dag"),
        "error: unknown option `--dag`; usage: proof [--tree]\n"
    );
    assert_eq!(
        run(&mut wb, "core"),
        "core of group_inverse (4 formulas): left_identity, left_inverse, associativity, \
         right_inverse\n"
    );
    let stats = run(&mut wb, "stats");
    assert!(stats.starts_with("group_inverse: Theorem in [time]\n  given                    27\n"));
    run(&mut wb, "load examples/tptp/not_a_theorem.p");
    assert_eq!(
        run(&mut wb, "prove not_a_theorem"),
        "not_a_theorem  CounterSatisfiable    given      2  time [time]\n"
    );
    assert_eq!(
        run(&mut wb, "proof"),
        "error: the last attempt (not_a_theorem) found no refutation: CounterSatisfiable\n"
    );
    assert_eq!(
        run(&mut wb, "prove nope"),
        "error: no goal named `nope` (goals: group_inverse, not_a_theorem)\n"
    );
}

/// `craig prove ARGS` as the binary prints it.
fn craig_prove(args: &[&str]) -> String {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_craig"))
        .arg("prove")
        .args(args)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_prompt_and_craig_prove_find_the_same_counter_model() {
    // The prover gives up within the steps (it derives p(f^k(a)) for every k); both run the
    // same portfolio, so both then find the same 2-element counter-model.
    let file = "tests/data/fmb/chain_conjecture.p";
    let command_line = craig_prove(&["--steps", "2000", file]);
    let (status, model) = command_line.split_once('\n').unwrap();
    assert_eq!(status, "% SZS status CounterSatisfiable for chain_conjecture");
    assert!(model.starts_with("% model checked: "), "{command_line}");
    let mut wb = bench();
    run(&mut wb, "set steps 2000");
    run(&mut wb, &format!("load {file}"));
    let prompt = run(&mut wb, "prove chain_conjecture");
    let (line, below) = prompt.split_once('\n').unwrap();
    assert!(line.starts_with("chain_conjecture  CounterSatisfiable    given "), "{prompt}");
    assert!(line.ends_with("  by finite-model finding"), "{prompt}");
    assert_eq!(below, model);
    assert_eq!(
        run(&mut wb, "goals"),
        "chain_conjecture  CounterSatisfiable        theory chain_conjecture\n"
    );
    // A theorem is answered by the prover alone, at the prompt as on the command line.
    run(&mut wb, &format!("load {GROUP}"));
    assert_eq!(
        run(&mut wb, "prove group_inverse"),
        "group_inverse  Theorem               given     27  time [time]\n"
    );
    let theorem = craig_prove(&["--steps", "2000", GROUP]);
    assert!(theorem.starts_with("% SZS status Theorem for group_inverse\n"), "{theorem}");
    assert!(!theorem.contains("FiniteModel"), "{theorem}");
}

#[test]
fn a_mistyped_goal_name_suggests_the_nearest_names() {
    let mut wb = bench();
    run(&mut wb, &format!("load {GROUP}"));
    run(&mut wb, "load examples/tptp/not_a_theorem.p");
    // Few goals: the suggestion, then all of them.
    assert_eq!(
        run(&mut wb, "prove group_invers"),
        "error: no goal named `group_invers`; did you mean `group_inverse`? (goals: \
         group_inverse, not_a_theorem)\n"
    );
    // A different word is no typo: nothing is suggested.
    assert_eq!(
        run(&mut wb, "show nope"),
        "error: no goal named `nope` (goals: group_inverse, not_a_theorem)\n"
    );
    run(&mut wb, "load stdlib/sets.spec");
    run(&mut wb, "load examples/specs/linked_set.spec");
    run(&mut wb, &format!("load {PETS}"));
    let goals = run(&mut wb, "goals");
    let count = goals.lines().filter(|l| !l.is_empty()).count();
    assert!(count > 10, "enough goals that they are counted, not listed: {goals}");
    // Many goals: at most three suggestions, nearest first, then how many goals there are.
    assert_eq!(
        run(&mut wb, "show postcondition_4"),
        format!(
            "error: no goal named `postcondition_4`; did you mean `postcondition_1`, \
             `postcondition_2`, `postcondition_3`? ({count} goals: `goals` lists them)\n"
        )
    );
    // Equally near names come in name order, not in the order they were loaded
    // (`nothing_lost` is stated before `nothing_else`).
    assert_eq!(
        run(&mut wb, "prove nothing_"),
        format!(
            "error: no goal named `nothing_`; did you mean `nothing_else`, `nothing_lost`? \
             ({count} goals: `goals` lists them)\n"
        )
    );
}

#[test]
fn splitting_at_the_prompt_shows_the_cases_in_the_proof() {
    let mut wb = bench();
    run(&mut wb, "load examples/tptp/split_cases.p");
    assert_eq!(run(&mut wb, "set splitting on"), "splitting = on\n");
    assert_eq!(
        run(&mut wb, "set splitting sometimes"),
        "error: splitting takes `on` or `off`, got `sometimes`\n"
    );
    let answer = run(&mut wb, "prove split_cases");
    assert!(answer.starts_with("split_cases  Theorem "), "{answer}");
    let tstp = run(&mut wb, "proof");
    assert!(
        tstp.contains(
            "(p(X0) | ~spl0), introduced(avatar_definition, [new_symbols(naming, [spl0])])"
        ),
        "{tstp}"
    );
    assert!(tstp.contains("(spl0 | spl1), inference(avatar_split, [status(thm)]"), "{tstp}");
    let tree = run(&mut wb, "proof --tree");
    assert!(tree.starts_with("c_13: $false  [avatar_sat_resolution]\n"), "{tree}");
    let stats = run(&mut wb, "stats");
    assert!(stats.contains("\n  splits                   1\n"), "{stats}");
    assert!(stats.contains("\n  split names              2\n"), "{stats}");
    assert!(stats.contains("\n  split conflicts          2\n"), "{stats}");
    assert_eq!(
        run(&mut wb, "core"),
        "core of split_cases (4 formulas): cases, p_gives_r, q_gives_s, r_or_s\n"
    );
    // The same goal without splitting keeps the clause whole: no names in its proof.
    run(&mut wb, "set splitting off");
    run(&mut wb, "prove split_cases");
    assert!(!run(&mut wb, "proof").contains("spl0"));
}

#[test]
fn set_get_and_undo() {
    let mut wb = bench();
    assert_eq!(
        run(&mut wb, "get"),
        "time-limit = 10\nsteps = none\nselection = max-negative-if-positive\nage-ratio = 1\n\
         weight-ratio = 5\nclause-weight = auto\ncheck = on\nsplitting = off\nsorts = auto\n\
         retain = 100\ncache = off\n"
    );
    assert_eq!(
        run(&mut wb, "set clause-weight heavy"),
        "error: unknown clause weight `heavy` (one of: auto, symbols, conjecture-relative)\n"
    );
    assert_eq!(
        run(&mut wb, "set clause-weight conjecture-relative"),
        "clause-weight = conjecture-relative\n"
    );
    assert_eq!(run(&mut wb, "undo"), "undone: set clause-weight conjecture-relative\n");
    assert_eq!(
        run(&mut wb, "set sorts erased"),
        "error: unknown sort handling `erased` (one of: auto, guard, erase)\n"
    );
    assert_eq!(
        run(&mut wb, "set retain 0"),
        "error: retain takes a percentage from 1 to 100, got `0`\n"
    );
    assert_eq!(run(&mut wb, "set steps 3"), "steps = 3\n");
    assert_eq!(run(&mut wb, "set selection none"), "selection = none\n");
    assert_eq!(run(&mut wb, "set time-limit 2.5"), "time-limit = 2.5\n");
    // Too large for a duration: refused, where every later `prove` would have crashed.
    assert_eq!(
        run(&mut wb, "set time-limit 1e300"),
        "error: time-limit takes a positive number of seconds or `none`, got `1e300`\n"
    );
    assert_eq!(run(&mut wb, "set age-ratio 2"), "age-ratio = 2\n");
    assert_eq!(run(&mut wb, "set weight-ratio 7"), "weight-ratio = 7\n");
    assert_eq!(run(&mut wb, "set check off"), "check = off\n");
    assert_eq!(run(&mut wb, "set check maybe"), "error: check takes `on` or `off`, got `maybe`\n");
    assert_eq!(
        run(&mut wb, "set selection best"),
        "error: unknown selection `best` (one of: none, max-negative, max-negative-if-positive, \
         most-instantiated, complex)\n"
    );
    assert_eq!(
        run(&mut wb, "set colour red"),
        "error: unknown option `colour` (options: time-limit, steps, selection, age-ratio, \
         weight-ratio, clause-weight, check, splitting, sorts, retain, cache)\n"
    );
    assert_eq!(run(&mut wb, "set steps"), "error: usage: set NAME VALUE\n");
    assert_eq!(run(&mut wb, "get steps"), "steps = 3\n");
    assert!(run(&mut wb, "get colour").starts_with("error: unknown option `colour`"));
    assert_eq!(run(&mut wb, "undo"), "undone: set check off\n");
    assert_eq!(run(&mut wb, "get check"), "check = on\n");
    // Failed commands leave nothing to undo.
    run(&mut wb, "undo");
    run(&mut wb, "undo");
    run(&mut wb, "undo");
    run(&mut wb, "undo");
    assert_eq!(run(&mut wb, "undo"), "undone: set steps 3\n");
    assert_eq!(run(&mut wb, "undo"), "error: nothing to undo\n");
    run(&mut wb, &format!("load {GROUP}"));
    run(&mut wb, "set steps 3");
    assert_eq!(
        run(&mut wb, "prove"),
        "group_inverse  ResourceOut           given      3  time [time]\n"
    );
    assert_eq!(run(&mut wb, "undo"), "undone: prove\n");
    assert_eq!(
        run(&mut wb, "goals"),
        "group_inverse  open                      theory group_inverse\n"
    );
    assert_eq!(run(&mut wb, "undo"), "undone: set steps 3\n");
    assert_eq!(run(&mut wb, "undo"), format!("undone: load {GROUP}\n"));
    assert_eq!(run(&mut wb, "goals"), "no goals (try `load FILE`)\n");
}

#[test]
fn save_restore_round_trip() {
    let dir = scratch("roundtrip");
    let session = s(&dir.join("deep/er/session.ron"));
    let mut wb = bench();
    run(&mut wb, &format!("load {GROUP}"));
    run(&mut wb, &format!("load {PETS}"));
    run(&mut wb, "set weight-ratio 4");
    run(&mut wb, "prove pets");
    assert_eq!(
        run(&mut wb, &format!("save {session}")),
        format!("saved 2 theories and 2 goals to {session}\n")
    );
    assert_eq!(run(&mut wb, "save x.txt"), "error: session files end in .ron, got x.txt\n");
    let text = std::fs::read_to_string(&session).unwrap();
    assert!(text.starts_with("CraigSession(\n    version: 1,\n"), "{text}");

    let mut fresh = bench();
    assert_eq!(
        run(&mut fresh, &format!("restore {session}")),
        format!("restored {session}: 2 theories, 2 goals, 1 results still valid\n")
    );
    assert_eq!(
        run(&mut fresh, "goals"),
        "group_inverse  open                      theory group_inverse\n\
         pets           Theorem                   theory pets\n"
    );
    assert_eq!(run(&mut fresh, "get weight-ratio"), "weight-ratio = 4\n");
    let stats = run(&mut fresh, "stats pets");
    assert!(stats.starts_with("pets: Theorem in unknown time (restored)\n  given "), "{stats}");
    assert_eq!(
        run(&mut fresh, "stats group_inverse"),
        "error: goal group_inverse was not tried yet (try `prove group_inverse`)\n"
    );
    // The restore itself can be undone.
    assert_eq!(run(&mut fresh, "undo"), format!("undone: restore {session}\n"));
    assert_eq!(run(&mut fresh, "goals"), "no goals (try `load FILE`)\n");
}

#[test]
fn damaged_foreign_and_future_sessions_change_nothing() {
    let dir = scratch("damaged");
    let mut wb = bench();
    run(&mut wb, &format!("load {GROUP}"));
    let good = s(&dir.join("good.ron"));
    run(&mut wb, &format!("save {good}"));
    let text = std::fs::read_to_string(&good).unwrap();

    let foreign = dir.join("foreign.ron");
    std::fs::write(&foreign, "just some text").unwrap();
    let future = dir.join("future.ron");
    std::fs::write(&future, text.replace("version: 1", "version: 2")).unwrap();
    let damaged = dir.join("damaged.ron");
    std::fs::write(&damaged, &text[..text.len() / 2]).unwrap();

    let before = run(&mut wb, "goals");
    let f = s(&foreign);
    assert_eq!(
        run(&mut wb, &format!("restore {f}")),
        format!("error: {f} is not a craig session file\n")
    );
    let f = s(&future);
    assert_eq!(
        run(&mut wb, &format!("restore {f}")),
        format!("error: {f} is a craig session of format version 2; this craig reads version 1\n")
    );
    let f = s(&damaged);
    let out = run(&mut wb, &format!("restore {f}"));
    assert!(out.starts_with(&format!("error: {f} is damaged: ")), "{out}");
    assert_eq!(out.lines().count(), 1, "{out}");
    let f = s(&dir.join("absent.ron"));
    assert!(
        run(&mut wb, &format!("restore {f}")).starts_with(&format!("error: cannot access {f}"))
    );
    assert_eq!(run(&mut wb, "goals"), before);
    // A failed restore is not an undo step: undo reverts the load.
    assert_eq!(run(&mut wb, "undo"), format!("undone: load {GROUP}\n"));
}

#[test]
fn changed_goal_becomes_obsolete_and_missing_goal_is_reported() {
    let dir = scratch("obsolete");
    let problem = dir.join("inverse.p");
    let other = dir.join("other.p");
    let original = std::fs::read_to_string(GROUP).unwrap();
    std::fs::write(&problem, &original).unwrap();
    std::fs::write(&other, &original).unwrap();
    let (p, o) = (s(&problem), s(&other));
    let session = s(&dir.join("s.ron"));
    let mut wb = bench();
    run(&mut wb, &format!("load {p}"));
    run(&mut wb, &format!("load {o}"));
    run(&mut wb, "prove all");
    run(&mut wb, &format!("save {session}"));

    // Edit one problem (same meaning, different text) and remove the other.
    std::fs::write(&problem, format!("% edited\n{original}")).unwrap();
    std::fs::remove_file(&other).unwrap();
    let mut fresh = bench();
    let out = run(&mut fresh, &format!("restore {session}"));
    assert!(
        out.starts_with(&format!(
            "restored {session}: 1 theories, 1 goals, 0 results still valid\n"
        )),
        "{out}"
    );
    assert!(out.contains(&format!("  file {p} changed since the session was saved\n")), "{out}");
    assert!(out.contains("  goal inverse: obsolete (changed since its result)\n"), "{out}");
    assert!(out.contains(&format!("  file {o}: not loaded (cannot read {o}")), "{out}");
    assert!(out.contains("  goal other: missing (no longer in the loaded files)\n"), "{out}");
    assert_eq!(run(&mut fresh, "goals"), "inverse  obsolete (was Theorem)    theory inverse\n");

    // `reload` notices edits too, and proving again clears the mark.
    std::fs::write(&problem, &original).unwrap();
    assert_eq!(
        run(&mut fresh, "reload"),
        "goal inverse changed (result obsolete)\nreloaded 1 theories, 1 goals changed\n"
    );
    assert_eq!(
        run(&mut fresh, "prove inverse"),
        "inverse  Theorem               given     27  time [time]\n"
    );
    assert_eq!(run(&mut fresh, "goals"), "inverse  Theorem                   theory inverse\n");
}

#[test]
fn record_and_replay() {
    let dir = scratch("record");
    let script = s(&dir.join("rec.craig"));
    let mut wb = bench();
    assert_eq!(run(&mut wb, "record stop"), "error: not recording\n");
    assert_eq!(run(&mut wb, &format!("record {script}")), format!("recording to {script}\n"));
    run(&mut wb, &format!("load {GROUP}"));
    // Unknown commands are not recorded.
    run(&mut wb, "bogus");
    run(&mut wb, "get steps");
    assert_eq!(run(&mut wb, "record stop"), format!("stopped recording to {script}\n"));
    assert_eq!(
        std::fs::read_to_string(&script).unwrap(),
        format!("# craig session script, recorded by `record`\nload {GROUP}\nget steps\n")
    );
    let mut other = bench();
    assert_eq!(
        run(&mut other, &format!("replay {script}")),
        format!(
            "craig> load {GROUP}\nloaded theory group_inverse from {GROUP}: 4 clauses, 1 goal\n\
             craig> get steps\nsteps = none\n"
        )
    );
    // A script that replays itself stops at the nesting limit instead of running forever.
    let selfish = s(&dir.join("self.craig"));
    std::fs::write(&selfish, format!("replay {selfish}\n")).unwrap();
    let out = run(&mut other, &format!("replay {selfish}"));
    assert!(out.ends_with("error: replay nested more than 8 deep\n"), "{out}");
}

#[test]
fn multi_line_input() {
    assert!(!input_is_complete("show (a"));
    assert!(input_is_complete("show (a\n)"));
    let dir = scratch("multiline");
    let script = dir.join("m.craig");
    std::fs::write(&script, "# comment\n\nhelp (quit\n)\nget steps\n").unwrap();
    let text = craig::repl::replay::transcript(&script).unwrap();
    assert_eq!(
        text,
        "craig> help (quit\n  ...> )\nerror: usage: help [COMMAND]\ncraig> get steps\nsteps = none\n"
    );
}

#[test]
fn replay_check_prints_a_diff_and_fails() {
    let dir = scratch("check");
    let script = dir.join("s.craig");
    std::fs::write(&script, "get steps\n").unwrap();
    let expected = dir.join("s.craig.expected");
    std::fs::write(&expected, "craig> get steps\nsteps = 5\n").unwrap();
    let diff = craig::repl::replay::check(&script).unwrap().expect("they differ");
    let exp = s(&expected);
    assert_eq!(
        diff,
        format!(
            "--- {exp}\n+++ actual transcript\n@@ -1,2 +1,2 @@\n craig> get steps\n-steps = 5\n+steps = none\n"
        )
    );

    let craig = env!("CARGO_BIN_EXE_craig");
    let out = std::process::Command::new(craig)
        .args(["replay", "--check"])
        .arg(&script)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&out.stdout), diff);
    let out = std::process::Command::new(craig)
        .args(["replay", "--bless"])
        .arg(&script)
        .output()
        .unwrap();
    assert!(out.status.success());
    let out = std::process::Command::new(craig)
        .args(["replay", "--check"])
        .arg(&script)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let out = std::process::Command::new(craig).args(["replay"]).arg(&script).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "craig> get steps\nsteps = none\n");
}

#[test]
fn reload_replay_record_and_save_errors() {
    let mut wb = bench();
    assert_eq!(run(&mut wb, "reload"), "error: nothing is loaded\n");
    assert_eq!(run(&mut wb, "reload now"), "error: usage: reload\n");
    run(&mut wb, &format!("load {GROUP}"));
    assert_eq!(run(&mut wb, "reload"), "reloaded 1 theories, 0 goals changed\n");
    assert!(run(&mut wb, "replay no/such.craig").starts_with("error: cannot read no/such.craig"));
    assert_eq!(run(&mut wb, "replay"), "error: usage: replay FILE\n");
    let dir = scratch("errors");
    let rec = s(&dir.join("r.craig"));
    run(&mut wb, &format!("record {rec}"));
    assert_eq!(
        run(&mut wb, "record other.craig"),
        format!("error: already recording to {rec} (`record stop` first)\n")
    );
    run(&mut wb, "record stop");
    // Saving onto a directory fails cleanly and leaves the directory alone.
    let target = dir.join("taken.ron");
    std::fs::create_dir_all(&target).unwrap();
    let out = run(&mut wb, &format!("save {}", s(&target)));
    assert!(out.starts_with(&format!("error: cannot access {}", s(&target))), "{out}");
    assert!(target.is_dir());
    // No temporary files are left behind.
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "{leftovers:?}");
}

#[test]
fn names_in_scope_are_goals_theories_hypotheses_and_symbols() {
    let mut wb = bench();
    run(&mut wb, &format!("load {GROUP}"));
    // Skolem constants (sk0) are the prover's, not the user's, and are left out.
    assert_eq!(
        wb.names_in_scope(),
        [
            "associativity",
            "e",
            "group_inverse",
            "i",
            "left_identity",
            "left_inverse",
            "mult",
            "right_inverse"
        ]
    );
    run(&mut wb, &format!("load {LINKED_SET}"));
    let names = wb.names_in_scope();
    for expected in
        ["linked_set", "add_effect", "nothing_else", "content_after", "node", "empty_def"]
    {
        assert!(names.contains(&expected.to_string()), "{expected} missing from {names:?}");
    }
}

#[test]
fn the_interrupt_flag_stops_a_proof_and_a_script() {
    let mut wb = bench();
    run(&mut wb, "load tests/data/endless.p");
    run(&mut wb, "set time-limit none");
    // Play the Ctrl-C handler: raise the flag from the progress observer after 50 given clauses.
    let flag = wb.interrupt_handle();
    wb.set_progress_observer(Some(Box::new(move |p| {
        if p.counter("given") == Some(50) {
            flag.store(true, std::sync::atomic::Ordering::SeqCst);
        }
    })));
    assert_eq!(
        run(&mut wb, "prove"),
        "endless  User                  given     51  time [time]\n\
         interrupted; the remaining goals were not tried\n"
    );
    assert_eq!(run(&mut wb, "goals"), "endless  User                      theory endless\n");
    // With the flag still up, a script stops after its current command.
    let mut out = Vec::new();
    craig::repl::replay::run_script(&mut wb, "get steps\nget check\n", &mut out);
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "craig> get steps\nsteps = none\nreplay interrupted; the rest of the script was not run\n"
    );
}

#[test]
fn an_edited_include_makes_the_goal_obsolete() {
    let dir = scratch("include");
    std::fs::write(dir.join("group.ax"), "cnf(left_identity, axiom, mult(e, X) = X).\n").unwrap();
    let problem = dir.join("uses.p");
    std::fs::write(
        &problem,
        "include('group.ax').\ncnf(left_inverse, axiom, mult(i(X), X) = e).\n\
         fof(goal, conjecture, mult(e, e) = e).\n",
    )
    .unwrap();
    let session = s(&dir.join("s.ron"));
    let mut wb = bench();
    run(&mut wb, &format!("load {}", s(&problem)));
    assert_eq!(run(&mut wb, "prove"), "uses  Theorem               given      2  time [time]\n");
    run(&mut wb, &format!("save {session}"));
    std::fs::write(dir.join("group.ax"), "cnf(left_identity, axiom, mult(X, e) = X).\n").unwrap();
    let out = run(&mut bench(), &format!("restore {session}"));
    assert_eq!(
        out,
        format!(
            "restored {session}: 1 theories, 1 goals, 0 results still valid\n  \
             goal uses: obsolete (changed since its result)\n"
        )
    );
    assert_eq!(
        run(&mut wb, "reload"),
        "goal uses changed (result obsolete)\nreloaded 1 theories, 1 goals changed\n"
    );
}

const LINKED_SET: &str = "examples/specs/linked_set.spec";

#[test]
fn spec_files_give_one_goal_per_sequent() {
    let mut wb = bench();
    assert_eq!(
        run(&mut wb, &format!("load {LINKED_SET}")),
        "loaded theory linked_set from examples/specs/linked_set.spec: 2 files, 26 items, \
         5 lemmas, 7 goals\n"
    );
    let goals = run(&mut wb, "goals");
    let names: Vec<&str> = goals.lines().map(|l| l.split_whitespace().next().unwrap()).collect();
    assert_eq!(
        names,
        [
            "x_added",
            "nothing_lost",
            "nothing_else",
            "postcondition_1",
            "postcondition_2",
            "postcondition_3",
            "x_was_there"
        ]
    );
    // Naming the split lemma proves each of its sequents.
    let proved = run(&mut wb, "prove postcondition");
    assert_eq!(proved.lines().count(), 3, "{proved}");
    assert!(proved.lines().all(|l| l.contains("Theorem")), "{proved}");
}

#[test]
fn show_views_of_a_spec_goal() {
    let mut wb = bench();
    run(&mut wb, &format!("load {LINKED_SET}"));
    let overview = run(&mut wb, "show nothing_else");
    assert!(
        overview.starts_with(
            "goal nothing_else (lemma nothing_else at examples/specs/linked_set.spec:28:7; \
             theory linked_set)\nstatement: lemma nothing_else: \"ALL y. y : content_after --> \
             y = x | y : content\"\n"
        ),
        "{overview}"
    );
    let hol = run(&mut wb, "show nothing_else hol");
    // Every item before the lemma, standard library first, each with its location.
    assert!(hol.contains("  stdlib/sets.spec:6:1: axiom empty_def: \"ALL x. x ~: {}\"\n"), "{hol}");
    assert!(
        hol.contains(
            "  examples/specs/linked_set.spec:23:1: axiom add_effect: \"content_after = content \
             Un {x}\"\n"
        ),
        "{hol}"
    );
    let sequent = run(&mut wb, "show nothing_else sequent");
    assert!(
        sequent.contains("  nothing_else (negated_conjecture): ~![X"),
        "the negated goal is part of the sequent: {sequent}"
    );
    let clauses = run(&mut wb, "show nothing_else clauses");
    assert!(clauses.contains("  nothing_else (negated_conjecture): ~content(sk0)\n"), "{clauses}");
    let sorts = run(&mut wb, "show nothing_else sorts");
    assert!(sorts.contains("sort node: erased (monotone"), "{sorts}");
    // `X0 = x` is guarded by `content(X0)` when content is true on new elements.
    assert!(
        sorts.contains("sort obj: erased (monotone when new elements extend content with true"),
        "{sorts}"
    );
    run(&mut wb, "set sorts guard");
    let guarded = run(&mut wb, "show nothing_else sorts");
    assert!(
        guarded.contains("sort node: guarded"),
        "the option reaches the translation: {guarded}"
    );
    // A TPTP goal has neither HOL nor sorts.
    run(&mut wb, &format!("load {GROUP}"));
    assert_eq!(
        run(&mut wb, "show group_inverse hol"),
        "error: goal group_inverse is a TPTP problem: it has no HOL view (try `show group_inverse \
         clauses`)\n"
    );
}

#[test]
fn spec_errors_are_shown_with_locations_and_nothing_is_loaded() {
    let mut wb = bench();
    let out = run(&mut wb, "load sessions/mistake.spec");
    assert!(out.starts_with("error: cannot load sessions/mistake.spec (2 problems):\n"), "{out}");
    assert!(out.contains("sessions/mistake.spec:5:21: error: type mismatch"), "{out}");
    assert!(out.contains("sessions/mistake.spec:6:50: error: type mismatch"), "{out}");
    assert_eq!(run(&mut wb, "theories"), "no theories loaded (try `load FILE`)\n");
}

#[test]
fn core_of_a_spec_goal_names_its_lines_and_minimizes() {
    let mut wb = bench();
    run(&mut wb, &format!("load {LINKED_SET}"));
    run(&mut wb, "prove nothing_else");
    assert_eq!(
        run(&mut wb, "core"),
        "core of nothing_else (2 formulas): add_effect, nothing_else\n  \
         add_effect: axiom add_effect at examples/specs/linked_set.spec:23:7\n  \
         nothing_else: lemma nothing_else at examples/specs/linked_set.spec:28:7\n"
    );
    assert_eq!(
        run(&mut wb, "core --fast"),
        "error: unknown option `--fast`; usage: core [--minimal]\n"
    );
}

#[test]
fn minimal_core_drops_what_a_proof_did_not_need() {
    // The first refutation of this problem uses a redundant hypothesis (p is given directly and
    // also derivable from q); deletion finds that one of the two routes suffices.
    let dir = scratch("mincore");
    let file = dir.join("redundant.p");
    std::fs::write(
        &file,
        "fof(direct, axiom, p).\nfof(q_holds, axiom, q).\nfof(q_gives_p, axiom, q => p).\n\
         fof(r_holds, axiom, r).\nfof(goal, conjecture, p & r).\n",
    )
    .unwrap();
    let mut wb = bench();
    run(&mut wb, &format!("load {}", s(&file)));
    run(&mut wb, "set check on");
    assert!(run(&mut wb, "prove redundant").contains("Theorem"));
    let out = run(&mut wb, "core --minimal");
    let minimal =
        out.lines().find(|l| l.starts_with("minimal core")).unwrap_or_else(|| panic!("{out}"));
    // Exactly one way to p remains, r_holds and the goal always.
    let kept: Vec<&str> = minimal.split(": ").nth(1).unwrap().split(", ").collect();
    assert!(kept.contains(&"r_holds") && kept.contains(&"goal"), "{out}");
    let direct = kept.contains(&"direct");
    let via_q = kept.contains(&"q_holds") && kept.contains(&"q_gives_p");
    assert!(direct != via_q, "one route to p, not both and not none: {out}");
    assert!(out.contains("re-proved on the minimal core alone: Theorem"), "{out}");
    assert!(out.contains("proof checked"), "{out}");
}

#[test]
fn translate_prints_or_writes_tptp_cnf() {
    let mut wb = bench();
    run(&mut wb, &format!("load {LINKED_SET}"));
    run(&mut wb, &format!("load {GROUP}"));
    let text = run(&mut wb, "translate nothing_else");
    assert!(text.starts_with("% sequent nothing_else\n"), "{text}");
    assert!(text.contains("% sort obj: erased"), "{text}");
    assert!(text.contains("cnf(nothing_else_12, negated_conjecture, (~content(sk0)))."), "{text}");
    let group = run(&mut wb, "translate group_inverse");
    assert!(
        group.contains("cnf(right_inverse_4, negated_conjecture, (mult(sk0,i(sk0)) != e)).\n"),
        "{group}"
    );
    let dir = scratch("translate");
    let file = dir.join("post.p");
    assert_eq!(
        run(&mut wb, &format!("translate postcondition {}", s(&file))),
        format!("wrote 3 goals to {}\n", s(&file))
    );
    let written = std::fs::read_to_string(&file).unwrap();
    assert_eq!(written.matches("% sequent postcondition_").count(), 3);
    // One sequent written alone is a TPTP problem that craig itself reads and refutes.
    let single = dir.join("alone.p");
    run(&mut wb, &format!("translate nothing_else {}", s(&single)));
    assert!(run(&mut wb, &format!("load {}", s(&single))).contains("12 clauses"));
    assert!(run(&mut wb, "prove alone").contains("Unsatisfiable"));
    assert_eq!(
        run(&mut wb, "translate nothing_else notes.txt"),
        "error: TPTP problem files end in .p, got notes.txt\n"
    );
}

#[test]
fn interpolate_a_split_of_a_goal_move_a_hypothesis_and_ask_again() {
    let mut wb = bench();
    run(&mut wb, &format!("load {PETS}"));
    assert_eq!(
        run(&mut wb, "interpolate clue_ann | cy_owns_the_cat"),
        "error: which goal? `prove` one first, or name it with --goal GOAL\n"
    );
    run(&mut wb, "prove pets");
    let out = run(
        &mut wb,
        "interpolate people_distinct pets_distinct everyone_owns_a_pet no_shared_pets clue_ann \
         clue_bob | cy_owns_the_cat",
    );
    assert!(out.contains("fof(interpolant, plain, owns(cy,cat)).\n"), "{out}");
    assert!(out.contains("% verified A |= I: "), "{out}");
    assert!(out.contains("% verified I & B |= $false: "), "{out}");
    assert!(out.contains("% verified vocabulary: shared symbols only\n"), "{out}");
    let moved = run(&mut wb, "interpolate --move clue_bob");
    assert!(moved.starts_with("moved clue_bob from A to B\n"), "{moved}");
    assert!(moved.contains("B = cy_owns_the_cat, clue_bob\n"), "{moved}");
    assert!(moved.contains("fof(interpolant, plain, "), "{moved}");
    assert_eq!(
        run(&mut wb, "interpolate --move nobody"),
        "error: `nobody` is not named in the last split (A = people_distinct, pets_distinct, \
         everyone_owns_a_pet, no_shared_pets, clue_ann | B = cy_owns_the_cat, clue_bob)\n"
    );
    // `*` takes every formula the other side does not name.
    let star = run(&mut wb, "interpolate cy_owns_the_cat | *");
    assert!(star.contains("fof(interpolant, plain, "), "{star}");
}

#[test]
fn interpolate_inline_formulas_systems_steps_and_sequences() {
    let mut wb = bench();
    let both = run(
        &mut wb,
        "interpolate --system both \"s1 | (s2 & a1)\" \"~a1 | s3\" | \"~s1\" \"~s2 | ~s3\"",
    );
    assert!(both.contains("fof(interpolant_mcmillan, plain, "), "{both}");
    assert!(both.contains("fof(interpolant_pudlak, plain, "), "{both}");
    let steps = run(&mut wb, "interpolate --steps \"p(a) & (p(a) => q)\" | \"~q\"");
    assert!(
        steps.starts_with("split: A = p(a) & (p(a) => q) | B = ~q\nfof(interpolant, plain, q).\n"),
        "{steps}"
    );
    assert!(steps.contains("partial interpolants (mcmillan), in proof order:\n  c_"), "{steps}");
    let sequence = run(&mut wb, "interpolate --sequence \"a = b\" ; \"f(a) != f(c)\" ; \"b = c\"");
    assert!(sequence.contains("fof(interpolant_1, plain, a = b).\n"), "{sequence}");
    assert!(sequence.contains("% verified I2 & A3 |= I3: "), "{sequence}");
}

#[test]
fn interpolate_reports_bad_splits() {
    let mut wb = bench();
    assert_eq!(
        run(&mut wb, "interpolate \"p(a)\" | \"q(b)\""),
        "split: A = p(a) | B = q(b)\nerror: the split is satisfiable (craig saturated the clauses): \
         no interpolant exists\n"
    );
    assert_eq!(
        run(&mut wb, "interpolate | \"q(b)\""),
        "error: side A is empty: name hypotheses, `*`, or type formulas\n"
    );
    assert_eq!(
        run(&mut wb, "interpolate --sequence \"p(a)\""),
        "error: a sequence needs at least two parts separated by `;`\n"
    );
    assert_eq!(
        run(&mut wb, "interpolate --system best \"(p)\" | \"~p\""),
        format!(
            "error: invalid value `best` for `--system <SYSTEM>` (one of: mcmillan, pudlak, \
             both); usage: {}\n",
            craig::repl::commands::find("interpolate").unwrap().usage
        )
    );
    assert_eq!(
        run(&mut wb, "interpolate --move h"),
        "error: no split to change yet: ask `interpolate A | B` first\n"
    );
    run(&mut wb, &format!("load {GROUP}"));
    run(&mut wb, "prove group_inverse");
    assert!(
        run(&mut wb, "interpolate left_identity | left_identity")
            .starts_with("error: `left_identity` is named on two sides"),
    );
    assert!(run(&mut wb, "interpolate nope | right_inverse").starts_with(
        "error: goal group_inverse has no formula named `nope` (formulas: left_identity, \
         left_inverse, associativity, right_inverse;"
    ));
}

/// A side that is unsatisfiable on its own is refuted first, with a small budget: `$true` is the
/// interpolant when B alone is, `$false` when A alone is, verified as every interpolant is.
#[test]
fn interpolate_answers_a_side_unsatisfiable_alone_first() {
    let mut wb = bench();
    let out = run(&mut wb, "interpolate \"![X]: p(X)\" | \"![X]: q(X)\" \"~q(a)\"");
    assert!(
        out.starts_with(
            "split: A = ![X]: p(X) | B = ![X]: q(X), ~q(a)\nfof(interpolant, plain, $true).\n"
        ),
        "{out}"
    );
    assert!(out.contains("% verified I & B |= $false: "), "{out}");
    assert!(out.contains("% refutation: side B alone is unsatisfiable"), "{out}");
    let out = run(&mut wb, "interpolate \"![X]: p(X)\" \"~p(b)\" | \"![X]: q(X)\"");
    assert!(out.contains("fof(interpolant, plain, $false).\n"), "{out}");
    assert!(out.contains("% verified A |= I: "), "{out}");
    assert!(out.contains("% refutation: side A alone is unsatisfiable"), "{out}");
}

/// A split whose search never ends: A counts the successors of zero up for ever.
const ENDLESS_SPLIT: &str = "interpolate \"num(zero)\" \"![X]: (num(X) => num(s(X)))\" | \
                             \"![X, Y]: ((num(X) & num(Y)) => num(plus(X, Y)))\" \"~q\"";

/// `set steps` bounds each search of `interpolate`, and running out is said in words, not as
/// the prover's `Debug` text (`LimitReached(GivenClauses)`).
#[test]
fn interpolate_out_of_steps_says_so_in_plain_words() {
    let mut wb = bench();
    run(&mut wb, "set steps 20");
    let out = run(&mut wb, ENDLESS_SPLIT);
    assert!(
        out.contains(
            "error: no refutation found within the limits: the given-clause limit was reached \
             before a refutation was found; local symbols above shared, earlier parts largest: \
             the given-clause limit was reached before a refutation was found;"
        ),
        "{out}"
    );
    assert!(!out.contains("LimitReached"), "{out}");
}

/// Ctrl-C (the workbench's interrupt flag) stops `interpolate`: it answers `interrupted` and
/// the session goes on.
#[test]
fn the_interrupt_flag_stops_interpolation() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let mut wb = bench();
    // `interpolate` lowers the flag as it starts (as `prove` does), so the flag is raised again
    // and again until the command returns, as a user pressing Ctrl-C during it would.
    let flag = wb.interrupt_handle();
    let done = Arc::new(AtomicBool::new(false));
    let raiser = {
        let done = done.clone();
        std::thread::spawn(move || {
            while !done.load(Ordering::SeqCst) {
                flag.store(true, Ordering::SeqCst);
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        })
    };
    let out = run(&mut wb, ENDLESS_SPLIT);
    done.store(true, Ordering::SeqCst);
    raiser.join().unwrap();
    assert!(out.ends_with("\ninterrupted\n"), "{out}");
    assert!(!out.contains("error"), "{out}");
    let next = run(&mut wb, "interpolate \"p(a)\" | \"~p(a)\"");
    assert!(next.contains("fof(interpolant, plain, "), "{next}");
}

#[test]
fn interpolate_a_spec_goal_keeps_generated_clauses_on_both_sides() {
    let mut wb = bench();
    run(&mut wb, &format!("load {LINKED_SET}"));
    // Guarded sorts bring generated typing axioms, which belong to both sides.
    run(&mut wb, "set sorts guard");
    run(&mut wb, "prove nothing_else");
    let out = run(&mut wb, "interpolate add_effect | nothing_else");
    assert!(out.starts_with("split of nothing_else: A = add_effect | B = nothing_else\n"), "{out}");
    assert!(out.contains("background on both sides: sort_"), "{out}");
    assert!(out.contains("fof(interpolant, plain, "), "{out}");
    assert!(out.contains("% verified vocabulary: shared symbols only\n"), "{out}");
}

/// Every command on any sequent of a lemma reuses one translation of the whole lemma per set of
/// translation options, and each left-out hypothesis's validity is proved once per module: the
/// deterministic counter grows with the number of sequents, not with its square.
#[test]
fn translations_per_command_are_linear_in_the_sequents() {
    let mut wb = bench();
    run(&mut wb, "load examples/specs/linked_set.spec");
    let sequents: Vec<String> = wb
        .state()
        .goals
        .iter()
        .map(|g| g.name.clone())
        .filter(|n| n.starts_with("postcondition_"))
        .collect();
    let k = sequents.len() as u64;
    assert!(k >= 3, "postcondition should split into several sequents: {sequents:?}");
    assert_eq!(wb.state().sequents_translated(), 0, "loading lists goals without translating");
    run(&mut wb, "prove postcondition");
    for name in &sequents {
        run(&mut wb, &format!("show {name}"));
        run(&mut wb, &format!("show {name} clauses"));
        run(&mut wb, &format!("show {name} sorts"));
    }
    run(&mut wb, "core");
    run(&mut wb, "translate postcondition");
    assert_eq!(wb.state().sequents_translated(), k, "one translation of the lemma's {k} sequents");
    // Other options are another translation, once.
    run(&mut wb, "set sorts guard");
    run(&mut wb, "prove postcondition");
    run(&mut wb, &format!("show {} clauses", sequents[0]));
    assert_eq!(wb.state().sequents_translated(), 2 * k);
    // Back to the first options: the cached translation again.
    run(&mut wb, "set sorts auto");
    run(&mut wb, "prove postcondition");
    assert_eq!(wb.state().sequents_translated(), 2 * k);
}

#[test]
fn long_commands_report_progress_to_the_observer() {
    // What the terminal's status line is drawn from: a refinement run's steps, nodes and
    // refinements after every step, and the counters of each search an interpolation makes.
    let mut wb = bench();
    type Seen = Vec<(String, Vec<(String, u64)>)>;
    let seen: std::rc::Rc<std::cell::RefCell<Seen>> = Default::default();
    let log = seen.clone();
    wb.set_progress_observer(Some(Box::new(move |p| {
        let counters = p.counters.iter().map(|(n, v)| (n.to_string(), *v)).collect();
        log.borrow_mut().push((p.task.to_string(), counters));
    })));
    run(&mut wb, "load --math-int examples/c/counter_safe.c");
    run(&mut wb, "cegar");
    let ran = run(&mut wb, "run");
    let runs: Vec<_> = seen.borrow().iter().filter(|(t, _)| t == "main").cloned().collect();
    let steps: Vec<u64> = runs.iter().map(|(_, c)| c[0].1).collect();
    assert!(!steps.is_empty() && steps.windows(2).all(|w| w[0] < w[1]), "{steps:?}");
    assert_eq!(
        runs[0].1.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(),
        ["steps", "nodes", "refinements"]
    );
    assert!(ran.contains(&format!("after step {}:", steps.last().unwrap())), "{ran}");
    seen.borrow_mut().clear();
    // Not ground, so the prover's searches (not the SMT engine) make the interpolant.
    let answer = run(&mut wb, "interpolate \"p(a) & ![X]: (p(X) => q(X))\" | \"~q(a)\"");
    assert!(answer.contains("fof(interpolant"), "{answer}");
    let searches = seen.borrow();
    assert!(!searches.is_empty());
    assert!(searches.iter().all(|(t, c)| t == "interpolate" && c[0].0 == "given"));
}

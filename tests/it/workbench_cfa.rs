//! Scheme programs at the workbench prompt, driven through `eval_line` with exact output:
//! `load prog.scm` (and its errors with file:line:col), `cfa` with its options, `states`,
//! `show state N`, `succ N`, `witness`, `dot FILE`, `compare`, `show cps`, the errors for a
//! missing analysis or a bad state number, and `undo`, `save`/`restore`, `unload` and `reload`
//! around them. Programs come from `examples/scheme/`; scratch files go to a fresh directory.

use crate::common;

use common::{bench, run, s, scratch};

const LOCKLOOP: &str = "examples/scheme/lockloop.scm";
const ORACLE: &str = "examples/scheme/oracle-gc.scm";

#[test]
fn load_reads_a_program_into_cps() {
    let mut wb = bench();
    assert_eq!(
        run(&mut wb, &format!("load {LOCKLOOP}")),
        "loaded theory lockloop from examples/scheme/lockloop.scm: Scheme, 9 calls and 6 λ terms \
         in CPS (no goals: try `cfa`)\n"
    );
    assert_eq!(
        run(&mut wb, "theories"),
        "lockloop  examples/scheme/lockloop.scm  Scheme: 9 calls, 6 λ terms in CPS\n"
    );
    assert_eq!(run(&mut wb, "goals"), "no goals (try `load FILE`)\n");
    let again = run(&mut wb, &format!("load {LOCKLOOP}"));
    assert!(again.starts_with("error: examples/scheme/lockloop.scm is already loaded"), "{again}");
}

#[test]
fn load_errors_name_file_line_and_column_and_load_nothing() {
    let dir = scratch("errors");
    let unbalanced = dir.join("unbalanced.scm");
    std::fs::write(&unbalanced, "(define (f x)\n  (+ x 1)\n").unwrap();
    let refused = dir.join("refused.scm");
    std::fs::write(&refused, "(define x 1)\n(define-record-type point (make-point x) point?)\n")
        .unwrap();
    // `x` is not one of the record's fields (it has none).
    let mut wb = bench();
    let out = run(&mut wb, &format!("load {}", s(&unbalanced)));
    assert!(
        out.starts_with(&format!("error: cannot load {} (1 problem):", s(&unbalanced))),
        "{out}"
    );
    assert!(
        out.contains(&format!("{}:3:1: error: unexpected end of input", s(&unbalanced))),
        "{out}"
    );
    let out = run(&mut wb, &format!("load {}", s(&refused)));
    assert!(out.contains(&format!("{}:2:39", s(&refused))), "{out}");
    assert!(out.contains("the constructor takes `x`, which is not a field"), "{out}");
    assert_eq!(run(&mut wb, "theories"), "no theories loaded (try `load FILE`)\n");
    let missing = run(&mut wb, "load no/such/file.scm");
    assert!(missing.starts_with("error: cannot read no/such/file.scm"), "{missing}");
}

#[test]
fn commands_before_cfa_ask_for_it() {
    let mut wb = bench();
    assert_eq!(run(&mut wb, "cfa"), "error: no Scheme program is loaded (try `load FILE.scm`)\n");
    assert_eq!(
        run(&mut wb, "show cps"),
        "error: no Scheme program is loaded (try `load FILE.scm`)\n"
    );
    assert_eq!(
        run(&mut wb, "dot out.dot"),
        "error: dot needs a boolean program, a Scheme program, a C program or a refinement run \
         on Java files\n"
    );
    run(&mut wb, &format!("load {LOCKLOOP}"));
    for line in ["states", "show state 0", "succ 0", "witness", "dot out.dot"] {
        assert_eq!(run(&mut wb, line), "error: no analysis yet: run `cfa` first\n", "{line}");
    }
}

#[test]
fn cfa_states_show_state_and_succ() {
    let mut wb = bench();
    run(&mut wb, &format!("load {LOCKLOOP}"));
    assert_eq!(
        run(&mut wb, "cfa --protocol examples/scheme/lock.proto"),
        "lockloop: 0CFA, GC, counting: 18 states, 18 edges (18 transitions, 1 subsumed, 0 merged) \
         in [time]\nprotocol lock-discipline: verified\n"
    );
    let states = run(&mut wb, "states");
    let lines: Vec<&str> = states.lines().collect();
    assert_eq!(lines.len(), 19, "{states}");
    assert_eq!(lines[0], "lockloop (0CFA, GC, counting): 18 states, 18 edges");
    assert_eq!(lines[1], "    0  eval (let ((mutex 'mutex)) …)  -> 1");
    assert_eq!(lines[8], "    7  apply #<lock> to {'mutex} {(λ/k (r) …)@9:14}  -> 8");
    assert_eq!(lines[18], "   17  apply (λ (n k) …)@7:1 to {0} {(λ/k (r_2) …)@12:1}  -> 4");
    assert_eq!(
        run(&mut wb, "show state 4"),
        "state 4: eval (if (= n 0) …)\n  time: ⟨⟩\n  at: examples/scheme/lockloop.scm:8:3\n  \
         environment: mutex ↦ 0, lockloop ↦ 0, n ↦ 0, k ↦ 0\n  continuation k: {(λ/k (r_2) …)@12:1}\n  \
         store:\n    mutex@0 = {'mutex}   count 1\n    lockloop@0 = {(λ (n k) …)@7:1}   count 1\n    \
         n@0 = {0}   count 1\n    k@0 = {(λ/k (r_2) …)@12:1}   count 1\n  successors: 5\n"
    );
    assert_eq!(run(&mut wb, "succ 4"), "4 -> 5 by conditional: apply (λ/arm () …)@9:7\n");
    assert_eq!(
        run(&mut wb, "succ 7"),
        "7 -> 8 by primitive application (event lock): apply (λ/k (r) …)@9:14 to {#<void>}\n"
    );
    assert_eq!(run(&mut wb, "succ 3"), "3 -> 4 by procedure application: eval (if (= n 0) …)\n");
    assert_eq!(
        run(&mut wb, "succ 1"),
        "1 -> 2 by letrec-binding: eval (lockloop 0 (λ/k (r_2) …))\n"
    );
    assert_eq!(run(&mut wb, "witness"), "protocol lock-discipline: verified, so no witness\n");
}

#[test]
fn bad_state_numbers_are_errors() {
    let mut wb = bench();
    run(&mut wb, &format!("load {LOCKLOOP}"));
    run(&mut wb, "cfa");
    assert_eq!(run(&mut wb, "show state 18"), "error: no state 18: the graph has states 0 to 17\n");
    assert_eq!(run(&mut wb, "succ -1"), "error: expected a state number (0 to 17), got `-1`\n");
    assert_eq!(run(&mut wb, "succ"), "error: usage: succ N\n");
    assert_eq!(run(&mut wb, "show state"), "error: usage: show state N\n");
    assert_eq!(
        run(&mut wb, "cfa --k"),
        "error: `--k <N>` needs a value; usage: cfa [THEORY] [OPTIONS]\n"
    );
    assert_eq!(
        run(&mut wb, "cfa --no-gc --conditional-gc"),
        "error: `--no-gc` cannot be used with `--conditional-gc`; usage: cfa [THEORY] [OPTIONS]\n"
    );
    assert_eq!(
        run(&mut wb, "cfa nosuch"),
        "error: no theory named `nosuch` (theories: lockloop)\n"
    );
    assert_eq!(
        run(&mut wb, "witness --steps many"),
        "error: invalid value `many` for `--steps <N>`: invalid digit found in string; usage: \
         witness [--steps N]\n"
    );
    // The analysis is still the one before the errors.
    assert!(run(&mut wb, "states").starts_with("lockloop (0CFA, GC, counting): 18 states"));
}

#[test]
fn witness_shows_the_path_and_the_concrete_verdict() {
    let mut wb = bench();
    run(&mut wb, &format!("load {LOCKLOOP}"));
    assert_eq!(
        run(&mut wb, "cfa --no-gc"),
        "lockloop: 0CFA, no GC, counting: 54 states, 58 edges (58 transitions, 5 subsumed, 0 merged) \
         in [time]\nprotocol lock-discipline: may be violated (15 states; `witness` shows the path)\n"
    );
    let w = run(&mut wb, "witness --steps 2000");
    assert!(
        w.starts_with(
            "protocol lock-discipline: may be violated: event `lock` is not allowed in state `locked`\n  \
             events: lock lock\n  witness path (15 states, abstract: it may be spurious):\n"
        ),
        "{w}"
    );
    assert!(
        w.contains("       15  apply #<lock> to {'mutex} {(λ/k (r) …)@9:14}   <- event lock\n"),
        "{w}"
    );
    assert!(w.ends_with(
        "  not confirmed: the concrete run is still running after 2000 steps without violating it; \
         the witness is probably spurious\n"
    ), "{w}");

    // A real violation: the concrete machine confirms it.
    let dir = scratch("witness");
    let twice = dir.join("twice.scm");
    std::fs::write(&twice, "(define m 'm)\n(lock m)\n(lock m)\n").unwrap();
    run(&mut wb, &format!("load {}", s(&twice)));
    let out = run(&mut wb, "cfa");
    assert!(out.starts_with("twice: 0CFA, GC, counting: "), "{out}");
    let w = run(&mut wb, "witness");
    assert!(w.contains("  events: lock lock\n"), "{w}");
    assert!(w.contains("  confirmed by a concrete run ("), "{w}");
}

#[test]
fn protocols_from_files_with_their_own_events() {
    let mut wb = bench();
    run(&mut wb, "load examples/scheme/nontail.scm");
    let out = run(&mut wb, "cfa --k 1 --protocol examples/scheme/tick-done.proto");
    assert!(out.starts_with("nontail: 1CFA, GC, counting: "), "{out}");
    assert!(out.contains("protocol tick-then-done: "), "{out}");
    let dir = scratch("protocol");
    let bad = dir.join("bad.proto");
    std::fs::write(&bad, "protocol p {\n  initial a;\n  a go ->\n}\n").unwrap();
    let out = run(&mut wb, &format!("cfa --protocol {}", s(&bad)));
    assert!(out.starts_with("error: cannot read the protocols:\n"), "{out}");
    assert!(out.contains(&format!("{}:4:1: error: unexpected `}}`", s(&bad))), "{out}");
}

#[test]
fn the_oracle_option_decides_what_flow_sets_cannot() {
    let mut wb = bench();
    run(&mut wb, &format!("load {ORACLE}"));
    let without = run(&mut wb, "cfa --conditional-gc --oracle none");
    assert!(
        without.starts_with("oracle-gc: 0CFA, conditional GC, counting: 38 states, 39 edges"),
        "{without}"
    );
    assert!(without.contains("protocol lock-discipline: may be violated"), "{without}");
    assert!(!without.contains("oracle smt"), "{without}");
    let with = run(&mut wb, "cfa --conditional-gc");
    assert!(
        with.starts_with("oracle-gc: 0CFA, conditional GC, counting: 31 states, 31 edges"),
        "{with}"
    );
    assert!(with.contains("oracle smt: 5 distinct governor questions"), "{with}");
    assert!(with.contains("  unsatisfiable: x ∈ {0, 1}, (= x 0) ⊢ (not (= x 0))\n"), "{with}");
    assert!(with.ends_with("protocol lock-discipline: verified\n"), "{with}");
}

#[test]
fn compare_runs_without_gc_with_gc_and_with_conditional_gc() {
    let mut wb = bench();
    run(&mut wb, &format!("load {ORACLE}"));
    let out = run(&mut wb, "compare");
    assert_eq!(
        out,
        "oracle-gc: governor oracle: craig's SMT core (QF_UF, checked refutations)\n\
         analysis                                   states    edges  time (ms)  lock-discipline\n\
         0CFA, no GC, counting                          67       71     [time]  violation      \n\
         0CFA, GC, counting                             29       30     [time]  violation      \n\
         0CFA, conditional GC, counting                 31       31     [time]  verified       \n\
         states without GC / with GC: 2.31\n"
    );
    // After `cfa` with options, `compare` repeats them; its own options override.
    run(&mut wb, "cfa --oracle none --no-counting");
    let out = run(&mut wb, "compare");
    assert!(out.contains("(the options of the last `cfa`)"), "{out}");
    assert!(out.contains("0CFA, conditional GC, no counting"), "{out}");
    let out = run(&mut wb, "compare --k 1");
    assert!(out.contains("1CFA, no GC, counting"), "{out}");
    assert!(!out.contains("the options of the last"), "{out}");
    // `compare` leaves the last analysis alone.
    assert!(run(&mut wb, "states").starts_with("oracle-gc (0CFA, GC, no counting)"));
}

#[test]
fn show_cps_prints_the_program() {
    let mut wb = bench();
    run(&mut wb, &format!("load {LOCKLOOP}"));
    let out = run(&mut wb, "show cps");
    assert!(
        out.starts_with("lockloop in CPS (9 calls, 6 λ terms):\n(let ((mutex 'mutex))\n"),
        "{out}"
    );
    assert!(out.contains("(lock mutex (λ/k (r)"), "{out}");
    assert_eq!(run(&mut wb, "show cps lockloop"), out);
    assert_eq!(
        run(&mut wb, "show cps nosuch"),
        "error: no theory named `nosuch` (theories: lockloop)\n"
    );
}

#[test]
fn dot_writes_the_state_graph() {
    let dir = scratch("dot");
    let file = dir.join("sub").join("graph.dot");
    let mut wb = bench();
    run(&mut wb, &format!("load {LOCKLOOP}"));
    run(&mut wb, "cfa --no-gc");
    assert_eq!(
        run(&mut wb, &format!("dot {}", s(&file))),
        format!(
            "wrote the state graph of lockloop (54 states, 58 edges; the first witness path in \
             red) to {}\n",
            s(&file)
        )
    );
    let text = std::fs::read_to_string(&file).unwrap();
    assert!(text.starts_with("digraph cfa {\n"), "{text}");
    assert!(text.ends_with("}\n"));
    let nodes = text.lines().filter(|l| l.starts_with("  s") && l.contains(" [label=")).count();
    let edges = text.lines().filter(|l| l.contains(" -> ")).count();
    assert_eq!((nodes, edges), (54, 58));
    assert!(text.contains("color=red"));
    // No temporary file is left beside it.
    let left: Vec<_> = std::fs::read_dir(dir.join("sub")).unwrap().collect();
    assert_eq!(left.len(), 1);
    // Writing where no file can be (a directory is there) is an error, not a panic.
    let taken = dir.join("taken.dot");
    std::fs::create_dir_all(&taken).unwrap();
    let out = run(&mut wb, &format!("dot {}", s(&taken)));
    assert!(out.starts_with("error: cannot write "), "{out}");
}

#[test]
fn undo_brings_back_the_previous_analysis() {
    let mut wb = bench();
    run(&mut wb, &format!("load {LOCKLOOP}"));
    run(&mut wb, "cfa");
    run(&mut wb, "cfa --no-gc");
    assert!(run(&mut wb, "states").starts_with("lockloop (0CFA, no GC, counting): 54 states"));
    assert_eq!(run(&mut wb, "undo"), "undone: cfa --no-gc\n");
    assert!(run(&mut wb, "states").starts_with("lockloop (0CFA, GC, counting): 18 states"));
    run(&mut wb, "undo");
    assert_eq!(run(&mut wb, "states"), "error: no analysis yet: run `cfa` first\n");
    run(&mut wb, "undo");
    assert_eq!(run(&mut wb, "theories"), "no theories loaded (try `load FILE`)\n");
}

#[test]
fn unload_and_reload_make_the_analysis_stale() {
    let dir = scratch("reload");
    let prog = dir.join("prog.scm");
    std::fs::write(&prog, "(define m 'm)\n(lock m)\n(unlock m)\n").unwrap();
    let mut wb = bench();
    run(&mut wb, &format!("load {}", s(&prog)));
    assert!(run(&mut wb, "cfa").ends_with("protocol lock-discipline: verified\n"));
    std::fs::write(&prog, "(define m 'm)\n(lock m)\n(lock m)\n").unwrap();
    run(&mut wb, "reload");
    // The run belongs to the program as it was loaded: reloading or unloading it drops it.
    assert_eq!(run(&mut wb, "states"), "error: no analysis yet: run `cfa` first\n");
    assert!(run(&mut wb, "cfa").contains("may be violated"));
    run(&mut wb, "unload prog");
    assert_eq!(run(&mut wb, "succ 0"), "error: no analysis yet: run `cfa` first\n");
}

#[test]
fn save_and_restore_reload_the_program() {
    let dir = scratch("session");
    let session = dir.join("s.ron");
    let mut wb = bench();
    run(&mut wb, &format!("load {LOCKLOOP}"));
    run(&mut wb, "cfa");
    assert_eq!(
        run(&mut wb, &format!("save {}", s(&session))),
        format!("saved 1 theories and 0 goals to {}\n", s(&session))
    );
    let mut other = bench();
    assert_eq!(
        run(&mut other, &format!("restore {}", s(&session))),
        format!("restored {}: 1 theories, 0 goals, 0 results still valid\n", s(&session))
    );
    assert_eq!(
        run(&mut other, "theories"),
        "lockloop  examples/scheme/lockloop.scm  Scheme: 9 calls, 6 λ terms in CPS\n"
    );
    // Analyses are not saved (they are recomputed in no time): run `cfa` again.
    assert_eq!(run(&mut other, "states"), "error: no analysis yet: run `cfa` first\n");
    assert!(run(&mut other, "cfa").starts_with("lockloop: 0CFA, GC, counting: 18 states"));
}

#[test]
fn help_lists_the_new_commands() {
    let mut wb = bench();
    let help = run(&mut wb, "help");
    for name in ["cfa", "states", "succ", "witness", "compare", "dot"] {
        assert!(help.lines().any(|l| l.trim_start().starts_with(name)), "{name}: {help}");
    }
    let cfa = run(&mut wb, "help cfa");
    assert!(cfa.contains("--oracle smt|none"), "{cfa}");
    assert!(cfa.contains("most recently loaded"), "{cfa}");
}

/// `--k` has one limit, 8, at the prompt (`cfa`, `compare`) and on the command line, and both
/// say so in their help; a huge k is refused, not a crash.
#[test]
fn the_context_depth_has_one_limit_at_the_prompt_and_on_the_command_line() {
    let reason = "k-CFA takes k from 0 to 8";
    let mut wb = bench();
    run(&mut wb, &format!("load {LOCKLOOP}"));
    assert!(run(&mut wb, "cfa --k 8").starts_with("lockloop: 8CFA"));
    for line in ["cfa --k 9", "compare --k 9", "cfa --k 100000000000"] {
        let out = run(&mut wb, line);
        assert!(out.starts_with("error: invalid value `") && out.contains(reason), "{line}: {out}");
    }
    assert!(
        run(&mut wb, "help cfa")
            .contains("--k N              context sensitivity: k-CFA (default 0, at most 8)")
    );

    let craig = |args: &[&str]| {
        let out =
            std::process::Command::new(env!("CARGO_BIN_EXE_craig")).args(args).output().unwrap();
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, out, _) = craig(&["cfa", LOCKLOOP, "--k", "8"]);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("\n8CFA, GC"), "{out}");
    for k in ["9", "100000000000"] {
        let (code, _, err) = craig(&["cfa", LOCKLOOP, "--k", k]);
        assert_eq!(code, Some(2), "--k {k}: {err}");
        assert!(err.contains(&format!("invalid value '{k}' for '--k <N>': {reason}")), "{err}");
    }
    let (_, help, _) = craig(&["cfa", "--help"]);
    assert!(help.contains("Context sensitivity: k-CFA, k from 0 (0CFA) to 8"), "{help}");
}

//! Boolean programs at the workbench prompt, driven through `eval_line` with exact transcripts:
//! `load` of `.qr` and `.bp` files (and their errors with file:line:col), `step` with what each
//! step did, `check` with each algorithm, `summaries`, `show summary N`, `trace`, `dot`, the
//! errors of each, `undo` after a step, and sessions saved and restored. Everything is counted in
//! engine steps, never time, and the programs come from `examples/boolprog/`.

use crate::common;

use common::{bench, run, s, scratch};
use craig::repl::{BoolProgRun, BoolProgram, Workbench};

const FIG10: &str = "examples/boolprog/fig10.qr";
const UNSAFE: &str = "examples/boolprog/recursion_unsafe.bp";

/// Where the run of the boolean program loaded last is: (algorithm, engine steps).
fn run_position(wb: &Workbench) -> Option<(craig::boolprog::Method, u64)> {
    let t = wb.state().theories.iter().rev().find(|t| t.is::<BoolProgram>())?;
    t.run::<BoolProgRun>().map(|r| (r.method, r.calls))
}

#[test]
fn load_lists_errors_with_locations_and_loads_nothing() {
    let dir = scratch("errors");
    let bad_bp = dir.join("bad.bp");
    std::fs::write(&bad_bp, "decl g;\nvoid main()\nbegin\n  g := ;\nend\n").unwrap();
    let bad_qr = dir.join("bad.qr");
    std::fs::write(
        &bad_qr,
        "class Main {\n  activate static void main() {\n    x = true;\n  }\n};\n",
    )
    .unwrap();
    let mut wb = bench();
    let out = run(&mut wb, &format!("load {}", s(&bad_bp)));
    assert_eq!(
        out,
        format!(
            "error: cannot load {bp} (1 problem):\n\
             {bp}:4:8: error: syntax error: expected an expression, an identifier\n\
             4 |   g := ;\n  |        ^\n",
            bp = s(&bad_bp)
        )
    );
    let out = run(&mut wb, &format!("load {}", s(&bad_qr)));
    assert!(out.starts_with(&format!("error: cannot load {} (", s(&bad_qr))), "{out}");
    assert!(out.contains(&format!("{}:3:5: error: ", s(&bad_qr))), "{out}");
    assert!(wb.state().theories.is_empty());
    assert_eq!(run(&mut wb, "theories"), "no theories loaded (try `load FILE`)\n");
    let missing = dir.join("missing.bp");
    let out = run(&mut wb, &format!("load {}", s(&missing)));
    assert!(out.starts_with(&format!("error: cannot read {}: ", s(&missing))), "{out}");
    assert!(wb.state().theories.is_empty());
}

#[test]
fn load_reads_both_languages() {
    let mut wb = bench();
    assert_eq!(
        run(&mut wb, &format!("load {FIG10}")),
        format!(
            "loaded theory fig10 from {FIG10}: program with references, 3 procedures, 1 global; \
             no goals (`step` and `check` decide its assertions)\n"
        )
    );
    assert_eq!(
        run(&mut wb, &format!("load {UNSAFE}")),
        format!(
            "loaded theory recursion_unsafe from {UNSAFE}: Bebop boolean program, 2 procedures, \
             2 globals; no goals (`step` and `check` decide its assertions)\n"
        )
    );
    assert_eq!(
        run(&mut wb, "theories"),
        format!(
            "fig10             {FIG10}  program with references, 3 procedures, 1 global\n\
             recursion_unsafe  {UNSAFE}  Bebop boolean program, 2 procedures, 2 globals\n"
        )
    );
    assert!(run(&mut wb, "goals").starts_with("no goals"));
    assert!(run(&mut wb, &format!("load {FIG10}")).contains("is already loaded as theory `fig10`"));
}

#[test]
fn step_says_what_each_step_did() {
    let mut wb = bench();
    run(&mut wb, &format!("load {FIG10}"));
    assert_eq!(run_position(&wb), None);
    assert_eq!(
        run(&mut wb, "step"),
        format!(
            "new run: summaries keyed by patterns (Section 6)\n\
             step 1: expand state 0 of summary 0 (Main.main) at {FIG10}:13:5: [g=null] []\n\
             \x20 path edge: state 1 of summary 0 at {FIG10}:14:5: [g=#1] [] #1:Foo{{x=false}}\n\
             step 1: 1 pending, 1 summaries, 0 effects, 2 states\n"
        )
    );
    let three = run(&mut wb, "step 3");
    assert!(
        three.starts_with(&format!(
            "step 2: expand state 1 of summary 0 (Main.main) at {FIG10}:14:5: [g=#1] [] \
             #1:Foo{{x=false}}\n\
             \x20 call: call site 0 (Main.M(0) at {FIG10}:14:5)\n\
             \x20 new summary 1 of Main.M for call site 0, entry [g=#1] [i=0 f=null b=false] \
             #1:Foo{{x=false}}\n"
        )),
        "{three}"
    );
    // The pattern grows as M reads g, and the dependency graph queues the call again.
    assert!(three.contains("  pattern of summary 1 (Main.M) grows: g=#1\n"), "{three}");
    assert!(three.contains("  call site 0 queued again (its callee's summary changed)\n"));
    assert!(three.ends_with("step 4: 2 pending, 3 summaries, 0 effects, 5 states\n"), "{three}");
    assert_eq!(run_position(&wb), Some((craig::boolprog::Method::Patterns, 4)));
    // A resumed call with nothing new to apply says so.
    let fifth = run(&mut wb, "step");
    assert_eq!(
        fifth,
        format!(
            "step 5: resume call site 0 (Main.M(0) at {FIG10}:14:5)\n\
             \x20 nothing new (every successor or effect was already there)\n\
             step 5: 1 pending, 3 summaries, 0 effects, 5 states\n"
        )
    );
}

#[test]
fn step_all_and_check_agree_and_summaries_list_patterns_and_effects() {
    let mut wb = bench();
    run(&mut wb, &format!("load {FIG10}"));
    run(&mut wb, "step 10");
    let all = run(&mut wb, "step all");
    let expected = "verdict: safe\n\
                    engine: summaries keyed by patterns (Section 6)\n\
                    statistics: summaries 9, effects 9, lookups 18, hits 10, states 77, \
                    applications 16, invalidations 2, steps 99, time [time]\n\
                    \x20 Foo.Clone: 2 summaries, 2 effects\n\
                    \x20 Main.main: 1 summaries, 1 effects\n\
                    \x20 Main.M: 6 summaries, 6 effects\n";
    assert_eq!(all, expected);
    // `check` starts again and reaches the same end.
    assert_eq!(run(&mut wb, "check"), expected);
    assert_eq!(run(&mut wb, "step"), "the run is over: safe (`step --restart` starts again)\n");
    assert_eq!(
        run(&mut wb, "summaries Foo.Clone"),
        "9 summaries after the run (safe), summaries keyed by patterns (Section 6)\n\
         summary 2: Foo.Clone, pattern {this=#1, #1.x=false}, 1 effect, 3 states\n\
         \x20 effect 0: alloc #2:Foo; write #2.x:=false; return #2\n\
         summary 5: Foo.Clone, pattern {this=#1, #1.x=true}, 1 effect, 3 states\n\
         \x20 effect 0: alloc #2:Foo; write #2.x:=true; return #2\n"
    );
    let listed = run(&mut wb, "summaries");
    assert_eq!(listed.lines().filter(|l| l.starts_with("summary ")).count(), 9, "{listed}");
    assert!(listed.contains("summary 8: Main.M, pattern {i=3}, 1 effect, 2 states\n"), "{listed}");
    assert_eq!(
        run(&mut wb, "show summary 3"),
        "summary 3: Main.M\n\
         \x20 entry: [g=#1] [i=1 f=null b=false] #1:Foo{x=false}\n\
         \x20 pattern: {i=1, g=#1, #1.x=false}\n\
         \x20 effect 0: write #1.x:=false\n"
    );
    assert_eq!(run(&mut wb, "trace"), "no counterexample: the program is safe\n");
}

#[test]
fn check_runs_each_algorithm() {
    let mut wb = bench();
    run(&mut wb, &format!("load {FIG10}"));
    let states = run(&mut wb, "check --no-patterns");
    assert!(
        states.starts_with(
            "verdict: safe\nengine: summaries keyed by canonical visible states (Section 5)\n\
             statistics: summaries 10, effects 10, lookups 16, hits 7, states 79,"
        ),
        "{states}"
    );
    // Its summaries are keyed by whole entry states.
    let listed = run(&mut wb, "summaries Foo.Clone");
    assert!(
        listed.contains(
            "summary 2: Foo.Clone, entry [g=#1] [this=#1 t=null] #1:Foo{x=false}, 1 effect"
        ),
        "{listed}"
    );
    assert_eq!(
        run(&mut wb, "check --no-summaries"),
        "verdict: safe\nengine: explicit search without summaries (the baseline)\n\
         statistics: states 132, transitions 139, max_depth 5, cut_by_depth 0, time [time]\n"
    );
    let none = run(&mut wb, "summaries");
    assert!(none.starts_with("error: the last run searched without summaries"), "{none}");
    assert_eq!(run(&mut wb, "trace"), "no counterexample: the program is safe\n");
    // `step` after the explicit search starts a summary run.
    assert!(run(&mut wb, "step").starts_with("new run: summaries keyed by patterns (Section 6)\n"));
}

#[test]
fn an_unsafe_program_has_a_trace_through_calls_and_returns() {
    let mut wb = bench();
    run(&mut wb, &format!("load {UNSAFE}"));
    let checked = run(&mut wb, "check");
    assert!(
        checked.starts_with(&format!(
            "verdict: assertion failure at {UNSAFE}:9:3 in main (counterexample of 13 steps \
             replayed; `trace` prints it)\n"
        )),
        "{checked}"
    );
    let trace = run(&mut wb, "trace");
    assert!(trace.starts_with("assertion failure (trace replayed, 13 steps):\n"), "{trace}");
    // The recursive call is indented one level deeper, and the state follows each step.
    assert!(
        trace.contains(&format!(
            "   5.   {UNSAFE}:15:5 flip: call flip(!p);\n\
             \x20         [g=false parity=false] [p=true]\n\
             \x20  6.     {UNSAFE}:14:3 flip: if (*) then\n"
        )),
        "{trace}"
    );
    assert!(
        trace.ends_with(&format!(
            "  13. {UNSAFE}:9:3 main: assert(g = parity);\n\
             \x20       assertion failure here, in [g=false parity=true] []\n"
        )),
        "{trace}"
    );
    // The same failure, stepwise, ends with the verdict line.
    let stepped = run(&mut wb, "step 100 --restart");
    assert!(stepped.starts_with("new run: summaries keyed by patterns (Section 6)\n"));
    assert!(
        stepped.ends_with(&format!(
            "step 39: 1 pending, 3 summaries, 5 effects, 29 states, done: assertion failure\n\
             verdict: assertion failure at {UNSAFE}:9:3 in main (counterexample of 13 steps \
             replayed; `trace` prints it)\n"
        )),
        "{stepped}"
    );
    assert!(stepped.contains(&format!("  assertion failure at {UNSAFE}:9:3 in state ")));
    assert_eq!(run(&mut wb, "trace"), trace);
    // The explicit search finds a failure too, and its trace replays.
    let explicit = run(&mut wb, "check --no-summaries");
    assert!(explicit.starts_with("verdict: assertion failure at "), "{explicit}");
    assert!(run(&mut wb, "trace").starts_with("assertion failure (trace replayed, "));
}

#[test]
fn errors_without_a_program_with_bad_numbers_and_before_a_verdict() {
    let mut wb = bench();
    let none = "error: no boolean program is loaded (try `load FILE.bp` or `load FILE.qr`)\n";
    for line in ["step", "check", "summaries", "show summary 0", "trace"] {
        assert_eq!(run(&mut wb, line), none, "{line}");
    }
    assert_eq!(
        run(&mut wb, "dot calls.dot"),
        "error: dot needs a boolean program, a Scheme program, a C program or a refinement run \
         on Java files\n"
    );
    // A TPTP problem is no boolean program.
    run(&mut wb, "load examples/tptp/pets.p");
    assert_eq!(run(&mut wb, "step"), none);
    run(&mut wb, &format!("load {FIG10}"));
    let usage = "usage: step [N|all] [--restart] [--no-patterns]";
    assert_eq!(
        run(&mut wb, "step 0"),
        format!("error: step takes a positive number of steps or `all`, got `0`; {usage}\n")
    );
    assert_eq!(
        run(&mut wb, "step -2"),
        format!("error: step takes a positive number of steps or `all`, got `-2`; {usage}\n")
    );
    assert_eq!(run(&mut wb, "step 1 2"), format!("error: {usage}\n"));
    assert!(run(&mut wb, "step --no-summaries").starts_with("error: `step` watches the summary"));
    assert_eq!(
        run(&mut wb, "check --restart"),
        "error: unknown option `--restart`; usage: check [--no-summaries] [--no-patterns] [--contexts K]\n"
    );
    assert_eq!(
        run(&mut wb, "trace"),
        "error: no verdict yet: `check` or `step all` runs the engine to one\n"
    );
    run(&mut wb, "step 2");
    assert_eq!(
        run(&mut wb, "trace"),
        "error: no verdict yet (step 2: 1 pending, 2 summaries, 0 effects, 3 states); `step all` \
         finishes the run\n"
    );
    assert_eq!(run(&mut wb, "show summary"), "error: usage: show summary N\n");
    assert_eq!(
        run(&mut wb, "show summary two"),
        "error: a summary is named by its number, got `two`; usage: show summary N\n"
    );
    assert_eq!(
        run(&mut wb, "show summary 2"),
        "error: no summary 2 (summaries so far: 0 to 1; `summaries` lists them)\n"
    );
    assert_eq!(
        run(&mut wb, "summaries Nope"),
        "error: no procedure `Nope` (procedures: Foo.Clone, Main.main, Main.M)\n"
    );
    assert_eq!(
        run(&mut wb, "summaries Foo.Clone"),
        "2 summaries after 2 steps, summaries keyed by patterns (Section 6)\nno summaries of Foo.Clone yet\n"
    );
    // None of the failed commands moved the run.
    assert_eq!(run_position(&wb), Some((craig::boolprog::Method::Patterns, 2)));
}

#[test]
fn undo_puts_the_run_back() {
    let mut wb = bench();
    run(&mut wb, &format!("load {FIG10}"));
    run(&mut wb, "step 2");
    let listed_after_two = run(&mut wb, "summaries");
    let next_three = run(&mut wb, "step 3");
    assert_ne!(run(&mut wb, "summaries"), listed_after_two);
    assert_eq!(run(&mut wb, "undo"), "undone: step 3\n");
    assert_eq!(run_position(&wb), Some((craig::boolprog::Method::Patterns, 2)));
    assert_eq!(run(&mut wb, "summaries"), listed_after_two);
    // The engine is rebuilt to the same point, so the same steps follow.
    assert_eq!(run(&mut wb, "step 3"), next_three);
    run(&mut wb, "check");
    run(&mut wb, "undo");
    assert_eq!(run_position(&wb), Some((craig::boolprog::Method::Patterns, 5)));
    assert!(run(&mut wb, "trace").starts_with("error: no verdict yet (step 5:"));
    // A full-state run continues as such; --restart goes back to patterns.
    assert!(
        run(&mut wb, "step --no-patterns").starts_with(
            "new run: summaries keyed by canonical visible states (Section 5)\nstep 1: "
        )
    );
    assert!(run(&mut wb, "step").starts_with("step 2: "));
    assert_eq!(run_position(&wb), Some((craig::boolprog::Method::FullStates, 2)));
    assert!(run(&mut wb, "step --restart").starts_with("new run: summaries keyed by patterns"));
    assert_eq!(run_position(&wb), Some((craig::boolprog::Method::Patterns, 1)));
}

#[test]
fn dot_writes_the_call_graph_or_a_heap() {
    let dir = scratch("dot");
    let mut wb = bench();
    run(&mut wb, &format!("load {FIG10}"));
    run(&mut wb, "check");
    let calls = dir.join("calls.dot");
    assert_eq!(
        run(&mut wb, &format!("dot {}", s(&calls))),
        format!(
            "wrote the call graph (3 procedures, 3 call edges; 9 summaries after the run (safe), \
             summaries keyed by patterns (Section 6)) to {}\n",
            s(&calls)
        )
    );
    assert_eq!(
        std::fs::read_to_string(&calls).unwrap(),
        "digraph calls {\n  node [shape=box];\n\
         \x20 p0 [label=\"Foo.Clone\\n2 summaries, 2 effects\"];\n\
         \x20 p1 [label=\"Main.main\\n1 summaries, 1 effects\"];\n\
         \x20 p2 [label=\"Main.M\\n6 summaries, 6 effects\"];\n\
         \x20 p1 -> p2;\n  p2 -> p0;\n  p2 -> p2;\n}\n"
    );
    let heap = dir.join("heap.gv");
    assert_eq!(
        run(&mut wb, &format!("dot {} summary 2", s(&heap))),
        format!("wrote the entry heap of summary 2 (Foo.Clone) to {}\n", s(&heap))
    );
    let text = std::fs::read_to_string(&heap).unwrap();
    assert!(text.starts_with("digraph heap {\n"), "{text}");
    assert!(text.contains("  c1 [label=\"{#1 Foo|<f0> x=false}\"];\n"), "{text}");
    // Nothing is written on a bad request.
    let bad = dir.join("calls.txt");
    assert_eq!(
        run(&mut wb, &format!("dot {}", s(&bad))),
        format!(
            "error: graph files end in .dot or .gv (or .svg, drawn by Graphviz), got {}\n",
            s(&bad)
        )
    );
    assert!(
        run(&mut wb, &format!("dot {} summary 99", s(&heap))).starts_with("error: no summary 99")
    );
    assert!(!bad.exists());
    assert_eq!(
        run(&mut wb, &format!("dot {} heap 1", s(&heap))),
        "error: usage: dot FILE.dot|FILE.svg [summary N]\n"
    );
}

#[test]
fn save_and_restore_read_the_program_again() {
    let dir = scratch("session");
    let program = dir.join("flip.bp");
    std::fs::copy(UNSAFE, &program).unwrap();
    let session = dir.join("s.ron");
    let mut wb = bench();
    run(&mut wb, &format!("load {}", s(&program)));
    run(&mut wb, "check");
    assert_eq!(
        run(&mut wb, &format!("save {}", s(&session))),
        format!("saved 1 theories and 0 goals to {}\n", s(&session))
    );
    let mut other = bench();
    assert_eq!(
        run(&mut other, &format!("restore {}", s(&session))),
        format!("restored {}: 1 theories, 0 goals, 0 results still valid\n", s(&session))
    );
    // The program is back; its run starts again (runs are recomputed, not saved).
    assert_eq!(run_position(&other), None);
    assert!(run(&mut other, "check").starts_with("verdict: assertion failure at "));
    // A program changed on disk is reported, and one that no longer parses is not loaded.
    std::fs::write(&program, "decl g;\nvoid main()\nbegin\n  assert(g);\nend\n").unwrap();
    let restored = run(&mut other, &format!("restore {}", s(&session)));
    assert!(restored.contains("changed since the session was saved"), "{restored}");
    assert_eq!(
        run(&mut other, "check").lines().next(),
        Some(&*format!(
            "verdict: assertion failure at {}:4:3 in main (counterexample of 2 steps replayed; `trace` prints it)",
            s(&program)
        ))
    );
    std::fs::write(&program, "decl g;\nvoid main()\nbegin\n  g := ;\nend\n").unwrap();
    let restored = run(&mut other, &format!("restore {}", s(&session)));
    assert!(
        restored.contains(&format!("file {}: not loaded (cannot load ", s(&program))),
        "{restored}"
    );
    assert!(other.state().theories.is_empty());
}

#[test]
fn transcripts_are_deterministic() {
    let script = [
        format!("load {FIG10}"),
        "step 7".to_string(),
        "summaries".to_string(),
        "show summary 1".to_string(),
        "check --no-patterns".to_string(),
        format!("load {UNSAFE}"),
        "check".to_string(),
        "trace".to_string(),
    ];
    let transcript = || {
        let mut wb = bench();
        script.iter().map(|l| run(&mut wb, l)).collect::<Vec<_>>().join("")
    };
    let first = transcript();
    assert!(first.contains("verdict: assertion failure"), "{first}");
    assert_eq!(first, transcript());
}

const TWO_THREADS: &str = "examples/boolprog/interleaved_two.bp";

/// A concurrent program at the prompt: `check` decides it up to `--contexts K` switches with
/// either engine and prints a failure's replayed interleaving; the summary commands refuse.
#[test]
fn a_concurrent_program_is_checked_up_to_its_context_switches() {
    let mut wb = bench();
    assert_eq!(
        run(&mut wb, &format!("load {TWO_THREADS}")),
        format!(
            "loaded theory interleaved_two from {TWO_THREADS}: concurrent Bebop boolean program \
             (2 threads), 3 procedures, 3 globals, error label `SLIC_ERROR`; no goals (`check \
             [--contexts K]` decides its assertions and whether its error label is reached up \
             to K context switches)\n"
        )
    );
    assert_eq!(
        run(&mut wb, "check --contexts 0"),
        "verdict: safe up to 0 context switches (label `SLIC_ERROR` is unreachable)\n\
         engine: Lal and Reps's reduction to a sequential program (5 procedures, 8 globals), \
         summaries keyed by patterns (Section 6)\n\
         statistics: summaries 11, effects 15, lookups 34, hits 24, states 185, applications 35, \
         invalidations 2, steps 244, time [time]\n"
    );
    let unsafe_run = run(&mut wb, "check --contexts 1");
    assert!(
        unsafe_run.starts_with(
            "verdict: error label reached after 1 context switch (interleaving of 8 steps \
             replayed):\n  initial globals [super_atomic=false atomic=false x=false]\n"
        ),
        "{unsafe_run}"
    );
    assert!(unsafe_run.contains("  -- context switch 1: thread `thread1` runs\n"), "{unsafe_run}");
    let baseline = run(&mut wb, "check --contexts 1 --no-summaries");
    assert!(baseline.contains("engine: explicit search over the interleavings (the baseline)\n"));
    assert!(baseline.contains("statistics: states 39, moves 39, cut by depth 0"), "{baseline}");
    for command in ["step", "summaries", "trace", "show summary 0"] {
        let out = run(&mut wb, command);
        assert!(out.starts_with("error: this is a concurrent program: `check"), "{command}: {out}");
    }
    let out = run(&mut wb, "check --contexts 9");
    assert_eq!(out, "error: --contexts 9: at most 8 context switches\n");
}

/// `load --label NAME` makes another label the error at the prompt, as `check-bp --label`
/// does; `reload` keeps it; a label the program lacks is refused with its labels.
#[test]
fn load_names_the_error_label() {
    let dir = scratch("label");
    let file = dir.join("two_labels.bp");
    std::fs::write(
        &file,
        "decl g;\nvoid main() begin\n  if (g) then L1: skip; fi\n  SLIC_ERROR: skip;\nend\n",
    )
    .unwrap();
    let mut wb = bench();
    let out = run(&mut wb, &format!("load --label L2 {}", s(&file)));
    assert_eq!(
        out,
        format!(
            "error: cannot load {}: the program has no label `L2` (its labels: L1, SLIC_ERROR)\n",
            s(&file)
        )
    );
    let out = run(&mut wb, &format!("load --label L1 {}", s(&file)));
    assert!(out.contains("error label `L1`"), "{out}");
    let out = run(&mut wb, "check");
    assert!(out.starts_with("verdict: error label reached at "), "{out}");
    assert!(out.contains(":3:15 in main"), "{out}");
    run(&mut wb, "reload");
    assert!(run(&mut wb, "theories").contains("error label `L1`"));
    // A saved session keeps the label too: `restore` reads the program with it.
    let session = dir.join("labelled.ron");
    run(&mut wb, &format!("save {}", s(&session)));
    let saved: String = std::fs::read_to_string(&session).unwrap().split_whitespace().collect();
    assert!(saved.contains("load_options:[\"--label\",\"L1\",]"), "{saved}");
    let mut restored = bench();
    run(&mut restored, &format!("restore {}", s(&session)));
    assert!(run(&mut restored, "theories").contains("error label `L1`"));
    assert!(run(&mut restored, "check").contains(":3:15 in main"));
    // The default is SLIC_ERROR, which the program reaches on every path.
    let mut wb = bench();
    assert!(run(&mut wb, &format!("load {}", s(&file))).contains("error label `SLIC_ERROR`"));
    assert!(run(&mut wb, "check").contains(":4:3 in main"));
    let out = run(&mut wb, "load --label L1 examples/boolprog/fig10.qr examples/boolprog/fig1.qr");
    assert!(
        out.starts_with("error: --label names the error label of one boolean program"),
        "{out}"
    );
}

//! Hybrid systems at the prompt (issue 36): `load X.hy`, `step` printing each round's events on
//! the paper's Example 1, `undo` putting the run back, `show language|regions|graph`, `dot` and
//! `plot` writing files of the expected shape, and the errors of `plot` and `step`.

use crate::common::{bench, run, s, scratch};

const EXAMPLE1: &str = "examples/hybrid/example1.hy";

#[test]
fn load_says_what_the_system_is() {
    let mut wb = bench();
    assert_eq!(
        run(&mut wb, &format!("load {EXAMPLE1}")),
        "loaded theory example1 from examples/hybrid/example1.hy: hybrid system, 2 modes, \
         2 variables, 1 jump (no goals: try `step`)\n"
    );
    let text = run(&mut wb, "theories");
    assert!(text.contains("hybrid system, 2 modes"), "{text}");
}

#[test]
fn load_refuses_a_bad_system_with_its_location() {
    let dir = scratch("bad");
    let file = dir.join("bad.hy");
    std::fs::write(&file, "variables x in [0, 1];\nmodes m;\nflow m: d(y) = 1;\n").unwrap();
    let text = run(&mut bench(), &format!("load {}", s(&file)));
    assert!(text.starts_with("error: cannot load"), "{text}");
    assert!(text.contains(&format!("{}:3:", s(&file))), "{text}");
}

#[test]
fn step_prints_the_events_of_a_round_on_example1() {
    let mut wb = bench();
    run(&mut wb, &format!("load {EXAMPLE1}"));
    let first = run(&mut wb, "step");
    assert!(first.starts_with("new run: algorithm 3 (with region pruning), maxlen 3"), "{first}");
    assert!(first.contains("round 1:\n"), "{first}");
    // Algorithm 3 prunes m1's region to where its flow allows (x1 <= 1) ...
    assert!(first.contains("  pruned r0 (m1): [0, 2] x [0, 1] to [0, 1] x [0, 1]\n"), "{first}");
    // ... refutes words with the constraint and the box ...
    assert!(
        first.contains(
            "  removed r1 Ω* (p-spurious): Init(m2) ∧ flow(r1), empty over [0, 2] x [0, 1]\n"
        ),
        "{first}"
    );
    assert!(
        first.contains("  don't know: r0 r1 (not refuted; its factors are skipped)\n"),
        "{first}"
    );
    assert!(
        first.contains(
            "  removed Ω* r0 r1 (s-spurious): step r0 → r1: Jump(m1→m2) ∧ flow(r1) ∧ Unsafe(m2), \
             empty over [0, 1] x [0, 1]\n"
        ),
        "{first}"
    );
    // ... and splits a region: its symbol, the side, both halves and the fresh symbol.
    assert!(
        first.contains(
            "  split r0 (m1: [0, 1] x [0, 1]) on x1: r0 = [0, 0.5] x [0, 1], fresh r2 = [0.5, 1] x [0, 1]\n"
        ),
        "{first}"
    );
    assert!(first.contains("after 1 round: 1 split"), "{first}");
    // The same session prints the same events.
    let mut again = bench();
    run(&mut again, &format!("load {EXAMPLE1}"));
    assert_eq!(run(&mut again, "step"), first);
    // Running to the end gives the verdict, and removals name pattern, kind and constraint.
    let rest = run(&mut wb, "step 40");
    assert!(rest.contains("SAFE: the language is empty"), "{rest}");
    assert!(rest.contains("-spurious): "), "{rest}");
    assert!(rest.contains(", empty over ["), "{rest}");
    assert!(
        rest.contains("removed r") || rest.contains("removed Ω* r"),
        "a removal with its pattern: {rest}"
    );
    assert!(run(&mut wb, "step").starts_with("the run is over: SAFE"));
}

#[test]
fn step_all_gives_the_verdict_of_craig_hybrid() {
    let mut wb = bench();
    run(&mut wb, &format!("load {EXAMPLE1}"));
    let text = run(&mut wb, "step all");
    assert!(text.contains("SAFE: the language is empty"), "{text}");
    assert!(!text.contains("round 1:"), "{text}");
    // The CLI's engine is the same step loop: the same counters.
    let system = {
        let text = std::fs::read_to_string(EXAMPLE1).unwrap();
        let mut sources = craig::syntax::SourceMap::new();
        let file = sources.add(EXAMPLE1, None, text.clone());
        craig::hybrid::syntax::parse_hybrid(file, &text).unwrap()
    };
    let mut engine =
        craig::hybrid::engine::Engine::new(&system, craig::hybrid::engine::Options::default());
    assert_eq!(engine.run(), craig::hybrid::engine::Outcome::Safe);
    let splits = format!(", {} split", engine.stats.splits);
    assert!(text.contains(&splits), "{text} vs {:?}", engine.stats);
}

#[test]
fn undo_puts_the_run_back() {
    let mut wb = bench();
    run(&mut wb, &format!("load {EXAMPLE1}"));
    run(&mut wb, "step");
    let regions = run(&mut wb, "show regions");
    let language = run(&mut wb, "show language");
    let second = run(&mut wb, "step");
    assert_ne!(run(&mut wb, "show regions"), regions);
    run(&mut wb, "undo");
    assert_eq!(run(&mut wb, "show regions"), regions);
    assert_eq!(run(&mut wb, "show language"), language);
    // Stepping again from the restored run does what it did the first time.
    assert_eq!(run(&mut wb, "step"), second);
}

#[test]
fn show_language_regions_and_graph() {
    let mut wb = bench();
    run(&mut wb, &format!("load {EXAMPLE1}"));
    // Before a step: L = Ω+ over the two modes' regions.
    let language = run(&mut wb, "show language");
    assert!(
        language.starts_with("language: minimal DFA of 2 live states over 2 symbols"),
        "{language}"
    );
    assert!(
        language.contains("contracted words up to length 3: 6\n  r0\n  r1\n  r0 r1\n"),
        "{language}"
    );
    assert_eq!(
        run(&mut wb, "show regions"),
        "2 regions (2 in L):\n  r0 (m1: x1 in [0, 2], x2 in [0, 1]) [in L]\n  \
         r1 (m2: x1 in [0, 2], x2 in [0, 1]) [in L]\n"
    );
    let graph = run(&mut wb, "show graph");
    assert!(graph.contains("T_L: 2 nodes and 2 edges"), "{graph}");
    assert!(graph.contains("  r0 [initial, unsafe] -> r1\n"), "{graph}");
    run(&mut wb, "step all");
    assert!(run(&mut wb, "show language").contains("empty: no abstract counterexample is left"));
    assert!(run(&mut wb, "show graph").starts_with("T_L: 0 nodes and 0 edges"));
}

#[test]
fn dot_and_plot_write_files_of_the_expected_shape() {
    let dir = scratch("files");
    let mut wb = bench();
    run(&mut wb, &format!("load {EXAMPLE1}"));
    run(&mut wb, "step");
    let dot = dir.join("run.dot");
    let said = run(&mut wb, &format!("dot {}", s(&dot)));
    assert!(
        said.starts_with("wrote the language's DFA and its induced transition graph"),
        "{said}"
    );
    let text = std::fs::read_to_string(&dot).unwrap();
    assert!(text.starts_with("digraph hybrid {"), "{text}");
    assert!(text.contains("subgraph cluster_language") && text.contains("subgraph cluster_graph"));
    assert!(text.contains("start -> q0;"), "{text}");
    assert!(text.trim_end().ends_with('}'));
    let only = dir.join("language.dot");
    run(&mut wb, &format!("dot {} language", s(&only)));
    assert!(!std::fs::read_to_string(&only).unwrap().contains("cluster_graph"));

    let svg = dir.join("run.svg");
    let said = run(&mut wb, &format!("plot {} x1 x2", s(&svg)));
    assert!(said.starts_with("wrote a plot of "), "{said}");
    let text = std::fs::read_to_string(&svg).unwrap();
    assert!(text.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""), "{text}");
    assert!(text.trim_end().ends_with("</svg>"));
    assert_eq!(text.matches("<g class=\"mode\"").count(), 2, "one panel a mode");
    assert!(text.contains("class=\"initial\""), "{text}");
    assert!(text.contains("class=\"unsafe\""), "{text}");
    assert!(text.contains("class=\"region in-language\""), "{text}");
    // The same run draws the same picture.
    let again = dir.join("again.svg");
    run(&mut wb, &format!("plot {} x1 x2", s(&again)));
    assert_eq!(std::fs::read_to_string(&again).unwrap(), text);
}

#[test]
fn plot_and_step_refuse_bad_words() {
    let dir = scratch("errors");
    let mut wb = bench();
    let svg = dir.join("p.svg");
    assert_eq!(
        run(&mut wb, &format!("plot {} x1 x2", s(&svg))),
        "error: no hybrid system is loaded (try `load FILE.hy`)\n"
    );
    run(&mut wb, &format!("load {EXAMPLE1}"));
    assert_eq!(
        run(&mut wb, &format!("plot {} x1 y", s(&svg))),
        "error: no variable `y` in examples/hybrid/example1.hy (its variables: x1, x2)\n"
    );
    assert!(!svg.exists());
    assert!(run(&mut wb, "plot p.png x1 x2").starts_with("error: plot writes an SVG file"));
    assert_eq!(run(&mut wb, "plot p.svg x1"), "error: usage: plot FILE.svg X Y\n");
    assert!(run(&mut wb, "step --maxlen 1").starts_with("error: --maxlen takes a length"));
    assert!(run(&mut wb, "step --algorithm 2").starts_with("error: --algorithm takes 1"));
    assert!(run(&mut wb, "step zero").starts_with("error: step takes a positive number"));
    assert!(
        run(&mut wb, "step --frobnicate").starts_with("error: `--frobnicate` is not an option")
    );
    assert!(run(&mut wb, "show regions").starts_with("2 regions"));
}

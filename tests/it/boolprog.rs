//! Boolean programs with references: the test cases of Qadeer and Rajamani (QR-1 to QR-9 in
//! the digest), Bebop programs cross-checked against the explicit baseline, readers' errors and
//! their no-panic properties, and the steppable engine API.

use std::path::{Path, PathBuf};

use craig::boolprog::explicit::{self, Bounds, ExplicitVerdict};
use craig::boolprog::heap::{canonical, isomorphism};
use craig::boolprog::ir::{ClassId, ProcId, Program, Value};
use craig::boolprog::pattern::{AddrMap, Effect, Pattern, PatternLoc, apply, match_pattern};
use craig::boolprog::semantics::{Cell, FailureKind, Frame, Heap, Loc};
use craig::boolprog::summary::{Engine, Mode, Options, StepResult, Verdict};
use craig::boolprog::{self, Answer, Language, Method, RunStats, render};
use craig::syntax::{SourceMap, render_all};
use proptest::prelude::*;

fn example(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/boolprog").join(name)
}

fn load(name: &str) -> Program {
    let mut sources = SourceMap::new();
    match boolprog::load(&mut sources, &example(name)) {
        Ok(p) => p,
        Err(d) => panic!("{}", render_all(&d, &sources)),
    }
}

fn read(text: &str, language: Language) -> Result<Program, String> {
    let mut sources = SourceMap::new();
    boolprog::read(&mut sources, "t", text.to_string(), language)
        .map_err(|d| render_all(&d, &sources))
}

const SMALL: Bounds = Bounds { max_depth: 12, max_states: 200_000 };

#[derive(Debug, PartialEq, Eq)]
enum Short {
    Safe,
    Fails(FailureKind),
    Unknown,
}

fn short(a: &Answer) -> Short {
    match a {
        Answer::Safe => Short::Safe,
        Answer::Failure(t) => Short::Fails(t.kind),
        Answer::Unknown(_) => Short::Unknown,
    }
}

fn run(prog: &Program, mode: Mode) -> (Short, Engine<'_>) {
    let mut e = Engine::new(prog, Options { mode, max_states: 200_000 });
    let v = e.run();
    let a = boolprog::answer_of(prog, v, 200_000);
    (short(&a), e)
}

fn explicit_answer(prog: &Program) -> Short {
    let (a, _) = boolprog::check_with(prog, Method::Explicit, SMALL.max_states, SMALL.max_depth);
    short(&a)
}

/// Summaries per procedure name: (summaries, effects).
fn per_proc(e: &Engine<'_>, name: &str) -> (u32, u32) {
    let prog = e.program();
    let i = prog.procs.iter().position(|p| p.name == name).expect("procedure");
    e.summaries_per_proc()[i]
}

#[test]
fn qr1_fig1_is_safe_with_the_papers_summary_counts() {
    let prog = load("fig1.qr");
    let (v, e) = run(&prog, Mode::FullStates);
    assert_eq!(v, Short::Safe);
    // Section 5: two entry classes of M (S1 and S3), two effects each.
    assert_eq!(per_proc(&e, "Main.M"), (2, 4));
    let (v, e) = run(&prog, Mode::Patterns);
    assert_eq!(v, Short::Safe);
    // Section 6: one pattern {g1 -> A, A.x -> false} with effects e1 and e2.
    assert_eq!(per_proc(&e, "Main.M"), (1, 2));
    let m = e.roots.iter().find(|r| prog.proc(r.proc).name == "Main.M").expect("root of M");
    let g1 = PatternLoc::Heap(Loc { cell: 0, field: 0 });
    assert_eq!(m.pattern.entries.len(), 2, "{:?}", m.pattern.entries);
    assert_eq!(m.pattern.entries[0], (g1, Value::Addr(1)));
    assert_eq!(
        m.pattern.entries[1],
        (PatternLoc::Heap(Loc { cell: 1, field: 0 }), Value::Bool(false))
    );
    // Unbounded recursion: the baseline cannot finish.
    assert_eq!(explicit_answer(&prog), Short::Unknown);
}

#[test]
fn qr2_fig2_pattern_covers_the_pruned_path() {
    let prog = load("fig2.qr");
    for mode in [Mode::Patterns, Mode::FullStates] {
        let mut e = Engine::new(&prog, Options { mode, max_states: 10_000 });
        let v = e.run();
        let Verdict::Failure { kind, choices } = v else { panic!("{mode:?}: {v:?}") };
        assert_eq!(kind, FailureKind::Assertion);
        let trace = explicit::replay(&prog, &choices, kind).expect("replays");
        // The failure is in the second call of foo: the trace calls foo twice.
        let foo = ProcId(prog.procs.iter().position(|p| p.name == "Main.foo").unwrap() as u32);
        let entries =
            trace.steps.windows(2).filter(|w| w[0].proc != foo && w[1].proc == foo).count();
        assert_eq!(entries, 2, "{mode:?}");
        if mode == Mode::Patterns {
            // foo's first summary read x on the taken path and y on the pruned one.
            let root = e.roots.iter().find(|r| r.proc == foo).expect("root of foo");
            let pattern: Vec<_> = root.pattern.entries.iter().map(|(l, _)| *l).collect();
            let x = PatternLoc::Heap(Loc { cell: 0, field: 0 });
            let y = PatternLoc::Heap(Loc { cell: 0, field: 1 });
            assert!(pattern.contains(&x) && pattern.contains(&y), "{pattern:?}");
        }
    }
    assert_eq!(explicit_answer(&prog), Short::Fails(FailureKind::Assertion));
}

fn fig10(n: u32) -> String {
    std::fs::read_to_string(example("fig10.qr")).unwrap().replace("i < 3", &format!("i < {n}"))
}

#[test]
fn qr3_fig10_needs_2n_summaries_of_m() {
    let mut explicit_states = Vec::new();
    for n in 2..=6 {
        let prog = read(&fig10(n), Language::References).unwrap();
        let (v, e) = run(&prog, Mode::Patterns);
        assert_eq!(v, Short::Safe);
        assert_eq!(per_proc(&e, "Main.M").0, 2 * n, "patterns, N = {n}");
        let (v, e) = run(&prog, Mode::FullStates);
        assert_eq!(v, Short::Safe);
        // Visible states also tell apart M(N) with g.x true and false.
        assert_eq!(per_proc(&e, "Main.M").0, 2 * n + 1, "full states, N = {n}");
        let (verdict, stats) = explicit::explore(&prog, SMALL);
        assert_eq!(verdict, ExplicitVerdict::Safe);
        explicit_states.push(stats.states);
    }
    // Without summaries the states double with each level.
    for w in explicit_states.windows(2) {
        assert!(w[1] > 2 * w[0] - 10, "{explicit_states:?}");
    }
}

#[test]
fn qr4_fig1_with_alias_assertion_fails_and_replays() {
    let prog = load("fig1_alias.qr");
    for mode in [Mode::Patterns, Mode::FullStates] {
        assert_eq!(run(&prog, mode).0, Short::Fails(FailureKind::Assertion), "{mode:?}");
    }
    assert_eq!(explicit_answer(&prog), Short::Fails(FailureKind::Assertion));
}

fn boolbox_program() -> Program {
    read(
        "class BoolBox { bool x; }; class Main { static BoolBox g1, g2; activate static void main() { } };",
        Language::References,
    )
    .unwrap()
}

fn cell(x: bool) -> Cell {
    Cell { class: ClassId(1), fields: vec![Value::Bool(x)] }
}

fn globals(g1: u32, g2: u32) -> Cell {
    Cell { class: ClassId(0), fields: vec![Value::Addr(g1), Value::Addr(g2)] }
}

#[test]
fn qr5_canonical_forms_of_s1_s2_s3() {
    let prog = boolbox_program();
    let frame = Frame { proc: prog.main, pc: 0, locals: Vec::new() };
    // S1: g1, g2 -> A0; S2: the same at another address, with garbage around; S3: no alias.
    let s1 = Heap { cells: vec![globals(1, 1), cell(false)] };
    let s2 = Heap { cells: vec![globals(2, 2), cell(true), cell(false)] };
    let s3 = Heap { cells: vec![globals(2, 1), cell(false), cell(false)] };
    assert!(isomorphism((&s1, &frame), (&s2, &frame)).is_some());
    assert!(isomorphism((&s1, &frame), (&s3, &frame)).is_none());
    let (c1, _, _) = canonical(&s2, &frame);
    assert_eq!(c1, s1);
    let (c3, _, witness) = canonical(&s3, &frame);
    assert_eq!(c3, Heap { cells: vec![globals(1, 2), cell(false), cell(false)] });
    assert_eq!(witness.old_of, vec![0, 2, 1]);
}

#[test]
fn qr6_match_respects_aliasing_and_apply_allocates_after_the_heap() {
    let prog = boolbox_program();
    let frame = Frame { proc: prog.main, pc: 0, locals: Vec::new() };
    let g1 = PatternLoc::Heap(Loc { cell: 0, field: 0 });
    let g2 = PatternLoc::Heap(Loc { cell: 0, field: 1 });
    // Pattern: g1 and g2 alias one cell.
    let mut aliased = Pattern::default();
    aliased.add(g1, Value::Addr(1));
    aliased.add(g2, Value::Addr(1));
    // Pattern: g1 and g2 are two cells.
    let mut apart = Pattern::default();
    apart.add(g1, Value::Addr(1));
    apart.add(g2, Value::Addr(2));
    let same = Heap { cells: vec![globals(3, 3), cell(false), cell(false), cell(true)] };
    let different = Heap { cells: vec![globals(3, 1), cell(false), cell(false), cell(true)] };
    assert!(match_pattern(&aliased, 2, &same, &frame).is_some());
    assert!(match_pattern(&aliased, 2, &different, &frame).is_none());
    assert!(match_pattern(&apart, 3, &same, &frame).is_none());
    let map = match_pattern(&apart, 3, &different, &frame).expect("matches");
    assert_eq!((map.get(1), map.get(2)), (Some(3), Some(1)));
    // Effect: allocate one cell (#3 in the summary), point g1 at it, write x of old #2.
    let effect = Effect {
        fresh: vec![ClassId(1)],
        writes: vec![
            (Loc { cell: 0, field: 0 }, Value::Addr(3)),
            (Loc { cell: 2, field: 0 }, Value::Bool(true)),
            (Loc { cell: 3, field: 0 }, Value::Bool(true)),
        ],
        rets: vec![Value::Addr(3)],
    };
    let applied = apply(&effect, &map, 3, &different).expect("applies");
    assert_eq!(applied.heap.cells.len(), 5);
    assert_eq!(applied.heap.cells[0].fields[0], Value::Addr(4));
    assert_eq!(applied.heap.cells[1].fields[0], Value::Bool(true));
    assert_eq!(applied.heap.cells[4], cell(true));
    assert_eq!(applied.rets, vec![Value::Addr(4)]);
    // An unbound address is refused rather than guessed.
    assert!(apply(&effect, &AddrMap::new(3), 3, &different).is_none());
}

/// The Bebop programs' verdicts: every summary mode agrees with the baseline where the baseline
/// is exact, and the expected verdicts hold.
#[test]
fn qr7_bebop_programs_agree_with_the_baseline() {
    let cases: &[(&str, Short, bool)] = &[
        // (file, verdict, baseline exact: no unbounded recursion on the way)
        ("swap.bp", Short::Safe, true),
        ("constructs.bp", Short::Safe, true),
        ("unsafe_global.bp", Short::Fails(FailureKind::Assertion), true),
        ("recursion.bp", Short::Safe, false),
        ("recursion_unsafe.bp", Short::Fails(FailureKind::Assertion), true),
        ("mutual_safe.bp", Short::Safe, false),
        ("mutual_unsafe.bp", Short::Fails(FailureKind::Assertion), true),
    ];
    for (file, expected, exact) in cases {
        let prog = load(file);
        for mode in [Mode::Patterns, Mode::FullStates] {
            assert_eq!(&run(&prog, mode).0, expected, "{file} {mode:?}");
        }
        let baseline = explicit_answer(&prog);
        if *exact {
            assert_eq!(&baseline, expected, "{file} baseline");
        } else {
            assert_eq!(baseline, Short::Unknown, "{file} baseline");
        }
    }
}

#[test]
fn qr8_recursion_terminates_with_summaries_only() {
    let prog = load("recursion.bp");
    let (v, e) = run(&prog, Mode::Patterns);
    assert_eq!(v, Short::Safe);
    assert!(e.stats().states < 100);
    let (verdict, stats) = explicit::explore(&prog, SMALL);
    assert_eq!(verdict, ExplicitVerdict::Bounded);
    assert!(stats.cut_by_depth > 0);
}

#[test]
fn qr9_cutpoint_write_survives_the_return() {
    let prog = load("cutpoint.qr");
    for mode in [Mode::Patterns, Mode::FullStates] {
        assert_eq!(run(&prog, mode).0, Short::Safe, "{mode:?}");
    }
    assert_eq!(explicit_answer(&prog), Short::Safe);
    // The same program with the opposite assertion fails: the write is really seen.
    let text = std::fs::read_to_string(example("cutpoint.qr"))
        .unwrap()
        .replace("assert(t.x)", "assert(!t.x)");
    let prog = read(&text, Language::References).unwrap();
    for mode in [Mode::Patterns, Mode::FullStates] {
        assert_eq!(run(&prog, mode).0, Short::Fails(FailureKind::Assertion), "{mode:?}");
    }
}

#[test]
fn null_dereference_is_a_failure() {
    let text = "class C { bool x; }; class Main { static C g; activate static void main() { g.x = true; } };";
    let prog = read(text, Language::References).unwrap();
    for mode in [Mode::Patterns, Mode::FullStates] {
        assert_eq!(run(&prog, mode).0, Short::Fails(FailureKind::NullDereference));
    }
}

#[test]
fn counters_are_deterministic() {
    let prog = read(&fig10(5), Language::References).unwrap();
    let a = run(&prog, Mode::Patterns).1.stats();
    let b = run(&prog, Mode::Patterns).1.stats();
    assert_eq!(a, b);
}

#[test]
fn steppable_engine_lists_and_shows_summaries() {
    let prog = load("fig1.qr");
    let mut e = Engine::new(&prog, Options::default());
    assert_eq!(render::progress(&e), "step 0: 1 pending, 1 summaries, 0 effects, 1 states");
    let mut steps = 0;
    while e.step() == StepResult::Progress {
        steps += 1;
    }
    assert!(render::progress(&e).ends_with("done: safe"), "{}", render::progress(&e));
    assert_eq!(e.verdict(), Some(&Verdict::Safe));
    assert_eq!(steps as u64 + 1, e.stats().steps + 1);
    let list = render::summaries(&e);
    assert!(list.contains("Main.M (pattern of 2 locations), 2 effects"), "{list}");
    let m = e.roots.iter().position(|r| prog.proc(r.proc).name == "Main.M").unwrap();
    let shown = render::summary(&e, m).unwrap();
    assert!(shown.contains("pattern: {g1=#1, #1.x=false}"), "{shown}");
    assert!(shown.contains("effect 1: alloc #2:BoolBox; write g1:=#2 #2.x:=false"), "{shown}");
    assert!(render::dot_call_graph(&e).contains("Main.M\\n1 summaries, 2 effects"));
    let root = &e.roots[m];
    assert!(
        render::dot_heap(&prog, &root.entry_heap, &root.entry_frame).starts_with("digraph heap")
    );
}

#[test]
fn check_reports_replayed_traces() {
    let prog = load("mutual_unsafe.bp");
    let (answer, stats) = boolprog::check(&prog, Method::Patterns, 100_000);
    let Answer::Failure(trace) = answer else { panic!("{answer:?}") };
    assert_eq!(trace.kind, FailureKind::Assertion);
    assert!(matches!(stats, RunStats::Summary(_)));
    let mut sources = SourceMap::new();
    let prog = boolprog::load(&mut sources, &example("mutual_unsafe.bp")).unwrap();
    let (Answer::Failure(trace), _) = boolprog::check(&prog, Method::FullStates, 100_000) else {
        panic!()
    };
    let text = render::trace(&prog, &sources, &trace);
    let mut e = Engine::new(&prog, Options::default());
    assert_eq!(render::engine_trace(&e, &sources), Err(render::NoTrace::NotOver));
    e.run();
    assert_eq!(render::engine_trace(&e, &sources).unwrap().lines().last(), text.lines().last());
    assert!(text.contains("mutual_unsafe.bp:9:3 main: assert(!err);"), "{text}");
    assert!(text.contains("assertion failure here"), "{text}");
}

fn error_of(text: &str, language: Language) -> String {
    read(text, language).expect_err("refused")
}

#[test]
fn bad_input_gets_positioned_errors() {
    let e = error_of("void main() begin x := T; end", Language::Bebop);
    assert!(e.starts_with("t:1:19: error: unknown variable `x`"), "{e}");
    let e = error_of("void main() begin decl a; a := f(); end", Language::Bebop);
    assert!(e.contains("unknown procedure `f`"), "{e}");
    let e = error_of("void main() begin goto L; end", Language::Bebop);
    assert!(e.contains("no label `L`"), "{e}");
    let e = error_of("void main() begin decl a, b; a, b := T; end", Language::Bebop);
    assert!(e.contains("2 variables but 1 values"), "{e}");
    let e = error_of("void main() begin while T do od end", Language::Bebop);
    assert!(e.starts_with("t:1:"), "{e}");
    let e = error_of("void f() begin skip; end", Language::Bebop);
    assert!(e.contains("no `main`"), "{e}");
    let e = error_of(
        "class Main { static bool b; activate static void main() { b = 1; } };",
        Language::References,
    );
    assert!(e.starts_with("t:1:63: error: the value has the wrong type"), "{e}");
    let e = error_of(
        "class Main { activate static void main() { int i; i = f(); } };",
        Language::References,
    );
    assert!(e.contains("unknown method `f`"), "{e}");
    // Threads and other ZING statements are outside the subset.
    let e = error_of(
        "class Main { activate static void main() { async f(); } };",
        Language::References,
    );
    assert!(e.starts_with("t:1:"), "{e}");
    let e = error_of("class Main { static void f() { } };", Language::References);
    assert!(e.contains("no entry method"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, .. ProptestConfig::default() })]

    #[test]
    fn bebop_reader_never_panics(text in "[ -~\\n]{0,200}") {
        let _ = read(&text, Language::Bebop);
    }

    #[test]
    fn qr_reader_never_panics(text in "[ -~\\n]{0,200}") {
        let _ = read(&text, Language::References);
    }

    #[test]
    fn mutated_programs_never_panic(cut in 0usize..2000, insert in "[ -~]{0,4}", which in 0usize..4) {
        let files = ["fig10.qr", "fig1.qr", "constructs.bp", "mutual_unsafe.bp"];
        let path = example(files[which]);
        let text = std::fs::read_to_string(&path).unwrap();
        let at = cut.min(text.len());
        let at = (0..=at).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
        let mutated = format!("{}{}{}", &text[..at], insert, &text[at..]);
        let language = Language::of_path(&path).unwrap();
        if let Ok(prog) = read(&mutated, language) {
            // Whatever reads must also run without panicking.
            let _ = boolprog::check(&prog, Method::Patterns, 2_000);
            let _ = boolprog::check_with(&prog, Method::Explicit, 2_000, 8);
        }
    }
}

// ---------------------------------------------------------------- differential testing

/// Random expressions over booleans in scope.
fn bool_expr(vars: &[String], depth: u32) -> BoxedStrategy<String> {
    let leaf = prop_oneof![
        Just("T".to_string()),
        Just("F".to_string()),
        Just("*".to_string()),
        proptest::sample::select(vars.to_vec()),
    ];
    if depth == 0 {
        return leaf.boxed();
    }
    let sub = bool_expr(vars, depth - 1);
    prop_oneof![
        2 => leaf,
        1 => (sub.clone(), sub.clone(), proptest::sample::select(vec!["&", "|", "^", "=", "!=", "=>"]))
            .prop_map(|(a, b, op)| format!("({a} {op} {b})")),
        1 => sub.prop_map(|a| format!("!{a}")),
    ]
    .boxed()
}

/// A random Bebop statement list for procedure `me` of `procs` (calls go to later procedures,
/// and sometimes back to itself, so recursion happens).
fn bebop_stmts(
    me: usize,
    procs: usize,
    vars: Vec<String>,
    depth: u32,
) -> BoxedStrategy<Vec<String>> {
    let e = bool_expr(&vars, 2);
    let v = proptest::sample::select(vars.clone());
    let callee = me..procs;
    let simple = prop_oneof![
        3 => (v.clone(), e.clone()).prop_map(|(x, e)| format!("{x} := {e};")),
        1 => (v.clone(), v.clone(), e.clone(), e.clone())
            .prop_map(|(x, y, a, b)| if x == y { format!("{x} := {a};") } else { format!("{x}, {y} := {a}, {b};") }),
        1 => e.clone().prop_map(|e| format!("assume({e});")),
        1 => e.clone().prop_map(|e| format!("assert({e});")),
        2 => (v.clone(), callee, e.clone()).prop_map(|(x, c, a)| format!("{x} := p{c}({a});")),
        1 => e.clone().prop_map(|e| format!("return {e};")),
    ];
    if depth == 0 {
        return proptest::collection::vec(simple, 1..5).boxed();
    }
    let inner = bebop_stmts(me, procs, vars.clone(), depth - 1);
    let stmt = prop_oneof![
        4 => simple.prop_map(|s| vec![s]),
        1 => (e, inner.clone(), inner).prop_map(|(c, a, b)| {
            let mut v = vec![format!("if ({c}) then")];
            v.extend(a);
            v.push("else".into());
            v.extend(b);
            v.push("fi".into());
            v
        }),
    ];
    proptest::collection::vec(stmt, 1..5).prop_map(|v| v.concat()).boxed()
}

fn bebop_program() -> impl Strategy<Value = String> {
    let globals = vec!["g0".to_string(), "g1".to_string()];
    let procs = 3;
    let mut bodies = Vec::new();
    for i in 0..procs {
        let mut vars = globals.clone();
        vars.extend(["a".to_string(), "l".to_string()]);
        bodies.push(bebop_stmts(i, procs, vars, 1));
    }
    (bodies[0].clone(), bodies[1].clone(), bodies[2].clone()).prop_map(move |(b0, b1, b2)| {
        let mut text =
            String::from("decl g0, g1;\nvoid main()\nbegin\n  decl a, l;\n  l := p0(a);\nend\n");
        for (i, body) in [b0, b1, b2].into_iter().enumerate() {
            text.push_str(&format!("bool p{i}(a)\nbegin\n  decl l;\n"));
            for s in body {
                text.push_str("  ");
                text.push_str(&s);
                text.push('\n');
            }
            text.push_str("  return a;\nend\n");
        }
        text
    })
}

/// A random program with references: two classes without recursive types, globals of both,
/// procedures that allocate, alias, read and write fields, call each other (and themselves)
/// and assert.
fn qr_program() -> impl Strategy<Value = String> {
    let refs = vec!["g", "h", "r"];
    let bools = vec![
        "b",
        "g.x",
        "h.x",
        "g.d.y",
        "h.d.y",
        "true",
        "false",
        "choose(bool)",
        "g == h",
        "r == null",
        "g.d == h.d",
        "r == g",
    ];
    let stmt = prop_oneof![
        2 => (proptest::sample::select(refs.clone()), proptest::sample::select(vec!["new C", "g", "h", "r", "g", "h"]))
            .prop_map(|(a, b)| format!("{a} = {b};")),
        1 => proptest::sample::select(vec!["g.d = new D;", "h.d = g.d;", "h.d = new D;", "r = null;", "g.d = h.d;"]).prop_map(String::from),
        3 => (proptest::sample::select(vec!["b", "g.x", "h.x", "g.d.y", "h.d.y", "b"]), proptest::sample::select(bools.clone()))
            .prop_map(|(a, b)| format!("{a} = {b};")),
        1 => proptest::sample::select(bools.clone()).prop_map(|b| format!("assume({b});")),
        1 => proptest::sample::select(bools.clone()).prop_map(|b| format!("assert({b});")),
        2 => (0usize..3, proptest::sample::select(refs.clone())).prop_map(|(p, a)| format!("r = P{p}({a});")),
        1 => (proptest::sample::select(bools.clone()), proptest::sample::select(vec!["g = h;", "h = new C; h.d = new D;", "b = g.x;", "g.x = b;", "if (r != null) { r.x = b; }"]))
            .prop_map(|(c, s)| format!("if ({c}) {{ {s} }}")),
        1 => proptest::sample::select(vec!["return g;", "return r;", "return null;"]).prop_map(String::from),
    ];
    proptest::collection::vec(proptest::collection::vec(stmt, 1..6), 4).prop_map(|bodies| {
        let mut text = String::from(
            "class D { bool y; };\nclass C { bool x; D d; };\nclass Main {\n  static C g, h;\n  static bool b;\n",
        );
        text.push_str("  activate static void main() {\n    C r;\n    g = new C;\n    h = new C;\n");
        text.push_str("    g.d = new D;\n    h.d = new D;\n    r = h;\n");
        for s in &bodies[0] {
            text.push_str(&format!("    {s}\n").replace("return g;", "").replace("return r;", "").replace("return null;", ""));
        }
        text.push_str("  }\n");
        for (i, body) in bodies[1..].iter().enumerate() {
            text.push_str(&format!("  static C P{i}(C r) {{\n"));
            for s in body {
                // Recursion only to the same or later procedures, and only under a coin flip.
                let s = s.replace(&format!("P{}(", i.saturating_sub(1)), &format!("P{i}("));
                if s.contains('P') && s.contains("= P") {
                    text.push_str(&format!("    if (*) {{ {s} }}\n"));
                } else {
                    text.push_str(&format!("    {s}\n"));
                }
            }
            text.push_str("    return r;\n  }\n");
        }
        text.push_str("};\n");
        text
    })
}

/// Safe, fails or unknown, whichever failure it is. A program may reach several failures (an
/// assertion on one path, a null dereference on another), and engines that explore in different
/// orders report the first they meet, so engines are compared on the verdict; which failure each
/// reports is sound because `check` replays it on the concrete interpreter before answering.
fn verdict(s: &Short) -> Outcome {
    match s {
        Short::Safe => Outcome::Safe,
        Short::Fails(_) => Outcome::Fails,
        Short::Unknown => Outcome::Unknown,
    }
}

/// A [`Short`] without the kind of failure.
#[derive(Debug, PartialEq, Eq)]
enum Outcome {
    Safe,
    Fails,
    Unknown,
}

/// The summary engines agree with the baseline whenever the baseline finishes within its bounds,
/// and with each other always; every failure they report replays (`check` replays it).
fn agree(prog: &Program) -> Result<(), TestCaseError> {
    let (base, _) = boolprog::check_with(prog, Method::Explicit, 20_000, 10);
    let base = verdict(&short(&base));
    let mut answers = Vec::new();
    for method in [Method::Patterns, Method::FullStates] {
        let (a, _) = boolprog::check(prog, method, 20_000);
        if let Answer::Unknown(why) = &a {
            prop_assert!(why.contains("state bound"), "{method:?}: {why}");
            continue;
        }
        let got = verdict(&short(&a));
        if base != Outcome::Unknown {
            prop_assert_eq!(&got, &base, "{:?}", method);
        }
        answers.push(got);
    }
    if let [a, b] = answers.as_slice() {
        prop_assert_eq!(a, b);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, .. ProptestConfig::default() })]

    #[test]
    fn random_bebop_programs_agree_with_the_baseline(text in bebop_program()) {
        let prog = read(&text, Language::Bebop).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        agree(&prog).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    }

    #[test]
    fn random_programs_with_references_agree_with_the_baseline(text in qr_program()) {
        let prog = read(&text, Language::References).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        agree(&prog).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
    }
}

#[test]
fn deep_statements_and_long_expressions_do_not_crash() {
    let deep = format!(
        "class Main {{ static bool b; activate static void main() {{ {} b = true; }} }};",
        "if (*) ".repeat(5000)
    );
    let prog = read(&deep, Language::References).unwrap();
    assert_eq!(run(&prog, Mode::Patterns).0, Short::Safe);
    let long = format!("void main() begin decl a; a := {}a; end", "a & ".repeat(5000));
    assert!(error_of(&long, Language::Bebop).contains("expression longer than 10000 bytes"));
}

#[test]
fn recorded_events_say_what_each_step_did_and_change_nothing() {
    use craig::boolprog::summary::Event;
    use std::sync::Arc;
    let prog = load("fig10.qr");
    for mode in [Mode::Patterns, Mode::FullStates] {
        let options = Options { mode, max_states: 200_000 };
        let mut quiet = Engine::new(&prog, options);
        let quiet_verdict = quiet.run();
        // An engine owning its program, recording every step, reaches the same end.
        let mut watched = Engine::shared(Arc::new(prog.clone()), options);
        watched.set_recording(true);
        let mut summary_edges = 0;
        let mut new_summaries = 0;
        let mut path_edges = 0;
        loop {
            let result = watched.step();
            let events = watched.events();
            if result == StepResult::Progress || !events.is_empty() {
                // Every step starts with the worklist item it took.
                assert!(matches!(events[0], Event::Expand(_) | Event::Resume(_)), "{events:?}");
            }
            for e in events {
                match e {
                    Event::SummaryEdge { .. } => summary_edges += 1,
                    Event::NewSummary { .. } => new_summaries += 1,
                    Event::PathEdge(_) => path_edges += 1,
                    Event::PatternGrew { .. } => assert_eq!(mode, Mode::Patterns),
                    _ => {}
                }
            }
            if result == StepResult::Done {
                break;
            }
        }
        assert_eq!(watched.verdict(), Some(&quiet_verdict));
        assert_eq!(watched.stats(), quiet.stats());
        let stats = watched.stats();
        assert_eq!(summary_edges, stats.effects);
        // `main`'s summary and the first path edge come before recording starts.
        assert_eq!(new_summaries + 1, stats.summaries);
        assert_eq!(path_edges + 1, stats.states);
        let text = render::summary_list(&watched, None);
        assert_eq!(
            text.lines().filter(|l| l.starts_with("summary ")).count() as u64,
            stats.summaries
        );
    }
    // Without recording, nothing is kept.
    let mut e = Engine::new(&prog, Options::default());
    e.step();
    assert!(e.events().is_empty());
}

// ---------------------------------------------------------------- the error label

fn marked(text: &str, label: Option<&str>) -> Result<(Program, Option<String>), String> {
    let mut prog = read(text, Language::Bebop)?;
    let label = boolprog::mark_error_label(&mut prog, label).map_err(|e| e.to_string())?;
    Ok((prog, label))
}

fn verdict_of(prog: &Program, method: Method) -> Short {
    short(&boolprog::check(prog, method, 200_000).0)
}

/// SLAM's error label is the error by default: the counter that reaches it at 5 used to be
/// reported safe, the wrong verdict the error-label check exists to fix.
#[test]
fn slic_error_is_reached_by_the_counter() {
    let mut prog = load("slic_counter.bp");
    assert_eq!(boolprog::mark_error_label(&mut prog, None).unwrap().as_deref(), Some("SLIC_ERROR"));
    for method in [Method::Patterns, Method::FullStates, Method::Explicit] {
        assert_eq!(verdict_of(&prog, method), Short::Fails(FailureKind::ErrorLabel), "{method:?}");
    }
    let mut safe = load("slic_counter_safe.bp");
    boolprog::mark_error_label(&mut safe, None).unwrap();
    for method in [Method::Patterns, Method::FullStates, Method::Explicit] {
        assert_eq!(verdict_of(&safe, method), Short::Safe, "{method:?}");
    }
    let mut recursive = load("slic_recursive.bp");
    boolprog::mark_error_label(&mut recursive, None).unwrap();
    assert_eq!(verdict_of(&recursive, Method::Patterns), Short::Fails(FailureKind::ErrorLabel));
}

/// A label on an empty statement at the end of a branch shares no pc with the join after the
/// `if`: the path that skips the branch does not reach the label.
#[test]
fn a_label_at_the_end_of_a_branch_is_not_the_join() {
    let text =
        "decl g;\nvoid main() begin\n  g := F;\n  if (g) then\n    SLIC_ERROR: skip;\n  fi\nend\n";
    let (prog, label) = marked(text, None).unwrap();
    assert_eq!(label.as_deref(), Some("SLIC_ERROR"));
    assert_eq!(verdict_of(&prog, Method::Patterns), Short::Safe);
    let reached = text.replace("g := F;", "g := T;");
    let (prog, _) = marked(&reached, None).unwrap();
    assert_eq!(verdict_of(&prog, Method::Patterns), Short::Fails(FailureKind::ErrorLabel));
}

/// `--label` names another label; a name the program lacks is an error that lists its labels;
/// without SLIC_ERROR and without a name nothing is marked.
#[test]
fn a_named_label_is_checked_and_a_missing_one_refused() {
    let text = "decl g;\nvoid main() begin\n  g := *;\n  if (g) then goto L2; fi\n  L1: skip;\n  return;\n  L2: skip;\nend\n";
    let (prog, label) = marked(text, Some("L2")).unwrap();
    assert_eq!(label.as_deref(), Some("L2"));
    assert_eq!(verdict_of(&prog, Method::Patterns), Short::Fails(FailureKind::ErrorLabel));
    let (prog, _) = marked(&text.replace("g := *;", "g := F;"), Some("L2")).unwrap();
    assert_eq!(verdict_of(&prog, Method::Patterns), Short::Safe);
    let error = marked(text, Some("SLIC_ERROR")).unwrap_err();
    assert!(error.contains("no label `SLIC_ERROR`") && error.contains("L1, L2"), "{error}");
    let (prog, label) = marked(text, None).unwrap();
    assert_eq!(label, None);
    assert_eq!(verdict_of(&prog, Method::Patterns), Short::Safe);
}

/// Getafix's concurrent programs are refused with the reason, never read as sequential ones.
#[test]
fn concurrent_programs_are_refused_not_read_as_sequential() {
    let mut sources = SourceMap::new();
    let error = match boolprog::load(&mut sources, &example("getafix_style.bp")) {
        Ok(_) => panic!("a concurrent program was read as a sequential one"),
        Err(d) => render_all(&d, &sources),
    };
    assert!(error.contains("getafix_style.bp:4:6") && error.contains("concurrent"), "{error}");
    let uncalled_init = "decl x;\nvoid init() begin x := F; end\nvoid main() begin x := T; end\n";
    assert!(read(uncalled_init, Language::Bebop).unwrap_err().contains("`init` is never called"));
    let called_init = "decl x;\nvoid init() begin x := F; end\nvoid main() begin init(); end\n";
    assert!(read(called_init, Language::Bebop).is_ok());
    let atomic = "void main() begin atomic_begin; atomic_end; end\n";
    assert!(read(atomic, Language::Bebop).unwrap_err().contains("concurrent"));
}

/// Where the label goes into a random program (before which line of a procedure body).
fn with_line_before(text: &str, at: usize, line: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    // Statement lines of p0..p2's bodies: after `decl l;`, up to and including `end`.
    let mut candidates = Vec::new();
    let mut inside = false;
    for (i, l) in lines.iter().enumerate() {
        if l.trim() == "decl l;" {
            inside = true;
            continue;
        }
        if inside {
            candidates.push(i);
            if l.trim() == "end" {
                inside = false;
            }
        }
    }
    let target = candidates[at % candidates.len()];
    let mut out = String::new();
    for (i, l) in lines.iter().enumerate() {
        if i == target {
            out.push_str(line);
            out.push('\n');
        }
        out.push_str(l);
        out.push('\n');
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 150, .. ProptestConfig::default() })]

    /// Reaching `SLIC_ERROR: skip;` is a failure exactly when `assert(F)` written in its place
    /// fails: the marking agrees with a textual encoding of the same question, in every engine.
    #[test]
    fn the_error_label_fails_exactly_where_assert_false_would(text in bebop_program(), at in 0usize..400) {
        let labelled = with_line_before(&text, at, "SLIC_ERROR: skip;");
        let asserted = with_line_before(&text, at, "SLIC_ERROR: assert(F);");
        let (marked_prog, label) = marked(&labelled, None).map_err(TestCaseError::fail)?;
        prop_assert_eq!(label.as_deref(), Some("SLIC_ERROR"));
        let reference = read(&asserted, Language::Bebop).map_err(TestCaseError::fail)?;
        for method in [Method::Patterns, Method::FullStates] {
            let a = verdict(&verdict_of(&marked_prog, method));
            let b = verdict(&verdict_of(&reference, method));
            prop_assert_eq!(a, b, "{:?}\n{}", method, labelled);
        }
        agree(&marked_prog).map_err(|e| TestCaseError::fail(format!("{e}\n{labelled}")))?;
    }
}

// ---------------------------------------------------------------- concurrent programs

use craig::boolprog::concurrent::{self, Checker, Concurrent};

fn read_concurrent(text: &str) -> Result<Concurrent, String> {
    let mut sources = SourceMap::new();
    match boolprog::read_any(&mut sources, "t.bp", text.to_string(), Language::Bebop) {
        Ok(boolprog::Loaded::Concurrent(c)) => Ok(*c),
        Ok(boolprog::Loaded::Sequential(_)) => Err("read as sequential".into()),
        Err(d) => Err(render_all(&d, &sources)),
    }
}

fn load_concurrent(name: &str) -> Concurrent {
    let text = std::fs::read_to_string(example(name)).unwrap();
    let mut c = read_concurrent(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
    boolprog::mark_error_label(&mut c.program, None).unwrap();
    c
}

/// Safe up to the bound, fails (with the switches taken), or unknown.
#[derive(Debug, PartialEq, Eq)]
enum Bounded {
    Safe,
    Fails,
    Unknown,
}

fn bounded(conc: &Concurrent, contexts: u32, checker: Checker) -> Bounded {
    match concurrent::check(conc, contexts, checker, 200_000, 12).0 {
        concurrent::Answer::SafeUpTo(k) => {
            assert_eq!(k, contexts);
            Bounded::Safe
        }
        concurrent::Answer::Failure(trace) => {
            assert!(trace.switches <= contexts, "{} switches > {contexts}", trace.switches);
            Bounded::Fails
        }
        concurrent::Answer::Unknown(why) => {
            assert!(!why.contains("internal error"), "{why}");
            Bounded::Unknown
        }
    }
}

const CHECKERS: [Checker; 3] =
    [Checker::Reduction(Mode::Patterns), Checker::Reduction(Mode::FullStates), Checker::Explicit];

/// The examples' verdicts, in every engine: errors reached only by interleaving need their
/// number of context switches, and atomic sections keep the lock safe.
#[test]
fn concurrent_examples_need_their_context_switches() {
    let table: [(&str, u32, Bounded); 11] = [
        ("interleaved_two.bp", 0, Bounded::Safe),
        ("interleaved_two.bp", 1, Bounded::Fails),
        ("interleaved_three.bp", 1, Bounded::Safe),
        ("interleaved_three.bp", 2, Bounded::Fails),
        ("lock_atomic.bp", 0, Bounded::Safe),
        ("lock_atomic.bp", 1, Bounded::Safe),
        ("lock_atomic.bp", 2, Bounded::Safe),
        ("lock_racy.bp", 1, Bounded::Safe),
        ("lock_racy.bp", 2, Bounded::Fails),
        ("getafix_style.bp", 1, Bounded::Safe),
        ("getafix_style.bp", 2, Bounded::Fails),
    ];
    for (name, k, expected) in table {
        let conc = load_concurrent(name);
        for checker in CHECKERS {
            assert_eq!(
                bounded(&conc, k, checker),
                expected,
                "{name} with {k} switches, {checker:?}"
            );
        }
    }
}

/// Getafix's conventions as read: `init`, `main` and the `thread...` procedures as threads in
/// source order, `atomic` and `super_atomic` as the atomic globals; the counters of a run are
/// the same every time.
#[test]
fn concurrent_programs_are_read_in_getafixs_conventions() {
    let conc = load_concurrent("interleaved_three.bp");
    let names: Vec<&str> = (0..conc.threads.len() as u32).map(|t| conc.thread_name(t)).collect();
    assert_eq!(names, ["main", "thread1", "thread2"]);
    assert_eq!(conc.init.map(|i| conc.program.proc(i).name.as_str()), Some("init"));
    assert_eq!(conc.atomic, [0, 1]);
    let states = |conc: &Concurrent| match concurrent::check(conc, 2, CHECKERS[0], 200_000, 12).1 {
        concurrent::RunStats::Reduction { stats, .. } => stats.states,
        concurrent::RunStats::Explicit(_) => unreachable!("the reduction ran"),
    };
    assert_eq!(states(&conc), states(&load_concurrent("interleaved_three.bp")));
    // A failing assertion is an error too, and the trace shows the threads.
    let text = std::fs::read_to_string(example("interleaved_two.bp")).unwrap();
    let asserted = text.replace("SLIC_ERROR: skip;", "assert(F);");
    let conc = read_concurrent(&asserted).unwrap();
    let (answer, _) = concurrent::check(&conc, 1, CHECKERS[0], 200_000, 12);
    let concurrent::Answer::Failure(trace) = answer else { panic!("{answer:?}") };
    assert_eq!(trace.kind, FailureKind::Assertion);
    let mut sources = SourceMap::new();
    sources.add("t.bp", None, asserted.clone());
    let shown = concurrent::render_trace(&conc, &sources, &trace);
    assert!(shown.contains("[thread1]") && shown.contains("context switch 1"), "{shown}");
}

/// Concurrent programs that cannot be checked are refused with the reason.
#[test]
fn concurrent_programs_that_cannot_be_checked_are_refused() {
    let head = "decl super_atomic, atomic, x;\nvoid init() begin x := F; end\n";
    let refused = [
        (
            "void main() begin skip; end\nvoid thread1(a) begin skip; end\n",
            "cannot take parameters",
        ),
        ("void main() begin thread1(); end\nvoid thread1() begin skip; end\n", "is also called"),
        ("void main() begin enforce x; skip; end\n", "`enforce`"),
    ];
    for (body, why) in refused {
        let error = read_concurrent(&format!("{head}{body}")).unwrap_err();
        assert!(error.contains(why), "{error}");
    }
    let no_atomic = "void init() begin skip; end\nvoid main() begin atomic_begin; end\n";
    assert!(read_concurrent(no_atomic).unwrap_err().contains("does not declare"));
}

/// A random concurrent program: shared globals, `init`, two or three threads with assignments,
/// `assume`s, `assert`s, atomic sections, calls of a procedure that writes a global and whose
/// result goes to a global, and perhaps the error label.
fn concurrent_program() -> impl Strategy<Value = String> {
    let vars: Vec<String> = ["g0", "g1", "l"].iter().map(|s| s.to_string()).collect();
    let e = bool_expr(&vars, 1);
    let v = proptest::sample::select(vec!["g0", "g1", "l"]);
    let stmt = prop_oneof![
        4 => (v.clone(), e.clone()).prop_map(|(x, e)| format!("{x} := {e};")),
        1 => e.clone().prop_map(|e| format!("assume({e});")),
        1 => e.clone().prop_map(|e| format!("assert({e});")),
        1 => (v.clone(), e.clone()).prop_map(|(x, e)| format!("atomic_begin; {x} := {e}; assume({x}); atomic_end;")),
        1 => (v, e.clone()).prop_map(|(x, e)| format!("{x} := h({e});")),
    ];
    let body = (proptest::collection::vec(stmt, 1..5), proptest::option::of(e.clone()));
    let init = proptest::sample::select(vec!["g0, g1 := F, F;", "g0, g1 := T, F;", "g0 := *;"]);
    (init, 2usize..4, proptest::collection::vec(body, 3)).prop_map(|(init, threads, bodies)| {
        let mut text = format!(
            "decl super_atomic, atomic, g0, g1;\nvoid init() begin\n  super_atomic, atomic := F, F;\n  {init}\nend\n\
             bool h(a) begin\n  g1 := !g1;\n  return !a;\nend\n"
        );
        for (t, (stmts, error)) in bodies.into_iter().take(threads).enumerate() {
            let name = if t == 0 { "main".to_string() } else { format!("thread{t}") };
            text.push_str(&format!("void {name}() begin\n  decl l;\n  atomic := F;\n"));
            for s in stmts {
                text.push_str(&format!("  {s}\n"));
            }
            if let Some(c) = error {
                text.push_str(&format!("  if ({c}) then SLIC_ERROR: skip; fi\n"));
            }
            text.push_str("end\n");
        }
        text
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 120, .. ProptestConfig::default() })]

    /// Lal and Reps's reduction on the summary engine and the explicit interleaving baseline give
    /// the same verdict for the same bound (every failure is replayed on the interleaving
    /// semantics by `check`).
    #[test]
    fn random_concurrent_programs_agree_with_the_interleaving_baseline(text in concurrent_program(), k in 0u32..3) {
        let mut conc = read_concurrent(&text).map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
        boolprog::mark_error_label(&mut conc.program, None).unwrap();
        let base = bounded(&conc, k, Checker::Explicit);
        let reduced = bounded(&conc, k, Checker::Reduction(Mode::Patterns));
        if base != Bounded::Unknown && reduced != Bounded::Unknown {
            prop_assert_eq!(&reduced, &base, "{} switches\n{}", k, text);
        }
    }

    #[test]
    fn mutated_concurrent_programs_never_panic(cut in 0usize..1200, insert in "[ -~]{0,4}", which in 0usize..3) {
        let files = ["lock_atomic.bp", "interleaved_three.bp", "getafix_style.bp"];
        let text = std::fs::read_to_string(example(files[which])).unwrap();
        let at = cut.min(text.len());
        let at = (0..=at).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
        let mutated = format!("{}{}{}", &text[..at], insert, &text[at..]);
        let mut sources = SourceMap::new();
        let read = boolprog::read_any(&mut sources, "t.bp", mutated, Language::Bebop);
        if let Ok(boolprog::Loaded::Concurrent(mut conc)) = read
            && boolprog::mark_error_label(&mut conc.program, None).is_ok()
        {
            let _ = concurrent::check(&conc, 1, Checker::Reduction(Mode::Patterns), 2_000, 8);
            let _ = concurrent::check(&conc, 1, Checker::Explicit, 2_000, 8);
        }
    }
}

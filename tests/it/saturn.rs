//! Saturn (seed 001): the digest's test cases this slice covers (S1, S3, S4, S5), the
//! assertion checker's warnings (each confirmed by the interpreter, with its inputs), the
//! unrolling's reach and the unsound steps a run names, and the command line.

use craig::c::{DataModel, Integers, read_c_with};
use craig::hol::Obligation;
use craig::ir::Program;
use craig::saturn::assert::{self, Options, Replay};
use craig::saturn::guard::Guard;
use craig::saturn::{symbolic, unroll};
use craig::syntax::SourceMap;

fn lower(name: &str, text: &str) -> Program {
    let mut sources = SourceMap::new();
    let file = sources.add(name, None, text.to_string());
    let (program, diagnostics) =
        read_c_with(&mut sources, file, Integers::Machine, DataModel::Lp64);
    let mut program = program.unwrap_or_else(|| panic!("{name} lowers: {diagnostics:?}"));
    // SV-COMP's unreach-call: only the error location is decided.
    program.assume_checks_except(&[Obligation::ErrorUnreachable, Obligation::MemoryModel]);
    program
}

fn example(name: &str) -> Program {
    let path = format!("{}/examples/saturn/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"));
    lower(name, &text)
}

fn options(unroll: u32) -> Options {
    Options { unroll, ..Options::default() }
}

fn line_of(program: &Program, span: Option<craig::syntax::Span>, text: &str) -> usize {
    let _ = program;
    let span = span.expect("a check has a span");
    text[..span.start as usize].lines().count()
}

#[test]
fn s1_a_store_through_a_pointer_to_one_of_two_objects() {
    // S1: after `if (c) p = &x; else p = &y; *p = 3;`, `c => x == 3` and `!c => y == 3` hold
    // and `x == 3` fails exactly when c is false.
    let program = example("branch.c");
    let report = assert::check(&program, "main", options(2)).unwrap();
    assert_eq!(report.warnings.len(), 1, "{report:#?}");
    let w = &report.warnings[0];
    let text =
        std::fs::read_to_string(format!("{}/examples/saturn/branch.c", env!("CARGO_MANIFEST_DIR")))
            .unwrap();
    assert_eq!(line_of(&program, w.span, &text), 14);
    assert_eq!(w.check, Obligation::ErrorUnreachable);
    assert_eq!(w.inputs.len(), 1);
    assert_eq!(w.inputs[0].1, 0, "the model's c is false");
    assert_eq!(w.replay, Replay::Confirmed);
    assert!(report.unsound.loops_cut.is_empty());
}

#[test]
fn a_bug_on_the_second_iteration_needs_two_unrollings_and_the_cut_is_named() {
    let program = example("loop.c");
    let two = assert::check(&program, "main", options(2)).unwrap();
    assert_eq!(two.warnings.len(), 1);
    assert_eq!(two.warnings[0].inputs[0].1, 2, "n = 2 wraps 2 * 200 to 144");
    assert_eq!(two.warnings[0].replay, Replay::Confirmed);
    assert_eq!(two.unsound.loops_cut.len(), 1, "the loop is cut after two iterations");
    let one = assert::check(&program, "main", options(1)).unwrap();
    assert!(one.warnings.is_empty(), "one iteration cannot reach 144");
    assert_eq!(one.unsound.loops_cut.len(), 1);
}

const SLICED: &str = r#"
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int y;
  if (x) y = a; else y = b;
  ZBLOCK
  if (!(y < 5)) reach_error();
  return 0;
}
"#;

#[test]
fn s3_a_query_mentions_only_the_bits_it_depends_on() {
    // S3: `z` is computed and branched on between the assignment of y and the check of y;
    // the check's query has the same cone and the same input bits with and without it.
    let zblock = "unsigned int w = __VERIFIER_nondet_uint();\n  unsigned int z = w * 7u + (w >> 3);\n  if (z > 100u) z = 1u; else z = 2u;";
    let with_z = lower("with_z.c", &SLICED.replace("ZBLOCK", zblock));
    let without_z = lower("without_z.c", &SLICED.replace("ZBLOCK", ""));
    let cones_with = assert::cones(&with_z, "main", options(2)).unwrap();
    let cones_without = assert::cones(&without_z, "main", options(2)).unwrap();
    assert_eq!(cones_with.len(), 1);
    assert_eq!(cones_without.len(), 1);
    assert_eq!(cones_with[0].nodes, cones_without[0].nodes);
    assert_eq!(cones_with[0].support.len(), cones_without[0].support.len());
    // x, a and b: 32 bits each; none of w's.
    assert_eq!(cones_with[0].support.len(), 96);
    assert_eq!(cones_with[0].variables.len(), 3);
    let report = assert::check(&with_z, "main", options(2)).unwrap();
    assert_eq!(report.warnings.len(), 1);
    assert_eq!(report.warnings[0].replay, Replay::Confirmed);
}

#[test]
fn s4_the_guard_after_a_branch_is_exactly_true() {
    let program = lower(
        "join.c",
        "extern int __VERIFIER_nondet_int(void);\nint main(void) {\n  int c = __VERIFIER_nondet_int();\n  int x;\n  if (c) x = 1; else x = 2;\n  return x;\n}\n",
    );
    let main = program.find("main").unwrap();
    let graph = unroll::unroll(
        &program,
        main,
        unroll::UnrollOptions {
            keep: Default::default(),
            unroll: 2,
            inline_depth: 4,
            max_nodes: 10_000,
        },
    )
    .unwrap();
    let exec = symbolic::execute(&program, &graph, 64, &mut symbolic::Unknown).unwrap();
    assert_eq!(graph.exits.len(), 1);
    let exit = exec.states[graph.exits[0]].as_ref().expect("the exit is reached");
    assert_eq!(exit.guard, Guard::TRUE);
    assert_eq!(exec.guards.names(), 1, "one branch, one name");
}

#[test]
fn s5_casts_are_bit_exact() {
    let holds = lower(
        "casts.c",
        r#"
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  signed char c = (signed char)255;
  if (c != -1) reach_error();
  unsigned char u = (unsigned char)-1;
  if (u != 255) reach_error();
  short s = (short)70000;
  if (s != 4464) reach_error();
  int widened = (int)(signed char)0x80;
  if (widened != -128) reach_error();
  unsigned int zero_extended = (unsigned int)(unsigned char)0x80;
  if (zero_extended != 128u) reach_error();
  unsigned char v = __VERIFIER_nondet_uchar();
  signed char t = (signed char)v;
  if (v >= 128 && t >= 0) reach_error();
  return 0;
}
"#,
    );
    let report = assert::check(&holds, "main", options(2)).unwrap();
    assert!(report.warnings.is_empty(), "{:#?}", report.warnings);
    let fails = lower(
        "casts_fail.c",
        r#"
extern void reach_error(void);
extern unsigned char __VERIFIER_nondet_uchar(void);
int main(void) {
  unsigned char v = __VERIFIER_nondet_uchar();
  signed char t = (signed char)v;
  if (t == -3) reach_error();
  return 0;
}
"#,
    );
    let report = assert::check(&fails, "main", options(2)).unwrap();
    assert_eq!(report.warnings.len(), 1);
    assert_eq!(report.warnings[0].inputs[0].1, 253);
    assert_eq!(report.warnings[0].replay, Replay::Confirmed);
}

#[test]
fn calls_are_expanded_and_recursion_is_named_as_cut() {
    let program = lower(
        "calls.c",
        r#"
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int twice(int v) { return v + v; }
int down(int n) { if (n <= 0) return 0; return down(n - 1); }
int main(void) {
  int a = __VERIFIER_nondet_int();
  if (a > 1000 || a < -1000) return 0;
  if (twice(a) == 14) reach_error();
  int r = down(a);
  return r;
}
"#,
    );
    let report = assert::check(&program, "main", options(2)).unwrap();
    assert_eq!(report.warnings.len(), 1);
    assert_eq!(report.warnings[0].inputs[0].1, 7);
    assert_eq!(report.warnings[0].replay, Replay::Confirmed);
    assert!(report.unsound.calls_kept.iter().any(|(callee, _)| callee == "down"));
}

#[test]
fn a_run_is_the_same_every_time() {
    let program = example("loop.c");
    let a = assert::check(&program, "main", options(2)).unwrap();
    let b = assert::check(&program, "main", options(2)).unwrap();
    assert_eq!(a.stats, b.stats);
    assert_eq!(a.warnings[0].inputs, b.warnings[0].inputs);
}

#[test]
fn a_missing_function_is_refused_not_a_panic() {
    let program = example("loop.c");
    let err = assert::check(&program, "nothere", options(2)).unwrap_err();
    assert!(matches!(err, craig::saturn::SaturnError::Refused { .. }));
}

#[test]
fn the_command_line_names_its_unsound_steps() {
    let path = format!("{}/examples/saturn/loop.c", env!("CARGO_MANIFEST_DIR"));
    let args = craig::cli::saturn::Args {
        files: vec![path.into()],
        checker: craig::cli::saturn::Checker::Assert,
        function: "main".into(),
        unroll: Some(2),
        width: 130,
        max_nodes: 200_000,
        property: Some("unreach-call".into()),
        data_model: None,
        spec: None,
        stats: true,
        format: craig::cli::saturn::Format::Text,
        jobs: None,
        db: None,
        shard: None,
        merge: Vec::new(),
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = craig::cli::saturn::run(&args, &mut out, &mut err).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("loop.c:13:19: warning[assert]: the error location is reachable"),
        "{out}"
    );
    assert!(out.contains("confirmed: `craig run"), "{out}");
    assert!(out.contains("loop cut after the unrolling"), "{out}");
    assert!(out.contains("no warning is no proof of safety"), "{out}");
    assert!(out.contains("boolean DAG:"), "{out}");
}

/// The lock checker's cases S7 to S11 (`examples/saturn/locks.c`): Type A where a lock ends in
/// Error whatever its state on entry (twice, through an alias, and in the caller of a function
/// that takes the lock its caller holds), Type B where one kind of return leaves the lock in
/// two states, and no warning for a lock taken and released under the same condition or for a
/// trylock whose result says whether it is held.
#[test]
fn s7_to_s11_the_lock_checker_reports_type_a_and_type_b_where_the_paper_does() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_craig"))
        .args(["saturn", "examples/saturn/locks.c", "--checker", "lock"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("craig runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    let warnings: Vec<&str> = text.lines().filter(|l| l.contains("warning[lock]")).collect();
    let expected = [
        ("locks.c:23:3", "Type A in `alias`"),
        ("locks.c:29:3", "Type A in `twice`"),
        ("locks.c:34:3", "Type A in `sscape_start`"),
        ("locks.c:46:3", "Type B in `claim`"),
    ];
    assert_eq!(warnings.len(), expected.len(), "{text}");
    for ((at, what), line) in expected.iter().zip(&warnings) {
        assert!(line.contains(at) && line.contains(what), "{line} is not {at} {what}\n{text}");
    }
    for quiet in ["`guarded`", "`try_then_release`"] {
        assert!(!warnings.iter().any(|l| l.contains(quiet)), "{quiet} warned:\n{text}");
    }
    assert!(text.contains("4 warnings, 8 functions analysed, 0 failed"), "{text}");
    assert!(text.contains("no warning is no proof of safety"), "{text}");
}

#[test]
fn a_function_checked_on_its_own_takes_its_parameters_from_their_types() {
    // The front end states each parameter's machine range as a typing fact of its function:
    // `c` is an `unsigned char` and `p` a pointer (64 bits), so a model never gives them a
    // value their types cannot hold (the blasting width is 130 bits), and `c + 1000 < 0` can
    // never be met.
    let text = "extern void reach_error(void);\n\
                void check(unsigned char c, int *p, int n) {\n\
                  if (c > 250 && p != 0 && n < -5) reach_error();\n\
                  if (c + 1000 < 0) reach_error();\n\
                }\n\
                int main(void) { return 0; }\n";
    let program = lower("param.c", text);
    let check = program.procedure(program.find("check").unwrap());
    assert_eq!(check.assumes.len(), 3, "one range per parameter");
    let report = assert::check(&program, "check", options(2)).unwrap();
    assert_eq!(report.warnings.len(), 1, "{report:#?}");
    let w = &report.warnings[0];
    assert_eq!(w.replay, Replay::Confirmed);
    let value = |name: &str| w.inputs.iter().find(|(n, _)| n == name).unwrap().1.clone();
    assert!(value("c") > 250 && value("c") <= 255, "{:?}", w.inputs);
    assert!(value("p") > 0 && value("p") < rug::Integer::from(1u8) << 64u32, "{:?}", w.inputs);
    assert!(value("n") < -5 && value("n") >= i32::MIN, "{:?}", w.inputs);
    // Under --math-int arguments are not converted into the parameter's type: no range.
    let mut sources = SourceMap::new();
    let file = sources.add("param.c", None, text.to_string());
    let (math, _) = read_c_with(&mut sources, file, Integers::Mathematical, DataModel::Lp64);
    let math = math.unwrap();
    assert!(math.procedure(math.find("check").unwrap()).assumes.is_empty());
}

/// The leak checker's cases S12 to S26 (`examples/saturn/leaks.c`): a leak on an error path
/// and none once it frees (S12), none for a conditional free (S13) or a free exactly when the
/// pointer is not the stack buffer (S14), a new object stored through a local or into a new
/// object that is itself lost leaks, through a global or a parameter it does not (S15), a cycle
/// of two new objects leaks both (S16, the exclusion set), an allocator that also writes a
/// global (S17), a node inserted into a list (S18), a component's address returned (S21), and
/// leaks of what an allocator the caller calls returns (S22 to S24) while a component handed to
/// a global stack does not leak (S26). S25's false positive of the paper is gone: the callee is
/// expanded, so `r` is `t` whenever it is not null.
#[test]
fn s12_to_s26_the_leak_checker_reports_the_leaks_the_paper_does() {
    let run = |jobs: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_craig"))
            .args(["saturn", "examples/saturn/leaks.c", "--checker", "leak", "--jobs", jobs])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .output()
            .expect("craig runs")
    };
    let out = run("2");
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("loops unrolled 3 times"), "{text}");
    let warnings: Vec<&str> = text.lines().filter(|l| l.contains("warning[leak]")).collect();
    let expected = [
        ("leaks.c:13:12", "`s12_leak`"),
        ("leaks.c:45:12", "`s15_local`"),
        ("leaks.c:57:22", "`s15_new_object`"),
        ("leaks.c:58:13", "`s15_new_object`"),
        ("leaks.c:63:20", "`s16_cycle`"),
        ("leaks.c:65:13", "`s16_cycle`"),
        ("leaks.c:103:15", "`xstrdup` allocates at examples/saturn/leaks.c:97:15"),
        ("leaks.c:112:22", "`s24_callee_does_not_free`"),
        ("leaks.c:124:23", "`s23_wrapper`"),
    ];
    assert_eq!(warnings.len(), expected.len(), "{text}");
    for ((at, what), line) in expected.iter().zip(&warnings) {
        assert!(line.contains(at) && line.contains(what), "{line} is not {at} {what}\n{text}");
    }
    for quiet in [
        "`s12_fixed`",
        "`s13_free_if_not_null`",
        "`s14_fast_buffer`",
        "`s15_global`",
        "`s15_parameter`",
        "`s17_allocator`",
        "`s18_insert`",
        "`s21_allocator`",
        "`s25_bn_copy`",
        "`s26_push`",
    ] {
        assert!(!warnings.iter().any(|l| l.contains(quiet)), "{quiet} warned:\n{text}");
    }
    let allocators = text.lines().find(|l| l.starts_with("allocators inferred")).unwrap_or("");
    for allocator in ["`s17_allocator`", "`s21_allocator`", "`xstrdup`", "`get_longfilename`"] {
        assert!(allocators.contains(allocator), "{allocator} is an allocator:\n{text}");
    }
    for not_allocator in ["`s22_error_return`", "`bn_copy`", "`check_name`"] {
        assert!(!allocators.contains(not_allocator), "{not_allocator}:\n{text}");
    }
    assert!(text.contains("9 warnings, 24 functions analysed, 0 failed"), "{text}");
    assert!(text.contains("no warning is no proof of safety"), "{text}");
    // The same output on one thread.
    assert_eq!(String::from_utf8_lossy(&run("1").stdout), text);
}

/// Where a pointer from the environment is stored, read through or copied, the new object
/// escapes; the leak checker's non-aliasing assumption (the environment points to objects that
/// existed on entry, at an offset an object can have) is what keeps `q->data = malloc(...)`
/// with `q` read from a parameter's object from being taken for a store into the new object.
#[test]
fn the_leak_checker_gives_no_warning_where_the_object_escapes() {
    let text = "#include <stdlib.h>\n\
                struct node { struct node *next; int *data; };\n\
                int *g;\n\
                struct node *list;\n\
                void out_param(int **out) { *out = malloc(4); }\n\
                void through_field(struct node *p) { struct node *q = p->next; q->data = malloc(4); }\n\
                void to_global(void) { int *p = malloc(4); g = p; }\n\
                void loop_free(int n) { for (int i = 0; i < n; i++) { int *p = malloc(4); free(p); } }\n\
                void alias_free(void) { int *p = malloc(4); int *q = p; free(q); }\n\
                void push(struct node **head) { struct node *n = malloc(sizeof(struct node)); if (!n) return; n->next = *head; *head = n; }\n\
                void push_global(void) { struct node *n = malloc(sizeof(struct node)); if (!n) return; n->next = list; list = n; }\n\
                void loop_leak(int n) { for (int i = 0; i < n; i++) { int *p = malloc(4); if (i == 1) free(p); } }\n\
                int *interior(void) { int *p = malloc(8); if (!p) return 0; return p + 1; }\n\
                void overwrite(void) { g = malloc(4); g = 0; }\n\
                int main(void) { g = malloc(4); push_global(); return 0; }\n";
    let mut program = lower("escape.c", text);
    program.assume_checks_except(&[]);
    let mut run = craig::saturn::database::Run::without_database(1);
    let (results, _) = craig::saturn::database::check_leaks(&program, 3, 130, &mut run).unwrap();
    let mut leaking = Vec::new();
    for (name, result) in &results {
        let f = result.as_ref().unwrap_or_else(|e| panic!("{name} failed: {e}"));
        if !f.leaks.is_empty() {
            leaking.push(name.as_str());
        }
        if name == "interior" {
            assert!(f.allocator, "an interior pointer returned is still IsMalloc");
        }
        if name == "loop_leak" {
            assert_eq!(f.loops_cut, 1, "{f:?}");
        }
    }
    assert_eq!(leaking, ["loop_leak", "overwrite"], "{results:#?}");
}

/// Branch conditions in C's notation (what `guard` prints): C's operators and precedences,
/// and a negation pushed in where C has the opposite operator.
#[test]
fn conditions_are_written_in_c_notation() {
    use craig::ir::{Command, c_notation};
    let text = "extern int __VERIFIER_nondet_int(void);\n\
                int main(void) {\n\
                  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();\n\
                  if (a != 0 && b < 3) a = 1;\n\
                  if (!(a <= b) || a == -5) b = 2;\n\
                  if ((a + b) * 2 > 7 - b) b = 3;\n\
                  if (a / 2 % 3 == 1) b = 4;\n\
                  return b;\n\
                }\n";
    let program = lower("notation.c", text);
    let main = program.find("main").expect("main is lowered");
    let body = program.procedure(main).body.as_ref().expect("main has a body");
    let mut shown = Vec::new();
    for edge in &body.edges {
        if let Command::Assume { formula, .. } = &edge.command {
            shown.push(format!(
                "{} / {}",
                c_notation::show(&program, *formula),
                c_notation::show_negated(&program, *formula)
            ));
        }
    }
    let all = shown.join("\n");
    for expected in [
        "a != 0 && b < 3 / !(a != 0 && b < 3)",
        "a <= b / a > b",
        "a == -5 / a != -5",
        // The IR's `>` is a swapped `<`; a product of a sum keeps its parentheses.
        "7 - b < (a + b) * 2 / 7 - b >= (a + b) * 2",
        "-2147483648 <= (a + b) * 2 && (a + b) * 2 <= 2147483647 \
         / !(-2147483648 <= (a + b) * 2 && (a + b) * 2 <= 2147483647)",
        // C's `/` and `%` group from the left and truncate, as the IR's `div` and `mod` do.
        "a / 2 % 3 == 1 / a / 2 % 3 != 1",
    ] {
        assert!(shown.iter().any(|s| s == expected), "no `{expected}` in:\n{all}");
    }
    // Nothing of the IR's own notation is left.
    for ir in ["~", " & ", " | ", "-->", " div ", " mod ", "not ("] {
        assert!(!all.contains(ir), "`{ir}` in:\n{all}");
    }
}

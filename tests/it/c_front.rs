//! The C front end: the examples read without diagnostics; refused constructs and other errors
//! are reported at `file:line:col`, several per run; the IR listing has the expected shape
//! (checks as assert edges with their obligation, nondet as havoc, calls as call edges); the
//! IR interpreter runs programs to the expected outcome; and no input makes the parser or the
//! lowering panic.

use craig::c::{DataModel, Integers, read_c, read_c_with};
use craig::hol::Obligation;
use craig::ir::interpret::{Outcome, Value, run};
use craig::ir::{Program, print_procedure};
use craig::syntax::{FileId, SourceMap, render_all};
use proptest::prelude::*;

use crate::common::{failed, returned};

fn data(name: &str) -> String {
    let path = format!("{}/examples/c/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

/// Parses and lowers `text` as `t.c`: the program (if no errors) and the rendered diagnostics.
fn read(text: &str) -> (Option<Program>, String, SourceMap) {
    let mut sources = SourceMap::new();
    let file = sources.add("t.c", None, text.to_string());
    let (program, diagnostics) = read_c(&mut sources, file);
    let rendered = render_all(&diagnostics, &sources);
    (program, rendered, sources)
}

fn program(text: &str) -> (Program, SourceMap) {
    let (program, rendered, sources) = read(text);
    assert!(rendered.is_empty(), "unexpected diagnostics:\n{rendered}");
    (program.expect("a program without errors"), sources)
}

/// The first line of each error, `t.c:L:C: error: message`.
fn errors(text: &str) -> Vec<String> {
    let (program, rendered, _) = read(text);
    assert!(program.is_none(), "expected errors in:\n{text}");
    rendered.lines().filter(|l| l.starts_with("t.c:")).map(str::to_string).collect()
}

fn ints(values: &[i64]) -> Vec<rug::Integer> {
    values.iter().map(|&v| rug::Integer::from(v)).collect()
}

fn run_main(text: &str, inputs: &[i64], limit: usize) -> Outcome {
    let (p, _) = program(text);
    let main = p.find("main").expect("a main function");
    run(&p, main, &ints(inputs), limit)
}

const EXAMPLES: &[&str] = &[
    "array_safe.c",
    "array_unsafe.c",
    "counter_safe.c",
    "counter_unsafe.c",
    "deep_unsafe.c",
    "division_unsafe.c",
    "goto_safe.c",
    "nested_safe.c",
    "memory_use_after_free_unsafe.c",
    "memory_double_free_unsafe.c",
    "memory_leak_unsafe.c",
    "memory_bounds_unsafe.c",
    "memory_dangling_unsafe.c",
    "memory_pointers_safe.c",
];

// ------------------------------------------------------------------ reading

#[test]
fn every_example_reads_without_diagnostics_and_states_its_verdict() {
    for name in EXAMPLES {
        let text = data(name);
        let (program, rendered, _) = read(&text);
        assert!(rendered.is_empty(), "{name}:\n{rendered}");
        let program = program.unwrap();
        assert!(program.find("main").is_some(), "{name} has a main");
        let verdict = text.lines().next().unwrap_or("");
        assert!(
            verdict == "// verdict: safe" || verdict == "// verdict: unsafe",
            "{name} opens with its verdict: {verdict}"
        );
        // The SV-COMP functions craig knows are not procedures of the program.
        assert!(program.find("reach_error").is_none(), "{name}");
        assert!(program.find("__VERIFIER_nondet_int").is_none(), "{name}");
    }
}

#[test]
fn preprocessed_files_with_line_directives_and_library_declarations_read() {
    let text = "# 1 \"t.c\"\n# 1 \"<built-in>\" 1\ntypedef unsigned long size_t;\n\
                extern void *malloc(size_t size) __attribute__ ((__nothrow__));\n\
                extern int printf(const char *format, ...);\n\
                void reach_error() { ((void) sizeof ((0) ? 1 : 0), __extension__ ({ if (0) ; \
                else __assert_fail (\"0\", \"t.c\", 3, __extension__ __PRETTY_FUNCTION__); })); }\n\
                # 5 \"t.c\"\nint main() { int x = __VERIFIER_nondet_char(); \
                if (x > 200) reach_error(); return 0; }\n";
    let (p, _) = program(text);
    assert_eq!(p.procedures.len(), 1);
    assert_eq!(returned(&run(&p, p.find("main").unwrap(), &ints(&[5]), 100)), 0);
}

// ------------------------------------------------------------------ errors

#[test]
fn refused_constructs_are_named_where_they_stand() {
    let cases = [
        (
            "int main() { int (*p)[3]; return 0; }",
            "t.c:1:19: error: pointers to arrays and functions are not in craig's C subset",
        ),
        (
            "int main() { int x; int *y = &(x + 1); return 0; }",
            "t.c:1:30: error: taking the address of this expression is not in craig's C subset",
        ),
        ("int g; int main() { return *g; }", "t.c:1:29: error: `g` is not a pointer"),
        (
            "struct s { int a : 3; };\nint main() { struct s x; return 0; }",
            "t.c:1:20: error: bit-fields are not in craig's C subset",
        ),
        (
            "struct s { int a; } __attribute__((packed));\nint main() { struct s x; return 0; }",
            "t.c:1:21: error: `packed` and `aligned` structs are not in craig's C subset",
        ),
        (
            "union u { int a; char c; };\nint main() { union u x; x.a = 1; return x.c; }",
            "t.c:2:25: error: `union u` holds scalars of different types at one place: such \
             unions are not in craig's C subset",
        ),
        (
            "struct s { int a; };\nint f(int (*g)(struct s)) { return 0; }\nint main() { return f(0); }",
            "t.c:2:16: error: pointers to functions taking structs by value are not in craig's C \
             subset",
        ),
        (
            "struct s { int a; };\nint main() { struct s x, y; return x == y; }",
            "t.c:2:36: error: `x` is a struct: craig's C uses a struct's fields as values",
        ),
        (
            "int main() { double d = 1.5; return 0; }",
            "t.c:1:14: error: floating-point types are not in craig's C subset",
        ),
        (
            "int main() { return L\"s\"[0]; }",
            "t.c:1:21: error: wide strings and escapes past a byte are not in craig's C subset",
        ),
        (
            "int main() { char c[2] = \"abc\"; return 0; }",
            "t.c:1:26: error: a string of 3 characters does not fit an array of 2",
        ),
        (
            "int main() { int x = ({ 1; }); return 0; }",
            "t.c:1:22: error: a statement expression `({ ... })` used as a value is not in craig's C subset",
        ),
        (
            "int main() { int n = 3; int *p = calloc(n, 4); return 0; }",
            "t.c:1:34: error: `calloc` of a size craig cannot count: it zeroes objects of at most 256 bytes given by constants",
        ),
    ];
    for (text, expected) in cases {
        let errs = errors(text);
        assert_eq!(errs.first().map(String::as_str), Some(expected), "{text}: {errs:?}");
    }
}

#[test]
fn lowering_errors_name_the_problem() {
    let cases = [
        ("int main() { return f(1); }", "t.c:1:21: error: unknown function `f`"),
        (
            "int f(int a, ...);\nint main() { return f(1); }",
            "t.c:2:21: error: `f` is declared but not defined in this file",
        ),
        (
            "int f(int a) { return a; }\nint main() { return f(1, 2); }",
            "t.c:2:21: error: `f` takes 1 argument, not 2",
        ),
        (
            "int main() { int i = 0; return i + i++; }",
            "t.c:1:32: error: the order of evaluation of this expression is unspecified in C",
        ),
        // A variable in memory is memory: a write through a pointer to it, or to a field of a
        // struct, is unsequenced with a read of it by name.
        (
            "int g(int a, int b) { return a + b; }\nint main() { int x = 1; int *p = &x; return g(x, *p = 3); }",
            "t.c:2:45: error: the order of evaluation of this expression is unspecified in C",
        ),
        (
            "struct S { int x; };\nint f(struct S s, int y) { return s.x + y; }\nint main() { struct S s; s.x = 1; return f(s, s.x = 3); }",
            "t.c:3:42: error: the order of evaluation of this expression is unspecified in C",
        ),
        ("int main() { break; return 0; }", "t.c:1:14: error: `break` outside a loop"),
        (
            "int main() { goto out; return 0; }",
            "t.c:1:19: error: `goto out`: no label `out` in `main`",
        ),
        ("int main() { return y; }", "t.c:1:21: error: unknown variable `y`"),
        (
            "int a[3];\nint main() { return a; }",
            "t.c:2:21: error: `a` is an array: only its elements are values",
        ),
        (
            "int main() { int a[0]; return 0; }",
            "t.c:1:20: error: an array's size must be a positive constant",
        ),
        (
            "void f() {}\nint main() { return f(); }",
            "t.c:2:21: error: `f` returns void: it has no value",
        ),
    ];
    for (text, expected) in cases {
        let errs = errors(text);
        assert_eq!(errs.first().map(String::as_str), Some(expected), "{text}: {errs:?}");
    }
}

#[test]
fn errors_in_several_functions_are_all_reported() {
    let text = "int f() { int (*p)[2]; return 0; }\n\
                int g() { return 1 +; }\n\
                int h() { float x; return 0; }\n\
                int main() { return f() + h(); }\n";
    let errs = errors(text);
    assert_eq!(errs.len(), 3, "{errs:?}");
    assert!(errs[0].starts_with("t.c:1:16: error: pointers to arrays"), "{errs:?}");
    assert!(errs[1].starts_with("t.c:2:21: error: expected an expression, found `;`"), "{errs:?}");
    assert!(errs[2].starts_with("t.c:3:11: error: floating-point"), "{errs:?}");
}

#[test]
fn what_the_program_does_not_use_is_left_out_not_refused() {
    // Unused declarations of every kind craig cannot give a meaning to cost nothing.
    let text = "struct point { int x, y; };\n\
                typedef struct point point_t;\n\
                union u { int i; char c; };\n\
                extern double sqrt(double);\n\
                int (*shared)[2];\n\
                enum colour { RED, GREEN = 5, BLUE };\n\
                int uses_pointers() { int (*p)[2] = 0; return 0; }\n\
                int calls_it() { return uses_pointers(); }\n\
                int fine(int a) { return a + BLUE; }\n\
                int main() { return fine(GREEN); }\n";
    let (program, rendered, _) = read(text);
    let program = program.unwrap_or_else(|| panic!("the program reads:\n{rendered}"));
    let mut names: Vec<&str> = program.procedures.iter().map(|p| p.name.as_str()).collect();
    names.sort();
    assert_eq!(names, vec!["fine", "main"]);
    assert!(rendered.contains("t.c:7:5: warning: `uses_pointers` is left out"), "{rendered}");
    assert!(
        rendered.contains(
            "t.c:7:28: note: pointers to arrays and functions are not in craig's C subset"
        ),
        "{rendered}"
    );
    assert!(rendered.contains("t.c:8:5: warning: `calls_it` is left out"), "{rendered}");
    assert!(rendered.contains("it calls `uses_pointers`, which is left out"), "{rendered}");
    assert_eq!(returned(&run(&program, program.find("main").unwrap(), &[], 100)), 11);
    // A use is refused where it stands, naming what is used.
    let errs = errors("int (*shared)[2];\nint main() { return shared; }");
    assert_eq!(errs[0], "t.c:2:21: error: `shared` is a global craig cannot read");
    let errs = errors("typedef struct { int a : 1; } pair;\nint main() { pair p; return 0; }");
    assert_eq!(errs[0], "t.c:2:14: error: `pair` names a type that is not in craig's C subset");
}

#[test]
fn unterminated_comments_and_deep_nesting_are_diagnostics() {
    let errs = errors("int main() { /* open\n return 0; }");
    assert_eq!(errs, vec!["t.c:1:14: error: unterminated comment"]);
    let deep = format!("int main() {{ return {}1{}; }}", "(".repeat(5000), ")".repeat(5000));
    let errs = errors(&deep);
    assert!(errs[0].contains("nested too deeply"), "{errs:?}");
    let ifs = format!("int main() {{ {} return 0; }}", "if (1) ".repeat(5000));
    let errs = errors(&ifs);
    assert!(errs[0].contains("nested too deeply"), "{errs:?}");
    let long = format!("int main() {{ return {}1; }}", "1 + ".repeat(5000));
    let errs = errors(&long);
    assert!(errs[0].contains("expression too long"), "{errs:?}");
}

// ------------------------------------------------------------------ the IR

fn listing(text: &str, function: &str) -> String {
    let (p, sources) = program(text);
    let id = p.find(function).expect("the function");
    let locate = |span| sources.location(span);
    print_procedure(&p, p.procedure(id), &locate)
}

#[test]
fn checks_become_assert_edges_with_their_obligation_and_span() {
    let text = "int a[4];\n\
                int main() {\n  int i = __VERIFIER_nondet_int();\n  a[i] = 10 / i;\n  \
                assert(a[i] > 0);\n  if (i == 3) reach_error();\n  return 0;\n}\n";
    let ir = listing(text, "main");
    for expected in [
        "procedure main() returns (result: int)  -- t.c:2:5",
        "modifies a",
        "a := %i. 0; goto l2  -- t.c:1:5",
        "havoc tmp1; goto",
        "assume - 2147483648 <= tmp1 & tmp1 <= 2147483647",
        "assert 0 <= i & i < 4  [array bound: `i` is within the 4 elements of `a`]",
        "assert i ~= 0  [division by zero: `i` is not zero]; goto l7  -- t.c:4:15",
        "a := a(i := 10 div i)",
        "[assertion: `a[i] > 0` holds]; goto l10  -- t.c:5:3",
        "assert False  [error location unreachable: `reach_error` is unreachable]; goto l14  -- t.c:6:15",
    ] {
        assert!(ir.contains(expected), "missing `{expected}` in:\n{ir}");
    }
}

#[test]
fn calls_stay_call_edges_and_nondet_is_havoc() {
    let text = "int g;\nint inc(int x) { g = g + 1; return x + 1; }\n\
                int main() { int y = inc(__VERIFIER_nondet_int()); inc(y); return y; }\n";
    let ir = listing(text, "main");
    assert!(ir.contains("tmp2 := call inc(tmp1)"), "{ir}");
    assert!(ir.contains("call inc(y); goto"), "{ir}");
    let inc = listing(text, "inc");
    assert!(inc.contains("procedure inc(x: int) returns (result: int)"), "{inc}");
    assert!(inc.contains("modifies g"), "{inc}");
    assert!(inc.contains("result := x + 1"), "{inc}");
}

#[test]
fn short_circuit_with_effects_becomes_branches_and_pure_stays_a_term() {
    let pure = listing(
        "int main() { int x = 1; int y = 2; if (x > 0 && y > 0) return 1; return 0; }",
        "main",
    );
    assert!(pure.contains("assume 0 < x & 0 < y"), "{pure}");
    let effects = listing(
        "int main() { int a[2]; int i = __VERIFIER_nondet_int(); \
         if (i < 2 && a[i] == 0) return 1; return 0; }",
        "main",
    );
    // The bound check happens only when `i < 2` held.
    assert!(effects.contains("assume i < 2"), "{effects}");
    assert!(effects.contains("assume ~ i < 2"), "{effects}");
    assert!(effects.contains("[array bound"), "{effects}");
}

#[test]
fn goto_targets_closing_loops_are_loop_heads() {
    let ir = listing("int main() { int x = 3; top: x--; if (x > 0) goto top; return x; }", "main");
    assert!(ir.contains("(loop head)"), "{ir}");
}

// ------------------------------------------------------------------ the interpreter

#[test]
fn the_examples_run_to_their_expected_outcomes() {
    let counter = data("counter_safe.c");
    assert_eq!(returned(&run_main(&counter, &[5], 10_000)), 0);
    assert!(matches!(run_main(&counter, &[], 10_000), Outcome::OutOfInputs { .. }));
    assert!(matches!(run_main(&counter, &[1000], 100), Outcome::StepLimit { steps: 100 }));

    let unsafe_counter = data("counter_unsafe.c");
    assert_eq!(failed(&run_main(&unsafe_counter, &[3], 10_000)), Obligation::ErrorUnreachable);

    let nested = data("nested_safe.c");
    assert_eq!(returned(&run_main(&nested, &[3, 4], 10_000)), 0);
    assert!(matches!(run_main(&nested, &[30, 1], 10_000), Outcome::Blocked { .. }));

    assert_eq!(returned(&run_main(&data("array_safe.c"), &[7], 10_000)), 0);
    assert_eq!(failed(&run_main(&data("array_unsafe.c"), &[], 10_000)), Obligation::ArrayBound);
    assert_eq!(
        failed(&run_main(&data("division_unsafe.c"), &[], 10_000)),
        Obligation::DivisionByZero
    );
    let goto = data("goto_safe.c");
    assert_eq!(returned(&run_main(&goto, &[5], 10_000)), 0);
    assert_eq!(returned(&run_main(&goto, &[-3], 10_000)), 0);

    let deep = data("deep_unsafe.c");
    assert_eq!(returned(&run_main(&deep, &[1, 1, 0], 10_000)), 0);
    let mut fifty = vec![1; 50];
    fifty.push(0);
    match run_main(&deep, &fifty, 100_000) {
        Outcome::AssertionFailed { obligation, trace, .. } => {
            assert_eq!(obligation, Obligation::ErrorUnreachable);
            assert!(trace.len() > 500, "a deep trace: {} steps", trace.len());
        }
        other => panic!("expected the error location, got {other:?}"),
    }
}

#[test]
fn c_semantics_of_values() {
    // `_Bool` stores convert to 0 or 1; division truncates toward zero; `%` has the sign of
    // the dividend; post- and pre-increment give the old and new value.
    assert_eq!(returned(&run_main("int main() { _Bool b = 5; return b; }", &[], 100)), 1);
    assert_eq!(returned(&run_main("int main() { return -7 / 2; }", &[], 100)), -3);
    assert_eq!(returned(&run_main("int main() { return -7 % 2; }", &[], 100)), -1);
    let steps = "int main() { int i = 0; int j = i++; int k = ++i; return j * 10 + k; }";
    assert_eq!(returned(&run_main(steps, &[], 100)), 2);
    let cond = "int main() { int x = 0; int y = x > 0 ? 10 / x : -1; return y; }";
    assert_eq!(returned(&run_main(cond, &[], 100)), -1);
    let arrays = "int a[3] = {1, 2};\nint main() { a[2] += a[0] + a[1]; return a[2] * (!a[1]); }";
    assert_eq!(returned(&run_main(arrays, &[], 100)), 0);
    let loops = "int main() { int s = 0; int i = 0; do { i++; if (i == 2) continue; \
                 if (i > 4) break; s += i; } while (i < 10); return s; }";
    assert_eq!(returned(&run_main(loops, &[], 1000)), 1 + 3 + 4);
}

#[test]
fn multi_dimensional_arrays_are_their_elements_in_row_order() {
    // a[i][j] is element i * 4 + j; braced rows are padded with zeros; scalars outside
    // braces fill the elements in order; a first dimension left out is what the list fills.
    let filled = "int main() { int a[3][4]; for (int i = 0; i < 3; i++) for (int j = 0; j < 4; j++)\n\
                  a[i][j] = i * 10 + j; return a[2][3] * 100 + a[1][0]; }";
    assert_eq!(returned(&run_main(filled, &[], 1000)), 2310);
    let braced = "int g[2][3] = {{1, 2, 3}, {4}};\n\
                  int main() { return g[0][2] * 100 + g[1][0] * 10 + g[1][2]; }";
    assert_eq!(returned(&run_main(braced, &[], 100)), 340);
    let elided =
        "int main() { int b[][2] = {1, 2, 3}; return sizeof(b) + b[1][0] * 100 + b[1][1]; }";
    assert_eq!(returned(&run_main(elided, &[], 100)), 316);
    let cube = "int main() { static int c[2][2][2] = {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}};\n\
                c[1][1][0] += 1; return c[1][0][1] * 10 + c[1][1][0]; }";
    assert_eq!(returned(&run_main(cube, &[], 100)), 68);
    // The index is checked against the whole array.
    let outside = "int main() { int a[2][3]; int n = 2; a[n][0] = 1; return 0; }";
    assert!(matches!(run_main(outside, &[], 100), Outcome::AssertionFailed { .. }));
    // A row of one dimension is the pointer to its first element; the array, or a row of
    // several dimensions, is a pointer to an array, kept only where it is converted (passed,
    // assigned, cast); `sizeof` of a row is the row's.
    let rows = "int m[3][4];\n\
                void fill(int (*a)[4], int n) { for (int i = 0; i < n; i++)\n\
                for (int j = 0; j < 4; j++) a[i][j] = i * 10 + j; }\n\
                int last(int a[][2][2]) { return a[1][1][1]; }\n\
                int sum(int *r) { return r[0] + r[1] + r[2] + r[3]; }\n\
                int main() { int c[2][2][2] = {{{1, 2}, {3, 4}}, {{5, 6}, {7, 8}}};\n\
                fill(m, 3); int *q = m[2]; int *p = m; int *k = c[1][0];\n\
                return sum(m[1]) * 10000 + q[3] * 100 + p[5] + *(m[1] + 2) * 1000000\n\
                + (sizeof m[0] == 16 && sizeof c[1] == 16 && sizeof m == 48 && sizeof c[0][0][0] == 4)\n\
                + last(c) * 100000000 + k[1] * 1000; }";
    assert_eq!(returned(&run_main(rows, &[], 5000)), 812_468_312);
    // Fields: indexed by rows, their braced initialisers read as their elements in order, in
    // structs at any depth.
    let fields = "struct S { int g[2][3]; int k; };\n\
                  struct W { struct S s[2]; int tag; };\n\
                  struct W w = {{{{{1, 2}, {4}}, 7}, {.k = 9, .g = {{0, 0, 5}}}}, 'x'};\n\
                  int total(int (*r)[3]) { return r[1][2] + r[0][0]; }\n\
                  int main() { struct S t = {{1, 2, 3, 4}, 8}; struct S *p = &t;\n\
                  p->g[1][2] = 6; int *row = w.s[1].g[0];\n\
                  return w.s[0].g[0][1] * 1000000 + w.s[0].g[1][0] * 100000 + row[2] * 10000\n\
                  + total(p->g) * 100 + w.s[1].k * 10 + (sizeof t.g[1] == 12 && sizeof w.s[0].g == 24); }";
    assert_eq!(returned(&run_main(fields, &[], 1000)), 2_450_791);
    // A pointer to an array stepped or dereferenced would move by one element: refused.
    for (text, expected) in [
        (
            "int main() { int a[2][3]; int *p = a + 1; return 0; }",
            "t.c:1:36: error: a multi-dimensional array, or a row of several dimensions of one, used as a value (a pointer to an array) is not in craig's C subset",
        ),
        (
            "int a[5];\nint main() { int *p = (int *)(&a + 1); return p - a; }",
            "t.c:2:31: error: `&a` is the address of a whole array (a pointer to an array): stepping, subtracting, dereferencing or indexing it is not in craig's C subset",
        ),
        (
            "int a[5];\nint main() { int *p = *&a; return p[4]; }",
            "t.c:2:24: error: `&a` is the address of a whole array (a pointer to an array): stepping, subtracting, dereferencing or indexing it is not in craig's C subset",
        ),
        (
            "int main() { int a[2][2] = {{1, 2, 3}}; return 0; }",
            "t.c:1:29: error: a row of 3 elements where a row has 2",
        ),
        (
            "struct s { int m[2][2]; };\nstruct t { int m[4]; };\n\
             int main() { struct t v; v.m[0] = 1; return 0; }",
            "t.c:3:28: error: a field that is a multi-dimensional array in one struct and of another shape in another, indexed or used as a value, is not in craig's C subset",
        ),
        (
            "typedef int row[2][2];\nint main() { row r; return 0; }",
            "t.c:2:14: error: `row` names a type that is not in craig's C subset",
        ),
    ] {
        let errs = errors(text);
        assert_eq!(errs.first().map(String::as_str), Some(expected), "{text}: {errs:?}");
    }
}

#[test]
fn switch_means_what_c_says() {
    // Fallthrough, `default` in the middle, `break` out of the switch, `continue` of the loop
    // around it, a case label inside a nested block, and a GNU case range.
    let text = "int classify(int x) {\n\
                  int r = 0;\n\
                  switch (x) {\n\
                    case 1: r += 1;\n\
                    case 2: r += 10; break;\n\
                    default: r = -1;\n\
                    case 3: { r += 100; }\n\
                    break;\n\
                    case 4 ... 6: if (x == 5) { case 9: r = 9; } break;\n\
                  }\n\
                  return r;\n\
                }\n\
                int main() {\n\
                  int sum = 0;\n\
                  for (int i = 0; i < 4; i++) {\n\
                    switch (i) { case 2: continue; default: break; }\n\
                    sum += i;\n\
                  }\n\
                  return sum;\n\
                }\n";
    let (p, _) = program(text);
    let classify = p.find("classify").unwrap();
    let cases = [(1, 11), (2, 10), (3, 100), (7, 99), (4, 0), (5, 9), (9, 9)];
    for (input, expected) in cases {
        let outcome = run(&p, classify, &ints(&[input]), 1000);
        assert_eq!(returned(&outcome), expected, "classify({input})");
    }
    assert_eq!(returned(&run(&p, p.find("main").unwrap(), &[], 1000)), 1 + 3);
}

#[test]
fn headers_are_read_through_the_preprocessor() {
    let text = "#include <assert.h>\n#include <stdlib.h>\n#include <limits.h>\n\
                #define N 3\n\
                extern int __VERIFIER_nondet_int(void);\n\
                int main() {\n\
                  int x = __VERIFIER_nondet_int();\n\
                  if (x < 0 || x > INT_MAX - N) abort();\n\
                  assert(x + N > x);\n\
                  return x + N;\n\
                }\n";
    let (p, _) = program(text);
    assert_eq!(returned(&run(&p, p.find("main").unwrap(), &ints(&[4]), 1000)), 7);
    // A refusal points into the user's lines, not into the preprocessor's output.
    let errs = errors(
        "#include <stdlib.h>\n#define M 2\nint main() {\n  int (*p)[M] = malloc(M);\n  return 0;\n}\n",
    );
    assert_eq!(
        errs[0],
        "t.c:4:8: error: pointers to arrays and functions are not in craig's C subset"
    );
    let errs = errors("#include \"no-such-header.h\"\nint main() { return 0; }\n");
    assert!(errs[0].starts_with("t.c:1:10: error: preprocessor: no-such-header.h"), "{errs:?}");
}

#[test]
fn calls_are_inlined_and_recursion_runs() {
    let fib = "int fib(int n) { if (n < 2) return n; return fib(n - 1) + fib(n - 2); }\n\
               int main() { return fib(10); }";
    assert_eq!(returned(&run_main(fib, &[], 100_000)), 55);
    let globals = "int count;\nvoid tick() { count++; }\n\
                   int main() { for (int i = 0; i < 3; i++) tick(); return count; }";
    let outcome = run_main(globals, &[], 1000);
    assert_eq!(returned(&outcome), 3);
    match outcome {
        Outcome::Completed { globals, .. } => {
            assert_eq!(globals, vec![("count".to_string(), Value::Int(3.into()))]);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn nondet_values_are_checked_against_their_type() {
    let text = "int main() { unsigned char c = __VERIFIER_nondet_uchar(); return c; }";
    assert_eq!(returned(&run_main(text, &[200], 100)), 200);
    assert!(matches!(run_main(text, &[300], 100), Outcome::Blocked { .. }));
    let assume = "int main() { int x = __VERIFIER_nondet_int(); __VERIFIER_assume(x > 5); \
                  abort(); return x; }";
    assert!(matches!(run_main(assume, &[3], 100), Outcome::Blocked { .. }));
}

// ------------------------------------------------------------------ no input panics

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        let mut sources = SourceMap::new();
        let file = sources.add("t.c", None, text);
        let _ = read_c(&mut sources, file);
    }

    #[test]
    fn c_like_text_never_panics(
        text in "(int|x|a|\\[|\\]|\\{|\\}|\\(|\\)|;|=|\\+|\\+\\+|-|/|%|\\*|&|&&|\\|\\||!|\\?|:|,|0|7|if|else|while|for|do|goto|L|break|continue|return|main|f|__VERIFIER_nondet_int|reach_error|assert|struct|union|\\.|->|#|/\\*|\\*/|\"|'|\n| )*"
    ) {
        let mut sources = SourceMap::new();
        let file = sources.add("t.c", None, text);
        let _ = read_c(&mut sources, file);
    }

    #[test]
    fn mutated_examples_never_panic(
        which in 0usize..8,
        start in 0usize..2_000,
        len in 0usize..60,
        insert in "\\PC{0,12}",
        mode in 0u8..3,
    ) {
        let text = data(EXAMPLES[which]);
        let mut start = start % text.len();
        while !text.is_char_boundary(start) { start -= 1; }
        let mut end = (start + len).min(text.len());
        while !text.is_char_boundary(end) { end -= 1; }
        let mutated = match mode {
            0 => format!("{}{}", &text[..start], &text[end..]),
            1 => format!("{}{}{}", &text[..start], insert, &text[start..]),
            _ => format!("{}{}{}", &text[..start], insert, &text[end..]),
        };
        let mut sources = SourceMap::new();
        let file = sources.add("t.c", None, mutated);
        if let (Some(p), _) = read_c(&mut sources, file) {
            // Whatever still reads also runs without panicking.
            if let Some(main) = p.find("main") {
                let _ = run(&p, main, &ints(&[1, 2, 3]), 2_000);
            }
        }
    }
}

/// A preprocessed `.i` file as SV-COMP's are: this machine's C library headers with a program
/// after them, made by gcc (which every machine that builds craig has: GMP is built with it).
fn preprocessed_task() -> Option<&'static str> {
    static TASK: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    TASK.get_or_init(|| {
        let program = "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\
                       #include <assert.h>\nextern int __VERIFIER_nondet_int(void);\n\
                       int main() { int x = __VERIFIER_nondet_int(); int s = 0;\n\
                       for (int i = 0; i < x && i < 5; i++) s += i;\n\
                       assert(s <= 10); return 0; }\n";
        let dir = std::env::temp_dir().join(format!("craig-i-{}", std::process::id()));
        std::fs::create_dir_all(&dir).ok()?;
        let source = dir.join("task.c");
        std::fs::write(&source, program).ok()?;
        let output = std::process::Command::new("gcc").arg("-E").arg(&source).output().ok();
        let _ = std::fs::remove_dir_all(&dir);
        let output = output.filter(|o| o.status.success())?;
        String::from_utf8(output.stdout).ok()
    })
    .as_deref()
}

#[test]
fn a_preprocessed_task_reads_and_its_headers_cost_nothing() {
    let text = preprocessed_task().expect("gcc preprocesses a program with glibc's headers");
    let mut sources = SourceMap::new();
    let file = sources.add("task.i", None, text.to_string());
    let (program, diagnostics) = read_c(&mut sources, file);
    let rendered = render_all(&diagnostics, &sources);
    let program = program.unwrap_or_else(|| panic!("task.i reads:\n{rendered}"));
    assert!(!rendered.contains("error"), "{rendered}");
    let names: Vec<&str> = program.procedures.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, vec!["main"]);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn truncated_and_mutated_preprocessed_files_never_panic(
        at in 0.0f64..1.0,
        len in 0usize..40,
        insert in "(\\PC{0,8}|\\{|\\}|\\(|;|typedef|struct|\\*|#)",
        mode in 0u8..3,
    ) {
        let text = preprocessed_task().expect("gcc preprocesses a program with glibc's headers");
        let mut start = ((text.len() as f64) * at) as usize;
        while !text.is_char_boundary(start) { start -= 1; }
        let mut end = (start + len).min(text.len());
        while !text.is_char_boundary(end) { end -= 1; }
        let mutated = match mode {
            0 => text[..start].to_string(),
            1 => format!("{}{}{}", &text[..start], insert, &text[start..]),
            _ => format!("{}{}{}", &text[..start], insert, &text[end..]),
        };
        let mut sources = SourceMap::new();
        let file = sources.add("task.i", None, mutated);
        let _ = read_c(&mut sources, file);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    /// Task definitions and property texts, random or cut short, are read or refused, never a
    /// crash.
    #[test]
    fn task_and_property_readers_never_panic(
        text in "(format_version: '2.0'\n|input_files: 't.c'\n|properties:\n|  - property_file: x.prp\n|    expected_verdict: (true|false)\n|\\[|\\]|\\{|\\}|-|:|'|\"|&a|\\*a|!!int|\n|  |\\PC)*",
        cut in 0.0f64..1.0,
    ) {
        let mut end = ((text.len() as f64) * cut) as usize;
        while !text.is_char_boundary(end) { end -= 1; }
        let dir = std::env::temp_dir().join(format!("craig-yml-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("t.yml");
        for text in [&text[..], &text[..end]] {
            std::fs::write(&path, text).unwrap();
            let _ = craig::c::task::read_task(&path);
            let _ = craig::c::task::Property::parse(text);
        }
    }
}

#[test]
fn deeply_nested_task_files_are_refused_not_a_crash() {
    let dir = std::env::temp_dir().join(format!("craig-yml-deep-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("deep.yml");
    std::fs::write(&path, format!("input_files: {}x{}", "[".repeat(100_000), "]".repeat(100_000)))
        .unwrap();
    assert!(craig::c::task::read_task(&path).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn file_ids_point_into_the_right_file() {
    let mut sources = SourceMap::new();
    let _other = sources.add("other.c", None, "int x;".into());
    let file = sources.add("t.c", None, "int main() { return *0; }".into());
    assert_eq!(file, FileId(1));
    let (_, diagnostics) = read_c(&mut sources, file);
    assert!(
        render_all(&diagnostics, &sources).starts_with("t.c:1:22: error: `0` is not a pointer")
    );
}

// ------------------------------------------------------------------ the command line

fn command(args: &[&str]) -> (u8, String, String) {
    use clap::Parser as _;
    #[derive(clap::Parser)]
    enum Cli {
        Run(craig::cli::run::Args),
        Ir(craig::cli::ir::Args),
        Cegar(craig::cli::cegar::Args),
    }
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = match Cli::parse_from(std::iter::once("craig").chain(args.iter().copied())) {
        Cli::Run(a) => craig::cli::run::run(&a, &mut out, &mut err),
        Cli::Ir(a) => craig::cli::ir::run(&a, &mut out, &mut err),
        Cli::Cegar(a) => craig::cli::cegar::run(&a, &mut out, &mut err),
    };
    let code = code.unwrap_or_else(|e| e.exit_code());
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

#[test]
fn craig_run_prints_the_outcome_with_a_distinct_exit_code() {
    let dir = format!("{}/examples/c", env!("CARGO_MANIFEST_DIR"));
    let (code, out, _) = command(&["run", &format!("{dir}/counter_unsafe.c"), "--inputs", "3"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("the error location is reachable (`reach_error` is called)\n  at "),
        "{out}"
    );
    assert!(out.contains("counter_unsafe.c:15:5 in main"), "{out}");
    let assertion = std::env::temp_dir().join(format!("craig-run-{}.c", std::process::id()));
    std::fs::write(&assertion, "int main() { int i = 10; i++; assert(i == 12); return 0; }\n")
        .unwrap();
    let (code, out, _) = command(&["run", &assertion.display().to_string()]);
    let _ = std::fs::remove_file(&assertion);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("assertion `i == 12` fails\n  at "), "{out}");
    let (code, out, _) =
        command(&["run", &format!("{dir}/deep_unsafe.c"), "--inputs", "1,-1", "--steps", "1000"]);
    assert_eq!((code, out.as_str()), (0, "completed after 25 steps, 2 inputs used; returned 0\n"));
    let (code, out, _) = command(&["run", &format!("{dir}/counter_safe.c")]);
    assert_eq!(code, 3, "{out}");
    assert!(out.starts_with("out of inputs"), "{out}");
    let (code, _, err) = command(&["run", &format!("{dir}/missing.c")]);
    assert_eq!(code, 2, "{err}");
    let (code, out, _) = command(&["ir", &format!("{dir}/array_unsafe.c"), "main"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("procedure main() returns (result: int)"), "{out}");
}

#[test]
fn sv_comp_tasks_decide_their_property_and_assume_the_other_checks() {
    let dir = std::env::temp_dir().join(format!("craig-task-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // An out-of-bounds store (not the property) before a loop whose assertion holds, and
    // glibc's `__assert_fail` reached only through `reach_error`'s definition.
    let program = "extern void abort(void);\n\
                   extern void __assert_fail(const char *, const char *, unsigned int, const char *);\n\
                   void reach_error() { __assert_fail(\"0\", \"t.c\", 3, \"reach_error\"); }\n\
                   extern int __VERIFIER_nondet_int(void);\n\
                   void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error();abort();} } }\n\
                   int a[5];\n\
                   int main() { int i = __VERIFIER_nondet_int(); a[i] = 1;\n\
                   int n = 0; for (int k = 0; k < 3; k++) n += 2; __VERIFIER_assert(n == 6); return 0; }\n";
    std::fs::write(dir.join("t.c"), program).unwrap();
    let task = "format_version: '2.0'\ninput_files: 't.c'\nproperties:\n  \
                - property_file: ../properties/unreach-call.prp\n    expected_verdict: true\n  \
                - property_file: ../properties/valid-memsafety.prp\n    expected_verdict: false\n\
                options:\n  language: C\n  data_model: ILP32\n";
    std::fs::write(dir.join("t.yml"), task).unwrap();
    let yml = dir.join("t.yml").display().to_string();
    let c = dir.join("t.c").display().to_string();
    let (code, out, err) = command(&["cegar", &yml]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.starts_with("SAFE\n"), "{out}");
    // The task's data model is the one the file is read for, and the answer says so.
    assert!(out.contains("machine integers (ILP32: "), "{out}");
    assert!(
        out.contains(
            "property unreach-call: only calls of `reach_error` are decided; other checks \
                      are assumed, the task expects true"
        ),
        "{out}"
    );
    // Without a property every check is decided: the store is out of bounds for i = 5.
    let (code, out, _) = command(&["cegar", &c]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("the array bound check"), "{out}");
    let (code, out, _) = command(&["cegar", &c, "--property", "unreach-call"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("machine integers (LP64: "), "{out}");
    // Memory safety counts the out-of-bounds store, as the task expects.
    let (code, out, _) = command(&["cegar", &yml, "--property", "valid-memsafety"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("the array bound check"), "{out}");
    assert!(out.contains("the task expects false"), "{out}");
    // A property craig does not decide yet is an honest UNKNOWN.
    let (code, out, _) = command(&["cegar", &c, "--property", "no-data-race"]);
    assert_eq!(code, 3, "{out}");
    assert!(out.starts_with("UNKNOWN: craig does not decide the property `no-data-race` yet"));
    // Termination is decided, but the out-of-bounds store is undefined behaviour, after which a
    // run need not end.
    let (code, out, _) = command(&["cegar", &c, "--property", "termination"]);
    assert_eq!(code, 3, "{out}");
    assert!(out.starts_with("UNKNOWN: a run has undefined behaviour"), "{out}");
    // A task that is not YAML is refused with where.
    std::fs::write(dir.join("bad.yml"), "input_files: [unclosed\n").unwrap();
    let bad = dir.join("bad.yml").display().to_string();
    let (code, _, _) = command(&["cegar", &bad]);
    assert_eq!(code, 2);
    let refusal = craig::c::task::read_task(&dir.join("bad.yml")).unwrap_err().to_string();
    assert!(refusal.contains("bad.yml:2:1: "), "{refusal}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The value `craig run --function f` reports for a C file's `long f(void)`.
fn craig_value(path: &str) -> String {
    let (code, out, err) = command(&["run", path, "--function", "f"]);
    assert_eq!(code, 0, "{path}: {out}{err}");
    out.trim_end().rsplit("returned ").next().unwrap_or_default().to_string()
}

#[test]
fn machine_integers_wrap_convert_and_shift_as_c_does() {
    let dir = std::env::temp_dir().join(format!("craig-machine-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        // Unsigned arithmetic wraps around; a byte keeps the low eight bits.
        ("unsigned x = 0; x = x - 1; return x;", "4294967295"),
        ("unsigned char c = 250; c += 10; return c;", "4"),
        ("unsigned long u = 0; u--; return u == 18446744073709551615ul;", "1"),
        // Conversions: -1 is the largest unsigned value, 200 is -56 in a signed char, and the
        // usual arithmetic conversions make `-1 < 1u` false.
        ("int m = -1; unsigned u = m; return u;", "4294967295"),
        ("signed char s = 200; return s;", "-56"),
        ("return -1 < 1u;", "0"),
        ("return -1L < 1u;", "1"),
        // Shifts, masks and complements.
        ("unsigned x = 0x80000001u; return (x << 1) + (x >> 31);", "3"),
        ("int n = -7; return n >> 1;", "-4"),
        ("unsigned x = 0xABCDu; return (x & 0xF0u) | (x ^ 0xFFu);", "44018"),
        (
            "unsigned char a = 0x5A; unsigned char b = 0x0F; return (a & b) + (a | b) + (a ^ b);",
            "190",
        ),
        ("return ~0u;", "4294967295"),
        ("unsigned short h = 65535; h++; return h;", "0"),
        ("return 7 / -2 + 7 % -2;", "-2"),
    ];
    for (k, (body, expected)) in cases.iter().enumerate() {
        let path = dir.join(format!("case{k}.c"));
        std::fs::write(
            &path,
            format!("long f(void) {{ {body} }}\nint main(void) {{ return 0; }}\n"),
        )
        .unwrap();
        assert_eq!(craig_value(&path.display().to_string()), *expected, "{body}");
    }
    // A signed overflow is a failed check when the program runs.
    let path = dir.join("overflow.c");
    std::fs::write(&path, "int main(void) { int x = 2147483647; x = x + 1; return 0; }\n").unwrap();
    let (code, out, _) = command(&["run", &path.display().to_string()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.starts_with("the signed overflow check (`x + 1` does not overflow `int`) fails"),
        "{out}"
    );
    // Under --math-int nothing overflows and nothing wraps.
    let (code, out, _) = command(&["run", "--math-int", &path.display().to_string()]);
    assert_eq!(code, 0, "{out}");
    let wrap = dir.join("wrap.c");
    std::fs::write(
        &wrap,
        "long f(void) { unsigned x = 0; x = x - 1; return x; }\nint main(void) { return 0; }\n",
    )
    .unwrap();
    let (code, out, _) =
        command(&["run", "--math-int", &wrap.display().to_string(), "--function", "f"]);
    assert_eq!((code, out.trim_end().rsplit("returned ").next()), (0, Some("-1")), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A deterministic generator of C expressions without undefined behaviour: unsigned
/// arithmetic (operands cast to `unsigned` or `unsigned long`), conversions to every integer
/// type, comparisons across signedness, bitwise operators, shifts by literal amounts, division
/// by an odd (never zero) divisor.
struct ExpressionGenerator {
    state: u64,
}

impl ExpressionGenerator {
    fn next(&mut self, bound: u64) -> u64 {
        // xorshift64*: fixed seed, same expressions on every run.
        self.state ^= self.state >> 12;
        self.state ^= self.state << 25;
        self.state ^= self.state >> 27;
        (self.state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) % bound
    }

    fn expression(&mut self, depth: u32) -> String {
        const VARIABLES: [&str; 8] = ["a", "b", "c", "d", "e", "g", "h", "i"];
        const TYPES: [&str; 8] = [
            "unsigned char",
            "signed char",
            "unsigned short",
            "short",
            "unsigned",
            "int",
            "unsigned long",
            "long",
        ];
        if depth == 0 || self.next(4) == 0 {
            return match self.next(3) {
                0 => format!("{}u", self.next(1 << 20)),
                1 => format!("{}", self.next(300)),
                _ => VARIABLES[self.next(8) as usize].to_string(),
            };
        }
        let x = self.expression(depth - 1);
        let y = self.expression(depth - 1);
        let wide = if self.next(2) == 0 { "unsigned" } else { "unsigned long" };
        match self.next(9) {
            0 => {
                format!("(({wide})({x}) {} ({wide})({y}))", ["+", "-", "*"][self.next(3) as usize])
            }
            1 => format!("(({wide})({x}) / (({wide})({y}) | 1u))"),
            2 => format!("(({wide})({x}) % (({wide})({y}) | 1u))"),
            3 => format!("(({})({x}))", TYPES[self.next(8) as usize]),
            4 => format!("(({x}) {} ({y}))", ["<", "<=", "==", "!=", ">"][self.next(5) as usize]),
            5 => format!("(({x}) {} ({y}))", ["&", "|", "^"][self.next(3) as usize]),
            6 => format!("(({wide})({x}) << {})", self.next(32)),
            7 => format!("(({x}) >> {})", self.next(16)),
            _ => format!("({}({x}))", ["~", "-(unsigned)", "!"][self.next(3) as usize]),
        }
    }
}

/// craig's machine integers agree with the C compiler that builds craig (gcc, which the build
/// already needs): random expressions without undefined behaviour, evaluated by `craig run`
/// and by the compiled program, give the same value.
#[test]
fn machine_integers_agree_with_the_c_compiler() {
    let dir = std::env::temp_dir().join(format!("craig-differential-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut generator = ExpressionGenerator { state: 0x9E37_79B9_7F4A_7C15 };
    let declarations = "unsigned char a = 200; signed char b = -100; unsigned short c = 60000; \
                        short d = -30000; unsigned e = 4000000000u; unsigned long g = \
                        18000000000000000000ul; long h = -9000000000000000000l; int i = -7;";
    let mut compared = 0;
    for k in 0..40 {
        let expression = generator.expression(4);
        let body = format!("long f(void) {{ {declarations} return (long)({expression}); }}\n");
        let c_path = dir.join(format!("e{k}.c"));
        std::fs::write(&c_path, format!("{body}int main(void) {{ return 0; }}\n")).unwrap();
        let ours = craig_value(&c_path.display().to_string());
        let harness = dir.join(format!("h{k}.c"));
        std::fs::write(
            &harness,
            format!("#include <stdio.h>\n{body}int main(void) {{ printf(\"%ld\\n\", f()); return 0; }}\n"),
        )
        .unwrap();
        let binary = dir.join(format!("h{k}"));
        let built = std::process::Command::new("cc")
            .arg("-w")
            .arg("-o")
            .arg(&binary)
            .arg(&harness)
            .status()
            .expect("the C compiler the build uses runs");
        assert!(built.success(), "cc failed on {expression}");
        let output = std::process::Command::new(&binary).output().unwrap();
        let theirs = String::from_utf8(output.stdout).unwrap().trim().to_string();
        assert_eq!(ours, theirs, "{expression}");
        compared += 1;
    }
    assert_eq!(compared, 40);
    let _ = std::fs::remove_dir_all(&dir);
}

// ------------------------------------------------------------------ memory

#[test]
fn the_heap_and_pointers_run_as_c_says() {
    // Each memory error is the check of its kind, where it stands; the safe program runs to
    // the value C computes (swap, then partial sums of a zeroed heap array).
    let cases = [
        ("memory_use_after_free_unsafe.c", vec![11], Obligation::MemoryAccess),
        ("memory_double_free_unsafe.c", vec![4], Obligation::MemoryFree),
        ("memory_leak_unsafe.c", vec![7], Obligation::MemoryCleanup),
        ("memory_bounds_unsafe.c", vec![], Obligation::MemoryAccess),
        ("memory_dangling_unsafe.c", vec![], Obligation::MemoryAccess),
    ];
    for (name, inputs, check) in cases {
        assert_eq!(failed(&run_main(&data(name), &inputs, 10_000)), check, "{name}");
    }
    // The other paths are fine: no read after the free, one free, the array freed.
    assert_eq!(returned(&run_main(&data("memory_use_after_free_unsafe.c"), &[3], 10_000)), 0);
    assert_eq!(returned(&run_main(&data("memory_double_free_unsafe.c"), &[2], 10_000)), 0);
    assert_eq!(returned(&run_main(&data("memory_leak_unsafe.c"), &[1], 10_000)), 0);
    assert_eq!(returned(&run_main(&data("memory_pointers_safe.c"), &[], 10_000)), 7);
    // Null, a pointer into another object's place, and `free` of a non-heap object.
    let text = "#include <stdlib.h>\nint main(void) { int *p = 0; return *p; }";
    assert_eq!(failed(&run_main(text, &[], 1000)), Obligation::NullDereference);
    let text = "int main(void) { int x = 1; int *p = &x; p = p + 1; return *p; }";
    assert_eq!(failed(&run_main(text, &[], 1000)), Obligation::MemoryAccess);
    let text = "#include <stdlib.h>\nint main(void) { int x = 1; free(&x); return 0; }";
    assert_eq!(failed(&run_main(text, &[], 1000)), Obligation::MemoryFree);
    let text =
        "#include <stdlib.h>\nint main(void) { char *p = malloc(8); free(p + 1); return 0; }";
    assert_eq!(failed(&run_main(text, &[], 1000)), Obligation::MemoryFree);
    // An `int` read back as bytes leaves the model: its own check, never a verdict.
    let text = "int main(void) { int x = 258; char *c = (char *) &x; return c[1]; }";
    assert_eq!(failed(&run_main(text, &[], 1000)), Obligation::MemoryModel);
    // Pointer difference counts elements; `free(NULL)` does nothing; `exit` checks the heap.
    let text = "#include <stdlib.h>\nint main(void) { long *a = malloc(80); if (!a) return 0; \
                long *e = &a[7]; long d = e - a; free(a); free(0); return d; }";
    assert_eq!(returned(&run_main(text, &[], 1000)), 7);
    let text = "#include <stdlib.h>\nint main(void) { int *a = malloc(4); exit(0); }";
    assert_eq!(failed(&run_main(text, &[], 1000)), Obligation::MemoryCleanup);
    // A global's initialiser may take the address of a global declared after it.
    let text = "extern int g; int *p = &g; struct s { int *q; } t = { &g }; int g = 5; \
                int main(void) { return *p + *t.q; }";
    assert_eq!(returned(&run_main(text, &[], 1000)), 10);
    // `sizeof` of an expression reads its type and evaluates nothing (`*p` of a null `p`).
    let text = "int main(void) { int a[5]; long *p = 0; char c = 1; \
                return sizeof a + sizeof *p + sizeof p + sizeof c + sizeof(c + 1); }";
    assert_eq!(returned(&run_main(text, &[], 1000)), 41);
}

/// Runs `main` of `text` read for the data model `model`.
fn run_main_as(text: &str, model: DataModel, inputs: &[i64]) -> Outcome {
    let mut sources = SourceMap::new();
    let file = sources.add("t.c", None, text.to_string());
    let (program, diagnostics) = read_c_with(&mut sources, file, Integers::Machine, model);
    let rendered = render_all(&diagnostics, &sources);
    let p = program.unwrap_or_else(|| panic!("errors:\n{rendered}"));
    run(&p, p.find("main").expect("a main function"), &ints(inputs), 10_000)
}

#[test]
fn ilp32_has_32_bit_longs_and_pointers() {
    use DataModel::{Ilp32, Lp64};
    // `unsigned long` wraps at 2^32 under ILP32, at 2^64 under LP64.
    let wrap = "int main(void) { unsigned long x = 4294967295UL; x = x + 1; return x == 0; }";
    assert_eq!(returned(&run_main_as(wrap, Ilp32, &[])), 1);
    assert_eq!(returned(&run_main_as(wrap, Lp64, &[])), 0);
    // The sizes `sizeof` gives, and GCC's i386 layout (8-byte scalars aligned to 4).
    let sizes = "struct s { char c; long long x; }; struct t { int *p; char c; };\n\
                 int main(void) { return sizeof(long) * 1000000 + sizeof(void *) * 10000 \
                 + sizeof(struct s) * 100 + sizeof(struct t); }";
    assert_eq!(returned(&run_main_as(sizes, Ilp32, &[])), 4_041_208);
    assert_eq!(returned(&run_main_as(sizes, Lp64, &[])), 8_081_616);
    // A literal too large for a 32-bit `long` is a `long long`; `size_t` is 32 bits.
    let literal = "int main(void) { long long big = 2147483648; unsigned long n = sizeof(int); \
                   n = n - 5; return big > 0 && n == 4294967295UL; }";
    assert_eq!(returned(&run_main_as(literal, Ilp32, &[])), 1);
    // `__VERIFIER_nondet_ulong` gives 32-bit values: 2^32 is no input it can return.
    let nondet = "extern unsigned long __VERIFIER_nondet_ulong(void);\n\
                  int main(void) { unsigned long x = __VERIFIER_nondet_ulong(); return x > 7; }";
    assert_eq!(returned(&run_main_as(nondet, Ilp32, &[4294967295])), 1);
    assert!(matches!(run_main_as(nondet, Ilp32, &[4294967296]), Outcome::Blocked { .. }));
    // Pointer steps count 4-byte pointers; an address converted to a 32-bit integer is past
    // craig's memory model (its addresses have 64 bits), never a wrong value.
    let steps = "extern void *malloc(unsigned long);\nextern void free(void *);\n\
                 int main(void) { int **q = malloc(2 * sizeof(int *)); if (!q) return 0; \
                 long d = (char *) (q + 1) - (char *) q; free(q); return d; }";
    assert_eq!(returned(&run_main_as(steps, Ilp32, &[])), 4);
    assert_eq!(returned(&run_main_as(steps, Lp64, &[])), 8);
    let narrow =
        "int main(void) { int x = 1; unsigned long a = (unsigned long) &x; return a != 0; }";
    assert_eq!(failed(&run_main_as(narrow, Ilp32, &[])), Obligation::MemoryModel);
    let null = "int main(void) { int *p = 0; unsigned long a = (unsigned long) p; return a; }";
    assert_eq!(returned(&run_main_as(null, Ilp32, &[])), 0);
    // A 64-bit type is named as the program's model writes it: `long long` under ILP32.
    let overflow = "int main(void) { long long x = 9223372036854775807LL; x = x + 1; return 0; }";
    for (model, name) in [(Ilp32, "`long long`"), (Lp64, "`long`")] {
        let Outcome::AssertionFailed { what, .. } = run_main_as(overflow, model, &[]) else {
            panic!("the overflow is found under {model:?}")
        };
        assert!(what.ends_with(&format!("does not overflow {name}")), "{model:?}: {what}");
    }
}

#[test]
fn static_locals_keep_their_value_between_calls() {
    let counter = "int counter(void) { static int n = 0; n = n + 1; return n; }\n\
                   int main(void) { counter(); counter(); return counter(); }";
    assert_eq!(returned(&run_main(counter, &[], 1000)), 3);
    // Each function's static is its own; an inner local shadows it; zero without initialiser.
    let two = "int f(void) { static int k; return ++k; }\n\
               int g(void) { static int k = 10; return ++k; }\n\
               int main(void) { static int x = 5; { int x = 1; x++; } f(); \
               int a = f(); int b = g(); return a * 100 + b + x; }";
    assert_eq!(returned(&run_main(two, &[], 1000)), 216);
    // Its address outlives the call, as a global's does.
    let kept = "int *cell(void) { static int c = 7; return &c; }\n\
                int main(void) { int *p = cell(); *p = *p + 1; return *cell(); }";
    assert_eq!(returned(&run_main(kept, &[], 1000)), 8);
    let shown = listing(counter, "counter");
    assert!(shown.contains("counter::n := counter::n + 1"), "{shown}");
    // A static array's elements are its global's.
    let array = "int next(void) { static int seen[3]; seen[1] = seen[1] + 1; return seen[1]; }\n\
                 int main(void) { next(); return next(); }";
    assert_eq!(returned(&run_main(array, &[], 1000)), 2);
}

#[test]
fn stack_objects_die_with_their_block() {
    // C 6.2.4: a block's automatic objects end where the block does, however the run leaves
    // it (its end, `break`, `continue`, `goto`, a `switch`'s `break`, `return`).
    let dangling = [
        "int main(void) { int *p; { int x = 1; p = &x; } return *p; }",
        "int main(void) { int *p = 0; while (1) { int x = 2; p = &x; break; } return *p; }",
        "int main(void) { int *p = 0; for (int i = 0; i < 2; i++) { int x = i; \
         if (i == 1) return *p; p = &x; continue; } return 0; }",
        "int main(void) { int *p; { int x = 3; p = &x; goto out; } out: return *p; }",
        "int main(void) { int *p = 0; for (int i = 0; i < 1; i++) p = &i; return *p; }",
        "int main(void) { int *p = 0; switch (1) { case 1: { int x = 4; p = &x; break; } } \
         return *p; }",
        "int main(void) { int *p = 0; int n = 0; back: if (n == 1) return *p; \
         { int x = 5; p = &x; n = 1; goto back; } }",
        "extern void *alloca(unsigned long);\nint *f(void) { return alloca(4); }\n\
         int main(void) { int *p = f(); *p = 1; return 0; }",
    ];
    for text in dangling {
        assert_eq!(failed(&run_main(text, &[], 1000)), Obligation::MemoryAccess, "{text}");
    }
    // Objects of the blocks a jump stays inside live on.
    let alive = [
        ("int main(void) { int x = 3; int *p = &x; goto out; out: return *p; }", 3),
        ("int main(void) { int x = 7; int *p = &x; { int y = 1; p = &y; p = &x; } return *p; }", 7),
        (
            "int main(void) { int x = 6; int *p = &x; while (1) { int y = 1; break; } return *p; }",
            6,
        ),
        (
            "int main(void) { int x = 8; int *p = &x; for (int i = 0; i < 3; i++) { \
             int y = i; if (i == 1) continue; } return *p; }",
            8,
        ),
        (
            "int main(void) { int s = 0; { int x = 4; int *p = &x; again: s += *p; \
             if (s < 8) goto again; } return s; }",
            8,
        ),
    ];
    for (text, value) in alive {
        assert_eq!(returned(&run_main(text, &[], 1000)), value, "{text}");
    }
    // One `alloca` object per call site and call is what the model follows: a second one is
    // its limit, never a verdict.
    let twice = "extern void *alloca(unsigned long);\nint main(void) { \
                 for (int i = 0; i < 2; i++) { int *q = alloca(4); *q = i; } return 0; }";
    assert_eq!(failed(&run_main(twice, &[], 1000)), Obligation::MemoryModel);
}

#[test]
fn cegar_finds_memory_errors_and_replays_them() {
    let dir = format!("{}/examples/c", env!("CARGO_MANIFEST_DIR"));
    let cases = [
        ("memory_use_after_free_unsafe.c", "valid memory access check", "14:22"),
        ("memory_double_free_unsafe.c", "valid free check", "10:3"),
        ("memory_leak_unsafe.c", "memory freed at exit check", ""),
        ("memory_bounds_unsafe.c", "valid memory access check", "9:35"),
        ("memory_dangling_unsafe.c", "valid memory access check", "10:10"),
    ];
    for (name, check, at) in cases {
        let (code, out, err) = command(&["cegar", &format!("{dir}/{name}"), "--max-steps", "5000"]);
        assert_eq!(code, 1, "{name}: {out}{err}");
        assert!(out.contains(&format!("the {check}")), "{name}: {out}");
        assert!(out.contains(&format!("{name}:{at}")), "{name}: {out}");
        assert!(out.contains("replayed: `craig run"), "{name}: {out}");
    }
    // The leak is the memcleanup property's question; memsafety's valid-memtrack is not
    // violated by an object `p` still points to when main returns.
    let leak = format!("{dir}/memory_leak_unsafe.c");
    let (code, out, _) = command(&["cegar", &leak, "--property", "valid-memcleanup"]);
    assert_eq!(code, 1, "{out}");
    let free_only = std::env::temp_dir().join(format!("craig-memtrack-{}.c", std::process::id()));
    std::fs::write(
        &free_only,
        "#include <stdlib.h>\nint main(void) { char *p = malloc(2); return p == 0; }\n",
    )
    .unwrap();
    let (code, out, _) =
        command(&["cegar", &free_only.display().to_string(), "--property", "valid-memsafety"]);
    let _ = std::fs::remove_file(&free_only);
    assert_eq!(code, 3, "{out}");
    assert!(
        out.starts_with("UNKNOWN: valid-deref and valid-free hold; the run on the inputs (none)")
            && out.contains(
                "still pointed to (valid-memcleanup fails there, valid-memtrack does not)"
            ),
        "{out}"
    );
    // Where no pointer reaches scalars of another size, the width checks are gone and the
    // leak counter is plain arithmetic: valid-memcleanup is proved.
    let each = std::env::temp_dir().join(format!("craig-each-{}.c", std::process::id()));
    std::fs::write(
        &each,
        "extern void *malloc(unsigned long);\nextern void free(void *);\n\
        int main() { for (int i = 0; i < 3; i++) { int *p = malloc(sizeof(int)); if (!p) return 0; \
        *p = i; free(p); } return 0; }\n",
    )
    .unwrap();
    let (code, out, _) =
        command(&["cegar", &each.display().to_string(), "--property", "valid-memcleanup"]);
    let _ = std::fs::remove_file(&each);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("$live_heap = 0"), "{out}");
    // A punned access is the model's limit: UNKNOWN with why, never a verdict.
    let pun = std::env::temp_dir().join(format!("craig-pun-{}.c", std::process::id()));
    std::fs::write(&pun, "int main(void) { int x = 258; char *c = (char *) &x; return c[1]; }\n")
        .unwrap();
    let (code, out, _) = command(&["cegar", &pun.display().to_string()]);
    let _ = std::fs::remove_file(&pun);
    assert_eq!(code, 3, "{out}");
    assert!(
        out.starts_with("UNKNOWN: the run on the inputs () leaves craig's memory model"),
        "{out}"
    );
    // A safe program with memory is proved: the engine tracks the elements the stores wrote,
    // and the invariants it ends with are checked inductive.
    let (code, out, _) =
        command(&["cegar", &format!("{dir}/memory_pointers_safe.c"), "--max-steps", "5000"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("SAFE"), "{out}");
}

#[test]
fn a_graphml_witness_of_a_violation_leads_along_the_replayed_run() {
    let dir = crate::common::scratch("graphml");
    let program = dir.join("w.c");
    std::fs::write(
        &program,
        "extern int __VERIFIER_nondet_int(void);\nextern unsigned __VERIFIER_nondet_uint(void);\n\
         extern void reach_error(void);\nint main(void) {\n  int x = __VERIFIER_nondet_int();\n  \
         unsigned y = __VERIFIER_nondet_uint();\n  if (x > 5 && y == 3u)\n    reach_error();\n  \
         return 0;\n}\n",
    )
    .unwrap();
    let witness = dir.join("w.graphml");
    let (code, out, err) = command(&[
        "cegar",
        &program.display().to_string(),
        "--property",
        "unreach-call",
        "--witness",
        &witness.display().to_string(),
    ]);
    assert_eq!(code, 1, "{out}{err}");
    let inputs: Vec<String> = out
        .lines()
        .find_map(|l| l.strip_prefix("inputs (in the order they are read): "))
        .unwrap()
        .split(", ")
        .map(str::to_string)
        .collect();
    let text = std::fs::read_to_string(&witness).unwrap();
    assert!(text.contains("<data key=\"witness-type\">violation_witness</data>"), "{text}");
    assert!(text.contains("LTL(G ! call(reach_error()))"), "{text}");
    // One edge per value read, at the line of its call, with the value the answer printed.
    let edge = |from: usize, line: usize, value: &str, function: &str| {
        format!(
            "<edge source=\"N{from}\" target=\"N{}\"><data key=\"startline\">{line}</data>\
             <data key=\"assumption\">\\result == {value};</data>\
             <data key=\"assumption.resultfunction\">{function}</data></edge>",
            from + 1
        )
    };
    assert!(text.contains(&edge(0, 5, &inputs[0], "__VERIFIER_nondet_int")), "{text}");
    assert!(text.contains(&edge(1, 6, &inputs[1], "__VERIFIER_nondet_uint")), "{text}");
    assert!(text.contains("<edge source=\"N2\" target=\"N3\"><data key=\"startline\">8</data>"));
    assert!(text.contains("<node id=\"N3\"><data key=\"violation\">true</data></node>"));
    // A safe answer has no violation witness, and says so rather than write an empty one.
    let safe = dir.join("s.c");
    std::fs::write(&safe, "extern void reach_error(void);\nint main(void) { return 0; }\n")
        .unwrap();
    let none = dir.join("s.graphml");
    let (code, out, _) = command(&[
        "cegar",
        &safe.display().to_string(),
        "--property",
        "unreach-call",
        "--witness",
        &none.display().to_string(),
    ]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("note: no witness written to"), "{out}");
    assert!(!none.exists());
    let _ = std::fs::remove_dir_all(&dir);
}

/// A few bitwise operators between variables lower (bit by bit) into a term whose shared
/// parts would print as a tree of millions of symbols: the listing summarises it instead of
/// running out of memory.
#[test]
fn a_term_too_large_to_print_is_summarised() {
    let (p, _) = program(
        "extern unsigned int __VERIFIER_nondet_uint(void);\n\
         int main() {\n\
           unsigned int x = __VERIFIER_nondet_uint(), i = __VERIFIER_nondet_uint(), z = 0;\n\
           z = z | ((x & (1U << i)) << i) | ((x & (1U << i)) << (i + 1));\n\
           return z;\n\
         }\n",
    );
    let listing = craig::ir::print_program(&p, &|_| String::new());
    assert!(listing.contains("z := <a term of more than 20000 symbols written out"), "{listing}");
    assert!(listing.len() < 100_000, "{} bytes", listing.len());
}

//! Structs, unions and pointers stored in memory in the C front end: layouts agree with the C
//! compiler, fields are read and written where C puts them (a write never reaches a
//! neighbour), struct copies and initialisers mean what C says, linked lists built with
//! `malloc` run and are freed, and `craig cegar` finds a use after free through a struct
//! pointer and a leaked list node, replayed on the interpreter; nothing gives a wrong verdict.
//! Arrays used as pointers live in memory the same way.

use craig::c::read_c;
use craig::hol::Obligation;
use craig::ir::Program;
use craig::ir::interpret::{Outcome, Value, run};
use craig::syntax::{SourceMap, render_all};
use proptest::prelude::*;

use crate::common::{failed, returned, s, scratch};

fn read(text: &str) -> (Option<Program>, String) {
    let mut sources = SourceMap::new();
    let file = sources.add("t.c", None, text.to_string());
    let (program, diagnostics) = read_c(&mut sources, file);
    (program, render_all(&diagnostics, &sources))
}

fn run_main(text: &str, inputs: &[i64], limit: usize) -> Outcome {
    let (program, rendered) = read(text);
    let p = program.unwrap_or_else(|| panic!("the program reads:\n{rendered}\n{text}"));
    let inputs: Vec<rug::Integer> = inputs.iter().map(|&v| v.into()).collect();
    run(&p, p.find("main").expect("a main function"), &inputs, limit)
}

fn first_error(text: &str) -> String {
    let (program, rendered) = read(text);
    assert!(program.is_none(), "expected errors in:\n{text}");
    rendered.lines().find(|l| l.starts_with("t.c:")).unwrap_or_default().to_string()
}

fn command(args: &[&str]) -> (u8, String) {
    use clap::Parser as _;
    #[derive(clap::Parser)]
    enum Cli {
        Run(craig::cli::run::Args),
        Cegar(craig::cli::cegar::Args),
    }
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = match Cli::parse_from(std::iter::once("craig").chain(args.iter().copied())) {
        Cli::Run(a) => craig::cli::run::run(&a, &mut out, &mut err),
        Cli::Cegar(a) => craig::cli::cegar::run(&a, &mut out, &mut err),
    };
    let code = code.unwrap_or_else(|e| e.exit_code());
    let mut text = String::from_utf8(out).unwrap();
    text.push_str(&String::from_utf8(err).unwrap());
    (code, text)
}

/// Structs whose layouts have padding in every place GCC puts it.
const LAYOUTS: &str = "struct a { char c; long l; int i; };\n\
    struct b { char c; short s; char d; };\n\
    struct c { struct a inner; char tail; };\n\
    struct d { int x[3]; char c; struct b bs[2]; };\n\
    struct e { char *p; char c; };\n\
    struct f { _Bool flag; unsigned long long big; };\n\
    union g { int a; int b[3]; };\n\
    struct node { int data; struct node *next; };\n";

/// `craig run --function f` and the program compiled by `cc` give `f()` the same value.
fn agrees_with_the_c_compiler(name: &str, program: &str) {
    let dir = scratch(name);
    let ours = dir.join("ours.c");
    std::fs::write(&ours, format!("{program}int main(void) {{ return 0; }}\n")).unwrap();
    let (code, out) = command(&["run", &s(&ours), "--function", "f"]);
    assert_eq!(code, 0, "{out}");
    let value =
        out.lines().next().unwrap_or_default().rsplit("returned ").next().unwrap_or_default();
    let harness = dir.join("harness.c");
    std::fs::write(
        &harness,
        format!(
            "#include <stdio.h>\n{program}int main(void) {{ printf(\"%ld\\n\", f()); return 0; }}\n"
        ),
    )
    .unwrap();
    let binary = dir.join("harness");
    let built = std::process::Command::new("cc")
        .args(["-w", "-o", &s(&binary), &s(&harness)])
        .status()
        .expect("the C compiler the build uses runs");
    assert!(built.success());
    let output = std::process::Command::new(&binary).output().unwrap();
    assert_eq!(value, String::from_utf8(output.stdout).unwrap().trim(), "{program}");
}

/// The sizes and offsets `craig run` computes are the ones `cc` gives.
#[test]
fn sizes_and_offsets_agree_with_the_c_compiler() {
    let body = "long f(void) { return sizeof(struct a) + 100 * sizeof(struct b) \
                + 10000 * sizeof(struct c) + 1000000 * sizeof(struct d) \
                + 100000000L * sizeof(struct e) + 10000000000L * sizeof(struct f) \
                + 1000000000000L * sizeof(union g) + 100000000000000L * sizeof(struct node) \
                + 10000000000000000L * __builtin_offsetof(struct d, bs); }\n";
    agrees_with_the_c_compiler("layouts", &format!("{LAYOUTS}{body}"));
}

/// Heap arrays of structs stepped by pointer arithmetic, arrays and pointers in fields,
/// nested initialisers and copies compute what the compiled program computes.
#[test]
fn struct_programs_agree_with_the_c_compiler() {
    let program = "#include <stdlib.h>\n\
        struct pair { short a; long b; };\n\
        struct box { struct pair ps[2]; int *ptrs[2]; char tag; };\n\
        long f(void) {\n\
          struct pair *heap = malloc(3 * sizeof(struct pair));\n\
          if (!heap) return -1;\n\
          for (int i = 0; i < 3; i++) { heap[i].a = i * 100; heap[i].b = -i; }\n\
          struct pair *q = heap + 2;\n\
          long r = q->a + q[-1].b * 1000;\n\
          struct box bx = { { {1, 2}, {3, 4} }, { 0, 0 }, 'z' };\n\
          int x = 5, y = 6;\n\
          bx.ptrs[0] = &x; bx.ptrs[1] = &y;\n\
          *bx.ptrs[1] = 60;\n\
          r += bx.ps[1].b * 10000 + y * 100000 + bx.tag * 10000000L;\n\
          struct box copy = bx;\n\
          copy.ps[0].a = 9;\n\
          r += copy.ps[0].a * 1000000000L + bx.ps[0].a * 100000000000L + (copy.ptrs[1] == &y);\n\
          free(heap);\n\
          return r;\n\
        }\n";
    agrees_with_the_c_compiler("programs", program);
}

/// Every field keeps its own value: writes of every size, through the struct, through a
/// pointer and into nested structs and array fields, never reach a neighbour.
#[test]
fn field_writes_do_not_clobber_neighbours() {
    let text = format!(
        "{LAYOUTS}int main(void) {{\n\
           struct d v; struct d *p = &v;\n\
           v.c = -1; v.x[0] = 1; v.x[1] = 2; v.x[2] = 3;\n\
           p->bs[0].c = 4; p->bs[0].s = -5; p->bs[0].d = 6;\n\
           p->bs[1].c = 7; p->bs[1].s = 30000; p->bs[1].d = 9;\n\
           v.x[1] += 10; p->bs[0].s--; v.c = v.c * 2;\n\
           return v.c + v.x[0] + v.x[1] + v.x[2] + v.bs[0].c + v.bs[0].s + v.bs[0].d \n\
                  + p->bs[1].c + p->bs[1].s + p->bs[1].d;\n\
         }}\n"
    );
    // -2 + 1 + 12 + 3 + 4 - 6 + 6 + 7 + 30000 + 9
    assert_eq!(returned(&run_main(&text, &[], 10_000)), 30034);
    // A `char` field wraps as a `char`, and the `long` after it keeps its value.
    let text = format!(
        "{LAYOUTS}int main(void) {{ struct a s; s.l = 5000000000; s.c = 200; s.i = -3; \
         return (s.l == 5000000000) + 10 * (s.c == -56) + 100 * (s.i == -3); }}\n"
    );
    assert_eq!(returned(&run_main(&text, &[], 1000)), 111);
}

#[test]
fn copies_initialisers_and_globals_mean_what_c_says() {
    // Globals are zero; initialisers fill in order or by name and zero the rest; a copy is
    // a copy (changing it leaves the original).
    let text = format!(
        "{LAYOUTS}struct a zero; struct c global = {{ {{ 1, 2, 3 }}, 4 }};\n\
         struct b table[3] = {{ {{ 1, 2, 3 }}, {{ .d = 9 }} }};\n\
         int main(void) {{\n\
           struct a s = {{ .i = 7 }}; struct a t = s; t.i = 8;\n\
           struct c u; u = global; u.inner.l = 20;\n\
           struct b flat[2] = {{ 1, 2, 3, 4 }};\n\
           return zero.c + zero.l + zero.i + s.c + s.l + s.i * 10 + t.i * 100\n\
             + global.inner.l * 1000 + u.inner.l * 10000 + global.tail * 100000\n\
             + table[1].d * 1000000 + table[2].s + flat[1].c * 10000000 + flat[1].s;\n\
         }}\n"
    );
    assert_eq!(
        returned(&run_main(&text, &[], 10_000)),
        70 + 800 + 2000 + 200_000 + 400_000 + 9_000_000 + 40_000_000
    );
    // `*p = *q` copies through pointers; a struct reached through `->` is copied whole.
    let text = format!(
        "#include <stdlib.h>\n{LAYOUTS}int main(void) {{\n\
           struct node *p = malloc(sizeof(struct node)); struct node *q = malloc(sizeof *q);\n\
           if (!p || !q) return 0;\n\
           q->data = 42; q->next = q; *p = *q; q->data = 0;\n\
           int r = p->data + (p->next == q); free(p); free(q); return r; }}\n"
    );
    assert_eq!(returned(&run_main(&text, &[], 1000)), 43);
}

const LIST: &str = "#include <stdlib.h>\n\
    extern int __VERIFIER_nondet_int(void);\n\
    struct node { int data; struct node *next; };\n\
    int main(void) {\n\
      struct node *head = 0;\n\
      int n = __VERIFIER_nondet_int();\n\
      for (int i = 0; i < n && i < 4; i++) {\n\
        struct node *fresh = malloc(sizeof(struct node));\n\
        if (!fresh) break;\n\
        fresh->data = i;\n\
        fresh->next = head;\n\
        head = fresh;\n\
      }\n\
      int sum = 0;\n\
      for (struct node *c = head; c; c = c->next) sum += c->data;\n\
      while (head) { struct node *rest = head->next; free(head); head = rest; }\n\
      return sum;\n\
    }\n";

/// A list built with `malloc`, walked and freed runs to C's value with the heap empty; no
/// property of it is answered UNSAFE.
#[test]
fn a_linked_list_is_built_walked_and_freed() {
    let outcome = run_main(LIST, &[3], 10_000);
    assert_eq!(returned(&outcome), 3);
    let Outcome::Completed { globals, .. } = outcome else { unreachable!() };
    assert!(globals.contains(&("$live_heap".to_string(), Value::Int(0.into()))), "{globals:?}");
    let dir = scratch("list");
    let path = dir.join("list.c");
    std::fs::write(&path, LIST).unwrap();
    for property in ["valid-memsafety", "valid-memcleanup", "unreach-call"] {
        let (code, out) =
            command(&["cegar", &s(&path), "--property", property, "--max-steps", "2000"]);
        assert!(code == 0 || code == 3, "{property}: {out}");
    }
    // Nodes allocated and freed in a loop: no width check stands in the way (every access is
    // through the struct's own layout), and valid-memcleanup is proved.
    let each = dir.join("each.c");
    std::fs::write(
        &each,
        "#include <stdlib.h>\nstruct node { int data; struct node *next; };\n\
         int main(void) { for (int i = 0; i < 3; i++) { struct node *p = malloc(sizeof *p); \
         if (!p) return 0; p->data = i; p->next = 0; free(p); } return 0; }\n",
    )
    .unwrap();
    let (code, out) = command(&["cegar", &s(&each), "--property", "valid-memcleanup"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("SAFE\n"), "{out}");
}

/// A use after free through a struct pointer and a leaked list node are found by `craig
/// cegar` and replayed on the interpreter.
#[test]
fn cegar_finds_a_use_after_free_and_a_leak_through_struct_pointers() {
    let dir = scratch("bugs");
    let use_after_free = dir.join("uaf.c");
    std::fs::write(
        &use_after_free,
        "#include <stdlib.h>\nextern int __VERIFIER_nondet_int(void);\n\
         struct node { int data; struct node *next; };\n\
         int main(void) {\n\
           struct node *a = malloc(sizeof(struct node));\n\
           if (!a) return 0;\n\
           a->data = 1; a->next = 0;\n\
           if (__VERIFIER_nondet_int() > 5) free(a);\n\
           int d = a->data;\n\
           free(a);\n\
           return d;\n\
         }\n",
    )
    .unwrap();
    let (code, out) = command(&["cegar", &s(&use_after_free), "--max-steps", "2000"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("uaf.c:9:9: the valid memory access check"), "{out}");
    assert!(out.contains("replayed: `craig run"), "{out}");
    assert_eq!(
        failed(&run_main(&std::fs::read_to_string(&use_after_free).unwrap(), &[6], 1000)),
        Obligation::MemoryAccess
    );
    let leak = dir.join("leak.c");
    std::fs::write(
        &leak,
        "#include <stdlib.h>\nextern int __VERIFIER_nondet_int(void);\n\
         struct node { int data; struct node *next; };\n\
         int main(void) {\n\
           struct node *a = malloc(sizeof(struct node));\n\
           if (!a) return 0;\n\
           a->next = 0;\n\
           if (__VERIFIER_nondet_int()) free(a);\n\
           return 0;\n\
         }\n",
    )
    .unwrap();
    let (code, out) =
        command(&["cegar", &s(&leak), "--property", "valid-memcleanup", "--max-steps", "2000"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("the memory freed at exit check"), "{out}");
    assert!(out.contains("replayed: `craig run"), "{out}");
}

/// Structs passed and returned by value compute what the compiled program computes: the
/// callee works on a copy, a returned struct is a copy of the callee's (whose own objects are
/// gone), and a call's struct is read, passed on and assigned.
#[test]
fn structs_passed_and_returned_by_value_agree_with_the_c_compiler() {
    let program = "struct pair { short a; long b; };\n\
        struct box { struct pair p; char tag; int xs[3]; };\n\
        struct pair make(short a, long b) { struct pair p; p.a = a; p.b = b; return p; }\n\
        long bump(struct pair p) { p.a = p.a + 1; p.b = p.b * 2; return p.a + p.b; }\n\
        struct box wrap(struct pair p, char tag) {\n\
          struct box x = { p, tag, { 1, 2, 3 } }; x.xs[1] = p.a; return x;\n\
        }\n\
        struct pair grow(struct pair p, int n) {\n\
          if (n == 0) return p;\n\
          p.b = p.b + n;\n\
          return grow(p, n - 1);\n\
        }\n\
        long f(void) {\n\
          struct pair p = make(3, 40);\n\
          long r = bump(p);\n\
          r += p.a * 1000 + p.b * 10000;\n\
          struct box x = wrap(make(5, 6), 'q');\n\
          r += x.p.b * 1000000 + x.tag * 10000000L + x.xs[1] * 10000000000L;\n\
          p = grow(p, 4);\n\
          r += p.b * 100000000000L + bump(make(7, 8)) * 100000000000000L;\n\
          return r + make(9, 10).a;\n\
        }\n";
    agrees_with_the_c_compiler("by_value", program);
}

/// `craig cegar` decides properties of structs passed and returned by value, and a pointer
/// into a by-value parameter dangles once the callee returns.
#[test]
fn cegar_decides_structs_passed_and_returned_by_value() {
    let dir = scratch("by_value");
    let safe = "extern void reach_error(void);\n\
        struct point { int x; int y; };\n\
        int bump(struct point p) { p.x = p.x + 1; return p.x; }\n\
        int main(void) {\n\
          struct point p = { 1, 2 };\n\
          int r = bump(p);\n\
          if (r != 2 || p.x != 1) reach_error();\n\
          return 0;\n\
        }\n";
    let file = dir.join("bump.c");
    std::fs::write(&file, safe).unwrap();
    let (code, out) = command(&["cegar", &s(&file), "--max-steps", "2000"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("SAFE"), "{out}");
    // The callee's change reaching the caller would be C passing by reference.
    let file = dir.join("bump_bad.c");
    std::fs::write(&file, safe.replace("p.x != 1", "p.x != 2")).unwrap();
    let (code, out) = command(&["cegar", &s(&file), "--max-steps", "2000"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("bump_bad.c:7:25: the error location is reachable"), "{out}");
    let swapped = "extern void reach_error(void);\n\
        struct point { int x; int y; };\n\
        struct point swap(struct point p) { struct point q; q.x = p.y; q.y = p.x; return q; }\n\
        int main(void) {\n\
          struct point p = { 1, 2 };\n\
          struct point q = swap(p);\n\
          if (q.x != 1) reach_error();\n\
          return 0;\n\
        }\n";
    let file = dir.join("swap_bad.c");
    std::fs::write(&file, swapped).unwrap();
    let (code, out) = command(&["cegar", &s(&file), "--max-steps", "2000"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("replayed: `craig run"), "{out}");
    let dangling = "struct point { int x; int y; };\n\
        int *keep;\n\
        void take(struct point p) { keep = &p.y; }\n\
        int main(void) { struct point t = { 1, 2 }; take(t); return *keep; }\n";
    let file = dir.join("dangling.c");
    std::fs::write(&file, dangling).unwrap();
    let (code, out) =
        command(&["cegar", &s(&file), "--property", "valid-memsafety", "--max-steps", "2000"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "dangling.c:4:61: the valid memory access check (`keep` points into a live object"
        ),
        "{out}"
    );
    assert_eq!(failed(&run_main(dangling, &[], 1000)), Obligation::MemoryAccess);
    // A parameter's object dies when its function falls off its end, as at a `return`.
    let file = dir.join("falls_off.c");
    std::fs::write(
        &file,
        "int *keep;\nvoid take(int x) { keep = &x; }\nint main(void) { take(1); return *keep; }\n",
    )
    .unwrap();
    let (code, out) = command(&["cegar", &s(&file), "--property", "valid-memsafety"]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "falls_off.c:3:34: the valid memory access check (`keep` points into a live object"
        ),
        "{out}"
    );
}

/// Null and dangling struct pointers are the checks of their kind; a pointer stepped from
/// one field into another of a different type is the model's limit, never a verdict.
#[test]
fn struct_pointer_errors_are_checked_and_punning_is_the_models_limit() {
    let text = format!("{LAYOUTS}int main(void) {{ struct node *p = 0; return p->data; }}\n");
    assert_eq!(failed(&run_main(&text, &[], 100)), Obligation::NullDereference);
    let text = format!(
        "{LAYOUTS}struct node *make(void) {{ struct node n; n.data = 1; return &n; }}\n\
         int main(void) {{ struct node *p = make(); return p->next != 0; }}\n"
    );
    assert_eq!(failed(&run_main(&text, &[], 100)), Obligation::MemoryAccess);
    let text = format!(
        "{LAYOUTS}int main(void) {{ struct a s; s.c = 1; int *p = &s.i; p = p - 1; *p = 5; \
         return s.c; }}\n"
    );
    assert_eq!(failed(&run_main(&text, &[], 100)), Obligation::MemoryModel);
    let text = format!(
        "{LAYOUTS}int main(void) {{ struct d s; int k = __VERIFIER_nondet_int(); s.x[k] = 1; \
         return 0; }}\n"
    );
    assert_eq!(failed(&run_main(&text, &[3], 100)), Obligation::MemoryModel);
    // A loop body's struct is a new object each time round: the last one is dead.
    let text = format!(
        "{LAYOUTS}int main(void) {{ struct node *keep = 0; for (int i = 0; i < 2; i++) {{ \
         struct node n; n.data = i; if (i == 1) return keep->data; keep = &n; }} return 0; }}\n"
    );
    assert_eq!(failed(&run_main(&text, &[], 1000)), Obligation::MemoryAccess);
    // Memory holds values, not bytes: an `int` read as `unsigned` is the model's limit too.
    let text = "int main(void) { int x = -1; unsigned *u = (unsigned *) &x; \
                return *u == 4294967295u; }";
    assert_eq!(failed(&run_main(text, &[], 100)), Obligation::MemoryModel);
    // Pointers to pointers are pointers stored in memory.
    let text = "int main(void) { int x = 1; int *p = &x; int **pp = &p; int y = 7; \
                *pp = &y; **pp += 1; return *p + x * 10; }";
    assert_eq!(returned(&run_main(text, &[], 100)), 18);
}

#[test]
fn struct_errors_name_the_problem() {
    let cases = [
        (
            "struct s { int a; };\nint main() { struct s x; return x.b; }",
            "t.c:2:35: error: `struct s` has no field `b`",
        ),
        (
            "struct s;\nint main() { struct s x; return 0; }",
            "t.c:2:23: error: `struct s` is incomplete: it is declared but never defined",
        ),
        (
            "struct s { int a; };\nint main() { int x = 0; return x.a; }",
            "t.c:2:32: error: `x` is not a struct",
        ),
        (
            "struct s { int a; };\nint main() { struct s x; x += 1; return 0; }",
            "t.c:2:26: error: a struct has no arithmetic: assign it with `=`",
        ),
        (
            "struct s { int a; };\nint main() { struct s x; x++; return 0; }",
            "t.c:2:26: error: `x` is not a scalar: assign or read its fields or elements",
        ),
        (
            "struct s { int a; struct s *n; };\nint main() { struct s x; return x.n.a; }",
            "t.c:2:33: error: `x.n` is not a struct",
        ),
        (
            "struct s { int a : 2; };\nint main() { struct s *p = 0; return 0; }",
            "t.c:1:20: error: bit-fields are not in craig's C subset",
        ),
        (
            "struct s { int a; };\nint f(struct s x) { return x.a; }\n\
             int main() { return f(3); }",
            "t.c:3:23: error: `3` is not a struct of this type",
        ),
        (
            "struct s { int a; };\nstruct s f(void) { return 1; }\nint main() { return 0; }",
            "t.c:2:27: error: `1` is not a struct of the type `f` returns",
        ),
        (
            "struct s { int a; };\nstruct s f(void) { struct s x = { 1 }; return x; }\n\
             int main() { int y = f(); return y; }",
            "t.c:3:22: error: `f()` is a struct: craig's C uses a struct's fields as values",
        ),
        (
            "struct s { int a; };\nint (*fp)(struct s);\nint main() { return fp == 0; }",
            "t.c:3:21: error: `fp` is a global craig cannot read",
        ),
        (
            "struct s { int a; };\nstruct s g(void);\nint main() { g(); return 0; }",
            "t.c:3:14: error: `g` is declared but not defined in this file",
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(first_error(text), expected, "{text}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn struct_like_text_never_panics(
        text in "(struct|union|s|t|\\{|\\}|int|char|long|\\*|;|=|\\.|->|a|b|next|\\[|\\]|0|3|\\(|\\)|&|,|main|return|sizeof|malloc|free|:| |\n)*"
    ) {
        let mut sources = SourceMap::new();
        let file = sources.add("t.c", None, text);
        let _ = read_c(&mut sources, file);
    }
}

/// Arrays whose elements' addresses are taken (`&a[i]`) or which are used as values (`p = a`,
/// `f(a)`, `a + 1`) live in memory, locals and globals, initialised as C says, and compute
/// what the compiled program computes.
#[test]
fn arrays_used_as_pointers_agree_with_the_c_compiler() {
    let program = "static long sum(const int *p, int n) { long s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }\n\
        static void fill(int *p, int n, int k) { for (int i = 0; i < n; i++) p[i] = k * i; }\n\
        long f(void) {\n\
          int g[6] = {1, 2, 3};\n\
          int loc[5] = {10, 20};\n\
          int *q = &loc[1];\n\
          q[1] = 7;\n\
          *(q + 2) = 8;\n\
          fill(g + 3, 3, 5);\n\
          int *e = g + 6;\n\
          long r = sum(loc, 5) + 100 * sum(g, 6) + 10000 * (e - &g[1]) + 100000 * (q - loc);\n\
          char cs[4] = {'a', 'b'};\n\
          char *c = cs;\n\
          c[2] = c[0] + 2;\n\
          r += 1000000 * (cs[2] - 'a') + 10000000 * sizeof(cs) + 100000000 * sizeof loc;\n\
          return r;\n\
        }\n";
    agrees_with_the_c_compiler("arrays", program);
}

/// Through a pointer, an array's bounds are its object's: reading past a local array, and
/// past a global one, is the memory access check, and a pointer into a local array outlives
/// it only as a dangling pointer.
#[test]
fn pointers_into_arrays_are_checked_against_the_array() {
    let text = "int main(void) { int a[4] = {0}; int *p = a; return p[4]; }";
    assert_eq!(failed(&run_main(text, &[], 100)), Obligation::MemoryAccess);
    let text = "int g[3]; int main(void) { int *p = &g[2]; p++; return *p; }";
    assert_eq!(failed(&run_main(text, &[], 100)), Obligation::MemoryAccess);
    let text = "int *keep(void) { int a[2] = {1, 2}; return &a[1]; }\n\
                int main(void) { int *p = keep(); return *p; }";
    assert_eq!(failed(&run_main(text, &[], 100)), Obligation::MemoryAccess);
    // A global array in memory starts as its initialiser says, zeros after it.
    let text = "int g[4] = {5, 6}; int *p = &g[1];\n\
                int main(void) { p[1] = 7; return g[0] + 10 * *p + 100 * g[2] + g[3]; }";
    assert_eq!(returned(&run_main(text, &[], 200)), 765);
    // In bounds, through the array and through the pointer, the same element.
    let text = "int main(void) { int a[4] = {0}; int *p = &a[3]; *p = 9; return a[3] + p[-3]; }";
    assert_eq!(returned(&run_main(text, &[], 100)), 9);
}

/// `craig cegar` finds an out-of-bounds write through a pointer into a local array and
/// replays it; an array that is never used as a pointer stays an IR array.
#[test]
fn cegar_finds_an_overflow_through_a_pointer_into_an_array() {
    let dir = scratch("array_bounds");
    let program = dir.join("bounds.c");
    std::fs::write(
        &program,
        "extern int __VERIFIER_nondet_int(void);\n\
         void clear(int *p, int n) { for (int i = 0; i <= n; i++) p[i] = 0; }\n\
         int main(void) {\n\
           int a[2];\n\
           if (__VERIFIER_nondet_int()) clear(a, 2);\n\
           return 0;\n\
         }\n",
    )
    .unwrap();
    let (code, out) = command(&["cegar", &s(&program), "--max-steps", "4000"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("bounds.c:2:58: the valid memory access check"), "{out}");
    assert!(out.contains("replayed: `craig run"), "{out}");
    let text = "int main(void) { int x = 1; int *p = &x; int a[2] = {1, 2}; return a[1] + *p; }";
    let (program, rendered) = read(text);
    let program = program.unwrap_or_else(|| panic!("{rendered}"));
    let names: Vec<&str> = program.variables.iter().map(|v| v.name.as_str()).collect();
    assert!(names.contains(&"&x") && names.contains(&"a") && !names.contains(&"&a"), "{names:?}");
    assert_eq!(returned(&run_main(text, &[], 100)), 3);
}

/// String literals are static arrays of `char` with their zero, shared by equal literals;
/// `char s[] = "..."` copies one into an array sized for it; reading past a literal's zero is
/// out of its object; a pointer converted to `int` implicitly is the model's limit, as by a
/// cast.
#[test]
fn strings_are_static_arrays_of_char() {
    let text = "const char *greeting = \"hi\";\n\
        static int length(const char *s) { int n = 0; while (s[n]) n++; return n; }\n\
        int main(void) {\n\
          char buffer[8] = \"hello\";\n\
          char exact[3] = \"abc\";\n\
          char sized[] = \"x\\ty\\0z\";\n\
          const char *s = \"a\" \"bc\";\n\
          int r = length(buffer) + 10 * length(greeting) + 100 * (s[1] == 'b');\n\
          r += 1000 * (sizeof sized == 6) + 10000 * (exact[2] == 'c' && buffer[7] == 0);\n\
          r += 100000 * (\"xyz\"[2] == 'z') + 1000000 * (sized[1] == 9 && sized[4] == 'z');\n\
          return r == 1111125;\n\
        }\n";
    assert_eq!(returned(&run_main(text, &[], 1000)), 1);
    let text = "int main(void) { const char *s = \"ab\"; return s[3]; }";
    assert_eq!(failed(&run_main(text, &[], 100)), Obligation::MemoryAccess);
    let text = "int main(void) { const char *a = \"same\", *b = \"same\"; return a == b; }";
    assert_eq!(returned(&run_main(text, &[], 100)), 1);
    let text = "int main(void) { int x; int *p = &x; int n = p; return n == 0; }";
    assert_eq!(failed(&run_main(text, &[], 100)), Obligation::MemoryModel);
}

/// The C library's string functions (craig's own `stdlib/c/string.c`) are linked into a
/// program that calls them: they compute what glibc computes, a buffer overflow inside one is
/// found, replayed and located in the library with the call in the program's lines in the
/// witness, and a program's own definition of such a function is the one used.
#[test]
fn the_string_library_is_linked_and_checked() {
    let text = "#include <string.h>\n\
        int main(void) {\n\
          char buf[16]; char other[16]; char small[4];\n\
          strcpy(buf, \"hello\");\n\
          strcat(buf, \", w\");\n\
          int r = strlen(buf) == 8;\n\
          r += 2 * (strcmp(buf, \"hello, w\") == 0) + 4 * (strncmp(buf, \"help\", 3) == 0);\n\
          r += 8 * (strncmp(buf, \"help\", 4) < 0) + 16 * (strchr(buf, ',') == buf + 5);\n\
          r += 32 * (strchr(buf, 'z') == 0);\n\
          memset(buf, 'x', 3);\n\
          memcpy(other, buf, 9);\n\
          r += 64 * (memcmp(other, buf, 9) == 0) + 128 * (buf[2] == 'x' && buf[3] == 'l');\n\
          memmove(buf + 1, buf, 4);\n\
          strncpy(small, \"ab\", 4);\n\
          r += 256 * (buf[1] == 'x' && buf[4] == 'l' && buf[5] == ',' && small[3] == 0);\n\
          return r == 511;\n\
        }\n";
    assert_eq!(returned(&run_main(text, &[], 5000)), 1);
    let dir = scratch("string_library");
    let program = dir.join("overflow.c");
    std::fs::write(
        &program,
        "#include <string.h>\n\
         int main(void) {\n\
           char b[4];\n\
           strcpy(b, \"four\");\n\
           return 0;\n\
         }\n",
    )
    .unwrap();
    let witness = dir.join("w.graphml");
    let (code, out) =
        command(&["cegar", &s(&program), "--max-steps", "4000", "--witness", &s(&witness)]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("<craig>/string.c:"), "{out}");
    assert!(out.contains("the valid memory access check (the 1 bytes `to[i]`"), "{out}");
    assert!(out.contains("replayed: `craig run"), "{out}");
    let graphml = std::fs::read_to_string(&witness).unwrap();
    assert!(graphml.contains("<data key=\"startline\">4</data></edge>"), "{graphml}");
    // The program's own `strlen` wins over the library's.
    let text = "#include <string.h>\n\
        size_t strlen(const char *s) { return 42; }\n\
        int main(void) { return strlen(\"abc\"); }\n";
    assert_eq!(returned(&run_main(text, &[], 100)), 42);
}

/// A function declared with a prototype and defined elsewhere is an external function: the
/// engines take its results and every global as arbitrary after a call (said in a note), so a
/// property that does not depend on it is proved, and one that does is never UNSAFE (the
/// interpreter cannot run the call, so no counterexample through it is confirmed). A
/// prototype craig cannot read (variadic, floating point) still refuses the call.
#[test]
fn external_functions_are_called_through_their_prototypes() {
    let dir = scratch("externs");
    let safe = dir.join("safe.c");
    std::fs::write(
        &safe,
        "extern int get(int key);\nextern void log_value(const char *what, int v);\n\
         void reach_error(void);\n\
         int main(void) {\n\
           int x = get(3);\n\
           log_value(\"x\", x);\n\
           int y = 5;\n\
           if (y != 5) reach_error();\n\
           return 0;\n\
         }\n",
    )
    .unwrap();
    // Every global includes the heap's, so only `unreach-call` is kept from being arbitrary.
    let (code, out) =
        command(&["cegar", &s(&safe), "--max-steps", "2000", "--property", "unreach-call"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("SAFE"), "{out}");
    assert!(out.contains("`get` has no body; its results and every global are taken"), "{out}");
    let depends = dir.join("depends.c");
    std::fs::write(
        &depends,
        "extern int get(void);\nvoid reach_error(void);\nint g;\n\
         int main(void) {\n\
           g = 1;\n\
           int x = get();\n\
           if (x > 10 || g != 1) reach_error();\n\
           return 0;\n\
         }\n",
    )
    .unwrap();
    let (code, out) = command(&["cegar", &s(&depends), "--max-steps", "2000"]);
    assert_eq!(code, 3, "{out}");
    assert!(out.starts_with("UNKNOWN"), "{out}");
    assert!(out.contains("`get` has no body"), "{out}");
    // A variadic function other than the output calls craig knows (`printf`, `puts`,
    // `putchar`) is refused where it is called.
    let text = "#include <stdio.h>\nint main(void) { char b[4]; sprintf(b, \"%d\", 1); return 0; }";
    assert_eq!(
        first_error(text),
        "t.c:2:29: error: `sprintf` is declared but not defined in this file"
    );
}

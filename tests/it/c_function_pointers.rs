//! Pointers to functions in the C front end: declarators (`int (*f)(int)`, typedefs, arrays
//! and struct fields of them, function-typed parameters), addresses (`f`, `&f`), calls through
//! them (`fp(x)`, `(*fp)(x)`, `s->op(x)`), the checks a call through a pointer makes (not
//! `NULL`, a function of the pointer's type), and the globals such a call may change; run on
//! the interpreter and decided by `craig cegar`, never with a wrong verdict.

use craig::c::read_c;
use craig::hol::Obligation;
use craig::ir::Program;
use craig::ir::interpret::{Outcome, run};
use craig::syntax::{SourceMap, render_all};

use crate::common::{failed, returned, s, scratch};

fn read(text: &str) -> (Option<Program>, String) {
    let mut sources = SourceMap::new();
    let file = sources.add("t.c", None, text.to_string());
    let (program, diagnostics) = read_c(&mut sources, file);
    (program, render_all(&diagnostics, &sources))
}

fn run_main(text: &str, inputs: &[i64]) -> Outcome {
    let (program, rendered) = read(text);
    let p = program.unwrap_or_else(|| panic!("the program reads:\n{rendered}\n{text}"));
    let inputs: Vec<rug::Integer> = inputs.iter().map(|&v| v.into()).collect();
    run(&p, p.find("main").expect("a main function"), &inputs, 100_000)
}

fn first_error(text: &str) -> String {
    let (program, rendered) = read(text);
    assert!(program.is_none(), "expected errors in:\n{text}");
    rendered.lines().find(|l| l.starts_with("t.c:")).unwrap_or_default().to_string()
}

fn cegar(name: &str, text: &str, extra: &[&str]) -> (u8, String) {
    use clap::Parser as _;
    #[derive(clap::Parser)]
    enum Cli {
        Cegar(craig::cli::cegar::Args),
    }
    let dir = scratch(name);
    let path = dir.join(format!("{name}.c"));
    std::fs::write(&path, text).unwrap();
    let path = s(&path);
    let mut args = vec!["craig", "cegar", path.as_str(), "--max-steps", "3000"];
    args.extend_from_slice(extra);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let Cli::Cegar(a) = Cli::parse_from(args);
    let code = craig::cli::cegar::run(&a, &mut out, &mut err).unwrap_or_else(|e| e.exit_code());
    let mut text = String::from_utf8(out).unwrap();
    text.push_str(&String::from_utf8(err).unwrap());
    (code, text)
}

const HEADER: &str = "extern void reach_error(void);\nextern int __VERIFIER_nondet_int(void);\n";

#[test]
fn calls_through_pointers_run_the_function_pointed_to() {
    let text = "int inc(int x) { return x + 1; }\n\
        int twice(int x) { return 2 * x; }\n\
        typedef int (*op_t)(int);\n\
        struct ops { op_t first; int (*second)(int); };\n\
        int apply(int f(int), int v) { return f(v); }\n\
        int main(void) {\n\
          op_t table[2] = { inc, &twice };\n\
          struct ops o = { twice, inc };\n\
          struct ops *p = &o;\n\
          int (**pp)(int) = &table[1];\n\
          int a = table[0](10);\n\
          int b = (*table[1])(10);\n\
          int c = p->first(1) + o.second(1);\n\
          int d = apply(inc, 5) + (**pp)(3);\n\
          return a * 1000000 + b * 10000 + c * 100 + d;\n\
        }\n";
    // a = 11, b = 20, c = 2 + 2, d = 6 + 6.
    assert_eq!(returned(&run_main(text, &[])), 11_200_412);
}

#[test]
fn a_function_pointer_compares_equal_to_its_function_only() {
    let text = "int f(void) { return 1; }\nint g(void) { return 2; }\n\
        int main(void) {\n\
          int (*p)(void) = f;\n\
          int (*q)(void) = &g;\n\
          return (p == f) + 2 * (p != g) + 4 * (q == &g) + 8 * (p != 0) + 16 * (p == q);\n\
        }\n";
    assert_eq!(returned(&run_main(text, &[])), 15);
}

#[test]
fn a_call_through_null_or_a_data_pointer_fails_its_check() {
    let null = "int id(int x) { return x; }\n\
        int main(void) { int (*f)(int) = 0; return f(1); }\n";
    assert_eq!(failed(&run_main(null, &[])), Obligation::NullDereference);
    // The address of an `int`, converted to a pointer to a function, is no function.
    let data = "int id(int x) { return x; }\n\
        int main(void) { int x = 3; int (*f)(int) = (int (*)(int)) &x; int (*g)(int) = id; \
        return f(1) + g(1); }\n";
    assert_eq!(failed(&run_main(data, &[])), Obligation::MemoryAccess);
    // A function's address is no object: reading through it fails the memory check.
    let read = "int id(int x) { return x; }\n\
        int main(void) { int *p = (int *) id; return *p; }\n";
    assert_eq!(failed(&run_main(read, &[])), Obligation::MemoryAccess);
}

#[test]
fn a_call_through_a_pointer_reaches_only_functions_of_its_type() {
    // `unary` has the pointer's type; `binary` (two parameters) and `other` (a `long` result)
    // have not, so a call through `int (*)(int)` never runs them.
    let text = "int unary(int x) { return x; }\n\
        int binary(int x, int y) { reach_error(); return x; }\n\
        long other(int x) { reach_error(); return x; }\n\
        int main(void) {\n\
          int (*f)(int) = unary;\n\
          int (*g)(int, int) = binary;\n\
          long (*h)(int) = other;\n\
          if (__VERIFIER_nondet_int()) f = unary;\n\
          return f(3) - 3;\n\
        }\n";
    let (code, out) = cegar("types", &format!("{HEADER}{text}"), &[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("SAFE"), "{out}");
}

#[test]
fn a_call_through_a_pointer_changes_what_its_functions_change() {
    // `set` writes `g` only through the pointer: a frame that missed it would keep `g == 0`
    // and call the error unreachable.
    let text = "int g;\n\
        void set(void) { g = 1; }\n\
        void (*hook)(void) = set;\n\
        void call(void) { hook(); }\n\
        int main(void) { g = 0; call(); if (g == 1) reach_error(); return 0; }\n";
    let (code, out) = cegar("frames", &format!("{HEADER}{text}"), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("UNSAFE"), "{out}");
    assert!(out.contains("replayed"), "{out}");
}

#[test]
fn cegar_decides_dispatch_through_tables_and_finds_the_invalid_call() {
    let safe = "int twice(int x) { return 2 * x; }\n\
        int add7(int x) { return x + 7; }\n\
        int neg(int x) { return -x; }\n\
        int (*table[3])(int) = { twice, add7, neg };\n\
        int main(void) {\n\
          int i = __VERIFIER_nondet_int();\n\
          int x = __VERIFIER_nondet_int();\n\
          if (i < 0 || i > 1 || x < 0 || x > 100) return 0;\n\
          if (table[i](x) < 0) reach_error();\n\
          return 0;\n\
        }\n";
    let (code, out) = cegar("table_safe", &format!("{HEADER}{safe}"), &[]);
    assert_eq!(code, 0, "{out}");
    assert!(out.starts_with("SAFE"), "{out}");
    let unsafe_ = safe.replace("i > 1", "i > 2");
    let (code, out) = cegar("table_unsafe", &format!("{HEADER}{unsafe_}"), &[]);
    assert_eq!(code, 1, "{out}");
    assert!(out.starts_with("UNSAFE") && out.contains("replayed"), "{out}");
    // A pointer left `NULL` on one branch: SV-COMP's valid-deref.
    let null = "int id(int x) { return x; }\n\
        int main(void) {\n\
          int (*f)(int) = 0;\n\
          if (__VERIFIER_nondet_int()) f = id;\n\
          return f(1);\n\
        }\n";
    let (code, out) = cegar("null", &format!("{HEADER}{null}"), &["--property", "valid-memsafety"]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("`f` is not null") && out.contains("replayed"), "{out}");
}

#[test]
fn what_craig_cannot_read_is_refused_where_it_is_used() {
    assert!(
        first_error("int main(void) { int (*f)(int, ...) = 0; return 0; }\n")
            .contains("pointers to functions with a variable number of arguments"),
    );
    assert!(
        first_error("int main(void) { int a[3]; int (*p)[3] = &a; return 0; }\n")
            .contains("pointers to arrays"),
    );
    // A pointer type with the wrong number of arguments.
    assert!(
        first_error(
            "int id(int x) { return x; }\n\
             int main(void) { int (*f)(int) = id; return f(1, 2); }\n"
        )
        .contains("points to functions of 1 argument, not 2"),
    );
    // A declared but unused pointer to a variadic function costs nothing.
    let (program, rendered) = read(
        "struct io { int (*print)(const char *, ...); int fd; };\n\
         int main(void) { return 0; }\n",
    );
    assert!(program.is_some(), "{rendered}");
}

mod no_panic {
    //! Random programs made of function-pointer declarators, calls through pointers and output
    //! calls: errors or programs, never a panic, and what reads also runs.
    use super::*;
    use proptest::prelude::*;

    const VOCAB: [&str; 32] = [
        "int",
        "void",
        "(*",
        "fp",
        ")",
        "(",
        "(int)",
        "(void)",
        "(int, ...)",
        "()",
        ";",
        "=",
        "f",
        "&f",
        "*fp",
        "fp(1)",
        "(*fp)(2)",
        "f(3)",
        "typedef",
        "op",
        "op t[2] = { f, f };",
        "t[0](4)",
        "struct s { int (*m)(int); } v = { f };",
        "v.m(5)",
        "return",
        "{",
        "}",
        ",",
        "0",
        "printf(\"%d\\n\", 1)",
        "puts(\"x\")",
        "putchar(fp(0))",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn function_pointer_soup_never_panics(
            toks in proptest::collection::vec(0usize..VOCAB.len(), 0..40),
        ) {
            let body: Vec<&str> = toks.iter().map(|&i| VOCAB[i]).collect();
            let text = format!(
                "#include <stdio.h>\nint f(int x) {{ return x + 1; }}\nint main(void) {{ {} }}\n",
                body.join(" ")
            );
            let mut sources = SourceMap::new();
            let file = sources.add("t.c", None, text);
            if let (Some(p), _) = read_c(&mut sources, file)
                && let Some(main) = p.find("main")
            {
                let _ = run(&p, main, &[1.into(), 2.into()], 2_000);
            }
        }
    }
}

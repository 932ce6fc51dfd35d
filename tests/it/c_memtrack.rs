//! `valid-memtrack` (leaks) under `valid-memsafety`: a leak is reported only where the replayed
//! run ends with a heap object no variable in scope and no reachable object points to; an object
//! still pointed to at the end (by a local of `main`, a global, a `static`, a `long`, an interior
//! pointer, a frame that called `exit`) is no leak, whatever `valid-memcleanup` says; a program
//! that frees everything is not called safe either, since a run that never ends may lose an
//! object. `craig run --property valid-memcleanup` names the objects lost.

use crate::common::{s, scratch};

fn command(args: &[&str]) -> (u8, String, String) {
    use clap::Parser as _;
    #[derive(clap::Parser)]
    enum Cli {
        Run(craig::cli::run::Args),
        Cegar(craig::cli::cegar::Args),
        Smash(craig::cli::smash::Args),
    }
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = match Cli::parse_from(std::iter::once("craig").chain(args.iter().copied())) {
        Cli::Run(a) => craig::cli::run::run(&a, &mut out, &mut err),
        Cli::Cegar(a) => craig::cli::cegar::run(&a, &mut out, &mut err),
        Cli::Smash(a) => craig::cli::smash::run(&a, &mut out, &mut err),
    };
    let code = code.unwrap_or_else(|e| e.exit_code());
    (code, String::from_utf8(out).unwrap(), String::from_utf8(err).unwrap())
}

const HEADER: &str = "#include <stdlib.h>\nextern int __VERIFIER_nondet_int(void);\n";

/// Programs that lose a heap object, with the line of the `malloc` whose object is lost.
const LEAKS: &[(&str, &str, u32)] = &[
    (
        "overwritten",
        "int *g;\nint main(void) { int *p = malloc(4); int *q = malloc(4); g = q;\n p = 0; return 0; }",
        4,
    ),
    (
        "dropped_head",
        "struct node { struct node *next; };\nint main(void) {\n struct node *head = 0;\n \
         for (int i = 0; i < 3; i++) { struct node *n = malloc(sizeof *n); if (!n) return 0; \
         n->next = head; head = n; }\n head = head->next;\n \
         while (head) { struct node *t = head->next; free(head); head = t; }\n return 0;\n}",
        6,
    ),
    ("callee_local", "void f(void) { int *p = malloc(4); }\nint main(void) { f(); return 0; }", 3),
    // Falling off the end of `main` ends the program as `return 0;` does.
    ("falls_off_main", "int main(void) { int *p = malloc(4); p = 0; }", 3),
    (
        "cycle",
        "struct node { struct node *next; };\nint main(void) {\n struct node *a = malloc(8);\n \
         struct node *b = malloc(8);\n if (!a || !b) return 0;\n a->next = b; b->next = a;\n \
         a = 0; b = 0; return 0;\n}",
        5,
    ),
    (
        "inner_block",
        "int main(void) {\n int *keep = 0;\n { int *t = malloc(4); keep = t; }\n \
         { int *u = malloc(4); }\n free(keep); return 0;\n}",
        6,
    ),
    (
        "loop",
        "int main(void) {\n int *p = 0; int n = __VERIFIER_nondet_int();\n \
         for (int i = 0; i < n && i < 5; i++) { p = malloc(4); }\n free(p); return 0;\n}",
        5,
    ),
];

/// Programs whose objects left at the end are all still pointed to: no leak, though
/// `valid-memcleanup` fails.
const KEPT: &[(&str, &str)] = &[
    ("main_local", "int main(void) { int *x = malloc(4); return 0; }"),
    (
        "nested_return",
        "int main(void) {\n if (__VERIFIER_nondet_int()) { int *x = malloc(4); return 0; }\n \
         return 1;\n}",
    ),
    ("global", "int *g;\nint main(void) { int *p = malloc(4); g = p; p = 0; return 0; }"),
    (
        "in_long",
        "long kept;\nint main(void) { int *p = malloc(4); kept = (long)p; p = 0; return 0; }",
    ),
    ("interior", "int main(void) { int *p = malloc(16); if (!p) return 0; p = p + 2; return 0; }"),
    (
        "static_local",
        "void keep(void) { static int *s; s = malloc(4); }\nint main(void) { keep(); return 0; }",
    ),
    (
        "exit_in_callee",
        "void f(void) { int *p = malloc(4); exit(0); }\nint main(void) { f(); return 0; }",
    ),
];

#[test]
fn a_lost_object_is_a_memtrack_violation_named_by_its_allocation_site() {
    let dir = scratch("leaks");
    for (name, body, line) in LEAKS {
        let path = dir.join(format!("{name}.c"));
        std::fs::write(&path, format!("{HEADER}{body}\n")).unwrap();
        let (code, out, err) = command(&["cegar", &s(&path), "--property", "valid-memsafety"]);
        assert_eq!(code, 1, "{name}: {out}{err}");
        assert!(out.starts_with("UNSAFE\n"), "{name}: {out}");
        let site =
            format!("valid-memtrack fails: the heap object allocated at {}:{line}:", s(&path));
        assert!(out.contains(&site), "{name}: expected {site}\n{out}");
        assert!(out.contains("--property valid-memcleanup` fails the cleanup check"), "{out}");
        // The replay the answer names finds the same object lost.
        let inputs = out
            .lines()
            .find_map(|l| l.strip_prefix("inputs (in the order they are read): "))
            .unwrap()
            .replace(' ', "");
        let mut replay = vec!["run", path.to_str().unwrap(), "--property", "valid-memcleanup"];
        let given = format!("--inputs={inputs}");
        if inputs != "(none)" {
            replay.push(&given);
        }
        let (code, out, err) = command(&replay);
        assert_eq!(code, 1, "{name}: {out}{err}");
        assert!(out.contains(&site), "{name}: the replay: {out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_object_still_pointed_to_at_the_end_is_no_leak() {
    let dir = scratch("kept");
    for (name, body) in KEPT {
        let path = dir.join(format!("{name}.c"));
        std::fs::write(&path, format!("{HEADER}{body}\n")).unwrap();
        let (code, out, err) = command(&["cegar", &s(&path), "--property", "valid-memsafety"]);
        assert_eq!(code, 3, "{name}: {out}{err}");
        assert!(out.contains("still pointed to (valid-memcleanup fails there"), "{name}: {out}");
        // The cleanup property alone is violated, and said so.
        let (code, out, _) = command(&["cegar", &s(&path), "--property", "valid-memcleanup"]);
        assert_eq!(code, 1, "{name}: {out}");
        let (_, out, _) =
            command(&["run", &s(&path), "--property", "valid-memcleanup", "--inputs", "1"]);
        assert!(
            out.contains("every heap object left is still pointed to: no leak"),
            "{name}: {out}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn freeing_everything_is_memtrack_once_every_run_ends() {
    let dir = scratch("freed");
    let path = dir.join("freed.c");
    std::fs::write(&path, format!("{HEADER}int main(void) {{ int n = __VERIFIER_nondet_int(); if (n) {{ int *p = malloc(4); free(p); }} return 0; }}\n")).unwrap();
    let (code, out, err) = command(&["cegar", &s(&path), "--property", "valid-memsafety"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.starts_with("SAFE\nvalid-deref and valid-free hold; valid-memtrack holds"),
        "{out}"
    );
    assert!(out.contains("every run ends: the program has no loop and no recursion"), "{out}");
    // DASH's answer takes the same leak and termination runs.
    let (code, out, _) = command(&["smash", &s(&path), "--property", "valid-memsafety"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("valid-memtrack holds"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn loops_that_end_are_ranked_and_the_ranking_functions_are_shown() {
    let dir = scratch("ranked");
    let path = dir.join("ranked.c");
    // The second loop's condition is written so that the first candidate (`i - 10`) is the
    // wrong way round: the engine refutes it and the second (`10 - i`) is checked.
    std::fs::write(
        &path,
        format!(
            "{HEADER}int main(void) {{\n int *a = malloc(8 * sizeof(int)); if (!a) return 0;\n \
             for (int i = 8; i > 0; i--) a[i - 1] = i;\n \
             for (int i = 0; !(i >= 8); i++) a[i] = 0;\n free(a); return 0;\n}}\n"
        ),
    )
    .unwrap();
    let (code, out, err) = command(&["cegar", &s(&path), "--property", "valid-memsafety"]);
    assert_eq!(code, 0, "{out}{err}");
    let f = s(&path);
    assert!(out.contains(&format!("the loop of `main` at {f}:5:")), "{out}");
    assert!(out.contains("ends: `i - 0` decreases on each iteration"), "{out}");
    assert!(out.contains(&format!("the loop of `main` at {f}:6:")), "{out}");
    assert!(out.contains("ends: `8 - i` decreases on each iteration"), "{out}");
    assert!(
        out.contains("the termination run (domain impact, 2 engine runs, 2 loops ranked"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Programs that free everything on every run that reaches the end but may lose an object on a
/// run that does not: never `SAFE`, and the answer says what stopped the argument.
const NOT_SHOWN_TO_END: &[(&str, &str, &str)] = &[
    (
        "forever",
        "int main(void) { int *p = malloc(4);\n \
         if (__VERIFIER_nondet_int()) { p = 0; while (1) { } }\n free(p); return 0; }",
        "has no comparison of integers to rank it by",
    ),
    (
        "stalls",
        "int main(void) { int *p = malloc(4); int x = __VERIFIER_nondet_int();\n \
         if (x > 0) { p = 0; while (x > 0) { } }\n free(p); return 0; }",
        "no candidate ranking function decreases",
    ),
    (
        "maybe_steps",
        "int main(void) { int i = 0; int *p = malloc(4);\n \
         while (i < 10) { if (__VERIFIER_nondet_int()) i++; }\n free(p); return 0; }",
        "no candidate ranking function decreases on every iteration (tried `10 - i`, `i - 10`)",
    ),
    (
        "recursive",
        "int f(int n) { if (n <= 0) return 0; return f(n - 1); }\n\
         int main(void) { int *p = malloc(4); f(3); free(p); return 0; }",
        "the program is recursive (f → f)",
    ),
    (
        "tangled",
        "int main(void) { int *p = malloc(4); int i = 0;\n \
         if (__VERIFIER_nondet_int()) goto b;\n a: i++;\n b: if (i < 3) goto a;\n \
         free(p); return 0; }",
        "has a cycle that is no natural loop",
    ),
];

#[test]
fn a_run_that_may_not_end_keeps_memtrack_unknown_and_says_why() {
    let dir = scratch("not_ended");
    for (name, body, why) in NOT_SHOWN_TO_END {
        let path = dir.join(format!("{name}.c"));
        std::fs::write(&path, format!("{HEADER}{body}\n")).unwrap();
        let (code, out, err) = command(&["cegar", &s(&path), "--property", "valid-memsafety"]);
        assert_eq!(code, 3, "{name}: {out}{err}");
        assert!(out.starts_with("UNKNOWN: valid-deref and valid-free hold"), "{name}: {out}");
        assert!(out.contains("craig does not show that every run ends"), "{name}: {out}");
        assert!(out.contains(why), "{name}: {out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_run_that_aborts_after_losing_an_object_is_a_leak_and_one_that_keeps_it_is_not() {
    let dir = scratch("aborts");
    let path = dir.join("lost.c");
    std::fs::write(
        &path,
        format!(
            "{HEADER}int main(void) {{\n int *p = malloc(4);\n \
             if (__VERIFIER_nondet_int()) {{ p = 0; abort(); }}\n free(p); return 0;\n}}\n"
        ),
    )
    .unwrap();
    let (code, out, err) = command(&["cegar", &s(&path), "--property", "valid-memsafety"]);
    assert_eq!(code, 1, "{out}{err}");
    let f = s(&path);
    assert!(out.starts_with("UNSAFE\n"), "{out}");
    assert!(out.contains(&format!("{f}:5:")), "{out}");
    assert!(out.contains(&format!("allocated at {f}:4:")), "{out}");
    assert!(out.contains("to where it stops (`abort()`) and finds the same object lost"), "{out}");

    let path = dir.join("kept.c");
    std::fs::write(
        &path,
        format!(
            "{HEADER}int main(void) {{\n int *p = malloc(4);\n \
             if (__VERIFIER_nondet_int()) abort();\n free(p); return 0;\n}}\n"
        ),
    )
    .unwrap();
    let (code, out, err) = command(&["cegar", &s(&path), "--property", "valid-memsafety"]);
    assert_eq!(code, 3, "{out}{err}");
    assert!(out.contains("stops at"), "{out}");
    assert!(out.contains("all still pointed to"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs that stop at a check craig assumes (the error location, a signed overflow: C aborts or
/// its behaviour is undefined there) are finite runs too: losing an object before one is a
/// leak, though no run that reaches the end loses anything.
#[test]
fn a_run_that_stops_at_a_failing_check_after_losing_an_object_is_a_leak() {
    let dir = scratch("stops");
    let cases = [
        (
            "error",
            "extern void reach_error(void);\nint main(void) {\n int *p = malloc(4);\n \
             if (__VERIFIER_nondet_int()) { p = 0; reach_error(); }\n free(p); return 0;\n}",
            "error location unreachable",
        ),
        (
            "overflow",
            "int main(void) {\n int *p = malloc(4); int x = __VERIFIER_nondet_int();\n \
             if (x == 2147483647) { p = 0; x = x + 1; }\n free(p); return x;\n}",
            "signed overflow",
        ),
    ];
    for (name, body, stop) in cases {
        let path = dir.join(format!("{name}.c"));
        std::fs::write(&path, format!("{HEADER}{body}\n")).unwrap();
        let (code, out, err) = command(&["cegar", &s(&path), "--property", "valid-memsafety"]);
        assert_eq!(code, 1, "{name}: {out}{err}");
        assert!(out.starts_with("UNSAFE\n"), "{name}: {out}");
        assert!(out.contains(&format!("allocated at {}:", s(&path))), "{name}: {out}");
        assert!(
            out.contains(&format!("to where it stops (a failing check ({stop}")),
            "{name}: {out}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_leak_found_by_smash_is_the_same_leak() {
    let dir = scratch("smash");
    let (name, body, line) = LEAKS[0];
    let path = dir.join(format!("{name}.c"));
    std::fs::write(&path, format!("{HEADER}{body}\n")).unwrap();
    let (code, out, err) = command(&["smash", &s(&path), "--property", "valid-memsafety"]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains(&format!("allocated at {}:{line}:", s(&path))), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}

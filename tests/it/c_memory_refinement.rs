//! `craig cegar` proves C programs whose safety rests on memory: values stored through
//! pointers to locals, struct fields reached through heap pointers, objects checked live and
//! in bounds, array elements at the places they were written; each is a proof the engine could
//! not give before arrays had cells (it answered UNKNOWN). Beside each, the same program with
//! a bug, which must never be SAFE: a store through an alias updates every cell standing at
//! its address, and an element written at a place that has since written elsewhere reads as
//! arbitrary.

use crate::common::{s, scratch};

const PRELUDE: &str = "extern void reach_error(void);\n\
    extern void *malloc(unsigned long);\n\
    extern void *realloc(void *, unsigned long);\n\
    extern void free(void *);\n\
    extern int __VERIFIER_nondet_int(void);\n\
    void __VERIFIER_assert(int c) { if (!c) reach_error(); }\n";

/// `craig cegar` on `body` after the prelude, with `property`: the exit code and the output.
fn cegar(name: &str, body: &str, property: &str) -> (u8, String) {
    use clap::Parser as _;
    #[derive(clap::Parser)]
    enum Cli {
        Cegar(craig::cli::cegar::Args),
    }
    let path = scratch("memory-refinement").join(format!("{name}.c"));
    std::fs::write(&path, format!("{PRELUDE}{body}\n")).unwrap();
    let args = ["craig", "cegar", &s(&path), "--property", property, "--max-steps", "20000"];
    let Cli::Cegar(args) = Cli::parse_from(args);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = craig::cli::cegar::run(&args, &mut out, &mut err).unwrap_or_else(|e| e.exit_code());
    let mut text = String::from_utf8(out).unwrap();
    text.push_str(&String::from_utf8(err).unwrap());
    (code, text)
}

fn assert_safe(name: &str, body: &str, property: &str) {
    let (code, out) = cegar(name, body, property);
    assert_eq!(code, 0, "{name} should be SAFE:\n{out}");
    assert!(out.starts_with("SAFE"), "{out}");
}

fn assert_unsafe(name: &str, body: &str, property: &str) {
    let (code, out) = cegar(name, body, property);
    assert_eq!(code, 1, "{name} should be UNSAFE:\n{out}");
    assert!(out.contains("replayed"), "{out}");
}

#[test]
fn a_store_through_a_pointer_reaches_the_local_it_points_to() {
    assert_safe(
        "local",
        "int main(void) { int x = 0; int *p = &x; *p = 5; __VERIFIER_assert(x == 5); return 0; }",
        "unreach-call",
    );
    // Either variable may be the one written: the cells of both see the store.
    let chosen = "int main(void) { int a = 0, b = 7;\n\
        int *p = __VERIFIER_nondet_int() ? &a : &b; *p = 1;\n";
    assert_safe(
        "alias",
        &format!(
            "{chosen}__VERIFIER_assert(a == 1 || b == 1); __VERIFIER_assert(a + b != 7); return 0; }}"
        ),
        "unreach-call",
    );
    assert_unsafe(
        "alias_bad",
        &format!("{chosen}__VERIFIER_assert(a == 1); return 0; }}"),
        "unreach-call",
    );
}

#[test]
fn a_heap_object_is_checked_live_and_in_bounds_and_its_fields_kept() {
    let node = "struct node { int value; struct node *next; };\n\
        int main(void) { struct node *n = malloc(sizeof(struct node)); if (!n) return 0;\n\
        n->value = 4; n->next = 0; struct node *m = n; m->value = m->value + 1;\n";
    assert_safe(
        "fields",
        &format!("{node}__VERIFIER_assert(n->value == 5 && n->next == 0); free(n); return 0; }}"),
        "unreach-call",
    );
    assert_unsafe(
        "fields_bad",
        &format!("{node}__VERIFIER_assert(n->value == 4); free(n); return 0; }}"),
        "unreach-call",
    );
    // valid-deref and valid-free are proved, and valid-memtrack (every run ends, no loop).
    let (code, out) = cegar(
        "deref",
        &format!("{node}int v = n->value; free(n); return v; }}"),
        "valid-memsafety",
    );
    assert_eq!(code, 0, "{out}");
    assert!(
        out.starts_with("SAFE\nvalid-deref and valid-free hold; valid-memtrack holds"),
        "{out}"
    );
    assert_unsafe(
        "use_after_free",
        &format!("{node}free(n); if (__VERIFIER_nondet_int()) m->value = 2; return 0; }}"),
        "valid-memsafety",
    );
    assert_unsafe(
        "double_free",
        &format!("{node}free(n); if (__VERIFIER_nondet_int()) free(m); return 0; }}"),
        "valid-memsafety",
    );
}

#[test]
fn array_elements_are_known_where_they_were_last_written() {
    assert_safe(
        "kept",
        "int main(void) { int a[3]; a[0] = 5; for (int i = 1; i < 3; i++) a[i] = i;\n\
         __VERIFIER_assert(a[0] == 5); return 0; }",
        "unreach-call",
    );
    // The loop's store moves its cell on: a[0]'s value is no longer held by it.
    assert_unsafe(
        "moved",
        "int main(void) { int a[3]; for (int i = 0; i < 3; i++) a[i] = i;\n\
         __VERIFIER_assert(a[0] == 1); return 0; }",
        "unreach-call",
    );
    let (code, out) = cegar(
        "moved_true",
        "int main(void) { int a[3]; for (int i = 0; i < 3; i++) a[i] = i;\n\
         __VERIFIER_assert(a[0] == 0); return 0; }",
        "unreach-call",
    );
    assert_eq!(code, 3, "a[0] is read as arbitrary, so no answer but UNKNOWN:\n{out}");
    assert!(out.contains("`a` is tracked at the last element its one store wrote"), "{out}");
}

#[test]
fn a_recursive_activation_has_arrays_of_its_own() {
    // Each activation's `a` is another array: the callee's store must not reach the caller's.
    assert_safe(
        "frames",
        "int f(int n) { int a[2]; a[0] = n; if (n > 0) f(n - 1); return a[0]; }\n\
         int main(void) { __VERIFIER_assert(f(2) == 2); return 0; }",
        "unreach-call",
    );
    assert_unsafe(
        "frames_bad",
        "int f(int n) { int a[2]; a[0] = n; if (n > 0) f(n - 1); return a[0]; }\n\
         int main(void) { __VERIFIER_assert(f(2) == 1); return 0; }",
        "unreach-call",
    );
}

#[test]
fn realloc_moves_the_contents_to_a_new_object_and_frees_the_old() {
    let moved = "int main(void) { int *p = malloc(2 * sizeof(int)); if (!p) return 0;\n\
        p[0] = 7; p[1] = 9; int *q = realloc(p, 4 * sizeof(int));\n\
        if (!q) { free(p); return 0; } q[3] = 1;\n";
    assert_safe(
        "realloc_kept",
        &format!("{moved}__VERIFIER_assert(q[0] == 7 && q[1] == 9); free(q); return 0; }}"),
        "unreach-call",
    );
    assert_unsafe(
        "realloc_kept_bad",
        &format!("{moved}__VERIFIER_assert(q[1] == 8); free(q); return 0; }}"),
        "unreach-call",
    );
    // The old object is freed: writing through the old pointer, or freeing it, is a bug.
    assert_unsafe(
        "realloc_old_written",
        &format!("{moved}p[0] = 1; free(q); return 0; }}"),
        "valid-memsafety",
    );
    assert_unsafe(
        "realloc_old_freed",
        &format!("{moved}free(p); free(q); return 0; }}"),
        "valid-memsafety",
    );
    // The new object has the new size: a shrunk object's old last cell is out of bounds.
    assert_unsafe(
        "realloc_shrunk",
        "int main(void) { int *p = malloc(16); if (!p) return 0; int *q = realloc(p, 8);\n\
         if (!q) { free(p); return 0; } q[2] = 1; free(q); return 0; }",
        "valid-memsafety",
    );
    // Only the start of a live heap object may be reallocated; NULL is malloc.
    assert_unsafe(
        "realloc_interior",
        "int main(void) { int *p = malloc(8); if (!p) return 0; int *q = realloc(p + 1, 16);\n\
         free(q); free(p); return 0; }",
        "valid-memsafety",
    );
    assert_unsafe(
        "realloc_stack",
        "int main(void) { int x = 0; int *q = realloc(&x, 16); free(q); return 0; }",
        "valid-memsafety",
    );
    assert_safe(
        "realloc_null",
        "int main(void) { int *q = realloc(0, 8); if (!q) return 0; q[1] = 2;\n\
         __VERIFIER_assert(q[1] == 2); free(q); return 0; }",
        "valid-memsafety",
    );
}

#[test]
fn a_multi_dimensional_array_is_proved_element_by_element() {
    let grid = "int main(void) { int a[2][3]; a[0][2] = 5; a[1][0] = 7;\n";
    assert_safe(
        "grid",
        &format!("{grid}__VERIFIER_assert(a[0][2] == 5 && a[1][0] == 7); return 0; }}"),
        "unreach-call",
    );
    // a[0][2] and a[1][0] are elements 2 and 3: the second store does not reach the first.
    assert_unsafe(
        "grid_bad",
        &format!("{grid}__VERIFIER_assert(a[0][2] == 7); return 0; }}"),
        "unreach-call",
    );
}

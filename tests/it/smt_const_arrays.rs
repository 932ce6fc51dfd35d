//! Constant arrays `((as const (Array I E)) v)` end to end through `craig smt`'s reader: sat
//! and unsat answers, models printed with constant arrays and checked again here by asserting
//! them back, the sort errors with their positions, the logics that have them, and the proof
//! step that names the constant-read schema. Interpolation over constant arrays is in
//! `smt_interpolation.rs` (`interpolants_const_arrays.smt2` and random splits).

use crate::common::run_smt_script as run;

const INT_ARRAYS: &str = "(set-logic QF_ALIA)(declare-const a (Array Int Int))\
    (declare-const b (Array Int Int))(declare-const i Int)(declare-const j Int)\
    (declare-const v Int)(declare-const w Int)\n";

/// `((as const (Array Int Int)) value)`.
fn zeros(value: &str) -> String {
    format!("((as const (Array Int Int)) {value})")
}

#[test]
fn constant_array_scripts_get_the_theory_answers() {
    let unsat = [
        // Every read of a constant array is its value.
        format!("(assert (= (select {} i) 1))", zeros("0")),
        // The same write at two different indices of one constant array gives two arrays.
        format!(
            "(assert (= (store {z} i 1) (store {z} j 1)))(assert (not (= i j)))",
            z = zeros("0")
        ),
        // Two constant arrays with different values are different.
        format!("(assert (= {} {}))", zeros("0"), zeros("1")),
        format!("(assert (= a {}))(assert (= a {}))(assert (not (= v w)))", zeros("v"), zeros("w")),
        // A store over a constant array read elsewhere, through an equality.
        format!(
            "(assert (= a (store {} i 5)))(assert (= b a))(assert (not (= i j)))\
             (assert (not (= (select b j) 3)))",
            zeros("3")
        ),
        // Writing the value a constant array already holds changes nothing.
        format!("(assert (not (= (store {z} i 0) {z})))", z = zeros("0")),
    ];
    for body in &unsat {
        assert_eq!(run("const", &format!("{INT_ARRAYS}{body}(check-sat)")), "unsat\n", "{body}");
    }
    let sat = [
        format!("(assert (= (store {z} i 1) (store {z} j 1)))", z = zeros("0")),
        format!("(assert (not (= {} {})))", zeros("v"), zeros("w")),
        format!("(assert (= a {}))(assert (= a {}))", zeros("v"), zeros("w")),
        format!("(assert (not (= (store {z} i v) {z})))", z = zeros("0")),
    ];
    for body in &sat {
        assert_eq!(run("const", &format!("{INT_ARRAYS}{body}(check-sat)")), "sat\n", "{body}");
    }
}

#[test]
fn equal_constant_arrays_over_an_uninterpreted_index_sort_have_equal_values() {
    // Sorts are nonempty, so this holds even where the index sort may have one element; the
    // engine reads both arrays at one new index (it answered unknown before).
    let text = "(set-logic QF_AX)(declare-sort I 0)(declare-sort E 0)(declare-const e E)\
        (declare-const f E)(declare-const a (Array I E))\
        (assert (= a ((as const (Array I E)) e)))(assert (= a ((as const (Array I E)) f)))\
        (assert (not (= e f)))(check-sat)(get-proof)";
    let out = run("common", text);
    assert!(out.starts_with("unsat\n"), "{out}");
    assert!(out.contains("array_common_index!"), "{out}");
    assert!(out.contains(":schema constant-read"), "{out}");
    // Joined through a store instead, the arrays may be equal when the index sort has one
    // element: no answer but unknown.
    let joined = "(set-logic QF_AX)(declare-sort I 0)(declare-sort E 0)(declare-const e E)\
        (declare-const f E)(declare-const i I)(assert (not (= e f)))\
        (assert (= (store ((as const (Array I E)) e) i f) ((as const (Array I E)) f)))(check-sat)";
    assert_eq!(run("joined", joined), "unknown\n");
}

/// The `(define-fun NAME () SORT VALUE)` lines of a `get-model` answer, as `(NAME VALUE)`.
fn model_values(model: &str) -> Vec<(String, String)> {
    model
        .lines()
        .filter_map(|line| {
            let rest = line.trim().strip_prefix("(define-fun ")?;
            let (name, rest) = rest.split_once(" () ")?;
            // The value follows the sort, which is a symbol or one parenthesised list.
            let value_start = if rest.starts_with('(') {
                let mut depth = 0;
                rest.char_indices()
                    .find(|&(_, c)| {
                        depth += i32::from(c == '(') - i32::from(c == ')');
                        depth == 0
                    })
                    .map(|(k, _)| k + 1)?
            } else {
                rest.find(' ')?
            };
            let value = rest[value_start..].trim();
            Some((name.to_string(), value.strip_suffix(')')?.trim().to_string()))
        })
        .collect()
}

#[test]
fn models_print_constant_arrays_and_hold_when_asserted_back() {
    let assertions = [
        format!("(= a (store {} i 4))", zeros("3")),
        "(= b (store a j 5))".to_string(),
        "(not (= i j))".to_string(),
        format!("(not (= b {}))", zeros("v")),
        "(= (select b (+ i j)) v)".to_string(),
    ];
    let body: String = assertions.iter().map(|f| format!("(assert {f})")).collect();
    let out = run("model", &format!("{INT_ARRAYS}{body}(check-sat)(get-model)"));
    assert!(out.starts_with("sat\n"), "{out}");
    let values = model_values(&out);
    let a = values.iter().find(|(n, _)| n == "a").map(|(_, v)| v.as_str());
    let b = values.iter().find(|(n, _)| n == "b").map(|(_, v)| v.as_str());
    assert!(a.is_some_and(|a| a.starts_with("(store ((as const (Array Int Int)) 3) ")), "{out}");
    assert!(b.is_some_and(|b| b.contains("((as const (Array Int Int)) 3)")), "{out}");
    // Every symbol fixed to its printed value, each assertion's negation is refuted: the
    // printed model (not only the engine's own) satisfies the script.
    assert_eq!(values.len(), 6, "a value per declared constant: {out}");
    let fixed: String = values.iter().map(|(n, v)| format!("(assert (= {n} {v}))")).collect();
    for f in &assertions {
        let check = format!("{INT_ARRAYS}{fixed}(assert (not {f}))(check-sat)");
        assert_eq!(run("back", &check), "unsat\n", "{f} under {fixed}");
    }
    assert_eq!(run("back", &format!("{INT_ARRAYS}{fixed}{body}(check-sat)")), "sat\n");
}

#[test]
fn constant_array_errors_are_refused_with_positions_in_smtlib_words() {
    let declared = "(set-logic QF_ALIA)(declare-const a (Array Int Int))";
    // The error points at the first occurrence of `at` in the assertion.
    for (assertion, at, message) in [
        (
            "(assert (= a ((as const Int) 0)))",
            "Int)",
            "as const expects an array sort (Array I E), not Int",
        ),
        (
            "(assert (= a ((as const (Array Int Int)) true)))",
            "true",
            "the value of a constant array of sort (Array Int Int) must have its element sort \
             Int, not Bool",
        ),
        (
            "(assert (= a ((as const (Array Int Int)) 0 1)))",
            "((as",
            "a constant array takes one value",
        ),
        (
            "(assert (= a (as const (Array Int Int))))",
            "(as const",
            "(as const (Array Int Int)) is a constant array's qualifier: apply it to the value \
             every index holds, ((as const S) v)",
        ),
        (
            "(assert (= a ((as const) 0)))",
            "(as const)",
            "as const expects one sort: ((as const (Array I E)) v)",
        ),
        (
            "(assert (= a ((as const (Array Int Real)) 0)))",
            "Real",
            "the sort Real needs real arithmetic; QF_ALIA has none",
        ),
        (
            "(assert (= 0 ((as const (Array Int Int)) 0)))",
            "((as",
            "expected sort Int, got (Array Int Int)",
        ),
    ] {
        let column = declared.len() + assertion.find(at).expect("the marker is in the text") + 1;
        let out = run("const", &format!("{declared}{assertion}"));
        assert_eq!(out, format!("(error \"const:1:{column}: {message}\")\n"), "{assertion}");
    }
    // A logic without arrays has no constant arrays, whatever sort is named.
    // The error points at the sort `(Array Int Int)`, column 41.
    let out = run(
        "const",
        "(set-logic QF_LIA)(assert (= ((as const (Array Int Int)) 0) ((as const (Array Int Int)) 1)))",
    );
    assert_eq!(
        out,
        "(error \"const:1:41: the constant array (as const (Array Int Int)) needs an array \
         logic; QF_LIA has none\")\n"
    );
}

#[test]
fn logic_all_has_constant_arrays_with_every_other_theory() {
    let text = "(set-logic ALL)(declare-const a (Array Int Real))(declare-const x Real)\
        (declare-fun f (Int) Int)(assert (= a ((as const (Array Int Real)) 1.5)))\
        (assert (< x (select a (f 2))))(assert (> x 1.0))(check-sat)\
        (assert (= (select a 7) x))(check-sat)";
    assert_eq!(run("all", text), "sat\nunsat\n");
    // ALL is one more logic set once, before declarations, like the others.
    let late = run("all", "(declare-const x Int)(set-logic ALL)");
    assert!(late.starts_with("(error \"all:1:22: set-logic must come once"), "{late}");
}

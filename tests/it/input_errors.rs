//! Error reporting of the TPTP front end: exact `file:line:col` messages, and no panic on
//! garbage or truncated input.

use craig::input::parse_problem;

/// The first line of the error: position and message (the snippet under it is tested apart).
fn error_of(text: &str) -> String {
    match parse_problem(text, "PUZ001-1.p", "PUZ001-1", &[]) {
        Ok(_) => panic!("expected an error for {text:?}"),
        Err(e) => e.to_string().lines().next().unwrap_or_default().to_string(),
    }
}

#[test]
fn syntax_errors_name_file_line_and_column() {
    let cases = [
        (
            "fof(a, axiom, p & ).",
            "PUZ001-1.p:1:19: syntax error: expected a formula after `&`, found `)`",
        ),
        (
            "cnf(a, axiom, p).\n\n  cnf(b, axiom, q | ).",
            "PUZ001-1.p:3:21: syntax error: expected a formula after `|`, found `)`",
        ),
        (
            "fof(a, axiom, p(X) => /* why */ ).",
            "PUZ001-1.p:1:33: syntax error: expected a formula after `=>`, found `)`",
        ),
        (
            "fof(a, axiom, a = ).",
            "PUZ001-1.p:1:19: syntax error: expected a term after `=`, found `)`",
        ),
        ("fof(a, axiom, p &", "PUZ001-1.p:1:18: syntax error: unexpected end of input"),
        ("fof(a, axiom, p)\nfof(b, axiom, q).", "PUZ001-1.p:2:1: syntax error: unexpected `fof`"),
        ("fof(a, axiom, p(X).", "PUZ001-1.p:1:19: syntax error: unexpected `.`"),
        (
            "foo.",
            "PUZ001-1.p:1:1: syntax error: expected `cnf(`, `fof(` or `include(`, found `foo`",
        ),
        (
            "fof(a, axiom, p).\n/* never closed",
            "PUZ001-1.p:2:1: syntax error: unterminated comment",
        ),
        ("fof(a, axiom, ![X] p(X)).", "PUZ001-1.p:1:20: syntax error: unexpected `p`"),
        ("fof(a, axiom, (p & q).", "PUZ001-1.p:1:22: syntax error: unexpected `.`"),
        ("% comment\nfof(a, axiom, p", "PUZ001-1.p:2:16: syntax error: unexpected end of input"),
    ];
    let got: Vec<(&str, String)> = cases.iter().map(|(t, _)| (*t, error_of(t))).collect();
    let want: Vec<(&str, String)> = cases.iter().map(|(t, e)| (*t, e.to_string())).collect();
    assert_eq!(got, want);
}

/// A syntax error shows its line with a caret under the column, as the other front ends do.
#[test]
fn syntax_errors_show_the_line_and_a_caret() {
    let error = match parse_problem("cnf(a, axiom, p).\n  cnf(b, axiom, q | ).", "P.p", "P", &[]) {
        Ok(_) => panic!("accepted"),
        Err(e) => e.to_string(),
    };
    assert_eq!(
        error,
        "P.p:2:21: syntax error: expected a formula after `|`, found `)`\n\
         2 |   cnf(b, axiom, q | ).\n\
         \x20 |                     ^"
    );
}

#[test]
fn unsupported_constructs_are_named() {
    let cases = [
        (
            "thf(a, axiom, p).",
            "PUZ001-1.p:1:1: unsupported: higher-order formulas (thf) are not supported",
        ),
        (
            "fof(a, axiom, p).\n tff(t, type, c: $int).",
            "PUZ001-1.p:2:2: unsupported: arithmetic type `$int` (TFF arithmetic is not supported)",
        ),
        ("fof(a, axiom, p($sum(1, 2))).", "PUZ001-1.p:1:17: unsupported: defined term `$sum`"),
        (
            "fof(a, axiom, $less(1, 2)).",
            "PUZ001-1.p:1:15: unsupported: defined predicate `$less` (arithmetic is not supported)",
        ),
        ("fof(a, question, p).", "PUZ001-1.p:1:1: unsupported: formula role `question`"),
    ];
    let got: Vec<(&str, String)> = cases.iter().map(|(t, _)| (*t, error_of(t))).collect();
    let want: Vec<(&str, String)> = cases.iter().map(|(t, e)| (*t, e.to_string())).collect();
    assert_eq!(got, want);
}

#[test]
fn missing_include_names_every_path_tried() {
    let message = match parse_problem(
        "\n  include('Axioms/NOPE001-0.ax').",
        "/nonexistent/dir/P.p",
        "P",
        &["/nonexistent/root".into()],
    ) {
        Ok(_) => panic!("missing include accepted"),
        Err(e) => e.to_string(),
    };
    assert_eq!(
        message,
        "/nonexistent/dir/P.p:2:3: include 'Axioms/NOPE001-0.ax' not found; tried \
         /nonexistent/dir/Axioms/NOPE001-0.ax, /nonexistent/root/Axioms/NOPE001-0.ax"
    );
}

/// Every prefix of a valid problem, and assorted garbage, gives `Ok` or `Err`, never a panic.
#[test]
fn garbage_and_truncated_input_never_panics() {
    let valid = "% header\ninclude('x.ax', [a, 'b c']).\nfof(f1, axiom, ![X, Y]: (p(X) <=> \
                 ?[Z]: (q(X, Z) | ~ r(\"s\", 1/2, -3.5e2)))).\ncnf(c1, negated_conjecture, \
                 X != f(Y) | $false).\n/* block */ fof(f2, conjecture, $true => (a ~| b)).\n";
    for end in 0..=valid.len() {
        if valid.is_char_boundary(end) {
            let _ = parse_problem(&valid[..end], "t.p", "t", &[]);
        }
    }
    let garbage = [
        "",
        " ",
        "(",
        ")",
        ".",
        "fof",
        "fof(",
        "fof(,,).",
        "cnf(a,axiom,",
        "'",
        "\"",
        "%",
        "/*",
        "fof(a,axiom,((((((((((p)))))))))).",
        "fof(a,axiom,~~~~~~~~~~~~~~~~p).",
        "\u{0}\u{1}\u{ff}",
        "include(",
        "include('').",
        "fof(a,axiom,p)).",
        "cnf(a,axiom,p(X)|~).",
        "thf",
        "tff(",
        "fof(a, axiom, ! [X] : ).",
        "fof(a, axiom, X).",
        "fof(a, axiom, p = ).",
    ];
    for text in garbage {
        let _ = parse_problem(text, "t.p", "t", &[]);
    }
    // Deep nesting is handled on the worker's large stack.
    let deep = format!("fof(a, axiom, {}p{}).", "(".repeat(5000), ")".repeat(5000));
    assert!(parse_problem(&deep, "t.p", "t", &[]).is_ok());
    let negations = format!("fof(a, axiom, {}p).", "~ ".repeat(5000));
    assert!(parse_problem(&negations, "t.p", "t", &[]).is_ok());
}

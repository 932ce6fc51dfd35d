//! The shared S-expression reader (`syntax::sexpr`) never panics, in either dialect: arbitrary
//! text, and soups of the tokens each dialect gives meaning to, are read into data or refused
//! with a diagnostic inside the text, which renders.

use craig::syntax::{Diagnostic, SourceMap};
use proptest::prelude::*;

/// Every way each dialect can go wrong or right, glued without spaces as often as with them.
const VOCAB: [&str; 40] = [
    "(", ")", "[", "]", "#(", "'", "`", ",", ",@", ".", "#;", "#|", "|#", ";", "\n", " ", "\"",
    "\\", "\"\"", "|", "|a b|", ":k", ":", "#t", "#f", "#\\", "#\\(", "#b101", "#x1F", "1.5",
    "-12", "1/2", "1e5", "x", "+", "...", "é", "\t", "\x0C", "#",
];

/// The diagnostic's spans lie inside the text and it renders with `file:line:col`.
fn check(text: &str, d: &Diagnostic) {
    let mut sources = SourceMap::new();
    sources.add("t", None, text.to_string());
    assert!(d.primary.start <= d.primary.end && d.primary.end as usize <= text.len(), "{d:?}");
    for label in &d.labels {
        assert!(label.span.end as usize <= text.len(), "{d:?}");
    }
    assert!(d.render(&sources).starts_with("t:"));
}

fn read_both(text: &str) {
    if let Err(d) = craig::smtlib::parse(text, craig::syntax::FileId(0)) {
        assert!(d.message.starts_with("syntax error: "), "{}", d.message);
        check(text, &d);
    }
    let (_, diags) = craig::scheme::sexp::parse_file(craig::syntax::FileId(0), text);
    for d in &diags {
        check(text, d);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_text_never_panics(text in any::<String>()) {
        read_both(&text);
    }

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        read_both(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn token_soup_never_panics(toks in proptest::collection::vec(0usize..VOCAB.len(), 0..80)) {
        let text: String = toks.iter().map(|&i| VOCAB[i]).collect();
        read_both(&text);
    }
}

#[test]
fn deep_nesting_is_refused_not_a_crash() {
    for text in ["(".repeat(1_000_000), "'[".repeat(500_000), "#;(".repeat(500_000)] {
        read_both(&text);
    }
}

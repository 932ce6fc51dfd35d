//! S-expressions with spans, read by the shared reader ([`crate::syntax::sexpr`]) in the
//! Scheme dialect; which forms are accepted (define, lambda, let, ...) is decided after reading,
//! in `expand.rs`, so that a refused form gets a message naming it.

use crate::syntax::sexpr::{self, Bracket, Dialect, Escapes, Form};
use crate::syntax::{Diagnostic, FileId, Span};

/// Brackets and quote marks may nest at most this deep: the passes after reading recurse on
/// nesting.
pub const MAX_DEPTH: usize = 200;

/// One S-expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sexp {
    /// What it is.
    pub kind: SexpKind,
    /// Where it is.
    pub span: Span,
}

/// The kinds of S-expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SexpKind {
    /// `(a b c)` or `[a b c]`.
    List(Vec<Sexp>),
    /// `(a b . c)`: the elements and the tail.
    Dotted(Vec<Sexp>, Box<Sexp>),
    /// `#(a b c)`.
    Vector(Vec<Sexp>),
    /// An integer that fits in 64 bits.
    Int(i64),
    /// A number craig does not model (a fraction, a decimal, an integer out of range); the text.
    OtherNumber(String),
    /// A string literal, escapes resolved.
    Str(String),
    /// A character literal (`#\a`); the text, refused later.
    Char(String),
    /// `#t` or `#f`.
    Bool(bool),
    /// A symbol.
    Sym(String),
}

impl Sexp {
    /// The symbol's name if this is a symbol.
    pub fn as_sym(&self) -> Option<&str> {
        match &self.kind {
            SexpKind::Sym(s) => Some(s),
            _ => None,
        }
    }

    /// The elements if this is a proper list.
    pub fn as_list(&self) -> Option<&[Sexp]> {
        match &self.kind {
            SexpKind::List(items) => Some(items),
            _ => None,
        }
    }
}

/// Reads every datum of a file. On a syntax error nothing is returned but the diagnostic.
pub fn parse_file(file: FileId, text: &str) -> (Vec<Sexp>, Vec<Diagnostic>) {
    let read = sexpr::read(file, text, &SCHEME, |form, span| {
        let kind = match form {
            Form::Token(t) => atom(t)?,
            Form::Str(value) => SexpKind::Str(value),
            Form::List { open: "#(", items, .. } => SexpKind::Vector(items),
            Form::List { items, tail: Some(tail), .. } => SexpKind::Dotted(items, Box::new(tail)),
            Form::List { items, tail: None, .. } => SexpKind::List(items),
        };
        Ok::<_, UnknownHashToken>(Sexp { kind, span })
    });
    match read {
        Ok(data) => (data, Vec::new()),
        Err(d) => (Vec::new(), vec![d]),
    }
}

/// The Scheme subset's S-expressions: `(` pairs with `)` and `[` with `]`, both may be dotted,
/// `#(` opens a vector; `#| ... |#` block comments (not nested) and `#;` before a datum;
/// `'`, `` ` ``, `,@` and `,`; strings with backslash escapes; a token runs to a delimiter.
const SCHEME: Dialect = Dialect {
    prefix: "",
    whitespace: &[' ', '\t', '\r', '\n', '\x0C'],
    brackets: &[
        Bracket { open: "#(", close: ')', dotted: false },
        Bracket { open: "(", close: ')', dotted: true },
        Bracket { open: "[", close: ']', dotted: true },
    ],
    block_comment: Some(("#|", "|#")),
    datum_comment: Some("#;"),
    quotes: &[("'", "quote"), ("`", "quasiquote"), (",@", "unquote-splicing"), (",", "unquote")],
    escapes: Escapes::Backslash,
    bar_symbols: false,
    token: token_len,
    max_depth: MAX_DEPTH,
    levels: "brackets and quotes",
};

fn delimiter(c: char) -> bool {
    SCHEME.whitespace.contains(&c) || "()[]\";'`,".contains(c)
}

/// The length of the token `rest` starts with: up to the next delimiter, and for a character
/// literal `#\c` at least the character after the backslash (which may be a delimiter).
fn token_len(rest: &str) -> usize {
    let run = |s: &str| s.find(delimiter).unwrap_or(s.len());
    match rest.strip_prefix("#\\").and_then(|r| r.chars().next()) {
        Some(c) => 2 + c.len_utf8() + run(&rest[2 + c.len_utf8()..]),
        None => run(rest),
    }
}

/// A token that starts with `#` and is none of the `#` forms the subset reads (booleans,
/// characters): the program is refused there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unexpected `{0}`")]
struct UnknownHashToken(String);

/// What a token is: a boolean, a character, a number (anything that starts like one: `expand.rs`
/// refuses what is not an integer) or a symbol.
fn atom(t: &str) -> Result<SexpKind, UnknownHashToken> {
    Ok(match t {
        "#t" | "#true" => SexpKind::Bool(true),
        "#f" | "#false" => SexpKind::Bool(false),
        _ if t.starts_with("#\\") && t.len() > 2 => SexpKind::Char(t.to_string()),
        _ if t.starts_with('#') => return Err(UnknownHashToken(t.to_string())),
        _ if looks_numeric(t) => match t.parse::<i64>() {
            Ok(n) => SexpKind::Int(n),
            Err(_) => SexpKind::OtherNumber(t.to_string()),
        },
        _ => SexpKind::Sym(t.to_string()),
    })
}

/// `[+-]digits`, then optionally one of `.`, `/`, `e`, `E` and digits or signs.
fn looks_numeric(t: &str) -> bool {
    let t = t.strip_prefix(['-', '+']).unwrap_or(t);
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    if digits == 0 {
        return false;
    }
    let rest = &t[digits..];
    match rest.strip_prefix(['.', '/', 'e', 'E']) {
        Some(more) => more.chars().all(|c| c.is_ascii_digit() || c == '-' || c == '+'),
        None => rest.is_empty(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Vec<Sexp> {
        let (data, diags) = parse_file(FileId(0), text);
        assert!(diags.is_empty(), "{diags:?}");
        data
    }

    #[test]
    fn reads_lists_quotes_and_atoms() {
        let data = read("(define (f x) 'y) ; comment\n[a . b] #(1 \"s\\n\") #t -12 foo->bar");
        assert_eq!(data.len(), 6);
        let SexpKind::List(items) = &data[0].kind else { panic!() };
        assert_eq!(items[2].as_list().unwrap()[0].as_sym(), Some("quote"));
        assert!(matches!(data[1].kind, SexpKind::Dotted(..)));
        let SexpKind::Vector(v) = &data[2].kind else { panic!() };
        assert_eq!(v[1].kind, SexpKind::Str("s\n".into()));
        assert_eq!(data[3].kind, SexpKind::Bool(true));
        assert_eq!(data[4].kind, SexpKind::Int(-12));
        assert_eq!(data[5].as_sym(), Some("foo->bar"));
    }

    #[test]
    fn spans_point_at_text() {
        let data = read("  (a b)");
        assert_eq!((data[0].span.start, data[0].span.end), (2, 7));
    }

    #[test]
    fn unclosed_bracket_is_reported() {
        let (_, d) = parse_file(FileId(0), "(define (f x)");
        assert_eq!(d.len(), 1);
        assert!(d[0].message.contains("not closed"), "{}", d[0].message);
    }

    #[test]
    fn ellipsis_and_signs_are_symbols() {
        let data = read("(... - + 1+)");
        let items = data[0].as_list().unwrap();
        assert_eq!(items.iter().filter_map(Sexp::as_sym).count(), 4);
    }
}

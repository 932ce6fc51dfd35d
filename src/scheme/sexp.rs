//! S-expressions with spans, read by the pest grammar `grammar.pest`.
//!
//! pest is used only here: its pairs become [`Sexp`] trees at once and its errors become
//! [`Diagnostic`]s, so nothing else in the front end depends on pest types.

use pest::Parser as _;
use pest::error::InputLocation;
use pest::iterators::Pair;

use crate::syntax::{Diagnostic, FileId, Span};

mod grammar {
    //! The derived pest parser (private: `Rule` is an implementation detail).
    #[derive(pest_derive::Parser)]
    #[grammar = "scheme/grammar.pest"]
    pub struct SchemeParser;
}

use grammar::{Rule, SchemeParser};

/// Brackets may nest at most this deep: the parser and the passes after it recurse on nesting.
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
    if let Some(at) = too_deep(text) {
        let d = Diagnostic::error(Span::new(file, at, at + 1), "brackets nested too deeply")
            .with_note(format!("at most {MAX_DEPTH} levels of `(` and `[` are allowed"));
        return (Vec::new(), vec![d]);
    }
    match SchemeParser::parse(Rule::file, text) {
        Ok(mut pairs) => {
            let Some(top) = pairs.next() else { return (Vec::new(), Vec::new()) };
            let data = top
                .into_inner()
                .filter(|p| p.as_rule() != Rule::EOI)
                .map(|p| convert(file, p))
                .collect();
            (data, Vec::new())
        }
        Err(e) => (Vec::new(), vec![convert_error(file, text, &e)]),
    }
}

/// The byte offset of the first bracket nested deeper than [`MAX_DEPTH`], if any. Brackets in
/// comments and strings count too, which only makes the check stricter.
fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'(' | b'[' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(i);
                }
            }
            b')' | b']' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

fn span_of(file: FileId, p: &Pair<'_, Rule>) -> Span {
    Span::new(file, p.as_span().start(), p.as_span().end())
}

fn convert(file: FileId, p: Pair<'_, Rule>) -> Sexp {
    let span = span_of(file, &p);
    let kind = match p.as_rule() {
        Rule::list | Rule::bracket_list => {
            let mut items = Vec::new();
            let mut tail = None;
            for c in p.into_inner() {
                match c.as_rule() {
                    Rule::close_paren | Rule::close_bracket => {}
                    Rule::tail => {
                        let Some(d) = c.into_inner().nth(1) else { continue };
                        tail = Some(Box::new(convert(file, d)));
                    }
                    _ => items.push(convert(file, c)),
                }
            }
            match tail {
                Some(t) => SexpKind::Dotted(items, t),
                None => SexpKind::List(items),
            }
        }
        Rule::vector => SexpKind::Vector(
            p.into_inner()
                .filter(|c| c.as_rule() != Rule::close_paren)
                .map(|c| convert(file, c))
                .collect(),
        ),
        Rule::quoted => {
            let mut inner = p.into_inner();
            let (Some(mark), Some(d)) = (inner.next(), inner.next()) else {
                return Sexp { kind: SexpKind::List(Vec::new()), span };
            };
            let name = match mark.as_str() {
                "'" => "quote",
                "`" => "quasiquote",
                ",@" => "unquote-splicing",
                _ => "unquote",
            };
            let head = Sexp { kind: SexpKind::Sym(name.to_string()), span: span_of(file, &mark) };
            SexpKind::List(vec![head, convert(file, d)])
        }
        Rule::boolean => SexpKind::Bool(matches!(p.as_str(), "#t" | "#true")),
        Rule::number => match p.as_str().parse::<i64>() {
            Ok(n) => SexpKind::Int(n),
            Err(_) => SexpKind::OtherNumber(p.as_str().to_string()),
        },
        Rule::string => {
            let body = p.into_inner().next().map_or("", |b| b.as_str());
            SexpKind::Str(unescape(body))
        }
        Rule::character => SexpKind::Char(p.as_str().to_string()),
        _ => SexpKind::Sym(p.as_str().to_string()),
    };
    Sexp { kind, span }
}

/// Resolves `\n`, `\t`, `\\` and `\"`; other escapes keep the escaped character.
fn unescape(body: &str) -> String {
    let mut out = String::with_capacity(body.len());
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => out.push('\n'),
            Some('t') => out.push('\t'),
            Some(other) => out.push(other),
            None => {}
        }
    }
    out
}

fn convert_error(file: FileId, text: &str, e: &pest::error::Error<Rule>) -> Diagnostic {
    let at = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    }
    .min(text.len());
    let found = text[at..].chars().next();
    let message = match found {
        None => unclosed_message(text),
        Some(')') | Some(']') => "unexpected closing bracket".to_string(),
        Some(c) => format!("unexpected `{c}`"),
    };
    let end = at + found.map_or(0, char::len_utf8);
    Diagnostic::error(Span::new(file, at, end), message)
}

/// At end of input the likely culprit is an unclosed bracket or string.
fn unclosed_message(text: &str) -> String {
    let quotes = text.matches('"').count() - text.matches("\\\"").count();
    if quotes % 2 == 1 {
        "unterminated string".to_string()
    } else {
        "unexpected end of input: a bracket is not closed".to_string()
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

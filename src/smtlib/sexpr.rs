//! SMT-LIB text to [`SExpr`]s with byte spans, read by the shared reader
//! ([`crate::syntax::sexpr`]) in the SMT-LIB dialect, refusing nesting deeper than
//! [`MAX_DEPTH`].

use crate::syntax::sexpr::{self, Bracket, Dialect, Escapes, Form};
use crate::syntax::{Diagnostic, FileId};

/// An S-expression with its byte span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SExpr {
    /// A symbol (quoted symbols without their bars), numeral or other atom.
    Symbol(String, (usize, usize)),
    /// A string literal, without quotes.
    Str(String, (usize, usize)),
    /// A keyword such as `:named`.
    Keyword(String, (usize, usize)),
    /// A parenthesised list.
    List(Vec<SExpr>, (usize, usize)),
}

/// An S-expression as SMT-LIB text (for messages: symbols that needed bars print without them).
impl std::fmt::Display for SExpr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SExpr::Symbol(text, _) | SExpr::Keyword(text, _) => f.write_str(text),
            SExpr::Str(text, _) => write!(f, "\"{}\"", text.replace('"', "\"\"")),
            SExpr::List(items, _) => {
                f.write_str("(")?;
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{item}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl SExpr {
    pub(super) fn span(&self) -> (usize, usize) {
        match self {
            SExpr::Symbol(_, s) | SExpr::Str(_, s) | SExpr::Keyword(_, s) | SExpr::List(_, s) => *s,
        }
    }

    pub(super) fn symbol(&self) -> Option<&str> {
        match self {
            SExpr::Symbol(s, _) => Some(s),
            _ => None,
        }
    }

    /// The symbol a list starts with, as in `(and ...)`.
    pub(super) fn head_symbol(&self) -> Option<&str> {
        match self {
            SExpr::List(items, _) => items.first().and_then(SExpr::symbol),
            _ => None,
        }
    }
}

/// Reads a script into S-expressions, or a diagnostic at the first syntax error.
pub fn parse(text: &str, file: FileId) -> Result<Vec<SExpr>, Diagnostic> {
    // Every token is read as written (what it means is the elaboration's), so building never
    // refuses.
    sexpr::read(file, text, &SMTLIB, |form, span| {
        let span = (span.start as usize, span.end as usize);
        Ok::<_, std::convert::Infallible>(match form {
            Form::Token(t) if t.starts_with(':') => SExpr::Keyword(t.to_string(), span),
            Form::Token(t) => {
                let unbarred = t.strip_prefix('|').and_then(|t| t.strip_suffix('|'));
                SExpr::Symbol(unbarred.unwrap_or(t).to_string(), span)
            }
            Form::Str(value) => SExpr::Str(value, span),
            Form::List { items, .. } => SExpr::List(items, span),
        })
    })
}

/// The deepest nesting accepted: the elaboration recurses once per level, and this bound keeps
/// it well inside a 2 MB thread stack.
pub const MAX_DEPTH: usize = 500;

/// SMT-LIB 2 as S-expressions: `(` only, `""` inside strings, `|quoted symbols|`, and tokens
/// that are runs of symbol characters (symbols, numerals, decimals, `#b`/`#x` literals),
/// keywords being a `:` and such a run.
const SMTLIB: Dialect = Dialect {
    prefix: "syntax error: ",
    whitespace: &[' ', '\t', '\r', '\n'],
    brackets: &[Bracket { open: "(", close: ')', dotted: false }],
    block_comment: None,
    datum_comment: None,
    quotes: &[],
    escapes: Escapes::DoubledQuote,
    bar_symbols: true,
    token: token_len,
    max_depth: MAX_DEPTH,
    levels: "parentheses",
};

/// The length of the symbol, numeral or keyword `rest` starts with (0 if none does).
fn token_len(rest: &str) -> usize {
    let run = |s: &str| s.find(|c| !symbol_char(c)).unwrap_or(s.len());
    match rest.strip_prefix(':') {
        Some(name) => match run(name) {
            0 => 0,
            n => n + 1,
        },
        None => run(rest),
    }
}

fn symbol_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || "~!@$%^&*_-+=<>.?/#".contains(c)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn error(text: &str) -> String {
        parse(text, FileId(0)).unwrap_err().message
    }

    #[test]
    fn reads_symbols_keywords_strings_and_literals() {
        let data = parse("(! |a b| :named x\"y\"#b101 1.5 \"q\"\"\") ; c", FileId(0)).unwrap();
        assert_eq!(data.len(), 1);
        assert_eq!(data[0].to_string(), "(! a b :named x \"y\" #b101 1.5 \"q\"\"\")");
        let SExpr::List(items, _) = &data[0] else { panic!() };
        assert!(matches!(&items[2], SExpr::Keyword(k, (9, 15)) if k == ":named"));
        assert!(matches!(&items[1], SExpr::Symbol(s, (3, 8)) if s == "a b"));
        assert!(matches!(&items[7], SExpr::Str(s, _) if s == "q\""));
    }

    #[test]
    fn errors_name_what_is_wrong() {
        assert_eq!(
            error("(assert (= a b)\n"),
            "syntax error: unexpected end of input: the `(` at line 1, column 1 is not closed"
        );
        assert_eq!(error("(check-sat))"), "syntax error: unexpected `)`: no `(` is open");
        assert_eq!(error("(assert 'p)"), "syntax error: unexpected `'`");
        assert_eq!(error("(echo \"hi)"), "syntax error: unterminated string: no closing `\"`");
        let deep = format!("{}{}", "(".repeat(MAX_DEPTH + 1), ")".repeat(MAX_DEPTH + 1));
        assert_eq!(
            error(&deep),
            "syntax error: nested too deeply: at most 500 levels of parentheses are allowed"
        );
    }
}

//! The S-expression reader: SMT-LIB text to [`SExpr`]s with byte spans (the pest grammar
//! `grammar.pest`), refusing nesting deeper than [`MAX_DEPTH`] before the recursive parts run.

use pest::Parser;

use crate::syntax::{Diagnostic, FileId, Span};

mod grammar {
    //! The generated S-expression parser.
    #[derive(pest_derive::Parser)]
    #[grammar = "smtlib/grammar.pest"]
    pub struct SmtlibParser;
}

use grammar::{Rule, SmtlibParser};

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
    if let Some(at) = too_deep(text) {
        let message = format!("nesting deeper than {MAX_DEPTH} parentheses is not supported");
        return Err(Diagnostic::error(Span::new(file, at, at), message));
    }
    let pairs = SmtlibParser::parse(Rule::script, text).map_err(|e| {
        let start = match e.location {
            pest::error::InputLocation::Pos(p) => p,
            pest::error::InputLocation::Span((s, _)) => s,
        };
        let start = start.min(text.len());
        Diagnostic::error(
            Span::new(file, start, start),
            "syntax error: unbalanced parentheses or invalid token",
        )
    })?;
    let mut out = Vec::new();
    for pair in pairs.flatten().take(1) {
        for inner in pair.into_inner() {
            if inner.as_rule() != Rule::EOI {
                out.push(convert(inner));
            }
        }
    }
    Ok(out)
}

/// The deepest nesting accepted: the reader and the elaboration recurse once per level, and
/// this bound keeps them well inside a 2 MB thread stack.
pub const MAX_DEPTH: usize = 500;

/// The offset of the first parenthesis nested deeper than [`MAX_DEPTH`], outside strings,
/// quoted symbols and comments.
fn too_deep(text: &str) -> Option<usize> {
    let (mut depth, mut in_string, mut in_quoted, mut in_comment) = (0usize, false, false, false);
    for (i, c) in text.char_indices() {
        match c {
            '\n' if in_comment => in_comment = false,
            _ if in_comment => {}
            '"' if !in_quoted => in_string = !in_string,
            '|' if !in_string => in_quoted = !in_quoted,
            _ if in_string || in_quoted => {}
            ';' => in_comment = true,
            '(' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(i);
                }
            }
            ')' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

fn convert(pair: pest::iterators::Pair<'_, Rule>) -> SExpr {
    let span = (pair.as_span().start(), pair.as_span().end());
    let text = pair.as_str();
    match pair.as_rule() {
        Rule::list => SExpr::List(pair.into_inner().map(convert).collect(), span),
        Rule::string => SExpr::Str(text[1..text.len() - 1].replace("\"\"", "\""), span),
        Rule::quoted => SExpr::Symbol(text[1..text.len() - 1].to_string(), span),
        Rule::keyword => SExpr::Keyword(text.to_string(), span),
        _ => SExpr::Symbol(text.to_string(), span),
    }
}

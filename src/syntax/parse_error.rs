//! Turning a pest parse error into a [`Diagnostic`] that says what was expected and what was
//! found, in words a user reads (`expected a term, found `&``), for every pest-based front end.
//!
//! pest reports the rules it tried at the failing position; each front end names the rules worth
//! mentioning (its `describe` function) and this module does the rest: the position, the token
//! found there, and an `a, b or c` list.

use pest::error::{Error, ErrorVariant, InputLocation};

use super::{Diagnostic, FileId, Span};

/// The diagnostic for a pest error on `rest`, a text that starts at byte `base` of `file`.
/// `describe` names the rules a message may mention (`None` for rules never reported).
pub fn pest_diagnostic<R: pest::RuleType>(
    file: FileId,
    base: usize,
    rest: &str,
    error: &Error<R>,
    describe: impl Fn(R) -> Option<&'static str>,
) -> Diagnostic {
    let at = match error.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let found = found_token(rest.get(at.min(rest.len())..).unwrap_or(""));
    // The length of the quoted token (for `end of line`, the same count of bytes, which
    // underlines the line end the way existing messages do).
    let found_len = if found == "end of input" { 0 } else { found.len() - 2 };
    let message = match &error.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut wanted: Vec<&str> = positives.iter().filter_map(|r| describe(*r)).collect();
            wanted.sort_unstable();
            wanted.dedup();
            if wanted.is_empty() {
                format!("unexpected {found}")
            } else {
                format!("expected {}, found {found}", join_or(&wanted))
            }
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    Diagnostic::error(Span::new(file, base + at, base + at + found_len), message)
}

/// The next token of the input, quoted, for "found ..." messages: a word, or one character;
/// `end of line` and `end of input` unquoted.
pub fn found_token(rest: &str) -> String {
    let rest = rest.trim_start_matches([' ', '\t']);
    let Some(c) = rest.chars().next() else { return "end of input".to_string() };
    if c == '\n' || c == '\r' {
        return "end of line".to_string();
    }
    let word = if c.is_alphanumeric() || c == '_' || c == '\'' {
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == '\''))
            .unwrap_or(rest.len());
        &rest[..end]
    } else {
        &rest[..c.len_utf8()]
    };
    format!("`{word}`")
}

/// `a`, `a or b`, `a, b or c`.
pub fn join_or(xs: &[&str]) -> String {
    match xs {
        [] => String::new(),
        [x] => x.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn found_token_quotes_words_and_symbols() {
        assert_eq!(found_token("  theorem x"), "`theorem`");
        assert_eq!(found_token("& y"), "`&`");
        assert_eq!(found_token(""), "end of input");
        assert_eq!(found_token("\nx"), "end of line");
    }

    #[test]
    fn lists_read_as_english() {
        assert_eq!(join_or(&["a"]), "a");
        assert_eq!(join_or(&["a", "b", "c"]), "a, b or c");
    }
}

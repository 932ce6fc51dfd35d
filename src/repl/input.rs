//! Reading command lines: when an input is complete (so the terminal and scripts know whether to
//! ask for another line) and how a line splits into words.

/// Whether `text` is a complete command: every bracket `( [ {` is closed and no quote is open.
/// A command may span lines while it is not complete, which spec-language commands will need.
/// Too many closing brackets count as complete, so the command itself can report the error.
pub fn input_is_complete(text: &str) -> bool {
    let mut depth: i64 = 0;
    let mut quote: Option<char> = None;
    let mut escaped = false;
    for c in text.chars() {
        if let Some(q) = quote {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == q {
                quote = None;
            }
            continue;
        }
        match c {
            '"' | '\'' => quote = Some(c),
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth -= 1,
            // A comment runs to the end of its line; brackets in it do not count.
            '#' if depth <= 0 => break,
            _ => {}
        }
    }
    quote.is_none() && depth <= 0
}

/// A command line with a quoted word that is not closed: the line is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unterminated quoted word")]
pub struct UnterminatedQuote;

/// Splits a command line into words at whitespace. Double quotes group a word that contains
/// spaces (`load "my problems/a.p"`), with `\"` and `\\` as escapes inside them. A line whose
/// first word starts with `#` is a comment and has no words.
pub fn split_words(line: &str) -> Result<Vec<String>, UnterminatedQuote> {
    let mut words = Vec::new();
    let mut current: Option<String> = None;
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '#' && words.is_empty() && current.is_none() {
            break;
        }
        if c.is_whitespace() {
            if let Some(w) = current.take() {
                words.push(w);
            }
        } else if c == '"' {
            let word = current.get_or_insert_with(String::new);
            loop {
                match chars.next() {
                    None => return Err(UnterminatedQuote),
                    Some('"') => break,
                    Some('\\') => match chars.next() {
                        Some(e) => word.push(e),
                        None => return Err(UnterminatedQuote),
                    },
                    Some(other) => word.push(other),
                }
            }
        } else {
            current.get_or_insert_with(String::new).push(c);
        }
    }
    words.extend(current);
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn completeness() {
        assert!(input_is_complete("prove all"));
        assert!(input_is_complete(""));
        assert!(!input_is_complete("assert (p(X) &"));
        assert!(input_is_complete("assert (p(X) &\n q(X))"));
        assert!(!input_is_complete("load \"a b"));
        assert!(input_is_complete("show g # (comment"));
        assert!(!input_is_complete("f('a)"));
        assert!(input_is_complete("x)"));
    }

    #[test]
    fn words() {
        assert_eq!(split_words("  load  a.p ").unwrap(), ["load", "a.p"]);
        assert_eq!(split_words("load \"a b.p\"").unwrap(), ["load", "a b.p"]);
        assert_eq!(split_words("# just a comment").unwrap(), Vec::<String>::new());
        assert_eq!(split_words("load \"a"), Err(UnterminatedQuote));
    }
}

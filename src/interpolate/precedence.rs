//! Vampire's connective precedence made explicit with parentheses, so that formulas TPTP would
//! refuse but Vampire reads (`greater(X,Y) & greater(Y,Z) => greater(X,Z)`, as in Vampire's own
//! interpolation examples) can be handed to the strict TPTP parser.
//!
//! `~` and quantifiers apply to the unit right after them, as in TPTP; among the binary
//! connectives `&` and `~&` bind tightest, then `|` and `~|`, then `=>` and `<=`, then `<=>` and
//! `<~>`. Chains of `&` or of `|` are kept as chains (TPTP allows those); any other chain of equal
//! precedence (`a => b => c`, `a & b ~& c`) is ambiguous, and then nothing is rewritten, so the
//! parser's own error stands. `=` and `!=` are part of atoms, which bind tighter than every
//! connective. Only the connective structure is rebuilt: atoms and quantifier prefixes are copied
//! as written.

/// A token of the connective structure.
#[derive(Clone, PartialEq, Eq, Debug)]
enum Token {
    /// A binary connective as written, with its level (4 binds tightest).
    Binary(&'static str, u8),
    /// `~`.
    Not,
    /// A quantifier prefix `![X, Y]:` or `?[X]:` as written.
    Prefix(String),
    Open,
    Close,
    /// An atom (a predicate applied to terms, an equation, `$true`), as written.
    Atom(String),
}

const BINARY: [(&str, u8); 8] =
    [("<=>", 1), ("<~>", 1), ("=>", 2), ("<=", 2), ("~|", 3), ("|", 3), ("~&", 4), ("&", 4)];

fn binary_at(text: &str) -> Option<(&'static str, u8)> {
    BINARY.iter().copied().find(|(c, _)| text.starts_with(c))
}

/// The length of a quoted name starting at `text` (which starts with its quote).
fn quoted_len(text: &str) -> usize {
    let quote = text.as_bytes()[0];
    let bytes = text.as_bytes();
    let mut i = 1;
    while i < bytes.len() && bytes[i] != quote {
        i += if bytes[i] == b'\\' { 2 } else { 1 };
    }
    (i + 1).min(bytes.len())
}

fn tokens(text: &str) -> Option<Vec<Token>> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let c = rest.as_bytes()[0];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if let Some((connective, level)) = binary_at(rest) {
            out.push(Token::Binary(connective, level));
            i += connective.len();
        } else if c == b'~' {
            out.push(Token::Not);
            i += 1;
        } else if c == b'(' {
            out.push(Token::Open);
            i += 1;
        } else if c == b')' {
            out.push(Token::Close);
            i += 1;
        } else if (c == b'!' || c == b'?') && rest[1..].trim_start().starts_with('[') {
            let close = rest.find(']')?;
            let colon = close + 1 + rest[close + 1..].find(':')?;
            if !rest[close + 1..colon].trim().is_empty() {
                return None;
            }
            out.push(Token::Prefix(rest[..=colon].to_string()));
            i += colon + 1;
        } else {
            // An atom runs to the next connective or unmatched `)` outside its own brackets.
            let mut depth = 0usize;
            let mut j = 0;
            while j < rest.len() {
                let r = &rest[j..];
                let b = r.as_bytes()[0];
                match b {
                    b'\'' | b'"' => {
                        j += quoted_len(r);
                        continue;
                    }
                    b'(' | b'[' => depth += 1,
                    b')' | b']' if depth == 0 => break,
                    b')' | b']' => depth -= 1,
                    _ if depth == 0 && (binary_at(r).is_some() || b == b'~') => break,
                    _ => {}
                }
                j += r.chars().next().map_or(1, char::len_utf8);
            }
            let atom = rest[..j].trim_end();
            if atom.is_empty() || depth > 0 {
                return None;
            }
            out.push(Token::Atom(atom.to_string()));
            i += j;
        }
    }
    Some(out)
}

struct Parser {
    tokens: Vec<Token>,
    at: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.at)
    }

    fn next(&mut self) -> Option<Token> {
        let t = self.tokens.get(self.at).cloned();
        self.at += 1;
        t
    }

    fn formula(&mut self, level: u8) -> Option<String> {
        if level > 4 {
            return self.unit();
        }
        let mut operands = vec![self.formula(level + 1)?];
        let mut connectives = Vec::new();
        while let Some(&Token::Binary(connective, l)) = self.peek()
            && l == level
        {
            self.at += 1;
            connectives.push(connective);
            operands.push(self.formula(level + 1)?);
        }
        let Some(&first) = connectives.first() else {
            return operands.pop();
        };
        let chain = matches!(first, "&" | "|") && connectives.iter().all(|c| *c == first);
        if connectives.len() > 1 && !chain {
            return None;
        }
        Some(format!("({})", operands.join(&format!(" {first} "))))
    }

    fn unit(&mut self) -> Option<String> {
        match self.next()? {
            Token::Not => Some(format!("~ {}", self.unit()?)),
            Token::Prefix(prefix) => Some(format!("{prefix} {}", self.unit()?)),
            Token::Open => {
                let inner = self.formula(1)?;
                (self.next()? == Token::Close).then(|| {
                    // `formula` already parenthesised a binary formula.
                    if inner.starts_with('(') { inner } else { format!("({inner})") }
                })
            }
            Token::Atom(atom) => Some(atom),
            Token::Close | Token::Binary(..) => None,
        }
    }
}

/// `formula` with every binary connective's operands parenthesised by Vampire's precedence, or
/// `None` when it is not a formula this reading can settle (an ambiguous chain, unbalanced
/// parentheses, a connective with a missing operand).
pub fn parenthesise(formula: &str) -> Option<String> {
    let mut parser = Parser { tokens: tokens(formula)?, at: 0 };
    let out = parser.formula(1)?;
    (parser.at == parser.tokens.len()).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::parenthesise;

    #[test]
    fn connectives_bind_by_vampire_precedence() {
        let cases = [
            (
                "greater(X,Y) & greater(Y,Z) => greater(X,Z)",
                "((greater(X,Y) & greater(Y,Z)) => greater(X,Z))",
            ),
            ("p | q & r", "(p | (q & r))"),
            ("X = Y & p(X) | q", "((X = Y & p(X)) | q)"),
            ("a & b & c | d", "((a & b & c) | d)"),
            ("plus(X,Y)=Z <=> minus(Z,Y)=X", "(plus(X,Y)=Z <=> minus(Z,Y)=X)"),
            ("~ p & ![X]: q(X) => r", "((~ p & ![X]: q(X)) => r)"),
            ("(p | q) & r", "((p | q) & r)"),
            ("f(X) != g(Y) | 'a & b'(X)", "(f(X) != g(Y) | 'a & b'(X))"),
            ("~(p & q) <= r", "(~ (p & q) <= r)"),
            ("p", "p"),
        ];
        for (written, read) in cases {
            assert_eq!(parenthesise(written).as_deref(), Some(read), "{written}");
        }
    }

    #[test]
    fn ambiguous_or_broken_formulas_are_left_alone() {
        for written in ["p => q => r", "p & q ~& r", "p &", "(p | q", "p | q)", "& p", ""] {
            assert_eq!(parenthesise(written), None, "{written}");
        }
    }
}

//! The one S-expression reader, shared by the SMT-LIB and Scheme front ends: brackets, strings,
//! comments, quote marks and spans are read here; what a token means is the front end's.
//!
//! A [`Dialect`] says what differs between two languages written as S-expressions: the
//! characters between tokens, the kinds of bracket, block and datum comments, quote marks, how a
//! string escapes, whether `|...|` is a symbol, what one token is (a function from the rest of
//! the text to a length) and the deepest nesting allowed. [`read`] hands every datum it finishes
//! to the front end's `build` function as a [`Form`], so each front end builds its own tree and
//! classifies its own tokens (numerals, keywords, booleans).
//!
//! The reader keeps its own stack of open lists, so no input overflows the thread's stack; it
//! still refuses nesting deeper than the dialect's `max_depth`, because the passes after it
//! recurse on nesting. Errors are [`Diagnostic`]s at the text they are about, the first in text
//! order, and name what was expected in the dialect's own marks (`)`, `]`, `'`, `#;`).

use super::{Diagnostic, FileId, Label, Span};

/// How a string literal escapes its characters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Escapes {
    /// SMT-LIB: `""` stands for `"`, and nothing else is special.
    DoubledQuote,
    /// Scheme: `\n` and `\t` as in C; `\` before any other character stands for that character.
    Backslash,
}

/// One kind of bracketed list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bracket {
    /// What opens it: `(`, `[`, `#(`.
    pub open: &'static str,
    /// What closes it.
    pub close: char,
    /// Whether it may end in `. tail` (a dotted list).
    pub dotted: bool,
}

/// What differs between two languages written as S-expressions. Every dialect has `;` comments
/// to the end of the line and `"` strings.
#[derive(Clone, Copy, Debug)]
pub struct Dialect {
    /// What every message starts with (`syntax error: ` for SMT-LIB).
    pub prefix: &'static str,
    /// The characters between tokens.
    pub whitespace: &'static [char],
    /// The kinds of list; an opener that starts with another (`#(`, `(`) comes first.
    pub brackets: &'static [Bracket],
    /// Block comments, not nested: what opens and what closes them (`#|`, `|#`).
    pub block_comment: Option<(&'static str, &'static str)>,
    /// The mark that comments out the datum after it (`#;`).
    pub datum_comment: Option<&'static str>,
    /// Quote marks and the symbol each abbreviates (`'x` is `(quote x)`); a mark that starts
    /// with another (`,@`, `,`) comes first.
    pub quotes: &'static [(&'static str, &'static str)],
    /// How strings escape.
    pub escapes: Escapes,
    /// Whether `|...|` is one token (SMT-LIB's quoted symbols: no `|` or `\` inside).
    pub bar_symbols: bool,
    /// The length in bytes of the token the text starts with, 0 if no token starts there.
    pub token: fn(&str) -> usize,
    /// The deepest nesting of lists and quote marks accepted.
    pub max_depth: usize,
    /// What nests, for the depth message (`parentheses`).
    pub levels: &'static str,
}

/// A datum the reader has finished, handed to the front end to build.
#[derive(Debug)]
pub enum Form<'t, D> {
    /// A token as written: what the dialect's `token` measured, a `|...|` symbol with its bars,
    /// or the symbol a quote mark abbreviates (`quote`, with the mark's span).
    Token(&'t str),
    /// A string literal, escapes resolved.
    Str(String),
    /// A list (or a quote mark's abbreviation: `'x` is `(quote x)`).
    List {
        /// What opened it: a bracket, or the quote mark.
        open: &'static str,
        /// Its elements.
        items: Vec<D>,
        /// The tail of a dotted list.
        tail: Option<D>,
    },
}

/// Reads every datum of `text` (file `file`) in `dialect`, building each with `build`, which is
/// given the finished form and its span and may refuse it with an error of the front end's own
/// type (shown after the dialect's prefix, at the span). The first error is the result.
pub fn read<D, E: std::fmt::Display>(
    file: FileId,
    text: &str,
    dialect: &Dialect,
    build: impl FnMut(Form<'_, D>, Span) -> Result<D, E>,
) -> Result<Vec<D>, Diagnostic> {
    Reader { file, text, dialect, pos: 0, stack: vec![Frame::new(Open::Top, 0)], build }.run()
}

/// What a frame of the reader's stack is waiting to finish.
#[derive(Clone, Copy)]
enum Open {
    /// The file.
    Top,
    /// A list opened by this bracket.
    List(Bracket),
    /// A quote mark (and the symbol it abbreviates), waiting for its datum.
    Quote(&'static str, &'static str),
}

/// Where a list is in reading `a b . c`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Tail {
    /// Reading elements.
    None,
    /// After the `.`: the tail comes next.
    Expected,
    /// After the tail: only the closing bracket may come.
    Read,
}

struct Frame<D> {
    open: Open,
    /// Where the opener starts.
    start: usize,
    items: Vec<D>,
    tail: Option<D>,
    state: Tail,
    /// How many `#;` wait for a datum to comment out.
    discard: usize,
}

impl<D> Frame<D> {
    fn new(open: Open, start: usize) -> Frame<D> {
        Frame { open, start, items: Vec::new(), tail: None, state: Tail::None, discard: 0 }
    }
}

struct Reader<'t, 'd, D, F> {
    file: FileId,
    text: &'t str,
    dialect: &'d Dialect,
    pos: usize,
    /// The open frames, the file first; never empty.
    stack: Vec<Frame<D>>,
    build: F,
}

impl<'t, D, E, F> Reader<'t, '_, D, F>
where
    E: std::fmt::Display,
    F: FnMut(Form<'t, D>, Span) -> Result<D, E>,
{
    fn run(mut self) -> Result<Vec<D>, Diagnostic> {
        loop {
            self.skip_blank()?;
            let rest = &self.text[self.pos..];
            let Some(c) = rest.chars().next() else { return self.end() };
            let start = self.pos;
            if let Some(mark) = self.dialect.datum_comment.filter(|m| rest.starts_with(m)) {
                self.expect_datum(start)?;
                self.top().discard += 1;
                self.pos += mark.len();
            } else if let Some(&b) = self.dialect.brackets.iter().find(|b| rest.starts_with(b.open))
            {
                self.push(Open::List(b), b.open.len())?;
            } else if self.dialect.brackets.iter().any(|b| b.close == c) {
                self.close(c)?;
            } else if let Some(&(mark, name)) =
                self.dialect.quotes.iter().find(|(m, _)| rest.starts_with(m))
            {
                self.push(Open::Quote(mark, name), mark.len())?;
            } else if c == '"' {
                self.expect_datum(start)?;
                let value = self.string()?;
                self.finish(Form::Str(value), start)?;
            } else {
                let len = self.token_len(rest)?;
                let token = &self.text[start..start + len];
                if token == "." && self.dialect.brackets.iter().any(|b| b.dotted) {
                    self.dot()?;
                } else {
                    self.expect_datum(start)?;
                    self.pos += len;
                    self.finish(Form::Token(token), start)?;
                }
            }
        }
    }

    fn top(&mut self) -> &mut Frame<D> {
        self.stack.last_mut().expect("the file's frame is never popped")
    }

    fn error(&self, start: usize, end: usize, message: impl std::fmt::Display) -> Diagnostic {
        let message = format!("{}{message}", self.dialect.prefix);
        Diagnostic::error(Span::new(self.file, start, end), message)
    }

    /// `line L, column C` of an offset, for messages that name a second place.
    fn place(&self, offset: usize) -> String {
        let before = &self.text[..offset];
        let line = before.matches('\n').count() + 1;
        let line_start = before.rfind('\n').map_or(0, |i| i + 1);
        format!("line {line}, column {}", before[line_start..].chars().count() + 1)
    }

    /// The next character, quoted, or `end of input`.
    fn found(&self, at: usize) -> String {
        self.text[at..].chars().next().map_or("end of input".to_string(), |c| format!("`{c}`"))
    }

    /// Skips whitespace, `;` comments and block comments.
    fn skip_blank(&mut self) -> Result<(), Diagnostic> {
        loop {
            let rest = &self.text[self.pos..];
            let trimmed = rest.trim_start_matches(self.dialect.whitespace);
            self.pos += rest.len() - trimmed.len();
            if trimmed.starts_with(';') {
                self.pos += trimmed.find('\n').unwrap_or(trimmed.len());
            } else if let Some((open, close)) =
                self.dialect.block_comment.filter(|(open, _)| trimmed.starts_with(open))
            {
                let Some(end) = trimmed[open.len()..].find(close) else {
                    let message =
                        format!("unterminated comment: `{open}` is never closed by `{close}`");
                    return Err(self.error(self.pos, self.pos + open.len(), message));
                };
                self.pos += open.len() + end + close.len();
            } else {
                return Ok(());
            }
        }
    }

    /// Refuses a datum starting at `at` where the innermost list has read its dotted tail.
    fn expect_datum(&mut self, at: usize) -> Result<(), Diagnostic> {
        let top = self.top();
        match top.open {
            Open::List(b) if top.state == Tail::Read && top.discard == 0 => {
                let message = format!(
                    "expected `{}` after the tail of a dotted list, found {}",
                    b.close,
                    self.found(at)
                );
                Err(self.error(at, at + 1, message))
            }
            _ => Ok(()),
        }
    }

    /// Opens a list or a quote mark `len` bytes long at the current position.
    fn push(&mut self, open: Open, len: usize) -> Result<(), Diagnostic> {
        let start = self.pos;
        self.expect_datum(start)?;
        if self.stack.len() > self.dialect.max_depth {
            let message = format!(
                "nested too deeply: at most {} levels of {} are allowed",
                self.dialect.max_depth, self.dialect.levels
            );
            return Err(self.error(start, start + len, message));
        }
        self.stack.push(Frame::new(open, start));
        self.pos += len;
        Ok(())
    }

    /// The closing bracket `c` at the current position.
    fn close(&mut self, c: char) -> Result<(), Diagnostic> {
        let at = self.pos;
        let top = self.stack.last().expect("the file's frame is never popped");
        let b = match top.open {
            Open::Top => {
                let opens: Vec<String> = (self.dialect.brackets.iter())
                    .filter(|b| b.close == c)
                    .map(|b| format!("`{}`", b.open))
                    .collect();
                let message = format!("unexpected `{c}`: no {} is open", opens.join(" or "));
                return Err(self.error(at, at + 1, message));
            }
            Open::Quote(mark, _) => {
                let message = format!("expected a datum after `{mark}`, found `{c}`");
                return Err(self.error(at, at + 1, message));
            }
            Open::List(b) => b,
        };
        if let Some(mark) = self.dialect.datum_comment.filter(|_| top.discard > 0) {
            let message = format!("expected a datum after `{mark}`, found `{c}`");
            return Err(self.error(at, at + 1, message));
        }
        if top.state == Tail::Expected {
            let message = format!("expected the tail of a dotted list after `.`, found `{c}`");
            return Err(self.error(at, at + 1, message));
        }
        if b.close != c {
            let message = format!(
                "expected `{}` to close the `{}` at {}, found `{c}`",
                b.close,
                b.open,
                self.place(top.start)
            );
            let opened = Span::new(self.file, top.start, top.start + b.open.len());
            let label = Label { span: opened, message: format!("`{}` opened here", b.open) };
            let mut d = self.error(at, at + 1, message);
            d.labels.push(label);
            return Err(d);
        }
        let frame = self.stack.pop().expect("a list is open");
        self.pos += c.len_utf8();
        let form = Form::List { open: b.open, items: frame.items, tail: frame.tail };
        self.finish(form, frame.start)
    }

    /// A lone `.` at the current position: the next datum is the list's tail.
    fn dot(&mut self) -> Result<(), Diagnostic> {
        let at = self.pos;
        let top = self.stack.last().expect("the file's frame is never popped");
        let message = match top.open {
            Open::List(b) if b.dotted && top.discard > 0 => {
                format!(
                    "expected a datum after `{}`, found `.`",
                    self.dialect.datum_comment.unwrap_or("")
                )
            }
            Open::List(b) if b.dotted && top.state == Tail::None => {
                self.top().state = Tail::Expected;
                self.pos += 1;
                return Ok(());
            }
            Open::List(b) if b.dotted => {
                "unexpected `.`: a dotted list has one `.`, before its last datum".to_string()
            }
            Open::List(b) => format!("unexpected `.`: a list opened by `{}` has no tail", b.open),
            Open::Quote(mark, _) => format!("expected a datum after `{mark}`, found `.`"),
            Open::Top => "unexpected `.` outside a list".to_string(),
        };
        Err(self.error(at, at + 1, message))
    }

    /// Builds the form that started at `start` and ends at the current position, and hands it
    /// to the frame it belongs to (closing the quote marks waiting for it).
    fn finish(&mut self, form: Form<'t, D>, start: usize) -> Result<(), Diagnostic> {
        let end = self.pos;
        let mut datum = self.build(form, start, end)?;
        loop {
            let top = self.top();
            if top.discard > 0 {
                top.discard -= 1;
                return Ok(());
            }
            match top.open {
                Open::Quote(mark, name) => {
                    let quote_start = top.start;
                    self.stack.pop();
                    let head =
                        self.build(Form::Token(name), quote_start, quote_start + mark.len())?;
                    let form = Form::List { open: mark, items: vec![head, datum], tail: None };
                    datum = self.build(form, quote_start, end)?;
                }
                Open::List(_) | Open::Top => {
                    match top.state {
                        Tail::Expected => {
                            top.tail = Some(datum);
                            top.state = Tail::Read;
                        }
                        _ => top.items.push(datum),
                    }
                    return Ok(());
                }
            }
        }
    }

    fn build(&mut self, form: Form<'t, D>, start: usize, end: usize) -> Result<D, Diagnostic> {
        (self.build)(form, Span::new(self.file, start, end)).map_err(|m| self.error(start, end, m))
    }

    /// The string literal at the current position, escapes resolved; moves past it.
    fn string(&mut self) -> Result<String, Diagnostic> {
        let start = self.pos;
        let mut value = String::new();
        let mut chars = self.text[start + 1..].char_indices();
        while let Some((i, c)) = chars.next() {
            match (c, self.dialect.escapes) {
                ('"', Escapes::DoubledQuote) if self.text[start + 1 + i + 1..].starts_with('"') => {
                    chars.next();
                    value.push('"');
                }
                ('"', _) => {
                    self.pos = start + 1 + i + 1;
                    return Ok(value);
                }
                ('\\', Escapes::Backslash) => match chars.next() {
                    Some((_, 'n')) => value.push('\n'),
                    Some((_, 't')) => value.push('\t'),
                    Some((_, other)) => value.push(other),
                    None => break,
                },
                _ => value.push(c),
            }
        }
        Err(self.error(start, start + 1, "unterminated string: no closing `\"`"))
    }

    /// The length of the token at the start of `rest`: a `|...|` symbol, or what the dialect
    /// measures.
    fn token_len(&self, rest: &str) -> Result<usize, Diagnostic> {
        let at = self.pos;
        if self.dialect.bar_symbols && rest.starts_with('|') {
            return match rest[1..].find(['|', '\\']) {
                Some(i) if rest[1 + i..].starts_with('|') => Ok(i + 2),
                Some(i) => {
                    let message = "`\\` may not appear in a quoted symbol `|...|`";
                    Err(self.error(at + 1 + i, at + 2 + i, message))
                }
                None => Err(self.error(at, at + 1, "unterminated quoted symbol: no closing `|`")),
            };
        }
        match (self.dialect.token)(rest) {
            0 => {
                let c = rest.chars().next().map_or(0, char::len_utf8);
                Err(self.error(at, at + c, format!("unexpected {}", self.found(at))))
            }
            len => Ok(len),
        }
    }

    /// At the end of the text: the data read, or what is still open.
    fn end(mut self) -> Result<Vec<D>, Diagnostic> {
        let at = self.text.len();
        let top = self.stack.last().expect("the file's frame is never popped");
        let message = match top.open {
            _ if top.discard > 0 => format!(
                "unexpected end of input: expected a datum after `{}`",
                self.dialect.datum_comment.unwrap_or("")
            ),
            Open::Top => return Ok(std::mem::take(&mut self.top().items)),
            Open::Quote(mark, _) => {
                format!("unexpected end of input: expected a datum after `{mark}`")
            }
            Open::List(b) => {
                let message = format!(
                    "unexpected end of input: the `{}` at {} is not closed",
                    b.open,
                    self.place(top.start)
                );
                let opened = Span::new(self.file, top.start, top.start + b.open.len());
                let label =
                    Label { span: opened, message: format!("this `{}` is not closed", b.open) };
                let mut d = self.error(at, at, message);
                d.labels.push(label);
                return Err(d);
            }
        };
        Err(self.error(at, at, message))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small dialect with everything the reader can do: two brackets (one dotted), a vector
    /// opener, block and datum comments, a quote mark, backslash escapes and bar symbols.
    const TEST: Dialect = Dialect {
        prefix: "",
        whitespace: &[' ', '\n'],
        brackets: &[
            Bracket { open: "#(", close: ')', dotted: false },
            Bracket { open: "(", close: ')', dotted: true },
            Bracket { open: "[", close: ']', dotted: false },
        ],
        block_comment: Some(("#|", "|#")),
        datum_comment: Some("#;"),
        quotes: &[("'", "quote")],
        escapes: Escapes::Backslash,
        bar_symbols: true,
        token: |rest| {
            rest.find(|c: char| !c.is_ascii_alphanumeric() && c != '.').unwrap_or(rest.len())
        },
        max_depth: 10,
        levels: "brackets",
    };

    /// Reads into text: lists print with their opener, tails after ` . `, strings quoted.
    fn show(text: &str) -> Result<Vec<String>, Diagnostic> {
        read(FileId(0), text, &TEST, |form, span| {
            Ok::<_, std::convert::Infallible>(match form {
                Form::Token(t) => format!("{t}@{}", span.start),
                Form::Str(s) => format!("{s:?}"),
                Form::List { open, items, tail } => {
                    let tail = tail.map_or(String::new(), |t| format!(" . {t}"));
                    let close = if open == "[" { "]" } else { ")" };
                    format!("{open}{}{tail}{close}", items.join(" "))
                }
            })
        })
    }

    /// The refusal of `text`, as `start-end: message`.
    fn refusal(text: &str) -> String {
        let d = show(text).expect_err("the text is refused");
        format!("{}-{}: {}", d.primary.start, d.primary.end, d.message)
    }

    #[test]
    fn reads_lists_quotes_tails_and_comments() {
        let data = show("(a 'b . c) ; x\n#(|p q|) #| y |# #; (z) [\"s\\n\"]").unwrap();
        assert_eq!(data, ["(a@1 'quote@3 b@4) . c@8)", "#(|p q|@17)", "[\"s\\n\"]"]);
        assert_eq!(show("' #; a b").unwrap(), ["'quote@0 b@7)"]);
        assert_eq!(show("#; #; a b c").unwrap(), ["c@10"]);
    }

    #[test]
    fn errors_say_what_was_expected_where() {
        let cases = [
            ("(a", "2-2: unexpected end of input: the `(` at line 1, column 1 is not closed"),
            ("a)", "1-2: unexpected `)`: no `#(` or `(` is open"),
            ("\n (a]", "4-5: expected `)` to close the `(` at line 2, column 2, found `]`"),
            ("(a . b c)", "7-8: expected `)` after the tail of a dotted list, found `c`"),
            ("[a . b]", "3-4: unexpected `.`: a list opened by `[` has no tail"),
            ("(a .)", "4-5: expected the tail of a dotted list after `.`, found `)`"),
            ("('", "2-2: unexpected end of input: expected a datum after `'`"),
            ("(#;)", "3-4: expected a datum after `#;`, found `)`"),
            ("\"ab", "0-1: unterminated string: no closing `\"`"),
            ("|ab", "0-1: unterminated quoted symbol: no closing `|`"),
            ("|a\\b|", "2-3: `\\` may not appear in a quoted symbol `|...|`"),
            ("#| a", "0-2: unterminated comment: `#|` is never closed by `|#`"),
            ("a & b", "2-3: unexpected `&`"),
        ];
        for (text, message) in cases {
            assert_eq!(refusal(text), message, "{text}");
        }
    }

    #[test]
    fn a_closed_list_keeps_its_label_at_the_opener() {
        let d = read(FileId(0), "(a\n", &TEST, |_, _| Ok::<_, &str>(())).unwrap_err();
        assert_eq!((d.primary.start, d.primary.end), (3, 3));
        assert_eq!((d.labels[0].span.start, d.labels[0].span.end), (0, 1));
    }

    #[test]
    fn nesting_is_bounded_without_recursion() {
        let ok = format!("{}a{}", "(".repeat(10), ")".repeat(10));
        assert_eq!(show(&ok).unwrap().len(), 1);
        let deep = format!("{}a", "('".repeat(1_000_000));
        let message = refusal(&deep);
        assert_eq!(message, "10-11: nested too deeply: at most 10 levels of brackets are allowed");
        // Without the limit the stack of open lists grows on the heap, not the thread's stack.
        let unbounded = Dialect { max_depth: usize::MAX, ..TEST };
        let deep = format!("{}a{}", "(".repeat(1_000_000), ")".repeat(1_000_000));
        let count = read(FileId(0), &deep, &unbounded, |_, _| Ok::<_, &str>(())).unwrap().len();
        assert_eq!(count, 1);
    }
}

//! The scanner that splits a C file into top-level items without parsing them: each ends at a
//! `;` outside brackets or at the `}` closing a function body. It does two things the parser
//! cannot. It refuses nesting deeper than [`MAX_DEPTH`] before any recursive code sees it (a
//! million brackets must be a diagnostic, not a stack overflow). And it tells the parser's
//! driver where an item starts and ends and which function it seems to define, so that one
//! item the parser rejects is reported and blanked out while the rest of the file is read.

use crate::syntax::{Diagnostic, FileId, Span};

/// Nesting allowed: levels of brackets plus statements nested without braces. The parser and
/// the converter recurse over it, so unbounded depth would overflow the stack instead of giving
/// a diagnostic.
pub const MAX_DEPTH: usize = 200;

/// Prefix operators allowed in a row (`- - ! ~ x`): each is a level the parser recurses over.
const MAX_PREFIX_RUN: usize = 2 * MAX_DEPTH;

/// What a top-level item is, as far as the scanner can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemShape {
    /// A function with a body, named at `name`.
    Definition,
    /// A function declared without a body.
    Prototype,
    /// `typedef ...;`.
    Typedef,
    /// Anything else (variables, or text the grammar will reject).
    Other,
}

/// One top-level item: its byte range, shape and, for functions, the span of the name.
#[derive(Clone, Copy, Debug)]
pub struct Item {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
    /// What it seems to be.
    pub shape: ItemShape,
    /// The byte range of the function name, for a function.
    pub name: Option<(usize, usize)>,
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Where the comment, preprocessor line or literal at `i` ends, if one starts there; an
/// unterminated block comment is an error.
pub fn skip_trivia(file: FileId, text: &str, i: usize) -> Result<Option<usize>, Diagnostic> {
    let b = text.as_bytes();
    Ok(match b[i] {
        b'/' if b.get(i + 1) == Some(&b'/') => {
            Some(text[i..].find('\n').map_or(b.len(), |k| i + k))
        }
        b'#' => Some(text[i..].find('\n').map_or(b.len(), |k| i + k)),
        b'/' if b.get(i + 1) == Some(&b'*') => match text[i + 2..].find("*/") {
            Some(k) => Some(i + k + 4),
            None => {
                return Err(Diagnostic::error(Span::new(file, i, i + 2), "unterminated comment")
                    .with_note("a `/*` comment is closed by `*/`"));
            }
        },
        q @ (b'"' | b'\'') => {
            let mut j = i + 1;
            while j < b.len() && b[j] != q && b[j] != b'\n' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            Some((j + 1).min(b.len()))
        }
        _ => None,
    })
}

/// Splits the file into top-level items: each ends at a `;` outside brackets or at the `}`
/// closing a function body. Also refuses nesting beyond [`MAX_DEPTH`].
pub fn split_items(file: FileId, text: &str) -> Result<Vec<Item>, Diagnostic> {
    let b = text.as_bytes();
    let mut items = Vec::new();
    let mut i = 0;
    let mut start: Option<usize> = None;
    // Per open bracket, the nesting level before it; `level` counts brackets plus statement
    // keywords (`if`, `while`, ...) since the last statement end at this bracket level.
    let mut opens: Vec<(u8, usize)> = Vec::new();
    let mut level = 0usize;
    let base = |opens: &Vec<(u8, usize)>| opens.last().map_or(0, |(_, l)| l + 1);
    // The last significant byte at bracket depth 0 of the current item, the item's first word
    // and whether a function body is open.
    let mut last_top: u8 = 0;
    let mut first_word: Option<(usize, usize)> = None;
    let mut name: Option<(usize, usize)> = None;
    let mut last_word: Option<(usize, usize)> = None;
    let mut before_paren = true;
    let mut body = false;
    // Operator characters since the last operand or closing bracket: a long run is a long
    // chain of prefix operators.
    let mut operator_run = 0usize;
    let too_deep = |at: usize| {
        Diagnostic::error(Span::new(file, at, at + 1), "nested too deeply").with_note(format!(
            "at most {MAX_DEPTH} levels of brackets and of statements nested without braces \
             are allowed"
        ))
    };
    while i < b.len() {
        if let Some(next) = skip_trivia(file, text, i)? {
            if matches!(b[i], b'"' | b'\'') {
                start.get_or_insert(i);
                last_top = b'"';
            }
            i = next;
            continue;
        }
        let c = b[i];
        if c.is_ascii_whitespace() {
            i += 1;
            continue;
        }
        let item_start = *start.get_or_insert(i);
        let mut finish = |end: usize, shape_hint: bool| {
            let word = first_word.map(|(s, e)| &text[s..e]);
            let shape = if word == Some("typedef") {
                ItemShape::Typedef
            } else if name.is_some() && shape_hint {
                ItemShape::Definition
            } else if name.is_some() {
                ItemShape::Prototype
            } else {
                ItemShape::Other
            };
            items.push(Item { start: item_start, end, shape, name });
        };
        if is_word_byte(c) {
            operator_run = 0;
            let mut j = i;
            while j < b.len() && is_word_byte(b[j]) {
                j += 1;
            }
            if opens.is_empty() {
                first_word.get_or_insert((i, j));
                last_word = Some((i, j));
                last_top = b'w';
            }
            if matches!(&text[i..j], "if" | "while" | "for" | "do" | "else") {
                level += 1;
                if level > MAX_DEPTH {
                    return Err(too_deep(i));
                }
            }
            i = j;
            continue;
        }
        if matches!(c, b'-' | b'+' | b'!' | b'~' | b'*' | b'&') {
            operator_run += 1;
            if operator_run > MAX_PREFIX_RUN {
                return Err(too_deep(i));
            }
        } else if matches!(c, b')' | b']' | b'}' | b';') {
            operator_run = 0;
        }
        match c {
            b'(' | b'[' | b'{' => {
                if opens.is_empty() {
                    if c == b'(' && before_paren && last_top == b'w' {
                        name = last_word;
                    }
                    if c == b'(' || c == b'{' {
                        before_paren = false;
                    }
                    if c == b'{' && last_top == b')' && name.is_some() {
                        body = true;
                    }
                }
                opens.push((c, level));
                level += 1;
                if level > MAX_DEPTH {
                    return Err(too_deep(i));
                }
            }
            b')' | b']' | b'}' => {
                level = opens.pop().map_or(0, |(_, l)| l);
                if c == b'}' {
                    level = base(&opens);
                }
                if opens.is_empty() {
                    last_top = c;
                    if c == b'}' && body {
                        finish(i + 1, true);
                        (start, first_word, name, last_word) = (None, None, None, None);
                        (before_paren, body, last_top) = (true, false, 0);
                    }
                }
            }
            b';' => {
                level = base(&opens);
                if opens.is_empty() {
                    finish(i + 1, false);
                    (start, first_word, name, last_word) = (None, None, None, None);
                    (before_paren, body, last_top) = (true, false, 0);
                }
            }
            b'=' | b',' if opens.is_empty() => {
                before_paren = false;
                last_top = c;
            }
            _ => {
                if opens.is_empty() {
                    last_top = c;
                }
            }
        }
        i += 1;
    }
    if let Some(s) = start {
        items.push(Item { start: s, end: b.len(), shape: ItemShape::Other, name: None });
    }
    Ok(items)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn items_split_at_semicolons_and_function_bodies() {
        let text = "int x = 1;\nvoid f(int a) { if (a) { x = 2; } }\nextern int g(char *s);\n\
                    typedef unsigned int u;";
        let items = split_items(FileId(0), text).unwrap();
        let shapes: Vec<ItemShape> = items.iter().map(|i| i.shape).collect();
        assert_eq!(
            shapes,
            vec![ItemShape::Other, ItemShape::Definition, ItemShape::Prototype, ItemShape::Typedef]
        );
        let (s, e) = items[1].name.unwrap();
        assert_eq!(&text[s..e], "f");
    }
}

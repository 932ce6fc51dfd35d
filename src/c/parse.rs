//! Parsing C with `lang-c` (C11 with GNU extensions), item by item where it must be.
//!
//! The whole text is parsed at once. When the parser stops at a syntax error, the top-level item
//! around it (as the [`items`](super::items) scanner delimits it) is reported and blanked out,
//! keeping its line breaks and line markers so that every offset stays where it was, and the
//! text is parsed again. So one bad function does not hide the errors of the next, and a header
//! declaration the parser cannot read is left out quietly: the converter refuses it only if the
//! program names it.

use std::panic::{AssertUnwindSafe, catch_unwind};

use lang_c::ast::TranslationUnit as CUnit;
use lang_c::driver::{Config, SyntaxError, parse_preprocessed};

use super::items::{Item, ItemShape, split_items};
use super::source::ParseText;
use crate::syntax::{Diagnostic, FileId, found_token, join_or};

/// The most items blanked out before the file is given up on: each costs a parse of the file.
const MAX_BLANKED: usize = 64;

/// A top-level item the parser could not read and that was left out.
#[derive(Clone, Debug)]
pub struct Unreadable {
    /// The function or type it seems to declare, if the scanner could tell.
    pub name: Option<String>,
    /// Where it starts, as a parser offset.
    pub offset: usize,
    /// True when it comes from a header.
    pub in_header: bool,
}

/// What the parser made of a file.
pub struct Parsed {
    /// The syntax tree of everything readable.
    pub unit: CUnit,
    /// The items left out.
    pub unreadable: Vec<Unreadable>,
}

/// Parses the text. Errors are reported for the user's own lines; items from headers that
/// cannot be read are only listed in [`Parsed::unreadable`].
pub fn parse(file: FileId, text: &ParseText) -> (Option<Parsed>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let items = match split_items(file, &text.text) {
        Ok(items) => items,
        Err(mut d) => {
            d.primary = text.span(d.primary.start as usize, d.primary.end as usize);
            return (None, vec![d]);
        }
    };
    // C11 with GNU extensions, as glibc's headers are written; lang-c's preprocessor setting is
    // not used (`source` ran it).
    let config = Config::with_gcc();
    let mut source = text.text.clone();
    let mut unreadable: Vec<Unreadable> = Vec::new();
    loop {
        let attempt = catch_unwind(AssertUnwindSafe(|| {
            parse_preprocessed(&config, std::mem::take(&mut source))
        }));
        let error = match attempt {
            Ok(Ok(parse)) => return (Some(Parsed { unit: parse.unit, unreadable }), diagnostics),
            // The parser hands the text back with the error.
            Ok(Err(mut error)) => {
                source = std::mem::take(&mut error.source);
                error
            }
            Err(_) => {
                let span = text.span(0, 0);
                diagnostics.push(
                    Diagnostic::error(span, "internal error: the C parser failed on this file")
                        .with_note("this is a bug in craig or in lang-c; please report the file"),
                );
                return (None, diagnostics);
            }
        };
        let offset = error.offset.min(source.len());
        let in_header = text.in_header(offset);
        if !in_header {
            diagnostics.push(syntax_error(text, &source, &error));
        }
        let item = items.iter().find(|i| i.start <= offset && offset < i.end).or_else(|| {
            // The error is at the end of an item (a missing `;` seen at the next token) or
            // after the last one.
            items.iter().rev().find(|i| i.start <= offset)
        });
        let Some(item) = item.copied() else { return (None, diagnostics) };
        if unreadable.iter().any(|u| u.offset == item.start) || unreadable.len() >= MAX_BLANKED {
            // No progress, or too many: give up on the file.
            if in_header {
                diagnostics.push(syntax_error(text, &source, &error));
            }
            return (None, diagnostics);
        }
        let name = item_name(&source, &item);
        blank(&mut source, &item, name.as_deref());
        unreadable.push(Unreadable { name, offset: item.start, in_header });
    }
}

/// The name an item declares, as far as the scanner can tell: a function's name, or the last
/// word of a `typedef`.
fn item_name(source: &str, item: &Item) -> Option<String> {
    match item.shape {
        ItemShape::Definition | ItemShape::Prototype => {
            item.name.map(|(s, e)| source[s..e].to_string())
        }
        ItemShape::Typedef => {
            let text = source[item.start..item.end].trim_end().trim_end_matches(';').trim_end();
            let start = text
                .char_indices()
                .rev()
                .find(|(_, c)| !(c.is_ascii_alphanumeric() || *c == '_'))
                .map_or(0, |(k, c)| k + c.len_utf8());
            let word = &text[start..];
            let valid = word.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_');
            valid.then(|| word.to_string())
        }
        ItemShape::Other => None,
    }
}

/// Blanks an item out, keeping line breaks and line markers. A `typedef` whose name is known
/// becomes a `typedef` of an incomplete struct of the same length or shorter, so that the
/// items that use the type still parse and are refused where they use it.
fn blank(source: &mut String, item: &Item, typedef_name: Option<&str>) {
    let mut bytes = std::mem::take(source).into_bytes();
    let mut at_line_start = true;
    let mut in_marker = false;
    for b in &mut bytes[item.start..item.end] {
        match *b {
            b'\n' => {
                at_line_start = true;
                in_marker = false;
            }
            b'#' if at_line_start => in_marker = true,
            b' ' | b'\t' if at_line_start => {}
            _ if in_marker => {}
            _ => {
                at_line_start = false;
                *b = b' ';
            }
        }
    }
    if item.shape == ItemShape::Typedef
        && let Some(name) = typedef_name
    {
        let replacement = format!("typedef struct __craig_unreadable {name};");
        if replacement.len() <= item.end - item.start
            && !bytes[item.start..item.start + replacement.len()].contains(&b'\n')
        {
            bytes[item.start..item.start + replacement.len()]
                .copy_from_slice(replacement.as_bytes());
        }
    }
    // Only ASCII bytes were written over whole characters' bytes: a multi-byte character's
    // bytes all become spaces together, so the text stays UTF-8.
    *source = String::from_utf8(bytes).unwrap_or_default();
}

/// A syntax error in words, as every front end says it (`syntax::found_token`,
/// `syntax::join_or`): what the parser expected and what it found.
fn syntax_error(text: &ParseText, source: &str, error: &SyntaxError) -> Diagnostic {
    let offset = error.offset.min(source.len());
    let found = found_token(source.get(offset..).unwrap_or(""));
    // The length of the quoted token, as `syntax::pest_diagnostic` measures it.
    let found_len = if found == "end of input" { 0 } else { found.len() - 2 };
    let span = text.span(offset, offset + found_len);
    Diagnostic::error(span, format!("expected {}, found {found}", expected(error)))
}

/// What the parser expected, said as a C programmer would: "an expression" when anything that
/// starts one would do, else the tokens.
fn expected(error: &SyntaxError) -> String {
    let set = &error.expected;
    let starts_expression = set.contains("[_a-zA-Z]") && set.contains("(") && set.contains("!");
    if starts_expression {
        return "an expression".to_string();
    }
    let mut tokens: Vec<String> = set
        .iter()
        .filter_map(|t| match *t {
            "[_a-zA-Z]" => Some("a name".to_string()),
            "[0-9]" => Some("a number".to_string()),
            t if t.starts_with('[') || t == "u8" || t.contains('"') => None,
            t => Some(format!("`{t}`")),
        })
        .collect();
    tokens.sort();
    tokens.dedup();
    if tokens.is_empty() {
        return "something else".to_string();
    }
    let tokens: Vec<&str> = tokens.iter().map(String::as_str).collect();
    join_or(&tokens)
}

//! Parser for spec files: the items (pest grammar `grammar.pest`) with item-by-item error
//! recovery; the formulas and types inside them are parsed by [`crate::notation`] where they
//! stand in the file.
//!
//! pest is only used at the boundary: its pairs are turned into [`ast`](super::ast) nodes right
//! away and its errors into [`Diagnostic`]s with an "expected ..." message, so nothing else in
//! the crate depends on pest types.

use pest::Parser as _;
use pest::iterators::Pair;

use super::ast::*;
use crate::notation::{parse_term, parse_type, too_deep};
use crate::syntax::{Diagnostic, FileId, Span, has_errors, pest_diagnostic};

mod grammar {
    //! The derived pest parser (kept private: `Rule` is an implementation detail).
    #[derive(pest_derive::Parser)]
    #[grammar = "spec/grammar.pest"]
    pub struct SpecParser;
}

use grammar::{Rule, SpecParser};

/// The keywords that start a top-level item; error recovery resumes at a line starting with one.
const ITEM_KEYWORDS: [&str; 6] = ["import", "type", "const", "definition", "axiom", "lemma"];

/// Parses one spec file. Items that fail to parse are reported and skipped: parsing resumes at
/// the next line that starts with an item keyword, so one run reports several errors.
///
/// Runs on the caller's stack, which bounds how deeply operators may nest (a few thousand `&`
/// on a 2 MiB thread); [`load_spec`](super::load_spec) provides a large stack.
pub fn parse_file(file: FileId, text: &str) -> (SpecFile, Vec<Diagnostic>) {
    let mut conv = Converter { file, offset: 0, text, diags: Vec::new() };
    if let Some(at) = too_deep(text) {
        let d = Diagnostic::error(Span::new(file, at, at + 1), "brackets nested too deeply")
            .with_note(format!(
                "at most {} levels of `(` and `{{` are allowed",
                crate::notation::MAX_DEPTH
            ));
        return (SpecFile::default(), vec![d]);
    }
    let mut items = Vec::new();
    let mut pos = 0;
    while pos < text.len() {
        let rest = &text[pos..];
        if SpecParser::parse(Rule::file_end, rest).is_ok() {
            break;
        }
        match SpecParser::parse(Rule::item_at, rest) {
            Ok(mut pairs) => {
                let Some(item) = pairs.next().and_then(|p| p.into_inner().next()) else { break };
                let end = item.as_span().end();
                conv.offset = pos;
                if let Some(item) = conv.item(item) {
                    items.push(item);
                }
                if end == 0 {
                    break;
                }
                pos += end;
            }
            Err(e) => {
                let mut d = pest_diagnostic(file, pos, rest, &e, describe);
                // A formula that runs into a line starting an item is missing its closing quote.
                let at = d.primary.start as usize;
                if d.message.contains("`\"`") && text.get(at..).is_some_and(|s| s.starts_with('\n'))
                {
                    d = d.with_note("is the closing `\"` of a formula missing?");
                }
                conv.diags.push(d);
                // Resume after the line where the failed item starts (past comments and blanks).
                let start = SpecParser::parse(Rule::item_mark, rest)
                    .ok()
                    .and_then(|mut p| p.next())
                    .and_then(|p| p.into_inner().next())
                    .map_or(0, |m| m.as_span().start());
                match next_item_start(text, pos + start) {
                    Some(next) => pos = next,
                    None => break,
                }
            }
        }
    }
    (SpecFile { items }, conv.diags)
}

/// Parses a single formula (the text between the quotes of an axiom), for tests and the REPL.
pub fn parse_formula(file: FileId, text: &str) -> (Option<Expr>, Vec<Diagnostic>) {
    parse_term(file, text, 0)
}

/// The start of the first line after the one containing `from` whose first word is an item
/// keyword.
fn next_item_start(text: &str, from: usize) -> Option<usize> {
    let mut line_start = text[from..].find('\n').map(|i| from + i + 1)?;
    loop {
        let line_end = text[line_start..].find('\n').map_or(text.len(), |i| line_start + i);
        let line = &text[line_start..line_end];
        let trimmed = line.trim_start();
        if starts_with_item_keyword(trimmed) {
            return Some(line_start + (line.len() - trimmed.len()));
        }
        if line_end >= text.len() {
            return None;
        }
        line_start = line_end + 1;
    }
}

/// True if `text` starts with an item keyword as a whole word.
fn starts_with_item_keyword(text: &str) -> bool {
    ITEM_KEYWORDS.iter().any(|kw| {
        text.strip_prefix(kw).is_some_and(|after| {
            !after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '\'')
        })
    })
}

/// How a grammar rule is named in an "expected ..." message; `None` for rules never reported.
fn describe(rule: Rule) -> Option<&'static str> {
    use Rule::*;
    Some(match rule {
        import | type_decl | const_decl | definition | axiom | lemma | item_at => {
            "an item (import, type, const, definition, axiom or lemma)"
        }
        string => "a quoted path",
        formula => "a quoted formula",
        quoted_type | bare_type => "a type",
        ident => "a name",
        dcolon => "`::`",
        colon => "`:`",
        kw_where => "`where`",
        close_quote => "`\"`",
        EOI => "end of input",
        _ => return None,
    })
}

/// Converts pest pairs into AST nodes; `offset` is added to pest's positions, which are relative
/// to the item's text.
struct Converter<'t> {
    file: FileId,
    offset: usize,
    text: &'t str,
    diags: Vec<Diagnostic>,
}

impl Converter<'_> {
    fn span(&self, p: &Pair<'_, Rule>) -> Span {
        let s = p.as_span();
        Span::new(self.file, self.offset + s.start(), self.offset + s.end())
    }

    fn ident(&self, p: Pair<'_, Rule>) -> Ident {
        Ident { name: p.as_str().to_string(), span: self.span(&p) }
    }

    /// The item, or `None` if a formula or type in it has a syntax error (reported).
    fn item(&mut self, p: Pair<'_, Rule>) -> Option<Item> {
        let span = self.span(&p);
        let rule = p.as_rule();
        // Punctuation rules exist only for error messages; drop them here.
        let mut inner = p.into_inner().filter(|q| {
            !matches!(q.as_rule(), Rule::dcolon | Rule::colon | Rule::kw_where | Rule::close_quote)
        });
        let mut next = move || inner.next();
        let kind = match rule {
            Rule::import => {
                let s = next();
                let (path, pspan) = match s {
                    Some(s) => {
                        let sp = self.span(&s);
                        (
                            s.into_inner().next().map_or(String::new(), |b| b.as_str().to_string()),
                            sp,
                        )
                    }
                    None => (String::new(), span),
                };
                ItemKind::Import(path, pspan)
            }
            Rule::type_decl => ItemKind::Type(self.ident(next().expect("grammar: name"))),
            Rule::const_decl => {
                let name = self.ident(next().expect("grammar: name"));
                ItemKind::Const(name, self.type_spec(next().expect("grammar: type"))?)
            }
            Rule::definition => {
                let name = self.ident(next().expect("grammar: name"));
                let mut ty = None;
                let mut body = None;
                while let Some(q) = next() {
                    match q.as_rule() {
                        Rule::formula => body = Some(self.formula(q)),
                        _ => ty = Some(self.type_spec(q)),
                    }
                }
                let ty = match ty {
                    Some(t) => Some(t?),
                    None => None,
                };
                ItemKind::Definition(name, ty, body.expect("grammar: definition body")?)
            }
            Rule::axiom | Rule::lemma => {
                let name = self.ident(next().expect("grammar: name"));
                let f = self.formula(next().expect("grammar: formula"))?;
                if rule == Rule::axiom {
                    ItemKind::Axiom(name, f)
                } else {
                    ItemKind::Lemma(name, f)
                }
            }
            r => unreachable!("grammar: not an item: {r:?}"),
        };
        Some(Item { kind, span })
    }

    /// The term between the quotes of a `formula` pair.
    fn formula(&mut self, p: Pair<'_, Rule>) -> Option<Expr> {
        let text = p.into_inner().find(|q| q.as_rule() == Rule::formula_text)?;
        let at = self.offset + text.as_span().start();
        let (e, d) = parse_term(self.file, &self.text[at..at + text.as_str().len()], at);
        let failed = has_errors(&d);
        self.diags.extend(d);
        if failed { None } else { e }
    }

    /// A quoted or bare type.
    fn type_spec(&mut self, p: Pair<'_, Rule>) -> Option<TypeExpr> {
        let text = match p.as_rule() {
            Rule::quoted_type => p.into_inner().find(|q| q.as_rule() == Rule::type_text)?,
            _ => p,
        };
        let at = self.offset + text.as_span().start();
        let (t, d) = parse_type(self.file, &self.text[at..at + text.as_str().len()], at);
        let failed = has_errors(&d);
        self.diags.extend(d);
        if failed { None } else { t }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recovery_point_is_the_next_line_starting_an_item() {
        let text = "axiom a: \"x &\n  y\"\n  lemma b: \"z\"\nlemmas\nlemma c: \"w\"\n";
        let b = next_item_start(text, 0).unwrap();
        assert!(text[b..].starts_with("lemma b"));
        let c = next_item_start(text, b).unwrap();
        assert!(text[c..].starts_with("lemma c"), "`lemmas` is not a keyword");
        assert_eq!(next_item_start(text, c), None);
    }

    #[test]
    fn formula_spans_point_into_the_file() {
        let text = "axiom a: \"x : A Un B\"";
        let (file, diags) = parse_file(FileId(0), text);
        assert!(diags.is_empty(), "{diags:?}");
        let ItemKind::Axiom(_, e) = &file.items[0].kind else { panic!("an axiom") };
        assert_eq!(&text[e.span.start as usize..e.span.end as usize], "x : A Un B");
    }

    #[test]
    fn several_syntax_errors_are_reported() {
        let text = "(* one *)\naxiom a: \"&\"\n(* two *)\nlemma b: \"x |\"\nlemma c: \"True\"\n";
        let (file, diags) = parse_file(FileId(0), text);
        assert_eq!(diags.len(), 2, "{diags:?}");
        assert_eq!(file.items.len(), 1);
        assert!(diags[0].message.starts_with("expected a term, found `&`"), "{diags:?}");
    }

    #[test]
    fn deep_nesting_is_a_diagnostic_not_a_crash() {
        let text = format!("axiom a: \"{}x{}\"", "(".repeat(100_000), ")".repeat(100_000));
        let (_, d) = parse_file(FileId(0), &text);
        assert_eq!(d.len(), 1);
        assert_eq!(d[0].message, "brackets nested too deeply");
        let ok = format!("axiom a: \"{}x{}\"", "(".repeat(150), ")".repeat(150));
        let (f, d) = parse_file(FileId(0), &ok);
        assert!(d.is_empty() && f.items.len() == 1);
    }

    #[test]
    fn missing_closing_quote_gets_a_note() {
        let text = "lemma d: \"f 1 = 2\nlemma e: \"True\"\n";
        let (file, diags) = parse_file(FileId(0), text);
        assert_eq!(file.items.len(), 1, "lemma e is recovered");
        assert_eq!(diags.len(), 1);
        assert_eq!(diags[0].notes, ["is the closing `\"` of a formula missing?"]);
    }

    #[test]
    fn bare_types_stop_at_where() {
        let text = "definition f :: int => int where \"f x = x\"";
        let (file, diags) = parse_file(FileId(0), text);
        assert!(diags.is_empty(), "{diags:?}");
        let ItemKind::Definition(_, Some(t), _) = &file.items[0].kind else { panic!("typed") };
        assert_eq!(t.to_string(), "(int => int)");
    }
}

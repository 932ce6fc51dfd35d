//! Parser for spec files: pest grammar, item-by-item error recovery, precedence climbing.
//!
//! pest is only used at the boundary: its pairs are turned into [`ast`](super::ast) nodes right
//! away and its errors into [`Diagnostic`]s with an "expected ..." message, so nothing else in
//! the crate depends on pest types.

use pest::Parser as _;
use pest::error::{ErrorVariant, InputLocation};
use pest::iterators::Pair;

use super::ast::*;
use crate::syntax::{Diagnostic, FileId, Span};

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
    let mut conv = Converter { file, offset: 0, diags: Vec::new() };
    if let Some(at) = too_deep(text) {
        let d = Diagnostic::error(Span::new(file, at, at + 1), "brackets nested too deeply")
            .with_note(format!("at most {MAX_DEPTH} levels of `(` and `{{` are allowed"));
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
                items.push(conv.item(item));
                if end == 0 {
                    break;
                }
                pos += end;
            }
            Err(e) => {
                let mut d = convert_error(file, pos, rest, &e);
                // Resume after the line where the failed item starts (past comments and blanks).
                let start = SpecParser::parse(Rule::item_mark, rest)
                    .ok()
                    .and_then(|mut p| p.next())
                    .and_then(|p| p.into_inner().next())
                    .map_or(0, |m| m.as_span().start());
                // Running into the next item from inside a formula usually means a missing quote.
                let at = d.primary.start as usize;
                let crossed = text.get(pos + start..at).is_some_and(|s| s.contains('\n'));
                if crossed && text.get(at..).is_some_and(starts_with_item_keyword) {
                    d = d.with_note("is the closing `\"` of a formula missing?");
                }
                conv.diags.push(d);
                match next_item_start(text, pos + start) {
                    Some(next) => pos = next,
                    None => break,
                }
            }
        }
    }
    (SpecFile { items }, conv.diags)
}

/// Bracket nesting allowed in a file. The parser and the passes after it recurse over the
/// nesting, so unbounded depth would overflow the stack instead of producing a diagnostic.
const MAX_DEPTH: usize = 200;

/// The byte offset of the first bracket nested deeper than [`MAX_DEPTH`], if any. Brackets
/// inside comments and strings are counted too, which only makes the check stricter.
fn too_deep(text: &str) -> Option<usize> {
    let mut depth = 0usize;
    for (i, b) in text.bytes().enumerate() {
        match b {
            b'(' | b'{' => {
                depth += 1;
                if depth > MAX_DEPTH {
                    return Some(i);
                }
            }
            b')' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    None
}

/// Parses a single formula (the text between the quotes of an axiom), for tests and the REPL.
pub fn parse_formula(file: FileId, text: &str) -> (Option<Expr>, Vec<Diagnostic>) {
    let wrapped = format!("axiom x: \"{text}\"");
    // Spans must point into `text`, so shift by the length of the wrapper prefix.
    let prefix = "axiom x: \"".len();
    let mut conv = Converter { file, offset: 0, diags: Vec::new() };
    if let Some(at) = too_deep(text) {
        let d = Diagnostic::error(Span::new(file, at, at + 1), "brackets nested too deeply");
        return (None, vec![d]);
    }
    match SpecParser::parse(Rule::item_at, &wrapped) {
        Ok(mut pairs) => {
            let item = pairs.next().and_then(|p| p.into_inner().next());
            let Some(item) = item else { return (None, conv.diags) };
            let end = item.as_span().end();
            if end != wrapped.len() && !wrapped[end..].trim().is_empty() {
                let span = Span::new(file, end - prefix, wrapped.len() - prefix);
                conv.diags.push(Diagnostic::error(span, "unexpected text after the formula"));
                return (None, conv.diags);
            }
            let mut expr = match conv.item(item).kind {
                ItemKind::Axiom(_, e) => e,
                _ => return (None, conv.diags),
            };
            shift(&mut expr, prefix);
            (Some(expr), conv.diags)
        }
        Err(e) => {
            let mut d = convert_error(file, 0, &wrapped, &e);
            let s = (d.primary.start as usize).saturating_sub(prefix).min(text.len());
            let t = (d.primary.end as usize).saturating_sub(prefix).min(text.len());
            d.primary = Span::new(file, s, t);
            (None, vec![d])
        }
    }
}

/// Moves all spans of an expression `by` bytes to the left.
fn shift(e: &mut Expr, by: usize) {
    fn sp(s: &mut Span, by: usize) {
        s.start = s.start.saturating_sub(by as u32);
        s.end = s.end.saturating_sub(by as u32);
    }
    fn ty(t: &mut TypeExpr, by: usize) {
        sp(&mut t.span, by);
        match &mut t.kind {
            TypeKind::Named(_) | TypeKind::Var(_) => {}
            TypeKind::Set(a) => ty(a, by),
            TypeKind::Prod(a, b) | TypeKind::Fun(a, b) => {
                ty(a, by);
                ty(b, by);
            }
        }
    }
    fn binding(b: &mut Binding, by: usize) {
        sp(&mut b.name.span, by);
        if let Some(t) = &mut b.ty {
            ty(t, by);
        }
    }
    sp(&mut e.span, by);
    match &mut e.kind {
        ExprKind::Name(_) | ExprKind::Int(_) => {}
        ExprKind::App(a, b) | ExprKind::Binary(_, a, b) => {
            shift(a, by);
            shift(b, by);
        }
        ExprKind::Binder(_, bs, body) | ExprKind::Collect(bs, body) => {
            bs.iter_mut().for_each(|b| binding(b, by));
            shift(body, by);
        }
        ExprKind::Unary(_, a) => shift(a, by),
        ExprKind::If(a, b, c) => {
            shift(a, by);
            shift(b, by);
            shift(c, by);
        }
        ExprKind::Tuple(xs) | ExprKind::SetEnum(xs) => xs.iter_mut().for_each(|x| shift(x, by)),
        ExprKind::Update(f, ups) => {
            shift(f, by);
            for (x, v) in ups {
                shift(x, by);
                shift(v, by);
            }
        }
        ExprKind::Field(x, name) => {
            shift(x, by);
            sp(&mut name.span, by);
        }
        ExprKind::Ascribe(x, t) => {
            shift(x, by);
            ty(t, by);
        }
    }
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
        ident => "a name",
        int_lit => "an integer",
        term | infix_expr | app | selected | paren | collect | set_enum | binder | if_head
        | op_not | op_neg | binder_kw => "a term",
        op_iff | op_imp | op_or | op_and | op_neq | op_notmem | op_le | op_ge | op_lt | op_gt
        | op_eq | op_mem | op_union | op_inter | op_plus | op_minus | op_times => "an operator",
        field => "`..`",
        ascription => "`::`",
        binding | pattern => "a variable",
        type_expr | prod_type | post_type | tvar | type_name => "a type",
        ty_arrow => "`=>`",
        ty_times => "`*`",
        set_suffix => "`set`",
        update_tail => "`:=`",
        tuple_tail | comma => "`,`",
        dcolon => "`::`",
        colon => "`:`",
        kw_where => "`where`",
        kw_then => "`then`",
        kw_else => "`else`",
        dot => "`.`",
        rparen => "`)`",
        rbrace => "`}`",
        close_quote => "`\"`",
        EOI => "end of input",
        _ => return None,
    })
}

/// Turns a pest error on `rest` (which starts at byte `base` of the file) into a diagnostic.
fn convert_error(
    file: FileId,
    base: usize,
    rest: &str,
    e: &pest::error::Error<Rule>,
) -> Diagnostic {
    let at = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let found = found_token(&rest[at.min(rest.len())..]);
    let found_len = if found == "end of input" { 0 } else { found.len() - 2 };
    let message = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            // A term can be continued by an operator wherever it could end, so "an operator" (and
            // the other continuation tokens) are only worth mentioning next to a real closer.
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

/// The next token of the input, quoted, for "found ..." messages.
fn found_token(rest: &str) -> String {
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

fn join_or(xs: &[&str]) -> String {
    match xs {
        [] => String::new(),
        [x] => x.to_string(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// A prefix operator found in a flat operator sequence.
enum Prefix {
    Binder(BinderKind, Vec<Binding>),
    If(Expr, Expr),
    Not,
    Neg,
}

impl Prefix {
    /// How far right the operand extends: binders and `if` take everything (priority 0).
    fn power(&self) -> u32 {
        match self {
            Prefix::Binder(..) | Prefix::If(..) => 0,
            Prefix::Not => 40,
            Prefix::Neg => 80,
        }
    }
}

enum Tok {
    Prefix(Prefix, Span),
    Operand(Expr),
    Infix(BinOp),
}

/// Converts pest pairs into AST nodes; `offset` is added to pest's positions, which are relative
/// to the item's text.
struct Converter {
    file: FileId,
    offset: usize,
    diags: Vec<Diagnostic>,
}

impl Converter {
    fn span(&self, p: &Pair<'_, Rule>) -> Span {
        let s = p.as_span();
        Span::new(self.file, self.offset + s.start(), self.offset + s.end())
    }

    fn ident(&self, p: Pair<'_, Rule>) -> Ident {
        Ident { name: p.as_str().to_string(), span: self.span(&p) }
    }

    fn item(&mut self, p: Pair<'_, Rule>) -> Item {
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
                ItemKind::Const(name, self.type_expr(next().expect("grammar: type")))
            }
            Rule::definition => {
                let name = self.ident(next().expect("grammar: name"));
                let mut ty = None;
                let mut body = None;
                while let Some(q) = next() {
                    match q.as_rule() {
                        Rule::type_expr => ty = Some(self.type_expr(q)),
                        _ => body = Some(self.formula(q)),
                    }
                }
                ItemKind::Definition(name, ty, body.expect("grammar: definition body"))
            }
            Rule::axiom | Rule::lemma => {
                let name = self.ident(next().expect("grammar: name"));
                let f = self.formula(next().expect("grammar: formula"));
                if rule == Rule::axiom {
                    ItemKind::Axiom(name, f)
                } else {
                    ItemKind::Lemma(name, f)
                }
            }
            r => unreachable!("grammar: not an item: {r:?}"),
        };
        Item { kind, span }
    }

    fn formula(&mut self, p: Pair<'_, Rule>) -> Expr {
        let t = p.into_inner().next().expect("grammar: formula has a term");
        self.term(t)
    }

    fn type_expr(&mut self, p: Pair<'_, Rule>) -> TypeExpr {
        let span = self.span(&p);
        match p.as_rule() {
            Rule::type_expr | Rule::prod_type => {
                let fun = p.as_rule() == Rule::type_expr;
                let mut inner = p
                    .into_inner()
                    .filter(|q| !matches!(q.as_rule(), Rule::ty_arrow | Rule::ty_times));
                let a = self.type_expr(inner.next().expect("grammar: type operand"));
                match inner.next() {
                    None => a,
                    Some(b) => {
                        let b = Box::new(self.type_expr(b));
                        let kind = if fun {
                            TypeKind::Fun(Box::new(a), b)
                        } else {
                            TypeKind::Prod(Box::new(a), b)
                        };
                        TypeExpr { kind, span }
                    }
                }
            }
            Rule::post_type => {
                let mut inner = p.into_inner();
                let mut t = self.type_expr(inner.next().expect("grammar: type atom"));
                for s in inner {
                    let sp = t.span.to(self.span(&s));
                    t = TypeExpr { kind: TypeKind::Set(Box::new(t)), span: sp };
                }
                t
            }
            Rule::tvar => TypeExpr { kind: TypeKind::Var(p.as_str().to_string()), span },
            Rule::type_name => {
                // Jahob writes `objset` for `obj set`.
                if p.as_str() == "objset" {
                    let obj = TypeExpr { kind: TypeKind::Named("obj".into()), span };
                    TypeExpr { kind: TypeKind::Set(Box::new(obj)), span }
                } else {
                    TypeExpr { kind: TypeKind::Named(p.as_str().to_string()), span }
                }
            }
            r => unreachable!("grammar: not a type: {r:?}"),
        }
    }

    fn binding(&mut self, p: Pair<'_, Rule>) -> Binding {
        let mut inner = p.into_inner();
        let name = self.ident(inner.next().expect("grammar: bound name"));
        let ty = inner.next().map(|t| self.type_expr(t));
        Binding { name, ty }
    }

    fn term(&mut self, p: Pair<'_, Rule>) -> Expr {
        let span = self.span(&p);
        let mut inner = p.into_inner();
        let e = self.infix_expr(inner.next().expect("grammar: term body"));
        match inner.next() {
            None => e,
            Some(asc) => {
                let ty = self.type_expr(asc.into_inner().next().expect("grammar: ascribed type"));
                Expr { kind: ExprKind::Ascribe(Box::new(e), ty), span }
            }
        }
    }

    fn infix_expr(&mut self, p: Pair<'_, Rule>) -> Expr {
        let mut toks = Vec::new();
        for q in p.into_inner() {
            let span = self.span(&q);
            let tok = match q.as_rule() {
                Rule::binder => {
                    let mut inner = q.into_inner();
                    let kw = inner.next().expect("grammar: binder keyword");
                    let kind = match kw.as_str() {
                        "ALL" => BinderKind::All,
                        "EX" => BinderKind::Ex,
                        _ => BinderKind::Lam,
                    };
                    let bs = inner
                        .filter(|b| b.as_rule() == Rule::binding)
                        .map(|b| self.binding(b))
                        .collect();
                    Tok::Prefix(Prefix::Binder(kind, bs), span)
                }
                Rule::if_head => {
                    let mut terms = q.into_inner().filter(|t| t.as_rule() == Rule::term);
                    let c = self.term(terms.next().expect("grammar: condition"));
                    let a = self.term(terms.next().expect("grammar: then branch"));
                    Tok::Prefix(Prefix::If(c, a), span)
                }
                Rule::op_not => Tok::Prefix(Prefix::Not, span),
                Rule::op_neg => Tok::Prefix(Prefix::Neg, span),
                Rule::app => Tok::Operand(self.app(q)),
                r => Tok::Infix(match r {
                    Rule::op_iff => BinOp::Iff,
                    Rule::op_imp => BinOp::Imp,
                    Rule::op_or => BinOp::Or,
                    Rule::op_and => BinOp::And,
                    Rule::op_neq => BinOp::Neq,
                    Rule::op_notmem => BinOp::NotMem,
                    Rule::op_le => BinOp::Le,
                    Rule::op_ge => BinOp::Ge,
                    Rule::op_lt => BinOp::Lt,
                    Rule::op_gt => BinOp::Gt,
                    Rule::op_eq => BinOp::Eq,
                    Rule::op_mem => BinOp::Mem,
                    Rule::op_union => BinOp::Union,
                    Rule::op_inter => BinOp::Inter,
                    Rule::op_plus => BinOp::Plus,
                    Rule::op_minus => BinOp::Minus,
                    Rule::op_times => BinOp::Times,
                    r => unreachable!("grammar: not an operator: {r:?}"),
                }),
            };
            toks.push(tok);
        }
        let mut toks = toks.into_iter().peekable();
        climb(&mut toks, 0)
    }

    fn app(&mut self, p: Pair<'_, Rule>) -> Expr {
        let mut parts: Vec<Expr> = Vec::new();
        for sel in p.into_inner() {
            let mut inner = sel.into_inner();
            let atom = inner.next().expect("grammar: selected atom");
            let mut e = if atom.as_rule() == Rule::paren && is_update(&atom) {
                let span = self.span(&atom);
                let ups = self.update_pairs(atom);
                match parts.pop() {
                    Some(f) => {
                        let sp = f.span.to(span);
                        Expr { kind: ExprKind::Update(Box::new(f), ups), span: sp }
                    }
                    None => {
                        self.diags.push(Diagnostic::error(
                            span,
                            "a function update `(x := v)` must follow the function it updates",
                        ));
                        Expr { kind: ExprKind::Tuple(Vec::new()), span }
                    }
                }
            } else {
                self.atom(atom)
            };
            for field in inner {
                let name = self.ident(field.into_inner().next().expect("grammar: field name"));
                let sp = e.span.to(name.span);
                e = Expr { kind: ExprKind::Field(Box::new(e), name), span: sp };
            }
            parts.push(e);
        }
        let mut parts = parts.into_iter();
        let mut f = parts.next().expect("grammar: application has a head");
        for a in parts {
            let sp = f.span.to(a.span);
            f = Expr { kind: ExprKind::App(Box::new(f), Box::new(a)), span: sp };
        }
        f
    }

    fn update_pairs(&mut self, p: Pair<'_, Rule>) -> Vec<(Expr, Expr)> {
        let mut terms = Vec::new();
        for q in p.into_inner() {
            match q.as_rule() {
                Rule::term => terms.push(self.term(q)),
                Rule::update_tail => terms.extend(
                    q.into_inner()
                        .filter(|t| t.as_rule() == Rule::term)
                        .map(|t| self.term(t))
                        .collect::<Vec<_>>(),
                ),
                _ => {}
            }
        }
        let mut out = Vec::new();
        let mut it = terms.into_iter();
        while let (Some(x), Some(v)) = (it.next(), it.next()) {
            out.push((x, v));
        }
        out
    }

    fn atom(&mut self, p: Pair<'_, Rule>) -> Expr {
        let span = self.span(&p);
        let kind = match p.as_rule() {
            Rule::ident => ExprKind::Name(p.as_str().to_string()),
            Rule::int_lit => ExprKind::Int(p.as_str().to_string()),
            Rule::paren => {
                let mut terms = Vec::new();
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::term => terms.push(self.term(q)),
                        Rule::tuple_tail => terms.extend(
                            q.into_inner()
                                .filter(|t| t.as_rule() == Rule::term)
                                .map(|t| self.term(t))
                                .collect::<Vec<_>>(),
                        ),
                        _ => {}
                    }
                }
                if terms.len() == 1 {
                    let mut e = terms.pop().expect("one term");
                    e.span = span;
                    return e;
                }
                ExprKind::Tuple(terms)
            }
            Rule::set_enum => ExprKind::SetEnum(
                p.into_inner()
                    .filter(|q| q.as_rule() == Rule::term)
                    .map(|q| self.term(q))
                    .collect(),
            ),
            Rule::collect => {
                let mut inner = p.into_inner();
                let pat = inner.next().expect("grammar: pattern");
                let bs = pat.into_inner().map(|b| self.binding(b)).collect();
                let body = self.term(inner.next().expect("grammar: comprehension body"));
                ExprKind::Collect(bs, Box::new(body))
            }
            r => unreachable!("grammar: not an atom: {r:?}"),
        };
        Expr { kind, span }
    }
}

fn is_update(p: &Pair<'_, Rule>) -> bool {
    p.clone().into_inner().any(|q| q.as_rule() == Rule::update_tail)
}

/// Precedence climbing over `prefix* operand (infix prefix* operand)*` (the grammar guarantees
/// that shape). Only infix operators binding tighter than `min` are taken.
fn climb(toks: &mut std::iter::Peekable<std::vec::IntoIter<Tok>>, min: u32) -> Expr {
    let mut lhs = match toks.next() {
        Some(Tok::Prefix(p, span)) => {
            let body = climb(toks, p.power());
            let sp = span.to(body.span);
            let kind = match p {
                Prefix::Binder(k, bs) => ExprKind::Binder(k, bs, Box::new(body)),
                Prefix::If(c, a) => ExprKind::If(Box::new(c), Box::new(a), Box::new(body)),
                Prefix::Not => ExprKind::Unary(UnOp::Not, Box::new(body)),
                Prefix::Neg => ExprKind::Unary(UnOp::Neg, Box::new(body)),
            };
            Expr { kind, span: sp }
        }
        Some(Tok::Operand(e)) => e,
        // Unreachable for grammar-produced sequences; an empty tuple keeps this total.
        Some(Tok::Infix(_)) | None => {
            Expr { kind: ExprKind::Tuple(Vec::new()), span: Span::default() }
        }
    };
    while let Some(Tok::Infix(op)) = toks.peek() {
        let op = *op;
        let (power, right) = op.precedence();
        if power <= min {
            break;
        }
        toks.next();
        let rhs = climb(toks, if right { power - 1 } else { power });
        let sp = lhs.span.to(rhs.span);
        lhs = Expr { kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span: sp };
    }
    lhs
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
    fn found_token_quotes_words_and_symbols() {
        assert_eq!(found_token("  theorem x"), "`theorem`");
        assert_eq!(found_token("& y"), "`&`");
        assert_eq!(found_token(""), "end of input");
        assert_eq!(found_token("\nx"), "end of line");
    }

    #[test]
    fn formula_spans_point_into_the_formula_text() {
        let src = "x : A Un B";
        let (e, d) = parse_formula(FileId(0), src);
        assert!(d.is_empty());
        let e = e.unwrap();
        assert_eq!((e.span.start, e.span.end), (0, src.len() as u32));
        let ExprKind::Binary(BinOp::Mem, _, rhs) = &e.kind else { panic!("membership") };
        assert_eq!(&src[rhs.span.start as usize..rhs.span.end as usize], "A Un B");
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
    fn update_without_function_is_an_error() {
        let (_, d) = parse_formula(FileId(0), "(x := 1) = f");
        assert_eq!(d.len(), 1);
        assert!(d[0].message.contains("must follow the function"));
    }
}

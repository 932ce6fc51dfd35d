//! Parser for the notation: pest grammar (`terms.pest`), precedence climbing, and errors that
//! say what was expected.
//!
//! pest is only used at the boundary: its pairs are turned into [`ast`](super::ast) nodes right
//! away and its errors into [`Diagnostic`]s, so nothing else in the crate depends on pest types.
//! A term is always parsed where it stands in its file (`base` is the byte offset of its text),
//! so every span points into the file the user wrote.

use pest::Parser as _;
use pest::iterators::Pair;

use super::ast::*;
use crate::hol::{RTRANCL, TREE};
use crate::syntax::{Diagnostic, FileId, Span, has_errors, pest_diagnostic};

mod grammar {
    //! The derived pest parser (kept private: `Rule` is an implementation detail).
    #[derive(pest_derive::Parser)]
    #[grammar = "notation/terms.pest"]
    pub struct TermParser;
}

use grammar::{Rule, TermParser};

/// Bracket nesting allowed in a term. The parser and the passes after it recurse over the
/// nesting, so unbounded depth would overflow the stack instead of producing a diagnostic.
pub const MAX_DEPTH: usize = 200;

/// The byte offset of the first bracket nested deeper than [`MAX_DEPTH`], if any. Brackets
/// inside comments are counted too, which only makes the check stricter.
pub fn too_deep(text: &str) -> Option<usize> {
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

fn deep_diagnostic(file: FileId, at: usize) -> Diagnostic {
    Diagnostic::error(Span::new(file, at, at + 1), "brackets nested too deeply")
        .with_note(format!("at most {MAX_DEPTH} levels of `(` and `{{` are allowed"))
}

/// Parses a term written at byte `base` of `file` (for a quoted formula, `text` is what stands
/// between the quotes). Runs on the caller's stack, which bounds how deeply operators may nest
/// (a few thousand `&` on a 2 MiB thread); front ends run on `syntax::with_large_stack`.
pub fn parse_term(file: FileId, text: &str, base: usize) -> (Option<Expr>, Vec<Diagnostic>) {
    if let Some(at) = too_deep(text) {
        return (None, vec![deep_diagnostic(file, base + at)]);
    }
    match TermParser::parse(Rule::term_at, text) {
        Ok(mut pairs) => {
            let mut conv = Converter { file, offset: base, diags: Vec::new() };
            let term = pairs
                .next()
                .and_then(|p| p.into_inner().find(|q| q.as_rule() == Rule::term))
                .map(|t| conv.term(t));
            if has_errors(&conv.diags) {
                return (None, conv.diags);
            }
            (term, conv.diags)
        }
        Err(e) => (None, vec![quoted_error(file, base, text, &e)]),
    }
}

/// The diagnostic for a syntax error in a quoted term or type: what ends the text is the closing
/// quote, so that is what was found there.
fn quoted_error(file: FileId, base: usize, text: &str, e: &pest::error::Error<Rule>) -> Diagnostic {
    let quoted = format!("{text}\"");
    pest_diagnostic(file, base, &quoted, e, describe)
}

/// Parses a type written at byte `base` of `file`.
pub fn parse_type(file: FileId, text: &str, base: usize) -> (Option<TypeExpr>, Vec<Diagnostic>) {
    if let Some(at) = too_deep(text) {
        return (None, vec![deep_diagnostic(file, base + at)]);
    }
    match TermParser::parse(Rule::type_at, text) {
        Ok(mut pairs) => {
            let mut conv = Converter { file, offset: base, diags: Vec::new() };
            let ty = pairs
                .next()
                .and_then(|p| p.into_inner().find(|q| q.as_rule() == Rule::type_expr))
                .map(|t| conv.type_expr(t));
            (ty, conv.diags)
        }
        Err(e) => (None, vec![quoted_error(file, base, text, &e)]),
    }
}

/// How a grammar rule is named in an "expected ..." message; `None` for rules never reported.
fn describe(rule: Rule) -> Option<&'static str> {
    use Rule::*;
    Some(match rule {
        ident | var_name => "a name",
        int_lit => "an integer",
        term | term_at | infix_expr | app | selected | paren | collect | set_enum | binder
        | commented | comment_label | tree_shape | if_head | op_not | op_neg | binder_kw => {
            "a term"
        }
        op_iff | op_imp | op_or | op_and | op_neq | op_notmem | op_le | op_ge | op_lt | op_gt
        | op_eq | op_mem | op_union | op_inter | op_plus | op_minus | op_times | op_div
        | op_mod => "an operator",
        field => "`..`",
        closure => "`^*`",
        ascription => "`::`",
        binding | pattern => "a variable",
        type_at | type_expr | prod_type | post_type | tvar | type_name => "a type",
        ty_arrow => "`=>`",
        ty_times => "`*`",
        set_suffix => "`set`",
        update_tail => "`:=`",
        tuple_tail | comma => "`,`",
        kw_then => "`then`",
        kw_else => "`else`",
        dot => "`.`",
        rparen => "`)`",
        rbrace => "`}`",
        EOI => "`\"`",
        _ => return None,
    })
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
                        "ALL" | "\\<forall>" => BinderKind::All,
                        "EX" | "\\<exists>" => BinderKind::Ex,
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
                    Rule::op_div => BinOp::Div,
                    Rule::op_mod => BinOp::Mod,
                    r => unreachable!("grammar: not an operator: {r:?}"),
                }),
            };
            toks.push(tok);
        }
        let mut toks = toks.into_iter().peekable();
        climb(&mut toks, 0)
    }

    fn app(&mut self, p: Pair<'_, Rule>) -> Expr {
        self.app_of(p.into_inner().collect())
    }

    /// An application of `selected` atoms (each with its field selections).
    fn app_of(&mut self, selected: Vec<Pair<'_, Rule>>) -> Expr {
        let mut parts: Vec<Expr> = Vec::new();
        for sel in selected {
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
            for suffix in inner {
                if suffix.as_rule() == Rule::closure {
                    // `R^*` is the built-in `rtrancl R`, so it is typed, printed and translated
                    // as that constant (named where the `^*` stands, for type errors).
                    let star = self.span(&suffix);
                    let sp = e.span.to(star);
                    let head = Expr { kind: ExprKind::Name(RTRANCL.into()), span: star };
                    e = Expr { kind: ExprKind::App(Box::new(head), Box::new(e)), span: sp };
                    continue;
                }
                let name = self.ident(suffix.into_inner().next().expect("grammar: field name"));
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
        if p.as_rule() == Rule::tree_shape {
            // `tree [f, g]` is the built-in shape predicate applied to its fields (a tuple of
            // them when there are several).
            let mut fields: Vec<Expr> = p
                .into_inner()
                .filter(|q| q.as_rule() == Rule::term)
                .map(|q| self.term(q))
                .collect();
            let arg = if fields.len() == 1 {
                fields.pop().expect("one field")
            } else {
                let sp = fields[0].span.to(fields[fields.len() - 1].span);
                Expr { kind: ExprKind::Tuple(fields), span: sp }
            };
            let head = Expr { kind: ExprKind::Name(TREE.into()), span };
            return Expr { kind: ExprKind::App(Box::new(head), Box::new(arg)), span };
        }
        if p.as_rule() == Rule::commented {
            // `comment ''Name'' F` means `F`: the label is for people (and for the Java front
            // end, which names an obligation after it).
            let mut inner = p.into_inner().filter(|q| q.as_rule() == Rule::selected);
            let selected = inner.next().expect("grammar: a commented formula");
            return self.app_of(vec![selected]);
        }
        let kind = match p.as_rule() {
            Rule::ident | Rule::var_name => ExprKind::Name(p.as_str().to_string()),
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

    fn parse(text: &str) -> Expr {
        let (e, d) = parse_term(FileId(0), text, 0);
        assert!(d.is_empty(), "{d:?}");
        e.expect("parses")
    }

    #[test]
    fn spans_point_into_the_file_at_the_given_offset() {
        let src = "x : A Un B";
        let (e, d) = parse_term(FileId(0), src, 10);
        assert!(d.is_empty());
        let e = e.unwrap();
        assert_eq!((e.span.start, e.span.end), (10, 10 + src.len() as u32));
        let ExprKind::Binary(BinOp::Mem, _, rhs) = &e.kind else { panic!("membership") };
        assert_eq!((rhs.span.start, rhs.span.end), (14, 20));
    }

    #[test]
    fn update_without_function_is_an_error() {
        let (_, d) = parse_term(FileId(0), "(x := 1) = f", 0);
        assert_eq!(d.len(), 1);
        assert!(d[0].message.contains("must follow the function"));
    }

    #[test]
    fn jahob_symbols_and_qualified_names() {
        assert_eq!(parse("A \\<subseteq> B \\<setminus> C").to_string(), "(A <= (B - C))");
        assert_eq!(parse("x \\<in> Object.alloc").to_string(), "(x : Object.alloc)");
        assert_eq!(parse("result..Pair.key < 3").to_string(), "((result..Pair.key) < 3)");
        // A lower-case name followed by a dot is a binder's variable, not a qualified name.
        assert_eq!(parse("ALL x.(x ~= k)").to_string(), "(ALL x. (x ~= k))");
        assert_eq!(parse("\\<forall>x. \\<not> p x").to_string(), "(ALL x. (~ (p x)))");
    }

    #[test]
    fn deep_nesting_is_a_diagnostic() {
        let text = format!("{}x{}", "(".repeat(100_000), ")".repeat(100_000));
        let (e, d) = parse_term(FileId(0), &text, 0);
        assert!(e.is_none());
        assert_eq!(d[0].message, "brackets nested too deeply");
    }

    #[test]
    fn types_parse_with_jahob_abbreviations() {
        let (t, d) = parse_type(FileId(0), "(int * obj) set", 0);
        assert!(d.is_empty());
        assert_eq!(t.unwrap().to_string(), "((int * obj) set)");
        let (t, _) = parse_type(FileId(0), "objset", 0);
        assert_eq!(t.unwrap().to_string(), "(obj set)");
    }
}

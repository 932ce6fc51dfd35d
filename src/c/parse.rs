//! Parser for the C subset: a scanner splits the file into top-level items, each item is read by
//! the pest grammar `c.pest`, and its pairs are turned into [`ast`](super::ast) nodes at once, so
//! nothing outside this file sees pest types.
//!
//! Why items: one bad function must not hide the errors of the next, and preprocessed SV-COMP
//! files (`.i`) declare library functions with pointers, attributes and strings the subset
//! refuses. The scanner therefore skips, without parsing them, `typedef`s, prototypes and
//! `extern` function declarations (their names are remembered, so a call to a function declared
//! but never defined is refused by name), and every declaration or definition of a function the
//! lowering knows by heart (`reach_error`, `__VERIFIER_nondet_int`, `abort`, `__assert_fail`,
//! ...): SV-COMP writes `reach_error` with `__assert_fail` and `__PRETTY_FUNCTION__` inside, and
//! its meaning (the error location) is fixed whatever its body says.
//!
//! Constructs outside the subset that the grammar recognizes (pointers, `&`, structs, floats,
//! strings, `switch`, bitwise operators, `sizeof`) are reported one by one and conversion goes
//! on, so one run names all of them.

use pest::Parser as _;
use pest::iterators::Pair;

use super::ast::*;
use super::builtin::is_builtin_function;
use crate::syntax::{Diagnostic, FileId, Span, pest_diagnostic, with_large_stack};

mod grammar {
    //! The derived pest parser (kept private: `Rule` is an implementation detail).
    #[derive(pest_derive::Parser)]
    #[grammar = "c/c.pest"]
    pub struct CParser;
}

use grammar::{CParser, Rule};

/// Nesting allowed: levels of brackets plus statements nested without braces. The grammar and
/// the converter recurse over it, so unbounded depth would overflow the stack instead of giving
/// a diagnostic.
pub const MAX_DEPTH: usize = 200;

/// Operands allowed in one flat chain of binary operators (`a + b + ...`): each adds a level to
/// the tree, which the lowering recurses over.
const MAX_CHAIN: usize = 1000;

/// The parser runs on a thread of its own with this much (reserved, not committed) stack.
const STACK_BYTES: usize = 256 << 20;

/// Parses one C file. Returns what it could read (items with syntax errors are left out) and
/// every diagnostic; the tree is meaningful only when no error was reported.
pub fn parse_c(file: FileId, text: &str) -> (TranslationUnit, Vec<Diagnostic>) {
    with_large_stack(STACK_BYTES, || {
        let mut unit = TranslationUnit::default();
        let items = match split_items(file, text) {
            Ok(items) => items,
            Err(d) => return (unit, vec![d]),
        };
        let mut converter = Converter { file, base: 0, diags: Vec::new() };
        for item in items {
            converter.item(text, item, &mut unit);
        }
        // A prototype of a function defined later is no prototype of an undefined function.
        let defined: Vec<String> = unit.functions.iter().map(|f| f.name.name.clone()).collect();
        unit.prototypes.retain(|p| !defined.contains(&p.name));
        (unit, converter.diags)
    })
}

// ---------------------------------------------------------------- the scanner

/// What a top-level item is, as far as the scanner can tell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ItemShape {
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
struct Item {
    start: usize,
    end: usize,
    shape: ItemShape,
    name: Option<(usize, usize)>,
}

fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Where the comment, preprocessor line or literal at `i` ends, if one starts there; an
/// unterminated block comment is an error.
fn skip_trivia(file: FileId, text: &str, i: usize) -> Result<Option<usize>, Diagnostic> {
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
fn split_items(file: FileId, text: &str) -> Result<Vec<Item>, Diagnostic> {
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

// ---------------------------------------------------------------- messages

/// How a grammar rule is named in an "expected ..." message; `None` for rules never reported.
fn describe(rule: Rule) -> Option<&'static str> {
    use Rule::*;
    Some(match rule {
        item | function_definition | declaration => "a declaration",
        specifiers | specifier | storage | type_word | refused_type => "a type",
        statement | block | if_stmt | while_stmt | do_stmt | for_stmt | break_stmt
        | continue_stmt | goto_stmt | return_stmt | switch_stmt | labeled | expr_stmt | empty => {
            "a statement"
        }
        expr | assignment | conditional | binary | unary | cast | prefix_op | postfix_expr
        | primary | paren_expr | number | char_lit | string_lit | float_lit | sizeof_expr => {
            "an expression"
        }
        op_or | op_and | op_shl | op_shr | op_le | op_ge | op_eq | op_ne | op_lt | op_gt
        | op_bit_or | op_bit_and | op_bit_xor | op_add | op_sub | op_mul | op_div | op_rem
        | assign_op | postfix | index | call_args | member => "an operator",
        ident => "a name",
        parameters | parameter => "a parameter",
        init_declarator => "a declarator",
        initializer | initializer_list => "an initialiser",
        array_suffix | lbrack => "`[`",
        semi => "`;`",
        comma => "`,`",
        lparen => "`(`",
        rparen => "`)`",
        lbrace => "`{`",
        rbrace => "`}`",
        rbrack => "`]`",
        colon => "`:`",
        kw_while => "`while`",
        kw_else => "`else`",
        EOI => "end of input",
        _ => return None,
    })
}

// ---------------------------------------------------------------- the converter

struct Converter {
    file: FileId,
    /// Byte offset of the item being converted in the file.
    base: usize,
    diags: Vec<Diagnostic>,
}

/// A refused construct: what it is and what to do instead.
fn refusal(what: &str, note: &str) -> (String, String) {
    (format!("{what} not in craig's C subset"), note.to_string())
}

const NO_POINTERS: &str =
    "the subset's values are integers and fixed-size arrays; there is no memory model";

impl Converter {
    fn span(&self, pair: &Pair<Rule>) -> Span {
        let s = pair.as_span();
        Span::new(self.file, self.base + s.start(), self.base + s.end())
    }

    fn refuse(&mut self, span: Span, what: &str, note: &str) {
        let (message, note) = refusal(what, note);
        self.diags.push(Diagnostic::error(span, message).with_note(note));
    }

    fn ident(&self, pair: Pair<Rule>) -> Ident {
        Ident { name: pair.as_str().to_string(), span: self.span(&pair) }
    }

    fn item(&mut self, text: &str, item: Item, unit: &mut TranslationUnit) {
        let name = item
            .name
            .map(|(s, e)| Ident { name: text[s..e].to_string(), span: Span::new(self.file, s, e) });
        if let Some(n) = &name
            && is_builtin_function(&n.name)
        {
            // Its meaning is craig's (see `builtin`), whatever the file declares.
            return;
        }
        match item.shape {
            ItemShape::Typedef => return,
            ItemShape::Prototype => {
                if let Some(n) = name
                    && !unit.prototypes.iter().any(|p| p.name == n.name)
                {
                    unit.prototypes.push(n);
                }
                return;
            }
            ItemShape::Definition | ItemShape::Other => {}
        }
        let source = &text[item.start..item.end];
        self.base = item.start;
        let pairs = match CParser::parse(Rule::item, source) {
            Ok(pairs) => pairs,
            Err(e) => {
                self.diags.push(pest_diagnostic(self.file, item.start, source, &e, describe));
                return;
            }
        };
        let Some(top) = pairs.into_iter().next() else { return };
        for p in top.into_inner() {
            match p.as_rule() {
                Rule::function_definition => {
                    if let Some(f) = self.function(p) {
                        unit.functions.push(f);
                    }
                }
                Rule::declaration => {
                    let decls = self.declaration(p);
                    unit.globals.extend(decls);
                }
                _ => {}
            }
        }
    }

    /// The type named by specifiers; refused words are reported.
    fn specifiers(&mut self, pair: Pair<Rule>) -> CType {
        let mut ty = None;
        let span = self.span(&pair);
        for spec in pair.into_inner() {
            let inner = spec.into_inner().next().expect("a specifier has one part");
            let word = inner.as_str();
            match inner.as_rule() {
                Rule::type_word => {
                    let this = match word {
                        "void" => CType::Void,
                        "_Bool" | "bool" => CType::Bool,
                        _ => CType::Int,
                    };
                    ty = Some(match (ty, this) {
                        (None, t) | (Some(CType::Int), t @ CType::Int) => t,
                        (Some(t), _) => t,
                    });
                }
                Rule::refused_type => {
                    let s = self.span(&inner);
                    let keyword = word.split(|c: char| !c.is_ascii_alphanumeric() && c != '_');
                    match keyword.into_iter().next().unwrap_or("") {
                        "float" | "double" => self.refuse(
                            s,
                            "floating-point types are",
                            "the subset's numbers are integers",
                        ),
                        "typedef" => self.refuse(
                            s,
                            "`typedef` inside a function is",
                            "name the integer type directly",
                        ),
                        kw => self.refuse(s, &format!("`{kw}` types are"), NO_POINTERS),
                    }
                    ty = Some(CType::Int);
                }
                _ => {}
            }
        }
        ty.unwrap_or_else(|| {
            // Only qualifiers (`const x;`): C89's implicit int.
            let _ = span;
            CType::Int
        })
    }

    fn refuse_pointers(&mut self, pairs: &[Pair<Rule>]) {
        if let Some(p) = pairs.first() {
            let s = self.span(p);
            self.refuse(s, "pointers are", NO_POINTERS);
        }
    }

    fn function(&mut self, pair: Pair<Rule>) -> Option<Function> {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let result = self.specifiers(inner.next()?);
        let mut next = inner.next()?;
        let mut pointers = Vec::new();
        while next.as_rule() == Rule::pointer {
            pointers.push(next);
            next = inner.next()?;
        }
        self.refuse_pointers(&pointers);
        let name = self.ident(next);
        let mut params = Vec::new();
        let mut body = None;
        for p in inner {
            match p.as_rule() {
                Rule::parameters => {
                    for param in p.into_inner().filter(|q| q.as_rule() == Rule::parameter) {
                        if let Some(param) = self.parameter(param) {
                            params.push(param);
                        }
                    }
                }
                Rule::block => body = Some(self.block(p)),
                _ => {}
            }
        }
        Some(Function { result, name, params, body: body?, span })
    }

    fn parameter(&mut self, pair: Pair<Rule>) -> Option<Param> {
        let span = self.span(&pair);
        let mut ty = CType::Int;
        let mut name = None;
        let mut pointers = Vec::new();
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::specifiers => ty = self.specifiers(p),
                Rule::pointer => pointers.push(p),
                Rule::ident => name = Some(self.ident(p)),
                Rule::array_suffix => {
                    let s = self.span(&p);
                    self.refuse(
                        s,
                        "array parameters are",
                        "C passes arrays as pointers; use a global array instead",
                    );
                }
                _ => {}
            }
        }
        self.refuse_pointers(&pointers);
        match name {
            Some(name) => Some(Param { ty, name }),
            None => {
                self.diags.push(Diagnostic::error(span, "a parameter needs a name"));
                None
            }
        }
    }

    fn declaration(&mut self, pair: Pair<Rule>) -> Vec<VarDecl> {
        let mut inner = pair.into_inner();
        let Some(specs) = inner.next() else { return Vec::new() };
        let specs_span = self.span(&specs);
        let ty = self.specifiers(specs);
        let mut out = Vec::new();
        for d in inner.filter(|p| p.as_rule() == Rule::init_declarator) {
            let span = self.span(&d);
            let mut pointers = Vec::new();
            let mut name = None;
            let mut array = None;
            let mut init = None;
            let mut dims = 0;
            for p in d.into_inner() {
                match p.as_rule() {
                    Rule::pointer => pointers.push(p),
                    Rule::ident => name = Some(self.ident(p)),
                    Rule::array_suffix => {
                        dims += 1;
                        let s = self.span(&p);
                        if dims == 2 {
                            self.refuse(
                                s,
                                "multi-dimensional arrays are",
                                "use a one-dimensional array and compute the index",
                            );
                        }
                        array = Some(self.array_size(p, s));
                    }
                    Rule::initializer => init = Some(self.initializer(p)),
                    _ => {}
                }
            }
            self.refuse_pointers(&pointers);
            if ty == CType::Void {
                self.diags
                    .push(Diagnostic::error(specs_span, "a variable cannot have type `void`"));
            }
            let Some(name) = name else { continue };
            out.push(VarDecl { ty, name, array: array.flatten(), init, span });
        }
        out
    }

    /// The constant size of an array: a literal, or literals combined with `+ - *`.
    fn array_size(&mut self, pair: Pair<Rule>, span: Span) -> Option<u64> {
        let Some(e) = pair.into_inner().find(|p| p.as_rule() == Rule::expr) else {
            self.diags.push(
                Diagnostic::error(span, "an array needs its size")
                    .with_note("write the number of elements: `int a[10];`"),
            );
            return None;
        };
        let e = self.expr(e);
        match constant_value(&e).and_then(|n| n.to_u64()) {
            Some(n) if n > 0 => Some(n),
            _ => {
                self.diags.push(
                    Diagnostic::error(e.span, "an array's size must be a positive constant")
                        .with_note("variable-length arrays are not in the subset"),
                );
                None
            }
        }
    }

    fn initializer(&mut self, pair: Pair<Rule>) -> Initializer {
        let inner = pair.into_inner().next().expect("an initialiser has one part");
        if inner.as_rule() == Rule::initializer_list {
            let span = self.span(&inner);
            let values = inner
                .into_inner()
                .filter(|p| p.as_rule() == Rule::assignment)
                .map(|p| self.assignment(p))
                .collect();
            Initializer::List(values, span)
        } else {
            Initializer::Expr(self.assignment(inner))
        }
    }

    // ------------------------------------------------------------ statements

    fn block(&mut self, pair: Pair<Rule>) -> Block {
        let span = self.span(&pair);
        let statements = pair
            .into_inner()
            .filter(|p| p.as_rule() == Rule::statement)
            .map(|p| self.statement(p))
            .collect();
        Block { statements, span }
    }

    fn boxed(&mut self, pair: Option<Pair<Rule>>, span: Span) -> Box<Statement> {
        Box::new(match pair {
            Some(p) => self.statement(p),
            None => Statement { kind: StatementKind::Empty, span },
        })
    }

    fn statement(&mut self, pair: Pair<Rule>) -> Statement {
        let span = self.span(&pair);
        let inner = pair.into_inner().next().expect("a statement has one part");
        let rule = inner.as_rule();
        match rule {
            Rule::block => {
                return Statement { kind: StatementKind::Block(self.block(inner)), span };
            }
            Rule::declaration => {
                // A `static` local keeps its value across calls: it would be a global in the
                // IR, initialised once; refused rather than silently re-initialised.
                let statics =
                    inner.clone().into_inner().flat_map(|p| p.into_inner()).filter(|p| {
                        p.as_rule() == Rule::specifier && p.as_str().trim() == "static"
                    });
                if let Some(p) = statics.into_iter().next() {
                    let at = self.span(&p);
                    self.refuse(
                        at,
                        "`static` local variables are",
                        "declare the variable globally",
                    );
                }
                let decls = self.declaration(inner);
                return Statement { kind: StatementKind::Declaration(decls), span };
            }
            _ => {}
        }
        let mut parts = inner.into_inner().filter(|p| {
            !matches!(
                p.as_rule(),
                Rule::lparen | Rule::rparen | Rule::semi | Rule::colon | Rule::kw_else
            )
        });
        let kind = match rule {
            Rule::empty => StatementKind::Empty,
            Rule::expr_stmt => match parts.next() {
                Some(e) => StatementKind::Expr(self.expr(e)),
                None => StatementKind::Empty,
            },
            Rule::if_stmt => {
                let _kw = parts.next();
                let c = parts.next().map(|e| self.expr(e));
                let then = parts.next();
                let then = self.boxed(then, span);
                let otherwise = parts.next().map(|p| Box::new(self.statement(p)));
                match c {
                    Some(c) => StatementKind::If(c, then, otherwise),
                    None => StatementKind::Empty,
                }
            }
            Rule::while_stmt => {
                let _kw = parts.next();
                let c = parts.next().map(|e| self.expr(e));
                let body = parts.next();
                let body = self.boxed(body, span);
                match c {
                    Some(c) => StatementKind::While(c, body),
                    None => StatementKind::Empty,
                }
            }
            Rule::do_stmt => {
                let _kw = parts.next();
                let body = parts.next();
                let body = self.boxed(body, span);
                let _kw_while = parts.next();
                match parts.next().map(|e| self.expr(e)) {
                    Some(c) => StatementKind::DoWhile(body, c),
                    None => StatementKind::Empty,
                }
            }
            Rule::for_stmt => self.for_statement(parts, span),
            Rule::break_stmt => StatementKind::Break,
            Rule::continue_stmt => StatementKind::Continue,
            Rule::goto_stmt => {
                let _kw = parts.next();
                match parts.next() {
                    Some(l) => StatementKind::Goto(self.ident(l)),
                    None => StatementKind::Empty,
                }
            }
            Rule::return_stmt => {
                let _kw = parts.next();
                StatementKind::Return(parts.next().map(|e| self.expr(e)))
            }
            Rule::switch_stmt => {
                let kw = parts.next().map_or(span, |k| self.span(&k));
                self.refuse(kw, "`switch` statements are", "use `if` and `else`");
                StatementKind::Empty
            }
            Rule::labeled => {
                let label = parts.next().map(|l| self.ident(l));
                let s = parts.next();
                let s = self.boxed(s, span);
                match label {
                    Some(l) => StatementKind::Labeled(l, s),
                    None => s.kind,
                }
            }
            _ => StatementKind::Empty,
        };
        Statement { kind, span }
    }

    fn for_statement<'a>(
        &mut self,
        mut parts: impl Iterator<Item = Pair<'a, Rule>>,
        span: Span,
    ) -> StatementKind {
        let _kw = parts.next();
        let mut init = None;
        let mut condition = None;
        let mut step = None;
        let mut body = None;
        for p in parts {
            let s = self.span(&p);
            match p.as_rule() {
                Rule::for_init => {
                    let inner = p.into_inner().find(|q| q.as_rule() != Rule::semi);
                    init = inner.map(|q| {
                        let kind = if q.as_rule() == Rule::declaration {
                            StatementKind::Declaration(self.declaration(q))
                        } else {
                            StatementKind::Expr(self.expr(q))
                        };
                        Box::new(Statement { kind, span: s })
                    });
                }
                Rule::for_cond => {
                    condition =
                        p.into_inner().find(|q| q.as_rule() == Rule::expr).map(|q| self.expr(q));
                }
                Rule::for_step => {
                    step = p.into_inner().next().map(|q| self.expr(q));
                }
                Rule::statement => body = Some(p),
                _ => {}
            }
        }
        let body = self.boxed(body, span);
        StatementKind::For { init, condition, step, body }
    }

    // ------------------------------------------------------------ expressions

    fn refused(span: Span) -> Expr {
        Expr { kind: ExprKind::Refused, span }
    }

    fn expr(&mut self, pair: Pair<Rule>) -> Expr {
        let parts: Vec<Pair<Rule>> =
            pair.into_inner().filter(|p| p.as_rule() == Rule::assignment).collect();
        let mut result: Option<Expr> = None;
        for p in parts {
            let e = self.assignment(p);
            result = Some(match result {
                None => e,
                Some(l) => {
                    let span = l.span.to(e.span);
                    Expr { kind: ExprKind::Binary(BinaryOp::Comma, Box::new(l), Box::new(e)), span }
                }
            });
        }
        result.expect("an expression has an assignment")
    }

    fn assignment(&mut self, pair: Pair<Rule>) -> Expr {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let lhs = self.conditional(inner.next().expect("an assignment has a left side"));
        let Some(op) = inner.next() else { return lhs };
        let rhs = self.assignment(inner.next().expect("`=` has a right side"));
        let op_span = self.span(&op);
        let op = match op.as_str() {
            "=" => None,
            "+=" => Some(BinaryOp::Add),
            "-=" => Some(BinaryOp::Sub),
            "*=" => Some(BinaryOp::Mul),
            "/=" => Some(BinaryOp::Div),
            "%=" => Some(BinaryOp::Rem),
            other => {
                self.refuse(
                    op_span,
                    &format!("the bitwise assignment `{other}` is"),
                    "integers are mathematical in the subset; bitwise operators have no meaning",
                );
                return Self::refused(span);
            }
        };
        if !matches!(lhs.kind, ExprKind::Var(_) | ExprKind::Index(..) | ExprKind::Refused) {
            self.diags.push(
                Diagnostic::error(lhs.span, "only a variable or an array element can be assigned")
                    .with_note("the left side of an assignment is `x` or `a[i]`"),
            );
            return Self::refused(span);
        }
        Expr { kind: ExprKind::Assign(op, Box::new(lhs), Box::new(rhs)), span }
    }

    fn conditional(&mut self, pair: Pair<Rule>) -> Expr {
        let span = self.span(&pair);
        let mut inner =
            pair.into_inner().filter(|p| !matches!(p.as_rule(), Rule::question | Rule::colon));
        let c = self.binary(inner.next().expect("a conditional has a condition"));
        let Some(a) = inner.next() else { return c };
        let a = self.expr(a);
        let b = self.conditional(inner.next().expect("`?` has an else part"));
        Expr { kind: ExprKind::Conditional(Box::new(c), Box::new(a), Box::new(b)), span }
    }

    /// A chain of binary operators by precedence climbing over explicit stacks (no recursion,
    /// so a long chain costs no stack).
    fn binary(&mut self, pair: Pair<Rule>) -> Expr {
        let mut operands: Vec<Expr> = Vec::new();
        let mut operators: Vec<(BinaryOp, u8)> = Vec::new();
        let mut count = 0usize;
        let span = self.span(&pair);
        fn reduce(operands: &mut Vec<Expr>, op: BinaryOp) {
            let r = operands.pop().expect("an operator has a right operand");
            let l = operands.pop().expect("an operator has a left operand");
            let span = l.span.to(r.span);
            operands.push(Expr { kind: ExprKind::Binary(op, Box::new(l), Box::new(r)), span });
        }
        for p in pair.into_inner() {
            if p.as_rule() == Rule::unary {
                count += 1;
                if count > MAX_CHAIN {
                    self.diags.push(
                        Diagnostic::error(span, "expression too long")
                            .with_note(format!("at most {MAX_CHAIN} operands in a row")),
                    );
                    return Self::refused(span);
                }
                let e = self.unary(p);
                operands.push(e);
                continue;
            }
            let op_span = self.span(&p);
            let (op, prec) = match p.as_rule() {
                Rule::op_or => (BinaryOp::Or, 1),
                Rule::op_and => (BinaryOp::And, 2),
                Rule::op_eq => (BinaryOp::Eq, 6),
                Rule::op_ne => (BinaryOp::Ne, 6),
                Rule::op_lt => (BinaryOp::Lt, 7),
                Rule::op_le => (BinaryOp::Le, 7),
                Rule::op_gt => (BinaryOp::Gt, 7),
                Rule::op_ge => (BinaryOp::Ge, 7),
                Rule::op_add => (BinaryOp::Add, 9),
                Rule::op_sub => (BinaryOp::Sub, 9),
                Rule::op_mul => (BinaryOp::Mul, 10),
                Rule::op_div => (BinaryOp::Div, 10),
                Rule::op_rem => (BinaryOp::Rem, 10),
                _ => {
                    self.refuse(
                        op_span,
                        &format!("the bitwise operator `{}` is", p.as_str()),
                        "integers are mathematical in the subset; bitwise operators have no \
                         meaning",
                    );
                    // Read on as `+` so the rest of the expression is still checked.
                    (BinaryOp::Add, 9)
                }
            };
            while let Some(&(top, top_prec)) = operators.last() {
                if top_prec < prec {
                    break;
                }
                operators.pop();
                reduce(&mut operands, top);
            }
            operators.push((op, prec));
        }
        while let Some((op, _)) = operators.pop() {
            reduce(&mut operands, op);
        }
        operands.pop().expect("a chain has an operand")
    }

    fn unary(&mut self, pair: Pair<Rule>) -> Expr {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let first = inner.next().expect("a unary expression has a part");
        match first.as_rule() {
            Rule::cast => {
                let mut ty = CType::Int;
                let mut pointers = Vec::new();
                for p in first.into_inner() {
                    match p.as_rule() {
                        Rule::specifiers => ty = self.specifiers(p),
                        Rule::pointer => pointers.push(p),
                        _ => {}
                    }
                }
                self.refuse_pointers(&pointers);
                let e = self.unary(inner.next().expect("a cast has an operand"));
                match ty {
                    CType::Bool => Expr { kind: ExprKind::ToBool(Box::new(e)), span },
                    // Casts between integer types change nothing: integers are mathematical;
                    // `(void) e` evaluates `e` for its effect.
                    CType::Int | CType::Void => Expr { kind: e.kind, span },
                }
            }
            Rule::prefix_op => {
                let op = first.into_inner().next().expect("an operator");
                let op_span = self.span(&op);
                let e = self.unary(inner.next().expect("a prefix operator has an operand"));
                let kind = match op.as_rule() {
                    Rule::op_incr | Rule::op_decr => ExprKind::Step {
                        increment: op.as_rule() == Rule::op_incr,
                        prefix: true,
                        target: Box::new(e),
                    },
                    Rule::op_not => ExprKind::Unary(UnaryOp::Not, Box::new(e)),
                    Rule::op_compl => ExprKind::Unary(UnaryOp::Complement, Box::new(e)),
                    Rule::op_neg => match e.kind {
                        ExprKind::Int(n) => ExprKind::Int(-n),
                        kind => {
                            ExprKind::Unary(UnaryOp::Neg, Box::new(Expr { kind, span: e.span }))
                        }
                    },
                    Rule::op_plus => e.kind,
                    Rule::op_deref => {
                        self.refuse(op_span, "dereferencing with `*` is", NO_POINTERS);
                        ExprKind::Refused
                    }
                    _ => {
                        self.refuse(op_span, "taking an address with `&` is", NO_POINTERS);
                        ExprKind::Refused
                    }
                };
                Expr { kind, span }
            }
            Rule::sizeof_expr => {
                self.refuse(span, "`sizeof` is", "integers are mathematical in the subset");
                Self::refused(span)
            }
            _ => self.postfix(first),
        }
    }

    fn postfix(&mut self, pair: Pair<Rule>) -> Expr {
        let mut inner = pair.into_inner();
        let primary = inner.next().expect("a postfix expression has a primary");
        let mut e = self.primary(primary);
        for p in inner {
            let s = self.span(&p);
            let span = e.span.to(s);
            let op = p.into_inner().next().expect("a postfix has a part");
            e = match op.as_rule() {
                Rule::index => {
                    let index = op.into_inner().find(|q| q.as_rule() == Rule::expr);
                    let index = self.expr(index.expect("an index has an expression"));
                    match e.kind {
                        ExprKind::Var(name) => Expr {
                            kind: ExprKind::Index(Ident { name, span: e.span }, Box::new(index)),
                            span,
                        },
                        ExprKind::Refused => Self::refused(span),
                        _ => {
                            self.diags.push(
                                Diagnostic::error(e.span, "only an array variable can be indexed")
                                    .with_note("arrays are one-dimensional: `a[i]`"),
                            );
                            Self::refused(span)
                        }
                    }
                }
                Rule::call_args => {
                    let args: Vec<Expr> = op
                        .into_inner()
                        .filter(|q| q.as_rule() == Rule::assignment)
                        .map(|q| self.assignment(q))
                        .collect();
                    match e.kind {
                        ExprKind::Var(name) => {
                            Expr { kind: ExprKind::Call(Ident { name, span: e.span }, args), span }
                        }
                        ExprKind::Refused => Self::refused(span),
                        _ => {
                            self.refuse(e.span, "calls through expressions are", NO_POINTERS);
                            Self::refused(span)
                        }
                    }
                }
                Rule::op_incr | Rule::op_decr => Expr {
                    kind: ExprKind::Step {
                        increment: op.as_rule() == Rule::op_incr,
                        prefix: false,
                        target: Box::new(e),
                    },
                    span,
                },
                _ => {
                    self.refuse(s, "member access (`.`, `->`) is", "the subset has no structs");
                    Self::refused(span)
                }
            };
        }
        e
    }

    fn primary(&mut self, pair: Pair<Rule>) -> Expr {
        let span = self.span(&pair);
        let inner = pair.into_inner().next().expect("a primary has a part");
        let kind = match inner.as_rule() {
            Rule::number => match integer_literal(inner.as_str()) {
                Some(n) => ExprKind::Int(n),
                None => {
                    self.diags.push(Diagnostic::error(span, "malformed integer literal"));
                    ExprKind::Refused
                }
            },
            Rule::char_lit => match char_literal(inner.as_str()) {
                Some(n) => ExprKind::Int(rug::Integer::from(n)),
                None => {
                    self.refuse(span, "this character literal is", "write its code as a number");
                    ExprKind::Refused
                }
            },
            Rule::float_lit => {
                self.refuse(
                    span,
                    "floating-point numbers are",
                    "the subset's numbers are integers",
                );
                ExprKind::Refused
            }
            Rule::string_lit => {
                self.refuse(span, "strings are", NO_POINTERS);
                ExprKind::Refused
            }
            Rule::ident => ExprKind::Var(inner.as_str().to_string()),
            _ => {
                let e = inner.into_inner().find(|q| q.as_rule() == Rule::expr);
                return Expr { span, ..self.expr(e.expect("parentheses hold an expression")) };
            }
        };
        Expr { kind, span }
    }
}

/// The value of a decimal, octal or hexadecimal literal with its suffix (`10u`, `0x1FL`).
fn integer_literal(text: &str) -> Option<rug::Integer> {
    let digits = text.trim_end_matches(['u', 'U', 'l', 'L']);
    let (radix, digits) =
        if let Some(hex) = digits.strip_prefix("0x").or_else(|| digits.strip_prefix("0X")) {
            (16, hex)
        } else if digits.len() > 1 && digits.starts_with('0') {
            (8, &digits[1..])
        } else {
            (10, digits)
        };
    rug::Integer::from_str_radix(digits, radix).ok()
}

/// The code of a character literal: `'a'`, `'\n'`, `'\0'`, `'\x41'`.
fn char_literal(text: &str) -> Option<u32> {
    let body = text.strip_prefix('\'')?.strip_suffix('\'')?;
    let mut chars = body.chars();
    let first = chars.next()?;
    if first != '\\' {
        return (chars.next().is_none()).then_some(first as u32);
    }
    let rest: String = chars.collect();
    Some(match rest.as_str() {
        "n" => 10,
        "t" => 9,
        "r" => 13,
        "0" => 0,
        "\\" => 92,
        "'" => 39,
        "\"" => 34,
        "a" => 7,
        "b" => 8,
        "f" => 12,
        "v" => 11,
        r if r.starts_with('x') => u32::from_str_radix(&r[1..], 16).ok()?,
        r if r.chars().all(|c| c.is_digit(8)) => u32::from_str_radix(r, 8).ok()?,
        _ => return None,
    })
}

/// The value of a constant expression of literals and `+ - *` (array sizes).
fn constant_value(e: &Expr) -> Option<rug::Integer> {
    match &e.kind {
        ExprKind::Int(n) => Some(n.clone()),
        ExprKind::Unary(UnaryOp::Neg, a) => Some(-constant_value(a)?),
        ExprKind::Binary(op, a, b) => {
            let (a, b) = (constant_value(a)?, constant_value(b)?);
            match op {
                BinaryOp::Add => Some(a + b),
                BinaryOp::Sub => Some(a - b),
                BinaryOp::Mul => Some(a * b),
                _ => None,
            }
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literals_read_in_every_radix() {
        assert_eq!(integer_literal("10"), Some(10.into()));
        assert_eq!(integer_literal("0x1FUL"), Some(31.into()));
        assert_eq!(integer_literal("017"), Some(15.into()));
        assert_eq!(integer_literal("0"), Some(0.into()));
        assert_eq!(char_literal("'a'"), Some(97));
        assert_eq!(char_literal("'\\n'"), Some(10));
        assert_eq!(char_literal("'\\x41'"), Some(65));
    }

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

//! Statements and local declarations. `switch` becomes jumps: its value is kept in a fresh
//! variable, each `case` and `default` becomes a label, a chain of tests in front of the body
//! jumps to the first label whose value matches (else to `default`, else past the end), and a
//! `break` that leaves the `switch` jumps past the end. Fallthrough, `case` labels inside nested
//! blocks and loops, and `continue` inside a `switch` all mean what they mean in C, because the
//! body keeps its structure.
//!
//! glibc's `assert` expands to a comma of `(void) sizeof (...)` and a statement expression
//! `({ if (e) ; else __assert_fail (...); })`; an expression statement is therefore read as
//! the statements it stands for where it is made of such parts.

use lang_c::ast as c;
use lang_c::span::Node;

use super::super::ast::*;
use super::types::{Refusal, declarator_shape, storage};
use super::{Breakable, Converter, SwitchCases};
use crate::syntax::{Diagnostic, Span};

impl Converter<'_> {
    /// A `{ ... }` block, with its own scope.
    pub(super) fn block(&mut self, items: &[Node<c::BlockItem>], span: Span) -> Block {
        self.scopes.push(Default::default());
        let mut statements = Vec::new();
        for item in items {
            match &item.node {
                c::BlockItem::Declaration(d) => {
                    let s = self.local_declaration(d);
                    statements.push(s);
                }
                c::BlockItem::Statement(s) => statements.push(self.statement(s)),
                c::BlockItem::StaticAssert(_) => {}
            }
        }
        self.scopes.pop();
        Block { statements, span }
    }

    fn boxed(&mut self, s: &Node<c::Statement>) -> Box<Statement> {
        Box::new(self.statement(s))
    }

    /// A statement.
    pub(super) fn statement(&mut self, s: &Node<c::Statement>) -> Statement {
        let span = self.span(s);
        let kind = match &s.node {
            c::Statement::Compound(items) => StatementKind::Block(self.block(items, span)),
            c::Statement::Expression(None) => StatementKind::Empty,
            c::Statement::Expression(Some(e)) => return self.expression_statement(e),
            c::Statement::If(i) => StatementKind::If(
                self.expr(&i.node.condition),
                self.boxed(&i.node.then_statement),
                i.node.else_statement.as_ref().map(|e| self.boxed(e)),
            ),
            c::Statement::While(w) => {
                let condition = self.expr(&w.node.expression);
                let body = self.loop_body(&w.node.statement);
                StatementKind::While(condition, body)
            }
            c::Statement::DoWhile(d) => {
                let body = self.loop_body(&d.node.statement);
                StatementKind::DoWhile(body, self.expr(&d.node.expression))
            }
            c::Statement::For(f) => {
                self.scopes.push(Default::default());
                let init = match &f.node.initializer.node {
                    c::ForInitializer::Empty | c::ForInitializer::StaticAssert(_) => None,
                    c::ForInitializer::Expression(e) => {
                        let e = self.expr(e);
                        let span = e.span;
                        Some(Box::new(Statement { kind: StatementKind::Expr(e), span }))
                    }
                    c::ForInitializer::Declaration(d) => Some(Box::new(self.local_declaration(d))),
                };
                let condition = f.node.condition.as_ref().map(|c| self.expr(c));
                let step = f.node.step.as_ref().map(|e| self.expr(e));
                let body = self.loop_body(&f.node.statement);
                self.scopes.pop();
                StatementKind::For { init, condition, step, body }
            }
            c::Statement::Goto(label) => StatementKind::Goto(self.ident(label)),
            c::Statement::Continue => StatementKind::Continue,
            c::Statement::Break => match self.breakable.last() {
                Some(Breakable::Switch(end)) => {
                    StatementKind::Goto(Ident { name: end.clone(), span })
                }
                _ => StatementKind::Break,
            },
            c::Statement::Return(e) => StatementKind::Return(e.as_ref().map(|e| self.converted(e))),
            c::Statement::Labeled(l) => return self.labeled(l, span),
            c::Statement::Switch(sw) => return self.switch(sw, span),
            c::Statement::Asm(_) => {
                self.refuse(&Refusal::construct(
                    span,
                    "inline assembly is",
                    "craig cannot know what the assembly does",
                ));
                StatementKind::Empty
            }
        };
        Statement { kind, span }
    }

    fn loop_body(&mut self, body: &Node<c::Statement>) -> Box<Statement> {
        self.breakable.push(Breakable::Loop);
        let body = self.boxed(body);
        self.breakable.pop();
        body
    }

    /// An expression statement: the statements of a glibc `assert` expansion, or the
    /// expression evaluated for its effect.
    fn expression_statement(&mut self, e: &Node<c::Expression>) -> Statement {
        let span = self.span(e);
        match &e.node {
            c::Expression::Comma(parts) => {
                let statements = parts.iter().map(|p| self.expression_statement(p)).collect();
                Statement { kind: StatementKind::Block(Block { statements, span }), span }
            }
            // `sizeof` does not evaluate its operand.
            c::Expression::SizeOfVal(_) | c::Expression::SizeOfTy(_) => {
                Statement { kind: StatementKind::Empty, span }
            }
            c::Expression::Cast(cast) if self.is_void_cast(cast) => {
                self.expression_statement(&cast.node.expression)
            }
            c::Expression::Statement(s) => self.statement(s),
            _ => Statement { kind: StatementKind::Expr(self.expr(e)), span },
        }
    }

    fn is_void_cast(&mut self, cast: &Node<c::CastExpression>) -> bool {
        cast.node.type_name.node.declarator.is_none()
            && matches!(self.qualified_type(&cast.node.type_name.node.specifiers), Ok(CType::Void))
    }

    fn labeled(&mut self, l: &Node<c::LabeledStatement>, span: Span) -> Statement {
        let label_span = self.span(&l.node.label);
        let condition = match &l.node.label.node {
            c::Label::Identifier(id) => {
                let label = self.ident(id);
                let inner = self.boxed(&l.node.statement);
                return Statement { kind: StatementKind::Labeled(label, inner), span };
            }
            c::Label::Default => None,
            c::Label::Case(value) => Some(CaseValue::One(self.expr(value))),
            c::Label::CaseRange(range) => {
                Some(CaseValue::Range(self.expr(&range.node.low), self.expr(&range.node.high)))
            }
        };
        if self.switches.is_empty() {
            let what = if condition.is_some() { "`case`" } else { "`default`" };
            self.diags.push(Diagnostic::error(label_span, format!("{what} outside a `switch`")));
            return self.statement(&l.node.statement);
        }
        let label = Ident { name: self.fresh_name("case"), span: label_span };
        let switch = self.switches.last().expect("inside a switch");
        let value = || Expr { kind: ExprKind::Var(switch.value.clone()), span: label_span };
        let test = |op, bound: Expr| {
            let span = bound.span;
            Expr { kind: ExprKind::Binary(op, Box::new(value()), Box::new(bound)), span }
        };
        let condition = condition.map(|c| match c {
            CaseValue::One(v) => test(BinaryOp::Eq, v),
            CaseValue::Range(low, high) => {
                let span = low.span.to(high.span);
                let above = test(BinaryOp::Ge, low);
                let below = test(BinaryOp::Le, high);
                Expr {
                    kind: ExprKind::Binary(BinaryOp::And, Box::new(above), Box::new(below)),
                    span,
                }
            }
        });
        let switch = self.switches.last_mut().expect("inside a switch");
        if condition.is_none() && switch.cases.iter().any(|(_, c)| c.is_none()) {
            self.diags.push(Diagnostic::error(label_span, "a second `default` in one `switch`"));
        }
        let switch = self.switches.last_mut().expect("inside a switch");
        switch.cases.push((label.clone(), condition));
        let inner = self.boxed(&l.node.statement);
        Statement { kind: StatementKind::Labeled(label, inner), span }
    }

    fn switch(&mut self, sw: &Node<c::SwitchStatement>, span: Span) -> Statement {
        let value_expr = self.expr(&sw.node.expression);
        let value = self.fresh_name("switch");
        let end = self.fresh_name("switch_end");
        self.switches.push(SwitchCases { value: value.clone(), cases: Vec::new() });
        self.breakable.push(Breakable::Switch(end.clone()));
        self.scopes.push([(value.clone(), None)].into_iter().collect());
        let body = self.statement(&sw.node.statement);
        self.scopes.pop();
        self.breakable.pop();
        let cases = self.switches.pop().map(|s| s.cases).unwrap_or_default();
        let at = value_expr.span;
        let goto = |label: &Ident| Statement { kind: StatementKind::Goto(label.clone()), span: at };
        let mut statements = vec![Statement {
            kind: StatementKind::Declaration(vec![VarDecl {
                ty: CType::INT,
                typed_by_initializer: true,
                name: Ident { name: value, span: at },
                array: None,
                init: Some(Initializer::Expr(value_expr)),
                span: at,
            }]),
            span: at,
        }];
        for (label, condition) in &cases {
            if let Some(c) = condition {
                statements.push(Statement {
                    kind: StatementKind::If(c.clone(), Box::new(goto(label)), None),
                    span: c.span,
                });
            }
        }
        let end_label = Ident { name: end, span };
        let fallback = cases.iter().find(|(_, c)| c.is_none()).map_or(&end_label, |(l, _)| l);
        statements.push(goto(fallback));
        statements.push(body);
        statements.push(Statement {
            kind: StatementKind::Labeled(
                end_label,
                Box::new(Statement { kind: StatementKind::Empty, span }),
            ),
            span,
        });
        Statement { kind: StatementKind::Block(Block { statements, span }), span }
    }

    /// A declaration inside a function: local variables (or a local typedef).
    fn local_declaration(&mut self, d: &Node<c::Declaration>) -> Statement {
        let span = self.span(d);
        let storage = storage(&d.node.specifiers);
        let base = self.base_type(&d.node.specifiers);
        let mut decls = Vec::new();
        if storage.typedef {
            for init in &d.node.declarators {
                let shape = declarator_shape(&init.node.declarator, self.text);
                if let Some(name) = &shape.name {
                    let meaning = self.declared_type(&base, &shape).map(|(ty, _)| ty);
                    self.typedefs.insert(name.name.clone(), meaning);
                }
            }
            return Statement { kind: StatementKind::Empty, span };
        }
        for init in &d.node.declarators {
            let shape = declarator_shape(&init.node.declarator, self.text);
            let Some(name) = shape.name.clone() else { continue };
            if shape.declares_function() {
                // A local prototype.
                continue;
            }
            let (ty, array, rows) = match self.declared_variable_type(&base, &shape) {
                Ok(t) => t,
                Err(r) => {
                    self.refuse(&r);
                    continue;
                }
            };
            if ty == CType::Void {
                self.diags.push(Diagnostic::error(span, "a variable cannot have type `void`"));
                continue;
            }
            // A `static` local is a global only this scope names: one object for the whole
            // run, initialised before `main` starts (its initialiser is constant, C 6.7.9).
            let global = storage.static_.map(|_| self.static_name(&name.name));
            // The name is in scope in its own initialiser (C 6.2.1).
            if let Some(scope) = self.scopes.last_mut() {
                scope.insert(name.name.clone(), global.clone());
            }
            let multi = !rows.is_empty();
            self.note_rows(&name.name, global.as_deref(), rows.clone());
            let written = init.node.initializer.as_ref();
            let value = written.map(|i| self.initializer(i));
            let (array, value) = if multi {
                let value = value.map(|v| self.flat_initializer(v, &rows));
                (self.flat_array_size(array, &rows, written, value.as_ref()), value)
            } else {
                let array = self.array_size(array, written);
                let value = value.map(|v| self.flat_fields(ty, array, v));
                (array, value.map(|v| self.chars_of_string(ty, array, v)))
            };
            let span = self.span(init);
            let d = VarDecl { ty, name, array, init: value, span, typed_by_initializer: false };
            match global {
                Some(global) => {
                    let name = Ident { name: global, span: d.name.span };
                    self.unit.globals.push(VarDecl { name, ..d });
                }
                None => decls.push(d),
            }
        }
        Statement { kind: StatementKind::Declaration(decls), span }
    }

    /// The global holding the `static` local `name` of the current function: `f::name`, with
    /// a number when the function has several of that name.
    fn static_name(&self, name: &str) -> String {
        let base = format!("{}::{name}", self.function);
        let taken = |n: &String| self.unit.globals.iter().any(|g| &g.name.name == n);
        if !taken(&base) {
            return base;
        }
        (2..).map(|k| format!("{base}#{k}")).find(|n| !taken(n)).expect("a free name")
    }

    /// `char s[N] = "..."`: the string's characters as the array's list (C 6.7.9: its zero
    /// too when there is room for it); a string too long for the array is an error.
    pub(super) fn chars_of_string(
        &mut self,
        ty: CType,
        array: Option<u64>,
        init: Initializer,
    ) -> Initializer {
        let (Some(size), Initializer::Expr(Expr { kind: ExprKind::String(bytes), span })) =
            (array, &init)
        else {
            return init;
        };
        let span = *span;
        if !matches!(ty, CType::Int(t) if t.bits == 8) {
            self.diags
                .push(Diagnostic::error(span, "a string initialises an array of `char` only"));
            return Initializer::List(Vec::new(), span);
        }
        let text = bytes.len() as u64 - 1;
        if text > size {
            self.diags.push(Diagnostic::error(
                span,
                format!("a string of {text} characters does not fit an array of {size}"),
            ));
            return Initializer::List(Vec::new(), span);
        }
        let values = bytes
            .iter()
            .take(size as usize)
            .map(|&byte| Expr {
                kind: ExprKind::Int(IntType::CHAR.wrap(byte.into()), IntType::INT),
                span,
            })
            .collect();
        Initializer::List(values, span)
    }

    /// An initialiser: an expression, a flat list of expressions (an array), or a list with
    /// designators or inner lists (a struct, an array of structs).
    pub(super) fn initializer(&mut self, i: &Node<c::Initializer>) -> Initializer {
        let span = self.span(i);
        let items = match &i.node {
            c::Initializer::Expression(e) => return Initializer::Expr(self.converted(e)),
            c::Initializer::List(items) => items,
        };
        let flat = items.iter().all(|item| {
            item.node.designation.is_empty()
                && matches!(item.node.initializer.node, c::Initializer::Expression(_))
        });
        if flat {
            let values = items
                .iter()
                .filter_map(|item| match &item.node.initializer.node {
                    c::Initializer::Expression(e) => Some(self.converted(e)),
                    c::Initializer::List(_) => None,
                })
                .collect();
            return Initializer::List(values, span);
        }
        let mut nested = Vec::new();
        for item in items {
            let field = match item.node.designation.as_slice() {
                [] => None,
                [d] if matches!(d.node, c::Designator::Member(_)) => {
                    let c::Designator::Member(id) = &d.node else { continue };
                    Some(self.ident(id))
                }
                [d, ..] => {
                    let at = self.span(d);
                    self.refuse(&Refusal::construct(
                        at,
                        "this designated initialiser is",
                        "craig's C reads `.field = value`; list array elements in order",
                    ));
                    continue;
                }
            };
            let value = self.initializer(&item.node.initializer);
            nested.push(InitItem { field, value });
        }
        Initializer::Nested(nested, span)
    }
}

/// The value or values a `case` label matches.
enum CaseValue {
    One(Expr),
    Range(Expr, Expr),
}

//! Expressions: names resolved (locals, enumeration constants, refused globals), literals
//! read with their C types, casts kept, and the constructs of C craig cannot give a meaning to
//! yet refused where they stand.

use lang_c::ast as c;
use lang_c::span::Node;

use super::super::ast::*;
use super::super::builtin::{Builtin, builtin};
use super::types::{
    Refusal, char_literal, declarator_shape, integer_value, literal_type, string_literal,
};
use super::{Converter, MAX_EXPRESSION_DEPTH, NO_MEMORY};
use crate::syntax::{Diagnostic, Span};

/// GNU builtins that are the identity on their first argument for what craig reads.
const IDENTITY_BUILTINS: [&str; 1] = ["__builtin_expect"];

pub(super) fn refused(span: Span) -> Expr {
    Expr { kind: ExprKind::Refused, span }
}

impl Converter<'_> {
    fn refuse_here(&mut self, span: Span, what: &str, note: &str) -> Expr {
        self.refuse(&Refusal::construct(span, what, note));
        refused(span)
    }

    /// Converts an expression whose value is used.
    pub(super) fn expr(&mut self, e: &Node<c::Expression>) -> Expr {
        self.depth += 1;
        let result = if self.depth > MAX_EXPRESSION_DEPTH {
            let span = self.span(e);
            self.diags.push(Diagnostic::error(span, "expression too long").with_note(format!(
                "at most {MAX_EXPRESSION_DEPTH} operators may be nested in one expression"
            )));
            refused(span)
        } else {
            self.expr_inner(e)
        };
        self.depth -= 1;
        result
    }

    fn expr_inner(&mut self, e: &Node<c::Expression>) -> Expr {
        let span = self.span(e);
        let kind = match &e.node {
            c::Expression::Identifier(id) => return self.name(id, span),
            c::Expression::Constant(k) => match &k.node {
                c::Constant::Integer(i) => match integer_value(i) {
                    Some(v) => match literal_type(i, &v, self.unit.data_model) {
                        Some(t) => ExprKind::Int(v, t),
                        None => {
                            self.error(span, "integer literal too large for any integer type");
                            ExprKind::Refused
                        }
                    },
                    None => {
                        self.error(span, "malformed integer literal");
                        ExprKind::Refused
                    }
                },
                // A character literal has type `int` in C; its value is that of a `char`.
                c::Constant::Character(text) => match char_literal(text) {
                    Some(v) => ExprKind::Int(IntType::CHAR.wrap(v.into()), IntType::INT),
                    None => {
                        return self.refuse_here(
                            span,
                            "this character literal is",
                            "write its code as a number",
                        );
                    }
                },
                c::Constant::Float(_) => {
                    return self.refuse_here(
                        span,
                        "floating-point numbers are",
                        "craig's C numbers are integers",
                    );
                }
            },
            c::Expression::StringLiteral(s) => match string_literal(&s.node) {
                Some(bytes) => ExprKind::String(bytes),
                None => {
                    return self.refuse_here(
                        span,
                        "wide strings and escapes past a byte are",
                        "craig's C holds strings of `char`",
                    );
                }
            },
            c::Expression::Member(m) => {
                if !self.check_field_value(&m.node.identifier, span) {
                    return refused(span);
                }
                let base = self.expr(&m.node.expression);
                let field = self.ident(&m.node.identifier);
                let arrow = matches!(m.node.operator.node, c::MemberOperator::Indirect);
                ExprKind::Member { base: Box::new(base), field, arrow }
            }
            c::Expression::Call(call) => return self.call(call, span),
            c::Expression::CompoundLiteral(_) => {
                return self.refuse_here(span, "compound literals are", NO_MEMORY);
            }
            c::Expression::SizeOfTy(t) => match self.size_of(&t.node.0) {
                Some(n) => ExprKind::Int(n.into(), self.unit.data_model.ulong()),
                None => {
                    return self.refuse_here(
                        span,
                        "`sizeof` of this type is",
                        "craig's C knows the sizes of integer types, pointers and arrays of them",
                    );
                }
            },
            c::Expression::SizeOfVal(v) => {
                if let Some(size) = self.size_of_rows(&v.node.0, span) {
                    return size;
                }
                // The operand is not evaluated: the lowering reads only its type.
                let operand = self.expr(&v.node.0);
                return Expr { kind: ExprKind::SizeOf(Box::new(operand)), span };
            }
            c::Expression::AlignOf(_) => {
                return self.refuse_here(span, "`_Alignof` is", NO_MEMORY);
            }
            c::Expression::UnaryOperator(u) => return self.unary(u, span),
            c::Expression::Cast(cast) => return self.cast(cast, span),
            c::Expression::BinaryOperator(b) => {
                if b.node.operator.node == c::BinaryOperator::Index
                    && let Some(x) = self.multi_index(e)
                {
                    return x;
                }
                return self.binary(b, span);
            }
            c::Expression::Conditional(k) => ExprKind::Conditional(
                Box::new(self.expr(&k.node.condition)),
                Box::new(self.expr(&k.node.then_expression)),
                Box::new(self.expr(&k.node.else_expression)),
            ),
            c::Expression::Comma(parts) => {
                let mut result: Option<Expr> = None;
                for p in parts.iter() {
                    let e = self.expr(p);
                    result = Some(match result {
                        None => e,
                        Some(l) => {
                            let span = l.span.to(e.span);
                            Expr {
                                kind: ExprKind::Binary(BinaryOp::Comma, Box::new(l), Box::new(e)),
                                span,
                            }
                        }
                    });
                }
                return result.unwrap_or_else(|| refused(span));
            }
            c::Expression::OffsetOf(o) => match self.offset_of(o) {
                Some(n) => ExprKind::Int(n.into(), self.unit.data_model.ulong()),
                None => {
                    return self.refuse_here(
                        span,
                        "this `offsetof` is",
                        "craig's C computes `offsetof` of a struct's fields and their fields",
                    );
                }
            },
            c::Expression::VaArg(_) => {
                return self.refuse_here(
                    span,
                    "`va_arg` is",
                    "give the function a fixed list of parameters",
                );
            }
            c::Expression::Statement(_) => {
                return self.refuse_here(
                    span,
                    "a statement expression `({ ... })` used as a value is",
                    "compute the value in statements before the expression",
                );
            }
            c::Expression::GenericSelection(_) => {
                return self.refuse_here(span, "`_Generic` is", "write the chosen expression");
            }
        };
        Expr { kind, span }
    }

    /// A name used as a value.
    fn name(&mut self, id: &Node<c::Identifier>, span: Span) -> Expr {
        let name = &id.node.name;
        if !self.is_local(name) {
            if let Some(v) = self.enum_constants.get(name) {
                return Expr { kind: ExprKind::Int(v.clone(), IntType::INT), span };
            }
            if let Some(r) = self.refused_globals.get(name) {
                let refusal = Refusal::new(
                    span,
                    format!("`{name}` is a global craig cannot read"),
                    format!("{} ({})", r.message, r.note),
                )
                .with_origin(r.span);
                self.refuse(&refusal);
                return refused(span);
            }
            if matches!(name.as_str(), "__func__" | "__FUNCTION__" | "__PRETTY_FUNCTION__") {
                // The function's name as a string (C 6.4.2.2; GCC's pretty name of a C
                // function is its name too).
                let mut bytes = self.function.clone().into_bytes();
                bytes.push(0);
                return Expr { kind: ExprKind::String(bytes), span };
            }
            if !self.is_variable(name) {
                // A function used as a value (its address), or a name the lowering reports.
                self.calls.insert(name.clone());
                self.unit.named_values.insert(name.clone());
            }
        }
        if self.rows_of(name).is_some() {
            self.refuse_rows(span);
            return refused(span);
        }
        Expr { kind: ExprKind::Var(self.variable_name(name)), span }
    }

    fn call(&mut self, call: &Node<c::CallExpression>, span: Span) -> Expr {
        let through = match &call.node.callee.node {
            c::Expression::Identifier(callee) => self.is_variable(&callee.node.name),
            _ => true,
        };
        if through {
            // A call through a pointer to a function: the lowering resolves it.
            let callee = self.expr(&call.node.callee);
            let args = call.node.arguments.iter().map(|a| self.converted(a)).collect();
            return Expr { kind: ExprKind::CallThrough(Box::new(callee), args), span };
        }
        let c::Expression::Identifier(callee) = &call.node.callee.node else {
            return refused(span);
        };
        let name = &callee.node.name;
        if IDENTITY_BUILTINS.contains(&name.as_str())
            && let Some(first) = call.node.arguments.first()
        {
            return self.expr(first);
        }
        if let Some(r) = self.unreadable.get(name).cloned() {
            let refusal = Refusal::new(
                self.span(callee),
                format!("`{name}` comes from a header declaration craig's C parser could not read"),
                r.note.clone(),
            )
            .with_origin(r.span);
            self.refuse(&refusal);
            return refused(span);
        }
        self.calls.insert(name.clone());
        let ident = self.ident(callee);
        // The error function's arguments (the message, the file, the line, the function's name
        // in `__assert_fail`) have no meaning: it never returns.
        let args = if matches!(builtin(name), Some(Builtin::Error | Builtin::AssertFail)) {
            Vec::new()
        } else if builtin(name) == Some(Builtin::Output) {
            match self.output_arguments(name, &call.node.arguments, span) {
                Some(args) => args,
                None => return refused(span),
            }
        } else {
            call.node.arguments.iter().map(|a| self.converted(a)).collect()
        };
        Expr { kind: ExprKind::Call(ident, args), span }
    }

    /// The values an output call prints: `putchar`'s character; `printf`'s arguments after
    /// its format, which must be a literal without `%s` or `%n` (they read and write memory
    /// through an argument); none for `puts`, whose string must be a literal. Refusals are
    /// reported.
    fn output_arguments(
        &mut self,
        name: &str,
        arguments: &[Node<c::Expression>],
        span: Span,
    ) -> Option<Vec<Expr>> {
        if name == "putchar" {
            if arguments.len() != 1 {
                self.error(span, "`putchar` takes 1 argument");
                return None;
            }
            return Some(vec![self.expr(&arguments[0])]);
        }
        let Some(first) = arguments.first() else {
            self.error(span, format!("`{name}` takes a string"));
            return None;
        };
        let at = self.span(first);
        let c::Expression::StringLiteral(text) = &first.node else {
            self.refuse(&Refusal::construct(
                at,
                &format!("`{name}` of a string that is not a literal is"),
                "printing through a pointer reads memory craig does not follow: print a \
                 literal, and values with `%d`",
            ));
            return None;
        };
        let bytes = string_literal(&text.node).unwrap_or_default();
        if name == "printf" && conversions(&bytes).iter().any(|d| matches!(d, b's' | b'n')) {
            self.refuse(&Refusal::construct(
                at,
                "`printf` formats with `%s` or `%n` are",
                "`%s` reads a string through a pointer and `%n` writes through one: print \
                 values with `%d`",
            ));
            return None;
        }
        if name == "puts" && arguments.len() != 1 {
            self.error(span, "`puts` takes 1 argument");
            return None;
        }
        Some(arguments[1..].iter().map(|a| self.expr(a)).collect())
    }

    fn unary(&mut self, u: &Node<c::UnaryOperatorExpression>, span: Span) -> Expr {
        let op_span = self.span(&u.node.operator);
        // `++`/`--` as (increment, prefix); the other operators are done here.
        let (increment, prefix) = match u.node.operator.node {
            c::UnaryOperator::PostIncrement => (true, false),
            c::UnaryOperator::PostDecrement => (false, false),
            c::UnaryOperator::PreIncrement => (true, true),
            c::UnaryOperator::PreDecrement => (false, true),
            c::UnaryOperator::Address => {
                let operand = self.expr(&u.node.operand);
                if !is_lvalue(&operand) {
                    return self.refuse_here(
                        op_span,
                        "taking the address of this expression is",
                        "craig's C takes the address of a variable, an element or a field \
                         (`&x`, `&a[i]`, `&s.f`)",
                    );
                }
                return Expr { kind: ExprKind::AddressOf(Box::new(operand)), span };
            }
            c::UnaryOperator::Indirection => {
                let operand = self.expr(&u.node.operand);
                return Expr { kind: ExprKind::Deref(Box::new(operand)), span };
            }
            c::UnaryOperator::Plus => return self.expr(&u.node.operand),
            c::UnaryOperator::Minus => return self.unary_op(UnaryOp::Neg, u, span),
            c::UnaryOperator::Negate => return self.unary_op(UnaryOp::Not, u, span),
            c::UnaryOperator::Complement => return self.unary_op(UnaryOp::Complement, u, span),
        };
        let target = self.expr(&u.node.operand);
        if !is_lvalue(&target) {
            self.error(target.span, "only a variable or an array element can be incremented");
            return refused(span);
        }
        Expr { kind: ExprKind::Step { increment, prefix, target: Box::new(target) }, span }
    }

    fn unary_op(&mut self, op: UnaryOp, u: &Node<c::UnaryOperatorExpression>, span: Span) -> Expr {
        let operand = self.expr(&u.node.operand);
        Expr { kind: ExprKind::Unary(op, Box::new(operand)), span }
    }

    fn cast(&mut self, cast: &Node<c::CastExpression>, span: Span) -> Expr {
        let ty = self.qualified_type(&cast.node.type_name.node.specifiers);
        let shape =
            cast.node.type_name.node.declarator.as_ref().map(|d| declarator_shape(d, self.text));
        let ty = match (ty, shape.as_ref().and_then(|s| s.pointer.map(|p| (s, p)))) {
            (Ok(ty), Some((shape, p))) => self.pointer_type(ty, shape, p),
            (ty, _) => ty,
        };
        let operand = self.converted(&cast.node.expression);
        match ty {
            Err(r) => {
                self.refuse(&r);
                refused(span)
            }
            Ok(ty @ (CType::Bool | CType::Int(_) | CType::Pointer(_))) => {
                Expr { kind: ExprKind::Cast(ty, Box::new(operand)), span }
            }
            Ok(CType::Struct(_)) => self.refuse_here(
                span,
                "casts to struct types are",
                "C converts scalars only; copy the struct by assignment",
            ),
            // A cast to `void` discards a value nobody reads.
            Ok(CType::Void) => Expr { span, ..operand },
        }
    }

    fn binary(&mut self, b: &Node<c::BinaryOperatorExpression>, span: Span) -> Expr {
        use c::BinaryOperator as B;
        let kind = match b.node.operator.node {
            B::Index => return self.index(b, span),
            B::Multiply => Binary::Plain(BinaryOp::Mul),
            B::Divide => Binary::Plain(BinaryOp::Div),
            B::Modulo => Binary::Plain(BinaryOp::Rem),
            B::Plus => Binary::Plain(BinaryOp::Add),
            B::Minus => Binary::Plain(BinaryOp::Sub),
            B::Less => Binary::Plain(BinaryOp::Lt),
            B::Greater => Binary::Plain(BinaryOp::Gt),
            B::LessOrEqual => Binary::Plain(BinaryOp::Le),
            B::GreaterOrEqual => Binary::Plain(BinaryOp::Ge),
            B::Equals => Binary::Plain(BinaryOp::Eq),
            B::NotEquals => Binary::Plain(BinaryOp::Ne),
            B::LogicalAnd => Binary::Plain(BinaryOp::And),
            B::LogicalOr => Binary::Plain(BinaryOp::Or),
            B::Assign => Binary::Assign(None),
            B::AssignMultiply => Binary::Assign(Some(BinaryOp::Mul)),
            B::AssignDivide => Binary::Assign(Some(BinaryOp::Div)),
            B::AssignModulo => Binary::Assign(Some(BinaryOp::Rem)),
            B::AssignPlus => Binary::Assign(Some(BinaryOp::Add)),
            B::AssignMinus => Binary::Assign(Some(BinaryOp::Sub)),
            B::ShiftLeft => Binary::Plain(BinaryOp::Shl),
            B::ShiftRight => Binary::Plain(BinaryOp::Shr),
            B::BitwiseAnd => Binary::Plain(BinaryOp::BitAnd),
            B::BitwiseXor => Binary::Plain(BinaryOp::BitXor),
            B::BitwiseOr => Binary::Plain(BinaryOp::BitOr),
            B::AssignShiftLeft => Binary::Assign(Some(BinaryOp::Shl)),
            B::AssignShiftRight => Binary::Assign(Some(BinaryOp::Shr)),
            B::AssignBitwiseAnd => Binary::Assign(Some(BinaryOp::BitAnd)),
            B::AssignBitwiseXor => Binary::Assign(Some(BinaryOp::BitXor)),
            B::AssignBitwiseOr => Binary::Assign(Some(BinaryOp::BitOr)),
        };
        let assign = match kind {
            Binary::Plain(op) => {
                let l = self.expr(&b.node.lhs);
                let r = self.expr(&b.node.rhs);
                return Expr { kind: ExprKind::Binary(op, Box::new(l), Box::new(r)), span };
            }
            Binary::Assign(op) => op,
        };
        let lhs = self.expr(&b.node.lhs);
        let rhs = match assign {
            None => self.converted(&b.node.rhs),
            Some(_) => self.expr(&b.node.rhs),
        };
        if !is_lvalue(&lhs) {
            self.diags.push(
                Diagnostic::error(lhs.span, "only a variable or an array element can be assigned")
                    .with_note("the left side of an assignment is `x`, `a[i]`, `*p` or `s.f`"),
            );
            return refused(span);
        }
        Expr { kind: ExprKind::Assign(assign, Box::new(lhs), Box::new(rhs)), span }
    }

    fn index(&mut self, b: &Node<c::BinaryOperatorExpression>, span: Span) -> Expr {
        let array = match &b.node.lhs.node {
            c::Expression::Identifier(id) if !self.enum_constants.contains_key(&id.node.name) => {
                // The name as resolved: a `static` local's element is its global's.
                match self.name(id, self.span(&b.node.lhs)) {
                    Expr { kind: ExprKind::Var(resolved), .. } => {
                        Some(Ident { name: resolved, span: self.span(&b.node.lhs) })
                    }
                    _ => return refused(span),
                }
            }
            _ => None,
        };
        let Some(array) = array else {
            let inner = self.expr(&b.node.lhs);
            let index = self.expr(&b.node.rhs);
            return Expr { kind: ExprKind::Subscript(Box::new(inner), Box::new(index)), span };
        };
        let index = self.expr(&b.node.rhs);
        Expr { kind: ExprKind::Index(array, Box::new(index)), span }
    }
}

impl Converter<'_> {
    /// `offsetof(T, f.g)`: the sum of the fields' offsets.
    fn offset_of(&mut self, o: &Node<c::OffsetOfExpression>) -> Option<u64> {
        let mut ty = self.qualified_type(&o.node.type_name.node.specifiers).ok()?;
        if o.node.type_name.node.declarator.is_some() {
            return None;
        }
        let designator = &o.node.designator.node;
        let mut names = vec![&designator.base.node.name];
        for m in &designator.members {
            match &m.node {
                c::OffsetMember::Member(id) => names.push(&id.node.name),
                _ => return None,
            }
        }
        let mut offset = 0;
        for name in names {
            let layout = &self.unit.structs[ty.as_struct()?.0 as usize];
            let field = layout.field(name)?;
            offset += field.offset;
            ty = field.ty;
        }
        Some(offset)
    }
}

/// True for the expressions that name an object (an assignment's target, `&`'s operand).
fn is_lvalue(e: &Expr) -> bool {
    matches!(
        e.kind,
        ExprKind::Var(_)
            | ExprKind::Index(..)
            | ExprKind::Subscript(..)
            | ExprKind::Member { .. }
            | ExprKind::Deref(_)
            | ExprKind::Refused
    )
}

/// What a binary operator of C is here.
enum Binary {
    /// An operator of the tree.
    Plain(BinaryOp),
    /// `=` or a compound assignment with its operator.
    Assign(Option<BinaryOp>),
}

/// The conversion letters of a `printf` format (`d` for `%-5ld`; `%%` is none).
fn conversions(format: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < format.len() {
        if format[i] != b'%' {
            i += 1;
            continue;
        }
        i += 1;
        // Flags, width, precision and length modifiers come before the letter.
        while i < format.len() && b"-+ #0123456789.*hlLqjzt'".contains(&format[i]) {
            i += 1;
        }
        if let Some(&letter) = format.get(i)
            && letter != b'%'
        {
            out.push(letter);
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::conversions;

    #[test]
    fn conversions_skip_flags_width_length_and_percent_signs() {
        assert_eq!(conversions(b"x=%d y=%-5ld %%s %5.2f %s%n\n"), b"ddfsn".to_vec());
        assert_eq!(conversions(b"100%%"), Vec::<u8>::new());
        assert_eq!(conversions(b"%"), Vec::<u8>::new());
    }
}

//! C's integers as the machine has them, in HOL terms: the type of every expression (integer
//! promotion and the usual arithmetic conversions), conversions between integer types,
//! wrap-around for unsigned arithmetic, an [`Obligation::Overflow`] check for signed arithmetic,
//! shifts (with an [`Obligation::ShiftAmount`] check) and the bitwise operators.
//!
//! Everything is linear integer arithmetic over the IR's `int`, with division and remainder by
//! constants only where a wrap-around or a bit must be extracted, never a bit-vector term: the
//! refinement engines decide and interpolate it exactly (a quotient and a remainder by a
//! constant are two fresh integers bound by linear constraints), the interpreter runs it as
//! written, and values stay readable numbers in counterexamples and invariants. Each operation
//! is chosen to avoid division where the operands' ranges allow it: an unsigned sum wraps at
//! most once (`if s >= 2^w then s - 2^w else s`), a conversion between types of one width is
//! one comparison. Only products, narrowing conversions and bit extraction divide.
//!
//! Under `--math-int` ([`Integers::Mathematical`]) conversions are the identity (but to
//! `_Bool`), nothing wraps or is checked, and shifts and bitwise operators are refused: the
//! reading craig's C had before machine integers.

use rug::Integer;

use super::super::ast::*;
use super::{Body, Integers, Lowering};
use crate::hol::build;
use crate::hol::{Obligation, Prim, Term, TermId};
use crate::syntax::Span;

impl Lowering<'_> {
    /// The C type of `e`'s value (after integer promotion where C applies it).
    pub(super) fn type_of(&self, b: &Body, e: &Expr) -> IntType {
        match &e.kind {
            ExprKind::Int(_, t) => *t,
            // A string is the address of its first character.
            ExprKind::String(_) => IntType::ULONG,
            ExprKind::Var(name) => match self.lookup(b, name) {
                // An array in memory is the address of its first element.
                Some(v) if v.array.is_some() => IntType::ULONG,
                Some(v) => v.ty.integer(),
                // A function is its address.
                None if self.function_named(b, name).is_some() => IntType::ULONG,
                None => IntType::INT,
            },
            ExprKind::Deref(p) if self.is_function_pointer(b, p) => IntType::ULONG,
            ExprKind::CallThrough(f, _) => {
                self.callee_type(b, f).map_or(IntType::INT, |t| t.result.integer())
            }
            ExprKind::Index(..)
            | ExprKind::Deref(_)
            | ExprKind::Member { .. }
            | ExprKind::Subscript(..) => match self.static_type(b, e) {
                // An array in memory is the address of its first element.
                Some((_, Some(_))) => IntType::ULONG,
                Some((ty, None)) => ty.integer(),
                None => IntType::INT,
            },
            ExprKind::AddressOf(_) => IntType::ULONG,
            ExprKind::SizeOf(_) => self.data_model.ulong(),
            ExprKind::Call(f, _) => match self.functions.get(&f.name) {
                Some(info) => info.result.integer(),
                None => match super::builtin_for(&f.name, self.data_model) {
                    Some(super::Builtin::Nondet(t)) => t,
                    Some(known) if known.allocates() => IntType::ULONG,
                    _ => IntType::INT,
                },
            },
            ExprKind::Unary(UnaryOp::Not, _) => IntType::INT,
            ExprKind::Unary(_, x) => self.type_of(b, x).promoted(),
            ExprKind::Binary(BinaryOp::Comma, _, r) => self.type_of(b, r),
            ExprKind::Binary(BinaryOp::Shl | BinaryOp::Shr, l, _) => self.type_of(b, l).promoted(),
            ExprKind::Binary(BinaryOp::Sub, l, r)
                if self.pointer_type(b, l).is_some() && self.pointer_type(b, r).is_some() =>
            {
                self.data_model.long()
            }
            ExprKind::Binary(BinaryOp::Add | BinaryOp::Sub, ..)
                if self.pointer_type(b, e).is_some() =>
            {
                IntType::ULONG
            }
            ExprKind::Binary(op, l, r) if is_arithmetic(*op) => {
                self.type_of(b, l).common(self.type_of(b, r))
            }
            ExprKind::Binary(..) => IntType::INT,
            ExprKind::Conditional(_, x, y) => self.type_of(b, x).common(self.type_of(b, y)),
            ExprKind::Assign(_, target, _) | ExprKind::Step { target, .. } => {
                self.type_of(b, target)
            }
            ExprKind::Cast(t, _) => t.integer(),
            ExprKind::Refused => IntType::INT,
        }
    }

    /// True when evaluating the operator on operands of these types may fail a check (a
    /// signed overflow, a shift amount), which must then stay where C evaluates it.
    pub(super) fn operator_checks(&self, b: &Body, op: BinaryOp, l: &Expr, r: &Expr) -> bool {
        if self.integers == Integers::Mathematical {
            return false;
        }
        match op {
            BinaryOp::Add | BinaryOp::Sub | BinaryOp::Mul => {
                self.type_of(b, l).common(self.type_of(b, r)).signed
            }
            BinaryOp::Div | BinaryOp::Rem => {
                // Besides the divisor (see `simple`): `MIN / -1` overflows.
                self.type_of(b, l).common(self.type_of(b, r)).signed
                    && !matches!(&r.kind, ExprKind::Int(n, _) if *n != -1)
            }
            BinaryOp::Shl => {
                self.type_of(b, l).promoted().signed || !self.shift_literal_in_range(b, l, r)
            }
            BinaryOp::Shr => !self.shift_literal_in_range(b, l, r),
            _ => false,
        }
    }

    fn shift_literal_in_range(&self, b: &Body, l: &Expr, r: &Expr) -> bool {
        let bits = self.type_of(b, l).promoted().bits;
        matches!(&r.kind, ExprKind::Int(n, _) if *n >= 0 && *n < bits)
    }

    /// The value `v` of type `from` converted to `to`.
    pub(super) fn convert(&mut self, v: TermId, from: IntType, to: CType, span: Span) -> TermId {
        let to = match to {
            CType::Bool => {
                if self.is_zero_or_one(v) {
                    return v;
                }
                let t = self.truth_of_int(v, span);
                return self.int_of_truth(t, span);
            }
            CType::Void | CType::Struct(_) => return v,
            CType::Int(t) => t,
            // An address is a 64-bit unsigned value; from a pointer it is kept as it is.
            CType::Pointer(_) if from == IntType::ULONG => return v,
            CType::Pointer(_) => IntType::ULONG,
        };
        if self.integers == Integers::Mathematical || from.fits_in(to) || self.within(v, to) {
            return v;
        }
        if let Some(n) = self.bank.int_literal(v) {
            return self.int(to.wrap(n), span);
        }
        if let Some(once) = self.wrap_once(v, to, span) {
            return once;
        }
        let k = self.int(to.modulus(), span);
        if !to.signed {
            if from.signed && from.bits <= to.bits {
                // A negative value gains 2^w once.
                let zero = self.int(0, span);
                let negative = build::formula(&mut self.bank, Prim::Lt, vec![v, zero]);
                let shifted = build::same_type(&mut self.bank, Prim::Add, vec![v, k]);
                return build::ite(&mut self.bank, negative, shifted, v);
            }
            return self.wrap_unsigned(v, to, !from.signed, span);
        }
        if !from.signed && from.bits == to.bits {
            // A value above the signed maximum loses 2^w once (GCC's choice, which C leaves
            // to the implementation).
            let max = self.int(to.max(), span);
            let above = build::formula(&mut self.bank, Prim::Lt, vec![max, v]);
            let shifted = build::same_type(&mut self.bank, Prim::Sub, vec![v, k]);
            return build::ite(&mut self.bank, above, shifted, v);
        }
        self.wrap_signed(v, to, !from.signed, span)
    }

    /// `v` brought into `to`'s range by adding or subtracting 2^w once, when its range says
    /// that suffices (a sum of two values of the type, a small constant added to a byte): no
    /// division, which keeps the arithmetic rational-friendly for the engines.
    fn wrap_once(&mut self, v: TermId, to: IntType, span: Span) -> Option<TermId> {
        let (lo, hi) = self.range_of(v)?;
        let k = to.modulus();
        if lo < to.min() - &k || hi > to.max() + &k {
            return None;
        }
        let mut value = v;
        if lo < to.min() {
            let (min, kt) = (self.int(to.min(), span), self.int(k.clone(), span));
            let below = build::formula(&mut self.bank, Prim::Lt, vec![v, min]);
            let up = build::same_type(&mut self.bank, Prim::Add, vec![v, kt]);
            value = build::ite(&mut self.bank, below, up, value);
        }
        if hi > to.max() {
            let (max, kt) = (self.int(to.max(), span), self.int(k, span));
            let above = build::formula(&mut self.bank, Prim::Lt, vec![max, v]);
            let down = build::same_type(&mut self.bank, Prim::Sub, vec![v, kt]);
            value = build::ite(&mut self.bank, above, down, value);
        }
        Some(value)
    }

    /// `v` reduced modulo 2^w into `[0, 2^w)`; `nonnegative` when `v` is known not to be
    /// negative (the IR's remainder takes the dividend's sign).
    fn wrap_unsigned(&mut self, v: TermId, to: IntType, nonnegative: bool, span: Span) -> TermId {
        if self.within(v, to) {
            return v;
        }
        if let Some(once) = self.wrap_once(v, to, span) {
            return once;
        }
        let k = self.int(to.modulus(), span);
        let m = build::same_type(&mut self.bank, Prim::Mod, vec![v, k]);
        if nonnegative {
            return m;
        }
        let zero = self.int(0, span);
        let negative = build::formula(&mut self.bank, Prim::Lt, vec![m, zero]);
        let shifted = build::same_type(&mut self.bank, Prim::Add, vec![m, k]);
        build::ite(&mut self.bank, negative, shifted, m)
    }

    /// `v` reduced modulo 2^w into the signed range: `((v + 2^(w-1)) mod 2^w) - 2^(w-1)`.
    fn wrap_signed(&mut self, v: TermId, to: IntType, nonnegative: bool, span: Span) -> TermId {
        let half = self.int(-to.min(), span);
        let lifted = build::same_type(&mut self.bank, Prim::Add, vec![v, half]);
        let unsigned = IntType { bits: to.bits, signed: false };
        let wrapped = self.wrap_unsigned(lifted, unsigned, nonnegative, span);
        build::same_type(&mut self.bank, Prim::Sub, vec![wrapped, half])
    }

    /// Bounds on the values of an int term, read off its shape: a variable's values are those
    /// of its C type (every store converts into it), and arithmetic combines intervals. `None`
    /// when the shape says nothing.
    pub(super) fn range_of(&self, t: TermId) -> Option<(Integer, Integer)> {
        let ranged = |ty: Option<&CType>| ty.map(|ty| (ty.integer().min(), ty.integer().max()));
        match &self.bank.term(t).term {
            Term::Int(n) => Some((n.clone(), n.clone())),
            Term::Const(c) => ranged(self.var_types.get(c)),
            Term::App(f, _) => match &self.bank.term(*f).term {
                Term::Const(c) => ranged(self.var_types.get(c)),
                _ => None,
            },
            Term::Prim(Prim::Neg, args) => {
                let (lo, hi) = self.range_of(args[0])?;
                Some((-hi, -lo))
            }
            Term::Prim(Prim::Add, args) => {
                let ((a, b), (c, d)) = (self.range_of(args[0])?, self.range_of(args[1])?);
                Some((a + c, b + d))
            }
            Term::Prim(Prim::Sub, args) => {
                let ((a, b), (c, d)) = (self.range_of(args[0])?, self.range_of(args[1])?);
                Some((a - d, b - c))
            }
            Term::Prim(Prim::Mul, args) => {
                let ((a, b), (c, d)) = (self.range_of(args[0])?, self.range_of(args[1])?);
                let products = [
                    Integer::from(&a * &c),
                    Integer::from(&a * &d),
                    Integer::from(&b * &c),
                    Integer::from(&b * &d),
                ];
                let lo = products.iter().min().expect("four products").clone();
                let hi = products.iter().max().expect("four products").clone();
                Some((lo, hi))
            }
            Term::Prim(Prim::Ite, args) => {
                let ((a, b), (c, d)) = (self.range_of(args[1])?, self.range_of(args[2])?);
                Some((a.min(c), b.max(d)))
            }
            Term::Prim(Prim::Mod, args) => {
                let k = Integer::from(self.bank.int_literal(args[1])?.abs_ref()) - 1u32;
                match self.range_of(args[0]) {
                    Some((lo, _)) if lo >= 0 => Some((Integer::new(), k)),
                    _ => Some((-k.clone(), k)),
                }
            }
            Term::Prim(Prim::Div, args) => {
                let k = self.bank.int_literal(args[1])?;
                let (lo, hi) = self.range_of(args[0])?;
                if k <= 0 {
                    return None;
                }
                // Truncation is monotone in the dividend for a positive divisor.
                Some((lo.div_rem(k.clone()).0, hi.div_rem(k).0))
            }
            _ => None,
        }
    }

    /// True when every value `t` can take lies in `ty`'s range.
    fn within(&self, t: TermId, ty: IntType) -> bool {
        self.range_of(t).is_some_and(|(lo, hi)| lo >= ty.min() && hi <= ty.max())
    }

    /// Checks that a signed result lies in its type's range.
    fn overflow_check(&mut self, b: &mut Body, raw: TermId, t: IntType, span: Span) {
        if self.within(raw, t) {
            return;
        }
        let (lo, hi) = (self.int(t.min(), span), self.int(t.max(), span));
        let low = build::formula(&mut self.bank, Prim::Le, vec![lo, raw]);
        let high = build::formula(&mut self.bank, Prim::Le, vec![raw, hi]);
        let within = build::and(&mut self.bank, low, high);
        let what =
            format!("`{}` does not overflow `{}`", self.snippet(span), t.name(self.data_model));
        self.assert(b, within, Obligation::Overflow, what, span);
    }

    /// `-x` of type `t` (already promoted).
    pub(super) fn negate(&mut self, b: &mut Body, x: TermId, t: IntType, span: Span) -> TermId {
        let neg = build::same_type(&mut self.bank, Prim::Neg, vec![x]);
        if self.integers == Integers::Mathematical {
            return neg;
        }
        if t.signed {
            self.overflow_check(b, neg, t, span);
            return neg;
        }
        // `-x` is `2^w - x`, and `0` for `0`.
        let zero = self.int(0, span);
        let k = self.int(t.modulus(), span);
        let is_zero = build::eq(&mut self.bank, x, zero);
        let complement = build::same_type(&mut self.bank, Prim::Sub, vec![k, x]);
        build::ite(&mut self.bank, is_zero, zero, complement)
    }

    /// `~x` of type `t` (already promoted).
    pub(super) fn complement(&mut self, x: TermId, t: IntType, span: Span) -> TermId {
        if t.signed || self.integers == Integers::Mathematical {
            // Two's complement's identity `~x == -x - 1`.
            let neg = build::same_type(&mut self.bank, Prim::Neg, vec![x]);
            let one = self.int(1, span);
            return build::same_type(&mut self.bank, Prim::Sub, vec![neg, one]);
        }
        let all_ones = self.int(t.max(), span);
        build::same_type(&mut self.bank, Prim::Sub, vec![all_ones, x])
    }

    /// A binary arithmetic, shift or bitwise operation on typed operands: its value and type.
    /// `divisor` is the right operand as written (its literal spares a check); `span` is the
    /// whole operation's.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn arithmetic(
        &mut self,
        b: &mut Body,
        op: BinaryOp,
        (l, lt): (TermId, IntType),
        (r, rt): (TermId, IntType),
        right: &Expr,
        span: Span,
    ) -> Option<(TermId, IntType)> {
        let machine = self.integers == Integers::Machine;
        if matches!(op, BinaryOp::Shl | BinaryOp::Shr) {
            if !machine {
                self.refuse_math(op, span);
                return None;
            }
            let t = lt.promoted();
            let a = self.convert(l, lt, CType::Int(t), span);
            let rt = rt.promoted();
            let c = self.convert(r, rt, CType::Int(rt), span);
            return Some((self.shift(b, op, a, c, t, right, span), t));
        }
        let t = lt.common(rt);
        let a = self.convert(l, lt, CType::Int(t), span);
        let c = self.convert(r, rt, CType::Int(t), span);
        if matches!(op, BinaryOp::BitAnd | BinaryOp::BitOr | BinaryOp::BitXor) {
            if !machine {
                self.refuse_math(op, span);
                return None;
            }
            return Some((self.bitwise(op, a, c, t, span), t));
        }
        let prim = match op {
            BinaryOp::Add => Prim::Add,
            BinaryOp::Sub => Prim::Sub,
            BinaryOp::Mul => Prim::Mul,
            BinaryOp::Div => Prim::Div,
            BinaryOp::Rem => Prim::Mod,
            _ => {
                self.error(span, format!("`{}` is not an arithmetic operator", op.symbol()));
                return None;
            }
        };
        if matches!(op, BinaryOp::Div | BinaryOp::Rem) {
            if !matches!(&right.kind, ExprKind::Int(n, _) if *n != 0) {
                let nonzero = self.truth_of_int(c, right.span);
                let what = format!("`{}` is not zero", self.snippet(right.span));
                self.assert(b, nonzero, Obligation::DivisionByZero, what, right.span);
            }
            // Only a dividend that can be the minimum and a divisor that can be -1 overflow.
            let dividend_min = self.bank.int_literal(a).is_none_or(|n| n == t.min())
                && !(lt.fits_in(t) && lt.min() > t.min());
            if machine
                && t.signed
                && dividend_min
                && !matches!(&right.kind, ExprKind::Int(n, _) if *n != -1)
            {
                // The one signed quotient out of range: `MIN / -1` (and C11 makes `MIN % -1`
                // undefined with it).
                let min = self.int(t.min(), span);
                let minus_one = self.int(-1, span);
                let is_min = build::eq(&mut self.bank, a, min);
                let is_minus_one = build::eq(&mut self.bank, c, minus_one);
                let both = build::and(&mut self.bank, is_min, is_minus_one);
                let fine = build::not(&mut self.bank, both);
                let what = format!(
                    "`{}` does not overflow `{}`",
                    self.snippet(span),
                    t.name(self.data_model)
                );
                self.assert(b, fine, Obligation::Overflow, what, span);
            }
            // Both C and the IR truncate toward zero.
            return Some((build::same_type(&mut self.bank, prim, vec![a, c]), t));
        }
        let raw = build::same_type(&mut self.bank, prim, vec![a, c]);
        if !machine {
            return Some((raw, t));
        }
        if t.signed {
            self.overflow_check(b, raw, t, span);
            return Some((raw, t));
        }
        if let Some(n) = self.bank.int_literal(raw).or_else(|| self.fold(prim, a, c)) {
            return Some((self.int(t.wrap(n), span), t));
        }
        let k = self.int(t.modulus(), span);
        let value = match op {
            // Both operands are in [0, 2^w): a sum wraps at most once, a difference too.
            BinaryOp::Add => {
                let over = build::formula(&mut self.bank, Prim::Le, vec![k, raw]);
                let less = build::same_type(&mut self.bank, Prim::Sub, vec![raw, k]);
                build::ite(&mut self.bank, over, less, raw)
            }
            BinaryOp::Sub => {
                let zero = self.int(0, span);
                let under = build::formula(&mut self.bank, Prim::Lt, vec![raw, zero]);
                let more = build::same_type(&mut self.bank, Prim::Add, vec![raw, k]);
                build::ite(&mut self.bank, under, more, raw)
            }
            _ => self.wrap_unsigned(raw, t, true, span),
        };
        Some((value, t))
    }

    /// The value of `a op c` when both are literals.
    fn fold(&self, prim: Prim, a: TermId, c: TermId) -> Option<Integer> {
        let (x, y) = (self.bank.int_literal(a)?, self.bank.int_literal(c)?);
        Some(match prim {
            Prim::Add => x + y,
            Prim::Sub => x - y,
            Prim::Mul => x * y,
            _ => return None,
        })
    }

    fn refuse_math(&mut self, op: BinaryOp, span: Span) {
        self.error(
            span,
            format!(
                "`{}` needs machine integers, and this run reads C's integers as mathematical \
                 (--math-int)",
                op.symbol()
            ),
        );
    }

    /// `a << c` or `a >> c`, `a` of the promoted type `t`.
    #[allow(clippy::too_many_arguments)]
    fn shift(
        &mut self,
        b: &mut Body,
        op: BinaryOp,
        a: TermId,
        c: TermId,
        t: IntType,
        right: &Expr,
        span: Span,
    ) -> TermId {
        let bits = t.bits;
        let amount = self.bank.int_literal(c).and_then(|n| n.to_u32());
        if amount.is_none_or(|n| n >= bits) {
            let (zero, width) = (self.int(0, span), self.int(bits, span));
            let low = build::formula(&mut self.bank, Prim::Le, vec![zero, c]);
            let high = build::formula(&mut self.bank, Prim::Lt, vec![c, width]);
            let within = build::and(&mut self.bank, low, high);
            let what = format!(
                "`{}` is between 0 and {} (the width of `{}`, less one)",
                self.snippet(right.span),
                bits - 1,
                t.name(self.data_model)
            );
            self.assert(b, within, Obligation::ShiftAmount, what, right.span);
        }
        // One value per possible amount (a single one for a literal amount).
        let amounts: Vec<u32> = match amount {
            Some(n) if n < bits => vec![n],
            Some(_) => return a,
            None => (0..bits).collect(),
        };
        let mut value = None;
        for &n in amounts.iter().rev() {
            let this = match op {
                BinaryOp::Shl => self.shift_left(b, a, n, t, span),
                _ => self.shift_right(a, n, t, span),
            };
            value = Some(match value {
                None => this,
                Some(otherwise) => {
                    let k = self.int(n, span);
                    let is = build::eq(&mut self.bank, c, k);
                    build::ite(&mut self.bank, is, this, otherwise)
                }
            });
        }
        value.expect("a shift has at least one amount")
    }

    /// `a << n` for a known `n` below the width.
    fn shift_left(&mut self, b: &mut Body, a: TermId, n: u32, t: IntType, span: Span) -> TermId {
        if n == 0 {
            return a;
        }
        let factor = self.int(Integer::from(1) << n, span);
        let raw = build::same_type(&mut self.bank, Prim::Mul, vec![a, factor]);
        if t.signed {
            // C11 6.5.7: a negative left operand, or a result its type cannot hold, is
            // undefined.
            let zero = self.int(0, span);
            let nonnegative = build::formula(&mut self.bank, Prim::Le, vec![zero, a]);
            let max = self.int(t.max(), span);
            let fits = build::formula(&mut self.bank, Prim::Le, vec![raw, max]);
            let fine = build::and(&mut self.bank, nonnegative, fits);
            if self.bank.int_literal(a).is_none_or(|x| x < 0 || (x << n) > t.max()) {
                let what = format!(
                    "`{}` does not overflow `{}`",
                    self.snippet(span),
                    t.name(self.data_model)
                );
                self.assert(b, fine, Obligation::Overflow, what, span);
            }
            return raw;
        }
        self.wrap_unsigned(raw, t, true, span)
    }

    /// `a >> n` for a known `n` below the width: division by 2^n rounding down (GCC shifts a
    /// negative signed value arithmetically).
    fn shift_right(&mut self, a: TermId, n: u32, t: IntType, span: Span) -> TermId {
        if n == 0 {
            return a;
        }
        let k = self.int(Integer::from(1) << n, span);
        let q = build::same_type(&mut self.bank, Prim::Div, vec![a, k]);
        if !t.signed {
            return q;
        }
        // The IR's quotient truncates; below zero with a remainder, rounding down is one less.
        let r = build::same_type(&mut self.bank, Prim::Mod, vec![a, k]);
        let zero = self.int(0, span);
        let one = self.int(1, span);
        let negative = build::formula(&mut self.bank, Prim::Lt, vec![r, zero]);
        let lower = build::same_type(&mut self.bank, Prim::Sub, vec![q, one]);
        build::ite(&mut self.bank, negative, lower, q)
    }

    /// `a & c`, `a | c`, `a ^ c` in type `t`: computed on the unsigned values of the bits, then
    /// read back in `t`.
    fn bitwise(&mut self, op: BinaryOp, a: TermId, c: TermId, t: IntType, span: Span) -> TermId {
        let unsigned = IntType { bits: t.bits, signed: false };
        let x = self.convert(a, t, CType::Int(unsigned), span);
        let y = self.convert(c, t, CType::Int(unsigned), span);
        let value = match (self.bank.int_literal(x), self.bank.int_literal(y)) {
            (Some(m), Some(n)) => {
                let v = match op {
                    BinaryOp::BitAnd => m & n,
                    BinaryOp::BitOr => m | n,
                    _ => m ^ n,
                };
                self.int(v, span)
            }
            (_, Some(mask)) => self.with_mask(op, x, &mask, unsigned, span),
            (Some(mask), _) => self.with_mask(op, y, &mask, unsigned, span),
            (None, None) => {
                // Only as many bits as the operands' ranges can set (a byte promoted to int
                // has 8).
                let width = |t: TermId| {
                    self.range_of(t)
                        .filter(|(lo, _)| *lo >= 0)
                        .map_or(unsigned.bits, |(_, hi)| hi.significant_bits().max(1))
                };
                let bits = width(x).max(width(y)).min(unsigned.bits);
                self.bit_by_bit(op, x, y, IntType { bits, signed: false }, span)
            }
        };
        self.convert(value, unsigned, CType::Int(t), span)
    }

    /// `x op mask` for a constant mask: `x & mask` is, per run of ones from bit i to bit j-1,
    /// `(x mod 2^j) - (x mod 2^i)`; `x | m = x + m - (x & m)`, `x ^ m = x + m - 2(x & m)`.
    fn with_mask(
        &mut self,
        op: BinaryOp,
        x: TermId,
        mask: &Integer,
        t: IntType,
        span: Span,
    ) -> TermId {
        let low_bits = |this: &mut Self, j: u32| -> Option<TermId> {
            if j == 0 {
                None
            } else if j >= t.bits {
                Some(x)
            } else {
                let k = this.int(Integer::from(1) << j, span);
                Some(build::same_type(&mut this.bank, Prim::Mod, vec![x, k]))
            }
        };
        let mut and: Option<TermId> = None;
        let mut i = 0;
        while i < t.bits {
            if !mask.get_bit(i) {
                i += 1;
                continue;
            }
            let mut j = i;
            while j < t.bits && mask.get_bit(j) {
                j += 1;
            }
            let high = low_bits(self, j).expect("j > i >= 0");
            let run = match low_bits(self, i) {
                Some(low) => build::same_type(&mut self.bank, Prim::Sub, vec![high, low]),
                None => high,
            };
            and = Some(match and {
                None => run,
                Some(sum) => build::same_type(&mut self.bank, Prim::Add, vec![sum, run]),
            });
            i = j;
        }
        let and = and.unwrap_or_else(|| self.int(0, span));
        let m = self.int(mask.clone(), span);
        let sum = build::same_type(&mut self.bank, Prim::Add, vec![x, m]);
        match op {
            BinaryOp::BitAnd => and,
            BinaryOp::BitOr => build::same_type(&mut self.bank, Prim::Sub, vec![sum, and]),
            _ => {
                let two = self.int(2, span);
                let twice = build::same_type(&mut self.bank, Prim::Mul, vec![two, and]);
                build::same_type(&mut self.bank, Prim::Sub, vec![sum, twice])
            }
        }
    }

    /// `x op y` for two unknown values, bit by bit: bit i of `x` is `(x div 2^i) mod 2`, and of
    /// two bits p, q, `p & q = (p + q) div 2`, `p | q = (p + q + 1) div 2`,
    /// `p ^ q = (p + q) mod 2`.
    fn bit_by_bit(&mut self, op: BinaryOp, x: TermId, y: TermId, t: IntType, span: Span) -> TermId {
        let two = self.int(2, span);
        let mut sum: Option<TermId> = None;
        for i in 0..t.bits {
            let bit = |this: &mut Self, v: TermId| -> TermId {
                let shifted = if i == 0 {
                    v
                } else {
                    let k = this.int(Integer::from(1) << i, span);
                    build::same_type(&mut this.bank, Prim::Div, vec![v, k])
                };
                if i + 1 == t.bits {
                    shifted
                } else {
                    build::same_type(&mut this.bank, Prim::Mod, vec![shifted, two])
                }
            };
            let (p, q) = (bit(self, x), bit(self, y));
            let both = build::same_type(&mut self.bank, Prim::Add, vec![p, q]);
            let combined = match op {
                BinaryOp::BitAnd => build::same_type(&mut self.bank, Prim::Div, vec![both, two]),
                BinaryOp::BitOr => {
                    let one = self.int(1, span);
                    let up = build::same_type(&mut self.bank, Prim::Add, vec![both, one]);
                    build::same_type(&mut self.bank, Prim::Div, vec![up, two])
                }
                _ => build::same_type(&mut self.bank, Prim::Mod, vec![both, two]),
            };
            let weighted = if i == 0 {
                combined
            } else {
                let k = self.int(Integer::from(1) << i, span);
                build::same_type(&mut self.bank, Prim::Mul, vec![k, combined])
            };
            sum = Some(match sum {
                None => weighted,
                Some(s) => build::same_type(&mut self.bank, Prim::Add, vec![s, weighted]),
            });
        }
        sum.expect("a type has at least one bit")
    }
}

/// The operators whose operands undergo the usual arithmetic conversions and whose result has
/// their common type.
pub(super) fn is_arithmetic(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Add
            | BinaryOp::Sub
            | BinaryOp::Mul
            | BinaryOp::Div
            | BinaryOp::Rem
            | BinaryOp::BitAnd
            | BinaryOp::BitOr
            | BinaryOp::BitXor
    )
}

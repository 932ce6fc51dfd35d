//! Pointers to functions: a function's address, and a call through a pointer resolved to the
//! functions whose address the program takes.
//!
//! # The model
//!
//! - **A function's address** is that of an object of its own, numbered after every object a
//!   run can allocate (`malloc` returns `NULL` past [`memory::MAX_OBJECTS`]) and below 2^23
//!   (so the address is below 2^63): it is never live, so reading or writing through it fails
//!   the memory checks, and it is never `NULL`.
//!   Only the functions the program names as values (`f`, `&f`) get one, numbered in the
//!   order of their names.
//! - **A call through a pointer** `fp(x)`, `(*fp)(x)`, `s->op(x)` checks that the pointer is
//!   not `NULL` ([`Obligation::NullDereference`]) and that it is the address of a function
//!   whose type is the pointer's ([`Obligation::MemoryAccess`]: C leaves a call through any
//!   other value undefined), then branches to a direct call of each such function. The
//!   arguments are evaluated once, before the branch.
//! - **What such a call may change**: the globals of every function whose address is taken
//!   (the pseudo-callee [`ADDRESS_TAKEN`] in the frame computation), so the frames stay an
//!   over-approximation without a points-to analysis.

use super::super::ast::*;
use super::memory::{self, OBJECT_STRIDE};
use super::{Body, FunctionInfo, Lowering};
use crate::hol::build;
use crate::hol::{Obligation, Prim, TermId};
use crate::ir::Command;
use crate::syntax::Span;

/// The callee a call through a pointer names in the write-set computation: it stands for
/// every function whose address is taken. Not a C identifier, so no function has it.
pub(super) const ADDRESS_TAKEN: &str = "(a function whose address is taken)";

impl Lowering<'_> {
    /// The functions the program names as values get their addresses, in the order of their
    /// names; called once every function (defined or external) is declared.
    pub(super) fn declare_function_addresses(&mut self, unit: &TranslationUnit) {
        let named: Vec<String> = unit
            .named_values
            .iter()
            .filter(|n| self.functions.contains_key(n.as_str()))
            .cloned()
            .collect();
        if named.len() as u64 >= memory::MAX_FUNCTIONS {
            let at = unit.functions.first().map_or(Span::default(), |f| f.name.span);
            self.error(
                at,
                format!(
                    "the program takes the address of {} functions; craig's memory model has \
                     room for {}",
                    named.len(),
                    memory::MAX_FUNCTIONS - 1
                ),
            );
            return;
        }
        for (k, name) in named.into_iter().enumerate() {
            let object = memory::MAX_OBJECTS + 1 + k as u64;
            let address = rug::Integer::from(object) * OBJECT_STRIDE;
            self.function_addresses.insert(name, address);
        }
    }

    /// The function `name` stands for where it is used as a value: a function whose address
    /// the program takes, unless a variable of that name is in scope.
    pub(super) fn function_named(&self, b: &Body, name: &str) -> Option<&FunctionInfo> {
        if self.lookup(b, name).is_some() || !self.function_addresses.contains_key(name) {
            return None;
        }
        self.functions.get(name)
    }

    /// The address of the function `name` stands for here, if it is one.
    pub(super) fn function_address(&mut self, b: &Body, name: &str, span: Span) -> Option<TermId> {
        self.function_named(b, name)?;
        let address = self.function_addresses.get(name)?.clone();
        Some(self.int(address, span))
    }

    /// The pointee of a function's address (`f`, `&f`), for the function `name` stands for.
    pub(super) fn function_pointee(&self, b: &Body, name: &str) -> Option<Pointee> {
        Some(Pointee::Function(self.function_named(b, name)?.signature))
    }

    /// True when `e` is a pointer to a function (`*e` is then the function, which converts
    /// back to `e`).
    pub(super) fn is_function_pointer(&self, b: &Body, e: &Expr) -> bool {
        matches!(self.pointer_type(b, e), Some(Pointee::Function(_)))
    }

    /// The type of the functions a pointer-to-function expression points to.
    pub(super) fn callee_type(&self, b: &Body, callee: &Expr) -> Option<FunctionType> {
        match self.pointer_type(b, callee)? {
            Pointee::Function(f) => self.function_types.get(f.0 as usize).cloned(),
            _ => None,
        }
    }

    /// The function type `result (params)`, kept once in the table.
    pub(super) fn intern_function_type(
        &mut self,
        result: CType,
        params: &[CType],
    ) -> FunctionTypeId {
        let ty = FunctionType { result, params: Some(params.to_vec()) };
        ty.intern(&mut self.function_types)
    }

    /// `callee(args)` through a pointer: checked, then a direct call of each function the
    /// pointer may hold. `want` asks for the result's value.
    pub(super) fn call_through(
        &mut self,
        b: &mut Body,
        callee: &Expr,
        args: &[Expr],
        span: Span,
        want: bool,
    ) -> Option<TermId> {
        // `(*fp)(x)` is `fp(x)`: a function designator converts back to its address.
        let mut callee = callee;
        while let ExprKind::Deref(inner) = &callee.kind
            && self.is_function_pointer(b, inner)
        {
            callee = inner;
        }
        // `(&f)(x)`, `(*f)(x)`: a direct call.
        let direct = match &callee.kind {
            ExprKind::Var(n) => Some(n),
            ExprKind::AddressOf(x) => match &x.kind {
                ExprKind::Var(n) => Some(n),
                _ => None,
            },
            _ => None,
        };
        if let Some(name) = direct
            && self.function_named(b, name).is_some()
        {
            let f = Ident { name: name.clone(), span: callee.span };
            return self.call(b, &f, args, span, want);
        }
        let Some(ty) = self.callee_type(b, callee) else {
            self.error(
                callee.span,
                format!(
                    "`{}` is called but is neither a function nor a pointer to one",
                    self.snippet(callee.span)
                ),
            );
            return None;
        };
        if let Some(params) = &ty.params
            && params.len() != args.len()
        {
            self.error(
                span,
                format!(
                    "`{}` points to functions of {} argument{}, not {}",
                    self.snippet(callee.span),
                    params.len(),
                    if params.len() == 1 { "" } else { "s" },
                    args.len()
                ),
            );
            return None;
        }
        if want && ty.result == CType::Void {
            self.error(span, format!("`{}` returns void: it has no value", self.snippet(span)));
            return None;
        }
        // The pointer and the arguments are unsequenced with respect to each other.
        let operands: Vec<&Expr> = std::iter::once(callee).chain(args).collect();
        self.check_unsequenced(b, &operands, span)?;
        let pointer = self.value(b, callee)?;
        let held = self.temp(b, CType::Pointer(Pointee::Void), span);
        self.step(b, Command::Assign(vec![(held, pointer)]), Some(span));
        let pointer = self.term_of(held, span);
        // Each argument once, in a temporary: converted to the parameter's type where the
        // pointer's type gives it, else promoted (and converted at each function below).
        let mut values = Vec::new();
        for (i, a) in args.iter().enumerate() {
            let (v, from) = match ty.params.as_ref().map(|p| p[i]) {
                Some(to) => (self.converted_value(b, a, to)?, to),
                None => {
                    let from = self.type_of(b, a);
                    (self.value(b, a)?, CType::Int(from.promoted()))
                }
            };
            let t = self.temp(b, from, a.span);
            self.step(b, Command::Assign(vec![(t, v)]), Some(a.span));
            values.push((self.term_of(t, a.span), from));
        }
        let targets: Vec<(FunctionInfo, rug::Integer)> = self
            .function_addresses
            .iter()
            .filter_map(|(name, address)| {
                let info = self.functions.get(name)?;
                (info.params == args.len() && ty.admits(info.result, &info.param_types))
                    .then(|| (info.clone(), address.clone()))
            })
            .collect();
        let what = self.snippet(callee.span);
        let zero = self.int(0, span);
        let null = build::formula(&mut self.bank, Prim::Eq, vec![pointer, zero]);
        let not_null = build::not(&mut self.bank, null);
        self.assert(
            b,
            not_null,
            Obligation::NullDereference,
            format!("`{what}` is not null"),
            span,
        );
        let mut is_target = Vec::new();
        for (_, address) in &targets {
            let a = self.int(address.clone(), span);
            is_target.push(build::formula(&mut self.bank, Prim::Eq, vec![pointer, a]));
        }
        let valid = match is_target.split_first() {
            None => build::truth(&mut self.bank, false, span),
            Some((first, rest)) => {
                rest.iter().fold(*first, |all, test| build::or(&mut self.bank, all, *test))
            }
        };
        self.assert(
            b,
            valid,
            Obligation::MemoryAccess,
            format!("`{what}` points to a function of its type"),
            span,
        );
        let result = want.then(|| self.temp(b, ty.result, span));
        let join = b.g.location(None);
        let count = targets.len();
        for (k, ((info, _), test)) in targets.into_iter().zip(is_target).enumerate() {
            if b.cur.is_none() {
                break;
            }
            // The last function needs no test: the check above leaves no other.
            if k + 1 < count {
                let (yes, no) = (b.g.location(None), b.g.location(None));
                self.branch(b, test, yes, no, span);
                b.cur = Some(yes);
                self.direct_call(b, &info, &values, result, span);
                self.jump(b, join, span);
                b.cur = Some(no);
            } else {
                self.direct_call(b, &info, &values, result, span);
                self.jump(b, join, span);
            }
        }
        b.cur = Some(join);
        result.map(|r| self.term_of(r, span))
    }

    /// A call of `info`'s procedure on evaluated arguments (each with its type).
    fn direct_call(
        &mut self,
        b: &mut Body,
        info: &FunctionInfo,
        values: &[(TermId, CType)],
        result: Option<crate::hol::ConstId>,
        span: Span,
    ) {
        let mut args = Vec::new();
        for ((v, from), to) in values.iter().zip(&info.param_types) {
            args.push(self.convert(*v, from.integer(), *to, span));
        }
        let results: Vec<_> = result.into_iter().collect();
        self.step(b, Command::Call { callee: info.proc, args, results }, Some(span));
    }
}

//! Structs, unions and objects reached through lvalues in memory: where `s.f`, `p->f`,
//! `a[i]`, `e[i]` and `*p` are, struct copies (`s = t`, `*p = *q`) and struct initialisers.
//!
//! Every struct lives in memory ([`memory`](super::memory)'s model): a struct variable (or an
//! array of structs) is an object from its declaration, as a variable whose address is taken
//! is, and a field is the scalar at the struct's address plus the field's offset. A struct is
//! never a value: copying one copies its scalars one by one (padding has no value in this
//! model), and a struct is initialised by storing each scalar, zero where the initialiser
//! leaves it out (C 6.7.9).
//!
//! A union is read only when every scalar it holds has one type at each offset (`union {
//! int a; int b[2]; }`): reading a member other than the one written reinterprets bytes,
//! which the model cannot do, so other unions are refused where they are used.

use std::collections::BTreeMap;

use super::super::ast::*;
use super::memory::ObjectState;
use super::{Body, Lowering};
use crate::hol::build;
use crate::hol::{Obligation, Prim, TermId};
use crate::ir::Command;
use crate::syntax::{Diagnostic, Span};

/// The most scalars one initialiser or copy stores (each is one update of `$memory`).
const MAX_SCALARS: usize = 4096;

/// An object in memory that an lvalue names.
#[derive(Clone, Debug)]
pub(super) struct Located {
    /// Its address (an interior one for a field or an element).
    pub address: TermId,
    /// Its type (an array's: its elements').
    pub ty: CType,
    /// The number of elements, for an array.
    pub array: Option<u64>,
    /// True when the address needs no check: a variable's object, at a constant offset or at
    /// an index already checked against the array's length.
    pub valid: bool,
    /// The pointer a `->` went through, and how the program writes it: it must not be null.
    pub through: Option<(TermId, String)>,
    /// How the program writes the pointer the address comes from, for the checks' messages.
    pub shown: String,
}

impl Lowering<'_> {
    /// The struct layout of a struct type.
    pub(super) fn layout(&self, s: StructId) -> &StructLayout {
        &self.structs[s.0 as usize]
    }

    /// The type of the object an lvalue names, and its number of elements for an array,
    /// without lowering anything.
    pub(super) fn static_type(&self, b: &Body, e: &Expr) -> Option<(CType, Option<u64>)> {
        match &e.kind {
            ExprKind::String(bytes) => Some((CType::Int(IntType::CHAR), Some(bytes.len() as u64))),
            ExprKind::Var(n) => {
                let v = self.lookup(b, n)?;
                Some((v.ty, v.array))
            }
            ExprKind::Index(a, _) => {
                let v = self.lookup(b, &a.name)?;
                if v.array.is_some() {
                    Some((v.ty, None))
                } else {
                    Some((v.ty.pointee()?.value_type()?, None))
                }
            }
            ExprKind::Subscript(base, _) => match self.static_type(b, base) {
                Some((ty, Some(_))) => Some((ty, None)),
                _ => Some((self.pointer_type(b, base)?.value_type()?, None)),
            },
            ExprKind::Deref(p) => Some((self.pointer_type(b, p)?.value_type()?, None)),
            // A struct a function returns (a copy of it, see `struct_result`).
            ExprKind::Call(f, _) => match self.functions.get(&f.name)?.result {
                ty @ CType::Struct(_) => Some((ty, None)),
                _ => None,
            },
            ExprKind::Member { base, field, arrow } => {
                let s = if *arrow {
                    match self.pointer_type(b, base)? {
                        Pointee::Struct(s) => s,
                        _ => return None,
                    }
                } else {
                    match self.static_type(b, base)? {
                        (CType::Struct(s), None) => s,
                        _ => return None,
                    }
                };
                let f = self.layout(s).field(&field.name)?;
                Some((f.ty, f.array))
            }
            _ => None,
        }
    }

    /// True when `e` names a struct (not an array of them): a value C copies, which craig
    /// copies scalar by scalar.
    pub(super) fn is_struct(&self, b: &Body, e: &Expr) -> bool {
        matches!(self.static_type(b, e), Some((CType::Struct(_), None)))
    }

    /// Reports `e` when it is the address of a whole array (`&a`, also as a branch of `?:` or
    /// the last operand of a comma) where its own type is read: stepped, subtracted,
    /// dereferenced or indexed. C types it a pointer to the array, which craig's C does not
    /// have (its `&a` points to the first element, as `&a[0]`): a step would move by one
    /// element instead of the whole array. Converted to a stated type (assigned, passed, cast)
    /// only its address counts, which is the same. True when reported.
    pub(super) fn refuse_array_address(&mut self, b: &Body, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::AddressOf(x) if matches!(self.static_type(b, x), Some((_, Some(_)))) => {
                self.diags.push(
                    Diagnostic::error(
                        e.span,
                        format!(
                            "`{}` is the address of a whole array (a pointer to an array): \
                             stepping, subtracting, dereferencing or indexing it is not in \
                             craig's C subset",
                            self.snippet(e.span)
                        ),
                    )
                    .with_note(
                        "write the array's name or `&a[0]` for its first element; assigned, \
                         passed or cast, `&a` is kept (it has the same address)",
                    ),
                );
                true
            }
            ExprKind::Conditional(_, x, y) => {
                let x = self.refuse_array_address(b, x);
                self.refuse_array_address(b, y) || x
            }
            ExprKind::Binary(BinaryOp::Comma, _, r) => self.refuse_array_address(b, r),
            _ => false,
        }
    }

    /// True when `e` names an array that lives in memory (an array field, an array of
    /// structs): used as a value it is the address of its first element.
    pub(super) fn is_memory_array(&self, b: &Body, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Var(n) => {
                self.lookup(b, n).is_some_and(|v| v.array.is_some() && v.address.is_some())
            }
            ExprKind::Member { .. } | ExprKind::Subscript(..) => {
                matches!(self.static_type(b, e), Some((_, Some(_))))
            }
            _ => false,
        }
    }

    /// Where the object an lvalue in memory names is, its index and pointer evaluated (and an
    /// index into an array of known length checked); `access` is false for `&e`, which may
    /// point one past an array's end. `None` after an error, or when `e` is not in memory.
    pub(super) fn locate(&mut self, b: &mut Body, e: &Expr, access: bool) -> Option<Located> {
        match &e.kind {
            ExprKind::Var(n) => {
                let Some(v) = self.lookup(b, n) else {
                    self.unknown_variable(n, e.span);
                    return None;
                };
                let Some(a) = v.address else {
                    // Every caller asks only for what lives in memory; an answer without a
                    // diagnostic would leave the program with a hole.
                    self.error(e.span, format!("`{n}` has no address in craig's memory model"));
                    return None;
                };
                let address = self.term_of(a, e.span);
                Some(Located {
                    address,
                    ty: v.ty,
                    array: v.array,
                    valid: true,
                    through: None,
                    shown: self.snippet(e.span),
                })
            }
            ExprKind::Deref(p) => {
                if self.refuse_array_address(b, p) {
                    return None;
                }
                let Some(pointee) = self.pointer_type(b, p) else {
                    self.error(p.span, format!("`{}` is not a pointer", self.snippet(p.span)));
                    return None;
                };
                let shown = self.snippet(p.span);
                let Some(ty) = pointee.value_type() else {
                    self.error(
                        e.span,
                        format!(
                            "`{shown}` is a `void *`: convert it to a pointer type before \
                             dereferencing it"
                        ),
                    );
                    return None;
                };
                let address = self.value(b, p)?;
                Some(Located { address, ty, array: None, valid: false, through: None, shown })
            }
            ExprKind::Index(a, i) => {
                let Some(v) = self.lookup(b, &a.name) else {
                    self.unknown_variable(&a.name, a.span);
                    return None;
                };
                if v.array.is_some() {
                    let array = self.locate(
                        b,
                        &Expr { kind: ExprKind::Var(a.name.clone()), span: a.span },
                        access,
                    )?;
                    return self.element_of(b, array, i, Obligation::ArrayBound, access, e.span);
                }
                let pointer = Expr { kind: ExprKind::Var(a.name.clone()), span: a.span };
                self.pointer_element(b, &pointer, i, e.span)
            }
            ExprKind::Subscript(base, i) => {
                if self.is_memory_array(b, base) {
                    let array = self.locate(b, base, access)?;
                    // An index past an array field stays within the struct, where C leaves
                    // the access undefined and SV-COMP's tasks count it valid: craig answers
                    // neither, and the check is the model's own.
                    return self.element_of(b, array, i, Obligation::MemoryModel, access, e.span);
                }
                self.pointer_element(b, base, i, e.span)
            }
            ExprKind::Member { base, field, arrow } => {
                let located = if *arrow {
                    let Some(Pointee::Struct(s)) = self.pointer_type(b, base) else {
                        self.error(
                            base.span,
                            format!("`{}` is not a pointer to a struct", self.snippet(base.span)),
                        );
                        return None;
                    };
                    let shown = self.snippet(base.span);
                    let address = self.value(b, base)?;
                    Located {
                        address,
                        ty: CType::Struct(s),
                        array: None,
                        valid: false,
                        through: Some((address, shown.clone())),
                        shown,
                    }
                } else {
                    if !self.is_struct(b, base) {
                        if !matches!(base.kind, ExprKind::Refused) {
                            self.error(
                                base.span,
                                format!("`{}` is not a struct", self.snippet(base.span)),
                            );
                        }
                        return None;
                    }
                    self.locate(b, base, access)?
                };
                let CType::Struct(s) = located.ty else { return None };
                self.check_union(s, e.span)?;
                let layout = self.layout(s);
                let Some(f) = layout.field(&field.name).cloned() else {
                    let name = layout.name.clone();
                    self.error(field.span, format!("`{name}` has no field `{}`", field.name));
                    return None;
                };
                let address = self.plus(located.address, f.offset, e.span);
                Some(Located { address, ty: f.ty, array: f.array, ..located })
            }
            ExprKind::Call(f, args) if self.is_struct(b, e) => {
                let address = self.call(b, f, args, e.span, true)?;
                Some(Located {
                    address,
                    ty: self.functions[&f.name].result,
                    array: None,
                    valid: true,
                    through: None,
                    shown: self.snippet(e.span),
                })
            }
            ExprKind::Refused => None,
            _ => {
                self.error(e.span, "this expression names no object");
                None
            }
        }
    }

    /// `address + bytes`.
    pub(super) fn plus(&mut self, address: TermId, bytes: u64, span: Span) -> TermId {
        if bytes == 0 {
            return address;
        }
        let k = self.int(bytes, span);
        build::same_type(&mut self.bank, Prim::Add, vec![address, k])
    }

    /// Element `i` of an array in memory, the index checked against its length (`check` says
    /// which obligation the check is).
    fn element_of(
        &mut self,
        b: &mut Body,
        array: Located,
        i: &Expr,
        check: Obligation,
        access: bool,
        span: Span,
    ) -> Option<Located> {
        let Some(n) = array.array else {
            self.error(span, format!("`{}` is not an array", array.shown));
            return None;
        };
        let it = self.type_of(b, i);
        let index = self.value(b, i)?;
        let index = self.convert(index, it, CType::Int(IntType::LONG), i.span);
        let zero = self.int(0, i.span);
        let length = self.int(n, i.span);
        let low = build::formula(&mut self.bank, Prim::Le, vec![zero, index]);
        let high = if access {
            build::formula(&mut self.bank, Prim::Lt, vec![index, length])
        } else {
            build::formula(&mut self.bank, Prim::Le, vec![index, length])
        };
        let within = build::and(&mut self.bank, low, high);
        let what =
            format!("`{}` is within the {n} elements of `{}`", self.snippet(i.span), array.shown);
        self.assert(b, within, check, what, i.span);
        let size = array.ty.size(&self.structs, self.data_model);
        let k = self.int(size, span);
        let step = build::same_type(&mut self.bank, Prim::Mul, vec![k, index]);
        let address = build::same_type(&mut self.bank, Prim::Add, vec![array.address, step]);
        Some(Located { address, array: None, ..array })
    }

    /// `p[i]` for a pointer `p`: the address `p + i`, checked where it is accessed.
    fn pointer_element(&mut self, b: &mut Body, p: &Expr, i: &Expr, span: Span) -> Option<Located> {
        if self.refuse_array_address(b, p) {
            return None;
        }
        let Some(pointee) = self.pointer_type(b, p) else {
            self.error(
                p.span,
                format!("`{}` is neither an array nor a pointer", self.snippet(p.span)),
            );
            return None;
        };
        let shown = self.snippet(span);
        let Some(ty) = pointee.value_type() else {
            self.error(
                span,
                format!(
                    "`{shown}` is a `void *`: convert it to a pointer type before dereferencing it"
                ),
            );
            return None;
        };
        let it = self.type_of(b, i);
        let base = self.value(b, p)?;
        let index = self.value(b, i)?;
        let pointer = (base, IntType::ULONG, Some(pointee));
        let (address, _) =
            self.pointer_arithmetic(BinaryOp::Add, pointer, (index, it, None), span)?;
        Some(Located { address, ty, array: None, valid: false, through: None, shown })
    }

    /// The checks of an access to the whole of a located object (`bytes` long) that needs
    /// them: the pointer a `->` went through is not null, then the object is live and holds
    /// the bytes.
    pub(super) fn check_located(&mut self, b: &mut Body, l: &Located, bytes: u64, span: Span) {
        if l.valid {
            return;
        }
        if let Some((pointer, shown)) = &l.through {
            let zero = self.int(0, span);
            let is_null = build::eq(&mut self.bank, *pointer, zero);
            let not_null = build::not(&mut self.bank, is_null);
            let what = format!("`{shown}` is not null");
            self.assert(b, not_null, Obligation::NullDereference, what, span);
        }
        self.checked_range(b, l.address, bytes, &l.shown, span);
    }

    /// Refuses a union whose scalars do not have one type at each offset.
    fn check_union(&mut self, s: StructId, span: Span) -> Option<()> {
        let layout = self.layout(s);
        if !layout.union {
            return Some(());
        }
        let mut leaves = Vec::new();
        if layout.size <= MAX_SCALARS as u64 * 8 {
            scalar_leaves(CType::Struct(s), None, (&self.structs, self.data_model), &mut leaves, 0);
        }
        let mut at: BTreeMap<u64, CType> = BTreeMap::new();
        let mut ends = Vec::new();
        let simple = !leaves.is_empty()
            && leaves.iter().all(|&(offset, ty)| {
                ends.push((offset, offset + ty.size(&self.structs, self.data_model)));
                *at.entry(offset).or_insert(ty) == ty
            })
            && ends.iter().all(|&(start, end)| {
                ends.iter().all(|&(s, e)| (s, e) == (start, end) || e <= start || end <= s)
            });
        if simple {
            return Some(());
        }
        let name = layout.name.clone();
        self.diags.push(
            crate::syntax::Diagnostic::error(
                span,
                format!("`{name}` holds scalars of different types at one place: such unions are not in craig's C subset"),
            )
            .with_note("craig's memory model cannot read a value stored as one type as another; use a struct"),
        );
        None
    }

    /// The struct `e` names, copied into the struct `target` names (`s = t`, `*p = *q`).
    pub(super) fn struct_copy(
        &mut self,
        b: &mut Body,
        target: &Expr,
        source: &Expr,
        span: Span,
    ) -> Option<()> {
        let (Some((CType::Struct(to), None)), Some((CType::Struct(from), None))) =
            (self.static_type(b, target), self.static_type(b, source))
        else {
            self.error(
                source.span,
                format!("`{}` is not a struct of the target's type", self.snippet(source.span)),
            );
            return None;
        };
        if to != from {
            self.error(span, "a struct is assigned from a struct of another type");
            return None;
        }
        // A call runs before the target's address is taken, which the call could change.
        let (destination, origin) = if let ExprKind::Call(..) = source.kind {
            let origin = self.locate(b, source, true)?;
            (self.locate(b, target, true)?, origin)
        } else {
            let destination = self.locate(b, target, true)?;
            (destination, self.locate(b, source, true)?)
        };
        let leaves = self.leaves(CType::Struct(to), None, span)?;
        let bytes = CType::Struct(to).size(&self.structs, self.data_model);
        self.check_located(b, &origin, bytes, span);
        self.check_located(b, &destination, bytes, span);
        let mut stores = Vec::new();
        for (offset, ty) in leaves {
            let from = self.plus(origin.address, offset, span);
            self.width_check(b, from, ty, &origin.shown, span);
            let to = self.plus(destination.address, offset, span);
            self.width_check(b, to, ty, &destination.shown, span);
            let value = self.load(from, span);
            stores.push((to, value));
        }
        self.store_all(b, stores, span);
        Some(())
    }

    /// A struct argument passed by value: a copy of it in a new stack object, whose address
    /// the call carries into the callee's parameter (the callee's object for it, dead when the
    /// callee returns). The copy is made where the argument is evaluated, so later arguments
    /// cannot change it.
    pub(super) fn struct_argument(&mut self, b: &mut Body, e: &Expr, ty: CType) -> Option<TermId> {
        if self.static_type(b, e) != Some((ty, None)) {
            self.error(e.span, format!("`{}` is not a struct of this type", self.snippet(e.span)));
            return None;
        }
        let origin = self.locate(b, e, true)?;
        self.copy_to_new_object(b, &origin, ty, e.span)
    }

    /// The struct `return e;` gives back: a copy of it in a new stack object, which the
    /// caller reads (the copy outlives the return, which ends the function's own objects;
    /// nothing can point into it, as C gives a function's result no address).
    pub(super) fn struct_result(
        &mut self,
        b: &mut Body,
        e: &Expr,
        ty: CType,
        span: Span,
    ) -> Option<TermId> {
        if self.static_type(b, e) != Some((ty, None)) {
            self.error(
                e.span,
                format!(
                    "`{}` is not a struct of the type `{}` returns",
                    self.snippet(e.span),
                    b.function
                ),
            );
            return None;
        }
        let origin = self.locate(b, e, true)?;
        self.copy_to_new_object(b, &origin, ty, span)
    }

    /// A new stack object holding a copy of the struct at `origin`: its address.
    fn copy_to_new_object(
        &mut self,
        b: &mut Body,
        origin: &Located,
        ty: CType,
        span: Span,
    ) -> Option<TermId> {
        let leaves = self.leaves(ty, None, span)?;
        let bytes = ty.size(&self.structs, self.data_model);
        self.check_located(b, origin, bytes, span);
        let width = ty.uniform_scalar_code(&self.structs).unwrap_or(-1);
        let size = self.int(bytes, span);
        let copy = self.allocate(b, size, ObjectState::Stack, width, span);
        let copy = self.term_of(copy, span);
        let mut stores = Vec::new();
        for (offset, leaf) in leaves {
            let from = self.plus(origin.address, offset, span);
            self.width_check(b, from, leaf, &origin.shown, span);
            let to = self.plus(copy, offset, span);
            let value = self.load(from, span);
            stores.push((to, value));
        }
        self.store_all(b, stores, span);
        Some(copy)
    }

    /// The scalars of an object, refused past [`MAX_SCALARS`].
    fn leaves(&mut self, ty: CType, array: Option<u64>, span: Span) -> Option<Vec<(u64, CType)>> {
        let count = ty.size(&self.structs, self.data_model).saturating_mul(array.unwrap_or(1));
        if count > MAX_SCALARS as u64 * 8 {
            self.too_many(span);
            return None;
        }
        let mut leaves = Vec::new();
        scalar_leaves(ty, array, (&self.structs, self.data_model), &mut leaves, 0);
        if leaves.len() > MAX_SCALARS {
            self.too_many(span);
            return None;
        }
        Some(leaves)
    }

    fn too_many(&mut self, span: Span) {
        self.error(
            span,
            format!("craig's C initialises and copies structs of at most {MAX_SCALARS} scalars"),
        );
    }

    /// Writes every `(address, value)` in one step (the values read before any is written).
    pub(super) fn store_all(&mut self, b: &mut Body, stores: Vec<(TermId, TermId)>, span: Span) {
        if stores.is_empty() {
            return;
        }
        let m = self.memory.expect("structs live in memory");
        let mut memory = self.term_of(m.memory, span);
        for (at, value) in stores {
            memory = build::update(&mut self.bank, memory, at, value);
        }
        self.step(b, Command::Assign(vec![(m.memory, memory)]), Some(span));
    }

    /// Stores the initial contents of an object in memory (a struct, an array of structs or of
    /// scalars) at `address`:
    /// the initialiser's values, zero for every scalar it leaves out; with no initialiser,
    /// zeros for a global and nothing for a local.
    pub(super) fn initialise_in_memory(
        &mut self,
        b: &mut Body,
        d: &VarDecl,
        address: TermId,
        global: bool,
    ) -> Option<()> {
        let Some(init) = &d.init else {
            if global {
                let leaves = self.leaves(d.ty, d.array, d.span)?;
                let stores = leaves
                    .into_iter()
                    .map(|(offset, _)| {
                        let at = self.plus(address, offset, d.span);
                        (at, self.int(0, d.span))
                    })
                    .collect();
                self.store_all(b, stores, d.span);
            }
            return Some(());
        };
        let leaves = self.leaves(d.ty, d.array, d.span)?;
        let mut values: BTreeMap<u64, TermId> =
            leaves.iter().map(|&(offset, _)| (offset, self.int(0, d.span))).collect();
        self.initialiser_values(b, d.ty, d.array, init, 0, &mut values)?;
        let stores = values
            .into_iter()
            .map(|(offset, value)| (self.plus(address, offset, d.span), value))
            .collect();
        self.store_all(b, stores, d.span);
        Some(())
    }

    /// The values an initialiser gives the scalars of an object of type `ty` (`array`
    /// elements of it) at `base`, by offset.
    fn initialiser_values(
        &mut self,
        b: &mut Body,
        ty: CType,
        array: Option<u64>,
        init: &Initializer,
        base: u64,
        values: &mut BTreeMap<u64, TermId>,
    ) -> Option<()> {
        match (init, ty, array) {
            // A flat list fills the scalars in order (C's brace elision).
            (Initializer::List(items, span), _, _) => {
                let mut leaves = Vec::new();
                scalar_leaves(ty, array, (&self.structs, self.data_model), &mut leaves, base);
                if items.len() > leaves.len() {
                    self.error(
                        *span,
                        format!("{} values for {} scalars", items.len(), leaves.len()),
                    );
                    return None;
                }
                for (e, (offset, leaf)) in items.iter().zip(leaves) {
                    let v = self.scalar_initialiser(b, e, leaf)?;
                    values.insert(offset, v);
                }
                Some(())
            }
            (Initializer::Nested(items, span), CType::Struct(s), None) => {
                let fields = self.layout(s).fields.clone().unwrap_or_default();
                let union = self.layout(s).union;
                let mut next = 0;
                for item in items {
                    if let Some(name) = &item.field {
                        match fields.iter().position(|f| f.name == name.name) {
                            Some(k) => next = k,
                            None => {
                                let s = self.layout(s).name.clone();
                                self.error(
                                    name.span,
                                    format!("`{s}` has no field `{}`", name.name),
                                );
                                return None;
                            }
                        }
                    }
                    let Some(f) = fields.get(next) else {
                        self.error(*span, "more values than fields");
                        return None;
                    };
                    let at = base + f.offset;
                    match (&item.value, f.ty, f.array) {
                        (Initializer::Expr(e), CType::Struct(_), None) => {
                            self.struct_initialiser(b, e, f.ty, at, values)?;
                        }
                        (Initializer::Expr(e), ty, None) => {
                            let v = self.scalar_initialiser(b, e, ty)?;
                            values.insert(at, v);
                        }
                        (Initializer::Expr(e), _, Some(_)) => {
                            self.error(
                                e.span,
                                format!(
                                    "the array field `{}` is initialised with a list `{{...}}`",
                                    f.name
                                ),
                            );
                            return None;
                        }
                        (inner, ty, array) => {
                            self.initialiser_values(b, ty, array, inner, at, values)?;
                        }
                    }
                    next += 1;
                    if union {
                        break;
                    }
                }
                Some(())
            }
            (Initializer::Nested(items, _), _, Some(n)) => {
                if items.len() as u64 > n {
                    self.error(
                        init_span(init),
                        format!("{} values for an array of {n}", items.len()),
                    );
                    return None;
                }
                let size = ty.size(&self.structs, self.data_model);
                for (k, item) in items.iter().enumerate() {
                    if let Some(name) = &item.field {
                        self.error(name.span, "an array's elements have no field names");
                        return None;
                    }
                    let at = base + k as u64 * size;
                    match &item.value {
                        Initializer::Expr(e) if matches!(ty, CType::Struct(_)) => {
                            self.struct_initialiser(b, e, ty, at, values)?;
                        }
                        Initializer::Expr(e) => {
                            let v = self.scalar_initialiser(b, e, ty)?;
                            values.insert(at, v);
                        }
                        inner => self.initialiser_values(b, ty, None, inner, at, values)?,
                    }
                }
                Some(())
            }
            (Initializer::Expr(e), CType::Struct(_), None) => {
                self.struct_initialiser(b, e, ty, base, values)
            }
            (Initializer::Expr(e), _, _) => {
                self.error(e.span, "this object is initialised with a list `{...}`");
                None
            }
            (Initializer::Nested(_, span), _, None) => {
                self.error(*span, "a scalar is initialised with one value, not a list");
                None
            }
        }
    }

    /// A scalar's initial value, converted to its type.
    fn scalar_initialiser(&mut self, b: &mut Body, e: &Expr, ty: CType) -> Option<TermId> {
        self.converted_value(b, e, ty)
    }

    /// A struct field initialised from another struct (`struct S t = s;`): its scalars read.
    fn struct_initialiser(
        &mut self,
        b: &mut Body,
        e: &Expr,
        ty: CType,
        base: u64,
        values: &mut BTreeMap<u64, TermId>,
    ) -> Option<()> {
        if self.static_type(b, e) != Some((ty, None)) {
            self.error(e.span, format!("`{}` is not a struct of this type", self.snippet(e.span)));
            return None;
        }
        let origin = self.locate(b, e, true)?;
        let bytes = ty.size(&self.structs, self.data_model);
        self.check_located(b, &origin, bytes, e.span);
        let leaves = self.leaves(ty, None, e.span)?;
        for (offset, leaf) in leaves {
            let from = self.plus(origin.address, offset, e.span);
            self.width_check(b, from, leaf, &origin.shown, e.span);
            let v = self.load(from, e.span);
            values.insert(base + offset, v);
        }
        Some(())
    }
}

fn init_span(init: &Initializer) -> Span {
    match init {
        Initializer::Expr(e) => e.span,
        Initializer::List(_, s) | Initializer::Nested(_, s) => *s,
    }
}

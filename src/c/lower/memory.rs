//! C's memory in HOL terms: objects with identity and size, addresses, the heap, and the
//! checks SV-COMP's memory-safety properties ask for.
//!
//! # The model
//!
//! - **An address is an integer** `object * 2^40 + offset`: object 0 is never allocated (its
//!   address 0 is `NULL`), every other object gets the next number when it is allocated and
//!   keeps it for ever (numbers are never reused, so a dangling pointer never points into a
//!   newer object). Offsets count bytes; an object holds at most 2^39 of them, so pointer
//!   arithmetic that stays within an object, or one past it, never reaches the next.
//! - **Memory is one function** `$memory :: int => int` from the address of a scalar's first
//!   byte to its value (converted to the type it is stored with). Variables whose address the
//!   program takes (`&x`) live there; every other variable stays an IR variable, as precise as
//!   before. The contents of an address never written are whatever `$memory` holds there:
//!   arbitrary in the logic (malloc's indeterminate bytes), zero in the interpreter (one of
//!   the values a run may read).
//! - **Objects** have a state (`$state`: 0 never allocated, 1 live on the heap, 2 freed, 3 live
//!   on the stack or static, 4 dead: its function returned), a size in bytes (`$size`) and the
//!   type of the scalars it is accessed with (`$width`, a code of the type, 0 until the first
//!   access, -1 for a struct variable whose scalars have several types): memory holds values,
//!   not bytes, so craig's model holds one scalar type per object, aligned to its size, and an
//!   access with another type (an `int` read as bytes through a `char *`, or as `unsigned`) is
//!   a [`Obligation::MemoryModel`] check, whose failure makes an answer UNKNOWN, never a wrong
//!   verdict. The checks are dropped where no pointer can reach scalars of another layout
//!   ([`drop_width_checks`]): a struct of several scalar types is then accessed only through
//!   its own layout, field by field.
//! - **Structs** live in memory, every one of them: see [`structs`](super::structs). `$next_object` counts the objects allocated (the next is
//!   numbered one more) and `$live_heap` counts heap objects not yet freed.
//! - **Checks**, as SV-COMP states its properties: a dereference (`*p`, `p[i]`) checks that `p`
//!   is not null ([`Obligation::NullDereference`]) and that it points into a live object with
//!   room for the scalar ([`Obligation::MemoryAccess`]: not freed, not a dead local, within
//!   bounds); `free(p)` checks that `p` is null or the start of a live heap object
//!   ([`Obligation::MemoryFree`]); the end of `main` and `exit(n)` check that every heap
//!   object was freed ([`Obligation::MemoryCleanup`], SV-COMP's `valid-memcleanup`).
//! - **Allocation**: `malloc(n)` and `calloc(k, n)` return `NULL` for a size above 2^39 bytes
//!   (C allows an allocation to fail; SV-COMP's tasks assume one of that size does), and a fresh
//!   heap object otherwise; `calloc` zeroes it byte by byte (for sizes craig can count),
//!   `realloc` copies the old object's first cells into a new one and frees the old, `alloca`
//!   gives a stack object that dies when its function returns. A local whose address is taken
//!   is a stack object from its declaration until the run leaves its block (its end, a `break`,
//!   `continue`, `goto` or `return` out of it: C 6.2.4); a parameter until the return.

use std::collections::{BTreeMap, BTreeSet};

use rug::Integer;

use super::super::ast::*;
use super::super::builtin::{Builtin, builtin};
use super::{Body, Lowering, ScopeId, VarInfo};
use crate::hol::build;
use crate::hol::{ConstId, Obligation, Prim, TermId};
use crate::ir::{Command, Loc, VariableKind};
use crate::syntax::Span;

/// The distance between two objects' addresses.
pub(super) const OBJECT_STRIDE: u64 = model::OBJECT_STRIDE;

/// What a reader of a run's state (the interpreter's values of the model's variables) needs of
/// the model: the variables' names and the numbers in them, which the IR holds
/// ([`crate::ir::heap`]) so that analyses read them without this front end.
pub mod model {
    pub use crate::ir::heap::*;
}

// The states' numbers are the IR's.
const _: () = {
    assert!(ObjectState::Heap as i64 == model::HEAP_STATE);
    assert!(ObjectState::Freed as i64 == model::FREED_STATE);
    assert!(ObjectState::Stack as i64 == model::STACK_STATE);
    assert!(ObjectState::Dead as i64 == model::DEAD_STATE);
};

/// The largest object `malloc` gives; a larger request returns `NULL`.
const MAX_OBJECT_BYTES: u64 = 1 << 39;
/// The most objects a run allocates; past it `malloc` returns `NULL`. The numbers above it,
/// up to 2^23, are the functions' ([`MAX_FUNCTIONS`] of them): every address stays below
/// 2^63, so a pointer converted to `long` keeps its value.
pub(super) const MAX_OBJECTS: u64 = (1 << 23) - MAX_FUNCTIONS;
/// The most functions whose address a program takes.
pub(super) const MAX_FUNCTIONS: u64 = 1 << 16;
/// The largest `calloc` the lowering zeroes byte by byte.
const MAX_CALLOC_BYTES: u64 = 256;
/// The most bytes of the old object `realloc` copies to the new one: the copy is written out
/// cell by cell, so a constant new size up to this is copied whole, and a larger or unknown
/// one needs the old object or the new one no larger.
const MAX_REALLOC_COPY: u64 = 64;

/// An object's state in `$state`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ObjectState {
    Heap = 1,
    Freed = 2,
    Stack = 3,
    Dead = 4,
}

/// The global variables of the memory model.
#[derive(Clone, Copy, Debug)]
pub(super) struct Memory {
    pub memory: ConstId,
    pub state: ConstId,
    pub size: ConstId,
    pub width: ConstId,
    pub next: ConstId,
    pub live: ConstId,
}

impl Memory {
    /// Every variable of the model, for a procedure's frame.
    pub(super) fn variables(&self) -> [ConstId; 6] {
        [self.memory, self.state, self.size, self.width, self.next, self.live]
    }
}

/// True when the program needs the memory model: it has pointers, takes an address or
/// allocates.
pub(super) fn uses_memory(unit: &TranslationUnit) -> bool {
    let pointer = |ty: CType| matches!(ty, CType::Pointer(_) | CType::Struct(_));
    if unit.globals.iter().any(|g| pointer(g.ty))
        || unit
            .functions
            .iter()
            .any(|f| pointer(f.result) || f.params.iter().any(|p| pointer(p.ty)))
    {
        return true;
    }
    let mut in_expression = false;
    let mut in_declaration = false;
    for f in &unit.functions {
        visit_block(
            &f.body,
            &mut |e| {
                in_expression |= matches!(
                    e.kind,
                    ExprKind::AddressOf(_)
                        | ExprKind::Deref(_)
                        | ExprKind::Member { .. }
                        | ExprKind::Subscript(..)
                        | ExprKind::String(_)
                ) || matches!(&e.kind, ExprKind::Call(f, _)
                    if builtin(&f.name).is_some_and(|known| known.is_memory()));
            },
            &mut |d| in_declaration |= pointer(d.ty),
        );
    }
    in_expression || in_declaration
}

/// The names whose address a function takes (`&x`), by name: a local of that name, or a
/// global when no local has it, lives in memory.
pub(super) fn addresses_taken(block: &Block) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    visit_block(block, &mut |e| note_address_taken(e, &mut names), &mut |_| {});
    names
}

/// The globals whose address the initialisers of globals take (`int *p = &g;`).
pub(super) fn addresses_taken_by_globals(unit: &TranslationUnit) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for e in unit.globals.iter().filter_map(|d| d.init.as_ref()).flat_map(|i| i.expressions()) {
        visit_expr(e, &mut |e| note_address_taken(e, &mut names));
    }
    names
}

fn note_address_taken(e: &Expr, names: &mut BTreeSet<String>) {
    if let ExprKind::AddressOf(x) = &e.kind
        && let ExprKind::Var(n) = &x.kind
    {
        names.insert(n.clone());
    }
}

/// The names a function may use as arrays that must live in memory: an element's address
/// taken (`&a[i]`), or the name used as a value (`p = a`, `f(a)`, `a + 1`), where C converts
/// an array to the address of its first element. Other arrays stay IR arrays, as precise as
/// before. Uses inside `sizeof` evaluate nothing and do not count; a name that is not an
/// array's is ignored where this set is read.
pub(super) fn arrays_in_memory(block: &Block) -> BTreeSet<String> {
    let mut names = ArrayUses::default();
    visit_block(block, &mut |e| names.note(e), &mut |_| {});
    names.in_memory()
}

/// [`arrays_in_memory`] for the initialisers of globals (`int *p = a;`).
pub(super) fn arrays_in_memory_by_globals(unit: &TranslationUnit) -> BTreeSet<String> {
    let mut names = ArrayUses::default();
    for e in unit.globals.iter().filter_map(|d| d.init.as_ref()).flat_map(|i| i.expressions()) {
        visit_expr(e, &mut |e| names.note(e));
    }
    names.in_memory()
}

/// The distinct string literals of a unit, in the order they first appear (functions, then
/// the initialisers of globals): each is one static object.
pub(super) fn string_literals(unit: &TranslationUnit) -> Vec<Vec<u8>> {
    let mut found: Vec<Vec<u8>> = Vec::new();
    let mut note = |e: &Expr| {
        if let ExprKind::String(bytes) = &e.kind
            && !found.contains(bytes)
        {
            found.push(bytes.clone());
        }
    };
    for f in &unit.functions {
        visit_block(&f.body, &mut note, &mut |_| {});
    }
    for e in unit.globals.iter().filter_map(|d| d.init.as_ref()).flat_map(|i| i.expressions()) {
        visit_expr(e, &mut note);
    }
    found
}

/// A string literal as C writes it, for names and messages.
fn shown_string(bytes: &[u8]) -> String {
    let text = bytes.strip_suffix(&[0]).unwrap_or(bytes);
    format!("\"{}\"", text.escape_ascii())
}

/// Counts of a name's uses as a value, everywhere and within `sizeof` (the visitor sees both,
/// so the difference is the uses that evaluate the name).
#[derive(Default)]
struct ArrayUses {
    elements: BTreeSet<String>,
    values: BTreeMap<String, (usize, usize)>,
}

impl ArrayUses {
    fn note(&mut self, e: &Expr) {
        match &e.kind {
            ExprKind::AddressOf(x) => {
                if let ExprKind::Index(a, _) = &x.kind {
                    self.elements.insert(a.name.clone());
                }
            }
            ExprKind::Var(n) => self.values.entry(n.clone()).or_default().0 += 1,
            ExprKind::SizeOf(x) => visit_expr(x, &mut |e| {
                if let ExprKind::Var(n) = &e.kind {
                    self.values.entry(n.clone()).or_default().1 += 1;
                }
            }),
            _ => {}
        }
    }

    fn in_memory(self) -> BTreeSet<String> {
        let evaluated = self.values.into_iter().filter(|(_, (all, sized))| all > sized);
        let mut names = self.elements;
        names.extend(evaluated.map(|(n, _)| n));
        names
    }
}

/// Calls `on_expr` on every expression of a block (inner ones too) and `on_decl` on every
/// declaration.
fn visit_block(block: &Block, on_expr: &mut dyn FnMut(&Expr), on_decl: &mut dyn FnMut(&VarDecl)) {
    for s in &block.statements {
        visit_statement(s, on_expr, on_decl);
    }
}

fn visit_statement(
    s: &Statement,
    on_expr: &mut dyn FnMut(&Expr),
    on_decl: &mut dyn FnMut(&VarDecl),
) {
    match &s.kind {
        StatementKind::Empty
        | StatementKind::Break
        | StatementKind::Continue
        | StatementKind::Goto(_) => {}
        StatementKind::Block(b) => visit_block(b, on_expr, on_decl),
        StatementKind::Declaration(ds) => {
            for d in ds {
                on_decl(d);
                if let Some(init) = &d.init {
                    for e in init.expressions() {
                        visit_expr(e, on_expr);
                    }
                }
            }
        }
        StatementKind::Expr(e) => visit_expr(e, on_expr),
        StatementKind::Return(e) => {
            if let Some(e) = e {
                visit_expr(e, on_expr);
            }
        }
        StatementKind::If(c, t, o) => {
            visit_expr(c, on_expr);
            visit_statement(t, on_expr, on_decl);
            if let Some(o) = o {
                visit_statement(o, on_expr, on_decl);
            }
        }
        StatementKind::While(c, body) | StatementKind::DoWhile(body, c) => {
            visit_expr(c, on_expr);
            visit_statement(body, on_expr, on_decl);
        }
        StatementKind::For { init, condition, step, body } => {
            if let Some(i) = init {
                visit_statement(i, on_expr, on_decl);
            }
            for e in condition.iter().chain(step.iter()) {
                visit_expr(e, on_expr);
            }
            visit_statement(body, on_expr, on_decl);
        }
        StatementKind::Labeled(_, inner) => visit_statement(inner, on_expr, on_decl),
    }
}

fn visit_expr(e: &Expr, on_expr: &mut dyn FnMut(&Expr)) {
    on_expr(e);
    match &e.kind {
        ExprKind::Int(..) | ExprKind::Var(_) | ExprKind::String(_) | ExprKind::Refused => {}
        ExprKind::Index(_, i) => visit_expr(i, on_expr),
        ExprKind::Member { base, .. } => visit_expr(base, on_expr),
        ExprKind::Subscript(x, i) => {
            visit_expr(x, on_expr);
            visit_expr(i, on_expr);
        }
        ExprKind::SizeOf(x) => visit_expr(x, on_expr),
        ExprKind::Call(_, args) => args.iter().for_each(|a| visit_expr(a, on_expr)),
        ExprKind::CallThrough(f, args) => {
            visit_expr(f, on_expr);
            args.iter().for_each(|a| visit_expr(a, on_expr));
        }
        ExprKind::Unary(_, x)
        | ExprKind::Cast(_, x)
        | ExprKind::AddressOf(x)
        | ExprKind::Deref(x) => visit_expr(x, on_expr),
        ExprKind::Binary(_, l, r) | ExprKind::Assign(_, l, r) => {
            visit_expr(l, on_expr);
            visit_expr(r, on_expr);
        }
        ExprKind::Conditional(c, x, y) => {
            visit_expr(c, on_expr);
            visit_expr(x, on_expr);
            visit_expr(y, on_expr);
        }
        ExprKind::Step { target, .. } => visit_expr(target, on_expr),
    }
}

/// Removes the memory model's width checks (and the writes of `$width` they read) from a
/// program in which no pointer value ever reaches a pointer to scalars of another layout and
/// no pointer into the middle of a struct is stepped: every object is then accessed through
/// one layout (a variable through pointers to its own type, a heap object through the one
/// typed pointer its allocation was converted to, a struct field by field at its offsets), so
/// the checks hold by construction and would only stand in the engine's way (their formulas
/// read `$width`, which it does not track). The model's other checks (an index past an array
/// field) stay.
pub(super) fn drop_width_checks(
    procedures: &mut [crate::ir::Procedure],
    bank: &crate::hol::HolBank,
    width: Option<ConstId>,
) {
    let Some(width) = width else { return };
    for p in procedures {
        let Some(body) = &mut p.body else { continue };
        for edge in &mut body.edges {
            let drop = match &edge.command {
                // Only the width checks: the model's other checks (an index past an array
                // field) stay.
                Command::Assert { check: Obligation::MemoryModel, formula, .. } => {
                    build::constants(bank, *formula).contains(&width)
                }
                Command::Assign(assignments) => assignments.len() == 1 && assignments[0].0 == width,
                _ => false,
            };
            if drop {
                edge.command = Command::Skip;
            }
        }
    }
}

/// How C writes a scalar type, for messages.
fn type_name(ty: CType, model: DataModel) -> &'static str {
    match ty {
        CType::Pointer(_) => "a pointer",
        CType::Bool => "_Bool",
        CType::Int(t) => t.name(model),
        CType::Void | CType::Struct(_) => "a struct",
    }
}

/// Where an lvalue is: a variable, an element of an array variable, or a scalar in memory.
#[derive(Clone, Copy, Debug)]
pub(super) enum Place {
    /// A variable that is an IR variable (its address is never taken).
    Variable,
    /// An element of an array variable: the array and the (checked) index.
    Element(TermId, TermId),
    /// A scalar in memory: its (checked) address and its type.
    Memory(TermId, CType),
}

impl Lowering<'_> {
    /// Declares the model's global variables.
    pub(super) fn declare_memory(&mut self, span: Span) {
        let global = |l: &mut Self, name: &str, function: bool| {
            l.new_variable(name, name, function, VariableKind::Global, span)
        };
        let memory = Memory {
            memory: global(self, model::MEMORY, true),
            state: global(self, model::STATE, true),
            size: global(self, model::SIZE, true),
            width: global(self, model::WIDTH, true),
            next: global(self, model::NEXT_OBJECT, false),
            live: global(self, model::LIVE_HEAP, false),
        };
        self.memory = Some(memory);
    }

    /// The model's start at `main`'s entry: no object allocated yet.
    pub(super) fn initialise_memory(&mut self, b: &mut Body, span: Span) {
        let Some(m) = self.memory else { return };
        let zeros = [m.state, m.size, m.width].map(|c| (c, self.zeros(span)));
        let zero = self.int(0, span);
        let mut assignments = zeros.to_vec();
        assignments.push((m.next, zero));
        let zero = self.int(0, span);
        assignments.push((m.live, zero));
        self.step(b, Command::Assign(assignments), Some(span));
    }

    fn model(&self) -> Memory {
        self.memory.expect("the memory model is declared whenever the program uses memory")
    }

    fn app(&mut self, f: ConstId, at: TermId, span: Span) -> TermId {
        let f = self.term_of(f, span);
        build::app(&mut self.bank, f, at)
    }

    fn updated(&mut self, f: ConstId, at: TermId, value: TermId, span: Span) -> TermId {
        let f = self.term_of(f, span);
        build::update(&mut self.bank, f, at, value)
    }

    /// The object an address points into, and the offset within it.
    fn object_and_offset(&mut self, address: TermId, span: Span) -> (TermId, TermId) {
        let stride = self.int(OBJECT_STRIDE, span);
        let object = build::same_type(&mut self.bank, Prim::Div, vec![address, stride]);
        let offset = build::same_type(&mut self.bank, Prim::Mod, vec![address, stride]);
        (object, offset)
    }

    /// The pointee type of a pointer-valued expression, if it is one.
    pub(super) fn pointer_type(&self, b: &Body, e: &Expr) -> Option<Pointee> {
        match &e.kind {
            ExprKind::String(_) => Some(Pointee::Int(IntType::CHAR)),
            ExprKind::Var(n) => {
                let Some(v) = self.lookup(b, n) else { return self.function_pointee(b, n) };
                match (v.array, v.address) {
                    (None, _) => v.ty.pointee(),
                    // An array in memory is the address of its first element.
                    (Some(_), Some(_)) => Pointee::of(v.ty),
                    (Some(_), None) => None,
                }
            }
            ExprKind::Index(a, _) => {
                let v = self.lookup(b, &a.name)?;
                if v.array.is_some() {
                    v.ty.pointee()
                } else {
                    v.ty.pointee()?.value_type()?.pointee()
                }
            }
            // `*fp` is the function, which converts back to its address.
            ExprKind::Deref(p) if self.is_function_pointer(b, p) => self.pointer_type(b, p),
            ExprKind::Deref(_) | ExprKind::Member { .. } | ExprKind::Subscript(..) => {
                match self.static_type(b, e)? {
                    (ty, Some(_)) => Pointee::of(ty),
                    (ty, None) => ty.pointee(),
                }
            }
            ExprKind::Call(f, _) => match self.functions.get(&f.name) {
                Some(info) => info.result.pointee(),
                None => {
                    builtin(&f.name).is_some_and(|known| known.allocates()).then_some(Pointee::Void)
                }
            },
            ExprKind::Cast(t, _) => t.pointee(),
            ExprKind::AddressOf(x) => match &x.kind {
                ExprKind::Var(n) if self.function_named(b, n).is_some() => {
                    self.function_pointee(b, n)
                }
                _ => Pointee::of(self.place_type(b, x)?),
            },
            ExprKind::CallThrough(f, _) => self.callee_type(b, f)?.result.pointee(),
            ExprKind::Binary(BinaryOp::Add, l, r) => {
                self.pointer_type(b, l).or_else(|| self.pointer_type(b, r))
            }
            ExprKind::Binary(BinaryOp::Sub, l, r) => {
                if self.pointer_type(b, r).is_some() {
                    None
                } else {
                    self.pointer_type(b, l)
                }
            }
            ExprKind::Binary(BinaryOp::Comma, _, r) => self.pointer_type(b, r),
            ExprKind::Conditional(_, x, y) => {
                self.pointer_type(b, x).or_else(|| self.pointer_type(b, y))
            }
            ExprKind::Assign(_, t, _) | ExprKind::Step { target: t, .. } => self.pointer_type(b, t),
            _ => None,
        }
    }

    /// The type of the object an lvalue names (`x`, `a[i]`, `p[i]`, `*p`).
    pub(super) fn place_type(&self, b: &Body, e: &Expr) -> Option<CType> {
        Some(self.static_type(b, e)?.0)
    }

    /// Records whether the value of `e` flowing into a place of type `to` may let one object be
    /// accessed with two scalar sizes: a pointer to scalars of another size, a `void *` that
    /// is not a fresh allocation (it may have come from any typed pointer), or an integer
    /// other than 0 made a pointer.
    pub(super) fn note_pointer_flow(&mut self, b: &Body, e: &Expr, to: CType) {
        let Some(target) = to.pointee() else { return };
        // Nothing is read or written through a pointer to a function (a call checks it holds a
        // function), so what flows into one gives no access of another width.
        if matches!(target, Pointee::Void | Pointee::Function(_)) || self.mixed_widths {
            return;
        }
        let mut source = e;
        while let ExprKind::Cast(_, inner) = &source.kind {
            source = inner;
        }
        let known = match &source.kind {
            ExprKind::Call(f, args) if !self.functions.contains_key(&f.name) => {
                builtin(&f.name).map(|known| (known, args))
            }
            _ => None,
        };
        // `realloc` keeps the old object's scalars: what flows is its first argument.
        if let Some((Builtin::Realloc, [old, _])) = known.as_ref().map(|(k, a)| (k, a.as_slice())) {
            return self.note_pointer_flow(b, old, to);
        }
        let fresh = known.is_some_and(|(known, _)| known.allocates());
        let mixed = match self.pointer_type(b, source) {
            Some(Pointee::Void) => !fresh,
            Some(p) => !self.same_layout(p, target),
            None => !matches!(&source.kind, ExprKind::Int(n, _) if *n == 0),
        };
        self.mixed_widths |= mixed;
    }

    /// The value of `e` converted to `to` as by assignment (an initialiser, an argument, a
    /// returned value), with the checks a pointer converted to a narrower integer needs.
    pub(super) fn converted_value(&mut self, b: &mut Body, e: &Expr, to: CType) -> Option<TermId> {
        self.note_pointer_flow(b, e, to);
        let from = self.type_of(b, e);
        let v = self.value(b, e)?;
        self.check_address_fits(b, e, v, to, e.span);
        Some(self.convert(v, from, to, e.span))
    }

    /// A pointer `e` (of value `v`) converted to an integer type narrower than addresses, by
    /// a cast or implicitly (`int x = p;`): only `NULL` keeps its value in craig's model.
    pub(super) fn check_address_fits(
        &mut self,
        b: &mut Body,
        e: &Expr,
        v: TermId,
        to: CType,
        span: Span,
    ) {
        if let CType::Int(t) = to
            && t.bits < IntType::ULONG.bits
            && self.memory.is_some()
            && self.pointer_type(b, e).is_some()
        {
            self.narrow_address(b, v, t, span);
        }
    }

    /// True when objects seen through pointers to `p` and to `q` hold the same scalars at the
    /// same offsets: one integer type, one struct, or pointers (all addresses).
    fn same_layout(&self, p: Pointee, q: Pointee) -> bool {
        match (p, q) {
            (Pointee::Struct(s), Pointee::Struct(t)) => s == t,
            (Pointee::Pointer(..), Pointee::Pointer(..)) => true,
            // A function's address is no object: reading through it fails its check.
            (Pointee::Function(_), _) => true,
            // An `int` read as `unsigned` has another value in this model, which stores
            // values, not bytes: only one type is the same layout.
            (Pointee::Int(_) | Pointee::Bool, Pointee::Int(_) | Pointee::Bool) => p == q,
            _ => false,
        }
    }

    /// The size in bytes of `e`'s type (`sizeof e`): an array's whole size, a struct's, a
    /// pointer's 8, a scalar's width.
    pub(super) fn size_of_expression(&self, b: &Body, e: &Expr) -> u64 {
        if let Some((ty, array)) = self.static_type(b, e) {
            return ty.size(&self.structs, self.data_model) * array.unwrap_or(1);
        }
        if self.pointer_type(b, e).is_some() {
            return 8;
        }
        u64::from(self.type_of(b, e).bits.max(8) / 8)
    }

    /// `p + i`, `i + p`, `p - i` (stepping by the pointee's size, the integer operand taken
    /// as a `long`) and `p - q` (the number of elements between them), for operands given
    /// with their types and pointees; `None` for an operation C does not have on pointers.
    pub(super) fn pointer_arithmetic(
        &mut self,
        op: BinaryOp,
        (l, lt, lp): (TermId, IntType, Option<Pointee>),
        (r, rt, rp): (TermId, IntType, Option<Pointee>),
        span: Span,
    ) -> Option<(TermId, IntType)> {
        let long = CType::Int(IntType::LONG);
        self.pointer_steps |= lp.is_none() != rp.is_none();
        let structs = std::mem::take(&mut self.structs);
        let (lp_size, rp_size) = (
            lp.map(|p| p.size(&structs, self.data_model)),
            rp.map(|p| p.size(&structs, self.data_model)),
        );
        self.structs = structs;
        let size =
            |p: Pointee| if Some(p) == lp { lp_size.unwrap_or(1) } else { rp_size.unwrap_or(1) };
        let l = if lp.is_none() { self.convert(l, lt, long, span) } else { l };
        let r = if rp.is_none() { self.convert(r, rt, long, span) } else { r };
        let scaled = |s: &mut Self, i: TermId, p: Pointee| {
            if size(p) == 1 {
                return i;
            }
            let k = s.int(size(p), span);
            build::same_type(&mut s.bank, Prim::Mul, vec![k, i])
        };
        match (op, lp, rp) {
            (BinaryOp::Add, Some(p), None) => {
                let step = scaled(self, r, p);
                Some((build::same_type(&mut self.bank, Prim::Add, vec![l, step]), IntType::ULONG))
            }
            (BinaryOp::Add, None, Some(p)) => {
                let step = scaled(self, l, p);
                Some((build::same_type(&mut self.bank, Prim::Add, vec![r, step]), IntType::ULONG))
            }
            (BinaryOp::Sub, Some(p), None) => {
                let step = scaled(self, r, p);
                Some((build::same_type(&mut self.bank, Prim::Sub, vec![l, step]), IntType::ULONG))
            }
            (BinaryOp::Sub, Some(p), Some(_)) => {
                let bytes = build::same_type(&mut self.bank, Prim::Sub, vec![l, r]);
                if size(p) == 1 {
                    return Some((bytes, self.data_model.long()));
                }
                let k = self.int(size(p), span);
                let ptrdiff = self.data_model.long();
                Some((build::same_type(&mut self.bank, Prim::Div, vec![bytes, k]), ptrdiff))
            }
            _ => None,
        }
    }

    /// The checks of an access to `bytes` bytes at `address` (`shown` is how the program
    /// writes the pointer): not null, a live object, within bounds.
    pub(super) fn checked_range(
        &mut self,
        b: &mut Body,
        address: TermId,
        bytes: u64,
        shown: &str,
        span: Span,
    ) {
        let m = self.model();
        let zero = self.int(0, span);
        let is_null = build::eq(&mut self.bank, address, zero);
        let not_null = build::not(&mut self.bank, is_null);
        self.assert(
            b,
            not_null,
            Obligation::NullDereference,
            format!("`{shown}` is not null"),
            span,
        );
        let (object, offset) = self.object_and_offset(address, span);
        let state = self.app(m.state, object, span);
        let heap = self.int(ObjectState::Heap as i64, span);
        let stack = self.int(ObjectState::Stack as i64, span);
        let on_heap = build::eq(&mut self.bank, state, heap);
        let on_stack = build::eq(&mut self.bank, state, stack);
        let live = build::or(&mut self.bank, on_heap, on_stack);
        let what = format!(
            "`{shown}` points into a live object (allocated, not freed, not a local of a \
             function that returned)"
        );
        self.assert(b, live, Obligation::MemoryAccess, what, span);
        let k = self.int(bytes, span);
        let end = build::same_type(&mut self.bank, Prim::Add, vec![offset, k]);
        let size = self.app(m.size, object, span);
        let zero = self.int(0, span);
        let from_start = build::formula(&mut self.bank, Prim::Le, vec![zero, offset]);
        let to_end = build::formula(&mut self.bank, Prim::Le, vec![end, size]);
        let within = build::and(&mut self.bank, from_start, to_end);
        let what = format!("the {bytes} bytes `{shown}` reaches are within its object");
        self.assert(b, within, Obligation::MemoryAccess, what, span);
    }

    /// The model's own check of an access to a scalar of type `ty` at `address`: its object
    /// is accessed with one scalar type (memory holds values, not bytes: an `int` read as
    /// bytes or as `unsigned` would have another value), and the scalar is aligned to its
    /// size (so that two scalars never overlap in part). Recorded in `$width`; dropped where
    /// no pointer reaches scalars of another layout (see [`drop_width_checks`]).
    pub(super) fn width_check(
        &mut self,
        b: &mut Body,
        address: TermId,
        ty: CType,
        shown: &str,
        span: Span,
    ) {
        let m = self.model();
        let bytes = ty.size(&self.structs, self.data_model);
        let code = ty.scalar_code().unwrap_or(-1);
        let (object, offset) = self.object_and_offset(address, span);
        let width = self.app(m.width, object, span);
        let zero = self.int(0, span);
        let k = self.int(code, span);
        let unset = build::eq(&mut self.bank, width, zero);
        let same = build::eq(&mut self.bank, width, k);
        let one_type = build::or(&mut self.bank, unset, same);
        let size = self.int(bytes, span);
        let remainder = build::same_type(&mut self.bank, Prim::Mod, vec![offset, size]);
        let zero = self.int(0, span);
        let aligned = build::eq(&mut self.bank, remainder, zero);
        let fits = build::and(&mut self.bank, one_type, aligned);
        let what = format!(
            "one scalar type for the object at `{shown}` ({} here, aligned; craig's memory \
             model holds one type per object)",
            type_name(ty, self.data_model)
        );
        self.assert(b, fits, Obligation::MemoryModel, what, span);
        let k = self.int(code, span);
        let widths = self.updated(m.width, object, k, span);
        self.step(b, Command::Assign(vec![(m.width, widths)]), Some(span));
    }

    /// A global holding the address of each string literal's object, named after the
    /// literal (the objects themselves are made by [`Self::initialise_strings`]).
    pub(super) fn declare_strings(&mut self, unit: &TranslationUnit, span: Span) {
        for bytes in string_literals(unit) {
            let shown = format!("&{}", shown_string(&bytes));
            let address = self.new_variable(
                &format!("&string{}", self.strings.len() + 1),
                &shown,
                false,
                VariableKind::Global,
                span,
            );
            self.var_types.insert(address, CType::Pointer(Pointee::Int(IntType::CHAR)));
            self.strings.push((bytes, address));
        }
    }

    /// C's string literals, made explicit at the entry of `main`: a static array of `char`
    /// each, holding the literal's bytes and its zero. (Writing into one is undefined in C
    /// and names no SV-COMP property; craig's model lets such a write through.)
    pub(super) fn initialise_strings(&mut self, b: &mut Body, span: Span) {
        for (bytes, address) in self.strings.clone() {
            let mut object = VarInfo {
                name: shown_string(&bytes),
                constant: address,
                ty: CType::Int(IntType::CHAR),
                array: Some(bytes.len() as u64),
                global: true,
                address: None,
            };
            self.place_variable(b, &mut object, address, None, span);
            let at = self.term_of(address, span);
            let stores = (0u64..)
                .zip(&bytes)
                .map(|(offset, &byte)| {
                    let value = IntType::CHAR.wrap(byte.into());
                    (self.plus(at, offset, span), self.int(value, span))
                })
                .collect();
            self.store_all(b, stores, span);
        }
    }

    /// The address of a string literal's object.
    pub(super) fn string_address(&mut self, bytes: &[u8], span: Span) -> Option<TermId> {
        let found = self.strings.iter().find(|(s, _)| s == bytes).map(|&(_, a)| a);
        match found {
            Some(address) => Some(self.term_of(address, span)),
            None => {
                self.error(span, "internal: a string literal without its object");
                None
            }
        }
    }

    /// The value at `address` (already checked).
    pub(super) fn load(&mut self, address: TermId, span: Span) -> TermId {
        let m = self.model();
        self.app(m.memory, address, span)
    }

    /// Writes `value` (already converted) at `address` (already checked).
    pub(super) fn store_memory(
        &mut self,
        b: &mut Body,
        address: TermId,
        value: TermId,
        span: Span,
    ) {
        let m = self.model();
        let memory = self.updated(m.memory, address, value, span);
        self.step(b, Command::Assign(vec![(m.memory, memory)]), Some(span));
    }

    /// The address of an lvalue: `&x`, `&a[i]`, `&*p`, `&s.f`, `&p->f`.
    pub(super) fn address_of(&mut self, b: &mut Body, x: &Expr) -> Option<TermId> {
        match &x.kind {
            ExprKind::Var(n) => {
                let Some(v) = self.lookup(b, n) else {
                    self.unknown_variable(n, x.span);
                    return None;
                };
                match v.address {
                    Some(a) => Some(self.term_of(a, x.span)),
                    None => {
                        self.error(
                            x.span,
                            format!("`&{n}`: craig's C takes the address of scalar variables only"),
                        );
                        None
                    }
                }
            }
            ExprKind::Index(a, _) => {
                let Some(v) = self.lookup(b, &a.name) else {
                    self.unknown_variable(&a.name, a.span);
                    return None;
                };
                if v.array.is_some() && v.address.is_none() {
                    self.error(
                        x.span,
                        format!(
                            "`&{}[...]`: the elements of an array variable have no address \
                             in craig's memory model yet; allocate the array (`malloc`) to \
                             point into it",
                            a.name
                        ),
                    );
                    return None;
                }
                Some(self.locate(b, x, false)?.address)
            }
            ExprKind::Deref(p) => self.value(b, p),
            ExprKind::Member { .. } | ExprKind::Subscript(..) => {
                // A pointer into a struct: stepping it may reach a field of another type.
                self.member_addresses = true;
                Some(self.locate(b, x, false)?.address)
            }
            _ => {
                self.error(x.span, "only a variable or an element has an address");
                None
            }
        }
    }

    /// A fresh object of `bytes` bytes: its address in a new temporary. A heap object may
    /// fail to be allocated (the temporary is then `NULL`); a stack object always is.
    pub(super) fn allocate(
        &mut self,
        b: &mut Body,
        bytes: TermId,
        state: ObjectState,
        width: i64,
        span: Span,
    ) -> ConstId {
        let m = self.model();
        let address = self.temp(b, CType::Pointer(Pointee::Void), span);
        // The new object is number `$next_object + 1`: numbers start at 1 even where `main`
        // did not set the counter (a function analysed on its own, whose run starts at 0).
        let count = self.term_of(m.next, span);
        let one = self.int(1, span);
        let next = build::same_type(&mut self.bank, Prim::Add, vec![count, one]);
        let stride = self.int(OBJECT_STRIDE, span);
        let fresh = build::same_type(&mut self.bank, Prim::Mul, vec![next, stride]);
        let next_after = next;
        let state_value = self.int(state as i64, span);
        let states = self.updated(m.state, next, state_value, span);
        let sizes = self.updated(m.size, next, bytes, span);
        let width_value = self.int(width, span);
        let widths = self.updated(m.width, next, width_value, span);
        let mut assignments = vec![
            (address, fresh),
            (m.next, next_after),
            (m.state, states),
            (m.size, sizes),
            (m.width, widths),
        ];
        if state == ObjectState::Heap {
            let live = self.term_of(m.live, span);
            let one = self.int(1, span);
            let more = build::same_type(&mut self.bank, Prim::Add, vec![live, one]);
            assignments.push((m.live, more));
            // Too large a request, or too many objects: `NULL`.
            let max_bytes = self.int(MAX_OBJECT_BYTES, span);
            let max_objects = self.int(MAX_OBJECTS, span);
            let small = build::formula(&mut self.bank, Prim::Le, vec![bytes, max_bytes]);
            let room = build::formula(&mut self.bank, Prim::Le, vec![next, max_objects]);
            let can = build::and(&mut self.bank, small, room);
            if b.cur.is_none() {
                return address;
            }
            let (yes, no, join) = (b.g.location(None), b.g.location(None), b.g.location(None));
            self.branch(b, can, yes, no, span);
            let null = self.int(0, span);
            b.g.edge(no, join, Command::Assign(vec![(address, null)]), Some(span));
            b.g.edge(yes, join, Command::Assign(assignments), Some(span));
            b.cur = Some(join);
        } else {
            self.step(b, Command::Assign(assignments), Some(span));
        }
        address
    }

    /// `malloc`, `calloc`, `alloca` and `free`; `None` for other functions.
    pub(super) fn memory_call(
        &mut self,
        b: &mut Body,
        known: &Builtin,
        f: &Ident,
        args: &[Expr],
        span: Span,
    ) -> Option<Option<TermId>> {
        let arity = match known {
            Builtin::Malloc | Builtin::Alloca | Builtin::Free => 1,
            Builtin::Calloc | Builtin::Realloc => 2,
            _ => return None,
        };
        if args.len() != arity {
            self.error(
                span,
                format!(
                    "`{}` takes {arity} argument{}, not {}",
                    f.name,
                    if arity == 1 { "" } else { "s" },
                    args.len()
                ),
            );
            return Some(None);
        }
        let size_t = CType::Int(self.data_model.ulong());
        let mut sizes = Vec::new();
        // Arguments are unsequenced with respect to each other.
        if self.check_unsequenced(b, &args.iter().collect::<Vec<_>>(), span).is_none() {
            return Some(None);
        }
        for (i, a) in args.iter().enumerate() {
            let from = self.type_of(b, a);
            let Some(v) = self.value(b, a) else { return Some(None) };
            let pointer = *known == Builtin::Free || (*known == Builtin::Realloc && i == 0);
            sizes.push(self.convert(
                v,
                from,
                if pointer { CType::Pointer(Pointee::Void) } else { size_t },
                a.span,
            ));
        }
        Some(match known {
            Builtin::Malloc => {
                let t = self.allocate(b, sizes[0], ObjectState::Heap, 0, span);
                Some(self.term_of(t, span))
            }
            Builtin::Alloca => {
                // The object lives until the function returns, where the address in `site`
                // kills it. One variable follows one object: a call site that runs twice in
                // a call is beyond the model (UNKNOWN), not an object left alive.
                let site = self.address_variable(b, "alloca", FUNCTION_SCOPE, span);
                let at = self.term_of(site, span);
                let zero = self.int(0, span);
                let first = build::eq(&mut self.bank, at, zero);
                let what = "one object per `alloca` call site and call (craig's memory model \
                            follows one)"
                    .to_string();
                self.assert(b, first, Obligation::MemoryModel, what, span);
                let t = self.allocate(b, sizes[0], ObjectState::Stack, 0, span);
                let value = self.term_of(t, span);
                self.step(b, Command::Assign(vec![(site, value)]), Some(span));
                Some(value)
            }
            Builtin::Calloc => {
                let count = match (self.bank.int_literal(sizes[0]), self.bank.int_literal(sizes[1]))
                {
                    (Some(k), Some(n)) => Some(Integer::from(&k * &n)),
                    _ => None,
                };
                let Some(count) = count.filter(|c| *c <= MAX_CALLOC_BYTES).and_then(|c| c.to_u64())
                else {
                    self.error(span, format!("`calloc` of a size craig cannot count: it zeroes objects of at most {MAX_CALLOC_BYTES} bytes given by constants"));
                    return Some(None);
                };
                let bytes = self.int(count, span);
                let t = self.allocate(b, bytes, ObjectState::Heap, 0, span);
                let address = self.term_of(t, span);
                // Zeroes on the allocated path only (a `NULL` result has nothing to zero).
                let zero = self.int(0, span);
                let allocated = build::eq(&mut self.bank, address, zero);
                let allocated = build::not(&mut self.bank, allocated);
                let m = self.model();
                let mut memory = self.term_of(m.memory, span);
                for i in 0..count {
                    let k = self.int(i, span);
                    let at = build::same_type(&mut self.bank, Prim::Add, vec![address, k]);
                    let z = self.int(0, span);
                    memory = build::update(&mut self.bank, memory, at, z);
                }
                let unchanged = self.term_of(m.memory, span);
                let memory = build::ite(&mut self.bank, allocated, memory, unchanged);
                self.step(b, Command::Assign(vec![(m.memory, memory)]), Some(span));
                Some(address)
            }
            Builtin::Free => {
                self.free(b, sizes[0], &self.snippet(args[0].span), span);
                None
            }
            Builtin::Realloc => {
                // The cells are copied one per scalar of the pointer's type, where it has one.
                let scalar = self
                    .pointer_type(b, &args[0])
                    .and_then(Pointee::value_type)
                    .filter(|ty| ty.scalar_code().is_some());
                let shown = self.snippet(args[0].span);
                Some(self.realloc(b, sizes[0], sizes[1], scalar, &shown, span))
            }
            _ => None,
        })
    }

    /// `realloc(p, n)`: for `NULL`, `malloc(n)`; otherwise `p` must be the start of a live
    /// heap object (the check `free` makes), and a new object of `n` bytes gets the first
    /// bytes of the old one, which is freed. The copy is written out cell by cell up to
    /// [`MAX_REALLOC_COPY`] bytes: one cell per `scalar` (the type `p` points to, when it is
    /// a scalar), else one per byte. With a scalar type, the object must hold that type's
    /// scalars (or none yet), so that no cell starts between two copied; where a pointer of
    /// another layout could reach it, that is checked, else it holds by construction
    /// ([`drop_width_checks`]): a cell left out would read as 0 in a replay. A longer copy is
    /// beyond the model (an UNKNOWN answer, never a wrong one). A
    /// size of 0 is beyond it too: C leaves to the library whether the old object is freed.
    /// When no new object can be allocated, the result is `NULL` and the old object stays.
    fn realloc(
        &mut self,
        b: &mut Body,
        old: TermId,
        bytes: TermId,
        scalar: Option<CType>,
        shown: &str,
        span: Span,
    ) -> TermId {
        let m = self.model();
        let result = self.temp(b, CType::Pointer(Pointee::Void), span);
        let zero = self.int(0, span);
        let is_null = build::eq(&mut self.bank, old, zero);
        if b.cur.is_none() {
            return self.term_of(result, span);
        }
        let (null_path, object_path, join) =
            (b.g.location(None), b.g.location(None), b.g.location(None));
        self.branch(b, is_null, null_path, object_path, span);
        // `realloc(NULL, n)` is `malloc(n)`.
        b.cur = Some(null_path);
        let fresh = self.allocate(b, bytes, ObjectState::Heap, 0, span);
        let fresh = self.term_of(fresh, span);
        self.step(b, Command::Assign(vec![(result, fresh)]), Some(span));
        self.jump(b, join, span);

        b.cur = Some(object_path);
        let object = self.check_freeable(b, old, shown, span);
        let zero = self.int(0, span);
        let empty = build::eq(&mut self.bank, bytes, zero);
        let some = build::not(&mut self.bank, empty);
        let what = "`realloc` to a size other than 0 (C leaves to the library whether the old object is then freed)"
            .to_string();
        self.assert(b, some, Obligation::MemoryModel, what, span);
        // The bytes copied: all of a constant new size craig writes out, else at most
        // MAX_REALLOC_COPY, where the old size or the new one must be no more.
        let limit = match self.bank.int_literal(bytes).and_then(|n| n.to_u64()) {
            Some(n) if n <= MAX_REALLOC_COPY => n,
            _ => {
                let most = self.int(MAX_REALLOC_COPY, span);
                let old_size = self.app(m.size, object, span);
                let old_small = build::formula(&mut self.bank, Prim::Le, vec![old_size, most]);
                let new_small = build::formula(&mut self.bank, Prim::Le, vec![bytes, most]);
                let small = build::or(&mut self.bank, old_small, new_small);
                let what = format!(
                    "`realloc` copies at most {MAX_REALLOC_COPY} bytes (craig's memory model writes the copy out)"
                );
                self.assert(b, small, Obligation::MemoryModel, what, span);
                MAX_REALLOC_COPY
            }
        };
        let step = match scalar {
            Some(ty) => {
                let code = ty.scalar_code().unwrap_or(-1);
                let width = self.app(m.width, object, span);
                let zero = self.int(0, span);
                let unset = build::eq(&mut self.bank, width, zero);
                let k = self.int(code, span);
                let same = build::eq(&mut self.bank, width, k);
                let holds = build::or(&mut self.bank, unset, same);
                let what = format!(
                    "the object at `{shown}` holds scalars of type {} (craig's memory model \
                     copies those)",
                    type_name(ty, self.data_model)
                );
                self.assert(b, holds, Obligation::MemoryModel, what, span);
                ty.size(&self.structs, self.data_model).max(1)
            }
            None => 1,
        };
        let new = self.allocate(b, bytes, ObjectState::Heap, 0, span);
        let new = self.term_of(new, span);
        self.step(b, Command::Assign(vec![(result, new)]), Some(span));
        let zero = self.int(0, span);
        let failed = build::eq(&mut self.bank, new, zero);
        let moved = b.g.location(None);
        if b.cur.is_some() {
            self.branch(b, failed, join, moved, span);
            b.cur = Some(moved);
        }
        // Cells past the old object's end are read from addresses never written: as
        // indeterminate as malloc's bytes.
        let mut memory = self.term_of(m.memory, span);
        let stride = self.int(OBJECT_STRIDE, span);
        let new_object = build::same_type(&mut self.bank, Prim::Div, vec![new, stride]);
        for i in (0..limit).step_by(step as usize) {
            let k = self.int(i, span);
            let from = build::same_type(&mut self.bank, Prim::Add, vec![old, k]);
            let value = self.load(from, span);
            let k = self.int(i, span);
            let to = build::same_type(&mut self.bank, Prim::Add, vec![new, k]);
            memory = build::update(&mut self.bank, memory, to, value);
        }
        let old_width = self.app(m.width, object, span);
        let widths = self.updated(m.width, new_object, old_width, span);
        let freed = self.int(ObjectState::Freed as i64, span);
        let states = self.updated(m.state, object, freed, span);
        let live = self.term_of(m.live, span);
        let one = self.int(1, span);
        let fewer = build::same_type(&mut self.bank, Prim::Sub, vec![live, one]);
        let assignments =
            vec![(m.memory, memory), (m.width, widths), (m.state, states), (m.live, fewer)];
        self.step(b, Command::Assign(assignments), Some(span));
        self.jump(b, join, span);
        b.cur = Some(join);
        self.term_of(result, span)
    }

    /// `free(p)`: nothing for `NULL`; otherwise `p` must be the start of a live heap object,
    /// which becomes freed.
    fn free(&mut self, b: &mut Body, address: TermId, shown: &str, span: Span) {
        let m = self.model();
        let zero = self.int(0, span);
        let is_null = build::eq(&mut self.bank, address, zero);
        if b.cur.is_none() {
            return;
        }
        let (yes, join) = (b.g.location(None), b.g.location(None));
        self.branch(b, is_null, join, yes, span);
        b.cur = Some(yes);
        let object = self.check_freeable(b, address, shown, span);
        let freed = self.int(ObjectState::Freed as i64, span);
        let states = self.updated(m.state, object, freed, span);
        let live = self.term_of(m.live, span);
        let one = self.int(1, span);
        let fewer = build::same_type(&mut self.bank, Prim::Sub, vec![live, one]);
        self.step(b, Command::Assign(vec![(m.state, states), (m.live, fewer)]), Some(span));
        if let Some(end) = b.cur.take() {
            b.g.edge(end, join, Command::Skip, None);
        }
        b.cur = Some(join);
    }

    /// The valid-free check of a non-null `address` handed to `free` or `realloc`: the start
    /// of a live heap object. The object's number, for the caller to free.
    fn check_freeable(&mut self, b: &mut Body, address: TermId, shown: &str, span: Span) -> TermId {
        let m = self.model();
        let (object, offset) = self.object_and_offset(address, span);
        let zero = self.int(0, span);
        let at_start = build::eq(&mut self.bank, offset, zero);
        let state = self.app(m.state, object, span);
        let heap = self.int(ObjectState::Heap as i64, span);
        let on_heap = build::eq(&mut self.bank, state, heap);
        let valid = build::and(&mut self.bank, on_heap, at_start);
        let what = format!("`{shown}` is the start of a heap object that is not freed yet");
        self.assert(b, valid, Obligation::MemoryFree, what, span);
        object
    }

    /// The `valid-memcleanup` check where the program ends.
    pub(super) fn cleanup_check(&mut self, b: &mut Body, span: Span) {
        let Some(m) = self.memory else { return };
        let live = self.term_of(m.live, span);
        let zero = self.int(0, span);
        let none = build::eq(&mut self.bank, live, zero);
        let what = "every heap object is freed when the program ends".to_string();
        self.assert(b, none, Obligation::MemoryCleanup, what, span);
    }

    /// A stack object for a variable whose address is taken, holding `initial` if given.
    pub(super) fn place_variable(
        &mut self,
        b: &mut Body,
        v: &mut VarInfo,
        address: ConstId,
        initial: Option<TermId>,
        span: Span,
    ) {
        let bytes = v.ty.size(&self.structs, self.data_model).saturating_mul(v.array.unwrap_or(1));
        // The one scalar type its accesses have: a struct's scalars may have several, which
        // no access through a pointer then matches (-1) where the model keeps its checks.
        let width = v.ty.uniform_scalar_code(&self.structs).unwrap_or(-1);
        let size = self.int(bytes, span);
        let t = self.allocate(b, size, ObjectState::Stack, width, span);
        let value = self.term_of(t, span);
        self.step(b, Command::Assign(vec![(address, value)]), Some(span));
        v.address = Some(address);
        if let Some(initial) = initial {
            let at = self.term_of(address, span);
            self.store_memory(b, at, initial, span);
        }
    }

    /// A pointer converted to an integer type narrower than craig's 64-bit addresses (any
    /// under ILP32, where `unsigned long` is such a type): only `NULL` keeps its value there,
    /// so another address is past the model, never a value the program computes with.
    pub(super) fn narrow_address(&mut self, b: &mut Body, v: TermId, to: IntType, span: Span) {
        let most = self.int(to.max(), span);
        let fits = build::formula(&mut self.bank, Prim::Le, vec![v, most]);
        let what = format!(
            "an address that fits `{}` (craig's addresses have 64 bits; only `NULL` converts \
             to a narrower integer in its memory model)",
            to.name(self.data_model)
        );
        self.assert(b, fits, Obligation::MemoryModel, what, span);
    }

    /// Where each label's `goto`s land: the stack objects of every block that does not
    /// enclose the label die there (a jump into a block that was not entered finds its
    /// address variables 0 or pointing to dead objects, so killing them is harmless).
    pub(super) fn landings(&mut self, b: &mut Body, span: Span) {
        let labels: Vec<(Loc, Loc, Vec<ScopeId>)> = b
            .labels
            .values()
            .filter(|l| l.defined.is_some())
            .filter_map(|l| Some((l.landing?, l.loc, l.scopes.clone())))
            .collect();
        for (landing, loc, enclosing) in labels {
            b.cur = Some(landing);
            let dying = stack_objects_of(b, |s| !enclosing.contains(&s));
            self.kill_stack_objects(b, &dying, span);
            if let Some(end) = b.cur.take() {
                b.g.edge(end, loc, Command::Skip, None);
            }
        }
    }

    /// The end of stack objects: each address variable that was set (a declaration not
    /// reached leaves it 0) marks its object dead. At a block's end and at the jumps out of
    /// it for its objects, at a function's return for all of them, and at a declaration run
    /// again (a `goto` back before it) for the object of its previous run.
    pub(super) fn kill_stack_objects(&mut self, b: &mut Body, addresses: &[ConstId], span: Span) {
        if addresses.is_empty() {
            return;
        }
        let m = self.model();
        let mut states = self.term_of(m.state, span);
        for &a in addresses {
            let at = self.term_of(a, span);
            let (object, _) = self.object_and_offset(at, span);
            let dead = self.int(ObjectState::Dead as i64, span);
            let killed = build::update(&mut self.bank, states, object, dead);
            let zero = self.int(0, span);
            let unset = build::eq(&mut self.bank, at, zero);
            states = build::ite(&mut self.bank, unset, states, killed);
        }
        self.step(b, Command::Assign(vec![(m.state, states)]), Some(span));
    }
}

/// The scope of a function's parameters and `alloca` objects, left only by returning.
pub(super) const FUNCTION_SCOPE: ScopeId = 0;

/// The address variables of the stack objects whose scope satisfies `dies`.
pub(super) fn stack_objects_of(b: &Body, dies: impl Fn(ScopeId) -> bool) -> Vec<ConstId> {
    b.stack_addresses.iter().filter(|&&(_, s)| dies(s)).map(|&(a, _)| a).collect()
}

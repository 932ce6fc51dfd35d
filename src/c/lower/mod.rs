//! Lowering the C subset into the program IR ([`crate::ir`]).
//!
//! # The model
//!
//! - **Integers are machine integers** ([`Integers::Machine`], the default): every integer
//!   type is HOL `int` holding exactly the values of its C type (LP64); C's conversions,
//!   unsigned wrap-around, signed overflow checks ([`Obligation::Overflow`]), shifts and
//!   bitwise operators are spelt out in linear arithmetic by [`machine`]. Under `--math-int`
//!   ([`Integers::Mathematical`]) conversions are dropped and nothing overflows; what a type
//!   still contributes there is the range of `__VERIFIER_nondet_T()` and `_Bool`'s 0 or 1.
//! - **`_Bool` is an int that is 0 or 1**, not HOL `bool`: C promotes `_Bool` to `int` in every
//!   arithmetic context (`b + 1`, `a[b]`, passing it to an `int` parameter), so one value type
//!   keeps variables, arrays, parameters and results uniform; the conversion happens where C
//!   converts.
//! - **Arrays are functions** `int => int`, a write is function update (`a := a(i := v)`), and
//!   every access asserts `0 <= i & i < N` ([`Obligation::ArrayBound`]) with the declared size N.
//! - **Pointers and the heap** are [`memory`]'s: an address is an integer (object and offset),
//!   memory one function from addresses to values, `malloc`/`calloc`/`alloca`/`free` make and
//!   release objects, and every dereference and `free` is checked as SV-COMP's memory-safety
//!   properties ask. A variable whose address is taken lives in memory; every other variable
//!   stays an IR variable. Programs without pointers get no memory variables at all.
//! - **Checks are assert edges** with their span: `assert(e)` ([`Obligation::Assertion`]), a
//!   divisor that is not a non-zero literal ([`Obligation::DivisionByZero`]), array bounds, and
//!   the SV-COMP error location: a call of `reach_error()`, `__VERIFIER_error()` or
//!   `__assert_fail(...)` is `assert False` ([`Obligation::ErrorUnreachable`]).
//! - `assume(e)` / `__VERIFIER_assume(e)` are assume edges; `abort()` and `exit(n)` are
//!   `assume False` (the run ends there); `__VERIFIER_nondet_T()` is a `havoc` of a fresh
//!   temporary followed by the assumption of its type's range.
//! - **Calls stay calls**: C functions have no contracts, so a call edge names the callee and a
//!   later analysis inlines it. A procedure's `modifies` lists the globals it may assign,
//!   directly or through its callees (syntactically, over-approximated). Recursion is allowed.
//! - **Globals** start as C's static initialisation says (their initialiser, else 0), assigned at
//!   the entry of `main`, the program's entry; a local without an initialiser is unconstrained
//!   until assigned (reading it is undefined behaviour in C).
//! - **Evaluation order.** C leaves the order of most operands unspecified. The lowering
//!   evaluates left to right and refuses an expression where the order could matter: one
//!   operand writes a variable the other reads or writes (`i + i++`, `x = x++`), a call that may
//!   write globals counting as reading and writing them. `&&`, `||`, `?:` and `,` are sequenced;
//!   with effects or checks in their later operands they become branches, otherwise they stay
//!   HOL terms.
//!
//! Diagnostics carry spans; the lowering never panics on a tree the parser produced.

mod function_pointers;
mod machine;
mod memory;
pub use memory::model as memory_model;
mod structs;

use memory::{
    FUNCTION_SCOPE, Place, addresses_taken, addresses_taken_by_globals, arrays_in_memory,
    arrays_in_memory_by_globals, stack_objects_of, uses_memory,
};

use std::collections::{BTreeMap, BTreeSet};

use super::ast::*;
use super::builtin::{Builtin, builtin, builtin_for};
use crate::hol::build;
use crate::hol::{
    Binder, ConstDecl, ConstId, ConstKind, HolBank, Obligation, Prim, ProgramFact, Term, TermId,
    TyId, TyNode,
};
use crate::ir::{
    CfgBuilder, Command, Fact, FrameItem, Loc, ProcId, Procedure, Program, Variable, VariableKind,
};
use crate::syntax::{Diagnostic, SourceMap, Span};

/// How C's integer types are read.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Integers {
    /// As the machine has them: fixed widths, wrap-around, signed overflow checked.
    #[default]
    Machine,
    /// As mathematical integers (`--math-int`): unbounded, no conversion changes a value.
    Mathematical,
}

impl Integers {
    /// The line every answer on a C program read under `model` prints.
    pub fn describe(self, model: DataModel) -> &'static str {
        match (self, model) {
            (Integers::Machine, DataModel::Lp64) => {
                "integers are machine integers (LP64: wrap-around for unsigned, signed overflow checked)"
            }
            (Integers::Machine, DataModel::Ilp32) => {
                "integers are machine integers (ILP32: wrap-around for unsigned, signed overflow checked)"
            }
            (Integers::Mathematical, _) => {
                "integers are mathematical (--math-int: unbounded, no overflow)"
            }
        }
    }
}

/// Lowers a parsed file into an IR program. Returns the program unless there were errors, and
/// every diagnostic (sorted by position).
pub fn lower_c(
    unit: &TranslationUnit,
    sources: &SourceMap,
    integers: Integers,
) -> (Option<Program>, Vec<Diagnostic>) {
    let mut l = Lowering::new(sources, integers);
    l.structs = unit.structs.clone();
    l.data_model = unit.data_model;
    if uses_memory(unit) {
        let at = unit.functions.first().map_or(Span::default(), |f| f.span);
        l.declare_memory(at);
        for f in &unit.functions {
            l.addressed_globals.extend(addresses_taken(&f.body));
            l.global_arrays_in_memory.extend(arrays_in_memory(&f.body));
        }
        l.addressed_globals.extend(addresses_taken_by_globals(unit));
        l.global_arrays_in_memory.extend(arrays_in_memory_by_globals(unit));
        l.declare_strings(unit, at);
    }
    l.function_types = unit.function_types.clone();
    l.declare_globals(unit);
    l.declare_functions(unit);
    for (i, f) in unit.functions.iter().enumerate() {
        if l.function_ok[i] {
            l.body(unit, f);
        }
    }
    l.finish()
}

/// A variable in scope.
#[derive(Clone, Debug)]
struct VarInfo {
    name: String,
    constant: ConstId,
    ty: CType,
    array: Option<u64>,
    global: bool,
    /// The variable holding its address, when the program takes it (`&x`): the variable then
    /// lives in memory.
    address: Option<ConstId>,
}

/// A function's signature as calls see it.
#[derive(Clone, Debug)]
struct FunctionInfo {
    proc: ProcId,
    params: usize,
    param_types: Vec<CType>,
    result: CType,
    span: Span,
    /// Its type, as pointers to it have it.
    signature: FunctionTypeId,
}

/// A label of the function being lowered.
#[derive(Clone, Debug)]
struct Label {
    loc: Loc,
    defined: Option<Span>,
    first_use: Option<Span>,
    /// The scopes enclosing the label's statement, outermost first; set where it is defined.
    scopes: Vec<ScopeId>,
    /// With memory, where `goto`s to the label land: the stack objects of the blocks the
    /// jump leaves die there, before the label.
    landing: Option<Loc>,
}

/// A block's identity within its function, for the lifetimes of its stack objects.
type ScopeId = usize;

/// What an expression may read and write, by variable name; for the evaluation-order check.
#[derive(Clone, Debug, Default)]
struct Footprint {
    reads: BTreeSet<String>,
    writes: BTreeSet<String>,
    /// It calls a function, which may read any global.
    reads_globals: bool,
}

impl Footprint {
    fn union(mut self, other: Footprint) -> Footprint {
        self.reads.extend(other.reads);
        self.writes.extend(other.writes);
        self.reads_globals |= other.reads_globals;
        self
    }
}

struct Lowering<'s> {
    sources: &'s SourceMap,
    integers: Integers,
    bank: HolBank,
    consts: Vec<ConstDecl>,
    variables: Vec<Variable>,
    procedures: Vec<Procedure>,
    diags: Vec<Diagnostic>,
    globals: Vec<VarInfo>,
    functions: BTreeMap<String, FunctionInfo>,
    /// Per function of the unit: declared without errors (a body is lowered only then).
    function_ok: Vec<bool>,
    /// Functions declared but not defined.
    prototypes: BTreeSet<String>,
    /// Functions left out by the converter, with where and why.
    left_out: BTreeMap<String, (Span, String)>,
    /// Per function, the globals it may assign, directly or through its callees (and under
    /// [`function_pointers::ADDRESS_TAKEN`], a call through a pointer's).
    writes: BTreeMap<String, BTreeSet<String>>,
    /// The function types, by [`FunctionTypeId`]: the unit's, then the functions' own.
    function_types: Vec<FunctionType>,
    /// The addresses of the functions the program uses as values, by name.
    function_addresses: BTreeMap<String, rug::Integer>,
    taken: BTreeSet<String>,
    int_ty: TyId,
    array_ty: TyId,
    /// The C type of every variable's values (an array's: its elements'), so the range of a
    /// term is known and conversions wrap only where a value can leave it.
    var_types: BTreeMap<ConstId, CType>,
    /// The memory model's variables, when the program uses memory.
    memory: Option<memory::Memory>,
    /// The names some function takes the address of: a global of such a name lives in memory.
    addressed_globals: BTreeSet<String>,
    /// The names some function uses as arrays in memory ([`memory::arrays_in_memory`]): a
    /// global array of such a name lives in memory.
    global_arrays_in_memory: BTreeSet<String>,
    /// The string literals' objects: each literal's bytes and the global holding its address.
    strings: Vec<(Vec<u8>, ConstId)>,
    /// True when a pointer value may reach a pointer to scalars of another size (see
    /// [`memory::drop_width_checks`]).
    mixed_widths: bool,
    /// The struct and union types of the unit.
    structs: Vec<StructLayout>,
    data_model: DataModel,
    /// True when the program takes the address of a field or of an element of an array in
    /// a struct, and when it steps a pointer: together, a pointer may step from a field into
    /// another of a different type, which makes the widths mixed.
    member_addresses: bool,
    pointer_steps: bool,
}

/// The state of lowering one function body.
struct Body {
    g: CfgBuilder,
    /// Where the next statement starts; `None` after a jump.
    cur: Option<Loc>,
    exit: Loc,
    function: String,
    scopes: Vec<Vec<VarInfo>>,
    /// Parallel to `scopes` from the parameters' scope on: each open block's identity.
    scope_ids: Vec<ScopeId>,
    scopes_opened: usize,
    locals: Vec<ConstId>,
    temps: usize,
    /// Per enclosing loop, where `break` and `continue` go, and how many scopes were open
    /// at its body (a jump out of the body leaves the scopes opened since).
    loops: Vec<(Loc, Loc, usize)>,
    labels: BTreeMap<String, Label>,
    result: Option<ConstId>,
    /// The names this function takes the address of (its locals of these names live in
    /// memory), and the variables holding its stack objects' addresses, each with the scope
    /// whose end is the end of the object's lifetime.
    taken: BTreeSet<String>,
    /// The names this function uses as arrays in memory: its local arrays of these names live
    /// in memory.
    arrays_in_memory: BTreeSet<String>,
    stack_addresses: Vec<(ConstId, ScopeId)>,
}

impl<'s> Lowering<'s> {
    fn new(sources: &'s SourceMap, integers: Integers) -> Lowering<'s> {
        let mut bank = HolBank::new();
        let int_ty = build::int_ty(&mut bank);
        let array_ty = bank.ty(TyNode::Fun(int_ty, int_ty));
        Lowering {
            integers,
            var_types: BTreeMap::new(),
            sources,
            bank,
            consts: Vec::new(),
            variables: Vec::new(),
            procedures: Vec::new(),
            diags: Vec::new(),
            globals: Vec::new(),
            functions: BTreeMap::new(),
            function_ok: Vec::new(),
            prototypes: BTreeSet::new(),
            left_out: BTreeMap::new(),
            writes: BTreeMap::new(),
            function_types: Vec::new(),
            function_addresses: BTreeMap::new(),
            taken: BTreeSet::new(),
            int_ty,
            array_ty,
            memory: None,
            addressed_globals: BTreeSet::new(),
            global_arrays_in_memory: BTreeSet::new(),
            strings: Vec::new(),
            mixed_widths: false,
            structs: Vec::new(),
            data_model: DataModel::default(),
            member_addresses: false,
            pointer_steps: false,
        }
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diags.push(Diagnostic::error(span, message));
    }

    fn snippet(&self, span: Span) -> String {
        self.sources.snippet(span).split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// A new constant named `base` (made unique) standing for a variable.
    fn new_constant(&mut self, base: &str, ty: TyId, span: Span) -> ConstId {
        let mut name = base.to_string();
        let mut k = 1;
        while !self.taken.insert(name.clone()) {
            k += 1;
            name = format!("{base}#{k}");
        }
        self.consts.push(ConstDecl {
            name,
            ty,
            params: Vec::new(),
            span: Some(span),
            kind: ConstKind::Declared,
        });
        ConstId(self.consts.len() as u32 - 1)
    }

    fn new_variable(
        &mut self,
        qualified: &str,
        name: &str,
        array: bool,
        kind: VariableKind,
        span: Span,
    ) -> ConstId {
        let ty = if array { self.array_ty } else { self.int_ty };
        let c = self.new_constant(qualified, ty, span);
        self.variables.push(Variable {
            constant: c,
            name: name.into(),
            kind,
            span: Some(span),
            scope: None,
        });
        c
    }

    /// The range of a parameter's machine type, as a fact of its function (`ProgramFact::Typing`):
    /// under machine integers every argument is converted into the parameter's type, so a
    /// function analysed on its own (Saturn's checkers) may take its parameters from that
    /// range. A pointer's range is that of a 64-bit unsigned integer (the memory model's
    /// addresses, `object * 2^40 + offset`, under either data model). Under `--math-int`
    /// arguments are not converted, and no range is stated.
    fn parameter_range(
        &mut self,
        function: &str,
        parameter: &str,
        c: ConstId,
        ty: CType,
        span: Span,
    ) -> Option<Fact> {
        if self.integers == Integers::Mathematical {
            return None;
        }
        let machine = match ty {
            CType::Bool | CType::Int(_) => ty.integer(),
            CType::Pointer(_) => IntType::ULONG,
            CType::Void | CType::Struct(_) => return None,
        };
        let t = self.term_of(c, span);
        let lo = self.int(machine.min(), span);
        let hi = self.int(machine.max(), span);
        let low = build::formula(&mut self.bank, Prim::Le, vec![lo, t]);
        let high = build::formula(&mut self.bank, Prim::Le, vec![t, hi]);
        Some(Fact {
            formula: build::and(&mut self.bank, low, high),
            name: format!("{function}.{parameter} in range"),
            kind: ProgramFact::Typing,
            span: Some(span),
        })
    }

    fn term_of(&mut self, c: ConstId, span: Span) -> TermId {
        let ty = self.consts[c.0 as usize].ty;
        build::constant(&mut self.bank, c, ty, span)
    }

    fn int(&mut self, n: impl Into<rug::Integer>, span: Span) -> TermId {
        let n: rug::Integer = n.into();
        if n < 0 {
            let positive = build::int(&mut self.bank, -n, span);
            return build::same_type(&mut self.bank, Prim::Neg, vec![positive]);
        }
        build::int(&mut self.bank, n, span)
    }

    /// `if t then 1 else 0`: a truth value as C's int.
    fn int_of_truth(&mut self, t: TermId, span: Span) -> TermId {
        let one = self.int(1, span);
        let zero = self.int(0, span);
        build::ite(&mut self.bank, t, one, zero)
    }

    /// `t ~= 0`: an int as a truth value.
    fn truth_of_int(&mut self, t: TermId, span: Span) -> TermId {
        let zero = self.int(0, span);
        let eq = build::eq(&mut self.bank, t, zero);
        build::not(&mut self.bank, eq)
    }

    /// The function `%i. 0`: an array of zeros.
    fn zeros(&mut self, span: Span) -> TermId {
        let v = self.bank.new_var("i", self.int_ty, span);
        let zero = self.int(0, span);
        self.bank.add(Term::Bind(Binder::Lam, vec![v], zero), self.array_ty, span)
    }

    // ------------------------------------------------------------ declarations

    fn declare_globals(&mut self, unit: &TranslationUnit) {
        for d in &unit.globals {
            if self.globals.iter().any(|g| g.name == d.name.name) {
                self.error(d.name.span, format!("`{}` is declared twice", d.name.name));
                continue;
            }
            let c = self.new_variable(
                &d.name.name,
                &d.name.name,
                d.array.is_some(),
                VariableKind::Global,
                d.name.span,
            );
            self.var_types.insert(c, d.ty);
            if self.incomplete(d.ty, d.name.span) {
                continue;
            }
            let in_memory = matches!(d.ty, CType::Struct(_))
                || match d.array {
                    None => self.addressed_globals.contains(&d.name.name),
                    Some(_) => self.global_arrays_in_memory.contains(&d.name.name),
                };
            let address = in_memory.then(|| {
                let name = format!("&{}", d.name.name);
                let a = self.new_variable(&name, &name, false, VariableKind::Global, d.name.span);
                self.var_types.insert(a, CType::Pointer(Pointee::Void));
                a
            });
            self.globals.push(VarInfo {
                name: d.name.name.clone(),
                constant: c,
                ty: d.ty,
                array: d.array,
                global: true,
                address,
            });
        }
        self.prototypes = unit.prototypes.iter().map(|p| p.name.clone()).collect();
        self.left_out = unit
            .left_out
            .iter()
            .map(|l| (l.name.name.clone(), (l.name.span, l.reason.clone())))
            .collect();
    }

    fn declare_functions(&mut self, unit: &TranslationUnit) {
        let global_names: BTreeSet<String> = self.globals.iter().map(|g| g.name.clone()).collect();
        let mut direct: BTreeMap<String, (BTreeSet<String>, BTreeSet<String>)> = BTreeMap::new();
        for f in &unit.functions {
            let mut ok = true;
            if self.functions.contains_key(&f.name.name) {
                self.error(f.name.span, format!("function `{}` is defined twice", f.name.name));
                ok = false;
            }
            if self.globals.iter().any(|g| g.name == f.name.name) {
                self.error(
                    f.name.span,
                    format!("`{}` is both a variable and a function", f.name.name),
                );
                ok = false;
            }
            self.function_ok.push(ok);
            if !ok {
                continue;
            }
            let name = f.name.name.clone();
            let mut params = Vec::new();
            let mut assumes = Vec::new();
            for p in &f.params {
                if p.ty == CType::Void {
                    self.error(p.name.span, "a parameter cannot have type `void`");
                }
                let c = self.new_variable(
                    &format!("{name}.{}", p.name.name),
                    &p.name.name,
                    false,
                    VariableKind::Parameter,
                    p.name.span,
                );
                let carried = carried_type(p.ty);
                self.var_types.insert(c, carried);
                params.push(c);
                if let Some(fact) =
                    self.parameter_range(&name, &p.name.name, c, carried, p.name.span)
                {
                    assumes.push(fact);
                }
            }
            let proc = self.new_procedure(&name, f.name.span, params, f.result, assumes);
            let param_types: Vec<CType> = f.params.iter().map(|p| p.ty).collect();
            let signature = self.intern_function_type(f.result, &param_types);
            self.functions.insert(
                name.clone(),
                FunctionInfo {
                    proc,
                    params: f.params.len(),
                    param_types,
                    result: f.result,
                    span: f.name.span,
                    signature,
                },
            );
            let mut writes = BTreeSet::new();
            let mut calls = BTreeSet::new();
            block_writes(&f.body, &mut writes, &mut calls);
            writes.retain(|w| global_names.contains(w));
            direct.insert(name, (writes, calls));
        }
        // External functions the program calls: procedures without a body, which may assign
        // every global (and memory, where it is a global of the model).
        for e in unit.externs.iter().filter(|e| unit.undefined_calls.contains(&e.name.name)) {
            if self.functions.contains_key(&e.name.name) {
                continue;
            }
            let name = e.name.name.clone();
            let proc = self.external_procedure(e);
            let signature = self.intern_function_type(e.result, &e.params);
            self.functions.insert(
                name.clone(),
                FunctionInfo {
                    proc,
                    params: e.params.len(),
                    param_types: e.params.clone(),
                    result: e.result,
                    span: e.name.span,
                    signature,
                },
            );
            direct.insert(name, (global_names.clone(), BTreeSet::new()));
        }
        // A call through a pointer may reach every function whose address is taken.
        self.declare_function_addresses(unit);
        let taken = self.function_addresses.keys().cloned().collect();
        direct.insert(function_pointers::ADDRESS_TAKEN.to_string(), (BTreeSet::new(), taken));
        // The globals each function may assign: its own writes and its callees', to a fixpoint.
        let mut writes: BTreeMap<String, BTreeSet<String>> =
            direct.iter().map(|(f, (w, _))| (f.clone(), w.clone())).collect();
        loop {
            let mut changed = false;
            for (f, (_, calls)) in &direct {
                let mut add = BTreeSet::new();
                for callee in calls {
                    if let Some(w) = writes.get(callee) {
                        add.extend(w.iter().cloned());
                    }
                }
                let mine = writes.get_mut(f).expect("every function has a write set");
                let before = mine.len();
                mine.extend(add);
                changed |= mine.len() != before;
            }
            if !changed {
                break;
            }
        }
        for (f, info) in &self.functions {
            let items = writes[f]
                .iter()
                .filter_map(|g| self.globals.iter().find(|v| &v.name == g))
                .map(|v| FrameItem::Variable(v.constant))
                .collect();
            self.procedures[info.proc.0 as usize].modifies = items;
        }
        self.writes = writes;
    }

    /// The procedure of an external function: its parameters and result, and no body. The
    /// engines read a call of it as taking arbitrary results and changing every global; the
    /// interpreter cannot run it, so no counterexample through it is confirmed.
    fn external_procedure(&mut self, e: &Extern) -> ProcId {
        let name = &e.name.name;
        let mut params = Vec::new();
        for (k, ty) in e.params.iter().enumerate() {
            let c = self.new_variable(
                &format!("{name}.arg{}", k + 1),
                &format!("arg{}", k + 1),
                false,
                VariableKind::Parameter,
                e.name.span,
            );
            self.var_types.insert(c, *ty);
            params.push(c);
        }
        self.new_procedure(name, e.name.span, params, e.result, Vec::new())
    }

    /// A procedure (its body comes later, if ever) with these parameters, a result variable
    /// unless the result type is `void`, and these assumptions about the parameters.
    fn new_procedure(
        &mut self,
        name: &str,
        span: Span,
        params: Vec<ConstId>,
        result: CType,
        assumes: Vec<Fact>,
    ) -> ProcId {
        let results = if result == CType::Void {
            Vec::new()
        } else {
            let c = self.new_variable(
                &format!("{name}.result"),
                "result",
                false,
                VariableKind::Result,
                span,
            );
            self.var_types.insert(c, carried_type(result));
            vec![c]
        };
        let proc = ProcId(self.procedures.len() as u32);
        self.procedures.push(Procedure {
            name: name.to_string(),
            span,
            params,
            results,
            locals: Vec::new(),
            requires: Vec::new(),
            ensures: Vec::new(),
            modifies: Vec::new(),
            assumes,
            guarantees: Vec::new(),
            body: None,
        });
        proc
    }

    // ------------------------------------------------------------ bodies

    fn body(&mut self, unit: &TranslationUnit, f: &Function) {
        let info = self.functions[&f.name.name].clone();
        let procedure = self.procedures[info.proc.0 as usize].clone();
        let mut g = CfgBuilder::new();
        let entry = g.location(Some(f.body.span));
        let exit = g.location(None);
        // With memory, returns first pass a location where the function's stack objects die
        // (and `main` checks that the heap is freed).
        let before_exit = if self.memory.is_some() { g.location(None) } else { exit };
        let mut b = Body {
            g,
            cur: Some(entry),
            exit: before_exit,
            function: f.name.name.clone(),
            scopes: vec![self.globals.clone()],
            scope_ids: Vec::new(),
            scopes_opened: 0,
            locals: Vec::new(),
            temps: 0,
            loops: Vec::new(),
            labels: BTreeMap::new(),
            result: procedure.results.first().copied(),
            taken: if self.memory.is_some() { addresses_taken(&f.body) } else { BTreeSet::new() },
            arrays_in_memory: if self.memory.is_some() {
                arrays_in_memory(&f.body)
            } else {
                BTreeSet::new()
            },
            stack_addresses: Vec::new(),
        };
        if f.name.name == "main" {
            self.initialise_memory(&mut b, f.body.span);
            self.initialise_globals(&mut b, unit);
        }
        let mut params: Vec<VarInfo> = f
            .params
            .iter()
            .zip(&procedure.params)
            .map(|(p, c)| VarInfo {
                name: p.name.name.clone(),
                constant: *c,
                ty: p.ty,
                array: None,
                global: false,
                address: None,
            })
            .collect();
        for p in &mut params {
            if let CType::Struct(_) = p.ty {
                // The caller's copy of the argument (see `user_call`): it dies when this
                // function returns, as a parameter's object does.
                p.address = Some(p.constant);
                b.stack_addresses.push((p.constant, FUNCTION_SCOPE));
            } else if b.taken.contains(&p.name) {
                let address = self.address_variable(&mut b, &p.name, FUNCTION_SCOPE, f.name.span);
                let value = self.term_of(p.constant, f.name.span);
                self.place_variable(&mut b, p, address, Some(value), f.name.span);
            }
        }
        b.scopes.push(params);
        b.scope_ids.push(FUNCTION_SCOPE);
        b.scopes_opened = FUNCTION_SCOPE + 1;
        self.block(&mut b, &f.body);
        if let Some(end) = b.cur {
            // Falling off the end returns, as `return` does (through the location where the
            // function's stack objects die and `main` checks the heap); `main` returns 0
            // (C99), other functions an unspecified value, which nothing may use.
            let returned = b.exit;
            if f.name.name == "main" {
                if let Some(r) = b.result {
                    let zero = self.int(0, f.body.span);
                    b.g.edge(end, returned, Command::Assign(vec![(r, zero)]), None);
                } else {
                    b.g.edge(end, returned, Command::Skip, None);
                }
            } else {
                b.g.edge(end, returned, Command::Skip, None);
            }
        }
        for (name, label) in &b.labels {
            if label.defined.is_none() {
                let at = label.first_use.unwrap_or(f.name.span);
                self.error(at, format!("`goto {name}`: no label `{name}` in `{}`", f.name.name));
            }
        }
        let mut entry = entry;
        if before_exit != exit {
            self.landings(&mut b, f.body.span);
            b.cur = Some(before_exit);
            let addresses: Vec<ConstId> = b.stack_addresses.iter().map(|&(a, _)| a).collect();
            self.kill_stack_objects(&mut b, &addresses, f.body.span);
            if f.name.name == "main" {
                self.cleanup_check(&mut b, f.body.span);
            }
            if let Some(end) = b.cur.take() {
                b.g.edge(end, exit, Command::Skip, None);
            }
            if !addresses.is_empty() {
                // Every address variable starts as 0, so that a declaration the run does not
                // reach kills nothing.
                let start = b.g.location(Some(f.body.span));
                // (A struct parameter's is set by the caller.)
                let zeros = addresses
                    .iter()
                    .filter(|a| !procedure.params.contains(a))
                    .map(|&a| (a, self.int(0, f.body.span)))
                    .collect();
                b.g.edge(start, entry, Command::Assign(zeros), None);
                entry = start;
            }
        }
        let cfg = b.g.finish(entry, exit);
        let p = &mut self.procedures[info.proc.0 as usize];
        p.locals = b.locals;
        p.body = Some(cfg);
    }

    /// C's static initialisation, made explicit at the entry of `main`. Every global in
    /// memory gets its object first, so that an initialiser may take the address of a global
    /// declared after it (`int *p = &g; int g;`).
    fn initialise_globals(&mut self, b: &mut Body, unit: &TranslationUnit) {
        let declared =
            |l: &Self, d: &VarDecl| l.globals.iter().find(|g| g.name == d.name.name).cloned();
        self.initialise_strings(b, unit.functions.first().map_or(Span::default(), |f| f.span));
        for d in &unit.globals {
            let Some(v) = declared(self, d) else { continue };
            if let Some(address) = v.address {
                let mut placed = VarInfo { address: None, ..v.clone() };
                self.place_variable(b, &mut placed, address, None, d.span);
            }
        }
        for d in &unit.globals {
            let Some(v) = declared(self, d) else { continue };
            if let Some(address) = v.address
                && (matches!(v.ty, CType::Struct(_)) || v.array.is_some())
            {
                let at = self.term_of(address, d.span);
                let _ = self.initialise_in_memory(b, d, at, true);
                continue;
            }
            let value = self.initial_value(b, d, &v);
            match (v.address, value) {
                (Some(address), Some(value)) => {
                    let at = self.term_of(address, d.span);
                    self.store_memory(b, at, value, d.span);
                }
                (None, Some(value)) => {
                    self.step(b, Command::Assign(vec![(v.constant, value)]), Some(d.span));
                }
                (_, None) => {}
            }
        }
    }

    /// The value a declared variable starts with; `None` when it has no initialiser and is
    /// local (unconstrained) or when the initialiser has errors.
    fn initial_value(&mut self, b: &mut Body, d: &VarDecl, v: &VarInfo) -> Option<TermId> {
        match (&d.init, d.array) {
            (None, None) if v.global => Some(self.int(0, d.span)),
            (None, Some(_)) if v.global => Some(self.zeros(d.span)),
            (None, _) => None,
            (Some(Initializer::Expr(e)), None) => self.converted_value(b, e, v.ty),
            (Some(Initializer::List(values, span)), Some(size)) => {
                if values.len() as u64 > size {
                    self.error(*span, format!("{} values for an array of {size}", values.len()));
                    return None;
                }
                let mut array = self.zeros(*span);
                for (i, e) in values.iter().enumerate() {
                    let from = self.type_of(b, e);
                    let value = self.value(b, e)?;
                    let value = self.convert(value, from, v.ty, e.span);
                    let index = self.int(i as u64, e.span);
                    array = build::update(&mut self.bank, array, index, value);
                }
                Some(array)
            }
            (Some(Initializer::List(_, span)), None) => {
                self.error(*span, "a scalar is initialised with one value, not a list");
                None
            }
            (Some(Initializer::Expr(e)), Some(_)) => {
                self.error(e.span, "an array is initialised with a list `{...}`");
                None
            }
            (Some(Initializer::Nested(_, span)), _) => {
                self.diags.push(
                    Diagnostic::error(
                        *span,
                        "nested initialiser lists are not in craig's C subset here",
                    )
                    .with_note(
                        "craig's C arrays of scalars have one dimension; structs take nested lists",
                    ),
                );
                None
            }
        }
    }

    /// Reports a variable of a struct type that is only declared (`struct S s;` with no
    /// definition of `struct S`).
    fn incomplete(&mut self, ty: CType, span: Span) -> bool {
        let CType::Struct(s) = ty else { return false };
        if self.structs[s.0 as usize].fields.is_some() {
            return false;
        }
        let name = self.structs[s.0 as usize].name.clone();
        self.error(span, format!("`{name}` is incomplete: it is declared but never defined"));
        true
    }

    fn is_zero_or_one(&self, t: TermId) -> bool {
        match &self.bank.term(t).term {
            Term::Int(n) => *n == 0 || *n == 1,
            Term::Prim(Prim::Ite, args) => args[1..]
                .iter()
                .all(|a| matches!(&self.bank.term(*a).term, Term::Int(n) if *n == 0 || *n == 1)),
            _ => false,
        }
    }

    fn lookup(&self, b: &Body, name: &str) -> Option<VarInfo> {
        b.scopes.iter().rev().flat_map(|s| s.iter().rev()).find(|v| v.name == name).cloned()
    }

    fn new_local(
        &mut self,
        b: &mut Body,
        name: &str,
        ty: CType,
        array: Option<u64>,
        span: Span,
    ) -> VarInfo {
        self.new_local_of_kind(b, name, ty, array, VariableKind::Local, span)
    }

    fn new_local_of_kind(
        &mut self,
        b: &mut Body,
        name: &str,
        ty: CType,
        array: Option<u64>,
        kind: VariableKind,
        span: Span,
    ) -> VarInfo {
        let c =
            self.new_variable(&format!("{}.{name}", b.function), name, array.is_some(), kind, span);
        b.locals.push(c);
        self.var_types.insert(c, ty);
        VarInfo { name: name.into(), constant: c, ty, array, global: false, address: None }
    }

    /// A new local holding the address of the stack object for the variable `name`, which
    /// dies when the run leaves `scope`.
    fn address_variable(
        &mut self,
        b: &mut Body,
        name: &str,
        scope: ScopeId,
        span: Span,
    ) -> ConstId {
        let address = format!("&{name}");
        let a = self.new_local(b, &address, CType::Pointer(Pointee::Void), None, span).constant;
        b.stack_addresses.push((a, scope));
        a
    }

    /// A fresh temporary holding values of type `ty`.
    fn temp(&mut self, b: &mut Body, ty: CType, span: Span) -> ConstId {
        b.temps += 1;
        let name = format!("tmp{}", b.temps);
        self.new_local_of_kind(b, &name, ty, None, VariableKind::Temporary, span).constant
    }

    /// Adds an edge from the current location to a new one, which becomes current.
    fn step(&mut self, b: &mut Body, command: Command, span: Option<Span>) {
        let Some(at) = b.cur else { return };
        let next = b.g.location(span);
        b.g.edge(at, next, command, span);
        b.cur = Some(next);
    }

    fn assert(
        &mut self,
        b: &mut Body,
        formula: TermId,
        check: Obligation,
        what: String,
        span: Span,
    ) {
        self.step(b, Command::Assert { formula, check, what }, Some(span));
    }

    fn assume(&mut self, b: &mut Body, formula: TermId, fact: ProgramFact, span: Span) {
        self.step(b, Command::Assume { formula, fact }, Some(span));
    }

    /// Jumps from the current location to `to`; nothing follows the jump.
    fn jump(&mut self, b: &mut Body, to: Loc, span: Span) {
        if let Some(at) = b.cur.take() {
            b.g.edge(at, to, Command::Skip, Some(span));
        }
    }

    // ------------------------------------------------------------ statements

    fn block(&mut self, b: &mut Body, block: &Block) {
        self.enter_scope(b);
        for s in &block.statements {
            self.statement(b, s);
        }
        self.leave_scope(b, block.span);
    }

    fn enter_scope(&mut self, b: &mut Body) {
        b.scopes.push(Vec::new());
        b.scope_ids.push(b.scopes_opened);
        b.scopes_opened += 1;
    }

    /// Closes the innermost scope; its stack objects die when the run leaves it normally
    /// (jumps out of it kill them at the jump).
    fn leave_scope(&mut self, b: &mut Body, span: Span) {
        let closed = b.scopes.pop().unwrap_or_default();
        for v in closed {
            let Some(variable) = self.variables.iter_mut().rev().find(|x| x.constant == v.constant)
            else {
                continue;
            };
            if let Some(declared) = variable.span {
                variable.scope = Some(Span { end: span.end, ..declared });
            }
        }
        let scope = b.scope_ids.pop().expect("a scope is open");
        let dying = stack_objects_of(b, |s| s == scope);
        self.kill_stack_objects(b, &dying, span);
    }

    fn statement(&mut self, b: &mut Body, s: &Statement) {
        if b.cur.is_none() && !matches!(s.kind, StatementKind::Labeled(..)) {
            // After a jump: reachable only through a label inside, if at all.
            b.cur = Some(b.g.location(Some(s.span)));
        }
        match &s.kind {
            StatementKind::Empty => {}
            StatementKind::Block(block) => self.block(b, block),
            StatementKind::Declaration(decls) => {
                for d in decls {
                    self.local_declaration(b, d);
                }
            }
            StatementKind::Expr(e) => self.effect(b, e),
            StatementKind::If(c, then, otherwise) => {
                let yes = b.g.location(Some(then.span));
                let no = b.g.location(otherwise.as_ref().map(|o| o.span));
                self.condition(b, c, yes, no);
                let join = b.g.location(None);
                b.cur = Some(yes);
                self.statement(b, then);
                self.jump(b, join, s.span);
                b.cur = Some(no);
                if let Some(o) = otherwise {
                    self.statement(b, o);
                }
                self.jump(b, join, s.span);
                b.cur = Some(join);
            }
            StatementKind::While(c, body) => {
                let head = self.loop_head(b, s.span);
                let inside = b.g.location(Some(body.span));
                let after = b.g.location(None);
                self.condition(b, c, inside, after);
                b.cur = Some(inside);
                self.loop_body(b, body, after, head);
                self.jump(b, head, s.span);
                b.cur = Some(after);
            }
            StatementKind::DoWhile(body, c) => {
                let head = self.loop_head(b, body.span);
                let test = b.g.location(Some(c.span));
                let after = b.g.location(None);
                self.loop_body(b, body, after, test);
                self.jump(b, test, c.span);
                b.cur = Some(test);
                self.condition(b, c, head, after);
                b.cur = Some(after);
            }
            StatementKind::For { init, condition, step, body } => {
                self.enter_scope(b);
                if let Some(init) = init {
                    self.statement(b, init);
                }
                let head = self.loop_head(b, s.span);
                let inside = b.g.location(Some(body.span));
                let after = b.g.location(None);
                match condition {
                    Some(c) => self.condition(b, c, inside, after),
                    None => self.jump(b, inside, s.span),
                }
                let next = b.g.location(step.as_ref().map(|e| e.span));
                b.cur = Some(inside);
                self.loop_body(b, body, after, next);
                self.jump(b, next, s.span);
                b.cur = Some(next);
                if let Some(e) = step {
                    self.effect(b, e);
                }
                self.jump(b, head, s.span);
                b.cur = Some(after);
                self.leave_scope(b, s.span);
            }
            StatementKind::Break | StatementKind::Continue => {
                let is_break = matches!(s.kind, StatementKind::Break);
                match b.loops.last() {
                    Some(&(after, next, depth)) => {
                        let left: BTreeSet<ScopeId> =
                            b.scope_ids[depth..].iter().copied().collect();
                        let dying = stack_objects_of(b, |s| left.contains(&s));
                        self.kill_stack_objects(b, &dying, s.span);
                        self.jump(b, if is_break { after } else { next }, s.span)
                    }
                    None => {
                        let word = if is_break { "break" } else { "continue" };
                        self.error(s.span, format!("`{word}` outside a loop"));
                    }
                }
            }
            StatementKind::Goto(label) => {
                let loc = self.label(b, label);
                let entry = b.labels.get_mut(&label.name).expect("the label was just made");
                entry.first_use.get_or_insert(label.span);
                // A jump back to a label already placed closes a loop.
                if entry.defined.is_some() {
                    b.g.location_mut(loc).loop_head = true;
                }
                let to = if self.memory.is_some() {
                    match entry.landing {
                        Some(landing) => landing,
                        None => {
                            let landing = b.g.location(Some(label.span));
                            b.labels.get_mut(&label.name).expect("made above").landing =
                                Some(landing);
                            landing
                        }
                    }
                } else {
                    loc
                };
                self.jump(b, to, s.span);
            }
            StatementKind::Labeled(label, inner) => {
                let loc = self.label(b, label);
                let entry = b.labels.get_mut(&label.name).expect("the label was just made");
                if let Some(first) = entry.defined {
                    let d = Diagnostic::error(
                        label.span,
                        format!("label `{}` is defined twice", label.name),
                    )
                    .with_label(first, "first defined here");
                    self.diags.push(d);
                } else {
                    entry.defined = Some(label.span);
                    entry.scopes = b.scope_ids.clone();
                }
                self.jump(b, loc, label.span);
                b.cur = Some(loc);
                self.statement(b, inner);
            }
            StatementKind::Return(value) => {
                match (value, b.result) {
                    (Some(e), Some(r)) => {
                        let ty = self.function_result(b);
                        let value = if let CType::Struct(_) = ty {
                            self.struct_result(b, e, ty, s.span)
                        } else {
                            self.converted_value(b, e, ty)
                        };
                        if let Some(t) = value {
                            self.step(b, Command::Assign(vec![(r, t)]), Some(s.span));
                        }
                    }
                    (None, None) => {}
                    (Some(e), None) => {
                        // `return f();` in a void function, as C allows for void `f`.
                        if self.void_call(b, e) {
                            self.effect(b, e);
                        } else {
                            self.error(
                                e.span,
                                format!("`{}` returns void; it cannot return a value", b.function),
                            );
                        }
                    }
                    (None, Some(_)) => {
                        self.error(s.span, format!("`{}` must return a value", b.function));
                    }
                }
                let exit = b.exit;
                self.jump(b, exit, s.span);
            }
        }
    }

    /// A new loop head, entered from the current location, which it becomes.
    fn loop_head(&mut self, b: &mut Body, span: Span) -> Loc {
        let head = b.g.location(Some(span));
        b.g.location_mut(head).loop_head = true;
        self.jump(b, head, span);
        b.cur = Some(head);
        head
    }

    /// A loop's body, where `break` goes to `after` and `continue` to `next`.
    fn loop_body(&mut self, b: &mut Body, body: &Statement, after: Loc, next: Loc) {
        b.loops.push((after, next, b.scope_ids.len()));
        self.statement(b, body);
        b.loops.pop();
    }

    fn function_result(&self, b: &Body) -> CType {
        self.functions.get(&b.function).map_or(CType::INT, |f| f.result)
    }

    fn void_call(&self, b: &Body, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::CallThrough(f, _) => {
                self.callee_type(b, f).is_some_and(|t| t.result == CType::Void)
            }
            ExprKind::Call(f, _) => {
                self.functions.get(&f.name).is_some_and(|i| i.result == CType::Void)
                    || matches!(
                        builtin(&f.name),
                        Some(
                            Builtin::Error
                                | Builtin::AssertFail
                                | Builtin::Abort
                                | Builtin::Exit
                                | Builtin::Free
                        )
                    )
            }
            _ => false,
        }
    }

    fn label(&mut self, b: &mut Body, label: &Ident) -> Loc {
        if let Some(l) = b.labels.get(&label.name) {
            return l.loc;
        }
        let loc = b.g.location(Some(label.span));
        let fresh =
            Label { loc, defined: None, first_use: None, scopes: Vec::new(), landing: None };
        b.labels.insert(label.name.clone(), fresh);
        loc
    }

    fn local_declaration(&mut self, b: &mut Body, d: &VarDecl) {
        let scope = b.scopes.last().expect("a body has a scope");
        if scope.iter().any(|v| v.name == d.name.name) {
            self.error(d.name.span, format!("`{}` is declared twice in this block", d.name.name));
            return;
        }
        if self.functions.contains_key(&d.name.name) {
            self.error(d.name.span, format!("`{}` is a function", d.name.name));
            return;
        }
        // A `switch` value's type is its initialiser's, read before the variable exists.
        let ty = match &d.init {
            Some(Initializer::Expr(e)) if d.typed_by_initializer => {
                CType::Int(self.type_of(b, e).promoted())
            }
            _ => d.ty,
        };
        if self.incomplete(ty, d.name.span) {
            return;
        }
        let v = self.new_local(b, &d.name.name, ty, d.array, d.name.span);
        // Its object, if it has one, dies with the innermost open block.
        let scope = *b.scope_ids.last().expect("a body has a scope");
        if let Some(init) = &d.init
            && init.expressions().iter().any(|e| footprint_reads(e, &d.name.name))
        {
            self.error(d.span, format!("`{}` is read in its own initialiser", d.name.name));
            return;
        }
        // In scope in its own initialiser (C 6.2.1), where only its type and address can be
        // read (reads are refused above): `struct node *p = malloc(sizeof *p);`.
        b.scopes.last_mut().expect("a body has a scope").push(v.clone());
        let declared = |b: &mut Body, v: VarInfo| {
            let scope = b.scopes.last_mut().expect("a body has a scope");
            *scope.last_mut().expect("the variable was just pushed") = v;
        };
        let array_in_memory = d.array.is_some() && b.arrays_in_memory.contains(&d.name.name);
        if matches!(ty, CType::Struct(_)) || array_in_memory {
            let mut v = v;
            let address = self.address_variable(b, &d.name.name, scope, d.name.span);
            self.kill_stack_objects(b, &[address], d.span);
            self.place_variable(b, &mut v, address, None, d.span);
            declared(b, v);
            let at = self.term_of(address, d.span);
            let _ = self.initialise_in_memory(b, d, at, false);
            return;
        }
        let value = self.initial_value(b, d, &v);
        if b.taken.contains(&d.name.name) && d.array.is_none() {
            let mut v = v;
            let address = self.address_variable(b, &d.name.name, scope, d.name.span);
            self.kill_stack_objects(b, &[address], d.span);
            self.place_variable(b, &mut v, address, value, d.span);
            declared(b, v);
            return;
        }
        if let Some(value) = value {
            self.step(b, Command::Assign(vec![(v.constant, value)]), Some(d.span));
        }
    }

    // ------------------------------------------------------------ conditions

    /// Branches from the current location to `yes` or `no` on the truth of `e`. `&&`, `||`
    /// and `!` whose operands have effects or checks become separate branches (C's
    /// short-circuit order); otherwise the whole condition is one HOL formula.
    fn condition(&mut self, b: &mut Body, e: &Expr, yes: Loc, no: Loc) {
        match &e.kind {
            ExprKind::Binary(op @ (BinaryOp::And | BinaryOp::Or), l, r) if !self.simple(b, e) => {
                let mid = b.g.location(Some(r.span));
                if *op == BinaryOp::And {
                    self.condition(b, l, mid, no);
                } else {
                    self.condition(b, l, yes, mid);
                }
                b.cur = Some(mid);
                self.condition(b, r, yes, no);
            }
            ExprKind::Unary(UnaryOp::Not, inner) if !self.simple(b, e) => {
                self.condition(b, inner, no, yes)
            }
            _ => {
                let Some(t) = self.truth(b, e) else {
                    b.cur = None;
                    return;
                };
                self.branch(b, t, yes, no, e.span);
            }
        }
    }

    /// Branches from the current location (which is left unset) to `yes` where the formula
    /// holds and to `no` where it does not.
    fn branch(&mut self, b: &mut Body, t: TermId, yes: Loc, no: Loc, span: Span) {
        let Some(at) = b.cur.take() else { return };
        let not_t = build::not(&mut self.bank, t);
        let fact = ProgramFact::Branch;
        b.g.edge(at, yes, Command::Assume { formula: t, fact }, Some(span));
        b.g.edge(at, no, Command::Assume { formula: not_t, fact }, Some(span));
    }

    /// The truth of `e` as a formula, after the effects it needs.
    fn truth(&mut self, b: &mut Body, e: &Expr) -> Option<TermId> {
        match &e.kind {
            ExprKind::Int(n, _) => Some(build::truth(&mut self.bank, *n != 0, e.span)),
            ExprKind::Unary(UnaryOp::Not, inner) => {
                let t = self.truth(b, inner)?;
                Some(build::not(&mut self.bank, t))
            }
            ExprKind::Cast(CType::Bool, inner) => self.truth(b, inner),
            ExprKind::Binary(op, l, r) if is_comparison(*op) => {
                self.check_order(b, l, r, e.span)?;
                // Both operands in their common type (`-1 < 1u` is false in C).
                let (lt, rt) = (self.type_of(b, l), self.type_of(b, r));
                let common = CType::Int(lt.common(rt));
                let l = self.value(b, l)?;
                let l = self.convert(l, lt, common, e.span);
                let r = self.value(b, r)?;
                let r = self.convert(r, rt, common, e.span);
                Some(match op {
                    BinaryOp::Lt => build::formula(&mut self.bank, Prim::Lt, vec![l, r]),
                    BinaryOp::Le => build::formula(&mut self.bank, Prim::Le, vec![l, r]),
                    BinaryOp::Gt => build::formula(&mut self.bank, Prim::Lt, vec![r, l]),
                    BinaryOp::Ge => build::formula(&mut self.bank, Prim::Le, vec![r, l]),
                    BinaryOp::Eq => build::eq(&mut self.bank, l, r),
                    _ => {
                        let eq = build::eq(&mut self.bank, l, r);
                        build::not(&mut self.bank, eq)
                    }
                })
            }
            ExprKind::Binary(op @ (BinaryOp::And | BinaryOp::Or), l, r) if self.simple(b, r) => {
                let l = self.truth(b, l)?;
                let r = self.truth(b, r)?;
                Some(if *op == BinaryOp::And {
                    build::and(&mut self.bank, l, r)
                } else {
                    build::or(&mut self.bank, l, r)
                })
            }
            _ => {
                let v = self.value(b, e)?;
                if let Term::Prim(Prim::Ite, args) = &self.bank.term(v).term {
                    // `if c then 1 else 0` is true exactly when `c` is.
                    if self.is_zero_or_one(v)
                        && matches!(&self.bank.term(args[1]).term, Term::Int(n) if *n == 1)
                    {
                        return Some(args[0]);
                    }
                }
                Some(self.truth_of_int(v, e.span))
            }
        }
    }

    /// Evaluates `e` into a temporary through branches: for `&&`, `||` and `?:` whose later
    /// operands have effects or checks, which must happen only when C evaluates them.
    fn branched_value(&mut self, b: &mut Body, e: &Expr) -> Option<TermId> {
        let ty = CType::Int(self.type_of(b, e));
        let t = self.temp(b, ty, e.span);
        let join = b.g.location(None);
        let (yes, no) = (b.g.location(None), b.g.location(None));
        match &e.kind {
            ExprKind::Conditional(c, x, y) => {
                let common = CType::Int(self.type_of(b, e));
                self.condition(b, c, yes, no);
                for (at, branch) in [(yes, x), (no, y)] {
                    b.cur = Some(at);
                    let from = self.type_of(b, branch);
                    if let Some(v) = self.value(b, branch) {
                        let v = self.convert(v, from, common, branch.span);
                        self.step(b, Command::Assign(vec![(t, v)]), Some(branch.span));
                    }
                    self.jump(b, join, branch.span);
                }
            }
            _ => {
                self.condition(b, e, yes, no);
                for (at, value) in [(yes, 1), (no, 0)] {
                    b.cur = Some(at);
                    let v = self.int(value, e.span);
                    self.step(b, Command::Assign(vec![(t, v)]), Some(e.span));
                    self.jump(b, join, e.span);
                }
            }
        }
        b.cur = Some(join);
        Some(self.term_of(t, e.span))
    }

    // ------------------------------------------------------------ expressions

    /// Lowers an expression evaluated for its effect.
    fn effect(&mut self, b: &mut Body, e: &Expr) {
        match &e.kind {
            ExprKind::Assign(op, target, rhs) => {
                let _ = self.assignment(b, *op, target, rhs, e.span);
            }
            ExprKind::Step { increment, target, .. } => {
                let _ = self.step_variable(b, *increment, target, e.span);
            }
            ExprKind::Call(f, args) => {
                let _ = self.call(b, f, args, e.span, false);
            }
            ExprKind::CallThrough(f, args) => {
                let _ = self.call_through(b, f, args, e.span, false);
            }
            ExprKind::Binary(BinaryOp::Comma, l, r) => {
                self.effect(b, l);
                self.effect(b, r);
            }
            _ => {
                let _ = self.value(b, e);
            }
        }
    }

    /// The value of `e` as an int term, after the effects and checks it needs.
    fn value(&mut self, b: &mut Body, e: &Expr) -> Option<TermId> {
        match &e.kind {
            ExprKind::Refused => None,
            ExprKind::Int(n, _) => Some(self.int(n.clone(), e.span)),
            ExprKind::String(bytes) => self.string_address(bytes, e.span),
            ExprKind::Var(name) => {
                let Some(v) = self.lookup(b, name) else {
                    if let Some(address) = self.function_address(b, name, e.span) {
                        return Some(address);
                    }
                    self.unknown_variable(name, e.span);
                    return None;
                };
                if let (Some(_), Some(a)) = (v.array, v.address) {
                    // An array of structs is the address of its first element.
                    return Some(self.term_of(a, e.span));
                }
                if v.array.is_some() {
                    self.error(
                        e.span,
                        format!("`{name}` is an array: only its elements are values"),
                    );
                    return None;
                }
                if matches!(v.ty, CType::Struct(_)) {
                    self.not_a_value(e);
                    return None;
                }
                if let Some(a) = v.address {
                    let at = self.term_of(a, e.span);
                    return Some(self.load(at, e.span));
                }
                Some(self.term_of(v.constant, e.span))
            }
            // `*fp` is the function `fp` points to, which converts back to its address.
            ExprKind::Deref(p) if self.is_function_pointer(b, p) => self.value(b, p),
            ExprKind::Index(..)
            | ExprKind::Deref(_)
            | ExprKind::Member { .. }
            | ExprKind::Subscript(..) => {
                if self.is_struct(b, e) {
                    self.not_a_value(e);
                    return None;
                }
                if self.is_memory_array(b, e) {
                    // An array field is the address of its first element: a pointer into the
                    // struct.
                    self.member_addresses = true;
                    return Some(self.locate(b, e, false)?.address);
                }
                match self.place(b, e)? {
                    Place::Element(array, index) => Some(build::app(&mut self.bank, array, index)),
                    Place::Memory(address, _) => Some(self.load(address, e.span)),
                    Place::Variable => None,
                }
            }
            ExprKind::AddressOf(x) => match &x.kind {
                ExprKind::Var(n) if self.function_named(b, n).is_some() => {
                    self.function_address(b, n, e.span)
                }
                _ => self.address_of(b, x),
            },
            ExprKind::CallThrough(f, args) => self.call_through(b, f, args, e.span, true),
            ExprKind::SizeOf(x) => {
                let bytes = self.size_of_expression(b, x);
                Some(self.int(bytes, e.span))
            }
            ExprKind::Call(..) if self.is_struct(b, e) => {
                self.not_a_value(e);
                None
            }
            ExprKind::Call(f, args) => self.call(b, f, args, e.span, true),
            ExprKind::Unary(op @ (UnaryOp::Neg | UnaryOp::Complement), x) => {
                let from = self.type_of(b, x);
                let t = from.promoted();
                let x = self.value(b, x)?;
                let x = self.convert(x, from, CType::Int(t), e.span);
                Some(if *op == UnaryOp::Neg {
                    self.negate(b, x, t, e.span)
                } else {
                    self.complement(x, t, e.span)
                })
            }
            ExprKind::Unary(UnaryOp::Not, _) | ExprKind::Cast(CType::Bool, _) => {
                let t = self.truth(b, e)?;
                Some(self.int_of_truth(t, e.span))
            }
            ExprKind::Cast(to, x) => {
                self.note_pointer_flow(b, x, *to);
                let from = self.type_of(b, x);
                let v = self.value(b, x)?;
                self.check_address_fits(b, x, v, *to, e.span);
                Some(self.convert(v, from, *to, e.span))
            }
            ExprKind::Binary(BinaryOp::Comma, l, r) => {
                self.effect(b, l);
                self.value(b, r)
            }
            ExprKind::Binary(op, _, _) if is_comparison(*op) => {
                let t = self.truth(b, e)?;
                Some(self.int_of_truth(t, e.span))
            }
            ExprKind::Binary(BinaryOp::And | BinaryOp::Or, _, r) => {
                if self.simple(b, r) {
                    let t = self.truth(b, e)?;
                    Some(self.int_of_truth(t, e.span))
                } else {
                    self.branched_value(b, e)
                }
            }
            ExprKind::Binary(op, l, r) => {
                self.check_order(b, l, r, e.span)?;
                let (lt, rt) = (self.type_of(b, l), self.type_of(b, r));
                let (lp, rp) = (self.pointer_type(b, l), self.pointer_type(b, r));
                if (lp.is_some() || rp.is_some())
                    && matches!(op, BinaryOp::Add | BinaryOp::Sub)
                    && (self.refuse_array_address(b, l) | self.refuse_array_address(b, r))
                {
                    return None;
                }
                let lv = self.value(b, l)?;
                let rv = self.value(b, r)?;
                if lp.is_some() || rp.is_some() {
                    let operands = ((lv, lt, lp), (rv, rt, rp));
                    if let Some((t, _)) =
                        self.pointer_arithmetic(*op, operands.0, operands.1, e.span)
                    {
                        return Some(t);
                    }
                    self.error(
                        e.span,
                        format!("`{}` is not an operation on pointers C has", op.symbol()),
                    );
                    return None;
                }
                Some(self.arithmetic(b, *op, (lv, lt), (rv, rt), r, e.span)?.0)
            }
            ExprKind::Conditional(c, x, y) => {
                if self.simple(b, x) && self.simple(b, y) {
                    let common = CType::Int(self.type_of(b, e));
                    let (xt, yt) = (self.type_of(b, x), self.type_of(b, y));
                    let c = self.truth(b, c)?;
                    let x = self.value(b, x)?;
                    let x = self.convert(x, xt, common, e.span);
                    let y = self.value(b, y)?;
                    let y = self.convert(y, yt, common, e.span);
                    Some(build::ite(&mut self.bank, c, x, y))
                } else {
                    self.branched_value(b, e)
                }
            }
            ExprKind::Assign(_, target, _) if self.is_struct(b, target) => {
                self.not_a_value(e);
                None
            }
            ExprKind::Assign(op, target, rhs) => self.assignment(b, *op, target, rhs, e.span),
            ExprKind::Step { increment, prefix, target } => {
                if *prefix {
                    self.step_variable(b, *increment, target, e.span)
                } else {
                    // The old value, kept in a temporary before the variable changes.
                    let old = self.value(b, target)?;
                    let ty = CType::Int(self.type_of(b, target));
                    let t = self.temp(b, ty, e.span);
                    self.step(b, Command::Assign(vec![(t, old)]), Some(e.span));
                    self.step_variable(b, *increment, target, e.span)?;
                    Some(self.term_of(t, e.span))
                }
            }
        }
    }

    fn not_a_value(&mut self, e: &Expr) {
        self.diags.push(
            Diagnostic::error(
                e.span,
                format!("`{}` is a struct: craig's C uses a struct's fields as values", self.snippet(e.span)),
            )
            .with_note("copy a struct by assignment (`s = t;`), pass it to a function or return it; compare it through its fields"),
        );
    }

    fn unknown_variable(&mut self, name: &str, span: Span) {
        let message = if self.functions.contains_key(name) || builtin(name).is_some() {
            format!("`{name}` is used as a value: craig's C calls it, and has no address for it")
        } else {
            format!("unknown variable `{name}`")
        };
        self.error(span, message);
    }

    /// Where an lvalue is, its index or address evaluated and checked once.
    fn place(&mut self, b: &mut Body, e: &Expr) -> Option<Place> {
        match &e.kind {
            ExprKind::Index(a, i) => {
                let v = self.lookup(b, &a.name);
                if v.as_ref().is_some_and(|v| {
                    (v.array.is_none() && v.ty.pointee().is_some()) || v.address.is_some()
                }) {
                    return self.memory_place(b, e);
                }
                let (array, index) = self.element(b, a, i)?;
                Some(Place::Element(array, index))
            }
            ExprKind::Deref(_) | ExprKind::Member { .. } | ExprKind::Subscript(..) => {
                self.memory_place(b, e)
            }
            ExprKind::Var(n) => match self.lookup(b, n) {
                Some(VarInfo { ty: CType::Struct(_), .. }) => {
                    self.error(
                        e.span,
                        format!("`{n}` is not a scalar: assign or read its fields or elements"),
                    );
                    None
                }
                Some(VarInfo { address: Some(a), ty, .. }) => {
                    Some(Place::Memory(self.term_of(a, e.span), ty))
                }
                _ => Some(Place::Variable),
            },
            ExprKind::Refused => None,
            _ => {
                self.error(e.span, "only a variable, an element or `*p` can be assigned");
                None
            }
        }
    }

    /// The scalar in memory an lvalue names, checked for an access.
    fn memory_place(&mut self, b: &mut Body, e: &Expr) -> Option<Place> {
        let l = self.locate(b, e, true)?;
        if l.array.is_some() || matches!(l.ty, CType::Struct(_)) {
            self.error(
                e.span,
                format!(
                    "`{}` is not a scalar: assign or read its fields or elements",
                    self.snippet(e.span)
                ),
            );
            return None;
        }
        let bytes = l.ty.size(&self.structs, self.data_model);
        if !l.valid {
            self.check_located(b, &l, bytes, e.span);
            self.width_check(b, l.address, l.ty, &l.shown, e.span);
        }
        Some(Place::Memory(l.address, l.ty))
    }

    /// The array and the checked index of `a[i]`.
    fn element(&mut self, b: &mut Body, a: &Ident, i: &Expr) -> Option<(TermId, TermId)> {
        let Some(v) = self.lookup(b, &a.name) else {
            self.unknown_variable(&a.name, a.span);
            return None;
        };
        let Some(size) = v.array else {
            self.error(a.span, format!("`{}` is not an array", a.name));
            return None;
        };
        let index = self.value(b, i)?;
        let zero = self.int(0, i.span);
        let n = self.int(size, i.span);
        let low = build::formula(&mut self.bank, Prim::Le, vec![zero, index]);
        let high = build::formula(&mut self.bank, Prim::Lt, vec![index, n]);
        let within = build::and(&mut self.bank, low, high);
        let what =
            format!("`{}` is within the {size} elements of `{}`", self.snippet(i.span), a.name);
        self.assert(b, within, Obligation::ArrayBound, what, i.span);
        let array = self.term_of(v.constant, a.span);
        Some((array, index))
    }

    /// Stores `value` (already evaluated, of type `from`) into the target, converted to the
    /// target's type, and returns the term that reads the target afterwards.
    fn store(
        &mut self,
        b: &mut Body,
        target: &Expr,
        (value, from): (TermId, IntType),
        place: Place,
        span: Span,
    ) -> Option<TermId> {
        match (&target.kind, place) {
            (_, Place::Memory(address, ty)) => {
                let value = self.convert(value, from, ty, span);
                self.store_memory(b, address, value, span);
                Some(self.load(address, span))
            }
            (ExprKind::Var(name), _) => {
                let Some(v) = self.lookup(b, name) else {
                    self.unknown_variable(name, target.span);
                    return None;
                };
                if v.array.is_some() {
                    self.error(target.span, format!("`{name}` is an array: assign its elements"));
                    return None;
                }
                let value = self.convert(value, from, v.ty, span);
                self.step(b, Command::Assign(vec![(v.constant, value)]), Some(span));
                Some(self.term_of(v.constant, target.span))
            }
            (ExprKind::Index(a, _), Place::Element(array, index)) => {
                let v = self.lookup(b, &a.name)?;
                let value = self.convert(value, from, v.ty, span);
                let updated = build::update(&mut self.bank, array, index, value);
                self.step(b, Command::Assign(vec![(v.constant, updated)]), Some(span));
                let array = self.term_of(v.constant, a.span);
                Some(build::app(&mut self.bank, array, index))
            }
            _ => None,
        }
    }

    fn read_target(&mut self, b: &mut Body, target: &Expr, place: Place) -> Option<TermId> {
        match place {
            Place::Element(array, index) => Some(build::app(&mut self.bank, array, index)),
            Place::Memory(address, _) => Some(self.load(address, target.span)),
            Place::Variable => self.value(b, target),
        }
    }

    fn assignment(
        &mut self,
        b: &mut Body,
        op: Option<BinaryOp>,
        target: &Expr,
        rhs: &Expr,
        span: Span,
    ) -> Option<TermId> {
        // The target's variable is written after both sides are evaluated; the right side may
        // not write what the left reads or writes, nor the left what the right reads.
        // The footprint of a target reads its variable, so `x = x++` conflicts.
        let left = footprint(target, &self.writes);
        let right = footprint(rhs, &self.writes);
        if conflicts(&left, &right, &self.globals) {
            self.unsequenced(span);
            return None;
        }
        if self.is_struct(b, target) {
            if op.is_some() {
                self.error(span, "a struct has no arithmetic: assign it with `=`");
                return None;
            }
            self.struct_copy(b, target, rhs, span);
            return None;
        }
        let element = self.place(b, target)?;
        if op.is_none()
            && let Some(ty) = self.place_type(b, target)
        {
            self.note_pointer_flow(b, rhs, ty);
        }
        let (target_type, rhs_type) = (self.type_of(b, target), self.type_of(b, rhs));
        let value = match op {
            None => {
                let v = self.value(b, rhs)?;
                if let Some(ty) = self.place_type(b, target) {
                    self.check_address_fits(b, rhs, v, ty, rhs.span);
                }
                (v, rhs_type)
            }
            Some(op) => {
                let old = self.read_target(b, target, element)?;
                let r = self.value(b, rhs)?;
                let (lp, rp) = (self.pointer_type(b, target), self.pointer_type(b, rhs));
                if lp.is_some() || rp.is_some() {
                    let (left, right) = ((old, target_type, lp), (r, rhs_type, rp));
                    match self.pointer_arithmetic(op, left, right, span) {
                        Some(v) => v,
                        None => {
                            self.error(
                                span,
                                format!("`{}=` is not an operation on pointers C has", op.symbol()),
                            );
                            return None;
                        }
                    }
                } else {
                    self.arithmetic(b, op, (old, target_type), (r, rhs_type), rhs, span)?
                }
            }
        };
        self.store(b, target, value, element, span)
    }

    fn step_variable(
        &mut self,
        b: &mut Body,
        increment: bool,
        target: &Expr,
        span: Span,
    ) -> Option<TermId> {
        let element = self.place(b, target)?;
        let ty = self.type_of(b, target);
        let old = self.read_target(b, target, element)?;
        let one = self.int(1, span);
        let op = if increment { BinaryOp::Add } else { BinaryOp::Sub };
        let one_expr = Expr { kind: ExprKind::Int(1.into(), IntType::INT), span };
        let new = match self.pointer_type(b, target) {
            Some(p) => {
                self.pointer_arithmetic(op, (old, ty, Some(p)), (one, IntType::INT, None), span)?
            }
            None => self.arithmetic(b, op, (old, ty), (one, IntType::INT), &one_expr, span)?,
        };
        self.store(b, target, new, element, span)
    }

    fn unsequenced(&mut self, span: Span) {
        self.diags.push(
            Diagnostic::error(
                span,
                "the order of evaluation of this expression is unspecified in C",
            )
            .with_note(
                "one operand writes a variable another reads or writes (a call counts as \
                     reading every global and writing those it may assign); split the \
                     expression into statements",
            ),
        );
    }

    /// Refuses `l op r` when the order of its operands could matter.
    fn check_order(&mut self, b: &mut Body, l: &Expr, r: &Expr, span: Span) -> Option<()> {
        self.check_unsequenced(b, &[l, r], span)
    }

    /// Refuses operands C evaluates in no fixed order (a call's arguments, and its callee)
    /// when the order of two of them could matter. A variable that lives in memory (a
    /// struct, or one whose address is taken) is read and written as memory too: `f(s, s.x
    /// = 3)` and `g(x, *p = 3)` with `p = &x` are unsequenced.
    fn check_unsequenced(&mut self, b: &Body, operands: &[&Expr], span: Span) -> Option<()> {
        let in_memory = |name: &String| {
            self.lookup(b, name)
                .or_else(|| self.globals.iter().find(|g| &g.name == name).cloned())
                .is_some_and(|v| v.address.is_some() || matches!(v.ty, CType::Struct(_)))
        };
        let footprints: Vec<Footprint> = operands
            .iter()
            .map(|e| {
                let mut fp = footprint(e, &self.writes);
                if fp.reads.iter().any(in_memory) {
                    fp.reads.insert(MEMORY.into());
                }
                if fp.writes.iter().any(in_memory) {
                    fp.writes.insert(MEMORY.into());
                }
                fp
            })
            .collect();
        for (i, a) in footprints.iter().enumerate() {
            if footprints[i + 1..].iter().any(|c| conflicts(a, c, &self.globals)) {
                self.unsequenced(span);
                return None;
            }
        }
        Some(())
    }

    /// A call: a known function's meaning, or a call edge. With `want`, the value (a fresh
    /// temporary); `None` after an error.
    fn call(
        &mut self,
        b: &mut Body,
        f: &Ident,
        args: &[Expr],
        span: Span,
        want: bool,
    ) -> Option<TermId> {
        if let Some(info) = self.functions.get(&f.name).cloned() {
            return self.user_call(b, f, &info, args, span, want);
        }
        let Some(known) = builtin_for(&f.name, self.data_model) else {
            self.unknown_function(f);
            return None;
        };
        if known.is_memory() {
            if want && known == Builtin::Free {
                self.error(span, "`free` has no value");
                return None;
            }
            return self.memory_call(b, &known, f, args, span).flatten();
        }
        if known == Builtin::Output {
            return self.output_call(b, args, span, want);
        }
        let arity = match &known {
            Builtin::Nondet(_) => Some(0),
            Builtin::Assume | Builtin::Assert => Some(1),
            _ => None,
        };
        if let Some(n) = arity
            && args.len() != n
        {
            self.error(
                span,
                format!(
                    "`{}` takes {n} argument{}, not {}",
                    f.name,
                    if n == 1 { "" } else { "s" },
                    args.len()
                ),
            );
            return None;
        }
        if want && !matches!(known, Builtin::Nondet(_)) {
            self.error(span, format!("`{}` has no value", f.name));
            return None;
        }
        match known {
            Builtin::Nondet(ty) => Some(self.arbitrary_value(b, ty, span)),
            Builtin::Assume => {
                let c = self.truth(b, &args[0])?;
                self.assume(b, c, ProgramFact::Assumption, span);
                None
            }
            Builtin::Assert => {
                let c = self.truth(b, &args[0])?;
                let what = format!("`{}` holds", self.snippet(args[0].span));
                self.assert(b, c, Obligation::Assertion, what, span);
                None
            }
            Builtin::Error => {
                let f_false = build::truth(&mut self.bank, false, span);
                let what = format!("`{}` is unreachable", self.snippet(f.span));
                self.assert(b, f_false, Obligation::ErrorUnreachable, what, span);
                None
            }
            Builtin::AssertFail => {
                let f_false = build::truth(&mut self.bank, false, span);
                let what = "an `assert` of <assert.h> holds".to_string();
                self.assert(b, f_false, Obligation::Assertion, what, span);
                None
            }
            Builtin::Abort => {
                let f_false = build::truth(&mut self.bank, false, span);
                self.assume(b, f_false, ProgramFact::Abort, span);
                None
            }
            Builtin::Exit => {
                // The program ends as when `main` returns: the heap must be freed.
                self.cleanup_check(b, span);
                let f_false = build::truth(&mut self.bank, false, span);
                self.assume(b, f_false, ProgramFact::Assumption, span);
                None
            }
            Builtin::Malloc
            | Builtin::Calloc
            | Builtin::Realloc
            | Builtin::Alloca
            | Builtin::Free => None,
            Builtin::Output => None,
        }
    }

    /// `printf(format, ...)`, `puts("...")`, `putchar(c)`: the arguments evaluated (their
    /// effects and checks), and where the result is used, any `int`. The converter has read
    /// the literal format (or string) and left only the values printed (see
    /// `convert::expressions`): the output changes nothing the program can read back.
    fn output_call(
        &mut self,
        b: &mut Body,
        args: &[Expr],
        span: Span,
        want: bool,
    ) -> Option<TermId> {
        // The values printed are unsequenced with respect to each other, as any arguments.
        self.check_unsequenced(b, &args.iter().collect::<Vec<_>>(), span)?;
        for a in args {
            self.value(b, a)?;
        }
        if !want {
            return None;
        }
        Some(self.arbitrary_value(b, IntType::INT, span))
    }

    /// An arbitrary value of type `ty` in a new temporary (what the interpreter reads as the
    /// next input).
    fn arbitrary_value(&mut self, b: &mut Body, ty: IntType, span: Span) -> TermId {
        let t = self.temp(b, CType::Int(ty), span);
        self.step(b, Command::Havoc(vec![t]), Some(span));
        let tt = self.term_of(t, span);
        let lo = self.int(ty.min(), span);
        let hi = self.int(ty.max(), span);
        let low = build::formula(&mut self.bank, Prim::Le, vec![lo, tt]);
        let high = build::formula(&mut self.bank, Prim::Le, vec![tt, hi]);
        let range = build::and(&mut self.bank, low, high);
        self.assume(b, range, ProgramFact::Typing, span);
        tt
    }

    fn unknown_function(&mut self, f: &Ident) {
        let d = match f.name.as_str() {
            name if name.starts_with("__VERIFIER_nondet_") => Diagnostic::error(
                f.span,
                format!("`{name}` returns a type outside craig's C subset"),
            )
            .with_note("the subset has the integer kinds: int, uint, bool, char, uchar, short, ushort, long, ulong"),
            name if self.left_out.contains_key(name) => {
                let (at, reason) = &self.left_out[name];
                Diagnostic::error(f.span, format!("`{name}` was left out of the program"))
                    .with_label(*at, reason.clone())
            }
            name if self.prototypes.contains(name) => Diagnostic::error(
                f.span,
                format!("`{name}` is declared but not defined in this file"),
            )
            .with_note("a function defined elsewhere is called through its prototype when the prototype has a fixed list of parameters (no `...`) and only types craig's C has; this one's has not"),
            name => Diagnostic::error(f.span, format!("unknown function `{name}`")),
        };
        self.diags.push(d);
    }

    fn user_call(
        &mut self,
        b: &mut Body,
        f: &Ident,
        info: &FunctionInfo,
        args: &[Expr],
        span: Span,
        want: bool,
    ) -> Option<TermId> {
        if args.len() != info.params {
            let d = Diagnostic::error(
                span,
                format!(
                    "`{}` takes {} argument{}, not {}",
                    f.name,
                    info.params,
                    if info.params == 1 { "" } else { "s" },
                    args.len()
                ),
            )
            .with_label(info.span, "defined here");
            self.diags.push(d);
            return None;
        }
        if want && info.result == CType::Void {
            self.error(span, format!("`{}` returns void: it has no value", f.name));
            return None;
        }
        // Arguments are unsequenced with respect to each other.
        self.check_unsequenced(b, &args.iter().collect::<Vec<_>>(), span)?;
        let mut values = Vec::new();
        for (a, ty) in args.iter().zip(&info.param_types) {
            if let CType::Struct(_) = ty {
                values.push(self.struct_argument(b, a, *ty)?);
                continue;
            }
            // Arguments convert to the parameters' types as by assignment.
            values.push(self.converted_value(b, a, *ty)?);
        }
        let results =
            if want { vec![self.temp(b, carried_type(info.result), span)] } else { Vec::new() };
        let command = Command::Call { callee: info.proc, args: values, results: results.clone() };
        self.step(b, command, Some(span));
        results.first().map(|t| self.term_of(*t, span))
    }

    fn finish(self) -> (Option<Program>, Vec<Diagnostic>) {
        let mut diags = self.diags;
        diags.sort_by_key(|d| (d.primary.file, d.primary.start));
        if crate::syntax::has_errors(&diags) {
            return (None, diags);
        }
        let mut procedures = self.procedures;
        let mixed = self.mixed_widths || (self.member_addresses && self.pointer_steps);
        if self.memory.is_some() && !mixed {
            memory::drop_width_checks(&mut procedures, &self.bank, self.memory.map(|m| m.width));
        }
        if let Some(m) = self.memory {
            // Any function may change memory (through pointers, or by allocating).
            for p in &mut procedures {
                p.modifies.extend(m.variables().map(FrameItem::Variable));
            }
        }
        let program = Program {
            bank: self.bank,
            consts: self.consts,
            variables: self.variables,
            background: Vec::new(),
            state_facts: Vec::new(),
            procedures,
            old: None,
        };
        (Some(program), diags)
    }
}

/// The type of the IR variable that carries a value of type `ty` into or out of a call: a
/// struct passed or returned by value travels as the address of a copy (see
/// [`structs`]'s `struct_argument` and `struct_result`).
fn carried_type(ty: CType) -> CType {
    match ty {
        CType::Struct(s) => CType::Pointer(Pointee::Struct(s)),
        ty => ty,
    }
}

fn is_comparison(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge | BinaryOp::Eq | BinaryOp::Ne
    )
}

impl Lowering<'_> {
    /// True if evaluating `e` has no effect and needs no check: it can become one HOL term
    /// even where C might not evaluate it (the later operand of `&&`, a branch of `?:`).
    fn simple(&self, b: &Body, e: &Expr) -> bool {
        match &e.kind {
            ExprKind::Int(..) | ExprKind::Var(_) | ExprKind::String(_) | ExprKind::SizeOf(_) => {
                true
            }
            ExprKind::Unary(UnaryOp::Neg, x) => {
                self.simple(b, x)
                    && (self.integers == Integers::Mathematical
                        || !self.type_of(b, x).promoted().signed)
            }
            ExprKind::Unary(_, x) | ExprKind::Cast(_, x) => self.simple(b, x),
            ExprKind::Binary(BinaryOp::Comma, ..) => false,
            ExprKind::Binary(op, l, r) => {
                // A divisor other than a non-zero literal is checked.
                let divisor_checked = matches!(op, BinaryOp::Div | BinaryOp::Rem)
                    && !matches!(&r.kind, ExprKind::Int(n, _) if *n != 0);
                self.simple(b, l)
                    && self.simple(b, r)
                    && !divisor_checked
                    && !self.operator_checks(b, *op, l, r)
            }
            ExprKind::Conditional(c, x, y) => {
                self.simple(b, c) && self.simple(b, x) && self.simple(b, y)
            }
            _ => false,
        }
    }
}

/// What an expression may read and write (for the order check).
fn footprint(e: &Expr, writes: &BTreeMap<String, BTreeSet<String>>) -> Footprint {
    let mut fp = Footprint::default();
    let sub = |x: &Expr| footprint(x, writes);
    match &e.kind {
        // `sizeof` does not evaluate its operand; a string is constant.
        ExprKind::Int(..) | ExprKind::String(_) | ExprKind::Refused | ExprKind::SizeOf(_) => {}
        ExprKind::Var(n) => {
            fp.reads.insert(n.clone());
        }
        ExprKind::Index(a, i) => {
            fp.reads.insert(a.name.clone());
            fp.reads.insert(MEMORY.into());
            fp = fp.union(sub(i));
        }
        ExprKind::Member { base, .. } => {
            fp = sub(base);
            fp.reads.insert(MEMORY.into());
        }
        ExprKind::Subscript(x, i) => {
            fp = sub(x).union(sub(i));
            fp.reads.insert(MEMORY.into());
        }
        ExprKind::Call(f, args) => {
            if let Some(w) = writes.get(&f.name) {
                fp.writes.extend(w.iter().cloned());
                fp.reads_globals = true;
            }
            for a in args {
                fp = fp.union(sub(a));
            }
        }
        ExprKind::CallThrough(f, args) => {
            fp = sub(f);
            if let Some(w) = writes.get(function_pointers::ADDRESS_TAKEN) {
                fp.writes.extend(w.iter().cloned());
            }
            fp.reads_globals = true;
            for a in args {
                fp = fp.union(sub(a));
            }
        }
        ExprKind::Unary(_, x) | ExprKind::Cast(_, x) => fp = sub(x),
        // `&x` reads no value; `&a[i]` evaluates `i`.
        ExprKind::AddressOf(x) => match &x.kind {
            ExprKind::Var(_) => {}
            ExprKind::Index(_, i) => fp = sub(i),
            ExprKind::Deref(p) => fp = sub(p),
            _ => fp = sub(x),
        },
        ExprKind::Deref(p) => {
            fp = sub(p);
            fp.reads.insert(MEMORY.into());
        }
        ExprKind::Binary(_, l, r) => fp = sub(l).union(sub(r)),
        ExprKind::Conditional(c, x, y) => fp = sub(c).union(sub(x)).union(sub(y)),
        ExprKind::Assign(_, t, r) => {
            fp = sub(t).union(sub(r));
            fp.writes.insert(written(t));
        }
        ExprKind::Step { target, .. } => {
            fp = sub(target);
            fp.writes.insert(written(target));
        }
    }
    fp
}

/// The name the footprint gives memory reached through pointers.
const MEMORY: &str = memory_model::MEMORY;

/// What assigning `target` writes: its variable (an array's, or a pointer's pointee when it is
/// indexed: memory, conservatively for both), or memory for `*p`.
fn written(target: &Expr) -> String {
    match &target.kind {
        ExprKind::Var(n) => n.clone(),
        ExprKind::Index(Ident { name, .. }, _) => name.clone(),
        _ => MEMORY.into(),
    }
}

/// True if the order of two unsequenced operands could matter.
fn conflicts(a: &Footprint, b: &Footprint, globals: &[VarInfo]) -> bool {
    let is_global = |n: &String| globals.iter().any(|g| &g.name == n);
    let touches = |w: &BTreeSet<String>, other: &Footprint| {
        w.iter().any(|n| {
            other.reads.contains(n)
                || other.writes.contains(n)
                || (other.reads_globals && is_global(n))
        })
    };
    touches(&a.writes, b) || touches(&b.writes, a)
}

/// True if `e` reads the variable `name`.
fn footprint_reads(e: &Expr, name: &str) -> bool {
    footprint(e, &BTreeMap::new()).reads.contains(name)
}

/// The names a block assigns and the functions it calls (syntactically).
fn block_writes(block: &Block, writes: &mut BTreeSet<String>, calls: &mut BTreeSet<String>) {
    for s in &block.statements {
        statement_writes(s, writes, calls);
    }
}

fn statement_writes(s: &Statement, writes: &mut BTreeSet<String>, calls: &mut BTreeSet<String>) {
    let expr = |e: &Expr, writes: &mut BTreeSet<String>, calls: &mut BTreeSet<String>| {
        expr_writes(e, writes, calls)
    };
    match &s.kind {
        StatementKind::Empty
        | StatementKind::Break
        | StatementKind::Continue
        | StatementKind::Goto(_) => {}
        StatementKind::Block(b) => block_writes(b, writes, calls),
        StatementKind::Declaration(ds) => {
            for d in ds {
                if let Some(init) = &d.init {
                    init.expressions().into_iter().for_each(|e| expr(e, writes, calls));
                }
            }
        }
        StatementKind::Expr(e) => expr(e, writes, calls),
        StatementKind::Return(e) => {
            if let Some(e) = e {
                expr(e, writes, calls);
            }
        }
        StatementKind::If(c, t, o) => {
            expr(c, writes, calls);
            statement_writes(t, writes, calls);
            if let Some(o) = o {
                statement_writes(o, writes, calls);
            }
        }
        StatementKind::While(c, body) | StatementKind::DoWhile(body, c) => {
            expr(c, writes, calls);
            statement_writes(body, writes, calls);
        }
        StatementKind::For { init, condition, step, body } => {
            if let Some(i) = init {
                statement_writes(i, writes, calls);
            }
            for e in condition.iter().chain(step.iter()) {
                expr(e, writes, calls);
            }
            statement_writes(body, writes, calls);
        }
        StatementKind::Labeled(_, inner) => statement_writes(inner, writes, calls),
    }
}

fn expr_writes(e: &Expr, writes: &mut BTreeSet<String>, calls: &mut BTreeSet<String>) {
    let fp = footprint(e, &BTreeMap::new());
    writes.extend(fp.writes);
    collect_calls(e, calls);
}

fn collect_calls(e: &Expr, calls: &mut BTreeSet<String>) {
    match &e.kind {
        ExprKind::Int(..)
        | ExprKind::Var(_)
        | ExprKind::String(_)
        | ExprKind::Refused
        | ExprKind::SizeOf(_) => {}
        ExprKind::Index(_, i) => collect_calls(i, calls),
        ExprKind::Member { base, .. } => collect_calls(base, calls),
        ExprKind::Subscript(x, i) => {
            collect_calls(x, calls);
            collect_calls(i, calls);
        }
        ExprKind::Call(f, args) => {
            calls.insert(f.name.clone());
            args.iter().for_each(|a| collect_calls(a, calls));
        }
        ExprKind::CallThrough(f, args) => {
            calls.insert(function_pointers::ADDRESS_TAKEN.to_string());
            collect_calls(f, calls);
            args.iter().for_each(|a| collect_calls(a, calls));
        }
        ExprKind::Unary(_, x)
        | ExprKind::Cast(_, x)
        | ExprKind::AddressOf(x)
        | ExprKind::Deref(x) => collect_calls(x, calls),
        ExprKind::Binary(_, l, r) | ExprKind::Assign(_, l, r) => {
            collect_calls(l, calls);
            collect_calls(r, calls);
        }
        ExprKind::Conditional(c, x, y) => {
            collect_calls(c, calls);
            collect_calls(x, calls);
            collect_calls(y, calls);
        }
        ExprKind::Step { target, .. } => collect_calls(target, calls),
    }
}

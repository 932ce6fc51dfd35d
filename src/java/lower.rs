//! Java classes with Jahob annotations lowered into the program IR, with Jahob's semantics:
//! fields are functions from objects to values, classes are constant sets of objects, `new`
//! takes an object outside `Object.alloc` and adds it, class invariants are global (over every
//! allocated object of the class), public methods assume and ensure them all, and a method
//! without `modifies` changes only objects it allocates.
//!
//! Names are resolved and Java types checked here, so every assignment the IR makes is one
//! Java's typing allows; that is what makes the typing facts (a field's values lie in its class)
//! sound to assume in every state.
//!
//! # The heap model
//!
//! - `Object.alloc :: obj set` is the set of allocated objects; `null` is in it.
//! - Each class `C` is a constant `C :: obj set`; `null` is in every class (Jahob's convention,
//!   which makes `this : C & this = null --> ...` invariants meaningful), and two classes share
//!   nothing else.
//! - An instance field `f` of `C` is `C.f :: obj => T`; a static field or static ghost variable
//!   is a constant of its type. Arrays are objects with `Array.length :: obj => int` and their
//!   elements in `Array.state :: obj => int => obj` (`Array.intState`, `Array.boolState` for
//!   `int[]`, `boolean[]`).

use std::collections::BTreeSet;

use rustc_hash::FxHashMap;

use super::ast::{
    self, BinaryOp, Class, ClassSpec, ExprKind, Method, SpecStatement, SpecText, StatementKind,
    TypeKind, UnaryOp,
};
use crate::hol::build;
use crate::hol::unfold::{DefinitionBody, Unfolder};
use crate::hol::{ConstId, ConstKind, Obligation, Prim, ProgramFact, Term, TermId, TyId, TyNode};
use crate::ir::{
    CfgBuilder, Command, Condition, ConditionOrigin, Fact, FrameItem, Loc, ProcId, Procedure,
    Program, Variable, VariableKind,
};
use crate::notation::{Elaborator, parse_term, parse_type};
use crate::syntax::{Diagnostic, SourceMap, Span};

/// A Java type after name resolution.
#[derive(Clone, Debug, PartialEq, Eq)]
enum JType {
    Int,
    Bool,
    /// The type of `null`.
    Null,
    Class(String),
    Array(Box<JType>),
}

impl JType {
    fn show(&self) -> String {
        match self {
            JType::Int => "int".into(),
            JType::Bool => "boolean".into(),
            JType::Null => "null".into(),
            JType::Class(c) => c.clone(),
            JType::Array(t) => format!("{}[]", t.show()),
        }
    }

    fn is_reference(&self) -> bool {
        matches!(self, JType::Null | JType::Class(_) | JType::Array(_))
    }

    /// Can a value of type `self` be assigned to a variable of type `to`?
    fn assignable_to(&self, to: &JType) -> bool {
        match (self, to) {
            (a, b) if a == b => true,
            (JType::Null, JType::Class(_) | JType::Array(_)) => true,
            (JType::Class(_) | JType::Array(_), JType::Class(c)) => c == "Object",
            _ => false,
        }
    }
}

/// A field or ghost variable of a class.
#[derive(Clone, Debug)]
struct FieldInfo {
    name: String,
    /// The Java type; `None` for a ghost variable (any HOL type).
    ty: Option<JType>,
    /// The type of its value (of the whole variable when static, of `x..f` otherwise).
    hol: TyId,
    constant: ConstId,
    is_static: bool,
    /// The class that declares it.
    owner: String,
    /// Jahob's `claimedby C`: the one class whose methods may read or write it.
    claimed_by: Option<String>,
    /// Jahob's `readonly`: only its own class's methods may write it.
    readonly: bool,
}

/// A method or constructor.
#[derive(Clone, Debug)]
struct MethodInfo {
    class: usize,
    index: usize,
    name: String,
    is_static: bool,
    constructor: bool,
    public: bool,
    params: Vec<(String, JType, ConstId)>,
    this: Option<ConstId>,
    result: Option<(JType, ConstId)>,
    proc: ProcId,
}

#[derive(Clone, Debug)]
struct ClassInfo {
    name: String,
    set: ConstId,
    fields: Vec<FieldInfo>,
    methods: Vec<usize>,
    /// The instance field initialisers each constructor runs first, in Java's order (the
    /// constant ones before the first that is not are the new object's values instead).
    initializers: Vec<(ast::Ident, ast::Expr)>,
    /// The instance fields whose constant initialisers are the new object's values: each
    /// field, its value, and where the initialiser is written.
    constant_initial: Vec<(ConstId, TermId, Span)>,
}

/// A class invariant, elaborated.
#[derive(Clone, Debug)]
struct Invariant {
    name: String,
    class: usize,
    formula: TermId,
    span: Span,
}

/// The constants of the array model.
#[derive(Clone, Copy, Debug)]
struct ArrayConsts {
    length: ConstId,
    objects: ConstId,
    ints: ConstId,
    bools: ConstId,
}

/// Lowers checked classes into an IR program over the elaborator's signature (which holds the
/// background theory: the standard library's integer axioms). Returns the program unless
/// there were errors, and every diagnostic.
pub fn lower_program(
    units: &[&ast::CompilationUnit],
    elaborator: Elaborator,
    sources: &SourceMap,
) -> (Option<Program>, Vec<Diagnostic>) {
    let mut l = Lowering::new(elaborator, sources);
    let classes: Vec<&Class> = units.iter().flat_map(|u| u.classes.iter()).collect();
    l.declare_classes(&classes);
    l.declare_members(&classes);
    l.definitions(&classes);
    l.invariants(&classes);
    l.contracts(&classes);
    l.bodies(&classes);
    l.claimed_frames();
    l.finish()
}

struct Lowering<'s> {
    sources: &'s SourceMap,
    elab: Elaborator,
    diags: Vec<Diagnostic>,
    classes: Vec<ClassInfo>,
    methods: Vec<MethodInfo>,
    variables: Vec<Variable>,
    procedures: Vec<Procedure>,
    background: Vec<Fact>,
    state_facts: Vec<Fact>,
    invariants: Vec<Invariant>,
    alloc: ConstId,
    old: ConstId,
    theinvs: ConstId,
    arrays: ArrayConsts,
    /// Constant names taken so far by procedure-local variables.
    taken: BTreeSet<String>,
    /// The names the last [`Lowering::scope`] gave formulas.
    elab_locals: Vec<(String, ConstId)>,
    /// Specification variables defined by `vardefs`, by qualified name: they are not state
    /// (no IR variable), every formula mentioning them is unfolded (see [`Lowering::unfold`]).
    defined_names: BTreeSet<String>,
    /// Their definitions, by constant (for `this..x`, a function of `this`).
    definitions: FxHashMap<ConstId, DefinitionBody>,
}

/// The state of lowering one method body.
struct Body {
    g: CfgBuilder,
    /// Where the next statement starts; `None` after a `return`.
    cur: Option<Loc>,
    exit: Loc,
    method: usize,
    scopes: Vec<Vec<(String, ConstId, JType)>>,
    locals: Vec<ConstId>,
    /// Locals known to hold a fresh object (not null) since their last assignment.
    fresh: BTreeSet<ConstId>,
    temps: usize,
}

impl<'s> Lowering<'s> {
    fn new(mut elab: Elaborator, sources: &'s SourceMap) -> Lowering<'s> {
        elab.set_unbound_note(
            "a formula may name the method's parameters and locals, `this`, `result` (in \
             `ensures`), the class's fields and ghost variables, `C.f` for a field of class C, \
             class names, `Object.alloc`, `old`, `theinvs` and the standard library's constants",
        );
        let bank = elab.bank_mut();
        let obj = build::obj_ty(bank);
        let int = build::int_ty(bank);
        let boolean = build::bool_ty(bank);
        let objset = bank.ty(TyNode::Set(obj));
        let a = bank.ty(TyNode::Param("'a".into()));
        let a_to_a = bank.ty(TyNode::Fun(a, a));
        let obj_int = bank.ty(TyNode::Fun(obj, int));
        let int_obj = bank.ty(TyNode::Fun(int, obj));
        let int_int = bank.ty(TyNode::Fun(int, int));
        let int_bool = bank.ty(TyNode::Fun(int, boolean));
        let state_obj = bank.ty(TyNode::Fun(obj, int_obj));
        let state_int = bank.ty(TyNode::Fun(obj, int_int));
        let state_bool = bank.ty(TyNode::Fun(obj, int_bool));
        let mut declare = |name: &str, ty: TyId| {
            elab.declare_const(name, None, ty, ConstKind::Declared)
                .unwrap_or_else(|| elab.constant(name).expect("a name taken is declared"))
        };
        let alloc = declare("Object.alloc", objset);
        let old = declare("old", a_to_a);
        let theinvs = declare("theinvs", boolean);
        let arrays = ArrayConsts {
            length: declare("Array.length", obj_int),
            objects: declare("Array.state", state_obj),
            ints: declare("Array.intState", state_int),
            bools: declare("Array.boolState", state_bool),
        };
        let mut l = Lowering {
            sources,
            elab,
            diags: Vec::new(),
            classes: Vec::new(),
            methods: Vec::new(),
            variables: Vec::new(),
            procedures: Vec::new(),
            background: Vec::new(),
            state_facts: Vec::new(),
            invariants: Vec::new(),
            alloc,
            old,
            theinvs,
            arrays,
            taken: BTreeSet::new(),
            elab_locals: Vec::new(),
            defined_names: BTreeSet::new(),
            definitions: FxHashMap::default(),
        };
        l.variable(alloc, "Object.alloc", VariableKind::Alloc, None);
        for (c, name) in [
            (arrays.length, "Array.length"),
            (arrays.objects, "Array.state"),
            (arrays.ints, "Array.intState"),
            (arrays.bools, "Array.boolState"),
        ] {
            l.variable(c, name, VariableKind::Field { class: "Array".into(), initial: None }, None);
        }
        // null is allocated in every state.
        let null = l.null(Span::default());
        let alloc_t = l.constant_term(alloc, Span::default());
        let f = build::mem(l.bank(), null, alloc_t);
        l.state_facts.push(Fact {
            formula: f,
            name: "null_allocated".into(),
            kind: ProgramFact::HeapModel,
            span: None,
        });
        // Array lengths are never negative (every `new T[n]` checks `0 <= n`).
        let x = l.bank().new_var("a", obj, Span::default());
        let xt = build::var(l.bank(), x);
        let len = l.constant_term(arrays.length, Span::default());
        let len_x = build::app(l.bank(), len, xt);
        let zero = build::int(l.bank(), 0, Span::default());
        let nonneg = build::formula(l.bank(), Prim::Le, vec![zero, len_x]);
        let f = build::all(l.bank(), vec![x], nonneg);
        l.state_facts.push(Fact {
            formula: f,
            name: "array_length_nonnegative".into(),
            kind: ProgramFact::Typing,
            span: None,
        });
        // The elements of an allocated array are allocated, as every reference field's values
        // are: `Array.state` changes only by a store of a reference value (which Java's typing
        // makes an allocated object or null), by `new T[n]` (every element null) and by callees
        // (the same argument), and the rows of objects that are not arrays of references are
        // never read. Without it, a fresh object could be an element of an existing array, and
        // no class invariant over array elements would survive an allocation.
        let a = l.bank().new_var("a", obj, Span::default());
        let int = build::int_ty(l.bank());
        let i = l.bank().new_var("i", int, Span::default());
        let at = build::var(l.bank(), a);
        let it = build::var(l.bank(), i);
        let state = l.constant_term(arrays.objects, Span::default());
        let row = build::app(l.bank(), state, at);
        let element = build::app(l.bank(), row, it);
        let a_in = build::mem(l.bank(), at, alloc_t);
        let element_in = build::mem(l.bank(), element, alloc_t);
        let body = build::implies(l.bank(), a_in, element_in);
        let f = build::all(l.bank(), vec![a, i], body);
        l.state_facts.push(Fact {
            formula: f,
            name: "array_elements_allocated".into(),
            kind: ProgramFact::Typing,
            span: None,
        });
        l
    }

    fn bank(&mut self) -> &mut crate::hol::HolBank {
        self.elab.bank_mut()
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diags.push(Diagnostic::error(span, message));
    }

    fn variable(&mut self, c: ConstId, name: &str, kind: VariableKind, span: Option<Span>) {
        self.variables.push(Variable { constant: c, name: name.into(), kind, span, scope: None });
    }

    fn constant_term(&mut self, c: ConstId, span: Span) -> TermId {
        let ty = self.elab.const_decl(c).ty;
        build::constant(self.bank(), c, ty, span)
    }

    fn null(&mut self, span: Span) -> TermId {
        let c = self.elab.constant("null").expect("null is built in");
        self.constant_term(c, span)
    }

    fn hol_type(&mut self, t: &JType) -> TyId {
        let bank = self.bank();
        match t {
            JType::Int => build::int_ty(bank),
            JType::Bool => build::bool_ty(bank),
            _ => build::obj_ty(bank),
        }
    }

    fn resolve(&mut self, t: &ast::Type) -> Option<JType> {
        match &t.kind {
            TypeKind::Int => Some(JType::Int),
            TypeKind::Boolean => Some(JType::Bool),
            TypeKind::Class(c) if c == "Object" || self.class_index(c).is_some() => {
                Some(JType::Class(c.clone()))
            }
            TypeKind::Class(c) => {
                self.error(t.span, format!("unknown class `{c}`"));
                None
            }
            TypeKind::Array(e) => Some(JType::Array(Box::new(self.resolve(e)?))),
        }
    }

    fn class_index(&self, name: &str) -> Option<usize> {
        self.classes.iter().position(|c| c.name == name)
    }

    /// A fresh constant name for a procedure-local variable.
    fn unique(&mut self, base: &str) -> String {
        let mut name = base.to_string();
        let mut n = 1;
        while self.taken.contains(&name) || self.elab.constant(&name).is_some() {
            n += 1;
            name = format!("{base}#{n}");
        }
        self.taken.insert(name.clone());
        name
    }

    // ---------------------------------------------------------------- declarations

    fn declare_classes(&mut self, classes: &[&Class]) {
        let obj = build::obj_ty(self.bank());
        let objset = self.bank().ty(TyNode::Set(obj));
        for class in classes {
            let name = &class.name.name;
            if name == "Object" || name == "Array" || self.class_index(name).is_some() {
                self.error(class.name.span, format!("class `{name}` is already declared"));
                continue;
            }
            let Some(set) =
                self.elab.declare_const(name, Some(class.name.span), objset, ConstKind::Declared)
            else {
                self.diags.extend(self.elab.take_diagnostics());
                continue;
            };
            self.classes.push(ClassInfo {
                name: name.clone(),
                set,
                fields: Vec::new(),
                methods: Vec::new(),
                initializers: Vec::new(),
                constant_initial: Vec::new(),
            });
        }
        // null is in every class; two classes share nothing else.
        let span = Span::default();
        for i in 0..self.classes.len() {
            let null = self.null(span);
            let set = self.constant_term(self.classes[i].set, span);
            let f = build::mem(self.bank(), null, set);
            let name = format!("null_in_{}", self.classes[i].name);
            self.background.push(Fact {
                formula: f,
                name,
                kind: ProgramFact::HeapModel,
                span: None,
            });
            for j in i + 1..self.classes.len() {
                let x = self.bank().new_var("x", obj, span);
                let xt = build::var(self.bank(), x);
                let a = self.constant_term(self.classes[i].set, span);
                let b = self.constant_term(self.classes[j].set, span);
                let in_a = build::mem(self.bank(), xt, a);
                let in_b = build::mem(self.bank(), xt, b);
                let both = build::and(self.bank(), in_a, in_b);
                let null = self.null(span);
                let is_null = build::eq(self.bank(), xt, null);
                let body = build::implies(self.bank(), both, is_null);
                let f = build::all(self.bank(), vec![x], body);
                let name = format!("{}_{}_disjoint", self.classes[i].name, self.classes[j].name);
                self.background.push(Fact {
                    formula: f,
                    name,
                    kind: ProgramFact::HeapModel,
                    span: None,
                });
            }
        }
    }

    fn declare_members(&mut self, classes: &[&Class]) {
        for class in classes {
            let Some(ci) = self.class_index(&class.name.name) else { continue };
            // Set at the first instance initialiser that is not a constant: from there on, in
            // Java's order, every initialiser runs at the start of each constructor.
            let mut in_constructors = false;
            for field in &class.fields {
                let Some(ty) = self.resolve(&field.ty) else { continue };
                for (name, init) in &field.names {
                    let mut initial = None;
                    if let Some(e) = init {
                        let constant = self.constant_initializer(e, &ty);
                        match (field.modifiers.static_, constant) {
                            (_, Some(None)) => {}
                            // A static field's constant initialiser is read and type-checked
                            // but assumed nowhere: see `constant_initializer`.
                            (true, Some(Some(_))) => {}
                            (true, None) => self.error(
                                e.span,
                                format!(
                                    "the initialiser of static field `{}` is not a constant: \
                                     craig reads static initialisers only as `0`, `true`, `null` \
                                     and the like (assign the field in a method)",
                                    name.name
                                ),
                            ),
                            (false, Some(Some(t))) if !in_constructors => initial = Some(t),
                            (false, _) => {
                                in_constructors = true;
                                self.classes[ci].initializers.push((name.clone(), e.clone()));
                            }
                        }
                    }
                    let hol = self.hol_type(&ty);
                    self.field(ci, name, Some(ty.clone()), hol, field.modifiers.static_, initial);
                    self.restrict_field(ci, &name.name, &field.modifiers);
                    if let (Some(value), Some(e)) = (initial, init)
                        && let Some(f) =
                            self.classes[ci].fields.iter().find(|f| f.name == name.name)
                    {
                        let constant = f.constant;
                        self.classes[ci].constant_initial.push((constant, value, e.span));
                    }
                }
            }
            for spec in &class.specs {
                if let ClassSpec::Vardefs { definition, .. } = spec
                    && let Some((name, _)) = split_definition(definition)
                {
                    self.defined_names.insert(format!("{}.{}", class.name.name, name.name));
                }
            }
            for spec in &class.specs {
                match spec {
                    ClassSpec::Specvar { modifiers, ghost, name, ty, initial, span } => {
                        let (parsed, d) =
                            parse_type(ty.span.file, &ty.text, ty.span.start as usize);
                        self.diags.extend(d);
                        let Some(parsed) = parsed else { continue };
                        let Some(hol) = self.elab.resolve_type(&parsed) else {
                            self.diags.extend(self.elab.take_diagnostics());
                            continue;
                        };
                        if !self.elab.bank().is_ground(hol) {
                            self.error(ty.span, "a ghost variable's type has no type variables");
                            continue;
                        }
                        let initial = match initial {
                            None => None,
                            Some(text) => {
                                self.elab.set_locals(Vec::new());
                                self.elab.set_abbreviations(Vec::new());
                                self.spec_term(text, Some(hol))
                            }
                        };
                        // A static ghost variable's initial value (`static ghost specvar
                        // x :: int = "0"`) is read and type-checked above, and then assumed
                        // nowhere, as a static field's constant initialiser is (see
                        // `constant_initializer`): it holds when the class is initialised, but
                        // a method may run after others changed the variable.
                        let qualified = format!("{}.{}", class.name.name, name.name);
                        if self.defined_names.contains(&qualified) {
                            if *ghost {
                                self.error(
                                    *span,
                                    format!(
                                        "`{}` is defined by `vardefs`, so it is not ghost state: \
                                         declare it `specvar` without `ghost`",
                                        name.name
                                    ),
                                );
                            }
                            if initial.is_some() {
                                self.error(
                                    *span,
                                    format!(
                                        "`{}` is defined by `vardefs` and has no initial value",
                                        name.name
                                    ),
                                );
                            }
                        }
                        self.field(ci, name, None, hol, modifiers.static_, initial);
                    }
                    ClassSpec::Invariant { .. } => {}
                    ClassSpec::Vardefs { definition, .. } => {
                        if split_definition(definition).is_none() {
                            self.error(
                                definition.span,
                                "expected a definition `NAME == TERM` of a `specvar` of this class",
                            );
                        }
                    }
                }
            }
        }
        for class in classes {
            let Some(ci) = self.class_index(&class.name.name) else { continue };
            for (mi, method) in class.methods.iter().enumerate() {
                fn name(m: &Method) -> &str {
                    if m.constructor { "init" } else { &m.name.name }
                }
                let overloaded =
                    class.methods.iter().filter(|m| name(m) == name(method)).count() > 1;
                self.declare_method(ci, mi, method, overloaded);
            }
            let initializers = &self.classes[ci].initializers;
            if let Some((field, _)) = initializers.first()
                && !class.methods.iter().any(|m| m.constructor)
            {
                let (span, field) = (field.span, field.name.clone());
                self.error(
                    span,
                    format!(
                        "the initialiser of `{}.{field}` is not a constant, and a class without a \
                         constructor has nowhere to run it: write a constructor",
                        class.name.name
                    ),
                );
            }
        }
    }

    /// A field initialiser that is a constant of the field's type (`0`, `-1`, `true`, `null`):
    /// `Some(Some(value))`; `Some(None)` if it is a constant of another type (reported); `None`
    /// if it is not a constant.
    ///
    /// An instance field's constant initialiser is the field's value in a new object, as if
    /// the object were allocated with it: in Java it is stored at the start of the
    /// constructor, and nothing can read the object between its allocation and then. A
    /// static field's is assumed nowhere: Java runs it when the class is initialised, before
    /// any of craig's methods could run, but a method may run after other methods changed
    /// the field, so a method is verified for every value its precondition and the class
    /// invariants allow (whether the invariants hold of the initial values is not checked).
    fn constant_initializer(&mut self, e: &ast::Expr, ty: &JType) -> Option<Option<TermId>> {
        let (value, found) = match &e.kind {
            ExprKind::Int(n) => (build::int(self.bank(), *n, e.span), JType::Int),
            ExprKind::Unary(UnaryOp::Neg, x) => match x.kind {
                ExprKind::Int(n) => (build::int(self.bank(), -n, e.span), JType::Int),
                _ => return None,
            },
            ExprKind::Bool(v) => (build::truth(self.bank(), *v, e.span), JType::Bool),
            ExprKind::Null => (self.null(e.span), JType::Null),
            _ => return None,
        };
        if !found.assignable_to(ty) {
            self.error(
                e.span,
                format!("expected a value of type {}, found {}", ty.show(), found.show()),
            );
            return Some(None);
        }
        Some(Some(value))
    }

    fn field(
        &mut self,
        ci: usize,
        name: &ast::Ident,
        ty: Option<JType>,
        hol: TyId,
        is_static: bool,
        initial: Option<TermId>,
    ) {
        let class = self.classes[ci].name.clone();
        if self.classes[ci].fields.iter().any(|f| f.name == name.name) {
            self.error(name.span, format!("`{}` is declared twice in `{class}`", name.name));
            return;
        }
        let qualified = format!("{class}.{}", name.name);
        let full_ty = if is_static {
            hol
        } else {
            let obj = build::obj_ty(self.bank());
            self.bank().ty(TyNode::Fun(obj, hol))
        };
        let Some(c) =
            self.elab.declare_const(&qualified, Some(name.span), full_ty, ConstKind::Declared)
        else {
            self.diags.extend(self.elab.take_diagnostics());
            return;
        };
        let kind = if is_static {
            VariableKind::Global
        } else {
            // Java's default for a new object: 0, false, null; a ghost field's written value.
            let default = match (&ty, initial) {
                (_, Some(t)) => Some(t),
                (Some(JType::Int), None) => Some(build::int(self.bank(), 0, name.span)),
                (Some(JType::Bool), None) => Some(build::truth(self.bank(), false, name.span)),
                (Some(_), None) => Some(self.null(name.span)),
                (None, None) => None,
            };
            VariableKind::Field { class: class.clone(), initial: default }
        };
        // A defined variable is not state: its value is its definition's in every state.
        if !self.defined_names.contains(&qualified) {
            self.variable(c, &qualified, kind, Some(name.span));
        }
        self.classes[ci].fields.push(FieldInfo {
            name: name.name.clone(),
            ty: ty.clone(),
            hol,
            constant: c,
            is_static,
            owner: class.clone(),
            claimed_by: None,
            readonly: false,
        });
        // Typing facts: a reference field's values are allocated objects of its class.
        if let Some(t) = &ty
            && t.is_reference()
        {
            self.reference_facts(c, t, is_static, &qualified, name.span);
        }
    }

    /// Records the access Jahob's `claimedby C` and `readonly` give field `name` of class `ci`
    /// (a class that claims must exist).
    fn restrict_field(&mut self, ci: usize, name: &str, modifiers: &ast::Modifiers) {
        if let Some(c) = &modifiers.claimed_by
            && self.class_index(&c.name).is_none()
        {
            self.error(c.span, format!("`claimedby {}`: there is no class `{}`", c.name, c.name));
            return;
        }
        if let Some(f) = self.classes[ci].fields.iter_mut().rev().find(|f| f.name == name) {
            f.claimed_by = modifiers.claimed_by.as_ref().map(|c| c.name.clone());
            f.readonly = modifiers.readonly;
        }
    }

    /// Refuses a read (`write` false) or write of field `f` in method `b` that Jahob's
    /// `claimedby` or `readonly` forbids, at `span`; whether the access is allowed.
    fn field_access_allowed(&mut self, b: &Body, f: &FieldInfo, write: bool, span: Span) -> bool {
        let here = self.classes[self.methods[b.method].class].name.clone();
        if let Some(c) = &f.claimed_by
            && *c != here
        {
            self.error(
                span,
                format!(
                    "`{}.{}` is `claimedby {c}`: only `{c}`'s methods may read or write it, and \
                     this is a method of `{here}`",
                    f.owner, f.name
                ),
            );
            return false;
        }
        if write && f.readonly && f.owner != here {
            self.error(
                span,
                format!(
                    "`{}.{}` is `readonly`: only `{}`'s methods may write it, and this is a \
                     method of `{here}`",
                    f.owner, f.name, f.owner
                ),
            );
            return false;
        }
        true
    }

    fn reference_facts(&mut self, c: ConstId, t: &JType, is_static: bool, name: &str, span: Span) {
        let obj = build::obj_ty(self.bank());
        let field = self.constant_term(c, span);
        let alloc = self.constant_term(self.alloc, span);
        let class_set = match t {
            JType::Class(d) => self.class_index(d).map(|i| self.classes[i].set),
            _ => None,
        };
        if is_static {
            // A static field is a term like any other: allocated and of its class in every
            // state (assignments to it are type-checked), so both facts are state facts, which
            // the VC generator assumes of the field's value in each state, not only at entry.
            let facts = self.typing_facts(field, t, name, span);
            self.state_facts.extend(facts);
            return;
        }
        let x = self.bank().new_var("x", obj, span);
        let xt = build::var(self.bank(), x);
        let fx = build::app(self.bank(), field, xt);
        let x_in = build::mem(self.bank(), xt, alloc);
        let fx_in = build::mem(self.bank(), fx, alloc);
        let body = build::implies(self.bank(), x_in, fx_in);
        let f = build::all(self.bank(), vec![x], body);
        self.state_facts.push(Fact {
            formula: f,
            name: format!("{name}_allocated"),
            kind: ProgramFact::Typing,
            span: Some(span),
        });
        if let Some(set) = class_set {
            let y = self.bank().new_var("x", obj, span);
            let yt = build::var(self.bank(), y);
            let fy = build::app(self.bank(), field, yt);
            let set = self.constant_term(set, span);
            let body = build::mem(self.bank(), fy, set);
            let f = build::all(self.bank(), vec![y], body);
            self.state_facts.push(Fact {
                formula: f,
                name: format!("{name}_type"),
                kind: ProgramFact::Typing,
                span: Some(span),
            });
        }
    }

    /// Declares method `mi` of class `ci`; an `overloaded` one (its class has another of its
    /// name, or another constructor) has its parameter types in its procedure's name
    /// (`C.m(int,Node)`, `C.init(int)`), so each overload's obligations have names of their own.
    fn declare_method(&mut self, ci: usize, mi: usize, method: &Method, overloaded: bool) {
        let class = self.classes[ci].name.clone();
        let name = if method.constructor { "init".to_string() } else { method.name.name.clone() };
        // Jahob's field modifiers say who may touch a field; on a method they mean nothing.
        if let Some(c) = &method.modifiers.claimed_by {
            self.error(c.span, "`claimedby` applies to fields, not to methods");
        }
        if method.modifiers.readonly {
            self.error(method.name.span, "`readonly` applies to fields, not to methods");
        }
        if method.constructor && method.name.name != class {
            self.error(method.name.span, format!("a method of `{class}` needs a result type"));
            return;
        }
        // Constants are named after the method without its signature (`unique` tells the
        // overloads' apart); the procedure's name has the signature when overloaded.
        let proc_name = format!("{class}.{name}");
        let mut ok = true;
        let mut params = Vec::new();
        let this = if method.modifiers.static_ {
            None
        } else {
            let obj = build::obj_ty(self.bank());
            let unique = self.unique(&format!("{proc_name}.this"));
            let c = self
                .elab
                .declare_const(&unique, None, obj, ConstKind::Declared)
                .expect("a unique name is free");
            self.variable(c, "this", VariableKind::Parameter, Some(method.name.span));
            Some(c)
        };
        for p in &method.params {
            let Some(t) = self.resolve(&p.ty) else {
                ok = false;
                continue;
            };
            if params.iter().any(|(n, _, _): &(String, JType, ConstId)| *n == p.name.name) {
                self.error(p.name.span, format!("parameter `{}` is declared twice", p.name.name));
                ok = false;
                continue;
            }
            let hol = self.hol_type(&t);
            let unique = self.unique(&format!("{proc_name}.{}", p.name.name));
            let Some(c) = self.elab.declare_const(&unique, None, hol, ConstKind::Declared) else {
                ok = false;
                continue;
            };
            self.variable(c, &p.name.name, VariableKind::Parameter, Some(p.name.span));
            params.push((p.name.name.clone(), t, c));
        }
        let result = match &method.result {
            None => None,
            Some(t) => match self.resolve(t) {
                None => {
                    ok = false;
                    None
                }
                Some(t) => {
                    let hol = self.hol_type(&t);
                    let unique = self.unique(&format!("{proc_name}.result"));
                    let c = self
                        .elab
                        .declare_const(&unique, None, hol, ConstKind::Declared)
                        .expect("a unique name is free");
                    self.variable(c, "result", VariableKind::Result, None);
                    Some((t, c))
                }
            },
        };
        if !ok {
            return;
        }
        let duplicate = self.classes[ci].methods.iter().any(|&m| {
            let other = &self.methods[m];
            other.name == name
                && other.params.len() == params.len()
                && other.params.iter().zip(&params).all(|(a, b)| a.1 == b.1)
        });
        if duplicate {
            let what = if method.constructor { "a constructor" } else { "a method" };
            self.error(
                method.name.span,
                format!("`{class}` already has {what} with these parameter types"),
            );
            return;
        }
        let proc_name = if overloaded {
            let types: Vec<String> = params.iter().map(|p| p.1.show()).collect();
            format!("{proc_name}({})", types.join(","))
        } else {
            proc_name
        };
        let proc = ProcId(self.procedures.len() as u32);
        self.procedures.push(Procedure {
            name: proc_name,
            span: method.name.span,
            params: this.into_iter().chain(params.iter().map(|p| p.2)).collect(),
            results: result.iter().map(|r| r.1).collect(),
            locals: Vec::new(),
            requires: Vec::new(),
            ensures: Vec::new(),
            modifies: Vec::new(),
            assumes: Vec::new(),
            guarantees: Vec::new(),
            body: None,
        });
        let index = self.methods.len();
        self.methods.push(MethodInfo {
            class: ci,
            index: mi,
            name,
            is_static: method.modifiers.static_,
            constructor: method.constructor,
            public: method.modifiers.public,
            params,
            this,
            result,
            proc,
        });
        self.classes[ci].methods.push(index);
    }

    // ---------------------------------------------------------------- specifications

    /// Parses and elaborates a formula written in a specification, with the current locals.
    fn spec_formula(&mut self, text: &SpecText) -> Option<TermId> {
        let boolean = build::bool_ty(self.bank());
        self.spec_term(text, Some(boolean))
    }

    fn spec_term(&mut self, text: &SpecText, expected: Option<TyId>) -> Option<TermId> {
        let t = self.spec_term_as_written(text, expected)?;
        Some(self.unfold(t))
    }

    /// A specification text parsed, its diagnostics kept; `None` if it has errors.
    fn parse_spec(&mut self, text: &SpecText) -> Option<crate::notation::ast::Expr> {
        let (parsed, d) = parse_term(text.span.file, &text.text, text.span.start as usize);
        let failed = crate::syntax::has_errors(&d);
        self.diags.extend(d);
        parsed.filter(|_| !failed)
    }

    /// [`Lowering::spec_term`] without unfolding `vardefs` variables.
    fn spec_term_as_written(&mut self, text: &SpecText, expected: Option<TyId>) -> Option<TermId> {
        let parsed = self.parse_spec(text)?;
        let r = self.elab.term(&parsed, expected);
        self.diags.extend(self.elab.take_diagnostics());
        let (t, params) = r?;
        if !params.is_empty() {
            self.error(
                text.span,
                "the type of this formula is not determined (add a type ascription `:: type`)",
            );
            return None;
        }
        Some(t)
    }

    /// A formula's term with every `vardefs` variable replaced by its definition (then
    /// beta-reduced), so the VC generator sees only state: a defined variable changes exactly
    /// when the fields its definition reads do.
    fn unfold(&mut self, t: TermId) -> TermId {
        if self.definitions.is_empty() {
            return t;
        }
        let definitions = std::mem::take(&mut self.definitions);
        let unfolded = Unfolder { bank: self.bank(), definitions: &definitions }.unfold(t);
        self.definitions = definitions;
        unfolded
    }

    /// A specification term that names what a statement or `modifies` changes: as
    /// [`Lowering::spec_term`] but not unfolded, and refused (with an error) if it mentions a
    /// defined variable, which changes only through the fields its definition reads (`modifies`
    /// reads one as those fields first: [`Lowering::defined_frame`]).
    fn spec_target(&mut self, text: &SpecText) -> Option<TermId> {
        let t = self.spec_term_as_written(text, None)?;
        let used = build::constants(self.elab.bank(), t);
        if let Some(c) = used.iter().find(|c| self.definitions.contains_key(c)) {
            let name = self.elab.const_decl(*c).name.clone();
            self.error(
                text.span,
                format!(
                    "`{name}` is defined by `vardefs`: it changes only through the fields its \
                     definition reads, so it cannot be assigned, havocked or named in `modifies`"
                ),
            );
            return None;
        }
        Some(t)
    }

    /// Jahob's `modifies D` for a variable `D` defined by `vardefs` (`modifies content`, where
    /// `content` is defined from fields `claimedby` its class): the method may change what the
    /// definition reads, so every field and global the unfolded definition reads is in its
    /// frame whole, and its callers know nothing of them after a call but what the contracts
    /// say. `None` when the item names no defined variable (it is read as a target then).
    fn defined_frame(&mut self, text: &SpecText) -> Option<Vec<FrameItem>> {
        let t = self.spec_term_as_written(text, None)?;
        let used = build::constants(self.elab.bank(), t);
        if !used.iter().any(|c| self.definitions.contains_key(c)) {
            return None;
        }
        let unfolded = self.unfold(t);
        let reads = build::constants(self.elab.bank(), unfolded);
        let items = reads
            .into_iter()
            .filter(|c| {
                self.variables.iter().any(|v| {
                    v.constant == *c
                        && matches!(v.kind, VariableKind::Global | VariableKind::Field { .. })
                })
            })
            .map(FrameItem::Variable)
            .collect();
        Some(items)
    }

    /// The `vardefs` of every class, elaborated in the class's scope (`this` bound for an
    /// instance variable) after every field is declared, so a definition may read any field.
    fn definitions(&mut self, classes: &[&Class]) {
        for class in classes {
            let Some(ci) = self.class_index(&class.name.name) else { continue };
            for spec in &class.specs {
                let ClassSpec::Vardefs { definition, span } = spec else { continue };
                let Some((name, body)) = split_definition(definition) else { continue };
                let Some(field) =
                    self.classes[ci].fields.iter().find(|f| f.name == name.name).cloned()
                else {
                    self.error(
                        name.span,
                        format!(
                            "`{}` is not a `specvar` of `{}`: declare it before defining it",
                            name.name, class.name.name
                        ),
                    );
                    continue;
                };
                if field.ty.is_some() {
                    self.error(
                        name.span,
                        format!("`{}` is a Java field: only a `specvar` can be defined", name.name),
                    );
                    continue;
                }
                if self.definitions.contains_key(&field.constant) {
                    self.error(name.span, format!("`{}` is defined twice", name.name));
                    continue;
                }
                let obj = build::obj_ty(self.bank());
                let this_var = self.bank().new_var("this", obj, *span);
                let this = build::var(self.bank(), this_var);
                let vars = if field.is_static { vec![] } else { vec![this_var] };
                self.scope(ci, vec![], (!field.is_static).then_some(this));
                let Some(parsed) = self.parse_spec(&body) else { continue };
                let r = self.elab.term_with_vars(&parsed, Some(field.hol), &vars);
                self.diags.extend(self.elab.take_diagnostics());
                let Some((t, _)) = r else { continue };
                let occurrence = self.constant_term(field.constant, *span);
                let declared_ty = self.elab.bank().term(occurrence).ty;
                self.definitions
                    .insert(field.constant, DefinitionBody { args: vars, body: t, declared_ty });
            }
        }
        // Unfolding a definition that mentions itself, directly or through others, would not
        // end.
        let defined: Vec<ConstId> = self.definitions.keys().copied().collect();
        let mut cyclic = BTreeSet::new();
        for &start in &defined {
            let mut stack = vec![start];
            let mut seen = BTreeSet::new();
            while let Some(c) = stack.pop() {
                let Some(def) = self.definitions.get(&c) else { continue };
                for used in build::constants(self.elab.bank(), def.body) {
                    if used == start {
                        cyclic.insert(start);
                    } else if seen.insert(used) {
                        stack.push(used);
                    }
                }
            }
        }
        for c in cyclic {
            let name = self.elab.const_decl(c).name.clone();
            let span = self.elab.bank().term(self.definitions[&c].body).span;
            self.definitions.remove(&c);
            self.error(span, format!("the definition of `{name}` depends on itself"));
        }
        // Ghost fields' initial values were read before the definitions were known.
        for i in 0..self.variables.len() {
            if let VariableKind::Field { initial: Some(t), .. } = self.variables[i].kind {
                let unfolded = self.unfold(t);
                if let VariableKind::Field { initial, .. } = &mut self.variables[i].kind {
                    *initial = Some(unfolded);
                }
            }
        }
    }

    /// The names a formula in class `ci` sees: the class's fields and ghost variables by their
    /// bare names, then `extra` (parameters, locals, `this`, `result`).
    fn scope(&mut self, ci: usize, extra: Vec<(String, ConstId)>, this: Option<TermId>) {
        // A field of another class may be named without its class where no other class has a
        // field of that name (`n..cnt` for `Node.cnt`); later entries hide earlier ones.
        let mut locals: Vec<(String, ConstId)> = Vec::new();
        for (other, class) in self.classes.iter().enumerate() {
            if other == ci {
                continue;
            }
            for f in &class.fields {
                let owners = self
                    .classes
                    .iter()
                    .filter(|c| c.fields.iter().any(|g| g.name == f.name))
                    .count();
                if owners == 1 {
                    locals.push((f.name.clone(), f.constant));
                }
            }
        }
        locals.extend(self.classes[ci].fields.iter().map(|f| (f.name.clone(), f.constant)));
        locals.extend(extra);
        let mut abbreviations = Vec::new();
        if let Some(this) = this {
            for f in self.classes[ci].fields.clone() {
                if !f.is_static {
                    let field = self.constant_term(f.constant, Span::default());
                    let t = build::app(self.bank(), field, this);
                    abbreviations.push((f.name.clone(), t));
                }
            }
        }
        self.elab_locals = locals.clone();
        self.elab.set_locals(locals);
        self.elab.set_abbreviations(abbreviations);
    }

    fn invariants(&mut self, classes: &[&Class]) {
        for class in classes {
            let Some(ci) = self.class_index(&class.name.name) else { continue };
            let mut count = 0;
            for spec in &class.specs {
                let ClassSpec::Invariant { name, formula, span, .. } = spec else { continue };
                count += 1;
                let obj = build::obj_ty(self.bank());
                let this_var = self.bank().new_var("this", obj, *span);
                let this = build::var(self.bank(), this_var);
                self.scope(ci, vec![], Some(this));
                let Some(parsed) = self.parse_spec(formula) else { continue };
                let r = self.elab.formula_with_vars(&parsed, &[this_var]);
                self.diags.extend(self.elab.take_diagnostics());
                let Some((t, _)) = r else { continue };
                // Like every other formula, read with `vardefs` variables unfolded: a defined
                // variable left as a constant would keep its value across states.
                let mut t = self.unfold(t);
                if occurs(self.elab.bank(), t, this_var) {
                    // An invariant about `this` holds for every allocated object of the class.
                    let alloc = self.constant_term(self.alloc, *span);
                    let set = self.constant_term(self.classes[ci].set, *span);
                    let null = self.null(*span);
                    let a = build::mem(self.bank(), this, alloc);
                    let b = build::mem(self.bank(), this, set);
                    let eq = build::eq(self.bank(), this, null);
                    let c = build::not(self.bank(), eq);
                    let ab = build::and(self.bank(), a, b);
                    let guard = build::and(self.bank(), ab, c);
                    let body = build::implies(self.bank(), guard, t);
                    t = build::all(self.bank(), vec![this_var], body);
                }
                let label = match name {
                    Some(n) => n.name.clone(),
                    None => format!("inv{count}"),
                };
                if self.invariants.iter().any(|i| i.name == label && i.class == ci) {
                    self.error(*span, format!("a second invariant named `{label}`"));
                    continue;
                }
                self.invariants.push(Invariant {
                    name: label,
                    class: ci,
                    formula: t,
                    span: formula.span,
                });
            }
        }
    }

    /// Conditions from a written formula: its conjuncts, with `theinvs` standing for every class
    /// invariant (one condition each).
    fn conditions(&mut self, t: TermId, span: Span) -> Vec<Condition> {
        let mut out = Vec::new();
        for c in build::conjuncts(self.elab.bank(), t) {
            if matches!(self.elab.bank().term(c).term, Term::Const(k) if k == self.theinvs) {
                out.extend(self.invariant_conditions());
                continue;
            }
            // Each conjunct is reported where it is written, when its term knows that.
            let own = self.elab.bank().term(c).span;
            let at = if own.file == span.file
                && own.start >= span.start
                && own.end <= span.end
                && own.end > own.start
            {
                own
            } else {
                span
            };
            let c = self.expand_theinvs(c);
            out.push(Condition { formula: c, span: at, origin: ConditionOrigin::Written });
        }
        out
    }

    fn invariant_conditions(&self) -> Vec<Condition> {
        self.invariants
            .iter()
            .map(|i| {
                // An invariant's name alone where no other class uses it, else `C.name`.
                let shared = self.invariants.iter().any(|j| j.name == i.name && j.class != i.class);
                let name =
                    if shared || i.name.starts_with("inv") && i.name[3..].parse::<u32>().is_ok() {
                        format!("{}.{}", self.classes[i.class].name, i.name)
                    } else {
                        i.name.clone()
                    };
                Condition {
                    formula: i.formula,
                    span: i.span,
                    origin: ConditionOrigin::ClassInvariant(name),
                }
            })
            .collect()
    }

    /// `theinvs` inside a formula replaced by the conjunction of the invariants.
    fn expand_theinvs(&mut self, t: TermId) -> TermId {
        if !build::constants(self.elab.bank(), t).contains(&self.theinvs) {
            return t;
        }
        let parts: Vec<TermId> = self.invariants.iter().map(|i| i.formula).collect();
        let all = build::and_all(self.bank(), &parts, Span::default());
        let mut map = FxHashMap::default();
        map.insert(self.theinvs, all);
        build::substitute(self.bank(), t, &map)
    }

    fn method_scope(&mut self, m: usize, with_result: bool) -> Option<TermId> {
        let info = self.methods[m].clone();
        let mut extra: Vec<(String, ConstId)> =
            info.params.iter().map(|(n, _, c)| (n.clone(), *c)).collect();
        let this = info.this.map(|c| self.constant_term(c, Span::default()));
        if let Some(c) = info.this {
            extra.push(("this".into(), c));
        }
        if with_result && let Some((_, r)) = &info.result {
            extra.push(("result".into(), *r));
        }
        self.scope(info.class, extra, this);
        this
    }

    /// The declaration of method `m`.
    fn method_syntax<'c>(&self, classes: &[&'c Class], m: usize) -> &'c Method {
        let info = &self.methods[m];
        let class = classes
            .iter()
            .find(|c| c.name.name == self.classes[info.class].name)
            .expect("a method's class is declared");
        &class.methods[info.index]
    }

    fn contracts(&mut self, classes: &[&Class]) {
        for m in 0..self.methods.len() {
            let info = self.methods[m].clone();
            let method = self.method_syntax(classes, m);
            let contract = &method.contract;
            let mut requires = Vec::new();
            let mut ensures = Vec::new();
            let mut modifies = Vec::new();
            let mut mentions_invariants = false;
            self.method_scope(m, false);
            for r in &contract.requires {
                if let Some(t) = self.spec_formula(r) {
                    mentions_invariants |=
                        build::constants(self.elab.bank(), t).contains(&self.theinvs);
                    requires.extend(self.conditions(t, r.span));
                }
            }
            for item in &contract.modifies {
                if let Some(reads) = self.defined_frame(item) {
                    modifies.extend(reads);
                    continue;
                }
                if let Some(t) = self.spec_target(item) {
                    match self.frame_item(t) {
                        Some(f) => modifies.push(f),
                        None => self.error(
                            item.span,
                            "`modifies` names a global or ghost variable, a field (all objects), \
                             or `x..f` (one object's field)",
                        ),
                    }
                }
            }
            self.method_scope(m, true);
            for e in &contract.ensures {
                if let Some(t) = self.spec_formula(e) {
                    mentions_invariants |=
                        build::constants(self.elab.bank(), t).contains(&self.theinvs);
                    ensures.extend(self.conditions(t, e.span));
                }
            }
            // Public methods assume and ensure every class invariant (Jahob's convention); a
            // constructor assumes them of the objects allocated before its own.
            if info.public && !mentions_invariants {
                let mut entry = self.invariant_conditions();
                if info.constructor
                    && let Some(this) = info.this
                {
                    let span = method.name.span;
                    let this = self.constant_term(this, span);
                    let alloc = self.constant_term(self.alloc, span);
                    let obj = build::obj_ty(self.bank());
                    let objset = self.bank().ty(TyNode::Set(obj));
                    let empty = self.bank().add(Term::Prim(Prim::Empty, vec![]), objset, span);
                    let just_this = build::insert(self.bank(), this, empty);
                    let before = build::same_type(self.bank(), Prim::Diff, vec![alloc, just_this]);
                    let mut map = FxHashMap::default();
                    map.insert(self.alloc, before);
                    for c in &mut entry {
                        c.formula = build::substitute(self.bank(), c.formula, &map);
                    }
                }
                requires.extend(entry);
                ensures.extend(self.invariant_conditions());
            }
            // A constructor starts where Java's constant field initialisers have run: the new
            // object has their values. That is a precondition, so each `new` (which allocates
            // with those values just before the call) checks it rather than the constructor
            // trusting it.
            if info.constructor
                && let Some(this) = info.this
            {
                for (field, value, span) in self.classes[info.class].constant_initial.clone() {
                    let f = self.constant_term(field, span);
                    let this = self.constant_term(this, span);
                    let at = build::app(self.bank(), f, this);
                    let eq = build::eq(self.bank(), at, value);
                    requires.push(Condition {
                        formula: eq,
                        span,
                        origin: ConditionOrigin::Written,
                    });
                }
            }
            let assumes = self.parameter_facts(m, method.name.span);
            let guarantees = self.result_facts(m, method.name.span);
            let p = &mut self.procedures[info.proc.0 as usize];
            p.requires = requires;
            p.ensures = ensures;
            p.modifies = modifies;
            p.assumes = assumes;
            p.guarantees = guarantees;
        }
    }

    fn frame_item(&self, t: TermId) -> Option<FrameItem> {
        self.state_item(t, |v| v.kind.is_global())
    }

    /// The state a term names: a variable `is_variable` accepts, or `x..f` (one object's
    /// field). What `modifies`, a specification assignment and `havoc` may name.
    fn state_item(&self, t: TermId, is_variable: impl Fn(&Variable) -> bool) -> Option<FrameItem> {
        let bank = self.elab.bank();
        let variable = |c: ConstId| self.variables.iter().find(|v| v.constant == c);
        match &bank.term(t).term {
            Term::Const(c) if variable(*c).is_some_and(&is_variable) => {
                Some(FrameItem::Variable(*c))
            }
            Term::App(f, x) => match bank.term(*f).term {
                Term::Const(c)
                    if variable(c)
                        .is_some_and(|v| matches!(v.kind, VariableKind::Field { .. })) =>
                {
                    Some(FrameItem::FieldAt { field: c, object: *x })
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// What Java guarantees of the parameters on entry: references are allocated objects of
    /// their classes (or null), `this` is an allocated non-null object of its class.
    fn parameter_facts(&mut self, m: usize, span: Span) -> Vec<Fact> {
        let info = self.methods[m].clone();
        let mut facts = Vec::new();
        let class = JType::Class(self.classes[info.class].name.clone());
        if let Some(this) = info.this {
            let t = self.constant_term(this, span);
            let null = self.null(span);
            let eq = build::eq(self.bank(), t, null);
            let f = build::not(self.bank(), eq);
            facts.push(Fact {
                formula: f,
                name: "this_not_null".into(),
                kind: ProgramFact::Typing,
                span: Some(span),
            });
            facts.extend(self.typing_facts(t, &class, "this", span));
        }
        for (name, ty, c) in &info.params {
            let t = self.constant_term(*c, span);
            facts.extend(self.typing_facts(t, ty, name, span));
        }
        facts
    }

    fn result_facts(&mut self, m: usize, span: Span) -> Vec<Fact> {
        let info = self.methods[m].clone();
        match &info.result {
            Some((ty, c)) => {
                let t = self.constant_term(*c, span);
                self.typing_facts(t, ty, "result", span)
            }
            None => Vec::new(),
        }
    }

    fn typing_facts(&mut self, t: TermId, ty: &JType, name: &str, span: Span) -> Vec<Fact> {
        if !ty.is_reference() {
            return Vec::new();
        }
        let mut facts = Vec::new();
        let alloc = self.constant_term(self.alloc, span);
        let f = build::mem(self.bank(), t, alloc);
        facts.push(Fact {
            formula: f,
            name: format!("{name}_allocated"),
            kind: ProgramFact::Typing,
            span: Some(span),
        });
        if let JType::Class(c) = ty
            && let Some(i) = self.class_index(c)
        {
            let set = self.constant_term(self.classes[i].set, span);
            let f = build::mem(self.bank(), t, set);
            facts.push(Fact {
                formula: f,
                name: format!("{name}_type"),
                kind: ProgramFact::Typing,
                span: Some(span),
            });
        }
        facts
    }

    // ---------------------------------------------------------------- bodies

    fn bodies(&mut self, classes: &[&Class]) {
        for m in 0..self.methods.len() {
            let info = self.methods[m].clone();
            let method = self.method_syntax(classes, m);
            let Some(block) = &method.body else { continue };
            let mut g = CfgBuilder::new();
            let entry = g.location(Some(block.span));
            let exit = g.location(None);
            let mut params: Vec<(String, ConstId, JType)> =
                info.params.iter().map(|(n, t, c)| (n.clone(), *c, t.clone())).collect();
            if let Some(this) = info.this {
                params.push((
                    "this".into(),
                    this,
                    JType::Class(self.classes[info.class].name.clone()),
                ));
            }
            let mut body = Body {
                g,
                cur: Some(entry),
                exit,
                method: m,
                scopes: vec![params],
                locals: Vec::new(),
                fresh: BTreeSet::new(),
                temps: 0,
            };
            if info.constructor {
                self.run_initializers(&mut body, info.class);
            }
            self.block(&mut body, block);
            if let Some(end) = body.cur {
                if info.result.is_some() {
                    self.error(
                        Span::new(
                            block.span.file,
                            block.span.end as usize - 1,
                            block.span.end as usize,
                        ),
                        format!(
                            "`{}` can reach its end without returning a value",
                            method.name.name
                        ),
                    );
                }
                body.g.edge(end, exit, Command::Skip, None);
            }
            let cfg = body.g.finish(entry, exit);
            let p = &mut self.procedures[info.proc.0 as usize];
            p.locals = body.locals;
            p.body = Some(cfg);
        }
    }

    /// The instance field initialisers that are not the new object's values (see
    /// [`ClassInfo::initializers`]), run as Java runs them: `this.f = e` at the start of the
    /// constructor, in the order written, where the constructor's parameters are not in scope.
    /// They are the constructor's writes like any other (its `modifies` names them).
    fn run_initializers(&mut self, b: &mut Body, class: usize) {
        let initializers = self.classes[class].initializers.clone();
        if initializers.is_empty() {
            return;
        }
        let this_only: Vec<(String, ConstId, JType)> =
            b.scopes[0].iter().filter(|(n, _, _)| n == "this").cloned().collect();
        let scopes = std::mem::replace(&mut b.scopes, vec![this_only]);
        for (name, e) in &initializers {
            let this = ast::Expr { kind: ExprKind::This, span: name.span };
            let lhs =
                ast::Expr { kind: ExprKind::Field(Box::new(this), name.clone()), span: name.span };
            self.assignment(b, &lhs, e, e.span);
        }
        b.scopes = scopes;
    }

    fn block(&mut self, b: &mut Body, block: &ast::Block) {
        b.scopes.push(Vec::new());
        for s in &block.statements {
            self.statement(b, s);
        }
        b.scopes.pop();
    }

    fn lookup_local(&self, b: &Body, name: &str) -> Option<(ConstId, JType)> {
        b.scopes
            .iter()
            .rev()
            .flat_map(|s| s.iter().rev())
            .find(|(n, _, _)| n == name)
            .map(|(_, c, t)| (*c, t.clone()))
    }

    fn new_local(&mut self, b: &mut Body, name: &str, ty: &JType, span: Option<Span>) -> ConstId {
        let proc = self.procedures[self.methods[b.method].proc.0 as usize].name.clone();
        let unique = self.unique(&format!("{proc}.{name}"));
        let hol = self.hol_type(ty);
        let c = self
            .elab
            .declare_const(&unique, None, hol, ConstKind::Declared)
            .expect("a unique name is free");
        self.variable(c, name, VariableKind::Local, span);
        b.locals.push(c);
        c
    }

    fn temp(&mut self, b: &mut Body, ty: &JType, span: Span) -> ConstId {
        b.temps += 1;
        let name = format!("tmp{}", b.temps);
        self.new_local(b, &name, ty, Some(span))
    }

    /// Adds an edge from the current location to a new one, which becomes current.
    fn step(&mut self, b: &mut Body, command: Command, span: Option<Span>) {
        let Some(at) = b.cur else { return };
        let next = b.g.location(span);
        b.g.edge(at, next, command, span);
        b.cur = Some(next);
    }

    fn snippet(&self, span: Span) -> String {
        let s = self.sources.snippet(span);
        s.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    fn statement(&mut self, b: &mut Body, s: &ast::Statement) {
        if b.cur.is_none() {
            self.error(s.span, "unreachable statement (after a return)");
            return;
        }
        match &s.kind {
            StatementKind::Block(block) => self.block(b, block),
            StatementKind::Empty => {}
            StatementKind::Local { ty, names } => {
                let Some(t) = self.resolve(ty) else { return };
                for (name, init) in names {
                    if self.lookup_local(b, &name.name).is_some() {
                        self.error(name.span, format!("`{}` is already declared here", name.name));
                        continue;
                    }
                    let c = self.new_local(b, &name.name, &t, Some(name.span));
                    // The initializer does not see the variable it initializes.
                    if let Some(e) = init
                        && let Some(fresh) = self.assign_to(b, c, &t, e, s.span)
                    {
                        b.fresh.remove(&c);
                        if fresh {
                            b.fresh.insert(c);
                        }
                    }
                    b.scopes.last_mut().expect("a block scope").push((
                        name.name.clone(),
                        c,
                        t.clone(),
                    ));
                }
            }
            StatementKind::Expression(e) => self.expression_statement(b, e, s.span),
            StatementKind::If { condition, then, otherwise } => {
                let yes = b.g.location(Some(then.span));
                let no = b.g.location(otherwise.as_ref().map(|o| o.span));
                self.condition(b, condition, yes, no);
                let join = b.g.location(None);
                b.fresh.clear();
                b.cur = Some(yes);
                self.statement(b, then);
                let mut reached = false;
                if let Some(end) = b.cur {
                    b.g.edge(end, join, Command::Skip, None);
                    reached = true;
                }
                b.fresh.clear();
                b.cur = Some(no);
                if let Some(o) = otherwise {
                    self.statement(b, o);
                }
                if let Some(end) = b.cur {
                    b.g.edge(end, join, Command::Skip, None);
                    reached = true;
                }
                b.cur = if reached { Some(join) } else { None };
            }
            StatementKind::While { invariants, condition, body } => {
                let head = b.g.location(Some(s.span));
                if let Some(at) = b.cur {
                    b.g.edge(at, head, Command::Skip, None);
                }
                b.fresh.clear();
                let mut conditions = Vec::new();
                self.body_scope(b);
                for inv in invariants {
                    if let Some(t) = self.spec_formula(inv) {
                        conditions.extend(self.conditions(t, inv.span));
                    }
                }
                let location = b.g.location_mut(head);
                location.loop_head = true;
                location.invariants = conditions;
                let inside = b.g.location(Some(body.span));
                let after = b.g.location(None);
                b.cur = Some(head);
                self.condition(b, condition, inside, after);
                b.cur = Some(inside);
                self.statement(b, body);
                if let Some(end) = b.cur {
                    b.g.edge(end, head, Command::Skip, None);
                }
                b.fresh.clear();
                b.cur = Some(after);
            }
            StatementKind::Return(value) => {
                let info = self.methods[b.method].clone();
                match (value, &info.result) {
                    (Some(e), Some((t, r))) => {
                        self.assign_to(b, *r, t, e, s.span);
                    }
                    (None, None) => {}
                    (Some(e), None) => {
                        self.error(e.span, "a method without a result returns no value");
                    }
                    (None, Some(_)) => self.error(s.span, "this method must return a value"),
                }
                if let Some(at) = b.cur {
                    b.g.edge(at, b.exit, Command::Skip, Some(s.span));
                }
                b.cur = None;
            }
            StatementKind::Spec(spec) => self.spec_statement(b, spec, s.span),
        }
    }

    /// The scope of a formula inside a body: the method's names plus the locals in scope.
    fn body_scope(&mut self, b: &Body) {
        self.method_scope(b.method, false);
        // The method's scope is set; the locals in scope come on top of it.
        let mut locals = self.elab_locals.clone();
        for scope in &b.scopes {
            for (n, c, _) in scope {
                locals.push((n.clone(), *c));
            }
        }
        self.elab.set_locals(locals);
    }

    fn spec_statement(&mut self, b: &mut Body, spec: &SpecStatement, span: Span) {
        self.body_scope(b);
        match spec {
            SpecStatement::Assert { formula, .. } | SpecStatement::NoteThat { formula, .. } => {
                if let Some(t) = self.spec_formula(formula) {
                    let t = self.expand_theinvs(t);
                    let what = format!("assertion \"{}\"", self.snippet(formula.span));
                    self.step(
                        b,
                        Command::Assert { formula: t, check: Obligation::Assertion, what },
                        Some(formula.span),
                    );
                }
            }
            SpecStatement::Assume { formula, .. } => {
                if let Some(t) = self.spec_formula(formula) {
                    let t = self.expand_theinvs(t);
                    self.step(
                        b,
                        Command::Assume { formula: t, fact: ProgramFact::Assumption },
                        Some(formula.span),
                    );
                }
            }
            SpecStatement::Assign { lhs, rhs } => {
                let Some(target) = self.spec_target(lhs) else { return };
                let ty = self.elab.bank().term(target).ty;
                let Some(value) = self.spec_term(rhs, Some(ty)) else { return };
                match self.assignable(b, target) {
                    Some(FrameItem::Variable(c)) => {
                        self.step(b, Command::Assign(vec![(c, value)]), Some(span));
                        b.fresh.remove(&c);
                    }
                    Some(FrameItem::FieldAt { field: f, object: x }) => {
                        let field = self.constant_term(f, span);
                        let updated = build::update(self.bank(), field, x, value);
                        self.step(b, Command::Assign(vec![(f, updated)]), Some(span));
                    }
                    None => self.error(
                        lhs.span,
                        "a specification assignment changes a variable, a ghost variable, or `x..f`",
                    ),
                }
            }
            SpecStatement::Assuming { hypothesis, body, .. } => {
                self.assuming(b, hypothesis, body, span);
            }
            SpecStatement::Havoc { target, such_that } => {
                let Some(t) = self.spec_target(target) else { return };
                let condition = match such_that {
                    None => None,
                    Some(text) => match self.such_that(text) {
                        Some(f) => Some((f, text.span)),
                        None => return,
                    },
                };
                match self.assignable(b, t) {
                    Some(FrameItem::Variable(c)) => {
                        if let Some((f, at)) = condition {
                            let value = self.elab.const_decl(c).ty;
                            let v = self.bank().new_var("v", value, at);
                            let vt = build::var(self.bank(), v);
                            self.value_exists(b, f, c, vt, v, at);
                        }
                        self.step(b, Command::Havoc(vec![c]), Some(span));
                        b.fresh.remove(&c);
                        if let Some((f, at)) = condition {
                            let command =
                                Command::Assume { formula: f, fact: ProgramFact::Assumption };
                            self.step(b, command, Some(at));
                        }
                    }
                    Some(FrameItem::FieldAt { field: f, object: x }) => {
                        // One object's field: a new arbitrary value stored there.
                        let value_ty = match self.elab.bank().ty_node(self.elab.const_decl(f).ty) {
                            TyNode::Fun(_, v) => *v,
                            _ => return,
                        };
                        let proc =
                            self.procedures[self.methods[b.method].proc.0 as usize].name.clone();
                        let unique = self.unique(&format!("{proc}.havoc"));
                        let Some(c) =
                            self.elab.declare_const(&unique, None, value_ty, ConstKind::Declared)
                        else {
                            return;
                        };
                        self.variable(c, "havoc", VariableKind::Local, Some(span));
                        b.locals.push(c);
                        if let Some((formula, at)) = condition {
                            let v = self.bank().new_var("v", value_ty, at);
                            let vt = build::var(self.bank(), v);
                            let field = self.constant_term(f, at);
                            let updated = build::update(self.bank(), field, x, vt);
                            self.value_exists(b, formula, f, updated, v, at);
                        }
                        self.step(b, Command::Havoc(vec![c]), Some(span));
                        let field = self.constant_term(f, span);
                        let v = self.constant_term(c, span);
                        let updated = build::update(self.bank(), field, x, v);
                        self.step(b, Command::Assign(vec![(f, updated)]), Some(span));
                        if let Some((formula, at)) = condition {
                            let command =
                                Command::Assume { formula, fact: ProgramFact::Assumption };
                            self.step(b, command, Some(at));
                        }
                    }
                    None => self.error(target.span, "`havoc` names a variable or `x..f`"),
                }
            }
        }
    }

    /// Jahob's `assuming F in (S; ...; noteThat G)`: a branch that assumes F, checks the
    /// statements inside (none changes state: the grammar admits only `assert`, `assume`,
    /// `noteThat` and `assuming`) and asserts G, then ends; the method goes on from where it
    /// was, assuming `F --> G`, which the branch proved of this very state.
    fn assuming(
        &mut self,
        b: &mut Body,
        hypothesis: &SpecText,
        body: &[ast::Statement],
        span: Span,
    ) {
        let conclusion = match body.last().map(|s| &s.kind) {
            Some(StatementKind::Spec(SpecStatement::NoteThat { formula, .. })) => formula,
            _ => {
                self.error(
                    span,
                    "`assuming F in (...)` ends with `noteThat G`, the conclusion it proves under F",
                );
                return;
            }
        };
        let Some(here) = b.cur else { return };
        self.body_scope(b);
        let Some(f) = self.spec_formula(hypothesis) else { return };
        let f = self.expand_theinvs(f);
        let Some(g) = self.spec_formula(conclusion) else { return };
        let g = self.expand_theinvs(g);
        self.step(
            b,
            Command::Assume { formula: f, fact: ProgramFact::Assumption },
            Some(hypothesis.span),
        );
        for s in &body[..body.len() - 1] {
            self.statement(b, s);
        }
        let what = format!("assertion \"{}\"", self.snippet(conclusion.span));
        self.step(
            b,
            Command::Assert { formula: g, check: Obligation::Assertion, what },
            Some(conclusion.span),
        );
        // The branch ends here; the method goes on from where the statement stands.
        b.cur = Some(here);
        let implication = build::implies(self.bank(), f, g);
        self.step(
            b,
            Command::Assume { formula: implication, fact: ProgramFact::Assumption },
            Some(span),
        );
    }

    /// The formula of `havoc x suchThat F`, elaborated in the body's scope. Refused if it
    /// mentions `old`: the existence obligation replaces `x` by a bound variable everywhere,
    /// and inside `old` that would change what the formula says of the entry state.
    fn such_that(&mut self, text: &SpecText) -> Option<TermId> {
        let f = self.spec_formula(text)?;
        let f = self.expand_theinvs(f);
        if build::constants(self.elab.bank(), f).contains(&self.old) {
            self.error(text.span, "`havoc x suchThat F`: F may not mention `old`");
            return None;
        }
        Some(f)
    }

    /// Jahob's `havoc x suchThat F` asks that such a value exist: asserts `EX v. F[x := v]`,
    /// where `state` (the havocked variable, or the field whose one object is havocked) is
    /// replaced by `value` (written with the bound variable `v`).
    fn value_exists(
        &mut self,
        b: &mut Body,
        formula: TermId,
        state: ConstId,
        value: TermId,
        v: crate::hol::VarId,
        at: Span,
    ) {
        let mut map = FxHashMap::default();
        map.insert(state, value);
        let body = build::substitute(self.bank(), formula, &map);
        let exists = build::ex(self.bank(), vec![v], body);
        let what = format!("a value exists for `havoc ... suchThat \"{}\"`", self.snippet(at));
        self.step(
            b,
            Command::Assert { formula: exists, check: Obligation::Assertion, what },
            Some(at),
        );
    }

    /// What a specification assignment or `havoc` may change: a local in scope, a global, or
    /// one object's field.
    fn assignable(&self, b: &Body, t: TermId) -> Option<FrameItem> {
        self.state_item(t, |v| {
            v.kind == VariableKind::Global
                || b.scopes.iter().flatten().any(|(_, k, _)| *k == v.constant)
        })
    }

    fn expression_statement(&mut self, b: &mut Body, e: &ast::Expr, span: Span) {
        match &e.kind {
            ExprKind::Assign(lhs, rhs) => self.assignment(b, lhs, rhs, span),
            ExprKind::Call { .. } => {
                self.call(b, e, Want::Nothing);
            }
            ExprKind::New { .. } => {
                self.expr(b, e);
            }
            _ => self.error(
                e.span,
                "not a statement: only assignments, calls and `new` may stand alone",
            ),
        }
    }

    fn assignment(&mut self, b: &mut Body, lhs: &ast::Expr, rhs: &ast::Expr, span: Span) {
        match &lhs.kind {
            ExprKind::Name(n) => {
                if let Some((c, t)) = self.lookup_local(b, &n.name) {
                    if n.name == "this" {
                        self.error(n.span, "`this` cannot be assigned");
                        return;
                    }
                    if let Some(fresh) = self.assign_to(b, c, &t, rhs, span) {
                        b.fresh.remove(&c);
                        if fresh {
                            b.fresh.insert(c);
                        }
                    }
                    return;
                }
                let ci = self.methods[b.method].class;
                let Some(f) = self.classes[ci].fields.iter().find(|f| f.name == n.name).cloned()
                else {
                    self.error(n.span, format!("unknown variable `{}`", n.name));
                    return;
                };
                self.field_assignment(b, None, &f, lhs.span, rhs, span);
            }
            ExprKind::Field(receiver, name) => {
                if let ExprKind::Name(c) = &receiver.kind
                    && self.lookup_local(b, &c.name).is_none()
                    && let Some(ci) = self.class_index(&c.name)
                {
                    let Some(f) =
                        self.classes[ci].fields.iter().find(|f| f.name == name.name).cloned()
                    else {
                        self.error(name.span, format!("`{}` has no field `{}`", c.name, name.name));
                        return;
                    };
                    if !f.is_static {
                        self.error(name.span, format!("`{}.{}` is not static", c.name, name.name));
                        return;
                    }
                    self.field_assignment(b, None, &f, lhs.span, rhs, span);
                    return;
                }
                let Some((x, t, fresh)) = self.expr(b, receiver) else { return };
                let JType::Class(class) = &t else {
                    self.error(
                        name.span,
                        format!(
                            "a value of type {} has no assignable field `{}`",
                            t.show(),
                            name.name
                        ),
                    );
                    return;
                };
                let Some(f) = self.find_field(class, &name.name) else {
                    self.error(name.span, format!("`{class}` has no field `{}`", name.name));
                    return;
                };
                if f.is_static {
                    self.field_assignment(b, None, &f, lhs.span, rhs, span);
                    return;
                }
                self.field_assignment(b, Some((x, receiver, fresh)), &f, lhs.span, rhs, span);
            }
            ExprKind::Index(array, index) => {
                let Some((a, t, fresh)) = self.expr(b, array) else { return };
                let JType::Array(element) = t else {
                    self.error(array.span, format!("indexing a value of type {}", t.show()));
                    return;
                };
                let Some(i) = self.int_value(b, index) else { return };
                let Some((v, _)) = self.value_of_type(b, rhs, &element) else { return };
                self.null_check(b, a, array, fresh, lhs.span);
                self.bound_check(b, a, i, lhs.span);
                let state = self.array_state(&element);
                let st = self.constant_term(state, span);
                let row = build::app(self.bank(), st, a);
                let row2 = build::update(self.bank(), row, i, v);
                let st2 = build::update(self.bank(), st, a, row2);
                self.step(b, Command::Assign(vec![(state, st2)]), Some(span));
            }
            _ => self.error(
                lhs.span,
                "the left side of `=` must be a variable, a field or an array element",
            ),
        }
    }

    fn find_field(&self, class: &str, name: &str) -> Option<FieldInfo> {
        let ci = self.class_index(class)?;
        self.classes[ci].fields.iter().find(|f| f.name == name && f.ty.is_some()).cloned()
    }

    fn field_assignment(
        &mut self,
        b: &mut Body,
        receiver: Option<(TermId, &ast::Expr, bool)>,
        f: &FieldInfo,
        lhs_span: Span,
        rhs: &ast::Expr,
        span: Span,
    ) {
        let Some(ty) = f.ty.clone() else {
            self.error(lhs_span, format!("`{}` is a ghost variable: assign it in a specification (`//: \"x\" := \"...\"`)", f.name));
            return;
        };
        if !self.field_access_allowed(b, f, true, lhs_span) {
            return;
        }
        let info = self.methods[b.method].clone();
        let object = match receiver {
            Some((x, e, fresh)) => Some((x, Some((e, fresh)))),
            None if f.is_static => None,
            None => match info.this {
                Some(this) => Some((self.constant_term(this, lhs_span), None)),
                None => {
                    self.error(
                        lhs_span,
                        format!("instance field `{}` used in a static method", f.name),
                    );
                    return;
                }
            },
        };
        let Some((v, _)) = self.value_of_type(b, rhs, &ty) else { return };
        match object {
            None => self.step(b, Command::Assign(vec![(f.constant, v)]), Some(span)),
            Some((x, e)) => {
                if let Some((e, fresh)) = e {
                    self.null_check(b, x, e, fresh, lhs_span);
                }
                let field = self.constant_term(f.constant, span);
                let updated = build::update(self.bank(), field, x, v);
                self.step(b, Command::Assign(vec![(f.constant, updated)]), Some(span));
            }
        }
    }

    fn array_state(&self, element: &JType) -> ConstId {
        match element {
            JType::Int => self.arrays.ints,
            JType::Bool => self.arrays.bools,
            _ => self.arrays.objects,
        }
    }

    fn null_check(&mut self, b: &mut Body, x: TermId, e: &ast::Expr, fresh: bool, at: Span) {
        if fresh || matches!(e.kind, ExprKind::This) {
            return;
        }
        if let ExprKind::Name(n) = &e.kind
            && n.name == "this"
        {
            return;
        }
        let null = self.null(e.span);
        let eq = build::eq(self.bank(), x, null);
        let f = build::not(self.bank(), eq);
        let what = format!("{} is not null in {}", self.snippet(e.span), self.snippet(at));
        self.step(
            b,
            Command::Assert { formula: f, check: Obligation::NullDereference, what },
            Some(e.span),
        );
    }

    fn bound_check(&mut self, b: &mut Body, a: TermId, i: TermId, at: Span) {
        let zero = build::int(self.bank(), 0, at);
        let len = self.constant_term(self.arrays.length, at);
        let len_a = build::app(self.bank(), len, a);
        let low = build::formula(self.bank(), Prim::Le, vec![zero, i]);
        let high = build::formula(self.bank(), Prim::Lt, vec![i, len_a]);
        let f = build::and(self.bank(), low, high);
        let what = format!("index within bounds in {}", self.snippet(at));
        self.step(b, Command::Assert { formula: f, check: Obligation::ArrayBound, what }, Some(at));
    }

    /// Assigns `e` to the variable `target` of type `ty`; a call whose result has exactly that
    /// type writes its result into `target` directly. Returns whether the value is a fresh
    /// object, or `None` on an error.
    fn assign_to(
        &mut self,
        b: &mut Body,
        target: ConstId,
        ty: &JType,
        e: &ast::Expr,
        span: Span,
    ) -> Option<bool> {
        if let ExprKind::Call { .. } = &e.kind {
            let result = self.call(b, e, Want::Into(target))?;
            return match result {
                Some((_, t)) if t.assignable_to(ty) => Some(false),
                Some((_, t)) => {
                    self.error(
                        e.span,
                        format!("expected a value of type {}, found {}", ty.show(), t.show()),
                    );
                    None
                }
                None => {
                    self.error(e.span, "this method returns no value");
                    None
                }
            };
        }
        // `x = new C()` allocates straight into `x` (the constructor's arguments could read
        // `x`'s old value, so only without arguments).
        if let ExprKind::New { class, args } = &e.kind
            && args.is_empty()
            && *ty == JType::Class(class.name.clone())
        {
            self.new_object(b, class, args, e.span, Some(target))?;
            return Some(true);
        }
        let (v, fresh) = self.value_of_type(b, e, ty)?;
        self.step(b, Command::Assign(vec![(target, v)]), Some(span));
        Some(fresh)
    }

    /// A value of an expected type (checked assignable).
    fn value_of_type(&mut self, b: &mut Body, e: &ast::Expr, ty: &JType) -> Option<(TermId, bool)> {
        let (v, t, fresh) = self.expr(b, e)?;
        if !t.assignable_to(ty) {
            self.error(
                e.span,
                format!("expected a value of type {}, found {}", ty.show(), t.show()),
            );
            return None;
        }
        Some((v, fresh))
    }

    fn int_value(&mut self, b: &mut Body, e: &ast::Expr) -> Option<TermId> {
        self.value_of_type(b, e, &JType::Int).map(|v| v.0)
    }

    fn bool_value(&mut self, b: &mut Body, e: &ast::Expr) -> Option<TermId> {
        self.value_of_type(b, e, &JType::Bool).map(|v| v.0)
    }

    /// Branches on a condition: to `yes` when it holds, to `no` when not, with `&&`, `||` and
    /// `!` as control flow (their right operands are evaluated only when Java evaluates them).
    fn condition(&mut self, b: &mut Body, e: &ast::Expr, yes: Loc, no: Loc) {
        match &e.kind {
            ExprKind::Binary(BinaryOp::And, l, r) => {
                let mid = b.g.location(Some(r.span));
                self.condition(b, l, mid, no);
                b.cur = Some(mid);
                self.condition(b, r, yes, no);
            }
            ExprKind::Binary(BinaryOp::Or, l, r) => {
                let mid = b.g.location(Some(r.span));
                self.condition(b, l, yes, mid);
                b.cur = Some(mid);
                self.condition(b, r, yes, no);
            }
            ExprKind::Unary(UnaryOp::Not, a) => self.condition(b, a, no, yes),
            _ => {
                let Some(v) = self.bool_value(b, e) else {
                    b.cur = None;
                    return;
                };
                let Some(at) = b.cur else { return };
                let negated = build::not(self.bank(), v);
                b.g.edge(
                    at,
                    yes,
                    Command::Assume { formula: v, fact: ProgramFact::Branch },
                    Some(e.span),
                );
                b.g.edge(
                    at,
                    no,
                    Command::Assume { formula: negated, fact: ProgramFact::Branch },
                    Some(e.span),
                );
            }
        }
        b.cur = None;
    }

    /// `new C(args)` into `into` (or a new temporary): the object, and its type.
    fn new_object(
        &mut self,
        b: &mut Body,
        class: &ast::Ident,
        args: &[ast::Expr],
        span: Span,
        into: Option<ConstId>,
    ) -> Option<(ConstId, JType)> {
        let Some(ci) = self.class_index(&class.name) else {
            self.error(class.span, format!("unknown class `{}`", class.name));
            return None;
        };
        let ty = JType::Class(class.name.clone());
        let target = match into {
            Some(c) => c,
            None => self.temp(b, &ty, span),
        };
        self.allocate(b, target, Some(ci), span);
        let constructors: Vec<usize> = self.classes[ci]
            .methods
            .iter()
            .copied()
            .filter(|&m| self.methods[m].constructor)
            .collect();
        match constructors[..] {
            [m] => {
                let receiver = self.constant_term(target, span);
                self.invoke(b, m, Some(receiver), args, span, Want::Nothing)?;
            }
            [_, _, ..] => {
                let (m, values) = self.overload(b, &constructors, args, span)?;
                let receiver = self.constant_term(target, span);
                self.invoke_values(b, m, Some(receiver), values, span, Want::Nothing);
            }
            [] if !args.is_empty() => {
                self.error(span, format!("`{}` has no constructor with arguments", class.name));
                return None;
            }
            [] => {}
        }
        b.fresh.insert(target);
        Some((target, ty))
    }

    /// Evaluates an expression: checks and calls become edges at the current location; returns
    /// its value as a term, its type, and whether it is certainly a fresh (non-null) object.
    fn expr(&mut self, b: &mut Body, e: &ast::Expr) -> Option<(TermId, JType, bool)> {
        let span = e.span;
        match &e.kind {
            ExprKind::Int(n) => Some((build::int(self.bank(), *n, span), JType::Int, false)),
            ExprKind::Bool(v) => Some((build::truth(self.bank(), *v, span), JType::Bool, false)),
            ExprKind::Null => Some((self.null(span), JType::Null, false)),
            ExprKind::This => self.this(b, span),
            ExprKind::Name(n) => {
                if n.name == "this" {
                    return self.this(b, span);
                }
                if let Some((c, t)) = self.lookup_local(b, &n.name) {
                    let fresh = b.fresh.contains(&c);
                    return Some((self.constant_term(c, span), t, fresh));
                }
                let ci = self.methods[b.method].class;
                let class = self.classes[ci].name.clone();
                match self.find_field(&class, &n.name) {
                    Some(f) => self.read_field(b, None, &f, span),
                    None => {
                        self.error(n.span, format!("unknown variable `{}`", n.name));
                        None
                    }
                }
            }
            ExprKind::Field(receiver, name) => {
                if let ExprKind::Name(c) = &receiver.kind
                    && self.lookup_local(b, &c.name).is_none()
                    && self.class_index(&c.name).is_some()
                {
                    let Some(f) = self.find_field(&c.name, &name.name) else {
                        self.error(name.span, format!("`{}` has no field `{}`", c.name, name.name));
                        return None;
                    };
                    if !f.is_static {
                        self.error(name.span, format!("`{}.{}` is not static", c.name, name.name));
                        return None;
                    }
                    return self.read_field(b, None, &f, span);
                }
                let (x, t, fresh) = self.expr(b, receiver)?;
                match &t {
                    JType::Array(_) if name.name == "length" => {
                        self.null_check(b, x, receiver, fresh, span);
                        let len = self.constant_term(self.arrays.length, span);
                        Some((build::app(self.bank(), len, x), JType::Int, false))
                    }
                    JType::Class(class) => {
                        let Some(f) = self.find_field(class, &name.name) else {
                            self.error(
                                name.span,
                                format!("`{class}` has no field `{}`", name.name),
                            );
                            return None;
                        };
                        if f.is_static {
                            return self.read_field(b, None, &f, span);
                        }
                        self.null_check(b, x, receiver, fresh, span);
                        self.read_field(b, Some(x), &f, span)
                    }
                    other => {
                        self.error(
                            name.span,
                            format!(
                                "a value of type {} has no field `{}`",
                                other.show(),
                                name.name
                            ),
                        );
                        None
                    }
                }
            }
            ExprKind::Index(array, index) => {
                let (a, t, fresh) = self.expr(b, array)?;
                let JType::Array(element) = t else {
                    self.error(array.span, format!("indexing a value of type {}", t.show()));
                    return None;
                };
                let i = self.int_value(b, index)?;
                self.null_check(b, a, array, fresh, span);
                self.bound_check(b, a, i, span);
                let state = self.array_state(&element);
                let st = self.constant_term(state, span);
                let row = build::app(self.bank(), st, a);
                Some((build::app(self.bank(), row, i), *element, false))
            }
            ExprKind::Call { .. } => match self.call(b, e, Want::Temporary)? {
                Some((c, t)) => Some((self.constant_term(c, span), t, false)),
                None => {
                    self.error(span, "this method returns no value");
                    None
                }
            },
            ExprKind::New { class, args } => {
                let (c, ty) = self.new_object(b, class, args, span, None)?;
                Some((self.constant_term(c, span), ty, true))
            }
            ExprKind::NewArray { element, length } => {
                let element = self.resolve(element)?;
                let n = self.int_value(b, length)?;
                let zero = build::int(self.bank(), 0, span);
                let ok = build::formula(self.bank(), Prim::Le, vec![zero, n]);
                let what = format!("array size not negative in {}", self.snippet(span));
                self.step(
                    b,
                    Command::Assert { formula: ok, check: Obligation::ArrayBound, what },
                    Some(length.span),
                );
                let ty = JType::Array(Box::new(element.clone()));
                let tmp = self.temp(b, &ty, span);
                self.allocate(b, tmp, None, span);
                let a = self.constant_term(tmp, span);
                let len = self.constant_term(self.arrays.length, span);
                let len2 = build::update(self.bank(), len, a, n);
                self.step(b, Command::Assign(vec![(self.arrays.length, len2)]), Some(span));
                // Every element starts at Java's default value.
                let state = self.array_state(&element);
                let int = build::int_ty(self.bank());
                let i = self.bank().new_var("i", int, span);
                let it = build::var(self.bank(), i);
                let st = self.constant_term(state, span);
                let row = build::app(self.bank(), st, a);
                let elem = build::app(self.bank(), row, it);
                let default = match element {
                    JType::Int => build::int(self.bank(), 0, span),
                    JType::Bool => build::truth(self.bank(), false, span),
                    _ => self.null(span),
                };
                let eq = build::eq(self.bank(), elem, default);
                let all = build::all(self.bank(), vec![i], eq);
                self.step(
                    b,
                    Command::Assume { formula: all, fact: ProgramFact::Statement },
                    Some(span),
                );
                b.fresh.insert(tmp);
                Some((self.constant_term(tmp, span), ty, true))
            }
            ExprKind::Unary(UnaryOp::Not, a) => {
                let v = self.bool_value(b, a)?;
                Some((build::not(self.bank(), v), JType::Bool, false))
            }
            ExprKind::Unary(UnaryOp::Neg, a) => {
                let v = self.int_value(b, a)?;
                Some((build::same_type(self.bank(), Prim::Neg, vec![v]), JType::Int, false))
            }
            ExprKind::Binary(op, l, r) => self.binary(b, e, *op, l, r),
            ExprKind::Assign(..) => {
                self.error(span, "an assignment inside an expression is not supported");
                None
            }
        }
    }

    fn this(&mut self, b: &Body, span: Span) -> Option<(TermId, JType, bool)> {
        let info = &self.methods[b.method];
        match info.this {
            Some(c) => {
                let t = JType::Class(self.classes[info.class].name.clone());
                Some((self.constant_term(c, span), t, true))
            }
            None => {
                self.error(span, "`this` in a static method");
                None
            }
        }
    }

    fn read_field(
        &mut self,
        b: &Body,
        x: Option<TermId>,
        f: &FieldInfo,
        span: Span,
    ) -> Option<(TermId, JType, bool)> {
        let Some(ty) = f.ty.clone() else {
            self.error(
                span,
                format!("`{}` is a ghost variable: it can be read only in specifications", f.name),
            );
            return None;
        };
        if !self.field_access_allowed(b, f, false, span) {
            return None;
        }
        let field = self.constant_term(f.constant, span);
        if f.is_static {
            return Some((field, ty, false));
        }
        let x = match x {
            Some(x) => x,
            None => match self.methods[b.method].this {
                Some(this) => self.constant_term(this, span),
                None => {
                    self.error(
                        span,
                        format!("instance field `{}` used in a static method", f.name),
                    );
                    return None;
                }
            },
        };
        Some((build::app(self.bank(), field, x), ty, false))
    }

    /// A new object: not null, not allocated before, now allocated, in its class, its fields
    /// at their initial values.
    fn allocate(&mut self, b: &mut Body, tmp: ConstId, class: Option<usize>, span: Span) {
        self.step(b, Command::Havoc(vec![tmp]), Some(span));
        let x = self.constant_term(tmp, span);
        let null = self.null(span);
        let alloc = self.constant_term(self.alloc, span);
        let is_null = build::eq(self.bank(), x, null);
        let not_null = build::not(self.bank(), is_null);
        let allocated = build::mem(self.bank(), x, alloc);
        let new = build::not(self.bank(), allocated);
        let mut fresh = build::and(self.bank(), not_null, new);
        if let Some(ci) = class {
            let set = self.constant_term(self.classes[ci].set, span);
            let member = build::mem(self.bank(), x, set);
            fresh = build::and(self.bank(), fresh, member);
        }
        for other in 0..self.classes.len() {
            if Some(other) == class {
                continue;
            }
            let set = self.constant_term(self.classes[other].set, span);
            let member = build::mem(self.bank(), x, set);
            let outside = build::not(self.bank(), member);
            fresh = build::and(self.bank(), fresh, outside);
        }
        self.step(b, Command::Assume { formula: fresh, fact: ProgramFact::Typing }, Some(span));
        let grown = build::insert(self.bank(), x, alloc);
        let mut assignments = vec![(self.alloc, grown)];
        if let Some(ci) = class {
            for f in self.classes[ci].fields.clone() {
                if f.is_static {
                    continue;
                }
                let initial =
                    self.variables.iter().find(|v| v.constant == f.constant).and_then(|v| match &v
                        .kind
                    {
                        VariableKind::Field { initial, .. } => *initial,
                        _ => None,
                    });
                if let Some(value) = initial {
                    let field = self.constant_term(f.constant, span);
                    let updated = build::update(self.bank(), field, x, value);
                    assignments.push((f.constant, updated));
                }
            }
        }
        self.step(b, Command::Assign(assignments), Some(span));
    }

    fn binary(
        &mut self,
        b: &mut Body,
        e: &ast::Expr,
        op: BinaryOp,
        l: &ast::Expr,
        r: &ast::Expr,
    ) -> Option<(TermId, JType, bool)> {
        use BinaryOp::*;
        let span = e.span;
        match op {
            And | Or => {
                if pure(r) {
                    let a = self.bool_value(b, l)?;
                    let c = self.bool_value(b, r)?;
                    let t = if op == And {
                        build::and(self.bank(), a, c)
                    } else {
                        build::or(self.bank(), a, c)
                    };
                    return Some((t, JType::Bool, false));
                }
                // The right operand has effects or checks: evaluate it only when Java does.
                let tmp = self.temp(b, &JType::Bool, span);
                let yes = b.g.location(None);
                let no = b.g.location(None);
                self.condition(b, e, yes, no);
                let join = b.g.location(None);
                let t = build::truth(self.bank(), true, span);
                let f = build::truth(self.bank(), false, span);
                b.g.edge(yes, join, Command::Assign(vec![(tmp, t)]), None);
                b.g.edge(no, join, Command::Assign(vec![(tmp, f)]), None);
                b.cur = Some(join);
                Some((self.constant_term(tmp, span), JType::Bool, false))
            }
            Eq | Ne => {
                let (a, ta, _) = self.expr(b, l)?;
                let (c, tc, _) = self.expr(b, r)?;
                let comparable = ta == tc
                    || (ta.is_reference()
                        && tc.is_reference()
                        && (ta.assignable_to(&tc) || tc.assignable_to(&ta)));
                if !comparable {
                    self.error(span, format!("cannot compare {} with {}", ta.show(), tc.show()));
                    return None;
                }
                let eq = build::eq(self.bank(), a, c);
                let t = if op == Eq { eq } else { build::not(self.bank(), eq) };
                Some((t, JType::Bool, false))
            }
            Lt | Le | Gt | Ge => {
                let a = self.int_value(b, l)?;
                let c = self.int_value(b, r)?;
                let t = match op {
                    Lt => build::formula(self.bank(), Prim::Lt, vec![a, c]),
                    Le => build::formula(self.bank(), Prim::Le, vec![a, c]),
                    Gt => build::formula(self.bank(), Prim::Lt, vec![c, a]),
                    _ => build::formula(self.bank(), Prim::Le, vec![c, a]),
                };
                Some((t, JType::Bool, false))
            }
            Add | Sub | Mul | Div | Rem => {
                let a = self.int_value(b, l)?;
                let c = self.int_value(b, r)?;
                let p = match op {
                    Add => Prim::Add,
                    Sub => Prim::Sub,
                    Mul => Prim::Mul,
                    Div => Prim::Div,
                    _ => Prim::Mod,
                };
                if matches!(op, Div | Rem) {
                    let zero = build::int(self.bank(), 0, r.span);
                    let eq = build::eq(self.bank(), c, zero);
                    let f = build::not(self.bank(), eq);
                    let what = format!("divisor not zero in {}", self.snippet(span));
                    self.step(
                        b,
                        Command::Assert { formula: f, check: Obligation::DivisionByZero, what },
                        Some(r.span),
                    );
                }
                Some((build::same_type(self.bank(), p, vec![a, c]), JType::Int, false))
            }
        }
    }

    /// A call. Returns the local holding the result (if the method has one and `want` asks
    /// for it); `None` on an error.
    fn call(
        &mut self,
        b: &mut Body,
        e: &ast::Expr,
        want: Want,
    ) -> Option<Option<(ConstId, JType)>> {
        let ExprKind::Call { receiver, name, args } = &e.kind else { return None };
        let here = self.methods[b.method].class;
        let (class, object) = match receiver {
            None => (here, None),
            Some(r) => {
                if let ExprKind::Name(c) = &r.kind
                    && self.lookup_local(b, &c.name).is_none()
                    && let Some(ci) = self.class_index(&c.name)
                {
                    (ci, None)
                } else {
                    let (x, t, fresh) = self.expr(b, r)?;
                    let JType::Class(c) = &t else {
                        self.error(r.span, format!("a value of type {} has no methods", t.show()));
                        return None;
                    };
                    let Some(ci) = self.class_index(c) else {
                        self.error(r.span, format!("`{c}` has no methods craig knows"));
                        return None;
                    };
                    self.null_check(b, x, r, fresh, e.span);
                    (ci, Some(x))
                }
            }
        };
        let candidates: Vec<usize> = self.classes[class]
            .methods
            .iter()
            .copied()
            .filter(|&m| self.methods[m].name == name.name && !self.methods[m].constructor)
            .collect();
        if candidates.is_empty() {
            self.error(
                name.span,
                format!("`{}` has no method `{}`", self.classes[class].name, name.name),
            );
            return None;
        }
        // One method of the name: its arguments are checked against it (its messages say
        // so); overloads: the arguments are evaluated first, their types pick the method.
        let (m, values) = if let [m] = candidates[..] {
            (m, None)
        } else {
            let (m, values) = self.overload(b, &candidates, args, e.span)?;
            (m, Some(values))
        };
        let object = match (self.methods[m].is_static, object, receiver) {
            (true, Some(_), _) => {
                self.error(
                    name.span,
                    format!(
                        "`{}` is static: call it as `{}.{}`",
                        name.name, self.classes[class].name, name.name
                    ),
                );
                return None;
            }
            (true, None, _) => None,
            (false, Some(x), _) => Some(x),
            (false, None, Some(_)) => {
                self.error(
                    name.span,
                    format!("`{}` is an instance method: call it on an object", name.name),
                );
                return None;
            }
            (false, None, None) => match self.methods[b.method].this {
                Some(this) => Some(self.constant_term(this, e.span)),
                None => {
                    self.error(
                        name.span,
                        format!("instance method `{}` called from a static method", name.name),
                    );
                    return None;
                }
            },
        };
        match values {
            None => self.invoke(b, m, object, args, e.span, want),
            Some(values) => Some(self.invoke_values(b, m, object, values, e.span, want)),
        }
    }

    /// Java's choice among overloads `candidates` for `args` (evaluated here, left to right):
    /// the methods whose parameters take the arguments' types, and among them the one whose
    /// every parameter type is assignable to every other one's (the most specific); none, or
    /// no most specific one, is an error. Returns it with the arguments' values.
    fn overload(
        &mut self,
        b: &mut Body,
        candidates: &[usize],
        args: &[ast::Expr],
        span: Span,
    ) -> Option<(usize, Vec<TermId>)> {
        let mut values = Vec::new();
        let mut types = Vec::new();
        for a in args {
            let (v, t, _) = self.expr(b, a)?;
            values.push(v);
            types.push(t);
        }
        let takes = |params: &[(String, JType, ConstId)], types: &[JType]| {
            params.len() == types.len()
                && types.iter().zip(params).all(|(t, p)| t.assignable_to(&p.1))
        };
        let applicable: Vec<usize> = candidates
            .iter()
            .copied()
            .filter(|&m| takes(&self.methods[m].params, &types))
            .collect();
        let most_specific: Vec<usize> = applicable
            .iter()
            .copied()
            .filter(|&m| {
                let mine: Vec<JType> = self.methods[m].params.iter().map(|p| p.1.clone()).collect();
                applicable.iter().all(|&o| takes(&self.methods[o].params, &mine))
            })
            .collect();
        let shown: Vec<String> = types.iter().map(JType::show).collect();
        let callee = &self.methods[candidates[0]];
        let what = format!("{}.{}", self.classes[callee.class].name, callee.name);
        match most_specific[..] {
            [m] => Some((m, values)),
            _ if applicable.is_empty() => {
                self.error(span, format!("no `{what}` takes ({})", shown.join(", ")));
                None
            }
            _ => {
                self.error(
                    span,
                    format!(
                        "`{what}` with ({}) is ambiguous: no overload is the most specific",
                        shown.join(", ")
                    ),
                );
                None
            }
        }
    }

    fn invoke(
        &mut self,
        b: &mut Body,
        m: usize,
        object: Option<TermId>,
        args: &[ast::Expr],
        span: Span,
        want: Want,
    ) -> Option<Option<(ConstId, JType)>> {
        let callee = self.methods[m].clone();
        if args.len() != callee.params.len() {
            self.error(
                span,
                format!(
                    "`{}` takes {} arguments, {} given",
                    callee.name,
                    callee.params.len(),
                    args.len()
                ),
            );
            return None;
        }
        let mut values = Vec::new();
        for (a, (_, t, _)) in args.iter().zip(&callee.params) {
            let (v, _) = self.value_of_type(b, a, t)?;
            values.push(v);
        }
        Some(self.invoke_values(b, m, object, values, span, want))
    }

    /// The call of method `m` on `object` with arguments already evaluated and type-checked.
    fn invoke_values(
        &mut self,
        b: &mut Body,
        m: usize,
        object: Option<TermId>,
        args: Vec<TermId>,
        span: Span,
        want: Want,
    ) -> Option<(ConstId, JType)> {
        let callee = self.methods[m].clone();
        let values: Vec<TermId> = object.into_iter().chain(args).collect();
        let result = match (&callee.result, want) {
            (Some((t, _)), Want::Temporary) => Some((self.temp(b, t, span), t.clone())),
            (Some((t, _)), Want::Into(c)) => Some((c, t.clone())),
            _ => None,
        };
        let command = Command::Call {
            callee: callee.proc,
            args: values,
            results: result.iter().map(|r| r.0).collect(),
        };
        self.step(b, command, Some(span));
        b.fresh.clear();
        result
    }

    /// Jahob's frame rule for `claimedby C`: only `C`'s methods may read or write a field `C`
    /// claims ([`Lowering::field_access_allowed`] refuses every other access where it is
    /// written), so no method has to name the field in its `modifies`. A method of `C`, and
    /// every method that calls one of `C`'s methods directly or through others, may change it:
    /// each of them that does not name the field in its `modifies` gets it there whole, so its
    /// frame obligation leaves the field out and its callers know nothing of the field after a
    /// call but what the contracts say. A method that reaches none of `C`'s methods cannot
    /// change the field, and keeps its frame (its callers still know the field unchanged).
    fn claimed_frames(&mut self) {
        let procedures = self.procedures.len();
        let callees: Vec<Vec<usize>> = self
            .procedures
            .iter()
            .map(|p| {
                let Some(cfg) = &p.body else { return Vec::new() };
                cfg.edges
                    .iter()
                    .filter_map(|e| match &e.command {
                        Command::Call { callee, .. } => Some(callee.0 as usize),
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        let mut class_of = vec![None; procedures];
        for m in &self.methods {
            class_of[m.proc.0 as usize] = Some(m.class);
        }
        for claimer in 0..self.classes.len() {
            let name = &self.classes[claimer].name;
            let claimed: Vec<ConstId> = self
                .classes
                .iter()
                .flat_map(|c| &c.fields)
                .filter(|f| f.claimed_by.as_deref() == Some(name.as_str()))
                .map(|f| f.constant)
                .collect();
            if claimed.is_empty() {
                continue;
            }
            // The methods that reach one of the claiming class's methods, to a fixed point.
            let mut reaches: Vec<bool> = class_of.iter().map(|c| *c == Some(claimer)).collect();
            let mut changed = true;
            while changed {
                changed = false;
                for p in 0..procedures {
                    if !reaches[p] && callees[p].iter().any(|&q| reaches.get(q) == Some(&true)) {
                        reaches[p] = true;
                        changed = true;
                    }
                }
            }
            for (p, procedure) in self.procedures.iter_mut().enumerate() {
                if !reaches[p] {
                    continue;
                }
                for &field in &claimed {
                    let named = procedure.modifies.iter().any(|m| match m {
                        FrameItem::Variable(c) => *c == field,
                        FrameItem::FieldAt { field: f, .. } => *f == field,
                    });
                    if !named {
                        procedure.modifies.push(FrameItem::Variable(field));
                    }
                }
            }
        }
    }

    fn finish(self) -> (Option<Program>, Vec<Diagnostic>) {
        let mut diags = self.diags;
        let failed = crate::syntax::has_errors(&diags);
        diags.sort_by_key(|d| (d.primary.file, d.primary.start));
        // A field initialiser is lowered in every constructor: its errors are said once.
        diags.dedup_by(|a, b| a.primary == b.primary && a.message == b.message);
        if failed {
            return (None, diags);
        }
        let (bank, consts, _) = self.elab.into_parts();
        let program = Program {
            bank,
            consts,
            variables: self.variables,
            background: self.background,
            state_facts: self.state_facts,
            procedures: self.procedures,
            old: Some(self.old),
        };
        (Some(program), diags)
    }
}

/// Where a call's result goes.
#[derive(Clone, Copy, Debug)]
enum Want {
    /// Nowhere (a call statement).
    Nothing,
    /// Into a new temporary (a call inside an expression).
    Temporary,
    /// Straight into this variable (`x = m(..)`, `return m(..)`), so the callee's
    /// postcondition is assumed of the variable itself.
    Into(ConstId),
}

/// True if an expression has no calls, allocations or checks: it can be evaluated eagerly.
fn pure(e: &ast::Expr) -> bool {
    match &e.kind {
        ExprKind::Int(_)
        | ExprKind::Bool(_)
        | ExprKind::Null
        | ExprKind::This
        | ExprKind::Name(_) => true,
        ExprKind::Unary(_, a) => pure(a),
        ExprKind::Binary(BinaryOp::Div | BinaryOp::Rem, ..) => false,
        ExprKind::Binary(_, a, c) => pure(a) && pure(c),
        _ => false,
    }
}

/// True if the bound variable `v` occurs in `t`.
fn occurs(bank: &crate::hol::HolBank, t: TermId, v: crate::hol::VarId) -> bool {
    match &bank.term(t).term {
        Term::Var(w) => *w == v,
        Term::Const(_) | Term::Int(_) => false,
        Term::App(f, a) => occurs(bank, *f, v) || occurs(bank, *a, v),
        Term::Bind(_, _, body) => occurs(bank, *body, v),
        Term::Prim(_, args) => args.iter().any(|a| occurs(bank, *a, v)),
    }
}

/// `NAME == TERM` split at the first `==`: the name (an identifier) and the term's text with
/// its own span, or `None` if the text is not of that form.
fn split_definition(definition: &SpecText) -> Option<(ast::Ident, SpecText)> {
    let at = definition.text.find("==")?;
    let lhs = &definition.text[..at];
    let name = lhs.trim();
    let is_identifier = name.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_alphanumeric() || c == '_');
    if !is_identifier {
        return None;
    }
    let leading = lhs.len() - lhs.trim_start().len();
    let start = definition.span.start as usize;
    let name_span = Span::new(definition.span.file, start + leading, start + leading + name.len());
    let body_start = start + at + 2;
    let body = SpecText {
        text: definition.text[at + 2..].to_string(),
        span: Span::new(definition.span.file, body_start, definition.span.end as usize),
    };
    Some((ast::Ident { name: name.to_string(), span: name_span }, body))
}

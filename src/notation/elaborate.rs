//! Name resolution and Hindley-Milner type inference, elaborating written terms
//! ([`ast`](super::ast)) into typed [`hol`](crate::hol) terms.
//!
//! An [`Elaborator`] holds a theory's constants and sorts and the term bank; a front end
//! declares its constants (spec `const` items, a program's fields and variables) and elaborates
//! formulas against them. Constants have declared type schemes (their type variables are
//! generalized); every occurrence is instantiated with fresh unification variables. There is no
//! `let`, so no let-polymorphism. Each formula is inferred on its own; afterwards every
//! unification variable that is still unsolved becomes a type parameter of the formula (`'_a`,
//! `'_b`, ...): the formula is then a schema, as Isabelle reads `{} Un S = S`. Written type
//! variables `'a` are rigid parameters. The only ambiguity that is an error is an overloaded
//! operator (`+ - < <=`, meaning either integer or set operations) whose operand type stays
//! unknown.
//!
//! Why schemas instead of an "ambiguous type" error: stdlib axioms such as
//! `ALL x A B. (x : A Un B) <-> ...` are meant for every element type, and the translation erases
//! sorts anyway (Jahob's Theorem 1), so an open *element* type does not change the first-order
//! result. What the translation does need is the *shape* of a type (set, function, pair, int):
//! for the overloaded operators that is checked here (unknown shape is an error); elsewhere a
//! parameter stands for an individual, and instantiating a schema at a set or function type is
//! the translation's business. Formulas that are ground get empty type parameters.
//!
//! Names resolve innermost first: bound variables, then the *local* names a front end sets for
//! the formula at hand ([`Elaborator::set_locals`]: a method's parameters and variables, which
//! are constants of the theory under longer unique names), then the theory's constants.

use rustc_hash::FxHashMap;

use super::ast::{BinOp, BinderKind, Binding, Expr, ExprKind, Ident, TypeExpr, TypeKind, UnOp};
use crate::hol::{
    Binder, ConstDecl, ConstId, ConstKind, HolBank, Prim, Term, TermId, TyId, TyNode, VarId,
};
use crate::syntax::{Diagnostic, Span, has_errors};

/// Types during inference: like [`TyNode`] plus unification variables.
#[derive(Clone, Debug, PartialEq, Eq)]
enum ITy {
    Var(u32),
    Bool,
    Int,
    Obj,
    Sort(String),
    Param(String),
    Set(Box<ITy>),
    Prod(Box<ITy>, Box<ITy>),
    Fun(Box<ITy>, Box<ITy>),
}

fn set(t: ITy) -> ITy {
    ITy::Set(Box::new(t))
}
fn fun(a: ITy, b: ITy) -> ITy {
    ITy::Fun(Box::new(a), Box::new(b))
}
fn prod(a: ITy, b: ITy) -> ITy {
    ITy::Prod(Box::new(a), Box::new(b))
}

/// Operators that mean integer or set operations depending on the operand type.
#[derive(Clone, Copy, Debug)]
enum Overload {
    Plus,
    Minus,
    Lt,
    Le,
}

impl Overload {
    fn symbol(self) -> &'static str {
        match self {
            Overload::Plus => "+",
            Overload::Minus => "-",
            Overload::Lt => "<",
            Overload::Le => "<=",
        }
    }
    fn resolve(self, on_sets: bool) -> Prim {
        match (self, on_sets) {
            (Overload::Plus, false) => Prim::Add,
            (Overload::Plus, true) => Prim::Union,
            (Overload::Minus, false) => Prim::Sub,
            (Overload::Minus, true) => Prim::Diff,
            (Overload::Lt, false) => Prim::Lt,
            (Overload::Lt, true) => Prim::ProperSubset,
            (Overload::Le, false) => Prim::Le,
            (Overload::Le, true) => Prim::Subset,
        }
    }
}

/// A typed term before its types are final.
struct TExpr {
    node: TNode,
    ty: ITy,
    span: Span,
}

enum TNode {
    Var(VarId),
    /// A finished term of the bank, standing for a name (see [`Elaborator::set_abbreviations`]).
    Fixed(TermId),
    Const(ConstId),
    Int(String),
    App(Box<TExpr>, Box<TExpr>),
    Bind(Binder, Vec<VarId>, Box<TExpr>),
    Prim(Prim, Vec<TExpr>),
    /// An overloaded operator and its operand type.
    Over(Overload, ITy, Vec<TExpr>),
}

/// A checked definition `ALL args. constant args = body`.
#[derive(Clone, Debug)]
pub struct Definition {
    /// The defined constant (declared by [`Elaborator::definition`]).
    pub constant: ConstId,
    /// The parameters, bound in `body`.
    pub args: Vec<VarId>,
    /// The right-hand side.
    pub body: TermId,
    /// The defining equation, quantified over `args`.
    pub formula: TermId,
    /// Type parameters the equation is schematic in.
    pub type_params: Vec<String>,
}

/// A theory's constants, sorts and terms, and the inference state for elaborating formulas
/// against them.
pub struct Elaborator {
    bank: HolBank,
    consts: Vec<ConstDecl>,
    const_ids: FxHashMap<String, ConstId>,
    sorts: Vec<(String, Span)>,
    diags: Vec<Diagnostic>,
    /// Local names of the formulas being elaborated (see [`Elaborator::set_locals`]).
    locals: Vec<(String, ConstId)>,
    /// Names that stand for whole terms (see [`Elaborator::set_abbreviations`]).
    abbreviations: Vec<(String, TermId)>,
    /// What an "unbound name" error adds, in the front end's terms.
    unbound_note: &'static str,
    // Per-formula inference state.
    subst: Vec<Option<ITy>>,
    scope: Vec<(String, VarId, ITy)>,
    bound: Vec<(VarId, ITy)>,
}

impl Default for Elaborator {
    fn default() -> Self {
        Elaborator::new()
    }
}

impl Elaborator {
    /// A theory with only the built-in constants `card :: 'a set => int`, `fst`, `snd`,
    /// `null :: obj`, `rtrancl :: ('a * 'a) set => ('a * 'a) set` (written `R^*`) and
    /// `rtrancl_pt :: ('a => 'a => bool) => 'a => 'a => bool`.
    pub fn new() -> Elaborator {
        let mut c = Elaborator::resume(HolBank::new(), Vec::new(), Vec::new());
        let a = c.bank.ty(TyNode::Param("'a".into()));
        let b = c.bank.ty(TyNode::Param("'b".into()));
        let int = c.bank.ty(TyNode::Int);
        let obj = c.bank.ty(TyNode::Obj);
        let set_a = c.bank.ty(TyNode::Set(a));
        let ab = c.bank.ty(TyNode::Prod(a, b));
        let card = c.bank.ty(TyNode::Fun(set_a, int));
        let fst = c.bank.ty(TyNode::Fun(ab, a));
        let snd = c.bank.ty(TyNode::Fun(ab, b));
        // Jahob's reflexive transitive closure, of a relation as a set of pairs (`R^*`) and of
        // a binary predicate (`rtrancl_pt P x y`); the translation gives them their meaning.
        let aa = c.bank.ty(TyNode::Prod(a, a));
        let rel = c.bank.ty(TyNode::Set(aa));
        let rtrancl = c.bank.ty(TyNode::Fun(rel, rel));
        let boolean = c.bank.ty(TyNode::Bool);
        let a_bool = c.bank.ty(TyNode::Fun(a, boolean));
        let pred = c.bank.ty(TyNode::Fun(a, a_bool));
        let rtrancl_pt = c.bank.ty(TyNode::Fun(pred, pred));
        let tree = a_bool;
        for (name, ty) in [
            ("card", card),
            ("fst", fst),
            ("snd", snd),
            ("null", obj),
            (crate::hol::RTRANCL, rtrancl),
            (crate::hol::RTRANCL_PT, rtrancl_pt),
            (crate::hol::TREE, tree),
        ] {
            let params = c.params_of(ty);
            c.add_const(ConstDecl {
                name: name.into(),
                ty,
                params,
                span: None,
                kind: ConstKind::Builtin,
            });
        }
        c
    }

    /// An elaborator that continues from a finished theory's terms, constants and sorts.
    pub fn resume(bank: HolBank, consts: Vec<ConstDecl>, sorts: Vec<(String, Span)>) -> Elaborator {
        let const_ids =
            consts.iter().enumerate().map(|(i, c)| (c.name.clone(), ConstId(i as u32))).collect();
        Elaborator {
            bank,
            consts,
            const_ids,
            sorts,
            diags: Vec::new(),
            locals: Vec::new(),
            abbreviations: Vec::new(),
            unbound_note: "names must be bound by ALL, EX, %, a comprehension, or declared with const/definition",
            subst: Vec::new(),
            scope: Vec::new(),
            bound: Vec::new(),
        }
    }

    /// The term bank.
    pub fn bank(&self) -> &HolBank {
        &self.bank
    }

    /// The term bank, for building terms directly (a front end's generated formulas).
    pub fn bank_mut(&mut self) -> &mut HolBank {
        &mut self.bank
    }

    /// The constants, in declaration order ([`ConstId`]s index this).
    pub fn consts(&self) -> &[ConstDecl] {
        &self.consts
    }

    /// The declared sorts with where they were declared.
    pub fn sorts(&self) -> &[(String, Span)] {
        &self.sorts
    }

    /// The bank, constants and sorts.
    pub fn into_parts(self) -> (HolBank, Vec<ConstDecl>, Vec<(String, Span)>) {
        (self.bank, self.consts, self.sorts)
    }

    /// The diagnostics reported so far.
    pub fn diagnostics(&self) -> &[Diagnostic] {
        &self.diags
    }

    /// Takes the diagnostics reported so far.
    pub fn take_diagnostics(&mut self) -> Vec<Diagnostic> {
        std::mem::take(&mut self.diags)
    }

    /// Reports a diagnostic found by the front end (kept in order with the elaborator's own).
    pub fn report(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// The constant with this name.
    pub fn constant(&self, name: &str) -> Option<ConstId> {
        self.const_ids.get(name).copied()
    }

    /// The constant table entry.
    pub fn const_decl(&self, c: ConstId) -> &ConstDecl {
        &self.consts[c.0 as usize]
    }

    /// Sets the local names for the formulas elaborated next: each name stands for its constant
    /// and hides a theory constant of the same name. Replaces the previous locals.
    pub fn set_locals(&mut self, locals: Vec<(String, ConstId)>) {
        self.locals = locals;
    }

    /// Sets the note an "unbound name" error carries (how names are declared in the front end's
    /// language).
    pub fn set_unbound_note(&mut self, note: &'static str) {
        self.unbound_note = note;
    }

    /// Sets names that stand for whole (ground) terms of the bank in the formulas elaborated
    /// next, looked up after bound variables and before locals: in an instance method, Jahob
    /// reads a bare field name `f` as `this..f`. The field position of `x..f` never takes an
    /// abbreviation. Replaces the previous abbreviations.
    pub fn set_abbreviations(&mut self, abbreviations: Vec<(String, TermId)>) {
        self.abbreviations = abbreviations;
    }

    /// Declares a sort; reports a clash (and returns false) if the name is taken.
    pub fn declare_sort(&mut self, name: &Ident) -> bool {
        if ["bool", "int", "obj", "set", "objset"].contains(&name.name.as_str()) {
            self.diags
                .push(Diagnostic::error(name.span, format!("`{}` is a built-in type", name.name)));
            return false;
        }
        if self.check_fresh(&name.name, name.span) {
            self.sorts.push((name.name.clone(), name.span));
            return true;
        }
        false
    }

    /// A written type as a type of the bank; written type variables stay parameters. Unknown
    /// sorts are reported.
    pub fn resolve_type(&mut self, t: &TypeExpr) -> Option<TyId> {
        let ity = self.type_expr(t)?;
        Some(self.finish_ty(&ity, &mut FxHashMap::default(), &mut Vec::new()))
    }

    /// Declares a constant of type `ty` (its type variables are generalized). A name already
    /// declared is reported at `span` when there is one, and `None` returned.
    pub fn declare_const(
        &mut self,
        name: &str,
        span: Option<Span>,
        ty: TyId,
        kind: ConstKind,
    ) -> Option<ConstId> {
        match span {
            Some(s) if !self.check_fresh(name, s) => return None,
            None if self.const_ids.contains_key(name) => return None,
            _ => {}
        }
        let params = self.params_of(ty);
        Some(self.add_const(ConstDecl { name: name.to_string(), ty, params, span, kind }))
    }

    /// Checks a formula of type `bool`; returns it with its type parameters unless there were
    /// errors.
    pub fn formula(&mut self, f: &Expr) -> Option<(TermId, Vec<String>)> {
        self.formula_with_vars(f, &[])
    }

    /// Checks a formula in which the given variables of the bank are in scope by their names
    /// (as if bound around it: the caller binds them in the result, e.g. a class invariant's
    /// `this`).
    pub fn formula_with_vars(&mut self, f: &Expr, vars: &[VarId]) -> Option<(TermId, Vec<String>)> {
        self.elaborate_with_vars(f, Some(&ITy::Bool), vars)
    }

    /// Checks a term of the expected type (any type if `None`); returns it with its type
    /// parameters unless there were errors.
    pub fn term(&mut self, e: &Expr, expected: Option<TyId>) -> Option<(TermId, Vec<String>)> {
        self.term_with_vars(e, expected, &[])
    }

    /// Checks a term of the expected type (any type if `None`) with the given variables of the
    /// bank in scope by their names, as [`Elaborator::formula_with_vars`] does for formulas.
    pub fn term_with_vars(
        &mut self,
        e: &Expr,
        expected: Option<TyId>,
        vars: &[VarId],
    ) -> Option<(TermId, Vec<String>)> {
        let expected = expected.map(|t| self.instantiate(t, &mut FxHashMap::default()));
        self.elaborate_with_vars(e, expected.as_ref(), vars)
    }

    fn elaborate_with_vars(
        &mut self,
        e: &Expr,
        expected: Option<&ITy>,
        vars: &[VarId],
    ) -> Option<(TermId, Vec<String>)> {
        self.subst.clear();
        self.scope.clear();
        self.bound.clear();
        for &v in vars {
            let data = self.bank.var(v).clone();
            let ty = self.instantiate(data.ty, &mut FxHashMap::default());
            self.scope.push((data.name, v, ty));
        }
        let errors = self.diags.len();
        let t = match expected {
            Some(ty) => self.check(e, ty),
            None => self.infer(e),
        };
        self.scope.clear();
        let mut params = Vec::new();
        let term = self.finish(t, &mut FxHashMap::default(), &mut params);
        if has_errors(&self.diags[errors..]) { None } else { Some((term, params)) }
    }

    fn add_const(&mut self, decl: ConstDecl) -> ConstId {
        let id = ConstId(self.consts.len() as u32);
        self.const_ids.insert(decl.name.clone(), id);
        self.consts.push(decl);
        id
    }

    /// Type parameters of a scheme, in order of first occurrence.
    fn params_of(&self, ty: TyId) -> Vec<String> {
        fn go(bank: &HolBank, t: TyId, out: &mut Vec<String>) {
            match bank.ty_node(t) {
                TyNode::Param(p) if !out.contains(p) => out.push(p.clone()),
                TyNode::Set(a) => go(bank, *a, out),
                TyNode::Prod(a, b) | TyNode::Fun(a, b) => {
                    go(bank, *a, out);
                    go(bank, *b, out);
                }
                _ => {}
            }
        }
        let mut out = Vec::new();
        go(&self.bank, ty, &mut out);
        out
    }

    /// Reports a name declared twice; returns true if `name` is new.
    fn check_fresh(&mut self, name: &str, span: Span) -> bool {
        let previous = match self.const_ids.get(name) {
            Some(&c) => Some(self.consts[c.0 as usize].span),
            None => self.sorts.iter().find(|(n, _)| n == name).map(|(_, s)| Some(*s)),
        };
        match previous {
            None => true,
            Some(prev) => {
                let mut d = Diagnostic::error(span, format!("`{name}` is already declared"));
                match prev {
                    Some(p) => d = d.with_label(p, "first declared here"),
                    None => d = d.with_note(format!("`{name}` is built in")),
                }
                self.diags.push(d);
                false
            }
        }
    }

    /// Checks a definition `name x1 ... xn = body` (distinct variables; `name` is not in scope in
    /// `body`), declares `name` with the optional written type, and returns the definition.
    pub fn definition(
        &mut self,
        name: &Ident,
        ty: Option<&TypeExpr>,
        eq: &Expr,
    ) -> Option<Definition> {
        self.subst.clear();
        self.scope.clear();
        self.bound.clear();
        // The formula must read `name x1 ... xn = body` with distinct variables xi.
        let (lhs, rhs) = match &eq.kind {
            ExprKind::Binary(BinOp::Eq | BinOp::Iff, l, r) => (l, r),
            _ => {
                self.diags.push(Diagnostic::error(
                    eq.span,
                    format!("a definition must have the form `{} x1 ... xn = body`", name.name),
                ));
                return None;
            }
        };
        let mut args = Vec::new();
        let mut head = &**lhs;
        while let ExprKind::App(f, a) = &head.kind {
            match &a.kind {
                ExprKind::Name(n) => args.push(Ident { name: n.clone(), span: a.span }),
                _ => {
                    self.diags.push(Diagnostic::error(
                        a.span,
                        "a definition's parameters must be variable names",
                    ));
                    return None;
                }
            }
            head = f;
        }
        args.reverse();
        match &head.kind {
            ExprKind::Name(n) if *n == name.name => {}
            _ => {
                self.diags.push(Diagnostic::error(
                    head.span,
                    format!("this definition must define `{}`", name.name),
                ));
                return None;
            }
        }
        for (i, a) in args.iter().enumerate() {
            if args[..i].iter().any(|b| b.name == a.name) {
                self.diags.push(Diagnostic::error(
                    a.span,
                    format!("parameter `{}` appears twice", a.name),
                ));
                return None;
            }
        }
        if !self.check_fresh(&name.name, name.span) {
            return None;
        }
        let errors = self.diags.len();
        let declared = match ty {
            Some(t) => self.type_expr(t)?,
            None => self.fresh(),
        };
        // The constant is not in scope in its own body: definitions are not recursive.
        let mut vars = Vec::new();
        let mut arg_tys = Vec::new();
        for a in &args {
            let t = self.fresh();
            let v = self.bind_var(&a.name, a.span, t.clone());
            vars.push(v);
            arg_tys.push(t);
        }
        let body = self.infer(rhs);
        self.scope.clear();
        let mut fty = body.ty.clone();
        for t in arg_tys.iter().rev() {
            fty = fun(t.clone(), fty);
        }
        self.expect(lhs.span, &fty, &declared);
        let mut type_map = FxHashMap::default();
        let mut params = Vec::new();
        let cty = self.finish_ty(&fty, &mut type_map, &mut params);
        let body = self.finish(body, &mut type_map, &mut params);
        let cparams = self.params_of(cty);
        // As in Isabelle: a type variable only in the body would make the constant's value
        // depend on a type nobody can name at its uses.
        if let Some(extra) = params.iter().find(|p| !cparams.contains(p)) {
            self.diags.push(
                Diagnostic::error(
                    eq.span,
                    format!(
                        "type variable `{extra}` occurs in the definition of `{}` but not in its type",
                        name.name
                    ),
                )
                .with_note("ascribe types to the bound variables of the body"),
            );
        }
        if has_errors(&self.diags[errors..]) {
            return None;
        }
        let c = self.add_const(ConstDecl {
            name: name.name.clone(),
            ty: cty,
            params: cparams,
            span: Some(name.span),
            kind: ConstKind::Defined,
        });
        // The equation `ALL args. c args = body`, built directly at the generic types.
        let mut lhs_t = self.bank.add(Term::Const(c), cty, name.span);
        let mut cur = cty;
        for v in &vars {
            let TyNode::Fun(_, r) = *self.bank.ty_node(cur) else { break };
            let arg = self.var_term(*v);
            lhs_t = self.bank.add(Term::App(lhs_t, arg), r, lhs.span);
            cur = r;
        }
        let bool_ty = self.bank.ty(TyNode::Bool);
        let eq_t = self.bank.add(Term::Prim(Prim::Eq, vec![lhs_t, body]), bool_ty, eq.span);
        let formula = if vars.is_empty() {
            eq_t
        } else {
            self.bank.add(Term::Bind(Binder::All, vars.clone(), eq_t), bool_ty, eq.span)
        };
        Some(Definition { constant: c, args: vars, body, formula, type_params: params })
    }

    fn var_term(&mut self, v: VarId) -> TermId {
        let d = self.bank.var(v).clone();
        self.bank.add(Term::Var(v), d.ty, d.span)
    }

    // ------------------------------------------------------------------ types

    fn fresh(&mut self) -> ITy {
        self.subst.push(None);
        ITy::Var(self.subst.len() as u32 - 1)
    }

    /// A written type; unknown sorts are reported (and `None` returned).
    fn type_expr(&mut self, t: &TypeExpr) -> Option<ITy> {
        Some(match &t.kind {
            TypeKind::Named(n) => match n.as_str() {
                "bool" => ITy::Bool,
                "int" => ITy::Int,
                "obj" => ITy::Obj,
                _ if self.sorts.iter().any(|(s, _)| s == n) => ITy::Sort(n.clone()),
                _ => {
                    self.diags.push(
                        Diagnostic::error(t.span, format!("unknown type `{n}`"))
                            .with_note("declare it with `type NAME` or use bool, int, obj"),
                    );
                    return None;
                }
            },
            TypeKind::Var(v) => ITy::Param(v.clone()),
            TypeKind::Set(a) => set(self.type_expr(a)?),
            TypeKind::Prod(a, b) => prod(self.type_expr(a)?, self.type_expr(b)?),
            TypeKind::Fun(a, b) => fun(self.type_expr(a)?, self.type_expr(b)?),
        })
    }

    /// A declared scheme with its parameters replaced by fresh variables.
    fn instantiate(&mut self, t: TyId, map: &mut FxHashMap<String, ITy>) -> ITy {
        match self.bank.ty_node(t).clone() {
            TyNode::Bool => ITy::Bool,
            TyNode::Int => ITy::Int,
            TyNode::Obj => ITy::Obj,
            TyNode::Sort(s) => ITy::Sort(s),
            TyNode::Param(p) => {
                if let Some(v) = map.get(&p) {
                    return v.clone();
                }
                let v = self.fresh();
                map.insert(p, v.clone());
                v
            }
            TyNode::Set(a) => set(self.instantiate(a, map)),
            TyNode::Prod(a, b) => prod(self.instantiate(a, map), self.instantiate(b, map)),
            TyNode::Fun(a, b) => fun(self.instantiate(a, map), self.instantiate(b, map)),
        }
    }

    /// Follows solved variables at the top of a type.
    fn shallow(&self, t: &ITy) -> ITy {
        let mut t = t.clone();
        while let ITy::Var(v) = t {
            match &self.subst[v as usize] {
                Some(u) => t = u.clone(),
                None => break,
            }
        }
        t
    }

    /// Applies the substitution everywhere.
    fn zonk(&self, t: &ITy) -> ITy {
        match self.shallow(t) {
            ITy::Set(a) => set(self.zonk(&a)),
            ITy::Prod(a, b) => prod(self.zonk(&a), self.zonk(&b)),
            ITy::Fun(a, b) => fun(self.zonk(&a), self.zonk(&b)),
            t => t,
        }
    }

    fn occurs(&self, v: u32, t: &ITy) -> bool {
        match self.shallow(t) {
            ITy::Var(w) => v == w,
            ITy::Set(a) => self.occurs(v, &a),
            ITy::Prod(a, b) | ITy::Fun(a, b) => self.occurs(v, &a) || self.occurs(v, &b),
            _ => false,
        }
    }

    fn unify(&mut self, a: &ITy, b: &ITy) -> bool {
        let (a, b) = (self.shallow(a), self.shallow(b));
        match (&a, &b) {
            (ITy::Var(x), ITy::Var(y)) if x == y => true,
            (ITy::Var(x), t) | (t, ITy::Var(x)) => {
                if self.occurs(*x, t) {
                    return false;
                }
                self.subst[*x as usize] = Some(t.clone());
                true
            }
            (ITy::Set(x), ITy::Set(y)) => self.unify(x, y),
            (ITy::Prod(x1, x2), ITy::Prod(y1, y2)) | (ITy::Fun(x1, x2), ITy::Fun(y1, y2)) => {
                self.unify(x1, y1) && self.unify(x2, y2)
            }
            _ => a == b,
        }
    }

    /// Unifies and reports `expected E, found F` at `span` on failure.
    fn expect(&mut self, span: Span, found: &ITy, expected: &ITy) {
        if !self.unify(found, expected) {
            let mut names = Namer::default();
            self.reserve_params(expected, &mut names);
            self.reserve_params(found, &mut names);
            let e = self.show(expected, &mut names);
            let f = self.show(found, &mut names);
            self.diags
                .push(Diagnostic::error(span, format!("type mismatch: expected {e}, found {f}")));
        }
    }

    /// Keeps the names of written type variables away from the generated ones.
    fn reserve_params(&self, t: &ITy, names: &mut Namer) {
        match self.shallow(t) {
            ITy::Param(p) => names.reserved.push(p),
            ITy::Set(a) => self.reserve_params(&a, names),
            ITy::Prod(a, b) | ITy::Fun(a, b) => {
                self.reserve_params(&a, names);
                self.reserve_params(&b, names);
            }
            _ => {}
        }
    }

    /// Isabelle syntax; unsolved variables are named `'a`, `'b`, ... per message.
    fn show(&self, t: &ITy, names: &mut Namer) -> String {
        self.show_prec(&self.zonk(t), names, 0)
    }

    fn show_prec(&self, t: &ITy, names: &mut Namer, prec: u8) -> String {
        let (s, own) = match t {
            ITy::Var(v) => (names.name(*v), 3),
            ITy::Bool => ("bool".into(), 3),
            ITy::Int => ("int".into(), 3),
            ITy::Obj => ("obj".into(), 3),
            ITy::Sort(s) | ITy::Param(s) => (s.clone(), 3),
            ITy::Set(a) => (format!("{} set", self.show_prec(a, names, 2)), 2),
            ITy::Prod(a, b) => {
                let a = self.show_prec(a, names, 2);
                (format!("{a} * {}", self.show_prec(b, names, 1)), 1)
            }
            ITy::Fun(a, b) => {
                let a = self.show_prec(a, names, 1);
                (format!("{a} => {}", self.show_prec(b, names, 0)), 0)
            }
        };
        if own < prec { format!("({s})") } else { s }
    }

    // ------------------------------------------------------------------ inference

    fn bind_var(&mut self, name: &str, span: Span, ty: ITy) -> VarId {
        // Jahob specs name state components like `v` or `content`; a binder reusing such a
        // name silently changes what later occurrences mean, so say so.
        let local = self.locals.iter().rev().find(|(m, _)| m == name).map(|(_, c)| *c);
        if let Some(c) = local.or_else(|| self.const_ids.get(name).copied()) {
            let mut d = Diagnostic::warning(
                span,
                format!("bound variable `{name}` shadows the constant `{name}`"),
            );
            if let Some(decl) = self.consts[c.0 as usize].span {
                d = d.with_label(decl, "the constant is declared here");
            }
            self.diags.push(d);
        }
        let placeholder = self.bank.ty(TyNode::Bool);
        let v = self.bank.new_var(name, placeholder, span);
        self.scope.push((name.to_string(), v, ty.clone()));
        self.bound.push((v, ty));
        v
    }

    fn bind_all(&mut self, bs: &[Binding]) -> (Vec<VarId>, Vec<ITy>) {
        let mut vars = Vec::new();
        let mut tys = Vec::new();
        for b in bs {
            let t = match &b.ty {
                Some(t) => match self.type_expr(t) {
                    Some(t) => t,
                    None => self.fresh(),
                },
                None => self.fresh(),
            };
            vars.push(self.bind_var(&b.name.name, b.name.span, t.clone()));
            tys.push(t);
        }
        (vars, tys)
    }

    fn check(&mut self, e: &Expr, expected: &ITy) -> TExpr {
        let t = self.infer(e);
        self.expect(e.span, &t.ty, expected);
        t
    }

    fn prim(&self, p: Prim, args: Vec<TExpr>, ty: ITy, span: Span) -> TExpr {
        TExpr { node: TNode::Prim(p, args), ty, span }
    }

    fn name(&mut self, n: &str, span: Span) -> TExpr {
        if self.scope.iter().any(|(m, _, _)| m == n) {
            return self.constant_name(n, span);
        }
        if let Some(&(_, t)) = self.abbreviations.iter().rev().find(|(m, _)| m == n) {
            let ty = self.bank.term(t).ty;
            let ty = self.instantiate(ty, &mut FxHashMap::default());
            return TExpr { node: TNode::Fixed(t), ty, span };
        }
        self.constant_name(n, span)
    }

    /// A name in the field position of `x..f`: a bound variable, a local or a constant, never
    /// an abbreviation.
    fn constant_name(&mut self, n: &str, span: Span) -> TExpr {
        if let Some((_, v, t)) = self.scope.iter().rev().find(|(m, _, _)| m == n) {
            return TExpr { node: TNode::Var(*v), ty: t.clone(), span };
        }
        match n {
            "True" => return self.prim(Prim::True, vec![], ITy::Bool, span),
            "False" => return self.prim(Prim::False, vec![], ITy::Bool, span),
            _ => {}
        }
        let local = self.locals.iter().rev().find(|(m, _)| m == n).map(|(_, c)| *c);
        // Jahob writes `cardinality S` for `card S`.
        let alias = || (n == "cardinality").then(|| self.const_ids.get("card").copied()).flatten();
        if let Some(c) = local.or_else(|| self.const_ids.get(n).copied()).or_else(alias) {
            let scheme = self.consts[c.0 as usize].ty;
            let ty = self.instantiate(scheme, &mut FxHashMap::default());
            return TExpr { node: TNode::Const(c), ty, span };
        }
        self.diags.push(
            Diagnostic::error(span, format!("unbound name `{n}`")).with_note(self.unbound_note),
        );
        let ty = self.fresh();
        self.prim(Prim::False, vec![], ty, span)
    }

    fn apply(&mut self, f: TExpr, a: TExpr, span: Span) -> TExpr {
        let r = match self.shallow(&f.ty) {
            ITy::Fun(p, r) => {
                self.expect(a.span, &a.ty, &p);
                *r
            }
            ITy::Var(_) => {
                let r = self.fresh();
                let ft = fun(a.ty.clone(), r.clone());
                self.expect(f.span, &f.ty, &ft);
                r
            }
            other => {
                let mut names = Namer::default();
                let shown = self.show(&other, &mut names);
                self.diags.push(Diagnostic::error(
                    f.span,
                    format!("this term has type {shown} and cannot be applied to an argument"),
                ));
                self.fresh()
            }
        };
        TExpr { node: TNode::App(Box::new(f), Box::new(a)), ty: r, span }
    }

    fn infer(&mut self, e: &Expr) -> TExpr {
        let span = e.span;
        match &e.kind {
            ExprKind::Name(n) => self.name(n, span),
            ExprKind::Int(s) => TExpr { node: TNode::Int(s.clone()), ty: ITy::Int, span },
            ExprKind::App(f, a) => {
                let f = self.infer(f);
                let a = self.infer(a);
                self.apply(f, a, span)
            }
            ExprKind::Field(x, field) => {
                let x = self.infer(x);
                let f = self.constant_name(&field.name, field.span);
                self.apply(f, x, span)
            }
            ExprKind::Binder(kind, bs, body) => {
                let depth = self.scope.len();
                let (vars, tys) = self.bind_all(bs);
                let (binder, body, ty) = match kind {
                    BinderKind::All | BinderKind::Ex => {
                        let b = self.check(body, &ITy::Bool);
                        let k = if *kind == BinderKind::All { Binder::All } else { Binder::Ex };
                        (k, b, ITy::Bool)
                    }
                    BinderKind::Lam => {
                        let b = self.infer(body);
                        let ty = tys.iter().rev().fold(b.ty.clone(), |acc, t| fun(t.clone(), acc));
                        (Binder::Lam, b, ty)
                    }
                };
                self.scope.truncate(depth);
                TExpr { node: TNode::Bind(binder, vars, Box::new(body)), ty, span }
            }
            ExprKind::Collect(bs, body) => {
                let depth = self.scope.len();
                let (vars, tys) = self.bind_all(bs);
                let body = self.check(body, &ITy::Bool);
                self.scope.truncate(depth);
                let mut it = tys.into_iter().rev();
                let last = it.next().unwrap_or(ITy::Bool);
                let elem = it.fold(last, |acc, t| prod(t, acc));
                TExpr {
                    node: TNode::Bind(Binder::Collect, vars, Box::new(body)),
                    ty: set(elem),
                    span,
                }
            }
            ExprKind::Unary(UnOp::Not, a) => {
                let a = self.check(a, &ITy::Bool);
                self.prim(Prim::Not, vec![a], ITy::Bool, span)
            }
            ExprKind::Unary(UnOp::Neg, a) => {
                let a = self.check(a, &ITy::Int);
                self.prim(Prim::Neg, vec![a], ITy::Int, span)
            }
            ExprKind::Binary(op, a, b) => self.binary(*op, a, b, span),
            ExprKind::If(c, a, b) => {
                let c = self.check(c, &ITy::Bool);
                let a = self.infer(a);
                let b = self.check(b, &a.ty);
                let ty = a.ty.clone();
                self.prim(Prim::Ite, vec![c, a, b], ty, span)
            }
            ExprKind::Tuple(xs) => {
                let mut ts: Vec<TExpr> = xs.iter().map(|x| self.infer(x)).collect();
                let Some(mut acc) = ts.pop() else {
                    // Only produced after a reported syntax error.
                    let ty = self.fresh();
                    return self.prim(Prim::False, vec![], ty, span);
                };
                while let Some(t) = ts.pop() {
                    let ty = prod(t.ty.clone(), acc.ty.clone());
                    let sp = t.span.to(acc.span);
                    acc = self.prim(Prim::Pair, vec![t, acc], ty, sp);
                }
                acc.span = span;
                acc
            }
            ExprKind::SetEnum(xs) => {
                let elem = self.fresh();
                let ts: Vec<TExpr> = xs.iter().map(|x| self.check(x, &elem)).collect();
                let sty = set(elem);
                let mut acc = self.prim(Prim::Empty, vec![], sty.clone(), span);
                for t in ts.into_iter().rev() {
                    acc = self.prim(Prim::Insert, vec![t, acc], sty.clone(), span);
                }
                acc
            }
            ExprKind::Update(f, ups) => {
                let (dom, cod) = (self.fresh(), self.fresh());
                let fty = fun(dom.clone(), cod.clone());
                let mut acc = self.check(f, &fty);
                for (x, v) in ups {
                    let x = self.check(x, &dom);
                    let v = self.check(v, &cod);
                    acc = self.prim(Prim::Update, vec![acc, x, v], fty.clone(), span);
                }
                acc
            }
            ExprKind::Ascribe(t, ty) => {
                let inner = self.infer(t);
                if let Some(ty) = self.type_expr(ty) {
                    self.expect(t.span, &inner.ty, &ty);
                }
                inner
            }
        }
    }

    fn binary(&mut self, op: BinOp, a: &Expr, b: &Expr, span: Span) -> TExpr {
        let simple = |p| match p {
            BinOp::And => Some(Prim::And),
            BinOp::Or => Some(Prim::Or),
            BinOp::Imp => Some(Prim::Imp),
            BinOp::Iff => Some(Prim::Iff),
            _ => None,
        };
        if let Some(p) = simple(op) {
            let a = self.check(a, &ITy::Bool);
            let b = self.check(b, &ITy::Bool);
            return self.prim(p, vec![a, b], ITy::Bool, span);
        }
        match op {
            BinOp::Eq | BinOp::Neq => {
                let a = self.infer(a);
                let b = self.check(b, &a.ty);
                let eq = self.prim(Prim::Eq, vec![a, b], ITy::Bool, span);
                if op == BinOp::Neq { self.prim(Prim::Not, vec![eq], ITy::Bool, span) } else { eq }
            }
            BinOp::Mem | BinOp::NotMem => {
                let a = self.infer(a);
                let b = self.check(b, &set(a.ty.clone()));
                let m = self.prim(Prim::Mem, vec![a, b], ITy::Bool, span);
                if op == BinOp::NotMem { self.prim(Prim::Not, vec![m], ITy::Bool, span) } else { m }
            }
            BinOp::Union | BinOp::Inter => {
                let elem = self.fresh();
                let a = self.check(a, &set(elem));
                let b = self.check(b, &a.ty);
                let ty = a.ty.clone();
                let p = if op == BinOp::Union { Prim::Union } else { Prim::Inter };
                self.prim(p, vec![a, b], ty, span)
            }
            BinOp::Times | BinOp::Div | BinOp::Mod => {
                let a = self.check(a, &ITy::Int);
                let b = self.check(b, &ITy::Int);
                let p = match op {
                    BinOp::Times => Prim::Mul,
                    BinOp::Div => Prim::Div,
                    _ => Prim::Mod,
                };
                self.prim(p, vec![a, b], ITy::Int, span)
            }
            BinOp::Plus | BinOp::Minus => {
                let a = self.infer(a);
                let b = self.check(b, &a.ty);
                let ty = a.ty.clone();
                let o = if op == BinOp::Plus { Overload::Plus } else { Overload::Minus };
                TExpr { node: TNode::Over(o, ty.clone(), vec![a, b]), ty, span }
            }
            BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
                // `a > b` is `b < a`; infer in source order so messages blame the right side.
                let (a, b) = if matches!(op, BinOp::Gt | BinOp::Ge) {
                    let at = self.infer(a);
                    let bt = self.check(b, &at.ty);
                    (bt, at)
                } else {
                    let at = self.infer(a);
                    let bt = self.check(b, &at.ty);
                    (at, bt)
                };
                let ty = a.ty.clone();
                let o =
                    if matches!(op, BinOp::Lt | BinOp::Gt) { Overload::Lt } else { Overload::Le };
                TExpr { node: TNode::Over(o, ty, vec![a, b]), ty: ITy::Bool, span }
            }
            _ => unreachable!("handled above"),
        }
    }

    // ------------------------------------------------------------------ finishing

    /// The final type: unsolved variables become item parameters `'_a`, `'_b`, ...
    fn finish_ty(
        &mut self,
        t: &ITy,
        map: &mut FxHashMap<u32, String>,
        params: &mut Vec<String>,
    ) -> TyId {
        let node = match self.shallow(t) {
            ITy::Var(v) => {
                let next = map.len();
                let name = map.entry(v).or_insert_with(|| generated_name(next)).clone();
                if !params.contains(&name) {
                    params.push(name.clone());
                }
                TyNode::Param(name)
            }
            ITy::Bool => TyNode::Bool,
            ITy::Int => TyNode::Int,
            ITy::Obj => TyNode::Obj,
            ITy::Sort(s) => TyNode::Sort(s),
            ITy::Param(p) => {
                if !params.contains(&p) {
                    params.push(p.clone());
                }
                TyNode::Param(p)
            }
            ITy::Set(a) => TyNode::Set(self.finish_ty(&a, map, params)),
            ITy::Prod(a, b) => {
                let a = self.finish_ty(&a, map, params);
                TyNode::Prod(a, self.finish_ty(&b, map, params))
            }
            ITy::Fun(a, b) => {
                let a = self.finish_ty(&a, map, params);
                TyNode::Fun(a, self.finish_ty(&b, map, params))
            }
        };
        self.bank.ty(node)
    }

    /// Moves a typed term into the bank, resolving overloads and fixing variable types.
    fn finish(
        &mut self,
        t: TExpr,
        map: &mut FxHashMap<u32, String>,
        params: &mut Vec<String>,
    ) -> TermId {
        let bound = std::mem::take(&mut self.bound);
        for (v, ty) in &bound {
            let tid = self.finish_ty(ty, map, params);
            self.bank.set_var_ty(*v, tid);
        }
        self.finish_rec(t, map, params)
    }

    fn finish_rec(
        &mut self,
        t: TExpr,
        map: &mut FxHashMap<u32, String>,
        params: &mut Vec<String>,
    ) -> TermId {
        let ty = self.finish_ty(&t.ty, map, params);
        let term = match t.node {
            TNode::Fixed(id) => return id,
            TNode::Var(v) => Term::Var(v),
            TNode::Const(c) => Term::Const(c),
            TNode::Int(s) => Term::Int(
                rug::Integer::from_str_radix(&s, 10)
                    .expect("an integer literal is ASCII digits by the grammar"),
            ),
            TNode::App(f, a) => {
                let f = self.finish_rec(*f, map, params);
                Term::App(f, self.finish_rec(*a, map, params))
            }
            TNode::Bind(b, vs, body) => Term::Bind(b, vs, self.finish_rec(*body, map, params)),
            TNode::Prim(p, args) => {
                Term::Prim(p, args.into_iter().map(|a| self.finish_rec(a, map, params)).collect())
            }
            TNode::Over(o, operand, args) => {
                let p = match self.zonk(&operand) {
                    ITy::Int => o.resolve(false),
                    ITy::Set(_) => o.resolve(true),
                    ITy::Var(_) => {
                        self.diags.push(
                            Diagnostic::error(
                                t.span,
                                format!(
                                    "ambiguous type: `{}` could be on int or on sets here",
                                    o.symbol()
                                ),
                            )
                            .with_note("add a type ascription such as `(x :: int)`"),
                        );
                        o.resolve(false)
                    }
                    other => {
                        let shown = self.show(&other, &mut Namer::default());
                        self.diags.push(Diagnostic::error(
                            t.span,
                            format!("`{}` works on int or on sets, not on {shown}", o.symbol()),
                        ));
                        o.resolve(false)
                    }
                };
                Term::Prim(p, args.into_iter().map(|a| self.finish_rec(a, map, params)).collect())
            }
        };
        self.bank.add(term, ty, t.span)
    }
}

fn generated_name(i: usize) -> String {
    let letter = (b'a' + (i % 26) as u8) as char;
    if i < 26 { format!("'_{letter}") } else { format!("'_{letter}{}", i / 26) }
}

/// Names unsolved type variables `'a`, `'b`, ... in the order a message mentions them.
/// Names already taken by written type variables are skipped.
#[derive(Default)]
struct Namer {
    names: Vec<(u32, String)>,
    reserved: Vec<String>,
}

impl Namer {
    fn name(&mut self, v: u32) -> String {
        if let Some((_, n)) = self.names.iter().find(|(w, _)| *w == v) {
            return n.clone();
        }
        let mut i = self.names.len();
        let name = loop {
            let letter = (b'a' + (i % 26) as u8) as char;
            let n = if i < 26 { format!("'{letter}") } else { format!("'{letter}{}", i / 26) };
            if !self.reserved.contains(&n) && !self.names.iter().any(|(_, m)| *m == n) {
                break n;
            }
            i += 1;
        };
        self.names.push((v, name.clone()));
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_term;
    use crate::syntax::FileId;

    fn expr(text: &str) -> Expr {
        let (e, d) = parse_term(FileId(0), text, 0);
        assert!(d.is_empty(), "{d:?}");
        e.unwrap()
    }

    #[test]
    fn locals_hide_theory_constants() {
        let mut el = Elaborator::new();
        let int = el.bank_mut().ty(TyNode::Int);
        let obj = el.bank_mut().ty(TyNode::Obj);
        let global = el.declare_const("k", None, obj, ConstKind::Declared).unwrap();
        let local = el.declare_const("m.k", None, int, ConstKind::Declared).unwrap();
        // Without locals, `k` is the object constant and `k < 1` is ill-typed.
        assert!(el.formula(&expr("k < 1")).is_none());
        el.take_diagnostics();
        el.set_locals(vec![("k".into(), local)]);
        let (t, params) = el.formula(&expr("k < 1")).expect("k is the local int");
        assert!(params.is_empty());
        let shown = el.bank().show_term(t, &|c| el.const_decl(c).name.clone());
        assert_eq!(shown, "Lt(m.k, 1)");
        assert_ne!(global, local);
    }

    #[test]
    fn free_variables_given_by_the_caller_are_in_scope() {
        let mut el = Elaborator::new();
        let obj = el.bank_mut().ty(TyNode::Obj);
        let this = el.bank_mut().new_var("this", obj, Span::default());
        let (t, _) = el.formula_with_vars(&expr("this ~= null"), &[this]).unwrap();
        let shown = el.bank().show_term(t, &|c| el.const_decl(c).name.clone());
        assert_eq!(shown, "Not(Eq(this, null))");
    }

    #[test]
    fn terms_are_checked_against_an_expected_type() {
        let mut el = Elaborator::new();
        let int = el.bank_mut().ty(TyNode::Int);
        let obj = el.bank_mut().ty(TyNode::Obj);
        let pair = el.bank_mut().ty(TyNode::Prod(int, obj));
        let rel = el.bank_mut().ty(TyNode::Set(pair));
        let (t, params) = el.term(&expr("{}"), Some(rel)).unwrap();
        assert!(params.is_empty());
        assert_eq!(el.bank().term(t).ty, rel);
        assert!(el.term(&expr("{}"), Some(int)).is_none());
    }
}

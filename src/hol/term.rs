//! Typed higher-order terms in an arena of their own: what the spec type checker produces and
//! program front ends will build.
//!
//! This is deliberately separate from the first-order `TermBank`: HOL terms have binders,
//! function-valued subterms and types on every node, none of which the prover's kernel needs.
//!
//! Binders are *named with unique ids*: every binder occurrence introduces fresh [`VarId`]s
//! (even when two binders use the same written name), so a [`Term::Var`] always refers to exactly
//! one binder and substitution can never capture. A translation that duplicates a binder must
//! allocate new variables for the copy ([`HolBank::new_var`]).
//!
//! Types are hash-consed ([`TyId`] equality is type equality). [`TyNode::Param`] is a type
//! parameter of a polymorphic constant's declared type or of a schematic item (see
//! `SpecItem::type_params`); every occurrence inside a checked item is ground apart from those.

use std::fmt;

use rustc_hash::FxHashMap;

use crate::syntax::Span;

/// A hash-consed type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TyId(pub u32);

/// A term in a [`HolBank`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TermId(pub u32);

/// A bound variable in a [`HolBank`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub u32);

/// A constant: an index into the constant table ([`super::ConstDecl`]) of the theory the term
/// belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConstId(pub u32);

/// Type shapes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TyNode {
    /// Truth values.
    Bool,
    /// Unbounded integers.
    Int,
    /// Heap objects (Jahob's `obj`).
    Obj,
    /// A sort declared with `type NAME`.
    Sort(String),
    /// A type parameter such as `'a`.
    Param(String),
    /// `t set`.
    Set(TyId),
    /// `a * b`.
    Prod(TyId, TyId),
    /// `a => b`.
    Fun(TyId, TyId),
}

/// Binders over a list of variables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Binder {
    /// Universal quantifier (type `bool`).
    All,
    /// Existential quantifier (type `bool`).
    Ex,
    /// `%x y. t`: curried lambda (type `tx => ty => t`).
    Lam,
    /// Set comprehension: `{x. P}` has type `tx set`; with several variables the elements are
    /// right-nested tuples `(x, (y, z))`, as Isabelle's tuple patterns are.
    Collect,
}

/// Built-in operators with fixed meaning (the translation handles each one specially).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Prim {
    /// `True` (no arguments).
    True,
    /// `False` (no arguments).
    False,
    /// Negation (1).
    Not,
    /// Conjunction (2).
    And,
    /// Disjunction (2).
    Or,
    /// Implication (2).
    Imp,
    /// Equivalence of formulas (2).
    Iff,
    /// Equality at any type (2); `~=` is `Not(Eq)`.
    Eq,
    /// `if c then a else b` (3).
    Ite,
    /// Pair `(a, b)` (2); longer tuples nest to the right.
    Pair,
    /// Membership `x : S` (2); `~:` is `Not(Mem)`.
    Mem,
    /// The empty set (0).
    Empty,
    /// `Insert(x, S)` is `{x} Un S` (2); `{a, b}` is `Insert(a, Insert(b, Empty))`.
    Insert,
    /// `Un`, and `+` on sets (2).
    Union,
    /// `Int` (2).
    Inter,
    /// `-` on sets (2).
    Diff,
    /// `<=` on sets (2).
    Subset,
    /// `<` on sets (2).
    ProperSubset,
    /// `f(x := v)` (3: f, x, v); several updates nest, leftmost innermost.
    Update,
    /// Integer `+` (2).
    Add,
    /// Integer `-` (2).
    Sub,
    /// Integer `*` (2).
    Mul,
    /// Integer unary minus (1).
    Neg,
    /// Integer division truncating toward zero, as Java and C divide (2); `a div b`.
    Div,
    /// The remainder of [`Prim::Div`]: `a = (a div b) * b + (a mod b)`, with the sign of `a`;
    /// `a mod b` (2).
    Mod,
    /// Integer `<` (2); `a > b` is `Lt(b, a)`.
    Lt,
    /// Integer `<=` (2); `a >= b` is `Le(b, a)`.
    Le,
}

/// Term shapes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Term {
    /// A bound variable.
    Var(VarId),
    /// An occurrence of a constant, at the (instance) type of the node.
    Const(ConstId),
    /// An integer literal, unbounded (negative numbers are `Neg` applied to a literal).
    Int(rug::Integer),
    /// Application.
    App(TermId, TermId),
    /// A binder over one or more fresh variables.
    Bind(Binder, Vec<VarId>, TermId),
    /// A built-in operator applied to all its arguments.
    Prim(Prim, Vec<TermId>),
}

/// One term node with its type and source span.
#[derive(Clone, Debug)]
pub struct TermData {
    /// The shape.
    pub term: Term,
    /// Its type.
    pub ty: TyId,
    /// Where it came from.
    pub span: Span,
}

/// A bound variable's name (as written), type and binding place.
#[derive(Clone, Debug)]
pub struct VarData {
    /// The written name (not unique).
    pub name: String,
    /// The type.
    pub ty: TyId,
    /// The binding occurrence.
    pub span: Span,
}

/// Arena of types, terms and bound variables.
#[derive(Clone, Debug, Default)]
pub struct HolBank {
    types: Vec<TyNode>,
    type_ids: FxHashMap<TyNode, TyId>,
    terms: Vec<TermData>,
    vars: Vec<VarData>,
}

impl HolBank {
    /// An empty bank.
    pub fn new() -> HolBank {
        HolBank::default()
    }

    /// The (unique) id of a type.
    pub fn ty(&mut self, node: TyNode) -> TyId {
        if let Some(&id) = self.type_ids.get(&node) {
            return id;
        }
        let id = TyId(self.types.len() as u32);
        self.types.push(node.clone());
        self.type_ids.insert(node, id);
        id
    }

    /// The shape of a type.
    pub fn ty_node(&self, id: TyId) -> &TyNode {
        &self.types[id.0 as usize]
    }

    /// Adds a term node.
    pub fn add(&mut self, term: Term, ty: TyId, span: Span) -> TermId {
        self.terms.push(TermData { term, ty, span });
        TermId(self.terms.len() as u32 - 1)
    }

    /// The value of an integer literal term (`5`, or `-5` as the negation of `5`).
    pub fn int_literal(&self, id: TermId) -> Option<rug::Integer> {
        match &self.term(id).term {
            Term::Int(n) => Some(n.clone()),
            Term::Prim(Prim::Neg, args) => match &self.term(args[0]).term {
                Term::Int(n) => Some(-n.clone()),
                _ => None,
            },
            _ => None,
        }
    }

    /// A term node.
    pub fn term(&self, id: TermId) -> &TermData {
        &self.terms[id.0 as usize]
    }

    /// A fresh bound variable.
    pub fn new_var(&mut self, name: &str, ty: TyId, span: Span) -> VarId {
        self.vars.push(VarData { name: name.to_string(), ty, span });
        VarId(self.vars.len() as u32 - 1)
    }

    /// A bound variable's data.
    pub fn var(&self, id: VarId) -> &VarData {
        &self.vars[id.0 as usize]
    }

    pub(crate) fn set_var_ty(&mut self, id: VarId, ty: TyId) {
        self.vars[id.0 as usize].ty = ty;
    }

    /// Number of term nodes (for tests and statistics).
    pub fn num_terms(&self) -> usize {
        self.terms.len()
    }

    /// True if the type contains no type parameter.
    pub fn is_ground(&self, id: TyId) -> bool {
        match self.ty_node(id) {
            TyNode::Bool | TyNode::Int | TyNode::Obj | TyNode::Sort(_) => true,
            TyNode::Param(_) => false,
            TyNode::Set(a) => self.is_ground(*a),
            TyNode::Prod(a, b) | TyNode::Fun(a, b) => self.is_ground(*a) && self.is_ground(*b),
        }
    }

    /// Isabelle-style rendering of a type (`(int * obj) set`, `'a => bool`).
    pub fn show_ty(&self, id: TyId) -> String {
        self.show_ty_prec(id, 0)
    }

    fn show_ty_prec(&self, id: TyId, prec: u8) -> String {
        // prec: 0 anywhere, 1 left of `=>` or inside `*`, 2 before `set`.
        let (s, own) = match self.ty_node(id) {
            TyNode::Bool => ("bool".to_string(), 3),
            TyNode::Int => ("int".to_string(), 3),
            TyNode::Obj => ("obj".to_string(), 3),
            TyNode::Sort(n) | TyNode::Param(n) => (n.clone(), 3),
            TyNode::Set(a) => (format!("{} set", self.show_ty_prec(*a, 2)), 2),
            TyNode::Prod(a, b) => {
                (format!("{} * {}", self.show_ty_prec(*a, 2), self.show_ty_prec(*b, 1)), 1)
            }
            TyNode::Fun(a, b) => {
                (format!("{} => {}", self.show_ty_prec(*a, 1), self.show_ty_prec(*b, 0)), 0)
            }
        };
        if own < prec { format!("({s})") } else { s }
    }

    /// A fully parenthesized rendering of a term; constants are named through `names`.
    pub fn show_term(&self, id: TermId, names: &dyn Fn(ConstId) -> String) -> String {
        let mut out = String::new();
        self.write_term(&mut out, id, names);
        out
    }

    fn write_term(&self, out: &mut String, id: TermId, names: &dyn Fn(ConstId) -> String) {
        use std::fmt::Write as _;
        let t = self.term(id);
        match &t.term {
            Term::Var(v) => {
                let _ = write!(out, "{}", self.var(*v).name);
            }
            Term::Const(c) => out.push_str(&names(*c)),
            Term::Int(n) => {
                let _ = write!(out, "{n}");
            }
            Term::App(f, a) => {
                out.push('(');
                self.write_term(out, *f, names);
                out.push(' ');
                self.write_term(out, *a, names);
                out.push(')');
            }
            Term::Bind(b, vs, body) => {
                let kw = match b {
                    Binder::All => "ALL ",
                    Binder::Ex => "EX ",
                    Binder::Lam => "%",
                    Binder::Collect => "{",
                };
                out.push_str(if *b == Binder::Collect { "{" } else { "(" });
                if *b != Binder::Collect {
                    out.push_str(kw);
                }
                for (i, v) in vs.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    let vd = self.var(*v);
                    let _ = write!(out, "({} :: {})", vd.name, self.show_ty(vd.ty));
                }
                out.push_str(". ");
                self.write_term(out, *body, names);
                out.push(if *b == Binder::Collect { '}' } else { ')' });
            }
            Term::Prim(p, args) => {
                let _ = write!(out, "{p:?}");
                if !args.is_empty() {
                    out.push('(');
                    for (i, a) in args.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        self.write_term(out, *a, names);
                    }
                    out.push(')');
                }
            }
        }
    }
}

impl fmt::Display for Prim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

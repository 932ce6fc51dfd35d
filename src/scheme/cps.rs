//! The paper's CPS language (Fig. 2) and the conversion into it.
//!
//! ```text
//! exp  ::= atom | (prim exp ...)                      trivial: evaluated without a transition
//! atom ::= v | const | (λ (v ...) call) | prim
//! call ::= (f atom ...) | (if exp atom atom) | (let ((v exp)) call)
//!        | (letrec ((v lam) ...) call) | (set! v atom call) | (halt atom)
//! ```
//!
//! Two extensions of Fig. 2: `set!` (assignment to a variable's binding, which the analysis
//! treats as a mutable cell) and primitives as first-class atoms (so `(identity lock)` works).
//! The conversion is Danvy-style one-pass (meta-continuations), so it makes no administrative
//! redexes; nested pure primitive applications stay one trivial expression tree, as Fig. 2
//! allows. Every variable is bound once (alphatised by the expander). Each λ is annotated with
//! its kind: a user procedure, a return continuation, a join point (the continuation shared by
//! the two arms of an `if` in non-tail position), or an arm thunk of an `if`.

use std::fmt::Write as _;

use rustc_hash::FxHashMap;

use super::ast::{Builtin, Const, Expr, Lambda, Prim, VarId, VarInfo, VarKind};
use crate::syntax::Span;

/// A λ term of the CPS program.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LamId(pub u32);

/// A call site (any `call` of the grammar).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CallId(pub u32);

/// A constant in the program's constant table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ConstId(pub u32);

/// An allocation site: one primitive application node that may build a pair or vector.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SiteId(pub u32);

/// The constant table always starts with these, so the analysis can name them without lookups.
pub const FALSE: ConstId = ConstId(0);
/// `#t`.
pub const TRUE: ConstId = ConstId(1);
/// `'()`.
pub const NIL: ConstId = ConstId(2);
/// The void value.
pub const VOID: ConstId = ConstId(3);

/// Allocating builtins applied as values (`(map cons ...)`) allocate at a site of their own:
/// the first sites of every program, in this order.
pub const FIRST_CLASS_ALLOCATORS: [Builtin; 6] = [
    Builtin::Cons,
    Builtin::List,
    Builtin::Vector,
    Builtin::MakeVector,
    Builtin::StringToList,
    Builtin::MakeRecord,
];

/// The allocation site of a builtin applied as a value, if it allocates.
pub fn first_class_site(b: Builtin) -> Option<SiteId> {
    FIRST_CLASS_ALLOCATORS.iter().position(|&a| a == b).map(|i| SiteId(i as u32))
}

/// What a λ is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LamKind {
    /// A procedure of the source program (its last parameter is its continuation).
    User,
    /// A return point made by the conversion.
    Continuation,
    /// A join-point continuation: both arms of an `if` return to it.
    Join,
    /// The thunk for one arm of an `if`.
    Arm,
}

/// A λ term.
#[derive(Clone, Debug)]
pub struct Lam {
    /// Its parameters (a user procedure's continuation last).
    pub params: Vec<VarId>,
    /// Its body.
    pub body: CallId,
    /// Its free variables, sorted.
    pub free: Vec<VarId>,
    /// User procedure, continuation, join point or arm.
    pub kind: LamKind,
    /// For a variadic procedure, the allocation site of its rest list: the parameter before
    /// the continuation then receives the arguments after the others, as a list.
    pub rest: Option<SiteId>,
    /// The source it was made from.
    pub span: Span,
}

/// A trivial argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Atom {
    /// A variable.
    Var(VarId),
    /// A constant.
    Const(ConstId),
    /// A λ term (evaluates to a closure).
    Lam(LamId),
    /// A primitive as a value.
    Prim(Prim),
}

/// A trivial expression: an atom or a tree of primitive applications.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exp {
    /// An atom.
    Atom(Atom),
    /// A primitive application; `site` names it as an allocation site.
    Prim {
        /// The primitive (never `error`, never an event).
        prim: Builtin,
        /// The arguments.
        args: Vec<Exp>,
        /// Its allocation site.
        site: SiteId,
    },
}

/// The kinds of call.
#[derive(Clone, Debug)]
pub enum CallKind {
    /// `(f a ...)`: a user procedure gets its continuation as the last argument.
    App {
        /// The operator.
        f: Atom,
        /// The arguments.
        args: Vec<Atom>,
    },
    /// `(if test then else)`: `then` and `else` evaluate to thunks.
    If {
        /// The condition.
        test: Exp,
        /// The true arm's thunk.
        then: Atom,
        /// The false arm's thunk.
        otherwise: Atom,
    },
    /// `(let ((var exp)) body)`.
    Let {
        /// The bound variable.
        var: VarId,
        /// Its value.
        exp: Exp,
        /// The rest.
        body: CallId,
    },
    /// `(letrec ((v lam) ...) body)`.
    Letrec {
        /// The procedures.
        bindings: Vec<(VarId, LamId)>,
        /// The rest.
        body: CallId,
    },
    /// `(set! var value body)`.
    Set {
        /// The assigned variable.
        var: VarId,
        /// The new value.
        value: Atom,
        /// The rest.
        body: CallId,
    },
    /// `(halt value)`.
    Halt {
        /// The program's result.
        value: Atom,
    },
}

/// A call with its source and free variables.
#[derive(Clone, Debug)]
pub struct Call {
    /// What it does.
    pub kind: CallKind,
    /// Where it came from.
    pub span: Span,
    /// Its free variables, sorted.
    pub free: Vec<VarId>,
}

/// A whole CPS program: arenas indexed by the ids above, and the root call.
#[derive(Clone, Debug)]
pub struct CpsProgram {
    /// Every variable.
    pub vars: Vec<VarInfo>,
    /// Every λ.
    pub lams: Vec<Lam>,
    /// Every call.
    pub calls: Vec<Call>,
    /// The constant table (starts with `#f`, `#t`, `'()`, void).
    pub consts: Vec<Const>,
    /// The allocation sites' sources.
    pub sites: Vec<Span>,
    /// Event names (for [`Prim::Event`]).
    pub events: Vec<String>,
    /// The program.
    pub root: CallId,
}

impl CpsProgram {
    /// The variable's record.
    pub fn var(&self, v: VarId) -> &VarInfo {
        &self.vars[v.0 as usize]
    }

    /// The λ's record.
    pub fn lam(&self, l: LamId) -> &Lam {
        &self.lams[l.0 as usize]
    }

    /// The call's record.
    pub fn call(&self, c: CallId) -> &Call {
        &self.calls[c.0 as usize]
    }

    /// The constant.
    pub fn constant(&self, c: ConstId) -> &Const {
        &self.consts[c.0 as usize]
    }

    /// The id of a constant already in the table.
    pub fn const_id(&self, c: &Const) -> Option<ConstId> {
        self.consts.iter().position(|k| k == c).map(|i| ConstId(i as u32))
    }

    /// A primitive's name.
    pub fn prim_name(&self, p: Prim) -> &str {
        match p {
            Prim::Builtin(b) => b.name(),
            Prim::Event(i) => self.events.get(i as usize).map_or("?event", String::as_str),
        }
    }

    /// True if this call returns to a continuation rather than calling a procedure (such calls
    /// do not advance k-CFA contours).
    pub fn is_return(&self, c: CallId) -> bool {
        match &self.call(c).kind {
            CallKind::App { f: Atom::Var(v), .. } => self.var(*v).kind == VarKind::Continuation,
            CallKind::App { f: Atom::Lam(l), .. } => self.lam(*l).kind != LamKind::User,
            _ => false,
        }
    }

    /// True if the program may change a pair (`set-car!` or `set-cdr!` appear in it, applied
    /// or as values), so `car` of the same pair may differ over time.
    pub fn mutates_pairs(&self) -> bool {
        fn mutates(e: &Exp) -> bool {
            match e {
                Exp::Atom(Atom::Prim(Prim::Builtin(b))) => {
                    matches!(b, Builtin::SetCar | Builtin::SetCdr)
                }
                Exp::Atom(_) => false,
                Exp::Prim { prim, args, .. } => {
                    matches!(prim, Builtin::SetCar | Builtin::SetCdr) || args.iter().any(mutates)
                }
            }
        }
        self.calls.iter().any(|c| match &c.kind {
            CallKind::App { f, args } => {
                std::iter::once(f).chain(args).any(|a| mutates(&Exp::Atom(*a)))
            }
            CallKind::If { test, .. } => mutates(test),
            CallKind::Let { exp, .. } => mutates(exp),
            CallKind::Set { value, .. } => mutates(&Exp::Atom(*value)),
            CallKind::Letrec { .. } | CallKind::Halt { .. } => false,
        })
    }

    /// Every call, in the order of the arena.
    pub fn call_ids(&self) -> impl Iterator<Item = CallId> {
        (0..self.calls.len() as u32).map(CallId)
    }

    /// Every λ, in the order of the arena.
    pub fn lam_ids(&self) -> impl Iterator<Item = LamId> {
        (0..self.lams.len() as u32).map(LamId)
    }
}

/// Converts a core program to CPS. `vars` and `events` come from the expander; the conversion
/// adds continuation and temporary variables.
pub fn convert(body: &Expr, vars: Vec<VarInfo>, events: Vec<String>) -> CpsProgram {
    let mut name_counts: FxHashMap<String, u32> = FxHashMap::default();
    for v in &vars {
        *name_counts.entry(v.source.clone()).or_insert(0) += 1;
    }
    let span = body.span();
    let mut conv = Conv {
        vars,
        name_counts,
        lams: Vec::new(),
        calls: Vec::new(),
        consts: vec![Const::Bool(false), Const::Bool(true), Const::Nil, Const::Void],
        const_ids: FxHashMap::default(),
        sites: vec![span; FIRST_CLASS_ALLOCATORS.len()],
    };
    for (i, c) in conv.consts.iter().enumerate() {
        conv.const_ids.insert(c.clone(), ConstId(i as u32));
    }
    let root = conv.cps(
        body,
        K::Meta {
            param: None,
            f: Box::new(move |conv: &mut Conv, a| conv.push(CallKind::Halt { value: a }, span)),
        },
    );
    let mut program = CpsProgram {
        vars: conv.vars,
        lams: conv.lams,
        calls: conv.calls,
        consts: conv.consts,
        sites: conv.sites,
        events,
        root,
    };
    compute_free(&mut program);
    program
}

type MetaFn<'a> = Box<dyn FnOnce(&mut Conv, Atom) -> CallId + 'a>;

/// What to do with the atoms of a converted argument list.
type ListFn<'a> = Box<dyn FnOnce(&mut Conv, Vec<Atom>) -> CallId + 'a>;

/// A continuation during conversion: an object-level variable, or a meta-level function that
/// builds the rest of the program from the value (with a preferred name for that value).
enum K<'a> {
    Var(VarId),
    Meta { param: Option<VarId>, f: MetaFn<'a> },
}

struct Conv {
    vars: Vec<VarInfo>,
    name_counts: FxHashMap<String, u32>,
    lams: Vec<Lam>,
    calls: Vec<Call>,
    consts: Vec<Const>,
    const_ids: FxHashMap<Const, ConstId>,
    sites: Vec<Span>,
}

impl Conv {
    fn fresh(&mut self, stem: &str, kind: VarKind, span: Span) -> VarId {
        let count = self.name_counts.entry(stem.to_string()).or_insert(0);
        let name = if *count == 0 { stem.to_string() } else { format!("{stem}_{count}") };
        *count += 1;
        self.vars.push(VarInfo { name, source: stem.to_string(), span, mutable: false, kind });
        VarId(self.vars.len() as u32 - 1)
    }

    fn push(&mut self, kind: CallKind, span: Span) -> CallId {
        self.calls.push(Call { kind, span, free: Vec::new() });
        CallId(self.calls.len() as u32 - 1)
    }

    fn push_lam(&mut self, params: Vec<VarId>, body: CallId, kind: LamKind, span: Span) -> LamId {
        self.lams.push(Lam { params, body, free: Vec::new(), kind, span, rest: None });
        LamId(self.lams.len() as u32 - 1)
    }

    fn constant(&mut self, c: &Const) -> ConstId {
        if let Some(&id) = self.const_ids.get(c) {
            return id;
        }
        self.consts.push(c.clone());
        let id = ConstId(self.consts.len() as u32 - 1);
        self.const_ids.insert(c.clone(), id);
        id
    }

    /// Returns `a` to `k`.
    fn ret(&mut self, k: K<'_>, a: Atom, span: Span) -> CallId {
        match k {
            K::Var(kv) => self.push(CallKind::App { f: Atom::Var(kv), args: vec![a] }, span),
            K::Meta { f, .. } => f(self, a),
        }
    }

    /// Turns `k` into an atom: a variable as is, a meta-continuation as a new λ.
    fn reify(&mut self, k: K<'_>, kind: LamKind, span: Span) -> Atom {
        match k {
            K::Var(kv) => Atom::Var(kv),
            K::Meta { param, f } => {
                let r = param.unwrap_or_else(|| self.fresh("r", VarKind::Temporary, span));
                let body = f(self, Atom::Var(r));
                Atom::Lam(self.push_lam(vec![r], body, kind, span))
            }
        }
    }

    fn lambda(&mut self, l: &Lambda) -> LamId {
        let k = self.fresh("k", VarKind::Continuation, l.span);
        let body = self.cps(&l.body, K::Var(k));
        let mut params = l.params.clone();
        params.extend(l.rest);
        params.push(k);
        let id = self.push_lam(params, body, LamKind::User, l.span);
        if l.rest.is_some() {
            self.sites.push(l.span);
            self.lams[id.0 as usize].rest = Some(SiteId(self.sites.len() as u32 - 1));
        }
        id
    }

    /// True if `e` converts to a trivial expression (no call needed).
    fn is_trivial(e: &Expr) -> bool {
        match e {
            Expr::Const(..) | Expr::Var(..) | Expr::Prim(..) | Expr::Lambda(_) => true,
            Expr::App(f, args, _) => {
                matches!(**f, Expr::Prim(Prim::Builtin(b), _)
                    if b.let_able() && b.arity().accepts(args.len()))
                    && args.iter().all(Conv::is_trivial)
            }
            _ => false,
        }
    }

    /// Converts a trivial expression (see [`Conv::is_trivial`]).
    fn trivial(&mut self, e: &Expr) -> Exp {
        match e {
            Expr::App(f, args, span) => {
                let Expr::Prim(Prim::Builtin(prim), _) = **f else {
                    return Exp::Atom(Atom::Const(VOID));
                };
                let args = args.iter().map(|a| self.trivial(a)).collect();
                self.sites.push(*span);
                Exp::Prim { prim, args, site: SiteId(self.sites.len() as u32 - 1) }
            }
            _ => Exp::Atom(self.atom(e)),
        }
    }

    /// Converts an atomic expression.
    fn atom(&mut self, e: &Expr) -> Atom {
        match e {
            Expr::Const(c, _) => Atom::Const(self.constant(c)),
            Expr::Var(v, _) => Atom::Var(*v),
            Expr::Prim(p, _) => Atom::Prim(*p),
            Expr::Lambda(l) => Atom::Lam(self.lambda(l)),
            _ => Atom::Const(VOID),
        }
    }

    /// Binds the value of trivial `exp` for `k`: directly into its preferred variable, or a
    /// temporary passed on.
    fn bind_trivial(&mut self, exp: Exp, k: K<'_>, span: Span) -> CallId {
        if let Exp::Atom(a) = exp {
            return self.ret(k, a, span);
        }
        match k {
            K::Meta { param: Some(v), f } => {
                let body = f(self, Atom::Var(v));
                self.push(CallKind::Let { var: v, exp, body }, span)
            }
            k => {
                let t = self.fresh("t", VarKind::Temporary, span);
                let body = self.ret(k, Atom::Var(t), span);
                self.push(CallKind::Let { var: t, exp, body }, span)
            }
        }
    }

    fn cps<'a>(&mut self, e: &'a Expr, k: K<'a>) -> CallId {
        if Conv::is_trivial(e) {
            let exp = self.trivial(e);
            return self.bind_trivial(exp, k, e.span());
        }
        match e {
            Expr::App(f, args, span) => {
                let mut operands: Vec<&'a Expr> = Vec::with_capacity(args.len() + 1);
                operands.push(f);
                operands.extend(args.iter());
                let span = *span;
                let pure_prim = matches!(**f, Expr::Prim(Prim::Builtin(b), _) if b.let_able());
                self.cps_list(
                    operands,
                    Vec::new(),
                    Box::new(move |conv: &mut Conv, atoms: Vec<Atom>| {
                        let (f, args) = (atoms[0], atoms[1..].to_vec());
                        if let (true, Atom::Prim(Prim::Builtin(prim))) = (pure_prim, f) {
                            conv.sites.push(span);
                            let site = SiteId(conv.sites.len() as u32 - 1);
                            let args = args.into_iter().map(Exp::Atom).collect();
                            return conv.bind_trivial(Exp::Prim { prim, args, site }, k, span);
                        }
                        let kont = conv.reify(k, LamKind::Continuation, span);
                        let mut args = args;
                        args.push(kont);
                        conv.push(CallKind::App { f, args }, span)
                    }),
                )
            }
            Expr::If(parts, span) => {
                let [c, t, f] = &**parts;
                let span = *span;
                if Conv::is_trivial(c) {
                    let test = self.trivial(c);
                    return self.branch(test, t, f, k, span);
                }
                self.cps(
                    c,
                    K::Meta {
                        param: None,
                        f: Box::new(move |conv: &mut Conv, a| {
                            conv.branch(Exp::Atom(a), t, f, k, span)
                        }),
                    },
                )
            }
            Expr::Let(bindings, body, span) => self.cps_let(bindings, body, k, *span),
            Expr::Letrec(bindings, body, span) => {
                let bindings: Vec<(VarId, LamId)> =
                    bindings.iter().map(|(v, l)| (*v, self.lambda(l))).collect();
                let body = self.cps(body, k);
                self.push(CallKind::Letrec { bindings, body }, *span)
            }
            Expr::Begin(es, span) => self.cps_seq(es, k, *span),
            Expr::CallCc(f, span) => {
                // (call/cc f) with continuation k is (let ((c k)) (f (λ (v k2) (c v)) c)): the
                // escape procedure drops its own continuation and returns to c.
                let span = *span;
                self.cps_list(
                    vec![&**f],
                    Vec::new(),
                    Box::new(move |conv: &mut Conv, atoms: Vec<Atom>| {
                        let f = atoms[0];
                        let (c, bind) = match k {
                            K::Var(kv) => (kv, None),
                            meta => {
                                let c = conv.fresh("c", VarKind::Continuation, span);
                                (c, Some(conv.reify(meta, LamKind::Continuation, span)))
                            }
                        };
                        let v = conv.fresh("v", VarKind::Temporary, span);
                        let k2 = conv.fresh("k", VarKind::Continuation, span);
                        let back = conv.push(
                            CallKind::App { f: Atom::Var(c), args: vec![Atom::Var(v)] },
                            span,
                        );
                        let escape = conv.push_lam(vec![v, k2], back, LamKind::User, span);
                        let args = vec![Atom::Lam(escape), Atom::Var(c)];
                        let call = conv.push(CallKind::App { f, args }, span);
                        match bind {
                            None => call,
                            Some(lam) => conv.push(
                                CallKind::Let { var: c, exp: Exp::Atom(lam), body: call },
                                span,
                            ),
                        }
                    }),
                )
            }
            Expr::Set(v, value, span) => {
                let (v, span) = (*v, *span);
                self.cps(
                    value,
                    K::Meta {
                        param: None,
                        f: Box::new(move |conv: &mut Conv, a| {
                            let body = conv.ret(k, Atom::Const(VOID), span);
                            conv.push(CallKind::Set { var: v, value: a, body }, span)
                        }),
                    },
                )
            }
            // Trivial forms were handled above.
            _ => {
                let a = self.atom(e);
                self.ret(k, a, e.span())
            }
        }
    }

    /// `(if test t f)` with continuation `k`. A meta `k` becomes a join point bound by `let`.
    fn branch<'a>(&mut self, test: Exp, t: &'a Expr, f: &'a Expr, k: K<'a>, span: Span) -> CallId {
        let (kv, join) = match k {
            K::Var(kv) => (kv, None),
            meta => {
                let j = self.fresh("j", VarKind::Continuation, span);
                let lam = self.reify(meta, LamKind::Join, span);
                (j, Some(lam))
            }
        };
        let then_body = self.cps(t, K::Var(kv));
        let then = self.push_lam(Vec::new(), then_body, LamKind::Arm, t.span());
        let else_body = self.cps(f, K::Var(kv));
        let otherwise = self.push_lam(Vec::new(), else_body, LamKind::Arm, f.span());
        let call = self.push(
            CallKind::If { test, then: Atom::Lam(then), otherwise: Atom::Lam(otherwise) },
            span,
        );
        match join {
            None => call,
            Some(lam) => {
                self.push(CallKind::Let { var: kv, exp: Exp::Atom(lam), body: call }, span)
            }
        }
    }

    fn cps_let<'a>(
        &mut self,
        bindings: &'a [(VarId, Expr)],
        body: &'a Expr,
        k: K<'a>,
        span: Span,
    ) -> CallId {
        let Some(((v, init), rest)) = bindings.split_first() else {
            return self.cps(body, k);
        };
        let v = *v;
        self.cps(
            init,
            K::Meta {
                param: Some(v),
                f: Box::new(move |conv: &mut Conv, a| {
                    let rest = conv.cps_let(rest, body, k, span);
                    if a == Atom::Var(v) {
                        rest
                    } else {
                        conv.push(CallKind::Let { var: v, exp: Exp::Atom(a), body: rest }, span)
                    }
                }),
            },
        )
    }

    fn cps_seq<'a>(&mut self, es: &'a [Expr], k: K<'a>, span: Span) -> CallId {
        match es {
            [] => self.ret(k, Atom::Const(VOID), span),
            [last] => self.cps(last, k),
            [first, rest @ ..] => self.cps(
                first,
                K::Meta {
                    param: None,
                    f: Box::new(move |conv: &mut Conv, _| conv.cps_seq(rest, k, span)),
                },
            ),
        }
    }

    /// Converts `es` left to right to atoms, then calls `then` with them.
    fn cps_list<'a>(
        &mut self,
        mut es: Vec<&'a Expr>,
        mut done: Vec<Atom>,
        then: ListFn<'a>,
    ) -> CallId {
        if es.is_empty() {
            return then(self, done);
        }
        let first = es.remove(0);
        if matches!(first, Expr::Const(..) | Expr::Var(..) | Expr::Prim(..) | Expr::Lambda(_)) {
            done.push(self.atom(first));
            return self.cps_list(es, done, then);
        }
        self.cps(
            first,
            K::Meta {
                param: None,
                f: Box::new(move |conv: &mut Conv, a| {
                    done.push(a);
                    conv.cps_list(es, done, then)
                }),
            },
        )
    }
}

/// Fills in the free-variable sets of every λ and call.
fn compute_free(p: &mut CpsProgram) {
    let mut call_free: Vec<Option<Vec<VarId>>> = vec![None; p.calls.len()];
    let mut lam_free: Vec<Option<Vec<VarId>>> = vec![None; p.lams.len()];
    let root = p.root;
    free_of_call(p, root, &mut call_free, &mut lam_free);
    // Unreachable pieces (none are made today) still get their sets.
    for c in 0..p.calls.len() {
        free_of_call(p, CallId(c as u32), &mut call_free, &mut lam_free);
    }
    for (c, f) in p.calls.iter_mut().zip(call_free) {
        c.free = f.unwrap_or_default();
    }
    for (l, f) in p.lams.iter_mut().zip(lam_free) {
        l.free = f.unwrap_or_default();
    }
}

fn union(into: &mut Vec<VarId>, more: &[VarId]) {
    into.extend_from_slice(more);
    into.sort();
    into.dedup();
}

fn free_of_atom(
    p: &CpsProgram,
    a: &Atom,
    cf: &mut Vec<Option<Vec<VarId>>>,
    lf: &mut Vec<Option<Vec<VarId>>>,
) -> Vec<VarId> {
    match a {
        Atom::Var(v) => vec![*v],
        Atom::Lam(l) => free_of_lam(p, *l, cf, lf),
        _ => Vec::new(),
    }
}

fn free_of_exp(
    p: &CpsProgram,
    e: &Exp,
    cf: &mut Vec<Option<Vec<VarId>>>,
    lf: &mut Vec<Option<Vec<VarId>>>,
) -> Vec<VarId> {
    match e {
        Exp::Atom(a) => free_of_atom(p, a, cf, lf),
        Exp::Prim { args, .. } => {
            let mut out = Vec::new();
            for a in args {
                let f = free_of_exp(p, a, cf, lf);
                union(&mut out, &f);
            }
            out
        }
    }
}

fn free_of_lam(
    p: &CpsProgram,
    l: LamId,
    cf: &mut Vec<Option<Vec<VarId>>>,
    lf: &mut Vec<Option<Vec<VarId>>>,
) -> Vec<VarId> {
    if let Some(f) = &lf[l.0 as usize] {
        return f.clone();
    }
    let lam = p.lam(l);
    let mut f = free_of_call(p, lam.body, cf, lf);
    f.retain(|v| !lam.params.contains(v));
    lf[l.0 as usize] = Some(f.clone());
    f
}

fn free_of_call(
    p: &CpsProgram,
    c: CallId,
    cf: &mut Vec<Option<Vec<VarId>>>,
    lf: &mut Vec<Option<Vec<VarId>>>,
) -> Vec<VarId> {
    if let Some(f) = &cf[c.0 as usize] {
        return f.clone();
    }
    let mut out = Vec::new();
    match &p.call(c).kind {
        CallKind::App { f, args } => {
            for a in std::iter::once(f).chain(args) {
                let fa = free_of_atom(p, a, cf, lf);
                union(&mut out, &fa);
            }
        }
        CallKind::If { test, then, otherwise } => {
            let ft = free_of_exp(p, test, cf, lf);
            union(&mut out, &ft);
            for a in [then, otherwise] {
                let fa = free_of_atom(p, a, cf, lf);
                union(&mut out, &fa);
            }
        }
        CallKind::Let { var, exp, body } => {
            let mut fb = free_of_call(p, *body, cf, lf);
            fb.retain(|v| v != var);
            let fe = free_of_exp(p, exp, cf, lf);
            union(&mut out, &fe);
            union(&mut out, &fb);
        }
        CallKind::Letrec { bindings, body } => {
            let fb = free_of_call(p, *body, cf, lf);
            union(&mut out, &fb);
            for (_, l) in bindings {
                let fl = free_of_lam(p, *l, cf, lf);
                union(&mut out, &fl);
            }
            out.retain(|v| !bindings.iter().any(|(b, _)| b == v));
        }
        CallKind::Set { var, value, body } => {
            let fb = free_of_call(p, *body, cf, lf);
            union(&mut out, &fb);
            let fv = free_of_atom(p, value, cf, lf);
            union(&mut out, &fv);
            union(&mut out, &[*var]);
        }
        CallKind::Halt { value } => {
            out = free_of_atom(p, value, cf, lf);
        }
    }
    cf[c.0 as usize] = Some(out.clone());
    out
}

// ------------------------------------------------------------------------------------------
// Printing

/// The CPS program as text, one call per line, nested bodies indented; join points are
/// marked `λ/join`, arm thunks `λ/arm`, return continuations `λ/k`.
pub fn print_program(p: &CpsProgram) -> String {
    let mut out = String::new();
    print_call(p, p.root, 0, &mut out);
    out
}

/// A λ's parameters as text; a rest parameter follows a dot, before the continuation.
fn params_text(p: &CpsProgram, lam: &Lam) -> String {
    let names: Vec<&str> = lam.params.iter().map(|v| p.var(*v).name.as_str()).collect();
    match (lam.rest, names.split_last()) {
        (Some(_), Some((k, before))) if !before.is_empty() => {
            let (rest, fixed) = before.split_last().unwrap_or((&"", &[]));
            let mut out: Vec<&str> = fixed.to_vec();
            out.extend([".", rest, k]);
            out.join(" ")
        }
        _ => names.join(" "),
    }
}

/// An atom as text.
pub fn atom_text(p: &CpsProgram, a: &Atom) -> String {
    match a {
        Atom::Var(v) => p.var(*v).name.clone(),
        Atom::Const(c) => p.constant(*c).to_string(),
        Atom::Lam(l) => {
            let lam = p.lam(*l);
            format!("({} ({}) …)", lam_keyword(lam.kind), params_text(p, lam))
        }
        Atom::Prim(pr) => p.prim_name(*pr).to_string(),
    }
}

/// A trivial expression as text (λs abbreviated).
pub fn exp_text(p: &CpsProgram, e: &Exp) -> String {
    match e {
        Exp::Atom(a) => atom_text(p, a),
        Exp::Prim { prim, args, .. } => {
            let mut s = format!("({}", prim.name());
            for a in args {
                s.push(' ');
                s.push_str(&exp_text(p, a));
            }
            s.push(')');
            s
        }
    }
}

/// One line describing a call (its head, without nested bodies).
pub fn call_head(p: &CpsProgram, c: CallId) -> String {
    match &p.call(c).kind {
        CallKind::App { f, args } => {
            let mut s = format!("({}", atom_text(p, f));
            for a in args {
                s.push(' ');
                s.push_str(&atom_text(p, a));
            }
            s.push(')');
            s
        }
        CallKind::If { test, .. } => format!("(if {} …)", exp_text(p, test)),
        CallKind::Let { var, exp, .. } => {
            format!("(let (({} {})) …)", p.var(*var).name, exp_text(p, exp))
        }
        CallKind::Letrec { bindings, .. } => {
            let names: Vec<&str> = bindings.iter().map(|(v, _)| p.var(*v).name.as_str()).collect();
            format!("(letrec ({}) …)", names.join(" "))
        }
        CallKind::Set { var, value, .. } => {
            format!("(set! {} {} …)", p.var(*var).name, atom_text(p, value))
        }
        CallKind::Halt { value } => format!("(halt {})", atom_text(p, value)),
    }
}

fn lam_keyword(kind: LamKind) -> &'static str {
    match kind {
        LamKind::User => "λ",
        LamKind::Continuation => "λ/k",
        LamKind::Join => "λ/join",
        LamKind::Arm => "λ/arm",
    }
}

fn indent(out: &mut String, depth: usize) {
    for _ in 0..depth {
        out.push_str("  ");
    }
}

fn print_atom(p: &CpsProgram, a: &Atom, depth: usize, out: &mut String) {
    match a {
        Atom::Lam(l) => print_lam(p, *l, depth, out),
        _ => out.push_str(&atom_text(p, a)),
    }
}

fn print_exp(p: &CpsProgram, e: &Exp, depth: usize, out: &mut String) {
    match e {
        Exp::Atom(a) => print_atom(p, a, depth, out),
        Exp::Prim { prim, args, .. } => {
            let _ = write!(out, "({}", prim.name());
            for a in args {
                out.push(' ');
                print_exp(p, a, depth, out);
            }
            out.push(')');
        }
    }
}

fn print_lam(p: &CpsProgram, l: LamId, depth: usize, out: &mut String) {
    let lam = p.lam(l);
    let _ = writeln!(out, "({} ({})", lam_keyword(lam.kind), params_text(p, lam));
    indent(out, depth + 1);
    print_call(p, lam.body, depth + 1, out);
    out.push(')');
}

fn print_call(p: &CpsProgram, c: CallId, depth: usize, out: &mut String) {
    match &p.call(c).kind {
        CallKind::App { f, args } => {
            out.push('(');
            print_atom(p, f, depth, out);
            for a in args {
                out.push(' ');
                print_atom(p, a, depth, out);
            }
            out.push(')');
        }
        CallKind::If { test, then, otherwise } => {
            out.push_str("(if ");
            print_exp(p, test, depth, out);
            out.push('\n');
            indent(out, depth + 1);
            print_atom(p, then, depth + 1, out);
            out.push('\n');
            indent(out, depth + 1);
            print_atom(p, otherwise, depth + 1, out);
            out.push(')');
        }
        CallKind::Let { var, exp, body } => {
            let _ = write!(out, "(let (({} ", p.var(*var).name);
            print_exp(p, exp, depth + 2, out);
            out.push_str("))\n");
            indent(out, depth + 1);
            print_call(p, *body, depth + 1, out);
            out.push(')');
        }
        CallKind::Letrec { bindings, body } => {
            out.push_str("(letrec (");
            for (i, (v, l)) in bindings.iter().enumerate() {
                if i > 0 {
                    out.push('\n');
                    indent(out, depth + 4);
                }
                let _ = write!(out, "({} ", p.var(*v).name);
                print_lam(p, *l, depth + 5, out);
                out.push(')');
            }
            out.push_str(")\n");
            indent(out, depth + 1);
            print_call(p, *body, depth + 1, out);
            out.push(')');
        }
        CallKind::Set { var, value, body } => {
            let _ = write!(out, "(set! {} ", p.var(*var).name);
            print_atom(p, value, depth + 1, out);
            out.push('\n');
            indent(out, depth + 1);
            print_call(p, *body, depth + 1, out);
            out.push(')');
        }
        CallKind::Halt { value } => {
            out.push_str("(halt ");
            print_atom(p, value, depth, out);
            out.push(')');
        }
    }
    if depth == 0 {
        out.push('\n');
    }
}

//! Reader for craig's language of programs with references (`.qr`), a small subset of ZING/C#:
//! classes with boolean, integer and reference fields, `static` fields as globals, static and
//! instance methods and a constructor, `new`, field reads and writes, `if (*)`,
//! `choose(bool)`, `assume`, `assert`, calls and returns. The paper's Figs. 1, 2 and 10 are
//! written almost as printed (see `examples/boolprog/`).
//!
//! Lowering notes: `this` is an instance method's first parameter, and a bare field name in a
//! method means `this.f`; `x = new C()` allocates into a temporary, runs `C`'s constructor on
//! it, stores it in `x` and resets the temporary (so temporaries never make states differ); a
//! call's result goes straight to a local or global, or through a temporary to a field.
//! Anything outside this subset is refused with an error at its position.

use pest::Parser as _;
use pest::iterators::Pair;
use rustc_hash::FxHashMap;

use super::{Emitter, MAX_EXPR_LEN, UNPATCHED, short_text, syntax_error, too_deep};
use crate::boolprog::ir::{
    BinOp, Class, ClassId, Expr, Instr, Label, Place, Proc, ProcId, Program, Type, Value, Var,
};
use crate::syntax::{Diagnostic, FileId, Span};

mod grammar {
    //! The derived pest parser.
    #[derive(pest_derive::Parser)]
    #[grammar = "boolprog/syntax/qr.pest"]
    pub struct QrParser;
}

use grammar::{QrParser, Rule};

fn rule_name(r: &Rule) -> Option<&'static str> {
    Some(match r {
        Rule::ident | Rule::path => "an identifier",
        Rule::expr | Rule::rhs => "an expression",
        Rule::stmt => "a statement",
        Rule::class_decl | Rule::kw_class => "`class`",
        Rule::member | Rule::field_decl | Rule::method | Rule::ctor => "a class member",
        Rule::infix => "an operator",
        Rule::type_name | Rule::ret_type => "a type",
        Rule::EOI => "end of input",
        _ => return None,
    })
}

/// A static type, with the type of `null` apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ty {
    T(Type),
    Null,
}

fn assignable(to: Type, from: Ty) -> bool {
    match from {
        Ty::T(t) => t == to,
        Ty::Null => matches!(to, Type::Ref(_)),
    }
}

struct ClassInfo {
    name: String,
    fields: Vec<Var>,
    field_index: FxHashMap<String, u32>,
    methods: FxHashMap<String, ProcId>,
    ctor: Option<ProcId>,
}

struct Sig {
    name: String,
    class: usize,
    is_static: bool,
    params: Vec<Var>,
    ret: Option<Type>,
}

struct Reader<'a> {
    file: FileId,
    classes: Vec<ClassInfo>,
    class_index: FxHashMap<String, usize>,
    globals: Vec<Var>,
    global_index: FxHashMap<String, u32>,
    sigs: Vec<Sig>,
    diags: Vec<Diagnostic>,
    _text: &'a str,
}

struct Cx {
    class: usize,
    is_static: bool,
    ret: Option<Type>,
    locals: Vec<Var>,
    local_index: FxHashMap<String, u32>,
    em: Emitter,
    /// The labels written, in order.
    labels: Vec<Label>,
}

impl Cx {
    fn temp(&mut self, ty: Type) -> u32 {
        let name = format!("$tmp:{ty:?}");
        if let Some(i) = self.local_index.get(&name) {
            return *i;
        }
        let i = self.locals.len() as u32;
        self.locals.push(Var { name: name.clone(), ty });
        self.local_index.insert(name, i);
        i
    }
}

/// Parses and lowers a `.qr` program.
pub fn read(file: FileId, text: &str) -> Result<Program, Vec<Diagnostic>> {
    if let Some(at) = too_deep(text) {
        return Err(vec![Diagnostic::error(Span::new(file, at, at + 1), "nested too deeply")]);
    }
    let program = match QrParser::parse(Rule::program, text) {
        Ok(mut pairs) => pairs.next().expect("program rule"),
        Err(e) => return Err(vec![syntax_error(file, &e, rule_name)]),
    };
    let mut r = Reader {
        file,
        classes: Vec::new(),
        class_index: FxHashMap::default(),
        globals: Vec::new(),
        global_index: FxHashMap::default(),
        sigs: Vec::new(),
        diags: Vec::new(),
        _text: text,
    };
    let class_pairs: Vec<Pair<Rule>> =
        program.into_inner().filter(|p| p.as_rule() == Rule::class_decl).collect();
    // Class names first, so types may mention classes declared later.
    for c in &class_pairs {
        let name = c.clone().into_inner().nth(1).expect("class name");
        if r.class_index.contains_key(name.as_str()) {
            r.error(&name, format!("class `{}` is declared twice", name.as_str()));
        }
        r.class_index.insert(name.as_str().to_string(), r.classes.len());
        r.classes.push(ClassInfo {
            name: name.as_str().to_string(),
            fields: Vec::new(),
            field_index: FxHashMap::default(),
            methods: FxHashMap::default(),
            ctor: None,
        });
    }
    // Fields and signatures.
    let mut bodies: Vec<(ProcId, Pair<Rule>)> = Vec::new();
    let mut entry: Option<ProcId> = None;
    for (ci, c) in class_pairs.iter().enumerate() {
        for m in c.clone().into_inner().skip(2) {
            match m.as_rule() {
                Rule::field_decl => r.field_decl(ci, m),
                Rule::ctor => {
                    let name = m.clone().into_inner().next().expect("name");
                    if name.as_str() != r.classes[ci].name {
                        r.error(&name, "a method needs a return type (or this is a constructor of another class)");
                        continue;
                    }
                    let id = ProcId(r.sigs.len() as u32);
                    let cname = r.classes[ci].name.clone();
                    r.sigs.push(Sig {
                        name: format!("{cname}.{cname}"),
                        class: ci,
                        is_static: false,
                        params: vec![Var {
                            name: "this".into(),
                            ty: Type::Ref(ClassId(ci as u32 + 1)),
                        }],
                        ret: None,
                    });
                    r.classes[ci].ctor = Some(id);
                    bodies.push((id, m));
                }
                Rule::method => {
                    let id = ProcId(r.sigs.len() as u32);
                    let mut activate = false;
                    let mut is_static = false;
                    let mut ret = None;
                    let mut name = String::new();
                    let mut params = Vec::new();
                    let mut name_pair = None;
                    for part in m.clone().into_inner() {
                        match part.as_rule() {
                            Rule::kw_activate => activate = true,
                            Rule::kw_static => is_static = true,
                            Rule::ret_type => {
                                let t = part.into_inner().next().expect("type");
                                if t.as_rule() == Rule::type_name {
                                    ret = r.type_name(&t);
                                }
                            }
                            Rule::ident => {
                                name = part.as_str().to_string();
                                name_pair = Some(part);
                            }
                            Rule::params => {
                                for p in part.into_inner() {
                                    let mut it = p.into_inner();
                                    let t = it.next().expect("type");
                                    let n = it.next().expect("name");
                                    if let Some(ty) = r.type_name(&t) {
                                        params.push(Var { name: n.as_str().to_string(), ty });
                                    }
                                }
                            }
                            _ => {}
                        }
                    }
                    if !is_static {
                        let this =
                            Var { name: "this".into(), ty: Type::Ref(ClassId(ci as u32 + 1)) };
                        params.insert(0, this);
                    }
                    let np = name_pair.expect("method name");
                    if r.classes[ci].methods.contains_key(&name) {
                        r.error(&np, format!("method `{name}` is defined twice"));
                    }
                    r.classes[ci].methods.insert(name.clone(), id);
                    if activate || (entry.is_none() && name == "main" && is_static) {
                        if !is_static || !params.is_empty() {
                            r.error(&np, "the entry method must be static and take no parameters");
                        }
                        if activate || entry.is_none() {
                            entry = Some(id);
                        }
                    }
                    let cname = r.classes[ci].name.clone();
                    r.sigs.push(Sig {
                        name: format!("{cname}.{name}"),
                        class: ci,
                        is_static,
                        params,
                        ret,
                    });
                    bodies.push((id, m));
                }
                _ => {}
            }
        }
    }
    let Some(main) = entry else {
        let mut d = r.diags;
        d.push(Diagnostic::error(
            Span::new(file, 0, 0),
            "no entry method (`activate static void main()`)",
        ));
        return Err(d);
    };
    let mut procs = Vec::new();
    for (id, body) in bodies {
        procs.push(r.lower(id, body));
    }
    if !r.diags.is_empty() {
        return Err(r.diags);
    }
    let mut classes = vec![Class { name: "<globals>".into(), fields: r.globals }];
    for c in r.classes {
        classes.push(Class { name: c.name, fields: c.fields });
    }
    Ok(Program { classes, procs, main })
}

impl Reader<'_> {
    fn span(&self, p: &Pair<Rule>) -> Span {
        let s = p.as_span();
        Span::new(self.file, s.start(), s.end())
    }

    fn error(&mut self, p: &Pair<Rule>, msg: impl Into<String>) {
        let d = Diagnostic::error(self.span(p), msg);
        self.diags.push(d);
    }

    fn type_name(&mut self, t: &Pair<Rule>) -> Option<Type> {
        let inner = t.clone().into_inner().next().expect("type");
        match inner.as_rule() {
            Rule::kw_bool => Some(Type::Bool),
            Rule::kw_int => Some(Type::Int),
            _ => match self.class_index.get(inner.as_str()) {
                Some(c) => Some(Type::Ref(ClassId(*c as u32 + 1))),
                None => {
                    self.error(&inner, format!("unknown type `{}`", inner.as_str()));
                    None
                }
            },
        }
    }

    fn field_decl(&mut self, ci: usize, m: Pair<Rule>) {
        let mut is_static = false;
        let mut ty = None;
        for part in m.into_inner() {
            match part.as_rule() {
                Rule::kw_static => is_static = true,
                Rule::type_name => ty = self.type_name(&part),
                Rule::id_list => {
                    let Some(ty) = ty else { return };
                    for id in part.into_inner() {
                        let name = id.as_str().to_string();
                        if is_static {
                            if self.global_index.contains_key(&name) {
                                self.error(&id, format!("static field `{name}` is declared twice"));
                                continue;
                            }
                            self.global_index.insert(name.clone(), self.globals.len() as u32);
                            self.globals.push(Var { name, ty });
                        } else {
                            let c = &mut self.classes[ci];
                            if c.field_index.contains_key(&name) {
                                self.error(&id, format!("field `{name}` is declared twice"));
                                continue;
                            }
                            c.field_index.insert(name.clone(), c.fields.len() as u32);
                            c.fields.push(Var { name, ty });
                        }
                    }
                }
                _ => {}
            }
        }
    }

    fn lower(&mut self, id: ProcId, m: Pair<Rule>) -> Proc {
        let sig = &self.sigs[id.0 as usize];
        let mut cx = Cx {
            class: sig.class,
            is_static: sig.is_static,
            ret: sig.ret,
            locals: Vec::new(),
            local_index: FxHashMap::default(),
            em: Emitter::default(),
            labels: Vec::new(),
        };
        for p in &sig.params {
            cx.local_index.insert(p.name.clone(), cx.locals.len() as u32);
            cx.locals.push(p.clone());
        }
        let params = sig.params.len() as u32;
        let name = sig.name.clone();
        let ret = sig.ret;
        let has_this = !sig.is_static;
        let span = self.span(&m);
        let block = m.into_inner().find(|p| p.as_rule() == Rule::block).expect("body");
        self.block(&mut cx, block);
        let values = ret.map(|t| vec![Expr::Const(Value::default_of(t))]).unwrap_or_default();
        cx.em.emit(Instr::Return { values }, span, "}");
        Proc {
            name,
            params,
            locals: cx.locals,
            returns: ret.into_iter().collect(),
            body: cx.em.body,
            spans: cx.em.spans,
            texts: cx.em.texts,
            enforce: None,
            has_this,
            labels: cx.labels,
        }
    }

    fn block(&mut self, cx: &mut Cx, b: Pair<Rule>) {
        for s in b.into_inner() {
            self.stmt(cx, s);
        }
    }

    fn stmt(&mut self, cx: &mut Cx, s: Pair<Rule>) {
        let body = match s.as_rule() {
            Rule::stmt => {
                let mut body = None;
                for part in s.into_inner() {
                    if part.as_rule() == Rule::label {
                        let id = part.into_inner().next().expect("label name");
                        let (name, span) = (id.as_str().to_string(), self.span(&id));
                        cx.labels.push(Label { name, pc: cx.em.here(), span });
                    } else {
                        body = Some(part);
                    }
                }
                body
            }
            _ => Some(s),
        };
        let Some(b) = body else { return };
        let start = cx.em.here();
        let labelled = cx.labels.last().is_some_and(|l| l.pc == start);
        let (span, text) = (self.span(&b), short_text(b.as_str().lines().next().unwrap_or("")));
        self.stmt_body(cx, b);
        // As in Bebop: a labelled statement that emits nothing still gets a pc of its own, so
        // that its label is not shared with a join that paths avoiding it reach too.
        if labelled && cx.em.here() == start {
            cx.em.emit(Instr::Jump { targets: vec![start + 1] }, span, text);
        }
    }

    fn stmt_body(&mut self, cx: &mut Cx, b: Pair<Rule>) {
        let span = self.span(&b);
        let text = short_text(b.as_str().lines().next().unwrap_or(""));
        let next = cx.em.here() + 1;
        let rule = b.as_rule();
        match rule {
            Rule::block => self.block(cx, b),
            Rule::empty => {}
            Rule::if_stmt => {
                let mut it = b.into_inner().skip(1);
                let c = self.cond(cx, it.next().expect("condition"));
                let branch = cx.em.emit(
                    Instr::Branch { cond: c, then_pc: next, else_pc: UNPATCHED },
                    span,
                    text,
                );
                self.stmt(cx, it.next().expect("then"));
                let rest: Vec<_> = it.filter(|p| p.as_rule() == Rule::stmt).collect();
                if let Some(els) = rest.into_iter().next() {
                    let jump = cx.em.emit(Instr::Jump { targets: vec![UNPATCHED] }, span, "}");
                    let here = cx.em.here();
                    cx.em.patch(branch, here);
                    self.stmt(cx, els);
                    let end = cx.em.here();
                    cx.em.patch(jump, end);
                } else {
                    let end = cx.em.here();
                    cx.em.patch(branch, end);
                }
            }
            Rule::while_stmt => {
                let head = cx.em.here();
                let mut it = b.into_inner().skip(1);
                let c = self.cond(cx, it.next().expect("condition"));
                let branch = cx.em.emit(
                    Instr::Branch { cond: c, then_pc: next, else_pc: UNPATCHED },
                    span,
                    text,
                );
                self.stmt(cx, it.next().expect("body"));
                cx.em.emit(Instr::Jump { targets: vec![head] }, span, "}");
                let end = cx.em.here();
                cx.em.patch(branch, end);
            }
            Rule::assume_stmt | Rule::assert_stmt => {
                let e = b.into_inner().nth(1).expect("condition");
                let c = self.bool_expr(cx, e);
                let instr = if rule == Rule::assert_stmt {
                    Instr::Assert { cond: c, next }
                } else {
                    Instr::Assume { cond: c, next }
                };
                cx.em.emit(instr, span, text);
            }
            Rule::return_stmt => {
                let e = b.clone().into_inner().nth(1);
                let values = match (e, cx.ret) {
                    (None, None) => Vec::new(),
                    (Some(e), Some(t)) => {
                        let (x, ty) = self.expr(cx, e.clone());
                        if !assignable(t, ty) {
                            self.error(&e, "the returned value has the wrong type");
                        }
                        vec![x]
                    }
                    _ => {
                        self.error(&b, "return does not match the method's return type");
                        Vec::new()
                    }
                };
                cx.em.emit(Instr::Return { values }, span, text);
            }
            Rule::local_decl => {
                let mut it = b.into_inner();
                let Some(ty) = self.type_name(&it.next().expect("type")) else { return };
                for item in it {
                    let mut parts = item.into_inner();
                    let id = parts.next().expect("name");
                    let name = id.as_str().to_string();
                    if cx.local_index.contains_key(&name) {
                        self.error(&id, format!("`{name}` is declared twice"));
                        continue;
                    }
                    let i = cx.locals.len() as u32;
                    cx.locals.push(Var { name: name.clone(), ty });
                    cx.local_index.insert(name, i);
                    if let Some(rhs) = parts.next() {
                        self.assign_rhs(cx, Place::Local(i), ty, rhs, span, text.clone());
                    }
                }
            }
            Rule::assign => {
                let mut it = b.into_inner();
                let path = it.next().expect("target");
                let Some((place, ty)) = self.place(cx, path) else { return };
                let rhs = it.next().expect("value");
                self.assign_rhs(cx, place, ty, rhs, span, text);
            }
            Rule::call_stmt => {
                let call = b.into_inner().next().expect("call");
                if let Some((instr, _)) = self.call(cx, call, Vec::new()) {
                    cx.em.emit(instr, span, text);
                }
            }
            _ => self.error(&b, "unsupported statement"),
        }
    }

    fn assign_rhs(
        &mut self,
        cx: &mut Cx,
        place: Place,
        ty: Type,
        rhs: Pair<Rule>,
        span: Span,
        text: String,
    ) {
        let inner = rhs.into_inner().next().expect("rhs");
        let next = cx.em.here() + 1;
        match inner.as_rule() {
            Rule::new_expr => {
                let cname = inner.clone().into_inner().nth(1).expect("class");
                let Some(&ci) = self.class_index.get(cname.as_str()) else {
                    self.error(&cname, format!("unknown class `{}`", cname.as_str()));
                    return;
                };
                let class = ClassId(ci as u32 + 1);
                if ty != Type::Ref(class) {
                    self.error(&inner, "the new object's class does not match the target's type");
                    return;
                }
                match self.classes[ci].ctor {
                    None => {
                        cx.em.emit(Instr::New { target: place, class, next }, span, text);
                    }
                    Some(ctor) => {
                        let t = cx.temp(ty);
                        cx.em.emit(
                            Instr::New { target: Place::Local(t), class, next },
                            span,
                            format!("{text}  (allocate)"),
                        );
                        let args = vec![Expr::Local(t)];
                        let call =
                            Instr::Call { proc: ctor, args, rets: Vec::new(), next: next + 1 };
                        cx.em.emit(call, span, format!("{text}  (constructor)"));
                        let values = vec![Expr::Local(t), Expr::Const(Value::Null)];
                        let targets = vec![place, Place::Local(t)];
                        cx.em.emit(
                            Instr::Assign { targets, values, constrain: None, next: next + 2 },
                            span,
                            format!("{text}  (store)"),
                        );
                    }
                }
            }
            Rule::call => {
                let direct = matches!(place, Place::Local(_) | Place::Global(_));
                let (rets, temp) = if direct {
                    (vec![place.clone()], None)
                } else {
                    let t = cx.temp(ty);
                    (vec![Place::Local(t)], Some(t))
                };
                let Some((instr, ret)) = self.call(cx, inner.clone(), rets) else { return };
                if ret != Some(ty) {
                    self.error(&inner, "the call's result type does not match the target's type");
                    return;
                }
                cx.em.emit(instr, span, text.clone());
                if let Some(t) = temp {
                    let values = vec![Expr::Local(t), Expr::Const(Value::default_of(ty))];
                    let targets = vec![place, Place::Local(t)];
                    cx.em.emit(
                        Instr::Assign { targets, values, constrain: None, next: next + 1 },
                        span,
                        text,
                    );
                }
            }
            _ => {
                let (e, ety) = self.expr(cx, inner.clone());
                if !assignable(ty, ety) {
                    self.error(&inner, "the value has the wrong type for the target");
                    return;
                }
                let instr =
                    Instr::Assign { targets: vec![place], values: vec![e], constrain: None, next };
                cx.em.emit(instr, span, text);
            }
        }
    }

    fn cond(&mut self, cx: &mut Cx, c: Pair<Rule>) -> Expr {
        let inner = c.into_inner().next().expect("condition");
        if inner.as_rule() == Rule::star { Expr::Choose } else { self.bool_expr(cx, inner) }
    }

    fn bool_expr(&mut self, cx: &mut Cx, e: Pair<Rule>) -> Expr {
        let (x, t) = self.expr(cx, e.clone());
        if t != Ty::T(Type::Bool) {
            self.error(&e, "expected a boolean expression");
        }
        x
    }

    /// The first name of a path: a local, a field of `this`, or a global.
    fn name(&mut self, cx: &Cx, id: &Pair<Rule>) -> Option<(Place, Type)> {
        let n = id.as_str();
        if let Some(&i) = cx.local_index.get(n) {
            return Some((Place::Local(i), cx.locals[i as usize].ty));
        }
        if !cx.is_static {
            let c = &self.classes[cx.class];
            if let Some(&f) = c.field_index.get(n) {
                return Some((Place::Field(Box::new(Expr::Local(0)), f), c.fields[f as usize].ty));
            }
        }
        if let Some(&g) = self.global_index.get(n) {
            return Some((Place::Global(g), self.globals[g as usize].ty));
        }
        self.error(id, format!("unknown name `{n}`"));
        None
    }

    fn place_expr(p: Place) -> Expr {
        match p {
            Place::Local(i) => Expr::Local(i),
            Place::Global(g) => Expr::Global(g),
            Place::Field(b, f) => Expr::Field(b, f),
        }
    }

    /// A path `a.b.c` as a place.
    fn place(&mut self, cx: &Cx, path: Pair<Rule>) -> Option<(Place, Type)> {
        let mut ids = path.into_inner();
        let first = ids.next().expect("name");
        let (mut place, mut ty) = self.name(cx, &first)?;
        for id in ids {
            let Type::Ref(c) = ty else {
                self.error(&id, "only objects have fields");
                return None;
            };
            let class = &self.classes[c.0 as usize - 1];
            let Some(&f) = class.field_index.get(id.as_str()) else {
                let msg = format!("class `{}` has no field `{}`", class.name, id.as_str());
                self.error(&id, msg);
                return None;
            };
            ty = class.fields[f as usize].ty;
            place = Place::Field(Box::new(Self::place_expr(place)), f);
        }
        Some((place, ty))
    }

    /// A call: the instruction and the callee's return type.
    fn call(
        &mut self,
        cx: &mut Cx,
        call: Pair<Rule>,
        rets: Vec<Place>,
    ) -> Option<(Instr, Option<Type>)> {
        let next = cx.em.here() + 1;
        let mut it = call.clone().into_inner();
        let path = it.next().expect("callee");
        let ids: Vec<Pair<Rule>> = path.clone().into_inner().collect();
        let mut args: Vec<(Expr, Ty, Pair<Rule>)> = Vec::new();
        if let Some(list) = it.next() {
            for a in list.into_inner() {
                let (x, t) = self.expr(cx, a.clone());
                args.push((x, t, a));
            }
        }
        let last = ids.last().expect("name");
        let mname = last.as_str();
        // Resolve the callee and the receiver (for instance methods).
        let (proc, receiver): (ProcId, Option<Expr>) = if ids.len() == 1 {
            let own = self.classes[cx.class].methods.get(mname).copied();
            match own {
                Some(p) if self.sigs[p.0 as usize].is_static => (p, None),
                Some(p) if !cx.is_static => (p, Some(Expr::Local(0))),
                _ => {
                    let found: Vec<ProcId> = self
                        .classes
                        .iter()
                        .filter_map(|c| c.methods.get(mname).copied())
                        .filter(|p| self.sigs[p.0 as usize].is_static)
                        .collect();
                    match found.as_slice() {
                        [p] => (*p, None),
                        [] => {
                            self.error(last, format!("unknown method `{mname}`"));
                            return None;
                        }
                        _ => {
                            self.error(
                                last,
                                format!("method `{mname}` is ambiguous: qualify it with its class"),
                            );
                            return None;
                        }
                    }
                }
            }
        } else if let (2, Some(&ci)) = (ids.len(), self.class_index.get(ids[0].as_str()))
            && !cx.local_index.contains_key(ids[0].as_str())
        {
            match self.classes[ci].methods.get(mname) {
                Some(&p) if self.sigs[p.0 as usize].is_static => (p, None),
                _ => {
                    self.error(
                        last,
                        format!("class `{}` has no static method `{mname}`", ids[0].as_str()),
                    );
                    return None;
                }
            }
        } else {
            // receiver.path.method(...)
            let first = &ids[0];
            let (mut place, mut ty) = self.name(cx, first)?;
            for id in &ids[1..ids.len() - 1] {
                let Type::Ref(c) = ty else {
                    self.error(id, "only objects have fields");
                    return None;
                };
                let class = &self.classes[c.0 as usize - 1];
                let Some(&f) = class.field_index.get(id.as_str()) else {
                    let msg = format!("class `{}` has no field `{}`", class.name, id.as_str());
                    self.error(id, msg);
                    return None;
                };
                ty = class.fields[f as usize].ty;
                place = Place::Field(Box::new(Self::place_expr(place)), f);
            }
            let Type::Ref(c) = ty else {
                self.error(last, "only objects have methods");
                return None;
            };
            match self.classes[c.0 as usize - 1].methods.get(mname) {
                Some(&p) if !self.sigs[p.0 as usize].is_static => {
                    (p, Some(Self::place_expr(place)))
                }
                _ => {
                    let msg = format!(
                        "class `{}` has no instance method `{mname}`",
                        self.classes[c.0 as usize - 1].name
                    );
                    self.error(last, msg);
                    return None;
                }
            }
        };
        let sig = &self.sigs[proc.0 as usize];
        let params: Vec<Type> =
            sig.params.iter().skip(usize::from(receiver.is_some())).map(|v| v.ty).collect();
        let ret = sig.ret;
        if params.len() != args.len() {
            let msg = format!("`{mname}` takes {} arguments, given {}", params.len(), args.len());
            self.error(&call, msg);
            return None;
        }
        let mut exprs: Vec<Expr> = receiver.into_iter().collect();
        for ((x, t, pair), p) in args.into_iter().zip(params) {
            if !assignable(p, t) {
                self.error(&pair, "argument of the wrong type");
            }
            exprs.push(x);
        }
        Some((Instr::Call { proc, args: exprs, rets, next }, ret))
    }

    fn expr(&mut self, cx: &mut Cx, e: Pair<Rule>) -> (Expr, Ty) {
        if e.as_str().len() > MAX_EXPR_LEN {
            self.error(&e, format!("expression longer than {MAX_EXPR_LEN} bytes"));
            return (Expr::Const(Value::Bool(false)), Ty::T(Type::Bool));
        }
        let mut operands: Vec<(Expr, Ty, Span)> = Vec::new();
        let mut ops: Vec<(String, Span)> = Vec::new();
        let mut prefixes: Vec<(String, Pair<Rule>)> = Vec::new();
        for p in e.into_inner() {
            match p.as_rule() {
                Rule::prefix => prefixes.push((p.as_str().to_string(), p)),
                Rule::infix => {
                    let s = self.span(&p);
                    ops.push((p.as_str().to_string(), s));
                }
                _ => {
                    let span = self.span(&p);
                    let (mut x, mut t) = self.primary(cx, p);
                    for (op, pair) in prefixes.drain(..).rev() {
                        if op == "!" {
                            if t != Ty::T(Type::Bool) {
                                self.error(&pair, "`!` needs a boolean");
                            }
                            x = Expr::Not(Box::new(x));
                            t = Ty::T(Type::Bool);
                        } else {
                            if t != Ty::T(Type::Int) {
                                self.error(&pair, "`-` needs an integer");
                            }
                            x = Expr::Neg(Box::new(x));
                        }
                    }
                    operands.push((x, t, span));
                }
            }
        }
        self.climb(operands, ops)
    }

    fn climb(&mut self, operands: Vec<(Expr, Ty, Span)>, ops: Vec<(String, Span)>) -> (Expr, Ty) {
        fn prec(op: &str) -> u8 {
            match op {
                "||" => 1,
                "&&" => 2,
                "==" | "!=" => 3,
                "<" | "<=" | ">" | ">=" => 4,
                _ => 5,
            }
        }
        let mut out: Vec<(Expr, Ty)> = Vec::new();
        let mut stack: Vec<(String, Span)> = Vec::new();
        let mut it = operands.into_iter();
        let (x, t, _) = it.next().expect("an operand");
        out.push((x, t));
        for ((op, span), (x, t, _)) in ops.into_iter().zip(it) {
            while let Some((top, _)) = stack.last() {
                if prec(top) >= prec(&op) {
                    let (top, s) = stack.pop().expect("non-empty");
                    self.reduce(&mut out, &top, s);
                } else {
                    break;
                }
            }
            stack.push((op, span));
            out.push((x, t));
        }
        while let Some((top, s)) = stack.pop() {
            self.reduce(&mut out, &top, s);
        }
        out.pop().expect("one result")
    }

    fn reduce(&mut self, out: &mut Vec<(Expr, Ty)>, op: &str, span: Span) {
        let (b, tb) = out.pop().expect("right operand");
        let (a, ta) = out.pop().expect("left operand");
        let int = Ty::T(Type::Int);
        let boolean = Ty::T(Type::Bool);
        let (expr, ty, ok) = match op {
            "||" | "&&" => {
                let o = if op == "||" { BinOp::Or } else { BinOp::And };
                (Expr::Binary(o, Box::new(a), Box::new(b)), boolean, ta == boolean && tb == boolean)
            }
            "==" | "!=" => {
                let o = if op == "==" { BinOp::Eq } else { BinOp::Ne };
                let ok = ta == tb
                    || matches!(
                        (ta, tb),
                        (Ty::Null, Ty::T(Type::Ref(_))) | (Ty::T(Type::Ref(_)), Ty::Null)
                    );
                (Expr::Binary(o, Box::new(a), Box::new(b)), boolean, ok)
            }
            "<" => {
                (Expr::Binary(BinOp::Lt, Box::new(a), Box::new(b)), boolean, ta == int && tb == int)
            }
            "<=" => {
                (Expr::Binary(BinOp::Le, Box::new(a), Box::new(b)), boolean, ta == int && tb == int)
            }
            ">" => {
                (Expr::Binary(BinOp::Lt, Box::new(b), Box::new(a)), boolean, ta == int && tb == int)
            }
            ">=" => {
                (Expr::Binary(BinOp::Le, Box::new(b), Box::new(a)), boolean, ta == int && tb == int)
            }
            "+" => {
                (Expr::Binary(BinOp::Add, Box::new(a), Box::new(b)), int, ta == int && tb == int)
            }
            _ => (Expr::Binary(BinOp::Sub, Box::new(a), Box::new(b)), int, ta == int && tb == int),
        };
        if !ok {
            self.diags
                .push(Diagnostic::error(span, format!("operands of `{op}` have the wrong types")));
        }
        out.push((expr, ty));
    }

    fn primary(&mut self, cx: &mut Cx, p: Pair<Rule>) -> (Expr, Ty) {
        match p.as_rule() {
            Rule::expr => self.expr(cx, p),
            Rule::choose => (Expr::Choose, Ty::T(Type::Bool)),
            Rule::tt => (Expr::Const(Value::Bool(true)), Ty::T(Type::Bool)),
            Rule::ff => (Expr::Const(Value::Bool(false)), Ty::T(Type::Bool)),
            Rule::null => (Expr::Const(Value::Null), Ty::Null),
            Rule::number => match p.as_str().parse::<i64>() {
                Ok(n) => (Expr::Const(Value::Int(n)), Ty::T(Type::Int)),
                Err(_) => {
                    self.error(&p, "integer literal out of range");
                    (Expr::Const(Value::Int(0)), Ty::T(Type::Int))
                }
            },
            Rule::path => match self.place(cx, p) {
                Some((place, ty)) => (Self::place_expr(place), Ty::T(ty)),
                None => (Expr::Const(Value::Bool(false)), Ty::T(Type::Bool)),
            },
            _ => {
                self.error(&p, "unsupported expression");
                (Expr::Const(Value::Bool(false)), Ty::T(Type::Bool))
            }
        }
    }
}

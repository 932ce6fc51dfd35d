//! Reader for Bebop boolean programs (`.bp`): `decl`, procedures with `begin ... end`, parallel
//! assignment with `constrain`, `*` and `schoose`, `assume`, `assert`, `enforce`, `goto` and
//! labels, `skip`, `return` with values and `dead`.
//!
//! Bebop's variables start with unconstrained values: `main` begins by giving the globals every
//! value and each procedure by giving its non-parameter locals every value (an explicit `Havoc`,
//! so a summary's entry state does not depend on them). `dead x` resets `x` to false, which is
//! allowed because a dead variable is not read before it is written again. A procedure that
//! falls off its end returns unconstrained values.

use pest::Parser as _;
use pest::iterators::Pair;
use rustc_hash::FxHashMap;

use super::{Emitter, MAX_EXPR_LEN, UNPATCHED, short_text, syntax_error, too_deep};
use crate::boolprog::concurrent::Concurrent;
use crate::boolprog::ir::{
    BinOp, Class, ClassId, Expr, Instr, Label, Place, Proc, ProcId, Program, Type, Value, Var,
};
use crate::syntax::{Diagnostic, FileId, Span};

mod grammar {
    //! The derived pest parser.
    #[derive(pest_derive::Parser)]
    #[grammar = "boolprog/syntax/bp.pest"]
    pub struct BpParser;
}

use grammar::{BpParser, Rule};

fn rule_name(r: &Rule) -> Option<&'static str> {
    Some(match r {
        Rule::ident => "an identifier",
        Rule::expr | Rule::expr_list => "an expression",
        Rule::stmt => "a statement",
        Rule::procedure => "a procedure",
        Rule::global_decl | Rule::local_decl | Rule::kw_decl => "`decl`",
        Rule::kw_begin => "`begin`",
        Rule::kw_end => "`end`",
        Rule::kw_then => "`then`",
        Rule::kw_fi => "`fi`",
        Rule::kw_do => "`do`",
        Rule::kw_od => "`od`",
        Rule::infix => "an operator",
        Rule::ret_type => "`void` or `bool`",
        Rule::EOI => "end of input",
        _ => return None,
    })
}

struct Signature {
    id: ProcId,
    params: usize,
    returns: usize,
}

struct Reader {
    file: FileId,
    globals: FxHashMap<String, u32>,
    procs: FxHashMap<String, Signature>,
    diags: Vec<Diagnostic>,
    /// The first `atomic_begin` or `atomic_end`, which makes the program concurrent.
    atomic_stmt: Option<Span>,
}

struct ProcCx {
    locals: FxHashMap<String, u32>,
    returns: usize,
    em: Emitter,
    labels: FxHashMap<String, u32>,
    /// The labels in the order they are written (which is the order of their pcs).
    written_labels: Vec<Label>,
    gotos: Vec<(u32, Vec<(String, Span)>)>,
}

/// What a Bebop file holds: a sequential program, or a concurrent one in Getafix's conventions.
#[derive(Clone, Debug)]
pub enum Bebop {
    /// A sequential program: `main` runs, with the globals unconstrained.
    Sequential(Program),
    /// A concurrent program: `init`, then the threads interleaved.
    Concurrent(Concurrent),
}

/// Parses and lowers a sequential Bebop program; a concurrent one (in Getafix's conventions) is
/// refused with the reason, never read as sequential.
pub fn read(file: FileId, text: &str) -> Result<Program, Vec<Diagnostic>> {
    match read_any(file, text)? {
        Bebop::Sequential(p) => Ok(p),
        Bebop::Concurrent(c) => Err(vec![c.why]),
    }
}

/// Parses and lowers a Bebop program, sequential or concurrent.
pub fn read_any(file: FileId, text: &str) -> Result<Bebop, Vec<Diagnostic>> {
    if let Some(at) = too_deep(text) {
        return Err(vec![Diagnostic::error(Span::new(file, at, at + 1), "nested too deeply")]);
    }
    let program = match BpParser::parse(Rule::program, text) {
        Ok(mut pairs) => pairs.next().expect("program rule"),
        Err(e) => return Err(vec![syntax_error(file, &e, rule_name)]),
    };
    let mut r = Reader {
        file,
        globals: FxHashMap::default(),
        procs: FxHashMap::default(),
        diags: Vec::new(),
        atomic_stmt: None,
    };
    let mut global_vars = Vec::new();
    let mut global_spans = Vec::new();
    let mut proc_pairs = Vec::new();
    for item in program.into_inner() {
        match item.as_rule() {
            Rule::global_decl => {
                for id in item.into_inner().nth(1).expect("id list").into_inner() {
                    let name = id.as_str().to_string();
                    if r.globals.contains_key(&name) {
                        r.error(&id, format!("global `{name}` is declared twice"));
                        continue;
                    }
                    r.globals.insert(name.clone(), global_vars.len() as u32);
                    global_spans.push(r.span(&id));
                    global_vars.push(Var { name, ty: Type::Bool });
                }
            }
            Rule::procedure => proc_pairs.push(item),
            _ => {}
        }
    }
    // Signatures first, so calls may come before the callee.
    for (i, p) in proc_pairs.iter().enumerate() {
        let mut inner = p.clone().into_inner();
        let ret = inner.next().expect("return type");
        let returns = match ret.clone().into_inner().nth(1) {
            Some(n) => n.as_str().parse::<usize>().unwrap_or(usize::MAX),
            None if ret.as_str().starts_with("void") => 0,
            None => 1,
        };
        if returns > 64 {
            r.error(&ret, "at most 64 return values");
        }
        let name_pair = inner.next().expect("name");
        let params = match inner.next() {
            Some(x) if x.as_rule() == Rule::id_list => x.into_inner().count(),
            _ => 0,
        };
        let name = name_pair.as_str().to_string();
        if r.procs.contains_key(&name) {
            r.error(&name_pair, format!("procedure `{name}` is defined twice"));
            continue;
        }
        r.procs.insert(name, Signature { id: ProcId(i as u32), params, returns });
    }
    let mut procs = Vec::new();
    for p in proc_pairs {
        procs.push(r.procedure(p, global_vars.len()));
    }
    let concurrent = concurrent_conventions(&global_vars, &global_spans, &procs, r.atomic_stmt);
    let main = match r.procs.get("main") {
        Some(s) if s.params == 0 => s.id,
        Some(_) => {
            let d = Diagnostic::error(Span::new(file, 0, 0), "`main` must take no parameters");
            r.diags.push(d);
            ProcId(0)
        }
        None => {
            let d = Diagnostic::error(Span::new(file, 0, 0), "the program has no `main` procedure");
            r.diags.push(d);
            ProcId(0)
        }
    };
    if !r.diags.is_empty() {
        return Err(r.diags);
    }
    let classes = vec![Class { name: "<globals>".to_string(), fields: global_vars }];
    if let Some(why) = concurrent {
        // The threads' globals start unconstrained too, but before `init`, which the checks of
        // `boolprog::concurrent` run first: `main` is a thread here and gets no havoc.
        let prog = Program { classes, procs, main };
        return Concurrent::new(prog, why).map(Bebop::Concurrent).map_err(|d| vec![d]);
    }
    // Main starts by giving every global every value.
    let mut prog = Program { classes, procs, main };
    let nglobals = prog.globals().len() as u32;
    if nglobals > 0 {
        let m = &mut prog.procs[main.0 as usize];
        let targets = (0..nglobals).map(Place::Global).collect();
        let span = m.spans.first().copied().unwrap_or_default();
        // Shift every target, so jumps to the first statement do not go back to the havoc.
        let havoc = Instr::Havoc { targets, next: 1 };
        m.insert(0, havoc, span, "(globals start unconstrained)", 0);
    }
    let _ = ClassId(0);
    Ok(Bebop::Sequential(prog))
}

/// Getafix's concurrent boolean programs are written in this same syntax: an `init` procedure
/// that nothing calls, thread procedures, the shared globals `atomic` and `super_atomic` that
/// make sections atomic, and `atomic_begin`/`atomic_end`. Read as a sequential program such a
/// file would have its threads never run, and a `safe` for it would be wrong; when one of these
/// marks is present the file is read as concurrent, and this is the diagnostic that says why
/// (which the sequential reader gives as its refusal).
fn concurrent_conventions(
    globals: &[Var],
    spans: &[Span],
    procs: &[Proc],
    atomic_stmt: Option<Span>,
) -> Option<Diagnostic> {
    let why = "a concurrent boolean program is checked up to a bound of context switches \
               (`craig check-bp --contexts K`), never read as a sequential one (its threads \
               would never run)";
    if let Some(i) = globals.iter().position(|g| g.name == "atomic" || g.name == "super_atomic") {
        let msg = format!(
            "the global `{}` is how Getafix's concurrent boolean programs mark atomic sections; {why}",
            globals[i].name
        );
        return Some(Diagnostic::error(spans[i], msg));
    }
    if let Some(span) = atomic_stmt {
        let msg = format!("`atomic_begin` and `atomic_end` belong to concurrent programs; {why}");
        return Some(Diagnostic::error(span, msg));
    }
    let init = procs.iter().position(|p| p.name == "init")?;
    let called = procs
        .iter()
        .flat_map(|p| &p.body)
        .any(|i| matches!(i, Instr::Call { proc, .. } if proc.0 as usize == init));
    if called {
        return None;
    }
    let msg = format!(
        "`init` is never called: in Getafix's concurrent boolean programs it sets up the shared \
         state before the threads start; {why}"
    );
    let span = procs[init].spans.last().copied().unwrap_or_default();
    Some(Diagnostic::error(span, msg))
}

impl Reader {
    fn span(&self, p: &Pair<Rule>) -> Span {
        let s = p.as_span();
        Span::new(self.file, s.start(), s.end())
    }

    fn error(&mut self, p: &Pair<Rule>, msg: impl Into<String>) {
        let d = Diagnostic::error(self.span(p), msg);
        self.diags.push(d);
    }

    fn procedure(&mut self, p: Pair<Rule>, _nglobals: usize) -> Proc {
        let span = self.span(&p);
        let mut inner = p.into_inner().peekable();
        let _ret = inner.next();
        let name = inner.next().expect("name").as_str().to_string();
        let returns = self.procs.get(&name).map_or(0, |s| s.returns);
        let mut cx = ProcCx {
            locals: FxHashMap::default(),
            returns,
            em: Emitter::default(),
            labels: FxHashMap::default(),
            written_labels: Vec::new(),
            gotos: Vec::new(),
        };
        let mut locals = Vec::new();
        let mut params = 0;
        let mut enforce = None;
        let mut stmts = Vec::new();
        for item in inner {
            match item.as_rule() {
                Rule::id_list | Rule::local_decl => {
                    let is_param = item.as_rule() == Rule::id_list;
                    let ids = if is_param {
                        item.into_inner().collect::<Vec<_>>()
                    } else {
                        item.into_inner().nth(1).expect("ids").into_inner().collect()
                    };
                    for id in ids {
                        let n = id.as_str().to_string();
                        if cx.locals.contains_key(&n) {
                            self.error(&id, format!("`{n}` is declared twice in `{name}`"));
                            continue;
                        }
                        cx.locals.insert(n.clone(), locals.len() as u32);
                        locals.push(Var { name: n, ty: Type::Bool });
                        if is_param {
                            params += 1;
                        }
                    }
                }
                Rule::enforce => {
                    let e = item.into_inner().nth(1).expect("expr");
                    enforce = Some(self.expr(&cx, e));
                }
                Rule::stmt => stmts.push(item),
                _ => {}
            }
        }
        // Non-parameter locals start unconstrained.
        if locals.len() > params {
            let targets = (params as u32..locals.len() as u32).map(Place::Local).collect();
            cx.em.emit(Instr::Havoc { targets, next: 1 }, span, "(locals start unconstrained)");
        }
        for s in stmts {
            self.stmt(&mut cx, s);
        }
        let values = vec![Expr::Choose; returns];
        cx.em.emit(Instr::Return { values }, span, "end");
        for (pc, targets) in std::mem::take(&mut cx.gotos) {
            let mut resolved = Vec::new();
            for (label, span) in targets {
                match cx.labels.get(&label) {
                    Some(t) => resolved.push(*t),
                    None => self.diags.push(Diagnostic::error(span, format!("no label `{label}`"))),
                }
            }
            cx.em.body[pc as usize] = Instr::Jump { targets: resolved };
        }
        Proc {
            name,
            params: params as u32,
            locals,
            returns: vec![Type::Bool; returns],
            body: cx.em.body,
            spans: cx.em.spans,
            texts: cx.em.texts,
            enforce,
            has_this: false,
            labels: cx.written_labels,
        }
    }

    fn stmts<'i>(&mut self, cx: &mut ProcCx, pairs: impl Iterator<Item = Pair<'i, Rule>>) {
        for s in pairs {
            if s.as_rule() == Rule::stmt {
                self.stmt(cx, s);
            }
        }
    }

    fn stmt(&mut self, cx: &mut ProcCx, s: Pair<Rule>) {
        let start = cx.em.here();
        let mut labelled = false;
        for part in s.into_inner() {
            if part.as_rule() == Rule::label {
                labelled = true;
                let id = part.into_inner().next().expect("label name");
                let name = id.as_str().to_string();
                if cx.labels.insert(name.clone(), cx.em.here()).is_some() {
                    self.error(&id, format!("label `{name}` is defined twice"));
                }
                let span = self.span(&id);
                cx.written_labels.push(Label { name, pc: cx.em.here(), span });
                continue;
            }
            let (span, text) = (self.span(&part), short_text(part.as_str()));
            self.stmt_body(cx, part);
            // A labelled statement that emits nothing (`L: skip;`) still gets a pc of its own:
            // otherwise its label would share the pc of whatever follows, which may be a join
            // that paths avoiding the label reach too (`if (c) then L: skip; fi`).
            if labelled && cx.em.here() == start {
                cx.em.emit(Instr::Jump { targets: vec![start + 1] }, span, text);
            }
        }
    }

    fn place(&mut self, cx: &ProcCx, id: &Pair<Rule>) -> Place {
        let n = id.as_str();
        if let Some(i) = cx.locals.get(n) {
            Place::Local(*i)
        } else if let Some(g) = self.globals.get(n) {
            Place::Global(*g)
        } else {
            self.error(id, format!("unknown variable `{n}`"));
            Place::Local(0)
        }
    }

    fn stmt_body(&mut self, cx: &mut ProcCx, b: Pair<Rule>) {
        let span = self.span(&b);
        let text = short_text(b.as_str().lines().next().unwrap_or(""));
        let next = cx.em.here() + 1;
        let rule = b.as_rule();
        let mut inner = b.into_inner();
        match rule {
            Rule::skip_stmt => {}
            Rule::atomic_stmt => {
                // Getafix's `atomic_begin; ... atomic_end;` sets and clears the global `atomic`,
                // while which no other thread is scheduled.
                self.atomic_stmt.get_or_insert(span);
                let begin = text.starts_with("atomic_begin");
                match self.globals.get("atomic") {
                    Some(&g) => {
                        let values = vec![Expr::Const(Value::Bool(begin))];
                        let targets = vec![Place::Global(g)];
                        let instr = Instr::Assign { targets, values, constrain: None, next };
                        cx.em.emit(instr, span, text);
                    }
                    None => self.diags.push(Diagnostic::error(
                        span,
                        "`atomic_begin` and `atomic_end` of Getafix's concurrent programs set and \
                         clear the global `atomic`, which the program does not declare (Getafix's \
                         programs declare `super_atomic` and `atomic` first)",
                    )),
                }
            }
            Rule::goto_stmt => {
                let ids = inner.nth(1).expect("labels").into_inner();
                let targets = ids.map(|i| (i.as_str().to_string(), self.span(&i))).collect();
                let pc = cx.em.emit(Instr::Jump { targets: Vec::new() }, span, text);
                cx.gotos.push((pc, targets));
            }
            Rule::return_stmt => {
                let values: Vec<Expr> = match inner.nth(1) {
                    Some(list) => list.into_inner().map(|e| self.expr(cx, e)).collect(),
                    None => Vec::new(),
                };
                if values.len() != cx.returns {
                    let d = Diagnostic::error(
                        span,
                        format!(
                            "returns {} values, the procedure declares {}",
                            values.len(),
                            cx.returns
                        ),
                    );
                    self.diags.push(d);
                }
                cx.em.emit(Instr::Return { values }, span, text);
            }
            Rule::if_stmt => {
                let mut ends = Vec::new();
                let mut parts = inner.skip(1).peekable();
                // `if (c) then ...`, then each `elsif`, then `else`.
                let cond = parts.next().expect("condition");
                let c = self.expr(cx, cond);
                let mut branch = cx.em.emit(
                    Instr::Branch { cond: c, then_pc: next, else_pc: UNPATCHED },
                    span,
                    text,
                );
                let mut body = Vec::new();
                while parts
                    .peek()
                    .is_some_and(|p| p.as_rule() == Rule::stmt || p.as_rule() == Rule::kw_then)
                {
                    body.push(parts.next().expect("peeked"));
                }
                self.stmts(cx, body.into_iter());
                for part in parts.filter(|p| matches!(p.as_rule(), Rule::elsif | Rule::else_part)) {
                    ends.push(cx.em.emit(Instr::Jump { targets: vec![UNPATCHED] }, span, "fi"));
                    let here = cx.em.here();
                    cx.em.patch(branch, here);
                    match part.as_rule() {
                        Rule::elsif => {
                            let pspan = self.span(&part);
                            let ptext = short_text(part.as_str().lines().next().unwrap_or(""));
                            let mut it = part.into_inner().skip(1);
                            let c = self.expr(cx, it.next().expect("condition"));
                            branch = cx.em.emit(
                                Instr::Branch { cond: c, then_pc: here + 1, else_pc: UNPATCHED },
                                pspan,
                                ptext,
                            );
                            self.stmts(cx, it);
                        }
                        Rule::else_part => {
                            branch = u32::MAX;
                            self.stmts(cx, part.into_inner());
                        }
                        _ => {}
                    }
                }
                let end = cx.em.here();
                if branch != u32::MAX {
                    cx.em.patch(branch, end);
                }
                for j in ends {
                    cx.em.patch(j, end);
                }
            }
            Rule::while_stmt => {
                let head = cx.em.here();
                let c = self.expr(cx, inner.nth(1).expect("condition"));
                let branch = cx.em.emit(
                    Instr::Branch { cond: c, then_pc: next, else_pc: UNPATCHED },
                    span,
                    text,
                );
                self.stmts(cx, inner);
                cx.em.emit(Instr::Jump { targets: vec![head] }, span, "od");
                let end = cx.em.here();
                cx.em.patch(branch, end);
            }
            Rule::assert_stmt | Rule::assume_stmt => {
                let c = self.expr(cx, inner.nth(1).expect("condition"));
                let instr = if rule == Rule::assert_stmt {
                    Instr::Assert { cond: c, next }
                } else {
                    Instr::Assume { cond: c, next }
                };
                cx.em.emit(instr, span, text);
            }
            Rule::dead_stmt => {
                let targets: Vec<Place> =
                    inner.nth(1).expect("ids").into_inner().map(|i| self.place(cx, &i)).collect();
                let values = vec![Expr::Const(Value::Bool(false)); targets.len()];
                cx.em.emit(Instr::Assign { targets, values, constrain: None, next }, span, text);
            }
            Rule::call_stmt => {
                let call = inner.find(|p| p.as_rule() == Rule::call).expect("call");
                let instr = self.call(cx, call, Vec::new(), None);
                cx.em.emit(instr, span, text);
            }
            Rule::assign_stmt => {
                let targets: Vec<Place> =
                    inner.next().expect("ids").into_inner().map(|i| self.place(cx, &i)).collect();
                let rhs = inner.next().expect("right-hand side");
                if rhs.as_rule() == Rule::call {
                    let n = targets.len();
                    let instr = self.call(cx, rhs, targets, Some((n, span)));
                    cx.em.emit(instr, span, text);
                    return;
                }
                let values: Vec<Expr> = rhs.into_inner().map(|e| self.expr(cx, e)).collect();
                if values.len() != targets.len() {
                    let d = Diagnostic::error(
                        span,
                        format!("{} variables but {} values", targets.len(), values.len()),
                    );
                    self.diags.push(d);
                }
                let constrain =
                    inner.next().map(|c| self.expr(cx, c.into_inner().nth(1).expect("expr")));
                cx.em.emit(Instr::Assign { targets, values, constrain, next }, span, text);
            }
            _ => {}
        }
    }

    fn call(
        &mut self,
        cx: &ProcCx,
        call: Pair<Rule>,
        rets: Vec<Place>,
        expect_returns: Option<(usize, Span)>,
    ) -> Instr {
        let next = cx.em.here() + 1;
        let mut inner = call.into_inner();
        let name = inner.next().expect("callee");
        let args: Vec<Expr> = match inner.next() {
            Some(list) => list.into_inner().map(|e| self.expr(cx, e)).collect(),
            None => Vec::new(),
        };
        let Some(sig) = self.procs.get(name.as_str()) else {
            self.error(&name, format!("unknown procedure `{}`", name.as_str()));
            return Instr::Return { values: Vec::new() };
        };
        let (id, params, returns) = (sig.id, sig.params, sig.returns);
        if args.len() != params {
            self.error(
                &name,
                format!("`{}` takes {params} arguments, given {}", name.as_str(), args.len()),
            );
        }
        if let Some((n, span)) = expect_returns
            && n != returns
        {
            let d = Diagnostic::error(
                span,
                format!("`{}` returns {returns} values, assigned to {n}", name.as_str()),
            );
            self.diags.push(d);
        }
        Instr::Call { proc: id, args, rets, next }
    }

    fn expr(&mut self, cx: &ProcCx, e: Pair<Rule>) -> Expr {
        if e.as_str().len() > MAX_EXPR_LEN {
            self.error(&e, format!("expression longer than {MAX_EXPR_LEN} bytes"));
            return Expr::Const(Value::Bool(false));
        }
        // A flat list: prefixes, an operand, then (operator, prefixes, operand)*.
        let mut operands: Vec<Expr> = Vec::new();
        let mut ops: Vec<&str> = Vec::new();
        let mut prefixes: Vec<&str> = Vec::new();
        for p in e.into_inner() {
            match p.as_rule() {
                Rule::prefix => prefixes.push("!"),
                Rule::infix => ops.push(match p.as_str() {
                    "=>" => "=>",
                    "!=" => "!=",
                    "=" => "=",
                    "&" => "&",
                    "|" => "|",
                    _ => "^",
                }),
                _ => {
                    let mut x = self.primary(cx, p);
                    for _ in prefixes.drain(..) {
                        x = Expr::Not(Box::new(x));
                    }
                    operands.push(x);
                }
            }
        }
        climb(operands, &ops)
    }

    fn primary(&mut self, cx: &ProcCx, p: Pair<Rule>) -> Expr {
        match p.as_rule() {
            Rule::expr => self.expr(cx, p),
            Rule::choose => Expr::Choose,
            Rule::tt => Expr::Const(Value::Bool(true)),
            Rule::ff => Expr::Const(Value::Bool(false)),
            Rule::schoose => {
                let mut it = p.into_inner().skip(1);
                let a = self.expr(cx, it.next().expect("first"));
                let b = self.expr(cx, it.next().expect("second"));
                Expr::Schoose(Box::new(a), Box::new(b))
            }
            Rule::primed => {
                let id = p.into_inner().next().expect("name");
                Expr::Primed(Box::new(self.place(cx, &id)))
            }
            Rule::ident => match self.place(cx, &p) {
                Place::Local(i) => Expr::Local(i),
                Place::Global(g) => Expr::Global(g),
                Place::Field(..) => Expr::Const(Value::Bool(false)),
            },
            _ => {
                self.error(&p, "unsupported expression");
                Expr::Const(Value::Bool(false))
            }
        }
    }
}

fn precedence(op: &str) -> (u8, bool) {
    // (binding power, right associative)
    match op {
        "=>" => (1, true),
        "|" => (2, false),
        "^" => (3, false),
        "&" => (4, false),
        _ => (5, false), // = !=
    }
}

fn binop(op: &str, a: Expr, b: Expr) -> Expr {
    let op = match op {
        "=>" => BinOp::Implies,
        "|" => BinOp::Or,
        "^" => BinOp::Xor,
        "&" => BinOp::And,
        "=" => BinOp::Eq,
        _ => BinOp::Ne,
    };
    Expr::Binary(op, Box::new(a), Box::new(b))
}

/// Precedence climbing over a flat operand/operator list.
fn climb(operands: Vec<Expr>, ops: &[&str]) -> Expr {
    let mut out: Vec<Expr> = Vec::new();
    let mut stack: Vec<&str> = Vec::new();
    let reduce = |out: &mut Vec<Expr>, op: &str| {
        let b = out.pop().expect("right operand");
        let a = out.pop().expect("left operand");
        out.push(binop(op, a, b));
    };
    let mut it = operands.into_iter();
    out.push(it.next().unwrap_or(Expr::Const(Value::Bool(false))));
    for (op, x) in ops.iter().zip(it) {
        let (p, right) = precedence(op);
        while let Some(top) = stack.last() {
            let (q, _) = precedence(top);
            if q > p || (q == p && !right) {
                let top = stack.pop().expect("non-empty");
                reduce(&mut out, top);
            } else {
                break;
            }
        }
        stack.push(op);
        out.push(x);
    }
    while let Some(top) = stack.pop() {
        reduce(&mut out, top);
    }
    out.pop().unwrap_or(Expr::Const(Value::Bool(false)))
}

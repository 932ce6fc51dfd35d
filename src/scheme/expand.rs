//! Surface forms to the core language: `define`, `let*`, named `let`, `cond`, `case`, `and`,
//! `or`, `when`, `unless` and `quote` expand into [`Expr`]; names are resolved and alphatised.
//!
//! Bodies (the program, and each `lambda` or `let` body) follow `letrec*`: every name a body
//! defines is in scope in the whole body. A run of procedure definitions becomes one `letrec`,
//! a value definition a `let` around the rest. A name used before the `let` that binds it (a
//! procedure referring to a later value definition) is declared first and assigned with `set!`
//! instead, which is correct but makes that variable mutable, so less precise to analyse.
//!
//! Macros (`define-syntax`, `let-syntax`, `letrec-syntax` with `syntax-rules`, see
//! [`super::macros`]) are expanded here, when the expander meets a use: a body's forms are
//! expanded at their head first, to find the definitions a macro writes (and `begin`s in a body
//! are spliced), an expression's when it is expanded. Hygiene comes from renaming: every symbol
//! a template writes that is not a pattern variable becomes a fresh symbol `name N` (one per
//! symbol and expansion), remembered as an alias of `name` in the macro's environment. A binding
//! form binds the renamed symbol, so only the template's own references see it (a template's
//! `tmp` never captures the user's `tmp`); a renamed symbol that nothing in the expansion binds
//! means what `name` means where the macro was defined (a template's `if`, `let` or `car` is
//! the standard one even where the use is inside a user's binding of that name). Literals
//! (`else`) match a symbol of the use when both mean the same. Quoted renamed symbols are the
//! plain symbols. A macro's environment is a prefix of the scope stack, which holds while the
//! macro is in scope; a body's macros get the whole body's definitions in it. What is not
//! given: a top-level definition whose name the template writes is visible only to that
//! expansion's references (as in R6RS, unlike some R5RS systems); a macro is in scope from its
//! `define-syntax` on, so a use earlier in the same body is read as an application; and a
//! body's variable of the same name as one of its macros hides the macro (R5RS makes that an
//! error).

use rustc_hash::{FxHashMap, FxHashSet};

use super::ast::*;
use super::macros::{SyntaxRules, base_name};
use super::sexp::{Sexp, SexpKind};
use crate::syntax::{Diagnostic, FileId, Span};

/// Special forms craig recognises but refuses, with the reason given to the user.
const REFUSED: &[(&str, &str)] = &[
    (
        "syntax-rules",
        "`syntax-rules` is only allowed in `define-syntax`, `let-syntax` and `letrec-syntax`",
    ),
    ("define-syntax", "`define-syntax` is only allowed at the start of a body"),
    ("unquote", "`unquote` (`,`) is only allowed inside a quasiquotation"),
    (
        "unquote-splicing",
        "`unquote-splicing` (`,@`) is only allowed inside a list of a quasiquotation",
    ),
    ("quasiquote", "`quasiquote` takes one template"),
    ("delay", "`delay` takes one expression"),
    (
        "define-record-type",
        "`define-record-type` is a definition: it is only allowed at top level or at the start \
         of a body",
    ),
];

/// The tag of record type descriptors, the values record type names are bound to: a symbol no
/// reader can write (`#<` is refused), shared by every descriptor and by nothing else.
pub const RECORD_DESCRIPTOR_TAG: &str = "#<record-type-descriptor>";

/// The shape of `define-record-type`, said when a use is malformed.
const RECORD_SHAPE: &str = "`define-record-type` expects (define-record-type <name> \
     (<constructor> <field> ...) <predicate> (<field> <accessor> [<modifier>]) ...)";

const KEYWORDS: &[&str] = &[
    "define",
    "lambda",
    "λ",
    "let",
    "let*",
    "letrec",
    "letrec*",
    "if",
    "cond",
    "case",
    "and",
    "or",
    "when",
    "unless",
    "begin",
    "set!",
    "quote",
    "quasiquote",
    "do",
    "delay",
    "declare-events",
    "let-syntax",
    "letrec-syntax",
    "receive",
    "let-values",
    "let*-values",
];

/// Macro uses may nest at most this deep (a macro expanding into a use of itself with no end
/// stops here with an error).
pub const MAX_MACRO_DEPTH: usize = 1000;

/// A program may expand at most this many macro uses in all.
pub const MAX_EXPANSIONS: usize = 100_000;

/// A program in the core language, with its variable and event tables.
#[derive(Clone, Debug)]
pub struct CoreProgram {
    /// The whole program as one expression.
    pub body: Expr,
    /// Every variable, indexed by [`VarId`].
    pub vars: Vec<VarInfo>,
    /// The event names, indexed by the number in [`Prim::Event`].
    pub events: Vec<String>,
}

/// Expands a file's data into a core program. `events` are the event primitives known before
/// the program's own `(declare-events ...)` forms (the protocol's alphabet, `lock`, `unlock`).
///
/// `prelude` holds the prelude's definitions: those the program uses, and what they use, are
/// put before the program (see `prelude.scm`).
pub fn expand_program(
    file: FileId,
    data: &[Sexp],
    events: &[String],
    prelude: Option<&super::prelude::Prelude>,
) -> (Option<CoreProgram>, Vec<Diagnostic>) {
    let mut ex = Expander {
        prelude_file: prelude.map(|p| p.file),
        prelude_vars: Vec::new(),
        prelude_names: prelude.map(|p| p.names()).unwrap_or_default(),
        in_prelude: false,
        vars: Vec::new(),
        name_counts: FxHashMap::default(),
        scopes: Vec::new(),
        macros: Vec::new(),
        aliases: FxHashMap::default(),
        alias_count: 0,
        top_env: 0,
        body_depth: 0,
        macro_depth: 0,
        expansions: 0,
        limit_reported: false,
        frames: Vec::new(),
        events: Vec::new(),
        diags: Vec::new(),
    };
    for e in events {
        ex.declare_event(e);
    }
    // Event declarations first, wherever they are, so the whole program sees them.
    for d in data {
        if let Some(items) = d.as_list()
            && items.first().and_then(Sexp::as_sym) == Some("declare-events")
        {
            for item in &items[1..] {
                match item.as_sym() {
                    Some(name) => ex.declare_event(name),
                    None => ex.error(item.span, "`declare-events` takes event names"),
                }
            }
        }
    }
    let user: Vec<&Sexp> = data
        .iter()
        .filter(|d| {
            d.as_list().and_then(|l| l.first()).and_then(Sexp::as_sym) != Some("declare-events")
        })
        .collect();
    let mut forms: Vec<&Sexp> = match prelude {
        Some(p) => p.needed(&user),
        None => Vec::new(),
    };
    forms.extend(user);
    let whole = match (data.first(), data.last()) {
        (Some(a), Some(b)) => a.span.to(b.span),
        _ => Span::new(file, 0, 0),
    };
    let body = ex.body(&forms, whole);
    let ok = !crate::syntax::has_errors(&ex.diags);
    let program = CoreProgram { body, vars: ex.vars, events: ex.events };
    (ok.then_some(program), ex.diags)
}

/// Bookkeeping for one body: which names it defines and the first form that mentions each.
struct Frame {
    defined: Vec<VarId>,
    current: usize,
    first_use: Vec<usize>,
}

struct Expander {
    /// The prelude's file: definitions read from it are the prelude's.
    prelude_file: Option<FileId>,
    /// The variables the prelude defines (their direct calls may be specialised).
    prelude_vars: Vec<VarId>,
    /// Every name the prelude defines (only looked up, never iterated).
    prelude_names: FxHashSet<String>,
    /// Expanding one of the prelude's definitions. There the program's own bindings are
    /// hidden, except those of a name the prelude defines (a program's `map` replaces the
    /// prelude's, for the prelude's `for-each` too): a program may bind `let`, `car` or
    /// `apply` as it likes without changing the prelude's `let`, `car` or `apply`.
    in_prelude: bool,
    vars: Vec<VarInfo>,
    name_counts: FxHashMap<String, u32>,
    /// Innermost binding last: variables and macros, keyed by the symbol that binds them
    /// (a renamed symbol for a binder a macro wrote).
    scopes: Vec<Scoped>,
    /// Every macro defined so far, indexed by [`Binding::Macro`].
    macros: Vec<MacroDef>,
    /// The renamed symbols macro expansions wrote (only looked up, never iterated).
    aliases: FxHashMap<String, Alias>,
    /// Counter for fresh renamed symbols.
    alias_count: u32,
    /// The length of `scopes` once the program's top-level definitions are in scope: where the
    /// names written by derived forms (`receive`, `let-values`) are resolved.
    top_env: usize,
    /// Bodies being expanded (the first is the program's).
    body_depth: usize,
    /// Macro uses being expanded inside each other.
    macro_depth: usize,
    /// Macro uses expanded so far.
    expansions: usize,
    /// Whether [`MAX_EXPANSIONS`] was reported (once).
    limit_reported: bool,
    frames: Vec<Frame>,
    events: Vec<String>,
    diags: Vec<Diagnostic>,
}

/// A name as written, with where.
type Named = (String, Span);

/// One binding in scope.
struct Scoped {
    key: String,
    binding: Binding,
    /// Bound by the prelude's text (seen from the prelude's definitions).
    by_prelude: bool,
}

/// What a symbol is bound to in a scope.
#[derive(Clone, Copy, Debug)]
enum Binding {
    Var(VarId),
    Macro(usize),
}

/// What a symbol means at a point of the program.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Resolved {
    Var(VarId),
    Macro(usize),
    /// Not bound by the program: a keyword, a primitive, an event, or unbound (the name, with
    /// renaming undone).
    Free(String),
}

/// A macro: its rules and where the symbols of its templates are resolved.
struct MacroDef {
    name: String,
    rules: SyntaxRules,
    /// The length of the scope stack that is the macro's environment: a prefix of the stack
    /// wherever the macro is in scope.
    env: usize,
}

/// A renamed symbol: the symbol it was renamed from, and where that is resolved.
struct Alias {
    original: String,
    env: AliasEnv,
}

#[derive(Clone, Copy)]
enum AliasEnv {
    /// In the environment of the macro whose template wrote it (read when resolving, since a
    /// body's macros see its definitions, which are put in scope after the macros are read).
    Macro(usize),
    /// At top level (the names derived forms write).
    TopLevel,
}

/// A definition found in a body: its variable and the symbol that binds it.
enum Def<'a> {
    Procedure { var: VarId, key: String, params: Sexp, body: &'a [Sexp], span: Span },
    Value(VarId, String, Option<&'a Sexp>),
}

impl Expander {
    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diags.push(Diagnostic::error(span, message));
    }

    /// Records `v` as the prelude's if its definition `span` is in the prelude.
    fn note_prelude(&mut self, v: VarId, span: Span) {
        if Some(span.file) == self.prelude_file {
            self.prelude_vars.push(v);
        }
    }

    fn declare_event(&mut self, name: &str) {
        if !self.events.iter().any(|e| e == name) {
            self.events.push(name.to_string());
        }
    }

    fn bind_var(&mut self, key: String, v: VarId) {
        let by_prelude = self.in_prelude || self.prelude_vars.contains(&v);
        self.scopes.push(Scoped { key, binding: Binding::Var(v), by_prelude });
    }

    fn bind_macro(&mut self, key: String, m: usize) {
        let by_prelude = self.in_prelude;
        self.scopes.push(Scoped { key, binding: Binding::Macro(m), by_prelude });
    }

    /// Whether the binding is seen from here (see [`Expander::in_prelude`]).
    fn visible(&self, entry: &Scoped) -> bool {
        !self.in_prelude || entry.by_prelude || self.prelude_names.contains(&entry.key)
    }

    /// What symbol `name` means here.
    fn resolve(&self, name: &str) -> Resolved {
        self.resolve_in(name, self.scopes.len())
    }

    /// What symbol `name` means in the environment made of the first `limit` scope entries.
    fn resolve_in(&self, name: &str, limit: usize) -> Resolved {
        let mut name = name;
        let mut limit = limit.min(self.scopes.len());
        loop {
            let found =
                self.scopes[..limit].iter().rev().find(|e| e.key == name && self.visible(e));
            if let Some(Scoped { binding, .. }) = found {
                return match *binding {
                    Binding::Var(v) => Resolved::Var(v),
                    Binding::Macro(m) => Resolved::Macro(m),
                };
            }
            let Some(alias) = self.aliases.get(name) else {
                return Resolved::Free(base_name(name).to_string());
            };
            let env = match alias.env {
                AliasEnv::Macro(m) => self.macros.get(m).map_or(0, |d| d.env),
                AliasEnv::TopLevel => self.top_env,
            };
            limit = env.min(self.scopes.len());
            name = &alias.original;
        }
    }

    /// True if `s` is the symbol of keyword `keyword` here (not bound by the program).
    fn is_keyword(&self, s: &Sexp, keyword: &str) -> bool {
        s.as_sym().is_some_and(|n| matches!(self.resolve(n), Resolved::Free(f) if f == keyword))
    }

    /// The keyword or free name a form's head symbol stands for, if it is not bound.
    fn head_keyword(&self, f: &Sexp) -> Option<String> {
        let head = match &f.kind {
            SexpKind::List(items) | SexpKind::Dotted(items, _) => items.first()?,
            _ => return None,
        };
        match self.resolve(head.as_sym()?) {
            Resolved::Free(name) => Some(name),
            _ => None,
        }
    }

    /// The macro a form's head names, if it does.
    fn head_macro(&self, f: &Sexp) -> Option<usize> {
        let head = match &f.kind {
            SexpKind::List(items) | SexpKind::Dotted(items, _) => items.first()?,
            _ => return None,
        };
        match self.resolve(head.as_sym()?) {
            Resolved::Macro(m) => Some(m),
            _ => None,
        }
    }

    /// A fresh renamed symbol for `name` (which may itself be renamed).
    fn alias(&mut self, name: &str, env: AliasEnv) -> String {
        self.alias_count += 1;
        let renamed = format!("{} {}", base_name(name), self.alias_count);
        self.aliases.insert(renamed.clone(), Alias { original: name.to_string(), env });
        renamed
    }

    /// A symbol that means keyword or top-level name `name` wherever it is put (for the forms
    /// derived forms write).
    fn core_sym(&mut self, name: &str, span: Span) -> Sexp {
        Sexp { kind: SexpKind::Sym(self.alias(name, AliasEnv::TopLevel)), span }
    }

    /// Expands one use of macro `m`, or reports why it cannot be (at the use) and returns None.
    fn expand_use(&mut self, m: usize, f: &Sexp, depth: usize) -> Option<Sexp> {
        let name = self.macros[m].name.clone();
        if depth >= MAX_MACRO_DEPTH {
            self.error(
                f.span,
                format!(
                    "expanding `{name}` nests more than {MAX_MACRO_DEPTH} macro uses inside each                      other (does the macro expand into a use of itself without end?)"
                ),
            );
            return None;
        }
        self.expansions += 1;
        if self.expansions > MAX_EXPANSIONS {
            if !self.limit_reported {
                self.limit_reported = true;
                self.error(
                    f.span,
                    format!("the program expands more than {MAX_EXPANSIONS} macro uses"),
                );
            }
            return None;
        }
        let env = self.macros[m].env.min(self.scopes.len());
        let mut renamed: FxHashMap<String, String> = FxHashMap::default();
        let mut fresh: Vec<(String, String)> = Vec::new();
        let result = {
            let this = &*self;
            // A literal matches a symbol of the use that means the same here as the literal
            // means where the macro was defined.
            let same_literal =
                |literal: &str, sym: &str| this.resolve(sym) == this.resolve_in(literal, env);
            let mut counter = self.alias_count;
            let mut rename = |s: &str| -> String {
                if let Some(r) = renamed.get(s) {
                    return r.clone();
                }
                counter += 1;
                let r = format!("{} {}", base_name(s), counter);
                renamed.insert(s.to_string(), r.clone());
                fresh.push((r.clone(), s.to_string()));
                r
            };
            let out = self.macros[m].rules.expand(&name, f, &same_literal, &mut rename);
            self.alias_count = counter;
            out
        };
        for (r, original) in fresh {
            self.aliases.insert(r, Alias { original, env: AliasEnv::Macro(m) });
        }
        match result {
            Ok(out) => Some(out),
            Err(e) => {
                self.error(f.span, e.to_string());
                None
            }
        }
    }

    fn fresh(&mut self, source: &str, span: Span) -> VarId {
        let source = base_name(source);
        let count = self.name_counts.entry(source.to_string()).or_insert(0);
        let name = if *count == 0 { source.to_string() } else { format!("{source}_{count}") };
        *count += 1;
        self.vars.push(VarInfo {
            name,
            source: source.to_string(),
            span,
            mutable: false,
            kind: VarKind::User,
        });
        VarId(self.vars.len() as u32 - 1)
    }

    fn void(&self, span: Span) -> Expr {
        Expr::Const(Const::Void, span)
    }

    /// Resolves a name used as an expression.
    fn reference(&mut self, name: &str, span: Span) -> Expr {
        let name = match self.resolve(name) {
            Resolved::Var(v) => return self.use_var(v, span),
            Resolved::Macro(m) => {
                let name = self.macros[m].name.clone();
                self.error(
                    span,
                    format!("`{name}` is a macro: it can only be used as `({name} ...)`"),
                );
                return self.void(span);
            }
            Resolved::Free(name) => name,
        };
        let name = name.as_str();
        if let Some(b) = Builtin::by_name(name) {
            return Expr::Prim(Prim::Builtin(b), span);
        }
        if let Some(i) = self.events.iter().position(|e| e == name) {
            return Expr::Prim(Prim::Event(i as u32), span);
        }
        // `call/cc` as a value is the prelude's `%call/cc`, which the prelude's selection adds
        // for every such use (see `prelude::uses`), or in a program with `dynamic-wind` the
        // `call/cc` that runs the wind list.
        if super::prelude::is_call_cc(name)
            && let Some(v) = self
                .prelude_var(super::prelude::WIND_CALL_CC)
                .or_else(|| self.prelude_var("%call/cc"))
        {
            return self.use_var(v, span);
        }
        if let Some((_, why)) = REFUSED.iter().find(|(n, _)| *n == name) {
            self.error(span, format!("`{name}`: {why}"));
        } else if KEYWORDS.contains(&name) {
            self.error(span, format!("`{name}` is a keyword, not a value"));
        } else {
            let d = Diagnostic::error(span, format!("unbound variable `{name}`")).with_note(
                "craig's Scheme has R5RS's standard procedures (see the guide for the list): \
                 define the procedure in the program, or declare an event with \
                 `(declare-events name)`",
            );
            self.diags.push(d);
        }
        self.void(span)
    }

    /// The prelude's definition of `name`, if the program got it (and nothing hides it here).
    fn prelude_var(&self, name: &str) -> Option<VarId> {
        match self.resolve(name) {
            Resolved::Var(v) if self.prelude_vars.contains(&v) => Some(v),
            _ => None,
        }
    }

    /// A reference to variable `v`, noted as a use for the body that defines it.
    fn use_var(&mut self, v: VarId, span: Span) -> Expr {
        for frame in self.frames.iter_mut().rev() {
            if let Some(i) = frame.defined.iter().position(|&d| d == v) {
                frame.first_use[i] = frame.first_use[i].min(frame.current);
                break;
            }
        }
        Expr::Var(v, span)
    }

    fn expr(&mut self, s: &Sexp) -> Expr {
        match &s.kind {
            SexpKind::Int(n) => Expr::Const(Const::Int(*n), s.span),
            SexpKind::Bool(b) => Expr::Const(Const::Bool(*b), s.span),
            SexpKind::Str(t) => Expr::Const(Const::Str(t.clone()), s.span),
            SexpKind::OtherNumber(t) => Expr::Const(Const::Real(t.clone()), s.span),
            SexpKind::Char(t) => match char_literal(t) {
                Some(c) => Expr::Const(Const::Char(c), s.span),
                None => {
                    self.error(s.span, format!("`{t}` is not a character R5RS knows"));
                    self.void(s.span)
                }
            },
            SexpKind::Vector(_) => {
                self.error(s.span, "a vector literal must be quoted");
                self.void(s.span)
            }
            SexpKind::Dotted(..) if let Some(m) = self.head_macro(s) => self.macro_expr(m, s),
            SexpKind::Dotted(..) => {
                self.error(s.span, "a dotted pair is not an expression");
                self.void(s.span)
            }
            SexpKind::Sym(name) => self.reference(name, s.span),
            SexpKind::List(items) => self.list_form(s, items),
        }
    }

    fn list_form(&mut self, s: &Sexp, items: &[Sexp]) -> Expr {
        let Some(head) = items.first() else {
            self.error(s.span, "empty application `()` (write `'()` for the empty list)");
            return self.void(s.span);
        };
        if let Some(m) = self.head_macro(s) {
            return self.macro_expr(m, s);
        }
        if let Some(name) = self.head_keyword(s) {
            let name = name.as_str();
            let args = &items[1..];
            match name {
                "quote" => return self.quote_form(s, args),
                "lambda" | "λ" => return self.lambda_form(s, args),
                "define" => {
                    self.error(s.span, "`define` is only allowed at the start of a body");
                    return self.void(s.span);
                }
                "let-syntax" | "letrec-syntax" => return self.let_syntax_form(s, name, args),
                "receive" => return self.receive_form(s, args),
                "let-values" | "let*-values" => return self.let_values_form(s, name, args),
                "declare-events" => {
                    self.error(s.span, "`declare-events` is only allowed at top level");
                    return self.void(s.span);
                }
                "if" => return self.if_form(s, args),
                "begin" => {
                    if args.is_empty() {
                        return self.void(s.span);
                    }
                    let es = args.iter().map(|a| self.expr(a)).collect();
                    return Expr::Begin(es, s.span);
                }
                "let" => return self.let_form(s, args),
                "do" => return self.do_form(s, args),
                "quasiquote" if args.len() == 1 => return self.quasi(&args[0], 1),
                "delay" if args.len() == 1 => {
                    // (delay e) is (%delay (lambda () e)); `force` is in the prelude.
                    let thunk = Lambda {
                        params: Vec::new(),
                        rest: None,
                        body: self.expr(&args[0]),
                        span: s.span,
                    };
                    let make = self.reference("%delay", head.span);
                    return Expr::App(Box::new(make), vec![Expr::Lambda(Box::new(thunk))], s.span);
                }
                "call/cc" | "call-with-current-continuation" => {
                    let [f] = args else {
                        self.error(s.span, format!("`{name}` takes one procedure"));
                        return self.void(s.span);
                    };
                    let f = self.expr(f);
                    // In a program with `dynamic-wind`, the user's `call/cc` is the one whose
                    // escapes run the wind list; the prelude's own (in that very procedure)
                    // is the machine's.
                    if Some(s.span.file) != self.prelude_file
                        && let Some(v) = self.prelude_var(super::prelude::WIND_CALL_CC)
                    {
                        let wind = self.use_var(v, head.span);
                        return Expr::App(Box::new(wind), vec![f], s.span);
                    }
                    return Expr::CallCc(Box::new(f), s.span);
                }
                "let*" => return self.let_star_form(s, args),
                "letrec" | "letrec*" => return self.letrec_form(s, args),
                "set!" => return self.set_form(s, args),
                "cond" => return self.cond_form(s, args),
                "case" => return self.case_form(s, args),
                "and" => return self.and_form(s, args),
                "or" => return self.or_form(s, args),
                "when" | "unless" => {
                    let Some(test) = args.first() else {
                        self.error(s.span, format!("`{name}` needs a test"));
                        return self.void(s.span);
                    };
                    let mut c = self.expr(test);
                    if name == "unless" {
                        c = Expr::App(
                            Box::new(Expr::Prim(Prim::Builtin(Builtin::Not), head.span)),
                            vec![c],
                            test.span,
                        );
                    }
                    let body = self.sequence(&args[1..], s.span);
                    return Expr::If(Box::new([c, body, self.void(s.span)]), s.span);
                }
                _ => {
                    if let Some((_, why)) = REFUSED.iter().find(|(n, _)| *n == name) {
                        self.error(head.span, format!("`{name}`: {why}"));
                        return self.void(s.span);
                    }
                }
            }
        }
        let prelude_name = head.as_sym().and_then(|name| match self.resolve(name) {
            Resolved::Var(v) if self.prelude_vars.contains(&v) => {
                Some(self.vars[v.0 as usize].source.clone())
            }
            Resolved::Free(name) => Some(name),
            _ => None,
        });
        let prelude_name = prelude_name.as_deref();
        let f = match (prelude_name, items.len() - 1) {
            (Some("map"), 2) => self.reference("%map1", head.span),
            (Some("map"), 3) => self.reference("%map2", head.span),
            (Some("for-each"), 2) => self.reference("%for-each1", head.span),
            (Some("for-each"), 3) => self.reference("%for-each2", head.span),
            // Read below, without a reference to the variadic `append` or `values`.
            (Some("append" | "values"), _) => self.void(head.span),
            _ => self.expr(head),
        };
        let mut args: Vec<Expr> = items[1..].iter().map(|a| self.expr(a)).collect();
        if prelude_name == Some("append") {
            // Right to left through `%append2`, as `append` shares its last argument.
            let Some(mut acc) = args.pop() else { return Expr::Const(Const::Nil, s.span) };
            for a in args.into_iter().rev() {
                let app2 = self.reference("%append2", head.span);
                acc = Expr::App(Box::new(app2), vec![a, acc], s.span);
            }
            return acc;
        }
        if prelude_name == Some("values") {
            // One value is itself; others are the prelude's encoding written out, `(cons
            // %values-tag (list a b))` with one pair per value, so that the analysis keeps the
            // values apart (the variadic `values` has one rest-list cell for all of them).
            if args.len() == 1 {
                return args.pop().unwrap_or_else(|| self.void(s.span));
            }
            let mut acc = Expr::Const(Const::Nil, s.span);
            for a in args.into_iter().rev() {
                let cons = Box::new(Expr::Prim(Prim::Builtin(Builtin::Cons), head.span));
                acc = Expr::App(cons, vec![a, acc], s.span);
            }
            let tag = self.reference("%values-tag", head.span);
            let cons = Box::new(Expr::Prim(Prim::Builtin(Builtin::Cons), head.span));
            return Expr::App(cons, vec![tag, acc], s.span);
        }
        // `(list a b)` is `(cons a (cons b '()))`: one allocation site per cell keeps the
        // elements apart in the analysis.
        if let Expr::Prim(Prim::Builtin(Builtin::List), _) = f {
            let mut acc = Expr::Const(Const::Nil, s.span);
            for a in args.into_iter().rev() {
                let cons = Box::new(Expr::Prim(Prim::Builtin(Builtin::Cons), head.span));
                acc = Expr::App(cons, vec![a, acc], s.span);
            }
            return acc;
        }
        if let Expr::Prim(Prim::Builtin(b), _) = f
            && !b.arity().accepts(args.len())
        {
            let a = b.arity();
            let wanted = match a.max {
                Some(m) if m == a.min => format!("{m}"),
                Some(m) => format!("{} to {m}", a.min),
                None => format!("at least {}", a.min),
            };
            self.error(
                s.span,
                format!("`{}` takes {wanted} argument(s), given {}", b.name(), args.len()),
            );
        }
        Expr::App(Box::new(f), args, s.span)
    }

    /// A sequence of expressions (no definitions): `(begin ...)` semantics, void if empty.
    fn sequence(&mut self, forms: &[Sexp], span: Span) -> Expr {
        let mut es: Vec<Expr> = forms.iter().map(|f| self.expr(f)).collect();
        match es.len() {
            0 => self.void(span),
            1 => es.pop().unwrap_or_else(|| self.void(span)),
            _ => Expr::Begin(es, span),
        }
    }

    fn quote_form(&mut self, s: &Sexp, args: &[Sexp]) -> Expr {
        let [d] = args else {
            self.error(s.span, "`quote` takes one datum");
            return self.void(s.span);
        };
        self.datum(d)
    }

    /// A quoted datum: constants, or `cons`/`vector` trees for lists and vectors.
    fn datum(&mut self, d: &Sexp) -> Expr {
        let prim = |b: Builtin| Box::new(Expr::Prim(Prim::Builtin(b), d.span));
        match &d.kind {
            // A symbol a template wrote is quoted as the symbol it was renamed from.
            SexpKind::Sym(name) => Expr::Const(Const::Sym(base_name(name).to_string()), d.span),
            SexpKind::List(items) if items.is_empty() => Expr::Const(Const::Nil, d.span),
            SexpKind::List(items) => {
                let mut acc = Expr::Const(Const::Nil, d.span);
                for item in items.iter().rev() {
                    let car = self.datum(item);
                    acc = Expr::App(prim(Builtin::Cons), vec![car, acc], d.span);
                }
                acc
            }
            SexpKind::Dotted(items, tail) => {
                let mut acc = self.datum(tail);
                for item in items.iter().rev() {
                    let car = self.datum(item);
                    acc = Expr::App(prim(Builtin::Cons), vec![car, acc], d.span);
                }
                acc
            }
            SexpKind::Vector(items) => {
                let es = items.iter().map(|i| self.datum(i)).collect();
                Expr::App(prim(Builtin::Vector), es, d.span)
            }
            _ => self.expr(d),
        }
    }

    /// Parameters of a `lambda` or procedure `define`: `(a b)`, `(a . rest)` or `args`; the
    /// fixed parameters and the rest parameter.
    fn params(&mut self, s: &Sexp) -> (Vec<Named>, Option<Named>) {
        let (items, tail) = match &s.kind {
            SexpKind::List(items) => (items.as_slice(), None),
            SexpKind::Dotted(items, tail) => (items.as_slice(), Some(&**tail)),
            SexpKind::Sym(_) => (&[][..], Some(s)),
            _ => {
                self.error(s.span, "expected a parameter list");
                return (Vec::new(), None);
            }
        };
        let mut out: Vec<(String, Span)> = Vec::new();
        for p in items.iter().chain(tail) {
            match p.as_sym() {
                Some(n) if out.iter().any(|(m, _)| m == n) => {
                    self.error(p.span, format!("parameter `{n}` appears twice"))
                }
                Some(n) => out.push((n.to_string(), p.span)),
                None => self.error(p.span, "a parameter must be a name"),
            }
        }
        let rest = match tail {
            Some(t) if t.as_sym().is_some() => out.pop(),
            _ => None,
        };
        (out, rest)
    }

    fn lambda(&mut self, span: Span, params: &Sexp, body: &[Sexp]) -> Lambda {
        let (mut params, rest) = self.params(params);
        let fixed = params.len();
        params.extend(rest);
        let mut ids: Vec<VarId> = params.iter().map(|(n, sp)| self.fresh(n, *sp)).collect();
        let mark = self.scopes.len();
        for ((n, _), &v) in params.iter().zip(&ids) {
            self.bind_var(n.clone(), v);
        }
        let rest = (ids.len() > fixed).then(|| ids.pop()).flatten();
        let forms: Vec<&Sexp> = body.iter().collect();
        if forms.is_empty() {
            self.error(span, "a procedure needs a body");
        }
        let body = self.body(&forms, span);
        self.scopes.truncate(mark);
        Lambda { params: ids, rest, body, span }
    }

    fn lambda_form(&mut self, s: &Sexp, args: &[Sexp]) -> Expr {
        let Some(params) = args.first() else {
            self.error(s.span, "`lambda` needs a parameter list and a body");
            return self.void(s.span);
        };
        Expr::Lambda(Box::new(self.lambda(s.span, params, &args[1..])))
    }

    /// `(do ((var init step) ...) (test expr ...) command ...)`: a loop procedure bound by
    /// `letrec` (as a named `let`) that tests, runs the commands and calls itself with the
    /// steps; a variable without a step keeps its value.
    fn do_form(&mut self, s: &Sexp, args: &[Sexp]) -> Expr {
        let (Some(specs), Some(exit)) = (args.first(), args.get(1)) else {
            self.error(
                s.span,
                "`do` needs `((var init step) ...)`, `(test expr ...)` and commands",
            );
            return self.void(s.span);
        };
        let Some(specs) = specs.as_list() else {
            self.error(specs.span, "expected a list of `(var init step)`");
            return self.void(s.span);
        };
        let Some((test, results)) = exit.as_list().and_then(|e| e.split_first()) else {
            self.error(exit.span, "a `do` loop needs an exit clause `(test expr ...)`");
            return self.void(s.span);
        };
        let mut vars: Vec<(String, Span, &Sexp, Option<&Sexp>)> = Vec::new();
        for spec in specs {
            match spec.as_list() {
                Some([name, init, step @ ..]) if name.as_sym().is_some() && step.len() <= 1 => {
                    let n = name.as_sym().unwrap_or_default().to_string();
                    if vars.iter().any(|(m, ..)| *m == n) {
                        self.error(name.span, format!("`do` variable `{n}` appears twice"));
                    }
                    vars.push((n, name.span, init, step.first()))
                }
                _ => self.error(spec.span, "a `do` variable is `(var init)` or `(var init step)`"),
            }
        }
        let inits: Vec<Expr> = vars.iter().map(|(_, _, init, _)| self.expr(init)).collect();
        let loop_var = self.fresh("do-loop", s.span);
        self.vars[loop_var.0 as usize].kind = VarKind::Temporary;
        let mark = self.scopes.len();
        let ids: Vec<VarId> = vars.iter().map(|(n, sp, ..)| self.fresh(n, *sp)).collect();
        for ((n, ..), &v) in vars.iter().zip(&ids) {
            self.bind_var(n.clone(), v);
        }
        let test = self.expr(test);
        let result = self.sequence(results, exit.span);
        let mut commands: Vec<Expr> = args[2..].iter().map(|c| self.expr(c)).collect();
        let steps: Vec<Expr> = vars
            .iter()
            .zip(&ids)
            .map(|((_, sp, _, step), &v)| match step {
                Some(e) => self.expr(e),
                None => Expr::Var(v, *sp),
            })
            .collect();
        self.scopes.truncate(mark);
        commands.push(Expr::App(Box::new(Expr::Var(loop_var, s.span)), steps, s.span));
        let again =
            if commands.len() == 1 { commands.remove(0) } else { Expr::Begin(commands, s.span) };
        let body = Expr::If(Box::new([test, result, again]), s.span);
        let lam = Lambda { params: ids, rest: None, body, span: s.span };
        let f = Expr::Letrec(vec![(loop_var, lam)], Box::new(Expr::Var(loop_var, s.span)), s.span);
        Expr::App(Box::new(f), inits, s.span)
    }

    /// `(tag x)` for a quasiquotation's tags (`quasiquote`, `unquote`, `unquote-splicing`, as
    /// they resolve here): the tag's name and `x`.
    fn quasi_tag(&self, t: &Sexp) -> Option<(String, Sexp)> {
        match t.as_list() {
            Some([tag, x]) => {
                let Resolved::Free(tag) = self.resolve(tag.as_sym()?) else { return None };
                matches!(tag.as_str(), "quasiquote" | "unquote" | "unquote-splicing")
                    .then(|| (tag, x.clone()))
            }
            _ => None,
        }
    }

    /// A quasiquoted template at nesting `depth` (1 for the outermost): like a quoted datum,
    /// except that `,e` evaluates `e` and `,@e` splices the list `e` in (through `append`).
    fn quasi(&mut self, t: &Sexp, depth: usize) -> Expr {
        let prim = |b: Builtin| Box::new(Expr::Prim(Prim::Builtin(b), t.span));
        if let Some((tag, x)) = self.quasi_tag(t) {
            match tag.as_str() {
                "unquote" if depth == 1 => return self.expr(&x),
                "unquote-splicing" if depth == 1 => {
                    self.error(t.span, "`,@` must be inside a list of the template");
                    return self.void(t.span);
                }
                _ => {
                    let inner = if tag == "quasiquote" { depth + 1 } else { depth - 1 };
                    let x = self.quasi(&x, inner);
                    let sym = Expr::Const(Const::Sym(tag), t.span);
                    let nil = Expr::Const(Const::Nil, t.span);
                    let tail = Expr::App(prim(Builtin::Cons), vec![x, nil], t.span);
                    return Expr::App(prim(Builtin::Cons), vec![sym, tail], t.span);
                }
            }
        }
        let (items, tail) = match &t.kind {
            SexpKind::List(items) => (items.as_slice(), None),
            SexpKind::Dotted(items, tail) => (items.as_slice(), Some(&**tail)),
            SexpKind::Vector(items) => {
                if items
                    .iter()
                    .any(|i| self.quasi_tag(i).is_some_and(|(tag, _)| tag == "unquote-splicing"))
                {
                    self.error(t.span, "`,@` inside a vector template is not supported");
                    return self.void(t.span);
                }
                let es = items.iter().map(|i| self.quasi(i, depth)).collect();
                return Expr::App(prim(Builtin::Vector), es, t.span);
            }
            _ => return self.datum(t),
        };
        let mut acc = match tail {
            Some(tl) => self.quasi(tl, depth),
            None => Expr::Const(Const::Nil, t.span),
        };
        for item in items.iter().rev() {
            match self.quasi_tag(item) {
                Some((tag, x)) if tag == "unquote-splicing" && depth == 1 => {
                    let spliced = self.expr(&x);
                    acc = if matches!(acc, Expr::Const(Const::Nil, _)) {
                        spliced
                    } else {
                        let append = self.reference("%append2", item.span);
                        Expr::App(Box::new(append), vec![spliced, acc], item.span)
                    };
                }
                _ => {
                    let car = self.quasi(item, depth);
                    acc = Expr::App(prim(Builtin::Cons), vec![car, acc], t.span);
                }
            }
        }
        acc
    }

    fn if_form(&mut self, s: &Sexp, args: &[Sexp]) -> Expr {
        if !(2..=3).contains(&args.len()) {
            self.error(s.span, "`if` takes a test, a consequent and an optional alternative");
            return self.void(s.span);
        }
        let c = self.expr(&args[0]);
        let t = self.expr(&args[1]);
        let e = match args.get(2) {
            Some(a) => self.expr(a),
            None => self.void(s.span),
        };
        Expr::If(Box::new([c, t, e]), s.span)
    }

    /// `((x e) ...)`: the names and init forms.
    fn bindings<'a>(&mut self, s: &'a Sexp) -> Vec<(String, Span, &'a Sexp)> {
        let Some(items) = s.as_list() else {
            self.error(s.span, "expected a list of bindings `((name value) ...)`");
            return Vec::new();
        };
        let mut out = Vec::new();
        for b in items {
            match b.as_list() {
                Some([name, init]) if name.as_sym().is_some() => {
                    out.push((name.as_sym().unwrap_or_default().to_string(), name.span, init))
                }
                _ => self.error(b.span, "a binding is `(name value)`"),
            }
        }
        out
    }

    fn let_form(&mut self, s: &Sexp, args: &[Sexp]) -> Expr {
        // Named let: (let loop ((x e) ...) body) = ((letrec ((loop (lambda (x ...) body))) loop) e ...)
        if let Some(name) = args.first().and_then(Sexp::as_sym) {
            let Some(bindings) = args.get(1) else {
                self.error(s.span, "a named `let` needs bindings and a body");
                return self.void(s.span);
            };
            let bs = self.bindings(bindings);
            let inits: Vec<Expr> = bs.iter().map(|(_, _, e)| self.expr(e)).collect();
            let loop_var = self.fresh(name, args[0].span);
            self.bind_var(name.to_string(), loop_var);
            let params = Sexp {
                kind: SexpKind::List(
                    bs.iter()
                        .map(|(n, sp, _)| Sexp { kind: SexpKind::Sym(n.clone()), span: *sp })
                        .collect(),
                ),
                span: bindings.span,
            };
            let lam = self.lambda(s.span, &params, &args[2..]);
            self.scopes.pop();
            let f = Expr::Letrec(
                vec![(loop_var, lam)],
                Box::new(Expr::Var(loop_var, args[0].span)),
                s.span,
            );
            return Expr::App(Box::new(f), inits, s.span);
        }
        let Some(bindings) = args.first() else {
            self.error(s.span, "`let` needs bindings and a body");
            return self.void(s.span);
        };
        let bs = self.bindings(bindings);
        let inits: Vec<Expr> = bs.iter().map(|(_, _, e)| self.expr(e)).collect();
        let mark = self.scopes.len();
        let mut pairs = Vec::new();
        for ((n, sp, _), init) in bs.iter().zip(inits) {
            let v = self.fresh(n, *sp);
            pairs.push((v, init));
        }
        for ((n, _, _), (v, _)) in bs.iter().zip(&pairs) {
            self.bind_var(n.clone(), *v);
        }
        let forms: Vec<&Sexp> = args[1..].iter().collect();
        let body = self.body(&forms, s.span);
        self.scopes.truncate(mark);
        if pairs.is_empty() { body } else { Expr::Let(pairs, Box::new(body), s.span) }
    }

    fn let_star_form(&mut self, s: &Sexp, args: &[Sexp]) -> Expr {
        let Some(bindings) = args.first() else {
            self.error(s.span, "`let*` needs bindings and a body");
            return self.void(s.span);
        };
        let bs = self.bindings(bindings);
        let mark = self.scopes.len();
        let mut pairs = Vec::new();
        for (n, sp, init) in &bs {
            let e = self.expr(init);
            let v = self.fresh(n, *sp);
            self.bind_var(n.clone(), v);
            pairs.push((v, e));
        }
        let forms: Vec<&Sexp> = args[1..].iter().collect();
        let mut body = self.body(&forms, s.span);
        self.scopes.truncate(mark);
        for (v, e) in pairs.into_iter().rev() {
            body = Expr::Let(vec![(v, e)], Box::new(body), s.span);
        }
        body
    }

    fn letrec_form(&mut self, s: &Sexp, args: &[Sexp]) -> Expr {
        let Some(bindings) = args.first() else {
            self.error(s.span, "`letrec` needs bindings and a body");
            return self.void(s.span);
        };
        let bs = self.bindings(bindings);
        let mark = self.scopes.len();
        let ids: Vec<VarId> = bs.iter().map(|(n, sp, _)| self.fresh(n, *sp)).collect();
        for ((n, _, _), &v) in bs.iter().zip(&ids) {
            self.bind_var(n.clone(), v);
        }
        let mut lambdas = Vec::new();
        let mut values = Vec::new();
        for ((_, _, init), &v) in bs.iter().zip(&ids) {
            match self.lambda_parts(init) {
                Some((params, body)) => lambdas.push((v, self.lambda(init.span, params, body))),
                None => values.push((v, self.expr(init))),
            }
        }
        let forms: Vec<&Sexp> = args[1..].iter().collect();
        let body = self.body(&forms, s.span);
        self.scopes.truncate(mark);
        if values.is_empty() {
            return Expr::Letrec(lambdas, Box::new(body), s.span);
        }
        // Non-procedure inits: declare, assign in order, then the body.
        let mut seq = Vec::new();
        for (v, e) in values.iter().cloned() {
            self.vars[v.0 as usize].mutable = true;
            seq.push(Expr::Set(v, Box::new(e), s.span));
        }
        seq.push(body);
        let inner = Expr::Letrec(lambdas, Box::new(Expr::Begin(seq, s.span)), s.span);
        let decls = values.iter().map(|(v, _)| (*v, self.void(s.span))).collect();
        Expr::Let(decls, Box::new(inner), s.span)
    }

    fn set_form(&mut self, s: &Sexp, args: &[Sexp]) -> Expr {
        let [target, value] = args else {
            self.error(s.span, "`set!` takes a variable and a value");
            return self.void(s.span);
        };
        let Some(name) = target.as_sym() else {
            self.error(target.span, "`set!` needs a variable");
            return self.void(s.span);
        };
        let value = self.expr(value);
        match self.reference(name, target.span) {
            Expr::Var(v, _) => {
                self.vars[v.0 as usize].mutable = true;
                Expr::Set(v, Box::new(value), s.span)
            }
            Expr::Prim(..) => {
                self.error(target.span, format!("cannot assign the primitive `{name}`"));
                self.void(s.span)
            }
            other => other,
        }
    }

    fn cond_form(&mut self, s: &Sexp, clauses: &[Sexp]) -> Expr {
        let Some((first, rest)) = clauses.split_first() else {
            return self.void(s.span);
        };
        let Some(items) = first.as_list().filter(|i| !i.is_empty()) else {
            self.error(first.span, "a `cond` clause is `(test body ...)`");
            return self.void(s.span);
        };
        if self.is_keyword(&items[0], "else") {
            if !rest.is_empty() {
                self.error(rest[0].span, "`else` must be the last `cond` clause");
            }
            return self.sequence(&items[1..], first.span);
        }
        if items.get(1).is_some_and(|i| self.is_keyword(i, "=>")) {
            // (test => receiver) is (let ((t test)) (if t (receiver t) rest)): the receiver is
            // evaluated only when the test is true, then called on the test's value (R5RS
            // 4.2.1).
            if items.len() != 3 {
                self.error(first.span, "a `cond` clause with `=>` is `(test => receiver)`");
                return self.void(s.span);
            }
            let test = self.expr(&items[0]);
            let receiver = self.expr(&items[2]);
            // A primitive receiver is called directly, as in an application written out, so
            // its arity is checked here (a pure primitive with the wrong number of arguments
            // would otherwise reach the analysis).
            if let Expr::Prim(Prim::Builtin(b), _) = receiver
                && !b.arity().accepts(1)
            {
                self.error(
                    items[2].span,
                    format!("`{}` cannot receive the one value of a `=>` clause", b.name()),
                );
                return self.void(s.span);
            }
            let rest_expr = self.cond_form(s, rest);
            let t = self.fresh("t", first.span);
            self.vars[t.0 as usize].kind = VarKind::Temporary;
            let use_t = Expr::Var(t, items[0].span);
            let call = Expr::App(Box::new(receiver), vec![use_t.clone()], items[2].span);
            let body = Expr::If(Box::new([use_t, call, rest_expr]), first.span);
            return Expr::Let(vec![(t, test)], Box::new(body), first.span);
        }
        let test = self.expr(&items[0]);
        let rest_expr = self.cond_form(s, rest);
        if items.len() == 1 {
            // (cond (test) ...) returns the test's value when it is true.
            let t = self.fresh("t", first.span);
            self.vars[t.0 as usize].kind = VarKind::Temporary;
            let use_t = Expr::Var(t, first.span);
            let body = Expr::If(Box::new([use_t.clone(), use_t, rest_expr]), first.span);
            return Expr::Let(vec![(t, test)], Box::new(body), first.span);
        }
        let body = self.sequence(&items[1..], first.span);
        Expr::If(Box::new([test, body, rest_expr]), first.span)
    }

    fn case_form(&mut self, s: &Sexp, args: &[Sexp]) -> Expr {
        let Some((key, clauses)) = args.split_first() else {
            self.error(s.span, "`case` needs a key and clauses");
            return self.void(s.span);
        };
        let key_expr = self.expr(key);
        let k = self.fresh("key", key.span);
        self.vars[k.0 as usize].kind = VarKind::Temporary;
        let mut acc = self.void(s.span);
        for clause in clauses.iter().rev() {
            let Some(items) = clause.as_list().filter(|i| !i.is_empty()) else {
                self.error(clause.span, "a `case` clause is `((datum ...) body ...)`");
                continue;
            };
            let body = self.sequence(&items[1..], clause.span);
            if self.is_keyword(&items[0], "else") {
                acc = body;
                continue;
            }
            let Some(data) = items[0].as_list() else {
                self.error(items[0].span, "expected a list of data");
                continue;
            };
            let mut test = Expr::Const(Const::Bool(false), clause.span);
            for d in data.iter().rev() {
                let lit = self.datum(d);
                let eqv = Expr::App(
                    Box::new(Expr::Prim(Prim::Builtin(Builtin::EqvP), d.span)),
                    vec![Expr::Var(k, key.span), lit],
                    d.span,
                );
                test =
                    Expr::If(Box::new([eqv, Expr::Const(Const::Bool(true), d.span), test]), d.span);
            }
            acc = Expr::If(Box::new([test, body, acc]), clause.span);
        }
        Expr::Let(vec![(k, key_expr)], Box::new(acc), s.span)
    }

    fn and_form(&mut self, s: &Sexp, args: &[Sexp]) -> Expr {
        match args {
            [] => Expr::Const(Const::Bool(true), s.span),
            [only] => self.expr(only),
            [first, rest @ ..] => {
                let c = self.expr(first);
                let r = self.and_form(s, rest);
                Expr::If(Box::new([c, r, Expr::Const(Const::Bool(false), s.span)]), s.span)
            }
        }
    }

    fn or_form(&mut self, s: &Sexp, args: &[Sexp]) -> Expr {
        match args {
            [] => Expr::Const(Const::Bool(false), s.span),
            [only] => self.expr(only),
            [first, rest @ ..] => {
                let c = self.expr(first);
                let r = self.or_form(s, rest);
                let t = self.fresh("t", first.span);
                self.vars[t.0 as usize].kind = VarKind::Temporary;
                let use_t = Expr::Var(t, first.span);
                let body = Expr::If(Box::new([use_t.clone(), use_t, r]), s.span);
                Expr::Let(vec![(t, c)], Box::new(body), s.span)
            }
        }
    }

    /// True for `(define name literal)`: a number, string, boolean or quoted datum.
    fn defines_literal(&self, f: &Sexp) -> bool {
        let Some([head, name, init]) = f.as_list() else { return false };
        self.is_keyword(head, "define")
            && name.as_sym().is_some()
            && match &init.kind {
                SexpKind::Int(_) | SexpKind::Str(_) | SexpKind::Bool(_) | SexpKind::Char(_) => true,
                SexpKind::List(q) => q.len() == 2 && self.is_keyword(&q[0], "quote"),
                _ => false,
            }
    }

    /// `(lambda params body ...)` as (params, body).
    fn lambda_parts<'a>(&self, s: &'a Sexp) -> Option<(&'a Sexp, &'a [Sexp])> {
        let items = s.as_list()?;
        let head = items.first()?;
        (self.is_keyword(head, "lambda") || self.is_keyword(head, "λ"))
            .then(|| Some((items.get(1)?, &items[2..])))
            .flatten()
    }

    /// A macro use as an expression: its expansion, expanded.
    fn macro_expr(&mut self, m: usize, s: &Sexp) -> Expr {
        let Some(out) = self.expand_use(m, s, self.macro_depth) else {
            return self.void(s.span);
        };
        self.macro_depth += 1;
        let e = self.expr(&out);
        self.macro_depth -= 1;
        e
    }

    /// A body's forms with the macro uses at their heads expanded (until the head is not a
    /// macro), non-empty `begin`s spliced (R5RS 5.2.2, so a macro may write several
    /// definitions) and `define-syntax` forms read: their macros are put in scope for the forms
    /// after them and listed in `macros`.
    fn scan_body(&mut self, forms: &[&Sexp], macros: &mut Vec<usize>) -> Vec<Sexp> {
        let mut out = Vec::new();
        // A stack of forms still to look at (the next on top), with their expansion depth.
        let mut work: Vec<(Sexp, usize)> =
            forms.iter().rev().map(|f| ((*f).clone(), self.macro_depth)).collect();
        while let Some((f, depth)) = work.pop() {
            self.note_prelude_form(&f);
            if let Some(m) = self.head_macro(&f) {
                if let Some(e) = self.expand_use(m, &f, depth) {
                    work.push((e, depth + 1));
                }
                continue;
            }
            match (self.head_keyword(&f).as_deref(), f.as_list()) {
                (Some("begin"), Some(items)) if items.len() > 1 => {
                    work.extend(items[1..].iter().rev().map(|i| (i.clone(), depth)));
                }
                (Some("define-syntax"), _) => macros.extend(self.define_syntax(&f)),
                (Some("define-record-type"), _) => {
                    if let Some(defs) = self.record_definitions(&f) {
                        work.push((defs, depth));
                    }
                }
                _ => out.push(f),
            }
        }
        if self.body_depth == 1 {
            self.in_prelude = false;
        }
        out
    }

    /// At the program's top level, notes whether form `f` is the prelude's (see
    /// [`Expander::in_prelude`]); the forms inside it are expanded before the next one.
    fn note_prelude_form(&mut self, f: &Sexp) {
        if self.body_depth == 1 {
            self.in_prelude = Some(f.span.file) == self.prelude_file;
        }
    }

    /// `(define-record-type <name> (ctor field ...) pred? (field accessor [modifier]) ...)`
    /// (R7RS 5.5, SRFI 9) as the `begin` of the definitions it stands for, spliced into the
    /// body like a macro's. Records are a value kind of their own in ΓCFA (`Value::Record`),
    /// not a desugaring into vectors or closures: a vector or a closure would answer `#t` to
    /// `vector?` or `procedure?`, which a real record never does, so the analysis would follow
    /// branches no run takes (or, worse, skip the ones it takes when a program dispatches on
    /// `vector?` first). The procedures are written with four primitives:
    ///
    /// ```text
    /// (define (ctor field ...) (%make-record 'TAG value-of-field-1 ... value-of-field-n))
    /// (define (pred? obj) (%record? obj 'TAG))
    /// (define (accessor obj) (%record-ref obj 'TAG i))
    /// (define (modifier obj value) (%record-set! obj 'TAG i value))
    /// ```
    ///
    /// TAG is a symbol `#<record-type:NAME:N>` no reader can write (`#<` is refused), unique
    /// per form, so two record types (even of the same name) never share instances. A field
    /// the constructor does not take starts as the unspecified value (void). The type name is
    /// bound, as R7RS binds it, to the type's descriptor: a record of a type of its own
    /// (`#<record-type-descriptor>`) holding the type's tag,
    ///
    /// ```text
    /// (define <name> (%make-record '#<record-type-descriptor> 'TAG))
    /// ```
    ///
    /// so it is a value distinct from every other (no type predicate is true of it, it is
    /// `eq?` only to itself) and a program that passes it around is analysed, not refused.
    fn record_definitions(&mut self, f: &Sexp) -> Option<Sexp> {
        let sp = f.span;
        let items = match f.as_list() {
            Some(items) if items.len() >= 4 => items,
            _ => {
                self.error(sp, RECORD_SHAPE);
                return None;
            }
        };
        let (type_name, ctor, pred, specs) = (&items[1], &items[2], &items[3], &items[4..]);
        let Some(type_name) = type_name.as_sym() else {
            self.error(
                type_name.span,
                format!("the record type's name must be a name; {RECORD_SHAPE}"),
            );
            return None;
        };
        // The fields in declaration order, with their accessor and modifier.
        let mut fields: Vec<(&Sexp, &Sexp, Option<&Sexp>)> = Vec::new();
        for spec in specs {
            match spec.as_list() {
                Some([field, accessor, rest @ ..])
                    if rest.len() <= 1
                        && field.as_sym().is_some()
                        && accessor.as_sym().is_some()
                        && rest.iter().all(|m| m.as_sym().is_some()) =>
                {
                    if fields.iter().any(|(g, _, _)| g.as_sym() == field.as_sym()) {
                        self.error(
                            field.span,
                            format!("field `{}` is declared twice", base_name(field.as_sym()?)),
                        );
                        return None;
                    }
                    fields.push((field, accessor, rest.first()));
                }
                _ => {
                    self.error(
                        spec.span,
                        format!(
                            "a field is (<field> <accessor>) or (<field> <accessor> <modifier>); \
                             {RECORD_SHAPE}"
                        ),
                    );
                    return None;
                }
            }
        }
        let (ctor_name, ctor_fields) = match ctor.as_list() {
            Some([name, params @ ..])
                if name.as_sym().is_some() && params.iter().all(|p| p.as_sym().is_some()) =>
            {
                (name, params)
            }
            _ => {
                self.error(
                    ctor.span,
                    format!(
                        "the constructor is (<constructor> <field> ...), its name and the fields \
                         it takes; {RECORD_SHAPE}"
                    ),
                );
                return None;
            }
        };
        for (i, p) in ctor_fields.iter().enumerate() {
            let name = p.as_sym()?;
            if !fields.iter().any(|(g, _, _)| g.as_sym() == Some(name)) {
                self.error(
                    p.span,
                    format!("the constructor takes `{}`, which is not a field", base_name(name)),
                );
                return None;
            }
            if ctor_fields[..i].iter().any(|q| q.as_sym() == Some(name)) {
                self.error(p.span, format!("the constructor takes `{}` twice", base_name(name)));
                return None;
            }
        }
        if pred.as_sym().is_none() {
            self.error(pred.span, format!("the predicate must be a name; {RECORD_SHAPE}"));
            return None;
        }
        self.alias_count += 1;
        let tag = format!("#<record-type:{}:{}>", base_name(type_name), self.alias_count);
        let sym = |name: &str, span: Span| Sexp { kind: SexpKind::Sym(name.to_string()), span };
        let quoted_tag = list(vec![self.core_sym("quote", sp), sym(&tag, sp)], sp);
        let mut out = vec![self.core_sym("begin", sp)];
        // (define <name> (%make-record '#<record-type-descriptor> 'TAG)), unless the form
        // names one of its procedures like the type (`(define-record-type point (point x)
        // ...)`): the procedure keeps the name, as it did before the name was bound.
        let names_a_procedure = std::iter::once(ctor_name)
            .chain(std::iter::once(pred))
            .chain(fields.iter().flat_map(|(_, a, m)| std::iter::once(*a).chain(*m)))
            .any(|p| p.as_sym() == Some(type_name));
        if !names_a_procedure {
            let descriptor_tag =
                list(vec![self.core_sym("quote", sp), sym(RECORD_DESCRIPTOR_TAG, sp)], sp);
            let descriptor = list(
                vec![self.core_sym("%make-record", sp), descriptor_tag, quoted_tag.clone()],
                sp,
            );
            out.push(list(vec![self.core_sym("define", sp), items[1].clone(), descriptor], sp));
        }
        // (define (ctor p ...) (%make-record 'TAG v ...))
        let mut make = vec![self.core_sym("%make-record", sp), quoted_tag.clone()];
        for (field, _, _) in &fields {
            match ctor_fields.iter().find(|p| p.as_sym() == field.as_sym()) {
                Some(p) => make.push(p.clone()),
                None => make.push(list(vec![self.core_sym("void", sp)], sp)),
            }
        }
        let mut head = vec![ctor_name.clone()];
        head.extend(ctor_fields.iter().cloned());
        out.push(list(vec![self.core_sym("define", sp), list(head, sp), list(make, sp)], sp));
        // The parameters of the other procedures are fresh renamed symbols: nothing the user
        // wrote can capture or be captured by them.
        let obj = sym(&self.alias("obj", AliasEnv::TopLevel), sp);
        let value = sym(&self.alias("value", AliasEnv::TopLevel), sp);
        let test = list(vec![self.core_sym("%record?", sp), obj.clone(), quoted_tag.clone()], sp);
        let head = list(vec![pred.clone(), obj.clone()], sp);
        out.push(list(vec![self.core_sym("define", sp), head, test], sp));
        for (i, (_, accessor, modifier)) in fields.iter().enumerate() {
            let index = Sexp { kind: SexpKind::Int(i as i64), span: sp };
            let get = list(
                vec![
                    self.core_sym("%record-ref", sp),
                    obj.clone(),
                    quoted_tag.clone(),
                    index.clone(),
                ],
                // At the accessor's name: where a warning about its argument points.
                accessor.span,
            );
            let head = list(vec![(*accessor).clone(), obj.clone()], sp);
            out.push(list(vec![self.core_sym("define", sp), head, get], sp));
            if let Some(modifier) = modifier {
                let set = list(
                    vec![
                        self.core_sym("%record-set!", sp),
                        obj.clone(),
                        quoted_tag.clone(),
                        index,
                        value.clone(),
                    ],
                    modifier.span,
                );
                let head = list(vec![(*modifier).clone(), obj.clone(), value.clone()], sp);
                out.push(list(vec![self.core_sym("define", sp), head, set], sp));
            }
        }
        Some(list(out, sp))
    }

    /// `(define-syntax name (syntax-rules ...))`: the macro, put in scope.
    fn define_syntax(&mut self, f: &Sexp) -> Option<usize> {
        let Some([_, name, spec]) = f.as_list() else {
            self.error(f.span, "`define-syntax` is `(define-syntax name (syntax-rules ...))`");
            return None;
        };
        let Some(key) = name.as_sym() else {
            self.error(name.span, "a macro's name must be a name");
            return None;
        };
        let rules = self.transformer(key, spec)?;
        let m = self.macros.len();
        // Its own name is in its environment: a macro may use itself.
        let env = self.scopes.len() + 1;
        self.macros.push(MacroDef { name: base_name(key).to_string(), rules, env });
        self.bind_macro(key.to_string(), m);
        Some(m)
    }

    /// A macro's transformer: only `syntax-rules`.
    fn transformer(&mut self, key: &str, spec: &Sexp) -> Option<SyntaxRules> {
        let name = base_name(key);
        let items = spec
            .as_list()
            .filter(|i| i.first().is_some_and(|h| self.is_keyword(h, "syntax-rules")));
        let Some(items) = items else {
            self.error(
                spec.span,
                format!(
                    "the transformer of `{name}` must be `(syntax-rules ...)` (other transformers \
                     are not supported)"
                ),
            );
            return None;
        };
        match SyntaxRules::parse(name, &items[1..], spec.span) {
            Ok(rules) => Some(rules),
            Err((span, message)) => {
                self.error(span, message);
                None
            }
        }
    }

    /// `(let-syntax ((name (syntax-rules ...)) ...) body ...)`, and `letrec-syntax`, whose
    /// macros see each other (those of `let-syntax` see the scope around the form).
    fn let_syntax_form(&mut self, s: &Sexp, form: &str, args: &[Sexp]) -> Expr {
        let Some(bindings) = args.first().and_then(Sexp::as_list) else {
            self.error(
                s.span,
                format!("`{form}` needs bindings `((name (syntax-rules ...)) ...)`"),
            );
            return self.void(s.span);
        };
        let mark = self.scopes.len();
        let mut parsed = Vec::new();
        for b in bindings {
            match b.as_list() {
                Some([name, spec]) if name.as_sym().is_some() => {
                    let key = name.as_sym().unwrap_or_default().to_string();
                    if let Some(rules) = self.transformer(&key, spec) {
                        parsed.push((key, rules));
                    }
                }
                _ => self.error(b.span, "a syntax binding is `(name (syntax-rules ...))`"),
            }
        }
        let env = if form == "letrec-syntax" { mark + parsed.len() } else { mark };
        for (key, rules) in parsed {
            let m = self.macros.len();
            self.macros.push(MacroDef { name: base_name(&key).to_string(), rules, env });
            self.bind_macro(key, m);
        }
        let forms: Vec<&Sexp> = args[1..].iter().collect();
        if forms.is_empty() {
            self.error(s.span, format!("`{form}` needs a body"));
        }
        let body = self.body(&forms, s.span);
        self.scopes.truncate(mark);
        body
    }

    /// `(receive formals expression body ...)` (SRFI 8) is
    /// `(call-with-values (lambda () expression) (lambda formals body ...))`.
    fn receive_form(&mut self, s: &Sexp, args: &[Sexp]) -> Expr {
        let [formals, producer, body @ ..] = args else {
            self.error(s.span, "`receive` is `(receive formals expression body ...)`");
            return self.void(s.span);
        };
        let sp = s.span;
        let thunk = self.thunk(producer, sp);
        let mut consumer = vec![self.core_sym("lambda", sp), formals.clone()];
        consumer.extend(body.iter().cloned());
        let call = list(vec![self.core_sym("call-with-values", sp), thunk, list(consumer, sp)], sp);
        self.expr(&call)
    }

    /// `(lambda () e)`.
    fn thunk(&mut self, e: &Sexp, span: Span) -> Sexp {
        list(vec![self.core_sym("lambda", span), list(Vec::new(), span), e.clone()], span)
    }

    /// `(let-values (((formal ...) expression) ...) body ...)` (R7RS 4.2.2) is nested
    /// `call-with-values` whose consumers bind fresh names, then a `let` of the formals to
    /// them (every expression is evaluated outside all the formals); `let*-values` nests the
    /// consumers over the formals themselves.
    fn let_values_form(&mut self, s: &Sexp, form: &str, args: &[Sexp]) -> Expr {
        let sp = s.span;
        let mut clauses: Vec<(&Sexp, &Sexp)> = Vec::new();
        let well_formed = match args.first().and_then(Sexp::as_list) {
            Some(cs) if args.len() > 1 => cs.iter().all(|c| match c.as_list() {
                Some([formals, e]) => {
                    clauses.push((formals, e));
                    true
                }
                _ => false,
            }),
            _ => false,
        };
        if !well_formed {
            self.error(sp, format!("`{form}` is `({form} ((formals expression) ...) body ...)`"));
            return self.void(sp);
        };
        let sequential = form == "let*-values";
        let mut lets = Vec::new();
        let mut layers = Vec::new();
        for (formals, e) in clauses {
            let bound =
                if sequential { formals.clone() } else { self.rename_formals(formals, &mut lets) };
            layers.push((bound, e.clone()));
        }
        let mut acc = vec![self.core_sym("let", sp), list(lets, sp)];
        acc.extend(args[1..].iter().cloned());
        let mut acc = list(acc, sp);
        for (bound, e) in layers.into_iter().rev() {
            let thunk = self.thunk(&e, sp);
            let consumer = list(vec![self.core_sym("lambda", sp), bound, acc], sp);
            acc = list(vec![self.core_sym("call-with-values", sp), thunk, consumer], sp);
        }
        self.expr(&acc)
    }

    /// `formals` with every name replaced by a fresh one; `(name fresh)` bindings are added to
    /// `lets`.
    fn rename_formals(&mut self, formals: &Sexp, lets: &mut Vec<Sexp>) -> Sexp {
        let kind = match &formals.kind {
            SexpKind::Sym(n) => {
                let fresh = self.alias(n, AliasEnv::TopLevel);
                let fresh = Sexp { kind: SexpKind::Sym(fresh), span: formals.span };
                lets.push(list(vec![formals.clone(), fresh.clone()], formals.span));
                return fresh;
            }
            SexpKind::List(items) => {
                SexpKind::List(items.iter().map(|i| self.rename_formals(i, lets)).collect())
            }
            SexpKind::Dotted(items, tail) => SexpKind::Dotted(
                items.iter().map(|i| self.rename_formals(i, lets)).collect(),
                Box::new(self.rename_formals(tail, lets)),
            ),
            // Not a name: left for `lambda` to refuse.
            _ => formals.kind.clone(),
        };
        Sexp { kind, span: formals.span }
    }

    /// A body: definitions and expressions with `letrec*` scoping (see the module comment).
    fn body(&mut self, forms: &[&Sexp], span: Span) -> Expr {
        self.body_depth += 1;
        let e = self.body_inner(forms, span);
        self.body_depth -= 1;
        e
    }

    fn body_inner(&mut self, forms: &[&Sexp], span: Span) -> Expr {
        // Pass 0: macro uses at the head of a form are expanded, to find the definitions they
        // write; `begin`s are spliced; macro definitions are read and put in scope.
        let mark = self.scopes.len();
        let mut body_macros = Vec::new();
        let scanned = self.scan_body(forms, &mut body_macros);
        // Pass 1: the names defined, so that every form sees all of them. Definitions of
        // literal values move to the front: evaluating a literal has no effect and needs no
        // other name, and a procedure may then use the value without making it mutable.
        let mut defs: Vec<Option<Def<'_>>> = Vec::with_capacity(scanned.len());
        let (literal, others): (Vec<&Sexp>, Vec<&Sexp>) =
            scanned.iter().partition(|f| self.defines_literal(f));
        let forms: Vec<&Sexp> = literal.into_iter().chain(others).collect();
        let forms = forms.as_slice();
        for f in forms {
            defs.push(self.definition(f));
        }
        let keyed: Vec<(VarId, String)> = defs
            .iter()
            .flatten()
            .map(|d| match d {
                Def::Procedure { var, key, .. } | Def::Value(var, key, _) => (*var, key.clone()),
            })
            .collect();
        let defined: Vec<VarId> = keyed.iter().map(|(v, _)| *v).collect();
        for (v, key) in keyed {
            self.bind_var(key, v);
        }
        // The body's macros see its definitions; the program's top-level names are where
        // derived forms resolve theirs.
        for m in body_macros {
            self.macros[m].env = self.scopes.len();
        }
        if self.body_depth == 1 {
            self.top_env = self.scopes.len();
        }
        self.frames.push(Frame {
            first_use: vec![usize::MAX; defined.len()],
            defined: defined.clone(),
            current: 0,
        });
        // Pass 2: expand every form, noting which form first mentions each defined name.
        enum Item {
            Proc(VarId, Lambda),
            Value(VarId, Expr),
            Expr(Expr),
        }
        let mut items = Vec::with_capacity(forms.len());
        for (i, (f, d)) in forms.iter().zip(&defs).enumerate() {
            if let Some(frame) = self.frames.last_mut() {
                frame.current = i;
            }
            self.note_prelude_form(f);
            items.push(match d {
                Some(Def::Procedure { var, params, body, span, .. }) => {
                    Item::Proc(*var, self.lambda(*span, params, body))
                }
                Some(Def::Value(v, _, init)) => {
                    let e = match init {
                        Some(init) => self.expr(init),
                        None => self.void(f.span),
                    };
                    Item::Value(*v, e)
                }
                None => Item::Expr(self.expr(f)),
            });
        }
        if self.body_depth == 1 {
            self.in_prelude = false;
        }
        let frame = self.frames.pop().unwrap_or(Frame {
            defined: Vec::new(),
            current: 0,
            first_use: Vec::new(),
        });
        self.scopes.truncate(mark);
        // Where each name becomes bound: a procedure at the start of its run of procedure
        // definitions, a value just after its definition.
        let mut bound_at = vec![0usize; items.len()];
        let mut run_start = None;
        for (i, item) in items.iter().enumerate() {
            match item {
                Item::Proc(..) => {
                    let start = *run_start.get_or_insert(i);
                    bound_at[i] = start;
                }
                Item::Value(..) => {
                    run_start = None;
                    bound_at[i] = i + 1;
                }
                Item::Expr(_) => run_start = None,
            }
        }
        let mut hoisted: Vec<VarId> = Vec::new();
        let mut def_index = 0;
        for (i, item) in items.iter().enumerate() {
            if let Item::Proc(v, _) | Item::Value(v, _) = item {
                if frame.first_use[def_index] < bound_at[i] {
                    hoisted.push(*v);
                    self.vars[v.0 as usize].mutable = true;
                }
                def_index += 1;
            }
        }
        // Build from the end.
        let mut acc: Option<Expr> = None;
        let mut pending_procs: Vec<(VarId, Lambda)> = Vec::new();
        let wrap_procs = |procs: &mut Vec<(VarId, Lambda)>, acc: Option<Expr>, void: Expr| {
            if procs.is_empty() {
                return acc;
            }
            procs.reverse();
            let body = acc.unwrap_or(void);
            Some(Expr::Letrec(std::mem::take(procs), Box::new(body), span))
        };
        for item in items.into_iter().rev() {
            match item {
                Item::Proc(v, lam) if hoisted.contains(&v) => {
                    acc = wrap_procs(&mut pending_procs, acc, self.void(span));
                    let set = Expr::Set(v, Box::new(Expr::Lambda(Box::new(lam))), span);
                    acc = Some(seq(set, acc));
                }
                Item::Proc(v, lam) => pending_procs.push((v, lam)),
                Item::Value(v, e) => {
                    acc = wrap_procs(&mut pending_procs, acc, self.void(span));
                    if hoisted.contains(&v) {
                        acc = Some(seq(Expr::Set(v, Box::new(e), span), acc));
                    } else {
                        let body = acc.unwrap_or_else(|| self.void(span));
                        acc = Some(Expr::Let(vec![(v, e)], Box::new(body), span));
                    }
                }
                Item::Expr(e) => {
                    acc = wrap_procs(&mut pending_procs, acc, self.void(span));
                    acc = Some(seq(e, acc));
                }
            }
        }
        acc = wrap_procs(&mut pending_procs, acc, self.void(span));
        let mut body = acc.unwrap_or_else(|| self.void(span));
        if !hoisted.is_empty() {
            let decls = hoisted.iter().map(|&v| (v, self.void(span))).collect();
            body = Expr::Let(decls, Box::new(body), span);
        }
        body
    }

    /// If `f` is a definition, makes its variable (not yet in scope) and returns it.
    fn definition<'a>(&mut self, f: &'a Sexp) -> Option<Def<'a>> {
        let items = f.as_list()?;
        if !self.is_keyword(items.first()?, "define") {
            return None;
        }
        match items.get(1).map(|t| &t.kind) {
            // (define (f x ...) body ...)
            Some(SexpKind::List(head)) if head.first().and_then(Sexp::as_sym).is_some() => {
                let name = head[0].as_sym().unwrap_or_default();
                let var = self.fresh(name, head[0].span);
                self.note_prelude(var, f.span);
                let params = Sexp { kind: SexpKind::List(head[1..].to_vec()), span: items[1].span };
                let key = name.to_string();
                Some(Def::Procedure { var, key, params, body: &items[2..], span: f.span })
            }
            // (define (f a . rest) body ...)
            Some(SexpKind::Dotted(head, tail)) if head.first().and_then(Sexp::as_sym).is_some() => {
                let name = head[0].as_sym().unwrap_or_default();
                let var = self.fresh(name, head[0].span);
                self.note_prelude(var, f.span);
                let kind = if head.len() == 1 {
                    tail.kind.clone()
                } else {
                    SexpKind::Dotted(head[1..].to_vec(), tail.clone())
                };
                let params = Sexp { kind, span: items[1].span };
                let key = name.to_string();
                Some(Def::Procedure { var, key, params, body: &items[2..], span: f.span })
            }
            Some(SexpKind::Sym(name)) => {
                if items.len() > 3 {
                    self.error(f.span, "`(define name value)` takes one value");
                }
                let v = self.fresh(name, items[1].span);
                self.note_prelude(v, f.span);
                match items.get(2).map(|init| (init, self.lambda_parts(init))) {
                    Some((init, Some((params, body)))) => Some(Def::Procedure {
                        var: v,
                        key: name.clone(),
                        params: params.clone(),
                        body,
                        span: init.span,
                    }),
                    _ => Some(Def::Value(v, name.clone(), items.get(2))),
                }
            }
            _ => {
                self.error(
                    f.span,
                    "expected `(define name value)` or `(define (name arg ...) body ...)`",
                );
                None
            }
        }
    }
}

/// The character a `#\\...` token names: `#\\a`, R5RS's `#\\space` and `#\\newline`, and the
/// common `#\\tab`, `#\\nul`, `#\\xHH`.
fn char_literal(t: &str) -> Option<char> {
    let body = t.strip_prefix("#\\")?;
    let mut chars = body.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        return Some(c);
    }
    Some(match body.to_ascii_lowercase().as_str() {
        "space" => ' ',
        "newline" | "linefeed" => '\n',
        "tab" => '\t',
        "nul" | "null" => '\0',
        "return" => '\r',
        "alarm" => '\x07',
        "backspace" => '\x08',
        "delete" | "rubout" => '\x7f',
        "escape" | "altmode" => '\x1b',
        hex if hex.starts_with('x') && hex.len() > 1 => {
            char::from_u32(u32::from_str_radix(&hex[1..], 16).ok()?)?
        }
        _ => return None,
    })
}

/// A proper list of `items`.
fn list(items: Vec<Sexp>, span: Span) -> Sexp {
    Sexp { kind: SexpKind::List(items), span }
}

/// `e` then `rest` as a sequence (flattening nested `begin`s made here).
fn seq(e: Expr, rest: Option<Expr>) -> Expr {
    match rest {
        None => e,
        Some(Expr::Begin(mut es, sp)) => {
            es.insert(0, e);
            Expr::Begin(es, sp)
        }
        Some(r) => {
            let sp = e.span().to(r.span());
            Expr::Begin(vec![e, r], sp)
        }
    }
}

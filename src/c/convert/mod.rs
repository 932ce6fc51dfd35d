//! From `lang-c`'s syntax tree to craig's C tree ([`ast`](super::ast)): names resolved
//! (typedefs, enumeration constants), types read, `switch` turned into jumps, and every
//! construct craig cannot give a meaning to refused where the program uses it.
//!
//! # What is read, and what is refused where
//!
//! A file is its functions, globals and everything its headers declare. Declarations from
//! headers (typedefs, prototypes, `extern` variables, `static inline` functions, structs,
//! enums, attributes) are read and cost nothing unless the program names them. A function is
//! part of the program when `main` reaches it through calls (every function of the user's file
//! when it has no `main`); a refusal in such a function is an error. A function of the user's
//! file that the program does not reach and cannot be read is left out with a warning (and a
//! call to it is refused by name); one from a header is dropped. A global of a type craig
//! cannot read (a struct, a pointer to a pointer) is refused at its first use.
//!
//! This module names only the C tree, the parse text and `syntax`: it knows no IR.

mod arrays;
mod expressions;
mod layout;
mod statements;
mod types;

use std::collections::{BTreeMap, BTreeSet};

use lang_c::ast as c;
use lang_c::span::Node;

use super::ast::*;
use super::builtin::is_builtin_function;
use super::parse::Unreadable;
use super::source::ParseText;
use crate::syntax::{Diagnostic, Span, has_errors};

pub use types::Refusal;

/// The note of refusals of memory: what the C of today's craig has instead.
pub(super) const NO_MEMORY: &str = "craig's memory model holds integer scalars, pointers \
     (to data and to functions), structs, fixed-size arrays, strings and heap objects";

/// Expressions nested deeper than this (a long chain `a + b + ...` is nested on its left) are
/// refused: the lowering and the engines recurse over them.
const MAX_EXPRESSION_DEPTH: usize = 1000;

/// Converts a parsed file. Returns the tree and every diagnostic.
pub fn convert(
    unit: &c::TranslationUnit,
    unreadable: &[Unreadable],
    text: &ParseText,
    model: DataModel,
) -> (TranslationUnit, Vec<Diagnostic>) {
    let mut converter = Converter::new(text);
    converter.unit.data_model = model;
    for u in unreadable.iter().filter(|u| u.in_header) {
        if let Some(name) = &u.name {
            let span = text.span(u.offset, u.offset);
            converter.unreadable.insert(
                name.clone(),
                Refusal::new(
                    span,
                    format!("the declaration of `{name}` in a header could not be read"),
                    "craig's C parser stopped at it; the program can use it only if it parses",
                ),
            );
        }
    }
    let mut definitions = Vec::new();
    for item in &unit.0 {
        let in_header = text.in_header(item.span.start);
        match &item.node {
            c::ExternalDeclaration::Declaration(d) => {
                converter.top_declaration(d, in_header);
            }
            c::ExternalDeclaration::FunctionDefinition(f) => {
                if let Some(d) = converter.function_definition(f, in_header) {
                    definitions.push(d);
                }
            }
            c::ExternalDeclaration::StaticAssert(_) => {}
        }
    }
    converter.finish(definitions)
}

/// A converted function definition with what converting it found.
struct Definition {
    name: Ident,
    in_header: bool,
    function: Option<Function>,
    diagnostics: Vec<Diagnostic>,
    calls: BTreeSet<String>,
}

/// A statement that `break` leaves.
enum Breakable {
    Loop,
    /// A `switch`, left by jumping to the label.
    Switch(String),
}

/// The cases of the `switch` being converted: each label with its condition on the value.
struct SwitchCases {
    /// The variable holding the value.
    value: String,
    /// `(label, condition)` in source order; the condition is `None` for `default`.
    cases: Vec<(Ident, Option<Expr>)>,
}

struct Converter<'t> {
    text: &'t ParseText,
    /// What each typedef name means.
    typedefs: BTreeMap<String, Result<CType, Refusal>>,
    /// Enumeration constants and their values.
    enum_constants: BTreeMap<String, rug::Integer>,
    /// Struct and union tags and the types they name.
    struct_tags: BTreeMap<String, StructId>,
    /// Structs craig cannot lay out, refused where used.
    struct_refusals: BTreeMap<StructId, Refusal>,
    /// Globals of types craig cannot read, refused where used.
    refused_globals: BTreeMap<String, Refusal>,
    /// Names declared by header items the parser could not read.
    unreadable: BTreeMap<String, Refusal>,
    /// The tree being built.
    unit: TranslationUnit,
    /// Diagnostics of the current function or item.
    diags: Vec<Diagnostic>,
    /// Diagnostics that belong to the file rather than to one function (globals).
    file_diags: Vec<Diagnostic>,
    /// Local names in scope, innermost last (they shadow enumeration constants and globals);
    /// a `static` local maps to the global that holds it.
    scopes: Vec<BTreeMap<String, Option<String>>>,
    /// The row sizes of the multi-dimensional arrays declared so far.
    rows: arrays::RowSizes,
    /// The function being converted, which names its `static` locals.
    function: String,
    /// Functions called by the current function (or whose address it takes).
    calls: BTreeSet<String>,
    /// Functions whose address the globals' initialisers take: reached like `main`.
    global_calls: BTreeSet<String>,
    /// Enclosing loops and switches, innermost last.
    breakable: Vec<Breakable>,
    /// Enclosing switches' cases, innermost last.
    switches: Vec<SwitchCases>,
    /// Counter for the names of the current function's generated labels and temporaries.
    fresh: usize,
    /// Depth of the expression being converted.
    depth: usize,
}

impl<'t> Converter<'t> {
    fn new(text: &'t ParseText) -> Converter<'t> {
        Converter {
            text,
            typedefs: BTreeMap::new(),
            enum_constants: BTreeMap::new(),
            struct_tags: BTreeMap::new(),
            struct_refusals: BTreeMap::new(),
            refused_globals: BTreeMap::new(),
            unreadable: BTreeMap::new(),
            unit: TranslationUnit::default(),
            diags: Vec::new(),
            file_diags: Vec::new(),
            scopes: Vec::new(),
            rows: arrays::RowSizes::default(),
            function: String::new(),
            calls: BTreeSet::new(),
            global_calls: BTreeSet::new(),
            breakable: Vec::new(),
            switches: Vec::new(),
            fresh: 0,
            depth: 0,
        }
    }

    fn span<T>(&self, node: &Node<T>) -> Span {
        self.text.span(node.span.start, node.span.end)
    }

    fn ident(&self, node: &Node<c::Identifier>) -> Ident {
        Ident { name: node.node.name.clone(), span: self.span(node) }
    }

    fn refuse(&mut self, refusal: &Refusal) {
        self.diags.push(refusal.diagnostic());
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diags.push(Diagnostic::error(span, message));
    }

    /// A top-level declaration: typedefs, prototypes, globals, or only types.
    fn top_declaration(&mut self, d: &Node<c::Declaration>, in_header: bool) {
        let storage = types::storage(&d.node.specifiers);
        let base = self.base_type(&d.node.specifiers);
        if storage.typedef {
            for init in &d.node.declarators {
                let shape = types::declarator_shape(&init.node.declarator, self.text);
                if let Some(name) = &shape.name {
                    let meaning = self.declared_type(&base, &shape).map(|(ty, _)| ty);
                    self.typedefs.insert(name.name.clone(), meaning);
                }
            }
            return;
        }
        for init in &d.node.declarators {
            let shape = types::declarator_shape(&init.node.declarator, self.text);
            let Some(name) = shape.name.clone() else { continue };
            if shape.declares_function() {
                if !is_builtin_function(&name.name)
                    && !self.unit.prototypes.iter().any(|p| p.name == name.name)
                {
                    if let Some(signature) = self.prototype(&base, &shape, &name) {
                        self.unit.externs.push(signature);
                    }
                    self.unit.prototypes.push(name);
                }
                continue;
            }
            // A declaration without definition: a use of a variable defined nowhere in the
            // file is the lowering's unknown variable.
            if storage.extern_ && (init.node.initializer.is_none() || in_header) {
                continue;
            }
            match self.declared_variable_type(&base, &shape) {
                Ok((ty, array, rows)) => {
                    let written = init.node.initializer.as_ref();
                    let span = self.span(init);
                    let init = written.map(|i| self.initializer(i));
                    let (array, init) = if rows.is_empty() {
                        let array = self.array_size(array, written);
                        let init = init.map(|i| self.flat_fields(ty, array, i));
                        (array, init.map(|i| self.chars_of_string(ty, array, i)))
                    } else {
                        let init = init.map(|i| self.flat_initializer(i, &rows));
                        (self.flat_array_size(array, &rows, written, init.as_ref()), init)
                    };
                    self.note_rows(&name.name, Some(&name.name), rows);
                    let named = std::mem::take(&mut self.calls);
                    self.global_calls.extend(named);
                    self.unit.globals.push(VarDecl {
                        ty,
                        name,
                        array,
                        init,
                        span,
                        typed_by_initializer: false,
                    });
                    let found = std::mem::take(&mut self.diags);
                    self.file_diags.extend(found);
                }
                Err(refusal) => {
                    self.refused_globals.insert(name.name.clone(), refusal);
                }
            }
        }
    }

    /// Converts a function definition, collecting its diagnostics and calls apart.
    fn function_definition(
        &mut self,
        f: &Node<c::FunctionDefinition>,
        in_header: bool,
    ) -> Option<Definition> {
        let shape = types::declarator_shape(&f.node.declarator, self.text);
        let name = shape.name.clone()?;
        if is_builtin_function(&name.name) {
            // Its meaning is craig's (see `builtin`), whatever the file says.
            return None;
        }
        self.diags.clear();
        self.calls.clear();
        self.fresh = 0;
        self.rows.clear_locals();
        self.function = name.name.clone();
        let span = self.span(f);
        let base = self.base_type(&f.node.specifiers);
        let result = self.result_type(base, &shape);
        let params = match &shape.function {
            Some(function) => self.parameters(function, true),
            None => Vec::new(),
        };
        self.scopes.push(params.iter().map(|p| (p.name.name.clone(), None)).collect());
        for (name, rows) in std::mem::take(&mut self.rows.parameters) {
            self.note_rows(&name, None, rows);
        }
        let body = match &f.node.statement.node {
            c::Statement::Compound(items) => self.block(items, self.span(&f.node.statement)),
            _ => Block { statements: Vec::new(), span },
        };
        self.scopes.pop();
        let diagnostics = std::mem::take(&mut self.diags);
        let function = (!has_errors(&diagnostics)).then(|| Function {
            result,
            name: name.clone(),
            params,
            body,
            span,
        });
        Some(Definition {
            name,
            in_header,
            function,
            diagnostics,
            calls: std::mem::take(&mut self.calls),
        })
    }

    /// The result type of a function declarator over `base`; refusals are reported.
    fn result_type(&mut self, base: Result<CType, Refusal>, shape: &types::Shape<'_>) -> CType {
        match (base, shape.pointer) {
            (Err(r), _) => {
                self.refuse(&r);
                CType::INT
            }
            (Ok(ty), Some(p)) => {
                match types::pointer_to(ty, shape.pointers, shape.nested_pointer, p) {
                    Ok(t) => t,
                    Err(r) => {
                        self.refuse(&r);
                        CType::INT
                    }
                }
            }
            (Ok(ty), None) => ty,
        }
    }

    /// The signature of a prototype, when craig reads every type in it and its list of
    /// parameters is fixed; nothing is reported (a prototype costs nothing until called).
    fn prototype(
        &mut self,
        base: &Result<CType, Refusal>,
        shape: &types::Shape<'_>,
        name: &Ident,
    ) -> Option<Extern> {
        let function = shape.function.as_ref()?;
        if let types::Parameters::OldStyle(..) = function {
            // `int f();` says nothing of the parameters.
            return None;
        }
        let saved = std::mem::take(&mut self.diags);
        let result = self.result_type(base.clone(), shape);
        let params = self.parameters(function, false);
        let found = std::mem::replace(&mut self.diags, saved);
        // A struct passed or returned by value lives in memory the caller and the body
        // share (see `lower::structs`): a function without a body has neither.
        let by_value = |ty: CType| matches!(ty, CType::Struct(_));
        if has_errors(&found)
            || params.iter().any(|p| p.ty == CType::Void || by_value(p.ty))
            || by_value(result)
        {
            return None;
        }
        Some(Extern { name: name.clone(), result, params: params.iter().map(|p| p.ty).collect() })
    }

    /// Keeps the functions the program uses (see the module's front page) and reports.
    fn finish(mut self, definitions: Vec<Definition>) -> (TranslationUnit, Vec<Diagnostic>) {
        let index: BTreeMap<&str, usize> =
            definitions.iter().enumerate().map(|(i, d)| (d.name.name.as_str(), i)).collect();
        let own_main = definitions.iter().position(|d| d.name.name == "main" && !d.in_header);
        let mut reached = vec![false; definitions.len()];
        let mut stack: Vec<usize> = match own_main {
            Some(m) => vec![m],
            None => (0..definitions.len()).filter(|&i| !definitions[i].in_header).collect(),
        };
        stack.extend(self.global_calls.iter().filter_map(|n| index.get(n.as_str()).copied()));
        while let Some(i) = stack.pop() {
            if std::mem::replace(&mut reached[i], true) {
                continue;
            }
            for callee in &definitions[i].calls {
                if let Some(&j) = index.get(callee.as_str())
                    && !reached[j]
                {
                    stack.push(j);
                }
            }
        }
        // A function the program does not reach is left out when it cannot be read, or when it
        // calls one that is left out (to a fixpoint).
        let mut left_out: BTreeMap<String, String> = BTreeMap::new();
        for (d, &reached) in definitions.iter().zip(&reached) {
            if !reached && !d.in_header && d.function.is_none() {
                let first = d.diagnostics.iter().find(|x| has_errors(std::slice::from_ref(x)));
                left_out.insert(
                    d.name.name.clone(),
                    first.map_or(String::new(), |x| x.message.clone()),
                );
            }
        }
        loop {
            let before = left_out.len();
            for (d, &reached) in definitions.iter().zip(&reached) {
                if reached || d.in_header || left_out.contains_key(&d.name.name) {
                    continue;
                }
                if let Some(callee) = d.calls.iter().find(|c| left_out.contains_key(*c)) {
                    left_out.insert(
                        d.name.name.clone(),
                        format!("it calls `{callee}`, which is left out"),
                    );
                }
            }
            if left_out.len() == before {
                break;
            }
        }
        let mut diagnostics = std::mem::take(&mut self.file_diags);
        let undefined_calls: BTreeSet<String> = definitions
            .iter()
            .zip(&reached)
            .filter(|&(_, &reached)| reached)
            .flat_map(|(d, _)| d.calls.iter())
            .chain(&self.global_calls)
            .filter(|name| !index.contains_key(name.as_str()))
            .cloned()
            .collect();
        for (definition, reached) in definitions.into_iter().zip(reached) {
            if reached {
                diagnostics.extend(definition.diagnostics);
            } else if definition.in_header {
                continue;
            } else if let Some(reason) = left_out.get(&definition.name.name) {
                let first =
                    definition.diagnostics.iter().find(|d| has_errors(std::slice::from_ref(d)));
                let mut warning = Diagnostic::warning(
                    definition.name.span,
                    format!("`{}` is left out: `main` does not call it", definition.name.name),
                );
                warning = match first {
                    Some(d) => warning.with_label(d.primary, d.message.clone()),
                    None => warning.with_note(reason.clone()),
                };
                diagnostics.push(warning);
                self.unit
                    .left_out
                    .push(LeftOut { name: definition.name.clone(), reason: reason.clone() });
                continue;
            }
            if let Some(f) = definition.function {
                self.unit.functions.push(f);
            }
        }
        let defined: BTreeSet<String> =
            self.unit.functions.iter().map(|f| f.name.name.clone()).collect();
        self.unit.prototypes.retain(|p| !defined.contains(&p.name));
        self.unit.externs.retain(|e| !defined.contains(&e.name.name));
        self.unit.undefined_calls = undefined_calls;
        (self.unit, diagnostics)
    }

    /// A fresh name for a generated label or temporary of the current function.
    fn fresh_name(&mut self, what: &str) -> String {
        self.fresh += 1;
        format!("__craig_{what}_{}", self.fresh)
    }

    /// True when a local of this name is in scope.
    fn is_local(&self, name: &str) -> bool {
        self.scopes.iter().any(|s| s.contains_key(name))
    }

    /// True when the name is a variable here: a local in scope or a global declared so far.
    fn is_variable(&self, name: &str) -> bool {
        self.is_local(name) || self.unit.globals.iter().any(|g| g.name.name == name)
    }

    /// The variable a name in scope stands for: the global holding it, for a `static` local
    /// (the innermost declaration wins).
    fn variable_name(&self, name: &str) -> String {
        let innermost = self.scopes.iter().rev().find_map(|s| s.get(name));
        match innermost {
            Some(Some(global)) => global.clone(),
            _ => name.to_string(),
        }
    }
}

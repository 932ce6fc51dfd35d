//! Parser for Java files of the subset: the pest grammar `java.pest`, member-by-member error
//! recovery, the annotations' specification language, and errors that name the Java constructs
//! the subset refuses.
//!
//! pest is only used at the boundary: its pairs are turned into [`ast`](super::ast) nodes right
//! away and its errors into [`Diagnostic`]s, so nothing else in the crate depends on pest types.
//! The file is read one class head and one class member at a time; a member that fails to parse
//! is reported and skipped (to its `;` or past its balanced `{ ... }`), so one run reports the
//! errors of several members. Refused constructs that the grammar recognizes (`for`, `++`, casts,
//! ...) are reported one by one and parsing goes on.

use pest::Parser as _;
use pest::iterators::Pair;

use super::ast::*;
use crate::syntax::{Diagnostic, FileId, Span, pest_diagnostic, with_large_stack};

mod grammar {
    //! The derived pest parser (kept private: `Rule` is an implementation detail).
    #[derive(pest_derive::Parser)]
    #[grammar = "java/java.pest"]
    pub struct JavaParser;
}

use grammar::{JavaParser, Rule};

/// Nesting allowed in a Java file: levels of `(`, `[`, `{` plus statements nested without braces
/// (`if (a) if (b) ...`, `else if` chains). The grammar and the converter recurse over this
/// nesting, so unbounded depth would overflow the stack instead of producing a diagnostic.
pub const MAX_DEPTH: usize = 200;

/// Operands, operators and suffixes allowed in one flat expression (`a + b + ...`,
/// `a.b.c...`): each adds a level to the tree, which later passes recurse over.
const MAX_CHAIN: usize = 1000;

/// Depth allowed for the tree of one expression; deeper trees are refused so that the caller's
/// stack suffices to walk (and drop) what the parser returns.
const MAX_EXPR_DEPTH: usize = 500;

/// The parser runs on a thread of its own with this much (reserved, not committed) stack, so
/// that the deepest input allowed by the limits above parses on any caller's thread.
const STACK_BYTES: usize = 256 << 20;

/// Parses one Java file. Returns the classes it could read (with recovery) and every diagnostic.
///
/// A class member that fails to parse is reported and left out; a refused construct inside an
/// otherwise well-formed member is reported and the member kept (with a placeholder where the
/// construct stood), so the tree is only meaningful when no error was reported.
pub fn parse_java(file: FileId, text: &str) -> (CompilationUnit, Vec<Diagnostic>) {
    with_large_stack(STACK_BYTES, || {
        if let Some(d) = scan(file, text) {
            return (CompilationUnit { classes: Vec::new() }, vec![d]);
        }
        let mut p = Parser { file, text, diags: Vec::new() };
        let unit = p.unit();
        (unit, p.diags)
    })
}

// ---------------------------------------------------------------- the pre-scan

/// Checks what the grammar cannot report well or safely: comments left open (which would make
/// the rest of the file one error) and nesting beyond [`MAX_DEPTH`].
fn scan(file: FileId, text: &str) -> Option<Diagnostic> {
    let b = text.as_bytes();
    let mut i = 0;
    // The nesting level, and for each open bracket the level before it.
    let mut level = 0usize;
    let mut opens: Vec<usize> = Vec::new();
    let too_deep = |at: usize| {
        Diagnostic::error(Span::new(file, at, at + 1), "nested too deeply").with_note(format!(
            "at most {MAX_DEPTH} levels of brackets and of statements nested without braces \
             are allowed"
        ))
    };
    // A statement ends at `;` or `}` unless an `else` continues it; then the statements nested
    // without braces since the innermost open bracket are closed.
    let base = |opens: &Vec<usize>| opens.last().map_or(0, |l| l + 1);
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(b.len(), |k| i + k);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => match text[i + 2..].find("*/") {
                Some(k) => {
                    i += k + 4;
                    continue;
                }
                None => {
                    let what = if b.get(i + 2) == Some(&b':') { "annotation" } else { "comment" };
                    return Some(
                        Diagnostic::error(
                            Span::new(file, i, i + 2),
                            format!("unterminated {what}"),
                        )
                        .with_note("a `/*` comment is closed by `*/`"),
                    );
                }
            },
            q @ (b'"' | b'\'') => {
                let mut j = i + 1;
                while j < b.len() && b[j] != q && b[j] != b'\n' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                i = j + 1;
                continue;
            }
            b'(' | b'[' | b'{' => {
                opens.push(level);
                level += 1;
                if level > MAX_DEPTH {
                    return Some(too_deep(i));
                }
            }
            c @ (b')' | b']' | b'}') => {
                level = opens.pop().unwrap_or(0);
                if c == b'}' && !next_word_is(text, i + 1, "else") {
                    level = base(&opens);
                }
            }
            b';' if !next_word_is(text, i + 1, "else") => level = base(&opens),
            c if c.is_ascii_alphanumeric() || c == b'_' || c == b'$' => {
                let end = word_end(text, i);
                if matches!(&text[i..end], "if" | "while" | "else" | "for" | "do") {
                    level += 1;
                    if level > MAX_DEPTH {
                        return Some(too_deep(i));
                    }
                }
                i = end;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The end of the word of identifier characters starting at `at`.
fn word_end(text: &str, at: usize) -> usize {
    text[at..]
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$'))
        .map_or(text.len(), |k| at + k)
}

/// True if the first word after `at` (past blanks, not comments) is `word`.
fn next_word_is(text: &str, at: usize, word: &str) -> bool {
    let rest = text[at..].trim_start();
    rest.strip_prefix(word)
        .is_some_and(|r| !r.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_'))
}

/// Where parsing resumes after an item (a class member or a top-level declaration) starting at
/// `from` failed to parse: after its first `;` outside brackets, or after its first balanced
/// `{ ... }` (a method body, a class); or at a `}` that closes the enclosing class. Comments,
/// annotations and literals are skipped, so brackets inside them do not count.
fn skip_item(text: &str, from: usize) -> usize {
    let b = text.as_bytes();
    let (mut parens, mut braces) = (0usize, 0usize);
    let mut i = from;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                i = text[i..].find('\n').map_or(b.len(), |k| i + k);
                continue;
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i = text[i + 2..].find("*/").map_or(b.len(), |k| i + k + 4);
                continue;
            }
            q @ (b'"' | b'\'') => {
                let mut j = i + 1;
                while j < b.len() && b[j] != q && b[j] != b'\n' {
                    j += if b[j] == b'\\' { 2 } else { 1 };
                }
                i = j + 1;
                continue;
            }
            b'(' | b'[' => parens += 1,
            b')' | b']' => parens = parens.saturating_sub(1),
            b'{' => braces += 1,
            b'}' if braces == 0 => return i,
            b'}' => {
                braces -= 1;
                if braces == 0 {
                    return i + 1;
                }
            }
            b';' if braces == 0 && parens == 0 => return i + 1,
            _ => {}
        }
        i += 1;
    }
    text.len()
}

// ---------------------------------------------------------------- messages

/// How a grammar rule is named in an "expected ..." message; `None` for rules never reported.
fn describe(rule: Rule) -> Option<&'static str> {
    use Rule::*;
    Some(match rule {
        class_head | unsupported_decl | import_decl | kw_class => "a class",
        nested_class => "a field or method",
        method | field | initializer | method_sig | ctor_sig => "a field or method",
        block | empty | if_stmt | while_stmt | return_stmt | local_decl | expr_stmt | for_stmt
        | do_stmt | switch_stmt | try_stmt | throw_stmt | break_stmt | continue_stmt
        | sync_stmt | assert_stmt => "a statement",
        expr | cast | op_not | op_neg | unsupported_prefix | postfix_expr | paren_expr
        | new_expr | number | kw_true | kw_false | kw_null | kw_this | string_lit | char_lit
        | kw_super | name_or_call | array_init => "an expression",
        op_or | op_and | op_eq | op_ne | op_le | op_ge | op_lt | op_gt | op_add | op_sub
        | op_mul | op_div | op_rem | unsupported_infix => "an operator",
        op_assign => "`=`",
        java_type | class_type | elem_type | kw_int | kw_boolean | unsupported_prim => "a type",
        kw_void => "`void`",
        ident => "a name",
        params => "`(`",
        param => "a parameter",
        modifier | kw_public | kw_private | kw_protected | kw_static | kw_final
        | unsupported_modifier => "a modifier",
        extends_clause | implements_clause => "`{`",
        lbrace => "`{`",
        rbrace => "`}`",
        lparen => "`(`",
        rparen => "`)`",
        lbrack => "`[`",
        rbrack => "`]`",
        semi => "`;`",
        comma => "`,`",
        kw_else => "`else`",
        kw_while => "`while`",
        // The annotations' specification language.
        kw_specvar => "`specvar`",
        kw_ghost => "`ghost`",
        kw_ensured => "`ensured`",
        kw_inv => "`inv`",
        kw_vardefs => "`vardefs`",
        kw_requires => "`requires`",
        kw_modifies => "`modifies`",
        kw_ensures => "`ensures`",
        kw_assert => "`assert`",
        kw_assume => "`assume`",
        kw_note_that => "`noteThat` or `note`",
        kw_havoc => "`havoc`",
        kw_from => "`from`",
        kw_such_that => "`suchThat`",
        kw_assuming => "`assuming`",
        kw_in => "`in`",
        spec_name | spec_label => "a name",
        bare_word => "a name",
        quoted => "a quoted formula",
        close_quote => "`\"`",
        dcolon => "`::`",
        colon => "`:`",
        spec_eq => "`=`",
        spec_assign_op => "`:=`",
        EOI => "end of input",
        _ => return None,
    })
}

/// The message and note for a Java keyword outside the subset, if `word` is one.
fn refused_keyword(word: &str) -> Option<(String, &'static str)> {
    const LOOP: &str = "use `while` with a loop invariant: `while /*: inv \"...\" */ (c) { ... }`";
    const NO_EXCEPTIONS: &str = "the subset has no exceptions";
    const NO_CLASSES: &str = "the subset has classes only, without inheritance";
    const TYPES: &str = "the subset's types are `int`, `boolean`, classes and arrays of them";
    const NO_PACKAGES: &str =
        "a program is read as one file of classes, without packages or imports: remove the line";
    const MODIFIERS: &str =
        "the subset's modifiers are `public`, `private`, `protected`, `static` and `final`";
    let (what, note) = match word {
        "for" => ("`for` loops are", LOOP),
        "do" => ("`do`-`while` loops are", LOOP),
        "switch" | "case" | "default" => ("`switch` statements are", "use `if` and `else`"),
        "try" | "catch" | "finally" => ("`try` statements are", NO_EXCEPTIONS),
        "throw" => ("`throw` statements are", NO_EXCEPTIONS),
        "throws" => ("`throws` clauses are", NO_EXCEPTIONS),
        "break" => ("`break` is", "a loop ends when its condition is false"),
        "continue" => ("`continue` is", "a loop ends when its condition is false"),
        "synchronized" => ("`synchronized` is", "the subset's programs are sequential"),
        "interface" | "@interface" => ("interfaces are", NO_CLASSES),
        "extends" => ("`extends` (inheritance) is", NO_CLASSES),
        "implements" => ("`implements` (interfaces) is", NO_CLASSES),
        "enum" => ("enums are", NO_CLASSES),
        "package" => ("`package` declarations are", NO_PACKAGES),
        "import" => ("`import` declarations are", NO_PACKAGES),
        "instanceof" => ("`instanceof` is", NO_CLASSES),
        "super" => ("`super` is", NO_CLASSES),
        "goto" => ("`goto` is", "it is a reserved word without meaning in Java"),
        "const" => ("`const` is", "use `final` for a constant field"),
        "assert" => ("Java's `assert` statement is", "write the assertion as `//: assert \"...\"`"),
        "abstract" | "native" | "transient" | "volatile" | "strictfp" => {
            return Some((format!("the modifier `{word}` is not supported"), MODIFIERS));
        }
        "long" | "short" | "byte" | "char" | "float" | "double" => {
            return Some((format!("the type `{word}` is not supported"), TYPES));
        }
        _ => return None,
    };
    Some((format!("{what} not supported by craig's Java subset"), note))
}

/// The keywords that may start a specification in each kind of annotation, for "unknown
/// annotation keyword" errors.
#[derive(Clone, Copy, PartialEq, Eq)]
enum AnnotationKind {
    /// Between the members of a class: specvars, invariants, vardefs.
    Class,
    /// Between a method's header and its body: `requires`, `modifies`, `ensures`.
    Contract,
    /// After `while`: loop invariants.
    Loop,
    /// Among statements: `assert`, `assume`, `noteThat` (or `note`), `havoc`, `x := "..."`.
    Statement,
}

impl AnnotationKind {
    fn entry(self) -> Rule {
        match self {
            AnnotationKind::Class => Rule::class_spec_at,
            AnnotationKind::Contract => Rule::contract_item_at,
            AnnotationKind::Loop => Rule::loop_inv_at,
            AnnotationKind::Statement => Rule::spec_stmt_at,
        }
    }

    fn keywords(self) -> &'static [&'static str] {
        match self {
            AnnotationKind::Class => &[
                "public",
                "private",
                "protected",
                "static",
                "ghost",
                "ensured",
                "specvar",
                "inv",
                "invariant",
                "vardefs",
            ],
            AnnotationKind::Contract => &["requires", "modifies", "ensures"],
            AnnotationKind::Loop => &["inv", "invariant"],
            AnnotationKind::Statement => {
                &["assert", "assume", "noteThat", "note", "havoc", "assuming"]
            }
        }
    }

    fn expected(self) -> &'static str {
        match self {
            AnnotationKind::Class => "`specvar`, `inv`, `invariant` or `vardefs`",
            AnnotationKind::Contract => "`requires`, `modifies` or `ensures`",
            AnnotationKind::Loop => "`inv` or `invariant`",
            AnnotationKind::Statement => {
                "`assert`, `assume`, `noteThat` (or `note`), `havoc`, `assuming` or an assignment \
                 `x := \"...\"`"
            }
        }
    }
}

// ---------------------------------------------------------------- the converter

/// Reads the file item by item and converts pest pairs into AST nodes.
///
/// Every text given to pest is a slice of `text`, so a pair's absolute offset is where its text
/// lies inside `text` ([`Parser::at`]); no offsets are carried around.
struct Parser<'t> {
    file: FileId,
    text: &'t str,
    diags: Vec<Diagnostic>,
}

type P<'t> = Pair<'t, Rule>;

impl<'t> Parser<'t> {
    /// The byte offset in the file of `s`, a slice of the file's text.
    fn at(&self, s: &str) -> usize {
        (s.as_ptr() as usize).saturating_sub(self.text.as_ptr() as usize).min(self.text.len())
    }

    fn span(&self, p: &P<'t>) -> Span {
        let start = self.at(p.get_input()) + p.as_span().start();
        Span::new(self.file, start, start + p.as_str().len())
    }

    fn ident(&self, p: &P<'t>) -> Ident {
        Ident { name: p.as_str().to_string(), span: self.span(p) }
    }

    fn error(&mut self, span: Span, message: impl Into<String>) {
        self.diags.push(Diagnostic::error(span, message));
    }

    fn error_with_note(&mut self, span: Span, message: impl Into<String>, note: impl Into<String>) {
        self.diags.push(Diagnostic::error(span, message).with_note(note));
    }

    /// Reports a refused construct whose keyword is `p`.
    fn refuse_keyword(&mut self, p: &P<'t>) {
        let span = self.span(p);
        let word = p.as_str();
        match refused_keyword(word) {
            Some((message, note)) => self.error_with_note(span, message, note),
            None => self.error(span, format!("`{word}` is not supported by craig's Java subset")),
        }
    }

    /// The diagnostic for a pest error on `rest` (a slice of the file's text); a refused Java
    /// keyword found where the error is gets its own message.
    fn syntax_error(&mut self, rest: &'t str, e: &pest::error::Error<Rule>) {
        let base = self.at(rest);
        let mut d = pest_diagnostic(self.file, base, rest, e, describe);
        let at = (d.primary.start as usize).min(self.text.len());
        let word = &self.text[at..word_end(self.text, at).max(at)];
        if let Some((message, note)) = refused_keyword(word) {
            d = Diagnostic::error(d.primary, message).with_note(note);
        } else if d.message.contains("stack limit reached") || d.message.contains("call limit") {
            d = Diagnostic::error(d.primary, "nested too deeply to parse");
        }
        self.diags.push(d);
    }

    /// The offset of the first token at or after `pos` (past blanks and comments).
    fn token_start(&self, pos: usize) -> usize {
        let rest = &self.text[pos..];
        JavaParser::parse(Rule::mark_at, rest)
            .ok()
            .and_then(|mut p| p.next())
            .and_then(|p| p.into_inner().next())
            .map_or(self.text.len(), |m| self.at(m.as_str()))
    }

    /// Where to resume after an item at `pos` failed: past the item, and at least one
    /// character further.
    fn recover(&self, pos: usize) -> usize {
        let start = self.token_start(pos);
        let next = skip_item(self.text, start);
        let next = if next > start {
            next
        } else {
            start + self.text[start..].chars().next().map_or(1, char::len_utf8)
        };
        next.min(self.text.len())
    }

    // ------------------------------------------------------------ file and classes

    fn unit(&mut self) -> CompilationUnit {
        let text = self.text;
        let mut classes = Vec::new();
        let mut pos = 0;
        while pos < text.len() {
            let rest = &text[pos..];
            if JavaParser::parse(Rule::file_end, rest).is_ok() {
                break;
            }
            match JavaParser::parse(Rule::top_at, rest) {
                Ok(mut pairs) => {
                    let Some(item) = pairs.next().and_then(|p| p.into_inner().next()) else {
                        break;
                    };
                    let end = self.at(item.as_str()) + item.as_str().len();
                    match item.as_rule() {
                        Rule::class_head => {
                            let class = self.class_head(item);
                            let (class, next) = self.class_body(class, end);
                            classes.push(class);
                            pos = next;
                            continue;
                        }
                        Rule::annotation => {
                            let span = self.span(&item);
                            self.error(span, "an annotation outside a class");
                        }
                        _ => self.unsupported_decl(&item),
                    }
                    if end <= pos {
                        break;
                    }
                    pos = end;
                }
                Err(e) => {
                    self.syntax_error(rest, &e);
                    pos = self.recover(pos);
                }
            }
        }
        CompilationUnit { classes }
    }

    /// Reports an `interface`, `enum`, nested class, `package` or `import` declaration.
    fn unsupported_decl(&mut self, p: &P<'t>) {
        let Some(kw) = p.clone().into_inner().find(|q| {
            matches!(
                q.as_rule(),
                Rule::kw_interface
                    | Rule::kw_enum
                    | Rule::kw_class
                    | Rule::kw_package
                    | Rule::kw_import
            )
        }) else {
            return;
        };
        if kw.as_rule() == Rule::kw_class {
            let span = self.span(&kw);
            self.error_with_note(
                span,
                "nested classes are not supported by craig's Java subset",
                "declare the class at the top level of the file",
            );
        } else {
            self.refuse_keyword(&kw);
        }
    }

    /// Modifiers of a class, field or method; refused ones are reported. Returns false if `q`
    /// is not a modifier.
    fn modifier(&mut self, q: &P<'t>, m: &mut Modifiers) -> bool {
        match q.as_rule() {
            Rule::kw_public => m.public = true,
            Rule::kw_private => m.private = true,
            Rule::kw_protected => m.protected = true,
            Rule::kw_static => m.static_ = true,
            Rule::kw_final => m.final_ = true,
            Rule::modifier_annotation => self.modifier_annotation(q, m),
            Rule::unsupported_modifier => {
                let inner = q.clone().into_inner().next();
                match inner {
                    Some(a) if a.as_rule() == Rule::java_annotation => {
                        let span = self.span(&a);
                        let name = a.into_inner().next().map_or("@", |n| n.as_str());
                        self.error_with_note(
                            span,
                            format!("Java annotations (`{name}`) are not supported"),
                            "Jahob annotations are comments: `/*: ... */` or `//: ...`",
                        );
                    }
                    Some(kw) => self.refuse_keyword(&kw),
                    None => {}
                }
            }
            _ => return false,
        }
        true
    }

    /// The words of an annotation in a modifier position: `claimedby C` and `readonly`, which
    /// the lowering enforces; `hidden`, which craig cannot give its meaning (hidden state left
    /// out of other classes' frames), and any other word are refused where they are written.
    fn modifier_annotation(&mut self, q: &P<'t>, m: &mut Modifiers) {
        let text: &'t str = q.as_str();
        let body = text
            .strip_prefix("/*:")
            .and_then(|t| t.strip_suffix("*/"))
            .or_else(|| text.strip_prefix("//:"))
            .unwrap_or("");
        // The words with where they start in the file (`self.at` reads a slice's place).
        let mut words: Vec<(usize, &'t str)> = Vec::new();
        let mut rest = body;
        loop {
            rest = rest.trim_start_matches(|c: char| c.is_whitespace() || c == ';' || c == ',');
            if rest.is_empty() {
                break;
            }
            let len = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '$' || c == '.'))
                .unwrap_or(rest.len())
                .max(rest.chars().next().map_or(1, char::len_utf8));
            words.push((self.at(rest), &rest[..len]));
            rest = &rest[len..];
        }
        let file = self.file;
        let span_of = |at: usize, word: &str| Span::new(file, at, at + word.len());
        let mut words = words.into_iter();
        while let Some((at, word)) = words.next() {
            let span = span_of(at, word);
            match word {
                "claimedby" => match words.next() {
                    Some((at, class)) if class.starts_with(|c: char| c.is_ascii_alphabetic()) => {
                        let span = span_of(at, class);
                        m.claimed_by = Some(Ident { name: class.to_string(), span });
                    }
                    _ => self.error_with_note(
                        span,
                        "`claimedby` names the class that claims the field",
                        "write `claimedby C` for a class `C`",
                    ),
                },
                "readonly" => m.readonly = true,
                "hidden" => self.error_with_note(
                    span,
                    "Jahob's `hidden` modifier is not supported by craig",
                    "craig cannot leave hidden state out of other classes' frames; \
                     `claimedby C` restricts a field to class `C`",
                ),
                _ => self.error_with_note(
                    span,
                    format!("`{word}` is not one of Jahob's modifiers that craig reads"),
                    "an annotation in a modifier position holds `claimedby C` or `readonly`",
                ),
            }
        }
    }

    fn generics(&mut self, p: &P<'t>) {
        let span = self.span(p);
        self.error(span, "generics are not supported by craig's Java subset");
    }

    fn class_head(&mut self, p: P<'t>) -> Class {
        let span = self.span(&p);
        let mut modifiers = Modifiers::default();
        let mut name = None;
        for q in p.into_inner() {
            if self.modifier(&q, &mut modifiers) {
                continue;
            }
            match q.as_rule() {
                Rule::ident => name = Some(self.ident(&q)),
                Rule::type_args => self.generics(&q),
                Rule::extends_clause | Rule::implements_clause => {
                    if let Some(kw) = q.into_inner().next() {
                        self.refuse_keyword(&kw);
                    }
                }
                _ => {}
            }
        }
        // `private` and `protected` on a class are read and mean nothing here, as in Jahob
        // (`private class Thread` in its barrier examples): they restrict which code may
        // name the class, and craig verifies the classes it is given as one program, whose
        // every method is checked against its own contract whoever may call it. A `static`
        // class is a nested one, which the subset does not have.
        if modifiers.static_ {
            self.error(span, "a class cannot be `static`");
        }
        let name = name.unwrap_or(Ident { name: String::new(), span });
        Class { modifiers, name, fields: Vec::new(), methods: Vec::new(), specs: Vec::new(), span }
    }

    /// Reads the members of `class` from `pos` to its closing `}`; returns the class and the
    /// position after it.
    fn class_body(&mut self, mut class: Class, mut pos: usize) -> (Class, usize) {
        let text = self.text;
        loop {
            let rest = &text[pos..];
            if JavaParser::parse(Rule::file_end, rest).is_ok() {
                let end = Span::new(self.file, text.len(), text.len());
                self.diags.push(
                    Diagnostic::error(end, "expected `}`, found end of input").with_label(
                        class.name.span,
                        format!("class `{}` starts here", class.name.name),
                    ),
                );
                class.span = class.span.to(end);
                return (class, text.len());
            }
            match JavaParser::parse(Rule::member_at, rest) {
                Ok(mut pairs) => {
                    let Some(item) = pairs.next().and_then(|p| p.into_inner().next()) else {
                        return (class, text.len());
                    };
                    let end = self.at(item.as_str()) + item.as_str().len();
                    if item.as_rule() == Rule::rbrace {
                        class.span = class.span.to(self.span(&item));
                        return (class, end);
                    }
                    self.member(item, &mut class);
                    if end <= pos {
                        return (class, text.len());
                    }
                    pos = end;
                }
                Err(e) => {
                    self.syntax_error(rest, &e);
                    pos = self.recover(pos);
                }
            }
        }
    }

    fn member(&mut self, p: P<'t>, class: &mut Class) {
        match p.as_rule() {
            Rule::annotation => {
                for item in self.annotation(&p, AnnotationKind::Class) {
                    if let Some(spec) = self.class_spec(item) {
                        class.specs.extend(spec);
                    }
                }
            }
            Rule::method => {
                let m = self.method(p, &class.name.name);
                class.methods.push(m);
            }
            Rule::field => {
                let f = self.field(p);
                class.fields.push(f);
            }
            Rule::unsupported_decl | Rule::nested_class => self.unsupported_decl(&p),
            Rule::initializer => {
                let span = self.span(&p);
                self.error_with_note(
                    span,
                    "initializer blocks are not supported by craig's Java subset",
                    "initialize fields in a constructor",
                );
            }
            _ => {}
        }
    }

    fn method(&mut self, p: P<'t>, class_name: &str) -> Method {
        let span = self.span(&p);
        let mut modifiers = Modifiers::default();
        let mut constructor = false;
        let mut result = None;
        let mut name = Ident { name: String::new(), span };
        let mut params = Vec::new();
        let mut contract = Contract::default();
        let mut body = None;
        for q in p.into_inner() {
            if self.modifier(&q, &mut modifiers) {
                continue;
            }
            match q.as_rule() {
                Rule::type_args => self.generics(&q),
                Rule::method_sig | Rule::ctor_sig => {
                    constructor = q.as_rule() == Rule::ctor_sig;
                    for s in q.into_inner() {
                        match s.as_rule() {
                            Rule::java_type => result = Some(self.java_type(s)),
                            Rule::ident => name = self.ident(&s),
                            Rule::params => params = self.params(s),
                            _ => {}
                        }
                    }
                }
                Rule::throws_clause => {
                    if let Some(kw) = q.into_inner().next() {
                        self.refuse_keyword(&kw);
                    }
                }
                Rule::annotation => {
                    let aspan = self.span(&q);
                    contract.span = Some(contract.span.map_or(aspan, |s| s.to(aspan)));
                    for item in self.annotation(&q, AnnotationKind::Contract) {
                        self.contract_clause(item, &mut contract);
                    }
                }
                Rule::block => body = Some(self.block(q)),
                _ => {}
            }
        }
        if constructor && name.name != class_name {
            self.error_with_note(
                name.span,
                format!("method `{}` has no result type", name.name),
                format!(
                    "write `void` or a type before its name; a constructor is named `{class_name}`"
                ),
            );
        }
        Method { modifiers, constructor, result, name, params, contract, body, span }
    }

    fn params(&mut self, p: P<'t>) -> Vec<Param> {
        let mut out = Vec::new();
        for q in p.into_inner().filter(|q| q.as_rule() == Rule::param) {
            let mut ty = None;
            let mut name = None;
            for r in q.into_inner() {
                match r.as_rule() {
                    Rule::java_type => ty = Some(self.java_type(r)),
                    Rule::ident => name = Some(self.ident(&r)),
                    _ => {}
                }
            }
            if let (Some(ty), Some(name)) = (ty, name) {
                out.push(Param { ty, name });
            }
        }
        out
    }

    fn field(&mut self, p: P<'t>) -> Field {
        let span = self.span(&p);
        let mut modifiers = Modifiers::default();
        let mut ty = None;
        let mut names = Vec::new();
        for q in p.into_inner() {
            if self.modifier(&q, &mut modifiers) {
                continue;
            }
            match q.as_rule() {
                Rule::java_type => ty = Some(self.java_type(q)),
                Rule::var_decl => names.push(self.var_decl(q)),
                _ => {}
            }
        }
        let ty = ty.unwrap_or(Type { kind: TypeKind::Int, span });
        Field { modifiers, ty, names, span }
    }

    fn var_decl(&mut self, p: P<'t>) -> (Ident, Option<Expr>) {
        let span = self.span(&p);
        let mut name = Ident { name: String::new(), span };
        let mut init = None;
        for q in p.into_inner() {
            match q.as_rule() {
                Rule::ident => name = self.ident(&q),
                Rule::expr => init = Some(self.root_expr(q)),
                Rule::array_init => {
                    let s = self.span(&q);
                    self.array_init(s);
                    init = Some(Expr { kind: ExprKind::Null, span: s });
                }
                _ => {}
            }
        }
        (name, init)
    }

    fn array_init(&mut self, span: Span) {
        self.error_with_note(
            span,
            "array initializers are not supported by craig's Java subset",
            "create the array with `new T[n]` and assign its elements",
        );
    }

    // ------------------------------------------------------------ types

    fn java_type(&mut self, p: P<'t>) -> Type {
        let span = self.span(&p);
        let mut ty = Type { kind: TypeKind::Int, span };
        for q in p.into_inner() {
            match q.as_rule() {
                Rule::array_dim => {
                    let s = ty.span.to(self.span(&q));
                    ty = Type { kind: TypeKind::Array(Box::new(ty)), span: s };
                }
                Rule::type_args => self.generics(&q),
                _ => ty = self.base_type(q),
            }
        }
        ty
    }

    /// `int`, `boolean`, a class name, or a refused primitive type (reported; read as `int`).
    fn base_type(&mut self, q: P<'t>) -> Type {
        let span = self.span(&q);
        let kind = match q.as_rule() {
            Rule::kw_int => TypeKind::Int,
            Rule::kw_boolean => TypeKind::Boolean,
            Rule::class_type => TypeKind::Class(q.as_str().to_string()),
            Rule::elem_type => match q.into_inner().next() {
                Some(r) => return self.base_type(r),
                None => TypeKind::Int,
            },
            Rule::unsupported_prim => {
                if let Some(kw) = q.into_inner().next() {
                    self.refuse_keyword(&kw);
                }
                TypeKind::Int
            }
            _ => TypeKind::Int,
        };
        Type { kind, span }
    }

    // ------------------------------------------------------------ statements

    fn block(&mut self, p: P<'t>) -> Block {
        let span = self.span(&p);
        let mut statements = Vec::new();
        for q in p.into_inner() {
            if !matches!(q.as_rule(), Rule::lbrace | Rule::rbrace) {
                self.statement(q, &mut statements);
            }
        }
        Block { statements, span }
    }

    /// A statement standing alone (a branch or loop body): an annotation with several
    /// specification statements becomes a block of them.
    fn single_statement(&mut self, p: P<'t>) -> Statement {
        let span = self.span(&p);
        let mut out = Vec::new();
        self.statement(p, &mut out);
        if out.len() == 1 {
            out.pop().expect("one statement")
        } else if out.is_empty() {
            Statement { kind: StatementKind::Empty, span }
        } else {
            Statement { kind: StatementKind::Block(Block { statements: out, span }), span }
        }
    }

    fn statement(&mut self, p: P<'t>, out: &mut Vec<Statement>) {
        let span = self.span(&p);
        let rule = p.as_rule();
        let kind = match rule {
            Rule::annotation => {
                for item in self.annotation(&p, AnnotationKind::Statement) {
                    if let Some(s) = self.spec_statement(item) {
                        out.push(s);
                    }
                }
                return;
            }
            Rule::block => StatementKind::Block(self.block(p)),
            Rule::empty => StatementKind::Empty,
            Rule::if_stmt => {
                let mut condition = None;
                let mut then = None;
                let mut otherwise = None;
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::kw_if | Rule::kw_else | Rule::lparen | Rule::rparen => {}
                        Rule::expr if condition.is_none() => condition = Some(self.root_expr(q)),
                        _ if then.is_none() => then = Some(Box::new(self.single_statement(q))),
                        _ => otherwise = Some(Box::new(self.single_statement(q))),
                    }
                }
                let empty = || Box::new(Statement { kind: StatementKind::Empty, span });
                StatementKind::If {
                    condition: condition.unwrap_or_else(|| placeholder(span)),
                    then: then.unwrap_or_else(empty),
                    otherwise,
                }
            }
            Rule::while_stmt => {
                let mut invariants = Vec::new();
                let mut condition = None;
                let mut body = None;
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::kw_while | Rule::lparen | Rule::rparen => {}
                        Rule::annotation => {
                            for item in self.annotation(&q, AnnotationKind::Loop) {
                                invariants.extend(self.loop_invariant(item));
                            }
                        }
                        Rule::expr if condition.is_none() => condition = Some(self.root_expr(q)),
                        _ => body = Some(Box::new(self.single_statement(q))),
                    }
                }
                StatementKind::While {
                    invariants,
                    condition: condition.unwrap_or_else(|| placeholder(span)),
                    body: body.unwrap_or_else(|| {
                        Box::new(Statement { kind: StatementKind::Empty, span })
                    }),
                }
            }
            Rule::return_stmt => StatementKind::Return(
                p.into_inner().find(|q| q.as_rule() == Rule::expr).map(|q| self.root_expr(q)),
            ),
            Rule::local_decl => {
                let mut ty = None;
                let mut names = Vec::new();
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::java_type => ty = Some(self.java_type(q)),
                        Rule::var_decl => names.push(self.var_decl(q)),
                        _ => {}
                    }
                }
                let ty = ty.unwrap_or(Type { kind: TypeKind::Int, span });
                StatementKind::Local { ty, names }
            }
            Rule::expr_stmt => StatementKind::Expression(self.expr_stmt(p)),
            Rule::unsupported_decl | Rule::nested_class => {
                self.unsupported_decl(&p);
                StatementKind::Empty
            }
            _ => {
                // A refused statement: report its keyword; statements nested in it are read
                // for their own errors.
                let mut inner = p.into_inner();
                if let Some(kw) = inner.next() {
                    self.refuse_keyword(&kw);
                }
                for q in inner {
                    if matches!(rule, Rule::for_stmt | Rule::do_stmt)
                        && !matches!(
                            q.as_rule(),
                            Rule::balanced_parens | Rule::kw_while | Rule::semi
                        )
                    {
                        let _ = self.single_statement(q);
                    }
                }
                StatementKind::Empty
            }
        };
        out.push(Statement { kind, span });
    }

    /// `lhs = rhs;`, a call or `new`, checked for what Java allows as a statement.
    fn expr_stmt(&mut self, p: P<'t>) -> Expr {
        let span = self.span(&p);
        let errors_before = self.diags.len();
        let mut exprs = Vec::new();
        let mut ops = Vec::new();
        for q in p.into_inner() {
            match q.as_rule() {
                Rule::expr => exprs.push(self.root_expr(q)),
                Rule::op_assign | Rule::unsupported_assign => ops.push(q),
                _ => {}
            }
        }
        let mut exprs = exprs.into_iter();
        let Some(lhs) = exprs.next() else { return placeholder(span) };
        match ops.as_slice() {
            [] => {
                // An expression with a refused construct in it has its error already.
                let reported = self.diags.len() > errors_before;
                if !reported && !matches!(lhs.kind, ExprKind::Call { .. } | ExprKind::New { .. }) {
                    self.error_with_note(
                        lhs.span,
                        "this expression is not a statement",
                        "a statement may be an assignment, a method call or `new C(...)`",
                    );
                }
                lhs
            }
            [op, rest @ ..] => {
                if op.as_rule() == Rule::unsupported_assign {
                    let s = self.span(op);
                    let o = op.as_str();
                    let plain = &o[..o.len() - 1];
                    self.error_with_note(
                        s,
                        format!(
                            "compound assignment `{o}` is not supported by craig's Java subset"
                        ),
                        format!("write `x = x {plain} ...;`"),
                    );
                }
                if let Some(second) = rest.first() {
                    let s = self.span(second);
                    self.error_with_note(
                        s,
                        "chained assignments are not supported by craig's Java subset",
                        "assign one variable per statement",
                    );
                }
                if !matches!(
                    lhs.kind,
                    ExprKind::Name(_) | ExprKind::Field(..) | ExprKind::Index(..)
                ) {
                    self.error(lhs.span, "cannot assign to this expression");
                }
                let rhs = exprs.next().unwrap_or_else(|| placeholder(span));
                let sp = lhs.span.to(rhs.span);
                Expr { kind: ExprKind::Assign(Box::new(lhs), Box::new(rhs)), span: sp }
            }
        }
    }

    // ------------------------------------------------------------ expressions

    /// An expression that is not part of another: its depth is checked, so that what the parser
    /// returns can be walked on an ordinary stack.
    fn root_expr(&mut self, p: P<'t>) -> Expr {
        let e = self.expr(p);
        if expr_depth(&e) > MAX_EXPR_DEPTH {
            self.error_with_note(
                e.span,
                "expression nested too deeply",
                format!("at most {MAX_EXPR_DEPTH} levels of operators are allowed"),
            );
            return placeholder(e.span);
        }
        e
    }

    /// Climbs Java's precedences over the flat `prefix* operand (infix prefix* operand)*`
    /// sequence, without recursion. Refused operators are reported and left out with their
    /// right operand.
    fn expr(&mut self, p: P<'t>) -> Expr {
        let span = self.span(&p);
        let toks: Vec<P<'t>> = p.into_inner().collect();
        if toks.len() > MAX_CHAIN {
            self.error_with_note(
                span,
                "expression too long",
                format!("at most {MAX_CHAIN} operands and operators are allowed in one expression"),
            );
            return placeholder(span);
        }
        let mut operands: Vec<Expr> = Vec::new();
        let mut ops: Vec<BinaryOp> = Vec::new();
        let mut prefixes: Vec<(UnaryOp, Span)> = Vec::new();
        // Set after a refused infix operator: its right operand is dropped with it.
        let mut drop_next = false;
        // Set after `?`, whose `:` needs no error of its own.
        let mut conditional = false;
        for q in toks {
            let qspan = self.span(&q);
            match q.as_rule() {
                Rule::op_not => prefixes.push((UnaryOp::Not, qspan)),
                Rule::op_neg => prefixes.push((UnaryOp::Neg, qspan)),
                Rule::unsupported_prefix => {
                    let o = q.as_str();
                    let (what, note) = match o {
                        "++" => ("the increment operator `++`", "write `x = x + 1;`"),
                        "--" => ("the decrement operator `--`", "write `x = x - 1;`"),
                        "~" => ("the bitwise operator `~`", "the subset has no bitwise operators"),
                        _ => ("unary `+`", "leave it out"),
                    };
                    self.error_with_note(
                        qspan,
                        format!("{what} is not supported by craig's Java subset"),
                        note,
                    );
                }
                Rule::cast => self.error_with_note(
                    qspan,
                    "casts are not supported by craig's Java subset",
                    "the subset has no subtyping, so no cast is needed",
                ),
                Rule::postfix_expr => {
                    let mut e = self.postfix(q);
                    for (op, s) in prefixes.drain(..).rev() {
                        let sp = s.to(e.span);
                        e = Expr { kind: ExprKind::Unary(op, Box::new(e)), span: sp };
                    }
                    if drop_next {
                        drop_next = false;
                    } else {
                        operands.push(e);
                    }
                }
                rule => match binary_op(rule) {
                    Some(op) => {
                        while ops.last().is_some_and(|top| precedence(*top) >= precedence(op)) {
                            reduce(&mut operands, &mut ops);
                        }
                        ops.push(op);
                    }
                    None => {
                        if !(conditional && q.as_str() == ":") {
                            self.refused_infix(&q, qspan);
                        }
                        conditional = q.as_str() == "?";
                        drop_next = true;
                    }
                },
            }
        }
        while !ops.is_empty() {
            reduce(&mut operands, &mut ops);
        }
        let mut e = operands.pop().unwrap_or_else(|| placeholder(span));
        // A parenthesized or prefixed operand already has its own span; the whole sequence's
        // span covers it and its operators.
        e.span = span;
        e
    }

    fn refused_infix(&mut self, q: &P<'t>, span: Span) {
        let o = q.as_str();
        let (message, note) = match o {
            "?" => (
                "the conditional operator `?:` is not supported by craig's Java subset".to_string(),
                "use `if` and `else`",
            ),
            ":" => ("unexpected `:`".to_string(), "labels and `?:` are not supported"),
            "instanceof" => (
                "`instanceof` is not supported by craig's Java subset".to_string(),
                "the subset has classes only, without inheritance",
            ),
            _ => (
                format!("the operator `{o}` is not supported by craig's Java subset"),
                "the subset has no bitwise or shift operators; `&&` and `||` are the logical ones",
            ),
        };
        self.error_with_note(span, message, note);
    }

    fn postfix(&mut self, p: P<'t>) -> Expr {
        let span = self.span(&p);
        let mut inner = p.into_inner();
        let Some(first) = inner.next() else { return placeholder(span) };
        let suffixes: Vec<P<'t>> = inner.collect();
        if suffixes.len() > MAX_CHAIN {
            self.error(span, "expression too long");
            return placeholder(span);
        }
        let mut e = self.primary(first);
        for s in suffixes {
            let sspan = self.span(&s);
            let whole = e.span.to(sspan);
            e = match s.as_rule() {
                Rule::member_suffix => {
                    let mut name = None;
                    let mut args = None;
                    for r in s.into_inner() {
                        match r.as_rule() {
                            Rule::ident => name = Some(self.ident(&r)),
                            Rule::args => args = Some(self.args(r)),
                            _ => {}
                        }
                    }
                    let name = name.unwrap_or(Ident { name: String::new(), span: sspan });
                    let kind = match args {
                        Some(args) => ExprKind::Call { receiver: Some(Box::new(e)), name, args },
                        None => ExprKind::Field(Box::new(e), name),
                    };
                    Expr { kind, span: whole }
                }
                Rule::index_suffix => {
                    let i = match s.into_inner().find(|r| r.as_rule() == Rule::expr) {
                        Some(r) => self.expr(r),
                        None => placeholder(sspan),
                    };
                    Expr { kind: ExprKind::Index(Box::new(e), Box::new(i)), span: whole }
                }
                _ => {
                    let o = s.as_str();
                    let (what, note) = if o == "++" {
                        ("the increment operator `++`", "write `x = x + 1;`")
                    } else {
                        ("the decrement operator `--`", "write `x = x - 1;`")
                    };
                    self.error_with_note(
                        sspan,
                        format!("{what} is not supported by craig's Java subset"),
                        note,
                    );
                    e
                }
            };
        }
        e
    }

    fn args(&mut self, p: P<'t>) -> Vec<Expr> {
        p.into_inner().filter(|q| q.as_rule() == Rule::expr).map(|q| self.expr(q)).collect()
    }

    fn primary(&mut self, p: P<'t>) -> Expr {
        let span = self.span(&p);
        let kind = match p.as_rule() {
            Rule::paren_expr => {
                let mut e = match p.into_inner().find(|q| q.as_rule() == Rule::expr) {
                    Some(q) => self.expr(q),
                    None => placeholder(span),
                };
                e.span = span;
                return e;
            }
            Rule::number => return self.number(&p),
            Rule::kw_true => ExprKind::Bool(true),
            Rule::kw_false => ExprKind::Bool(false),
            Rule::kw_null => ExprKind::Null,
            Rule::kw_this => ExprKind::This,
            Rule::string_lit => {
                self.error_with_note(
                    span,
                    "string literals are not supported by craig's Java subset",
                    "the subset's values are integers, booleans, objects and arrays",
                );
                ExprKind::Null
            }
            Rule::char_lit => {
                self.error_with_note(
                    span,
                    "character literals are not supported by craig's Java subset",
                    "the subset's values are integers, booleans, objects and arrays",
                );
                ExprKind::Null
            }
            Rule::kw_super => {
                self.refuse_keyword(&p);
                ExprKind::This
            }
            Rule::name_or_call => {
                let mut name = Ident { name: String::new(), span };
                let mut args = None;
                for q in p.into_inner() {
                    match q.as_rule() {
                        Rule::ident => name = self.ident(&q),
                        Rule::args => args = Some(self.args(q)),
                        _ => {}
                    }
                }
                match args {
                    Some(args) => ExprKind::Call { receiver: None, name, args },
                    None => ExprKind::Name(name),
                }
            }
            Rule::new_expr => match p.into_inner().find(|q| q.as_rule() != Rule::kw_new) {
                Some(q) => return self.new_expr(q, span),
                None => ExprKind::Null,
            },
            _ => ExprKind::Null,
        };
        Expr { kind, span }
    }

    fn new_expr(&mut self, p: P<'t>, span: Span) -> Expr {
        let rule = p.as_rule();
        let mut class = None;
        let mut element = None;
        let mut args = Vec::new();
        let mut length = None;
        for q in p.into_inner() {
            let qspan = self.span(&q);
            match q.as_rule() {
                Rule::ident => class = Some(self.ident(&q)),
                Rule::elem_type => element = Some(self.base_type(q)),
                Rule::args => args = self.args(q),
                Rule::expr => length = Some(self.expr(q)),
                Rule::type_args => self.generics(&q),
                Rule::balanced_braces => self.error_with_note(
                    qspan,
                    "anonymous classes are not supported by craig's Java subset",
                    "declare a class at the top level of the file",
                ),
                Rule::array_init => self.array_init(qspan),
                Rule::more_dims => self.error_with_note(
                    qspan,
                    "multi-dimensional arrays are not supported by craig's Java subset",
                    "create an array of arrays element by element",
                ),
                _ => {}
            }
        }
        let kind = if rule == Rule::new_array {
            ExprKind::NewArray {
                element: element.unwrap_or(Type { kind: TypeKind::Int, span }),
                length: Box::new(length.unwrap_or_else(|| placeholder(span))),
            }
        } else {
            ExprKind::New { class: class.unwrap_or(Ident { name: String::new(), span }), args }
        };
        Expr { kind, span }
    }

    /// A decimal or hexadecimal integer literal; other numbers are reported.
    fn number(&mut self, p: &P<'t>) -> Expr {
        let span = self.span(p);
        let s = p.as_str();
        let digits = |t: &str, radix: u32| !t.is_empty() && t.chars().all(|c| c.is_digit(radix));
        let value = if let Some(hex) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
            digits(hex, 16).then(|| i64::from_str_radix(hex, 16).ok())
        } else if digits(s, 10) && !(s.len() > 1 && s.starts_with('0')) {
            Some(s.parse::<i64>().ok())
        } else {
            None
        };
        match value {
            Some(Some(v)) => return Expr { kind: ExprKind::Int(v), span },
            Some(None) => {
                self.error(span, format!("integer literal `{s}` does not fit in 64 bits"))
            }
            None => {
                let what = if digits(s, 10) {
                    "octal literals"
                } else if s.ends_with(['l', 'L']) {
                    "`long` literals"
                } else if s.contains('.')
                    || s.ends_with(['f', 'F', 'd', 'D'])
                    || s.contains(['e', 'E'])
                {
                    "floating-point literals"
                } else {
                    "this literal"
                };
                let verb = if what == "this literal" { "is" } else { "are" };
                self.error_with_note(
                    span,
                    format!("{what} {verb} not supported by craig's Java subset"),
                    "integer literals are decimal or hexadecimal (`0x1F`)",
                );
            }
        }
        Expr { kind: ExprKind::Int(0), span }
    }

    // ------------------------------------------------------------ annotations

    /// Parses the content of an annotation token one specification at a time, with the rules of
    /// `kind`; returns the specifications' pairs (each the rule of one specification). Stops at
    /// the first error, which is reported.
    fn annotation(&mut self, p: &P<'t>, kind: AnnotationKind) -> Vec<P<'t>> {
        let Some(body) = p.clone().into_inner().next() else { return Vec::new() };
        let content: &'t str = body.as_str();
        let mut items = Vec::new();
        let mut pos = 0;
        while pos < content.len() {
            let rest = &content[pos..];
            if JavaParser::parse(Rule::spec_end, rest).is_ok() {
                break;
            }
            match JavaParser::parse(kind.entry(), rest) {
                Ok(mut pairs) => {
                    let Some(item) = pairs.next() else { break };
                    let end = item.as_str().len();
                    items.extend(item.into_inner().find(|q| q.as_rule() != Rule::semi));
                    if end == 0 {
                        break;
                    }
                    pos += end;
                }
                Err(e) => {
                    self.annotation_error(rest, &e, kind);
                    break;
                }
            }
        }
        items
    }

    /// The diagnostic for a syntax error in an annotation's `rest`: an unknown word where a
    /// keyword is expected is named; otherwise pest's "expected ...".
    fn annotation_error(
        &mut self,
        rest: &'t str,
        e: &pest::error::Error<Rule>,
        kind: AnnotationKind,
    ) {
        // The specification's first word: unknown unless it is a keyword of this kind of
        // annotation (or, among statements, the name assigned by `x := "..."`).
        let trimmed = rest.trim_start();
        let start = self.at(trimmed);
        let word = &self.text[start..word_end(self.text, start)];
        // `x = "..."` is a mistaken assignment rather than an unknown keyword.
        let assigned = kind == AnnotationKind::Statement
            && self.text[start + word.len()..].trim_start().starts_with([':', '=']);
        if word.starts_with(|c: char| c.is_ascii_alphabetic()) && !assigned {
            let known = kind.keywords().contains(&word);
            let pest_at = match e.location {
                pest::error::InputLocation::Pos(p) => p,
                pest::error::InputLocation::Span((s, _)) => s,
            };
            // An unknown first word, or an unknown word where pest expected only keywords.
            let failed_word = {
                let at = self.at(rest) + pest_at;
                &self.text[at..word_end(self.text, at).max(at)]
            };
            let only_keywords = matches!(&e.variant, pest::error::ErrorVariant::ParsingError { positives, .. }
                if !positives.is_empty() && positives.iter().all(|r| is_spec_keyword(*r)));
            let unknown = if !known {
                Some((start, word))
            } else if only_keywords
                && !failed_word.is_empty()
                && !kind.keywords().contains(&failed_word)
            {
                Some((self.at(rest) + pest_at, failed_word))
            } else {
                None
            };
            if let Some((at, w)) = unknown {
                self.error(
                    Span::new(self.file, at, at + w.len()),
                    format!("unknown annotation keyword `{w}`: expected {}", kind.expected()),
                );
                return;
            }
        }
        let base = self.at(rest);
        let mut d = pest_diagnostic(self.file, base, rest, e, describe);
        if let Some(m) = d.message.strip_suffix("found end of input") {
            d.message = format!("{m}found the end of the annotation");
        }
        self.diags.push(d);
    }

    /// The text of a quoted formula (without its quotes) or of a bare word.
    fn spec_text(&self, p: &P<'t>) -> SpecText {
        let text = match p.as_rule() {
            Rule::quoted => p.clone().into_inner().find(|q| q.as_rule() == Rule::quoted_text),
            _ => Some(p.clone()),
        };
        match text {
            Some(t) => SpecText { text: t.as_str().to_string(), span: self.span(&t) },
            None => SpecText { text: String::new(), span: self.span(p) },
        }
    }

    /// The label of `inv name: "..."`, `assert name: "..."`.
    fn label(&self, p: &P<'t>) -> Ident {
        match p.clone().into_inner().find(|q| q.as_rule() == Rule::spec_name) {
            Some(n) => self.ident(&n),
            None => self.ident(p),
        }
    }

    fn class_spec(&mut self, p: P<'t>) -> Option<Vec<ClassSpec>> {
        let span = self.span(&p);
        let rule = p.as_rule();
        let mut modifiers = Modifiers::default();
        let mut ghost = false;
        let mut ensured = false;
        let mut name = None;
        let mut texts = Vec::new();
        for q in p.into_inner() {
            let qspan = self.span(&q);
            let misplaced = |m: &str| format!("`{m}` does not apply to {}", describe_spec(rule));
            match q.as_rule() {
                Rule::kw_public => modifiers.public = true,
                // A definition's visibility changes nothing craig proves: the definition is
                // unfolded wherever it is used, and it holds in every state.
                Rule::kw_private | Rule::kw_protected | Rule::kw_static
                    if rule == Rule::vardefs_decl => {}
                Rule::kw_private | Rule::kw_protected | Rule::kw_static | Rule::kw_ghost
                    if rule != Rule::specvar_decl =>
                {
                    self.error(qspan, misplaced(q.as_str()));
                }
                Rule::kw_private => modifiers.private = true,
                Rule::kw_protected => modifiers.protected = true,
                Rule::kw_static => modifiers.static_ = true,
                Rule::kw_ghost => ghost = true,
                Rule::kw_ensured if rule != Rule::invariant_decl => {
                    self.error(qspan, misplaced("ensured"));
                }
                Rule::kw_ensured => ensured = true,
                Rule::spec_name => name = Some(self.ident(&q)),
                Rule::spec_label => name = Some(self.label(&q)),
                Rule::quoted | Rule::bare_word => texts.push(self.spec_text(&q)),
                _ => {}
            }
        }
        let mut texts = texts.into_iter();
        Some(match rule {
            Rule::specvar_decl => {
                let name = name?;
                let ty = texts.next()?;
                vec![ClassSpec::Specvar { modifiers, ghost, name, ty, initial: texts.next(), span }]
            }
            Rule::invariant_decl => vec![ClassSpec::Invariant {
                name: name.or_else(|| texts.as_slice().first().and_then(comment_label)),
                public: modifiers.public,
                ensured,
                formula: texts.next()?,
                span,
            }],
            Rule::vardefs_decl => {
                texts.map(|definition| ClassSpec::Vardefs { definition, span }).collect()
            }
            _ => return None,
        })
    }

    fn contract_clause(&mut self, p: P<'t>, contract: &mut Contract) {
        let rule = p.as_rule();
        let texts: Vec<SpecText> = p
            .into_inner()
            .filter(|q| matches!(q.as_rule(), Rule::quoted | Rule::bare_word))
            .map(|q| self.spec_text(&q))
            .collect();
        match rule {
            Rule::requires_clause => contract.requires.extend(texts),
            Rule::modifies_clause => contract.modifies.extend(texts),
            Rule::ensures_clause => contract.ensures.extend(texts),
            _ => {}
        }
    }

    fn loop_invariant(&mut self, p: P<'t>) -> Option<SpecText> {
        p.into_inner().find(|q| q.as_rule() == Rule::quoted).map(|q| self.spec_text(&q))
    }

    fn spec_statement(&mut self, p: P<'t>) -> Option<Statement> {
        let span = self.span(&p);
        let rule = p.as_rule();
        let mut label = None;
        let mut texts = Vec::new();
        let mut such_that = None;
        let mut inner = Vec::new();
        for q in p.into_inner() {
            match q.as_rule() {
                Rule::assuming_spec | Rule::assert_spec | Rule::assume_spec | Rule::note_spec => {
                    inner.extend(self.spec_statement(q));
                }
                Rule::spec_label => label = Some(self.label(&q)),
                Rule::quoted | Rule::bare_word => texts.push(self.spec_text(&q)),
                Rule::such_that => {
                    such_that = q
                        .into_inner()
                        .find(|r| r.as_rule() == Rule::quoted)
                        .map(|r| self.spec_text(&r));
                }
                _ => {}
            }
        }
        // Jahob's `comment ''Name'' F` names an unlabelled assertion.
        let label = label.or_else(|| texts.first().and_then(comment_label));
        let mut texts = texts.into_iter();
        let spec = match rule {
            Rule::spec_assign => SpecStatement::Assign { lhs: texts.next()?, rhs: texts.next()? },
            Rule::assert_spec => SpecStatement::Assert { label, formula: texts.next()? },
            Rule::assume_spec => SpecStatement::Assume { label, formula: texts.next()? },
            Rule::note_spec => SpecStatement::NoteThat { label, formula: texts.next()? },
            Rule::havoc_spec => SpecStatement::Havoc { target: texts.next()?, such_that },
            Rule::assuming_spec => {
                SpecStatement::Assuming { label, hypothesis: texts.next()?, body: inner }
            }
            _ => return None,
        };
        Some(Statement { kind: StatementKind::Spec(spec), span })
    }
}

/// The name of a formula written `comment ''Name'' F` (Jahob's labelled formula), where the
/// name is written; the formula itself reads `F` (the notation drops the label).
fn comment_label(text: &SpecText) -> Option<Ident> {
    let trimmed = text.text.trim_start();
    let after = trimmed.strip_prefix("comment")?;
    let quoted = after.trim_start().strip_prefix("''")?;
    let name = &quoted[..quoted.find("''")?];
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
        return None;
    }
    // The name's place: its offset in the text (no escapes in quoted text, so bytes line up).
    let start = text.span.start as usize + (text.text.len() - quoted.len());
    let span = Span::new(text.span.file, start, start + name.len());
    Some(Ident { name: name.to_string(), span })
}

/// How a class specification is named in "does not apply to" errors.
fn describe_spec(rule: Rule) -> &'static str {
    match rule {
        Rule::specvar_decl => "a specvar",
        Rule::invariant_decl => "an invariant",
        _ => "vardefs",
    }
}

/// True for the keyword rules of the annotations' language (and the modifiers they share with
/// Java).
fn is_spec_keyword(rule: Rule) -> bool {
    use Rule::*;
    matches!(
        rule,
        kw_specvar
            | kw_ghost
            | kw_ensured
            | kw_inv
            | kw_vardefs
            | kw_requires
            | kw_modifies
            | kw_ensures
            | kw_assert
            | kw_assume
            | kw_note_that
            | kw_havoc
            | kw_assuming
            | kw_public
            | kw_private
            | kw_protected
            | kw_static
    )
}

/// A stand-in for an expression that could not be read (its error is already reported).
fn placeholder(span: Span) -> Expr {
    Expr { kind: ExprKind::Null, span }
}

fn binary_op(rule: Rule) -> Option<BinaryOp> {
    Some(match rule {
        Rule::op_or => BinaryOp::Or,
        Rule::op_and => BinaryOp::And,
        Rule::op_eq => BinaryOp::Eq,
        Rule::op_ne => BinaryOp::Ne,
        Rule::op_lt => BinaryOp::Lt,
        Rule::op_le => BinaryOp::Le,
        Rule::op_gt => BinaryOp::Gt,
        Rule::op_ge => BinaryOp::Ge,
        Rule::op_add => BinaryOp::Add,
        Rule::op_sub => BinaryOp::Sub,
        Rule::op_mul => BinaryOp::Mul,
        Rule::op_div => BinaryOp::Div,
        Rule::op_rem => BinaryOp::Rem,
        _ => return None,
    })
}

/// Java's precedences (higher binds tighter); every binary operator of the subset is
/// left-associative.
fn precedence(op: BinaryOp) -> u8 {
    match op {
        BinaryOp::Or => 1,
        BinaryOp::And => 2,
        BinaryOp::Eq | BinaryOp::Ne => 3,
        BinaryOp::Lt | BinaryOp::Le | BinaryOp::Gt | BinaryOp::Ge => 4,
        BinaryOp::Add | BinaryOp::Sub => 5,
        BinaryOp::Mul | BinaryOp::Div | BinaryOp::Rem => 6,
    }
}

/// Applies the top operator to the top two operands.
fn reduce(operands: &mut Vec<Expr>, ops: &mut Vec<BinaryOp>) {
    let (Some(op), Some(rhs)) = (ops.pop(), operands.pop()) else { return };
    let Some(lhs) = operands.pop() else {
        operands.push(rhs);
        return;
    };
    let span = lhs.span.to(rhs.span);
    operands.push(Expr { kind: ExprKind::Binary(op, Box::new(lhs), Box::new(rhs)), span });
}

/// The depth of an expression tree, computed without recursion.
fn expr_depth(e: &Expr) -> usize {
    let mut max = 0;
    let mut stack = vec![(e, 1usize)];
    while let Some((e, d)) = stack.pop() {
        max = max.max(d);
        match &e.kind {
            ExprKind::Field(a, _) | ExprKind::Unary(_, a) => stack.push((a, d + 1)),
            ExprKind::Index(a, b) | ExprKind::Binary(_, a, b) | ExprKind::Assign(a, b) => {
                stack.push((a, d + 1));
                stack.push((b, d + 1));
            }
            ExprKind::Call { receiver, args, .. } => {
                stack.extend(receiver.iter().map(|r| (&**r, d + 1)));
                stack.extend(args.iter().map(|a| (a, d + 1)));
            }
            ExprKind::New { args, .. } => stack.extend(args.iter().map(|a| (a, d + 1))),
            ExprKind::NewArray { length, .. } => stack.push((length, d + 1)),
            _ => {}
        }
    }
    max
}

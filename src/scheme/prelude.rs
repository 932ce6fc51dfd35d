//! The prelude: R5RS's standard procedures written in the Scheme subset (`prelude.scm`), of
//! which a program gets only the definitions it uses, and what those use, in the file's order.
//!
//! Why in Scheme and not as abstract primitives: `map`, `assq` or `for-each` call the program's
//! procedures and walk its lists, and analysed as code ΓCFA follows those calls with the same
//! precision as the program's own. Why only what is used: every definition adds states.

use rustc_hash::FxHashSet;

use super::sexp::{Sexp, SexpKind, parse_file};
use crate::syntax::FileId;

/// The prelude's source text.
pub const TEXT: &str = include_str!("prelude.scm");

/// Calls that read as a fixed-arity helper: `(append a b)`, `(map f l)` ... (name, number of
/// arguments, helper). `append` with more arguments nests `%append2`.
const SPECIALISED: &[(&str, usize, &str)] = &[
    ("map", 2, "%map1"),
    ("map", 3, "%map2"),
    ("for-each", 2, "%for-each1"),
    ("for-each", 3, "%for-each2"),
];

/// One definition of the prelude.
struct Definition {
    name: String,
    form: Sexp,
    /// The prelude names its body uses.
    uses: Vec<String>,
}

/// The prelude, read once per program.
pub struct Prelude {
    /// The file its text was registered as (the spans of its definitions point there).
    pub file: FileId,
    defs: Vec<Definition>,
}

impl Prelude {
    /// Reads the prelude's text, registered in the source map as `file`.
    pub fn read(file: FileId) -> Prelude {
        // The text is the crate's own and a unit test reads it without errors, so a failure
        // here leaves the prelude empty rather than stopping the program's analysis.
        let (data, _) = parse_file(file, TEXT);
        let named: Vec<(String, Sexp)> =
            data.into_iter().filter_map(|d| Some((defined_name(&d)?.to_string(), d))).collect();
        let names: FxHashSet<&str> = named.iter().map(|(n, _)| n.as_str()).collect();
        let defs = named
            .iter()
            .map(|(name, form)| {
                let mut used = Vec::new();
                uses(form, &mut used);
                used.retain(|u| u != name && names.contains(u.as_str()));
                used.sort();
                used.dedup();
                Definition { name: name.clone(), form: form.clone(), uses: used }
            })
            .collect();
        Prelude { file, defs }
    }

    /// Every name the prelude defines.
    pub fn names(&self) -> FxHashSet<String> {
        self.defs.iter().map(|d| d.name.clone()).collect()
    }

    /// The definitions `program` needs: those its forms name (outside quoted data) and that it
    /// does not define at top level itself (as a procedure, a value or a macro), with what
    /// they use, in the prelude's order.
    pub fn needed(&self, program: &[&Sexp]) -> Vec<&Sexp> {
        let mut own: FxHashSet<&str> =
            program.iter().filter_map(|f| defined_name(f).or_else(|| defined_macro(f))).collect();
        own.extend(program.iter().flat_map(|f| record_names(f)));
        let mut wanted = Vec::new();
        for f in program {
            uses(f, &mut wanted);
        }
        // A program with both `dynamic-wind` (the prelude's) and `call/cc` gets the `call/cc`
        // that runs the wind list (see `prelude.scm`); the expander reads `call/cc` as it.
        let calls_cc = |w: &String| w == "%call/cc" || is_call_cc(w);
        if !own.contains("dynamic-wind")
            && wanted.iter().any(|w| w == "dynamic-wind")
            && wanted.iter().any(calls_cc)
        {
            wanted.push(WIND_CALL_CC.to_string());
        }
        let mut chosen = vec![false; self.defs.len()];
        while let Some(name) = wanted.pop() {
            if own.contains(name.as_str()) {
                continue;
            }
            if let Some(i) = self.defs.iter().position(|d| d.name == name)
                && !chosen[i]
            {
                chosen[i] = true;
                wanted.extend(self.defs[i].uses.iter().cloned());
            }
        }
        self.defs.iter().zip(chosen).filter(|(_, c)| *c).map(|(d, _)| &d.form).collect()
    }
}

/// The `call/cc` of a program that also uses `dynamic-wind`: its escape procedures run the
/// `after` and `before` thunks of the extents they leave and enter.
pub const WIND_CALL_CC: &str = "%wind-call/cc";

/// True for the names of `call/cc`, which as a value (not applied where it is written) means
/// the prelude's `%call/cc`.
pub fn is_call_cc(name: &str) -> bool {
    matches!(name, "call/cc" | "call-with-current-continuation")
}

/// The name a top-level `define` defines.
fn defined_name(f: &Sexp) -> Option<&str> {
    let items = f.as_list()?;
    if items.first()?.as_sym()? != "define" {
        return None;
    }
    match &items.get(1)?.kind {
        SexpKind::Sym(n) => Some(n),
        SexpKind::List(head) | SexpKind::Dotted(head, _) => head.first()?.as_sym(),
        _ => None,
    }
}

/// The names a top-level `define-record-type` defines (the type, constructor, predicate,
/// accessors and modifiers): a record's accessor named `length` hides the prelude's as a `define` would.
/// A malformed form defines what it names; the expander reports it.
fn record_names(f: &Sexp) -> Vec<&str> {
    let Some([head, name, ctor, pred, fields @ ..]) = f.as_list() else { return Vec::new() };
    if head.as_sym() != Some("define-record-type") {
        return Vec::new();
    }
    // The type's name is bound too (to its descriptor).
    let mut out: Vec<&str> = name.as_sym().into_iter().collect();
    out.extend(ctor.as_list().and_then(|c| c.first()).and_then(Sexp::as_sym));
    out.extend(pred.as_sym());
    for field in fields {
        if let Some([_, procedures @ ..]) = field.as_list() {
            out.extend(procedures.iter().filter_map(Sexp::as_sym));
        }
    }
    out
}

/// The name a top-level `define-syntax` defines.
fn defined_macro(f: &Sexp) -> Option<&str> {
    match f.as_list()? {
        [head, name, ..] if head.as_sym() == Some("define-syntax") => name.as_sym(),
        _ => None,
    }
}

/// The prelude names a symbol may stand for wherever it is written: itself, and the helpers a
/// form it heads may be read as. A macro's rules are not forms yet, so every symbol in them
/// counts with all of these.
fn names_behind(name: &str, out: &mut Vec<String>) {
    out.push(name.to_string());
    let helpers: &[&str] = match name {
        "map" => &["%map1", "%map2"],
        "for-each" => &["%for-each1", "%for-each2"],
        "append" | "quasiquote" | "unquote-splicing" => &["%append2"],
        "delay" => &["%delay"],
        "values" => &["%values-tag"],
        "receive" | "let-values" | "let*-values" => &["call-with-values"],
        n if is_call_cc(n) => &["%call/cc"],
        _ => &[],
    };
    out.extend(helpers.iter().map(|h| h.to_string()));
}

/// Every symbol of `s`, quoted or not, with the names behind it (see [`names_behind`]).
fn all_names(s: &Sexp, out: &mut Vec<String>) {
    match &s.kind {
        SexpKind::Sym(n) => names_behind(n, out),
        SexpKind::List(items) | SexpKind::Vector(items) => {
            items.iter().for_each(|i| all_names(i, out))
        }
        SexpKind::Dotted(items, tail) => {
            items.iter().for_each(|i| all_names(i, out));
            all_names(tail, out);
        }
        _ => {}
    }
}

/// Every name `s` may refer to, outside quoted data; direct calls of `append`, `map` and
/// `for-each` count as uses of the helpers they are read as.
fn uses(s: &Sexp, out: &mut Vec<String>) {
    match &s.kind {
        SexpKind::Sym(n) if is_call_cc(n) => out.push("%call/cc".into()),
        SexpKind::Sym(n) => out.push(n.clone()),
        SexpKind::List(items) => {
            let head = items.first().and_then(Sexp::as_sym);
            let args = items.len().saturating_sub(1);
            match head {
                Some("quote") => return,
                Some("syntax-rules") => return all_names(s, out),
                Some("receive" | "let-values" | "let*-values") => {
                    out.push("call-with-values".into())
                }
                Some("quasiquote") => {
                    for t in &items[1..] {
                        template_uses(t, 1, out);
                    }
                    return;
                }
                Some("delay") => out.push("%delay".into()),
                Some("append") if args >= 2 => out.push("%append2".into()),
                Some("append") => {}
                // A direct call of `values` is written out with the tag (see `expand.rs`).
                Some("values") => out.push("%values-tag".into()),
                Some(h) => match SPECIALISED.iter().find(|(n, a, _)| *n == h && *a == args) {
                    Some((_, _, helper)) => out.push(helper.to_string()),
                    None => out.push(h.to_string()),
                },
                None => {}
            }
            let skip = usize::from(head.is_some());
            for i in &items[skip..] {
                uses(i, out);
            }
        }
        SexpKind::Dotted(items, tail) => {
            for i in items {
                uses(i, out);
            }
            uses(tail, out);
        }
        SexpKind::Vector(items) => items.iter().for_each(|i| uses(i, out)),
        _ => {}
    }
}

/// The names the unquoted parts of a quasiquote template may refer to.
fn template_uses(t: &Sexp, depth: usize, out: &mut Vec<String>) {
    let (items, tail) = match &t.kind {
        SexpKind::List(items) => (items.as_slice(), None),
        SexpKind::Dotted(items, tail) => (items.as_slice(), Some(&**tail)),
        SexpKind::Vector(items) => (items.as_slice(), None),
        _ => return,
    };
    if let [tag, x] = items
        && let Some(tag) = tag.as_sym()
    {
        match (tag, depth) {
            ("unquote", 1) => return uses(x, out),
            ("unquote-splicing", 1) => {
                out.push("%append2".into());
                return uses(x, out);
            }
            ("unquote" | "unquote-splicing", _) => return template_uses(x, depth - 1, out),
            ("quasiquote", _) => return template_uses(x, depth + 1, out),
            _ => {}
        }
    }
    for i in items.iter().chain(tail) {
        template_uses(i, depth, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_prelude_reads_without_errors_and_defines_each_name_once() {
        let (data, diags) = parse_file(FileId(0), TEXT);
        assert!(diags.is_empty(), "{diags:?}");
        let p = Prelude::read(FileId(0));
        assert_eq!(p.defs.len(), data.len(), "every form of the prelude is a definition");
        let mut names: Vec<&str> = p.defs.iter().map(|d| d.name.as_str()).collect();
        names.sort();
        let n = names.len();
        names.dedup();
        assert_eq!(names.len(), n);
    }

    #[test]
    fn only_what_is_used_is_added_with_its_dependencies() {
        let p = Prelude::read(FileId(0));
        let (prog, _) = parse_file(FileId(1), "(define (f l) (map car l)) (list->vector '(map))");
        let forms: Vec<&Sexp> = prog.iter().collect();
        let names: Vec<&str> = p.needed(&forms).into_iter().filter_map(defined_name).collect();
        assert_eq!(names, ["length", "%map1", "list->vector"]);
        // A program's own definition hides the prelude's.
        let (prog, _) = parse_file(FileId(1), "(define (length l) 0) (list->vector '())");
        let forms: Vec<&Sexp> = prog.iter().collect();
        let names: Vec<&str> = p.needed(&forms).into_iter().filter_map(defined_name).collect();
        assert_eq!(names, ["list->vector"]);
    }
}

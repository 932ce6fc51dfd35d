//! The Scheme front end: a direct-style R5RS subset read into the paper's CPS language.
//!
//! Pipeline: [`sexp`] reads S-expressions with spans (the shared reader in `syntax`), [`expand`]
//! checks the forms, resolves and alphatises names and desugars into the core language of
//! [`ast`], and [`cps`] converts that to CPS with free-variable sets and join-point
//! annotations. Errors are [`Diagnostic`]s with spans; no input makes the front end panic.
//!
//! Dependency rule: this module uses only `crate::syntax`; the analysis (`crate::cfa`) reads
//! its output.

pub mod ast;
pub mod cps;
pub mod expand;
pub mod prelude;
pub mod sexp;

use std::path::Path;

use crate::syntax::{Diagnostic, FileId, SourceMap, Span, with_large_stack};

pub use cps::{CpsProgram, print_program};

/// The events every program knows without declaring them: the paper's lock protocol.
pub const BUILTIN_EVENTS: [&str; 2] = ["lock", "unlock"];

/// Reads, expands and converts a program held in memory. `events` extends the built-in
/// events (`lock`, `unlock`); a program may declare more with `(declare-events name ...)`.
pub fn load_program_str(
    name: &str,
    text: &str,
    events: &[String],
    sources: &mut SourceMap,
) -> (Option<CpsProgram>, Vec<Diagnostic>) {
    let file = sources.add(name, None, text.to_string());
    let prelude = sources.add(PRELUDE_NAME, None, prelude::TEXT.to_string());
    convert_file(file, prelude, text, events)
}

/// Reads a program file (see [`load_program_str`]).
pub fn load_program(
    path: &Path,
    events: &[String],
    sources: &mut SourceMap,
) -> (Option<CpsProgram>, Vec<Diagnostic>) {
    let name = path.display().to_string();
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let file = sources.add(name, Some(path), text.clone());
            let prelude = sources.add(PRELUDE_NAME, None, prelude::TEXT.to_string());
            convert_file(file, prelude, &text, events)
        }
        Err(e) => {
            let file = sources.add(name.clone(), Some(path), String::new());
            let d = Diagnostic::error(Span::new(file, 0, 0), format!("cannot read {name}: {e}"));
            (None, vec![d])
        }
    }
}

/// The name the prelude's text has in the source map.
pub const PRELUDE_NAME: &str = "<prelude>";

fn convert_file(
    file: FileId,
    prelude_file: FileId,
    text: &str,
    events: &[String],
) -> (Option<CpsProgram>, Vec<Diagnostic>) {
    let mut all_events: Vec<String> = BUILTIN_EVENTS.iter().map(|e| e.to_string()).collect();
    for e in events {
        if !all_events.contains(e) {
            all_events.push(e.clone());
        }
    }
    with_large_stack(STACK_BYTES, move || {
        let (data, mut diags) = sexp::parse_file(file, text);
        if crate::syntax::has_errors(&diags) {
            return (None, diags);
        }
        let prelude = prelude::Prelude::read(prelude_file);
        let (core, more) = expand::expand_program(file, &data, &all_events, Some(&prelude));
        diags.extend(more);
        let Some(core) = core else { return (None, diags) };
        let program = cps::convert(&core.body, core.vars, core.events);
        (Some(program), diags)
    })
}

/// Stack for the front end: expansion and conversion recurse on nesting and on the length of
/// bodies (each form of a long program nests the rest).
const STACK_BYTES: usize = 512 << 20;

#[cfg(test)]
mod tests {
    use super::*;

    fn cps(text: &str) -> String {
        let mut sm = SourceMap::new();
        let (p, d) = load_program_str("t.scm", text, &[], &mut sm);
        assert!(!crate::syntax::has_errors(&d), "{}", crate::syntax::render_all(&d, &sm));
        print_program(&p.unwrap())
    }

    fn errors(text: &str) -> String {
        let mut sm = SourceMap::new();
        let (p, d) = load_program_str("t.scm", text, &[], &mut sm);
        assert!(p.is_none());
        crate::syntax::render_all(&d, &sm)
    }

    #[test]
    fn lockloop_converts_without_administrative_redexes() {
        let text = "(define (lockloop n)
                      (if (= n 0) (begin (lock mutex) (lockloop 1))
                          (begin (unlock mutex) (lockloop 0))))
                    (define mutex 'mutex)
                    (lockloop 0)";
        let out = cps(text);
        assert!(out.contains("(if (= n 0)"), "{out}");
        assert!(out.contains("(lock mutex (λ/k (r)"), "{out}");
        assert!(out.contains("(lockloop 1 k)"), "{out}");
    }

    #[test]
    fn if_in_non_tail_position_gets_a_join_point() {
        let out = cps("(define (f x) (+ 1 (if x 2 3))) (f #t)");
        assert!(out.contains("(let ((j (λ/join ("), "{out}");
        assert!(out.contains("(j 2)") && out.contains("(j 3)"), "{out}");
    }

    #[test]
    fn names_are_alphatised() {
        let out = cps("(define (f x) x) (define (g x) x) (f (g 1))");
        assert!(out.contains("(λ (x k)") && out.contains("(λ (x_1 k_1)"), "{out}");
    }

    #[test]
    fn refused_forms_name_themselves() {
        let e = errors("(define-syntax foo (syntax-rules () ((_ x) x)))");
        assert!(e.contains("macros are not supported"), "{e}");
        let e = errors("(car 1 2)");
        assert!(e.contains("`car` takes 1 argument(s), given 2"), "{e}");
        let e = errors("(frob 1)");
        assert!(e.contains("unbound variable `frob`"), "{e}");
        let e = errors("(define (f n) (values n n))");
        assert!(
            e.contains("t.scm:1:16: error: `values`: multiple values are not supported"),
            "{e}"
        );
        // A program's own `values` is its own procedure.
        let mut sm = SourceMap::new();
        let (p, _) = load_program_str("t.scm", "(define (values x) x) (values 1)", &[], &mut sm);
        assert!(p.is_some());
        let e = errors("#\\bogus");
        assert!(e.contains("t.scm:1:1: error: `#\\bogus` is not a character R5RS knows"), "{e}");
        let e = errors("(do ((i 0 (+ i 1))))");
        assert!(e.contains("t.scm:1:1: error: `do` needs"), "{e}");
        let e = errors("`(1 ,@(list 2) . ,@x)");
        assert!(e.contains("`,@` must be inside a list"), "{e}");
        let e = errors("(cond (1 => car cdr))");
        assert!(
            e.contains("t.scm:1:7: error: a `cond` clause with `=>` is `(test => receiver)`"),
            "{e}"
        );
        let e = errors("(cond (1 => cons))");
        assert!(e.contains("t.scm:1:13: error: `cons` cannot receive the one value"), "{e}");
        let e = errors(",x");
        assert!(e.contains("only allowed inside a quasiquotation"), "{e}");
    }

    #[test]
    fn r5rs_forms_expand() {
        // `do` is a loop procedure bound by letrec.
        let out = cps("(do ((i 0 (+ i 1)) (acc '())) ((= i 3) acc) (display i))");
        assert!(out.contains("(letrec ((do-loop"), "{out}");
        assert!(out.contains("(do-loop t"), "{out}");
        // Variadic procedures show their rest parameter before the continuation.
        let out = cps("(define (f a . rest) rest) (define (g . all) all) (f 1 2 3) (g)");
        assert!(out.contains("(λ (a . rest k)"), "{out}");
        assert!(out.contains("(λ (. all k_1)"), "{out}");
        // call/cc passes an escape procedure that returns to the continuation.
        let out = cps("(+ 1 (call/cc (lambda (k) (k 2))))");
        assert!(out.contains("(let ((c (λ/k"), "{out}");
        assert!(out.contains("(λ (v k_2)"), "{out}");
        // Quasiquote splices through the prelude's `%append2`.
        let out = cps("(define l '(2 3)) `(1 ,@l 4)");
        assert!(out.contains("(%append2 l"), "{out}");
        // Direct calls of `map` read as the one-list helper; only it is added.
        let out = cps("(map (lambda (x) x) '(1 2))");
        assert!(out.contains("%map1") && !out.contains("%map2"), "{out}");
        // Characters and non-integer numbers are constants.
        let out = cps("(char->integer #\\space) (+ 1.5 1)");
        assert!(out.contains("#\\space") && out.contains("1.5"), "{out}");
    }

    #[test]
    fn forward_reference_to_a_value_becomes_an_assignment() {
        let out = cps("(define (f) x) (define x (+ 1 2)) (f)");
        assert!(out.contains("(set! x t"), "{out}");
        // A literal value moves to the front instead and stays immutable.
        let out = cps("(define (f) x) (define x 3) (f)");
        assert!(out.starts_with("(let ((x 3))"), "{out}");
    }

    #[test]
    fn call_cc_as_a_value_is_the_preludes_procedure() {
        for name in ["call/cc", "call-with-current-continuation"] {
            let out = cps(&format!("(define k {name}) (k (lambda (c) (c 1)))"));
            assert!(out.contains("(letrec ((%call/cc (λ (f k"), "{out}");
            assert!(out.contains("(let ((k %call/cc))"), "{out}");
        }
        // Applied where it is written, it is converted directly, without the prelude.
        let out = cps("(call/cc (lambda (c) (c 1)))");
        assert!(!out.contains("%call/cc"), "{out}");
    }

    #[test]
    fn cond_arrow_binds_the_test_and_calls_the_receiver() {
        let out = cps("(define (f x) (cond ((car x) => (lambda (y) y)) (else 0))) (f '(1))");
        assert!(out.contains("(let ((t (car x)))"), "{out}");
        assert!(out.contains("(if t"), "{out}");
    }

    #[test]
    fn named_let_and_cond_expand() {
        let out = cps("(let loop ((i 3)) (cond ((= i 0) 'done) (else (loop (- i 1)))))");
        assert!(out.contains("(letrec ((loop"), "{out}");
    }
}

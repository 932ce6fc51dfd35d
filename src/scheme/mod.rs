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
pub mod macros;
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
        let e = errors("(define-syntax foo (er-macro-transformer car))");
        assert!(e.contains("the transformer of `foo` must be `(syntax-rules ...)`"), "{e}");
        let e = errors("(car 1 2)");
        assert!(e.contains("`car` takes 1 argument(s), given 2"), "{e}");
        let e = errors("(frob 1)");
        assert!(e.contains("unbound variable `frob`"), "{e}");
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

    /// The events a program's concrete run performs (`ok`, `bad` are declared), and that it
    /// halted.
    fn run_events(text: &str) -> Vec<String> {
        let mut sm = SourceMap::new();
        let text = format!("(declare-events ok bad)\n{text}");
        let (p, d) = load_program_str("t.scm", &text, &[], &mut sm);
        assert!(!crate::syntax::has_errors(&d), "{}", crate::syntax::render_all(&d, &sm));
        let run = crate::cfa::concrete::run(&p.unwrap(), 100_000);
        assert_eq!(run.outcome, crate::cfa::concrete::Outcome::Halted, "{text}");
        run.events
    }

    #[test]
    fn swap_does_not_capture_the_users_tmp() {
        let swap = "(define-syntax swap! (syntax-rules ()
                      ((_ a b) (let ((tmp a)) (set! a b) (set! b tmp)))))";
        let text = format!(
            "{swap} (define tmp 1) (define other 2) (swap! tmp other)
             (if (and (= tmp 2) (= other 1)) (ok) (bad))"
        );
        assert_eq!(run_events(&text), ["ok"]);
        // The template's `tmp` is bound under a name of its own: `tmp` and `tmp_1`.
        let out = cps(&format!("{swap} (define (f tmp y) (swap! tmp y) tmp) (f 1 2)"));
        assert!(out.contains("(let ((tmp_1 tmp))"), "{out}");
    }

    #[test]
    fn my_or_does_not_capture_the_users_t() {
        let text = "(define-syntax my-or (syntax-rules ()
                       ((_) #f) ((_ e) e)
                       ((_ e r ...) (let ((t e)) (if t t (my-or r ...))))))
                     (define t 5)
                     (if (eqv? (my-or #f t) 5) (ok) (bad))
                     (if (my-or) (bad) (ok))";
        assert_eq!(run_events(text), ["ok", "ok"]);
    }

    #[test]
    fn r5rs_letrec_syntax_example_gives_7() {
        // R5RS 4.3.1: the user binds `let`, `if` and `temp`; the template's mean the standard
        // forms and its own temporary.
        let text = "(define r (letrec-syntax
                        ((my-or (syntax-rules ()
                                  ((my-or) #f)
                                  ((my-or e) e)
                                  ((my-or e1 e2 ...)
                                   (let ((temp e1)) (if temp temp (my-or e2 ...)))))))
                      (let ((x #f) (y 7) (temp 8) (let odd?) (if even?))
                        (my-or x (let temp) (if y) y))))
                    (if (eqv? r 7) (ok) (bad))";
        assert_eq!(run_events(text), ["ok"]);
    }

    #[test]
    fn let_syntax_templates_see_the_macros_scope() {
        // R5RS 4.3.1's `let-syntax` example: the template's `x` is the outer one.
        let text = "(define r (let ((x 'outer))
                      (let-syntax ((m (syntax-rules () ((m) x))))
                        (let ((x 'inner)) (m)))))
                    (if (eq? r 'outer) (ok) (bad))";
        assert_eq!(run_events(text), ["ok"]);
        // A user's local `if` does not change the template's `if`.
        let text = "(define-syntax my-unless (syntax-rules () ((_ c e) (if c #f e))))
                    (let ((if (lambda (a b c) c))) (my-unless #t (bad)))
                    (ok)";
        assert_eq!(run_events(text), ["ok"]);
    }

    #[test]
    fn recursive_macro_my_let_star() {
        let text = "(define-syntax my-let* (syntax-rules ()
                       ((_ () body ...) (let () body ...))
                       ((_ ((x v) rest ...) body ...) (let ((x v)) (my-let* (rest ...) body ...)))))
                     (if (= (my-let* ((a 1) (b (+ a 1)) (c (* b 3))) c) 6) (ok) (bad))";
        assert_eq!(run_events(text), ["ok"]);
        let out = cps(&text.replace("(ok)", "1").replace("(bad)", "2"));
        assert!(out.contains("(let ((a 1))") && out.contains("(let ((c"), "{out}");
    }

    #[test]
    fn patterns_ellipses_vectors_tails_and_underscore() {
        let text = "(define-syntax flat (syntax-rules () ((_ (a ...) ...) '(a ... ...))))
                    (define-syntax keyed (syntax-rules () ((_ (k v ...) ...) '((k v ...) ...))))
                    (define-syntax last (syntax-rules () ((_ a ... z) 'z)))
                    (define-syntax vsum (syntax-rules () ((_ #(a ...)) (+ a ...))))
                    (define-syntax rest (syntax-rules () ((_ a . r) 'r)))
                    (define-syntax second (syntax-rules () ((_ _ b) b)))
                    (define-syntax lits (syntax-rules (to) ((_ a to b) (- b a)) ((_ a b c) 0)))
                    (define-syntax vec (syntax-rules () ((_ a ...) '#(a ... end))))
                    (if (equal? (flat (1 2) (3) ()) '(1 2 3)) (ok) (bad))
                    (if (equal? (keyed (x 1 2) (y)) '((x 1 2) (y))) (ok) (bad))
                    (if (eq? (last 1 2 3) '3) (ok) (bad))
                    (if (= (vsum #(1 2 3)) 6) (ok) (bad))
                    (if (equal? (rest 1 2 3) '(2 3)) (ok) (bad))
                    (if (= (second 1 2) 2) (ok) (bad))
                    (if (= (lits 1 to 5) 4) (ok) (bad))
                    (if (= (lits 1 2 5) 0) (ok) (bad))
                    (if (equal? (vec 1 2) '#(1 2 end)) (ok) (bad))";
        assert_eq!(run_events(text), ["ok"; 9]);
    }

    #[test]
    fn macros_may_write_definitions() {
        let text = "(define-syntax define-both (syntax-rules ()
                       ((_ a b v) (begin (define a v) (define (b) a)))))
                     (define-both x get-x 5)
                     (define (f) (define-both y get-y 6) (+ (get-y) y))
                     (if (and (= x 5) (= (get-x) 5) (= (f) 12)) (ok) (bad))";
        assert_eq!(run_events(text), ["ok"]);
    }

    #[test]
    fn a_user_bound_else_or_arrow_is_not_the_cond_keyword() {
        // With `else` bound, `(else 1)` is an ordinary clause whose test is the variable.
        let text = "(define r (let ((else #f)) (cond (else (bad)) (#t 2))))
                    (define s (let ((=> 3)) (cond (#t => 4))))
                    (if (and (= r 2) (= s 4)) (ok) (bad))";
        assert_eq!(run_events(text), ["ok"]);
    }

    #[test]
    fn literals_match_by_meaning() {
        let my_cond = "(define-syntax my-cond (syntax-rules (else)
                          ((_ (else e)) e)
                          ((_ (c e) clause ...) (if c e (my-cond clause ...)))))";
        assert_eq!(run_events(&format!("{my_cond} (my-cond (#f (bad)) (else (ok)))")), ["ok"]);
        // A locally bound `else` is not the literal: the second rule, then no rule matches.
        let e = errors(&format!("{my_cond}\n(let ((else #t)) (my-cond (else 1)))"));
        assert!(
            e.contains("t.scm:4:18: error: no syntax-rules pattern of `my-cond` matches this use"),
            "{e}"
        );
    }

    #[test]
    fn macro_errors_have_positions_and_do_not_loop() {
        let e =
            errors("(define-syntax my-if (syntax-rules () ((_ c a b) (if c a b))))\n(my-if 1 2)");
        assert!(
            e.contains("t.scm:2:1: error: no syntax-rules pattern of `my-if` matches this use"),
            "{e}"
        );
        // Expression position and body position both stop at the depth limit.
        let e = errors(
            "(define-syntax forever (syntax-rules () ((_ x) (forever (x)))))\n(display (forever 1))",
        );
        assert!(e.contains("t.scm:2:10: error: expanding `forever` nests more than 1000"), "{e}");
        let e = errors("(define-syntax loop (syntax-rules () ((_) (loop))))\n\n(loop)");
        assert!(e.contains("t.scm:3:1: error: expanding `loop` nests more than 1000"), "{e}");
        // Output that doubles at each step stops at the size limit.
        let e = errors("(define-syntax grow (syntax-rules () ((_ x) (grow (x x)))))\n(grow 1)");
        assert!(e.contains("t.scm:2:1: error: expanding `grow` writes more than"), "{e}");
        // Bad rules are refused where they are written.
        let e = errors("(define-syntax m (syntax-rules () ((_ x ...) x)))");
        assert!(e.contains("t.scm:1:46: error: pattern variable `x` needs 1 ellipsis"), "{e}");
        let e = errors("(define-syntax m (syntax-rules () ((_ x) (x ...))))");
        assert!(e.contains("a sub-template followed by an ellipsis needs"), "{e}");
        let e = errors("(define-syntax m (syntax-rules () ((_ x x) 1)))");
        assert!(e.contains("pattern variable `x` appears twice"), "{e}");
        let e = errors("(define-syntax m (syntax-rules () ((_ a ...) 1))) (m . 2) m");
        assert!(e.contains("`m` is a macro: it can only be used as `(m ...)`"), "{e}");
        let e = errors(
            "(define-syntax m (syntax-rules () ((_ (a ...) (b ...)) '((a b) ...))))
                        (m (1 2) (3))",
        );
        assert!(e.contains("matched different numbers of forms"), "{e}");
    }

    #[test]
    fn macro_defining_macros_and_quoted_template_symbols() {
        let text = "(define-syntax def-const (syntax-rules ()
                       ((_ name v) (define-syntax name (syntax-rules () ((_) v))))))
                     (def-const five 5)
                     (define-syntax sym (syntax-rules () ((_) 'tmp)))
                     (if (and (= (five) 5) (eq? (sym) 'tmp)) (ok) (bad))";
        assert_eq!(run_events(text), ["ok"]);
    }

    #[test]
    fn custom_ellipsis_and_escaped_ellipsis() {
        let text = "(define-syntax my-list (syntax-rules ::: () ((_ x :::) (list x :::))))
                    (define-syntax def-lister (syntax-rules ()
                       ((_ name) (define-syntax name
                                   (syntax-rules () ((_ x (... ...)) '(x (... ...))))))))
                    (def-lister lst)
                    (if (equal? (my-list 1 2) '(1 2)) (ok) (bad))
                    (if (equal? (lst 1 2 3) '(1 2 3)) (ok) (bad))";
        assert_eq!(run_events(text), ["ok", "ok"]);
    }

    #[test]
    fn multiple_values_reach_the_consumer() {
        let text = "(define (div-mod n d) (values (quotient n d) (remainder n d)))
                    (call-with-values (lambda () (div-mod 17 5))
                      (lambda (q r) (if (and (= q 3) (= r 2)) (ok) (bad))))
                    (call-with-values (lambda () 7) (lambda (x) (if (= x 7) (ok) (bad))))
                    (call-with-values (lambda () (values)) (lambda () (ok)))
                    (if (equal? (call-with-values (lambda () (values 1 2 3)) list) '(1 2 3))
                        (ok) (bad))
                    (if (= (+ 1 (values 2)) 3) (ok) (bad))
                    (receive (a . more) (values 1 2 3)
                      (if (and (= a 1) (equal? more '(2 3))) (ok) (bad)))
                    (define a 10)
                    (let-values (((a b) (values 1 2)) ((c) (values a)) (all (values 4 5)))
                      (if (and (= a 1) (= b 2) (= c 10) (equal? all '(4 5))) (ok) (bad)))
                    (let*-values (((a b) (values 1 2)) ((c) (values a)))
                      (if (= c 1) (ok) (bad)))";
        assert_eq!(run_events(text), ["ok"; 8]);
        // `values` and `call-with-values` come from the prelude only when used.
        let out = cps("(call-with-values (lambda () (values 1 2)) +)");
        assert!(out.contains("%values-tag") && out.contains("call-with-values"), "{out}");
        assert!(!cps("(+ 1 2)").contains("%values-tag"));
    }

    #[test]
    fn named_let_and_cond_expand() {
        let out = cps("(let loop ((i 3)) (cond ((= i 0) 'done) (else (loop (- i 1)))))");
        assert!(out.contains("(letrec ((loop"), "{out}");
    }
}

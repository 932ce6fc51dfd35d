//! `define-record-type` and `dynamic-wind` (issue 39): records are a value kind of their own for
//! ΓCFA (no type predicate but their own is true of them, and theirs of nothing else), an
//! accessor reads its one field, a modifier writes it, `dynamic-wind` runs `after`, and
//! malformed forms are reported in Scheme's words.
//!
//! The analysis is observed through its warnings: `(car '())` on a branch is reported exactly
//! when the analysis thinks the branch may be taken, and `(car (accessor r))` when the field may
//! hold `'()`.

use std::rc::Rc;

use craig::cfa::protocol::parse_protocols;
use craig::cfa::{Analysis, Options, Verdict, analyse};
use craig::scheme::load_program_str;
use craig::syntax::{SourceMap, has_errors, render_all};

fn analyse_text(text: &str) -> Analysis {
    let mut sources = SourceMap::new();
    let (p, d) = load_program_str("r.scm", text, &[], &mut sources);
    assert!(!has_errors(&d), "{}", render_all(&d, &sources));
    let a = analyse(Rc::new(p.expect("program")), Rc::new(sources), &Options::default());
    assert!(a.graph.complete);
    a
}

fn errors_of(text: &str) -> String {
    let mut sources = SourceMap::new();
    let (p, d) = load_program_str("r.scm", text, &[], &mut sources);
    let rendered = render_all(&d, &sources);
    assert!(p.is_none(), "expected errors, got a program ({rendered})");
    rendered
}

fn concrete_outcome(text: &str) -> craig::cfa::concrete::Run {
    let mut sources = SourceMap::new();
    let (p, d) = load_program_str("r.scm", text, &[], &mut sources);
    assert!(!has_errors(&d), "{}", render_all(&d, &sources));
    craig::cfa::concrete::run(&p.expect("program"), 100_000)
}

const POINT: &str = "(define-record-type <point> (make-point x y) point?
                       (x point-x set-point-x!) (y point-y))\n";

#[test]
fn a_record_is_no_vector_pair_procedure_or_other_type() {
    // Were records vectors (or closures, or pairs), one of these branches would be taken and
    // `car` of '() reported.
    let text = format!(
        "{POINT}(define p (make-point 1 2))
         (if (vector? p) (car '()) 0)
         (if (pair? p) (car '()) 0)
         (if (procedure? p) (car '()) 0)
         (if (null? p) (car '()) 0)
         (if (symbol? p) (car '()) 0)
         (if (point? p) 0 (car '()))"
    );
    assert_eq!(analyse_text(&text).warnings_text(), "");
    // And the branch a record does take is seen.
    let text = format!("{POINT}(define p (make-point 1 2)) (if (point? p) (car '()) 0)");
    assert!(analyse_text(&text).warnings_text().contains("`car` may be applied to '()"));
    let r = concrete_outcome(&format!(
        "{POINT}(define p (make-point 1 2)) (if (or (vector? p) (procedure? p)) (car '()) 0)"
    ));
    assert_eq!(r.outcome, craig::cfa::concrete::Outcome::Halted);
}

#[test]
fn accessors_read_their_own_field_and_modifiers_write_it() {
    // x holds a pair, y '(): `car` of x is fine, of y is not (one address per field).
    let text = format!(
        "{POINT}(define p (make-point (cons 1 2) '()))
         (car (point-x p))"
    );
    assert_eq!(analyse_text(&text).warnings_text(), "");
    let text = format!("{POINT}(define p (make-point (cons 1 2) '())) (car (point-y p))");
    assert!(analyse_text(&text).warnings_text().contains("r.scm:3:"));
    // After `set-point-x!` stores '() in x, `car` of x may fail.
    let text = format!(
        "{POINT}(define p (make-point (cons 1 2) (cons 3 4)))
         (set-point-x! p '())
         (car (point-x p))"
    );
    assert!(analyse_text(&text).warnings_text().contains("`car` may be applied to '()"));
    // The concrete machine agrees.
    let r = concrete_outcome(&format!(
        "{POINT}(define p (make-point 1 2)) (set-point-x! p 5)
         (if (= (+ (point-x p) (point-y p)) 7) 0 (car '()))"
    ));
    assert_eq!(r.outcome, craig::cfa::concrete::Outcome::Halted);
}

#[test]
fn the_constructor_may_take_some_fields_in_any_order() {
    let text = "(define-record-type node (make-node right left) node?
                  (left node-left) (mark node-mark set-node-mark!) (right node-right))
                (define n (make-node '() (cons 1 2)))
                (car (node-left n))
                (if (node-mark n) (car '()) 0)";
    // left is the pair (the second argument), right is '(); mark is unspecified (void, which
    // is true in Scheme), so its branch is taken: the one warning is on the last line.
    let w = analyse_text(text).warnings_text();
    assert!(w.contains("r.scm:5:"), "{w}");
    assert!(!w.contains("r.scm:4:"), "{w}");
}

#[test]
fn a_predicate_is_false_of_another_record_type_and_of_vectors() {
    let text = format!(
        "{POINT}(define-record-type <segment> (make-segment from to) segment?
           (from segment-from) (to segment-to))
         (define s (make-segment 0 1))
         (if (point? s) (car '()) 0)
         (if (point? (vector 1 2)) (car '()) 0)
         (if (segment? (make-point 1 2)) (car '()) 0)"
    );
    assert_eq!(analyse_text(&text).warnings_text(), "");
    // An accessor applied to a record of another type (or to a vector) is an error.
    let w = analyse_text(&format!(
        "{POINT}(define-record-type <segment> (make-segment from to) segment?
           (from segment-from) (to segment-to))
         (point-x (make-segment 0 1))"
    ))
    .warnings_text();
    assert!(
        w.contains("`<point>` record accessor may be applied to a record of another type"),
        "{w}"
    );
    let w = analyse_text(&format!("{POINT}(point-y (vector 1 2))")).warnings_text();
    // Pointed at the accessor's name in the definition (line 2, column 52: `point-y`).
    assert!(
        w.contains("r.scm:2:52: warning: `<point>` record accessor may be applied to a value that is not a record"),
        "{w}"
    );
    let r = concrete_outcome(&format!("{POINT}(point-y (vector 1 2))"));
    assert!(matches!(r.outcome, craig::cfa::concrete::Outcome::Error(_)));
    // Two record types of the same name (in different bodies) are still two types.
    let text = "(define (one) (define-record-type t (mk) t?) (mk))
                (define (two) (define-record-type t (mk) t?) t?)
                (if ((two) (one)) (car '()) 0)";
    assert_eq!(analyse_text(text).warnings_text(), "");
}

#[test]
fn the_type_name_is_bound_to_a_descriptor_of_its_own() {
    // R7RS binds `<point>` to the type's descriptor: a value, so a program that passes it
    // around is analysed; it is no record of the type, no pair, symbol, vector or procedure.
    let text = format!(
        "{POINT}(define t <point>)
         (if (point? t) (car '()) 0)
         (if (symbol? t) (car '()) 0)
         (if (vector? t) (car '()) 0)
         (if (procedure? t) (car '()) 0)
         (if (pair? t) (car '()) 0)"
    );
    assert_eq!(analyse_text(&text).warnings_text(), "");
    // Reading a field of it is reading a record of another type.
    let w = analyse_text(&format!("{POINT}(point-x <point>)")).warnings_text();
    assert!(
        w.contains("`<point>` record accessor may be applied to a record of another type"),
        "{w}"
    );
    // It is `eq?` to itself and to nothing else, in the concrete machine: two types' names are
    // two descriptors.
    let r = concrete_outcome(&format!(
        "{POINT}(define-record-type <segment> (make-segment) segment?)
         (if (and (eq? <point> <point>) (not (eq? <point> <segment>)) (not (point? <point>)))
             0 (car '()))"
    ));
    assert_eq!(r.outcome, craig::cfa::concrete::Outcome::Halted);
    let r = concrete_outcome(&format!("{POINT}(point-x <point>)"));
    assert!(matches!(r.outcome, craig::cfa::concrete::Outcome::Error(_)));
}

#[test]
fn dynamic_wind_runs_before_the_thunk_and_after_in_order() {
    let wind = wind_protocol();
    let good = "(declare-events enter work leave)
                (define r (dynamic-wind (lambda () (enter 'w))
                                        (lambda () (work 'w) 42)
                                        (lambda () (leave 'w))))
                (if (= r 42) 0 (car '()))";
    let a = analyse_text(good);
    assert!(matches!(a.check(&wind), Verdict::Verified), "{:?}", a.check(&wind));
    // The thunk's value is the value of the whole form.
    assert_eq!(a.warnings_text(), "");
    let r = concrete_outcome(good);
    assert_eq!(r.events, ["enter", "work", "leave"]);
    // A program that leaves `after` out ends inside: a violation, so the check can fail.
    let bad = "(declare-events enter work leave)
               (dynamic-wind (lambda () (enter 'w)) (lambda () (work 'w)) (lambda () 0))";
    assert!(matches!(analyse_text(bad).check(&wind), Verdict::Violation(_)));
}

/// The protocol of an extent: `enter` (its `before`), `work`s, `leave` (its `after`).
fn wind_protocol() -> craig::cfa::Protocol {
    let (mut ps, d) = parse_protocols(
        craig::syntax::FileId(0),
        "protocol wind { initial out; final out; out enter -> in; in work -> in; \
         in leave -> out; }",
    );
    assert!(d.is_empty(), "{d:?}");
    ps.remove(0)
}

#[test]
fn an_escape_out_of_dynamic_wind_runs_after() {
    // The escape leaves the extent before the second `work`: `leave` runs, then the value 42
    // reaches `r`.
    let escape = "(declare-events enter work leave)
                  (define r (call/cc (lambda (k)
                    (dynamic-wind (lambda () (enter 'w))
                                  (lambda () (work 'w) (k 42) (work 'w))
                                  (lambda () (leave 'w))))))
                  (if (= r 42) 0 (car '()))";
    let r = concrete_outcome(escape);
    assert_eq!(r.events, ["enter", "work", "leave"]);
    assert_eq!(r.outcome, craig::cfa::concrete::Outcome::Halted);
    let a = analyse_text(escape);
    assert!(
        matches!(a.check(&wind_protocol()), Verdict::Verified),
        "{:?}",
        a.check(&wind_protocol())
    );
    // Through two extents: the inner `after` first. An escape that stays inside its extent
    // runs no `after` of its own.
    let nested = "(declare-events a-in a-out b-in b-out)
                  (call/cc (lambda (k)
                    (dynamic-wind (lambda () (a-in 'w))
                                  (lambda () (dynamic-wind (lambda () (b-in 'w))
                                                           (lambda () (k 0))
                                                           (lambda () (b-out 'w))))
                                  (lambda () (a-out 'w)))))
                  (dynamic-wind (lambda () (a-in 'w))
                                (lambda () (call/cc (lambda (k) (k 1))))
                                (lambda () (a-out 'w)))";
    let r = concrete_outcome(nested);
    assert_eq!(r.events, ["a-in", "b-in", "b-out", "a-out", "a-in", "a-out"]);
    assert_eq!(r.outcome, craig::cfa::concrete::Outcome::Halted);
    // The concrete run is a path of the analysis's graph.
    let a = analyse_text(nested);
    assert!(craig::cfa::concrete::graph_admits(&a.program, &a.graph, &r.events));
    // `call/cc` as a value winds too.
    let value = "(declare-events enter work leave)
                 (define r ((lambda (cc)
                              (cc (lambda (k)
                                    (dynamic-wind (lambda () (enter 'w))
                                                  (lambda () (work 'w) (k 42) (work 'w))
                                                  (lambda () (leave 'w))))))
                            call/cc))
                 (if (= r 42) 0 (car '()))";
    assert_eq!(concrete_outcome(value).events, ["enter", "work", "leave"]);
    let a = analyse_text(value);
    assert!(
        matches!(a.check(&wind_protocol()), Verdict::Verified),
        "{:?}",
        a.check(&wind_protocol())
    );
}

#[test]
fn a_reentry_into_dynamic_wind_runs_before_again() {
    // The thunk returns its own continuation; applying it after the extent is over enters the
    // extent again (`enter`), returns 7 from the thunk and leaves (`leave`).
    let reentry = "(declare-events enter work leave)
                   (define r (dynamic-wind (lambda () (enter 'w))
                                           (lambda () (work 'w) (call/cc (lambda (k) k)))
                                           (lambda () (leave 'w))))
                   (if (procedure? r) (r 7) (if (= r 7) 0 (car '())))";
    let r = concrete_outcome(reentry);
    assert_eq!(r.events, ["enter", "work", "leave", "enter", "leave"]);
    assert_eq!(r.outcome, craig::cfa::concrete::Outcome::Halted);
    let a = analyse_text(reentry);
    assert!(
        matches!(a.check(&wind_protocol()), Verdict::Verified),
        "{:?}",
        a.check(&wind_protocol())
    );
    assert!(craig::cfa::concrete::graph_admits(&a.program, &a.graph, &r.events));
    // Were `before` not run on re-entry, `leave` would follow `leave`: the check can fail.
    let skipped = reentry.replace("(lambda () (enter 'w))", "(lambda () 0)");
    assert!(matches!(analyse_text(&skipped).check(&wind_protocol()), Verdict::Violation(_)));
}

#[test]
fn malformed_records_are_reported_in_schemes_words() {
    let shape = "`define-record-type` expects (define-record-type <name> (<constructor> \
                 <field> ...) <predicate> (<field> <accessor> [<modifier>]) ...)";
    for (text, expected) in [
        ("(define-record-type point)", shape.to_string()),
        ("(define-record-type (point) (mk) p?)", shape.to_string()),
        ("(define-record-type point mk p?)", shape.to_string()),
        ("(define-record-type point (mk x) p? (x))", shape.to_string()),
        ("(define-record-type point (mk x) p? (x a b c))", shape.to_string()),
        ("(define-record-type point (mk x) 5 (x a))", shape.to_string()),
        (
            "(define-record-type point (mk z) p? (x a))",
            "r.scm:1:31: error: the constructor takes `z`, which is not a field".into(),
        ),
        ("(define-record-type point (mk x x) p? (x a))", "the constructor takes `x` twice".into()),
        ("(define-record-type point (mk x) p? (x a) (x b))", "field `x` is declared twice".into()),
        ("(+ 1 (define-record-type point (mk) p?))", "`define-record-type` is a definition".into()),
    ] {
        let e = errors_of(text);
        assert!(e.contains(&expected), "{text}: {e}");
        assert!(e.contains("r.scm:1:"), "{text}: {e}");
    }
}

#[test]
fn the_records_example_is_verified() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/scheme/records.scm");
    let mut sources = SourceMap::new();
    let (p, d) = craig::scheme::load_program(&path, &[], &mut sources);
    assert!(!has_errors(&d), "{}", render_all(&d, &sources));
    let a = analyse(Rc::new(p.expect("program")), Rc::new(sources), &Options::default());
    let v = a.check(&craig::cfa::Protocol::lock_discipline());
    assert!(matches!(v, Verdict::Verified), "{v:?}");
}

#[test]
fn a_record_procedure_hides_the_preludes_of_the_same_name() {
    // `length` is the record's accessor here, not the prelude's list length.
    let text = "(define-record-type seg (make-seg length) seg? (length length))
                (if (= (length (make-seg 3)) 3) 0 (car '()))";
    assert_eq!(analyse_text(text).warnings_text(), "");
}

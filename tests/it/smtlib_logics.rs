//! Logic signatures in the SMT-LIB front end (`craig::smtlib`): `set-logic` decides which theory
//! sorts and symbols exist. In QF_UF a script may declare a sort `Int` and a function `+`, and
//! its answers (models, interpolants) are over those uninterpreted names; in QF_LIA the same
//! declarations are refused, and numerals outside arithmetic are errors. Each answer is
//! asserted exactly; interpolants are also checked by entailment in fresh scripts.

use crate::common::run_smt_script as run;
use craig::smtlib::read_theory;
use craig::syntax::SourceMap;

/// A QF_UF script whose sort `Int` and function `+` are its own.
const OWN_PLUS: &str = "(set-logic QF_UF)
(declare-sort Int 0)
(declare-fun + (Int Int) Int)
(declare-const a Int)
(declare-const b Int)
(declare-const c Int)
(declare-const d Int)
(declare-const e Int)
";

#[test]
fn a_qf_uf_script_declares_int_and_plus_and_gets_an_interpolant_over_them() {
    let text = format!(
        "{OWN_PLUS}(assert (! (and (= a b) (= c (+ a d))) :named A))
(assert (! (and (= e (+ b d)) (not (= c e))) :named B))
(check-sat)
(get-interpolants A B)
"
    );
    let out = run("own_plus.smt2", &text);
    assert_eq!(out, "unsat\n((= c (+ b d)))\n");
    // The interpolant is the script's own: A entails it and it contradicts B, read back in
    // fresh scripts over the same declarations.
    let interpolant = "(= c (+ b d))";
    let a_implies = format!(
        "{OWN_PLUS}(assert (and (= a b) (= c (+ a d))))(assert (not {interpolant}))(check-sat)"
    );
    assert_eq!(run("check.smt2", &a_implies), "unsat\n");
    let with_b = format!(
        "{OWN_PLUS}(assert {interpolant})(assert (and (= e (+ b d)) (not (= c e))))(check-sat)"
    );
    assert_eq!(run("check.smt2", &with_b), "unsat\n");
}

#[test]
fn a_qf_uf_script_with_its_own_plus_gets_a_model_in_its_own_words() {
    let text = format!(
        "{OWN_PLUS}(assert (= (+ a b) c))
(assert (not (= (+ b a) c)))
(check-sat)
(get-model)
(get-value ((+ a b) (= a b)))
"
    );
    // `+` is any function of the script's sort `Int`: here one that does not commute. The
    // universe's elements are named after the script's sort, as for any declared sort.
    assert_eq!(
        run("own_model.smt2", &text),
        "sat\n(\n\
         \x20 (declare-fun Int!val!0 () Int)\n\
         \x20 (declare-fun Int!val!1 () Int)\n\
         \x20 (declare-fun Int!val!2 () Int)\n\
         \x20 (declare-fun Int!val!3 () Int)\n\
         \x20 (define-fun + ((x!0 Int) (x!1 Int)) Int (ite (and (= x!0 Int!val!0) (= x!1 \
         Int!val!1)) Int!val!2 (ite (and (= x!0 Int!val!1) (= x!1 Int!val!0)) Int!val!3 \
         Int!val!2)))\n\
         \x20 (define-fun a () Int Int!val!0)\n\
         \x20 (define-fun b () Int Int!val!1)\n\
         \x20 (define-fun c () Int Int!val!2)\n\
         \x20 (define-fun d () Int Int!val!0)\n\
         \x20 (define-fun e () Int Int!val!0)\n\
         )\n\
         (((+ a b) Int!val!2) ((= a b) false))\n"
    );
}

#[test]
fn cvc5s_get_interpolant_keeps_to_the_script_vocabulary() {
    let text = format!(
        "{OWN_PLUS}(assert (= a b))
(assert (= c (+ a d)))
(get-interpolant I (= c (+ b d)))
"
    );
    assert_eq!(run("own_cvc5.smt2", &text), "(define-fun I () Bool (= c (+ b d)))\n");
}

#[test]
fn declaring_a_theory_symbol_of_the_logic_is_an_error_with_its_place() {
    let text = "(set-logic QF_LIA)
(declare-fun + (Int Int) Int)
(declare-sort Int 0)
(define-fun <= ((x Int)) Bool true)
(declare-const |+| Int)
(declare-const x Int)
(assert (> (+ x 1) 2))
(check-sat)
";
    assert_eq!(
        run("lia.smt2", text),
        "(error \"lia.smt2:2:14: + is a theory symbol of QF_LIA and cannot be declared\")\n\
         (error \"lia.smt2:3:15: Int is a theory symbol of QF_LIA and cannot be declared\")\n\
         (error \"lia.smt2:4:13: <= is a theory symbol of QF_LIA and cannot be declared\")\n\
         (error \"lia.smt2:5:16: + is a theory symbol of QF_LIA and cannot be declared\")\n\
         sat\n"
    );
}

#[test]
fn core_is_in_every_logic_and_reserved_words_are_never_declared() {
    let text = "(set-logic QF_UF)
(declare-sort Bool 0)
(declare-fun ite (Bool) Bool)
(declare-const distinct Bool)
(declare-const let Bool)
(declare-const 3 Bool)
";
    assert_eq!(
        run("core.smt2", text),
        "(error \"core.smt2:2:15: Bool is a theory symbol of QF_UF and cannot be declared\")\n\
         (error \"core.smt2:3:14: ite is a theory symbol of QF_UF and cannot be declared\")\n\
         (error \"core.smt2:4:16: distinct is a theory symbol of QF_UF and cannot be declared\")\n\
         (error \"core.smt2:5:16: let is a reserved word and cannot be declared\")\n\
         (error \"core.smt2:6:16: 3 is a numeral, not a symbol, and cannot be declared\")\n"
    );
}

#[test]
fn numerals_and_theory_names_outside_the_logic_are_errors() {
    let text = "(set-logic QF_UF)
(declare-sort U 0)
(declare-const a U)
(declare-fun f (U) U)
(assert (= (f a) 3))
(assert (<= a a))
(declare-const x Int)
(assert (= (select a a) a))
(assert (= a a))
(check-sat)
";
    assert_eq!(
        run("uf.smt2", text),
        "(error \"uf.smt2:5:18: numeral 3 needs an arithmetic logic; QF_UF has none\")\n\
         (error \"uf.smt2:6:9: the symbol <= needs an arithmetic logic; QF_UF has none\")\n\
         (error \"uf.smt2:7:18: the sort Int needs integer arithmetic; QF_UF has none\")\n\
         (error \"uf.smt2:8:12: the symbol select needs an array logic; QF_UF has none\")\n\
         unknown\n"
    );
    let lia = "(set-logic QF_LIA)
(declare-const x Int)
(assert (= x 2.5))
(assert (= x (/ 4 2)))
(assert (= (to_real x) (to_real x)))
(declare-const r Real)
";
    assert_eq!(
        run("lia.smt2", lia),
        "(error \"lia.smt2:3:14: decimal 2.5 needs real arithmetic; QF_LIA has none\")\n\
         (error \"lia.smt2:4:14: the symbol / needs real arithmetic; QF_LIA has none\")\n\
         (error \"lia.smt2:5:12: the symbol to_real needs both integer and real arithmetic; \
         QF_LIA has none\")\n\
         (error \"lia.smt2:6:18: the sort Real needs real arithmetic; QF_LIA has none\")\n"
    );
}

#[test]
fn qf_uflia_keeps_arithmetic_and_its_interpolants() {
    let text = "(set-logic QF_UFLIA)
(declare-fun f (Int) Int)
(declare-const x Int)
(declare-const y Int)
(assert (! (and (<= x 0) (= y (+ x 1))) :named A))
(assert (! (and (> y 1) (= (f y) (f 3))) :named B))
(check-sat)
(get-interpolants A B)
";
    assert_eq!(run("uflia.smt2", text), "unsat\n((<= y 1))\n");
}

#[test]
fn a_numeral_is_real_where_the_logic_has_only_reals() {
    // In QF_UFLRA `1` is a Real, so it is an argument of a function over Real (it was an Int
    // before logics were read, and the application ill-sorted).
    let text = "(set-logic QF_UFLRA)
(declare-fun f (Real) Real)
(assert (= (f 1) 2))
(assert (= (f 1.0) (ite (> (f 1) 0) 2 (f 0))))
(check-sat)
(get-value ((f 1) 1))
";
    assert_eq!(run("uflra.smt2", text), "sat\n(((f 1) 2.0) (1 1.0))\n");
}

#[test]
fn set_logic_comes_once_and_before_declarations() {
    let text = "(set-logic QF_UF)
(set-logic QF_LIA)
(declare-sort U 0)
(reset)
(declare-const u Bool)
(set-logic QF_LIA)
(reset)
(set-logic QF_LIA)
(declare-const x Int)
(assert (< x 0))
(check-sat)
";
    assert_eq!(
        run("twice.smt2", text),
        "(error \"twice.smt2:2:1: set-logic must come once, before declarations and assertions \
         (the logic is QF_UF)\")\n\
         (error \"twice.smt2:6:1: set-logic must come once, before declarations and assertions \
         (reset starts a script again)\")\n\
         sat\n"
    );
}

#[test]
fn without_set_logic_every_theory_stays_as_before() {
    // No logic: Int, Real, arrays and their symbols all exist, so none can be declared, and
    // Int and Real mix as before (`(select m x)` is an Int promoted to meet 1.5: unsat).
    let text = "(declare-sort Int 0)
(declare-fun + (Int Int) Int)
(declare-const x Int)
(declare-const r Real)
(declare-const m (Array Int Int))
(assert (and (= (select m x) 1.5) (< r (/ 1 2)) (> (+ x 1) 2)))
(check-sat)
";
    assert_eq!(
        run("none.smt2", text),
        "(error \"none.smt2:1:15: Int is a theory symbol of every logic craig decides (the \
         script sets none) and cannot be declared\")\n\
         (error \"none.smt2:2:14: + is a theory symbol of every logic craig decides (the script \
         sets none) and cannot be declared\")\n\
         unsat\n"
    );
}

#[test]
fn a_workbench_theory_keeps_the_logic() {
    let mut sources = SourceMap::new();
    let text = format!("{OWN_PLUS}(assert (= a (+ b c)))(check-sat)");
    let file = sources.add("own.smt2", None, text);
    let theory = read_theory(&sources, file).expect("a QF_UF script with its own + reads");
    assert_eq!(theory.assertions.len(), 1);
    let shown = theory.formula_text(theory.store(), &theory.assertions[0].formula);
    assert_eq!(shown, "(= a (+ b c))");
    assert_eq!(theory.outside_vocabulary(theory.store(), &theory.assertions[0].formula), None);
    let mut sources = SourceMap::new();
    let file = sources.add("bad.smt2", None, "(set-logic QF_LIA)\n(declare-sort Int 0)".into());
    assert_eq!(
        read_theory(&sources, file).map(|_| ()).map_err(|e| e.to_string()),
        Err("bad.smt2:2:15: Int is a theory symbol of QF_LIA and cannot be declared".to_string())
    );
}

#[test]
fn printed_symbols_read_back_as_the_same_symbols() {
    // `<=` is a simple symbol (the script's own in QF_UF) and prints bare; `a b` needs bars.
    let text = "(set-logic QF_UF)
(declare-sort U 0)
(declare-fun <= (U) U)
(declare-const |a b| U)
(declare-const c U)
(declare-const d U)
(assert (= (<= |a b|) d))
(assert (not (= d c)))
(check-sat)
(get-model)
(get-interpolant I (not (= (<= |a b|) c)))
";
    assert_eq!(
        run("bars.smt2", text),
        "sat\n(\n\
         \x20 (declare-fun U!val!0 () U)\n\
         \x20 (declare-fun U!val!1 () U)\n\
         \x20 (declare-fun U!val!2 () U)\n\
         \x20 (define-fun <= ((x!0 U)) U (ite (= x!0 U!val!0) U!val!1 U!val!1))\n\
         \x20 (define-fun |a b| () U U!val!0)\n\
         \x20 (define-fun c () U U!val!2)\n\
         \x20 (define-fun d () U U!val!1)\n\
         )\n\
         (define-fun I () Bool (not (= (<= |a b|) c)))\n"
    );
}

/// Runs a quantified script through the prover's route, as `craig smt` does.
fn run_quantified(name: &str, text: &str) -> (String, Vec<String>) {
    let mut sources = SourceMap::new();
    let file = sources.add(name, None, text.to_string());
    let mut out = Vec::new();
    let mut report = craig::smtlib::Report::default();
    let limit = std::time::Duration::from_secs(10);
    let mut decide = |tff: &str| craig::cli::smt::decide_quantified(tff, limit);
    craig::smtlib::run_quantified_diagnosed(&sources, file, &mut out, &mut decide, &mut report)
        .expect("writing to a Vec");
    (String::from_utf8(out).expect("utf-8 output"), report.diagnostics)
}

#[test]
fn a_quantified_uf_script_may_own_int_and_plus_too() {
    let text = "(set-logic UF)
(declare-sort Int 0)
(declare-fun + (Int Int) Int)
(declare-const a Int)
(assert (forall ((x Int)) (= (+ x x) x)))
(assert (! (not (= (+ a a) a)) :named differ))
(check-sat)
(get-unsat-core)
";
    assert_eq!(run_quantified("own.smt2", text), ("unsat\n(differ)\n".to_string(), vec![]));
    // With the logic set, what needs arithmetic is an error of the script; without it, beyond
    // what the prover's route reads (`unsupported`), as before.
    let numeral = "(declare-sort U 0)
(declare-fun f (U) U)
(assert (forall ((x U)) (= (f x) x)))
(assert (> 1 0))
(declare-const r Real)
";
    assert_eq!(
        run_quantified("uf.smt2", &format!("(set-logic UF)\n{numeral}")),
        (
            "(error \"uf.smt2:5:12: numeral 1 needs an arithmetic logic; UF has none\")\n\
             (error \"uf.smt2:6:18: the sort Real needs real arithmetic; UF has none\")\n"
                .to_string(),
            vec![]
        )
    );
    assert_eq!(
        run_quantified("none.smt2", numeral),
        (
            "unsupported\nunsupported\n".to_string(),
            vec![
                "none.smt2:4:1: unsupported: in a quantified script, numerals (1)".to_string(),
                "none.smt2:5:1: unsupported: in a quantified script, the sort Real (arithmetic)"
                    .to_string()
            ]
        )
    );
}

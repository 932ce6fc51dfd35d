//! SMT-LIB scripts at the workbench prompt, driven through `eval_line` with exact transcripts:
//! `load FILE.smt2` makes the assertions hypotheses of one goal (their unsatisfiability),
//! `prove` asks the SMT core (a checked refutation, or a checked model), `core` and
//! `core --minimal` name the assertions used, `interpolate` splits them by name (binary,
//! `--move`, `--sequence`); bad scripts fail with file:line:col and change nothing; `undo`,
//! `save`/`restore` and `reload` keep working. No test needs z3 or cvc5.

use crate::common;

use common::{bench, run, scratch};
use craig::syntax::SourceMap;
use proptest::prelude::*;

const EUF: &str = "examples/smt/euf.smt2";
const PATH: &str = "examples/smt/path.smt2";
const MODEL: &str = "examples/smt/model.smt2";

#[test]
fn a_ground_uf_script_is_proved_by_the_smt_core_with_its_core() {
    let mut wb = bench();
    assert_eq!(
        run(&mut wb, &format!("load {EUF}")),
        format!(
            "loaded theory euf from {EUF}: SMT-LIB script, 4 assertions (4 named), 1 goal: euf \
             (their unsatisfiability, as its check-sat asks)\n"
        )
    );
    assert_eq!(run(&mut wb, "theories"), format!("euf  {EUF}  SMT-LIB: 4 assertions\n"));
    assert_eq!(
        run(&mut wb, "show euf"),
        format!(
            "goal euf (theory euf, {EUF}): the unsatisfiability of 4 assertions, decided by the \
             SMT core\n\
             \x20 three: {EUF}:7:1 (assert (! (= (f (f (f a))) a) :named three))\n\
             \x20 extra: {EUF}:8:1 (assert (! (= (f b) b) :named extra))\n\
             \x20 five: {EUF}:9:1 (assert (! (= (f (f (f (f (f a))))) a) :named five))\n\
             \x20 differ: {EUF}:10:1 (assert (! (not (= (f a) a)) :named differ))\n"
        )
    );
    assert!(run(&mut wb, "show euf clauses").starts_with("error: goal euf is an SMT-LIB"));
    assert_eq!(
        run(&mut wb, "prove euf"),
        "euf  Unsatisfiable         engine smt  rounds 1  lemmas 1  time [time]\n"
    );
    let core = run(&mut wb, "core --minimal");
    assert!(
        core.starts_with("core of euf (3 assertions, engine smt): three, five, differ\n"),
        "{core}"
    );
    assert!(core.contains(&format!("  differ: {EUF}:10:1 (assert")), "{core}");
    assert!(
        core.contains(
            "minimal core of euf (3 of 3 assertions, 3 solver runs): three, five, differ\n\
             \x20 dropped: nothing\n\
             \x20 decided again on the minimal core alone: unsat (refutation checked)"
        ),
        "{core}"
    );
    assert!(run(&mut wb, "goals").contains("euf  Unsatisfiable"));
    // Interpolation over uninterpreted functions is read off the refutation and verified; the
    // interpolant names only what both sides share (`a` and `f`, not `b`).
    let split = run(&mut wb, "interpolate three | *");
    assert!(split.starts_with("split of euf: A = three | B = extra, five, differ\n"), "{split}");
    assert!(split.contains("engine: smt, from the checked refutation"), "{split}");
    let interpolant = split.lines().find_map(|l| l.strip_prefix("interpolant: ")).unwrap();
    assert!(interpolant.contains("(f ") && !interpolant.contains('b'), "{split}");
    assert!(split.contains("verified: A implies I, I and B unsatisfiable"), "{split}");
}

#[test]
fn core_minimal_drops_what_the_refutation_did_not_need() {
    let dir = scratch("minimal");
    let path = dir.join("twice.smt2");
    // Two independent contradictions: the first refutation uses one; the other is dropped
    // by deletion only if the engine's first core held both, so only the counts are checked
    // against the invariant that the minimal core is refuted on its own.
    std::fs::write(
        &path,
        "(declare-const x Int)(assert (! (> x 5) :named big))(assert (! (< x 3) :named small))\
         (assert (! (< x 4) :named smaller))(assert (! (>= x 0) :named positive))(check-sat)",
    )
    .unwrap();
    let p = path.display().to_string();
    let mut wb = bench();
    run(&mut wb, &format!("load {p}"));
    let proved = run(&mut wb, "prove");
    assert!(proved.starts_with("twice  Unsatisfiable         engine smt"), "{proved}");
    let core = run(&mut wb, "core --minimal");
    let minimal = core.lines().find(|l| l.starts_with("minimal core of twice (2 of")).unwrap();
    assert!(minimal.ends_with("big, small") || minimal.ends_with("big, smaller"), "{core}");
    assert!(!core.contains("positive"), "{core}");
}

#[test]
fn a_lia_path_gives_checked_interpolants_by_name_move_and_sequence() {
    let mut wb = bench();
    run(&mut wb, &format!("load {PATH}"));
    assert_eq!(
        run(&mut wb, "prove"),
        "path  Unsatisfiable         engine smt  rounds 1  lemmas 1  time [time]\n"
    );
    let verified = "verified: A implies I, I and B unsatisfiable, I over shared symbols (each \
                    by a checked refutation)\n";
    let engine = "engine: smt, from the checked refutation (McMillan's system; Farkas and \
                  congruence lemma interpolants)\n";
    assert_eq!(
        run(&mut wb, "interpolate init, step1 | step2, error"),
        format!(
            "split of path: A = init, step1 | B = step2, error\n{engine}\
             interpolant: (<= x1 1)\n{verified}"
        )
    );
    assert_eq!(
        run(&mut wb, "interpolate --move step1"),
        format!(
            "moved step1 from A to B\nsplit of path: A = init | B = step1, step2, error\n\
             {engine}interpolant: (<= x0 0)\n{verified}"
        )
    );
    assert_eq!(
        run(&mut wb, "interpolate --sequence init ; step1 ; step2 ; error"),
        format!(
            "sequence of path: init ; step1 ; step2 ; error\n{engine}\
             I1: (<= x0 0)\nI2: (<= x1 1)\nI3: (<= x2 2)\n{verified}"
        )
    );
    // `*` takes what the other side does not name.
    let star = run(&mut wb, "interpolate init | *");
    assert!(star.starts_with("split of path: A = init | B = step1, step2, error\n"), "{star}");
    assert_eq!(
        run(&mut wb, "interpolate init | nothing"),
        "error: goal path has no assertion named `nothing` (assertions: init, step1, step2, \
         error; formulas typed inline are not read for SMT-LIB goals)\n"
    );
    assert_eq!(run(&mut wb, "interpolate init | init"), "error: `init` is named on two sides\n");
    // A satisfiable split is reported, never given an interpolant.
    let sat = run(&mut wb, "interpolate init | step1");
    assert!(sat.contains("error: the partitions are satisfiable together"), "{sat}");
}

#[test]
fn a_satisfiable_script_shows_its_checked_model_and_has_no_core() {
    let mut wb = bench();
    assert!(run(&mut wb, &format!("load {MODEL}")).contains("3 assertions (0 named)"));
    assert_eq!(
        run(&mut wb, "prove model"),
        "model  Satisfiable           engine smt  rounds 1  lemmas 0  time [time]\n\
         \x20 model (checked: every assertion evaluates to true):\n\
         \x20 (\n\
         \x20   (define-fun f ((x!0 Int)) Int (ite (= x!0 1) 4 4))\n\
         \x20   (define-fun x () Int 1)\n\
         \x20 )\n"
    );
    assert_eq!(
        run(&mut wb, "core"),
        "error: the last attempt on model found no refutation, so there is no core\n"
    );
    // Unnamed assertions are numbered.
    assert!(run(&mut wb, "show model").contains("  assertion2: "));
}

#[test]
fn bad_scripts_fail_with_a_location_and_change_nothing() {
    let dir = scratch("bad");
    let mut wb = bench();
    run(&mut wb, &format!("load {EUF}"));
    let cases = [
        ("unknown.smt2", "(declare-const p Bool)\n(assert (and p q))\n", ":2:16: unknown symbol q"),
        ("syntax.smt2", "(assert (= a b)\n", ":2:1: syntax error"),
        ("sort.smt2", "(declare-const x Int)\n(assert x)\n", ":2:9: an assertion must be Boolean"),
        (
            "twice.smt2",
            "(declare-const p Bool)(assert (! p :named h))\n(assert (! (not p) :named h))",
            ":2:1: two assertions are named h",
        ),
        ("reset.smt2", "(reset)", ":1:1: reset is not supported in a theory"),
        (
            "quantified.smt2",
            "(declare-const n Int)\n(assert (forall ((x Int)) (> x n)))",
            ":1:1: unsupported: in a quantified script, the sort Int (arithmetic)",
        ),
    ];
    for (file, text, message) in cases {
        let path = dir.join(file);
        std::fs::write(&path, text).unwrap();
        let p = path.display().to_string();
        let answer = run(&mut wb, &format!("load {p}"));
        assert!(answer.starts_with(&format!("error: cannot load {p}: {p}")), "{answer}");
        assert!(answer.contains(message), "{file}: {answer}");
        assert_eq!(run(&mut wb, "theories"), format!("euf  {EUF}  SMT-LIB: 4 assertions\n"));
    }
    assert_eq!(run(&mut wb, "undo"), format!("undone: load {EUF}\n"));
}

#[test]
fn undo_save_restore_and_reload_keep_a_script_theory() {
    let dir = scratch("session");
    let script = dir.join("s.smt2");
    std::fs::write(
        &script,
        "(declare-const x Int)(assert (! (> x 1) :named a))(assert (! (< x 0) :named b))",
    )
    .unwrap();
    let p = script.display().to_string();
    let mut wb = bench();
    run(&mut wb, &format!("load {p}"));
    assert!(run(&mut wb, "prove s").starts_with("s  Unsatisfiable"));
    assert_eq!(run(&mut wb, "undo"), "undone: prove s\n");
    assert_eq!(run(&mut wb, "goals"), "s  open                      theory s\n");
    run(&mut wb, "prove s");
    let session = dir.join("s.ron").display().to_string();
    assert_eq!(
        run(&mut wb, &format!("save {session}")),
        format!("saved 1 theories and 1 goals to {session}\n")
    );
    let mut other = bench();
    let restored = run(&mut other, &format!("restore {session}"));
    assert!(!restored.contains("error"), "{restored}");
    assert!(run(&mut other, "goals").starts_with("s  Unsatisfiable"));
    // An edit makes the result obsolete; the new script is what `prove` decides.
    std::fs::write(&script, "(declare-const x Int)(assert (! (> x 1) :named a))").unwrap();
    assert_eq!(
        run(&mut other, "reload"),
        "goal s changed (result obsolete)\nreloaded 1 theories, 1 goals changed\n"
    );
    let proved = run(&mut other, "prove s");
    assert!(proved.starts_with("s  Satisfiable"), "{proved}");
}

#[test]
fn a_quantified_script_is_the_provers_with_core_and_interpolants() {
    let q = "examples/smt/quantified.smt2";
    let mut wb = bench();
    assert_eq!(
        run(&mut wb, &format!("load {q}")),
        format!(
            "loaded theory quantified from {q}: 3 clauses, 1 goal\n\
             quantified SMT-LIB script: translated to TFF, decided by the superposition prover\n"
        )
    );
    let proved = run(&mut wb, "prove quantified");
    assert!(proved.starts_with("quantified  Unsatisfiable         given"), "{proved}");
    assert_eq!(run(&mut wb, "core"), "core of quantified (3 formulas): step, base, goal\n");
    let split = run(&mut wb, "interpolate step, base | goal");
    assert!(split.contains("% verified A |= I"), "{split}");
    assert!(split.contains("% verified I & B |= $false"), "{split}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// The theory reader answers every text, well formed or not, without panicking.
    #[test]
    fn the_theory_reader_never_panics(
        words in proptest::collection::vec(
            prop_oneof![
                Just("("), Just(")"), Just("assert"), Just("declare-const"), Just("declare-fun"),
                Just("define-sort"), Just("define-fun"), Just("push"), Just("pop"), Just("x"),
                Just("Int"), Just("Bool"), Just("U"), Just("declare-sort"), Just("0"), Just("1"),
                Just("!"), Just(":named"), Just("+"), Just("<="), Just("="), Just("check-sat"),
                Just("and"), Just("not"), Just("f"), Just("Array"), Just("select"), Just("\""),
            ],
            0..40,
        )
    ) {
        let mut sources = SourceMap::new();
        let file = sources.add("random.smt2", None, words.join(" "));
        let _ = craig::smtlib::read_theory(&sources, file);
    }
}

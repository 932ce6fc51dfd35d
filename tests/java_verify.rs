//! Annotated Java programs verified end to end by craig's own prover (parse, lowering to the
//! IR, verification conditions, translation, proof, every proof checked): the examples'
//! methods are verified, and every mutant leaves an obligation unproved that names the right
//! kind and line. Limits are given clauses, never time, so the answers are deterministic.

use std::path::PathBuf;

use craig::hol::Obligation;
use craig::prover::ProverOptions;
use craig::solve::goal::Verdict;
use craig::syntax::{SourceMap, render_all};
use craig::translate::TranslateOptions;
use craig::vc::VcOptions;
use craig::verify::{Verification, load_java_texts, prove};

fn example(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/programs").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One obligation's answer: its procedure, kind, the line it names, proved or not.
#[derive(Debug)]
struct Answer {
    method: String,
    check: Obligation,
    line: usize,
    proved: bool,
}

fn load(files: &[(&str, String)]) -> (Verification, SourceMap) {
    let mut sources = SourceMap::new();
    let texts = files.iter().map(|(n, t)| (n.to_string(), None, t.clone())).collect();
    let (v, diagnostics) = load_java_texts(texts, &mut sources, &VcOptions::default());
    let v = v.unwrap_or_else(|| panic!("{}", render_all(&diagnostics, &sources)));
    assert!(v.refused.is_empty(), "{:?}", v.refused);
    (v, sources)
}

/// Proves the obligations of the named methods (all if empty).
fn verify(files: &[(&str, String)], methods: &[&str], steps: u64) -> Vec<Answer> {
    let (v, sources) = load(files);
    let which: Vec<usize> = (0..v.obligations.len())
        .filter(|&i| {
            let name = &v.program.procedure(v.obligations[i].procedure).name;
            methods.is_empty() || methods.contains(&name.as_str())
        })
        .collect();
    assert!(!which.is_empty(), "no obligations for {methods:?}");
    let mut prover = ProverOptions::default();
    prover.limits.given_clauses = Some(steps);
    prover.limits.clauses = Some(2_000_000);
    let outcomes = prove(&v, &which, &TranslateOptions::default(), &prover, "test", 2);
    outcomes
        .iter()
        .map(|o| {
            let ob = &v.obligations[o.obligation];
            let span = ob.at.unwrap_or(ob.span);
            let (line, _) = sources.line_col(ob.span.file, span.start as usize);
            let (line, _) = if ob.check == Obligation::NullDereference
                || ob.check == Obligation::ArrayBound
                || ob.check == Obligation::Assertion
            {
                sources.line_col(ob.span.file, ob.span.start as usize)
            } else {
                (line, 0)
            };
            Answer {
                method: v.program.procedure(ob.procedure).name.clone(),
                check: ob.check,
                line,
                proved: o.verdict == Verdict::Proved,
            }
        })
        .collect()
}

fn assert_verified(answers: &[Answer]) {
    let failed: Vec<&Answer> = answers.iter().filter(|a| !a.proved).collect();
    assert!(failed.is_empty(), "not proved: {failed:?}");
}

/// A mutant: the text with one replacement (which must apply exactly once).
fn mutate(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "`{from}` must occur once");
    text.replacen(from, to, 1)
}

/// The mutant is not verified, and an obligation of `kind` in `method` fails at `line`.
fn assert_caught(answers: &[Answer], method: &str, kinds: &[Obligation], line: Option<usize>) {
    let failed: Vec<&Answer> = answers.iter().filter(|a| !a.proved).collect();
    assert!(!failed.is_empty(), "a mutant was verified");
    assert!(
        failed.iter().any(|a| a.method == method
            && kinds.contains(&a.check)
            && line.is_none_or(|l| a.line == l)),
        "no failure of {kinds:?} in {method} at {line:?}: {failed:?}"
    );
}

#[test]
fn functree_public_methods_verify() {
    let text = example("FuncTree.java");
    let answers = verify(
        &[("FuncTree.java", text)],
        &["FuncTree.empty_set", "FuncTree.add", "FuncTree.update", "FuncTree.is_empty"],
        4_000,
    );
    assert!(answers.len() > 40, "{answers:?}");
    assert_verified(&answers);
}

#[test]
fn functree_add1_and_member_verify() {
    let text = example("FuncTree.java");
    let answers = verify(&[("FuncTree.java", text)], &["FuncTree.add1", "FuncTree.member"], 20_000);
    assert_verified(&answers);
}

#[test]
fn functree_without_a_specification_assignment_is_caught() {
    let text = example("FuncTree.java");
    let mutant = mutate(&text, "//: \"r..content\" := \"{(k,v)}\";", "");
    let answers = verify(&[("FuncTree.java", mutant)], &["FuncTree.add1"], 3_000);
    assert_caught(
        &answers,
        "FuncTree.add1",
        &[Obligation::Postcondition, Obligation::ClassInvariant],
        Some(68),
    );
}

#[test]
fn functree_without_a_null_check_is_caught() {
    let text = example("FuncTree.java");
    let mutant = mutate(
        &text,
        "\tif (t == null)\n\t    return false;",
        "\tif (k == 0)\n\t    return false;",
    );
    let answers = verify(&[("FuncTree.java", mutant)], &["FuncTree.member"], 3_000);
    assert_caught(&answers, "FuncTree.member", &[Obligation::NullDereference], Some(147));
}

#[test]
fn functree_with_a_weakened_invariant_is_caught() {
    let text = example("FuncTree.java");
    // Without `dataNotNull`, `max1` cannot promise that the pair's data is not null.
    let mutant = mutate(
        &text,
        "inv dataNotNull: \"(ALL this. this : Object.alloc & this : FuncTree & this ~= null --> this..data ~= null)\"",
        "inv dataNotNull: \"(ALL this. this : Object.alloc & this : FuncTree & this ~= null --> True)\"",
    );
    let answers = verify(&[("FuncTree.java", mutant)], &["FuncTree.max1"], 3_000);
    assert_caught(&answers, "FuncTree.max1", &[Obligation::Postcondition], None);
}

#[test]
fn functree_with_a_wrong_comparison_is_caught() {
    let text = example("FuncTree.java");
    let mutant = mutate(
        &text,
        "            if (k < t.key) {\n                new_left = add1(k, v, t.left);",
        "            if (t.key < k) {\n                new_left = add1(k, v, t.left);",
    );
    let answers = verify(&[("FuncTree.java", mutant)], &["FuncTree.add1"], 3_000);
    assert_caught(
        &answers,
        "FuncTree.add1",
        &[Obligation::ClassInvariant, Obligation::Assertion, Obligation::Postcondition],
        None,
    );
}

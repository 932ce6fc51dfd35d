//! Annotated Java programs verified end to end by craig's own prover (parse, lowering to the
//! IR, verification conditions, translation, proof, every proof checked): the examples'
//! methods are verified, and every mutant leaves an obligation unproved that names the right
//! kind and line. Limits are given clauses, never time, so the answers are deterministic.

use std::path::PathBuf;

use proptest::prelude::*;

use craig::hol::Obligation;
use craig::solve::goal::Verdict;
use craig::syntax::{SourceMap, render_all};
use craig::translate::TranslateOptions;
use craig::vc::VcOptions;
use craig::verify::{Run, Verification, load_java_texts, prove};

fn example(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/programs").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// One obligation's answer: its procedure, kind, the lines of what it checks and of where it
/// is checked, and whether it was proved.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Answer {
    method: String,
    check: Obligation,
    line: usize,
    at_line: usize,
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

/// Proves the obligations of the named methods with a given-clause limit per strategy.
fn verify(files: &[(&str, String)], methods: &[&str], steps: u64) -> Vec<Answer> {
    verify_kinds(files, methods, &[], steps)
}

/// [`verify`] restricted to obligations of the given kinds (all if empty).
fn verify_kinds(
    files: &[(&str, String)],
    methods: &[&str],
    kinds: &[Obligation],
    steps: u64,
) -> Vec<Answer> {
    let (v, sources) = load(files);
    let which: Vec<usize> = (0..v.obligations.len())
        .filter(|&i| {
            let name = &v.program.procedure(v.obligations[i].procedure).name;
            (methods.is_empty() || methods.contains(&name.as_str()))
                && (kinds.is_empty() || kinds.contains(&v.obligations[i].check))
        })
        .collect();
    assert!(!which.is_empty(), "no obligations for {methods:?}");
    let mut prover = craig::verify::prover_defaults();
    prover.limits.given_clauses = Some(steps);
    // A given-clause limit alone does not bound the work: without literal selection, a mutant's
    // unprovable goal can breed millions of clauses within it. Every proof of the examples keeps
    // far fewer clauses than this, so the cap only shortens the searches that fail.
    prover.limits.clauses = Some(300_000);
    let run = Run { file: "test", jobs: 2, cache: None };
    let outcomes = prove(&v, &which, &TranslateOptions::default(), &prover, run);
    let line = |s: craig::syntax::Span| sources.line_col(s.file, s.start as usize).0;
    outcomes
        .iter()
        .map(|o| {
            let ob = &v.obligations[o.obligation];
            Answer {
                method: v.program.procedure(ob.procedure).name.clone(),
                check: ob.check,
                line: line(ob.span),
                at_line: ob.at.map_or(0, line),
                proved: o.verdict == Verdict::Proved,
            }
        })
        .collect()
}

fn assert_verified(answers: &[Answer]) {
    let failed: Vec<&Answer> = answers.iter().filter(|a| !a.proved).collect();
    assert!(failed.is_empty(), "not proved: {failed:?}");
}

/// The given-clause limit per strategy for the mutants of the examples other than FuncTree: every
/// obligation of their originals is proved within it, and each strategy of the schedule spends
/// all of it on a mutant's failing obligation, so it sets the cost of these tests.
const MUTANT_STEPS: u64 = 500;

/// A mutant: the text with one replacement (which must apply exactly once).
fn mutate(text: &str, from: &str, to: &str) -> String {
    assert_eq!(text.matches(from).count(), 1, "`{from}` must occur once");
    text.replacen(from, to, 1)
}

/// Verifies the original and the mutant (the same methods, the same limits) and checks that
/// the mutant is caught: an obligation of one of `kinds` in `method`, about `line` (what it
/// checks, or where it is checked), fails in the mutant while the original's obligations of
/// that kind and place are all proved. So a mutant counts as caught only by a failure the
/// change itself causes.
fn assert_caught(
    file: &str,
    from: &str,
    to: &str,
    method: &str,
    kinds: &[Obligation],
    line: usize,
    steps: u64,
) {
    let text = example(file);
    let mutant = mutate(&text, from, to);
    let original = verify_kinds(&[(file, text)], &[method], kinds, steps);
    let mutated = verify_kinds(&[(file, mutant)], &[method], kinds, steps);
    let place = |a: &Answer| {
        a.method == method && kinds.contains(&a.check) && (a.line == line || a.at_line == line)
    };
    // Only obligations of `kinds` are proved here; the mutant must fail among them.
    assert!(mutated.iter().any(|a| !a.proved), "a mutant was verified");
    assert!(
        original.iter().filter(|a| place(a)).all(|a| a.proved),
        "the original already fails there: {original:?}"
    );
    assert!(
        mutated.iter().any(|a| place(a) && !a.proved),
        "no failure of {kinds:?} in {method} at line {line}: {:?}",
        mutated.iter().filter(|a| !a.proved).collect::<Vec<_>>()
    );
}

#[test]
fn functree_public_methods_verify() {
    let text = example("FuncTree.java");
    let methods = [
        "FuncTree.empty_set",
        "FuncTree.add",
        "FuncTree.update",
        "FuncTree.max",
        "FuncTree.remove_max",
        "FuncTree.remove",
        "FuncTree.min",
        "FuncTree.is_empty",
    ];
    let answers = verify(&[("FuncTree.java", text)], &methods, 4_000);
    assert!(answers.len() > 100, "{answers:?}");
    assert_verified(&answers);
}

#[test]
fn functree_add1_is_verified_with_instantiation_in_the_schedule() {
    // add1's class invariants and postcondition after `new FuncTree()` need case analysis on
    // ground equalities (is the object checked the new one?), which superposition gives up on
    // within its given-clause limit; the schedule's instantiation engine proves them.
    let text = example("FuncTree.java");
    let answers = verify(&[("FuncTree.java", text)], &["FuncTree.add1"], 10_000);
    assert!(answers.len() > 50, "{answers:?}");
    assert_verified(&answers);
}

#[test]
fn functree_remove_max1_is_verified_with_sine_in_the_schedule() {
    // The postconditions at the `return t.left` and the recursive call's precondition need a
    // few order facts (k < key, key <= k, asymmetry) among many arithmetic axioms. The full
    // problems exhaust every other strategy; the schedule's last one (SInE's hypotheses, one
    // order predicate, complex selection) proves them in 200 to 3,300 given clauses.
    let text = example("FuncTree.java");
    let answers = verify(&[("FuncTree.java", text)], &["FuncTree.remove_max1"], 4_000);
    assert_eq!(answers.len(), 34, "{answers:?}");
    assert_verified(&answers);
}

#[test]
fn functree_without_a_null_check_is_caught() {
    assert_caught(
        "FuncTree.java",
        "\tif (t == null)\n\t    return false;",
        "\tif (k == 0)\n\t    return false;",
        "FuncTree.member",
        &[Obligation::NullDereference],
        146,
        1_000,
    );
}

#[test]
fn functree_with_a_wrong_assertion_is_caught() {
    assert_caught(
        "FuncTree.java",
        "//: assert \"t..key < k\";",
        "//: assert \"k < t..key\";",
        "FuncTree.add1",
        &[Obligation::Assertion],
        78,
        // The original's assertion takes 1,923 given clauses; every strategy of the schedule
        // spends the whole limit on the mutant's.
        2_500,
    );
}

#[test]
fn functree_with_a_weakened_invariant_is_caught() {
    // Without `dataNotNull`, `max1` cannot promise that the pair's data is not null.
    assert_caught(
        "FuncTree.java",
        "this ~= null --> this..data ~= null)\"",
        "this ~= null --> True)\"",
        "FuncTree.max1",
        &[Obligation::Postcondition],
        198,
        1_000,
    );
}

#[test]
fn functree_with_a_precondition_dropped_is_caught() {
    // `add` no longer rules out a key already present, which `add1` requires.
    assert_caught(
        "FuncTree.java",
        "    /*: requires \"v ~= null & (ALL y. (k,y) ~: t..content)\"\n        ensures",
        "    /*: requires \"v ~= null\"\n        ensures",
        "FuncTree.add",
        &[Obligation::Precondition],
        53,
        1_000,
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// Lowering and VC generation never panic on a program the parser accepts but that is
    /// wrong (an identifier, operator or keyword replaced by another): a bad name or type is a
    /// diagnostic.
    #[test]
    fn mutated_programs_never_panic_after_parsing(
        at in 0usize..12_000,
        word in "(t|k|v|r|result|this|null|content|left|FuncTree|Pair|key|theinvs|old|0|true|Account|Counter|deposit|init|start|x|high|suchThat|assuming|in|noteThat|note|Cell|cells|total|Tally|rtrancl_pt|rtrancl|next|root|Reach|u)",
        which in 0usize..7,
    ) {
        // FuncTree, and the examples of the forms read late (initialisers, overloads,
        // constructors, `suchThat`, `assuming`, arrays of objects, `note`, static ghost
        // initial values, closures `^*` and `rtrancl_pt`).
        let name = ["FuncTree.java", "Counter.java", "Account.java", "Choose.java", "Row.java", "Tally.java", "Reach.java"][which];
        let text = example(name);
        // Replace the identifier-like word at or after `at` by `word`.
        let bytes = text.as_bytes();
        let mut start = at % text.len();
        while start < text.len() && !bytes[start].is_ascii_alphabetic() { start += 1; }
        let mut end = start;
        while end < text.len() && (bytes[end].is_ascii_alphanumeric() || bytes[end] == b'_') { end += 1; }
        let mutated = format!("{}{}{}", &text[..start], word, &text[end..]);
        let mut sources = SourceMap::new();
        let _ = load_java_texts(
            vec![(name.into(), None, mutated)],
            &mut sources,
            &VcOptions::default(),
        );
    }
}

#[test]
fn a_static_field_is_of_its_class_in_every_state() {
    // After a call that may change `Holder.root`, its new value is still a `Node`: the typing
    // fact of a static reference field holds in every state, not only at the method's entry.
    let text = r#"
class Node {
    public Node next;
}
class Holder {
    public static Node root;

    public static void reset()
    /*: modifies "Holder.root"
        ensures "True" */
    {
        root = new Node();
    }

    public static void use()
    /*: modifies "Holder.root"
        ensures "True" */
    {
        reset();
        //: assert "Holder.root : Node";
    }
}
"#;
    let answers = verify_kinds(
        &[("Holder.java", text.to_string())],
        &["Holder.use"],
        &[Obligation::Assertion],
        1_000,
    );
    assert_eq!(answers.len(), 1, "{answers:?}");
    assert_verified(&answers);
}

/// A cell whose `twice` is defined by `vardefs` from its field: `set` changes the field, and
/// with it the defined variable, as the postcondition says.
const CELL: &str = r#"
class Cell {
    public int val;
    /*: public specvar twice :: int;
        vardefs "twice == val + val";
        public static specvar origin :: int;
        vardefs "origin == 0";
    */

    public void set(int v)
    /*: modifies "Cell.val"
        ensures "this..twice = v + v & Cell.origin = 0" */
    {
        val = v;
    }
}
"#;

#[test]
fn variables_defined_by_vardefs_follow_their_fields() {
    let answers = verify(&[("Cell.java", CELL.to_string())], &["Cell.set"], 1_000);
    assert_eq!(answers.len(), 2, "{answers:?}");
    assert_verified(&answers);
    // The same postcondition about the old value is false: the definition is unfolded in the
    // state after the assignment, not frozen at entry.
    let wrong = mutate(CELL, "this..twice = v + v", "this..twice = old (this..twice)");
    let answers = verify(&[("Cell.java", wrong)], &["Cell.set"], 1_000);
    assert!(
        answers.iter().any(|a| !a.proved && a.check == Obligation::Postcondition),
        "{answers:?}"
    );
}

/// The lowering's first error for a text, rendered.
fn lowering_errors(text: &str) -> String {
    let mut sources = SourceMap::new();
    let texts = vec![("T.java".to_string(), None, text.to_string())];
    let (v, diagnostics) = load_java_texts(texts, &mut sources, &VcOptions::default());
    assert!(v.is_none(), "loaded despite errors");
    render_all(&diagnostics, &sources)
}

#[test]
fn vardefs_errors_are_named() {
    let assigned = CELL.replace("val = v;", "val = v;\n        //: \"this..twice\" := \"v\";");
    let e = lowering_errors(&assigned);
    assert!(e.contains("T.java:15:14: error: `Cell.twice` is defined by `vardefs`"), "{e}");
    // `modifies` may name a defined variable (Jahob's `modifies content`): it stands for the
    // fields its definition reads, so `modifies twice` lets `set` change `val` ...
    let modified = CELL.replace("modifies \"Cell.val\"", "modifies \"Cell.twice\"");
    assert_verified(&verify(&[("Cell.java", modified)], &["Cell.set"], 1_000));
    // ... but `modifies origin`, defined from no field, lets it change nothing.
    let nothing = CELL.replace("modifies \"Cell.val\"", "modifies \"Cell.origin\"");
    let failed = failures(&verify(&[("Cell.java", nothing)], &["Cell.set"], 1_000));
    assert_eq!(failed, [("Cell.set".to_string(), Obligation::Frame)]);
    let cyclic = CELL.replace("twice == val + val", "twice == twice + val");
    assert!(lowering_errors(&cyclic).contains("the definition of `Cell.twice` depends on itself"));
    let undeclared = CELL.replace("twice == val + val", "thrice == val + val");
    assert!(lowering_errors(&undeclared).contains("`thrice` is not a `specvar` of `Cell`"));
    let ghost = CELL.replace("public specvar twice", "public ghost specvar twice");
    assert!(lowering_errors(&ghost).contains("declare it `specvar` without `ghost`"));
    let malformed = CELL.replace("twice == val + val", "twice = val + val");
    assert!(lowering_errors(&malformed).contains("expected a definition `NAME == TERM`"));
}

#[test]
fn the_other_examples_verified_methods() {
    // The examples that craig proves completely within the limit (the hash table has its own
    // test). The queue's wrap-around index needs the addition lemmas of stdlib/programs.spec.
    let queue = verify(&[("Queue.java", example("Queue.java"))], &[], 3_000);
    assert_eq!(queue.len(), 70, "{queue:?}");
    assert_verified(&queue);
    // ListSet and AssocList verify completely.
    let list_set = verify(&[("ListSet.java", example("ListSet.java"))], &[], 3_000);
    assert_eq!(list_set.len(), 37, "{list_set:?}");
    assert_verified(&list_set);
    let assoc_list = verify(&[("AssocList.java", example("AssocList.java"))], &[], 3_000);
    assert_eq!(assoc_list.len(), 67, "{assoc_list:?}");
    assert_verified(&assoc_list);
}

#[test]
fn the_hash_table_verifies_completely() {
    // Its content invariant defines a set by a comprehension over the buckets: after
    // `AssocList.put` and `remove` allocate, and after `HashTable.put`, it is proved only by the
    // schedule's last strategies (the goal split into the two inclusions, without the integer
    // axioms), so this checks those too.
    let files = [
        ("HashTable.java", example("HashTable.java")),
        ("AssocList.java", example("AssocList.java")),
    ];
    let answers = verify(&files, &[], 3_000);
    assert_eq!(answers.len(), 188, "{answers:?}");
    assert_verified(&answers);
}

#[test]
fn queue_with_an_off_by_one_index_is_caught() {
    assert_caught(
        "Queue.java",
        "Object x = items[head];",
        "Object x = items[head + 1];",
        "Queue.dequeue",
        &[Obligation::ArrayBound],
        70,
        MUTANT_STEPS,
    );
}

#[test]
fn queue_with_a_weakened_invariant_is_caught() {
    // `head` may now equal the capacity, so `items[head]` may be out of bounds.
    assert_caught(
        "Queue.java",
        "0 <= q..head & q..head < q..capacity",
        "0 <= q..head & q..head <= q..capacity",
        "Queue.dequeue",
        &[Obligation::ArrayBound],
        70,
        MUTANT_STEPS,
    );
}

#[test]
fn queue_with_a_specification_assignment_dropped_is_caught() {
    assert_caught(
        "Queue.java",
        "        //: \"this..capacity\" := \"n\";\n",
        "",
        "Queue.init",
        &[Obligation::Postcondition],
        30,
        MUTANT_STEPS,
    );
}

#[test]
fn list_set_with_a_wrong_loop_invariant_is_caught() {
    // Equal content is not kept by `n = n.next`.
    assert_caught(
        "ListSet.java",
        "n..cnt <= this..content &",
        "n..cnt = this..content &",
        "ListSet.member",
        &[Obligation::LoopInvariantPreserved],
        57,
        MUTANT_STEPS,
    );
}

#[test]
fn list_set_without_a_null_check_is_caught() {
    assert_caught(
        "ListSet.java",
        "(n != null) {",
        "(x != null) {",
        "ListSet.member",
        &[Obligation::NullDereference],
        60,
        MUTANT_STEPS,
    );
}

#[test]
fn assoc_list_with_a_wrong_loop_invariant_is_caught() {
    // The invariant no longer holds on entry, where `c` is `l`.
    assert_caught(
        "AssocList.java",
        "(ALL v. (k, v) : c..content --> (k, v) : l..content)\" */",
        "(ALL v. (k, v) : c..content --> (k, v) ~: l..content)\" */",
        "AssocList.get",
        &[Obligation::LoopInvariantEntry],
        50,
        MUTANT_STEPS,
    );
}

#[test]
fn assoc_list_without_a_null_check_is_caught() {
    assert_caught(
        "AssocList.java",
        "(c != null) {",
        "(k != 0) {",
        "AssocList.get",
        &[Obligation::NullDereference],
        52,
        MUTANT_STEPS,
    );
}

#[test]
fn hash_table_with_an_off_by_one_index_is_caught() {
    let mutant = mutate(
        &example("HashTable.java"),
        "AssocList bucket = table[i];",
        "AssocList bucket = table[i + 1];",
    );
    let files =
        |text: String| [("HashTable.java", text), ("AssocList.java", example("AssocList.java"))];
    let original = verify_kinds(
        &files(example("HashTable.java")),
        &["HashTable.get"],
        &[Obligation::ArrayBound],
        MUTANT_STEPS,
    );
    assert!(!original.is_empty(), "no bound checks in HashTable.get");
    assert_verified(&original);
    let mutated =
        verify_kinds(&files(mutant), &["HashTable.get"], &[Obligation::ArrayBound], MUTANT_STEPS);
    assert!(mutated.iter().any(|a| !a.proved && a.line == 56), "{mutated:?}");
}

#[test]
fn invariants_about_defined_variables_follow_the_fields() {
    // The invariant speaks of `isFive`, defined from `val`: after `val = 0` it no longer holds,
    // which an `isFive` kept as a constant across states would hide.
    let text = r#"
class Five {
    public int val;
    /*: public specvar isFive :: bool;
        vardefs "isFive == (val = 5)";
        invariant fiveKept: "ALL t. t : Object.alloc & t : Five & t ~= null --> t..isFive"
    */

    public void keep()
    /*: modifies "Five.val"
        ensures "True" */
    {
        val = 5;
    }
}
"#;
    let kinds = [Obligation::ClassInvariant];
    let kept = verify_kinds(&[("Five.java", text.to_string())], &["Five.keep"], &kinds, 2_000);
    assert!(!kept.is_empty(), "no invariant obligations");
    assert_verified(&kept);
    let broken = mutate(text, "val = 5;", "val = 0;");
    let broken = verify_kinds(&[("Five.java", broken)], &["Five.keep"], &kinds, 2_000);
    assert!(broken.iter().any(|a| !a.proved), "{broken:?}");
}

/// The lemmas of `stdlib/programs.spec` are assumed by every obligation, so each must follow
/// from the integer axioms of `stdlib/int.spec` (and the lemmas before it): each is proved here
/// under the verify schedule, with a given-clause limit.
#[test]
fn the_program_background_lemmas_are_proved_from_the_integer_axioms() {
    use craig::solve::goal::{ValidityCache, check_sequent_with};
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("stdlib/programs.spec");
    let mut sources = SourceMap::new();
    let (module, diagnostics) = craig::spec::load_spec(&path, &mut sources);
    let module = module.unwrap_or_else(|| panic!("{}", render_all(&diagnostics, &sources)));
    let root = module.root_file().expect("a root file");
    let mut prover = craig::verify::prover_defaults();
    prover.limits.given_clauses = Some(20_000);
    let validity = ValidityCache::new();
    let mut names = Vec::new();
    let mut not_proved = Vec::new();
    for goal in module.goals_in(root) {
        let sequent = module.sequent(&goal);
        names.push(sequent.name.clone());
        let proved =
            craig::verify::schedule(&prover, &TranslateOptions::default()).iter().any(|(s, t)| {
                check_sequent_with(module.hol(), &sequent, t, s, "programs.spec", &validity).verdict
                    == Verdict::Proved
            });
        if !proved {
            not_proved.push(sequent.name.clone());
        }
    }
    assert!(names.len() >= 11, "{names:?}");
    assert!(not_proved.is_empty(), "not proved: {not_proved:?}");
}

/// Loops without invariants: the verification conditions cut them with `True` and cannot be
/// proved, but the refinement engine, run on the same IR with the method's contract assumed
/// and checked, finds the invariants (checked inductive) or a counterexample (replayed).
#[test]
fn loops_without_invariants_are_refinement_problems_for_the_engine() {
    use craig::refine::{Engine, Limits, Verdict};
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/refinement/Loops.java");
    let text = std::fs::read_to_string(&path).unwrap();
    let (v, _) = load(&[("Loops.java", text.clone())]);
    // The prover cannot do it: the postcondition of `twice` needs the loop invariant.
    let answers = verify(&[("Loops.java", text)], &["Loops.twice"], 2000);
    assert!(
        answers.iter().any(|a| a.check == Obligation::Postcondition && !a.proved),
        "{answers:?}"
    );
    let limits = Limits { max_steps: Some(5000), ..Limits::default() };
    for method in ["Loops.twice", "Loops.countDown"] {
        let mut engine = Engine::new(&v.program, method, limits.clone()).unwrap();
        match engine.run() {
            Verdict::Safe { invariants } => {
                let head = invariants
                    .iter()
                    .find(|(l, _)| engine.flat.locations[*l].loop_head)
                    .expect("an invariant at the loop head");
                assert_ne!(head.1, craig::refine::formula::Pred::True, "{method}");
            }
            other => panic!("{method}: {other:?}"),
        }
    }
    let mut engine = Engine::new(&v.program, "Loops.twiceSkewed", limits).unwrap();
    match engine.run() {
        Verdict::Unsafe(cex) => {
            assert_eq!(cex.check, Obligation::Postcondition);
            assert_eq!(cex.inputs, vec![rug::Integer::from(8)]);
        }
        other => panic!("twiceSkewed: {other:?}"),
    }
    // A precondition outside linear arithmetic is dropped (and said), never assumed wrongly;
    // a postcondition outside it is possibly failing, so the answer is never a wrong SAFE.
    let heap = "class Cell {\n  public int value;\n  public static int get(Cell c)\n  \
                /*: requires \"c ~= null\"\n      ensures \"result = c..Cell.value\" */\n  {\n    \
                return c.value;\n  }\n}\n";
    let (v, _) = load(&[("Cell.java", heap.to_string())]);
    let mut engine = Engine::new(&v.program, "Cell.get", Limits::default()).unwrap();
    let verdict = engine.run();
    assert!(!matches!(verdict, Verdict::Safe { .. }), "{verdict:?}");
    assert!(
        engine
            .flat
            .approximations
            .iter()
            .any(|(_, what)| what.contains("taken as possibly failing")),
        "{:?}",
        engine.flat.approximations
    );
}

/// A postcondition with a division by a constant is translated exactly (its quotient a
/// variable bound on the edge before), and a failure of it is confirmed on the replayed state
/// with that binding, so it is a counterexample, not an unconfirmed path.
#[test]
fn a_postcondition_dividing_by_a_constant_is_proved_or_refuted() {
    use craig::refine::{Engine, Limits, Verdict};
    let halves = "class Halves {\n  public static int g;\n  public static int half()\n  \
                  /*: modifies \"Halves.g\"\n      ensures \"result = Halves.g div 2\" */\n  \
                  {\n    g = g + 4;\n    return g / 2;\n  }\n  public static int halfWrong()\n  \
                  /*: modifies \"Halves.g\"\n      ensures \"result = Halves.g div 2\" */\n  \
                  {\n    g = g + 4;\n    return (g + 2) / 2;\n  }\n}\n";
    let (v, _) = load(&[("Halves.java", halves.to_string())]);
    let limits = Limits { max_steps: Some(2000), ..Limits::default() };
    let mut engine = Engine::new(&v.program, "Halves.half", limits.clone()).unwrap();
    let verdict = engine.run();
    assert!(matches!(verdict, Verdict::Safe { .. }), "{verdict:?}");
    let mut engine = Engine::new(&v.program, "Halves.halfWrong", limits).unwrap();
    match engine.run() {
        Verdict::Unsafe(cex) => assert_eq!(cex.check, Obligation::Postcondition),
        other => panic!("halfWrong: {other:?}"),
    }
}

/// A node whose `next` is claimed by its list and whose `key` is read-only outside `Node`.
const CLAIMED: &str = r#"
class Node {
    public /*: claimedby List */ Node next;
    public /*: readonly */ int key;

    public void setKey(int k)
    /*: modifies "Node.key"
        ensures "this..key = k" */
    {
        key = k;
    }
}
class List {
    public Node first;

    public void push(Node n)
    /*: requires "n ~= null"
        modifies "Node.next", "List.first"
        ensures "this..first = n" */
    {
        n.next = first;
        first = n;
    }
}
"#;

#[test]
fn claimed_and_readonly_fields_are_used_by_their_classes() {
    let answers = verify(&[("T.java", CLAIMED.to_string())], &["List.push", "Node.setKey"], 2_000);
    assert!(!answers.is_empty());
    assert_verified(&answers);
}

#[test]
fn a_claimed_field_touched_by_another_class_is_an_error_where_it_is() {
    let outside =
        CLAIMED.replace("        key = k;\n", "        key = k;\n        Node m = next;\n");
    let e = lowering_errors(&outside);
    assert!(
        e.contains("T.java:11:18: error: `Node.next` is `claimedby List`: only `List`'s methods"),
        "{e}"
    );
    let written =
        CLAIMED.replace("        first = n;\n", "        first = n;\n        n.key = 3;\n");
    let e = lowering_errors(&written);
    assert!(e.contains("T.java:23:9: error: `Node.key` is `readonly`"), "{e}");
    let unknown = CLAIMED.replace("claimedby List", "claimedby Lист");
    assert!(lowering_errors(&unknown).contains("`claimedby"), "{}", lowering_errors(&unknown));
}

/// Jahob's frame rule for `claimedby`: the list's methods change the nodes' claimed `next`
/// without naming it in `modifies`; what calls into the list knows nothing of `next` after the
/// call, and a method that reaches no list method keeps its frame.
const CLAIMED_FRAME: &str = r#"
class Node {
    public /*: claimedby List */ Node next;
    public int key;

    public void setKey(int k)
    /*: modifies "Node.key"
        ensures "this..key = k" */
    {
        key = k;
    }
}
class List {
    public Node first;

    public void push(Node n)
    /*: requires "n ~= null"
        modifies "List.first"
        ensures "this..first = n" */
    {
        n.next = first;
        first = n;
    }
}
class User {
    public static void add(List l, Node n)
    /*: requires "l ~= null & n ~= null"
        modifies "List.first"
        ensures "l..List.first = n" */
    {
        l.push(n);
    }

    public static void rekey(Node n, Node m)
    /*: requires "n ~= null & m ~= null"
        modifies "Node.key"
        ensures "m..Node.next = old (m..Node.next)" */
    {
        n.setKey(3);
    }
}
"#;

#[test]
fn a_claimed_field_is_in_the_frame_of_what_reaches_its_class() {
    let methods = ["List.push", "User.add", "User.rekey", "Node.setKey"];
    let answers = verify(&[("T.java", CLAIMED_FRAME.to_string())], &methods, 2_000);
    assert!(answers.iter().any(|a| a.method == "List.push"), "{answers:?}");
    assert_verified(&answers);
    // A caller of the list cannot assume the claimed field unchanged by the call.
    let relies = CLAIMED_FRAME.replace(
        "ensures \"l..List.first = n\" */",
        "ensures \"l..List.first = n & n..Node.next = old (n..Node.next)\" */",
    );
    let failed = failures(&verify(&[("T.java", relies)], &["User.add"], 1_000));
    assert_eq!(failed, [("User.add".to_string(), Obligation::Postcondition)]);
    // Nor can a method of the list itself, after calling another of its methods.
    let inside = CLAIMED_FRAME.replace(
        "        first = n;\n    }\n}",
        "        first = n;\n    }\n\n    public void twice(Node n, Node m)\n    /*: requires \"n ~= null & m ~= null\"\n        modifies \"List.first\"\n        ensures \"m..Node.next = old (m..Node.next)\" */\n    {\n        push(n);\n    }\n}",
    );
    let failed = failures(&verify(&[("T.java", inside)], &["List.twice"], 1_000));
    assert_eq!(failed, [("List.twice".to_string(), Obligation::Postcondition)]);
    // A method that reaches no list method still has the claimed field in its frame: writing
    // it as a ghost update outside the list is a frame failure.
    let ghost = CLAIMED_FRAME.replace(
        "        n.setKey(3);\n",
        "        n.setKey(3);\n        //: \"m..Node.next\" := \"null\";\n",
    );
    let text = lowering_errors_or_failures(&ghost, "User.rekey");
    assert!(text.contains("claimedby") || text.contains("Frame"), "{text}");
}

/// The lowering errors of `text`, or if it loads, the failures of `method` as text.
fn lowering_errors_or_failures(text: &str, method: &str) -> String {
    let mut sources = SourceMap::new();
    let texts = vec![("T.java".to_string(), None, text.to_string())];
    let (v, diagnostics) = load_java_texts(texts, &mut sources, &VcOptions::default());
    match v {
        None => render_all(&diagnostics, &sources),
        Some(_) => {
            format!("{:?}", failures(&verify(&[("T.java", text.to_string())], &[method], 1_000)))
        }
    }
}

/// Isabelle's symbol names and Jahob's labels read as the ASCII forms: the same obligations
/// are proved.
#[test]
fn isabelle_symbols_and_comment_labels_read_as_ascii() {
    let text = r#"
class Bag {
    public static Bag only;
    /*: public static ghost specvar items :: objset;
        invariant nonEmpty: "comment ''OnlyIn'' (Bag.only \<noteq> null \<longrightarrow> Bag.only \<in> Bag.items)"; */

    public static void put(Bag b)
    /*: requires "b \<noteq> null \<and> \<not> (b \<in> Bag.items)"
        modifies "Bag.items", "Bag.only"
        ensures "Bag.items = old Bag.items \<union> {b} \<and> old Bag.items \<subseteq> Bag.items
                 \<and> (\<forall> x. x \<in> old Bag.items \<Longrightarrow> x \<in> Bag.items)
                 \<and> Bag.items \<inter> \<emptyset> = {}" */
    {
        only = b;
        //: "Bag.items" := "Bag.items \<union> {b}";
        //: assert "comment ''Added'' (b \<in> Bag.items)";
    }
}
"#;
    let answers = verify(&[("Bag.java", text.to_string())], &["Bag.put"], 3_000);
    assert!(answers.len() >= 2, "{answers:?}");
    assert_verified(&answers);
}

// ------------------------------------------------------------------ field initialisers

/// The procedures' names with an obligation not proved, and of which kinds.
fn failures(answers: &[Answer]) -> Vec<(String, Obligation)> {
    let mut failed: Vec<(String, Obligation)> =
        answers.iter().filter(|a| !a.proved).map(|a| (a.method.clone(), a.check)).collect();
    failed.dedup();
    failed
}

/// Verifies one example (or a mutant of it) completely.
fn verify_example(file: &str, text: String) -> Vec<Answer> {
    verify(&[(file, text)], &[], 2_000)
}

#[test]
fn field_initialisers_run_as_java_runs_them() {
    let answers = verify_example("Counter.java", example("Counter.java"));
    assert_verified(&answers);
    // A constant initialiser is the new object's value: a wrong one breaks the invariant (at
    // both constructors) and the first constructor's postcondition.
    let text = example("Counter.java");
    let failed =
        failures(&verify_example("Counter.java", mutate(&text, "int step = 1;", "int step = 0;")));
    assert!(failed.contains(&("Counter.init()".into(), Obligation::ClassInvariant)), "{failed:?}");
    assert!(failed.contains(&("Counter.init(int)".into(), Obligation::ClassInvariant)));
    let failed = failures(&verify_example(
        "Counter.java",
        mutate(&text, "int count = 0;", "int count = 2;"),
    ));
    assert_eq!(failed, [("Counter.init()".to_string(), Obligation::Postcondition)]);
    // An initialiser that is not a constant runs at the start of each constructor.
    let failed =
        failures(&verify_example("Counter.java", mutate(&text, "new int[4];", "new int[3];")));
    assert!(failed.contains(&("Counter.init()".into(), Obligation::ClassInvariant)), "{failed:?}");
    // ... and is the constructor's write: a frame without it is caught.
    let failed = failures(&verify_example(
        "Counter.java",
        mutate(&text, "/*: modifies \"this..history\"\n", "/*:\n"),
    ));
    assert_eq!(failed, [("Counter.init()".to_string(), Obligation::Frame)]);
    // The constructor's parameters are not in scope of an initialiser, as in Java.
    let shadow = mutate(&text, "new int[4];", "new int[start];");
    assert!(lowering_errors(&shadow).contains("unknown variable `start`"));
}

#[test]
fn field_initialisers_craig_cannot_run_are_refused_where_written() {
    let no_constructor = "class C {\n  int[] a = new int[2];\n}\n";
    let e = lowering_errors(no_constructor);
    assert!(
        e.contains("T.java:2:9: error: the initialiser of `C.a` is not a constant, and a class"),
        "{e}"
    );
    let static_new = "class C {\n  static int[] a = new int[2];\n}\n";
    let e = lowering_errors(static_new);
    assert!(
        e.contains("T.java:2:20: error: the initialiser of static field `a` is not a constant"),
        "{e}"
    );
    let wrong_type = "class C {\n  boolean b = 1;\n}\n";
    let e = lowering_errors(wrong_type);
    assert!(e.contains("T.java:2:15: error: expected a value of type boolean, found int"), "{e}");
}

// ------------------------------------------------------------------ constructors, overloading

#[test]
fn overloads_and_constructors_are_resolved_as_java_resolves_them() {
    let answers = verify_example("Account.java", example("Account.java"));
    assert_verified(&answers);
    let mut names: Vec<&str> = answers.iter().map(|a| a.method.as_str()).collect();
    names.dedup();
    for name in [
        "Account.init()",
        "Account.init(int)",
        "Account.deposit(int)",
        "Account.deposit(Account)",
        "Account.opened",
        "Account.empty",
        "Account.merged",
    ] {
        assert!(names.contains(&name), "{name} in {names:?}");
    }
    let text = example("Account.java");
    // The other constructor does not give the postcondition.
    let failed = failures(&verify_example(
        "Account.java",
        mutate(&text, "new Account(amount);", "new Account();"),
    ));
    assert_eq!(failed, [("Account.opened".to_string(), Obligation::Postcondition)]);
    // Each overload is checked against its own contract: without its precondition, the
    // deposit of an int breaks the invariant.
    let failed = failures(&verify_example(
        "Account.java",
        mutate(&text, "requires \"0 <= amount\"\n        modifies", "modifies"),
    ));
    assert!(
        failed.contains(&("Account.deposit(int)".into(), Obligation::ClassInvariant)),
        "{failed:?}"
    );
    // A call to the wrong overload's contract: `deposit(Account)` asks `other ~= this`.
    let failed =
        failures(&verify_example("Account.java", mutate(&text, "x.deposit(y);", "x.deposit(x);")));
    assert_eq!(failed, [("Account.merged".to_string(), Obligation::Precondition)]);
}

#[test]
fn overload_errors_are_named() {
    let text = example("Account.java");
    let no_match = mutate(&text, "x.deposit(y);", "x.deposit(true);");
    assert!(
        lowering_errors(&no_match).contains("error: no `Account.deposit` takes (boolean)"),
        "{}",
        lowering_errors(&no_match)
    );
    let ambiguous = "class A {\n  void m(A a) { }\n  void m(B b) { }\n  void n() { m(null); }\n}\nclass B { }\n";
    let e = lowering_errors(ambiguous);
    assert!(e.contains("T.java:4:14: error: `A.m` with (null) is ambiguous"), "{e}");
    let twice = "class A {\n  void m(int x) { }\n  void m(int y) { }\n}\n";
    let e = lowering_errors(twice);
    assert!(
        e.contains("T.java:3:8: error: `A` already has a method with these parameter types"),
        "{e}"
    );
    // `null` goes to the most specific overload: `A` over `Object`.
    // (`m(A)` promises `False`, so the assertion after the call is proved only if it is the
    // one called.)
    let specific = "class A {\n  void m(Object o)\n  /*: ensures \"True\" */\n  { }\n  void m(A a)\n  /*: ensures \"False\" */\n  { }\n  void n()\n  /*: ensures \"True\" */\n  {\n    m(null);\n    //: assert \"False\";\n  }\n}\nclass B { }\n";
    let answers = verify(&[("A.java", specific.to_string())], &["A.n"], 1_000);
    assert_verified(&answers);
    let general = specific.replace("m(null);", "m(new B());");
    let answers = verify(&[("A.java", general)], &["A.n"], 1_000);
    assert!(answers.iter().any(|a| !a.proved && a.check == Obligation::Assertion), "{answers:?}");
}

// ------------------------------------------------------------------ havoc suchThat

#[test]
fn havoc_such_that_asks_for_a_value_and_assumes_it() {
    let answers = verify_example("Choose.java", example("Choose.java"));
    assert_verified(&answers);
    // Two values asked for, the assumption's two statements and the assertion after it.
    assert_eq!(answers.iter().filter(|a| a.check == Obligation::Assertion).count(), 5);
    let text = example("Choose.java");
    // No such value: the existence obligation fails.
    let failed = failures(&verify_example(
        "Choose.java",
        mutate(&text, "suchThat \"low < x & x <= high\"", "suchThat \"high < x & x <= low\""),
    ));
    assert_eq!(failed, [("Choose.between".to_string(), Obligation::Assertion)]);
    // The value is only what F says of it.
    let failed = failures(&verify_example(
        "Choose.java",
        mutate(&text, "suchThat \"low < x & x <= high\"", "suchThat \"low < x\""),
    ));
    assert_eq!(failed, [("Choose.between".to_string(), Obligation::Postcondition)]);
    let old =
        mutate(&text, "suchThat \"before < this..high\"", "suchThat \"old high < this..high\"");
    assert!(lowering_errors(&old).contains("`havoc x suchThat F`: F may not mention `old`"));
}

#[test]
fn assuming_proves_under_its_assumption_and_keeps_the_implication() {
    let text = example("Choose.java");
    // A conclusion that does not follow from the assumption fails ...
    let failed = failures(&verify_example(
        "Choose.java",
        mutate(&text, "noteThat bigger: \"5 < x + x\"", "noteThat bigger: \"50 < x + x\""),
    ));
    assert_eq!(failed, [("Choose.twice".to_string(), Obligation::Assertion)]);
    // ... and after the statement only the implication is known, not the conclusion.
    let failed = failures(&verify_example(
        "Choose.java",
        mutate(&text, "assert \"10 < x --> 5 < x + x\"", "assert \"5 < x + x\""),
    ));
    assert_eq!(failed, [("Choose.twice".to_string(), Obligation::Assertion)]);
    // The statements inside are checked under the assumption only.
    let failed = failures(&verify_example(
        "Choose.java",
        mutate(&text, "(assert \"0 < x\";", "(assert \"20 < x\";"),
    ));
    assert_eq!(failed, [("Choose.twice".to_string(), Obligation::Assertion)]);
    let no_conclusion = mutate(&text, "; noteThat bigger: \"5 < x + x\")", ")");
    assert!(lowering_errors(&no_conclusion).contains("ends with `noteThat G`"));
}

// ------------------------------------------------------------------ note, static ghost values

#[test]
fn note_is_checked_and_known_and_a_static_ghost_initial_value_is_read() {
    let answers = verify_example("Tally.java", example("Tally.java"));
    assert_verified(&answers);
    // The short `note` is an assertion where it stands (its mutant fails: see the mutants).
    assert_eq!(answers.iter().filter(|a| a.check == Obligation::Assertion).count(), 1);
    let text = example("Tally.java");
    // The initial value is read with its type: a set where an int is declared is an error.
    let wrong = mutate(&text, "total :: int = \"0\";", "total :: int = \"{}\";");
    assert!(!lowering_errors(&wrong).is_empty(), "a set accepted as an int");
    // An initial value that mentions what it cannot see is an error too.
    let unknown = mutate(&text, "total :: int = \"0\";", "total :: int = \"nowhere\";");
    assert!(lowering_errors(&unknown).contains("nowhere"), "{}", lowering_errors(&unknown));
}

// ------------------------------------------------------------------ arrays of objects

#[test]
fn arrays_of_objects_check_bounds_and_their_elements() {
    let answers = verify_example("Row.java", example("Row.java"));
    assert_verified(&answers);
    let text = example("Row.java");
    let failed = failures(&verify_example(
        "Row.java",
        mutate(&text, "requires \"Array.state (this..cells) 0 ~= null\"\n", ""),
    ));
    assert_eq!(failed, [("Row.first".to_string(), Obligation::NullDereference)]);
    let failed = failures(&verify_example(
        "Row.java",
        mutate(&text, "i < this..cells..Array.length\"", "i <= this..cells..Array.length\""),
    ));
    assert_eq!(failed, [("Row.put".to_string(), Obligation::ArrayBound)]);
}

// ------------------------------------------------------------------ reflexive transitive closure

#[test]
fn reachability_by_closure_is_proved_and_false_claims_are_not() {
    let answers = verify_example("Reach.java", example("Reach.java"));
    assert_verified(&answers);
    assert!(answers.iter().any(|a| a.method == "Reach.pop"), "{answers:?}");
    let text = example("Reach.java");
    // Each false claim is a mutant whose obligation must stay unproved.
    for (from, to, method, kind) in [
        // The new root does not reach the old one (unless the list is a cycle).
        (
            "rtrancl_pt (% u v. u..next = v) (old root) root",
            "rtrancl_pt (% u v. u..next = v) root (old root)",
            "Reach.pop",
            Obligation::Postcondition,
        ),
        // Popping loses the old root: the content is not unchanged.
        (
            "content <= old content &",
            "content = old content &",
            "Reach.pop",
            Obligation::Postcondition,
        ),
        // Every node reached is not the last one: false at the end of the list.
        (
            "ensures \"result = null | result : content\"",
            "ensures \"result : content\"",
            "Reach.second",
            Obligation::Postcondition,
        ),
        // The closure is not symmetric: the root is not reached from every node of the list.
        (
            "ensures \"root ~= null --> root : content\"",
            "ensures \"ALL x. x : content --> (x, root) : {(u, v). u..next = v}^*\"",
            "Reach.rootIn",
            Obligation::Postcondition,
        ),
    ] {
        let failed = failures(&verify_example("Reach.java", mutate(&text, from, to)));
        assert!(failed.contains(&(method.to_string(), kind)), "{to}: {failed:?}");
    }
}

/// Closures are typed where they are written in a program's annotations.
#[test]
fn closure_errors_in_programs_are_named() {
    let text = example("Reach.java");
    let wrong =
        mutate(&text, "(root, x) : {(u, v). u..next = v}^*", "(root, x) : {u. u..next = u}^*");
    let e = lowering_errors(&wrong);
    assert!(e.contains("Reach.java:19:") || e.contains("T.java:19:"), "{e}");
    assert!(e.contains("type mismatch"), "{e}");
    // Jahob's `tree [next]` is read. It has no first-order meaning yet, so it is proved only
    // where it is the invariant assumed, unchanged: here no method writes `next`. (That it is
    // not proved from nothing is in tests/specs/closure_false.spec.)
    let shape =
        mutate(&text, "private vardefs", "invariant shape: \"tree [next]\";\n     private vardefs");
    assert_verified(&verify_example("Reach.java", shape));
}

/// The seeded-bug variants of the new forms' examples kept in `examples/programs/mutants/` (for
/// a user to run) each fail where their first line says.
#[test]
fn the_mutant_files_of_the_new_forms_fail() {
    for (file, method, kind) in [
        ("CounterWrongInitialiser.java", "Counter.init()", Obligation::ClassInvariant),
        ("AccountOtherConstructor.java", "Account.opened", Obligation::Postcondition),
        ("ChooseNoSuchValue.java", "Choose.between", Obligation::Assertion),
        ("ChooseConclusionWithoutAssumption.java", "Choose.twice", Obligation::Assertion),
        ("RowElementMayBeNull.java", "Row.first", Obligation::NullDereference),
        ("TallyFalseNote.java", "Tally.add", Obligation::Assertion),
        ("TallyInitialValueAssumed.java", "Tally.current", Obligation::Postcondition),
        ("ReachPopKeepsRoot.java", "Reach.pop", Obligation::Postcondition),
    ] {
        let failed = failures(&verify_example(file, example(&format!("mutants/{file}"))));
        assert!(failed.contains(&(method.to_string(), kind)), "{file}: {failed:?}");
    }
}

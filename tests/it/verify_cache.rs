//! `craig verify`'s proof cache, end to end through the binary: a warm run re-checks every
//! proof and searches nothing, and says what a cold run says, superposition proofs and the
//! instantiation engine's ground instances alike; a damaged file or a tampered proof or
//! instance costs a search, never a verdict; a changed method misses; `--no-cache` writes
//! nothing.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::common::{s, scratch};

/// A small program of two classes: a counter whose postcondition needs arithmetic, a link
/// whose obligations are about the heap.
const COUNTER: &str = r#"
class Counter {
    public int count;
    public Counter next;

    public void bump()
    /*: modifies "Counter.count"
        ensures "this..count = old (this..count) + 1" */
    {
        count = count + 1;
    }

    public void link(Counter c)
    /*: requires "c ~= null"
        modifies "Counter.next"
        ensures "this..next = c & this..count = old (this..count)" */
    {
        next = c;
    }
}
"#;

/// What one run printed and its exit code.
struct Run {
    out: String,
    err: String,
    code: i32,
}

impl Run {
    /// The lines a user reads: verdicts and summaries, without the `%` lines of `--stats`.
    fn verdicts(&self) -> Vec<&str> {
        self.out
            .lines()
            .filter(|l| !l.starts_with("% stats") && !l.starts_with("% cache"))
            .collect()
    }

    /// Each obligation's (searched, rechecked) from its `% stats` line, by name.
    fn counters(&self) -> Vec<(String, u64, u64)> {
        self.out
            .lines()
            .filter_map(|l| l.strip_prefix("% stats "))
            .map(|l| {
                let name = l.split(':').next().unwrap().to_string();
                let words: Vec<&str> = l.split_whitespace().collect();
                let after = |w: &str| -> u64 {
                    let at = words.iter().position(|x| *x == w).unwrap();
                    words[at + 1].parse().unwrap()
                };
                (name, after("searched"), after("rechecked"))
            })
            .collect()
    }

    fn searched(&self) -> u64 {
        self.counters().iter().map(|c| c.1).sum()
    }

    fn rechecked(&self) -> u64 {
        self.counters().iter().map(|c| c.2).sum()
    }
}

fn verify(args: &[&str], file: &Path) -> Run {
    verify_in_steps("3000", args, file)
}

/// `craig verify --stats --steps STEPS ARGS FILE`.
fn verify_in_steps(steps: &str, args: &[&str], file: &Path) -> Run {
    let output = Command::new(env!("CARGO_BIN_EXE_craig"))
        .args(["verify", "--stats", "--steps", steps])
        .args(args)
        .arg(file)
        .output()
        .expect("craig runs");
    Run {
        out: String::from_utf8(output.stdout).unwrap(),
        err: String::from_utf8(output.stderr).unwrap(),
        code: output.status.code().unwrap_or(-1),
    }
}

/// The program written into a fresh folder.
#[track_caller]
fn program(name: &str, text: &str) -> (PathBuf, PathBuf) {
    let dir = scratch(name);
    let file = dir.join("Counter.java");
    std::fs::write(&file, text).unwrap();
    (dir, file)
}

#[test]
fn a_warm_run_rechecks_every_proof_and_says_the_same() {
    let (dir, file) = program("warm", COUNTER);
    let cold = verify(&[], &file);
    assert_eq!(cold.code, 0, "{}{}", cold.out, cold.err);
    assert!(cold.searched() > 0, "{}", cold.out);
    assert_eq!(cold.rechecked(), 0, "{}", cold.out);
    // The default cache file: one folder beside the program, one file named after it.
    let cache = dir.join(".craig-cache").join("Counter.ron");
    assert!(cache.is_file(), "no cache file at {}", s(&cache));
    let warm = verify(&[], &file);
    assert_eq!(warm.code, 0, "{}{}", warm.out, warm.err);
    assert_eq!(warm.verdicts(), cold.verdicts());
    assert_eq!(warm.searched(), 0, "{}", warm.out);
    assert_eq!(warm.rechecked(), cold.searched(), "{}\n{}", cold.out, warm.out);
    assert!(warm.err.is_empty(), "{}", warm.err);
}

#[test]
fn a_damaged_cache_file_is_a_warning_and_a_cold_run() {
    let (dir, file) = program("damaged", COUNTER);
    let cache = dir.join("proofs.ron");
    let cold = verify(&["--cache", &s(&cache)], &file);
    for garbage in ["(version: 1, entries: {\"12\": (", "\u{0}\u{1}not ron at all", ""] {
        std::fs::write(&cache, garbage).unwrap();
        let run = verify(&["--cache", &s(&cache)], &file);
        assert_eq!(run.code, 0, "{}{}", run.out, run.err);
        assert!(run.err.contains("warning: ignoring the proof cache"), "{}", run.err);
        assert_eq!(run.verdicts(), cold.verdicts());
        assert_eq!(run.searched(), cold.searched());
        // The cold run wrote a good file again.
        let again = verify(&["--cache", &s(&cache)], &file);
        assert_eq!(again.searched(), 0, "{}", again.out);
    }
}

#[test]
fn a_proof_that_does_not_check_is_discarded_and_searched_again() {
    let (dir, file) = program("tampered", COUNTER);
    let cache = dir.join("proofs.ron");
    let cold = verify(&["--cache", &s(&cache)], &file);
    let mut proofs =
        craig::verify::ProofCache::from_text(&std::fs::read_to_string(&cache).unwrap()).unwrap();
    assert!(!proofs.entries.is_empty());
    // Every superposition proof loses its first step: the steps after it use a premise nobody
    // derived.
    let mut tampered = 0;
    for entry in proofs.entries.values_mut().filter(|e| !e.nodes.is_empty()) {
        entry.nodes.remove(0);
        tampered += 1;
    }
    assert_eq!(tampered, cold.searched(), "every problem here is proved by superposition");
    std::fs::write(&cache, proofs.to_text()).unwrap();
    let run = verify(&["--cache", &s(&cache)], &file);
    assert_eq!(run.verdicts(), cold.verdicts());
    assert_eq!(run.searched(), cold.searched(), "{}", run.out);
    assert!(run.out.contains(&format!("{tampered} cached proofs discarded")), "{}", run.out);
}

/// A list cell made by a method that allocates it: the frame obligations (no field of an
/// object allocated on entry changes) need a case split on whether an object is the new one,
/// which superposition does not find within [`CELL_STEPS`] given clauses, and the instantiation
/// engine does.
const CELL: &str = r#"
class Cell {
    public int value;
    public Cell next;

    public static Cell make(Cell tail)
    /*: ensures "result ~= null & result..next = tail" */
    {
        Cell c = new Cell();
        c.value = 1;
        c.next = tail;
        return c;
    }
}
"#;

/// The steps that leave superposition short on [`CELL`] and the instantiation engine not.
const CELL_STEPS: &str = "40";

/// The program in `CELL`, its cold run (which must have used the instantiation engine) and
/// the cache file it wrote.
fn cell_cold_run(name: &str) -> (PathBuf, PathBuf, Run) {
    let dir = scratch(name);
    let file = dir.join("Cell.java");
    std::fs::write(&file, CELL).unwrap();
    let cache = dir.join("proofs.ron");
    let cold = verify_in_steps(CELL_STEPS, &["--cache", &s(&cache)], &file);
    assert_eq!(cold.code, 0, "{}{}", cold.out, cold.err);
    assert!(cold.out.contains("proved by instantiation"), "{}", cold.out);
    (file, cache, cold)
}

#[test]
fn a_warm_run_rechecks_instantiation_refutations_without_searching() {
    let (file, cache, cold) = cell_cold_run("cell-warm");
    let proofs =
        craig::verify::ProofCache::from_text(&std::fs::read_to_string(&cache).unwrap()).unwrap();
    assert!(
        proofs.entries.values().any(|e| !e.instances.is_empty() && e.nodes.is_empty()),
        "no ground instances stored: {proofs:?}"
    );
    let warm = verify_in_steps(CELL_STEPS, &["--cache", &s(&cache)], &file);
    assert_eq!(warm.code, 0, "{}{}", warm.out, warm.err);
    assert_eq!(warm.verdicts(), cold.verdicts());
    assert_eq!(warm.searched(), 0, "{}", warm.out);
    assert!(warm.rechecked() > 0, "{}", warm.out);
}

/// Rewrites the first literal of a stored clause to its opposite polarity.
fn flip_first_literal(clause: &mut String) {
    *clause = match (clause.find("!="), clause.find('=')) {
        (Some(at), Some(eq)) if at < eq => format!("{}={}", &clause[..at], &clause[at + 2..]),
        (_, Some(eq)) => format!("{}!={}", &clause[..eq], &clause[eq + 1..]),
        _ => panic!("a clause without a literal: {clause}"),
    };
}

#[test]
fn a_tampered_ground_instance_is_rejected_and_searched_again() {
    let (file, cache, cold) = cell_cold_run("cell-tampered");
    let mut proofs =
        craig::verify::ProofCache::from_text(&std::fs::read_to_string(&cache).unwrap()).unwrap();
    // The first instance of each instantiation refutation says the opposite of its source's
    // literal: it is no longer an instance of the clause it names.
    let mut tampered = 0;
    for entry in proofs.entries.values_mut().filter(|e| !e.instances.is_empty()) {
        flip_first_literal(&mut entry.instances[0].clause);
        tampered += 1;
    }
    assert!(tampered > 0);
    std::fs::write(&cache, proofs.to_text()).unwrap();
    let run = verify_in_steps(CELL_STEPS, &["--cache", &s(&cache)], &file);
    assert_eq!(run.verdicts(), cold.verdicts());
    assert!(run.searched() >= tampered, "{}", run.out);
    assert!(run.out.contains(&format!("{tampered} cached proofs discarded")), "{}", run.out);
    // The search stored good entries again.
    let again = verify_in_steps(CELL_STEPS, &["--cache", &s(&cache)], &file);
    assert_eq!(again.searched(), 0, "{}", again.out);
}

#[test]
fn ground_instances_that_do_not_refute_are_rejected() {
    let (file, cache, cold) = cell_cold_run("cell-dropped");
    let mut proofs =
        craig::verify::ProofCache::from_text(&std::fs::read_to_string(&cache).unwrap()).unwrap();
    // Each refutation keeps only its first ground clause: every one is still an instance of
    // its source, but one clause alone refutes nothing here.
    let mut tampered = 0;
    for entry in proofs.entries.values_mut().filter(|e| e.instances.len() > 1) {
        entry.instances.truncate(1);
        tampered += 1;
    }
    assert!(tampered > 0);
    std::fs::write(&cache, proofs.to_text()).unwrap();
    let run = verify_in_steps(CELL_STEPS, &["--cache", &s(&cache)], &file);
    assert_eq!(run.verdicts(), cold.verdicts());
    assert!(run.searched() >= tampered, "{}", run.out);
    assert!(run.out.contains(&format!("{tampered} cached proofs discarded")), "{}", run.out);
}

#[test]
fn a_changed_method_misses_and_the_others_hit() {
    let (_dir, file) = program("changed", COUNTER);
    let cold = verify(&[], &file);
    assert_eq!(cold.code, 0, "{}{}", cold.out, cold.err);
    let changed = COUNTER
        .replace("count = count + 1;", "count = count + 2;")
        .replace("old (this..count) + 1", "old (this..count) + 2");
    std::fs::write(&file, changed).unwrap();
    let warm = verify(&[], &file);
    assert_eq!(warm.code, 0, "{}{}", warm.out, warm.err);
    for (name, searched, rechecked) in warm.counters() {
        if name.starts_with("Counter.bump") && name.contains("post") {
            assert!(searched > 0 && rechecked == 0, "{name} hit the cache:\n{}", warm.out);
        }
        if name.starts_with("Counter.link") {
            assert_eq!(searched, 0, "{name} missed the cache:\n{}", warm.out);
        }
    }
    // A wrong postcondition is still caught, whatever the cache holds.
    let wrong = COUNTER.replace("old (this..count) + 1", "old (this..count) + 3");
    std::fs::write(&file, wrong).unwrap();
    let caught = verify(&[], &file);
    assert_eq!(caught.code, 1, "{}", caught.out);
    assert!(caught.out.contains("not verified"), "{}", caught.out);
}

#[test]
fn no_cache_writes_nothing() {
    let (dir, file) = program("none", COUNTER);
    let run = verify(&["--no-cache"], &file);
    assert_eq!(run.code, 0, "{}{}", run.out, run.err);
    assert!(!dir.join(".craig-cache").exists());
    let entries: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(entries.len(), 1, "only the program: {entries:?}");
}

#[test]
fn the_output_does_not_depend_on_the_number_of_jobs() {
    let (_dir, file) = program("jobs", COUNTER);
    let one = verify(&["--no-cache", "--jobs", "1"], &file);
    let four = verify(&["--no-cache", "--jobs", "4"], &file);
    let default = verify(&["--no-cache"], &file);
    assert_eq!(one.verdicts(), four.verdicts());
    assert_eq!(one.verdicts(), default.verdicts());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

    /// A damaged or hostile cache file is read without a panic: any text as a stored clause,
    /// instance or premise is either re-checked or rejected with a typed error.
    #[test]
    fn a_stored_entry_of_any_text_is_rejected_or_checked_never_a_panic(
        parts in proptest::collection::vec(
            proptest::prop_oneof![
                proptest::prelude::Just("s0".to_string()),
                proptest::prelude::Just("s1(".to_string()),
                proptest::prelude::Just("X0".to_string()),
                proptest::prelude::Just("=".to_string()),
                proptest::prelude::Just("!=".to_string()),
                proptest::prelude::Just("|".to_string()),
                proptest::prelude::Just(",".to_string()),
                proptest::prelude::Just(")".to_string()),
                proptest::prelude::Just("é".to_string()),
                "[sX0-9(),=!|é ]{0,6}",
            ],
            0..12,
        ),
        source in 0usize..4,
    ) {
        let problem = craig::input::parse_problem(
            "cnf(a, axiom, p(X)).\ncnf(b, negated_conjecture, ~p(c)).\n",
            "t.p",
            "t",
            &[],
        )
        .unwrap();
        let text: String = parts.concat();
        let instances = craig::verify::cache::Entry {
            obligation: "o".into(),
            given: 0,
            generated: 0,
            symbols: Vec::new(),
            nodes: Vec::new(),
            instances: vec![craig::verify::cache::GroundInstance { source, clause: text.clone() }],
        };
        let _ = instances.recheck(&problem);
        let proof = craig::verify::cache::Entry {
            nodes: vec![craig::verify::cache::Node {
                id: 0,
                rule: "input".into(),
                input: Some(source),
                clause: text.clone(),
                premises: vec![(0, text)],
            }],
            instances: Vec::new(),
            ..instances
        };
        let _ = proof.recheck(&problem);
    }
}

/// `--method C.m` selects every overload of `m`, `--method 'C.m(int)'` one of them.
#[test]
fn a_method_name_selects_its_overloads() {
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/programs/Account.java"),
    )
    .unwrap();
    let dir = scratch("overloads");
    let file = dir.join("Account.java");
    std::fs::write(&file, text).unwrap();
    let methods =
        |run: &Run| -> BTreeSet<String> { run.counters().into_iter().map(|c| c.0).collect() };
    let all = verify(&["--no-cache", "--method", "Account.deposit"], &file);
    assert_eq!(all.code, 0, "{}{}", all.out, all.err);
    let expected: BTreeSet<String> =
        ["Account.deposit(int)", "Account.deposit(Account)"].map(String::from).into();
    assert_eq!(methods(&all), expected);
    let one = verify(&["--no-cache", "--method", "Account.deposit(int)"], &file);
    assert_eq!(methods(&one), ["Account.deposit(int)".to_string()].into());
    let none = verify(&["--no-cache", "--method", "Account.depo"], &file);
    assert_eq!(none.code, 2, "{}{}", none.out, none.err);
}

//! Annotated Java programs at the workbench prompt, driven through `eval_line` with exact
//! transcripts: `load FILE.java...`, goals by method, `show` (the sequent in the program's terms,
//! the path, `show ir`), `prove` with the path of a failure, `core` naming program facts,
//! `translate`, `unload`, and sessions. Limits are steps, never time.

use std::path::PathBuf;

use crate::common;

use common::{bench, run, s};

const CELL: &str = "class Cell {
    public int v;

    public static int get(Cell c)
    /*: requires \"c ~= null\"
        ensures \"result = c..v\" */
    {
        return c.v;
    }

    public static int unsafe(Cell c, int k)
    /*: requires \"0 < k\"
        ensures \"0 < result\" */
    {
        int r = k;
        if (k < 5) return r;
        return c.v + k;
    }
}
";

/// A fresh scratch directory for one test, with `Cell.java` in it.
fn scratch(name: &str) -> PathBuf {
    let dir = common::scratch(name);
    std::fs::write(dir.join("Cell.java"), CELL).unwrap();
    dir
}

#[test]
fn load_lists_goals_by_method() {
    let dir = scratch("goals");
    let cell = s(&dir.join("Cell.java"));
    let mut wb = bench();
    let loaded = run(&mut wb, &format!("load {cell}"));
    assert!(
        loaded.starts_with(&format!(
            "loaded theory Cell from {cell}: 1 file, 2 methods, 5 obligations, 5 goals\nnote: int \
             is read as the mathematical integers"
        )),
        "{loaded}"
    );
    assert_eq!(
        run(&mut wb, "goals"),
        format!(
            "method Cell.get ({cell}:4:23; theory Cell): 0 of 2 goals proved\n\
             \x20 Cell.get:1     open                      null dereference (c is not null in c.v) at {cell}:8:16\n\
             \x20 Cell.get:2     open                      postcondition at {cell}:6:18, checked at {cell}:8:9\n\
             method Cell.unsafe ({cell}:11:23; theory Cell): 0 of 3 goals proved\n\
             \x20 Cell.unsafe:1  open                      postcondition at {cell}:13:18, checked at {cell}:16:20\n\
             \x20 Cell.unsafe:2  open                      null dereference (c is not null in c.v) at {cell}:17:16\n\
             \x20 Cell.unsafe:3  open                      postcondition at {cell}:13:18, checked at {cell}:17:9\n"
        )
    );
    // A method's name stands for its goals.
    assert_eq!(run(&mut wb, "goals Cell.get").lines().count(), 3);
    let theories = run(&mut wb, "theories");
    assert_eq!(theories, format!("Cell  {cell}  Java: 2 methods, 5 obligations\n"));
    // Loading the same file again is refused, and so is mixing Java with other files.
    assert!(run(&mut wb, &format!("load {cell}")).contains("is already loaded as theory `Cell`"));
    assert!(
        run(&mut wb, &format!("load {cell} examples/tptp/pets.p"))
            .starts_with("error: only Java files (.java) are read together")
    );
}

#[test]
fn a_failed_load_keeps_the_session() {
    let dir = scratch("failed");
    let broken = dir.join("Broken.java");
    std::fs::write(
        &broken,
        "class Broken {\n  int m()\n  /*: ensures \"nosuch\" */\n  { return 0; }\n}\n",
    )
    .unwrap();
    let mut wb = bench();
    run(&mut wb, &format!("load {}", s(&dir.join("Cell.java"))));
    let out = run(&mut wb, &format!("load {}", s(&broken)));
    assert!(out.starts_with(&format!("error: cannot load {} (", s(&broken))), "{out}");
    assert!(out.contains(&format!("{}:3:", s(&broken))), "{out}");
    assert_eq!(wb.state().theories.len(), 1);
    assert_eq!(wb.state().goals.len(), 5);
}

#[test]
fn show_prove_core_and_the_path_of_a_failure() {
    let dir = scratch("prove");
    let cell = s(&dir.join("Cell.java"));
    let mut wb = bench();
    run(&mut wb, &format!("load {cell}"));
    run(&mut wb, "set steps 200");
    let shown = run(&mut wb, "show Cell.unsafe:2");
    assert!(
        shown.starts_with(&format!(
            "goal Cell.unsafe:2 (obligation Cell.unsafe:2 of method Cell.unsafe; theory Cell)\n\
             checks: null dereference (c is not null in c.v) at {cell}:17:16\n\
             \x20 path: ~ k < 5 ({cell}:16:13)\n\
             hypotheses ("
        )),
        "{shown}"
    );
    assert!(shown.contains("  axiom le_refl (stdlib/int.spec:10:7): ALL x. x <= x\n"), "{shown}");
    assert!(shown.contains(&format!("  precondition pre_5 ({cell}:12:19): 0 < k\n")), "{shown}");
    assert!(shown.contains("  branch branch_"), "{shown}");
    assert!(shown.contains("goal: c ~= null\ntranslation: "), "{shown}");
    let hol = run(&mut wb, "show Cell.get:1 hol");
    assert!(hol.ends_with(&format!("  precondition pre_5 ({cell}:5:19): c ~= null\n  typing typing_6 ({cell}:4:23): c : Object.alloc\n  typing typing_7 ({cell}:4:23): c : Cell\ngoal: c ~= null\n")), "{hol}");

    // The postcondition on the early return needs the precondition and the assignment.
    let proved = run(&mut wb, "prove Cell.unsafe:1");
    assert!(proved.starts_with("Cell.unsafe:1  Theorem "), "{proved}");
    let core = run(&mut wb, "core");
    assert!(core.starts_with("core of Cell.unsafe:1 ("), "{core}");
    assert!(
        core.contains(&format!(
            ": precondition pre_5 at {cell}:12:19\n      | /*: requires \"0 < k\"\n"
        )),
        "{core}"
    );
    assert!(core.contains(": statement stmt_"), "{core}");
    assert!(
        core.contains(&format!(
            "  Cell.unsafe:1: the goal: postcondition at {cell}:13:18\n      | ensures \"0 < result\" */\n"
        )),
        "{core}"
    );
    let minimal = run(&mut wb, "core --minimal");
    assert!(minimal.contains("minimal core of Cell.unsafe:1 ("), "{minimal}");

    // Nothing says c is not null: not proved, with what it checks and the path.
    let unsafe_2 = run(&mut wb, "prove Cell.unsafe:2");
    assert!(unsafe_2.starts_with("Cell.unsafe:2  GaveUp                given "), "{unsafe_2}");
    assert!(
        unsafe_2.ends_with(&format!(
            "  after strategy 6 of 6: superposition, complex selection, conjecture-relative weight, set equalities split into inclusions, without the library's axioms, 1 sequent\n\
             \x20 not proved: null dereference (c is not null in c.v) at {cell}:17:16\n\
             \x20 path: ~ k < 5 ({cell}:16:13)\n"
        )),
        "{unsafe_2}"
    );
    let goals = run(&mut wb, "goals Cell.unsafe");
    assert!(
        goals.starts_with(&format!(
            "method Cell.unsafe ({cell}:11:23; theory Cell): 1 of 3 goals proved\n"
        )),
        "{goals}"
    );

    // The clauses for another prover, and the IR of a method.
    let tptp = run(&mut wb, "translate Cell.get");
    assert!(tptp.starts_with("% sequent Cell.get:1\n"), "{tptp}");
    assert!(tptp.contains("% sequent Cell.get:2\n"), "{tptp}");
    let ir = run(&mut wb, "show ir Cell.get");
    assert!(ir.starts_with(&format!("procedure Cell.get(c: obj) returns (result: int)  -- {cell}:4:23\n  requires c ~= null  -- {cell}:5:19\n")), "{ir}");
    assert!(
        run(&mut wb, "show ir Cell.nosuch")
            .starts_with("error: no method `Cell.nosuch` (methods: Cell.get, Cell.unsafe")
    );
}

#[test]
fn unload_undo_reload_and_sessions() {
    let dir = scratch("sessions");
    let cell = dir.join("Cell.java");
    let mut wb = bench();
    run(&mut wb, &format!("load {}", s(&cell)));
    run(&mut wb, "load examples/tptp/pets.p");
    run(&mut wb, "set steps 200");
    run(&mut wb, "prove Cell.unsafe:1");
    assert_eq!(
        run(&mut wb, "unload Cell"),
        format!("unloaded theory Cell ({}, 5 goals)\n", s(&cell))
    );
    // The goals of the theory after it still find their theory.
    assert!(run(&mut wb, "show pets").starts_with("goal pets (theory pets, "));
    assert!(
        run(&mut wb, "unload Cell").starts_with("error: no theory named `Cell` (theories: pets)")
    );
    run(&mut wb, "undo");
    assert_eq!(wb.state().goals.len(), 6);

    // Saved and restored: the Java theory is loaded again and its results come back.
    let session = dir.join("s.ron");
    run(&mut wb, &format!("save {}", s(&session)));
    let mut other = bench();
    assert_eq!(
        run(&mut other, &format!("restore {}", s(&session))),
        format!("restored {}: 2 theories, 6 goals, 1 results still valid\n", s(&session))
    );
    assert!(run(&mut other, "goals Cell.unsafe:1").contains("Cell.unsafe:1  Theorem"));

    // An edit to one method makes its changed goals obsolete on `reload`.
    std::fs::write(&cell, CELL.replace("ensures \"0 < result\"", "ensures \"1 < result\""))
        .unwrap();
    let reloaded = run(&mut other, "reload");
    assert!(reloaded.contains("goal Cell.unsafe:1 changed (result obsolete)\n"), "{reloaded}");
    assert!(!reloaded.contains("goal Cell.get:1 changed"), "{reloaded}");
}

#[test]
fn java_files_read_together_are_one_theory() {
    let dir = scratch("together");
    let user = dir.join("User.java");
    std::fs::write(
        &user,
        "class User {\n  public static int twice(Cell c)\n  /*: requires \"c ~= null\" */\n  { return Cell.get(c) + Cell.get(c); }\n}\n",
    )
    .unwrap();
    let mut wb = bench();
    let both = format!("{} {}", s(&dir.join("Cell.java")), s(&user));
    let loaded = run(&mut wb, &format!("load {both}"));
    assert!(
        loaded.starts_with(&format!("loaded theory Cell from {both}: 2 files, 3 methods")),
        "{loaded}"
    );
    assert!(run(&mut wb, "goals User.twice").starts_with("method User.twice ("));
    // A file of the theory cannot be loaded again on its own.
    assert!(
        run(&mut wb, &format!("load {}", s(&user))).contains("is already loaded as theory `Cell`")
    );
    // Reloading reads both files again.
    assert!(run(&mut wb, "reload").ends_with("reloaded 1 theories, 0 goals changed\n"));
}

#[test]
fn prove_runs_the_verify_schedule_and_names_a_later_strategy() {
    // Under a small step limit the first strategy gives up on the queue's invariant
    // `sizeIsCount` after `enqueue`; instantiation, the schedule's second strategy, proves it,
    // as it does for `craig verify`, and the formulas its instances came from are listed.
    let queue = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/programs/Queue.java");
    let mut wb = bench();
    run(&mut wb, &format!("load {}", s(&queue)));
    run(&mut wb, "set steps 300");
    let proved = run(&mut wb, "prove Queue.enqueue:16");
    assert!(proved.starts_with("Queue.enqueue:16  Theorem               instances "), "{proved}");
    assert!(proved.contains("  by strategy 2 of 6: instantiation\n  instances of: "), "{proved}");
    assert!(proved.contains("inv_7") && proved.ends_with("Queue.enqueue:16\n"), "{proved}");
    // It has no superposition proof, and `proof` says there is none rather than showing another.
    assert_eq!(run(&mut wb, "proof"), "error: no proof attempt yet (try `prove`)\n");
    let goals = run(&mut wb, "goals Queue.enqueue");
    assert!(goals.contains("  Queue.enqueue:16    Theorem "), "{goals}");
    // A goal the first strategy proves is printed as before, without a strategy named.
    let first = run(&mut wb, "prove Queue.enqueue:22");
    assert!(first.starts_with("Queue.enqueue:22  Theorem               given "), "{first}");
    assert!(!first.contains("strategy"), "{first}");
    // Deterministic under steps: the same line again.
    assert_eq!(run(&mut wb, "prove Queue.enqueue:16"), proved);
}

const SHELF: &str = "class Shelf {
    public int count;
    public Shelf next;
    public int[] slots;
    /*: public ghost specvar pairs :: \"(int * int) set\" = \"({} :: (int * int) set)\"; */

    public static int top(Shelf s)
    /*: requires \"s ~= null & s..next ~= null & s..next..count = 3 & s..slots ~= null
                  & 0 < s..slots..Array.length & Array.intState (s..slots) 0 = 7\"
        ensures \"result = 3 + Array.intState (s..slots) 0\" */
    {
        return s.next.count + s.slots[0];
    }

    public static boolean small(Shelf s, int k)
    /*: requires \"(k, 2) : s..pairs & (ALL x y. (x, y) : s..pairs --> x < 5)\"
        ensures \"k < 5\" */
    {
        return true;
    }
}
";

/// An interpolant of a Java goal is read back into Jahob's notation, as `show` prints the
/// sequent: field reads `x..C.f`, array reads `a..Array.intState i`, membership in a set-valued
/// field `(k, 2) : s..C.pairs`, the program's own names and arithmetic; the TPTP line and the
/// line in the source's names stay as they were.
#[test]
fn interpolants_of_java_goals_are_read_in_jahob_notation() {
    let dir = common::scratch("jahob");
    let shelf = dir.join("Shelf.java");
    std::fs::write(&shelf, SHELF).unwrap();
    let mut wb = bench();
    run(&mut wb, &format!("load {}", s(&shelf)));
    run(&mut wb, "set steps 2000");
    let reads = |out: &str, lines: &[&str]| {
        let block = lines.join("\n");
        assert!(out.contains(&format!("\n{block}\n")), "{out}");
    };

    let out = run(&mut wb, "interpolate --goal Shelf.small:1 pre_8 | pre_9 Shelf.small:1");
    reads(
        &out,
        &[
            "fof(interpolant, plain, c_Shelf_pairs(c_Shelf_small_s,c_Shelf_small_k,int_2)).",
            "% in the source's names: Shelf.pairs(Shelf.small.s,Shelf.small.k,int_2)",
            "% in Jahob's notation: (k, 2) : s..Shelf.pairs",
        ],
    );
    let out = run(&mut wb, "interpolate --goal Shelf.small:1 pre_9 | pre_8 Shelf.small:1");
    reads(&out, &["% in Jahob's notation: ALL X0 X1. (X0, X1) ~: s..Shelf.pairs | X0 < 5"]);

    let out = run(
        &mut wb,
        "interpolate --goal Shelf.top:6 --sequence pre_10 pre_13 ; stmt_21 ; Shelf.top:6",
    );
    reads(
        &out,
        &[
            "% in Jahob's notation: s..Shelf.next..Shelf.count = 3 & s..Shelf.slots..Array.intState 0 = 7",
        ],
    );
    reads(
        &out,
        &["% in Jahob's notation: s..Shelf.slots..Array.intState 0 = 7 & result@1 = 3 + 7"],
    );
    // The notation is the one `show` prints the hypotheses in.
    let shown = run(&mut wb, "show Shelf.top:6");
    assert!(shown.contains(": s..Shelf.slots..Array.intState 0 = 7\n"), "{shown}");
}

/// A workbench on `file` with the proof cache on and a step limit (deterministic answers).
fn cached_bench(file: &str, steps: &str) -> craig::repl::Workbench {
    let mut wb = bench();
    assert_eq!(run(&mut wb, "set cache on"), "cache = on\n");
    run(&mut wb, &format!("set steps {steps}"));
    let loaded = run(&mut wb, &format!("load {file}"));
    assert!(loaded.starts_with("loaded theory"), "{loaded}");
    wb
}

/// The lines of a `prove` that say a goal was proved by a proof (not discharged by the
/// translation), and whether each one searched.
fn searched_lines(proved: &str) -> Vec<(String, bool)> {
    proved
        .lines()
        .filter(|l| l.contains(" Theorem ") && !l.contains("discharged"))
        .map(|l| (l.to_string(), !l.contains("re-checked from the proof cache")))
        .collect()
}

#[test]
fn prove_at_the_prompt_shares_the_proof_cache_with_verify() {
    let dir = scratch("cache-shared");
    let cell = s(&dir.join("Cell.java"));
    let cache = dir.join(".craig-cache").join("Cell.ron");
    // A cold prompt run searches and writes the program's cache file, the one verify reads.
    let mut wb = cached_bench(&cell, "3000");
    let cold = run(&mut wb, "prove Cell.unsafe:1");
    let lines = searched_lines(&cold);
    assert!(!lines.is_empty() && lines.iter().all(|(_, searched)| *searched), "{cold}");
    assert!(cache.is_file(), "no cache file after a cold prompt run:\n{cold}");
    // A warm prompt run, in a new workbench, searches nothing: every proof is re-checked.
    let mut warm_wb = cached_bench(&cell, "3000");
    let warm = run(&mut warm_wb, "prove Cell.unsafe:1");
    let lines = searched_lines(&warm);
    assert_eq!(lines.len(), searched_lines(&cold).len(), "{cold}\n{warm}");
    assert!(lines.iter().all(|(_, searched)| !searched), "{warm}");
    assert!(!warm.contains("given"), "{warm}");
    // A goal settled from the cache had no search: `proof` has nothing to show.
    assert_eq!(run(&mut warm_wb, "proof"), "error: no proof attempt yet (try `prove`)\n");
    assert!(run(&mut warm_wb, "goals Cell.unsafe:1").contains(" Theorem "));
    // `craig verify` finds the prompt's proofs and searches nothing either.
    let verify = std::process::Command::new(env!("CARGO_BIN_EXE_craig"))
        .args(["verify", "--stats", "--steps", "3000", "--method", "Cell.unsafe", &cell])
        .output()
        .unwrap();
    let text = String::from_utf8(verify.stdout).unwrap();
    let line = text.lines().find(|l| l.starts_with("% stats Cell.unsafe:1:")).unwrap_or("");
    assert!(line.ends_with("searched 0 rechecked 1"), "{text}");
    // With the cache off, the prompt searches again.
    run(&mut warm_wb, "set cache off");
    let lines = searched_lines(&run(&mut warm_wb, "prove Cell.unsafe:1"));
    assert!(!lines.is_empty() && lines.iter().all(|(_, searched)| *searched));
}

#[test]
fn the_prompt_rechecks_instantiation_proofs_verify_stored() {
    // Queue.enqueue:16 is proved by instantiation under 300 steps (see above); verify stores
    // its ground instances and the prompt re-checks them, naming the strategy.
    let text = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/programs/Queue.java"),
    )
    .unwrap();
    let dir = common::scratch("cache-queue");
    let queue = s(&dir.join("Queue.java"));
    std::fs::write(&queue, text).unwrap();
    let verify = std::process::Command::new(env!("CARGO_BIN_EXE_craig"))
        .args(["verify", "--steps", "300", "--method", "Queue.enqueue", &queue])
        .output()
        .unwrap();
    assert!(verify.status.code().is_some());
    let mut wb = cached_bench(&queue, "300");
    let proved = run(&mut wb, "prove Queue.enqueue:16");
    assert!(
        proved.starts_with(
            "Queue.enqueue:16  Theorem               re-checked from the proof cache  time [time]  by strategy 2 of 6: instantiation\n"
        ),
        "{proved}"
    );
}

#[test]
fn a_damaged_cache_costs_the_prompt_a_search_never_a_verdict() {
    let dir = scratch("cache-damaged");
    let cell = s(&dir.join("Cell.java"));
    let cache = dir.join(".craig-cache").join("Cell.ron");
    let mut wb = cached_bench(&cell, "3000");
    let cold = run(&mut wb, "prove Cell.unsafe:1");
    // A file that is no cache: a warning, the goals searched and proved, the file rewritten.
    std::fs::write(&cache, "(version: 2, entries: {\"12\": (").unwrap();
    let mut wb = cached_bench(&cell, "3000");
    let damaged = run(&mut wb, "prove Cell.unsafe:1");
    assert!(damaged.starts_with("warning: ignoring the proof cache "), "{damaged}");
    assert_eq!(searched_lines(&damaged), searched_lines(&cold));
    let mut wb = cached_bench(&cell, "3000");
    assert!(searched_lines(&run(&mut wb, "prove Cell.unsafe:1")).iter().all(|(_, s)| !s));
    // Proofs that lost their first step do not check: passed over, searched, proved.
    let mut proofs =
        craig::verify::ProofCache::from_text(&std::fs::read_to_string(&cache).unwrap()).unwrap();
    let mut tampered = 0;
    for entry in proofs.entries.values_mut().filter(|e| !e.nodes.is_empty()) {
        entry.nodes.remove(0);
        tampered += 1;
    }
    assert!(tampered > 0);
    std::fs::write(&cache, proofs.to_text()).unwrap();
    let mut wb = cached_bench(&cell, "3000");
    let rerun = run(&mut wb, "prove Cell.unsafe:1");
    assert!(rerun.contains("cached proof did not re-check and is passed over"), "{rerun}");
    assert_eq!(searched_lines(&rerun), searched_lines(&cold), "{rerun}");
}

#[test]
fn with_the_cache_off_the_prompt_writes_nothing() {
    let dir = scratch("cache-off");
    let cell = s(&dir.join("Cell.java"));
    // A deterministic workbench (replayed scripts, tests) starts with the cache off.
    let mut wb = bench();
    assert_eq!(run(&mut wb, "get cache"), "cache = off\n");
    run(&mut wb, "set steps 3000");
    run(&mut wb, &format!("load {cell}"));
    assert!(run(&mut wb, "prove Cell.unsafe:1").contains(" Theorem "));
    assert!(!dir.join(".craig-cache").exists());
}

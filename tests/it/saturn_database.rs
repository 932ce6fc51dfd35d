//! Saturn's summary database (`craig saturn --db FILE`, `--shard I/N`, `--merge`): a rerun reads
//! what did not change, an edit re-analyses exactly the functions whose cone it touched, shards
//! share one database or merge theirs, and the findings never depend on what the database held.

use std::path::Path;
use std::process::Output;

use crate::common::{s, scratch};

fn craig(args: &[&str]) -> Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_craig"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("craig runs")
}

fn text(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// The output without the database's own lines, which are all a database may change.
fn findings(out: &Output) -> String {
    text(out)
        .lines()
        .filter(|l| !l.starts_with("summary database "))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The counts the database line gives: read, analysed, stored.
fn counts(out: &Output) -> (usize, usize, usize) {
    let t = text(out);
    let line = t
        .lines()
        .find(|l| l.starts_with("summary database ") && l.contains(" read, "))
        .unwrap_or_else(|| panic!("no database line in:\n{t}"));
    let numbers: Vec<usize> = line
        .split(": ")
        .nth(1)
        .unwrap()
        .split([',', ';'])
        .take(3)
        .map(|part| part.trim().split(' ').next().unwrap().parse().unwrap())
        .collect();
    (numbers[0], numbers[1], numbers[2])
}

fn leak_run(file: &str, db: &Path, extra: &[&str]) -> Output {
    let db = s(db);
    let mut args = vec!["saturn", file, "--checker", "leak", "--db", &db];
    args.extend_from_slice(extra);
    craig(&args)
}

#[test]
fn a_rerun_reads_every_function_and_says_the_same() {
    let dir = scratch("rerun");
    let db = dir.join("summaries.sqlite");
    let fresh = craig(&["saturn", "examples/saturn/leaks.c", "--checker", "leak"]);
    let first = leak_run("examples/saturn/leaks.c", &db, &[]);
    let second = leak_run("examples/saturn/leaks.c", &db, &["--jobs", "1"]);
    assert_eq!(counts(&first), (0, 24, 24), "{}", text(&first));
    assert_eq!(counts(&second), (24, 0, 0), "{}", text(&second));
    assert_eq!(findings(&first), text(&fresh));
    assert_eq!(findings(&second), text(&fresh));
    assert_eq!(second.status.code(), fresh.status.code());
}

/// A line added inside `s15_local` moves every function below it: only `s15_local` and
/// `main` (whose calls reach it) are analysed again, and the places of the others' warnings,
/// read back against where their functions now are, are those a fresh run gives.
#[test]
fn an_edit_re_analyses_only_the_functions_whose_cone_it_touched() {
    let dir = scratch("edit");
    let db = dir.join("summaries.sqlite");
    let original = std::fs::read_to_string("examples/saturn/leaks.c").unwrap();
    let edited = original.replacen(
        "void s15_local(void) {\n",
        "void s15_local(void) {\n  int unused = 1;\n\n",
        1,
    );
    assert_ne!(edited, original);
    let file = dir.join("leaks.c");
    std::fs::write(&file, &original).unwrap();
    assert_eq!(counts(&leak_run(&s(&file), &db, &[])), (0, 24, 24));
    std::fs::write(&file, &edited).unwrap();
    let rerun = leak_run(&s(&file), &db, &[]);
    assert_eq!(counts(&rerun), (22, 2, 2), "{}", text(&rerun));
    let fresh = craig(&["saturn", &s(&file), "--checker", "leak"]);
    assert_eq!(findings(&rerun), text(&fresh));
    // The places moved: the warning after the edit is two lines lower than before.
    assert!(text(&fresh).contains("leaks.c:59:22"), "{}", text(&fresh));
}

/// A different unrolling or width is a different question: nothing is read.
#[test]
fn other_settings_read_nothing() {
    let dir = scratch("settings");
    let db = dir.join("summaries.sqlite");
    leak_run("examples/saturn/leaks.c", &db, &[]);
    let deeper = leak_run("examples/saturn/leaks.c", &db, &["--unroll", "2"]);
    assert_eq!(counts(&deeper), (0, 24, 24), "{}", text(&deeper));
    let locks = craig(&["saturn", "examples/saturn/leaks.c", "--checker", "lock", "--db", &s(&db)]);
    let (read, _, _) = counts(&locks);
    assert_eq!(read, 0, "{}", text(&locks));
}

/// Two shards at once on one database, then a run that reads them all; and shards with files of
/// their own, merged.
#[test]
fn shards_share_one_database_or_merge_theirs() {
    let dir = scratch("shards");
    let shared = dir.join("shared.sqlite");
    let spawn = |shard: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_craig"))
            .args(["saturn", "examples/saturn/locks.c", "--checker", "lock", "--db"])
            .arg(&shared)
            .args(["--shard", shard])
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("craig starts")
    };
    let (one, two) = (spawn("1/2"), spawn("2/2"));
    let (one, two) = (one.wait_with_output().unwrap(), two.wait_with_output().unwrap());
    let (_, analysed_one, _) = counts(&one);
    let (_, analysed_two, _) = counts(&two);
    let fresh = craig(&["saturn", "examples/saturn/locks.c", "--checker", "lock"]);
    let all =
        craig(&["saturn", "examples/saturn/locks.c", "--checker", "lock", "--db", &s(&shared)]);
    let (read, analysed, _) = counts(&all);
    assert_eq!(analysed, 0, "{}", text(&all));
    assert_eq!(read, analysed_one + analysed_two);
    assert!(analysed_one > 0 && analysed_two > 0, "both shards have work here");
    assert_eq!(findings(&all), text(&fresh));
    // Every warning of the whole run is in exactly one shard's output.
    let warnings = |out: &Output| -> Vec<String> {
        text(out).lines().filter(|l| l.contains("warning[")).map(str::to_string).collect()
    };
    let mut union = warnings(&one);
    union.extend(warnings(&two));
    union.sort();
    let mut whole = warnings(&fresh);
    whole.sort();
    assert_eq!(union, whole);

    let (p1, p2, merged) = (dir.join("p1.sqlite"), dir.join("p2.sqlite"), dir.join("all.sqlite"));
    for (db, shard) in [(&p1, "1/2"), (&p2, "2/2")] {
        craig(&[
            "saturn",
            "examples/saturn/locks.c",
            "--checker",
            "lock",
            "--db",
            &s(db),
            "--shard",
            shard,
        ]);
    }
    let collected = craig(&[
        "saturn",
        "examples/saturn/locks.c",
        "--checker",
        "lock",
        "--db",
        &s(&merged),
        "--merge",
        &s(&p1),
        &s(&p2),
    ]);
    assert_eq!(counts(&collected).1, 0, "{}", text(&collected));
    assert_eq!(
        findings(&collected).lines().filter(|l| !l.contains("merged")).count(),
        text(&fresh).lines().count()
    );
}

#[test]
fn a_database_is_refused_where_it_cannot_be_used() {
    let dir = scratch("refused");
    // The assertion checker keeps no summaries.
    let db = s(&dir.join("a.sqlite"));
    let out = craig(&["saturn", "examples/saturn/branch.c", "--db", &db]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("--db works with the lock and leak checkers")
    );
    // A shard needs a database, and is I/N with 1 <= I <= N.
    let out = craig(&["saturn", "examples/saturn/locks.c", "--checker", "lock", "--shard", "1/2"]);
    assert_eq!(out.status.code(), Some(2));
    let out = craig(&[
        "saturn",
        "examples/saturn/locks.c",
        "--checker",
        "lock",
        "--db",
        &db,
        "--shard",
        "3/2",
    ]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("expected I/N"));
    // A file that is not a database: a clear error, and the file is left as it was.
    let not_db = dir.join("notes.txt");
    std::fs::write(&not_db, "these are my notes, not a database\n".repeat(100)).unwrap();
    let out =
        craig(&["saturn", "examples/saturn/locks.c", "--checker", "lock", "--db", &s(&not_db)]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out));
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(said.contains("summary database") && said.contains("notes.txt"), "{said}");
    assert!(std::fs::read_to_string(&not_db).unwrap().starts_with("these are my notes"));
}

/// The prompt's `saturn --db FILE` as a transcript: the first run analyses every function, a
/// second reads them all and analyses none, and after an edit and `reload` only the edited
/// function and its caller are analysed again; the findings are those of a run without the
/// database each time.
#[test]
fn the_prompt_keeps_summaries_in_the_database_as_the_command_line_does() {
    use crate::common::run;
    let dir = scratch("prompt");
    let db = s(&dir.join("summaries.sqlite"));
    let file = dir.join("leaks.c");
    let original = std::fs::read_to_string("examples/saturn/leaks.c").unwrap();
    std::fs::write(&file, &original).unwrap();
    let mut wb = craig::repl::Workbench::new();
    wb.set_deterministic(true);
    let loaded = run(&mut wb, &format!("load {}", s(&file)));
    assert!(loaded.starts_with("loaded theory"), "{loaded}");
    let database_line = |said: &str| -> String {
        let lines: Vec<&str> =
            said.lines().filter(|l| l.starts_with("summary database ")).collect();
        assert_eq!(lines.len(), 1, "{said}");
        lines[0].to_string()
    };
    let without_database_line = |said: &str| -> String {
        said.lines()
            .filter(|l| !l.starts_with("summary database "))
            .map(|l| format!("{l}\n"))
            .collect()
    };
    let plain = run(&mut wb, "saturn --checker leak");
    let first = run(&mut wb, &format!("saturn --checker leak --db {db}"));
    assert_eq!(
        database_line(&first),
        format!("summary database {db}: 0 read, 24 analysed, 24 stored")
    );
    assert_eq!(without_database_line(&first), plain);
    let second = run(&mut wb, &format!("saturn --checker leak --db {db} --jobs 1"));
    assert_eq!(
        database_line(&second),
        format!("summary database {db}: 24 read, 0 analysed, 0 stored")
    );
    assert_eq!(without_database_line(&second), plain);
    // What the run found is kept for `warnings` and `summary`, read or analysed alike.
    let summary = run(&mut wb, "summary s12_leak");
    assert!(summary.starts_with("leak summary of `s12_leak`: IsMalloc "), "{summary}");

    let edited = original.replacen(
        "void s15_local(void) {\n",
        "void s15_local(void) {\n  int unused = 1;\n\n",
        1,
    );
    assert_ne!(edited, original);
    std::fs::write(&file, &edited).unwrap();
    let reloaded = run(&mut wb, "reload");
    assert!(!reloaded.starts_with("error"), "{reloaded}");
    let fresh = run(&mut wb, "saturn --checker leak");
    let third = run(&mut wb, &format!("saturn --checker leak --db {db}"));
    assert_eq!(
        database_line(&third),
        format!("summary database {db}: 22 read, 2 analysed, 2 stored")
    );
    assert_eq!(without_database_line(&third), fresh);
    assert!(fresh.contains("leaks.c:59:22"), "{fresh}");

    // The lock checker keeps its own summaries in the same file: nothing of the leak checker's
    // is read.
    let locks = run(&mut wb, &format!("saturn --checker lock --db {db}"));
    assert!(database_line(&locks).contains(": 0 read, "), "{locks}");
    // The assertion checker keeps none, and a file that is not a database is refused, left as
    // it was.
    let refused = run(&mut wb, &format!("saturn --db {db}"));
    assert!(refused.starts_with("error: --db works with the lock and leak checkers"), "{refused}");
    let not_db = dir.join("notes.txt");
    std::fs::write(&not_db, "these are my notes, not a database\n".repeat(100)).unwrap();
    let refused = run(&mut wb, &format!("saturn --checker leak --db {}", s(&not_db)));
    assert!(
        refused.starts_with("error: summary database ") && refused.contains("notes.txt"),
        "{refused}"
    );
    assert!(std::fs::read_to_string(&not_db).unwrap().starts_with("these are my notes"));
}

/// The prompt and `craig saturn` write the same keys for the same question: what one stored,
/// the other reads. The prompt runs in craig's own executable here (its standard input), since
/// a key holds a digest of the executable that made it.
#[test]
fn the_prompt_reads_what_the_command_line_stored() {
    use std::io::Write as _;
    let dir = scratch("shared");
    let db = dir.join("summaries.sqlite");
    let stored = leak_run("examples/saturn/leaks.c", &db, &[]);
    assert_eq!(counts(&stored), (0, 24, 24), "{}", text(&stored));
    let mut prompt = std::process::Command::new(env!("CARGO_BIN_EXE_craig"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("craig starts");
    let script =
        format!("load examples/saturn/leaks.c\nsaturn --checker leak --db {}\nquit\n", s(&db));
    prompt.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let said = prompt.wait_with_output().unwrap();
    assert_eq!(counts(&said), (24, 0, 0), "{}", text(&said));
}

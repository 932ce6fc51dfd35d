//! Every session script under `sessions/` must replay to exactly its expected transcript
//! (`SCRIPT.expected` beside it). After an intended change, `craig replay --bless SCRIPT`
//! rewrites the expected file, or `CRAIG_BLESS=1 cargo test --test it sessions::` all of them.

use std::path::PathBuf;

#[test]
fn every_session_script_matches_its_transcript() {
    // Scripts name files relative to the repository root, which is where cargo runs tests.
    let dir = PathBuf::from("sessions");
    let mut scripts: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("sessions/ is readable")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "craig"))
        .collect();
    scripts.sort();
    assert!(!scripts.is_empty(), "no session scripts found");
    let mut failures = Vec::new();
    for script in &scripts {
        if std::env::var_os("CRAIG_BLESS").is_some() {
            if let Err(e) = craig::repl::replay::bless(script) {
                failures.push(format!("{}: {e}", script.display()));
            }
            continue;
        }
        match craig::repl::replay::check(script) {
            Ok(None) => {}
            Ok(Some(diff)) => failures.push(format!("{}:\n{diff}", script.display())),
            Err(e) => failures.push(format!("{}: {e}", script.display())),
        }
    }
    assert!(failures.is_empty(), "transcripts differ:\n{}", failures.join("\n"));
}

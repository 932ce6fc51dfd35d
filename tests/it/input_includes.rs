//! Include resolution: the including file's directory first, then the include roots; name
//! selections; clause sources.

use std::path::{Path, PathBuf};

use craig::input::{load_problem_with_roots, parse_problem};

/// A fresh empty directory under the system temp dir.
fn temp_dir(tag: &str) -> PathBuf {
    let unique = format!(
        "craig-input-{tag}-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0)
    );
    let dir = std::env::temp_dir().join(unique);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn write(path: &Path, text: &str) {
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("dir");
    }
    std::fs::write(path, text).expect("write");
}

#[test]
fn data_problem_reads_local_and_root_includes_with_selection() {
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/input");
    let problem = load_problem_with_roots(&data.join("main.p"), &[data.join("roots")]).unwrap();
    assert_eq!(problem.name, "main");
    assert!(problem.has_conjecture);
    let shown: Vec<String> = problem
        .clauses
        .iter()
        .map(|c| {
            let file =
                Path::new(&c.source.file).file_name().unwrap().to_string_lossy().into_owned();
            format!(
                "{file} {} {} {}: {}",
                c.source.name,
                c.source.role,
                c.source.clausified,
                c.clause.display(&problem.signature, &problem.bank)
            )
        })
        .collect();
    assert_eq!(
        shown,
        [
            "local.ax local axiom true: ~p(X0) | q(X0)",
            "local.ax fact axiom false: p(a)",
            "root.ax kept axiom true: s(X0)",
            "main.p goal conjecture true: ~q(a) | ~s(a)",
        ]
    );
}

#[test]
fn including_directory_wins_over_root() {
    let dir = temp_dir("order");
    write(&dir.join("problem/P.p"), "include('Axioms/A.ax').\n");
    write(&dir.join("problem/Axioms/A.ax"), "cnf(near, axiom, near).\n");
    write(&dir.join("root/Axioms/A.ax"), "cnf(far, axiom, far).\n");
    // Nested include inside the root: relative to the root file's directory first, then root.
    write(&dir.join("root/Axioms/B.ax"), "include('Axioms/C.ax').\ncnf(b, axiom, b).\n");
    write(&dir.join("root/Axioms/C.ax"), "cnf(c, axiom, c).\n");
    write(&dir.join("problem/Q.p"), "include('Axioms/B.ax').\n");
    let roots = [dir.join("root")];
    let p = load_problem_with_roots(&dir.join("problem/P.p"), &roots).unwrap();
    let names: Vec<&str> = p.clauses.iter().map(|c| c.source.name.as_str()).collect();
    assert_eq!(names, ["near"]);
    let q = load_problem_with_roots(&dir.join("problem/Q.p"), &roots).unwrap();
    let names: Vec<&str> = q.clauses.iter().map(|c| c.source.name.as_str()).collect();
    assert_eq!(names, ["c", "b"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn errors_in_included_files_name_the_included_file() {
    let dir = temp_dir("nested-error");
    write(&dir.join("P.p"), "include('bad.ax').\n");
    write(&dir.join("bad.ax"), "cnf(ok, axiom, p).\ncnf(bad, axiom, p |).\n");
    let message = load_problem_with_roots(&dir.join("P.p"), &[]).unwrap_err().to_string();
    assert_eq!(
        message.lines().next().unwrap_or_default(),
        format!(
            "{}:2:20: syntax error: expected a formula after `|`, found `)`",
            dir.join("bad.ax").display()
        )
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn cyclic_includes_are_reported() {
    let dir = temp_dir("cycle");
    write(&dir.join("P.p"), "include('P.p').\n");
    let message = load_problem_with_roots(&dir.join("P.p"), &[]).unwrap_err().to_string();
    assert!(message.contains("cyclic include"), "{message}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn parse_problem_uses_the_roots_for_text_without_a_directory() {
    let dir = temp_dir("roots");
    write(&dir.join("Axioms/X.ax"), "fof(x, axiom, x).\n");
    let p = parse_problem("include('Axioms/X.ax').", "<text>", "text", std::slice::from_ref(&dir))
        .unwrap();
    assert_eq!(p.clauses.len(), 1);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_file_is_an_io_error() {
    let message = load_problem_with_roots(Path::new("/nonexistent/X.p"), &[]).unwrap_err();
    assert!(message.to_string().starts_with("/nonexistent/X.p: "), "{message}");
}

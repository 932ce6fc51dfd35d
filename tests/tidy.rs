//! Repository hygiene checked as tests: every module opens with a `//!` line, and the dependency
//! directions stated in docs/ARCHITECTURE.md hold (kernels and engines never reach into front
//! ends; front ends know nothing of each other, the prover or the solve path; the translation
//! never runs the prover).

use std::path::{Path, PathBuf};

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("source folder is readable")
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn src() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

#[test]
fn every_module_opens_with_a_doc_line() {
    let mut files = Vec::new();
    rust_files(&src(), &mut files);
    assert!(files.len() > 10, "found too few source files: {files:?}");
    let missing: Vec<String> = files
        .iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            !text.trim_start().starts_with("//!")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(missing.is_empty(), "modules without a `//!` first line: {missing:?}");
}

/// The code of a file that ships: everything before its `#[cfg(test)]` module (tests may build
/// their input with any front end).
fn shipped_code(text: &str) -> &str {
    text.find("#[cfg(test)]").map_or(text, |at| &text[..at])
}

#[test]
fn dependency_directions_hold() {
    // (folder, modules it must not name). The layers, bottom up: `syntax`; the kernels `fol`
    // and `hol`; the engine `prover`; the front ends `spec` and `input`; the translation;
    // `solve`; the analyses (`interpolate`); the workbench (`session`, `repl`); `cli`.
    const ABOVE_THE_KERNEL: &[&str] = &[
        "crate::prover",
        "crate::input",
        "crate::spec",
        "crate::translate",
        "crate::solve",
        "crate::interpolate",
        "crate::repl",
        "crate::session",
        "crate::cli",
    ];
    let rules: &[(&str, &[&str])] = &[
        // Spans and diagnostics are shared by every front end and depend on nothing.
        ("syntax", &["crate::"]),
        // The kernels: first-order (clauses, formulas, origins) and higher-order (terms,
        // sequents). Neither knows the other.
        ("fol", &["crate::hol"]),
        ("fol", ABOVE_THE_KERNEL),
        ("hol", &["crate::fol"]),
        ("hol", ABOVE_THE_KERNEL),
        // Engines import no front end, no translation, nothing above.
        ("prover", &["crate::hol"]),
        // Splitting runs the SAT solver; no other engine is the prover's business.
        ("prover", &["crate::smt", "crate::inst", "crate::fmb"]),
        ("prover", &ABOVE_THE_KERNEL[1..]),
        // The HOL notation (terms and types as written, their elaboration) is shared by the
        // front ends that write formulas; it stands on `hol` and `syntax` only.
        (
            "notation",
            &["crate::fol", "crate::sat", "crate::smt", "crate::boolprog", "crate::scheme"],
        ),
        ("notation", ABOVE_THE_KERNEL),
        // The program IR is a shared form: it stands on `hol` (terms), `notation` (to print
        // them) and `syntax`, and knows no front end, engine or analysis.
        ("ir", &["crate::fol", "crate::sat", "crate::smt", "crate::spec", "crate::input"]),
        ("ir", &["crate::vc", "crate::verify", "crate::boolprog", "crate::scheme", "crate::cfa"]),
        ("ir", ABOVE_THE_KERNEL),
        // Verification conditions read the IR and write HOL sequents; they run no prover and
        // know no front end.
        ("vc", &["crate::spec", "crate::input", "crate::prover", "crate::solve", "crate::fol"]),
        ("vc", &["crate::translate", "crate::verify", "crate::repl", "crate::session"]),
        ("vc", &["crate::cli", "crate::interpolate", "crate::sat", "crate::smt"]),
        // The Java front end lowers into the IR over the shared notation: no other front end,
        // no VC generator, engine or workbench.
        ("java", &["crate::spec", "crate::input", "crate::boolprog", "crate::scheme", "crate::vc"]),
        ("java", &["crate::fol", "crate::sat", "crate::smt", "crate::verify", "crate::cfa"]),
        ("java", ABOVE_THE_KERNEL),
        // The C front end lowers into the IR: no other front end (it shares no notation with
        // them: C expressions become HOL terms directly), no VC generator, engine, prover, solve
        // path or workbench.
        ("c", &["crate::java", "crate::spec", "crate::input", "crate::smtlib", "crate::scheme"]),
        ("c", &["crate::boolprog", "crate::vc", "crate::verify", "crate::cfa"]),
        ("c", &["crate::fol", "crate::sat", "crate::smt", "crate::inst"]),
        ("c", ABOVE_THE_KERNEL),
        // Abstraction refinement is an analysis over the IR: it asks the SMT core and runs the
        // interpreter, but reads no front end (C programs reach it as an `ir::Program`) and
        // knows nothing of the VC generator, the prover, the solve path or the workbench.
        ("refine", &["crate::c", "crate::java", "crate::spec", "crate::input", "crate::smtlib"]),
        ("refine", &["crate::scheme", "crate::boolprog", "crate::vc", "crate::verify"]),
        ("refine", &["crate::cfa", "crate::fol", "crate::inst", "crate::fmb"]),
        ("refine", ABOVE_THE_KERNEL),
        // Program verification is an analysis: it puts front end, VC generator and the solve
        // path together and knows nothing of the workbench.
        ("verify", &["crate::repl", "crate::session", "crate::cli", "crate::interpolate"]),
        // Front ends lower into the shared forms and know nothing of each other, nor of the
        // prover or the solve path.
        ("spec", &["crate::input", "crate::fol", "crate::prover", "crate::solve"]),
        ("spec", &ABOVE_THE_KERNEL[3..]),
        ("input", &["crate::spec", "crate::hol", "crate::prover", "crate::solve"]),
        ("input", &ABOVE_THE_KERNEL[3..]),
        // The translation takes HOL sequents whatever produced them and never runs the prover.
        ("translate", &["crate::spec", "crate::input", "crate::prover", "crate::solve"]),
        ("translate", &ABOVE_THE_KERNEL[5..]),
        // The solve path serves everything above it and names no front end's language.
        ("solve", &["crate::spec", "crate::interpolate", "crate::repl", "crate::session"]),
        ("solve", &["crate::cli"]),
        // Interpolation reads proofs and problems, whatever they were translated from.
        ("interpolate", &["crate::spec", "crate::translate", "crate::hol", "crate::repl"]),
        ("interpolate", &["crate::session", "crate::cli"]),
        // Session files are a format; the workbench uses them, never the other way round.
        ("session", &["crate::repl", "crate::cli"]),
        ("repl", &["crate::cli"]),
        // Boolean programs (seed 000) are a front end and engine of their own: diagnostics from
        // `syntax` only, no other front end, no prover, no workbench.
        ("boolprog", &["crate::spec", "crate::input", "crate::fol", "crate::hol"]),
        ("boolprog", ABOVE_THE_KERNEL),
        // Scheme is a front end: no other front end, no prover, no solve path, no workbench.
        ("scheme", &["crate::spec", "crate::input", "crate::boolprog", "crate::fol", "crate::hol"]),
        ("scheme", ABOVE_THE_KERNEL),
        // ΓCFA is an analysis over the Scheme front end's CPS; it may ask the engines (its
        // governor oracle asks `smt`) but reads no other front end; the workbench calls it.
        ("cfa", &["crate::repl", "crate::session", "crate::cli"]),
        (
            "cfa",
            &["crate::spec", "crate::input", "crate::java", "crate::boolprog", "crate::smtlib"],
        ),
    ];
    let mut violations = Vec::new();
    for (folder, banned) in rules {
        let mut files = Vec::new();
        rust_files(&src().join(folder), &mut files);
        assert!(!files.is_empty(), "no source files under src/{folder}");
        for f in files {
            let text = std::fs::read_to_string(&f).unwrap();
            for b in *banned {
                if shipped_code(&text).contains(b) {
                    violations.push(format!("{} names {b}", f.display()));
                }
            }
        }
    }
    assert!(violations.is_empty(), "dependency direction broken: {violations:?}");
}

#[test]
fn sat_names_no_other_module_but_syntax() {
    // The SAT engine is written as a crate of its own: the SMT and model-finding layers build on
    // it, never the other way round. Only the shared diagnostics (for DIMACS) are allowed.
    let mut files = Vec::new();
    rust_files(&src().join("sat"), &mut files);
    assert!(!files.is_empty(), "src/sat is missing");
    let mut violations = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, _) in text.match_indices("crate::") {
            if !text[i..].starts_with("crate::syntax") && !text[i..].starts_with("crate::sat") {
                violations.push(format!(
                    "{} names {}",
                    f.display(),
                    &text[i..(i + 30).min(text.len())]
                ));
            }
        }
        if text.contains("super::super") {
            violations.push(format!("{} reaches out through super::super", f.display()));
        }
    }
    assert!(violations.is_empty(), "sat depends on other modules: {violations:?}");
}

#[test]
fn smt_names_no_other_module_but_sat_and_syntax() {
    // The SMT engine builds on the SAT engine only (and may use the shared diagnostics); front
    // ends such as `smtlib` build on it, never the other way round.
    let mut files = Vec::new();
    rust_files(&src().join("smt"), &mut files);
    assert!(!files.is_empty(), "src/smt is missing");
    let mut violations = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for (i, _) in text.match_indices("crate::") {
            let rest = &text[i..];
            if !["crate::syntax", "crate::sat", "crate::smt"].iter().any(|p| rest.starts_with(p)) {
                violations.push(format!("{} names {}", f.display(), &rest[..30.min(rest.len())]));
            }
        }
        if text.contains("super::super") {
            violations.push(format!("{} reaches out through super::super", f.display()));
        }
    }
    assert!(violations.is_empty(), "smt depends on other modules: {violations:?}");
}

#[test]
fn smtlib_never_names_the_prover_or_the_solve_path() {
    let mut files = Vec::new();
    rust_files(&src().join("smtlib"), &mut files);
    assert!(!files.is_empty(), "src/smtlib is missing");
    let violations: Vec<String> = files
        .iter()
        .filter(|f| {
            let text = std::fs::read_to_string(f).unwrap();
            text.contains("crate::prover") || text.contains("crate::solve")
        })
        .map(|f| f.display().to_string())
        .collect();
    assert!(violations.is_empty(), "smtlib names the prover or solve: {violations:?}");
}

#[test]
fn inst_names_only_fol_smt_sat_and_syntax() {
    // The instantiation engine is an engine: it reads first-order clauses (`fol`) and decides
    // ground instances with `smt` (over `sat`); it never names a front end (`spec`, `input`,
    // `java`, `smtlib`, `scheme`, `boolprog`), the translation, the prover, the solve path,
    // program verification or the workbench, which call it.
    let mut files = Vec::new();
    rust_files(&src().join("inst"), &mut files);
    assert!(!files.is_empty(), "src/inst is missing");
    let allowed = ["crate::fol", "crate::smt", "crate::sat", "crate::syntax", "crate::inst"];
    let mut violations = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let code = shipped_code(&text);
        for (i, _) in code.match_indices("crate::") {
            let rest = &code[i..];
            if !allowed.iter().any(|p| rest.starts_with(p)) {
                violations.push(format!("{} names {}", f.display(), &rest[..30.min(rest.len())]));
            }
        }
        if code.contains("super::super") {
            violations.push(format!("{} reaches out through super::super", f.display()));
        }
    }
    assert!(violations.is_empty(), "inst depends on modules it must not: {violations:?}");
}

#[test]
fn fmb_names_only_fol_sat_and_syntax() {
    // Finite-model finding is an engine: it reads first-order clauses (`fol`) and decides each
    // domain size with the SAT solver (`sat`); it never names a front end, the translation, the
    // prover, `smt`, the solve path or the workbench, which call it.
    let mut files = Vec::new();
    rust_files(&src().join("fmb"), &mut files);
    assert!(!files.is_empty(), "src/fmb is missing");
    let allowed = ["crate::fol", "crate::sat", "crate::syntax", "crate::fmb"];
    let mut violations = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let code = shipped_code(&text);
        for (i, _) in code.match_indices("crate::") {
            let rest = &code[i..];
            if !allowed.iter().any(|p| rest.starts_with(p)) {
                violations.push(format!("{} names {}", f.display(), &rest[..30.min(rest.len())]));
            }
        }
        if code.contains("super::super") {
            violations.push(format!("{} reaches out through super::super", f.display()));
        }
    }
    assert!(violations.is_empty(), "fmb depends on modules it must not: {violations:?}");
}

#[test]
fn fmb_checker_shares_no_code_with_the_finder() {
    // The model checker must not trust the flattening or the encoding it checks: it names
    // only the model's data type, never `flatten`, `encode` or `split`.
    let text = std::fs::read_to_string(src().join("fmb").join("check.rs")).unwrap();
    let code: Vec<&str> =
        shipped_code(&text).lines().filter(|line| !line.trim_start().starts_with("//")).collect();
    let code = code.join("\n");
    for forbidden in ["flatten", "encode", "split", "Encoding", "FlatClause"] {
        assert!(!code.contains(forbidden), "fmb/check.rs names {forbidden}");
    }
}

#[test]
fn the_schedule_and_sine_read_problems_not_front_ends() {
    // The classifier, the schedule and SInE's selection work on `fol::Problem`s whatever
    // produced them, so a problem from any front end can be scheduled; they sit in `solve`,
    // above the prover, and name no front end, translation or workbench.
    let banned = ["crate::input", "crate::spec", "crate::translate", "crate::repl", "crate::cli"];
    for file in ["schedule.rs", "sine.rs"] {
        let text = std::fs::read_to_string(src().join("solve").join(file)).unwrap();
        for b in banned {
            assert!(!shipped_code(&text).contains(b), "src/solve/{file} names {b}");
        }
    }
}

//! Repository hygiene checked as tests: every module opens with a `//!` line, every top-level
//! module names only the floors its line in [`FLOORS`] allows (the layers of
//! docs/ARCHITECTURE.md: kernels and engines never reach into front ends; front ends know nothing
//! of each other, the prover or the solve path; the translation never runs the prover), the
//! floors have no circle, and no folder's modules name each other in a circle.

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

/// The floors: every top-level module of `src/` (a folder or a file) with the modules it may
/// name, bottom up. A module may name only what its line lists; a new module gets a line (the
/// test fails until it has one), and the lines together must stay free of circles, so the layers
/// stated in docs/ARCHITECTURE.md are what the code does.
const FLOORS: &[(&str, &[&str])] = &[
    // Spans, diagnostics and DOT text, shared by everything; depends on nothing.
    ("syntax", &[]),
    // Finite automata (minimal DFAs and the language operations); depends on nothing.
    ("automata", &[]),
    // The kernels: first-order (clauses, formulas, origins) and higher-order (terms,
    // sequents). Neither knows the other.
    ("fol", &["syntax"]),
    ("hol", &["syntax"]),
    // The HOL notation shared by the front ends that write formulas.
    ("notation", &["hol", "syntax"]),
    // Engines: no front end, no translation, nothing above them.
    ("sat", &["syntax"]),
    ("smt", &["sat", "syntax"]),
    ("prover", &["fol", "sat", "syntax"]),
    ("fmb", &["fol", "sat", "syntax"]),
    ("inst", &["fol", "smt", "sat", "syntax"]),
    // Front ends lower into the shared forms and know nothing of each other, of the prover or
    // of the solve path.
    ("input", &["fol", "syntax"]),
    ("spec", &["hol", "notation", "syntax"]),
    ("smtlib", &["smt", "sat", "syntax"]),
    ("boolprog", &["syntax"]),
    ("scheme", &["syntax"]),
    // The program IR and the program front ends that lower into it.
    ("ir", &["hol", "notation", "syntax"]),
    ("java", &["ir", "hol", "notation", "syntax"]),
    ("c", &["ir", "hol", "notation", "syntax"]),
    // Analyses: verification conditions, refinement, ΓCFA.
    ("vc", &["ir", "hol", "syntax"]),
    ("refine", &["automata", "ir", "hol", "notation", "smt", "sat", "syntax"]),
    ("cfa", &["scheme", "smt", "sat", "syntax"]),
    // May-must analysis stands on the refinement engine's graph, formulas and checks.
    ("smash", &["refine", "ir", "smt", "syntax"]),
    // Saturn bit-blasts the IR's terms (HOL terms, hence `hol`) and decides them by SAT.
    ("saturn", &["ir", "hol", "sat", "syntax"]),
    // Language-based refinement of hybrid systems: its own constraints, intervals and DFAs.
    ("hybrid", &["automata", "smt", "syntax"]),
    // The translation takes HOL sequents whatever produced them and never runs the prover.
    ("translate", &["fol", "hol", "syntax"]),
    // The one solve path, and what stands on it.
    (
        "solve",
        &["fol", "hol", "input", "translate", "prover", "inst", "fmb", "smt", "sat", "syntax"],
    ),
    ("interpolate", &["fol", "input", "prover", "smt", "sat", "solve", "syntax"]),
    (
        "verify",
        &[
            "java",
            "vc",
            "ir",
            "spec",
            "notation",
            "hol",
            "fol",
            "translate",
            "solve",
            "prover",
            "inst",
            "fmb",
            "smt",
            "sat",
            "syntax",
        ],
    ),
    // Session files are a format the workbench uses.
    ("session", &["prover", "fol", "syntax"]),
    // The workbench and the command line stand on everything; nothing stands on them but the
    // binary.
    (
        "repl",
        &[
            "automata",
            "boolprog",
            "c",
            "cfa",
            "fmb",
            "fol",
            "hol",
            "hybrid",
            "input",
            "inst",
            "interpolate",
            "ir",
            "java",
            "notation",
            "prover",
            "refine",
            "sat",
            "saturn",
            "scheme",
            "session",
            "smash",
            "smt",
            "smtlib",
            "solve",
            "spec",
            "syntax",
            "translate",
            "vc",
            "verify",
        ],
    ),
    (
        "cli",
        &[
            "automata",
            "boolprog",
            "c",
            "cfa",
            "fmb",
            "fol",
            "hol",
            "hybrid",
            "input",
            "inst",
            "interpolate",
            "ir",
            "java",
            "notation",
            "prover",
            "refine",
            "repl",
            "sat",
            "saturn",
            "scheme",
            "session",
            "smash",
            "smt",
            "smtlib",
            "solve",
            "spec",
            "syntax",
            "translate",
            "vc",
            "verify",
        ],
    ),
];

/// Circles inside a folder that are known and not yet broken, each with the issue that breaks
/// it. The test fails on any circle not listed here, and on a listed one that is gone (so the
/// list only shrinks).
const KNOWN_CIRCLES: &[(&str, &[&str])] = &[
    // Sort erasure asks the monotonicity calculus, which reads the sorts' symbol table.
    ("fol", &["monotone", "sorts"]),
    // Splitting drives the saturation loop, which keeps the splitting state.
    ("prover", &["avatar", "saturate"]),
];

/// Shipped code without comments: a path written in a comment is not a dependency.
fn code_of(text: &str) -> String {
    shipped_code(text)
        .lines()
        .map(|line| match line.find("//") {
            Some(at) if line[..at].matches('"').count() % 2 == 0 => &line[..at],
            _ => line,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The first path segments after each `prefix` (`crate::`, `super::`) in `code`, reading
/// grouped imports (`crate::{a::x, b}`) item by item.
fn names_after(code: &str, prefix: &str) -> Vec<String> {
    let ident = |s: &str| -> String {
        s.trim_start().chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect()
    };
    let mut out = Vec::new();
    for (at, _) in code.match_indices(prefix) {
        // `prefix` must start a path, not end a longer word (`supercrate::`).
        if code[..at].ends_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            continue;
        }
        let rest = &code[at + prefix.len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let mut depth = 1;
            let mut item = String::new();
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    _ => {}
                }
                if depth == 0 || (c == ',' && depth == 1) {
                    out.push(ident(&item));
                    item.clear();
                    if depth == 0 {
                        break;
                    }
                } else {
                    item.push(c);
                }
            }
        } else {
            out.push(ident(rest));
        }
    }
    out.retain(|n| !n.is_empty());
    out
}

/// The top-level modules of `src/`: folders, and files other than the crate roots.
fn top_level_modules() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(src())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter_map(|p| {
            let name = p.file_stem()?.to_str()?.to_string();
            let module = p.is_dir() || (p.extension()? == "rs" && name != "lib" && name != "main");
            module.then_some(name)
        })
        .collect();
    names.sort();
    names
}

#[test]
fn every_module_names_only_its_floors() {
    let mut problems = Vec::new();
    let listed: Vec<&str> = FLOORS.iter().map(|(m, _)| *m).collect();
    for module in top_level_modules() {
        if !listed.contains(&module.as_str()) {
            problems.push(format!("src/{module} has no line in FLOORS: place it in the layers"));
        }
    }
    for (module, allowed) in FLOORS {
        let mut files = Vec::new();
        let folder = src().join(module);
        if folder.is_dir() {
            rust_files(&folder, &mut files);
        } else {
            files.push(src().join(format!("{module}.rs")));
        }
        if !files.iter().any(|f| f.exists()) {
            problems.push(format!("FLOORS lists {module}, which src/ does not have"));
            continue;
        }
        for f in files {
            let code = code_of(&std::fs::read_to_string(&f).unwrap());
            let mut named = names_after(&code, "crate::");
            named.sort();
            named.dedup();
            for name in named {
                if name != *module && !allowed.contains(&name.as_str()) {
                    problems.push(format!("{} names crate::{name}", f.display()));
                }
            }
        }
    }
    assert!(problems.is_empty(), "dependency floors broken:\n{}", problems.join("\n"));
}

/// The modules a graph's circles are made of (its strongly connected components with more than
/// one member), each sorted, in a deterministic order.
fn circles(
    graph: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
) -> Vec<Vec<String>> {
    // Two nodes are on one circle when each reaches the other: plain reachability suffices at
    // these sizes.
    let reach = |from: &str| {
        let mut seen = std::collections::BTreeSet::new();
        let mut stack = vec![from.to_string()];
        while let Some(n) = stack.pop() {
            for m in graph.get(&n).into_iter().flatten() {
                if seen.insert(m.clone()) {
                    stack.push(m.clone());
                }
            }
        }
        seen
    };
    let reached: std::collections::BTreeMap<&String, _> =
        graph.keys().map(|k| (k, reach(k))).collect();
    let mut out: Vec<Vec<String>> = Vec::new();
    for (node, from_node) in &reached {
        let mut component: Vec<String> = from_node
            .iter()
            .filter(|other| reached.get(other).is_some_and(|r| r.contains(*node)))
            .cloned()
            .collect();
        component.sort();
        if component.len() > 1 && !out.contains(&component) {
            out.push(component);
        }
    }
    out.sort();
    out
}

#[test]
fn the_floors_have_no_circle() {
    let graph = FLOORS
        .iter()
        .map(|(m, allowed)| (m.to_string(), allowed.iter().map(|a| a.to_string()).collect()))
        .collect();
    assert_eq!(circles(&graph), Vec::<Vec<String>>::new());
}

#[test]
fn no_folder_has_a_circle_of_its_own_modules() {
    let mut folders = Vec::new();
    let mut stack = vec![src()];
    while let Some(dir) = stack.pop() {
        let mut entries: Vec<_> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for path in entries.into_iter().filter(|p| p.is_dir()) {
            folders.push(path.clone());
            stack.push(path);
        }
    }
    folders.sort();
    let mut found: Vec<(String, Vec<String>)> = Vec::new();
    for folder in folders {
        let module_path = folder.strip_prefix(src()).unwrap().to_string_lossy().replace('/', "::");
        // The folder's modules: its files (but the front page) and its sub-folders.
        let mut members: std::collections::BTreeMap<String, Vec<PathBuf>> = Default::default();
        for path in std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().path()) {
            let Some(name) = path.file_stem().and_then(|s| s.to_str()).map(str::to_string) else {
                continue;
            };
            if path.is_dir() {
                let mut files = Vec::new();
                rust_files(&path, &mut files);
                members.insert(name, files);
            } else if path.extension().is_some_and(|e| e == "rs") && name != "mod" {
                members.insert(name, vec![path]);
            }
        }
        let mut graph: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> =
            members.keys().map(|k| (k.clone(), Default::default())).collect();
        for (name, files) in &members {
            for f in files {
                let code = code_of(&std::fs::read_to_string(f).unwrap());
                let mut named = names_after(&code, &format!("crate::{module_path}::"));
                // `super::` from a file directly in the folder names a sibling.
                if f.parent() == Some(folder.as_path()) {
                    named.extend(names_after(&code, "super::"));
                }
                for other in named {
                    if other != *name && members.contains_key(&other) {
                        graph.get_mut(name).unwrap().insert(other);
                    }
                }
            }
        }
        for circle in circles(&graph) {
            found.push((module_path.clone(), circle));
        }
    }
    let known: Vec<(String, Vec<String>)> = KNOWN_CIRCLES
        .iter()
        .map(|(folder, members)| {
            (folder.to_string(), members.iter().map(|m| m.to_string()).collect())
        })
        .collect();
    let new: Vec<_> = found.iter().filter(|c| !known.contains(c)).collect();
    let gone: Vec<_> = known.iter().filter(|c| !found.contains(c)).collect();
    assert!(new.is_empty(), "modules of one folder name each other in a circle: {new:?}");
    assert!(gone.is_empty(), "a known circle is gone; take it off KNOWN_CIRCLES: {gone:?}");
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
    // The classifier, the schedule, the engine portfolio and SInE's selection work on `fol::Problem`s whatever
    // produced them, so a problem from any front end can be scheduled; they sit in `solve`,
    // above the prover, and name no front end, translation or workbench.
    let banned = ["crate::input", "crate::spec", "crate::translate", "crate::repl", "crate::cli"];
    for file in ["schedule.rs", "sine.rs", "portfolio.rs"] {
        let text = std::fs::read_to_string(src().join("solve").join(file)).unwrap();
        for b in banned {
            assert!(!shipped_code(&text).contains(b), "src/solve/{file} names {b}");
        }
    }
}

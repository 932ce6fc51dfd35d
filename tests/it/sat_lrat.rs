//! The solver's LRAT and DRAT output checked by checkers written here, which share no code with
//! craig: they read the DIMACS and proof text and do their own unit propagation.
//!
//! No Debian package ships `lrat-check` or `drat-trim` (`apt-cache search drat` finds none), so
//! the independent checkers are these two small ones.

use craig::sat::dimacs::{Cnf, write_dimacs};
use craig::sat::{Lit, SatResult, Solver, SolverOptions, Var};
use proptest::prelude::*;

/// Parses a DIMACS CNF written by anyone: clauses as lists of nonzero integers.
fn parse_cnf(text: &str) -> Vec<Vec<i64>> {
    let mut clauses = Vec::new();
    let mut current = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('c') || line.starts_with('p') || line.is_empty() {
            continue;
        }
        for word in line.split_whitespace() {
            let n: i64 = word.parse().expect("an integer");
            if n == 0 {
                clauses.push(std::mem::take(&mut current));
            } else {
                current.push(n);
            }
        }
    }
    clauses
}

/// A partial assignment over DIMACS literals.
struct Assignment(Vec<i8>);

impl Assignment {
    fn value(&self, lit: i64) -> i8 {
        let v = self.0.get(lit.unsigned_abs() as usize).copied().unwrap_or(0);
        if lit < 0 { -v } else { v }
    }
    fn set(&mut self, lit: i64) {
        let i = lit.unsigned_abs() as usize;
        if self.0.len() <= i {
            self.0.resize(i + 1, 0);
        }
        self.0[i] = if lit < 0 { -1 } else { 1 };
    }
}

/// Checks an LRAT proof of `cnf` (original clauses numbered from 1); Ok when the empty clause is
/// derived. Every hint must be unit or falsified under the negated lemma and earlier hints.
fn check_lrat(cnf: &[Vec<i64>], lrat: &str) -> Result<(), String> {
    let mut clauses: Vec<Option<Vec<i64>>> = vec![None];
    clauses.extend(cnf.iter().cloned().map(Some));
    let mut refuted = false;
    for (number, line) in lrat.lines().enumerate() {
        let words: Vec<i64> = line
            .split_whitespace()
            .map(|w| w.parse().map_err(|_| format!("line {}: `{w}` is not a number", number + 1)))
            .collect::<Result<_, _>>()?;
        let (&id, rest) = words.split_first().ok_or("empty line")?;
        if id as usize != clauses.len() {
            return Err(format!("lemma {id} out of order (expected {})", clauses.len()));
        }
        let zero = rest.iter().position(|&w| w == 0).ok_or("lemma without 0")?;
        let (lemma, hints) = (&rest[..zero], &rest[zero + 1..]);
        if hints.last() != Some(&0) {
            return Err(format!("lemma {id}: hints not terminated by 0"));
        }
        let mut assignment = Assignment(Vec::new());
        for &l in lemma {
            assignment.set(-l);
        }
        let mut conflict = false;
        for &h in &hints[..hints.len() - 1] {
            if h <= 0 {
                return Err(format!("lemma {id}: RAT hints are not supported"));
            }
            let clause = clauses
                .get(h as usize)
                .and_then(|c| c.as_ref())
                .ok_or(format!("lemma {id}: unknown hint {h}"))?;
            if clause.iter().any(|&l| assignment.value(l) == 1) {
                return Err(format!("lemma {id}: hint {h} is satisfied"));
            }
            let mut free: Vec<i64> =
                clause.iter().copied().filter(|&l| assignment.value(l) == 0).collect();
            free.sort_unstable();
            free.dedup();
            match free.as_slice() {
                [] => {
                    conflict = true;
                    break;
                }
                [unit] => assignment.set(*unit),
                _ => return Err(format!("lemma {id}: hint {h} is not unit")),
            }
        }
        if !conflict {
            return Err(format!("lemma {id}: the hints do not reach a conflict"));
        }
        refuted |= lemma.is_empty();
        clauses.push(Some(lemma.to_vec()));
    }
    if refuted { Ok(()) } else { Err("the empty clause is not derived".to_string()) }
}

/// Checks a DRAT proof without deletions by reverse unit propagation over all earlier clauses.
fn check_drat(cnf: &[Vec<i64>], drat: &str) -> Result<(), String> {
    let mut clauses: Vec<Vec<i64>> = cnf.to_vec();
    for line in drat.lines() {
        let lemma: Vec<i64> = line
            .split_whitespace()
            .map(|w| w.parse::<i64>().map_err(|e| e.to_string()))
            .collect::<Result<_, _>>()?;
        let lemma = &lemma[..lemma.len() - 1];
        let mut assignment = Assignment(Vec::new());
        for &l in lemma {
            assignment.set(-l);
        }
        let mut conflict = false;
        'fixpoint: loop {
            let mut changed = false;
            for c in &clauses {
                if c.iter().any(|&l| assignment.value(l) == 1) {
                    continue;
                }
                let mut free: Vec<i64> =
                    c.iter().copied().filter(|&l| assignment.value(l) == 0).collect();
                free.sort_unstable();
                free.dedup();
                match free.as_slice() {
                    [] => {
                        conflict = true;
                        break 'fixpoint;
                    }
                    [unit] => {
                        assignment.set(*unit);
                        changed = true;
                    }
                    _ => {}
                }
            }
            if !changed {
                break;
            }
        }
        if !conflict {
            return Err(format!("lemma {lemma:?} is not RUP"));
        }
        if lemma.is_empty() {
            return Ok(());
        }
        clauses.push(lemma.to_vec());
    }
    Err("the empty clause is not derived".to_string())
}

/// Solves `cnf` with proofs; for an unsatisfiable one returns the DIMACS, LRAT and DRAT texts.
fn refute(cnf: &Cnf) -> Option<(String, String, String)> {
    let mut s = Solver::with_options(SolverOptions::checked());
    for c in &cnf.clauses {
        s.add_clause(c);
    }
    let SatResult::Unsat { .. } = s.solve().unwrap() else { return None };
    let (proof, root) = (s.proof().unwrap(), s.refutation().unwrap());
    let mut dimacs = Vec::new();
    write_dimacs(cnf, &mut dimacs).unwrap();
    let mut lrat = Vec::new();
    proof.write_lrat(root, &mut lrat).unwrap();
    let mut drat = Vec::new();
    proof.write_drat(root, &mut drat).unwrap();
    Some((
        String::from_utf8(dimacs).unwrap(),
        String::from_utf8(lrat).unwrap(),
        String::from_utf8(drat).unwrap(),
    ))
}

fn pigeonhole(n: u32) -> Cnf {
    let var = |p: u32, h: u32| Var(p * n + h);
    let mut clauses: Vec<Vec<Lit>> =
        (0..=n).map(|p| (0..n).map(|h| var(p, h).positive()).collect()).collect();
    for h in 0..n {
        for p in 0..=n {
            for q in p + 1..=n {
                clauses.push(vec![var(p, h).negative(), var(q, h).negative()]);
            }
        }
    }
    Cnf { num_vars: n * (n + 1), clauses }
}

#[test]
fn pigeonhole_lrat_and_drat_check() {
    for n in 2..=6 {
        let (dimacs, lrat, drat) = refute(&pigeonhole(n)).expect("PHP is unsatisfiable");
        let cnf = parse_cnf(&dimacs);
        check_lrat(&cnf, &lrat).unwrap_or_else(|e| panic!("PHP({}, {n}) LRAT: {e}", n + 1));
        check_drat(&cnf, &drat).unwrap_or_else(|e| panic!("PHP({}, {n}) DRAT: {e}", n + 1));
    }
}

#[test]
fn the_checker_rejects_a_broken_proof() {
    let (dimacs, lrat, _) = refute(&pigeonhole(3)).unwrap();
    let cnf = parse_cnf(&dimacs);
    // Drop the last hint of the first lemma.
    let mut lines: Vec<String> = lrat.lines().map(str::to_string).collect();
    let words: Vec<&str> = lines[0].split_whitespace().collect();
    let shortened = [&words[..words.len() - 2], &["0"]].concat().join(" ");
    lines[0] = shortened;
    assert!(check_lrat(&cnf, &lines.join("\n")).is_err());
    assert!(check_lrat(&cnf, "").is_err());
}

fn cnf() -> impl Strategy<Value = Cnf> {
    (1u32..=12).prop_flat_map(|n| {
        let lit = (0..n, any::<bool>()).prop_map(|(v, neg)| Lit::new(Var(v), neg));
        let clause = prop::collection::vec(lit, 1..=4);
        prop::collection::vec(clause, 0..=8 * n as usize)
            .prop_map(move |clauses| Cnf { num_vars: n, clauses })
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn random_refutations_pass_the_independent_checkers(cnf in cnf()) {
        if let Some((dimacs, lrat, drat)) = refute(&cnf) {
            let clauses = parse_cnf(&dimacs);
            prop_assert_eq!(check_lrat(&clauses, &lrat), Ok(()), "{}\n{}", dimacs, lrat);
            prop_assert_eq!(check_drat(&clauses, &drat), Ok(()), "{}\n{}", dimacs, drat);
        }
    }
}

/// `craig sat --proof` numbers the file's clauses as written, tautologies and duplicate literals
/// included, so the LRAT file checks against the DIMACS file itself.
#[test]
fn the_command_writes_lrat_that_checks_against_the_file() {
    let dir = std::env::temp_dir().join(format!("craig-sat-lrat-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut text = String::from("c padded pigeonhole\n");
    let php = pigeonhole(4);
    text.push_str(&format!("p cnf {} {}\n", php.num_vars, php.clauses.len() + 2));
    text.push_str("1 -1 3 0\n");
    for c in &php.clauses {
        let words: Vec<String> = c.iter().map(|l| l.to_dimacs().to_string()).collect();
        text.push_str(&format!("{} {} 0\n", words.join(" "), words[0]));
    }
    text.push_str("2 0\n");
    let cnf_path = dir.join("php.cnf");
    let lrat_path = dir.join("php.lrat");
    std::fs::write(&cnf_path, &text).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_craig"))
        .arg("sat")
        .arg(&cnf_path)
        .arg("--proof")
        .arg(&lrat_path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(20), "{}", String::from_utf8_lossy(&out.stderr));
    let lrat = std::fs::read_to_string(&lrat_path).unwrap();
    check_lrat(&parse_cnf(&text), &lrat).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

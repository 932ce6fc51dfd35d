//! `(get-proof)`: the engine's refutation ([`crate::smt::proof::SmtProof`]) printed as one
//! S-expression, atoms as SMT-LIB terms.
//!
//! The format (documented in `docs/guide/smt.md`):
//!
//! ```text
//! (proof
//!  (declarations (NAME SORT) ...)      ; the uninterpreted symbols of the atoms, result sorts
//!  (assertions (NAME FORMULA) ...)     ; the assertions used, as the engine read them
//!  (atoms (p1 true) (p2 (= a b)) (p3 (<= (+ x (* (- 1) y)) 0)) ...)
//!  (definitions (p4 (and p2 (not p3)) :assertion NAME) ...)   ; Tseitin variables
//!  (steps (c1 (true p1)) (c2 (definition (not p4) p2)) (c3 (assert NAME p4))
//!         (c4 (euf (not p2) p5)) (c5 (farkas p3 (not p6) :coefficients (1 2)))
//!         (c6 (bridge ...)) (c7 (division ...)) (c8 (array p8 :schema constant-read))
//!         (c9 (cut p7 (not p3) :split (<= (+ x (* 2 y) (- 3)) 0) :below (1 2 1) :above (2 1 1)))
//!         (c10 (resolution p5 :chain (c3 c2 c4) :pivots (p4 p2))) ...))
//! ```
//!
//! Assertions are named by their `:named` name, else by their position (1 for the first
//! assertion of the stack, the assumptions of `check-sat-assuming` numbered after them).

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use rug::Rational;

use super::print::{formula_text, number_text, term_text};
use crate::smt::proof::{Gate, ProofAtom, ProofLiteral, Rule, SmtProof};
use crate::smt::{Formula, Interpretation, SortId, TermId, TermStore};

/// The proof as text, ending with a newline; `names[i]` names assertion `i`, which is
/// `formulas[i]`.
pub(super) fn proof_text(
    store: &TermStore,
    proof: &SmtProof,
    names: &[String],
    formulas: &[Formula],
) -> String {
    let name = |i: usize| names.get(i).cloned().unwrap_or_else(|| (i + 1).to_string());
    let mut out = String::from("(proof\n (declarations");
    let mut symbols = BTreeMap::new();
    for atom in &proof.atoms {
        match atom {
            ProofAtom::Equality(a, b) => {
                collect_symbols(store, *a, &mut symbols);
                collect_symbols(store, *b, &mut symbols);
            }
            ProofAtom::Bound(literal) => {
                for (_, t) in &literal.terms {
                    collect_symbols(store, *t, &mut symbols);
                }
            }
            ProofAtom::True | ProofAtom::Definition { .. } => {}
        }
    }
    // A cut's split may name a variable no atom of the proof names.
    for step in &proof.steps {
        if let Rule::Cut { split, .. } = &step.rule {
            for (_, t) in &split.terms {
                collect_symbols(store, *t, &mut symbols);
            }
        }
    }
    for (symbol, sort) in &symbols {
        let _ = write!(out, " ({symbol} {sort})");
    }
    // The assertions the proof uses, as the engine read them, so that a checker can confirm
    // that each root literal and the definitions below it encode its assertion.
    out.push_str(")\n (assertions");
    let used: BTreeSet<usize> = proof
        .steps
        .iter()
        .filter_map(|s| if let Rule::Assertion(i) = s.rule { Some(i) } else { None })
        .collect();
    for i in used {
        if let Some(f) = formulas.get(i) {
            let _ = write!(out, "\n  ({} {})", name(i), formula_text(store, f));
        }
    }
    out.push_str(")\n (atoms");
    for (i, atom) in proof.atoms.iter().enumerate() {
        let text = match atom {
            ProofAtom::True => "true".to_string(),
            ProofAtom::Equality(a, b) => equality_text(store, *a, *b),
            ProofAtom::Bound(literal) => bound_text(store, literal),
            ProofAtom::Definition { .. } => continue,
        };
        let _ = write!(out, "\n  (p{} {text})", i + 1);
    }
    out.push_str(")\n (definitions");
    for (i, atom) in proof.atoms.iter().enumerate() {
        if let ProofAtom::Definition { assertion, gate } = atom {
            let text = match gate {
                Gate::And(ls) => format!("(and {})", literals_text(ls)),
                Gate::Or(ls) => format!("(or {})", literals_text(ls)),
                Gate::Iff(a, b) => format!("(= {})", literals_text(&[*a, *b])),
                Gate::Ite(c, a, b) => format!("(ite {})", literals_text(&[*c, *a, *b])),
            };
            let _ = write!(out, "\n  (p{} {text} :assertion {})", i + 1, name(*assertion));
        }
    }
    out.push_str(")\n (steps");
    for (i, step) in proof.steps.iter().enumerate() {
        let literals = literals_text(&step.clause);
        let space = if literals.is_empty() { "" } else { " " };
        let text = match &step.rule {
            Rule::Truth => format!("true{space}{literals}"),
            Rule::Definition => format!("definition{space}{literals}"),
            Rule::Assertion(a) => format!("assert {}{space}{literals}", name(*a)),
            Rule::Congruence => format!("euf{space}{literals}"),
            Rule::Farkas(coefficients) => {
                let cs: Vec<String> =
                    coefficients.iter().map(|c| number_text(c, SortId::INT)).collect();
                format!("farkas{space}{literals} :coefficients ({})", cs.join(" "))
            }
            Rule::Bridge => format!("bridge{space}{literals}"),
            Rule::Division => format!("division{space}{literals}"),
            Rule::Array(schema) => format!("array{space}{literals} :schema {}", schema.name()),
            Rule::Cut { split, below, above } => {
                let numbers = |cs: &[Rational]| -> String {
                    cs.iter().map(|c| number_text(c, SortId::INT)).collect::<Vec<_>>().join(" ")
                };
                format!(
                    "cut{space}{literals} :split {} :below ({}) :above ({})",
                    bound_text(store, split),
                    numbers(below),
                    numbers(above)
                )
            }
            Rule::Resolution { chain, pivots } => {
                let chain: Vec<String> = chain.iter().map(|c| format!("c{}", c + 1)).collect();
                let pivots: Vec<String> = pivots.iter().map(|p| format!("p{}", p + 1)).collect();
                format!(
                    "resolution{space}{literals} :chain ({}) :pivots ({})",
                    chain.join(" "),
                    pivots.join(" ")
                )
            }
        };
        let _ = write!(out, "\n  (c{} ({text}))", i + 1);
    }
    out.push_str("))\n");
    out
}

fn literals_text(literals: &[ProofLiteral]) -> String {
    let texts: Vec<String> =
        literals
            .iter()
            .map(|l| {
                if l.positive {
                    format!("p{}", l.atom + 1)
                } else {
                    format!("(not p{})", l.atom + 1)
                }
            })
            .collect();
    texts.join(" ")
}

/// `(= a b)`, or the Boolean term itself for `p = true`.
fn equality_text(store: &TermStore, a: TermId, b: TermId) -> String {
    if b == store.true_term() {
        term_text(store, a)
    } else if a == store.true_term() {
        term_text(store, b)
    } else {
        format!("(= {} {})", term_text(store, a), term_text(store, b))
    }
}

/// `Σ c·t + k ⋈ 0` as `(<= (+ (* c t) ...) (- k))` (`<` when strict); numbers are Int
/// numerals where every term is Int and the number is integral, Real ones otherwise.
fn bound_text(store: &TermStore, literal: &crate::smt::farkas::ArithLiteral) -> String {
    // Numeral terms join the constant, so that `x - 1 <= 0` prints as `(<= x 1)`.
    let mut constant = literal.constant.clone();
    let mut terms = Vec::new();
    for (c, t) in &literal.terms {
        match store.interpretation(store.term(*t).fun) {
            Some(Interpretation::Numeral(v)) => constant += Rational::from(c * v),
            _ => terms.push((c.clone(), *t)),
        }
    }
    let all_int = terms.iter().all(|(_, t)| store.sort_of(*t) == SortId::INT);
    let number = |v: &Rational, int: bool| {
        number_text(v, if int && v.denom() == &1 { SortId::INT } else { SortId::REAL })
    };
    let parts: Vec<String> = terms
        .iter()
        .map(|(c, t)| {
            let term = term_text(store, *t);
            if *c == 1 {
                term
            } else {
                format!("(* {} {term})", number(c, store.sort_of(*t) == SortId::INT))
            }
        })
        .collect();
    let sum = match parts.len() {
        0 => number(&Rational::new(), all_int),
        1 => parts[0].clone(),
        _ => format!("(+ {})", parts.join(" ")),
    };
    let relation = if literal.strict { "<" } else { "<=" };
    format!("({relation} {sum} {})", number(&Rational::from(-&constant), all_int))
}

/// The uninterpreted symbols of `t` with their result sorts' names.
fn collect_symbols(store: &TermStore, t: TermId, out: &mut BTreeMap<String, String>) {
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        let term = store.term(t);
        stack.extend(term.args.iter().copied());
        if t == store.true_term()
            || store.interpretation(term.fun).is_some()
            || store.array_op(term.fun).is_some()
        {
            continue;
        }
        let decl = store.fun(term.fun);
        out.entry(decl.name.clone())
            .or_insert_with(|| store.sort_name(store.sort_of(t)).to_string());
    }
}

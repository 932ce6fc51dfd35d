//! Formulas for interpolants: clauses read back as `input::Formula`, connectives that simplify
//! `$true`/`$false` as they are built, the symbols a formula mentions, and TPTP FOF printing.
//!
//! Interpolants are built and shown as `crate::input::Formula` so that they can be handed straight
//! to the clausifier for verification and printed as TPTP without a second syntax.

use std::fmt::Write as _;

use crate::fol::{Clause, Literal, Signature, TermBank, TermId, TermView};
use crate::fol::{formula::Formula, formula::Quantifier, formula::Term};

/// The name a clause variable gets when a clause is read as a formula.
pub fn variable_name(v: u32) -> String {
    format!("X{v}")
}

/// Whether `t` is the constant `$true`.
fn is_true_term(bank: &TermBank, t: TermId) -> bool {
    bank.head(t) == Some(Signature::TRUE)
}

/// The term `t` as a formula term; clause variables become `X0`, `X1`, ...
pub fn term_of(signature: &Signature, bank: &TermBank, t: TermId) -> Term {
    match bank.view(t) {
        TermView::Var(v) => Term::Var(variable_name(v)),
        TermView::App(head, args) => {
            let name = signature.name(head).to_string();
            let args = args.iter().map(|&a| term_of(signature, bank, a)).collect();
            if is_distinct_name(&name) { Term::Distinct(name) } else { Term::App(name, args) }
        }
    }
}

/// Distinct objects (`"abc"`) and numbers are their own kind of constant in the formula syntax.
fn is_distinct_name(name: &str) -> bool {
    name.starts_with('"') || name.starts_with(|c: char| c.is_ascii_digit())
}

/// The atom `t` (a predicate application) as a formula.
fn atom_of(signature: &Signature, bank: &TermBank, t: TermId) -> Formula {
    match bank.view(t) {
        TermView::App(head, _) if head == Signature::TRUE => Formula::True,
        TermView::App(head, args) => Formula::Atom(
            signature.name(head).to_string(),
            args.iter().map(|&a| term_of(signature, bank, a)).collect(),
        ),
        // A variable never stands for an atom; read it as an individual equation to stay total.
        TermView::Var(v) => {
            Formula::Equal(Term::Var(variable_name(v)), Term::Var(variable_name(v)))
        }
    }
}

/// One literal as a formula: `p(..) = $true` is the atom, anything else an equation.
pub fn literal_formula(signature: &Signature, bank: &TermBank, literal: &Literal) -> Formula {
    let positive_form = if is_true_term(bank, literal.rhs) {
        atom_of(signature, bank, literal.lhs)
    } else if is_true_term(bank, literal.lhs) {
        atom_of(signature, bank, literal.rhs)
    } else {
        Formula::Equal(term_of(signature, bank, literal.lhs), term_of(signature, bank, literal.rhs))
    };
    if literal.positive { positive_form } else { not(positive_form) }
}

/// The universal closure of a clause, the formula a clause stands for.
pub fn clause_closure(signature: &Signature, bank: &TermBank, clause: &Clause) -> Formula {
    let literals =
        clause.literals.iter().map(|l| literal_formula(signature, bank, l)).collect::<Vec<_>>();
    or(literals).universal_closure()
}

/// `~f`, with truth constants and double negation simplified.
pub fn not(f: Formula) -> Formula {
    match f {
        Formula::True => Formula::False,
        Formula::False => Formula::True,
        Formula::Not(inner) => *inner,
        other => other.negate(),
    }
}

/// Conjunction, flattened, with `$true` dropped, `$false` absorbing, repeated conjuncts once.
pub fn and(parts: Vec<Formula>) -> Formula {
    junction(parts, true)
}

/// Disjunction, flattened, with `$false` dropped, `$true` absorbing, repeated disjuncts once.
pub fn or(parts: Vec<Formula>) -> Formula {
    junction(parts, false)
}

/// [`and`] (`conjunction`) or its dual [`or`]: the same flattening with unit and zero swapped.
fn junction(parts: Vec<Formula>, conjunction: bool) -> Formula {
    let (unit, zero) =
        if conjunction { (Formula::True, Formula::False) } else { (Formula::False, Formula::True) };
    let mut out: Vec<Formula> = Vec::new();
    let mut push = |f: Formula| {
        if !out.contains(&f) {
            out.push(f);
        }
    };
    for part in parts {
        if part == unit {
            continue;
        }
        if part == zero {
            return zero;
        }
        match (part, conjunction) {
            (Formula::And(inner), true) | (Formula::Or(inner), false) => {
                inner.into_iter().for_each(&mut push);
            }
            (other, _) => push(other),
        }
    }
    match out.len() {
        0 => unit,
        1 => out.pop().unwrap_or(unit),
        _ if conjunction => Formula::And(out),
        _ => Formula::Or(out),
    }
}

/// A symbol as the formula syntax names it: name, arity, and whether it is a predicate.
pub type SymbolKey = (String, u32, bool);

/// The symbols of `f` (function and predicate symbols, not variables), sorted, each once.
pub fn symbols(f: &Formula) -> Vec<SymbolKey> {
    let mut out = Vec::new();
    collect_formula_symbols(f, &mut out);
    out.sort();
    out.dedup();
    out
}

fn collect_formula_symbols(f: &Formula, out: &mut Vec<SymbolKey>) {
    match f {
        Formula::True | Formula::False => {}
        Formula::Atom(p, args) => {
            out.push((p.clone(), args.len() as u32, true));
            args.iter().for_each(|a| collect_term_symbols(a, out));
        }
        Formula::Equal(s, t) => {
            collect_term_symbols(s, out);
            collect_term_symbols(t, out);
        }
        Formula::Not(g) | Formula::Quantified(_, _, g) => collect_formula_symbols(g, out),
        Formula::And(gs) | Formula::Or(gs) => {
            gs.iter().for_each(|g| collect_formula_symbols(g, out))
        }
        Formula::Implies(g, h) | Formula::Iff(g, h) | Formula::Xor(g, h) => {
            collect_formula_symbols(g, out);
            collect_formula_symbols(h, out);
        }
    }
}

fn collect_term_symbols(t: &Term, out: &mut Vec<SymbolKey>) {
    match t {
        Term::Var(_) => {}
        Term::App(f, args) => {
            out.push((f.clone(), args.len() as u32, false));
            args.iter().for_each(|a| collect_term_symbols(a, out));
        }
        Term::Distinct(name) => out.push((name.clone(), 0, false)),
    }
}

/// Number of nodes of a formula (connectives, atoms, equations and their term symbols): the size
/// the benchmark and the simplifier report.
pub fn size(f: &Formula) -> usize {
    match f {
        Formula::True | Formula::False => 1,
        Formula::Atom(_, args) => 1 + args.iter().map(term_size).sum::<usize>(),
        Formula::Equal(s, t) => 1 + term_size(s) + term_size(t),
        Formula::Not(g) => 1 + size(g),
        Formula::Quantified(_, vars, g) => 1 + vars.len() + size(g),
        Formula::And(gs) | Formula::Or(gs) => 1 + gs.iter().map(size).sum::<usize>(),
        Formula::Implies(g, h) | Formula::Iff(g, h) | Formula::Xor(g, h) => 1 + size(g) + size(h),
    }
}

fn term_size(t: &Term) -> usize {
    match t {
        Term::Var(_) | Term::Distinct(_) => 1,
        Term::App(_, args) => 1 + args.iter().map(term_size).sum::<usize>(),
    }
}

/// `f` in TPTP FOF syntax (fully parenthesised where precedence could be misread).
pub fn to_tptp(f: &Formula) -> String {
    let mut out = String::new();
    write_formula(f, &mut out);
    out
}

fn write_formula(f: &Formula, out: &mut String) {
    match f {
        Formula::True => out.push_str("$true"),
        Formula::False => out.push_str("$false"),
        Formula::Atom(p, args) => write_application(p, args, out),
        Formula::Equal(s, t) => {
            write_term(s, out);
            out.push_str(" = ");
            write_term(t, out);
        }
        Formula::Not(g) => match &**g {
            Formula::Equal(s, t) => {
                write_term(s, out);
                out.push_str(" != ");
                write_term(t, out);
            }
            inner => {
                out.push('~');
                write_operand(inner, out);
            }
        },
        Formula::And(gs) => write_junction(gs, " & ", out),
        Formula::Or(gs) => write_junction(gs, " | ", out),
        Formula::Implies(g, h) => write_binary(g, " => ", h, out),
        Formula::Iff(g, h) => write_binary(g, " <=> ", h, out),
        Formula::Xor(g, h) => write_binary(g, " <~> ", h, out),
        Formula::Quantified(q, vars, g) => {
            out.push(if *q == Quantifier::Forall { '!' } else { '?' });
            let _ = write!(out, "[{}]: ", vars.join(","));
            write_operand(g, out);
        }
    }
}

/// Operands of connectives are parenthesised unless they are atomic or negated atoms.
fn write_operand(f: &Formula, out: &mut String) {
    let atomic = match f {
        Formula::True | Formula::False | Formula::Atom(..) | Formula::Equal(..) => true,
        Formula::Not(g) => {
            matches!(**g, Formula::Atom(..) | Formula::True | Formula::False | Formula::Equal(..))
        }
        _ => false,
    };
    if atomic {
        write_formula(f, out);
    } else {
        out.push('(');
        write_formula(f, out);
        out.push(')');
    }
}

fn write_junction(parts: &[Formula], separator: &str, out: &mut String) {
    if parts.is_empty() {
        out.push_str(if separator.contains('&') { "$true" } else { "$false" });
        return;
    }
    for (i, part) in parts.iter().enumerate() {
        if i > 0 {
            out.push_str(separator);
        }
        write_operand(part, out);
    }
}

fn write_binary(g: &Formula, connective: &str, h: &Formula, out: &mut String) {
    write_operand(g, out);
    out.push_str(connective);
    write_operand(h, out);
}

fn write_application(name: &str, args: &[Term], out: &mut String) {
    out.push_str(name);
    if !args.is_empty() {
        out.push('(');
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            write_term(a, out);
        }
        out.push(')');
    }
}

fn write_term(t: &Term, out: &mut String) {
    match t {
        Term::Var(v) => out.push_str(v),
        Term::App(f, args) => write_application(f, args, out),
        Term::Distinct(name) => out.push_str(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn atom(p: &str) -> Formula {
        Formula::Atom(p.to_string(), Vec::new())
    }

    #[test]
    fn connectives_simplify_truth_constants() {
        assert_eq!(and(vec![Formula::True, atom("p")]), atom("p"));
        assert_eq!(and(vec![atom("p"), Formula::False]), Formula::False);
        assert_eq!(or(vec![Formula::False, Formula::False]), Formula::False);
        assert_eq!(or(vec![atom("p"), Formula::True]), Formula::True);
        assert_eq!(not(not(atom("p"))), atom("p"));
        assert_eq!(or(vec![atom("p"), or(vec![atom("q"), atom("p")])]).clone(), {
            Formula::Or(vec![atom("p"), atom("q")])
        });
    }

    #[test]
    fn printing_is_tptp() {
        let f = Formula::Quantified(
            Quantifier::Forall,
            vec!["X0".to_string()],
            Box::new(or(vec![
                not(Formula::Atom("p".into(), vec![Term::Var("X0".into())])),
                not(Formula::Equal(Term::App("a".into(), vec![]), Term::Var("X0".into()))),
                and(vec![atom("q"), atom("r")]),
            ])),
        );
        assert_eq!(to_tptp(&f), "![X0]: (~p(X0) | a != X0 | (q & r))");
        assert_eq!(
            symbols(&f),
            vec![
                ("a".to_string(), 0, false),
                ("p".to_string(), 1, true),
                ("q".to_string(), 0, true),
                ("r".to_string(), 0, true)
            ]
        );
    }
}

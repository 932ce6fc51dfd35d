//! The independent instance checker: re-checks, without the engine's matching code, that a
//! ground clause is a substitution instance of its source clause literal for literal, and that
//! the formula handed to the SMT core says what the instance says (same symbols by name, same
//! structure, same polarities).
//!
//! Together with the SMT core's own checks (each theory lemma by a naive closure, the SAT
//! refutation by `crate::sat`'s checker), this makes an unsatisfiable answer of the engine a
//! checked refutation of the input clauses: the instances follow from their sources, and the
//! ground formulas built from them are unsatisfiable.

use thiserror::Error;

use crate::fol::{Clause, Literal, Signature, TermBank, TermId, TermView};
use crate::smt::{self, Formula, TermStore};

/// Why an instance or its formula was rejected.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum CheckError {
    /// The instance has a different number of literals than its source.
    #[error("the instance has {instance} literals, its source {source_len}")]
    Length {
        /// Literals of the instance.
        instance: usize,
        /// Literals of the source.
        source_len: usize,
    },
    /// Literal `0` of the instance is not the source's literal under one substitution.
    #[error("literal {0} of the instance is not an instance of the source's literal")]
    Literal(usize),
    /// The instance has a variable.
    #[error("the instance is not ground")]
    NotGround,
    /// The SMT formula does not say what the instance says.
    #[error("the ground formula does not match the instance at literal {0}")]
    Formula(usize),
}

/// Checks that `instance` is `source` under one substitution, literal for literal (each
/// literal's sides in the same order, same polarity), and ground.
pub fn check_instance(
    bank: &TermBank,
    source: &Clause,
    instance: &Clause,
) -> Result<(), CheckError> {
    if source.literals.len() != instance.literals.len() {
        return Err(CheckError::Length {
            instance: instance.literals.len(),
            source_len: source.literals.len(),
        });
    }
    // The binding of each variable, found by walking both clauses side by side.
    let mut binding: Vec<(u32, TermId)> = Vec::new();
    for (i, (s, g)) in source.literals.iter().zip(&instance.literals).enumerate() {
        if !bank.is_ground(g.lhs) || !bank.is_ground(g.rhs) {
            return Err(CheckError::NotGround);
        }
        if s.positive != g.positive
            || !agrees(bank, s.lhs, g.lhs, &mut binding)
            || !agrees(bank, s.rhs, g.rhs, &mut binding)
        {
            return Err(CheckError::Literal(i));
        }
    }
    Ok(())
}

/// Whether `ground` is `pattern` with each variable replaced by its (consistent) binding.
fn agrees(
    bank: &TermBank,
    pattern: TermId,
    ground: TermId,
    binding: &mut Vec<(u32, TermId)>,
) -> bool {
    match (bank.view(pattern), bank.view(ground)) {
        (TermView::Var(v), _) => {
            if bank.is_atom(ground) {
                // A variable never stands for an atom.
                return false;
            }
            match binding.iter().find(|(w, _)| *w == v) {
                Some(&(_, t)) => t == ground,
                None => {
                    binding.push((v, ground));
                    true
                }
            }
        }
        (TermView::App(f, fs), TermView::App(g, gs)) => {
            f == g
                && fs.len() == gs.len()
                && fs.iter().zip(gs).all(|(&p, &q)| agrees(bank, p, q, binding))
        }
        (TermView::App(..), TermView::Var(_)) => false,
    }
}

/// Checks that `formula` is the disjunction of `instance`'s literals read in `store`: predicate
/// literals as (negated) atoms, equations as (negated) equalities, symbols the same by name.
pub fn check_formula(
    signature: &Signature,
    bank: &TermBank,
    store: &TermStore,
    instance: &Clause,
    formula: &Formula,
) -> Result<(), CheckError> {
    let Formula::Or(parts) = formula else { return Err(CheckError::Formula(0)) };
    if parts.len() != instance.literals.len() {
        return Err(CheckError::Formula(0));
    }
    for (i, (l, f)) in instance.literals.iter().zip(parts).enumerate() {
        if !literal_matches(signature, bank, store, l, f) {
            return Err(CheckError::Formula(i));
        }
    }
    Ok(())
}

fn literal_matches(
    signature: &Signature,
    bank: &TermBank,
    store: &TermStore,
    l: &Literal,
    f: &Formula,
) -> bool {
    let (positive, atom) = match f {
        Formula::Not(inner) => (false, inner.as_ref()),
        other => (true, other),
    };
    if positive != l.positive {
        return false;
    }
    let is_true = |t: TermId| matches!(bank.view(t), TermView::App(h, _) if h == Signature::TRUE);
    match atom {
        Formula::True => is_true(l.lhs) && is_true(l.rhs),
        Formula::Atom(p) => {
            (is_true(l.rhs) && same_term(signature, bank, store, l.lhs, *p))
                || (is_true(l.lhs) && same_term(signature, bank, store, l.rhs, *p))
        }
        Formula::Eq(a, b) => {
            same_term(signature, bank, store, l.lhs, *a)
                && same_term(signature, bank, store, l.rhs, *b)
        }
        Formula::Iff(a, b) => match (a.as_ref(), b.as_ref()) {
            (Formula::Atom(a), Formula::Atom(b)) => {
                same_term(signature, bank, store, l.lhs, *a)
                    && same_term(signature, bank, store, l.rhs, *b)
            }
            _ => false,
        },
        _ => false,
    }
}

/// Whether the SMT term `s` is the first-order ground term `t`: the same symbol names and
/// arities all the way down (`$true` is the store's `true`).
fn same_term(
    signature: &Signature,
    bank: &TermBank,
    store: &TermStore,
    t: TermId,
    s: smt::TermId,
) -> bool {
    match bank.view(t) {
        TermView::Var(_) => false,
        TermView::App(head, args) => {
            if head == Signature::TRUE {
                return s == store.true_term();
            }
            let term = store.term(s);
            store.fun(term.fun).name == signature.name(head)
                && term.args.len() == args.len()
                && args
                    .iter()
                    .zip(&term.args)
                    .all(|(&a, &b)| same_term(signature, bank, store, a, b))
        }
    }
}

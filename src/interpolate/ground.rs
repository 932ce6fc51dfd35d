//! Ground splits through the SMT engine: when every clause of a binary split is ground and
//! untyped and there is no background theory, the clauses are handed to `smt::interpolate`
//! (McMillan's system over the CDCL(T) refutation, EUF lemma interpolants), whose interpolants
//! are verified by the SMT engine and are then checked again by the prover like any other.
//!
//! The superposition prover's local refutations give interpolants of the same meaning, but a
//! local refutation of a ground EUF split often rewrites through shared terms several times and
//! its interpolant is larger than the one congruence closure gives; that is what the second
//! engine is for.

use std::collections::BTreeMap;

use crate::fol::formula::{Formula, Term};
use crate::fol::{Problem, Signature, SymbolId, TermId, TermView};
use crate::smt::{self, FunId, SortId, TermStore};

use super::Side;

/// The SMT engine's interpolant of a ground split, read back as a formula over the problem's
/// symbols; `None` when the split is not one the engine takes (a variable, a typed problem, a
/// background clause, a name used twice, a distinct object) or the engine gives none.
pub(super) fn smt_interpolant(problem: &Problem, sides: &[Side]) -> Option<Formula> {
    if !problem.sort_decisions.is_empty() || sides.contains(&Side::Background) {
        return None;
    }
    let mut store = TermStore::new();
    let universe = store.declare_sort("U");
    let mut translation = Translation {
        signature: &problem.signature,
        store,
        universe,
        functions: BTreeMap::new(),
        names: BTreeMap::new(),
    };
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for (input, side) in problem.clauses.iter().zip(sides) {
        let mut literals = Vec::new();
        for literal in &input.clause.literals {
            let bank = &problem.bank;
            if !bank.is_ground(literal.lhs) || !bank.is_ground(literal.rhs) {
                return None;
            }
            let true_term = |t: TermId| bank.head(t) == Some(Signature::TRUE);
            let positive = if true_term(literal.rhs) || true_term(literal.lhs) {
                let atom = if true_term(literal.rhs) { literal.lhs } else { literal.rhs };
                if true_term(atom) {
                    smt::Formula::True
                } else {
                    smt::Formula::Atom(translation.term(problem, atom, true)?)
                }
            } else {
                let lhs = translation.term(problem, literal.lhs, false)?;
                let rhs = translation.term(problem, literal.rhs, false)?;
                smt::Formula::Eq(lhs, rhs)
            };
            literals.push(if literal.positive {
                positive
            } else {
                smt::Formula::Not(Box::new(positive))
            });
        }
        let clause = smt::Formula::Or(literals);
        match side {
            Side::A => a.push(clause),
            Side::B => b.push(clause),
            Side::Background => return None,
        }
    }
    let made = smt::interpolate::interpolate(&translation.store, &a, &b).ok()?;
    let interpolant = made.interpolants.first()?;
    formula_of(&made.store, interpolant)
}

/// The problem's ground terms written in an SMT term store over one sort.
struct Translation<'a> {
    signature: &'a Signature,
    store: TermStore,
    universe: SortId,
    functions: BTreeMap<SymbolId, FunId>,
    /// Each name once: the interpolant is read back by name.
    names: BTreeMap<String, SymbolId>,
}

impl Translation<'_> {
    /// The term `t` (a predicate application when `atom`); `None` for a distinct object, a
    /// number or a name two symbols share.
    fn term(&mut self, problem: &Problem, t: TermId, atom: bool) -> Option<smt::TermId> {
        let TermView::App(head, args) = problem.bank.view(t) else { return None };
        let args: Vec<TermId> = args.to_vec();
        let f = self.function(head, args.len(), atom)?;
        let mut translated = Vec::new();
        for a in args {
            translated.push(self.term(problem, a, false)?);
        }
        Some(self.store.apply(f, translated))
    }

    fn function(&mut self, head: SymbolId, arity: usize, atom: bool) -> Option<FunId> {
        if let Some(&f) = self.functions.get(&head) {
            let declaration = self.store.fun(f);
            let is_predicate = declaration.result == SortId::BOOL;
            return (is_predicate == atom && declaration.args.len() == arity).then_some(f);
        }
        let name = self.signature.name(head).to_string();
        if name.starts_with('"') || name.starts_with(|c: char| c.is_ascii_digit()) {
            return None;
        }
        if self.names.insert(name.clone(), head).is_some() {
            return None;
        }
        let result = if atom { SortId::BOOL } else { self.universe };
        let f = self.store.declare_fun(&name, vec![self.universe; arity], result, false);
        self.functions.insert(head, f);
        Some(f)
    }
}

/// An SMT interpolant as a first-order formula (`None` for arithmetic, which a ground TPTP
/// split never has).
fn formula_of(store: &TermStore, f: &smt::Formula) -> Option<Formula> {
    let all =
        |fs: &[smt::Formula]| fs.iter().map(|g| formula_of(store, g)).collect::<Option<Vec<_>>>();
    Some(match f {
        smt::Formula::True => Formula::True,
        smt::Formula::False => Formula::False,
        smt::Formula::Atom(t) => {
            let term = store.term(*t);
            let args = term.args.iter().map(|&a| term_of(store, a)).collect::<Option<Vec<_>>>()?;
            Formula::Atom(store.fun(term.fun).name.clone(), args)
        }
        smt::Formula::Eq(s, t) if store.sort_of(*s) == SortId::BOOL => Formula::Iff(
            Box::new(formula_of(store, &smt::Formula::Atom(*s))?),
            Box::new(formula_of(store, &smt::Formula::Atom(*t))?),
        ),
        smt::Formula::Eq(s, t) => Formula::Equal(term_of(store, *s)?, term_of(store, *t)?),
        smt::Formula::Le(..) | smt::Formula::Lt(..) => return None,
        smt::Formula::Not(g) => Formula::Not(Box::new(formula_of(store, g)?)),
        smt::Formula::And(gs) => Formula::And(all(gs)?),
        smt::Formula::Or(gs) => Formula::Or(all(gs)?),
        smt::Formula::Iff(g, h) => {
            Formula::Iff(Box::new(formula_of(store, g)?), Box::new(formula_of(store, h)?))
        }
        smt::Formula::Xor(g, h) => {
            Formula::Xor(Box::new(formula_of(store, g)?), Box::new(formula_of(store, h)?))
        }
        smt::Formula::Ite(c, g, h) => {
            let c = formula_of(store, c)?;
            Formula::Or(vec![
                Formula::And(vec![c.clone(), formula_of(store, g)?]),
                Formula::And(vec![Formula::Not(Box::new(c)), formula_of(store, h)?]),
            ])
        }
    })
}

/// An SMT term of the universe as a first-order term (`None` for an interpreted one).
fn term_of(store: &TermStore, t: smt::TermId) -> Option<Term> {
    let term = store.term(t);
    if store.interpretation(term.fun).is_some() || store.sort_of(t) == SortId::BOOL {
        return None;
    }
    let args = term.args.iter().map(|&a| term_of(store, a)).collect::<Option<Vec<_>>>()?;
    Some(Term::App(store.fun(term.fun).name.clone(), args))
}

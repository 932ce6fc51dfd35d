//! Propositional interpolation systems (McMillan's and Pudlák's) over craig's refutations read as
//! resolution proofs.
//!
//! For a ground clause set whose literals are all predicate literals, every step craig takes is a
//! resolution or a unary step: superposing `p = $true` into `p != $true | D` at the atom gives
//! `$true != $true | C | D`, which is `C | D`; demodulating an atom with the unit `p = $true` and
//! subsumption resolution are resolutions with a unit or a subsuming clause; trivial-literal
//! removal, equality resolution of `$true != $true` and factoring only drop literals. So each
//! step is replayed here as a chain of binary resolutions: starting from the first premise, a
//! premise that clashes with the current clause on exactly one atom is resolved in, until none
//! clashes. The replayed clause (which may be stronger than the stored one) carries the partial
//! interpolant; the replay of the empty clause must be empty, otherwise the proof is refused.
//!
//! The systems, for clauses labelled by the side they came from and atoms coloured by symbols:
//!
//! - **McMillan**: A-clause: its literals over shared atoms; B-clause: `⊤`; pivot A-local: `I1 ∨
//!   I2`, otherwise `I1 ∧ I2`. It yields the strongest interpolant of the family.
//! - **Pudlák** (symmetric): A-clause `⊥`; B-clause `⊤`; pivot A-local `∨`; B-local `∧`; shared
//!   pivot `x`, with `I1` from the premise containing `x` and `I2` from the one containing `¬x`:
//!   `(x ∨ I1) ∧ (¬x ∨ I2)`.
//!
//! Both are sound for any resolution refutation (no locality is needed), and every result is
//! verified before it is shown anyway.

use rustc_hash::FxHashMap;

use super::colour::{Colour, term_symbols};
use super::formula::{and, not, or};
use super::local::{PartialInterpolant, ProofView};
use crate::fol::{Clause, Signature, TermBank, TermId};
use crate::fol::{formula::Formula, formula::Term};

/// A propositional interpolation system.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum System {
    /// McMillan's labelled system (strongest interpolants).
    McMillan,
    /// Pudlák's symmetric system.
    Pudlak,
}

impl System {
    /// The name shown to users.
    pub fn name(self) -> &'static str {
        match self {
            System::McMillan => "mcmillan",
            System::Pudlak => "pudlak",
        }
    }
}

/// A ground literal over an atom: `(atom, positive)`.
type GroundLiteral = (TermId, bool);

/// Whether every clause is ground and made of predicate literals only, so that the clause set is
/// propositional (atoms may have ground arguments; no equation between individuals occurs).
pub fn is_propositional(bank: &TermBank, clauses: &[&Clause]) -> bool {
    clauses.iter().all(|c| c.is_ground(bank) && ground_literals(bank, c).is_some())
}

fn is_true(bank: &TermBank, t: TermId) -> bool {
    bank.head(t) == Some(Signature::TRUE)
}

/// The clause as ground literals, sorted, each once; false literals (`$true != $true`) dropped.
/// `None` when some literal is an equation between individuals or the clause is trivially true.
fn ground_literals(bank: &TermBank, clause: &Clause) -> Option<Vec<GroundLiteral>> {
    let mut out = Vec::new();
    for l in &clause.literals {
        let atom = match (is_true(bank, l.lhs), is_true(bank, l.rhs)) {
            (true, true) if l.positive => return None,
            (true, true) => continue,
            (false, true) => l.lhs,
            (true, false) => l.rhs,
            (false, false) => return None,
        };
        if !bank.is_atom(atom) {
            return None;
        }
        out.push((atom, l.positive));
    }
    out.sort_unstable();
    out.dedup();
    Some(out)
}

fn atom_colour(view: &ProofView<'_>, atom: TermId, k: u32) -> Colour {
    let mut symbols = Vec::new();
    term_symbols(view.bank, atom, &mut symbols);
    let colours: Vec<Colour> = symbols.iter().map(|&s| view.colouring.colour(s, k)).collect();
    if colours.contains(&Colour::ALocal) {
        Colour::ALocal
    } else if colours.contains(&Colour::BLocal) {
        Colour::BLocal
    } else {
        Colour::Shared
    }
}

fn atom_formula(view: &ProofView<'_>, atom: TermId) -> Formula {
    match super::formula::term_of(view.signature, view.bank, atom) {
        Term::App(name, args) => Formula::Atom(name, args),
        _ => Formula::True,
    }
}

fn literal_formula(view: &ProofView<'_>, (atom, positive): GroundLiteral) -> Formula {
    let f = atom_formula(view, atom);
    if positive { f } else { not(f) }
}

/// Why a proof could not be read as a resolution refutation.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct NotResolution(pub String);

/// The interpolant of `system` for the cut `k` (parts `< k` are A), with each node's partial
/// interpolant.
pub fn resolution_interpolant(
    view: &ProofView<'_>,
    k: u32,
    system: System,
) -> Result<(Formula, Vec<PartialInterpolant>), NotResolution> {
    let mut replayed: FxHashMap<crate::prover::ClauseId, (Vec<GroundLiteral>, Formula)> =
        FxHashMap::default();
    let mut record = Vec::with_capacity(view.proof.nodes.len());
    let mut last: Option<(Vec<GroundLiteral>, Formula)> = None;
    for node in &view.proof.nodes {
        let entry = if let Some(index) = node.step.input_index {
            let literals = ground_literals(view.bank, &node.clause).ok_or_else(|| {
                NotResolution(format!("input clause {} is not propositional", node.id.0))
            })?;
            let part = view.part_of_input.get(index).copied().unwrap_or(u32::MAX);
            let from_a = part < k;
            let formula = match (system, from_a) {
                (_, false) => Formula::True,
                (System::Pudlak, true) => Formula::False,
                (System::McMillan, true) => or(literals
                    .iter()
                    .filter(|&&(atom, _)| atom_colour(view, atom, k) == Colour::Shared)
                    .map(|&l| literal_formula(view, l))
                    .collect()),
            };
            (literals, formula)
        } else {
            let mut ids = Vec::new();
            for p in &node.step.premises {
                if !ids.contains(&p.clause) {
                    ids.push(p.clause);
                }
            }
            let mut pending: Vec<(Vec<GroundLiteral>, Formula)> = Vec::new();
            for id in &ids {
                let entry = replayed.get(id).cloned().ok_or_else(|| {
                    NotResolution(format!("premise {} of clause {} is missing", id.0, node.id.0))
                })?;
                pending.push(entry);
            }
            if pending.is_empty() {
                return Err(NotResolution(format!("clause {} has no premises", node.id.0)));
            }
            let mut current = pending.remove(0);
            while let Some(position) = pending.iter().position(|q| clashes(&current.0, &q.0) == 1) {
                let other = pending.remove(position);
                current = resolve(view, k, system, current, other);
            }
            current
        };
        record.push(PartialInterpolant {
            node: node.id,
            rule: node.step.rule,
            formula: entry.1.clone(),
        });
        replayed.insert(node.id, entry.clone());
        last = Some(entry);
    }
    match last {
        Some((literals, formula)) if literals.is_empty() => Ok((formula, record)),
        Some(_) => Err(NotResolution(
            "the replayed refutation does not end in the empty clause".to_string(),
        )),
        None => Err(NotResolution("the proof is empty".to_string())),
    }
}

/// Number of atoms occurring with opposite signs in the two clauses.
fn clashes(left: &[GroundLiteral], right: &[GroundLiteral]) -> usize {
    left.iter().filter(|&&(atom, positive)| right.contains(&(atom, !positive))).count()
}

fn resolve(
    view: &ProofView<'_>,
    k: u32,
    system: System,
    left: (Vec<GroundLiteral>, Formula),
    right: (Vec<GroundLiteral>, Formula),
) -> (Vec<GroundLiteral>, Formula) {
    let Some(&(pivot, left_positive)) =
        left.0.iter().find(|&&(atom, positive)| right.0.contains(&(atom, !positive)))
    else {
        return left;
    };
    let mut literals: Vec<GroundLiteral> =
        left.0.iter().chain(right.0.iter()).copied().filter(|&(atom, _)| atom != pivot).collect();
    literals.sort_unstable();
    literals.dedup();
    let (with_positive, with_negative) =
        if left_positive { (left.1, right.1) } else { (right.1, left.1) };
    let colour = atom_colour(view, pivot, k);
    let formula = match (system, colour) {
        (_, Colour::ALocal) => or(vec![with_positive, with_negative]),
        (System::McMillan, _) | (System::Pudlak, Colour::BLocal) => {
            and(vec![with_positive, with_negative])
        }
        (System::Pudlak, Colour::Shared) => {
            let x = atom_formula(view, pivot);
            and(vec![or(vec![x.clone(), with_positive]), or(vec![not(x), with_negative])])
        }
    };
    (literals, formula)
}

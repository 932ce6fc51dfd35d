//! The independent proof checker: replays every resolution chain of a [`Proof`] and compares the
//! result with the clause the solver claimed.
//!
//! It shares no code with the solver's propagation or conflict analysis: it reads the recorded
//! steps only, through [`Proof::step`], and does literal-set arithmetic of its own. Each chain
//! step must resolve on a pivot that is in the antecedent with its negation in the clause built
//! so far; no intermediate clause may contain a literal and its negation (the solver's chains
//! never do, and interpolation procedures rely on it); the final clause must equal the claimed
//! one as a set.

use thiserror::Error;

use super::lit::Lit;
use super::proof::{ClauseId, Proof, Step};

/// Why a proof was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProofError {
    /// A step names a clause the proof does not have, or one not derived before it.
    #[error("clause {at:?} uses clause {used:?}, which is not recorded before it")]
    UnknownAntecedent {
        /// The step.
        at: ClauseId,
        /// The clause it names.
        used: ClauseId,
    },
    /// The root of a refutation is not the empty clause.
    #[error("clause {0:?} is not the empty clause")]
    NotEmpty(ClauseId),
    /// The root names no recorded clause.
    #[error("clause {0:?} is not recorded")]
    UnknownRoot(ClauseId),
    /// A chain's pivots and antecedents do not match up.
    #[error("clause {0:?} has a malformed chain (pivots and antecedents do not match)")]
    MalformedChain(ClauseId),
    /// The pivot is not a literal of its antecedent.
    #[error("clause {at:?}, step {step}: pivot {pivot} is not in antecedent {antecedent:?}")]
    PivotNotInAntecedent {
        /// The step.
        at: ClauseId,
        /// Index in the chain (1 = first resolution).
        step: usize,
        /// The pivot literal.
        pivot: Lit,
        /// The antecedent.
        antecedent: ClauseId,
    },
    /// The negated pivot is not in the clause built so far.
    #[error("clause {at:?}, step {step}: the resolvent so far does not contain {neg}")]
    PivotNotInResolvent {
        /// The step.
        at: ClauseId,
        /// Index in the chain.
        step: usize,
        /// The missing literal (the negated pivot).
        neg: Lit,
    },
    /// An intermediate clause contains a literal and its negation.
    #[error("clause {at:?}, step {step}: the resolvent contains both {lit} and its negation")]
    Tautology {
        /// The step.
        at: ClauseId,
        /// Index in the chain.
        step: usize,
        /// One of the two clashing literals.
        lit: Lit,
    },
    /// The chain derives a different clause from the one recorded.
    #[error("clause {at:?}: the chain derives {derived:?}, but {claimed:?} is recorded")]
    WrongConclusion {
        /// The step.
        at: ClauseId,
        /// What the chain derives (sorted).
        derived: Vec<Lit>,
        /// What the solver recorded (sorted).
        claimed: Vec<Lit>,
    },
    /// A leaf is not the input clause it claims to be.
    #[error("leaf {0:?} is not the input clause of that id")]
    LeafMismatch(ClauseId),
}

/// What a successful check covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Derived clauses replayed.
    pub derived: usize,
    /// Original clauses the derivation rests on.
    pub leaves: usize,
}

/// A checker that remembers which derived clauses it has already verified, so that checking
/// several answers of one incremental solver replays each chain once.
#[derive(Clone, Debug, Default)]
pub struct Checker {
    verified: Vec<bool>,
    /// `present[lit] == stamp` iff `lit` is in the clause being built.
    present: Vec<u32>,
    stamp: u32,
}

impl Checker {
    /// A checker that has verified nothing yet.
    pub fn new() -> Checker {
        Checker::default()
    }

    /// Verifies every derived clause `root` depends on.
    pub fn check_derivation(
        &mut self,
        proof: &Proof,
        root: ClauseId,
    ) -> Result<CheckReport, ProofError> {
        if proof.step(root).is_none() {
            return Err(ProofError::UnknownRoot(root));
        }
        if self.verified.len() < proof.len() {
            self.verified.resize(proof.len(), false);
        }
        let mut report = CheckReport::default();
        for id in proof.cone(root) {
            match proof.step(id) {
                Some(Step::Original { .. }) => report.leaves += 1,
                Some(Step::Derived { clause, antecedents, pivots }) => {
                    report.derived += 1;
                    if !self.verified[id.index()] {
                        self.replay(proof, id, clause, antecedents, pivots)?;
                        self.verified[id.index()] = true;
                    }
                }
                None => return Err(ProofError::UnknownRoot(id)),
            }
        }
        Ok(report)
    }

    /// Verifies that `root` is the empty clause and derived correctly.
    pub fn check_refutation(
        &mut self,
        proof: &Proof,
        root: ClauseId,
    ) -> Result<CheckReport, ProofError> {
        let step = proof.step(root).ok_or(ProofError::UnknownRoot(root))?;
        if !step.clause().is_empty() {
            return Err(ProofError::NotEmpty(root));
        }
        self.check_derivation(proof, root)
    }

    fn is_present(&self, lit: Lit) -> bool {
        self.present.get(lit.index()).is_some_and(|&s| s == self.stamp)
    }

    fn insert(&mut self, lit: Lit, built: &mut Vec<Lit>) {
        let i = lit.index().max((!lit).index());
        if self.present.len() <= i {
            self.present.resize(i + 1, 0);
        }
        if self.present[lit.index()] != self.stamp {
            self.present[lit.index()] = self.stamp;
            built.push(lit);
        }
    }

    fn replay(
        &mut self,
        proof: &Proof,
        at: ClauseId,
        claimed: &[Lit],
        antecedents: &[ClauseId],
        pivots: &[Lit],
    ) -> Result<(), ProofError> {
        if antecedents.is_empty() || pivots.len() + 1 != antecedents.len() {
            return Err(ProofError::MalformedChain(at));
        }
        let clause_of = |used: ClauseId| -> Result<&[Lit], ProofError> {
            if used >= at {
                return Err(ProofError::UnknownAntecedent { at, used });
            }
            proof.step(used).map(|s| s.clause()).ok_or(ProofError::UnknownAntecedent { at, used })
        };
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.present.iter_mut().for_each(|s| *s = 0);
            self.stamp = 1;
        }
        // `built` may keep literals that were resolved away; `present` is the truth.
        let mut built = Vec::new();
        for &lit in clause_of(antecedents[0])? {
            self.insert(lit, &mut built);
        }
        if let Some(&lit) = built.iter().find(|&&l| self.is_present(!l)) {
            return Err(ProofError::Tautology { at, step: 0, lit });
        }
        for (step, (&antecedent, &pivot)) in antecedents[1..].iter().zip(pivots).enumerate() {
            let step = step + 1;
            let side = clause_of(antecedent)?;
            if !side.contains(&pivot) {
                return Err(ProofError::PivotNotInAntecedent { at, step, pivot, antecedent });
            }
            if !self.is_present(!pivot) {
                return Err(ProofError::PivotNotInResolvent { at, step, neg: !pivot });
            }
            self.present[(!pivot).index()] = 0;
            for &lit in side {
                if lit == pivot {
                    continue;
                }
                if self.is_present(!lit) {
                    return Err(ProofError::Tautology { at, step, lit });
                }
                self.insert(lit, &mut built);
            }
        }
        let mut derived: Vec<Lit> = built.into_iter().filter(|&l| self.is_present(l)).collect();
        derived.sort_unstable();
        let mut claimed = claimed.to_vec();
        claimed.sort_unstable();
        claimed.dedup();
        if derived != claimed {
            return Err(ProofError::WrongConclusion { at, derived, claimed });
        }
        Ok(())
    }
}

/// Checks that `root` is the empty clause, correctly derived: a resolution refutation of the
/// original clauses it rests on.
pub fn check_refutation(proof: &Proof, root: ClauseId) -> Result<CheckReport, ProofError> {
    Checker::new().check_refutation(proof, root)
}

/// Checks that every leaf of `root`'s derivation is the clause `input(id)` returns (compared as
/// sets), so that a refutation is known to refute the caller's own clauses, not the solver's
/// copy of them.
pub fn check_leaves<'a>(
    proof: &Proof,
    root: ClauseId,
    input: impl Fn(ClauseId) -> Option<&'a [Lit]>,
) -> Result<(), ProofError> {
    for id in proof.leaves(root) {
        let recorded = proof.step(id).map(|s| s.clause()).unwrap_or(&[]);
        let Some(given) = input(id) else { return Err(ProofError::LeafMismatch(id)) };
        let mut a = recorded.to_vec();
        let mut b = given.to_vec();
        a.sort_unstable();
        a.dedup();
        b.sort_unstable();
        b.dedup();
        if a != b {
            return Err(ProofError::LeafMismatch(id));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lit(n: i32) -> Lit {
        Lit::from_dimacs(n).unwrap()
    }

    fn small() -> (Proof, [ClauseId; 3]) {
        let mut p = Proof::new();
        let a = p.add_original(&[lit(1), lit(2)]);
        let b = p.add_original(&[lit(1), lit(-2)]);
        let c = p.add_original(&[lit(-1)]);
        (p, [a, b, c])
    }

    #[test]
    fn accepts_a_correct_refutation() {
        let (mut p, [a, b, c]) = small();
        let unit = p.add_derived(&[lit(1)], &[a, b], &[lit(-2)]);
        let empty = p.add_derived(&[], &[unit, c], &[lit(-1)]);
        assert_eq!(check_refutation(&p, empty), Ok(CheckReport { derived: 2, leaves: 3 }));
    }

    #[test]
    fn rejects_wrong_pivots_conclusions_and_roots() {
        let (mut p, [a, b, c]) = small();
        let bad_pivot = p.add_derived(&[lit(1)], &[a, b], &[lit(2)]);
        assert!(matches!(check_refutation(&p, bad_pivot), Err(ProofError::NotEmpty(_))));
        assert!(matches!(
            Checker::new().check_derivation(&p, bad_pivot),
            Err(ProofError::PivotNotInAntecedent { .. })
        ));
        let wrong = p.add_derived(&[], &[a, b], &[lit(-2)]);
        assert!(matches!(check_refutation(&p, wrong), Err(ProofError::WrongConclusion { .. })));
        let missing = p.add_derived(&[lit(1)], &[c, a], &[lit(2)]);
        assert!(matches!(
            Checker::new().check_derivation(&p, missing),
            Err(ProofError::PivotNotInResolvent { .. })
        ));
        let forward = p.add_derived(&[], &[ClauseId(99)], &[]);
        assert!(matches!(check_refutation(&p, forward), Err(ProofError::UnknownAntecedent { .. })));
    }

    #[test]
    fn rejects_a_tautological_resolvent() {
        let (mut p, [a, ..]) = small();
        let d = p.add_original(&[lit(-1), lit(-2)]);
        let taut = p.add_derived(&[lit(1), lit(-1)], &[a, d], &[lit(-2)]);
        assert!(matches!(
            Checker::new().check_derivation(&p, taut),
            Err(ProofError::Tautology { .. })
        ));
    }

    #[test]
    fn leaves_are_compared_with_the_input() {
        let (mut p, [a, b, c]) = small();
        let unit = p.add_derived(&[lit(1)], &[a, b], &[lit(-2)]);
        let empty = p.add_derived(&[], &[unit, c], &[lit(-1)]);
        let input = [vec![lit(2), lit(1)], vec![lit(1), lit(-2)], vec![lit(-1), lit(-1)]];
        assert_eq!(check_leaves(&p, empty, |id| input.get(id.index()).map(|c| &c[..])), Ok(()));
        let other = [vec![lit(2)], vec![lit(1), lit(-2)], vec![lit(-1)]];
        assert_eq!(
            check_leaves(&p, empty, |id| other.get(id.index()).map(|c| &c[..])),
            Err(ProofError::LeafMismatch(a))
        );
    }
}

//! Interpolants from local refutations (first-order, with equality and quantifiers).
//!
//! A refutation is local for a cut when no inference (premises and conclusion together) mixes an
//! A-local with a B-local symbol. Every clause `C` is read as its universal closure `∀C`. Write
//! `C↓A = C` if `C` has an A-local symbol and `⊥` otherwise, and `C↓B = C` if `C` has no A-local
//! symbol and `⊥` otherwise. Each proof node gets a closed formula `I_C` over shared symbols with
//!
//! 1. `A ⊨ C↓A ∨ I_C`, and
//! 2. `B ∧ I_C ⊨ C↓B`.
//!
//! At the empty clause (no A-local symbol) these read `A ⊨ I` and `B ∧ I ⊨ ⊥`: an interpolant.
//!
//! - **Input from A with an A-local symbol**: `I = ⊥`. (1) `A ⊨ ∀C`; (2) `B ∧ ⊥ ⊨ ⊥`.
//! - **Input from A without A-local symbols** (grey; it cannot have B-local ones): `I = ∀C`.
//!   (1) `A ⊨ ∀C`; (2) `B ∧ ∀C ⊨ ∀C`. Only shared symbols occur.
//! - **Input from B** (no A-local symbol by definition): `I = ⊤`. (1) trivial; (2) `B ⊨ ∀C`.
//! - **Inference with no A-local symbol anywhere**: `I = ⋀ I_P`. Every premise has `P↓A = ⊥`, so
//!   (1) gives `A ⊨ I_P` for each, hence `A ⊨ ⋀ I_P`; and `B ∧ ⋀ I_P ⊨ ⋀ ∀P ⊨ ∀C` by (2) for the
//!   premises and soundness of the inference.
//! - **Inference with an A-local symbol**: by locality it has no B-local symbol, so each premise
//!   is either in `L` (has an A-local symbol) or grey (`G`, shared symbols only). Let
//!   `D = ⋁_{P∈L} I_P ∨ ⋁_{P∈G} (I_P ∧ ¬∀P)`, and `I = D` if `C` has an A-local symbol,
//!   `I = D ∨ ∀C` if `C` is grey.
//!   (1): take a model of `A` falsifying `D`. For `P ∈ L`, `¬I_P` and (1) give `∀P`. For
//!   `P ∈ G`, (1) gives `I_P`, and `¬(I_P ∧ ¬∀P)` then gives `∀P`. All premises hold, so `∀C`
//!   does, which is (1) in both cases.
//!   (2): `B ∧ I_P ⊨ ⊥` for `P ∈ L` by (2), and `B ∧ I_P ⊨ ∀P` for `P ∈ G` contradicts `¬∀P`;
//!   so `B ∧ D ⊨ ⊥`. If `C` has an A-local symbol `C↓B = ⊥` and we are done; if it is grey,
//!   `B ∧ (D ∨ ∀C) ⊨ ∀C`.
//!   Vocabulary: `∀P` for grey `P` and `∀C` for grey `C` mention shared symbols only.
//!
//! Simplification steps (demodulation, subsumption resolution, trivial-literal removal) are
//! sound inferences like any other, so the same cases cover them; a step that is not local makes
//! the construction refuse (it names the step) instead of producing something unsound.

use rustc_hash::FxHashMap;

use super::colour::{Colour, Colouring};
use super::formula::{and, clause_closure, not, or};
use crate::fol::formula::Formula;
use crate::fol::{Signature, TermBank};
use crate::prover::{ClauseId, Proof, Rule};

/// The partial interpolant of one proof node: which steps contributed what.
#[derive(Clone, PartialEq, Debug)]
pub struct PartialInterpolant {
    /// The proof node (its clause id in the prover).
    pub node: ClauseId,
    /// The rule that made the node.
    pub rule: Rule,
    /// The node's partial interpolant.
    pub formula: Formula,
}

/// Everything needed to read a refutation for one cut.
pub struct ProofView<'a> {
    /// The refutation.
    pub proof: &'a Proof,
    /// The prover's signature after the search.
    pub signature: &'a Signature,
    /// The prover's term bank after the search.
    pub bank: &'a TermBank,
    /// The part of each input clause (by `Problem::clauses` index).
    pub part_of_input: &'a [u32],
    /// The colouring of the problem.
    pub colouring: &'a Colouring,
}

/// The interpolant for the cut `k` (parts `< k` form A) with the partial interpolant of every
/// node, or the id of the first node whose step is not local for that cut.
pub fn local_interpolant(
    view: &ProofView<'_>,
    k: u32,
) -> Result<(Formula, Vec<PartialInterpolant>), ClauseId> {
    let colouring = view.colouring;
    let bank = view.bank;
    let mut by_id: FxHashMap<ClauseId, Formula> = FxHashMap::default();
    let mut record = Vec::with_capacity(view.proof.nodes.len());
    let closure = |c: &crate::fol::Clause| clause_closure(view.signature, bank, c);
    let mut last = Formula::True;
    let position: FxHashMap<ClauseId, usize> =
        view.proof.nodes.iter().enumerate().map(|(i, n)| (n.id, i)).collect();
    for node in &view.proof.nodes {
        let has_a = |c: &crate::fol::Clause| colouring.clause_has(bank, c, k, Colour::ALocal);
        let has_b = |c: &crate::fol::Clause| colouring.clause_has(bank, c, k, Colour::BLocal);
        let formula = if let Some(index) = node.step.input_index {
            let part = view.part_of_input.get(index).copied().unwrap_or(u32::MAX);
            if part < k {
                if has_a(&node.clause) { Formula::False } else { closure(&node.clause) }
            } else {
                Formula::True
            }
        } else {
            let mut premises: Vec<ClauseId> = Vec::new();
            for p in &node.step.premises {
                if !premises.contains(&p.clause) {
                    premises.push(p.clause);
                }
            }
            let premise_nodes: Vec<_> = premises
                .iter()
                .filter_map(|id| position.get(id).map(|&i| &view.proof.nodes[i]))
                .collect();
            let any_a = has_a(&node.clause) || premise_nodes.iter().any(|p| has_a(&p.clause));
            let any_b = has_b(&node.clause) || premise_nodes.iter().any(|p| has_b(&p.clause));
            let partial = |id: ClauseId| by_id.get(&id).cloned().unwrap_or(Formula::True);
            if !any_a {
                and(premises.iter().map(|&id| partial(id)).collect())
            } else if any_b {
                return Err(node.id);
            } else {
                let mut disjuncts = Vec::new();
                for p in &premise_nodes {
                    if has_a(&p.clause) {
                        disjuncts.push(partial(p.id));
                    } else {
                        disjuncts.push(and(vec![partial(p.id), not(closure(&p.clause))]));
                    }
                }
                let d = or(disjuncts);
                if has_a(&node.clause) { d } else { or(vec![d, closure(&node.clause)]) }
            }
        };
        by_id.insert(node.id, formula.clone());
        record.push(PartialInterpolant {
            node: node.id,
            rule: node.step.rule,
            formula: formula.clone(),
        });
        last = formula;
    }
    Ok((last, record))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fol::{Clause, SymbolKind};
    use crate::input::parse_problem;
    use crate::interpolate::colour::{LocalityFilter, Preference};
    use crate::interpolate::formula::symbols;
    use crate::prover::{ProofOutcome, Prover, ProverOptions};

    /// `a = s` and `~p(a)` on side A, `b = s` and `p(b)` on side B: `a` is A-local, `b` B-local.
    const TEXT: &str = "cnf(a1, axiom, a = s).\ncnf(a2, axiom, ~p(a)).\n\
                        cnf(b1, axiom, b = s).\ncnf(b2, axiom, p(b)).\n";

    fn refute(local: bool) -> (Prover, Proof, Vec<u32>, Colouring) {
        let problem = parse_problem(TEXT, "t.p", "t", &[]).unwrap();
        let parts: Vec<u32> =
            problem.clauses.iter().map(|c| u32::from(c.source.name.starts_with('b'))).collect();
        let clauses: Vec<(&Clause, u32)> =
            problem.clauses.iter().zip(&parts).map(|(c, &p)| (&c.clause, p)).collect();
        let colouring = Colouring::new(&problem.signature, &problem.bank, &clauses, 2);
        let inputs: Vec<(Clause, bool)> =
            problem.clauses.iter().map(|c| (c.clause.clone(), false)).collect();
        let mut precedence = colouring.precedence(&problem.signature, Preference::EarlierLargest);
        if !local {
            // Put the shared constant `s` on top: `a = s` and `b = s` then both rewrite `s`,
            // and superposing them yields `a = b`, which mixes the two sides.
            let s = problem.signature.lookup("s", 0, SymbolKind::Function).unwrap();
            precedence[s.0 as usize] = precedence.len() as u32;
        }
        let mut prover = Prover::new(
            problem.signature.clone(),
            problem.bank.clone(),
            &inputs,
            ProverOptions::default(),
            true,
        );
        prover.set_precedence(precedence);
        if local {
            prover.set_inference_filter(Box::new(LocalityFilter { colouring: colouring.clone() }));
        }
        let ProofOutcome::Refutation(empty) = prover.run() else { panic!("no refutation") };
        let proof = prover.extract_proof(empty);
        (prover, proof, parts, colouring)
    }

    #[test]
    fn local_refutation_gives_partial_interpolants_over_shared_symbols() {
        let (prover, proof, parts, colouring) = refute(true);
        let view = ProofView {
            proof: &proof,
            signature: &prover.signature,
            bank: &prover.bank,
            part_of_input: &parts,
            colouring: &colouring,
        };
        let (interpolant, partials) = local_interpolant(&view, 1).unwrap();
        assert_eq!(partials.len(), proof.nodes.len());
        for partial in &partials {
            for (name, _, _) in symbols(&partial.formula) {
                assert!(name == "s" || name == "p", "{name} in a partial interpolant");
            }
        }
        assert_eq!(crate::interpolate::formula::to_tptp(&interpolant), "~p(s)");
    }

    #[test]
    fn non_local_refutation_is_refused() {
        let (prover, proof, parts, colouring) = refute(false);
        let view = ProofView {
            proof: &proof,
            signature: &prover.signature,
            bank: &prover.bank,
            part_of_input: &parts,
            colouring: &colouring,
        };
        assert!(local_interpolant(&view, 1).is_err());
    }
}

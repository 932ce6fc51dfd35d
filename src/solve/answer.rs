//! Answers in the form TPTP users expect: SZS status lines, TSTP refutations, unsat cores.

use std::fmt::Write as _;

use crate::fol::{InputSource, Problem};
use crate::prover::{Limit, Proof, ProofOutcome, Rule};

/// The SZS status craig reports.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SzsStatus {
    /// The conjecture follows from the axioms.
    Theorem,
    /// The axioms alone are contradictory (the refutation uses no conjecture clause).
    ContradictoryAxioms,
    /// The clause set (no conjecture) is unsatisfiable.
    Unsatisfiable,
    /// The conjecture does not follow: axioms and negated conjecture were saturated.
    CounterSatisfiable,
    /// The clause set (no conjecture) is satisfiable.
    Satisfiable,
    /// The time limit was reached.
    Timeout,
    /// A resource limit other than time was reached.
    ResourceOut,
    /// The search ended without an answer it can stand behind.
    GaveUp,
    /// The user stopped the search.
    User,
    /// Something went wrong (for example, a proof failed the checker).
    Error,
}

impl SzsStatus {
    /// The SZS name.
    pub fn name(self) -> &'static str {
        match self {
            SzsStatus::Theorem => "Theorem",
            SzsStatus::ContradictoryAxioms => "ContradictoryAxioms",
            SzsStatus::Unsatisfiable => "Unsatisfiable",
            SzsStatus::CounterSatisfiable => "CounterSatisfiable",
            SzsStatus::Satisfiable => "Satisfiable",
            SzsStatus::Timeout => "Timeout",
            SzsStatus::ResourceOut => "ResourceOut",
            SzsStatus::GaveUp => "GaveUp",
            SzsStatus::User => "User",
            SzsStatus::Error => "Error",
        }
    }

    /// The status for a search outcome; `proof` is the refutation when there is one.
    pub fn of(outcome: ProofOutcome, problem: &Problem, proof: Option<&Proof>) -> SzsStatus {
        match outcome {
            ProofOutcome::Refutation(_) => {
                if !problem.has_conjecture {
                    return SzsStatus::Unsatisfiable;
                }
                let uses_conjecture = proof.is_none_or(|p| {
                    p.input_indices().iter().any(|&i| problem.clauses[i].source.role.is_goal())
                });
                if uses_conjecture { SzsStatus::Theorem } else { SzsStatus::ContradictoryAxioms }
            }
            ProofOutcome::Saturated { complete: true } if problem.complete => {
                if problem.has_conjecture {
                    SzsStatus::CounterSatisfiable
                } else {
                    SzsStatus::Satisfiable
                }
            }
            ProofOutcome::Saturated { .. } => SzsStatus::GaveUp,
            ProofOutcome::LimitReached(Limit::Time) => SzsStatus::Timeout,
            ProofOutcome::LimitReached(Limit::Cancelled) => SzsStatus::User,
            ProofOutcome::LimitReached(_) => SzsStatus::ResourceOut,
        }
    }
}

fn quote(s: &str) -> String {
    let plain = s.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain {
        s.to_string()
    } else {
        format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))
    }
}

/// The refutation in TSTP form, one `cnf` line per step, between the SZS output markers.
pub fn write_tstp_proof(
    out: &mut String,
    problem: &Problem,
    signature: &crate::fol::Signature,
    bank: &crate::fol::TermBank,
    proof: &Proof,
) {
    let _ = writeln!(out, "% SZS output start CNFRefutation for {}", problem.name);
    for node in &proof.nodes {
        let name = format!("c_{}", node.id.0);
        let body = node.clause.display(signature, bank);
        let annotation = if node.step.rule == Rule::Input {
            let index = node.step.input_index.expect("input steps carry their index");
            let source = &problem.clauses[index].source;
            let file = format!("file({}, {})", quote(&source.file), quote(&source.name));
            if source.clausified {
                format!("inference(clausify, [status(esa)], [{file}])")
            } else {
                file
            }
        } else if node.step.rule == Rule::AvatarComponent {
            // A split name's definition: the name is new, so the step is no consequence of
            // anything (TSTP's `introduced`, as Vampire writes its AVATAR definitions).
            let name = crate::prover::check::defined_name(&node.clause, bank);
            let name = name.map_or_else(String::new, |s| signature.name(s).to_string());
            format!("introduced(avatar_definition, [new_symbols(naming, [{name}])])")
        } else {
            let parents: Vec<String> =
                node.step.premises.iter().map(|p| format!("c_{}", p.clause.0)).collect();
            let mut unique = parents.clone();
            unique.dedup();
            format!("inference({}, [status(thm)], [{}])", node.step.rule.name(), unique.join(", "))
        };
        let role = if node.step.rule == Rule::Input {
            let index = node.step.input_index.expect("input steps carry their index");
            let source = &problem.clauses[index].source;
            if source.clausified { "plain" } else { source.role.name() }
        } else {
            "plain"
        };
        let _ = writeln!(out, "cnf({name}, {role}, ({body}), {annotation}).");
    }
    let _ = writeln!(out, "% SZS output end CNFRefutation for {}", problem.name);
}

/// The names of the input formulas a proof uses, in input order, each once.
pub fn core_names(problem: &Problem, proof: &Proof) -> Vec<String> {
    core_sources(problem, proof).into_iter().map(|s| s.name.clone()).collect()
}

/// The origins of the input formulas a proof uses, in input order, one per formula (the first
/// clause's origin stands for the formula).
pub fn core_sources<'p>(problem: &'p Problem, proof: &Proof) -> Vec<&'p InputSource> {
    sources_of(problem, proof.input_indices())
}

/// The names of the input formulas the input clauses `indices` come from, in the order given,
/// each once (the instantiation engine's core is such a list of clauses).
pub fn formula_names(problem: &Problem, indices: impl IntoIterator<Item = usize>) -> Vec<String> {
    sources_of(problem, indices).into_iter().map(|s| s.name.clone()).collect()
}

/// The origins of the input formulas the input clauses `indices` come from, one per formula.
fn sources_of(problem: &Problem, indices: impl IntoIterator<Item = usize>) -> Vec<&InputSource> {
    let mut sources: Vec<&InputSource> = Vec::new();
    for i in indices {
        let source = &problem.clauses[i].source;
        if !sources.iter().any(|s| s.name == source.name) {
            sources.push(source);
        }
    }
    sources
}

//! Proof steps: how each clause was made. The proof DAG is the shared currency of craig: unsat
//! cores, interpolants, the proof checker and refinement all read it.
//!
//! Every inference records, for each premise, the instance of the premise it used: the term that
//! replaces each of the premise's variables, written over the conclusion's variables. That is all
//! an independent checker needs to re-verify the step without trusting the inference code: the
//! conclusion must follow from those instances of the premises by ground equational reasoning.

use crate::fol::{Clause, TermId};

/// A clause in the prover's store.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct ClauseId(pub u32);

/// The rule that made a clause.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Rule {
    /// A clause of the input problem (a CNF clause, or one clause of a clausified formula).
    Input,
    /// Superposition of a positive equation into a literal (covers ordered resolution).
    Superposition,
    /// `s != t | C` gives `C` under a unifier of `s` and `t`.
    EqualityResolution,
    /// `s = t | s' = t' | C` gives `t != t' | s = t' | C` under a unifier of `s` and `s'` (covers
    /// ordered factoring).
    EqualityFactoring,
    /// Rewriting with oriented unit equations (one or more steps).
    Demodulation,
    /// `L | C` and `~L' | D` with `L'` an instance of `L` and the rest subsumed gives `D`.
    SubsumptionResolution,
    /// Dropping `s != s` and duplicate literals.
    TrivialLiteralRemoval,
    /// AVATAR's naming of a split component `C`: the clause `C | ~p` for a fresh nullary
    /// predicate `p` (the name), one half of the definition `p <=> (forall) C`. No premises.
    AvatarComponent,
    /// AVATAR's split of a clause into variable-disjoint components: from `C1 | .. | Cn | ~q..`
    /// (premise 0) and the components' definitions (premises 1..n, each instance a renaming of
    /// the component onto its part of premise 0) the propositional clause `~q.. | p1 | .. | pn`.
    AvatarSplit,
    /// A clause the SAT solver over split names derived by resolution from its premises (ground
    /// clauses over the names).
    AvatarSatResolution,
}

impl Rule {
    /// Every rule, in declaration order.
    pub const ALL: [Rule; 10] = [
        Rule::Input,
        Rule::Superposition,
        Rule::EqualityResolution,
        Rule::EqualityFactoring,
        Rule::Demodulation,
        Rule::SubsumptionResolution,
        Rule::TrivialLiteralRemoval,
        Rule::AvatarComponent,
        Rule::AvatarSplit,
        Rule::AvatarSatResolution,
    ];

    /// The rule printed as `name` (the inverse of [`Rule::name`]).
    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The name printed in TSTP proofs.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Input => "input",
            Rule::Superposition => "superposition",
            Rule::EqualityResolution => "equality_resolution",
            Rule::EqualityFactoring => "equality_factoring",
            Rule::Demodulation => "demodulation",
            Rule::SubsumptionResolution => "subsumption_resolution",
            Rule::TrivialLiteralRemoval => "trivial_literal_removal",
            Rule::AvatarComponent => "avatar_component",
            Rule::AvatarSplit => "avatar_split",
            Rule::AvatarSatResolution => "avatar_sat_resolution",
        }
    }
}

/// One premise of a step with the instance used: `instance[v]` replaces variable `v` of the premise.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Premise {
    /// The premise clause.
    pub clause: ClauseId,
    /// For each variable of the premise, the term over the conclusion's variables standing for it.
    pub instance: Vec<TermId>,
}

/// How a clause was derived.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ProofStep {
    /// The rule applied.
    pub rule: Rule,
    /// The premises, each with its instance; a premise may repeat with different instances.
    pub premises: Vec<Premise>,
    /// For `Rule::Input`, the index of the clause in `Problem::clauses`.
    pub input_index: Option<usize>,
}

/// One node of an extracted proof.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ProofNode {
    /// The clause's id in the prover's store.
    pub id: ClauseId,
    /// The clause.
    pub clause: Clause,
    /// How it was made.
    pub step: ProofStep,
}

/// A refutation: the nodes reachable from the empty clause, premises before conclusions, the
/// empty clause last.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct Proof {
    /// Nodes in topological order.
    pub nodes: Vec<ProofNode>,
}

impl Proof {
    /// The node for `id`, if it is part of the proof.
    pub fn node(&self, id: ClauseId) -> Option<&ProofNode> {
        self.nodes.iter().find(|n| n.id == id)
    }

    /// Indices (into `Problem::clauses`) of the input clauses the proof uses, ascending.
    pub fn input_indices(&self) -> Vec<usize> {
        let mut v: Vec<usize> = self.nodes.iter().filter_map(|n| n.step.input_index).collect();
        v.sort_unstable();
        v.dedup();
        v
    }
}

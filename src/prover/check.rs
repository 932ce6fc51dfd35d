//! The independent proof checker: re-verifies every step of a `Proof` without trusting, or even
//! calling, the prover's inference code (no unification, no matching, no rule implementations).
//!
//! # What is checked
//!
//! Structure: node ids are unique, every premise is derived earlier in the node list, the last
//! node is the empty clause, and every premise instance has an entry for each variable of its
//! premise clause. An `Input` step must name an input clause that equals its clause up to
//! variable renaming, literal order and the symmetry of `=`.
//!
//! Every other step is checked semantically, whatever its rule: the recorded instances of the
//! premises must entail the conclusion by ground equational reasoning. We build the ground
//! instances of the premises (each premise variable replaced by its recorded term, then every
//! variable still present, say `Xn`, read as a fresh constant `cn`), add the negation of each
//! conclusion literal (its variables are the same constants `cn`), and run a small DPLL search
//! whose theory check is congruence closure. The step passes when that ground set is
//! unsatisfiable.
//!
//! # Why this is sound
//!
//! Suppose an interpretation `M` satisfies the premises (universally closed) and an assignment
//! `a` of the conclusion's variables falsifies the conclusion. Interpreting each `cn` as `a(Xn)`
//! (or as any element when `Xn` is not a conclusion variable) makes every ground premise instance
//! true in `M`, since it is an instance of a universally true clause, and makes every negated
//! conclusion literal true. So the ground set is satisfiable. Contrapositively, unsatisfiability
//! of the ground set shows that the conclusion holds in every model of the premises: the fresh
//! constants are exactly a Skolemization of the conclusion's negation. The ground solver is
//! itself sound and complete for ground equality with uninterpreted functions: DPLL only
//! reports "unsatisfiable" when every branch meets a falsified clause or an inconsistent set of
//! asserted literals, and congruence closure over a subterm-closed term set decides the
//! consistency of a conjunction of ground equations and disequations.
//!
//! Predicate atoms are encoded as `p(..) = $true`, and the checker treats `$true` and atoms as
//! ordinary terms of one sort. That is sound for the original first-order problem: from any model
//! `M` of it, build `M'` whose domain is `M`'s domain plus two new elements `T` and `F`, with
//! `$true` denoting `T`, each predicate mapping arguments to `T` or `F` by its truth value, and
//! each function and predicate symbol extended arbitrarily to arguments outside `M`'s domain
//! (functions still into `M`'s domain, predicates still into `T` or `F`). Then `p(..) = $true` holds in
//! `M'` exactly when `p(..)` holds in `M`, and every encoded clause holds in `M'` for all
//! assignments of its variables into `M`'s domain. The checker keeps variables inside that domain
//! by rejecting any instance that replaces a variable by an atom or `$true` (a variable never
//! stands for an atom); any other term denotes an element of `M`'s domain in `M'`. So every
//! checked step preserves truth in `M'`, and a checked refutation ending in the empty clause
//! shows the input clauses have no model.
//!
//! # Split names (AVATAR)
//!
//! A search with splitting adds two kinds of steps that are not entailed by their premises
//! alone, because they introduce names:
//! - An `AvatarComponent` node `C | ~p` defines the nullary predicate `p` as `(forall) C`. The
//!   checker accepts it when `p` occurs in no input clause, no other node defines `p`, and `C`
//!   mentions no defined name (so the definitions are not circular).
//! - An `AvatarSplit` node concludes `~q.. | p1 | .. | pn` from a clause `P` (premise 0) and
//!   the definitions of `p1 .. pn` (premises 1..n). Each definition's instance must rename its
//!   variables injectively to variables, the renamed components must share no variable, every
//!   literal of the conclusion must be a nullary atom (so ground), the positive ones exactly the
//!   defined names, and every literal of `P` must be in the conclusion or in a renamed component.
//!
//! Soundness: a model `M` of the input extends to the names by reading `p` as the truth of
//! `(forall) C`; each `p` is defined once, by a formula over input symbols, so this is well
//! defined and every definition node holds. A split holds too: `(forall) P` gives `(forall) A`
//! or one of the ground literals of `P` in the conclusion, where `A` is covered by the renamed
//! components; variable-disjoint parts give `(forall) A -> (forall) L1 | .. | (forall) Ln`, and
//! `(forall) Li` is `(forall) Ci` renamed, which makes `pi` true. Every other node, the SAT
//! solver's resolution steps over the names included, is checked by entailment as above, so the
//! extended model satisfies every node and the empty clause cannot be derived.

use rustc_hash::{FxHashMap, FxHashSet};
use thiserror::Error;

use super::proof::{ClauseId, Proof, ProofNode, ProofStep, Rule};
use crate::fol::{Clause, Literal, Signature, SymbolId, TermBank, TermId, TermView};

/// What a successful check covered.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct CheckReport {
    /// Number of proof nodes checked, input nodes included.
    pub steps_checked: usize,
    /// How many of those nodes were `Input` steps compared against the input clauses.
    pub inputs_checked: usize,
}

/// Why a proof, or one of its steps, was rejected. Every message names the step by clause id and
/// rule so that a user can find it in the printed proof.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum CheckError {
    /// The proof has no nodes at all.
    #[error("the proof is empty: it has no steps and no empty clause")]
    EmptyProof,
    /// The last node is not the empty clause, so the proof refutes nothing.
    #[error(
        "the proof does not end in the empty clause: its last step, clause {id} ({rule}), \
         derives `{clause}`"
    )]
    LastNotEmpty {
        /// Id of the last node.
        id: u32,
        /// Rule of the last node.
        rule: &'static str,
        /// The clause it derives.
        clause: String,
    },
    /// Two nodes carry the same clause id.
    #[error("clause {id} ({rule}): the id {id} is already used by an earlier step")]
    DuplicateId {
        /// The repeated id.
        id: u32,
        /// Rule of the second node with that id.
        rule: &'static str,
    },
    /// A premise is derived only later in the proof (or is the step itself).
    #[error("clause {id} ({rule}): premise clause {premise} is used before it is derived")]
    PremiseUsedBeforeDerived {
        /// Id of the step.
        id: u32,
        /// Rule of the step.
        rule: &'static str,
        /// The premise's id.
        premise: u32,
    },
    /// A premise does not occur in the proof at all.
    #[error("clause {id} ({rule}): premise clause {premise} is not part of the proof")]
    UnknownPremise {
        /// Id of the step.
        id: u32,
        /// Rule of the step.
        rule: &'static str,
        /// The premise's id.
        premise: u32,
    },
    /// A premise's instance does not say what replaces some of its variables.
    #[error(
        "clause {id} ({rule}): the instance recorded for premise clause {premise} gives {given} \
         term(s), but that clause has variables X0..X{last}",
        last = needed - 1
    )]
    MissingInstance {
        /// Id of the step.
        id: u32,
        /// Rule of the step.
        rule: &'static str,
        /// The premise's id.
        premise: u32,
        /// Number of instance entries recorded.
        given: usize,
        /// Number of entries needed (the premise's variable bound).
        needed: usize,
    },
    /// An instance replaces a variable by an atom or `$true`, which a variable never stands for.
    #[error(
        "clause {id} ({rule}): the instance recorded for premise clause {premise} replaces X{var} \
         by the atom `{term}`, but variables stand for terms, never for atoms"
    )]
    AtomInstance {
        /// Id of the step.
        id: u32,
        /// Rule of the step.
        rule: &'static str,
        /// The premise's id.
        premise: u32,
        /// The variable.
        var: u32,
        /// The offending term.
        term: String,
    },
    /// An `Input` step records no input index.
    #[error("clause {id} (input): the step does not say which input clause it is")]
    MissingInputIndex {
        /// Id of the step.
        id: u32,
    },
    /// An `Input` step's index is past the end of the input clauses.
    #[error("clause {id} (input): input index {index} is out of range (there are {count} inputs)")]
    InputIndexOutOfRange {
        /// Id of the step.
        id: u32,
        /// The recorded index.
        index: usize,
        /// Number of input clauses.
        count: usize,
    },
    /// An `Input` step's clause is not the input clause it names.
    #[error(
        "clause {id} (input): `{clause}` is not input clause {index} `{input}`, even up to \
         variable renaming, literal order and symmetry of `=`"
    )]
    InputMismatch {
        /// Id of the step.
        id: u32,
        /// The recorded index.
        index: usize,
        /// The step's clause.
        clause: String,
        /// The input clause it should equal.
        input: String,
    },
    /// A split name's definition is malformed, repeated, circular or names an input symbol.
    #[error("clause {id} (avatar_component): {why}")]
    BadDefinition {
        /// Id of the step.
        id: u32,
        /// What is wrong.
        why: String,
    },
    /// A split does not follow from its clause and its components' definitions.
    #[error("clause {id} (avatar_split): {why}")]
    BadSplit {
        /// Id of the step.
        id: u32,
        /// What is wrong.
        why: String,
    },
    /// The conclusion does not follow from the recorded premise instances.
    #[error(
        "clause {id} ({rule}): `{clause}` does not follow from the recorded premise instances \
         {premises}"
    )]
    NotEntailed {
        /// Id of the step.
        id: u32,
        /// Rule of the step.
        rule: &'static str,
        /// The conclusion.
        clause: String,
        /// The instantiated premises, each as `clause N: ...`, variables left as `Xn`.
        premises: String,
    },
}

/// Checks a whole refutation against the input clauses it claims to start from.
///
/// `inputs` are the problem's clauses as `Input` steps index them (`Problem::clauses`). Returns
/// the first problem found, scanning the nodes in order.
pub fn check_proof(
    proof: &Proof,
    inputs: &[Clause],
    signature: &Signature,
    bank: &TermBank,
) -> Result<CheckReport, CheckError> {
    // The cheap global checks come first so that a malformed proof is reported before any
    // (comparatively costly) semantic check runs.
    let last = proof.nodes.last().ok_or(CheckError::EmptyProof)?;
    if !last.clause.is_empty() {
        return Err(CheckError::LastNotEmpty {
            id: last.id.0,
            rule: last.step.rule.name(),
            clause: last.clause.display(signature, bank),
        });
    }
    let all_ids: FxHashMap<ClauseId, usize> =
        proof.nodes.iter().enumerate().map(|(i, n)| (n.id, i)).collect();
    let definitions = split_definitions(proof, inputs, bank)?;
    let mut derived: FxHashMap<ClauseId, &Clause> = FxHashMap::default();
    let mut report = CheckReport::default();
    let mut premise_clauses: Vec<&Clause> = Vec::new();
    for node in &proof.nodes {
        let (id, rule) = (node.id.0, node.step.rule.name());
        if derived.contains_key(&node.id) {
            return Err(CheckError::DuplicateId { id, rule });
        }
        premise_clauses.clear();
        for p in &node.step.premises {
            match derived.get(&p.clause) {
                Some(c) => premise_clauses.push(c),
                None if all_ids.contains_key(&p.clause) => {
                    return Err(CheckError::PremiseUsedBeforeDerived {
                        id,
                        rule,
                        premise: p.clause.0,
                    });
                }
                None => return Err(CheckError::UnknownPremise { id, rule, premise: p.clause.0 }),
            }
        }
        match node.step.rule {
            // Checked with the other definitions by `split_definitions`.
            Rule::AvatarComponent => {}
            Rule::AvatarSplit => check_split(node, &premise_clauses, &definitions, proof, bank)?,
            _ => check_step(node, &premise_clauses, inputs, signature, bank)?,
        }
        report.steps_checked += 1;
        if node.step.rule == Rule::Input {
            report.inputs_checked += 1;
        }
        derived.insert(node.id, &node.clause);
    }
    Ok(report)
}

/// Checks one node on its own: `premise_clauses[i]` must be the clause of
/// `node.step.premises[i]` (the caller resolves ids; `check_proof` does so from earlier nodes).
///
/// An `Input` node is compared with `inputs`; any other node must follow from its recorded
/// premise instances by ground equational reasoning, whatever rule it names.
///
/// # Panics
///
/// If `premise_clauses` and `node.step.premises` differ in length.
pub fn check_step(
    node: &ProofNode,
    premise_clauses: &[&Clause],
    inputs: &[Clause],
    signature: &Signature,
    bank: &TermBank,
) -> Result<(), CheckError> {
    let step = &node.step;
    assert_eq!(
        premise_clauses.len(),
        step.premises.len(),
        "check_step needs one clause per premise"
    );
    let (id, rule) = (node.id.0, step.rule.name());
    for (p, clause) in step.premises.iter().zip(premise_clauses) {
        let needed = clause.var_bound(bank) as usize;
        if p.instance.len() < needed {
            return Err(CheckError::MissingInstance {
                id,
                rule,
                premise: p.clause.0,
                given: p.instance.len(),
                needed,
            });
        }
        // Only the entries for variables that occur matter; unused extra entries are harmless.
        for (var, &t) in p.instance.iter().enumerate().take(needed) {
            if bank.is_atom(t) {
                return Err(CheckError::AtomInstance {
                    id,
                    rule,
                    premise: p.clause.0,
                    var: var as u32,
                    term: bank.display(signature, t),
                });
            }
        }
    }
    if step.rule == Rule::Input {
        return check_input(node, inputs, signature, bank);
    }
    let premises: Vec<(&Clause, &[TermId])> =
        premise_clauses.iter().zip(&step.premises).map(|(c, p)| (*c, &p.instance[..])).collect();
    if instances_entail(&premises, &node.clause, bank) {
        Ok(())
    } else {
        Err(CheckError::NotEntailed {
            id,
            rule,
            clause: node.clause.display(signature, bank),
            premises: describe_premises(step, &premises, signature, bank),
        })
    }
}

/// Whether the given instances of the premises entail `conclusion` by ground equational
/// reasoning, with every variable left after instantiation read as a fresh constant shared with
/// the conclusion's variable of the same number.
///
/// This is the semantic core of `check_step`, without its structural checks.
///
/// # Panics
///
/// If an instance has no entry for some variable occurring in its clause.
pub fn instances_entail(
    premises: &[(&Clause, &[TermId])],
    conclusion: &Clause,
    bank: &TermBank,
) -> bool {
    let mut ground = Grounder::new(bank);
    let mut clauses: Vec<Vec<GLit>> = Vec::with_capacity(premises.len() + conclusion.len());
    for (clause, instance) in premises {
        clauses.push(ground.clause(clause, Some(instance)));
    }
    for lit in &conclusion.literals {
        let g = ground.literal(lit, None);
        clauses.push(vec![GLit { positive: !g.positive, ..g }]);
    }
    !ground_satisfiable(&ground.arena, &clauses)
}

/// The split names the proof defines: symbol to the id of its `AvatarComponent` node, after
/// checking every definition (see the module documentation).
fn split_definitions(
    proof: &Proof,
    inputs: &[Clause],
    bank: &TermBank,
) -> Result<FxHashMap<SymbolId, ClauseId>, CheckError> {
    let mut definitions: FxHashMap<SymbolId, ClauseId> = FxHashMap::default();
    let components = proof.nodes.iter().filter(|n| n.step.rule == Rule::AvatarComponent);
    for node in components.clone() {
        let id = node.id.0;
        let bad = |why: &str| CheckError::BadDefinition { id, why: why.to_string() };
        if !node.step.premises.is_empty() || node.step.input_index.is_some() {
            return Err(bad("a definition has no premises"));
        }
        let name = defined_name(&node.clause, bank)
            .ok_or_else(|| bad("its last literal is not a negated nullary atom (the name)"))?;
        if definitions.insert(name, node.id).is_some() {
            return Err(bad("the name is defined by another step too"));
        }
    }
    if definitions.is_empty() {
        return Ok(definitions);
    }
    // One walk over the input and over the definitions' bodies, whatever the number of names.
    let defined = |s: SymbolId| definitions.contains_key(&s);
    let in_input =
        inputs.iter().flat_map(|c| &c.literals).find_map(|l| mentioned(l, bank, &defined));
    if let Some(name) = in_input {
        return Err(CheckError::BadDefinition {
            id: definitions[&name].0,
            why: "the name occurs in the input, so it is not fresh".to_string(),
        });
    }
    for node in components {
        let body = &node.clause.literals[..node.clause.literals.len() - 1];
        if body.iter().any(|l| mentioned(l, bank, &defined).is_some()) {
            return Err(CheckError::BadDefinition {
                id: node.id.0,
                why: "the component mentions a split name, so the definitions may be circular"
                    .to_string(),
            });
        }
    }
    Ok(definitions)
}

/// The name an `AvatarComponent` clause defines: its last literal, `~p` for a nullary atom `p`.
/// The one place that says where a definition keeps its name (the TSTP printer reads it too).
pub fn defined_name(clause: &Clause, bank: &TermBank) -> Option<SymbolId> {
    clause.literals.last().filter(|l| !l.positive).and_then(|l| name_symbol(l, bank))
}

/// The symbol of a literal `p = $true` (either polarity) whose atom `p` is a nullary
/// application.
fn name_symbol(literal: &Literal, bank: &TermBank) -> Option<SymbolId> {
    if bank.head(literal.rhs) != Some(Signature::TRUE) {
        return None;
    }
    match bank.view(literal.lhs) {
        TermView::App(symbol, []) if bank.is_atom(literal.lhs) => Some(symbol),
        _ => None,
    }
}

/// The first symbol of `literal` that `wanted` accepts.
fn mentioned(
    literal: &Literal,
    bank: &TermBank,
    wanted: &dyn Fn(SymbolId) -> bool,
) -> Option<SymbolId> {
    term_mentioned(literal.lhs, bank, wanted).or_else(|| term_mentioned(literal.rhs, bank, wanted))
}

fn term_mentioned(
    t: TermId,
    bank: &TermBank,
    wanted: &dyn Fn(SymbolId) -> bool,
) -> Option<SymbolId> {
    match bank.view(t) {
        TermView::Var(_) => None,
        TermView::App(head, _) if wanted(head) => Some(head),
        TermView::App(_, args) => args.iter().find_map(|&a| term_mentioned(a, bank, wanted)),
    }
}

/// Checks an `AvatarSplit` node (see the module documentation).
fn check_split(
    node: &ProofNode,
    premise_clauses: &[&Clause],
    definitions: &FxHashMap<SymbolId, ClauseId>,
    proof: &Proof,
    bank: &TermBank,
) -> Result<(), CheckError> {
    let id = node.id.0;
    let bad = |why: String| CheckError::BadSplit { id, why };
    let Some((parent, components)) = premise_clauses.split_first() else {
        return Err(bad("it names no clause to split".to_string()));
    };
    // Every conclusion literal is a nullary atom; the positive ones are exactly the names of the
    // components.
    let mut positive_names = Vec::new();
    for l in &node.clause.literals {
        let symbol = name_symbol(l, bank)
            .ok_or_else(|| bad("a literal of the conclusion is not a nullary atom".to_string()))?;
        if l.positive {
            positive_names.push(symbol);
        }
    }
    let mut component_names = Vec::new();
    // Variables the renamings have used so far: injective within a component, disjoint across.
    let mut used_vars: FxHashSet<u32> = FxHashSet::default();
    let mut renamed: Vec<(&Clause, &[TermId])> = Vec::new();
    for (premise, clause) in node.step.premises[1..].iter().zip(components) {
        let defined = proof.node(premise.clause).filter(|n| n.step.rule == Rule::AvatarComponent);
        let Some(definition) = defined else {
            return Err(bad(format!(
                "premise clause {} is not a split name's definition",
                premise.clause.0
            )));
        };
        let name = defined_name(&definition.clause, bank);
        let Some(name) = name.filter(|n| definitions.get(n) == Some(&premise.clause)) else {
            return Err(bad(format!("premise clause {} defines no name", premise.clause.0)));
        };
        component_names.push(name);
        let needed = clause.var_bound(bank) as usize;
        if premise.instance.len() < needed {
            return Err(bad(format!(
                "the instance of premise clause {} is short",
                premise.clause.0
            )));
        }
        for &t in &premise.instance[..needed] {
            let TermView::Var(v) = bank.view(t) else {
                return Err(bad(format!(
                    "the instance of premise clause {} is not a renaming",
                    premise.clause.0
                )));
            };
            if !used_vars.insert(v) {
                return Err(bad(format!(
                    "variable X{v} is used twice by the components' renamings"
                )));
            }
        }
        renamed.push((clause, &premise.instance[..]));
    }
    positive_names.sort_unstable();
    positive_names.dedup();
    component_names.sort_unstable();
    component_names.dedup();
    if positive_names != component_names {
        return Err(bad("the positive literals are not exactly the components' names".to_string()));
    }
    for (i, l) in parent.literals.iter().enumerate() {
        let in_conclusion = node.clause.literals.iter().any(|c| c.same_as(l));
        let covered = renamed.iter().any(|(component, instance)| {
            let body = &component.literals[..component.literals.len().saturating_sub(1)];
            body.iter().any(|c| literal_renames_to(c, instance, l, bank))
        });
        if !in_conclusion && !covered {
            return Err(bad(format!(
                "literal {i} of the split clause is in no component and not in the conclusion"
            )));
        }
    }
    Ok(())
}

/// Whether `pattern` with its variables replaced by `instance` is `target`, up to the symmetry
/// of `=`.
fn literal_renames_to(
    pattern: &Literal,
    instance: &[TermId],
    target: &Literal,
    bank: &TermBank,
) -> bool {
    pattern.positive == target.positive
        && ((term_renames_to(pattern.lhs, instance, target.lhs, bank)
            && term_renames_to(pattern.rhs, instance, target.rhs, bank))
            || (term_renames_to(pattern.lhs, instance, target.rhs, bank)
                && term_renames_to(pattern.rhs, instance, target.lhs, bank)))
}

fn term_renames_to(pattern: TermId, instance: &[TermId], target: TermId, bank: &TermBank) -> bool {
    match (bank.view(pattern), bank.view(target)) {
        (TermView::Var(v), _) => instance.get(v as usize) == Some(&target),
        (TermView::App(f, xs), TermView::App(g, ys)) => {
            f == g
                && bank.is_atom(pattern) == bank.is_atom(target)
                && xs.len() == ys.len()
                && xs.iter().zip(ys).all(|(&x, &y)| term_renames_to(x, instance, y, bank))
        }
        _ => false,
    }
}

fn check_input(
    node: &ProofNode,
    inputs: &[Clause],
    signature: &Signature,
    bank: &TermBank,
) -> Result<(), CheckError> {
    let id = node.id.0;
    let index = node.step.input_index.ok_or(CheckError::MissingInputIndex { id })?;
    let input = inputs.get(index).ok_or(CheckError::InputIndexOutOfRange {
        id,
        index,
        count: inputs.len(),
    })?;
    if clauses_variants(&node.clause, input, bank) {
        Ok(())
    } else {
        Err(CheckError::InputMismatch {
            id,
            index,
            clause: node.clause.display(signature, bank),
            input: input.display(signature, bank),
        })
    }
}

fn describe_premises(
    step: &ProofStep,
    premises: &[(&Clause, &[TermId])],
    signature: &Signature,
    bank: &TermBank,
) -> String {
    let mut ground = Grounder::new(bank);
    let mut out = String::new();
    for (p, (clause, instance)) in step.premises.iter().zip(premises) {
        let lits = ground.clause(clause, Some(instance));
        if !out.is_empty() {
            out.push_str(", ");
        }
        out.push_str(&format!("[clause {}: ", p.clause.0));
        if lits.is_empty() {
            out.push_str("$false");
        }
        for (i, l) in lits.iter().enumerate() {
            if i > 0 {
                out.push_str(" | ");
            }
            ground.arena.write_literal(signature, l, &mut out);
        }
        out.push(']');
    }
    if out.is_empty() { "(none)".to_string() } else { out }
}

// ---------------------------------------------------------------------------------------------
// Input clauses up to renaming, literal order and symmetry.

/// A partial variable bijection between two clauses, extended as literals are paired up.
#[derive(Clone, Default)]
struct Renaming {
    forward: FxHashMap<u32, u32>,
    backward: FxHashMap<u32, u32>,
}

impl Renaming {
    fn bind(&mut self, a: u32, b: u32) -> bool {
        match (self.forward.get(&a), self.backward.get(&b)) {
            (Some(&x), Some(&y)) => x == b && y == a,
            (None, None) => {
                self.forward.insert(a, b);
                self.backward.insert(b, a);
                true
            }
            _ => false,
        }
    }

    fn terms(&mut self, bank: &TermBank, s: TermId, t: TermId) -> bool {
        // Hash-consing makes ground subterms equal exactly when their ids are.
        if bank.is_ground(s) || bank.is_ground(t) {
            return s == t;
        }
        match (bank.view(s), bank.view(t)) {
            (TermView::Var(a), TermView::Var(b)) => self.bind(a, b),
            (TermView::App(f, xs), TermView::App(g, ys)) => {
                f == g
                    && xs.len() == ys.len()
                    && xs.iter().zip(ys).all(|(&x, &y)| self.terms(bank, x, y))
            }
            _ => false,
        }
    }
}

/// Whether `a` and `b` are the same clause up to a variable bijection, literal order (as
/// multisets) and orientation of each literal. Plain backtracking: clauses are small.
fn clauses_variants(a: &Clause, b: &Clause, bank: &TermBank) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut used = vec![false; b.len()];
    pair_literals(&a.literals, &b.literals, &mut used, Renaming::default(), bank)
}

fn pair_literals(
    rest: &[Literal],
    targets: &[Literal],
    used: &mut [bool],
    renaming: Renaming,
    bank: &TermBank,
) -> bool {
    let Some((lit, rest)) = rest.split_first() else {
        return true;
    };
    for j in 0..targets.len() {
        let target = targets[j];
        if used[j] || target.positive != lit.positive {
            continue;
        }
        for (l, r) in [(target.lhs, target.rhs), (target.rhs, target.lhs)] {
            let mut attempt = renaming.clone();
            if attempt.terms(bank, lit.lhs, l) && attempt.terms(bank, lit.rhs, r) {
                used[j] = true;
                if pair_literals(rest, targets, used, attempt, bank) {
                    return true;
                }
                used[j] = false;
            }
        }
    }
    false
}

// ---------------------------------------------------------------------------------------------
// Ground terms: the checker's own arena, so that checking never grows or mutates the bank.

/// Head of a ground term: symbol `s` is `2 * s`, the fresh constant for variable `n` is
/// `2 * n + 1`.
type Head = u32;

fn symbol_head(s: crate::fol::SymbolId) -> Head {
    s.0 << 1
}

fn fresh_head(v: u32) -> Head {
    (v << 1) | 1
}

/// Hash-consed ground terms of one check. Terms are built bottom-up, so the arena is always
/// closed under subterms, which congruence closure needs for completeness.
#[derive(Default)]
struct Arena {
    heads: Vec<Head>,
    spans: Vec<(u32, u32)>,
    args: Vec<u32>,
    memo: FxHashMap<Box<[u32]>, u32>,
    key: Vec<u32>,
}

impl Arena {
    fn len(&self) -> usize {
        self.heads.len()
    }

    fn args(&self, t: u32) -> &[u32] {
        let (s, l) = self.spans[t as usize];
        &self.args[s as usize..(s + l) as usize]
    }

    fn intern(&mut self, head: Head, args: &[u32]) -> u32 {
        self.key.clear();
        self.key.push(head);
        self.key.extend_from_slice(args);
        if let Some(&t) = self.memo.get(&self.key[..]) {
            return t;
        }
        let t = self.heads.len() as u32;
        self.heads.push(head);
        self.spans.push((self.args.len() as u32, args.len() as u32));
        self.args.extend_from_slice(args);
        self.memo.insert(self.key.clone().into_boxed_slice(), t);
        t
    }

    fn write_term(&self, signature: &Signature, t: u32, out: &mut String) {
        let head = self.heads[t as usize];
        if head & 1 == 1 {
            out.push_str(&format!("X{}", head >> 1));
        } else {
            out.push_str(signature.name(crate::fol::SymbolId(head >> 1)));
        }
        let args = self.args(t);
        if !args.is_empty() {
            out.push('(');
            for (i, &a) in args.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                self.write_term(signature, a, out);
            }
            out.push(')');
        }
    }

    fn write_literal(&self, signature: &Signature, l: &GLit, out: &mut String) {
        self.write_term(signature, l.lhs, out);
        out.push_str(if l.positive { " = " } else { " != " });
        self.write_term(signature, l.rhs, out);
    }
}

/// A ground literal over arena terms.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct GLit {
    lhs: u32,
    rhs: u32,
    positive: bool,
}

/// Translates bank terms into the arena, applying an instance and freezing variables.
struct Grounder<'b> {
    bank: &'b TermBank,
    arena: Arena,
    /// Bank term with variables read as fresh constants -> arena term; valid for the whole check.
    frozen: FxHashMap<TermId, u32>,
    /// Bank term under the current premise's instance -> arena term; reset per premise.
    instantiated: FxHashMap<TermId, u32>,
}

impl<'b> Grounder<'b> {
    fn new(bank: &'b TermBank) -> Self {
        Grounder {
            bank,
            arena: Arena::default(),
            frozen: FxHashMap::default(),
            instantiated: FxHashMap::default(),
        }
    }

    fn clause(&mut self, clause: &Clause, instance: Option<&[TermId]>) -> Vec<GLit> {
        self.instantiated.clear();
        clause.literals.iter().map(|l| self.literal(l, instance)).collect()
    }

    fn literal(&mut self, lit: &Literal, instance: Option<&[TermId]>) -> GLit {
        GLit {
            lhs: self.term(lit.lhs, instance),
            rhs: self.term(lit.rhs, instance),
            positive: lit.positive,
        }
    }

    /// `t` with variable `v` replaced by `instance[v]` (when an instance is given), then every
    /// variable left frozen into its fresh constant.
    fn term(&mut self, t: TermId, instance: Option<&[TermId]>) -> u32 {
        let cache = if instance.is_some() { &self.instantiated } else { &self.frozen };
        if let Some(&g) = cache.get(&t) {
            return g;
        }
        let g = match self.bank.view(t) {
            TermView::Var(v) => match instance {
                // Instances are written over the conclusion's variables: freeze, don't recurse.
                Some(inst) => self.term(inst[v as usize], None),
                None => self.arena.intern(fresh_head(v), &[]),
            },
            TermView::App(f, args) => {
                let args: Vec<u32> = args.iter().map(|&a| self.term(a, instance)).collect();
                self.arena.intern(symbol_head(f), &args)
            }
        };
        let cache = if instance.is_some() { &mut self.instantiated } else { &mut self.frozen };
        cache.insert(t, g);
        g
    }
}

// ---------------------------------------------------------------------------------------------
// Ground satisfiability: DPLL with a congruence-closure theory check.

/// Congruence closure over all terms of an arena, plus the asserted disequations. Cloned at each
/// DPLL branch point; the sets involved are small.
#[derive(Clone)]
struct Congruence {
    parent: Vec<u32>,
    /// For each class representative, the terms with an argument in that class.
    uses: Vec<Vec<u32>>,
    /// Head and argument representatives -> a term with that signature.
    signatures: FxHashMap<Box<[u32]>, u32>,
    disequations: Vec<(u32, u32)>,
}

impl Congruence {
    fn new(arena: &Arena) -> Self {
        let n = arena.len();
        let mut uses = vec![Vec::new(); n];
        let mut signatures = FxHashMap::default();
        for t in 0..n as u32 {
            let args = arena.args(t);
            for &a in args {
                uses[a as usize].push(t);
            }
            if !args.is_empty() {
                let mut key = Vec::with_capacity(args.len() + 1);
                key.push(arena.heads[t as usize]);
                key.extend_from_slice(args);
                signatures.insert(key.into_boxed_slice(), t);
            }
        }
        Congruence { parent: (0..n as u32).collect(), uses, signatures, disequations: Vec::new() }
    }

    fn find(&mut self, mut t: u32) -> u32 {
        let mut root = t;
        while self.parent[root as usize] != root {
            root = self.parent[root as usize];
        }
        while self.parent[t as usize] != root {
            let next = self.parent[t as usize];
            self.parent[t as usize] = root;
            t = next;
        }
        root
    }

    fn signature(&mut self, arena: &Arena, t: u32, key: &mut Vec<u32>) {
        key.clear();
        key.push(arena.heads[t as usize]);
        for &a in arena.args(t) {
            let r = self.find(a);
            key.push(r);
        }
    }

    /// Merges the classes of `a` and `b` and everything congruence then forces together.
    fn merge(&mut self, arena: &Arena, a: u32, b: u32) {
        let mut pending = vec![(a, b)];
        let mut key = Vec::new();
        while let Some((x, y)) = pending.pop() {
            let (rx, ry) = (self.find(x), self.find(y));
            if rx == ry {
                continue;
            }
            // Re-signing the smaller use list keeps the total work near-linear.
            let (small, big) = if self.uses[rx as usize].len() < self.uses[ry as usize].len() {
                (rx, ry)
            } else {
                (ry, rx)
            };
            self.parent[small as usize] = big;
            let moved = std::mem::take(&mut self.uses[small as usize]);
            for &p in &moved {
                self.signature(arena, p, &mut key);
                // A stale table entry always mentions a former representative, so a lookup with
                // current representatives only ever finds a term that truly has this signature.
                match self.signatures.get(&key[..]) {
                    Some(&q) => {
                        if self.find(q) != self.find(p) {
                            pending.push((p, q));
                        }
                    }
                    None => {
                        self.signatures.insert(key.clone().into_boxed_slice(), p);
                    }
                }
            }
            self.uses[big as usize].extend(moved);
        }
    }

    fn assert(&mut self, arena: &Arena, l: GLit) {
        if l.positive {
            self.merge(arena, l.lhs, l.rhs);
        } else {
            self.disequations.push((l.lhs, l.rhs));
        }
    }

    fn consistent(&mut self) -> bool {
        for i in 0..self.disequations.len() {
            let (a, b) = self.disequations[i];
            if self.find(a) == self.find(b) {
                return false;
            }
        }
        true
    }

    /// The truth value the asserted literals force on `l`, if any.
    fn value(&mut self, l: GLit) -> Option<bool> {
        let (a, b) = (self.find(l.lhs), self.find(l.rhs));
        let equal = if a == b {
            Some(true)
        } else {
            let separated = (0..self.disequations.len()).any(|i| {
                let (c, d) = self.disequations[i];
                let (c, d) = (self.find(c), self.find(d));
                (c == a && d == b) || (c == b && d == a)
            });
            separated.then_some(false)
        };
        equal.map(|e| e == l.positive)
    }
}

/// Whether some interpretation satisfies every clause (each a disjunction of ground literals
/// over `arena`'s terms).
fn ground_satisfiable(arena: &Arena, clauses: &[Vec<GLit>]) -> bool {
    dpll(arena, clauses, Congruence::new(arena))
}

fn dpll(arena: &Arena, clauses: &[Vec<GLit>], mut state: Congruence) -> bool {
    loop {
        if !state.consistent() {
            return false;
        }
        let mut propagated = false;
        let mut decision = None;
        for clause in clauses {
            let mut unknown = None;
            let mut unknowns = 0;
            let mut satisfied = false;
            for &l in clause {
                match state.value(l) {
                    Some(true) => {
                        satisfied = true;
                        break;
                    }
                    Some(false) => {}
                    None => {
                        unknowns += 1;
                        unknown = Some(l);
                    }
                }
            }
            if satisfied {
                continue;
            }
            match (unknowns, unknown) {
                (_, None) => return false,
                (1, Some(l)) => {
                    state.assert(arena, l);
                    propagated = true;
                }
                (_, Some(l)) => decision = decision.or(Some(l)),
            }
        }
        if propagated {
            continue;
        }
        // Every clause has a literal the asserted ones force true, and those are consistent:
        // congruence closure's classes give a model.
        let Some(l) = decision else {
            return true;
        };
        let mut branch = state.clone();
        branch.assert(arena, l);
        if dpll(arena, clauses, branch) {
            return true;
        }
        state.assert(arena, GLit { positive: !l.positive, ..l });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fol::{SymbolId, SymbolKind};
    use crate::prover::proof::Premise;
    use proptest::prelude::*;

    /// A tiny problem builder: `a`, `b`, `c` constants, `f`, `g` unary, `h` binary, `p`, `q`
    /// unary predicates.
    struct Fixture {
        sig: Signature,
        bank: TermBank,
    }

    impl Fixture {
        fn new() -> Self {
            Fixture { sig: Signature::new(), bank: TermBank::new() }
        }

        fn sym(&mut self, name: &str, arity: u32) -> SymbolId {
            let kind = if name.starts_with(['p', 'q']) {
                SymbolKind::Predicate
            } else {
                SymbolKind::Function
            };
            self.sig.intern(name, arity, kind)
        }

        fn c(&mut self, name: &str) -> TermId {
            let s = self.sym(name, 0);
            self.bank.app(&self.sig, s, &[])
        }

        fn app(&mut self, name: &str, args: &[TermId]) -> TermId {
            let s = self.sym(name, args.len() as u32);
            self.bank.app(&self.sig, s, args)
        }

        fn x(&mut self, n: u32) -> TermId {
            self.bank.var(n)
        }

        fn eq(&self, l: TermId, r: TermId) -> Literal {
            Literal::new(l, r, true)
        }

        fn ne(&self, l: TermId, r: TermId) -> Literal {
            Literal::new(l, r, false)
        }

        fn atom(&mut self, t: TermId, positive: bool) -> Literal {
            let tt = self.bank.true_term();
            Literal::new(t, tt, positive)
        }
    }

    fn clause(lits: &[Literal]) -> Clause {
        Clause::new(lits.to_vec())
    }

    fn node(id: u32, clause: Clause, rule: Rule, premises: &[(u32, Vec<TermId>)]) -> ProofNode {
        ProofNode {
            id: ClauseId(id),
            clause,
            step: ProofStep {
                rule,
                premises: premises
                    .iter()
                    .map(|(c, inst)| Premise { clause: ClauseId(*c), instance: inst.clone() })
                    .collect(),
                input_index: None,
            },
        }
    }

    fn input(id: u32, clause: Clause, index: usize) -> ProofNode {
        let mut n = node(id, clause, Rule::Input, &[]);
        n.step.input_index = Some(index);
        n
    }

    /// Checks `n` against `premises` given as clauses.
    fn step(fx: &Fixture, n: &ProofNode, premises: &[&Clause]) -> Result<(), CheckError> {
        check_step(n, premises, &[], &fx.sig, &fx.bank)
    }

    #[test]
    fn superposition_into_predicate() {
        let mut fx = Fixture::new();
        let (a, b, x) = (fx.c("a"), fx.c("b"), fx.x(0));
        let (fa, fx0) = (fx.app("f", &[a]), fx.app("f", &[x]));
        let (pfx, pb) = (fx.app("p", &[fx0]), fx.app("p", &[b]));
        let eq = clause(&[fx.eq(fa, b)]);
        let pf = clause(&[fx.atom(pfx, true)]);
        let good = node(
            3,
            clause(&[fx.atom(pb, true)]),
            Rule::Superposition,
            &[(1, vec![]), (2, vec![a])],
        );
        assert_eq!(step(&fx, &good, &[&eq, &pf]), Ok(()));
        // X := b makes the rewrite inapplicable.
        let wrong = node(3, good.clause.clone(), Rule::Superposition, &[(1, vec![]), (2, vec![b])]);
        let err = step(&fx, &wrong, &[&eq, &pf]).unwrap_err();
        assert!(matches!(err, CheckError::NotEntailed { id: 3, .. }));
        let msg = err.to_string();
        assert!(msg.contains("clause 3 (superposition)"), "{msg}");
        assert!(msg.contains("`p(b)` does not follow"), "{msg}");
        assert!(msg.contains("[clause 2: p(f(b)) = $true]"), "{msg}");
    }

    #[test]
    fn resolution_as_superposition() {
        let mut fx = Fixture::new();
        let (a, x) = (fx.c("a"), fx.x(0));
        let (pa, px) = (fx.app("p", &[a]), fx.app("p", &[x]));
        let (q, tt) = (fx.c("q0"), fx.bank.true_term());
        let fact = clause(&[fx.atom(pa, true)]);
        let neg = clause(&[fx.atom(px, false), fx.eq(q, tt)]);
        // p(a) = $true into p(X) != $true | q0 = $true gives $true != $true | q0 = $true, and
        // trivial literal removal then gives q0 = $true; the checker accepts the direct result.
        let n = node(3, clause(&[fx.eq(q, tt)]), Rule::Superposition, &[(1, vec![]), (2, vec![a])]);
        assert_eq!(step(&fx, &n, &[&fact, &neg]), Ok(()));
        let n = node(
            3,
            clause(&[fx.ne(tt, tt), fx.eq(tt, q)]),
            Rule::Superposition,
            &[(1, vec![]), (2, vec![a])],
        );
        assert_eq!(step(&fx, &n, &[&fact, &neg]), Ok(()));
        let n = node(3, clause(&[]), Rule::Superposition, &[(1, vec![]), (2, vec![a])]);
        assert!(matches!(step(&fx, &n, &[&fact, &neg]), Err(CheckError::NotEntailed { .. })));
    }

    #[test]
    fn equality_resolution() {
        let mut fx = Fixture::new();
        let (a, x, y) = (fx.c("a"), fx.x(0), fx.x(1));
        let (fx0, fa, gy) = (fx.app("f", &[x]), fx.app("f", &[a]), fx.app("g", &[y]));
        let (pgy, pa) = (fx.app("p", &[gy]), fx.app("p", &[a]));
        // f(X0) != f(a) | p(g(X1)) gives p(g(X0)) with X0 := a, X1 := X0.
        let premise = clause(&[fx.ne(fx0, fa), fx.atom(pgy, true)]);
        let x0 = fx.x(0);
        let gx0 = fx.app("g", &[x0]);
        let pgx0 = fx.app("p", &[gx0]);
        let n =
            node(2, clause(&[fx.atom(pgx0, true)]), Rule::EqualityResolution, &[(1, vec![a, x0])]);
        assert_eq!(step(&fx, &n, &[&premise]), Ok(()));
        // Without unifying X0 with a the disequation survives.
        let n =
            node(2, clause(&[fx.atom(pgx0, true)]), Rule::EqualityResolution, &[(1, vec![x0, x0])]);
        assert!(matches!(step(&fx, &n, &[&premise]), Err(CheckError::NotEntailed { .. })));
        // Wrong conclusion literal.
        let n =
            node(2, clause(&[fx.atom(pa, true)]), Rule::EqualityResolution, &[(1, vec![a, x0])]);
        assert!(matches!(step(&fx, &n, &[&premise]), Err(CheckError::NotEntailed { .. })));
    }

    #[test]
    fn equality_factoring() {
        let mut fx = Fixture::new();
        let (a, b, x, y) = (fx.c("a"), fx.c("b"), fx.x(0), fx.x(1));
        let (fx0, fa, gy) = (fx.app("f", &[x]), fx.app("f", &[a]), fx.app("g", &[y]));
        // f(X0) = g(X1) | f(a) = b gives g(X0) != b | f(a) = b with X0 := a, X1 := X0.
        let premise = clause(&[fx.eq(fx0, gy), fx.eq(fa, b)]);
        let x0 = fx.x(0);
        let gx0 = fx.app("g", &[x0]);
        let good = clause(&[fx.ne(gx0, b), fx.eq(fa, b)]);
        let n = node(2, good, Rule::EqualityFactoring, &[(1, vec![a, x0])]);
        assert_eq!(step(&fx, &n, &[&premise]), Ok(()));
        // Dropping the side condition is unsound.
        let n = node(2, clause(&[fx.eq(fa, b)]), Rule::EqualityFactoring, &[(1, vec![a, x0])]);
        assert!(matches!(step(&fx, &n, &[&premise]), Err(CheckError::NotEntailed { .. })));
    }

    #[test]
    fn demodulation_with_one_unit_used_twice() {
        let mut fx = Fixture::new();
        let (a, b, x) = (fx.c("a"), fx.c("b"), fx.x(0));
        // f(X) = X rewrites p(h(f(a), f(f(b)))) to p(h(a, b)) using X := a, X := f(b), X := b.
        let fx0 = fx.app("f", &[x]);
        let unit = clause(&[fx.eq(fx0, x)]);
        let (fa, fb) = (fx.app("f", &[a]), fx.app("f", &[b]));
        let ffb = fx.app("f", &[fb]);
        let h1 = fx.app("h", &[fa, ffb]);
        let h2 = fx.app("h", &[a, b]);
        let (p1, p2) = (fx.app("p", &[h1]), fx.app("p", &[h2]));
        let target = clause(&[fx.atom(p1, true)]);
        let premises = [(1, vec![]), (2, vec![a]), (2, vec![fb]), (2, vec![b])];
        let n = node(3, clause(&[fx.atom(p2, true)]), Rule::Demodulation, &premises);
        assert_eq!(step(&fx, &n, &[&target, &unit, &unit, &unit]), Ok(()));
        // One rewrite missing.
        let n = node(3, n.clause.clone(), Rule::Demodulation, &premises[..3]);
        assert!(matches!(
            step(&fx, &n, &[&target, &unit, &unit]),
            Err(CheckError::NotEntailed { .. })
        ));
    }

    #[test]
    fn subsumption_resolution_and_trivial_literal_removal() {
        let mut fx = Fixture::new();
        let (a, b, x) = (fx.c("a"), fx.c("b"), fx.x(0));
        let (px, pa, qx, qa) =
            (fx.app("p", &[x]), fx.app("p", &[a]), fx.app("q", &[x]), fx.app("q", &[a]));
        // p(X) | q(X) and ~p(a) | q(a) | a = b give q(a) | a = b.
        let general = clause(&[fx.atom(px, true), fx.atom(qx, true)]);
        let specific = clause(&[fx.atom(pa, false), fx.atom(qa, true), fx.eq(a, b)]);
        let result = clause(&[fx.atom(qa, true), fx.eq(b, a)]);
        let n = node(3, result, Rule::SubsumptionResolution, &[(1, vec![a]), (2, vec![])]);
        assert_eq!(step(&fx, &n, &[&general, &specific]), Ok(()));

        let messy = clause(&[fx.ne(a, a), fx.atom(qx, true), fx.atom(qx, true)]);
        let n = node(5, clause(&[fx.atom(qx, true)]), Rule::TrivialLiteralRemoval, &[(4, vec![x])]);
        assert_eq!(step(&fx, &n, &[&messy]), Ok(()));
        // Removing a literal that is not trivial is caught, variables staying distinct constants.
        let two = clause(&[fx.ne(x, a), fx.atom(qx, true)]);
        let n = node(5, clause(&[fx.atom(qx, true)]), Rule::TrivialLiteralRemoval, &[(4, vec![x])]);
        assert!(matches!(step(&fx, &n, &[&two]), Err(CheckError::NotEntailed { .. })));
    }

    #[test]
    fn input_steps_up_to_renaming_order_and_symmetry() {
        let mut fx = Fixture::new();
        let (a, x0, x1) = (fx.c("a"), fx.x(0), fx.x(1));
        let (f0, g1) = (fx.app("f", &[x0]), fx.app("g", &[x1]));
        let h01 = fx.app("h", &[x0, x1]);
        let ph = fx.app("p", &[h01]);
        let original = clause(&[fx.eq(f0, g1), fx.atom(ph, false), fx.ne(x1, a)]);
        // Swap variables, reorder literals and flip an equation.
        let (f1, g0) = (fx.app("f", &[x1]), fx.app("g", &[x0]));
        let h10 = fx.app("h", &[x1, x0]);
        let ph10 = fx.app("p", &[h10]);
        let renamed = clause(&[fx.ne(a, x0), fx.eq(g0, f1), fx.atom(ph10, false)]);
        let inputs = vec![clause(&[]), original];
        let ok = input(7, renamed.clone(), 1);
        assert_eq!(check_step(&ok, &[], &inputs, &fx.sig, &fx.bank), Ok(()));
        // Not a bijective renaming: X0 and X1 collapsed.
        let collapsed = clause(&[fx.ne(a, x0), fx.eq(g0, f0), fx.atom(ph10, false)]);
        let bad = input(7, collapsed, 1);
        let err = check_step(&bad, &[], &inputs, &fx.sig, &fx.bank).unwrap_err();
        assert!(matches!(err, CheckError::InputMismatch { id: 7, index: 1, .. }));
        assert!(err.to_string().contains("clause 7 (input)"), "{err}");
        let wrong_index = input(7, renamed.clone(), 0);
        assert!(matches!(
            check_step(&wrong_index, &[], &inputs, &fx.sig, &fx.bank),
            Err(CheckError::InputMismatch { index: 0, .. })
        ));
        let out_of_range = input(7, renamed.clone(), 2);
        let err = check_step(&out_of_range, &[], &inputs, &fx.sig, &fx.bank).unwrap_err();
        assert_eq!(err, CheckError::InputIndexOutOfRange { id: 7, index: 2, count: 2 });
        let mut missing = input(7, renamed, 0);
        missing.step.input_index = None;
        assert_eq!(
            check_step(&missing, &[], &inputs, &fx.sig, &fx.bank),
            Err(CheckError::MissingInputIndex { id: 7 })
        );
    }

    /// Inputs `f(a) = b`, `p(f(X))`, `~p(b)`; a proof by superposition then resolution.
    fn small_refutation(fx: &mut Fixture) -> (Vec<Clause>, Proof) {
        let (a, b, x) = (fx.c("a"), fx.c("b"), fx.x(0));
        let (fa, fx0) = (fx.app("f", &[a]), fx.app("f", &[x]));
        let (pfx, pb) = (fx.app("p", &[fx0]), fx.app("p", &[b]));
        let tt = fx.bank.true_term();
        let inputs = vec![
            clause(&[fx.eq(fa, b)]),
            clause(&[fx.atom(pfx, true)]),
            clause(&[fx.atom(pb, false)]),
        ];
        let nodes = vec![
            input(10, inputs[0].clone(), 0),
            input(11, inputs[1].clone(), 1),
            input(12, inputs[2].clone(), 2),
            node(
                13,
                clause(&[fx.atom(pb, true)]),
                Rule::Superposition,
                &[(10, vec![]), (11, vec![a])],
            ),
            node(14, clause(&[fx.ne(tt, tt)]), Rule::Superposition, &[(13, vec![]), (12, vec![])]),
            node(15, clause(&[]), Rule::TrivialLiteralRemoval, &[(14, vec![])]),
        ];
        (inputs, Proof { nodes })
    }

    #[test]
    fn whole_proof_passes() {
        let mut fx = Fixture::new();
        let (inputs, proof) = small_refutation(&mut fx);
        let report = check_proof(&proof, &inputs, &fx.sig, &fx.bank).unwrap();
        assert_eq!(report, CheckReport { steps_checked: 6, inputs_checked: 3 });
    }

    #[test]
    fn wrong_instance_in_proof_is_reported() {
        let mut fx = Fixture::new();
        let (inputs, mut proof) = small_refutation(&mut fx);
        let b = fx.c("b");
        proof.nodes[3].step.premises[1].instance = vec![b];
        let err = check_proof(&proof, &inputs, &fx.sig, &fx.bank).unwrap_err();
        assert!(matches!(err, CheckError::NotEntailed { id: 13, rule: "superposition", .. }));
    }

    #[test]
    fn premise_used_before_derived() {
        let mut fx = Fixture::new();
        let (inputs, mut proof) = small_refutation(&mut fx);
        proof.nodes.swap(3, 4);
        let err = check_proof(&proof, &inputs, &fx.sig, &fx.bank).unwrap_err();
        assert_eq!(
            err,
            CheckError::PremiseUsedBeforeDerived { id: 14, rule: "superposition", premise: 13 }
        );
        assert_eq!(
            err.to_string(),
            "clause 14 (superposition): premise clause 13 is used before it is derived"
        );
        proof.nodes[3].step.premises[0].clause = ClauseId(99);
        let err = check_proof(&proof, &inputs, &fx.sig, &fx.bank).unwrap_err();
        assert!(matches!(err, CheckError::UnknownPremise { id: 14, premise: 99, .. }));
    }

    #[test]
    fn missing_instance_entries() {
        let mut fx = Fixture::new();
        let (inputs, mut proof) = small_refutation(&mut fx);
        proof.nodes[3].step.premises[1].instance.clear();
        let err = check_proof(&proof, &inputs, &fx.sig, &fx.bank).unwrap_err();
        assert_eq!(
            err,
            CheckError::MissingInstance {
                id: 13,
                rule: "superposition",
                premise: 11,
                given: 0,
                needed: 1
            }
        );
        assert!(err.to_string().contains("gives 0 term(s), but that clause has variables X0..X0"));
    }

    #[test]
    fn atom_instances_are_rejected() {
        let mut fx = Fixture::new();
        let (inputs, mut proof) = small_refutation(&mut fx);
        let tt = fx.bank.true_term();
        proof.nodes[3].step.premises[1].instance = vec![tt];
        let err = check_proof(&proof, &inputs, &fx.sig, &fx.bank).unwrap_err();
        assert!(matches!(err, CheckError::AtomInstance { id: 13, var: 0, .. }), "{err}");
    }

    #[test]
    fn conclusion_that_does_not_follow() {
        let mut fx = Fixture::new();
        let (inputs, mut proof) = small_refutation(&mut fx);
        let a = fx.c("a");
        let pa = fx.app("p", &[a]);
        proof.nodes[3].clause = clause(&[fx.atom(pa, true)]);
        let err = check_proof(&proof, &inputs, &fx.sig, &fx.bank).unwrap_err();
        // The changed clause 13 is the first wrong step.
        assert!(matches!(err, CheckError::NotEntailed { id: 13, .. }), "{err}");
    }

    #[test]
    fn structural_errors() {
        let mut fx = Fixture::new();
        let (inputs, proof) = small_refutation(&mut fx);
        let mut truncated = proof.clone();
        truncated.nodes.truncate(4);
        let err = check_proof(&truncated, &inputs, &fx.sig, &fx.bank).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the proof does not end in the empty clause: its last step, clause 13 \
             (superposition), derives `p(b)`"
        );
        assert_eq!(
            check_proof(&Proof::default(), &inputs, &fx.sig, &fx.bank),
            Err(CheckError::EmptyProof)
        );
        let mut dup = proof.clone();
        dup.nodes[1].id = ClauseId(10);
        assert!(matches!(
            check_proof(&dup, &inputs, &fx.sig, &fx.bank),
            Err(CheckError::DuplicateId { id: 10, .. })
        ));
        let mut bad_index = proof;
        bad_index.nodes[2].step.input_index = Some(0);
        assert!(matches!(
            check_proof(&bad_index, &inputs, &fx.sig, &fx.bank),
            Err(CheckError::InputMismatch { id: 12, index: 0, .. })
        ));
    }

    /// A 2003-node chain `p(c0), c0 = c1, ..., ~p(cN)`: checking stays linear in proof size.
    #[test]
    fn long_chain_checks() {
        const N: usize = 1000;
        let mut fx = Fixture::new();
        let cs: Vec<TermId> = (0..=N).map(|i| fx.c(&format!("c{i}"))).collect();
        let ps: Vec<TermId> = cs.iter().map(|&c| fx.app("p", &[c])).collect();
        let mut inputs = vec![clause(&[fx.atom(ps[0], true)]), clause(&[fx.atom(ps[N], false)])];
        let mut nodes = vec![input(0, inputs[0].clone(), 0), input(1, inputs[1].clone(), 1)];
        let mut last = 0;
        for i in 0..N {
            inputs.push(clause(&[fx.eq(cs[i], cs[i + 1])]));
            let id = nodes.len() as u32;
            nodes.push(input(id, inputs[i + 2].clone(), i + 2));
            let derived = clause(&[fx.atom(ps[i + 1], true)]);
            nodes.push(node(id + 1, derived, Rule::Superposition, &[(id, vec![]), (last, vec![])]));
            last = id + 1;
        }
        let id = nodes.len() as u32;
        nodes.push(node(id, clause(&[]), Rule::Superposition, &[(last, vec![]), (1, vec![])]));
        let proof = Proof { nodes };
        let report = check_proof(&proof, &inputs, &fx.sig, &fx.bank).unwrap();
        assert_eq!(report, CheckReport { steps_checked: 2 * N + 3, inputs_checked: N + 2 });
    }

    // --- Cross-check of the ground solver against brute force over partitions. ---

    /// Subterm-closed pool of ground terms: a, b, f(a), f(b), f(f(a)), h(a,b), h(b,a).
    fn pool(fx: &mut Fixture) -> Vec<TermId> {
        let (a, b) = (fx.c("a"), fx.c("b"));
        let (fa, fb) = (fx.app("f", &[a]), fx.app("f", &[b]));
        let ffa = fx.app("f", &[fa]);
        let (hab, hba) = (fx.app("h", &[a, b]), fx.app("h", &[b, a]));
        vec![a, b, fa, fb, ffa, hab, hba]
    }

    /// Satisfiability by enumerating every partition of the pool (restricted growth strings),
    /// keeping the congruent ones: a model's kernel on the pool is such a partition, and a
    /// congruent partition is the kernel of a model (its blocks as domain).
    fn brute_force_sat(
        bank: &TermBank,
        pool: &[TermId],
        clauses: &[Vec<(usize, usize, bool)>],
        congruence: bool,
    ) -> bool {
        let n = pool.len();
        let mut block = vec![0usize; n];
        loop {
            let congruent = !congruence
                || (0..n).all(|i| {
                    (0..n).all(|j| {
                        let (TermView::App(f, xs), TermView::App(g, ys)) =
                            (bank.view(pool[i]), bank.view(pool[j]))
                        else {
                            return true;
                        };
                        let arg_equal = |s: &TermId, t: &TermId| {
                            let si = pool.iter().position(|p| p == s).unwrap();
                            let ti = pool.iter().position(|p| p == t).unwrap();
                            block[si] == block[ti]
                        };
                        f != g
                            || xs.is_empty()
                            || !xs.iter().zip(ys).all(|(s, t)| arg_equal(s, t))
                            || block[i] == block[j]
                    })
                });
            let satisfied = clauses
                .iter()
                .all(|c| c.iter().any(|&(l, r, positive)| (block[l] == block[r]) == positive));
            if congruent && satisfied {
                return true;
            }
            // Next restricted growth string.
            let mut i = n;
            loop {
                if i == 1 {
                    return false;
                }
                i -= 1;
                let max_before = block[..i].iter().copied().max().unwrap_or(0);
                if block[i] <= max_before {
                    block[i] += 1;
                    for b in &mut block[i + 1..] {
                        *b = 0;
                    }
                    break;
                }
            }
        }
    }

    /// Small clause sets over the pool, mostly units so that both outcomes are common.
    fn clause_sets() -> impl Strategy<Value = Vec<Vec<(usize, usize, bool)>>> {
        let lit = (0..7usize, 0..7usize, proptest::bool::weighted(0.6));
        let clause = prop_oneof![
            3 => proptest::collection::vec(lit.clone(), 1..2),
            1 => proptest::collection::vec(lit, 2..4),
        ];
        proptest::collection::vec(clause, 1..9)
    }

    fn solver_sat(fx: &Fixture, pool: &[TermId], sets: &[Vec<(usize, usize, bool)>]) -> bool {
        let premises: Vec<Clause> = sets
            .iter()
            .map(|c| {
                Clause::new(
                    c.iter().map(|&(l, r, pos)| Literal::new(pool[l], pool[r], pos)).collect(),
                )
            })
            .collect();
        let refs: Vec<(&Clause, &[TermId])> = premises.iter().map(|c| (c, &[][..])).collect();
        !instances_entail(&refs, &Clause::default(), &fx.bank)
    }

    /// Guards the property test's power: the generator must often produce unsatisfiable sets,
    /// including ones that only congruence (not plain equivalence reasoning) refutes.
    #[test]
    fn generator_exercises_congruence() {
        use proptest::strategy::ValueTree;
        use proptest::test_runner::TestRunner;
        let mut fx = Fixture::new();
        let pool = pool(&mut fx);
        let mut runner = TestRunner::deterministic();
        let (mut unsat, mut by_congruence) = (0, 0);
        for _ in 0..300 {
            let sets = clause_sets().new_tree(&mut runner).unwrap().current();
            if !brute_force_sat(&fx.bank, &pool, &sets, true) {
                unsat += 1;
                if brute_force_sat(&fx.bank, &pool, &sets, false) {
                    by_congruence += 1;
                }
            }
        }
        assert!((50..250).contains(&unsat), "{unsat} unsatisfiable of 300");
        assert!(by_congruence >= 10, "{by_congruence} need congruence");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]
        #[test]
        fn ground_solver_agrees_with_brute_force(sets in clause_sets()) {
            let mut fx = Fixture::new();
            let pool = pool(&mut fx);
            prop_assert_eq!(solver_sat(&fx, &pool, &sets), brute_force_sat(&fx.bank, &pool, &sets, true));
        }
    }
}

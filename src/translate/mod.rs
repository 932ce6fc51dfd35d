//! The HOL→FOL translation: from a spec goal (hypotheses ⊢ lemma) to first-order problems for
//! craig's prover, in the manner of Jahob (Bouillaguet, Kuncak, Wies, Zee, Rinard, VMCAI 2007).
//!
//! The passes, each in its own module with its soundness argument:
//!
//! 1. [`unfold`]: definitions are substituted into their uses and beta-reduced; schematic
//!    hypotheses are instantiated at the goal's types ([`instantiate`]);
//! 2. [`split`]: the lemma is split into sequents; trivially valid ones are discharged;
//! 3. [`eliminate`]: sets, tuples, function update, conditionals, integer operators and
//!    comparisons of `card` with a literal become first-order; what cannot be translated exactly is approximated by `True`/`False`
//!    according to polarity (the result is never weaker than the input) and recorded;
//! 4. [`relevance`]: optional assumption filtering (keep the best-ranked percentage);
//! 5. [`crate::fol::sorts`]: sorts are guarded or erased (`--sorts guard|erase|auto`; the same code encodes
//!    the sorts of TPTP TFF problems);
//! 6. clausification with the front end's [`Clausifier`]: hypotheses as `axiom`, the negated
//!    goal as `negated_conjecture`.
//!
//! The overall guarantee: if the prover refutes a produced problem, the sequent it came from is
//! valid, and if every sequent of a lemma is valid, the lemma follows from its hypotheses. A
//! problem is marked incomplete (so saturation is never reported as a counter-model) whenever
//! something was approximated or a hypothesis was left out.
//!
//! Hypotheses that are schematic in a type (`'a`, such as the set and pair axioms of the
//! standard library) are instantiated at the types the goal uses ([`instantiate`]) before
//! elimination; the instances are ordinary hypotheses. A schematic lemma is proved for an
//! arbitrary sort standing for each type parameter.

pub mod eliminate;
pub mod instantiate;
pub mod relevance;

pub mod split;

use std::fmt::Write as _;
use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::fol::formula::{Formula, Term as FTerm};
use crate::fol::origin::Generated;
use crate::fol::{Clausifier, InputClause, Problem};
use crate::fol::{InputSource, Part, Role};
use crate::hol::{ConstId, HypothesisKind, Sequent, Signature as HolSignature, TermId};
use crate::syntax::SourceMap;

pub use crate::fol::sorts::{self, SortDecision, SortMode};
pub use eliminate::Approximation;

use crate::hol::unfold::{DefinitionBody, Unfolder};
use eliminate::{Eliminator, Polarity};

/// Options of the translation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TranslateOptions {
    /// How sorts are handled.
    pub sorts: SortMode,
    /// Percentage of the (ranked) hypotheses to keep; 100 keeps all.
    pub retain_percent: u32,
    /// Keep only the hypotheses SInE selects from the goal's symbols (none: keep all).
    pub sine: Option<relevance::Sine>,
    /// Write `a <= b` on integers as `~ b < a`, so one order predicate remains.
    pub strict_order_only: bool,
    /// Split the goal further ([`split::split_goal_extensional`]): under universal quantifiers
    /// (fresh constants), and set equalities into their two inclusions with a fresh witness, as
    /// Jahob's translation does. The sequents then differ from [`sequent_names`]' listing.
    pub split_extensionality: bool,
    /// Leave out the library's axioms and lemmas (the hypotheses that are neither definitions
    /// nor program facts, such as the integer theory): fewer hypotheses, so a proof is still a
    /// proof, and the problem is marked incomplete.
    pub leave_out_library: bool,
}

impl Default for TranslateOptions {
    fn default() -> Self {
        TranslateOptions {
            sorts: SortMode::Auto,
            retain_percent: 100,
            sine: None,
            strict_order_only: false,
            split_extensionality: false,
            leave_out_library: false,
        }
    }
}

/// What became of one sequent.
#[derive(Clone, Debug)]
pub enum SequentOutcome {
    /// Trivially valid; the reason.
    Discharged(&'static str),
    /// A problem for the prover.
    Problem(Arc<Problem>),
    /// The translation was refused (for example `--sorts erase` without justification).
    Refused(String),
}

/// A schematic hypothesis about built-in operators only, left out of the problem: leaving it out
/// loses nothing if it is valid on its own, which the translation does not decide (it never runs
/// the prover). Whoever proves the sequent answers it and calls
/// [`SequentTranslation::settle_validity`]; until then the problem counts it as left out, so it
/// is marked incomplete (which is always sound).
#[derive(Clone, Debug)]
pub struct ValidityQuestion {
    /// The hypothesis's name.
    pub name: String,
    /// Its index in the sequent's hypotheses.
    pub hypothesis: usize,
}

/// One sequent of a goal after translation.
#[derive(Clone, Debug)]
pub struct SequentTranslation {
    /// `LEMMA` or `LEMMA_i` when the lemma was split.
    pub name: String,
    /// The result.
    pub outcome: SequentOutcome,
    /// What happened to each sort.
    pub sorts: Vec<SortDecision>,
    /// Approximated subformulas, with the item they occur in.
    pub approximations: Vec<(String, Approximation)>,
    /// Hypotheses left out, with the reason; each makes the problem incomplete.
    pub left_out: Vec<(String, String)>,
    /// Hypotheses left out that were proved valid on their own, so that the problem stays
    /// complete without them, with the figures of that proof.
    pub left_out_valid: Vec<(String, String)>,
    /// Left-out hypotheses whose validity is still to be decided (see [`ValidityQuestion`]).
    pub validity_questions: Vec<ValidityQuestion>,
    /// The first-order sequent before clausification, each formula with its name, role and
    /// origin (the negated goal has role `negated_conjecture`); empty unless a problem was made.
    pub formulas: Vec<(InputSource, Formula)>,
    /// How many of the first entries of `left_out` are schematic hypotheses (the rest were left
    /// out by relevance), so that settling validity keeps the order of the report.
    schematic_left_out: usize,
}

impl SequentTranslation {
    /// Settles the validity questions: `valid` answers one with the given clauses of a checked
    /// proof that the hypothesis is valid on its own, or `None`. Valid hypotheses move to
    /// [`SequentTranslation::left_out_valid`]; the problem is complete again when nothing else
    /// was approximated or left out.
    pub fn settle_validity(&mut self, mut valid: impl FnMut(&ValidityQuestion) -> Option<u64>) {
        for question in std::mem::take(&mut self.validity_questions) {
            let Some(given) = valid(&question) else { continue };
            if let Some(at) = self.left_out[..self.schematic_left_out]
                .iter()
                .position(|(n, _)| *n == question.name)
            {
                self.left_out.remove(at);
                self.schematic_left_out -= 1;
            }
            self.left_out_valid.push((
                question.name,
                format!(
                    "valid by the meaning of the built-in operators alone (proved for an \
                     arbitrary element type, {given} given clauses), so leaving it out loses \
                     nothing"
                ),
            ));
        }
        if let SequentOutcome::Problem(problem) = &mut self.outcome {
            Arc::make_mut(problem).complete =
                self.approximations.is_empty() && self.left_out.is_empty();
        }
    }
}

/// The sequent that asks whether hypothesis `index` of `sequent` is valid on its own: its
/// formula as the goal, with the sequent's definitions (which are unfolded, never assumed) and no
/// other hypothesis. Each type parameter stands for an arbitrary sort, so a proof covers every
/// type instance.
pub fn validity_sequent(sequent: &Sequent, index: usize) -> Sequent {
    let hypothesis = &sequent.hypotheses[index];
    Sequent {
        name: hypothesis.name.clone(),
        hypotheses: sequent
            .hypotheses
            .iter()
            .filter(|h| matches!(h.kind, HypothesisKind::Definition { .. }))
            .cloned()
            .collect(),
        goal: hypothesis.formula,
        type_params: hypothesis.type_params.clone(),
        kind: sequent.kind,
        span: hypothesis.span,
    }
}

/// The first-order sorts whose intended models are infinite: `int` (the integers) and `obj`
/// (heap objects: Jahob's object model has an unbounded supply, which allocation relies on).
/// Erasing them needs no monotonicity (see `fol::sorts`).
fn infinite_sorts() -> std::collections::BTreeSet<String> {
    std::collections::BTreeSet::from(["int".to_string(), "obj".to_string()])
}

/// Options for [`validity_sequent`]s: guards are always accepted (erasure might be refused for
/// the hypothesis on its own).
pub const VALIDITY_OPTIONS: TranslateOptions = TranslateOptions {
    sorts: SortMode::Guard,
    retain_percent: 100,
    sine: None,
    strict_order_only: false,
    split_extensionality: false,
    leave_out_library: false,
};

/// Translates one sequent (hypotheses ⊢ goal) into the first-order problems of its split
/// sequents. `file` names the source in the clauses' origins. Nothing here runs the prover:
/// hypotheses whose leaving out is justified only by their validity come back as
/// [`ValidityQuestion`]s.
pub fn translate_sequent(
    signature: HolSignature<'_>,
    sequent: &Sequent,
    options: &TranslateOptions,
    file: &str,
) -> Vec<SequentTranslation> {
    let mut bank = signature.bank.clone();
    let definitions = definitions_of(sequent, signature.consts);
    let mut unfolder = Unfolder { bank: &mut bank, definitions: &definitions };
    let lemma = unfolder.unfold(sequent.goal);
    // (hypothesis index, name, unfolded formula) of the ground hypotheses and their instances.
    let mut hypotheses: Vec<(usize, String, TermId)> = Vec::new();
    let mut schematic = Vec::new();
    let mut schematic_index = Vec::new();
    for (index, hypothesis) in sequent.hypotheses.iter().enumerate() {
        match hypothesis.kind {
            HypothesisKind::Definition { .. } => {}
            _ if !hypothesis.type_params.is_empty() => {
                schematic.push(instantiate::Schematic {
                    name: hypothesis.name.clone(),
                    formula: unfolder.unfold(hypothesis.formula),
                });
                schematic_index.push(index);
            }
            _ => hypotheses.push((
                index,
                hypothesis.name.clone(),
                unfolder.unfold(hypothesis.formula),
            )),
        }
    }
    let mut ground: Vec<TermId> = vec![lemma];
    ground.extend(hypotheses.iter().map(|(_, _, t)| *t));
    let instantiation =
        instantiate::instantiate(unfolder.bank, signature.consts, &schematic, &ground);
    hypotheses.extend(
        instantiation
            .instances
            .into_iter()
            .map(|instance| (schematic_index[instance.of], instance.name, instance.formula)),
    );
    let index_of = |name: &str| sequent.hypotheses.iter().position(|h| h.name == name);
    let mut questions = Vec::new();
    let mut schematic_left_out = Vec::new();
    for (name, reason) in instantiation.left_out {
        if instantiation.about_builtins_only.contains(&name)
            && let Some(hypothesis) = index_of(&name)
        {
            questions.push(ValidityQuestion { name: name.clone(), hypothesis });
        }
        schematic_left_out.push((name, reason));
    }
    let mut sequents = if options.split_extensionality {
        split::split_goal_extensional(unfolder.bank, lemma)
    } else {
        split::split_goal(unfolder.bank, lemma)
    };
    // A goal that is (a conjunct of) a ground hypothesis holds trivially, as one that is among
    // its local assumptions does (Jahob discards these before proving).
    for s in sequents.iter_mut().filter(|s| s.trivial.is_none()) {
        let among = hypotheses.iter().any(|(_, _, h)| {
            crate::hol::build::conjuncts(unfolder.bank, *h)
                .into_iter()
                .any(|c| split::same_term(unfolder.bank, c, s.goal))
        });
        if among {
            s.trivial = Some("the goal is among the hypotheses");
        }
    }
    let count = sequents.len();
    let mut out = Vec::new();
    for (i, split_sequent) in sequents.into_iter().enumerate() {
        let name = sequent_name(&sequent.name, i, count);
        if let Some(reason) = split_sequent.trivial {
            // A discharged sequent needs no hypothesis, so none is reported left out; a valid
            // one is still reported, as the proof of the lemma's other sequents shows it.
            out.push(SequentTranslation {
                name,
                outcome: SequentOutcome::Discharged(reason),
                sorts: Vec::new(),
                approximations: Vec::new(),
                left_out: Vec::new(),
                left_out_valid: Vec::new(),
                validity_questions: questions.clone(),
                formulas: Vec::new(),
                schematic_left_out: 0,
            });
            continue;
        }
        let mut eliminator = Eliminator::new(&mut bank, signature.consts);
        eliminator.strict_order_only = options.strict_order_only;
        for &v in &split_sequent.eigenvariables {
            // Splitting strips no quantifier over truth values, the one kind that cannot be
            // bound to a fresh symbol.
            let bound = eliminator.bind_eigenvariable(v);
            debug_assert!(bound, "splitting stripped a quantifier over truth values");
        }
        let mut approximations = Vec::new();
        let mut translate = |e: &mut Eliminator<'_>, item: &str, t, pol| {
            let before = e.approximations.len();
            let f = e.translate(t, pol);
            for a in &e.approximations[before..] {
                approximations.push((item.to_string(), a.clone()));
            }
            f
        };
        let hyps: Vec<(InputSource, Formula)> = hypotheses
            .iter()
            .map(|(index, n, t)| {
                let source = InputSource {
                    part: Part::Hypothesis(*index as u32),
                    span: sequent.hypotheses[*index].span,
                    ..InputSource::input(n.clone(), file, Role::Axiom, true)
                };
                (source, translate(&mut eliminator, n, *t, Polarity::Negative))
            })
            .collect();
        let local: Vec<(InputSource, Formula)> = split_sequent
            .assumptions
            .iter()
            .enumerate()
            .map(|(j, &t)| {
                let n = format!("{name}_assumption_{}", j + 1);
                let f = translate(&mut eliminator, &n, t, Polarity::Negative);
                let source = InputSource {
                    part: Part::GoalAssumption(j as u32),
                    span: sequent.span,
                    ..InputSource::input(n, file, Role::Axiom, true)
                };
                (source, f)
            })
            .collect();
        let goal_formula =
            translate(&mut eliminator, &name, split_sequent.goal, Polarity::Positive);
        // After the goal, so every closure of the sequent has been met; its axioms are kept
        // whatever relevance filtering keeps, like the literals' order.
        let before = eliminator.approximations.len();
        let closure_facts = eliminator.closure_axioms();
        for a in &eliminator.approximations[before..] {
            approximations.push((format!("{name}_closure_axioms"), a.clone()));
        }
        let literal_facts = literal_order(&eliminator);
        let mut left_out = schematic_left_out.clone();
        let mut goal_symbols = relevance::symbols_of(&goal_formula);
        for (_, f) in &local {
            goal_symbols.extend(relevance::symbols_of(f));
        }
        let hyp_refs: Vec<&Formula> = hyps.iter().map(|(_, f)| f).collect();
        let kept = relevance::select_relevant(&hyp_refs, &goal_symbols, options.retain_percent);
        let by_sine =
            options.sine.map(|sine| relevance::select_sine(&hyp_refs, &goal_symbols, sine));
        let mut assumed: Vec<(InputSource, Formula)> = Vec::new();
        for (j, (source, f)) in hyps.into_iter().enumerate() {
            let library = matches!(
                sequent.hypotheses[hypotheses[j].0].kind,
                HypothesisKind::Axiom | HypothesisKind::Lemma
            );
            if options.leave_out_library && library {
                left_out.push((source.name, "a library axiom or lemma, left out".to_string()));
            } else if kept.binary_search(&j).is_err() {
                left_out.push((
                    source.name,
                    format!("not among the {}% most relevant", options.retain_percent),
                ));
            } else if by_sine.as_ref().is_some_and(|s| s.binary_search(&j).is_err()) {
                left_out.push((source.name, "not selected by SInE".to_string()));
            } else {
                assumed.push((source, f));
            }
        }
        assumed.extend(local);
        for (closure, f) in closure_facts {
            let source = InputSource {
                part: Part::Generated(Generated::ClosureAxiom),
                ..InputSource::input(format!("{closure}_axioms"), file, Role::Axiom, true)
            };
            assumed.push((source, f));
        }
        if let Some(f) = literal_facts {
            let source = InputSource {
                part: Part::Generated(Generated::LiteralOrder),
                ..InputSource::input("int_literal_order", file, Role::Axiom, true)
            };
            assumed.push((source, f));
        }
        let negated_goal = goal_formula.clone().negate();
        let mut all: Vec<&Formula> = assumed.iter().map(|(_, f)| f).collect();
        all.push(&negated_goal);
        let encoding = match sorts::encode_sorts(
            options.sorts,
            &all,
            &eliminator.symbols,
            &eliminator.var_sorts,
            &infinite_sorts(),
        ) {
            Ok(e) => e,
            Err(reason) => {
                out.push(SequentTranslation {
                    name,
                    outcome: SequentOutcome::Refused(reason.to_string()),
                    sorts: Vec::new(),
                    approximations,
                    schematic_left_out: schematic_left_out.len(),
                    left_out,
                    left_out_valid: Vec::new(),
                    validity_questions: questions.clone(),
                    formulas: Vec::new(),
                });
                continue;
            }
        };
        let var_sorts = &eliminator.var_sorts;
        let mut formulas: Vec<(InputSource, Formula)> = Vec::new();
        for (n, f) in &encoding.axioms {
            let source = InputSource {
                part: Part::Generated(Generated::SortAxiom),
                ..InputSource::input(n.clone(), file, Role::Axiom, true)
            };
            formulas.push((source, f.clone()));
        }
        for (source, f) in &assumed {
            formulas.push((source.clone(), encoding.relativize(f, var_sorts)));
        }
        let goal_source = InputSource {
            part: Part::Goal,
            span: sequent.span,
            ..InputSource::input(name.clone(), file, Role::NegatedConjecture, true)
        };
        formulas.push((goal_source, encoding.relativize(&goal_formula, var_sorts).negate()));
        let mut problem = Problem {
            name: name.clone(),
            has_conjecture: true,
            complete: approximations.is_empty() && left_out.is_empty(),
            ..Problem::default()
        };
        {
            let mut clausifier = Clausifier::new(&mut problem.signature, &mut problem.bank);
            for (source, f) in &formulas {
                for clause in clausifier.clausify(f) {
                    problem.clauses.push(InputClause { clause, source: source.clone() });
                }
            }
        }
        out.push(SequentTranslation {
            name,
            outcome: SequentOutcome::Problem(Arc::new(problem)),
            sorts: encoding.decisions,
            approximations,
            schematic_left_out: schematic_left_out.len(),
            left_out,
            left_out_valid: Vec::new(),
            validity_questions: questions.clone(),
            formulas,
        });
    }
    out
}

/// The definitions among a sequent's hypotheses, by constant, for unfolding.
fn definitions_of(
    sequent: &Sequent,
    consts: &[crate::hol::ConstDecl],
) -> FxHashMap<ConstId, DefinitionBody> {
    let mut definitions = FxHashMap::default();
    for hypothesis in &sequent.hypotheses {
        if let HypothesisKind::Definition { constant, args, body } = &hypothesis.kind {
            let declared_ty = consts[constant.0 as usize].ty;
            definitions
                .insert(*constant, DefinitionBody { args: args.clone(), body: *body, declared_ty });
        }
    }
    definitions
}

/// `LEMMA` when the lemma is one sequent, else `LEMMA_1`, `LEMMA_2`, ...
fn sequent_name(lemma: &str, index: usize, count: usize) -> String {
    if count == 1 { lemma.to_string() } else { format!("{lemma}_{}", index + 1) }
}

/// The names [`translate_sequent`] gives the split sequents, found by unfolding and splitting
/// alone: splitting depends on neither the hypotheses nor the options, so listing a lemma's
/// goals needs none of the later passes.
pub fn sequent_names(signature: HolSignature<'_>, sequent: &Sequent) -> Vec<String> {
    let mut bank = signature.bank.clone();
    let definitions = definitions_of(sequent, signature.consts);
    let mut unfolder = Unfolder { bank: &mut bank, definitions: &definitions };
    let lemma = unfolder.unfold(sequent.goal);
    let count = split::split_goal(unfolder.bank, lemma).len();
    (0..count).map(|i| sequent_name(&sequent.name, i, count)).collect()
}

/// `int_a < int_b` for every pair of distinct integer literals of the sequent, in numeric
/// order (Jahob generates these on demand rather than axiomatizing numerals). The literals are
/// unbounded ([`rug::Integer`]) and compared exactly, so the facts are true of the integers
/// whatever the size of the numbers.
fn literal_order(eliminator: &Eliminator<'_>) -> Option<Formula> {
    let literals: Vec<&rug::Integer> = eliminator.int_literals.iter().collect();
    if literals.len() < 2 || !eliminator.symbols.contains_key("int_less") {
        return None;
    }
    let mut facts = Vec::new();
    for (i, a) in literals.iter().enumerate() {
        for b in &literals[i + 1..] {
            facts.push(Formula::Atom(
                "int_less".into(),
                vec![
                    FTerm::App(format!("int_{a}"), vec![]),
                    FTerm::App(format!("int_{b}"), vec![]),
                ],
            ));
        }
    }
    Some(Formula::And(facts))
}

/// Prints the sequents of a goal: reports as `%` comments, then the clauses as TPTP CNF.
pub fn write_translation(out: &mut String, sequents: &[SequentTranslation], sources: &SourceMap) {
    for s in sequents {
        let _ = writeln!(out, "% sequent {}", s.name);
        for (item, why) in &s.left_out {
            let _ = writeln!(out, "% left out: {item}: {why}");
        }
        for (item, why) in &s.left_out_valid {
            let _ = writeln!(out, "% left out: {item}: {why}");
        }
        for d in &s.sorts {
            let what = if d.guarded { "guarded" } else { "erased" };
            let _ = writeln!(out, "% sort {}: {what} ({})", d.sort, d.reason);
        }
        for (item, a) in &s.approximations {
            let _ = writeln!(
                out,
                "% approximated in {item} at {} by {}: {} ({})",
                sources.location(a.span),
                a.replacement(),
                a.text,
                a.reason
            );
        }
        match &s.outcome {
            SequentOutcome::Discharged(reason) => {
                let _ = writeln!(out, "% discharged: {reason}");
            }
            SequentOutcome::Refused(reason) => {
                let _ = writeln!(out, "% refused: {reason}");
            }
            SequentOutcome::Problem(problem) => {
                if !problem.complete {
                    let _ =
                        writeln!(out, "% incomplete: a failed proof does not disprove the sequent");
                }
                for (i, c) in problem.clauses.iter().enumerate() {
                    let _ = writeln!(
                        out,
                        "cnf({}, {}, ({})).",
                        tptp_name(&format!("{}_{}", c.source.name, i + 1)),
                        c.source.role.name(),
                        c.clause.display(&problem.signature, &problem.bank)
                    );
                }
            }
        }
    }
}

/// A clause name as TPTP reads it: a lower word as it is, anything else (a program obligation's
/// `FuncTree.add:8`) single-quoted.
pub fn tptp_name(name: &str) -> String {
    let mut chars = name.chars();
    let word = chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
    if word {
        name.to_string()
    } else {
        format!("'{}'", name.replace('\\', "\\\\").replace('\'', "\\'"))
    }
}

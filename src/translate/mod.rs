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
//! 5. [`sorts`]: sorts are guarded or erased (`--sorts guard|erase|auto`; the same code encodes
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
pub mod sorts;
pub mod split;
pub mod unfold;

use std::fmt::Write as _;

use rustc_hash::FxHashMap;

use crate::answer::SzsStatus;
use crate::input::formula::{Formula, Term as FTerm};
use crate::input::{Clausifier, InputClause, Problem};
use crate::prover::ProverOptions;
use crate::prover::proof::InputSource;
use crate::solve::solve_problem;
use crate::spec::hol::{ConstId, TermId};
use crate::spec::{Goal, SpecItem, SpecItemKind, SpecModule};
use crate::syntax::SourceMap;

pub use eliminate::Approximation;
pub use sorts::{SortDecision, SortMode};

use eliminate::{Eliminator, Polarity};
use unfold::{DefinitionBody, Unfolder};

/// Options of the translation.
#[derive(Clone, Copy, Debug)]
pub struct TranslateOptions {
    /// How sorts are handled.
    pub sorts: SortMode,
    /// Percentage of the (ranked) hypotheses to keep; 100 keeps all.
    pub retain_percent: u32,
}

impl Default for TranslateOptions {
    fn default() -> Self {
        TranslateOptions { sorts: SortMode::Auto, retain_percent: 100 }
    }
}

/// What became of one sequent.
#[derive(Clone, Debug)]
pub enum SequentOutcome {
    /// Trivially valid; the reason.
    Discharged(&'static str),
    /// A problem for the prover.
    Problem(Box<Problem>),
    /// The translation was refused (for example `--sorts erase` without justification).
    Refused(String),
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
    /// The first-order sequent before clausification, each formula with its name and role
    /// (`axiom`, or `negated_conjecture` for the negated goal); empty unless a problem was made.
    pub formulas: Vec<(String, String, Formula)>,
}

/// Translates one goal into its sequents. `file` names the source in the clauses' origins.
pub fn translate_goal(
    module: &SpecModule,
    goal: &Goal<'_>,
    options: &TranslateOptions,
    file: &str,
) -> Vec<SequentTranslation> {
    let mut bank = module.bank.clone();
    let definitions = definitions_of(module);
    let mut unfolder = Unfolder { bank: &mut bank, definitions: &definitions };
    let lemma = unfolder.unfold(goal.lemma.formula);
    let mut hypotheses = Vec::new();
    let mut schematic = Vec::new();
    for item in &goal.hypotheses {
        match item.kind {
            SpecItemKind::Definition { .. } => {}
            _ if !item.type_params.is_empty() => schematic.push(instantiate::Schematic {
                name: item.name.clone(),
                formula: unfolder.unfold(item.formula),
            }),
            _ => hypotheses.push((item.name.clone(), unfolder.unfold(item.formula))),
        }
    }
    let mut ground: Vec<TermId> = vec![lemma];
    ground.extend(hypotheses.iter().map(|(_, t)| *t));
    let instantiation =
        instantiate::instantiate(unfolder.bank, &module.consts, &schematic, &ground);
    hypotheses.extend(instantiation.instances);
    // A hypothesis about built-in operators only that is valid by their meaning alone loses
    // nothing by being left out, so it does not make the problem incomplete.
    let mut schematic = Vec::new();
    let mut valid_left_out = Vec::new();
    for (name, reason) in instantiation.left_out {
        let proof = if instantiation.about_builtins_only.contains(&name) {
            module.item(&name).and_then(|item| proved_valid(module, item))
        } else {
            None
        };
        match proof {
            Some(given) => valid_left_out.push((
                name,
                format!(
                    "valid by the meaning of the built-in operators alone (proved for an \
                     arbitrary element type, {given} given clauses), so leaving it out loses \
                     nothing"
                ),
            )),
            None => schematic.push((name, reason)),
        }
    }
    let sequents = split::split_goal(unfolder.bank, lemma);
    let count = sequents.len();
    let mut out = Vec::new();
    for (i, sequent) in sequents.into_iter().enumerate() {
        let name = sequent_name(&goal.lemma.name, i, count);
        if let Some(reason) = sequent.trivial {
            out.push(SequentTranslation {
                name,
                outcome: SequentOutcome::Discharged(reason),
                sorts: Vec::new(),
                approximations: Vec::new(),
                left_out: Vec::new(),
                left_out_valid: valid_left_out.clone(),
                formulas: Vec::new(),
            });
            continue;
        }
        let mut eliminator = Eliminator::new(&mut bank, &module.consts);
        let mut approximations = Vec::new();
        let mut translate = |e: &mut Eliminator<'_>, item: &str, t, pol| {
            let before = e.approximations.len();
            let f = e.translate(t, pol);
            for a in &e.approximations[before..] {
                approximations.push((item.to_string(), a.clone()));
            }
            f
        };
        let hyps: Vec<(String, Formula)> = hypotheses
            .iter()
            .map(|(n, t)| (n.clone(), translate(&mut eliminator, n, *t, Polarity::Negative)))
            .collect();
        let local: Vec<(String, Formula)> = sequent
            .assumptions
            .iter()
            .enumerate()
            .map(|(j, &t)| {
                let n = format!("{name}_assumption_{}", j + 1);
                let f = translate(&mut eliminator, &n, t, Polarity::Negative);
                (n, f)
            })
            .collect();
        let goal_formula = translate(&mut eliminator, &name, sequent.goal, Polarity::Positive);
        let literal_facts = literal_order(&eliminator);
        let mut left_out = schematic.clone();
        let mut goal_symbols = relevance::symbols_of(&goal_formula);
        for (_, f) in &local {
            goal_symbols.extend(relevance::symbols_of(f));
        }
        let hyp_refs: Vec<&Formula> = hyps.iter().map(|(_, f)| f).collect();
        let kept = relevance::select_relevant(&hyp_refs, &goal_symbols, options.retain_percent);
        let mut assumed: Vec<(String, Formula)> = Vec::new();
        for (j, (n, f)) in hyps.into_iter().enumerate() {
            if kept.binary_search(&j).is_ok() {
                assumed.push((n, f));
            } else {
                left_out
                    .push((n, format!("not among the {}% most relevant", options.retain_percent)));
            }
        }
        assumed.extend(local);
        if let Some(f) = literal_facts {
            assumed.push(("int_literal_order".to_string(), f));
        }
        let negated_goal = goal_formula.clone().negate();
        let mut all: Vec<&Formula> = assumed.iter().map(|(_, f)| f).collect();
        all.push(&negated_goal);
        let encoding = match sorts::encode_sorts(
            options.sorts,
            &all,
            &eliminator.symbols,
            &eliminator.var_sorts,
        ) {
            Ok(e) => e,
            Err(reason) => {
                out.push(SequentTranslation {
                    name,
                    outcome: SequentOutcome::Refused(reason),
                    sorts: Vec::new(),
                    approximations,
                    left_out,
                    left_out_valid: valid_left_out.clone(),
                    formulas: Vec::new(),
                });
                continue;
            }
        };
        let var_sorts = &eliminator.var_sorts;
        let mut formulas: Vec<(String, &str, Formula)> = Vec::new();
        for (n, f) in &encoding.axioms {
            formulas.push((n.clone(), "axiom", f.clone()));
        }
        for (n, f) in &assumed {
            formulas.push((n.clone(), "axiom", encoding.relativize(f, var_sorts)));
        }
        formulas.push((
            name.clone(),
            "negated_conjecture",
            encoding.relativize(&goal_formula, var_sorts).negate(),
        ));
        let mut problem = Problem {
            name: name.clone(),
            has_conjecture: true,
            complete: approximations.is_empty() && left_out.is_empty(),
            ..Problem::default()
        };
        {
            let mut clausifier = Clausifier::new(&mut problem.signature, &mut problem.bank);
            for (n, role, f) in &formulas {
                for clause in clausifier.clausify(f) {
                    problem.clauses.push(InputClause {
                        clause,
                        source: InputSource {
                            name: n.clone(),
                            file: file.to_string(),
                            role: role.to_string(),
                            clausified: true,
                        },
                    });
                }
            }
        }
        out.push(SequentTranslation {
            name,
            outcome: SequentOutcome::Problem(Box::new(problem)),
            sorts: encoding.decisions,
            approximations,
            left_out,
            left_out_valid: valid_left_out.clone(),
            formulas: formulas.into_iter().map(|(n, role, f)| (n, role.to_string(), f)).collect(),
        });
    }
    out
}

/// The definitions of a module, by constant, for unfolding.
fn definitions_of(module: &SpecModule) -> FxHashMap<ConstId, DefinitionBody> {
    let mut definitions = FxHashMap::default();
    for item in &module.items {
        if let SpecItemKind::Definition { constant, args, body } = &item.kind {
            let declared_ty = module.const_decl(*constant).ty;
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

/// The names [`translate_goal`] gives the lemma's sequents, found by unfolding and splitting
/// alone: splitting depends on neither the hypotheses nor the options, so listing a lemma's
/// goals needs none of the later passes (nor their validity proofs).
pub fn sequent_names(module: &SpecModule, goal: &Goal<'_>) -> Vec<String> {
    let mut bank = module.bank.clone();
    let definitions = definitions_of(module);
    let mut unfolder = Unfolder { bank: &mut bank, definitions: &definitions };
    let lemma = unfolder.unfold(goal.lemma.formula);
    let count = split::split_goal(unfolder.bank, lemma).len();
    (0..count).map(|i| sequent_name(&goal.lemma.name, i, count)).collect()
}

/// Whether a schematic hypothesis is valid on its own: it is translated as a lemma without
/// hypotheses (each type parameter standing for an arbitrary sort, so a proof covers every type
/// instance) and every sequent is refuted, with a checked proof, within a small deterministic
/// limit. Returns the given clauses it took.
fn proved_valid(module: &SpecModule, item: &SpecItem) -> Option<u64> {
    let goal = Goal { lemma: item, hypotheses: Vec::new() };
    // Guards are always accepted; erasure might be refused for the lemma on its own.
    let options = TranslateOptions { sorts: SortMode::Guard, retain_percent: 100 };
    let mut prover = ProverOptions::default();
    prover.limits.given_clauses = Some(VALIDITY_GIVEN_CLAUSES);
    prover.limits.time = None;
    let mut given = 0;
    for sequent in translate_goal(module, &goal, &options, "<validity>") {
        match sequent.outcome {
            SequentOutcome::Discharged(_) => {}
            SequentOutcome::Refused(_) => return None,
            SequentOutcome::Problem(problem) => {
                let solved = solve_problem(*problem, prover.clone(), true);
                given += solved.stats().given;
                if !matches!(
                    solved.status,
                    SzsStatus::Theorem | SzsStatus::Unsatisfiable | SzsStatus::ContradictoryAxioms
                ) {
                    return None;
                }
            }
        }
    }
    Some(given)
}

/// Given-clause limit of a validity proof: these are small, and a count (not a time) keeps
/// the translation deterministic.
const VALIDITY_GIVEN_CLAUSES: u64 = 2_000;

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
                location(sources, a),
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
                        "cnf({}_{}, {}, ({})).",
                        c.source.name,
                        i + 1,
                        c.source.role,
                        c.clause.display(&problem.signature, &problem.bank)
                    );
                }
            }
        }
    }
}

fn location(sources: &SourceMap, a: &Approximation) -> String {
    let (line, col) = sources.line_col(a.span.file, a.span.start as usize);
    format!("{}:{line}:{col}", sources.file(a.span.file).name)
}

/// The verdict on a lemma.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// Every sequent was discharged or refuted with a checked proof.
    Proved,
    /// Some sequent's clauses were saturated (or its translation refused): not provable as
    /// translated.
    NotProved,
    /// The prover stopped without an answer (limit, or an incomplete problem saturated).
    GaveUp,
}

impl Verdict {
    /// `proved`, `not proved`, `gave up`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Proved => "proved",
            Verdict::NotProved => "not proved",
            Verdict::GaveUp => "gave up",
        }
    }
}

/// The result of proving one lemma.
#[derive(Clone, Debug)]
pub struct LemmaResult {
    /// The lemma.
    pub lemma: String,
    /// The verdict.
    pub verdict: Verdict,
    /// Given clauses over all its sequents.
    pub given: u64,
    /// Generated clauses over all its sequents.
    pub generated: u64,
    /// Wall-clock time of translating and proving, over all its sequents.
    pub elapsed: std::time::Duration,
    /// How many sequents it was split into.
    pub sequents: usize,
    /// How many of them were discharged without the prover.
    pub discharged: usize,
}

/// Translates and proves one goal; every proof is re-checked by the proof checker.
pub fn check_goal(
    module: &SpecModule,
    goal: &Goal<'_>,
    options: &TranslateOptions,
    prover: &ProverOptions,
    file: &str,
) -> LemmaResult {
    let start = std::time::Instant::now();
    let sequents = translate_goal(module, goal, options, file);
    let mut result = LemmaResult {
        lemma: goal.lemma.name.clone(),
        verdict: Verdict::Proved,
        given: 0,
        generated: 0,
        elapsed: std::time::Duration::ZERO,
        sequents: sequents.len(),
        discharged: 0,
    };
    for s in sequents {
        let verdict = match s.outcome {
            SequentOutcome::Discharged(_) => {
                result.discharged += 1;
                Verdict::Proved
            }
            SequentOutcome::Refused(_) => Verdict::NotProved,
            SequentOutcome::Problem(problem) => {
                let solved = solve_problem(*problem, prover.clone(), true);
                result.given += solved.stats().given;
                result.generated += solved.stats().generated;
                match solved.status {
                    SzsStatus::Theorem
                    | SzsStatus::ContradictoryAxioms
                    | SzsStatus::Unsatisfiable => Verdict::Proved,
                    SzsStatus::CounterSatisfiable | SzsStatus::Satisfiable => Verdict::NotProved,
                    _ => Verdict::GaveUp,
                }
            }
        };
        result.verdict = match (result.verdict, verdict) {
            (Verdict::NotProved, _) | (_, Verdict::NotProved) => Verdict::NotProved,
            (Verdict::GaveUp, _) | (_, Verdict::GaveUp) => Verdict::GaveUp,
            _ => Verdict::Proved,
        };
    }
    result.elapsed = start.elapsed();
    result
}

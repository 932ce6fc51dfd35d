//! What the workbench knows: loaded theories, their goals with results, the options and the last
//! proof attempt. A `State` is cheap to clone (problems and attempts are shared), which is what
//! makes `undo` a matter of keeping old states.

use std::rc::Rc;
use std::time::Duration;

use crate::fol::Problem;
use crate::fol::{Signature, TermBank};
use crate::prover::{Proof, Stats};
use crate::session::Checksum;
use crate::solve::Solved;
use crate::solve::answer::SzsStatus;
use crate::translate::{SequentTranslation, TranslateOptions, sequent_names};

use super::Settings;
use super::theory::{
    GoalProblem, JavaTheory, SpecTheory, Theory, TheoryContent, goal_problem_of, spec_goal_checksum,
};

/// Where a goal's statement comes from. Everything that proves or shows goals matches on this,
/// so the compiler points at what a new source needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalSource {
    /// A TPTP problem is one goal: its axioms are the hypotheses, its conjecture (if any) the
    /// statement. `theory` indexes [`State::theories`].
    TptpProblem {
        /// Index of the theory.
        theory: usize,
    },
    /// One sequent of a spec lemma: the lemma is `module.items[item]` of the spec theory, and
    /// the sequent is the `sequent`-th the translation splits it into.
    SpecSequent {
        /// Index of the theory.
        theory: usize,
        /// Index of the lemma among the module's items.
        item: usize,
        /// Index of the sequent among the lemma's.
        sequent: usize,
    },
    /// One sequent of a proof obligation of Java files: the obligation is
    /// `verification.obligations[obligation]` of the Java theory, and the sequent the
    /// `sequent`-th the translation splits it into.
    JavaSequent {
        /// Index of the theory.
        theory: usize,
        /// Index of the obligation.
        obligation: usize,
        /// Index of the sequent among the obligation's.
        sequent: usize,
    },
    /// The unsatisfiability of an SMT-LIB script's assertions, decided by the SMT core.
    SmtScript {
        /// Index of the theory.
        theory: usize,
    },
}

/// The outcome of the last attempt on a goal.
#[derive(Clone, Debug, PartialEq)]
pub struct GoalResult {
    /// SZS status name.
    pub status: String,
    /// The prover's counters.
    pub stats: Stats,
    /// Names of the input formulas the refutation used.
    pub core: Vec<String>,
    /// How long it took (unknown for results restored from a session).
    pub time: Option<Duration>,
}

impl GoalResult {
    /// The result of a goal settled without a search (discharged or refused by the translation).
    pub fn without_search(status: &str) -> GoalResult {
        GoalResult {
            status: status.to_string(),
            stats: Stats::default(),
            core: Vec::new(),
            time: None,
        }
    }
}

/// A statement to prove.
#[derive(Clone, Debug)]
pub struct Goal {
    /// Its name, unique in the workbench.
    pub name: String,
    /// Where it comes from.
    pub source: GoalSource,
    /// Checksum of the goal's text (for a TPTP problem: of the file and its includes).
    pub checksum: Checksum,
    /// The last result, if any.
    pub result: Option<GoalResult>,
    /// Whether the goal changed since `result` was obtained.
    pub obsolete: bool,
}

/// The last proof attempt: what `proof`, `core` and `stats` need, without the prover's
/// indices and clause sets, which can be huge and would otherwise live on in every `undo` step.
pub struct Attempt {
    /// The goal's name.
    pub goal: String,
    /// The problem as proved (clause sources name the formulas).
    pub problem: Problem,
    /// The final signature (with the symbols the prover introduced).
    pub signature: Signature,
    /// The final term bank, in which the proof's clauses live.
    pub bank: TermBank,
    /// The refutation, if one was found.
    pub proof: Option<Proof>,
    /// The status reported.
    pub status: SzsStatus,
    /// The search counters.
    pub stats: Stats,
    /// Wall-clock time of the search.
    pub time: Duration,
}

impl Attempt {
    /// Keeps what is worth keeping of a finished search.
    pub fn new(goal: String, mut solved: Solved, time: Duration) -> Attempt {
        Attempt {
            goal,
            signature: std::mem::take(&mut solved.prover.signature),
            bank: std::mem::take(&mut solved.prover.bank),
            stats: solved.stats(),
            problem: solved.problem,
            proof: solved.proof,
            status: solved.status,
            time,
        }
    }
}

/// One sequent of a cached lemma translation.
pub struct TranslatedSequent {
    all: Rc<Vec<SequentTranslation>>,
    index: usize,
}

impl std::ops::Deref for TranslatedSequent {
    type Target = SequentTranslation;

    fn deref(&self) -> &SequentTranslation {
        &self.all[self.index]
    }
}

/// Everything a command may change; `undo` restores an earlier copy.
#[derive(Clone, Default)]
pub struct State {
    /// Loaded theories, in load order.
    pub theories: Vec<Theory>,
    /// Goals, in load order.
    pub goals: Vec<Goal>,
    /// Options.
    pub settings: Settings,
    /// The last attempt.
    pub last: Option<Rc<Attempt>>,
    /// The last `cfa` analysis, which `states`, `succ`, `witness` and `dot` read.
    pub cfa: Option<Rc<super::CfaRun>>,
    /// The last attempt, when the SMT core made it (then `last` is empty): what `core` and
    /// `interpolate` read for a script's goal.
    pub last_smt: Option<Rc<super::smt::SmtAttempt>>,
}

impl State {
    /// The goals a theory contributes; a spec theory's lemmas are split into sequents (which
    /// depends on no option, so the names are stable; the sequents are translated only when a
    /// goal is shown or proved).
    pub(crate) fn goals_of(theory: &Theory, index: usize) -> Vec<Goal> {
        match &theory.content {
            TheoryContent::Tptp(_) => vec![Goal {
                name: theory.name.clone(),
                source: GoalSource::TptpProblem { theory: index },
                checksum: theory.text_checksum,
                result: None,
                obsolete: false,
            }],
            TheoryContent::Spec(spec) => {
                let mut goals = Vec::new();
                for &item in &spec.lemmas {
                    let names = sequent_names(spec.module.hol(), &spec.sequent(item));
                    for (sequent, name) in names.into_iter().enumerate() {
                        goals.push(Goal {
                            checksum: spec_goal_checksum(spec, item, &name),
                            name,
                            source: GoalSource::SpecSequent { theory: index, item, sequent },
                            result: None,
                            obsolete: false,
                        });
                    }
                }
                goals
            }
            TheoryContent::Java(java) => {
                let mut goals = Vec::new();
                let v = &java.verification;
                for (obligation, o) in v.obligations.iter().enumerate() {
                    let names = sequent_names(v.signature(), &o.sequent);
                    for (sequent, name) in names.into_iter().enumerate() {
                        goals.push(Goal {
                            checksum: java.goal_checksum(obligation, &name),
                            name,
                            source: GoalSource::JavaSequent { theory: index, obligation, sequent },
                            result: None,
                            obsolete: false,
                        });
                    }
                }
                goals
            }
            // A boolean program has assertions, which `step` and `check` decide, not goals.
            TheoryContent::BoolProg(_) => Vec::new(),
            // A program to analyse, not statements to prove.
            TheoryContent::Scheme(_) => Vec::new(),
            // Its checks (assertions, error calls, divisions, array bounds) are decided by
            // `cegar`, the refinement engine, not proved as goals.
            TheoryContent::C(_) => Vec::new(),
            TheoryContent::Smt(_) => vec![Goal {
                name: theory.name.clone(),
                source: GoalSource::SmtScript { theory: index },
                checksum: theory.text_checksum,
                result: None,
                obsolete: false,
            }],
        }
    }

    /// The goal named `name`.
    pub fn goal(&self, name: &str) -> Result<&Goal, String> {
        self.goals.iter().find(|g| g.name == name).ok_or_else(|| {
            if self.goals.is_empty() {
                format!("no goal named `{name}` (nothing is loaded; try `load FILE`)")
            } else {
                let names: Vec<&str> = self.goals.iter().map(|g| g.name.as_str()).collect();
                unknown_goal(name, &names)
            }
        })
    }

    /// The names of the goals `name` stands for: the goal of that name, else every sequent of
    /// the spec lemma or proof obligation of that name, else every goal of the method
    /// (`Class.method`) of that name, else every goal of the theory of that name.
    pub fn goals_named(&self, name: &str) -> Result<Vec<String>, String> {
        if let Some(g) = self.goals.iter().find(|g| g.name == name) {
            return Ok(vec![g.name.clone()]);
        }
        let of_lemma: Vec<String> = self
            .goals
            .iter()
            .filter(|g| match g.source {
                GoalSource::SpecSequent { item, .. } => {
                    self.spec_of(g).is_some_and(|s| s.module.items[item].name == name)
                }
                GoalSource::JavaSequent { obligation, .. } => {
                    self.java_of(g).is_some_and(|j| j.obligation(obligation).sequent.name == name)
                }
                GoalSource::TptpProblem { .. } | GoalSource::SmtScript { .. } => false,
            })
            .map(|g| g.name.clone())
            .collect();
        if !of_lemma.is_empty() {
            return Ok(of_lemma);
        }
        let of_method: Vec<String> = self
            .goals
            .iter()
            .filter(|g| match g.source {
                GoalSource::JavaSequent { obligation, .. } => {
                    self.java_of(g).is_some_and(|j| j.method_of(obligation) == name)
                }
                _ => false,
            })
            .map(|g| g.name.clone())
            .collect();
        if !of_method.is_empty() {
            return Ok(of_method);
        }
        let of_theory: Vec<String> = self
            .goals
            .iter()
            .filter(|g| self.theory_of(g).name == name)
            .map(|g| g.name.clone())
            .collect();
        if !of_theory.is_empty() {
            return Ok(of_theory);
        }
        self.goal(name).map(|g| vec![g.name.clone()])
    }

    /// The problem a goal stands for, translated under the current options for a spec goal.
    pub fn problem_of(&self, goal: &Goal) -> Result<GoalProblem, String> {
        self.problem_of_with(goal, &self.settings.translate_options())
    }

    /// [`State::problem_of`] under other translation options (a strategy of the verify
    /// schedule that selects hypotheses differently); TPTP goals have no translation.
    pub fn problem_of_with(
        &self,
        goal: &Goal,
        options: &TranslateOptions,
    ) -> Result<GoalProblem, String> {
        match goal.source {
            GoalSource::TptpProblem { theory } => match &self.theories[theory].content {
                TheoryContent::Tptp(p) => Ok(GoalProblem::Ready(p.clone())),
                _ => unreachable!("a TPTP goal of a spec or Java theory"),
            },
            GoalSource::SmtScript { .. } => Err(format!(
                "goal {} is an SMT-LIB script's: the SMT core decides it, it has no clauses",
                goal.name
            )),
            GoalSource::SpecSequent { .. } | GoalSource::JavaSequent { .. } => {
                Ok(goal_problem_of(&*self.translation_with(goal, options)?))
            }
        }
    }

    /// The translation of a spec goal's or obligation's sequent under the current options
    /// (translated once per lemma or obligation and options, whichever of its sequents is asked
    /// for first).
    pub fn translation_of(&self, goal: &Goal) -> Result<TranslatedSequent, String> {
        self.translation_with(goal, &self.settings.translate_options())
    }

    /// [`State::translation_of`] under other translation options.
    pub fn translation_with(
        &self,
        goal: &Goal,
        options: &TranslateOptions,
    ) -> Result<TranslatedSequent, String> {
        let (theory, all, sequent) = match goal.source {
            GoalSource::TptpProblem { .. } => {
                return Err(format!("goal {} is a TPTP problem, not a spec lemma", goal.name));
            }
            GoalSource::SmtScript { .. } => {
                return Err(format!("goal {} is an SMT-LIB script, not a spec lemma", goal.name));
            }
            GoalSource::SpecSequent { theory, item, sequent } => {
                let theory = &self.theories[theory];
                let TheoryContent::Spec(spec) = &theory.content else {
                    unreachable!("a spec goal of another theory")
                };
                (theory, spec.translate(item, options, &theory.path), sequent)
            }
            GoalSource::JavaSequent { theory, obligation, sequent } => {
                let theory = &self.theories[theory];
                let TheoryContent::Java(java) = &theory.content else {
                    unreachable!("a Java goal of another theory")
                };
                let file = java.files.first().map_or("", String::as_str);
                (theory, java.translate(obligation, options, file), sequent)
            }
        };
        if sequent >= all.len() {
            return Err(format!(
                "goal {} no longer exists in {} as translated now (try `reload`)",
                goal.name, theory.path
            ));
        }
        Ok(TranslatedSequent { all, index: sequent })
    }

    /// The HOL sequent of a spec goal (the lemma it is a sequent of, with its hypotheses) or of
    /// an obligation.
    pub fn hol_sequent_of(&self, goal: &Goal) -> Option<crate::hol::Sequent> {
        match goal.source {
            GoalSource::SpecSequent { item, .. } => {
                self.spec_of(goal).map(|spec| spec.sequent(item))
            }
            GoalSource::JavaSequent { obligation, .. } => {
                self.java_of(goal).map(|j| j.obligation(obligation).sequent.clone())
            }
            GoalSource::TptpProblem { .. } | GoalSource::SmtScript { .. } => None,
        }
    }

    /// The sources a translated goal's spans point into (a spec module's or Java theory's).
    pub fn sources_of(&self, goal: &Goal) -> Option<&crate::syntax::SourceMap> {
        match &self.theory_of(goal).content {
            TheoryContent::Spec(spec) => Some(&spec.sources),
            TheoryContent::Java(java) => Some(&java.sources),
            TheoryContent::Tptp(_)
            | TheoryContent::BoolProg(_)
            | TheoryContent::Scheme(_)
            | TheoryContent::C(_)
            | TheoryContent::Smt(_) => None,
        }
    }

    /// How many sequents the loaded spec theories have translated so far (a deterministic
    /// counter: each lemma is translated once per set of translation options).
    pub fn sequents_translated(&self) -> u64 {
        self.theories
            .iter()
            .map(|t| match &t.content {
                TheoryContent::Spec(spec) => spec.sequents_translated(),
                TheoryContent::Java(java) => java.sequents_translated(),
                TheoryContent::Tptp(_)
                | TheoryContent::BoolProg(_)
                | TheoryContent::Scheme(_)
                | TheoryContent::C(_)
                | TheoryContent::Smt(_) => 0,
            })
            .sum()
    }

    /// The spec theory a goal belongs to, if it is a spec goal.
    pub fn spec_of(&self, goal: &Goal) -> Option<&Rc<SpecTheory>> {
        match &self.theory_of(goal).content {
            TheoryContent::Spec(spec) => Some(spec),
            TheoryContent::Tptp(_)
            | TheoryContent::Java(_)
            | TheoryContent::BoolProg(_)
            | TheoryContent::Scheme(_)
            | TheoryContent::C(_)
            | TheoryContent::Smt(_) => None,
        }
    }

    /// The Java theory a goal belongs to, if it is a proof obligation's goal.
    pub fn java_of(&self, goal: &Goal) -> Option<&Rc<JavaTheory>> {
        match &self.theory_of(goal).content {
            TheoryContent::Java(java) => Some(java),
            TheoryContent::Tptp(_)
            | TheoryContent::Spec(_)
            | TheoryContent::BoolProg(_)
            | TheoryContent::Scheme(_)
            | TheoryContent::C(_)
            | TheoryContent::Smt(_) => None,
        }
    }

    /// The obligation a goal is a sequent of, with its Java theory.
    pub fn obligation_of(&self, goal: &Goal) -> Option<(&Rc<JavaTheory>, usize)> {
        let GoalSource::JavaSequent { obligation, .. } = goal.source else { return None };
        self.java_of(goal).map(|j| (j, obligation))
    }

    /// The theory a goal belongs to.
    pub fn theory_of(&self, goal: &Goal) -> &Theory {
        match goal.source {
            GoalSource::TptpProblem { theory }
            | GoalSource::SpecSequent { theory, .. }
            | GoalSource::JavaSequent { theory, .. }
            | GoalSource::SmtScript { theory } => &self.theories[theory],
        }
    }
}

/// Goals listed in full when a name is not found; with more (a Java theory has hundreds), the
/// list would bury the suggestions, so only their number is given.
const GOALS_LISTED: usize = 10;

/// Suggestions when a name is not found.
const SUGGESTIONS: usize = 3;

/// Why `name` names no goal: the nearest goal names by edit distance (ties by name, so the
/// message is the same every time), then every goal when there are few, else how many.
fn unknown_goal(name: &str, goals: &[&str]) -> String {
    let mut out = format!("no goal named `{name}`");
    let suggested = nearest_names(name, goals, SUGGESTIONS);
    if !suggested.is_empty() {
        let quoted: Vec<String> = suggested.iter().map(|g| format!("`{g}`")).collect();
        out.push_str(&format!("; did you mean {}?", quoted.join(", ")));
    }
    if goals.len() <= GOALS_LISTED {
        out.push_str(&format!(" (goals: {})", goals.join(", ")));
    } else {
        out.push_str(&format!(" ({} goals: `goals` lists them)", goals.len()));
    }
    out
}

/// Up to `count` of `names` nearest to `typed` by edit distance, nearest first, ties in name
/// order. A name more than half of `typed`'s length away (at least 2) is a different word,
/// not a typo of it, and is not suggested: `nope` should not suggest `group_inverse`.
fn nearest_names<'a>(typed: &str, names: &[&'a str], count: usize) -> Vec<&'a str> {
    let limit = (typed.chars().count() / 2).max(2);
    let mut scored: Vec<(usize, &str)> = names
        .iter()
        .map(|&n| (strsim::levenshtein(typed, n), n))
        .filter(|&(d, _)| d <= limit)
        .collect();
    scored.sort_unstable();
    scored.dedup();
    scored.into_iter().take(count).map(|(_, n)| n).collect()
}

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
use crate::translate::TranslateOptions;

use super::kind::{GoalKey, GoalProblem, Theory, TheoryKind, Translated};
use super::program::JavaTheory;
use super::spec::SpecTheory;
use super::{CommandError, Settings};

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
    /// The index in [`State::theories`] of the theory it belongs to.
    pub theory: usize,
    /// Which of its theory's goals it is, for the theory's kind to read.
    pub key: GoalKey,
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
    /// The last attempt, when the SMT core made it (then `last` is empty): what `core` and
    /// `interpolate` read for a script's goal.
    pub last_smt: Option<Rc<super::smt::SmtAttempt>>,
}

impl State {
    /// The goals a theory contributes, as its kind lists them.
    pub(crate) fn goals_of(theory: &Theory, index: usize) -> Vec<Goal> {
        theory
            .content
            .goals(theory)
            .into_iter()
            .map(|entry| Goal {
                name: entry.name,
                theory: index,
                key: entry.key,
                checksum: entry.checksum,
                result: None,
                obsolete: false,
            })
            .collect()
    }

    /// The goal named `name`.
    pub fn goal(&self, name: &str) -> Result<&Goal, CommandError> {
        self.goals.iter().find(|g| g.name == name).ok_or_else(|| {
            CommandError::Refused(if self.goals.is_empty() {
                format!("no goal named `{name}` (nothing is loaded; try `load FILE`)")
            } else {
                let names: Vec<&str> = self.goals.iter().map(|g| g.name.as_str()).collect();
                unknown_goal(name, &names)
            })
        })
    }

    /// The names of the goals `name` stands for: the goal of that name, else every sequent of
    /// the spec lemma or proof obligation of that name, else every goal of the method
    /// (`Class.method`) of that name, else every goal of the theory of that name.
    pub fn goals_named(&self, name: &str) -> Result<Vec<String>, CommandError> {
        if let Some(g) = self.goals.iter().find(|g| g.name == name) {
            return Ok(vec![g.name.clone()]);
        }
        let of_lemma: Vec<String> = self
            .goals
            .iter()
            .filter(|g| self.theory_of(g).content.goal_statement(g.key) == Some(name))
            .map(|g| g.name.clone())
            .collect();
        if !of_lemma.is_empty() {
            return Ok(of_lemma);
        }
        let of_method: Vec<String> = self
            .goals
            .iter()
            .filter(|g| self.theory_of(g).content.goal_method(g.key) == Some(name))
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
    pub fn problem_of(&self, goal: &Goal) -> Result<GoalProblem, CommandError> {
        self.problem_of_with(goal, &self.settings.translate_options())
    }

    /// [`State::problem_of`] under other translation options (a strategy of the verify
    /// schedule that selects hypotheses differently); TPTP goals have no translation.
    pub fn problem_of_with(
        &self,
        goal: &Goal,
        options: &TranslateOptions,
    ) -> Result<GoalProblem, CommandError> {
        let theory = self.theory_of(goal);
        theory.content.goal_problem(theory, &goal.name, goal.key, options)
    }

    /// The translation of a spec goal's or obligation's sequent under the current options
    /// (translated once per lemma or obligation and options, whichever of its sequents is asked
    /// for first).
    pub fn translation_of(&self, goal: &Goal) -> Result<Translated, CommandError> {
        self.translation_with(goal, &self.settings.translate_options())
    }

    /// [`State::translation_of`] under other translation options.
    pub fn translation_with(
        &self,
        goal: &Goal,
        options: &TranslateOptions,
    ) -> Result<Translated, CommandError> {
        let theory = self.theory_of(goal);
        theory.content.goal_translation(theory, &goal.name, goal.key, options)
    }

    /// The HOL sequent of a spec goal (the lemma it is a sequent of, with its hypotheses) or of
    /// an obligation.
    pub fn hol_sequent_of(&self, goal: &Goal) -> Option<crate::hol::Sequent> {
        self.theory_of(goal).content.goal_sequent(goal.key)
    }

    /// The sources a translated goal's spans point into (a spec module's or Java theory's).
    pub fn sources_of(&self, goal: &Goal) -> Option<&crate::syntax::SourceMap> {
        self.theory_of(goal).content.sources()
    }

    /// How many sequents the loaded theories have translated so far (a deterministic counter:
    /// each lemma or obligation is translated once per set of translation options).
    pub fn sequents_translated(&self) -> u64 {
        self.theories.iter().map(|t| t.content.sequents_translated()).sum()
    }

    /// The content of the theory a goal belongs to, as the kind `K`, if it is of that kind.
    pub fn kind_of<K: TheoryKind>(&self, goal: &Goal) -> Option<&K> {
        self.theory_of(goal).content::<K>()
    }

    /// The spec theory a goal belongs to, if it is a spec goal.
    pub fn spec_of(&self, goal: &Goal) -> Option<&SpecTheory> {
        self.kind_of::<SpecTheory>(goal)
    }

    /// The Java theory a goal belongs to, if it is a proof obligation's goal.
    pub fn java_of(&self, goal: &Goal) -> Option<&JavaTheory> {
        self.kind_of::<JavaTheory>(goal)
    }

    /// The obligation a goal is a sequent of, with its Java theory.
    pub fn obligation_of(&self, goal: &Goal) -> Option<(&JavaTheory, usize)> {
        self.java_of(goal).map(|j| (j, goal.key.group))
    }

    /// The theory a goal belongs to.
    pub fn theory_of(&self, goal: &Goal) -> &Theory {
        &self.theories[goal.theory]
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

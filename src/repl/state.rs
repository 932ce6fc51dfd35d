//! What the workbench knows: loaded theories, their goals with results, the options and the last
//! proof attempt. A `State` is cheap to clone (problems and attempts are shared), which is what
//! makes `undo` a matter of keeping old states.

use std::path::Path;
use std::rc::Rc;
use std::time::Duration;

use crate::answer::SzsStatus;
use crate::fol::{Signature, TermBank};
use crate::input::Problem;
use crate::prover::{Proof, Stats};
use crate::session::{Checksum, fnv1a64};
use crate::solve::Solved;

use super::Settings;

/// A loaded file.
#[derive(Clone, Debug)]
pub struct Theory {
    /// The theory's name (the file stem).
    pub name: String,
    /// The path as the user gave it.
    pub path: String,
    /// Checksum of the file's bytes at load time.
    pub checksum: Checksum,
    /// Checksum of the problem's whole text: the file followed by every file it includes, so an
    /// edit to an included axiom file makes the goal's result obsolete too.
    pub text_checksum: Checksum,
    /// The clausified problem.
    pub problem: Rc<Problem>,
}

/// Where a goal's statement comes from. Spec files will add their own variant; everything that
/// proves or shows goals matches on this, so the compiler points at what a new source needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GoalSource {
    /// A TPTP problem is one goal: its axioms are the hypotheses, its conjecture (if any) the
    /// statement. `theory` indexes [`State::theories`].
    TptpProblem {
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
}

/// File extensions read as TPTP problems.
const TPTP_EXTENSIONS: &[&str] = &["p", "ax", "tptp"];

/// Reads the file at `path` (as given) into a theory.
pub(crate) fn load_theory(path: &str) -> Result<Theory, String> {
    let p = Path::new(path);
    let ext = p.extension().map(|e| e.to_string_lossy().into_owned()).unwrap_or_default();
    if !TPTP_EXTENSIONS.contains(&ext.as_str()) {
        return Err(format!(
            "cannot load {path}: only TPTP problems (.p) are supported so far; \
             spec files are not supported yet"
        ));
    }
    let bytes = std::fs::read(p).map_err(|e| format!("cannot read {path}: {e}"))?;
    let problem = crate::input::load_problem(p).map_err(|e| one_line(&e.to_string()))?;
    let name = p.file_stem().map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned());
    let mut text = bytes.clone();
    let mut included: Vec<&str> = Vec::new();
    for c in &problem.clauses {
        let file = c.source.file.as_str();
        if file != path && !included.contains(&file) {
            included.push(file);
            // The loader just read it; should it vanish meanwhile, its name still counts.
            text.extend_from_slice(file.as_bytes());
            text.extend(std::fs::read(file).unwrap_or_default());
        }
    }
    Ok(Theory {
        name,
        path: path.to_string(),
        checksum: fnv1a64(&bytes),
        text_checksum: fnv1a64(&text),
        problem: Rc::new(problem),
    })
}

/// Error messages go on one line so the prompt stays readable and transcripts stay stable.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

impl State {
    /// The goals a theory contributes.
    pub(crate) fn goals_of(theory: &Theory, index: usize) -> Vec<Goal> {
        vec![Goal {
            name: theory.name.clone(),
            source: GoalSource::TptpProblem { theory: index },
            checksum: theory.text_checksum,
            result: None,
            obsolete: false,
        }]
    }

    /// The goal named `name`.
    pub fn goal(&self, name: &str) -> Result<&Goal, String> {
        self.goals.iter().find(|g| g.name == name).ok_or_else(|| {
            if self.goals.is_empty() {
                format!("no goal named `{name}` (nothing is loaded; try `load FILE`)")
            } else {
                let names: Vec<&str> = self.goals.iter().map(|g| g.name.as_str()).collect();
                format!("no goal named `{name}` (goals: {})", names.join(", "))
            }
        })
    }

    /// The problem a goal stands for.
    pub fn problem_of(&self, goal: &Goal) -> &Rc<Problem> {
        match goal.source {
            GoalSource::TptpProblem { theory } => &self.theories[theory].problem,
        }
    }

    /// The theory a goal belongs to.
    pub fn theory_of(&self, goal: &Goal) -> &Theory {
        match goal.source {
            GoalSource::TptpProblem { theory } => &self.theories[theory],
        }
    }
}

//! The theory-kind interface: what the workbench asks of every kind of file it loads (a TPTP
//! problem, a spec file, Java files, a boolean program, a Scheme program, a C program, an
//! SMT-LIB script). A kind is one file implementing [`TheoryKind`] and one line of the table in
//! [`super::kinds`]; the workbench's state and commands reach a kind only through this trait
//! (and, for a kind's own commands, by asking a theory for its content as that kind).
//!
//! A kind owns what it worked out (caches live in its content, shared by every `undo` step) and
//! its run (`step`, `check`, `cegar`, `cfa`): a value in the theory's run slot, so that `undo`
//! puts a run back where it was. A goal holds the [`GoalKey`] its kind made and the workbench
//! hands the key back to the kind; nothing outside the kind reads it.

use std::any::Any;
use std::collections::BTreeMap;
use std::fmt;
use std::io::Write;
use std::rc::Rc;

use crate::fol::Problem;
use crate::fol::formula::Formula;
use crate::hol::Sequent;
use crate::ir::Program;
use crate::session::Checksum;
use crate::syntax::{SourceMap, Span};
use crate::translate::{SequentTranslation, TranslateOptions};

use super::{CommandError, CommandResult};

/// Which of its kind's goals a goal is: two numbers the kind chose (a spec kind: the lemma's
/// item and the sequent among the lemma's; Java: the obligation and the sequent). Goals with
/// the same `group` are the sequents one statement was split into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct GoalKey {
    /// The statement the goal comes from.
    pub group: usize,
    /// The sequent among the statement's.
    pub sequent: usize,
}

/// A goal as its kind lists it when the theory is loaded.
#[derive(Clone, Debug)]
pub struct GoalEntry {
    /// Its name, unique in the workbench.
    pub name: String,
    /// What the kind reads back.
    pub key: GoalKey,
    /// Checksum of what the goal states, so it is obsolete exactly when that changed.
    pub checksum: Checksum,
}

impl GoalEntry {
    /// The one goal of a theory that is a single statement (a TPTP problem, an SMT-LIB
    /// script): named after the theory, obsolete when any of the text it was read from changed.
    pub fn whole(theory: &Theory) -> GoalEntry {
        GoalEntry {
            name: theory.name.clone(),
            key: GoalKey { group: 0, sequent: 0 },
            checksum: theory.text_checksum,
        }
    }
}

/// A goal made ready for the prover.
#[derive(Clone, Debug)]
pub enum GoalProblem {
    /// The clauses to refute.
    Ready(std::sync::Arc<Problem>),
    /// The translation discharged the sequent syntactically; the reason.
    Discharged(String),
    /// The translation was refused (for example `sorts erase` without justification).
    Refused(String),
}

/// What `show GOAL` is told besides the goal: the options to translate under and how many goals
/// its statement was split into.
pub struct GoalView<'a> {
    /// The goal's name.
    pub name: &'a str,
    /// Which of the kind's goals it is.
    pub key: GoalKey,
    /// The view asked for (`hol`, `sequent`, `clauses`, `sorts`), if any.
    pub view: Option<&'a str>,
    /// The translation options in force.
    pub options: &'a TranslateOptions,
    /// How many goals share the goal's statement (its `group`).
    pub siblings: usize,
}

/// A program in the IR that the refinement commands (`cegar`, `step`, `run`, `show ir`) act on.
pub struct IrProgram<'a> {
    /// The program.
    pub program: &'a Program,
    /// The function a run starts on unless one is named.
    pub default_function: String,
    /// The file or files read, as a run's header names them.
    pub files: String,
    /// Whether refinement commands act on it before a run is started on it: a C program is
    /// there to be analysed; Java files are above all to be verified, so they do not take
    /// `step` away from an earlier program until `cegar` names one of their methods.
    pub analysed_by_default: bool,
    /// How the program's integers are read, as every answer on it says.
    pub integers: &'static str,
}

/// A graph `dot` writes: the DOT text and a few words on what it shows.
pub struct Graph {
    /// The Graphviz text.
    pub text: String,
    /// What it draws, for the line `dot` prints.
    pub what: String,
}

/// What every kind of theory tells the workbench. Only [`TheoryKind::load_text`] and
/// [`TheoryKind::summary`] must be written; a kind without goals, names, sources or views
/// keeps the defaults.
pub trait TheoryKind: Any + fmt::Debug {
    /// What `load` prints (whole lines), given the theory and its number of goals.
    fn load_text(&self, theory: &Theory, goals: usize) -> String;

    /// What `theories` says of it after its name and path (one line, no newline).
    fn summary(&self) -> String;

    /// Its goals, in order. A kind whose checks are decided by an engine of its own (a
    /// program's assertions) has none.
    fn goals(&self, _theory: &Theory) -> Vec<GoalEntry> {
        Vec::new()
    }

    /// Names worth completing at the terminal (formulas, symbols, procedures).
    fn names(&self) -> Vec<String> {
        Vec::new()
    }

    /// The sources its spans point into, when its goals are translated from a language with
    /// spans (what `interpolate` and `translate` quote locations from).
    fn sources(&self) -> Option<&SourceMap> {
        None
    }

    /// `file:line:col` of a span in its sources.
    fn location(&self, span: Span) -> String {
        self.sources().map_or_else(|| "?".to_string(), |s| locate(s, span))
    }

    /// The first-order names the translation gives its symbols, each mapped back to the name
    /// written in the source (`r_8` to `r@8`, the eighth version of `r`), where they differ:
    /// what `interpolate` reads an interpolant back in.
    fn source_names(&self) -> BTreeMap<String, String> {
        BTreeMap::new()
    }

    /// A first-order formula over the symbols of its goals (an interpolant) as the source's
    /// own language writes it, with the name of that notation (`Jahob's notation` for Java);
    /// `None` where the kind has no such notation or the formula uses a symbol it cannot read
    /// back (a Skolem function).
    fn in_own_notation(&self, _formula: &Formula) -> Option<(&'static str, String)> {
        None
    }

    /// How many sequents it translated so far (a deterministic counter, for tests).
    fn sequents_translated(&self) -> u64 {
        0
    }

    /// The clauses a goal stands for under `options`.
    fn goal_problem(
        &self,
        theory: &Theory,
        name: &str,
        key: GoalKey,
        options: &TranslateOptions,
    ) -> Result<GoalProblem, CommandError> {
        let translated = self.goal_translation(theory, name, key, options)?;
        Ok(match &translated.outcome {
            crate::translate::SequentOutcome::Problem(p) => GoalProblem::Ready(p.clone()),
            crate::translate::SequentOutcome::Discharged(reason) => {
                GoalProblem::Discharged(reason.to_string())
            }
            crate::translate::SequentOutcome::Refused(reason) => {
                GoalProblem::Refused(reason.clone())
            }
        })
    }

    /// The translation of a goal's sequent under `options`, for kinds whose goals are HOL
    /// sequents.
    fn goal_translation(
        &self,
        _theory: &Theory,
        name: &str,
        _key: GoalKey,
        _options: &TranslateOptions,
    ) -> Result<Translated, CommandError> {
        Err(CommandError::Refused(format!(
            "goal {name} is not a sequent of a spec lemma or a proof obligation"
        )))
    }

    /// The HOL sequent of a goal, for kinds whose goals are HOL sequents.
    fn goal_sequent(&self, _key: GoalKey) -> Option<Sequent> {
        None
    }

    /// The name of the statement a goal is a sequent of (a lemma, an obligation), so that the
    /// statement's name stands for all of its goals.
    fn goal_statement(&self, _key: GoalKey) -> Option<&str> {
        None
    }

    /// The name of the method a goal belongs to (`Class.method`), so that it stands for all of
    /// the method's goals.
    fn goal_method(&self, _key: GoalKey) -> Option<&str> {
        None
    }

    /// `show GOAL [VIEW]` for one of its goals (a kind with goals writes it).
    fn show_goal(
        &self,
        _theory: &Theory,
        goal: &GoalView<'_>,
        _out: &mut dyn Write,
    ) -> CommandResult {
        Err(format!("goal {} has nothing to show", goal.name).into())
    }

    /// Its program in the IR, if the refinement commands can act on it.
    fn ir_program(&self) -> Option<IrProgram<'_>> {
        None
    }

    /// The graph `dot` draws of it, if it has one now (`args` are `dot`'s words).
    fn dot(&self, _theory: &Theory, _args: &[String]) -> Option<Result<Graph, CommandError>> {
        None
    }
}

/// One sequent of a cached translation of a statement.
pub struct Translated {
    all: Rc<Vec<SequentTranslation>>,
    index: usize,
}

impl Translated {
    /// The `index`-th sequent of `all`, or why there is none (the goal was made from an older
    /// translation of its file).
    pub fn new(
        all: Rc<Vec<SequentTranslation>>,
        index: usize,
        name: &str,
        theory: &Theory,
    ) -> Result<Translated, CommandError> {
        if index >= all.len() {
            return Err(CommandError::Refused(format!(
                "goal {name} no longer exists in {} as translated now (try `reload`)",
                theory.path
            )));
        }
        Ok(Translated { all, index })
    }
}

impl std::ops::Deref for Translated {
    type Target = SequentTranslation;

    fn deref(&self) -> &SequentTranslation {
        &self.all[self.index]
    }
}

/// A loaded file.
#[derive(Clone)]
pub struct Theory {
    /// The theory's name (the file stem).
    pub name: String,
    /// The path as the user gave it.
    pub path: String,
    /// Checksum of the file's bytes at load time.
    pub checksum: Checksum,
    /// Checksum of the whole text the theory was read from: the file followed by every file it
    /// includes or imports, so an edit to an included axiom file shows too.
    pub text_checksum: Checksum,
    /// What was read, shared by every `undo` step.
    pub content: Rc<dyn TheoryKind>,
    /// The kind's run on it (`step`, `check`, `cegar`, `cfa`), a value so that `undo` puts it
    /// back: copied on write, see [`Theory::run_mut`].
    run: Option<Rc<dyn Any>>,
}

impl fmt::Debug for Theory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Theory")
            .field("name", &self.name)
            .field("path", &self.path)
            .field("content", &self.content)
            .field("run", &self.run.is_some())
            .finish()
    }
}

impl Theory {
    /// A theory of one checksum for the file and all it read (a file that includes nothing).
    pub fn new(name: String, path: String, checksum: Checksum, content: impl TheoryKind) -> Theory {
        Theory {
            name,
            path,
            checksum,
            text_checksum: checksum,
            content: Rc::new(content),
            run: None,
        }
    }

    /// Its content as the kind `K`, if it is of that kind.
    pub fn content<K: TheoryKind>(&self) -> Option<&K> {
        let any: &dyn Any = &*self.content;
        any.downcast_ref::<K>()
    }

    /// A shared handle on its content as the kind `K`, if it is of that kind.
    pub fn content_rc<K: TheoryKind>(&self) -> Option<Rc<K>> {
        let any: Rc<dyn Any> = self.content.clone();
        any.downcast::<K>().ok()
    }

    /// Whether it is of the kind `K`.
    pub fn is<K: TheoryKind>(&self) -> bool {
        self.content::<K>().is_some()
    }

    /// Its run, if it has one of type `R`.
    pub fn run<R: 'static>(&self) -> Option<&R> {
        self.run.as_deref().and_then(|r| r.downcast_ref::<R>())
    }

    /// Its run of type `R`, to change: copied first when an `undo` step still holds it.
    pub fn run_mut<R: Clone + 'static>(&mut self) -> Option<&mut R> {
        let slot = self.run.as_mut()?;
        if Rc::get_mut(slot).is_none() {
            let copy: R = slot.downcast_ref::<R>()?.clone();
            *slot = Rc::new(copy);
        }
        Rc::get_mut(slot).and_then(|r| r.downcast_mut::<R>())
    }

    /// Starts, replaces or (with `None`) ends its run.
    pub fn set_run<R: 'static>(&mut self, run: Option<R>) {
        self.run = run.map(|r| Rc::new(r) as Rc<dyn Any>);
    }
}

/// `file:line:col` of the start of a span. Files of the standard library are named
/// `stdlib/NAME.spec` wherever craig is installed, so transcripts do not depend on it.
pub(crate) fn locate(sources: &SourceMap, span: Span) -> String {
    let (line, col) = sources.line_col(span.file, span.start as usize);
    let name = &sources.file(span.file).name;
    let stdlib = crate::spec::stdlib_dir();
    let shown = match std::path::Path::new(name).strip_prefix(&stdlib) {
        Ok(rest) => format!("stdlib/{}", rest.display()),
        Err(_) => name.clone(),
    };
    format!("{shown}:{line}:{col}")
}

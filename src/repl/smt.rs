//! SMT-LIB scripts (`.smt2`) as workbench theories: the script's assertions up to its first
//! `check-sat` are the hypotheses (named by `:named`, else `assertionN`), and its one goal is
//! their unsatisfiability. `prove`, `core [--minimal]` and `interpolate` on that goal are
//! answered by the ground SMT core (`crate::smt`): `unsat` rests on its checked refutation,
//! `sat` on a model evaluated against every assertion, and every interpolant is verified by
//! the engine that made it before it is shown.
//!
//! A script with quantifiers is translated to TFF (`smtlib::quantified_theory`) and loaded as
//! a TPTP problem, so the superposition prover decides it and `core` and `interpolate` work
//! on its formulas as on any TPTP goal.
//!
//! Interpolation goes through one function, [`interpolants`], the seam between the workbench
//! and the SMT engine's interpolation (`smt::interpolate`: interpolants read off the checked
//! refutation, over Boolean structure, EUF and linear arithmetic, each verified).

use std::io::Write;
use std::rc::Rc;
use std::time::Instant;

use crate::repl::kind::{GoalEntry, GoalKey, GoalView, Theory, TheoryKind};
use crate::repl::tptp::TptpTheory;
use crate::repl::{CommandError, CommandResult, Control, GoalResult, Workbench, counted};
use crate::session::fnv1a64;
use crate::smt::interpolate::InterpolationError;
use crate::smt::{self, Answer, Model, SmtError, SmtStats};
use crate::smtlib::{ScriptTheory, TheoryError, read_theory};
use crate::syntax::{FileId, SourceMap};

/// A loaded script.
#[derive(Debug)]
pub struct SmtTheory {
    /// The declarations and assertions.
    pub script: ScriptTheory,
    /// The script's text, which the assertions' spans point into.
    pub sources: SourceMap,
    /// The script's file in `sources`.
    pub file: FileId,
}

impl SmtTheory {
    /// `file:line:col` of an assertion.
    pub fn location(&self, assertion: usize) -> String {
        let (start, _) = self.script.assertions[assertion].span;
        let (line, col) = self.sources.line_col(self.file, start);
        format!("{}:{line}:{col}", self.sources.file(self.file).name)
    }

    /// The text of an assertion's command, on one line.
    pub fn text(&self, assertion: usize) -> String {
        let (start, end) = self.script.assertions[assertion].span;
        let text = &self.sources.file(self.file).text;
        text.get(start..end).unwrap_or("").split_whitespace().collect::<Vec<_>>().join(" ")
    }

    /// The index of the assertion named `name`.
    pub fn index_of(&self, name: &str) -> Option<usize> {
        self.script.assertions.iter().position(|a| a.name == name)
    }

    /// The assertions' names, in script order.
    pub fn names(&self) -> Vec<String> {
        self.script.assertions.iter().map(|a| a.name.clone()).collect()
    }
}

/// Reads a script into a theory; a bad script is one `file:line:col` error and nothing changes.
pub(crate) fn load(path: &str, name: String) -> Result<Theory, CommandError> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let text = String::from_utf8(bytes.clone())
        .map_err(|_| format!("cannot load {path}: the file is not UTF-8 text"))?;
    let mut sources = SourceMap::new();
    let file = sources.add(path, Some(std::path::Path::new(path)), text);
    // A quantified script is the prover's: its TFF translation is loaded as a TPTP problem,
    // whose formulas are the assertions under their names.
    let quantified =
        crate::smtlib::quantified_theory(&sources, file).map_err(|e| cannot_load(path, e))?;
    if let Some(tff) = quantified {
        // The translation is craig's own, and its reader craig's too: a refusal is a bug.
        let problem = crate::input::parse_problem(&tff, path, &name, &[]).map_err(|e| {
            CommandError::Internal(format!(
                "cannot load {path}: its translation to TFF was refused: {e}"
            ))
        })?;
        let problem = TptpTheory { problem: std::sync::Arc::new(problem), from_smt: true };
        return Ok(Theory::new(name, path.to_string(), fnv1a64(&bytes), problem));
    }
    let script = read_theory(&sources, file).map_err(|e| cannot_load(path, e))?;
    Ok(Theory::new(name, path.to_string(), fnv1a64(&bytes), SmtTheory { script, sources, file }))
}

/// Why the script at `path` was not loaded, of the kind the front end said.
fn cannot_load(path: &str, e: TheoryError) -> CommandError {
    let message = format!("cannot load {path}: {e}");
    match e {
        TheoryError::Refused { .. } => CommandError::Refused(message),
        TheoryError::Unsupported { .. } => CommandError::Unsupported(message),
    }
}

impl TheoryKind for SmtTheory {
    fn load_text(&self, theory: &Theory, _goals: usize) -> String {
        let named = self.script.assertions.iter().filter(|a| a.named).count();
        format!(
            "loaded theory {} from {}: SMT-LIB script, {} ({named} named), 1 goal: {} \
             (their unsatisfiability{})\n",
            theory.name,
            theory.path,
            counted(self.script.assertions.len(), "assertion"),
            theory.name,
            if self.script.has_check_sat { ", as its check-sat asks" } else { "" }
        )
    }

    fn summary(&self) -> String {
        format!("SMT-LIB: {}", counted(self.script.assertions.len(), "assertion"))
    }

    /// One goal, the unsatisfiability of the assertions, decided by the SMT core.
    fn goals(&self, theory: &Theory) -> Vec<GoalEntry> {
        vec![GoalEntry::whole(theory)]
    }

    fn names(&self) -> Vec<String> {
        SmtTheory::names(self)
    }

    fn goal_problem(
        &self,
        _: &Theory,
        name: &str,
        _: GoalKey,
        _: &crate::translate::TranslateOptions,
    ) -> Result<crate::repl::GoalProblem, CommandError> {
        Err(CommandError::Refused(format!(
            "goal {name} is an SMT-LIB script's: the SMT core decides it, it has no clauses"
        )))
    }

    fn show_goal(
        &self,
        theory: &Theory,
        goal: &GoalView<'_>,
        out: &mut dyn Write,
    ) -> CommandResult {
        if let Some(v) = goal.view.filter(|v| *v != "sequent") {
            return Err(format!(
                "goal {} is an SMT-LIB script's, decided by the SMT core: it has no {v} view \
                 (try `show {}`)",
                goal.name, goal.name
            )
            .into());
        }
        writeln!(
            out,
            "goal {} (theory {}, {}): the unsatisfiability of {}, decided by the SMT core",
            goal.name,
            theory.name,
            theory.path,
            counted(self.script.assertions.len(), "assertion")
        )?;
        for (i, a) in self.script.assertions.iter().enumerate() {
            writeln!(out, "  {}: {} {}", a.name, self.location(i), self.text(i))?;
        }
        Ok(Control::Continue)
    }
}

/// What the SMT core said about a set of assertions.
#[derive(Clone, Debug)]
pub enum Decision {
    /// Unsatisfiable; the assertions (indices into the script's) the refutation used.
    Unsat(Vec<usize>),
    /// Satisfiable, with a model checked against every assertion.
    Sat(Model),
    /// No answer (branch and bound's limit); the reason.
    Unknown(String),
}

/// Decides the conjunction of the assertions `chosen` (indices, ascending). Every answer is
/// checked by the engine before it is returned (lemmas, the SAT refutation, the model);
/// a failed check or an unsupported construct is the error.
pub fn decide(
    smt: &SmtTheory,
    chosen: &[usize],
    stats: &mut SmtStats,
) -> Result<Decision, SmtError> {
    let formulas: Vec<_> =
        chosen.iter().map(|&i| smt.script.assertions[i].formula.clone()).collect();
    let tracked = vec![true; formulas.len()];
    match smt::check(smt.script.store(), &formulas, &tracked, stats) {
        Ok(Answer::Sat(model)) => Ok(Decision::Sat(model)),
        Ok(Answer::Unsat { core }) => {
            Ok(Decision::Unsat(core.iter().map(|&k| chosen[k]).collect()))
        }
        Err(SmtError::Incomplete(why)) => Ok(Decision::Unknown(why)),
        Err(e) => Err(e),
    }
}

/// The last goal the SMT core decided, for `core` and `interpolate`.
#[derive(Debug)]
pub struct SmtAttempt {
    /// The goal's name.
    pub goal: String,
    /// The theory it belongs to.
    pub theory: Rc<SmtTheory>,
    /// The answer.
    pub decision: Decision,
    /// The engine's counters.
    pub stats: SmtStats,
}

/// The SMT theory of the goal named `goal`, if it is a script's goal.
pub(crate) fn smt_theory_of(wb: &Workbench, goal: &str) -> Option<Rc<SmtTheory>> {
    let g = wb.state.goal(goal).ok()?;
    wb.state.theory_of(g).content_rc::<SmtTheory>()
}

/// `prove` on a script's goal: the SMT core decides the assertions; the line names the engine,
/// and a `sat` answer is followed by its checked model.
pub(crate) fn prove_goal(
    wb: &mut Workbench,
    name: &str,
    width: usize,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let Some(smt) = smt_theory_of(wb, name) else { return Ok(()) };
    let all: Vec<usize> = (0..smt.script.assertions.len()).collect();
    let mut stats = SmtStats::default();
    let start = Instant::now();
    let decision = decide(&smt, &all, &mut stats);
    let time = wb.format_time(start.elapsed());
    let counters = format!("rounds {}  lemmas {}", stats.rounds, stats.lemmas);
    let (status, core) = match &decision {
        Ok(Decision::Unsat(core)) => ("Unsatisfiable", core.clone()),
        Ok(Decision::Sat(_)) => ("Satisfiable", Vec::new()),
        Ok(Decision::Unknown(_)) => ("GaveUp", Vec::new()),
        Err(_) => ("Error", Vec::new()),
    };
    writeln!(out, "{name:width$}  {status:20}  engine smt  {counters}  time {time}")?;
    match &decision {
        Ok(Decision::Sat(model)) => {
            writeln!(out, "  model (checked: every assertion evaluates to true):")?;
            for line in smt.script.model_text(model).lines() {
                writeln!(out, "  {line}")?;
            }
        }
        Ok(Decision::Unknown(why)) => writeln!(out, "  unknown: {why}")?,
        Err(e) => writeln!(out, "  {e}")?,
        Ok(Decision::Unsat(_)) => {}
    }
    let names: Vec<String> = core.iter().map(|&i| smt.script.assertions[i].name.clone()).collect();
    if let Some(g) = wb.state.goals.iter_mut().find(|g| g.name == name) {
        g.result = Some(GoalResult {
            status: status.to_string(),
            stats: Default::default(),
            core: names,
            time: Some(start.elapsed()),
        });
        g.obsolete = false;
    }
    wb.state.last = None;
    wb.state.last_smt = match decision {
        Ok(decision) => {
            Some(Rc::new(SmtAttempt { goal: name.to_string(), theory: smt, decision, stats }))
        }
        Err(_) => None,
    };
    Ok(())
}

/// `core [--minimal]` after the SMT core refuted a script's goal: the assertions the
/// refutation used, with where they are written; with `--minimal`, each in turn left out and
/// the rest decided again (every answer checked), keeping it only when the rest is not refuted.
pub(crate) fn core(attempt: &SmtAttempt, minimal: bool, out: &mut dyn Write) -> CommandResult {
    let Decision::Unsat(core) = &attempt.decision else {
        return Err(format!(
            "the last attempt on {} found no refutation, so there is no core",
            attempt.goal
        )
        .into());
    };
    let smt = &attempt.theory;
    let name = |i: usize| smt.script.assertions[i].name.clone();
    let names: Vec<String> = core.iter().map(|&i| name(i)).collect();
    writeln!(
        out,
        "core of {} ({}, engine smt): {}",
        attempt.goal,
        counted(names.len(), "assertion"),
        names.join(", ")
    )?;
    for &i in core {
        writeln!(out, "  {}: {} {}", name(i), smt.location(i), smt.text(i))?;
    }
    if !minimal {
        return Ok(Control::Continue);
    }
    let (kept, runs, undecided) = minimise(smt, core)?;
    let kept_names: Vec<String> = kept.iter().map(|&i| name(i)).collect();
    let dropped: Vec<String> =
        core.iter().filter(|i| !kept.contains(i)).map(|&i| name(i)).collect();
    let undecided: Vec<String> = undecided.iter().map(|&i| name(i)).collect();
    super::write_minimal_core(
        out,
        &super::MinimalCore {
            goal: &attempt.goal,
            noun: "assertion",
            engine: "solver",
            kept: &kept_names,
            dropped: &dropped,
            undecided: &undecided,
            undecided_because: "the rest without it gave no answer",
            total: core.len(),
            runs,
        },
    )?;
    let mut stats = SmtStats::default();
    match decide(smt, &kept, &mut stats)? {
        Decision::Unsat(_) => writeln!(
            out,
            "  decided again on the minimal core alone: unsat (refutation checked), rounds {}",
            stats.rounds
        )?,
        other => {
            return Err(CommandError::Internal(format!(
                "the minimal core is not refuted on its own ({other:?})"
            )));
        }
    }
    Ok(Control::Continue)
}

/// Deletion-based minimisation: returns the assertions kept, the number of solver runs and the
/// assertions kept because the run without them gave no answer.
fn minimise(smt: &SmtTheory, core: &[usize]) -> Result<(Vec<usize>, usize, Vec<usize>), SmtError> {
    let mut kept: Vec<usize> = core.to_vec();
    let mut undecided = Vec::new();
    let mut runs = 0;
    let mut k = 0;
    while k < kept.len() {
        let candidate = kept[k];
        let rest: Vec<usize> = kept.iter().copied().filter(|&i| i != candidate).collect();
        runs += 1;
        match decide(smt, &rest, &mut SmtStats::default())? {
            // The refutation of the rest may use fewer still: keep only what it used (in the
            // original order), and look at the same position again.
            Decision::Unsat(used) => kept.retain(|i| used.contains(i)),
            Decision::Sat(_) => k += 1,
            Decision::Unknown(_) => {
                undecided.push(candidate);
                k += 1;
            }
        }
    }
    Ok((kept, runs, undecided))
}

/// The seam between the workbench and the SMT engine's interpolation: for parts `P1 .. Pn`
/// (assertion indices) whose conjunction is unsatisfiable, the interpolants `I1 .. In-1` in
/// SMT-LIB syntax, each verified by the engine, and the name of the method that made them.
pub fn interpolants(
    smt: &SmtTheory,
    parts: &[Vec<usize>],
) -> Result<(Vec<String>, &'static str), InterpolationError> {
    let partitions: Vec<Vec<crate::smt::Formula>> = parts
        .iter()
        .map(|part| part.iter().map(|&i| smt.script.assertions[i].formula.clone()).collect())
        .collect();
    let made = smt::interpolate::smt_sequence_interpolants(smt.script.store(), &partitions)?;
    // Verified, but an answer must also keep to the script's logic (no built-in arithmetic in a
    // QF_UF script whose `+` is its own).
    let foreign =
        made.interpolants.iter().find_map(|i| smt.script.outside_vocabulary(&made.store, i));
    if let Some(why) = foreign {
        return Err(InterpolationError::Unverified(why));
    }
    let shown = made.interpolants.iter().map(|i| smt.script.formula_text(&made.store, i)).collect();
    let method = if made.from_models {
        "smt, found over models of A where the refutation's lemmas mix both sides (cubes over \
         shared terms that B refutes; node by node for a sequence)"
    } else {
        "smt, from the checked refutation (McMillan's system; Farkas and congruence lemma \
         interpolants)"
    };
    Ok((shown, method))
}

/// Resolves the words of each part into assertion indices: names, or `*` for every assertion
/// no other part names.
fn resolve_parts(
    smt: &SmtTheory,
    goal: &str,
    parts: &[Vec<String>],
) -> Result<Vec<Vec<usize>>, CommandError> {
    let mut seen: Vec<&str> = Vec::new();
    for w in parts.iter().flatten().filter(|w| *w != "*") {
        if smt.index_of(w).is_none() {
            return Err(CommandError::Refused(format!(
                "goal {goal} has no assertion named `{w}` (assertions: {}; formulas typed inline \
                 are not read for SMT-LIB goals)",
                smt.names().join(", ")
            )));
        }
        if seen.contains(&w.as_str()) {
            return Err(CommandError::Refused(format!("`{w}` is named on two sides")));
        }
        seen.push(w);
    }
    let mut resolved: Vec<Vec<usize>> = Vec::new();
    for part in parts {
        let mut indices: Vec<usize> = Vec::new();
        for (i, a) in smt.script.assertions.iter().enumerate() {
            let named_here = part.contains(&a.name);
            let star = part.iter().any(|w| w == "*") && !seen.contains(&a.name.as_str());
            if named_here || star {
                indices.push(i);
            }
        }
        resolved.push(indices);
    }
    Ok(resolved)
}

/// `interpolate A | B` and `interpolate --sequence P1 ; ... ; Pn` on a script's goal.
pub(crate) fn interpolate(
    smt: &SmtTheory,
    goal: &str,
    parts: &[Vec<String>],
    out: &mut dyn Write,
) -> CommandResult {
    let resolved = resolve_parts(smt, goal, parts)?;
    let describe = |part: &Vec<usize>| -> String {
        let names: Vec<String> =
            part.iter().map(|&i| smt.script.assertions[i].name.clone()).collect();
        if names.is_empty() { "{}".to_string() } else { names.join(", ") }
    };
    if let Some(k) = resolved.iter().position(Vec::is_empty) {
        return Err(format!("part {} names no assertion", k + 1).into());
    }
    let sides: Vec<String> = resolved.iter().map(describe).collect();
    if parts.len() == 2 {
        writeln!(out, "split of {goal}: A = {} | B = {}", sides[0], sides[1])?;
    } else {
        writeln!(out, "sequence of {goal}: {}", sides.join(" ; "))?;
    }
    let (shown, engine) = interpolants(smt, &resolved)?;
    writeln!(out, "engine: {engine}")?;
    if parts.len() == 2 {
        writeln!(out, "interpolant: {}", shown[0])?;
    } else {
        for (k, i) in shown.iter().enumerate() {
            writeln!(out, "I{}: {i}", k + 1)?;
        }
    }
    writeln!(
        out,
        "verified: A implies I, I and B unsatisfiable, I over shared symbols (each by a \
         checked refutation)"
    )?;
    Ok(Control::Continue)
}

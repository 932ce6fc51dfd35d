//! TPTP problems (`.p`, `.ax`) at the prompt, the smallest kind: the problem is one goal, its
//! axioms the hypotheses and its conjecture (if any) the statement. A quantified SMT-LIB
//! script is loaded as one too, through its translation to TFF.

use std::io::Write;
use std::sync::Arc;

use crate::fol::{Problem, SymbolOrigin};
use crate::session::fnv1a64;
use crate::translate::TranslateOptions;

use super::goal_views::{write_clauses, write_formula_names};
use super::kind::{GoalEntry, GoalKey, GoalProblem, GoalView, Theory, TheoryKind};
use super::{CommandError, CommandResult, Control, counted};

/// A clausified TPTP problem.
#[derive(Debug)]
pub struct TptpTheory {
    /// The clauses, each with the formula it came from.
    pub problem: Arc<Problem>,
    /// Whether it is the translation of a quantified SMT-LIB script.
    pub from_smt: bool,
}

impl TheoryKind for TptpTheory {
    fn load_text(&self, theory: &Theory, goals: usize) -> String {
        let mut text = format!(
            "loaded theory {} from {}: {}, {}\n",
            theory.name,
            theory.path,
            counted(self.problem.clauses.len(), "clause"),
            counted(goals, "goal"),
        );
        if self.from_smt {
            text.push_str(
                "quantified SMT-LIB script: translated to TFF, decided by the superposition \
                 prover\n",
            );
        }
        text
    }

    fn summary(&self) -> String {
        let mut names: Vec<&str> =
            self.problem.clauses.iter().map(|c| c.source.name.as_str()).collect();
        names.dedup();
        format!("{} formulas, {} clauses", names.len(), self.problem.clauses.len())
    }

    fn goals(&self, theory: &Theory) -> Vec<GoalEntry> {
        vec![GoalEntry::whole(theory)]
    }

    fn names(&self) -> Vec<String> {
        let p = &self.problem;
        let mut names: Vec<String> = p.clauses.iter().map(|c| c.source.name.clone()).collect();
        names.extend(
            p.signature
                .ids()
                .filter(|&s| p.signature.info(s).origin == SymbolOrigin::Input)
                .map(|s| p.signature.name(s).to_string()),
        );
        names
    }

    fn goal_problem(
        &self,
        _: &Theory,
        _: &str,
        _: GoalKey,
        _: &TranslateOptions,
    ) -> Result<GoalProblem, CommandError> {
        Ok(GoalProblem::Ready(self.problem.clone()))
    }

    fn show_goal(
        &self,
        theory: &Theory,
        goal: &GoalView<'_>,
        out: &mut dyn Write,
    ) -> CommandResult {
        if let Some(v @ ("hol" | "sorts")) = goal.view {
            return Err(format!(
                "goal {} is a TPTP problem: it has no {} view (try `show {} clauses`)",
                goal.name,
                if v == "hol" { "HOL" } else { "sort" },
                goal.name
            )
            .into());
        }
        writeln!(out, "goal {} (theory {}, {})", goal.name, theory.name, theory.path)?;
        write_formula_names(&self.problem, out)?;
        if matches!(goal.view, Some(v) if v != "sequent") {
            write_clauses(&self.problem, out)?;
        }
        Ok(Control::Continue)
    }
}

/// Reads a TPTP problem (with the files it includes) into a theory.
pub(crate) fn load(path: &str, name: String) -> Result<Theory, CommandError> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let problem = crate::input::load_problem(std::path::Path::new(path))
        .map_err(|e| CommandError::of_input(&e, one_line(&e.to_string())))?;
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
    let mut theory = Theory::new(
        name,
        path.to_string(),
        fnv1a64(&bytes),
        TptpTheory { problem: Arc::new(problem), from_smt: false },
    );
    theory.text_checksum = fnv1a64(&text);
    Ok(theory)
}

/// Error messages go on one line so the prompt stays readable and transcripts stay stable.
fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

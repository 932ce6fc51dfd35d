//! How the goals of every kind are shown: the pieces `show GOAL` writes for a TPTP problem's
//! formulas and clauses and for a translated HOL sequent (its outcome, first-order formulas,
//! clauses and sort report), shared by the kinds that have them.

use std::io::Write;

use crate::fol::Problem;
use crate::syntax::SourceMap;
use crate::translate::eliminate::show_formula;
use crate::translate::{SequentOutcome, SequentTranslation};

use super::counted;
use super::kind::{GoalView, locate};

/// The names of a problem's hypotheses and of its statement.
pub(crate) fn write_formula_names(problem: &Problem, out: &mut dyn Write) -> std::io::Result<()> {
    let mut hypotheses: Vec<&str> = Vec::new();
    let mut conjectures: Vec<&str> = Vec::new();
    for c in &problem.clauses {
        let list = if c.source.role.is_goal() { &mut conjectures } else { &mut hypotheses };
        if !list.contains(&c.source.name.as_str()) {
            list.push(&c.source.name);
        }
    }
    writeln!(
        out,
        "hypotheses: {}",
        if hypotheses.is_empty() { "none".to_string() } else { hypotheses.join(", ") }
    )?;
    writeln!(
        out,
        "statement: {}",
        if conjectures.is_empty() {
            "none (the hypotheses should be contradictory)".to_string()
        } else {
            conjectures.join(", ")
        }
    )
}

/// Every clause of a problem with the name and role of its formula.
pub(crate) fn write_clauses(problem: &Problem, out: &mut dyn Write) -> std::io::Result<()> {
    for c in &problem.clauses {
        writeln!(
            out,
            "  {} ({}): {}",
            c.source.name,
            c.source.role,
            c.clause.display(&problem.signature, &problem.bank)
        )?;
    }
    Ok(())
}

/// One line on what the translation made of the sequent.
pub(crate) fn write_outcome(
    translation: &SequentTranslation,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    match &translation.outcome {
        SequentOutcome::Discharged(reason) => {
            writeln!(out, "translation: discharged without the prover ({reason})")
        }
        SequentOutcome::Refused(reason) => {
            writeln!(out, "translation: refused ({reason})")
        }
        SequentOutcome::Problem(problem) => writeln!(
            out,
            "translation: {}, {}{}",
            counted(translation.formulas.len(), "formula"),
            counted(problem.clauses.len(), "clause"),
            if problem.complete {
                ""
            } else {
                " (incomplete: something was approximated or left out, so a failed proof \
                 does not disprove the sequent)"
            }
        ),
    }
}

/// Which sorts were erased or guarded, what was approximated and what was left out.
pub(crate) fn write_sort_report(
    sources: &SourceMap,
    translation: &SequentTranslation,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    if translation.sorts.is_empty() {
        writeln!(out, "sorts: none (the sequent mentions no declared sort)")?;
    }
    for d in &translation.sorts {
        let what = if d.guarded { "guarded" } else { "erased" };
        writeln!(out, "sort {}: {what} ({})", d.sort, d.reason)?;
    }
    if translation.approximations.is_empty() {
        writeln!(out, "approximations: none")?;
    }
    for (item, a) in &translation.approximations {
        writeln!(
            out,
            "approximated in {item} at {} by {}: {} ({})",
            locate(sources, a.span),
            a.replacement(),
            a.text,
            a.reason
        )?;
    }
    if translation.left_out.is_empty() && translation.left_out_valid.is_empty() {
        writeln!(out, "left out: nothing")?;
    }
    for (name, why) in &translation.left_out {
        writeln!(out, "left out: {name}: {why}")?;
    }
    for (name, why) in &translation.left_out_valid {
        writeln!(out, "left out: {name}: {why}")?;
    }
    Ok(())
}

/// `show GOAL sequent` and `show GOAL clauses` of a translated HOL goal (a spec lemma's
/// sequent or a program obligation): the outcome, then its first-order formulas or clauses.
pub(crate) fn write_translation_view(
    translation: &SequentTranslation,
    view: &str,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    write_outcome(translation, out)?;
    if view == "sequent" {
        for (source, formula) in &translation.formulas {
            writeln!(out, "  {} ({}): {}", source.name, source.role, show_formula(formula))?;
        }
    } else if let SequentOutcome::Problem(problem) = &translation.outcome {
        write_clauses(problem, out)?;
    }
    Ok(())
}

/// `, sequent K of N` when the translation split a lemma or obligation into N goals, nothing
/// when it made one.
pub(crate) fn sequent_part(goal: &GoalView<'_>) -> String {
    if goal.siblings > 1 {
        format!(", sequent {} of {}", goal.key.sequent + 1, goal.siblings)
    } else {
        String::new()
    }
}

/// Background generated for a problem: on both sides of every split.
pub(crate) fn is_generated(source: &crate::fol::InputSource) -> bool {
    matches!(source.part, crate::fol::Part::Generated(_))
}

//! How the goals of every kind are shown: the pieces `show GOAL` writes for a TPTP problem's
//! formulas and clauses and for a translated HOL sequent (its outcome, first-order formulas,
//! clauses and sort report), shared by the kinds that have them.

use std::collections::BTreeMap;
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

/// The first-order name the translation gives each constant of a HOL signature, mapped back to
/// the constant's own name where the two differ (polymorphic constants, whose first-order
/// names carry their type, are left out: their names do not read back one to one).
pub(crate) fn source_names(signature: crate::hol::Signature<'_>) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for c in signature.consts {
        let first_order = crate::translate::eliminate::symbol_name(&c.name);
        if c.params.is_empty() && first_order != c.name {
            names.entry(first_order).or_insert_with(|| c.name.clone());
        }
    }
    names
}

/// `text` (TPTP) with every name `names` maps replaced by what it maps to; quoted names are
/// left alone.
pub(crate) fn rename_tptp(text: &str, names: &BTreeMap<String, String>) -> String {
    let mut out = String::new();
    let mut chars = text.char_indices().peekable();
    while let Some((at, c)) = chars.next() {
        if c == '\'' || c == '"' {
            out.push(c);
            for (_, d) in chars.by_ref() {
                out.push(d);
                if d == c {
                    break;
                }
            }
        } else if c.is_ascii_alphabetic() {
            let mut end = at + c.len_utf8();
            while let Some(&(i, d)) = chars.peek() {
                if !(d.is_ascii_alphanumeric() || d == '_') {
                    break;
                }
                end = i + d.len_utf8();
                chars.next();
            }
            let word = &text[at..end];
            out.push_str(names.get(word).map_or(word, String::as_str));
        } else {
            out.push(c);
        }
    }
    out
}

/// Background generated for a problem: on both sides of every split.
pub(crate) fn is_generated(source: &crate::fol::InputSource) -> bool {
    matches!(source.part, crate::fol::Part::Generated(_))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renaming_reads_names_back_and_leaves_quotes_alone() {
        let names: BTreeMap<String, String> = [("r_8", "r@8"), ("c_FuncTree_key", "FuncTree.key")]
            .into_iter()
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect();
        assert_eq!(
            rename_tptp("fof(i, plain, (r_8 != null & c_FuncTree_key(r_8) = 'r_8')).", &names),
            "fof(i, plain, (r@8 != null & FuncTree.key(r@8) = 'r_8'))."
        );
        // A longer name that starts with a mapped one is a different name.
        assert_eq!(rename_tptp("r_80 = r_8", &names), "r_80 = r@8");
    }
}

//! The text the `craig interpolate` command prints: each verified interpolant as a TPTP line
//! `fof(NAME, plain, FORMULA).` followed by its verification figures as `%` comments. Unverified
//! formulas are mentioned in comments only, never as `fof` lines.

use std::fmt::Write as _;
use std::path::Path;

use super::formula::{size, to_tptp};
use super::tptp_split::{InterpolantKind, check_declarations, load_split};
use super::{
    Checked, InterpolateError, InterpolateOptions, Interpolation, Method, SequenceInterpolation,
    interpolate,
};

impl InterpolateError {
    /// The exit code of the command line for this error (documented in `craig interpolate
    /// --help`): 2 input, 3 satisfiable split, 4 empty side, 5 colour conflict, 6 no (local)
    /// refutation, 7 no verified interpolant.
    pub fn exit_code(&self) -> u8 {
        match self {
            InterpolateError::Input(_) | InterpolateError::SideCount { .. } => 2,
            InterpolateError::Satisfiable => 3,
            InterpolateError::EmptySide(_) => 4,
            InterpolateError::Colour(_) => 5,
            // The command line raises no cancel flag; an interrupt is a search that ended
            // without a refutation.
            InterpolateError::NotLocal(_)
            | InterpolateError::NoRefutation(_)
            | InterpolateError::ProofRejected(_)
            | InterpolateError::Interrupted => 6,
            InterpolateError::Unverified(_) => 7,
        }
    }
}

fn write_checked(name: &str, what: &str, checked: &Checked, background: bool, out: &mut String) {
    match &checked.verdict {
        Ok(v) => {
            let (a, b, vocabulary) = if background {
                ("A & T", "I & B & T", "symbols shared by A and B or of T only")
            } else {
                ("A", "I & B", "shared symbols only")
            };
            let _ = writeln!(out, "fof({name}, plain, {}).", to_tptp(&checked.formula));
            let _ = writeln!(out, "% {what}, size {}", size(&checked.formula));
            let _ = writeln!(out, "% verified {a} |= I: {}", v.entailed_by_a.describe());
            let _ = writeln!(out, "% verified {b} |= $false: {}", v.refutes_b.describe());
            let _ = writeln!(out, "% verified vocabulary: {vocabulary}");
        }
        Err(e) => {
            let _ = writeln!(out, "% {what}: not shown, verification failed: {e}");
        }
    }
}

/// Writes the interpolants of `result` (with `show_raw`, the raw ones as well as the simplified).
pub fn write_interpolation(result: &Interpolation, show_raw: bool, out: &mut String) {
    let several = result.interpolants.len() > 1;
    let t = result.background;
    for interpolant in &result.interpolants {
        let method = interpolant.method.name();
        let base =
            if several { format!("interpolant_{method}") } else { "interpolant".to_string() };
        match &interpolant.simplified {
            Some(simplified) if simplified.is_verified() => {
                write_checked(&base, &format!("{method}, simplified"), simplified, t, out);
                if show_raw {
                    write_checked(
                        &format!("{base}_raw"),
                        &format!("{method}, raw"),
                        &interpolant.raw,
                        t,
                        out,
                    );
                }
            }
            Some(simplified) => {
                write_checked(&base, &format!("{method}, raw"), &interpolant.raw, t, out);
                write_checked(
                    &format!("{base}_simplified"),
                    &format!("{method}, simplified"),
                    simplified,
                    t,
                    out,
                );
            }
            None if !result.simplify_asked => write_checked(
                &base,
                &format!("{method}, as read off the refutation"),
                &interpolant.raw,
                t,
                out,
            ),
            None => write_checked(
                &base,
                &format!("{method}, raw (already simplest)"),
                &interpolant.raw,
                t,
                out,
            ),
        }
    }
    let p = &result.proof;
    if result.interpolants.iter().all(|i| i.method == Method::Smt) {
        // Not the prover's refutation (the SMT engine's): no figures of a saturation.
        let _ = writeln!(out, "% refutation: {}", p.attempt);
    } else {
        let _ = writeln!(
            out,
            "% refutation: {}; {} given clauses, {} proof steps, {} checked",
            p.attempt, p.given_clauses, p.proof_steps, p.steps_checked
        );
    }
    for note in &result.notes {
        let _ = writeln!(out, "% note: {note}");
    }
}

/// Writes a verified sequence `I1..I(n-1)` as `fof(interpolant_K, plain, ..).` lines (the
/// simplified sequence when it passed its checks), then the figures of each `I(k-1) ∧ Ak ⊨ Ik`.
pub fn write_sequence(result: &SequenceInterpolation, out: &mut String) {
    let (formulas, checks, what) = match &result.simplified {
        Some((formulas, checks)) => (formulas, checks, "simplified"),
        None => (&result.raw, &result.raw_checks, "raw"),
    };
    for (k, f) in formulas.iter().enumerate() {
        let _ = writeln!(out, "fof(interpolant_{}, plain, {}).", k + 1, to_tptp(f));
    }
    let _ = writeln!(out, "% sequence ({what}) verified, vocabulary of each cut checked");
    for (k, c) in checks.iter().enumerate() {
        let _ = writeln!(out, "% verified I{k} & A{} |= I{}: {}", k + 1, k + 1, c.describe());
    }
    let p = &result.proof;
    let _ = writeln!(
        out,
        "% refutation: {}; {} given clauses, {} proof steps, {} checked",
        p.attempt, p.given_clauses, p.proof_steps, p.steps_checked
    );
    for note in &result.notes {
        let _ = writeln!(out, "% note: {note}");
    }
}

/// The whole `craig interpolate FILE` run: read the marked-up file, check the colour
/// declarations, interpolate, and render the answer. A `show_interpolant` option in the file
/// chooses whether the interpolant is simplified. The warnings and notes of the reading are the
/// answer's first comment lines; they are also added to `remarks` (`warning: ..`, `note: ..`),
/// so that a failed run can still show them.
pub fn interpolate_file(
    path: &Path,
    options: &InterpolateOptions,
    show_raw: bool,
    remarks: &mut Vec<String>,
) -> Result<String, InterpolateError> {
    let split = load_split(path)?;
    remarks.extend(split.warnings.iter().cloned());
    remarks.extend(split.notes.iter().map(|n| format!("note: {n}")));
    check_declarations(&split)?;
    let mut options = options.clone();
    match split.kind {
        Some(InterpolantKind::AsBuilt) => options.simplify = false,
        Some(InterpolantKind::Minimized) => {
            options.simplify = true;
            options.minimise = true;
        }
        // A background theory makes parts of an interpolant redundant (a disjunct T refutes),
        // so those are dropped unless the file asks for the interpolant as built.
        None => options.minimise |= split.has_background(),
    }
    let result = interpolate(&split.problem, &split.sides, &options)?;
    let mut out = String::new();
    for warning in &split.warnings {
        let _ = writeln!(out, "% {warning}");
    }
    for note in &split.notes {
        let _ = writeln!(out, "% note: {note}");
    }
    if split.has_background() {
        let _ = writeln!(
            out,
            "% background theory T, on both sides (formulas outside the sections with no symbol \
             declared left or right: {}): the interpolant I satisfies A & T |= I and \
             I & B & T |= $false",
            split.background.join(", ")
        );
    }
    write_interpolation(&result, show_raw, &mut out);
    Ok(out)
}

//! `interpolate`: Craig interpolants for a split of a goal's hypotheses (or of formulas typed
//! inline), sequences of them, and moving one hypothesis across the split to ask again.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::Write;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::{CommandSpec, arity};
use crate::fol::Problem;
use crate::fol::formula::Formula;
use crate::fol::{Clausifier, InputClause, InputSource, Part, Role};
use crate::input::parse_formulas;
use crate::interpolate::formula::to_tptp;
use crate::interpolate::report::{write_interpolation, write_sequence};
use crate::interpolate::verify::Watch;
use crate::interpolate::{
    InterpolateError, InterpolateOptions, Interpolation, PartialInterpolant, Side, System,
    interpolate, interpolate_sequence,
};
use crate::prover::Prover;
use crate::repl::goal_views::{is_generated, rename_tptp};
use crate::repl::kind::TheoryKind;
use crate::repl::options::{InterpolationOptions, parse_words};
use crate::repl::{
    CommandError, CommandResult, Control, GoalProblem, Progress, Workbench, search_counters,
};

pub const SPEC: CommandSpec = CommandSpec {
    name: "interpolate",
    summary: "a verified Craig interpolant for a split A | B of a goal's hypotheses",
    usage: "interpolate [--goal GOAL] [--system mcmillan|pudlak|both] [--raw] [--steps] \
            A-PARTS | B-PARTS  |  interpolate --sequence [--goal GOAL] P1 ; P2 ; ... ; Pn  \
            |  interpolate --move NAME",
    help: "Computes I with A |= I, I & B unsatisfiable and I over the symbols A and B share, from\n\
           one of craig's refutations, and prints it only after verifying all three (each\n\
           entailment refuted by craig and the refutation re-checked; the figures are printed).\n\
           A-PARTS and B-PARTS are hypothesis names of the goal (the goal's own name stands for\n\
           its negated statement), `*` for every formula not named on the other side, or\n\
           formulas typed inline in TPTP syntax between quotes, e.g. \"p(a) & ~q\". The goal is\n\
           the one of the last `prove` unless --goal names one. Formulas named on neither side\n\
           are left out; for a spec goal or a proof obligation, the clauses the translation\n\
           generated (sort axioms, integer literal order) are background on both sides.\n\
           --system   for propositional splits: McMillan's system (default), Pudlak's, or both\n\
           --raw      also print the interpolant as built, before simplification by egg\n\
           --steps    print the partial interpolant of every proof step (which steps made I);\n\
                      a ground split then comes from the prover, not the SMT engine\n\
           --sequence parts P1 ; ... ; Pn: I1..I(n-1) with I(k-1) & Pk |= Ik, from one proof\n\
           --move N   move hypothesis N to the other side of the last split and ask again\n\
           A split that is satisfiable, an empty side, or a refutation craig cannot make local\n\
           is reported as such; an interpolant that fails verification is never shown.\n\
           A side unsatisfiable on its own is refuted first (300 given clauses): $false is the\n\
           interpolant when A alone is, $true when B alone is. Each search and check is bounded\n\
           by `time-limit` and `steps`; Ctrl-C stops them and answers `interrupted`.\n\
           A ground, untyped split goes to the SMT engine first (`% smt, ...`), the prover's\n\
           local refutation answering when the engine gives none.\n\
           On a Java obligation each interpolant is also written in the source's names and in\n\
           Jahob's notation (`t..FuncTree.key < k`), as `show` prints the sequent.\n\
           On an SMT-LIB script's goal the parts are assertion names (or `*`), the SMT core\n\
           interpolates (Farkas interpolation for conjunctions of linear constraints; the\n\
           line `engine:` says which), and each interpolant is printed in SMT-LIB syntax.",
    changes_state: false,
    run,
};

/// What `interpolate --move` repeats.
#[derive(Clone, Debug)]
pub(crate) struct SplitRequest {
    goal: Option<String>,
    a: Vec<String>,
    b: Vec<String>,
    options: Flags,
}

#[derive(Clone, Debug, Default)]
struct Flags {
    systems: Option<Vec<System>>,
    raw: bool,
    steps: bool,
}

/// The words of `interpolate`: the parts, the options `craig interpolate` takes to choose the
/// system and the form shown, and the prompt's own.
#[derive(clap::Parser)]
#[command(name = "interpolate")]
pub(crate) struct InterpolateWords {
    /// The goal whose hypotheses are split (default: the last `prove`'s).
    #[arg(long, value_name = "GOAL")]
    goal: Option<String>,
    #[command(flatten)]
    shown: InterpolationOptions,
    /// Print the partial interpolant of every proof step.
    #[arg(long)]
    steps: bool,
    /// The parts are a sequence P1 ; ... ; Pn.
    #[arg(long)]
    sequence: bool,
    /// Move this hypothesis to the other side of the last split and ask again.
    #[arg(long = "move", value_name = "NAME",
          conflicts_with_all = ["goal", "system", "raw", "steps", "sequence", "parts"])]
    moved: Option<String>,
    /// The parts: hypothesis names, `*` or inline formulas, separated by `|` (or `;`).
    parts: Vec<String>,
}

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 1, usize::MAX)?;
    let words: InterpolateWords = parse_words(args, SPEC.usage)?;
    if let Some(name) = &words.moved {
        return move_and_ask_again(wb, name, out);
    }
    let InterpolateWords { goal, shown, steps, sequence, parts: rest, .. } = words;
    let flags = Flags { systems: Some(shown.system.systems()), raw: shown.raw, steps };
    let parts = split_parts(&rest, if sequence { ";" } else { "|" });
    if sequence {
        if parts.len() < 2 {
            return Err(CommandError::Refused(
                "a sequence needs at least two parts separated by `;`".into(),
            ));
        }
        if let Some(k) = parts.iter().position(Vec::is_empty) {
            return Err(format!("part {} of the sequence is empty", k + 1).into());
        }
        return run_sequence(wb, goal.as_deref(), &parts, &flags, out);
    }
    if parts.len() != 2 {
        return Err(format!(
            "expected the two sides separated by one `|`, got {} part{}; usage: {}",
            parts.len(),
            if parts.len() == 1 { "" } else { "s" },
            SPEC.usage
        )
        .into());
    }
    for (side, part) in ["A", "B"].iter().zip(&parts) {
        if part.is_empty() {
            return Err(
                format!("side {side} is empty: name hypotheses, `*`, or type formulas").into()
            );
        }
    }
    let request = SplitRequest { goal, a: parts[0].clone(), b: parts[1].clone(), options: flags };
    ask(wb, request, out)
}

/// The words of each part, split at `separator` (standing alone, or inside a word made of
/// names only, like `h1,h2|h3`); commas separate names too.
fn split_parts(words: &[String], separator: &str) -> Vec<Vec<String>> {
    let mut parts: Vec<Vec<String>> = vec![Vec::new()];
    for w in words {
        if is_inline_formula(w) {
            parts.last_mut().expect("never empty").push(w.clone());
            continue;
        }
        let mut pieces = w.split(separator).peekable();
        while let Some(piece) = pieces.next() {
            for name in piece.split(',').filter(|n| !n.is_empty()) {
                parts.last_mut().expect("never empty").push(name.to_string());
            }
            if pieces.peek().is_some() {
                parts.push(Vec::new());
            }
        }
    }
    parts
}

/// A word is an inline formula when it has anything but name characters and separators. Dots
/// and colons are name characters: proof obligations are named `Class.method:N`, and no TPTP
/// formula is made of names, dots and colons alone.
fn is_inline_formula(word: &str) -> bool {
    !word.chars().all(|c| c.is_alphanumeric() || "_,|;*.:".contains(c))
}

fn options(wb: &Workbench, flags: &Flags) -> InterpolateOptions {
    let limit = Duration::from_secs_f64(wb.state.settings.time_limit.unwrap_or(60.0));
    // Ctrl-C raises the workbench's flag; every search of the interpolation polls it after each
    // given clause, as `prove` does. A flag left up by an earlier Ctrl-C is lowered first.
    wb.interrupt.store(false, Ordering::SeqCst);
    let mut options = InterpolateOptions {
        time_limit: limit,
        check_time_limit: limit,
        // `set steps` bounds each search and check, as it bounds `prove`.
        given_limit: wb.state.settings.steps,
        cancel: Some(wb.interrupt.clone()),
        watch: progress_watch(wb),
        ..Default::default()
    };
    if let Some(systems) = &flags.systems {
        options.systems = systems.clone();
    }
    // The partial interpolants are the steps of a prover refutation of the split, which
    // neither the SMT engine's route for ground splits nor a refutation of one side alone
    // makes.
    options.ground_smt = !flags.steps;
    options.sides_alone = !flags.steps;
    options
}

/// The status line of an interpolation: the counters of whichever search or check is running,
/// with the time since the command started.
fn progress_watch(wb: &Workbench) -> Option<Watch> {
    let observer = wb.progress.clone()?;
    let start = Instant::now();
    let watch = move |prover: &Prover| {
        let progress = Progress {
            task: "interpolate",
            counters: &search_counters(prover),
            elapsed: start.elapsed(),
        };
        (observer.borrow_mut())(&progress);
    };
    Some(Watch(Rc::new(RefCell::new(watch))))
}

/// The command's answer to a failed interpolation: `interrupted` (Ctrl-C) as a plain line, the
/// session going on; any other failure as an error of its kind. A split that is satisfiable or
/// has an empty side, formulas that do not read or mix colours are the request's fault; a
/// refutation craig did not find or could not make local within the limits, or interpolants it
/// could not verify within them, are beyond it; sides that do not match the clauses (the
/// workbench assembles both) and a refutation its checker rejected are bugs.
fn answer_failure(error: InterpolateError, out: &mut dyn Write) -> CommandResult {
    let message = error.to_string();
    Err(match error {
        InterpolateError::Interrupted => {
            writeln!(out, "interrupted")?;
            return Ok(Control::Continue);
        }
        InterpolateError::Input(e) => CommandError::of_input(&e, message),
        InterpolateError::EmptySide(_)
        | InterpolateError::Colour(_)
        | InterpolateError::Satisfiable => CommandError::Refused(message),
        InterpolateError::NotLocal(_)
        | InterpolateError::NoRefutation(_)
        | InterpolateError::Unverified(_) => CommandError::Unsupported(message),
        InterpolateError::SideCount { .. } | InterpolateError::ProofRejected(_) => {
            CommandError::Internal(message)
        }
    })
}

/// The problem a split is taken from, with the name of its goal (if any).
struct Source {
    goal: Option<String>,
    problem: Arc<Problem>,
    /// Formula names the translation generated: background, on every side.
    background: Vec<String>,
}

fn source(
    wb: &Workbench,
    goal: Option<&str>,
    any_named: bool,
) -> Result<Option<Source>, CommandError> {
    let name = match goal {
        Some(g) => g.to_string(),
        // Formulas typed inline stand on their own unless a goal is named.
        None if !any_named => return Ok(None),
        None => match (wb.state.last.as_deref(), wb.state.last_smt.as_deref()) {
            (Some(attempt), _) => attempt.goal.clone(),
            (None, Some(attempt)) => attempt.goal.clone(),
            (None, None) => {
                return Err(CommandError::Refused(
                    "which goal? `prove` one first, or name it with --goal GOAL".into(),
                ));
            }
        },
    };
    let g = wb.state.goal(&name)?;
    let GoalProblem::Ready(problem) = wb.state.problem_of(g)? else {
        return Err(CommandError::Refused(format!(
            "goal {name} has no clauses (its translation discharged or refused it)"
        )));
    };
    // Clauses the translation of a spec goal or a proof obligation generated (sort axioms, the
    // literal order) belong to neither side. (A TPTP problem's formulas, its distinct objects
    // included, are the user's to place.)
    let mut background: Vec<String> = Vec::new();
    if wb.state.sources_of(g).is_some() {
        for c in &problem.clauses {
            if is_generated(&c.source) && !background.contains(&c.source.name) {
                background.push(c.source.name.clone());
            }
        }
    }
    Ok(Some(Source { goal: Some(name), problem, background }))
}

/// Builds the problem of a split into `parts`: each clause of a named formula goes to the part
/// naming it, `*` takes every formula no other part names, background clauses go to every part,
/// and inline formulas are added to their part. Returns the problem and each clause's part.
fn assemble(
    source: Option<&Source>,
    parts: &[Vec<String>],
) -> Result<(Problem, Vec<usize>), CommandError> {
    let names_in = |part: &[String]| -> Vec<String> {
        part.iter().filter(|w| !is_inline_formula(w) && *w != "*").cloned().collect()
    };
    let mut seen: Vec<String> = Vec::new();
    for part in parts {
        for n in names_in(part) {
            if seen.contains(&n) {
                return Err(CommandError::Refused(format!("`{n}` is named on two sides")));
            }
            seen.push(n);
        }
    }
    let mut known: Vec<String> = Vec::new();
    if let Some(src) = source {
        for c in &src.problem.clauses {
            if !known.contains(&c.source.name) {
                known.push(c.source.name.clone());
            }
        }
        for n in &seen {
            if !known.contains(n) {
                return Err(CommandError::Refused(format!(
                    "goal {} has no formula named `{n}` (formulas: {}; a formula typed inline \
                     needs more than a name, e.g. \"(p)\" or \"p(a)\")",
                    src.goal.as_deref().unwrap_or("?"),
                    known.join(", ")
                )));
            }
        }
    } else if !seen.is_empty() {
        return Err(CommandError::Refused(format!(
            "no goal to take `{}` from (`prove` a goal first)",
            seen[0]
        )));
    }
    let part_of_name = |name: &str| -> Vec<usize> {
        if let Some(src) = source
            && src.background.iter().any(|b| b == name)
        {
            return (0..parts.len()).collect();
        }
        if let Some(i) = parts.iter().position(|p| p.iter().any(|w| w == name)) {
            return vec![i];
        }
        parts.iter().position(|p| p.iter().any(|w| w == "*")).into_iter().collect()
    };
    let mut problem = Problem::default();
    let mut sides: Vec<usize> = Vec::new();
    // Inline formulas are clausified into the goal's own signature and terms, so a symbol typed
    // inline is the goal's symbol of the same name and arity; each clause keeps its typed origin.
    if let Some(src) = source {
        problem = (*src.problem).clone();
        problem.clauses.clear();
        for c in &src.problem.clauses {
            for part in part_of_name(&c.source.name) {
                problem.clauses.push(c.clone());
                sides.push(part);
            }
        }
    } else {
        problem.complete = true;
    }
    problem.name = "split".to_string();
    let mut text = String::new();
    let mut inline: Vec<usize> = Vec::new();
    for (k, part) in parts.iter().enumerate() {
        for w in part.iter().filter(|w| is_inline_formula(w)) {
            text.push_str(&format!("fof(inline_{}, axiom, ({w})).\n", inline.len() + 1));
            inline.push(k);
        }
    }
    if inline.is_empty() {
        return Ok((problem, sides));
    }
    let formulas = parse_formulas(&text, "<interpolate>")
        .map_err(|e| CommandError::of_input(&e, format!("cannot read the inline formulas: {e}")))?;
    let mut clausifier = Clausifier::new(&mut problem.signature, &mut problem.bank);
    for (index, (part, (name, formula))) in inline.iter().zip(formulas).enumerate() {
        let source = InputSource {
            part: Part::Inline(index as u32),
            ..InputSource::input(name, "<interpolate>", Role::Axiom, true)
        };
        for clause in clausifier.clausify(&formula) {
            problem.clauses.push(InputClause { clause, source: source.clone() });
            sides.push(*part);
        }
    }
    drop(clausifier);
    Ok((problem, sides))
}

/// The goal a split is asked of, when it is an SMT-LIB script's (named, else the last one
/// `prove` tried): such goals are split by assertion names and interpolated by the SMT core.
fn smt_goal(
    wb: &Workbench,
    goal: Option<&str>,
) -> Option<(String, std::rc::Rc<crate::repl::smt::SmtTheory>)> {
    let name = match goal {
        Some(g) => g.to_string(),
        None if wb.state.last.is_none() => wb.state.last_smt.as_ref()?.goal.clone(),
        None => return None,
    };
    crate::repl::smt::smt_theory_of(wb, &name).map(|smt| (name, smt))
}

fn ask(wb: &mut Workbench, request: SplitRequest, out: &mut dyn Write) -> CommandResult {
    if let Some((goal, smt)) = smt_goal(wb, request.goal.as_deref()) {
        let parts = [request.a.clone(), request.b.clone()];
        let result = crate::repl::smt::interpolate(&smt, &goal, &parts, out);
        // The split is kept even when it was refused, so `--move` can mend it.
        wb.last_split = Some(request);
        return result;
    }
    let any_named = request.a.iter().chain(&request.b).any(|w| !is_inline_formula(w));
    let src = source(wb, request.goal.as_deref(), any_named)?;
    let (problem, parts) = assemble(src.as_ref(), &[request.a.clone(), request.b.clone()])?;
    let sides: Vec<Side> = parts.iter().map(|&p| if p == 0 { Side::A } else { Side::B }).collect();
    writeln!(
        out,
        "split{}: A = {} | B = {}",
        src.as_ref().and_then(|s| s.goal.as_ref()).map_or(String::new(), |g| format!(" of {g}")),
        describe_side(&request.a),
        describe_side(&request.b)
    )?;
    if let Some(s) = &src
        && !s.background.is_empty()
    {
        writeln!(out, "background on both sides: {}", s.background.join(", "))?;
    }
    let options = options(wb, &request.options);
    let result = match interpolate(&problem, &sides, &options) {
        Ok(result) => result,
        Err(e) => return answer_failure(e, out),
    };
    report(&result, &request.options, &readings(wb, src.as_ref()), out)?;
    wb.last_split = Some(request);
    Ok(Control::Continue)
}

fn describe_side(words: &[String]) -> String {
    if words.is_empty() {
        return "{}".to_string();
    }
    words.join(", ")
}

/// How the goal a split is taken from reads an interpolant back: the source's names of its
/// symbols, and the kind of theory, which may write the whole formula in the source's own
/// notation (none of either for a TPTP problem or formulas typed inline, whose names are the
/// user's own).
struct Readings {
    names: BTreeMap<String, String>,
    kind: Option<Rc<dyn TheoryKind>>,
}

fn readings(wb: &Workbench, src: Option<&Source>) -> Readings {
    let goal = src.and_then(|s| s.goal.as_deref()).and_then(|g| wb.state.goal(g).ok());
    let kind = goal.map(|g| wb.state.theory_of(g).content.clone());
    Readings { names: kind.as_ref().map(|k| k.source_names()).unwrap_or_default(), kind }
}

/// The report's text with each interpolant line followed by the interpolant in the source's
/// names, when the translation renamed any of its symbols (`r_8` is `r@8` in the program), and
/// in the source's own notation where its kind has one (Jahob's for Java: `c..Cell.val = 3`).
/// `formulas` are those the lines print, to read back in that notation.
fn with_readings(text: &str, readings: &Readings, formulas: &[&Formula]) -> String {
    let mut out = String::new();
    for line in text.lines() {
        out.push_str(line);
        out.push('\n');
        if !line.starts_with("fof(interpolant") {
            continue;
        }
        let written = |line: &str| {
            line.split_once(", plain, ").map(|(_, f)| f.trim_end_matches(").").trim().to_string())
        };
        let renamed = rename_tptp(line, &readings.names);
        if renamed != line
            && let Some(formula) = written(&renamed)
        {
            out.push_str(&format!("% in the source's names: {formula}\n"));
        }
        if let Some(kind) = &readings.kind
            && let Some(text) = written(line)
            && let Some(formula) = formulas.iter().find(|f| to_tptp(f) == text)
            && let Some((notation, formula)) = kind.in_own_notation(formula)
        {
            out.push_str(&format!("% in {notation}: {formula}\n"));
        }
    }
    out
}

fn report(
    result: &Interpolation,
    flags: &Flags,
    readings: &Readings,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let mut text = String::new();
    write_interpolation(result, flags.raw, &mut text);
    let formulas: Vec<&Formula> = result
        .interpolants
        .iter()
        .flat_map(|i| std::iter::once(&i.raw).chain(&i.simplified))
        .map(|c| &c.formula)
        .collect();
    out.write_all(with_readings(&text, readings, &formulas).as_bytes())?;
    if flags.steps {
        for interpolant in &result.interpolants {
            writeln!(out, "partial interpolants ({}), in proof order:", interpolant.method.name())?;
            write_partials(&interpolant.partials, out)?;
        }
    }
    Ok(())
}

fn write_partials(partials: &[PartialInterpolant], out: &mut dyn Write) -> std::io::Result<()> {
    for p in partials {
        writeln!(out, "  c_{} [{}]: {}", p.node.0, p.rule.name(), to_tptp(&p.formula))?;
    }
    Ok(())
}

fn move_and_ask_again(wb: &mut Workbench, name: &str, out: &mut dyn Write) -> CommandResult {
    let mut request = wb.last_split.clone().ok_or_else(|| {
        CommandError::Refused("no split to change yet: ask `interpolate A | B` first".into())
    })?;
    if let Some(i) = request.a.iter().position(|w| w == name) {
        request.a.remove(i);
        request.b.push(name.to_string());
        writeln!(out, "moved {name} from A to B")?;
    } else if let Some(i) = request.b.iter().position(|w| w == name) {
        request.b.remove(i);
        request.a.push(name.to_string());
        writeln!(out, "moved {name} from B to A")?;
    } else {
        return Err(format!(
            "`{name}` is not named in the last split (A = {} | B = {})",
            describe_side(&request.a),
            describe_side(&request.b)
        )
        .into());
    }
    ask(wb, request, out)
}

fn run_sequence(
    wb: &mut Workbench,
    goal: Option<&str>,
    parts: &[Vec<String>],
    flags: &Flags,
    out: &mut dyn Write,
) -> CommandResult {
    if let Some((goal, smt)) = smt_goal(wb, goal) {
        return crate::repl::smt::interpolate(&smt, &goal, parts, out);
    }
    let any_named = parts.iter().flatten().any(|w| !is_inline_formula(w));
    let src = source(wb, goal, any_named)?;
    let (problem, owners) = assemble(src.as_ref(), parts)?;
    writeln!(
        out,
        "sequence{}: {}",
        src.as_ref().and_then(|s| s.goal.as_ref()).map_or(String::new(), |g| format!(" of {g}")),
        parts.iter().map(|p| describe_side(p)).collect::<Vec<_>>().join(" ; ")
    )?;
    let options = options(wb, flags);
    let result = match interpolate_sequence(&problem, &owners, parts.len(), &options) {
        Ok(result) => result,
        Err(e) => return answer_failure(e, out),
    };
    let mut text = String::new();
    write_sequence(&result, &mut text);
    let formulas: Vec<&Formula> =
        result.raw.iter().chain(result.simplified.iter().flat_map(|(fs, _)| fs)).collect();
    out.write_all(with_readings(&text, &readings(wb, src.as_ref()), &formulas).as_bytes())?;
    if flags.steps {
        for (k, partials) in result.partials.iter().enumerate() {
            writeln!(out, "partial interpolants of cut {}, in proof order:", k + 1)?;
            write_partials(partials, out)?;
        }
    }
    Ok(Control::Continue)
}

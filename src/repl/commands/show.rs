//! `show GOAL [hol|sequent|clauses|sorts]`: what a goal is made of, at each stage of the
//! translation; `show ir METHOD`: a Java method's or a C function's IR listing.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::fol::Problem;
use crate::repl::theory::locate;
use crate::repl::{
    CommandResult, Control, GoalProblem, GoalSource, JavaTheory, SpecTheory, TheoryContent,
    Workbench, counted,
};
use crate::syntax::Span;
use crate::translate::eliminate::show_formula;
use crate::translate::{SequentOutcome, SequentTranslation};

pub const SPEC: CommandSpec = CommandSpec {
    name: "show",
    summary: "show a goal (overview, HOL, sequent, clauses, sorts), a method's IR, a summary, \
              a ΓCFA state or a Scheme program's CPS",
    usage: "show GOAL [hol|sequent|clauses|sorts] | show ir METHOD | show summary N | \
            show state N | show cps [THEORY] | show art | show node N | show cex | show path | \
            show interpolants [K] | show invariant",
    help: "Without a view, prints the goal's theory, its hypotheses and its statement.\n\
           hol      the lemma and its hypotheses as written in the spec file, with locations\n\
           sequent  the first-order sequent the translation made: each hypothesis kept, the\n\
                    sequent's own assumptions and the negated goal, before clausification\n\
           clauses  every input clause with the name and role of its formula (the conjecture\n\
                    appears negated, as the prover uses it)\n\
           sorts    which sorts were erased or guarded and why, what was approximated (with\n\
                    its location) and which hypotheses were left out\n\
           A TPTP goal has no HOL and no sorts; its sequent is its list of formulas.\n\
           Spec goals are translated under the current `sorts` and `retain` options.\n\
           A proof obligation of Java files shows what it checks and where, the path through\n\
           the method it covers, and its sequent in HOL: each hypothesis with what it is in\n\
           the program (precondition, class invariant, statement, branch, call, ...) and its\n\
           file:line:col, then the goal (`hol` shows the sequent alone).\n\
           show ir Class.method  the method's IR: contract, locals, then each location with\n\
                                 its edges, every line with its file:line:col (a C\n\
                                 program's functions by name: `show ir main`)\n\
           show summary N        summary N of the boolean program loaded last (`summaries`\n\
                                 lists them): its canonical entry state, its pattern and\n\
                                 its effects

           show state N  state N of the last `cfa`: what it does, its time, environment,\n\
                         continuation, store with counts, and successors\n\
           show cps [THEORY]  a Scheme program (default: the last loaded) in CPS\n\
           \n\
           On the refinement run of the C program loaded last (`help cegar`):\n\
           show art              the abstract reachability tree, one node a line: location,\n\
                                 parent, label, covering, error check, open nodes marked\n\
           show node N           node N: location, label, the edge from its parent, children,\n\
                                 coverings, and the refinements that strengthened it\n\
           show cex              the counterexample (UNSAFE: its inputs, replayed, and its\n\
                                 path), or else the last spurious abstract counterexample\n\
           show path             the last checked path's formula in SSA, one part per edge\n\
           show interpolants [K] refinement K's (default the last) path formula and sequence\n\
                                 interpolant, each formula against its path position\n\
           show invariant        after SAFE: the checked invariant at every reached location",
    changes_state: false,
    run,
};

/// The views `show` offers, for completion.
pub const VIEWS: &[&str] = &["hol", "sequent", "clauses", "sorts"];

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 1, 2)?;
    if args[0] == "ir" && wb.state.goal("ir").is_err() {
        return show_ir(wb, args.get(1).map(String::as_str), out);
    }
    // A refinement run on a C program (see `help cegar`).
    if crate::repl::refinement::SHOW_VIEWS.contains(&args[0].as_str())
        && wb.state.goal(&args[0]).is_err()
    {
        return crate::repl::refinement::show(wb, &args[0], args.get(1).map(String::as_str), out);
    }
    if args[0] == "summary" && wb.state.goal("summary").is_err() {
        return crate::repl::boolprog::show_summary(wb, args.get(1).map(String::as_str), out);
    }
    // Scheme programs (see `help cfa`): a state of the last analysis, or the program's CPS.
    let is_goal = wb.state.goal(&args[0]).is_ok();
    match (args[0].as_str(), args.get(1)) {
        _ if is_goal => {}
        ("state", Some(n)) => return crate::repl::cfa::show_state(wb, n, out),
        ("state", None) => return Err("usage: show state N".into()),
        ("cps", name) => return crate::repl::cfa::show_cps(wb, name.map(String::as_str), out),
        _ => {}
    }
    let view = args.get(1).map(String::as_str);
    if let Some(v) = view
        && !VIEWS.contains(&v)
    {
        return Err(format!(
            "unknown view `{v}` (one of: {}); usage: {}",
            VIEWS.join(", "),
            SPEC.usage
        )
        .into());
    }
    let state = &wb.state;
    let goal = state.goal(&args[0])?;
    let theory = state.theory_of(goal);
    match goal.source {
        GoalSource::TptpProblem { .. } => {
            let GoalProblem::Ready(problem) = state.problem_of(goal)? else {
                unreachable!("a TPTP goal is always a problem")
            };
            if let Some(v @ ("hol" | "sorts")) = view {
                return Err(format!(
                    "goal {} is a TPTP problem: it has no {} view (try `show {} clauses`)",
                    goal.name,
                    if v == "hol" { "HOL" } else { "sort" },
                    goal.name
                )
                .into());
            }
            writeln!(out, "goal {} (theory {}, {})", goal.name, theory.name, theory.path)?;
            match view {
                None | Some("sequent") => write_formula_names(&problem, out)?,
                Some(_) => {
                    write_formula_names(&problem, out)?;
                    write_clauses(&problem, out)?;
                }
            }
        }
        GoalSource::SpecSequent { theory: theory_index, item, sequent } => {
            let spec = state.spec_of(goal).expect("a spec goal has a spec theory").clone();
            let lemma = &spec.module.items[item];
            let translation = state.translation_of(goal)?;
            // Each sequent of the lemma is a goal of its own.
            let part = sequent_part(state, sequent, |source| {
                matches!(source, GoalSource::SpecSequent { theory: t, item: i, .. }
                    if *t == theory_index && *i == item)
            });
            writeln!(
                out,
                "goal {} (lemma {} at {}{part}; theory {})",
                goal.name,
                lemma.name,
                spec.location(lemma.name_span),
                theory.name
            )?;
            match view {
                None => {
                    writeln!(out, "statement: {}", spec.sources.snippet(lemma.span))?;
                    let names: Vec<&str> =
                        spec.module.items[..item].iter().map(|it| it.name.as_str()).collect();
                    writeln!(
                        out,
                        "hypotheses ({}): {}",
                        names.len(),
                        if names.is_empty() { "none".to_string() } else { names.join(", ") }
                    )?;
                    write_outcome(&translation, out)?;
                }
                Some("hol") => write_hol(&spec, item, out)?,
                Some(view @ ("sequent" | "clauses")) => {
                    write_translation_view(&translation, view, out)?
                }
                Some(_) => write_sort_report(&spec.sources, &translation, out)?,
            }
        }
        GoalSource::JavaSequent { theory: theory_index, obligation, sequent } => {
            let java = state.java_of(goal).expect("a Java goal has a Java theory").clone();
            let translation = state.translation_of(goal)?;
            let part = sequent_part(state, sequent, |source| {
                matches!(source, GoalSource::JavaSequent { theory: t, obligation: o, .. }
                    if *t == theory_index && *o == obligation)
            });
            writeln!(
                out,
                "goal {} (obligation {} of method {}{part}; theory {})",
                goal.name,
                java.obligation(obligation).sequent.name,
                java.method_of(obligation),
                theory.name
            )?;
            match view {
                None => {
                    writeln!(out, "checks: {}", java.what(obligation))?;
                    for line in java.path_lines(obligation) {
                        writeln!(out, "{line}")?;
                    }
                    write_obligation_hol(&java, obligation, out)?;
                    write_outcome(&translation, out)?;
                }
                Some("hol") => write_obligation_hol(&java, obligation, out)?,
                Some(view @ ("sequent" | "clauses")) => {
                    write_translation_view(&translation, view, out)?
                }
                Some(_) => write_sort_report(&java.sources, &translation, out)?,
            }
        }
        GoalSource::SmtScript { .. } => {
            let TheoryContent::Smt(smt) = &theory.content else {
                unreachable!("a script's goal of another theory")
            };
            if let Some(v) = view.filter(|v| *v != "sequent") {
                return Err(format!(
                    "goal {} is an SMT-LIB script's, decided by the SMT core: it has no {v} \
                     view (try `show {}`)",
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
                counted(smt.script.assertions.len(), "assertion")
            )?;
            for (i, a) in smt.script.assertions.iter().enumerate() {
                writeln!(out, "  {}: {} {}", a.name, smt.location(i), smt.text(i))?;
            }
        }
    }
    Ok(Control::Continue)
}

/// Names a span's `file:line:col` in the sources of one loaded program.
type Locate<'a> = Box<dyn Fn(Span) -> String + 'a>;

/// `show ir METHOD`: the IR listing of a method of a loaded Java theory or a function of a
/// loaded C program.
fn show_ir(wb: &Workbench, method: Option<&str>, out: &mut dyn Write) -> CommandResult {
    // Each program with the function that names a span's `file:line:col` in it.
    let mut programs: Vec<(&crate::ir::Program, Locate<'_>)> = Vec::new();
    for t in &wb.state.theories {
        match &t.content {
            TheoryContent::Java(j) => {
                programs.push((&j.verification.program, Box::new(move |s| j.location(s))));
            }
            TheoryContent::C(c) => programs.push((&c.program, Box::new(move |s| c.location(s)))),
            _ => {}
        }
    }
    if programs.is_empty() {
        return Err("`show ir` lists a method of Java files or a function of a C program, and \
                    none are loaded"
            .into());
    }
    let Some(method) = method else {
        return Err("usage: show ir Class.method | show ir FUNCTION".into());
    };
    for (program, locate) in &programs {
        if let Some(id) = program.find(method) {
            let text = crate::ir::print_procedure(program, program.procedure(id), &**locate);
            write!(out, "{text}")?;
            return Ok(Control::Continue);
        }
    }
    let names: Vec<&str> =
        programs.iter().flat_map(|(p, _)| p.procedures.iter().map(|p| p.name.as_str())).collect();
    Err(format!("no method `{method}` (methods: {})", names.join(", ")).into())
}

/// An obligation's sequent in HOL: each hypothesis with its kind, name and location, then the
/// goal, in the program's notation.
fn write_obligation_hol(
    java: &JavaTheory,
    obligation: usize,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let sequent = &java.obligation(obligation).sequent;
    writeln!(out, "hypotheses ({}):", sequent.hypotheses.len())?;
    for h in &sequent.hypotheses {
        let at = h.span.map_or(String::new(), |s| format!(" ({})", java.location(s)));
        writeln!(out, "  {} {}{at}: {}", h.kind.describe(), h.name, java.show_term(h.formula))?;
    }
    writeln!(out, "goal: {}", java.show_term(sequent.goal))
}

fn write_formula_names(problem: &Problem, out: &mut dyn Write) -> std::io::Result<()> {
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

fn write_clauses(problem: &Problem, out: &mut dyn Write) -> std::io::Result<()> {
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
fn write_outcome(translation: &SequentTranslation, out: &mut dyn Write) -> std::io::Result<()> {
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

/// The lemma and each hypothesis as written, each with its location.
fn write_hol(spec: &SpecTheory, item: usize, out: &mut dyn Write) -> std::io::Result<()> {
    for it in &spec.module.items[..=item] {
        let text = spec.sources.snippet(it.span);
        // Items can span lines; the location and first line carry the reading.
        let one_line: Vec<&str> = text.lines().map(str::trim).collect();
        writeln!(out, "  {}: {}", spec.location(it.span), one_line.join(" "))?;
    }
    Ok(())
}

fn write_sort_report(
    sources: &crate::syntax::SourceMap,
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
fn write_translation_view(
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

/// `, sequent K of N` when the translation split a lemma or obligation into N goals (`same`
/// recognises them), nothing when it made one.
fn sequent_part(
    state: &crate::repl::State,
    sequent: usize,
    same: impl Fn(&GoalSource) -> bool,
) -> String {
    let count = state.goals.iter().filter(|g| same(&g.source)).count();
    if count > 1 { format!(", sequent {} of {count}", sequent + 1) } else { String::new() }
}

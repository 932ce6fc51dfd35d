//! `prove [GOAL|all]`: run the prover on goals and record the results.

use std::io::Write;
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::time::Instant;

use super::{CommandSpec, arity};
use crate::repl::{Attempt, CommandResult, Control, GoalProblem, GoalResult, Progress, Workbench};
use crate::solve::answer::{SzsStatus, core_names};
use crate::solve::solve_problem_traced;

pub const SPEC: CommandSpec = CommandSpec {
    name: "prove",
    summary: "run the prover on a goal, or on all goals",
    usage: "prove [GOAL|LEMMA|METHOD|THEORY|all]",
    help: "Runs the prover on GOAL (or on every goal with `all` or no argument) under the current\n\
           options (see `get`) and prints one line per goal: status, given clauses, time. Ctrl-C\n\
           stops the search and keeps everything else. The last attempt is what `proof`, `core`\n\
           and `stats` look at. A spec lemma split into sequents LEMMA_1, LEMMA_2, ... is proved\n\
           by naming the lemma; naming a theory proves all its goals. A sequent the translation\n\
           discharged syntactically is a Theorem without search. A proof obligation of Java\n\
           files (Class.method:N) is proved the same way; naming the method (Class.method)\n\
           proves all its obligations. An obligation not proved is followed by what it checks\n\
           and the path through the method it covers.",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 0, 1)?;
    let names: Vec<String> = match args.first().map(String::as_str) {
        None | Some("all") => wb.state.goals.iter().map(|g| g.name.clone()).collect(),
        Some(name) => wb.state.goals_named(name)?,
    };
    if names.is_empty() {
        return Err("no goals (try `load FILE`)".into());
    }
    wb.interrupt.store(false, Ordering::SeqCst);
    let width = names.iter().map(String::len).max().unwrap_or(0);
    for name in names {
        let goal = wb.state.goal(&name)?;
        let problem = match wb.state.problem_of(goal)? {
            GoalProblem::Ready(problem) => (*problem).clone(),
            GoalProblem::Discharged(reason) => {
                writeln!(out, "{name:width$}  {:20}  discharged: {reason}", "Theorem")?;
                record(wb, &name, GoalResult::without_search("Theorem"));
                continue;
            }
            GoalProblem::Refused(reason) => {
                writeln!(out, "{name:width$}  {:20}  translation refused: {reason}", "Refused")?;
                write_obligation_failure(wb, &name, out)?;
                record(wb, &name, GoalResult::without_search("Refused"));
                continue;
            }
        };
        let options = wb.state.settings.prover_options(wb.state.obligation_of(goal).is_some());
        let check = wb.state.settings.check;
        let interrupt = wb.interrupt.clone();
        // Borrowed, not taken out: a panic in the prover must not lose the observer.
        let progress = &mut wb.progress;
        let start = Instant::now();
        let solved = solve_problem_traced(problem, options, check, &mut |prover| {
            if interrupt.load(Ordering::SeqCst) {
                prover.cancel_flag().store(true, Ordering::SeqCst);
            }
            if let Some(observer) = progress.as_mut() {
                observer(&Progress {
                    goal: &name,
                    given: prover.stats.given,
                    active: prover.stats.active,
                    passive: prover.stats.passive,
                    elapsed: start.elapsed(),
                });
            }
        });
        let time = start.elapsed();
        let core = match (&solved.proof, solved.status) {
            (Some(p), s) if s != SzsStatus::Error => core_names(&solved.problem, p),
            _ => Vec::new(),
        };
        let stats = solved.stats();
        let status = solved.status;
        let mut line = format!(
            "{name:width$}  {:20}  given {:6}  time {}",
            status.name(),
            stats.given,
            wb.format_time(time)
        );
        if let Some(Err(e)) = &solved.check {
            line.push_str(&format!("  (the proof checker rejected the refutation: {e})"));
        }
        writeln!(out, "{}", line.trim_end())?;
        if !matches!(
            status,
            SzsStatus::Theorem | SzsStatus::Unsatisfiable | SzsStatus::ContradictoryAxioms
        ) {
            write_obligation_failure(wb, &name, out)?;
        }
        let result =
            GoalResult { status: status.name().to_string(), stats, core, time: Some(time) };
        record(wb, &name, result);
        wb.state.last = Some(Rc::new(Attempt::new(name, solved, time)));
        if status == SzsStatus::User {
            writeln!(out, "interrupted; the remaining goals were not tried")?;
            break;
        }
    }
    Ok(Control::Continue)
}

/// For a proof obligation not proved: what it checks and where, and the path through the method
/// it covers, so the failure reads in the program's terms.
fn write_obligation_failure(
    wb: &Workbench,
    name: &str,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let Ok(goal) = wb.state.goal(name) else { return Ok(()) };
    let Some((java, obligation)) = wb.state.obligation_of(goal) else { return Ok(()) };
    writeln!(out, "  not proved: {}", java.what(obligation))?;
    for line in java.path_lines(obligation) {
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// Stores a goal's new result; it is current again.
fn record(wb: &mut Workbench, name: &str, result: GoalResult) {
    if let Some(g) = wb.state.goals.iter_mut().find(|g| g.name == name) {
        g.result = Some(result);
        g.obsolete = false;
    }
}

//! `prove [GOAL|all]`: run the prover on goals and record the results.

use std::io::Write;
use std::rc::Rc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::{CommandSpec, arity};
use crate::inst::InstOutcome;
use crate::repl::proof_cache::{PromptCache, key_of};
use crate::repl::{
    Attempt, CommandError, CommandResult, Control, GoalProblem, GoalResult, Progress, Workbench,
    search_counters,
};
use crate::solve::answer::{SzsStatus, core_names, formula_names};
use crate::solve::goal::{Strategy, Verdict, check_sequent_hooked};
use crate::solve::portfolio::{Budget, Engine, EngineStep, Portfolio, ProverPlan};
use crate::solve::{solve_instantiation, write_model_report};
use crate::verify::cache::strategy_fingerprint;
use crate::verify::{CacheHook, describe_strategy, schedule};

pub const SPEC: CommandSpec = CommandSpec {
    name: "prove",
    summary: "run the prover on a goal, or on all goals",
    usage: "prove [GOAL|LEMMA|METHOD|THEORY|all]",
    help: "Runs the prover on GOAL (or on every goal with `all` or no argument) under the current\n\
           options (see `get`) and prints one line per goal: status, given clauses, time. Ctrl-C\n\
           stops the search and keeps everything else. The last attempt is what `proof`, `core`\n\
           and `stats` look at. When the prover gives up, finite-model finding gets the rest of\n\
           the time, as `craig prove` runs it: a checked counter-model is printed under the line\n\
           (the line ends `by finite-model finding`). A spec lemma split into sequents LEMMA_1,\n\
           LEMMA_2, ... is proved by naming the lemma; naming a theory proves all its goals. A\n\
           sequent the translation discharged syntactically is a Theorem without search.\n\
           A proof obligation of Java files (Class.method:N) is proved as `craig verify` proves\n\
           it: the strategies of its schedule in order (superposition; instantiation;\n\
           superposition without selection; complex selection over SInE's hypotheses; the goal\n\
           split further, each set equality into its two inclusions, without the library's\n\
           axioms), each while the ones before gave up; the strategy the line reports is named\n\
           unless it is the first.\n\
           Naming the method (Class.method) proves all its obligations. An obligation proved by\n\
           instantiation, or by the last strategy (whose sequents are not the goals: it proves\n\
           the whole obligation), has no superposition proof for `proof` and `core` to show; the\n\
           formulas an instantiation proof's instances came from are listed under it. An\n\
           obligation not proved is followed by what it checks and the path through the\n\
           method it covers.\n\
           With `set cache on` (the default, off in replayed scripts) a Java obligation's goal\n\
           is first looked up in the program's proof cache, the file `craig verify` keeps\n\
           (.craig-cache/STEM.ron beside the first file): a cached proof that the independent\n\
           checker re-checks settles it without a search (`re-checked from the proof cache`),\n\
           and each proof found is stored there.\n\
           The goal of an SMT-LIB script (.smt2) is the unsatisfiability of its assertions, and\n\
           the SMT core decides it (the line says `engine smt`): Unsatisfiable on a checked\n\
           refutation, Satisfiable with the model (checked against every assertion) printed\n\
           under the line, GaveUp when branch and bound stops.",
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
        return Err(CommandError::Refused("no goals (try `load FILE`)".into()));
    }
    wb.interrupt.store(false, Ordering::SeqCst);
    let width = names.iter().map(String::len).max().unwrap_or(0);
    // The cache files this command reads and stores into, written back at its end.
    let mut caches = PromptCache::default();
    'goals: for name in names {
        // A script's goal is decided by the SMT core, not the prover.
        if crate::repl::smt::smt_theory_of(wb, &name).is_some() {
            crate::repl::smt::prove_goal(wb, &name, width, out)?;
            continue 'goals;
        }
        let goal = wb.state.goal(&name)?;
        let obligation = wb.state.obligation_of(goal).is_some();
        let options = wb.state.settings.prover_options(obligation);
        let translate = wb.state.settings.translate_options();
        // An obligation is attacked as `craig verify` attacks it: the schedule's strategies in
        // order, each while the ones before gave up, so the prompt and the command line agree.
        let plan = if obligation {
            schedule(&options, &translate)
        } else {
            vec![(Strategy::Superposition(options), translate)]
        };
        let strategies = plan.len();
        let mut elapsed = Duration::ZERO;
        // A Java obligation's goal is first looked up in its program's proof cache, as
        // `craig verify` looks it up: a proof that re-checks settles it without a search.
        let target = PromptCache::target(wb, &name);
        if let Some(target) = &target {
            let start = Instant::now();
            let lookup = caches.look_up(wb, &name, target, &plan, out)?;
            if lookup.discarded > 0 {
                writeln!(
                    out,
                    "{name}: {} cached proof{} did not re-check and {} passed over",
                    lookup.discarded,
                    if lookup.discarded == 1 { "" } else { "s" },
                    if lookup.discarded == 1 { "is" } else { "are" },
                )?;
            }
            if let Some(k) = lookup.strategy {
                let mut line = format!(
                    "{name:width$}  {:20}  re-checked from the proof cache  time {}",
                    SzsStatus::Theorem.name(),
                    wb.format_time(start.elapsed())
                );
                if k > 0 {
                    let (strategy, translate) = &plan[k];
                    line.push_str(&format!(
                        "  by strategy {} of {strategies}: {}",
                        k + 1,
                        describe_strategy(strategy, translate)
                    ));
                }
                writeln!(out, "{line}")?;
                // No search ran: there is no attempt for `proof` and `core` to show.
                wb.state.last = None;
                wb.state.last_smt = None;
                let result = GoalResult {
                    status: SzsStatus::Theorem.name().to_string(),
                    stats: Default::default(),
                    core: Vec::new(),
                    time: Some(start.elapsed()),
                };
                record(wb, &name, result);
                continue 'goals;
            }
        }
        for (k, (strategy, translate)) in plan.into_iter().enumerate() {
            let last_strategy = k + 1 == strategies;
            let description = describe_strategy(&strategy, &translate);
            let goal = wb.state.goal(&name)?;
            // A strategy that splits the obligation further than the goals list it is run on
            // the whole obligation, as `craig verify` runs it: its sequents are not the goals,
            // so proving one of them would not prove this goal. Proved means every sequent's
            // refutation was found and checked; the proofs are not kept for `proof`.
            if translate.split_extensionality
                && let Some((java, obligation)) = wb.state.obligation_of(goal)
            {
                let start = Instant::now();
                let file = java.files.first().map_or("", String::as_str);
                let sequent = &java.verification.obligations[obligation].sequent;
                let cache = match &target {
                    Some(target) => Some(caches.for_run(target, out)?),
                    None => None,
                };
                let fingerprint = strategy_fingerprint(&strategy, &translate);
                let mut hook = CacheHook::new(cache, &sequent.name, fingerprint);
                let result = check_sequent_hooked(
                    java.verification.signature(),
                    sequent,
                    &translate,
                    &strategy,
                    file,
                    &java.validity,
                    &mut hook,
                );
                let used = hook.into_use();
                elapsed += start.elapsed();
                if let Some(target) = &target
                    && result.verdict == Verdict::Proved
                {
                    caches.store_use(target, used);
                }
                if result.verdict == Verdict::GaveUp && !last_strategy {
                    continue;
                }
                let proved = result.verdict == Verdict::Proved;
                // Without the library's axioms a saturation shows nothing: not proved is all
                // this strategy can say.
                let status = if proved { SzsStatus::Theorem } else { SzsStatus::GaveUp };
                let word = if proved { "by" } else { "after" };
                writeln!(
                    out,
                    "{name:width$}  {:20}  given {:6}  time {}  {word} strategy {} of \
                     {strategies}: {description}, {} sequent{}",
                    status.name(),
                    result.given,
                    wb.format_time(elapsed),
                    k + 1,
                    result.sequents,
                    if result.sequents == 1 { "" } else { "s" }
                )?;
                if !proved {
                    write_obligation_failure(wb, &name, out)?;
                }
                wb.state.last = None;
                let goal_result = GoalResult {
                    status: status.name().to_string(),
                    stats: Default::default(),
                    core: Vec::new(),
                    time: Some(elapsed),
                };
                record(wb, &name, goal_result);
                continue 'goals;
            }
            let problem = match wb.state.problem_of_with(goal, &translate)? {
                GoalProblem::Ready(problem) => (*problem).clone(),
                GoalProblem::Discharged(reason) => {
                    writeln!(out, "{name:width$}  {:20}  discharged: {reason}", "Theorem")?;
                    record(wb, &name, GoalResult::without_search("Theorem"));
                    continue 'goals;
                }
                // Another strategy's translation may still be accepted.
                GoalProblem::Refused(_) if !last_strategy => continue,
                GoalProblem::Refused(reason) => {
                    writeln!(
                        out,
                        "{name:width$}  {:20}  translation refused: {reason}",
                        "Refused"
                    )?;
                    write_obligation_failure(wb, &name, out)?;
                    record(wb, &name, GoalResult::without_search("Refused"));
                    continue 'goals;
                }
            };
            // The problem's key in the cache, made before the problem goes to the search.
            let key = target.as_ref().map(|_| key_of(&problem, &strategy, &translate));
            let base = problem.signature.len();
            // What the search found to keep in the cache: the problem's key and its proof.
            let mut found = None;
            let start = Instant::now();
            // The line's counters and what goes below it: for an instantiation proof the
            // formulas its instances came from (`core` reads superposition proofs only, so they
            // are shown here), for a model found the model as `craig prove` prints it.
            let (status, mut line, below, result) = match strategy {
                Strategy::Instantiation(inst) => {
                    let solved = solve_instantiation(problem, &inst);
                    if let (Some(target), Some(key)) = (&target, &key)
                        && matches!(solved.result.outcome, InstOutcome::Unsat { .. })
                    {
                        found = PromptCache::instantiation_entry(target, key, &solved);
                    }
                    let time = start.elapsed();
                    elapsed += time;
                    let core = match &solved.result.outcome {
                        InstOutcome::Unsat { core } => {
                            formula_names(&solved.problem, core.iter().copied())
                        }
                        InstOutcome::Unknown(_) => Vec::new(),
                    };
                    let status = solved.status;
                    let line = format!(
                        "{name:width$}  {:20}  instances {:6}  time {}",
                        status.name(),
                        solved.result.stats.instances,
                        wb.format_time(elapsed)
                    );
                    let instances_of = (!core.is_empty())
                        .then(|| format!("  instances of: {}\n", core.join(", ")));
                    let result = GoalResult {
                        status: status.name().to_string(),
                        stats: Default::default(),
                        core,
                        time: Some(elapsed),
                    };
                    // The engine's refutation is a set of ground instances, not a
                    // superposition proof: there is no attempt for `proof` to show.
                    wb.state.last = None;
                    wb.state.last_smt = None;
                    (status, line, instances_of, result)
                }
                Strategy::Superposition(options) => {
                    let check = wb.state.settings.check;
                    // A program's obligation is attacked as `craig verify` attacks it; any
                    // other goal as `craig prove` does: the prover, then finite-model finding
                    // when it gives up, so a goal with a small counter-model gets it.
                    let limits = options.limits;
                    let plan = ProverPlan::Single { options, sine: None };
                    let portfolio = if obligation {
                        Portfolio::single(EngineStep::Prover(plan))
                    } else {
                        Portfolio::prover_then_models(plan)
                    };
                    let mut budget = Budget::start(limits.clock, limits.time, limits.given_clauses);
                    budget.cancel = Some(wb.interrupt.clone());
                    // Borrowed, not taken out: a panic in the prover must not lose the observer.
                    let progress = wb.progress.clone();
                    let answer = portfolio.run(problem, &budget, check, &mut |prover| {
                        if let Some(observer) = &progress {
                            (observer.borrow_mut())(&Progress {
                                task: &name,
                                counters: &search_counters(prover),
                                elapsed: start.elapsed(),
                            });
                        }
                    });
                    let found_model = answer.model().is_some();
                    let mut solved = answer.prover.expect("the prover runs first").solved;
                    // The goal's status, which a model found after the prover may settle.
                    solved.status = answer.status;
                    if let (Some(target), Some(key)) = (&target, &key)
                        && !found_model
                    {
                        found = PromptCache::superposition_entry(target, key, &solved, base);
                    }
                    let mut model = String::new();
                    if let Some(models) = &answer.models {
                        write_model_report(models, false, &mut model);
                    }
                    let time = start.elapsed();
                    elapsed += time;
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
                        wb.format_time(elapsed)
                    );
                    if let Some(Err(e)) = &solved.check {
                        line.push_str(&format!(
                            "  (the proof checker rejected the refutation: {e})"
                        ));
                    }
                    if found_model {
                        line.push_str(&format!("  by {}", Engine::FiniteModels.name()));
                    }
                    let result = GoalResult {
                        status: status.name().to_string(),
                        stats,
                        core,
                        time: Some(elapsed),
                    };
                    wb.state.last = Some(Rc::new(Attempt::new(name.clone(), solved, time)));
                    wb.state.last_smt = None;
                    (status, line, (!model.is_empty()).then_some(model), result)
                }
            };
            let gave_up =
                matches!(status, SzsStatus::GaveUp | SzsStatus::ResourceOut | SzsStatus::Timeout);
            if gave_up && !last_strategy {
                continue;
            }
            let proved = matches!(
                status,
                SzsStatus::Theorem | SzsStatus::Unsatisfiable | SzsStatus::ContradictoryAxioms
            );
            // The first strategy is the current options; a later one is named (for a goal not
            // proved, the counters are the last strategy's: the line says which that was).
            if k > 0 {
                let word = if proved { "by" } else { "after" };
                line.push_str(&format!(
                    "  {word} strategy {} of {strategies}: {description}",
                    k + 1
                ));
            }
            writeln!(out, "{}", line.trim_end())?;
            if let Some(below) = below {
                write!(out, "{below}")?;
            }
            if !proved {
                write_obligation_failure(wb, &name, out)?;
            }
            if let (Some(target), Some(found), true) = (&target, found, proved) {
                caches.store(target, vec![found]);
            }
            record(wb, &name, result);
            if status == SzsStatus::User {
                writeln!(out, "interrupted; the remaining goals were not tried")?;
                break 'goals;
            }
            continue 'goals;
        }
    }
    caches.finish(out)?;
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

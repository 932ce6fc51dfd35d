//! SMASH at the prompt (seed 004): `smash [FUNCTION] [--mode ...]` starts a compositional
//! may-must run on the C program loaded last, `step [N|all]` applies its rules one at a time
//! (each named as in the paper), `queries` prints the query tree, `summaries [PROC]` the
//! not-may and must summaries, `show summary nK|mK` one of them, `show partition NODE [qK]` a
//! question's regions at a location, and `dot FILE` draws the query tree with each
//! procedure's partition. `undo` puts the run back where it was.
//!
//! A run's questions nest inside its steps, so a run cannot be left half-way and taken up
//! again. The theory's run slot keeps how many rule applications were taken; the run itself is
//! the analysis started again and stopped after that many (it is deterministic, so it repeats
//! them exactly), kept in a cache that every `undo` step shares.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::io::Write;
use std::rc::Rc;
use std::sync::atomic::Ordering;

use crate::c::task::Property;
use crate::hol::Obligation;
use crate::ir::Program;
use crate::refine::flat::Flat;
use crate::refine::{Limits, RefineError, Verdict};
use crate::smash::Dash;
use crate::smash::compose::{Mode, Smash, Target};
use crate::smash::trace::{Answer, Trace, question_text};

use super::kind::{Graph, Theory};
use super::options::parse_words;
use super::{CommandError, CommandResult, Control, State, Workbench, counted};

/// The step limit of a run at the prompt (per question's analysis, as `craig smash
/// --max-steps`), unless `smash --max-steps` says otherwise.
pub const DEFAULT_MAX_STEPS: usize = 20_000;

/// Where a run at the prompt is: enough to start it again and stop it at the same point.
#[derive(Clone, Debug, PartialEq, Eq)]
struct SmashRun {
    function: String,
    /// The SV-COMP property decided (its checks kept, the others assumed), or every check.
    property: Option<String>,
    mode: Mode,
    max_steps: usize,
    max_regions: Option<usize>,
    /// Rule applications taken.
    taken: usize,
    /// Whether the run has ended (its last application gave the verdict).
    finished: bool,
}

/// The analysis as a run left it.
struct Replayed {
    run: SmashRun,
    smash: Smash,
    top: Dash,
    verdict: Verdict,
}

/// What a theory's run slot holds for SMASH: the run and the cache of its last replay, which
/// every `undo` step shares.
#[derive(Clone)]
struct SmashSlot {
    run: SmashRun,
    cache: Rc<RefCell<Option<Replayed>>>,
}

/// The words of `smash`.
#[derive(clap::Parser)]
#[command(name = "smash")]
struct SmashWords {
    /// The function whose checks are asked about (default `main`).
    function: Option<String>,
    /// Which summaries are kept and used: may (not-may only), must (must only), smash (both).
    #[arg(long, default_value = "smash")]
    mode: String,
    /// At most this many steps in each question's analysis.
    #[arg(long)]
    max_steps: Option<usize>,
    /// At most this many regions in each question's analysis.
    #[arg(long)]
    max_regions: Option<usize>,
    /// Decide only this SV-COMP property's checks (unreach-call, no-overflow,
    /// valid-memsafety, ...), assuming the others, as `craig smash --property` does.
    #[arg(long)]
    property: Option<String>,
}

/// The C program the SMASH commands act on: the last loaded program in the IR that is
/// analysed by default (C), with its index.
fn current_program(state: &State) -> Result<usize, CommandError> {
    state
        .theories
        .iter()
        .rposition(|t| t.content.ir_program().is_some_and(|ir| ir.analysed_by_default))
        .ok_or_else(|| CommandError::Refused("no C program is loaded (try `load FILE.c`)".into()))
}

/// Whether `theory` has a SMASH run (so `step`, `summaries` and `dot` act on it).
pub(crate) fn has_run(theory: &Theory) -> bool {
    theory.run::<SmashSlot>().is_some()
}

/// Whether the SMASH commands act on the program loaded last among those `step` drives.
pub(crate) fn is_target(state: &State) -> bool {
    current_program(state).is_ok_and(|i| has_run(&state.theories[i]))
}

fn slot(state: &State) -> Result<(usize, SmashSlot), CommandError> {
    let index = current_program(state)?;
    let slot = state.theories[index].run::<SmashSlot>().cloned().ok_or_else(|| {
        CommandError::Refused("no SMASH run yet (`smash [FUNCTION]` starts one)".into())
    })?;
    Ok((index, slot))
}

/// The analysis as `run` left it: the cached replay, or the analysis started again and
/// stopped after `run.taken` rule applications (`interrupt` may stop it earlier: the run
/// then ends there).
fn replay<'c>(
    program: &Program,
    slot: &'c SmashSlot,
    run: &SmashRun,
    wb: Option<&Workbench>,
) -> Result<std::cell::RefMut<'c, Replayed>, CommandError> {
    let mut cache = slot.cache.borrow_mut();
    let fresh = cache.as_ref().is_some_and(|r| r.run == *run);
    if !fresh {
        let limits = Limits {
            max_steps: Some(run.max_steps),
            max_nodes: run.max_regions,
            ..Limits::default()
        };
        let mut decided;
        let mut program = program;
        if let Some(name) = &run.property {
            let kept = checks_of(name)?;
            decided = program.clone();
            decided.assume_checks_except(&kept);
            program = &decided;
        }
        let mut smash =
            Smash::new(program, &run.function, limits, run.mode).map_err(|e| match e {
                RefineError::Unsupported(why) => CommandError::Unsupported(format!(
                    "{why}: SMASH at the prompt needs a program without recursion (`cegar` \
                     unrolls recursion, and `craig smash` inlines it as DASH does)"
                )),
                e => CommandError::from(e),
            })?;
        let mut trace = if run.finished { Trace::new() } else { Trace::stopping_after(run.taken) };
        trace.keep_partitions = true;
        if let Some(wb) = wb {
            let interrupt = wb.interrupt_handle();
            interrupt.store(false, Ordering::Relaxed);
            trace.interrupt = Some(interrupt);
        }
        smash.keep_trace(trace);
        let (verdict, top) = smash.run(&mut |_, _| {});
        *cache = Some(Replayed { run: run.clone(), smash, top, verdict });
    }
    Ok(std::cell::RefMut::map(cache, |c| c.as_mut().expect("just filled")))
}

/// The checks a property keeps (the memory model's own limit always), or why it is not one
/// craig decides.
fn checks_of(name: &str) -> Result<Vec<Obligation>, CommandError> {
    let property = Property::parse(name).ok_or_else(|| {
        CommandError::Refused(format!(
            "`{name}` is no property (unreach-call, no-overflow, valid-memsafety, \
             valid-memcleanup, ...)"
        ))
    })?;
    let kept = property.checks().ok_or_else(|| {
        CommandError::Unsupported(format!("craig does not decide the property `{name}` yet"))
    })?;
    let mut kept = kept.to_vec();
    kept.push(Obligation::MemoryModel);
    Ok(kept)
}

fn trace_of(replayed: &Replayed) -> &Trace {
    replayed.smash.trace.as_ref().expect("a run at the prompt keeps its trace")
}

/// `smash [FUNCTION] [--mode may|must|smash] [--max-steps N] [--max-regions N]`.
pub(crate) fn start(
    wb: &mut Workbench,
    args: &[String],
    usage: &str,
    out: &mut dyn Write,
) -> CommandResult {
    let words: SmashWords = parse_words(args, usage)?;
    let mode = match Mode::parse(&words.mode) {
        Some(Mode::Dash) => {
            return Err(CommandError::Refused(
                "at the prompt `smash` runs the compositional modes (may, must, smash); DASH \
                 with calls inlined is `craig smash --mode dash`"
                    .into(),
            ));
        }
        Some(mode) => mode,
        None => {
            return Err(CommandError::Refused(format!(
                "`{}` is no mode: may, must or smash; usage: {usage}",
                words.mode
            )));
        }
    };
    let index = current_program(&wb.state)?;
    let theory = &wb.state.theories[index];
    let ir = theory.content.ir_program().expect("a C program");
    if let Some(name) = &words.property {
        checks_of(name)?;
    }
    let run = SmashRun {
        function: words.function.unwrap_or(ir.default_function.clone()),
        property: words.property,
        mode,
        max_steps: words.max_steps.unwrap_or(DEFAULT_MAX_STEPS),
        max_regions: words.max_regions,
        taken: 0,
        finished: false,
    };
    let slot = SmashSlot { run: run.clone(), cache: Rc::default() };
    {
        let replayed = replay(ir.program, &slot, &run, None)?;
        let flat = &replayed.top.flat;
        let procedures = ir.program.procedures.len();
        writeln!(
            out,
            "new SMASH run (--mode {}) on {} of {}: {}, calls answered by summaries and \
             questions",
            mode.name(),
            run.function,
            ir.files,
            counted(procedures, "procedure")
        )?;
        writeln!(
            out,
            "the graph: {}, {}, {} ({} integer variable{}); question q0 asks whether a check \
             of {} can fail",
            counted(flat.locations.len(), "location"),
            counted(flat.edges.len(), "edge"),
            counted(flat.locations.iter().filter(|l| l.error.is_some()).count(), "check"),
            flat.variables.len(),
            if flat.variables.len() == 1 { "" } else { "s" },
            run.function
        )?;
        match &run.property {
            Some(name) => writeln!(out, "property {name}: its checks decided, the others assumed")?,
            None => writeln!(out, "every check of the program is decided (--property P for one)")?,
        }
        writeln!(out, "{}", ir.integers)?;
        writeln!(out, "`step` applies one rule, `step all` runs to the end")?;
    }
    wb.state.theories[index].set_run(Some(slot));
    Ok(Control::Continue)
}

/// `step [N|all]` on the SMASH run: the next N rule applications (or all), each said.
pub(crate) fn step(
    wb: &mut Workbench,
    args: &[String],
    usage: &str,
    out: &mut dyn Write,
) -> CommandResult {
    let wanted = match args {
        [] => Some(1),
        [w] if w == "all" => None,
        [w] => match w.parse::<usize>() {
            Ok(n) if n > 0 => Some(n),
            _ => {
                return Err(CommandError::Refused(format!(
                    "expected a positive number of steps or `all`, got `{w}`; usage: {usage}"
                )));
            }
        },
        _ => return Err(CommandError::Refused(format!("usage: {usage}"))),
    };
    let (index, slot) = slot(&wb.state)?;
    let content = wb.state.theories[index].content.clone();
    let ir = content.ir_program().expect("a C program");
    if slot.run.finished {
        let replayed = replay(ir.program, &slot, &slot.run, None)?;
        write!(out, "the run is over (`smash` starts another):\n{}", verdict_text(&replayed))?;
        return Ok(Control::Continue);
    }
    let mut run = slot.run.clone();
    let before = run.taken;
    match wanted {
        Some(n) => run.taken += n,
        None => run.finished = true,
    }
    let (taken, finished, interrupted) = {
        let replayed = replay(ir.program, &slot, &run, Some(wb))?;
        let trace = trace_of(&replayed);
        for (k, event) in trace.events.iter().enumerate().skip(before) {
            writeln!(out, "{}. q{} {}: {}", k + 1, event.question, event.rule, event.text)?;
        }
        // A run stops where it was told to, where it was interrupted, or at its end.
        let finished = !trace.stopped() || trace.verdict().is_some();
        let interrupted = !finished && trace.stop_after != Some(run.taken);
        if finished {
            write!(out, "{}", verdict_text(&replayed))?;
        } else {
            writeln!(out, "{}", where_it_is(trace))?;
        }
        (trace.events.len(), finished, interrupted)
    };
    if interrupted {
        writeln!(out, "interrupted")?;
    }
    run.taken = taken;
    run.finished = finished;
    // The cache holds the replay under the run as asked; keep it under the run as it now is.
    if let Some(r) = slot.cache.borrow_mut().as_mut() {
        r.run = run.clone();
    }
    wb.state.theories[index].set_run(Some(SmashSlot { run, cache: slot.cache.clone() }));
    Ok(Control::Continue)
}

/// A line on where a stopped run is.
fn where_it_is(trace: &Trace) -> String {
    let current =
        trace.current().map_or_else(String::new, |q| format!("; the rule applied next is q{q}'s"));
    format!(
        "{} applied, {} asked, {} waiting for an answer{current}",
        counted(trace.events.len(), "rule"),
        counted(trace.questions.len(), "question"),
        trace.open()
    )
}

/// The verdict of a finished run, with the summaries a proof rests on.
fn verdict_text(replayed: &Replayed) -> String {
    let mut out = String::new();
    match &replayed.verdict {
        Verdict::Safe { .. } => {
            let _ = writeln!(
                out,
                "SAFE: no abstract error path is left, the reachable regions checked inductive \
                 edge by edge, each call by its callee's not-may summaries"
            );
        }
        Verdict::Unsafe(cex) => {
            let inputs: Vec<String> = cex.inputs.iter().map(|n| n.to_string()).collect();
            let _ = writeln!(
                out,
                "UNSAFE: {}; inputs (in the order read): {}; replayed on the program",
                cex.failure(),
                if inputs.is_empty() { "none".to_string() } else { inputs.join(", ") }
            );
        }
        Verdict::Unknown(why) => {
            let _ = writeln!(out, "UNKNOWN: {why}");
        }
    }
    let s = &replayed.smash.counters;
    let _ = writeln!(
        out,
        "questions at calls {}, not-may summaries made {} merged {} used {}, must summaries \
         made {} used {}",
        s.questions, s.not_may_made, s.not_may_merged, s.not_may_used, s.must_made, s.must_used
    );
    out
}

/// `queries`: the query tree.
pub(crate) fn queries(wb: &Workbench, out: &mut dyn Write) -> CommandResult {
    let (index, slot) = slot(&wb.state)?;
    let content = wb.state.theories[index].content.clone();
    let ir = content.ir_program().expect("a C program");
    let replayed = replay(ir.program, &slot, &slot.run, None)?;
    let trace = trace_of(&replayed);
    let name = |p| replayed.smash.procedure_name(p);
    for (k, q) in trace.questions.iter().enumerate() {
        let mut depth = 0;
        let mut at = q.asked_by;
        while let Some((parent, _)) = at {
            depth += 1;
            at = trace.questions[parent].asked_by;
        }
        let asked = match q.asked_by {
            Some((parent, edge)) => {
                let e = &trace.questions[parent].graph.edges[edge];
                let flat = &trace.questions[parent].graph;
                format!(
                    " (asked by q{parent} at {} -> {}, about {})",
                    flat.locations[e.from].name,
                    flat.locations[e.to].name,
                    counted(q.sources, "state")
                )
            }
            None => String::new(),
        };
        writeln!(out, "{}q{k}{asked}: {}", "  ".repeat(depth), question_text(trace, k, &name))?;
        writeln!(
            out,
            "{}  {}; {}",
            "  ".repeat(depth),
            answer_text(&q.answer),
            counted(q.steps, "step")
        )?;
    }
    Ok(Control::Continue)
}

fn answer_text(answer: &Answer) -> String {
    match answer {
        Answer::Open => "in progress".into(),
        Answer::Yes(Some(m)) => format!("yes: must summary m{m}"),
        Answer::Yes(None) => "yes (no must summary kept in this mode)".into(),
        Answer::No(n) => format!("no: not-may summary n{n}"),
        Answer::Unknown(why) => format!("unknown: {why}"),
        Answer::Verdict(v) => v.clone(),
    }
}

/// `summaries [PROC]`: the run's not-may and must summaries.
pub(crate) fn summaries(
    wb: &Workbench,
    procedure: Option<&str>,
    out: &mut dyn Write,
) -> CommandResult {
    let (index, slot) = slot(&wb.state)?;
    let content = wb.state.theories[index].content.clone();
    let ir = content.ir_program().expect("a C program");
    if let Some(p) = procedure
        && ir.program.find(p).is_none()
    {
        return Err(CommandError::Refused(format!("the program has no procedure `{p}`")));
    }
    let replayed = replay(ir.program, &slot, &slot.run, None)?;
    let smash = &replayed.smash;
    let flat = &replayed.top.flat;
    let wanted = |callee| procedure.is_none_or(|p| smash.procedure_name(callee) == p);
    let mut any = false;
    for (k, _) in smash.not_may.iter().enumerate().filter(|(_, n)| wanted(n.callee)) {
        writeln!(out, "{}", not_may_text(smash, flat, k))?;
        any = true;
    }
    for (k, _) in smash.must.iter().enumerate().filter(|(_, m)| wanted(m.callee)) {
        writeln!(out, "{}", must_text(smash, k))?;
        any = true;
    }
    if !any {
        writeln!(out, "no summaries yet")?;
    }
    Ok(Control::Continue)
}

fn not_may_text(smash: &Smash, flat: &Flat, k: usize) -> String {
    let names = |v: usize| flat.variable_name(v);
    let n = &smash.not_may[k];
    let what = match &n.target {
        Target::Return => format!("returns into `{}`", n.exit.show(&names)),
        Target::Failure(site) => format!("fails the check `{}`", site.what),
    };
    format!(
        "n{k} not-may {}: no run from `{}` {what} (used {} more time{})",
        smash.procedure_name(n.callee),
        n.entry.show(&names),
        n.uses,
        if n.uses == 1 { "" } else { "s" }
    )
}

fn must_text(smash: &Smash, k: usize) -> String {
    let m = &smash.must[k];
    let body = smash.procedure_name(m.callee);
    let inputs: Vec<String> = m.inputs.iter().map(|i| i.to_string()).collect();
    let ending = match &m.ending {
        crate::smash::compose::Ending::Returned(_) => "returns".to_string(),
        crate::smash::compose::Ending::Failed(site) => format!("fails the check `{}`", site.what),
    };
    format!(
        "m{k} must {body}: a run from the starting values ({}) reading inputs [{}] {ending} \
         (used {} more time{})",
        m.start.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", "),
        inputs.join(", "),
        m.uses,
        if m.uses == 1 { "" } else { "s" }
    )
}

/// `show summary nK|mK`.
pub(crate) fn show_summary(wb: &Workbench, word: &str, out: &mut dyn Write) -> CommandResult {
    let (index, slot) = slot(&wb.state)?;
    let content = wb.state.theories[index].content.clone();
    let ir = content.ir_program().expect("a C program");
    let replayed = replay(ir.program, &slot, &slot.run, None)?;
    let smash = &replayed.smash;
    let flat = &replayed.top.flat;
    let number = |w: &str| w.parse::<usize>().ok();
    let text = match (word.split_at_checked(1), word) {
        (Some(("n", k)), _) if number(k).is_some_and(|k| k < smash.not_may.len()) => {
            let k = number(k).expect("checked");
            let n = &smash.not_may[k];
            let mut text = not_may_text(smash, flat, k);
            let names = |v: usize| flat.variable_name(v);
            let _ = write!(
                text,
                "\n  entry (where the runs start): {}\n  exit (where none returns): {}",
                n.entry.show(&names),
                n.exit.show(&names)
            );
            text
        }
        (Some(("m", k)), _) if number(k).is_some_and(|k| k < smash.must.len()) => {
            let k = number(k).expect("checked");
            let m = &smash.must[k];
            let mut text = must_text(smash, k);
            if let crate::smash::compose::Ending::Returned(left) = &m.ending {
                let left: Vec<String> = left.iter().map(|v| v.to_string()).collect();
                let _ = write!(text, "\n  values it leaves: {}", left.join(", "));
            }
            text
        }
        _ => {
            let range = |letter: char, count: usize| match count {
                0 => format!("no {} summaries", if letter == 'n' { "not-may" } else { "must" }),
                _ => format!("{letter}0..{letter}{}", count - 1),
            };
            return Err(CommandError::Refused(format!(
                "no summary `{word}` (the run has {} and {}; `summaries` lists them)",
                range('n', smash.not_may.len()),
                range('m', smash.must.len())
            )));
        }
    };
    writeln!(out, "{text}")?;
    Ok(Control::Continue)
}

/// `show partition NODE [qK]`: a question's regions at a location (default: the question
/// whose analysis runs now, or the whole program's once the run is over).
pub(crate) fn show_partition(
    wb: &Workbench,
    node: Option<&str>,
    question: Option<&str>,
    out: &mut dyn Write,
) -> CommandResult {
    let Some(node) = node else {
        return Err(CommandError::Refused("usage: show partition NODE [qK]".into()));
    };
    let (index, slot) = slot(&wb.state)?;
    let content = wb.state.theories[index].content.clone();
    let ir = content.ir_program().expect("a C program");
    let replayed = replay(ir.program, &slot, &slot.run, None)?;
    let trace = trace_of(&replayed);
    let number = match question {
        None => trace.current().unwrap_or(0).min(trace.questions.len().saturating_sub(1)),
        Some(w) => match w.strip_prefix('q').and_then(|k| k.parse::<usize>().ok()) {
            Some(k) if k < trace.questions.len() => k,
            _ => {
                return Err(CommandError::Refused(format!(
                    "no question `{w}` (q0..q{}; `queries` lists them)",
                    trace.questions.len().saturating_sub(1)
                )));
            }
        },
    };
    let Some(q) = trace.questions.get(number) else {
        return Err(CommandError::Internal("the run recorded no question".into()));
    };
    let flat = &q.graph;
    let Some(location) = flat.locations.iter().position(|l| l.name == node) else {
        let names: Vec<&str> = flat.locations.iter().map(|l| l.name.as_str()).collect();
        return Err(CommandError::Refused(format!(
            "no location `{node}` in q{number}'s graph (locations: {})",
            names.join(", ")
        )));
    };
    let names = |v: usize| flat.variable_name(v);
    writeln!(out, "q{number} at {node}:")?;
    for &r in &q.partitions.at[location] {
        let region = &q.partitions.regions[r];
        if !region.live {
            continue;
        }
        let states = q.must.at[location]
            .iter()
            .filter(|&&s| {
                let values = &q.must.states[s].values;
                region.formula.evaluate(&|v| values.get(v).cloned()) == Some(true)
            })
            .count();
        let mut absent = Vec::new();
        for &e in &flat.outgoing[location] {
            for &(from, to) in &q.partitions.absent[e] {
                if from == r {
                    absent.push(format!("r{to}"));
                }
            }
        }
        writeln!(
            out,
            "  r{r}: {} ({}{})",
            region.formula.show(&names),
            if location == 0 {
                "every state here".to_string()
            } else {
                format!("{} known reachable", counted(states, "state"))
            },
            if absent.is_empty() {
                String::new()
            } else {
                format!("; no step into {}", absent.join(", "))
            }
        )?;
    }
    Ok(Control::Continue)
}

/// `dot FILE` on a program with a SMASH run: the query tree, and each question's regions
/// with the abstract steps between them (pairs of regions not proved absent).
pub(crate) fn graph(theory: &Theory, words: &[String]) -> Option<Result<Graph, CommandError>> {
    let slot = theory.run::<SmashSlot>()?;
    let draw = || {
        if !words.is_empty() {
            return Err(CommandError::Refused("usage: dot FILE".to_string()));
        }
        let ir = theory.content.ir_program().expect("a C program");
        let replayed = replay(ir.program, slot, &slot.run, None)?;
        let trace = trace_of(&replayed);
        let name = |p| replayed.smash.procedure_name(p);
        let mut text = String::from("digraph smash {\n  node [shape=box, fontsize=10];\n");
        for (k, q) in trace.questions.iter().enumerate() {
            let label = format!(
                "{}\\n{}",
                escape(&format!("q{k}: {}", question_text(trace, k, &name))),
                escape(&answer_text(&q.answer))
            );
            let _ = writeln!(text, "  q{k} [label=\"{label}\", style=bold];");
            if let Some((parent, _)) = q.asked_by {
                let _ = writeln!(text, "  q{parent} -> q{k};");
            }
            let flat = &q.graph;
            let names = |v: usize| flat.variable_name(v);
            let _ = writeln!(text, "  subgraph cluster_q{k} {{\n    label=\"q{k}'s regions\";");
            for (r, region) in q.partitions.regions.iter().enumerate() {
                if !region.live {
                    continue;
                }
                let label = format!(
                    "{}\\n{}",
                    escape(&format!("r{r} @ {}", flat.locations[region.location].name)),
                    escape(&region.formula.show(&names))
                );
                let _ = writeln!(text, "    q{k}r{r} [label=\"{label}\"];");
            }
            for (e, edge) in flat.edges.iter().enumerate() {
                for &a in &q.partitions.at[edge.from] {
                    for &b in &q.partitions.at[edge.to] {
                        let live = q.partitions.regions[a].live && q.partitions.regions[b].live;
                        if live && !q.partitions.absent[e].contains(&(a, b)) {
                            let _ = writeln!(text, "    q{k}r{a} -> q{k}r{b};");
                        }
                    }
                }
            }
            let _ = writeln!(text, "  }}");
        }
        text.push_str("}\n");
        Ok(Graph {
            text,
            what: "the query tree and each question's regions (edges: steps not proved absent)"
                .into(),
        })
    };
    Some(draw())
}

fn escape(text: &str) -> String {
    text.replace('\\', "\\\\").replace('"', "\\\"")
}

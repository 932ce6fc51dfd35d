//! Saturn's results in words: the one text of a checker's warnings, the unsound steps a run
//! took and its counters, shared by `craig saturn` and the prompt's `saturn`, `warnings` and
//! `show warning N` (so both say the same thing the same way). [`super::sarif`] writes the
//! same findings for code-scanning tools.

use std::io::{self, Write};

use rug::Integer;

use super::assert::{Replay, Report, Warning};
use super::database::{FunctionResult, Results};
use super::error::SaturnError;
use super::leak::{FunctionLeaks, Leak};
use super::lock::{FunctionLocks, LockError};
use super::reach::LineGuard;
use crate::ir::interpret::{self, failure_text};
use crate::syntax::{SourceMap, Span};

/// What one checker found on one program.
#[derive(Clone, Debug)]
pub enum Outcome {
    /// The assertion checker's report on its entry function.
    Assert(Report),
    /// The lock checker's result per function, callees first (a failed function with its
    /// reason: it got a no-op summary).
    Lock(Results<FunctionLocks>),
    /// The leak checker's result per function, callees first (a failed function with its
    /// reason).
    Leak(Results<FunctionLeaks>),
}

/// One warning of an outcome, in the order the outcome lists them.
#[derive(Clone, Copy, Debug)]
pub enum Finding<'a> {
    /// A check that fails within the unrolling.
    Assert(&'a Warning),
    /// A lock error of a function.
    Lock(&'a FunctionLocks, &'a LockError),
    /// An allocation a function can lose.
    Leak(&'a FunctionLeaks, &'a Leak),
}

impl Outcome {
    /// Its warnings, numbered from 1 in this order wherever they are shown.
    pub fn findings(&self) -> Vec<Finding<'_>> {
        match self {
            Outcome::Assert(report) => report.warnings.iter().map(Finding::Assert).collect(),
            Outcome::Lock(results) => results
                .iter()
                .filter_map(|(_, r)| r.as_ref().ok())
                .flat_map(|f| f.errors.iter().map(move |e| Finding::Lock(f, e)))
                .collect(),
            Outcome::Leak(results) => results
                .iter()
                .filter_map(|(_, r)| r.as_ref().ok())
                .flat_map(|f| f.leaks.iter().map(move |l| Finding::Leak(f, l)))
                .collect(),
        }
    }

    /// The functions that could not be analysed, with why.
    pub fn failed(&self) -> Vec<(&str, &SaturnError)> {
        match self {
            Outcome::Assert(_) => Vec::new(),
            Outcome::Lock(results) => failures(results),
            Outcome::Leak(results) => failures(results),
        }
    }
}

fn failures<T>(results: &[FunctionResult<T>]) -> Vec<(&str, &SaturnError)> {
    results.iter().filter_map(|(name, r)| r.as_ref().err().map(|e| (name.as_str(), e))).collect()
}

/// Why a function-by-function checker has no result for `name`: it gets the no-op summary.
pub fn failure(name: &str, reason: &SaturnError) -> String {
    format!("`{name}` could not be analysed (no-op summary): {reason}")
}

/// A failed function as the text lists it, in its place among the others' findings.
pub fn failed_line(name: &str, reason: &SaturnError) -> String {
    format!("failed: {}", failure(name, reason))
}

/// Where things are: the program's sources, and the file a run was asked about (named where a
/// place has no span, and in the command that replays a warning).
#[derive(Clone, Copy, Debug)]
pub struct Places<'a> {
    /// The sources the program's spans point into.
    pub sources: &'a SourceMap,
    /// The file as the user named it.
    pub file: &'a str,
}

impl Places<'_> {
    /// `file:line:col` of a span, or the file.
    pub fn text(&self, span: Option<Span>) -> String {
        match span {
            Some(s) => self.sources.location(s),
            None => self.file.to_string(),
        }
    }

    /// The file, 1-based line and column of a span.
    pub fn region(&self, span: Option<Span>) -> (String, Option<(usize, usize)>) {
        match span {
            Some(s) => (
                self.sources.file(s.file).name.clone(),
                Some(self.sources.line_col(s.file, s.start as usize)),
            ),
            None => (self.file.to_string(), None),
        }
    }
}

/// The checker's rule a finding breaks, as SARIF's `ruleId` and the text's `warning[...]`.
pub fn rule_of(finding: Finding<'_>) -> &'static str {
    match finding {
        Finding::Assert(_) => "assert",
        Finding::Lock(_, LockError::TypeA { .. }) => "lock-type-a",
        Finding::Lock(_, LockError::TypeB { .. }) => "lock-type-b",
        Finding::Leak(..) => "leak",
    }
}

/// Where a finding is reported.
pub fn span_of(finding: Finding<'_>) -> Option<Span> {
    match finding {
        Finding::Assert(w) => w.span,
        Finding::Lock(_, LockError::TypeA { from_unlocked, .. }) => from_unlocked.0,
        Finding::Lock(f, LockError::TypeB { lock, .. }) => f.locks[*lock],
        Finding::Leak(_, leak) => leak.through.or(leak.allocated_at),
    }
}

/// The finding's one-line message (without its place).
pub fn message(finding: Finding<'_>, places: &Places<'_>) -> String {
    match finding {
        Finding::Assert(w) => failure_text(w.check, &w.what),
        Finding::Lock(f, LockError::TypeA { lock, .. }) => format!(
            "Type A in `{}`: {} ends in Error whatever its state on entry",
            f.function,
            lock_name(f, *lock, places)
        ),
        Finding::Lock(f, LockError::TypeB { lock, from, out }) => {
            let returning = match out {
                Some(true) => ", returning nonzero,",
                Some(false) => ", returning 0,",
                None => "",
            };
            format!(
                "Type B in `{}`: from {}{returning} it can exit with {} Locked or Unlocked",
                f.function,
                from.name(),
                lock_name(f, *lock, places)
            )
        }
        Finding::Leak(f, leak) => leak_message(f, leak, places),
    }
}

fn leak_message(f: &FunctionLeaks, leak: &Leak, places: &Places<'_>) -> String {
    match leak.through {
        None => format!("the memory allocated here can be lost when `{}` returns", f.function),
        Some(_) => format!(
            "the memory `{}` allocates at {} and this call returns can be lost when `{}` returns",
            leak.allocated_in,
            places.text(leak.allocated_at),
            f.function
        ),
    }
}

fn lock_name(f: &FunctionLocks, lock: usize, places: &Places<'_>) -> String {
    format!("the lock first used at {}", places.text(f.locks[lock]))
}

/// `name = value, ...`, or `empty` when there are none.
pub fn values_text(values: &[(String, Integer)], empty: &str) -> String {
    let shown: Vec<String> = values.iter().map(|(n, v)| format!("{n} = {v}")).collect();
    if shown.is_empty() { empty.to_string() } else { shown.join(", ") }
}

/// An assertion warning's inputs, each named by its variable, or, for a variable the front
/// end made, by the expression that reads it and its place (`__VERIFIER_nondet_uchar() at
/// loop.c:7:21 = 2`).
pub fn inputs_text(w: &Warning, places: &Places<'_>) -> String {
    let shown: Vec<String> = w
        .inputs
        .iter()
        .enumerate()
        .map(|(k, (name, v))| match w.input_places.get(k).copied().flatten() {
            Some(span) => {
                format!("{} at {} = {v}", expression(places, span), places.text(Some(span)))
            }
            None => format!("{name} = {v}"),
        })
        .collect();
    if shown.is_empty() { "(none)".to_string() } else { shown.join(", ") }
}

/// The source text of a span on one line (a span over several lines is cut after the first).
pub fn expression(places: &Places<'_>, span: Span) -> String {
    let text = places.sources.snippet(span).trim();
    let first = text.lines().next().unwrap_or("");
    if first.len() < text.len() { format!("{first} ...") } else { first.to_string() }
}

/// What the interpreter's replay of a warning did instead of failing its check, with places
/// as `file:line:col`.
pub fn not_confirmed(outcome: &interpret::Outcome, places: &Places<'_>) -> String {
    use interpret::Outcome;
    match outcome {
        Outcome::Completed { steps, .. } => format!("the run completed after {steps} steps"),
        Outcome::AssertionFailed { obligation, what, span, .. } => {
            format!("{} at {}", failure_text(*obligation, what), places.text(*span))
        }
        Outcome::Blocked { span, .. } => {
            format!("blocked at {} (an assumption is false)", places.text(*span))
        }
        Outcome::OutOfInputs { span, .. } => {
            format!("out of inputs: a value is needed at {}", places.text(*span))
        }
        Outcome::StepLimit { steps } => format!("step limit reached after {steps} steps"),
        Outcome::Stuck { reason, span } => format!("stuck at {}: {reason}", places.text(*span)),
    }
}

/// The command that replays an assertion warning's run.
pub fn replay_command(w: &Warning, file: &str) -> String {
    let values: Vec<String> = w.inputs.iter().map(|(_, v)| v.to_string()).collect();
    if values.is_empty() {
        format!("craig run {file}")
    } else {
        format!("craig run {file} --inputs {}", values.join(","))
    }
}

/// A finding: its place, rule and message, then the lines under it (the run's inputs and
/// its replay, or the two calls of a Type A error).
pub fn write_finding(
    out: &mut dyn Write,
    finding: Finding<'_>,
    places: &Places<'_>,
) -> io::Result<()> {
    writeln!(
        out,
        "{}: warning[{}]: {}",
        places.text(span_of(finding)),
        match finding {
            Finding::Assert(_) => "assert",
            Finding::Lock(..) => "lock",
            Finding::Leak(..) => "leak",
        },
        message(finding, places)
    )?;
    match finding {
        Finding::Assert(w) => {
            writeln!(
                out,
                "  in `{}`; inputs (in the order the run reads them): {}",
                w.function,
                inputs_text(w, places)
            )?;
            match &w.replay {
                Replay::Confirmed => writeln!(
                    out,
                    "  confirmed: `{}` fails the same check",
                    replay_command(w, places.file)
                ),
                Replay::NotConfirmed(outcome) => {
                    writeln!(
                        out,
                        "  not confirmed by the interpreter: {}",
                        not_confirmed(outcome, places)
                    )
                }
            }
        }
        Finding::Lock(_, LockError::TypeA { from_locked, from_unlocked, .. }) => {
            writeln!(
                out,
                "  held on entry: the call at {} errs ({})",
                places.text(from_locked.0),
                values_text(&from_locked.1, "no parameters")
            )?;
            writeln!(
                out,
                "  free on entry: the call at {} errs ({})",
                places.text(from_unlocked.0),
                values_text(&from_unlocked.1, "no parameters")
            )
        }
        Finding::Lock(_, LockError::TypeB { .. }) => Ok(()),
        Finding::Leak(f, leak) => writeln!(
            out,
            "  in `{}`; a run that loses it: {} (not replayed: the checker starts at the \
             function, the interpreter at `main`)",
            f.function,
            values_text(&leak.inputs, "no parameters")
        ),
    }
}

/// A function's lock summary R, one transition a line (nothing when R is empty).
pub fn write_lock_summary(
    out: &mut dyn Write,
    f: &FunctionLocks,
    places: &Places<'_>,
) -> io::Result<()> {
    for t in &f.transitions {
        let value = match t.out {
            Some(true) => " [result nonzero]",
            Some(false) => " [result 0]",
            None => "",
        };
        writeln!(
            out,
            "  lock {}: {} -> {}{value}",
            places.text(f.locks[t.lock]),
            t.from.name(),
            t.to.name()
        )?;
    }
    Ok(())
}

fn plural(n: usize, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// The whole outcome as `craig saturn` prints it: the warnings, the lock summaries, the
/// totals, the unsound steps (always: a run without warnings proves nothing) and, with
/// `stats`, the counters.
pub fn write_outcome(
    out: &mut dyn Write,
    outcome: &Outcome,
    places: &Places<'_>,
    stats: bool,
) -> io::Result<()> {
    match outcome {
        Outcome::Assert(report) => write_assert(out, report, places, stats),
        Outcome::Lock(results) => write_locks(out, results, places, stats),
        Outcome::Leak(results) => write_leaks(out, results, places, stats),
    }
}

fn write_assert(
    out: &mut dyn Write,
    report: &Report,
    places: &Places<'_>,
    stats: bool,
) -> io::Result<()> {
    for w in &report.warnings {
        write_finding(out, Finding::Assert(w), places)?;
    }
    writeln!(
        out,
        "{}, {} holding within the unrolling",
        plural(report.warnings.len(), "warning"),
        plural(report.holding.len(), "check")
    )?;
    writeln!(out, "unsound steps taken:")?;
    let steps = assert_unsound_steps(report, places);
    if steps.is_empty() {
        writeln!(out, "  none: every loop exited within the unrolling, every call was expanded")?;
    }
    for line in steps {
        writeln!(out, "  {line}")?;
    }
    writeln!(out, "{NO_PROOF}")?;
    if stats {
        let s = &report.stats;
        writeln!(out, "stats:")?;
        writeln!(out, "  unrolled graph: {} nodes, {} edges", s.unrolled_nodes, s.unrolled_edges)?;
        writeln!(out, "  boolean DAG: {} nodes, {} input bits", s.dag_nodes, s.dag_inputs)?;
        writeln!(out, "  guards: {} condition names, {} BDD nodes", s.guard_names, s.bdd_nodes)?;
        writeln!(
            out,
            "  checks: {} occurrences, {} queries, {} satisfiable",
            s.check_sites, s.queries, s.satisfiable
        )?;
        writeln!(
            out,
            "  SAT: {} nodes clausified, {} clauses, {} conflicts",
            s.nodes_clausified, s.clauses, s.conflicts
        )?;
    }
    Ok(())
}

/// Every run's last line: Saturn is a bug finder.
pub const NO_PROOF: &str = "Saturn finds bugs: no warning is no proof of safety";

/// The lock checker's unsound steps, as lines (each also a SARIF notification).
pub fn lock_unsound_steps(results: &[FunctionResult<FunctionLocks>]) -> Vec<String> {
    let cut: usize = results.iter().filter_map(|(_, r)| r.as_ref().ok()).map(|f| f.loops_cut).sum();
    vec![
        format!(
            "{cut} back edges cut after the unrolling; callees expanded to depth 8, deeper and \
             recursive calls have unknown results"
        ),
        "distinct lock addresses are distinct locks unless their address expressions are the \
         same"
            .to_string(),
    ]
}

/// The assertion checker's unsound steps, as lines (each also a SARIF notification).
pub fn assert_unsound_steps(report: &Report, places: &Places<'_>) -> Vec<String> {
    let u = &report.unsound;
    let mut lines = Vec::new();
    for (function, span) in &u.loops_cut {
        lines.push(format!(
            "loop cut after the unrolling: back edge at {} in `{function}`",
            places.text(*span)
        ));
    }
    for (callee, span) in &u.calls_kept {
        lines.push(format!(
            "call to `{callee}` at {} not expanded (recursion or depth): results unknown",
            places.text(*span)
        ));
    }
    if u.width_conditions > 0 {
        lines.push(format!(
            "{} operations assume their value fits the blasting width (paths leaving it are cut)",
            u.width_conditions
        ));
    }
    lines
}

/// `guard FUNCTION LINE`'s answer: per statement of the line, its guard as paths of branch
/// conditions, then whether a run within the unrolling reaches it.
pub fn write_line_guard(
    out: &mut dyn Write,
    function: &str,
    line: usize,
    unroll: u32,
    guard: &LineGuard,
    places: &Places<'_>,
) -> io::Result<()> {
    if guard.statements.is_empty() {
        return writeln!(out, "no statement of `{function}` is on line {line}");
    }
    writeln!(
        out,
        "guards on line {line} of `{function}` (loops unrolled {unroll} times, callees \
         expanded):"
    )?;
    for statement in &guard.statements {
        writeln!(
            out,
            "{} `{}` ({} in the unrolled graph):",
            places.text(Some(statement.span)),
            expression(places, statement.span),
            if statement.copies == 1 {
                "1 copy".to_string()
            } else {
                format!("{} copies", statement.copies)
            }
        )?;
        if statement.paths.is_empty() {
            writeln!(out, "  false: no path of the unrolled graph gets there")?;
        }
        for (k, path) in statement.paths.iter().enumerate() {
            let conditions: Vec<String> = path.iter().map(|c| condition_text(c, places)).collect();
            let text = if conditions.is_empty() {
                "true".to_string()
            } else {
                conditions.join("\n      and ")
            };
            writeln!(out, "  {}{text}", if k == 0 { "   " } else { "or " })?;
        }
        if !statement.complete {
            writeln!(out, "  (more paths than the {} shown)", super::reach::MOST_CUBES)?;
        }
        match &statement.reached_by {
            Some(inputs) if inputs.is_empty() => writeln!(out, "  reached within the unrolling")?,
            Some(inputs) => writeln!(
                out,
                "  reached within the unrolling, e.g. with {}",
                values_text(inputs, "")
            )?,
            None => writeln!(out, "  reached by no run within the unrolling")?,
        }
    }
    if guard.loops_cut > 0 {
        writeln!(
            out,
            "{} cut after the unrolling: runs that stay longer in a loop are not looked at",
            plural(guard.loops_cut, "back edge")
        )?;
    }
    Ok(())
}

/// One branch condition of a guard's path, with its place.
fn condition_text(c: &super::reach::Condition, places: &Places<'_>) -> String {
    let mut at = places.text(c.span);
    if let Some(callee) = &c.callee {
        at.push_str(&format!(" in `{callee}`"));
    }
    for (depth, n) in c.iterations.iter().enumerate() {
        let around = if depth == 0 { "loop" } else { "inner loop" };
        at.push_str(&format!(", {around} iteration {n}"));
    }
    format!("{}  [{at}]", c.formula)
}

/// The end of a function-by-function checker's text: the counts, the unsound steps taken and
/// that no warning is no proof.
fn write_totals(
    out: &mut dyn Write,
    warnings: usize,
    analysed: usize,
    failed: usize,
    unsound_steps: Vec<String>,
) -> io::Result<()> {
    writeln!(
        out,
        "{}, {} analysed, {failed} failed",
        plural(warnings, "warning"),
        plural(analysed, "function")
    )?;
    writeln!(out, "unsound steps taken:")?;
    for line in unsound_steps {
        writeln!(out, "  {line}")?;
    }
    writeln!(out, "{NO_PROOF}")
}

fn write_locks(
    out: &mut dyn Write,
    results: &[FunctionResult<FunctionLocks>],
    places: &Places<'_>,
    stats: bool,
) -> io::Result<()> {
    let (mut warnings, mut failed, mut queries) = (0usize, 0usize, 0usize);
    for (name, result) in results {
        let f = match result {
            Ok(f) => f,
            Err(reason) => {
                failed += 1;
                writeln!(out, "{}", failed_line(name, reason))?;
                continue;
            }
        };
        queries += f.queries;
        for e in &f.errors {
            warnings += 1;
            write_finding(out, Finding::Lock(f, e), places)?;
        }
        if !f.transitions.is_empty() {
            writeln!(out, "summary of `{name}` (R):")?;
            write_lock_summary(out, f, places)?;
        }
    }
    write_totals(out, warnings, results.len() - failed, failed, lock_unsound_steps(results))?;
    if stats {
        writeln!(out, "stats:\n  SAT queries: {queries}")?;
    }
    Ok(())
}

/// The leak checker's unsound steps, as lines (each also a SARIF notification).
pub fn leak_unsound_steps(results: &[FunctionResult<FunctionLeaks>]) -> Vec<String> {
    let done: Vec<&FunctionLeaks> = results.iter().filter_map(|(_, r)| r.as_ref().ok()).collect();
    let cut: usize = done.iter().map(|f| f.loops_cut).sum();
    let kept: usize = done.iter().map(|f| f.calls_kept).sum();
    let mut lines = vec![
        format!(
            "{cut} back edges cut after the unrolling (a run that stays in a loop longer is not \
             looked at)"
        ),
        format!(
            "callees expanded to depth 8; {kept} deeper or recursive calls not expanded: their \
             results are taken to point to older objects and their pointer arguments to escape"
        ),
        "pointers from the environment (parameters, globals and memory on entry) are taken to \
         point to objects that existed on entry"
            .to_string(),
    ];
    let capped: Vec<&str> = done.iter().filter(|f| f.capped).map(|f| f.function.as_str()).collect();
    if !capped.is_empty() {
        lines.push(format!(
            "more than {} allocations in {}: an object another new object points to is taken \
             as escaped",
            super::leak::EXACT_LEVELS,
            capped.iter().map(|n| format!("`{n}`")).collect::<Vec<_>>().join(", ")
        ));
    }
    lines
}

fn write_leaks(
    out: &mut dyn Write,
    results: &[FunctionResult<FunctionLeaks>],
    places: &Places<'_>,
    stats: bool,
) -> io::Result<()> {
    let (mut warnings, mut failed, mut queries, mut allocations) = (0usize, 0usize, 0usize, 0usize);
    let mut allocators = Vec::new();
    for (name, result) in results {
        let f = match result {
            Ok(f) => f,
            Err(reason) => {
                failed += 1;
                writeln!(out, "{}", failed_line(name, reason))?;
                continue;
            }
        };
        queries += f.queries;
        allocations += f.allocations;
        if f.allocator {
            allocators.push(format!("`{name}`"));
        }
        for leak in &f.leaks {
            warnings += 1;
            write_finding(out, Finding::Leak(f, leak), places)?;
        }
    }
    if !allocators.is_empty() {
        writeln!(out, "allocators inferred (IsMalloc): {}", allocators.join(", "))?;
    }
    write_totals(out, warnings, results.len() - failed, failed, leak_unsound_steps(results))?;
    if stats {
        writeln!(
            out,
            "stats:\n  allocations in unrolled graphs: {allocations}\n  SAT queries: {queries}"
        )?;
    }
    Ok(())
}

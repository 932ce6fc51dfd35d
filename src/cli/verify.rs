//! `craig verify FILE.java...`: every proof obligation of the annotated Java program proved by
//! craig's own prover, one line per obligation, a summary per method and overall.

use std::io::Write;
use std::path::PathBuf;

use super::{CliError, seconds};
use crate::fol::SortMode;
use crate::prover::ClauseWeight;
use crate::solve::goal::Verdict;
use crate::syntax::{SourceMap, Span};
use crate::translate::relevance::Sine;
use crate::translate::{SequentOutcome, TranslateOptions, write_translation};
use crate::vc::VcOptions;
use crate::verify::{
    ARITHMETIC_NOTE, Outcome, ProofCache, Run, Verification, describe, load_java, prove_reporting,
};

/// Verify annotated Java programs (Jahob's specifications in `/*: ... */` comments): every
/// obligation proved, one line each; exit 1 if any is not proved.
#[derive(clap::Args)]
pub struct Args {
    /// The Java files, read together (classes may refer to each other across them).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// Only the obligations of this method (`Class.method`: every overload of it; one overload
    /// as `Class.method(int,Node)`).
    #[arg(long, value_name = "CLASS.METHOD")]
    pub method: Option<String>,
    /// Only the obligations of the methods of this class.
    #[arg(long, value_name = "CLASS")]
    pub class: Option<String>,
    /// How sorts are handled: erase what can be erased soundly and guard the rest (auto),
    /// guard all, or erase all (refused unless that is sound).
    #[arg(long, value_parser = super::sort_modes(), default_value = "auto")]
    pub sorts: SortMode,
    /// Limit per obligation, in seconds of CPU time: the CPU time of the thread proving it
    /// (with `--jobs 1` the process's, the clock of every time limit of craig), so obligations
    /// proved at once on other threads do not spend its budget.
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub time_limit: f64,
    /// Stop each obligation after this many given clauses (deterministic).
    #[arg(long, value_name = "N")]
    pub steps: Option<u64>,
    /// How the prover's weight queue weighs clauses. Obligations default to the
    /// conjecture-relative weight: their typing and frame axioms breed many short clauses about
    /// symbols the obligation never mentions.
    #[arg(long, value_parser = super::clause_weights(), default_value = "conjecture-relative")]
    pub clause_weight: ClauseWeight,
    /// Keep this percentage of each obligation's hypotheses, most relevant first.
    #[arg(long, value_name = "PERCENT", default_value_t = 100)]
    pub retain: u32,
    /// Keep only the hypotheses SInE selects from each obligation's goal, with this tolerance
    /// (100: a hypothesis is triggered only by its rarest symbols). Without it, every strategy
    /// but the schedule's last sees every hypothesis.
    #[arg(long, value_name = "PERCENT")]
    pub sine: Option<u32>,
    /// Prove independent obligations on this many threads (the answers are those of one);
    /// by default as many as the machine has cores.
    #[arg(long, value_name = "N")]
    pub jobs: Option<usize>,
    /// Keep proofs in this cache file instead of `.craig-cache/STEM.ron` beside the first file.
    #[arg(long, value_name = "FILE", conflicts_with = "no_cache")]
    pub cache: Option<PathBuf>,
    /// Neither read nor write a proof cache: search every obligation.
    #[arg(long)]
    pub no_cache: bool,
    /// After each obligation, a `% stats` line: given and generated clauses, time in ms,
    /// problems searched and problems re-checked from the cache; at the end a `% cache` line.
    #[arg(long)]
    pub stats: bool,
    /// For each obligation not proved, the path through its method that it covers.
    #[arg(long)]
    pub paths: bool,
    /// Write each obligation's translation as a TPTP problem into this folder (for other
    /// provers), one file per obligation.
    #[arg(long, value_name = "DIR")]
    pub tptp: Option<PathBuf>,
}

/// Runs the subcommand.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<u8, CliError> {
    let time_limit = seconds("--time-limit", args.time_limit)?;
    let jobs =
        args.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if jobs == 0 {
        return Err(CliError::Usage("--jobs must be at least 1".into()));
    }
    if !(1..=100).contains(&args.retain) {
        return Err(CliError::Usage(format!("--retain must be 1..100, got {}", args.retain)));
    }
    let mut sources = SourceMap::new();
    let (verification, diagnostics) = load_java(&args.files, &mut sources, &VcOptions::default());
    for d in &diagnostics {
        err.write_all(d.render(&sources).as_bytes())?;
    }
    let Some(verification) = verification else { return Err(CliError::Reported { code: 2 }) };
    let locate = |span: Span| sources.location(span);
    for (id, why) in &verification.refused {
        let p = verification.program.procedure(*id);
        writeln!(err, "{}: no obligations: {why}", locate(p.span))?;
    }
    let selected = select(&verification, args)?;
    let sine = args.sine.map(|tolerance_percent| Sine { tolerance_percent, depth: u32::MAX });
    let options = TranslateOptions {
        sorts: args.sorts,
        retain_percent: args.retain,
        sine,
        strict_order_only: false,
        ..TranslateOptions::default()
    };
    let mut prover = crate::verify::prover_defaults();
    prover.limits.time = Some(time_limit);
    prover.clause_weight = args.clause_weight;
    prover.limits.given_clauses = args.steps;
    prover.limits.clauses = Some(4_000_000);
    prover.limits.terms = Some(40_000_000);
    writeln!(out, "% {ARITHMETIC_NOTE}")?;
    if let Some(dir) = &args.tptp {
        write_tptp(&verification, &selected, &options, dir, &sources)?;
    }
    let file = args.files.first().map(|f| f.display().to_string()).unwrap_or_default();
    let cache_path = cache_path(args);
    let mut cache = cache_path.as_deref().map(|path| read_cache(path, err)).transpose()?;
    // Each obligation's line is written as soon as it and those before it are known.
    let mut all_proved = verification.refused.is_empty();
    let mut per_method: Vec<(crate::ir::ProcId, usize, usize)> = Vec::new();
    let mut write_error = None;
    let mut report = |o: &Outcome| {
        let obligation = &verification.obligations[o.obligation];
        let proved = o.verdict == Verdict::Proved;
        all_proved &= proved;
        match per_method.last_mut() {
            Some((id, total, done)) if *id == obligation.procedure => {
                *total += 1;
                *done += usize::from(proved);
            }
            _ => per_method.push((obligation.procedure, 1, usize::from(proved))),
        }
        if write_error.is_some() {
            return;
        }
        let mut written = write_outcome(out, &verification, o, &locate, args.paths);
        if args.stats && written.is_ok() {
            written = writeln!(
                out,
                "% stats {}: given {} generated {} time_ms {} searched {} rechecked {}",
                obligation.sequent.name,
                o.given,
                o.generated,
                o.elapsed.as_millis(),
                o.searched,
                o.rechecked,
            );
        }
        if written.is_ok() {
            written = out.flush();
        }
        if let Err(e) = written {
            write_error = Some(e);
        }
    };
    let run = Run { file: &file, jobs, cache: cache.as_ref() };
    let outcomes = prove_reporting(&verification, &selected, &options, &prover, run, &mut report);
    if let Some(e) = write_error {
        return Err(e.into());
    }
    if let (Some(cache), Some(path)) = (&mut cache, &cache_path) {
        let runs = outcomes.iter().map(|o| {
            let name = verification.obligations[o.obligation].sequent.name.as_str();
            (name, o.verdict == Verdict::Proved, o.given, o.generated, &o.cache)
        });
        // A cache that cannot be written costs the next run time, not this run's answer.
        if cache.update(runs)
            && let Err(e) = crate::session::write_atomic(path, cache.to_text().as_bytes())
        {
            writeln!(err, "warning: could not write the proof cache {}: {e}", path.display())?;
        }
    }
    if args.stats {
        let sum = |f: fn(&Outcome) -> usize| outcomes.iter().map(f).sum::<usize>();
        writeln!(
            out,
            "% cache: {} problems searched, {} re-checked from the cache, {} cached proofs discarded, {} stored",
            sum(|o| o.searched),
            sum(|o| o.rechecked),
            sum(|o| o.cache.discarded),
            sum(|o| o.cache.stored.len()),
        )?;
    }
    for (id, total, done) in &per_method {
        let name = &verification.program.procedure(*id).name;
        writeln!(out, "{name}: {done} of {total} obligations proved")?;
    }
    let total = outcomes.len();
    let done = outcomes.iter().filter(|o| o.verdict == Verdict::Proved).count();
    writeln!(
        out,
        "{}: {done} of {total} obligations proved in {} methods{}",
        if all_proved { "verified" } else { "not verified" },
        per_method.len(),
        if verification.refused.is_empty() {
            String::new()
        } else {
            format!(", {} methods without obligations", verification.refused.len())
        }
    )?;
    Ok(if all_proved { 0 } else { 1 })
}

/// The cache file: `--cache FILE`, none with `--no-cache`, else the program's default
/// ([`crate::verify::cache::default_path`]).
fn cache_path(args: &Args) -> Option<PathBuf> {
    if args.no_cache {
        return None;
    }
    if let Some(path) = &args.cache {
        return Some(path.clone());
    }
    crate::verify::cache::default_path(args.files.first()?)
}

/// The cache in `path`, empty (with a warning) when it cannot be used.
fn read_cache(path: &std::path::Path, err: &mut dyn Write) -> Result<ProofCache, CliError> {
    let (cache, warning) = ProofCache::read_or_empty(path);
    if let Some(warning) = warning {
        writeln!(err, "{warning}")?;
    }
    Ok(cache)
}

/// The obligations `--method` and `--class` select (all by default).
fn select(verification: &Verification, args: &Args) -> Result<Vec<usize>, CliError> {
    let program = &verification.program;
    // `C.m` names every overload of `m` (`C.m(int)`, `C.m(Node)`); `C.m(int)` names one.
    let names = |m: &str, name: &str| {
        m == name || name.strip_prefix(m).is_some_and(|signature| signature.starts_with('('))
    };
    let wanted = |name: &str| {
        let class = name.split('.').next().unwrap_or("");
        args.method.as_deref().is_none_or(|m| names(m, name))
            && args.class.as_deref().is_none_or(|c| c == class)
    };
    if let Some(m) = &args.method
        && !program.procedures.iter().any(|p| names(m, &p.name))
    {
        return Err(CliError::Usage(format!("no method `{m}` (write it as Class.method)")));
    }
    if let Some(c) = &args.class
        && !program.procedures.iter().any(|p| p.name.split('.').next() == Some(c.as_str()))
    {
        return Err(CliError::Usage(format!("no class `{c}` with methods")));
    }
    Ok((0..verification.obligations.len())
        .filter(|&i| wanted(&program.procedure(verification.obligations[i].procedure).name))
        .collect())
}

fn write_outcome(
    out: &mut dyn Write,
    verification: &Verification,
    o: &Outcome,
    locate: &dyn Fn(Span) -> String,
    paths: bool,
) -> std::io::Result<()> {
    let obligation = &verification.obligations[o.obligation];
    let verdict = match o.verdict {
        Verdict::Proved if o.by_instantiation => {
            format!("proved by instantiation (after {} given clauses)", o.given)
        }
        Verdict::Proved => format!("proved ({} given clauses)", o.given),
        Verdict::NotProved => "NOT PROVED (saturated: not provable as translated)".to_string(),
        Verdict::GaveUp => "NOT PROVED (gave up)".to_string(),
    };
    let at = obligation.at.map_or(String::new(), |s| format!(", checked at {}", locate(s)));
    writeln!(
        out,
        "{}: {verdict}: {} at {}{at}",
        obligation.sequent.name,
        describe(obligation.check, &obligation.what),
        locate(obligation.span),
    )?;
    if paths && o.verdict != Verdict::Proved {
        if obligation.all_paths {
            writeln!(out, "  on every path to it")?;
        }
        for step in &obligation.path {
            let at = step.span.map_or(String::new(), |s| format!(" ({})", locate(s)));
            writeln!(out, "  path: {}{at}", step.text)?;
        }
    }
    Ok(())
}

/// Writes each selected obligation's first-order problems as TPTP, one file per obligation.
fn write_tptp(
    verification: &Verification,
    selected: &[usize],
    options: &TranslateOptions,
    dir: &std::path::Path,
    sources: &SourceMap,
) -> Result<(), CliError> {
    std::fs::create_dir_all(dir)?;
    for &i in selected {
        let obligation = &verification.obligations[i];
        let translations = crate::translate::translate_sequent(
            verification.signature(),
            &obligation.sequent,
            options,
            &obligation.sequent.name,
        );
        if !translations.iter().any(|t| matches!(t.outcome, SequentOutcome::Problem(_))) {
            continue;
        }
        let mut text = String::new();
        write_translation(&mut text, &translations, sources);
        let file: String = obligation
            .sequent
            .name
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
            .collect();
        crate::session::write_atomic(&dir.join(format!("{file}.p")), text.as_bytes())?;
    }
    Ok(())
}

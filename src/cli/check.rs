//! `craig check FILE.spec`: every lemma of a spec file proved, one line per lemma.

use std::io::Write;
use std::path::PathBuf;

use super::{CliError, load_spec_file, seconds};
use crate::fol::SortMode;
use crate::prover::ProverOptions;
use crate::solve::goal::{ValidityCache, Verdict, check_sequent};
use crate::syntax::SourceMap;
use crate::translate::TranslateOptions;

/// Prove every lemma of a spec file; one line per lemma, exit 1 if any is not proved.
#[derive(clap::Args)]
pub struct Args {
    /// The spec file.
    pub file: PathBuf,
    /// How sorts are handled.
    #[arg(long, value_parser = super::sort_modes(), default_value = "auto")]
    pub sorts: SortMode,
    /// Limit per sequent, in seconds of CPU time of the process (the clock of every time limit
    /// of craig, as E and SV-COMP count).
    #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
    pub time_limit: f64,
    /// Keep this percentage of the hypotheses, most relevant first.
    #[arg(long, value_name = "PERCENT", default_value_t = 100)]
    pub retain: u32,
    /// After each lemma, print a `% stats` line: given and generated clauses, time in ms.
    #[arg(long)]
    pub stats: bool,
}

/// Runs the subcommand.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<u8, CliError> {
    let time_limit = seconds("--time-limit", args.time_limit)?;
    let options = TranslateOptions {
        sorts: args.sorts,
        retain_percent: args.retain,
        sine: None,
        strict_order_only: false,
        ..TranslateOptions::default()
    };
    let mut sources = SourceMap::new();
    let module = load_spec_file(&args.file, &mut sources, err)?;
    let Some(root) = module.root_file() else { return Err(CliError::Reported { code: 2 }) };
    let mut prover = ProverOptions::default();
    prover.limits.time = Some(time_limit);
    prover.limits.clauses = Some(4_000_000);
    prover.limits.terms = Some(40_000_000);
    let validity = ValidityCache::new();
    let file = args.file.display().to_string();
    let mut all_proved = true;
    for sequent in module.sequents_in(root) {
        let r = check_sequent(module.hol(), &sequent, &options, &prover, &file, &validity);
        all_proved &= r.verdict == Verdict::Proved;
        writeln!(
            out,
            "{}: {} ({} sequents, {} discharged, {} given clauses)",
            r.lemma,
            r.verdict.name(),
            r.sequents,
            r.discharged,
            r.given
        )?;
        if args.stats {
            writeln!(
                out,
                "% stats {}: given {} generated {} time_ms {}",
                r.lemma,
                r.given,
                r.generated,
                r.elapsed.as_millis()
            )?;
        }
    }
    Ok(if all_proved { 0 } else { 1 })
}

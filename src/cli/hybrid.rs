//! `craig hybrid FILE.hy`: language-based abstraction refinement of a hybrid system (issue 36):
//! `SAFE` with the final regions and the language's size, or `UNKNOWN` with the limit that
//! stopped it (the method never proves a system unsafe); then, with `--stats`, the counters.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use crate::cli::CliError;
use crate::hybrid::baseline::run_baseline;
use crate::hybrid::engine::{Algorithm, Engine, Options, Outcome};
use crate::hybrid::system::HybridSystem;
use crate::hybrid::{HybridError, load_hybrid};
use crate::repl::options::{positive_count, seconds};
use crate::syntax::{SourceMap, render_all};

/// Language-based abstraction refinement of a hybrid system (`.hy`).
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The hybrid system (`.hy`).
    pub file: PathBuf,
    /// The length of the midfixes checked for spuriousness (at least 2).
    #[arg(long, value_name = "N", default_value_t = 3, value_parser = clap::value_parser!(u64).range(2..=8))]
    pub maxlen: u64,
    /// 1: the plain algorithm (Algorithms 1 and 2); 3: with region pruning (Algorithm 3).
    #[arg(long, value_name = "1|3", default_value = "3", value_parser = ["1", "3"])]
    pub algorithm: String,
    /// Run the transition-system baseline (`ts`) instead, with the same splits.
    #[arg(long, value_name = "ts", value_parser = ["ts"])]
    pub baseline: Option<String>,
    /// Check only single letters for s-spuriousness, as the paper does (no suffix checks).
    #[arg(long)]
    pub no_suffix_checks: bool,
    /// Also ask the SMT core's simplex about each word's linear relaxation where interval
    /// pruning does not refute it (exact on linear constraints; slower).
    #[arg(long)]
    pub simplex: bool,
    /// Keep the incremental set Q of the paper's §3.2: each round asks only about words
    /// through regions that changed.
    #[arg(long)]
    pub incremental: bool,
    /// Stop after this many splits.
    #[arg(long, value_name = "N", value_parser = positive_count, default_value = "1000")]
    pub max_splits: usize,
    /// Stop after this many seconds of CPU time.
    #[arg(long, value_name = "S", value_parser = seconds)]
    pub time_limit: Option<Duration>,
    /// Print the counters.
    #[arg(long)]
    pub stats: bool,
}

/// Runs the refinement. Exit 0 for `SAFE`, 3 for `UNKNOWN`, 2 on input errors.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<u8, CliError> {
    let mut sources = SourceMap::new();
    let system = match load_hybrid(&args.file, &mut sources) {
        Ok(system) => system,
        Err(HybridError::Refused(diagnostics)) => {
            write!(err, "{}", render_all(&diagnostics, &sources))?;
            return Err(CliError::Reported { code: 2 });
        }
        Err(e) => return Err(CliError::Failed { message: e.to_string(), code: 2 }),
    };
    if args.baseline.is_some() {
        let (outcome, stats) = run_baseline(&system, args.max_splits, args.simplex);
        write_outcome(&outcome, out)?;
        if args.stats {
            writeln!(out, "splits: {}", stats.splits)?;
            writeln!(out, "rounds: {}", stats.rounds)?;
            writeln!(out, "edges removed: {}", stats.edges_removed)?;
        }
        return Ok(exit_code(&outcome));
    }
    let options = Options {
        algorithm: if args.algorithm == "1" { Algorithm::Plain } else { Algorithm::Pruning },
        maxlen: args.maxlen as usize,
        suffix_checks: !args.no_suffix_checks,
        incremental: args.incremental,
        simplex: args.simplex,
        max_splits: Some(args.max_splits),
        time_limit: args.time_limit,
        ..Options::default()
    };
    let mut engine = Engine::new(&system, options);
    let outcome = engine.run();
    write_outcome(&outcome, out)?;
    if outcome == Outcome::Safe {
        write_regions(&engine, &system, out)?;
    } else {
        writeln!(
            out,
            "language: {} states; its shortest words (abstract counterexamples):",
            engine.language.dfa.size()
        )?;
        write_words(&engine, &system, out)?;
    }
    if args.stats {
        let s = engine.stats;
        writeln!(out, "splits: {}", s.splits)?;
        writeln!(out, "rounds: {}", s.rounds)?;
        writeln!(out, "peak DFA size: {}", s.peak_dfa_size)?;
        writeln!(
            out,
            "words removed: {} prefix, {} suffix, {} midfix",
            s.prefixes_removed, s.suffixes_removed, s.midfixes_removed
        )?;
        writeln!(out, "don't know: {}", s.dont_know)?;
        writeln!(out, "regions pruned: {}, removed: {}", s.regions_pruned, s.regions_removed)?;
        writeln!(out, "oracle: {} questions, {} prunings", s.oracle.questions, s.oracle.prunings)?;
        writeln!(
            out,
            "simplex: {} words asked, {} refuted",
            s.oracle.simplex_checks, s.oracle.simplex_refutations
        )?;
    }
    Ok(exit_code(&outcome))
}

fn exit_code(outcome: &Outcome) -> u8 {
    match outcome {
        Outcome::Safe => 0,
        Outcome::Unknown(_) => 3,
    }
}

fn write_outcome(outcome: &Outcome, out: &mut dyn Write) -> std::io::Result<()> {
    match outcome {
        Outcome::Safe => writeln!(out, "SAFE"),
        Outcome::Unknown(why) => writeln!(out, "UNKNOWN: {why}"),
    }
}

fn write_regions(
    engine: &Engine,
    system: &HybridSystem,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let regions = engine.regions();
    writeln!(out, "language: empty ({} regions left)", regions.len())?;
    for (symbol, region) in regions {
        writeln!(out, "  r{symbol}: {}", region.describe(system))?;
    }
    Ok(())
}

/// Up to five of the shortest words left in the language, each region with its mode and box.
fn write_words(engine: &Engine, system: &HybridSystem, out: &mut dyn Write) -> std::io::Result<()> {
    let words = engine.language.dfa.words_up_to(engine.options.maxlen + 2);
    for word in words.iter().filter(|w| crate::hybrid::dfa::is_contracted(w)).take(5) {
        let names: Vec<String> = word.iter().map(|s| format!("r{s}")).collect();
        writeln!(out, "  {}", names.join(" "))?;
        for &symbol in word {
            if let Some(region) = engine.oracle.regions.get(symbol) {
                let sides: Vec<String> = region.space.iter().map(|i| i.to_string()).collect();
                writeln!(
                    out,
                    "    r{symbol}: {} {}",
                    system.modes[region.mode],
                    sides.join(" x ")
                )?;
            }
        }
    }
    Ok(())
}

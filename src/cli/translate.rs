//! `craig translate FILE.spec`: the lemmas of a spec file as first-order clauses (TPTP CNF), with
//! the sort and approximation reports.

use std::io::Write;
use std::path::PathBuf;

use super::{CliError, load_spec_file};
use crate::fol::SortMode;
use crate::solve::goal::{ValidityCache, translate_settled};
use crate::syntax::SourceMap;
use crate::translate::{TranslateOptions, write_translation};

/// Translate the lemmas of a spec file to first-order clauses and print them as TPTP CNF, with
/// the sort and approximation reports.
#[derive(clap::Args)]
pub struct Args {
    /// The spec file.
    pub file: PathBuf,
    /// Only this lemma (default: every lemma of the file).
    #[arg(long, value_name = "NAME")]
    pub goal: Option<String>,
    /// How sorts are handled.
    #[arg(long, value_parser = super::sort_modes(), default_value = "auto")]
    pub sorts: SortMode,
    /// Keep this percentage of the hypotheses, most relevant first.
    #[arg(long, value_name = "PERCENT", default_value_t = 100)]
    pub retain: u32,
}

/// Runs the subcommand.
pub fn run(args: &Args, out: &mut dyn Write, err: &mut dyn Write) -> Result<u8, CliError> {
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
    let sequents: Vec<_> = module
        .sequents_in(root)
        .into_iter()
        .filter(|s| args.goal.as_deref().is_none_or(|n| s.name == n))
        .collect();
    if sequents.is_empty() {
        return Err(CliError::Usage(format!("no such lemma in {}", args.file.display())));
    }
    let validity = ValidityCache::new();
    let file = args.file.display().to_string();
    let mut text = String::new();
    for sequent in &sequents {
        let translations = translate_settled(module.hol(), sequent, &options, &file, &validity);
        write_translation(&mut text, &translations, &sources);
    }
    out.write_all(text.as_bytes())?;
    Ok(0)
}

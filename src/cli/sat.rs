//! `craig sat FILE.cnf`: solve a DIMACS CNF file and answer in the SAT competition's format.
//!
//! `s SATISFIABLE` with `v ... 0` lines (exit 10), `s UNSATISFIABLE` (exit 20) or
//! `s UNKNOWN` (exit 0). Unsatisfiable answers are checked by the independent proof checker
//! unless `--no-check` is given, and the checked refutation can be written in LRAT or DRAT.

use std::fs::File;
use std::io::{self, BufWriter, Read, Write};
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::sat::check::{ProofError, check_leaves};
use crate::sat::dimacs::{Cnf, parse_dimacs};
use crate::sat::{
    Limits, Model, RestartPolicy, SatResult, Solver, SolverError, SolverOptions, Stats,
};
use crate::syntax::{SourceMap, render_all};

/// Restart schedules selectable from the command line.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum Restarts {
    /// Glucose-style: restart when recent learned clauses have a worse LBD than average.
    Glucose,
    /// Luby sequence times 100 conflicts.
    Luby,
}

/// Arguments of `craig sat`.
#[derive(Clone, Debug, clap::Args)]
pub struct Args {
    /// The DIMACS CNF file; `-` reads standard input.
    pub file: PathBuf,
    /// When unsatisfiable, write the refutation in LRAT to this file.
    #[arg(long, value_name = "FILE")]
    pub proof: Option<PathBuf>,
    /// When unsatisfiable, write the refutation in DRAT to this file.
    #[arg(long, value_name = "FILE")]
    pub drat: Option<PathBuf>,
    /// Do not check the refutation (nor record it, unless a proof file is asked for).
    #[arg(long)]
    pub no_check: bool,
    /// Print the search counters as `c` lines.
    #[arg(long)]
    pub stats: bool,
    /// Give up (`s UNKNOWN`) after this many conflicts.
    #[arg(long, value_name = "N")]
    pub conflicts: Option<u64>,
    /// Give up (`s UNKNOWN`) after this many seconds of CPU time of the process spent searching
    /// (the clock of every time limit of craig, as SAT competitions and SV-COMP count).
    #[arg(long, value_name = "SECONDS")]
    pub time_limit: Option<f64>,
    /// Restart schedule.
    #[arg(long, value_enum, default_value = "glucose")]
    pub restarts: Restarts,
}

/// Why `craig sat` could not answer.
#[derive(Debug, Error)]
pub enum SatError {
    /// The input could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: io::Error,
    },
    /// The input is not valid DIMACS; the rendered diagnostics follow.
    #[error("invalid DIMACS input\n{rendered}")]
    Input {
        /// How many diagnostics.
        count: usize,
        /// Their `file:line:col` rendering.
        rendered: String,
    },
    /// A proof file could not be written.
    #[error("cannot write {path}: {source}")]
    Write {
        /// The file.
        path: String,
        /// Why.
        source: io::Error,
    },
    /// Standard output could not be written.
    #[error("cannot write the answer: {0}")]
    Output(#[from] io::Error),
    /// A bad option value.
    #[error("{0}")]
    Usage(String),
    /// The solver caught a bug of its own (a model or proof that does not check).
    #[error(transparent)]
    Solver(#[from] SolverError),
    /// The refutation does not rest on the file's clauses.
    #[error("internal error: the refutation does not match the input: {0}")]
    Leaves(ProofError),
}

fn read_input(path: &Path) -> Result<(String, String), SatError> {
    let name = path.display().to_string();
    let mut text = String::new();
    let result = if name == "-" {
        io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        File::open(path).and_then(|mut f| f.read_to_string(&mut text)).map(|_| ())
    };
    result.map_err(|source| SatError::Read { path: name.clone(), source })?;
    Ok((if name == "-" { "<stdin>".to_string() } else { name }, text))
}

fn write_model(out: &mut dyn Write, cnf: &Cnf, model: &Model) -> io::Result<()> {
    let mut line = String::from("v");
    for v in 0..cnf.num_vars {
        let lit = crate::sat::Var(v).positive();
        let text = if model.lit_value(lit) { lit.to_dimacs() } else { -lit.to_dimacs() };
        let word = text.to_string();
        if line.len() + word.len() + 1 > 78 {
            writeln!(out, "{line}")?;
            line = String::from("v");
        }
        line.push(' ');
        line.push_str(&word);
    }
    writeln!(out, "{line} 0")
}

fn write_stats(out: &mut dyn Write, s: &Stats) -> io::Result<()> {
    writeln!(
        out,
        "c stats: decisions {} propagations {} conflicts {} restarts {} learned {} \
         learned-literals {} minimised-literals {} deleted {} reductions {}",
        s.decisions,
        s.propagations,
        s.conflicts,
        s.restarts,
        s.learned,
        s.learned_literals,
        s.minimised_literals,
        s.deleted,
        s.reductions
    )
}

fn write_proof_file(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), SatError> {
    let failed = |source| SatError::Write { path: path.display().to_string(), source };
    let file = File::create(path).map_err(failed)?;
    let mut w = BufWriter::new(file);
    write(&mut w).map_err(failed)?;
    w.flush().map_err(failed)
}

/// Runs `craig sat`; returns the exit code (10 satisfiable, 20 unsatisfiable, 0 unknown).
pub fn run(args: &Args, out: &mut dyn Write, _err: &mut dyn Write) -> Result<u8, super::CliError> {
    answer(args, out).map_err(|e| super::CliError::Failed { message: e.to_string(), code: 2 })
}

/// Reads the problem, solves it and writes the answer.
fn answer(args: &Args, out: &mut dyn Write) -> Result<u8, SatError> {
    let time = match args.time_limit {
        Some(s) => match crate::repl::settings::positive_seconds(s) {
            Some(limit) => Some(limit),
            None => {
                return Err(SatError::Usage(format!(
                    "--time-limit must be a positive number of seconds, got {s}"
                )));
            }
        },
        None => None,
    };
    let (name, text) = read_input(&args.file)?;
    let mut sources = SourceMap::new();
    let file = sources.add(name, (args.file.as_os_str() != "-").then_some(&*args.file), text);
    let cnf = parse_dimacs(file, &sources.file(file).text).map_err(|d| SatError::Input {
        count: d.len(),
        rendered: render_all(&d, &sources).trim_end().to_string(),
    })?;
    let check = !args.no_check;
    let options = SolverOptions {
        proof: check || args.proof.is_some() || args.drat.is_some(),
        check_proofs: check,
        restarts: match args.restarts {
            Restarts::Glucose => RestartPolicy::Glucose,
            Restarts::Luby => RestartPolicy::Luby,
        },
        ..SolverOptions::default()
    };
    // Variables are created as clauses name them (not from the header's count, which could ask
    // for billions); the model prints the declared ones that no clause names as false.
    let mut solver = Solver::with_options(options);
    for clause in &cnf.clauses {
        solver.add_clause(clause);
    }
    solver.set_limits(Limits { conflicts: args.conflicts, time, ..Limits::default() });
    writeln!(out, "c craig sat: {} variables, {} clauses", cnf.num_vars, cnf.clauses.len())?;
    let result = solver.solve()?;
    let code = match result {
        SatResult::Sat(model) => {
            // The solver checked the model against its copy of the clauses; check the file's.
            if let Some(i) = cnf.clauses.iter().position(|c| !model.satisfies(c)) {
                return Err(SolverError::ModelRejected(crate::sat::ClauseId(i as u32)).into());
            }
            if args.stats {
                write_stats(out, solver.stats())?;
            }
            writeln!(out, "s SATISFIABLE")?;
            write_model(out, &cnf, &model)?;
            10
        }
        SatResult::Unsat { .. } => {
            let proof_and_root = solver.proof().zip(solver.refutation());
            if let Some((proof, root)) = proof_and_root {
                if check {
                    check_leaves(proof, root, |id| cnf.clauses.get(id.index()).map(|c| &c[..]))
                        .map_err(SatError::Leaves)?;
                    if let Some(report) = solver.last_check() {
                        writeln!(
                            out,
                            "c proof checked: {} resolution chains, {} original clauses in the core",
                            report.derived, report.leaves
                        )?;
                    }
                }
                if let Some(path) = &args.proof {
                    write_proof_file(path, |w| proof.write_lrat(root, w))?;
                }
                if let Some(path) = &args.drat {
                    write_proof_file(path, |w| proof.write_drat(root, w))?;
                }
            }
            if args.stats {
                write_stats(out, solver.stats())?;
            }
            writeln!(out, "s UNSATISFIABLE")?;
            20
        }
        SatResult::Unknown(reason) => {
            if args.stats {
                write_stats(out, solver.stats())?;
            }
            writeln!(out, "c stopped: {}", reason.name())?;
            writeln!(out, "s UNKNOWN")?;
            0
        }
    };
    Ok(code)
}

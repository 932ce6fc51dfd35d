//! The `craig` command: a thin layer over the library that parses arguments and prints answers.

// The binary is where output reaches the terminal.
#![allow(clippy::disallowed_macros)]

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand, ValueEnum};
use craig::answer::{core_names, write_tstp_proof};
use craig::prover::{Limits, LiteralSelection, ProverOptions};
use craig::solve::solve_file_sorted;
use craig::spec::load_spec;
use craig::syntax::SourceMap;
use craig::translate::{
    SortMode, TranslateOptions, Verdict, check_goal, translate_goal, write_translation,
};

#[derive(Parser)]
#[command(
    name = "craig",
    version,
    about = "A verification workbench with its own superposition prover"
)]
struct Cli {
    /// Without a command, craig starts the interactive workbench.
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Clone, Copy, ValueEnum)]
enum Selection {
    /// No literal selection.
    None,
    /// Select the heaviest negative literal of every clause that has one.
    MaxNegative,
    /// Select the heaviest negative literal of clauses that also have a positive one.
    MaxNegativeIfPositive,
    /// Select the negative literal with the most non-variable arguments, then the heaviest.
    MostInstantiated,
}

#[derive(Clone, Copy, ValueEnum)]
enum InterpolationSystem {
    /// McMillan's system (strongest interpolants).
    Mcmillan,
    /// Pudlák's symmetric system.
    Pudlak,
    /// Both, each printed and verified.
    Both,
}

#[derive(Clone, Copy, ValueEnum)]
enum Sorts {
    /// Erase monotone sorts, guard the others.
    Auto,
    /// Guard every sort with a predicate.
    Guard,
    /// Drop sorts (refused unless justified).
    Erase,
}

impl Sorts {
    fn mode(self) -> SortMode {
        match self {
            Sorts::Auto => SortMode::Auto,
            Sorts::Guard => SortMode::Guard,
            Sorts::Erase => SortMode::Erase,
        }
    }
}

/// Loads a spec file, printing its diagnostics; `None` on errors.
fn load(file: &std::path::Path, sources: &mut SourceMap) -> Option<craig::spec::SpecModule> {
    let (module, diagnostics) = load_spec(file, sources);
    for d in &diagnostics {
        eprint!("{}", d.render(sources));
    }
    module
}

fn translate(file: &std::path::Path, goal: Option<&str>, options: &TranslateOptions) -> ExitCode {
    let mut sources = SourceMap::new();
    let Some(module) = load(file, &mut sources) else { return ExitCode::from(2) };
    let Some(root) = module.root_file() else { return ExitCode::from(2) };
    let goals: Vec<_> = module
        .goals_in(root)
        .into_iter()
        .filter(|g| goal.is_none_or(|n| g.lemma.name == n))
        .collect();
    if goals.is_empty() {
        eprintln!("craig: no such lemma in {}", file.display());
        return ExitCode::from(2);
    }
    let mut out = String::new();
    for g in &goals {
        let sequents = translate_goal(&module, g, options, &file.display().to_string());
        write_translation(&mut out, &sequents, &sources);
    }
    print!("{out}");
    ExitCode::SUCCESS
}

fn check(
    file: &std::path::Path,
    options: &TranslateOptions,
    time_limit: f64,
    stats: bool,
) -> ExitCode {
    if !(time_limit.is_finite() && time_limit > 0.0) {
        eprintln!("craig: --time-limit must be a positive number of seconds, got {time_limit}");
        return ExitCode::from(2);
    }
    let mut sources = SourceMap::new();
    let Some(module) = load(file, &mut sources) else { return ExitCode::from(2) };
    let Some(root) = module.root_file() else { return ExitCode::from(2) };
    let mut prover = ProverOptions::default();
    prover.limits.time = Some(Duration::from_secs_f64(time_limit));
    prover.limits.clauses = Some(4_000_000);
    prover.limits.terms = Some(40_000_000);
    let mut all_proved = true;
    for g in module.goals_in(root) {
        let r = check_goal(&module, &g, options, &prover, &file.display().to_string());
        all_proved &= r.verdict == Verdict::Proved;
        println!(
            "{}: {} ({} sequents, {} discharged, {} given clauses)",
            r.lemma,
            r.verdict.name(),
            r.sequents,
            r.discharged,
            r.given
        );
        if stats {
            println!(
                "% stats {}: given {} generated {} time_ms {}",
                r.lemma,
                r.given,
                r.generated,
                r.elapsed.as_millis()
            );
        }
    }
    if all_proved { ExitCode::SUCCESS } else { ExitCode::from(1) }
}

#[derive(Subcommand)]
enum Command {
    /// Prove a TPTP problem (CNF or FOF) and print its SZS status.
    Prove {
        /// The problem file; includes resolve next to it, then under $TPTP.
        file: PathBuf,
        /// Wall-clock limit in seconds (loading included).
        #[arg(long, value_name = "SECONDS")]
        time_limit: Option<f64>,
        /// Stop after this many given clauses (deterministic).
        #[arg(long, value_name = "N")]
        steps: Option<u64>,
        /// Print the refutation in TSTP form.
        #[arg(long)]
        proof: bool,
        /// List the input formulas the refutation used.
        #[arg(long)]
        core: bool,
        /// How a typed (TFF) problem's sorts are handled: erase the monotone ones and guard the
        /// rest (auto), guard all, or erase all (refused unless that is sound).
        #[arg(long, value_enum, default_value = "auto")]
        sorts: Sorts,
        /// Make the core irreducible by deletion: prove again without each hypothesis in turn,
        /// print the minimal core with the number of prover runs, and re-prove it on its own.
        #[arg(long)]
        minimal_core: bool,
        /// Re-verify the refutation with the independent proof checker. This is the default; the
        /// flag is accepted so scripts can say so.
        #[arg(long, conflicts_with = "no_check")]
        check: bool,
        /// Skip the proof checker (a refutation the checker rejects is reported as `Error`,
        /// never as a theorem, so this only saves time).
        #[arg(long)]
        no_check: bool,
        /// Print the search counters.
        #[arg(long)]
        stats: bool,
        /// Print every given clause as it is activated (selected literal marked with `*`).
        #[arg(long)]
        trace: bool,
        /// Literal selection function.
        #[arg(long, value_enum, default_value = "max-negative-if-positive")]
        selection: Selection,
        /// Given clauses picked by age, per `--weight-ratio` picked by weight.
        #[arg(long, default_value_t = 1)]
        age_ratio: u32,
        /// Given clauses picked by weight, per `--age-ratio` picked by age.
        #[arg(long, default_value_t = 5)]
        weight_ratio: u32,
        /// Memory guard: stop when this many clauses were made.
        #[arg(long, default_value_t = 4_000_000)]
        max_clauses: usize,
        /// Memory guard: stop when the term bank holds this many terms.
        #[arg(long, default_value_t = 40_000_000)]
        max_terms: usize,
    },
    /// Translate the lemmas of a spec file to first-order clauses and print them as TPTP CNF,
    /// with the sort and approximation reports.
    Translate {
        /// The spec file.
        file: PathBuf,
        /// Only this lemma (default: every lemma of the file).
        #[arg(long, value_name = "NAME")]
        goal: Option<String>,
        /// How sorts are handled.
        #[arg(long, value_enum, default_value = "auto")]
        sorts: Sorts,
        /// Keep this percentage of the hypotheses, most relevant first.
        #[arg(long, value_name = "PERCENT", default_value_t = 100)]
        retain: u32,
    },
    /// Prove every lemma of a spec file; one line per lemma, exit 1 if any is not proved.
    Check {
        /// The spec file.
        file: PathBuf,
        /// How sorts are handled.
        #[arg(long, value_enum, default_value = "auto")]
        sorts: Sorts,
        /// Wall-clock limit per sequent, in seconds.
        #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
        time_limit: f64,
        /// Keep this percentage of the hypotheses, most relevant first.
        #[arg(long, value_name = "PERCENT", default_value_t = 100)]
        retain: u32,
        /// After each lemma, print a `% stats` line: given and generated clauses, time in ms.
        #[arg(long)]
        stats: bool,
    },
    /// Compute a verified Craig interpolant of a TPTP problem split with Vampire's markers.
    ///
    /// `vampire(left_formula).` ... `vampire(end_formula).` encloses the A formulas,
    /// `vampire(right_formula).` ... `vampire(end_formula).` the B formulas, and
    /// `vampire(symbol, predicate|function, NAME, ARITY, left|right).` declares a colour.
    /// Unmarked formulas and the negated conjecture go to B. Every interpolant printed has been
    /// verified (A |= I and I & B unsatisfiable, both refutations re-checked, shared symbols
    /// only).
    ///
    /// Exit codes: 0 interpolant printed, 2 input error, 3 satisfiable split, 4 empty
    /// side, 5 symbol colour conflict, 6 no (local) refutation found, 7 no interpolant verified.
    Interpolate {
        /// The marked-up TPTP file.
        file: PathBuf,
        /// Interpolation system for propositional problems (others use local proofs).
        #[arg(long, value_enum, default_value = "mcmillan")]
        system: InterpolationSystem,
        /// Also print the raw interpolant next to the simplified one.
        #[arg(long)]
        raw: bool,
        /// Time limit in seconds for each proof search and each verification.
        #[arg(long, value_name = "SECONDS", default_value_t = 10.0)]
        time_limit: f64,
    },
    /// Model-check a Scheme program with ΓCFA: build its abstract state graph (abstract GC,
    /// counting) and check usage protocols (default: lock/unlock alternate).
    Cfa(craig::cli::cfa::Args),
    /// Run a session script and print its transcript (times print as `[time]`).
    Replay {
        /// The script: one workbench command per line, `#` comments.
        file: PathBuf,
        /// Compare the transcript with FILE.expected; print a diff and exit 1 if they differ.
        #[arg(long, conflicts_with = "bless")]
        check: bool,
        /// Write the transcript to FILE.expected.
        #[arg(long)]
        bless: bool,
    },
}

fn interpolate(
    file: &std::path::Path,
    system: InterpolationSystem,
    raw: bool,
    time_limit: f64,
) -> ExitCode {
    use craig::interpolate::{InterpolateOptions, System};
    if !(time_limit.is_finite() && time_limit > 0.0) {
        eprintln!("craig: --time-limit must be a positive number of seconds");
        return ExitCode::from(2);
    }
    let limit = Duration::from_secs_f64(time_limit);
    let systems = match system {
        InterpolationSystem::Mcmillan => vec![System::McMillan],
        InterpolationSystem::Pudlak => vec![System::Pudlak],
        InterpolationSystem::Both => vec![System::McMillan, System::Pudlak],
    };
    let options =
        InterpolateOptions { systems, time_limit: limit, check_time_limit: limit, simplify: true };
    match craig::interpolate::report::interpolate_file(file, &options, raw) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("craig: {e}");
            ExitCode::from(e.exit_code())
        }
    }
}

fn replay(file: &std::path::Path, check: bool, bless: bool) -> ExitCode {
    use craig::repl::replay;
    if bless {
        return match replay::bless(file) {
            Ok(path) => {
                println!("wrote {}", path.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("craig: {e}");
                ExitCode::from(2)
            }
        };
    }
    if check {
        return match replay::check(file) {
            Ok(None) => {
                println!("{}: transcript matches", file.display());
                ExitCode::SUCCESS
            }
            Ok(Some(diff)) => {
                print!("{diff}");
                eprintln!(
                    "craig: {} differs from its expected transcript (`--bless` accepts it)",
                    file.display()
                );
                ExitCode::from(1)
            }
            Err(e) => {
                eprintln!("craig: {e}");
                ExitCode::from(2)
            }
        };
    }
    match replay::transcript(file) {
        Ok(text) => {
            print!("{text}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("craig: {e}");
            ExitCode::from(2)
        }
    }
}

fn main() -> ExitCode {
    // Rust ignores SIGPIPE, so printing into a closed pipe (`craig prove ... | head`) would panic.
    // A command-line tool should end quietly instead, as `cat` does: restore the default action.
    #[cfg(unix)]
    // SAFETY: called once at start-up, before any thread exists; SIG_DFL is a valid handler.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    match cli.command {
        None => match craig::repl::shell::run() {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("craig: {e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Cfa(args)) => match craig::cli::cfa::run(&args, &mut std::io::stdout()) {
            Ok(code) => ExitCode::from(code),
            Err(e) => {
                eprint!("{e}");
                ExitCode::from(2)
            }
        },
        Some(Command::Replay { file, check, bless }) => replay(&file, check, bless),
        Some(Command::Interpolate { file, system, raw, time_limit }) => {
            interpolate(&file, system, raw, time_limit)
        }
        Some(Command::Translate { file, goal, sorts, retain }) => translate(
            &file,
            goal.as_deref(),
            &TranslateOptions { sorts: sorts.mode(), retain_percent: retain },
        ),
        Some(Command::Check { file, sorts, time_limit, retain, stats }) => check(
            &file,
            &TranslateOptions { sorts: sorts.mode(), retain_percent: retain },
            time_limit,
            stats,
        ),
        Some(Command::Prove {
            file,
            time_limit,
            steps,
            proof,
            core,
            minimal_core,
            sorts,
            check: _,
            no_check,
            stats,
            trace,
            selection,
            age_ratio,
            weight_ratio,
            max_clauses,
            max_terms,
        }) => {
            let time_limit = match time_limit {
                Some(s) if s.is_finite() && s > 0.0 => Some(Duration::from_secs_f64(s)),
                Some(s) => {
                    eprintln!("craig: --time-limit must be a positive number of seconds, got {s}");
                    return ExitCode::from(2);
                }
                None => None,
            };
            let options = ProverOptions {
                age_ratio,
                weight_ratio,
                selection: match selection {
                    Selection::None => LiteralSelection::None,
                    Selection::MaxNegative => LiteralSelection::MaxWeightNegative,
                    Selection::MaxNegativeIfPositive => {
                        LiteralSelection::MaxWeightNegativeIfPositive
                    }
                    Selection::MostInstantiated => LiteralSelection::MostInstantiatedNegative,
                },
                limits: Limits {
                    time: None,
                    given_clauses: steps,
                    clauses: Some(max_clauses),
                    terms: Some(max_terms),
                },
                ..ProverOptions::default()
            };
            let mut on_step = |prover: &craig::prover::Prover| {
                if !trace {
                    return;
                }
                if let Some(id) = prover.last_given() {
                    let clause = prover.clause(id);
                    let selected = prover.selected_literal(id);
                    let mut line = String::new();
                    for (i, l) in clause.literals.iter().enumerate() {
                        if i > 0 {
                            line.push_str(" | ");
                        }
                        if selected == Some(i as u16) {
                            line.push('*');
                        }
                        l.write_tptp(&prover.signature, &prover.bank, &mut line);
                    }
                    if clause.literals.is_empty() {
                        line.push_str("$false");
                    }
                    println!("% given {} c_{}: {}", prover.stats.given, id.0, line);
                }
            };
            // Each run of the minimization gets the whole time limit of its own.
            let mut minimize_options = options.clone();
            minimize_options.limits.time = time_limit;
            let solved = match solve_file_sorted(
                &file,
                sorts.mode(),
                options,
                time_limit,
                !no_check,
                &mut on_step,
            ) {
                Ok(s) => s,
                Err(e) => {
                    eprintln!("craig: {e}");
                    return ExitCode::from(2);
                }
            };
            let mut out = String::new();
            if let Some(Err(e)) = &solved.check {
                eprintln!("craig: the proof checker rejected the refutation: {e}");
            }
            out.push_str(&format!(
                "% SZS status {} for {}\n",
                solved.status.name(),
                solved.problem.name
            ));
            if let Some(Ok(report)) = &solved.check {
                out.push_str(&format!(
                    "% proof checked: {} steps, {} input clauses\n",
                    report.steps_checked, report.inputs_checked
                ));
            }
            if stats {
                let s = solved.stats();
                out.push_str(&format!(
                    "% given {} generated {} superpositions {} equality-resolutions {} \
                     equality-factorings {} forward-subsumed {} backward-subsumed {} \
                     rewrites {} backward-rewritten {} subsumption-resolutions {} \
                     tautologies {} active {} passive {}\n",
                    s.given,
                    s.generated,
                    s.superpositions,
                    s.equality_resolutions,
                    s.equality_factorings,
                    s.forward_subsumed,
                    s.backward_subsumed,
                    s.forward_rewrites,
                    s.backward_rewritten,
                    s.subsumption_resolutions,
                    s.tautologies,
                    s.active,
                    s.passive
                ));
            }
            if let Some(p) = &solved.proof
                && solved.status != craig::answer::SzsStatus::Error
            {
                if proof {
                    write_tstp_proof(
                        &mut out,
                        &solved.problem,
                        &solved.prover.signature,
                        &solved.prover.bank,
                        p,
                    );
                }
                if core || minimal_core {
                    out.push_str(&format!(
                        "% SZS core: {}\n",
                        core_names(&solved.problem, p).join(", ")
                    ));
                }
                if minimal_core {
                    let mut problem = solved.problem.clone();
                    problem.signature = solved.prover.signature.clone();
                    problem.bank = solved.prover.bank.clone();
                    let initial = core_names(&solved.problem, p);
                    match craig::unsat_core::minimize_core(&problem, &initial, &minimize_options) {
                        Ok(m) => {
                            out.push_str(&format!(
                                "% minimal core ({} of {} formulas, {} prover runs): {}\n",
                                m.names.len(),
                                initial.len(),
                                m.runs,
                                m.names.join(", ")
                            ));
                            if !m.undecided.is_empty() {
                                out.push_str(&format!(
                                    "% undecided (kept; the run without it hit a limit): {}\n",
                                    m.undecided.join(", ")
                                ));
                            }
                            if let Some(Ok(report)) = &m.proof.check {
                                out.push_str(&format!(
                                    "% minimal core re-proved: {}, proof checked: {} steps\n",
                                    m.proof.status.name(),
                                    report.steps_checked
                                ));
                            }
                        }
                        Err(e) => eprintln!("craig: cannot minimize the core: {e}"),
                    }
                }
            }
            print!("{out}");
            ExitCode::SUCCESS
        }
    }
}

//! The engine portfolio: the engines (the superposition prover, instantiation, finite-model
//! finding) tried on one problem in order, each while the ones before left the question open,
//! with the order and the budget split as data ([`Portfolio`]), one clock and one cancel flag for
//! all of them ([`Budget`]), and one result ([`Answer`]). `craig prove`, `craig smt`'s quantified
//! scripts and the workbench's `prove` all run it, so they answer a goal alike.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use super::answer::SzsStatus;
use super::schedule::{self, Attempt, Class, Features, Schedule};
use super::sine::{SineOptions, select};
use super::{FmbSolved, InstSolved, Solved, solve_fmb, solve_instantiation, solve_problem_traced};
use crate::fol::Problem;
use crate::prover::{Clock, Prover, ProverOptions, Stopwatch};

/// Which engine a step runs (and which one answered).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Engine {
    /// The superposition prover.
    Prover,
    /// E-matching instantiation decided by the ground SMT core (refutations only).
    Instantiation,
    /// Finite-model finding over the SAT solver (models only).
    FiniteModels,
}

impl Engine {
    /// The engine in words.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Prover => "superposition",
            Engine::Instantiation => "instantiation",
            Engine::FiniteModels => "finite-model finding",
        }
    }
}

/// How the prover step runs.
#[derive(Clone, Debug)]
pub enum ProverPlan {
    /// The schedule's slices for the problem's class; `base` gives the limits (clock, memory
    /// guards), the budget the time and the steps the slices share.
    Schedule {
        /// The strategies and the slices of each class.
        schedule: Schedule,
        /// The options every slice starts from.
        base: ProverOptions,
    },
    /// One strategy, on SInE's selection of the axioms when `sine` is set (and it selects); the
    /// budget sets its time and given-clause limits.
    Single {
        /// The strategy and the limits the budget does not set.
        options: ProverOptions,
        /// SInE's axiom selection first.
        sine: Option<SineOptions>,
    },
}

/// One step of a portfolio: an engine and the share of the time limit it may use.
#[derive(Clone, Debug)]
pub struct Step {
    /// What runs.
    pub engine: EngineStep,
    /// Percent of the time limit: the step runs until the shares of the steps so far have been
    /// spent (on the budget's clock, from its start), so time a step leaves goes to the next.
    pub percent: u32,
}

/// The engine of a step with what it needs beyond the budget.
#[derive(Clone, Debug)]
pub enum EngineStep {
    /// The superposition prover.
    Prover(ProverPlan),
    /// Instantiation: limits from the budget's steps ([`crate::inst::InstOptions::from_steps`]).
    Instantiation,
    /// Finite-model finding on the problem as given (never a SInE selection, whose models say
    /// nothing of the whole): limits from the budget's steps
    /// ([`crate::fmb::FmbOptions::from_steps`]).
    FiniteModels,
}

impl EngineStep {
    /// The engine this step runs.
    pub fn engine(&self) -> Engine {
        match self {
            EngineStep::Prover(_) => Engine::Prover,
            EngineStep::Instantiation => Engine::Instantiation,
            EngineStep::FiniteModels => Engine::FiniteModels,
        }
    }
}

/// When a portfolio stops before its last step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Until {
    /// At the first answer that is not giving up (a refutation, a saturation, a model, an
    /// error, the user's stop).
    Answer,
    /// At a refutation, a model or the user's stop: after a saturation or an error the later
    /// steps still run, for a caller that needs a satisfiable answer as a model.
    RefutationOrModel,
}

/// The share of the time limit the prover gets before finite-model finding takes the rest, on
/// `craig prove`'s default path. Most finite models that exist are found at small sizes within a
/// fraction of a second, while the prover's late proofs are rare.
pub const PROVER_PERCENT: u32 = 75;

/// An ordered list of engine steps with their shares: the schedule of engines as data.
#[derive(Clone, Debug)]
pub struct Portfolio {
    /// The steps, in the order they run.
    pub steps: Vec<Step>,
    /// When to stop early.
    pub until: Until,
}

impl Portfolio {
    /// One engine with the whole budget.
    pub fn single(engine: EngineStep) -> Portfolio {
        Portfolio { steps: vec![Step { engine, percent: 100 }], until: Until::Answer }
    }

    /// The prover, then finite-model finding when it gives up ([`PROVER_PERCENT`] of the time
    /// for the prover).
    pub fn prover_then_models(plan: ProverPlan) -> Portfolio {
        Portfolio {
            steps: vec![
                Step { engine: EngineStep::Prover(plan), percent: PROVER_PERCENT },
                Step { engine: EngineStep::FiniteModels, percent: 100 - PROVER_PERCENT },
            ],
            until: Until::Answer,
        }
    }
}

/// What a portfolio may spend: a time limit on one clock started when the whole run started
/// (loading included), a deterministic step budget, and the user's stop.
#[derive(Clone, Debug)]
pub struct Budget {
    /// The time limit of the whole portfolio, measured on `watch`.
    pub time: Option<Duration>,
    /// Given clauses for the prover (a schedule shares them among its slices); the other engines
    /// derive their counted limits from it, so the same steps give the same answer every run.
    pub steps: Option<u64>,
    /// The clock `time` is measured on.
    pub clock: Clock,
    /// The stopwatch on `clock`, started when the run started.
    pub watch: Stopwatch,
    /// Raised (by Ctrl-C) to stop whatever runs; every step honours it.
    pub cancel: Option<Arc<AtomicBool>>,
}

impl Budget {
    /// A budget whose clock starts now.
    pub fn start(clock: Clock, time: Option<Duration>, steps: Option<u64>) -> Budget {
        Budget { time, steps, clock, watch: Stopwatch::start(clock), cancel: None }
    }

    fn cancelled(&self) -> bool {
        self.cancel.as_ref().is_some_and(|c| c.load(Ordering::SeqCst))
    }
}

/// The prover step's result.
pub struct ProverAnswer {
    /// The last run: the slice that answered, or the last to give up.
    pub solved: Solved,
    /// The options that run had (for minimal cores).
    pub options: ProverOptions,
    /// The schedule's class and slices, when a schedule ran.
    pub schedule: Option<ScheduleUse>,
}

/// How a schedule was used on a problem.
pub struct ScheduleUse {
    /// The problem's class.
    pub class: Class,
    /// The features that gave it.
    pub features: Features,
    /// How many slices the class has.
    pub slices: usize,
    /// Every slice run, in order.
    pub attempts: Vec<Attempt>,
}

/// The result of a portfolio: which engine answered, the status, and every engine's own result
/// (the proof, the model, the counters) for the steps that ran.
pub struct Answer {
    /// The problem's name.
    pub name: String,
    /// The engine whose status is reported: the one that answered, or the first when none did.
    pub engine: Engine,
    /// The status to report.
    pub status: SzsStatus,
    /// The prover's run, when it ran.
    pub prover: Option<ProverAnswer>,
    /// Instantiation's run, when it ran.
    pub instantiation: Option<InstSolved>,
    /// Finite-model finding's run, when it ran.
    pub models: Option<FmbSolved>,
}

impl Answer {
    /// The checked finite model, when one was found.
    pub fn model(&self) -> Option<&crate::fmb::FiniteModel> {
        match &self.models.as_ref()?.result.as_ref()?.outcome {
            crate::fmb::FmbOutcome::Model { model, .. } => Some(model),
            crate::fmb::FmbOutcome::Unknown(_) => None,
        }
    }

    /// The prover's refutation, when it found one and it passed the checker (or was not
    /// checked).
    pub fn proof(&self) -> Option<&crate::prover::Proof> {
        let solved = &self.prover.as_ref()?.solved;
        solved.proof.as_ref().filter(|_| solved.status != SzsStatus::Error)
    }
}

/// A refutation status: the question is settled for every caller.
fn refuted(status: SzsStatus) -> bool {
    matches!(status, SzsStatus::Theorem | SzsStatus::Unsatisfiable | SzsStatus::ContradictoryAxioms)
}

impl Portfolio {
    /// Runs the steps on `problem` in order while the question stays open (see [`Until`]).
    /// `check` re-verifies prover refutations; `on_step` sees every given clause. The status is
    /// the first step's unless a later one answers (an error or a give-up of a later engine
    /// does not replace it). Deterministic under a step budget without a time limit.
    pub fn run(
        &self,
        problem: Problem,
        budget: &Budget,
        check: bool,
        on_step: &mut dyn FnMut(&Prover),
    ) -> Answer {
        let first = self.steps.first().map_or(Engine::Prover, |s| s.engine.engine());
        let mut answer = Answer {
            name: problem.name.clone(),
            engine: first,
            status: SzsStatus::GaveUp,
            prover: None,
            instantiation: None,
            models: None,
        };
        let mut problem = Some(problem);
        let mut percent = 0;
        for (i, step) in self.steps.iter().enumerate() {
            if i > 0 && self.settled(&answer) {
                break;
            }
            // The first step notices a raised flag itself (the prover at its first step).
            if i > 0 && budget.cancelled() {
                answer.status = SzsStatus::User;
                break;
            }
            percent += step.percent;
            let deadline = budget
                .time
                .map(|t| if percent >= 100 { t } else { t.mul_f64(f64::from(percent) / 100.0) });
            let last = i + 1 == self.steps.len();
            // The last step takes the problem; the others run on a copy.
            let input = if last {
                problem.take().expect("the problem is kept for the last step")
            } else {
                problem.clone().expect("the problem is kept until the last step")
            };
            let status = match &step.engine {
                EngineStep::Prover(plan) => {
                    let run = run_prover(plan, input, deadline, budget, check, on_step);
                    let status = run.solved.status;
                    answer.prover = Some(run);
                    status
                }
                EngineStep::Instantiation => {
                    let mut options = budget.steps.map_or_else(
                        crate::inst::InstOptions::default,
                        crate::inst::InstOptions::from_steps,
                    );
                    options.time = deadline.map(|t| budget.watch.remaining(t));
                    options.clock = budget.clock;
                    options.cancel = budget.cancel.clone();
                    let solved = solve_instantiation(input, &options);
                    let status = solved.status;
                    answer.instantiation = Some(solved);
                    status
                }
                EngineStep::FiniteModels => {
                    let options = budget.steps.map_or_else(
                        crate::fmb::FmbOptions::default,
                        crate::fmb::FmbOptions::from_steps,
                    );
                    let solved = find_models(input, options, deadline, budget);
                    let status = solved.status;
                    answer.models = Some(solved);
                    status
                }
            };
            if i == 0 || !(schedule::gave_up(status) || status == SzsStatus::Error) {
                answer.status = status;
                answer.engine = step.engine.engine();
            }
        }
        answer
    }

    /// Whether the steps so far settled the question, so the next need not run.
    fn settled(&self, answer: &Answer) -> bool {
        match self.until {
            Until::Answer => !schedule::gave_up(answer.status),
            Until::RefutationOrModel => {
                refuted(answer.status)
                    || answer.status == SzsStatus::User
                    || answer.model().is_some()
            }
        }
    }
}

/// The prover step: the schedule or the single strategy, until `deadline` on the budget's
/// clock, with the budget's steps, stopped when the budget's cancel flag is raised.
fn run_prover(
    plan: &ProverPlan,
    problem: Problem,
    deadline: Option<Duration>,
    budget: &Budget,
    check: bool,
    on_step: &mut dyn FnMut(&Prover),
) -> ProverAnswer {
    let cancel = budget.cancel.clone();
    let mut observe = |prover: &Prover| {
        if cancel.as_ref().is_some_and(|c| c.load(Ordering::SeqCst)) {
            prover.cancel_flag().store(true, Ordering::SeqCst);
        }
        on_step(prover);
    };
    match plan {
        ProverPlan::Schedule { schedule, base } => {
            let features = schedule::features(&problem);
            let class = schedule::classify(&features);
            let slices = schedule.slices(class);
            let shares =
                schedule::Budget { time: deadline, steps: budget.steps, watch: budget.watch };
            // Every slice measures its share on the budget's clock.
            let mut base = base.clone();
            base.limits.clock = budget.clock;
            let run = schedule::run(&problem, schedule, slices, &base, shares, check, &mut observe);
            let used =
                ScheduleUse { class, features, slices: slices.len(), attempts: run.attempts };
            ProverAnswer { solved: run.solved, options: run.options, schedule: Some(used) }
        }
        ProverPlan::Single { options, sine } => {
            let mut options = options.clone();
            options.limits.time = deadline.map(|t| budget.watch.remaining(t));
            options.limits.clock = budget.clock;
            options.limits.given_clauses = budget.steps;
            let input = (*sine).and_then(|sine| select(&problem, sine)).unwrap_or(problem);
            let solved = solve_problem_traced(input, options.clone(), check, &mut observe);
            ProverAnswer { solved, options, schedule: None }
        }
    }
}

/// Finite-model finding until `deadline` on the budget's clock, which the finder measures
/// itself (and hands on to its SAT solver), as every engine does ([`crate::syntax::clock`]).
/// The user's cancel flag stops it.
fn find_models(
    problem: Problem,
    mut options: crate::fmb::FmbOptions,
    deadline: Option<Duration>,
    budget: &Budget,
) -> FmbSolved {
    options.cancel = budget.cancel.clone();
    options.clock = budget.clock;
    options.time = deadline.map(|limit| budget.watch.remaining(limit));
    solve_fmb(problem, &options)
}

/// `total` split among strategies in proportion to `shares` (any positive numbers), the last
/// taking what rounding leaves, so the whole limit is used: how the verifier's obligation
/// schedule (its shares are data there) splits a time limit.
pub fn split_time(total: Duration, shares: &[u32]) -> Vec<Duration> {
    let sum: u32 = shares.iter().sum();
    let mut used = Duration::ZERO;
    let mut slices = Vec::with_capacity(shares.len());
    for (k, &share) in shares.iter().enumerate() {
        let slice = if k + 1 == shares.len() {
            total.saturating_sub(used)
        } else {
            total.mul_f64(f64::from(share) / f64::from(sum))
        };
        used += slice;
        slices.push(slice);
    }
    slices
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> Problem {
        crate::input::parse_problem(text, "p.p", "p", &[]).expect("the test problem parses")
    }

    /// The prover never saturates (p(f^k(a)) for every k); a two-element model exists.
    const GROWING: &str =
        "cnf(a, axiom, p(a)).\ncnf(s, axiom, ~p(X) | p(f(X))).\ncnf(d, axiom, a != f(a)).\n";

    fn single_prover() -> ProverPlan {
        ProverPlan::Single { options: ProverOptions::default(), sine: None }
    }

    #[test]
    fn finite_models_answer_when_the_prover_gives_up_and_runs_repeat() {
        let portfolio = Portfolio::prover_then_models(single_prover());
        let run = || {
            let budget = Budget::start(Clock::Wall, None, Some(200));
            portfolio.run(problem(GROWING), &budget, true, &mut |_| {})
        };
        let answer = run();
        assert_eq!(answer.status, SzsStatus::Satisfiable);
        assert_eq!(answer.engine, Engine::FiniteModels);
        assert_eq!(answer.prover.as_ref().unwrap().solved.status, SzsStatus::ResourceOut);
        let size = answer.model().expect("a model").size;
        let again = run();
        assert_eq!(again.model().unwrap().size, size);
        assert_eq!(
            again.prover.unwrap().solved.stats().generated,
            answer.prover.unwrap().solved.stats().generated
        );
    }

    #[test]
    fn a_refutation_ends_the_portfolio_and_a_raised_flag_stops_it() {
        let theorem = "fof(a, axiom, p(a)).\nfof(g, conjecture, p(a)).\n";
        let portfolio = Portfolio::prover_then_models(single_prover());
        let budget = Budget::start(Clock::Wall, None, Some(200));
        let answer = portfolio.run(problem(theorem), &budget, true, &mut |_| {});
        assert_eq!((answer.status, answer.engine), (SzsStatus::Theorem, Engine::Prover));
        assert!(answer.models.is_none() && answer.proof().is_some());
        let mut budget = Budget::start(Clock::Wall, None, None);
        budget.cancel = Some(Arc::new(AtomicBool::new(true)));
        let answer = portfolio.run(problem(GROWING), &budget, true, &mut |_| {});
        assert_eq!(answer.status, SzsStatus::User);
        assert!(answer.models.is_none());
    }

    #[test]
    fn a_time_limit_is_split_by_shares_and_wholly_used() {
        let ms = |d: Vec<Duration>| d.iter().map(Duration::as_millis).collect::<Vec<_>>();
        let ten = Duration::from_secs(10);
        assert_eq!(
            ms(split_time(ten, &[35, 25, 20, 20, 10, 10])),
            [2916, 2083, 1666, 1666, 833, 833]
        );
        assert_eq!(split_time(ten, &[1, 2]).iter().sum::<Duration>(), ten);
    }
}

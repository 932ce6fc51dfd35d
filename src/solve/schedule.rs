//! A strategy schedule for TPTP problems, in the style of E's auto mode: the problem's features
//! (unit / Horn / general, share of equational literals, ground share, size, conjecture,
//! arity) give a class, and the class a list of slices, each a prover strategy with a share of
//! the time (or of the step budget under `--steps`), run in order while the ones before give up.
//!
//! The strategies and the slices of each class are data (`schedule.ron`), written by
//! `bench/build_schedule.py` from runs on half of the development index; a class the data does
//! not list falls back to its shape's slices, then to the default slices.

use std::collections::BTreeMap;

use serde::Deserialize;

use super::answer::SzsStatus;
use super::sine::{SineOptions, select};
use super::{Solved, solve_problem_traced};
use crate::fol::{Problem, TermBank, TermId, TermView};
use crate::prover::{
    ClauseWeight, LiteralSelection, OrderingKind, PrecedenceKind, Prover, ProverOptions,
};

/// The shape of the clauses, as E names it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum Shape {
    /// Every clause has one literal.
    Unit,
    /// Every clause has at most one positive literal.
    Horn,
    /// Some clause has two positive literals.
    General,
}

/// How much of the problem is equational.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub enum Equality {
    /// No equation at all.
    None,
    /// Some literals are equations, some predicates.
    Some,
    /// Every literal is an equation.
    Pure,
}

/// The features of a problem the classifier reads.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Features {
    /// Number of clauses.
    pub clauses: usize,
    /// Number of clauses that do not come from the conjecture.
    pub axioms: usize,
    /// Whether the problem has a conjecture.
    pub has_conjecture: bool,
    /// Unit, Horn or general.
    pub shape: Shape,
    /// Share of literals that are equations, in percent.
    pub equational_percent: u32,
    /// Share of clauses that are ground, in percent.
    pub ground_percent: u32,
    /// The largest arity of a symbol occurring in a clause.
    pub max_arity: usize,
    /// The summed weight (symbols and variables) of all clauses.
    pub size: u64,
}

/// Above this many clauses a problem is large: SInE's axiom selection starts to pay.
pub const LARGE_CLAUSES: usize = 200;

/// The class of a problem: what the schedule is looked up by.
#[derive(Clone, Copy, PartialEq, Eq, Debug, PartialOrd, Ord)]
pub struct Class {
    /// Unit, Horn or general.
    pub shape: Shape,
    /// No, some or only equations.
    pub equality: Equality,
    /// More than [`LARGE_CLAUSES`] clauses.
    pub large: bool,
}

impl Class {
    /// The name the schedule data uses, such as `horn-some-small`.
    pub fn name(self) -> String {
        format!("{}-{}", self.shape_name(), self.tail())
    }

    /// The name of the class's shape alone (`unit`, `horn`, `general`), the first fallback.
    pub fn shape_name(self) -> &'static str {
        match self.shape {
            Shape::Unit => "unit",
            Shape::Horn => "horn",
            Shape::General => "general",
        }
    }

    fn tail(self) -> String {
        let equality = match self.equality {
            Equality::None => "noeq",
            Equality::Some => "someeq",
            Equality::Pure => "pureeq",
        };
        format!("{equality}-{}", if self.large { "large" } else { "small" })
    }
}

fn max_arity_in(bank: &TermBank, t: TermId) -> usize {
    match bank.view(t) {
        TermView::Var(_) => 0,
        TermView::App(_, args) => {
            args.iter().map(|&a| max_arity_in(bank, a)).max().unwrap_or(0).max(args.len())
        }
    }
}

/// The features of `problem`.
pub fn features(problem: &Problem) -> Features {
    let bank = &problem.bank;
    let (mut literals, mut equations, mut ground, mut max_arity, mut size) = (0, 0, 0, 0, 0u64);
    let mut shape = Shape::Unit;
    for input in &problem.clauses {
        let clause = &input.clause;
        let positive = clause.literals.iter().filter(|l| l.positive).count();
        if positive > 1 {
            shape = Shape::General;
        } else if clause.literals.len() > 1 && shape == Shape::Unit {
            shape = Shape::Horn;
        }
        for l in &clause.literals {
            literals += 1;
            if !l.is_predicate(bank) {
                equations += 1;
            }
            max_arity = max_arity.max(max_arity_in(bank, l.lhs)).max(max_arity_in(bank, l.rhs));
        }
        if clause.is_ground(bank) {
            ground += 1;
        }
        size += u64::from(clause.weight(bank));
    }
    let percent = |part: usize, whole: usize| (part * 100).checked_div(whole).unwrap_or(0) as u32;
    let goals = problem.clauses.iter().filter(|c| c.source.role.is_goal()).count();
    Features {
        clauses: problem.clauses.len(),
        axioms: problem.clauses.len() - goals,
        has_conjecture: problem.has_conjecture,
        shape,
        equational_percent: percent(equations, literals),
        ground_percent: percent(ground, problem.clauses.len()),
        max_arity,
        size,
    }
}

/// The class of a problem with these features.
pub fn classify(features: &Features) -> Class {
    let equality = match features.equational_percent {
        0 => Equality::None,
        100 => Equality::Pure,
        _ => Equality::Some,
    };
    Class { shape: features.shape, equality, large: features.clauses > LARGE_CLAUSES }
}

/// One strategy of the schedule, as the data file writes it.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Strategy {
    /// The name `--stats` prints.
    pub name: String,
    /// A [`LiteralSelection`] name.
    pub selection: String,
    /// A [`ClauseWeight`] name.
    pub clause_weight: String,
    /// See [`ProverOptions::age_ratio`].
    pub age_ratio: u32,
    /// See [`ProverOptions::weight_ratio`].
    pub weight_ratio: u32,
    /// See [`ProverOptions::non_goal_weight_percent`].
    pub non_goal_weight_percent: u32,
    /// SInE's tolerance in percent when the strategy selects axioms first, `None` otherwise.
    pub sine_tolerance_percent: Option<u32>,
    /// An [`OrderingKind`] name; `kbo` when the file does not say (schedules written before
    /// LPO existed).
    #[serde(default = "default_ordering")]
    pub ordering: String,
    /// A [`PrecedenceKind`] name; `arity` when the file does not say.
    #[serde(default = "default_precedence")]
    pub precedence: String,
    /// AVATAR-style splitting; off when the file does not say.
    #[serde(default)]
    pub splitting: bool,
}

fn default_ordering() -> String {
    OrderingKind::Kbo.name().to_string()
}

fn default_precedence() -> String {
    PrecedenceKind::ArityThenRare.name().to_string()
}

impl Strategy {
    /// `base` with this strategy's search options (its limits are kept).
    pub fn options(&self, base: &ProverOptions) -> ProverOptions {
        ProverOptions {
            age_ratio: self.age_ratio,
            weight_ratio: self.weight_ratio,
            selection: LiteralSelection::from_name(&self.selection)
                .expect("the schedule data was validated when it was read"),
            clause_weight: ClauseWeight::from_name(&self.clause_weight)
                .expect("the schedule data was validated when it was read"),
            non_goal_weight_percent: self.non_goal_weight_percent,
            ordering: OrderingKind::from_name(&self.ordering)
                .expect("the schedule data was validated when it was read"),
            precedence: PrecedenceKind::from_name(&self.precedence)
                .expect("the schedule data was validated when it was read"),
            splitting: self.splitting,
            limits: base.limits,
        }
    }

    /// The SInE parameters, when the strategy selects axioms.
    pub fn sine(&self) -> Option<SineOptions> {
        self.sine_tolerance_percent
            .map(|tolerance_percent| SineOptions { tolerance_percent, depth: u32::MAX })
    }
}

/// One slice of a schedule: a strategy and its share of the budget.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Slice {
    /// The strategy's name.
    pub strategy: String,
    /// Its share of the prover's time (or steps), in percent.
    pub percent: u32,
}

/// The data file: the strategies, the default slices, and the slices of each class (or shape).
#[derive(Clone, Debug, Deserialize)]
pub struct Schedule {
    /// The strategies slices may name.
    pub strategies: Vec<Strategy>,
    /// The slices of a class the data does not list.
    pub default: Vec<Slice>,
    /// Slices by class name (`horn-someeq-small`) or shape name (`horn`).
    pub classes: BTreeMap<String, Vec<Slice>>,
}

/// The schedule `bench/build_schedule.py` wrote.
const BUILTIN: &str = include_str!("schedule.ron");

/// Why a schedule is refused: ron could not read it, or it names or shares out what it may not.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ScheduleError {
    /// The text is not a schedule in RON, at the position ron reports.
    #[error("{line}:{col}: {message}")]
    Syntax {
        /// The line, from 1.
        line: usize,
        /// The column, from 1.
        col: usize,
        /// What ron says is wrong.
        message: String,
    },
    /// A strategy names a choice craig does not have.
    #[error("strategy {strategy}: no {option} {name}")]
    UnknownChoice {
        /// The strategy.
        strategy: String,
        /// Which option: `selection`, `clause weight`, `ordering`, `precedence`.
        option: &'static str,
        /// The name it gives.
        name: String,
    },
    /// A strategy would never pick a clause by age nor by weight.
    #[error("strategy {0}: both ratios are zero")]
    RatiosZero(String),
    /// A list of slices is empty or its shares do not add up to 100.
    #[error("class {0}: the slices' shares do not sum to 100")]
    SharesNot100(String),
    /// A slice names a strategy the schedule does not have.
    #[error("class {class}: no strategy {strategy}")]
    UnknownStrategy {
        /// The class (or `default`) of the slice.
        class: String,
        /// The strategy it names.
        strategy: String,
    },
}

impl Schedule {
    /// Reads and validates a schedule: every slice names a strategy, every strategy names a
    /// selection, a clause weight, an ordering and a precedence craig has, every list of slices
    /// is nonempty with shares that sum to 100. A syntax error says `line:col: message`.
    pub fn parse(text: &str) -> Result<Schedule, ScheduleError> {
        let schedule: Schedule = ron::from_str(text).map_err(|e| ScheduleError::Syntax {
            line: e.span.start.line,
            col: e.span.start.col,
            message: e.code.to_string(),
        })?;
        Self::validate(schedule)
    }

    /// [`Schedule::parse`] for the file `name`: errors say `name:line:col: message` (syntax, the
    /// position ron reports) or `name: message` (validation, which has no position), as craig's
    /// other readers do.
    // A message rather than a `ScheduleError`: the one caller, `craig prove --schedule FILE`,
    // reports a refused schedule as a usage error (exit 2) whatever is wrong with it, so all it
    // needs is the line naming the file, composed here where syntax and validation differ.
    pub fn parse_file(text: &str, name: Option<&str>) -> Result<Schedule, String> {
        Self::parse(text).map_err(|e| match (name, &e) {
            (None, _) => e.to_string(),
            (Some(name), ScheduleError::Syntax { .. }) => format!("{name}:{e}"),
            (Some(name), _) => format!("{name}: {e}"),
        })
    }

    fn validate(schedule: Schedule) -> Result<Schedule, ScheduleError> {
        for s in &schedule.strategies {
            let unknown = |option: &'static str, name: &str| ScheduleError::UnknownChoice {
                strategy: s.name.clone(),
                option,
                name: name.to_string(),
            };
            if LiteralSelection::from_name(&s.selection).is_none() {
                return Err(unknown("selection", &s.selection));
            }
            if ClauseWeight::from_name(&s.clause_weight).is_none() {
                return Err(unknown("clause weight", &s.clause_weight));
            }
            if OrderingKind::from_name(&s.ordering).is_none() {
                return Err(unknown("ordering", &s.ordering));
            }
            if PrecedenceKind::from_name(&s.precedence).is_none() {
                return Err(unknown("precedence", &s.precedence));
            }
            if s.age_ratio == 0 && s.weight_ratio == 0 {
                return Err(ScheduleError::RatiosZero(s.name.clone()));
            }
        }
        let lists = std::iter::once(("default", &schedule.default))
            .chain(schedule.classes.iter().map(|(name, slices)| (name.as_str(), slices)));
        for (name, slices) in lists {
            // Summed wide: a file may hold any u32, and the sum must not overflow.
            if slices.is_empty() || slices.iter().map(|s| u64::from(s.percent)).sum::<u64>() != 100
            {
                return Err(ScheduleError::SharesNot100(name.to_string()));
            }
            if let Some(s) = slices.iter().find(|s| schedule.strategy(&s.strategy).is_none()) {
                return Err(ScheduleError::UnknownStrategy {
                    class: name.to_string(),
                    strategy: s.strategy.clone(),
                });
            }
        }
        Ok(schedule)
    }

    /// The schedule craig ships.
    pub fn builtin() -> Schedule {
        Schedule::parse(BUILTIN).expect("the shipped schedule is valid (a unit test checks it)")
    }

    /// The strategy of this name.
    pub fn strategy(&self, name: &str) -> Option<&Strategy> {
        self.strategies.iter().find(|s| s.name == name)
    }

    /// The slices for a class: its own, else its shape's, else the default.
    pub fn slices(&self, class: Class) -> &[Slice] {
        self.classes
            .get(&class.name())
            .or_else(|| self.classes.get(class.shape_name()))
            .unwrap_or(&self.default)
    }
}

/// What a schedule may spend.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// The prover's time, shared among the slices (measured on the options' clock).
    pub time: Option<std::time::Duration>,
    /// Given clauses, shared among the slices (each gets its share, at least one).
    pub steps: Option<u64>,
    /// The clock `time` is measured on, started when the whole run started.
    pub watch: crate::prover::Stopwatch,
}

/// How one slice ended.
#[derive(Clone, Debug)]
pub struct Attempt {
    /// The strategy's name.
    pub strategy: String,
    /// Its status.
    pub status: SzsStatus,
    /// The given clauses it processed.
    pub given: u64,
    /// Whether SInE's selection was used (it may keep every axiom, and then is not).
    pub selected: bool,
}

/// The result of a schedule: the last slice's solve, and every slice's attempt in order.
pub struct ScheduleRun {
    /// The last slice run: the one that answered, or the last to give up.
    pub solved: Solved,
    /// The options that slice ran with (for minimal cores).
    pub options: ProverOptions,
    /// Every slice run, in order.
    pub attempts: Vec<Attempt>,
}

/// Whether a status leaves the question open, so the next slice should try.
pub fn gave_up(status: SzsStatus) -> bool {
    matches!(status, SzsStatus::GaveUp | SzsStatus::ResourceOut | SzsStatus::Timeout)
}

/// Runs `slices` of `schedule` on `problem` in order while they give up. Slice `i` gets, of the
/// time still left, its share among the slices not yet run (so time a slice leaves unused goes
/// to the later ones), and of the steps its share of the whole (so the run is reproducible).
/// `base` gives the limits (clock, memory guards).
pub fn run(
    problem: &Problem,
    schedule: &Schedule,
    slices: &[Slice],
    base: &ProverOptions,
    budget: Budget,
    check: bool,
    on_step: &mut dyn FnMut(&Prover),
) -> ScheduleRun {
    let mut attempts = Vec::new();
    let mut last = None;
    for (i, slice) in slices.iter().enumerate() {
        let strategy = schedule.strategy(&slice.strategy).expect("slices name known strategies");
        let mut options = strategy.options(base);
        let shares_left: u32 = slices[i..].iter().map(|s| s.percent).sum::<u32>().max(1);
        options.limits.time = budget.time.map(|total| {
            budget.watch.remaining(total).mul_f64(f64::from(slice.percent) / f64::from(shares_left))
        });
        options.limits.given_clauses =
            budget.steps.map(|steps| (steps * u64::from(slice.percent) / 100).max(1));
        let selection = strategy.sine().and_then(|sine| select(problem, sine));
        let selected = selection.is_some();
        let input = selection.unwrap_or_else(|| problem.clone());
        let solved = solve_problem_traced(input, options.clone(), check, on_step);
        let status = solved.status;
        attempts.push(Attempt {
            strategy: strategy.name.clone(),
            status,
            given: solved.stats().given,
            selected,
        });
        last = Some((solved, options));
        if !gave_up(status) {
            break;
        }
    }
    let (solved, options) = last.expect("a schedule has at least one slice");
    ScheduleRun { solved, options, attempts }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problem(text: &str) -> Problem {
        crate::input::parse_problem(text, "class.p", "class", &[]).expect("the test problem parses")
    }

    fn class_of(text: &str) -> Class {
        classify(&features(&problem(text)))
    }

    #[test]
    fn unit_problems_by_their_equations() {
        let pure = class_of("cnf(a, axiom, f(X) = X).\ncnf(g, negated_conjecture, f(a) != a).\n");
        assert_eq!(pure, Class { shape: Shape::Unit, equality: Equality::Pure, large: false });
        assert_eq!(pure.name(), "unit-pureeq-small");
        let none = class_of("cnf(a, axiom, p(X)).\ncnf(g, negated_conjecture, ~p(a)).\n");
        assert_eq!(none.equality, Equality::None);
        assert_eq!(none.shape, Shape::Unit);
    }

    #[test]
    fn horn_problems_have_one_positive_literal_at_most() {
        let horn = class_of(
            "cnf(a, axiom, ~p(X) | q(X)).\ncnf(b, axiom, p(a)).\ncnf(g, negated_conjecture, ~q(a) | a != b).\n",
        );
        assert_eq!(horn, Class { shape: Shape::Horn, equality: Equality::Some, large: false });
        assert_eq!(horn.name(), "horn-someeq-small");
        assert_eq!(horn.shape_name(), "horn");
    }

    #[test]
    fn general_problems_have_a_clause_with_two_positive_literals() {
        let general = class_of("cnf(a, axiom, p(X) | q(X)).\ncnf(g, negated_conjecture, ~p(a)).\n");
        assert_eq!(
            general,
            Class { shape: Shape::General, equality: Equality::None, large: false }
        );
    }

    #[test]
    fn many_clauses_make_a_problem_large() {
        let mut text = String::new();
        for i in 0..=LARGE_CLAUSES {
            text.push_str(&format!("cnf(a{i}, axiom, p{i}(c) | q(c)).\n"));
        }
        let f = features(&problem(&text));
        assert_eq!(f.clauses, LARGE_CLAUSES + 1);
        assert!(!f.has_conjecture);
        assert_eq!(classify(&f).name(), "general-noeq-large");
    }

    #[test]
    fn features_count_axioms_ground_clauses_arity_and_size() {
        let f = features(&problem(
            "fof(a, axiom, ![X]: p(X, f(X, X, a))).\nfof(b, axiom, q(a)).\nfof(g, conjecture, q(a)).\n",
        ));
        assert_eq!((f.clauses, f.axioms, f.has_conjecture), (3, 2, true));
        assert_eq!(f.max_arity, 3, "f has three arguments");
        assert_eq!(f.ground_percent, 66, "two of three clauses are ground");
        assert_eq!(f.equational_percent, 0);
        assert!(f.size > 0);
    }

    #[test]
    fn the_shipped_schedule_is_valid_and_covers_every_class() {
        let schedule = Schedule::parse(BUILTIN).expect("the shipped schedule parses");
        for shape in [Shape::Unit, Shape::Horn, Shape::General] {
            for equality in [Equality::None, Equality::Some, Equality::Pure] {
                for large in [false, true] {
                    let slices = schedule.slices(Class { shape, equality, large });
                    assert_eq!(slices.iter().map(|s| s.percent).sum::<u32>(), 100);
                }
            }
        }
    }

    #[test]
    fn schedules_with_bad_shares_or_unknown_names_are_refused() {
        let strategy = "(name: \"s\", selection: \"none\", clause_weight: \"symbols\", age_ratio: 1, weight_ratio: 5, non_goal_weight_percent: 150, sine_tolerance_percent: None)";
        let good = format!(
            "(strategies: [{strategy}], default: [(strategy: \"s\", percent: 100)], classes: {{}})"
        );
        assert!(Schedule::parse(&good).is_ok());
        let bad_share = good.replace("percent: 100", "percent: 90");
        assert_eq!(
            Schedule::parse(&bad_share).unwrap_err().to_string(),
            "class default: the slices' shares do not sum to 100"
        );
        let bad_name = good.replace("strategy: \"s\"", "strategy: \"t\"");
        assert!(Schedule::parse(&bad_name).unwrap_err().to_string().contains("no strategy t"));
        let bad_selection = good.replace("\"none\"", "\"nothing\"");
        assert_eq!(
            Schedule::parse(&bad_selection).unwrap_err().to_string(),
            "strategy s: no selection nothing"
        );
        let strategy_ends = "sine_tolerance_percent: None)";
        let with = |fields: &str| {
            good.replace(strategy_ends, &format!("sine_tolerance_percent: None, {fields})"))
        };
        let bad_ordering = with("ordering: \"rpo\"");
        assert!(
            Schedule::parse(&bad_ordering).unwrap_err().to_string().contains("no ordering rpo")
        );
        let bad_precedence = with("precedence: \"random\"");
        let refused = Schedule::parse(&bad_precedence).unwrap_err();
        assert!(refused.to_string().contains("no precedence random"), "{refused}");
        // A strategy that does not name an ordering or precedence runs craig's defaults.
        let base = ProverOptions::default();
        let plain = Schedule::parse(&good).unwrap().strategies[0].options(&base);
        assert_eq!((plain.ordering, plain.precedence), (base.ordering, base.precedence));
        let lpo = Schedule::parse(&with("ordering: \"lpo\", precedence: \"conjecture-high\""))
            .unwrap()
            .strategies[0]
            .options(&base);
        assert_eq!(
            (lpo.ordering, lpo.precedence),
            (OrderingKind::Lpo, PrecedenceKind::ConjectureHigh)
        );
        let syntax = Schedule::parse_file("(strategies: [}", Some("s.ron")).unwrap_err();
        assert!(syntax.starts_with("s.ron:1:"), "{syntax}");
    }
}

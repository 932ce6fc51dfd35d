//! Options of the search: limits, clause selection, literal selection, the term ordering and
//! its precedence. Everything a user may want to tune lives here, so strategies can be compared without code changes.

use std::time::Duration;

/// Which negative literal, if any, a clause selects. Selecting a negative literal restricts
/// inferences to it and keeps the calculus complete.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum LiteralSelection {
    /// No selection: inferences on maximal literals only.
    None,
    /// Select the heaviest negative literal (ties: the first), in every clause with one.
    MaxWeightNegative,
    /// Select the heaviest negative literal only in clauses that have a positive literal too
    /// (so purely negative clauses stay ordered), a middle ground between the two above.
    MaxWeightNegativeIfPositive,
    /// Select, in every clause with a negative literal, the negative literal with the most
    /// non-variable argument positions, then the heaviest: a literal whose arguments are all
    /// variables unifies with nearly everything, so selecting it breeds inferences.
    MostInstantiatedNegative,
    /// E's SelectComplexExceptUniqMaxHorn idea: no selection in a Horn clause whose positive
    /// literal is strictly maximal (it acts as a conditional rewrite rule); otherwise a negative
    /// pure-variable disequation `X != Y`, else the lightest ground negative literal, else the
    /// negative literal whose sides differ most in weight. Ground literals first, because they
    /// unify with few partners; lopsided ones next, because their big side is specific.
    Complex,
}

impl LiteralSelection {
    /// Every selection function with the name users type and one line about it: the one table
    /// the command line, the workbench's `set`/`get`, completion and sessions read.
    pub const NAMES: [(LiteralSelection, &'static str, &'static str); 5] = [
        (LiteralSelection::None, "none", "No literal selection."),
        (
            LiteralSelection::MaxWeightNegative,
            "max-negative",
            "Select the heaviest negative literal of every clause that has one.",
        ),
        (
            LiteralSelection::MaxWeightNegativeIfPositive,
            "max-negative-if-positive",
            "Select the heaviest negative literal of clauses that also have a positive one.",
        ),
        (
            LiteralSelection::MostInstantiatedNegative,
            "most-instantiated",
            "Select the negative literal with the most non-variable arguments, then the heaviest.",
        ),
        (
            LiteralSelection::Complex,
            "complex",
            "E's SelectComplexExceptUniqMaxHorn: none in Horn rules with a strictly maximal head; else X != Y, else the lightest ground negative literal, else the most lopsided negative one.",
        ),
    ];

    /// The name users type.
    pub fn name(self) -> &'static str {
        Self::NAMES.iter().find(|(s, _, _)| *s == self).map_or("?", |(_, n, _)| n)
    }

    /// The selection a name stands for.
    pub fn from_name(name: &str) -> Option<LiteralSelection> {
        Self::NAMES.iter().find(|(_, n, _)| *n == name).map(|(s, _, _)| *s)
    }
}

/// How the weight queue weighs a clause.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum ClauseWeight {
    /// Every symbol and variable counts 1 (positive literals twice).
    Symbols,
    /// Symbols that occur in the negated conjecture count a tenth of the others (E's
    /// ConjectureRelativeSymbolWeight): a clause about the conjecture's symbols is preferred over
    /// an equally long one about the rest of the problem. Verification conditions need this: their
    /// typing and frame axioms breed unboundedly many short clauses (`alloc(f(g(x)))`) about
    /// symbols the goal never mentions. Without a conjecture it orders as `Symbols` does.
    ConjectureRelative,
}

impl ClauseWeight {
    /// Every clause weight with the name users type and one line about it.
    pub const NAMES: [(ClauseWeight, &'static str, &'static str); 2] = [
        (ClauseWeight::Symbols, "symbols", "Count symbols and variables alike."),
        (
            ClauseWeight::ConjectureRelative,
            "conjecture-relative",
            "Count the conjecture's symbols a tenth of the others.",
        ),
    ];

    /// The name users type.
    pub fn name(self) -> &'static str {
        Self::NAMES.iter().find(|(w, _, _)| *w == self).map_or("?", |(_, n, _)| n)
    }

    /// The weight a name stands for.
    pub fn from_name(name: &str) -> Option<ClauseWeight> {
        Self::NAMES.iter().find(|(_, n, _)| *n == name).map(|(w, _, _)| *w)
    }
}

/// Which simplification ordering orients equations and picks maximal literals.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum OrderingKind {
    /// The Knuth-Bendix ordering with unit weights: size first, then the precedence.
    Kbo,
    /// The lexicographic path ordering: the precedence first, size never.
    Lpo,
}

impl OrderingKind {
    /// Every ordering with the name users type and one line about it.
    pub const NAMES: [(OrderingKind, &'static str, &'static str); 2] = [
        (
            OrderingKind::Kbo,
            "kbo",
            "Knuth-Bendix ordering: bigger terms are greater, then the precedence.",
        ),
        (
            OrderingKind::Lpo,
            "lpo",
            "Lexicographic path ordering: the precedence decides first (orients definitions that grow).",
        ),
    ];

    /// The name users type.
    pub fn name(self) -> &'static str {
        Self::NAMES.iter().find(|(o, _, _)| *o == self).map_or("?", |(_, n, _)| n)
    }

    /// The ordering a name stands for.
    pub fn from_name(name: &str) -> Option<OrderingKind> {
        Self::NAMES.iter().find(|(_, n, _)| *n == name).map(|(o, _, _)| *o)
    }
}

/// How the symbol precedence of the ordering is chosen from the input (`$true` is always lowest,
/// ties go by symbol id so the choice is deterministic).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum PrecedenceKind {
    /// Larger arity larger, then rarer larger (E's "invfreq" within an arity).
    ArityThenRare,
    /// Rarer symbols larger, whatever their arity: clauses rewrite towards frequent symbols.
    RareHigh,
    /// More frequent symbols larger (E's "freq"): rewriting eliminates the common vocabulary.
    FrequentHigh,
    /// The conjecture's symbols above all others (then as `ArityThenRare`): the goal's terms
    /// are maximal, so inferences start from them.
    ConjectureHigh,
}

impl PrecedenceKind {
    /// Every precedence with the name users type and one line about it.
    pub const NAMES: [(PrecedenceKind, &'static str, &'static str); 4] = [
        (PrecedenceKind::ArityThenRare, "arity", "By arity, then rarer symbols larger."),
        (PrecedenceKind::RareHigh, "rare-high", "Rarer symbols larger, whatever their arity."),
        (PrecedenceKind::FrequentHigh, "frequent-high", "More frequent symbols larger."),
        (
            PrecedenceKind::ConjectureHigh,
            "conjecture-high",
            "The conjecture's symbols above all others, then by arity and rarity.",
        ),
    ];

    /// The name users type.
    pub fn name(self) -> &'static str {
        Self::NAMES.iter().find(|(p, _, _)| *p == self).map_or("?", |(_, n, _)| n)
    }

    /// The precedence a name stands for.
    pub fn from_name(name: &str) -> Option<PrecedenceKind> {
        Self::NAMES.iter().find(|(_, n, _)| *n == name).map(|(p, _, _)| *p)
    }
}

/// Limits on the search; `None` means unlimited.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct Limits {
    /// Time limit, measured on `clock` from the first step.
    pub time: Option<Duration>,
    /// The clock `time` is measured on.
    pub clock: crate::syntax::clock::Clock,
    /// Maximum number of given clauses processed (deterministic, for tests).
    pub given_clauses: Option<u64>,
    /// Memory guard: maximum number of clauses in the store.
    pub clauses: Option<usize>,
    /// Memory guard: maximum number of distinct terms in the bank.
    pub terms: Option<usize>,
}

/// Options of the saturation loop.
#[derive(Clone, Debug)]
pub struct ProverOptions {
    /// Of every `age_ratio + weight_ratio` given clauses, `age_ratio` are the oldest passive
    /// clause and `weight_ratio` the lightest.
    pub age_ratio: u32,
    /// See `age_ratio`.
    pub weight_ratio: u32,
    /// Literal selection function.
    pub selection: LiteralSelection,
    /// How the weight queue weighs clauses.
    pub clause_weight: ClauseWeight,
    /// Weight multiplier (in percent) for clauses not descended from the negated conjecture, so
    /// goal-directed clauses are preferred by the weight queue. 100 turns the bonus off.
    pub non_goal_weight_percent: u32,
    /// The term ordering.
    pub ordering: OrderingKind,
    /// How the ordering's symbol precedence is chosen.
    pub precedence: PrecedenceKind,
    /// AVATAR-style splitting: clauses with variable-disjoint components are split, and a SAT
    /// solver over the components' names chooses which ones the search assumes.
    pub splitting: bool,
    /// Search limits.
    pub limits: Limits,
}

impl Default for ProverOptions {
    fn default() -> Self {
        ProverOptions {
            age_ratio: 1,
            weight_ratio: 5,
            selection: LiteralSelection::MaxWeightNegativeIfPositive,
            clause_weight: ClauseWeight::Symbols,
            non_goal_weight_percent: 150,
            ordering: OrderingKind::Kbo,
            precedence: PrecedenceKind::ArityThenRare,
            splitting: false,
            limits: Limits::default(),
        }
    }
}

//! Hybrid systems as the engine sees them (the paper's Definitions 1–3): modes, continuous
//! variables with their compact intervals, and constraints for the initial states, the flow of
//! each mode, the jumps between modes and the unsafe states; constraints are terms over
//! variables compared with numbers, kept in negation normal form.

use super::interval::Interval;

/// A variable a constraint speaks of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Variable {
    /// The current value of continuous variable `i`.
    State(usize),
    /// Its derivative `d(x)` (flows only).
    Derivative(usize),
    /// Its value after a jump, `x'` (jumps only).
    Next(usize),
    /// Slot `i` of a pruning problem's box (what the oracle substitutes for the above).
    Slot(usize),
}

/// A term: arithmetic over variables and numerals.
#[derive(Clone, Debug, PartialEq)]
pub enum Term {
    /// A numeral, as the smallest float interval containing it.
    Number(Interval),
    /// A variable.
    Variable(Variable),
    /// `-a`.
    Negate(Box<Term>),
    /// `a + b`.
    Add(Box<Term>, Box<Term>),
    /// `a - b`.
    Subtract(Box<Term>, Box<Term>),
    /// `a * b`.
    Multiply(Box<Term>, Box<Term>),
    /// `a / b` (any value where `b` is 0).
    Divide(Box<Term>, Box<Term>),
    /// `a ^ n`.
    Power(Box<Term>, u32),
    /// `exp(a)`.
    Exp(Box<Term>),
    /// `sin(a)`.
    Sin(Box<Term>),
    /// `cos(a)`.
    Cos(Box<Term>),
    /// `sqrt(a)` (a comparison over it is false where `a < 0`).
    Sqrt(Box<Term>),
}

/// How a comparison relates its two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// `=`
    Equal,
    /// `!=`
    NotEqual,
    /// `<=`
    AtMost,
    /// `<`
    Below,
    /// `>=`
    AtLeast,
    /// `>`
    Above,
}

impl Relation {
    /// The relation of the negated comparison.
    pub fn negated(self) -> Relation {
        match self {
            Relation::Equal => Relation::NotEqual,
            Relation::NotEqual => Relation::Equal,
            Relation::AtMost => Relation::Above,
            Relation::Below => Relation::AtLeast,
            Relation::AtLeast => Relation::Below,
            Relation::Above => Relation::AtMost,
        }
    }
}

/// A constraint in negation normal form.
#[derive(Clone, Debug, PartialEq)]
pub enum Constraint {
    /// Always true.
    True,
    /// Always false.
    False,
    /// `left relation right`.
    Compare(Term, Relation, Term),
    /// All of them.
    And(Vec<Constraint>),
    /// One of them.
    Or(Vec<Constraint>),
}

impl Constraint {
    /// The conjunction, flattening nested ones and dropping `True`.
    pub fn and(parts: Vec<Constraint>) -> Constraint {
        let mut flat = Vec::new();
        for part in parts {
            match part {
                Constraint::True => {}
                Constraint::False => return Constraint::False,
                Constraint::And(inner) => flat.extend(inner),
                other => flat.push(other),
            }
        }
        match flat.len() {
            0 => Constraint::True,
            1 => flat.pop().unwrap_or(Constraint::True),
            _ => Constraint::And(flat),
        }
    }

    /// The disjunction, flattening nested ones and dropping `False`.
    pub fn or(parts: Vec<Constraint>) -> Constraint {
        let mut flat = Vec::new();
        for part in parts {
            match part {
                Constraint::False => {}
                Constraint::True => return Constraint::True,
                Constraint::Or(inner) => flat.extend(inner),
                other => flat.push(other),
            }
        }
        match flat.len() {
            0 => Constraint::False,
            1 => flat.pop().unwrap_or(Constraint::False),
            _ => Constraint::Or(flat),
        }
    }

    /// The negation, pushed to the comparisons.
    pub fn negate(self) -> Constraint {
        match self {
            Constraint::True => Constraint::False,
            Constraint::False => Constraint::True,
            Constraint::Compare(a, r, b) => Constraint::Compare(a, r.negated(), b),
            Constraint::And(parts) => {
                Constraint::or(parts.into_iter().map(Constraint::negate).collect())
            }
            Constraint::Or(parts) => {
                Constraint::and(parts.into_iter().map(Constraint::negate).collect())
            }
        }
    }

    /// The constraint with every variable renamed by `rename`.
    pub fn rename(&self, rename: &impl Fn(Variable) -> Variable) -> Constraint {
        match self {
            Constraint::True => Constraint::True,
            Constraint::False => Constraint::False,
            Constraint::Compare(a, r, b) => {
                Constraint::Compare(a.rename(rename), *r, b.rename(rename))
            }
            Constraint::And(parts) => {
                Constraint::And(parts.iter().map(|p| p.rename(rename)).collect())
            }
            Constraint::Or(parts) => {
                Constraint::Or(parts.iter().map(|p| p.rename(rename)).collect())
            }
        }
    }
}

impl Term {
    /// The term with every variable renamed by `rename`.
    pub fn rename(&self, rename: &impl Fn(Variable) -> Variable) -> Term {
        let go = |t: &Term| Box::new(t.rename(rename));
        match self {
            Term::Number(n) => Term::Number(*n),
            Term::Variable(v) => Term::Variable(rename(*v)),
            Term::Negate(a) => Term::Negate(go(a)),
            Term::Add(a, b) => Term::Add(go(a), go(b)),
            Term::Subtract(a, b) => Term::Subtract(go(a), go(b)),
            Term::Multiply(a, b) => Term::Multiply(go(a), go(b)),
            Term::Divide(a, b) => Term::Divide(go(a), go(b)),
            Term::Power(a, n) => Term::Power(go(a), *n),
            Term::Exp(a) => Term::Exp(go(a)),
            Term::Sin(a) => Term::Sin(go(a)),
            Term::Cos(a) => Term::Cos(go(a)),
            Term::Sqrt(a) => Term::Sqrt(go(a)),
        }
    }

    /// The variable `v` as a term.
    pub fn var(v: Variable) -> Term {
        Term::Variable(v)
    }
}

/// A jump from one mode to another, guarded and updating by one constraint over `x` and `x'`.
#[derive(Clone, Debug, PartialEq)]
pub struct Jump {
    /// The mode it leaves.
    pub from: usize,
    /// The mode it enters.
    pub to: usize,
    /// The constraint over `State` and `Next` variables.
    pub constraint: Constraint,
}

/// A hybrid system `H = (Flow, Jump, Init, Unsafe)` over the box of the variables' intervals.
#[derive(Clone, Debug, PartialEq)]
pub struct HybridSystem {
    /// The continuous variables' names, in declaration order.
    pub variables: Vec<String>,
    /// Their intervals: the state space is the box they span.
    pub intervals: Vec<Interval>,
    /// The modes' names.
    pub modes: Vec<String>,
    /// The initial states of each mode (`False` for none).
    pub init: Vec<Constraint>,
    /// The flow constraint of each mode over `State` and `Derivative` variables (`False` for a
    /// mode without flow: time does not pass there).
    pub flow: Vec<Constraint>,
    /// The jumps, in the order written.
    pub jumps: Vec<Jump>,
    /// The unsafe states of each mode (`False` for none).
    pub unsafe_states: Vec<Constraint>,
}

impl HybridSystem {
    /// The number of continuous variables.
    pub fn dimension(&self) -> usize {
        self.variables.len()
    }

    /// The jump constraint from `from` to `to`: the disjunction of the jumps written for them.
    pub fn jump_between(&self, from: usize, to: usize) -> Constraint {
        Constraint::or(
            self.jumps
                .iter()
                .filter(|j| j.from == from && j.to == to)
                .map(|j| j.constraint.clone())
                .collect(),
        )
    }
}

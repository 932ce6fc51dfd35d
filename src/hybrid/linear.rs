//! The exact check of a word's linear relaxation: the whole word's constraint, with each flow
//! replaced by its integral relaxation, decided by craig's SMT core (its simplex) rather than
//! pruned by intervals.
//!
//! Interval pruning keeps only a box per variable, so it loses the linear relations a word
//! builds up (a gap that closes as fast as two speeds differ, a level that falls as another
//! rises). Where the constraints are linear, the simplex keeps them all.
//!
//! The flow relaxation. A flow `r` on `[0, t]` inside a region satisfies the mode's flow
//! constraint at every instant. For each conjunct of it that is a linear comparison
//! `α·ẋ + β·x ⋈ γ`, integrating over `[0, t]` gives `α·(y - x) + β·m ⋈ γ·t` where `m = ∫ r` is
//! a vector with `m/t` in the region's invariant box (the box is convex, so the mean of the
//! trajectory lies in it): `t·lo ≤ m ≤ t·hi` per coordinate. Strict comparisons are weakened
//! to non-strict ones and `≠` is dropped, since the integral of a strict inequality over an
//! interval of length 0 is an equality. The derivative box `D` of the interval pruning is kept
//! as well (`t·lo(D) ≤ y - x ≤ t·hi(D)`, which holds the nonlinear parts the relaxation
//! drops), and a conjunct over `x` alone also holds at both ends.
//!
//! Soundness: every step only weakens. A comparison that is not linear (a product of two
//! variables, `exp`, `sin`, `cos`, `sqrt`, a division by anything but a nonzero numeral) is
//! replaced by `true`, which in negation normal form makes the constraint weaker; a numeral
//! that is not a float is a fresh variable between the floats around it (times `t` once
//! integrated). So an `unsat` answer, whose refutation the SMT core checks (each arithmetic
//! lemma by its Farkas checker, the propositional proof by the SAT checker), means that no
//! trajectory follows the word. Words through a region with a self-jump are not asked (a
//! trajectory may jump and flow there any number of times, which one flow does not bound).

use std::collections::BTreeMap;

use rug::Rational;
use rug::ops::Pow;

use crate::smt::{self, Answer, ArithOp, Formula, SmtStats, SortId, TermId, TermStore};

use super::interval::Interval;
use super::prune::IntervalBox;
use super::regions::Region;
use super::system::{Constraint, HybridSystem, Relation, Term, Variable};

/// What interval pruning knows of the flow in a region: the box where time can pass and the
/// box of the derivatives there, `None` when time cannot pass.
pub type FlowBoxes = Option<(IntervalBox, IntervalBox)>;

/// One question about a word: its regions (with the flow boxes of each) and whether the
/// trajectory starts in an initial state and ends in an unsafe one.
pub struct WordQuestion<'a> {
    /// The system.
    pub system: &'a HybridSystem,
    /// The word's regions, in order.
    pub regions: &'a [Region],
    /// The flow boxes of each of them.
    pub flows: &'a [FlowBoxes],
    /// From an initial state of the first region.
    pub from_init: bool,
    /// Into an unsafe state of the last region.
    pub into_unsafe: bool,
}

/// True when the SMT core proves that no trajectory follows the word (its refutation
/// checked); false when it finds the relaxation satisfiable or gives up.
pub fn refutes(question: &WordQuestion<'_>, stats: &mut SmtStats) -> bool {
    let mut builder = Builder::new();
    let formula = builder.word(question);
    builder.assertions.push(formula);
    let tracked = vec![false; builder.assertions.len()];
    // An error (a limit, a model the check rejected) is not a refutation: the word stays.
    matches!(
        smt::check(&builder.store, &builder.assertions, &tracked, stats),
        Ok(Answer::Unsat { .. })
    )
}

/// A linear form over SMT terms: `Σ coefficient·term + constant`.
#[derive(Clone, Debug, Default)]
struct Linear {
    terms: BTreeMap<TermId, Rational>,
    constant: Rational,
}

impl Linear {
    fn constant(value: Rational) -> Linear {
        Linear { terms: BTreeMap::new(), constant: value }
    }

    fn variable(term: TermId) -> Linear {
        Linear { terms: BTreeMap::from([(term, Rational::from(1))]), constant: Rational::new() }
    }

    fn is_constant(&self) -> bool {
        self.terms.is_empty()
    }

    fn scaled(mut self, factor: &Rational) -> Linear {
        for coefficient in self.terms.values_mut() {
            *coefficient *= factor;
        }
        self.constant *= factor;
        self
    }

    fn plus(mut self, other: Linear) -> Linear {
        for (term, coefficient) in other.terms {
            *self.terms.entry(term).or_default() += coefficient;
        }
        self.constant += other.constant;
        self
    }
}

/// How a constraint is read: at a point, or integrated along a flow of duration `t`.
#[derive(Clone, Copy)]
enum Reading {
    /// Variables at one point; numerals as they are.
    Pointwise,
    /// State variables as the integral `m`, derivatives as the displacement, numerals times
    /// the duration (the given term).
    Integrated(TermId),
}

/// The SMT problem under construction.
struct Builder {
    store: TermStore,
    /// Definitions of fresh variables (bounds of numerals that are not floats, durations).
    assertions: Vec<Formula>,
    fresh: usize,
}

impl Builder {
    fn new() -> Builder {
        Builder { store: TermStore::new(), assertions: Vec::new(), fresh: 0 }
    }

    fn variable(&mut self, name: &str) -> TermId {
        self.fresh += 1;
        let f = self.store.declare_fun(
            &format!("{name}{}", self.fresh),
            Vec::new(),
            SortId::REAL,
            false,
        );
        self.store.apply(f, Vec::new())
    }

    fn point(&mut self, name: &str, k: usize) -> Vec<TermId> {
        (0..k).map(|_| self.variable(name)).collect()
    }

    fn numeral(&mut self, value: &Rational) -> TermId {
        self.store.numeral(value, SortId::REAL)
    }

    fn term(&mut self, linear: &Linear, reading: Reading) -> TermId {
        let mut parts = Vec::new();
        for (term, coefficient) in &linear.terms {
            if *coefficient == 0 {
                continue;
            }
            if *coefficient == 1 {
                parts.push(*term);
            } else {
                let c = self.numeral(coefficient);
                parts.push(self.store.arith(ArithOp::Mul, vec![c, *term], SortId::REAL));
            }
        }
        if linear.constant != 0 {
            let c = self.numeral(&linear.constant);
            parts.push(match reading {
                Reading::Pointwise => c,
                Reading::Integrated(duration) => {
                    self.store.arith(ArithOp::Mul, vec![c, duration], SortId::REAL)
                }
            });
        }
        match parts.len() {
            0 => self.numeral(&Rational::new()),
            1 => parts[0],
            _ => self.store.arith(ArithOp::Add, parts, SortId::REAL),
        }
    }

    /// `lo ≤ term ≤ hi` for the finite bounds of `interval`, each scaled by `scale` if given.
    fn within(&mut self, term: TermId, interval: Interval, scale: Option<TermId>) -> Formula {
        let mut parts = Vec::new();
        for (bound, lower) in [(interval.lo, true), (interval.hi, false)] {
            let Some(value) = Rational::from_f64(bound) else { continue };
            let numeral = self.numeral(&value);
            let bound = match scale {
                None => numeral,
                Some(t) => self.store.arith(ArithOp::Mul, vec![numeral, t], SortId::REAL),
            };
            parts.push(if lower { Formula::Le(bound, term) } else { Formula::Le(term, bound) });
        }
        Formula::And(parts)
    }

    fn in_box(&mut self, point: &[TermId], space: &[Interval]) -> Formula {
        Formula::And(point.iter().zip(space).map(|(&p, &i)| self.within(p, i, None)).collect())
    }

    /// The linear form of `term` with variables read by `env`, `None` where it is not linear.
    fn linear(
        &mut self,
        term: &Term,
        env: &dyn Fn(Variable) -> Option<TermId>,
        reading: Reading,
    ) -> Option<Linear> {
        Some(match term {
            Term::Number(interval) => {
                if interval.lo == interval.hi {
                    Linear::constant(Rational::from_f64(interval.lo)?)
                } else {
                    // A decimal between two floats: a fresh value between them (times the
                    // duration once integrated, since the integral of a constant `c` is `c·t`).
                    let value = self.variable("c");
                    let scale = match reading {
                        Reading::Pointwise => None,
                        Reading::Integrated(t) => Some(t),
                    };
                    let bounds = self.within(value, *interval, scale);
                    self.assertions.push(bounds);
                    Linear::variable(value)
                }
            }
            Term::Variable(v) => Linear::variable(env(*v)?),
            Term::Negate(a) => self.linear(a, env, reading)?.scaled(&Rational::from(-1)),
            Term::Add(a, b) => {
                let a = self.linear(a, env, reading)?;
                a.plus(self.linear(b, env, reading)?)
            }
            Term::Subtract(a, b) => {
                let a = self.linear(a, env, reading)?;
                a.plus(self.linear(b, env, reading)?.scaled(&Rational::from(-1)))
            }
            Term::Multiply(a, b) => {
                let a = self.linear(a, env, reading)?;
                let b = self.linear(b, env, reading)?;
                // In the integrated reading only the additive constant is multiplied by `t`,
                // so a factor must be a constant in both readings.
                match (a.is_constant(), b.is_constant()) {
                    (true, _) => b.scaled(&a.constant),
                    (false, true) => a.scaled(&b.constant),
                    (false, false) => return None,
                }
            }
            Term::Divide(a, b) => {
                let a = self.linear(a, env, reading)?;
                let b = self.linear(b, env, reading)?;
                if !b.is_constant() || b.constant == 0 {
                    return None;
                }
                a.scaled(&b.constant.clone().recip())
            }
            Term::Power(a, n) => {
                let a = self.linear(a, env, reading)?;
                match n {
                    0 => Linear::constant(Rational::from(1)),
                    1 => a,
                    _ if a.is_constant() => Linear::constant(a.constant.clone().pow(*n)),
                    _ => return None,
                }
            }
            Term::Exp(_) | Term::Sin(_) | Term::Cos(_) | Term::Sqrt(_) => return None,
        })
    }

    /// The constraint in the reading, weakened to `true` wherever it is not linear.
    fn constraint(
        &mut self,
        c: &Constraint,
        env: &dyn Fn(Variable) -> Option<TermId>,
        reading: Reading,
    ) -> Formula {
        match c {
            Constraint::True => Formula::True,
            Constraint::False => Formula::False,
            Constraint::And(parts) => {
                Formula::And(parts.iter().map(|p| self.constraint(p, env, reading)).collect())
            }
            Constraint::Or(parts) => match reading {
                // The integral of a disjunction is not the disjunction of integrals.
                Reading::Integrated(_) => Formula::True,
                Reading::Pointwise => {
                    Formula::Or(parts.iter().map(|p| self.constraint(p, env, reading)).collect())
                }
            },
            Constraint::Compare(left, relation, right) => {
                let (Some(l), Some(r)) =
                    (self.linear(left, env, reading), self.linear(right, env, reading))
                else {
                    return Formula::True;
                };
                let relation = match (reading, relation) {
                    (Reading::Integrated(_), Relation::Below) => Relation::AtMost,
                    (Reading::Integrated(_), Relation::Above) => Relation::AtLeast,
                    (Reading::Integrated(_), Relation::NotEqual) => return Formula::True,
                    (_, relation) => *relation,
                };
                let (l, r) = (self.term(&l, reading), self.term(&r, reading));
                match relation {
                    Relation::Equal => Formula::Eq(l, r),
                    Relation::NotEqual => Formula::Not(Box::new(Formula::Eq(l, r))),
                    Relation::AtMost => Formula::Le(l, r),
                    Relation::Below => Formula::Lt(l, r),
                    Relation::AtLeast => Formula::Le(r, l),
                    Relation::Above => Formula::Lt(r, l),
                }
            }
        }
    }

    /// A flow of `mode` inside a region from `from` to `to`: of length 0, or the relaxation.
    fn flow(
        &mut self,
        system: &HybridSystem,
        mode: usize,
        boxes: &FlowBoxes,
        from: &[TermId],
        to: &[TermId],
    ) -> Formula {
        let stay = Formula::And(from.iter().zip(to).map(|(&a, &b)| Formula::Eq(a, b)).collect());
        let Some((invariant, derivatives)) = boxes else { return stay };
        let k = from.len();
        let duration = self.variable("t");
        let zero = self.numeral(&Rational::new());
        self.assertions.push(Formula::Le(zero, duration));
        let mut moving = vec![self.in_box(from, invariant), self.in_box(to, invariant)];
        let displacement: Vec<TermId> = (0..k)
            .map(|i| self.store.arith(ArithOp::Sub, vec![to[i], from[i]], SortId::REAL))
            .collect();
        let integral = self.point("m", k);
        for i in 0..k {
            moving.push(self.within(displacement[i], derivatives[i], Some(duration)));
            moving.push(self.within(integral[i], invariant[i], Some(duration)));
        }
        let flow = system.flow.get(mode).cloned().unwrap_or(Constraint::False);
        let conjuncts = match flow {
            Constraint::And(parts) => parts,
            other => vec![other],
        };
        for conjunct in &conjuncts {
            let integrated = |v: Variable| match v {
                Variable::State(i) => integral.get(i).copied(),
                Variable::Derivative(i) => displacement.get(i).copied(),
                _ => None,
            };
            let part = self.constraint(conjunct, &integrated, Reading::Integrated(duration));
            moving.push(part);
            if !mentions_derivative(conjunct) {
                for end in [from, to] {
                    let at = |v: Variable| match v {
                        Variable::State(i) => end.get(i).copied(),
                        _ => None,
                    };
                    let part = self.constraint(conjunct, &at, Reading::Pointwise);
                    moving.push(part);
                }
            }
        }
        Formula::Or(vec![stay, Formula::And(moving)])
    }

    /// The whole word's constraint (as the oracle's joint check: `p_i` is where the trajectory
    /// passes from region `i` to region `i + 1`, or any point of the last region).
    fn word(&mut self, question: &WordQuestion<'_>) -> Formula {
        let system = question.system;
        let k = system.dimension();
        let regions = question.regions;
        let n = regions.len();
        let points: Vec<Vec<TermId>> = (0..n).map(|_| self.point("p", k)).collect();
        let mut parts = Vec::new();
        for (point, region) in points.iter().zip(regions) {
            parts.push(self.in_box(point, &region.space));
        }
        for i in 0..n.saturating_sub(1) {
            let (source, target) = (&regions[i], &regions[i + 1]);
            let mut branches = Vec::new();
            if source.mode == target.mode {
                let crossing = self.in_box(&points[i], &target.space);
                let flow = self.flow(
                    system,
                    target.mode,
                    &question.flows[i + 1],
                    &points[i],
                    &points[i + 1],
                );
                branches.push(Formula::And(vec![crossing, flow]));
            }
            let jump = system.jump_between(source.mode, target.mode);
            if jump != Constraint::False {
                let landing = self.point("l", k);
                let inside = self.in_box(&landing, &target.space);
                let (before, after) = (&points[i], &landing);
                let env = |v: Variable| match v {
                    Variable::State(j) => before.get(j).copied(),
                    Variable::Next(j) => after.get(j).copied(),
                    _ => None,
                };
                let jumped = self.constraint(&jump, &env, Reading::Pointwise);
                let flow = self.flow(
                    system,
                    target.mode,
                    &question.flows[i + 1],
                    &landing,
                    &points[i + 1],
                );
                branches.push(Formula::And(vec![inside, jumped, flow]));
            }
            parts.push(Formula::Or(branches));
        }
        if question.from_init {
            let first = &regions[0];
            let start = self.point("s", k);
            parts.push(self.in_box(&start, &first.space));
            let init = system.init.get(first.mode).cloned().unwrap_or(Constraint::False);
            let env = |v: Variable| match v {
                Variable::State(j) => start.get(j).copied(),
                _ => None,
            };
            parts.push(self.constraint(&init, &env, Reading::Pointwise));
            parts.push(self.flow(system, first.mode, &question.flows[0], &start, &points[0]));
        }
        if question.into_unsafe {
            let last = &regions[n - 1];
            let unsafe_states =
                system.unsafe_states.get(last.mode).cloned().unwrap_or(Constraint::False);
            let end = &points[n - 1];
            let env = |v: Variable| match v {
                Variable::State(j) => end.get(j).copied(),
                _ => None,
            };
            parts.push(self.constraint(&unsafe_states, &env, Reading::Pointwise));
        }
        Formula::And(parts)
    }
}

fn mentions_derivative(c: &Constraint) -> bool {
    fn in_term(t: &Term) -> bool {
        match t {
            Term::Number(_) => false,
            Term::Variable(v) => matches!(v, Variable::Derivative(_)),
            Term::Negate(a)
            | Term::Power(a, _)
            | Term::Exp(a)
            | Term::Sin(a)
            | Term::Cos(a)
            | Term::Sqrt(a) => in_term(a),
            Term::Add(a, b) | Term::Subtract(a, b) | Term::Multiply(a, b) | Term::Divide(a, b) => {
                in_term(a) || in_term(b)
            }
        }
    }
    match c {
        Constraint::True | Constraint::False => false,
        Constraint::Compare(a, _, b) => in_term(a) || in_term(b),
        Constraint::And(parts) | Constraint::Or(parts) => parts.iter().any(mentions_derivative),
    }
}

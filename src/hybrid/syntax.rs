//! The `.hy` reader: the pest grammar `hybrid.pest` and its lowering into a [`HybridSystem`],
//! with every refusal a [`Diagnostic`] at the place it concerns (`file:line:col`).

use pest::Parser as _;
use pest::iterators::Pair;

use super::interval::Interval;
use super::system::{Constraint, HybridSystem, Jump, Relation, Term, Variable};
use crate::syntax::pest_diagnostic;
use crate::syntax::{Diagnostic, FileId, Span};

mod grammar {
    //! The derived pest parser (private: `Rule` is an implementation detail).
    #[derive(pest_derive::Parser)]
    #[grammar = "hybrid/hybrid.pest"]
    pub struct HybridParser;
}

use grammar::{HybridParser, Rule};

/// Where a constraint stands, which decides the variables it may use.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Plain,
    Flow,
    Jump,
}

struct Reader<'t> {
    file: FileId,
    variables: Vec<String>,
    intervals: Vec<Interval>,
    modes: Vec<String>,
    diagnostics: Vec<Diagnostic>,
    _text: &'t str,
}

fn describe(rule: Rule) -> Option<&'static str> {
    Some(match rule {
        Rule::variables => "`variables`",
        Rule::modes => "`modes`",
        Rule::init => "`init`",
        Rule::flow => "`flow`",
        Rule::jump => "`jump`",
        Rule::unsafe_states => "`unsafe`",
        Rule::EOI => "end of input",
        Rule::name => "a name",
        Rule::signed_number | Rule::number => "a number",
        Rule::natural => "a natural number",
        Rule::relation => "a comparison",
        Rule::term | Rule::comparison => "a term",
        Rule::constraint => "a constraint",
        Rule::additive | Rule::multiplicative => "an operator",
        _ => return None,
    })
}

/// Reads a `.hy` text: the system, or the diagnostics that refuse it.
pub fn parse_hybrid(file: FileId, text: &str) -> Result<HybridSystem, Vec<Diagnostic>> {
    let pairs = match HybridParser::parse(Rule::file, text) {
        Ok(mut pairs) => pairs.next().map(|f| f.into_inner()),
        Err(error) => return Err(vec![pest_diagnostic(file, 0, text, &error, describe)]),
    };
    let items: Vec<Pair<'_, Rule>> =
        pairs.into_iter().flatten().filter(|p| p.as_rule() != Rule::EOI).collect();
    let mut reader = Reader {
        file,
        variables: Vec::new(),
        intervals: Vec::new(),
        modes: Vec::new(),
        diagnostics: Vec::new(),
        _text: text,
    };
    // Declarations first, so a constraint may come before the line declaring its names.
    for item in &items {
        match item.as_rule() {
            Rule::variables => reader.declare_variables(item.clone()),
            Rule::modes => reader.declare_modes(item.clone()),
            _ => {}
        }
    }
    if reader.modes.is_empty() && reader.diagnostics.is_empty() {
        reader
            .diagnostics
            .push(Diagnostic::error(Span::new(file, 0, 0), "the system declares no `modes`"));
    }
    let n = reader.modes.len();
    let mut init = vec![Vec::new(); n];
    let mut flow: Vec<Option<Constraint>> = vec![None; n];
    let mut jumps = Vec::new();
    let mut unsafe_states = vec![Vec::new(); n];
    for item in items {
        let rule = item.as_rule();
        let span = reader.span(&item);
        let mut inner = item.into_inner().collect::<Vec<_>>();
        match rule {
            Rule::init | Rule::unsafe_states => {
                let Some(body) = inner.pop() else { continue };
                let modes: Vec<usize> = match inner.first() {
                    Some(name) => reader.mode(name).into_iter().collect(),
                    None => (0..n).collect(),
                };
                let Some(c) = reader.constraint(body, Place::Plain) else { continue };
                let target = if rule == Rule::init { &mut init } else { &mut unsafe_states };
                for m in modes {
                    target[m].push(c.clone());
                }
            }
            Rule::flow => {
                let (Some(name), Some(body)) = (inner.first().cloned(), inner.get(1).cloned())
                else {
                    continue;
                };
                let Some(mode) = reader.mode(&name) else { continue };
                let Some(c) = reader.constraint(body, Place::Flow) else { continue };
                if flow[mode].is_some() {
                    reader.diagnostics.push(Diagnostic::error(
                        span,
                        format!(
                            "mode `{}` has a second `flow` (write one constraint)",
                            reader.modes[mode]
                        ),
                    ));
                }
                flow[mode] = Some(c);
            }
            Rule::jump => {
                let (Some(from), Some(to), Some(body)) =
                    (inner.first().cloned(), inner.get(1).cloned(), inner.get(2).cloned())
                else {
                    continue;
                };
                let (Some(from), Some(to)) = (reader.mode(&from), reader.mode(&to)) else {
                    continue;
                };
                let Some(constraint) = reader.constraint(body, Place::Jump) else { continue };
                jumps.push(Jump { from, to, constraint });
            }
            _ => {}
        }
    }
    if !reader.diagnostics.is_empty() {
        return Err(reader.diagnostics);
    }
    Ok(HybridSystem {
        variables: reader.variables,
        intervals: reader.intervals,
        modes: reader.modes,
        init: init.into_iter().map(Constraint::or).collect(),
        flow: flow.into_iter().map(|f| f.unwrap_or(Constraint::False)).collect(),
        jumps,
        unsafe_states: unsafe_states.into_iter().map(Constraint::or).collect(),
    })
}

impl Reader<'_> {
    fn span(&self, pair: &Pair<'_, Rule>) -> Span {
        let s = pair.as_span();
        Span::new(self.file, s.start(), s.end())
    }

    fn refuse(&mut self, pair: &Pair<'_, Rule>, message: String) {
        let span = self.span(pair);
        self.diagnostics.push(Diagnostic::error(span, message));
    }

    fn declare_variables(&mut self, item: Pair<'_, Rule>) {
        for declaration in item.into_inner() {
            let parts: Vec<_> = declaration.clone().into_inner().collect();
            let [name, lo, hi] = parts.as_slice() else { continue };
            let text = name.as_str().to_string();
            if self.variables.contains(&text) || self.modes.contains(&text) {
                self.refuse(name, format!("`{text}` is declared twice"));
                continue;
            }
            let bounds = (Interval::of_decimal(lo.as_str()), Interval::of_decimal(hi.as_str()));
            let (Some(lo_interval), Some(hi_interval)) = bounds else {
                self.refuse(&declaration, "an interval's bounds must be finite numbers".into());
                continue;
            };
            // The declared box is widened to floats around its decimal bounds (it can only grow).
            let Some(interval) = Interval::new(lo_interval.lo, hi_interval.hi) else {
                self.refuse(&declaration, format!("the interval of `{text}` is empty (its lower bound exceeds its upper bound)"));
                continue;
            };
            self.variables.push(text);
            self.intervals.push(interval);
        }
    }

    fn declare_modes(&mut self, item: Pair<'_, Rule>) {
        for name in item.into_inner() {
            let text = name.as_str().to_string();
            if self.modes.contains(&text) || self.variables.contains(&text) {
                self.refuse(&name, format!("`{text}` is declared twice"));
                continue;
            }
            self.modes.push(text);
        }
    }

    fn mode(&mut self, name: &Pair<'_, Rule>) -> Option<usize> {
        let found = self.modes.iter().position(|m| m == name.as_str());
        if found.is_none() {
            self.refuse(name, format!("unknown mode `{}`", name.as_str()));
        }
        found
    }

    fn variable(&mut self, name: &Pair<'_, Rule>) -> Option<usize> {
        let found = self.variables.iter().position(|v| v == name.as_str());
        if found.is_none() {
            self.refuse(name, format!("unknown variable `{}`", name.as_str()));
        }
        found
    }

    fn constraint(&mut self, pair: Pair<'_, Rule>, place: Place) -> Option<Constraint> {
        match pair.as_rule() {
            Rule::constraint => {
                let mut inner = pair.into_inner();
                let left = self.constraint(inner.next()?, place)?;
                match (inner.next(), inner.next()) {
                    (Some(_implies), Some(right)) => {
                        let right = self.constraint(right, place)?;
                        Some(Constraint::or(vec![left.negate(), right]))
                    }
                    _ => Some(left),
                }
            }
            Rule::disjunction => {
                let parts: Option<Vec<_>> = pair
                    .into_inner()
                    .filter(|p| p.as_rule() != Rule::or)
                    .map(|p| self.constraint(p, place))
                    .collect();
                Some(Constraint::or(parts?))
            }
            Rule::conjunction => {
                let parts: Option<Vec<_>> = pair
                    .into_inner()
                    .filter(|p| p.as_rule() != Rule::and)
                    .map(|p| self.constraint(p, place))
                    .collect();
                Some(Constraint::and(parts?))
            }
            Rule::negation => {
                let mut negations = 0;
                let mut result = None;
                for part in pair.into_inner() {
                    if part.as_rule() == Rule::not {
                        negations += 1;
                    } else {
                        result = self.constraint(part, place);
                    }
                }
                let mut c = result?;
                for _ in 0..negations % 2 {
                    c = c.negate();
                }
                Some(c)
            }
            Rule::truth => Some(if pair.as_str().starts_with("true") {
                Constraint::True
            } else {
                Constraint::False
            }),
            Rule::comparison => {
                let mut inner = pair.into_inner();
                let (left, relation, right) = (inner.next()?, inner.next()?, inner.next()?);
                let left = self.term(left, place);
                let right = self.term(right, place);
                let relation = match relation.as_str() {
                    "=" => Relation::Equal,
                    "!=" => Relation::NotEqual,
                    "<=" => Relation::AtMost,
                    "<" => Relation::Below,
                    ">=" => Relation::AtLeast,
                    _ => Relation::Above,
                };
                Some(Constraint::Compare(left?, relation, right?))
            }
            _ => None,
        }
    }

    fn term(&mut self, pair: Pair<'_, Rule>, place: Place) -> Option<Term> {
        match pair.as_rule() {
            Rule::term | Rule::product => {
                let mut inner = pair.into_inner();
                let mut acc = self.term(inner.next()?, place)?;
                while let (Some(op), Some(next)) = (inner.next(), inner.next()) {
                    let right = Box::new(self.term(next, place)?);
                    let left = Box::new(acc);
                    acc = match op.as_str() {
                        "+" => Term::Add(left, right),
                        "-" => Term::Subtract(left, right),
                        "*" => Term::Multiply(left, right),
                        _ => Term::Divide(left, right),
                    };
                }
                Some(acc)
            }
            Rule::power => {
                let mut inner = pair.into_inner();
                let base = self.term(inner.next()?, place)?;
                match inner.next() {
                    None => Some(base),
                    Some(exponent) => match exponent.as_str().parse::<u32>() {
                        Ok(n) if n <= 64 => Some(Term::Power(Box::new(base), n)),
                        _ => {
                            self.refuse(
                                &exponent,
                                "an exponent must be a natural number up to 64".into(),
                            );
                            None
                        }
                    },
                }
            }
            Rule::unary => {
                let mut minus = 0;
                let mut result = None;
                for part in pair.into_inner() {
                    if part.as_rule() == Rule::minus {
                        minus += 1;
                    } else {
                        result = self.term(part, place);
                    }
                }
                let mut t = result?;
                for _ in 0..minus % 2 {
                    t = Term::Negate(Box::new(t));
                }
                Some(t)
            }
            Rule::number => match Interval::of_decimal(pair.as_str()) {
                Some(n) => Some(Term::Number(n)),
                None => {
                    self.refuse(&pair, "this number is too large".into());
                    None
                }
            },
            Rule::call => {
                let mut inner = pair.into_inner();
                let function = inner.next()?.as_str().to_string();
                let argument = Box::new(self.term(inner.next()?, place)?);
                Some(match function.as_str() {
                    "exp" => Term::Exp(argument),
                    "sin" => Term::Sin(argument),
                    "cos" => Term::Cos(argument),
                    _ => Term::Sqrt(argument),
                })
            }
            Rule::derivative => {
                let name = pair.clone().into_inner().next()?;
                if place != Place::Flow {
                    self.refuse(&pair, "a derivative `d(x)` may only appear in a `flow`".into());
                    return None;
                }
                Some(Term::Variable(Variable::Derivative(self.variable(&name)?)))
            }
            Rule::primed => {
                let name = pair.clone().into_inner().next()?;
                if place != Place::Jump {
                    self.refuse(&pair, "a primed variable `x'` may only appear in a `jump`".into());
                    return None;
                }
                Some(Term::Variable(Variable::Next(self.variable(&name)?)))
            }
            Rule::variable => {
                let name = pair.into_inner().next()?;
                Some(Term::Variable(Variable::State(self.variable(&name)?)))
            }
            _ => None,
        }
    }
}

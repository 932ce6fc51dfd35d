//! Simplification of interpolants by equality saturation (the `egg` crate).
//!
//! Interpolants read off proofs are correct but repetitive: McMillan's system and the local-proof
//! construction stack conjunctions and disjunctions of partial interpolants that share parts.
//! The formula is put into an e-graph over the boolean connectives and `=`, saturated with
//! equivalences (truth constants, idempotence, absorption, double negation, de Morgan,
//! contradiction and excluded middle, `x = x`, symmetry of `=`, commutativity and associativity
//! of `∧`/`∨`, factoring out a common conjunct or disjunct), and the smallest equivalent term
//! (by node count, egg's `AstSize`) is extracted.
//!
//! Atoms and terms are opaque leaves, numbered by first occurrence. A quantified subformula has
//! its body simplified recursively and is then a leaf of the enclosing formula, so bound
//! variables are never confused with anything outside. A negated quantified formula stays a
//! negated leaf in the e-graph (so `∀x F ∧ ¬∀x F` collapses) and is read back with the negation
//! pushed inside (`∃x ¬F`). Every rewrite is an equivalence, and the
//! result is verified again before it is shown anyway.
//!
//! The run is bounded by an iteration and a node limit, which makes it deterministic (egg's
//! hashing is fixed-seed); the wall-clock limit is only a safety net far above what the node
//! limit allows.

use std::time::Duration;

use egg::{AstSize, Extractor, Id, RecExpr, Rewrite, Runner, Symbol, define_language, rewrite};

use super::formula::{and, not, or};
use crate::fol::{formula::Formula, formula::Quantifier, formula::Term};

define_language! {
    /// Boolean connectives and equality over opaque leaves.
    enum Prop {
        "true" = True,
        "false" = False,
        "and" = And([Id; 2]),
        "or" = Or([Id; 2]),
        "not" = Not(Id),
        "=>" = Implies([Id; 2]),
        "eq" = Eq([Id; 2]),
        Leaf(Symbol),
    }
}

/// Saturation rounds.
const ITERATION_LIMIT: usize = 12;
/// E-nodes; commutativity and associativity grow the graph fast, this keeps runs short.
const NODE_LIMIT: usize = 8_000;

fn rules() -> Vec<Rewrite<Prop, ()>> {
    vec![
        rewrite!("and-comm"; "(and ?a ?b)" => "(and ?b ?a)"),
        rewrite!("or-comm"; "(or ?a ?b)" => "(or ?b ?a)"),
        rewrite!("and-assoc"; "(and ?a (and ?b ?c))" => "(and (and ?a ?b) ?c)"),
        rewrite!("or-assoc"; "(or ?a (or ?b ?c))" => "(or (or ?a ?b) ?c)"),
        rewrite!("and-true"; "(and ?a true)" => "?a"),
        rewrite!("and-false"; "(and ?a false)" => "false"),
        rewrite!("or-true"; "(or ?a true)" => "true"),
        rewrite!("or-false"; "(or ?a false)" => "?a"),
        rewrite!("and-idem"; "(and ?a ?a)" => "?a"),
        rewrite!("or-idem"; "(or ?a ?a)" => "?a"),
        rewrite!("and-absorb"; "(and ?a (or ?a ?b))" => "?a"),
        rewrite!("or-absorb"; "(or ?a (and ?a ?b))" => "?a"),
        rewrite!("not-not"; "(not (not ?a))" => "?a"),
        rewrite!("not-true"; "(not true)" => "false"),
        rewrite!("not-false"; "(not false)" => "true"),
        rewrite!("de-morgan-and"; "(not (and ?a ?b))" => "(or (not ?a) (not ?b))"),
        rewrite!("de-morgan-or"; "(not (or ?a ?b))" => "(and (not ?a) (not ?b))"),
        rewrite!("implies"; "(=> ?a ?b)" => "(or (not ?a) ?b)"),
        rewrite!("contradiction"; "(and ?a (not ?a))" => "false"),
        rewrite!("excluded-middle"; "(or ?a (not ?a))" => "true"),
        rewrite!("factor-and"; "(or (and ?a ?b) (and ?a ?c))" => "(and ?a (or ?b ?c))"),
        rewrite!("factor-or"; "(and (or ?a ?b) (or ?a ?c))" => "(or ?a (and ?b ?c))"),
        rewrite!("and-unit"; "(and ?a (or (not ?a) ?b))" => "(and ?a ?b)"),
        rewrite!("or-unit"; "(or ?a (and (not ?a) ?b))" => "(or ?a ?b)"),
        rewrite!("resolve"; "(and (or ?a ?b) (or (not ?a) ?b))" => "?b"),
        rewrite!("eq-refl"; "(eq ?x ?x)" => "true"),
        rewrite!("eq-symm"; "(eq ?x ?y)" => "(eq ?y ?x)"),
    ]
}

/// An opaque leaf: an atom or quantified formula in formula position, or a term under `=`.
#[derive(Clone, PartialEq)]
enum Leaf {
    Formula(Formula),
    Term(Term),
}

struct Builder {
    expr: RecExpr<Prop>,
    leaves: Vec<Leaf>,
}

impl Builder {
    fn leaf(&mut self, leaf: Leaf) -> Id {
        let index = match self.leaves.iter().position(|l| *l == leaf) {
            Some(i) => i,
            None => {
                self.leaves.push(leaf);
                self.leaves.len() - 1
            }
        };
        self.expr.add(Prop::Leaf(Symbol::from(format!("l{index}"))))
    }

    fn junction(&mut self, parts: &[Formula], conjunction: bool) -> Id {
        let mut ids = parts.iter().map(|p| self.add(p));
        let Some(first) = ids.next() else {
            return self.expr.add(if conjunction { Prop::True } else { Prop::False });
        };
        let rest: Vec<Id> = ids.collect();
        rest.into_iter().fold(first, |acc, id| {
            self.expr.add(if conjunction { Prop::And([acc, id]) } else { Prop::Or([acc, id]) })
        })
    }

    fn add(&mut self, f: &Formula) -> Id {
        match f {
            Formula::True => self.expr.add(Prop::True),
            Formula::False => self.expr.add(Prop::False),
            Formula::Atom(..) => self.leaf(Leaf::Formula(f.clone())),
            Formula::Equal(s, t) => {
                let s = self.leaf(Leaf::Term(s.clone()));
                let t = self.leaf(Leaf::Term(t.clone()));
                self.expr.add(Prop::Eq([s, t]))
            }
            Formula::Not(g) => {
                let g = self.add(g);
                self.expr.add(Prop::Not(g))
            }
            Formula::And(gs) => self.junction(gs, true),
            Formula::Or(gs) => self.junction(gs, false),
            Formula::Implies(g, h) => {
                let g = self.add(g);
                let h = self.add(h);
                self.expr.add(Prop::Implies([g, h]))
            }
            Formula::Iff(g, h) => {
                let forward = Formula::Implies(g.clone(), h.clone());
                let backward = Formula::Implies(h.clone(), g.clone());
                self.junction(&[forward, backward], true)
            }
            Formula::Xor(g, h) => {
                let iff = self.add(&Formula::Iff(g.clone(), h.clone()));
                self.expr.add(Prop::Not(iff))
            }
            Formula::Quantified(q, vars, body) => {
                let body = simplify(body);
                let leaf = match body {
                    Formula::True | Formula::False => body,
                    other => Formula::Quantified(*q, vars.clone(), Box::new(other)),
                };
                match leaf {
                    Formula::True => self.expr.add(Prop::True),
                    Formula::False => self.expr.add(Prop::False),
                    other => self.leaf(Leaf::Formula(other)),
                }
            }
        }
    }
}

/// `~f` with the negation pushed through connectives and quantifiers down to the atoms. A
/// negated quantified leaf stays `~(!x F)` inside the e-graph, so that it meets `!x F` in
/// `a & ~a`; it reads as `?x ~F` only once extracted.
fn negation_normal(f: Formula) -> Formula {
    match f {
        Formula::Quantified(q, vars, body) => {
            let dual = match q {
                Quantifier::Forall => Quantifier::Exists,
                Quantifier::Exists => Quantifier::Forall,
            };
            Formula::Quantified(dual, vars, Box::new(negation_normal(*body)))
        }
        Formula::And(parts) => or(parts.into_iter().map(negation_normal).collect()),
        Formula::Or(parts) => and(parts.into_iter().map(negation_normal).collect()),
        other => not(other),
    }
}

fn leaf_index(symbol: &Symbol) -> Option<usize> {
    symbol.as_str().strip_prefix('l').and_then(|n| n.parse().ok())
}

fn term_back(expr: &RecExpr<Prop>, id: Id, leaves: &[Leaf]) -> Option<Term> {
    match &expr[id] {
        Prop::Leaf(symbol) => match leaves.get(leaf_index(symbol)?)? {
            Leaf::Term(t) => Some(t.clone()),
            Leaf::Formula(_) => None,
        },
        _ => None,
    }
}

fn formula_back(expr: &RecExpr<Prop>, id: Id, leaves: &[Leaf]) -> Option<Formula> {
    Some(match &expr[id] {
        Prop::True => Formula::True,
        Prop::False => Formula::False,
        Prop::And([a, b]) => {
            and(vec![formula_back(expr, *a, leaves)?, formula_back(expr, *b, leaves)?])
        }
        Prop::Or([a, b]) => {
            or(vec![formula_back(expr, *a, leaves)?, formula_back(expr, *b, leaves)?])
        }
        Prop::Not(a) => negation_normal(formula_back(expr, *a, leaves)?),
        Prop::Implies([a, b]) => Formula::Implies(
            Box::new(formula_back(expr, *a, leaves)?),
            Box::new(formula_back(expr, *b, leaves)?),
        ),
        Prop::Eq([a, b]) => {
            Formula::Equal(term_back(expr, *a, leaves)?, term_back(expr, *b, leaves)?)
        }
        Prop::Leaf(symbol) => match leaves.get(leaf_index(symbol)?)? {
            Leaf::Formula(f) => f.clone(),
            Leaf::Term(_) => return None,
        },
    })
}

/// The smallest formula equivalent to `f` that equality saturation finds within its limits;
/// `f` itself when nothing smaller turns up.
pub fn simplify(f: &Formula) -> Formula {
    let mut builder = Builder { expr: RecExpr::default(), leaves: Vec::new() };
    builder.add(f);
    let runner = Runner::default()
        .with_iter_limit(ITERATION_LIMIT)
        .with_node_limit(NODE_LIMIT)
        .with_time_limit(Duration::from_secs(60))
        .with_expr(&builder.expr)
        .run(&rules());
    let extractor = Extractor::new(&runner.egraph, AstSize);
    let (_, best) = extractor.find_best(runner.roots[0]);
    let root = Id::from(best.as_ref().len() - 1);
    match formula_back(&best, root, &builder.leaves) {
        Some(g) if super::formula::size(&g) <= super::formula::size(f) => g,
        _ => f.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn atom(p: &str) -> Formula {
        Formula::Atom(p.to_string(), Vec::new())
    }

    #[test]
    fn absorption_and_resolution_shrink_formulas() {
        let p = atom("p");
        let q = atom("q");
        let f = Formula::And(vec![p.clone(), Formula::Or(vec![p.clone(), q.clone()])]);
        assert_eq!(simplify(&f), p);
        let g = Formula::And(vec![
            Formula::Or(vec![p.clone(), q.clone()]),
            Formula::Or(vec![not(p.clone()), q.clone()]),
        ]);
        assert_eq!(simplify(&g), q);
    }

    #[test]
    fn a_quantified_formula_meets_its_negation() {
        let x = Term::Var("X".to_string());
        let all = Formula::Quantified(
            Quantifier::Forall,
            vec!["X".to_string()],
            Box::new(Formula::Atom("p".to_string(), vec![x.clone()])),
        );
        let f = Formula::Or(vec![atom("q"), Formula::And(vec![all.clone(), not(all.clone())])]);
        assert_eq!(simplify(&f), atom("q"));
        // Alone, a negated quantifier reads back with the negation inside.
        let g = Formula::And(vec![not(all), atom("q")]);
        let expected = Formula::Quantified(
            Quantifier::Exists,
            vec!["X".to_string()],
            Box::new(not(Formula::Atom("p".to_string(), vec![x]))),
        );
        assert!(matches!(simplify(&g), Formula::And(parts) if parts.contains(&expected)));
    }

    #[test]
    fn reflexive_equations_vanish_under_quantifiers_too() {
        let x = Term::Var("X".to_string());
        let f = Formula::Or(vec![
            Formula::Quantified(
                Quantifier::Forall,
                vec!["X".to_string()],
                Box::new(Formula::Equal(x.clone(), x)),
            ),
            atom("p"),
        ]);
        assert_eq!(simplify(&f), Formula::True);
    }
}

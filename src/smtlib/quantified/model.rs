//! Finite models of quantified scripts: the tables the caller's model finder found for the
//! TFF translation, checked against the script's own assertions and printed for `get-model`.
//!
//! The check is independent of the translation: it evaluates the SMT-LIB assertions as they
//! were written (`let`, `define-fun`, `ite`, `!`, quantifiers over each sort's elements), so a
//! mistake in the translation, the clausification or the sort encoding that let a model of
//! the clauses through would be caught here before `sat` is printed.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{BOOL, QuantifiedScript, Sort};
use crate::smtlib::SExpr;

/// A finite model of a script's translation, by TFF names: the domain `0 .. size`, the elements
/// of each sort (every element, unless the sort encoding guarded the sort), and one table per
/// function and predicate, indexed by the argument tuple read as a number in base `size`, first
/// argument most significant.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FiniteTables {
    /// The number of domain elements.
    pub size: u32,
    /// The elements of each sort, by the sort's TFF word; a sort not listed has every element.
    pub sorts: BTreeMap<String, Vec<u32>>,
    /// The value of each function symbol (constants included), by TFF word.
    pub functions: BTreeMap<String, Vec<u32>>,
    /// The truth of each predicate symbol, by TFF word.
    pub predicates: BTreeMap<String, Vec<bool>>,
}

/// A value: a truth value or a domain element.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Value {
    Bool(bool),
    Element(u32),
}

/// A name in scope during evaluation: a bound variable or a `let` name, with its value.
struct Binding<'e> {
    name: &'e str,
    value: Value,
}

/// The largest number of quantifier instances one assertion may take to evaluate; beyond it
/// the model is not shown (it was checked on the clauses, but this check could not finish).
const MAX_INSTANCES: u64 = 20_000_000;

/// Why a model did not pass the check against the script's assertions. A model the engine
/// found that fails it is a bug in craig (the translation, the clausification or the sort
/// encoding), so the caller reports every one as an internal error.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum ModelRejected {
    /// A sort has no element, which no SMT-LIB model may have.
    #[error("sort {0} has no element")]
    EmptySort(String),
    /// An assertion evaluates to false.
    #[error("assertion {0} is false in the model")]
    FalseAssertion(String),
    /// An assertion could not be evaluated.
    #[error("assertion {assertion} could not be evaluated: {why}")]
    Unevaluable {
        /// The assertion's name.
        assertion: String,
        /// Why not.
        why: Unevaluable,
    },
}

/// Why an assertion could not be evaluated in a model.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum Unevaluable {
    /// A part of the assertion is not of a shape its reading admitted (the phrase names it):
    /// the script was checked when it was read, so this is not the script's fault.
    #[error("{0}")]
    Malformed(&'static str),
    /// A defined function applied to as many arguments as it has no parameters for.
    #[error("{0} applied to the wrong number of arguments")]
    WrongArity(String),
    /// A function neither declared nor defined.
    #[error("unknown function {0}")]
    UnknownFunction(String),
    /// The model has no table for a declared symbol.
    #[error("no table for {0}")]
    NoTable(String),
    /// The model's table for a symbol misses an argument tuple.
    #[error("a short table for {0}")]
    ShortTable(String),
    /// A function's table gives a value outside its result sort.
    #[error("{0} leaves its sort")]
    LeavesSort(String),
    /// The quantifiers take more instances than the check may evaluate.
    #[error("more than {MAX_INSTANCES} quantifier instances")]
    TooManyInstances,
}

impl FiniteTables {
    fn elements(&self, sort: &str) -> Vec<u32> {
        match self.sorts.get(sort) {
            Some(elements) => elements.clone(),
            None => (0..self.size).collect(),
        }
    }

    fn index(&self, args: &[u32]) -> usize {
        // Saturating: an index past the end finds no entry, never wraps onto another one.
        args.iter().fold(0usize, |index, &a| {
            index.saturating_mul(self.size as usize).saturating_add(a as usize)
        })
    }
}

/// Evaluates the assertions of a script in a model.
struct Evaluator<'s> {
    script: &'s QuantifiedScript,
    model: &'s FiniteTables,
    instances: u64,
}

impl<'s> Evaluator<'s> {
    fn eval<'e>(&mut self, e: &'e SExpr, scope: &mut Vec<Binding<'e>>) -> Result<Value, Unevaluable>
    where
        's: 'e,
    {
        match e {
            SExpr::Symbol(name, _) => {
                if let Some(b) = scope.iter().rev().find(|b| b.name == name) {
                    return Ok(b.value);
                }
                match name.as_str() {
                    "true" => Ok(Value::Bool(true)),
                    "false" => Ok(Value::Bool(false)),
                    _ => self.apply(name, &[]),
                }
            }
            SExpr::List(items, _) => {
                let Some(head) = items.first().and_then(SExpr::symbol) else {
                    return Err(Unevaluable::Malformed("an application without a function name"));
                };
                let args = &items[1..];
                match head {
                    "!" => self.eval(
                        args.first().ok_or(Unevaluable::Malformed("an empty annotation"))?,
                        scope,
                    ),
                    "not" => Ok(Value::Bool(
                        !self.truth(args.first().ok_or(Unevaluable::Malformed("not"))?, scope)?,
                    )),
                    "and" => {
                        for a in args {
                            if !self.truth(a, scope)? {
                                return Ok(Value::Bool(false));
                            }
                        }
                        Ok(Value::Bool(true))
                    }
                    "or" => {
                        for a in args {
                            if self.truth(a, scope)? {
                                return Ok(Value::Bool(true));
                            }
                        }
                        Ok(Value::Bool(false))
                    }
                    "xor" => {
                        let mut value = false;
                        for a in args {
                            value ^= self.truth(a, scope)?;
                        }
                        Ok(Value::Bool(value))
                    }
                    "=>" => {
                        // Right-associative: (=> a b c) is a ⇒ (b ⇒ c).
                        let Some((last, premises)) = args.split_last() else {
                            return Err(Unevaluable::Malformed("=> without arguments"));
                        };
                        for p in premises {
                            if !self.truth(p, scope)? {
                                return Ok(Value::Bool(true));
                            }
                        }
                        Ok(Value::Bool(self.truth(last, scope)?))
                    }
                    "=" | "distinct" => {
                        let values = args
                            .iter()
                            .map(|a| self.eval(a, scope))
                            .collect::<Result<Vec<_>, _>>()?;
                        let holds = if head == "=" {
                            values.windows(2).all(|w| w[0] == w[1])
                        } else {
                            values.iter().enumerate().all(|(i, v)| !values[..i].contains(v))
                        };
                        Ok(Value::Bool(holds))
                    }
                    "ite" => {
                        let [c, t, f] = args else {
                            return Err(Unevaluable::Malformed("ite expects three arguments"));
                        };
                        if self.truth(c, scope)? {
                            self.eval(t, scope)
                        } else {
                            self.eval(f, scope)
                        }
                    }
                    "let" => {
                        let (Some(SExpr::List(bindings, _)), Some(body)) =
                            (args.first(), args.get(1))
                        else {
                            return Err(Unevaluable::Malformed("let expects bindings and a body"));
                        };
                        // Parallel binding: every term is read in the outer scope.
                        let mut values = Vec::new();
                        for b in bindings {
                            let SExpr::List(pair, _) = b else {
                                return Err(Unevaluable::Malformed("a let binding"));
                            };
                            let (Some(name), Some(term)) =
                                (pair.first().and_then(SExpr::symbol), pair.get(1))
                            else {
                                return Err(Unevaluable::Malformed("a let binding"));
                            };
                            values.push((name, self.eval(term, scope)?));
                        }
                        let depth = scope.len();
                        scope.extend(
                            values.into_iter().map(|(name, value)| Binding { name, value }),
                        );
                        let result = self.eval(body, scope);
                        scope.truncate(depth);
                        result
                    }
                    "forall" | "exists" => {
                        let (Some(SExpr::List(variables, _)), Some(body)) =
                            (args.first(), args.get(1))
                        else {
                            return Err(Unevaluable::Malformed(
                                "a quantifier expects variables and a body",
                            ));
                        };
                        let mut bound = Vec::new();
                        for v in variables {
                            let SExpr::List(pair, _) = v else {
                                return Err(Unevaluable::Malformed("a sorted variable"));
                            };
                            let (Some(name), Some(sort)) =
                                (pair.first().and_then(SExpr::symbol), pair.get(1))
                            else {
                                return Err(Unevaluable::Malformed("a sorted variable"));
                            };
                            let sort = self
                                .script
                                .sort(sort)
                                .map_err(|_| Unevaluable::Malformed("an unknown sort"))?;
                            bound.push((name, self.domain(&sort)));
                        }
                        let universal = head == "forall";
                        let depth = scope.len();
                        let result = self.quantify(&bound, body, universal, scope);
                        scope.truncate(depth);
                        result.map(|holds| Value::Bool(holds == universal))
                    }
                    name => {
                        let values = args
                            .iter()
                            .map(|a| self.eval(a, scope))
                            .collect::<Result<Vec<_>, _>>()?;
                        self.apply(name, &values)
                    }
                }
            }
            _ => Err(Unevaluable::Malformed("a literal the script cannot contain")),
        }
    }

    /// Whether every assignment of `bound` makes `body` equal to `universal` (so a `forall`
    /// holds, or an `exists` fails, when the answer is `universal`).
    fn quantify<'e>(
        &mut self,
        bound: &[(&'e str, Vec<Value>)],
        body: &'e SExpr,
        universal: bool,
        scope: &mut Vec<Binding<'e>>,
    ) -> Result<bool, Unevaluable>
    where
        's: 'e,
    {
        let Some(((name, values), rest)) = bound.split_first() else {
            self.instances += 1;
            if self.instances > MAX_INSTANCES {
                return Err(Unevaluable::TooManyInstances);
            }
            return Ok(self.truth(body, scope)? == universal);
        };
        for &value in values {
            scope.push(Binding { name, value });
            let all = self.quantify(rest, body, universal, scope)?;
            scope.pop();
            if !all {
                return Ok(false);
            }
        }
        Ok(true)
    }

    fn domain(&self, sort: &Sort) -> Vec<Value> {
        if sort == BOOL {
            vec![Value::Bool(false), Value::Bool(true)]
        } else {
            self.model.elements(sort).into_iter().map(Value::Element).collect()
        }
    }

    fn truth<'e>(&mut self, e: &'e SExpr, scope: &mut Vec<Binding<'e>>) -> Result<bool, Unevaluable>
    where
        's: 'e,
    {
        match self.eval(e, scope)? {
            Value::Bool(b) => Ok(b),
            Value::Element(_) => Err(Unevaluable::Malformed("a term where a formula was expected")),
        }
    }

    /// A declared function's table entry, or a defined function's body with its parameters
    /// bound to the argument values (in a scope of their own: a body sees only its parameters).
    fn apply(&mut self, name: &str, values: &[Value]) -> Result<Value, Unevaluable> {
        let script = self.script;
        if let Some(definition) = script.definitions.get(name) {
            if definition.parameters.len() != values.len() {
                return Err(Unevaluable::WrongArity(name.to_string()));
            }
            let mut inner: Vec<Binding<'_>> = definition
                .parameters
                .iter()
                .zip(values)
                .map(|((p, _), &value)| Binding { name: p.as_str(), value })
                .collect();
            return self.eval(&definition.body, &mut inner);
        }
        let Some((_, result)) = script.funs.get(name) else {
            return Err(Unevaluable::UnknownFunction(name.to_string()));
        };
        let args = values
            .iter()
            .map(|v| match v {
                Value::Element(e) => Ok(*e),
                Value::Bool(_) => Err(Unevaluable::Malformed("a Boolean argument")),
            })
            .collect::<Result<Vec<u32>, _>>()?;
        let word = super::word("f_", name);
        let index = self.model.index(&args);
        if result == BOOL {
            let table = self
                .model
                .predicates
                .get(&word)
                .ok_or_else(|| Unevaluable::NoTable(name.to_string()))?;
            table
                .get(index)
                .map(|&b| Value::Bool(b))
                .ok_or_else(|| Unevaluable::ShortTable(name.to_string()))
        } else {
            let table = self
                .model
                .functions
                .get(&word)
                .ok_or_else(|| Unevaluable::NoTable(name.to_string()))?;
            let value =
                *table.get(index).ok_or_else(|| Unevaluable::ShortTable(name.to_string()))?;
            if !self.model.elements(result).contains(&value) {
                return Err(Unevaluable::LeavesSort(name.to_string()));
            }
            Ok(Value::Element(value))
        }
    }
}

impl QuantifiedScript {
    /// Checks that every assertion holds in `model`; the error names the first that does not
    /// (or what could not be evaluated).
    pub(crate) fn check_model(&self, model: &FiniteTables) -> Result<(), ModelRejected> {
        // Sorted, so that which empty sort is named does not depend on hashing.
        let mut sorts: Vec<&Sort> = self.sorts.values().collect();
        sorts.sort();
        for sort in sorts {
            if model.elements(sort).is_empty() {
                return Err(ModelRejected::EmptySort(sort.to_string()));
            }
        }
        for ((name, _), expr) in self.assertions.iter().zip(&self.asserted) {
            let mut evaluator = Evaluator { script: self, model, instances: 0 };
            match evaluator.eval(expr, &mut Vec::new()) {
                Ok(Value::Bool(true)) => {}
                Ok(_) => return Err(ModelRejected::FalseAssertion(name.clone())),
                Err(why) => {
                    return Err(ModelRejected::Unevaluable { assertion: name.clone(), why });
                }
            }
        }
        Ok(())
    }

    /// The model as `get-model` prints it: a comment listing each sort's elements, written as
    /// abstract values `@S_k`, then one `define-fun` per declared function, its table as a
    /// chain of `ite` over the argument tuples of its sorts (the last tuple's value is the
    /// default).
    pub(crate) fn model_text(&self, model: &FiniteTables) -> String {
        let mut sort_names: Vec<(&String, &String)> = self.sorts.iter().collect();
        sort_names.sort();
        let mut by_word: BTreeMap<&str, (&str, Vec<u32>)> = BTreeMap::new();
        for (name, word) in &sort_names {
            by_word.insert(word.as_str(), (name.as_str(), model.elements(word)));
        }
        let element = |sort: &str, e: u32| -> String {
            let (name, elements) = &by_word[sort];
            let k = elements.iter().position(|&x| x == e).unwrap_or(0);
            symbol_text(&format!("@{name}_{k}"))
        };
        let mut out = String::from("(\n");
        for (name, word) in &sort_names {
            let elements: Vec<String> =
                by_word[word.as_str()].1.iter().map(|&e| element(word, e)).collect();
            let _ = writeln!(
                out,
                "; {} has {} element{}: {}",
                symbol_text(name),
                elements.len(),
                if elements.len() == 1 { "" } else { "s" },
                elements.join(" ")
            );
        }
        let mut functions: Vec<(&String, &(Vec<Sort>, Sort))> = self.funs.iter().collect();
        functions.sort_by(|a, b| a.0.cmp(b.0));
        let smt_sort = |word: &str| -> String {
            if word == BOOL {
                "Bool".to_string()
            } else {
                by_word.get(word).map_or(word.to_string(), |(name, _)| symbol_text(name))
            }
        };
        for (name, (args, result)) in functions {
            let word = super::word("f_", name);
            let value = |tuple: &[u32]| -> String {
                let index = model.index(tuple);
                if result == BOOL {
                    let truth = model.predicates.get(&word).and_then(|t| t.get(index).copied());
                    truth.unwrap_or(false).to_string()
                } else {
                    let e = model.functions.get(&word).and_then(|t| t.get(index).copied());
                    element(result, e.unwrap_or(0))
                }
            };
            let parameters: Vec<String> = (0..args.len()).map(|i| format!("x!{i}")).collect();
            let declared: Vec<String> = parameters
                .iter()
                .zip(args)
                .map(|(p, s)| format!("({p} {})", smt_sort(s)))
                .collect();
            let tuples = tuples(&args.iter().map(|s| model.elements(s)).collect::<Vec<_>>());
            let default = tuples.last().map(|t| value(t)).unwrap_or_default();
            let mut body = default.clone();
            for tuple in tuples.iter().rev().skip(1) {
                let v = value(tuple);
                if v == default {
                    continue;
                }
                let tests: Vec<String> = parameters
                    .iter()
                    .zip(tuple)
                    .zip(args)
                    .map(|((p, &e), s)| format!("(= {p} {})", element(s, e)))
                    .collect();
                let test = if tests.len() == 1 {
                    tests[0].clone()
                } else {
                    format!("(and {})", tests.join(" "))
                };
                body = format!("(ite {test} {v} {body})");
            }
            let _ = writeln!(
                out,
                "(define-fun {} ({}) {} {body})",
                symbol_text(name),
                declared.join(" "),
                smt_sort(result)
            );
        }
        out.push(')');
        out
    }
}

/// Every tuple of the cartesian product, last position fastest.
fn tuples(domains: &[Vec<u32>]) -> Vec<Vec<u32>> {
    let mut out = vec![Vec::new()];
    for domain in domains {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                domain.iter().map(move |&e| {
                    let mut t = prefix.clone();
                    t.push(e);
                    t
                })
            })
            .collect();
    }
    out
}

/// A symbol as SMT-LIB prints it: plain when it is a simple symbol, else between bars.
fn symbol_text(name: &str) -> String {
    let simple = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || "~!@$%^&*_-+=<>.?/".contains(c));
    if simple { name.to_string() } else { format!("|{name}|") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::FileId;

    fn script(text: &str) -> QuantifiedScript {
        let mut script = QuantifiedScript::new();
        for command in crate::smtlib::parse(text, FileId(0)).expect("parses") {
            assert!(script.command(&command).is_ok(), "{command:?}");
        }
        script
    }

    fn tables(
        size: u32,
        functions: &[(&str, &[u32])],
        predicates: &[(&str, &[bool])],
    ) -> FiniteTables {
        FiniteTables {
            size,
            sorts: BTreeMap::new(),
            functions: functions.iter().map(|(n, t)| (n.to_string(), t.to_vec())).collect(),
            predicates: predicates.iter().map(|(n, t)| (n.to_string(), t.to_vec())).collect(),
        }
    }

    #[test]
    fn the_check_evaluates_the_assertions_as_written() {
        let s = script(
            "(declare-sort U 0)(declare-fun f (U) U)(declare-fun p (U) Bool)(declare-const a U)\
             (define-fun q ((y U)) Bool (not (p y)))\
             (assert (forall ((x U)) (=> (p x) (q (f x)))))\
             (assert (let ((b (f a))) (and (p a) (distinct a b) (= (ite (p b) a b) b))))",
        );
        // f swaps 0 and 1, p holds of 0 only, a = 0: every assertion holds.
        let good = tables(2, &[("f_f", &[1, 0]), ("f_a", &[0])], &[("f_p", &[true, false])]);
        assert_eq!(s.check_model(&good), Ok(()));
        // p of both: the quantified step fails at x = 0.
        let bad = tables(2, &[("f_f", &[1, 0]), ("f_a", &[0])], &[("f_p", &[true, true])]);
        let why = s.check_model(&bad).unwrap_err();
        assert_eq!(why, ModelRejected::FalseAssertion("assertion1".into()));
        assert_eq!(why.to_string(), "assertion assertion1 is false in the model");
        // a = 1: the step still holds, but p(a) in the let's body fails.
        let bad = tables(2, &[("f_f", &[1, 0]), ("f_a", &[1])], &[("f_p", &[true, false])]);
        assert_eq!(s.check_model(&bad), Err(ModelRejected::FalseAssertion("assertion2".into())));
        // A missing table is an error, not a guess.
        let missing = tables(2, &[("f_a", &[0])], &[("f_p", &[true, false])]);
        let why = s.check_model(&missing).unwrap_err();
        assert!(
            matches!(&why, ModelRejected::Unevaluable { why: Unevaluable::NoTable(f), .. } if f == "f"),
            "{why}"
        );
    }

    #[test]
    fn a_guarded_sort_quantifies_over_its_own_elements() {
        let s = script(
            "(declare-sort U 0)(declare-const a U)(declare-const b U)\
             (assert (forall ((x U) (y U)) (or (= x a) (= x b))))(assert (not (= a b)))",
        );
        let mut model = tables(3, &[("f_a", &[0]), ("f_b", &[2])], &[]);
        // Over the whole domain {0, 1, 2}, 1 is neither a nor b.
        assert!(s.check_model(&model).is_err());
        model.sorts.insert("s_U".into(), vec![0, 2]);
        assert_eq!(s.check_model(&model), Ok(()));
        let text = s.model_text(&model);
        assert!(text.contains("; U has 2 elements: @U_0 @U_1"), "{text}");
        assert!(text.contains("(define-fun b () U @U_1)"), "{text}");
        // A constant outside its sort's elements is refused.
        model.functions.insert("f_b".into(), vec![1]);
        let why = s.check_model(&model).unwrap_err();
        assert!(
            matches!(&why, ModelRejected::Unevaluable { why: Unevaluable::LeavesSort(b), .. } if b == "b"),
            "{why}"
        );
    }
}

//! Printing answers as SMT-LIB text: terms, formulas, numbers (`3`, `(- 3)`, `3.0`,
//! `(/ 1 2)`), model values and whole models, and escaped strings.

use std::collections::BTreeMap;

use rug::Rational;

use super::logic::RESERVED;
use super::session::Session;
use crate::smt::{self, ArithOp, Formula, FunId, Model, ModelValue, SortId, TermId, TermStore};

impl Session {
    pub(super) fn value_name(&self, sort: SortId, value: u32) -> String {
        if sort == SortId::BOOL {
            (value == 1).to_string()
        } else {
            format!("{}!val!{value}", self.store.sort_name(sort))
        }
    }

    pub(super) fn model_value_text(&self, sort: SortId, value: &ModelValue) -> String {
        match value {
            ModelValue::Element(v) => self.value_name(sort, *v),
            ModelValue::Number(n) => number_text(n, sort),
            // As z3 and cvc5 print arrays: a constant array with the exceptions stored on it.
            ModelValue::Array(array) => {
                let (index, element) = self.store.array_parts(sort).unwrap_or((sort, sort));
                let mut text = format!(
                    "((as const {}) {})",
                    self.store.sort_name(sort),
                    self.model_value_text(element, &array.default)
                );
                for (i, v) in &array.exceptions {
                    text = format!(
                        "(store {text} {} {})",
                        self.model_value_text(index, i),
                        self.model_value_text(element, v)
                    );
                }
                text
            }
        }
    }

    pub(super) fn print_model(&self, model: &Model) -> String {
        let mut text = String::from("(\n");
        let mut sorts: BTreeMap<String, SortId> = BTreeMap::new();
        let mut funs: BTreeMap<String, FunId> = BTreeMap::new();
        for (name, &s) in &self.scope.sorts {
            if s != SortId::BOOL && !s.is_arithmetic() {
                sorts.insert(name.clone(), s);
            }
        }
        for (name, &f) in &self.scope.funs {
            funs.insert(name.clone(), f);
        }
        for &s in sorts.values() {
            for v in 0..model.universe_size(s) {
                text.push_str(&format!(
                    "  (declare-fun {} () {})\n",
                    self.value_name(s, v),
                    self.store.sort_name(s)
                ));
            }
        }
        for (name, &f) in &funs {
            let decl = self.store.fun(f);
            let table = model.table(f);
            let result = self.store.sort_name(decl.result);
            let params: Vec<String> = decl
                .args
                .iter()
                .enumerate()
                .map(|(i, &s)| format!("(x!{i} {})", self.store.sort_name(s)))
                .collect();
            if decl.args.is_empty() && decl.result.is_arithmetic() {
                let value = match self.store.lookup(f, &[]) {
                    Some(t) => model.number(&self.store, t),
                    None => Rational::new(),
                };
                let value = number_text(&value, decl.result);
                let name = symbol_text(name);
                text.push_str(&format!("  (define-fun {name} () {result} {value})\n"));
                continue;
            }
            // Arguments outside the table get the value of the first entry (any value would do).
            let mut body = match table.values().next() {
                Some(v) => self.model_value_text(decl.result, v),
                None if decl.result.is_arithmetic() => number_text(&Rational::new(), decl.result),
                None => self.value_name(decl.result, 0),
            };
            for (args, value) in table.iter().rev() {
                if args.is_empty() {
                    body = self.model_value_text(decl.result, value);
                    continue;
                }
                let tests: Vec<String> = args
                    .iter()
                    .zip(&decl.args)
                    .enumerate()
                    .map(|(i, (a, &s))| format!("(= x!{i} {})", self.model_value_text(s, a)))
                    .collect();
                let test = if tests.len() == 1 {
                    tests[0].clone()
                } else {
                    format!("(and {})", tests.join(" "))
                };
                body = format!("(ite {test} {} {body})", self.model_value_text(decl.result, value));
            }
            text.push_str(&format!(
                "  (define-fun {} ({}) {result} {body})\n",
                symbol_text(name),
                params.join(" ")
            ));
        }
        text.push_str(")\n");
        text
    }
}

/// A term as SMT-LIB text.
pub(super) fn term_text(store: &TermStore, t: TermId) -> String {
    let term = store.term(t);
    if t == store.true_term() {
        return "true".to_string();
    }
    let args: Vec<String> = term.args.iter().map(|&a| term_text(store, a)).collect();
    let head = match store.interpretation(term.fun) {
        Some(smt::Interpretation::Numeral(v)) => return number_text(v, store.sort_of(t)),
        Some(smt::Interpretation::Op(op)) => match op {
            ArithOp::Add => "+",
            ArithOp::Sub | ArithOp::Neg => "-",
            ArithOp::Mul => "*",
            ArithOp::ToReal => "to_real",
            ArithOp::Div => "div",
        }
        .to_string(),
        None => match store.array_op(term.fun) {
            Some(smt::ArrayOp::Select) => "select".to_string(),
            Some(smt::ArrayOp::Store) => "store".to_string(),
            Some(smt::ArrayOp::Diff) => "@diff".to_string(),
            Some(smt::ArrayOp::Const) => {
                format!("(as const {})", store.sort_name(store.sort_of(t)))
            }
            None => symbol_text(&store.fun(term.fun).name),
        },
    };
    if args.is_empty() { head } else { format!("({head} {})", args.join(" ")) }
}

/// A formula as SMT-LIB text.
pub(super) fn formula_text(store: &TermStore, f: &Formula) -> String {
    let list = |head: &str, parts: &[String]| format!("({head} {})", parts.join(" "));
    match f {
        Formula::True => "true".to_string(),
        Formula::False => "false".to_string(),
        Formula::Atom(t) => term_text(store, *t),
        Formula::Eq(a, b) => list("=", &[term_text(store, *a), term_text(store, *b)]),
        Formula::Le(a, b) => list("<=", &[term_text(store, *a), term_text(store, *b)]),
        Formula::Lt(a, b) => list("<", &[term_text(store, *a), term_text(store, *b)]),
        Formula::Not(g) => list("not", &[formula_text(store, g)]),
        Formula::And(gs) => {
            list("and", &gs.iter().map(|g| formula_text(store, g)).collect::<Vec<_>>())
        }
        Formula::Or(gs) => {
            list("or", &gs.iter().map(|g| formula_text(store, g)).collect::<Vec<_>>())
        }
        Formula::Iff(a, b) => list("=", &[formula_text(store, a), formula_text(store, b)]),
        Formula::Xor(a, b) => list("xor", &[formula_text(store, a), formula_text(store, b)]),
        Formula::Ite(c, a, b) => {
            list("ite", &[formula_text(store, c), formula_text(store, a), formula_text(store, b)])
        }
    }
}

/// A value as SMT-LIB writes it: `3`, `(- 3)`, `3.0`, `(/ 1 2)`, `(- (/ 1 2))`.
pub(super) fn number_text(value: &Rational, sort: SortId) -> String {
    let magnitude = Rational::from(value.abs_ref());
    let text = if magnitude.denom() != &1 {
        format!("(/ {} {})", magnitude.numer(), magnitude.denom())
    } else if sort == SortId::REAL {
        format!("{}.0", magnitude.numer())
    } else {
        magnitude.numer().to_string()
    };
    if value.cmp0() == std::cmp::Ordering::Less { format!("(- {text})") } else { text }
}

pub(super) fn escape(text: &str) -> String {
    text.replace('"', "\"\"")
}

/// A symbol as SMT-LIB text: as it is when it is a simple symbol (`x`, `+`, `<=`, `craig!1`:
/// a script's own `+` in QF_UF prints as `+`), else between bars (`|a b|`), so that what is
/// printed reads back as the same symbol.
pub(super) fn symbol_text(name: &str) -> String {
    let simple = |c: char| c.is_ascii_alphanumeric() || "~!@$%^&*_-+=<>.?/".contains(c);
    let reserved = RESERVED.contains(&name);
    let is_simple = name.chars().next().is_some_and(|c| !c.is_ascii_digit())
        && name.chars().all(simple)
        && !reserved;
    if is_simple || name.contains(['|', '\\']) { name.to_string() } else { format!("|{name}|") }
}

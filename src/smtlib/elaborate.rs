//! Elaboration: sorts, terms and formulas of SMT-LIB read into the engine's [`TermStore`] and
//! [`Formula`]s (definitions expanded, `let`, term `ite` lifted to a constant with its defining
//! constraint, Int promoted to Real where mixed, arithmetic and array operations sort-checked).

use rug::Rational;

use super::logic::{Literal, Theory, function_theory, literal, sort_theory};
use super::session::{Fail, Session, Value, error, refused};
use super::sexpr::SExpr;
use crate::smt::{self, ArithOp, Formula, Interpretation, SortId, TermId};

impl Session {
    /// The name a declaration or definition introduces: a symbol the scope does not have yet
    /// and the logic's theories do not define (a theory name of another logic is free).
    pub(super) fn fresh_name(&self, expr: Option<&SExpr>, command: &SExpr) -> Result<String, Fail> {
        let Some(name) = expr.and_then(SExpr::symbol) else {
            return error(command, "expected a symbol");
        };
        let at = expr.unwrap_or(command);
        if let Err(why) = self.signature.declarable(name) {
            return refused(at, why);
        }
        if self.scope.funs.contains_key(name)
            || self.scope.sorts.contains_key(name)
            || self.scope.definitions.contains_key(name)
            || self.scope.sort_definitions.contains_key(name)
        {
            return error(at, format!("{name} is already declared"));
        }
        Ok(name.to_string())
    }

    /// A sort: a `define-sort` (expanded), a theory sort of the logic, or a declared sort, in
    /// that order; a theory sort outside the logic that the script did not declare is refused
    /// by the logic's name.
    pub(super) fn sort(&mut self, expr: &SExpr) -> Result<SortId, Fail> {
        let (head, args): (Option<&str>, &[SExpr]) = match expr {
            // `()` is no sort: no head, and no arguments to slice.
            SExpr::List(parts, _) => {
                (parts.first().and_then(SExpr::symbol), parts.get(1..).unwrap_or(&[]))
            }
            SExpr::Symbol(s, _) => (Some(s.as_str()), &[]),
            _ => (None, &[]),
        };
        if let Some((params, body)) = head.and_then(|h| self.scope.sort_definitions.get(h)) {
            if params.len() != args.len() {
                return error(expr, format!("this sort takes {} parameters", params.len()));
            }
            let body = substitute_sorts(body, params, args);
            return self.sort(&body);
        }
        let Some(name) = head else { return Err(Fail::Unsupported(format!("the sort {expr}"))) };
        if self.signature.is_theory_sort(name) {
            return match (name, expr) {
                ("Array", SExpr::List(parts, _)) => {
                    let [_, index, element] = &parts[..] else {
                        return error(expr, "Array expects an index sort and an element sort");
                    };
                    let (index, element) = (self.sort(index)?, self.sort(element)?);
                    Ok(self.store.array_sort(index, element))
                }
                ("Array", _) => error(expr, "Array expects an index sort and an element sort"),
                (_, SExpr::List(..)) => error(expr, format!("the sort {name} takes no parameters")),
                ("Int", _) => Ok(SortId::INT),
                ("Real", _) => Ok(SortId::REAL),
                _ => Ok(SortId::BOOL),
            };
        }
        match self.scope.sorts.get(name) {
            Some(_) if matches!(expr, SExpr::List(..)) => {
                error(expr, format!("the sort {name} takes no parameters"))
            }
            Some(&s) => Ok(s),
            None => match sort_theory(name) {
                Some(theory) => {
                    refused(expr, self.signature.missing(format!("the sort {name}"), theory))
                }
                None if matches!(name, "String" | "RoundingMode") => {
                    Err(Fail::Unsupported(format!("the sort {name}")))
                }
                None if matches!(expr, SExpr::List(..)) => {
                    Err(Fail::Unsupported(format!("the sort {expr}")))
                }
                None => error(expr, format!("unknown sort {name}")),
            },
        }
    }

    pub(super) fn fresh_constant(&mut self, sort: SortId) -> TermId {
        self.fresh += 1;
        let f = self.store.declare_fun(&format!("craig!{}", self.fresh), Vec::new(), sort, true);
        self.store.apply(f, Vec::new())
    }

    pub(super) fn constant_value(&self, t: TermId, sort: SortId) -> Value {
        if sort == SortId::BOOL { Value::Formula(Formula::Atom(t)) } else { Value::Term(t) }
    }

    pub(super) fn check_sort(&self, value: &Value, sort: SortId, expr: &SExpr) -> Result<(), Fail> {
        let actual = match value {
            Value::Formula(_) => SortId::BOOL,
            Value::Term(t) => self.store.sort_of(*t),
        };
        if actual == sort {
            Ok(())
        } else {
            error(
                expr,
                format!(
                    "expected sort {}, got {}",
                    self.store.sort_name(sort),
                    self.store.sort_name(actual)
                ),
            )
        }
    }

    pub(super) fn formula(
        &mut self,
        expr: &SExpr,
        env: &[(String, Value)],
        side: &mut Vec<Formula>,
    ) -> Result<Formula, Fail> {
        match self.elaborate(expr, env, side)? {
            Value::Formula(f) => Ok(f),
            Value::Term(_) => error(expr, "expected a Boolean term"),
        }
    }

    pub(super) fn elaborate(
        &mut self,
        expr: &SExpr,
        env: &[(String, Value)],
        side: &mut Vec<Formula>,
    ) -> Result<Value, Fail> {
        match expr {
            SExpr::Str(..) | SExpr::Keyword(..) => error(expr, "expected a term"),
            SExpr::Symbol(name, _) => {
                if let Some((_, v)) = env.iter().rev().find(|(n, _)| n == name) {
                    return Ok(v.clone());
                }
                match name.as_str() {
                    "true" => return Ok(Value::Formula(Formula::True)),
                    "false" => return Ok(Value::Formula(Formula::False)),
                    _ => {}
                }
                if let Some(kind) = literal(name) {
                    // The logic decides a literal's sort (a numeral is Real in QF_LRA), or that
                    // the script has none.
                    let sort = match self.signature.literal_sort(name, kind) {
                        Ok(sort) => sort,
                        Err(why) => return refused(expr, why),
                    };
                    let Some(value) = literal_value(name) else {
                        return error(expr, format!("{name} is not a number craig reads"));
                    };
                    return Ok(Value::Term(self.store.numeral(&value, sort)));
                }
                self.apply(name, &[], expr, env, side)
            }
            SExpr::List(items, _) => {
                let Some(head) = items.first() else { return error(expr, "empty application") };
                let Some(name) = head.symbol() else {
                    return match head {
                        SExpr::List(parts, _)
                            if parts.first().and_then(SExpr::symbol) == Some("as")
                                && parts.get(1).and_then(SExpr::symbol) == Some("const") =>
                        {
                            let [_, _, sort] = &parts[..] else {
                                return error(
                                    head,
                                    "as const expects one sort: ((as const (Array I E)) v)",
                                );
                            };
                            self.constant_array(sort, &items[1..], expr, env, side)
                        }
                        SExpr::List(..) => {
                            Err(Fail::Unsupported(format!("the qualified term {expr}")))
                        }
                        _ => error(head, "expected a function symbol"),
                    };
                };
                let args = &items[1..];
                // A theory's name outside the logic is the script's own symbol (or unknown):
                // it never reaches the theory's meaning below.
                if function_theory(name).is_some() && !self.signature.is_theory_function(name) {
                    return self.apply(name, args, expr, env, side);
                }
                match name {
                    "not" | "and" | "or" | "=>" | "xor" => {
                        let mut fs = Vec::new();
                        for a in args {
                            fs.push(self.formula(a, env, side)?);
                        }
                        Ok(Value::Formula(match name {
                            "not" if fs.len() == 1 => Formula::Not(Box::new(fs.remove(0))),
                            "not" => return error(expr, "not expects one argument"),
                            "and" => Formula::And(fs),
                            "or" => Formula::Or(fs),
                            _ if fs.len() < 2 => {
                                return error(
                                    expr,
                                    format!("{name} expects at least two arguments"),
                                );
                            }
                            "=>" => {
                                let last = fs.pop().unwrap_or(Formula::True);
                                let mut parts: Vec<Formula> =
                                    fs.into_iter().map(|f| Formula::Not(Box::new(f))).collect();
                                parts.push(last);
                                Formula::Or(parts)
                            }
                            _ => {
                                let mut it = fs.into_iter();
                                let first = it.next().unwrap_or(Formula::False);
                                it.fold(first, |acc, f| Formula::Xor(Box::new(acc), Box::new(f)))
                            }
                        }))
                    }
                    "=" | "distinct" => {
                        if args.len() < 2 {
                            return error(expr, format!("{name} expects at least two arguments"));
                        }
                        let mut values = Vec::new();
                        for a in args {
                            values.push(self.elaborate(a, env, side)?);
                        }
                        if values.iter().all(|v| self.sort_of_value(v).is_arithmetic()) {
                            let (terms, _) = self.promote(values, args)?;
                            values = terms.into_iter().map(Value::Term).collect();
                        }
                        let first_sort = self.sort_of_value(&values[0]);
                        for (v, a) in values.iter().zip(args) {
                            self.check_sort(v, first_sort, a)?;
                        }
                        let pair = |x: &Value, y: &Value| match (x, y) {
                            (Value::Term(a), Value::Term(b)) => Formula::Eq(*a, *b),
                            (Value::Formula(a), Value::Formula(b)) => {
                                Formula::Iff(Box::new(a.clone()), Box::new(b.clone()))
                            }
                            _ => Formula::False,
                        };
                        let mut parts = Vec::new();
                        if name == "=" {
                            for w in values.windows(2) {
                                parts.push(pair(&w[0], &w[1]));
                            }
                        } else {
                            for i in 0..values.len() {
                                for j in i + 1..values.len() {
                                    parts
                                        .push(Formula::Not(Box::new(pair(&values[i], &values[j]))));
                                }
                            }
                        }
                        Ok(Value::Formula(if parts.len() == 1 {
                            parts.remove(0)
                        } else {
                            Formula::And(parts)
                        }))
                    }
                    "select" | "store" | "@diff" => {
                        self.array_operation(name, args, expr, env, side)
                    }
                    "ite" => {
                        let [c, a, b] = args else {
                            return error(expr, "ite expects three arguments");
                        };
                        let c = self.formula(c, env, side)?;
                        let va = self.elaborate(a, env, side)?;
                        let vb = self.elaborate(b, env, side)?;
                        let sort = self.sort_of_value(&va);
                        self.check_sort(&vb, sort, b)?;
                        match (va, vb) {
                            (Value::Formula(fa), Value::Formula(fb)) => Ok(Value::Formula(
                                Formula::Ite(Box::new(c), Box::new(fa), Box::new(fb)),
                            )),
                            (Value::Term(ta), Value::Term(tb)) => {
                                // A fresh constant k with c -> k = a and not c -> k = b: a
                                // definitional extension, satisfiable together with the rest
                                // exactly when the original is.
                                let k = self.fresh_constant(sort);
                                side.push(Formula::Ite(
                                    Box::new(c),
                                    Box::new(Formula::Eq(k, ta)),
                                    Box::new(Formula::Eq(k, tb)),
                                ));
                                Ok(Value::Term(k))
                            }
                            _ => error(expr, "ite branches of different sorts"),
                        }
                    }
                    "let" => {
                        let [SExpr::List(bindings, _), body] = args else {
                            return error(expr, "let expects bindings and a body");
                        };
                        let mut inner = env.to_vec();
                        let mut new = Vec::new();
                        for b in bindings {
                            match b {
                                SExpr::List(pair, _)
                                    if pair.len() == 2 && pair[0].symbol().is_some() =>
                                {
                                    let v = self.elaborate(&pair[1], env, side)?;
                                    new.push((pair[0].symbol().unwrap_or("").to_string(), v));
                                }
                                _ => return error(b, "expected (name term)"),
                            }
                        }
                        inner.extend(new);
                        self.elaborate(body, &inner, side)
                    }
                    "!" => {
                        let Some(body) = args.first() else {
                            return error(expr, "! expects a term");
                        };
                        self.elaborate(body, env, side)
                    }
                    // `(as const S)` alone is an array only once applied to its value.
                    "as" if args.first().and_then(SExpr::symbol) == Some("const") => error(
                        expr,
                        format!(
                            "{expr} is a constant array's qualifier: apply it to the value \
                                 every index holds, ((as const S) v)"
                        ),
                    ),
                    "forall" | "exists" | "_" | "as" | "match" => Err(Fail::Unsupported(format!(
                        "{name} here (quantifiers go to the prover only in scripts over \
                         uninterpreted sorts)"
                    ))),
                    "+" | "-" | "*" | "/" | "to_real" => {
                        self.arithmetic(name, args, expr, env, side)
                    }
                    "<=" | "<" | ">=" | ">" => {
                        if args.len() < 2 {
                            return error(expr, format!("{name} expects at least two arguments"));
                        }
                        let terms = self.arith_terms(args, expr, env, side)?;
                        let mut parts = Vec::new();
                        for w in terms.0.windows(2) {
                            parts.push(match name {
                                "<=" => Formula::Le(w[0], w[1]),
                                "<" => Formula::Lt(w[0], w[1]),
                                ">=" => Formula::Le(w[1], w[0]),
                                _ => Formula::Lt(w[1], w[0]),
                            });
                        }
                        Ok(Value::Formula(if parts.len() == 1 {
                            parts.remove(0)
                        } else {
                            Formula::And(parts)
                        }))
                    }
                    "div" | "mod" | "abs" => self.integer_operation(name, args, expr, env, side),
                    "to_int" | "is_int" => Err(Fail::Unsupported(format!("the function {name}"))),
                    _ => self.apply(name, args, expr, env, side),
                }
            }
        }
    }

    /// Elaborates arithmetic arguments, promoted to one sort.
    pub(super) fn arith_terms(
        &mut self,
        args: &[SExpr],
        expr: &SExpr,
        env: &[(String, Value)],
        side: &mut Vec<Formula>,
    ) -> Result<(Vec<TermId>, SortId), Fail> {
        if args.is_empty() {
            return error(expr, "expected arguments");
        }
        let mut values = Vec::new();
        for a in args {
            values.push(self.elaborate(a, env, side)?);
        }
        self.promote(values, args)
    }

    /// Checks that every value is an Int or Real term; when some are Real, the Int ones become
    /// Real (numerals directly, other terms through `to_real`), as z3 and cvc5 accept.
    pub(super) fn promote(
        &mut self,
        values: Vec<Value>,
        args: &[SExpr],
    ) -> Result<(Vec<TermId>, SortId), Fail> {
        let mut terms = Vec::new();
        for (v, a) in values.into_iter().zip(args) {
            match v {
                Value::Term(t) if self.store.sort_of(t).is_arithmetic() => terms.push(t),
                _ => return error(a, "expected a term of sort Int or Real"),
            }
        }
        let real = terms.iter().any(|&t| self.store.sort_of(t) == SortId::REAL);
        if !real {
            return Ok((terms, SortId::INT));
        }
        let promoted = terms.into_iter().map(|t| self.as_real(t)).collect();
        Ok((promoted, SortId::REAL))
    }

    pub(super) fn as_real(&mut self, t: TermId) -> TermId {
        if self.store.sort_of(t) == SortId::REAL {
            return t;
        }
        match self.numeral_value(t) {
            Some(v) => self.store.numeral(&v, SortId::REAL),
            None => self.store.arith(ArithOp::ToReal, vec![t], SortId::REAL),
        }
    }

    pub(super) fn numeral_value(&self, t: TermId) -> Option<Rational> {
        match self.store.interpretation(self.store.term(t).fun) {
            Some(Interpretation::Numeral(v)) => Some(v.clone()),
            _ => None,
        }
    }

    /// `+`, `-`, `*`, `/` (by numerals only) and `to_real`; numerals are folded where that
    /// keeps models and values readable, and a product that is not linear is unsupported.
    pub(super) fn arithmetic(
        &mut self,
        name: &str,
        args: &[SExpr],
        expr: &SExpr,
        env: &[(String, Value)],
        side: &mut Vec<Formula>,
    ) -> Result<Value, Fail> {
        let (mut terms, sort) = self.arith_terms(args, expr, env, side)?;
        let t = match name {
            "to_real" => {
                let [t] = terms[..] else { return error(expr, "to_real expects one argument") };
                if self.store.sort_of(t) != SortId::INT {
                    return error(expr, "to_real expects an Int");
                }
                self.as_real(t)
            }
            "+" => self.store.arith(ArithOp::Add, terms, sort),
            "-" if terms.len() == 1 => match self.numeral_value(terms[0]) {
                Some(v) => self.store.numeral(&-v, sort),
                None => self.store.arith(ArithOp::Neg, terms, sort),
            },
            "-" => self.store.arith(ArithOp::Sub, terms, sort),
            "*" => {
                let t = self.store.arith(ArithOp::Mul, terms, sort);
                if smt::linear::linearize(&self.store, t).is_err() {
                    return Err(Fail::Unsupported(format!(
                        "non-linear multiplication {expr} (one factor must be a constant)"
                    )));
                }
                t
            }
            _ => {
                // Division: every divisor a nonzero numeral (Real division by a variable is
                // non-linear; SMT-LIB leaves division by zero unspecified).
                if terms.len() < 2 {
                    return error(expr, "/ expects at least two arguments");
                }
                terms = terms.into_iter().map(|t| self.as_real(t)).collect();
                let mut divisor = Rational::from(1);
                for &d in &terms[1..] {
                    match self.numeral_value(d) {
                        Some(v) if v != 0 => divisor *= v,
                        _ => {
                            return Err(Fail::Unsupported(format!(
                                "division by a term that is not a nonzero numeral in {expr}"
                            )));
                        }
                    }
                }
                let factor = divisor.recip();
                match self.numeral_value(terms[0]) {
                    Some(v) => self.store.numeral(&(v * factor), SortId::REAL),
                    None => {
                        let c = self.store.numeral(&factor, SortId::REAL);
                        self.store.arith(ArithOp::Mul, vec![c, terms[0]], SortId::REAL)
                    }
                }
            }
        };
        Ok(Value::Term(t))
    }

    /// `div` and `mod` by a nonzero numeral and `abs`, on Int terms. `(div x k)` is the
    /// engine's quotient term, `(mod x k)` is `x - k·(div x k)`, and `(abs x)` is a fresh
    /// constant `a` with `x >= 0 ? a = x : a = -x` (as for term `ite`). A divisor that is not
    /// a nonzero numeral is unsupported (non-linear).
    pub(super) fn integer_operation(
        &mut self,
        name: &str,
        args: &[SExpr],
        expr: &SExpr,
        env: &[(String, Value)],
        side: &mut Vec<Formula>,
    ) -> Result<Value, Fail> {
        let (terms, sort) = self.arith_terms(args, expr, env, side)?;
        if sort != SortId::INT {
            return error(expr, format!("{name} expects Int arguments"));
        }
        if name == "abs" {
            let [x] = terms[..] else { return error(expr, "abs expects one argument") };
            if let Some(v) = self.numeral_value(x) {
                return Ok(Value::Term(self.store.numeral(&v.abs(), SortId::INT)));
            }
            let minus = self.store.arith(ArithOp::Neg, vec![x], SortId::INT);
            let zero = self.store.numeral(&Rational::new(), SortId::INT);
            let a = self.fresh_constant(SortId::INT);
            side.push(Formula::Ite(
                Box::new(Formula::Le(zero, x)),
                Box::new(Formula::Eq(a, x)),
                Box::new(Formula::Eq(a, minus)),
            ));
            return Ok(Value::Term(a));
        }
        let [x, k] = terms[..] else { return error(expr, format!("{name} expects two arguments")) };
        let divisor = match self.numeral_value(k) {
            Some(v) if v != 0 => v,
            _ => {
                return Err(Fail::Unsupported(format!(
                    "{name} by a term that is not a nonzero numeral in {expr}"
                )));
            }
        };
        let quotient = self.store.arith(ArithOp::Div, vec![x, k], SortId::INT);
        if name == "div" {
            return Ok(Value::Term(quotient));
        }
        let factor = self.store.numeral(&divisor, SortId::INT);
        let scaled = self.store.arith(ArithOp::Mul, vec![factor, quotient], SortId::INT);
        Ok(Value::Term(self.store.arith(ArithOp::Sub, vec![x, scaled], SortId::INT)))
    }

    /// `((as const (Array I E)) v)`: the array holding `v` (of sort `E`) everywhere.
    pub(super) fn constant_array(
        &mut self,
        sort: &SExpr,
        args: &[SExpr],
        expr: &SExpr,
        env: &[(String, Value)],
        side: &mut Vec<Formula>,
    ) -> Result<Value, Fail> {
        // In a logic without arrays `Array` may be the script's own sort, so the theory is
        // asked first: a constant array is an array whatever its sort is called.
        if !self.signature.has(Theory::Arrays) {
            let what = format!("the constant array (as const {sort})");
            return refused(sort, self.signature.missing(what, Theory::Arrays));
        }
        let array_sort = self.sort(sort)?;
        let Some((_, element)) = self.store.array_parts(array_sort) else {
            return error(sort, format!("as const expects an array sort (Array I E), not {sort}"));
        };
        let [arg] = args else { return error(expr, "a constant array takes one value") };
        let value = self.elaborate(arg, env, side)?;
        let actual = self.sort_of_value(&value);
        if actual != element {
            return error(
                arg,
                format!(
                    "the value of a constant array of sort {} must have its element sort {}, \
                     not {}",
                    self.store.sort_name(array_sort),
                    self.store.sort_name(element),
                    self.store.sort_name(actual)
                ),
            );
        }
        let Value::Term(v) = value else {
            return Err(Fail::Unsupported("arrays of Bool elements".to_string()));
        };
        Ok(Value::Term(self.store.const_array(array_sort, v)))
    }

    /// `(select a i)`, `(store a i v)` and `(@diff a b)`, sorts checked: `a` an array, `i` of
    /// its index sort, `v` of its element sort, `b` of `a`'s sort (Int arguments are not
    /// promoted to Real here, as in z3). `@diff` is read so that interpolants craig prints
    /// (and SMTInterpol's) can be read back and checked.
    pub(super) fn array_operation(
        &mut self,
        name: &str,
        args: &[SExpr],
        expr: &SExpr,
        env: &[(String, Value)],
        side: &mut Vec<Formula>,
    ) -> Result<Value, Fail> {
        let arity = if name == "store" { 3 } else { 2 };
        if args.len() != arity {
            return error(expr, format!("{name} expects {arity} arguments"));
        }
        let mut values = Vec::new();
        for a in args {
            values.push(self.elaborate(a, env, side)?);
        }
        let Value::Term(array) = values[0] else {
            return error(&args[0], format!("{name} expects an array"));
        };
        let Some((index, element)) = self.store.array_parts(self.store.sort_of(array)) else {
            return error(&args[0], format!("{name} expects an array"));
        };
        if name == "@diff" {
            self.check_sort(&values[1], self.store.sort_of(array), &args[1])?;
            let Value::Term(other) = values[1] else {
                return error(&args[1], "@diff expects two arrays of one sort");
            };
            let t = self.store.array_diff(array, other);
            return Ok(self.constant_value(t, index));
        }
        self.check_sort(&values[1], index, &args[1])?;
        if name == "select" {
            let Value::Term(i) = values[1] else {
                return Err(Fail::Unsupported("arrays with Bool indices or elements".to_string()));
            };
            let t = self.store.select(array, i);
            return Ok(self.constant_value(t, element));
        }
        self.check_sort(&values[2], element, &args[2])?;
        let (Value::Term(i), Value::Term(v)) = (&values[1], &values[2]) else {
            return Err(Fail::Unsupported("arrays with Bool indices or elements".to_string()));
        };
        Ok(Value::Term(self.store.array_store(array, *i, *v)))
    }

    pub(super) fn sort_of_value(&self, v: &Value) -> SortId {
        match v {
            Value::Formula(_) => SortId::BOOL,
            Value::Term(t) => self.store.sort_of(*t),
        }
    }

    pub(super) fn apply(
        &mut self,
        name: &str,
        args: &[SExpr],
        expr: &SExpr,
        env: &[(String, Value)],
        side: &mut Vec<Formula>,
    ) -> Result<Value, Fail> {
        if let Some(def) = self.scope.definitions.get(name).cloned() {
            if def.params.len() != args.len() {
                return error(
                    expr,
                    format!("{name} expects {} arguments, got {}", def.params.len(), args.len()),
                );
            }
            let mut inner = Vec::new();
            for ((pname, psort), a) in def.params.iter().zip(args) {
                let v = self.elaborate(a, env, side)?;
                self.check_sort(&v, *psort, a)?;
                inner.push((pname.clone(), v));
            }
            let v = self.elaborate(&def.body, &inner, side)?;
            self.check_sort(&v, def.result, expr)?;
            return Ok(v);
        }
        let Some(&f) = self.scope.funs.get(name) else {
            if let Some(theory) = function_theory(name).filter(|&t| !self.signature.has(t)) {
                return refused(expr, self.signature.missing(format!("the symbol {name}"), theory));
            }
            if name.chars().next().is_some_and(|c| c.is_ascii_digit() || c == '#')
                || self.signature.is_theory_function(name)
                || self.signature.is_theory_sort(name)
                || RESERVED_IN_TERMS.contains(&name)
            {
                return Err(Fail::Unsupported(format!("the symbol {name}")));
            }
            return error(expr, format!("unknown symbol {name}"));
        };
        let decl = self.store.fun(f).clone();
        if decl.args.len() != args.len() {
            return error(
                expr,
                format!("{name} expects {} arguments, got {}", decl.args.len(), args.len()),
            );
        }
        let mut terms = Vec::new();
        for (a, &sort) in args.iter().zip(&decl.args) {
            let v = self.elaborate(a, env, side)?;
            self.check_sort(&v, sort, a)?;
            match v {
                Value::Term(t) => terms.push(t),
                Value::Formula(_) => {
                    return Err(Fail::Unsupported(
                        "formulas as arguments of functions".to_string(),
                    ));
                }
            }
        }
        let t = self.store.apply(f, terms);
        Ok(self.constant_value(t, decl.result))
    }
}

/// A sort expression with its parameters replaced by the sorts given for them.
pub(super) fn substitute_sorts(body: &SExpr, params: &[String], args: &[SExpr]) -> SExpr {
    match body {
        SExpr::Symbol(s, _) => match params.iter().position(|p| p == s) {
            Some(k) => args[k].clone(),
            None => body.clone(),
        },
        SExpr::List(parts, span) => {
            SExpr::List(parts.iter().map(|p| substitute_sorts(p, params, args)).collect(), *span)
        }
        _ => body.clone(),
    }
}

pub(super) fn named(expr: &SExpr) -> Option<String> {
    match expr {
        SExpr::List(parts, _) if parts.first().and_then(SExpr::symbol) == Some("!") => {
            parts.windows(2).find_map(|w| match (&w[0], &w[1]) {
                (SExpr::Keyword(k, _), SExpr::Symbol(n, _)) if k == ":named" => Some(n.clone()),
                _ => None,
            })
        }
        _ => None,
    }
}

/// Words a term may hold that no declaration makes and that are not applied: as a bare symbol
/// they are beyond what craig reads rather than unknown.
const RESERVED_IN_TERMS: &[&str] = &["let", "!"];

/// The value of a numeral (an integer) or decimal (a rational) as written; `None` for other
/// symbols.
pub(super) fn literal_value(name: &str) -> Option<Rational> {
    match literal(name)? {
        Literal::Numeral => Rational::from_str_radix(name, 10).ok(),
        Literal::Decimal => {
            let (whole, fraction) = name.split_once('.')?;
            let numerator = Rational::from_str_radix(&format!("{whole}{fraction}"), 10).ok()?;
            let denominator =
                Rational::from_str_radix(&format!("1{}", "0".repeat(fraction.len())), 10).ok()?;
            Some(numerator / denominator)
        }
    }
}

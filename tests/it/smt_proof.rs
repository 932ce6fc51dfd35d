//! `(get-proof)` checked from the outside: the printed proof is read back by an S-expression
//! reader written here and replayed by a checker that shares no code with `craig::smt` (its
//! own linearization and integer rounding with `rug` rationals, its own congruence closure,
//! its own Tseitin clauses and array schemas), over every example script that answers
//! `unsat` and over random small QF_UF, QF_LRA and QF_LIA problems.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::run_smt_script as run;
use proptest::prelude::*;
use rug::{Integer, Rational};

// ---------------------------------------------------------------------------------------------
// The reader.

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum S {
    Atom(String),
    List(Vec<S>),
}

impl S {
    fn atom(&self) -> Option<&str> {
        match self {
            S::Atom(a) => Some(a),
            S::List(_) => None,
        }
    }

    fn list(&self) -> Option<&[S]> {
        match self {
            S::List(l) => Some(l),
            S::Atom(_) => None,
        }
    }

    fn head(&self) -> Option<&str> {
        self.list().and_then(|l| l.first()).and_then(S::atom)
    }

    fn text(&self) -> String {
        match self {
            S::Atom(a) => a.clone(),
            S::List(l) => {
                format!("({})", l.iter().map(S::text).collect::<Vec<_>>().join(" "))
            }
        }
    }
}

/// Reads every S-expression of `text` with the byte offset just after each top-level one;
/// comments (`;` to the end of the line), strings and `|quoted|` symbols are read whole.
fn read_all(text: &str) -> Result<Vec<(S, usize)>, String> {
    let bytes = text.as_bytes();
    let mut i = 0;
    let mut stack: Vec<Vec<S>> = Vec::new();
    let mut out = Vec::new();
    while i < bytes.len() {
        let c = bytes[i];
        let finished = match c {
            b';' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
                continue;
            }
            _ if c.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            b'(' => {
                stack.push(Vec::new());
                i += 1;
                continue;
            }
            b')' => {
                let list = stack.pop().ok_or("unbalanced )")?;
                i += 1;
                S::List(list)
            }
            b'"' => {
                let start = i;
                i += 1;
                loop {
                    match bytes.get(i) {
                        None => return Err("unterminated string".into()),
                        Some(b'"') if bytes.get(i + 1) == Some(&b'"') => i += 2,
                        Some(b'"') => break,
                        Some(_) => i += 1,
                    }
                }
                i += 1;
                S::Atom(text[start..i].to_string())
            }
            b'|' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'|' {
                    i += 1;
                }
                i += 1;
                S::Atom(text.get(start..i).ok_or("unterminated symbol")?.to_string())
            }
            _ => {
                let start = i;
                while i < bytes.len()
                    && !bytes[i].is_ascii_whitespace()
                    && !matches!(bytes[i], b'(' | b')' | b';' | b'"')
                {
                    i += 1;
                }
                S::Atom(text[start..i].to_string())
            }
        };
        match stack.last_mut() {
            Some(top) => top.push(finished),
            None => out.push((finished, i)),
        }
    }
    if !stack.is_empty() {
        return Err("unbalanced (".into());
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------------
// Arithmetic: linear forms over unknown terms (keyed by their text), exact rationals.

type Form = (BTreeMap<String, Rational>, Rational);

fn numeral(a: &str) -> Option<Rational> {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if digits(a) {
        return Rational::from_str_radix(a, 10).ok();
    }
    let (whole, fraction) = a.split_once('.')?;
    if !digits(whole) || !digits(fraction) {
        return None;
    }
    let n = Integer::from_str_radix(&format!("{whole}{fraction}"), 10).ok()?;
    let d = rug::ops::Pow::pow(Integer::from(10), fraction.len() as u32);
    Some(Rational::from((n, d)))
}

/// Adds `factor · t` to `form`; `None` when `t` is not linear.
fn linearize(t: &S, factor: &Rational, form: &mut Form) -> Option<()> {
    if let Some(v) = t.atom().and_then(numeral) {
        form.1 += Rational::from(factor * &v);
        return Some(());
    }
    let args = t.list().map(|l| &l[1..]).unwrap_or(&[]);
    match t.head() {
        Some("+") => {
            for a in args {
                linearize(a, factor, form)?;
            }
        }
        Some("-") if args.len() == 1 => linearize(&args[0], &Rational::from(-factor), form)?,
        Some("-") => {
            linearize(&args[0], factor, form)?;
            for a in &args[1..] {
                linearize(a, &Rational::from(-factor), form)?;
            }
        }
        Some("to_real") => linearize(args.first()?, factor, form)?,
        Some("*") | Some("/") => {
            // Every factor but one (any one for `*`, the first for `/`) must be constant.
            let parts: Vec<Form> = args
                .iter()
                .map(|a| {
                    let mut f: Form = Default::default();
                    linearize(a, &Rational::from(1), &mut f).map(|_| f)
                })
                .collect::<Option<_>>()?;
            let constant = |f: &Form| f.0.values().all(|c| *c == 0);
            if t.head() == Some("/") {
                let [x, y] = &parts[..] else { return None };
                if !constant(y) || y.1 == 0 {
                    return None;
                }
                let scale = Rational::from(factor / &y.1);
                for (k, c) in &x.0 {
                    *form.0.entry(k.clone()).or_default() += Rational::from(c * &scale);
                }
                form.1 += Rational::from(&x.1 * &scale);
            } else {
                let mut scale = factor.clone();
                let mut rest: Option<&Form> = None;
                for p in &parts {
                    if constant(p) {
                        scale *= &p.1;
                    } else if rest.is_none() {
                        rest = Some(p);
                    } else {
                        return None;
                    }
                }
                match rest {
                    Some(p) => {
                        for (k, c) in &p.0 {
                            *form.0.entry(k.clone()).or_default() += Rational::from(c * &scale);
                        }
                        form.1 += Rational::from(&p.1 * &scale);
                    }
                    None => form.1 += scale,
                }
            }
        }
        _ => *form.0.entry(t.text()).or_default() += factor,
    }
    Some(())
}

/// The sorts of terms, from the declarations (the script's, and the proof's for the
/// internal symbols the script cannot declare).
struct Sorts {
    declared: BTreeMap<String, S>,
}

impl Sorts {
    fn sort(&self, t: &S) -> Option<S> {
        let int = || Some(S::Atom("Int".into()));
        let real = || Some(S::Atom("Real".into()));
        if let Some(a) = t.atom() {
            if a.bytes().all(|b| b.is_ascii_digit()) {
                return int();
            }
            if numeral(a).is_some() {
                return real();
            }
            return self.declared.get(a).cloned();
        }
        let l = t.list()?;
        if let Some(S::List(h)) = l.first() {
            // ((as const SORT) v)
            return h.get(2).cloned();
        }
        let args = &l[1..];
        match t.head()? {
            "div" | "mod" | "abs" => int(),
            "to_real" | "/" => real(),
            "+" | "-" | "*" => {
                let sorts: Vec<Option<S>> = args.iter().map(|a| self.sort(a)).collect();
                if sorts.iter().any(|s| s.as_ref().and_then(S::atom) == Some("Real")) {
                    real()
                } else {
                    int()
                }
            }
            "select" => self.sort(args.first()?)?.list()?.get(2).cloned(),
            "store" => self.sort(args.first()?),
            "ite" => self.sort(args.get(1)?),
            f => self.declared.get(f).cloned(),
        }
    }

    fn is_int(&self, key: &str) -> bool {
        let Ok(terms) = read_all(key) else { return false };
        terms.len() == 1
            && self.sort(&terms[0].0).and_then(|s| s.atom().map(|a| a == "Int")) == Some(true)
    }
}

/// `Σ b·x ⋈ rhs` with coprime integers `b` (scaled by a positive factor), the right side
/// rounded when every unknown is Int; from `form ⋈ 0`.
fn canonical(
    sorts: &Sorts,
    form: &Form,
    strict: bool,
) -> (BTreeMap<String, Rational>, Rational, bool) {
    let mut coefficients: BTreeMap<String, Rational> =
        form.0.iter().filter(|(_, c)| **c != 0).map(|(k, c)| (k.clone(), c.clone())).collect();
    let (mut lcm, mut gcd) = (Integer::from(1), Integer::new());
    for c in coefficients.values() {
        lcm.lcm_mut(c.denom());
        gcd.gcd_mut(c.numer());
    }
    if gcd == 0 {
        gcd = Integer::from(1);
    }
    let scale = Rational::from((lcm, gcd));
    for c in coefficients.values_mut() {
        *c *= &scale;
    }
    let mut rhs = Rational::from(-&form.1) * &scale;
    let mut strict = strict;
    if !coefficients.is_empty() && coefficients.keys().all(|k| sorts.is_int(k)) {
        if strict {
            rhs = rhs.ceil() - 1u32;
            strict = false;
        } else {
            rhs = rhs.floor();
        }
    }
    (coefficients, rhs, strict)
}

// ---------------------------------------------------------------------------------------------
// The proof checker.

#[derive(Clone, Debug)]
enum Atom {
    True,
    /// Two terms (a Boolean term `p` is `p = true`).
    Equality(S, S),
    /// `form ⋈ 0`, `<` when strict.
    Bound(Form, bool, S),
    /// A Tseitin variable: the gate's name and its literals.
    Definition(String, Vec<Lit>),
}

type Lit = (String, bool);

struct Checker<'a> {
    atoms: BTreeMap<String, Atom>,
    sorts: Sorts,
    names: &'a BTreeSet<String>,
    /// Each array extensionality witness with the pair of arrays it serves.
    witnesses: BTreeMap<String, (String, String)>,
    /// The fresh indices kept apart from store indices (`k ≠ i`), never witnesses.
    apart: BTreeSet<String>,
}

/// Whether a term mentions an engine-made symbol (their names hold a `!`).
fn mentions_engine_symbol(t: &S) -> bool {
    match t {
        S::Atom(a) => a.contains('!'),
        S::List(l) => l.iter().any(mentions_engine_symbol),
    }
}

fn literal(s: &S) -> Result<Lit, String> {
    match s {
        S::Atom(a) => Ok((a.clone(), true)),
        S::List(l) if l.len() == 2 && l[0].atom() == Some("not") => {
            Ok((l[1].atom().ok_or("bad literal")?.to_string(), false))
        }
        _ => Err(format!("bad literal {}", s.text())),
    }
}

fn section<'p>(proof: &'p [S], name: &str) -> Result<&'p [S], String> {
    proof
        .iter()
        .find(|s| s.head() == Some(name))
        .and_then(|s| s.list())
        .map(|l| &l[1..])
        .ok_or_else(|| format!("no {name} section"))
}

impl Checker<'_> {
    fn atom(&self, name: &str) -> Result<&Atom, String> {
        self.atoms.get(name).ok_or_else(|| format!("unknown atom {name}"))
    }

    /// The constraint a literal on a bound atom says: the atom, or its negation.
    fn constraint(&self, l: &Lit) -> Result<(Form, bool), String> {
        let Atom::Bound(form, strict, _) = self.atom(&l.0)? else {
            return Err(format!("{} is not a bound", l.0));
        };
        Ok(if l.1 {
            (form.clone(), *strict)
        } else {
            let negated: Form = (
                form.0.iter().map(|(k, c)| (k.clone(), Rational::from(-c))).collect(),
                Rational::from(-&form.1),
            );
            (negated, !*strict)
        })
    }

    fn same_constraint(&self, a: &(Form, bool), b: &(Form, bool)) -> bool {
        canonical(&self.sorts, &a.0, a.1) == canonical(&self.sorts, &b.0, b.1)
    }

    /// The negations of the clause's literals, weighted, sum to `0 <= c < 0` or `0 < c <= 0`.
    fn farkas(&self, clause: &[Lit], coefficients: &[Rational]) -> Result<(), String> {
        if clause.is_empty() || clause.len() != coefficients.len() {
            return Err("a Farkas lemma needs one coefficient per literal".into());
        }
        if coefficients.iter().any(|k| *k <= 0) {
            return Err("a Farkas coefficient is not positive".into());
        }
        let premises: Vec<(Form, bool)> = clause
            .iter()
            .map(|l| self.constraint(&(l.0.clone(), !l.1)))
            .collect::<Result<_, _>>()?;
        self.contradiction(&premises, coefficients)
    }

    /// The premises `form ⋈ 0`, in canonical form, weighted by nonnegative coefficients, sum
    /// to `0 <= c < 0` or `0 < c <= 0`.
    fn contradiction(
        &self,
        premises: &[(Form, bool)],
        coefficients: &[Rational],
    ) -> Result<(), String> {
        if premises.len() != coefficients.len() || coefficients.iter().any(|k| *k < 0) {
            return Err("one nonnegative coefficient per premise is needed".into());
        }
        let mut total: BTreeMap<String, Rational> = BTreeMap::new();
        let (mut rhs, mut strict) = (Rational::new(), false);
        for ((form, s), k) in premises.iter().zip(coefficients) {
            if *k == 0 {
                continue;
            }
            let (cs, r, s) = canonical(&self.sorts, form, *s);
            for (x, c) in cs {
                *total.entry(x).or_default() += c * k;
            }
            rhs += r * k;
            strict |= s;
        }
        if total.values().any(|c| *c != 0) {
            return Err("the Farkas sum leaves a variable".into());
        }
        if rhs < 0 || (rhs == 0 && strict) {
            Ok(())
        } else {
            Err("the Farkas sum is not a contradiction".into())
        }
    }

    /// A cut is a split cut: the split `π <= 0` is over Int unknowns with integer
    /// coefficients, so every integer point has `π <= 0` or `π >= 1` (the canonical form's
    /// rounding of its negation), and the negated clause with either side is refuted by the
    /// coefficients given (one per literal, then the split's).
    fn cut(
        &self,
        clause: &[Lit],
        split: &Form,
        below: &[Rational],
        above: &[Rational],
    ) -> Result<(), String> {
        let integral = split.0.iter().all(|(k, c)| self.sorts.is_int(k) && c.denom() == &1);
        if split.0.is_empty() || !integral {
            return Err("the split is not over Int unknowns with integer coefficients".into());
        }
        let negated: Form = (
            split.0.iter().map(|(k, c)| (k.clone(), Rational::from(-c))).collect(),
            Rational::from(-&split.1),
        );
        let mut premises: Vec<(Form, bool)> = clause
            .iter()
            .map(|l| self.constraint(&(l.0.clone(), !l.1)))
            .collect::<Result<_, _>>()?;
        premises.push((split.clone(), false));
        self.contradiction(&premises, below)?;
        premises.pop();
        premises.push((negated, true));
        self.contradiction(&premises, above)
    }

    /// The negated clause is closed by congruence: the equalities of its negative literals
    /// imply one of its positive literals.
    fn congruence(&self, clause: &[Lit]) -> Result<(), String> {
        let mut terms: BTreeSet<S> = BTreeSet::new();
        fn subterms(t: &S, out: &mut BTreeSet<S>) {
            if let S::List(l) = t {
                for a in &l[1..] {
                    subterms(a, out);
                }
            }
            out.insert(t.clone());
        }
        let mut premises = Vec::new();
        let mut goals = Vec::new();
        for l in clause {
            match self.atom(&l.0)? {
                Atom::True if l.1 => return Ok(()),
                Atom::True => {}
                Atom::Equality(a, b) => {
                    subterms(a, &mut terms);
                    subterms(b, &mut terms);
                    if l.1 {
                        goals.push((a.clone(), b.clone()))
                    } else {
                        premises.push((a.clone(), b.clone()))
                    }
                }
                _ => return Err("an EUF lemma over a non-equality".into()),
            }
        }
        let terms: Vec<S> = terms.into_iter().collect();
        let index = |t: &S| terms.binary_search(t).expect("collected");
        let mut label: Vec<usize> = (0..terms.len()).collect();
        for (a, b) in &premises {
            let (x, y) = (label[index(a)], label[index(b)]);
            for l in label.iter_mut() {
                if *l == y {
                    *l = x;
                }
            }
        }
        loop {
            let mut changed = false;
            for i in 0..terms.len() {
                for j in i + 1..terms.len() {
                    let (Some(p), Some(q)) = (terms[i].list(), terms[j].list()) else { continue };
                    if label[i] == label[j] || p.len() != q.len() || p[0] != q[0] {
                        continue;
                    }
                    if p[1..].iter().zip(&q[1..]).all(|(x, y)| label[index(x)] == label[index(y)]) {
                        let (x, y) = (label[i], label[j]);
                        for l in label.iter_mut() {
                            if *l == y {
                                *l = x;
                            }
                        }
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        if goals.iter().any(|(a, b)| label[index(a)] == label[index(b)]) {
            Ok(())
        } else {
            Err("the congruence closure does not close the EUF lemma".into())
        }
    }

    /// Whether `formula` (as the proof prints an assertion) is what the literal `l` encodes:
    /// the gates of the definitions below it, down to atoms, rebuild the formula.
    fn encodes(&self, l: &Lit, formula: &S) -> bool {
        let negate = |l: &Lit| (l.0.clone(), !l.1);
        let args = formula.list().map(|x| &x[1..]).unwrap_or(&[]);
        let gate = |op: &str| match self.atoms.get(&l.0) {
            Some(Atom::Definition(g, inputs)) if l.1 && g == op => Some(inputs.clone()),
            _ => None,
        };
        let is_true =
            |polarity: bool| matches!(self.atoms.get(&l.0), Some(Atom::True)) && l.1 == polarity;
        let bound = |a: &S, b: &S, strict: bool| -> bool {
            let mut form: Form = Default::default();
            if linearize(a, &Rational::from(1), &mut form).is_none()
                || linearize(b, &Rational::from(-1), &mut form).is_none()
            {
                return false;
            }
            if form.0.values().all(|c| *c == 0) {
                let holds = if strict { form.1 < 0 } else { form.1 <= 0 };
                return is_true(holds);
            }
            self.constraint(l).is_ok_and(|c| self.same_constraint(&c, &(form, strict)))
        };
        let arithmetic = |t: &S| {
            let sort = self.sorts.sort(t);
            sort.and_then(|s| s.atom().map(|a| a == "Int" || a == "Real")) == Some(true)
        };
        let le = |x: &S, y: &S| S::List(vec![S::Atom("<=".into()), x.clone(), y.clone()]);
        match (formula.atom(), formula.head()) {
            (Some("true"), _) => is_true(true),
            (Some("false"), _) => is_true(false),
            (_, Some("not")) if args.len() == 1 => self.encodes(&negate(l), &args[0]),
            (_, Some(op @ ("and" | "or"))) => gate(op).is_some_and(|inputs| {
                inputs.len() == args.len()
                    && inputs.iter().zip(args).all(|(i, f)| self.encodes(i, f))
            }),
            (_, Some("xor")) if args.len() == 2 => gate("=").is_some_and(|inputs| {
                self.encodes(&inputs[0], &args[0]) && self.encodes(&negate(&inputs[1]), &args[1])
            }),
            (_, Some("ite")) if args.len() == 3 => gate("ite")
                .is_some_and(|inputs| inputs.iter().zip(args).all(|(i, f)| self.encodes(i, f))),
            (_, Some("<=")) if args.len() == 2 => bound(&args[0], &args[1], false),
            (_, Some("<")) if args.len() == 2 => bound(&args[0], &args[1], true),
            (_, Some("=")) if args.len() == 2 && arithmetic(&args[0]) => {
                gate("and").is_some_and(|inputs| {
                    inputs.len() == 2
                        && self.encodes(&inputs[0], &le(&args[0], &args[1]))
                        && self.encodes(&inputs[1], &le(&args[1], &args[0]))
                })
            }
            (_, Some("=")) if args.len() == 2 && self.is_formula(&args[0]) => gate("=")
                .is_some_and(|inputs| {
                    self.encodes(&inputs[0], &args[0]) && self.encodes(&inputs[1], &args[1])
                }),
            (_, Some("=")) if args.len() == 2 => {
                if args[0] == args[1] {
                    return is_true(true);
                }
                l.1 && self.equality(l).is_ok_and(|(x, y)| {
                    (x == args[0] && y == args[1]) || (x == args[1] && y == args[0])
                })
            }
            // A Boolean term `p` is the equality `p = true`.
            _ => {
                let t = S::Atom("true".into());
                if *formula == t {
                    return is_true(true);
                }
                l.1 && self
                    .equality(l)
                    .is_ok_and(|(x, y)| (x == *formula && y == t) || (x == t && y == *formula))
            }
        }
    }

    /// Whether `s` is printed as a formula (rather than a term): a connective, a comparison,
    /// a constant, or a Bool-sorted term.
    fn is_formula(&self, s: &S) -> bool {
        match (s.atom(), s.head()) {
            (Some("true" | "false"), _) => true,
            (_, Some("not" | "and" | "or" | "xor" | "ite" | "<=" | "<" | "=")) => true,
            _ => self.sorts.sort(s).and_then(|x| x.atom().map(|a| a == "Bool")) == Some(true),
        }
    }

    fn equality(&self, l: &Lit) -> Result<(S, S), String> {
        match self.atom(&l.0)? {
            Atom::Equality(a, b) => Ok((a.clone(), b.clone())),
            _ => Err(format!("{} is not an equality", l.0)),
        }
    }

    /// `e ⇔ a - b <= 0 ∧ b - a <= 0` for the equality `e` of `a = b`: one of its clauses.
    fn bridge(&self, clause: &[Lit]) -> Result<(), String> {
        let equalities: Vec<&Lit> = clause
            .iter()
            .filter(|l| matches!(self.atoms.get(&l.0), Some(Atom::Equality(..))))
            .collect();
        let [e] = equalities[..] else { return Err("a bridge needs one equality".into()) };
        let (a, b) = self.equality(e)?;
        let difference = |x: &S, y: &S| -> Result<(Form, bool), String> {
            let mut f: Form = Default::default();
            linearize(x, &Rational::from(1), &mut f).ok_or("not linear")?;
            linearize(y, &Rational::from(-1), &mut f).ok_or("not linear")?;
            Ok((f, false))
        };
        let (below, above) = (difference(&a, &b)?, difference(&b, &a)?);
        let rest: Vec<&Lit> = clause.iter().filter(|l| *l != e).collect();
        // A literal stands for the bound `form <= 0`: a bound atom, or, when the form has no
        // variables (an equality of numerals), `true` or its negation with the bound's value.
        let stands_for = |l: &Lit, form: &(Form, bool)| -> Result<bool, String> {
            if matches!(self.atoms.get(&l.0), Some(Atom::True)) {
                let constant = form.0.0.values().all(|c| *c == 0);
                return Ok(constant && l.1 == (form.0.1 <= 0));
            }
            Ok(self.same_constraint(&self.constraint(l)?, form))
        };
        let ok = match (e.1, &rest[..]) {
            (false, [l]) => stands_for(l, &below)? || stands_for(l, &above)?,
            (true, [l, m]) => {
                let (l, m) = ((l.0.clone(), !l.1), (m.0.clone(), !m.1));
                (stands_for(&l, &below)? && stands_for(&m, &above)?)
                    || (stands_for(&l, &above)? && stands_for(&m, &below)?)
            }
            _ => false,
        };
        if ok { Ok(()) } else { Err("not a clause of an interface equality".into()) }
    }

    /// A unit clause `0 <= x - k·d` or `x - k·d <= |k| - 1` for a `d = (div x k)` in it.
    fn division(&self, clause: &[Lit]) -> Result<(), String> {
        let [l] = clause else { return Err("a division bound is a unit".into()) };
        let c = self.constraint(l)?;
        let Atom::Bound(_, _, term) = self.atom(&l.0)? else { unreachable!("checked") };
        let mut quotients = Vec::new();
        fn find(t: &S, out: &mut Vec<S>) {
            if let S::List(l) = t {
                if t.head() == Some("div") {
                    out.push(t.clone());
                }
                for a in &l[1..] {
                    find(a, out);
                }
            }
        }
        find(term, &mut quotients);
        for d in quotients {
            let (Some(x), Some(k)) =
                (d.list().and_then(|l| l.get(1)), d.list().and_then(|l| l.get(2)))
            else {
                continue;
            };
            let mut kf: Form = Default::default();
            if linearize(k, &Rational::from(1), &mut kf).is_none() || !kf.0.is_empty() || kf.1 == 0
            {
                continue;
            }
            let k = kf.1;
            let mut low: Form = Default::default(); // k·d - x <= 0
            *low.0.entry(d.text()).or_default() += &k;
            linearize(x, &Rational::from(-1), &mut low).ok_or("not linear")?;
            let mut high: Form = Default::default(); // x - k·d - (|k| - 1) <= 0
            linearize(x, &Rational::from(1), &mut high).ok_or("not linear")?;
            *high.0.entry(d.text()).or_default() -= &k;
            high.1 -= Rational::from(k.abs_ref()) - 1u32;
            if self.same_constraint(&c, &(low, false)) || self.same_constraint(&c, &(high, false)) {
                return Ok(());
            }
        }
        Err("not a bound of an integer quotient".into())
    }

    /// An instance of the array schema the proof names (`:schema NAME`), found here from
    /// the clause itself and compared with the name.
    fn array(&mut self, clause: &[Lit], named: &str) -> Result<(), String> {
        // A clause with a true literal holds whatever it is named.
        if clause.iter().any(|l| l.1 && matches!(self.atoms.get(&l.0), Some(Atom::True))) {
            return Ok(());
        }
        let found = self.array_schema(clause)?;
        if found == named { Ok(()) } else { Err(format!("an instance of {found}, named {named}")) }
    }

    /// The array schema `clause` is an instance of.
    fn array_schema(&mut self, clause: &[Lit]) -> Result<&'static str, String> {
        let sides: Vec<(S, S, bool)> = clause
            .iter()
            .map(|l| self.equality(l).map(|(a, b)| (a, b, l.1)))
            .collect::<Result<_, _>>()?;
        let either = |(a, b): (&S, &S), f: &dyn Fn(&S, &S) -> bool| f(a, b) || f(b, a);
        let args = |t: &S, head: &str| -> Option<Vec<S>> {
            (t.head() == Some(head)).then(|| t.list().map(|l| l[1..].to_vec())).flatten()
        };
        // a ≠ a2 ∨ b ≠ b2 ∨ (@diff a b) = (@diff a2 b2), a premise left out where its two
        // sides are one term: congruence of the index of difference.
        if let Some(((d, e, true), premises)) = sides.split_last()
            && let (Some(x), Some(y)) = (args(d, "@diff"), args(e, "@diff"))
        {
            let congruent = [(&x, &y), (&y, &x)].into_iter().any(|(l, r)| {
                let wanted: Vec<(S, S, bool)> = l
                    .iter()
                    .zip(r.iter())
                    .filter(|(p, q)| p != q)
                    .map(|(p, q)| (p.clone(), q.clone(), false))
                    .collect();
                premises == wanted.as_slice()
            });
            if congruent && d != e {
                return Ok("diff-congruence");
            }
        }
        match &sides[..] {
            // select(store(b, i, v), i) = v, and select(const(v), j) = v.
            [(x, y, true)] => {
                let over_write = either((x, y), &|s, v| {
                    let Some(sel) = args(s, "select") else { return false };
                    args(&sel[0], "store").is_some_and(|st| st[1] == sel[1] && st[2] == *v)
                });
                // ((as const SORT) v)
                let constant_read = either((x, y), &|s, v| {
                    let Some(sel) = args(s, "select") else { return false };
                    let constant = |l: &[S]| {
                        l.len() == 2 && l[0].list().and_then(|h| h.first()?.atom()) == Some("as")
                    };
                    matches!(&sel[0], S::List(l) if constant(l) && l[1] == *v)
                });
                if over_write {
                    Ok("read-over-write")
                } else if constant_read {
                    Ok("constant-read")
                } else {
                    Err("not a read-over-write or constant-array instance".into())
                }
            }
            // i = j ∨ select(s, j) = select(b, j), s = store(b, i, v); or a = c ∨ select(a, k) ≠
            // select(c, k) with k a fresh witness serving this pair only.
            [p, q] => {
                for ((i, j, pos1), (r1, r2, pos2)) in [(p, q), (q, p)] {
                    if *pos1 && *pos2 {
                        let ok = either((r1, r2), &|u, w| {
                            let (Some(su), Some(sw)) = (args(u, "select"), args(w, "select"))
                            else {
                                return false;
                            };
                            let Some(st) = args(&su[0], "store") else { return false };
                            su[1] == sw[1]
                                && st[0] == sw[0]
                                && either((i, j), &|x, y| *x == st[1] && *y == su[1])
                        });
                        if ok {
                            return Ok("read-elsewhere");
                        }
                    }
                    if *pos1 && !*pos2 {
                        let (Some(sa), Some(sc)) = (args(r1, "select"), args(r2, "select")) else {
                            continue;
                        };
                        let k = &sa[1];
                        // a = c ∨ select(a, d) ≠ select(c, d) with d = (@diff a c) or
                        // (@diff c a): the defining axiom of the index of difference.
                        let pair_of = |d: Vec<S>| either((&d[0], &d[1]), &|x, y| x == i && y == j);
                        let reads_pair =
                            (sa[0] == *i && sc[0] == *j) || (sa[0] == *j && sc[0] == *i);
                        if sc[1] == *k && reads_pair && args(k, "@diff").is_some_and(pair_of) {
                            return Ok("diff");
                        }
                        let pair = if sa[0] == *i && sc[0] == *j {
                            (i.text(), j.text())
                        } else if sa[0] == *j && sc[0] == *i {
                            (j.text(), i.text())
                        } else {
                            continue;
                        };
                        let Some(name) = k.atom() else { continue };
                        if sc[1] != *k || self.names.contains(name) || self.apart.contains(name) {
                            continue;
                        }
                        match self.witnesses.get(name) {
                            Some(old) if *old != pair => {
                                return Err("a witness serves two pairs".into());
                            }
                            _ => {
                                self.witnesses.insert(name.to_string(), pair);
                                return Ok("extensionality");
                            }
                        }
                    }
                }
                Err("not an array instance".into())
            }
            // k ≠ i: a fresh constant of Int or Real sort, apart from a term of the script's
            // symbols (satisfiability-keeping over an infinite sort), never a witness.
            [(x, y, false)] => {
                for (k, i) in [(x, y), (y, x)] {
                    let Some(name) = k.atom() else { continue };
                    let infinite = matches!(
                        self.sorts.declared.get(name).and_then(S::atom),
                        Some("Int" | "Real")
                    );
                    if infinite
                        && name.contains('!')
                        && !self.names.contains(name)
                        && !self.witnesses.contains_key(name)
                        && !mentions_engine_symbol(i)
                    {
                        self.apart.insert(name.to_string());
                        return Ok("fresh-index");
                    }
                }
                Err("not a fresh index apart from a term".into())
            }
            _ => Err("not an array instance".into()),
        }
    }
}

/// The clauses of `x ⇔ gate` as sets of literals.
fn gate_clauses(x: &str, gate: &str, inputs: &[Lit]) -> Vec<BTreeSet<Lit>> {
    let pos = (x.to_string(), true);
    let neg = (x.to_string(), false);
    let not = |l: &Lit| (l.0.clone(), !l.1);
    let set = |v: Vec<Lit>| v.into_iter().collect::<BTreeSet<Lit>>();
    match (gate, inputs) {
        ("and", ls) => {
            let mut out: Vec<_> = ls.iter().map(|l| set(vec![neg.clone(), l.clone()])).collect();
            out.push(set(ls.iter().map(not).chain([pos]).collect()));
            out
        }
        ("or", ls) => {
            let mut out: Vec<_> = ls.iter().map(|l| set(vec![pos.clone(), not(l)])).collect();
            out.push(set(ls.iter().cloned().chain([neg]).collect()));
            out
        }
        ("=", [a, b]) => vec![
            set(vec![neg.clone(), not(a), b.clone()]),
            set(vec![neg, a.clone(), not(b)]),
            set(vec![pos.clone(), a.clone(), b.clone()]),
            set(vec![pos, not(a), not(b)]),
        ],
        ("ite", [c, a, b]) => vec![
            set(vec![neg.clone(), not(c), a.clone()]),
            set(vec![neg, c.clone(), b.clone()]),
            set(vec![pos.clone(), not(c), not(a)]),
            set(vec![pos, c.clone(), not(b)]),
        ],
        _ => Vec::new(),
    }
}

/// Replays a printed proof. `declared`: the script's symbols with their result sorts;
/// `names`: the script's assertion names (and every declared symbol, which a fresh witness
/// must not be).
fn check_proof(
    proof: &S,
    declared: &BTreeMap<String, S>,
    names: &BTreeSet<String>,
) -> Result<BTreeMap<String, usize>, String> {
    let mut rules: BTreeMap<String, usize> = BTreeMap::new();
    let items = proof
        .list()
        .filter(|l| l.first().and_then(S::atom) == Some("proof"))
        .ok_or("not a proof")?;
    let mut sorts = declared.clone();
    for d in section(items, "declarations")? {
        let [S::Atom(name), sort] = d.list().ok_or("bad declaration")? else {
            return Err("bad declaration".into());
        };
        match declared.get(name) {
            Some(s) if s != sort => {
                return Err(format!("{name} is declared {} in the script", s.text()));
            }
            Some(_) => {}
            // Only the engine's own symbols are missing from the script.
            None if name.contains('!') => {
                sorts.insert(name.clone(), sort.clone());
            }
            None => return Err(format!("{name} is not declared in the script")),
        }
    }
    let mut checker = Checker {
        atoms: BTreeMap::new(),
        sorts: Sorts { declared: sorts },
        names,
        witnesses: BTreeMap::new(),
        apart: BTreeSet::new(),
    };
    for a in section(items, "atoms")? {
        let [S::Atom(name), body] = a.list().ok_or("bad atom")? else {
            return Err("bad atom".into());
        };
        let atom = match (body, body.head()) {
            (S::Atom(t), _) if t == "true" => Atom::True,
            (_, Some(rel @ ("<=" | "<"))) => {
                let l = body.list().expect("a list");
                let [_, lhs, rhs] = l else { return Err("bad bound".into()) };
                let mut form: Form = Default::default();
                linearize(lhs, &Rational::from(1), &mut form).ok_or("not linear")?;
                linearize(rhs, &Rational::from(-1), &mut form).ok_or("not linear")?;
                Atom::Bound(form, rel == "<", body.clone())
            }
            (_, Some("=")) => {
                let l = body.list().expect("a list");
                let [_, a, b] = l else { return Err("bad equality".into()) };
                Atom::Equality(a.clone(), b.clone())
            }
            _ => Atom::Equality(body.clone(), S::Atom("true".into())),
        };
        if checker.atoms.insert(name.clone(), atom).is_some() {
            return Err(format!("{name} defined twice"));
        }
    }
    let mut assertions: BTreeMap<String, S> = BTreeMap::new();
    for a in section(items, "assertions")? {
        let [S::Atom(name), formula] = a.list().ok_or("bad assertion")? else {
            return Err("bad assertion".into());
        };
        assertions.insert(name.clone(), formula.clone());
    }
    let assertion_name = |n: &S| -> Result<(), String> {
        let a = n.atom().ok_or("bad assertion name")?;
        if names.contains(a) || a.bytes().all(|b| b.is_ascii_digit()) {
            Ok(())
        } else {
            Err(format!("no assertion {a}"))
        }
    };
    for d in section(items, "definitions")? {
        let l = d.list().ok_or("bad definition")?;
        let [S::Atom(name), gate, S::Atom(key), assertion] = l else {
            return Err("bad definition".into());
        };
        if key != ":assertion" {
            return Err("bad definition".into());
        }
        assertion_name(assertion)?;
        let g = gate.list().ok_or("bad gate")?;
        let inputs: Vec<Lit> = g[1..].iter().map(literal).collect::<Result<_, _>>()?;
        for (input, _) in &inputs {
            checker.atom(input)?;
        }
        let op = gate.head().ok_or("bad gate")?.to_string();
        if checker.atoms.insert(name.clone(), Atom::Definition(op, inputs)).is_some() {
            return Err(format!("{name} defined twice"));
        }
    }
    let mut clauses: Vec<BTreeSet<Lit>> = Vec::new();
    for (n, step) in section(items, "steps")?.iter().enumerate() {
        let l = step.list().ok_or("bad step")?;
        let [S::Atom(name), body] = l else { return Err("bad step".into()) };
        if *name != format!("c{}", n + 1) {
            return Err(format!("step {name} out of order"));
        }
        let body = body.list().ok_or("bad step")?;
        let rule = body.first().and_then(S::atom).ok_or("bad rule")?;
        let mut rest = &body[1..];
        if rule == "assert" {
            assertion_name(rest.first().ok_or("no name")?)?;
            rest = &rest[1..];
        }
        let split = rest
            .iter()
            .position(|s| s.atom().is_some_and(|a| a.starts_with(':')))
            .unwrap_or(rest.len());
        let clause: Vec<Lit> = rest[..split].iter().map(literal).collect::<Result<_, _>>()?;
        for (atom, _) in &clause {
            checker.atom(atom)?;
        }
        let keyword = |k: &str| -> Result<&[S], String> {
            rest[split..]
                .windows(2)
                .find(|w| w[0].atom() == Some(k))
                .and_then(|w| w[1].list())
                .ok_or_else(|| format!("{name}: no {k}"))
        };
        // The numerals after a keyword (Farkas coefficients), as rationals.
        let numbers = |k: &str| -> Result<Vec<Rational>, String> {
            keyword(k)?
                .iter()
                .map(|c| {
                    let mut f: Form = Default::default();
                    linearize(c, &Rational::from(1), &mut f)
                        .filter(|_| f.0.is_empty())
                        .map(|_| f.1)
                        .ok_or_else(|| "bad coefficient".to_string())
                })
                .collect()
        };
        let set: BTreeSet<Lit> = clause.iter().cloned().collect();
        let result = match rule {
            "true" => match &clause[..] {
                [(a, true)] if matches!(checker.atom(a)?, Atom::True) => Ok(()),
                _ => Err("not the unit of true".into()),
            },
            "definition" => {
                let ok = clause.iter().any(|(a, _)| match checker.atoms.get(a) {
                    Some(Atom::Definition(op, inputs)) => {
                        gate_clauses(a, op, inputs).contains(&set)
                    }
                    _ => false,
                });
                if ok { Ok(()) } else { Err("not a Tseitin clause".into()) }
            }
            "assert" => {
                let formula = body[1].atom().and_then(|n| assertions.get(n)).ok_or("no formula")?;
                match &clause[..] {
                    [l] if checker.encodes(l, formula) => Ok(()),
                    _ => Err(format!("the root does not encode {}", formula.text())),
                }
            }
            "euf" => checker.congruence(&clause),
            "farkas" => checker.farkas(&clause, &numbers(":coefficients")?),
            "cut" => {
                let split = match keyword(":split")? {
                    [rel, lhs, rhs] if rel.atom() == Some("<=") => {
                        let mut form: Form = Default::default();
                        linearize(lhs, &Rational::from(1), &mut form).ok_or("not linear")?;
                        linearize(rhs, &Rational::from(-1), &mut form).ok_or("not linear")?;
                        form
                    }
                    _ => return Err(format!("{name}: a split is a bound (<= a b)")),
                };
                checker.cut(&clause, &split, &numbers(":below")?, &numbers(":above")?)
            }
            "bridge" => checker.bridge(&clause),
            "division" => checker.division(&clause),
            "array" => {
                let schema = rest[split..]
                    .windows(2)
                    .find(|w| w[0].atom() == Some(":schema"))
                    .and_then(|w| w[1].atom())
                    .ok_or_else(|| format!("{name}: no :schema"))?;
                checker.array(&clause, schema)
            }
            "resolution" => {
                let chain: Vec<usize> = keyword(":chain")?
                    .iter()
                    .map(|c| {
                        c.atom()
                            .and_then(|a| a.strip_prefix('c'))
                            .and_then(|a| a.parse::<usize>().ok())
                            .filter(|&i| i >= 1 && i <= n)
                            .map(|i| i - 1)
                            .ok_or("bad chain")
                    })
                    .collect::<Result<_, _>>()?;
                let pivots: Vec<&str> = keyword(":pivots")?
                    .iter()
                    .map(|p| p.atom().ok_or("bad pivot"))
                    .collect::<Result<_, _>>()?;
                if chain.is_empty() || pivots.len() + 1 != chain.len() {
                    return Err(format!("{name}: the chain and pivots do not match"));
                }
                let mut current = clauses[chain[0]].clone();
                for (&next, &p) in chain[1..].iter().zip(&pivots) {
                    let next = &clauses[next];
                    let (pos, neg) = ((p.to_string(), true), (p.to_string(), false));
                    let ok = (current.contains(&pos) && next.contains(&neg))
                        || (current.contains(&neg) && next.contains(&pos));
                    if !ok {
                        return Err(format!("{name}: {p} is not a pivot"));
                    }
                    current.remove(&pos);
                    current.remove(&neg);
                    current.extend(next.iter().filter(|l| l.0 != p).cloned());
                }
                if current == set {
                    Ok(())
                } else {
                    Err("the clause is not the resolvent of its chain".into())
                }
            }
            other => Err(format!("unknown rule {other}")),
        };
        result.map_err(|e| format!("{name}: {e}"))?;
        *rules.entry(rule.to_string()).or_default() += 1;
        // Array steps are counted by schema too, so that each schema's check is exercised.
        if let Some(schema) = (rule == "array")
            .then(|| rest[split..].windows(2).find(|w| w[0].atom() == Some(":schema")))
            .flatten()
            .and_then(|w| w[1].atom())
        {
            *rules.entry(format!("array {schema}")).or_default() += 1;
        }
        clauses.push(set);
    }
    match clauses.last() {
        Some(last) if last.is_empty() => Ok(rules),
        _ => Err("the last clause is not empty".into()),
    }
}

/// The script's declared symbols with their result sorts, and its names (assertions and
/// symbols).
fn script_symbols(script: &[(S, usize)]) -> (BTreeMap<String, S>, BTreeSet<String>) {
    let mut declared = BTreeMap::new();
    let mut names = BTreeSet::new();
    fn walk_names(s: &S, names: &mut BTreeSet<String>) {
        if let S::List(l) = s {
            for w in l.windows(2) {
                if let (Some(":named"), Some(n)) = (w[0].atom(), w[1].atom()) {
                    names.insert(n.to_string());
                }
            }
            for x in l {
                walk_names(x, names);
            }
        }
    }
    // `define-sort` names, expanded in the declared sorts (the proof prints the sorts).
    let mut sort_definitions: BTreeMap<String, (Vec<S>, S)> = BTreeMap::new();
    fn expand(sort: &S, definitions: &BTreeMap<String, (Vec<S>, S)>) -> S {
        let (name, args) = match sort {
            S::Atom(a) => (a.as_str(), &[][..]),
            S::List(l) => (l.first().and_then(S::atom).unwrap_or(""), &l[1..]),
        };
        let args: Vec<S> = args.iter().map(|a| expand(a, definitions)).collect();
        match definitions.get(name) {
            Some((params, body)) if params.len() == args.len() => {
                fn substitute(body: &S, params: &[S], args: &[S]) -> S {
                    match body {
                        S::Atom(_) => params
                            .iter()
                            .position(|p| p == body)
                            .map_or_else(|| body.clone(), |i| args[i].clone()),
                        S::List(l) => {
                            S::List(l.iter().map(|x| substitute(x, params, args)).collect())
                        }
                    }
                }
                expand(&substitute(body, params, &args), definitions)
            }
            _ => match sort {
                S::Atom(_) => sort.clone(),
                S::List(l) => S::List(l[..1].iter().cloned().chain(args).collect()),
            },
        }
    }
    for (command, _) in script {
        let Some(l) = command.list() else { continue };
        match (command.head(), l) {
            (Some("define-sort"), [_, S::Atom(n), S::List(params), body]) => {
                sort_definitions.entry(n.clone()).or_insert((params.clone(), body.clone()));
            }
            (Some("declare-const"), [_, S::Atom(n), sort])
            | (Some("declare-fun"), [_, S::Atom(n), _, sort]) => {
                declared.insert(n.clone(), expand(sort, &sort_definitions));
                names.insert(n.clone());
            }
            _ => walk_names(command, &mut names),
        }
    }
    (declared, names)
}

/// Runs `text` with `(get-proof)` after every check, and checks every proof; returns the
/// number of steps checked per rule. Every `unsat` must be followed by a proof.
fn check_script(name: &str, text: &str) -> Result<BTreeMap<String, usize>, String> {
    let script = read_all(text)?;
    let (declared, names) = script_symbols(&script);
    let mut with_proofs = String::new();
    let mut last = 0;
    for (command, end) in &script {
        if matches!(command.head(), Some("check-sat" | "check-sat-assuming")) {
            with_proofs.push_str(&text[last..*end]);
            with_proofs.push_str("\n(get-proof)\n");
            last = *end;
        }
    }
    with_proofs.push_str(&text[last..]);
    let output = run(name, &with_proofs);
    let answers = read_all(&output)?;
    let mut rules: BTreeMap<String, usize> = BTreeMap::new();
    for (i, (answer, _)) in answers.iter().enumerate() {
        match answer.atom() {
            Some("unsat") => {
                let proof = &answers.get(i + 1).ok_or("no proof after unsat")?.0;
                let used = check_proof(proof, &declared, &names)
                    .map_err(|e| format!("{name}: {e}\n{}", proof.text()))?;
                for (rule, n) in used {
                    *rules.entry(rule).or_default() += n;
                }
                *rules.entry("proofs".into()).or_default() += 1;
            }
            Some("sat") => match answers.get(i + 1).map(|a| &a.0) {
                Some(S::List(l)) if l.first().and_then(S::atom) == Some("error") => {}
                other => return Err(format!("{name}: get-proof after sat gave {other:?}")),
            },
            _ => {}
        }
    }
    Ok(rules)
}

#[test]
fn every_example_refutation_replays() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut paths: Vec<_> = ["tests/smt", "examples/smt"]
        .iter()
        .flat_map(|dir| std::fs::read_dir(root.join(dir)).expect("the directory exists"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "smt2"))
        .collect();
    paths.sort();
    let mut total: BTreeMap<String, usize> = BTreeMap::new();
    for path in paths {
        let text = std::fs::read_to_string(&path).expect("readable");
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("").to_string();
        // Scripts without an expected output (examples) are only required to have a checked
        // proof after each `unsat`.
        let expected = std::fs::read_to_string(path.with_extension("expected")).ok();
        // The quantified examples go to the prover through the CLI (get-proof prints the
        // prover's TSTP refutation there, checked by tests/it/smt.rs); the ground engine's
        // session would not answer them.
        let quantified = text.contains("(forall") || text.contains("(exists");
        if read_all(&text).is_err() || (quantified && path.starts_with(root.join("examples"))) {
            continue;
        }
        let rules = check_script(&name, &text).unwrap_or_else(|e| panic!("{e}"));
        // Every `unsat` the script expects comes with a checked proof.
        if let Some(expected) = expected {
            let unsat = expected.lines().filter(|l| l.trim() == "unsat").count();
            assert_eq!(rules.get("proofs").copied().unwrap_or(0), unsat, "{name}");
        }
        for (rule, n) in rules {
            *total.entry(rule).or_default() += n;
        }
    }
    // Every kind of step occurs, so each part of the checker is exercised.
    for rule in [
        "true",
        "definition",
        "assert",
        "euf",
        "farkas",
        "bridge",
        "division",
        "array",
        "array read-over-write",
        "array read-elsewhere",
        "array constant-read",
        "array extensionality",
        "array fresh-index",
        "array diff",
        "cut",
        "resolution",
    ] {
        assert!(total.get(rule).is_some_and(|&n| n > 0), "no {rule} step in {total:?}");
    }
    assert!(total["proofs"] >= 20, "{total:?}");
}

/// The proof printed for `script` (which must answer `unsat` once), and the script's symbols.
fn proof_of(script: &str) -> (String, BTreeMap<String, S>, BTreeSet<String>) {
    let commands = read_all(script).expect("a well-formed script");
    let (declared, names) = script_symbols(&commands);
    let output = run("t", &format!("{script}\n(get-proof)"));
    let proof = output.strip_prefix("unsat\n").unwrap_or_else(|| panic!("not unsat: {output}"));
    (proof.to_string(), declared, names)
}

fn verdict(
    text: &str,
    declared: &BTreeMap<String, S>,
    names: &BTreeSet<String>,
) -> Result<(), String> {
    let items = read_all(text)?;
    let [(proof, _)] = &items[..] else { return Err("not one S-expression".into()) };
    check_proof(proof, declared, names).map(|_| ())
}

/// Each `(from, to)` corruption of the printed proof must change it and be rejected.
fn rejects_corruptions(script: &str, corruptions: &[(&str, &str)]) {
    let (proof, declared, names) = proof_of(script);
    verdict(&proof, &declared, &names).unwrap_or_else(|e| panic!("{e}\n{proof}"));
    for (from, to) in corruptions {
        let corrupted = proof.replacen(from, to, 1);
        assert_ne!(corrupted, proof, "{from} is not in\n{proof}");
        assert!(
            verdict(&corrupted, &declared, &names).is_err(),
            "accepted {from} -> {to}:\n{corrupted}"
        );
    }
}

#[test]
fn corrupted_proofs_are_rejected() {
    // Arithmetic: a Farkas coefficient, the pivot order, a root's polarity.
    rejects_corruptions(
        "(declare-const j Int)(assert (> j (* 2 j)))(assert (> j 0))(check-sat)",
        &[
            (":coefficients (1 1)", ":coefficients (1 2)"),
            (":pivots (p2 p1)", ":pivots (p1 p2)"),
            ("(assert 2 (not p2))", "(assert 2 p2)"),
            ("(+ (* 2 j)", "(+ (* 1 j)"),
        ],
    );
    // EUF: an atom changed so that the lemma no longer follows by congruence.
    rejects_corruptions(
        "(declare-sort U 0)(declare-const a U)(declare-const b U)(declare-fun f (U) U)\
         (assert (= a b))(assert (not (= (f a) (f b))))(check-sat)",
        &[("(= a b)", "(= a a)")],
    );
    // Tseitin: a gate changed, so its clauses are no longer the definition's.
    rejects_corruptions(
        "(declare-const p Bool)(declare-const q Bool)\
         (assert (or p q))(assert (not p))(assert (not q))(check-sat)",
        &[
            ("(p3 (or p1 p2)", "(p3 (and p1 p2)"),
            (":pivots (", ":pivots (p1 "),
            // The roots must encode the assertions as printed.
            ("(2 (not p))", "(2 (not q))"),
            ("(p1 p)", "(p1 q)"),
        ],
    );
    // Arrays: a constant-read step named as another schema, or its value changed.
    rejects_corruptions(
        "(declare-const i Int)(assert (= (select ((as const (Array Int Int)) 0) i) 1))(check-sat)",
        &[
            (":schema constant-read", ":schema read-over-write"),
            ("(p4 (= 0 (select", "(p4 (= 1 (select"),
        ],
    );
    // Integer rounding is applied only to Int forms: the same refutation over Reals fails.
    let (proof, mut declared, names) =
        proof_of("(declare-const x Int)(assert (< 0 (* 2 x)))(assert (< (* 2 x) 2))(check-sat)");
    verdict(&proof, &declared, &names).unwrap_or_else(|e| panic!("{e}\n{proof}"));
    declared.insert("x".into(), S::Atom("Real".into()));
    assert!(verdict(&proof, &declared, &names).is_err(), "rounding over a Real was accepted");
}

/// A random small script: `clauses` of literals from `literal`, in one of a few Boolean shapes.
fn script(header: &str, clauses: &[(u8, Vec<String>)]) -> String {
    let mut text = header.to_string();
    for (shape, lits) in clauses {
        let body = match (shape % 4, &lits[..]) {
            (_, [l]) => l.clone(),
            (0, ls) => format!("(or {})", ls.join(" ")),
            (1, [a, b, ..]) => format!("(=> {a} {b})"),
            (2, [a, b, ..]) => format!("(not (and {a} {b}))"),
            (_, [a, b, ..]) => format!("(xor {a} {b})"),
            _ => "true".to_string(),
        };
        text.push_str(&format!("(assert {body})\n"));
    }
    text.push_str("(check-sat)\n");
    text
}

fn uf_literal() -> impl Strategy<Value = String> {
    let terms = ["a", "b", "c", "(f a)", "(f b)", "(f (f a))", "(g a b)", "(g b a)"];
    (0..terms.len(), 0..terms.len(), any::<bool>(), 0..8u8).prop_map(
        move |(i, j, positive, kind)| {
            let atom = if kind == 0 {
                format!("(p {})", terms[i])
            } else {
                format!("(= {} {})", terms[i], terms[j])
            };
            if positive { atom } else { format!("(not {atom})") }
        },
    )
}

fn arith_literal(real: bool) -> impl Strategy<Value = String> {
    (-2i32..=2, -2i32..=2, -3i32..=3, 0..4u8, any::<bool>()).prop_map(
        move |(cx, cy, k, relation, positive)| {
            let number = |v: i32| {
                let text = if real { format!("{}.0", v.abs()) } else { v.abs().to_string() };
                if v < 0 { format!("(- {text})") } else { text }
            };
            let sum = format!("(+ (* {} x) (* {} y))", number(cx), number(cy));
            let op = ["<=", "<", "=", ">="][relation as usize];
            let atom = format!("({op} {sum} {})", number(k));
            if positive { atom } else { format!("(not {atom})") }
        },
    )
}

fn clauses(
    literal: impl Strategy<Value = String>,
) -> impl Strategy<Value = Vec<(u8, Vec<String>)>> {
    prop::collection::vec((any::<u8>(), prop::collection::vec(literal, 1..3)), 3..9)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 100, rng_seed: prop::test_runner::RngSeed::Fixed(31), ..ProptestConfig::default() })]

    #[test]
    fn random_uf_proofs_replay(cs in clauses(uf_literal())) {
        let header = "(set-logic QF_UF)(declare-sort U 0)(declare-const a U)(declare-const b U)\
            (declare-const c U)(declare-fun f (U) U)(declare-fun g (U U) U)(declare-fun p (U) Bool)\n";
        let text = script(header, &cs);
        check_script("uf", &text).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn random_lra_proofs_replay(cs in clauses(arith_literal(true))) {
        let text = script("(set-logic QF_LRA)(declare-const x Real)(declare-const y Real)\n", &cs);
        check_script("lra", &text).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn random_lia_proofs_replay(cs in clauses(arith_literal(false))) {
        let text = script("(set-logic QF_LIA)(declare-const x Int)(declare-const y Int)\n", &cs);
        check_script("lia", &text).map_err(TestCaseError::fail)?;
    }
}

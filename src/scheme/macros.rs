//! `syntax-rules` macros (R5RS 4.3.2, with R7RS's tail patterns after an ellipsis, `_` and a
//! custom ellipsis): reading the rules, matching a use against the patterns, and writing out
//! the template with every symbol it introduces renamed.
//!
//! This module knows nothing of scope. The expander (`expand.rs`) decides what a literal in a
//! use means (the `same_literal` argument of [`SyntaxRules::expand`]) and what a renamed symbol
//! means (the `rename` argument): renaming is how the expander gets hygiene, see the module
//! comment there.

use std::collections::BTreeMap;

use super::sexp::{Sexp, SexpKind};
use crate::syntax::Span;

/// The symbol a symbol of the program stands for: renamed symbols are `name N` (a space
/// cannot occur in a symbol the reader reads, so they never meet a symbol of the program).
pub fn base_name(s: &str) -> &str {
    s.split(' ').next().unwrap_or(s)
}

/// An expansion may write at most this many S-expression nodes: a macro whose output doubles
/// at each step stops here with an error instead of exhausting memory.
pub const MAX_OUTPUT_NODES: usize = 200_000;

/// A parsed `(syntax-rules (literal ...) (pattern template) ...)`.
#[derive(Clone, Debug)]
pub struct SyntaxRules {
    /// The literals, as written (they may be renamed symbols when a macro defines a macro).
    literals: Vec<String>,
    /// The ellipsis symbol: `...`, or the one R7RS lets `(syntax-rules ::: (lits) ...)` name.
    ellipsis: String,
    rules: Vec<Rule>,
}

#[derive(Clone, Debug)]
struct Rule {
    /// The pattern after its keyword position (which R5RS ignores).
    pattern: Sexp,
    template: Sexp,
}

/// What a pattern variable matched: one form, or one match per repetition of the ellipsis it
/// is under.
#[derive(Clone, Debug)]
enum Matched {
    One(Sexp),
    Many(Vec<Matched>),
}

/// Why a use could not be expanded (the expander adds the use's position).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ExpandError {
    /// No pattern matches the use.
    #[error("no syntax-rules pattern of `{0}` matches this use")]
    NoMatch(String),
    /// Pattern variables under one ellipsis of the template matched different numbers of forms.
    #[error(
        "`{0}`'s template repeats pattern variables together that matched different numbers \
         of forms"
    )]
    UnevenEllipsis(String),
    /// The output would be larger than [`MAX_OUTPUT_NODES`].
    #[error("expanding `{0}` writes more than {MAX_OUTPUT_NODES} forms")]
    TooLarge(String),
}

/// What each pattern variable of a rule matched.
type Bindings = BTreeMap<String, Matched>;

impl SyntaxRules {
    /// Reads `(syntax-rules ...)`'s arguments (after the `syntax-rules` symbol) as a macro
    /// named `name`. `...` and `_` are recognised by their [`base_name`], so a macro-defining
    /// macro may write them. An error gives the offending form's position and a message.
    pub fn parse(name: &str, args: &[Sexp], whole: Span) -> Result<SyntaxRules, (Span, String)> {
        let (ellipsis, rest) = match args.first().and_then(Sexp::as_sym) {
            Some(e) => (e.to_string(), &args[1..]),
            None => ("...".to_string(), args),
        };
        let Some((lits, rules)) = rest.split_first() else {
            return Err((whole, "`syntax-rules` needs a list of literals and rules".into()));
        };
        let Some(lits) = lits.as_list() else {
            return Err((lits.span, "expected the list of literals `(literal ...)`".into()));
        };
        let mut literals = Vec::new();
        for l in lits {
            match l.as_sym() {
                Some(s) => literals.push(s.to_string()),
                None => return Err((l.span, "a literal must be a name".into())),
            }
        }
        let ellipsis_is = |s: &str| base_name(s) == ellipsis;
        let mut out = SyntaxRules { literals, ellipsis: ellipsis.clone(), rules: Vec::new() };
        for r in rules {
            let Some([pattern, template]) = r.as_list() else {
                return Err((r.span, "a rule is `(pattern template)`".into()));
            };
            let pattern = match &pattern.kind {
                SexpKind::List(items) if !items.is_empty() => {
                    Sexp { kind: SexpKind::List(items[1..].to_vec()), span: pattern.span }
                }
                SexpKind::Dotted(items, tail) if !items.is_empty() => Sexp {
                    kind: join(items[1..].to_vec(), Some((**tail).clone())),
                    span: pattern.span,
                },
                _ => {
                    return Err((
                        pattern.span,
                        format!("a pattern of `{name}` is a list that starts with `_` or the name"),
                    ));
                }
            };
            let mut vars = BTreeMap::new();
            out.pattern_vars(&pattern, 0, &ellipsis_is, &mut vars)?;
            out.check_template(template, 0, &vars, &ellipsis_is, false)?;
            out.rules.push(Rule { pattern, template: template.clone() });
        }
        Ok(out)
    }

    /// Collects the pattern variables of `p` with the number of ellipses each is under, and
    /// checks the ellipses: at most one per list, after a sub-pattern.
    fn pattern_vars(
        &self,
        p: &Sexp,
        depth: usize,
        ellipsis_is: &dyn Fn(&str) -> bool,
        vars: &mut BTreeMap<String, usize>,
    ) -> Result<(), (Span, String)> {
        match &p.kind {
            SexpKind::Sym(s) if ellipsis_is(s) => {
                Err((p.span, "an ellipsis must follow a sub-pattern".into()))
            }
            SexpKind::Sym(s) if base_name(s) == "_" || self.literals.contains(s) => Ok(()),
            SexpKind::Sym(s) => match vars.insert(s.clone(), depth) {
                Some(_) => {
                    Err((p.span, format!("pattern variable `{}` appears twice", base_name(s))))
                }
                None => Ok(()),
            },
            SexpKind::List(items) | SexpKind::Vector(items) | SexpKind::Dotted(items, _) => {
                let mut seen_ellipsis = false;
                for (i, item) in items.iter().enumerate() {
                    if item.as_sym().is_some_and(ellipsis_is) {
                        if i == 0 || seen_ellipsis {
                            return Err((
                                item.span,
                                "an ellipsis must follow a sub-pattern, once per list".into(),
                            ));
                        }
                        seen_ellipsis = true;
                        continue;
                    }
                    let under = items.get(i + 1).and_then(Sexp::as_sym).is_some_and(ellipsis_is);
                    self.pattern_vars(item, depth + usize::from(under), ellipsis_is, vars)?;
                }
                if let SexpKind::Dotted(_, tail) = &p.kind {
                    self.pattern_vars(tail, depth, ellipsis_is, vars)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Checks that every pattern variable of the template is under at least as many ellipses
    /// as in the pattern, and that every ellipsis of the template has a variable to repeat.
    fn check_template(
        &self,
        t: &Sexp,
        depth: usize,
        vars: &BTreeMap<String, usize>,
        ellipsis_is: &dyn Fn(&str) -> bool,
        escaped: bool,
    ) -> Result<(), (Span, String)> {
        match &t.kind {
            SexpKind::Sym(s) => match vars.get(s) {
                Some(&d) if d > depth => Err((
                    t.span,
                    format!(
                        "pattern variable `{}` needs {d} ellipsis(es) after it here",
                        base_name(s)
                    ),
                )),
                _ => Ok(()),
            },
            SexpKind::List(items) | SexpKind::Vector(items) | SexpKind::Dotted(items, _) => {
                // `(... template)`: the template's ellipses are plain symbols.
                if !escaped
                    && let [e, inner] = items.as_slice()
                    && e.as_sym().is_some_and(ellipsis_is)
                {
                    return self.check_template(inner, depth, vars, ellipsis_is, true);
                }
                let mut i = 0;
                while i < items.len() {
                    let item = &items[i];
                    if !escaped && item.as_sym().is_some_and(ellipsis_is) {
                        return Err((item.span, "an ellipsis must follow a sub-template".into()));
                    }
                    let mut n = 0;
                    while !escaped
                        && items.get(i + 1 + n).and_then(Sexp::as_sym).is_some_and(ellipsis_is)
                    {
                        n += 1;
                    }
                    if n > 0 && !template_vars(item, vars).any(|(_, d)| d > depth) {
                        return Err((
                            item.span,
                            "a sub-template followed by an ellipsis needs a pattern variable \
                             matched under an ellipsis"
                                .into(),
                        ));
                    }
                    self.check_template(item, depth + n, vars, ellipsis_is, escaped)?;
                    i += 1 + n;
                }
                if let SexpKind::Dotted(_, tail) = &t.kind {
                    self.check_template(tail, depth, vars, ellipsis_is, escaped)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Expands one use `(keyword arg ...)` by the first rule whose pattern matches. A symbol of
    /// the use matches a literal when `same_literal(literal, symbol)`; every symbol the template
    /// writes that is not a pattern variable is replaced by `rename(symbol)` (the caller makes
    /// the renaming consistent within one expansion). Lists the template writes get the span
    /// `at` (the use), so that errors in them point at the use.
    pub fn expand(
        &self,
        name: &str,
        use_form: &Sexp,
        same_literal: &dyn Fn(&str, &str) -> bool,
        rename: &mut dyn FnMut(&str) -> String,
    ) -> Result<Sexp, ExpandError> {
        let at = use_form.span;
        let args = match &use_form.kind {
            SexpKind::List(items) if !items.is_empty() => SexpKind::List(items[1..].to_vec()),
            SexpKind::Dotted(items, tail) if !items.is_empty() => {
                join(items[1..].to_vec(), Some((**tail).clone()))
            }
            _ => return Err(ExpandError::NoMatch(name.to_string())),
        };
        let use_args = &Sexp { kind: args, span: at };
        for rule in &self.rules {
            let mut binds = Bindings::new();
            if self.matches(&rule.pattern, use_args, same_literal, &mut binds) {
                let mut budget = MAX_OUTPUT_NODES;
                let mut w = Writer { rules: self, name, rename, at, budget: &mut budget };
                return w.write(&rule.template, &binds, false);
            }
        }
        Err(ExpandError::NoMatch(name.to_string()))
    }

    fn is_ellipsis(&self, s: &Sexp) -> bool {
        s.as_sym().is_some_and(|x| base_name(x) == self.ellipsis)
    }

    fn matches(
        &self,
        p: &Sexp,
        f: &Sexp,
        same_literal: &dyn Fn(&str, &str) -> bool,
        binds: &mut Bindings,
    ) -> bool {
        match &p.kind {
            SexpKind::Sym(s) if self.literals.contains(s) => {
                f.as_sym().is_some_and(|x| same_literal(s, x))
            }
            SexpKind::Sym(s) if base_name(s) == "_" => true,
            SexpKind::Sym(s) => {
                binds.insert(s.clone(), Matched::One(f.clone()));
                true
            }
            SexpKind::List(ps) | SexpKind::Dotted(ps, _) => {
                let ptail = match &p.kind {
                    SexpKind::Dotted(_, t) => Some(&**t),
                    _ => None,
                };
                let (fs, ftail) = match &f.kind {
                    SexpKind::List(fs) => (fs.as_slice(), None),
                    SexpKind::Dotted(fs, t) => (fs.as_slice(), Some(&**t)),
                    // A pattern `(a . b)` against an atom: only `b` could take it, with no
                    // elements before; the loop below handles it as an empty list of elements.
                    _ => (&[][..], Some(f)),
                };
                self.match_sequence(ps, ptail, fs, ftail, f.span, same_literal, binds)
            }
            SexpKind::Vector(ps) => match &f.kind {
                SexpKind::Vector(fs) => {
                    self.match_sequence(ps, None, fs, None, f.span, same_literal, binds)
                }
                _ => false,
            },
            other => *other == f.kind,
        }
    }

    /// Matches the elements `ps` (with an optional dotted tail pattern) against the elements
    /// `fs` of a form (with its dotted tail, if any).
    #[allow(clippy::too_many_arguments)]
    fn match_sequence(
        &self,
        ps: &[Sexp],
        ptail: Option<&Sexp>,
        fs: &[Sexp],
        ftail: Option<&Sexp>,
        span: Span,
        same_literal: &dyn Fn(&str, &str) -> bool,
        binds: &mut Bindings,
    ) -> bool {
        // What is left of the form after `n` elements, as a form of its own.
        let rest_of =
            |n: usize| -> Sexp { Sexp { kind: join(fs[n..].to_vec(), ftail.cloned()), span } };
        let ellipsis_at = ps.iter().position(|p| self.is_ellipsis(p));
        let Some(e) = ellipsis_at else {
            return match ptail {
                None => {
                    ftail.is_none()
                        && ps.len() == fs.len()
                        && ps.iter().zip(fs).all(|(p, f)| self.matches(p, f, same_literal, binds))
                }
                Some(pt) => {
                    fs.len() >= ps.len()
                        && ps.iter().zip(fs).all(|(p, f)| self.matches(p, f, same_literal, binds))
                        && self.matches(pt, &rest_of(ps.len()), same_literal, binds)
                }
            };
        };
        // `before ... repeated <ellipsis> after ...`: the repeated sub-pattern takes what the
        // others leave.
        let (before, repeated, after) = (&ps[..e - 1], &ps[e - 1], &ps[e + 1..]);
        if fs.len() < before.len() + after.len() || (ptail.is_none() && ftail.is_some()) {
            return false;
        }
        let middle_end = fs.len() - after.len();
        if !before.iter().zip(fs).all(|(p, f)| self.matches(p, f, same_literal, binds)) {
            return false;
        }
        let mut vars = Vec::new();
        collect_vars(repeated, self, &mut vars);
        let mut each: Vec<Vec<Matched>> = vec![Vec::new(); vars.len()];
        for f in &fs[before.len()..middle_end] {
            let mut inner = Bindings::new();
            if !self.matches(repeated, f, same_literal, &mut inner) {
                return false;
            }
            for (v, out) in vars.iter().zip(each.iter_mut()) {
                if let Some(m) = inner.remove(v) {
                    out.push(m);
                }
            }
        }
        for (v, ms) in vars.into_iter().zip(each) {
            binds.insert(v, Matched::Many(ms));
        }
        if !after
            .iter()
            .zip(&fs[middle_end..])
            .all(|(p, f)| self.matches(p, f, same_literal, binds))
        {
            return false;
        }
        match ptail {
            None => true,
            Some(pt) => self.matches(pt, &rest_of(fs.len()), same_literal, binds),
        }
    }
}

/// The pattern variables of a sub-pattern (symbols other than literals, `_` and the ellipsis).
fn collect_vars(p: &Sexp, rules: &SyntaxRules, out: &mut Vec<String>) {
    match &p.kind {
        SexpKind::Sym(s)
            if !rules.literals.contains(s) && !rules.is_ellipsis(p) && base_name(s) != "_" =>
        {
            out.push(s.clone())
        }
        SexpKind::List(items) | SexpKind::Vector(items) => {
            items.iter().for_each(|i| collect_vars(i, rules, out))
        }
        SexpKind::Dotted(items, tail) => {
            items.iter().for_each(|i| collect_vars(i, rules, out));
            collect_vars(tail, rules, out);
        }
        _ => {}
    }
}

/// The pattern variables a template mentions, with their pattern depths.
fn template_vars<'a>(
    t: &'a Sexp,
    vars: &'a BTreeMap<String, usize>,
) -> impl Iterator<Item = (&'a str, usize)> + 'a {
    let mut syms = Vec::new();
    symbols(t, &mut syms);
    syms.into_iter().filter_map(move |s| vars.get_key_value(s).map(|(k, d)| (k.as_str(), *d)))
}

fn symbols<'a>(t: &'a Sexp, out: &mut Vec<&'a str>) {
    match &t.kind {
        SexpKind::Sym(s) => out.push(s),
        SexpKind::List(items) | SexpKind::Vector(items) => {
            items.iter().for_each(|i| symbols(i, out))
        }
        SexpKind::Dotted(items, tail) => {
            items.iter().for_each(|i| symbols(i, out));
            symbols(tail, out);
        }
        _ => {}
    }
}

/// Elements and a tail as one form: a proper tail list is spliced in, so `(a . (b c))` is
/// `(a b c)` as the rest of the front end expects.
fn join(mut items: Vec<Sexp>, tail: Option<Sexp>) -> SexpKind {
    match tail.map(|t| t.kind) {
        None => SexpKind::List(items),
        Some(SexpKind::List(more)) => {
            items.extend(more);
            SexpKind::List(items)
        }
        Some(SexpKind::Dotted(more, t)) => {
            items.extend(more);
            SexpKind::Dotted(items, t)
        }
        Some(atom) if items.is_empty() => atom,
        Some(atom) => {
            let span = items[items.len() - 1].span;
            SexpKind::Dotted(items, Box::new(Sexp { kind: atom, span }))
        }
    }
}

/// Writes a template out.
struct Writer<'a> {
    rules: &'a SyntaxRules,
    name: &'a str,
    rename: &'a mut dyn FnMut(&str) -> String,
    at: Span,
    budget: &'a mut usize,
}

impl Writer<'_> {
    fn spend(&mut self) -> Result<(), ExpandError> {
        match self.budget.checked_sub(1) {
            Some(b) => {
                *self.budget = b;
                Ok(())
            }
            None => Err(ExpandError::TooLarge(self.name.to_string())),
        }
    }

    fn write(&mut self, t: &Sexp, binds: &Bindings, escaped: bool) -> Result<Sexp, ExpandError> {
        self.spend()?;
        match &t.kind {
            SexpKind::Sym(s) => match binds.get(s) {
                Some(Matched::One(f)) => {
                    *self.budget = self.budget.saturating_sub(size(f));
                    Ok(f.clone())
                }
                // Parsing checked the depths: a variable under too few ellipses never gets
                // here; should it, it is written as a symbol rather than failing.
                _ => Ok(Sexp { kind: SexpKind::Sym((self.rename)(s)), span: t.span }),
            },
            SexpKind::List(items) | SexpKind::Vector(items) | SexpKind::Dotted(items, _) => {
                if !escaped
                    && let [e, inner] = items.as_slice()
                    && self.rules.is_ellipsis(e)
                {
                    return self.write(inner, binds, true);
                }
                let mut out = Vec::new();
                let mut i = 0;
                while i < items.len() {
                    let item = &items[i];
                    let mut n = 0;
                    while !escaped
                        && items.get(i + 1 + n).is_some_and(|e| self.rules.is_ellipsis(e))
                    {
                        n += 1;
                    }
                    if n == 0 {
                        out.push(self.write(item, binds, escaped)?);
                    } else {
                        self.repeat(item, binds, n, &mut out)?;
                    }
                    i += 1 + n;
                }
                let kind = match &t.kind {
                    SexpKind::Vector(_) => SexpKind::Vector(out),
                    SexpKind::Dotted(_, tail) => {
                        let tail = self.write(tail, binds, escaped)?;
                        join(out, Some(tail))
                    }
                    _ => SexpKind::List(out),
                };
                Ok(Sexp { kind, span: self.at })
            }
            _ => Ok(t.clone()),
        }
    }

    /// Writes `item` followed by `n` ellipses: once per repetition of the variables under
    /// them, each `Many` binding replaced by its element; more ellipses flatten more levels.
    fn repeat(
        &mut self,
        item: &Sexp,
        binds: &Bindings,
        n: usize,
        out: &mut Vec<Sexp>,
    ) -> Result<(), ExpandError> {
        let mut syms = Vec::new();
        symbols(item, &mut syms);
        let mut count = None;
        let mut repeated: Vec<&str> = Vec::new();
        for s in syms {
            if let Some(Matched::Many(ms)) = binds.get(s) {
                if repeated.contains(&s) {
                    continue;
                }
                repeated.push(s);
                match count {
                    None => count = Some(ms.len()),
                    Some(c) if c != ms.len() => {
                        return Err(ExpandError::UnevenEllipsis(self.name.to_string()));
                    }
                    _ => {}
                }
            }
        }
        for i in 0..count.unwrap_or(0) {
            let mut inner = binds.clone();
            for s in &repeated {
                if let Some(Matched::Many(ms)) = binds.get(*s) {
                    inner.insert(s.to_string(), ms[i].clone());
                }
            }
            if n == 1 {
                out.push(self.write(item, &inner, false)?);
            } else {
                self.repeat(item, &inner, n - 1, out)?;
            }
        }
        Ok(())
    }
}

/// The number of nodes of a form.
fn size(s: &Sexp) -> usize {
    match &s.kind {
        SexpKind::List(items) | SexpKind::Vector(items) => {
            1 + items.iter().map(size).sum::<usize>()
        }
        SexpKind::Dotted(items, tail) => 1 + items.iter().map(size).sum::<usize>() + size(tail),
        _ => 1,
    }
}

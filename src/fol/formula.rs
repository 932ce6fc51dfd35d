//! The front end's own first-order formula syntax: what the TPTP reader produces and the
//! clausifier consumes. Names are owned strings, so nothing borrows from the parsed file.

/// A first-order term with named variables.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Term {
    /// A variable, by its TPTP name.
    Var(String),
    /// A function symbol applied to arguments (a constant has none).
    App(String, Vec<Term>),
    /// A distinct object (`"abc"`, printed with its quotes) or a number (`12`, `1/2`): a constant
    /// that differs from every other distinct object and number.
    Distinct(String),
}

/// Which quantifier.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Quantifier {
    /// `!`
    Forall,
    /// `?`
    Exists,
}

/// A first-order formula. Connectives that TPTP writes as negations of others (`~|`, `~&`, `<~>`,
/// `<=`) are expressed through `Not`, `Xor` and `Implies`.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Formula {
    /// `$true`
    True,
    /// `$false`
    False,
    /// A predicate applied to arguments.
    Atom(String, Vec<Term>),
    /// `s = t`
    Equal(Term, Term),
    /// `~F`
    Not(Box<Formula>),
    /// `F1 & ... & Fn`; the empty conjunction is true.
    And(Vec<Formula>),
    /// `F1 | ... | Fn`; the empty disjunction is false.
    Or(Vec<Formula>),
    /// `F => G`
    Implies(Box<Formula>, Box<Formula>),
    /// `F <=> G`
    Iff(Box<Formula>, Box<Formula>),
    /// `F <~> G`
    Xor(Box<Formula>, Box<Formula>),
    /// `!\[X..\]: F` or `?\[X..\]: F`
    Quantified(Quantifier, Vec<String>, Box<Formula>),
}

impl Formula {
    /// `$distinct(t1, .., tn)`: the terms are pairwise different.
    pub fn pairwise_distinct(terms: &[Term]) -> Formula {
        let mut conjuncts = Vec::new();
        for (i, s) in terms.iter().enumerate() {
            for t in &terms[i + 1..] {
                conjuncts.push(Formula::Equal(s.clone(), t.clone()).negate());
            }
        }
        Formula::And(conjuncts)
    }

    /// `~self`
    pub fn negate(self) -> Formula {
        Formula::Not(Box::new(self))
    }

    /// The variables occurring free, each once, in order of first occurrence.
    pub fn free_variables(&self) -> Vec<String> {
        let mut bound = Vec::new();
        let mut free = Vec::new();
        self.collect_free(&mut bound, &mut free);
        free
    }

    /// The universal closure: `self` under `!` over its free variables (itself when closed).
    pub fn universal_closure(self) -> Formula {
        let free = self.free_variables();
        if free.is_empty() {
            self
        } else {
            Formula::Quantified(Quantifier::Forall, free, Box::new(self))
        }
    }

    fn collect_free(&self, bound: &mut Vec<String>, free: &mut Vec<String>) {
        match self {
            Formula::True | Formula::False => {}
            Formula::Atom(_, args) => {
                for a in args {
                    a.collect_free(bound, free);
                }
            }
            Formula::Equal(s, t) => {
                s.collect_free(bound, free);
                t.collect_free(bound, free);
            }
            Formula::Not(f) => f.collect_free(bound, free),
            Formula::And(fs) | Formula::Or(fs) => {
                for f in fs {
                    f.collect_free(bound, free);
                }
            }
            Formula::Implies(f, g) | Formula::Iff(f, g) | Formula::Xor(f, g) => {
                f.collect_free(bound, free);
                g.collect_free(bound, free);
            }
            Formula::Quantified(_, vars, f) => {
                let depth = bound.len();
                bound.extend(vars.iter().cloned());
                f.collect_free(bound, free);
                bound.truncate(depth);
            }
        }
    }

    /// Whether an equivalence or exclusive or occurs anywhere inside.
    pub fn contains_equivalence(&self) -> bool {
        match self {
            Formula::Iff(..) | Formula::Xor(..) => true,
            Formula::True | Formula::False | Formula::Atom(..) | Formula::Equal(..) => false,
            Formula::Not(f) | Formula::Quantified(_, _, f) => f.contains_equivalence(),
            Formula::And(fs) | Formula::Or(fs) => fs.iter().any(Formula::contains_equivalence),
            Formula::Implies(f, g) => f.contains_equivalence() || g.contains_equivalence(),
        }
    }
}

impl Term {
    fn collect_free(&self, bound: &[String], free: &mut Vec<String>) {
        match self {
            Term::Var(v) => {
                if !bound.contains(v) && !free.contains(v) {
                    free.push(v.clone());
                }
            }
            Term::App(_, args) => {
                for a in args {
                    a.collect_free(bound, free);
                }
            }
            Term::Distinct(_) => {}
        }
    }
}

/// A compact TPTP-like rendering of a term (for reports and tests).
pub fn show_term(t: &Term) -> String {
    match t {
        Term::Var(v) => v.clone(),
        Term::Distinct(d) => d.clone(),
        Term::App(f, args) if args.is_empty() => f.clone(),
        Term::App(f, args) => {
            format!("{f}({})", args.iter().map(show_term).collect::<Vec<_>>().join(","))
        }
    }
}

/// A compact TPTP-like rendering of a formula (for reports and tests).
pub fn show_formula(f: &Formula) -> String {
    let list = |fs: &[Formula], op: &str, empty: &str| {
        if fs.is_empty() {
            empty.to_string()
        } else {
            format!("({})", fs.iter().map(show_formula).collect::<Vec<_>>().join(op))
        }
    };
    match f {
        Formula::True => "$true".into(),
        Formula::False => "$false".into(),
        Formula::Atom(p, args) => show_term(&Term::App(p.clone(), args.clone())),
        Formula::Equal(a, b) => format!("{} = {}", show_term(a), show_term(b)),
        Formula::Not(g) => format!("~{}", show_formula(g)),
        Formula::And(fs) => list(fs, " & ", "$true"),
        Formula::Or(fs) => list(fs, " | ", "$false"),
        Formula::Implies(a, b) => format!("({} => {})", show_formula(a), show_formula(b)),
        Formula::Iff(a, b) => format!("({} <=> {})", show_formula(a), show_formula(b)),
        Formula::Xor(a, b) => format!("({} <~> {})", show_formula(a), show_formula(b)),
        Formula::Quantified(q, vs, body) => format!(
            "{}[{}]: {}",
            if *q == Quantifier::Forall { "!" } else { "?" },
            vs.join(","),
            show_formula(body)
        ),
    }
}

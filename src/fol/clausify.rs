//! Clausification of first-order formulas: from `Formula` to clauses over a term bank.
//!
//! The steps, and why each keeps satisfiability:
//!
//! 1. **Negation normal form** with `$true`/`$false` simplification. `=>`, `<=>` and `<~>` are
//!    rewritten by their propositional definitions and negations pushed to the atoms; these are
//!    equivalences. Every quantifier met gets fresh variable numbers, so two copies of a
//!    subformula (an equivalence mentions each side twice) never share a bound variable.
//!    Free variables of a formula are read as universally quantified (its universal closure).
//! 2. **Naming under equivalences**: a side of `<=>`/`<~>` that itself contains an equivalence
//!    would be copied exponentially often; it is replaced by `def(xs)` (fresh predicate over its
//!    free variables `xs`) and `!xs (def(xs) <=> side)` is clausified separately. Adding a
//!    definition of a fresh symbol is a conservative extension, and under it the side and the
//!    atom are interchangeable, so the result is equisatisfiable.
//! 3. **Miniscoping**: `!x (A & B)` becomes `!x A & !x B`, `!x (A | B)` with `x` not in `A`
//!    becomes `A | !x B`, dually for `?`, and vacuous quantifiers disappear. These are
//!    equivalences; they shrink the scope of universal variables so Skolem functions get fewer
//!    arguments.
//! 4. **Skolemization**: `?x G` is replaced by `G[x := sk(ys)]` where `sk` is fresh and `ys` are
//!    the (universal) variables free in `?x G`. The result implies the original and any model of
//!    the original extends to one of the result by interpreting `sk` as a choice function, so
//!    satisfiability is preserved. Universal quantifiers are then dropped: clause variables are
//!    implicitly universal.
//! 5. **CNF by distribution with definitional naming**: `A | (B & C)` distributes to
//!    `(A | B) & (A | C)`. When the distribution of a disjunction would yield more than
//!    [`DISTRIBUTION_LIMIT`] clauses, its largest disjunct (by clause count) is replaced by a
//!    fresh atom `def(xs)` and the clauses `~def(xs) | C` for each clause `C` of the disjunct are
//!    added. In negation normal form every subformula occurs positively, so the one direction
//!    `def -> disjunct` suffices (Plaisted–Greenbaum): any model of the original sets `def` to
//!    the value of the disjunct, and any model of the result satisfies the original, because
//!    `def` true forces the disjunct true.
//! 6. **Clean-up**: `s != s` and repeated literals are removed, tautologies dropped, variables
//!    renumbered from 0 in order of first occurrence.
//!
//! All iteration is over vectors in formula order, so the output is deterministic.

use super::signature::SymbolOrigin;
use super::{Clause, Literal, Signature, SymbolId, SymbolKind, TermBank, TermId};

use super::formula::{Formula, Quantifier, Term};

/// A disjunction whose distribution would give more clauses than this has its largest disjunct
/// named. Sixteen keeps ordinary formulas (a few nested conjunctions under a disjunction) in
/// plain clause form, which the prover handles best, while bounding blow-up to a constant factor
/// per disjunction.
pub const DISTRIBUTION_LIMIT: usize = 16;

/// Negation normal form over bank terms: quantifiers bind one variable each.
#[derive(Clone, Debug)]
enum Nnf {
    True,
    False,
    Lit(Literal),
    And(Vec<Nnf>),
    Or(Vec<Nnf>),
    Forall(u32, Box<Nnf>),
    Exists(u32, Box<Nnf>),
}

/// Conjunction with `$true`/`$false` simplification and flattening.
fn make_and(parts: Vec<Nnf>) -> Nnf {
    let mut out = Vec::with_capacity(parts.len());
    for p in parts {
        match p {
            Nnf::True => {}
            Nnf::False => return Nnf::False,
            Nnf::And(inner) => out.extend(inner),
            other => out.push(other),
        }
    }
    match out.len() {
        0 => Nnf::True,
        1 => out.pop().unwrap_or(Nnf::True),
        _ => Nnf::And(out),
    }
}

/// Disjunction with `$true`/`$false` simplification and flattening.
fn make_or(parts: Vec<Nnf>) -> Nnf {
    let mut out = Vec::with_capacity(parts.len());
    for p in parts {
        match p {
            Nnf::False => {}
            Nnf::True => return Nnf::True,
            Nnf::Or(inner) => out.extend(inner),
            other => out.push(other),
        }
    }
    match out.len() {
        0 => Nnf::False,
        1 => out.pop().unwrap_or(Nnf::False),
        _ => Nnf::Or(out),
    }
}

/// Turns formulas into clauses, interning symbols in a signature and terms in a bank.
pub struct Clausifier<'a> {
    signature: &'a mut Signature,
    bank: &'a mut TermBank,
    /// Next unused variable number; every quantifier occurrence gets its own.
    next_var: u32,
    /// Distinct-object and number constants used so far, in order of first use.
    distinct_constants: Vec<SymbolId>,
    /// Definitions introduced under equivalences, waiting to be clausified.
    pending: Vec<Nnf>,
    /// Sides of equivalences already named during the current `clausify` call, by address in
    /// the formula being clausified. A side is met again whenever an enclosing side is
    /// converted in both polarities; reusing the name keeps naming linear. The atom refers to
    /// the side's free variables by name, so it fits every occurrence.
    named_sides: Vec<(usize, Formula)>,
}

impl<'a> Clausifier<'a> {
    /// A clausifier adding to `signature` and `bank`.
    pub fn new(signature: &'a mut Signature, bank: &'a mut TermBank) -> Self {
        Clausifier {
            signature,
            bank,
            next_var: 0,
            distinct_constants: Vec::new(),
            pending: Vec::new(),
            named_sides: Vec::new(),
        }
    }

    /// The distinct-object and number constants met so far, in order of first use. They denote
    /// pairwise different elements; the caller adds the disequations.
    pub fn distinct_constants(&self) -> &[SymbolId] {
        &self.distinct_constants
    }

    /// The clauses of `formula` (read as its universal closure): satisfiable exactly when the
    /// formula is, and implying it when no Skolem or definition symbol is involved.
    pub fn clausify(&mut self, formula: &Formula) -> Vec<Clause> {
        self.next_var = 0;
        self.named_sides.clear();
        let mut env = Vec::new();
        let closed = formula.clone().universal_closure();
        let mut queue = vec![self.nnf(&closed, true, &mut env)];
        let mut clauses = Vec::new();
        while let Some(nnf) = queue.pop() {
            let scoped = self.miniscope(nnf);
            let mut skolem_subst = Vec::new();
            let ground_free = self.skolemize(scoped, &mut skolem_subst);
            let mut definitions = Vec::new();
            let main = self.cnf(&ground_free, &mut definitions);
            clauses.extend(main);
            clauses.extend(definitions);
            // Definitions made under equivalences while building this formula's NNF.
            queue.extend(self.pending.drain(..).rev());
        }
        // The addresses are only meaningful while `closed` lives.
        self.named_sides.clear();
        self.finish(clauses)
    }

    /// The clause of a `cnf` statement: its literals, with variables by name.
    /// `None` when the clause is a tautology (it contains `$true`, `s = s` or complementary
    /// literals).
    pub fn clause_of_literals(&mut self, literals: &[Formula]) -> Option<Clause> {
        let mut names: Vec<(String, u32)> = Vec::new();
        let mut out = Vec::new();
        for literal in literals {
            let (positive, atom) = match literal {
                Formula::Not(inner) => (false, &**inner),
                other => (true, other),
            };
            match (atom, positive) {
                (Formula::True, true) | (Formula::False, false) => return None,
                (Formula::True, false) | (Formula::False, true) => {}
                (Formula::Atom(p, args), _) => {
                    let lhs = self.atom_term(p, args, &mut names);
                    let rhs = self.bank.true_term();
                    out.push(Literal::new(lhs, rhs, positive));
                }
                (Formula::Equal(s, t), _) => {
                    let lhs = self.term(s, &mut names);
                    let rhs = self.term(t, &mut names);
                    out.push(Literal::new(lhs, rhs, positive));
                }
                // The reader only produces the forms above for clauses; anything else is
                // clausified as a formula and must then be a single literal-free truth value.
                _ => return None,
            }
        }
        self.finish(vec![out]).pop()
    }

    fn finish(&mut self, clauses: Vec<Vec<Literal>>) -> Vec<Clause> {
        let mut out = Vec::with_capacity(clauses.len());
        for literals in clauses {
            let mut clause = Clause::new(literals);
            clause.remove_trivial_and_duplicate_literals();
            if clause.is_tautology() {
                continue;
            }
            let (normal, _) = clause.normalize_variables(self.bank);
            out.push(normal);
        }
        out
    }

    fn fresh_var(&mut self) -> u32 {
        let v = self.next_var;
        self.next_var += 1;
        v
    }

    /// A bank term for `t`. Variables are looked up in `env` (innermost binding last); unknown
    /// ones get a fresh number, which is how `cnf` clauses name their variables.
    fn term(&mut self, t: &Term, env: &mut Vec<(String, u32)>) -> TermId {
        match t {
            Term::Var(name) => {
                let found = env.iter().rev().find(|(n, _)| n == name).map(|&(_, v)| v);
                let v = match found {
                    Some(v) => v,
                    None => {
                        // Only clause literals meet unknown variables (formulas are closed
                        // first): the name is bound for the rest of the clause.
                        let v = self.fresh_var();
                        env.push((name.clone(), v));
                        v
                    }
                };
                self.bank.var(v)
            }
            Term::App(f, args) => {
                let args: Vec<TermId> = args.iter().map(|a| self.term(a, env)).collect();
                let symbol = self.signature.intern(f, args.len() as u32, SymbolKind::Function);
                self.bank.app(self.signature, symbol, &args)
            }
            Term::Distinct(name) => {
                let symbol = self.signature.intern(name, 0, SymbolKind::Function);
                if !self.distinct_constants.contains(&symbol) {
                    self.distinct_constants.push(symbol);
                }
                self.bank.app(self.signature, symbol, &[])
            }
        }
    }

    fn atom_term(
        &mut self,
        predicate: &str,
        args: &[Term],
        env: &mut Vec<(String, u32)>,
    ) -> TermId {
        let args: Vec<TermId> = args.iter().map(|a| self.term(a, env)).collect();
        let symbol = self.signature.intern(predicate, args.len() as u32, SymbolKind::Predicate);
        self.bank.app(self.signature, symbol, &args)
    }

    /// Negation normal form of `f` when `positive`, of `~f` otherwise.
    fn nnf(&mut self, f: &Formula, positive: bool, env: &mut Vec<(String, u32)>) -> Nnf {
        match f {
            Formula::True => {
                if positive {
                    Nnf::True
                } else {
                    Nnf::False
                }
            }
            Formula::False => {
                if positive {
                    Nnf::False
                } else {
                    Nnf::True
                }
            }
            Formula::Atom(p, args) => {
                let lhs = self.atom_term(p, args, env);
                let rhs = self.bank.true_term();
                Nnf::Lit(Literal::new(lhs, rhs, positive))
            }
            Formula::Equal(s, t) => {
                let lhs = self.term(s, env);
                let rhs = self.term(t, env);
                Nnf::Lit(Literal::new(lhs, rhs, positive))
            }
            Formula::Not(g) => self.nnf(g, !positive, env),
            Formula::And(gs) | Formula::Or(gs) => {
                let parts = gs.iter().map(|g| self.nnf(g, positive, env)).collect();
                if matches!(f, Formula::And(_)) == positive {
                    make_and(parts)
                } else {
                    make_or(parts)
                }
            }
            Formula::Implies(a, b) => {
                let left = self.nnf(a, !positive, env);
                let right = self.nnf(b, positive, env);
                if positive { make_or(vec![left, right]) } else { make_and(vec![left, right]) }
            }
            Formula::Iff(a, b) | Formula::Xor(a, b) => {
                let equivalent = matches!(f, Formula::Iff(..)) == positive;
                let a = self.name_if_nested(a, env);
                let b = self.name_if_nested(b, env);
                // a <=> b is (~a | b) & (a | ~b); a <~> b is (a | b) & (~a | ~b).
                let first = vec![self.nnf(&a, !equivalent, env), self.nnf(&b, true, env)];
                let second = vec![self.nnf(&a, equivalent, env), self.nnf(&b, false, env)];
                make_and(vec![make_or(first), make_or(second)])
            }
            Formula::Quantified(q, vars, body) => {
                let universal = (*q == Quantifier::Forall) == positive;
                let depth = env.len();
                let mut numbers = Vec::with_capacity(vars.len());
                for name in vars {
                    let v = self.fresh_var();
                    env.push((name.clone(), v));
                    numbers.push(v);
                }
                let mut result = self.nnf(body, positive, env);
                env.truncate(depth);
                for &v in numbers.iter().rev() {
                    result = if universal {
                        Nnf::Forall(v, Box::new(result))
                    } else {
                        Nnf::Exists(v, Box::new(result))
                    };
                }
                result
            }
        }
    }

    /// `side` itself, or a fresh atom `def(xs)` standing for it when it contains an equivalence
    /// (see step 2 of the module comment); the definition is queued in `pending`.
    fn name_if_nested(&mut self, side: &Formula, env: &mut Vec<(String, u32)>) -> Formula {
        if !side.contains_equivalence() {
            return side.clone();
        }
        let address = side as *const Formula as usize;
        if let Some((_, atom)) = self.named_sides.iter().find(|(a, _)| *a == address) {
            return atom.clone();
        }
        let free = side.free_variables();
        let symbol = self.signature.fresh(
            "def",
            free.len() as u32,
            SymbolKind::Predicate,
            SymbolOrigin::Definition,
        );
        let name = self.signature.name(symbol).to_string();
        let atom = Formula::Atom(name, free.iter().map(|v| Term::Var(v.clone())).collect());
        // !xs (def(xs) <=> side), with xs the current numbers of the free variables, so the
        // definition speaks about the same variables as the occurrence.
        let definition_forward =
            make_or(vec![self.nnf(&atom, false, env), self.nnf(side, true, env)]);
        let definition_backward =
            make_or(vec![self.nnf(&atom, true, env), self.nnf(side, false, env)]);
        self.pending.push(definition_forward);
        self.pending.push(definition_backward);
        self.named_sides.push((address, atom.clone()));
        atom
    }

    fn occurs_free(&self, v: u32, f: &Nnf) -> bool {
        match f {
            Nnf::True | Nnf::False => false,
            Nnf::Lit(l) => self.bank.occurs(v, l.lhs) || self.bank.occurs(v, l.rhs),
            Nnf::And(fs) | Nnf::Or(fs) => fs.iter().any(|g| self.occurs_free(v, g)),
            Nnf::Forall(w, g) | Nnf::Exists(w, g) => *w != v && self.occurs_free(v, g),
        }
    }

    /// Pushes quantifiers inward (step 3).
    fn miniscope(&mut self, f: Nnf) -> Nnf {
        match f {
            Nnf::And(fs) => make_and(fs.into_iter().map(|g| self.miniscope(g)).collect()),
            Nnf::Or(fs) => make_or(fs.into_iter().map(|g| self.miniscope(g)).collect()),
            Nnf::Forall(v, g) => {
                let g = self.miniscope(*g);
                self.push_quantifier(true, v, g)
            }
            Nnf::Exists(v, g) => {
                let g = self.miniscope(*g);
                self.push_quantifier(false, v, g)
            }
            other => other,
        }
    }

    /// `!v f` (when `universal`) or `?v f`, with the quantifier moved as far in as it goes.
    fn push_quantifier(&mut self, universal: bool, v: u32, f: Nnf) -> Nnf {
        if !self.occurs_free(v, &f) {
            return f;
        }
        let wrap = |g: Nnf| {
            if universal { Nnf::Forall(v, Box::new(g)) } else { Nnf::Exists(v, Box::new(g)) }
        };
        match f {
            // `!` distributes over `&`, `?` over `|`.
            Nnf::And(fs) if universal => {
                make_and(fs.into_iter().map(|g| self.push_quantifier(true, v, g)).collect())
            }
            Nnf::Or(fs) if !universal => {
                make_or(fs.into_iter().map(|g| self.push_quantifier(false, v, g)).collect())
            }
            // Over the other connective, only the parts mentioning `v` stay in scope.
            Nnf::And(fs) | Nnf::Or(fs) => {
                // The scoped part takes the place of the first part mentioning `v`, so literal
                // order stays close to the input.
                let mut slot = None;
                let mut parts = Vec::with_capacity(fs.len());
                let mut with = Vec::new();
                for g in fs {
                    if self.occurs_free(v, &g) {
                        slot.get_or_insert(parts.len());
                        with.push(g);
                    } else {
                        parts.push(g);
                    }
                }
                let scoped = if with.len() == 1 {
                    let only = with.into_iter().next().unwrap_or(Nnf::True);
                    self.push_quantifier(universal, v, only)
                } else if universal {
                    wrap(make_or(with))
                } else {
                    wrap(make_and(with))
                };
                parts.insert(slot.unwrap_or(0).min(parts.len()), scoped);
                if universal { make_or(parts) } else { make_and(parts) }
            }
            // Quantifiers of one kind commute. Look through the whole block of them to the body:
            // if `v` cannot enter the body, it joins the block; if it can, the body changed
            // shape and each quantifier of the block is pushed again into the new body. Pushing
            // always descends into a part of the body, so this terminates.
            block @ (Nnf::Forall(..) | Nnf::Exists(..))
                if matches!(block, Nnf::Forall(..)) == universal =>
            {
                let mut block_vars = Vec::new();
                let mut body = block;
                loop {
                    match body {
                        Nnf::Forall(w, g) if universal => {
                            block_vars.push(w);
                            body = *g;
                        }
                        Nnf::Exists(w, g) if !universal => {
                            block_vars.push(w);
                            body = *g;
                        }
                        other => {
                            body = other;
                            break;
                        }
                    }
                }
                let inner = self.push_quantifier(universal, v, body);
                let stuck = match &inner {
                    Nnf::Forall(u, _) => universal && *u == v,
                    Nnf::Exists(u, _) => !universal && *u == v,
                    _ => false,
                };
                let mut result = inner;
                for &w in block_vars.iter().rev() {
                    result = if stuck {
                        if universal {
                            Nnf::Forall(w, Box::new(result))
                        } else {
                            Nnf::Exists(w, Box::new(result))
                        }
                    } else {
                        self.push_quantifier(universal, w, result)
                    };
                }
                result
            }
            other => wrap(other),
        }
    }

    /// Replaces existential variables by Skolem terms and drops universal quantifiers (step 4).
    /// `subst` maps the existential variables in scope to their Skolem terms.
    fn skolemize(&mut self, f: Nnf, subst: &mut Vec<(u32, TermId)>) -> Nnf {
        match f {
            Nnf::True | Nnf::False => f,
            Nnf::Lit(l) => {
                if subst.is_empty() {
                    return Nnf::Lit(l);
                }
                let mut map = |bank: &mut TermBank, v: u32| {
                    subst
                        .iter()
                        .rev()
                        .find(|(w, _)| *w == v)
                        .map_or_else(|| bank.var(v), |&(_, t)| t)
                };
                let lhs = self.bank.map_vars(l.lhs, &mut map);
                let rhs = self.bank.map_vars(l.rhs, &mut map);
                Nnf::Lit(Literal::new(lhs, rhs, l.positive))
            }
            Nnf::And(fs) => make_and(fs.into_iter().map(|g| self.skolemize(g, subst)).collect()),
            Nnf::Or(fs) => make_or(fs.into_iter().map(|g| self.skolemize(g, subst)).collect()),
            Nnf::Forall(_, g) => self.skolemize(*g, subst),
            Nnf::Exists(v, g) => {
                // The Skolem arguments: the variables free in `?v g` once earlier existentials
                // are replaced, i.e. the universal variables it depends on, in binding order.
                let mut free = Vec::new();
                self.collect_free_vars(&g, &mut Vec::new(), &mut free);
                free.retain(|&w| w != v);
                let mut args_vars = Vec::new();
                for w in free {
                    match subst.iter().rev().find(|(x, _)| *x == w) {
                        Some(&(_, t)) => self.bank.collect_var_occurrences(t, &mut args_vars),
                        None => args_vars.push(w),
                    }
                }
                args_vars.sort_unstable();
                args_vars.dedup();
                let args: Vec<TermId> = args_vars.iter().map(|&w| self.bank.var(w)).collect();
                let symbol = self.signature.fresh(
                    "sk",
                    args.len() as u32,
                    SymbolKind::Function,
                    SymbolOrigin::Skolem,
                );
                let skolem_term = self.bank.app(self.signature, symbol, &args);
                subst.push((v, skolem_term));
                let result = self.skolemize(*g, subst);
                subst.pop();
                result
            }
        }
    }

    fn collect_free_vars(&self, f: &Nnf, bound: &mut Vec<u32>, out: &mut Vec<u32>) {
        match f {
            Nnf::True | Nnf::False => {}
            Nnf::Lit(l) => {
                let mut occurrences = Vec::new();
                self.bank.collect_var_occurrences(l.lhs, &mut occurrences);
                self.bank.collect_var_occurrences(l.rhs, &mut occurrences);
                for v in occurrences {
                    if !bound.contains(&v) && !out.contains(&v) {
                        out.push(v);
                    }
                }
            }
            Nnf::And(fs) | Nnf::Or(fs) => {
                for g in fs {
                    self.collect_free_vars(g, bound, out);
                }
            }
            Nnf::Forall(v, g) | Nnf::Exists(v, g) => {
                bound.push(*v);
                self.collect_free_vars(g, bound, out);
                bound.pop();
            }
        }
    }

    /// Clauses of a quantifier-free NNF formula, naming disjuncts whose distribution would give
    /// too many clauses (step 5); definition clauses go to `definitions`.
    fn cnf(&mut self, f: &Nnf, definitions: &mut Vec<Vec<Literal>>) -> Vec<Vec<Literal>> {
        match f {
            Nnf::True => Vec::new(),
            Nnf::False => vec![Vec::new()],
            Nnf::Lit(l) => vec![vec![*l]],
            Nnf::And(fs) => fs.iter().flat_map(|g| self.cnf(g, definitions)).collect(),
            Nnf::Or(fs) => {
                let mut parts: Vec<Vec<Vec<Literal>>> =
                    fs.iter().map(|g| self.cnf(g, definitions)).collect();
                if parts.iter().any(Vec::is_empty) {
                    return Vec::new();
                }
                loop {
                    let product = parts.iter().try_fold(1usize, |acc, p| acc.checked_mul(p.len()));
                    if product.is_some_and(|n| n <= DISTRIBUTION_LIMIT) {
                        break;
                    }
                    // Name the disjunct with the most clauses (the first such, for determinism).
                    let mut largest = 0;
                    for (i, p) in parts.iter().enumerate() {
                        if p.len() > parts[largest].len() {
                            largest = i;
                        }
                    }
                    let named = std::mem::take(&mut parts[largest]);
                    let atom = self.definition_atom(&named);
                    let rhs = self.bank.true_term();
                    for clause in named {
                        let mut with_guard = vec![Literal::new(atom, rhs, false)];
                        with_guard.extend(clause);
                        definitions.push(with_guard);
                    }
                    parts[largest] = vec![vec![Literal::new(atom, rhs, true)]];
                }
                let mut acc: Vec<Vec<Literal>> = vec![Vec::new()];
                for part in parts {
                    let mut next = Vec::with_capacity(acc.len() * part.len());
                    for prefix in &acc {
                        for clause in &part {
                            let mut joined = prefix.clone();
                            joined.extend_from_slice(clause);
                            next.push(joined);
                        }
                    }
                    acc = next;
                }
                acc
            }
            // Skolemization removed every quantifier.
            Nnf::Forall(_, g) | Nnf::Exists(_, g) => self.cnf(g, definitions),
        }
    }

    /// A fresh predicate applied to the variables of `clauses`, in increasing order.
    fn definition_atom(&mut self, clauses: &[Vec<Literal>]) -> TermId {
        let mut vars = Vec::new();
        for clause in clauses {
            for l in clause {
                self.bank.collect_var_occurrences(l.lhs, &mut vars);
                self.bank.collect_var_occurrences(l.rhs, &mut vars);
            }
        }
        vars.sort_unstable();
        vars.dedup();
        let args: Vec<TermId> = vars.iter().map(|&v| self.bank.var(v)).collect();
        let symbol = self.signature.fresh(
            "def",
            args.len() as u32,
            SymbolKind::Predicate,
            SymbolOrigin::Definition,
        );
        self.bank.app(self.signature, symbol, &args)
    }
}

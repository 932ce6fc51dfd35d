//! Flattening: every clause rewritten so that each literal has at most one symbol, over
//! variables only: `f(x1, .., xn) = y` or `!=`, `p(x1, .., xn)` or its negation, `x = y` or `!=`.
//!
//! A non-variable subterm `t` of a clause `C[t]` is replaced by a fresh variable `y` and the
//! disequation `t != y` added: `C[y] | t != y` is equivalent to `C[t]` (for `y` the value of `t`
//! the disequation is false and `C[y]` is `C[t]`; for any other `y` the clause is true). Equal
//! subterms of one clause share their variable. An equation `f(s) = t` keeps `f` at the top and
//! flattens only below it, which saves a variable. Then every `x != y` is removed by
//! substituting `x` for `y` (`x != y | C` is equivalent to `C[x/y]`), a clause with `x = x`
//! (a tautology) is dropped, `x != x` literals and duplicates are dropped, and the variables are
//! renumbered `0, 1, ..` in order of first occurrence. Each of these steps keeps the clause's
//! meaning, so the flat clause set has exactly the models of the input.

use rustc_hash::FxHashMap;

use crate::fol::{Clause, Signature, SymbolId, SymbolKind, TermBank, TermId, TermView};

/// A literal of a flat clause; variables are numbered within their clause.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum FlatLiteral {
    /// `symbol(args) = result`, or `!=` when not `positive`.
    Function {
        /// The function symbol (a constant when `args` is empty).
        symbol: SymbolId,
        /// Argument variables.
        args: Vec<u32>,
        /// The result variable.
        result: u32,
        /// Polarity.
        positive: bool,
    },
    /// `symbol(args)`, or its negation when not `positive`.
    Predicate {
        /// The predicate symbol.
        symbol: SymbolId,
        /// Argument variables.
        args: Vec<u32>,
        /// Polarity.
        positive: bool,
    },
    /// `left = right`, or `!=` when not `positive`.
    Equal {
        /// A variable.
        left: u32,
        /// A variable.
        right: u32,
        /// Polarity.
        positive: bool,
    },
}

impl FlatLiteral {
    fn variables_mut(&mut self) -> Vec<&mut u32> {
        match self {
            FlatLiteral::Function { args, result, .. } => {
                args.iter_mut().chain(std::iter::once(result)).collect()
            }
            FlatLiteral::Predicate { args, .. } => args.iter_mut().collect(),
            FlatLiteral::Equal { left, right, .. } => vec![left, right],
        }
    }

    /// The variables of the literal, in argument order.
    pub fn variables(&self) -> Vec<u32> {
        let mut copy = self.clone();
        copy.variables_mut().into_iter().map(|v| *v).collect()
    }
}

/// A flat clause: its literals over the variables `0 .. variables`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlatClause {
    /// How many variables the clause has.
    pub variables: u32,
    /// The literals.
    pub literals: Vec<FlatLiteral>,
}

/// Why a clause cannot be flattened: it is outside the kernel's equational encoding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unsupported(pub String);

/// Flattens `clause`; `None` when the clause is a tautology after flattening.
pub fn flatten_clause(
    signature: &Signature,
    bank: &TermBank,
    clause: &Clause,
) -> Result<Option<FlatClause>, Unsupported> {
    let mut flattener = Flattener {
        signature,
        bank,
        next_variable: clause.var_bound(bank),
        shared: FxHashMap::default(),
        literals: Vec::new(),
    };
    for literal in &clause.literals {
        let (lhs, rhs) = (literal.lhs, literal.rhs);
        match (flattener.is_true(lhs), flattener.is_true(rhs)) {
            (true, true) => {
                if literal.positive {
                    return Ok(None);
                }
            }
            (false, true) | (true, false) => {
                let atom = if flattener.is_true(rhs) { lhs } else { rhs };
                let TermView::App(symbol, args) = bank.view(atom) else {
                    return Err(Unsupported("a variable stands for an atom".to_string()));
                };
                if signature.info(symbol).kind != SymbolKind::Predicate {
                    return Err(Unsupported("$true equated to an individual".to_string()));
                }
                let args = flattener.arguments(args)?;
                flattener.literals.push(FlatLiteral::Predicate {
                    symbol,
                    args,
                    positive: literal.positive,
                });
            }
            (false, false) => {
                let (top, other) = if bank.is_var(lhs) { (rhs, lhs) } else { (lhs, rhs) };
                let other = flattener.term(other)?;
                match bank.view(top) {
                    TermView::Var(n) => flattener.literals.push(FlatLiteral::Equal {
                        left: n,
                        right: other,
                        positive: literal.positive,
                    }),
                    TermView::App(symbol, args) => {
                        if signature.info(symbol).kind != SymbolKind::Function {
                            return Err(Unsupported("an atom equated to a term".to_string()));
                        }
                        let args = flattener.arguments(args)?;
                        flattener.literals.push(FlatLiteral::Function {
                            symbol,
                            args,
                            result: other,
                            positive: literal.positive,
                        });
                    }
                }
            }
        }
    }
    Ok(simplify(flattener.literals))
}

struct Flattener<'a> {
    signature: &'a Signature,
    bank: &'a TermBank,
    next_variable: u32,
    /// The variable standing for each non-variable subterm flattened so far.
    shared: FxHashMap<TermId, u32>,
    literals: Vec<FlatLiteral>,
}

impl Flattener<'_> {
    fn is_true(&self, t: TermId) -> bool {
        matches!(self.bank.view(t), TermView::App(head, []) if self.signature.info(head).kind == SymbolKind::True)
    }

    fn arguments(&mut self, args: &[TermId]) -> Result<Vec<u32>, Unsupported> {
        args.iter().map(|&a| self.term(a)).collect()
    }

    /// The variable standing for `t`, adding `t != y` for a new `y` the first time.
    fn term(&mut self, t: TermId) -> Result<u32, Unsupported> {
        let (symbol, args) = match self.bank.view(t) {
            TermView::Var(n) => return Ok(n),
            TermView::App(symbol, args) => (symbol, args),
        };
        if let Some(&y) = self.shared.get(&t) {
            return Ok(y);
        }
        if self.signature.info(symbol).kind != SymbolKind::Function {
            return Err(Unsupported("an atom under a function symbol".to_string()));
        }
        let args = self.arguments(args)?;
        let result = self.next_variable;
        self.next_variable += 1;
        self.shared.insert(t, result);
        self.literals.push(FlatLiteral::Function { symbol, args, result, positive: false });
        Ok(result)
    }
}

/// Removes `x != y` by substitution, drops false and duplicate literals, detects tautologies,
/// and renumbers the variables in order of first occurrence.
fn simplify(mut literals: Vec<FlatLiteral>) -> Option<FlatClause> {
    // Union-find over variables, the smaller number representing its class so the result does
    // not depend on the order the disequations are met.
    let bound =
        literals.iter().flat_map(FlatLiteral::variables).max().map_or(0, |v| v as usize + 1);
    let mut parent: Vec<u32> = (0..bound as u32).collect();
    fn find(parent: &mut [u32], v: u32) -> u32 {
        let mut root = v;
        while parent[root as usize] != root {
            root = parent[root as usize];
        }
        parent[v as usize] = root;
        root
    }
    for literal in &literals {
        if let FlatLiteral::Equal { left, right, positive: false } = *literal {
            let (a, b) = (find(&mut parent, left), find(&mut parent, right));
            let (low, high) = (a.min(b), a.max(b));
            parent[high as usize] = low;
        }
    }
    for literal in &mut literals {
        for v in literal.variables_mut() {
            *v = find(&mut parent, *v);
        }
    }
    let mut kept: Vec<FlatLiteral> = Vec::new();
    for literal in literals {
        if let FlatLiteral::Equal { left, right, positive } = literal
            && left == right
        {
            if positive {
                return None;
            }
            continue;
        }
        if !kept.contains(&literal) {
            kept.push(literal);
        }
    }
    // A literal and its complement make a tautology.
    let complement = |l: &FlatLiteral| {
        let mut c = l.clone();
        match &mut c {
            FlatLiteral::Function { positive, .. }
            | FlatLiteral::Predicate { positive, .. }
            | FlatLiteral::Equal { positive, .. } => *positive = !*positive,
        }
        c
    };
    if kept.iter().any(|l| kept.contains(&complement(l))) {
        return None;
    }
    Some(renumber(kept))
}

/// The clause of `literals` with its variables renumbered `0, 1, ..` in order of first
/// occurrence.
pub fn renumber(mut literals: Vec<FlatLiteral>) -> FlatClause {
    let mut renumbered: FxHashMap<u32, u32> = FxHashMap::default();
    for literal in &mut literals {
        for v in literal.variables_mut() {
            let next = renumbered.len() as u32;
            *v = *renumbered.entry(*v).or_insert(next);
        }
    }
    FlatClause { variables: renumbered.len() as u32, literals }
}

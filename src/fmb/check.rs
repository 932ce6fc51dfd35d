//! The independent model checker: every clause of the problem as given (not the flattened
//! clauses the finder encoded) evaluated under every assignment of its variables to domain
//! elements, in the model's tables.
//!
//! It shares no code with the finder: no flattening, no SAT encoding, no symbol numbering. It
//! reads terms through the term bank and the tables through [`FiniteModel`]'s accessors, and
//! evaluates the equational encoding of the kernel directly: `s = t` between individuals
//! compares their values; `p(..) = $true` is the predicate's table entry. Anything outside that
//! encoding (an atom under a function, `$true` against a non-atom, an atom equated to an
//! individual, a variable standing for an atom) is rejected rather than guessed at.

use thiserror::Error;

use super::model::FiniteModel;
use crate::fol::{Clause, Literal, Signature, SymbolId, SymbolKind, TermBank, TermId, TermView};

/// Why a model was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum CheckError {
    /// Some assignment makes a clause false.
    #[error("clause {clause} is false under the assignment {assignment:?}")]
    FalseClause {
        /// The position of the clause in the input.
        clause: usize,
        /// The values of its variables, by variable number.
        assignment: Vec<u32>,
    },
    /// A symbol of the clause has no table (or one of the wrong length) in the model.
    #[error("clause {clause}: symbol {symbol} is not interpreted by the model")]
    Uninterpreted {
        /// The position of the clause in the input.
        clause: usize,
        /// The symbol's name.
        symbol: String,
    },
    /// A table holds a value outside the domain.
    #[error("the table of {symbol} holds a value outside the domain")]
    OutOfDomain {
        /// The symbol's name.
        symbol: String,
    },
    /// The clause is not in the kernel's equational encoding.
    #[error("clause {clause}: literal outside the equational encoding")]
    Malformed {
        /// The position of the clause in the input.
        clause: usize,
    },
    /// The clause has too many assignments to enumerate within the budget.
    #[error("clause {clause}: too many variable assignments to check")]
    TooLarge {
        /// The position of the clause in the input.
        clause: usize,
    },
}

/// What a successful check covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CheckReport {
    /// Clauses evaluated.
    pub clauses: usize,
    /// Ground instances covered (assignments times clauses, saturating).
    pub instances: u64,
    /// Partial assignments the search visited.
    pub evaluations: u64,
}

/// The most partial assignments the checker visits in all, so a huge clause fails the check
/// (and the model goes unreported) instead of running for hours.
const MAX_EVALUATIONS: u64 = 100_000_000;

/// Checks that every clause is true in `model` under every assignment of its variables.
///
/// The assignments are enumerated as a tree, variable 0 first; each literal is evaluated at the
/// depth where its last variable is assigned, and a true literal settles the whole subtree
/// below it. A leaf reached with every literal false is a counterexample.
pub fn check_model(
    model: &FiniteModel,
    signature: &Signature,
    bank: &TermBank,
    clauses: &[Clause],
) -> Result<CheckReport, CheckError> {
    if model.size == 0 {
        return Err(CheckError::FalseClause { clause: 0, assignment: Vec::new() });
    }
    for (&symbol, table) in &model.functions {
        if table.iter().any(|&v| v >= model.size) {
            return Err(CheckError::OutOfDomain { symbol: signature.name(symbol).to_string() });
        }
    }
    let mut report = CheckReport::default();
    for (index, clause) in clauses.iter().enumerate() {
        let variables = clause.var_bound(bank) as usize;
        // Literals by the depth at which all their variables are assigned.
        let mut by_depth: Vec<Vec<Literal>> = vec![Vec::new(); variables + 1];
        for literal in &clause.literals {
            let mut occurring = Vec::new();
            bank.collect_var_occurrences(literal.lhs, &mut occurring);
            bank.collect_var_occurrences(literal.rhs, &mut occurring);
            let depth = occurring.iter().map(|&v| v as usize + 1).max().unwrap_or(0);
            by_depth[depth].push(*literal);
        }
        let evaluator = Evaluator { model, signature, bank, clause: index };
        let mut search = Search {
            evaluator: &evaluator,
            by_depth: &by_depth,
            assignment: vec![0; variables],
            evaluations: report.evaluations,
        };
        search.visit(0)?;
        report.evaluations = search.evaluations;
        report.clauses += 1;
        report.instances =
            report.instances.saturating_add((model.size as u64).saturating_pow(variables as u32));
    }
    Ok(report)
}

/// The depth-first enumeration of one clause's assignments.
struct Search<'a> {
    evaluator: &'a Evaluator<'a>,
    by_depth: &'a [Vec<Literal>],
    assignment: Vec<u32>,
    evaluations: u64,
}

impl Search<'_> {
    /// Checks every completion of the first `depth` values of the assignment.
    fn visit(&mut self, depth: usize) -> Result<(), CheckError> {
        self.evaluations += 1;
        if self.evaluations > MAX_EVALUATIONS {
            return Err(CheckError::TooLarge { clause: self.evaluator.clause });
        }
        for literal in &self.by_depth[depth] {
            if self.evaluator.literal(literal, &self.assignment)? {
                return Ok(());
            }
        }
        if depth == self.assignment.len() {
            return Err(CheckError::FalseClause {
                clause: self.evaluator.clause,
                assignment: self.assignment.clone(),
            });
        }
        for value in 0..self.evaluator.model.size {
            self.assignment[depth] = value;
            self.visit(depth + 1)?;
        }
        Ok(())
    }
}

struct Evaluator<'a> {
    model: &'a FiniteModel,
    signature: &'a Signature,
    bank: &'a TermBank,
    clause: usize,
}

impl Evaluator<'_> {
    fn malformed(&self) -> CheckError {
        CheckError::Malformed { clause: self.clause }
    }

    fn is_true_constant(&self, t: TermId) -> bool {
        matches!(self.bank.view(t), TermView::App(head, []) if self.signature.info(head).kind == SymbolKind::True)
    }

    fn is_predicate_application(&self, t: TermId) -> bool {
        matches!(self.bank.view(t), TermView::App(head, _) if self.signature.info(head).kind == SymbolKind::Predicate)
    }

    fn literal(&self, literal: &Literal, assignment: &[u32]) -> Result<bool, CheckError> {
        let (lhs, rhs) = (literal.lhs, literal.rhs);
        let holds = match (self.is_true_constant(lhs), self.is_true_constant(rhs)) {
            (true, true) => true,
            (false, true) => self.atom(lhs, assignment)?,
            (true, false) => self.atom(rhs, assignment)?,
            (false, false) => {
                if self.is_predicate_application(lhs) || self.is_predicate_application(rhs) {
                    return Err(self.malformed());
                }
                self.individual(lhs, assignment)? == self.individual(rhs, assignment)?
            }
        };
        Ok(holds == literal.positive)
    }

    fn atom(&self, t: TermId, assignment: &[u32]) -> Result<bool, CheckError> {
        let TermView::App(head, args) = self.bank.view(t) else {
            return Err(self.malformed());
        };
        if self.signature.info(head).kind != SymbolKind::Predicate {
            return Err(self.malformed());
        }
        let values = self.arguments(args, assignment)?;
        self.model
            .predicate_value(head, &values)
            .filter(|_| self.table_fits(head, true))
            .ok_or_else(|| self.uninterpreted(head))
    }

    /// The values of an application's arguments.
    fn arguments(&self, args: &[TermId], assignment: &[u32]) -> Result<Vec<u32>, CheckError> {
        args.iter().map(|&a| self.individual(a, assignment)).collect()
    }

    fn uninterpreted(&self, symbol: SymbolId) -> CheckError {
        CheckError::Uninterpreted {
            clause: self.clause,
            symbol: self.signature.name(symbol).to_string(),
        }
    }

    fn individual(&self, t: TermId, assignment: &[u32]) -> Result<u32, CheckError> {
        match self.bank.view(t) {
            TermView::Var(n) => assignment.get(n as usize).copied().ok_or_else(|| self.malformed()),
            TermView::App(head, args) => {
                if self.signature.info(head).kind != SymbolKind::Function {
                    return Err(self.malformed());
                }
                let values = self.arguments(args, assignment)?;
                self.model
                    .function_value(head, &values)
                    .filter(|_| self.table_fits(head, false))
                    .ok_or_else(|| self.uninterpreted(head))
            }
        }
    }

    /// Whether the symbol's table has exactly one entry per argument tuple, so that a lookup
    /// cannot silently read a neighbour's entry.
    fn table_fits(&self, symbol: crate::fol::SymbolId, predicate: bool) -> bool {
        let expected = (self.model.size as usize).checked_pow(self.signature.arity(symbol));
        let actual = if predicate {
            self.model.predicates.get(&symbol).map(Vec::len)
        } else {
            self.model.functions.get(&symbol).map(Vec::len)
        };
        expected.is_some() && actual == expected
    }
}

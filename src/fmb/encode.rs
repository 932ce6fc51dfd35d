//! The propositional encoding of "the flat clauses have a model of size `n`".
//!
//! Variables: for a function symbol `f` of arity `k`, one variable per argument tuple and value
//! (`f(d1, .., dk) = v`, `n^(k+1)` of them); for a predicate `p`, one per tuple (`n^k`).
//! Clauses:
//!
//! - **Functionality**: for each tuple, at least one value (one clause of `n` literals) and at
//!   most one (pairwise: `n (n - 1) / 2` binary clauses; for the small `n` finite-model
//!   finding reaches, pairwise is cheaper to propagate than a sequential counter).
//! - **Instances**: each flat clause under every assignment of its variables to elements; an
//!   equation between variables is decided by the assignment (a true one satisfies the
//!   instance, which is then skipped; a false one is left out).
//! - **Symmetry breaking** (Paradox's scheme for constants): any model can be renamed so that
//!   the constants, taken in a fixed order `c1, c2, ..`, take values in order of first
//!   appearance: `c1 = 0`, and each later `ci` takes a value already taken by `c1 .. c(i-1)` or
//!   the next unused one. So `ci <= i - 1`, and `ci = d` with `d > 0` needs some `cj = d - 1`
//!   with `j < i`. Every model has a renaming meeting these constraints, so no model size is
//!   lost, and the SAT solver never explores the `n!` renamings of one model.

use rustc_hash::FxHashMap;

use super::flatten::{FlatClause, FlatLiteral};
use super::model::{FiniteModel, tuple_index};
use crate::fol::SymbolId;
use crate::sat::{Lit, Model, Var};

/// Where one symbol's variables start.
#[derive(Clone, Copy, Debug)]
struct Slot {
    arity: u32,
    function: bool,
    base: u64,
}

/// The variable layout for one domain size.
pub struct Encoding {
    size: u32,
    /// Symbols in order of first occurrence in the flat clauses (the constants' order for
    /// symmetry breaking).
    order: Vec<SymbolId>,
    slots: FxHashMap<SymbolId, Slot>,
    variables: u64,
}

/// `size^exponent`, or `None` past `u64`.
fn power(size: u32, exponent: u32) -> Option<u64> {
    (size as u64).checked_pow(exponent)
}

impl Encoding {
    /// The layout for `clauses` at domain size `size`, or `None` when the variables would not
    /// fit the SAT solver's variable range.
    pub fn new(clauses: &[FlatClause], size: u32) -> Option<Encoding> {
        let mut order = Vec::new();
        let mut slots: FxHashMap<SymbolId, Slot> = FxHashMap::default();
        let mut variables = 0u64;
        for literal in clauses.iter().flat_map(|c| &c.literals) {
            let (symbol, arity, function) = match literal {
                FlatLiteral::Function { symbol, args, .. } => (*symbol, args.len() as u32, true),
                FlatLiteral::Predicate { symbol, args, .. } => (*symbol, args.len() as u32, false),
                FlatLiteral::Equal { .. } => continue,
            };
            if slots.contains_key(&symbol) {
                continue;
            }
            let count = power(size, arity + function as u32)?;
            slots.insert(symbol, Slot { arity, function, base: variables });
            order.push(symbol);
            variables = variables.checked_add(count)?;
        }
        (variables <= Var::MAX_INDEX as u64).then_some(Encoding { size, order, slots, variables })
    }

    /// The number of SAT variables.
    pub fn variables(&self) -> u64 {
        self.variables
    }

    /// The number of clauses [`Encoding::emit`] would produce at most (before instances
    /// satisfied by a variable equation are skipped), or `None` past `u64`.
    pub fn clause_bound(&self, clauses: &[FlatClause]) -> Option<u64> {
        let n = self.size as u64;
        let mut total = 0u64;
        for slot in self.slots.values().filter(|s| s.function) {
            let per_tuple = 1 + n * n.saturating_sub(1) / 2;
            total = total.checked_add(power(self.size, slot.arity)?.checked_mul(per_tuple)?)?;
        }
        for clause in clauses {
            total = total.checked_add(power(self.size, clause.variables)?)?;
        }
        total.checked_add(n * n)
    }

    fn function_var(&self, slot: Slot, args: &[u32], value: u32) -> Var {
        let tuple = tuple_index(self.size, args) as u64;
        Var((slot.base + tuple * self.size as u64 + value as u64) as u32)
    }

    fn predicate_var(&self, slot: Slot, args: &[u32]) -> Var {
        Var((slot.base + tuple_index(self.size, args) as u64) as u32)
    }

    /// Emits every clause of the encoding into `sink`: functionality, instances, symmetry
    /// breaking. Returns early with `false` when `keep_going` says stop (checked between flat
    /// clauses, so a time limit is honoured during a long encoding).
    pub fn emit(
        &self,
        clauses: &[FlatClause],
        sink: &mut dyn FnMut(&[Lit]),
        keep_going: &mut dyn FnMut() -> bool,
    ) -> bool {
        let n = self.size;
        let mut buffer: Vec<Lit> = Vec::new();
        for &symbol in &self.order {
            let slot = self.slots[&symbol];
            if !slot.function {
                continue;
            }
            let mut args = vec![0u32; slot.arity as usize];
            loop {
                buffer.clear();
                buffer.extend((0..n).map(|v| self.function_var(slot, &args, v).positive()));
                sink(&buffer);
                for a in 0..n {
                    for b in a + 1..n {
                        sink(&[
                            self.function_var(slot, &args, a).negative(),
                            self.function_var(slot, &args, b).negative(),
                        ]);
                    }
                }
                if !next_tuple(&mut args, n) {
                    break;
                }
            }
        }
        for clause in clauses {
            if !keep_going() {
                return false;
            }
            let mut assignment = vec![0u32; clause.variables as usize];
            let mut args: Vec<u32> = Vec::new();
            loop {
                buffer.clear();
                let mut satisfied = false;
                for literal in &clause.literals {
                    match literal {
                        FlatLiteral::Equal { left, right, positive } => {
                            if (assignment[*left as usize] == assignment[*right as usize])
                                == *positive
                            {
                                satisfied = true;
                                break;
                            }
                        }
                        FlatLiteral::Function { symbol, args: vars, result, positive } => {
                            args.clear();
                            args.extend(vars.iter().map(|&v| assignment[v as usize]));
                            let var = self.function_var(
                                self.slots[symbol],
                                &args,
                                assignment[*result as usize],
                            );
                            buffer.push(Lit::new(var, !*positive));
                        }
                        FlatLiteral::Predicate { symbol, args: vars, positive } => {
                            args.clear();
                            args.extend(vars.iter().map(|&v| assignment[v as usize]));
                            let var = self.predicate_var(self.slots[symbol], &args);
                            buffer.push(Lit::new(var, !*positive));
                        }
                    }
                }
                if !satisfied {
                    buffer.sort_unstable();
                    buffer.dedup();
                    // A literal and its complement (possible after two literals land on one
                    // variable) make the instance true.
                    if !buffer.windows(2).any(|w| w[0].var() == w[1].var()) {
                        sink(&buffer);
                    }
                }
                if !next_tuple(&mut assignment, n) {
                    break;
                }
            }
        }
        self.emit_symmetry_breaking(sink);
        true
    }

    /// Paradox's constraints on the constants (see the module documentation).
    fn emit_symmetry_breaking(&self, sink: &mut dyn FnMut(&[Lit])) {
        let constants: Vec<Slot> = self
            .order
            .iter()
            .map(|s| self.slots[s])
            .filter(|slot| slot.function && slot.arity == 0)
            .collect();
        for (i, &constant) in constants.iter().enumerate() {
            // Constant number i (from 0) takes a value at most i.
            for value in (i as u32 + 1)..self.size {
                sink(&[self.function_var(constant, &[], value).negative()]);
            }
            for value in 1..self.size.min(i as u32 + 1) {
                let mut clause = vec![self.function_var(constant, &[], value).negative()];
                clause.extend(
                    constants[..i].iter().map(|&c| self.function_var(c, &[], value - 1).positive()),
                );
                sink(&clause);
            }
        }
    }

    /// Reads the tables off a SAT model.
    pub fn extract(&self, model: &Model) -> FiniteModel {
        let mut result = FiniteModel {
            size: self.size,
            functions: Default::default(),
            predicates: Default::default(),
        };
        for &symbol in &self.order {
            let slot = self.slots[&symbol];
            let mut args = vec![0u32; slot.arity as usize];
            let mut values = Vec::new();
            let mut truths = Vec::new();
            loop {
                if slot.function {
                    let value = (0..self.size)
                        .find(|&v| model.value(self.function_var(slot, &args, v)))
                        .unwrap_or(0);
                    values.push(value);
                } else {
                    truths.push(model.value(self.predicate_var(slot, &args)));
                }
                if !next_tuple(&mut args, self.size) {
                    break;
                }
            }
            if slot.function {
                result.functions.insert(symbol, values);
            } else {
                result.predicates.insert(symbol, truths);
            }
        }
        result
    }
}

/// Advances `tuple` to the next tuple over `0 .. size` (last position fastest, matching
/// [`tuple_index`]); false after the last one.
pub fn next_tuple(tuple: &mut [u32], size: u32) -> bool {
    for slot in tuple.iter_mut().rev() {
        *slot += 1;
        if *slot < size {
            return true;
        }
        *slot = 0;
    }
    false
}

//! A finite interpretation: the domain `{0, .., size - 1}` and one table per function and
//! predicate symbol. This is plain data shared by the finder (which fills it from a SAT model)
//! and the checker (which reads it); neither's logic lives here.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use crate::fol::{Signature, SymbolId, SymbolOrigin};

/// A finite model. Tables are indexed by the argument tuple read as a number in base `size`,
/// first argument most significant (so a constant's table has one entry).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FiniteModel {
    /// The number of domain elements (at least 1).
    pub size: u32,
    /// The value of every function symbol (constants included) on every argument tuple.
    pub functions: BTreeMap<SymbolId, Vec<u32>>,
    /// The truth value of every predicate symbol on every argument tuple.
    pub predicates: BTreeMap<SymbolId, Vec<bool>>,
}

/// The position of an argument tuple in a table over a domain of `size` elements.
pub fn tuple_index(size: u32, args: &[u32]) -> usize {
    args.iter().fold(0usize, |index, &a| index * size as usize + a as usize)
}

/// The argument tuple at position `index` of a table of `arity` arguments.
fn tuple_at(size: u32, arity: u32, mut index: usize) -> Vec<u32> {
    let mut args = vec![0u32; arity as usize];
    for slot in args.iter_mut().rev() {
        *slot = (index % size as usize) as u32;
        index /= size as usize;
    }
    args
}

impl FiniteModel {
    /// The value of `symbol` on `args`, if the model interprets it.
    pub fn function_value(&self, symbol: SymbolId, args: &[u32]) -> Option<u32> {
        self.functions.get(&symbol)?.get(tuple_index(self.size, args)).copied()
    }

    /// The truth of `symbol` on `args`, if the model interprets it.
    pub fn predicate_value(&self, symbol: SymbolId, args: &[u32]) -> Option<bool> {
        self.predicates.get(&symbol)?.get(tuple_index(self.size, args)).copied()
    }

    /// The model in TPTP's finite-interpretation form (as Paradox and Vampire print it): an
    /// `fi_domain` formula naming the elements as distinct objects `"e0"`, `"e1"`, .., one
    /// `fi_functors` formula per function symbol and one `fi_predicates` formula per predicate
    /// symbol. Only symbols of the input are written: Skolem functions and definition
    /// predicates are artefacts of clausification, and the model of the input formulas is the
    /// reduct to its own vocabulary.
    pub fn write_tptp(&self, signature: &Signature, out: &mut String) {
        let element = |e: u32| format!("\"e{e}\"");
        let elements: Vec<String> = (0..self.size).map(|e| format!("X = {}", element(e))).collect();
        let _ =
            writeln!(out, "fof(domain, fi_domain,\n    ! [X] : ( {} ) ).", elements.join(" | "));
        let shown = |symbol: &SymbolId| signature.info(*symbol).origin == SymbolOrigin::Input;
        for (&symbol, table) in self.functions.iter().filter(|(s, _)| shown(s)) {
            let arity = signature.arity(symbol);
            let name = tptp_word(signature.name(symbol));
            let entries: Vec<String> = table
                .iter()
                .enumerate()
                .map(|(index, &value)| {
                    format!(
                        "{} = {}",
                        application(&name, &tuple_at(self.size, arity, index), element),
                        element(value)
                    )
                })
                .collect();
            let _ = writeln!(
                out,
                "fof({}, fi_functors,\n    ( {} ) ).",
                formula_name("f", &name),
                entries.join("\n    & ")
            );
        }
        for (&symbol, table) in self.predicates.iter().filter(|(s, _)| shown(s)) {
            let arity = signature.arity(symbol);
            let name = tptp_word(signature.name(symbol));
            let entries: Vec<String> = table
                .iter()
                .enumerate()
                .map(|(index, &value)| {
                    let atom = application(&name, &tuple_at(self.size, arity, index), element);
                    if value { atom } else { format!("~ {atom}") }
                })
                .collect();
            let _ = writeln!(
                out,
                "fof({}, fi_predicates,\n    ( {} ) ).",
                formula_name("p", &name),
                entries.join("\n    & ")
            );
        }
    }
}

/// `name(e_a1, .., e_an)`, or `name` for a constant.
fn application(name: &str, args: &[u32], element: impl Fn(u32) -> String) -> String {
    if args.is_empty() {
        return name.to_string();
    }
    let args: Vec<String> = args.iter().map(|&a| element(a)).collect();
    format!("{name}({})", args.join(", "))
}

/// A symbol name as a TPTP word: kept when it is a lower word, single-quoted otherwise.
fn tptp_word(name: &str) -> String {
    let plain = name.chars().next().is_some_and(|c| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain || (name.starts_with('\'') && name.ends_with('\'') && name.len() > 1) {
        name.to_string()
    } else {
        format!("'{}'", name.replace('\\', "\\\\").replace('\'', "\\'"))
    }
}

/// The formula name of a symbol's table: `f_NAME` or `p_NAME` when the name is a plain word,
/// else the quoted name with the prefix inside the quotes.
fn formula_name(prefix: &str, word: &str) -> String {
    match word.strip_prefix('\'') {
        Some(rest) => format!("'{prefix}_{rest}"),
        None => format!("{prefix}_{word}"),
    }
}

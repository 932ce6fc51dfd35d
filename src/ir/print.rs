//! A readable listing of procedures in the IR (`show ir METHOD`): the signature, the contract
//! conjunct by conjunct, then each location with its outgoing edges, terms in the notation,
//! every line that comes from source followed by its `file:line:col`.

use std::collections::BTreeMap;
use std::fmt::Write as _;

use super::{Command, ConditionOrigin, FrameItem, Procedure, Program, VariableKind};
use crate::hol::{ConstId, HolBank, Term, TermId};
use crate::notation::{Naming, print_term};
use crate::syntax::Span;

/// Every procedure of a program, one after another.
pub fn print_program(program: &Program, locate: &dyn Fn(Span) -> String) -> String {
    let mut out = String::new();
    for (i, p) in program.procedures.iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&print_procedure(program, p, locate));
    }
    out
}

/// Terms that would print as more symbols than this are summarised instead: a term is a DAG
/// whose shared parts print once per use, so a few lines of C (bitwise operators between
/// variables, bit by bit) can stand for a tree too large to write out.
const MAX_PRINTED_NODES: u64 = 20_000;

/// A term as the listing shows it: variables by their own names, fields as `x..f`.
pub fn show_term(program: &Program, t: TermId) -> String {
    let mut memo = BTreeMap::new();
    if tree_size(&program.bank, t, &mut memo) > MAX_PRINTED_NODES {
        return format!(
            "<a term of more than {MAX_PRINTED_NODES} symbols written out ({} distinct \
             subterms); not printed>",
            memo.len()
        );
    }
    let name = |c: ConstId| program.display_name(c);
    let field = |c: ConstId| {
        program.variable(c).is_some_and(|v| matches!(v.kind, VariableKind::Field { .. }))
    };
    print_term(&program.bank, &Naming { name: &name, field: &field }, t)
}

/// The number of nodes of `t` written out as a tree (saturating), counted once per distinct
/// subterm.
fn tree_size(bank: &HolBank, t: TermId, memo: &mut BTreeMap<TermId, u64>) -> u64 {
    if let Some(&n) = memo.get(&t) {
        return n;
    }
    let children: Vec<TermId> = match &bank.term(t).term {
        Term::Var(_) | Term::Const(_) | Term::Int(_) => Vec::new(),
        Term::App(f, x) => vec![*f, *x],
        Term::Bind(_, _, body) => vec![*body],
        Term::Prim(_, args) => args.clone(),
    };
    let n = children.iter().fold(1u64, |n, &c| n.saturating_add(tree_size(bank, c, memo)));
    memo.insert(t, n);
    n
}

fn typed(program: &Program, c: ConstId) -> String {
    let decl = &program.consts[c.0 as usize];
    format!("{}: {}", program.display_name(c), program.bank.show_ty(decl.ty))
}

/// One procedure: signature, contract, locals, then the graph location by location.
pub fn print_procedure(
    program: &Program,
    procedure: &Procedure,
    locate: &dyn Fn(Span) -> String,
) -> String {
    let mut out = String::new();
    let params: Vec<String> = procedure.params.iter().map(|&c| typed(program, c)).collect();
    let _ = write!(out, "procedure {}({})", procedure.name, params.join(", "));
    if !procedure.results.is_empty() {
        let results: Vec<String> = procedure.results.iter().map(|&c| typed(program, c)).collect();
        let _ = write!(out, " returns ({})", results.join(", "));
    }
    let _ = writeln!(out, "  -- {}", locate(procedure.span));
    for (word, conditions) in [("requires", &procedure.requires), ("ensures", &procedure.ensures)] {
        for c in conditions {
            let origin = match &c.origin {
                ConditionOrigin::Written => String::new(),
                ConditionOrigin::ClassInvariant(name) => format!(" (class invariant {name})"),
            };
            let _ = writeln!(
                out,
                "  {word} {}{origin}  -- {}",
                show_term(program, c.formula),
                locate(c.span)
            );
        }
    }
    let heap = program.variables.iter().any(|v| v.kind == VariableKind::Alloc);
    if procedure.modifies.is_empty() && !heap {
        // A program without a heap (C) allocates nothing.
        let _ = writeln!(out, "  modifies nothing");
    } else if procedure.modifies.is_empty() {
        let _ = writeln!(out, "  modifies nothing but the objects it allocates");
    } else {
        let items: Vec<String> = procedure
            .modifies
            .iter()
            .map(|m| match m {
                FrameItem::Variable(c) => program.display_name(*c),
                FrameItem::FieldAt { field, object } => {
                    format!("{}..{}", show_term(program, *object), program.display_name(*field))
                }
            })
            .collect();
        let _ = writeln!(out, "  modifies {}", items.join(", "));
    }
    if !procedure.locals.is_empty() {
        let locals: Vec<String> = procedure.locals.iter().map(|&c| typed(program, c)).collect();
        let _ = writeln!(out, "  locals {}", locals.join(", "));
    }
    let Some(cfg) = &procedure.body else {
        let _ = writeln!(out, "  (no body: calls use the contract)");
        return out;
    };
    for (i, location) in cfg.locations.iter().enumerate() {
        let at = super::Loc(i as u32);
        let mut head = format!("  l{i}:");
        if at == cfg.entry {
            head.push_str(" (entry)");
        }
        if at == cfg.exit {
            head.push_str(" (exit)");
        }
        if location.loop_head {
            head.push_str(" (loop head)");
        }
        let _ = writeln!(out, "{head}");
        for inv in &location.invariants {
            let _ = writeln!(
                out,
                "      invariant {}  -- {}",
                show_term(program, inv.formula),
                locate(inv.span)
            );
        }
        for edge in cfg.successors(at) {
            let text = command_text(program, &edge.command);
            let target = format!("goto l{}", edge.to.0);
            let line = if text.is_empty() { target } else { format!("{text}; {target}") };
            match edge.span {
                Some(span) => {
                    let _ = writeln!(out, "      {line}  -- {}", locate(span));
                }
                None => {
                    let _ = writeln!(out, "      {line}");
                }
            }
        }
    }
    out
}

/// A command in the listing's syntax.
pub fn command_text(program: &Program, command: &Command) -> String {
    match command {
        Command::Skip => String::new(),
        Command::Assume { formula, .. } => format!("assume {}", show_term(program, *formula)),
        Command::Assign(pairs) => {
            let lhs: Vec<String> = pairs.iter().map(|(c, _)| program.display_name(*c)).collect();
            let rhs: Vec<String> = pairs.iter().map(|(_, t)| show_term(program, *t)).collect();
            format!("{} := {}", lhs.join(", "), rhs.join(", "))
        }
        Command::Havoc(vars) => {
            let names: Vec<String> = vars.iter().map(|c| program.display_name(*c)).collect();
            format!("havoc {}", names.join(", "))
        }
        Command::Assert { formula, check, what } => {
            format!("assert {}  [{}: {what}]", show_term(program, *formula), check.describe())
        }
        Command::Call { callee, args, results } => {
            let args: Vec<String> = args.iter().map(|t| show_term(program, *t)).collect();
            let call = format!("call {}({})", program.procedure(*callee).name, args.join(", "));
            if results.is_empty() {
                call
            } else {
                let names: Vec<String> = results.iter().map(|c| program.display_name(*c)).collect();
                format!("{} := {call}", names.join(", "))
            }
        }
    }
}

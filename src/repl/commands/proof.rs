//! `proof [--tree]`: the last refutation, in TSTP or as an indented tree.

use std::io::Write;

use rustc_hash::FxHashSet;

use super::CommandSpec;
use crate::prover::{Proof, Rule};
use crate::repl::options::parse_words;
use crate::repl::{Attempt, CommandError, CommandResult, Control, Workbench};
use crate::solve::answer::{SzsStatus, write_tstp_proof};

pub const SPEC: CommandSpec = CommandSpec {
    name: "proof",
    summary: "print the last refutation (TSTP, or a tree with --tree)",
    usage: "proof [--tree]",
    help: "Prints the refutation found by the last `prove` in TSTP form. With --tree, prints it as\n\
           an indented tree: each clause above the clauses it was derived from; a clause used\n\
           twice is expanded once and then referred to as `(see above)`.",
    changes_state: false,
    run,
};

/// The last attempt and its proof, or an error saying why there is none.
pub(crate) fn last_proof(wb: &Workbench) -> Result<(&Attempt, &Proof), CommandError> {
    let attempt = wb
        .state
        .last
        .as_deref()
        .ok_or_else(|| CommandError::Refused("no proof attempt yet (try `prove`)".into()))?;
    match &attempt.proof {
        Some(p) if attempt.status != SzsStatus::Error => Ok((attempt, p)),
        _ => Err(CommandError::Refused(format!(
            "the last attempt ({}) found no refutation: {}",
            attempt.goal,
            attempt.status.name()
        ))),
    }
}

/// The words of `proof`.
#[derive(clap::Parser)]
#[command(name = "proof")]
pub(crate) struct ProofWords {
    /// Print the refutation as an indented tree.
    #[arg(long)]
    tree: bool,
}

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    let ProofWords { tree } = parse_words(args, SPEC.usage)?;
    let (attempt, proof) = last_proof(wb)?;
    let solved = attempt; // the problem, signature and bank the proof lives in
    if !tree {
        let mut text = String::new();
        write_tstp_proof(&mut text, &solved.problem, &solved.signature, &solved.bank, proof);
        write!(out, "{text}")?;
        return Ok(Control::Continue);
    }
    // A proof the checker accepted (or the prover extracted) is never empty, has every premise
    // and indexes every input step: failing any of these is a bug.
    let Some(root) = proof.nodes.last() else {
        return Err(CommandError::Internal("the refutation is empty".into()));
    };
    // Depth-first with an explicit stack: long proofs must not exhaust the call stack.
    let mut stack = vec![(root.id, 0usize)];
    let mut shown = FxHashSet::default();
    while let Some((id, depth)) = stack.pop() {
        let node = proof
            .node(id)
            .ok_or_else(|| CommandError::Internal("a premise is missing from the proof".into()))?;
        let indent = "  ".repeat(depth);
        let body = node.clause.display(&solved.signature, &solved.bank);
        if !shown.insert(id) {
            writeln!(out, "{indent}c_{}: {body}  (see above)", id.0)?;
            continue;
        }
        let how = if node.step.rule == Rule::Input {
            let index = node
                .step
                .input_index
                .ok_or_else(|| CommandError::Internal("an input step without its index".into()))?;
            let source = &solved.problem.clauses[index].source;
            format!("{} {}", source.role, source.name)
        } else {
            node.step.rule.name().to_string()
        };
        writeln!(out, "{indent}c_{}: {body}  [{how}]", id.0)?;
        let mut premises: Vec<_> = node.step.premises.iter().map(|p| p.clause).collect();
        premises.dedup();
        for p in premises.into_iter().rev() {
            stack.push((p, depth + 1));
        }
    }
    Ok(Control::Continue)
}

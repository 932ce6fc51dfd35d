//! `cegar [FUNCTION]`: start abstraction refinement (lazy abstraction with interpolants) on a
//! function of the C program loaded last.

use std::io::Write;

use super::CommandSpec;
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "cegar",
    summary: "start lazy abstraction with interpolants on a C function (then `step`, `run`)",
    usage: "cegar [FUNCTION] [--engine impact|kinduction|portfolio] \
            [--domain impact|predicates|language] [--max-steps N] [--max-nodes N] \
            [--time-limit S] [--no-invariants]",
    help: "Starts a refinement run on FUNCTION (default main) of the C program loaded last:\n\
           its calls are inlined into one graph, and the abstract reachability tree starts as\n\
           the root n0 labelled True. On Java files, FUNCTION is a method (Class.method):\n\
           its precondition is assumed and its postcondition checked. --domain impact (the\n\
           default) labels nodes with interpolants (McMillan's lazy abstraction);\n\
           --domain predicates labels them with the cartesian abstraction over predicates\n\
           per location, taken from the interpolants (BLAST), cutting and re-exploring the\n\
           subtree a refinement invalidates; --domain language runs language-based\n\
           refinement (region words in a DFA, m-spurious factors removed, regions split by\n\
           interpolants) to the end at once, saying each step (no `step` through it).\n\
           Before the first step, abstract interpretation\n\
           (intervals with widening to the program's constants, affine equalities) finds an\n\
           invariant for each loop head; nodes there start from it, path formulas carry it, and\n\
           error paths it rules out are refined from the loop head on, so loops close at the\n\
           second visit (--no-invariants starts every node at True). Nothing is explored yet: `step` takes one step (an\n\
           expansion, a covering, or the check of an error path with its refinement, and says\n\
           which), `run [N]` takes N steps or runs to the end. Then `show art`, `show node N`,\n\
           `show cex`, `show path`, `show interpolants [K]`, `show invariant`, `predicates`,\n\
           `diff`, `predicate add`, `dot FILE` and `undo` look at the run and change it.\n\
           --engine kinduction runs k-induction instead (as `craig cegar --engine`): each\n\
           `step` is one round of k, and says the error paths of k edges it checked, refuted\n\
           and kept; --engine portfolio runs k-induction (within --max-steps path checks, at\n\
           most 500) and, when it ends without an answer, hands over to IMPACT (the step\n\
           that does says so), whose steps count on: --max-steps bounds both engines' steps\n\
           together. impact is the default. k-induction builds no tree: the views above\n\
           show IMPACT's, its root alone before IMPACT acts.\n\
           A run ends SAFE (the labels form an inductive invariant, checked edge by edge),\n\
           UNSAFE (a counterexample whose inputs were replayed on the program) or UNKNOWN\n\
           (a limit was reached, or something is out of scope, and why). The limits (default\n\
           20000 steps and 20000 nodes, and no time limit) end a run that does not converge;\n\
           --time-limit S ends it once its steps have taken S seconds of CPU time (the\n\
           process's, the clock of every time limit of craig), over all `step` and `run`\n\
           commands (as `craig cegar --time-limit`; time at the prompt does not count).\n\
           Ctrl-C stops `run` where it is, and the run continues with the next `run`.\n\
           A C program's integers are machine integers unless it was loaded with\n\
           `load --math-int` (see `help load`); Java's are mathematical. Every answer says\n\
           which.",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    crate::repl::refinement::start(wb, args, SPEC.usage, out)
}

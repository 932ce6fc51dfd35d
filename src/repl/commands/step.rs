//! `step [N|all]`: advance the refinement run of the C program loaded last, or the summary
//! engine of the boolean program loaded last, by one step (or N, or to the end), saying what each
//! step did.

use std::io::Write;

use crate::repl::BoolProgram;
use crate::repl::refinement;

use super::CommandSpec;
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "step",
    summary: "advance a refinement run or a boolean program's summary engine by one step",
    usage: "step [N|all] [--restart] [--no-patterns]",
    help: "On a C program with a SMASH run (`help smash`): the next rule application (N with\n\
           N, all to the end), each named as in the paper, and where the run is.\n\
           On a C program (the program loaded last being C): one step of the refinement run\n\
           (`cegar` starts one; without it, `step` starts one on main), or N steps, each said:\n\
           the node expanded and its children, the node covered and by which, or the error\n\
           path checked, found infeasible and refined (the nodes its interpolants\n\
           strengthened, the coverings undone and made), or the verdict that ended the run.\n\
           On a boolean program (.bp or .qr, loaded last): takes the next item off the\n\
           summary engine's worklist (N items with N, every item with `all`) and prints what\n\
           each step did: the state expanded or the call resumed, then each path edge (a new\n\
           state in a summary computation), call, summary started or reused, summary edge (a\n\
           new effect), effect applied at a call site, pattern growth, invalidated match and\n\
           call rescheduled. A last line says where the run is; `step all` prints the verdict\n\
           and the statistics instead, as `check` does.\n\
           The first `step` starts a run with summaries keyed by patterns (Section 6 of Qadeer\n\
           and Rajamani); later ones continue it. --no-patterns starts (or continues) a run\n\
           with summaries keyed by whole canonical visible states (Section 5); --restart\n\
           starts the run again from the beginning. The explicit search without summaries is\n\
           not stepwise: `check --no-summaries` runs it. Ctrl-C stops `step all` where it is.\n\
           `undo` puts the run back where it was before the step.",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    // The program stepped is the last loaded of the kinds `step` drives: a program the
    // refinement commands act on, or a boolean program.
    let refinement = wb
        .state
        .theories
        .iter()
        .rev()
        .find(|t| refinement::is_target(t) || t.is::<BoolProgram>())
        .is_some_and(refinement::is_target);
    if refinement && crate::repl::smash::is_target(&wb.state) {
        return crate::repl::smash::step(wb, args, "step [N|all]", out);
    }
    if refinement {
        return refinement::advance(wb, args, "step [N]", true, out);
    }
    crate::repl::boolprog::step(wb, args, SPEC.usage, out)
}

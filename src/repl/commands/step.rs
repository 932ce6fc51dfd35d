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
           `undo` puts the run back where it was before the step.\n\
           On a hybrid system (.hy, loaded last): one round of language-based refinement\n\
           (N rounds, or to the verdict with `all`): each word removed (its pattern wΩ*, Ω*w\n\
           or Ω*wΩ*, p-, s- or m-spurious, the constraint refuted and the box pruning\n\
           emptied), each don't-know word, each region pruned or removed, the split (region,\n\
           side, both halves, the fresh symbol), then the verdict when the run ends.\n\
           --maxlen N (2 to 8, default 3), --algorithm 1|3 (default 3) and --max-splits N\n\
           (default 1000), --incremental (the paper's set Q) start a new run with them;\n\
           `show language|regions|graph`, `dot`\n\
           and `plot` look at the run.",
    changes_state: true,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    // The program stepped is the last loaded of the kinds `step` drives: a program the
    // refinement commands act on, a boolean program, or a hybrid system. A C program with a
    // SMASH run steps that run.
    let last = wb.state.theories.iter().rev().find(|t| {
        refinement::is_target(t) || t.is::<BoolProgram>() || crate::repl::hybrid::is_hybrid(t)
    });
    if last.is_some_and(crate::repl::hybrid::is_hybrid) {
        return crate::repl::hybrid::step(
            wb,
            args,
            "step [N|all] [--maxlen N] [--algorithm 1|3] [--max-splits N] [--incremental] [--restart]",
            out,
        );
    }
    if last.is_some_and(refinement::is_target) && crate::repl::smash::is_target(&wb.state) {
        return crate::repl::smash::step(wb, args, "step [N|all]", out);
    }
    if last.is_some_and(refinement::is_target) {
        return refinement::advance(wb, args, "step [N]", true, out);
    }
    crate::repl::boolprog::step(wb, args, SPEC.usage, out)
}

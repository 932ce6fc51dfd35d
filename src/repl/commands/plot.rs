//! `plot FILE.svg X Y`: a picture of the hybrid system's regions loaded last, projected on two
//! of its variables, one panel a mode (the drawing is made in [`crate::repl`]'s hybrid kind).

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::{CommandResult, Workbench};

pub const SPEC: CommandSpec = CommandSpec {
    name: "plot",
    summary: "draw a hybrid system's regions over two variables as SVG",
    usage: "plot FILE.svg X Y",
    help: "Writes an SVG drawing (atomically) of the regions of the run on the hybrid system\n\
           loaded last (`help step`), projected on the variables X and Y, one panel a mode:\n\
           a region still in the language shaded red, one no longer in it green, the space\n\
           no region covers (pruned or removed) white. The initial and unsafe sets are\n\
           outlined, blue and red dashed: the boxes interval pruning leaves of them, which\n\
           may be larger than the sets. Before the first `step`, the regions at the start.",
    changes_state: false,
    run,
};

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    arity(SPEC.usage, args, 3, 3)?;
    crate::repl::hybrid::plot(wb, &args[0], &args[1], &args[2], out)
}

//! `show GOAL [hol|sequent|clauses|sorts]`: what a goal is made of, at each stage of the
//! translation; `show ir METHOD`: a Java method's or a C function's IR listing.

use std::io::Write;

use super::{CommandSpec, arity};
use crate::repl::kind::GoalView;
use crate::repl::{CommandError, CommandResult, Control, Workbench};
use crate::syntax::Span;

pub const SPEC: CommandSpec = CommandSpec {
    name: "show",
    summary: "show a goal (overview, HOL, sequent, clauses, sorts), a method's IR, a summary, \
              a ΓCFA state or a Scheme program's CPS",
    usage: "show GOAL [hol|sequent|clauses|sorts] | show ir METHOD | show summary N | \
            show state N | show cps [THEORY] | show art | show node N | show cex | show path | \
            show interpolants [K] | show invariant | show summary nK|mK | \
            show partition NODE [qK] | show language | show regions | show graph | \
            show warning N",
    help: "Without a view, prints the goal's theory, its hypotheses and its statement.\n\
           hol      the lemma and its hypotheses as written in the spec file, with locations\n\
           sequent  the first-order sequent the translation made: each hypothesis kept, the\n\
                    sequent's own assumptions and the negated goal, before clausification\n\
           clauses  every input clause with the name and role of its formula (the conjecture\n\
                    appears negated, as the prover uses it)\n\
           sorts    which sorts were erased or guarded and why, what was approximated (with\n\
                    its location) and which hypotheses were left out\n\
           A TPTP goal has no HOL and no sorts; its sequent is its list of formulas.\n\
           Spec goals are translated under the current `sorts` and `retain` options.\n\
           A proof obligation of Java files shows what it checks and where, the path through\n\
           the method it covers, and its sequent in HOL: each hypothesis with what it is in\n\
           the program (precondition, class invariant, statement, branch, call, ...) and its\n\
           file:line:col, then the goal (`hol` shows the sequent alone).\n\
           show ir Class.method  the method's IR: contract, locals, then each location with\n\
                                 its edges, every line with its file:line:col (a C\n\
                                 program's functions by name: `show ir main`)\n\
           show summary N        summary N of the boolean program loaded last (`summaries`\n\
                                 lists them): its canonical entry state, its pattern and\n\
                                 its effects

           show state N  state N of the last `cfa`: what it does, its time, environment,\n\
                         continuation, store with counts, and successors\n\
           show cps [THEORY]  a Scheme program (default: the last loaded) in CPS\n\
           \n\
           On the refinement run of the C program loaded last (`help cegar`):\n\
           show art              the abstract reachability tree, one node a line: location,\n\
                                 parent, label, covering, error check, open nodes marked\n\
           show node N           node N: location, label, the edge from its parent, children,\n\
                                 coverings, and the refinements that strengthened it\n\
           show cex              the counterexample (UNSAFE: its inputs, replayed, and its\n\
                                 path), or else the last spurious abstract counterexample\n\
           show path             the last checked path's formula in SSA, one part per edge\n\
           show interpolants [K] refinement K's (default the last) path formula and sequence\n\
                                 interpolant, each formula against its path position\n\
           show invariant        after SAFE: the checked invariant at every reached location\n\
           \n\
           On the SMASH run of the C program loaded last (`help smash`):\n\
           show summary nK|mK    not-may summary K (entry and exit) or must summary K (its\n\
                                 starting values, inputs and the values it leaves)\n\
           show partition NODE [qK]  question K's regions at location NODE (default: the\n\
                                 question analysed now): each formula, how many known\n\
                                 reachable states it holds, the regions no step reaches\n\
           \n\
           On the run of the hybrid system loaded last (`help step`):\n\
           show language         the DFA's size and its contracted words up to maxlen\n\
           show regions          every region (mode and box) and whether it is in L\n\
           show graph            T_L, the transition graph L induces\n\
           \n\
           On the Saturn run of the C program loaded last (`help saturn`):\n\
           show warning N        warning N (`warnings` lists them): its place, rule and\n\
                                 message, its inputs and replay, and the replayed run's\n\
                                 path (a lock warning: its calls)",
    changes_state: false,
    run,
};

/// The views `show` offers, for completion.
pub const VIEWS: &[&str] = &["hol", "sequent", "clauses", "sorts"];

fn run(wb: &mut Workbench, args: &[String], out: &mut dyn Write) -> CommandResult {
    // A SMASH run (see `help smash`): a question's partition at a location, or a summary.
    if args.first().is_some_and(|a| a == "partition") && wb.state.goal("partition").is_err() {
        arity(SPEC.usage, args, 1, 3)?;
        let word = |k: usize| args.get(k).map(String::as_str);
        return crate::repl::smash::show_partition(wb, word(1), word(2), out);
    }
    arity(SPEC.usage, args, 1, 2)?;
    // A Saturn run (see `help saturn`): one warning with its path.
    if args[0] == "warning"
        && wb.state.goal("warning").is_err()
        && crate::repl::saturn::is_target(&wb.state)
    {
        return crate::repl::saturn::show_warning(wb, args.get(1).map(String::as_str), out);
    }
    if args[0] == "summary"
        && wb.state.goal("summary").is_err()
        && crate::repl::smash::is_target(&wb.state)
        && args.get(1).is_some_and(|w| w.starts_with('n') || w.starts_with('m'))
    {
        return crate::repl::smash::show_summary(wb, &args[1], out);
    }
    if args[0] == "ir" && wb.state.goal("ir").is_err() {
        return show_ir(wb, args.get(1).map(String::as_str), out);
    }
    // A refinement run on a C program (see `help cegar`).
    if crate::repl::refinement::SHOW_VIEWS.contains(&args[0].as_str())
        && wb.state.goal(&args[0]).is_err()
    {
        return crate::repl::refinement::show(wb, &args[0], args.get(1).map(String::as_str), out);
    }
    // A hybrid system's run (see `help step`).
    if crate::repl::hybrid::SHOW_VIEWS.contains(&args[0].as_str())
        && wb.state.goal(&args[0]).is_err()
    {
        arity(SPEC.usage, args, 1, 1)?;
        return crate::repl::hybrid::show(wb, &args[0], out);
    }
    if args[0] == "summary" && wb.state.goal("summary").is_err() {
        return crate::repl::boolprog::show_summary(wb, args.get(1).map(String::as_str), out);
    }
    // Scheme programs (see `help cfa`): a state of the last analysis, or the program's CPS.
    let is_goal = wb.state.goal(&args[0]).is_ok();
    match (args[0].as_str(), args.get(1)) {
        _ if is_goal => {}
        ("state", Some(n)) => return crate::repl::cfa::show_state(wb, n, out),
        ("state", None) => return Err(CommandError::Refused("usage: show state N".into())),
        ("cps", name) => return crate::repl::cfa::show_cps(wb, name.map(String::as_str), out),
        _ => {}
    }
    let view = args.get(1).map(String::as_str);
    if let Some(v) = view
        && !VIEWS.contains(&v)
    {
        return Err(format!(
            "unknown view `{v}` (one of: {}); usage: {}",
            VIEWS.join(", "),
            SPEC.usage
        )
        .into());
    }
    let state = &wb.state;
    let goal = state.goal(&args[0])?;
    let theory = state.theory_of(goal);
    let options = state.settings.translate_options();
    let siblings = state
        .goals
        .iter()
        .filter(|g| g.theory == goal.theory && g.key.group == goal.key.group)
        .count();
    let view = GoalView { name: &goal.name, key: goal.key, view, options: &options, siblings };
    theory.content.show_goal(theory, &view, out)
}

/// Names a span's `file:line:col` in the sources of one loaded program.
type Locate<'a> = Box<dyn Fn(Span) -> String + 'a>;

/// `show ir METHOD`: the IR listing of a method of a loaded Java theory or a function of a
/// loaded C program.
fn show_ir(wb: &Workbench, method: Option<&str>, out: &mut dyn Write) -> CommandResult {
    // Each program with the function that names a span's `file:line:col` in it.
    let mut programs: Vec<(&crate::ir::Program, Locate<'_>)> = Vec::new();
    for t in &wb.state.theories {
        if let Some(ir) = t.content.ir_program() {
            let content = &t.content;
            programs.push((ir.program, Box::new(move |s| content.location(s))));
        }
    }
    if programs.is_empty() {
        return Err(CommandError::Refused(
            "`show ir` lists a method of Java files or a function of a C program, and \
             none are loaded"
                .into(),
        ));
    }
    let Some(method) = method else {
        return Err(CommandError::Refused("usage: show ir Class.method | show ir FUNCTION".into()));
    };
    for (program, locate) in &programs {
        if let Some(id) = program.find(method) {
            let text = crate::ir::print_procedure(program, program.procedure(id), &**locate);
            write!(out, "{text}")?;
            return Ok(Control::Continue);
        }
    }
    let names: Vec<&str> =
        programs.iter().flat_map(|(p, _)| p.procedures.iter().map(|p| p.name.as_str())).collect();
    Err(format!("no method `{method}` (methods: {})", names.join(", ")).into())
}

//! ΓCFA model checking of higher-order programs (Might, Chambers and Shivers, "Model Checking
//! via ΓCFA"): the abstract state graph of a CPS program, made precise with abstract garbage
//! collection, abstract counting and conditional GC, and checked against usage protocols.
//!
//! Code map: [`domain`] (the state space of Fig. 3), [`prims`] (abstract primitives),
//! [`governors`] (Fig. 5 and MaySat), [`machine`] (the rules of Fig. 4 and GC), [`explore`]
//! (the graph, §6), [`protocol`] (automata, product, witnesses), [`concrete`] (the concrete
//! machine that confirms violations), [`report`] (the text and DOT the command line and the
//! workbench show).
//!
//! [`oracle`] connects MaySat to craig's SMT core.
//!
//! Dependency rule: uses `crate::scheme` (its CPS), `crate::syntax` and the engines
//! (`crate::smt`); never another front end, never the workbench (`repl`, `session`).

pub mod concrete;
pub mod domain;
pub mod explore;
pub mod governors;
pub mod machine;
pub mod oracle;
pub mod prims;
pub mod protocol;
pub mod report;

use std::rc::Rc;

use crate::scheme::CpsProgram;
use crate::syntax::SourceMap;

pub use explore::{Graph, StateId, Stats};
pub use governors::{GovernorOracle, GovernorQuery, NoOracle, OracleReport};
pub use oracle::{OracleKind, SmtOracle};
pub use protocol::{Protocol, Verdict, Witness};

/// The analysis options; each precision device can be switched off to compare.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Context sensitivity: k-CFA with this k (0 = 0CFA).
    pub k: usize,
    /// Abstract garbage collection at every transition.
    pub gc: bool,
    /// Conditional GC: usability (governors and MaySat) instead of reachability. Needs `gc`.
    pub conditional_gc: bool,
    /// Abstract counting (when off every count is `∞`).
    pub counting: bool,
    /// The rebinding check of counting (a binding rebound to itself keeps its count).
    pub rebinding: bool,
    /// A new state below a known one (same control, smaller store and counts) is not explored.
    pub subsumption: bool,
    /// Join-point states wait in a second work list and are merged (paper §6).
    pub merge_joins: bool,
    /// Exploration stops at this many states (the verdicts then say `unknown`).
    pub max_states: usize,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            k: 0,
            gc: true,
            conditional_gc: false,
            counting: true,
            rebinding: true,
            subsumption: true,
            merge_joins: true,
            max_states: 200_000,
        }
    }
}

impl Options {
    /// A short description: `0CFA, GC, counting`.
    pub fn describe(&self) -> String {
        let mut parts = vec![format!("{}CFA", self.k)];
        parts.push(
            match (self.gc, self.conditional_gc) {
                (false, _) => "no GC",
                (true, false) => "GC",
                (true, true) => "conditional GC",
            }
            .to_string(),
        );
        parts.push(if self.counting { "counting" } else { "no counting" }.to_string());
        if self.counting && !self.rebinding {
            parts.push("no rebinding check".into());
        }
        if !self.merge_joins {
            parts.push("no join merging".into());
        }
        if !self.subsumption {
            parts.push("no subsumption".into());
        }
        parts.join(", ")
    }
}

/// A finished analysis: the program, the options and the state graph.
#[derive(Clone, Debug)]
pub struct Analysis {
    /// The analysed program.
    pub program: Rc<CpsProgram>,
    /// Its sources (for `file:line:col`).
    pub sources: Rc<SourceMap>,
    /// The options used.
    pub options: Options,
    /// The state graph.
    pub graph: Graph,
    /// The contours met (for printing times).
    pub times: domain::Times,
    /// The governor table (conditional GC only).
    pub governors: Option<governors::GovernorTable>,
    /// What the governor oracle was asked (conditional GC with an oracle that asks an engine).
    pub oracle: Option<OracleReport>,
}

/// Runs the analysis with the default oracle (MaySat decides from flow sets only).
pub fn analyse(program: Rc<CpsProgram>, sources: Rc<SourceMap>, options: &Options) -> Analysis {
    analyse_with_oracle(program, sources, options, &NoOracle)
}

/// Runs the analysis, asking `oracle` about governors the flow sets cannot decide.
pub fn analyse_with_oracle(
    program: Rc<CpsProgram>,
    sources: Rc<SourceMap>,
    options: &Options,
    oracle: &dyn GovernorOracle,
) -> Analysis {
    let mut options = *options;
    options.conditional_gc &= options.gc;
    let mut machine = machine::Machine::new(&program, options, oracle);
    let graph = explore::explore(&mut machine);
    let times = machine.times.clone();
    let governors = machine.governors().cloned();
    drop(machine);
    let oracle = oracle.report();
    Analysis { program, sources, options, graph, times, governors, oracle }
}

impl Analysis {
    /// Checks a protocol on the graph.
    pub fn check(&self, protocol: &Protocol) -> Verdict {
        protocol::check(&self.program, &self.graph, protocol)
    }
}

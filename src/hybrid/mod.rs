//! Language-based abstraction refinement for hybrid systems (issue 36; Klaedtke, Ratschan and
//! She, VMCAI 2007): instead of an abstract transition system, a regular language of region
//! words holding every word a counterexample follows, refined by deleting spurious words before
//! a region is split.
//!
//! The parts, bottom up: [`interval`] (outward-rounded intervals), [`system`] (the hybrid
//! system and its constraints), [`syntax`] (the `.hy` reader), [`prune`] (`Prune(φ, B)` by
//! interval constraint propagation), [`dfa`] (minimal DFAs and the paper's language
//! operations), [`regions`] (`γ` and splitting), [`oracle`] (spuriousness of words, the paper's
//! Algorithm 4), [`linear`] (a word's linear relaxation decided by the SMT core's simplex),
//! [`engine`] (Algorithms 1–3) and [`baseline`] (transition-system CEGAR with the same splits).
//!
//! Dependency rule: this module uses `crate::syntax`, `crate::automata` and the SMT engine
//! (`crate::smt`) besides itself.

pub mod baseline;
/// The DFAs live in [`crate::automata`], shared with the program domain of `refine`.
pub use crate::automata::dfa;
pub mod engine;
pub mod interval;
pub mod linear;
pub mod oracle;
pub mod prune;
pub mod regions;
pub mod syntax;
pub mod system;

use std::path::Path;

use crate::syntax::{Diagnostic, SourceMap};
use system::HybridSystem;

/// Why a hybrid system could not be read.
#[derive(Debug, thiserror::Error)]
pub enum HybridError {
    /// The file could not be read.
    #[error("cannot read {path}: {source}")]
    Unreadable {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The input was refused; the diagnostics say where and why.
    #[error("the hybrid system has {} error(s)", .0.len())]
    Refused(Vec<Diagnostic>),
}

/// Reads a `.hy` file into `sources` and lowers it.
pub fn load_hybrid(path: &Path, sources: &mut SourceMap) -> Result<HybridSystem, HybridError> {
    let text = std::fs::read_to_string(path)
        .map_err(|source| HybridError::Unreadable { path: path.display().to_string(), source })?;
    let file = sources.add(path.display().to_string(), Some(path), text.clone());
    syntax::parse_hybrid(file, &text).map_err(HybridError::Refused)
}

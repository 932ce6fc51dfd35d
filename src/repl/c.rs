//! C programs at the prompt: `load prog.c` (or a preprocessed `.i`) reads and lowers the file
//! into the IR; the theory has no goals (its checks are decided by `cegar`, the refinement
//! engine, not proved), and `show ir FUNCTION` lists a function's IR as for a Java method.
//! Refinement runs on it are in [`super::refinement`].

use std::path::Path;

use crate::c::{DataModel, Integers};
use crate::ir::Program;
use crate::session::fnv1a64;
use crate::syntax::{SourceMap, has_errors, render_all};

use super::kind::{Graph, IrProgram, Theory, TheoryKind};
use super::{CommandError, counted};

/// A C file as the workbench keeps it: the lowered program and the source its spans point into.
#[derive(Debug)]
pub struct CTheory {
    /// The program in the IR.
    pub program: Program,
    /// The file's text.
    pub sources: SourceMap,
    /// Warnings of the front end, rendered (errors make the load fail).
    pub warnings: String,
    /// How its integers were read.
    pub integers: Integers,
    /// The machine it was read for (the widths of `long` and pointers).
    pub data_model: DataModel,
}

impl CTheory {
    /// Reads and lowers the file; errors come back rendered with `file:line:col`.
    pub fn load(
        path: &str,
        integers: Integers,
        data_model: DataModel,
    ) -> Result<CTheory, CommandError> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let mut sources = SourceMap::new();
        let file = sources.add(path, Some(Path::new(path)), text);
        let (program, diagnostics) =
            crate::c::read_c_with(&mut sources, file, integers, data_model);
        let rendered = render_all(&diagnostics, &sources);
        match program.filter(|_| !has_errors(&diagnostics)) {
            Some(program) => {
                Ok(CTheory { program, sources, warnings: rendered, integers, data_model })
            }
            None => {
                let errors = diagnostics.len();
                Err(CommandError::Refused(format!(
                    "cannot load {path} ({errors} problem{}):\n{}",
                    if errors == 1 { "" } else { "s" },
                    rendered.trim_end()
                )))
            }
        }
    }

    /// How many functions the program defines.
    pub fn functions(&self) -> usize {
        self.program.procedures.len()
    }
}

/// Reads the C file at `path` into a theory, with machine integers.
pub(crate) fn load(path: &str, name: String) -> Result<Theory, CommandError> {
    load_with(path, name, Integers::Machine, DataModel::Lp64)
}

/// Reads the C file at `path` into a theory, with integers read as `integers` says, for the
/// machine `data_model` names.
pub(crate) fn load_with(
    path: &str,
    name: String,
    integers: Integers,
    data_model: DataModel,
) -> Result<Theory, CommandError> {
    let c = CTheory::load(path, integers, data_model)?;
    let checksum = fnv1a64(c.sources.file(crate::syntax::FileId(0)).text.as_bytes());
    Ok(Theory::new(name, path.to_string(), checksum, c))
}

impl TheoryKind for CTheory {
    fn load_text(&self, theory: &Theory, _goals: usize) -> String {
        format!(
            "loaded theory {} from {}: C, {} (no goals: try `show ir main`)\n{}",
            theory.name,
            theory.path,
            counted(self.functions(), "function"),
            self.warnings
        )
    }

    fn summary(&self) -> String {
        format!("C: {}", counted(self.functions(), "function"))
    }

    fn names(&self) -> Vec<String> {
        self.program.procedures.iter().map(|p| p.name.clone()).collect()
    }

    fn sources(&self) -> Option<&SourceMap> {
        Some(&self.sources)
    }

    fn ir_program(&self) -> Option<IrProgram<'_>> {
        Some(IrProgram {
            program: &self.program,
            default_function: "main".to_string(),
            files: self.sources.file(crate::syntax::FileId(0)).name.clone(),
            analysed_by_default: true,
            integers: self.integers.describe(self.data_model),
        })
    }

    fn dot(&self, theory: &Theory, words: &[String]) -> Option<Result<Graph, CommandError>> {
        if let Some(graph) = super::smash::graph(theory, words) {
            return Some(graph);
        }
        super::refinement::art_graph(theory, words)
    }
}

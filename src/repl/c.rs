//! C programs at the prompt: `load prog.c` (or a preprocessed `.i`) reads and lowers the file
//! into the IR; the theory has no goals (its checks are decided by `cegar`, the refinement
//! engine, not proved), and `show ir FUNCTION` lists a function's IR as for a Java method.
//! Refinement runs on it are in [`super::refinement`].

use std::path::Path;
use std::rc::Rc;

use crate::ir::Program;
use crate::session::fnv1a64;
use crate::syntax::{SourceMap, Span, has_errors, render_all};

use super::refinement::EngineCache;
use super::theory::locate;
use super::{Theory, TheoryContent, counted};

/// A C file as the workbench keeps it: the lowered program and the source its spans point into.
#[derive(Debug)]
pub struct CTheory {
    /// The program in the IR.
    pub program: Program,
    /// The file's text.
    pub sources: SourceMap,
    /// Warnings of the front end, rendered (errors make the load fail).
    pub warnings: String,
    /// The refinement engine at some run position, reused while runs move forward.
    pub(crate) cegar_cache: EngineCache,
}

impl CTheory {
    /// Reads and lowers the file; errors come back rendered with `file:line:col`.
    pub fn load(path: &str) -> Result<CTheory, String> {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
        let mut sources = SourceMap::new();
        let file = sources.add(path, Some(Path::new(path)), text);
        let (program, diagnostics) = crate::c::read_c(&sources, file);
        let rendered = render_all(&diagnostics, &sources);
        match program.filter(|_| !has_errors(&diagnostics)) {
            Some(program) => Ok(CTheory {
                program,
                sources,
                warnings: rendered,
                cegar_cache: EngineCache::default(),
            }),
            None => {
                let errors = diagnostics.len();
                Err(format!(
                    "cannot load {path} ({errors} problem{}):\n{}",
                    if errors == 1 { "" } else { "s" },
                    rendered.trim_end()
                ))
            }
        }
    }

    /// `file:line:col` of the start of a span.
    pub fn location(&self, span: Span) -> String {
        locate(&self.sources, span)
    }

    /// How many functions the program defines.
    pub fn functions(&self) -> usize {
        self.program.procedures.len()
    }
}

/// Reads the C file at `path` into a theory named after the file.
pub(crate) fn load_c_theory(path: &str) -> Result<Theory, String> {
    let c = CTheory::load(path)?;
    let name = Path::new(path)
        .file_stem()
        .map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned());
    let checksum = fnv1a64(c.sources.file(crate::syntax::FileId(0)).text.as_bytes());
    Ok(Theory {
        name,
        path: path.to_string(),
        checksum,
        text_checksum: checksum,
        content: TheoryContent::C(Rc::new(c)),
        cegar: None,
    })
}

/// What `load` says about a C theory.
pub(crate) fn describe_load(theory: &Theory, c: &CTheory) -> String {
    format!(
        "loaded theory {} from {}: C, {} (no goals: try `show ir main`)\n{}",
        theory.name,
        theory.path,
        counted(c.functions(), "function"),
        c.warnings
    )
}

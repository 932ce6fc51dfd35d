//! The loader: reads a spec file and its imports, parses and type-checks them in import order.

use std::path::{Path, PathBuf};

use rustc_hash::FxHashSet;

use super::SpecModule;
use super::ast::ItemKind;
use super::parse::parse_file;
use super::typeck::Checker;
use crate::syntax::{Diagnostic, FileId, SourceMap, Span, has_errors, with_large_stack};

/// Where `import "stdlib/NAME"` looks: `$CRAIG_STDLIB` if set, else the `stdlib/` folder of the
/// craig source tree this binary was built from.
pub fn stdlib_dir() -> PathBuf {
    match std::env::var_os("CRAIG_STDLIB") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("stdlib"),
    }
}

/// Loads `path` and everything it imports. Returns the module only if there were no errors;
/// the diagnostics refer to files added to `sources`.
pub fn load_spec(path: &Path, sources: &mut SourceMap) -> (Option<SpecModule>, Vec<Diagnostic>) {
    with_large_stack(STACK_BYTES, || load_spec_inner(path, sources))
}

/// Stack for the front end. Parsing, inference and elaboration recurse over the term structure,
/// and a formula with thousands of conjuncts is a right-nested chain thousands deep.
const STACK_BYTES: usize = 256 << 20;

fn load_spec_inner(path: &Path, sources: &mut SourceMap) -> (Option<SpecModule>, Vec<Diagnostic>) {
    let mut loader = Loader::new(sources);
    match std::fs::read_to_string(path) {
        Ok(text) => {
            let canon = path.canonicalize().unwrap_or_else(|_| path.to_path_buf());
            loader.stack.push(canon.clone());
            loader.load_text(&path.display().to_string(), Some(path), text);
            loader.stack.pop();
            loader.done.insert(canon);
        }
        Err(e) => {
            // No file to point into: report against an empty pseudo-file named like the path.
            let file = loader.sources.add(path.display().to_string(), Some(path), String::new());
            loader.checker.elab.report(Diagnostic::error(
                Span::new(file, 0, 0),
                format!("cannot read `{}`: {e}", path.display()),
            ));
        }
    }
    loader.finish()
}

/// Loads a spec given as text; `name` is shown in diagnostics and imports are resolved relative
/// to its folder (the current folder for a bare name).
pub fn load_spec_str(
    name: &str,
    text: &str,
    sources: &mut SourceMap,
) -> (Option<SpecModule>, Vec<Diagnostic>) {
    with_large_stack(STACK_BYTES, || {
        let mut loader = Loader::new(sources);
        loader.load_text(name, Some(Path::new(name)), text.to_string());
        loader.finish()
    })
}

struct Loader<'s> {
    sources: &'s mut SourceMap,
    checker: Checker,
    /// Canonical paths of the files being loaded, outermost first (for cycle detection).
    stack: Vec<PathBuf>,
    /// Canonical paths already loaded (a file imported twice is loaded once).
    done: FxHashSet<PathBuf>,
    files: Vec<FileId>,
}

impl<'s> Loader<'s> {
    fn new(sources: &'s mut SourceMap) -> Loader<'s> {
        Loader {
            sources,
            checker: Checker::new(),
            stack: Vec::new(),
            done: FxHashSet::default(),
            files: Vec::new(),
        }
    }

    fn load_text(&mut self, name: &str, path: Option<&Path>, text: String) {
        let file = self.sources.add(name, path, text);
        let text = self.sources.file(file).text.clone();
        let (ast, diags) = parse_file(file, &text);
        for d in diags {
            self.checker.elab.report(d);
        }
        let dir = path.and_then(Path::parent).map(Path::to_path_buf).unwrap_or_default();
        for item in &ast.items {
            match &item.kind {
                ItemKind::Import(p, span) => self.import(&dir, p, *span),
                kind => self.checker.item(kind, item.span),
            }
        }
        self.files.push(file);
    }

    fn import(&mut self, dir: &Path, target: &str, span: Span) {
        let mut tried = Vec::new();
        let mut push = |p: PathBuf| {
            if p.extension().is_none() {
                let mut with_ext = p.clone().into_os_string();
                with_ext.push(".spec");
                tried.push(p);
                tried.push(PathBuf::from(with_ext));
            } else {
                tried.push(p);
            }
        };
        push(dir.join(target));
        if let Some(rest) = target.strip_prefix("stdlib/") {
            push(stdlib_dir().join(rest));
        }
        let Some(found) = tried.iter().find(|p| p.is_file()).cloned() else {
            let list: Vec<String> = tried.iter().map(|p| p.display().to_string()).collect();
            self.checker.elab.report(
                Diagnostic::error(span, format!("cannot find imported file `{target}`"))
                    .with_note(format!("tried: {}", list.join(", "))),
            );
            return;
        };
        let canon = found.canonicalize().unwrap_or_else(|_| found.clone());
        if let Some(start) = self.stack.iter().position(|p| *p == canon) {
            let mut chain: Vec<String> = self.stack[start..].iter().map(|p| short(p)).collect();
            chain.push(short(&canon));
            self.checker
                .elab
                .report(Diagnostic::error(span, format!("import cycle: {}", chain.join(" -> "))));
            return;
        }
        if self.done.contains(&canon) {
            return;
        }
        match std::fs::read_to_string(&found) {
            Ok(text) => {
                self.stack.push(canon.clone());
                self.load_text(&found.display().to_string(), Some(&found), text);
                self.stack.pop();
                self.done.insert(canon);
            }
            Err(e) => self
                .checker
                .elab
                .report(Diagnostic::error(span, format!("cannot read `{}`: {e}", found.display()))),
        }
    }

    fn finish(self) -> (Option<SpecModule>, Vec<Diagnostic>) {
        let mut c = self.checker;
        let diags = c.elab.take_diagnostics();
        if has_errors(&diags) {
            return (None, diags);
        }
        let (bank, consts, sorts) = c.elab.into_parts();
        let module = SpecModule { bank, consts, sorts, items: c.items, files: self.files };
        (Some(module), diags)
    }
}

/// The file name of a path, for compact cycle messages.
fn short(p: &Path) -> String {
    p.file_name().map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into_owned())
}

//! The table of theory kinds: which files each kind reads, and its loader. `load`, `reload` and
//! `restore` find a file's kind here, by its extension; a new kind is one file implementing
//! [`super::kind::TheoryKind`] and one line below.

use std::path::Path;

use super::CommandError;
use super::kind::Theory;

/// One kind of file the workbench loads.
pub struct KindEntry {
    /// What the kind is, as the `cannot load` message lists it.
    pub noun: &'static str,
    /// The extensions of its files (without the dot).
    pub extensions: &'static [&'static str],
    /// Reads the file at `path` (as given) into a theory named `name` (the file stem); errors
    /// come back by kind (input refused, or beyond what craig reads), rendered one per problem
    /// with `file:line:col`.
    pub load: fn(path: &str, name: String) -> Result<Theory, CommandError>,
}

/// Every kind, in the order the `cannot load` message lists them.
pub const KINDS: &[KindEntry] = &[
    KindEntry {
        noun: "a TPTP problem (.p, .ax)",
        extensions: &["p", "ax", "tptp"],
        load: super::tptp::load,
    },
    KindEntry { noun: "a spec file (.spec)", extensions: &["spec"], load: super::spec::load },
    KindEntry { noun: "Java files (.java)", extensions: &["java"], load: super::program::load },
    KindEntry {
        noun: "a boolean program (.bp, .qr)",
        extensions: &["bp", "qr"],
        load: super::boolprog::load,
    },
    KindEntry { noun: "a Scheme program (.scm)", extensions: &["scm"], load: super::cfa::load },
    KindEntry { noun: "a C program (.c, .i)", extensions: &["c", "i"], load: super::c::load },
    KindEntry { noun: "an SMT-LIB script (.smt2)", extensions: &["smt2"], load: super::smt::load },
];

/// Reads the file at `path` (as given; for Java files read together, their
/// [`super::program::java_path`]) into a theory of the kind its extension names.
pub(crate) fn load_theory(path: &str) -> Result<Theory, CommandError> {
    let p = Path::new(path);
    let ext = p.extension().map(|e| e.to_string_lossy().into_owned()).unwrap_or_default();
    let name = p.file_stem().map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned());
    match KINDS.iter().find(|k| k.extensions.contains(&ext.as_str())) {
        Some(kind) => (kind.load)(path, name),
        None => {
            let nouns: Vec<&str> = KINDS.iter().map(|k| k.noun).collect();
            let (last, rest) = nouns.split_last().expect("the table has kinds");
            Err(CommandError::Refused(format!(
                "cannot load {path}: expected {} or {last}",
                rest.join(", ")
            )))
        }
    }
}

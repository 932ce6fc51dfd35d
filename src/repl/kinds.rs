//! The table of theory kinds: which files each kind reads, and its loader. `load`, `reload` and
//! `restore` find a file's kind here, by its extension; a new kind is one file implementing
//! [`super::kind::TheoryKind`] and one line below.

use std::path::Path;

use super::CommandError;
use super::kind::Theory;
use crate::c::{DataModel, Integers};

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
    KindEntry { noun: "a hybrid system (.hy)", extensions: &["hy"], load: super::hybrid::load },
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

/// How a file was read beyond what its extension says: the options of `load` that change the
/// reading. `reload` reads a file again with them, and a saved session keeps them (as the words
/// of `load`) so `restore` does too.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct LoadOptions {
    /// A C program's integers read as mathematical integers (`--math-int`).
    pub math_int: bool,
    /// The machine a C program is read for, when not LP64 (`--data-model ILP32`).
    pub data_model: Option<DataModel>,
    /// A boolean program's error label, named (`--label NAME`).
    pub label: Option<String>,
}

impl LoadOptions {
    /// The options `theory` was loaded with, read back from what it holds.
    pub fn of(theory: &Theory) -> LoadOptions {
        let c = theory.content::<super::c::CTheory>();
        let math_int = c.is_some_and(|c| c.integers == Integers::Mathematical);
        let data_model = c.map(|c| c.data_model).filter(|&m| m != DataModel::default());
        let label =
            theory.content::<super::boolprog::BoolProgram>().and_then(|b| b.named_label.clone());
        LoadOptions { math_int, data_model, label }
    }

    /// The options as `load` takes them, before the file.
    pub fn words(&self) -> Vec<String> {
        let mut words = Vec::new();
        if self.math_int {
            words.push("--math-int".to_string());
        }
        if let Some(model) = self.data_model {
            words.push("--data-model".to_string());
            words.push(model.name().to_string());
        }
        if let Some(label) = &self.label {
            words.push("--label".to_string());
            words.push(label.clone());
        }
        words
    }

    /// The options at the front of `words` (in any order), and the words after them; or what
    /// is wrong with an option.
    pub fn parse_prefix(words: &[String]) -> Result<(LoadOptions, &[String]), String> {
        let mut options = LoadOptions::default();
        let mut rest = words;
        loop {
            match rest {
                [flag, ..] if flag == "--math-int" => {
                    options.math_int = true;
                    rest = &rest[1..];
                }
                [flag, model, ..] if flag == "--data-model" => {
                    let Some(model) = DataModel::from_name(model) else {
                        return Err(format!(
                            "`{model}` is no data model craig knows: LP64 or ILP32"
                        ));
                    };
                    options.data_model = Some(model);
                    rest = &rest[2..];
                }
                [flag, label, ..] if flag == "--label" => {
                    options.label = Some(label.clone());
                    rest = &rest[2..];
                }
                [flag] if flag == "--data-model" => {
                    return Err("--data-model takes a model (LP64 or ILP32)".into());
                }
                [flag] if flag == "--label" => return Err("--label takes a label name".into()),
                [flag, ..] if flag.starts_with("--") => {
                    return Err(format!("`{flag}` is not an option of load"));
                }
                _ => return Ok((options, rest)),
            }
        }
    }

    /// The options [`LoadOptions::words`] wrote, or what is wrong with them.
    pub fn from_words(words: &[String]) -> Result<LoadOptions, String> {
        match LoadOptions::parse_prefix(words)? {
            (options, []) => Ok(options),
            (_, [word, ..]) => Err(format!("`{word}` is not an option of load")),
        }
    }
}

/// Reads the file at `path` as [`load_theory`] does, with `options`.
pub(crate) fn load_theory_with(path: &str, options: &LoadOptions) -> Result<Theory, CommandError> {
    let stem = || {
        Path::new(path)
            .file_stem()
            .map_or_else(|| path.to_string(), |s| s.to_string_lossy().into_owned())
    };
    if let Some(label) = &options.label {
        super::boolprog::load_with(path, stem(), Some(label))
    } else if options.math_int || options.data_model.is_some() {
        let integers = if options.math_int { Integers::Mathematical } else { Integers::Machine };
        let model = options.data_model.unwrap_or_default();
        super::c::load_with(path, stem(), integers, model)
    } else {
        load_theory(path)
    }
}

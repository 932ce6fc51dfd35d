//! SV-COMP verification tasks: the task definition (`.yml`, format 2.0: the input file, the
//! properties with their expected verdicts, the data model) and the property files (`.prp`,
//! `CHECK( init(main()), LTL(G ! call(reach_error())) )`), and which of the program's checks
//! a property asks about.
//!
//! A property file that is not where the task says (a task copied without its `properties`
//! folder) is known by its name (`unreach-call.prp`), as SV-COMP names them.

use std::path::{Path, PathBuf};

use yaml_rust2::{Yaml, YamlLoader};

pub use super::ast::DataModel;
use crate::hol::Obligation;

/// A property SV-COMP states.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Property {
    /// `G ! call(F())`: the error function is never called.
    UnreachCall {
        /// The function (`reach_error`, or the older `__VERIFIER_error`).
        function: String,
    },
    /// `G valid-free`, `G valid-deref`, `G valid-memtrack`.
    ValidMemsafety,
    /// `G valid-memcleanup`.
    ValidMemcleanup,
    /// `G ! overflow`.
    NoOverflow,
    /// `F end`.
    Termination,
    /// `G ! data-race`.
    NoDataRace,
    /// Anything else (coverage, ...), by its file's name.
    Other(String),
}

impl Property {
    /// The property's SV-COMP name.
    pub fn name(&self) -> &str {
        match self {
            Property::UnreachCall { .. } => "unreach-call",
            Property::ValidMemsafety => "valid-memsafety",
            Property::ValidMemcleanup => "valid-memcleanup",
            Property::NoOverflow => "no-overflow",
            Property::Termination => "termination",
            Property::NoDataRace => "no-data-race",
            Property::Other(name) => name,
        }
    }

    /// The checks of the program the property is about, when craig decides it: the other
    /// checks are assumed (a run ends where one fails, as C's behaviour is undefined there, or
    /// the program aborts).
    pub fn checks(&self) -> Option<&'static [Obligation]> {
        match self {
            Property::UnreachCall { .. } => Some(&[Obligation::ErrorUnreachable]),
            Property::NoOverflow => Some(&[Obligation::Overflow]),
            // `valid-deref` (null, freed or dead objects, bounds) and `valid-free`; the third
            // part, `valid-memtrack`, is decided by a second run on the cleanup checks (see
            // `cli::memtrack`), when the program allocates at all.
            Property::ValidMemsafety => Some(&[
                Obligation::NullDereference,
                Obligation::MemoryAccess,
                Obligation::ArrayBound,
                Obligation::MemoryFree,
            ]),
            Property::ValidMemcleanup => Some(&[Obligation::MemoryCleanup]),
            _ => None,
        }
    }

    /// Reads a property: a `.prp` file's text, or its name as SV-COMP writes it.
    pub fn parse(text: &str) -> Option<Property> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if let Some(rest) = compact.split("G!call(").nth(1) {
            let function = rest.split('(').next().unwrap_or_default();
            return (!function.is_empty())
                .then(|| Property::UnreachCall { function: function.to_string() });
        }
        Some(match compact.as_str() {
            "unreach-call" => Property::UnreachCall { function: "reach_error".to_string() },
            "valid-memsafety" => Property::ValidMemsafety,
            "valid-memcleanup" => Property::ValidMemcleanup,
            "no-overflow" => Property::NoOverflow,
            "termination" => Property::Termination,
            "no-data-race" => Property::NoDataRace,
            c if c.contains("Gvalid-memcleanup") => Property::ValidMemcleanup,
            c if c.contains("Gvalid-") => Property::ValidMemsafety,
            c if c.contains("G!overflow") => Property::NoOverflow,
            c if c.contains("Fend") => Property::Termination,
            c if c.contains("G!data-race") => Property::NoDataRace,
            _ => return None,
        })
    }

    /// Reads a property given on the command line: a name (`unreach-call`) or a `.prp` file.
    pub fn read(given: &str) -> Result<Property, TaskError> {
        if let Some(p) = Property::parse(given) {
            return Ok(p);
        }
        let path = Path::new(given);
        let text = std::fs::read_to_string(path)
            .map_err(|e| TaskError::Read { path: path.to_path_buf(), message: e.to_string() })?;
        Property::parse(&text).ok_or_else(|| TaskError::UnknownProperty {
            path: path.to_path_buf(),
            text: text.trim().to_string(),
        })
    }
}

/// One property of a task with its expected verdict.
#[derive(Clone, Debug)]
pub struct TaskProperty {
    /// The property.
    pub property: Property,
    /// The property file as the task names it.
    pub file: String,
    /// The verdict the task states: `true` (the property holds), `false`, or none given.
    pub expected: Option<bool>,
}

/// An SV-COMP verification task.
#[derive(Clone, Debug)]
pub struct Task {
    /// The program, resolved against the task's folder.
    pub input: PathBuf,
    /// The properties, in the task's order.
    pub properties: Vec<TaskProperty>,
    /// The data model (`options: data_model:`), ILP32 when the task does not say.
    pub data_model: DataModel,
}

impl Task {
    /// The task's entry for a property, by its name.
    pub fn property(&self, name: &str) -> Option<&TaskProperty> {
        self.properties.iter().find(|p| p.property.name() == name)
    }
}

/// Why a task or property could not be read.
#[derive(Debug, thiserror::Error)]
pub enum TaskError {
    /// The file cannot be read.
    #[error("cannot read {}: {message}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// The system's words.
        message: String,
    },
    /// The file is not YAML.
    #[error("{}:{line}:{column}: {message}", path.display())]
    Syntax {
        /// The file.
        path: PathBuf,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The YAML reader's words.
        message: String,
    },
    /// A field the task format requires is missing or has the wrong shape.
    #[error("{}: {what}", path.display())]
    Shape {
        /// The file.
        path: PathBuf,
        /// What is expected.
        what: String,
    },
    /// A property file says something craig does not know.
    #[error("{}: not an SV-COMP property craig knows: `{text}`", path.display())]
    UnknownProperty {
        /// The file.
        path: PathBuf,
        /// What it says.
        text: String,
    },
}

/// Reads a task definition.
pub fn read_task(path: &Path) -> Result<Task, TaskError> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| TaskError::Read { path: path.to_path_buf(), message: e.to_string() })?;
    let documents = YamlLoader::load_from_str(&text).map_err(|e| TaskError::Syntax {
        path: path.to_path_buf(),
        line: e.marker().line(),
        column: e.marker().col() + 1,
        message: e.info().to_string(),
    })?;
    let shape = |what: &str| TaskError::Shape { path: path.to_path_buf(), what: what.to_string() };
    let root = documents.first().ok_or_else(|| shape("the file is empty"))?;
    let folder = path.parent().unwrap_or(Path::new(""));
    let input = match &root["input_files"] {
        Yaml::String(s) => s.clone(),
        Yaml::Array(files) => match files.as_slice() {
            [Yaml::String(s)] => s.clone(),
            _ => return Err(shape("`input_files` must name one program file")),
        },
        _ => return Err(shape("expected `input_files: FILE`")),
    };
    let mut properties = Vec::new();
    if let Yaml::Array(entries) = &root["properties"] {
        for entry in entries {
            let Some(file) = entry["property_file"].as_str() else {
                return Err(shape("every property needs a `property_file`"));
            };
            let expected = entry["expected_verdict"].as_bool();
            let property_path = folder.join(file);
            let property = match std::fs::read_to_string(&property_path) {
                Ok(text) => Property::parse(&text).ok_or_else(|| TaskError::UnknownProperty {
                    path: property_path.clone(),
                    text: text.trim().to_string(),
                })?,
                // Known by its name, as SV-COMP names its property files.
                Err(_) => {
                    let stem = Path::new(file).file_stem().and_then(|s| s.to_str()).unwrap_or("");
                    Property::parse(stem).unwrap_or_else(|| Property::Other(stem.to_string()))
                }
            };
            properties.push(TaskProperty { property, file: file.to_string(), expected });
        }
    }
    let data_model = match root["options"]["data_model"].as_str() {
        Some("LP64") => DataModel::Lp64,
        _ => DataModel::Ilp32,
    };
    Ok(Task { input: folder.join(input), properties, data_model })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn property_files_and_names_read() {
        let reach = "CHECK( init(main()), LTL(G ! call(reach_error())) )\n";
        assert_eq!(
            Property::parse(reach),
            Some(Property::UnreachCall { function: "reach_error".into() })
        );
        let old = "CHECK( init(main()), LTL(G ! call(__VERIFIER_error())) )";
        assert_eq!(
            Property::parse(old),
            Some(Property::UnreachCall { function: "__VERIFIER_error".into() })
        );
        let mem =
            "CHECK( init(main()), LTL(G valid-free) )\nCHECK( init(main()), LTL(G valid-deref) )";
        assert_eq!(Property::parse(mem), Some(Property::ValidMemsafety));
        assert_eq!(Property::parse("no-overflow"), Some(Property::NoOverflow));
        assert_eq!(
            Property::parse("CHECK( init(main()), LTL(F end) )"),
            Some(Property::Termination)
        );
        assert_eq!(Property::parse("nonsense"), None);
    }
}

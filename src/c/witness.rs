//! SV-COMP's violation witnesses (GraphML, format 1.0): the path of a replayed counterexample as
//! the validators read it, one edge per value the program reads from `__VERIFIER_nondet_*`
//! (the line of the call, `\result == V;` and the function), then an edge to the violation
//! node at the line of the failing check.
//!
//! Only what craig knows for certain goes in: the inputs of a run the interpreter replayed to
//! the failing check. A validator matches the edges by line and restricts the nondeterministic
//! values with the assumptions, so the witness leads it along the same run.

use std::fmt::Write as _;

use sha2::{Digest, Sha256};

use super::DataModel;
use super::task::Property;
use crate::hol::Obligation;

/// One value the run read, where it read it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WitnessInput {
    /// The line of the call that returned it.
    pub line: usize,
    /// The function called (`__VERIFIER_nondet_int`), when the call names one.
    pub function: Option<String>,
    /// The value, as the C type's value (an unsigned value is never negative).
    pub value: String,
}

/// A violation witness: the program, the property violated and the run.
#[derive(Clone, Debug)]
pub struct ViolationWitness {
    /// The program file as the user named it.
    pub program_file: String,
    /// The program's bytes (their SHA-256 is the witness's `programhash`).
    pub program_bytes: Vec<u8>,
    /// The specification violated, as a `.prp` file states it.
    pub specification: String,
    /// The machine the program was read for.
    pub data_model: DataModel,
    /// The values the run read, in order.
    pub inputs: Vec<WitnessInput>,
    /// The line of the failing check.
    pub violation_line: Option<usize>,
    /// When the witness was made (ISO 8601, UTC): the one field that changes between runs.
    pub creation_time: String,
}

/// The specification a failed check violates, as SV-COMP's `.prp` files state it: the
/// property asked for (the error function's calls, overflows) or, for memory safety, the
/// sub-property the check is about.
pub fn specification(property: Option<&Property>, check: Obligation) -> String {
    let ltl = match (property, check) {
        (Some(Property::UnreachCall { function }), _) => format!("G ! call({function}())"),
        (_, Obligation::Overflow) => "G ! overflow".to_string(),
        (_, Obligation::MemoryFree) => "G valid-free".to_string(),
        (_, Obligation::NullDereference | Obligation::MemoryAccess | Obligation::ArrayBound) => {
            "G valid-deref".to_string()
        }
        (Some(Property::ValidMemsafety), Obligation::MemoryCleanup) => {
            "G valid-memtrack".to_string()
        }
        (_, Obligation::MemoryCleanup) => "G valid-memcleanup".to_string(),
        _ => "G ! call(reach_error())".to_string(),
    };
    format!("CHECK( init(main()), LTL({ltl}) )")
}

impl ViolationWitness {
    /// The witness as GraphML.
    pub fn graphml(&self) -> String {
        let hash: String =
            Sha256::digest(&self.program_bytes).iter().map(|b| format!("{b:02x}")).collect();
        let architecture = match self.data_model {
            DataModel::Ilp32 => "32bit",
            DataModel::Lp64 => "64bit",
        };
        let mut out = String::new();
        out.push_str("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n");
        out.push_str(
            "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" \
             xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n",
        );
        for (name, ty, on) in KEYS {
            let _ = writeln!(
                out,
                " <key attr.name=\"{name}\" attr.type=\"{ty}\" for=\"{on}\" id=\"{name}\"/>"
            );
        }
        for (name, id) in [("isEntryNode", "entry"), ("isViolationNode", "violation")] {
            let _ = writeln!(
                out,
                " <key attr.name=\"{name}\" attr.type=\"boolean\" for=\"node\" id=\"{id}\">\
                 <default>false</default></key>"
            );
        }
        out.push_str(" <graph edgedefault=\"directed\">\n");
        let graph_data = [
            ("witness-type", "violation_witness".to_string()),
            ("sourcecodelang", "C".to_string()),
            ("producer", format!("craig {}", env!("CARGO_PKG_VERSION"))),
            ("specification", self.specification.clone()),
            ("programfile", self.program_file.clone()),
            ("programhash", hash),
            ("architecture", architecture.to_string()),
            ("creationtime", self.creation_time.clone()),
        ];
        for (key, value) in &graph_data {
            let _ = writeln!(out, "  <data key=\"{key}\">{}</data>", escape(value));
        }
        out.push_str("  <node id=\"N0\"><data key=\"entry\">true</data></node>\n");
        let last = self.inputs.len() + 1;
        for k in 1..last {
            let _ = writeln!(out, "  <node id=\"N{k}\"/>");
        }
        let _ = writeln!(out, "  <node id=\"N{last}\"><data key=\"violation\">true</data></node>");
        for (k, input) in self.inputs.iter().enumerate() {
            let _ = write!(
                out,
                "  <edge source=\"N{k}\" target=\"N{}\"><data key=\"startline\">{}</data>\
                 <data key=\"assumption\">{}</data>",
                k + 1,
                input.line,
                escape(&format!("\\result == {};", input.value))
            );
            if let Some(function) = &input.function {
                let _ = write!(
                    out,
                    "<data key=\"assumption.resultfunction\">{}</data>",
                    escape(function)
                );
            }
            out.push_str("</edge>\n");
        }
        let _ = write!(out, "  <edge source=\"N{}\" target=\"N{last}\"", last - 1);
        match self.violation_line {
            Some(line) => {
                let _ = writeln!(out, "><data key=\"startline\">{line}</data></edge>");
            }
            None => out.push_str("/>\n"),
        }
        out.push_str(" </graph>\n</graphml>\n");
        out
    }
}

/// The graph's and the edges' keys: name (also the id, as in the format's own examples), type,
/// what they describe.
const KEYS: [(&str, &str, &str); 11] = [
    ("witness-type", "string", "graph"),
    ("sourcecodelang", "string", "graph"),
    ("producer", "string", "graph"),
    ("specification", "string", "graph"),
    ("programfile", "string", "graph"),
    ("programhash", "string", "graph"),
    ("architecture", "string", "graph"),
    ("creationtime", "string", "graph"),
    ("startline", "int", "edge"),
    ("assumption", "string", "edge"),
    ("assumption.resultfunction", "string", "edge"),
];

/// Text as XML character data.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn witness() -> ViolationWitness {
        ViolationWitness {
            program_file: "a&b.c".into(),
            program_bytes: b"int main(void) { return 0; }\n".to_vec(),
            specification: specification(
                Some(&Property::UnreachCall { function: "reach_error".into() }),
                Obligation::ErrorUnreachable,
            ),
            data_model: DataModel::Lp64,
            inputs: vec![WitnessInput {
                line: 4,
                function: Some("__VERIFIER_nondet_int".into()),
                value: "-7".into(),
            }],
            violation_line: Some(6),
            creation_time: "2026-11-30T00:00:00Z".into(),
        }
    }

    #[test]
    fn the_graph_is_a_path_from_the_entry_to_the_violation_with_one_edge_per_input() {
        let text = witness().graphml();
        assert!(text.contains("<data key=\"witness-type\">violation_witness</data>"), "{text}");
        assert!(text.contains("CHECK( init(main()), LTL(G ! call(reach_error())) )"), "{text}");
        assert!(text.contains("<data key=\"programfile\">a&amp;b.c</data>"), "{text}");
        assert!(text.contains("<data key=\"architecture\">64bit</data>"), "{text}");
        assert!(text.contains(
            "<edge source=\"N0\" target=\"N1\"><data key=\"startline\">4</data>\
             <data key=\"assumption\">\\result == -7;</data>\
             <data key=\"assumption.resultfunction\">__VERIFIER_nondet_int</data></edge>"
        ));
        assert!(text.contains("<node id=\"N2\"><data key=\"violation\">true</data></node>"));
        assert!(
            text.contains(
                "<edge source=\"N1\" target=\"N2\"><data key=\"startline\">6</data></edge>"
            )
        );
        // The SHA-256 of the program's bytes, in lower-case hex.
        let hash = text.split("programhash\">").nth(1).unwrap().split('<').next().unwrap();
        assert_eq!(hash.len(), 64);
        assert!(hash.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase()));
    }

    #[test]
    fn memory_safety_names_the_sub_property_the_check_is_about() {
        let memsafety = Some(&Property::ValidMemsafety);
        assert!(specification(memsafety, Obligation::MemoryFree).contains("G valid-free"));
        assert!(specification(memsafety, Obligation::NullDereference).contains("G valid-deref"));
        assert!(specification(memsafety, Obligation::MemoryCleanup).contains("G valid-memtrack"));
        let cleanup = Some(&Property::ValidMemcleanup);
        assert!(specification(cleanup, Obligation::MemoryCleanup).contains("G valid-memcleanup"));
        assert!(specification(None, Obligation::Overflow).contains("G ! overflow"));
    }
}

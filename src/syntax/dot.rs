//! Graphviz DOT text, written one way for every graph craig draws (the abstract reachability
//! tree of a refinement run, the ΓCFA state graph, a boolean program's call graph and heaps).
//!
//! It sits beside the diagnostics because it is the same kind of thing: text in another
//! tool's syntax, which every analysis may produce without depending on another. One quoting rule
//! means a label holding quotes, backslashes or line breaks, or a record field holding DOT's
//! record punctuation, reaches Graphviz as it was written.

use std::fmt::Write as _;

/// The value of an attribute.
#[derive(Clone, Debug)]
pub enum Attr<'a> {
    /// Text shown to the reader: quoted, with `\`, `"` and line breaks escaped.
    Text(&'a str),
    /// A record label built with [`record_field`]s (already escaped); only quoted.
    Record(String),
    /// A Graphviz keyword or number (`red`, `dashed`, `2`), written as it is.
    Word(&'a str),
}

/// One directed graph being written.
#[derive(Debug)]
pub struct Graph {
    out: String,
}

impl Graph {
    /// A graph named `name` (an identifier).
    pub fn new(name: &str) -> Graph {
        Graph { out: format!("digraph {name} {{\n") }
    }

    /// Attributes every node gets unless it says otherwise.
    pub fn node_defaults(&mut self, attrs: &[(&str, Attr<'_>)]) {
        let _ = writeln!(self.out, "  node [{}];", attributes(attrs));
    }

    /// A node with these attributes. `id` is an identifier or a port-free node name; names that
    /// are not identifiers go through [`id`].
    pub fn node(&mut self, id: &str, attrs: &[(&str, Attr<'_>)]) {
        if attrs.is_empty() {
            let _ = writeln!(self.out, "  {id};");
        } else {
            let _ = writeln!(self.out, "  {id} [{}];", attributes(attrs));
        }
    }

    /// An edge; either end may name a record port (`c0:f1`).
    pub fn edge(&mut self, from: &str, to: &str, attrs: &[(&str, Attr<'_>)]) {
        if attrs.is_empty() {
            let _ = writeln!(self.out, "  {from} -> {to};");
        } else {
            let _ = writeln!(self.out, "  {from} -> {to} [{}];", attributes(attrs));
        }
    }

    /// The finished text.
    pub fn finish(mut self) -> String {
        self.out.push_str("}\n");
        self.out
    }
}

fn attributes(attrs: &[(&str, Attr<'_>)]) -> String {
    let parts: Vec<String> = attrs
        .iter()
        .map(|(key, value)| match value {
            Attr::Text(text) => format!("{key}={}", quote(text)),
            Attr::Record(fields) => format!("{key}=\"{fields}\""),
            Attr::Word(word) => format!("{key}={word}"),
        })
        .collect();
    parts.join(", ")
}

/// `text` as a DOT string: in double quotes, with `\` and `"` escaped and each line break as
/// Graphviz's centred line break `\n`.
pub fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '"' => out.push_str("\\\""),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A node name that may be any text (a program variable's name), quoted when it is not a plain
/// identifier.
pub fn id(name: &str) -> String {
    let plain = !name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if plain { name.to_string() } else { quote(name) }
}

/// One field of a record label (`shape=record`), with a port name if given: the text escaped for
/// a record (its `{ } | < >` as well as `\` and `"`), so a value like `a|b` stays one field.
/// Join fields with `|` and wrap groups in `{ }` to build the label.
pub fn record_field(port: Option<&str>, text: &str) -> String {
    let mut out = String::new();
    if let Some(port) = port {
        let _ = write!(out, "<{port}> ");
    }
    for c in text.chars() {
        match c {
            '\\' | '"' | '{' | '}' | '|' | '<' | '>' => {
                out.push('\\');
                out.push(c);
            }
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_once_and_records_keep_their_fields() {
        let mut g = Graph::new("g");
        g.node_defaults(&[("shape", Attr::Word("box"))]);
        g.node("n0", &[("label", Attr::Text("a \"b\" \\ c\nd")), ("color", Attr::Word("red"))]);
        let record =
            format!("{{{}|{}}}", record_field(None, "#1 C"), record_field(Some("f0"), "x=a|b"));
        g.node("c1", &[("label", Attr::Record(record))]);
        g.node(&id("my var"), &[]);
        g.edge("c1:f0", "n0", &[]);
        g.edge("n0", "c1", &[("style", Attr::Word("dashed")), ("label", Attr::Text("covered"))]);
        assert_eq!(
            g.finish(),
            "digraph g {\n  node [shape=box];\n  n0 [label=\"a \\\"b\\\" \\\\ c\\nd\", color=red];\n  \
             c1 [label=\"{#1 C|<f0> x=a\\|b}\"];\n  \"my var\";\n  c1:f0 -> n0;\n  \
             n0 -> c1 [style=dashed, label=\"covered\"];\n}\n"
        );
        assert_eq!(id("n12"), "n12");
        assert_eq!(id("2x"), "\"2x\"");
    }
}

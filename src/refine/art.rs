//! Printers of the abstract reachability tree: as text, one node a line (for `show art` and
//! for tests that compare trees), and as Graphviz DOT (tree edges solid, coverings dashed).

use std::fmt::Write as _;

use super::Engine;
use crate::syntax::dot::{Attr, Graph};

impl Engine {
    /// The tree as text: `n4 main:l11 <- n3 [i <= n] covered by n2`, one node a line in
    /// node order, with the error check named at error nodes. Nodes cut off by a refinement
    /// of the predicates domain are not part of the tree and are left out (their numbers are
    /// not reused, so the numbering has gaps).
    pub fn art_text(&self) -> String {
        let names = |v: usize| self.flat.variable_name(v);
        let mut out = String::new();
        for n in self.art.nodes.iter().filter(|n| !n.dead) {
            let location = &self.flat.locations[n.location];
            let _ = write!(out, "n{} {}", n.id, location.name);
            if let Some(p) = n.parent {
                let _ = write!(out, " <- n{p}");
            }
            let _ = write!(out, " [{}]", n.label.show(&names));
            if let Some(w) = n.covered_by {
                let _ = write!(out, " covered by n{w}");
            }
            if let Some(site) = &location.error {
                let _ = write!(out, " error: {}", site.what);
            }
            if !n.expanded && !self.art.is_closed(n.id) && location.error.is_none() {
                out.push_str(" (open)");
            }
            out.push('\n');
        }
        out
    }

    /// The tree in Graphviz DOT (live nodes only, as in [`Engine::art_text`]).
    pub fn art_dot(&self) -> String {
        let names = |v: usize| self.flat.variable_name(v);
        let mut graph = Graph::new("art");
        graph.node_defaults(&[("shape", Attr::Word("box")), ("fontname", Attr::Text("monospace"))]);
        for n in self.art.nodes.iter().filter(|n| !n.dead) {
            let location = &self.flat.locations[n.location];
            let text = format!("n{} {}\n{}", n.id, location.name, n.label.show(&names));
            let mut attrs = vec![("label", Attr::Text(&text))];
            if location.error.is_some() {
                attrs.push(("color", Attr::Word("red")));
            } else if n.covered_by.is_some() {
                attrs.push(("style", Attr::Word("dashed")));
            }
            graph.node(&format!("n{}", n.id), &attrs);
        }
        for n in self.art.nodes.iter().filter(|n| !n.dead) {
            if let Some(p) = n.parent {
                graph.edge(&format!("n{p}"), &format!("n{}", n.id), &[]);
            }
            if let Some(w) = n.covered_by {
                let attrs = [("style", Attr::Word("dashed")), ("label", Attr::Text("covered"))];
                graph.edge(&format!("n{}", n.id), &format!("n{w}"), &attrs);
            }
        }
        graph.finish()
    }
}

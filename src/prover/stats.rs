//! Deterministic counters of one search, shown to users and read by tests instead of wall time.
//!
//! Every counter is declared once, in the [`counters!`] table below: the struct field, the words
//! the workbench prints, and the word the command line prints. The workbench's `stats`, the
//! command line's `--stats` and saved sessions all read [`Stats::counters`], so a new counter is
//! one line here.

/// How one counter is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counter {
    /// The field name (also the key in saved sessions).
    pub field: &'static str,
    /// The words the workbench prints.
    pub label: &'static str,
    /// The word `craig prove --stats` prints.
    pub flag: &'static str,
}

macro_rules! counters {
    ($($(#[doc = $doc:expr])* $field:ident, $label:expr, $flag:expr;)*) => {
        /// What the loop did, counted.
        #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
        pub struct Stats {
            $($(#[doc = $doc])* pub $field: u64,)*
        }

        impl Stats {
            /// Every counter, in the order users see them.
            pub const COUNTERS: &'static [Counter] =
                &[$(Counter { field: stringify!($field), label: $label, flag: $flag },)*];

            /// The field names, in the same order (what a serializer needs).
            pub const FIELDS: &'static [&'static str] = &[$(stringify!($field),)*];

            /// Every counter with its value, in the order of [`Stats::COUNTERS`].
            pub fn counters(&self) -> Vec<(Counter, u64)> {
                Self::COUNTERS.iter().copied().zip([$(self.$field,)*]).collect()
            }

            /// Sets the counter whose field is named `field`; false if there is none.
            pub fn set(&mut self, field: &str, value: u64) -> bool {
                match field {
                    $(stringify!($field) => { self.$field = value; true })*
                    _ => false,
                }
            }
        }
    };
}

counters! {
    /// Given clauses processed.
    given, "given", "given";
    /// Clauses produced by generating inferences.
    generated, "generated", "generated";
    /// Superposition inferences.
    superpositions, "superpositions", "superpositions";
    /// Equality resolution inferences.
    equality_resolutions, "equality resolutions", "equality-resolutions";
    /// Equality factoring inferences.
    equality_factorings, "equality factorings", "equality-factorings";
    /// Clauses deleted as tautologies.
    tautologies, "tautologies", "tautologies";
    /// Given clauses deleted by forward subsumption.
    forward_subsumed, "forward subsumed", "forward-subsumed";
    /// Active clauses deleted by backward subsumption.
    backward_subsumed, "backward subsumed", "backward-subsumed";
    /// Rewrite steps by forward demodulation.
    forward_rewrites, "rewrites", "rewrites";
    /// Active clauses rewritten by backward demodulation.
    backward_rewritten, "backward rewritten", "backward-rewritten";
    /// Literals cut by subsumption resolution.
    subsumption_resolutions, "subsumption resolutions", "subsumption-resolutions";
    /// Clauses split into variable-disjoint components (AVATAR).
    splits, "splits", "splits";
    /// Distinct split components named.
    split_names, "split names", "split-names";
    /// Empty clauses derived under split assertions (each a clause for the SAT solver).
    split_conflicts, "split conflicts", "split-conflicts";
    /// Clauses in the active set now.
    active, "active", "active";
    /// Clauses waiting in the passive set now.
    passive, "passive", "passive";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_counter_is_listed_once_and_settable_by_its_field() {
        let mut stats = Stats::default();
        for (i, counter) in Stats::COUNTERS.iter().enumerate() {
            assert!(stats.set(counter.field, i as u64 + 1), "{}", counter.field);
        }
        let values: Vec<u64> = stats.counters().iter().map(|(_, v)| *v).collect();
        assert_eq!(values, (1..=Stats::COUNTERS.len() as u64).collect::<Vec<_>>());
        assert!(!stats.set("no_such_counter", 1));
    }
}

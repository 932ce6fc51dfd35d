//! Finite automata shared by the analyses that refine a regular language of abstract words:
//! minimal complete DFAs over `u32` symbols with the operations of language-based refinement
//! (Klaedtke, Ratschan and She, VMCAI 2007), used on hybrid systems ([`crate::hybrid`]) and on
//! programs (the `language` domain of [`crate::refine`]).
//!
//! Dependency rule: this module names nothing else of craig.

pub mod dfa;

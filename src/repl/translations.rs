//! The translations a kind with HOL goals keeps (spec lemmas, Java proof obligations): each
//! statement's split sequents, translated once per statement and options whichever of its
//! sequents is asked for first, with a deterministic count of the sequents translated.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::rc::Rc;

use crate::translate::{SequentTranslation, TranslateOptions};

/// A statement's split sequents as translated, by statement index and options.
type Done = BTreeMap<(usize, TranslateOptions), Rc<Vec<SequentTranslation>>>;

/// Translations made so far, by statement and options.
#[derive(Debug, Default)]
pub(crate) struct TranslationCache {
    done: RefCell<Done>,
    sequents_translated: Cell<u64>,
}

impl TranslationCache {
    /// The translation of `statement` under `options`: the one made before, or `translate()`'s.
    pub(crate) fn get_or_translate(
        &self,
        statement: usize,
        options: &TranslateOptions,
        translate: impl FnOnce() -> Vec<SequentTranslation>,
    ) -> Rc<Vec<SequentTranslation>> {
        if let Some(done) = self.done.borrow().get(&(statement, *options)) {
            return done.clone();
        }
        let translations = Rc::new(translate());
        self.sequents_translated.set(self.sequents_translated.get() + translations.len() as u64);
        self.done.borrow_mut().insert((statement, *options), translations.clone());
        translations
    }

    /// How many sequents were translated so far.
    pub(crate) fn sequents_translated(&self) -> u64 {
        self.sequents_translated.get()
    }
}

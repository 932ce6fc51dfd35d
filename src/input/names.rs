//! TPTP words as craig names them, shared by the untyped and the typed readers.

use tptp::common::AtomicWord;

/// A symbol or formula name: `'abc'` is the same word as `abc` (TPTP rule), other quoted words
/// keep their quotes so they print back as valid TPTP.
pub(super) fn atomic_word_text(word: &AtomicWord<'_>) -> String {
    match word {
        AtomicWord::Lower(w) => w.0.to_string(),
        AtomicWord::SingleQuoted(q) => {
            let inner = q.0;
            let mut chars = inner.chars();
            let plain = chars.next().is_some_and(|c| c.is_ascii_lowercase())
                && chars.all(|c| c.is_ascii_alphanumeric() || c == '_');
            if plain { inner.to_string() } else { format!("'{inner}'") }
        }
    }
}

//! Phrase clips for counted nouns: "двадцать одна минута", "fifty-two minutes" recorded
//! in one breath each, for the counts a clock says every game. Counts outside a table
//! are said word by word from the number clips.

use std::collections::HashMap;

use crate::speech::utterance::{Clip, Tone};

/// Which counts of a noun have phrase clips, and how they are recorded.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Phrases {
    /// Short name of the noun in the clip keys (`c_<id>_<count>`).
    pub id: &'static str,
    /// The smallest count with a phrase clip.
    pub from: u64,
    /// The largest count with a phrase clip.
    pub to: u64,
    /// How they are recorded.
    pub tone: Tone,
}

/// One entry of a table: which noun and count, in which grammatical variant
/// (`variant` is empty for the plain form, or e.g. `"acc"`), and its words.
pub(crate) struct Entry {
    pub phrases: Phrases,
    pub count: u64,
    pub variant: &'static str,
    pub text: String,
}

/// The phrase clips of one language, built once.
#[derive(Debug, Default)]
pub(crate) struct PhraseTable {
    by_count: HashMap<(&'static str, u64, &'static str), Clip>,
    all: Vec<Clip>,
}

impl PhraseTable {
    /// A table of `entries`; each clip's key and text live as long as the program (the
    /// table is built once, into a static).
    pub(crate) fn build(entries: impl IntoIterator<Item = Entry>) -> PhraseTable {
        let mut table = PhraseTable::default();
        for e in entries {
            let key = if e.variant.is_empty() {
                format!("c_{}_{}", e.phrases.id, e.count)
            } else {
                format!("c_{}_{}_{}", e.phrases.id, e.count, e.variant)
            };
            let clip = Clip {
                key: Box::leak(key.into_boxed_str()),
                text: Box::leak(e.text.into_boxed_str()),
                tone: e.phrases.tone,
            };
            table
                .by_count
                .insert((e.phrases.id, e.count, e.variant), clip);
            table.all.push(clip);
        }
        table
    }

    /// The clip for `count` of the noun `id` in `variant`, if recorded.
    pub(crate) fn get(&self, id: &str, count: u64, variant: &str) -> Option<Clip> {
        self.by_count.get(&(id, count, variant)).copied()
    }

    /// Every clip of the table, in the order built.
    pub(crate) fn clips(&self) -> &[Clip] {
        &self.all
    }
}

/// The words of a one-sentence utterance text as a clip text: without the full stop, and
/// with the first letter in lower case.
pub(crate) fn clip_text(sentence: &str) -> String {
    let words = sentence.trim_end_matches('.');
    let mut chars = words.chars();
    match chars.next() {
        Some(first) => first.to_lowercase().chain(chars).collect(),
        None => String::new(),
    }
}

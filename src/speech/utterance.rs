//! The spoken result of phrasing: text for a screen reader or log, and the
//! clip keys that say the same words with a voice pack. [`Builder`] keeps the
//! two in step: every word goes in as a [`Clip`], punctuation only into text.

/// One recorded word or short phrase of a voice pack: its key and its words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clip {
    /// The key a voice pack files the recording under (`[a-z0-9_]`).
    pub key: &'static str,
    /// What the clip says, in lower case unless the word is a proper name.
    pub text: &'static str,
}

/// Shorthand for a [`Clip`] constant.
pub(crate) const fn clip(key: &'static str, text: &'static str) -> Clip {
    Clip { key, text }
}

/// What to say: the words as text and the clip keys that say them, in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Utterance {
    /// Natural text, e.g. "Белые: один час двенадцать минут."
    pub text: String,
    /// Clip keys in speaking order; their texts are exactly the words of `text`.
    pub clips: Vec<String>,
}

/// Joins clips into an [`Utterance`], capitalising each sentence's first word.
#[derive(Debug, Default)]
pub(crate) struct Builder {
    text: String,
    clips: Vec<String>,
    sentence_open: bool,
}

impl Builder {
    /// An empty utterance.
    pub(crate) fn new() -> Self {
        Self::default()
    }

    /// Adds a word after a space (or at the start).
    pub(crate) fn say(&mut self, c: Clip) {
        if !self.text.is_empty() {
            self.text.push(' ');
        }
        self.push_word(c);
    }

    /// Adds a word glued to the previous one with a hyphen ("twenty-one").
    pub(crate) fn say_hyphenated(&mut self, c: Clip) {
        if !self.text.is_empty() {
            self.text.push('-');
        }
        self.push_word(c);
    }

    fn push_word(&mut self, c: Clip) {
        if self.sentence_open {
            self.text.push_str(c.text);
        } else {
            let mut chars = c.text.chars();
            if let Some(first) = chars.next() {
                self.text.extend(first.to_uppercase());
                self.text.push_str(chars.as_str());
            }
            self.sentence_open = true;
        }
        self.clips.push(c.key.to_string());
    }

    /// Adds punctuation inside a sentence (":", ",", ";", "(", ")").
    pub(crate) fn mark(&mut self, p: &str) {
        if p == "(" {
            self.text.push_str(" (");
            self.sentence_open = true;
            return;
        }
        self.text.push_str(p);
    }

    /// Adds a word right after an opening parenthesis.
    pub(crate) fn say_in_parens(&mut self, c: Clip) {
        self.mark("(");
        self.push_word(c);
        self.text.push(')');
    }

    /// Ends the sentence with a full stop; the next word is capitalised.
    pub(crate) fn stop(&mut self) {
        if self.sentence_open {
            self.text.push('.');
            self.sentence_open = false;
        }
    }

    /// Closes the last sentence and returns the utterance.
    pub(crate) fn finish(mut self) -> Utterance {
        self.stop();
        Utterance {
            text: self.text,
            clips: self.clips,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Clip = clip("a", "белые");
    const B: Clip = clip("b", "один час");

    #[test]
    fn capitalises_sentences_and_keeps_clips_in_order() {
        let mut b = Builder::new();
        b.say(A);
        b.mark(":");
        b.say(B);
        b.stop();
        b.say(B);
        let u = b.finish();
        assert_eq!(u.text, "Белые: один час. Один час.");
        assert_eq!(u.clips, vec!["a", "b", "b"]);
    }

    #[test]
    fn hyphen_and_parentheses() {
        let mut b = Builder::new();
        b.say(A);
        b.say_in_parens(B);
        b.say_hyphenated(A);
        assert_eq!(b.finish().text, "Белые (один час)-белые.");
    }
}

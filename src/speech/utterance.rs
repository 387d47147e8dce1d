//! The spoken result of phrasing: text for a screen reader or log, and the
//! clip keys that say the same words with a voice pack, with the pauses between
//! them. [`Builder`] keeps the two in step: every word goes in as a [`Clip`],
//! punctuation goes into the text and becomes a pause between clips.

/// How a clip is recorded in a voice pack.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    /// One recording of a word said alone: the parts of a number that has no phrase clip.
    Word,
    /// One recording, in the intonation of a phrase that goes on ("двадцать минут, …").
    Continuing,
    /// One recording, in the intonation of a phrase that ends a sentence.
    Final,
    /// Two recordings: the key itself goes on, the key with [`FINAL_SUFFIX`] ends a sentence.
    Both,
}

/// Suffix of the key of a [`Tone::Both`] clip's sentence-final recording.
pub const FINAL_SUFFIX: &str = "_end";
/// Token between two clip keys of an [`Utterance`]: the pause of a comma, colon or
/// semicolon.
pub const COMMA_PAUSE: &str = ",";
/// Token between two clip keys of an [`Utterance`]: the pause between two sentences.
pub const SENTENCE_PAUSE: &str = ".";
/// First character of a token of an [`Utterance`] that another language's voice says: `@de`
/// is the German language's own name ("Deutsch"), in its own voice.
pub const OTHER_VOICE: char = '@';

/// One recorded phrase or word of a voice pack: its key and its words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clip {
    /// The key a voice pack files the recording under (`[a-z0-9_]`).
    pub key: &'static str,
    /// What the clip says, in lower case unless the word is a proper name.
    pub text: &'static str,
    /// How it is recorded.
    pub tone: Tone,
}

/// What to say: the words as text and the clip keys that say them, in order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Utterance {
    /// Natural text, e.g. "Белые: один час двенадцать минут."
    pub text: String,
    /// Clip keys in speaking order, with a pause token ([`COMMA_PAUSE`], [`SENTENCE_PAUSE`])
    /// between two keys where the text has punctuation; the keys' texts are exactly the
    /// words of `text`; none when some of its words no clip says (a board's own notice): the
    /// speech engine then says the text whole.
    pub clips: Vec<String>,
}

impl Utterance {
    /// The clip keys alone, without the pause tokens and the other voices' names.
    pub fn keys(&self) -> impl Iterator<Item = &str> {
        self.clips
            .iter()
            .map(String::as_str)
            .filter(|k| !is_pause(k) && other_voice(k).is_none())
    }
}

/// The language code of a token another language's voice says (`@de` → `de`), if it is one.
pub fn other_voice(token: &str) -> Option<&str> {
    token.strip_prefix(OTHER_VOICE)
}

/// True for a pause token of [`Utterance::clips`].
pub fn is_pause(token: &str) -> bool {
    token == COMMA_PAUSE || token == SENTENCE_PAUSE
}

/// Joins clips into an [`Utterance`], capitalising each sentence's first word.
#[derive(Debug, Default)]
pub(crate) struct Builder {
    text: String,
    clips: Vec<String>,
    sentence_open: bool,
    /// The pause to put before the next clip.
    pause: Option<&'static str>,
    /// The tone of the last clip pushed.
    last_tone: Option<Tone>,
    /// Words no clip says were added ([`Builder::unrecorded_text`]).
    unrecorded: bool,
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

    /// Adds a word glued to the previous one, as one written word ("zwei" "tausend" →
    /// "zweitausend"): still a clip of its own.
    pub(crate) fn say_joined(&mut self, c: Clip) {
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
        if let Some(pause) = self.pause.take() {
            if !self.clips.is_empty() {
                self.clips.push(pause.to_string());
            }
        }
        self.clips.push(c.key.to_string());
        self.last_tone = Some(c.tone);
    }

    /// Sets the pause before the next clip, keeping a sentence pause already due.
    fn pause_before_next(&mut self, pause: &'static str) {
        if self.pause != Some(SENTENCE_PAUSE) {
            self.pause = Some(pause);
        }
    }

    /// Adds punctuation inside a sentence (":", ",", ";", "(", ")").
    pub(crate) fn mark(&mut self, p: &str) {
        if p != ")" {
            self.pause_before_next(COMMA_PAUSE);
        }
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
        self.pause_before_next(COMMA_PAUSE);
    }

    /// Adds a name no voice pack can hold (a preset named in the configuration file) in
    /// guillemets, «like this», to the text only: the system speech engine reads it, a voice
    /// pack says nothing for it. Guillemets mark every word that has no clip.
    pub(crate) fn unrecorded_name(&mut self, name: &str) {
        let name: String = name.chars().filter(|c| *c != '«' && *c != '»').collect();
        if !self.text.is_empty() {
            self.text.push(' ');
        }
        self.text.push('«');
        self.text.push_str(name.trim());
        self.text.push('»');
        self.sentence_open = true;
    }

    /// Adds the language `code`'s own name (`name`, "Deutsch") in guillemets, «like this», to
    /// the text, and a token ([`OTHER_VOICE`]) that has that language's own voice say it: its
    /// voice pack's recording of its own name, or its speech engine. Guillemets mark every
    /// word that no clip of this utterance's language says.
    pub(crate) fn in_other_voice(&mut self, code: &str, name: &str) {
        self.unrecorded_name(name);
        if let Some(pause) = self.pause.take() {
            if !self.clips.is_empty() {
                self.clips.push(pause.to_string());
            }
        }
        self.clips.push(format!("{OTHER_VOICE}{code}"));
        self.last_tone = Some(Tone::Continuing);
    }

    /// Adds words no voice pack holds (a board's notice: "Controller disconnected: …"), whole
    /// sentences with their own punctuation, to the text. An utterance that has them is said
    /// whole by the speech engine: [`Builder::finish`] gives it no clips.
    pub(crate) fn unrecorded_text(&mut self, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        if !self.text.is_empty() {
            self.text.push(' ');
        }
        self.text.push_str(text);
        self.unrecorded = true;
        if text.ends_with(['.', '!', '?']) {
            self.sentence_open = false;
            self.pause = Some(SENTENCE_PAUSE);
        } else {
            self.sentence_open = true;
        }
        self.last_tone = None;
    }

    /// Ends the sentence with a full stop; the next word is capitalised. The last clip, if
    /// recorded in both intonations, becomes its sentence-final recording.
    pub(crate) fn stop(&mut self) {
        if self.sentence_open {
            self.text.push('.');
            self.sentence_open = false;
            if self.last_tone == Some(Tone::Both) {
                if let Some(last) = self.clips.last_mut() {
                    last.push_str(FINAL_SUFFIX);
                }
            }
            self.last_tone = None;
            self.pause = Some(SENTENCE_PAUSE);
        }
    }

    /// Closes the last sentence and returns the utterance.
    pub(crate) fn finish(mut self) -> Utterance {
        self.stop();
        if self.unrecorded {
            self.clips.clear();
        }
        Utterance {
            text: self.text,
            clips: self.clips,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: Clip = Clip {
        key: "a",
        text: "белые",
        tone: Tone::Both,
    };
    const B: Clip = Clip {
        key: "b",
        text: "один час",
        tone: Tone::Both,
    };
    const W: Clip = Clip {
        key: "w",
        text: "два",
        tone: Tone::Word,
    };

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
        assert_eq!(u.clips, vec!["a", ",", "b_end", ".", "b_end"]);
        assert_eq!(u.keys().collect::<Vec<_>>(), vec!["a", "b_end", "b_end"]);
    }

    #[test]
    fn hyphen_and_parentheses() {
        let mut b = Builder::new();
        b.say(A);
        b.say_in_parens(B);
        b.say_hyphenated(A);
        let u = b.finish();
        assert_eq!(u.text, "Белые (один час)-белые.");
        assert_eq!(u.clips, vec!["a", ",", "b", ",", "a_end"]);
    }

    #[test]
    fn a_word_keeps_its_one_recording_at_the_end() {
        let mut b = Builder::new();
        b.say(B);
        b.say(W);
        assert_eq!(b.finish().clips, vec!["b", "w"]);
    }
}

//! The phrasing catalogues: one TOML file per language under `src/speech/lang/` (`ru.toml`,
//! `en.toml`, `de.toml`, `uk.toml`, `pl.toml`) holds every word the clock says in that language with the
//! clip key a voice pack records it under. The files are embedded in the binary; a language's
//! file is read the first time that language speaks, and kept.
//!
//! The phrasing code asks for a clip by its key ([`Catalogue::clip`]); the voice pack's clip
//! list ([`super::recordings`]) is the catalogue's sections in order.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};

use serde::Deserialize;

use super::announcement::Side;
use super::utterance::{Clip, Tone};
use super::Lang;

/// The catalogue files of the languages, by language code, as embedded at build time: each
/// one is a [`Lang`], chosen wherever a language is. The list lives in the grammar layer, beside
/// each language's grammar, so that adding a language changes no other Rust file.
pub(super) const EMBEDDED: &[(&str, &str)] = super::grammar::CATALOGUES;

/// Drafts: catalogues not yet languages (see [`super::grammar::DRAFTS`]).
pub(super) const DRAFTS: &[(&str, &str)] = super::grammar::DRAFTS;

/// A part of a catalogue, in the order a voice pack lists its clips.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Section {
    /// Readouts, warnings, flags, results, the clock check, board notices.
    Phrases,
    /// Overtime and upcount.
    Overtime,
    /// Number words and counted nouns.
    Numbers,
    /// The set-up menu.
    Menu,
}

/// A catalogue file as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    code: String,
    phrases: Vec<Entry>,
    overtime: Vec<Entry>,
    numbers: Vec<Entry>,
    menu: Vec<Entry>,
    /// Each side's forms: form name → clip key.
    sides: Sides,
    /// The sentences: template name → template (see `template.rs`).
    say: HashMap<String, String>,
    /// Free-text notices: name → text with `{placeholders}`.
    #[serde(default)]
    notices: HashMap<String, String>,
    /// The haptic patterns in words: name → text.
    #[serde(default)]
    haptic: HashMap<String, String>,
    /// The words shown and said outside the phrasing (help, learn, station, pages, Braille
    /// line): area → name → text with `{placeholders}`.
    #[serde(default)]
    words: HashMap<String, HashMap<String, String>>,
}

/// The two sides' forms in a catalogue file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Sides {
    white: HashMap<String, String>,
    black: HashMap<String, String>,
}

/// One word or phrase of a catalogue file.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    key: String,
    tone: ToneName,
    text: String,
    /// False for a word no pack records alone (it sounds only inside a count's phrase clip).
    #[serde(default = "recorded_by_default")]
    recorded: bool,
}

fn recorded_by_default() -> bool {
    true
}

/// A [`Tone`] as a catalogue file names it.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(rename_all = "lowercase")]
enum ToneName {
    Word,
    Continuing,
    Final,
    Both,
}

impl From<ToneName> for Tone {
    fn from(t: ToneName) -> Tone {
        match t {
            ToneName::Word => Tone::Word,
            ToneName::Continuing => Tone::Continuing,
            ToneName::Final => Tone::Final,
            ToneName::Both => Tone::Both,
        }
    }
}

/// Why an embedded catalogue cannot be used (a fault of the build, caught by the tests).
#[derive(Debug, thiserror::Error)]
pub(crate) enum CatalogueError {
    /// No catalogue file for the language.
    #[error("no phrasing catalogue for language {0:?}")]
    Missing(String),
    /// The file is not valid TOML of the catalogue's shape.
    #[error("the phrasing catalogue {code}.toml: {source}")]
    Syntax {
        /// The language code.
        code: String,
        /// What the TOML parser said.
        source: toml::de::Error,
    },
    /// The file names another language than its own.
    #[error("the phrasing catalogue {file}.toml says it is {code:?}")]
    WrongCode {
        /// The file's language.
        file: String,
        /// The code the file gives.
        code: String,
    },
    /// One key with two texts or tones.
    #[error("the phrasing catalogue {code}.toml has key {key:?} twice")]
    TwoDefinitions {
        /// The language code.
        code: String,
        /// The key.
        key: String,
    },
}

/// One language's words, read from its catalogue file.
#[derive(Debug)]
pub(crate) struct Catalogue {
    code: &'static str,
    by_key: HashMap<&'static str, Clip>,
    /// The recorded clips of each section, in file order.
    sections: Vec<(Section, Vec<Clip>)>,
    sides: Sides,
    templates: HashMap<String, String>,
    notices: HashMap<String, String>,
    haptic: HashMap<String, String>,
    words: HashMap<String, HashMap<String, String>>,
}

/// The catalogues read so far, by language code: each is read once and kept.
static READ: LazyLock<Mutex<HashMap<&'static str, &'static Catalogue>>> =
    LazyLock::new(|| Mutex::new(HashMap::new()));

impl Catalogue {
    /// The catalogue of `lang`. Every language of [`Lang`] has one (a test reads them all).
    pub(crate) fn of(lang: Lang) -> &'static Catalogue {
        Catalogue::of_code(lang.code()).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The catalogue of the language `code`, read from the embedded file the first time.
    pub(crate) fn of_code(code: &str) -> Result<&'static Catalogue, CatalogueError> {
        let mut read = READ.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(c) = read.get(code) {
            return Ok(c);
        }
        let (code, text) = EMBEDDED
            .iter()
            .chain(DRAFTS)
            .find(|(c, _)| *c == code)
            .ok_or_else(|| CatalogueError::Missing(code.to_string()))?;
        let catalogue: &'static Catalogue = Box::leak(Box::new(Catalogue::parse(code, text)?));
        read.insert(code, catalogue);
        Ok(catalogue)
    }

    /// Reads the catalogue file `text` of the language `code`.
    fn parse(code: &'static str, text: &str) -> Result<Catalogue, CatalogueError> {
        let file: File = toml::from_str(text).map_err(|source| CatalogueError::Syntax {
            code: code.to_string(),
            source,
        })?;
        if file.code != code {
            return Err(CatalogueError::WrongCode {
                file: code.to_string(),
                code: file.code,
            });
        }
        let mut catalogue = Catalogue {
            code,
            by_key: HashMap::new(),
            sections: Vec::new(),
            sides: file.sides,
            templates: file.say,
            notices: file.notices,
            haptic: file.haptic,
            words: file.words,
        };
        for (section, entries) in [
            (Section::Phrases, file.phrases),
            (Section::Overtime, file.overtime),
            (Section::Numbers, file.numbers),
            (Section::Menu, file.menu),
        ] {
            let mut recorded = Vec::new();
            for e in entries {
                if catalogue.by_key.contains_key(e.key.as_str()) {
                    return Err(CatalogueError::TwoDefinitions {
                        code: code.to_string(),
                        key: e.key,
                    });
                }
                // The clips live as long as the program: a catalogue is read once.
                let clip = Clip {
                    key: Box::leak(e.key.into_boxed_str()),
                    text: Box::leak(e.text.into_boxed_str()),
                    tone: e.tone.into(),
                };
                catalogue.by_key.insert(clip.key, clip);
                if e.recorded {
                    recorded.push(clip);
                }
            }
            catalogue.sections.push((section, recorded));
        }
        Ok(catalogue)
    }

    /// The clip `key`. The phrasing code names only keys its catalogue holds (a test reads
    /// every key the code names), so a missing key is a fault of the build.
    pub(crate) fn clip(&self, key: &str) -> Clip {
        match self.by_key.get(key) {
            Some(c) => *c,
            None => panic!(
                "the phrasing catalogue {}.toml has no key {key:?}",
                self.code
            ),
        }
    }

    /// The clip `key`, if the catalogue holds it (a family of clips, e.g. "of_1" … "of_30").
    pub(crate) fn get(&self, key: &str) -> Option<Clip> {
        self.by_key.get(key).copied()
    }

    /// The codes of every embedded catalogue, drafts included ("ru", "en", "de", "uk", "pl").
    #[cfg(test)]
    pub(crate) fn codes() -> impl Iterator<Item = &'static str> {
        EMBEDDED.iter().chain(DRAFTS).map(|(code, _)| *code)
    }

    /// The language code ("ru").
    pub(crate) fn code(&self) -> &'static str {
        self.code
    }

    /// The template `name` of the sentences (`[say]`), if the catalogue has it.
    pub(crate) fn template(&self, name: &str) -> Option<&str> {
        self.templates.get(name).map(String::as_str)
    }

    /// The notice `name` with its `{placeholders}` filled from `args`, in one pass (a value
    /// that itself holds braces is not read again). The code asks only for notices its
    /// catalogues hold (a test compares them), so a missing one is a fault of the build.
    pub(crate) fn notice(&self, name: &str, args: &[(&str, &str)]) -> String {
        let Some(text) = self.notices.get(name) else {
            panic!(
                "the phrasing catalogue {}.toml has no notice {name:?}",
                self.code
            );
        };
        fill(text, args)
    }

    /// Whether the catalogue has the notice `name` (a plural variant, "stalled.one", is a
    /// language's own choice).
    pub(crate) fn has_notice(&self, name: &str) -> bool {
        self.notices.contains_key(name)
    }

    /// The notice `name` without placeholders, as it lives in the catalogue.
    pub(crate) fn notice_text(&self, name: &str) -> &str {
        match self.notices.get(name) {
            Some(text) => text,
            None => panic!(
                "the phrasing catalogue {}.toml has no notice {name:?}",
                self.code
            ),
        }
    }

    /// The haptic word `name` ("pulse_long", "flag"). The code asks only for words its
    /// catalogues hold (a test reads them all), so a missing one is a fault of the build.
    pub(crate) fn haptic(&self, name: &str) -> &str {
        match self.haptic.get(name) {
            Some(text) => text,
            None => panic!(
                "the phrasing catalogue {}.toml has no haptic word {name:?}",
                self.code
            ),
        }
    }

    /// The word `name` of `area` (`[words.<area>]`). The code asks only for words its
    /// catalogues hold (a test reads them all), so a missing one is a fault of the build.
    pub(crate) fn word(&self, area: &str, name: &str) -> &str {
        match self.words.get(area).and_then(|a| a.get(name)) {
            Some(text) => text,
            None => panic!(
                "the phrasing catalogue {}.toml has no word {name:?} in [words.{area}]",
                self.code
            ),
        }
    }

    /// The areas of `[words]` and the names in each, sorted.
    #[cfg(test)]
    pub(crate) fn word_names(&self) -> Vec<(String, String)> {
        let mut names: Vec<(String, String)> = self
            .words
            .iter()
            .flat_map(|(area, words)| words.keys().map(move |n| (area.clone(), n.clone())))
            .collect();
        names.sort();
        names
    }

    /// The names of every notice, in no particular order.
    #[cfg(test)]
    pub(crate) fn notice_names(&self) -> impl Iterator<Item = &str> {
        self.notices.keys().map(String::as_str)
    }

    /// The names of every template, in no particular order.
    #[cfg(test)]
    pub(crate) fn template_names(&self) -> impl Iterator<Item = &str> {
        self.templates.keys().map(String::as_str)
    }

    /// The clip key of `side` in `form` ("name", "gen"…). The templates name only forms
    /// their catalogue holds (a test says every template), so a missing one is a fault of the
    /// build.
    pub(crate) fn side(&self, side: Side, form: &str) -> &str {
        let forms = match side {
            Side::White => &self.sides.white,
            Side::Black => &self.sides.black,
        };
        match forms.get(form) {
            Some(key) => key,
            None => panic!(
                "the phrasing catalogue {}.toml has no form {form:?} of {side:?}",
                self.code
            ),
        }
    }

    /// The clips of `section` a voice pack records, in file order.
    pub(crate) fn section(&self, section: Section) -> &[Clip] {
        self.sections
            .iter()
            .find(|(s, _)| *s == section)
            .map_or(&[], |(_, clips)| clips.as_slice())
    }
}

/// `text` with its `{placeholders}` filled from `args`, in one pass (a value that itself
/// holds braces is not read again; an unknown placeholder stays as written).
pub(crate) fn fill(text: &str, args: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let value = after
            .find('}')
            .and_then(|close| Some((close, args.iter().find(|(n, _)| *n == &after[..close])?.1)));
        match value {
            Some((close, value)) => {
                out.push_str(value);
                rest = &after[close + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_has_the_same_words() {
        let ru = Catalogue::of(Lang::Ru).word_names();
        assert!(ru.len() > 50, "{}", ru.len());
        for lang in Lang::ALL {
            assert_eq!(Catalogue::of(lang).word_names(), ru, "{lang:?}");
        }
    }

    #[test]
    fn every_embedded_catalogue_reads() {
        for (code, _) in EMBEDDED.iter().chain(DRAFTS) {
            let c = Catalogue::of_code(code).unwrap_or_else(|e| panic!("{e}"));
            assert!(!c.section(Section::Phrases).is_empty(), "{code}");
        }
        for lang in Lang::ALL {
            assert_eq!(Catalogue::of(lang).code, lang.code());
        }
    }

    #[test]
    fn russian_and_english_have_the_same_notices() {
        let names = |lang| {
            // A plural variant ("stalled.few") is a language's own choice.
            let mut n: Vec<&str> = Catalogue::of(lang)
                .notice_names()
                .filter(|n| !n.contains('.'))
                .collect();
            n.sort_unstable();
            n
        };
        assert_eq!(names(Lang::Ru), names(Lang::En));
        assert!(names(Lang::Ru).len() >= 20);
    }

    #[test]
    fn russian_and_english_have_the_same_haptic_words() {
        let names = |lang| {
            let mut n: Vec<&str> = Catalogue::of(lang)
                .haptic
                .keys()
                .map(String::as_str)
                .collect();
            n.sort_unstable();
            n
        };
        assert_eq!(names(Lang::Ru), names(Lang::En));
        assert_eq!(names(Lang::Ru).len(), 18);
    }

    /// Every language prints every notice and describes every haptic pattern: the code asks
    /// for them in any listener's language (Polish had none while it was a draft).
    #[test]
    fn every_language_has_the_notices_and_haptic_words_of_russian() {
        fn sorted(mut keys: Vec<&str>) -> Vec<&str> {
            keys.sort_unstable();
            keys
        }
        let ru = Catalogue::of(Lang::Ru);
        // A plural variant ("stalled.few") is a language's own choice.
        let plain = |c: &Catalogue| -> Vec<String> {
            let mut n: Vec<String> = c
                .notice_names()
                .filter(|n| !n.contains('.'))
                .map(str::to_string)
                .collect();
            n.sort_unstable();
            n
        };
        let notices = plain(ru);
        let haptic = sorted(ru.haptic.keys().map(String::as_str).collect());
        for lang in Lang::ALL {
            let c = Catalogue::of(lang);
            assert_eq!(plain(c), notices, "{lang:?}");
            let words = sorted(c.haptic.keys().map(String::as_str).collect());
            assert_eq!(words, haptic, "{lang:?}");
        }
    }

    #[test]
    fn a_notice_fills_each_placeholder_once() {
        let c = Catalogue::of(Lang::En);
        let text = c.notice("setup_not_saved", &[("origin", "{why}"), ("why", "full")]);
        assert_eq!(
            text,
            "The set-up could not be saved to {why}: full. Nothing was changed."
        );
    }

    #[test]
    fn a_key_defined_twice_is_refused() {
        let text = r#"
code = "xx"
phrases = [
    { key = "a", tone = "word", text = "one" },
    { key = "a", tone = "word", text = "two" },
]
overtime = []
numbers = []
menu = []
say = {}
[sides]
white = {}
black = {}
"#;
        let e = Catalogue::parse("xx", text).map(|_| ()).unwrap_err();
        assert!(matches!(e, CatalogueError::TwoDefinitions { .. }), "{e}");
    }

    #[test]
    fn an_unknown_language_has_no_catalogue() {
        assert!(matches!(
            Catalogue::of_code("zz"),
            Err(CatalogueError::Missing(_))
        ));
    }
}

//! Speech for the clock: phrasing of announcements per language
//! ([`phrase`], [`readout`]), the list of recorded clips a voice pack must
//! hold ([`clip_catalog`]), and loading and rendering voice packs ([`VoicePack`]).

mod announcement;
mod catalogue;
mod clip_cache;
mod duration;
mod grammar;
pub mod help;
mod language;
pub mod learn;
pub mod lines;
pub mod mastering;
mod menu;
pub mod notices;
mod pack;
mod pack_audio;
mod template;
pub mod tempo;
mod utterance;

use catalogue::{Catalogue, Section};
use grammar::Grammar;
use utterance::Builder;

pub use announcement::{
    board_runs, Announcement, ClockPhase, ControlEnd, DelayKind, JournalTrouble, Lang, Outcome,
    Reason, Rules, Side, StageInfo,
};
pub use clip_cache::CLIP_CACHE_BYTES;
pub use duration::{exact_parts, spoken_parts, Spoken};
pub use lines::{say_lines, Languages, SayLine};
pub use menu::{Addition, Field, MenuItem, MenuPrompt, OvertimeChoice, PresetName, ShippedPreset};
pub use pack::{
    PackError, RenderError, VoicePack, COMMA_PAUSE_MS, SENTENCE_PAUSE_MS, SPACE_PAUSE_MS,
};
pub use pack_audio::{read_audio, DecodeError};
pub use utterance::{
    is_pause, other_voice, Clip, Tone, Utterance, COMMA_PAUSE, FINAL_SUFFIX, OTHER_VOICE,
    SENTENCE_PAUSE,
};

/// The grammar of `lang`: what it says beyond its catalogue's words and templates. Every
/// language of [`Lang`] has one (a test says so).
fn grammar(lang: Lang) -> &'static dyn Grammar {
    grammar::of_code(lang.code()).unwrap_or_else(|| panic!("no grammar for {lang:?}"))
}

/// Phrases an announcement in `lang`: its text and the clip keys that say it.
pub fn phrase(lang: Lang, a: &Announcement) -> Utterance {
    let mut b = Builder::new();
    template::say(&mut b, Catalogue::of(lang), grammar(lang), a);
    b.finish()
}

/// A language's own name in its own words and clips (`language_<code>` of its catalogue:
/// "Deutsch", "русский язык"), said where another language's list names it; the text of its
/// own name when its catalogue does not name itself.
pub fn own_name(lang: Lang) -> Utterance {
    let mut b = Builder::new();
    let name = format!("language_{}", lang.code());
    if !template::say_template(&mut b, Catalogue::of(lang), grammar(lang), &name) {
        return Utterance {
            text: lang.own_name().to_string(),
            clips: Vec::new(),
        };
    }
    b.finish()
}

/// Says a remaining time alone ("Один час двенадцать минут.").
pub fn readout(lang: Lang, ms: i64) -> Utterance {
    let mut b = Builder::new();
    grammar(lang).duration(&mut b, spoken_parts(ms), None);
    b.finish()
}

/// The haptic pattern word `name` in `lang` (`[haptic]` of its catalogue): "pulse_long" is
/// "long" / "длинный".
pub(crate) fn haptic_word(lang: Lang, name: &str) -> &'static str {
    Catalogue::of(lang).haptic(name)
}

/// The text to give the speech engine for a clip whose words are `text`:
/// Russian words carry `+` before the stressed vowel (RHVoice's
/// `stress_marker=+`), so that a word said alone gets the stress it has in the
/// phrase ("часа́", "хо́да"). English text is returned as it is.
pub fn synthesis_text(lang: Lang, text: &str) -> String {
    grammar(lang).synthesis_text(text)
}

/// One recording a voice pack holds: its key, its words, and how it is said.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Recording {
    /// The clip key.
    pub key: String,
    /// The words, as in the utterance text.
    pub text: String,
    /// Intonation: [`Tone::Word`] (a word said alone), [`Tone::Continuing`] or
    /// [`Tone::Final`] (never [`Tone::Both`]: that is two recordings).
    pub tone: Tone,
}

/// Every recording a voice pack for `lang` must hold, each key once, in a stable order:
/// a [`Tone::Both`] clip gives its continuing recording under its key and its final one
/// under the key with [`FINAL_SUFFIX`].
pub fn recordings(lang: Lang) -> Vec<Recording> {
    let clips = clips(lang);
    let mut seen = std::collections::HashSet::new();
    let mut all = Vec::new();
    for c in clips.into_iter().filter(|c| seen.insert(c.key)) {
        let recording = |key: String, tone| Recording {
            key,
            text: c.text.to_string(),
            tone,
        };
        match c.tone {
            Tone::Both => {
                all.push(recording(c.key.to_string(), Tone::Continuing));
                all.push(recording(format!("{}{FINAL_SUFFIX}", c.key), Tone::Final));
            }
            tone => all.push(recording(c.key.to_string(), tone)),
        }
    }
    all
}

/// Every clip phrasing can emit for `lang`: its catalogue's recorded words, section by
/// section, with the counts' phrase clips after the number words.
fn clips(lang: Lang) -> Vec<Clip> {
    let catalogue = Catalogue::of(lang);
    let counts = grammar(lang).count_clips();
    let mut all = Vec::new();
    all.extend_from_slice(catalogue.section(Section::Phrases));
    all.extend_from_slice(catalogue.section(Section::Overtime));
    all.extend_from_slice(catalogue.section(Section::Numbers));
    all.extend_from_slice(counts);
    all.extend_from_slice(catalogue.section(Section::Menu));
    all
}

/// Every clip key phrasing can emit for `lang`, with its text, each key once,
/// in a stable order. A voice pack for `lang` must record all of them.
pub fn clip_catalog(lang: Lang) -> Vec<(String, String)> {
    recordings(lang)
        .into_iter()
        .map(|r| (r.key, r.text))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_never_has_two_texts() {
        for (lang, clips) in [(Lang::Ru, clips(Lang::Ru)), (Lang::En, clips(Lang::En))] {
            let mut texts = std::collections::HashMap::new();
            for c in clips {
                let old = texts.insert(c.key, c.text);
                assert!(
                    old.is_none() || old == Some(c.text),
                    "{lang:?}: key {} has texts {old:?} and {}",
                    c.key,
                    c.text
                );
            }
        }
    }

    /// The keys a grammar module names as `clip("…")` in its source.
    fn named_keys(source: &str) -> Vec<&str> {
        source
            .split("clip(\"")
            .skip(1)
            .filter_map(|rest| rest.split('"').next())
            .collect()
    }

    /// The clip keys and template names (`"menu_…"`, `"preset_…"`) the menu's walker names,
    /// the same in every catalogue.
    fn choice_keys(source: &str) -> Vec<&str> {
        source
            .split('"')
            .skip(1)
            .step_by(2)
            .filter(|s| s.starts_with("menu_") || s.starts_with("preset_"))
            .filter(|s| s.bytes().all(|c| c.is_ascii_lowercase() || c == b'_'))
            .collect()
    }

    #[test]
    fn every_key_the_code_names_is_in_its_catalogue() {
        let sources = [
            (Lang::Ru, named_keys(include_str!("grammar/ru_numbers.rs"))),
            (Lang::En, named_keys(include_str!("grammar/en_numbers.rs"))),
        ];
        for (lang, keys) in sources {
            assert!(
                keys.len() >= 2,
                "{lang:?}: only {keys:?}: is the scan broken?"
            );
            for key in keys {
                assert!(
                    Catalogue::of(lang).get(key).is_some(),
                    "{lang:?}: the code names {key:?}, which lang/{}.toml lacks",
                    lang.code()
                );
            }
        }
        let choices = choice_keys(include_str!("template/menu.rs"));
        assert!(choices.len() > 15, "only {choices:?}: is the scan broken?");
        for lang in Lang::ALL {
            for key in &choices {
                let c = Catalogue::of(lang);
                assert!(
                    c.get(key).is_some() || c.template(key).is_some(),
                    "{lang:?}: the menu names {key:?}, which lang/{}.toml lacks",
                    lang.code()
                );
            }
        }
    }

    #[test]
    fn keys_are_file_name_safe() {
        for lang in Lang::ALL {
            for (key, text) in clip_catalog(lang) {
                assert!(!key.is_empty() && !text.is_empty());
                assert!(
                    key.bytes()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'_'),
                    "bad key {key}"
                );
            }
        }
    }
}

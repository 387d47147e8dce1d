//! `say` lines: an announcement for an audience, phrased once per language its listeners hear.

use super::{phrase, Announcement, Lang};
use crate::clock::Ms;
use crate::hearing::{Audience, Listener};
use serde::Serialize;

/// One utterance for the listeners of one language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SayLine {
    /// When.
    pub at_ms: Ms,
    /// Always `say`.
    pub event: &'static str,
    /// Who hears it.
    pub audience: Audience,
    /// `ru` or `en`.
    pub language: &'static str,
    /// The words.
    pub text: String,
    /// The voice-pack clip keys that say them, in order.
    pub clips: Vec<String>,
}

/// Which language each listener hears.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Languages {
    /// White's, Black's and the arbiter's languages.
    pub of: [Lang; 3],
}

impl Languages {
    /// White's, Black's and the arbiter's languages.
    pub fn new(white: Lang, black: Lang, arbiter: Lang) -> Languages {
        Languages {
            of: [white, black, arbiter],
        }
    }

    /// The language a listener hears; a public speaker speaks the players' first language.
    pub fn of(&self, listener: Listener) -> Lang {
        match listener {
            Listener::White | Listener::All => self.of[0],
            Listener::Black => self.of[1],
            Listener::Arbiter => self.of[2],
        }
    }

    /// The languages spoken, each once: White's, Black's, then the arbiter's.
    pub fn spoken(&self) -> Vec<Lang> {
        let mut spoken = Vec::new();
        for lang in self.of {
            if !spoken.contains(&lang) {
                spoken.push(lang);
            }
        }
        spoken
    }

    /// `listeners` grouped by the language each hears, in the order of their first listener.
    pub fn groups(&self, listeners: &[Listener]) -> Vec<(Lang, Vec<Listener>)> {
        let mut groups: Vec<(Lang, Vec<Listener>)> = Vec::new();
        for &listener in listeners {
            let lang = self.of(listener);
            match groups.iter_mut().find(|(l, _)| *l == lang) {
                Some((_, list)) => list.push(listener),
                None => groups.push((lang, vec![listener])),
            }
        }
        groups
    }
}

/// Phrases an announcement for its audience: one line per language, listeners grouped.
pub fn say_lines(
    languages: &Languages,
    at_ms: Ms,
    audience: &Audience,
    announcement: &Announcement,
) -> Vec<SayLine> {
    languages
        .groups(audience.listeners())
        .into_iter()
        .map(|(lang, listeners)| {
            let utterance = phrase(lang, announcement);
            SayLine {
                at_ms,
                event: "say",
                audience: Audience::of(&listeners),
                language: lang.code(),
                text: utterance.text,
                clips: utterance.clips,
            }
        })
        .collect()
}

//! Who hears what, in which language: the listeners (each player's earpiece, the arbiter's
//! channel, a public speaker), sets of them, and the languages the clock speaks. One
//! vocabulary for the table, the phrasing, the configuration and the control protocol.
use crate::clock::Side;
use serde::{Deserialize, Serialize, Serializer};

/// One ear (or set of ears) the clock can speak into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Listener {
    /// White's earpiece.
    White,
    /// Black's earpiece.
    Black,
    /// The arbiter's channel.
    Arbiter,
    /// Everyone: a public speaker (never used for a flag in tournament mode).
    All,
}

impl Listener {
    /// The three ears the clock speaks into, each with its own route: White's, Black's, the
    /// arbiter's (`All` is all of them).
    pub const EARS: [Listener; 3] = [Listener::White, Listener::Black, Listener::Arbiter];

    /// The ears this listener stands for: itself, or all three for `All`.
    pub fn ears(self) -> &'static [Listener] {
        match self {
            Listener::White => &[Listener::White],
            Listener::Black => &[Listener::Black],
            Listener::Arbiter => &[Listener::Arbiter],
            Listener::All => &Listener::EARS,
        }
    }

    /// The listener's name as written in scripts, configs and the transcript.
    pub fn name(self) -> &'static str {
        match self {
            Listener::White => "white",
            Listener::Black => "black",
            Listener::Arbiter => "arbiter",
            Listener::All => "all",
        }
    }

    /// A player's own earpiece.
    pub fn player(side: Side) -> Listener {
        match side {
            Side::White => Listener::White,
            Side::Black => Listener::Black,
        }
    }

    /// The side whose earpiece this is, if it is a player's.
    pub fn side(self) -> Option<Side> {
        match self {
            Listener::White => Some(Side::White),
            Listener::Black => Some(Side::Black),
            _ => None,
        }
    }
}

/// A set of listeners, printed as a sorted JSON array (`["black","arbiter"]`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Audience(Vec<Listener>);

impl Audience {
    /// An audience of these listeners (sorted, without duplicates).
    pub fn of(listeners: &[Listener]) -> Audience {
        let mut list = listeners.to_vec();
        list.sort();
        list.dedup();
        Audience(list)
    }

    /// The listeners.
    pub fn listeners(&self) -> &[Listener] {
        &self.0
    }

    /// Whether nobody hears it.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Whether this listener hears it (`All` counts as everyone).
    pub fn reaches(&self, listener: Listener) -> bool {
        self.0.contains(&listener) || self.0.contains(&Listener::All)
    }
}

impl From<Listener> for Audience {
    fn from(listener: Listener) -> Audience {
        Audience::of(&[listener])
    }
}

impl Audience {
    /// The ears it reaches, each once, in the order given (`All` stands for all three).
    pub fn ears(&self) -> Vec<Listener> {
        let mut ears = Vec::new();
        for listener in &self.0 {
            for ear in listener.ears() {
                if !ears.contains(ear) {
                    ears.push(*ear);
                }
            }
        }
        ears
    }
}

impl Serialize for Audience {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

/// A language the clock speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// Russian.
    Ru,
    /// English.
    En,
}

impl Lang {
    /// Every supported language.
    pub const ALL: [Lang; 2] = [Lang::Ru, Lang::En];

    /// The short code used in voice packs and on the command line ("ru", "en").
    pub fn code(self) -> &'static str {
        match self {
            Lang::Ru => "ru",
            Lang::En => "en",
        }
    }

    /// Parses a short code ("ru", "en"), ignoring ASCII case.
    pub fn from_code(code: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(code.trim()))
    }

    /// The language of the user's locale, as POSIX orders its variables (`LC_ALL`, then
    /// `LC_MESSAGES`, then `LANG`; the first set and not empty decides), read through `var`:
    /// a locale whose language the clock speaks (`ru_RU.UTF-8`: Russian), else English (`C`,
    /// `POSIX`, unset, and every other language).
    pub fn of_locale(var: impl Fn(&str) -> Option<String>) -> Lang {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .find_map(|name| var(name).filter(|v| !v.trim().is_empty()))
            .unwrap_or_default();
        let language = locale
            .split(['_', '.', '@', '-'])
            .next()
            .unwrap_or_default();
        Lang::from_code(language).unwrap_or(Lang::En)
    }

    /// The language of this process's locale ([`Lang::of_locale`] on its environment).
    pub fn of_environment() -> Lang {
        Lang::of_locale(|name| std::env::var(name).ok())
    }
}

#[cfg(test)]
mod locale_tests {
    use super::Lang;

    fn of(vars: &[(&str, &str)]) -> Lang {
        Lang::of_locale(|name| {
            vars.iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| v.to_string())
        })
    }

    #[test]
    fn the_locale_says_the_language_in_posix_order() {
        assert_eq!(of(&[("LANG", "ru_RU.UTF-8")]), Lang::Ru);
        assert_eq!(of(&[("LANG", "en_GB.UTF-8")]), Lang::En);
        assert_eq!(
            of(&[("LANG", "ru_UA.UTF-8"), ("LC_MESSAGES", "en_US")]),
            Lang::En
        );
        assert_eq!(
            of(&[
                ("LANG", "en_US"),
                ("LC_MESSAGES", "en_US"),
                ("LC_ALL", "ru_RU")
            ]),
            Lang::Ru
        );
        assert_eq!(of(&[("LC_ALL", ""), ("LANG", "ru")]), Lang::Ru);
        // A language the clock does not speak, C, POSIX and nothing at all: English.
        for locale in ["de_DE.UTF-8", "C", "POSIX", "C.UTF-8"] {
            assert_eq!(of(&[("LANG", locale)]), Lang::En, "{locale}");
        }
        assert_eq!(of(&[]), Lang::En);
    }
}

/// A short sound instead of words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Cue {
    /// A press was accepted.
    Click,
    /// A press by the side not on move (1.7.6), or one that cannot count.
    Buzz,
    /// A soft tick while the flag rises (the last two minutes of a stage).
    FlagRising,
    /// A flag fell.
    FlagAlarm,
}

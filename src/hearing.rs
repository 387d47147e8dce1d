//! Who hears what, in which language: the listeners (each player's earpiece, the arbiter's
//! channel, a public speaker), sets of them, and the cues. One
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

//! Listeners and audiences: who hears an announcement.

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

impl Serialize for Audience {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

//! The two sides of the board.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A player's side: White or Black.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// The player with the white pieces.
    White,
    /// The player with the black pieces.
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const BOTH: [Side; 2] = [Side::White, Side::Black];

    /// The other side.
    pub fn other(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }

    /// 0 for White, 1 for Black: an index into per-side arrays.
    pub fn index(self) -> usize {
        match self {
            Side::White => 0,
            Side::Black => 1,
        }
    }

    /// The lowercase name used in scripts, config and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that names no side.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a side; expected white or black")]
pub struct NotASide(pub String);

impl FromStr for Side {
    type Err = NotASide;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        match text {
            "white" => Ok(Side::White),
            "black" => Ok(Side::Black),
            other => Err(NotASide(other.to_string())),
        }
    }
}

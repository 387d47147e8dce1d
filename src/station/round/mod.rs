//! An arbiter's round (issue 35): the round's pairings in ([`pairings`], read from a TRF-16
//! file ([`trf`]), a PGN or a CSV, kept in the station's folder and sent to every board), and
//! the results out ([`results`]: a CSV of every board, each game's time log, and the TRF-16
//! file with the round's columns filled).
//!
//! A round's files live in `rounds/round-<N>/` beside the station's mirror folder.

pub mod names;
pub mod pairings;
pub mod results;
pub mod trf;

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The folder of round `n`: `rounds/round-<n>/` beside the mirror folder.
pub fn round_dir(mirror: &Path, n: u32) -> PathBuf {
    mirror
        .parent()
        .unwrap_or_else(|| Path::new("."))
        .join("rounds")
        .join(format!("round-{n}"))
}

/// The file a round's pairings are kept in, in its folder.
pub const PAIRINGS_FILE: &str = "pairings.json";

/// One board's pairing.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pairing {
    /// The board.
    pub board: u32,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// White's starting rank (a TRF-16 file's), if the pairings came from one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_rank: Option<u32>,
    /// Black's starting rank (a TRF-16 file's), if the pairings came from one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_rank: Option<u32>,
}

/// A round's pairings, as the station keeps them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Round {
    /// The round's number.
    pub round: u32,
    /// The file they were read from.
    pub source: PathBuf,
    /// The TRF-16 file's text, when they came from one (the results fill its round's columns).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trf: Option<String>,
    /// The TRF-16 file was Latin-1, not UTF-8: the filled file is written back in Latin-1.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub latin1: bool,
    /// Every board's pairing, by board.
    pub pairings: Vec<Pairing>,
}

impl Round {
    /// The pairing of `board`, if the round has one.
    pub fn of_board(&self, board: u32) -> Option<&Pairing> {
        self.pairings.iter().find(|p| p.board == board)
    }

    /// Keeps the round in its folder (`rounds/round-<n>/pairings.json`).
    pub fn save(&self, mirror: &Path) -> std::io::Result<PathBuf> {
        let dir = round_dir(mirror, self.round);
        std::fs::create_dir_all(&dir)?;
        let path = dir.join(PAIRINGS_FILE);
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        let part = dir.join(format!("{PAIRINGS_FILE}.part"));
        std::fs::write(&part, text)?;
        std::fs::rename(&part, &path)?;
        Ok(path)
    }

    /// The round's pairings kept in its folder, if any were given.
    pub fn load(mirror: &Path, n: u32) -> std::io::Result<Option<Round>> {
        let path = round_dir(mirror, n).join(PAIRINGS_FILE);
        match std::fs::read_to_string(&path) {
            Ok(text) => serde_json::from_str(&text)
                .map(Some)
                .map_err(|e| std::io::Error::other(format!("{}: {e}", path.display()))),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The newest round kept (the highest number), if any.
    pub fn latest(mirror: &Path) -> std::io::Result<Option<Round>> {
        let dir = round_dir(mirror, 0);
        let Some(rounds) = dir.parent() else {
            return Ok(None);
        };
        let mut best: Option<u32> = None;
        let entries = match std::fs::read_dir(rounds) {
            Ok(entries) => entries,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(e),
        };
        for entry in entries {
            let name = entry?.file_name();
            let n = name
                .to_str()
                .and_then(|s| s.strip_prefix("round-"))
                .and_then(|s| s.parse::<u32>().ok());
            if let Some(n) = n {
                if round_dir(mirror, n).join(PAIRINGS_FILE).exists() {
                    best = best.max(Some(n));
                }
            }
        }
        match best {
            Some(n) => Round::load(mirror, n),
            None => Ok(None),
        }
    }
}

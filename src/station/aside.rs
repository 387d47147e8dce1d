//! What the station's mirror keeps aside: records of a board that do not fit its game's chain
//! of digests (forged with the board's credentials, or damaged on the way), and a mirror's own
//! lines that no longer fit when the station starts. They are never mirrored, and never
//! dropped unsaid: each is logged, and kept, one JSON object a line, in
//! `<mirror>/board-<n>/<game>.aside.jsonl`:
//!
//! ```text
//! {"wall_ms":…,"seq":7,"why":"record 7 does not fit the chain: …","line":"{\"seq\":7,…}"}
//! ```
//!
//! A game's file holds at most [`MAX_ASIDE_BYTES`]; past that a record is only logged.

use serde::Serialize;
use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The most a game's aside file holds.
pub const MAX_ASIDE_BYTES: u64 = 4 * 1024 * 1024;

/// A record kept aside.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Aside {
    /// The board.
    pub board: u32,
    /// The game.
    pub game: String,
    /// The record's number (as it came, or its place in the mirror's file).
    pub seq: u64,
    /// Why it does not fit.
    pub why: String,
    /// Written to the aside file (not once the file is full).
    pub kept: bool,
    /// Records that waited past it, let go (the board sends them again from the gap).
    pub let_go: usize,
}

/// The aside file beside a game's mirror file.
pub fn path_of(game_file: &Path) -> PathBuf {
    game_file.with_extension("aside.jsonl")
}

/// One line of the aside file.
#[derive(Serialize)]
struct Line<'a> {
    wall_ms: i64,
    seq: u64,
    why: &'a str,
    line: &'a str,
}

/// A game's aside file, opened when the first record is kept aside.
#[derive(Debug)]
pub struct AsideFile {
    path: PathBuf,
    file: Option<File>,
    len: u64,
    dirty: bool,
}

impl AsideFile {
    /// The aside file of the game whose mirror file is `game_file`.
    pub fn new(game_file: &Path) -> AsideFile {
        let path = path_of(game_file);
        let len = std::fs::metadata(&path).map_or(0, |m| m.len());
        AsideFile {
            path,
            file: None,
            len,
            dirty: false,
        }
    }

    /// Keeps record `seq`'s `line` aside because `why`; `false` when the file is full.
    pub fn keep(&mut self, seq: u64, line: &str, why: &str) -> std::io::Result<bool> {
        if self.len >= MAX_ASIDE_BYTES {
            return Ok(false);
        }
        let mut json = serde_json::to_string(&Line {
            wall_ms: crate::journal::wall_now(),
            seq,
            why,
            line,
        })
        .map_err(std::io::Error::other)?;
        json.push('\n');
        let file = match &mut self.file {
            Some(file) => file,
            None => self.file.insert(
                OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(&self.path)?,
            ),
        };
        file.write_all(json.as_bytes())?;
        self.len += json.len() as u64;
        self.dirty = true;
        Ok(true)
    }

    /// Makes what was written durable.
    pub fn sync(&mut self) -> std::io::Result<()> {
        if let (true, Some(file)) = (self.dirty, &self.file) {
            file.sync_data()?;
            self.dirty = false;
        }
        Ok(())
    }
}

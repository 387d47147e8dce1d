//! A round's pairings in (`talkclock station pairings FILE [--round N]`): read from a TRF-16
//! file ([`super::trf`]; round N's columns), a PGN (its `[Round]`, `[Board]`, `[White]`,
//! `[Black]` tags) or a CSV (`board,white,black`, header optional). Every malformed line is
//! reported with the file's name and its line number, all in one pass; if any is, nothing is
//! applied.

use super::trf::{self, LineError, TrfError};
use super::{Pairing, Round};
use std::path::Path;

/// Why a pairings file cannot be taken.
#[derive(Debug, thiserror::Error)]
pub enum PairingsError {
    /// The file cannot be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// Malformed lines (every one of them).
    #[error(transparent)]
    Trf(#[from] TrfError),
    /// A TRF-16 file or a CSV needs the round's number.
    #[error("{0}: give the round: --round N")]
    NoRound(String),
    /// A PGN whose games are of several rounds, and no `--round`.
    #[error("{file}: games of rounds {rounds}: give the round: --round N")]
    Rounds {
        /// The file.
        file: String,
        /// The rounds found.
        rounds: String,
    },
    /// No pairing for the round.
    #[error("{file}: no pairing for round {round}")]
    Empty {
        /// The file.
        file: String,
        /// The round.
        round: u32,
    },
}

/// The file's kind, by its name, else by its first lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// FIDE's TRF-16.
    Trf,
    /// Portable Game Notation.
    Pgn,
    /// `board,white,black`.
    Csv,
}

/// Which kind of file this is: `.pgn`, `.csv`, `.trf`; otherwise a file with `001` rows is
/// TRF-16, one with `[` tags PGN, anything else CSV.
pub fn kind(path: &Path, text: &str) -> Kind {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("pgn") => Kind::Pgn,
        Some("csv") => Kind::Csv,
        Some("trf" | "trfx") => Kind::Trf,
        _ if text.lines().any(|l| l.starts_with("001")) => Kind::Trf,
        _ if text.lines().any(|l| l.trim_start().starts_with('[')) => Kind::Pgn,
        _ => Kind::Csv,
    }
}

/// Reads round `round`'s pairings from a file.
pub fn read(path: &Path, round: Option<u32>) -> Result<Round, PairingsError> {
    let bytes = std::fs::read(path).map_err(|source| PairingsError::Io {
        path: path.display().to_string(),
        source,
    })?;
    // TRF-16 files are often Latin-1: a byte that is no UTF-8 reads as its Latin-1 letter.
    let (text, latin1) = match String::from_utf8(bytes) {
        Ok(text) => (text, false),
        Err(e) => (e.into_bytes().iter().map(|&b| b as char).collect(), true),
    };
    let file = path.display().to_string();
    let kind = kind(path, &text);
    let (n, pairings) = match kind {
        Kind::Trf => {
            let n = round.ok_or_else(|| PairingsError::NoRound(file.clone()))?;
            (n, trf::pairings(&text, &file, n)?)
        }
        Kind::Csv => {
            let n = round.ok_or_else(|| PairingsError::NoRound(file.clone()))?;
            (n, csv(&text, &file)?)
        }
        Kind::Pgn => pgn(&text, &file, round)?,
    };
    if pairings.is_empty() {
        return Err(PairingsError::Empty { file, round: n });
    }
    Ok(Round {
        round: n,
        source: path.to_path_buf(),
        trf: (kind == Kind::Trf).then_some(text),
        latin1: latin1 && kind == Kind::Trf,
        pairings,
    })
}

fn line_error(file: &str, line: usize, reason: impl Into<String>) -> LineError {
    LineError {
        file: file.to_string(),
        line,
        reason: reason.into(),
    }
}

/// The fields of one CSV line (`"…"` quoting, `""` a quote inside).
fn csv_fields(line: &str) -> Result<Vec<String>, &'static str> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut chars = line.chars().peekable();
    let mut quoted = false;
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', false) if field.trim().is_empty() => {
                field.clear();
                quoted = true;
            }
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            ('"', true) => quoted = false,
            (',', false) => fields.push(std::mem::take(&mut field).trim().to_string()),
            (c, _) => field.push(c),
        }
    }
    if quoted {
        return Err("a quote is not closed");
    }
    fields.push(field.trim().to_string());
    Ok(fields)
}

/// Checks the boards: each once, each with two names.
fn check(pairings: &[(usize, Pairing)], file: &str, errors: &mut Vec<LineError>) {
    for (i, (line, p)) in pairings.iter().enumerate() {
        if let Some((first, _)) = pairings[..i].iter().find(|(_, o)| o.board == p.board) {
            errors.push(line_error(
                file,
                *line,
                format!("board {} is already paired on line {first}", p.board),
            ));
        }
        if p.white.is_empty() || p.black.is_empty() {
            errors.push(line_error(file, *line, "a player's name is empty"));
        }
        let unfit = |n: &str| {
            n.chars().count() > crate::control::protocol::MAX_NAME
                || n.chars().any(char::is_control)
        };
        if unfit(&p.white) || unfit(&p.black) {
            errors.push(line_error(
                file,
                *line,
                format!(
                    "a player's name is longer than {} characters or holds control characters",
                    crate::control::protocol::MAX_NAME
                ),
            ));
        }
    }
}

fn done(
    mut pairings: Vec<(usize, Pairing)>,
    file: &str,
    mut errors: Vec<LineError>,
) -> Result<Vec<Pairing>, TrfError> {
    check(&pairings, file, &mut errors);
    if !errors.is_empty() {
        errors.sort_by_key(|e| e.line);
        return Err(TrfError::Lines(errors));
    }
    pairings.sort_by_key(|(_, p)| p.board);
    Ok(pairings.into_iter().map(|(_, p)| p).collect())
}

/// `board,white,black` lines; a first line whose board is no number is a header. Blank lines
/// and `#` comments are left out.
pub fn csv(text: &str, file: &str) -> Result<Vec<Pairing>, TrfError> {
    let mut pairings = Vec::new();
    let mut errors = Vec::new();
    let mut first = true;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let raw = raw.trim_start_matches('\u{feff}');
        if raw.trim().is_empty() || raw.trim_start().starts_with('#') {
            continue;
        }
        let header = std::mem::replace(&mut first, false);
        let fields = match csv_fields(raw) {
            Ok(fields) => fields,
            Err(why) => {
                errors.push(line_error(file, line, why));
                continue;
            }
        };
        if fields.len() != 3 {
            errors.push(line_error(
                file,
                line,
                format!("{} fields: expected board,white,black", fields.len()),
            ));
            continue;
        }
        let board = match fields[0].parse::<u32>() {
            Ok(b) if b > 0 => b,
            _ if header => continue,
            _ => {
                errors.push(line_error(
                    file,
                    line,
                    format!("{:?} is no board number (1 or more)", fields[0]),
                ));
                continue;
            }
        };
        pairings.push((
            line,
            Pairing {
                board,
                white: fields[1].clone(),
                black: fields[2].clone(),
                white_rank: None,
                black_rank: None,
            },
        ));
    }
    done(pairings, file, errors)
}

/// One game's tags, and the line of its first tag.
#[derive(Default)]
struct Tags {
    line: usize,
    round: Option<String>,
    board: Option<String>,
    white: Option<String>,
    black: Option<String>,
}

/// A PGN's games (their `[Round]`, `[Board]`, `[White]`, `[Black]` tags), round `round`'s or,
/// without it, the one round every game is of. A round written `3.1` (round 3, board 1) gives
/// the board when no `[Board]` tag does.
pub fn pgn(
    text: &str,
    file: &str,
    round: Option<u32>,
) -> Result<(u32, Vec<Pairing>), PairingsError> {
    let mut games: Vec<Tags> = Vec::new();
    let mut errors = Vec::new();
    let mut in_tags = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let t = raw.trim().trim_start_matches('\u{feff}');
        if !t.starts_with('[') {
            if !t.is_empty() {
                in_tags = false;
            }
            continue;
        }
        if !in_tags {
            games.push(Tags {
                line,
                ..Tags::default()
            });
            in_tags = true;
        }
        let Some((name, value)) = tag(t) else {
            errors.push(line_error(
                file,
                line,
                format!("not a tag pair [Name \"value\"]: {t}"),
            ));
            continue;
        };
        let Some(game) = games.last_mut() else {
            continue;
        };
        let slot = match name {
            "Round" => &mut game.round,
            "Board" => &mut game.board,
            "White" => &mut game.white,
            "Black" => &mut game.black,
            _ => continue,
        };
        *slot = Some(value);
    }
    // Each game's round and board.
    let mut read = Vec::new();
    for g in &games {
        let round_text = g.round.clone().unwrap_or_default();
        let mut parts = round_text.split('.');
        let Some(r) = parts.next().and_then(|r| r.trim().parse::<u32>().ok()) else {
            errors.push(line_error(
                file,
                g.line,
                format!("the game's [Round] is no round number: {round_text:?}"),
            ));
            continue;
        };
        let board = match (&g.board, parts.next()) {
            (Some(b), _) => b.trim().parse::<u32>().ok(),
            (None, Some(b)) => b.trim().parse::<u32>().ok(),
            (None, None) => None,
        };
        let Some(board) = board.filter(|b| *b > 0) else {
            errors.push(line_error(
                file,
                g.line,
                format!(
                    "the game has no board number ([Board] {:?}, [Round] {round_text:?})",
                    g.board.clone().unwrap_or_default()
                ),
            ));
            continue;
        };
        read.push((
            r,
            (
                g.line,
                Pairing {
                    board,
                    white: g.white.clone().unwrap_or_default().trim().to_string(),
                    black: g.black.clone().unwrap_or_default().trim().to_string(),
                    white_rank: None,
                    black_rank: None,
                },
            ),
        ));
    }
    let n = match round {
        Some(n) => n,
        None => {
            let mut rounds: Vec<u32> = read.iter().map(|(r, _)| *r).collect();
            rounds.sort_unstable();
            rounds.dedup();
            match rounds.as_slice() {
                [n] => *n,
                [] => 0,
                many if errors.is_empty() => {
                    return Err(PairingsError::Rounds {
                        file: file.to_string(),
                        rounds: many
                            .iter()
                            .map(u32::to_string)
                            .collect::<Vec<_>>()
                            .join(", "),
                    })
                }
                _ => 0,
            }
        }
    };
    let pairings = read
        .into_iter()
        .filter(|(r, _)| *r == n)
        .map(|(_, p)| p)
        .collect();
    Ok((n, done(pairings, file, errors)?))
}

/// A PGN tag pair: `[Name "value"]` (with `\"` and `\\` escapes).
fn tag(t: &str) -> Option<(&str, String)> {
    let inner = t.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let quoted = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::new();
    let mut chars = quoted.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            value.push(chars.next()?);
        } else if c == '"' {
            return None;
        } else {
            value.push(c);
        }
    }
    Some((name, value))
}

#[cfg(test)]
#[path = "pairings_tests.rs"]
mod tests;

//! FIDE's TRF-16 tournament report file, as far as a round needs it: the player rows (`001`),
//! each with its starting rank in columns 5–8 and its name in 15–47, and, per round, a block
//! of ten columns from column 92 + 10 (N − 1) (1-based): the opponent's starting rank in four
//! columns (`0000`: none), a space, the colour (`w`, `b`, `-`) at +5, a space, the result at +7
//! (`1`, `0`, `=`, `+`, `-`, …), a space.
//!
//! [`pairings`] reads round N's pairings from such a file; [`fill_round`] writes round N's
//! results into it. TRF-16 numbers no boards: the boards are numbered in the order of each
//! pair's higher-ranked player (the lower starting rank), 1 up.

use super::results::{BoardResult, Ending};
use super::{Pairing, Round};
use crate::clock::Outcome;

/// A problem with one line of a TRF-16 file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file}:{line}: {reason}")]
pub struct LineError {
    /// The file's name.
    pub file: String,
    /// The 1-based line.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// Why a TRF-16 file's round cannot be read or filled.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TrfError {
    /// Every malformed line, in the file's order.
    #[error("{}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))]
    Lines(Vec<LineError>),
    /// Round numbers start at 1.
    #[error("round {0}: rounds are numbered from 1")]
    Round(u32),
}

/// The first column (1-based) of round `n`'s block.
pub fn block_column(n: u32) -> usize {
    92 + 10 * (n as usize - 1)
}

/// A player row's fields a round needs.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Player {
    line: usize,
    rank: u32,
    name: String,
    opponent: u32,
    colour: char,
}

/// The characters of columns `from..=to` (1-based) of `row`, trimmed ("" past its end).
fn columns(row: &[char], from: usize, to: usize) -> String {
    row.iter()
        .skip(from - 1)
        .take(to + 1 - from)
        .collect::<String>()
        .trim()
        .to_string()
}

fn players(text: &str, file: &str, n: u32) -> Result<Vec<Player>, TrfError> {
    if n == 0 {
        return Err(TrfError::Round(n));
    }
    let at = block_column(n);
    let mut out = Vec::new();
    let mut errors = Vec::new();
    // Players whose row is told as malformed: a row naming one is not told again for it.
    let mut malformed = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        if !raw.starts_with("001") {
            continue;
        }
        let line = i + 1;
        let mut bad = |reason: String| {
            errors.push(LineError {
                file: file.to_string(),
                line,
                reason,
            })
        };
        let row: Vec<char> = raw.chars().collect();
        let Ok(rank) = columns(&row, 5, 8).parse::<u32>() else {
            bad(format!(
                "columns 5-8 hold no starting rank: {:?}",
                columns(&row, 5, 8)
            ));
            continue;
        };
        let name = columns(&row, 15, 47);
        let opponent_text = columns(&row, at, at + 3);
        let colour = row.get(at + 4).copied().unwrap_or(' ');
        if opponent_text.is_empty() && colour == ' ' {
            // No block for this round: the player is not paired in it.
            out.push(Player {
                line,
                rank,
                name,
                opponent: 0,
                colour: '-',
            });
            continue;
        }
        let Ok(opponent) = opponent_text.parse::<u32>() else {
            malformed.push(rank);
            bad(format!(
                "round {n}: columns {at}-{} hold no opponent's rank: {opponent_text:?}",
                at + 3
            ));
            continue;
        };
        if opponent != 0 && !matches!(colour, 'w' | 'b') {
            malformed.push(rank);
            bad(format!(
                "round {n}: column {} holds no colour (w or b): {colour:?}",
                at + 5
            ));
            continue;
        }
        out.push(Player {
            line,
            rank,
            name,
            opponent,
            colour,
        });
    }
    // Each pairing must be told the same way by both players' rows.
    for p in &out {
        if p.opponent == 0 || malformed.contains(&p.opponent) {
            continue;
        }
        let back = out.iter().find(|o| o.rank == p.opponent);
        let reason = match back {
            None => Some(format!(
                "round {n}: the opponent {} has no player row",
                p.opponent
            )),
            Some(o) if o.opponent != p.rank => Some(format!(
                "round {n}: the opponent {}'s row names {} as his opponent, not {}",
                o.rank, o.opponent, p.rank
            )),
            Some(o) if o.colour == p.colour => Some(format!(
                "round {n}: both {} and {} have the colour {}",
                p.rank, o.rank, p.colour
            )),
            Some(_) => None,
        };
        if let Some(reason) = reason {
            errors.push(LineError {
                file: file.to_string(),
                line: p.line,
                reason,
            });
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        errors.sort_by_key(|e| e.line);
        Err(TrfError::Lines(errors))
    }
}

/// Round `n`'s pairings in a TRF-16 file's text (`file` names it in errors), numbered by the
/// higher-ranked player of each pair. Every malformed line is reported, all in one pass.
pub fn pairings(text: &str, file: &str, n: u32) -> Result<Vec<Pairing>, TrfError> {
    let players = players(text, file, n)?;
    let mut pairs: Vec<Pairing> = players
        .iter()
        .filter(|p| p.colour == 'w' && p.opponent != 0)
        .filter_map(|w| {
            let b = players.iter().find(|o| o.rank == w.opponent)?;
            Some(Pairing {
                board: 0,
                white: w.name.clone(),
                black: b.name.clone(),
                white_rank: Some(w.rank),
                black_rank: Some(b.rank),
            })
        })
        .collect();
    pairs.sort_by_key(|p| p.white_rank.min(p.black_rank));
    for (i, p) in pairs.iter_mut().enumerate() {
        p.board = i as u32 + 1;
    }
    Ok(pairs)
}

/// The result code of `rank`'s game in the TRF-16 file (`1`, `0`, `=`; `+`, `-` for a forfeit
/// the arbiter ruled), or a space for a game without a result.
fn code(result: Option<(Outcome, Ending)>, white: bool) -> char {
    let won = match result {
        None => return ' ',
        Some((Outcome::Draw, _)) => return '=',
        Some((outcome, _)) => (outcome == Outcome::White) == white,
    };
    match (result.map(|(_, ending)| ending), won) {
        (Some(Ending::Forfeit), true) => '+',
        (Some(Ending::Forfeit), false) => '-',
        (_, true) => '1',
        (_, false) => '0',
    }
}

/// The TRF-16 file's text with round `n`'s block filled for every paired player: the
/// opponent's rank, the colour and the result code (a space for an unfinished game). The rows
/// of players not paired on a board, and every other line, are kept as they were.
pub fn fill_round(
    text: &str,
    n: u32,
    round: &Round,
    results: &[BoardResult],
) -> Result<String, TrfError> {
    let file = round.source.display().to_string();
    players(text, &file, n)?;
    let at = block_column(n);
    let mut out = String::with_capacity(text.len() + 64);
    for raw in text.split_inclusive('\n') {
        let (body, end) = match raw.strip_suffix("\r\n") {
            Some(body) => (body, "\r\n"),
            None => match raw.strip_suffix('\n') {
                Some(body) => (body, "\n"),
                None => (raw, ""),
            },
        };
        let mut row: Vec<char> = body.chars().collect();
        let rank = columns(&row, 5, 8).parse::<u32>().ok();
        let game = rank.filter(|_| body.starts_with("001")).and_then(|rank| {
            round.pairings.iter().find_map(|p| {
                let outcome = results
                    .iter()
                    .find(|r| r.board == p.board)
                    .and_then(|r| r.result);
                if p.white_rank == Some(rank) {
                    Some((p.black_rank?, 'w', code(outcome, true)))
                } else if p.black_rank == Some(rank) {
                    Some((p.white_rank?, 'b', code(outcome, false)))
                } else {
                    None
                }
            })
        });
        if let Some((opponent, colour, result)) = game {
            if row.len() < at + 9 {
                row.resize(at + 9, ' ');
            }
            let block: Vec<char> = format!("{opponent:>4} {colour} {result}").chars().collect();
            row[at - 1..at - 1 + block.len()].copy_from_slice(&block);
            let filled: String = row.into_iter().collect();
            out.push_str(filled.trim_end());
        } else {
            out.push_str(body);
        }
        out.push_str(end);
    }
    Ok(out)
}

#[cfg(test)]
#[path = "trf_tests.rs"]
mod tests;

//! A round's results out (`talkclock station results --round N`): for every board, its
//! newest mirrored game replayed from the station's mirror, into `results.csv` (board, white,
//! black, result, how it ended, both final times, the moves, the game's final journal digest),
//! each game's time log (`board-<n>.moves.csv`), and, when the round's pairings came from a
//! TRF-16 file, that file with the round's columns filled ([`super::trf`]).
//!
//! A result is the game's own end: a flag (1.7.9), a stop the arbiter ruled a resignation
//! (1.7.11), a ruling (1.7.12, 1.7.13), the arbiter's result of a game decided on the board
//! (`ctl result`), or his forfeit (`ctl result WINNER --forfeit`, `+`/`-` in TRF-16). A game
//! without one — still running, a player's stop not yet ruled on, no game at all — is
//! `unfinished`, never guessed.

use super::{round_dir, Round};
use crate::clock::time::Clock;
use crate::clock::{Outcome, Phase, Reason, Side};
use crate::journal::time_log::{csv_text, time_log};
use crate::journal::Journal;
use crate::station::mirror::games_of;
use std::path::{Path, PathBuf};

/// How a game ended, as the results file writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// A flag fell (1.7.9).
    Flag,
    /// A player stopped the clock and the arbiter ruled it a resignation (1.7.11).
    Resignation,
    /// The arbiter's ruling: no moves left (1.7.12) or a draw (1.7.13).
    Ruling,
    /// The arbiter's result of a game decided on the board (checkmate, agreement…).
    Arbiter,
    /// The arbiter ruled that the loser forfeits a game he did not play.
    Forfeit,
}

impl Ending {
    /// The word in the results file.
    pub fn word(self) -> &'static str {
        match self {
            Ending::Flag => "flag",
            Ending::Resignation => "resignation",
            Ending::Ruling => "ruling",
            Ending::Arbiter => "arbiter",
            Ending::Forfeit => "forfeit",
        }
    }
}

/// One board's line of the results.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoardResult {
    /// The board.
    pub board: u32,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Who won and how, or `None`: unfinished.
    pub result: Option<(Outcome, Ending)>,
    /// The game's final state, if the board has a game in the mirror.
    pub game: Option<GameEnd>,
}

/// A mirrored game's final state.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameEnd {
    /// The game's id (its mirror file's name).
    pub id: String,
    /// White's and Black's time at the last record.
    pub times: [i64; 2],
    /// White's and Black's completed moves.
    pub moves: [u32; 2],
    /// The mirror's last record digest.
    pub digest: String,
    /// The game's time log, as `talkclock moves --format csv` prints it.
    pub time_log: String,
}

/// Why the results cannot be written.
#[derive(Debug, thiserror::Error)]
pub enum ResultsError {
    /// A file could not be read or written.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// A mirrored journal does not read or replay.
    #[error(transparent)]
    Journal(#[from] crate::journal::JournalError),
    /// The TRF-16 file kept with the round cannot be filled.
    #[error(transparent)]
    Trf(#[from] super::trf::TrfError),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> ResultsError + '_ {
    move |source| ResultsError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// The result in the form pairing programs and crosstables write it.
pub fn score(outcome: Option<Outcome>) -> &'static str {
    match outcome {
        Some(Outcome::White) => "1-0",
        Some(Outcome::Black) => "0-1",
        Some(Outcome::Draw) => "½-½",
        None => "unfinished",
    }
}

/// A game's final state and result, replayed from its mirror file.
pub fn game_end(path: &Path) -> Result<(GameEnd, Option<(Outcome, Ending)>), ResultsError> {
    let name = path.display().to_string();
    let journal = Journal::read(path)?;
    let (table, _) = journal.replay(&name)?;
    let game = table.game();
    let at = journal.last_game_ms();
    let result = game.result().and_then(|r| {
        let ending = match (game.phase(), r.reason) {
            (Phase::Flagged(_), Reason::TimeForfeit) => Ending::Flag,
            (Phase::Finished, Reason::Resignation) => Ending::Resignation,
            (Phase::Finished, Reason::NoMoves | Reason::Draw1713) => Ending::Ruling,
            (Phase::Finished, Reason::Arbiter) => Ending::Arbiter,
            (Phase::Finished, Reason::Forfeit) => Ending::Forfeit,
            // A player's stop the arbiter has not ruled on yet: provisional, not a result.
            _ => return None,
        };
        Some((r.outcome, ending))
    });
    let rows = time_log(&journal, &name)?;
    let id = path
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("")
        .to_string();
    Ok((
        GameEnd {
            id,
            times: [
                game.remaining(Side::White, at),
                game.remaining(Side::Black, at),
            ],
            moves: [game.moves(Side::White), game.moves(Side::Black)],
            digest: journal.digest.clone(),
            time_log: csv_text(&rows),
        },
        result,
    ))
}

/// The players' names in a game's configuration (as the board had them at the end).
fn names_in(path: &Path) -> Option<[String; 2]> {
    let journal = Journal::read(path).ok()?;
    let config = crate::config::Config::parse(journal.current_config_text(), "").ok()?;
    Some([
        config.players[0].name.clone(),
        config.players[1].name.clone(),
    ])
}

/// The boards of a mirror folder (its `board-<n>` folders), in order.
fn mirrored_boards(mirror: &Path) -> Result<Vec<u32>, ResultsError> {
    let mut boards = Vec::new();
    let entries = match std::fs::read_dir(mirror) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(boards),
        Err(e) => return Err(io(mirror)(e)),
    };
    for entry in entries {
        let entry = entry.map_err(io(mirror))?;
        let n = entry
            .file_name()
            .to_str()
            .and_then(|s| s.strip_prefix("board-"))
            .and_then(|s| s.parse::<u32>().ok());
        if let Some(n) = n {
            if entry.path().is_dir() {
                boards.push(n);
            }
        }
    }
    boards.sort_unstable();
    Ok(boards)
}

/// Every board's result: the boards of the round's pairings, and every board with a game in
/// the mirror (its newest game).
pub fn collect(mirror: &Path, round: Option<&Round>) -> Result<Vec<BoardResult>, ResultsError> {
    let mut boards = mirrored_boards(mirror)?;
    if let Some(round) = round {
        boards.extend(round.pairings.iter().map(|p| p.board));
        boards.sort_unstable();
        boards.dedup();
    }
    let mut out = Vec::new();
    for board in boards {
        let newest = match games_of(mirror, board) {
            Ok(games) => games.into_iter().next(),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
            Err(e) => return Err(io(mirror)(e)),
        };
        let (game, result) = match &newest {
            Some(path) => {
                let (end, result) = game_end(path)?;
                (Some(end), result)
            }
            None => (None, None),
        };
        let [white, black] = match round.and_then(|r| r.of_board(board)) {
            Some(p) => [p.white.clone(), p.black.clone()],
            None => newest
                .as_deref()
                .and_then(names_in)
                .unwrap_or_else(|| [String::new(), String::new()]),
        };
        out.push(BoardResult {
            board,
            white,
            black,
            result,
            game,
        });
    }
    Ok(out)
}

/// The results file's header: the columns in the order [`csv_line`] writes them.
pub const RESULTS_HEADER: &str =
    "board,white,black,result,ended,white_time,black_time,white_moves,black_moves,digest,time_log";

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The file name of a board's time log in the round's folder.
pub fn time_log_name(board: u32) -> String {
    format!("board-{board}.moves.csv")
}

/// One board's line of `results.csv`.
pub fn csv_line(r: &BoardResult) -> String {
    let (result, ended) = match r.result {
        Some((outcome, ending)) => (score(Some(outcome)), ending.word()),
        None => (score(None), ""),
    };
    let game = match &r.game {
        Some(g) => format!(
            "{},{},{},{},{},{}",
            Clock(g.times[0]),
            Clock(g.times[1]),
            g.moves[0],
            g.moves[1],
            g.digest,
            time_log_name(r.board)
        ),
        None => ",,,,,".to_string(),
    };
    format!(
        "{},{},{},{result},{ended},{game}",
        r.board,
        field(&r.white),
        field(&r.black)
    )
}

/// Writes round `n`'s results into its folder; returns the files written.
pub fn write(mirror: &Path, n: u32) -> Result<Vec<PathBuf>, ResultsError> {
    let round = Round::load(mirror, n).map_err(io(mirror))?;
    let results = collect(mirror, round.as_ref())?;
    let dir = round_dir(mirror, n);
    std::fs::create_dir_all(&dir).map_err(io(&dir))?;
    let mut written = Vec::new();
    let mut text = String::from(RESULTS_HEADER);
    text.push('\n');
    for r in &results {
        text.push_str(&csv_line(r));
        text.push('\n');
        if let Some(g) = &r.game {
            let path = dir.join(time_log_name(r.board));
            std::fs::write(&path, &g.time_log).map_err(io(&path))?;
            written.push(path);
        }
    }
    let path = dir.join("results.csv");
    std::fs::write(&path, text).map_err(io(&path))?;
    written.insert(0, path);
    if let Some(round) = round.as_ref() {
        if let Some(trf) = &round.trf {
            let filled = super::trf::fill_round(trf, n, round, &results)?;
            let name = round
                .source
                .file_name()
                .map(|f| f.to_string_lossy().into_owned())
                .unwrap_or_else(|| "round.trf".to_string());
            let path = dir.join(name);
            let bytes = if round.latin1 {
                // Read as Latin-1 (each byte its letter): each letter back to its byte.
                filled
                    .chars()
                    .map(|c| u8::try_from(c).unwrap_or(b'?'))
                    .collect()
            } else {
                filled.into_bytes()
            };
            std::fs::write(&path, bytes).map_err(io(&path))?;
            written.insert(1, path);
        }
    }
    Ok(written)
}

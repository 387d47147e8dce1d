//! What a board's state may say before the station believes it, writes it to its mirror or
//! shows it (`station status`, the dashboard): a retained state outlives its board, and any
//! holder of the board's credentials can publish one. A state is refused whole when one of
//! its fields is not one a clock gives: its game id and configuration digest are hex digits,
//! its wall clock a date, its phase one of `status`'s words, whose clock runs a side, each
//! time within [`MAX_TIME_MS`] either way, move counts up to [`MAX_MOVES`], its result one
//! the clock gives, stage numbers up to [`MAX_STAGE`], names up to [`MAX_NAME_CHARS`]
//! characters without control characters. The reasons never quote the values.

use super::payload::StateMsg;
use crate::clock::{Outcome, Reason, Side, MAX_DURATION};
use crate::control::reply::PhaseWord;
use serde::de::DeserializeOwned;
use serde::Deserialize;

/// The most a side's time may be, either way: ten times the most an arbiter can give.
pub const MAX_TIME_MS: i64 = 10 * MAX_DURATION;
/// The most moves a side may have made.
pub const MAX_MOVES: u64 = 100_000;
/// The highest stage number.
pub const MAX_STAGE: u32 = 1000;
/// The longest name.
pub const MAX_NAME_CHARS: usize = 100;
/// The latest wall clock (the end of the year 9999, Unix ms).
const MAX_WALL_MS: i64 = 253_402_300_799_999;

/// Why a state is not believed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StateProblem {
    /// `game`.
    #[error("its game id is not one (hex digits, at most 64)")]
    GameId,
    /// `config_digest`.
    #[error("its configuration digest is not hex digits")]
    ConfigDigest,
    /// `wall_ms`.
    #[error("its wall clock is no date")]
    WallClock,
    /// `status` is not an object.
    #[error("its status is not an object")]
    Status,
    /// `status.phase`.
    #[error("its phase is not one the clock has")]
    Phase,
    /// `status.running`.
    #[error("whose clock runs is neither side")]
    Running,
    /// `status.white_ms` or `status.black_ms`.
    #[error("{0}'s time is missing, or beyond 240 hours either way")]
    Time(&'static str),
    /// `status.moves`.
    #[error("its move counts are not counts up to 100000")]
    Moves,
    /// `status.result`.
    #[error("its result is not one the clock gives")]
    Result,
    /// `stage`.
    #[error("its stage numbers are beyond 1000")]
    Stage,
    /// `names`.
    #[error("a player's name is longer than 100 characters or holds control characters")]
    Name,
}

impl StateMsg {
    /// Whether this state may be believed and shown.
    pub fn check(&self) -> Result<(), StateProblem> {
        let hex =
            |s: &str, most: usize| s.len() <= most && s.chars().all(|c| c.is_ascii_hexdigit());
        if !hex(&self.game, 64) {
            return Err(StateProblem::GameId);
        }
        if !hex(&self.config_digest, 64) {
            return Err(StateProblem::ConfigDigest);
        }
        if !(0..=MAX_WALL_MS).contains(&self.wall_ms) {
            return Err(StateProblem::WallClock);
        }
        if self.stage.white > MAX_STAGE || self.stage.black > MAX_STAGE {
            return Err(StateProblem::Stage);
        }
        if let Some(names) = &self.names {
            let fair =
                |n: &str| n.chars().count() <= MAX_NAME_CHARS && !n.chars().any(char::is_control);
            if !fair(&names.white) || !fair(&names.black) {
                return Err(StateProblem::Name);
            }
        }
        let status = self.status.as_object().ok_or(StateProblem::Status)?;
        let field = |key: &str| status.get(key).cloned().unwrap_or(serde_json::Value::Null);
        read::<PhaseWord>(field("phase"), StateProblem::Phase)?;
        read::<Option<Side>>(field("running"), StateProblem::Running)?;
        for (key, side) in [("white_ms", "White"), ("black_ms", "Black")] {
            let ms = field(key).as_i64().ok_or(StateProblem::Time(side))?;
            if !(-MAX_TIME_MS..=MAX_TIME_MS).contains(&ms) {
                return Err(StateProblem::Time(side));
            }
        }
        let moves = field("moves");
        if !moves.is_null() {
            let count = |side: &str| moves.get(side).and_then(serde_json::Value::as_u64);
            match (count("white"), count("black")) {
                (Some(w), Some(b)) if w <= MAX_MOVES && b <= MAX_MOVES => {}
                _ => return Err(StateProblem::Moves),
            }
        }
        read::<Option<Ruled>>(field("result"), StateProblem::Result)?;
        Ok(())
    }
}

/// A result as `status` gives it.
#[derive(Deserialize)]
struct Ruled {
    #[allow(dead_code)]
    outcome: Outcome,
    #[allow(dead_code)]
    reason: Reason,
}

/// `value` as a `T`, or `problem` (serde's message would quote the value).
fn read<T: DeserializeOwned>(
    value: serde_json::Value,
    problem: StateProblem,
) -> Result<T, StateProblem> {
    serde_json::from_value(value).map_err(|_| problem)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hall::payload::{Names, Stages};

    fn state(status: serde_json::Value) -> StateMsg {
        StateMsg {
            board: 3,
            game: "0123abcd".into(),
            wall_ms: 1_700_000_000_000,
            records: 5,
            alerts: 0,
            config_digest: "00ff".into(),
            stage: Stages { white: 1, black: 1 },
            status,
            names: Some(Names {
                white: "Иванов".into(),
                black: "Smith <b>".into(),
            }),
        }
    }

    #[test]
    fn a_state_as_a_board_sends_it_is_believed() {
        let s = state(serde_json::json!({
            "game_ms": 5000, "phase": "running", "running": "white", "white_ms": 295_000,
            "black_ms": 300_000, "moves": {"white": 1, "black": 0}, "result": null
        }));
        assert_eq!(s.check(), Ok(()));
        let over = state(serde_json::json!({
            "phase": "finished", "running": null, "white_ms": -20, "black_ms": 0,
            "moves": {"white": 40, "black": 40},
            "result": {"outcome": "black", "reason": "time_forfeit"}
        }));
        assert_eq!(over.check(), Ok(()));
    }

    #[test]
    fn a_state_with_absurd_values_is_refused_without_quoting_them() {
        let absurd = state(serde_json::json!({
            "phase": "exploded<b>x</b>", "white_ms": i64::MAX, "black_ms": 0
        }));
        let why = absurd.check().unwrap_err();
        assert_eq!(why, StateProblem::Phase);
        assert!(!why.to_string().contains("exploded"));
        let times =
            state(serde_json::json!({"phase": "paused", "white_ms": i64::MAX, "black_ms": 0}));
        assert_eq!(times.check(), Err(StateProblem::Time("White")));
        let no_times = state(serde_json::json!({"phase": "paused"}));
        assert_eq!(no_times.check(), Err(StateProblem::Time("White")));
        let mut game = state(serde_json::json!({"phase": "paused", "white_ms": 0, "black_ms": 0}));
        assert_eq!(game.check(), Ok(()));
        game.game = "../../etc".into();
        assert_eq!(game.check(), Err(StateProblem::GameId));
        let mut wall = state(serde_json::json!({"phase": "paused", "white_ms": 0, "black_ms": 0}));
        wall.wall_ms = i64::MIN;
        assert_eq!(wall.check(), Err(StateProblem::WallClock));
        let side = state(
            serde_json::json!({"phase": "running", "running": "red", "white_ms": 0, "black_ms": 0}),
        );
        assert_eq!(side.check(), Err(StateProblem::Running));
        let result = state(
            serde_json::json!({"phase": "finished", "white_ms": 0, "black_ms": 0, "result": {"outcome": "both"}}),
        );
        assert_eq!(result.check(), Err(StateProblem::Result));
        let moves = state(
            serde_json::json!({"phase": "running", "white_ms": 0, "black_ms": 0, "moves": {"white": -1, "black": 0}}),
        );
        assert_eq!(moves.check(), Err(StateProblem::Moves));
    }
}

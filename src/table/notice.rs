//! Notices: what the clock has to tell someone, as data, before it is phrased in a language.

use crate::clock::{Ms, Outcome, Reason, Side};

/// Something to tell a listener.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Notice {
    /// The game started: this side's clock runs.
    Start {
        /// Whose clock started.
        side: Side,
    },
    /// A time warning before the control (or the end of the game).
    Warning {
        /// Whose time.
        side: Side,
        /// Time left.
        remaining_ms: Ms,
        /// The control is the end of the game.
        sudden_death: bool,
    },
    /// A second of the final countdown.
    Countdown {
        /// Whose time.
        side: Side,
        /// Time left.
        remaining_ms: Ms,
    },
    /// Practice only: the side on move has not pressed for a while.
    Reminder {
        /// Who is on move.
        side: Side,
    },
    /// A flag fell.
    Flag {
        /// Whose flag.
        side: Side,
    },
    /// A move was completed.
    Move {
        /// Who moved.
        side: Side,
        /// His move count.
        number: u32,
    },
    /// Moves left to the control.
    MovesToControl {
        /// Whose control.
        side: Side,
        /// How many moves are left.
        moves: u32,
    },
    /// A player's own time, on demand.
    TimeReadout {
        /// Whose time.
        side: Side,
        /// Time left.
        remaining_ms: Ms,
        /// Moves left to the control, `None` in a rest-of-game stage.
        moves_to_control: Option<u32>,
    },
    /// The opponent's time, said to the asker.
    OpponentTime {
        /// The opponent.
        side: Side,
        /// His time left.
        remaining_ms: Ms,
    },
    /// The arbiter paused the clock.
    Pause,
    /// The clock runs again.
    Resume,
    /// The arbiter changed a time.
    Adjusted {
        /// Whose time.
        side: Side,
        /// The new time.
        new_ms: Ms,
        /// Limited by rule 1.7.8.
        clamped: bool,
    },
    /// A player stopped the clock.
    PlayerStop {
        /// Who stopped it.
        side: Side,
    },
    /// A new stage began, and its time was added.
    NewStage {
        /// Whose stage.
        side: Side,
        /// Time added.
        added_ms: Ms,
    },
    /// The result as recorded.
    Result {
        /// Who won.
        outcome: Outcome,
        /// Why.
        reason: Reason,
    },
    /// Rule 1.7.5: the control and both times, before the start.
    ClockCheck {
        /// White's time.
        white_ms: Ms,
        /// Black's time.
        black_ms: Ms,
    },
    /// A command the clock refused, for the arbiter.
    Refused {
        /// The command.
        input: String,
    },
}

/// A short sound instead of words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CueKind {
    /// A press was accepted.
    Click,
    /// A press by the side not on move (1.7.6).
    Buzz,
    /// A soft tick while the flag rises.
    FlagRising,
    /// A flag fell.
    FlagAlarm,
}

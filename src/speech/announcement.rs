//! What the clock can say, as data: the semantic events the phrasing layer
//! turns into words. Sides, outcomes, reasons and delay kinds are the clock core's own.

pub use crate::clock::{DelayKind, Outcome, Overtime, OvertimeState, Reason, Rules, Side};

pub use super::language::Lang;
use serde::{Deserialize, Serialize};

/// One stage of a time control, as told in a clock check.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct StageInfo {
    /// Moves to make in this stage; `None` for the rest of the game.
    pub moves: Option<u32>,
    /// Time for the stage, in milliseconds.
    pub time_ms: i64,
    /// Fischer increment per move, in milliseconds (0 for none).
    pub increment_ms: i64,
    /// Delay per move, in milliseconds (0 for none).
    pub delay_ms: i64,
    /// The kind of delay, if any.
    pub delay_kind: Option<DelayKind>,
    /// Whether the stage repeats (e.g. "20 moves in 1 hour, repeating").
    pub repeat: bool,
}

/// What follows the last stage of a time control, as told in a clock check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ControlEnd {
    /// The flag falls when the last stage's time runs out.
    #[default]
    Flag,
    /// An overtime (byo-yomi or Canadian) follows the last stage.
    Overtime(Overtime),
    /// Time counts up from zero; there are no stages and no flag.
    Upcount,
}

/// Where a side's clock stands, for a time readout on a control with an overtime or an
/// upcount clock.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClockPhase {
    /// Main time, with an overtime to follow.
    MainTime,
    /// Byo-yomi: periods left, the current one included (1: the last).
    Byoyomi {
        /// Periods left.
        periods_left: u32,
    },
    /// Canadian: moves still to make in the current period.
    Canadian {
        /// Moves left.
        moves_left: u32,
    },
    /// An upcount clock: the time said is the time used.
    Upcount,
}

/// Something the clock says.
/// Serialized (the hall's alerts carry it) as `{"kind":"flag","side":"white"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Announcement {
    /// The game started: this side is to move.
    Start {
        /// Whose clock started.
        side: Side,
    },
    /// A second of the final countdown: just the number.
    Countdown {
        /// Time left.
        remaining_ms: i64,
    },
    /// Practice only: the side on move has not pressed for a while.
    Reminder {
        /// Who is on move.
        side: Side,
    },
    /// The arbiter's command was refused.
    Refused,
    /// A player's own time on demand: side, remaining, the moves he has made when
    /// they are told (FIDE D.2.6.1), moves left to the control (`None` in a
    /// rest-of-game stage).
    TimeReadout {
        /// Whose time.
        side: Side,
        /// Time left, in milliseconds.
        remaining_ms: i64,
        /// The moves he has made, when the time button tells them.
        moves_made: Option<u32>,
        /// Moves left to the control, if the stage has one.
        moves_to_control: Option<u32>,
    },
    /// The opponent's time, said to the asker; `side` is the opponent, whose
    /// time is read.
    OpponentTime {
        /// The opponent, whose time this is.
        side: Side,
        /// Time left, in milliseconds.
        remaining_ms: i64,
    },
    /// A move was completed: `side` moved, `number` is his move count. Says
    /// the move number and whose turn it is now.
    Move {
        /// Who just moved.
        side: Side,
        /// His move count.
        number: u32,
    },
    /// N moves left to the control (said at configured counts).
    MovesToControl {
        /// Whose count.
        side: Side,
        /// Moves left.
        moves: u32,
    },
    /// Time warning: `remaining_ms` left before the control; `sudden_death`
    /// when the control is to the end of the game.
    Warning {
        /// Who is warned about his time.
        side: Side,
        /// Time left, in milliseconds.
        remaining_ms: i64,
        /// The control is the end of the game.
        sudden_death: bool,
    },
    /// A side entered overtime (its main time ran out), or a byo-yomi period was used up and
    /// the next began. Said to the side and the arbiter, like a warning.
    Overtime {
        /// Whose overtime.
        side: Side,
        /// The control's overtime.
        overtime: Overtime,
        /// Where the side stands now (period 1: it has just entered overtime).
        state: OvertimeState,
    },
    /// A player's own time on demand when the control has an overtime or counts up: says
    /// whether it is main time or overtime and how many periods or moves are left, or on an
    /// upcount clock the time used.
    PhaseReadout {
        /// Whose time.
        side: Side,
        /// Time left in main time or the current period, or the time used (upcount).
        remaining_ms: i64,
        /// Where the clock stands.
        phase: ClockPhase,
    },
    /// A time warning in main time when an overtime follows ("to the end of main time").
    MainTimeWarning {
        /// Who is warned about his time.
        side: Side,
        /// Time left, in milliseconds.
        remaining_ms: i64,
    },
    /// A player's time ran out.
    Flag {
        /// Whose flag fell.
        side: Side,
    },
    /// The clock was paused.
    Pause,
    /// The clock was resumed.
    Resume,
    /// The arbiter changed a time; `clamped` when the change was limited by
    /// the rules (rule 1.7.8: not below 15 minutes).
    Adjusted {
        /// Whose time.
        side: Side,
        /// The new time, in milliseconds.
        new_ms: i64,
        /// The requested change was limited.
        clamped: bool,
    },
    /// A player stopped the clock (rule 1.7.11).
    PlayerStop {
        /// Who stopped it.
        side: Side,
    },
    /// A player entered a new stage of the time control and got time added.
    NewStage {
        /// Whose stage.
        side: Side,
        /// Time added, in milliseconds (0: nothing is said about time).
        added_ms: i64,
    },
    /// The moves completed and the time used by both sides, for the player who asked (FIDE
    /// D.2.10.4).
    Moves {
        /// White's moves completed.
        white_moves: u32,
        /// Black's moves completed.
        black_moves: u32,
        /// The time White's clock has run, in milliseconds.
        white_used_ms: i64,
        /// The time Black's clock has run, in milliseconds.
        black_used_ms: i64,
    },
    /// The arbiter took the game back to a completed move (D.2.9); the clock is paused.
    RolledBack {
        /// The move gone back to.
        number: u32,
        /// White's time now, in milliseconds.
        white_ms: i64,
        /// Black's time now, in milliseconds.
        black_ms: i64,
        /// The side to move when the clock resumes.
        to_move: Side,
    },
    /// The game ended.
    Result {
        /// Who won.
        outcome: Outcome,
        /// Why.
        reason: Reason,
    },
    /// Rule 1.7.5 clock check before the start: the rules, the control and both times.
    ClockCheck {
        /// The rule profile in force.
        rules: Rules,
        /// The stages of the time control, in order.
        stages: Vec<StageInfo>,
        /// White's time, in milliseconds.
        white_ms: i64,
        /// Black's time, in milliseconds.
        black_ms: i64,
        /// What follows the last stage (an overtime), or an upcount clock.
        end: ControlEnd,
    },
    /// A listener's volume was changed: the new level, 1 (quietest) to 9 (loudest).
    Volume {
        /// The level.
        level: u32,
    },
    /// A listener's speech rate was changed: the new level, 1 (slowest) to 9 (fastest).
    SpeechRate {
        /// The level.
        level: u32,
    },
    /// A press on the clock of a side whose clock is not running.
    IgnoredPress {
        /// Who pressed.
        side: Side,
    },
    /// What the set-up menu says (never sent to the hall).
    #[serde(skip)]
    Menu(super::menu::MenuPrompt),
    /// At the hall's station: what a board said to its arbiter, prefixed by the board's
    /// number ("Доска 12: …", "Board 12: …"), and how late it arrives when it was held up.
    Board {
        /// The board's number.
        board: u32,
        /// How long after the event it is said, when that is long enough to tell.
        late_ms: Option<i64>,
        /// What the board said.
        notice: Box<Announcement>,
    },
    /// A controller was disconnected; the clock keeps running.
    ControllerLost {
        /// The controller, as the system names it.
        device: String,
    },
    /// A controller was connected again.
    ControllerBack {
        /// The controller, as the system names it.
        device: String,
    },
    /// The daemon is stopping (Ctrl-C, SIGTERM); the journal keeps the game.
    Stopping,
    /// The key pipe (standard input) ended; the clock goes on.
    KeyboardClosed,
    /// A player's Braille display cannot be reached (BRLTTY does not answer at `host`): the
    /// game goes on without it.
    BrailleAbsent {
        /// Whose display.
        side: Side,
        /// Where BRLTTY was asked.
        host: String,
    },
    /// `run` without a configuration: the embedded default speaks the locale's language, and
    /// this says how to choose another.
    DefaultLanguage,
    /// The machine slept: the clock was paused.
    Suspended,
    /// The clock's thread ran late (the process was stopped or starved).
    Stalled {
        /// How late, in milliseconds.
        late_ms: i64,
    },
    /// The game is over: the journal's seal (the digest of its last record), for the arbiter
    /// to note.
    Seal {
        /// The digest, in hex; `None` for a journal of the old format, which has none.
        digest: Option<String>,
    },
    /// Something about the game's journal.
    Journal {
        /// What.
        trouble: JournalTrouble,
    },
    /// The set-up menu could not save; nothing changed.
    SetupNotSaved {
        /// Where it was to be saved.
        origin: String,
        /// Why not, as the system says it.
        why: String,
    },
    /// At the hall's station: a board has not been heard from for a while.
    BoardSilent {
        /// The board's number.
        board: u32,
    },
    /// At the hall's station: a silent board is heard from again.
    BoardBack {
        /// The board's number.
        board: u32,
    },
    /// At the hall's station: several boards went silent within a few seconds (a cut link to
    /// another venue), said as one sentence.
    BoardsSilent {
        /// The boards' numbers, ascending.
        boards: Vec<u32>,
    },
    /// At the hall's station: several silent boards were heard from again.
    BoardsBack {
        /// The boards' numbers, ascending.
        boards: Vec<u32>,
    },
}

/// What an [`Announcement::Journal`] tells of the game's journal.
/// Serialized as `{"what":"low_space","free_mb":3}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "what", rename_all = "snake_case")]
pub enum JournalTrouble {
    /// It cannot be written (a full disk): the clock is paused until it can.
    Down,
    /// It can be written again; the clock stays paused.
    Back,
    /// Its file was deleted or moved away during the game, and was written again.
    Rewritten {
        /// Where.
        path: String,
    },
    /// The game was restored from a journal of the old format: an edit cannot be told.
    Unchained,
    /// A player's press could not be recorded, so it did nothing.
    NotRecorded,
    /// Little free space is left where it is written.
    LowSpace {
        /// Megabytes left.
        free_mb: u64,
    },
}

/// `boards` (ascending) as runs of consecutive numbers: `[3, 5, 6, 7]` → `[(3, 3), (5, 7)]`.
pub fn board_runs(boards: &[u32]) -> Vec<(u32, u32)> {
    let mut out: Vec<(u32, u32)> = Vec::new();
    for &b in boards {
        match out.last_mut() {
            Some((_, last)) if last.checked_add(1) == Some(b) => *last = b,
            _ => out.push((b, b)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::board_runs;

    #[test]
    fn board_runs_join_consecutive_boards() {
        assert_eq!(board_runs(&[]), vec![]);
        assert_eq!(board_runs(&[3, 5, 6, 7, 9]), vec![(3, 3), (5, 7), (9, 9)]);
        assert_eq!(
            board_runs(&[u32::MAX - 1, u32::MAX]),
            vec![(u32::MAX - 1, u32::MAX)]
        );
    }
}

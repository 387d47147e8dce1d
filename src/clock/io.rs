//! What goes into the clock core (inputs) and what comes out (events), as data.
//!
//! Events serialize to the JSON lines that `talkclock simulate` prints; keep their names and
//! fields stable (they are documented in the README).

use super::overtime::{OvertimeKind, OvertimeState};
use super::side::Side;
use super::time::Ms;
use serde::{Deserialize, Serialize};

/// The arbiter's decision after a player stopped the clock or a flag fell.
///
/// Serialized (in the journal) as `"misunderstanding"`, `"resign"`, `"draw"` or
/// `{"no_moves":"white"}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ruling {
    /// The stop was a misunderstanding (1.7.11): the clock resumes with times intact.
    Misunderstanding,
    /// The stop stands as a resignation (1.7.11).
    Resign,
    /// A draw by rule 1.7.13 (control to the end of the game only).
    Draw,
    /// Rule 1.7.12: this side's flag fell on the move that left the opponent without moves.
    NoMoves(Side),
}

/// The arbiter's rollback: the game goes back to the instant `side` completed his move
/// `moves` (move 0 of the side that does not start: the start of the game).
///
/// Serialized (in the journal) as `{"rollback":{"moves":23,"side":"black"}}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rollback {
    /// The side's move count to go back to.
    pub moves: u32,
    /// Whose move: Black's by default, so that White is to move at move `moves + 1`.
    pub side: Side,
}

/// An input to the core, stamped by the caller with the instant it arrived.
///
/// Serialized (in the journal) as `"start"`, `{"press":"white"}`, `{"set":["white",2700000]}`
/// (milliseconds), `{"ruling":"draw"}`, `{"result":"white"}`, `{"forfeit":"black"}`: the names
/// are stable.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Input {
    /// Start the first side's clock.
    Start,
    /// A side pressed its clock button (completing a move if its clock runs).
    Press(Side),
    /// The arbiter pauses the running clock.
    Pause,
    /// The arbiter resumes a paused clock.
    Resume,
    /// The arbiter sets a side's remaining time.
    Set(Side, Ms),
    /// The arbiter adds (positive) or takes (negative) time.
    Adjust(Side, Ms),
    /// A player stops the clock (1.7.11).
    Stop(Side),
    /// The arbiter's ruling.
    Ruling(Ruling),
    /// A player asks for his time.
    Query(Side),
    /// The arbiter's result for a game decided on the board (checkmate, an agreed draw…),
    /// where no ruling covers it: recorded, and the game ends.
    Result(Outcome),
    /// The arbiter rules that this side forfeits a game it did not play (absent past the
    /// default time…): the opponent wins by forfeit, and the game ends. Refused once this side
    /// has completed a move: a game played has its result on the board.
    Forfeit(Side),
}

/// Who won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Outcome {
    /// White won.
    White,
    /// Black won.
    Black,
    /// A draw.
    Draw,
}

impl Outcome {
    /// The outcome "this side won".
    pub fn win(side: Side) -> Outcome {
        match side {
            Side::White => Outcome::White,
            Side::Black => Outcome::Black,
        }
    }
}

/// Why the game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// A flag fell (1.7.9).
    TimeForfeit,
    /// A player stopped the clock (1.7.11).
    Resignation,
    /// 1.7.12: the flag fell on the move that left the opponent without moves.
    NoMoves,
    /// 1.7.13: a draw recorded on a clock stop in a control to the end of the game.
    #[serde(rename = "draw_1_7_13")]
    Draw1713,
    /// The arbiter recorded the result of a game decided on the board (`ctl result`).
    Arbiter,
    /// The arbiter ruled that the loser forfeits a game he did not play (`ctl result WINNER
    /// --forfeit`); a pairing program writes it `+`/`-`.
    Forfeit,
}

/// The result as recorded (provisional until the arbiter confirms it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GameResult {
    /// Who won.
    pub outcome: Outcome,
    /// Why.
    pub reason: Reason,
}

/// The ruling's name, as printed in `ruling` events.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RulingKind {
    /// See [`Ruling::Misunderstanding`].
    Misunderstanding,
    /// See [`Ruling::Resign`].
    Resign,
    /// See [`Ruling::Draw`].
    Draw,
    /// See [`Ruling::NoMoves`].
    NoMoves,
}

/// Something that happened on the clock.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// The first side's clock started.
    Start {
        /// Whose clock started.
        side: Side,
    },
    /// A press completed a move; the clocks as they stand after it.
    Press {
        /// Who moved.
        side: Side,
        /// His move count after this move.
        #[serde(rename = "move")]
        move_number: u32,
        /// White's remaining time.
        white_ms: Ms,
        /// Black's remaining time.
        black_ms: Ms,
    },
    /// A press by a side whose clock was not running: nothing changed (1.7.6).
    IgnoredPress {
        /// Who pressed.
        side: Side,
    },
    /// A side entered a new stage, and its time was added.
    Stage {
        /// Whose stage.
        side: Side,
        /// 1-based stage number, counting up through repeats.
        stage: u32,
        /// Time added to the clock.
        added_ms: Ms,
    },
    /// A side's main time ran out and it entered overtime, or a byo-yomi period was used up
    /// and the next began; the side's clock now shows a full period.
    Overtime {
        /// Whose overtime.
        side: Side,
        /// Byo-yomi or Canadian.
        kind: OvertimeKind,
        /// The period now begun, and the periods or moves left.
        #[serde(flatten)]
        state: OvertimeState,
    },
    /// A side's time reached zero; both clocks stopped.
    Flag {
        /// Whose flag fell.
        side: Side,
    },
    /// The arbiter paused the clock.
    Pause,
    /// The clock runs again.
    Resume,
    /// The arbiter changed a side's time (`set` or `adjust`).
    Adjust {
        /// Whose time.
        side: Side,
        /// Before.
        old_ms: Ms,
        /// After.
        new_ms: Ms,
        /// The request was a cut below the profile's floor (1.7.8: 15:00) or below zero, and
        /// was limited.
        clamped: bool,
    },
    /// A player stopped the clock: a provisional resignation (1.7.11).
    PlayerStop {
        /// Who stopped it.
        side: Side,
    },
    /// The arbiter ruled.
    Ruling {
        /// Which ruling.
        ruling: RulingKind,
        /// The side named in a `no-moves` ruling.
        #[serde(skip_serializing_if = "Option::is_none")]
        side: Option<Side>,
    },
    /// The result as now recorded.
    Result {
        /// Who won.
        outcome: Outcome,
        /// Why.
        reason: Reason,
    },
    /// A player asked for his time.
    Query {
        /// Who asked.
        side: Side,
        /// His remaining time.
        remaining_ms: Ms,
        /// The opponent's remaining time.
        opponent_ms: Ms,
        /// Moves left to his next control (`null` in a rest-of-the-game stage).
        moves_to_control: Option<u32>,
        /// Where he stands in overtime; absent in main time and without overtime.
        #[serde(skip_serializing_if = "Option::is_none")]
        overtime: Option<OvertimeState>,
    },
    /// The arbiter took the game back to the instant a side completed a move (D.2.9): both
    /// clocks, the stages, the move counts and the overtime as they were then; the clock is
    /// paused, the side to move ready to run.
    RolledBack {
        /// Whose move the game went back to.
        side: Side,
        /// That side's move count then.
        #[serde(rename = "move")]
        move_number: u32,
        /// White's remaining time.
        white_ms: Ms,
        /// Black's remaining time.
        black_ms: Ms,
    },
    /// An input that cannot apply now; nothing changed.
    Rejected {
        /// The input, as a script would write it.
        input: String,
        /// Why it was refused.
        reason: String,
    },
}

/// An event with the instant it happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Stamped {
    /// Milliseconds on the game's timeline.
    pub at_ms: Ms,
    /// What happened.
    #[serde(flatten)]
    pub event: Event,
}

/// Outcomes print as the arbiter writes them: `white`, `black`, `draw`.
impl std::fmt::Display for Outcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Outcome::White => "white",
            Outcome::Black => "black",
            Outcome::Draw => "draw",
        })
    }
}

impl std::fmt::Display for Ruling {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Ruling::Misunderstanding => f.write_str("misunderstanding"),
            Ruling::Resign => f.write_str("resign"),
            Ruling::Draw => f.write_str("draw"),
            Ruling::NoMoves(side) => write!(f, "no-moves {side}"),
        }
    }
}

/// Inputs print as a script line would write them (`adjust black -5:00`).
impl std::fmt::Display for Input {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use super::time::Clock;
        match self {
            Input::Start => f.write_str("start"),
            Input::Press(side) => write!(f, "press {side}"),
            Input::Pause => f.write_str("pause"),
            Input::Resume => f.write_str("resume"),
            Input::Set(side, time) => write!(f, "set {side} {}", Clock(*time)),
            Input::Adjust(side, delta) if *delta >= 0 => {
                write!(f, "adjust {side} +{}", Clock(*delta))
            }
            Input::Adjust(side, delta) => write!(f, "adjust {side} {}", Clock(*delta)),
            Input::Stop(side) => write!(f, "stop {side}"),
            Input::Ruling(ruling) => write!(f, "ruling {ruling}"),
            Input::Query(side) => write!(f, "query {side}"),
            Input::Result(outcome) => write!(f, "result {outcome}"),
            // As the arbiter types it (`ctl result white --forfeit`): the winner, then the flag.
            Input::Forfeit(side) => write!(f, "result {} --forfeit", side.other()),
        }
    }
}

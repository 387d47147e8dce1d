//! What the board display shows, as the page receives it (JSON over server-sent events): both
//! clocks as of the instant the view was taken, how each counts from there, and the notices
//! the rules send to each player. The page counts on from the instant the view arrived and
//! needs nothing else to draw.

use super::words::PageWords;
use crate::clock::Side;
use crate::config::display::{Scheme, ScreenHalf};
use crate::control::reply::PhaseWord;
use crate::speech::Lang;
use serde::Serialize;

/// The whole display at one instant.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct View {
    /// Counts up with every view the daemon sends.
    pub seq: u64,
    /// The half of the screen White's clock is on (rule 1.7.3).
    pub white_half: ScreenHalf,
    /// The colours the clock's configuration asks for.
    pub scheme: Scheme,
    /// The digits' size the configuration asks for (per cent).
    pub size: u8,
    /// The page's language (its settings, its connection notice).
    pub lang: Lang,
    /// The page's own words.
    pub words: PageWords,
    /// The game's phase.
    pub phase: PhaseWord,
    /// Whose clock runs.
    pub running: Option<Side>,
    /// White's clock.
    pub white: SideView,
    /// Black's clock.
    pub black: SideView,
}

/// One side's clock.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideView {
    /// The player's name.
    pub name: String,
    /// The player's language (the words on this half).
    pub lang: Lang,
    /// Remaining time when the view was taken (on an upcount clock the time used), ms.
    pub ms: i64,
    /// How it moves from there: −1 counts down, +1 up (an hourglass's other side, an upcount
    /// clock), 0 stands.
    pub rate: i8,
    /// A simple delay still to run before it starts counting, ms.
    pub delay_ms: i64,
    /// This side is to move.
    pub on_move: bool,
    /// The words that mark the side to move.
    pub on_move_word: &'static str,
    /// Lines under the clock: moves made, moves to the control, the stage or overtime.
    pub details: Vec<String>,
    /// The steady colour change on this half: the most urgent notice shown.
    pub alert: Option<NoticeKind>,
    /// The notices shown on this half, oldest first.
    pub notices: Vec<Notice>,
}

/// What kind of notice a player is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NoticeKind {
    /// The clock is stopped (the arbiter's pause, a player's stop).
    Pause,
    /// Time is short (a warning before the control, overtime begun).
    Warning,
    /// The game is over.
    Result,
    /// A flag fell.
    Flag,
}

/// A notice on a player's half: its kind and its words in the player's language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Notice {
    /// Its kind.
    pub kind: NoticeKind,
    /// Its words.
    pub text: String,
}

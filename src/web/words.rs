//! The pages' own words, from each language's catalogue (`[words.page]`; the clock's announcements keep their spoken
//! wording, from `speech`). Counts follow a colon ("Ходов: 12"), so no number needs a
//! declined noun after it.

use crate::clock::OvertimeState;
use crate::speech::Lang;
use serde::Serialize;

/// The catalogues' area of the pages' words (`[words.page]`).
const AREA: &str = "page";

/// A side's lines under its clock.
pub fn moves_made(lang: Lang, n: u32) -> String {
    lang.words(AREA, "moves_made", &[("n", &n.to_string())])
}

/// Moves left to the control.
pub fn moves_to_control(lang: Lang, n: u32) -> String {
    lang.words(AREA, "moves_to_control", &[("n", &n.to_string())])
}

/// The stage of the time control (shown when the control has more than one).
pub fn stage(lang: Lang, n: u32) -> String {
    lang.words(AREA, "stage", &[("n", &n.to_string())])
}

/// Where a side stands in its overtime.
pub fn overtime(lang: Lang, state: &OvertimeState) -> String {
    let p = state.period.to_string();
    match (state.periods_left, state.moves_left) {
        (Some(left), _) => lang.words(
            AREA,
            "overtime_periods_left",
            &[("p", &p), ("left", &left.to_string())],
        ),
        (None, Some(moves)) => lang.words(
            AREA,
            "overtime_moves_left",
            &[("p", &p), ("moves", &moves.to_string())],
        ),
        (None, None) => lang.words(AREA, "overtime", &[("p", &p)]),
    }
}

/// The mark on the clock of the side to move.
pub fn on_move(lang: Lang) -> &'static str {
    lang.word(AREA, "on_move")
}

/// The page's own words (its settings and its connection), in the page's language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PageWords {
    /// The connection to the clock is lost.
    pub lost: &'static str,
    /// The connection is back.
    pub back: &'static str,
    /// The settings button and dialog.
    pub settings: &'static str,
    /// The colours.
    pub scheme: &'static str,
    /// Each scheme's name, in [`crate::config::display::Scheme::ALL`]'s order.
    pub schemes: [&'static str; 3],
    /// The digits' size.
    pub size: &'static str,
    /// Back to what the clock's configuration says.
    pub reset: &'static str,
    /// Close the dialog.
    pub close: &'static str,
    /// The game has not started.
    pub not_started: &'static str,
    /// The clocks are paused.
    pub paused: &'static str,
    /// White's and Black's names for the side (when the player has none).
    pub sides: [&'static str; 2],
}

/// The page's words in `lang`.
pub fn page_words(lang: Lang) -> PageWords {
    let w = |name: &str| lang.word(AREA, name);
    PageWords {
        lost: w("lost"),
        back: w("back"),
        settings: w("settings"),
        scheme: w("scheme"),
        schemes: [w("scheme_yellow"), w("scheme_white"), w("scheme_black")],
        size: w("size"),
        reset: w("reset"),
        close: w("close"),
        not_started: w("not_started"),
        paused: w("paused"),
        sides: [w("white"), w("black")],
    }
}

//! The pages' own words, in Russian and English (the clock's announcements keep their spoken
//! wording, from `speech`). Counts follow a colon ("Ходов: 12"), so no number needs a
//! declined noun after it.

use crate::clock::OvertimeState;
use crate::hearing::Lang;
use serde::Serialize;

/// A side's lines under its clock.
pub fn moves_made(lang: Lang, n: u32) -> String {
    match lang {
        Lang::Ru => format!("Ходов: {n}"),
        Lang::En => format!("Moves: {n}"),
    }
}

/// Moves left to the control.
pub fn moves_to_control(lang: Lang, n: u32) -> String {
    match lang {
        Lang::Ru => format!("Ходов до контроля: {n}"),
        Lang::En => format!("Moves to the control: {n}"),
    }
}

/// The stage of the time control (shown when the control has more than one).
pub fn stage(lang: Lang, n: u32) -> String {
    match lang {
        Lang::Ru => format!("Этап {n}"),
        Lang::En => format!("Stage {n}"),
    }
}

/// Where a side stands in its overtime.
pub fn overtime(lang: Lang, state: &OvertimeState) -> String {
    let p = state.period;
    match (lang, state.periods_left, state.moves_left) {
        (Lang::Ru, Some(left), _) => format!("Овертайм: период {p}, осталось периодов: {left}"),
        (Lang::En, Some(left), _) => format!("Overtime: period {p}, periods left: {left}"),
        (Lang::Ru, None, Some(moves)) => {
            format!("Овертайм: период {p}, ходов до конца периода: {moves}")
        }
        (Lang::En, None, Some(moves)) => format!("Overtime: period {p}, moves to make: {moves}"),
        (Lang::Ru, None, None) => format!("Овертайм: период {p}"),
        (Lang::En, None, None) => format!("Overtime: period {p}"),
    }
}

/// The mark on the clock of the side to move.
pub fn on_move(lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => "Ходит",
        Lang::En => "To move",
    }
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
    match lang {
        Lang::Ru => PageWords {
            lost: "Нет связи с часами: время на экране не обновляется",
            back: "Связь с часами восстановлена",
            settings: "Вид экрана",
            scheme: "Цвета",
            schemes: [
                "Жёлтые цифры на чёрном",
                "Белые на чёрном",
                "Чёрные на белом",
            ],
            size: "Размер цифр, процентов",
            reset: "Как в настройках часов",
            close: "Закрыть",
            not_started: "Часы ещё не пущены",
            paused: "Часы остановлены",
            sides: ["Белые", "Чёрные"],
        },
        Lang::En => PageWords {
            lost: "No connection to the clock: the times on the screen are not current",
            back: "Connected to the clock again",
            settings: "Screen settings",
            scheme: "Colours",
            schemes: ["Yellow digits on black", "White on black", "Black on white"],
            size: "Digit size, per cent",
            reset: "As the clock is set",
            close: "Close",
            not_started: "The clock has not been started",
            paused: "The clock is stopped",
            sides: ["White", "Black"],
        },
    }
}

//! The one line a player's Braille display shows, in his language: his own time first, who
//! is on move, then (when he asked for it) his opponent's time, the moves left to the
//! control, and the last message for him after a bar. Short words, because a display has 40
//! cells or fewer: a line too long for the display first leaves out the moves to the control
//! (the message matters more), then loses its end, never its start.
//!
//! ```text
//! en  W 1:12:30 your move 12 to ctl
//!     W 1:12:30 B moves B 0:58:02 12 to ctl
//!     W 0:04:59 your move | 0:05:00 left
//! ru  Б 1:12:30 ваш ход 12 до контр.
//!     Б 1:12:30 ход Ч Ч 0:58:02 12 до контр.
//!     Б 0:04:59 ваш ход | осталось 0:05:00
//! ```
//!
//! The words are each language's catalogue's (`[words.braille]`).

use crate::clock::{Ms, Side};
use crate::speech::Lang;
use crate::speech::{phrase, Announcement};

/// Where the game stands, from the display owner's point of view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnMove {
    /// Before the start.
    NotStarted,
    /// His clock runs.
    Own,
    /// His opponent's clock runs.
    Opponent,
    /// The arbiter paused the clock.
    Paused,
    /// A player stopped the clock (rule 1.7.11).
    Stopped,
    /// A flag fell.
    Flag,
    /// The game is over.
    Over,
}

/// What goes on a player's line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineFacts {
    /// The display's owner.
    pub side: Side,
    /// His language.
    pub lang: Lang,
    /// His time (what his clock shows: left, or used on an upcount clock).
    pub own_ms: Ms,
    /// Who is on move.
    pub on_move: OnMove,
    /// His opponent's time, when he asked for it.
    pub opponent_ms: Option<Ms>,
    /// His moves left to the control, when the stage has one.
    pub moves_to_control: Option<u32>,
    /// The last message for him.
    pub message: Option<String>,
}

/// The catalogues' area of the Braille line's words (`[words.braille]`).
const AREA: &str = "braille";

/// A side's letter: W/B, Б/Ч.
pub fn side_letter(lang: Lang, side: Side) -> &'static str {
    lang.word(
        AREA,
        match side {
            Side::White => "letter_white",
            Side::Black => "letter_black",
        },
    )
}

/// A time as digits, `h:mm:ss`, in whole seconds cut down as the spoken time is (a player
/// who hears "four minutes fifty-nine seconds" reads 0:04:59); a negative time gets a minus.
pub fn time_digits(ms: Ms) -> String {
    let sign = if ms < 0 { "-" } else { "" };
    let seconds = ms.unsigned_abs() / 1000;
    format!(
        "{sign}{}:{:02}:{:02}",
        seconds / 3600,
        seconds / 60 % 60,
        seconds % 60
    )
}

fn on_move_words(lang: Lang, on_move: OnMove, opponent: Side) -> String {
    let name = match on_move {
        OnMove::NotStarted => "not_started",
        OnMove::Own => "own",
        OnMove::Opponent => "opponent",
        OnMove::Paused => "paused",
        OnMove::Stopped => "stopped",
        OnMove::Flag => "flag",
        OnMove::Over => "over",
    };
    lang.words(AREA, name, &[("letter", side_letter(lang, opponent))])
}

fn to_control(lang: Lang, moves: u32) -> String {
    lang.words(AREA, "to_control", &[("moves", &moves.to_string())])
}

/// The line's "last message" for an announcement to `owner`, in `lang`: a time warning or a
/// flag in digits and a word or two, anything else as it is said; `None` for what the line
/// shows already (times, moves, whose move) or what comes every second or so.
pub fn message_of(lang: Lang, owner: Side, notice: &Announcement) -> Option<String> {
    let letter = |side: Side| side_letter(lang, side);
    let text = match notice {
        Announcement::Countdown { .. }
        | Announcement::Move { .. }
        | Announcement::TimeReadout { .. }
        | Announcement::PhaseReadout { .. }
        | Announcement::OpponentTime { .. }
        | Announcement::Volume { .. }
        | Announcement::SpeechRate { .. }
        | Announcement::IgnoredPress { .. }
        | Announcement::Menu(_)
        | Announcement::Board { .. }
        | Announcement::Start { .. } => return None,
        Announcement::Warning {
            side, remaining_ms, ..
        } => {
            let time = time_digits(*remaining_ms);
            let name = if *side == owner {
                "warning_own"
            } else {
                "warning_other"
            };
            lang.words(AREA, name, &[("time", &time), ("letter", letter(*side))])
        }
        Announcement::Flag { side } => lang.words(AREA, "flag_of", &[("letter", letter(*side))]),
        other => phrase(lang, other).text,
    };
    Some(text)
}

/// A long text (a set-up menu prompt) cut into display-wide pages at word boundaries (a word
/// longer than the display is cut where the page ends); the display's line up / line down
/// keys move through them.
pub fn pages(text: &str, cells: usize) -> Vec<String> {
    let cells = cells.max(1);
    let mut pages: Vec<String> = Vec::new();
    let mut page = String::new();
    for word in text.split_whitespace() {
        let mut word: Vec<char> = word.chars().collect();
        loop {
            let used = page.chars().count();
            let gap = usize::from(used > 0);
            if used + gap + word.len() <= cells {
                if gap == 1 {
                    page.push(' ');
                }
                page.extend(word.iter());
                break;
            }
            if used > 0 {
                pages.push(std::mem::take(&mut page));
                continue;
            }
            let rest = word.split_off(cells);
            pages.push(word.iter().collect());
            word = rest;
        }
    }
    if !page.is_empty() || pages.is_empty() {
        pages.push(page);
    }
    pages
}

/// The line, at most `cells` characters (one cell each).
pub fn line(facts: &LineFacts, cells: usize) -> String {
    let lang = facts.lang;
    let opponent = facts.side.other();
    let mut parts = vec![
        side_letter(lang, facts.side).to_string(),
        time_digits(facts.own_ms),
        on_move_words(lang, facts.on_move, opponent),
    ];
    if let Some(ms) = facts.opponent_ms {
        parts.push(side_letter(lang, opponent).to_string());
        parts.push(time_digits(ms));
    }
    let head = parts.join(" ");
    let control = facts
        .moves_to_control
        .map(|moves| format!(" {}", to_control(lang, moves)))
        .unwrap_or_default();
    let message = facts
        .message
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .map(|m| format!(" | {m}"))
        .unwrap_or_default();
    let full = format!("{head}{control}{message}");
    let text = if full.chars().count() > cells && !message.is_empty() {
        format!("{head}{message}")
    } else {
        full
    };
    text.chars().take(cells).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_prompt_is_cut_into_pages_at_words() {
        let text = "Time control: fifteen minutes to the end of the game, plus ten seconds per move, one of six.";
        let p = pages(text, 40);
        assert_eq!(
            p,
            [
                "Time control: fifteen minutes to the end",
                "of the game, plus ten seconds per move,",
                "one of six.",
            ]
        );
        assert!(p.iter().all(|l| l.chars().count() <= 40));
        assert_eq!(pages("Ход", 40), ["Ход"]);
        assert_eq!(pages("", 40), [""]);
        assert_eq!(pages("абвгдеж", 3), ["абв", "где", "ж"]);
    }

    fn facts(lang: Lang) -> LineFacts {
        LineFacts {
            side: Side::White,
            lang,
            own_ms: 4_350_000,
            on_move: OnMove::Own,
            opponent_ms: None,
            moves_to_control: Some(12),
            message: Some("5 minutes left".into()),
        }
    }

    #[test]
    fn times_are_digits_cut_down_to_the_second_as_spoken() {
        assert_eq!(time_digits(4_350_000), "1:12:30");
        assert_eq!(time_digits(300_000), "0:05:00");
        assert_eq!(time_digits(299_999), "0:04:59");
        assert_eq!(time_digits(999), "0:00:00");
        assert_eq!(time_digits(0), "0:00:00");
        assert_eq!(time_digits(-3_500), "-0:00:03");
    }

    #[test]
    fn the_english_line_reads_own_time_move_control_then_message() {
        assert_eq!(
            line(&facts(Lang::En), 80),
            "W 1:12:30 your move 12 to ctl | 5 minutes left"
        );
        // On 40 cells the message goes before the moves to the control.
        assert_eq!(
            line(&facts(Lang::En), 40),
            "W 1:12:30 your move | 5 minutes left"
        );
        let mut asked = facts(Lang::En);
        asked.on_move = OnMove::Opponent;
        asked.opponent_ms = Some(3_482_000);
        asked.message = None;
        assert_eq!(line(&asked, 80), "W 1:12:30 B moves B 0:58:02 12 to ctl");
    }

    #[test]
    fn the_russian_line_uses_russian_letters_and_words() {
        let mut ru = facts(Lang::Ru);
        ru.side = Side::Black;
        ru.message = Some("Осталось 5 минут".into());
        assert_eq!(
            line(&ru, 80),
            "Ч 1:12:30 ваш ход 12 до контр. | Осталось 5 минут"
        );
        assert_eq!(line(&ru, 40), "Ч 1:12:30 ваш ход | Осталось 5 минут");
        ru.on_move = OnMove::Opponent;
        ru.opponent_ms = Some(60_000);
        ru.moves_to_control = None;
        ru.message = None;
        assert_eq!(line(&ru, 80), "Ч 1:12:30 ход Б Б 0:01:00");
    }

    #[test]
    fn a_short_display_keeps_the_start_and_counts_cells_not_bytes() {
        let mut ru = facts(Lang::Ru);
        ru.message = None;
        let cut = line(&ru, 17);
        assert_eq!(cut, "Б 1:12:30 ваш ход");
        assert_eq!(cut.chars().count(), 17);
        assert_eq!(line(&facts(Lang::En), 9), "W 1:12:30");
    }

    #[test]
    fn warnings_and_flags_are_digits_and_a_word_and_readouts_are_no_message() {
        let warning = |side| Announcement::Warning {
            side,
            remaining_ms: 300_000,
            sudden_death: false,
        };
        let own = message_of(Lang::Ru, Side::White, &warning(Side::White));
        assert_eq!(own.as_deref(), Some("осталось 0:05:00"));
        let theirs = message_of(Lang::En, Side::White, &warning(Side::Black));
        assert_eq!(theirs.as_deref(), Some("B 0:05:00 left"));
        let flag = Announcement::Flag { side: Side::Black };
        assert_eq!(
            message_of(Lang::Ru, Side::White, &flag).as_deref(),
            Some("флаг Ч")
        );
        let pause = message_of(Lang::En, Side::White, &Announcement::Pause);
        assert_eq!(pause, Some(phrase(Lang::En, &Announcement::Pause).text));
        let readout = Announcement::TimeReadout {
            side: Side::White,
            remaining_ms: 1,
            moves_made: None,
            moves_to_control: None,
        };
        assert_eq!(message_of(Lang::En, Side::White, &readout), None);
        let countdown = Announcement::Countdown {
            remaining_ms: 5_000,
        };
        assert_eq!(message_of(Lang::Ru, Side::White, &countdown), None);
    }

    #[test]
    fn an_empty_message_adds_no_bar() {
        let mut f = facts(Lang::En);
        f.message = Some("  ".into());
        f.moves_to_control = None;
        f.on_move = OnMove::NotStarted;
        assert_eq!(line(&f, 40), "W 1:12:30 not started");
    }
}

//! The dashboard's words, in Russian and English: the page's own labels ([`PageWords`]),
//! the phase of a game, and an alert's text. A board's notices keep the station's spoken
//! wording (`speech::phrase`); counts follow a colon or an abbreviation ("3 с назад"), so no
//! number needs a declined noun.

use crate::clock::{Outcome, Reason, Side};
use crate::hearing::Lang;
use crate::speech::{phrase, Announcement};
use serde::Serialize;
use std::collections::BTreeMap;

/// Words in each of the page's languages, by language code.
pub type Texts = BTreeMap<&'static str, String>;

/// `make(lang)` in each of `langs`.
pub fn texts(langs: &[Lang], make: impl Fn(Lang) -> String) -> Texts {
    langs.iter().map(|l| (l.code(), make(*l))).collect()
}

/// The words of a phase as `status` names it (`running`, `paused`, …).
pub fn phase(lang: Lang, word: &str) -> String {
    let (ru, en) = match word {
        "not_started" => ("не начата", "not started"),
        "running" => ("идёт", "in play"),
        "paused" => ("пауза", "paused"),
        "player_stopped" => ("игрок остановил часы", "a player stopped the clock"),
        "flagged" => ("флажок упал", "a flag fell"),
        "finished" => ("окончена", "finished"),
        _ => ("?", "?"),
    };
    match lang {
        Lang::Ru => ru.to_string(),
        Lang::En => en.to_string(),
    }
}

/// The result, as the station says it ("Победа белых по времени.").
pub fn result(lang: Lang, outcome: Outcome, reason: Reason) -> String {
    phrase(lang, &Announcement::Result { outcome, reason }).text
}

/// A board's notice, as the station says it without the board's number.
pub fn notice(lang: Lang, notice: &Announcement) -> String {
    phrase(lang, notice).text
}

/// A board went silent (`back` false) or came back.
pub fn silent(lang: Lang, board: u32, back: bool) -> String {
    match (lang, back) {
        (Lang::Ru, false) => format!("Доска {board} молчит"),
        (Lang::Ru, true) => format!("Доска {board} снова на связи"),
        (Lang::En, false) => format!("Board {board} is silent"),
        (Lang::En, true) => format!("Board {board} is back"),
    }
}

/// A record of a board was kept aside: it does not fit the chain of the board's journal
/// (said after the board's number).
pub fn aside(lang: Lang) -> &'static str {
    match lang {
        Lang::Ru => "запись журнала не сходится с его цепочкой и отложена; доска пришлёт её снова",
        Lang::En => {
            "a journal record that does not fit its chain was set aside; the board is asked to \
             send it again"
        }
    }
}

/// A side's name in the table.
pub fn side(lang: Lang, side: Side) -> &'static str {
    match (lang, side) {
        (Lang::Ru, Side::White) => "белые",
        (Lang::Ru, Side::Black) => "чёрные",
        (Lang::En, Side::White) => "White",
        (Lang::En, Side::Black) => "Black",
    }
}

/// The page's own words, in one language.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PageWords {
    /// The language's own name (the language switch).
    pub language_name: &'static str,
    /// The page's title; `{event}` is the event's id.
    pub title: &'static str,
    /// The language switch's label.
    pub language: &'static str,
    /// The connection to the station is lost.
    pub lost: &'static str,
    /// The table's caption.
    pub caption: &'static str,
    /// The columns: board, White, White's time, Black, Black's time, to move, game, latest
    /// warning or flag, connection, last heard.
    pub columns: [&'static str; 10],
    /// Said after a sorted column's name: how it is sorted.
    pub sorted_by: &'static str,
    /// A board never heard from.
    pub never: &'static str,
    /// Connection: online.
    pub online: &'static str,
    /// Connection: silent.
    pub silent: &'static str,
    /// Connection: the broker says its link is lost.
    pub offline: &'static str,
    /// Last heard `{n}` seconds ago.
    pub seconds_ago: &'static str,
    /// Last heard `{n}` minutes ago.
    pub minutes_ago: &'static str,
    /// White and Black, as the table names the side to move.
    pub sides: [&'static str; 2],
    /// The alerts' heading.
    pub alerts: &'static str,
    /// How the alerts are ordered.
    pub alerts_order: &'static str,
    /// No alert yet.
    pub no_alerts: &'static str,
    /// `{n}` alerts not acknowledged.
    pub unacknowledged: &'static str,
    /// The button that acknowledges an alert.
    pub acknowledge: &'static str,
    /// An acknowledged alert's mark.
    pub acknowledged: &'static str,
    /// "Board {n}" before an alert.
    pub board: &'static str,
    /// The arbiters' login's heading.
    pub login_title: &'static str,
    /// The page is read-only for everyone: no password is set.
    pub read_only: &'static str,
    /// Not logged in: commands need the password.
    pub logged_out: &'static str,
    /// Logged in.
    pub logged_in: &'static str,
    /// The password field.
    pub password: &'static str,
    /// Log in.
    pub log_in: &'static str,
    /// Log out.
    pub log_out: &'static str,
    /// The password was wrong.
    pub wrong_password: &'static str,
    /// Too many wrong passwords from this computer: locked out for `{n}` seconds more.
    pub login_locked: &'static str,
    /// The station is checking other logins (or this computer's last one) now.
    pub login_busy: &'static str,
    /// The commands' heading.
    pub commands: &'static str,
    /// The command field.
    pub command: &'static str,
    /// Each command, in the page's order: pause, resume, adjust, set, the rulings
    /// misunderstanding, resign, draw, no moves.
    pub command_names: [&'static str; 8],
    /// The side field.
    pub side: &'static str,
    /// The time field.
    pub time: &'static str,
    /// Send.
    pub send: &'static str,
    /// The board did it.
    pub done: &'static str,
    /// The board refused: `{error}` follows.
    pub refused: &'static str,
    /// No answer.
    pub no_answer: &'static str,
    /// The session ended: log in again.
    pub session_ended: &'static str,
}

/// The page's words in `lang`.
pub fn page_words(lang: Lang) -> PageWords {
    match lang {
        Lang::Ru => PageWords {
            language_name: "Русский",
            title: "Зал турнира {event}",
            language: "Язык страницы",
            lost: "Нет связи со станцией: данные на странице не обновляются",
            caption: "Доски: время, ход, партия и связь",
            columns: [
                "Доска",
                "Белые",
                "Время белых",
                "Чёрные",
                "Время чёрных",
                "Ход",
                "Партия",
                "Предупреждение или флажок",
                "Связь",
                "Последнее сообщение",
            ],
            sorted_by: "по возрастанию",
            never: "ещё не выходила на связь",
            online: "на связи",
            silent: "молчит",
            offline: "связь потеряна",
            seconds_ago: "{n} с назад",
            minutes_ago: "{n} мин назад",
            sides: ["белые", "чёрные"],
            alerts: "Сигналы",
            alerts_order: "Новые сверху.",
            no_alerts: "Сигналов пока нет.",
            unacknowledged: "Не принято сигналов: {n}",
            acknowledge: "Принято",
            acknowledged: "принято",
            board: "Доска {n}",
            login_title: "Вход для судей",
            read_only: "Только просмотр: пароль судей не задан в настройках станции, команды отсюда не отправить.",
            logged_out: "Только просмотр. Команды доскам — после входа с паролем судей.",
            logged_in: "Вы вошли: команды доступны.",
            password: "Пароль судей",
            log_in: "Войти",
            log_out: "Выйти",
            wrong_password: "Неверный пароль.",
            login_locked: "Слишком много неверных паролей с этого компьютера: попробуйте снова через {n} с.",
            login_busy: "Станция проверяет другие входы: попробуйте снова через несколько секунд.",
            commands: "Команда доске",
            command: "Команда",
            command_names: [
                "Пауза",
                "Продолжить",
                "Прибавить или отнять время",
                "Установить время",
                "Решение: недоразумение",
                "Решение: сдача",
                "Решение: ничья",
                "Решение: нет ходов",
            ],
            side: "Сторона",
            time: "Время (м:сс; чтобы прибавить или отнять: +м:сс или −м:сс)",
            send: "Отправить",
            done: "Доска {n}: выполнено.",
            refused: "Доска {n} отказала: {error}",
            no_answer: "Доска {n} не ответила.",
            session_ended: "Сеанс окончен: войдите снова.",
        },
        Lang::En => PageWords {
            language_name: "English",
            title: "The hall of {event}",
            language: "Page language",
            lost: "No connection to the station: the page is not current",
            caption: "Boards: times, move, game and connection",
            columns: [
                "Board",
                "White",
                "White's time",
                "Black",
                "Black's time",
                "To move",
                "Game",
                "Warning or flag",
                "Connection",
                "Last heard",
            ],
            sorted_by: "ascending",
            never: "not heard from yet",
            online: "online",
            silent: "silent",
            offline: "connection lost",
            seconds_ago: "{n} s ago",
            minutes_ago: "{n} min ago",
            sides: ["White", "Black"],
            alerts: "Alerts",
            alerts_order: "Newest first.",
            no_alerts: "No alerts yet.",
            unacknowledged: "Not acknowledged: {n}",
            acknowledge: "Acknowledge",
            acknowledged: "acknowledged",
            board: "Board {n}",
            login_title: "Arbiters' login",
            read_only: "Read-only: no arbiters' password is set in the station's configuration, so no command can be sent from here.",
            logged_out: "Read-only. Log in with the arbiters' password to send commands to the boards.",
            logged_in: "Logged in: commands are available.",
            password: "Arbiters' password",
            log_in: "Log in",
            log_out: "Log out",
            wrong_password: "Wrong password.",
            login_locked: "Too many wrong passwords from this computer: try again in {n} s.",
            login_busy: "The station is checking other logins: try again in a few seconds.",
            commands: "A command to a board",
            command: "Command",
            command_names: [
                "Pause",
                "Resume",
                "Add or take time",
                "Set a time",
                "Ruling: misunderstanding",
                "Ruling: resignation",
                "Ruling: draw",
                "Ruling: no moves",
            ],
            side: "Side",
            time: "Time (m:ss; to add or take: +m:ss or -m:ss)",
            send: "Send",
            done: "Board {n}: done.",
            refused: "Board {n} refused: {error}",
            no_answer: "Board {n} did not answer.",
            session_ended: "The session has ended: log in again.",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_phase_has_words_in_both_languages() {
        for word in [
            "not_started",
            "running",
            "paused",
            "player_stopped",
            "flagged",
            "finished",
        ] {
            for lang in [Lang::Ru, Lang::En] {
                assert_ne!(phase(lang, word), "?", "{word}");
            }
        }
    }

    #[test]
    fn a_result_is_said_as_the_station_says_it() {
        let ru = result(Lang::Ru, Outcome::White, Reason::TimeForfeit);
        assert!(ru.contains("бел"), "{ru}");
        let en = result(Lang::En, Outcome::Draw, Reason::Draw1713);
        assert!(en.to_lowercase().contains("draw"), "{en}");
    }

    #[test]
    fn the_page_words_are_whole_in_both_languages() {
        for lang in [Lang::Ru, Lang::En] {
            let w = page_words(lang);
            let json = serde_json::to_value(&w).unwrap();
            for (key, value) in json.as_object().unwrap() {
                let empty = match value {
                    serde_json::Value::String(s) => s.is_empty(),
                    serde_json::Value::Array(a) => a.iter().any(|s| s.as_str() == Some("")),
                    _ => true,
                };
                assert!(!empty, "{lang:?} {key}");
            }
            assert!(w.title.contains("{event}"));
        }
    }
}

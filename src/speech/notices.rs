//! Free-text notices the daemon says in the listener's language (printed, and spoken by the
//! system speech engine where there is one: the voice packs hold only the clock's own words).

use super::Lang;

/// A controller went away (the clock keeps running) or came back.
pub fn controller(lang: Lang, device: &str, back: bool) -> String {
    match (lang, back) {
        (Lang::Ru, false) => format!("Контроллер отключён: {device}. Часы идут."),
        (Lang::Ru, true) => format!("Контроллер снова подключён: {device}."),
        (Lang::En, false) => format!("Controller disconnected: {device}. The clock keeps running."),
        (Lang::En, true) => format!("Controller connected again: {device}."),
    }
}

/// The clock is stopping (Ctrl-C, SIGTERM): said to everyone as the daemon goes. The journal
/// keeps the game; the next `run` restores it.
pub fn stopping(lang: Lang) -> String {
    match lang {
        Lang::Ru => "Часы останавливаются. Партия сохранена в журнале.".to_string(),
        Lang::En => "The clock is stopping. The game is kept in the journal.".to_string(),
    }
}

/// The key pipe (standard input) ended: no more keys come from it; the clock goes on.
pub fn keyboard_closed(lang: Lang) -> String {
    match lang {
        Lang::Ru => "Клавиатура закрыта; часы идут дальше. Остановить их: Ctrl-C или сигнал \
                     SIGTERM."
            .to_string(),
        Lang::En => {
            "Keyboard closed; the clock goes on. Stop it with Ctrl-C or SIGTERM.".to_string()
        }
    }
}

/// `run` without a configuration: the embedded default speaks the locale's language, and how
/// to choose another is said at start.
pub fn default_language(lang: Lang) -> String {
    match lang {
        Lang::Ru => "Говорю по-русски, как велит локаль. Другой язык: ключ `language` в файле \
                     настроек (talkclock run --config FILE)."
            .to_string(),
        Lang::En => "Speaking English, as the locale says. For another language, set \
                     `language` in a configuration file (talkclock run --config FILE)."
            .to_string(),
    }
}

/// A click or a buzz as a short word, for the text lines when there is no sound (the other
/// cues go with spoken words already).
pub fn cue_word(lang: Lang, cue: crate::hearing::Cue) -> Option<&'static str> {
    use crate::hearing::Cue;
    match (lang, cue) {
        (Lang::Ru, Cue::Click) => Some("щелчок"),
        (Lang::En, Cue::Click) => Some("click"),
        (Lang::Ru, Cue::Buzz) => Some("нажатие не засчитано"),
        (Lang::En, Cue::Buzz) => Some("press not counted"),
        _ => None,
    }
}

/// A player's Braille display cannot be reached (BRLTTY is not running, or not on `host`):
/// the game goes on without it. Said once, to him and to the arbiter.
pub fn braille_absent(lang: Lang, white: bool, host: &str) -> String {
    match (lang, white) {
        (Lang::Ru, true) => format!(
            "Брайлевский дисплей белых не подключён: BRLTTY не отвечает по адресу {host}. \
             Игра идёт без него."
        ),
        (Lang::Ru, false) => format!(
            "Брайлевский дисплей чёрных не подключён: BRLTTY не отвечает по адресу {host}. \
             Игра идёт без него."
        ),
        (Lang::En, true) => format!(
            "White's Braille display is not connected: BRLTTY does not answer at {host}. \
             The game goes on without it."
        ),
        (Lang::En, false) => format!(
            "Black's Braille display is not connected: BRLTTY does not answer at {host}. \
             The game goes on without it."
        ),
    }
}

/// The machine slept: the clock was paused, for the arbiter.
pub fn suspended(lang: Lang) -> String {
    match lang {
        Lang::Ru => {
            "Компьютер засыпал: часы остановлены. Проверьте время и продолжите игру.".to_string()
        }
        Lang::En => {
            "The computer slept: the clock is paused. Check the times and resume.".to_string()
        }
    }
}

/// There is no audio output: announcements are printed instead.
pub fn no_audio(lang: Lang) -> String {
    match lang {
        Lang::Ru => "Нет вывода звука: объявления печатаются текстом.".to_string(),
        Lang::En => "No audio output: announcements are printed as text.".to_string(),
    }
}

/// The clock's thread ran late (stopped or starved), for the arbiter: how long.
pub fn stalled(lang: Lang, late_ms: i64) -> String {
    let seconds = late_ms as f64 / 1000.0;
    match lang {
        Lang::Ru => format!(
            "Часы не работали {seconds:.1} с (процесс был остановлен или перегружен). \
             Время считается верно; объявления за это время прозвучали с опозданием."
        ),
        Lang::En => format!(
            "The clock stalled for {seconds:.1} s (the process was stopped or starved). \
             Times are exact; what fell due meanwhile was announced late."
        ),
    }
}

/// The game is over: the journal's seal (its last digest, the first 16 hex digits in groups
/// of four, enough to tell any edit) for the arbiter to note.
pub fn seal(lang: Lang, digest: &str) -> String {
    let short: String = digest.chars().take(16).collect();
    let groups: Vec<String> = short
        .as_bytes()
        .chunks(4)
        .map(|c| String::from_utf8_lossy(c).to_uppercase())
        .collect();
    let seal = groups.join(" ");
    if seal.is_empty() {
        return match lang {
            Lang::Ru => "Партия окончена. Журнал в старом формате, без контрольных сумм: печати \
                         у него нет."
                .to_string(),
            Lang::En => "Game over. The journal is in the old format, without digests: it has \
                         no seal."
                .to_string(),
        };
    }
    match lang {
        Lang::Ru => format!("Партия окончена. Печать журнала: {seal}."),
        Lang::En => format!("Game over. The journal's seal: {seal}."),
    }
}

/// The journal file was deleted or moved away while the game ran, and was written again.
pub fn journal_rewritten(lang: Lang, path: &str) -> String {
    match lang {
        Lang::Ru => format!(
            "Файл журнала был удалён или перемещён во время партии. Журнал записан заново: {path}."
        ),
        Lang::En => format!(
            "The journal file was deleted or moved away during the game. It has been written again: {path}."
        ),
    }
}

/// The game restored from a journal of the old format (or one whose digests were removed):
/// an edit made to it cannot be told. Said to the arbiter at the restore.
pub fn journal_unchained(lang: Lang) -> String {
    match lang {
        Lang::Ru => "Журнал партии в старом формате, без контрольных сумм: исправление в нём \
                     обнаружить нельзя."
            .to_string(),
        Lang::En => "The game's journal is in the old format, without digests: an edit to it \
                     cannot be detected."
            .to_string(),
    }
}

/// The journal cannot be written (a full disk): the clock is paused until it can.
pub fn journal_down(lang: Lang) -> String {
    match lang {
        Lang::Ru => "Журнал партии не записывается (нет места на диске?). Часы остановлены, \
                     пока запись не станет возможна; последнее нажатие могло не сохраниться."
            .to_string(),
        Lang::En => "The game's journal cannot be written (is the disk full?). The clock is \
                     paused until it can be; the last press may not have been recorded."
            .to_string(),
    }
}

/// The journal can be written again, for the arbiter.
pub fn journal_back(lang: Lang) -> String {
    match lang {
        Lang::Ru => {
            "Журнал снова записывается. Часы стоят: проверьте время и продолжите игру.".to_string()
        }
        Lang::En => "The journal can be written again. The clock stays paused: check the times \
                     and resume."
            .to_string(),
    }
}

/// A player's press could not be recorded (the journal cannot be written), so it did nothing.
pub fn not_recorded(lang: Lang) -> String {
    match lang {
        Lang::Ru => "Нажатие не записано: журнал недоступен.".to_string(),
        Lang::En => "Press not recorded: the journal cannot be written.".to_string(),
    }
}

/// Little free space is left where the journal is written, for the arbiter.
pub fn low_space(lang: Lang, free_mb: u64) -> String {
    match lang {
        Lang::Ru => format!("Внимание: на диске журнала осталось {free_mb} МБ."),
        Lang::En => format!("Warning: {free_mb} MB left on the journal's disk."),
    }
}

/// The set-up menu could not save (for the arbiter): where and why; nothing changed.
pub fn setup_not_saved(lang: Lang, origin: &str, why: &str) -> String {
    match lang {
        Lang::Ru => {
            format!("Настройку не удалось сохранить в {origin}: {why}. Ничего не изменено.")
        }
        Lang::En => {
            format!("The set-up could not be saved to {origin}: {why}. Nothing was changed.")
        }
    }
}

//! The board's own notices (issue 36, item 4), word for word in all five languages: a
//! controller lost and back, stopping, the keyboard closed, the machine slept, a stall with its
//! seconds agreeing ("1 секунду", "3 секунды", "5 секунд", "4,2 секунды"), the seal, the
//! journal's troubles, the set-up not saved, a Braille display absent and the default
//! language; and a notice said at the hall's station after
//! the board's number. Checked against hand-written text.

use talkclock::speech::{phrase, Announcement, JournalTrouble, Lang, Side};

const DIGEST: &str = "a6eaad7e554d29f1c0ffee";

fn say(code: &str, a: Announcement) -> String {
    let lang = Lang::from_code(code).expect("a language");
    phrase(lang, &a).text
}

fn journal(code: &str, trouble: JournalTrouble) -> String {
    say(code, Announcement::Journal { trouble })
}

fn lost(code: &str) -> String {
    let device = "Gamepad 1".to_string();
    say(code, Announcement::ControllerLost { device })
}

fn back(code: &str) -> String {
    let device = "Gamepad 1".to_string();
    say(code, Announcement::ControllerBack { device })
}

fn seal(code: &str, digest: Option<&str>) -> String {
    let digest = digest.map(str::to_string);
    say(code, Announcement::Seal { digest })
}

fn rewritten(code: &str) -> String {
    let path = "/var/lib/talkclock/j.jsonl".to_string();
    journal(code, JournalTrouble::Rewritten { path })
}

fn not_saved(code: &str) -> String {
    let notice = Announcement::SetupNotSaved {
        origin: "game.toml".into(),
        why: "Permission denied".into(),
    };
    say(code, notice)
}

fn braille(code: &str, side: Side) -> String {
    let host = "127.0.0.1:4101".to_string();
    say(code, Announcement::BrailleAbsent { side, host })
}

/// The first sentence of a stall's notice, `late_ms` late (the rest is the same for every
/// count).
fn stalled(code: &str, late_ms: i64) -> String {
    let text = say(code, Announcement::Stalled { late_ms });
    text.split(" (").next().unwrap_or_default().to_string()
}

/// What the hall's station says of board 104's seal, and the clips it gives (none: the speech
/// engine says it whole, since no voice pack holds a notice).
fn at_the_station(code: &str) -> (String, Vec<String>) {
    let lang = Lang::from_code(code).expect("a language");
    let notice = Box::new(Announcement::Seal {
        digest: Some(DIGEST.into()),
    });
    let u = phrase(
        lang,
        &Announcement::Board {
            board: 104,
            late_ms: None,
            notice,
        },
    );
    (u.text, u.clips)
}

/// Each notice of `code` against its hand-written text, in the order of [`every_notice`].
fn check(code: &str, expected: [&str; 17]) {
    for (said, want) in every_notice(code).iter().zip(expected) {
        assert_eq!(said, want, "{code}");
    }
}

fn every_notice(code: &str) -> [String; 17] {
    [
        lost(code),
        back(code),
        say(code, Announcement::Stopping),
        say(code, Announcement::KeyboardClosed),
        say(code, Announcement::Suspended),
        seal(code, Some(DIGEST)),
        seal(code, None),
        journal(code, JournalTrouble::Down),
        journal(code, JournalTrouble::Back),
        rewritten(code),
        journal(code, JournalTrouble::Unchained),
        journal(code, JournalTrouble::NotRecorded),
        journal(code, JournalTrouble::LowSpace { free_mb: 3 }),
        not_saved(code),
        braille(code, Side::White),
        braille(code, Side::Black),
        say(code, Announcement::DefaultLanguage),
    ]
}

#[test]
fn the_notices_in_russian() {
    check(
        "ru",
        [
            "Контроллер отключён: Gamepad 1. Часы идут.",
            "Контроллер снова подключён: Gamepad 1.",
            "Часы останавливаются. Партия сохранена в журнале.",
            "Клавиатура закрыта; часы идут дальше. Остановить их: Ctrl-C или сигнал SIGTERM.",
            "Компьютер засыпал: часы остановлены. Проверьте время и продолжите игру.",
            "Партия окончена. Печать журнала: A6EA AD7E 554D 29F1.",
            "Партия окончена. Журнал в старом формате, без контрольных сумм: печати у него нет.",
            "Журнал партии не записывается (нет места на диске?). Часы остановлены, пока запись не станет возможна; последнее нажатие могло не сохраниться.",
            "Журнал снова записывается. Часы стоят: проверьте время и продолжите игру.",
            "Файл журнала был удалён или перемещён во время партии. Журнал записан заново: /var/lib/talkclock/j.jsonl.",
            "Журнал партии в старом формате, без контрольных сумм: исправление в нём обнаружить нельзя.",
            "Нажатие не записано: журнал недоступен.",
            "Внимание: на диске журнала осталось 3 МБ.",
            "Настройку не удалось сохранить в game.toml: Permission denied. Ничего не изменено.",
            "Брайлевский дисплей белых не подключён: BRLTTY не отвечает по адресу 127.0.0.1:4101. Игра идёт без него.",
            "Брайлевский дисплей чёрных не подключён: BRLTTY не отвечает по адресу 127.0.0.1:4101. Игра идёт без него.",
            "Говорю по-русски, как велит локаль. Другой язык: ключ `language` в файле настроек (talkclock run --config FILE).",
        ],
    );
    assert_eq!(stalled("ru", 600), "Часы не работали 0,6 секунды");
    assert_eq!(stalled("ru", 1_000), "Часы не работали 1 секунду");
    assert_eq!(stalled("ru", 3_000), "Часы не работали 3 секунды");
    assert_eq!(stalled("ru", 5_000), "Часы не работали 5 секунд");
    assert_eq!(stalled("ru", 21_000), "Часы не работали 21 секунду");
    assert_eq!(stalled("ru", 22_000), "Часы не работали 22 секунды");
    assert_eq!(stalled("ru", 4_200), "Часы не работали 4,2 секунды");
    assert_eq!(
        at_the_station("ru"),
        (
            "Доска сто четыре: Партия окончена. Печать журнала: A6EA AD7E 554D 29F1.".to_string(),
            Vec::new()
        )
    );
}

#[test]
fn the_notices_in_english() {
    check(
        "en",
        [
            "Controller disconnected: Gamepad 1. The clock keeps running.",
            "Controller connected again: Gamepad 1.",
            "The clock is stopping. The game is kept in the journal.",
            "Keyboard closed; the clock goes on. Stop it with Ctrl-C or SIGTERM.",
            "The computer slept: the clock is paused. Check the times and resume.",
            "Game over. The journal's seal: A6EA AD7E 554D 29F1.",
            "Game over. The journal is in the old format, without digests: it has no seal.",
            "The game's journal cannot be written (is the disk full?). The clock is paused until it can be; the last press may not have been recorded.",
            "The journal can be written again. The clock stays paused: check the times and resume.",
            "The journal file was deleted or moved away during the game. It has been written again: /var/lib/talkclock/j.jsonl.",
            "The game's journal is in the old format, without digests: an edit to it cannot be detected.",
            "Press not recorded: the journal cannot be written.",
            "Warning: 3 MB left on the journal's disk.",
            "The set-up could not be saved to game.toml: Permission denied. Nothing was changed.",
            "White's Braille display is not connected: BRLTTY does not answer at 127.0.0.1:4101. The game goes on without it.",
            "Black's Braille display is not connected: BRLTTY does not answer at 127.0.0.1:4101. The game goes on without it.",
            "Speaking English, as the locale says. For another language, set `language` in a configuration file (talkclock run --config FILE).",
        ],
    );
    assert_eq!(stalled("en", 600), "The clock stalled for 0.6 seconds");
    assert_eq!(stalled("en", 1_000), "The clock stalled for 1 second");
    assert_eq!(stalled("en", 3_000), "The clock stalled for 3 seconds");
    assert_eq!(stalled("en", 5_000), "The clock stalled for 5 seconds");
    assert_eq!(stalled("en", 21_000), "The clock stalled for 21 seconds");
    assert_eq!(stalled("en", 22_000), "The clock stalled for 22 seconds");
    assert_eq!(stalled("en", 4_200), "The clock stalled for 4.2 seconds");
    assert_eq!(
        at_the_station("en"),
        (
            "Board one hundred four: Game over. The journal's seal: A6EA AD7E 554D 29F1."
                .to_string(),
            Vec::new()
        )
    );
}

#[test]
fn the_notices_in_ukrainian() {
    check(
        "uk",
        [
            "Контролер від'єднано: Gamepad 1. Годинник іде.",
            "Контролер знову під'єднано: Gamepad 1.",
            "Годинник зупиняється. Партію збережено в журналі.",
            "Клавіатуру закрито; годинник іде далі. Зупинити його: Ctrl-C або сигнал SIGTERM.",
            "Комп'ютер засинав: годинник зупинено. Перевірте час і продовжте гру.",
            "Партію закінчено. Печатка журналу: A6EA AD7E 554D 29F1.",
            "Партію закінчено. Журнал у старому форматі, без контрольних сум: печатки в нього немає.",
            "Журнал партії не записується (немає місця на диску?). Годинник зупинено, доки запис не стане можливим; останнє натискання могло не зберегтися.",
            "Журнал знову записується. Годинник стоїть: перевірте час і продовжте гру.",
            "Файл журналу було видалено або переміщено під час партії. Журнал записано заново: /var/lib/talkclock/j.jsonl.",
            "Журнал партії в старому форматі, без контрольних сум: виправлення в ньому виявити не можна.",
            "Натискання не записано: журнал недоступний.",
            "Увага: на диску журналу залишилося 3 МБ.",
            "Налаштування не вдалося зберегти в game.toml: Permission denied. Нічого не змінено.",
            "Брайлівський дисплей білих не під'єднано: BRLTTY не відповідає за адресою 127.0.0.1:4101. Гра йде без нього.",
            "Брайлівський дисплей чорних не під'єднано: BRLTTY не відповідає за адресою 127.0.0.1:4101. Гра йде без нього.",
            "Говорю українською, як велить локаль. Інша мова: ключ `language` у файлі налаштувань (talkclock run --config FILE).",
        ],
    );
    assert_eq!(stalled("uk", 600), "Годинник не працював 0,6 секунди");
    assert_eq!(stalled("uk", 1_000), "Годинник не працював 1 секунду");
    assert_eq!(stalled("uk", 3_000), "Годинник не працював 3 секунди");
    assert_eq!(stalled("uk", 5_000), "Годинник не працював 5 секунд");
    assert_eq!(stalled("uk", 21_000), "Годинник не працював 21 секунду");
    assert_eq!(stalled("uk", 22_000), "Годинник не працював 22 секунди");
    assert_eq!(stalled("uk", 4_200), "Годинник не працював 4,2 секунди");
    assert_eq!(
        at_the_station("uk"),
        (
            "Дошка сто чотири: Партію закінчено. Печатка журналу: A6EA AD7E 554D 29F1.".to_string(),
            Vec::new()
        )
    );
}

#[test]
fn the_notices_in_polish() {
    check(
        "pl",
        [
            "Kontroler odłączony: Gamepad 1. Zegar chodzi dalej.",
            "Kontroler znów podłączony: Gamepad 1.",
            "Zegar się zatrzymuje. Partia zostaje zapisana w dzienniku.",
            "Klawiatura zamknięta; zegar chodzi dalej. Zatrzymanie: Ctrl-C lub sygnał SIGTERM.",
            "Komputer był uśpiony: zegar jest zatrzymany. Sprawdź czasy i wznów grę.",
            "Partia zakończona. Pieczęć dziennika: A6EA AD7E 554D 29F1.",
            "Partia zakończona. Dziennik ma stary format, bez sum kontrolnych: nie ma pieczęci.",
            "Nie można zapisać dziennika partii (czy dysk jest pełny?). Zegar pozostaje zatrzymany, dopóki zapis nie będzie możliwy; ostatnie naciśnięcie mogło nie zostać zapisane.",
            "Dziennik znów się zapisuje. Zegar stoi: sprawdź czasy i wznów grę.",
            "Plik dziennika został usunięty lub przeniesiony w trakcie partii. Zapisano go od nowa: /var/lib/talkclock/j.jsonl.",
            "Dziennik partii ma stary format, bez sum kontrolnych: nie da się w nim wykryć zmian.",
            "Naciśnięcie nie zostało zapisane: dziennik jest niedostępny.",
            "Uwaga: na dysku dziennika zostało 3 MB.",
            "Nie udało się zapisać ustawień w game.toml: Permission denied. Nic nie zmieniono.",
            "Monitor brajlowski białych nie jest podłączony: BRLTTY nie odpowiada pod adresem 127.0.0.1:4101. Gra toczy się bez niego.",
            "Monitor brajlowski czarnych nie jest podłączony: BRLTTY nie odpowiada pod adresem 127.0.0.1:4101. Gra toczy się bez niego.",
            "Mówię po polsku, jak każą ustawienia regionalne. Inny język: klucz `language` w pliku konfiguracji (talkclock run --config PLIK).",
        ],
    );
    assert_eq!(stalled("pl", 600), "Zegar stał przez 0,6 sekundy");
    assert_eq!(stalled("pl", 1_000), "Zegar stał przez 1 sekundę");
    assert_eq!(stalled("pl", 3_000), "Zegar stał przez 3 sekundy");
    assert_eq!(stalled("pl", 5_000), "Zegar stał przez 5 sekund");
    assert_eq!(stalled("pl", 21_000), "Zegar stał przez 21 sekund");
    assert_eq!(stalled("pl", 22_000), "Zegar stał przez 22 sekundy");
    assert_eq!(stalled("pl", 4_200), "Zegar stał przez 4,2 sekundy");
    assert_eq!(
        at_the_station("pl"),
        (
            "Szachownica sto cztery: Partia zakończona. Pieczęć dziennika: A6EA AD7E 554D 29F1."
                .to_string(),
            Vec::new()
        )
    );
}

#[test]
fn the_notices_in_german() {
    check(
        "de",
        [
            "Controller getrennt: Gamepad 1. Die Uhr läuft weiter.",
            "Controller wieder verbunden: Gamepad 1.",
            "Die Uhr wird beendet. Die Partie bleibt im Protokoll.",
            "Tastatur geschlossen; die Uhr läuft weiter. Beenden mit Strg-C oder SIGTERM.",
            "Der Computer hat geschlafen: die Uhr ist angehalten. Prüfen Sie die Zeiten und setzen Sie fort.",
            "Partie beendet. Das Siegel des Protokolls: A6EA AD7E 554D 29F1.",
            "Partie beendet. Das Protokoll hat das alte Format ohne Prüfsummen: es hat kein Siegel.",
            "Das Protokoll der Partie kann nicht geschrieben werden (ist die Festplatte voll?). Die Uhr bleibt angehalten, bis es wieder geht; der letzte Druck wurde vielleicht nicht aufgezeichnet.",
            "Das Protokoll kann wieder geschrieben werden. Die Uhr bleibt angehalten: prüfen Sie die Zeiten und setzen Sie fort.",
            "Die Protokolldatei wurde während der Partie gelöscht oder verschoben. Sie wurde neu geschrieben: /var/lib/talkclock/j.jsonl.",
            "Das Protokoll der Partie hat das alte Format ohne Prüfsummen: eine Änderung daran ist nicht erkennbar.",
            "Druck nicht aufgezeichnet: das Protokoll kann nicht geschrieben werden.",
            "Warnung: noch 3 MB frei auf der Festplatte des Protokolls.",
            "Die Einstellung konnte nicht in game.toml gespeichert werden: Permission denied. Nichts wurde geändert.",
            "Die Braillezeile von Weiß ist nicht verbunden: BRLTTY antwortet nicht auf 127.0.0.1:4101. Die Partie geht ohne sie weiter.",
            "Die Braillezeile von Schwarz ist nicht verbunden: BRLTTY antwortet nicht auf 127.0.0.1:4101. Die Partie geht ohne sie weiter.",
            "Ich spreche Deutsch, wie die Locale es sagt. Eine andere Sprache: der Schlüssel `language` in einer Konfigurationsdatei (talkclock run --config DATEI).",
        ],
    );
    assert_eq!(stalled("de", 600), "Die Uhr stand 0,6 Sekunden still");
    assert_eq!(stalled("de", 1_000), "Die Uhr stand 1 Sekunde still");
    assert_eq!(stalled("de", 3_000), "Die Uhr stand 3 Sekunden still");
    assert_eq!(stalled("de", 5_000), "Die Uhr stand 5 Sekunden still");
    assert_eq!(stalled("de", 21_000), "Die Uhr stand 21 Sekunden still");
    assert_eq!(stalled("de", 22_000), "Die Uhr stand 22 Sekunden still");
    assert_eq!(stalled("de", 4_200), "Die Uhr stand 4,2 Sekunden still");
    assert_eq!(
        at_the_station("de"),
        (
            "Brett hundertvier: Partie beendet. Das Siegel des Protokolls: A6EA AD7E 554D 29F1."
                .to_string(),
            Vec::new()
        )
    );
}

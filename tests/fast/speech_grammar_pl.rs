//! Polish as a language of the clock: the set-up menu's wording, checked against sentences
//! written by hand; the agreement of a number with its noun in the menu's fields and in the
//! readouts ("jedna minuta", "dwie minuty", "pięć minut", "dwadzieścia jeden minut",
//! "dwadzieścia dwie minuty", "dwanaście sekund"; "ruch", "ruchy", "ruchów"); and the
//! commands that take a language (`say --lang pl`, `voice-catalog --lang pl`).

use std::collections::HashSet;
use std::process::Command;

use talkclock::schedule::Vision;
use talkclock::speech::{
    phrase, readout, Announcement, ControlEnd, Field, Lang, MenuItem, MenuPrompt, PresetName,
    ShippedPreset, Side, StageInfo,
};

const MIN: i64 = 60_000;

fn pl() -> Lang {
    Lang::from_code("pl").expect("Polish is a language")
}

fn menu(prompt: MenuPrompt) -> String {
    phrase(pl(), &Announcement::Menu(prompt)).text
}

fn value(field: Field, value: i64) -> String {
    menu(MenuPrompt::Value { field, value })
}

fn stage(moves: Option<u32>, time_ms: i64) -> StageInfo {
    StageInfo {
        moves,
        time_ms,
        increment_ms: 0,
        delay_ms: 0,
        delay_kind: None,
        repeat: false,
    }
}

#[test]
fn the_polish_menu_says_its_prompts_as_written_by_hand() {
    assert_eq!(
        menu(MenuPrompt::Opened { hint: true }),
        "Ustawienia zegara. Przyciski ruchu przewijają listę, start wybiera, przytrzymanie \
         startu cofa, przycisk czasu powtarza."
    );
    let blitz = MenuPrompt::Item {
        position: 6,
        count: 10,
        item: MenuItem::Preset {
            name: PresetName::Shipped(ShippedPreset::Blitz),
            stages: vec![StageInfo {
                increment_ms: 3_000,
                ..stage(None, 5 * MIN)
            }],
            hourglass: false,
            end: ControlEnd::Flag,
        },
        chosen: true,
    };
    assert_eq!(
        menu(blitz),
        "Tempo błyskawiczne: pięć minut do końca partii, plus trzy sekundy na ruch, wybrano, \
         sześć z dziesięciu."
    );
    let player = MenuPrompt::Item {
        position: 2,
        count: 6,
        item: MenuItem::Player {
            side: Side::White,
            vision: Vision::LowVision,
            language: pl(),
        },
        chosen: false,
    };
    assert_eq!(menu(player), "Białe: słabowidzący, polski, dwa z sześciu.");
    let german = Lang::from_code("de").expect("German is a language");
    let language = |l, position| {
        menu(MenuPrompt::Item {
            position,
            count: 21,
            item: MenuItem::Language(l),
            chosen: false,
        })
    };
    assert_eq!(language(german, 3), "Niemiecki, trzy z dwudziestu jeden.");
    assert_eq!(language(Lang::Ru, 1), "Rosyjski, jeden z dwudziestu jeden.");
    assert_eq!(language(Lang::En, 2), "Angielski, dwa z dwudziestu jeden.");
    let read_back = MenuPrompt::ReadBack {
        stages: vec![stage(None, 15 * MIN)],
        hourglass: false,
        end: ControlEnd::Flag,
        times: [15 * MIN, 10 * MIN],
        visions: [Vision::TotallyBlind, Vision::Sighted],
        languages: [pl(), Lang::Ru],
        first: Side::Black,
    };
    assert_eq!(
        menu(read_back),
        "Sprawdzenie ustawień. Tempo gry: piętnaście minut do końca partii. Białe: niewidomy, \
         polski, piętnaście minut. Czarne: widzący, rosyjski, dziesięć minut. \
         Zaczynają czarne."
    );
    let saved_preset = MenuPrompt::Item {
        position: 11,
        count: 12,
        item: MenuItem::Preset {
            name: PresetName::FromFile {
                number: 1,
                name: "Club blitz".into(),
            },
            stages: vec![stage(None, 4 * MIN)],
            hourglass: false,
            end: ControlEnd::Flag,
        },
        chosen: false,
    };
    assert_eq!(
        menu(saved_preset),
        "Zapisane ustawienie numer jeden «Club blitz»: cztery minuty do końca partii, \
         jedenaście z dwunastu."
    );
    assert_eq!(
        menu(MenuPrompt::Saved { to_file: true }),
        "Ustawienia zapisane."
    );
    assert_eq!(
        menu(MenuPrompt::GameInProgress),
        "Trwa partia: ustawienia tylko między partiami."
    );
}

#[test]
fn the_menu_s_fields_agree_with_their_numbers() {
    let moves = |n| value(Field::Moves(1), n);
    assert_eq!(moves(1), "Etap jeden: jeden ruch.");
    assert_eq!(moves(2), "Etap jeden: dwa ruchy.");
    assert_eq!(moves(5), "Etap jeden: pięć ruchów.");
    assert_eq!(moves(12), "Etap jeden: dwanaście ruchów.");
    assert_eq!(moves(21), "Etap jeden: dwadzieścia jeden ruchów.");
    assert_eq!(moves(22), "Etap jeden: dwadzieścia dwa ruchy.");
    assert_eq!(moves(40), "Etap jeden: czterdzieści ruchów.");
    let time = |ms| value(Field::Time(2), ms);
    assert_eq!(time(MIN), "Etap dwa, czas: jedna minuta.");
    assert_eq!(time(2 * MIN), "Etap dwa, czas: dwie minuty.");
    assert_eq!(time(5 * MIN), "Etap dwa, czas: pięć minut.");
    assert_eq!(time(21 * MIN), "Etap dwa, czas: dwadzieścia jeden minut.");
    assert_eq!(time(22 * MIN), "Etap dwa, czas: dwadzieścia dwie minuty.");
    assert_eq!(time(12_000), "Etap dwa, czas: dwanaście sekund.");
    assert_eq!(
        time(90 * MIN),
        "Etap dwa, czas: jedna godzina trzydzieści minut."
    );
    assert_eq!(
        value(Field::Addition(1), 2_000),
        "Etap jeden, dodatek na ruch: dwie sekundy."
    );
    assert_eq!(
        value(Field::StartTime(Side::White), 61_000),
        "Białe, czas na starcie: jedna minuta jedna sekunda."
    );
    assert_eq!(
        value(Field::SpeechRate(Side::Black), 9),
        "Czarne, tempo mowy dziewięć."
    );
    assert_eq!(value(Field::Stages, 2), "Liczba etapów: dwa.");
    assert_eq!(value(Field::Periods, 5), "Liczba okresów: pięć.");
    assert_eq!(
        value(Field::PeriodMoves, 10),
        "Liczba ruchów w okresie: dziesięć."
    );
    assert_eq!(
        value(Field::PeriodTime, 30_000),
        "Czas okresu: trzydzieści sekund."
    );
}

#[test]
fn polish_readouts_agree_as_checked_by_hand() {
    let said = |ms| readout(pl(), ms).text;
    assert_eq!(said(MIN), "Jedna minuta.");
    assert_eq!(said(2 * MIN), "Dwie minuty.");
    assert_eq!(said(5 * MIN), "Pięć minut.");
    assert_eq!(said(21 * MIN), "Dwadzieścia jeden minut.");
    assert_eq!(said(22 * MIN), "Dwadzieścia dwie minuty.");
    assert_eq!(said(12_000), "Dwanaście sekund.");
    let to_control = |moves| {
        phrase(
            pl(),
            &Announcement::MovesToControl {
                side: Side::White,
                moves,
            },
        )
        .text
    };
    assert_eq!(to_control(1), "Białe: do kontroli czasu jeden ruch.");
    assert_eq!(to_control(3), "Białe: do kontroli czasu trzy ruchy.");
    assert_eq!(to_control(5), "Białe: do kontroli czasu pięć ruchów.");
    assert_eq!(
        to_control(22),
        "Białe: do kontroli czasu dwadzieścia dwa ruchy."
    );
    let adjusted = phrase(
        pl(),
        &Announcement::Adjusted {
            side: Side::Black,
            new_ms: 1_000,
            clamped: true,
        },
    );
    assert_eq!(
        adjusted.text,
        "Czas czarnych ustawiono na jedną sekundę; zmniejszenie ograniczone przepisami."
    );
    // "jedną sekundę" goes on, so it is said in its continuing recording.
    assert!(
        adjusted.keys().any(|k| k == "c_sec_1_acc"),
        "{:?}",
        adjusted.clips
    );
}

#[test]
fn say_speaks_polish_from_its_catalogue() {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(["say", "--print", "--lang", "pl", "--time", "1:02:00"])
        .output()
        .expect("talkclock say runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "Jedna godzina dwie minuty."
    );
}

#[test]
fn the_polish_voice_catalog_lists_every_clip_once_with_its_text() {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(["voice-catalog", "--lang", "pl"])
        .output()
        .expect("talkclock voice-catalog runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().all(|l| l.split('\t').count() == 4), "{text}");
    let keys: Vec<&str> = text.lines().filter_map(|l| l.split('\t').next()).collect();
    let unique: HashSet<&&str> = keys.iter().collect();
    assert_eq!(unique.len(), keys.len(), "a key listed twice");
    for line in [
        "menu_polish\tpolski\tpolski\tcontinuing",
        "of_21\tz dwudziestu jeden\tz dwudziestu jeden\tfinal",
        "c_min_22_end\tdwadzieścia dwie minuty\tdwadzieścia dwie minuty\tfinal",
        "c_sec_12\tdwanaście sekund\tdwanaście sekund\tcontinuing",
        "u_move_many\truchów\truchów\tword",
    ] {
        assert!(text.lines().any(|l| l == line), "no line {line:?}");
    }
    // Minutes and seconds sound only inside their counts' phrase clips.
    assert!(!keys.contains(&"u_min_1"), "{text}");
}

//! The Ukrainian set-up menu, word for word: its items and their places ("шість із десяти"),
//! the values being set with their counts agreeing ("етап два: сорок ходів", "час: двадцять
//! одна хвилина"), the read-back and the notices, checked against hand-written Ukrainian.

use talkclock::clock::Overtime;
use talkclock::schedule::Vision;
use talkclock::speech::{
    phrase, Addition, Announcement, ControlEnd, DelayKind, Field, Lang, MenuItem, MenuPrompt,
    OvertimeChoice, PresetName, ShippedPreset, Side, StageInfo,
};

const MIN: i64 = 60_000;
const HOUR: i64 = 60 * MIN;

fn uk() -> Lang {
    Lang::from_code("uk").expect("Ukrainian is a language")
}

fn say(lang: Lang, prompt: MenuPrompt) -> String {
    phrase(lang, &Announcement::Menu(prompt)).text
}

fn item(position: u32, count: u32, item: MenuItem, chosen: bool) -> String {
    let prompt = MenuPrompt::Item {
        position,
        count,
        item,
        chosen,
    };
    say(uk(), prompt)
}

fn value(field: Field, value: i64) -> String {
    say(uk(), MenuPrompt::Value { field, value })
}

fn stage(moves: Option<u32>, time_ms: i64, increment_ms: i64) -> StageInfo {
    StageInfo {
        moves,
        time_ms,
        increment_ms,
        delay_ms: 0,
        delay_kind: None,
        repeat: false,
    }
}

/// The number words 0–19 before a masculine noun ("хід", "етап"), by hand.
const MASCULINE: [&str; 20] = [
    "нуль",
    "один",
    "два",
    "три",
    "чотири",
    "п'ять",
    "шість",
    "сім",
    "вісім",
    "дев'ять",
    "десять",
    "одинадцять",
    "дванадцять",
    "тринадцять",
    "чотирнадцять",
    "п'ятнадцять",
    "шістнадцять",
    "сімнадцять",
    "вісімнадцять",
    "дев'ятнадцять",
];

const TENS: [&str; 6] = ["", "", "двадцять", "тридцять", "сорок", "п'ятдесят"];

/// The words of `n` (0–59); `feminine`: before "хвилина", "секунда", "година" ("одна", "дві").
fn number(n: usize, feminine: bool) -> String {
    let unit = |u: usize| match (u, feminine) {
        (1, true) => "одна",
        (2, true) => "дві",
        _ => MASCULINE[u],
    };
    match n {
        0..=19 => unit(n).to_string(),
        _ if n.is_multiple_of(10) => TENS[n / 10].to_string(),
        _ => format!("{} {}", TENS[n / 10], unit(n % 10)),
    }
}

/// The form a noun takes after `n`, by Ukrainian's rule written out: 1, 21, 31…: `one`; 2–4,
/// 22–24…: `few`; 0, 5–20, 25–30…: `many`.
fn form<'a>(n: usize, one: &'a str, few: &'a str, many: &'a str) -> &'a str {
    match (n % 10, n % 100) {
        (_, 11..=14) => many,
        (1, _) => one,
        (2..=4, _) => few,
        _ => many,
    }
}

#[test]
fn the_issue_s_examples_in_the_menu() {
    let time = |ms| value(Field::Time(1), ms);
    assert_eq!(time(MIN), "Етап один, час: одна хвилина.");
    assert_eq!(time(2 * MIN), "Етап один, час: дві хвилини.");
    assert_eq!(time(5 * MIN), "Етап один, час: п'ять хвилин.");
    assert_eq!(time(21 * MIN), "Етап один, час: двадцять одна хвилина.");
    assert_eq!(time(1_000), "Етап один, час: одна секунда.");
    assert_eq!(time(HOUR), "Етап один, час: одна година.");
    assert_eq!(value(Field::Moves(2), 2), "Етап два: два ходи.");
    assert_eq!(value(Field::Moves(2), 5), "Етап два: п'ять ходів.");
    assert_eq!(value(Field::Moves(3), 21), "Етап три: двадцять один хід.");
}

#[test]
fn minutes_and_seconds_agree_for_0_to_59() {
    for n in 0..60usize {
        let ms = n as i64 * 1_000;
        let seconds = format!(
            "{} {}",
            number(n, true),
            form(n, "секунда", "секунди", "секунд")
        );
        let want = format!("Етап один, додавання: {seconds}.");
        assert_eq!(value(Field::Addition(1), ms), want, "{n} s");
        if n > 0 {
            let minutes = format!(
                "{} {}",
                number(n, true),
                form(n, "хвилина", "хвилини", "хвилин")
            );
            let want = format!("Етап два, час: {minutes}.");
            assert_eq!(value(Field::Time(2), n as i64 * MIN), want, "{n} min");
        }
    }
}

#[test]
fn moves_agree_for_0_to_59() {
    for n in 0..60usize {
        let moves = format!("{} {}", number(n, false), form(n, "хід", "ходи", "ходів"));
        assert_eq!(
            value(Field::Moves(1), n as i64),
            format!("Етап один: {moves}."),
            "{n}"
        );
    }
    assert_eq!(
        value(Field::Moves(1), 111),
        "Етап один: сто одинадцять ходів."
    );
}

#[test]
fn hours_agree_for_1_to_24() {
    for n in 1..=24usize {
        let hours = format!(
            "{} {}",
            number(n, true),
            form(n, "година", "години", "годин")
        );
        let want = format!("Етап один, час: {hours}.");
        assert_eq!(value(Field::Time(1), n as i64 * HOUR), want, "{n} h");
    }
    assert_eq!(
        value(Field::Time(1), 90 * MIN),
        "Етап один, час: одна година тридцять хвилин."
    );
}

#[test]
fn every_place_in_a_list_up_to_thirty() {
    let of = [
        "одного",
        "двох",
        "трьох",
        "чотирьох",
        "п'яти",
        "шести",
        "семи",
        "восьми",
        "дев'яти",
        "десяти",
        "одинадцяти",
        "дванадцяти",
        "тринадцяти",
        "чотирнадцяти",
        "п'ятнадцяти",
        "шістнадцяти",
        "сімнадцяти",
        "вісімнадцяти",
        "дев'ятнадцяти",
        "двадцяти",
    ];
    for count in 1..=30usize {
        let genitive = match count {
            1..=20 => of[count - 1].to_string(),
            30 => "тридцяти".to_string(),
            _ => format!("двадцяти {}", of[count - 21]),
        };
        let want = format!("Назад, {} із {genitive}.", number(count, false));
        assert_eq!(
            item(count as u32, count as u32, MenuItem::Back, false),
            want
        );
    }
    // Past thirty no clip says "із тридцяти одного": the place ends the sentence.
    assert_eq!(item(31, 31, MenuItem::Back, false), "Назад, тридцять один.");
}

#[test]
fn the_items_word_for_word() {
    let blitz = MenuItem::Preset {
        name: PresetName::Shipped(ShippedPreset::Blitz),
        stages: vec![stage(None, 5 * MIN, 3_000)],
        hourglass: false,
        end: ControlEnd::Flag,
    };
    assert_eq!(
        item(6, 10, blitz, false),
        "Бліц: п'ять хвилин до кінця партії, плюс три секунди за хід, шість із десяти."
    );
    let fmjd = MenuItem::Preset {
        name: PresetName::Shipped(ShippedPreset::FmjdClassical),
        stages: vec![
            stage(Some(50), 2 * HOUR, 0),
            StageInfo {
                repeat: true,
                ..stage(Some(25), HOUR, 0)
            },
        ],
        hourglass: false,
        end: ControlEnd::Flag,
    };
    assert_eq!(
        item(2, 7, fmjd, true),
        "Класика ФМЖД: п'ятдесят ходів за дві години; потім двадцять п'ять ходів за одну \
         годину, повторюється, вибрано, два із семи."
    );
    let hourglass = MenuItem::Preset {
        name: PresetName::Shipped(ShippedPreset::Hourglass),
        stages: vec![stage(None, 5 * MIN, 0)],
        hourglass: true,
        end: ControlEnd::Flag,
    };
    assert_eq!(
        item(9, 9, hourglass, false),
        "Пісочний годинник, п'ять хвилин до кінця партії, дев'ять із дев'яти."
    );
    let saved = MenuItem::Preset {
        name: PresetName::FromFile {
            number: 21,
            name: "Клуб".into(),
        },
        stages: vec![stage(None, HOUR, 0)],
        hourglass: false,
        end: ControlEnd::Overtime(Overtime::Byoyomi {
            periods: 5,
            time: 30_000,
        }),
    };
    assert_eq!(
        item(3, 21, saved, false),
        "Збережене налаштування номер двадцять один «Клуб»: одна година; потім п'ять \
         періодів, у кожному тридцять секунд. Три із двадцяти одного."
    );
    let control = MenuItem::Control {
        stages: vec![stage(Some(40), 2 * HOUR, 30_000), stage(None, HOUR, 0)],
        end: ControlEnd::Overtime(Overtime::Canadian {
            moves: 10,
            time: 5 * MIN,
        }),
    };
    assert_eq!(
        item(1, 4, control, false),
        "Контроль часу: сорок ходів за дві години, плюс тридцять секунд за хід; потім одна \
         година; потім періоди: десять ходів за п'ять хвилин. Один із чотирьох."
    );
    let player = MenuItem::Player {
        side: Side::White,
        vision: Vision::TotallyBlind,
        language: uk(),
    };
    assert_eq!(
        item(1, 4, player, false),
        "Білі: незрячий, українська мова, один із чотирьох."
    );
    let player = MenuItem::Player {
        side: Side::Black,
        vision: Vision::LowVision,
        language: Lang::Ru,
    };
    assert_eq!(
        item(2, 4, player, false),
        "Чорні: слабозорий, російська мова, два із чотирьох."
    );
    for (menu_item, words) in [
        (MenuItem::First(Side::Black), "Першими ходять чорні"),
        (MenuItem::Vision(Vision::Sighted), "Зрячий"),
        (MenuItem::StartTime(None), "Без фори"),
        (
            MenuItem::StartTime(Some(90 * MIN)),
            "Час на старті: одна година тридцять хвилин",
        ),
        (MenuItem::SpeechRate(5), "Швидкість мовлення п'ять"),
        (MenuItem::Repeating(false), "До кінця партії"),
        (MenuItem::Repeating(true), "Кількість ходів із повтором"),
        (MenuItem::Addition(Addition::None), "Без додавання"),
        (MenuItem::Addition(Addition::Fischer), "Додавання Фішера"),
        (
            MenuItem::Addition(Addition::Delay(DelayKind::Bronstein)),
            "Затримка Бронштейна",
        ),
        (
            MenuItem::Addition(Addition::Delay(DelayKind::Simple)),
            "Проста затримка",
        ),
        (
            MenuItem::Overtime(OvertimeChoice::None),
            "Лише основний час",
        ),
        (
            MenuItem::Overtime(OvertimeChoice::Byoyomi),
            "Періоди на кожен хід",
        ),
        (
            MenuItem::Overtime(OvertimeChoice::Canadian),
            "Періоди на кілька ходів",
        ),
        (MenuItem::Check, "Перевірити й зберегти"),
        (MenuItem::Leave, "Вийти без змін"),
        (MenuItem::Custom, "Власне налаштування"),
        (MenuItem::Save, "Зберегти"),
        (MenuItem::Side(Side::White), "Білі"),
    ] {
        assert_eq!(
            item(1, 3, menu_item, false),
            format!("{words}, один із трьох.")
        );
    }
    assert_eq!(
        item(1, 3, MenuItem::Upcount, true),
        "Прямий відлік часу. Вибрано, один із трьох."
    );
}

#[test]
fn the_language_list_names_ukrainian_everywhere() {
    let names: Vec<String> = Lang::ALL
        .iter()
        .map(|l| item(1, 4, MenuItem::Language(*l), false))
        .collect();
    for name in [
        "Російська мова",
        "Англійська мова",
        "Німецька мова",
        "Українська мова",
    ] {
        let want = format!("{name}, один із чотирьох.");
        assert!(names.contains(&want), "{want:?} not in {names:?}");
    }
    // The other menus have no clip for it: its own name, which no pack holds.
    for (lang, want) in [
        (Lang::Ru, "«українська», один из четырёх."),
        (Lang::En, "«українська», one of four."),
    ] {
        let prompt = MenuPrompt::Item {
            position: 1,
            count: 4,
            item: MenuItem::Language(uk()),
            chosen: false,
        };
        assert_eq!(say(lang, prompt), want);
    }
}

#[test]
fn the_values_being_set() {
    for (field, v, want) in [
        (Field::Stages, 2, "Кількість етапів: два."),
        (Field::Moves(2), 40, "Етап два: сорок ходів."),
        (
            Field::Addition(1),
            30_000,
            "Етап один, додавання: тридцять секунд.",
        ),
        (
            Field::StartTime(Side::Black),
            61_000,
            "Чорні, час на старті: одна хвилина одна секунда.",
        ),
        (
            Field::SpeechRate(Side::White),
            9,
            "Білі, швидкість мовлення дев'ять.",
        ),
        (Field::Periods, 5, "Кількість періодів: п'ять."),
        (Field::PeriodMoves, 21, "Ходів у періоді: двадцять один."),
        (Field::PeriodTime, 30_000, "Час періоду: тридцять секунд."),
        (Field::Time(1), 0, "Етап один, час: нуль секунд."),
    ] {
        assert_eq!(value(field, v), want, "{field:?}");
    }
}

#[test]
fn the_read_back_and_the_notices() {
    let read_back = MenuPrompt::ReadBack {
        stages: vec![stage(Some(40), 2 * HOUR, 30_000), stage(None, HOUR, 0)],
        hourglass: false,
        end: ControlEnd::Flag,
        times: [2 * HOUR, HOUR + 1_000],
        visions: [Vision::TotallyBlind, Vision::Sighted],
        languages: [uk(), Lang::Ru],
        first: Side::White,
    };
    assert_eq!(
        say(uk(), read_back),
        "Перевірка налаштування. Контроль часу: сорок ходів за дві години, плюс тридцять \
         секунд за хід; потім одна година до кінця партії. Білі: незрячий, українська мова, \
         дві години. Чорні: зрячий, російська мова, одна година одна секунда. Першими ходять \
         білі."
    );
    for (prompt, want) in [
        (
            MenuPrompt::Opened { hint: true },
            "Налаштування годинника. Кнопки ходу гортають список, старт вибирає, довге \
             натискання старту — назад, кнопка часу повторює.",
        ),
        (
            MenuPrompt::Opened { hint: false },
            "Налаштування годинника.",
        ),
        (
            MenuPrompt::Saved { to_file: true },
            "Налаштування збережено.",
        ),
        (
            MenuPrompt::Saved { to_file: false },
            "Налаштування діє до вимкнення годинника.",
        ),
        (MenuPrompt::NotSaved, "Налаштування не вдалося зберегти."),
        (MenuPrompt::Invalid, "Такий контроль неможливий."),
        (MenuPrompt::Left, "Налаштування закрито."),
        (MenuPrompt::Locked, "Налаштування заблоковано суддею."),
        (
            MenuPrompt::GameInProgress,
            "Іде партія: налаштування лише між партіями.",
        ),
    ] {
        assert_eq!(say(uk(), prompt), want);
    }
}

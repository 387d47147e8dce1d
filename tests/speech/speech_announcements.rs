//! Every announcement kind in both languages: exact wording, and that the
//! clip keys say exactly the words of the text, in order, using only clips
//! from the catalog (over every duration up to ten hours, second by second).

use std::collections::{HashMap, HashSet};
use talkclock::clock::{Overtime, OvertimeState};

use talkclock::schedule::Vision;
use talkclock::speech::{
    clip_catalog, is_pause, phrase, readout, Addition, Announcement, ClockPhase, ControlEnd,
    DelayKind, Field, Lang, MenuItem, MenuPrompt, Outcome, OvertimeChoice, PresetName, Reason,
    Rules, ShippedPreset, Side, StageInfo, Utterance, FINAL_SUFFIX, SENTENCE_PAUSE,
};

const MIN: i64 = 60_000;
const HOUR: i64 = 60 * MIN;

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

fn byoyomi(periods: u32, time: i64) -> Overtime {
    Overtime::Byoyomi { periods, time }
}

fn byoyomi_state(period: u32, periods_left: u32) -> OvertimeState {
    OvertimeState {
        period,
        periods_left: Some(periods_left),
        moves_left: None,
    }
}

/// One example of each overtime and upcount kind with its Russian and English text.
fn overtime_examples() -> Vec<(Announcement, &'static str, &'static str)> {
    use Announcement as A;
    let canadian = Overtime::Canadian {
        moves: 10,
        time: 5 * MIN,
    };
    vec![
        (
            A::Overtime {
                side: Side::White,
                overtime: byoyomi(5, 30_000),
                state: byoyomi_state(1, 5),
            },
            "Белые: основное время истекло, осталось пять периодов.",
            "White: main time is up, five periods left.",
        ),
        (
            A::Overtime {
                side: Side::Black,
                overtime: byoyomi(5, 30_000),
                state: byoyomi_state(4, 2),
            },
            "Чёрные: осталось два периода.",
            "Black: two periods left.",
        ),
        (
            A::Overtime {
                side: Side::White,
                overtime: byoyomi(5, 30_000),
                state: byoyomi_state(5, 1),
            },
            "Белые: последний период.",
            "White: last period.",
        ),
        (
            A::Overtime {
                side: Side::White,
                overtime: byoyomi(1, 30_000),
                state: byoyomi_state(1, 1),
            },
            "Белые: основное время истекло, последний период.",
            "White: main time is up, last period.",
        ),
        (
            A::Overtime {
                side: Side::Black,
                overtime: byoyomi(21, 30_000),
                state: byoyomi_state(1, 21),
            },
            "Чёрные: основное время истекло, остался двадцать один период.",
            "Black: main time is up, twenty-one periods left.",
        ),
        (
            A::Overtime {
                side: Side::White,
                overtime: canadian,
                state: OvertimeState {
                    period: 1,
                    periods_left: None,
                    moves_left: Some(10),
                },
            },
            "Белые: основное время истекло, десять ходов за пять минут.",
            "White: main time is up, ten moves in five minutes.",
        ),
        (
            A::Overtime {
                side: Side::Black,
                overtime: canadian,
                state: OvertimeState {
                    period: 2,
                    periods_left: None,
                    moves_left: Some(10),
                },
            },
            "Чёрные: десять ходов за пять минут.",
            "Black: ten moves in five minutes.",
        ),
        (
            A::PhaseReadout {
                side: Side::White,
                remaining_ms: 4 * MIN + 30_500,
                phase: ClockPhase::MainTime,
            },
            "Белые: четыре минуты тридцать секунд основного времени.",
            "White: four minutes thirty seconds of main time.",
        ),
        (
            A::PhaseReadout {
                side: Side::Black,
                remaining_ms: 20_999,
                phase: ClockPhase::Byoyomi { periods_left: 3 },
            },
            "Чёрные: двадцать секунд. Осталось три периода.",
            "Black: twenty seconds. Three periods left.",
        ),
        (
            A::PhaseReadout {
                side: Side::White,
                remaining_ms: 5_000,
                phase: ClockPhase::Byoyomi { periods_left: 1 },
            },
            "Белые: пять секунд. Последний период.",
            "White: five seconds. Last period.",
        ),
        (
            A::PhaseReadout {
                side: Side::Black,
                remaining_ms: 4 * MIN,
                phase: ClockPhase::Canadian { moves_left: 5 },
            },
            "Чёрные: четыре минуты. До конца периода пять ходов.",
            "Black: four minutes. Five moves to the end of the period.",
        ),
        (
            A::PhaseReadout {
                side: Side::White,
                remaining_ms: MIN + 12_500,
                phase: ClockPhase::Upcount,
            },
            "Белые потратили одну минуту двенадцать секунд.",
            "White used one minute twelve seconds.",
        ),
        (
            A::MainTimeWarning {
                side: Side::Black,
                remaining_ms: 10 * MIN,
            },
            "Чёрные: десять минут до конца основного времени.",
            "Black: ten minutes to the end of main time.",
        ),
        (
            A::ClockCheck {
                rules: Rules::RussianDraughts,
                stages: vec![stage(None, HOUR)],
                white_ms: HOUR,
                black_ms: HOUR,
                end: ControlEnd::Overtime(byoyomi(5, 30_000)),
            },
            "Проверка часов. Правила русских шашек. Контроль: один час; затем пять периодов, в каждом тридцать секунд. \
             Белые: один час. Чёрные: один час.",
            "Clock check. Russian draughts rules. Time control: one hour; then five periods of thirty seconds each. \
             White: one hour. Black: one hour.",
        ),
        (
            A::ClockCheck {
                rules: Rules::RussianDraughts,
                stages: vec![stage(Some(40), 2 * HOUR), stage(None, HOUR)],
                white_ms: 2 * HOUR,
                black_ms: 2 * HOUR,
                end: ControlEnd::Overtime(Overtime::Canadian {
                    moves: 10,
                    time: MIN,
                }),
            },
            "Проверка часов. Правила русских шашек. Контроль: сорок ходов за два часа; затем один час; \
             затем периоды: десять ходов за одну минуту. Белые: два часа. Чёрные: два часа.",
            "Clock check. Russian draughts rules. Time control: forty moves in two hours; then one hour; \
             then periods of ten moves in one minute. White: two hours. Black: two hours.",
        ),
        (
            A::ClockCheck {
                rules: Rules::RussianDraughts,
                stages: vec![],
                white_ms: 0,
                black_ms: 0,
                end: ControlEnd::Upcount,
            },
            "Проверка часов. Правила русских шашек. Контроль: прямой отсчёт времени. Белые: ноль секунд. Чёрные: ноль секунд.",
            "Clock check. Russian draughts rules. Time control: time counts up. White: zero seconds. Black: zero seconds.",
        ),
    ]
}

/// One example of each kind with its Russian and English text.
fn examples() -> Vec<(Announcement, &'static str, &'static str)> {
    use Announcement as A;
    let check = A::ClockCheck {
        rules: Rules::RussianDraughts,
        stages: vec![
            StageInfo {
                increment_ms: 30_000,
                ..stage(Some(40), 2 * HOUR)
            },
            StageInfo {
                delay_ms: 5_000,
                delay_kind: Some(DelayKind::Bronstein),
                repeat: true,
                ..stage(Some(21), MIN)
            },
            StageInfo {
                delay_ms: 2_000,
                delay_kind: Some(DelayKind::Simple),
                ..stage(None, HOUR)
            },
        ],
        white_ms: 2 * HOUR,
        black_ms: 2 * HOUR - 1_000,
        end: ControlEnd::Flag,
    };
    vec![
        (
            A::TimeReadout {
                side: Side::White,
                remaining_ms: HOUR + 12 * MIN + 59_999,
                moves_made: None,
                moves_to_control: Some(12),
            },
            "Белые: один час двенадцать минут. До контроля двенадцать ходов.",
            "White: one hour twelve minutes. Twelve moves to the time control.",
        ),
        (
            A::TimeReadout {
                side: Side::Black,
                remaining_ms: 5 * MIN + 1_500,
                moves_made: None,
                moves_to_control: None,
            },
            "Чёрные: пять минут одна секунда.",
            "Black: five minutes one second.",
        ),
        (
            A::OpponentTime {
                side: Side::Black,
                remaining_ms: 42_000,
            },
            "Соперник (чёрные): сорок две секунды.",
            "Opponent (Black): forty-two seconds.",
        ),
        (
            A::Move {
                side: Side::White,
                number: 121,
            },
            "Ход сто двадцать один. Ходят чёрные.",
            "Move one hundred twenty-one. Black to move.",
        ),
        (
            A::Move {
                side: Side::Black,
                number: 999,
            },
            "Ход девятьсот девяносто девять. Ходят белые.",
            "Move nine hundred ninety-nine. White to move.",
        ),
        (
            A::MovesToControl {
                side: Side::Black,
                moves: 2,
            },
            "Чёрные: до контроля два хода.",
            "Black: two moves to the time control.",
        ),
        (
            A::Warning {
                side: Side::White,
                remaining_ms: 10 * MIN,
                sudden_death: false,
            },
            "Белые: десять минут до контроля.",
            "White: ten minutes to the time control.",
        ),
        (
            A::Warning {
                side: Side::Black,
                remaining_ms: 5 * MIN,
                sudden_death: true,
            },
            "Чёрные: пять минут до конца партии.",
            "Black: five minutes to the end of the game.",
        ),
        (
            A::Flag { side: Side::White },
            "Флажок упал у белых.",
            "White's flag has fallen.",
        ),
        (
            A::Flag { side: Side::Black },
            "Флажок упал у чёрных.",
            "Black's flag has fallen.",
        ),
        (A::Pause, "Пауза.", "Clock paused."),
        (A::Resume, "Игра продолжается.", "Clock resumed."),
        (
            A::Adjusted {
                side: Side::Black,
                new_ms: 15 * MIN,
                clamped: true,
            },
            "Время чёрных изменено: пятнадцать минут. Уменьшение ограничено правилами.",
            "Black's time set to fifteen minutes. The reduction was limited by the rules.",
        ),
        (
            A::Adjusted {
                side: Side::White,
                new_ms: HOUR + 12 * MIN + 30_000,
                clamped: false,
            },
            "Время белых изменено: один час двенадцать минут тридцать секунд.",
            "White's time set to one hour twelve minutes thirty seconds.",
        ),
        (
            A::PlayerStop { side: Side::White },
            "Белые остановили часы.",
            "White stopped the clock.",
        ),
        (
            A::NewStage {
                side: Side::Black,
                added_ms: 30 * MIN,
            },
            "Чёрные: новый контроль времени, плюс тридцать минут.",
            "Black: new time control, plus thirty minutes.",
        ),
        (
            A::NewStage {
                side: Side::White,
                added_ms: 0,
            },
            "Белые: новый контроль времени.",
            "White: new time control.",
        ),
        (
            A::Result {
                outcome: Outcome::White,
                reason: Reason::TimeForfeit,
            },
            "Победа белых по времени.",
            "White wins on time.",
        ),
        (
            A::Result {
                outcome: Outcome::Black,
                reason: Reason::Resignation,
            },
            "Победа чёрных: соперник сдался.",
            "Black wins by resignation.",
        ),
        (
            A::Result {
                outcome: Outcome::White,
                reason: Reason::NoMoves,
            },
            "Победа белых: у соперника нет ходов.",
            "White wins: the opponent has no moves.",
        ),
        (
            A::Result {
                outcome: Outcome::Draw,
                reason: Reason::Draw1713,
            },
            "Ничья: остановка часов в выигрышной позиции.",
            "Draw: clock stopped in a winning position.",
        ),
        (
            A::Result {
                outcome: Outcome::White,
                reason: Reason::Arbiter,
            },
            "Результат: победа белых.",
            "Result: White wins.",
        ),
        (
            A::Result {
                outcome: Outcome::Draw,
                reason: Reason::Arbiter,
            },
            "Результат: ничья.",
            "Result: draw.",
        ),
        (
            A::Result {
                outcome: Outcome::Black,
                reason: Reason::Forfeit,
            },
            "Результат: техническая победа чёрных.",
            "Result: Black wins by forfeit.",
        ),
        (
            check,
            "Проверка часов. Правила русских шашек. Контроль: сорок ходов за два часа, плюс тридцать секунд за ход; \
             затем двадцать один ход за одну минуту, повторяется, задержка Бронштейна пять секунд; \
             затем один час до конца партии, простая задержка две секунды. \
             Белые: два часа. Чёрные: один час пятьдесят девять минут пятьдесят девять секунд.",
            "Clock check. Russian draughts rules. Time control: forty moves in two hours, plus thirty seconds per move; \
             then twenty-one moves in one minute, repeating, Bronstein delay five seconds; \
             then one hour to the end of the game, simple delay two seconds. \
             White: two hours. Black: one hour fifty-nine minutes fifty-nine seconds.",
        ),
        (
            A::ClockCheck {
                rules: Rules::Fide,
                stages: vec![StageInfo {
                    increment_ms: 30_000,
                    ..stage(Some(40), 90 * MIN)
                }],
                white_ms: 90 * MIN,
                black_ms: 90 * MIN,
                end: ControlEnd::Flag,
            },
            "Проверка часов. Правила ФИДЕ. Контроль: сорок ходов за один час тридцать минут, \
             плюс тридцать секунд за ход. Белые: один час тридцать минут. \
             Чёрные: один час тридцать минут.",
            "Clock check. FIDE rules. Time control: forty moves in one hour thirty minutes, \
             plus thirty seconds per move. White: one hour thirty minutes. \
             Black: one hour thirty minutes.",
        ),
        (
            A::TimeReadout {
                side: Side::White,
                remaining_ms: 5 * MIN + 30_000,
                moves_made: Some(1),
                moves_to_control: Some(39),
            },
            "Белые: пять минут тридцать секунд. Сделан один ход. До контроля тридцать девять ходов.",
            "White: five minutes thirty seconds. One move made. Thirty-nine moves to the time control.",
        ),
        (
            A::TimeReadout {
                side: Side::Black,
                remaining_ms: 42_000,
                moves_made: Some(22),
                moves_to_control: None,
            },
            "Чёрные: сорок две секунды. Сделано двадцать два хода.",
            "Black: forty-two seconds. Twenty-two moves made.",
        ),
        (
            A::TimeReadout {
                side: Side::White,
                remaining_ms: MIN,
                moves_made: Some(11),
                moves_to_control: None,
            },
            "Белые: одна минута. Сделано одиннадцать ходов.",
            "White: one minute. Eleven moves made.",
        ),
        (
            A::TimeReadout {
                side: Side::White,
                remaining_ms: HOUR,
                moves_made: Some(121),
                moves_to_control: None,
            },
            "Белые: один час. Сделан сто двадцать один ход.",
            "White: one hour. One hundred twenty-one moves made.",
        ),
        (
            A::TimeReadout {
                side: Side::Black,
                remaining_ms: 20 * MIN,
                moves_made: Some(0),
                moves_to_control: None,
            },
            "Чёрные: двадцать минут. Сделано ноль ходов.",
            "Black: twenty minutes. Zero moves made.",
        ),
        (
            A::IgnoredPress { side: Side::Black },
            "Чёрные: не ваши часы.",
            "Black: not your clock.",
        ),
        (
            A::Start { side: Side::White },
            "Ходят белые.",
            "White to move.",
        ),
        (
            A::Countdown {
                remaining_ms: 3_000,
            },
            "Три.",
            "Three.",
        ),
        (
            A::Countdown {
                remaining_ms: 1_999,
            },
            "Один.",
            "One.",
        ),
        (
            A::Reminder { side: Side::Black },
            "Чёрные: ваши часы идут.",
            "Black: your clock is running.",
        ),
        (A::Refused, "Команда отклонена.", "Command refused."),
        (
            A::Menu(MenuPrompt::Opened { hint: true }),
            "Настройка часов. Кнопки хода листают список, старт выбирает, долгое нажатие \
             старта — назад, кнопка времени повторяет.",
            "Clock set-up. The move buttons step through the list, start selects, holding \
             start goes back, the time button repeats.",
        ),
        (
            A::Menu(MenuPrompt::Item {
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
            }),
            "Блиц: пять минут до конца партии, плюс три секунды за ход, выбрано, шесть из десяти.",
            "Blitz: five minutes to the end of the game, plus three seconds per move, selected, six of ten.",
        ),
        (
            A::Menu(MenuPrompt::Item {
                position: 2,
                count: 6,
                item: MenuItem::Player {
                    side: Side::White,
                    vision: Vision::LowVision,
                    language: Lang::Ru,
                },
                chosen: false,
            }),
            "Белые: слабовидящий, русский язык, два из шести.",
            "White: low vision, Russian, two of six.",
        ),
        (
            A::Menu(MenuPrompt::Value {
                field: Field::Moves(1),
                value: 40,
            }),
            "Этап один: сорок ходов.",
            "Stage one, moves: forty.",
        ),
        (
            A::Menu(MenuPrompt::Value {
                field: Field::Time(2),
                value: 90 * MIN,
            }),
            "Этап два, время: один час тридцать минут.",
            "Stage two, time: one hour thirty minutes.",
        ),
        (
            A::Menu(MenuPrompt::ReadBack {
                stages: vec![stage(None, 15 * MIN)],
                hourglass: false,
                end: ControlEnd::Flag,
                times: [15 * MIN, 10 * MIN],
                visions: [Vision::TotallyBlind, Vision::Sighted],
                languages: [Lang::Ru, Lang::En],
                first: Side::Black,
            }),
            "Проверка настройки. Контроль времени: пятнадцать минут до конца партии. Белые: \
             незрячий, русский язык, пятнадцать минут. Чёрные: зрячий, английский язык, десять \
             минут. Первыми ходят чёрные.",
            "Set-up check. Time control: fifteen minutes to the end of the game. White: totally \
             blind, Russian, fifteen minutes. Black: sighted, English, ten minutes. Black moves \
             first.",
        ),
        (
            A::Menu(MenuPrompt::Item {
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
            }),
            "Сохранённая настройка номер один «Club blitz»: четыре минуты до конца партии, одиннадцать \
             из двенадцати.",
            "Saved set-up one «Club blitz»: four minutes to the end of the game, eleven of twelve.",
        ),
        (
            A::Menu(MenuPrompt::Saved { to_file: true }),
            "Настройка сохранена.",
            "Set-up saved.",
        ),
    ]
    .into_iter()
    .chain(overtime_examples())
    .collect()
}

/// Every prompt of the set-up menu: each item at each place of each list length, each
/// number, the read-back and the notices.
fn every_menu_prompt() -> Vec<Announcement> {
    let stages = vec![
        StageInfo {
            delay_ms: 2_000,
            delay_kind: Some(DelayKind::Simple),
            ..stage(Some(40), 2 * HOUR)
        },
        stage(None, HOUR),
    ];
    let overtimes = [
        ControlEnd::Flag,
        ControlEnd::Upcount,
        ControlEnd::Overtime(Overtime::Byoyomi {
            periods: 5,
            time: 30_000,
        }),
        ControlEnd::Overtime(Overtime::Canadian {
            moves: 10,
            time: 5 * MIN,
        }),
    ];
    let mut items = vec![
        MenuItem::Upcount,
        MenuItem::Check,
        MenuItem::Leave,
        MenuItem::Custom,
        MenuItem::StartTime(None),
        MenuItem::StartTime(Some(90 * MIN)),
        MenuItem::Repeating(false),
        MenuItem::Repeating(true),
        MenuItem::Save,
        MenuItem::Back,
    ];
    for side in [Side::White, Side::Black] {
        items.push(MenuItem::First(side));
        items.push(MenuItem::Side(side));
        for vision in [Vision::TotallyBlind, Vision::LowVision, Vision::Sighted] {
            for language in Lang::ALL {
                items.push(MenuItem::Player {
                    side,
                    vision,
                    language,
                });
                items.push(MenuItem::Vision(vision));
                items.push(MenuItem::Language(language));
            }
        }
    }
    for level in 1..=9 {
        items.push(MenuItem::SpeechRate(level));
    }
    for end in overtimes {
        items.push(MenuItem::Control {
            stages: stages.clone(),
            end,
        });
    }
    for choice in [
        OvertimeChoice::None,
        OvertimeChoice::Byoyomi,
        OvertimeChoice::Canadian,
    ] {
        items.push(MenuItem::Overtime(choice));
    }
    for a in [
        Addition::None,
        Addition::Fischer,
        Addition::Delay(DelayKind::Bronstein),
        Addition::Delay(DelayKind::Simple),
    ] {
        items.push(MenuItem::Addition(a));
    }
    let presets = [
        ShippedPreset::RussianClassical,
        ShippedPreset::FmjdClassical,
        ShippedPreset::FideClassical,
        ShippedPreset::RapidFide,
        ShippedPreset::Rapid,
        ShippedPreset::Blitz,
        ShippedPreset::Blitz3,
        ShippedPreset::Bullet,
        ShippedPreset::Hourglass,
    ];
    for p in presets {
        items.push(MenuItem::Preset {
            name: PresetName::Shipped(p),
            stages: stages.clone(),
            hourglass: p == ShippedPreset::Hourglass,
            end: ControlEnd::Flag,
        });
    }
    for end in overtimes {
        items.push(MenuItem::Preset {
            name: PresetName::FromFile {
                number: 21,
                name: "Club «blitz»".into(),
            },
            stages: stages.clone(),
            hourglass: end == ControlEnd::Flag,
            end,
        });
    }
    let mut all = Vec::new();
    for item in &items {
        for count in 1..=31u32 {
            for position in [1, count] {
                for chosen in [false, true] {
                    all.push(MenuPrompt::Item {
                        position,
                        count,
                        item: item.clone(),
                        chosen,
                    });
                }
            }
        }
    }
    for n in 1..=3 {
        for moves in [1, 2, 5, 21, 40, 200] {
            all.push(MenuPrompt::Value {
                field: Field::Moves(n),
                value: moves,
            });
        }
        for ms in [5_000, MIN, 90 * MIN, 9 * HOUR] {
            all.push(MenuPrompt::Value {
                field: Field::Time(n),
                value: ms,
            });
            all.push(MenuPrompt::Value {
                field: Field::Addition(n),
                value: ms,
            });
        }
        all.push(MenuPrompt::Value {
            field: Field::Stages,
            value: i64::from(n),
        });
    }
    for (field, value) in [
        (Field::Periods, 1),
        (Field::Periods, 30),
        (Field::PeriodMoves, 10),
        (Field::PeriodTime, 30_000),
        (Field::PeriodTime, HOUR),
    ] {
        all.push(MenuPrompt::Value { field, value });
    }
    for side in [Side::White, Side::Black] {
        all.push(MenuPrompt::Value {
            field: Field::StartTime(side),
            value: 61_000,
        });
        all.push(MenuPrompt::Value {
            field: Field::SpeechRate(side),
            value: 9,
        });
        all.push(MenuPrompt::ReadBack {
            stages: stages.clone(),
            hourglass: side == Side::White,
            end: overtimes[side.index() + 2],
            times: [HOUR, 2 * HOUR + 1_000],
            visions: [Vision::LowVision, Vision::Sighted],
            languages: [Lang::En, Lang::Ru],
            first: side,
        });
    }
    // Each language read back in each menu: by its template, or by its own name.
    for language in Lang::ALL {
        all.push(MenuPrompt::ReadBack {
            stages: stages.clone(),
            hourglass: false,
            end: ControlEnd::Flag,
            times: [HOUR, HOUR],
            visions: [Vision::TotallyBlind, Vision::TotallyBlind],
            languages: [language, Lang::Ru],
            first: Side::White,
        });
    }
    all.extend([
        MenuPrompt::Opened { hint: false },
        MenuPrompt::Opened { hint: true },
        MenuPrompt::Saved { to_file: true },
        MenuPrompt::Saved { to_file: false },
        MenuPrompt::NotSaved,
        MenuPrompt::Invalid,
        MenuPrompt::Left,
        MenuPrompt::Locked,
        MenuPrompt::GameInProgress,
    ]);
    all.into_iter().map(Announcement::Menu).collect()
}

#[test]
fn every_kind_in_both_languages() {
    for (a, ru, en) in examples() {
        assert_eq!(phrase(Lang::Ru, &a).text, ru);
        assert_eq!(phrase(Lang::En, &a).text, en);
    }
}

/// Lower-case words of a text, hyphens and punctuation as spaces; a «name» in guillemets (a
/// preset's name from the file, which only the system speech engine says) is left out.
fn plain_words(s: &str) -> Vec<String> {
    let mut recorded = String::new();
    let mut quoted = false;
    for c in s.chars() {
        match c {
            '«' => quoted = true,
            '»' => quoted = false,
            c if !quoted => recorded.push(c),
            _ => {}
        }
    }
    recorded
        .split(|c: char| !(c.is_alphabetic() || c == '\''))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect()
}

/// Checks that `u`'s clips are catalogued and say exactly its text, that pause tokens
/// stand only between clips (a sentence pause at each sentence break of the text), and
/// that a phrase recorded in both intonations ends a sentence with its final recording
/// and goes on with its continuing one.
fn check(lang: Lang, catalog: &HashMap<String, String>, u: &Utterance, used: &mut HashSet<String>) {
    let mut spoken = String::new();
    for key in u.keys() {
        let text = catalog.get(key).unwrap_or_else(|| {
            panic!(
                "{lang:?}: clip {key:?} of {:?} is not in the catalog",
                u.text
            )
        });
        spoken.push_str(text);
        spoken.push(' ');
        used.insert(key.to_string());
    }
    // The clips say the text's letters in order; a word may be written of several clips
    // ("zweitausend" is "zwei" "tausend").
    assert_eq!(
        plain_words(&spoken).concat(),
        plain_words(&u.text).concat(),
        "{lang:?}: {:?}",
        u.clips
    );
    let tokens = &u.clips;
    for (i, token) in tokens.iter().enumerate() {
        let next = tokens.get(i + 1).map(String::as_str);
        if is_pause(token) {
            assert!(
                i > 0 && next.is_some_and(|n| !is_pause(n)),
                "{lang:?}: pause token {token:?} not between two clips: {tokens:?}"
            );
            continue;
        }
        let ends = next.is_none_or(|n| n == SENTENCE_PAUSE);
        if ends {
            assert!(
                !catalog.contains_key(&format!("{token}{FINAL_SUFFIX}")),
                "{lang:?}: {token:?} ends a sentence in its continuing intonation: {:?}",
                u.text
            );
        } else if let Some(base) = token.strip_suffix(FINAL_SUFFIX) {
            assert!(
                !catalog.contains_key(base),
                "{lang:?}: {token:?} goes on in its final intonation: {:?}",
                u.text
            );
        }
    }
    let sentences = u.text.matches(". ").count();
    let pauses = tokens.iter().filter(|t| *t == SENTENCE_PAUSE).count();
    assert_eq!(pauses, sentences, "{lang:?}: {:?} {tokens:?}", u.text);
}

fn every_announcement(ms: i64) -> Vec<Announcement> {
    use Announcement as A;
    let mut all = vec![A::Countdown { remaining_ms: ms }, A::Refused];
    for side in [Side::White, Side::Black] {
        all.push(A::Start { side });
        all.push(A::Reminder { side });
        all.push(A::TimeReadout {
            side,
            remaining_ms: ms,
            moves_made: None,
            moves_to_control: Some(1),
        });
        all.push(A::OpponentTime {
            side,
            remaining_ms: ms,
        });
        all.push(A::Warning {
            side,
            remaining_ms: ms,
            sudden_death: ms % 2 == 0,
        });
        all.push(A::Adjusted {
            side,
            new_ms: ms,
            clamped: ms % 3 == 0,
        });
        all.push(A::NewStage { side, added_ms: ms });
        all.push(A::RolledBack {
            number: (ms / 1000 % 200) as u32,
            white_ms: ms,
            black_ms: ms / 3,
            to_move: side,
        });
        all.push(A::Moves {
            white_moves: (ms / 1000 % 120) as u32,
            black_moves: (ms / 7000 % 120) as u32,
            white_used_ms: ms,
            black_used_ms: ms / 2,
        });
        all.push(A::MainTimeWarning {
            side,
            remaining_ms: ms,
        });
        for phase in [
            ClockPhase::MainTime,
            ClockPhase::Byoyomi { periods_left: 1 },
            ClockPhase::Byoyomi { periods_left: 2 },
            ClockPhase::Canadian { moves_left: 1 },
            ClockPhase::Upcount,
        ] {
            all.push(A::PhaseReadout {
                side,
                remaining_ms: ms,
                phase,
            });
        }
    }
    all
}

/// Overtime announcements and clock checks over many counts of periods and moves: the
/// verb agrees ("остался двадцать один период", "осталось двадцать два периода"), and the
/// period phrase clips are said in both intonations.
fn overtime_announcements() -> Vec<Announcement> {
    use Announcement as A;
    let mut all = Vec::new();
    for n in 1..=30u32 {
        for side in [Side::White, Side::Black] {
            for period in [1, 2] {
                all.push(A::Overtime {
                    side,
                    overtime: byoyomi(n, 30_000),
                    state: byoyomi_state(period, n),
                });
            }
            let canadian = Overtime::Canadian {
                moves: n,
                time: i64::from(n) * 21_000,
            };
            all.push(A::Overtime {
                side,
                overtime: canadian,
                state: canadian.enter(),
            });
        }
        for end in [
            ControlEnd::Overtime(byoyomi(n, i64::from(n) * 1_000)),
            ControlEnd::Overtime(byoyomi(n, i64::from(n) * MIN)),
            ControlEnd::Overtime(Overtime::Canadian {
                moves: n,
                time: i64::from(n) * MIN,
            }),
        ] {
            all.push(A::ClockCheck {
                rules: Rules::RussianDraughts,
                stages: vec![stage(None, HOUR)],
                white_ms: 0,
                black_ms: 0,
                end,
            });
        }
    }
    all
}

#[test]
fn clips_come_from_the_catalog_and_say_the_text() {
    for lang in Lang::ALL {
        let catalog: HashMap<String, String> = clip_catalog(lang).into_iter().collect();
        let mut used = HashSet::new();
        for (a, _, _) in examples() {
            check(lang, &catalog, &phrase(lang, &a), &mut used);
        }
        for ms in (0..10 * HOUR).step_by(1_000) {
            check(lang, &catalog, &readout(lang, ms), &mut used);
            for a in every_announcement(ms + 999) {
                check(lang, &catalog, &phrase(lang, &a), &mut used);
            }
        }
        for n in 0..=2_000u32 {
            for side in [Side::White, Side::Black] {
                let a = Announcement::Move { side, number: n };
                check(lang, &catalog, &phrase(lang, &a), &mut used);
                let a = Announcement::MovesToControl { side, moves: n };
                check(lang, &catalog, &phrase(lang, &a), &mut used);
                let a = Announcement::PlayerStop { side };
                check(lang, &catalog, &phrase(lang, &a), &mut used);
                let a = Announcement::TimeReadout {
                    side,
                    remaining_ms: i64::from(n) * 1_000,
                    moves_made: Some(n),
                    moves_to_control: (n % 2 == 0).then_some(n),
                };
                check(lang, &catalog, &phrase(lang, &a), &mut used);
            }
        }
        for outcome in [Outcome::White, Outcome::Black, Outcome::Draw] {
            for reason in [
                Reason::TimeForfeit,
                Reason::Resignation,
                Reason::NoMoves,
                Reason::Draw1713,
                Reason::Arbiter,
                Reason::Forfeit,
            ] {
                check(
                    lang,
                    &catalog,
                    &phrase(lang, &Announcement::Result { outcome, reason }),
                    &mut used,
                );
            }
        }
        for kind in [None, Some(DelayKind::Bronstein), Some(DelayKind::Simple)] {
            for rules in Rules::ALL {
                let s = StageInfo {
                    delay_ms: 3_000,
                    delay_kind: kind,
                    ..stage(None, 90 * MIN)
                };
                let a = Announcement::ClockCheck {
                    rules,
                    stages: vec![s],
                    white_ms: 0,
                    black_ms: 1_000,
                    end: ControlEnd::Flag,
                };
                check(lang, &catalog, &phrase(lang, &a), &mut used);
            }
        }
        for a in overtime_announcements() {
            check(lang, &catalog, &phrase(lang, &a), &mut used);
        }
        for level in 1..=9 {
            for a in [
                Announcement::Volume { level },
                Announcement::SpeechRate { level },
            ] {
                check(lang, &catalog, &phrase(lang, &a), &mut used);
            }
        }
        for n in [5_000u32, 21_000, 1_000_000, 2_000_000_000, u32::MAX] {
            let a = Announcement::MovesToControl {
                side: Side::White,
                moves: n,
            };
            check(lang, &catalog, &phrase(lang, &a), &mut used);
        }
        let a = Announcement::ClockCheck {
            rules: Rules::Fide,
            stages: vec![stage(Some(1), 1_000 * HOUR)],
            white_ms: i64::MAX,
            black_ms: -1,
            end: ControlEnd::Flag,
        };
        check(lang, &catalog, &phrase(lang, &a), &mut used);
        for hours in [
            1_000_000_000i64,
            5_000_000_000,
            1_000_000_000_000,
            2_000_000_000_000,
        ] {
            check(lang, &catalog, &readout(lang, hours * HOUR), &mut used);
        }
        // Beyond the hour phrase clips: "двадцать один час", "двадцать два часа".
        for hours in [21i64, 22] {
            check(lang, &catalog, &readout(lang, hours * HOUR), &mut used);
        }
        // A stage's time in the accusative, ending the sentence or going on (hours too:
        // Ukrainian's "за двадцять одну годину").
        for n in [1i64, 21, 31, 41, 51] {
            for unit in [HOUR, MIN, 1_000] {
                for (increment_ms, repeat) in [(0, false), (30_000, false), (0, true)] {
                    let s = StageInfo {
                        increment_ms,
                        repeat,
                        ..stage(Some(40), n * unit)
                    };
                    let a = Announcement::ClockCheck {
                        rules: Rules::RussianDraughts,
                        stages: vec![s.clone(), s],
                        white_ms: 0,
                        black_ms: 0,
                        end: ControlEnd::Flag,
                    };
                    check(lang, &catalog, &phrase(lang, &a), &mut used);
                }
            }
        }
        for secs in [1, 2, 21, 59] {
            let s = stage(Some(secs), secs as i64 * 1_000);
            let a = Announcement::ClockCheck {
                rules: Rules::RussianDraughts,
                stages: vec![s.clone(), s],
                white_ms: 0,
                black_ms: 0,
                end: ControlEnd::Flag,
            };
            check(lang, &catalog, &phrase(lang, &a), &mut used);
        }
        for a in every_menu_prompt() {
            check(lang, &catalog, &phrase(lang, &a), &mut used);
        }
        // An adjustment to one second that the rules clamped: Polish goes on after the
        // accusative ("…na jedną sekundę; zmniejszenie ograniczone przepisami").
        for side in [Side::White, Side::Black] {
            let a = Announcement::Adjusted {
                side,
                new_ms: 1_000,
                clamped: true,
            };
            check(lang, &catalog, &phrase(lang, &a), &mut used);
        }
        // The hall's station: a board's alert (late or not), a board silent and back.
        for late_ms in [None, Some(51_000)] {
            let a = Announcement::Board {
                board: 12,
                late_ms,
                notice: Box::new(Announcement::Flag { side: Side::White }),
            };
            check(lang, &catalog, &phrase(lang, &a), &mut used);
        }
        // Several boards at once: a lone one, a range, and more than are said ("and others").
        let many: Vec<u32> = [3]
            .into_iter()
            .chain(101..=200)
            .chain([300, 302, 304])
            .collect();
        for a in [
            Announcement::BoardSilent { board: 7 },
            Announcement::BoardBack { board: 7 },
            Announcement::BoardsSilent {
                boards: many.clone(),
            },
            Announcement::BoardsBack { boards: many },
        ] {
            check(lang, &catalog, &phrase(lang, &a), &mut used);
        }
        // Every catalogued clip is reachable, but "триллионов" needs more than i64 ms.
        let unused: Vec<_> = catalog
            .keys()
            .filter(|k| !used.contains(*k) && k.as_str() != "g_trillion_many")
            .collect();
        assert!(unused.is_empty(), "{lang:?}: clips never said: {unused:?}");
    }
}

#[test]
fn the_station_says_the_board_number_first_and_how_late_in_the_nominative() {
    let flag = |late_ms| Announcement::Board {
        board: 12,
        late_ms,
        notice: Box::new(Announcement::Flag { side: Side::White }),
    };
    assert_eq!(
        phrase(Lang::Ru, &flag(None)).text,
        "Доска двенадцать: флажок упал у белых."
    );
    assert_eq!(
        phrase(Lang::Ru, &flag(Some(51_000))).text,
        "Доска двенадцать, опоздание пятьдесят одна секунда: флажок упал у белых."
    );
    assert_eq!(
        phrase(Lang::En, &flag(Some(61_000))).text,
        "Board twelve, one minute one second late: White's flag has fallen."
    );
    assert_eq!(
        phrase(Lang::Ru, &Announcement::BoardSilent { board: 1 }).text,
        "Доска один молчит."
    );
    assert_eq!(
        phrase(Lang::En, &Announcement::BoardBack { board: 21 }).text,
        "Board twenty-one is back."
    );
}

#[test]
fn a_forfeit_is_said_in_every_language() {
    let forfeit = |outcome| Announcement::Result {
        outcome,
        reason: Reason::Forfeit,
    };
    let want = [
        ("ru", "Результат: техническая победа белых."),
        ("en", "Result: White wins by forfeit."),
        ("uk", "Результат: технічна перемога білих."),
        ("pl", "Wynik: walkower dla białych."),
        ("de", "Ergebnis: Weiß gewinnt kampflos."),
    ];
    let lang = |code| Lang::from_code(code).expect("a language the clock speaks");
    for (code, text) in want {
        assert_eq!(
            phrase(lang(code), &forfeit(Outcome::White)).text,
            text,
            "{code}"
        );
    }
    assert_eq!(
        phrase(lang("pl"), &forfeit(Outcome::Black)).text,
        "Wynik: walkower dla czarnych."
    );
}

/// Boards silent or back together (a cut link to another venue) are one sentence: runs of
/// three or more as a range, pairs as two boards, at most four items and "and others".
#[test]
fn boards_silent_together_are_one_sentence_in_every_language() {
    let mut boards = vec![3, 7, 8];
    boards.extend(101..=200);
    let silent = Announcement::BoardsSilent { boards };
    let want = [
        ("ru", "Нет связи: доска три, доска семь, доска восемь, от доски сто один до доски двести."),
        ("en", "No contact: board three, board seven, board eight, boards one hundred one to two hundred."),
        ("uk", "Немає зв'язку: дошка три, дошка сім, дошка вісім, від дошки сто один до дошки двісті."),
        ("pl", "Brak łączności: szachownica trzy, szachownica siedem, szachownica osiem, od szachownicy sto jeden do szachownicy dwieście."),
        ("de", "Keine Verbindung: Brett drei, Brett sieben, Brett acht, Bretter hunderteins bis zweihundert."),
    ];
    let lang = |code| Lang::from_code(code).expect("a language the clock speaks");
    for (code, text) in want {
        assert_eq!(phrase(lang(code), &silent).text, text, "{code}");
    }
    let back = Announcement::BoardsBack {
        boards: vec![1, 3, 5, 7, 9, 11],
    };
    assert_eq!(
        phrase(Lang::Ru, &back).text,
        "Снова на связи: доска один, доска три, доска пять, доска семь, и другие."
    );
    assert_eq!(
        phrase(Lang::En, &back).text,
        "Back in contact: board one, board three, board five, board seven, and others."
    );
}

//! Russian phrasing of the set-up menu: "Блиц: пять минут до конца партии, плюс три секунды
//! за ход, шесть из десяти."
//!
//! An item and its place in the list are one sentence, joined by a comma, so that the item's
//! words keep their continuing intonation and only "… из десяти" falls.

use super::duration::exact_parts;
use super::menu::{
    Addition, Field, MenuItem, MenuPrompt, OvertimeChoice, PresetName, ShippedPreset,
};
use super::ru::{nominative, say_parts, say_stage, side_label};
use super::ru_numbers::{self as num, say_count, Case, Gender, MOVE};
use super::ru_overtime;
use super::utterance::{clip, clip_cont, clip_final, Builder, Clip};
use super::{ControlEnd, DelayKind, StageInfo};
use crate::hearing::Lang;
use crate::schedule::Vision;

const SETUP: Clip = clip_final("menu_setup", "настройка часов");
const HINT: Clip = clip_final(
    "menu_hint",
    "кнопки хода листают список, старт выбирает, долгое нажатие старта — назад, кнопка времени повторяет",
);
const UPCOUNT: Clip = clip_final("upcount", "прямой отсчёт времени");
const NO_OVERTIME: Clip = clip_cont("menu_no_overtime", "только основное время");
const BYOYOMI: Clip = clip_cont("menu_byoyomi", "периоды на каждый ход");
const CANADIAN: Clip = clip_cont("menu_canadian", "периоды на несколько ходов");
const PERIODS_COUNT: Clip = clip_cont("menu_periods_count", "число периодов");
const PERIOD_MOVES: Clip = clip_cont("menu_period_moves", "ходов в периоде");
const PERIOD_TIME: Clip = clip_cont("menu_period_time", "время периода");
const TIME_CONTROL: Clip = clip_cont("menu_time_control", "контроль времени");
const THEN: Clip = clip_cont("then", "затем");
const FIRST: Clip = clip_cont("menu_first_pl", "первыми ходят");
const CHECK: Clip = clip_cont("menu_check", "проверить и сохранить");
const LEAVE: Clip = clip_cont("menu_leave", "выйти без изменений");
const SAVED_PRESET: Clip = clip_cont("menu_saved_preset", "сохранённая настройка номер");
const CUSTOM: Clip = clip_cont("menu_custom", "своя настройка");
const BLIND: Clip = clip_cont("menu_totally_blind", "незрячий");
const LOW_VISION: Clip = clip_cont("menu_low_vision", "слабовидящий");
const SIGHTED: Clip = clip_cont("menu_sighted", "зрячий");
const RUSSIAN: Clip = clip_cont("menu_russian", "русский язык");
const ENGLISH: Clip = clip_cont("menu_english", "английский язык");
const NO_ODDS: Clip = clip_cont("menu_no_odds", "без форы");
const START_TIME: Clip = clip_cont("menu_start_time", "время на старте");
const SPEECH_RATE: Clip = clip_cont("speech_rate", "скорость речи");
const TO_GAME_END: Clip = clip("to_game_end", "до конца партии");
const REPEATING_MOVES: Clip = clip_cont("menu_repeating_moves", "число ходов с повтором");
const NO_ADDITION: Clip = clip_cont("menu_no_addition", "без добавки");
const FISCHER: Clip = clip_cont("menu_fischer", "добавка Фишера");
const BRONSTEIN: Clip = clip_cont("menu_bronstein", "задержка Бронштейна");
const SIMPLE: Clip = clip_cont("menu_simple_delay", "простая задержка");
const SAVE: Clip = clip_cont("menu_save", "сохранить");
const BACK: Clip = clip_cont("menu_back", "назад");
const CHOSEN: Clip = clip_cont("menu_chosen", "выбрано");
const STAGE_COUNT: Clip = clip_cont("menu_stage_count", "число этапов");
const STAGE: Clip = clip_cont("menu_stage", "этап");
const TIME: Clip = clip_cont("time", "время");
const ADDITION: Clip = clip_cont("menu_addition", "добавка");
const HOURGLASS: Clip = clip_cont("menu_hourglass", "песочные часы");
const CHECK_SETUP: Clip = clip_final("menu_read_back", "проверка настройки");
const SAVED: Clip = clip_final("menu_saved", "настройка сохранена");
const KEPT: Clip = clip_final("menu_kept", "настройка действует до выключения часов");
const NOT_SAVED: Clip = clip_final("menu_not_saved", "настройку не удалось сохранить");
const INVALID: Clip = clip_final("menu_invalid", "такой контроль невозможен");
const LEFT: Clip = clip_final("menu_left", "настройка закрыта");
const LOCKED: Clip = clip_final("menu_locked", "настройка заблокирована судьёй");
const IN_PROGRESS: Clip = clip_final(
    "menu_game_in_progress",
    "идёт партия: настройка только между партиями",
);
const RUSSIAN_CLASSICAL: Clip = clip_cont("preset_russian_classical", "классика русских шашек");
const FMJD: Clip = clip_cont("preset_fmjd", "классика ФМЖД");
const FIDE: Clip = clip_cont("preset_fide", "классика ФИДЕ");
const RAPID: Clip = clip_cont("preset_rapid", "рапид");
const BLITZ: Clip = clip_cont("preset_blitz", "блиц");
const BULLET: Clip = clip_cont("preset_bullet", "пуля");

/// "из одного" … "из тридцати": the end of "три из двенадцати"; index = count − 1.
const OF: [Clip; 30] = [
    clip_final("of_1", "из одного"),
    clip_final("of_2", "из двух"),
    clip_final("of_3", "из трёх"),
    clip_final("of_4", "из четырёх"),
    clip_final("of_5", "из пяти"),
    clip_final("of_6", "из шести"),
    clip_final("of_7", "из семи"),
    clip_final("of_8", "из восьми"),
    clip_final("of_9", "из девяти"),
    clip_final("of_10", "из десяти"),
    clip_final("of_11", "из одиннадцати"),
    clip_final("of_12", "из двенадцати"),
    clip_final("of_13", "из тринадцати"),
    clip_final("of_14", "из четырнадцати"),
    clip_final("of_15", "из пятнадцати"),
    clip_final("of_16", "из шестнадцати"),
    clip_final("of_17", "из семнадцати"),
    clip_final("of_18", "из восемнадцати"),
    clip_final("of_19", "из девятнадцати"),
    clip_final("of_20", "из двадцати"),
    clip_final("of_21", "из двадцати одного"),
    clip_final("of_22", "из двадцати двух"),
    clip_final("of_23", "из двадцати трёх"),
    clip_final("of_24", "из двадцати четырёх"),
    clip_final("of_25", "из двадцати пяти"),
    clip_final("of_26", "из двадцати шести"),
    clip_final("of_27", "из двадцати семи"),
    clip_final("of_28", "из двадцати восьми"),
    clip_final("of_29", "из двадцати девяти"),
    clip_final("of_30", "из тридцати"),
];

/// Every clip the menu's Russian phrasing can emit.
pub(super) fn clips() -> Vec<Clip> {
    let mut all = vec![
        SETUP,
        HINT,
        UPCOUNT,
        NO_OVERTIME,
        BYOYOMI,
        CANADIAN,
        PERIODS_COUNT,
        PERIOD_MOVES,
        PERIOD_TIME,
        TIME_CONTROL,
        THEN,
        FIRST,
        CHECK,
        LEAVE,
        SAVED_PRESET,
        CUSTOM,
        BLIND,
        LOW_VISION,
        SIGHTED,
        RUSSIAN,
        ENGLISH,
        NO_ODDS,
        START_TIME,
        SPEECH_RATE,
        TO_GAME_END,
        REPEATING_MOVES,
        NO_ADDITION,
        FISCHER,
        BRONSTEIN,
        SIMPLE,
        SAVE,
        BACK,
        CHOSEN,
        STAGE_COUNT,
        STAGE,
        TIME,
        ADDITION,
        HOURGLASS,
        CHECK_SETUP,
        SAVED,
        KEPT,
        NOT_SAVED,
        INVALID,
        LEFT,
        LOCKED,
        IN_PROGRESS,
        RUSSIAN_CLASSICAL,
        FMJD,
        FIDE,
        RAPID,
        BLITZ,
        BULLET,
    ];
    all.extend(OF);
    all
}

/// Phrases one prompt of the menu.
pub(super) fn phrase(b: &mut Builder, prompt: &MenuPrompt) {
    match prompt {
        MenuPrompt::Opened { hint } => {
            b.say(SETUP);
            if *hint {
                b.stop();
                b.say(HINT);
            }
        }
        MenuPrompt::Item {
            position,
            count,
            item,
            chosen,
        } => {
            let falling = say_item(b, item);
            if falling {
                b.stop();
            } else {
                b.mark(",");
            }
            if *chosen {
                b.say(CHOSEN);
                b.mark(",");
            }
            number(b, u64::from(*position));
            match OF.get((*count as usize).wrapping_sub(1)) {
                Some(of) => b.say(*of),
                None => b.stop(),
            }
        }
        MenuPrompt::Value { field, value } => say_value(b, *field, *value),
        MenuPrompt::ReadBack {
            stages,
            hourglass,
            end,
            times,
            visions,
            languages,
            first,
        } => {
            b.say(CHECK_SETUP);
            b.stop();
            b.say(TIME_CONTROL);
            b.mark(":");
            say_control(b, stages, *hourglass, *end);
            b.stop();
            for side in super::Side::BOTH {
                let i = side.index();
                side_label(b, side);
                b.say(vision(visions[i]));
                b.mark(",");
                b.say(language(languages[i]));
                b.mark(",");
                say_parts(b, exact_parts(times[i]), Case::Nominative);
                b.stop();
            }
            b.say(FIRST);
            b.say(nominative(*first));
        }
        MenuPrompt::Saved { to_file: true } => b.say(SAVED),
        MenuPrompt::Saved { to_file: false } => b.say(KEPT),
        MenuPrompt::NotSaved => b.say(NOT_SAVED),
        MenuPrompt::Invalid => b.say(INVALID),
        MenuPrompt::Left => b.say(LEFT),
        MenuPrompt::Locked => b.say(LOCKED),
        MenuPrompt::GameInProgress => b.say(IN_PROGRESS),
    }
}

fn number(b: &mut Builder, n: u64) {
    num::say_number(b, n, Gender::Masculine, Case::Nominative);
}

/// Says a control; returns whether it ended on a falling phrase (an overtime, an upcount
/// clock), after which the sentence ends.
fn say_control(b: &mut Builder, stages: &[StageInfo], hourglass: bool, end: ControlEnd) -> bool {
    if end == ControlEnd::Upcount {
        b.say(UPCOUNT);
        return true;
    }
    if hourglass {
        b.say(HOURGLASS);
        b.mark(",");
    }
    for (i, stage) in stages.iter().enumerate() {
        if i > 0 {
            b.mark(";");
            b.say(THEN);
        }
        say_stage(b, stage, end == ControlEnd::Flag);
    }
    if let ControlEnd::Overtime(_) = end {
        ru_overtime::control_end(b, end);
        return true;
    }
    false
}

fn vision(v: Vision) -> Clip {
    match v {
        Vision::TotallyBlind => BLIND,
        Vision::LowVision => LOW_VISION,
        Vision::Sighted => SIGHTED,
    }
}

fn language(l: Lang) -> Clip {
    match l {
        Lang::Ru => RUSSIAN,
        Lang::En => ENGLISH,
    }
}

fn preset_name(p: ShippedPreset) -> Option<Clip> {
    Some(match p {
        ShippedPreset::RussianClassical => RUSSIAN_CLASSICAL,
        ShippedPreset::FmjdClassical => FMJD,
        ShippedPreset::FideClassical => FIDE,
        ShippedPreset::Rapid | ShippedPreset::RapidFide => RAPID,
        ShippedPreset::Blitz | ShippedPreset::Blitz3 => BLITZ,
        ShippedPreset::Bullet => BULLET,
        // "Песочные часы" is what its control says first.
        ShippedPreset::Hourglass => return None,
    })
}

/// Says an item; returns whether it ended on a falling phrase.
fn say_item(b: &mut Builder, item: &MenuItem) -> bool {
    match item {
        MenuItem::Control { stages, end } => {
            b.say(TIME_CONTROL);
            b.mark(":");
            return say_control(b, stages, false, *end);
        }
        MenuItem::Player {
            side,
            vision: v,
            language: l,
        } => {
            side_label(b, *side);
            b.say(vision(*v));
            b.mark(",");
            b.say(language(*l));
        }
        MenuItem::First(side) => {
            b.say(FIRST);
            b.say(nominative(*side));
        }
        MenuItem::Check => b.say(CHECK),
        MenuItem::Leave => b.say(LEAVE),
        MenuItem::Preset {
            name,
            stages,
            hourglass,
            end,
        } => {
            match name {
                PresetName::Shipped(p) => {
                    if let Some(name) = preset_name(*p) {
                        b.say(name);
                        b.mark(":");
                    }
                }
                PresetName::FromFile { number: n, name } => {
                    b.say(SAVED_PRESET);
                    number(b, u64::from(*n));
                    b.unrecorded_name(name);
                    b.mark(":");
                }
            }
            return say_control(b, stages, *hourglass, *end);
        }
        MenuItem::Upcount => {
            b.say(UPCOUNT);
            return true;
        }
        MenuItem::Custom => b.say(CUSTOM),
        MenuItem::Vision(v) => b.say(vision(*v)),
        MenuItem::Language(l) => b.say(language(*l)),
        MenuItem::StartTime(None) => b.say(NO_ODDS),
        MenuItem::StartTime(Some(ms)) => {
            b.say(START_TIME);
            b.mark(":");
            say_parts(b, exact_parts(*ms), Case::Nominative);
        }
        MenuItem::SpeechRate(level) => {
            b.say(SPEECH_RATE);
            number(b, u64::from(*level));
        }
        MenuItem::Side(side) => b.say(nominative(*side)),
        MenuItem::Repeating(false) => b.say(TO_GAME_END),
        MenuItem::Repeating(true) => b.say(REPEATING_MOVES),
        MenuItem::Addition(a) => b.say(match a {
            Addition::None => NO_ADDITION,
            Addition::Fischer => FISCHER,
            Addition::Delay(DelayKind::Bronstein) => BRONSTEIN,
            Addition::Delay(DelayKind::Simple) => SIMPLE,
        }),
        MenuItem::Overtime(choice) => b.say(match choice {
            OvertimeChoice::None => NO_OVERTIME,
            OvertimeChoice::Byoyomi => BYOYOMI,
            OvertimeChoice::Canadian => CANADIAN,
        }),
        MenuItem::Save => b.say(SAVE),
        MenuItem::Back => b.say(BACK),
    }
    false
}

fn say_value(b: &mut Builder, field: Field, value: i64) {
    let time = |b: &mut Builder| say_parts(b, exact_parts(value), Case::Nominative);
    match field {
        Field::Stages => {
            b.say(STAGE_COUNT);
            b.mark(":");
            number(b, value.max(0) as u64);
        }
        Field::Moves(n) => {
            b.say(STAGE);
            number(b, u64::from(n));
            b.mark(":");
            say_count(b, value.max(0) as u64, &MOVE, Case::Nominative);
        }
        Field::Time(n) => {
            b.say(STAGE);
            number(b, u64::from(n));
            b.mark(",");
            b.say(TIME);
            b.mark(":");
            time(b);
        }
        Field::Addition(n) => {
            b.say(STAGE);
            number(b, u64::from(n));
            b.mark(",");
            b.say(ADDITION);
            b.mark(":");
            time(b);
        }
        Field::StartTime(side) => {
            b.say(nominative(side));
            b.mark(",");
            b.say(START_TIME);
            b.mark(":");
            time(b);
        }
        Field::SpeechRate(side) => {
            b.say(nominative(side));
            b.mark(",");
            b.say(SPEECH_RATE);
            number(b, value.max(0) as u64);
        }
        Field::Periods | Field::PeriodMoves => {
            b.say(if field == Field::Periods {
                PERIODS_COUNT
            } else {
                PERIOD_MOVES
            });
            b.mark(":");
            number(b, value.max(0) as u64);
        }
        Field::PeriodTime => {
            b.say(PERIOD_TIME);
            b.mark(":");
            time(b);
        }
    }
}

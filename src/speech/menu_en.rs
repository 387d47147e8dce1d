//! English phrasing of the set-up menu: "Blitz: five minutes to the end of the game, plus
//! three seconds per move, six of ten."
//!
//! An item and its place in the list are one sentence, joined by a comma, so that the item's
//! words keep their continuing intonation and only "… of ten" falls.

use super::duration::exact_parts;
use super::en::{name, say_parts, say_stage, side_label};
use super::en_numbers as num;
use super::en_overtime;
use super::menu::{
    Addition, Field, MenuItem, MenuPrompt, OvertimeChoice, PresetName, ShippedPreset,
};
use super::utterance::{clip, clip_cont, clip_final, Builder, Clip};
use super::{ControlEnd, DelayKind, StageInfo};
use crate::hearing::Lang;
use crate::schedule::Vision;

const SETUP: Clip = clip_final("menu_setup", "clock set-up");
const HINT: Clip = clip_final(
    "menu_hint",
    "the move buttons step through the list, start selects, holding start goes back, the time button repeats",
);
const UPCOUNT: Clip = clip_final("upcount", "time counts up");
const NO_OVERTIME: Clip = clip_cont("menu_no_overtime", "main time only");
const BYOYOMI: Clip = clip_cont("menu_byoyomi", "periods of one move each");
const CANADIAN: Clip = clip_cont("menu_canadian", "periods of several moves");
const PERIODS_COUNT: Clip = clip_cont("menu_periods_count", "number of periods");
const PERIOD_MOVES: Clip = clip_cont("menu_period_moves", "moves in a period");
const PERIOD_TIME: Clip = clip_cont("menu_period_time", "time of a period");
const TIME_CONTROL: Clip = clip_cont("control", "time control");
const THEN: Clip = clip_cont("then", "then");
const MOVES_FIRST: Clip = clip("menu_moves_first", "moves first");
const CHECK: Clip = clip_cont("menu_check", "check and save");
const LEAVE: Clip = clip_cont("menu_leave", "leave without changes");
const SAVED_PRESET: Clip = clip_cont("menu_saved_preset", "saved set-up");
const CUSTOM: Clip = clip_cont("menu_custom", "custom time control");
const BLIND: Clip = clip_cont("menu_totally_blind", "totally blind");
const LOW_VISION: Clip = clip_cont("menu_low_vision", "low vision");
const SIGHTED: Clip = clip_cont("menu_sighted", "sighted");
const RUSSIAN: Clip = clip_cont("menu_russian", "Russian");
const ENGLISH: Clip = clip_cont("menu_english", "English");
const NO_ODDS: Clip = clip_cont("menu_no_odds", "no time odds");
const START_TIME: Clip = clip_cont("menu_start_time", "start time");
const SPEECH_RATE: Clip = clip_cont("speech_rate", "speech rate");
const TO_GAME_END: Clip = clip("to_game_end", "to the end of the game");
const REPEATING_MOVES: Clip = clip_cont("menu_repeating_moves", "a number of moves, repeating");
const NO_ADDITION: Clip = clip_cont("menu_no_addition", "nothing added per move");
const FISCHER: Clip = clip_cont("menu_fischer", "Fischer increment");
const BRONSTEIN: Clip = clip_cont("menu_bronstein", "Bronstein delay");
const SIMPLE: Clip = clip_cont("menu_simple_delay", "simple delay");
const SAVE: Clip = clip_cont("menu_save", "save");
const BACK: Clip = clip_cont("menu_back", "back");
const CHOSEN: Clip = clip_cont("menu_chosen", "selected");
const STAGE_COUNT: Clip = clip_cont("menu_stage_count", "number of stages");
const STAGE: Clip = clip_cont("menu_stage", "stage");
const MOVES: Clip = clip_cont("menu_moves", "moves");
const TIME: Clip = clip_cont("menu_time", "time");
const ADDITION: Clip = clip_cont("menu_addition", "added per move");
const HOURGLASS: Clip = clip_cont("menu_hourglass", "hourglass");
const CHECK_SETUP: Clip = clip_final("menu_read_back", "set-up check");
const SAVED: Clip = clip_final("menu_saved", "set-up saved");
const KEPT: Clip = clip_final(
    "menu_kept",
    "set-up in force until the clock is switched off",
);
const NOT_SAVED: Clip = clip_final("menu_not_saved", "the set-up could not be saved");
const INVALID: Clip = clip_final("menu_invalid", "that time control is not possible");
const LEFT: Clip = clip_final("menu_left", "set-up closed");
const LOCKED: Clip = clip_final("menu_locked", "the arbiter has locked the set-up");
const IN_PROGRESS: Clip = clip_final(
    "menu_game_in_progress",
    "a game is in progress: set-up is only between games",
);
const RUSSIAN_CLASSICAL: Clip =
    clip_cont("preset_russian_classical", "Russian draughts, classical");
const FMJD: Clip = clip_cont("preset_fmjd", "FMJD classical");
const FIDE: Clip = clip_cont("preset_fide", "FIDE classical");
const RAPID: Clip = clip_cont("preset_rapid", "rapid");
const BLITZ: Clip = clip_cont("preset_blitz", "blitz");
const BULLET: Clip = clip_cont("preset_bullet", "bullet");

/// "of one" … "of thirty": the end of "three of twelve"; index = count − 1.
const OF: [Clip; 30] = [
    clip_final("of_1", "of one"),
    clip_final("of_2", "of two"),
    clip_final("of_3", "of three"),
    clip_final("of_4", "of four"),
    clip_final("of_5", "of five"),
    clip_final("of_6", "of six"),
    clip_final("of_7", "of seven"),
    clip_final("of_8", "of eight"),
    clip_final("of_9", "of nine"),
    clip_final("of_10", "of ten"),
    clip_final("of_11", "of eleven"),
    clip_final("of_12", "of twelve"),
    clip_final("of_13", "of thirteen"),
    clip_final("of_14", "of fourteen"),
    clip_final("of_15", "of fifteen"),
    clip_final("of_16", "of sixteen"),
    clip_final("of_17", "of seventeen"),
    clip_final("of_18", "of eighteen"),
    clip_final("of_19", "of nineteen"),
    clip_final("of_20", "of twenty"),
    clip_final("of_21", "of twenty-one"),
    clip_final("of_22", "of twenty-two"),
    clip_final("of_23", "of twenty-three"),
    clip_final("of_24", "of twenty-four"),
    clip_final("of_25", "of twenty-five"),
    clip_final("of_26", "of twenty-six"),
    clip_final("of_27", "of twenty-seven"),
    clip_final("of_28", "of twenty-eight"),
    clip_final("of_29", "of twenty-nine"),
    clip_final("of_30", "of thirty"),
];

/// Every clip the menu's English phrasing can emit.
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
        MOVES_FIRST,
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
        MOVES,
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
            num::say_number(b, u64::from(*position));
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
                say_parts(b, exact_parts(times[i]));
                b.stop();
            }
            b.say(name(*first));
            b.say(MOVES_FIRST);
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
        en_overtime::control_end(b, end);
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
        // "Hourglass" is what its control says first.
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
            b.say(name(*side));
            b.say(MOVES_FIRST);
        }
        MenuItem::Check => b.say(CHECK),
        MenuItem::Leave => b.say(LEAVE),
        MenuItem::Preset {
            name: preset,
            stages,
            hourglass,
            end,
        } => {
            match preset {
                PresetName::Shipped(p) => {
                    if let Some(clip) = preset_name(*p) {
                        b.say(clip);
                        b.mark(":");
                    }
                }
                PresetName::FromFile { number, name } => {
                    b.say(SAVED_PRESET);
                    num::say_number(b, u64::from(*number));
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
            say_parts(b, exact_parts(*ms));
        }
        MenuItem::SpeechRate(level) => {
            b.say(SPEECH_RATE);
            num::say_number(b, u64::from(*level));
        }
        MenuItem::Side(side) => b.say(name(*side)),
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
    let stage = |b: &mut Builder, n: u32, what: Clip| {
        b.say(STAGE);
        num::say_number(b, u64::from(n));
        b.mark(",");
        b.say(what);
        b.mark(":");
    };
    match field {
        Field::Stages => {
            b.say(STAGE_COUNT);
            b.mark(":");
            num::say_number(b, value.max(0) as u64);
        }
        Field::Moves(n) => {
            stage(b, n, MOVES);
            num::say_number(b, value.max(0) as u64);
        }
        Field::Time(n) => {
            stage(b, n, TIME);
            say_parts(b, exact_parts(value));
        }
        Field::Addition(n) => {
            stage(b, n, ADDITION);
            say_parts(b, exact_parts(value));
        }
        Field::StartTime(side) => {
            b.say(name(side));
            b.mark(",");
            b.say(START_TIME);
            b.mark(":");
            say_parts(b, exact_parts(value));
        }
        Field::SpeechRate(side) => {
            b.say(name(side));
            b.mark(",");
            b.say(SPEECH_RATE);
            num::say_number(b, value.max(0) as u64);
        }
        Field::Periods | Field::PeriodMoves => {
            b.say(if field == Field::Periods {
                PERIODS_COUNT
            } else {
                PERIOD_MOVES
            });
            b.mark(":");
            num::say_number(b, value.max(0) as u64);
        }
        Field::PeriodTime => {
            b.say(PERIOD_TIME);
            b.mark(":");
            say_parts(b, exact_parts(value));
        }
    }
}

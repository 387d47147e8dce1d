//! Russian phrasing of the set-up menu: "Блиц: пять минут до конца партии, плюс три секунды
//! за ход, шесть из десяти."
//!
//! An item and its place in the list are one sentence, joined by a comma, so that the item's
//! words keep their continuing intonation and only "… из десяти" falls.

use super::duration::exact_parts;
use super::menu::{
    Addition, Field, MenuItem, MenuPrompt, OvertimeChoice, PresetName, ShippedPreset,
};
use super::ru::{nominative, say_parts, side_label, Russian};
use super::ru_numbers::{self as num, catalogue, clip, say_count, Case, Gender, MOVE};
use super::template;
use super::utterance::{Builder, Clip};
use super::{ControlEnd, DelayKind, StageInfo};
use crate::hearing::Lang;
use crate::schedule::Vision;

/// Phrases one prompt of the menu.
pub(super) fn phrase(b: &mut Builder, prompt: &MenuPrompt) {
    match prompt {
        MenuPrompt::Opened { hint } => {
            b.say(clip("menu_setup"));
            if *hint {
                b.stop();
                b.say(clip("menu_hint"));
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
                b.say(clip("menu_chosen"));
                b.mark(",");
            }
            number(b, u64::from(*position));
            // "… из двенадцати" / "… of twelve": a clip for each count up to thirty.
            match catalogue().get(&format!("of_{count}")) {
                Some(of) => b.say(of),
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
            b.say(clip("menu_read_back"));
            b.stop();
            b.say(clip("menu_time_control"));
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
            b.say(clip("menu_first_pl"));
            b.say(nominative(*first));
        }
        MenuPrompt::Saved { to_file: true } => b.say(clip("menu_saved")),
        MenuPrompt::Saved { to_file: false } => b.say(clip("menu_kept")),
        MenuPrompt::NotSaved => b.say(clip("menu_not_saved")),
        MenuPrompt::Invalid => b.say(clip("menu_invalid")),
        MenuPrompt::Left => b.say(clip("menu_left")),
        MenuPrompt::Locked => b.say(clip("menu_locked")),
        MenuPrompt::GameInProgress => b.say(clip("menu_game_in_progress")),
    }
}

fn number(b: &mut Builder, n: u64) {
    num::say_number(b, n, Gender::Masculine, Case::Nominative);
}

/// Says a control; returns whether it ended on a falling phrase (an overtime, an upcount
/// clock), after which the sentence ends.
fn say_control(b: &mut Builder, stages: &[StageInfo], hourglass: bool, end: ControlEnd) -> bool {
    if end == ControlEnd::Upcount {
        b.say(clip("upcount"));
        return true;
    }
    if hourglass {
        b.say(clip("menu_hourglass"));
        b.mark(",");
    }
    for (i, stage) in stages.iter().enumerate() {
        if i > 0 {
            b.mark(";");
            b.say(clip("then"));
        }
        template::say_stage(b, catalogue(), &Russian, stage, end == ControlEnd::Flag);
    }
    if let ControlEnd::Overtime(_) = end {
        template::say_control_end(b, catalogue(), &Russian, end);
        return true;
    }
    false
}

fn vision(v: Vision) -> Clip {
    match v {
        Vision::TotallyBlind => clip("menu_totally_blind"),
        Vision::LowVision => clip("menu_low_vision"),
        Vision::Sighted => clip("menu_sighted"),
    }
}

fn language(l: Lang) -> Clip {
    match l {
        Lang::Ru => clip("menu_russian"),
        Lang::En => clip("menu_english"),
    }
}

fn preset_name(p: ShippedPreset) -> Option<Clip> {
    Some(match p {
        ShippedPreset::RussianClassical => clip("preset_russian_classical"),
        ShippedPreset::FmjdClassical => clip("preset_fmjd"),
        ShippedPreset::FideClassical => clip("preset_fide"),
        ShippedPreset::Rapid | ShippedPreset::RapidFide => clip("preset_rapid"),
        ShippedPreset::Blitz | ShippedPreset::Blitz3 => clip("preset_blitz"),
        ShippedPreset::Bullet => clip("preset_bullet"),
        // "Песочные часы" is what its control says first.
        ShippedPreset::Hourglass => return None,
    })
}

/// Says an item; returns whether it ended on a falling phrase.
fn say_item(b: &mut Builder, item: &MenuItem) -> bool {
    match item {
        MenuItem::Control { stages, end } => {
            b.say(clip("menu_time_control"));
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
            b.say(clip("menu_first_pl"));
            b.say(nominative(*side));
        }
        MenuItem::Check => b.say(clip("menu_check")),
        MenuItem::Leave => b.say(clip("menu_leave")),
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
                    b.say(clip("menu_saved_preset"));
                    number(b, u64::from(*n));
                    b.unrecorded_name(name);
                    b.mark(":");
                }
            }
            return say_control(b, stages, *hourglass, *end);
        }
        MenuItem::Upcount => {
            b.say(clip("upcount"));
            return true;
        }
        MenuItem::Custom => b.say(clip("menu_custom")),
        MenuItem::Vision(v) => b.say(vision(*v)),
        MenuItem::Language(l) => b.say(language(*l)),
        MenuItem::StartTime(None) => b.say(clip("menu_no_odds")),
        MenuItem::StartTime(Some(ms)) => {
            b.say(clip("menu_start_time"));
            b.mark(":");
            say_parts(b, exact_parts(*ms), Case::Nominative);
        }
        MenuItem::SpeechRate(level) => {
            b.say(clip("speech_rate"));
            number(b, u64::from(*level));
        }
        MenuItem::Side(side) => b.say(nominative(*side)),
        MenuItem::Repeating(false) => b.say(clip("to_game_end")),
        MenuItem::Repeating(true) => b.say(clip("menu_repeating_moves")),
        MenuItem::Addition(a) => b.say(match a {
            Addition::None => clip("menu_no_addition"),
            Addition::Fischer => clip("menu_fischer"),
            Addition::Delay(DelayKind::Bronstein) => clip("menu_bronstein"),
            Addition::Delay(DelayKind::Simple) => clip("menu_simple_delay"),
        }),
        MenuItem::Overtime(choice) => b.say(match choice {
            OvertimeChoice::None => clip("menu_no_overtime"),
            OvertimeChoice::Byoyomi => clip("menu_byoyomi"),
            OvertimeChoice::Canadian => clip("menu_canadian"),
        }),
        MenuItem::Save => b.say(clip("menu_save")),
        MenuItem::Back => b.say(clip("menu_back")),
    }
    false
}

fn say_value(b: &mut Builder, field: Field, value: i64) {
    let time = |b: &mut Builder| say_parts(b, exact_parts(value), Case::Nominative);
    match field {
        Field::Stages => {
            b.say(clip("menu_stage_count"));
            b.mark(":");
            number(b, value.max(0) as u64);
        }
        Field::Moves(n) => {
            b.say(clip("menu_stage"));
            number(b, u64::from(n));
            b.mark(":");
            say_count(b, value.max(0) as u64, &MOVE, Case::Nominative);
        }
        Field::Time(n) => {
            b.say(clip("menu_stage"));
            number(b, u64::from(n));
            b.mark(",");
            b.say(clip("time"));
            b.mark(":");
            time(b);
        }
        Field::Addition(n) => {
            b.say(clip("menu_stage"));
            number(b, u64::from(n));
            b.mark(",");
            b.say(clip("menu_addition"));
            b.mark(":");
            time(b);
        }
        Field::StartTime(side) => {
            b.say(nominative(side));
            b.mark(",");
            b.say(clip("menu_start_time"));
            b.mark(":");
            time(b);
        }
        Field::SpeechRate(side) => {
            b.say(nominative(side));
            b.mark(",");
            b.say(clip("speech_rate"));
            number(b, value.max(0) as u64);
        }
        Field::Periods | Field::PeriodMoves => {
            b.say(if field == Field::Periods {
                clip("menu_periods_count")
            } else {
                clip("menu_period_moves")
            });
            b.mark(":");
            number(b, value.max(0) as u64);
        }
        Field::PeriodTime => {
            b.say(clip("menu_period_time"));
            b.mark(":");
            time(b);
        }
    }
}

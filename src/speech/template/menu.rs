//! The set-up menu as catalogue templates: "Блиц: пять минут до конца партии, плюс три
//! секунды за ход, шесть из десяти." An item and its place in the list are one sentence,
//! joined by a comma, so that the item's words keep their continuing intonation and only
//! "… из десяти" falls.
//!
//! The clip keys of the menu's choices (visions, additions, overtimes, shipped presets) are
//! the same in every catalogue; a language's own name in the list is the template
//! `language_<code>`.

use super::{Value, Walker};
use crate::schedule::Vision;
use crate::speech::announcement::{ControlEnd, DelayKind, Side, StageInfo};
use crate::speech::grammar::Counted;
use crate::speech::menu::{
    Addition, Field, MenuItem, MenuPrompt, OvertimeChoice, PresetName, ShippedPreset,
};
use crate::speech::Lang;

fn vision(v: Vision) -> Value<'static> {
    Value::Word(match v {
        Vision::TotallyBlind => "menu_totally_blind",
        Vision::LowVision => "menu_low_vision",
        Vision::Sighted => "menu_sighted",
    })
}

/// The template that names `l` in the menu's language ("русский язык", "English").
fn language(l: Lang) -> String {
    format!("language_{}", l.code())
}

impl Walker<'_, '_> {
    /// Names the language `l`: by the menu's catalogue's template (`language_<code>`), or,
    /// when the catalogue has none, by the language's own name in its own voice ("«Deutsch»"
    /// in a Russian menu, said by the German voice), so that a player finds his language in
    /// a list said in another.
    fn language(&mut self, l: Lang) {
        let template = language(l);
        if self.catalogue.template(&template).is_some() {
            self.say(&template, &[]);
        } else {
            self.b.in_other_voice(l.code(), l.own_name());
        }
    }
}

fn preset_key(p: ShippedPreset) -> Option<&'static str> {
    Some(match p {
        ShippedPreset::RussianClassical => "preset_russian_classical",
        ShippedPreset::FmjdClassical => "preset_fmjd",
        ShippedPreset::FideClassical => "preset_fide",
        ShippedPreset::Rapid | ShippedPreset::RapidFide => "preset_rapid",
        ShippedPreset::Blitz | ShippedPreset::Blitz3 => "preset_blitz",
        ShippedPreset::Bullet => "preset_bullet",
        // "Песочные часы" is what its control says first.
        ShippedPreset::Hourglass => return None,
    })
}

impl Walker<'_, '_> {
    /// Says one prompt of the menu.
    pub(super) fn menu(&mut self, prompt: &MenuPrompt) {
        match prompt {
            MenuPrompt::Opened { hint: false } => self.say("menu_opened", &[]),
            MenuPrompt::Opened { hint: true } => self.say("menu_opened_hint", &[]),
            MenuPrompt::Item {
                position,
                count,
                item,
                chosen,
            } => {
                let falling = self.item(item);
                self.say(if falling { "item_end" } else { "item_next" }, &[]);
                if *chosen {
                    self.say("item_chosen", &[]);
                }
                let n = Value::Number(u64::from(*position));
                self.say("item_position", &[("n", n)]);
                // "… из двенадцати" / "… of twelve": a clip for each count up to thirty.
                match self.catalogue.get(&format!("of_{count}")) {
                    Some(of) => self.b.say(of),
                    None => self.b.stop(),
                }
            }
            MenuPrompt::Value { field, value } => self.field(*field, *value),
            MenuPrompt::ReadBack {
                stages,
                hourglass,
                end,
                times,
                visions,
                languages,
                first,
            } => {
                self.say("read_back", &[]);
                self.control(stages, *hourglass, *end);
                self.b.stop();
                for side in Side::BOTH {
                    let i = side.index();
                    let args = [
                        ("side", Value::Side(side)),
                        ("vision", vision(visions[i])),
                        ("time", Value::Exact(times[i])),
                    ];
                    self.say("read_back_player", &args[..2]);
                    self.language(languages[i]);
                    self.say("read_back_time", &args[2..]);
                }
                self.say("first", &[("side", Value::Side(*first))]);
            }
            MenuPrompt::Saved { to_file: true } => self.say("menu_saved", &[]),
            MenuPrompt::Saved { to_file: false } => self.say("menu_kept", &[]),
            MenuPrompt::NotSaved => self.say("menu_not_saved", &[]),
            MenuPrompt::Invalid => self.say("menu_invalid", &[]),
            MenuPrompt::Left => self.say("menu_left", &[]),
            MenuPrompt::Locked => self.say("menu_locked", &[]),
            MenuPrompt::GameInProgress => self.say("menu_game_in_progress", &[]),
        }
    }

    /// Says a control; returns whether it ended on a falling phrase (an overtime, an
    /// upcount clock), after which the sentence ends.
    fn control(&mut self, stages: &[StageInfo], hourglass: bool, end: ControlEnd) -> bool {
        if end == ControlEnd::Upcount {
            self.say("item_upcount", &[]);
            return true;
        }
        if hourglass {
            self.say("item_hourglass", &[]);
        }
        for (i, stage) in stages.iter().enumerate() {
            if i > 0 {
                self.say("stage_then", &[]);
            }
            self.stage(stage, end == ControlEnd::Flag);
        }
        if let ControlEnd::Overtime(_) = end {
            self.control_end(end);
            return true;
        }
        false
    }

    /// Says an item; returns whether it ended on a falling phrase.
    fn item(&mut self, item: &MenuItem) -> bool {
        let word = |key| [("word", Value::Word(key))];
        match item {
            MenuItem::Control { stages, end } => {
                self.say("item_control", &[]);
                return self.control(stages, false, *end);
            }
            MenuItem::Player {
                side,
                vision: v,
                language: l,
            } => {
                self.say(
                    "item_player",
                    &[("side", Value::Side(*side)), ("vision", vision(*v))],
                );
                self.language(*l);
            }
            MenuItem::First(side) => self.say("first", &[("side", Value::Side(*side))]),
            MenuItem::Check => self.say("item_check", &[]),
            MenuItem::Leave => self.say("item_leave", &[]),
            MenuItem::Preset {
                name,
                stages,
                hourglass,
                end,
            } => {
                match name {
                    PresetName::Shipped(p) => {
                        if let Some(key) = preset_key(*p) {
                            self.say("item_preset", &word(key));
                        }
                    }
                    PresetName::FromFile { number, name } => {
                        let n = Value::Number(u64::from(*number));
                        self.say("item_saved_preset", &[("n", n)]);
                        self.b.unrecorded_name(name);
                        self.say("item_saved_preset_end", &[]);
                    }
                }
                return self.control(stages, *hourglass, *end);
            }
            MenuItem::Upcount => {
                self.say("item_upcount", &[]);
                return true;
            }
            MenuItem::Custom => self.say("item_custom", &[]),
            MenuItem::Vision(v) => self.say("item_word", &[("word", vision(*v))]),
            MenuItem::Language(l) => self.language(*l),
            MenuItem::StartTime(None) => self.say("item_no_odds", &[]),
            MenuItem::StartTime(Some(ms)) => {
                self.say("item_start_time", &[("time", Value::Exact(*ms))])
            }
            MenuItem::SpeechRate(level) => {
                let n = Value::Number(u64::from(*level));
                self.say("item_speech_rate", &[("n", n)]);
            }
            MenuItem::Side(side) => self.say("item_side", &[("side", Value::Side(*side))]),
            MenuItem::Repeating(false) => self.say("item_not_repeating", &[]),
            MenuItem::Repeating(true) => self.say("item_repeating", &[]),
            MenuItem::Addition(a) => self.say(
                "item_word",
                &word(match a {
                    Addition::None => "menu_no_addition",
                    Addition::Fischer => "menu_fischer",
                    Addition::Delay(DelayKind::Bronstein) => "menu_bronstein",
                    Addition::Delay(DelayKind::Simple) => "menu_simple_delay",
                }),
            ),
            MenuItem::Overtime(choice) => self.say(
                "item_word",
                &word(match choice {
                    OvertimeChoice::None => "menu_no_overtime",
                    OvertimeChoice::Byoyomi => "menu_byoyomi",
                    OvertimeChoice::Canadian => "menu_canadian",
                }),
            ),
            MenuItem::Save => self.say("item_save", &[]),
            MenuItem::Back => self.say("item_back", &[]),
        }
        false
    }

    /// Says a value being set: "этап два, время: один час".
    fn field(&mut self, field: Field, value: i64) {
        let count = value.max(0) as u64;
        let args = |stage: u32| {
            [
                ("n", Value::Number(u64::from(stage))),
                ("value", Value::Number(count)),
                ("moves", Value::Count(count, Counted::Move)),
                ("time", Value::Exact(value)),
            ]
        };
        match field {
            Field::Stages => self.say("field_stages", &args(0)),
            Field::Moves(n) => self.say("field_moves", &args(n)),
            Field::Time(n) => self.say("field_time", &args(n)),
            Field::Addition(n) => self.say("field_addition", &args(n)),
            Field::StartTime(side) => {
                let args = [("side", Value::Side(side)), ("time", Value::Exact(value))];
                self.say("field_start_time", &args);
            }
            Field::SpeechRate(side) => {
                let args = [("side", Value::Side(side)), ("value", Value::Number(count))];
                self.say("field_speech_rate", &args);
            }
            Field::Periods => self.say("field_periods", &args(0)),
            Field::PeriodMoves => self.say("field_period_moves", &args(0)),
            Field::PeriodTime => self.say("field_period_time", &args(0)),
        }
    }
}

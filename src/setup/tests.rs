//! The menu driven key by key: what it says, what it sets, and what it saves.

use super::*;
use crate::clock::{Side, HOUR, MINUTE, SECOND};
use crate::config::Config;
use crate::schedule::Vision;
use crate::speech::Lang;
use crate::speech::{Addition, Field, MenuItem, MenuPrompt, PresetName, ShippedPreset};

fn open() -> (Menu, Vec<Effect>) {
    let config = Config::embedded_default().unwrap();
    Menu::open(Draft::of(&config), &config.presets, [5, 5], true)
}

fn said(effects: &[Effect]) -> Vec<MenuPrompt> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Say(p) => Some(p.clone()),
            _ => None,
        })
        .collect()
}

/// The item the last prompt names, with its position and count.
fn item(effects: &[Effect]) -> (u32, u32, MenuItem) {
    match said(effects).last() {
        Some(MenuPrompt::Item {
            position,
            count,
            item,
            ..
        }) => (*position, *count, item.clone()),
        other => panic!("not an item: {other:?}"),
    }
}

fn value(effects: &[Effect]) -> (Field, i64) {
    match said(effects).last() {
        Some(MenuPrompt::Value { field, value }) => (*field, *value),
        other => panic!("not a value: {other:?}"),
    }
}

/// Steps through the current list until `wanted` says yes; returns what the last key said.
fn find(menu: &mut Menu, wanted: impl Fn(&MenuItem) -> bool) -> Vec<Effect> {
    for _ in 0..40 {
        let out = menu.key(Key::Next);
        if wanted(&item(&out).2) {
            return out;
        }
    }
    panic!("not in the list");
}

fn custom(menu: &mut Menu) -> Vec<Effect> {
    menu.key(Key::Select); // time control
    find(menu, |i| *i == MenuItem::Custom);
    menu.key(Key::Select)
}

#[test]
fn opening_says_the_menu_then_its_first_item_with_its_place() {
    let (_, out) = open();
    let prompts = said(&out);
    assert_eq!(prompts[0], MenuPrompt::Opened { hint: true });
    let (position, count, first) = item(&out);
    assert_eq!((position, count), (1, 6));
    assert!(matches!(first, MenuItem::Control { .. }));
}

#[test]
fn the_list_wraps_both_ways_and_repeat_says_the_same() {
    let (mut menu, _) = open();
    assert_eq!(item(&menu.key(Key::Prev)).0, 6);
    assert_eq!(item(&menu.key(Key::Next)).0, 1);
    assert_eq!(item(&menu.key(Key::Next)).0, 2);
    assert_eq!(menu.key(Key::Repeat), menu.key(Key::Repeat));
    assert_eq!(item(&menu.key(Key::Repeat)).0, 2);
}

#[test]
fn a_preset_becomes_the_control_and_the_menu_returns_to_the_first_list() {
    let (mut menu, _) = open();
    let out = menu.key(Key::Select);
    // The list opens at the control in force (15 min + 10 s is the rapid preset), chosen.
    let prompts = said(&out);
    let Some(MenuPrompt::Item {
        position,
        count,
        item: now,
        chosen,
    }) = prompts.last()
    else {
        panic!("{prompts:?}")
    };
    assert_eq!(*count as usize, presets::SHIPPED.len() + 2);
    assert_eq!((*position, *chosen), (5, true));
    assert!(matches!(
        now,
        MenuItem::Preset {
            name: PresetName::Shipped(ShippedPreset::Rapid),
            ..
        }
    ));
    // The next is blitz 5 + 3: choose it.
    menu.key(Key::Next);
    let out = menu.key(Key::Select);
    let (position, _, now) = item(&out);
    assert_eq!(position, 1);
    let MenuItem::Control { stages, .. } = now else {
        panic!("{now:?}")
    };
    assert_eq!(stages[0].time_ms, 5 * MINUTE);
    assert_eq!(stages[0].increment_ms, 3 * SECOND);
    assert_eq!(menu.draft().name, "Blitz 5 min + 3 s");
}

#[test]
fn back_from_the_first_list_leaves_without_saving() {
    let (mut menu, _) = open();
    let out = menu.key(Key::Back);
    assert_eq!(said(&out), vec![MenuPrompt::Left]);
    assert_eq!(out.last(), Some(&Effect::Close));
    assert_eq!(menu.key(Key::Select), vec![Effect::Close]);
}

#[test]
fn a_custom_control_is_built_step_by_step_and_read_back() {
    let (mut menu, _) = open();
    let out = custom(&mut menu);
    assert_eq!(value(&out), (Field::Stages, 1));
    assert_eq!(value(&menu.key(Key::Next)), (Field::Stages, 2));
    let out = menu.key(Key::Select);
    assert_eq!(value(&out), (Field::Moves(1), 40));
    assert_eq!(value(&menu.key(Key::Select)), (Field::Time(1), 15 * MINUTE));
    // 15 min → 1 h 30 min in steps of 5 then 15 minutes.
    for _ in 0..11 {
        menu.key(Key::Next);
    }
    assert_eq!(value(&menu.key(Key::Repeat)), (Field::Time(1), 90 * MINUTE));
    let out = menu.key(Key::Select);
    let (_, count, chosen_addition) = item(&out);
    assert_eq!(count, 4);
    assert_eq!(chosen_addition, MenuItem::Addition(Addition::Fischer));
    assert_eq!(
        value(&menu.key(Key::Select)),
        (Field::Addition(1), 10 * SECOND)
    );
    for _ in 0..4 {
        menu.key(Key::Next);
    }
    let out = menu.key(Key::Select);
    // Stage 2, the last: to the end of the game or repeating.
    assert_eq!(item(&out).2, MenuItem::Repeating(false));
    assert_eq!(value(&menu.key(Key::Select)), (Field::Time(2), 2 * HOUR));
    for _ in 0..10 {
        menu.key(Key::Prev);
    }
    assert_eq!(value(&menu.key(Key::Repeat)), (Field::Time(2), 30 * MINUTE));
    menu.key(Key::Select); // additions, at "none" (the filler stage has none)
    let out = menu.key(Key::Select);
    // The last stage is to the end of the game: what follows it, main time only at first.
    assert_eq!(
        item(&out).2,
        MenuItem::Overtime(crate::speech::OvertimeChoice::None)
    );
    let out = menu.key(Key::Select);
    let (position, _, now) = item(&out);
    assert_eq!(position, 1);
    let MenuItem::Control { stages, .. } = now else {
        panic!("{now:?}")
    };
    assert_eq!(stages.len(), 2);
    assert_eq!(
        (stages[0].moves, stages[0].time_ms, stages[0].increment_ms),
        (Some(40), 90 * MINUTE, 30 * SECOND)
    );
    assert_eq!((stages[1].moves, stages[1].time_ms), (None, 30 * MINUTE));
    assert!(menu.draft().name.starts_with("Custom 40 / 1:30:00 + 0:30"));
}

#[test]
fn back_in_the_custom_control_goes_one_step_back_and_keeps_the_control() {
    let (mut menu, _) = open();
    let before = menu.draft().control.clone();
    custom(&mut menu); // stages
    menu.key(Key::Select); // last stage kind
    let out = menu.key(Key::Back);
    assert_eq!(value(&out).0, Field::Stages);
    let out = menu.key(Key::Back);
    assert_eq!(item(&out).2, MenuItem::Custom);
    menu.key(Key::Back);
    assert_eq!(menu.draft().control, before);
}

#[test]
fn players_vision_language_odds_and_rate() {
    let (mut menu, _) = open();
    menu.key(Key::Next); // White
    let out = menu.key(Key::Select);
    assert_eq!(item(&out).2, MenuItem::Vision(Vision::TotallyBlind));
    let out = menu.key(Key::Select);
    let (position, _, chosen) = item(&out);
    assert_eq!(
        (position, chosen),
        (1, MenuItem::Vision(Vision::TotallyBlind))
    );
    menu.key(Key::Next);
    let out = menu.key(Key::Select);
    assert_eq!(item(&out).2, MenuItem::Vision(Vision::LowVision));
    menu.key(Key::Next); // language
    menu.key(Key::Select);
    menu.key(Key::Next);
    assert_eq!(item(&menu.key(Key::Select)).2, MenuItem::Language(Lang::En));
    menu.key(Key::Next); // start time
    assert_eq!(
        value(&menu.key(Key::Select)),
        (Field::StartTime(Side::White), 15 * MINUTE)
    );
    menu.key(Key::Prev);
    assert_eq!(
        item(&menu.key(Key::Select)).2,
        MenuItem::StartTime(Some(10 * MINUTE))
    );
    menu.key(Key::Next); // speech rate
    menu.key(Key::Select);
    menu.key(Key::Next);
    let out = menu.key(Key::Select);
    assert!(out.contains(&Effect::Rate(Side::White, 6)));
    assert_eq!(menu.draft().players[0].rate_level, Some(6));
    assert_eq!(item(&out).2, MenuItem::SpeechRate(6));
    let p = menu.draft().players[0];
    assert_eq!(
        (p.vision, p.language, p.start_time),
        (Vision::LowVision, Lang::En, Some(10 * MINUTE))
    );
    // Start time back at stage 1's: no odds.
    menu.key(Key::Prev);
    menu.key(Key::Select);
    menu.key(Key::Next);
    assert_eq!(item(&menu.key(Key::Select)).2, MenuItem::StartTime(None));
}

#[test]
fn check_reads_everything_back_then_save_hands_over_the_draft() {
    let (mut menu, _) = open();
    menu.key(Key::Next);
    menu.key(Key::Next);
    menu.key(Key::Next); // who starts
    menu.key(Key::Select);
    menu.key(Key::Next);
    assert_eq!(item(&menu.key(Key::Select)).2, MenuItem::First(Side::Black));
    menu.key(Key::Next); // check and save
    let out = menu.key(Key::Select);
    let prompts = said(&out);
    let MenuPrompt::ReadBack { first, times, .. } = &prompts[0] else {
        panic!("{prompts:?}")
    };
    assert_eq!((*first, *times), (Side::Black, [15 * MINUTE, 15 * MINUTE]));
    assert_eq!(item(&out).2, MenuItem::Save);
    let out = menu.key(Key::Select);
    let Some(Effect::Save(draft)) = out.first() else {
        panic!("{out:?}")
    };
    assert_eq!(draft.first, Side::Black);
    assert_eq!(out.last(), Some(&Effect::Close));
}

#[test]
fn the_draft_is_written_with_the_files_comments_and_loads() {
    let config = Config::embedded_default().unwrap();
    let mut draft = Draft::of(&config);
    let (control, name) = presets::shipped(ShippedPreset::FmjdClassical);
    draft.control = control.clone();
    draft.name = name.to_string();
    draft.first = Side::Black;
    draft.players[1].vision = Vision::LowVision;
    draft.players[0].start_time = Some(90 * MINUTE);
    draft.players[1].rate_level = Some(7);
    let (text, _) = draft
        .write(crate::config::EMBEDDED_DEFAULT, "default.toml")
        .unwrap();
    for comment in [
        "# talkclock — the embedded default",
        "# Buttons. `talkclock devices`",
        "# whose clock starts",
    ] {
        assert!(text.contains(comment), "lost {comment:?}:\n{text}");
    }
    assert!(!text.contains("# Rest of the game in 15 minutes"), "{text}");
    let saved = Config::parse(&text, "saved").unwrap();
    assert_eq!(saved.control, control);
    assert_eq!(saved.first, Side::Black);
    assert_eq!(saved.players[1].vision, Vision::LowVision);
    assert_eq!(saved.players[0].start_time, Some(90 * MINUTE));
    assert_eq!(saved.players[1].speech_rate_level, Some(7));
    assert_eq!(saved.players[0].speech_rate_level, None);
    assert_eq!(saved.presets.len(), 1);
    assert_eq!(saved.presets[0].name, name);
    assert_eq!(saved.presets[0].control, control);
    // Saved again under the same name: replaced, not doubled.
    let again = Draft::of(&saved);
    let mut again = again;
    again.name = name.to_string();
    let (text, _) = again.write(&text, "saved").unwrap();
    assert_eq!(Config::parse(&text, "saved").unwrap().presets.len(), 1);
}

#[test]
fn a_custom_control_with_byoyomi_is_built_and_written_back_the_same() {
    let (mut menu, _) = open();
    custom(&mut menu);
    menu.key(Key::Select); // one stage
    menu.key(Key::Select); // the last stage: to the end of the game
    menu.key(Key::Select); // its time: 15 min
    menu.key(Key::Select); // additions at Fischer 10 s
    menu.key(Key::Select); // 10 s
    let out = menu.key(Key::Next); // main time only → periods of one move each
    assert_eq!(
        item(&out).2,
        MenuItem::Overtime(crate::speech::OvertimeChoice::Byoyomi)
    );
    assert_eq!(value(&menu.key(Key::Select)), (Field::Periods, 5));
    assert_eq!(value(&menu.key(Key::Prev)), (Field::Periods, 4));
    assert_eq!(
        value(&menu.key(Key::Select)),
        (Field::PeriodTime, 30 * SECOND)
    );
    let out = menu.key(Key::Select);
    let MenuItem::Control { end, .. } = item(&out).2 else {
        panic!("{out:?}")
    };
    let byoyomi = crate::clock::Overtime::Byoyomi {
        periods: 4,
        time: 30 * SECOND,
    };
    assert_eq!(end, crate::speech::ControlEnd::Overtime(byoyomi));
    let draft = menu.draft().clone();
    assert!(draft.name.ends_with("byo-yomi 4 x 0:30"), "{}", draft.name);
    let (text, _) = draft
        .write(crate::config::EMBEDDED_DEFAULT, "default.toml")
        .unwrap();
    let saved = Config::parse(&text, "saved").unwrap();
    assert_eq!(saved.control, draft.control);
    assert_eq!(saved.presets[0].control, draft.control);
}

#[test]
fn an_upcount_clock_is_chosen_and_written_without_stages() {
    let (mut menu, _) = open();
    menu.key(Key::Select);
    let out = find(&mut menu, |i| *i == MenuItem::Upcount);
    assert_eq!(item(&out).1 as usize, presets::SHIPPED.len() + 2);
    menu.key(Key::Select);
    assert!(menu.draft().control.is_upcount());
    let (text, _) = menu
        .draft()
        .write(crate::config::EMBEDDED_DEFAULT, "default.toml")
        .unwrap();
    let saved = Config::parse(&text, "saved").unwrap();
    assert!(saved.control.is_upcount(), "{text}");
    assert!(saved.presets[0].control.is_upcount());
}

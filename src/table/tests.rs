//! Tests of the table: warnings at their exact instants, once per stage, re-armed by a new
//! stage or an arbiter's addition, and who hears what (rules 1.7.7 and 1.7.9).

use super::*;
use crate::clock::{Input, MINUTE, SECOND};
use crate::config::Config;

fn config(extra: &str) -> Config {
    let text = format!(
        "mode = \"tournament\"\n[[time_control.stage]]\ntime = \"12:00\"\n{extra}\n\
         [players.white]\nvision = \"totally_blind\"\n[players.black]\nvision = \"low_vision\"\n"
    );
    Config::parse(&text, "test").unwrap_or_else(|e| panic!("{e}"))
}

fn config_text(text: &str) -> Config {
    Config::parse(text, "test").unwrap_or_else(|e| panic!("{e}"))
}

fn warnings(outputs: &[TableOutput]) -> Vec<(Ms, Side, Ms, Ms)> {
    outputs
        .iter()
        .filter_map(|o| match o {
            TableOutput::Warning {
                at_ms,
                side,
                remaining_ms,
                threshold_ms,
                ..
            } => Some((*at_ms, *side, *remaining_ms, *threshold_ms)),
            _ => None,
        })
        .collect()
}

fn says(outputs: &[TableOutput]) -> Vec<(Ms, Vec<Listener>, Announcement)> {
    outputs
        .iter()
        .filter_map(|o| match o {
            TableOutput::Say {
                at_ms,
                audience,
                notice,
            } => Some((*at_ms, audience.listeners().to_vec(), notice.clone())),
            _ => None,
        })
        .collect()
}

use Side::{Black, White};

#[test]
fn blind_at_ten_minutes_low_vision_at_five_at_the_exact_instant() {
    let mut table = Table::new(&config("").table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    table.handle(MINUTE, Request::Game(Input::Press(White)));
    assert_eq!(
        table.next_deadline(),
        Some(MINUTE + 7 * MINUTE),
        "Black's 5:00"
    );
    table.handle(9 * MINUTE, Request::Game(Input::Press(Black)));
    table.advance(20 * MINUTE);
    let found = warnings(&table.drain());
    assert_eq!(
        found,
        vec![
            (8 * MINUTE, Black, 5 * MINUTE, 5 * MINUTE),
            (10 * MINUTE, White, 10 * MINUTE, 10 * MINUTE),
        ]
    );
}

#[test]
fn the_scheduler_sleeps_when_nothing_is_due() {
    let mut table = Table::new(&config("").table_settings(), 0);
    assert_eq!(table.next_deadline(), None, "not started");
    table.handle(0, Request::Game(Input::Start));
    table.handle(SECOND, Request::Game(Input::Pause));
    assert_eq!(table.next_deadline(), None, "paused");
    let mut sighted = Table::new(
        &config_text(
            "[[time_control.stage]]\ntime = \"5:00\"\n[players.white]\nvision = \"sighted\"\n",
        )
        .table_settings(),
        0,
    );
    sighted.handle(0, Request::Game(Input::Start));
    assert_eq!(sighted.next_deadline(), Some(5 * MINUTE), "only the flag");
}

#[test]
fn a_stage_that_starts_at_or_below_a_threshold_gives_no_warning() {
    let mut table = Table::new(
        &config_text("[[time_control.stage]]\ntime = \"10:00\"\n[players.white]\nvision = \"totally_blind\"\n")
            .table_settings(),
        0,
    );
    table.handle(0, Request::Game(Input::Start));
    table.advance(11 * MINUTE);
    assert!(warnings(&table.drain()).is_empty());
}

#[test]
fn each_control_gets_its_warning_re_armed_by_the_new_stage() {
    let text = "[[time_control.stage]]\nmoves = 2\ntime = \"11:00\"\n\
                [[time_control.stage]]\ntime = \"15:00\"\n[players.white]\nvision = \"totally_blind\"\n\
                [players.black]\nvision = \"sighted\"\n";
    let mut table = Table::new(&config_text(text).table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    table.handle(2 * MINUTE, Request::Game(Input::Press(White))); // W 9:00, warned at 1:00
    table.handle(3 * MINUTE, Request::Game(Input::Press(Black)));
    table.handle(4 * MINUTE, Request::Game(Input::Press(White))); // W 8:00 + 15:00 = 23:00
    table.handle(5 * MINUTE, Request::Game(Input::Press(Black)));
    table.advance(40 * MINUTE);
    let found = warnings(&table.drain());
    assert_eq!(
        found,
        vec![
            (MINUTE, White, 10 * MINUTE, 10 * MINUTE),
            (5 * MINUTE + 13 * MINUTE, White, 10 * MINUTE, 10 * MINUTE),
        ]
    );
}

#[test]
fn no_chatter_with_an_increment_hovering_around_the_threshold() {
    let text = "[[time_control.stage]]\ntime = \"10:10\"\nincrement = \"0:10\"\n\
                [players.white]\nvision = \"totally_blind\"\n[players.black]\nvision = \"sighted\"\n";
    let mut table = Table::new(&config_text(text).table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    let mut t = 0;
    for _ in 0..30 {
        // White spends 15 s and gets 10 s back: he hovers just around 10:00.
        t += 15 * SECOND;
        table.handle(t, Request::Game(Input::Press(White)));
        t += SECOND;
        table.handle(t, Request::Game(Input::Press(Black)));
    }
    let found = warnings(&table.drain());
    assert_eq!(found, vec![(10 * SECOND, White, 10 * MINUTE, 10 * MINUTE)]);
}

#[test]
fn an_arbiter_addition_above_the_threshold_re_arms_it() {
    let mut table = Table::new(&config("").table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    table.handle(3 * MINUTE, Request::Game(Input::Adjust(White, 5 * MINUTE))); // 9:00 -> 14:00
    table.advance(10 * MINUTE);
    let found = warnings(&table.drain());
    assert_eq!(
        found,
        vec![
            (2 * MINUTE, White, 10 * MINUTE, 10 * MINUTE),
            (3 * MINUTE + 4 * MINUTE, White, 10 * MINUTE, 10 * MINUTE),
        ]
    );
}

#[test]
fn an_arbiter_cut_past_an_unfired_threshold_warns_at_once() {
    let text = "[[time_control.stage]]\ntime = \"1:00:00\"\n\
                [players.white]\nvision = \"totally_blind\"\nextra_warnings = [\"30:00\", \"20:00\"]\n";
    let mut table = Table::new(&config_text(text).table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    table.handle(MINUTE, Request::Game(Input::Set(White, 16 * MINUTE)));
    let found = warnings(&table.drain());
    assert_eq!(
        found,
        vec![(MINUTE, White, 16 * MINUTE, 20 * MINUTE)],
        "one warning, not two"
    );
    table.advance(30 * MINUTE);
    let later = warnings(&table.drain());
    assert_eq!(later, vec![(7 * MINUTE, White, 10 * MINUTE, 10 * MINUTE)]);
}

#[test]
fn a_sighted_player_is_warned_only_when_configured() {
    let text = "[[time_control.stage]]\ntime = \"12:00\"\n\
                [players.white]\nvision = \"sighted\"\nextra_warnings = [\"1:00\"]\n\
                [players.black]\nvision = \"sighted\"\n";
    let mut table = Table::new(&config_text(text).table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    table.handle(MINUTE, Request::Game(Input::Press(White)));
    table.advance(HOUR_BOUND);
    let found = warnings(&table.drain());
    assert_eq!(
        found,
        vec![],
        "White's 1:00 never came: Black's flag fell first"
    );
    let mut table = Table::new(&config_text(text).table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    table.advance(HOUR_BOUND);
    assert_eq!(
        warnings(&table.drain()),
        vec![(11 * MINUTE, White, MINUTE, MINUTE)]
    );
}

const HOUR_BOUND: Ms = 60 * MINUTE;

#[test]
fn a_warning_goes_to_the_player_and_the_arbiter_not_the_opponent() {
    let mut table = Table::new(&config("").table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    table.advance(3 * MINUTE);
    let outputs = table.drain();
    let said = says(&outputs);
    let warning = said
        .iter()
        .find(|(_, _, n)| matches!(n, Announcement::Warning { .. }))
        .unwrap();
    assert_eq!(warning.1, vec![Listener::White, Listener::Arbiter]);
}

#[test]
fn a_flag_alert_reaches_the_opponent_and_the_arbiter_only() {
    let mut table = Table::new(&config("").table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    table.advance(13 * MINUTE);
    let outputs = table.drain();
    let alarm = outputs.iter().find_map(|o| match o {
        TableOutput::Cue {
            cue: Cue::FlagAlarm,
            audience,
            ..
        } => Some(audience.listeners().to_vec()),
        _ => None,
    });
    assert_eq!(alarm, Some(vec![Listener::Black, Listener::Arbiter]));
    for (_, audience, notice) in says(&outputs) {
        if matches!(
            notice,
            Announcement::Flag { .. } | Announcement::Result { .. }
        ) {
            assert_eq!(
                audience,
                vec![Listener::Black, Listener::Arbiter],
                "{notice:?}"
            );
        }
    }
}

#[test]
fn a_query_reaches_only_the_asker_and_the_flagged_player_hears_zero() {
    let mut table = Table::new(
        &config("[announce]\nopponent_time_on_query = true").table_settings(),
        0,
    );
    table.handle(0, Request::Game(Input::Start));
    table.handle(13 * MINUTE, Request::Game(Input::Query(White)));
    let said = says(&table.drain());
    let to_white: Vec<&Announcement> = said
        .iter()
        .filter(|(_, a, _)| a == &vec![Listener::White])
        .map(|(_, _, n)| n)
        .collect();
    assert_eq!(
        to_white,
        vec![
            &Announcement::TimeReadout {
                side: White,
                remaining_ms: 0,
                moves_made: None,
                moves_to_control: None
            },
            &Announcement::OpponentTime {
                side: Black,
                remaining_ms: 12 * MINUTE
            }
        ]
    );
}

#[test]
fn tournament_mode_never_reminds_and_refuses_a_reminder_setting() {
    let err = Config::parse(
        "mode = \"tournament\"\n[[time_control.stage]]\ntime = \"5:00\"\n[announce]\nremind_after = \"1:00\"\n",
        "t.toml",
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("t.toml:5:16: `remind_after` is for practice only"),
        "{err}"
    );
}

#[test]
fn practice_mode_reminds_once_per_turn_after_the_configured_time() {
    let text = "mode = \"practice\"\n[[time_control.stage]]\ntime = \"5:00\"\n\
                [announce]\nremind_after = \"1:00\"\n[players.white]\nvision = \"sighted\"\n\
                [players.black]\nvision = \"sighted\"\n";
    let mut table = Table::new(&config_text(text).table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    table.handle(30 * SECOND, Request::Game(Input::Pause));
    table.handle(90 * SECOND, Request::Game(Input::Resume));
    table.handle(3 * MINUTE, Request::Game(Input::Press(White)));
    table.advance(3 * MINUTE + 50 * SECOND);
    let reminders: Vec<(Ms, Vec<Listener>)> = says(&table.drain())
        .into_iter()
        .filter(|(_, _, n)| matches!(n, Announcement::Reminder { .. }))
        .map(|(at, a, _)| (at, a))
        .collect();
    assert_eq!(
        reminders,
        vec![(2 * MINUTE, vec![Listener::White])],
        "a pause does not count"
    );
}

#[test]
fn practice_to_all_sends_everything_to_everyone() {
    let text = "mode = \"practice\"\n[[time_control.stage]]\ntime = \"11:00\"\n\
                [announce]\npractice_to_all = true\n";
    let mut table = Table::new(&config_text(text).table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    table.advance(2 * MINUTE);
    let outputs = table.drain();
    assert!(says(&outputs)
        .iter()
        .all(|(_, a, _)| a == &vec![Listener::All]));
    assert_eq!(warnings(&outputs).len(), 1);
}

#[test]
fn countdown_and_flag_rising_ticks_go_to_the_player_only() {
    let text = "[[time_control.stage]]\ntime = \"3:00\"\n\
                [players.white]\nvision = \"sighted\"\ncountdown = 3\nflag_rising_cue = true\n";
    let mut table = Table::new(&config_text(text).table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    table.advance(4 * MINUTE);
    let outputs = table.drain();
    let ticks: Vec<Ms> = outputs
        .iter()
        .filter_map(|o| match o {
            TableOutput::Cue {
                cue: Cue::FlagRising,
                at_ms,
                audience,
                ..
            } => {
                assert_eq!(audience.listeners(), &[Listener::White]);
                Some(*at_ms)
            }
            _ => None,
        })
        .collect();
    assert_eq!(ticks.len(), 21);
    assert_eq!(ticks[0], MINUTE, "2:00 left");
    assert_eq!(ticks[11], 3 * MINUTE - 10 * SECOND, "0:10 left");
    assert_eq!(ticks[20], 3 * MINUTE - SECOND, "0:01 left");
    let countdown: Vec<Ms> = says(&outputs)
        .into_iter()
        .filter_map(|(at, a, n)| match n {
            Announcement::Countdown { remaining_ms, .. } => {
                assert_eq!(a, vec![Listener::White]);
                assert_eq!(at + remaining_ms, 3 * MINUTE);
                Some(remaining_ms)
            }
            _ => None,
        })
        .collect();
    assert_eq!(countdown, vec![3 * SECOND, 2 * SECOND, SECOND]);
}

#[test]
fn moves_to_control_is_said_at_the_configured_counts() {
    let text = "[[time_control.stage]]\nmoves = 3\ntime = \"10:00\"\n[[time_control.stage]]\ntime = \"5:00\"\n\
                [announce]\nmoves_to_control = [2, 1]\nmoves = [\"white\", \"black\"]\n\
                [players.white]\nvision = \"sighted\"\n[players.black]\nvision = \"sighted\"\n";
    let mut table = Table::new(&config_text(text).table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    let mut t = 0;
    for _ in 0..3 {
        t += SECOND;
        table.handle(t, Request::Game(Input::Press(White)));
        t += SECOND;
        table.handle(t, Request::Game(Input::Press(Black)));
    }
    let said = says(&table.drain());
    let to_white: Vec<u32> = said
        .iter()
        .filter_map(|(_, a, n)| match n {
            Announcement::MovesToControl { side: White, moves } => {
                assert_eq!(a, &vec![Listener::White]);
                Some(*moves)
            }
            _ => None,
        })
        .collect();
    assert_eq!(to_white, vec![2, 1]);
    let moves_said = said
        .iter()
        .filter(|(_, a, n)| {
            matches!(n, Announcement::Move { .. }) && a == &vec![Listener::White, Listener::Black]
        })
        .count();
    assert_eq!(moves_said, 6);
}

#[test]
fn a_clock_check_goes_to_the_one_who_asked() {
    let mut table = Table::new(&config("").table_settings(), 0);
    table.handle(0, Request::ClockCheck(Listener::Black));
    let said = says(&table.drain());
    assert_eq!(
        said,
        vec![(
            0,
            vec![Listener::Black],
            Announcement::ClockCheck {
                rules: crate::clock::Rules::RussianDraughts,
                stages: stage_infos(table.game().control()),
                white_ms: 12 * MINUTE,
                black_ms: 12 * MINUTE,
                end: crate::speech::ControlEnd::Flag,
            }
        )]
    );
}

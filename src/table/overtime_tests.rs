//! Tests of the table with an overtime: warnings, countdown and ticks are given in main time
//! only, never again for each period; entering overtime and each byo-yomi period used up are
//! told to the player and the arbiter; the flag alert only when the last period runs out.

use super::*;
use crate::clock::{Input, SECOND};
use crate::config::Config;
use Side::White;

fn byoyomi_table() -> Table {
    let text = "mode = \"tournament\"\n[[time_control.stage]]\ntime = \"0:30\"\n\
        [time_control.overtime]\nkind = \"byoyomi\"\nperiods = 3\ntime = \"0:20\"\n\
        [players.white]\nvision = \"sighted\"\nextra_warnings = [\"0:15\"]\ncountdown = 3\n\
        flag_rising_cue = true\n[players.black]\nvision = \"sighted\"\n";
    let config = Config::parse(text, "test").unwrap_or_else(|e| panic!("{e}"));
    let mut table = Table::new(&config.table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    table
}

#[test]
fn warnings_countdown_and_ticks_are_not_given_again_for_each_period() {
    let mut table = byoyomi_table();
    // Main time 0:30, then three periods of 0:20: White's flag falls at 1:30.
    table.advance(2 * 60 * SECOND);
    let outputs = table.drain();
    let in_overtime = |at: Ms| at > 30 * SECOND;
    let warnings: Vec<Ms> = outputs
        .iter()
        .filter_map(|o| match o {
            TableOutput::Warning { at_ms, .. } => Some(*at_ms),
            _ => None,
        })
        .collect();
    assert_eq!(warnings, vec![15 * SECOND]);
    let late: Vec<&TableOutput> = outputs
        .iter()
        .filter(|o| in_overtime(o.at_ms()))
        .filter(|o| match o {
            TableOutput::Say { notice, .. } => {
                matches!(
                    notice,
                    Announcement::Countdown { .. } | Announcement::Warning { .. }
                )
            }
            TableOutput::Cue { cue, .. } => *cue == Cue::FlagRising,
            _ => false,
        })
        .collect();
    assert!(late.is_empty(), "{late:?}");
    let countdown = outputs
        .iter()
        .filter(|o| {
            matches!(
                o,
                TableOutput::Say {
                    notice: Announcement::Countdown { .. },
                    ..
                }
            )
        })
        .count();
    assert_eq!(countdown, 3, "3, 2, 1 once, before main time runs out");
}

#[test]
fn overtime_is_told_to_the_player_and_the_arbiter_and_the_flag_alert_comes_after_the_last_period() {
    let mut table = byoyomi_table();
    table.advance(2 * 60 * SECOND);
    let outputs = table.drain();
    let told: Vec<(Ms, Vec<Listener>)> = outputs
        .iter()
        .filter_map(|o| match o {
            TableOutput::Say {
                at_ms,
                audience,
                notice: Announcement::Overtime { side: White, .. },
            } => Some((*at_ms, audience.listeners().to_vec())),
            _ => None,
        })
        .collect();
    let both = vec![Listener::White, Listener::Arbiter];
    assert_eq!(
        told,
        vec![
            (30 * SECOND, both.clone()),
            (50 * SECOND, both.clone()),
            (70 * SECOND, both),
        ]
    );
    let alarms: Vec<Ms> = outputs
        .iter()
        .filter_map(|o| match o {
            TableOutput::Cue {
                at_ms,
                cue: Cue::FlagAlarm,
                ..
            } => Some(*at_ms),
            _ => None,
        })
        .collect();
    assert_eq!(alarms, vec![90 * SECOND]);
}

/// On an upcount clock `remaining` is the time used: a reload mid-game armed every mark below
/// it, and each fired at once as a bogus warning.
#[test]
fn an_upcount_clock_reloaded_mid_game_gives_no_warnings() {
    let text = "[time_control]\nupcount = true\n[players.white]\nvision = \"totally_blind\"\n\
        extra_warnings = [\"0:30\"]\ncountdown = 5\n[players.black]\nvision = \"low_vision\"\n";
    let config = Config::parse(text, "test").unwrap_or_else(|e| panic!("{e}"));
    let mut table = Table::new(&config.table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    table.handle(20 * 60 * SECOND, Request::Game(Input::Pause));
    table
        .reconfigure(&config.table_settings())
        .expect("the same control");
    table.handle(20 * 60 * SECOND, Request::Game(Input::Resume));
    assert_eq!(table.next_deadline(), None);
    table.advance(60 * 60 * SECOND);
    let spoken = table.drain().into_iter().any(|o| {
        matches!(
            o,
            TableOutput::Warning { .. }
                | TableOutput::Say {
                    notice: Announcement::Countdown { .. },
                    ..
                }
        )
    });
    assert!(!spoken);
}

#[test]
fn the_opponents_time_on_query_says_his_phase_with_an_overtime() {
    let text = "[[time_control.stage]]\ntime = \"0:30\"\n\
        [time_control.overtime]\nkind = \"byoyomi\"\nperiods = 3\ntime = \"0:20\"\n\
        [announce]\nopponent_time_on_query = true\n";
    let config = Config::parse(text, "test").unwrap_or_else(|e| panic!("{e}"));
    let mut table = Table::new(&config.table_settings(), 0);
    table.handle(0, Request::Game(Input::Start));
    table.handle(35 * SECOND, Request::Game(Input::Query(Side::Black)));
    let said: Vec<Announcement> = table
        .drain()
        .into_iter()
        .filter_map(|o| match o {
            TableOutput::Say { at_ms, notice, .. } if at_ms == 35 * SECOND => Some(notice),
            _ => None,
        })
        .collect();
    assert_eq!(
        said,
        vec![
            Announcement::PhaseReadout {
                side: Side::Black,
                remaining_ms: 30 * SECOND,
                phase: crate::speech::ClockPhase::MainTime,
            },
            Announcement::PhaseReadout {
                side: White,
                remaining_ms: 15 * SECOND,
                phase: crate::speech::ClockPhase::Byoyomi { periods_left: 3 },
            },
        ]
    );
}

//! Who hears what under each rule profile: under `fide` a flag goes to the arbiter (and the
//! opponent only if configured), no warning is given unless configured, the time button
//! also tells the moves made, and a clock check names the rules.

use super::*;
use crate::clock::{Input, Rules, MINUTE, SECOND};
use crate::config::Config;

use Side::{Black, White};

fn table(rules: &str, announce: &str) -> Table {
    let text = format!(
        "mode = \"tournament\"\nrules = \"{rules}\"\n[[time_control.stage]]\ntime = \"12:00\"\n\
         [players.white]\nvision = \"totally_blind\"\n[players.black]\nvision = \"low_vision\"\n\
         [announce]\n{announce}\n"
    );
    let config = Config::parse(&text, "test").unwrap_or_else(|e| panic!("{e}"));
    Table::new(&config.table_settings(), 0)
}

/// Everything said or cued, with its listeners.
fn heard(outputs: &[TableOutput]) -> Vec<(Vec<Listener>, String)> {
    outputs
        .iter()
        .filter_map(|o| match o {
            TableOutput::Say {
                audience, notice, ..
            } => Some((audience.listeners().to_vec(), format!("{notice:?}"))),
            TableOutput::Cue { audience, cue, .. } => {
                Some((audience.listeners().to_vec(), format!("{cue:?}")))
            }
            _ => None,
        })
        .collect()
}

/// White's flag at 12:00, with nobody pressing: who hears the flag, its cue and the result.
fn flag_listeners(table: &mut Table) -> Vec<Vec<Listener>> {
    table.handle(0, Request::Game(Input::Start));
    table.drain();
    table.advance(13 * MINUTE);
    let outputs = table.drain();
    assert!(
        outputs
            .iter()
            .all(|o| !matches!(o, TableOutput::Warning { .. })),
        "{outputs:?}"
    );
    heard(&outputs).into_iter().map(|(l, _)| l).collect()
}

#[test]
fn under_fide_only_the_arbiter_hears_a_flag_and_nobody_is_warned() {
    let mut fide = table("fide", "");
    let listeners = flag_listeners(&mut fide);
    assert_eq!(listeners.len(), 3, "cue, flag, result: {listeners:?}");
    assert!(listeners.iter().all(|l| l == &vec![Listener::Arbiter]));
}

#[test]
fn under_fide_the_opponent_hears_a_flag_when_configured() {
    let mut fide = table("fide", "flag_to_opponent = true");
    let listeners = flag_listeners(&mut fide);
    assert_eq!(listeners.len(), 3, "{listeners:?}");
    assert!(listeners
        .iter()
        .all(|l| l == &vec![Listener::Black, Listener::Arbiter]));
}

#[test]
fn under_draughts_the_opponent_hears_the_flag_and_each_player_his_warning() {
    let mut draughts = table("russian-draughts", "");
    draughts.handle(0, Request::Game(Input::Start));
    draughts.advance(13 * MINUTE);
    let outputs = draughts.drain();
    let warned: Vec<Side> = outputs
        .iter()
        .filter_map(|o| match o {
            TableOutput::Warning { side, .. } => Some(*side),
            _ => None,
        })
        .collect();
    assert_eq!(
        warned,
        vec![White],
        "White's 10:00 (Black's clock never ran)"
    );
    let flag = heard(&outputs)
        .into_iter()
        .find(|(_, what)| what.starts_with("Flag"));
    assert_eq!(
        flag.map(|(l, _)| l),
        Some(vec![Listener::Black, Listener::Arbiter])
    );
}

#[test]
fn under_fide_the_time_button_tells_the_moves_made() {
    let mut fide = table("fide", "");
    fide.handle(0, Request::Game(Input::Start));
    fide.handle(SECOND, Request::Game(Input::Press(White)));
    fide.handle(2 * SECOND, Request::Game(Input::Press(Black)));
    fide.handle(3 * SECOND, Request::Game(Input::Press(White)));
    fide.drain();
    fide.handle(4 * SECOND, Request::Game(Input::Query(White)));
    let expected = Announcement::TimeReadout {
        side: White,
        remaining_ms: 12 * MINUTE - 2 * SECOND,
        moves_made: Some(2),
        moves_to_control: None,
    };
    assert_eq!(
        heard(&fide.drain()),
        vec![(vec![Listener::White], format!("{expected:?}"))]
    );
    // Under the draughts rules the time button tells the time alone.
    let mut draughts = table("russian-draughts", "");
    draughts.handle(0, Request::Game(Input::Start));
    draughts.drain();
    draughts.handle(SECOND, Request::Game(Input::Query(White)));
    let expected = Announcement::TimeReadout {
        side: White,
        remaining_ms: 12 * MINUTE - SECOND,
        moves_made: None,
        moves_to_control: None,
    };
    assert_eq!(
        heard(&draughts.drain()),
        vec![(vec![Listener::White], format!("{expected:?}"))]
    );
}

#[test]
fn under_fide_no_moves_to_the_control_are_said_unasked() {
    let text = "mode = \"tournament\"\nrules = \"fide\"\n[[time_control.stage]]\nmoves = 2\n\
                time = \"12:00\"\n[[time_control.stage]]\ntime = \"5:00\"\n";
    let config = Config::parse(text, "test").unwrap_or_else(|e| panic!("{e}"));
    let mut fide = Table::new(&config.table_settings(), 0);
    fide.handle(0, Request::Game(Input::Start));
    fide.handle(SECOND, Request::Game(Input::Press(White)));
    let said = heard(&fide.drain());
    assert!(
        said.iter()
            .all(|(_, what)| !what.starts_with("MovesToControl")),
        "{said:?}"
    );
}

#[test]
fn the_clock_check_names_the_rules_in_force() {
    for (name, rules) in [
        ("fide", Rules::Fide),
        ("russian-draughts", Rules::RussianDraughts),
    ] {
        let mut t = table(name, "");
        t.handle(0, Request::ClockCheck(Listener::Arbiter));
        let found = t.drain().into_iter().find_map(|o| match o {
            TableOutput::Say {
                notice: Announcement::ClockCheck { rules, .. },
                ..
            } => Some(rules),
            _ => None,
        });
        assert_eq!(found, Some(rules));
    }
}

#[test]
fn the_rules_of_a_game_in_progress_cannot_change_on_reload() {
    let mut t = table("fide", "");
    let text = "mode = \"tournament\"\n[[time_control.stage]]\ntime = \"12:00\"\n";
    let draughts = Config::parse(text, "test").unwrap_or_else(|e| panic!("{e}"));
    let refused = t.reconfigure(&draughts.table_settings());
    assert!(refused.is_err_and(|e| e.to_string().contains("rules")));
}

//! Unit tests of the clock's time arithmetic at its edges: an arbiter cannot give a side more
//! than 24 hours, and no input — however absurd (a typo, a damaged journal, an instant at the
//! end of the timeline) — makes a clock wrap, panic on overflow, or flag a side by accident.

use super::*;
use Side::{Black, White};

fn sudden_death(time: Ms) -> Game {
    let control = TimeControl::new(vec![Stage::new(None, time)], false).expect("a control");
    Game::new(GameSetup::new(control), 0)
}

/// A game whose sides start with these times (time odds), White's clock running from 0.
fn running_with(white: Ms, black: Ms, stage: Stage) -> Game {
    let control = TimeControl::new(vec![stage], false).expect("a control");
    let mut setup = GameSetup::new(control);
    setup.start_times = [white, black];
    let mut game = Game::new(setup, 0);
    game.handle(0, Input::Start);
    game.drain_events();
    game
}

fn events(game: &mut Game) -> Vec<Event> {
    game.drain_events().into_iter().map(|s| s.event).collect()
}

fn only_rejection(game: &mut Game) -> String {
    match events(game).as_slice() {
        [Event::Rejected { reason, .. }] => reason.clone(),
        other => panic!("expected one rejection, got {other:?}"),
    }
}

#[test]
fn an_adjust_beyond_24_hours_is_refused_and_changes_nothing() {
    let mut game = sudden_death(5 * MINUTE);
    game.handle(0, Input::Start);
    game.drain_events();
    game.handle(SECOND, Input::Adjust(White, 23 * HOUR + 59 * MINUTE));
    let reason = only_rejection(&mut game);
    assert_eq!(
        reason,
        "white would have 24:03:59, more than 24:00:00 (the most an arbiter can give a side)"
    );
    assert_eq!(game.remaining(White, SECOND), 5 * MINUTE - SECOND);
    assert_eq!(game.running(), Some(White));
}

#[test]
fn an_adjust_to_exactly_24_hours_is_allowed() {
    let mut game = sudden_death(HOUR);
    game.handle(0, Input::Adjust(Black, 23 * HOUR));
    assert_eq!(game.remaining(Black, 0), MAX_DURATION);
    game.handle(0, Input::Set(White, MAX_DURATION));
    assert_eq!(game.remaining(White, 0), MAX_DURATION);
}

#[test]
fn a_set_of_i64_max_is_refused_and_does_not_flag_the_running_side() {
    let mut game = sudden_death(5 * MINUTE);
    game.handle(0, Input::Start);
    game.drain_events();
    game.handle(100, Input::Set(White, Ms::MAX));
    only_rejection(&mut game);
    assert_eq!(game.phase(), Phase::Running(White));
    assert_eq!(game.next_deadline(), Some(5 * MINUTE));
    game.advance(MINUTE);
    assert_eq!(game.phase(), Phase::Running(White));
}

#[test]
fn an_adjust_of_i64_max_does_not_wrap_into_a_cut() {
    let mut game = sudden_death(5 * MINUTE);
    game.handle(0, Input::Start);
    game.drain_events();
    game.handle(0, Input::Adjust(White, Ms::MAX));
    only_rejection(&mut game);
    assert_eq!(game.remaining(White, 0), 5 * MINUTE);
}

#[test]
fn an_adjust_of_i64_min_is_a_clamped_cut_not_an_overflow() {
    let mut game = sudden_death(20 * MINUTE);
    game.handle(0, Input::Start);
    game.drain_events();
    game.handle(0, Input::Adjust(White, Ms::MIN));
    assert_eq!(
        events(&mut game),
        vec![Event::Adjust {
            side: White,
            old_ms: 20 * MINUTE,
            new_ms: MIN_AFTER_CUT,
            clamped: true,
        }]
    );
    assert_eq!(game.phase(), Phase::Running(White));
}

#[test]
fn a_side_above_24_hours_can_still_be_cut() {
    let mut game = running_with(30 * HOUR, HOUR, Stage::new(None, HOUR));
    game.handle(0, Input::Adjust(White, -HOUR));
    assert_eq!(game.remaining(White, 0), 29 * HOUR);
}

#[test]
fn an_instant_at_the_end_of_the_timeline_flags_without_overflow() {
    let mut game = sudden_death(5 * MINUTE);
    game.handle(0, Input::Start);
    assert_eq!(game.remaining(White, Ms::MAX), 5 * MINUTE - Ms::MAX);
    assert_eq!(game.remaining(White, Ms::MIN), 5 * MINUTE);
    game.advance(Ms::MAX);
    assert_eq!(game.phase(), Phase::Flagged(White));
    assert_eq!(game.anchor(), Ms::MAX);
}

#[test]
fn a_timeline_starting_at_i64_min_runs_without_overflow() {
    let control = TimeControl::new(vec![Stage::new(None, MINUTE)], false).expect("a control");
    let mut game = Game::new(GameSetup::new(control), Ms::MIN);
    game.handle(Ms::MIN, Input::Start);
    assert_eq!(game.remaining(White, Ms::MAX), MINUTE - Ms::MAX);
    game.advance(Ms::MAX);
    assert_eq!(game.phase(), Phase::Flagged(White));
}

#[test]
fn huge_start_times_saturate_instead_of_wrapping() {
    let mut stage = Stage::new(None, HOUR);
    stage.increment = 30 * SECOND;
    let mut game = running_with(Ms::MAX, Ms::MAX, stage);
    // Increment on top of the largest time: stays the largest, never wraps negative.
    game.handle(SECOND, Input::Press(White));
    assert_eq!(game.remaining(White, SECOND), Ms::MAX);
    // The deadline of a clock that large is the end of the timeline, not before now.
    assert_eq!(game.next_deadline(), Some(Ms::MAX));
    assert_eq!(game.phase(), Phase::Running(Black));
}

#[test]
fn an_hourglass_adds_to_a_huge_opponent_without_wrapping() {
    let control = TimeControl::new(vec![Stage::new(None, MINUTE)], true).expect("an hourglass");
    let mut setup = GameSetup::new(control);
    setup.start_times = [MINUTE, Ms::MAX];
    let mut game = Game::new(setup, 0);
    game.handle(0, Input::Start);
    assert_eq!(game.remaining(Black, 30 * SECOND), Ms::MAX);
    game.advance(30 * SECOND);
    assert_eq!(game.remaining(Black, 30 * SECOND), Ms::MAX);
}

#[test]
fn a_side_clock_saturates_at_its_edges() {
    let mut clock = side_clock::SideClock::new(Ms::MAX);
    clock.delay_left = 5 * SECOND;
    assert_eq!(clock.running_time_until(0), Some(Ms::MAX));
    assert_eq!(clock.charged(Ms::MAX), Ms::MAX - 5 * SECOND);
    clock.remaining = Ms::MIN + 1;
    clock.run_for(Ms::MAX);
    assert_eq!(clock.remaining, Ms::MIN);
    assert_eq!(clock.delay_left, 0);
    clock.run_for(Ms::MAX);
    assert_eq!(clock.turn_spent, Ms::MAX);
}

#[test]
fn an_instant_at_the_end_of_the_timeline_uses_up_every_period_and_flags_once() {
    let overtime = Overtime::Byoyomi {
        periods: overtime::MAX_PERIODS,
        time: 1,
    };
    let control = TimeControl::new(vec![Stage::new(None, MINUTE)], false)
        .and_then(|c| c.with_overtime(overtime))
        .expect("a control");
    let mut game = Game::new(GameSetup::new(control), 0);
    game.handle(0, Input::Start);
    game.advance(Ms::MAX);
    let events = events(&mut game);
    let periods = events
        .iter()
        .filter(|e| matches!(e, Event::Overtime { .. }))
        .count();
    let flags = events
        .iter()
        .filter(|e| matches!(e, Event::Flag { .. }))
        .count();
    assert_eq!((periods, flags), (overtime::MAX_PERIODS as usize, 1));
    assert_eq!(game.phase(), Phase::Flagged(White));
}

#[test]
fn an_overtime_of_more_periods_than_the_bound_is_refused() {
    let control = TimeControl::new(vec![Stage::new(None, MINUTE)], false).expect("a control");
    let too_many = Overtime::Byoyomi {
        periods: u32::MAX,
        time: SECOND,
    };
    assert_eq!(
        control.with_overtime(too_many),
        Err(ControlError::OvertimeTooMany(
            "periods",
            overtime::MAX_PERIODS
        ))
    );
}

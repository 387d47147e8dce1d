//! Unit tests of overtime and upcount in the game: one or more per rule (see `overtime.rs`
//! and the README's "The rules the core applies").

use super::*;
use Side::{Black, White};

const BYO: Overtime = Overtime::Byoyomi {
    periods: 3,
    time: 10 * SECOND,
};
const CANADIAN: Overtime = Overtime::Canadian {
    moves: 2,
    time: 20 * SECOND,
};

/// A game of `main` time to the end, then `overtime`, White's clock running from 0.
fn started(main: Stage, overtime: Overtime) -> Game {
    let control = TimeControl::new(vec![main], false)
        .and_then(|c| c.with_overtime(overtime))
        .expect("a control with overtime");
    let mut game = Game::new(GameSetup::new(control), 0);
    game.handle(0, Input::Start);
    game.drain_events();
    game
}

fn minute_then(overtime: Overtime) -> Game {
    started(Stage::new(None, MINUTE), overtime)
}

fn stamped(game: &mut Game) -> Vec<(Ms, Event)> {
    game.drain_events()
        .into_iter()
        .map(|s| (s.at_ms, s.event))
        .collect()
}

fn byo(period: u32, periods_left: u32) -> OvertimeState {
    OvertimeState {
        period,
        periods_left: Some(periods_left),
        moves_left: None,
    }
}

fn canadian(period: u32, moves_left: u32) -> OvertimeState {
    OvertimeState {
        period,
        periods_left: None,
        moves_left: Some(moves_left),
    }
}

fn overtime_event(side: Side, state: OvertimeState, kind: OvertimeKind) -> Event {
    Event::Overtime { side, kind, state }
}

#[test]
fn main_time_running_out_enters_period_one_at_its_own_instant_even_when_woken_late() {
    let mut game = minute_then(BYO);
    assert_eq!(game.next_deadline(), Some(MINUTE));
    game.advance(MINUTE + 3_456);
    assert_eq!(
        stamped(&mut game),
        vec![(
            MINUTE,
            overtime_event(White, byo(1, 3), OvertimeKind::Byoyomi)
        )]
    );
    assert_eq!(game.remaining(White, MINUTE + 3_456), 10 * SECOND - 3_456);
    assert_eq!(game.overtime(White), Some(byo(1, 3)));
    assert_eq!(game.overtime(Black), None);
    assert_eq!(game.next_deadline(), Some(MINUTE + 10 * SECOND));
}

#[test]
fn a_byoyomi_move_within_a_period_refills_it_and_keeps_the_count() {
    let mut game = minute_then(BYO);
    game.handle(MINUTE + 7 * SECOND, Input::Press(White));
    let events = stamped(&mut game);
    assert_eq!(
        events[1].1,
        Event::Press {
            side: White,
            move_number: 1,
            white_ms: 10 * SECOND,
            black_ms: MINUTE,
        }
    );
    assert_eq!(game.overtime(White), Some(byo(1, 3)));
}

#[test]
fn a_byoyomi_period_that_runs_out_is_used_up_and_the_next_begins_at_once() {
    let mut game = minute_then(BYO);
    game.advance(MINUTE + 25 * SECOND);
    assert_eq!(
        stamped(&mut game),
        vec![
            (
                MINUTE,
                overtime_event(White, byo(1, 3), OvertimeKind::Byoyomi)
            ),
            (
                MINUTE + 10 * SECOND,
                overtime_event(White, byo(2, 2), OvertimeKind::Byoyomi)
            ),
            (
                MINUTE + 20 * SECOND,
                overtime_event(White, byo(3, 1), OvertimeKind::Byoyomi)
            ),
        ]
    );
    assert_eq!(game.remaining(White, MINUTE + 25 * SECOND), 5 * SECOND);
}

#[test]
fn a_press_at_the_instant_a_period_runs_out_is_too_late_for_that_period() {
    let mut game = minute_then(BYO);
    game.handle(MINUTE + 10 * SECOND, Input::Press(White));
    let events = stamped(&mut game);
    assert_eq!(
        events[1],
        (
            MINUTE + 10 * SECOND,
            overtime_event(White, byo(2, 2), OvertimeKind::Byoyomi)
        )
    );
    assert!(matches!(events[2].1, Event::Press { white_ms, .. } if white_ms == 10 * SECOND));
    assert_eq!(game.overtime(White), Some(byo(2, 2)));
}

#[test]
fn the_byoyomi_flag_falls_once_when_the_last_period_runs_out() {
    let mut game = minute_then(BYO);
    game.advance(10 * MINUTE);
    let events = stamped(&mut game);
    let flags: Vec<_> = events
        .iter()
        .filter(|(_, e)| matches!(e, Event::Flag { .. }))
        .collect();
    assert_eq!(
        flags,
        vec![&(MINUTE + 30 * SECOND, Event::Flag { side: White })]
    );
    assert_eq!(game.phase(), Phase::Flagged(White));
    assert_eq!(game.remaining(White, 10 * MINUTE), 0);
    assert_eq!(game.overtime(White), Some(byo(3, 1)));
    game.handle(10 * MINUTE, Input::Press(White));
    assert_eq!(
        stamped(&mut game),
        vec![(10 * MINUTE, Event::IgnoredPress { side: White })]
    );
}

#[test]
fn there_is_no_increment_or_delay_in_overtime() {
    let mut main = Stage::new(None, MINUTE);
    main.increment = 5 * SECOND;
    let mut game = started(main, BYO);
    game.handle(MINUTE + 2 * SECOND, Input::Press(White));
    assert_eq!(game.remaining(White, MINUTE + 2 * SECOND), 10 * SECOND);
    let mut main = Stage::new(None, MINUTE);
    main.delay = Some((DelayKind::Simple, 3 * SECOND));
    let mut game = started(main, CANADIAN);
    // The main time's own delay holds the clock 3 s first.
    assert_eq!(game.next_deadline(), Some(MINUTE + 3 * SECOND));
    game.advance(MINUTE + 3 * SECOND);
    game.handle(MINUTE + 4 * SECOND, Input::Press(White));
    game.handle(MINUTE + 5 * SECOND, Input::Press(Black));
    // White's next turn in overtime has no delay: his period runs down at once.
    assert_eq!(
        game.remaining(White, MINUTE + 6 * SECOND),
        20 * SECOND - 2 * SECOND
    );
}

#[test]
fn canadian_moves_made_in_time_start_a_fresh_period_without_carrying_what_was_left() {
    let mut game = minute_then(CANADIAN);
    game.advance(MINUTE);
    assert_eq!(
        stamped(&mut game),
        vec![(
            MINUTE,
            overtime_event(White, canadian(1, 2), OvertimeKind::Canadian)
        )]
    );
    game.handle(MINUTE + 5 * SECOND, Input::Press(White));
    assert_eq!(game.remaining(White, MINUTE + 5 * SECOND), 15 * SECOND);
    assert_eq!(game.overtime(White), Some(canadian(1, 1)));
    game.handle(MINUTE + 6 * SECOND, Input::Press(Black));
    game.handle(MINUTE + 8 * SECOND, Input::Press(White));
    assert_eq!(game.remaining(White, MINUTE + 8 * SECOND), 20 * SECOND);
    assert_eq!(game.overtime(White), Some(canadian(2, 2)));
    // No overtime line for a fresh Canadian period: the press shows the full period.
    assert!(!stamped(&mut game)
        .iter()
        .any(|(_, e)| matches!(e, Event::Overtime { .. })));
}

#[test]
fn a_canadian_period_that_runs_out_before_its_moves_is_the_flag() {
    let mut game = minute_then(CANADIAN);
    game.handle(MINUTE + 5 * SECOND, Input::Press(White));
    game.handle(MINUTE + 6 * SECOND, Input::Press(Black));
    game.drain_events();
    // 15 s left for one more move, from MINUTE + 6 s.
    assert_eq!(game.next_deadline(), Some(MINUTE + 21 * SECOND));
    game.handle(MINUTE + 21 * SECOND, Input::Press(White));
    let events = stamped(&mut game);
    assert_eq!(
        events[0],
        (MINUTE + 21 * SECOND, Event::Flag { side: White })
    );
    assert_eq!(game.phase(), Phase::Flagged(White));
}

#[test]
fn a_query_in_overtime_tells_the_period_and_in_main_time_nothing() {
    let mut game = minute_then(BYO);
    game.handle(30 * SECOND, Input::Query(White));
    assert!(matches!(
        stamped(&mut game)[0].1,
        Event::Query { overtime: None, remaining_ms, .. } if remaining_ms == 30 * SECOND
    ));
    game.handle(MINUTE + 14 * SECOND, Input::Query(White));
    let events = stamped(&mut game);
    assert_eq!(
        events.last().map(|e| &e.1),
        Some(&Event::Query {
            side: White,
            remaining_ms: 6 * SECOND,
            opponent_ms: MINUTE,
            moves_to_control: None,
            overtime: Some(byo(2, 2)),
        })
    );
}

fn upcount_game() -> Game {
    let mut game = Game::new(GameSetup::new(TimeControl::upcount()), 0);
    game.handle(0, Input::Start);
    game.drain_events();
    game
}

#[test]
fn upcount_time_counts_up_from_zero_and_no_flag_ever_falls() {
    let mut game = upcount_game();
    assert_eq!(game.remaining(White, 0), 0);
    assert_eq!(game.remaining(White, 12_500), 12_500);
    assert_eq!(game.next_deadline(), None);
    assert_eq!(game.instant_when(White, 0), None);
    game.handle(12_500, Input::Press(White));
    game.advance(MAX_DURATION);
    assert_eq!(game.phase(), Phase::Running(Black));
    assert_eq!(game.remaining(White, MAX_DURATION), 12_500);
    assert_eq!(game.remaining(Black, MAX_DURATION), MAX_DURATION - 12_500);
    let events = stamped(&mut game);
    assert_eq!(
        events[0].1,
        Event::Press {
            side: White,
            move_number: 1,
            white_ms: 12_500,
            black_ms: 0,
        }
    );
    game.advance(Ms::MAX);
    assert_eq!(game.remaining(Black, Ms::MAX), Ms::MAX - 12_500);
}

#[test]
fn upcount_does_not_count_a_pause() {
    let mut game = upcount_game();
    game.handle(10 * SECOND, Input::Pause);
    game.handle(MINUTE, Input::Resume);
    assert_eq!(game.remaining(White, MINUTE + SECOND), 11 * SECOND);
}

#[test]
fn upcount_refuses_set_and_adjust() {
    let mut game = upcount_game();
    game.handle(SECOND, Input::Adjust(White, MINUTE));
    game.handle(SECOND, Input::Set(Black, MINUTE));
    let events = stamped(&mut game);
    assert_eq!(events.len(), 2);
    assert!(events
        .iter()
        .all(|(_, e)| matches!(e, Event::Rejected { .. })));
    assert_eq!(game.remaining(Black, SECOND), 0);
}

#[test]
fn overtime_needs_a_last_stage_to_the_end_without_an_hourglass_and_positive_counts() {
    let forty = vec![Stage::new(Some(40), MINUTE), Stage::new(None, MINUTE)];
    let ok = TimeControl::new(forty, false).expect("a control");
    assert!(ok.clone().with_overtime(BYO).is_ok());
    let mut repeating = Stage::new(Some(40), MINUTE);
    repeating.repeat = true;
    assert_eq!(
        TimeControl::overtime_problems(&[repeating], false, &BYO),
        vec![ControlError::OvertimeAfterMoves]
    );
    assert_eq!(
        TimeControl::overtime_problems(&[Stage::new(None, MINUTE)], true, &CANADIAN),
        vec![ControlError::OvertimeHourglass]
    );
    let none = Overtime::Byoyomi {
        periods: 0,
        time: 0,
    };
    assert_eq!(
        TimeControl::overtime_problems(ok.stages(), false, &none),
        vec![
            ControlError::OvertimeZeroCount("periods"),
            ControlError::OvertimeZeroTime
        ]
    );
    let no_moves = Overtime::Canadian {
        moves: 0,
        time: SECOND,
    };
    assert_eq!(
        ok.with_overtime(no_moves),
        Err(ControlError::OvertimeZeroCount("moves"))
    );
}

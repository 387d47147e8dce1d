//! The rule profiles in the core: the floor under an arbiter's cut (1.7.8 against FIDE 6.10.1
//! and 7.1) and the draughts-only rulings (1.7.12, 1.7.13).

use super::*;

use Side::{Black, White};

fn game(rules: Rules, time: Ms) -> Game {
    let control = TimeControl::new(vec![Stage::new(None, time)], false).expect("a control");
    let mut setup = GameSetup::new(control);
    setup.rules = rules;
    let mut game = Game::new(setup, 0);
    game.handle(0, Input::Start);
    game.drain_events();
    game
}

fn events(game: &mut Game) -> Vec<Event> {
    game.drain_events().into_iter().map(|s| s.event).collect()
}

#[test]
fn a_draughts_cut_stops_at_15_minutes_rule_1_7_8() {
    let mut game = game(Rules::RussianDraughts, HOUR);
    game.handle(0, Input::Set(White, 5 * MINUTE));
    assert_eq!(
        events(&mut game),
        vec![Event::Adjust {
            side: White,
            old_ms: HOUR,
            new_ms: MIN_AFTER_CUT,
            clamped: true,
        }]
    );
}

#[test]
fn a_fide_cut_has_no_floor_6_10_1() {
    let mut game = game(Rules::Fide, HOUR);
    game.handle(0, Input::Set(White, 5 * MINUTE));
    game.handle(0, Input::Adjust(Black, -(HOUR - 30 * SECOND)));
    assert_eq!(
        events(&mut game),
        vec![
            Event::Adjust {
                side: White,
                old_ms: HOUR,
                new_ms: 5 * MINUTE,
                clamped: false,
            },
            Event::Adjust {
                side: Black,
                old_ms: HOUR,
                new_ms: 30 * SECOND,
                clamped: false,
            },
        ]
    );
    assert_eq!(game.remaining(White, 0), 5 * MINUTE);
}

#[test]
fn a_fide_cut_to_zero_of_the_running_side_is_its_flag() {
    let mut game = game(Rules::Fide, HOUR);
    game.handle(0, Input::Set(White, 0));
    assert_eq!(game.phase(), Phase::Flagged(White));
}

/// `adjust white -24:00:00` under `fide` left White −23:55 (a status of `white_ms: -86100247`):
/// a cut stops at nothing, and says it was limited.
#[test]
fn a_fide_cut_below_zero_leaves_nothing_not_negative_time() {
    let mut game = game(Rules::Fide, 5 * MINUTE);
    game.handle(0, Input::Adjust(Black, -24 * HOUR));
    assert_eq!(
        events(&mut game),
        vec![Event::Adjust {
            side: Black,
            old_ms: 5 * MINUTE,
            new_ms: 0,
            clamped: true,
        }]
    );
    assert_eq!(game.remaining(Black, 0), 0);
    // The running side's cut below zero is its flag, at nothing.
    game.handle(0, Input::Adjust(White, -24 * HOUR));
    assert_eq!(game.phase(), Phase::Flagged(White));
    assert_eq!(game.remaining(White, 0), 0);
}

#[test]
fn fide_refuses_the_draughts_rulings_with_the_rule_named() {
    let mut game = game(Rules::Fide, MINUTE);
    game.handle(SECOND, Input::Stop(White));
    game.drain_events();
    game.handle(2 * SECOND, Input::Ruling(Ruling::Draw));
    let refused = events(&mut game);
    let [Event::Rejected { reason, .. }] = refused.as_slice() else {
        panic!("{refused:?}")
    };
    assert!(
        reason.contains("1.7.13") && reason.contains("FIDE"),
        "{reason}"
    );
    assert_eq!(game.result().map(|r| r.reason), Some(Reason::Resignation));
    // A misunderstanding is still the arbiter's to rule.
    game.handle(3 * SECOND, Input::Ruling(Ruling::Misunderstanding));
    assert_eq!(game.running(), Some(White));

    game.advance(2 * MINUTE);
    assert_eq!(game.phase(), Phase::Flagged(White));
    game.drain_events();
    game.handle(2 * MINUTE, Input::Ruling(Ruling::NoMoves(White)));
    let refused = events(&mut game);
    let [Event::Rejected { reason, .. }] = refused.as_slice() else {
        panic!("{refused:?}")
    };
    assert!(reason.contains("1.7.12"), "{reason}");
    assert_eq!(game.result().map(|r| r.reason), Some(Reason::TimeForfeit));
}

#[test]
fn draughts_keeps_its_rulings() {
    let mut game = game(Rules::RussianDraughts, MINUTE);
    game.handle(SECOND, Input::Stop(White));
    game.handle(2 * SECOND, Input::Ruling(Ruling::Draw));
    assert_eq!(game.result().map(|r| r.reason), Some(Reason::Draw1713));
}

//! Unit tests of the clock core: one or more per rule the core implements.

use super::*;

fn stage(moves: Option<u32>, time: Ms) -> Stage {
    Stage::new(moves, time)
}

fn game_with(stages: Vec<Stage>) -> Game {
    Game::new(GameSetup::new(TimeControl::new(stages, false).unwrap()), 0)
}

fn sudden_death(time: Ms) -> Game {
    game_with(vec![stage(None, time)])
}

fn events(game: &mut Game) -> Vec<Event> {
    game.drain_events().into_iter().map(|s| s.event).collect()
}

fn stamped(game: &mut Game) -> Vec<(Ms, Event)> {
    game.drain_events()
        .into_iter()
        .map(|s| (s.at_ms, s.event))
        .collect()
}

use Side::{Black, White};

#[test]
fn start_runs_the_first_sides_clock_only() {
    let mut game = sudden_death(5 * MINUTE);
    game.handle(0, Input::Start);
    assert_eq!(game.running(), Some(White));
    assert_eq!(game.remaining(White, 10 * SECOND), 5 * MINUTE - 10 * SECOND);
    assert_eq!(game.remaining(Black, 10 * SECOND), 5 * MINUTE);
    assert_eq!(events(&mut game), vec![Event::Start { side: White }]);
}

#[test]
fn black_can_be_configured_to_start() {
    let control = TimeControl::new(vec![stage(None, MINUTE)], false).unwrap();
    let mut setup = GameSetup::new(control);
    setup.first = Black;
    let mut game = Game::new(setup, 0);
    game.handle(0, Input::Start);
    assert_eq!(game.running(), Some(Black));
}

#[test]
fn a_press_stops_the_presser_and_starts_the_opponent_at_the_same_instant() {
    let mut game = sudden_death(5 * MINUTE);
    game.handle(0, Input::Start);
    game.handle(7_250, Input::Press(White));
    assert_eq!(game.running(), Some(Black));
    assert_eq!(game.remaining(White, 60_000), 5 * MINUTE - 7_250);
    assert_eq!(game.remaining(Black, 60_000), 5 * MINUTE - (60_000 - 7_250));
    let evs = events(&mut game);
    assert_eq!(
        evs[1],
        Event::Press {
            side: White,
            move_number: 1,
            white_ms: 5 * MINUTE - 7_250,
            black_ms: 5 * MINUTE
        }
    );
}

#[test]
fn a_press_by_the_side_not_running_changes_nothing_rule_1_7_6() {
    let mut game = sudden_death(5 * MINUTE);
    game.handle(0, Input::Press(White));
    assert_eq!(game.phase(), Phase::NotStarted);
    game.handle(0, Input::Start);
    game.drain_events();
    game.handle(1_000, Input::Press(Black));
    assert_eq!(game.running(), Some(White));
    assert_eq!(game.moves(Black), 0);
    assert_eq!(events(&mut game), vec![Event::IgnoredPress { side: Black }]);
}

#[test]
fn the_flag_falls_at_the_exact_instant_of_zero_even_when_woken_late() {
    let mut game = sudden_death(MINUTE);
    game.handle(0, Input::Start);
    game.handle(20_000, Input::Press(White));
    assert_eq!(game.next_deadline(), Some(20_000 + MINUTE));
    game.drain_events();
    game.advance(20_000 + MINUTE + 3_456);
    assert_eq!(
        stamped(&mut game),
        vec![
            (80_000, Event::Flag { side: Black }),
            (
                80_000,
                Event::Result {
                    outcome: Outcome::White,
                    reason: Reason::TimeForfeit
                }
            )
        ]
    );
    assert_eq!(game.remaining(Black, 100_000), 0);
    assert_eq!(game.remaining(White, 100_000), 40_000);
    assert_eq!(game.running(), None);
    assert_eq!(game.next_deadline(), None);
}

#[test]
fn exactly_one_flag_however_often_the_game_is_woken() {
    let mut game = sudden_death(SECOND);
    game.handle(0, Input::Start);
    for t in [999, 1_000, 1_001, 5_000, 9_000] {
        game.advance(t);
    }
    let flags = events(&mut game)
        .into_iter()
        .filter(|e| matches!(e, Event::Flag { .. }))
        .count();
    assert_eq!(flags, 1);
}

#[test]
fn a_press_at_the_instant_of_zero_does_not_count_rule_1_7_9() {
    let mut game = game_with(vec![stage(Some(1), MINUTE), stage(None, MINUTE)]);
    game.handle(0, Input::Start);
    game.drain_events();
    game.handle(MINUTE, Input::Press(White));
    let evs = events(&mut game);
    assert_eq!(evs[0], Event::Flag { side: White });
    assert_eq!(evs[2], Event::IgnoredPress { side: White });
    assert_eq!(game.moves(White), 0);
    assert_eq!(game.stage_number(White), 1, "no new stage after the flag");
}

#[test]
fn a_press_one_millisecond_before_zero_completes_the_control_move() {
    let mut game = game_with(vec![stage(Some(1), MINUTE), stage(None, 30 * SECOND)]);
    game.handle(0, Input::Start);
    game.drain_events();
    game.handle(MINUTE - 1, Input::Press(White));
    assert_eq!(
        events(&mut game),
        vec![
            Event::Press {
                side: White,
                move_number: 1,
                white_ms: 30 * SECOND + 1,
                black_ms: MINUTE
            },
            Event::Stage {
                side: White,
                stage: 2,
                added_ms: 30 * SECOND
            }
        ]
    );
}

#[test]
fn what_falls_due_is_handled_before_an_input_at_the_same_instant() {
    let mut game = sudden_death(MINUTE);
    game.handle(0, Input::Start);
    game.drain_events();
    game.handle(MINUTE, Input::Pause);
    let evs = events(&mut game);
    assert_eq!(evs[0], Event::Flag { side: White });
    assert!(matches!(evs[2], Event::Rejected { .. }), "{evs:?}");
}

#[test]
fn n_moves_in_t_adds_the_next_stage_at_the_nth_move() {
    let mut game = game_with(vec![stage(Some(2), 10 * MINUTE), stage(None, 5 * MINUTE)]);
    game.handle(0, Input::Start);
    game.handle(MINUTE, Input::Press(White));
    assert_eq!(game.moves_to_control(White), Some(1));
    game.handle(2 * MINUTE, Input::Press(Black));
    game.handle(3 * MINUTE, Input::Press(White));
    assert_eq!(game.stage_number(White), 2);
    assert_eq!(game.moves_to_control(White), None);
    assert_eq!(game.stage_number(Black), 1);
    assert_eq!(game.remaining(White, 3 * MINUTE), 8 * MINUTE + 5 * MINUTE);
    let last = events(&mut game).pop();
    assert_eq!(
        last,
        Some(Event::Stage {
            side: White,
            stage: 2,
            added_ms: 5 * MINUTE
        })
    );
}

#[test]
fn a_repeating_last_stage_counts_up_and_adds_its_time_each_round() {
    let mut repeat = stage(Some(1), MINUTE);
    repeat.repeat = true;
    let mut game = game_with(vec![stage(Some(1), 2 * MINUTE), repeat]);
    game.handle(0, Input::Start);
    let mut t = 0;
    for _ in 0..4 {
        t += SECOND;
        game.handle(t, Input::Press(White));
        t += SECOND;
        game.handle(t, Input::Press(Black));
    }
    assert_eq!(game.stage_number(White), 5);
    let added: Vec<(u32, Ms)> = events(&mut game)
        .into_iter()
        .filter_map(|e| match e {
            Event::Stage {
                side: White,
                stage,
                added_ms,
            } => Some((stage, added_ms)),
            _ => None,
        })
        .collect();
    assert_eq!(
        added,
        vec![(2, MINUTE), (3, MINUTE), (4, MINUTE), (5, MINUTE)]
    );
    assert_eq!(
        game.remaining(White, t),
        2 * MINUTE + 4 * MINUTE - 4 * SECOND
    );
}

#[test]
fn fischer_increment_is_credited_on_the_press_and_never_after_a_flag() {
    let mut s = stage(None, MINUTE);
    s.increment = 10 * SECOND;
    let mut game = game_with(vec![s]);
    game.handle(0, Input::Start);
    game.handle(15 * SECOND, Input::Press(White));
    assert_eq!(
        game.remaining(White, 15 * SECOND),
        MINUTE - 15 * SECOND + 10 * SECOND
    );
    game.handle(15 * SECOND + MINUTE, Input::Press(Black));
    assert_eq!(game.remaining(Black, 15 * SECOND + MINUTE), 0);
    assert_eq!(game.moves(Black), 0);
}

#[test]
fn the_move_that_completes_a_stage_earns_that_stages_increment() {
    let mut first = stage(Some(1), MINUTE);
    first.increment = 5 * SECOND;
    let mut second = stage(None, MINUTE);
    second.increment = 30 * SECOND;
    let mut game = game_with(vec![first, second]);
    game.handle(0, Input::Start);
    game.handle(10 * SECOND, Input::Press(White));
    assert_eq!(
        game.remaining(White, 10 * SECOND),
        MINUTE - 10 * SECOND + 5 * SECOND + MINUTE
    );
    game.handle(20 * SECOND, Input::Press(Black));
    game.handle(30 * SECOND, Input::Press(White));
    assert_eq!(
        game.remaining(White, 30 * SECOND),
        MINUTE - 5 * SECOND + MINUTE - 10 * SECOND + 30 * SECOND
    );
}

#[test]
fn bronstein_gives_back_what_was_spent_up_to_the_delay() {
    let mut s = stage(None, MINUTE);
    s.delay = Some((DelayKind::Bronstein, 5 * SECOND));
    let mut game = game_with(vec![s]);
    game.handle(0, Input::Start);
    game.handle(3 * SECOND, Input::Press(White));
    assert_eq!(
        game.remaining(White, 3 * SECOND),
        MINUTE,
        "3 s spent, 3 s back"
    );
    game.handle(3 * SECOND + 8 * SECOND, Input::Press(Black));
    assert_eq!(
        game.remaining(Black, 11 * SECOND),
        MINUTE - 3 * SECOND,
        "8 s spent, 5 s back"
    );
}

#[test]
fn bronstein_does_not_count_paused_time_as_spent() {
    let mut s = stage(None, MINUTE);
    s.delay = Some((DelayKind::Bronstein, 5 * SECOND));
    let mut game = game_with(vec![s]);
    game.handle(0, Input::Start);
    game.handle(SECOND, Input::Pause);
    game.handle(100 * SECOND, Input::Resume);
    game.handle(102 * SECOND, Input::Press(White));
    assert_eq!(game.remaining(White, 102 * SECOND), MINUTE);
}

#[test]
fn simple_delay_holds_the_clock_for_the_first_seconds_of_each_turn() {
    let mut s = stage(None, MINUTE);
    s.delay = Some((DelayKind::Simple, 5 * SECOND));
    let mut game = game_with(vec![s]);
    game.handle(0, Input::Start);
    assert_eq!(game.remaining(White, 5 * SECOND), MINUTE);
    assert_eq!(game.remaining(White, 7 * SECOND), MINUTE - 2 * SECOND);
    assert_eq!(game.next_deadline(), Some(5 * SECOND + MINUTE));
    game.handle(7 * SECOND, Input::Press(White));
    assert_eq!(
        game.remaining(Black, 11 * SECOND),
        MINUTE,
        "a new turn, a new delay"
    );
    assert_eq!(game.remaining(Black, 13 * SECOND), MINUTE - SECOND);
}

#[test]
fn a_pause_neither_uses_up_nor_restarts_a_simple_delay() {
    let mut s = stage(None, MINUTE);
    s.delay = Some((DelayKind::Simple, 5 * SECOND));
    let mut game = game_with(vec![s]);
    game.handle(0, Input::Start);
    game.handle(3 * SECOND, Input::Pause);
    game.handle(60 * SECOND, Input::Resume);
    assert_eq!(
        game.remaining(White, 62 * SECOND),
        MINUTE,
        "2 s of delay were left"
    );
    assert_eq!(game.remaining(White, 64 * SECOND), MINUTE - 2 * SECOND);
}

#[test]
fn hourglass_moves_the_movers_time_to_the_opponent() {
    let control = TimeControl::new(vec![stage(None, MINUTE)], true).unwrap();
    let mut game = Game::new(GameSetup::new(control), 0);
    game.handle(0, Input::Start);
    assert_eq!(game.remaining(Black, 10 * SECOND), MINUTE + 10 * SECOND);
    game.handle(10 * SECOND, Input::Press(White));
    assert_eq!(game.remaining(White, 10 * SECOND), MINUTE - 10 * SECOND);
    assert_eq!(game.remaining(Black, 10 * SECOND), MINUTE + 10 * SECOND);
    game.handle(14 * SECOND, Input::Press(Black));
    assert_eq!(game.remaining(White, 14 * SECOND), MINUTE - 6 * SECOND);
    assert_eq!(game.remaining(Black, 14 * SECOND), MINUTE + 6 * SECOND);
}

#[test]
fn per_player_start_times_give_time_odds() {
    let control = TimeControl::new(vec![stage(None, 10 * MINUTE)], false).unwrap();
    let mut setup = GameSetup::new(control);
    setup.start_times[Black.index()] = 3 * MINUTE;
    let game = Game::new(setup, 0);
    assert_eq!(game.remaining(White, 0), 10 * MINUTE);
    assert_eq!(game.remaining(Black, 0), 3 * MINUTE);
}

#[test]
fn pause_and_resume_stop_and_restart_the_running_side() {
    let mut game = sudden_death(MINUTE);
    game.handle(0, Input::Start);
    game.handle(10 * SECOND, Input::Pause);
    assert_eq!(game.next_deadline(), None);
    assert_eq!(game.remaining(White, 50 * SECOND), 50 * SECOND);
    game.handle(50 * SECOND, Input::Press(White));
    game.handle(60 * SECOND, Input::Resume);
    assert_eq!(game.running(), Some(White));
    assert_eq!(game.next_deadline(), Some(110 * SECOND));
    let evs = events(&mut game);
    assert!(evs.contains(&Event::Pause) && evs.contains(&Event::Resume));
    assert!(evs.contains(&Event::IgnoredPress { side: White }));
}

#[test]
fn pause_resume_and_start_refuse_when_they_do_not_apply() {
    let mut game = sudden_death(MINUTE);
    game.handle(0, Input::Resume);
    game.handle(0, Input::Pause);
    game.handle(0, Input::Start);
    game.handle(0, Input::Start);
    let refused: Vec<String> = events(&mut game)
        .into_iter()
        .filter_map(|e| match e {
            Event::Rejected { input, .. } => Some(input),
            _ => None,
        })
        .collect();
    assert_eq!(refused, vec!["resume", "pause", "start"]);
}

fn adjust_result(old: Ms, input: impl Fn(Ms) -> Input) -> (Ms, bool) {
    let control = TimeControl::new(vec![stage(None, old)], false).unwrap();
    let mut game = Game::new(GameSetup::new(control), 0);
    game.handle(0, input(old));
    match events(&mut game).pop() {
        Some(Event::Adjust {
            old_ms,
            new_ms,
            clamped,
            ..
        }) => {
            assert_eq!(old_ms, old);
            (new_ms, clamped)
        }
        other => panic!("expected an adjust event, got {other:?}"),
    }
}

#[test]
fn arbiter_cuts_never_leave_less_than_fifteen_minutes_rule_1_7_8() {
    // An increase is always allowed.
    assert_eq!(
        adjust_result(10 * MINUTE, |_| Input::Adjust(White, 5 * MINUTE)),
        (15 * MINUTE, false)
    );
    assert_eq!(
        adjust_result(MINUTE, |_| Input::Set(White, 2 * HOUR)),
        (2 * HOUR, false)
    );
    // A cut that stays above 15:00 is done as asked.
    assert_eq!(
        adjust_result(HOUR, |_| Input::Adjust(White, -30 * MINUTE)),
        (30 * MINUTE, false)
    );
    assert_eq!(
        adjust_result(HOUR, |_| Input::Set(White, 15 * MINUTE)),
        (15 * MINUTE, false)
    );
    // A cut below 15:00 stops at 15:00.
    assert_eq!(
        adjust_result(HOUR, |_| Input::Set(White, 5 * MINUTE)),
        (15 * MINUTE, true)
    );
    assert_eq!(
        adjust_result(20 * MINUTE, |_| Input::Adjust(White, -10 * MINUTE)),
        (15 * MINUTE, true)
    );
    // A player already below 15:00 is not cut at all.
    assert_eq!(
        adjust_result(10 * MINUTE, |_| Input::Adjust(White, -MINUTE)),
        (10 * MINUTE, true)
    );
    assert_eq!(
        adjust_result(10 * MINUTE, |_| Input::Set(White, 0)),
        (10 * MINUTE, true)
    );
}

#[test]
fn an_adjustment_of_the_running_side_moves_its_flag() {
    let mut game = sudden_death(20 * MINUTE);
    game.handle(0, Input::Start);
    game.handle(MINUTE, Input::Adjust(White, 10 * MINUTE));
    assert_eq!(game.next_deadline(), Some(30 * MINUTE));
}

#[test]
fn times_cannot_change_after_the_flag_rule_1_7_10() {
    let mut game = sudden_death(SECOND);
    game.handle(0, Input::Start);
    game.handle(2 * SECOND, Input::Set(White, HOUR));
    assert!(matches!(
        events(&mut game).pop(),
        Some(Event::Rejected { .. })
    ));
    assert_eq!(game.remaining(White, 3 * SECOND), 0);
}

#[test]
fn a_players_stop_is_a_provisional_resignation_rule_1_7_11() {
    let mut game = sudden_death(HOUR);
    game.handle(0, Input::Start);
    game.handle(10 * SECOND, Input::Stop(Black));
    assert_eq!(game.running(), None);
    assert_eq!(
        game.result(),
        Some(GameResult {
            outcome: Outcome::White,
            reason: Reason::Resignation
        })
    );
    assert_eq!(game.remaining(White, 99 * SECOND), HOUR - 10 * SECOND);
}

#[test]
fn a_misunderstanding_resumes_the_same_clock_with_times_intact() {
    let mut game = sudden_death(HOUR);
    game.handle(0, Input::Start);
    game.handle(10 * SECOND, Input::Stop(White));
    game.drain_events();
    game.handle(70 * SECOND, Input::Ruling(Ruling::Misunderstanding));
    assert_eq!(game.result(), None);
    assert_eq!(game.running(), Some(White));
    assert_eq!(game.remaining(White, 80 * SECOND), HOUR - 20 * SECOND);
    assert_eq!(
        events(&mut game),
        vec![
            Event::Ruling {
                ruling: RulingKind::Misunderstanding,
                side: None
            },
            Event::Resume
        ]
    );
}

#[test]
fn a_resign_ruling_ends_the_game_with_the_resignation() {
    let mut game = sudden_death(HOUR);
    game.handle(0, Input::Start);
    game.handle(SECOND, Input::Stop(White));
    game.handle(2 * SECOND, Input::Ruling(Ruling::Resign));
    assert_eq!(game.phase(), Phase::Finished);
    assert_eq!(game.result().map(|r| r.outcome), Some(Outcome::Black));
}

#[test]
fn a_draw_by_1_7_13_only_in_a_control_to_the_end_of_the_game() {
    let mut game = sudden_death(HOUR);
    game.handle(0, Input::Start);
    game.handle(SECOND, Input::Stop(White));
    game.handle(2 * SECOND, Input::Ruling(Ruling::Draw));
    assert_eq!(
        game.result(),
        Some(GameResult {
            outcome: Outcome::Draw,
            reason: Reason::Draw1713
        })
    );

    let mut staged = game_with(vec![stage(Some(40), HOUR), stage(None, HOUR)]);
    staged.handle(0, Input::Start);
    staged.handle(SECOND, Input::Stop(White));
    staged.handle(2 * SECOND, Input::Ruling(Ruling::Draw));
    assert!(matches!(
        events(&mut staged).pop(),
        Some(Event::Rejected { .. })
    ));
    assert_eq!(staged.result().map(|r| r.reason), Some(Reason::Resignation));
}

#[test]
fn no_moves_overrides_the_flag_of_that_side_rule_1_7_12() {
    let mut game = sudden_death(MINUTE);
    game.handle(0, Input::Start);
    game.handle(MINUTE, Input::Ruling(Ruling::NoMoves(Black)));
    assert!(
        matches!(events(&mut game).pop(), Some(Event::Rejected { .. })),
        "Black's flag did not fall"
    );
    game.handle(MINUTE, Input::Ruling(Ruling::NoMoves(White)));
    assert_eq!(
        game.result(),
        Some(GameResult {
            outcome: Outcome::White,
            reason: Reason::NoMoves
        })
    );
}

#[test]
fn rulings_without_a_stop_are_refused() {
    let mut game = sudden_death(MINUTE);
    game.handle(0, Input::Start);
    for ruling in [Ruling::Misunderstanding, Ruling::Resign, Ruling::Draw] {
        game.handle(SECOND, Input::Ruling(ruling));
    }
    let refused = events(&mut game)
        .into_iter()
        .filter(|e| matches!(e, Event::Rejected { .. }))
        .count();
    assert_eq!(refused, 3);
    assert_eq!(game.running(), Some(White));
}

#[test]
fn a_query_reports_both_times_and_moves_to_control_and_changes_nothing() {
    let mut game = game_with(vec![stage(Some(40), HOUR), stage(None, HOUR)]);
    game.handle(0, Input::Start);
    game.handle(MINUTE, Input::Press(White));
    game.drain_events();
    game.handle(2 * MINUTE, Input::Query(White));
    assert_eq!(
        events(&mut game),
        vec![Event::Query {
            side: White,
            remaining_ms: HOUR - MINUTE,
            opponent_ms: HOUR - MINUTE,
            moves_to_control: Some(39),
            overtime: None,
        }]
    );
    assert_eq!(game.running(), Some(Black));
}

#[test]
fn a_flagged_player_asking_for_his_time_hears_zero() {
    let mut game = sudden_death(MINUTE);
    game.handle(0, Input::Start);
    game.handle(2 * MINUTE, Input::Query(White));
    let last = events(&mut game).pop();
    assert!(
        matches!(
            last,
            Some(Event::Query {
                remaining_ms: 0,
                ..
            })
        ),
        "{last:?}"
    );
}

#[test]
fn time_never_runs_backwards_when_an_input_comes_late() {
    let mut game = sudden_death(MINUTE);
    game.handle(0, Input::Start);
    game.handle(10 * SECOND, Input::Press(White));
    game.handle(5 * SECOND, Input::Press(Black));
    assert_eq!(game.remaining(Black, 10 * SECOND), MINUTE);
    assert_eq!(game.running(), Some(White));
}

#[test]
fn inputs_print_as_script_lines() {
    assert_eq!(
        Input::Adjust(Black, -5 * MINUTE).to_string(),
        "adjust black -5:00"
    );
    assert_eq!(
        Input::Adjust(White, 30 * SECOND).to_string(),
        "adjust white +0:30"
    );
    assert_eq!(
        Input::Set(White, 45 * MINUTE).to_string(),
        "set white 45:00"
    );
    assert_eq!(
        Input::Ruling(Ruling::NoMoves(White)).to_string(),
        "ruling no-moves white"
    );
}

#[test]
fn the_time_used_counts_each_clocks_running_time_without_pauses() {
    // 5:00 each, Fischer +0:10: White moves at 0:10 (used 0:10, the increment adds to his
    // time left but not to his time used), Black's clock runs 0:10–0:15, a pause to 0:20, then
    // on to 0:25: Black used 0:05 + 0:05 = 0:10. White's move 2 at 0:40: used 0:10 + 0:15.
    let mut game = game_with(vec![Stage {
        increment: 10 * SECOND,
        ..stage(None, 5 * MINUTE)
    }]);
    game.handle(0, Input::Start);
    game.handle(10 * SECOND, Input::Press(White));
    game.handle(15 * SECOND, Input::Pause);
    game.handle(20 * SECOND, Input::Resume);
    assert_eq!(game.used(White, 25 * SECOND), 10 * SECOND);
    assert_eq!(game.used(Black, 25 * SECOND), 10 * SECOND);
    game.handle(25 * SECOND, Input::Press(Black));
    game.handle(40 * SECOND, Input::Press(White));
    assert_eq!(game.used(White, 40 * SECOND), 25 * SECOND);
    assert_eq!(game.used(Black, 50 * SECOND), 20 * SECOND);
    assert_eq!(
        game.remaining(White, 40 * SECOND),
        5 * MINUTE - 25 * SECOND + 20 * SECOND
    );
}

#[test]
fn the_arbiters_result_ends_a_game_decided_on_the_board() {
    let mut game = sudden_death(HOUR);
    game.handle(0, Input::Start);
    game.handle(10 * SECOND, Input::Press(White));
    events(&mut game);
    game.handle(25 * SECOND, Input::Result(Outcome::Black));
    assert_eq!(game.phase(), Phase::Finished);
    assert!(game.is_over());
    assert_eq!(
        game.result(),
        Some(GameResult {
            outcome: Outcome::Black,
            reason: Reason::Arbiter
        })
    );
    assert_eq!(
        stamped(&mut game),
        vec![(
            25 * SECOND,
            Event::Result {
                outcome: Outcome::Black,
                reason: Reason::Arbiter
            }
        )]
    );
    // Black's clock ran 15 s and stopped with the game.
    assert_eq!(game.remaining(Black, 99 * SECOND), HOUR - 15 * SECOND);
    assert_eq!(game.remaining(White, 99 * SECOND), HOUR - 10 * SECOND);
}

#[test]
fn the_arbiters_result_overrides_a_players_stop_with_a_draw() {
    let mut game = sudden_death(HOUR);
    game.handle(0, Input::Start);
    game.handle(10 * SECOND, Input::Stop(White));
    game.handle(20 * SECOND, Input::Result(Outcome::Draw));
    assert_eq!(game.result().map(|r| r.outcome), Some(Outcome::Draw));
    assert_eq!(game.result().map(|r| r.reason), Some(Reason::Arbiter));
}

#[test]
fn a_forfeit_ends_a_game_never_started_with_the_opponents_win() {
    let mut game = sudden_death(HOUR);
    game.handle(15 * MINUTE, Input::Forfeit(Black));
    assert_eq!(game.phase(), Phase::Finished);
    assert_eq!(
        game.result(),
        Some(GameResult {
            outcome: Outcome::White,
            reason: Reason::Forfeit
        })
    );
    assert_eq!(game.remaining(White, HOUR), HOUR);
    assert_eq!(game.remaining(Black, HOUR), HOUR);
}

#[test]
fn a_forfeit_is_taken_while_the_absent_sides_clock_runs_and_refused_once_it_moved() {
    // Black is absent: White moved, Black's clock runs, the arbiter rules the forfeit.
    let mut game = sudden_death(HOUR);
    game.handle(0, Input::Start);
    game.handle(10 * SECOND, Input::Press(White));
    events(&mut game);
    game.handle(20 * SECOND, Input::Forfeit(White));
    assert!(
        matches!(&events(&mut game)[..], [Event::Rejected { input, .. }] if input == "result black --forfeit"),
        "White has moved: no forfeit for him"
    );
    game.handle(30 * MINUTE, Input::Forfeit(Black));
    assert_eq!(
        stamped(&mut game),
        vec![(
            30 * MINUTE,
            Event::Result {
                outcome: Outcome::White,
                reason: Reason::Forfeit
            }
        )]
    );
    game.handle(31 * MINUTE, Input::Forfeit(Black));
    assert!(matches!(&events(&mut game)[..], [Event::Rejected { .. }]));
}

#[test]
fn the_arbiters_result_is_refused_for_a_game_already_over_or_not_begun() {
    let mut game = sudden_death(HOUR);
    game.handle(0, Input::Result(Outcome::White));
    assert!(
        matches!(&events(&mut game)[..], [Event::Rejected { input, .. }] if input == "result white")
    );
    assert_eq!(game.result(), None);
    game.handle(0, Input::Start);
    game.handle(SECOND, Input::Result(Outcome::White));
    events(&mut game);
    game.handle(2 * SECOND, Input::Result(Outcome::Draw));
    assert!(
        matches!(&events(&mut game)[..], [Event::Rejected { input, reason }]
        if input == "result draw" && reason.contains("game is over"))
    );
    assert_eq!(game.result().map(|r| r.outcome), Some(Outcome::White));
    let mut flagged = sudden_death(SECOND);
    flagged.handle(0, Input::Start);
    flagged.handle(5 * SECOND, Input::Result(Outcome::White));
    assert_eq!(
        flagged.result().map(|r| r.reason),
        Some(Reason::TimeForfeit)
    );
}

#[test]
fn the_arbiters_result_reads_and_prints_as_a_script_line() {
    let input = Input::Result(Outcome::Draw);
    assert_eq!(input.to_string(), "result draw");
    assert_eq!(
        serde_json::to_string(&input).unwrap(),
        r#"{"result":"draw"}"#
    );
    let back: Input = serde_json::from_str(r#"{"result":"white"}"#).unwrap();
    assert_eq!(back, Input::Result(Outcome::White));
}

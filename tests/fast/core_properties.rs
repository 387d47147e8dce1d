//! Property tests of the clock core over random games: time is conserved, exactly one flag
//! falls at the exact instant of zero, time only grows by a credit, replays are identical.

use proptest::prelude::*;
use talkclock::clock::{
    DelayKind, Event, Game, GameSetup, Input, Ms, Side, Stage, Stamped, TimeControl, MINUTE, SECOND,
};

/// A random control: a staged or sudden-death control with one increment for every stage.
fn control() -> impl Strategy<Value = (TimeControl, Ms)> {
    (
        prop::option::of(1u32..6),
        1i64..20,
        0i64..3,
        0u8..4,
        0i64..10,
        prop::bool::weighted(0.2),
    )
        .prop_map(|(moves, minutes, more, delay, seconds, hourglass)| {
            let time = minutes * MINUTE;
            let (increment, delay) = match delay {
                _ if hourglass => (0, None),
                2 => (0, Some((DelayKind::Bronstein, seconds * SECOND + 1))),
                3 => (0, Some((DelayKind::Simple, seconds * SECOND + 1))),
                _ => (seconds * SECOND, None),
            };
            let make = |moves, time| Stage {
                moves,
                time,
                increment,
                delay,
                repeat: false,
            };
            let stages = match moves {
                Some(n) if !hourglass => vec![make(Some(n), time), make(None, (more + 1) * MINUTE)],
                _ => vec![make(None, time)],
            };
            (TimeControl::new(stages, hourglass).unwrap(), increment)
        })
}

#[derive(Debug, Clone, Copy)]
enum Kind {
    PressRunning,
    PressOther,
    Pause,
    Resume,
    Query,
    Adjust(Ms),
}

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        12 => Just(Kind::PressRunning),
        2 => Just(Kind::PressOther),
        1 => Just(Kind::Pause),
        2 => Just(Kind::Resume),
        1 => Just(Kind::Query),
        1 => (-20i64..20).prop_map(|m| Kind::Adjust(m * MINUTE)),
    ]
}

fn steps() -> impl Strategy<Value = Vec<(Ms, Kind)>> {
    prop::collection::vec((0i64..120_000, kind()), 1..80)
}

/// The inputs a step list makes against a game (presses go to whoever runs at that moment).
fn input_for(game: &Game, kind: Kind) -> Input {
    let running = game.running().unwrap_or(Side::White);
    match kind {
        Kind::PressRunning => Input::Press(running),
        Kind::PressOther => Input::Press(running.other()),
        Kind::Pause => Input::Pause,
        Kind::Resume => Input::Resume,
        Kind::Query => Input::Query(running),
        Kind::Adjust(delta) => Input::Adjust(running.other(), delta),
    }
}

struct Played {
    events: Vec<Stamped>,
    /// Deadlines predicted before each input, and the instant each input came.
    predictions: Vec<(Option<Ms>, Ms)>,
    /// Total time during which some clock ran.
    running_time: Ms,
    game: Game,
    end: Ms,
}

fn play(control: &TimeControl, steps: &[(Ms, Kind)], tail: Ms) -> Played {
    let mut game = Game::new(GameSetup::new(control.clone()), 0);
    game.handle(0, Input::Start);
    let mut events = game.drain_events();
    let mut predictions = Vec::new();
    let mut running_time = 0;
    let mut now = 0;
    // The tail resumes a paused game, then lets it run on for `tail`.
    let ending = [(0, Kind::Resume), (tail, Kind::Query)];
    for &(gap, kind) in steps.iter().chain(ending.iter()) {
        let was_running = game.running().is_some();
        let deadline = game.next_deadline();
        let next = now + gap;
        let input = input_for(&game, kind);
        game.handle(next, input);
        if was_running {
            running_time += deadline.map_or(next, |d| d.min(next)) - now;
        }
        predictions.push((deadline, next));
        events.extend(game.drain_events());
        now = next;
    }
    Played {
        events,
        predictions,
        running_time,
        game,
        end: now,
    }
}

fn flags(events: &[Stamped]) -> Vec<(Ms, Side)> {
    events
        .iter()
        .filter_map(|s| match s.event {
            Event::Flag { side } => Some((s.at_ms, side)),
            _ => None,
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn replaying_the_same_inputs_gives_the_same_events((control, _) in control(), steps in steps()) {
        let first = play(&control, &steps, 0);
        let second = play(&control, &steps, 0);
        prop_assert_eq!(first.events, second.events);
    }

    #[test]
    fn exactly_one_flag_falls_when_a_clock_is_left_running((control, _) in control(), steps in steps()) {
        let played = play(&control, &steps, 10 * 3_600_000);
        let flags = flags(&played.events);
        prop_assert_eq!(flags.len(), 1, "{:?}", played.events);
    }

    #[test]
    fn the_flag_falls_at_the_predicted_instant_of_zero((control, _) in control(), steps in steps()) {
        let played = play(&control, &steps, 10 * 3_600_000);
        let (at, side) = flags(&played.events)[0];
        prop_assert_eq!(played.game.remaining(side, played.end), 0);
        let predicted = played
            .predictions
            .iter()
            .find(|(deadline, input_at)| deadline.is_some_and(|d| d <= *input_at))
            .and_then(|(deadline, _)| *deadline);
        prop_assert_eq!(Some(at), predicted);
    }

    #[test]
    fn time_consumed_equals_time_elapsed((control, increment) in control(), steps in steps()) {
        prop_assume!(!control.hourglass());
        prop_assume!(control.stages()[0].delay.is_none());
        let played = play(&control, &steps, 0);
        let mut credits = 0;
        for s in &played.events {
            credits += match s.event {
                Event::Press { .. } => increment,
                Event::Stage { added_ms, .. } => added_ms,
                Event::Adjust { old_ms, new_ms, .. } => new_ms - old_ms,
                _ => 0,
            };
        }
        let starts = 2 * control.start_time();
        let left: Ms = Side::BOTH.iter().map(|&s| played.game.remaining(s, played.end)).sum();
        prop_assert_eq!(starts + credits - played.running_time, left);
    }

    #[test]
    fn an_hourglass_keeps_the_sum_of_both_clocks(minutes in 1i64..20, steps in steps()) {
        let control = TimeControl::new(vec![Stage::new(None, minutes * MINUTE)], true).unwrap();
        let played = play(&control, &steps, 0);
        let adjusted: Ms = played.events.iter().map(|s| match s.event {
            Event::Adjust { old_ms, new_ms, .. } => new_ms - old_ms,
            _ => 0,
        }).sum();
        let total: Ms = Side::BOTH.iter().map(|&s| played.game.remaining(s, played.end)).sum();
        prop_assert_eq!(total, 2 * control.start_time() + adjusted);
    }

    #[test]
    fn remaining_time_only_grows_by_a_credit((control, _) in control(), steps in steps()) {
        prop_assume!(!control.hourglass());
        let mut game = Game::new(GameSetup::new(control.clone()), 0);
        game.handle(0, Input::Start);
        game.drain_events();
        let mut now = 0;
        for &(gap, kind) in &steps {
            // Between inputs, time can only fall.
            for side in Side::BOTH {
                let mut last = game.remaining(side, now);
                for k in 1..=4 {
                    let t = now + gap * k / 4;
                    let t = game.next_deadline().map_or(t, |d| t.min(d));
                    let value = game.remaining(side, t);
                    prop_assert!(value <= last, "{side} grew from {last} to {value} without an input");
                    prop_assert!(value >= 0);
                    last = value;
                }
            }
            let before = Side::BOTH.map(|s| game.remaining(s, now + gap));
            let next = now + gap;
            let input = input_for(&game, kind);
            game.handle(next, input);
            let credited = game.drain_events().iter().any(|s| matches!(
                s.event,
                Event::Press { .. } | Event::Adjust { .. }
            ));
            for side in Side::BOTH {
                let after = game.remaining(side, next);
                prop_assert!(credited || after <= before[side.index()].max(0));
            }
            now = next;
        }
    }
}

//! Property test of the warning scheduler over random games: every warning fires exactly once
//! per crossing, at the instant of the crossing, and none is missed.
//!
//! An independent model tracks which thresholds are armed (armed at the start above the start
//! time, re-armed by a new stage or an arbiter's addition, spent when fired); the instants are
//! checked by replaying the inputs on a bare clock core.

use proptest::prelude::*;
use std::collections::BTreeSet;
use talkclock::clock::{Event, Game, GameSetup, Input, Ms, Side, MINUTE, SECOND};
use talkclock::config::Config;
use talkclock::table::{Request, Table, TableOutput};

const THRESHOLDS: [Ms; 3] = [10 * MINUTE, 5 * MINUTE, 2 * MINUTE];

fn config(minutes: i64, moves: Option<u32>, increment: i64) -> Config {
    let stage = match moves {
        Some(n) => format!(
            "[[time_control.stage]]\nmoves = {n}\ntime = \"{minutes}:00\"\nincrement = \"0:{increment:02}\"\n\
             [[time_control.stage]]\ntime = \"{minutes}:00\"\nincrement = \"0:{increment:02}\"\n"
        ),
        None => format!("[[time_control.stage]]\ntime = \"{minutes}:00\"\nincrement = \"0:{increment:02}\"\n"),
    };
    let player = "vision = \"totally_blind\"\nextra_warnings = [\"5:00\", \"2:00\"]\n";
    let text = format!("{stage}[players.white]\n{player}[players.black]\n{player}");
    Config::parse(&text, "prop").unwrap()
}

#[derive(Debug, Clone, Copy)]
enum Kind {
    Press,
    Pause,
    Resume,
    Adjust(Ms),
}

fn kind() -> impl Strategy<Value = Kind> {
    prop_oneof![
        14 => Just(Kind::Press),
        1 => Just(Kind::Pause),
        2 => Just(Kind::Resume),
        2 => (-15i64..15).prop_map(|m| Kind::Adjust(m * MINUTE + 7 * SECOND)),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn every_warning_fires_once_per_crossing_at_its_instant(
        minutes in 3i64..25,
        moves in prop::option::of(1u32..8),
        increment in 0i64..40,
        steps in prop::collection::vec((0i64..150_000, kind()), 1..60),
    ) {
        let config = config(minutes, moves, increment);
        let mut table = Table::new(&config.table_settings(), 0);
        let setup = config.setup();
        let mut after_press = [0; 2];
        let mut inputs: Vec<(Ms, Input)> = Vec::new();
        let mut armed: [BTreeSet<Ms>; 2] = Default::default();
        for side in Side::BOTH {
            armed[side.index()] = THRESHOLDS.iter().copied().filter(|&t| t < minutes * MINUTE).collect();
        }
        let mut now = 0;
        let mut script = vec![(0, Kind::Resume)];
        script.extend(steps.iter().copied());
        script.push((3 * 3_600_000, Kind::Resume));
        for (index, &(gap, kind)) in script.iter().enumerate() {
            now += gap;
            let running = table.game().running().unwrap_or(Side::White);
            let input = match kind {
                _ if index == 0 => Input::Start,
                Kind::Press => Input::Press(running),
                Kind::Pause => Input::Pause,
                Kind::Resume => Input::Resume,
                Kind::Adjust(delta) => Input::Adjust(running, delta),
            };
            table.handle(now, Request::Game(input));
            inputs.push((now, input));
            for output in table.drain() {
                match output {
                    TableOutput::Core(stamped) => match stamped.event {
                        Event::Press { white_ms, black_ms, .. } => after_press = [white_ms, black_ms],
                        Event::Stage { side, .. } => {
                            let left = after_press[side.index()];
                            armed[side.index()] = THRESHOLDS.iter().copied().filter(|&t| t < left).collect();
                        }
                        Event::Adjust { side, old_ms, new_ms, .. } if new_ms > old_ms => {
                            armed[side.index()] = THRESHOLDS.iter().copied().filter(|&t| t < new_ms).collect();
                        }
                        _ => {}
                    },
                    TableOutput::Warning { at_ms, side, remaining_ms, threshold_ms, .. } => {
                        prop_assert!(
                            armed[side.index()].remove(&threshold_ms),
                            "{side} warned twice for {threshold_ms} (at {at_ms})"
                        );
                        // Everything above the one said is spent too (a cut jumped past them).
                        armed[side.index()].retain(|&t| t < remaining_ms);
                        let crossing = replayed(&setup, &inputs, side, at_ms, true);
                        let cut_here = inputs.iter().any(|&(t, i)| t == at_ms && matches!(i, Input::Adjust(..)));
                        if crossing == threshold_ms && remaining_ms == threshold_ms {
                            // Fired by the clock running down to it, at the very instant.
                        } else {
                            prop_assert!(cut_here, "{side} warned at {at_ms} with {crossing} left, not at {threshold_ms}");
                            prop_assert!(remaining_ms <= threshold_ms);
                            prop_assert_eq!(replayed(&setup, &inputs, side, at_ms, false), remaining_ms);
                        }
                    }
                    _ => {}
                }
            }
            // No armed threshold may be at or above the remaining time: it would have been missed.
            for side in Side::BOTH {
                let left = table.game().remaining(side, now);
                if let Some(&highest) = armed[side.index()].iter().next_back() {
                    prop_assert!(highest < left, "{side}: {highest} armed but only {left} left at {now}");
                }
            }
        }
    }
}

/// A side's remaining time at `at`, replayed on a bare core: `before` leaves out the inputs
/// that arrived at `at` itself (what falls due at an instant comes before them).
fn replayed(setup: &GameSetup, inputs: &[(Ms, Input)], side: Side, at: Ms, before: bool) -> Ms {
    let mut game = Game::new(setup.clone(), 0);
    for &(t, input) in inputs {
        if t < at || (!before && t == at) {
            game.handle(t, input);
        }
    }
    game.advance(at);
    game.remaining(side, at)
}

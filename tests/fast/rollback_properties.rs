//! The arbiter's rollback (D.2.9) over random games: a rollback to a move, then the same
//! moves again taking the same time each, leaves both clocks, the move counts, the stages and
//! the overtime exactly where the game without the rollback left them (Fischer, Bronstein and
//! simple delay, staged controls, byo-yomi, hourglass).

use proptest::prelude::*;
use talkclock::clock::{Game, Input, Ms, Side};
use talkclock::config::Config;
use talkclock::table::{Request, Rollback, Table};

/// A random control, as a configuration's TOML.
fn control() -> impl Strategy<Value = String> {
    (
        prop::option::of(2u32..5),
        1i64..5,
        0u8..5,
        1i64..8,
        prop::bool::weighted(0.3),
    )
        .prop_map(|(moves, minutes, kind, seconds, byoyomi)| {
            let mut toml = String::from("mode = \"tournament\"\n[time_control]\n");
            if kind == 4 {
                toml.push_str("hourglass = true\n");
            }
            toml.push_str(&format!(
                "[[time_control.stage]]\ntime = \"{minutes}:00\"\n"
            ));
            if let (Some(n), true) = (moves, kind != 4) {
                toml.push_str(&format!("moves = {n}\n"));
            }
            match kind {
                1 => toml.push_str(&format!("increment = \"0:{seconds:02}\"\n")),
                2 => toml.push_str(&format!(
                    "delay = \"0:{seconds:02}\"\ndelay_kind = \"bronstein\"\n"
                )),
                3 => toml.push_str(&format!(
                    "delay = \"0:{seconds:02}\"\ndelay_kind = \"simple\"\n"
                )),
                _ => {}
            }
            if moves.is_some() && kind != 4 {
                toml.push_str("[[time_control.stage]]\ntime = \"2:00\"\n");
            }
            if byoyomi && kind != 4 && moves.is_none() {
                toml.push_str(
                    "[time_control.overtime]\nkind = \"byoyomi\"\nperiods = 2\ntime = \"0:05\"\n",
                );
            }
            toml
        })
}

/// Where a game stands: both clocks at `at`, the move counts, stages and overtime.
fn standing(game: &Game, at: Ms) -> String {
    let side = |s: Side| {
        format!(
            "{s}: {} ms, {} moves, stage {}, overtime {:?}",
            game.remaining(s, at),
            game.moves(s),
            game.stage_number(s),
            game.overtime(s)
        )
    };
    format!(
        "{}; {}; {:?}",
        side(Side::White),
        side(Side::Black),
        game.result()
    )
}

/// Plays `spans` (the time each move takes) from `at`, pressing the running
/// side; returns the instant after the last.
fn play(table: &mut Table, mut at: Ms, spans: &[Ms]) -> Ms {
    for span in spans {
        at += span;
        let Some(side) = table.game().running() else {
            break;
        };
        table.handle(at, Request::Game(Input::Press(side)));
    }
    at
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn a_rollback_then_the_same_moves_replays_to_the_same_times(
        toml in control(),
        spans in prop::collection::vec(1i64..40_000, 2..24),
        back in 0usize..24,
        gap in 1i64..600_000,
    ) {
        let config = Config::parse(&toml, "property.toml").expect("the control parses");
        let settings = config.table_settings();
        // The game without a rollback.
        let mut straight = Table::new(&settings, 0);
        straight.handle(0, Request::Game(Input::Start));
        let end = play(&mut straight, 0, &spans);
        // The same game, taken back to a move (the side that moved last then) and played
        // again from there after a pause of `gap`.
        let mut taken_back = Table::new(&settings, 0);
        taken_back.handle(0, Request::Game(Input::Start));
        let made = spans.len().min(back);
        let at = play(&mut taken_back, 0, &spans[..made]);
        let mover = taken_back.game().running().map(Side::other);
        let moves = mover.map(|s| taken_back.game().moves(s));
        let later = play(&mut taken_back, at, &spans[made..]);
        let (Some(side), Some(moves)) = (mover, moves) else {
            // A flag fell before that move: nothing to go back to.
            return Ok(());
        };
        if taken_back.game().running().is_none() {
            // A flag fell on the way: the game is over, and a rollback refused.
            taken_back.drain();
            taken_back.handle(later + gap, Request::Rollback(Rollback { moves, side }));
            prop_assert!(
                taken_back.drain().iter().any(|o| format!("{o:?}").contains("Rejected")),
                "a rollback of a game that is over is refused: {toml}"
            );
            return Ok(());
        }
        // The arbiter stops the clock, and takes the game back a while later.
        taken_back.handle(later, Request::Game(Input::Pause));
        let rollback_at = later + gap;
        taken_back.handle(rollback_at, Request::Rollback(Rollback { moves, side }));
        let restored = taken_back.game().clone();
        prop_assert!(
            taken_back.drain().iter().any(|o| format!("{o:?}").contains("RolledBack")),
            "rolled back to {side}'s move {moves}: {toml}"
        );
        prop_assert_eq!(restored.running(), None, "paused after a rollback");
        let resume_at = rollback_at + gap;
        taken_back.handle(resume_at, Request::Game(Input::Resume));
        let replayed_end = play(&mut taken_back, resume_at, &spans[made..]);
        prop_assert_eq!(
            standing(taken_back.game(), replayed_end),
            standing(straight.game(), end),
            "{}", toml
        );
    }
}

//! `cargo bench`: the pure core on virtual time, timed with `Instant` (no bench framework):
//! a seven-hour 200-move game through the table, and `Game::handle` press throughput.

use std::hint::black_box;
use std::time::{Duration, Instant};
use talkclock::clock::{Game, Input, Side};
use talkclock_harness::virtual_game::{fmjd_config, seven_hour_game};

/// Runs `f` repeatedly for at least `budget` (after one warm-up call); the time per call.
fn time_per_call(budget: Duration, mut f: impl FnMut()) -> (Duration, u32) {
    f();
    let began = Instant::now();
    let mut calls = 0u32;
    while began.elapsed() < budget {
        f();
        calls += 1;
    }
    (began.elapsed() / calls.max(1), calls)
}

fn main() {
    let config = match fmjd_config() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("cannot parse the FMJD configuration: {e}");
            std::process::exit(1);
        }
    };
    let (per_game, games) = time_per_call(Duration::from_secs(2), || {
        let game = seven_hour_game(black_box(&config));
        assert_eq!(game.drift_ms, 0, "a virtual game must not drift");
        black_box(game);
    });
    println!(
        "seven-hour 200-move game (table + scheduler): {:.1} µs per game over {games} games",
        per_game.as_secs_f64() * 1e6
    );

    const PRESSES: i64 = 100_000;
    let (per_batch, batches) = time_per_call(Duration::from_secs(2), || {
        let mut game = Game::new(config.setup(), 0);
        game.handle(0, Input::Start);
        for i in 1..=PRESSES {
            let side = if i % 2 == 1 { Side::White } else { Side::Black };
            game.handle(i * 1_000, Input::Press(side));
            black_box(game.drain_events());
        }
        black_box(game);
    });
    let per_press = per_batch.as_secs_f64() / PRESSES as f64;
    println!(
        "Game::handle(press) with drain_events: {:.0} ns per press, {:.1} M presses/s ({batches} runs of {PRESSES})",
        per_press * 1e9,
        1e-6 / per_press
    );
}

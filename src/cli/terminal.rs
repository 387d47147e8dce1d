//! A practice game in real time, driven by lines typed in the terminal.
//!
//! `w` (or Enter on an empty line, for the side on move) presses, `t`/`y` asks White's/Black's
//! time, `p` pauses or resumes, `q` quits. Events are printed as text lines. The input thread
//! stamps each line with the monotonic time of its arrival; the main loop sleeps until the next
//! deadline, so a flag is reported at its instant even when nobody types.

use super::{load_config, Failure};
use crate::clock::time::Clock;
use crate::clock::{Event, Game, Input, Ms, Phase, Side, Stamped};
use std::io::BufRead;
use std::path::Path;
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

/// `talkclock run`: a practice game in the terminal.
pub fn run_terminal(config: Option<&Path>) -> Result<(), Failure> {
    let config = load_config(config)?;
    let origin = Instant::now();
    let since = move |t: Instant| t.duration_since(origin).as_millis() as Ms;
    let mut game = Game::new(config.setup(), 0);
    println!("talkclock: practice game. Keys, then Enter:");
    println!(
        "  s start, w / b press White's / Black's clock, Enter alone presses for the side on move,"
    );
    println!("  t / y White's / Black's time, p pause or resume, q quit.");
    let (tx, rx) = mpsc::channel::<(Instant, String)>();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send((Instant::now(), line)).is_err() {
                break;
            }
        }
    });
    loop {
        let wait = game
            .next_deadline()
            .map(|d| Duration::from_millis((d - since(Instant::now())).max(0) as u64));
        let received = match wait {
            Some(wait) => rx.recv_timeout(wait),
            None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
        };
        match received {
            Ok((at, line)) => {
                let now = since(at);
                let Some(input) = key_to_input(line.trim(), &game) else {
                    if line.trim() == "q" {
                        break;
                    }
                    println!("? unknown key `{}`", line.trim());
                    continue;
                };
                game.handle(now, input);
            }
            Err(RecvTimeoutError::Timeout) => game.advance(since(Instant::now())),
            Err(RecvTimeoutError::Disconnected) => break,
        }
        for event in game.drain_events() {
            println!("{}", describe(&event));
        }
    }
    let now = since(Instant::now());
    game.advance(now);
    for event in game.drain_events() {
        println!("{}", describe(&event));
    }
    println!(
        "end: White {}, Black {}",
        Clock(game.remaining(Side::White, now)),
        Clock(game.remaining(Side::Black, now))
    );
    Ok(())
}

fn key_to_input(key: &str, game: &Game) -> Option<Input> {
    match key {
        "s" => Some(Input::Start),
        "w" => Some(Input::Press(Side::White)),
        "b" => Some(Input::Press(Side::Black)),
        "" => game.running().map(Input::Press),
        "t" => Some(Input::Query(Side::White)),
        "y" => Some(Input::Query(Side::Black)),
        "p" if matches!(game.phase(), Phase::Paused(_)) => Some(Input::Resume),
        "p" => Some(Input::Pause),
        _ => None,
    }
}

/// One event as a line of plain text.
pub fn describe(stamped: &Stamped) -> String {
    let at = Clock(stamped.at_ms);
    let text = match &stamped.event {
        Event::Start { side } => format!("{side}'s clock started"),
        Event::Press {
            side,
            move_number,
            white_ms,
            black_ms,
        } => format!(
            "{side} move {move_number}; White {}, Black {}",
            Clock(*white_ms),
            Clock(*black_ms)
        ),
        Event::IgnoredPress { side } => format!("{side} pressed, but it is not his clock"),
        Event::Stage {
            side,
            stage,
            added_ms,
        } => format!("{side} reached stage {stage}: {} added", Clock(*added_ms)),
        Event::Flag { side } => format!("{side}'s flag has fallen"),
        Event::Pause => "paused".to_string(),
        Event::Resume => "resumed".to_string(),
        Event::Adjust {
            side,
            old_ms,
            new_ms,
            clamped,
        } => format!(
            "{side}'s time changed from {} to {}{}",
            Clock(*old_ms),
            Clock(*new_ms),
            if *clamped {
                " (limited by rule 1.7.8)"
            } else {
                ""
            }
        ),
        Event::PlayerStop { side } => format!("{side} stopped the clock"),
        Event::Ruling { ruling, side } => match side {
            Some(side) => format!("ruling: {ruling:?} {side}"),
            None => format!("ruling: {ruling:?}"),
        },
        Event::Result { outcome, reason } => format!("result: {outcome:?} ({reason:?})"),
        Event::Query {
            side,
            remaining_ms,
            opponent_ms,
            moves_to_control,
        } => {
            let moves =
                moves_to_control.map_or(String::new(), |m| format!(", {m} moves to the control"));
            format!(
                "{side}: {} left{moves}; opponent {}",
                Clock(*remaining_ms),
                Clock(*opponent_ms)
            )
        }
        Event::Rejected { input, reason } => format!("refused `{input}`: {reason}"),
    };
    format!("[{at}] {text}")
}

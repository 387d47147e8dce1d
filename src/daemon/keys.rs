//! Keys typed in the terminal (or lines piped to standard input), one per line, stamped with
//! the monotonic time they arrived: the practice-at-home input and the way tests inject presses.
//!
//! `w` / `b` press White's / Black's clock, `t` / `y` ask White's / Black's time, `s` starts,
//! `p` pauses or resumes, `c` is a clock check for both players, `q` quits.

use crate::clock::{Input, Side};
use crate::table::{Listener, Request};
use std::io::BufRead;
use std::time::Instant;

/// What a typed key asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// A clock request, with the listener whose button it stands for.
    Request(Listener, Request),
    /// Pause if running, resume if paused.
    TogglePause,
    /// Quit the daemon.
    Quit,
}

/// Reads one typed line.
pub fn parse_key(line: &str) -> Option<Key> {
    let request = |l: Listener, r: Request| Some(Key::Request(l, r));
    match line.trim() {
        "w" => request(Listener::White, Request::Game(Input::Press(Side::White))),
        "b" => request(Listener::Black, Request::Game(Input::Press(Side::Black))),
        "t" => request(Listener::White, Request::Game(Input::Query(Side::White))),
        "y" => request(Listener::Black, Request::Game(Input::Query(Side::Black))),
        "s" => request(Listener::Arbiter, Request::Game(Input::Start)),
        "c" => request(Listener::Arbiter, Request::ClockCheck(Listener::All)),
        "p" => Some(Key::TogglePause),
        "q" => Some(Key::Quit),
        _ => None,
    }
}

/// Reads standard input on its own thread, sending each key with its arrival instant.
pub fn spawn_reader(send: impl Fn(Instant, Key) -> bool + Send + 'static) {
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            let at = Instant::now();
            match parse_key(&line) {
                Some(key) => {
                    if !send(at, key) {
                        break;
                    }
                }
                None if line.trim().is_empty() => {}
                None => eprintln!("? unknown key `{}` (w b t y s p c q)", line.trim()),
            }
        }
    });
}

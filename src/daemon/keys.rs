//! Input for the daemon: the configured readers (game controllers, evdev devices, and the
//! terminal in raw mode when standard input is a terminal), or, when standard input is not a
//! terminal, the key pipe: single characters as a terminal sends them, or one key name per
//! line (how tests and scripts inject presses; see [`crate::input::key_pipe`]). Every reader
//! sends its events straight into the core thread's channel, stamped where they entered.
//!
//! The key pipe takes any bytes: a line that is not UTF-8 text or is longer than
//! [`MAX_KEY_LINE`] is skipped with a log line (a long one is read through in pieces, never
//! held whole), and the reader pauses while [`MAX_QUEUED_EVENTS`] events wait unread, so no
//! input on the pipe can stop the reader or grow the daemon's memory without bound.

use crate::config::InputConfig;
use crate::input::device::DeviceId;
use crate::input::event::{RawInput, SourceEvent};
use crate::input::key_pipe::{KeyPipe, PipeItem, MAX_KEY_LINE};
use crate::input::sources::{spawn_all, SourcesError, Started};
use crossbeam_channel::Sender;
use std::io::IsTerminal;
use std::os::fd::AsFd;
use std::time::Instant;

/// Why the daemon stops cleanly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Quit {
    /// SIGINT.
    Interrupt,
    /// SIGTERM.
    Terminate,
    /// `q` on a piped standard input.
    QuitKey,
}

impl std::fmt::Display for Quit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Quit::Interrupt => "SIGINT",
            Quit::Terminate => "SIGTERM",
            Quit::QuitKey => "quit key",
        })
    }
}

/// Why the daemon's input cannot start.
#[derive(Debug, thiserror::Error)]
pub enum KeysError {
    /// A configured reader cannot start.
    #[error("{0}")]
    Sources(#[from] SourcesError),
    /// The key pipe's reader thread cannot start.
    #[error("cannot start the key pipe's reader: {0}")]
    PipeReader(std::io::Error),
}

/// Starts the readers; returns what started (keep it: it holds the terminal's raw mode).
/// `quit` is told when `q` arrives on a piped standard input, `closed` when that input ends
/// after carrying keys.
pub fn start(
    config: &InputConfig,
    events: Sender<SourceEvent>,
    quit: Sender<Quit>,
    closed: Sender<()>,
) -> Result<Started, KeysError> {
    let terminal = std::io::stdin().is_terminal();
    let started = spawn_all(config, terminal, &events)?;
    for note in &started.notes {
        tracing::info!("{note}");
    }
    if !terminal {
        spawn_pipe_reader(events, quit, closed).map_err(KeysError::PipeReader)?;
    }
    Ok(started)
}

/// The most events the key pipe's reader lets wait unread in the core's channel: past it, the
/// reader pauses (and a writer flooding the pipe waits), so a flood of lines cannot queue up
/// without bound in the daemon's memory.
pub const MAX_QUEUED_EVENTS: usize = 1024;

/// The key pipe's reader: bytes read as they come (a terminal's single characters, or whole
/// lines), turned into taps by [`KeyPipe`], each stamped when its bytes arrived; `q` quits.
/// What cannot be a key is skipped with a log line; while more than [`MAX_QUEUED_EVENTS`]
/// events wait unread it pauses. At the end of input (or a read error) it stops, and
/// `closed` is told if any key came first (a pipe that never carried a key, as a service's
/// `/dev/null`, closes without a word).
fn spawn_pipe_reader(
    events: Sender<SourceEvent>,
    quit: Sender<Quit>,
    closed: Sender<()>,
) -> std::io::Result<()> {
    std::thread::Builder::new()
        .name("input-pipe".into())
        .spawn(move || {
            let stdin = std::io::stdin();
            let fd = stdin.as_fd();
            let mut pipe = KeyPipe::new();
            let mut buf = [0u8; 4096];
            let mut skipped = 0u64;
            let mut keys = 0u64;
            loop {
                let (items, ended) = match wait_readable(fd, pipe.next_deadline()) {
                    Ok(false) => (pipe.idle(Instant::now()), false),
                    Ok(true) => match rustix::io::read(fd, &mut buf) {
                        Ok(0) => (pipe.end(), true),
                        Ok(n) => (pipe.feed(&buf[..n], Instant::now()), false),
                        Err(rustix::io::Errno::INTR) => continue,
                        Err(e) => {
                            tracing::warn!("standard input: {e}: no more keys are read");
                            (pipe.end(), true)
                        }
                    },
                    Err(rustix::io::Errno::INTR) => continue,
                    Err(e) => {
                        tracing::warn!("standard input: {e}: no more keys are read");
                        (pipe.end(), true)
                    }
                };
                for item in items {
                    match item {
                        PipeItem::Key { key, at } => {
                            keys += 1;
                            if !tap(&events, key, at) {
                                return;
                            }
                        }
                        PipeItem::Quit => {
                            let _ = quit.send(Quit::QuitKey);
                            return;
                        }
                        PipeItem::NotText { len } => {
                            skipped += 1;
                            if worth_logging(skipped) {
                                tracing::warn!(
                                    "standard input: a key line of {len} bytes is not UTF-8 \
                                     text: skipped ({skipped} bad key lines so far)"
                                );
                            }
                        }
                        PipeItem::TooLong { len } => {
                            skipped += 1;
                            if worth_logging(skipped) {
                                tracing::warn!(
                                    "standard input: a key line of {len} bytes (at most \
                                     {MAX_KEY_LINE}): dropped ({skipped} bad key lines so far)"
                                );
                            }
                        }
                    }
                }
                if ended {
                    tracing::info!("standard input ended: {keys} keys read from it");
                    if keys > 0 {
                        let _ = closed.send(());
                    }
                    return;
                }
            }
        })
        .map(|_| ())
}

/// Waits until `fd` can be read (true) or `deadline` passes (false).
fn wait_readable(
    fd: std::os::fd::BorrowedFd<'_>,
    deadline: Option<Instant>,
) -> rustix::io::Result<bool> {
    use rustix::event::{PollFd, PollFlags, Timespec};
    let timeout = deadline.map(|d| {
        let left = d.saturating_duration_since(Instant::now());
        Timespec {
            tv_sec: left.as_secs() as _,
            tv_nsec: left.subsec_nanos() as _,
        }
    });
    let mut fds = [PollFd::new(&fd, PollFlags::IN)];
    Ok(rustix::event::poll(&mut fds, timeout.as_ref())? > 0)
}

/// Sends a tap (press, release) of the terminal's `key` made at `at`, pausing while the core
/// has more than [`MAX_QUEUED_EVENTS`] unread; false when the core is gone.
fn tap(events: &Sender<SourceEvent>, key: String, at: Instant) -> bool {
    while events.len() > MAX_QUEUED_EVENTS {
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    [true, false].into_iter().all(|pressed| {
        let raw = RawInput {
            at,
            device: DeviceId::terminal(),
            button: key.clone(),
            pressed,
            repeat: false,
            lag: None,
        };
        events.send(SourceEvent::Button(raw)).is_ok()
    })
}

/// Whether the `n`th bad key line is logged: the first ten, then one in a thousand (a flood
/// of garbage on the pipe must not flood the log).
fn worth_logging(n: u64) -> bool {
    n <= 10 || n.is_multiple_of(1000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_flood_of_bad_key_lines_is_logged_sparingly() {
        let logged = (1..=100_000).filter(|&n| worth_logging(n)).count();
        assert_eq!(logged, 10 + 100);
    }
}

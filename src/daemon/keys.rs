//! Input for the daemon: the configured readers (game controllers, evdev devices, and the
//! terminal in raw mode when standard input is a terminal), or, when standard input is not a
//! terminal, one key name per line (how tests and scripts inject presses). Every reader sends
//! its events straight into the core thread's channel, stamped where they entered.
//!
//! The key pipe takes any bytes: a line that is not UTF-8 text or is longer than
//! [`MAX_KEY_LINE`] is skipped with a log line (a long one is read through in pieces, never
//! held whole), and the reader pauses while [`MAX_QUEUED_EVENTS`] events wait unread, so no
//! input on the pipe can stop the reader or grow the daemon's memory without bound.

use crate::config::InputConfig;
use crate::input::device::DeviceId;
use crate::input::event::{RawInput, SourceEvent};
use crate::input::sources::{spawn_all, Started};
use crossbeam_channel::Sender;
use std::io::{BufRead, IsTerminal};
use std::time::Instant;

/// Starts the readers; returns what started (keep it: it holds the terminal's raw mode).
/// `quit` is told when a `q` line arrives on a piped standard input.
pub fn start(
    config: &InputConfig,
    events: Sender<SourceEvent>,
    quit: Sender<&'static str>,
) -> Result<Started, String> {
    let terminal = std::io::stdin().is_terminal();
    let started = spawn_all(config, terminal, &events)?;
    for note in &started.notes {
        tracing::info!("{note}");
    }
    if !terminal {
        spawn_line_reader(events, quit);
    }
    Ok(started)
}

/// The longest key line taken, in bytes (a key name is a few bytes: `w`, `Space`,
/// `LeftTrigger2`); a longer line is dropped, read through in pieces, never held whole.
pub const MAX_KEY_LINE: usize = 256;

/// The most events the key pipe's reader lets wait unread in the core's channel: past it, the
/// reader pauses (and a writer flooding the pipe waits), so a flood of lines cannot queue up
/// without bound in the daemon's memory.
pub const MAX_QUEUED_EVENTS: usize = 1024;

/// One line of the key pipe, as [`read_key_line`] found it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyLine {
    /// A line of text, without its line end (and possibly empty).
    Text(String),
    /// A line that is not UTF-8 text; it was skipped.
    NotText {
        /// Its length in bytes, line end excluded.
        len: usize,
    },
    /// A line longer than [`MAX_KEY_LINE`] bytes; it was read through and dropped.
    TooLong {
        /// Its length in bytes, line end excluded.
        len: u64,
    },
    /// The end of input.
    End,
}

/// Reads the next line of `input` (ended by `\n` or by the end of input), holding at most
/// [`MAX_KEY_LINE`] + 1 of its bytes in `buf` whatever its length.
pub fn read_key_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> std::io::Result<KeyLine> {
    buf.clear();
    let limit = MAX_KEY_LINE as u64 + 1;
    let read = std::io::Read::take(&mut *input, limit).read_until(b'\n', buf)?;
    if read == 0 {
        return Ok(KeyLine::End);
    }
    if buf.last() == Some(&b'\n') {
        buf.pop();
    } else if buf.len() > MAX_KEY_LINE {
        let rest = skip_line(input)?;
        return Ok(KeyLine::TooLong {
            len: buf.len() as u64 + rest,
        });
    }
    Ok(match std::str::from_utf8(buf) {
        Ok(text) => KeyLine::Text(text.to_string()),
        Err(_) => KeyLine::NotText { len: buf.len() },
    })
}

/// Reads through the rest of a line without keeping it; the bytes read before its `\n`.
fn skip_line(input: &mut impl BufRead) -> std::io::Result<u64> {
    let mut skipped = 0u64;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(skipped);
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return Ok(skipped + end as u64);
            }
            None => {
                let len = chunk.len();
                input.consume(len);
                skipped += len as u64;
            }
        }
    }
}

/// Each line of standard input is a tap of the terminal key it names (`w`, `Space`, …),
/// stamped when the line arrived; `q` quits. A line that is not UTF-8 text, or longer than
/// [`MAX_KEY_LINE`], is skipped with a log line; the reader goes on. While more than
/// [`MAX_QUEUED_EVENTS`] events wait unread it pauses. It stops at the end of input, or on a
/// read error (logged).
fn spawn_line_reader(events: Sender<SourceEvent>, quit: Sender<&'static str>) {
    std::thread::spawn(move || {
        let stdin = std::io::stdin();
        let mut input = stdin.lock();
        let mut buf = Vec::with_capacity(MAX_KEY_LINE + 1);
        let mut skipped = 0u64;
        loop {
            let line = match read_key_line(&mut input, &mut buf) {
                Ok(KeyLine::Text(line)) => line,
                Ok(KeyLine::NotText { len }) => {
                    skipped += 1;
                    if worth_logging(skipped) {
                        tracing::warn!(
                            "standard input: a key line of {len} bytes is not UTF-8 text: \
                             skipped ({skipped} bad key lines so far)"
                        );
                    }
                    continue;
                }
                Ok(KeyLine::TooLong { len }) => {
                    skipped += 1;
                    if worth_logging(skipped) {
                        tracing::warn!(
                            "standard input: a key line of {len} bytes (at most \
                             {MAX_KEY_LINE}): dropped ({skipped} bad key lines so far)"
                        );
                    }
                    continue;
                }
                Ok(KeyLine::End) => break,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    tracing::warn!("standard input: {e}: no more key lines are read");
                    break;
                }
            };
            let at = Instant::now();
            let key = line.trim();
            if key.is_empty() {
                continue;
            }
            if key == "q" {
                let _ = quit.send("quit key");
                break;
            }
            while events.len() > MAX_QUEUED_EVENTS {
                std::thread::sleep(std::time::Duration::from_millis(1));
            }
            for pressed in [true, false] {
                let raw = RawInput {
                    at,
                    device: DeviceId::terminal(),
                    button: key.to_string(),
                    pressed,
                    repeat: false,
                };
                if events.send(SourceEvent::Button(raw)).is_err() {
                    return;
                }
            }
        }
    });
}

/// Whether the `n`th bad key line is logged: the first ten, then one in a thousand (a flood
/// of garbage on the pipe must not flood the log).
fn worth_logging(n: u64) -> bool {
    n <= 10 || n.is_multiple_of(1000)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor};

    fn lines_of(bytes: &[u8], capacity: usize) -> Vec<KeyLine> {
        let mut input = BufReader::with_capacity(capacity, Cursor::new(bytes.to_vec()));
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            let line = read_key_line(&mut input, &mut buf).expect("a cursor reads");
            assert!(
                buf.capacity() <= 4 * (MAX_KEY_LINE + 1),
                "{}",
                buf.capacity()
            );
            if line == KeyLine::End {
                return out;
            }
            out.push(line);
        }
    }

    fn text(s: &str) -> KeyLine {
        KeyLine::Text(s.to_string())
    }

    #[test]
    fn a_non_utf8_key_line_is_skipped_and_the_next_one_read() {
        let lines = lines_of(b"w\n\xff\xfe w\x80\nb\n", 8);
        assert_eq!(
            lines,
            vec![text("w"), KeyLine::NotText { len: 5 }, text("b")]
        );
    }

    #[test]
    fn a_key_line_longer_than_the_bound_is_dropped_and_the_next_one_read() {
        let long = vec![b'x'; 1_000_000];
        for capacity in [1, 7, 64, 8192] {
            let mut bytes = b"w\n".to_vec();
            bytes.extend_from_slice(&long);
            bytes.extend_from_slice(b"\nb\n");
            assert_eq!(
                lines_of(&bytes, capacity),
                vec![text("w"), KeyLine::TooLong { len: 1_000_000 }, text("b")],
                "buffer of {capacity}"
            );
        }
    }

    #[test]
    fn a_key_line_at_the_bound_is_kept_and_one_past_it_is_dropped() {
        let at = "k".repeat(MAX_KEY_LINE);
        let past = "k".repeat(MAX_KEY_LINE + 1);
        let bytes = format!("{at}\n{past}\n{past}");
        assert_eq!(
            lines_of(bytes.as_bytes(), 16),
            vec![
                text(&at),
                KeyLine::TooLong {
                    len: MAX_KEY_LINE as u64 + 1
                },
                KeyLine::TooLong {
                    len: MAX_KEY_LINE as u64 + 1
                },
            ]
        );
    }

    #[test]
    fn a_flood_of_bad_key_lines_is_logged_sparingly() {
        let logged = (1..=100_000).filter(|&n| worth_logging(n)).count();
        assert_eq!(logged, 10 + 100);
    }

    #[test]
    fn the_last_line_needs_no_line_end() {
        assert_eq!(lines_of(b"w\n\nb", 4), vec![text("w"), text(""), text("b")]);
    }
}

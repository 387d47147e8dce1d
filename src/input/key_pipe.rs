//! The key pipe's reading, without I/O: the bytes that arrive on the daemon's standard input
//! when it is not a terminal, turned into key taps.
//!
//! Two ways of writing keys are taken, as a terminal and as a script would:
//! - **Whole lines**: `w\n`, `Space\n`, `LeftTrigger2\n` — each line names one key (how tests
//!   and scripts inject presses). `q` quits.
//! - **Single characters** with no line end: `printf 's'; sleep 2; printf 'w'` — once no more
//!   bytes have come for [`TAIL_WAIT`], a short tail (at most [`MAX_TAIL_KEYS`] characters)
//!   is a tap of each character, stamped when it arrived (a space is `Space`), unless it is a
//!   named key whole (`Space`). A longer tail waits for its line end: it is a line still being
//!   written. At the end of input, what is pending is a last line. (A writer that stops for
//!   [`TAIL_WAIT`] in the middle of a short line has its letters taken as keys: write a line
//!   in one write, as `echo` and `printf '…\n'` do.)
//!
//! Whatever arrives is bounded: a line that is not UTF-8 text, or longer than
//! [`MAX_KEY_LINE`] bytes, is skipped (a long one is counted, never held whole).

use std::time::{Duration, Instant};

/// The longest key line taken, in bytes (a key name is a few bytes: `w`, `Space`,
/// `LeftTrigger2`); a longer line is dropped, counted, never held whole.
pub const MAX_KEY_LINE: usize = 256;

/// How long a tail without a line end waits for more bytes before its characters are taps.
pub const TAIL_WAIT: Duration = Duration::from_millis(100);

/// The most characters a tail without a line end may have to be taken as single keys.
pub const MAX_TAIL_KEYS: usize = 8;

/// What the key pipe's bytes mean.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PipeItem {
    /// A tap of the key named `key`, made at `at`.
    Key {
        /// The key's name as the bindings know it (`w`, `Space`).
        key: String,
        /// When its bytes arrived.
        at: Instant,
    },
    /// `q`: stop the daemon.
    Quit,
    /// A line that is not UTF-8 text: skipped.
    NotText {
        /// Its length in bytes, line end excluded.
        len: usize,
    },
    /// A line longer than [`MAX_KEY_LINE`] bytes: dropped.
    TooLong {
        /// Its length in bytes, line end excluded.
        len: u64,
    },
}

/// The key pipe's reader state: the bytes of the line being written, each with its arrival.
#[derive(Debug, Default)]
pub struct KeyPipe {
    line: Vec<u8>,
    stamps: Vec<Instant>,
    /// The length of a line past [`MAX_KEY_LINE`], being read through to its end.
    dropping: Option<u64>,
    last_at: Option<Instant>,
}

impl KeyPipe {
    /// A reader with nothing pending.
    pub fn new() -> KeyPipe {
        KeyPipe::default()
    }

    /// Takes `bytes` that arrived at `at`; returns what every line they complete means.
    pub fn feed(&mut self, bytes: &[u8], at: Instant) -> Vec<PipeItem> {
        let mut items = Vec::new();
        self.last_at = Some(at);
        for &byte in bytes {
            if byte == b'\n' {
                items.extend(self.end_line());
                continue;
            }
            if let Some(len) = self.dropping.as_mut() {
                *len += 1;
                continue;
            }
            self.line.push(byte);
            self.stamps.push(at);
            if self.line.len() > MAX_KEY_LINE {
                self.dropping = Some(self.line.len() as u64);
                self.line.clear();
                self.stamps.clear();
            }
        }
        items
    }

    /// When the tail without a line end is due to be taken as single keys, if there is one
    /// that may be.
    pub fn next_deadline(&self) -> Option<Instant> {
        let short = !self.line.is_empty()
            && self.dropping.is_none()
            && self.line.len() <= 4 * MAX_TAIL_KEYS
            && std::str::from_utf8(&self.line).is_ok_and(|t| t.chars().count() <= MAX_TAIL_KEYS);
        self.last_at.filter(|_| short).map(|at| at + TAIL_WAIT)
    }

    /// At `now`: a short tail that has waited [`TAIL_WAIT`] with nothing after it, as taps of
    /// its characters.
    pub fn idle(&mut self, now: Instant) -> Vec<PipeItem> {
        match self.next_deadline() {
            Some(due) if now >= due => self.take_tail(),
            _ => Vec::new(),
        }
    }

    /// The end of input: what is pending, as a last line (it needs no line end).
    pub fn end(&mut self) -> Vec<PipeItem> {
        self.end_line()
    }

    /// A short tail's characters as taps (a named key whole as one).
    fn take_tail(&mut self) -> Vec<PipeItem> {
        let Ok(text) = std::str::from_utf8(&self.line) else {
            return Vec::new();
        };
        if text.chars().count() > 1 && super::bindings::is_terminal_key(text) {
            return self.end_line();
        }
        let mut items = Vec::new();
        for (offset, c) in text.char_indices() {
            let at = self.stamps[offset];
            let key = match c {
                ' ' => "Space".to_string(),
                '\r' => "Enter".to_string(),
                '\t' => "Tab".to_string(),
                'q' => {
                    items.push(PipeItem::Quit);
                    break;
                }
                c if c.is_control() => continue,
                c => c.to_string(),
            };
            items.push(PipeItem::Key { key, at });
        }
        self.line.clear();
        self.stamps.clear();
        items
    }

    /// The line pending, ended: one key name (or `q`), or why it was skipped.
    fn end_line(&mut self) -> Vec<PipeItem> {
        if let Some(len) = self.dropping.take() {
            return vec![PipeItem::TooLong { len }];
        }
        let at = self.stamps.first().copied();
        let line = std::mem::take(&mut self.line);
        self.stamps.clear();
        let text = match String::from_utf8(line) {
            Ok(text) => text,
            Err(e) => {
                return vec![PipeItem::NotText {
                    len: e.as_bytes().len(),
                }]
            }
        };
        let key = text.trim();
        match (key, at) {
            ("", _) | (_, None) => Vec::new(),
            ("q", _) => vec![PipeItem::Quit],
            (key, Some(at)) => vec![PipeItem::Key {
                key: key.to_string(),
                at,
            }],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn keys(items: &[PipeItem]) -> Vec<&str> {
        items
            .iter()
            .map(|i| match i {
                PipeItem::Key { key, .. } => key.as_str(),
                PipeItem::Quit => "<quit>",
                PipeItem::NotText { .. } => "<not text>",
                PipeItem::TooLong { .. } => "<too long>",
            })
            .collect()
    }

    #[test]
    fn whole_lines_name_keys_as_before() {
        let mut pipe = KeyPipe::new();
        let at = Instant::now();
        let items = pipe.feed(b"w\nSpace\n\nLeftTrigger2\n", at);
        assert_eq!(keys(&items), ["w", "Space", "LeftTrigger2"]);
        assert_eq!(pipe.next_deadline(), None);
        assert_eq!(keys(&pipe.feed(b"q\n", at)), ["<quit>"]);
    }

    /// `printf 's'; sleep 2; printf 'w'` did nothing: the reader waited for line ends.
    #[test]
    fn single_characters_without_line_ends_are_taps_once_nothing_follows() {
        let mut pipe = KeyPipe::new();
        let t0 = Instant::now();
        assert!(pipe.feed(b"s", t0).is_empty());
        assert!(pipe.idle(t0 + TAIL_WAIT / 2).is_empty(), "it may be a name");
        let items = pipe.idle(t0 + TAIL_WAIT);
        assert_eq!(
            items,
            vec![PipeItem::Key {
                key: "s".into(),
                at: t0
            }]
        );
        let t1 = t0 + Duration::from_secs(2);
        pipe.feed(b"w ", t1);
        let items = pipe.idle(t1 + TAIL_WAIT);
        assert_eq!(keys(&items), ["w", "Space"]);
        assert!(items
            .iter()
            .all(|i| matches!(i, PipeItem::Key { at, .. } if *at == t1)));
    }

    #[test]
    fn a_line_written_in_pieces_is_one_name_not_its_letters() {
        let mut pipe = KeyPipe::new();
        let t0 = Instant::now();
        assert!(pipe.feed(b"Spa", t0).is_empty());
        let t1 = t0 + Duration::from_millis(20);
        let items = pipe.feed(b"ce\n", t1);
        assert_eq!(
            items,
            vec![PipeItem::Key {
                key: "Space".into(),
                at: t0
            }]
        );
        // A named key whole is one key, after the wait too.
        pipe.feed(b"Space", t1);
        assert_eq!(keys(&pipe.idle(t1 + TAIL_WAIT)), ["Space"]);
        // A long tail is a line still being written, however long it waits.
        pipe.feed(b"unbound-key-1", t1);
        assert_eq!(pipe.next_deadline(), None);
        assert!(pipe.idle(t1 + TAIL_WAIT * 10).is_empty());
        assert_eq!(keys(&pipe.feed(b"23\n", t1)), ["unbound-key-123"]);
    }

    #[test]
    fn the_end_of_input_takes_what_is_pending() {
        let mut pipe = KeyPipe::new();
        let at = Instant::now();
        pipe.feed(b"w\nb", at);
        assert_eq!(keys(&pipe.end()), ["b"]);
        pipe.feed(b"w\nSpace", at);
        assert_eq!(keys(&pipe.end()), ["Space"]);
        let mut pipe = KeyPipe::new();
        pipe.feed(b"LeftTrigger2", at);
        assert_eq!(keys(&pipe.end()), ["LeftTrigger2"]);
    }

    #[test]
    fn a_non_utf8_key_line_is_skipped_and_the_next_one_read() {
        let mut pipe = KeyPipe::new();
        let items = pipe.feed(b"w\n\xff\xfe w\x80\nb\n", Instant::now());
        assert_eq!(items[1], PipeItem::NotText { len: 5 }, "{items:?}");
        assert_eq!(keys(&items), ["w", "<not text>", "b"]);
    }

    #[test]
    fn a_key_line_longer_than_the_bound_is_dropped_without_being_held() {
        let mut pipe = KeyPipe::new();
        let at = Instant::now();
        pipe.feed(b"w\n", at);
        for _ in 0..1000 {
            assert!(pipe.feed(&[b'x'; 1000], at).is_empty());
            assert!(pipe.line.capacity() <= 4 * (MAX_KEY_LINE + 1));
            assert!(
                pipe.idle(at + TAIL_WAIT).is_empty(),
                "no letters from a long line"
            );
        }
        let items = pipe.feed(b"\nb\n", at);
        assert_eq!(
            items,
            vec![
                PipeItem::TooLong { len: 1_000_000 },
                PipeItem::Key {
                    key: "b".into(),
                    at
                }
            ]
        );
    }

    #[test]
    fn a_key_line_at_the_bound_is_kept_and_one_past_it_is_dropped() {
        let mut pipe = KeyPipe::new();
        let at = Instant::now();
        let name = "k".repeat(MAX_KEY_LINE);
        let past = "k".repeat(MAX_KEY_LINE + 1);
        let items = pipe.feed(format!("{name}\n{past}\n").as_bytes(), at);
        assert_eq!(
            items,
            vec![
                PipeItem::Key { key: name, at },
                PipeItem::TooLong {
                    len: MAX_KEY_LINE as u64 + 1
                }
            ]
        );
    }
}

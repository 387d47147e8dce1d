//! The terminal reader, for practice at home and testing by hand: keys read in raw mode
//! (crossterm). Terminals seldom report key releases, so each key is a press followed at once
//! by a release (a tap); Ctrl-C ends the reader.

use super::device::DeviceId;
use super::event::{RawInput, SourceEvent};
use crossbeam_channel::Sender;
use crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use std::thread::JoinHandle;
use std::time::Instant;

/// A key's name in bindings: the character itself (`w`), `Space`, or a named key (`Enter`).
pub fn key_name(code: &KeyCode) -> Option<String> {
    let name = match code {
        KeyCode::Char(' ') => "Space",
        KeyCode::Char(c) if !c.is_control() => return Some(c.to_string()),
        KeyCode::Enter => "Enter",
        KeyCode::Tab => "Tab",
        KeyCode::Backspace => "Backspace",
        KeyCode::Esc => "Esc",
        KeyCode::Up => "Up",
        KeyCode::Down => "Down",
        KeyCode::Left => "Left",
        KeyCode::Right => "Right",
        KeyCode::Delete => "Delete",
        _ => return None,
    };
    Some(name.to_string())
}

/// What one terminal key event means: a tap (press then release), a repeat, nothing (a
/// release already sent, or a key without a name), or `None` for Ctrl-C (stop reading).
pub fn convert(key: &KeyEvent, at: Instant) -> Option<Vec<SourceEvent>> {
    if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
        return None;
    }
    let Some(button) = key_name(&key.code) else {
        return Some(Vec::new());
    };
    let raw = |pressed, repeat| {
        SourceEvent::Button(RawInput {
            at,
            device: DeviceId::terminal(),
            button: button.clone(),
            pressed,
            repeat,
            lag: None,
        })
    };
    Some(match key.kind {
        KeyEventKind::Press => vec![raw(true, false), raw(false, false)],
        KeyEventKind::Repeat => vec![raw(true, true)],
        KeyEventKind::Release => Vec::new(),
    })
}

/// Raw mode for as long as it lives.
#[derive(Debug)]
pub struct RawMode(());

/// Whether the terminal is in raw mode now (lines must then end in `\r\n`).
static RAW: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

impl RawMode {
    /// Puts the terminal in raw mode.
    pub fn enable() -> std::io::Result<RawMode> {
        crossterm::terminal::enable_raw_mode()?;
        RAW.store(true, std::sync::atomic::Ordering::SeqCst);
        Ok(RawMode(()))
    }
}

impl Drop for RawMode {
    fn drop(&mut self) {
        RAW.store(false, std::sync::atomic::Ordering::SeqCst);
        let _ = crossterm::terminal::disable_raw_mode();
    }
}

/// How a printed line must end: `\r\n` while the terminal is in raw mode (a bare `\n` only
/// moves down, and the next line would start where this one ended), else `\n`.
pub fn line_end() -> &'static str {
    if RAW.load(std::sync::atomic::Ordering::SeqCst) {
        "\r\n"
    } else {
        "\n"
    }
}

/// Standard error with every line ending as [`line_end`] says (for the log, so that log lines
/// start at column 0 while the terminal is in raw mode).
#[derive(Debug, Clone, Copy)]
pub struct TerminalWriter;

impl std::io::Write for TerminalWriter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let mut err = std::io::stderr().lock();
        match line_end() {
            "\n" => err.write_all(buf)?,
            _ => {
                let text = String::from_utf8_lossy(buf);
                err.write_all(terminal_lines(&text).as_bytes())?;
            }
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        std::io::stderr().flush()
    }
}

/// Text with every line ending as [`line_end`] says.
pub fn terminal_lines(text: &str) -> std::borrow::Cow<'_, str> {
    match line_end() {
        "\n" => std::borrow::Cow::Borrowed(text),
        end => std::borrow::Cow::Owned(text.replace("\r\n", "\n").replace('\n', end)),
    }
}

/// Starts the terminal reader (the caller keeps the terminal in raw mode with [`RawMode`]).
/// The reader ends on Ctrl-C (after sending the terminal's `Disconnected`), at the end of
/// input, or when the receiver is dropped.
pub fn spawn(tx: Sender<SourceEvent>) -> std::io::Result<JoinHandle<()>> {
    std::thread::Builder::new()
        .name("input-terminal".into())
        .spawn(move || {
            let _ = tx.send(SourceEvent::Connected {
                at: Instant::now(),
                device: DeviceId::terminal(),
            });
            while let Ok(event) = crossterm::event::read() {
                let Event::Key(key) = event else { continue };
                let Some(events) = convert(&key, Instant::now()) else {
                    let _ = tx.send(SourceEvent::Disconnected {
                        at: Instant::now(),
                        device: DeviceId::terminal(),
                    });
                    return;
                };
                for event in events {
                    if tx.send(event).is_err() {
                        return;
                    }
                }
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In raw mode a bare `\n` only moves down a line: announcement and log lines staircased
    /// across the screen and a screen reader read fragments.
    #[test]
    fn raw_mode_lines_start_at_column_zero() {
        assert_eq!(terminal_lines("a\nb\n"), "a\nb\n");
        RAW.store(true, std::sync::atomic::Ordering::SeqCst);
        let raw = terminal_lines("a\nb\r\nc\n").into_owned();
        RAW.store(false, std::sync::atomic::Ordering::SeqCst);
        assert_eq!(raw, "a\r\nb\r\nc\r\n");
    }

    #[test]
    fn a_key_is_a_tap_and_space_has_a_name() {
        let at = Instant::now();
        let key = KeyEvent::new(KeyCode::Char(' '), KeyModifiers::NONE);
        let Some(events) = convert(&key, at) else {
            panic!("a space is not Ctrl-C");
        };
        let seen: Vec<(String, bool)> = events
            .iter()
            .filter_map(|e| match e {
                SourceEvent::Button(raw) => Some((raw.button.clone(), raw.pressed)),
                _ => None,
            })
            .collect();
        assert_eq!(
            seen,
            vec![("Space".to_string(), true), ("Space".to_string(), false)]
        );
    }

    #[test]
    fn ctrl_c_ends_the_reader_and_unnamed_keys_are_ignored() {
        let at = Instant::now();
        let ctrl_c = KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(convert(&ctrl_c, at), None);
        let f5 = KeyEvent::new(KeyCode::F(5), KeyModifiers::NONE);
        assert_eq!(convert(&f5, at), Some(Vec::new()));
        assert_eq!(key_name(&KeyCode::Enter).as_deref(), Some("Enter"));
        assert_eq!(key_name(&KeyCode::Char('w')).as_deref(), Some("w"));
    }
}

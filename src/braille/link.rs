//! One display's connection kept on threads of its own, so the clock's thread never waits on
//! a socket: the clock puts the latest line in a one-slot mailbox (a newer line replaces one
//! not yet written), the writer thread writes it, and a reader thread hands each key to a
//! callback. A lost connection is tried again every [`RETRY_EVERY`], quietly; the line is
//! written again once it is back.

use super::client::{ClientError, Connection, Settings};
use super::protocol::Key;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Duration;

/// How often a connection that failed or was lost is tried again.
pub const RETRY_EVERY: Duration = Duration::from_secs(5);

/// The latest line and its number (0: none yet), and whether the link is to stop.
#[derive(Default)]
struct Slot {
    line: String,
    number: u64,
    stop: bool,
}

#[derive(Default)]
struct Mailbox {
    slot: Mutex<Slot>,
    changed: Condvar,
}

/// The cells assumed until a display has told its size.
pub const CELLS_UNTIL_KNOWN: usize = 40;

/// The clock's handle on one display.
pub struct Link {
    mailbox: Arc<Mailbox>,
    /// The display's cells, as it last said.
    cells: Arc<AtomicUsize>,
    /// The number of the last line written to the display.
    written: Arc<AtomicU64>,
}

impl Link {
    /// Connects as `settings` say (once, before returning: its result is the second value)
    /// and starts the threads; `on_key` is called on the reader thread for each key.
    pub fn start(
        settings: Settings,
        name: String,
        on_key: impl Fn(Key) + Send + Sync + 'static,
    ) -> (Link, Result<(), ClientError>) {
        let (first, result) = match Connection::open(&settings) {
            Ok(c) => (Some(c), Ok(())),
            Err(e) => (None, Err(e)),
        };
        let cells = Arc::new(AtomicUsize::new(
            first.as_ref().map_or(CELLS_UNTIL_KNOWN, Connection::cells),
        ));
        let mailbox = Arc::new(Mailbox::default());
        let written = Arc::new(AtomicU64::new(0));
        let shared = (mailbox.clone(), cells.clone(), written.clone());
        let on_key = Arc::new(on_key);
        let spawned = std::thread::Builder::new()
            .name(format!("braille {name}"))
            .spawn(move || write_loop(settings, first, &shared.0, &shared.1, &shared.2, on_key));
        if let Err(e) = spawned {
            tracing::warn!("braille {name}: cannot start its thread: {e}");
        }
        (
            Link {
                mailbox,
                cells,
                written,
            },
            result,
        )
    }

    /// The display's cells (as it last said; [`CELLS_UNTIL_KNOWN`] before).
    pub fn cells(&self) -> usize {
        self.cells.load(Ordering::Relaxed)
    }

    /// Waits (at most `limit`) until the last line shown is on the display; false if it is
    /// not (no display answers).
    pub fn flush(&self, limit: std::time::Duration) -> bool {
        let end = std::time::Instant::now() + limit;
        loop {
            let wanted = self.mailbox.slot.lock().map_or(0, |slot| slot.number);
            if self.written.load(Ordering::SeqCst) >= wanted {
                return true;
            }
            if std::time::Instant::now() > end {
                return false;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    /// Shows `line` (replacing a line not yet written).
    pub fn show(&self, line: String) {
        if let Ok(mut slot) = self.mailbox.slot.lock() {
            if slot.line != line || slot.number == 0 {
                slot.line = line;
                slot.number += 1;
                self.mailbox.changed.notify_one();
            }
        }
    }
}

impl Drop for Link {
    fn drop(&mut self) {
        if let Ok(mut slot) = self.mailbox.slot.lock() {
            slot.stop = true;
            self.mailbox.changed.notify_one();
        }
    }
}

fn write_loop(
    settings: Settings,
    mut connection: Option<Connection>,
    mailbox: &Mailbox,
    cells: &AtomicUsize,
    shown: &AtomicU64,
    on_key: Arc<dyn Fn(Key) + Send + Sync>,
) {
    let alive = Arc::new(AtomicBool::new(false));
    if let Some(c) = &connection {
        start_keys(c, &alive, &on_key);
    }
    let mut written = 0u64;
    let mut lost_logged = false;
    loop {
        if connection.is_some() && !alive.load(Ordering::SeqCst) {
            connection = None;
            if !lost_logged {
                tracing::warn!(
                    "braille display on {}: the connection was lost; trying again",
                    settings.host
                );
                lost_logged = true;
            }
        }
        let Some((line, number)) = next_line(mailbox, written) else {
            if let Some(c) = connection.take() {
                c.close();
            }
            return;
        };
        if connection.is_none() {
            let Ok(c) = Connection::open(&settings) else {
                continue;
            };
            tracing::info!(
                "braille display on {} connected ({}, {} cells)",
                settings.host,
                c.driver(),
                c.cells()
            );
            lost_logged = false;
            start_keys(&c, &alive, &on_key);
            cells.store(c.cells(), Ordering::Relaxed);
            connection = Some(c);
            written = 0;
        }
        if number == 0 || number == written {
            continue;
        }
        if let Some(c) = connection.as_mut() {
            match c.write(&line) {
                Ok(()) => {
                    written = number;
                    shown.store(number, Ordering::SeqCst);
                }
                Err(e) => {
                    if !lost_logged {
                        tracing::warn!("braille display on {}: {e}; trying again", settings.host);
                        lost_logged = true;
                    }
                    connection = None;
                }
            }
        }
    }
}

/// Waits for a line newer than `written`, or at most [`RETRY_EVERY`] (to look at the
/// connection again); the latest line and its number, or `None` when the link stops.
fn next_line(mailbox: &Mailbox, written: u64) -> Option<(String, u64)> {
    let mut slot = mailbox.slot.lock().ok()?;
    if !slot.stop && slot.number == written {
        slot = mailbox.changed.wait_timeout(slot, RETRY_EVERY).ok()?.0;
    }
    if slot.stop {
        return None;
    }
    Some((slot.line.clone(), slot.number))
}

fn start_keys(
    connection: &Connection,
    alive: &Arc<AtomicBool>,
    on_key: &Arc<dyn Fn(Key) + Send + Sync>,
) {
    let mut keys = match connection.keys() {
        Ok(keys) => keys,
        Err(e) => {
            tracing::warn!("braille display: cannot read its keys: {e}");
            return;
        }
    };
    alive.store(true, Ordering::SeqCst);
    let alive = alive.clone();
    let on_key = on_key.clone();
    let spawned = std::thread::Builder::new()
        .name("braille keys".into())
        .spawn(move || {
            while let Ok(key) = keys.next_key() {
                on_key(key);
            }
            alive.store(false, Ordering::SeqCst);
        });
    if let Err(e) = spawned {
        tracing::warn!("braille display: cannot start its key reader: {e}");
    }
}

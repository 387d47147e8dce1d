//! The core's side of the journal, without touching it: each record is asked for
//! ([`JournalOp::Append`]) with the next sequence number and counted; what the driver answers
//! ([`JournalEvent`]) moves the gate on (what is told goes out once its records are written to
//! the journal file, before their sync), or puts the core in the "down" mode of a
//! full disk: the clock pauses, the records not written wait (with the pause the core made) and
//! are asked for again every [`RETRY_MS`], and the journal works again once they are durable.
//! Also the free-space warning and the journal file written again after it was deleted.

use super::{Clocks, Core, CoreOutput, JournalEvent, JournalOp};
use crate::clock::{Input, Ms};
use crate::daemon::prefs::Prefs;
use crate::journal::{Record, Source};
use crate::speech::{Announcement, JournalTrouble};
use crate::table::{Audience, Listener, Request};
use std::time::{Duration, Instant};

/// Below this much free space where the journal is written, the arbiter is warned.
pub const LOW_SPACE_BYTES: u64 = 16 * 1024 * 1024;

/// How often the free space is checked (while the core wakes: a clock runs).
pub(super) const SPACE_EVERY: Duration = Duration::from_secs(30);

/// How often the journal file is checked to be there while no clock runs (while one runs, the
/// driver checks it before every record): a journal deleted while the game is paused is
/// written again before a crash can lose the game.
pub(super) const VERIFY_EVERY: Duration = Duration::from_millis(super::HEARTBEAT_MS as u64);

/// How often a journal that cannot be written is tried again.
pub const RETRY_MS: u64 = 1_000;

/// While the journal cannot be written (a full disk): the records that must be written first
/// once it can (those not written, and the pause the core made), and when to try again.
#[derive(Debug)]
pub(super) struct Down {
    pending: Vec<Record>,
    pub(super) retry_at: Instant,
    /// Everything was asked for again: the journal works once this many records are durable.
    settling: Option<u64>,
}

impl Core {
    /// How many journal records were asked for so far (counted from 1 across games): a reply
    /// made now may be sent once [`Core::durable`] reaches it.
    pub fn written(&self) -> u64 {
        self.appended
    }

    /// How many journal records are durable, as the driver last told.
    pub fn durable(&self) -> u64 {
        self.durable
    }

    /// Whether the journal cannot be written now.
    pub fn journal_down(&self) -> bool {
        self.down.is_some()
    }

    /// What the journal's driver tells, at `at`: records written (what is told for them goes
    /// out) or durable, a sync or a write that failed (the clock pauses as for a full disk,
    /// and everyone is told that the last press may not be recorded: the second word on a
    /// press already clicked), the file written again, the space left, the seal.
    pub fn journal_event(&mut self, at: Clocks, event: JournalEvent) {
        match event {
            JournalEvent::Written(written) => self.gate.reach(written),
            JournalEvent::Synced(durable) => {
                // What is durable is written too.
                self.gate.reach(durable);
                self.durable = self.durable.max(durable);
                if self.down.as_ref().is_some_and(|d| d.settling.is_some()) {
                    self.flush_pending(at);
                }
            }
            JournalEvent::SyncFailed(why) => match self.down.as_mut() {
                // Written again, and that failed too: try again later (everyone was told).
                Some(down) => down.settling = None,
                None => self.go_down(at, &format!("sync failed: {why}"), Vec::new()),
            },
            JournalEvent::Failed { why, unwritten } => {
                // What was told before is held for the records asked for then, the failed ones
                // among them: it goes out once they are written again and durable.
                self.hold_told();
                self.appended -= unwritten.len() as u64;
                match self.down.as_mut() {
                    Some(down) => {
                        down.settling = None;
                        down.retry_at = at.mono + Duration::from_millis(RETRY_MS);
                        down.pending.splice(0..0, unwritten);
                    }
                    None => self.go_down(at, &why, unwritten),
                }
            }
            JournalEvent::Rewritten => self.rewritten(),
            JournalEvent::Space(free) => self.check_space(free),
            JournalEvent::Sealed(seal) => self.sealed(&seal),
            JournalEvent::SetupSaved(saved) => self.setup_saved(at, saved),
        }
        self.collect();
    }

    /// Asks for a record with the next sequence number; the closure gets it and the monotonic
    /// milliseconds since this core began. Returns whether it was asked for: while the journal
    /// cannot be written (a full disk), nothing new is (the clock is paused, everyone was
    /// told, the core keeps trying), and nothing is applied that is not journaled.
    pub(super) fn write(&mut self, at: Clocks, build: impl FnOnce(u64, Ms) -> Record) -> bool {
        if self.down.is_some() && !self.flush_pending(at) {
            return false;
        }
        let record = build(self.next_seq, self.timeline.mono_ms(at.mono));
        self.next_seq += 1;
        self.appended += 1;
        self.journal_ops.push(JournalOp::Append(record));
        true
    }

    /// The journal cannot be written: the clock pauses at once (the records not written, then
    /// the pause, are written first when the journal can be written again), and the players
    /// and the arbiter are told, each in his language. The daemon never exits mid-game for it.
    fn go_down(&mut self, at: Clocks, why: &str, mut pending: Vec<Record>) {
        tracing::error!(
            said = true,
            "{}: cannot write the journal ({why}): the clock is paused until it can",
            self.journal
        );
        let now = self.timeline.game_ms(at.mono);
        self.table.advance(now);
        if self.table.game().running().is_some() {
            let pause = Request::Game(Input::Pause);
            pending.push(Record::Input {
                seq: self.next_seq,
                game_ms: now,
                mono_ms: self.timeline.mono_ms(at.mono),
                wall_ms: at.wall_ms,
                source: Source::Storage,
                input: pause,
            });
            self.next_seq += 1;
            self.table.handle(now, pause);
        }
        self.down = Some(Down {
            pending,
            retry_at: at.mono + Duration::from_millis(RETRY_MS),
            settling: None,
        });
        self.collect();
        for listener in [Listener::Arbiter, Listener::White, Listener::Black] {
            self.urgent.push(CoreOutput::Notice {
                audience: Audience::of(&[listener]),
                notice: Announcement::Journal {
                    trouble: JournalTrouble::Down,
                },
            });
        }
    }

    /// Asks for what waits to be written; returns whether the journal works again (everything
    /// asked for since it failed is durable).
    pub(super) fn flush_pending(&mut self, at: Clocks) -> bool {
        let retry = at.mono + Duration::from_millis(RETRY_MS);
        let Some(down) = self.down.as_mut() else {
            return true;
        };
        if down.settling.is_none() {
            self.journal_ops.push(JournalOp::Repair);
            for record in down.pending.drain(..) {
                self.appended += 1;
                self.journal_ops.push(JournalOp::Append(record));
            }
            down.settling = Some(self.appended);
        }
        if down.settling.is_some_and(|mark| self.durable < mark) {
            down.retry_at = retry;
            return false;
        }
        self.down = None;
        tracing::info!("{}: the journal can be written again", self.journal);
        self.journal_notice(JournalTrouble::Back);
        true
    }

    /// The journal file was deleted or moved away and the driver wrote it again whole: the
    /// arbiter is told.
    fn rewritten(&mut self) {
        tracing::warn!(
            said = true,
            "{}: the journal was deleted or moved away while the game ran; written again",
            self.journal
        );
        let path = self.journal.clone();
        self.journal_notice(JournalTrouble::Rewritten { path });
    }

    /// Tells the arbiter something about the journal.
    pub(super) fn journal_notice(&mut self, trouble: JournalTrouble) {
        self.notify(&[Listener::Arbiter], Announcement::Journal { trouble });
    }

    /// Warns the arbiter (once, until space comes back) when little space is left where the
    /// journal is written.
    fn check_space(&mut self, free: Option<u64>) {
        let Some(free) = free else {
            return;
        };
        if free >= LOW_SPACE_BYTES {
            self.low_space_told = false;
        } else if !self.low_space_told {
            self.low_space_told = true;
            tracing::warn!("{}: {free} bytes left", self.journal);
            let free_mb = free / (1024 * 1024);
            self.journal_notice(JournalTrouble::LowSpace { free_mb });
        }
    }

    /// The game is over and its journal sealed: the arbiter is told the seal (the chained
    /// digest of its last record) to note on the scoresheet: any later edit of the journal
    /// shows.
    fn sealed(&mut self, seal: &str) {
        tracing::info!(
            "game over; journal {} sealed with digest {seal}",
            self.journal
        );
        let digest = (!seal.is_empty()).then(|| seal.to_string());
        self.notify(&[Listener::Arbiter], Announcement::Seal { digest });
    }

    /// Asks for a new journal with this game's record (the old one is kept aside as
    /// finished), and the listeners' volume and rate in it.
    pub(super) fn begin_journal(&mut self, at: Clocks) {
        let game = Record::Game {
            seq: 0,
            wall_ms: at.wall_ms,
            config: self.config_text.clone(),
            chain: Some(crate::journal::Chain::Sha256),
        };
        self.appended += 1;
        self.journal_ops.push(JournalOp::Begin(game));
        self.next_seq = 1;
        // Volume and rate belong to the listener, not the game: carried into the new journal.
        for (listener, prefs) in self.prefs.clone() {
            self.journal_prefs(at, listener, prefs);
        }
    }

    pub(super) fn journal_prefs(&mut self, at: Clocks, listener: Listener, prefs: Prefs) {
        let game_ms = self.timeline.last();
        self.write(at, |seq, _| Record::Preferences {
            seq,
            game_ms,
            wall_ms: at.wall_ms,
            listener,
            volume: prefs.volume,
            rate: prefs.rate,
        });
    }
}

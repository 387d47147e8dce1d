//! Time in the core: everything due up to an instant brought about (long presses, flags,
//! warnings, heartbeats, the journal's checks, a pause after a suspend), a stall told (once, and
//! only when it reached a player: `stall`), and when the core must be called next.

use super::journaling::{SPACE_EVERY, VERIFY_EVERY};
use super::stall::Verdict;
use super::{Clocks, Core, CoreError, JournalOp, HEARTBEAT_MS, SUSPEND_MS};
use crate::clock::{Input, Ms, Side};
use crate::journal::{Record, Source};
use crate::speech::Announcement;
use crate::table::{Listener, Request};
use std::time::Instant;

impl Core {
    /// Brings everything due up to `at` about: long presses, flags, warnings, ticks, the
    /// heartbeat, and a pause if the machine slept.
    pub fn advance(&mut self, at: Clocks) -> Result<(), CoreError> {
        self.check_stall(at, None);
        if self.down.as_ref().is_some_and(|d| at.mono >= d.retry_at) {
            self.flush_pending(at);
        }
        if self
            .last_space_check
            .is_none_or(|t| at.mono >= t + SPACE_EVERY)
        {
            self.last_space_check = Some(at.mono);
            self.journal_ops.push(JournalOp::CheckSpace);
        }
        if self.table.game().running().is_none()
            && self.last_verify.is_none_or(|t| at.mono >= t + VERIFY_EVERY)
        {
            self.last_verify = Some(at.mono);
            self.journal_ops.push(JournalOp::Verify);
        }
        for mapped in self.mapper.advance(at.mono) {
            self.act(mapped.at, at, mapped.action)?;
        }
        let now = self.timeline.game_ms(at.mono);
        let was_running = self.table.game().running().is_some();
        self.table.advance(now);
        if was_running && self.table.game().running().is_none() {
            // A clock stopped on its own (a flag): a heartbeat after it, so that the journal
            // (and its replay, and the hall's mirror) reaches the game's end.
            self.heartbeat(at, now);
        }
        if self.table.game().running().is_none() {
            self.last_heartbeat = now;
            self.last_boot_ms = at.boot_ms;
            self.last_mono = at.mono;
        } else if now - self.last_heartbeat >= HEARTBEAT_MS {
            let boot_step = at.boot_ms - self.last_boot_ms;
            let mono_step = at
                .mono
                .saturating_duration_since(self.last_mono)
                .as_millis() as i64;
            self.heartbeat(at, now);
            if self.down.is_some() {
                self.collect();
                return Ok(());
            }
            self.last_heartbeat = now;
            self.last_boot_ms = at.boot_ms;
            self.last_mono = at.mono;
            if boot_step - mono_step > SUSPEND_MS {
                tracing::warn!(
                    said = true,
                    "the boot-time clock moved {boot_step} ms while the monotonic clock moved \
                     {mono_step} ms: the machine slept; pausing"
                );
                self.apply_at(now, at, Source::Suspend, Request::Game(Input::Pause))?;
                self.notify(&[Listener::Arbiter], Announcement::Suspended);
            }
        }
        self.collect();
        Ok(())
    }

    /// Journals a heartbeat: both sides' times at game time `now`.
    fn heartbeat(&mut self, at: Clocks, now: Ms) {
        let game = self.table.game();
        let (white_ms, black_ms) = (
            game.remaining(Side::White, now),
            game.remaining(Side::Black, now),
        );
        self.write(at, |seq, mono_ms| Record::Heartbeat {
            seq,
            game_ms: now,
            mono_ms,
            wall_ms: at.wall_ms,
            white_ms,
            black_ms,
        });
    }

    /// Checks whether the core runs late (`at` against what was due, and against `pressed`, the
    /// instant the press being fed was made): a late wake-up that reached no player is
    /// logged; a stall that did (something to be said, a long press or a press waited) is told
    /// to the arbiter, once however often it is checked. Flags and presses are still judged at
    /// their own instants; what was due was said late.
    pub(super) fn check_stall(&mut self, at: Clocks, pressed: Option<Instant>) {
        let since = |due: Option<Instant>| {
            due.map_or(0, |d| {
                at.mono.saturating_duration_since(d).as_millis() as i64
            })
        };
        let felt = since(self.next_felt()).max(since(pressed));
        match self.stall.check(since(self.next_due()), felt) {
            Verdict::Late(late) => tracing::info!(
                "the clock's thread ran {late} ms late (a busy machine), but no press and \
                 nothing to be said waited: not told"
            ),
            Verdict::Stalled(late) => {
                tracing::warn!(
                    said = true,
                    "the clock's thread ran {late} ms late (stopped or starved)"
                );
                self.notify(
                    &[Listener::Arbiter],
                    Announcement::Stalled { late_ms: late },
                );
            }
            Verdict::OnTime | Verdict::Same => {}
        }
    }

    /// The instant anything is next due: a flag, a warning, a tick, a heartbeat, a long press,
    /// or (while no clock runs) the check that the journal file is still there.
    pub fn next_wake(&self) -> Option<Instant> {
        let verify = match (self.table.game().running(), self.last_verify) {
            (None, Some(last)) => Some(last + VERIFY_EVERY),
            _ => None,
        };
        [self.next_due(), verify].into_iter().flatten().min()
    }

    /// The instant something a player hears or holds is next due: a flag, a warning, a tick, a
    /// reminder, a long press (a stall is felt against it; a heartbeat is not).
    fn next_felt(&self) -> Option<Instant> {
        let table = self
            .table
            .next_deadline()
            .map(|ms| self.timeline.instant_of(ms));
        [table, self.mapper.next_deadline()]
            .into_iter()
            .flatten()
            .min()
    }

    /// The instant the game next needs the core: a flag, a warning, a tick, a heartbeat, a long
    /// press (a late wake-up is measured against it).
    fn next_due(&self) -> Option<Instant> {
        let mut due = self.table.next_deadline();
        if self.table.game().running().is_some() {
            let heartbeat = self.last_heartbeat + HEARTBEAT_MS;
            due = Some(due.map_or(heartbeat, |d| d.min(heartbeat)));
        }
        let table = due.map(|ms| self.timeline.instant_of(ms));
        let retry = self.down.as_ref().map(|d| d.retry_at);
        [table, self.mapper.next_deadline(), retry]
            .into_iter()
            .flatten()
            .min()
    }
}

//! When the clock really stopped (issue 36). The core thread may wake later than it asked (a
//! busy machine, a stopped process): that alone is logged. It is a stall, told to the arbiter,
//! only when it reached a player: something to be said or a long press fell due, or a press
//! was made, more than [`STALL_MS`](super::STALL_MS) before the core got to it. One stall is
//! told once, however many times it is checked (every `feed` and every `advance` checks): it
//! lasts until a check finds nothing late, and a later one is a new stall.

use super::STALL_MS;

/// What one check found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Verdict {
    /// Nothing late: a stall, if one was open, is over.
    OnTime,
    /// The thread woke this many milliseconds late, and no player was reached (yet): log it.
    Late(i64),
    /// The clock stopped for this many milliseconds, and a player was reached: tell the
    /// arbiter.
    Stalled(i64),
    /// Still the stall (or late wake-up) already logged or told.
    Same,
}

/// The stall in progress, if any.
#[derive(Debug, Default)]
pub(super) struct StallWatch {
    open: Option<Open>,
}

#[derive(Debug, Clone, Copy)]
struct Open {
    told: bool,
}

impl StallWatch {
    /// One check: `late_ms`, how long after the first thing due (a heartbeat too) the core
    /// runs; `felt_ms`, how long after the first thing a player hears or did (a flag, a
    /// warning, a long press, a press) it runs.
    pub(super) fn check(&mut self, late_ms: i64, felt_ms: i64) -> Verdict {
        if late_ms <= STALL_MS && felt_ms <= STALL_MS {
            self.open = None;
            return Verdict::OnTime;
        }
        match &mut self.open {
            None if felt_ms > STALL_MS => {
                self.open = Some(Open { told: true });
                Verdict::Stalled(late_ms.max(felt_ms))
            }
            None => {
                self.open = Some(Open { told: false });
                Verdict::Late(late_ms)
            }
            Some(open) if !open.told && felt_ms > STALL_MS => {
                open.told = true;
                Verdict::Stalled(late_ms.max(felt_ms))
            }
            Some(_) => Verdict::Same,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stall_is_told_once_until_the_clock_runs_on_time() {
        let mut w = StallWatch::default();
        assert_eq!(w.check(700, 0), Verdict::Late(700));
        assert_eq!(w.check(700, 0), Verdict::Same);
        assert_eq!(w.check(900, 800), Verdict::Stalled(900));
        assert_eq!(w.check(900, 800), Verdict::Same);
        assert_eq!(w.check(0, 0), Verdict::OnTime);
        assert_eq!(w.check(0, 2_000), Verdict::Stalled(2_000));
        assert_eq!(w.check(STALL_MS, STALL_MS), Verdict::OnTime);
    }
}

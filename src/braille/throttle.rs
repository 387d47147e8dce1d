//! When a Braille line is written, on virtual time in milliseconds: after an event (a press,
//! a message, a key) at once, well within [`EVENT_WITHIN_MS`]; otherwise, while a clock runs
//! and its seconds change on their own, at most once per [`TICK_EVERY_MS`], so the pins do not
//! keep moving under the reading finger. With no clock running nothing is written between
//! events.

/// An event's line goes out within this long (it is due at the event's own instant).
pub const EVENT_WITHIN_MS: u64 = 100;

/// Between events, a running clock's line is written at most this often.
pub const TICK_EVERY_MS: u64 = 1000;

/// The state of one display's updates.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Throttle {
    /// When the line was last written.
    sent_at: Option<u64>,
    /// The first event not written yet.
    event_at: Option<u64>,
}

impl Throttle {
    /// Something happened at `now`: the line is due now.
    pub fn event(&mut self, now: u64) {
        self.event_at.get_or_insert(now);
    }

    /// When the line is next due; `ticking`: a clock runs, so the time shown changes.
    pub fn next_due(&self, ticking: bool) -> Option<u64> {
        if let Some(at) = self.event_at {
            return Some(at);
        }
        if !ticking {
            return None;
        }
        Some(self.sent_at.map_or(0, |sent| sent + TICK_EVERY_MS))
    }

    /// Whether to write the line at `now`; if so, it counts as written then.
    pub fn take(&mut self, now: u64, ticking: bool) -> bool {
        match self.next_due(ticking) {
            Some(due) if due <= now => {
                self.sent_at = Some(now);
                self.event_at = None;
                true
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The instants (ms) a line is written when the loop wakes at each of `wakes` and
    /// events come at `events`.
    fn written(wakes: &[u64], events: &[u64], ticking: bool) -> Vec<u64> {
        let mut throttle = Throttle::default();
        let mut all: Vec<(u64, bool)> = wakes.iter().map(|w| (*w, false)).collect();
        all.extend(events.iter().map(|e| (*e, true)));
        all.sort();
        let mut out = Vec::new();
        for (at, is_event) in all {
            if is_event {
                throttle.event(at);
            }
            if throttle.take(at, ticking) {
                out.push(at);
            }
        }
        out
    }

    #[test]
    fn an_event_goes_out_at_once_even_just_after_a_tick() {
        let wakes: Vec<u64> = (0..30).map(|i| i * 100).collect();
        let out = written(&wakes, &[1_050, 1_120], true);
        for event in [1_050, 1_120] {
            assert!(
                out.iter()
                    .any(|w| *w >= event && *w - event <= EVENT_WITHIN_MS),
                "{event}: {out:?}"
            );
        }
    }

    #[test]
    fn between_events_a_running_clock_is_written_at_most_once_a_second() {
        // Woken every 10 ms for 5 s.
        let wakes: Vec<u64> = (0..500).map(|i| i * 10).collect();
        let out = written(&wakes, &[], true);
        assert_eq!(out, [0, 1_000, 2_000, 3_000, 4_000]);
        let gaps_ok = out.windows(2).all(|w| w[1] - w[0] >= TICK_EVERY_MS);
        assert!(gaps_ok, "{out:?}");
    }

    #[test]
    fn a_tick_waits_a_whole_second_after_an_event() {
        let wakes: Vec<u64> = (0..300).map(|i| i * 10).collect();
        let out = written(&wakes, &[450], true);
        assert_eq!(out, [0, 450, 1_450, 2_450]);
    }

    #[test]
    fn a_stopped_clock_writes_only_on_events() {
        let wakes: Vec<u64> = (0..300).map(|i| i * 10).collect();
        assert_eq!(written(&wakes, &[700], false), [700]);
        assert_eq!(Throttle::default().next_due(false), None);
    }
}

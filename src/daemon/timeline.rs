//! The game's own timeline on the process's monotonic clock: game time only advances while a
//! daemon runs the game, starts where the journal left off after a restart, and never goes
//! back.

use crate::clock::Ms;
use std::time::{Duration, Instant};

/// Maps monotonic instants onto game milliseconds.
#[derive(Debug, Clone, Copy)]
pub struct Timeline {
    origin: Instant,
    offset: Ms,
    last: Ms,
}

impl Timeline {
    /// A timeline on which `origin` is game time `offset`.
    pub fn new(origin: Instant, offset: Ms) -> Timeline {
        Timeline {
            origin,
            offset,
            last: offset,
        }
    }

    /// The game time of an instant in fractional milliseconds (not rounded, may be earlier
    /// than the last stamp given).
    pub fn exact_ms(&self, at: Instant) -> f64 {
        self.offset as f64 + at.saturating_duration_since(self.origin).as_micros() as f64 / 1000.0
    }

    /// The game time of an instant, rounded to the nearest millisecond (a flooring start would
    /// make every flag fall up to a millisecond early), never before the last one given.
    pub fn game_ms(&mut self, at: Instant) -> Ms {
        let since = ((at.saturating_duration_since(self.origin).as_micros() + 500) / 1000) as Ms;
        self.settle(self.offset + since)
    }

    /// Takes a stamp chosen elsewhere, never before the last one given.
    pub fn settle(&mut self, stamp: Ms) -> Ms {
        self.last = stamp.max(self.last);
        self.last
    }

    /// The last game time given.
    pub fn last(&self) -> Ms {
        self.last
    }

    /// The monotonic instant of a game time (the origin for an earlier one).
    pub fn instant_of(&self, ms: Ms) -> Instant {
        self.origin + Duration::from_millis((ms - self.offset).max(0) as u64)
    }

    /// Whole monotonic milliseconds since the origin (journaled as `mono_ms`).
    pub fn mono_ms(&self, at: Instant) -> Ms {
        at.saturating_duration_since(self.origin).as_millis() as Ms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn game_time_rounds_to_the_nearest_millisecond_and_never_goes_back() {
        let t0 = Instant::now();
        let mut line = Timeline::new(t0, 5_000);
        assert_eq!(line.game_ms(t0 + Duration::from_micros(1_499)), 5_001);
        assert_eq!(line.game_ms(t0 + Duration::from_micros(1_500)), 5_002);
        assert_eq!(line.game_ms(t0 + Duration::from_micros(100)), 5_002);
        assert_eq!(line.instant_of(5_010), t0 + Duration::from_millis(10));
        assert_eq!(line.instant_of(10), t0);
    }
}

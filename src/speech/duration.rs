//! How much of a duration is spoken. A player hears hours and minutes while
//! ten minutes or more remain, minutes and seconds below that, seconds below
//! a minute; always rounded down so that time is never overstated.

const SECOND_MS: i64 = 1_000;
const MINUTE_MS: i64 = 60 * SECOND_MS;
const HOUR_MS: i64 = 60 * MINUTE_MS;
const TEN_MINUTES_MS: i64 = 10 * MINUTE_MS;

/// A duration cut into the parts to say; a zero part is not said.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Spoken {
    /// Whole hours.
    pub hours: u64,
    /// Whole minutes (0–59 when hours are said).
    pub minutes: u64,
    /// Whole seconds (0–59 when minutes are said).
    pub seconds: u64,
}

impl Spoken {
    /// True when every part is zero: the duration is said as "zero seconds".
    pub fn is_zero(&self) -> bool {
        self.hours == 0 && self.minutes == 0 && self.seconds == 0
    }
}

/// The parts a player hears for a remaining time of `ms` milliseconds
/// (negative counts as zero).
pub fn spoken_parts(ms: i64) -> Spoken {
    let ms = ms.max(0);
    if ms >= TEN_MINUTES_MS {
        Spoken {
            hours: (ms / HOUR_MS) as u64,
            minutes: ((ms % HOUR_MS) / MINUTE_MS) as u64,
            seconds: 0,
        }
    } else {
        Spoken {
            hours: 0,
            minutes: (ms / MINUTE_MS) as u64,
            seconds: ((ms % MINUTE_MS) / SECOND_MS) as u64,
        }
    }
}

/// Hours, minutes and seconds of `ms`, rounded down to the second, for
/// settings (a clock check must tell 1:29:59 from 1:30:00).
pub fn exact_parts(ms: i64) -> Spoken {
    let ms = ms.max(0);
    Spoken {
        hours: (ms / HOUR_MS) as u64,
        minutes: ((ms % HOUR_MS) / MINUTE_MS) as u64,
        seconds: ((ms % MINUTE_MS) / SECOND_MS) as u64,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(h: u64, m: u64, s: u64) -> Spoken {
        Spoken {
            hours: h,
            minutes: m,
            seconds: s,
        }
    }

    #[test]
    fn long_times_drop_seconds_and_round_down() {
        assert_eq!(
            spoken_parts(HOUR_MS + 12 * MINUTE_MS + 59_999),
            parts(1, 12, 0)
        );
        assert_eq!(spoken_parts(TEN_MINUTES_MS), parts(0, 10, 0));
        assert_eq!(spoken_parts(2 * HOUR_MS), parts(2, 0, 0));
    }

    #[test]
    fn short_times_keep_seconds() {
        assert_eq!(spoken_parts(TEN_MINUTES_MS - 1), parts(0, 9, 59));
        assert_eq!(spoken_parts(MINUTE_MS), parts(0, 1, 0));
        assert_eq!(spoken_parts(59_999), parts(0, 0, 59));
    }

    #[test]
    fn below_one_second_and_negative_are_zero() {
        assert!(spoken_parts(999).is_zero());
        assert!(spoken_parts(0).is_zero());
        assert!(spoken_parts(-5_000).is_zero());
        assert!(!spoken_parts(1_000).is_zero());
    }

    #[test]
    fn exact_parts_keep_everything_to_the_second() {
        assert_eq!(
            exact_parts(HOUR_MS + 29 * MINUTE_MS + 59_500),
            parts(1, 29, 59)
        );
        assert_eq!(exact_parts(i64::MIN), parts(0, 0, 0));
    }
}

//! Durations and instants as integer milliseconds, and their text form `[[h:]mm:]ss[.fff]`.
//!
//! The core never reads a clock: every instant is an input, measured in milliseconds on a
//! monotonic timeline whose zero is chosen by the caller (the daemon's start, a script's `@0`).

use std::fmt;

/// Milliseconds: an instant on the monotonic timeline, or a duration.
pub type Ms = i64;

/// One second in milliseconds.
pub const SECOND: Ms = 1_000;
/// One minute in milliseconds.
pub const MINUTE: Ms = 60 * SECOND;
/// One hour in milliseconds.
pub const HOUR: Ms = 60 * MINUTE;

/// The longest duration [`parse_duration`] reads, and the most an arbiter can give a side:
/// 24 hours (shown `24:00:00`). Every configured time (stage time, increment, delay, start
/// time, lockout) and every script stamp is read through it, so none is longer; a longer
/// value is a typo or an attack, never a game.
pub const MAX_DURATION: Ms = 24 * HOUR;

/// Why a duration could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DurationError {
    /// Nothing was given.
    #[error("empty time; expected [[h:]mm:]ss[.fff], e.g. 1:30:00 or 0:30")]
    Empty,
    /// A part was not a number, or there were too many parts.
    #[error("`{0}` is not a time; expected [[h:]mm:]ss[.fff], e.g. 1:30:00, 5:00 or 12.5")]
    Malformed(String),
    /// Minutes or seconds of 60 or more after a colon.
    #[error("`{0}`: minutes and seconds after a colon must be below 60")]
    OutOfRange(String),
    /// More than three digits after the decimal point.
    #[error("`{0}`: at most three digits after the point (milliseconds)")]
    TooPrecise(String),
    /// Longer than [`MAX_DURATION`] (the text as given).
    #[error("`{0}` is more than 24:00:00")]
    TooLarge(String),
    /// A signed change whose size is more than [`MAX_DURATION`] (the text as given, sign and
    /// all).
    #[error("`{0}` changes a clock by more than 24:00:00")]
    ChangeTooLarge(String),
}

/// Reads an unsigned duration `[[h:]mm:]ss[.fff]`: `45`, `12.5`, `5:00`, `1:30:00`, `0:00.250`.
///
/// The leading part may exceed 59 (`90:00` is ninety minutes); parts after a colon must be
/// below 60. The whole is at most [`MAX_DURATION`] (`24:00:00`); a longer value, however many
/// digits it has, is [`DurationError::TooLarge`], never an overflow.
pub fn parse_duration(text: &str) -> Result<Ms, DurationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(DurationError::Empty);
    }
    let malformed = || DurationError::Malformed(text.to_string());
    let (whole, fraction) = match text.split_once('.') {
        Some((w, f)) => (w, Some(f)),
        None => (text, None),
    };
    let parts: Vec<&str> = whole.split(':').collect();
    if parts.len() > 3 || parts.iter().any(|p| p.is_empty() || !is_digits(p)) {
        return Err(malformed());
    }
    let too_large = || DurationError::TooLarge(text.to_string());
    let mut total: Ms = 0;
    for (index, part) in parts.iter().enumerate() {
        // All digits (checked above), so a part that does not parse is too large for an i64.
        let value: Ms = part.parse().map_err(|_| too_large())?;
        if index > 0 && value >= 60 {
            return Err(DurationError::OutOfRange(text.to_string()));
        }
        total = total
            .checked_mul(60)
            .and_then(|t| t.checked_add(value))
            .ok_or_else(too_large)?;
    }
    let mut ms = total.checked_mul(SECOND).ok_or_else(too_large)?;
    if let Some(fraction) = fraction {
        if fraction.is_empty() || !is_digits(fraction) {
            return Err(malformed());
        }
        if fraction.len() > 3 {
            return Err(DurationError::TooPrecise(text.to_string()));
        }
        let padded = format!("{fraction:0<3}");
        let extra: Ms = padded.parse().map_err(|_| malformed())?;
        ms = ms.checked_add(extra).ok_or_else(too_large)?;
    }
    if ms > MAX_DURATION {
        return Err(too_large());
    }
    Ok(ms)
}

/// Reads a signed duration: `+5:00`, `-5:00` or `5:00` (positive). Its size is at most
/// [`MAX_DURATION`]; a larger one is [`DurationError::ChangeTooLarge`], naming the text with
/// its sign.
pub fn parse_signed_duration(text: &str) -> Result<Ms, DurationError> {
    let text = text.trim();
    let (negative, rest) = match (text.strip_prefix('-'), text.strip_prefix('+')) {
        (Some(rest), _) => (true, rest),
        (None, Some(rest)) => (false, rest),
        (None, None) => (false, text),
    };
    let size = parse_duration(rest).map_err(|e| match e {
        DurationError::TooLarge(_) => DurationError::ChangeTooLarge(text.to_string()),
        other => other,
    })?;
    // `size` is at most MAX_DURATION, so its negation cannot overflow.
    Ok(if negative { -size } else { size })
}

fn is_digits(text: &str) -> bool {
    text.bytes().all(|b| b.is_ascii_digit())
}

/// A duration shown as `h:mm:ss.fff` (hours and milliseconds only when present), for humans.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Clock(pub Ms);

impl fmt::Display for Clock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let ms = self.0.unsigned_abs();
        let (h, m, s, milli) = (
            ms / 3_600_000,
            ms / 60_000 % 60,
            ms / 1_000 % 60,
            ms % 1_000,
        );
        if h > 0 {
            write!(f, "{sign}{h}:{m:02}:{s:02}")?;
        } else {
            write!(f, "{sign}{m}:{s:02}")?;
        }
        if milli > 0 {
            write!(f, ".{milli:03}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_documented_form() {
        assert_eq!(parse_duration("45"), Ok(45 * SECOND));
        assert_eq!(parse_duration("12.5"), Ok(12_500));
        assert_eq!(parse_duration("0:12.5"), Ok(12_500));
        assert_eq!(parse_duration("5:00"), Ok(5 * MINUTE));
        assert_eq!(parse_duration("90:00"), Ok(90 * MINUTE));
        assert_eq!(parse_duration("1:30:00"), Ok(90 * MINUTE));
        assert_eq!(parse_duration("4:00:00"), Ok(4 * HOUR));
        assert_eq!(parse_duration("0:00.250"), Ok(250));
        assert_eq!(parse_duration("0:00.05"), Ok(50));
    }

    #[test]
    fn refuses_what_is_not_a_time() {
        for bad in [
            "", "abc", "1::00", "1:2:3:4", "5:60", "1:00:75", "1.", ".5", "-3", "1.2345", "1 :00",
        ] {
            assert!(parse_duration(bad).is_err(), "{bad:?} should be refused");
        }
        assert!(matches!(
            parse_duration("99999999999999999999"),
            Err(DurationError::TooLarge(_))
        ));
    }

    #[test]
    fn signed_durations() {
        assert_eq!(parse_signed_duration("-5:00"), Ok(-5 * MINUTE));
        assert_eq!(parse_signed_duration("+0:30"), Ok(30 * SECOND));
        assert_eq!(parse_signed_duration("2:00"), Ok(2 * MINUTE));
    }

    #[test]
    fn absurd_durations_are_refused_naming_the_value() {
        assert_eq!(parse_duration("24:00:00"), Ok(MAX_DURATION));
        assert_eq!(parse_duration("1440:00"), Ok(MAX_DURATION));
        assert_eq!(parse_duration("86400"), Ok(MAX_DURATION));
        for long in [
            "24:00:00.001",
            "86401",
            "9223372036854775",
            "9223372036854775.807",
            "99999999999:00",
            "2562047788015:12:55.807",
            "99999999999999999999",
            "99999999999999999999:59:59.999",
        ] {
            let error = parse_duration(long).expect_err(long);
            assert_eq!(error, DurationError::TooLarge(long.to_string()));
            assert_eq!(error.to_string(), format!("`{long}` is more than 24:00:00"));
        }
        assert_eq!(
            parse_duration("9223372036854775")
                .map_err(|e| e.to_string())
                .expect_err("too long"),
            "`9223372036854775` is more than 24:00:00"
        );
    }

    #[test]
    fn the_bound_in_the_messages_is_max_duration() {
        assert_eq!(Clock(MAX_DURATION).to_string(), "24:00:00");
    }

    #[test]
    fn absurd_signed_durations_are_refused_naming_the_value_with_its_sign() {
        assert_eq!(parse_signed_duration("+24:00:00"), Ok(MAX_DURATION));
        assert_eq!(parse_signed_duration("-24:00:00"), Ok(-MAX_DURATION));
        for long in [
            "+99999999999:00",
            "-99999999999:00",
            "99999999999:00",
            "+9223372036854775.807",
            "-9223372036854775.808",
            "-24:00:00.001",
        ] {
            let error = parse_signed_duration(long).expect_err(long);
            assert_eq!(error, DurationError::ChangeTooLarge(long.to_string()));
            assert_eq!(
                error.to_string(),
                format!("`{long}` changes a clock by more than 24:00:00")
            );
        }
        assert!(matches!(
            parse_signed_duration("+x"),
            Err(DurationError::Malformed(_))
        ));
    }

    #[test]
    fn display_round_trips() {
        for ms in [
            0,
            999,
            12_500,
            5 * MINUTE,
            HOUR + 2 * MINUTE + 3 * SECOND + 4,
            7 * HOUR,
        ] {
            let shown = Clock(ms).to_string();
            assert_eq!(parse_duration(&shown), Ok(ms), "{shown}");
        }
        assert_eq!(Clock(-61_000).to_string(), "-1:01");
    }
}

//! The boards a broker folder serves (`hall init --boards`): `30` is boards 1 to 30, `101-200`
//! is boards 101 to 200 (a second venue's boards, numbered on from the first venue's).

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

/// The highest board number a hall may have.
pub const MAX_BOARD: u32 = 500;

/// Boards `first` to `last`, both included, within 1 … [`MAX_BOARD`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BoardRange {
    first: u32,
    last: u32,
}

/// Why a `--boards` value is no range of boards.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardRangeError {
    /// Not a number or two numbers joined by `-`.
    #[error("--boards {0}: give a count (30: boards 1 to 30) or a range (101-200)")]
    Form(String),
    /// A board number outside 1 … MAX_BOARD, or a range that runs backwards.
    #[error("--boards {0}: boards are numbered 1 to {MAX_BOARD}, the first not above the last")]
    Range(String),
}

impl BoardRange {
    /// Boards `first` to `last`; `None` when that is no range of board numbers.
    pub fn new(first: u32, last: u32) -> Option<BoardRange> {
        (1 <= first && first <= last && last <= MAX_BOARD).then_some(BoardRange { first, last })
    }

    /// Boards 1 to `count`.
    pub fn first(count: u32) -> Option<BoardRange> {
        BoardRange::new(1, count)
    }

    /// The lowest board.
    pub fn start(self) -> u32 {
        self.first
    }

    /// The highest board.
    pub fn end(self) -> u32 {
        self.last
    }

    /// How many boards.
    pub fn len(self) -> u32 {
        self.last - self.first + 1
    }

    /// Never: a range holds one board at least (for clippy's `len` rule).
    pub fn is_empty(self) -> bool {
        false
    }

    /// Every board, lowest first.
    pub fn iter(self) -> RangeInclusive<u32> {
        self.first..=self.last
    }
}

impl FromStr for BoardRange {
    type Err = BoardRangeError;

    fn from_str(text: &str) -> Result<BoardRange, BoardRangeError> {
        let number = |s: &str| {
            s.trim()
                .parse::<u32>()
                .map_err(|_| BoardRangeError::Form(text.to_string()))
        };
        let (first, last) = match text.split_once('-') {
            Some((first, last)) => (number(first)?, number(last)?),
            None => (1, number(text)?),
        };
        BoardRange::new(first, last).ok_or_else(|| BoardRangeError::Range(text.to_string()))
    }
}

/// `1-30`, `101-200`: the form `--boards` takes.
impl fmt::Display for BoardRange {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.first, self.last)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_is_boards_from_one_and_a_range_its_own_boards() {
        let first: BoardRange = "30".parse().expect("a count");
        assert_eq!((first.start(), first.end(), first.len()), (1, 30, 30));
        let venue_b: BoardRange = "101-200".parse().expect("a range");
        assert_eq!(
            (venue_b.start(), venue_b.end(), venue_b.len()),
            (101, 200, 100)
        );
        assert_eq!(venue_b.iter().count(), 100);
        assert_eq!(venue_b.to_string().parse::<BoardRange>(), Ok(venue_b));
        assert_eq!("7-7".parse::<BoardRange>().map(BoardRange::len), Ok(1));
    }

    #[test]
    fn a_range_outside_the_hall_or_backwards_is_refused_by_name() {
        for bad in ["0", "501", "200-101", "0-5", "400-501"] {
            let err = bad.parse::<BoardRange>().expect_err(bad);
            assert_eq!(err, BoardRangeError::Range(bad.to_string()));
            assert!(err.to_string().contains("numbered 1 to 500"), "{err}");
        }
        for bad in ["", "ten", "1-", "-5", "1-2-3", "1..5"] {
            let err = bad.parse::<BoardRange>().expect_err(bad);
            assert_eq!(err, BoardRangeError::Form(bad.to_string()), "{bad}");
        }
    }
}

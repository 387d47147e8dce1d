//! The sentences `make listen` measures: time readouts for the hard numbers (1, 2, 5, 11, 21,
//! 22, 50–59 as minutes and as seconds, whole hours, "1 h 12 min"), random readouts up to at
//! least [`MIN_READOUTS`], and one or more of every other announcement kind. Deterministic for
//! a seed; no audio here (see `listen`).

use crate::speech::{
    exact_parts, spoken_parts, Announcement, DelayKind, Outcome, Reason, Rules, Side, Spoken,
    StageInfo,
};

/// The fewest time readouts a set holds, whatever `random` asks for.
pub const MIN_READOUTS: usize = 100;

/// The numbers speech engines get wrong most easily (agreement of one/two/five, teens, fifties).
pub const EDGE_NUMBERS: [i64; 16] = [1, 2, 5, 11, 21, 22, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59];

const S: i64 = 1_000;
const M: i64 = 60 * S;
const H: i64 = 60 * M;

/// What a sentence is: a bare time readout or another announcement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Said {
    /// `speech::readout(lang, ms)`.
    Readout(i64),
    /// `speech::phrase(lang, &announcement)`.
    Announce(Announcement),
}

/// One sentence of the set, with what a listener must hear in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sentence {
    /// Unique in the set, file-name safe.
    pub id: String,
    /// `readout` or the announcement kind (`time_readout`, `warning`, …).
    pub kind: &'static str,
    /// What is said.
    pub said: Said,
}

impl Sentence {
    /// The time said, in whole seconds, if the sentence says one.
    pub fn expected_secs(&self) -> Option<i64> {
        let secs = |p: Spoken| (p.hours * 3600 + p.minutes * 60 + p.seconds) as i64;
        match &self.said {
            Said::Readout(ms) => Some(secs(spoken_parts(*ms))),
            Said::Announce(a) => match a {
                Announcement::TimeReadout { remaining_ms, .. }
                | Announcement::OpponentTime { remaining_ms, .. }
                | Announcement::Warning { remaining_ms, .. } => {
                    Some(secs(spoken_parts(*remaining_ms)))
                }
                Announcement::Adjusted { new_ms, .. } => Some(secs(exact_parts(*new_ms))),
                Announcement::NewStage { added_ms, .. } if *added_ms > 0 => {
                    Some(secs(exact_parts(*added_ms)))
                }
                _ => None,
            },
        }
    }

    /// The side a listener must hear named, where the sentence names one that matters.
    pub fn side(&self) -> Option<Side> {
        match &self.said {
            Said::Readout(_) => None,
            Said::Announce(a) => match a {
                Announcement::TimeReadout { side, .. }
                | Announcement::OpponentTime { side, .. }
                | Announcement::Warning { side, .. }
                | Announcement::MovesToControl { side, .. }
                | Announcement::Flag { side }
                | Announcement::Start { side }
                | Announcement::Adjusted { side, .. } => Some(*side),
                _ => None,
            },
        }
    }

    /// The count a listener must hear: moves to the control (or else moves made), a countdown
    /// second.
    pub fn expected_count(&self) -> Option<u32> {
        match &self.said {
            Said::Announce(Announcement::MovesToControl { moves, .. }) => Some(*moves),
            Said::Announce(Announcement::TimeReadout {
                moves_to_control,
                moves_made,
                ..
            }) => moves_to_control.or(*moves_made),
            Said::Announce(Announcement::Countdown { remaining_ms }) => {
                Some((remaining_ms / S) as u32)
            }
            _ => None,
        }
    }
}

/// A small deterministic generator (SplitMix64), enough to pick test times.
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `low..high` (`high > low`).
    fn within(&mut self, low: i64, high: i64) -> i64 {
        low + (self.next() % (high - low) as u64) as i64
    }
}

/// The id of a readout: its spoken parts, e.g. `readout_1h12m00s`.
fn readout_id(ms: i64) -> String {
    let p = spoken_parts(ms);
    format!("readout_{}h{:02}m{:02}s", p.hours, p.minutes, p.seconds)
}

/// The readout times: edge cases first, then random ones (half below ten minutes, where
/// seconds are said, half up to four hours) until there are `random` more and at least
/// [`MIN_READOUTS`] in all. Two times that are said the same way are kept once.
pub fn readout_times(random: usize, seed: u64) -> Vec<i64> {
    let mut times = Vec::new();
    for n in EDGE_NUMBERS {
        times.push(n * M); // "n minutes"
        times.push(H + n * M); // "one hour n minutes"
        times.push(n * S); // "n seconds"
        times.push(2 * M + n * S); // "two minutes n seconds"
    }
    times.extend([H, 2 * H, 3 * H, 4 * H, H + 12 * M]);
    let mut seen = std::collections::HashSet::new();
    times.retain(|ms| seen.insert(readout_id(*ms)));
    let edges = times.len();
    let mut mix = Mix(seed);
    let mut tries = 0;
    while (times.len() < edges + random || times.len() < MIN_READOUTS) && tries < 100_000 {
        tries += 1;
        let ms = if mix.next().is_multiple_of(2) {
            mix.within(S, 10 * M)
        } else {
            mix.within(10 * M, 4 * H)
        };
        if seen.insert(readout_id(ms)) {
            times.push(ms);
        }
    }
    times
}

/// The announcements other than bare readouts: every kind, the timed ones at hard numbers.
fn announcements() -> Vec<(&'static str, &'static str, Announcement)> {
    use Announcement as A;
    let (w, b) = (Side::White, Side::Black);
    let timed = |side, ms, moves| A::TimeReadout {
        side,
        remaining_ms: ms,
        moves_made: None,
        moves_to_control: moves,
    };
    let warning = |side, ms, sudden_death| A::Warning {
        side,
        remaining_ms: ms,
        sudden_death,
    };
    let stage = |moves, time_ms, increment_ms| StageInfo {
        moves,
        time_ms,
        increment_ms,
        delay_ms: 0,
        delay_kind: None::<DelayKind>,
        repeat: false,
    };
    vec![
        ("time_readout", "white_1h12m", timed(w, H + 12 * M, None)),
        (
            "time_readout",
            "black_5m21s_12mv",
            timed(b, 5 * M + 21 * S, Some(12)),
        ),
        ("time_readout", "white_59s_1mv", timed(w, 59 * S, Some(1))),
        ("time_readout", "black_2h_22mv", timed(b, 2 * H, Some(22))),
        ("time_readout", "white_51m_5mv", timed(w, 51 * M, Some(5))),
        (
            "opponent_time",
            "black_21m",
            A::OpponentTime {
                side: b,
                remaining_ms: 21 * M,
            },
        ),
        (
            "opponent_time",
            "white_55s",
            A::OpponentTime {
                side: w,
                remaining_ms: 55 * S,
            },
        ),
        ("warning", "white_5m", warning(w, 5 * M, false)),
        ("warning", "black_1m_end", warning(b, M, true)),
        ("warning", "white_2m_end", warning(w, 2 * M, true)),
        ("warning", "black_52s", warning(b, 52 * S, false)),
        (
            "moves_to_control",
            "white_5",
            A::MovesToControl { side: w, moves: 5 },
        ),
        (
            "moves_to_control",
            "black_1",
            A::MovesToControl { side: b, moves: 1 },
        ),
        (
            "moves_to_control",
            "white_2",
            A::MovesToControl { side: w, moves: 2 },
        ),
        ("flag", "white", A::Flag { side: w }),
        ("flag", "black", A::Flag { side: b }),
        ("start", "white", A::Start { side: w }),
        ("start", "black", A::Start { side: b }),
        ("pause", "", A::Pause),
        ("resume", "", A::Resume),
        (
            "countdown",
            "10",
            A::Countdown {
                remaining_ms: 10 * S,
            },
        ),
        (
            "countdown",
            "5",
            A::Countdown {
                remaining_ms: 5 * S,
            },
        ),
        ("countdown", "1", A::Countdown { remaining_ms: S }),
        (
            "move",
            "white_21",
            A::Move {
                side: w,
                number: 21,
            },
        ),
        ("reminder", "black", A::Reminder { side: b }),
        ("refused", "", A::Refused),
        (
            "adjusted",
            "black_15m_clamped",
            A::Adjusted {
                side: b,
                new_ms: 15 * M,
                clamped: true,
            },
        ),
        (
            "new_stage",
            "white_1h",
            A::NewStage {
                side: w,
                added_ms: H,
            },
        ),
        ("player_stop", "black", A::PlayerStop { side: b }),
        (
            "result",
            "white_flag",
            A::Result {
                outcome: Outcome::White,
                reason: Reason::TimeForfeit,
            },
        ),
        (
            "result",
            "black_stop",
            A::Result {
                outcome: Outcome::Black,
                reason: Reason::Resignation,
            },
        ),
        (
            "result",
            "draw",
            A::Result {
                outcome: Outcome::Draw,
                reason: Reason::Draw1713,
            },
        ),
        (
            "time_readout",
            "black_2m30s_12made",
            A::TimeReadout {
                side: b,
                remaining_ms: 2 * M + 30 * S,
                moves_made: Some(12),
                moves_to_control: None,
            },
        ),
        (
            "clock_check",
            "fide_5m",
            A::ClockCheck {
                rules: Rules::Fide,
                stages: vec![stage(None, 5 * M, 0)],
                white_ms: 5 * M,
                black_ms: 5 * M,
                end: crate::speech::ControlEnd::Flag,
            },
        ),
        ("volume", "7", A::Volume { level: 7 }),
        ("speech_rate", "3", A::SpeechRate { level: 3 }),
        ("ignored_press", "black", A::IgnoredPress { side: b }),
        (
            "clock_check",
            "40in2h_then_1h",
            A::ClockCheck {
                rules: Rules::RussianDraughts,
                stages: vec![stage(Some(40), 2 * H, 0), stage(None, H, 30 * S)],
                white_ms: 2 * H,
                black_ms: H + 59 * M,
                end: crate::speech::ControlEnd::Flag,
            },
        ),
    ]
}

/// The whole set: the readouts, then the other announcements.
pub fn listen_set(random: usize, seed: u64) -> Vec<Sentence> {
    let mut set: Vec<Sentence> = readout_times(random, seed)
        .into_iter()
        .map(|ms| Sentence {
            id: readout_id(ms),
            kind: "readout",
            said: Said::Readout(ms),
        })
        .collect();
    set.extend(announcements().into_iter().map(|(kind, what, a)| Sentence {
        id: if what.is_empty() {
            kind.to_string()
        } else {
            format!("{kind}_{what}")
        },
        kind,
        said: Said::Announce(a),
    }));
    set
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn at_least_a_hundred_readouts_and_unique_ids() {
        for random in [0, 40, 200] {
            let set = listen_set(random, 12);
            let readouts = set.iter().filter(|s| s.kind == "readout").count();
            assert!(readouts >= MIN_READOUTS, "{random}: {readouts}");
            let ids: std::collections::HashSet<_> = set.iter().map(|s| &s.id).collect();
            assert_eq!(ids.len(), set.len(), "ids are unique");
            assert!(set
                .iter()
                .all(|s| s.id.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_')));
        }
    }

    #[test]
    fn holds_the_edge_cases() {
        let ids: Vec<String> = listen_set(40, 12).into_iter().map(|s| s.id).collect();
        for n in EDGE_NUMBERS {
            for id in [
                format!("readout_0h{n:02}m00s"),
                format!("readout_1h{n:02}m00s"),
                format!("readout_0h00m{n:02}s"),
                format!("readout_0h02m{n:02}s"),
            ] {
                assert!(ids.contains(&id), "{id} missing");
            }
        }
        for id in ["readout_1h12m00s", "readout_4h00m00s", "readout_2h00m00s"] {
            assert!(ids.contains(&id.to_string()), "{id} missing");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_set_and_another_seed_another() {
        assert_eq!(listen_set(40, 12), listen_set(40, 12));
        assert_ne!(listen_set(40, 12), listen_set(40, 13));
    }

    #[test]
    fn every_other_kind_is_there_with_its_expectations() {
        let set = listen_set(0, 1);
        for kind in [
            "time_readout",
            "opponent_time",
            "warning",
            "moves_to_control",
            "flag",
            "start",
            "pause",
            "resume",
            "result",
            "clock_check",
            "countdown",
        ] {
            assert!(set.iter().any(|s| s.kind == kind), "{kind} missing");
        }
        let find = |id: &str| set.iter().find(|s| s.id == id).cloned();
        let t = find("time_readout_black_5m21s_12mv");
        assert_eq!(t.as_ref().and_then(Sentence::expected_secs), Some(321));
        assert_eq!(t.as_ref().and_then(Sentence::side), Some(Side::Black));
        assert_eq!(t.as_ref().and_then(Sentence::expected_count), Some(12));
        let r = find("readout_1h12m00s");
        assert_eq!(r.as_ref().and_then(Sentence::expected_secs), Some(4320));
        assert_eq!(find("pause").and_then(|s| s.expected_secs()), None);
    }
}

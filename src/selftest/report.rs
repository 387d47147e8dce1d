//! A self-test's report: every check with its outcome, the figures measured, the devices seen,
//! the binary's version and the configuration's digest. Written as JSON (for the station and
//! for tools) and as text (what was said, one line each), and sent to the station with
//! `[hall]` as the board's retained `selftest` message.

use super::judge::{Answer, ButtonVerdict, Press};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What one check found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "check")]
pub enum Outcome {
    /// A bound button.
    Button {
        /// `white`, `black` or `arbiter`.
        side: String,
        /// Its action (`press`, `time`, …).
        action: String,
        /// The binding's device (`any`, `uuid:…`, `terminal`).
        device: String,
        /// The binding's button.
        button: String,
        /// What happened.
        result: ButtonVerdict,
        /// Other buttons pressed during the step.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        others: Vec<Press>,
    },
    /// A tone and a sentence at one place.
    Sound {
        /// The output device.
        device: String,
        /// Its channels (0 left, 1 right).
        channels: Vec<u16>,
        /// Who hears there.
        listeners: Vec<String>,
        /// Whether the sound was played to its end (the device took it).
        played: bool,
        /// The answer.
        answer: Answer,
    },
    /// A player's controller vibrated.
    Vibration {
        /// `white` or `black`.
        side: String,
        /// The controller's uuid, when he has one of his own.
        controller: Option<String>,
        /// Why it was not tested (no controller of his own, no motor).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        skipped: Option<String>,
        /// The answer, when tested.
        answer: Option<Answer>,
    },
    /// A player's Braille display.
    Braille {
        /// `white` or `black`.
        side: String,
        /// Why it was not tested (the display did not answer).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        skipped: Option<String>,
        /// The routing key pressed (its cell), if one was.
        routing_key: Option<u32>,
    },
    /// The sound's delay through a loopback.
    Latency {
        /// Milliseconds from the first sample written to it heard back, when measured.
        ms: Option<f64>,
        /// Why it was not measured.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        skipped: Option<String>,
    },
}

impl Outcome {
    /// Whether the check found a problem (a skipped check is not one: it is said).
    pub fn problem(&self) -> bool {
        match self {
            Outcome::Button { result, .. } => !result.passed(),
            Outcome::Sound { played, answer, .. } => !played || !answer.passed(),
            Outcome::Vibration { answer, .. } => answer.is_some_and(|a| !a.passed()),
            Outcome::Braille {
                skipped,
                routing_key,
                ..
            } => skipped.is_none() && routing_key.is_none(),
            Outcome::Latency { .. } => false,
        }
    }
}

/// A whole self-test.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The report's format.
    pub format: u32,
    /// `talkclock` and its version.
    pub program: String,
    /// The machine's name.
    pub host: String,
    /// The board's number, with `[hall]`.
    pub board: Option<u32>,
    /// When it began (wall clock, ms since 1970).
    pub started_ms: i64,
    /// When it ended.
    pub ended_ms: i64,
    /// The configuration file (`<embedded default>` without one).
    pub config: String,
    /// The first 16 hex digits of the SHA-256 of the configuration's text.
    pub config_digest: String,
    /// The input devices seen while it ran.
    pub devices: Vec<String>,
    /// Every check, in order.
    pub outcomes: Vec<Outcome>,
    /// Every sentence said and shown, in order, in the listener's language.
    pub said: Vec<String>,
    /// The number of problems found.
    pub problems: usize,
    /// No problem found.
    pub passed: bool,
}

impl Report {
    /// The report's format number.
    pub const FORMAT: u32 = 1;

    /// Counts the problems of the outcomes.
    pub fn close(&mut self, ended_ms: i64) {
        self.ended_ms = ended_ms;
        self.problems = self.outcomes.iter().filter(|o| o.problem()).count();
        self.passed = self.problems == 0;
    }

    /// The report as text: a header, then each sentence as said.
    pub fn text(&self) -> String {
        let mut out = format!(
            "{}: self-test {}\nstarted: {} UTC\nhost: {}\nboard: {}\nconfig: {} (digest {})\ndevices: {}\n\
             problems: {}\n\n",
            self.program,
            if self.passed { "passed" } else { "FAILED" },
            utc_stamp(self.started_ms),
            self.host,
            self.board.map_or("-".into(), |b| b.to_string()),
            self.config,
            self.config_digest,
            if self.devices.is_empty() {
                "-".to_string()
            } else {
                self.devices.join("; ")
            },
            self.problems,
        );
        for line in &self.said {
            out.push_str(line);
            out.push('\n');
        }
        out
    }

    /// Writes `selftest-<started>.json` and `.txt` into `dir` (made if missing); returns the
    /// text file's path.
    pub fn write(&self, dir: &Path) -> std::io::Result<PathBuf> {
        std::fs::create_dir_all(dir)?;
        let stamp = utc_stamp(self.started_ms);
        let base = dir.join(format!("selftest-{stamp}"));
        let json = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        let text_path = base.with_extension("txt");
        for (path, body) in [
            (base.with_extension("json"), json.as_str()),
            (text_path.clone(), self.text().as_str()),
        ] {
            let part = path.with_extension("part");
            std::fs::write(&part, body)?;
            std::fs::rename(&part, &path)?;
        }
        Ok(text_path)
    }
}

/// `2026-12-03T19-40-12` for a wall-clock instant (ms since 1970, UTC): the civil date from
/// the day count (the proleptic Gregorian calendar, eras of 400 years), safe in a file name.
pub fn utc_stamp(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}-{:02}-{:02}",
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_stamps_of_known_instants() {
        assert_eq!(utc_stamp(0), "1970-01-01T00-00-00");
        // 2026-12-03 19:40:12 UTC.
        assert_eq!(utc_stamp(1_796_326_812_000), "2026-12-03T19-40-12");
        // A leap day.
        assert_eq!(utc_stamp(951_782_400_000), "2000-02-29T00-00-00");
    }

    #[test]
    fn a_failed_button_or_an_unanswered_sound_is_a_problem_a_skipped_check_is_not() {
        let mut report = Report {
            format: Report::FORMAT,
            program: "talkclock 0".into(),
            host: "h".into(),
            board: None,
            started_ms: 0,
            ended_ms: 0,
            config: "c".into(),
            config_digest: "d".into(),
            devices: Vec::new(),
            outcomes: vec![
                Outcome::Button {
                    side: "white".into(),
                    action: "press".into(),
                    device: "terminal".into(),
                    button: "w".into(),
                    result: ButtonVerdict::Never,
                    others: Vec::new(),
                },
                Outcome::Sound {
                    device: "default".into(),
                    channels: vec![0],
                    listeners: vec!["white".into()],
                    played: true,
                    answer: Answer::Yes,
                },
                Outcome::Latency {
                    ms: None,
                    skipped: Some("no loopback".into()),
                },
            ],
            said: vec!["one".into()],
            problems: 0,
            passed: true,
        };
        report.close(5);
        assert_eq!((report.problems, report.passed), (1, false));
        let json = serde_json::to_string(&report).unwrap_or_default();
        let back: Report = match serde_json::from_str(&json) {
            Ok(r) => r,
            Err(e) => panic!("{e}: {json}"),
        };
        assert_eq!(back, report);
        assert!(report.text().contains("self-test FAILED"));
    }
}

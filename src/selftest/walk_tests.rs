//! The walk through a recorded [`Io`]: what it asks, of whom, in which language, and what it
//! makes of the answers: vibration felt or not, a controller without a motor, a Braille
//! display that answers or not, a shared speaker told once.

use super::check::Place;
use super::report::{Outcome, Report};
use super::walk::{Io, Limits, Walk};
use crate::config::Config;
use crate::hearing::Listener;
use crate::input::{DeviceId, RawInput};
use crate::speech::Lang;
use std::collections::VecDeque;
use std::time::{Duration, Instant};

/// A board whose hands, motors and displays are written down.
#[derive(Default)]
struct Recorded {
    said: Vec<(Listener, Lang, String)>,
    sounds: Vec<Place>,
    hands: VecDeque<Vec<RawInput>>,
    motor: bool,
    vibrated: Vec<String>,
    display: Option<Option<u32>>,
}

impl Io for Recorded {
    fn say(&mut self, listener: Listener, lang: Lang, text: &str) {
        self.said.push((listener, lang, text.to_string()));
    }
    fn sound(&mut self, place: &Place, _lang: Lang, _text: &str) -> bool {
        self.sounds.push(place.clone());
        true
    }
    fn hands(&mut self, _wanted: &dyn Fn(&RawInput) -> bool, _limit: Duration) -> Vec<RawInput> {
        self.hands.pop_front().unwrap_or_default()
    }
    fn vibrate(&mut self, uuid: &str) -> Result<(), String> {
        if !self.motor {
            return Err(format!("controller {uuid} has no rumble motor"));
        }
        self.vibrated.push(uuid.to_string());
        Ok(())
    }
    fn braille(&mut self, _l: Listener, _t: &str, _limit: Duration) -> Result<Option<u32>, String> {
        self.display
            .ok_or_else(|| "BRLTTY does not answer".to_string())
    }
    fn latency(&mut self) -> Result<f64, String> {
        Err("no loopback".into())
    }
}

fn tap(button: &str) -> Vec<RawInput> {
    let device = DeviceId {
        kind: crate::input::DeviceKind::Gamepad,
        uuid: Some(WHITE_PAD.into()),
        name: "pad".into(),
        path: None,
    };
    vec![RawInput {
        at: Instant::now(),
        device,
        button: button.into(),
        pressed: true,
        repeat: false,
        lag: Some(Duration::from_millis(1)),
    }]
}

const WHITE_PAD: &str = "03000000000000000000000000000001";

fn config(extra: &str) -> Config {
    let text = format!(
        "mode = \"practice\"\n[[time_control.stage]]\ntime = \"5:00\"\n\
         [players.white]\nlanguage = \"en\"\nhaptic = true\nbraille = true\n\
         [players.black]\nlanguage = \"ru\"\n[arbiter]\nlanguage = \"ru\"\n\
         [audio]\nlayout = \"single_speaker\"\n\
         [[input.binding]]\ndevice = \"uuid:{WHITE_PAD}\"\nbutton = \"South\"\n\
         action = \"press\"\nside = \"white\"\n{extra}"
    );
    match Config::parse(&text, "test") {
        Ok(c) => c,
        Err(e) => panic!("{e}"),
    }
}

fn report() -> Report {
    Report {
        format: Report::FORMAT,
        program: "talkclock".into(),
        host: "h".into(),
        board: None,
        started_ms: 0,
        ended_ms: 0,
        config: "test".into(),
        config_digest: "0".into(),
        devices: Vec::new(),
        outcomes: Vec::new(),
        said: Vec::new(),
        problems: 0,
        passed: false,
    }
}

fn walk(config: &Config, io: Recorded) -> (Report, Recorded) {
    let (mut report, io) = Walk::new(config, io, Limits::default(), report()).run();
    report.close(1);
    (report, io)
}

#[test]
fn vibration_felt_and_a_braille_key_pass_a_shared_speaker_is_told_once_per_language() {
    let config = config("");
    let io = Recorded {
        // The button; the speaker's answer; the vibration's answer.
        hands: [tap("South"), tap("South"), tap("South")].into(),
        motor: true,
        display: Some(Some(7)),
        ..Recorded::default()
    };
    let (report, io) = walk(&config, io);
    assert!(report.passed, "{:#?}", report.outcomes);
    assert_eq!(io.vibrated, [WHITE_PAD]);
    assert!(report.outcomes.iter().any(|o| matches!(
        o,
        Outcome::Braille {
            routing_key: Some(7),
            ..
        }
    )));
    // One speaker (the embedded layout), White in English, Black and the arbiter in Russian:
    // the intro is said twice there, not three times.
    let intros = io
        .said
        .iter()
        .filter(|(_, _, t)| {
            t.starts_with("Clock self-test.") || t.starts_with("Самопроверка часов.")
        })
        .count();
    assert_eq!(intros, 2, "{:#?}", io.said);
    assert_eq!(io.sounds.len(), 1);
}

#[test]
fn a_controller_without_a_motor_is_said_and_skipped_an_unfelt_one_and_a_silent_display_fail() {
    let config = config("");
    let without = Recorded {
        hands: [tap("South"), tap("South")].into(),
        motor: false,
        display: None,
        ..Recorded::default()
    };
    let (report, io) = walk(&config, without);
    assert!(
        report.passed,
        "skipped checks are no problem: {:#?}",
        report.outcomes
    );
    assert!(io
        .said
        .iter()
        .any(|(l, _, t)| *l == Listener::White && t.contains("no controller with a vibration")));
    assert!(io
        .said
        .iter()
        .any(|(_, _, t)| t.contains("the Braille display does not answer (BRLTTY")));

    let unfelt = Recorded {
        hands: [tap("South"), tap("South"), Vec::new()].into(),
        motor: true,
        display: Some(None),
        ..Recorded::default()
    };
    let (report, _) = walk(&config, unfelt);
    assert_eq!(report.problems, 2, "{:#?}", report.outcomes);
}

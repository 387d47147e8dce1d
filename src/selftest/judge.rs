//! What a step's button events mean, judged from their own timestamps (pure, no clock read):
//! whether the asked-for button was pressed, how often it fired for one press (a bouncing
//! switch), how late its reader read it after the kernel stamped it, and how a player
//! answered a question (his clock button: yes; his time button: "somewhere else").

use crate::input::bindings::{ActionKind, Binding};
use crate::input::RawInput;
use serde::{Deserialize, Serialize};
use std::time::Duration;

/// After the first press, further presses of the same button within this long are the
/// switch bouncing (a person cannot press twice that fast).
pub const BOUNCE_WINDOW: Duration = Duration::from_millis(250);

/// A reader that read a press later than this after the kernel stamped it is reported (the
/// clock still judges the press at the kernel's instant).
pub const SLOW_READ: Duration = Duration::from_millis(50);

/// How one button check went.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "verdict")]
pub enum ButtonVerdict {
    /// Pressed once, as asked.
    Works(Press),
    /// Pressed, but it fired `times` times within [`BOUNCE_WINDOW`].
    Bounces {
        /// The first press.
        press: Press,
        /// Down edges counted (2 or more).
        times: u32,
        /// Milliseconds from the first down edge to the last one counted.
        within_ms: u64,
    },
    /// No press of it came.
    Never,
}

impl ButtonVerdict {
    /// Whether the button passed.
    pub fn passed(&self) -> bool {
        matches!(self, ButtonVerdict::Works(_))
    }
}

/// A press as it came: from which device, which button, how late it was read.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Press {
    /// The device, as `talkclock devices` names it.
    pub device: String,
    /// How a binding names the device (`uuid:…`, `evdev:…`, `terminal`).
    pub device_match: String,
    /// The button, as the device names it.
    pub button: String,
    /// Milliseconds (fractional) between the kernel's stamp and the reader's read; `None`:
    /// the source has no kernel stamp (the terminal, injected presses).
    pub read_lag_ms: Option<f64>,
}

impl Press {
    /// The press `raw`, as reported.
    pub fn of(raw: &RawInput) -> Press {
        Press {
            device: raw.device.to_string(),
            device_match: match_word(&raw.device.as_match()),
            button: raw.button.clone(),
            read_lag_ms: raw.lag.map(|lag| lag.as_secs_f64() * 1000.0),
        }
    }

    /// Whether its reader read it later than [`SLOW_READ`] after the kernel's stamp.
    pub fn read_late(&self) -> bool {
        self.read_lag_ms
            .is_some_and(|ms| ms > SLOW_READ.as_secs_f64() * 1000.0)
    }
}

/// A device match as a binding writes it.
pub fn match_word(device: &crate::input::bindings::DeviceMatch) -> String {
    use crate::input::bindings::DeviceMatch;
    match device {
        DeviceMatch::Any => "any".into(),
        DeviceMatch::Uuid(hex) => format!("uuid:{hex}"),
        DeviceMatch::Evdev(name) => format!("evdev:{name}"),
        DeviceMatch::Path(path) => format!("path:{path}"),
        DeviceMatch::Terminal => "terminal".into(),
    }
}

/// Whether `raw` is a fresh press (a down edge, not an auto-repeat).
fn is_press(raw: &RawInput) -> bool {
    raw.pressed && !raw.repeat
}

/// Whether `raw` is a press of `binding`'s button.
pub fn presses(binding: &Binding, raw: &RawInput) -> bool {
    is_press(raw) && raw.button == binding.button && raw.device.matches(&binding.device)
}

/// The button check of `binding` over the step's events, in the order they came.
pub fn button(binding: &Binding, events: &[RawInput]) -> ButtonVerdict {
    let mut wanted = events.iter().filter(|raw| presses(binding, raw));
    let Some(first) = wanted.next() else {
        return ButtonVerdict::Never;
    };
    let press = Press::of(first);
    let mut times = 1u32;
    let mut within = Duration::ZERO;
    for again in wanted {
        // Only the same device counts: with `any`, two controllers are two presses.
        if !again.device.same_device(&first.device) {
            continue;
        }
        let after = again.at.saturating_duration_since(first.at);
        if after <= BOUNCE_WINDOW {
            times += 1;
            within = after;
        }
    }
    if times > 1 {
        ButtonVerdict::Bounces {
            press,
            times,
            within_ms: within.as_millis() as u64,
        }
    } else {
        ButtonVerdict::Works(press)
    }
}

/// The presses of a step other than `binding`'s (a wrong button), named.
pub fn others(binding: &Binding, events: &[RawInput]) -> Vec<Press> {
    let mut out: Vec<Press> = Vec::new();
    for raw in events
        .iter()
        .filter(|r| is_press(r) && !presses(binding, r))
    {
        let press = Press::of(raw);
        if !out.contains(&press) {
            out.push(press);
        }
    }
    out
}

/// A player's answer to "did you hear (feel) it where it said?".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Answer {
    /// His clock button: yes, there.
    Yes,
    /// His time button (or, for a question without that choice, any other of his buttons):
    /// heard, but somewhere else.
    Elsewhere,
    /// No answer: not heard (not felt).
    No,
}

impl Answer {
    /// Whether the answer passes the check.
    pub fn passed(self) -> bool {
        self == Answer::Yes
    }
}

/// The first answer among the step's events by whoever `answers` (one of `bindings`).
pub fn answer(
    bindings: &[Binding],
    answers: impl Fn(&Binding) -> bool,
    events: &[RawInput],
) -> Answer {
    for raw in events.iter().filter(|r| is_press(r)) {
        let Some(binding) = bindings.iter().find(|b| answers(b) && presses(b, raw)) else {
            continue;
        };
        return match binding.action {
            ActionKind::Press => Answer::Yes,
            _ => Answer::Elsewhere,
        };
    }
    Answer::No
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hearing::Listener;
    use crate::input::bindings::DeviceMatch;
    use crate::input::DeviceId;
    use std::time::Instant;

    fn bind(button: &str, action: ActionKind, listener: Listener) -> Binding {
        Binding {
            device: DeviceMatch::Terminal,
            button: button.into(),
            action,
            listener,
        }
    }

    fn down(at: Instant, button: &str, lag_ms: Option<u64>) -> RawInput {
        RawInput {
            at,
            device: DeviceId::terminal(),
            button: button.into(),
            pressed: true,
            repeat: false,
            lag: lag_ms.map(Duration::from_millis),
        }
    }

    fn up(at: Instant, button: &str) -> RawInput {
        RawInput {
            pressed: false,
            ..down(at, button, None)
        }
    }

    #[test]
    fn a_switch_that_fires_twice_in_twenty_ms_is_reported_as_bouncing() {
        let t = Instant::now();
        let clock = bind("w", ActionKind::Press, Listener::White);
        let events = [
            down(t, "w", None),
            up(t + Duration::from_millis(5), "w"),
            down(t + Duration::from_millis(20), "w", None),
            up(t + Duration::from_millis(90), "w"),
        ];
        assert_eq!(
            button(&clock, &events),
            ButtonVerdict::Bounces {
                press: Press::of(&events[0]),
                times: 2,
                within_ms: 20
            }
        );
    }

    #[test]
    fn two_presses_a_second_apart_are_not_a_bounce_and_other_buttons_are_named() {
        let t = Instant::now();
        let clock = bind("w", ActionKind::Press, Listener::White);
        let events = [
            down(t, "x", None),
            down(t + Duration::from_millis(300), "w", Some(2)),
            down(t + Duration::from_millis(1300), "w", None),
        ];
        let verdict = button(&clock, &events);
        assert!(verdict.passed(), "{verdict:?}");
        assert_eq!(others(&clock, &events).len(), 1);
        assert_eq!(others(&clock, &events)[0].button, "x");
    }

    #[test]
    fn a_button_never_pressed_or_only_repeating_is_never() {
        let t = Instant::now();
        let clock = bind("w", ActionKind::Press, Listener::White);
        assert_eq!(button(&clock, &[]), ButtonVerdict::Never);
        let repeat = RawInput {
            repeat: true,
            ..down(t, "w", None)
        };
        assert_eq!(button(&clock, &[repeat, up(t, "w")]), ButtonVerdict::Never);
    }

    #[test]
    fn a_press_read_late_after_its_kernel_stamp_is_marked() {
        let t = Instant::now();
        let late = Press::of(&down(t, "w", Some(120)));
        assert!(late.read_late());
        assert!(!Press::of(&down(t, "w", Some(3))).read_late());
        assert!(!Press::of(&down(t, "w", None)).read_late());
        assert_eq!(late.read_lag_ms, Some(120.0));
    }

    #[test]
    fn the_clock_button_answers_yes_the_time_button_elsewhere_only_from_the_asked_player() {
        let t = Instant::now();
        let bindings = [
            bind("w", ActionKind::Press, Listener::White),
            bind("t", ActionKind::Time, Listener::White),
            bind("b", ActionKind::Press, Listener::Black),
        ];
        let white = |b: &Binding| b.listener == Listener::White;
        assert_eq!(answer(&bindings, white, &[down(t, "w", None)]), Answer::Yes);
        assert_eq!(
            answer(&bindings, white, &[down(t, "t", None)]),
            Answer::Elsewhere
        );
        // Black's button does not answer for White.
        assert_eq!(answer(&bindings, white, &[down(t, "b", None)]), Answer::No);
        assert_eq!(answer(&bindings, white, &[]), Answer::No);
    }
}

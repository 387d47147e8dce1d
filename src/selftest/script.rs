//! A self-test's answers written down, a testing aid (`talkclock selftest --inject FILE`):
//! each line is what the hands do during one step, in the steps' order.
//!
//! ```text
//! # White's clock button: pressed
//! terminal w
//! # Black's clock button: pressed, and its switch fires again 20 ms later
//! terminal b
//! +20 terminal b
//! # White's time button: never pressed
//! none
//! ```
//!
//! A line `DEVICE BUTTON` (devices as in a binding, see [`crate::input::inject`]) is a press
//! and its release 100 ms later, and starts a new step; a line starting `+MS` joins the step
//! before, MS milliseconds after its previous press (the release before it comes halfway);
//! `none` is a step in which nothing is pressed. Blank lines and `#` comments are skipped.

use crate::input::inject::{device_button, injected, InjectError};
use crate::input::RawInput;
use std::time::{Duration, Instant};

/// How long after its press a scripted button is released (unless the next press is sooner).
const HELD: Duration = Duration::from_millis(100);

/// The events of each step, in order; the first press of each at `start`.
pub fn parse(text: &str, origin: &str, start: Instant) -> Result<Vec<Vec<RawInput>>, InjectError> {
    let mut steps: Vec<Vec<RawInput>> = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let fail = |message: String| InjectError {
            origin: origin.to_string(),
            line: index + 1,
            message,
        };
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if line == "none" {
            steps.push(Vec::new());
            continue;
        }
        let (after, rest) = match line.strip_prefix('+') {
            Some(rest) => {
                let (ms, rest) = rest.split_once(char::is_whitespace).ok_or_else(|| {
                    fail(format!(
                        "`{line}`: expected +MS DEVICE BUTTON, e.g. `+20 terminal w`"
                    ))
                })?;
                let ms: u64 = ms.parse().map_err(|_| {
                    fail(format!(
                        "`+{ms}`: milliseconds are a whole number, e.g. `+20`"
                    ))
                })?;
                (Some(Duration::from_millis(ms)), rest.trim())
            }
            None => (None, line),
        };
        let (device, button) = device_button(rest).map_err(fail)?;
        let raw = |at, pressed| injected(&device, button, at, pressed);
        let at = match after {
            None => {
                steps.push(Vec::new());
                start
            }
            Some(after) => {
                let Some(step) = steps.last_mut().filter(|s| !s.is_empty()) else {
                    return Err(fail(format!(
                        "`{line}`: a `+MS` line follows a press of the same step"
                    )));
                };
                let last_press = step
                    .iter()
                    .rev()
                    .find(|r| r.pressed)
                    .map_or(start, |r| r.at);
                let at = last_press + after;
                if let Some(release) = step.last_mut().filter(|r| !r.pressed && r.at >= at) {
                    release.at = last_press + after / 2;
                }
                at
            }
        };
        if let Some(step) = steps.last_mut() {
            step.push(raw(at, true));
            step.push(raw(at + HELD, false));
        }
    }
    Ok(steps)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_none_and_a_bounce_joined_to_its_press() {
        let start = Instant::now();
        let text = "# a comment\nterminal w\n\nterminal b\n+20 terminal b\nnone\nterminal t\n";
        let steps = match parse(text, "answers", start) {
            Ok(steps) => steps,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(steps.len(), 4);
        assert_eq!(steps[0].len(), 2);
        assert!(steps[2].is_empty());
        let bounce = &steps[1];
        assert_eq!(bounce.len(), 4);
        assert!(bounce[0].pressed && !bounce[1].pressed && bounce[2].pressed);
        assert_eq!(bounce[1].at, start + Duration::from_millis(10));
        assert_eq!(bounce[2].at, start + Duration::from_millis(20));
    }

    #[test]
    fn a_bad_line_is_named_with_its_number() {
        let Err(e) = parse("terminal w\n+x terminal w\n", "a.txt", Instant::now()) else {
            panic!("`+x` is not milliseconds");
        };
        assert_eq!(e.line, 2);
        let Err(e) = parse("+20 terminal w\n", "a.txt", Instant::now()) else {
            panic!("a `+MS` line needs a press before it");
        };
        assert!(e.to_string().starts_with("a.txt:1: "), "{e}");
    }
}

//! The `[input]` section: which device button does what, the press lockout and the long press.
//!
//! Raw serde structs mirror the TOML (with spans); [`input_config`] validates them into an
//! [`InputConfig`], reporting each problem with its line and column through the [`Collector`].

use super::diagnostic::Collector;
use super::Mode;
use crate::clock::time::{parse_duration, Ms};
use crate::hearing::Listener;
use crate::input::bindings::{button_problem, ActionKind, Binding, DeviceMatch, InputConfig};
use serde::Deserialize;
use toml::Spanned;

/// `[input]` as written.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawInputSection {
    /// After an accepted press, further presses of that button are ignored this long.
    pub lockout: Option<Spanned<String>>,
    /// Holding a `time` button this long gives the spoken help instead of the time.
    pub long_press: Option<Spanned<String>>,
    /// Grab the evdev devices named in bindings, so their keys reach no other program.
    pub grab: Option<bool>,
    /// `[[input.binding]]`, in order.
    #[serde(default)]
    pub binding: Vec<Spanned<RawBinding>>,
}

/// `[[input.binding]]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawBinding {
    /// `any`, `uuid:HEX`, `evdev:NAME`, `path:/dev/input/…` or `terminal`.
    pub device: Option<Spanned<String>>,
    /// A gilrs button name, an evdev key name or a terminal key.
    pub button: Option<Spanned<String>>,
    /// What the button does.
    pub action: Option<Spanned<String>>,
    /// `white`, `black` or `arbiter`.
    pub side: Option<Spanned<String>>,
}

/// Validates `[input]`; without the section, no bindings and the default timings.
pub fn input_config(c: &mut Collector, raw: &RawInputSection, mode: Mode) -> InputConfig {
    let mut config = InputConfig {
        grab: raw.grab.unwrap_or(false),
        ..InputConfig::default()
    };
    if let Some(ms) = timing(c, raw.lockout.as_ref(), "lockout", 0, 1_000) {
        config.lockout = ms;
    }
    if let Some(ms) = timing(c, raw.long_press.as_ref(), "long_press", 300, 5_000) {
        config.long_press = ms;
    }
    let mut seen: Vec<(DeviceMatch, String, usize)> = Vec::new();
    for spanned in &raw.binding {
        let Some(binding) = binding(c, spanned, mode) else {
            continue;
        };
        let line = super::diagnostic::line_column(c.source(), spanned.span().start).0;
        let key = (binding.device.clone(), binding.button.clone());
        if let Some((_, _, first)) = seen.iter().find(|(d, b, _)| (d, b) == (&key.0, &key.1)) {
            let span = spanned
                .get_ref()
                .button
                .as_ref()
                .map_or(spanned.span(), |b| b.span());
            c.at(
                span,
                format!(
                    "button \"{}\" of device \"{}\" is already bound by the binding at line {first}; one button does one thing",
                    binding.button, binding.device
                ),
            );
            continue;
        }
        seen.push((key.0, key.1, line));
        config.bindings.push(binding);
    }
    config
}

fn timing(
    c: &mut Collector,
    value: Option<&Spanned<String>>,
    key: &str,
    min: Ms,
    max: Ms,
) -> Option<Ms> {
    let value = value?;
    match parse_duration(value.get_ref()) {
        Ok(ms) if (min..=max).contains(&ms) => Some(ms),
        Ok(_) => {
            c.at(
                value.span(),
                format!(
                    "`{key}` must be from {} to {} seconds",
                    min as f64 / 1000.0,
                    max as f64 / 1000.0
                ),
            );
            None
        }
        Err(e) => {
            c.at(value.span(), format!("`{key}`: {e}"));
            None
        }
    }
}

fn binding(c: &mut Collector, spanned: &Spanned<RawBinding>, mode: Mode) -> Option<Binding> {
    let raw = spanned.get_ref();
    let device = match &raw.device {
        None => Some(DeviceMatch::Any),
        Some(value) => match DeviceMatch::parse(value.get_ref()) {
            Ok(device) => Some(device),
            Err(message) => {
                c.at(value.span(), format!("`device`: {message}"));
                None
            }
        },
    };
    let action = match &raw.action {
        None => {
            c.at(
                spanned.span(),
                "this [[input.binding]] has no `action`, e.g. action = \"press\"",
            );
            None
        }
        Some(value) => match ActionKind::ALL.iter().find(|(n, _)| n == value.get_ref()) {
            Some((_, kind)) => Some(*kind),
            None => {
                let names: Vec<&str> = ActionKind::ALL.iter().map(|(n, _)| *n).collect();
                c.at(
                    value.span(),
                    format!(
                        "`action` cannot be \"{}\"; expected one of {}",
                        value.get_ref(),
                        names.join(", ")
                    ),
                );
                None
            }
        },
    };
    let button = match &raw.button {
        None => {
            c.at(
                spanned.span(),
                "this [[input.binding]] has no `button`, e.g. button = \"South\"",
            );
            None
        }
        Some(value) => Some(value),
    };
    let listener = listener(c, spanned, action, mode);
    let (device, action, button, listener) = (device?, action?, button?, listener?);
    if let Some(problem) = button_problem(&device, button.get_ref()) {
        c.at(button.span(), problem);
        return None;
    }
    Some(Binding {
        device,
        button: button.get_ref().clone(),
        action,
        listener,
    })
}

fn listener(
    c: &mut Collector,
    spanned: &Spanned<RawBinding>,
    action: Option<ActionKind>,
    mode: Mode,
) -> Option<Listener> {
    let raw = spanned.get_ref();
    let Some(value) = &raw.side else {
        return match action {
            // The set-up menu speaks to whoever holds the button: without a side, in the
            // arbiter's language, as a shared `start` does.
            Some(kind) if kind.is_arbiters() || kind == ActionKind::Setup => {
                Some(Listener::Arbiter)
            }
            Some(kind) => {
                c.at(
                    spanned.span(),
                    format!(
                        "this `{}` binding has no `side`: say whose button it is, side = \"white\" or \"black\"",
                        kind.name()
                    ),
                );
                None
            }
            None => None,
        };
    };
    let listener = match value.get_ref().as_str() {
        "white" => Listener::White,
        "black" => Listener::Black,
        "arbiter" => Listener::Arbiter,
        other => {
            c.at(
                value.span(),
                format!(
                    "`side` cannot be \"{other}\"; expected \"white\", \"black\" or \"arbiter\""
                ),
            );
            return None;
        }
    };
    let action = action?;
    if action.is_player_only() && listener == Listener::Arbiter {
        c.at(
            value.span(),
            format!(
                "`{}` acts on a player's own clock: side must be \"white\" or \"black\", not \"arbiter\"",
                action.name()
            ),
        );
        return None;
    }
    if action.is_arbiters() && listener != Listener::Arbiter && mode == Mode::Tournament {
        c.at(
            value.span(),
            format!(
                "`{}` is the arbiter's action: in a tournament a player's button may not pause, resume, start the clock or ask for a clock check; use side = \"arbiter\" (or mode = \"practice\")",
                action.name()
            ),
        );
        return None;
    }
    Some(listener)
}

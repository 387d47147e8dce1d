//! `[[preset]]` (named time controls the set-up menu offers) and `[setup]`.

use super::diagnostic::Collector;
use super::raw::RawConfig;
use crate::clock::TimeControl;

/// A named time control from the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preset {
    /// Its name (printed in the menu, written back by it).
    pub name: String,
    /// The control.
    pub control: TimeControl,
}

/// The most presets a file may hold (with the shipped ones, the menu's list stays short
/// enough to step through by ear).
pub const MAX_PRESETS: usize = 20;

/// The longest preset name, in characters.
pub const MAX_NAME: usize = 60;

/// Checks the file's presets; a bad one is reported and left out.
pub(super) fn presets(c: &mut Collector, config: &RawConfig) -> Vec<Preset> {
    let raw = &config.preset;
    if raw.len() > MAX_PRESETS {
        c.at(
            raw[MAX_PRESETS].span(),
            format!("at most {MAX_PRESETS} [[preset]] tables: a longer list is too long to step through by ear"),
        );
    }
    let mut out: Vec<Preset> = Vec::new();
    for (index, spanned) in raw.iter().take(MAX_PRESETS).enumerate() {
        let number = index + 1;
        let preset = spanned.get_ref();
        let Some(name) = &preset.name else {
            c.at(
                spanned.span(),
                format!("preset {number} has no `name`, e.g. name = \"club blitz\""),
            );
            continue;
        };
        let text = name.get_ref().trim();
        if text.is_empty() || text.chars().count() > MAX_NAME {
            c.at(
                name.span(),
                format!("preset {number}: `name` must have 1 to {MAX_NAME} characters"),
            );
            continue;
        }
        if out.iter().any(|p| p.name == text) {
            c.at(
                name.span(),
                format!("preset {number}: another preset is already named \"{text}\""),
            );
            continue;
        }
        let Some(control) = &preset.time_control else {
            c.at(
                spanned.span(),
                format!(
                    "preset {number} (\"{text}\") has no time control: add [[preset.time_control.stage]] tables"
                ),
            );
            continue;
        };
        if let Some(control) = super::time_control(c, Some(control), config) {
            out.push(Preset {
                name: text.to_string(),
                control,
            });
        }
    }
    out
}

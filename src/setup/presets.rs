//! The presets the set-up menu offers: the common controls the clock ships with, then the
//! configuration file's own `[[preset]]`s.

use crate::clock::{DelayKind, Stage, TimeControl, HOUR, MINUTE, SECOND};
use crate::config::Preset;
use crate::speech::{PresetName, ShippedPreset};

/// A control the menu offers, with its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Offer {
    /// How it is named.
    pub name: PresetName,
    /// The control.
    pub control: TimeControl,
    /// The name written into the file when it is saved.
    pub file_name: String,
}

/// Every shipped preset, in the menu's order.
pub const SHIPPED: [ShippedPreset; 9] = [
    ShippedPreset::RussianClassical,
    ShippedPreset::FmjdClassical,
    ShippedPreset::FideClassical,
    ShippedPreset::RapidFide,
    ShippedPreset::Rapid,
    ShippedPreset::Blitz,
    ShippedPreset::Blitz3,
    ShippedPreset::Bullet,
    ShippedPreset::Hourglass,
];

fn with_increment(moves: Option<u32>, time: i64, increment: i64) -> Stage {
    let mut stage = Stage::new(moves, time);
    stage.increment = increment;
    stage
}

/// A shipped preset's control and its name in the file.
pub fn shipped(preset: ShippedPreset) -> (TimeControl, &'static str) {
    let (stages, hourglass, name) = match preset {
        ShippedPreset::RussianClassical => (
            vec![with_increment(None, 90 * MINUTE, MINUTE)],
            false,
            "Russian draughts classical 90 min + 1 min",
        ),
        ShippedPreset::FmjdClassical => {
            let mut second = Stage::new(Some(25), HOUR);
            second.repeat = true;
            (
                vec![Stage::new(Some(50), 2 * HOUR), second],
                false,
                "FMJD classical 2 h / 50 + 1 h / 25",
            )
        }
        ShippedPreset::FideClassical => (
            vec![
                with_increment(Some(40), 90 * MINUTE, 30 * SECOND),
                with_increment(None, 30 * MINUTE, 30 * SECOND),
            ],
            false,
            "FIDE classical 90 / 40 + 30 min + 30 s",
        ),
        ShippedPreset::RapidFide => (
            vec![with_increment(None, 25 * MINUTE, 10 * SECOND)],
            false,
            "FIDE rapid 25 min + 10 s",
        ),
        ShippedPreset::Rapid => (
            vec![with_increment(None, 15 * MINUTE, 10 * SECOND)],
            false,
            "Rapid 15 min + 10 s",
        ),
        ShippedPreset::Blitz => (
            vec![with_increment(None, 5 * MINUTE, 3 * SECOND)],
            false,
            "Blitz 5 min + 3 s",
        ),
        ShippedPreset::Blitz3 => (
            vec![with_increment(None, 3 * MINUTE, 2 * SECOND)],
            false,
            "Blitz 3 min + 2 s",
        ),
        ShippedPreset::Bullet => (vec![Stage::new(None, MINUTE)], false, "Bullet 1 min"),
        ShippedPreset::Hourglass => (vec![Stage::new(None, 5 * MINUTE)], true, "Hourglass 5 min"),
    };
    // The shipped stages are written above and checked by a test: never refused.
    let control = TimeControl::new(stages, hourglass).expect("the shipped presets are valid");
    (control, name)
}

/// What the menu offers: the shipped presets, then the file's (a file preset with the name of
/// a shipped one replaces it in place).
pub fn offers(file: &[Preset]) -> Vec<Offer> {
    let mut offers: Vec<Offer> = SHIPPED
        .iter()
        .map(|&p| {
            let (control, name) = shipped(p);
            Offer {
                name: PresetName::Shipped(p),
                control,
                file_name: name.to_string(),
            }
        })
        .collect();
    for (i, preset) in file.iter().enumerate() {
        let offer = Offer {
            name: PresetName::FromFile {
                number: i as u32 + 1,
                name: preset.name.clone(),
            },
            control: preset.control.clone(),
            file_name: preset.name.clone(),
        };
        match offers.iter_mut().find(|o| o.file_name == preset.name) {
            Some(existing) => *existing = offer,
            None => offers.push(offer),
        }
    }
    offers
}

/// The delay kinds in the order the custom control offers them.
pub const DELAY_KINDS: [DelayKind; 2] = [DelayKind::Bronstein, DelayKind::Simple];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_preset_is_a_valid_control() {
        for preset in SHIPPED {
            let (control, _) = shipped(preset);
            let stages = control.stages().to_vec();
            assert_eq!(
                TimeControl::problems(&stages, control.hourglass()),
                vec![],
                "{preset:?}"
            );
        }
        let (fide, _) = shipped(ShippedPreset::FideClassical);
        assert_eq!(fide.stages()[0].moves, Some(40));
        assert_eq!(fide.stages()[1].increment, 30 * SECOND);
    }

    #[test]
    fn a_file_preset_named_as_a_shipped_one_replaces_it() {
        let control = TimeControl::new(vec![Stage::new(None, 7 * MINUTE)], false).unwrap();
        let file = vec![
            Preset {
                name: "Blitz 5 min + 3 s".into(),
                control: control.clone(),
            },
            Preset {
                name: "club night".into(),
                control: control.clone(),
            },
        ];
        let offers = offers(&file);
        assert_eq!(offers.len(), SHIPPED.len() + 1);
        let blitz = offers
            .iter()
            .find(|o| o.file_name == "Blitz 5 min + 3 s")
            .unwrap();
        assert_eq!(blitz.control, control);
        assert!(matches!(blitz.name, PresetName::FromFile { number: 1, .. }));
        assert_eq!(offers.last().unwrap().file_name, "club night");
    }
}

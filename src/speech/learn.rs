//! What learn mode says, in English or Russian: short sentences meant to be heard, naming
//! buttons the way the spoken help does and devices by name (never by uuid or path).

use super::help::button_name;
use crate::clock::Side;
use crate::hearing::Lang;
use crate::input::bindings::ActionKind;
use crate::input::device::{DeviceId, DeviceKind};
use crate::input::learn::{LearnWords, Step};

/// The sentences of learn mode in one language.
#[derive(Debug, Clone, Copy)]
pub struct Phrases(pub Lang);

impl Phrases {
    /// "Press White's clock button."
    pub fn prompt(self, step: &Step) -> String {
        match self.0 {
            Lang::En => format!("Press {}.", title(step)),
            Lang::Ru => format!("Нажмите {}.", accusative(step)),
        }
    }

    /// What was heard, and how to confirm it.
    pub fn heard(self, device: &DeviceId, button: &str) -> String {
        let button = capital(&button_name(button, &device.as_match(), self.0));
        let on = on_device(device, self.0);
        match self.0 {
            Lang::En => {
                format!("{button}{on}. Press it again to confirm, or press another button.")
            }
            Lang::Ru => format!(
                "{button}{on}. Нажмите ещё раз, чтобы подтвердить, или нажмите другую кнопку."
            ),
        }
    }

    /// "White's clock button is set."
    pub fn set(self, step: &Step) -> String {
        match self.0 {
            Lang::En => format!("{} is set.", capital(&title(step))),
            Lang::Ru => format!("{} назначена.", capital(&nominative(step))),
        }
    }

    /// The button is already another step's.
    pub fn already(self, other: &Step, step: &Step) -> String {
        match self.0 {
            Lang::En => format!(
                "That button is already {}. Press another button for {}.",
                title(other),
                title(step)
            ),
            Lang::Ru => format!(
                "Эта кнопка уже назначена как {}. Нажмите другую: {}.",
                nominative(other),
                nominative(step)
            ),
        }
    }

    /// The confirmation was another button.
    pub fn another(self, step: &Step) -> String {
        match self.0 {
            Lang::En => format!("That was another button. Press {}.", title(step)),
            Lang::Ru => format!("Это была другая кнопка. Нажмите {}.", accusative(step)),
        }
    }

    /// The input ended before every button was learned.
    pub fn ended(self, step: &Step) -> String {
        match self.0 {
            Lang::En => format!(
                "the input ended before {} was learned; nothing was written",
                title(step)
            ),
            Lang::Ru => format!(
                "ввод закончился раньше, чем была назначена {}; ничего не записано",
                nominative(step)
            ),
        }
    }

    /// Everything is learned and written.
    pub fn saved(self, file: &str) -> String {
        match self.0 {
            Lang::En => format!("All buttons are set. Saved to {file}."),
            Lang::Ru => format!("Все кнопки назначены. Сохранено в {file}."),
        }
    }
}

impl LearnWords for Phrases {
    fn prompt(&self, step: &Step) -> String {
        Phrases::prompt(*self, step)
    }

    fn heard(&self, device: &DeviceId, button: &str) -> String {
        Phrases::heard(*self, device, button)
    }

    fn set(&self, step: &Step) -> String {
        Phrases::set(*self, step)
    }

    fn already(&self, other: &Step, step: &Step) -> String {
        Phrases::already(*self, other, step)
    }

    fn another(&self, step: &Step) -> String {
        Phrases::another(*self, step)
    }
}

/// "White's clock button" (English).
pub fn title(step: &Step) -> String {
    let whose = match step.side {
        Side::White => "White's",
        Side::Black => "Black's",
    };
    let what = match step.action {
        ActionKind::Press => "clock button",
        _ => "time button",
    };
    format!("{whose} {what}")
}

fn nominative(step: &Step) -> String {
    format!("кнопка {}", russian_of(step))
}

fn accusative(step: &Step) -> String {
    format!("кнопку {}", russian_of(step))
}

fn russian_of(step: &Step) -> &'static str {
    match (step.action, step.side) {
        (ActionKind::Press, Side::White) => "часов белых",
        (ActionKind::Press, Side::Black) => "часов чёрных",
        (_, Side::White) => "времени белых",
        (_, Side::Black) => "времени чёрных",
    }
}

fn on_device(device: &DeviceId, language: Lang) -> String {
    match (device.kind, language) {
        (DeviceKind::Terminal, Lang::En) => " on the keyboard".to_string(),
        (DeviceKind::Terminal, Lang::Ru) => " на клавиатуре".to_string(),
        (DeviceKind::Gamepad, Lang::En) => format!(" on the controller {}", device.name),
        (DeviceKind::Gamepad, Lang::Ru) => format!(" на пульте «{}»", device.name),
        (DeviceKind::Evdev, Lang::En) => format!(" on {}", device.name),
        (DeviceKind::Evdev, Lang::Ru) => format!(" на устройстве «{}»", device.name),
    }
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::learn::STEPS;

    #[test]
    fn russian_prompts_decline_the_button() {
        let ru = Phrases(Lang::Ru);
        assert_eq!(ru.prompt(&STEPS[1]), "Нажмите кнопку часов чёрных.");
        assert_eq!(ru.set(&STEPS[2]), "Кнопка времени белых назначена.");
        let pedal = DeviceId::evdev("Foot Switch", "/dev/input/event3");
        assert_eq!(
            ru.heard(&pedal, "KEY_B"),
            "Кнопка B на устройстве «Foot Switch». Нажмите ещё раз, чтобы подтвердить, или нажмите другую кнопку."
        );
        assert_eq!(
            ru.already(&STEPS[0], &STEPS[3]),
            "Эта кнопка уже назначена как кнопка часов белых. Нажмите другую: кнопка времени чёрных."
        );
    }

    #[test]
    fn english_prompts_name_the_controller_not_its_uuid() {
        let en = Phrases(Lang::En);
        let pad = DeviceId::gamepad([3; 16], "Big Buttons");
        let heard = en.heard(&pad, "LeftTrigger");
        assert_eq!(
            heard,
            "The left shoulder button on the controller Big Buttons. Press it again to confirm, or press another button."
        );
        assert!(!heard.contains("0303"));
        assert_eq!(
            en.another(&STEPS[0]),
            "That was another button. Press White's clock button."
        );
    }
}

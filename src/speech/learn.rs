//! What learn mode says, in the player's language (`[words.learn]` of its catalogue): short sentences meant to be heard, naming
//! buttons the way the spoken help does and devices by name (never by uuid or path).

use super::help::button_name;
use crate::clock::Side;
use crate::input::bindings::ActionKind;
use crate::input::device::{DeviceId, DeviceKind};
use crate::input::learn::{LearnWords, Step};
use crate::speech::Lang;

/// The sentences of learn mode in one language.
#[derive(Debug, Clone, Copy)]
pub struct Phrases(pub Lang);

/// The catalogues' area of learn mode's words (`[words.learn]`).
const AREA: &str = "learn";

impl Phrases {
    /// The sentence `name` with the step's names filled in: `{nom}` and `{acc}` (the
    /// button's name as subject and as object), `{Nom}` (capitalised), `{other}` (the other
    /// step's, as subject).
    fn about(
        self,
        name: &str,
        step: &Step,
        other: Option<&Step>,
        extra: &[(&str, &str)],
    ) -> String {
        let nom = self.step(step, "nom");
        let acc = self.step(step, "acc");
        let cap = capital(nom);
        let other = other.map_or("", |o| self.step(o, "nom"));
        let mut args = vec![
            ("nom", nom),
            ("acc", acc),
            ("Nom", cap.as_str()),
            ("other", other),
        ];
        args.extend_from_slice(extra);
        self.0.words(AREA, name, &args)
    }

    /// The name of a step's button in `form` ("nom", "acc").
    fn step(self, step: &Step, form: &str) -> &'static str {
        let what = match step.action {
            ActionKind::Press => "clock",
            _ => "time",
        };
        let side = match step.side {
            Side::White => "white",
            Side::Black => "black",
        };
        self.0.word(AREA, &format!("{form}_{what}_{side}"))
    }

    /// "Press White's clock button."
    pub fn prompt(self, step: &Step) -> String {
        self.about("prompt", step, None, &[])
    }

    /// What was heard, and how to confirm it.
    pub fn heard(self, device: &DeviceId, button: &str) -> String {
        let button = capital(&button_name(button, &device.as_match(), self.0));
        let on = on_device(device, self.0);
        self.0
            .words(AREA, "heard", &[("button", &button), ("on", &on)])
    }

    /// "White's clock button is set."
    pub fn set(self, step: &Step) -> String {
        self.about("set", step, None, &[])
    }

    /// The button is already another step's.
    pub fn already(self, other: &Step, step: &Step) -> String {
        self.about("already", step, Some(other), &[])
    }

    /// The confirmation was another button.
    pub fn another(self, step: &Step) -> String {
        self.about("another", step, None, &[])
    }

    /// The input ended before every button was learned.
    pub fn ended(self, step: &Step) -> String {
        self.about("ended", step, None, &[])
    }

    /// Everything is learned and written.
    pub fn saved(self, file: &str) -> String {
        self.0.words(AREA, "saved", &[("file", file)])
    }

    /// A Braille display that does not answer.
    pub fn no_braille(self, host: &str, error: &str) -> String {
        self.0
            .words(AREA, "no_braille", &[("host", host), ("error", error)])
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

fn on_device(device: &DeviceId, language: Lang) -> String {
    let name = match device.kind {
        DeviceKind::Terminal => "on_keyboard",
        DeviceKind::Gamepad => "on_gamepad",
        DeviceKind::Evdev => "on_evdev",
    };
    language.words(AREA, name, &[("name", &device.name)])
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
    fn german_prompts_come_from_the_german_catalogue() {
        let de = Phrases(Lang::from_code("de").unwrap());
        assert_eq!(
            de.prompt(&STEPS[1]),
            "Drücken Sie die Uhrtaste für Schwarz."
        );
        assert_eq!(de.set(&STEPS[2]), "Die Zeittaste für Weiß ist belegt.");
        let pedal = DeviceId::evdev("Foot Switch", "/dev/input/event3");
        assert_eq!(
            de.heard(&pedal, "KEY_B"),
            "Die Taste B am Gerät „Foot Switch“. Drücken Sie sie noch einmal zur Bestätigung oder drücken Sie eine andere Taste."
        );
    }

    #[test]
    fn ukrainian_prompts_come_from_the_ukrainian_catalogue() {
        let uk = Phrases(Lang::from_code("uk").unwrap());
        assert_eq!(uk.prompt(&STEPS[1]), "Натисніть кнопку годинника чорних.");
        assert_eq!(uk.set(&STEPS[2]), "Кнопка часу білих призначена.");
        let pedal = DeviceId::evdev("Foot Switch", "/dev/input/event3");
        assert_eq!(
            uk.heard(&pedal, "KEY_B"),
            "Кнопка B на пристрої «Foot Switch». Натисніть ще раз, щоб підтвердити, або \
             натисніть іншу кнопку."
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

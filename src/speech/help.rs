//! The spoken help: for one listener, a sentence per button saying what it does, in the
//! listener's language, from its catalogue (`[words.help]`). Pure: built from the bindings
//! alone; the daemon speaks the lines in order.

use crate::hearing::Listener;
use crate::input::bindings::{ActionKind, Binding, DeviceMatch};
use crate::speech::Lang;

/// The help lines for `listener`: one per button bound to him, in the file's order.
/// Bindings of other listeners are left out; with none, one line says so.
pub fn help_lines(bindings: &[Binding], listener: Listener, language: Lang) -> Vec<String> {
    let lines: Vec<String> = bindings
        .iter()
        .filter(|b| b.listener == listener)
        .map(|b| line(b, language))
        .collect();
    if lines.is_empty() {
        return vec![language.word(AREA, "no_buttons").to_string()];
    }
    lines
}

/// The help in the set-up menu: one line per bound button that does something there (any
/// listener's: every button works in the menu), in the file's order.
pub fn menu_help_lines(bindings: &[Binding], language: Lang) -> Vec<String> {
    bindings
        .iter()
        .filter_map(|b| {
            let role = menu_role(b, language)?;
            let button = button_name(&b.button, &b.device, language);
            let device = device_phrase(&b.device, language);
            Some(capitalised(format!("{button}{device}: {role}.")))
        })
        .collect()
}

/// The catalogues' area of the help's words (`[words.help]`).
const AREA: &str = "help";

/// What a button does in the set-up menu, if anything.
fn menu_role(binding: &Binding, language: Lang) -> Option<&'static str> {
    let white = binding.listener == Listener::White;
    let name = match binding.action {
        ActionKind::Press if white => "menu_press_white",
        ActionKind::Press => "menu_press",
        ActionKind::Start => "menu_start",
        ActionKind::Time => "menu_time",
        ActionKind::Repeat => "menu_repeat",
        ActionKind::Setup => "menu_setup",
        ActionKind::Help => "menu_help",
        ActionKind::VolumeUp
        | ActionKind::VolumeDown
        | ActionKind::RateUp
        | ActionKind::RateDown => return Some(action_phrase(binding.action, language)),
        _ => return None,
    };
    Some(language.word(AREA, name))
}

fn capitalised(mut text: String) -> String {
    if let Some(c) = text.chars().next() {
        let upper: String = c.to_uppercase().collect();
        text.replace_range(..c.len_utf8(), &upper);
    }
    text
}

fn line(binding: &Binding, language: Lang) -> String {
    let button = button_name(&binding.button, &binding.device, language);
    let device = device_phrase(&binding.device, language);
    let action = action_phrase(binding.action, language);
    capitalised(format!("{button}{device}: {action}."))
}

/// The buttons the help names by their place (`button_<name>` in `[words.help]`).
const NAMED_BUTTONS: &[&str] = &[
    "South",
    "East",
    "North",
    "West",
    "LeftTrigger",
    "RightTrigger",
    "LeftTrigger2",
    "RightTrigger2",
    "Start",
    "Select",
    "DPadUp",
    "DPadDown",
    "DPadLeft",
    "DPadRight",
    "Enter",
    "Space",
];

/// A button's name as the help and learn mode say it ("the lower button", "клавиша F5").
pub(crate) fn button_name(button: &str, device: &DeviceMatch, language: Lang) -> String {
    if NAMED_BUTTONS.contains(&button) {
        return language.word(AREA, &format!("button_{button}")).to_string();
    }
    let key = button
        .strip_prefix("KEY_")
        .or_else(|| button.strip_prefix("BTN_"))
        .unwrap_or(button);
    let name = match device {
        DeviceMatch::Terminal => "key_named",
        _ => "button_named",
    };
    language.words(AREA, name, &[("key", key)])
}

pub(crate) fn device_phrase(device: &DeviceMatch, language: Lang) -> String {
    let (name, device_name) = match device {
        DeviceMatch::Any => return String::new(),
        DeviceMatch::Uuid(_) => ("on_controller", ""),
        DeviceMatch::Evdev(name) => ("on_evdev", name.as_str()),
        DeviceMatch::Path(_) => ("on_path", ""),
        DeviceMatch::Terminal => ("on_keyboard", ""),
    };
    language.words(AREA, name, &[("name", device_name)])
}

fn action_phrase(action: ActionKind, language: Lang) -> &'static str {
    language.word(AREA, &format!("action_{}", action.name()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bind(device: DeviceMatch, button: &str, action: ActionKind, listener: Listener) -> Binding {
        Binding {
            device,
            button: button.to_string(),
            action,
            listener,
        }
    }

    fn shared_pad() -> Vec<Binding> {
        vec![
            bind(
                DeviceMatch::Any,
                "LeftTrigger",
                ActionKind::Press,
                Listener::White,
            ),
            bind(
                DeviceMatch::Any,
                "RightTrigger",
                ActionKind::Press,
                Listener::Black,
            ),
            bind(
                DeviceMatch::Any,
                "LeftTrigger2",
                ActionKind::Time,
                Listener::White,
            ),
            bind(
                DeviceMatch::Terminal,
                "p",
                ActionKind::Pause,
                Listener::Arbiter,
            ),
        ]
    }

    #[test]
    fn white_hears_only_his_own_buttons_in_english() {
        let lines = help_lines(&shared_pad(), Listener::White, Lang::En);
        assert_eq!(
            lines,
            vec![
                "The left shoulder button: after your move: stops your clock and starts your opponent's.",
                "The left trigger: tells your remaining time; a long press gives this help.",
            ]
        );
    }

    #[test]
    fn black_hears_his_button_in_russian() {
        let lines = help_lines(&shared_pad(), Listener::Black, Lang::Ru);
        assert_eq!(
            lines,
            vec!["Правая плечевая кнопка: ход сделан: останавливает ваши часы и пускает часы соперника."]
        );
    }

    #[test]
    fn a_german_player_hears_the_help_from_the_german_catalogue() {
        let de = Lang::from_code("de").unwrap();
        assert_eq!(
            help_lines(&shared_pad(), Listener::White, de),
            vec![
                "Die linke Schultertaste: nach Ihrem Zug: hält Ihre Uhr an und startet die Ihres Gegners.",
                "Der linke Trigger: sagt Ihre verbleibende Zeit; lang gedrückt gibt sie diese Hilfe.",
            ]
        );
        assert_eq!(
            help_lines(&shared_pad()[..1], Listener::Black, de),
            vec!["Für Sie ist keine Taste eingerichtet."]
        );
    }

    #[test]
    fn the_arbiter_hears_the_keyboard_and_a_listener_without_buttons_is_told_so() {
        let arbiter = help_lines(&shared_pad(), Listener::Arbiter, Lang::Ru);
        assert_eq!(
            arbiter,
            vec!["Клавиша p на клавиатуре: ставит часы на паузу."]
        );
        let none = help_lines(&shared_pad()[..1], Listener::Black, Lang::En);
        assert_eq!(none, vec!["No buttons are set up for you."]);
    }

    #[test]
    fn each_listener_hears_the_help_in_his_own_language() {
        let config = crate::input::tests_support::config_with(
            "[players.white]\nlanguage = \"en\"\n[players.black]\nlanguage = \"ru\"\n\
             [[input.binding]]\nbutton = \"KEY_B\"\ndevice = \"evdev:Foot Switch\"\naction = \"time\"\nside = \"white\"\n\
             [[input.binding]]\nbutton = \"KEY_N\"\ndevice = \"evdev:Foot Switch\"\naction = \"time\"\nside = \"black\"\n",
        );
        assert_eq!(
            config.help_for(Listener::White),
            vec!["The B button on Foot Switch: tells your remaining time; a long press gives this help."]
        );
        assert_eq!(
            config.help_for(Listener::Black),
            vec!["Кнопка N на устройстве Foot Switch: говорит ваше оставшееся время; долгое нажатие — эта подсказка."]
        );
        assert_eq!(
            config.help_for(Listener::Arbiter),
            vec!["Для вас не настроено ни одной кнопки."]
        );
    }
}

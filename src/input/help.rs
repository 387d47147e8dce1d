//! The spoken help: for one listener, a sentence per button saying what it does, in English or
//! Russian. Pure: built from the bindings alone; the daemon speaks the lines in order.

use crate::config::{ActionKind, Binding, Config, DeviceMatch, Language};
use crate::table::Listener;

/// The help lines for `listener` in his own language (a player's, or the arbiter's).
pub fn help_for(config: &Config, listener: Listener) -> Vec<String> {
    let language = match listener.side() {
        Some(side) => config.player(side).language,
        None => config.arbiter_language,
    };
    help_lines(&config.input.bindings, listener, language)
}

/// The help lines for `listener`: one per button bound to him, in the file's order.
/// Bindings of other listeners are left out; with none, one line says so.
pub fn help_lines(bindings: &[Binding], listener: Listener, language: Language) -> Vec<String> {
    let lines: Vec<String> = bindings
        .iter()
        .filter(|b| b.listener == listener)
        .map(|b| line(b, language))
        .collect();
    if lines.is_empty() {
        return vec![match language {
            Language::En => "No buttons are set up for you.".to_string(),
            Language::Ru => "Для вас не настроено ни одной кнопки.".to_string(),
        }];
    }
    lines
}

fn line(binding: &Binding, language: Language) -> String {
    let button = button_name(&binding.button, &binding.device, language);
    let device = device_phrase(&binding.device, language);
    let action = action_phrase(binding.action, language);
    let mut text = format!("{button}{device}: {action}.");
    if let Some(c) = text.chars().next() {
        let upper: String = c.to_uppercase().collect();
        text.replace_range(..c.len_utf8(), &upper);
    }
    text
}

/// How a button is said: "the left shoulder button", "клавиша w".
pub(crate) fn button_name(button: &str, device: &DeviceMatch, language: Language) -> String {
    let en_ru = match button {
        "South" => Some(("the lower button", "нижняя кнопка")),
        "East" => Some(("the right button", "правая кнопка")),
        "North" => Some(("the upper button", "верхняя кнопка")),
        "West" => Some(("the left button", "левая кнопка")),
        "LeftTrigger" => Some(("the left shoulder button", "левая плечевая кнопка")),
        "RightTrigger" => Some(("the right shoulder button", "правая плечевая кнопка")),
        "LeftTrigger2" => Some(("the left trigger", "левый курок")),
        "RightTrigger2" => Some(("the right trigger", "правый курок")),
        "Start" => Some(("the Start button", "кнопка «Старт»")),
        "Select" => Some(("the Select button", "кнопка «Выбор»")),
        "DPadUp" => Some(("the cross, up", "крестовина вверх")),
        "DPadDown" => Some(("the cross, down", "крестовина вниз")),
        "DPadLeft" => Some(("the cross, left", "крестовина влево")),
        "DPadRight" => Some(("the cross, right", "крестовина вправо")),
        "Enter" => Some(("the Enter key", "клавиша Enter")),
        "Space" => Some(("the space bar", "пробел")),
        _ => None,
    };
    if let Some((en, ru)) = en_ru {
        return match language {
            Language::En => en.to_string(),
            Language::Ru => ru.to_string(),
        };
    }
    let key = button
        .strip_prefix("KEY_")
        .or_else(|| button.strip_prefix("BTN_"))
        .unwrap_or(button);
    match (device, language) {
        (DeviceMatch::Terminal, Language::En) => format!("the {key} key"),
        (DeviceMatch::Terminal, Language::Ru) => format!("клавиша {key}"),
        (_, Language::En) => format!("the {key} button"),
        (_, Language::Ru) => format!("кнопка {key}"),
    }
}

fn device_phrase(device: &DeviceMatch, language: Language) -> String {
    match (device, language) {
        (DeviceMatch::Any, _) => String::new(),
        (DeviceMatch::Uuid(_), Language::En) => " on your controller".to_string(),
        (DeviceMatch::Uuid(_), Language::Ru) => " на вашем пульте".to_string(),
        (DeviceMatch::Evdev(name), Language::En) => format!(" on {name}"),
        (DeviceMatch::Evdev(name), Language::Ru) => format!(" на устройстве {name}"),
        (DeviceMatch::Path(_), Language::En) => " on your device".to_string(),
        (DeviceMatch::Path(_), Language::Ru) => " на вашем устройстве".to_string(),
        (DeviceMatch::Terminal, Language::En) => " on the keyboard".to_string(),
        (DeviceMatch::Terminal, Language::Ru) => " на клавиатуре".to_string(),
    }
}

fn action_phrase(action: ActionKind, language: Language) -> &'static str {
    match (action, language) {
        (ActionKind::Press, Language::En) => "after your move: stops your clock and starts your opponent's",
        (ActionKind::Press, Language::Ru) => "ход сделан: останавливает ваши часы и пускает часы соперника",
        (ActionKind::Time, Language::En) => "tells your remaining time; a long press gives this help",
        (ActionKind::Time, Language::Ru) => "говорит ваше оставшееся время; долгое нажатие — эта подсказка",
        (ActionKind::OpponentTime, Language::En) => "tells your opponent's time",
        (ActionKind::OpponentTime, Language::Ru) => "говорит время соперника",
        (ActionKind::Repeat, Language::En) => "repeats the last announcement",
        (ActionKind::Repeat, Language::Ru) => "повторяет последнее сообщение",
        (ActionKind::Stop, Language::En) => "stops the clock to call the arbiter; in a tournament this counts as resigning unless the arbiter rules otherwise",
        (ActionKind::Stop, Language::Ru) => "останавливает часы, чтобы позвать судью; в турнире это считается сдачей партии, если судья не решит иначе",
        (ActionKind::VolumeUp, Language::En) => "louder",
        (ActionKind::VolumeUp, Language::Ru) => "громче",
        (ActionKind::VolumeDown, Language::En) => "quieter",
        (ActionKind::VolumeDown, Language::Ru) => "тише",
        (ActionKind::RateUp, Language::En) => "faster speech",
        (ActionKind::RateUp, Language::Ru) => "говорить быстрее",
        (ActionKind::RateDown, Language::En) => "slower speech",
        (ActionKind::RateDown, Language::Ru) => "говорить медленнее",
        (ActionKind::Help, Language::En) => "tells what each of your buttons does",
        (ActionKind::Help, Language::Ru) => "рассказывает, что делает каждая ваша кнопка",
        (ActionKind::Pause, Language::En) => "pauses the clock",
        (ActionKind::Pause, Language::Ru) => "ставит часы на паузу",
        (ActionKind::Resume, Language::En) => "starts the clock again after a pause",
        (ActionKind::Resume, Language::Ru) => "снова пускает часы после паузы",
        (ActionKind::Start, Language::En) => "starts the clock at the beginning of the game",
        (ActionKind::Start, Language::Ru) => "пускает часы в начале партии",
        (ActionKind::ClockCheck, Language::En) => "tells both times and the time control",
        (ActionKind::ClockCheck, Language::Ru) => "говорит время обоих игроков и контроль времени",
    }
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
        let lines = help_lines(&shared_pad(), Listener::White, Language::En);
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
        let lines = help_lines(&shared_pad(), Listener::Black, Language::Ru);
        assert_eq!(
            lines,
            vec!["Правая плечевая кнопка: ход сделан: останавливает ваши часы и пускает часы соперника."]
        );
    }

    #[test]
    fn the_arbiter_hears_the_keyboard_and_a_listener_without_buttons_is_told_so() {
        let arbiter = help_lines(&shared_pad(), Listener::Arbiter, Language::Ru);
        assert_eq!(
            arbiter,
            vec!["Клавиша p на клавиатуре: ставит часы на паузу."]
        );
        let none = help_lines(&shared_pad()[..1], Listener::Black, Language::En);
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
            help_for(&config, Listener::White),
            vec!["The B button on Foot Switch: tells your remaining time; a long press gives this help."]
        );
        assert_eq!(
            help_for(&config, Listener::Black),
            vec!["Кнопка N на устройстве Foot Switch: говорит ваше оставшееся время; долгое нажатие — эта подсказка."]
        );
        assert_eq!(
            help_for(&config, Listener::Arbiter),
            vec!["Для вас не настроено ни одной кнопки."]
        );
    }
}

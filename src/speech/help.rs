//! The spoken help: for one listener, a sentence per button saying what it does, in English or
//! Russian. Pure: built from the bindings alone; the daemon speaks the lines in order.

use crate::hearing::Lang;
use crate::hearing::Listener;
use crate::input::bindings::{ActionKind, Binding, DeviceMatch};

/// The help lines for `listener`: one per button bound to him, in the file's order.
/// Bindings of other listeners are left out; with none, one line says so.
pub fn help_lines(bindings: &[Binding], listener: Listener, language: Lang) -> Vec<String> {
    let lines: Vec<String> = bindings
        .iter()
        .filter(|b| b.listener == listener)
        .map(|b| line(b, language))
        .collect();
    if lines.is_empty() {
        return vec![match language {
            Lang::En => "No buttons are set up for you.".to_string(),
            Lang::Ru => "Для вас не настроено ни одной кнопки.".to_string(),
        }];
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

/// What a button does in the set-up menu, if anything.
fn menu_role(binding: &Binding, language: Lang) -> Option<&'static str> {
    let white = binding.listener == Listener::White;
    Some(match (binding.action, language) {
        (ActionKind::Press, Lang::En) if white => "the previous item, or one step less",
        (ActionKind::Press, Lang::Ru) if white => "предыдущий пункт или на шаг меньше",
        (ActionKind::Press, Lang::En) => "the next item, or one step more",
        (ActionKind::Press, Lang::Ru) => "следующий пункт или на шаг больше",
        (ActionKind::Start, Lang::En) => "selects; held for a second, goes back",
        (ActionKind::Start, Lang::Ru) => "выбор; если держать секунду — назад",
        (ActionKind::Time, Lang::En) => "says the item again; a long press gives this help",
        (ActionKind::Time, Lang::Ru) => "повторяет пункт; долгое нажатие — эта подсказка",
        (ActionKind::Repeat, Lang::En) => "says the item again",
        (ActionKind::Repeat, Lang::Ru) => "повторяет пункт",
        (ActionKind::Setup, Lang::En) => "back; from the first list, leaves the set-up",
        (ActionKind::Setup, Lang::Ru) => "назад; из первого списка — выход из настройки",
        (ActionKind::Help, Lang::En) => "this help",
        (ActionKind::Help, Lang::Ru) => "эта подсказка",
        (
            ActionKind::VolumeUp
            | ActionKind::VolumeDown
            | ActionKind::RateUp
            | ActionKind::RateDown,
            _,
        ) => action_phrase(binding.action, language),
        _ => return None,
    })
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

/// How a button is said: "the left shoulder button", "клавиша w".
pub(crate) fn button_name(button: &str, device: &DeviceMatch, language: Lang) -> String {
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
            Lang::En => en.to_string(),
            Lang::Ru => ru.to_string(),
        };
    }
    let key = button
        .strip_prefix("KEY_")
        .or_else(|| button.strip_prefix("BTN_"))
        .unwrap_or(button);
    match (device, language) {
        (DeviceMatch::Terminal, Lang::En) => format!("the {key} key"),
        (DeviceMatch::Terminal, Lang::Ru) => format!("клавиша {key}"),
        (_, Lang::En) => format!("the {key} button"),
        (_, Lang::Ru) => format!("кнопка {key}"),
    }
}

fn device_phrase(device: &DeviceMatch, language: Lang) -> String {
    match (device, language) {
        (DeviceMatch::Any, _) => String::new(),
        (DeviceMatch::Uuid(_), Lang::En) => " on your controller".to_string(),
        (DeviceMatch::Uuid(_), Lang::Ru) => " на вашем пульте".to_string(),
        (DeviceMatch::Evdev(name), Lang::En) => format!(" on {name}"),
        (DeviceMatch::Evdev(name), Lang::Ru) => format!(" на устройстве {name}"),
        (DeviceMatch::Path(_), Lang::En) => " on your device".to_string(),
        (DeviceMatch::Path(_), Lang::Ru) => " на вашем устройстве".to_string(),
        (DeviceMatch::Terminal, Lang::En) => " on the keyboard".to_string(),
        (DeviceMatch::Terminal, Lang::Ru) => " на клавиатуре".to_string(),
    }
}

fn action_phrase(action: ActionKind, language: Lang) -> &'static str {
    match (action, language) {
        (ActionKind::Press, Lang::En) => "after your move: stops your clock and starts your opponent's",
        (ActionKind::Press, Lang::Ru) => "ход сделан: останавливает ваши часы и пускает часы соперника",
        (ActionKind::Time, Lang::En) => "tells your remaining time; a long press gives this help",
        (ActionKind::Time, Lang::Ru) => "говорит ваше оставшееся время; долгое нажатие — эта подсказка",
        (ActionKind::OpponentTime, Lang::En) => "tells your opponent's time",
        (ActionKind::OpponentTime, Lang::Ru) => "говорит время соперника",
        (ActionKind::Repeat, Lang::En) => "repeats the last announcement",
        (ActionKind::Repeat, Lang::Ru) => "повторяет последнее сообщение",
        (ActionKind::Stop, Lang::En) => "stops the clock to call the arbiter; in a tournament this counts as resigning unless the arbiter rules otherwise",
        (ActionKind::Stop, Lang::Ru) => "останавливает часы, чтобы позвать судью; в турнире это считается сдачей партии, если судья не решит иначе",
        (ActionKind::VolumeUp, Lang::En) => "louder",
        (ActionKind::VolumeUp, Lang::Ru) => "громче",
        (ActionKind::VolumeDown, Lang::En) => "quieter",
        (ActionKind::VolumeDown, Lang::Ru) => "тише",
        (ActionKind::RateUp, Lang::En) => "faster speech",
        (ActionKind::RateUp, Lang::Ru) => "говорить быстрее",
        (ActionKind::RateDown, Lang::En) => "slower speech",
        (ActionKind::RateDown, Lang::Ru) => "говорить медленнее",
        (ActionKind::Help, Lang::En) => "tells what each of your buttons does",
        (ActionKind::Help, Lang::Ru) => "рассказывает, что делает каждая ваша кнопка",
        (ActionKind::Pause, Lang::En) => "pauses the clock",
        (ActionKind::Pause, Lang::Ru) => "ставит часы на паузу",
        (ActionKind::Resume, Lang::En) => "starts the clock again after a pause",
        (ActionKind::Resume, Lang::Ru) => "снова пускает часы после паузы",
        (ActionKind::Start, Lang::En) => "starts the clock at the beginning of the game; held for a second between games, opens the clock set-up",
        (ActionKind::Start, Lang::Ru) => "пускает часы в начале партии; если держать секунду между партиями, открывает настройку часов",
        (ActionKind::ClockCheck, Lang::En) => "tells both times and the time control",
        (ActionKind::ClockCheck, Lang::Ru) => "говорит время обоих игроков и контроль времени",
        (ActionKind::Setup, Lang::En) => "between games, opens the clock set-up",
        (ActionKind::Setup, Lang::Ru) => "между партиями открывает настройку часов",
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

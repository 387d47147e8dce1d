//! Learn mode, by ear: the clock asks for each button in turn ("press White's clock button"),
//! the player presses it, presses it again to confirm, and the mapping is written into the
//! configuration file with everything else in it, comments included, left as it was.
//!
//! Prompts go through a [`Prompter`] (a text one here; speech plugs in the same way) and the
//! events come from any iterator, so tests inject them.

use super::device::DeviceId;
use super::event::SourceEvent;
use crate::clock::Side;
use crate::input::bindings::ActionKind;
use std::collections::HashMap;
use std::io::Write;
use std::time::{Duration, Instant};
use toml_edit::{value, ArrayOfTables, DocumentMut, Item, Table};

/// Something that says a prompt to the person at the board.
pub trait Prompter {
    /// Says one prompt.
    fn say(&mut self, text: &str);
    /// Lets the person feel, on the device he pressed, that a button was learnt (`true`) or
    /// not taken (`false`): for a player who can neither hear nor see the prompt's answer.
    fn feel(&mut self, _device: &DeviceId, _learnt: bool) {}
}

/// Prints each prompt as a line (with `\r\n` while the terminal is in raw mode).
pub struct TextPrompter<W: Write> {
    out: W,
    raw_mode: bool,
}

impl<W: Write> TextPrompter<W> {
    /// A prompter writing to `out`.
    pub fn new(out: W, raw_mode: bool) -> TextPrompter<W> {
        TextPrompter { out, raw_mode }
    }
}

impl<W: Write> Prompter for TextPrompter<W> {
    fn say(&mut self, text: &str) {
        let end = if self.raw_mode { "\r\n" } else { "\n" };
        // A prompt that cannot be printed cannot be helped; learning goes on.
        let _ = write!(self.out, "{text}{end}");
        let _ = self.out.flush();
    }
}

/// One button to learn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Step {
    /// What the button will do.
    pub action: ActionKind,
    /// Whose it is.
    pub side: Side,
}

/// The buttons learn mode asks for, in order.
pub const STEPS: [Step; 4] = [
    Step {
        action: ActionKind::Press,
        side: Side::White,
    },
    Step {
        action: ActionKind::Press,
        side: Side::Black,
    },
    Step {
        action: ActionKind::Time,
        side: Side::White,
    },
    Step {
        action: ActionKind::Time,
        side: Side::Black,
    },
];

/// A learned button.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Learned {
    /// The step it answers.
    pub step: Step,
    /// The device that pressed.
    pub device: DeviceId,
    /// The button.
    pub button: String,
}

/// Why learning stopped.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LearnError {
    /// The events ended (injected file, or the readers stopped) before every step was done.
    #[error(
        "the input ended before {}'s `{}` button was learned; nothing was written",
        .0.side.name(),
        .0.action.name()
    )]
    Ended(Step),
    /// The file could not be edited.
    #[error("{0}")]
    Edit(String),
}

/// Accepts presses the way the clock does: edges only, no auto-repeat, buttons held at start
/// ignored until released, and a lockout after each accepted press. Here the lockout covers
/// every device: one key seen twice (through evdev and through the terminal) is one press.
struct Presses {
    lockout: Duration,
    down: HashMap<(DeviceId, String), bool>,
    last: Option<Instant>,
}

impl Presses {
    fn accept(&mut self, event: SourceEvent) -> Option<(DeviceId, String)> {
        let raw = match event {
            SourceEvent::Button(raw) => raw,
            SourceEvent::HeldAtStart(raw) => {
                self.down.insert((raw.device, raw.button), true);
                return None;
            }
            _ => return None,
        };
        let key = (raw.device.clone(), raw.button.clone());
        let was_down = self.down.insert(key.clone(), raw.pressed).unwrap_or(false);
        if !raw.pressed || raw.repeat || was_down {
            return None;
        }
        if self.last.is_some_and(|last| raw.at < last + self.lockout) {
            return None;
        }
        self.last = Some(raw.at);
        Some(key)
    }
}

/// What learn mode says, in one language (`speech::learn::Phrases` says it in Russian or
/// English): the flow is here, the words are in the phrasebook.
pub trait LearnWords {
    /// "Press White's clock button."
    fn prompt(&self, step: &Step) -> String;
    /// What was heard, and how to confirm it.
    fn heard(&self, device: &DeviceId, button: &str) -> String;
    /// "White's clock button is set."
    fn set(&self, step: &Step) -> String;
    /// The button is already another step's.
    fn already(&self, other: &Step, step: &Step) -> String;
    /// The confirmation was another button.
    fn another(&self, step: &Step) -> String;
}

/// Asks for each button of [`STEPS`] in the words of `say` and returns what was pressed;
/// `lockout` is the chatter lockout of the clock.
pub fn learn(
    events: impl IntoIterator<Item = SourceEvent>,
    prompter: &mut dyn Prompter,
    lockout: Duration,
    say: &dyn LearnWords,
) -> Result<Vec<Learned>, LearnError> {
    let mut events = events.into_iter();
    let mut presses = Presses {
        lockout,
        down: HashMap::new(),
        last: None,
    };
    let mut next_press = |step: &Step| loop {
        let Some(event) = events.next() else {
            return Err(LearnError::Ended(*step));
        };
        if let Some(key) = presses.accept(event) {
            return Ok(key);
        }
    };
    let mut learned: Vec<Learned> = Vec::new();
    for step in STEPS {
        prompter.say(&say.prompt(&step));
        loop {
            let (device, button) = next_press(&step)?;
            if let Some(other) = learned
                .iter()
                .find(|l| l.device == device && l.button == button)
            {
                prompter.say(&say.already(&other.step, &step));
                prompter.feel(&device, false);
                continue;
            }
            prompter.say(&say.heard(&device, &button));
            let again = next_press(&step)?;
            if again == (device.clone(), button.clone()) {
                prompter.say(&say.set(&step));
                prompter.feel(&device, true);
                learned.push(Learned {
                    step,
                    device,
                    button,
                });
                break;
            }
            prompter.say(&say.another(&step));
            prompter.feel(&again.0, false);
        }
    }
    Ok(learned)
}

/// Writes learned buttons into a configuration's text. A learned button replaces the
/// bindings of the same action and side (terminal keys stay unless the terminal itself was
/// learned) and any binding of that same button; comments above a replaced binding move to the
/// binding after it, and everything else in the file is kept as it was.
pub fn write_bindings(text: &str, learned: &[Learned]) -> Result<String, LearnError> {
    let mut doc: DocumentMut = text
        .parse()
        .map_err(|e: toml_edit::TomlError| LearnError::Edit(e.to_string()))?;
    let input = doc
        .entry("input")
        .or_insert_with(|| {
            let mut table = Table::new();
            table.set_implicit(true); // no bare [input] header, only the bindings
            Item::Table(table)
        })
        .as_table_mut()
        .ok_or_else(|| LearnError::Edit("`input` must be a [input] table".into()))?;
    let bindings = input
        .entry("binding")
        .or_insert_with(|| Item::ArrayOfTables(ArrayOfTables::new()))
        .as_array_of_tables_mut()
        .ok_or_else(|| {
            LearnError::Edit("`input.binding` must be written as [[input.binding]] tables".into())
        })?;
    let mut carried = String::new();
    let mut index = 0;
    while index < bindings.len() {
        let Some(table) = bindings.get_mut(index) else {
            break;
        };
        if learned.iter().any(|l| is_replaced(table, l)) {
            carried.push_str(&prefix_comments(table));
            bindings.remove(index);
            continue;
        }
        if !carried.is_empty() {
            let own = table
                .decor()
                .prefix()
                .and_then(|p| p.as_str())
                .unwrap_or("");
            let joined = format!("{}{}", carried, own.trim_start_matches('\n'));
            table.decor_mut().set_prefix(format!("\n{joined}"));
            carried.clear();
        }
        index += 1;
    }
    for (index, l) in learned.iter().enumerate() {
        let mut table = Table::new();
        table.insert("device", value(l.device.as_match().to_string()));
        table.insert("button", value(l.button.clone()));
        table.insert("action", value(l.step.action.name()));
        table.insert("side", value(l.step.side.name()));
        if index == 0 {
            table
                .decor_mut()
                .set_prefix(format!("\n{carried}{LEARNED_MARK}\n"));
        }
        bindings.push(table);
    }
    Ok(doc.to_string())
}

fn is_replaced(table: &Table, learned: &Learned) -> bool {
    let get = |key: &str| table.get(key).and_then(|v| v.as_str()).map(str::to_string);
    let device = get("device").unwrap_or_else(|| "any".to_string());
    let learned_device = learned.device.as_match().to_string();
    let same_role = get("action").as_deref() == Some(learned.step.action.name())
        && get("side").as_deref() == Some(learned.step.side.name())
        && (device != "terminal" || learned_device == "terminal");
    let same_button = get("button").as_deref() == Some(learned.button.as_str())
        && (device == learned_device || device == "any");
    same_role || same_button
}

/// The mark put above the learned bindings.
const LEARNED_MARK: &str = "# Learned with `talkclock learn`.";

/// The comment lines above a table's header (but an old learned mark), each ending in a
/// newline.
fn prefix_comments(table: &Table) -> String {
    let prefix = table
        .decor()
        .prefix()
        .and_then(|p| p.as_str())
        .unwrap_or("");
    prefix
        .lines()
        .filter(|line| line.trim_start().starts_with('#') && line.trim() != LEARNED_MARK)
        .map(|line| format!("{}\n", line.trim_start()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::event::RawInput;
    use crate::input::tests_support::button;
    use crate::speech::Lang;

    struct Recorder(Vec<String>);

    impl Prompter for Recorder {
        fn say(&mut self, text: &str) {
            self.0.push(text.to_string());
        }
        fn feel(&mut self, device: &DeviceId, learnt: bool) {
            self.0.push(format!("feel {} {learnt}", device.name));
        }
    }

    /// Runs `learn` on `events` (a chatter lockout of 150 ms, English words); its result and
    /// everything it said and played.
    fn run_learn(events: Vec<SourceEvent>) -> (Result<Vec<Learned>, LearnError>, Vec<String>) {
        let mut prompter = Recorder(Vec::new());
        let result = learn(
            events,
            &mut prompter,
            Duration::from_millis(150),
            &crate::speech::learn::Phrases(Lang::En),
        );
        (result, prompter.0)
    }

    #[test]
    fn the_pressed_device_feels_each_button_learnt_or_refused() {
        let zero = Instant::now();
        let pad = DeviceId::gamepad([7; 16], "Pad");
        let events = vec![
            button(zero, 0, &pad, "South", true),
            button(zero, 50, &pad, "South", false),
            button(zero, 400, &pad, "East", true), // not the same: refused
            button(zero, 450, &pad, "East", false),
            button(zero, 800, &pad, "East", true),
            button(zero, 850, &pad, "East", false),
            button(zero, 1_200, &pad, "East", true), // confirmed
            button(zero, 1_250, &pad, "East", false),
        ];
        let (result, said) = run_learn(events);
        assert_eq!(result, Err(LearnError::Ended(STEPS[1])));
        let felt: Vec<&str> = said
            .iter()
            .filter(|l| l.starts_with("feel"))
            .map(String::as_str)
            .collect();
        assert_eq!(felt, ["feel Pad false", "feel Pad true"]);
    }

    #[test]
    fn a_bouncing_switch_does_not_confirm_itself_and_repeats_and_held_keys_do_not_count() {
        let zero = Instant::now();
        let pedal = DeviceId::evdev("Pedal", "/dev/input/event4");
        let mut events = vec![
            SourceEvent::HeldAtStart(RawInput {
                at: zero,
                device: pedal.clone(),
                button: "KEY_A".into(),
                pressed: true,
                repeat: false,
                lag: None,
            }),
            button(zero, 10, &pedal, "KEY_A", true), // still held: no edge
            button(zero, 100, &pedal, "KEY_B", true),
            button(zero, 102, &DeviceId::terminal(), "b", true), // the same key, seen twice
            button(zero, 105, &pedal, "KEY_B", false),           // bounce
            button(zero, 110, &pedal, "KEY_B", true),
            button(zero, 120, &pedal, "KEY_B", false),
            SourceEvent::Button(RawInput {
                at: zero + Duration::from_millis(600),
                device: pedal.clone(),
                button: "KEY_C".into(),
                pressed: true,
                repeat: true,
                lag: None,
            }),
        ];
        let (result, said) = run_learn(events.clone());
        assert_eq!(result, Err(LearnError::Ended(STEPS[0])));
        assert_eq!(
            said,
            vec![
                "Press White's clock button.".to_string(),
                "The B button on Pedal. Press it again to confirm, or press another button."
                    .to_string(),
            ]
        );
        events.push(button(zero, 1_000, &pedal, "KEY_B", true));
        let (result, said) = run_learn(events);
        assert_eq!(result, Err(LearnError::Ended(STEPS[1])));
        assert_eq!(
            said.last().map(String::as_str),
            Some("Press Black's clock button.")
        );
    }

    #[test]
    fn bindings_are_added_to_a_file_without_an_input_section() {
        let text = "# my clock\nmode = \"practice\"\n";
        let learned = vec![Learned {
            step: STEPS[0],
            device: DeviceId::terminal(),
            button: "w".into(),
        }];
        let written = match write_bindings(text, &learned) {
            Ok(written) => written,
            Err(e) => panic!("{e}"),
        };
        assert_eq!(
            written,
            "# my clock\nmode = \"practice\"\n\n# Learned with `talkclock learn`.\n[[input.binding]]\ndevice = \"terminal\"\nbutton = \"w\"\naction = \"press\"\nside = \"white\"\n"
        );
    }
}

//! `talkclock learn`: asks for each button by ear (and on the players' Braille displays) and
//! writes the bindings into the configuration file, keeping the rest of it (comments
//! included); `talkclock devices`.

use super::Failure;
use crate::braille::Pager;
use crate::config::{Config, EMBEDDED_DEFAULT};
use crate::haptic::{Pattern, PatternKind};
use crate::input::device::DeviceKind;
use crate::input::evdev_source::{self, Wanted};
use crate::input::inject::parse_events;
use crate::input::learn::{learn as ask, write_bindings, LearnError, Prompter, TextPrompter};
use crate::input::rumble::{GilrsRumble, Rumble};
use crate::input::terminal_source::{self, RawMode};
use crate::input::{gilrs_source, list_devices, SourceEvent};
use crate::speech::learn::Phrases;
use crate::speech::Lang;
use std::io::IsTerminal;
use std::path::Path;
use std::time::{Duration, Instant};

/// `talkclock learn --config FILE [--inject EVENTS]`, speaking the arbiter's language. A
/// missing FILE is created from the embedded default. With `--inject`, the events file stands in for the devices (a testing
/// aid: one `DEVICE BUTTON` per line).
pub fn learn(config: &Path, inject: Option<&Path>) -> Result<(), Failure> {
    let origin = config.display().to_string();
    let text = match std::fs::read_to_string(config) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => EMBEDDED_DEFAULT.to_string(),
        Err(source) => {
            return Err(Failure::Read {
                path: origin,
                source,
            })
        }
    };
    let loaded = Config::parse(&text, &origin)?;
    let lockout = Duration::from_millis(loaded.input.lockout.max(0) as u64);
    let language = loaded.arbiter_language;
    let displays = braille_displays(&loaded, language);
    let learned = match inject {
        Some(events) => {
            let shown = events.display().to_string();
            let script = std::fs::read_to_string(events).map_err(|source| Failure::Read {
                path: shown.clone(),
                source,
            })?;
            let events = parse_events(&script, &shown, Instant::now())?;
            let mut prompter = Showing {
                inner: TextPrompter::new(std::io::stdout(), false),
                displays: &displays,
            };
            ask(events, &mut prompter, lockout, &Phrases(language))
        }
        None => learn_from_devices(lockout, language, &displays)?,
    }
    .map_err(|e| match e {
        LearnError::Ended(step) => Failure::Stopped(Phrases(language).ended(&step)),
        other => Failure::Learn(other),
    })?;
    let edited = write_bindings(&text, &learned)?;
    Config::parse(&edited, &origin)?;
    let temporary = config.with_extension("toml.learn-tmp");
    std::fs::write(&temporary, &edited)?;
    std::fs::rename(&temporary, config)?;
    let mut done = Showing {
        inner: TextPrompter::new(std::io::stdout(), false),
        displays: &displays,
    };
    done.say(&Phrases(language).saved(&origin));
    for display in &displays {
        display.flush(Duration::from_secs(2));
    }
    Ok(())
}

/// The Braille displays of the players with `braille = true`: learn's prompts are shown on
/// them too. One that does not answer is named (in `language`) and left out.
fn braille_displays(config: &Config, language: Lang) -> Vec<Pager> {
    let mut displays = Vec::new();
    for side in [crate::clock::Side::White, crate::clock::Side::Black] {
        let Some(braille) = &config.player(side).braille else {
            continue;
        };
        let host = braille
            .host
            .clone()
            .unwrap_or_else(crate::braille::client::default_host);
        let settings = crate::braille::Settings {
            host: host.clone(),
            key_file: braille.key_file.clone(),
        };
        match Pager::start(settings, side.name().to_string()) {
            (pager, Ok(())) => displays.push(pager),
            (_, Err(e)) => eprintln!("{}", Phrases(language).no_braille(&host, &e.to_string())),
        }
    }
    displays
}

/// A prompter that also shows each prompt on the Braille displays.
struct Showing<'a, P: Prompter> {
    inner: P,
    displays: &'a [Pager],
}

impl<P: Prompter> Prompter for Showing<'_, P> {
    fn say(&mut self, text: &str) {
        self.inner.say(text);
        for display in self.displays {
            display.show(text);
        }
    }

    fn feel(&mut self, device: &crate::input::DeviceId, learnt: bool) {
        self.inner.feel(device, learnt);
    }
}

fn learn_from_devices(
    lockout: Duration,
    language: Lang,
    displays: &[Pager],
) -> Result<Result<Vec<crate::input::learn::Learned>, LearnError>, Failure> {
    let (tx, rx) = crossbeam_channel::unbounded::<SourceEvent>();
    let mut readers = 0;
    match gilrs_source::spawn(tx.clone()) {
        Ok(_) => readers += 1,
        Err(e) => eprintln!("note: {e}"),
    }
    let every_keyboard = Wanted {
        named: Vec::new(),
        all_keyboards: true,
        grab: false,
    };
    match evdev_source::spawn(every_keyboard, tx.clone()) {
        Ok(_) => readers += 1,
        Err(e) => eprintln!("note: {e}"),
    }
    let raw_mode = if std::io::stdin().is_terminal() {
        let guard = RawMode::enable()?;
        terminal_source::spawn(tx.clone())?;
        readers += 1;
        Some(guard)
    } else {
        None
    };
    drop(tx);
    if readers == 0 {
        return Err(Failure::Io(std::io::Error::other(
            "no input device can be read: no controller reader, no evdev device, no terminal",
        )));
    }
    let mut prompter = Showing {
        inner: SpeakingPrompter {
            text: TextPrompter::new(std::io::stdout(), raw_mode.is_some()),
            speech: start_speech(language),
            rumble: GilrsRumble::open().ok(),
        },
        displays,
    };
    // Ctrl-C in the terminal ends the terminal reader, which ends learning.
    let events = rx.iter().take_while(|e| {
        !matches!(e, SourceEvent::Disconnected { device, .. } if device.kind == DeviceKind::Terminal)
    });
    let learned = ask(events, &mut prompter, lockout, &Phrases(language));
    drop(raw_mode);
    Ok(learned)
}

/// The input half of `talkclock devices`: the controllers this user can see.
pub fn print_input_devices() {
    print!("{}", list_devices());
}

/// Prompts printed (a screen reader in the terminal, or BRLTTY on the console, shows them on a
/// Braille display) and spoken through the system speech engine when one answers, so that
/// setting up the buttons needs no screen; a game controller that was pressed vibrates when
/// its button is learnt (a tap) or not taken (two short), where it has a motor.
struct SpeakingPrompter<W: std::io::Write> {
    text: TextPrompter<W>,
    speech: Option<crate::audio::SystemSpeech>,
    rumble: Option<GilrsRumble>,
}

impl<W: std::io::Write> Prompter for SpeakingPrompter<W> {
    fn say(&mut self, text: &str) {
        self.text.say(text);
        if let Some(speech) = &self.speech {
            if let Err(e) = speech.speak(text, false) {
                tracing::warn!("speech: {e}");
            }
        }
    }

    fn feel(&mut self, device: &crate::input::DeviceId, learnt: bool) {
        let (Some(rumble), Some(uuid)) = (self.rumble.as_mut(), device.uuid.as_deref()) else {
            return;
        };
        let kind = if learnt {
            PatternKind::PressAccepted
        } else {
            PatternKind::PressIgnored
        };
        let pulses: Vec<[u16; 2]> = Pattern::of(kind)
            .pulses
            .iter()
            .map(|p| [p.on_ms, p.off_ms])
            .collect();
        if let Err(e) = rumble.play(uuid, &pulses, 100) {
            tracing::debug!("vibration: {e}");
        }
    }
}

fn start_speech(language: crate::speech::Lang) -> Option<crate::audio::SystemSpeech> {
    match crate::audio::SystemSpeech::new(language.code(), crate::audio::DEFAULT_SPEECH_RATE) {
        Ok(speech) => Some(speech),
        Err(e) => {
            tracing::warn!("the prompts are printed only: no speech engine ({e})");
            None
        }
    }
}

//! The self-test's walk: each check of the plan in turn, each asked and answered in the
//! listener's language through an [`Io`] (the real board's devices in `talkclock selftest`,
//! recorded ones in tests), and the report built from what the judges found.

use super::check::{answers, plan, Check, Place, Side};
use super::judge::{self, Answer, ButtonVerdict};
use super::report::{Outcome, Report};
use crate::config::Config;
use crate::hearing::Listener;
use crate::input::bindings::{ActionKind, Binding};
use crate::input::RawInput;
use crate::speech::Lang;
use std::time::Duration;

/// The words' area in the catalogues (`[words.selftest]`).
const AREA: &str = "selftest";

/// What the walk does with the board's devices.
pub trait Io {
    /// Says `text` to `listener` (printed; spoken on his route and shown on his display
    /// where he has them) and returns when it has been said.
    fn say(&mut self, listener: Listener, lang: Lang, text: &str);
    /// A tone, then `text` in `lang`, at `place` alone; true when it played to its end.
    fn sound(&mut self, place: &Place, lang: Lang, text: &str) -> bool;
    /// The button events of the next step: until a press `wanted` accepts (and
    /// [`judge::BOUNCE_WINDOW`] after it) or `limit` passed.
    fn hands(&mut self, wanted: &dyn Fn(&RawInput) -> bool, limit: Duration) -> Vec<RawInput>;
    /// Vibrates the controller `uuid` briefly; `Err(why)` when it cannot.
    fn vibrate(&mut self, uuid: &str) -> Result<(), String>;
    /// Shows `text` on `listener`'s Braille display and waits (at most `limit`) for a
    /// routing key: its cell; `Err(why)` when the display does not answer.
    fn braille(
        &mut self,
        listener: Listener,
        text: &str,
        limit: Duration,
    ) -> Result<Option<u32>, String>;
    /// The sound's delay through a loopback, in ms; `Err(why)` when it cannot be measured.
    fn latency(&mut self) -> Result<f64, String>;
}

/// How long a step waits for its press or answer.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// For a button asked for.
    pub button: Duration,
    /// For an answer to "did you hear (feel) it".
    pub answer: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            button: Duration::from_secs(30),
            answer: Duration::from_secs(15),
        }
    }
}

/// The walk over one board.
pub struct Walk<'a, I: Io> {
    config: &'a Config,
    io: I,
    limits: Limits,
    report: Report,
}

impl<'a, I: Io> Walk<'a, I> {
    /// A walk over `config`'s checks through `io`, filling `report` (its header already set).
    pub fn new(config: &'a Config, io: I, limits: Limits, report: Report) -> Walk<'a, I> {
        Walk {
            config,
            io,
            limits,
            report,
        }
    }

    /// The language `listener` hears.
    fn lang(&self, listener: Listener) -> Lang {
        match listener {
            Listener::White => self.config.players[0].language,
            Listener::Black => self.config.players[1].language,
            _ => self.config.arbiter_language,
        }
    }

    /// The listener's name, in `lang` ("White", "Белые").
    fn name(listener: Listener, lang: Lang) -> &'static str {
        lang.word(AREA, listener.name())
    }

    fn say(&mut self, listener: Listener, text: String) {
        let lang = self.lang(listener);
        self.report
            .said
            .push(format!("[{}] {text}", listener.name()));
        self.io.say(listener, lang, &text);
    }

    /// Says `name` (with `args`) to each of `to`, each in his language: once per place and
    /// language (three listeners at one speaker who share a language hear it once).
    fn tell(&mut self, to: &[Listener], name: &str, args: &[(&str, &str)]) {
        let mut told: Vec<(Option<&crate::audio::Route>, Lang)> = Vec::new();
        let config: &'a Config = self.config;
        let routes = &config.audio.output;
        for &listener in to {
            let lang = self.lang(listener);
            let place = routes.route(listener);
            let same = |(p, l): &(Option<&crate::audio::Route>, Lang)| {
                *l == lang
                    && match (p, place) {
                        (Some(a), Some(b)) => a.device == b.device && a.channels == b.channels,
                        _ => false,
                    }
            };
            if told.iter().any(same) {
                continue;
            }
            told.push((place, lang));
            let text = lang.words(AREA, name, args);
            self.say(listener, text);
        }
    }

    /// The ears that are routed (a listener without a route hears nothing; the terminal
    /// shows everything anyway).
    fn ears(&self) -> Vec<Listener> {
        let routed: Vec<Listener> = Listener::EARS
            .into_iter()
            .filter(|l| self.config.audio.output.route(*l).is_some())
            .collect();
        if routed.is_empty() {
            vec![Listener::Arbiter]
        } else {
            routed
        }
    }

    /// Walks every check and returns the report (not yet closed).
    pub fn run(mut self) -> (Report, I) {
        let ears = self.ears();
        self.tell(&ears, "intro", &[]);
        for check in plan(self.config) {
            let outcome = match check {
                Check::Button(binding) => self.button(&binding),
                Check::Sound(place) => self.sound(&place),
                Check::Vibration(listener, uuid) => self.vibration(listener, Some(uuid)),
                Check::NoVibration(listener) => self.vibration(listener, None),
                Check::Braille(listener) => self.braille(listener),
                Check::Latency => self.latency(),
            };
            self.report.outcomes.push(outcome);
        }
        let problems = self.report.outcomes.iter().filter(|o| o.problem()).count();
        let n = problems.to_string();
        let name = if problems == 0 { "passed" } else { "failed" };
        self.tell(&ears, name, &[("n", &n)]);
        (self.report, self.io)
    }

    fn button(&mut self, binding: &Binding) -> Outcome {
        let who = binding.listener;
        let lang = self.lang(who);
        let button = crate::speech::help::button_name(&binding.button, &binding.device, lang);
        let on = crate::speech::help::device_phrase(&binding.device, lang);
        let action = lang.word("help", &format!("action_{}", binding.action.name()));
        let prompt = lang.words(
            AREA,
            "press",
            &[
                ("who", Self::name(who, lang)),
                ("button", &button),
                ("on", &on),
                ("action", action),
            ],
        );
        self.say(who, prompt);
        let wanted = |raw: &RawInput| judge::presses(binding, raw);
        let events = self.io.hands(&wanted, self.limits.button);
        let result = judge::button(binding, &events);
        let others = judge::others(binding, &events);
        let said = match &result {
            ButtonVerdict::Works(_) => lang.word(AREA, "ok").to_string(),
            ButtonVerdict::Bounces { times, .. } => {
                lang.words(AREA, "bounce", &[("n", &times.to_string())])
            }
            ButtonVerdict::Never => lang.word(AREA, "never").to_string(),
        };
        if let (ButtonVerdict::Never, Some(other)) = (&result, others.first()) {
            let device = crate::input::bindings::DeviceMatch::parse(&other.device_match)
                .unwrap_or(crate::input::bindings::DeviceMatch::Any);
            let name = crate::speech::help::button_name(&other.button, &device, lang);
            let on = crate::speech::help::device_phrase(&device, lang);
            let text = lang.words(AREA, "other", &[("button", &name), ("on", &on)]);
            self.say(who, text);
        }
        self.say(who, said);
        Outcome::Button {
            side: who.name().to_string(),
            action: binding.action.name().to_string(),
            device: judge::match_word(&binding.device),
            button: binding.button.clone(),
            result,
            others,
        }
    }

    fn sound(&mut self, place: &Place) -> Outcome {
        let first = place
            .listeners
            .first()
            .copied()
            .unwrap_or(Listener::Arbiter);
        let lang = self.lang(first);
        let place_word = match place.own() {
            Some(Listener::White) => "where_white",
            Some(Listener::Black) => "where_black",
            Some(_) => "where_arbiter",
            None => "where_shared",
        };
        let channel;
        let side = match place.side() {
            Side::Left => lang.word(AREA, "side_left").to_string(),
            Side::Right => lang.word(AREA, "side_right").to_string(),
            Side::Both => lang.word(AREA, "side_both").to_string(),
            Side::Channel(c) => {
                channel = (c + 1).to_string();
                lang.words(AREA, "side_channel", &[("n", &channel)])
            }
        };
        let who: Vec<&str> = place
            .listeners
            .iter()
            .map(|l| Self::name(*l, lang))
            .collect();
        let text = lang.words(
            AREA,
            "route",
            &[
                ("where", lang.word(AREA, place_word)),
                ("side", &side),
                ("who", &who.join(", ")),
            ],
        );
        self.report
            .said
            .push(format!("[{}] (tone) {text}", first.name()));
        let played = self.io.sound(place, lang, &text);
        let bindings = &self.config.input.bindings;
        let answering = |b: &Binding| answers(&place.listeners, bindings, b);
        let wanted = |raw: &RawInput| {
            bindings
                .iter()
                .any(|b| answering(b) && judge::presses(b, raw))
        };
        let events = self.io.hands(&wanted, self.limits.answer);
        let answer = judge::answer(bindings, answering, &events);
        let word = match answer {
            Answer::Yes => "heard",
            Answer::Elsewhere => "elsewhere",
            Answer::No => "not_heard",
        };
        self.tell(&[first], word, &[]);
        Outcome::Sound {
            device: place.device.clone(),
            channels: place.channels.clone(),
            listeners: place
                .listeners
                .iter()
                .map(|l| l.name().to_string())
                .collect(),
            played,
            answer,
        }
    }

    fn vibration(&mut self, listener: Listener, uuid: Option<String>) -> Outcome {
        let lang = self.lang(listener);
        let who = Self::name(listener, lang);
        let outcome =
            |controller: Option<String>, skipped: Option<String>, answer| Outcome::Vibration {
                side: listener.name().to_string(),
                controller,
                skipped,
                answer,
            };
        let Some(uuid) = uuid else {
            self.tell(&[listener], "no_motor", &[("who", who)]);
            return outcome(None, Some("no controller of his own".into()), None);
        };
        if let Err(why) = self.io.vibrate(&uuid) {
            self.tell(&[listener], "no_motor", &[("who", who)]);
            return outcome(Some(uuid), Some(why), None);
        }
        self.tell(&[listener], "vibrate", &[("who", who)]);
        let bindings = &self.config.input.bindings;
        let his = |b: &Binding| b.listener == listener;
        let wanted = |raw: &RawInput| {
            bindings
                .iter()
                .any(|b| his(b) && b.action == ActionKind::Press && judge::presses(b, raw))
        };
        let events = self.io.hands(&wanted, self.limits.answer);
        let answer = match judge::answer(bindings, his, &events) {
            Answer::Yes => Answer::Yes,
            _ => Answer::No,
        };
        let word = if answer.passed() { "felt" } else { "not_felt" };
        self.tell(&[listener], word, &[]);
        outcome(Some(uuid), None, Some(answer))
    }

    fn braille(&mut self, listener: Listener) -> Outcome {
        let lang = self.lang(listener);
        let who = Self::name(listener, lang);
        let text = lang.words(AREA, "braille", &[("who", who)]);
        self.report
            .said
            .push(format!("[{} braille] {text}", listener.name()));
        let (skipped, key) = match self.io.braille(listener, &text, self.limits.answer) {
            Ok(key) => (None, key),
            Err(why) => (Some(why), None),
        };
        match (&skipped, key) {
            (Some(why), _) => {
                let why = why.clone();
                self.tell(
                    &[listener],
                    "braille_absent",
                    &[("who", who), ("error", &why)],
                );
            }
            (None, Some(_)) => self.tell(&[listener], "braille_ok", &[]),
            (None, None) => self.tell(&[listener], "braille_none", &[]),
        }
        Outcome::Braille {
            side: listener.name().to_string(),
            skipped,
            routing_key: key,
        }
    }

    fn latency(&mut self) -> Outcome {
        let ears = self.ears();
        match self.io.latency() {
            Ok(ms) => {
                let text = format!("{ms:.0}");
                self.tell(&ears, "latency", &[("ms", &text)]);
                Outcome::Latency {
                    ms: Some(ms),
                    skipped: None,
                }
            }
            Err(why) => {
                self.tell(&ears, "latency_skipped", &[]);
                Outcome::Latency {
                    ms: None,
                    skipped: Some(why),
                }
            }
        }
    }
}

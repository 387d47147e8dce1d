//! Delivering what is to be said: spoken through voice packs (or, for a language without one,
//! synthesised by the speech engine) to each listener's earpiece (at his own volume and speech
//! rate), cues mixed on top, text lines on stdout (for a screen
//! reader, or when there is no audio), and JSON lines to a transcript file (the same lines
//! `simulate` prints).

use super::voices::Voices;
use super::Item;
use crate::audio::{self, AudioOut, Pcm, Priority};
use crate::speech::{say_lines, Announcement, Languages, SayLine};
use crate::table::{Audience, Cue, Listener, TableOutput};
use std::io::Write;

/// Where what is said goes.
pub struct Announcer {
    languages: Languages,
    voices: Option<Voices>,
    audio: Option<AudioOut>,
    text: bool,
    transcript: Option<std::io::BufWriter<std::fs::File>>,
    system: Option<audio::SystemSpeech>,
    /// The engine that says a language without a voice pack (German) as samples, which go
    /// to the listeners' routes like a pack's.
    synth: Option<audio::Synth>,
    /// The engine failed once and the arbiter was told (he is told only once).
    synth_failed: bool,
    /// The configured speech rate (the voices were loaded at it).
    base_rate: f32,
    /// Each listener's speech rate less the configured one.
    rate_offsets: Vec<(Listener, f32)>,
    /// Lines end in `\r\n` (the terminal is in raw mode).
    raw_terminal: bool,
}

impl Announcer {
    /// An announcer; any of audio (with voices), text lines and transcript may be off.
    pub fn new(
        languages: Languages,
        voices: Option<Voices>,
        audio: Option<AudioOut>,
        text: bool,
        transcript: Option<std::fs::File>,
    ) -> Announcer {
        Announcer {
            languages,
            voices,
            audio,
            text,
            transcript: transcript.map(std::io::BufWriter::new),
            system: None,
            synth: None,
            synth_failed: false,
            base_rate: 0.0,
            rate_offsets: Vec::new(),
            raw_terminal: false,
        }
    }

    /// The speech rate the voices were loaded at.
    pub fn with_base_rate(mut self, rate: f32) -> Announcer {
        self.base_rate = rate;
        self
    }

    /// Text lines end in `\r\n` while the terminal is in raw mode.
    pub fn set_raw_terminal(&mut self, raw: bool) {
        self.raw_terminal = raw;
    }

    /// Whether free text (help, the arbiter's message) is spoken aloud, not only printed.
    pub fn speaks_free_text(&self) -> bool {
        self.system.is_some()
    }

    /// A say line rendered at its listener's rate, with its language: through its voice
    /// pack, or by the speech engine for a language without one. `None` without audio,
    /// voices or a known language, or when it cannot be rendered (logged).
    fn render(&mut self, line: &SayLine) -> Option<(crate::speech::Lang, Pcm)> {
        let (Some(_), Some(voices)) = (&self.audio, &self.voices) else {
            return None;
        };
        let lang = crate::speech::Lang::from_code(line.language)?;
        let rate = self.listener_rate(&line.audience);
        if voices.pack(lang).is_none() {
            self.load_voices(&[lang]);
        }
        let voices = self.voices.as_ref()?;
        // No clip says it (a board's own notice): the speech engine says it whole.
        if voices.pack(lang).is_none() || line.clips.is_empty() {
            return self
                .synthesise(lang, &line.text, rate)
                .map(|pcm| (lang, pcm));
        }
        let utterance = crate::speech::Utterance {
            text: line.text.clone(),
            clips: line.clips.clone(),
        };
        // A language named in its own voice whose pack is not loaded: its engine says it.
        let synth = self.synth.as_ref();
        let base_rate = self.base_rate;
        let engine = |other: crate::speech::Lang, text: &str| {
            synth?
                .synthesise(other.code(), text, base_rate)
                .map_err(|e| tracing::debug!("cannot synthesise `{text}`: {e}"))
                .ok()
        };
        match voices.render_at_with(lang, &utterance, self.base_rate, rate, &engine) {
            Ok(pcm) => Some((lang, pcm)),
            Err(e) => {
                tracing::error!("cannot render `{}`: {e}", line.text);
                None
            }
        }
    }

    /// Loads the voice packs of these languages that are in the folder and not loaded yet
    /// (a listener switched to one): a moment for each.
    fn load_voices(&mut self, langs: &[crate::speech::Lang]) {
        let Some(voices) = self.voices.as_mut() else {
            return;
        };
        if let Err(e) = voices.add_languages(langs) {
            tracing::error!("{e}");
        }
    }

    /// The languages whose voice packs are loaded (none without audio).
    pub fn voice_languages(&self) -> Vec<crate::speech::Lang> {
        self.voices.as_ref().map_or_else(Vec::new, Voices::loaded)
    }

    /// A line of a language without a voice pack, said by the speech engine at `rate`. The
    /// first failure is said to the arbiter, in his language; the text lines go on.
    fn synthesise(&mut self, lang: crate::speech::Lang, text: &str, rate: f32) -> Option<Pcm> {
        let error = match self.synth.as_ref()?.synthesise(lang.code(), text, rate) {
            Ok(pcm) => return Some(pcm),
            Err(e) => e,
        };
        if self.synth_failed {
            tracing::debug!("cannot synthesise `{text}`: {error}");
            return None;
        }
        self.synth_failed = true;
        let notice =
            crate::speech::notices::synth_failed(self.languages.of(Listener::Arbiter), lang);
        if self.text {
            tracing::warn!(said = true, "{notice} ({error})");
            self.say_text(&Listener::Arbiter.into(), &notice);
        } else {
            tracing::warn!("{notice} ({error})");
        }
        None
    }

    /// Delivers items in order.
    pub fn deliver(&mut self, items: Vec<Item>) {
        let mut table = Vec::new();
        let mut menu: Vec<(i64, Listener, Announcement)> = Vec::new();
        for item in items {
            match item {
                Item::Record(output) => {
                    self.say_menu(&std::mem::take(&mut menu));
                    table.push(output);
                }
                // What the menu says at once (its opening and first item) is one utterance,
                // so that the second part never cuts off the first.
                Item::Menu {
                    at_ms,
                    listener,
                    notice,
                } => {
                    self.deliver_table(&std::mem::take(&mut table));
                    if menu
                        .last()
                        .is_some_and(|(t, l, _)| *t != at_ms || *l != listener)
                    {
                        self.say_menu(&std::mem::take(&mut menu));
                    }
                    menu.push((at_ms, listener, notice));
                }
                other => {
                    self.deliver_table(&std::mem::take(&mut table));
                    self.say_menu(&std::mem::take(&mut menu));
                    self.deliver_other(other);
                }
            }
        }
        self.deliver_table(&table);
        self.say_menu(&menu);
    }

    fn deliver_other(&mut self, item: Item) {
        match item {
            Item::Record(output) => {
                self.deliver_table(&[output]);
            }
            Item::Private {
                at_ms,
                listener,
                notice,
            } => {
                self.say_private(at_ms, listener, &notice);
            }
            Item::Notice { audience, notice } => {
                self.say_notice(0, &audience, &notice);
            }
            Item::Text { audience, text } => {
                self.say_text(&audience, &text);
            }
            Item::Menu {
                at_ms,
                listener,
                notice,
            } => self.say_menu(&[(at_ms, listener, notice)]),
            Item::Hearing {
                listener,
                volume_steps,
                rate_offset,
            } => self.set_hearing(listener, volume_steps, rate_offset),
            Item::Languages(languages) => {
                self.languages = languages;
                self.load_voices(&languages.spoken());
            }
            Item::Lines(lines) => self.write_lines(lines),
        }
    }

    /// A listener's volume and rate: the volume is set on his route at once, the rate is
    /// used for what he hears next.
    fn set_hearing(&mut self, listener: Listener, volume_steps: i8, rate_offset: f32) {
        self.rate_offsets.retain(|(l, _)| *l != listener);
        self.rate_offsets.push((listener, rate_offset));
        if let Some(audio) = &self.audio {
            let db = f32::from(volume_steps) * audio::VOLUME_STEP_DB;
            for ear in listener.ears() {
                audio.set_gain_db(*ear, db);
            }
        }
    }

    /// Says something to one listener that is not part of the game's record (the opponent's
    /// time, a repeat, a volume or rate confirmation, a station's alert): spoken and printed,
    /// but not written to the transcript. Returns how long it takes to say: the length of the
    /// audio rendered and played, an estimate through the system speech engine, nothing
    /// without audio (the hall's station paces its alerts by it).
    pub fn say_private(
        &mut self,
        at_ms: i64,
        listener: Listener,
        notice: &Announcement,
    ) -> std::time::Duration {
        self.say_notice(at_ms, &Audience::of(&[listener]), notice)
    }

    /// Says something to `audience` that is not part of the game's record (the daemon's own
    /// notices), each listener in his language: spoken and printed, not written to the
    /// transcript. Returns how long it takes to say, as [`Announcer::say_private`].
    pub fn say_notice(
        &mut self,
        at_ms: i64,
        audience: &Audience,
        notice: &Announcement,
    ) -> std::time::Duration {
        let transcript = self.transcript.take();
        let took = self.deliver_table(&[TableOutput::Say {
            at_ms,
            audience: audience.clone(),
            notice: notice.clone(),
        }]);
        self.transcript = transcript;
        took
    }

    /// Says what the set-up menu says (prompts of one instant, to one listener, as one
    /// utterance): spoken and printed like a private notice, and written to the transcript as
    /// `menu` lines (the menu is not part of a game's record, but what it said is how a set-up
    /// is checked).
    fn say_menu(&mut self, prompts: &[(i64, Listener, Announcement)]) {
        let mut batch = Vec::new();
        for (at_ms, listener, notice) in prompts {
            let audience = Audience::of(&[*listener]);
            let mut lines = say_lines(&self.languages, *at_ms, &audience, notice);
            for line in &mut lines {
                line.event = "menu";
            }
            let json = lines.iter().filter_map(|l| serde_json::to_string(l).ok());
            self.write_transcript(json);
            self.say(lines, notice, &mut batch);
        }
        self.flush(&mut batch);
    }

    /// Writes lines decided elsewhere (the controllers' `haptic` lines) to the transcript.
    fn write_lines(&mut self, lines: Vec<String>) {
        if !lines.is_empty() {
            self.write_transcript(lines.into_iter());
        }
    }

    /// Appends JSON lines to the transcript, if there is one.
    fn write_transcript(&mut self, lines: impl Iterator<Item = String>) {
        let Some(file) = self.transcript.as_mut() else {
            return;
        };
        for line in lines {
            if let Err(e) = writeln!(file, "{line}") {
                tracing::warn!("transcript: {e}");
            }
        }
        let _ = file.flush();
    }

    /// Says a language without a voice pack through `synth`, to the same routes as the
    /// packs (without one, such a language is only printed).
    pub fn with_unpacked_speech(mut self, synth: Option<audio::Synth>) -> Announcer {
        self.synth = synth;
        self
    }

    /// Speaks through the system speech engine instead of the voice packs (it cannot be
    /// routed per earpiece: everything goes to its default output).
    pub fn with_system_speech(mut self, system: Option<audio::SystemSpeech>) -> Announcer {
        self.system = system;
        self
    }

    /// Delivers table outputs in order. What is said at one instant to the same listeners in
    /// one language is joined into one utterance, so the second part never cuts off the first.
    /// Returns how long the speech takes.
    fn deliver_table(&mut self, outputs: &[TableOutput]) -> std::time::Duration {
        let mut took = std::time::Duration::ZERO;
        let mut batch: Vec<Spoken> = Vec::new();
        let mut batch_at = None;
        for output in outputs {
            if batch_at != Some(output.at_ms()) {
                took += self.flush(&mut batch);
                batch_at = Some(output.at_ms());
            }
            // Each announcement is phrased once, for the transcript and the voice alike.
            let said = match output {
                TableOutput::Say {
                    at_ms,
                    audience,
                    notice,
                } => say_lines(&self.languages, *at_ms, audience, notice),
                _ => Vec::new(),
            };
            if self.transcript.is_some() {
                let lines: Vec<String> = match output {
                    TableOutput::Say { .. } => said
                        .iter()
                        .filter_map(|l| serde_json::to_string(l).ok())
                        .collect(),
                    other => crate::transcript::line_of(other).into_iter().collect(),
                };
                self.write_transcript(lines.into_iter());
            }
            match output {
                TableOutput::Say { notice, .. } => took += self.say(said, notice, &mut batch),
                TableOutput::Cue { cue, audience, .. } => self.cue(*cue, audience),
                TableOutput::Core(_) | TableOutput::Warning { .. } => {}
            }
        }
        took + self.flush(&mut batch)
    }

    /// Plays the speech gathered; returns how long it is.
    fn flush(&mut self, batch: &mut Vec<Spoken>) -> std::time::Duration {
        let mut seconds = 0.0;
        for spoken in batch.drain(..) {
            if spoken.rate > 0 {
                seconds += spoken.samples.len() as f64 / f64::from(spoken.rate);
            }
            if let Some(audio) = &self.audio {
                let pcm = Pcm::new(spoken.rate, spoken.samples);
                audio.speak(spoken.audience, pcm, spoken.priority);
            }
        }
        std::time::Duration::from_secs_f64(seconds)
    }

    /// Says free text (the arbiter's message): as a text line, and through the system speech
    /// engine when there is one (voice packs hold only the clock's own words). Returns whether
    /// it was spoken aloud.
    pub fn say_text(&mut self, audience: &Audience, text: &str) -> bool {
        if self.text {
            self.print_line(audience, text);
        }
        match &self.system {
            Some(system) => system.speak(text, false).is_ok(),
            None => false,
        }
    }

    /// Prints and speaks say lines: through the system speech engine at once (returning how
    /// long that takes, estimated at 70 ms a character), or rendered into `batch`.
    fn say(
        &mut self,
        lines: Vec<SayLine>,
        notice: &Announcement,
        batch: &mut Vec<Spoken>,
    ) -> std::time::Duration {
        let mut spoken_chars = 0;
        for line in lines {
            if self.text {
                self.print_line(&line.audience, &line.text);
            }
            if let Some(system) = &self.system {
                let interrupt = priority(notice) >= Priority::Warning;
                if let Err(e) = system.speak(&line.text, interrupt) {
                    tracing::warn!("system speech: {e}");
                }
                spoken_chars += line.text.chars().count() as u64;
                continue;
            }
            let Some((lang, pcm)) = self.render(&line) else {
                continue;
            };
            let urgency = priority(notice);
            match batch
                .iter_mut()
                .find(|b| b.audience == line.audience && b.lang == lang && b.rate == pcm.rate)
            {
                Some(b) => {
                    b.samples
                        .extend(std::iter::repeat_n(0.0, pcm.rate as usize / 10));
                    b.samples.extend(pcm.samples.iter());
                    b.priority = b.priority.max(urgency);
                }
                None => batch.push(Spoken {
                    audience: line.audience.clone(),
                    lang,
                    rate: pcm.rate,
                    samples: pcm.samples.to_vec(),
                    priority: urgency,
                }),
            }
        }
        std::time::Duration::from_millis(70 * spoken_chars)
    }

    /// The speech rate for an audience: a listener's own when he alone hears it, else the
    /// configured one.
    fn listener_rate(&self, audience: &Audience) -> f32 {
        let offset = match audience.listeners() {
            [one] => self
                .rate_offsets
                .iter()
                .find(|(l, _)| l == one)
                .map_or(0.0, |(_, offset)| *offset),
            _ => return self.base_rate,
        };
        (self.base_rate + offset).clamp(-1.0, 1.0)
    }

    /// One text line on stdout: `[audience] text`, starting at column 0 in a raw terminal too.
    /// A text line on stdout: `[white] text` for some of the listeners, the text alone for all
    /// three (a screen reader need not read the list that names everyone).
    fn print_line(&self, audience: &Audience, text: &str) {
        let end = if self.raw_terminal { "\r\n" } else { "\n" };
        let mut out = std::io::stdout().lock();
        let everyone = Listener::EARS
            .iter()
            .all(|ear| audience.listeners().contains(ear));
        let _ = if everyone {
            write!(out, "{text}{end}")
        } else {
            write!(out, "[{}] {text}{end}", names(audience))
        };
        let _ = out.flush();
    }

    /// A cue: played, or without audio, a click and a buzz as short words on the text lines
    /// (in each listener's language), so that a press gives feedback there too.
    fn cue(&mut self, cue: Cue, audience: &Audience) {
        match &self.audio {
            Some(audio) => audio.cue(audience.clone(), cue),
            None if self.text => {
                for (lang, group) in self.languages.groups(audience.listeners()) {
                    if let Some(word) = crate::speech::notices::cue_word(lang, cue) {
                        self.print_line(&Audience::of(&group), word);
                    }
                }
            }
            None => {}
        }
    }

    /// Lets queued speech finish and closes the audio.
    pub fn shutdown(&mut self) {
        if let Some(file) = self.transcript.as_mut() {
            let _ = file.flush();
        }
        if let Some(audio) = self.audio.take() {
            audio.shutdown();
        }
    }
}

/// Speech gathered for one instant, one audience and one language.
struct Spoken {
    audience: Audience,
    lang: crate::speech::Lang,
    rate: u32,
    samples: Vec<f32>,
    priority: Priority,
}

/// How urgent an announcement is: a flag cuts everything, a warning cuts a readout.
fn priority(notice: &Announcement) -> Priority {
    match notice {
        Announcement::Flag { .. } | Announcement::Result { .. } => Priority::Flag,
        Announcement::Warning { .. }
        | Announcement::MainTimeWarning { .. }
        | Announcement::Overtime { .. }
        | Announcement::Countdown { .. } => Priority::Warning,
        // The station paces its alerts itself, one at a time: none may cut or drop another.
        Announcement::Board { .. }
        | Announcement::BoardSilent { .. }
        | Announcement::BoardBack { .. }
        | Announcement::BoardsSilent { .. }
        | Announcement::BoardsBack { .. } => Priority::Warning,
        _ => Priority::Readout,
    }
}

fn names(audience: &Audience) -> String {
    audience
        .listeners()
        .iter()
        .map(|l| l.name())
        .collect::<Vec<_>>()
        .join(",")
}

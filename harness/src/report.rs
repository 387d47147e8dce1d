//! The benchmark's figures: one JSON object (`--json`) or a human summary with the goals.

use crate::stats::{round, Summary};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt::Write;

/// The press-to-sound delays of both speech paths, in milliseconds.
#[derive(Debug, Clone, Serialize)]
pub struct AudioLatency {
    /// The daemon's voice-pack readout after a `t` key.
    pub voice_pack: Summary,
    /// The same words through speech-dispatcher (the `tts` crate), from `speak()`.
    pub speech_dispatcher: Summary,
    /// Of the voice-pack delay: the readout's own lead-in before its first loud sample.
    pub voice_pack_clip_onset: f64,
    /// speech-dispatcher p50 ÷ voice-pack p50.
    pub ratio_p50: f64,
}

/// Delays to the first audible (−20 dBFS) sample at the sink, in milliseconds (issue 12's
/// latency goals), from the same presses as [`AudioLatency`] and from more.
#[derive(Debug, Clone, Serialize)]
pub struct Audible {
    /// The voice-pack readout after a `t` key, the stream awake: the key comes after 50 ms of
    /// quiet at the sink, which for a readout falls in its pause after the side's name
    /// ("White, …"), so the new readout cuts the one still playing (a 5 ms fade) and waits
    /// behind the running stream's buffer.
    pub voice_pack: Summary,
    /// The same words through speech-dispatcher.
    pub speech_dispatcher: Summary,
    /// speech-dispatcher p50 ÷ voice-pack p50 (goal: ≥ 1.5).
    pub speedup_p50: f64,
    /// speech-dispatcher p99 ÷ voice-pack p99 (goal: ≥ 1.5).
    pub speedup_p99: f64,
    /// The readout after the output stream rested (1.6 s of silence: the daemon closed it).
    pub voice_pack_after_idle: Summary,
    /// The readout 50 ms after a click: the stream awake with nothing playing (a player
    /// presses his clock, then asks for his time).
    pub voice_pack_after_click: Summary,
    /// Of the readout's delay, the part inside the recording: how far into the rendered readout its
    /// first audible sample lies (the voice's own onset, "White" rising from silence).
    pub voice_pack_clip_audible_onset: f64,
    /// The rest: [`Audible::voice_pack_after_idle`] less the recording's own onset, so the
    /// output path alone (key → daemon → stream → the readout's first sample at the sink).
    pub voice_pack_after_idle_path: Summary,
    /// A clock button to its click, the stream awake (50 ms after the last click).
    pub click: Summary,
    /// A clock button to its click while the other player's readout plays on the same
    /// stream (the click timed on the presser's channel alone).
    pub click_during_readout: Summary,
    /// The same after the stream rested.
    pub click_after_idle: Summary,
}

/// The board daemon's memory with its voice packs (issue 37's goals), each daemon after
/// `idle_seconds` of idle with its clock running; the peak is the start-up's.
#[derive(Debug, Clone, Serialize)]
pub struct Memory {
    /// The idle window, s.
    pub idle_seconds: f64,
    /// Resident memory, one language in use (English), MB.
    pub one_language_mb: f64,
    /// Resident memory, two players in two languages (Russian, English), MB.
    pub two_languages_mb: f64,
    /// Peak resident memory, one language, MB.
    pub one_language_peak_mb: f64,
    /// Peak resident memory, two languages, MB.
    pub two_languages_peak_mb: f64,
    /// Spawn to `READY=1`, one language, ms.
    pub one_language_startup_ms: f64,
    /// Spawn to `READY=1`, two languages, ms.
    pub two_languages_startup_ms: f64,
}

/// Drift against the expected remaining time, in milliseconds.
#[derive(Debug, Clone, Serialize)]
pub struct DriftFigures {
    /// The real daemon after a real-time run with scripted presses.
    pub realtime: f64,
    /// The same run against the daemon's own millisecond stamps of each press: what the core
    /// adds on top of stamping (0 when the arithmetic is exact).
    pub realtime_vs_own_stamps: f64,
    /// Spread of the daemon's stamp of each press minus when it was typed (rounding to the
    /// millisecond plus reading input late).
    pub realtime_stamp_spread: f64,
    /// How long that run lasted, in seconds.
    pub realtime_seconds: f64,
    /// Presses in that run.
    pub realtime_presses: f64,
    /// A seven-hour, 200-move game on virtual time.
    pub virtual_7h: f64,
}

/// Everything `talkclock bench` measured.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Flag event instant minus the true instant of zero, µs (negative: early).
    pub flag_error_us: Summary,
    /// Key stamp to the clocks switched (the record written; its sync runs on the journal's
    /// own thread and is not waited for), µs.
    pub press_to_switch_us: Summary,
    /// The table's own share of a press (no journal, no channel), µs.
    pub press_core_us: Summary,
    /// A `time` key to the readout's first sound at the server, ms.
    pub press_to_audio_ms: AudioLatency,
    /// Press to the first audible (−20 dBFS) sample, ms.
    pub press_to_audible_ms: Audible,
    /// CPU of the daemon (all threads) while a clock runs with nothing to say, % of one core.
    pub idle_cpu_percent: f64,
    /// The same per thread name, % of one core (where the idle time goes).
    pub idle_cpu_by_thread: BTreeMap<String, f64>,
    /// The window that was measured over, s.
    pub idle_seconds: f64,
    /// Resident memory after the idle window, MB.
    pub rss_mb: f64,
    /// Peak resident memory, MB.
    pub rss_peak_mb: f64,
    /// Spawn to `READY=1` with audio and voice packs, ms.
    pub startup_ms: f64,
    /// Of the startup: loading (decoding, stretching) the voice packs, in this process, ms.
    pub voice_load_ms: f64,
    /// Memory with one and with two languages, after 30 s idle.
    pub memory: Memory,
    /// Drift figures, ms.
    pub drift_ms: DriftFigures,
    /// "one hour twelve minutes thirty seconds" through each voice pack, s.
    pub readout_seconds: BTreeMap<String, f64>,
    /// `speech::readout` of 1:12:30 ("one hour twelve minutes") through each pack, s.
    pub readout_hm_seconds: BTreeMap<String, f64>,
    /// Rendering a readout whose clips are not ready (decoded and stretched from the
    /// compressed pack), by language, in this process, ms.
    pub readout_render_cold_ms: BTreeMap<String, f64>,
    /// The same readout rendered again, its clips ready, ms.
    pub readout_render_warm_ms: BTreeMap<String, f64>,
    /// How long the whole benchmark took, s.
    pub bench_seconds: f64,
}

/// One figure against its goal.
struct Goal<'a> {
    name: &'a str,
    value: String,
    goal: &'a str,
    met: Option<bool>,
}

impl Report {
    /// The JSON object.
    pub fn json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_else(|e| format!("{{\"error\":\"{e}\"}}"))
    }

    /// A human summary: each figure, its goal and whether it is met.
    pub fn human(&self) -> String {
        let s = |x: &Summary, unit: &str, places| {
            format!(
                "p50 {} {unit}, p99 {} {unit}, max {} {unit} (n={})",
                round(x.p50, places),
                round(x.p99, places),
                round(x.max, places),
                x.n
            )
        };
        let a = &self.press_to_audio_ms;
        let langs = |m: &BTreeMap<String, f64>| {
            m.iter()
                .map(|(k, v)| format!("{k} {:.2} s", v))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let goals = [
            Goal {
                name: "flag error",
                value: format!(
                    "{}; min {} µs",
                    s(&self.flag_error_us, "µs", 0),
                    round(self.flag_error_us.min, 0)
                ),
                goal: "max < 2000 µs",
                met: Some(self.flag_error_us.max < 2_000.0),
            },
            Goal {
                name: "press to switch",
                value: s(&self.press_to_switch_us, "µs", 0),
                goal: "p99 < 500 µs",
                met: Some(self.press_to_switch_us.p99 < 500.0),
            },
            Goal {
                name: "  of which the core",
                value: s(&self.press_core_us, "µs", 1),
                goal: "",
                met: None,
            },
            Goal {
                name: "press to audio, voice pack",
                value: s(&a.voice_pack, "ms", 1),
                goal: "p99 < 40 ms",
                met: Some(a.voice_pack.p99 < 40.0),
            },
            Goal {
                name: "press to audio, speech-dispatcher",
                value: format!(
                    "{}; ×{:.2} the voice pack (whose clip lead-in is {:.1} ms)",
                    s(&a.speech_dispatcher, "ms", 1),
                    a.ratio_p50,
                    a.voice_pack_clip_onset
                ),
                goal: "",
                met: None,
            },
            Goal {
                name: "press to audible, voice pack (during a readout)",
                value: format!(
                    "{}; speech-dispatcher {}: ×{:.2} p50, ×{:.2} p99 sooner",
                    s(&self.press_to_audible_ms.voice_pack, "ms", 1),
                    s(&self.press_to_audible_ms.speech_dispatcher, "ms", 1),
                    self.press_to_audible_ms.speedup_p50,
                    self.press_to_audible_ms.speedup_p99
                ),
                goal: "p99 ≤ 20 ms, ≥ ×1.5 sooner",
                met: Some(
                    self.press_to_audible_ms.voice_pack.p99 <= 20.0
                        && self.press_to_audible_ms.speedup_p99 >= 1.5,
                ),
            },
            Goal {
                name: "  50 ms after a click",
                value: s(&self.press_to_audible_ms.voice_pack_after_click, "ms", 1),
                goal: "p99 ≤ 20 ms",
                met: Some(self.press_to_audible_ms.voice_pack_after_click.p99 <= 20.0),
            },
            Goal {
                name: "  after the stream rested",
                value: s(&self.press_to_audible_ms.voice_pack_after_idle, "ms", 1),
                goal: "p99 ≤ 20 ms",
                met: Some(self.press_to_audible_ms.voice_pack_after_idle.p99 <= 20.0),
            },
            Goal {
                name: "    of which the output path",
                value: format!(
                    "{}; the rest is the voice's own onset, {:.1} ms into the readout",
                    s(
                        &self.press_to_audible_ms.voice_pack_after_idle_path,
                        "ms",
                        1
                    ),
                    self.press_to_audible_ms.voice_pack_clip_audible_onset
                ),
                goal: "",
                met: None,
            },
            Goal {
                name: "press to click (stream awake)",
                value: s(&self.press_to_audible_ms.click, "ms", 1),
                goal: "p99 ≤ 10 ms",
                met: Some(self.press_to_audible_ms.click.p99 <= 10.0),
            },
            Goal {
                name: "  during the other's readout",
                value: s(&self.press_to_audible_ms.click_during_readout, "ms", 1),
                goal: "p99 ≤ 10 ms",
                met: Some(self.press_to_audible_ms.click_during_readout.p99 <= 10.0),
            },
            Goal {
                name: "  after the stream rested",
                value: s(&self.press_to_audible_ms.click_after_idle, "ms", 1),
                goal: "p99 ≤ 10 ms",
                met: Some(self.press_to_audible_ms.click_after_idle.p99 <= 10.0),
            },
            Goal {
                name: "idle CPU",
                value: format!(
                    "{:.3} % of one core over {:.0} s",
                    self.idle_cpu_percent, self.idle_seconds
                ),
                goal: "< 0.3 %",
                met: Some(self.idle_cpu_percent < 0.3),
            },
            Goal {
                name: "  by thread",
                value: self
                    .idle_cpu_by_thread
                    .iter()
                    .filter(|(_, v)| **v >= 0.0005)
                    .map(|(k, v)| format!("{k} {v:.3} %"))
                    .collect::<Vec<_>>()
                    .join(", "),
                goal: "",
                met: None,
            },
            Goal {
                name: "RSS, the sound daemon, idle",
                value: format!("{:.1} MB (peak {:.1} MB)", self.rss_mb, self.rss_peak_mb),
                goal: "< 30 MB",
                met: Some(self.rss_mb < 30.0),
            },
            Goal {
                name: "RSS, one language, idle",
                value: format!(
                    "{:.1} MB after {:.0} s",
                    self.memory.one_language_mb, self.memory.idle_seconds
                ),
                goal: "<= 30 MB",
                met: Some(self.memory.one_language_mb <= 30.0),
            },
            Goal {
                name: "RSS, two languages, idle",
                value: format!(
                    "{:.1} MB after {:.0} s",
                    self.memory.two_languages_mb, self.memory.idle_seconds
                ),
                goal: "<= 35 MB",
                met: Some(self.memory.two_languages_mb <= 35.0),
            },
            Goal {
                name: "peak RSS, start-up",
                value: format!(
                    "{:.1} MB one language, {:.1} MB two",
                    self.memory.one_language_peak_mb, self.memory.two_languages_peak_mb
                ),
                goal: "<= 60 MB",
                met: Some(
                    self.memory
                        .one_language_peak_mb
                        .max(self.memory.two_languages_peak_mb)
                        <= 60.0,
                ),
            },
            Goal {
                name: "readout rendered, clips not ready",
                value: self
                    .readout_render_cold_ms
                    .iter()
                    .map(|(k, v)| {
                        let warm = self.readout_render_warm_ms.get(k).copied().unwrap_or(0.0);
                        format!("{k} {v:.1} ms (ready {warm:.2})")
                    })
                    .collect::<Vec<_>>()
                    .join(", "),
                goal: "",
                met: None,
            },
            Goal {
                name: "startup, one / two languages",
                value: format!(
                    "{:.0} / {:.0} ms",
                    self.memory.one_language_startup_ms, self.memory.two_languages_startup_ms
                ),
                goal: "",
                met: None,
            },
            Goal {
                name: "startup to ready",
                value: format!(
                    "{:.0} ms (of which loading the voice packs {:.0} ms)",
                    self.startup_ms, self.voice_load_ms
                ),
                goal: "",
                met: None,
            },
            Goal {
                name: "drift, real time",
                value: format!(
                    "{:.3} ms after {:.0} s and {} presses ({} ms against the daemon's own stamps, \
                     which spread {:.3} ms around the typing instants)",
                    self.drift_ms.realtime,
                    self.drift_ms.realtime_seconds,
                    self.drift_ms.realtime_presses,
                    self.drift_ms.realtime_vs_own_stamps,
                    self.drift_ms.realtime_stamp_spread
                ),
                goal: "< 1 ms",
                met: Some(self.drift_ms.realtime < 1.0),
            },
            Goal {
                name: "drift, 7 h virtual",
                value: format!("{} ms", self.drift_ms.virtual_7h),
                goal: "0",
                met: Some(self.drift_ms.virtual_7h == 0.0),
            },
            Goal {
                name: "1:12:30 said exactly",
                value: langs(&self.readout_seconds),
                goal: "",
                met: None,
            },
            Goal {
                name: "1:12:30 readout (h, min)",
                value: langs(&self.readout_hm_seconds),
                goal: "",
                met: None,
            },
        ];
        let mut out = String::new();
        for g in goals {
            let mark = match g.met {
                Some(true) => "meets goal",
                Some(false) => "MISSES goal",
                None => "",
            };
            let goal = if g.goal.is_empty() {
                String::new()
            } else {
                format!("   [{mark}: {}]", g.goal)
            };
            let _ = writeln!(out, "{:<34} {}{goal}", g.name, g.value);
        }
        let _ = writeln!(out, "(benchmark took {:.0} s)", self.bench_seconds);
        out
    }
}

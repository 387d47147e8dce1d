//! Sound at the server: the real daemon with audio on the private PulseAudio, its idle cost
//! while a clock runs with nothing to say, and the time from a `t` key to the first sound of
//! the readout (voice pack), against the same words through speech-dispatcher (`tts`); the
//! time from a clock button to its click; each with the output stream awake (a press
//! [`AWAKE_QUIET`] after the daemon's last sound) and after it has rested (nothing played for
//! longer than [`talkclock::audio::IDLE_AFTER`], so the daemon closed it).

use crate::core_loop::signed_us;
use crate::daemon::Daemon;
use crate::pulse::{first_sound_time_in, last_sound_time, Chunk, Recorder};
use std::collections::BTreeMap;
use std::time::{Duration, Instant};
use talkclock::audio::SystemSpeech;

/// A sample louder than this (−34 dBFS) counts as sound.
pub const THRESHOLD: f32 = 0.02;
/// A sample louder than this (−20 dBFS) counts as audible (issue 12's definition).
pub const AUDIBLE: f32 = 0.1;
/// Silence this long means what was playing has ended.
const QUIET: Duration = Duration::from_millis(300);
/// A press this soon after the daemon's last sound finds its output stream still open: well
/// inside [`talkclock::audio::IDLE_AFTER`].
pub const AWAKE_QUIET: Duration = Duration::from_millis(50);
/// Least time between two presses of the same button: the clock's default chatter lockout
/// (`talkclock::input::bindings::DEFAULT_LOCKOUT`) and 20 ms to spare.
const SAME_BUTTON_GAP: Duration =
    Duration::from_millis(talkclock::input::bindings::DEFAULT_LOCKOUT as u64 + 20);
/// Longest wait for a sound to begin or end.
const LIMIT: Duration = Duration::from_secs(15);

/// Waits until the sink has been quiet for [`QUIET`] (at most [`LIMIT`]).
pub fn wait_for_silence(recorder: &Recorder) -> Result<(), String> {
    wait_for_quiet(recorder, QUIET)
}

/// Waits until the sink has been quiet for `quiet` (at most [`LIMIT`]).
pub fn wait_for_quiet(recorder: &Recorder, quiet: Duration) -> Result<(), String> {
    let since = Instant::now();
    let mut chunks: Vec<Chunk> = Vec::new();
    loop {
        chunks.extend(recorder.take());
        let last = last_sound_time(&chunks, THRESHOLD).unwrap_or(since);
        if last.elapsed() >= quiet {
            return Ok(());
        }
        if since.elapsed() > LIMIT {
            return Err("the sink did not fall silent within 15 s".into());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Delays from a request to its first sound, in milliseconds.
#[derive(Debug, Clone, Copy)]
pub struct Onset {
    /// To the first sample above [`THRESHOLD`] (−34 dBFS).
    pub sound: f64,
    /// To the first sample above [`AUDIBLE`] (−20 dBFS).
    pub audible: f64,
}

/// Waits for the first sound (and the first audible sample) after `asked`.
fn first_sound_after(recorder: &Recorder, asked: Instant, what: &str) -> Result<Onset, String> {
    first_sound_after_in(recorder, asked, &[0, 1], what)
}

/// As [`first_sound_after`], on `channels` only (0 left, 1 right).
fn first_sound_after_in(
    recorder: &Recorder,
    asked: Instant,
    channels: &[usize],
    what: &str,
) -> Result<Onset, String> {
    let mut chunks: Vec<Chunk> = Vec::new();
    loop {
        chunks.extend(recorder.take());
        let sound = first_sound_time_in(&chunks, THRESHOLD, channels);
        if let (Some(sound), Some(audible)) =
            (sound, first_sound_time_in(&chunks, AUDIBLE, channels))
        {
            return Ok(Onset {
                sound: signed_us(sound, asked) / 1e3,
                audible: signed_us(audible, asked) / 1e3,
            });
        }
        if asked.elapsed() > LIMIT {
            let loudest = chunks
                .iter()
                .flat_map(|c| c.samples.iter())
                .fold(0.0f32, |m, s| m.max(s.abs()));
            return Err(format!(
                "{what}: no audible sound (above {AUDIBLE}) at the sink within 15 s; loudest sample {loudest}, {} chunks",
                chunks.len()
            ));
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// What the idle window showed.
#[derive(Debug, Clone)]
pub struct Idle {
    /// CPU of all threads, percent of one core.
    pub cpu_percent: f64,
    /// CPU per thread name, percent of one core (threads alive at the end of the window).
    pub by_thread: BTreeMap<String, f64>,
    /// Resident memory at the end, MB.
    pub rss_mb: f64,
    /// Peak resident memory, MB.
    pub rss_peak_mb: f64,
}

/// The daemon's CPU use over `window`, in all and per thread, and its memory.
pub fn idle(daemon: &Daemon, window: Duration) -> Result<Idle, String> {
    let (before, t0) = (daemon.thread_times()?, Instant::now());
    std::thread::sleep(window);
    let (after, t1) = (daemon.thread_times()?, Instant::now());
    let wall = (t1 - t0).as_secs_f64();
    let percent = |d: Duration| d.as_secs_f64() / wall * 100.0;
    // Per thread alive at the end: what it used in the window (all of it for a thread
    // started meanwhile). A thread that ended in the window took its time with it; summing
    // all threads before and after instead read 0 whenever one had (the streams' threads end
    // when a stream rests).
    let mut used = Duration::ZERO;
    let mut by_thread = BTreeMap::new();
    for t in &after {
        let before = before
            .iter()
            .find(|b| b.id == t.id)
            .map_or(Duration::ZERO, |b| b.cpu);
        let cpu = t.cpu.saturating_sub(before);
        used += cpu;
        let name = if t.name.is_empty() {
            t.id.clone()
        } else {
            t.name.clone()
        };
        *by_thread.entry(name).or_insert(0.0) += percent(cpu);
    }
    let mb = |kb: u64| kb as f64 / 1024.0;
    Ok(Idle {
        cpu_percent: percent(used),
        by_thread,
        rss_mb: mb(daemon.status_kb("VmRSS")?),
        rss_peak_mb: mb(daemon.status_kb("VmHWM")?),
    })
}

/// Press-to-sound delays, in milliseconds, for `rounds` time queries: through the daemon's
/// voice packs with the stream awake (each measured query [`AWAKE_QUIET`] after an unmeasured
/// one; that quiet is the readout's own pause after the side's name, so the measured query
/// cuts the readout still playing) and, right after each, the same words through
/// speech-dispatcher (cut short once heard).
pub fn press_to_audio(
    daemon: &mut Daemon,
    recorder: &Recorder,
    speech: &SystemSpeech,
    rounds: usize,
) -> Result<(Vec<Onset>, Vec<Onset>), String> {
    // Warm-up, not counted: speech-dispatcher starts its output module on the first text.
    wait_for_silence(recorder)?;
    let asked = Instant::now();
    speech.speak("ready", true).map_err(|e| e.to_string())?;
    first_sound_after(recorder, asked, "speech-dispatcher warm-up")?;
    let mut voice_pack = Vec::with_capacity(rounds);
    let mut system = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        wait_for_silence(recorder)?;
        daemon.key("t")?;
        first_sound_after(
            recorder,
            Instant::now(),
            "voice pack readout, waking the stream",
        )?;
        wait_for_quiet(recorder, AWAKE_QUIET)?;
        voice_pack.push(time_query(daemon, recorder, "voice pack readout")?);
        wait_for_silence(recorder)?;
        let words = spoken_words(daemon)?;

        recorder.take();
        let asked = Instant::now();
        speech.speak(&words, true).map_err(|e| e.to_string())?;
        system.push(first_sound_after(recorder, asked, "speech-dispatcher")?);
        speech.stop().map_err(|e| e.to_string())?;
    }
    Ok((voice_pack, system))
}

/// White's time key (`t`), timed from the key to the readout's first sound at the sink (what
/// was recorded and printed before is dropped first).
fn time_query(daemon: &mut Daemon, recorder: &Recorder, what: &str) -> Result<Onset, String> {
    recorder.take();
    daemon.take_lines();
    let asked = daemon.key("t")?;
    first_sound_after(recorder, asked, what)
}

/// How long the sink stays silent before a press "after idle": the daemon's stream rests
/// after [`talkclock::audio::IDLE_AFTER`]; one more second makes sure it has.
pub fn rested() -> Duration {
    talkclock::audio::IDLE_AFTER + Duration::from_secs(1)
}

/// Press-to-readout delays for `rounds` time queries, each after the stream has rested.
pub fn press_to_audio_after_idle(
    daemon: &mut Daemon,
    recorder: &Recorder,
    rounds: usize,
) -> Result<Vec<Onset>, String> {
    let mut delays = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        wait_for_silence(recorder)?;
        std::thread::sleep(rested());
        delays.push(time_query(
            daemon,
            recorder,
            "voice pack readout after idle",
        )?);
    }
    wait_for_silence(recorder)?;
    Ok(delays)
}

/// Press-to-readout delays for `rounds` time queries with the output stream awake and nothing
/// playing: each query comes [`AWAKE_QUIET`] after a click, as when a player presses his clock
/// and then asks for his time. Each round presses White's and then Black's button (each heard
/// as a click), so that White is to move again and every readout begins with the same name.
pub fn press_to_audio_after_click(
    daemon: &mut Daemon,
    recorder: &Recorder,
    rounds: usize,
) -> Result<Vec<Onset>, String> {
    let mut delays = Vec::with_capacity(rounds);
    for _ in 0..rounds {
        for key in ["w", "b"] {
            wait_for_silence(recorder)?;
            recorder.take();
            let pressed = daemon.key(key)?;
            first_sound_after(recorder, pressed, "click before a readout")?;
            wait_for_quiet(recorder, AWAKE_QUIET)?;
        }
        delays.push(time_query(
            daemon,
            recorder,
            "voice pack readout after a click",
        )?);
    }
    wait_for_silence(recorder)?;
    Ok(delays)
}

/// How far into a readout the click of [`press_to_click_during_readout`] comes.
const INTO_READOUT: Duration = Duration::from_millis(150);

/// Button-to-click delays with the other player's readout playing on the same stream (the
/// default layout: White's earpiece on the left channel, Black's on the right): Black asks
/// for his time, and 150 ms into his readout White presses his clock; the click is timed on
/// White's channel alone. Then the same the other way round (White's readout, Black's
/// press), so White is to move again after each pair; two delays per round.
pub fn press_to_click_during_readout(
    daemon: &mut Daemon,
    recorder: &Recorder,
    rounds: usize,
) -> Result<Vec<Onset>, String> {
    let mut delays = Vec::with_capacity(2 * rounds);
    for _ in 0..rounds {
        for (query, press, channel) in [("y", "w", 0), ("t", "b", 1)] {
            wait_for_silence(recorder)?;
            recorder.take();
            let asked = daemon.key(query)?;
            first_sound_after(recorder, asked, "readout before a click")?;
            std::thread::sleep(INTO_READOUT);
            recorder.take();
            let pressed = daemon.key(press)?;
            delays.push(first_sound_after_in(
                recorder,
                pressed,
                &[channel],
                "click during the other player's readout",
            )?);
        }
    }
    wait_for_silence(recorder)?;
    Ok(delays)
}

/// Button-to-click delays for `rounds` presses (the players' buttons in turn, starting with
/// White's, who is to move), each after `quiet` of silence at the sink. With a `quiet` short
/// enough to find the stream awake, one more press goes first, unmeasured, to wake it.
pub fn press_to_click(
    daemon: &mut Daemon,
    recorder: &Recorder,
    rounds: usize,
    quiet: Duration,
) -> Result<Vec<Onset>, String> {
    let warm_up = usize::from(quiet <= QUIET);
    let mut delays = Vec::with_capacity(rounds + warm_up);
    let mut last_press: [Option<Instant>; 2] = [None, None];
    for round in 0..rounds + warm_up {
        if quiet <= QUIET {
            wait_for_quiet(recorder, quiet)?;
        } else {
            wait_for_silence(recorder)?;
            std::thread::sleep(quiet - QUIET);
        }
        let side = round % 2;
        // The same button again within the clock's chatter lockout would be ignored (no
        // click at all): with clicks that come in a few ms, two rounds take less than that.
        if let Some(last) = last_press[side] {
            std::thread::sleep(SAME_BUTTON_GAP.saturating_sub(last.elapsed()));
        }
        recorder.take();
        let key = if side == 0 { "w" } else { "b" };
        let asked = daemon.key(key)?;
        last_press[side] = Some(asked);
        delays.push(first_sound_after(recorder, asked, "click")?);
    }
    wait_for_silence(recorder)?;
    Ok(delays.split_off(warm_up))
}

/// The words the daemon printed for the readout (`[white] White: …`), prefixes removed.
fn spoken_words(daemon: &Daemon) -> Result<String, String> {
    let words: Vec<String> = daemon
        .take_lines()
        .into_iter()
        .filter_map(|l| l.text.split_once("] ").map(|(_, w)| w.to_string()))
        .collect();
    if words.is_empty() {
        return Err("the daemon printed no text for the readout".into());
    }
    Ok(words.join(" "))
}

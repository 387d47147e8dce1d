//! Real output through our own PulseAudio stream (`src/audio/pulse.rs`) into a private null sink, recorded in
//! real time with `parec` from the sink monitor: routing, pre-emption, cues on top of
//! speech, latency measurements, and rebuilding the stream after the server goes away.
//! One test with sequential steps (one private server, environment set once).

mod common;

use std::time::{Duration, Instant};

use common::{
    channels, first_sound_time, gaps, offset, onset, peak, percentile, tone, wait_until,
    PulseServer, Recorder, RATE,
};
use talkclock::audio::{
    devices, AudioConfig, AudioError, AudioOut, CpalBackend, HostKind, OutputBackend, Priority,
    StreamRequest, DEFAULT_BUFFER_FRAMES, IDLE_AFTER,
};
use talkclock::hearing::{Cue, Listener};

const SOUND: f32 = 0.05;

fn config(buffer_frames: u32) -> AudioConfig {
    let mut config = AudioConfig::stereo_pair("default");
    config.host = HostKind::Pulse;
    config.buffer_frames = buffer_frames;
    config
}

/// The fixed gain of the players' buses (one listener each; see `talkclock::audio::headroom`).
fn bus() -> f32 {
    config(DEFAULT_BUFFER_FRAMES).bus_gain("default", 0)
}

fn start(buffer_frames: u32) -> AudioOut {
    let config = config(buffer_frames);
    let audio = AudioOut::start(config).expect("valid config");
    assert!(
        wait_until(Duration::from_secs(10), || audio.all_devices_open()),
        "PulseAudio stream did not open"
    );
    audio
}

/// Waits until `listener` has started and finished, then a little longer for the
/// server's buffer.
fn settle(audio: &AudioOut, listener: Listener) {
    wait_until(Duration::from_secs(1), || audio.is_playing(listener));
    assert!(wait_until(Duration::from_secs(10), || !audio.is_playing(listener)));
    std::thread::sleep(Duration::from_millis(250));
}

/// A sink named as `talkclock devices` lists it opens (PulseAudio goes through our own stream,
/// the list through cpal: both must mean the same sink); a name no sink has is refused as such.
fn sinks_opened_by_the_names_devices_lists(list: &[talkclock::audio::DeviceInfo]) {
    let backend = CpalBackend::new(HostKind::Pulse);
    let request = |device: &str| StreamRequest {
        device: device.to_owned(),
        channels: 2,
        sample_rate: RATE,
        buffer_frames: DEFAULT_BUFFER_FRAMES,
    };
    for device in list {
        let opened = backend.open(&request(&device.id), Box::new(|_: &mut [f32], _| false));
        assert!(
            opened.is_ok(),
            "{} did not open: {:?}",
            device.id,
            opened.err()
        );
    }
    let missing = backend.open(&request("no-such-sink"), Box::new(|_: &mut [f32], _| false));
    assert!(
        matches!(missing, Err(AudioError::DeviceNotFound(ref name)) if name == "no-such-sink"),
        "{:?}",
        missing.err()
    );
}

/// The frames of a sound heard between `from` and `to` (its first and last loud samples), not
/// counting the silences inside it (a stream that ran dry on a busy machine: a gap, not a loss),
/// and those silences as (start, frames).
fn frames_heard(samples: &[f32], from: usize, to: usize) -> (usize, Vec<(usize, usize)>) {
    let silences = gaps(samples, SOUND, from, to, 32);
    let silent: usize = silences.iter().map(|(_, len)| len).sum();
    (to + 1 - from - silent, silences)
}

fn routing(audio: &AudioOut, recorder: &Recorder, idle: Duration) {
    let a = tone(440.0, 0.5, 0.3);
    let b = tone(660.0, 0.25, 0.3);
    recorder.take();
    std::thread::sleep(idle); // idle first: no clipped first syllable
    assert!(
        audio.all_devices_open(),
        "a resting stream still counts as open"
    );
    audio.speak(Listener::White, a.clone(), Priority::Readout);
    settle(audio, Listener::White);
    audio.speak(Listener::Black, b.clone(), Priority::Readout);
    settle(audio, Listener::Black);
    let (left, right) = channels(&recorder.take());

    let (l0, l1) = (
        onset(&left, SOUND).expect("White heard"),
        offset(&left, SOUND),
    );
    let (r0, r1) = (
        onset(&right, SOUND).expect("Black heard"),
        offset(&right, SOUND),
    );
    let (l1, r1) = (l1.unwrap_or(l0), r1.unwrap_or(r0));
    assert!(l0 < r0, "White's phrase came first");
    assert!(
        (peak(&left) - 0.5 * bus()).abs() < 0.02,
        "White level {}",
        peak(&left)
    );
    assert!(
        (peak(&right) - 0.25 * bus()).abs() < 0.02,
        "Black level {}",
        peak(&right)
    );
    eprintln!(
        "l0 {l0} l1 {l1} r0 {r0} r1 {r1} right-in-left {} left-in-right {}",
        peak(&right[l0..=l1]),
        peak(&left[r0..=r1])
    );
    assert!(
        peak(&right[l0..=l1]) < 0.001,
        "right silent while White speaks"
    );
    assert!(
        peak(&left[r0..=r1]) < 0.001,
        "left silent while Black speaks"
    );
    // The phrase's first sample is what the sink played first. At this null sink's monitor the
    // phrase has been seen starting 7 to 23 frames in, after 0.5 s of silence (a running
    // stream) and after 3 s (a new stream) alike, in 5 of some 12 runs on 2026-11-30 on a loaded
    // VM. Unexplained; the likeliest cause is the server rewinding the sink to start new data at
    // once, which its monitor does not record again. 2 ms (96 frames) is allowed here; the
    // exact first sample is checked on the ALSA file device (`tests/audio_layouts.rs`).
    let skipped = (0..96).find(|&k| (left[l0] - a.samples[k] * bus()).abs() < 0.01);
    eprintln!(
        "onset after {idle:?} idle: {:?}, first {skipped:?} frames missing",
        &left[l0..l0 + 4]
    );
    assert!(
        skipped.is_some(),
        "first sample after idle ({idle:?}) not clipped: {}",
        left[l0]
    );
    // A loaded machine may let the stream run dry for a few milliseconds: the server then
    // plays silence and the rest of the phrase comes after it. That is a gap, not a loss;
    // what must hold is that every sample of the phrase was heard.
    let (heard, silences) = frames_heard(&left, l0, l1);
    eprintln!("underrun gaps inside White's phrase (start, frames): {silences:?}");
    assert!(
        heard.abs_diff(a.samples.len()) < 64,
        "whole phrase heard: {heard} of {} frames",
        a.samples.len()
    );
}

/// Phrase after phrase, each after a rest long enough to close the stream: every one is
/// heard whole. The stream let go used to be asked for samples by its server for a moment
/// after the close and took the first two periods of the next phrase (seen about once in
/// 40 rests with the machine busy; `a_stream_let_go_never_takes_the_next_sound` in
/// `src/audio/device.rs` is the exact check).
fn phrases_after_rests_are_whole(audio: &AudioOut, recorder: &Recorder, rounds: usize) {
    let phrase = tone(440.0, 0.5, 0.2);
    let mut short = Vec::new();
    for round in 0..rounds {
        recorder.take();
        std::thread::sleep(IDLE_AFTER + Duration::from_millis(200));
        audio.speak(Listener::White, phrase.clone(), Priority::Readout);
        settle(audio, Listener::White);
        let (left, _) = channels(&recorder.take());
        let start = onset(&left, SOUND).expect("phrase heard");
        let end = offset(&left, SOUND).unwrap_or(start);
        let (heard, _) = frames_heard(&left, start, end);
        if heard.abs_diff(phrase.samples.len()) >= 64 {
            short.push((round, heard));
        }
    }
    assert!(
        short.is_empty(),
        "phrases cut after a rest (round, frames heard of {}): {short:?}",
        phrase.samples.len()
    );
}

fn flag_preempts_readout(audio: &AudioOut, recorder: &Recorder) {
    recorder.take();
    audio.speak(Listener::White, tone(200.0, 0.3, 2.0), Priority::Readout);
    assert!(wait_until(Duration::from_secs(2), || audio.is_playing(Listener::White)));
    std::thread::sleep(Duration::from_millis(300));
    audio.speak(Listener::White, tone(1_000.0, 0.7, 0.3), Priority::Flag);
    settle(audio, Listener::White);
    let (left, _) = channels(&recorder.take());
    let start = onset(&left, SOUND).expect("readout heard");
    let flag = onset(&left, 0.5 * bus()).expect("flag heard");
    let end = offset(&left, SOUND).expect("sound");
    let secs = |frames: usize| frames as f64 / f64::from(RATE);
    eprintln!(
        "pre-emption: readout {:.3} s, flag {:.3} s",
        secs(flag - start),
        secs(end - flag)
    );
    assert!(flag > start, "readout was playing first");
    // Had the 2 s readout resumed after the 0.3 s flag, sound would go on ~1.4 s longer;
    // the margin over 0.3 s allows for underrun gaps on a loaded machine.
    assert!(
        secs(end - flag) < 0.6,
        "readout did not resume after the flag"
    );
    assert!(secs(end - start) < 1.5, "2 s readout was cut");
}

fn click_not_delayed_by_speech(audio: &AudioOut, recorder: &Recorder) {
    recorder.take();
    // 2 s, so that the click lands well inside it (0.5 s before its end) even when this
    // thread is held up for a second on a busy machine.
    audio.speak(Listener::White, tone(100.0, 0.3, 2.0), Priority::Readout);
    assert!(wait_until(Duration::from_secs(2), || audio.is_playing(Listener::White)));
    std::thread::sleep(Duration::from_millis(200));
    audio.cue(Listener::White, Cue::Click);
    settle(audio, Listener::White);
    let (left, right) = channels(&recorder.take());
    let end = offset(&left, SOUND).expect("readout heard");
    let click = onset(&left, 0.4 * bus()).expect("click heard above the readout");
    assert!(
        click + RATE as usize / 2 < end,
        "click mixed during the readout"
    );
    assert!(peak(&right) < 0.001, "click only in White's ear");
}

/// A click for White while Black's phrase plays on the same device: the click goes out on a
/// stream of its own beside the speech's (so it does not wait behind the speech's queue), and
/// the server plays both: White's click whole, Black's phrase whole, without a silence.
fn click_beside_the_others_phrase_leaves_both_whole(audio: &AudioOut, recorder: &Recorder) {
    let phrase = tone(300.0, 0.5, 1.0);
    recorder.take();
    audio.speak(Listener::Black, phrase.clone(), Priority::Readout);
    assert!(wait_until(Duration::from_secs(2), || audio.is_playing(Listener::Black)));
    std::thread::sleep(Duration::from_millis(300));
    audio.cue(Listener::White, Cue::Click);
    settle(audio, Listener::Black);
    let (left, right) = channels(&recorder.take());
    assert!(
        peak(&left) > 0.4 * bus(),
        "White's click heard ({})",
        peak(&left)
    );
    let start = onset(&right, SOUND).expect("Black's phrase heard");
    let end = offset(&right, SOUND).unwrap_or(start);
    let (heard, silences) = frames_heard(&right, start, end);
    assert!(
        heard.abs_diff(phrase.samples.len()) < 64 && silences.is_empty(),
        "Black's phrase whole beside the click: {heard} of {} frames, silences {silences:?}",
        phrase.samples.len()
    );
}

/// White asks for his time again while his readout plays, and Black's phrase plays on the
/// other channel of the same stream. The stream throws away what its server has queued (the
/// old readout's samples and Black's beside them, 30-60 ms) and the mixer renders again from
/// where the server stopped, so Black's phrase is heard whole: none of it lost with the
/// queue, none of it played twice. (A silence may show where the server ran dry until the new
/// samples came: it rewinds its sink over it, but a monitor keeps what it recorded before the
/// rewind. Its length is the time this debug build takes to render again: 72 frames once, up
/// to 301 with the limiter in the mix, so up to 10 ms is allowed; the fault this catches lost
/// 30-60 ms of the phrase, which the count of frames heard finds whatever the silence.)
fn readout_cutting_a_readout_leaves_the_others_phrase_whole(audio: &AudioOut, recorder: &Recorder) {
    let phrase = tone(300.0, 0.3, 1.0);
    for round in 0..3 {
        recorder.take();
        audio.speak(Listener::Black, phrase.clone(), Priority::Readout);
        audio.speak(Listener::White, tone(200.0, 0.3, 1.0), Priority::Readout);
        assert!(wait_until(Duration::from_secs(2), || audio.is_playing(Listener::White)));
        std::thread::sleep(Duration::from_millis(300 + 70 * round));
        audio.speak(Listener::White, tone(250.0, 0.3, 0.2), Priority::Readout);
        settle(audio, Listener::Black);
        let (left, right) = channels(&recorder.take());
        assert!(onset(&left, SOUND).is_some(), "round {round}: White heard");
        let start = onset(&right, SOUND).expect("Black's phrase heard");
        let end = offset(&right, SOUND).unwrap_or(start);
        let (heard, silences) = frames_heard(&right, start, end);
        let silent: usize = silences.iter().map(|(_, len)| len).sum();
        assert!(
            heard.abs_diff(phrase.samples.len()) < 64 && silent < RATE as usize / 100,
            "round {round}: Black's phrase beside White's cut: {heard} of {} frames, silences {silences:?}",
            phrase.samples.len()
        );
    }
}

/// The sink input the server lists with `media.name` `name`, by its number.
fn sink_input_named(name: &str) -> Option<String> {
    let listing = std::process::Command::new("pactl")
        .args(["list", "sink-inputs"])
        .output()
        .expect("pactl (install pulseaudio-utils)");
    let text = String::from_utf8_lossy(&listing.stdout);
    let wanted = format!("media.name = \"{name}\"");
    let mut input = None;
    for line in text.lines() {
        if let Some(number) = line.strip_prefix("Sink Input #") {
            input = Some(number.trim().to_owned());
        } else if line.trim() == wanted {
            return input;
        }
    }
    None
}

/// Black's readout stays whole whatever White's cue stream beside it does (opens for a click,
/// wakes for the next, is killed at the server, reopens), at several offsets inside the
/// readout. Each of those is work for the server's main thread, which relays the readout's
/// periods too: on a busy machine the readout used to fall silent for 1–11 ms after a click
/// (the cue stream running dry, then resting, 20 ms before the readout's next period was
/// due). The cue stream is no longer closed while the readout plays: the server lists the
/// same sink input for it from the first click until it is killed.
fn readout_whole_through_the_cue_streams_transitions(
    server: &PulseServer,
    audio: &AudioOut,
    recorder: &Recorder,
) {
    let phrase = tone(300.0, 0.5, 4.0);
    let mut broken = Vec::new();
    for round in 0..3u64 {
        // Both streams rest first, so that the first click opens the cue stream.
        std::thread::sleep(IDLE_AFTER + Duration::from_millis(600));
        recorder.take();
        audio.speak(Listener::Black, phrase.clone(), Priority::Readout);
        assert!(wait_until(Duration::from_secs(2), || audio.is_playing(Listener::Black)));
        let pause = |ms: u64| std::thread::sleep(Duration::from_millis(ms));
        pause(150 + 37 * round);
        audio.cue(Listener::White, Cue::Click); // opens the cue stream
        pause(100);
        let opened = sink_input_named("talkclock cues");
        // Longer than a rest takes (0.3 s after the click, found within 0.25 s).
        pause(800);
        audio.cue(Listener::White, Cue::Click); // wakes it
        pause(100);
        let woken = sink_input_named("talkclock cues");
        if opened.is_none() || opened != woken {
            broken.push(format!(
                "round {round}: the cue stream was closed during the readout \
                 (sink input {opened:?} after the first click, {woken:?} after the second)"
            ));
        }
        if let Some(input) = woken {
            let answer = server.command(&format!("kill-sink-input {input}"));
            assert_eq!(answer, Ok(String::new()), "kill-sink-input {input}");
        }
        pause(400);
        audio.cue(Listener::White, Cue::Click); // on the reopened stream, or the first
        pause(700);
        audio.cue(Listener::White, Cue::Click);
        settle(audio, Listener::Black);
        let (_, right) = channels(&recorder.take());
        let start = onset(&right, SOUND).expect("Black's readout heard");
        let end = offset(&right, SOUND).unwrap_or(start);
        let (heard, silences) = frames_heard(&right, start, end);
        eprintln!("transitions round {round}: {heard} frames heard, silences {silences:?}");
        if heard.abs_diff(phrase.samples.len()) >= 64 || !silences.is_empty() {
            broken.push(format!(
                "round {round}: {heard} of {} frames heard, silences (start, frames) {silences:?}",
                phrase.samples.len()
            ));
        }
    }
    // The cue stream killed in the last round had clicks queued: once woken, it was never
    // asked for samples again, and the device takes it for lost (after 3 s without progress)
    // and reopens it. White's clicks are heard again (they never were, before: a killed stream
    // that had been waiting looked alive).
    let since = Instant::now();
    let mut heard_again = None;
    while heard_again.is_none() && since.elapsed() < Duration::from_secs(8) {
        recorder.take();
        audio.cue(Listener::White, Cue::Click);
        std::thread::sleep(Duration::from_millis(300));
        let (left, _) = channels(&recorder.take());
        if peak(&left) > 0.4 * bus() {
            heard_again = Some(since.elapsed());
        }
    }
    eprintln!("clicks heard again {heard_again:?} after the transitions");
    assert!(
        heard_again.is_some(),
        "White's clicks never heard again after his cue stream was killed"
    );
    assert!(
        broken.is_empty(),
        "Black's readout beside the cue stream: {broken:?}"
    );
}

/// Pairs of clicks, White's then Black's 62 ms later, each pair after a rest: the first click
/// starts a stream, the second finds one that stopped asking for samples once the first was
/// sent. Every click reaches the sink whole (the same peak as a click on a running stream):
/// a stream start that took the head off the 2-ms click (its peak is 0.1 ms in) made it up to
/// 1.7 dB quieter, below the bench's −20 dBFS, which read as a click never heard.
fn click_head_not_cut_at_stream_start(audio: &AudioOut, recorder: &Recorder) {
    let whole = peak_of_whole_click(audio, recorder);
    for pair in 0..6 {
        std::thread::sleep(IDLE_AFTER + Duration::from_millis(400));
        recorder.take();
        audio.cue(Listener::White, Cue::Click);
        std::thread::sleep(Duration::from_millis(62));
        audio.cue(Listener::Black, Cue::Click);
        std::thread::sleep(Duration::from_millis(300));
        let (left, right) = channels(&recorder.take());
        for (ear, samples) in [("White", &left), ("Black", &right)] {
            let got = peak(samples);
            assert!(
                (got - whole).abs() < 0.01 * whole,
                "pair {pair}: {ear}'s click peaked at {got}, a whole one at {whole}"
            );
        }
    }
}

/// The click's peak on a running stream (behind a readout that is still playing).
fn peak_of_whole_click(audio: &AudioOut, recorder: &Recorder) -> f32 {
    // 1.2 s: still playing when the click comes 0.2 s in, with a second to spare.
    audio.speak(Listener::Black, tone(100.0, 0.01, 1.2), Priority::Readout);
    assert!(wait_until(Duration::from_secs(2), || audio.is_playing(Listener::Black)));
    std::thread::sleep(Duration::from_millis(200));
    recorder.take();
    audio.cue(Listener::White, Cue::Click);
    std::thread::sleep(Duration::from_millis(200));
    let (left, _) = channels(&recorder.take());
    settle(audio, Listener::Black);
    let whole = peak(&left);
    assert!(whole > 0.05, "click on a running stream heard ({whole})");
    whole
}

/// Request → first sound at the monitor for `trials` clicks; returns milliseconds.
fn measure(audio: &AudioOut, recorder: &Recorder, trials: usize) -> Vec<f64> {
    let mut latencies = Vec::new();
    for _ in 0..trials {
        std::thread::sleep(Duration::from_millis(150));
        recorder.take();
        let asked = Instant::now();
        audio.cue(Listener::White, Cue::Click);
        let mut chunks = Vec::new();
        let heard = wait_until(Duration::from_secs(3), || {
            chunks.extend(recorder.take());
            first_sound_time(&chunks, SOUND).is_some()
        });
        assert!(heard, "click never reached the sink");
        if let Some(at) = first_sound_time(&chunks, SOUND) {
            latencies.push(at.saturating_duration_since(asked).as_secs_f64() * 1_000.0);
        }
    }
    latencies
}

fn latency_table(recorder: &Recorder) -> String {
    let mut table =
        String::from("host=pulse (talkclock's own stream), 48 kHz stereo f32, click cue\n");
    for buffer in [240, 480, 960, 2048] {
        let audio = start(buffer);
        std::thread::sleep(Duration::from_millis(300));
        let ms = measure(&audio, recorder, 40);
        audio.shutdown();
        table += &format!(
            "buffer {buffer:>4} frames: p50 {:6.1} ms  p99 {:6.1} ms  max {:6.1} ms  (n={})\n",
            percentile(&ms, 50.0),
            percentile(&ms, 99.0),
            percentile(&ms, 100.0),
            ms.len()
        );
    }
    table
}

fn survives_server_restart(server: &mut PulseServer, recorder: Recorder) {
    let audio = start(DEFAULT_BUFFER_FRAMES);
    recorder.stop();
    server.kill();
    let asked = Instant::now();
    audio.speak(Listener::White, tone(440.0, 0.5, 0.2), Priority::Readout);
    audio.cue(Listener::Black, Cue::Buzz);
    assert!(
        asked.elapsed() < Duration::from_millis(100),
        "caller not blocked"
    );
    assert!(
        wait_until(Duration::from_secs(10), || !audio.all_devices_open()),
        "loss noticed"
    );
    server.relaunch().expect("relaunch the private pulseaudio");
    let recorder = Recorder::start().expect("parec on the sink monitor");
    assert!(
        wait_until(Duration::from_secs(20), || audio.all_devices_open()),
        "stream rebuilt after the server came back"
    );
    recorder.take();
    audio.speak(Listener::White, tone(440.0, 0.5, 0.2), Priority::Readout);
    settle(&audio, Listener::White);
    let (left, _) = channels(&recorder.take());
    assert!(peak(&left) > 0.45 * bus(), "sound after the rebuild");
    audio.shutdown();
    recorder.stop();
}

#[test]
fn pulse_realtime_output() {
    common::init_logging();
    let dir = tempfile::tempdir().expect("tempdir");
    let mut server = PulseServer::start(dir.path()).expect("private pulseaudio");
    let recorder = Recorder::start().expect("parec on the sink monitor");

    let list = devices(HostKind::Pulse).expect("pulse devices");
    assert!(
        list.iter().any(|d| d.id == common::SINK && d.is_default),
        "{list:?}"
    );

    sinks_opened_by_the_names_devices_lists(&list);

    let audio = start(DEFAULT_BUFFER_FRAMES);
    routing(&audio, &recorder, Duration::from_millis(500));
    // Long enough for the stream to rest (closed): the phrase after it is whole too.
    routing(&audio, &recorder, IDLE_AFTER + Duration::from_secs(1));
    phrases_after_rests_are_whole(&audio, &recorder, 8);
    flag_preempts_readout(&audio, &recorder);
    click_not_delayed_by_speech(&audio, &recorder);
    click_beside_the_others_phrase_leaves_both_whole(&audio, &recorder);
    readout_cutting_a_readout_leaves_the_others_phrase_whole(&audio, &recorder);
    readout_whole_through_the_cue_streams_transitions(&server, &audio, &recorder);
    click_head_not_cut_at_stream_start(&audio, &recorder);
    audio.shutdown();

    let table = latency_table(&recorder);
    eprintln!("{table}");
    let report = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("latency-pulse.txt");
    std::fs::write(&report, &table).expect("write latency report");

    survives_server_restart(&mut server, recorder);
}

//! Mixing that never clips, on every layout (one speaker for all, a stereo pair of earpieces,
//! the arbiter on a device of his own), through real cpal/ALSA output into the `file` plugin
//! over `null` (exact samples): an announcement to all is one playback on each channel that
//! hears it, sample for sample; a loud overlap on a shared speaker is limited to −1 dBFS; a
//! lone readout plays at its configured level on every layout; a stream that rested plays the
//! next sound from its first sample. (A whole game through the real daemon:
//! `tests/audio/audio_layouts_game.rs`.) ALSA reads its configuration once per process: one
//! test, its steps in order.

mod common;

use std::path::Path;
use std::time::Duration;

use common::alsa_file::{layouts, recording, write_asoundrc};
use common::{deinterleave, offset, onset, peak, tone, wait_until};
use talkclock::announce::voices::Voices;
use talkclock::audio::headroom::HEADROOM_PEAK;
use talkclock::audio::{
    gain_for_step, AudioConfig, AudioOut, Pcm, Priority, IDLE_AFTER, VOLUME_STEP_DB,
};
use talkclock::hearing::{Cue, Listener};
use talkclock::speech::{phrase, Announcement, Lang, Side};
use talkclock_harness::loudness::{integrated_lufs, true_peak_db};

fn clear(out: &Path) {
    for file in std::fs::read_dir(out).expect("out dir") {
        let _ = std::fs::remove_file(file.expect("entry").path());
    }
}

fn start(config: &AudioConfig) -> AudioOut {
    let audio = AudioOut::start(config.clone()).expect("valid config");
    assert!(
        wait_until(Duration::from_secs(10), || audio.all_devices_open()),
        "ALSA streams did not open"
    );
    audio
}

/// Plays `pcm` to `to` on a fresh output for `config`; returns each device's recording.
fn play(out: &Path, config: &AudioConfig, to: Listener, pcm: &Pcm) -> Vec<(String, Vec<f32>)> {
    clear(out);
    let audio = start(config);
    audio.speak(to, pcm.clone(), Priority::Warning);
    audio.shutdown();
    assert_eq!(audio.limited_samples(), 0, "a lone sound is never limited");
    config
        .devices()
        .into_iter()
        .map(|d| {
            let samples = recording(out, &d, config.sample_rate);
            (d, samples)
        })
        .collect()
}

/// Channel `channel` of a stereo recording.
fn channel(samples: &[f32], channel: u16) -> Vec<f32> {
    let (left, right) = deinterleave(samples);
    if channel == 0 {
        left
    } else {
        right
    }
}

/// The sound in `samples` from its first non-zero sample, trailing silence checked and cut.
fn sound(samples: &[f32], len: usize, what: &str) -> Vec<f32> {
    let Some(start) = onset(samples, 0.0) else {
        return Vec::new();
    };
    assert!(samples.len() >= start + len, "{what}: recording too short");
    assert!(
        samples[start + len..].iter().all(|&s| s == 0.0),
        "{what}: sound after the end"
    );
    samples[start..start + len].to_vec()
}

/// On every layout, `All` is one playback on each channel that hears it: exactly what one
/// listener alone gets there (the PCM at the channel's bus gain), never the sum of copies.
fn all_is_one_playback_on_every_layout(out: &Path) {
    let phrase = tone(500.0, 0.891, 0.1);
    for (name, config) in layouts() {
        let all = play(out, &config, Listener::All, &phrase);
        for (device, samples) in &all {
            for ch in 0..2u16 {
                let what = format!("{name}: {device} channel {ch}");
                let hears = config
                    .routes
                    .iter()
                    .any(|r| &r.device == device && r.channels.contains(&ch));
                let got = sound(&channel(samples, ch), phrase.samples.len(), &what);
                if !hears {
                    assert!(got.is_empty(), "{what}: silent, nobody is routed there");
                    continue;
                }
                let gain = config.bus_gain(device, ch);
                let once: Vec<f32> = phrase.samples.iter().map(|s| s * gain).collect();
                assert!(got == once, "{what}: All is exactly one playback");
                // The same as a single listener routed there, alone.
                let listener = config
                    .routes
                    .iter()
                    .find(|r| &r.device == device && r.channels.contains(&ch))
                    .map(|r| r.listener)
                    .expect("routed");
                let alone = play(out, &config, listener, &phrase);
                let alone = alone.iter().find(|(d, _)| d == device).expect("device");
                let single = sound(&channel(&alone.1, ch), phrase.samples.len(), &what);
                assert!(
                    got == single,
                    "{what}: All is sample-identical to {listener:?} alone"
                );
            }
            eprintln!("{name}: {device}: All played once per channel");
        }
    }
}

/// One speaker for all: White at −3 dB and Black at +3 dB hear an announcement to all at
/// Black's level, the louder one (nobody hears it quieter than they set).
fn one_copy_plays_at_the_loudest_volume(out: &Path) {
    let (name, config) = layouts().remove(0);
    let phrase = tone(440.0, 0.5, 0.05);
    clear(out);
    let audio = start(&config);
    audio.set_gain_db(Listener::White, -VOLUME_STEP_DB);
    audio.set_gain_db(Listener::Black, VOLUME_STEP_DB);
    audio.speak(Listener::All, phrase.clone(), Priority::Warning);
    audio.shutdown();
    let samples = recording(out, "default", config.sample_rate);
    let louder = gain_for_step(1);
    let bus = config.bus_gain("default", 0);
    let expected: Vec<f32> = phrase.samples.iter().map(|s| s * louder * bus).collect();
    let got = sound(&channel(&samples, 0), expected.len(), name);
    assert!(got == expected, "{name}: the copy plays at Black's +3 dB");
}

/// The fault: sources were summed and then clamped to ±1. White's readout and an arbiter
/// notice at once, each peaking at −1 dBFS like the voice packs, plus a click, on one
/// speaker, summed to 2.3 and were clipped flat at full scale. The bus keeps room for one
/// utterance and a click; the limiter lowers what overlaps past that to −1 dBFS.
fn loud_overlap_on_a_shared_speaker_stays_below_full_scale(out: &Path) {
    let (name, config) = layouts().remove(0);
    let readout = tone(300.0, 0.891, 0.3);
    let notice = tone(300.0, 0.891, 0.3);
    clear(out);
    let audio = start(&config);
    audio.speak(Listener::White, readout, Priority::Readout);
    audio.speak(Listener::Arbiter, notice, Priority::Warning);
    audio.cue(Listener::White, Cue::Click);
    audio.shutdown();
    let samples = recording(out, "default", config.sample_rate);
    let loudest = peak(&samples);
    eprintln!("{name}: readout + arbiter notice + click peak at {loudest}");
    assert!(loudest > 0.1, "{name}: the overlap was played");
    assert!(
        loudest <= HEADROOM_PEAK,
        "{name}: peak {loudest} at most −1 dBFS"
    );
    let (left, _) = deinterleave(&samples);
    let true_peak = true_peak_db(&left);
    // Whether the limiter had to act depends on how far apart the two tones started (in
    // phase they sum to 1.06 and are lowered; a quarter period apart to 0.75, CI of 6365b9a):
    // what holds either way is the ceiling.
    assert!(true_peak <= -0.5, "{name}: true peak {true_peak:.2} dBTP");
}

/// A stream that rested (closed after nothing played for `IDLE_AFTER`) plays the next sound
/// from its first sample, on every layout, and still counts as open meanwhile.
fn a_rested_stream_plays_the_next_sound_from_its_first_sample(out: &Path) {
    let first = tone(440.0, 0.5, 0.05);
    let second = tone(660.0, 0.5, 0.05);
    for (name, config) in layouts() {
        clear(out);
        let audio = start(&config);
        audio.speak(Listener::All, first.clone(), Priority::Warning);
        std::thread::sleep(IDLE_AFTER + Duration::from_millis(800));
        assert!(
            audio.all_devices_open(),
            "{name}: a resting stream counts as open"
        );
        audio.speak(Listener::All, second.clone(), Priority::Warning);
        audio.shutdown();
        for device in config.devices() {
            let left = channel(&recording(out, &device, config.sample_rate), 0);
            let gain = config.bus_gain(&device, 0);
            for (i, pcm) in [&first, &second].into_iter().enumerate() {
                let expected: Vec<f32> = pcm.samples.iter().map(|s| s * gain).collect();
                let found = left.windows(expected.len()).any(|w| w == &expected[..]);
                assert!(
                    found,
                    "{name}: {device}: sound {i} played whole, first sample on"
                );
            }
        }
    }
}

/// The fault (issue 37): the bus kept static headroom for every listener routed to a channel
/// speaking at once, so a lone readout on the embedded default's speaker (three listeners)
/// played 9.5 dB below the same readout in an earpiece (−36.3 LUFS against −26.8 here). A lone
/// readout (the voice pack's "White: forty-seven minutes thirteen seconds") now plays at the
/// level configured for it on every layout: its integrated loudness (EBU R128) where its
/// listener hears it within 1 LU of the rendered readout's own at `speech_volume` times the
/// bus's fixed room for one click (−4.5 dB with the defaults).
fn a_lone_readout_plays_at_its_configured_level_on_every_layout(out: &Path) {
    let voices = Voices::load(Path::new("voices")).expect("the voice packs");
    let pcm = voices
        .render(
            Lang::En,
            &phrase(
                Lang::En,
                &Announcement::TimeReadout {
                    side: Side::White,
                    remaining_ms: 47 * 60_000 + 13_000,
                    moves_made: None,
                    moves_to_control: None,
                },
            ),
        )
        .expect("the readout renders");
    let level = integrated_lufs(&pcm.samples, pcm.rate).expect("the readout has a level");
    for (name, config) in layouts() {
        let mut heard = vec![(Listener::White, "default")];
        if config
            .route(Listener::Arbiter)
            .is_some_and(|r| r.device == "arbiter")
        {
            heard.push((Listener::Arbiter, "arbiter"));
        }
        for (listener, device) in heard {
            let recorded = play(out, &config, listener, &pcm);
            let samples = &recorded
                .iter()
                .find(|(d, _)| d == device)
                .expect("the listener's device")
                .1;
            // The readout alone, from its first sample to its last, so that the 400 ms
            // blocks of the measure fall on it as on the rendered readout.
            let left = channel(samples, 0);
            let (from, to) = (onset(&left, 0.0), offset(&left, 0.0));
            let (Some(from), Some(to)) = (from, to) else {
                panic!("{name}: {listener:?}'s readout was not heard");
            };
            let got = integrated_lufs(&left[from..=to], config.sample_rate).expect("heard");
            let gain = config.bus_gain(device, 0) * config.speech_volume;
            let configured = level + 20.0 * f64::from(gain).log10();
            eprintln!(
                "{name}: {listener:?}'s readout at {got:.2} LUFS; configured {configured:.2} \
                 LUFS (rendered {level:.2}, gain {gain:.3})"
            );
            assert!(
                (got - configured).abs() <= 1.0,
                "{name}: {listener:?}'s lone readout at {got:.2} LUFS, configured {configured:.2}"
            );
        }
    }
}

#[test]
fn layouts_through_the_alsa_file_device() {
    common::init_logging();
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("out");
    std::fs::create_dir_all(&out).expect("out dir");
    write_asoundrc(dir.path(), &out, "null");
    std::env::set_var("XDG_CONFIG_HOME", dir.path());
    std::env::remove_var("PULSE_SERVER");

    a_lone_readout_plays_at_its_configured_level_on_every_layout(&out);
    loud_overlap_on_a_shared_speaker_stays_below_full_scale(&out);
    all_is_one_playback_on_every_layout(&out);
    one_copy_plays_at_the_loudest_volume(&out);
    a_rested_stream_plays_the_next_sound_from_its_first_sample(&out);
}

//! Real cpal/ALSA output into the `file` plugin over `null` (exact, ~2000× real time),
//! selected with a private `XDG_CONFIG_HOME/alsa/asoundrc`. One test with sequential steps,
//! because ALSA reads its configuration once per process.

mod common;

use std::path::Path;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use common::{deinterleave, onset, tone, wait_until, RATE};
use talkclock::audio::{devices, AudioConfig, AudioOut, HostKind, Priority, Route, VOLUME_STEP_DB};
use talkclock::hearing::Listener;

fn write_asoundrc(config_home: &Path, out: &Path) {
    let pcm = |name: &str, hint: &str| {
        format!(
            "pcm.{name} {{\n  type file\n  slave.pcm \"null\"\n  file \"{}/{}-%r-%c-%f.raw\"\n  \
             format \"raw\"\n  hint {{ show on description \"{hint}\" }}\n}}\n",
            out.display(),
            name.trim_start_matches('!'),
        )
    };
    let alsa = config_home.join("alsa");
    std::fs::create_dir_all(&alsa).expect("alsa dir");
    let text =
        pcm("!default", "talkclock test players") + &pcm("arbiter", "talkclock test arbiter");
    std::fs::write(alsa.join("asoundrc"), text).expect("asoundrc");
}

/// Raw little-endian f32 samples, as the `file` plugin writes them.
fn f32_samples(bytes: &[u8]) -> Vec<f32> {
    bytes
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}

/// Where device `name` writes its recording (the asoundrc's `file` pattern).
fn recording_path(out: &Path, name: &str) -> std::path::PathBuf {
    out.join(format!("{name}-{RATE}-2-FLOAT_LE.raw"))
}

fn read_f32(path: &Path) -> Vec<f32> {
    f32_samples(&std::fs::read(path).unwrap_or_else(|e| panic!("read {path:?}: {e}")))
}

fn recording(out: &Path, name: &str) -> Vec<f32> {
    read_f32(&recording_path(out, name))
}

fn start(config: AudioConfig) -> AudioOut {
    let audio = AudioOut::start(config).expect("valid config");
    assert!(
        wait_until(Duration::from_secs(10), || audio.all_devices_open()),
        "ALSA streams did not open"
    );
    audio
}

fn config() -> AudioConfig {
    let mut config = AudioConfig::stereo_pair("default");
    config.host = HostKind::Alsa;
    config.routes.push(Route {
        listener: Listener::Arbiter,
        device: "arbiter".into(),
        channels: vec![0],
    });
    config
}

/// Each clip of `expected` plays exactly, in order, each starting at the next non-silent
/// sample (silence between clips is allowed), and only silence follows.
fn assert_sequence(channel: &[f32], expected: &[&[f32]], what: &str) {
    let mut end = 0;
    for (i, clip) in expected.iter().enumerate() {
        // A clip's own leading and trailing zero samples (a voice-pack clip fades in from
        // exactly 0) are silence too.
        let first = clip.iter().position(|&s| s != 0.0).unwrap_or(clip.len());
        let last = clip
            .iter()
            .rposition(|&s| s != 0.0)
            .map_or(first, |l| l + 1);
        let clip = &clip[first..last];
        let start =
            end + onset(&channel[end..], 0.0).unwrap_or_else(|| panic!("{what}: clip {i} missing"));
        end = start + clip.len();
        assert!(channel.len() >= end, "{what}: recording too short");
        assert!(channel[start..end] == *clip, "{what}: clip {i} differs");
    }
    assert!(
        channel[end..].iter().all(|&s| s == 0.0),
        "{what}: sound after the end"
    );
}

fn assert_exactly(channel: &[f32], expected: &[f32], what: &str) {
    assert_sequence(channel, &[expected], what);
}

/// `pcm` as the bus of `device`'s `channel` under `config` plays it (the headroom rule's fixed
/// gain; see `talkclock::audio::headroom`).
fn on_bus(
    config: &AudioConfig,
    device: &str,
    channel: u16,
    pcm: &talkclock::audio::Pcm,
) -> Vec<f32> {
    let gain = config.bus_gain(device, channel);
    pcm.samples.iter().map(|s| s * gain).collect()
}

fn routing_and_order(out: &Path) {
    let a = tone(440.0, 0.5, 0.1);
    let c = tone(880.0, 0.4, 0.1);
    let b = tone(660.0, 0.25, 0.15);
    let d = tone(550.0, 0.3, 0.05);
    let audio = start(config());
    audio.speak(Listener::White, a.clone(), Priority::Warning);
    audio.speak(Listener::White, c.clone(), Priority::Warning);
    audio.speak(Listener::Black, b.clone(), Priority::Warning);
    audio.speak(Listener::Arbiter, d.clone(), Priority::Warning);
    audio.shutdown();

    let cfg = config();
    let (left, right) = deinterleave(&recording(out, "default"));
    assert_sequence(
        &left,
        &[
            &on_bus(&cfg, "default", 0, &a),
            &on_bus(&cfg, "default", 0, &c),
        ],
        "White on the left: A then C",
    );
    assert_exactly(
        &right,
        &on_bus(&cfg, "default", 1, &b),
        "Black on the right",
    );
    let (arb_left, arb_right) = deinterleave(&recording(out, "arbiter"));
    assert_exactly(
        &arb_left,
        &on_bus(&cfg, "arbiter", 0, &d),
        "arbiter card, left",
    );
    assert!(
        arb_right.iter().all(|&s| s == 0.0),
        "arbiter card right is silent"
    );
}

fn white_only_leaves_black_silent(out: &Path) {
    let audio = start(config());
    audio.speak(Listener::White, tone(440.0, 0.5, 0.2), Priority::Readout);
    audio.shutdown();
    let (left, right) = deinterleave(&recording(out, "default"));
    assert!(onset(&left, 0.2).is_some(), "White heard");
    assert!(
        right.iter().all(|&s| s == 0.0),
        "Black's channel exactly silent"
    );
}

/// A recording the test reads through a named pipe as the device writes it, and can hold
/// back: once the first sound arrives, the reader stops reading until [`HeldRecording::release`],
/// so the pipe fills and the device's writes (and with them the audio callback) wait. What
/// plays on a device that consumes ~2000x faster than real time then no longer depends on how
/// quickly this thread gets to its next step.
struct HeldRecording {
    release: std::sync::mpsc::Sender<()>,
    finished: Arc<AtomicBool>,
    reader: std::thread::JoinHandle<Vec<u8>>,
    path: std::path::PathBuf,
}

impl HeldRecording {
    /// Puts a named pipe where the device `name` writes its recording, and starts reading it.
    fn start(out: &Path, name: &str) -> Self {
        let path = recording_path(out, name);
        let _ = std::fs::remove_file(&path);
        let made = std::process::Command::new("mkfifo")
            .arg(&path)
            .status()
            .expect("run mkfifo");
        assert!(made.success(), "mkfifo {path:?}: {made}");
        let (release, released) = std::sync::mpsc::channel::<()>();
        let finished = Arc::new(AtomicBool::new(false));
        let done = Arc::clone(&finished);
        let fifo = path.clone();
        let reader = std::thread::spawn(move || {
            use std::io::Read;
            let mut bytes = Vec::new();
            let mut held = false;
            let mut buf = vec![0u8; 1 << 16];
            // Blocks until the device opens the pipe; each reopen after a rest is read on.
            let mut pipe = std::fs::File::open(&fifo).expect("open the pipe");
            loop {
                let n = pipe.read(&mut buf).expect("read the pipe");
                if n == 0 {
                    // No writer: the stream rests between sounds, or has been shut down.
                    if done.load(Ordering::SeqCst) {
                        return bytes;
                    }
                    std::thread::sleep(Duration::from_millis(1));
                    continue;
                }
                bytes.extend_from_slice(&buf[..n]);
                if !held && buf[..n].iter().any(|&b| b != 0) {
                    held = true;
                    released.recv().expect("the test releases the pipe");
                }
            }
        });
        HeldRecording {
            release,
            finished,
            reader,
            path,
        }
    }

    /// Lets the reader read on, to the end of the recording.
    fn release(&self) {
        self.release.send(()).expect("the reader waits");
    }

    /// After the device has closed for good: the whole recording, as samples.
    fn finish(self) -> Vec<f32> {
        self.finished.store(true, Ordering::SeqCst);
        let bytes = self.reader.join().expect("the pipe's reader");
        std::fs::remove_file(&self.path).expect("remove the pipe");
        f32_samples(&bytes)
    }
}

fn flag_preempts_readout(out: &Path) {
    // A 10 s readout, cut by a flag. The recording is held once the readout's first samples
    // arrive, until the flag is in the mixer: the device cannot run through the readout
    // before the flag comes, however late this thread gets to queue it. (Before it was held,
    // a 120 s readout at the null device's ~2000x was gone in 60 ms, and on a busy machine
    // sometimes played whole before the flag was queued: `the readout was cut` failed.)
    let readout = tone(300.0, 0.3, 10.0);
    let flag = tone(1_000.0, 0.7, 0.2);
    let held = HeldRecording::start(out, "default");
    let audio = start(config());
    audio.speak(Listener::White, readout.clone(), Priority::Readout);
    assert!(
        wait_until(Duration::from_secs(5), || audio.is_playing(Listener::White)),
        "readout never started"
    );
    audio.speak(Listener::All, flag.clone(), Priority::Flag);
    assert!(
        audio.handed_over(Duration::from_secs(5)),
        "the flag reached the mixer"
    );
    held.release();
    audio.shutdown();
    let recorded = held.finish();

    let cfg = config();
    let (flag_left, flag_right) = (
        on_bus(&cfg, "default", 0, &flag),
        on_bus(&cfg, "default", 1, &flag),
    );
    let readout_left = on_bus(&cfg, "default", 0, &readout);
    let (left, right) = deinterleave(&recorded);
    let flag_at = left
        .windows(flag_left.len())
        .position(|w| w == &flag_left[..])
        .expect("the flag plays in full on White's channel");
    let start = onset(&left, 0.0).expect("sound");
    let played = flag_at - start;
    assert!(played > 0, "the readout was playing when the flag came");
    assert!(played < readout.samples.len(), "the readout was cut");
    let fade = (RATE / 200) as usize;
    let exact = played.saturating_sub(fade);
    assert!(
        left[start..start + exact] == readout_left[..exact],
        "readout until the cut"
    );
    assert!(
        left[start..flag_at].iter().all(|s| s.abs() <= 0.3001),
        "only readout before flag"
    );
    let after = flag_at + flag_left.len();
    assert!(
        left[after..].iter().all(|&s| s == 0.0),
        "readout not resumed after the flag"
    );
    assert_exactly(&right, &flag_right, "All includes Black");
    eprintln!("readout played {played} frames before the flag cut it");
}

fn all_on_one_speaker_is_not_doubled(out: &Path) {
    let mut config = AudioConfig::single_speaker("default");
    config.host = HostKind::Alsa;
    let phrase = tone(500.0, 0.4, 0.1);
    let (once_left, once_right) = (
        on_bus(&config, "default", 0, &phrase),
        on_bus(&config, "default", 1, &phrase),
    );
    let audio = start(config);
    audio.speak(Listener::All, phrase.clone(), Priority::Warning);
    audio.shutdown();
    let (left, right) = deinterleave(&recording(out, "default"));
    assert_exactly(&left, &once_left, "All on a shared speaker, left, once");
    assert_exactly(&right, &once_right, "All on a shared speaker, right, once");
}

fn rms(samples: &[f32]) -> f64 {
    let sum: f64 = samples.iter().map(|&s| f64::from(s) * f64::from(s)).sum();
    (sum / samples.len().max(1) as f64).sqrt()
}

/// Plays `clip` to White alone at volume `step` on a fresh stream; returns the RMS of the
/// recorded clip on White's (left) channel, after checking Black's (right) stays silent.
fn recorded_rms_at_step(out: &Path, clip: &talkclock::audio::Pcm, step: i8) -> f64 {
    let audio = start(config());
    audio.set_gain_db(Listener::White, f32::from(step) * VOLUME_STEP_DB);
    audio.speak(Listener::White, clip.clone(), Priority::Warning);
    audio.shutdown();
    let (left, right) = deinterleave(&recording(out, "default"));
    assert!(
        right.iter().all(|&s| s == 0.0),
        "step {step}: Black's channel exactly silent"
    );
    let start = onset(&left, 0.0).unwrap_or_else(|| panic!("step {step}: White heard nothing"));
    let end = start + clip.samples.len();
    assert!(left.len() >= end, "step {step}: recording too short");
    assert!(
        left[end..].iter().all(|&s| s == 0.0),
        "step {step}: nothing after the clip"
    );
    rms(&left[start..end])
}

/// One step down is 3 dB quieter and one step up 3 dB louder, measured as the RMS of what
/// the ALSA file device recorded, each time on White's channel only.
fn volume_steps_are_3_db_apart_on_one_listener(out: &Path) {
    let clip = tone(440.0, 0.4, 0.25);
    let level = |step| recorded_rms_at_step(out, &clip, step);
    let (unity, down, up) = (level(0), level(-1), level(1));
    let source = rms(&on_bus(&config(), "default", 0, &clip));
    let db = |rms: f64| 20.0 * (rms / unity).log10();
    eprintln!(
        "volume: source RMS {source:.6}; recorded RMS step 0 {unity:.6}, step -1 {down:.6} \
         ({:+.4} dB), step +1 {up:.6} ({:+.4} dB)",
        db(down),
        db(up)
    );
    assert!(
        (unity - source).abs() < 1e-6,
        "step 0 plays as rendered, at the bus's fixed gain"
    );
    assert!(
        (db(down) + 3.0).abs() <= 0.1,
        "step -1: {:+.4} dB",
        db(down)
    );
    assert!((db(up) - 3.0).abs() <= 0.1, "step +1: {:+.4} dB", db(up));
}

fn lists_devices() {
    let list = devices(HostKind::Alsa).expect("ALSA devices");
    assert!(
        list.iter().any(|d| d.id == "arbiter"),
        "hinted PCM listed: {list:?}"
    );
}

#[test]
fn alsa_file_output() {
    common::init_logging();
    let dir = tempfile::tempdir().expect("tempdir");
    let out = dir.path().join("out");
    std::fs::create_dir_all(&out).expect("out dir");
    write_asoundrc(dir.path(), &out);
    std::env::set_var("XDG_CONFIG_HOME", dir.path());
    std::env::remove_var("PULSE_SERVER");

    lists_devices();
    routing_and_order(&out);
    white_only_leaves_black_silent(&out);
    flag_preempts_readout(&out);
    all_on_one_speaker_is_not_doubled(&out);
    volume_steps_are_3_db_apart_on_one_listener(&out);
    voice_pack_utterances_play_sample_for_sample(&out);
}

/// Real utterances from the committed voice packs, played at the packs' own rate so that no
/// resampling stands between them and the recording: White's Russian warning and then his
/// readout on the left, Black's English readout on the right, each exactly the rendered clips.
fn voice_pack_utterances_play_sample_for_sample(out: &Path) {
    use talkclock::announce::voices::{voices_dir, Voices};
    use talkclock::speech::{phrase, Announcement, Lang, Side};
    for file in std::fs::read_dir(out).expect("out dir") {
        let _ = std::fs::remove_file(file.expect("entry").path());
    }
    let voices = Voices::load(&voices_dir(None)).expect("the committed voice packs load");
    let render = |lang, a: &Announcement| voices.render(lang, &phrase(lang, a)).expect("render");
    let warning = render(
        Lang::Ru,
        &Announcement::Warning {
            side: Side::White,
            remaining_ms: 600_000,
            sudden_death: false,
        },
    );
    let readout = render(
        Lang::Ru,
        &Announcement::TimeReadout {
            side: Side::White,
            remaining_ms: 421_000,
            moves_made: None,
            moves_to_control: Some(3),
        },
    );
    let english = render(
        Lang::En,
        &Announcement::TimeReadout {
            side: Side::Black,
            remaining_ms: 59_000,
            moves_made: None,
            moves_to_control: None,
        },
    );
    let rate = warning.rate;
    assert_eq!(english.rate, rate, "both packs share one rate");
    let mut config = config();
    config.sample_rate = rate;
    let expected = (
        on_bus(&config, "default", 0, &warning),
        on_bus(&config, "default", 0, &readout),
        on_bus(&config, "default", 1, &english),
    );
    let audio = start(config);
    audio.speak(Listener::White, warning.clone(), Priority::Warning);
    audio.speak(Listener::White, readout.clone(), Priority::Warning);
    audio.speak(Listener::Black, english.clone(), Priority::Warning);
    audio.shutdown();
    let recorded = read_f32(&out.join(format!("default-{rate}-2-FLOAT_LE.raw")));
    let (left, right) = deinterleave(&recorded);
    assert_sequence(
        &left,
        &[&expected.0, &expected.1],
        "White: warning, then readout",
    );
    assert_exactly(
        &right,
        &expected.2,
        "Black: his readout, alone on the right",
    );
}

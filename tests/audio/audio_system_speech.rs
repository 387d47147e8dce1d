//! System speech through a private speech-dispatcher (espeak-ng module, audio to a private
//! PulseAudio null sink), recorded from the sink monitor; and the no-server case, which
//! must fail quickly instead of hanging or panicking.

use crate::common;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{first_sound_time, wait_until, ChildGuard, PulseServer, Recorder};
use talkclock::audio::{SystemSpeech, DEFAULT_SPEECH_RATE};

fn start_speechd(dir: &Path) -> ChildGuard {
    talkclock_harness::speechd::start(dir).expect("start speech-dispatcher (run install-deps.sh)")
}

fn no_server_fails_fast(dir: &Path) {
    let missing = dir.join("no-such-speechd.sock");
    std::env::set_var(
        "SPEECHD_ADDRESS",
        format!("unix_socket:{}", missing.display()),
    );
    let asked = Instant::now();
    let result = SystemSpeech::new("en", DEFAULT_SPEECH_RATE);
    eprintln!(
        "no server: {:?} after {:?}",
        result.as_ref().err(),
        asked.elapsed()
    );
    assert!(result.is_err(), "no speech server must be an error");
    assert!(asked.elapsed() < Duration::from_secs(8), "bounded wait");
}

#[test]
fn system_speech_through_speech_dispatcher() {
    let _sound = common::sound_lock();
    common::init_logging();
    let dir = tempfile::tempdir().expect("tempdir");
    std::env::set_var("XDG_RUNTIME_DIR", dir.path());
    no_server_fails_fast(dir.path());

    let _server = PulseServer::start(dir.path()).expect("private pulseaudio");
    let recorder = Recorder::start().expect("parec on the sink monitor");
    let mut speechd = start_speechd(dir.path());

    let opened = Instant::now();
    let speech = SystemSpeech::new("en", DEFAULT_SPEECH_RATE).expect("speech-dispatcher up");
    eprintln!("connected in {:?}", opened.elapsed());
    assert!(wait_until(Duration::from_secs(20), || speech
        .language()
        .is_some()));
    eprintln!("voice {:?} after {:?}", speech.language(), opened.elapsed());
    assert!(speech.language().is_some_and(|l| l.starts_with("en")));

    std::thread::sleep(Duration::from_millis(300));
    recorder.take();
    let asked = Instant::now();
    speech.speak("White, five minutes", false).expect("speak");
    let mut chunks = Vec::new();
    let heard = wait_until(Duration::from_secs(10), || {
        chunks.extend(recorder.take());
        first_sound_time(&chunks, 0.02).is_some()
    });
    assert!(heard, "speech-dispatcher produced no audio at the sink");
    if let Some(at) = first_sound_time(&chunks, 0.02) {
        eprintln!(
            "speech-dispatcher first sound after {:?}",
            at.saturating_duration_since(asked)
        );
    }
    drop(speech);
    speechd.stop();
    recorder.stop();
}

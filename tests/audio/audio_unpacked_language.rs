//! A language without a voice pack (German) through the clock's own audio path: a private
//! PulseAudio null sink (White's route its left channel, Black's its right), recorded from its
//! monitor, with a private speech-dispatcher running as on a player's machine. A German line
//! for White reaches his earpiece only, at his volume and his speech rate.

use crate::common;

use common::{channels, offset, onset, peak, record_utterance, PulseServer, Recorder};
use talkclock::announce::{Announcer, AnnouncerOptions, Item};
use talkclock::config::Config;
use talkclock::speech::{Announcement, Side};
use talkclock::table::Listener;

const CONFIG: &str = "\
mode = \"tournament\"
[[time_control.stage]]
time = \"5:00\"
[players.white]
vision = \"sighted\"
language = \"de\"
[players.black]
vision = \"sighted\"
language = \"en\"
";

/// White's time, said to him alone, in German.
fn readout() -> Item {
    Item::Private {
        at_ms: 0,
        listener: Listener::White,
        notice: Announcement::TimeReadout {
            side: Side::White,
            remaining_ms: 272_000,
            moves_made: None,
            moves_to_control: None,
        },
    }
}

/// White's readout as recorded: (his channel's peak, how long it sounded in seconds, the
/// other channel's peak).
fn said_to_white(announcer: &mut Announcer, recorder: &Recorder) -> (f32, f64, f32) {
    recorder.take();
    announcer.deliver(vec![readout()]);
    let (left, right) = channels(&record_utterance(recorder));
    let threshold = 0.01;
    let length = match (onset(&left, threshold), offset(&left, threshold)) {
        (Some(from), Some(to)) => (to - from) as f64 / f64::from(common::RATE),
        _ => 0.0,
    };
    (peak(&left), length, peak(&right))
}

/// The fault: German went to speech-dispatcher, which speaks to the system's default output,
/// so Black and the hall heard White's time, and White's volume and rate did not apply.
#[test]
fn unpacked_language_reached_every_ear() {
    let _sound = common::sound_lock();
    common::init_logging();
    let dir = tempfile::tempdir().expect("tempdir");
    std::env::set_var("XDG_RUNTIME_DIR", dir.path());
    let _pulse = PulseServer::start(dir.path()).expect("private pulseaudio");
    let recorder = Recorder::start().expect("parec on the sink monitor");
    let mut speechd =
        talkclock_harness::speechd::start(dir.path()).expect("speech-dispatcher (install-deps)");

    let config = Config::parse(CONFIG, "test").expect("the config parses");
    let mut options = AnnouncerOptions::speaking(&config);
    options.text = true;
    let mut announcer = Announcer::open(&options).expect("the announcer opens");

    let (loud, length, other) = said_to_white(&mut announcer, &recorder);
    eprintln!("German to White: peak {loud:.3}, {length:.2} s; Black's channel peak {other:.5}");
    assert!(
        loud > 0.05,
        "White's German readout is heard in his (left) earpiece: peak {loud}"
    );
    assert!(
        other < 1e-4,
        "Black's earpiece stays silent while White hears German: peak {other}"
    );

    // Four steps down: his route's gain, as for a pack's speech.
    announcer.deliver(vec![Item::Hearing {
        listener: Listener::White,
        volume_steps: -4,
        rate_offset: 0.0,
    }]);
    let (quiet, _, _) = said_to_white(&mut announcer, &recorder);
    let expected_db = 4.0 * talkclock::audio::VOLUME_STEP_DB;
    let heard_db = 20.0 * (loud / quiet.max(1e-6)).log10();
    eprintln!("four steps down: peak {quiet:.3} ({heard_db:.1} dB less, {expected_db} dB asked)");
    assert!(
        heard_db > expected_db / 2.0,
        "White's volume applies to German: {heard_db:.1} dB quieter, {expected_db} dB asked"
    );

    // Slower: espeak-ng's own rate, so the line lasts longer.
    announcer.deliver(vec![Item::Hearing {
        listener: Listener::White,
        volume_steps: 0,
        rate_offset: -0.8,
    }]);
    let (_, slow, other) = said_to_white(&mut announcer, &recorder);
    eprintln!("rate 0.8 lower: {slow:.2} s against {length:.2} s");
    assert!(
        slow > 1.4 * length,
        "White's speech rate applies to German: {slow:.2} s against {length:.2} s"
    );
    assert!(other < 1e-4, "Black's earpiece stays silent: peak {other}");

    announcer.shutdown();
    speechd.stop();
    recorder.stop();
}

//! The buttons a player is told about, through the real daemon on a private PulseAudio null
//! sink: `repeat` says the last announcement again into the same earpiece, `volume_down`
//! makes what follows 3 dB quieter, `rate_up` makes it shorter, and the journal keeps both.

use crate::common;
use crate::common_daemon;

use common::{channels, record_utterance, PulseServer, Recorder};
use std::time::Duration;
use talkclock::journal::{Journal, Record};

const CONFIG: &str = "\
mode = \"tournament\"
[[time_control.stage]]
time = \"5:00\"
[players.white]
vision = \"sighted\"
language = \"en\"
[players.black]
vision = \"sighted\"
language = \"en\"
[audio]
layout = \"stereo_pair\"
[[input.binding]]
device = \"terminal\"
button = \"t\"
action = \"time\"
side = \"white\"
[[input.binding]]
device = \"terminal\"
button = \"r\"
action = \"repeat\"
side = \"white\"
[[input.binding]]
device = \"terminal\"
button = \"d\"
action = \"volume_down\"
side = \"white\"
[[input.binding]]
device = \"terminal\"
button = \"f\"
action = \"rate_up\"
side = \"white\"
";

/// Energy and voiced length (samples above a floor) of one channel.
fn energy(samples: &[f32]) -> (f64, usize) {
    let e = samples.iter().map(|s| f64::from(*s) * f64::from(*s)).sum();
    let voiced = samples.iter().filter(|s| s.abs() > 1e-3).count();
    (e, voiced)
}

#[test]
fn repeat_volume_and_rate_buttons_work_through_the_real_daemon() {
    let _sound = common::sound_lock();
    let files = common_daemon::Files::new(CONFIG);
    let _pulse = PulseServer::start(files.dir.path()).expect("private pulseaudio");
    let recorder = Recorder::start().expect("parec on the sink monitor");
    let mut daemon = files.start(&["--text"]);
    let journal = &files.journal;
    let wait = Duration::from_secs(5);

    // White asks for his time: heard in his (left) earpiece only.
    daemon.key("t");
    assert!(
        daemon.wait_for_text("[white] White:", 1, wait),
        "{}",
        daemon.stdout()
    );
    let (first, first_right) = channels(&record_utterance(&recorder));
    let (e1, n1) = energy(&first);
    assert!(e1 > 1.0, "the readout is heard on the left: energy {e1}");
    assert_eq!(energy(&first_right).0, 0.0, "and nothing on the right");

    // Repeat: the same readout again, to him, at the same level.
    daemon.key("r");
    assert!(
        daemon.wait_for_text("[white] White:", 2, wait),
        "{}",
        daemon.stdout()
    );
    let (again, again_right) = channels(&record_utterance(&recorder));
    let (e2, _) = energy(&again);
    let db = 10.0 * (e2 / e1).log10();
    assert!(db.abs() < 0.3, "the repeat is the same readout: {db:.2} dB");
    assert_eq!(energy(&again_right).0, 0.0);

    // One step quieter: the confirmation, then the repeated readout 3 dB lower.
    daemon.key("d");
    assert!(
        daemon.wait_for_text("[white] Volume six", 1, wait),
        "{}",
        daemon.stdout()
    );
    record_utterance(&recorder);
    daemon.key("r");
    assert!(
        daemon.wait_for_text("[white] White:", 3, wait),
        "{}",
        daemon.stdout()
    );
    let (quiet, _) = channels(&record_utterance(&recorder));
    let (e3, _) = energy(&quiet);
    let step = 10.0 * (e3 / e1).log10();
    assert!(
        (step + 3.0).abs() < 0.3,
        "a volume step is -3 dB: {step:.2} dB"
    );

    // One step faster: the readout takes less time.
    daemon.key("f");
    assert!(
        daemon.wait_for_text("[white] Speech rate six", 1, wait),
        "{}",
        daemon.stdout()
    );
    record_utterance(&recorder);
    daemon.key("r");
    assert!(
        daemon.wait_for_text("[white] White:", 4, wait),
        "{}",
        daemon.stdout()
    );
    let (fast, _) = channels(&record_utterance(&recorder));
    let (_, n4) = energy(&fast);
    assert!(
        (n4 as f64) < 0.95 * n1 as f64,
        "a faster rate shortens the readout: {n4} voiced samples against {n1}"
    );
    daemon.terminate();

    // The journal keeps the listener's settings.
    let read = Journal::read(journal).unwrap();
    let last = read.records.iter().rev().find_map(|r| match r {
        Record::Preferences { volume, rate, .. } => Some((*volume, *rate)),
        _ => None,
    });
    assert_eq!(last, Some((-1, 1)));
}

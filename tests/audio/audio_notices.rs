//! The board's own notices (a press not recorded, the journal, the seal) are words no voice
//! pack holds: where the voice packs speak, the speech engine says them in the listener's
//! language, through his own route (issue 36, item 4). Before, such a notice was free text,
//! printed only unless the whole board spoke through the system speech engine.

use crate::common;

use common::{channels, peak, record_utterance, PulseServer, Recorder};
use talkclock::announce::{Announcer, AnnouncerOptions, Item};
use talkclock::config::Config;
use talkclock::speech::{Announcement, JournalTrouble};
use talkclock::table::{Audience, Listener};

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
";

#[test]
fn a_notice_no_voice_pack_holds_is_said_to_its_listener() {
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
    assert!(
        announcer.voice_languages().iter().any(|l| l.code() == "en"),
        "English speaks with its voice pack here"
    );

    recorder.take();
    announcer.deliver(vec![Item::Notice {
        audience: Audience::of(&[Listener::White]),
        notice: Announcement::Journal {
            trouble: JournalTrouble::NotRecorded,
        },
    }]);
    let (left, right) = channels(&record_utterance(&recorder));
    eprintln!(
        "notice to White: peak {:.3}; Black's channel peak {:.5}",
        peak(&left),
        peak(&right)
    );
    assert!(
        peak(&left) > 0.05,
        "White hears the notice in his (left) earpiece: peak {}",
        peak(&left)
    );
    assert!(
        peak(&right) < 1e-4,
        "Black's earpiece stays silent: peak {}",
        peak(&right)
    );

    announcer.shutdown();
    speechd.stop();
    recorder.stop();
}

//! Only the voice packs of the languages spoken are loaded: with a folder holding the Russian
//! and the English pack and everyone speaking English, only the English pack is decoded; a
//! listener switched to Russian (as the set-up menu does, by [`Item::Languages`]) has the
//! Russian pack loaded then.

use talkclock::announce::voices::{voices_dir, Voices};
use talkclock::announce::{Announcer, Item};
use talkclock::speech::{Lang, Languages, VoicePack};

fn lang(code: &str) -> Lang {
    Lang::from_code(code).expect("a language of the catalogues")
}

/// The fault: `Voices::load` decoded every pack in the folder at start, whichever language
/// the listeners spoke.
#[test]
fn every_pack_was_loaded_whatever_the_listeners_spoke() {
    let dir = voices_dir(None);
    let mut in_folder: Vec<Lang> = std::fs::read_dir(&dir)
        .expect("the voices folder")
        .filter_map(Result::ok)
        .filter(|e| e.path().join("pack.toml").is_file())
        .map(|e| VoicePack::language_of(e.path()).expect("a pack's manifest"))
        .collect();
    in_folder.sort_by_key(|l| l.code());
    assert!(
        in_folder.contains(&lang("en")) && in_folder.contains(&lang("ru")) && in_folder.len() >= 2,
        "the folder holds the English, the Russian and other packs: {in_folder:?}"
    );

    let (en, ru) = (lang("en"), lang("ru"));
    let english = Languages::new(en, en, en);
    let voices = Voices::load_for(&dir, 1.0, &english.spoken()).expect("the packs load");
    assert_eq!(
        voices.loaded(),
        vec![en],
        "everyone speaks English: only the English pack is loaded"
    );

    let mut announcer = Announcer::new(english, Some(voices), None, false, None);
    assert_eq!(announcer.voice_languages(), vec![en]);
    // The set-up menu switches White to Russian.
    announcer.deliver(vec![Item::Languages(Languages::new(ru, en, en))]);
    let mut loaded = announcer.voice_languages();
    loaded.sort_by_key(|l| l.code());
    assert_eq!(
        loaded,
        vec![en, ru],
        "White switched to Russian: its pack is loaded"
    );
}

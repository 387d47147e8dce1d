//! The committed voice packs load, hold every catalog clip, and render; a
//! broken copy fails with an error that names the file or key at fault.

use std::fs;
use std::path::{Path, PathBuf};

use talkclock::speech::mastering::{voiced_level_db, TARGET_LEVEL_DB};
use talkclock::speech::{
    clip_catalog, phrase, Announcement, Lang, PackError, Side, VoicePack, CLIP_CACHE_BYTES,
    COMMA_PAUSE_MS, FINAL_SUFFIX, SPACE_PAUSE_MS,
};

fn pack_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("voices")
        .join(name)
}

/// Every committed pack and its language.
fn packs() -> Vec<(&'static str, Lang)> {
    [
        ("ru-aleksandr-hq", "ru"),
        ("en-slt", "en"),
        ("uk-anatol", "uk"),
        ("pl-alicja", "pl"),
    ]
    .into_iter()
    .map(|(name, code)| (name, Lang::from_code(code).expect("a language")))
    .collect()
}

#[test]
fn committed_packs_hold_every_catalog_clip() {
    for (name, lang) in packs() {
        let pack = VoicePack::load(pack_dir(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(pack.lang(), lang);
        assert_eq!(pack.sample_rate(), 24_000);
        assert!(
            pack.engine().starts_with("RHVoice 1.14"),
            "{}",
            pack.engine()
        );
        assert!(!pack.attribution().is_empty());
        for (key, text) in clip_catalog(lang) {
            let samples = pack
                .clip(&key)
                .unwrap_or_else(|| panic!("{name}: no clip {key}"));
            // A spoken word lasts at least 0.1 s.
            assert!(samples.len() > 2_400, "{name}: {key} ({text}) is too short");
        }
        for file in ["LICENSE", "ATTRIBUTION"] {
            let text = fs::read_to_string(pack_dir(name).join(file)).unwrap_or_default();
            assert!(text.len() > 200, "{name}: {file} missing or short");
        }
    }
}

/// The goals for the clips themselves: every clip within ±1 dB of the pack's level
/// (RMS over voiced frames), with headroom, and no step from silence at either edge
/// (the first and last samples below −60 dBFS).
#[test]
fn every_clip_is_levelled_and_starts_and_ends_in_silence() {
    let edge = 10f32.powf(-60.0 / 20.0);
    for (name, lang) in packs() {
        let pack = VoicePack::load(pack_dir(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (mut lowest, mut highest) = (f32::MAX, f32::MIN);
        for (key, _) in clip_catalog(lang) {
            let samples = pack.clip(&key).expect("clip");
            let level = voiced_level_db(&samples, pack.sample_rate()).expect("not silent");
            lowest = lowest.min(level);
            highest = highest.max(level);
            assert!(
                (level - TARGET_LEVEL_DB).abs() <= 1.0,
                "{name}: {key} at {level:.2} dBFS, the pack's level is {TARGET_LEVEL_DB}"
            );
            let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!(peak < 0.89, "{name}: {key} peaks at {peak} (above -1 dBFS)");
            let (first, last) = (samples[0].abs(), samples[samples.len() - 1].abs());
            assert!(
                first < edge && last < edge,
                "{name}: {key} edges {first} and {last}"
            );
        }
        eprintln!("{name}: clip levels {lowest:.2} … {highest:.2} dBFS");
    }
}

/// A continuing recording is the first half of "phrase, phrase.": cut at the wrong pause it
/// would be a fragment or hold both halves, so it must be about as long as the final one.
#[test]
fn continuing_recordings_are_cut_at_the_comma() {
    for (name, lang) in packs() {
        let pack = VoicePack::load(pack_dir(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        for (key, _) in clip_catalog(lang) {
            let Some(base) = key.strip_suffix(FINAL_SUFFIX) else {
                continue;
            };
            let (Some(going_on), Some(ending)) = (pack.clip(base), pack.clip(&key)) else {
                continue;
            };
            let ratio = going_on.len() as f32 / ending.len() as f32;
            assert!(
                (0.7..=1.3).contains(&ratio),
                "{name}: {base} is {ratio:.2} times as long as {key}"
            );
        }
    }
}

/// The packs stay small enough to keep in the repository.
#[test]
fn packs_stay_small() {
    for (name, _) in packs() {
        let bytes: u64 = fs::read_dir(pack_dir(name))
            .expect("pack dir")
            .map(|e| e.expect("entry").metadata().expect("metadata").len())
            .sum();
        eprintln!("{name}: {bytes} bytes");
        assert!(bytes < 4_000_000, "{name}: {bytes} bytes");
    }
}

/// `side`'s time readout of 1 h 12 min.
fn readout_72_minutes(lang: Lang, side: Side) -> talkclock::speech::Utterance {
    phrase(
        lang,
        &Announcement::TimeReadout {
            side,
            remaining_ms: 72 * 60_000,
            moves_made: None,
            moves_to_control: None,
        },
    )
}

#[test]
fn render_joins_clips_with_pauses() {
    let pack = VoicePack::load(pack_dir("ru-aleksandr-hq")).expect("pack loads");
    // "Белые: один час двенадцать минут.": a comma pause, then a breath between phrases.
    let u = readout_72_minutes(Lang::Ru, Side::White);
    assert_eq!(u.clips, ["white_nom", ",", "c_hour_1", "c_min_12_end"]);
    let lens: usize = u.keys().map(|k| pack.clip(k).map_or(0, |c| c.len())).sum();
    let audio = pack.render(&u).expect("renders");
    let pauses = (COMMA_PAUSE_MS + SPACE_PAUSE_MS) as usize * 24;
    assert_eq!(audio.len(), lens + pauses, "pauses at 24 kHz");
    let fast = pack.clone().with_tempo(2.0);
    fast.warm();
    let twice = fast.render(&u).expect("renders");
    let stretched: usize = u.keys().map(|k| fast.clip(k).map_or(0, |c| c.len())).sum();
    assert_eq!(
        twice.len(),
        stretched + pauses / 2,
        "pauses halve at tempo 2"
    );
    let mut bad = u.clone();
    bad.clips.push("no_such_clip".into());
    let err = pack.render(&bad).expect_err("unknown clip").to_string();
    assert!(err.contains("no_such_clip"), "{err}");
}

/// Warming a pack of decoded recordings (a file per clip) at another tempo releases them
/// (half the memory at the default rate), and nothing a readout needs goes with them: the
/// same samples as before, while the pack as recorded and a pack at a third tempo made
/// before still say everything. (A pack kept compressed has nothing to release: see
/// `a_compressed_pack_holds_a_bounded_cache_of_ready_clips`.)
#[test]
fn warm_releases_recordings_without_losing_a_clip() {
    let tmp = wav_copy(&VoicePack::load(pack_dir("en-slt")).expect("pack loads"));
    let pack = VoicePack::load(tmp.path()).expect("the WAV copy loads");
    let u = readout_72_minutes(Lang::En, Side::Black);
    let other = pack.clone().with_tempo(1.5);
    let fast = pack.clone().with_tempo(1.32);
    let before = fast.render(&u).expect("renders");
    assert!(fast.warm(), "recordings released");
    assert!(!fast.clone().warm(), "a clone shares the release");
    assert_eq!(fast.render(&u).expect("renders after release"), before);
    assert!(
        pack.render(&u).is_ok_and(|a| !a.is_empty()),
        "the pack as recorded"
    );
    assert!(
        other.render(&u).is_ok_and(|a| !a.is_empty()),
        "another tempo"
    );
    // From the stretched clips: 1.32 × 1.5 is about as long as 1.98 from the recordings.
    let again = fast.clone().with_tempo(1.5).render(&u).expect("renders");
    let direct = pack.clone().with_tempo(1.98).render(&u).expect("renders");
    assert!(
        again.len().abs_diff(direct.len()) < direct.len() / 50,
        "{} vs {}",
        again.len(),
        direct.len()
    );
    let mut bad = u.clone();
    bad.clips.push("no_such_clip".into());
    assert!(
        fast.render(&bad).is_err(),
        "an unknown clip is still refused"
    );
}

/// A temporary copy of a committed pack.
fn copy_pack(name: &str) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("temp dir");
    for entry in fs::read_dir(pack_dir(name)).expect("pack dir") {
        let entry = entry.expect("entry");
        fs::copy(entry.path(), tmp.path().join(entry.file_name())).expect("copy");
    }
    tmp
}

#[test]
fn a_corrupt_audio_file_is_named() {
    let tmp = copy_pack("en-slt");
    fs::write(tmp.path().join("clips.ogg"), b"OggS not really a stream").expect("write");
    let err = VoicePack::load(tmp.path()).expect_err("corrupt audio");
    assert!(matches!(err, PackError::BadClip { .. }), "{err:?}");
    assert!(err.to_string().contains("clips.ogg"), "{err}");
}

/// A pack kept compressed is not decoded at load, so a damaged byte anywhere in its audio
/// must still fail the load (the Ogg pages' checksums), naming the file: never a clip that
/// fails when said.
#[test]
fn a_damaged_byte_inside_the_audio_file_is_named() {
    let tmp = copy_pack("en-slt");
    let path = tmp.path().join("clips.ogg");
    let mut bytes = fs::read(&path).expect("read");
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x5a;
    fs::write(&path, bytes).expect("write");
    let err = VoicePack::load(tmp.path()).expect_err("a damaged audio file");
    assert!(matches!(err, PackError::BadClip { .. }), "{err:?}");
    assert!(err.to_string().contains("clips.ogg"), "{err}");
}

#[test]
fn a_missing_audio_file_is_named() {
    let tmp = copy_pack("ru-aleksandr-hq");
    fs::remove_file(tmp.path().join("clips.ogg")).expect("remove");
    let err = VoicePack::load(tmp.path())
        .expect_err("missing file")
        .to_string();
    assert!(err.contains("clips.ogg"), "{err}");
}

/// Replaces `from` (which the fixture must hold) by `to` in the manifest of the pack in `dir`.
fn replace_in_manifest(dir: &Path, from: &str, to: &str) {
    let manifest = dir.join("pack.toml");
    let text = fs::read_to_string(&manifest).expect("read");
    assert!(text.contains(from), "fixture: the manifest holds {from:?}");
    fs::write(&manifest, text.replace(from, to)).expect("write");
}

/// Replaces the first `[[clip]]` entry of `key` in the manifest of the pack in `dir` by
/// what `edit` makes of it.
fn edit_entry(dir: &Path, key: &str, edit: impl Fn(&str) -> String) {
    let manifest = dir.join("pack.toml");
    let text = fs::read_to_string(&manifest).expect("read");
    let head = format!("\n[[clip]]\nkey = \"{key}\"\n");
    let start = text.find(&head).expect("fixture: entry present");
    let end = text[start + 1..]
        .find("\n[[clip]]")
        .map_or(text.len(), |i| start + 1 + i);
    let entry = &text[start..end];
    fs::write(&manifest, text.replace(entry, &edit(entry))).expect("write");
}

#[test]
fn a_catalog_key_absent_from_the_manifest_is_named() {
    let tmp = copy_pack("ru-aleksandr-hq");
    edit_entry(tmp.path(), "u_hour_few", |_| String::new());
    let err = VoicePack::load(tmp.path()).expect_err("missing key");
    assert!(matches!(err, PackError::MissingKey { .. }), "{err:?}");
    assert!(err.to_string().contains("u_hour_few"), "{err}");
}

#[test]
fn a_clip_beyond_the_audio_file_is_named() {
    let tmp = copy_pack("en-slt");
    edit_entry(tmp.path(), "n_7", |entry| {
        let frames = entry.find("frames = ").expect("frames");
        format!("{}frames = 999999999\n", &entry[..frames])
    });
    let err = VoicePack::load(tmp.path()).expect_err("out of range");
    assert!(matches!(err, PackError::ClipFormat { .. }), "{err:?}");
    let text = err.to_string();
    assert!(text.contains("n_7") && text.contains("clips.ogg"), "{text}");
}

#[test]
fn unknown_manifest_fields_are_refused() {
    let tmp = copy_pack("en-slt");
    let manifest = tmp.path().join("pack.toml");
    let text = fs::read_to_string(&manifest).expect("read");
    fs::write(&manifest, format!("speed = 2\n{text}")).expect("write");
    let err = VoicePack::load(tmp.path())
        .expect_err("unknown field")
        .to_string();
    assert!(err.contains("pack.toml") && err.contains("speed"), "{err}");
}

#[test]
fn an_audio_file_outside_the_pack_is_refused() {
    let tmp = copy_pack("en-slt");
    replace_in_manifest(
        tmp.path(),
        "audio = \"clips.ogg\"",
        "audio = \"../clips.ogg\"",
    );
    let err = VoicePack::load(tmp.path())
        .expect_err("path escape")
        .to_string();
    assert!(err.contains("../clips.ogg"), "{err}");
}

/// A pack may also keep each clip in a file of its own (WAV here), as a hand-made pack would.
#[test]
fn a_pack_of_one_file_per_clip_loads() {
    let pack = VoicePack::load(pack_dir("en-slt")).expect("pack loads");
    let tmp = wav_copy(&pack);
    let copy = VoicePack::load(tmp.path()).expect("a pack of WAV files loads");
    let (a, b) = (
        pack.clip("n_7").expect("n_7"),
        copy.clip("n_7").expect("n_7"),
    );
    assert_eq!(a.len(), b.len());
}

/// A pack kept compressed makes each clip ready (decoded, stretched) when said and holds at
/// most `CLIP_CACHE_BYTES` of them: every clip said at a readout's tempo leaves the cache
/// within its bound, and a clip let go of and said again is the same samples.
#[test]
fn a_compressed_pack_holds_a_bounded_cache_of_ready_clips() {
    let pack = VoicePack::load(pack_dir("en-slt"))
        .expect("pack loads")
        .with_tempo(1.32);
    assert_eq!(pack.ready_bytes(), 0, "nothing is decoded at load");
    assert!(!pack.warm(), "nothing to release");
    let first = pack.clip("n_7").expect("n_7");
    let mut said = 0usize;
    for (key, _) in clip_catalog(Lang::En) {
        said += pack.clip(&key).expect("clip").len() * 2;
        assert!(
            pack.ready_bytes() <= CLIP_CACHE_BYTES,
            "{} bytes ready after {key}",
            pack.ready_bytes()
        );
    }
    assert!(
        said > 2 * CLIP_CACHE_BYTES,
        "the catalog overflows the cache"
    );
    assert_eq!(pack.clip("n_7").expect("n_7 again"), first);
}

/// A copy of `pack` as a pack of WAV files, one a clip.
fn wav_copy(pack: &VoicePack) -> tempfile::TempDir {
    let tmp = tempfile::tempdir().expect("temp dir");
    let mut manifest = String::from(
        "language = \"en\"\nvoice = \"slt\"\nengine = \"RHVoice\"\nengine_version = \"1.14\"\n\
         license = \"x\"\nattribution = \"y\"\n",
    );
    let spec = hound::WavSpec {
        channels: 1,
        sample_rate: pack.sample_rate(),
        bits_per_sample: 16,
        sample_format: hound::SampleFormat::Int,
    };
    for (key, text) in clip_catalog(Lang::En) {
        let file = format!("{key}.wav");
        let mut w = hound::WavWriter::create(tmp.path().join(&file), spec).expect("wav");
        for s in pack.clip(&key).expect("clip") {
            w.write_sample((s * 32_767.0) as i16).expect("sample");
        }
        w.finalize().expect("finalize");
        manifest += &format!("\n[[clip]]\nkey = \"{key}\"\ntext = \"{text}\"\nfile = \"{file}\"\n");
    }
    fs::write(tmp.path().join("pack.toml"), manifest).expect("manifest");
    tmp
}

#[test]
fn a_pace_outside_its_range_is_refused() {
    for pace in ["3.0", "0.5", "nan"] {
        let tmp = copy_pack("en-slt");
        replace_in_manifest(tmp.path(), "\npace = 1.03\n", &format!("\npace = {pace}\n"));
        let err = VoicePack::load(tmp.path()).expect_err("pace out of range");
        assert!(matches!(err, PackError::BadPace { .. }), "{pace}: {err:?}");
        let text = err.to_string();
        assert!(
            text.contains("pack.toml") && text.contains("pace"),
            "{text}"
        );
    }
}

/// The committed packs carry their pace (English faster than recorded, Russian as recorded),
/// and the daemon's loading plays them at it: a readout at speech rate 0 is the recorded one
/// sped up by the pace (the pauses too), while `Voices::load` gives the recordings as they are.
#[test]
fn packs_speak_at_their_pace() {
    use talkclock::announce::voices::Voices;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("voices");
    let recorded = Voices::load(&dir).expect("packs load");
    let paced = Voices::load_at(&dir, 1.0).expect("packs load");
    for (name, lang) in packs() {
        let pace = recorded.pack(lang).expect("pack").pace();
        let expected = if lang == Lang::En { 1.03 } else { 1.0 };
        assert!((pace - expected).abs() < 1e-6, "{name}: pace {pace}");
        let utterance = readout_72_minutes(lang, Side::White);
        let slow = recorded
            .render(lang, &utterance)
            .expect("render")
            .samples
            .len() as f32;
        let fast = paced
            .render(lang, &utterance)
            .expect("render")
            .samples
            .len() as f32;
        let ratio = slow / fast;
        assert!(
            (ratio - pace).abs() < 0.01,
            "{name}: the readout at rate 0 is {ratio} times as fast as recorded, pace {pace}"
        );
    }
}

/// A language named in its own voice inside another language's utterance ("@en" in a Russian
/// menu prompt) is said by its own pack's recording of its own name, and by its speech engine
/// when it has none; before, the pack skipped the name and the player heard nothing of it.
#[test]
fn a_language_named_in_its_own_voice_is_not_silent() {
    use talkclock::announce::voices::Voices;
    use talkclock::speech::{own_name, Utterance};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("voices");
    let voices = Voices::load(&dir).expect("packs load");
    let ru = VoicePack::load(pack_dir("ru-aleksandr-hq")).expect("pack loads");
    let en = VoicePack::load(pack_dir("en-slt")).expect("pack loads");
    let russian = readout_72_minutes(Lang::Ru, Side::White);
    let mut mixed: Utterance = russian.clone();
    mixed.clips.push(",".into());
    mixed.clips.push("@en".into());
    let alone = ru.render(&russian).expect("renders").len();
    let name = en.render(&own_name(Lang::En)).expect("renders").len();
    assert!(name > 2_400, "English says its name: {name} samples");
    let said = voices.render(Lang::Ru, &mixed).expect("renders");
    let gap = SPACE_PAUSE_MS as usize * 24;
    assert_eq!(said.samples.len(), alone + gap + name);
    // A language without a pack: its engine says the name (here a stand-in of 0.1 s at
    // 12 kHz, resampled to the pack's 24 kHz).
    let mut german = russian.clone();
    german.clips.push("@de".into());
    let engine = |lang: Lang, text: &str| {
        (lang.code() == "de" && text.starts_with("Deutsch"))
            .then(|| talkclock::audio::Pcm::new(12_000, vec![0.5; 1_200]))
    };
    let said = voices
        .render_with(Lang::Ru, &german, &engine)
        .expect("renders");
    assert_eq!(said.samples.len(), alone + gap + 2_400);
}

/// `voices/build.sh` works in a hidden `.build-<pack>` folder whose manifest is incomplete
/// until it ends: the clock started meanwhile (or `make listen`) refused the whole folder.
#[test]
fn a_pack_being_built_in_a_hidden_folder_is_not_loaded() {
    use talkclock::announce::voices::Voices;
    let dir = tempfile::tempdir().expect("temp dir");
    let pack = copy_pack("en-slt");
    let en = dir.path().join("en-slt");
    fs::create_dir(&en).expect("folder");
    for entry in fs::read_dir(pack.path()).expect("pack") {
        let entry = entry.expect("entry");
        fs::copy(entry.path(), en.join(entry.file_name())).expect("copy");
    }
    let building = dir.path().join(".build-ru-aleksandr-hq");
    fs::create_dir(&building).expect("folder");
    fs::write(
        building.join("pack.toml"),
        "language = \"ru\"\nvoice = \"aleksandr-hq\"\n",
    )
    .expect("manifest");
    let voices = Voices::load(dir.path()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(voices.loaded(), vec![Lang::En]);
}

//! The committed voice packs load, hold every catalog clip, and render; a
//! broken copy fails with an error that names the file or key at fault.

use std::fs;
use std::path::{Path, PathBuf};

use talkclock::speech::{clip_catalog, phrase, Announcement, Lang, PackError, Side, VoicePack};

fn pack_dir(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("voices")
        .join(name)
}

const PACKS: [(&str, Lang); 2] = [("ru-aleksandr-hq", Lang::Ru), ("en-slt", Lang::En)];

#[test]
fn committed_packs_hold_every_catalog_clip() {
    for (name, lang) in PACKS {
        let pack = VoicePack::load(pack_dir(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(pack.lang(), lang);
        assert_eq!(pack.sample_rate(), 22_050);
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
            // A spoken word lasts at least 0.1 s and was peak-normalised.
            assert!(samples.len() > 2_205, "{name}: {key} ({text}) is too short");
            let peak = samples.iter().fold(0.0f32, |m, s| m.max(s.abs()));
            assert!(peak > 0.5 && peak <= 1.0, "{name}: {key} peak {peak}");
        }
        for file in ["LICENSE", "ATTRIBUTION"] {
            let text = fs::read_to_string(pack_dir(name).join(file)).unwrap_or_default();
            assert!(text.len() > 200, "{name}: {file} missing or short");
        }
    }
}

#[test]
fn render_joins_clips_with_gaps() {
    let pack = VoicePack::load(pack_dir("ru-aleksandr-hq")).expect("pack loads");
    let u = phrase(Lang::Ru, &Announcement::Flag { side: Side::Black });
    let lens: usize = u
        .clips
        .iter()
        .map(|k| pack.clip(k).map_or(0, <[f32]>::len))
        .sum();
    let audio = pack.render(&u).expect("renders");
    assert_eq!(
        audio.len(),
        lens + (u.clips.len() - 1) * 882,
        "40 ms gaps at 22.05 kHz"
    );
    let wide = pack.clone().with_gap_ms(100).render(&u).expect("renders");
    assert_eq!(wide.len(), lens + (u.clips.len() - 1) * 2_205);
    let mut bad = u.clone();
    bad.clips.push("no_such_clip".into());
    let err = pack.render(&bad).expect_err("unknown clip").to_string();
    assert!(err.contains("no_such_clip"), "{err}");
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
fn a_corrupt_clip_is_named() {
    let tmp = copy_pack("en-slt");
    fs::write(tmp.path().join("n_7.wav"), b"RIFF not really a wave").expect("write");
    let err = VoicePack::load(tmp.path()).expect_err("corrupt clip");
    assert!(matches!(err, PackError::BadClip { .. }), "{err:?}");
    assert!(err.to_string().contains("n_7.wav"), "{err}");
}

#[test]
fn a_missing_clip_file_is_named() {
    let tmp = copy_pack("ru-aleksandr-hq");
    fs::remove_file(tmp.path().join("n_2f.wav")).expect("remove");
    let err = VoicePack::load(tmp.path())
        .expect_err("missing file")
        .to_string();
    assert!(err.contains("n_2f.wav"), "{err}");
}

#[test]
fn a_catalog_key_absent_from_the_manifest_is_named() {
    let tmp = copy_pack("ru-aleksandr-hq");
    let manifest = tmp.path().join("pack.toml");
    let text = fs::read_to_string(&manifest).expect("read");
    let entry = "\n[[clip]]\nkey = \"u_min_few\"\nfile = \"u_min_few.wav\"\ntext = \"минуты\"\n";
    assert!(text.contains(entry), "fixture: entry present");
    fs::write(&manifest, text.replace(entry, "")).expect("write");
    let err = VoicePack::load(tmp.path()).expect_err("missing key");
    assert!(matches!(err, PackError::MissingKey { .. }), "{err:?}");
    assert!(err.to_string().contains("u_min_few"), "{err}");
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
fn a_clip_file_outside_the_pack_is_refused() {
    let tmp = copy_pack("en-slt");
    let manifest = tmp.path().join("pack.toml");
    let text = fs::read_to_string(&manifest).expect("read");
    fs::write(
        &manifest,
        text.replace("file = \"n_7.wav\"", "file = \"../n_7.wav\""),
    )
    .expect("write");
    let err = VoicePack::load(tmp.path())
        .expect_err("path escape")
        .to_string();
    assert!(err.contains("../n_7.wav"), "{err}");
}

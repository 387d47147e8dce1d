//! `talkclock say` speaks at the configured speech rate, as the daemon does (before, it played
//! the packs at recorded speed whatever the configuration said): the rendering it plays gets
//! shorter as the rate rises, and a rate out of range is refused with its name.

use std::process::Command;
use talkclock::speech::{readout, Lang};

fn seconds(rate: f32) -> f64 {
    let pcm = talkclock::announce::render_once(Lang::Ru, &readout(Lang::Ru, 3_723_000), rate)
        .expect("the voice packs render");
    pcm.samples.len() as f64 / f64::from(pcm.rate)
}

#[test]
fn say_renders_faster_as_the_rate_rises() {
    let (slow, recorded, fast) = (seconds(-1.0), seconds(0.0), seconds(1.0));
    eprintln!("1:02:03 in Russian: rate -1 {slow:.2} s, 0 {recorded:.2} s, 1 {fast:.2} s");
    // Each step of 1 doubles or halves the tempo of the clips.
    assert!(fast < recorded * 0.65, "{fast} vs {recorded}");
    assert!(slow > recorded * 1.5, "{slow} vs {recorded}");
}

#[test]
fn say_refuses_a_rate_out_of_range_and_names_it() {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(["say", "--lang", "ru", "--time", "5:00", "--rate", "2"])
        .output()
        .expect("talkclock say runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--rate 2"), "{stderr}");
}

#[test]
fn say_prints_the_words_whatever_the_rate() {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args([
            "say", "--lang", "en", "--time", "1:00", "--rate", "-0.5", "--print",
        ])
        .output()
        .expect("talkclock say runs");
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "One minute.");
}

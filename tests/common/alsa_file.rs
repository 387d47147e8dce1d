//! The ALSA `file` device of the audio tests: cpal's ALSA output written, exactly as the
//! application gave it, to files, through a private `XDG_CONFIG_HOME/alsa/asoundrc`; and the
//! three layouts the tests play on.

use std::path::Path;
use talkclock::audio::{AudioConfig, HostKind, Route};
use talkclock::hearing::Listener;

/// Writes an asoundrc in `config_home` with `!default` and `arbiter`: `file` PCMs over `slave`
/// (`null`: as fast as the CPU goes; `{ type pulse }`: paced by a PulseAudio server) writing
/// into `out` as `NAME-RATE-CHANNELS-FORMAT.raw`. Each open appends (through `cat >>`), so a
/// stream closed while idle and reopened keeps one recording.
pub fn write_asoundrc(config_home: &Path, out: &Path, slave: &str) {
    let pcm = |name: &str| {
        format!(
            "pcm.{name} {{\n  type file\n  slave.pcm {slave}\n  \
             file \"|cat >> '{}/{}-%r-%c-%f.raw'\"\n  \
             format \"raw\"\n  hint {{ show on description \"{name}\" }}\n}}\n",
            out.display(),
            name.trim_start_matches('!'),
        )
    };
    let alsa = config_home.join("alsa");
    std::fs::create_dir_all(&alsa).expect("alsa dir");
    std::fs::write(alsa.join("asoundrc"), pcm("!default") + &pcm("arbiter")).expect("asoundrc");
}

/// The interleaved stereo f32 samples `device` recorded at `rate` (empty if none).
pub fn recording(out: &Path, device: &str, rate: u32) -> Vec<f32> {
    let path = out.join(format!("{device}-{rate}-2-FLOAT_LE.raw"));
    let bytes = std::fs::read(path).unwrap_or_default();
    bytes
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}

/// The three layouts, on the ALSA host: name, configuration.
pub fn layouts() -> Vec<(&'static str, AudioConfig)> {
    let mut single = AudioConfig::single_speaker("default");
    single.host = HostKind::Alsa;
    let mut pair = AudioConfig::stereo_pair("default");
    pair.host = HostKind::Alsa;
    let mut arbiter = pair.clone();
    arbiter.routes.push(Route {
        listener: Listener::Arbiter,
        device: "arbiter".into(),
        channels: vec![0, 1],
    });
    vec![
        ("single speaker", single),
        ("stereo pair", pair),
        ("separate arbiter device", arbiter),
    ]
}

//! Real sound: a private PulseAudio server, speech-dispatcher, the ALSA `file` device under the
//! real daemon. Each test here points the process at a sound server of its own (environment
//! variables are process-wide) or needs a quiet machine for its timing, so each holds
//! [`common::sound_lock`] from start to end: they run one at a time, as they did when each was a
//! binary of its own. (`audio_pulse_realtime`, the most timing-sensitive, is still a binary of its
//! own.) Run one with `cargo test --test audio daemon_game`.

#[path = "../common/mod.rs"]
mod common;
#[path = "../daemon/common_daemon.rs"]
mod common_daemon;

mod audio_layouts_game;
mod audio_notices;
mod audio_system_speech;
mod audio_unpacked_language;
mod daemon_buttons;
mod daemon_game;
mod selftest;

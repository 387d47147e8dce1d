//! The fast tier (`make check`): every integration test that starts no outside service (no
//! PulseAudio, ALSA device, speech-dispatcher, mosquitto, Chromium, BRLTTY, strace or
//! libfaketime) and takes seconds, in one test binary, one module per subject. `make test` runs
//! them too. Run one subject with `cargo test --test fast daemon_stall`.

#[path = "../daemon/common_daemon.rs"]
mod common_daemon;
#[path = "../daemon/pty.rs"]
mod pty;

mod announce_voices_loaded;
mod bench_launcher;
mod cli_no_sound;
mod config_languages;
mod config_messages;
mod core_properties;
mod daemon_arbiter_bounds;
mod daemon_key_pipe;
mod daemon_languages;
mod daemon_moves_report;
mod daemon_new_game;
mod daemon_reload;
mod daemon_rollback;
mod daemon_setup_menu;
mod daemon_signals;
mod daemon_socket_fuzz;
mod daemon_stall;
mod daemon_terminal;
mod devices;
mod fuzz_inputs;
mod journal_damage;
mod journal_deleted;
mod journal_lock;
mod journal_recover;
mod journal_tamper;
mod learn;
mod legacy_journal;
mod long_game;
mod man_page;
mod module_order;
mod overtime_properties;
mod rollback_properties;
mod say_rate;
mod scenarios;
mod selftest_clock_running;
mod speech_grammar_en;
mod speech_grammar_pl;
mod speech_grammar_ru;
mod speech_menu_uk;
mod speech_notices;
mod time_log;
mod warning_properties;

//! Signals sent to the real daemon mid-game: SIGHUP (the terminal or the SSH session closed),
//! SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGVTALRM, SIGPROF, SIGIO, SIGXCPU and SIGXFSZ
//! are logged and the game goes on (the control socket answers, the running clock still
//! runs); SIGTERM still stops it cleanly.

use crate::common_daemon;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use talkclock_harness::libc;

const CONFIG: &str = common_daemon::TOURNAMENT_5_MIN;

/// The daemon as a child, its log (standard error) going to a file; killed on drop.
struct Daemon {
    child: Child,
    socket: PathBuf,
    log: PathBuf,
}

impl Drop for Daemon {
    /// A test that fails half-way must not leave its daemon running.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Daemon {
    /// Starts `talkclock run --no-audio` with a piped standard input, and waits for its socket.
    fn start(dir: &Path) -> Daemon {
        let config = dir.join("game.toml");
        std::fs::write(&config, CONFIG).expect("write the config");
        let socket = dir.join("ctl.sock");
        let log = dir.join("daemon.log");
        let child = Command::new(env!("CARGO_BIN_EXE_talkclock"))
            .arg("run")
            .arg("--config")
            .arg(&config)
            .arg("--journal")
            .arg(dir.join("journal.jsonl"))
            .arg("--socket")
            .arg(&socket)
            .arg("--no-audio")
            .env("RUST_LOG", "info,pulseaudio=off")
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(std::fs::File::create(&log).expect("create the log file"))
            .spawn()
            .expect("the talkclock binary starts");
        let mut daemon = Daemon { child, socket, log };
        let deadline = Instant::now() + Duration::from_secs(20);
        while talkclock::control::client::request(&daemon.socket, r#"{"cmd":"status"}"#).is_err() {
            assert!(
                Instant::now() < deadline,
                "the daemon did not open its socket"
            );
            assert!(daemon.exited().is_none(), "the daemon exited early");
            std::thread::sleep(Duration::from_millis(10));
        }
        daemon
    }

    fn ctl(&self, request: &str) -> serde_json::Value {
        let reply = talkclock::control::client::request(&self.socket, request)
            .unwrap_or_else(|e| panic!("no reply to {request}: {e}; log:\n{}", self.log_text()));
        serde_json::from_str(&reply).expect("the reply is JSON")
    }

    /// How the daemon ended, if it has.
    fn exited(&mut self) -> Option<std::process::ExitStatus> {
        self.child.try_wait().expect("try_wait")
    }

    fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Sends `signal` to the daemon (our own child, not reaped yet).
    fn signal(&self, signal: libc::c_int) {
        talkclock_harness::process::signal(&self.child, signal).expect("kill");
    }

    /// Waits until the log holds `needle`; false after 5 s.
    fn wait_for_log(&self, needle: &str) -> bool {
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if self.log_text().contains(needle) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }
}

#[test]
fn sighup_sigquit_sigusr_sigpipe_and_the_like_do_not_stop_a_game() {
    use std::os::unix::process::ExitStatusExt;
    let dir = tempfile::tempdir().expect("temp dir");
    let mut daemon = Daemon::start(dir.path());
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    for (signal, name) in [
        (libc::SIGHUP, "SIGHUP"),
        (libc::SIGQUIT, "SIGQUIT"),
        (libc::SIGUSR1, "SIGUSR1"),
        (libc::SIGUSR2, "SIGUSR2"),
        (libc::SIGPIPE, "SIGPIPE"),
        (libc::SIGALRM, "SIGALRM"),
        (libc::SIGVTALRM, "SIGVTALRM"),
        (libc::SIGPROF, "SIGPROF"),
        (libc::SIGIO, "SIGIO"),
        (libc::SIGXCPU, "SIGXCPU"),
        (libc::SIGXFSZ, "SIGXFSZ"),
    ] {
        let before = daemon.ctl(r#"{"cmd":"status"}"#);
        daemon.signal(signal);
        let logged = daemon.wait_for_log(name);
        if let Some(exit) = daemon.exited() {
            panic!(
                "{name} stopped the daemon mid-game: {exit:?} (signal {:?}); log:\n{}",
                exit.signal(),
                daemon.log_text()
            );
        }
        assert!(logged, "{name} is logged; log:\n{}", daemon.log_text());
        // Some time passes, so a running clock must show less.
        std::thread::sleep(Duration::from_millis(20));
        let after = daemon.ctl(r#"{"cmd":"status"}"#);
        assert_eq!(after["phase"], "running", "after {name}: {after}");
        assert_eq!(after["running"], "white", "after {name}: {after}");
        let (was, now) = (
            before["white_ms"].as_i64().expect("white_ms"),
            after["white_ms"].as_i64().expect("white_ms"),
        );
        assert!(
            now < was,
            "after {name} White's clock still runs: {was} ms then {now} ms"
        );
    }
    // SIGTERM still stops the daemon, cleanly.
    daemon.signal(libc::SIGTERM);
    let deadline = Instant::now() + Duration::from_secs(10);
    let exit = loop {
        if let Some(exit) = daemon.exited() {
            break exit;
        }
        assert!(Instant::now() < deadline, "SIGTERM did not stop the daemon");
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(exit.success(), "a clean exit on SIGTERM: {exit:?}");
    assert!(
        daemon.log_text().contains("stopping (SIGTERM)"),
        "the stop is logged with its signal; log:\n{}",
        daemon.log_text()
    );
}

//! The key pipe of the real daemon (standard input not a terminal: one key name a line) takes
//! whatever bytes arrive: a line that is not UTF-8 is skipped and the presses after it still
//! count; a 50 MB line is dropped without being held in memory and the press after it counts;
//! a hundred thousand distinct unbound key names do not grow the daemon's memory.

use crate::common_daemon;

use common_daemon::{Daemon, Files};
use std::io::Write;
use std::os::fd::AsFd;
use std::time::{Duration, Instant};

/// A daemon without audio, its game started (White's clock runs).
fn started() -> (Files, Daemon) {
    let (files, daemon) = common_daemon::quiet(common_daemon::TOURNAMENT_5_MIN);
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    (files, daemon)
}

/// Polls `status` until both sides' move counts are `(white, black)`; the last status if they
/// never are within 5 s.
fn wait_for_moves(daemon: &Daemon, white: u64, black: u64) -> Result<(), serde_json::Value> {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let status = daemon.ctl(r#"{"cmd":"status"}"#);
        let moves = &status["moves"];
        if moves["white"] == white && moves["black"] == black {
            return Ok(());
        }
        if Instant::now() > deadline {
            return Err(status);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Writes `chunks` to the daemon's standard input from another thread (a reader that stopped
/// would block the writer for ever); fails the test if they are not all taken within `limit`.
fn write_all_within(daemon: &Daemon, chunks: Vec<Vec<u8>>, limit: Duration) {
    let fd = daemon
        .stdin
        .as_fd()
        .try_clone_to_owned()
        .expect("duplicate the stdin pipe");
    let mut pipe = std::fs::File::from(fd);
    let (done_tx, done_rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let written = chunks.iter().try_for_each(|c| pipe.write_all(c));
        let _ = done_tx.send(written.map_err(|e| e.to_string()));
    });
    match done_rx.recv_timeout(limit) {
        Ok(Ok(())) => {}
        Ok(Err(e)) => panic!("writing the key pipe failed: {e}"),
        Err(_) => panic!("the daemon did not read its key pipe within {limit:?}"),
    }
}

/// One field of `/proc/PID/status`, in kB.
fn status_kb(pid: u32, field: &str) -> u64 {
    let path = format!("/proc/{pid}/status");
    let text = std::fs::read_to_string(&path).expect("read /proc/PID/status");
    text.lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or_else(|| panic!("{path} has no {field}"))
}

#[test]
fn a_non_utf8_key_line_does_not_stop_the_key_reader() {
    let (_files, mut daemon) = started();
    write_all_within(
        &daemon,
        vec![b"\xff\xfe w\x80\n".to_vec()],
        Duration::from_secs(5),
    );
    daemon.key("w");
    wait_for_moves(&daemon, 1, 0)
        .unwrap_or_else(|s| panic!("White's press after a non-UTF-8 line was lost: {s}"));
    daemon.key("b");
    wait_for_moves(&daemon, 1, 1)
        .unwrap_or_else(|s| panic!("Black's press after a non-UTF-8 line was lost: {s}"));
    daemon.terminate();
}

#[test]
fn a_50_mb_key_line_is_dropped_without_being_held_in_memory() {
    let (_files, mut daemon) = started();
    let pid = daemon.child.id();
    let peak_before = status_kb(pid, "VmHWM");
    // 50 MB of `x` without a line end, in 64 kB writes, then the end of that line.
    let mut chunks = vec![vec![b'x'; 64 * 1024]; 50 * 1024 * 1024 / (64 * 1024)];
    chunks.push(b"\n".to_vec());
    write_all_within(&daemon, chunks, Duration::from_secs(60));
    daemon.key("w");
    wait_for_moves(&daemon, 1, 0)
        .unwrap_or_else(|s| panic!("White's press after a 50 MB line was lost: {s}"));
    let grown = status_kb(pid, "VmHWM").saturating_sub(peak_before);
    eprintln!("a 50 MB key line: peak memory +{grown} kB");
    assert!(
        grown < 5 * 1024,
        "reading a 50 MB key line raised the daemon's peak memory by {grown} kB"
    );
    daemon.terminate();
}

#[test]
fn a_hundred_thousand_distinct_key_names_do_not_grow_the_daemon() {
    let (_files, mut daemon) = started();
    let pid = daemon.child.id();
    // One press first, so whatever a first press allocates is in the baseline.
    daemon.key("w");
    wait_for_moves(&daemon, 1, 0).unwrap_or_else(|s| panic!("the first press was lost: {s}"));
    let before = status_kb(pid, "VmRSS");
    // 100 000 names no binding knows, 1000 lines a write.
    let chunks: Vec<Vec<u8>> = (0..100)
        .map(|batch| {
            (0..1000)
                .map(|i| format!("unbound-key-{}\n", batch * 1000 + i))
                .collect::<String>()
                .into_bytes()
        })
        .collect();
    write_all_within(&daemon, chunks, Duration::from_secs(60));
    // A press after them is handled after all of them (one channel, in order).
    daemon.key("b");
    wait_for_moves(&daemon, 1, 1)
        .unwrap_or_else(|s| panic!("Black's press after 100k names was lost: {s}"));
    let grown = status_kb(pid, "VmRSS").saturating_sub(before);
    eprintln!("100 000 distinct key names: memory +{grown} kB");
    assert!(
        grown < 5 * 1024,
        "100 000 distinct key names grew the daemon by {grown} kB"
    );
    daemon.terminate();
}

/// Writes `bytes` to the daemon's key pipe as they are (no line end added).
fn write_raw(daemon: &mut Daemon, bytes: &[u8]) {
    daemon.stdin.write_all(bytes).expect("write the key pipe");
    daemon.stdin.flush().expect("flush the key pipe");
}

/// `printf 'w'; sleep 1; printf 'b'` into `talkclock run`: each character is a key, as at a
/// terminal; when the input ends, everyone is told once that the keyboard is closed, and the
/// clock goes on. (Before, the characters waited for a line end that never came: nothing
/// happened and nothing was said.)
#[test]
fn single_characters_on_the_pipe_play_and_the_end_of_input_is_said_once() {
    use std::os::fd::AsRawFd;
    let (_files, mut daemon) = started();
    write_raw(&mut daemon, b"w");
    wait_for_moves(&daemon, 1, 0)
        .unwrap_or_else(|s| panic!("White's `w` without a line end did not count: {s}"));
    std::thread::sleep(Duration::from_millis(500));
    write_raw(&mut daemon, b"b");
    wait_for_moves(&daemon, 1, 1)
        .unwrap_or_else(|s| panic!("Black's `b` without a line end did not count: {s}"));
    // The end of input: our end of the pipe replaced by /dev/null.
    let null = std::fs::File::open("/dev/null").expect("open /dev/null");
    // SAFETY: both descriptors are open and owned by this test for the call.
    let replaced =
        unsafe { talkclock_harness::libc::dup2(null.as_raw_fd(), daemon.stdin.as_raw_fd()) };
    assert!(replaced >= 0, "dup2 failed");
    let said = "Keyboard closed; the clock goes on. Stop it with Ctrl-C or SIGTERM.";
    assert!(
        daemon.wait_for_text(said, 1, Duration::from_secs(5)),
        "{}",
        daemon.stdout()
    );
    std::thread::sleep(Duration::from_millis(500));
    let stdout = daemon.stdout();
    assert_eq!(
        stdout.matches(said).count(),
        1,
        "said once, to all: {stdout}"
    );
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    assert_eq!(status["phase"], "running", "the clock goes on: {status}");
    daemon.terminate();
}

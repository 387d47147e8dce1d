//! A stalled process (SIGSTOP 2 s, as a Pi under memory pressure would stall): the flag keeps
//! its instant and the arbiter is told how long the clock did not run. (Before, nothing
//! noticed: the flag was told seconds late and no one knew why.)

use crate::common_daemon;

use std::time::Duration;
use talkclock_harness::libc::{SIGCONT, SIGSTOP};
use talkclock_harness::process::signal;

const CONFIG: &str = "\
mode = \"tournament\"
[[time_control.stage]]
time = \"0:01.5\"
[players.white]
language = \"en\"
[players.black]
language = \"en\"
[arbiter]
language = \"en\"
";

#[test]
fn a_stall_is_told_to_the_arbiter_and_the_flag_keeps_its_instant() {
    let (files, daemon) = common_daemon::quiet(CONFIG);
    let transcript = files.transcript.clone();
    let started = daemon.ctl(r#"{"cmd":"start"}"#);
    let start_ms = started["events"][0]["at_ms"].as_i64().expect("start event");
    signal(&daemon.child, SIGSTOP).unwrap();
    std::thread::sleep(Duration::from_millis(2_500));
    signal(&daemon.child, SIGCONT).unwrap();
    assert!(
        daemon.wait_for_text("[arbiter] The clock stalled for", 1, Duration::from_secs(5)),
        "{}",
        daemon.stdout()
    );
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    assert_eq!(status["phase"], "flagged", "{status}");
    let lines = common_daemon::json_lines(&transcript);
    let flag = lines
        .iter()
        .find(|l| l["event"] == "flag")
        .expect("a flag line");
    assert_eq!(flag["at_ms"].as_i64(), Some(start_ms + 1_500), "{flag}");
    daemon.terminate();
}

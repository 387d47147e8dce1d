//! Absurd arbiter times through the real daemon's control socket (`talkclock ctl`): a time
//! beyond 24:00:00, in `set` or in `adjust`, is refused with an error that names the value,
//! and the clock is unchanged: no flag, no cut, no wrap.

use crate::common_daemon;

use common_daemon::Daemon;

/// Runs `talkclock ctl WORDS…` at the daemon.
fn ctl(daemon: &Daemon, words: &[&str]) -> (bool, String) {
    daemon.ctl_words(words)
}

/// Each absurd request is refused with an error naming its value; the status is unchanged.
fn assert_refused_and_unchanged(daemon: &Daemon, cases: &[(&[&str], &str)]) {
    for (words, error) in cases {
        let before = daemon.ctl(r#"{"cmd":"status"}"#);
        let (ok, said) = ctl(daemon, words);
        assert!(!ok, "`ctl {}` was accepted: {said}", words.join(" "));
        assert!(
            said.contains(error),
            "`ctl {}` answered {said:?}, not {error:?}",
            words.join(" ")
        );
        let after = daemon.ctl(r#"{"cmd":"status"}"#);
        assert_eq!(
            (&after["phase"], &after["white_ms"], &after["black_ms"]),
            (&before["phase"], &before["white_ms"], &before["black_ms"]),
            "`ctl {}` changed the clock",
            words.join(" ")
        );
    }
}

#[test]
fn absurd_arbiter_times_are_refused_and_leave_the_clock_unchanged() {
    let (_files, daemon) = common_daemon::quiet(common_daemon::TOURNAMENT_5_MIN);
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);

    // While White's clock runs: a huge `set` must not flag him at once.
    let (ok, said) = ctl(&daemon, &["set", "white", "9223372036854775"]);
    assert!(!ok, "an absurd set was accepted: {said}");
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    assert_eq!(status["phase"], "running", "{status}");
    assert!(status["result"].is_null(), "{status}");

    // Paused, so the times can be compared exactly.
    assert_eq!(daemon.ctl(r#"{"cmd":"pause"}"#)["ok"], true);
    assert_refused_and_unchanged(
        &daemon,
        &[
            (
                &["set", "white", "9223372036854775"],
                "`9223372036854775` is more than 24:00:00",
            ),
            (
                &["adjust", "white", "+99999999999:00"],
                "`+99999999999:00` changes a clock by more than 24:00:00",
            ),
            (
                &["adjust", "black", "-99999999999:00"],
                "`-99999999999:00` changes a clock by more than 24:00:00",
            ),
            (
                // Once `remaining + delta` overflowed: a wrapped, negative request, a cut.
                &["adjust", "white", "+9223372036854775.807"],
                "`+9223372036854775.807` changes a clock by more than 24:00:00",
            ),
            (
                &["set", "black", "99999999999999999999"],
                "`99999999999999999999` is more than 24:00:00",
            ),
            (&["set", "white", "24:00:00.001"], "is more than 24:00:00"),
            // Within the parse bound, but the side would end above 24 h.
            (&["adjust", "white", "+23:59:00"], "more than 24:00:00"),
        ],
    );

    // Up to the bound is still allowed.
    let (ok, said) = ctl(&daemon, &["set", "white", "24:00:00"]);
    assert!(ok, "24:00:00 is allowed: {said}");
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    assert_eq!(status["white_ms"], 24 * 3_600_000, "{status}");
    daemon.terminate();
}

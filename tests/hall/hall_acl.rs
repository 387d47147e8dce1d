//! The files `talkclock hall init` writes, on a real mosquitto, with the `mosquitto_pub` and
//! `mosquitto_sub` clients (MQTT v5, QoS 1): each board may publish only its own records,
//! alerts, state, online and replies and read only its own commands and mirrored; the station
//! reads everything and alone commands; wrong passwords and anonymous clients are refused; the
//! TLS listener works; retained and queued messages outlive a SIGKILL of the broker.
//!
//! What mosquitto 2.0.11 does, which the assertions rely on: a publish the ACL denies gets
//! PUBACK reason code 135 ("not authorized") under MQTT v5 (`mosquitto_pub` still exits 0 and
//! warns "Publish 1 failed: Not authorized."), but PUBACK 0 under v3.1.1, where it is dropped
//! silently; a subscription the ACL denies is granted all the same (SUBACK with the QoS asked
//! for), and the messages are withheld at delivery; a refused login is CONNACK 135 and exit
//! code 135 under v5.

use crate::common_hall;

use common_hall::{hall_init, open_tempdir, topic, Hall, EVENT};
use std::process::Command;
use std::time::Duration;
use talkclock_harness::broker::Broker;
use talkclock_harness::net::free_port;
use talkclock_harness::process::wait_until;

/// Reason code of a PUBACK for a publish the ACL denies (MQTT v5).
const NOT_AUTHORIZED: u8 = 135;

#[test]
fn the_station_receives_a_boards_own_records() {
    // Catches: a board without write access to its own topics, or a station that cannot read
    // the event's topics.
    let hall = Hall::start(3);
    let station = hall.subscribe("station", &[&format!("talkclock/v1/{EVENT}/#")], &[]);
    for leaf in ["records", "alerts", "state", "online", "replies"] {
        let sent = hall.publish("board-2", &topic("2", leaf), &format!("own {leaf}"));
        assert!(sent.accepted(), "board-2 publishing its {leaf}: {sent:?}");
        assert!(
            station.got(&topic("2", leaf), &format!("own {leaf}")),
            "the station did not get board-2's {leaf}: {:?}",
            station.lines()
        );
    }
}

#[test]
fn a_board_cannot_publish_on_another_boards_topics_or_on_commands() {
    // Catches: an ACL that lets a board write beyond its own five topics (a board forging
    // another's records, or commanding boards as if it were the station).
    let hall = Hall::start(3);
    let station = hall.subscribe("station", &[&format!("talkclock/v1/{EVENT}/#")], &[]);
    let forbidden = [
        topic("3", "records"),
        topic("3", "state"),
        topic("2", "commands"),
        topic("3", "commands"),
        topic("2", "mirrored"),
        topic("1", "mirrored"),
        format!("talkclock/v1/{EVENT}/station"),
        "talkclock/v1/other-event/board/2/records".to_string(),
    ];
    for (i, t) in forbidden.iter().enumerate() {
        let sent = hall.publish("board-2", t, &format!("forged-{i}"));
        assert_eq!(sent.puback(), Some(NOT_AUTHORIZED), "{t}: {sent:?}");
        assert!(sent.stderr.contains("Not authorized"), "{t}: {sent:?}");
    }
    // Under MQTT v3.1.1 the broker acknowledges a denied publish like any other (PUBACK 0):
    // only its absence at the subscriber shows it was dropped.
    let old = hall.publish_with(
        Some(("board-2", &hall.password("board-2"))),
        &topic("3", "records"),
        "forged-v311",
        &["-V", "mqttv311"],
    );
    assert_eq!(old.puback(), Some(0), "{old:?}");

    // The broker handled each forged publish before acknowledging it, so once this allowed
    // one arrives, none of them will.
    let marker = hall.publish("board-2", &topic("2", "records"), "marker");
    assert!(marker.accepted(), "{marker:?}");
    assert!(station.got(&topic("2", "records"), "marker"));
    let lines = station.lines();
    assert!(
        !lines.iter().any(|l| l.contains(" forged-")),
        "a forged message was delivered: {lines:?}"
    );
}

#[test]
fn a_board_cannot_read_another_boards_commands_even_through_a_wildcard() {
    // Catches: an ACL that lets a board read beyond its own commands and mirrored (board 2
    // seeing the arbiter's commands to board 3, or every board's records).
    let hall = Hall::start(3);
    let nosy = hall.subscribe(
        "board-2",
        &[&topic("3", "commands"), &format!("talkclock/v1/{EVENT}/#")],
        &[],
    );
    let board3 = hall.subscribe("board-3", &[&topic("3", "commands")], &[]);
    let to_3 = hall.publish("station", &topic("3", "commands"), "for-3");
    assert!(to_3.accepted(), "{to_3:?}");
    let records = hall.publish("board-3", &topic("3", "records"), "records-3");
    assert!(records.accepted(), "{records:?}");
    assert!(
        board3.got(&topic("3", "commands"), "for-3"),
        "control: board-3 gets its command"
    );
    // Board 2's own command is published last; once it arrives, the others would have.
    let to_2 = hall.publish("station", &topic("2", "commands"), "for-2");
    assert!(to_2.accepted(), "{to_2:?}");
    assert!(
        nosy.got(&topic("2", "commands"), "for-2"),
        "{:?}",
        nosy.lines()
    );
    assert!(
        !nosy.has_payload("for-3"),
        "board-2 read board-3's command: {:?}",
        nosy.lines()
    );
    assert!(
        !nosy.has_payload("records-3"),
        "board-2 read board-3's records: {:?}",
        nosy.lines()
    );
}

#[test]
fn the_station_commands_and_mirrors_to_a_board() {
    // Catches: a station that may not write the boards' commands or mirrored, or a board that
    // may not read its own.
    let hall = Hall::start(3);
    let board2 = hall.subscribe(
        "board-2",
        &[&topic("2", "commands"), &topic("2", "mirrored")],
        &[],
    );
    for leaf in ["commands", "mirrored"] {
        let sent = hall.publish("station", &topic("2", leaf), &format!("station {leaf}"));
        assert!(sent.accepted(), "{leaf}: {sent:?}");
        assert!(
            board2.got(&topic("2", leaf), &format!("station {leaf}")),
            "{leaf}: {:?}",
            board2.lines()
        );
    }
    // The station writes nothing else: not a board's records.
    let forged = hall.publish("station", &topic("2", "records"), "station forging");
    assert_eq!(forged.puback(), Some(NOT_AUTHORIZED), "{forged:?}");
}

#[test]
fn a_wrong_password_is_refused() {
    // Catches: a password file that accepts anything (or a broker left open), and a hash the
    // broker cannot check (then the right password below would fail too).
    let hall = Hall::start(3);
    let right = hall.publish("board-2", &topic("2", "online"), "right");
    assert!(
        right.accepted(),
        "control: the right password works: {right:?}"
    );
    let board3_password = hall.password("board-3");
    for password in ["wrong", board3_password.as_str()] {
        let sent = hall.publish_with(Some(("board-2", password)), &topic("2", "online"), "x", &[]);
        assert_ne!(sent.code, Some(0), "{sent:?}");
        assert!(sent.stdout.contains("received CONNACK (135)"), "{sent:?}");
        assert!(sent.stderr.contains("Not authorized"), "{sent:?}");
    }
    let old = hall.publish_with(
        Some(("board-2", "wrong")),
        &topic("2", "online"),
        "x",
        &["-V", "mqttv311"],
    );
    assert_eq!(old.code, Some(5), "{old:?}");
    assert!(
        old.stderr.contains("Connection Refused: not authorised"),
        "{old:?}"
    );
}

#[test]
fn an_anonymous_client_is_refused() {
    // Catches: `allow_anonymous true` (or missing, as in mosquitto 1.x's default).
    let hall = Hall::start(1);
    let sent = hall.publish_with(None, &topic("1", "records"), "anonymous", &[]);
    assert_ne!(sent.code, Some(0), "{sent:?}");
    assert!(sent.stdout.contains("received CONNACK (135)"), "{sent:?}");
    // The broker logs the refusal after sending the CONNACK.
    let logged = wait_until(Duration::from_secs(5), || {
        hall.broker.log().contains("disconnected, not authorised")
    });
    assert!(logged, "{}", hall.broker.log());
}

#[test]
fn retained_and_queued_messages_survive_a_sigkill_after_the_autosave() {
    // Catches: persistence off, or no autosave (then only a clean stop saves the database).
    // Mosquitto 2.0.11 with `autosave_interval 1` saves every 2 s; 3 s leaves a margin.
    let mut hall = Hall::start(2);
    // Board 2's clock keeps a session (client id, no clean start, an expiry) and goes away.
    let session = ["-c", "-i", "board-2-clock", "-x", "3600"];
    drop(hall.subscribe("board-2", &[&topic("2", "commands")], &session));
    let state = hall.publish_with(
        Some(("board-1", &hall.password("board-1"))),
        &topic("1", "state"),
        "kept state",
        &["-r"],
    );
    assert!(state.accepted(), "{state:?}");
    let command = hall.publish("station", &topic("2", "commands"), "queued command");
    assert!(command.accepted(), "{command:?}");
    std::thread::sleep(Duration::from_secs(3));
    hall.broker.kill();
    hall.broker.restart().unwrap_or_else(|e| panic!("{e}"));

    let station = hall.subscribe("station", &[&topic("1", "state")], &[]);
    assert!(
        station.got(&topic("1", "state"), "kept state"),
        "the retained state is gone: {:?}\n{}",
        station.lines(),
        hall.broker.log()
    );
    let board2 = hall.subscribe("board-2", &[&topic("2", "commands")], &session);
    assert!(
        board2.got(&topic("2", "commands"), "queued command"),
        "the queued command is gone: {:?}",
        board2.lines()
    );
}

#[test]
fn the_tls_listener_serves_a_client_that_trusts_its_certificate() {
    // Catches: a TLS listener that is missing, not TLS, or without the hall's users.
    let tmp = open_tempdir();
    let (cert, key) = (tmp.path().join("cert.pem"), tmp.path().join("key.pem"));
    let made = Command::new("openssl")
        .args([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
        ])
        .args([
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=IP:127.0.0.1",
        ])
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .output()
        .expect("openssl runs (install openssl)");
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    // mosquitto reads the key after dropping to its user (when started as root).
    std::fs::set_permissions(&key, std::os::unix::fs::PermissionsExt::from_mode(0o644)).unwrap();

    let dir = tmp.path().join("hall");
    let (port, tls_port) = (free_port().unwrap(), free_port().unwrap());
    assert_ne!(port, tls_port);
    let out = hall_init(
        &dir,
        &[
            "--boards",
            "2",
            "--port",
            &port.to_string(),
            "--tls-cert",
            &cert.to_string_lossy(),
            "--tls-key",
            &key.to_string_lossy(),
            "--tls-port",
            &tls_port.to_string(),
        ],
    );
    let report = String::from_utf8_lossy(&out.stdout);
    assert!(
        report.contains(&format!("mqtts://127.0.0.1:{tls_port}")),
        "{report}"
    );
    let broker = Broker::start(&dir).unwrap_or_else(|e| panic!("{e}"));
    let password = talkclock::hall::credentials::read(&dir.join("credentials/board-1.toml"))
        .unwrap()
        .password;
    let publish = |extra: &[&str]| {
        Command::new("mosquitto_pub")
            .args(["-h", "127.0.0.1", "-V", "mqttv5", "-q", "1", "-d"])
            .args([
                "-p",
                &tls_port.to_string(),
                "-u",
                "board-1",
                "-P",
                &password,
            ])
            .args(["-t", &topic("1", "records"), "-m", "over tls"])
            .args(extra)
            .output()
            .unwrap()
    };
    let trusted = publish(&["--cafile", &cert.to_string_lossy()]);
    let trace = String::from_utf8_lossy(&trusted.stdout);
    assert!(trusted.status.success(), "{trace}\n{}", broker.log());
    assert!(trace.contains("received CONNACK (0)"), "{trace}");
    assert!(trace.contains("received PUBACK"), "{trace}");
    let plain = publish(&[]);
    assert!(
        !plain.status.success(),
        "plain MQTT on the TLS port was served"
    );
    assert!(broker.log().contains(&format!("on port {tls_port}")));
}

//! Two venues written by `hall init` alone and bridged by two real mosquittos: venue A (boards
//! 1-2 and the station), venue B (`--boards 3-4 --venue b --bridge-to` A, its bridge user
//! installed on A with `hall add-bridge`). B's boards reach A's station, the station's commands
//! and mirrors reach B's boards, A's own boards stay off B, and the bridge comes back within
//! seconds after A's broker restarts; a real board daemon on B is seen and paused by the real
//! station on A; a bridge given `--bridge-ca` reaches A's TLS listener.

use crate::boards;
use crate::common_hall::{topic, Hall};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// How soon after venue A's broker is back the bridge carries B's boards again (mosquitto's
/// default `restart_timeout` waits at least 5 s, up to 30 s).
const RECONNECTED_WITHIN: Duration = Duration::from_secs(4);

/// Runs `talkclock hall add-bridge --dir A --file FILE`, which must succeed.
fn add_bridge(dir_a: &Path, file: &Path) {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(["hall", "add-bridge", "--dir"])
        .arg(dir_a)
        .arg("--file")
        .arg(file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "hall add-bridge failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Venue A running with the bridge user installed, and venue B running bridged to it.
fn two_venues() -> (Hall, Hall) {
    let a = Hall::start_with(&["--boards", "1-2"], |_| {});
    let to = format!("127.0.0.1:{}", a.broker.port());
    let b = Hall::start_with(
        &["--boards", "3-4", "--venue", "b", "--bridge-to", &to],
        |dir_b| {
            add_bridge(&a.dir, &dir_b.join("bridge-b.user"));
            a.broker.reload().unwrap();
        },
    );
    (a, b)
}

#[test]
fn a_second_venues_boards_reach_the_station_and_its_commands_come_back() {
    let (mut a, b) = two_venues();
    let station_a = a.subscribe("station", &["talkclock/v1/test-cup/#"], &[]);
    let station_b = b.subscribe("station", &["talkclock/v1/test-cup/#"], &[]);
    let board_3 = b.subscribe("board-3", &[&topic("3", "commands")], &[]);
    let board_4 = b.subscribe("board-4", &[&topic("4", "mirrored")], &[]);

    // B's boards to A's station: state and alert.
    let state = b.publish("board-3", &topic("3", "state"), "b3-state");
    assert!(state.accepted(), "{state:?}");
    let alert = b.publish("board-4", &topic("4", "alerts"), "b4-flag");
    assert!(alert.accepted(), "{alert:?}");
    assert!(
        station_a.got(&topic("3", "state"), "b3-state"),
        "board 3's state did not reach the station's venue: {:?}\nA:\n{}\nB:\n{}",
        station_a.lines(),
        a.broker.log(),
        b.broker.log()
    );
    assert!(
        station_a.got(&topic("4", "alerts"), "b4-flag"),
        "{:?}",
        station_a.lines()
    );

    // A's own board, then the station's command and mirror to B's boards.
    let own = a.publish("board-1", &topic("1", "state"), "a1-state");
    assert!(own.accepted(), "{own:?}");
    let command = a.publish("station", &topic("3", "commands"), "cmd-3");
    assert!(command.accepted(), "{command:?}");
    let mirror = a.publish("station", &topic("4", "mirrored"), "mirror-4");
    assert!(mirror.accepted(), "{mirror:?}");
    assert!(
        board_3.got(&topic("3", "commands"), "cmd-3"),
        "the station's command did not reach board 3: {:?}",
        board_3.lines()
    );
    assert!(
        board_4.got(&topic("4", "mirrored"), "mirror-4"),
        "{:?}",
        board_4.lines()
    );
    assert!(station_b.got(&topic("3", "commands"), "cmd-3"));
    assert!(
        !station_b.has_payload("a1-state"),
        "venue A's board 1 leaked into venue B: {:?}",
        station_b.lines()
    );

    // Venue A's broker restarts: the bridge is back within seconds.
    a.broker.restart().unwrap();
    let back = Instant::now();
    let station_a = a.subscribe("station", &[&topic("3", "alerts")], &[]);
    let mut n = 0;
    let probe_arrived = || {
        station_a
            .lines()
            .iter()
            .any(|l| l.contains("/alerts probe-"))
    };
    while !probe_arrived() && back.elapsed() < Duration::from_secs(20) {
        n += 1;
        b.publish("board-3", &topic("3", "alerts"), &format!("probe-{n}"));
        std::thread::sleep(Duration::from_millis(200));
    }
    let took = back.elapsed();
    eprintln!("the bridge carried board 3 again {took:?} after venue A was back");
    assert!(
        took < RECONNECTED_WITHIN,
        "the bridge took {took:?} to carry board 3 again after venue A's broker restarted\nB:\n{}",
        b.broker.log()
    );
}

#[test]
fn force_on_the_station_venue_keeps_the_bridge_user() {
    let (a, b) = two_venues();
    crate::common_hall::hall_init(
        &a.dir,
        &[
            "--boards",
            "1-2",
            "--port",
            &a.broker.port().to_string(),
            "--force",
        ],
    );
    a.broker.reload().unwrap();
    let station_a = a.subscribe("station", &["talkclock/v1/test-cup/#"], &[]);
    // The bridge's session on A survives a reload; a fresh login checks the kept password.
    let published = b.publish("board-3", &topic("3", "state"), "after-force");
    assert!(published.accepted(), "{published:?}");
    assert!(
        station_a.got(&topic("3", "state"), "after-force"),
        "{:?}",
        station_a.lines()
    );
    let acl = std::fs::read_to_string(a.dir.join("acl")).unwrap();
    assert!(acl.contains("user bridge-b\n"), "{acl}");
    let passwd = std::fs::read_to_string(a.dir.join("passwd")).unwrap();
    assert!(
        passwd.lines().any(|l| l.starts_with("bridge-b:$7$")),
        "{passwd}"
    );
}

#[test]
fn the_station_pauses_a_board_of_the_second_venue_across_the_bridge() {
    let a = boards::Hall::new(2);
    let b = boards::Hall::bridged(&a, "3-4", a.broker.port());
    let _station = a.station();
    let files = b.board_files(3, "5:00", b.broker.port());
    let mut board = b.board(&files);
    board.key("s");
    board.key("w");
    // The real board on B: its state reaches the station's venue.
    boards::wait_for(Duration::from_secs(20), "board 3 at the station", || {
        a.status().contains("board 3  ")
    });
    // The station's command goes to B, the board's reply comes back.
    let (code, reply) = a.ctl(3, &["pause"]);
    assert_eq!(code, 0, "{reply}");
    assert!(reply.contains("\"ok\":true"), "{reply}");
    assert_eq!(board.ctl(r#"{"cmd":"status"}"#)["phase"], "paused");
}

/// A self-signed certificate for `localhost` and its key (readable by the broker's user).
fn localhost_certificate(dir: &Path) -> (String, String) {
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    let made = Command::new("openssl")
        .args([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
        ])
        .args([
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=DNS:localhost",
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
    std::fs::set_permissions(&key, std::os::unix::fs::PermissionsExt::from_mode(0o644)).unwrap();
    (
        cert.to_string_lossy().into_owned(),
        key.to_string_lossy().into_owned(),
    )
}

#[test]
fn a_bridge_given_the_ca_reaches_the_station_over_tls() {
    let tmp = crate::common_hall::open_tempdir();
    let (cert, key) = localhost_certificate(tmp.path());
    let tls_port = boards::free_port().unwrap().to_string();
    let a = Hall::start_with(
        &[
            "--boards",
            "1-2",
            "--tls-cert",
            &cert,
            "--tls-key",
            &key,
            "--tls-port",
            &tls_port,
        ],
        |_| {},
    );
    let to = format!("localhost:{tls_port}");
    let b = Hall::start_with(
        &[
            "--boards",
            "3-4",
            "--venue",
            "b",
            "--bridge-to",
            &to,
            "--bridge-ca",
            &cert,
        ],
        |dir_b| {
            add_bridge(&a.dir, &dir_b.join("bridge-b.user"));
            a.broker.reload().unwrap();
        },
    );
    let station_a = a.subscribe("station", &["talkclock/v1/test-cup/#"], &[]);
    let state = b.publish("board-3", &topic("3", "state"), "over-tls");
    assert!(state.accepted(), "{state:?}");
    assert!(
        station_a.got(&topic("3", "state"), "over-tls"),
        "{:?}\nA:\n{}\nB:\n{}",
        station_a.lines(),
        a.broker.log(),
        b.broker.log()
    );
    let log = a.broker.log();
    assert!(
        log.lines().any(
            |l| l.contains("New connection from") && l.contains(&format!("on port {tls_port}"))
        ),
        "the bridge did not come in on the TLS port:\n{log}"
    );
}

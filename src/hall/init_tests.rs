//! Unit tests of `hall init`: the options it refuses, the ACL each board gets, the files and
//! their modes, and no overwriting without `--force`.

use super::*;
use crate::hall::board_range::BoardRange;
use crate::hall::credentials;
use crate::hall::mosquitto::{acl_text, board_acl};

fn options(dir: &Path) -> InitOptions {
    InitOptions {
        boards: BoardRange::first(3).expect("boards 1 to 3"),
        event: "spring-open_2026".into(),
        dir: dir.to_owned(),
        port: 1883,
        bind: Some("127.0.0.1".into()),
        tls: None,
        force: false,
        venue: None,
        bridge: None,
    }
}

fn scratch() -> tempfile::TempDir {
    tempfile::tempdir().expect("temporary folder")
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path)
        .expect("metadata")
        .permissions()
        .mode()
        & 0o777
}

#[test]
fn a_board_may_write_its_own_six_topics_and_read_its_two() {
    assert_eq!(
        board_acl("ev", 2),
        "user board-2\n\
         topic write talkclock/v1/ev/board/2/records\n\
         topic write talkclock/v1/ev/board/2/alerts\n\
         topic write talkclock/v1/ev/board/2/state\n\
         topic write talkclock/v1/ev/board/2/online\n\
         topic write talkclock/v1/ev/board/2/replies\n\
         topic write talkclock/v1/ev/board/2/selftest\n\
         topic read talkclock/v1/ev/board/2/commands\n\
         topic read talkclock/v1/ev/board/2/mirrored\n"
    );
}

#[test]
fn the_acl_has_every_board_then_the_station_and_nothing_else() {
    let text = acl_text("ev", BoardRange::first(3).expect("boards"));
    let rules: Vec<&str> = text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let users: Vec<&str> = rules
        .iter()
        .filter_map(|l| l.strip_prefix("user "))
        .collect();
    assert_eq!(users, ["board-1", "board-2", "board-3", "station"]);
    assert_eq!(rules.len(), 3 * 9 + 4, "{text}");
    assert!(text.ends_with(
        "user station\n\
         topic read talkclock/v1/ev/#\n\
         topic write talkclock/v1/ev/board/+/commands\n\
         topic write talkclock/v1/ev/board/+/mirrored\n"
    ));
    assert!(
        !text.contains("readwrite"),
        "no one both reads and writes a topic"
    );
    assert!(!text.contains("pattern"), "no rule for every user");
}

#[test]
fn a_second_venues_range_gets_users_and_acl_blocks_for_its_boards_only() {
    let tmp = scratch();
    let venue_b = InitOptions {
        boards: "101-103".parse().expect("a range"),
        ..options(&tmp.path().join("venue-b"))
    };
    let written = init(&venue_b).expect("written");
    let passwd = std::fs::read_to_string(written.dir.join("passwd")).expect("passwd");
    let users: Vec<&str> = passwd.lines().filter_map(|l| l.split(':').next()).collect();
    assert_eq!(users, ["board-101", "board-102", "board-103", "station"]);
    let acl = std::fs::read_to_string(written.dir.join("acl")).expect("acl");
    assert!(acl.contains(&board_acl("spring-open_2026", 101)));
    assert!(
        !acl.contains("user board-1\n"),
        "no board of the first venue:\n{acl}"
    );
    assert!(!written.dir.join("credentials/board-1.toml").exists());
    let conf = std::fs::read_to_string(written.dir.join("mosquitto.conf")).expect("conf");
    assert!(conf.contains("boards 101 to 103."), "{conf}");
    let report = written.report().join("\n");
    assert!(
        report.contains("(3 boards, 101 to 103)")
            && report.contains("board-101.toml … board-103.toml"),
        "{report}"
    );
}

#[test]
fn event_ids_that_are_not_one_topic_level_are_refused() {
    let too_long = "e".repeat(MAX_EVENT_LEN + 1);
    for bad in ["", "a/b", "a+", "cup#1", "two words", "é", &too_long] {
        let e = check_event(bad).unwrap_err();
        assert!(e.to_string().starts_with("--event"), "{e}");
    }
    for good in ["a", "Spring-Open_2026", &"e".repeat(MAX_EVENT_LEN)] {
        assert!(check_event(good).is_ok(), "{good}");
    }
}

#[test]
fn bad_binds_and_ports_are_refused() {
    let dir = Path::new("/nonexistent");
    let bad_bind = InitOptions {
        bind: Some("127.0.0.1\npassword_file /tmp/x".into()),
        ..options(dir)
    };
    assert!(matches!(check(&bad_bind), Err(InitError::Bind(_))));
    let same_port = InitOptions {
        tls: Some(TlsOptions {
            cert: "c.pem".into(),
            key: "k.pem".into(),
            ca: None,
            port: 1883,
        }),
        ..options(dir)
    };
    assert!(matches!(check(&same_port), Err(InitError::Port(_))));
    let zero = InitOptions {
        port: 0,
        ..options(dir)
    };
    assert!(matches!(check(&zero), Err(InitError::Port(_))));
}

#[test]
fn init_writes_the_files_with_private_credentials() {
    let tmp = scratch();
    let dir = tmp.path().join("hall");
    let written = init(&options(&dir)).expect("written");
    let dir = written.dir.clone();
    for name in ["mosquitto.conf", "passwd", "acl"] {
        assert!(dir.join(name).is_file(), "{name}");
    }
    assert!(dir.join("data").is_dir());
    assert_eq!(mode(&dir.join("passwd")), 0o600);
    assert_eq!(mode(&dir.join("credentials")), 0o700);
    for user in ["board-1", "board-2", "board-3", "station"] {
        let file = dir.join("credentials").join(format!("{user}.toml"));
        assert_eq!(mode(&file), 0o600, "{user}");
        let c = credentials::read(&file).expect("readable");
        assert_eq!(c.username, user);
        assert!(c.password.len() >= 24);
    }
    let passwd = std::fs::read_to_string(dir.join("passwd")).expect("passwd");
    let users: Vec<&str> = passwd.lines().filter_map(|l| l.split(':').next()).collect();
    assert_eq!(users, ["board-1", "board-2", "board-3", "station"]);
    assert!(passwd.lines().all(|l| l.contains(":$7$101$")), "{passwd}");
    let conf = std::fs::read_to_string(dir.join("mosquitto.conf")).expect("conf");
    for line in [
        "per_listener_settings false".to_string(),
        "allow_anonymous false".to_string(),
        format!("password_file {}/passwd", dir.display()),
        format!("acl_file {}/acl", dir.display()),
        "persistence true".to_string(),
        format!("persistence_location {}/data/", dir.display()),
        "autosave_interval 1".to_string(),
        "listener 1883 127.0.0.1".to_string(),
    ] {
        assert!(conf.lines().any(|l| l == line), "{line} missing in\n{conf}");
    }
    assert!(!conf.contains("certfile"));
    assert_eq!(written.station.username, "station");
}

#[test]
fn an_existing_hall_is_not_overwritten_without_force() {
    let tmp = scratch();
    let first = init(&options(tmp.path())).expect("first");
    let before = std::fs::read_to_string(first.dir.join("passwd")).expect("passwd");
    let e = init(&options(tmp.path())).unwrap_err();
    let text = e.to_string();
    assert!(
        text.contains("mosquitto.conf, passwd, acl already there"),
        "{text}"
    );
    assert!(text.contains("--force"), "{text}");
    assert!(e.is_usage());
    let after = std::fs::read_to_string(first.dir.join("passwd")).expect("passwd");
    assert_eq!(before, after, "the refused run changed nothing");

    let forced = InitOptions {
        force: true,
        ..options(tmp.path())
    };
    init(&forced).expect("forced");
    let renewed = std::fs::read_to_string(first.dir.join("passwd")).expect("passwd");
    assert_ne!(before, renewed, "new passwords");
}

#[test]
fn tls_adds_a_second_listener_with_absolute_files() {
    let tmp = scratch();
    let cert = tmp.path().join("cert.pem");
    let key = tmp.path().join("key.pem");
    std::fs::write(&cert, "cert").expect("cert");
    std::fs::write(&key, "key").expect("key");
    let o = InitOptions {
        dir: tmp.path().join("hall"),
        tls: Some(TlsOptions {
            cert: cert.clone(),
            key,
            ca: None,
            port: 8883,
        }),
        ..options(tmp.path())
    };
    let written = init(&o).expect("written");
    let conf = std::fs::read_to_string(written.dir.join("mosquitto.conf")).expect("conf");
    assert!(
        conf.contains("\nlistener 8883 127.0.0.1\ncertfile /"),
        "{conf}"
    );
    assert!(!conf.lines().any(|l| l.starts_with("cafile")), "{conf}");
    assert!(written
        .report()
        .iter()
        .any(|l| l.contains("mqtts://127.0.0.1:8883")));

    let missing = InitOptions {
        tls: Some(TlsOptions {
            cert: tmp.path().join("nope.pem"),
            key: cert.clone(),
            ca: None,
            port: 8883,
        }),
        force: true,
        ..o
    };
    let e = init(&missing).unwrap_err();
    assert!(e.to_string().starts_with("--tls-cert "), "{e}");

    let with_ca = InitOptions {
        tls: Some(TlsOptions {
            cert: cert.clone(),
            key: cert.clone(),
            ca: Some(cert.clone()),
            port: 8883,
        }),
        force: true,
        ..options(&tmp.path().join("hall"))
    };
    let written = init(&with_ca).expect("written");
    let conf = std::fs::read_to_string(written.dir.join("mosquitto.conf")).expect("conf");
    let ca_line = format!("cafile {}", cert.canonicalize().expect("cert").display());
    assert!(conf.lines().any(|l| l == ca_line), "{conf}");
}

#[test]
fn the_report_names_the_start_command_and_the_board_lines() {
    let tmp = scratch();
    let written = init(&options(tmp.path())).expect("written");
    let report = written.report().join("\n");
    let start = format!("mosquitto -c {}/mosquitto.conf", written.dir.display());
    assert!(report.contains(&start), "{report}");
    assert!(
        report.contains("url = \"mqtt://127.0.0.1:1883\""),
        "{report}"
    );
    assert!(report.contains("event = \"spring-open_2026\""), "{report}");
}

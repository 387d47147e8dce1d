//! Unit tests of `hall init --venue --bridge-to` and of `--force` keeping the users it did not
//! write (`hall add-bridge`'s).

use super::*;
use crate::hall::add_bridge::add_bridge;

fn options(dir: &Path, boards: &str) -> InitOptions {
    InitOptions {
        boards: boards.parse().expect("boards"),
        event: "cup".into(),
        dir: dir.to_owned(),
        port: 1883,
        bind: Some("127.0.0.1".into()),
        tls: None,
        force: false,
        venue: None,
        bridge: None,
    }
}

fn bridged(dir: &Path) -> InitOptions {
    InitOptions {
        venue: Some("b".into()),
        bridge: Some(BridgeOptions {
            to: "hall-a.example.org:8883".into(),
            ca: None,
        }),
        ..options(dir, "3-4")
    }
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path)
        .expect("exists")
        .permissions()
        .mode()
        & 0o777
}

#[test]
fn the_bridge_password_is_kept_out_of_the_world_readable_conf() {
    let tmp = tempfile::tempdir().expect("temporary folder");
    let written = init(&bridged(tmp.path())).expect("written");
    let dir = &written.dir;
    let conf = std::fs::read_to_string(dir.join("mosquitto.conf")).expect("conf");
    assert!(!conf.contains("remote_password"), "{conf}");
    assert_eq!(
        conf.lines().last(),
        Some(format!("include_dir {}/bridge.d", dir.display()).as_str())
    );
    assert!(conf.lines().any(|l| l == "max_queued_messages 100000"));
    let block = dir.join("bridge.d").join("bridge-b.conf");
    assert_eq!(mode(&block), 0o600);
    assert_eq!(mode(&dir.join("bridge.d")), 0o700);
    let text = std::fs::read_to_string(&block).expect("block");
    assert!(text.contains("remote_password "), "{text}");
    assert!(text.contains("address hall-a.example.org:8883\n"));
    let user_file = written.bridge_user_file.clone().expect("a user file");
    assert_eq!(user_file, dir.join("bridge-b.user"));
    assert_eq!(mode(&user_file), 0o600);
    assert!(
        written.report()[0].starts_with("Wrote the hall of event cup, venue b (2 boards, 3 to 4)")
    );
    assert!(written
        .report()
        .iter()
        .any(|l| l.contains("talkclock hall add-bridge --dir HALL_A --file bridge-b.user")));
}

#[test]
fn an_unbridged_hall_includes_no_bridge_folder() {
    let tmp = tempfile::tempdir().expect("temporary folder");
    let written = init(&options(tmp.path(), "1-2")).expect("written");
    let conf = std::fs::read_to_string(written.dir.join("mosquitto.conf")).expect("conf");
    assert!(!conf.contains("include_dir") && !conf.contains("max_queued_messages"));
    assert!(!written.dir.join("bridge.d").exists());
}

#[test]
fn a_bridge_needs_a_venue_and_an_address() {
    let tmp = tempfile::tempdir().expect("temporary folder");
    let no_venue = InitOptions {
        venue: None,
        ..bridged(tmp.path())
    };
    assert!(matches!(init(&no_venue), Err(InitError::NoVenue)));
    let bad_to = InitOptions {
        bridge: Some(BridgeOptions {
            to: "hall-a".into(),
            ca: None,
        }),
        ..bridged(tmp.path())
    };
    let e = init(&bad_to).unwrap_err();
    assert!(e.is_usage() && e.to_string().contains("HOST:PORT"), "{e}");
    let missing_ca = InitOptions {
        bridge: Some(BridgeOptions {
            to: "hall-a:8883".into(),
            ca: Some(tmp.path().join("no-such-ca.pem")),
        }),
        ..bridged(tmp.path())
    };
    let e = init(&missing_ca).unwrap_err();
    assert!(e.to_string().contains("--bridge-ca"), "{e}");
    assert!(!tmp.path().join("passwd").exists(), "nothing written");
}

#[test]
fn force_keeps_the_bridge_user_that_add_bridge_installed() {
    let tmp = tempfile::tempdir().expect("temporary folder");
    let a_dir = tmp.path().join("a");
    let b = init(&bridged(&tmp.path().join("b"))).expect("venue b");
    let a = init(&options(&a_dir, "1-2")).expect("venue a");
    let user_file = b.bridge_user_file.expect("user file");
    let added = add_bridge(&a.dir, &user_file).expect("added");
    assert!(!added.replaced);
    assert!(add_bridge(&a.dir, &user_file).expect("again").replaced);
    let passwd_before = std::fs::read_to_string(a.dir.join("passwd")).expect("passwd");
    let bridge_line = passwd_before
        .lines()
        .find(|l| l.starts_with("bridge-b:"))
        .expect("bridge line")
        .to_string();
    assert_eq!(passwd_before.matches("bridge-b:").count(), 1);

    let forced = init(&InitOptions {
        force: true,
        ..options(&a_dir, "1-2")
    })
    .expect("forced");
    assert_eq!(forced.kept, vec!["bridge-b".to_string()]);
    let passwd = std::fs::read_to_string(a.dir.join("passwd")).expect("passwd");
    assert!(passwd.lines().any(|l| l == bridge_line), "{passwd}");
    let acl = std::fs::read_to_string(a.dir.join("acl")).expect("acl");
    assert_eq!(acl.matches("user bridge-b\n").count(), 1, "{acl}");
    assert!(acl.contains("topic write talkclock/v1/cup/board/3/records\n"));
    assert_eq!(acl.matches("user station\n").count(), 1, "{acl}");
}

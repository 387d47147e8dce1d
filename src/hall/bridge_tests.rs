//! The bridge block, the bridge user's ACL and its file for the station's venue.

use super::*;

fn range(a: u32, b: u32) -> BoardRange {
    format!("{a}-{b}").parse().expect("a range")
}

#[test]
fn the_bridge_carries_only_its_own_boards_each_way() {
    let text = conf_text(&BridgeConf {
        venue: "b",
        event: "cup",
        boards: range(3, 4),
        address: "127.0.0.1:1883",
        ca: None,
        password: "secret",
    });
    let topics: Vec<&str> = text.lines().filter(|l| l.starts_with("topic ")).collect();
    assert_eq!(topics.len(), 2 * 8, "{text}");
    assert!(topics.contains(&"topic talkclock/v1/cup/board/3/records out 1"));
    assert!(topics.contains(&"topic talkclock/v1/cup/board/4/online out 1"));
    assert!(topics.contains(&"topic talkclock/v1/cup/board/4/selftest out 1"));
    assert!(topics.contains(&"topic talkclock/v1/cup/board/4/commands in 1"));
    assert!(topics.contains(&"topic talkclock/v1/cup/board/3/mirrored in 1"));
    assert!(
        topics
            .iter()
            .all(|t| !t.contains('#') && !t.contains("both")),
        "{text}"
    );
    for line in [
        "connection talkclock-b",
        "address 127.0.0.1:1883",
        "remote_username bridge-b",
        "remote_password secret",
        "remote_clientid bridge-b",
        "local_clientid bridge-b-local",
        "cleansession false",
        "restart_timeout 1 10",
    ] {
        assert!(text.lines().any(|l| l == line), "no {line:?} in\n{text}");
    }
    assert!(!text.contains("bridge_cafile"));
}

#[test]
fn a_ca_makes_the_bridge_tls() {
    let text = conf_text(&BridgeConf {
        venue: "b",
        event: "cup",
        boards: range(3, 3),
        address: "hall-a.example.org:8883",
        ca: Some(Path::new("/etc/ca.pem")),
        password: "p",
    });
    assert!(text.lines().any(|l| l == "bridge_cafile /etc/ca.pem"));
}

#[test]
fn the_bridge_user_writes_what_its_boards_write_and_reads_what_they_read() {
    let acl = acl_block("b", "cup", range(3, 4));
    assert!(acl.starts_with("user bridge-b\n"));
    assert!(acl.contains("topic write talkclock/v1/cup/board/3/state\n"));
    assert!(acl.contains("topic read talkclock/v1/cup/board/4/commands\n"));
    assert!(!acl.contains("board/1/") && !acl.contains("board/5/"));
    assert_eq!(acl.lines().count(), 1 + 2 * 8);
}

#[test]
fn the_user_file_reads_back_and_a_stranger_file_is_refused() {
    let user = BridgeUser {
        name: "bridge-b".into(),
        passwd_line: "bridge-b:$7$101$c2FsdA==$aGFzaA==".into(),
        acl: acl_block("b", "cup", range(3, 4)),
    };
    assert_eq!(
        parse_user_file(&user_file_text(&user)).expect("reads"),
        user
    );
    for bad in [
        "",
        "passwd bridge-b:$7$x\n",
        "user bridge-b\ntopic write a\n",
        "passwd station:$7$x\nuser station\n",
        "passwd bridge-b:$7$x\nuser bridge-b\ntopic readwrite #\n",
        "passwd bridge-c:$7$x\nuser bridge-b\n",
        "passwd bridge-b:plain\nuser bridge-b\n",
    ] {
        assert!(parse_user_file(bad).is_err(), "accepted {bad:?}");
    }
}

#[test]
fn venue_names_and_addresses_are_checked() {
    assert!(check_venue("hall-b_2").is_ok());
    for bad in ["", "a/b", "a b", "#", &"x".repeat(MAX_VENUE_LEN + 1)] {
        assert!(check_venue(bad).is_err(), "{bad:?}");
    }
    for good in ["127.0.0.1:1883", "hall-a.example.org:8883", "[::1]:1883"] {
        assert!(check_address(good).is_ok(), "{good:?}");
    }
    for bad in ["host", "host:0", ":1883", "host:x", "a b:1", "host:70000"] {
        assert!(check_address(bad).is_err(), "{bad:?}");
    }
}

//! The real daemon's control socket under garbage: random bytes, invalid UTF-8, an oversized
//! line, a connection closed half-way. Every request gets an error reply; the daemon lives on.

use crate::common_daemon;

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::time::Duration;

fn send_raw(socket: &std::path::Path, bytes: &[u8]) -> String {
    let mut stream = UnixStream::connect(socket).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let _ = stream.write_all(bytes);
    let _ = stream.write_all(b"\n");
    let mut reply = String::new();
    let _ = BufReader::new(stream).read_line(&mut reply);
    reply
}

#[test]
fn garbage_on_the_socket_gets_error_replies_and_never_stops_the_daemon() {
    let (_files, daemon) = common_daemon::quiet("[[time_control.stage]]\ntime = \"5:00\"\n");

    let mut seed: u64 = 0x0dd_ba11;
    for round in 0..200 {
        let len = (seed % 200) as usize;
        let mut bytes = Vec::with_capacity(len);
        for _ in 0..len {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let b = (seed & 0xff) as u8;
            bytes.push(if b == b'\n' { b' ' } else { b });
        }
        if bytes.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let reply = send_raw(&daemon.socket, &bytes);
        let json: serde_json::Value = serde_json::from_str(&reply)
            .unwrap_or_else(|e| panic!("round {round}: reply {reply:?} is not JSON: {e}"));
        assert_eq!(json["ok"], false, "round {round}: {reply}");
        assert!(json["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
    let oversized = vec![b'x'; 70 * 1024];
    let reply = send_raw(&daemon.socket, &oversized);
    assert!(reply.contains("too long"), "{reply}");
    // A connection that closes without a newline.
    drop(
        UnixStream::connect(&daemon.socket)
            .unwrap()
            .write_all(b"{\"cmd\":"),
    );

    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    assert_eq!(status["ok"], true, "the daemon still answers: {status}");
    daemon.terminate();
}

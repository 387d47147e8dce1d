//! `talkclock ctl`: sends one request to the daemon's control socket and prints the reply.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::Path;
use std::time::Duration;

/// Sends one JSON request line and returns the reply line.
pub fn request(socket: &Path, json: &str) -> std::io::Result<String> {
    let mut stream = UnixStream::connect(socket).map_err(|e| {
        std::io::Error::new(
            e.kind(),
            format!(
                "{}: cannot reach the talkclock daemon: {e}",
                socket.display()
            ),
        )
    })?;
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    writeln!(stream, "{json}")?;
    let mut reply = String::new();
    BufReader::new(stream).read_line(&mut reply)?;
    Ok(reply.trim_end().to_string())
}

/// Builds the request for `talkclock ctl WORDS…` (e.g. `adjust black -5:00`).
pub fn request_for(words: &[String]) -> Result<String, String> {
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    let json = match w.as_slice() {
        ["status"] | ["start"] | ["pause"] | ["resume"] | ["new-game"] | ["reload"] => {
            serde_json::json!({ "cmd": w[0] })
        }
        ["new-game", "--force"] => serde_json::json!({"cmd": "new-game", "force": true}),
        ["set", side, time] => serde_json::json!({"cmd": "set", "side": side, "time": time}),
        ["adjust", side, delta] => serde_json::json!({"cmd": "adjust", "side": side, "delta": delta}),
        ["ruling", "no-moves", side] => {
            serde_json::json!({"cmd": "ruling", "ruling": "no-moves", "side": side})
        }
        ["ruling", ruling] => serde_json::json!({"cmd": "ruling", "ruling": ruling}),
        ["check", listener] => serde_json::json!({"cmd": "check", "listener": listener}),
        ["say", audience, text @ ..] if !text.is_empty() => {
            serde_json::json!({"cmd": "say", "audience": audience, "text": text.join(" ")})
        }
        _ => {
            return Err(
                "usage: talkclock ctl status | start | pause | resume | set SIDE TIME | adjust SIDE ±TIME | \
                 ruling misunderstanding|resign|draw|no-moves SIDE | check LISTENER | say AUDIENCE TEXT… | \
                 new-game [--force] | reload"
                    .to_string(),
            )
        }
    };
    Ok(json.to_string())
}

//! `talkclock ctl`: sends one request to the daemon's control socket and prints the reply.
//!
//! Before a word is sent, the client makes sure of whom it talks to: the default socket's
//! directory must be private to this user ([`trust::check_private`]), and the server must be run
//! by this user, by root, or by the owner of the socket's directory when nobody else may write
//! there ([`trust::server_trusted`]).

use super::trust::{self, DirError};
use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Why a request got no reply that can be believed.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The default socket's directory is not private to this user.
    #[error("{0}")]
    Directory(#[from] DirError),
    /// Nothing listens there.
    #[error("{}: cannot reach the talkclock daemon: {source}", .socket.display())]
    Unreachable {
        /// The socket.
        socket: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Another user's program listens there.
    #[error(
        "{}: the server on this socket is run by uid {server}, not by you (uid {me}) nor by \
         root nor by the owner of its directory: another user may have listened there first, \
         so the command was not sent",
        .socket.display()
    )]
    Stranger {
        /// The socket.
        socket: PathBuf,
        /// The server's user.
        server: u32,
        /// This process's user.
        me: u32,
    },
    /// Sending or reading failed half-way.
    #[error("{}: {source}", .socket.display())]
    Io {
        /// The socket.
        socket: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The daemon closed the connection without a reply.
    #[error("{}: the daemon closed the connection without a reply", .socket.display())]
    NoReply {
        /// The socket.
        socket: PathBuf,
    },
}

/// Sends one JSON request line and returns the reply line. A socket in the default directory
/// is used only if that directory is private to this user; any socket only if its server is
/// trusted.
pub fn request(socket: &Path, json: &str) -> Result<String, ClientError> {
    let dir = socket.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir.filter(|d| *d == trust::default_dir()) {
        trust::check_private(dir)?;
    }
    let mut stream = UnixStream::connect(socket).map_err(|source| ClientError::Unreachable {
        socket: socket.to_path_buf(),
        source,
    })?;
    let io = |source| ClientError::Io {
        socket: socket.to_path_buf(),
        source,
    };
    let server = trust::peer_uid(&stream).map_err(io)?;
    let me = trust::my_uid();
    let dir_owner = trust::sole_writer(dir.unwrap_or(Path::new(".")));
    if !trust::server_trusted(server, me, dir_owner) {
        return Err(ClientError::Stranger {
            socket: socket.to_path_buf(),
            server,
            me,
        });
    }
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .map_err(io)?;
    // A daemon that refuses this client replies at once and closes, so the request may not
    // get through: its reply is read all the same.
    let sent = writeln!(stream, "{json}");
    let mut reply = String::new();
    let read = BufReader::new(stream).read_line(&mut reply);
    if reply.is_empty() {
        sent.map_err(io)?;
        read.map_err(io)?;
        return Err(ClientError::NoReply {
            socket: socket.to_path_buf(),
        });
    }
    Ok(reply.trim_end().to_string())
}
/// Words that are no `talkclock ctl` command: the error says the usage.
#[derive(Debug, thiserror::Error)]
#[error(
    "usage: talkclock ctl status | start | pause | resume | set SIDE TIME | adjust SIDE ±TIME | \
     ruling misunderstanding|resign|draw|no-moves SIDE | check LISTENER | rollback MOVE [SIDE] | \
     result white|black|draw | result white|black --forfeit | say AUDIENCE TEXT… | new-game [--force] | reload"
)]
pub struct CtlUsage;

/// Builds the request for `talkclock ctl WORDS…` (e.g. `adjust black -5:00`).
pub fn request_for(words: &[String]) -> Result<serde_json::Value, CtlUsage> {
    let w: Vec<&str> = words.iter().map(String::as_str).collect();
    let json = match w.as_slice() {
        ["status"] | ["start"] | ["pause"] | ["resume"] | ["new-game"] | ["reload"] => {
            serde_json::json!({ "cmd": w[0] })
        }
        ["new-game", "--force"] => serde_json::json!({"cmd": "new-game", "force": true}),
        ["set", side, time] => serde_json::json!({"cmd": "set", "side": side, "time": time}),
        ["adjust", side, delta] => {
            serde_json::json!({"cmd": "adjust", "side": side, "delta": delta})
        }
        ["ruling", "no-moves", side] => {
            serde_json::json!({"cmd": "ruling", "ruling": "no-moves", "side": side})
        }
        ["ruling", ruling] => serde_json::json!({"cmd": "ruling", "ruling": ruling}),
        ["check", listener] => serde_json::json!({"cmd": "check", "listener": listener}),
        ["result", outcome] => serde_json::json!({"cmd": "result", "outcome": outcome}),
        ["result", outcome, "--forfeit"] | ["result", "--forfeit", outcome] => {
            serde_json::json!({"cmd": "result", "outcome": outcome, "forfeit": true})
        }
        ["rollback", moves, side @ ..] if side.len() <= 1 => {
            let moves: u32 = moves.parse().map_err(|_| CtlUsage)?;
            match side {
                [side] => serde_json::json!({"cmd": "rollback", "moves": moves, "side": side}),
                _ => serde_json::json!({"cmd": "rollback", "moves": moves}),
            }
        }
        ["say", audience, text @ ..] if !text.is_empty() => {
            serde_json::json!({"cmd": "say", "audience": audience, "text": text.join(" ")})
        }
        _ => return Err(CtlUsage),
    };
    Ok(json)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(w: &[&str]) -> Vec<String> {
        w.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn ctl_result_builds_the_result_request_the_daemon_reads() {
        for outcome in ["white", "black", "draw"] {
            let json = request_for(&words(&["result", outcome])).expect("words");
            assert_eq!(
                json,
                serde_json::json!({"cmd": "result", "outcome": outcome})
            );
            let line = json.to_string();
            assert!(crate::control::protocol::parse_request(line.as_bytes()).is_ok());
        }
        assert!(request_for(&words(&["result"])).is_err());
        assert!(request_for(&words(&["result", "white", "black"])).is_err());
        let wrong = request_for(&words(&["result", "white-wins"])).expect("sent as typed");
        assert!(crate::control::protocol::parse_request(wrong.to_string().as_bytes()).is_err());
    }

    #[test]
    fn ctl_result_forfeit_builds_a_forfeit_the_daemon_reads() {
        use crate::clock::{Input, Side};
        use crate::control::protocol::{parse_request, ArbiterCommand};
        for (w, loser) in [
            (&["result", "white", "--forfeit"][..], Side::Black),
            (&["result", "--forfeit", "black"][..], Side::White),
        ] {
            let json = request_for(&words(w)).expect("words");
            let line = json.to_string();
            assert_eq!(
                parse_request(line.as_bytes()).expect("a request"),
                ArbiterCommand::Game(Input::Forfeit(loser))
            );
        }
        let drawn = request_for(&words(&["result", "draw", "--forfeit"])).expect("sent as typed");
        let refused = parse_request(drawn.to_string().as_bytes()).expect_err("no winner");
        assert!(
            refused.to_string().contains("a forfeit has a winner"),
            "{refused}"
        );
    }
}

//! The control socket's server: accepts arbiter connections, reads bounded request lines,
//! hands each command to the core thread and writes its reply.
//!
//! However many programs connect and then say nothing, the arbiter gets in: at most
//! [`MAX_CONNECTIONS`] are open at once (a new one closes the oldest that is waiting for a
//! request), and a connection that sends no whole request line within [`IDLE_LIMIT`] is closed.
//! Connections from another user (other than root) are refused.

use super::protocol::{parse_request, ArbiterCommand, MAX_REQUEST};
use super::reply::Reply;
use super::request::Request;
use super::trust::{self, DirError};
use crossbeam_channel::{bounded, Sender};
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::fs::{DirBuilderExt, PermissionsExt};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// At most this many control connections are open at once.
pub const MAX_CONNECTIONS: usize = 32;

/// A connection that sends no whole request line for this long is closed.
pub const IDLE_LIMIT: Duration = Duration::from_secs(10);

/// How long a reply may wait for a client that does not read.
const WRITE_LIMIT: Duration = Duration::from_secs(5);

/// Why the socket could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum SocketError {
    /// Another daemon is listening there.
    #[error("{0}: another talkclock daemon is already listening on this control socket")]
    InUse(String),
    /// The default socket's directory is not private to this user.
    #[error("{0}")]
    Directory(#[from] DirError),
    /// The socket could not be created.
    #[error("{path}: cannot open the control socket: {source}")]
    Open {
        /// The socket path.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

/// Who may use the control socket.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// The daemon's user (and root): mode 0600.
    Owner,
    /// Its group too: mode 0660. The kernel lets in only those who may write the socket, so
    /// every client that connects is the user, root or a member of the group.
    Group,
}

/// Binds the socket (mode 0600, or 0660 for [`Access::Group`]), replacing a stale file left by
/// a dead daemon. The default socket's directory is made (mode 0700) and checked first: a
/// directory another user owns or may enter is refused.
pub fn bind(path: &Path, access: Access) -> Result<UnixListener, SocketError> {
    let name = path.display().to_string();
    let open = |source| SocketError::Open {
        path: name.clone(),
        source,
    };
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        if dir == trust::default_dir() {
            trust::ensure_private(dir)?;
        } else {
            std::fs::DirBuilder::new()
                .recursive(true)
                .mode(0o700)
                .create(dir)
                .map_err(open)?;
        }
    }
    if path.exists() {
        if UnixStream::connect(path).is_ok() {
            return Err(SocketError::InUse(name));
        }
        let _ = std::fs::remove_file(path);
    }
    let listener = UnixListener::bind(path).map_err(open)?;
    let mode = match access {
        Access::Owner => 0o600,
        Access::Group => 0o660,
    };
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).map_err(open)?;
    Ok(listener)
}

/// An open connection, as the accept loop sees it.
struct Slot {
    id: u64,
    /// A handle to close it with.
    stream: UnixStream,
    /// True while a request is being answered (it is then not closed for a newcomer).
    busy: Arc<AtomicBool>,
}

/// The open connections, oldest first.
#[derive(Default)]
struct Connections {
    slots: Mutex<VecDeque<Slot>>,
}

impl Connections {
    /// Makes room for a new connection (closing the oldest one that waits for a request when
    /// all [`MAX_CONNECTIONS`] are taken) and registers it; `None` when every one is busy.
    fn admit(&self, id: u64, stream: &UnixStream) -> Option<Arc<AtomicBool>> {
        let handle = stream.try_clone().ok()?;
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        if slots.len() >= MAX_CONNECTIONS {
            let idle = slots.iter().position(|s| !s.busy.load(Ordering::SeqCst))?;
            if let Some(old) = slots.remove(idle) {
                tracing::debug!("control connection {} closed for a newcomer", old.id);
                let _ = old.stream.shutdown(std::net::Shutdown::Both);
            }
        }
        let busy = Arc::new(AtomicBool::new(false));
        slots.push_back(Slot {
            id,
            stream: handle,
            busy: busy.clone(),
        });
        Some(busy)
    }

    fn remove(&self, id: u64) {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots.retain(|s| s.id != id);
    }
}

/// Serves connections until the core goes away; each connection on its own thread, at most
/// [`MAX_CONNECTIONS`] at once.
pub fn serve(listener: UnixListener, core: Sender<Request>, access: Access) {
    let me = trust::my_uid();
    let connections = Arc::new(Connections::default());
    let mut next_id: u64 = 0;
    for stream in listener.incoming() {
        let mut stream = match stream {
            Ok(stream) => stream,
            Err(e) => {
                // Out of file descriptors, say: wait for some to close instead of spinning.
                tracing::warn!("control socket: cannot accept a connection: {e}");
                std::thread::sleep(Duration::from_millis(50));
                continue;
            }
        };
        let _ = stream.set_write_timeout(Some(WRITE_LIMIT));
        match trust::peer_uid(&stream) {
            Ok(uid) if access == Access::Group || trust::client_allowed(uid, me) => {}
            Ok(uid) => {
                let refusal =
                    format!("this clock is run by uid {me}; uid {uid} may not control it");
                let _ = writeln!(stream, "{}", Reply::error(&refusal).to_line());
                continue;
            }
            Err(e) => {
                let refusal = format!("cannot tell who is connecting: {e}");
                let _ = writeln!(stream, "{}", Reply::error(&refusal).to_line());
                continue;
            }
        }
        next_id += 1;
        let id = next_id;
        let Some(busy) = connections.admit(id, &stream) else {
            let refusal = Reply::error("the clock is answering other requests; try again");
            let _ = writeln!(stream, "{}", refusal.to_line());
            continue;
        };
        let core = core.clone();
        let connections = connections.clone();
        let spawned = std::thread::Builder::new()
            .name("control-connection".into())
            .spawn(move || {
                if let Err(e) = serve_connection(stream, &core, &busy) {
                    tracing::debug!("control connection ended: {e}");
                }
                connections.remove(id);
            });
        if let Err(e) = spawned {
            tracing::warn!("control socket: cannot start a connection's thread: {e}");
        }
    }
}

/// One request line, or why there is none.
enum Line {
    /// A request line (its newline included, if it had one).
    Request(Vec<u8>),
    /// Longer than [`MAX_REQUEST`].
    TooLong,
    /// No whole line within [`IDLE_LIMIT`].
    Idle,
    /// The client closed the connection.
    Closed,
}

/// Reads one line, with [`IDLE_LIMIT`] for the whole line (bytes dribbled in do not extend it).
fn read_line(reader: &mut BufReader<UnixStream>) -> std::io::Result<Line> {
    let deadline = Instant::now() + IDLE_LIMIT;
    let mut line = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Ok(Line::Idle);
        }
        reader.get_ref().set_read_timeout(Some(left))?;
        let buf = match reader.fill_buf() {
            Ok(buf) => buf,
            Err(e)
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                return Ok(Line::Idle)
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(if line.is_empty() {
                Line::Closed
            } else {
                Line::Request(line)
            });
        }
        let (take, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(at) => (at + 1, true),
            None => (buf.len(), false),
        };
        line.extend_from_slice(&buf[..take]);
        reader.consume(take);
        if line.len() > MAX_REQUEST {
            return Ok(Line::TooLong);
        }
        if done {
            return Ok(Line::Request(line));
        }
    }
}

fn serve_connection(
    stream: UnixStream,
    core: &Sender<Request>,
    busy: &AtomicBool,
) -> std::io::Result<()> {
    let mut writer = stream.try_clone()?;
    let mut reader = BufReader::new(stream);
    loop {
        let line = match read_line(&mut reader)? {
            Line::Request(line) => line,
            Line::Closed => return Ok(()),
            Line::Idle => {
                let message = format!(
                    "closed: no whole request line in {} s",
                    IDLE_LIMIT.as_secs()
                );
                let _ = writeln!(writer, "{}", Reply::error(&message).to_line());
                return Ok(());
            }
            Line::TooLong => {
                let message = format!("request too long: more than {MAX_REQUEST} bytes");
                writeln!(writer, "{}", Reply::error(&message).to_line())?;
                return Ok(());
            }
        };
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        busy.store(true, Ordering::SeqCst);
        let reply = match parse_request(&line) {
            Ok(command) => ask_core(core, command),
            Err(refused) => Reply::error(&refused.to_string()),
        };
        // The one place a reply becomes text on this transport.
        let written = writeln!(writer, "{}", reply.to_line());
        busy.store(false, Ordering::SeqCst);
        written?;
    }
}

fn ask_core(core: &Sender<Request>, command: ArbiterCommand) -> Reply {
    let (to, answer) = bounded(1);
    if core.send(Request::new(command, to, 0)).is_err() {
        return Reply::error("the clock is shutting down");
    }
    answer.recv_timeout(Duration::from_secs(5)).map_or_else(
        |_| Reply::error("the clock did not answer"),
        |answer| answer.reply,
    )
}

/// The default socket path: `talkclock.sock` in the private directory of
/// [`trust::default_dir`] (`$XDG_RUNTIME_DIR/talkclock/`, else `$TMPDIR/talkclock-UID/`).
pub fn default_path() -> PathBuf {
    trust::default_dir().join("talkclock.sock")
}

/// The system service's socket (`config/talkclock.service`, installed by the package).
pub const SERVICE_SOCKET: &str = "/run/talkclock/talkclock.sock";

/// The socket `ctl` uses when none is given: the user's own daemon's, else the system
/// service's when that one is there (an arbiter in the `talkclock-arbiter` group).
pub fn client_default_path() -> PathBuf {
    let own = default_path();
    if !own.exists() && Path::new(SERVICE_SOCKET).exists() {
        return PathBuf::from(SERVICE_SOCKET);
    }
    own
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    #[test]
    fn a_newcomer_closes_the_oldest_idle_connection_and_busy_ones_are_kept() {
        let connections = Connections::default();
        let mut clients = Vec::new();
        let mut flags = Vec::new();
        for id in 0..MAX_CONNECTIONS as u64 {
            let (server, client) = UnixStream::pair().unwrap();
            flags.push(connections.admit(id, &server).unwrap());
            clients.push((server, client));
        }
        // The oldest is answering a request: the second oldest goes instead.
        flags[0].store(true, Ordering::SeqCst);
        let (server, _client) = UnixStream::pair().unwrap();
        assert!(connections.admit(100, &server).is_some());
        let mut buf = [0u8; 1];
        let (_, second) = &mut clients[1];
        second
            .set_read_timeout(Some(Duration::from_secs(5)))
            .unwrap();
        assert_eq!(second.read(&mut buf).unwrap(), 0, "closed for the newcomer");
        // With every one busy, a newcomer is turned away.
        let slots = connections.slots.lock().unwrap();
        for slot in slots.iter() {
            slot.busy.store(true, Ordering::SeqCst);
        }
        drop(slots);
        let (server, _client) = UnixStream::pair().unwrap();
        assert!(connections.admit(101, &server).is_none());
    }

    #[test]
    fn a_line_dribbled_in_gets_no_more_time_than_silence() {
        let (server, mut client) = UnixStream::pair().unwrap();
        let writer = std::thread::spawn(move || {
            for _ in 0..30 {
                if client.write_all(b" ").is_err() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(500));
            }
        });
        let started = Instant::now();
        let line = read_line(&mut BufReader::new(server)).unwrap();
        assert!(matches!(line, Line::Idle));
        assert!(started.elapsed() < IDLE_LIMIT + Duration::from_secs(3));
        writer.join().unwrap();
    }
}

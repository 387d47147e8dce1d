//! The control socket's server: accepts arbiter connections, reads bounded request lines,
//! hands each command to the core thread and writes its reply.

use super::protocol::{error_reply, parse_request, ArbiterCommand, MAX_REQUEST};
use crossbeam_channel::{bounded, Sender};
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// A command from the socket with the channel its reply goes back on.
#[derive(Debug)]
pub struct ControlRequest {
    /// The command.
    pub command: ArbiterCommand,
    /// Where the core sends the reply line (a JSON object).
    pub reply: Sender<String>,
}

/// Why the socket could not be opened.
#[derive(Debug, thiserror::Error)]
pub enum SocketError {
    /// Another daemon is listening there.
    #[error("{0}: another talkclock daemon is already listening on this control socket")]
    InUse(String),
    /// The socket could not be created.
    #[error("{path}: cannot open the control socket: {source}")]
    Open {
        /// The socket path.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

/// Binds the socket (mode 0600), replacing a stale file left by a dead daemon.
pub fn bind(path: &Path) -> Result<UnixListener, SocketError> {
    let name = path.display().to_string();
    if path.exists() {
        if UnixStream::connect(path).is_ok() {
            return Err(SocketError::InUse(name));
        }
        let _ = std::fs::remove_file(path);
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|source| SocketError::Open {
            path: name.clone(),
            source,
        })?;
    }
    let listener = UnixListener::bind(path).map_err(|source| SocketError::Open {
        path: name.clone(),
        source,
    })?;
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(0o600))
        .map_err(|source| SocketError::Open { path: name, source })?;
    Ok(listener)
}

/// Serves connections until the core goes away; each connection on its own thread.
pub fn serve(listener: UnixListener, core: Sender<ControlRequest>) {
    for stream in listener.incoming() {
        let Ok(stream) = stream else { continue };
        let core = core.clone();
        std::thread::spawn(move || {
            if let Err(e) = serve_connection(stream, &core) {
                tracing::debug!("control connection ended: {e}");
            }
        });
    }
}

fn serve_connection(stream: UnixStream, core: &Sender<ControlRequest>) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(300)))?;
    let mut writer = stream.try_clone()?;
    let mut reader = BufReader::new(stream);
    loop {
        let mut line = Vec::new();
        let read = (&mut reader)
            .take(MAX_REQUEST as u64 + 1)
            .read_until(b'\n', &mut line)?;
        if read == 0 {
            return Ok(());
        }
        if line.len() > MAX_REQUEST {
            writeln!(
                writer,
                "{}",
                error_reply(&format!("request too long: more than {MAX_REQUEST} bytes"))
            )?;
            return Ok(());
        }
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let reply = match parse_request(&line) {
            Ok(command) => ask_core(core, command),
            Err(message) => error_reply(&message),
        };
        writeln!(writer, "{reply}")?;
    }
}

fn ask_core(core: &Sender<ControlRequest>, command: ArbiterCommand) -> String {
    let (reply, answer) = bounded(1);
    if core.send(ControlRequest { command, reply }).is_err() {
        return error_reply("the clock is shutting down");
    }
    answer
        .recv_timeout(Duration::from_secs(5))
        .unwrap_or_else(|_| error_reply("the clock did not answer"))
}

/// The default socket path: `$XDG_RUNTIME_DIR/talkclock.sock`, else under the temp dir.
pub fn default_path() -> PathBuf {
    match std::env::var_os("XDG_RUNTIME_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir).join("talkclock.sock"),
        _ => std::env::temp_dir().join(format!("talkclock-{}.sock", uid())),
    }
}

fn uid() -> u32 {
    use std::os::unix::fs::MetadataExt;
    std::fs::metadata("/proc/self").map_or(0, |m| m.uid())
}

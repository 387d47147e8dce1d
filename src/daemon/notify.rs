//! systemd's readiness protocol: `READY=1` and `STOPPING=1` datagrams to `$NOTIFY_SOCKET`.

use std::os::unix::net::UnixDatagram;

fn send(state: &str) {
    let Some(path) = std::env::var_os("NOTIFY_SOCKET") else {
        return;
    };
    let Ok(socket) = UnixDatagram::unbound() else {
        return;
    };
    let bytes = path.as_encoded_bytes();
    let sent = if let Some(name) = bytes.strip_prefix(b"@") {
        use std::os::linux::net::SocketAddrExt;
        std::os::unix::net::SocketAddr::from_abstract_name(name)
            .and_then(|addr| socket.send_to_addr(state.as_bytes(), &addr))
    } else {
        socket.send_to(state.as_bytes(), std::path::Path::new(&path))
    };
    if let Err(e) = sent {
        tracing::warn!("cannot notify systemd ({state}): {e}");
    }
}

/// Tells systemd the daemon is ready.
pub fn ready() {
    send("READY=1");
}

/// Tells systemd the daemon is stopping.
pub fn stopping() {
    send("STOPPING=1");
}

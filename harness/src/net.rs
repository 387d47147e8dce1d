//! Ports for the servers the tests and the bench start (BRLTTY, mosquitto, the daemon's web
//! displays, ChromeDriver).

use std::net::{Ipv4Addr, TcpListener};
use std::sync::{Mutex, PoisonError};

/// Every port [`free_port`] has handed out in this process.
static GIVEN: Mutex<Vec<u16>> = Mutex::new(Vec::new());

/// A TCP port on 127.0.0.1 that was free a moment ago, and that this process has not been
/// given before. The kernel picked it; the caller's server binds it a little later. In that
/// moment the port is free again, so the kernel could give it to another test running side by
/// side in this process, and two servers would race for it (or one test would talk to the
/// other's server): ports handed out once are never handed out again here. Another program
/// could still take it, which is unlikely within a test.
pub fn free_port() -> std::io::Result<u16> {
    let mut given = GIVEN.lock().unwrap_or_else(PoisonError::into_inner);
    loop {
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))?;
        let port = listener.local_addr()?.port();
        if !given.contains(&port) {
            given.push(port);
            return Ok(port);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_free_port_can_be_bound() {
        let port = free_port().expect("a port");
        TcpListener::bind((Ipv4Addr::LOCALHOST, port)).expect("the port is free");
    }

    #[test]
    fn no_port_is_handed_out_twice() {
        let mut ports: Vec<u16> = (0..1000).map(|_| free_port().expect("a port")).collect();
        ports.sort_unstable();
        let before = ports.len();
        ports.dedup();
        assert_eq!(ports.len(), before, "a port was handed out twice");
    }
}

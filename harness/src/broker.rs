//! The hall's MQTT broker as a child process: `mosquitto -c DIR/mosquitto.conf` on a folder
//! that `talkclock hall init --port P --bind 127.0.0.1` wrote, ready when its port accepts a
//! connection, killed with SIGKILL and restarted on the same port (its database in `DIR/data/`
//! is what survives), stopped with SIGTERM on drop. Its log goes to `DIR/mosquitto.log`, kept
//! over restarts.

use crate::process::{signal, wait_until, ChildGuard};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

/// How long the broker may take to accept connections.
const READY_WITHIN: Duration = Duration::from_secs(10);

/// The port of the first `listener` line of a `mosquitto.conf`.
pub fn listener_port(conf: &str) -> Option<u16> {
    conf.lines().find_map(|line| {
        let mut words = line.split_whitespace();
        (words.next()? == "listener").then_some(())?;
        words.next()?.parse().ok()
    })
}

/// A running mosquitto on a hall folder.
pub struct Broker {
    dir: PathBuf,
    port: u16,
    log: PathBuf,
    child: ChildGuard,
}

impl Broker {
    /// Starts mosquitto on `dir/mosquitto.conf` and waits (at most 10 s) until its first
    /// listener's port on 127.0.0.1 accepts a connection.
    pub fn start(dir: &Path) -> Result<Broker, String> {
        let conf_path = dir.join("mosquitto.conf");
        let conf = std::fs::read_to_string(&conf_path).map_err(|e| {
            format!(
                "{}: {e} (run `talkclock hall init` first)",
                conf_path.display()
            )
        })?;
        let port = listener_port(&conf)
            .ok_or_else(|| format!("{}: no `listener PORT` line", conf_path.display()))?;
        let mut broker = Broker {
            dir: dir.to_owned(),
            port,
            log: dir.join("mosquitto.log"),
            child: ChildGuard(None),
        };
        broker.launch()?;
        Ok(broker)
    }

    fn launch(&mut self) -> Result<(), String> {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .map_err(|e| format!("{}: {e}", self.log.display()))?;
        let child = Command::new("mosquitto")
            .arg("-c")
            .arg(self.dir.join("mosquitto.conf"))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .map_err(|e| format!("cannot start mosquitto (install mosquitto): {e}"))?;
        self.child = ChildGuard(Some(child));
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, self.port));
        let mut exited = None;
        let up = wait_until(READY_WITHIN, || {
            if let Some(child) = self.child.0.as_mut() {
                if let Ok(Some(status)) = child.try_wait() {
                    exited = Some(status);
                    return true;
                }
            }
            TcpStream::connect_timeout(&address, Duration::from_millis(200)).is_ok()
        });
        let log_text = || std::fs::read_to_string(&self.log).unwrap_or_default();
        if let Some(status) = exited {
            self.child.0 = None;
            return Err(format!(
                "mosquitto exited ({status}) before accepting connections on port {}; its log ({}):\n{}",
                self.port,
                self.log.display(),
                log_text()
            ));
        }
        if !up {
            self.child.stop();
            return Err(format!(
                "mosquitto did not accept connections on port {} within {READY_WITHIN:?}; its log ({}):\n{}",
                self.port,
                self.log.display(),
                log_text()
            ));
        }
        Ok(())
    }

    /// The first listener's port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The broker's log so far (every start's).
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Kills the broker with SIGKILL (no chance to save its database) and reaps it.
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.0.take() {
            let _ = signal(&child, libc::SIGKILL);
            let _ = child.wait();
        }
    }

    /// Sends SIGHUP: mosquitto reads its configuration, password file and ACL again (as a
    /// technician's `systemctl reload mosquitto` does).
    pub fn reload(&self) -> Result<(), String> {
        let child = self.child.0.as_ref().ok_or("the broker is not running")?;
        signal(child, libc::SIGHUP).map_err(|e| format!("SIGHUP to mosquitto: {e}"))
    }

    /// Starts it again on the same folder and port (killing it first if it still runs).
    pub fn restart(&mut self) -> Result<(), String> {
        self.kill();
        self.launch()
    }

    /// Stops it with SIGTERM (it saves its database), SIGKILL after 2 s.
    pub fn stop(&mut self) {
        self.child.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_listener_gives_the_port() {
        let conf = "# listener 1 in a comment\nper_listener_settings false\nlistener 18830 127.0.0.1\n\nlistener 8883\n";
        assert_eq!(listener_port(conf), Some(18830));
        assert_eq!(listener_port("allow_anonymous false\n"), None);
    }
}

//! The real binary at a terminal: a pseudo-terminal (`openpty`) as its standard input, output
//! and error, as a user (or a screen reader's terminal) has it. What it prints is read as it
//! comes; keys are written as a terminal sends them (Ctrl-C is byte 3).

#![allow(dead_code)]

use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use talkclock_harness::libc;

/// A child at a terminal; killed on drop.
pub struct AtTerminal {
    /// The child.
    pub child: Child,
    master: std::fs::File,
    output: Arc<Mutex<String>>,
}

impl Drop for AtTerminal {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl AtTerminal {
    /// Starts `command` with a new pseudo-terminal of 100 columns as its standard streams.
    pub fn start(mut command: Command) -> AtTerminal {
        let (mut master, mut slave) = (-1, -1);
        let size = libc::winsize {
            ws_row: 40,
            ws_col: 100,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: the pointers are to live locals; openpty fills the two descriptors.
        let opened = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                &size,
            )
        };
        assert_eq!(opened, 0, "openpty: {}", std::io::Error::last_os_error());
        // SAFETY: openpty returned two new descriptors that nothing else owns.
        let (master, slave) =
            unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let stdin = Stdio::from(slave.try_clone().expect("dup the terminal"));
        let stdout = Stdio::from(slave.try_clone().expect("dup the terminal"));
        let stderr = Stdio::from(slave);
        // A session of its own, with the terminal as its controlling terminal, as a login has.
        use std::os::unix::process::CommandExt;
        // SAFETY: only async-signal-safe calls between fork and exec.
        unsafe {
            command.pre_exec(|| {
                if libc::setsid() < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                if libc::ioctl(0, libc::TIOCSCTTY, 0) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = command
            .stdin(stdin)
            .stdout(stdout)
            .stderr(stderr)
            .spawn()
            .expect("start the binary at a terminal");
        let master = std::fs::File::from(master);
        let output = Arc::new(Mutex::new(String::new()));
        let mut reader = master.try_clone().expect("dup the master");
        let sink = Arc::clone(&output);
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                if let Ok(mut out) = sink.lock() {
                    out.push_str(&String::from_utf8_lossy(&buf[..n]));
                }
            }
        });
        AtTerminal {
            child,
            master,
            output,
        }
    }

    /// Everything printed so far (`\r\n` as `\n`).
    pub fn output(&self) -> String {
        self.output
            .lock()
            .map(|o| o.replace("\r\n", "\n"))
            .unwrap_or_default()
    }

    /// Waits until the output holds `needle`; false after `limit`.
    pub fn wait_for(&self, needle: &str, limit: Duration) -> bool {
        let end = Instant::now() + limit;
        while Instant::now() < end {
            if self.output().contains(needle) {
                return true;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        false
    }

    /// Types `bytes` as the terminal's keyboard would send them.
    pub fn type_bytes(&mut self, bytes: &[u8]) {
        self.master.write_all(bytes).expect("type at the terminal");
        self.master.flush().expect("flush the terminal");
    }

    /// Waits for the child to end; its exit code, or `None` if it did not end within `limit`.
    pub fn wait_exit(&mut self, limit: Duration) -> Option<i32> {
        let end = Instant::now() + limit;
        while Instant::now() < end {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        None
    }
}

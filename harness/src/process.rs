//! Child processes the benchmark and the tests start (servers, recorders, daemons): a guard
//! that stops and reaps one on drop, one that stops a child's whole process group (a driver
//! and the browser it started), signals sent directly (the only `unsafe` of the project), and a
//! polling wait.

use std::process::Child;
use std::time::{Duration, Instant};

/// Sends SIGTERM to `child`, a process we started and have not reaped yet. Sent directly,
/// so no `kill` program is needed (a minimal Debian has none).
pub fn sigterm(child: &Child) -> std::io::Result<()> {
    signal(child, libc::SIGTERM)
}

/// Sends `signal` (a `libc::SIG*` number: SIGSTOP, SIGCONT, SIGHUP …) to `child`, a process we
/// started and have not reaped yet.
pub fn signal(child: &Child, signal: libc::c_int) -> std::io::Result<()> {
    let pid = libc::pid_t::try_from(child.id()).map_err(std::io::Error::other)?;
    // SAFETY: kill(2) takes no pointers; `pid` is our own child, which cannot have been
    // reaped (and its pid reused) while we hold its `Child`; an invalid signal number is
    // refused by the kernel with EINVAL, not undefined behaviour.
    let sent = unsafe { libc::kill(pid, signal) };
    if sent == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// Sends `signal` to the process group that `child` leads: `child` must have been spawned in a
/// group of its own (`CommandExt::process_group(0)`), which every process it starts joins
/// unless it moves itself out.
pub fn signal_group(child: &Child, signal: libc::c_int) -> std::io::Result<()> {
    let pgid = libc::pid_t::try_from(child.id()).map_err(std::io::Error::other)?;
    // SAFETY: killpg(2) takes no pointers. The group's id is our unreaped child's pid, which
    // the kernel cannot hand to another process or group while we hold its `Child`; an
    // invalid signal number is refused with EINVAL.
    let sent = unsafe { libc::killpg(pgid, signal) };
    if sent == 0 {
        Ok(())
    } else {
        Err(std::io::Error::last_os_error())
    }
}

/// Stops a child that leads its own process group, and everything left in that group, on drop.
pub struct GroupGuard(pub Option<Child>);

impl GroupGuard {
    /// SIGTERM to the group, SIGKILL to whatever is left of it after 2 s (or once the leader
    /// has exited); reaps the leader.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.0.take() {
            let _ = signal_group(&child, libc::SIGTERM);
            wait_until(Duration::from_secs(2), || {
                child.try_wait().is_ok_and(|s| s.is_some())
            });
            // Before the leader is reaped, so its id still names our group.
            let _ = signal_group(&child, libc::SIGKILL);
            let _ = child.wait();
        }
    }

    /// The leader's process id (the group's id), while it runs.
    pub fn id(&self) -> Option<u32> {
        self.0.as_ref().map(Child::id)
    }
}

impl Drop for GroupGuard {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Stops and reaps a child process (one we started) on drop.
pub struct ChildGuard(pub Option<Child>);

impl ChildGuard {
    /// SIGTERM (so servers stop their own helpers), then SIGKILL after 2 s; reaps it.
    pub fn stop(&mut self) {
        if let Some(mut child) = self.0.take() {
            let _ = sigterm(&child);
            let exited = wait_until(Duration::from_secs(2), || {
                child.try_wait().is_ok_and(|s| s.is_some())
            });
            if !exited {
                let _ = child.kill();
            }
            let _ = child.wait();
        }
    }

    /// The child's process id, while it runs.
    pub fn id(&self) -> Option<u32> {
        self.0.as_ref().map(Child::id)
    }
}

impl Drop for ChildGuard {
    fn drop(&mut self) {
        self.stop();
    }
}

/// Polls `check` every 20 ms until it is true or `limit` passes; the last answer.
pub fn wait_until(limit: Duration, mut check: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if check() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    check()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::process::Command;

    #[test]
    fn a_guard_stops_and_reaps_its_child() {
        let child = Command::new("sleep")
            .arg("30")
            .spawn()
            .expect("start sleep");
        let mut guard = ChildGuard(Some(child));
        assert!(guard.id().is_some());
        let began = Instant::now();
        guard.stop();
        assert!(guard.id().is_none());
        assert!(
            began.elapsed() < Duration::from_secs(2),
            "SIGTERM, not the SIGKILL fallback"
        );
    }

    #[test]
    fn sigterm_ends_a_child_by_that_signal() {
        use std::os::unix::process::ExitStatusExt;
        let mut child = Command::new("sleep")
            .arg("30")
            .spawn()
            .expect("start sleep");
        sigterm(&child).expect("SIGTERM sent");
        let status = child.wait().expect("wait");
        assert_eq!(status.signal(), Some(libc::SIGTERM));
    }

    #[test]
    fn a_group_guard_stops_the_grandchildren_too() {
        use std::os::unix::process::CommandExt;
        // A shell that starts a sleep in the background (in the shell's group) and waits.
        let child = Command::new("sh")
            .args(["-c", "sleep 30 & echo $!; wait"])
            .stdout(std::process::Stdio::piped())
            .process_group(0)
            .spawn()
            .expect("start sh");
        let mut guard = GroupGuard(Some(child));
        let mut line = String::new();
        let stdout = guard
            .0
            .as_mut()
            .and_then(|c| c.stdout.take())
            .expect("stdout");
        std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line)
            .expect("the sleep's pid");
        let sleep_pid: u32 = line.trim().parse().expect("a pid");
        guard.stop();
        // Gone, or dead and not yet reaped by whoever adopted it.
        let dead = || {
            std::fs::read_to_string(format!("/proc/{sleep_pid}/stat")).map_or(true, |stat| {
                stat.rsplit(") ").next().is_some_and(|s| s.starts_with('Z'))
            })
        };
        assert!(
            wait_until(Duration::from_secs(2), dead),
            "the grandchild {sleep_pid} outlived its group"
        );
    }

    #[test]
    fn wait_until_gives_the_last_answer() {
        assert!(wait_until(Duration::from_millis(50), || true));
        assert!(!wait_until(Duration::from_millis(50), || false));
    }
}

//! How much a page may take of its process: open connections in all and from one client
//! address, and how long a connection may take to send a request's headers. The connections a
//! page may hold are sized so that they and a fixed reserve fit under the process's limit of
//! open files: whatever the pages suffer, the clock's control socket, its hall link and its
//! journal (the station's broker link and mirror) always find a file descriptor.

use std::time::Duration;

/// File descriptors kept for everything but the pages: the control socket's connections
/// (two descriptors each), the journal, the hall link, sound, controllers, the station's
/// mirror files, with room to spare.
pub const RESERVED_FDS: u64 = 256;

/// The most connections one page holds at once, however high the limit of open files.
pub const MAX_CONNECTIONS: usize = 256;

/// The fewest connections a page is given, even when the limit of open files leaves no room
/// (the page then says so in the log).
pub const MIN_CONNECTIONS: usize = 8;

/// The most connections one client address holds on one page (a browser opens six to a
/// host, and a page's event stream one more; a few screens may share an address).
pub const MAX_PER_CLIENT: usize = 32;

/// A connection must send a whole request's headers within this long of being accepted, or of
/// its previous answer: an idle or dribbling (slowloris) connection is closed after it.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// A request's body (a login form, a command) must arrive within this long.
pub const BODY_TIMEOUT: Duration = Duration::from_secs(10);

/// What one page may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PageLimits {
    /// Open connections in all; more wait in the kernel's queue, costing us no descriptor.
    pub connections: usize,
    /// Open connections from one client address; more are closed at once.
    pub per_client: usize,
    /// See [`HEADER_TIMEOUT`].
    pub header_timeout: Duration,
}

impl PageLimits {
    /// The limits of a page in a process whose soft limit of open files is `soft`, with
    /// `open` descriptors open now and `given` already promised to other pages.
    pub fn fitting(soft: u64, open: u64, given: u64) -> PageLimits {
        let room = soft.saturating_sub(open + RESERVED_FDS + given);
        let connections = usize::try_from(room)
            .unwrap_or(usize::MAX)
            .clamp(MIN_CONNECTIONS, MAX_CONNECTIONS);
        PageLimits {
            connections,
            per_client: MAX_PER_CLIENT.min(connections),
            header_timeout: HEADER_TIMEOUT,
        }
    }

    /// Whether the connections fit under the limit with the whole reserve left.
    pub fn fit(&self, soft: u64, open: u64, given: u64) -> bool {
        open + RESERVED_FDS + given + self.connections as u64 <= soft
    }
}

/// Raises the soft limit of open files to the hard limit (systemd starts services with a soft
/// limit of 1024 and a hard one far higher) and returns the soft limit then in force; `None`
/// when it cannot be read (no limit is assumed then).
pub fn raise_open_files() -> Option<u64> {
    use rustix::process::{getrlimit, setrlimit, Resource};
    let now = getrlimit(Resource::Nofile);
    let soft = now.current?;
    match now.maximum {
        Some(hard) if hard > soft => {
            let raised = rustix::process::Rlimit {
                current: Some(hard),
                maximum: Some(hard),
            };
            match setrlimit(Resource::Nofile, raised) {
                Ok(()) => Some(hard),
                Err(e) => {
                    tracing::warn!(
                        "cannot raise the limit of open files from {soft} to {hard}: {e}"
                    );
                    Some(soft)
                }
            }
        }
        // Equal, or no hard limit at all (the kernel's `nr_open` then caps the soft one).
        _ => Some(soft),
    }
}

/// How many file descriptors this process has open.
pub fn open_files() -> u64 {
    std::fs::read_dir("/proc/self/fd").map_or(0, |d| d.count() as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn under_systemds_default_limit_a_page_and_the_reserve_fit() {
        let page = PageLimits::fitting(1024, 40, 0);
        assert_eq!(page.connections, MAX_CONNECTIONS);
        assert!(page.fit(1024, 40, 0));
        assert_eq!(page.per_client, MAX_PER_CLIENT);
    }

    #[test]
    fn a_low_limit_shrinks_the_page_not_the_reserve() {
        let page = PageLimits::fitting(512, 100, 0);
        assert_eq!(page.connections, 512 - 100 - RESERVED_FDS as usize);
        assert!(page.fit(512, 100, 0));
        let second = PageLimits::fitting(512, 100, page.connections as u64);
        assert_eq!(second.connections, MIN_CONNECTIONS);
        assert!(!second.fit(512, 100, page.connections as u64));
        assert_eq!(second.per_client, MIN_CONNECTIONS);
    }

    #[test]
    fn the_soft_limit_is_raised_to_the_hard_one() {
        let soft = raise_open_files().expect("the limit is readable");
        let now = rustix::process::getrlimit(rustix::process::Resource::Nofile);
        assert_eq!(now.current, Some(soft));
        assert!(
            now.maximum.is_none() || now.current == now.maximum,
            "{now:?}"
        );
    }
}

//! A hostile crowd on a page (issue 31): connections that never send a byte, and slowloris
//! connections that send a request's head a header line at a time, every second, for ever;
//! from several loopback addresses. Then which of them the server has closed.
#![allow(dead_code)]

use crate::http::connect_from;
use std::io::{ErrorKind, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// How long one connect may wait (a server that stopped accepting leaves it in its queue,
/// and a full queue makes it wait for ever).
const CONNECT_WITHIN: Duration = Duration::from_millis(200);

/// How often a slowloris connection sends its next header line.
const DRIBBLE_EVERY: Duration = Duration::from_secs(1);

/// Connections from one address: `idle` that send nothing, `slow` that dribble.
#[derive(Debug, Clone, Copy)]
pub struct Crowd {
    /// The source address.
    pub from: Ipv4Addr,
    /// Connections that send nothing.
    pub idle: usize,
    /// Slowloris connections.
    pub slow: usize,
}

/// The crowd's connections, open until dropped.
pub struct Flood {
    idle: Vec<TcpStream>,
    slow: Arc<Mutex<Vec<TcpStream>>>,
    /// Connects that did not finish in time (left in the server's queue).
    pub unconnected: usize,
    /// When the last connection was made.
    pub opened: Instant,
    /// How long making them took.
    pub took: Duration,
    stop: Arc<AtomicBool>,
    dribbler: Option<JoinHandle<()>>,
}

/// Makes sure this process may open `n` more files (raises its soft limit if it must).
pub fn room_for(n: u64) {
    use rustix::process::{getrlimit, setrlimit, Resource, Rlimit};
    let now = getrlimit(Resource::Nofile);
    let want = n + 512;
    if now.current.is_some_and(|soft| soft < want) {
        let hard = now.maximum;
        assert!(
            hard.is_none_or(|h| h >= want),
            "this test needs {want} open files; the hard limit is {hard:?}"
        );
        setrlimit(
            Resource::Nofile,
            Rlimit {
                current: Some(want),
                maximum: hard,
            },
        )
        .expect("raise the soft limit of open files");
    }
}

impl Flood {
    /// Opens every crowd's connections to `addr`, from 8 threads.
    pub fn open(addr: SocketAddr, crowds: &[Crowd]) -> Flood {
        let total: usize = crowds.iter().map(|c| c.idle + c.slow).sum();
        room_for(total as u64);
        let began = Instant::now();
        let mut jobs: Vec<(Ipv4Addr, bool)> = Vec::new();
        for c in crowds {
            jobs.extend(std::iter::repeat_n((c.from, false), c.idle));
            jobs.extend(std::iter::repeat_n((c.from, true), c.slow));
        }
        let chunks: Vec<Vec<(Ipv4Addr, bool)>> = jobs
            .chunks(total.div_ceil(8).max(1))
            .map(<[_]>::to_vec)
            .collect();
        let threads: Vec<_> = chunks
            .into_iter()
            .map(|chunk| {
                std::thread::spawn(move || {
                    let (mut idle, mut slow, mut unconnected) = (Vec::new(), Vec::new(), 0);
                    for (from, dribbles) in chunk {
                        match connect_from(from, addr, CONNECT_WITHIN) {
                            Ok(mut s) if dribbles => {
                                let _ = s.write_all(b"GET / HTTP/1.1\r\nHost: flood\r\n");
                                slow.push(s);
                            }
                            Ok(s) => idle.push(s),
                            Err(_) => unconnected += 1,
                        }
                    }
                    (idle, slow, unconnected)
                })
            })
            .collect();
        let (mut idle, mut slow, mut unconnected) = (Vec::new(), Vec::new(), 0);
        for t in threads {
            let (i, s, u) = t.join().expect("a connecting thread");
            idle.extend(i);
            slow.extend(s);
            unconnected += u;
        }
        for s in idle.iter().chain(slow.iter()) {
            let _ = s.set_nonblocking(true);
        }
        let slow = Arc::new(Mutex::new(slow));
        let stop = Arc::new(AtomicBool::new(false));
        let dribbler = {
            let (slow, stop) = (slow.clone(), stop.clone());
            std::thread::spawn(move || {
                let mut n = 0u64;
                while !stop.load(Ordering::SeqCst) {
                    std::thread::sleep(DRIBBLE_EVERY);
                    n += 1;
                    let line = format!("X-Slow-{n}: {n}\r\n");
                    for s in slow
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .iter_mut()
                    {
                        let _ = s.write(line.as_bytes());
                    }
                }
            })
        };
        Flood {
            idle,
            slow,
            unconnected,
            opened: Instant::now(),
            took: began.elapsed(),
            stop,
            dribbler: Some(dribbler),
        }
    }

    /// How many connections were made: (idle, slowloris).
    pub fn made(&self) -> (usize, usize) {
        (
            self.idle.len(),
            self.slow
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .len(),
        )
    }

    /// How many of the connections the server has not closed: (idle, slowloris).
    pub fn still_open(&self) -> (usize, usize) {
        let slow = self.slow.lock().unwrap_or_else(PoisonError::into_inner);
        (
            self.idle.iter().filter(|s| open(s)).count(),
            slow.iter().filter(|s| open(s)).count(),
        )
    }
}

/// Whether the server has not closed `stream` (nothing to read yet; an answer counts as
/// closed-to-come, a 408 say, so it is read past).
fn open(mut stream: &TcpStream) -> bool {
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return false,
            Ok(_) => continue,
            Err(e) if e.kind() == ErrorKind::WouldBlock => return true,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(_) => return false,
        }
    }
}

impl Drop for Flood {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        if let Some(d) = self.dribbler.take() {
            let _ = d.join();
        }
    }
}

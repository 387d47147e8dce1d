//! A TCP relay that can be cut: between a board (or a venue's bridge) and a broker, it passes
//! every connection through until [`Relay::cut`] closes them all and refuses new ones, and
//! lets them through again after [`Relay::mend`] — a cable pulled and plugged back.

use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The relay; it runs until the process ends.
pub struct Relay {
    /// Where to connect instead of the upstream port.
    pub port: u16,
    cut: Arc<AtomicBool>,
    live: Arc<Mutex<Vec<TcpStream>>>,
}

impl Relay {
    /// A relay to `upstream` (a port on 127.0.0.1), on a port of its own.
    pub fn new(upstream: u16) -> std::io::Result<Relay> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let port = listener.local_addr()?.port();
        let cut = Arc::new(AtomicBool::new(false));
        let live = Arc::new(Mutex::new(Vec::<TcpStream>::new()));
        let (c, l) = (cut.clone(), live.clone());
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                if c.load(Ordering::SeqCst) {
                    drop(client);
                    continue;
                }
                let Ok(server) = TcpStream::connect(("127.0.0.1", upstream)) else {
                    continue;
                };
                let pairs = [
                    (client.try_clone(), server.try_clone()),
                    (server.try_clone(), client.try_clone()),
                ];
                for pair in pairs {
                    let (Ok(mut from), Ok(mut to)) = pair else {
                        continue;
                    };
                    std::thread::spawn(move || {
                        let _ = std::io::copy(&mut from, &mut to);
                        let _ = to.shutdown(Shutdown::Both);
                    });
                }
                if let Ok(mut live) = l.lock() {
                    live.push(client);
                    live.push(server);
                }
            }
        });
        Ok(Relay { port, cut, live })
    }

    /// Closes every connection through it and refuses new ones.
    pub fn cut(&self) {
        self.cut.store(true, Ordering::SeqCst);
        if let Ok(mut live) = self.live.lock() {
            for s in live.drain(..) {
                let _ = s.shutdown(Shutdown::Both);
            }
        }
    }

    /// Lets connections through again.
    pub fn mend(&self) {
        self.cut.store(false, Ordering::SeqCst);
    }
}

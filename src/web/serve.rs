//! A page's accept loop, bounded ([`PageLimits`]): a connection is accepted only while the
//! page holds fewer than its cap (the others wait in the kernel's queue and cost this process
//! no file descriptor), one client address holding its own cap already has its new connection
//! closed at once, and a connection that sends no whole request's headers in time is closed
//! (hyper's header timeout, running from the connection's start and again after each answer).
//! Each request carries its client's address (`ConnectInfo<SocketAddr>`).

use super::limits::PageLimits;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};
use tower_service::Service;

/// The largest request head read (the pages' own requests are a few hundred bytes).
const MAX_HEAD: usize = 16 * 1024;

/// How long the loop waits after `accept` fails (out of file descriptors, say).
const ACCEPT_BACKOFF: Duration = Duration::from_millis(100);

/// A failure to accept is logged at most this often.
const LOG_EVERY: Duration = Duration::from_secs(10);

/// The connections open from each client address.
#[derive(Default)]
struct PerClient {
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One connection counted against its client's cap until it is dropped.
struct ClientTicket {
    clients: Arc<PerClient>,
    ip: IpAddr,
}

impl PerClient {
    /// A ticket for one more connection from `ip`, unless it holds `cap` already.
    fn admit(self: &Arc<Self>, ip: IpAddr, cap: usize) -> Option<ClientTicket> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(ip).or_insert(0);
        if *count >= cap {
            return None;
        }
        *count += 1;
        Some(ClientTicket {
            clients: self.clone(),
            ip,
        })
    }
}

impl Drop for ClientTicket {
    fn drop(&mut self) {
        let mut open = self
            .clients
            .open
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.ip) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// Serves `router` on `listener` within `limits`, for ever.
pub async fn serve(
    listener: TcpListener,
    router: axum::Router,
    limits: PageLimits,
    what: &'static str,
) {
    let slots = Arc::new(Semaphore::new(limits.connections));
    let clients = Arc::new(PerClient::default());
    let mut last_said: Option<Instant> = None;
    let mut refused: u64 = 0;
    loop {
        let Ok(slot) = slots.clone().acquire_owned().await else {
            return;
        };
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                if last_said.is_none_or(|t| t.elapsed() >= LOG_EVERY) {
                    tracing::warn!("the {what} cannot accept a connection: {e}");
                    last_said = Some(Instant::now());
                }
                tokio::time::sleep(ACCEPT_BACKOFF).await;
                continue;
            }
        };
        let Some(ticket) = clients.admit(peer.ip(), limits.per_client) else {
            refused += 1;
            if last_said.is_none_or(|t| t.elapsed() >= LOG_EVERY) {
                tracing::warn!(
                    "the {what}: {} holds {} connections already; {refused} refused so far",
                    peer.ip(),
                    limits.per_client
                );
                last_said = Some(Instant::now());
            }
            drop(stream);
            continue;
        };
        tokio::spawn(connection(
            stream,
            peer,
            router.clone(),
            limits,
            (slot, ticket),
        ));
    }
}

/// Serves one connection; its slot and ticket are given back when it ends.
async fn connection(
    stream: TcpStream,
    peer: SocketAddr,
    router: axum::Router,
    limits: PageLimits,
    held: (OwnedSemaphorePermit, ClientTicket),
) {
    let _ = stream.set_nodelay(true);
    let service = hyper::service::service_fn(move |mut request: hyper::Request<_>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        let mut router = router.clone();
        async move { router.call(request).await }
    });
    let served = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(MAX_HEAD)
        .serve_connection(TokioIo::new(stream), service)
        .await;
    if let Err(e) = served {
        tracing::debug!("a page's connection from {peer} ended: {e}");
    }
    drop(held);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_holds_at_most_its_cap_and_gets_a_slot_back_when_one_closes() {
        let clients = Arc::new(PerClient::default());
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let b: IpAddr = "127.0.0.2".parse().unwrap();
        let first = clients.admit(a, 2).expect("one");
        let _second = clients.admit(a, 2).expect("two");
        assert!(
            clients.admit(a, 2).is_none(),
            "a third from the same address"
        );
        let _other = clients.admit(b, 2).expect("another address is not held up");
        drop(first);
        assert!(clients.admit(a, 2).is_some(), "a slot given back");
    }

    #[test]
    fn an_address_with_no_connection_left_is_forgotten() {
        let clients = Arc::new(PerClient::default());
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        drop(clients.admit(a, 1));
        assert!(clients.open.lock().unwrap().is_empty());
    }
}

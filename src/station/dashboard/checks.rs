//! The queue of password checks: one hash computed at a time (a hash takes a core for a
//! quarter of a second), at most [`MAX_WAITING`] logins waiting, the others refused at once
//! ([`Full`]); a login from an address that has never failed goes before one from an
//! address that has, so that a guesser waits behind the arbiters and not the other way round.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};
use tokio::sync::oneshot;

/// The most logins waiting for their check.
pub const MAX_WAITING: usize = 16;

/// The queue is full.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{MAX_WAITING} logins are waiting to be checked already")]
pub struct Full;

#[derive(Default)]
struct State {
    running: bool,
    clean: VecDeque<oneshot::Sender<Turn>>,
    suspect: VecDeque<oneshot::Sender<Turn>>,
}

impl State {
    fn waiting(&mut self) -> usize {
        self.clean.retain(|w| !w.is_closed());
        self.suspect.retain(|w| !w.is_closed());
        self.clean.len() + self.suspect.len()
    }
}

/// The queue.
#[derive(Clone, Default)]
pub struct Checks {
    state: Arc<Mutex<State>>,
}

/// The right to compute one hash; the next waiting login gets it when this is dropped (a
/// turn handed to a login that gave up meanwhile is dropped with its channel, and passes on).
pub struct Turn {
    state: Option<Arc<Mutex<State>>>,
}

impl Checks {
    /// Waits for this login's turn (`suspect`: its address has failed before).
    pub async fn turn(&self, suspect: bool) -> Result<Turn, Full> {
        let waiting = {
            let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
            if !state.running {
                state.running = true;
                return Ok(Turn {
                    state: Some(self.state.clone()),
                });
            }
            if state.waiting() >= MAX_WAITING {
                return Err(Full);
            }
            let (tx, rx) = oneshot::channel();
            if suspect {
                state.suspect.push_back(tx);
            } else {
                state.clean.push_back(tx);
            }
            rx
        };
        // A sender is dropped unsent only with the queue itself, which outlives the pages.
        waiting.await.map_err(|_| Full)
    }

    /// How many logins wait.
    pub fn waiting(&self) -> usize {
        self.state
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .waiting()
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        let Some(shared) = self.state.take() else {
            return;
        };
        let mut state = shared.lock().unwrap_or_else(PoisonError::into_inner);
        while let Some(next) = state
            .clean
            .pop_front()
            .or_else(|| state.suspect.pop_front())
        {
            match next.send(Turn {
                state: Some(shared.clone()),
            }) {
                Ok(()) => return,
                // That login gave up: the turn comes back, to be handed on without a drop.
                Err(mut unsent) => unsent.state = None,
            }
        }
        state.running = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn runtime() -> tokio::runtime::Runtime {
        tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .expect("a runtime")
    }

    #[test]
    fn a_clean_login_goes_before_the_suspects_and_a_full_queue_refuses() {
        runtime().block_on(async {
            let checks = Checks::default();
            let first = checks.turn(true).await.expect("the first runs at once");
            let order = Arc::new(Mutex::new(Vec::new()));
            let mut waiters = Vec::new();
            for (name, suspect) in [("guess-1", true), ("guess-2", true), ("arbiter", false)] {
                let checks = checks.clone();
                let order = order.clone();
                waiters.push(tokio::spawn(async move {
                    let turn = checks.turn(suspect).await.expect("a turn");
                    order.lock().unwrap().push(name);
                    drop(turn);
                }));
                tokio::task::yield_now().await;
            }
            assert_eq!(checks.waiting(), 3);
            drop(first);
            for w in waiters {
                w.await.expect("the waiter");
            }
            assert_eq!(*order.lock().unwrap(), ["arbiter", "guess-1", "guess-2"]);

            let running = checks.turn(false).await.expect("free again");
            let mut parked = Vec::new();
            for _ in 0..MAX_WAITING {
                let checks = checks.clone();
                parked.push(tokio::spawn(async move { checks.turn(true).await.is_ok() }));
                tokio::task::yield_now().await;
            }
            assert_eq!(checks.turn(false).await.err(), Some(Full));
            drop(running);
            for p in parked {
                assert!(p.await.expect("parked"));
            }
        });
    }

    #[test]
    fn a_login_that_gave_up_waiting_frees_its_place() {
        runtime().block_on(async {
            let checks = Checks::default();
            let running = checks.turn(false).await.expect("runs");
            let gave_up = tokio::time::timeout(std::time::Duration::ZERO, checks.turn(false));
            assert!(gave_up.await.is_err());
            assert_eq!(checks.waiting(), 0);
            drop(running);
            let _again = checks
                .turn(false)
                .await
                .expect("not blocked by the one that left");
        });
    }
}

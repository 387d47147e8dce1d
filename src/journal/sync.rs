//! The journal's sync thread: it syncs the journal file while the core thread goes on judging
//! presses and deadlines, and one sync covers every record written while the one before was
//! under way (group commit). Records are counted: `durable` says how many are on the disk.

use crossbeam_channel::{bounded, Receiver, Sender};
use std::fs::File;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;

/// What the sync thread and the store share.
#[derive(Debug, Default)]
struct State {
    /// The file to sync (a second handle on the journal).
    file: Option<Arc<File>>,
    /// Records written: a sync is wanted up to here.
    wanted: u64,
    /// Records known to be on the disk.
    durable: u64,
    /// Why the last sync failed, until the store takes it.
    failure: Option<std::io::Error>,
    /// Set when the store is dropped.
    stop: bool,
}

#[derive(Debug, Default)]
struct Shared {
    state: Mutex<State>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, State> {
        match self.state.lock() {
            Ok(state) => state,
            Err(poisoned) => poisoned.into_inner(),
        }
    }
}

/// A thread that syncs one journal file on request.
#[derive(Debug)]
pub struct Syncer {
    shared: Arc<Shared>,
    signal: Receiver<()>,
    thread: Option<JoinHandle<()>>,
}

impl Syncer {
    /// Starts the thread (it waits until there is something to sync).
    pub fn start() -> std::io::Result<Syncer> {
        let shared = Arc::new(Shared::default());
        let (tx, signal) = bounded(1);
        let theirs = Arc::clone(&shared);
        let thread = std::thread::Builder::new()
            .name("journal-sync".into())
            .spawn(move || {
                // Clicks and flags wait for this thread: just below the core thread's priority
                // where allowed (the core thread's own attempt is the one the log tells).
                if let Err(why) =
                    crate::realtime::raise_this_thread_to(crate::realtime::SYNC_PRIORITY)
                {
                    tracing::debug!("journal sync thread: {why}");
                }
                run(&theirs, &tx)
            })?;
        Ok(Syncer {
            shared,
            signal,
            thread: Some(thread),
        })
    }

    /// A channel that gets a message whenever a sync ends (well or not): the daemon's loop
    /// waits on it to deliver what waited for the disk.
    pub fn signal(&self) -> Receiver<()> {
        self.signal.clone()
    }

    /// Syncs this file from now on; the records counted so far (`durable`) are already on
    /// the disk (it was synced whole when it was made).
    pub fn set_file(&self, file: File, durable: u64) {
        let mut state = self.shared.lock();
        state.file = Some(Arc::new(file));
        state.durable = state.durable.max(durable);
        state.wanted = state.wanted.max(durable);
        self.shared.changed.notify_all();
    }

    /// Asks for the records up to `written` to be synced.
    pub fn request(&self, written: u64) {
        let mut state = self.shared.lock();
        if written > state.wanted {
            state.wanted = written;
            self.shared.changed.notify_all();
        }
    }

    /// How many records are on the disk.
    pub fn durable(&self) -> u64 {
        self.shared.lock().durable
    }

    /// Why a sync failed since the last call, if one did (the thread syncs no more until
    /// [`Syncer::recovered`]).
    pub fn take_failure(&self) -> Option<std::io::Error> {
        self.shared.lock().failure.take()
    }

    /// The store has written the records again and synced them itself, up to `durable`.
    pub fn recovered(&self, durable: u64) {
        let mut state = self.shared.lock();
        state.failure = None;
        state.durable = state.durable.max(durable);
        self.shared.changed.notify_all();
    }

    /// Waits until the records up to `written` are on the disk, or a sync fails.
    pub fn wait(&self, written: u64) -> std::io::Result<()> {
        self.request(written);
        let mut state = self.shared.lock();
        loop {
            if let Some(e) = state.failure.take() {
                return Err(e);
            }
            if state.durable >= written || state.file.is_none() {
                return Ok(());
            }
            state = match self.shared.changed.wait(state) {
                Ok(state) => state,
                Err(poisoned) => poisoned.into_inner(),
            };
        }
    }
}

impl Drop for Syncer {
    fn drop(&mut self) {
        {
            let mut state = self.shared.lock();
            state.stop = true;
            self.shared.changed.notify_all();
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// The thread: sync whenever more is wanted than is durable, then tell.
fn run(shared: &Shared, signal: &Sender<()>) {
    let mut state = shared.lock();
    loop {
        if state.stop {
            return;
        }
        let ready = state.failure.is_none() && state.wanted > state.durable;
        let file = state.file.clone().filter(|_| ready);
        let Some(file) = file else {
            state = match shared.changed.wait(state) {
                Ok(state) => state,
                Err(poisoned) => poisoned.into_inner(),
            };
            continue;
        };
        let target = state.wanted;
        drop(state);
        let synced = file.sync_data();
        state = shared.lock();
        match synced {
            Ok(()) => state.durable = state.durable.max(target),
            Err(e) => state.failure = Some(e),
        }
        shared.changed.notify_all();
        let _ = signal.try_send(());
    }
}

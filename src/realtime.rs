//! The core thread (and, one step below it, the journal's sync thread, which the clicks and the
//! flag wait for) at real-time priority, where the system allows it: a clock that decides
//! flags must not wait behind a compile, a browser or a busy Raspberry Pi. The systemd unit
//! grants it (`LimitRTPRIO=`); elsewhere the attempt fails and the log says so.

use thread_priority::{
    set_thread_priority_and_policy, thread_native_id, NormalThreadSchedulePolicy,
    RealtimeThreadSchedulePolicy, ThreadPriority, ThreadPriorityValue, ThreadSchedulePolicy,
};

/// The real-time priority asked for (SCHED_FIFO, 1–99): above ordinary work, below the
/// kernel's own interrupt threads (50) and the audio server's usual real-time threads.
pub const CORE_PRIORITY: u8 = 40;

/// Why a thread's priority could not be set.
#[derive(Debug, thiserror::Error)]
pub enum PriorityError {
    /// The priority is not one the system takes.
    #[error("priority {priority} is out of range: {reason}")]
    OutOfRange {
        /// What was asked.
        priority: u8,
        /// Why not.
        reason: String,
    },
    /// The system refused SCHED_FIFO at that priority (no `LimitRTPRIO`, no `CAP_SYS_NICE`).
    #[error("SCHED_FIFO {priority} refused: {reason}")]
    Refused {
        /// What was asked.
        priority: u8,
        /// The system's answer.
        reason: String,
    },
    /// The system refused SCHED_IDLE.
    #[error("cannot lower the thread to SCHED_IDLE: {reason}")]
    Idle {
        /// The system's answer.
        reason: String,
    },
    /// The core thread stays at ordinary priority, and what that means.
    #[error(
        "cannot run the clock's thread at real-time priority ({0}): flags may be late under \
         heavy load; the systemd unit grants it (LimitRTPRIO={priority}), or give the program \
         CAP_SYS_NICE",
        priority = CORE_PRIORITY
    )]
    Core(Box<PriorityError>),
}

/// Puts the calling thread on SCHED_FIFO at [`CORE_PRIORITY`]; says what it did or why not.
/// Threads started later by this thread inherit the policy: call it on the core thread after
/// the readers, the socket and the audio threads have started.
pub fn raise_this_thread() -> Result<String, PriorityError> {
    raise_this_thread_to(CORE_PRIORITY)
        .map(|()| {
            format!("the clock's thread runs at real-time priority (SCHED_FIFO {CORE_PRIORITY})")
        })
        .map_err(|why| PriorityError::Core(Box::new(why)))
}

/// The journal's sync thread: just below the core, so that a sync never delays a decision.
pub const SYNC_PRIORITY: u8 = CORE_PRIORITY - 1;

/// The thread that feeds the sound server (a stream's callback, or its client's thread): below
/// the core and the journal's sync. Mixing a period takes microseconds, so it never holds them
/// up; at ordinary priority a busy machine let the stream run dry in the middle of a phrase.
pub const AUDIO_PRIORITY: u8 = CORE_PRIORITY - 2;

/// Puts the calling thread on SCHED_FIFO at `priority` (1–99); the error says why not.
pub fn raise_this_thread_to(priority: u8) -> Result<(), PriorityError> {
    let value = ThreadPriorityValue::try_from(priority).map_err(|e| PriorityError::OutOfRange {
        priority,
        reason: e.to_string(),
    })?;
    set_thread_priority_and_policy(
        thread_native_id(),
        ThreadPriority::Crossplatform(value),
        ThreadSchedulePolicy::Realtime(RealtimeThreadSchedulePolicy::Fifo),
    )
    .map_err(|e| PriorityError::Refused {
        priority,
        reason: format!("{e:?}"),
    })
}

/// Puts the calling thread on SCHED_IDLE: it runs only when no other thread wants the CPU
/// (work done ahead of need, such as stretching the voice packs to the speech rate).
pub fn lower_this_thread_to_idle() -> Result<(), PriorityError> {
    let idle = |reason: String| PriorityError::Idle { reason };
    set_thread_priority_and_policy(
        thread_native_id(),
        ThreadPriority::Crossplatform(
            ThreadPriorityValue::try_from(0u8).map_err(|e| idle(e.to_string()))?,
        ),
        ThreadSchedulePolicy::Normal(NormalThreadSchedulePolicy::Idle),
    )
    .map_err(|e| idle(format!("{e:?}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thread_is_raised_where_allowed_and_the_reason_said_where_not() {
        let allowed = rustix::process::geteuid().is_root();
        let outcome = std::thread::spawn(raise_this_thread).join().unwrap();
        match outcome {
            Ok(said) => assert!(said.contains("SCHED_FIFO 40"), "{said}"),
            // A root user in a container may still be refused by the kernel; say so.
            Err(why) if !allowed => assert!(why.to_string().contains("LimitRTPRIO"), "{why}"),
            Err(why) => assert!(why.to_string().contains("CAP_SYS_NICE"), "{why}"),
        }
    }
}

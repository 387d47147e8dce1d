//! Presses judged by the kernel's own timestamps: an evdev device is switched to stamp its
//! events on `CLOCK_MONOTONIC` (`EVIOCSCLOCKID`), the clock `Instant` reads, so a press keeps
//! the instant the kernel saw it even when the reader thread got to it late (a stopped or
//! starved process, a busy core).

use std::os::fd::AsFd;
use std::time::{Duration, Instant};

/// `EVIOCSCLOCKID`: `_IOW('E', 0xa0, int)`.
const EVIOCSCLOCKID: rustix::ioctl::Opcode = rustix::ioctl::opcode::write::<libc_int>(b'E', 0xa0);

#[allow(non_camel_case_types)]
type libc_int = std::ffi::c_int;

/// `CLOCK_MONOTONIC`'s id.
const CLOCK_MONOTONIC: libc_int = 1;

/// How far back a kernel stamp may lie and still be believed: older means the clock switch did
/// not take (the stamp is on the wall clock) and the time of reading is used.
pub const BELIEVABLE: Duration = Duration::from_secs(600);

/// Asks the kernel to stamp this device's events on `CLOCK_MONOTONIC`.
pub fn use_monotonic_clock(device: impl AsFd) -> std::io::Result<()> {
    // SAFETY: EVIOCSCLOCKID takes a pointer to an int, which `Setter` passes.
    let set = unsafe { rustix::ioctl::Setter::<EVIOCSCLOCKID, libc_int>::new(CLOCK_MONOTONIC) };
    // SAFETY: the opcode and its argument type match the kernel's definition.
    unsafe { rustix::ioctl::ioctl(device, set) }.map_err(std::io::Error::from)
}

/// The monotonic clock now, as a duration since its origin (what a kernel stamp is).
pub fn monotonic_now() -> Duration {
    let t = rustix::time::clock_gettime(rustix::time::ClockId::Monotonic);
    Duration::new(
        t.tv_sec.max(0) as u64,
        t.tv_nsec.clamp(0, 999_999_999) as u32,
    )
}

/// The `Instant` of an event the kernel stamped at `stamp` (on the monotonic clock), given
/// that the monotonic clock read `mono_now` at `now`. A stamp in the future or older than
/// [`BELIEVABLE`] is not on the monotonic clock: `now` is used instead.
pub fn instant_of(stamp: Duration, mono_now: Duration, now: Instant) -> Instant {
    match mono_now.checked_sub(stamp) {
        Some(age) if age <= BELIEVABLE => now.checked_sub(age).unwrap_or(now),
        _ => now,
    }
}

/// The kernel's stamp of an evdev event, as a duration (seconds and microseconds).
pub fn stamp_of(event: &evdev::InputEvent) -> Duration {
    event
        .timestamp()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_press_read_late_keeps_the_instant_the_kernel_stamped() {
        let now = Instant::now();
        let mono_now = Duration::from_secs(1_000);
        // Stamped 5 s before the reader got to it (the process was stopped).
        let at = instant_of(Duration::from_millis(995_000), mono_now, now);
        assert_eq!(now.duration_since(at), Duration::from_secs(5));
    }

    #[test]
    fn a_stamp_not_on_the_monotonic_clock_is_not_believed() {
        let now = Instant::now();
        let mono_now = Duration::from_secs(1_000);
        // A wall-clock stamp (the switch did not take) lies far in the monotonic future.
        assert_eq!(
            instant_of(Duration::from_secs(1_790_000_000), mono_now, now),
            now
        );
        // Or, on a machine up for years, far in the past.
        assert_eq!(
            instant_of(Duration::from_secs(1), Duration::from_secs(90_000), now),
            now
        );
    }

    #[test]
    fn an_event_carries_its_own_stamp() {
        // `new_now` stamps on the wall clock, as the kernel does until the switch is made.
        let before = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap();
        let stamp = stamp_of(&evdev::InputEvent::new_now(1, 57, 1));
        assert!(stamp >= before.saturating_sub(Duration::from_millis(1)));
        assert!(stamp < before + Duration::from_secs(5));
        assert_eq!(stamp_of(&evdev::InputEvent::new(1, 57, 1)), Duration::ZERO);
    }

    #[test]
    fn the_clock_switch_is_refused_on_something_that_is_not_an_input_device() {
        let file = tempfile::tempfile().unwrap();
        assert!(use_monotonic_clock(&file).is_err());
    }
}

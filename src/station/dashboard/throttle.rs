//! Login throttling (pure): a client address has [`FREE_FAILURES`] wrong passwords free, then
//! each one more locks it out for twice as long as the one before (2 s, 4 s, … at most
//! [`MAX_LOCKOUT`]); a lockout ends by itself, a right password clears the record, and a
//! record is forgotten [`FORGET_AFTER`] after its last failure. One password at a time is
//! checked for an address. A locked-out or busy address is refused at once, without a hash
//! being computed: a guesser's failures cost the guesser time, not the arbiters.

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::{Duration, Instant};

/// Wrong passwords an address may give in a row before it is locked out.
pub const FREE_FAILURES: u32 = 3;

/// The first lockout; each further failure doubles it.
pub const FIRST_LOCKOUT: Duration = Duration::from_secs(2);

/// The longest lockout.
pub const MAX_LOCKOUT: Duration = Duration::from_secs(300);

/// A record with no failure for this long is forgotten.
pub const FORGET_AFTER: Duration = Duration::from_secs(15 * 60);

/// The most addresses remembered (the stalest are forgotten first).
pub const MAX_CLIENTS: usize = 4096;

/// One address's failures.
#[derive(Debug, Clone)]
struct Record {
    failures: u32,
    last: Instant,
    until: Option<Instant>,
    checking: bool,
}

/// What to do with a login from an address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gate {
    /// Check its password; `suspect` when the address has failed before (its check waits
    /// behind those of addresses that have not).
    Check {
        /// Failed before.
        suspect: bool,
    },
    /// Locked out for this long still.
    LockedOut(Duration),
    /// A password of this address is being checked already.
    Busy,
}

/// The failures of every address.
#[derive(Debug, Default)]
pub struct Throttle {
    clients: HashMap<IpAddr, Record>,
}

impl Throttle {
    /// Whether a login from `ip` at `now` is checked; a [`Gate::Check`] marks the address
    /// busy until [`Throttle::checked`].
    pub fn gate(&mut self, ip: IpAddr, now: Instant) -> Gate {
        self.forget_stale(now);
        let Some(record) = self.clients.get_mut(&ip) else {
            self.clients.insert(
                ip,
                Record {
                    failures: 0,
                    last: now,
                    until: None,
                    checking: true,
                },
            );
            return Gate::Check { suspect: false };
        };
        if let Some(left) = record
            .until
            .and_then(|until| until.checked_duration_since(now))
            .filter(|left| !left.is_zero())
        {
            return Gate::LockedOut(left);
        }
        if record.checking {
            return Gate::Busy;
        }
        record.checking = true;
        Gate::Check {
            suspect: record.failures > 0,
        }
    }

    /// The check of `ip`'s password is over (`right` or not, or not done at all when
    /// `right` is `None`); returns the address's failures in a row and the lockout it earned.
    pub fn checked(
        &mut self,
        ip: IpAddr,
        right: Option<bool>,
        now: Instant,
    ) -> (u32, Option<Duration>) {
        let Some(record) = self.clients.get_mut(&ip) else {
            return (0, None);
        };
        record.checking = false;
        match right {
            Some(true) => {
                self.clients.remove(&ip);
                (0, None)
            }
            Some(false) => {
                record.failures = record.failures.saturating_add(1);
                record.last = now;
                let lockout = lockout(record.failures);
                record.until = lockout.map(|l| now + l);
                (record.failures, lockout)
            }
            None => {
                if record.failures == 0 {
                    self.clients.remove(&ip);
                }
                (0, None)
            }
        }
    }

    /// How many addresses are remembered.
    pub fn len(&self) -> usize {
        self.clients.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.clients.is_empty()
    }

    fn forget_stale(&mut self, now: Instant) {
        if self.clients.len() < MAX_CLIENTS {
            return;
        }
        self.clients.retain(|_, r| {
            r.checking
                || r.until.is_some_and(|u| u > now)
                || now.saturating_duration_since(r.last) < FORGET_AFTER
        });
        while self.clients.len() >= MAX_CLIENTS {
            let stalest = self
                .clients
                .iter()
                .filter(|(_, r)| !r.checking)
                .min_by_key(|(_, r)| r.last)
                .map(|(ip, _)| *ip);
            match stalest {
                Some(ip) => self.clients.remove(&ip),
                None => break,
            };
        }
    }
}

/// The lockout after `failures` wrong passwords in a row.
pub fn lockout(failures: u32) -> Option<Duration> {
    let over = failures.checked_sub(FREE_FAILURES).filter(|n| *n > 0)?;
    let doubled = FIRST_LOCKOUT.saturating_mul(1u32 << (over - 1).min(16));
    Some(doubled.min(MAX_LOCKOUT))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([192, 168, 1, last])
    }

    /// A wrong password from `who` at `now`, checked.
    fn fail(t: &mut Throttle, who: IpAddr, now: Instant) -> Option<Duration> {
        assert!(matches!(t.gate(who, now), Gate::Check { .. }));
        t.checked(who, Some(false), now).1
    }

    #[test]
    fn three_failures_are_free_then_each_doubles_the_lockout_up_to_five_minutes() {
        assert_eq!(lockout(3), None);
        assert_eq!(lockout(4), Some(Duration::from_secs(2)));
        assert_eq!(lockout(5), Some(Duration::from_secs(4)));
        assert_eq!(lockout(11), Some(Duration::from_secs(256)));
        assert_eq!(lockout(12), Some(MAX_LOCKOUT));
        assert_eq!(lockout(u32::MAX), Some(MAX_LOCKOUT));
    }

    #[test]
    fn a_locked_out_address_is_refused_and_the_lockout_ends_by_itself() {
        let mut t = Throttle::default();
        let at = Instant::now();
        for _ in 0..3 {
            assert_eq!(fail(&mut t, ip(9), at), None);
        }
        assert_eq!(fail(&mut t, ip(9), at), Some(Duration::from_secs(2)));
        assert_eq!(t.gate(ip(9), at), Gate::LockedOut(Duration::from_secs(2)));
        assert_eq!(
            t.gate(ip(9), at + Duration::from_secs(1)),
            Gate::LockedOut(Duration::from_secs(1))
        );
        // Another address is not held up.
        assert_eq!(t.gate(ip(10), at), Gate::Check { suspect: false });
        // Over: checked again, as a suspect.
        let later = at + Duration::from_secs(2);
        assert_eq!(t.gate(ip(9), later), Gate::Check { suspect: true });
        assert_eq!(
            t.checked(ip(9), Some(false), later),
            (5, Some(Duration::from_secs(4)))
        );
    }

    #[test]
    fn one_password_at_a_time_per_address() {
        let mut t = Throttle::default();
        let at = Instant::now();
        assert_eq!(t.gate(ip(1), at), Gate::Check { suspect: false });
        assert_eq!(t.gate(ip(1), at), Gate::Busy);
        t.checked(ip(1), None, at);
        assert_eq!(t.gate(ip(1), at), Gate::Check { suspect: false });
    }

    #[test]
    fn the_right_password_clears_the_record() {
        let mut t = Throttle::default();
        let at = Instant::now();
        fail(&mut t, ip(2), at);
        fail(&mut t, ip(2), at);
        assert_eq!(t.gate(ip(2), at), Gate::Check { suspect: true });
        assert_eq!(t.checked(ip(2), Some(true), at), (0, None));
        assert!(t.is_empty());
    }

    #[test]
    fn the_remembered_addresses_stay_bounded() {
        let mut t = Throttle::default();
        let at = Instant::now();
        for n in 0..(MAX_CLIENTS as u32 + 10) {
            let who = IpAddr::from(0x0a00_0000u32.wrapping_add(n).to_be_bytes());
            fail(&mut t, who, at + Duration::from_millis(u64::from(n)));
        }
        assert!(t.len() <= MAX_CLIENTS, "{}", t.len());
    }
}

//! Who must own the broker's files. Mosquitto started as root drops to the system user
//! `mosquitto` (Debian's package makes it) before it reads the password file and writes its
//! database, so when `hall init` runs as root it gives `passwd` and `data/` to that user; run
//! by anyone else, the files stay theirs and the broker is started as that user.

use std::io::Write as _;
use std::os::unix::fs::{OpenOptionsExt as _, PermissionsExt as _};
use std::path::Path;

/// Writes `text` to `path` with `mode` (also when the file was already there, with another
/// mode) and syncs it: how `hall init` and `hall add-bridge` write the hall's files, some of
/// which hold passwords (0600).
pub fn write_with_mode(path: &Path, text: &str, mode: u32) -> std::io::Result<()> {
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(mode)
        .open(path)?;
    file.set_permissions(std::fs::Permissions::from_mode(mode))?;
    file.write_all(text.as_bytes())?;
    file.sync_all()
}

/// The user mosquitto drops to when started as root.
pub const BROKER_USER: &str = "mosquitto";

/// What happened to the files' owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ownership {
    /// Not root: the files are the caller's.
    Caller,
    /// Root: the files that the broker reads and writes were given to `mosquitto`.
    GivenToBroker,
    /// Root, but there is no user `mosquitto` here (no mosquitto package): left to root.
    NoBrokerUser,
}

/// The uid and gid of `user` in an `/etc/passwd` text.
pub fn find_user(passwd: &str, user: &str) -> Option<(u32, u32)> {
    passwd.lines().find_map(|line| {
        let mut fields = line.split(':');
        if fields.next()? != user {
            return None;
        }
        let _password = fields.next()?;
        let uid = fields.next()?.parse().ok()?;
        let gid = fields.next()?.parse().ok()?;
        Some((uid, gid))
    })
}

/// When running as root, gives `paths` to the user `mosquitto`.
pub fn give_to_broker(paths: &[&Path]) -> std::io::Result<Ownership> {
    if !rustix::process::geteuid().is_root() {
        return Ok(Ownership::Caller);
    }
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    let Some((uid, gid)) = find_user(&passwd, BROKER_USER) else {
        return Ok(Ownership::NoBrokerUser);
    };
    for path in paths {
        std::os::unix::fs::chown(path, Some(uid), Some(gid))
            .map_err(|e| std::io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
    }
    Ok(Ownership::GivenToBroker)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_user_is_found_by_its_exact_name() {
        let passwd = "root:x:0:0:root:/root:/bin/bash\n\
                      mosquittox:x:7:7::/:/bin/false\n\
                      mosquitto:x:104:107::/var/lib/mosquitto:/usr/sbin/nologin\n";
        assert_eq!(find_user(passwd, "mosquitto"), Some((104, 107)));
        assert_eq!(find_user(passwd, "nobody"), None);
        assert_eq!(find_user("mosquitto:x:abc:1::/:/x\n", "mosquitto"), None);
    }

    #[test]
    fn a_file_already_there_is_rewritten_with_the_mode_asked_for() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("bridge.conf");
        write_with_mode(&path, "old and longer\n", 0o644).unwrap();
        write_with_mode(&path, "secret\n", 0o600).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "secret\n");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
    }
}

//! Who may be at the other end of the control socket: the default socket's private directory
//! (created mode 0700, the user's own, refused otherwise) and the user behind a connection
//! (`SO_PEERCRED`), so that `ctl` never hands the arbiter's commands to another user's server
//! and the daemon never takes them from another user's program.

use std::os::unix::fs::{DirBuilderExt, MetadataExt};
use std::os::unix::net::UnixStream;
use std::path::{Path, PathBuf};

/// The default socket's directory: `$XDG_RUNTIME_DIR/talkclock/`, else `talkclock-UID/` in the
/// temp directory (`$TMPDIR`, else `/tmp`).
pub fn default_dir() -> PathBuf {
    match std::env::var_os("XDG_RUNTIME_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir).join("talkclock"),
        _ => std::env::temp_dir().join(format!("talkclock-{}", my_uid())),
    }
}

/// This process's effective user id.
pub fn my_uid() -> u32 {
    rustix::process::geteuid().as_raw()
}

/// The user running the process at the other end of a Unix socket connection (for a client,
/// the server that called `listen`; for a server, the client that called `connect`).
pub fn peer_uid(stream: &UnixStream) -> std::io::Result<u32> {
    Ok(rustix::net::sockopt::socket_peercred(stream)?.uid.as_raw())
}

/// Whether `ctl`, run by `me`, believes a server run by `server`. Its own user and root are
/// believed; so is the owner of the socket's directory when nobody else may write there
/// (`dir_owner`: that owner, or `None` when others may write), as for a system service whose
/// socket lies in its own runtime directory. Anyone else may have listened first.
pub fn server_trusted(server: u32, me: u32, dir_owner: Option<u32>) -> bool {
    server == me || server == 0 || dir_owner == Some(server)
}

/// Whether the daemon, run by `me`, takes commands from a client run by `client`: its own user
/// and root only (the socket's mode 0600 says the same; this holds if someone widens it).
pub fn client_allowed(client: u32, me: u32) -> bool {
    client == me || client == 0
}

/// The owner of `dir` when only that owner may write into it (no group or other write bit).
pub fn sole_writer(dir: &Path) -> Option<u32> {
    let meta = std::fs::metadata(dir).ok()?;
    (meta.mode() & 0o022 == 0).then_some(meta.uid())
}

/// Why the socket's private directory cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum DirError {
    /// The directory is not there (no daemon made it).
    #[error("{}: the control socket's directory does not exist: is the daemon running?", .dir.display())]
    Missing {
        /// The directory.
        dir: PathBuf,
    },
    /// A symbolic link stands in its place.
    #[error(
        "{}: the control socket's directory is a symbolic link; it must be a directory of your \
         own (remove the link)",
        .dir.display()
    )]
    Symlink {
        /// The directory.
        dir: PathBuf,
    },
    /// Something other than a directory stands in its place.
    #[error("{}: the control socket's directory is not a directory (remove it)", .dir.display())]
    NotADirectory {
        /// The directory.
        dir: PathBuf,
    },
    /// Another user owns it, and may listen there.
    #[error(
        "{}: the control socket's directory belongs to uid {owner}, not to you (uid {me}): \
         another user may listen there. Remove it, or give --socket",
        .dir.display()
    )]
    Owner {
        /// The directory.
        dir: PathBuf,
        /// Its owner.
        owner: u32,
        /// This process's user.
        me: u32,
    },
    /// Other users may enter it.
    #[error(
        "{}: the control socket's directory has mode {mode:04o}: other users can reach into it. \
         Make it private (chmod 700) or remove it; talkclock creates it with mode 0700",
        .dir.display()
    )]
    Mode {
        /// The directory.
        dir: PathBuf,
        /// Its permission bits.
        mode: u32,
    },
    /// The directory around it lets others replace it.
    #[error(
        "{}: the directory holding the control socket's directory belongs to uid {owner} and \
         has mode {mode:04o}: others could replace what is in it. Set XDG_RUNTIME_DIR (or \
         TMPDIR) to a directory of your own",
        .parent.display()
    )]
    Parent {
        /// The enclosing directory.
        parent: PathBuf,
        /// Its owner.
        owner: u32,
        /// Its permission bits.
        mode: u32,
    },
    /// It cannot be created or read.
    #[error("{}: cannot use the control socket's directory: {source}", .dir.display())]
    Io {
        /// The directory.
        dir: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// Creates `dir` with mode 0700 if it is missing, then checks it as [`check_private`] does.
pub fn ensure_private(dir: &Path) -> Result<(), DirError> {
    let io = |source| DirError::Io {
        dir: dir.to_path_buf(),
        source,
    };
    if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
        std::fs::create_dir_all(parent).map_err(io)?;
    }
    match std::fs::DirBuilder::new().mode(0o700).create(dir) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(io(e)),
    }
    check_private(dir)
}

/// Checks that `dir` is a real directory (not a link), owned by this user, that no other user
/// may enter (no group or other bits), in a directory that only its owner or root may change
/// (or that is sticky, as `/tmp` is).
pub fn check_private(dir: &Path) -> Result<(), DirError> {
    let meta = std::fs::symlink_metadata(dir).map_err(|source| {
        if source.kind() == std::io::ErrorKind::NotFound {
            DirError::Missing {
                dir: dir.to_path_buf(),
            }
        } else {
            DirError::Io {
                dir: dir.to_path_buf(),
                source,
            }
        }
    })?;
    let dir_buf = || dir.to_path_buf();
    if meta.file_type().is_symlink() {
        return Err(DirError::Symlink { dir: dir_buf() });
    }
    if !meta.is_dir() {
        return Err(DirError::NotADirectory { dir: dir_buf() });
    }
    let me = my_uid();
    if meta.uid() != me {
        return Err(DirError::Owner {
            dir: dir_buf(),
            owner: meta.uid(),
            me,
        });
    }
    if meta.mode() & 0o077 != 0 {
        return Err(DirError::Mode {
            dir: dir_buf(),
            mode: meta.mode() & 0o7777,
        });
    }
    let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) else {
        return Ok(());
    };
    let outer = std::fs::metadata(parent).map_err(|source| DirError::Io {
        dir: parent.to_path_buf(),
        source,
    })?;
    let owner_ok = outer.uid() == me || outer.uid() == 0;
    let shut = outer.mode() & 0o022 == 0 || outer.mode() & 0o1000 != 0;
    if !(owner_ok && shut) {
        return Err(DirError::Parent {
            parent: parent.to_path_buf(),
            owner: outer.uid(),
            mode: outer.mode() & 0o7777,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    fn chmod(path: &Path, mode: u32) {
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    }

    #[test]
    fn a_new_directory_is_made_private_and_passes() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("talkclock");
        ensure_private(&dir).unwrap();
        let meta = std::fs::metadata(&dir).unwrap();
        assert_eq!(meta.mode() & 0o777, 0o700);
        assert_eq!(meta.uid(), my_uid());
        ensure_private(&dir).unwrap();
    }

    #[test]
    fn open_modes_are_refused_with_the_directory_named() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("talkclock");
        std::fs::create_dir(&dir).unwrap();
        for mode in [0o755, 0o750, 0o701, 0o777] {
            chmod(&dir, mode);
            let err = check_private(&dir).unwrap_err();
            assert!(matches!(err, DirError::Mode { .. }), "{mode:o}: {err}");
            let text = err.to_string();
            assert!(text.starts_with(&dir.display().to_string()), "{text}");
            assert!(text.contains(&format!("{mode:04o}")), "{text}");
        }
    }

    #[test]
    fn a_link_a_file_and_a_missing_directory_are_refused() {
        let root = tempfile::tempdir().unwrap();
        let real = root.path().join("real");
        std::fs::create_dir(&real).unwrap();
        chmod(&real, 0o700);
        let link = root.path().join("link");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        assert!(matches!(
            ensure_private(&link),
            Err(DirError::Symlink { .. })
        ));
        let file = root.path().join("file");
        std::fs::write(&file, "").unwrap();
        assert!(matches!(
            check_private(&file),
            Err(DirError::NotADirectory { .. })
        ));
        assert!(matches!(
            check_private(&root.path().join("none")),
            Err(DirError::Missing { .. })
        ));
    }

    #[test]
    fn a_parent_others_may_write_without_the_sticky_bit_is_refused() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("talkclock");
        ensure_private(&dir).unwrap();
        chmod(root.path(), 0o777);
        assert!(matches!(
            check_private(&dir),
            Err(DirError::Parent { mode: 0o777, .. })
        ));
        chmod(root.path(), 0o1777);
        check_private(&dir).unwrap();
    }

    #[test]
    fn servers_and_clients_of_other_users_are_not_trusted() {
        assert!(server_trusted(1000, 1000, None));
        assert!(server_trusted(0, 1000, None));
        assert!(!server_trusted(1001, 1000, None));
        assert!(!server_trusted(1001, 1000, Some(0)));
        assert!(!server_trusted(1001, 0, Some(1002)));
        // A service's socket in its own directory, reached by root.
        assert!(server_trusted(999, 0, Some(999)));
        assert!(client_allowed(1000, 1000));
        assert!(client_allowed(0, 1000));
        assert!(!client_allowed(1001, 1000));
    }

    #[test]
    fn the_peer_of_a_socket_pair_is_this_user() {
        let (a, _b) = UnixStream::pair().unwrap();
        assert_eq!(peer_uid(&a).unwrap(), my_uid());
    }
}

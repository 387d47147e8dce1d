//! `talkclock hall add-bridge`: installs on the station's venue (A) the bridge user that
//! `hall init --bridge-to` wrote on venue B (its `bridge-<venue>.user` file): its password line
//! into A's `passwd` and its ACL block into A's `acl`, replacing an earlier one of the same
//! name and keeping every other user. The broker reads both again on SIGHUP.

use super::bridge::{self, BridgeError, BridgeUser};
use super::owner::{self, Ownership};
use super::users;
use std::path::{Path, PathBuf};

/// Why the bridge user was not installed.
#[derive(Debug, thiserror::Error)]
pub enum AddBridgeError {
    /// The hall's folder has no `passwd` or `acl` (not a hall).
    #[error("{}: cannot read it ({source}); give --dir the folder `talkclock hall init` wrote", path.display())]
    NotAHall {
        /// The missing file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The user file cannot be read.
    #[error("{}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The user file is not one.
    #[error("{}: {source}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        source: BridgeError,
    },
    /// A file could not be written.
    #[error("{}: {source}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

impl AddBridgeError {
    /// True when the command line or the file is to be changed, false when writing failed.
    pub fn is_usage(&self) -> bool {
        !matches!(self, AddBridgeError::Write { .. })
    }
}

/// What was installed.
#[derive(Debug, Clone)]
pub struct Added {
    /// The hall's folder.
    pub dir: PathBuf,
    /// The user.
    pub user: BridgeUser,
    /// Whether it replaced an earlier user of that name.
    pub replaced: bool,
    /// Whose `passwd` is.
    pub ownership: Ownership,
}

fn write(path: &Path, text: &str, mode: u32) -> Result<(), AddBridgeError> {
    owner::write_with_mode(path, text, mode).map_err(|source| AddBridgeError::Write {
        path: path.to_owned(),
        source,
    })
}

/// Installs the user of `file` into the hall in `dir`.
pub fn add_bridge(dir: &Path, file: &Path) -> Result<Added, AddBridgeError> {
    let read_hall = |name: &str| {
        let path = dir.join(name);
        std::fs::read_to_string(&path).map_err(|source| AddBridgeError::NotAHall { path, source })
    };
    let passwd = read_hall("passwd")?;
    let acl = read_hall("acl")?;
    let text = std::fs::read_to_string(file).map_err(|source| AddBridgeError::Read {
        path: file.to_owned(),
        source,
    })?;
    let user = bridge::parse_user_file(&text).map_err(|source| AddBridgeError::File {
        path: file.to_owned(),
        source,
    })?;
    let replaced = users::kept(&passwd, &acl).names.contains(&user.name);
    let passwd_file = dir.join("passwd");
    write(
        &passwd_file,
        &users::replace_passwd(&passwd, &user.name, &user.passwd_line),
        0o600,
    )?;
    write(
        &dir.join("acl"),
        &users::replace_acl(&acl, &user.name, &user.acl),
        0o644,
    )?;
    let ownership =
        owner::give_to_broker(&[&passwd_file]).map_err(|source| AddBridgeError::Write {
            path: passwd_file.clone(),
            source,
        })?;
    Ok(Added {
        dir: dir.to_owned(),
        user,
        replaced,
        ownership,
    })
}

impl Added {
    /// What was done and what to do next, as lines to print.
    pub fn report(&self) -> Vec<String> {
        let dir = self.dir.display();
        let verb = if self.replaced { "Replaced" } else { "Added" };
        vec![
            format!(
                "{verb} the bridge user {} in {dir}/passwd and {dir}/acl (every other user kept).",
                self.user.name
            ),
            "Reload the broker so that it reads them again:".to_string(),
            "  kill -HUP <mosquitto's pid>   (or: systemctl reload mosquitto)".to_string(),
        ]
    }
}

//! A hall user's credentials file: TOML `username = "board-12"`, `password = "…"`, written
//! mode 0600 by `talkclock hall init`.

use serde::Deserialize;
use std::path::Path;

/// A user name and password for the broker.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The broker's user name (`board-12`, `station`).
    pub username: String,
    /// The password.
    pub password: String,
}

/// Why a credentials file could not be used.
#[derive(Debug, thiserror::Error)]
pub enum CredentialsError {
    /// It could not be read.
    #[error("{path}: cannot read the hall's credentials: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// It is not a credentials file.
    #[error("{path}: not a credentials file: {message}")]
    Parse {
        /// The file.
        path: String,
        /// The TOML problem.
        message: String,
    },
}

impl Credentials {
    /// Reads a credentials file.
    pub fn read(path: &Path) -> Result<Credentials, CredentialsError> {
        let shown = path.display().to_string();
        let text = std::fs::read_to_string(path).map_err(|source| CredentialsError::Read {
            path: shown.clone(),
            source,
        })?;
        let credentials: Credentials =
            toml::from_str(&text).map_err(|e| CredentialsError::Parse {
                path: shown.clone(),
                message: e.message().to_string(),
            })?;
        if credentials.username.is_empty() || credentials.password.is_empty() {
            return Err(CredentialsError::Parse {
                path: shown,
                message: "the username or the password is empty".into(),
            });
        }
        Ok(credentials)
    }
}

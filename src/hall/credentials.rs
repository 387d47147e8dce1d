//! A board's (or the station's) login to the hall's broker: a small TOML file of two keys,
//!
//! ```toml
//! username = "board-12"
//! password = "…"
//! ```
//!
//! `talkclock hall init` writes one per board and one for the station, mode 0600 (only their
//! owner may read them); [`read`] does not check the mode, so keep them that way when copying
//! one to its board.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// A username and password for the broker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// `board-<n>` or `station`.
    pub username: String,
    /// The broker's password for that user.
    pub password: String,
}

/// Why a credentials file cannot be used; each names the file.
#[derive(Debug, thiserror::Error)]
pub enum CredentialsError {
    /// The file does not exist, or cannot be read.
    #[error("{}: cannot read the credentials file: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is not TOML of the two keys (a syntax error, an unknown or missing key).
    #[error("{}:{line}:{column}: {message}", path.display())]
    Toml {
        /// The file.
        path: PathBuf,
        /// 1-based line of the problem (1 when the parser gives no place).
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the TOML parser said.
        message: String,
    },
    /// `username` or `password` is empty.
    #[error("{}: `{key}` is empty", path.display())]
    Empty {
        /// The file.
        path: PathBuf,
        /// `username` or `password`.
        key: &'static str,
    },
}

/// Reads and checks a credentials file.
pub fn read(path: &Path) -> Result<Credentials, CredentialsError> {
    let text = std::fs::read_to_string(path).map_err(|source| CredentialsError::Read {
        path: path.to_owned(),
        source,
    })?;
    parse(&text, path)
}

/// Parses the text of a credentials file; `path` names it in errors.
pub fn parse(text: &str, path: &Path) -> Result<Credentials, CredentialsError> {
    let credentials: Credentials = toml::from_str(text).map_err(|e| {
        let (line, column) = e.span().map_or((1, 1), |span| {
            crate::config::diagnostic::line_column(text, span.start)
        });
        CredentialsError::Toml {
            path: path.to_owned(),
            line,
            column,
            message: e.message().trim_end().to_string(),
        }
    })?;
    for (key, value) in [
        ("username", &credentials.username),
        ("password", &credentials.password),
    ] {
        if value.is_empty() {
            return Err(CredentialsError::Empty {
                path: path.to_owned(),
                key,
            });
        }
    }
    Ok(credentials)
}

impl Credentials {
    /// The file's text, as [`read`] reads it back.
    pub fn to_toml(&self) -> String {
        format!(
            "# The hall broker's login for {} (keep this file mode 0600).\nusername = {}\npassword = {}\n",
            self.username,
            toml_string(&self.username),
            toml_string(&self.password)
        )
    }
}

/// `value` as a TOML basic string, quotes and escapes included.
fn toml_string(value: &str) -> String {
    let mut out = String::with_capacity(value.len() + 2);
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if c.is_control() => out.push_str(&format!("\\u{:04X}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Result<Credentials, CredentialsError> {
        parse(text, Path::new("board.toml"))
    }

    #[test]
    fn a_good_file_is_read() {
        let c = parsed("username = \"board-12\"\npassword = \"s3cret_-x\"\n").expect("valid");
        assert_eq!(c.username, "board-12");
        assert_eq!(c.password, "s3cret_-x");
    }

    #[test]
    fn what_to_toml_writes_reads_back_even_with_quotes() {
        let c = Credentials {
            username: "station".into(),
            password: "a\"b\\c\u{7}".into(),
        };
        assert_eq!(parsed(&c.to_toml()).expect("round trip"), c);
    }

    #[test]
    fn a_syntax_error_names_the_file_line_and_column() {
        let e = parsed("username = \"board-1\"\npassword = oops\n").unwrap_err();
        let text = e.to_string();
        assert!(text.starts_with("board.toml:2:12: "), "{text}");
    }

    #[test]
    fn an_unknown_key_is_refused_with_its_place() {
        let e = parsed("username = \"board-1\"\npassword = \"x\"\nport = 1883\n").unwrap_err();
        let text = e.to_string();
        assert!(text.starts_with("board.toml:3:1: "), "{text}");
        assert!(text.contains("port"), "{text}");
    }

    #[test]
    fn a_missing_password_is_refused() {
        let e = parsed("username = \"board-1\"\n").unwrap_err();
        assert!(e.to_string().contains("password"), "{e}");
    }

    #[test]
    fn an_empty_password_is_refused() {
        let e = parsed("username = \"board-1\"\npassword = \"\"\n").unwrap_err();
        assert_eq!(e.to_string(), "board.toml: `password` is empty");
    }

    #[test]
    fn a_missing_file_is_named() {
        let e = read(Path::new("/nonexistent/board-1.toml")).unwrap_err();
        let text = e.to_string();
        assert!(
            text.starts_with("/nonexistent/board-1.toml: cannot read the credentials file"),
            "{text}"
        );
    }
}

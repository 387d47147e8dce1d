//! `[dashboard]` in `station.toml`: where the page is served, the arbiters' password hash
//! (without one the page is read-only for everyone), and the boards it lists before they are
//! heard from.
//!
//! ```toml
//! [dashboard]
//! listen = "127.0.0.1:8090"
//! password_hash = "$pbkdf2-sha256$i=600000$…$…"   # `talkclock station passwd`
//! boards = "1-30"
//! ```

use super::password::PasswordHash;
use crate::config::diagnostic::line_column;
use serde::Deserialize;
use std::net::SocketAddr;
use toml::Spanned;

/// The section as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDashboard {
    listen: Spanned<String>,
    password_hash: Option<Spanned<String>>,
    boards: Option<Spanned<String>>,
}

/// The dashboard's settings.
#[derive(Debug, Clone)]
pub struct DashboardSettings {
    /// Where the page is served.
    pub listen: SocketAddr,
    /// The arbiters' password; none: the page is read-only.
    pub password: Option<PasswordHash>,
    /// The boards listed from the start (inclusive ranges).
    pub boards: Vec<(u32, u32)>,
}

/// What is wrong in the section, at its line and column (the words of `station.toml`'s
/// problems).
#[derive(Debug, thiserror::Error)]
#[error("line {line}, column {column}: [dashboard] {problem}")]
pub struct DashboardError {
    /// The value's line, from 1.
    pub line: usize,
    /// The value's column, from 1.
    pub column: usize,
    /// What is wrong with it.
    pub problem: DashboardProblem,
}

/// What is wrong with a value of `[dashboard]`.
#[derive(Debug, thiserror::Error)]
pub enum DashboardProblem {
    /// `listen` is no address.
    #[error("listen `{0}`: an address and port such as \"127.0.0.1:8090\"")]
    Listen(String),
    /// `password_hash` is no hash.
    #[error("password_hash: {0}")]
    PasswordHash(#[from] super::password::PasswordError),
    /// `boards` is no list of boards.
    #[error("boards {0}")]
    Boards(#[from] crate::station::config::BoardsError),
}

impl RawDashboard {
    /// Checks the section; an error names the line and column of the value (in `text`).
    pub fn check(&self, text: &str) -> Result<DashboardSettings, DashboardError> {
        let at = |span: std::ops::Range<usize>, problem: DashboardProblem| {
            let (line, column) = line_column(text, span.start);
            DashboardError {
                line,
                column,
                problem,
            }
        };
        let listen = self.listen.get_ref().parse::<SocketAddr>().map_err(|_| {
            at(
                self.listen.span(),
                DashboardProblem::Listen(self.listen.get_ref().clone()),
            )
        })?;
        let password = match &self.password_hash {
            None => None,
            Some(h) => Some(PasswordHash::parse(h.get_ref()).map_err(|e| at(h.span(), e.into()))?),
        };
        let boards = match &self.boards {
            None => Vec::new(),
            Some(b) => super::super::config::parse_boards(b.get_ref())
                .map_err(|e| at(b.span(), e.into()))?,
        };
        Ok(DashboardSettings {
            listen,
            password,
            boards,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::station::config::StationConfigError;
    use crate::station::StationConfig;
    use std::path::Path;

    const TEXT: &str = "[broker]\nurl = \"mqtt://127.0.0.1:1884\"\nevent = \"e1\"\n\
        credentials = \"c.toml\"\n[[arbiter]]\nname = \"a\"\nboards = \"1-10\"\n";

    fn parse(dashboard: &str) -> Result<StationConfig, StationConfigError> {
        StationConfig::parse(&format!("{TEXT}{dashboard}"), "s.toml", Path::new("/h"))
    }

    #[test]
    fn no_section_no_page_and_a_section_without_a_password_is_read_only() {
        assert!(parse("").unwrap().dashboard.is_none());
        let d = parse("[dashboard]\nlisten = \"127.0.0.1:8090\"\nboards = \"1-30\"\n")
            .unwrap()
            .dashboard
            .unwrap();
        assert_eq!(d.listen.port(), 8090);
        assert!(d.password.is_none());
        assert_eq!(d.boards, vec![(1, 30)]);
    }

    #[test]
    fn a_password_hash_is_read() {
        let hash = super::super::password::PasswordHash::with("password1", vec![7; 16], 100_000);
        let d = parse(&format!(
            "[dashboard]\nlisten = \"0.0.0.0:80\"\npassword_hash = \"{hash}\"\n"
        ))
        .unwrap()
        .dashboard
        .unwrap();
        assert!(d.password.unwrap().verify("password1"));
    }

    #[test]
    fn errors_in_the_section_name_their_line_and_column() {
        let e = parse("[dashboard]\nlisten = \"localhost\"\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("line 9, column 10: [dashboard] listen `localhost`"),
            "{e}"
        );
        let e = parse("[dashboard]\nlisten = \"127.0.0.1:1\"\npassword_hash = \"secret\"\n")
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("line 10, column 17: [dashboard] password_hash"),
            "{e}"
        );
        let e = parse("[dashboard]\nlisten = \"127.0.0.1:1\"\nboards = \"0-3\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 10, column 10: [dashboard] boards"), "{e}");
        let e = parse("[dashboard]\nlisten = \"127.0.0.1:1\"\npassword = \"x\"\n")
            .unwrap_err()
            .to_string();
        assert!(e.contains("line 10"), "{e}");
    }
}

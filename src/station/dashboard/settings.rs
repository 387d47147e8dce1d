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

impl RawDashboard {
    /// Checks the section; an error names the line and column of the value (in `text`).
    pub fn check(&self, text: &str) -> Result<DashboardSettings, String> {
        let at = |span: std::ops::Range<usize>, message: String| {
            let (line, column) = line_column(text, span.start);
            format!("line {line}, column {column}: [dashboard] {message}")
        };
        let listen = self.listen.get_ref().parse::<SocketAddr>().map_err(|_| {
            at(
                self.listen.span(),
                format!(
                    "listen `{}`: an address and port such as \"127.0.0.1:8090\"",
                    self.listen.get_ref()
                ),
            )
        })?;
        let password = match &self.password_hash {
            None => None,
            Some(h) => Some(
                PasswordHash::parse(h.get_ref())
                    .map_err(|e| at(h.span(), format!("password_hash: {e}")))?,
            ),
        };
        let boards = match &self.boards {
            None => Vec::new(),
            Some(b) => super::super::config::parse_boards(b.get_ref())
                .map_err(|e| at(b.span(), format!("boards {e}")))?,
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
    use crate::station::StationConfig;
    use std::path::Path;

    const TEXT: &str = "[broker]\nurl = \"mqtt://127.0.0.1:1884\"\nevent = \"e1\"\n\
        credentials = \"c.toml\"\n[[arbiter]]\nname = \"a\"\nboards = \"1-10\"\n";

    fn parse(dashboard: &str) -> Result<StationConfig, String> {
        StationConfig::parse(&format!("{TEXT}{dashboard}"), "s.toml", Path::new("/h"))
            .map_err(|e| e.to_string())
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
        let e = parse("[dashboard]\nlisten = \"localhost\"\n").unwrap_err();
        assert!(
            e.contains("line 9, column 10: [dashboard] listen `localhost`"),
            "{e}"
        );
        let e = parse("[dashboard]\nlisten = \"127.0.0.1:1\"\npassword_hash = \"secret\"\n")
            .unwrap_err();
        assert!(
            e.contains("line 10, column 17: [dashboard] password_hash"),
            "{e}"
        );
        let e = parse("[dashboard]\nlisten = \"127.0.0.1:1\"\nboards = \"0-3\"\n").unwrap_err();
        assert!(e.contains("line 10, column 10: [dashboard] boards"), "{e}");
        let e = parse("[dashboard]\nlisten = \"127.0.0.1:1\"\npassword = \"x\"\n").unwrap_err();
        assert!(e.contains("line 10"), "{e}");
    }
}

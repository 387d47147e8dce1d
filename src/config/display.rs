//! `[display]`: the board display, a web page served by `talkclock run` that shows both
//! clocks in large digits for low-vision players (see `docs/DISPLAY.md`). Off unless
//! `listen` is given.
//!
//! ```toml
//! [display]
//! listen = "127.0.0.1:8080"   # a LAN address (or 0.0.0.0:8080) to show it on another machine
//! scheme = "yellow_on_black"  # | "white_on_black" | "black_on_white"
//! size = 100                  # per cent of the largest digits the screen allows, 50–100
//! white = "left"              # the half of the screen White's clock is on (rule 1.7.3)
//! ```

use super::diagnostic::Collector;
use serde::{Deserialize, Serialize};
use std::net::SocketAddr;
use toml::Spanned;

/// `[display]` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RawDisplay {
    /// The address and port to serve the page on.
    pub listen: Option<Spanned<String>>,
    /// The colours.
    pub scheme: Option<Spanned<String>>,
    /// The digits' size, in per cent of the largest.
    pub size: Option<Spanned<i64>>,
    /// Which half of the screen is White's.
    pub white: Option<Spanned<String>>,
}

/// The colours of the page: all three have a contrast of at least 7:1 (WCAG AAA).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Scheme {
    /// Yellow digits on black (the default: what most low-vision players read best).
    #[default]
    YellowOnBlack,
    /// White on black.
    WhiteOnBlack,
    /// Black on white.
    BlackOnWhite,
}

impl Scheme {
    /// Every scheme, in the order the page offers them.
    pub const ALL: [Scheme; 3] = [
        Scheme::YellowOnBlack,
        Scheme::WhiteOnBlack,
        Scheme::BlackOnWhite,
    ];

    /// The word the configuration and the page use.
    pub fn word(self) -> &'static str {
        match self {
            Scheme::YellowOnBlack => "yellow_on_black",
            Scheme::WhiteOnBlack => "white_on_black",
            Scheme::BlackOnWhite => "black_on_white",
        }
    }
}

/// The half of the screen a clock is on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum ScreenHalf {
    /// The left half (in portrait: the top).
    #[default]
    Left,
    /// The right half (in portrait: the bottom).
    Right,
}

/// The smallest `size`.
pub const MIN_SIZE: u8 = 50;

/// How the board display is served and looks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisplaySettings {
    /// Where to listen.
    pub listen: SocketAddr,
    /// The colours the page starts with.
    pub scheme: Scheme,
    /// The digits' size the page starts with, in per cent of the largest (50–100).
    pub size: u8,
    /// The half of the screen White's clock is on.
    pub white: ScreenHalf,
}

/// Checks `[display]`; `None` when it is absent or wrong (problems collected).
pub fn display_settings(
    c: &mut Collector,
    raw: Option<&Spanned<RawDisplay>>,
) -> Option<DisplaySettings> {
    let raw = raw?;
    let whole = raw.span();
    let raw = raw.get_ref();
    let mut ok = true;
    let listen = match &raw.listen {
        None => {
            c.at(
                whole,
                "[display] needs `listen`, e.g. \"127.0.0.1:8080\" (or leave [display] out)",
            );
            ok = false;
            None
        }
        Some(text) => match text.get_ref().parse::<SocketAddr>() {
            Ok(addr) => Some(addr),
            Err(_) => {
                c.at(
                    text.span(),
                    format!(
                        "[display] listen `{}`: write an address and a port, e.g. \"127.0.0.1:8080\" or \"0.0.0.0:8080\"",
                        text.get_ref()
                    ),
                );
                ok = false;
                None
            }
        },
    };
    let scheme = match &raw.scheme {
        None => Scheme::default(),
        Some(word) => match Scheme::ALL.iter().find(|s| s.word() == word.get_ref()) {
            Some(s) => *s,
            None => {
                c.at(
                    word.span(),
                    format!(
                        "[display] scheme `{}`: use yellow_on_black, white_on_black or black_on_white",
                        word.get_ref()
                    ),
                );
                ok = false;
                Scheme::default()
            }
        },
    };
    let size = match &raw.size {
        None => 100,
        Some(n) => match u8::try_from(*n.get_ref()) {
            Ok(n) if (MIN_SIZE..=100).contains(&n) => n,
            _ => {
                c.at(
                    n.span(),
                    format!(
                        "[display] size {}: a size is {MIN_SIZE}–100 (per cent of the largest digits)",
                        n.get_ref()
                    ),
                );
                ok = false;
                100
            }
        },
    };
    let white = match raw.white.as_ref().map(|w| (w, w.get_ref().as_str())) {
        None | Some((_, "left")) => ScreenHalf::Left,
        Some((_, "right")) => ScreenHalf::Right,
        Some((w, other)) => {
            c.at(
                w.span(),
                format!("[display] white `{other}`: White's clock is on the `left` or the `right`"),
            );
            ok = false;
            ScreenHalf::Left
        }
    };
    if !ok {
        return None;
    }
    Some(DisplaySettings {
        listen: listen?,
        scheme,
        size,
        white,
    })
}

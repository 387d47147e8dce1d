//! Cues: short sounds instead of words.

/// A short sound instead of words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CueKind {
    /// A press was accepted.
    Click,
    /// A press by the side not on move (1.7.6).
    Buzz,
    /// A soft tick while the flag rises.
    FlagRising,
    /// A flag fell.
    FlagAlarm,
}

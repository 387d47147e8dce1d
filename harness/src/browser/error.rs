//! What can go wrong while driving the browser.

use std::path::PathBuf;
use std::time::Duration;

/// A failure to start, drive or read the browser.
#[derive(Debug, thiserror::Error)]
pub enum BrowserError {
    /// A program could not be started.
    #[error("cannot start {program}: {source} (install chromium and chromium-driver: .ci/install-deps.sh test)")]
    Spawn {
        /// The program.
        program: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// chromedriver exited or did not say it was ready in time.
    #[error(
        "chromedriver on port {port} did not get ready (waited {waited:?}); its output:\n{log}"
    )]
    NotReady {
        /// The port it was told to listen on.
        port: u16,
        /// How long we waited.
        waited: Duration,
        /// What it printed.
        log: String,
    },
    /// A file or folder of ours could not be written or read.
    #[error("{}: {source}", path.display())]
    File {
        /// The file or folder.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The connection to chromedriver failed.
    #[error("chromedriver {command}: {source}")]
    Io {
        /// The WebDriver command (`METHOD /path`).
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// chromedriver's reply was not HTTP with a JSON body.
    #[error("chromedriver {command}: malformed reply: {detail}")]
    Reply {
        /// The WebDriver command (`METHOD /path`).
        command: String,
        /// What was wrong with it.
        detail: String,
    },
    /// chromedriver answered with a WebDriver error (a script that threw, no such element…).
    #[error("chromedriver {command}: HTTP {status}, {error}: {message}")]
    WebDriver {
        /// The WebDriver command (`METHOD /path`).
        command: String,
        /// The HTTP status.
        status: u16,
        /// WebDriver's error code (`javascript error`, `session not created` …).
        error: String,
        /// Its message.
        message: String,
    },
    /// A reply or a script's result did not have the expected shape.
    #[error("{what}: unexpected value {value}")]
    Unexpected {
        /// What was asked.
        what: String,
        /// What came back.
        value: serde_json::Value,
    },
    /// No element matches a CSS selector.
    #[error("no element matches {0:?}")]
    NoElement(String),
    /// A condition did not become true in time.
    #[error("timed out after {waited:?} waiting for `{script}` (last result: {last})")]
    Timeout {
        /// The script that should have returned `true`.
        script: String,
        /// How long we waited.
        waited: Duration,
        /// What it returned last.
        last: serde_json::Value,
    },
    /// A screenshot was not base64.
    #[error("screenshot not base64: {0}")]
    Base64(#[from] base64::DecodeError),
    /// A PNG could not be decoded.
    #[error("PNG: {0}")]
    PngDecode(#[from] png::DecodingError),
    /// A PNG could not be written.
    #[error("PNG: {0}")]
    PngEncode(#[from] png::EncodingError),
    /// A PNG too large to decode in memory.
    #[error("PNG too large to decode")]
    ImageTooLarge,
    /// A PNG still indexed after expansion (not expected from the decoder).
    #[error("PNG with an indexed colour type after expansion")]
    ImageColours,
    /// axe-core is not installed where the tests look for it.
    #[error("axe-core is not installed ({}): run `make test`, or `.ci/install-web-deps.sh`", path.display())]
    AxeMissing {
        /// Where `axe.min.js` should be.
        path: PathBuf,
    },
    /// axe-core ran and failed.
    #[error("axe-core failed: {0}")]
    Axe(String),
}

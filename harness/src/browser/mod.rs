//! Debian's headless Chromium driven through chromedriver (WebDriver) for the web pages' tests:
//! chromedriver started on a free port of 127.0.0.1 in a process group of its own (so that
//! dropping the [`Browser`] stops it and the Chromium it started), one session on a temporary
//! profile, an exact CSS viewport and device scale factor (through chromedriver's CDP
//! passthrough), pages, scripts, element boxes, screenshots as pixels ([`Image`], with WCAG
//! contrast and ink heights) and axe-core's accessibility checks ([`Browser::axe`]).
//!
//! Installed by `make test` (`.ci/install-deps.sh test`: `chromium`, `chromium-driver`;
//! `.ci/install-web-deps.sh`: axe-core). A missing piece is an error, never a skip.

mod axe;
mod error;
mod image;
mod wire;

pub use axe::{axe_path, Violation};
pub use error::BrowserError;
pub use image::{contrast_ratio, relative_luminance, Image, PixelRect, Rgb};

use crate::process::{wait_until, GroupGuard};
use base64::Engine as _;
use serde_json::{json, Value};
use std::cell::Cell;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};
use wire::Wire;

/// Debian's chromedriver (package `chromium-driver`).
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// Debian's Chromium (package `chromium`), the launcher script that reads `/etc/chromium.d/`.
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// The viewport a new session has, in CSS pixels at a device scale factor of 1.
pub const DEFAULT_VIEWPORT: (u32, u32) = (1920, 1080);

/// How long chromedriver may take to say it is ready.
const READY_WITHIN: Duration = Duration::from_secs(20);
/// The session's limits for a page load and for a script.
const PAGE_LOAD_MS: u64 = 30_000;
const SCRIPT_MS: u64 = 30_000;

/// A box in CSS pixels, as `getBoundingClientRect` gives it (relative to the viewport).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rect {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub width: f64,
    /// Height.
    pub height: f64,
}

impl Rect {
    /// The device pixels the box touches at `scale` device pixels per CSS pixel (its edges
    /// rounded outwards; a part left of or above the viewport cut off).
    pub fn device(&self, scale: f64) -> PixelRect {
        let edge = |v: f64| v.max(0.0);
        let (left, top) = (edge(self.x * scale).floor(), edge(self.y * scale).floor());
        let right = edge((self.x + self.width) * scale).ceil();
        let bottom = edge((self.y + self.height) * scale).ceil();
        // Saturating float-to-int conversions: screen sizes are far below u32::MAX.
        PixelRect {
            x: left as u32,
            y: top as u32,
            width: (right - left) as u32,
            height: (bottom - top) as u32,
        }
    }
}

/// A temporary folder of ours, removed on drop: the browser's profile and chromedriver's log.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Result<Scratch, BrowserError> {
        static NEXT: AtomicU32 = AtomicU32::new(0);
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let dir =
            std::env::temp_dir().join(format!("talkclock-browser-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("profile")).map_err(|source| BrowserError::File {
            path: dir.clone(),
            source,
        })?;
        Ok(Scratch(dir))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A headless Chromium with one WebDriver session. Dropping it ends the session and stops
/// chromedriver's whole process group.
pub struct Browser {
    wire: Wire,
    session: String,
    chromium: Option<u32>,
    scale: Cell<f64>,
    // Dropped in this order: the processes, then their folder.
    driver: GroupGuard,
    scratch: Scratch,
}

impl Browser {
    /// Starts chromedriver on a free port, waits (at most 20 s) until `GET /status` says it is
    /// ready, and opens a session on a fresh profile with the viewport at
    /// [`DEFAULT_VIEWPORT`] and a device scale factor of 1.
    pub fn start() -> Result<Browser, BrowserError> {
        let scratch = Scratch::new()?;
        let port = crate::net::free_port().map_err(|source| BrowserError::File {
            path: "127.0.0.1:0".into(),
            source,
        })?;
        let log_path = scratch.0.join("chromedriver.log");
        let log = std::fs::File::create(&log_path).map_err(|source| BrowserError::File {
            path: log_path.clone(),
            source,
        })?;
        let log_err = log.try_clone().map_err(|source| BrowserError::File {
            path: log_path.clone(),
            source,
        })?;
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdin(Stdio::null())
            .stdout(log)
            .stderr(log_err)
            .process_group(0)
            .spawn()
            .map_err(|source| BrowserError::Spawn {
                program: CHROMEDRIVER.into(),
                source,
            })?;
        let mut driver = GroupGuard(Some(child));
        let wire = Wire::new(port);
        let began = Instant::now();
        let mut exited = false;
        let ready = wait_until(READY_WITHIN, || {
            exited = driver
                .0
                .as_mut()
                .is_none_or(|c| c.try_wait().is_ok_and(|s| s.is_some()));
            exited
                || wire
                    .call("GET", "/status", None)
                    .is_ok_and(|v| v["ready"] == true)
        });
        if !ready || exited {
            driver.stop();
            return Err(BrowserError::NotReady {
                port,
                waited: began.elapsed(),
                log: std::fs::read_to_string(&log_path).unwrap_or_default(),
            });
        }
        let (session, chromium) = open_session(&wire, &scratch.0.join("profile"))?;
        let browser = Browser {
            wire,
            session,
            chromium,
            scale: Cell::new(1.0),
            driver,
            scratch,
        };
        browser.viewport(DEFAULT_VIEWPORT.0, DEFAULT_VIEWPORT.1, 1.0)?;
        Ok(browser)
    }

    /// The folder of this browser's profile and of chromedriver's log (`chromedriver.log`),
    /// removed when the browser is dropped.
    pub fn scratch_dir(&self) -> &Path {
        &self.scratch.0
    }

    /// chromedriver's process id (the id of its process group).
    pub fn driver_pid(&self) -> Option<u32> {
        self.driver.id()
    }

    /// The Chromium browser process's id, as chromedriver reported it.
    pub fn chromium_pid(&self) -> Option<u32> {
        self.chromium
    }

    /// Sends a command of this session (`path` below `/session/ID`).
    fn command(
        &self,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> Result<Value, BrowserError> {
        let full = format!("/session/{}{path}", self.session);
        self.wire.call(method, &full, body.as_ref())
    }

    /// Sets the viewport to `width` × `height` CSS pixels at `scale` device pixels per CSS
    /// pixel: screenshots are then `width * scale` × `height * scale` pixels. 400 % browser
    /// zoom on a 1920 × 1080 screen is `viewport(480, 270, 4.0)`.
    pub fn viewport(&self, width: u32, height: u32, scale: f64) -> Result<(), BrowserError> {
        let params = json!({
            "width": width,
            "height": height,
            "deviceScaleFactor": scale,
            "mobile": false,
        });
        self.cdp("Emulation.setDeviceMetricsOverride", params)?;
        self.scale.set(scale);
        Ok(())
    }

    /// The device scale factor the last [`Browser::viewport`] set.
    pub fn scale(&self) -> f64 {
        self.scale.get()
    }

    /// Runs a Chrome DevTools Protocol command through chromedriver; its result.
    pub fn cdp(&self, cmd: &str, params: Value) -> Result<Value, BrowserError> {
        let body = json!({ "cmd": cmd, "params": params });
        self.command("POST", "/goog/cdp/execute", Some(body))
    }

    /// Loads `url` and waits until the page has loaded.
    pub fn goto(&self, url: &str) -> Result<(), BrowserError> {
        self.command("POST", "/url", Some(json!({ "url": url })))?;
        Ok(())
    }

    /// Runs `script` (a function body; its arguments in `arguments`) in the page; what it
    /// returns.
    pub fn eval(&self, script: &str, args: Vec<Value>) -> Result<Value, BrowserError> {
        let body = json!({ "script": script, "args": args });
        self.command("POST", "/execute/sync", Some(body))
    }

    /// Runs `script` in the page and waits (at most the session's 30 s script limit) until it
    /// calls its last argument, the callback; the value it was called with.
    pub fn eval_async(&self, script: &str, args: Vec<Value>) -> Result<Value, BrowserError> {
        let body = json!({ "script": script, "args": args });
        self.command("POST", "/execute/async", Some(body))
    }

    /// Polls `script` every 50 ms until it returns `true`, at most `timeout`.
    pub fn wait_for(&self, script: &str, timeout: Duration) -> Result<(), BrowserError> {
        let deadline = Instant::now() + timeout;
        loop {
            let last = self.eval(script, vec![])?;
            if last == Value::Bool(true) {
                return Ok(());
            }
            if Instant::now() >= deadline {
                return Err(BrowserError::Timeout {
                    script: script.to_string(),
                    waited: timeout,
                    last,
                });
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The box of the first element `selector` matches, in CSS pixels.
    pub fn rect(&self, selector: &str) -> Result<Rect, BrowserError> {
        let script = "const e = document.querySelector(arguments[0]);
            if (!e) return null;
            const r = e.getBoundingClientRect();
            return [r.x, r.y, r.width, r.height];";
        let value = self.eval(script, vec![json!(selector)])?;
        if value.is_null() {
            return Err(BrowserError::NoElement(selector.to_string()));
        }
        let numbers: Option<Vec<f64>> = value
            .as_array()
            .map(|a| a.iter().filter_map(Value::as_f64).collect());
        match numbers.as_deref() {
            Some(&[x, y, width, height]) => Ok(Rect {
                x,
                y,
                width,
                height,
            }),
            _ => Err(BrowserError::Unexpected {
                what: format!("the box of {selector:?}"),
                value,
            }),
        }
    }

    /// A screenshot of the viewport, in device pixels.
    pub fn screenshot(&self) -> Result<Image, BrowserError> {
        let value = self.command("GET", "/screenshot", None)?;
        let Some(text) = value.as_str() else {
            return Err(BrowserError::Unexpected {
                what: "a screenshot".into(),
                value,
            });
        };
        let png = base64::engine::general_purpose::STANDARD.decode(text)?;
        Image::from_png(&png)
    }
}

/// Opens a session of headless Chromium on the profile folder `profile`; the session's id
/// and the browser's process id.
fn open_session(wire: &Wire, profile: &Path) -> Result<(String, Option<u32>), BrowserError> {
    let args = [
        "--headless=new".to_string(),
        // As root (the CI runs as root) Chromium refuses to start sandboxed.
        "--no-sandbox".into(),
        "--disable-gpu".into(),
        "--disable-dev-shm-usage".into(),
        "--hide-scrollbars".into(),
        "--force-device-scale-factor=1".into(),
        format!(
            "--window-size={},{}",
            DEFAULT_VIEWPORT.0, DEFAULT_VIEWPORT.1
        ),
        format!("--user-data-dir={}", profile.display()),
    ];
    let capabilities = json!({
        "capabilities": {
            "alwaysMatch": {
                "browserName": "chrome",
                "timeouts": { "pageLoad": PAGE_LOAD_MS, "script": SCRIPT_MS },
                "goog:chromeOptions": { "binary": CHROMIUM, "args": args },
            }
        }
    });
    let value = wire.call("POST", "/session", Some(&capabilities))?;
    let pid = value["capabilities"]["goog:processID"]
        .as_u64()
        .and_then(|pid| u32::try_from(pid).ok());
    match value.get("sessionId").and_then(Value::as_str) {
        Some(id) => Ok((id.to_string(), pid)),
        None => Err(BrowserError::Unexpected {
            what: "a new session".into(),
            value,
        }),
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        // Chromium quits with the session; the group guard then stops chromedriver and
        // anything left in its group.
        let _ = self.command("DELETE", "", None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_css_box_covers_the_device_pixels_it_touches() {
        let rect = Rect {
            x: 10.5,
            y: 20.0,
            width: 100.0,
            height: 50.25,
        };
        let at_one = PixelRect {
            x: 10,
            y: 20,
            width: 101,
            height: 51,
        };
        assert_eq!(rect.device(1.0), at_one);
        let at_four = PixelRect {
            x: 42,
            y: 80,
            width: 400,
            height: 201,
        };
        assert_eq!(rect.device(4.0), at_four);
        let above = Rect {
            x: -5.0,
            y: -10.0,
            width: 20.0,
            height: 30.0,
        };
        let cut = PixelRect {
            x: 0,
            y: 0,
            width: 15,
            height: 20,
        };
        assert_eq!(above.device(1.0), cut);
    }
}

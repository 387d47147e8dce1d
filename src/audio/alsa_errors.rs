//! Keeps libasound's own error printing off stderr. With no sound card (or while cpal probes
//! devices) alsa-lib prints dozens of `ALSA lib file.c:NN:(function) …` lines through its
//! global error handler; [`silence_alsa_errors`] replaces that handler with one that does
//! nothing. Failures still reach us as error codes through cpal, and we log those.
//!
//! Why not the alsa crate's `DeviceOutput::local_error_handler`: it uses `snd_lib_error_set_local`,
//! which is thread-local, and alsa-lib is called from threads we do not own (cpal's stream
//! threads). Passing NULL to `snd_lib_error_set_handler` restores the printing default.
//! Newer alsa-lib (`snd_lib_log_set_handler`) is not in Debian 12's 1.2.8.
//!
//! # The variadic handler
//!
//! alsa-lib declares the handler as a C variadic function,
//! `void (*)(const char *file, int line, const char *function, int err, const char *fmt, ...)`,
//! and stable Rust cannot define a variadic function. We declare `snd_lib_error_set_handler`
//! ourselves with the same five fixed parameters and no `...`, and give it a five-parameter
//! `extern "C"` function that ignores them. libasound (C code, not Rust) then calls it as a
//! variadic function. That is sound at the machine level on the targets we build, because
//! the five fixed arguments are all pointers or `int`, and:
//!
//! - x86_64 System V (Linux): a variadic call passes the named arguments in exactly the
//!   registers a plain call uses (`rdi, rsi, rdx, rcx, r8`); the extra arguments follow in the
//!   next registers or on the stack, and the caller pops the stack. The only addition is `al`
//!   (how many vector registers carry arguments), which a non-variadic callee never reads.
//! - aarch64 Linux (AAPCS64, not Apple's variant): variadic arguments are passed exactly like
//!   named ones (`x0..x7`, `v0..v7`, then the stack, caller-cleaned); the named five are in
//!   `x0..x4` either way.
//!
//! Our callee reads no argument, touches no memory and cannot panic, so it is also safe to run
//! on any thread at any time. On other targets the function does nothing (not checked there).

use std::sync::Once;

#[cfg(all(
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
mod ffi {
    use std::ffi::{c_char, c_int};

    /// alsa-lib's `snd_lib_error_handler_t` without its trailing `...` (see the module docs).
    pub(super) type ErrorHandler =
        unsafe extern "C" fn(*const c_char, c_int, *const c_char, c_int, *const c_char);

    // libasound is linked already: cpal → alsa → alsa-sys (`links = "alsa"`).
    extern "C" {
        /// Sets alsa-lib's process-wide error handler (NULL restores the default printer).
        pub(super) fn snd_lib_error_set_handler(handler: Option<ErrorHandler>) -> c_int;
    }

    /// The no-op handler: ignores every argument (so calling it needs no `unsafe`).
    extern "C" fn ignore(
        _file: *const c_char,
        _line: c_int,
        _function: *const c_char,
        _err: c_int,
        _fmt: *const c_char,
    ) {
    }

    /// Installs [`ignore`]; returns alsa-lib's status (0 on success).
    pub(super) fn install() -> c_int {
        let handler: ErrorHandler = ignore;
        // SAFETY: `snd_lib_error_set_handler` only stores the (non-null) pointer in a global
        // that alsa-lib reads when it reports an error. `ignore` is a `'static` function,
        // ABI-compatible with the variadic handler type on this target (module docs), reads
        // no argument and does nothing. The store is a plain pointer write: callers install
        // it before other threads use ALSA (see `silence_alsa_errors`).
        unsafe { snd_lib_error_set_handler(Some(handler)) }
    }
}

static SILENCE: Once = Once::new();

/// Stops alsa-lib from printing its `ALSA lib …` error lines to stderr, for the whole
/// process and from now on (errors are still returned to cpal, which reports them to us).
/// Idempotent: only the first call does anything. Call it early in `main`, before any
/// thread lists or opens an audio device (alsa-lib stores the handler in a plain global).
/// A no-op off x86_64/aarch64 Linux.
pub fn silence_alsa_errors() {
    SILENCE.call_once(|| {
        #[cfg(all(
            target_os = "linux",
            any(target_arch = "x86_64", target_arch = "aarch64")
        ))]
        {
            let status = ffi::install();
            if status != 0 {
                tracing::debug!(status, "snd_lib_error_set_handler failed");
            }
        }
    });
}

#[cfg(all(
    test,
    target_os = "linux",
    any(target_arch = "x86_64", target_arch = "aarch64")
))]
mod tests {
    use std::path::Path;
    use std::process::Command;
    use std::sync::Arc;

    use super::*;
    use crate::audio::backend::{CpalBackend, OutputBackend, StreamRequest};
    use crate::audio::config::HostKind;

    /// Set in the re-executed test binary: `loud` or `silenced`.
    const CHILD_ENV: &str = "TALKCLOCK_ALSA_ERRORS_CHILD";
    const CHILD_TEST: &str = "audio::alsa_errors::tests::child_opens_a_missing_alsa_device";
    const OPEN_FAILED: &str = "child: opening the missing device failed";

    /// Run as a child only (a no-op in the normal test run): optionally silences alsa-lib,
    /// then opens ALSA's `default`, which the child's asoundrc points at a card that does not
    /// exist, through the real cpal backend.
    #[test]
    fn child_opens_a_missing_alsa_device() {
        let Ok(mode) = std::env::var(CHILD_ENV) else {
            return;
        };
        if mode == "silenced" {
            silence_alsa_errors();
            silence_alsa_errors();
        }
        let request = StreamRequest {
            device: "default".into(),
            channels: 2,
            sample_rate: 48_000,
            buffer_frames: 480,
        };
        let backend: Arc<dyn OutputBackend> = Arc::new(CpalBackend::new(HostKind::Alsa));
        let result = backend.open(&request, Box::new(|_: &mut [f32], _| false));
        assert!(result.is_err(), "the missing device opened");
        eprintln!("{OPEN_FAILED}");
    }

    /// Runs [`child_opens_a_missing_alsa_device`] in a fresh process; returns its stderr.
    fn run_child(mode: &str, config_home: &Path) -> String {
        let exe = std::env::current_exe().expect("test binary path");
        let output = Command::new(exe)
            .args([CHILD_TEST, "--exact", "--nocapture", "--test-threads=1"])
            .env(CHILD_ENV, mode)
            .env("XDG_CONFIG_HOME", config_home)
            .env_remove("ALSA_CONFIG_PATH")
            .output()
            .expect("run the test binary");
        let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{mode} child failed:\n{stdout}\n{stderr}"
        );
        assert!(
            stderr.contains(OPEN_FAILED),
            "{mode} child did not run:\n{stdout}\n{stderr}"
        );
        stderr
    }

    #[test]
    fn silenced_alsa_prints_no_alsa_lib_lines() {
        let dir = tempfile::tempdir().expect("tempdir");
        let alsa = dir.path().join("alsa");
        std::fs::create_dir_all(&alsa).expect("alsa dir");
        let asoundrc = "pcm.!default {\n  type plug\n  slave.pcm \"talkclock_no_such_pcm\"\n}\n";
        std::fs::write(alsa.join("asoundrc"), asoundrc).expect("asoundrc");

        let loud = run_child("loud", dir.path());
        assert!(
            loud.lines().any(|l| l.starts_with("ALSA lib")),
            "without the call alsa-lib prints (else this test proves nothing):\n{loud}"
        );
        let quiet = run_child("silenced", dir.path());
        assert!(
            !quiet.contains("ALSA lib"),
            "alsa-lib printed after silence_alsa_errors:\n{quiet}"
        );
    }
}

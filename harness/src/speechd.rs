//! A private speech-dispatcher (espeak-ng module, audio to the private PulseAudio), so that
//! system speech can be measured beside the voice packs without touching the user's session.

use crate::process::{wait_until, ChildGuard};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Writes `speechd.conf` and the espeak-ng module's file into `conf`, logs into `logs`.
pub fn write_conf(conf: &Path, logs: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(conf.join("modules"))?;
    std::fs::create_dir_all(logs)?;
    std::fs::write(
        conf.join("modules/espeak-ng.conf"),
        "# defaults of the espeak-ng module\n",
    )?;
    std::fs::write(
        conf.join("speechd.conf"),
        format!(
            "LogLevel 3\nLogDir \"{}\"\nAudioOutputMethod \"pulse\"\n\
             AddModule \"espeak-ng\" \"sd_espeak-ng\" \"espeak-ng.conf\"\n\
             DefaultModule espeak-ng\nDefaultLanguage \"en\"\n",
            logs.display()
        ),
    )
}

/// Starts speech-dispatcher with its socket in `dir` and sets `SPEECHD_ADDRESS` for this
/// process. Call it before other threads start: it sets an environment variable.
pub fn start(dir: &Path) -> Result<ChildGuard, String> {
    let conf = dir.join("speech-dispatcher");
    write_conf(&conf, &dir.join("speechd-logs")).map_err(|e| format!("{}: {e}", conf.display()))?;
    let socket = dir.join("speechd.sock");
    let child = Command::new("speech-dispatcher")
        .args([
            "--run-single",
            "--communication-method",
            "unix_socket",
            "--timeout",
            "0",
        ])
        .arg("--config-dir")
        .arg(&conf)
        .arg("--socket-path")
        .arg(&socket)
        .arg("--pid-file")
        .arg(dir.join("speechd.pid"))
        .env("XDG_CONFIG_HOME", dir)
        .env("XDG_RUNTIME_DIR", dir)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("cannot start speech-dispatcher (install it): {e}"))?;
    let mut guard = ChildGuard(Some(child));
    if !wait_until(Duration::from_secs(10), || socket.exists()) {
        guard.stop();
        return Err("the speech-dispatcher socket did not appear within 10 s".into());
    }
    std::env::set_var(
        "SPEECHD_ADDRESS",
        format!("unix_socket:{}", socket.display()),
    );
    Ok(guard)
}

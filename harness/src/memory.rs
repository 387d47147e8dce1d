//! Memory of the board daemon with its voice packs, as issue 37 states its goals: the
//! resident memory after a window of idle (30 s) with one language in use and with two
//! players in two languages, and the peak resident memory (`VmHWM`: the start-up's, the
//! packs' loading and preparing included), each daemon with audio on the private PulseAudio
//! and its clock running with nothing to say.

use crate::daemon::Daemon;
use std::path::Path;
use std::time::{Duration, Instant};

/// One daemon's memory.
#[derive(Debug, Clone, Copy)]
pub struct Resident {
    /// Resident memory at the end of the window, MB.
    pub rss_mb: f64,
    /// Peak resident memory until then, MB.
    pub peak_mb: f64,
    /// Spawn to `READY=1`, ms.
    pub startup_ms: f64,
}

/// The configuration of a clock whose white player hears `white`, black `black` (codes),
/// and the arbiter white's language.
pub fn config_in(white: &str, black: &str) -> String {
    format!(
        "mode = \"tournament\"\n\n[game]\nfirst = \"white\"\n\n\
         [[time_control.stage]]\ntime = \"2:00:00\"\n\n\
         [players.white]\nname = \"White\"\nvision = \"totally_blind\"\nlanguage = \"{white}\"\n\n\
         [players.black]\nname = \"Black\"\nvision = \"totally_blind\"\nlanguage = \"{black}\"\n\n\
         [arbiter]\nlanguage = \"{white}\"\n"
    )
}

/// Starts a daemon on each configuration one after the other (each with its clock started),
/// waits until the last has been idle for `window`, and reads every daemon's memory.
pub fn idle_memory(
    exe: &Path,
    dir: &Path,
    configs: &[(&str, String)],
    window: Duration,
) -> Result<Vec<Resident>, String> {
    let mut daemons = Vec::with_capacity(configs.len());
    for (name, config) in configs {
        let mut daemon = Daemon::start(exe, &dir.join(name), config, false)?;
        daemon.key("s")?;
        daemons.push(daemon);
    }
    let since = Instant::now();
    std::thread::sleep(window.saturating_sub(since.elapsed()));
    let mb = |kb: u64| kb as f64 / 1024.0;
    let read = daemons
        .iter()
        .map(|d| {
            Ok(Resident {
                rss_mb: mb(d.status_kb("VmRSS")?),
                peak_mb: mb(d.status_kb("VmHWM")?),
                startup_ms: d.startup.as_secs_f64() * 1e3,
            })
        })
        .collect::<Result<Vec<_>, String>>();
    for daemon in daemons {
        daemon.quit();
    }
    read
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_two_language_configuration_parses_with_both_languages() {
        let config =
            talkclock::config::Config::parse(&config_in("ru", "en"), "bench").expect("parses");
        let codes: Vec<&str> = [config.players[0].language, config.players[1].language]
            .iter()
            .map(|l| l.code())
            .collect();
        assert_eq!(codes, ["ru", "en"]);
        assert_eq!(config.arbiter_language.code(), "ru");
    }
}

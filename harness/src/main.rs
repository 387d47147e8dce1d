//! `talkclock-bench` (what `talkclock bench` runs): measures the `talkclock` binary beside it
//! on this machine and prints the figures, as a human summary or one JSON object. Fails only
//! when something could not be measured.

use clap::Parser;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;
use talkclock_harness::{run, BenchOptions};

/// Measure talkclock on this machine (flags, presses, audio latency, idle cost, drift; or a
/// tournament hall with --hall; or the click and the flag on a slow disk with --slow-syncs).
#[derive(Parser)]
#[command(name = "talkclock-bench", version)]
struct Args {
    /// Print one JSON object instead of the summary.
    #[arg(long)]
    json: bool,
    /// Shorter windows and fewer samples: about 80 s (the memory goals keep their 30 s idle).
    #[arg(long)]
    quick: bool,
    /// The idle window in seconds (60, or 4 with --quick).
    #[arg(long)]
    idle_secs: Option<u64>,
    /// The real-time drift window in seconds (120, or 15 with --quick).
    #[arg(long)]
    drift_secs: Option<u64>,
    /// The memory daemons' idle window in seconds (30, as the memory goals say).
    #[arg(long)]
    memory_secs: Option<u64>,
    /// The voice packs folder.
    #[arg(long)]
    voices: Option<PathBuf>,
    /// The `talkclock` binary to measure; the one in this program's folder when omitted.
    #[arg(long)]
    talkclock: Option<PathBuf>,
    /// The daemon's `[audio] buffer_frames` for the sound measurements (its default when
    /// omitted).
    #[arg(long)]
    buffer_frames: Option<u32>,
    /// Only the core loop, quiet and then with every core busy (stress-ng), side by side.
    #[arg(long)]
    under_load: bool,
    /// Only the tournament hall: BOARDS boards over a real mosquitto and a station with audio;
    /// flag to the first audible sample in the arbiter's earpiece, part by part (30 boards
    /// when BOARDS is omitted; one flag every --hall-gap seconds).
    #[arg(long, value_name = "BOARDS", num_args = 0..=1, default_missing_value = "30",
          value_parser = clap::value_parser!(u32).range(1..=500))]
    hall: Option<u32>,
    /// With --hall: seconds between two boards' flags. Each board's flag brings three alerts
    /// (the flag, the result, the journal's seal) that the station says one after another
    /// (about 14 s with a board number over a hundred: the seal's sixteen digits take 8 s);
    /// the next flag must find the earpiece quiet.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value_t = 20.0,
        requires = "hall"
    )]
    hall_gap: f64,
    /// With --hall: how many boards flag, spread evenly over them (every board when omitted);
    /// the others play on with two hours, so 200 boards can be measured in minutes.
    #[arg(long, value_name = "FLAGS", requires = "hall",
          value_parser = clap::value_parser!(u32).range(1..=500))]
    hall_flags: Option<u32>,
    /// With --hall: the boards in this many venues (1 or 2). With 2, the second half of the
    /// boards are on venue B's own mosquitto, bridged to the station's by `hall init
    /// --bridge-to` and `hall add-bridge`; the figures are given per venue.
    #[arg(long, value_name = "N", default_value_t = 1, requires = "hall",
          value_parser = clap::value_parser!(u32).range(1..=2))]
    venues: u32,
    /// With --hall: the boards simulated in the benchmark's process (each the board's own
    /// core, journal and hall link, without devices or sound) instead of one daemon each.
    #[arg(long, requires = "hall")]
    hall_sim: bool,
    /// Only the click and the flag with the journal's syncs as they are and delayed 20 and
    /// 80 ms by strace (an SD card's), side by side.
    #[arg(long)]
    slow_syncs: bool,
    /// (Internal) one run of --slow-syncs, its syncs delayed this many ms by the strace
    /// around it: prints one JSON line.
    #[arg(long, hide = true, value_name = "MS")]
    slow_syncs_child: Option<u64>,
    /// (Internal) the folder a --slow-syncs child writes its journals in.
    #[arg(long, hide = true, requires = "slow_syncs_child")]
    scratch: Option<PathBuf>,
}

/// The `talkclock` binary in the same folder as this program.
fn talkclock_beside_us() -> Result<PathBuf, String> {
    let me = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let dir = me.parent().unwrap_or(Path::new("."));
    let exe = dir.join(format!("talkclock{}", std::env::consts::EXE_SUFFIX));
    if exe.is_file() {
        Ok(exe)
    } else {
        Err(format!(
            "there is no talkclock binary in {}: build it there too \
             (`cargo build --release -p talkclock`, or `make bench`), or name one with --talkclock",
            dir.display()
        ))
    }
}

fn bench(args: &Args) -> Result<(), String> {
    if let Some(delay_ms) = args.slow_syncs_child {
        let dir = args
            .scratch
            .clone()
            .ok_or("--slow-syncs-child needs --scratch")?;
        let counts = talkclock_harness::slow_syncs::Counts::new(args.quick);
        let figures = talkclock_harness::slow_syncs::measure(&dir, delay_ms, counts)?;
        println!(
            "{}",
            serde_json::to_string(&figures).map_err(|e| e.to_string())?
        );
        return Ok(());
    }
    if args.slow_syncs {
        return slow_syncs(args);
    }
    if args.under_load {
        let dir = std::env::temp_dir().join(format!("talkclock-bench-load-{}", std::process::id()));
        let result = talkclock_harness::under_load::run(&dir, args.quick);
        let _ = std::fs::remove_dir_all(&dir);
        let (quiet, loaded, cores) =
            result.map_err(|e| format!("bench: could not measure: {e}"))?;
        print!(
            "{}",
            talkclock_harness::under_load::human(&quiet, &loaded, cores)
        );
        return Ok(());
    }
    let exe = match &args.talkclock {
        Some(exe) => exe.clone(),
        None => talkclock_beside_us()?,
    };
    if let Some(boards) = args.hall {
        return hall(args, exe, boards);
    }
    let mut options = BenchOptions::new(exe, args.quick);
    options.voices = args.voices.clone();
    options.buffer_frames = args.buffer_frames;
    if let Some(secs) = args.idle_secs {
        options.idle = Duration::from_secs(secs.max(1));
    }
    if let Some(secs) = args.memory_secs {
        options.memory_idle = Duration::from_secs(secs.max(1));
    }
    if let Some(secs) = args.drift_secs {
        options.drift = Duration::from_secs(secs.max(2));
    }
    let report = run(&options).map_err(|e| format!("bench: could not measure: {e}"))?;
    if args.json {
        println!("{}", report.json());
    } else {
        print!("{}", report.human());
    }
    Ok(())
}

fn slow_syncs(args: &Args) -> Result<(), String> {
    let me = std::env::current_exe().map_err(|e| format!("cannot find this program: {e}"))?;
    let scratch = talkclock_harness::Scratch::new()?;
    let figures = talkclock_harness::slow_syncs::run(&me, &scratch.0, args.quick)
        .map_err(|e| format!("bench: could not measure: {e}"))?;
    if args.json {
        println!(
            "{}",
            serde_json::to_string(&figures).map_err(|e| e.to_string())?
        );
    } else {
        print!("{}", talkclock_harness::slow_syncs::table(&figures));
    }
    Ok(())
}

fn hall(args: &Args, exe: PathBuf, boards: u32) -> Result<(), String> {
    if !(args.hall_gap.is_finite() && (1.0..=600.0).contains(&args.hall_gap)) {
        return Err(format!(
            "--hall-gap {}: give 1 to 600 seconds",
            args.hall_gap
        ));
    }
    let options = talkclock_harness::hall::HallOptions {
        exe,
        boards,
        lead: Duration::from_secs(5),
        gap: Duration::from_secs_f64(args.hall_gap),
        voices: args.voices.clone(),
        buffer_frames: args.buffer_frames,
        venues: args.venues,
        sim: args.hall_sim,
        flags: args.hall_flags.unwrap_or(boards),
    };
    let scratch = talkclock_harness::Scratch::new()?;
    let report = match talkclock_harness::hall::run(&options, &scratch.0) {
        Ok(report) => report,
        Err(e) => {
            let kept = scratch.0.clone();
            std::mem::forget(scratch);
            return Err(format!(
                "bench: could not measure the hall: {e} (logs kept in {})",
                kept.display()
            ));
        }
    };
    if args.json {
        println!("{}", report.json());
    } else {
        print!("{}", report.human());
    }
    Ok(())
}

fn main() -> ExitCode {
    let args = Args::parse();
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| "info,pulseaudio=off".into()),
        )
        .init();
    match bench(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}

//! The `talkclock` command: simulate, check, run a practice game, learn buttons, list devices.

use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;
use talkclock::cli;

/// A talking game clock for blind and low-vision draughts and chess players.
#[derive(Parser)]
#[command(name = "talkclock", version, about)]
struct Args {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a scripted game on virtual time and print one JSON object per line.
    Simulate {
        /// The configuration file (TOML); the embedded default when omitted.
        #[arg(long)]
        config: Option<PathBuf>,
        /// The script: one `@TIME ACTION` per line.
        #[arg(long)]
        script: PathBuf,
    },
    /// Validate a configuration file and report every problem with line and column.
    Check {
        /// The configuration file (TOML); the embedded default when omitted.
        #[arg(long)]
        config: Option<PathBuf>,
    },
    /// Play a game in real time, driven from the terminal (practice).
    Run {
        /// The configuration file (TOML); the embedded default when omitted.
        #[arg(long)]
        config: Option<PathBuf>,
    },
    /// Ask for each button by ear and write the bindings into the configuration file.
    Learn {
        /// The configuration file to update (created from the embedded default if missing).
        #[arg(long)]
        config: PathBuf,
        /// Testing aid: read presses from this file (one `DEVICE BUTTON` per line) instead
        /// of the devices.
        #[arg(long)]
        inject: Option<PathBuf>,
    },
    /// List game controllers (with their uuids) and keyboard-class input devices.
    Devices,
    /// Try the button bindings by hand: print what each press does (Ctrl-C quits).
    Buttons {
        /// The configuration file (TOML); the embedded default when omitted.
        #[arg(long)]
        config: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    let args = Args::parse();
    let outcome = match args.command {
        Command::Simulate { config, script } => cli::simulate(config.as_deref(), &script),
        Command::Check { config } => cli::check(config.as_deref()),
        Command::Run { config } => cli::run_terminal(config.as_deref()),
        Command::Learn { config, inject } => cli::learn(&config, inject.as_deref()),
        Command::Devices => cli::devices(),
        Command::Buttons { config } => cli::buttons(config.as_deref()),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprint!("{failure}");
            if !failure.to_string().ends_with('\n') {
                eprintln!();
            }
            ExitCode::from(failure.exit_code())
        }
    }
}

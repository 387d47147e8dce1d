//! `talkclock bench`: the benchmark is a separate program, `talkclock-bench` (the workspace's
//! `talkclock-harness` crate), so that its PulseAudio, `parec` and speech-dispatcher helpers
//! stay out of the shipped library. This command runs it from the folder this program is in,
//! with the same arguments; it measures the `talkclock` binary beside it and its exit code
//! is the command's.

use super::Failure;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The benchmark program's name.
pub const PROGRAM: &str = "talkclock-bench";

/// `talkclock-bench` in `dir`, or what to do when it is not there.
pub fn program_in(dir: &Path) -> Result<PathBuf, Failure> {
    let program = dir.join(format!("{PROGRAM}{}", std::env::consts::EXE_SUFFIX));
    if program.is_file() {
        return Ok(program);
    }
    Err(Failure::Io(std::io::Error::new(
        std::io::ErrorKind::NotFound,
        format!(
            "talkclock bench: the benchmark is a separate program, {PROGRAM}, and it is not in {}.\n\
             Build it next to talkclock from the source tree (the talkclock-harness crate):\n  \
             cargo build --release -p talkclock-harness   (into target/release/; without --release, target/debug/)\n\
             or run `make bench`, which builds both release binaries and runs the benchmark.",
            dir.display()
        ),
    )))
}

/// Replaces this process with `talkclock-bench ARGS…` from this program's folder; returns
/// only when that cannot be done.
pub fn bench(args: &[OsString]) -> Failure {
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => return Failure::Io(e),
    };
    let program = match program_in(exe.parent().unwrap_or(Path::new("."))) {
        Ok(program) => program,
        Err(failure) => return failure,
    };
    use std::os::unix::process::CommandExt;
    let error = std::process::Command::new(&program).args(args).exec();
    Failure::Io(std::io::Error::new(
        error.kind(),
        format!("talkclock bench: cannot run {}: {error}", program.display()),
    ))
}

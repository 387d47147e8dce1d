//! `talkclock bench` is a launcher: it runs `talkclock-bench` from its own folder with the same
//! arguments and exits with its exit code, and says how to build it when it is not there.
//! Tried on a copy of the binary in a folder of its own, with a stand-in `talkclock-bench`.

use std::os::unix::fs::PermissionsExt;
use std::path::Path;
use std::process::Command;

/// `talkclock` in `dir`: a hard link to the built binary (a copy across file systems).
fn talkclock_in(dir: &Path) -> std::path::PathBuf {
    let exe = dir.join("talkclock");
    let built = env!("CARGO_BIN_EXE_talkclock");
    if std::fs::hard_link(built, &exe).is_err() {
        std::fs::copy(built, &exe).expect("copy the talkclock binary");
    }
    exe
}

// One test, so that no other thread of this binary forks while the stand-in script is open
// for writing (which would make running it fail with "text file busy").
#[test]
fn bench_runs_talkclock_bench_beside_it_or_says_how_to_build_it() {
    let dir = tempfile::tempdir_in(env!("CARGO_TARGET_TMPDIR")).expect("tempdir");
    let exe = talkclock_in(dir.path());

    let missing = Command::new(&exe)
        .args(["bench", "--quick"])
        .output()
        .expect("run talkclock bench");
    let stderr = String::from_utf8_lossy(&missing.stderr);
    assert_eq!(missing.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("talkclock-bench"), "{stderr}");
    assert!(
        stderr.contains("cargo build --release -p talkclock-harness"),
        "{stderr}"
    );

    let stand_in = dir.path().join("talkclock-bench");
    std::fs::write(
        &stand_in,
        "#!/bin/sh\nfor a in \"$@\"; do echo \"[$a]\"; done\nexit 7\n",
    )
    .expect("write the stand-in");
    std::fs::set_permissions(&stand_in, std::fs::Permissions::from_mode(0o755)).expect("chmod");
    let ran = Command::new(&exe)
        .args([
            "bench",
            "--quick",
            "--json",
            "--drift-secs",
            "5",
            "--help",
            "a b",
        ])
        .output()
        .expect("run talkclock bench");
    assert_eq!(
        ran.status.code(),
        Some(7),
        "the exit code is passed through"
    );
    assert_eq!(
        String::from_utf8_lossy(&ran.stdout),
        "[--quick]\n[--json]\n[--drift-secs]\n[5]\n[--help]\n[a b]\n"
    );
}

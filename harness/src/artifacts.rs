//! Where a test keeps what a person may want to look at after it ran (screenshots, logs):
//! `test-artifacts/NAME/` in cargo's target folder, kept between runs.

use std::path::{Path, PathBuf};

/// The target folder of the running test binary: the nearest folder above it that holds
/// cargo's `CACHEDIR.TAG` (`target/debug/deps/NAME-HASH` → `target`), else `CARGO_TARGET_DIR`
/// when it is absolute, else `target` in the working directory.
pub fn target_dir() -> PathBuf {
    let from_binary = std::env::current_exe().ok().and_then(|exe| {
        exe.ancestors()
            .skip(1)
            .find(|dir| dir.join("CACHEDIR.TAG").is_file())
            .map(Path::to_path_buf)
    });
    let from_env = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .filter(|dir| dir.is_absolute());
    from_binary
        .or(from_env)
        .unwrap_or_else(|| PathBuf::from("target"))
}

/// `test-artifacts/TEST_NAME/` in the target folder ([`target_dir`]), created if missing.
pub fn artifacts_dir(test_name: &str) -> std::io::Result<PathBuf> {
    let dir = target_dir().join("test-artifacts").join(test_name);
    std::fs::create_dir_all(&dir)?;
    Ok(dir)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_artifacts_live_in_the_target_folder_of_this_binary() {
        let dir = artifacts_dir("artifacts_self_test").expect("created");
        assert!(dir.is_dir());
        assert!(dir.ends_with("test-artifacts/artifacts_self_test"));
        let target = target_dir();
        assert!(
            target.join("CACHEDIR.TAG").is_file(),
            "{}",
            target.display()
        );
        let exe = std::env::current_exe().expect("this test's binary");
        assert!(exe.starts_with(&target));
        let _ = std::fs::remove_dir(&dir);
    }
}

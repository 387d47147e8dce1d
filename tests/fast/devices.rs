//! `talkclock devices` through the real binary: it always answers, in sentences, about both
//! kinds of input device (on a machine without /dev/input, that there are none).

use std::process::Command;

#[test]
fn devices_names_controllers_and_keyboard_class_devices() {
    let output = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("devices")
        .output()
        .unwrap_or_else(|e| panic!("run talkclock: {e}"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let mut lines = stdout.lines();
    let first = lines.next().unwrap_or("");
    assert!(
        first == "No game controllers are connected."
            || first.starts_with("Game controllers (bind with device = \"uuid:…\"):"),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "No keyboard-class input devices (pedals, switches, big buttons) are readable here."
        ) || stdout.contains("Keyboard-class devices (bind with device = \"evdev:NAME\"):"),
        "{stdout}"
    );
    assert!(
        stdout.contains("audio outputs") || stdout.contains("No audio outputs were found."),
        "the audio outputs are listed too: {stdout}"
    );
    if !std::path::Path::new("/dev/input").exists() {
        assert!(
            stdout.starts_with(
                "No game controllers are connected.\nNo keyboard-class input devices (pedals, switches, big buttons) are readable here.\n"
            ),
            "{stdout}"
        );
    }
}

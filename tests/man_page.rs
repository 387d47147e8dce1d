//! `talkclock man`: the manual page the package installs, made from the command's own
//! definitions, so it cannot fall behind `--help`.

use std::process::Command;

#[test]
fn the_man_page_names_every_visible_subcommand_and_its_options() {
    let out = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("man")
        .output()
        .expect("talkclock man runs");
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).expect("UTF-8 roff");
    assert!(page.contains(".TH talkclock 1"), "{page}");
    for sub in ["RUN", "CTL", "SAY", "RECOVER", "LEARN", "CHECK"] {
        assert!(
            page.contains(&format!(".SH \"TALKCLOCK {sub}\"")),
            "no section for {sub}"
        );
    }
    assert!(page.contains("socket\\-group"), "run's options are listed");
    assert!(
        !page.contains("TALKCLOCK MAN"),
        "the hidden subcommand stays hidden"
    );
}

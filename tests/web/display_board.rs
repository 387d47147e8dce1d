//! The board display in Debian's real headless Chromium, served by the real daemon fed by
//! injected presses: the digits shown match the clock's times, a press moves the running side
//! within 100 ms (measured in the page), a warning shows on the half of the player it is for, a
//! flag only where the rules send it, the page says plainly when the clock is gone; the digits'
//! height and their contrast measured from screenshots at 1920×1080, 800×480 and 400 % zoom;
//! axe-core finds no violation. Screenshots are kept under
//! `target/test-artifacts/display_board/`.

use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use talkclock_harness::artifacts::artifacts_dir;
use talkclock_harness::browser::contrast_ratio;
use talkclock_harness::browser::Browser;
use talkclock_harness::daemon::Daemon;
use talkclock_harness::net::free_port;

/// White sees a little (a 5-minute warning, rule 1.7.9); Black is blind. White has 5:04: his
/// warning comes four seconds after the start; Black has 0:15 (time odds): his flag falls 15 s
/// after White's first move.
fn config(port: u16, rules: &str) -> String {
    format!(
        "mode = \"tournament\"\nrules = \"{rules}\"\n\
         [[time_control.stage]]\ntime = \"5:04\"\n\
         [players.white]\nname = \"Анна\"\nvision = \"low_vision\"\nlanguage = \"ru\"\n\
         [players.black]\nname = \"Boris\"\nvision = \"totally_blind\"\nlanguage = \"en\"\n\
         start_time = \"0:15\"\n\
         [display]\nlisten = \"127.0.0.1:{port}\"\n"
    )
}

fn exe() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_talkclock"))
}

fn wall_ms() -> f64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

/// The page's test hook (`window.talkclock`).
fn hook(browser: &Browser) -> Value {
    browser
        .eval("return window.talkclock;", vec![])
        .expect("the page's hook")
}

fn wait(browser: &Browser, script: &str, what: &str) {
    wait_up_to(browser, script, what, 10);
}

fn wait_up_to(browser: &Browser, script: &str, what: &str, seconds: u64) {
    browser
        .wait_for(script, Duration::from_secs(seconds))
        .unwrap_or_else(|e| panic!("{what}: {e}; the page: {}", hook(browser)));
}

/// Seconds in a time the page shows ("4:58", "1:05:07").
fn shown_seconds(text: &str) -> i64 {
    text.split(':')
        .map(|p| p.parse::<i64>().unwrap_or_else(|_| panic!("`{text}`")))
        .fold(0, |acc, p| acc * 60 + p)
}

/// The notices on a half, as the page shows them: (kind, text).
fn notices(browser: &Browser, side: &str) -> Vec<(String, String)> {
    let found = browser
        .eval(
            "return [...document.querySelectorAll(`#${arguments[0]} .notice`)]\
             .map(n => [n.className.replace('notice notice-', ''), n.textContent]);",
            vec![json!(side)],
        )
        .expect("the notices");
    serde_json::from_value(found).expect("pairs")
}

/// Measures the digits of both clocks in a screenshot: each one's ink height against the
/// viewport's height, and the contrast of ink to background.
fn measure(browser: &Browser, name: &str, dir: &Path) {
    let shot = browser.screenshot().expect("a screenshot");
    shot.save_png(&dir.join(format!("{name}.png")))
        .expect("the screenshot saved");
    let scale = browser.scale();
    for side in ["white", "black"] {
        let rect = browser
            .rect(&format!("#{side} .digits"))
            .expect("the digits' box")
            .device(scale);
        let (background, ink) = shot
            .dominant_colours(rect)
            .unwrap_or_else(|| panic!("{name}: {side}'s digits show one colour only"));
        let (top, bottom) = shot
            .ink_rows(rect, background, 60)
            .unwrap_or_else(|| panic!("{name}: no digits drawn for {side}"));
        let height = f64::from(bottom - top + 1);
        let third = f64::from(shot.height) / 3.0;
        assert!(
            height >= third,
            "{name}: {side}'s digits are {height} px tall, under a third of {} px",
            shot.height
        );
        let contrast = contrast_ratio(background, ink);
        assert!(
            contrast >= 7.0,
            "{name}: {side}'s digits have a contrast of {contrast:.2}:1 ({ink:?} on {background:?})"
        );
        println!(
            "{name}: {side} digits {height} px of {} ({:.0} %), contrast {contrast:.2}:1",
            shot.height,
            100.0 * height / f64::from(shot.height)
        );
    }
}

fn no_axe_violations(browser: &Browser, when: &str) {
    let violations = browser.axe().expect("axe-core runs in the page");
    assert!(violations.is_empty(), "axe-core ({when}): {violations:#?}");
}

#[test]
fn the_board_display_follows_the_clock_in_a_real_browser() {
    let dir = tempfile::tempdir().unwrap();
    let artifacts = artifacts_dir("display_board").expect("the artifacts folder");
    let port = free_port().expect("a free port");
    let mut daemon =
        Daemon::start(&exe(), dir.path(), &config(port, "russian-draughts"), true).unwrap();
    let browser = Browser::start().expect("headless chromium");
    browser.viewport(1920, 1080, 1.0).unwrap();
    browser.goto(&format!("http://127.0.0.1:{port}/")).unwrap();
    wait(
        &browser,
        "return window.talkclock && window.talkclock.views >= 1;",
        "a first view",
    );
    no_axe_violations(&browser, "before the start");

    // The start: White's clock runs; what the page shows is what the clock says.
    daemon.key("s").unwrap();
    wait(&browser, "return window.talkclock.runningChangedAt && window.talkclock.runningChangedAt.side === 'white';", "White's clock runs");
    std::thread::sleep(Duration::from_millis(2500));
    // Pings keep a quiet page connected (they failed to reach it once: an event without data
    // is never dispatched, and the page would have called the clock lost between views).
    let pings = hook(&browser)["pings"].as_u64().unwrap_or(0);
    assert!(pings >= 2, "{pings} pings reached the page in 2.5 s");
    let shown = hook(&browser)["shown"].clone();
    let status = daemon.control(r#"{"cmd":"status"}"#).unwrap();
    for side in ["white", "black"] {
        let page = shown_seconds(shown[side].as_str().expect("a time shown"));
        let clock = status[format!("{side}_ms")].as_i64().expect("a time") as f64 / 1000.0;
        assert!(
            (page as f64 - clock).abs() <= 1.0,
            "{side}: the page shows {page} s, the clock has {clock} s"
        );
    }

    // White's 5-minute warning (he sees a little): on his half, in Russian, the half's colours
    // turned; not on Black's. The notice below the digits does not move them (they moved up
    // once, the half's content centred as a whole).
    let before = browser.rect("#white .digits").expect("the digits' box");
    wait(
        &browser,
        "return document.querySelector('#white').dataset.alert === 'warning';",
        "White's warning",
    );
    let after = browser.rect("#white .digits").expect("the digits' box");
    assert!(
        (after.y - before.y).abs() < 1.0,
        "the warning moved White's digits from y = {} to {}",
        before.y,
        after.y
    );
    let white = notices(&browser, "white");
    assert!(
        white
            .iter()
            .any(|(kind, text)| kind == "warning" && text.contains("пять минут")),
        "{white:?}"
    );
    assert!(notices(&browser, "black").is_empty());

    // A press: Black's clock runs, and the page knows it within 100 ms of the key.
    let pressed = wall_ms();
    daemon.key("w").unwrap();
    wait(
        &browser,
        "return window.talkclock.runningChangedAt.side === 'black';",
        "Black's clock runs",
    );
    let changed = hook(&browser)["runningChangedAt"]["at"].as_f64().unwrap();
    let latency = changed - pressed;
    println!("press → the page shows Black to move: {latency:.1} ms");
    assert!(latency < 100.0, "the page took {latency:.1} ms");

    // Screenshots: the digits at least a third of the height, at 7:1 or more.
    measure(&browser, "1920x1080", &artifacts);
    browser.viewport(800, 480, 1.0).unwrap();
    wait(
        &browser,
        "return innerWidth === 800;",
        "the 800×480 viewport",
    );
    std::thread::sleep(Duration::from_millis(300));
    measure(&browser, "800x480", &artifacts);
    browser.viewport(480, 270, 4.0).unwrap();
    wait(&browser, "return innerWidth === 480;", "400 % zoom");
    std::thread::sleep(Duration::from_millis(300));
    measure(&browser, "zoom-400", &artifacts);
    no_axe_violations(&browser, "at 400 % zoom, a warning shown");
    browser.viewport(1920, 1080, 1.0).unwrap();

    // Black's flag. The rules tell it to the flagged player's opponent and the arbiter:
    // White's half shows it, Black's does not.
    wait_up_to(
        &browser,
        "return document.querySelector('#white').dataset.alert === 'flag';",
        "the flag on White's half",
        25,
    );
    let black = notices(&browser, "black");
    assert!(
        black.iter().all(|(kind, _)| kind != "flag"),
        "the flagged player's half shows the flag: {black:?}"
    );
    assert_eq!(hook(&browser)["shown"]["black"], "0:00");
    measure(&browser, "flag", &artifacts);

    // The clock stops answering (SIGSTOP): within seconds the page says so.
    daemon.signal(libc_sigstop()).unwrap();
    wait(
        &browser,
        "return window.talkclock.lost === true;",
        "the lost connection",
    );
    let said = browser
        .eval(
            "return document.getElementById('status').textContent;",
            vec![],
        )
        .unwrap();
    assert_eq!(said, "Нет связи с часами: время на экране не обновляется");
    daemon.signal(libc_sigcont()).unwrap();
    wait(
        &browser,
        "return window.talkclock.lost === false;",
        "the connection back",
    );
    daemon.quit();
}

#[test]
fn under_fide_the_flag_shows_on_no_players_half() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port().expect("a free port");
    let mut daemon = Daemon::start(&exe(), dir.path(), &config(port, "fide"), true).unwrap();
    let browser = Browser::start().expect("headless chromium");
    browser.goto(&format!("http://127.0.0.1:{port}/")).unwrap();
    wait(
        &browser,
        "return window.talkclock && window.talkclock.views >= 1;",
        "a first view",
    );
    daemon.key("s").unwrap();
    let cut = daemon
        .control(r#"{"cmd":"set","side":"white","time":"0:01"}"#)
        .unwrap();
    assert_eq!(cut["ok"], true, "{cut}");
    wait(&browser, "return window.talkclock.shown.white === '0:00' && document.getElementById('phase') !== null;", "White's time out");
    // The flag is the arbiter's alone (FIDE 6.8 and the `fide` profile): give the page the
    // time it would need to show one, then look.
    let status = daemon.control(r#"{"cmd":"status"}"#).unwrap();
    assert_eq!(status["phase"], "flagged", "{status}");
    std::thread::sleep(Duration::from_millis(500));
    for side in ["white", "black"] {
        let shown = notices(&browser, side);
        assert!(
            shown.iter().all(|(kind, _)| kind != "flag"),
            "{side}'s half shows a flag the rules keep from the players: {shown:?}"
        );
    }
    // The page is gone with the daemon: it says so at once.
    daemon.quit();
    wait(
        &browser,
        "return window.talkclock.lost === true;",
        "the lost connection",
    );
}

fn libc_sigstop() -> i32 {
    talkclock_harness::libc::SIGSTOP
}

fn libc_sigcont() -> i32 {
    talkclock_harness::libc::SIGCONT
}

/// The digits' height on `side`'s half, in device pixels, and the contrast of ink to paper.
fn digits(browser: &Browser, side: &str) -> (f64, f64) {
    let shot = browser.screenshot().expect("a screenshot");
    let rect = browser
        .rect(&format!("#{side} .digits"))
        .expect("the digits' box")
        .device(browser.scale());
    let (paper, ink) = shot.dominant_colours(rect).expect("two colours");
    let (top, bottom) = shot.ink_rows(rect, paper, 60).expect("digits drawn");
    (f64::from(bottom - top + 1), contrast_ratio(paper, ink))
}

#[test]
fn the_pages_own_settings_change_the_scheme_and_the_size_and_are_kept() {
    let dir = tempfile::tempdir().unwrap();
    let port = free_port().expect("a free port");
    let daemon = Daemon::start(&exe(), dir.path(), &config(port, "fide"), true).unwrap();
    let browser = Browser::start().expect("headless chromium");
    let url = format!("http://127.0.0.1:{port}/");
    browser.goto(&url).unwrap();
    wait(
        &browser,
        "return window.talkclock && window.talkclock.views >= 1;",
        "a first view",
    );
    let (full, _) = digits(&browser, "white");
    // Through the dialog, as a user would: black on white, digits at half size.
    browser
        .eval("document.getElementById('open-settings').click();", vec![])
        .unwrap();
    wait(
        &browser,
        "return document.getElementById('settings').open;",
        "the dialog",
    );
    no_axe_violations(&browser, "the settings dialog open");
    browser
        .eval(
            "document.querySelector('input[value=black_on_white]').click();\
             const size = document.querySelector('input[name=size]');\
             size.value = '50'; size.dispatchEvent(new Event('change'));\
             document.querySelector('#settings button[type=submit]').click();",
            vec![],
        )
        .unwrap();
    wait(&browser, "return document.body.classList.contains('scheme-black_on_white') && !document.getElementById('settings').open;", "the new scheme");
    let check = |when: &str| {
        let (half, contrast) = digits(&browser, "white");
        assert!(
            (half / full - 0.5).abs() < 0.05,
            "{when}: {half} px against {full} px at full size"
        );
        assert!((contrast - 21.0).abs() < 0.01, "{when}: {contrast:.2}:1");
    };
    check("chosen");
    // The browser keeps the choice.
    browser.goto(&url).unwrap();
    wait(&browser, "return window.talkclock && window.talkclock.views >= 1 && document.body.classList.contains('scheme-black_on_white');", "the kept scheme");
    check("after a reload");
    // Back to the clock's configuration.
    browser
        .eval("document.getElementById('reset').click();", vec![])
        .unwrap();
    wait(
        &browser,
        "return document.body.classList.contains('scheme-yellow_on_black');",
        "the configured scheme",
    );
    let (again, contrast) = digits(&browser, "white");
    assert!((again - full).abs() <= 2.0, "{again} px against {full} px");
    assert!((contrast - 19.56).abs() < 0.01, "{contrast:.2}:1");
    no_axe_violations(&browser, "after the dialog");
    daemon.quit();
}

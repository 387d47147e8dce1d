//! The browser toolkit of the web pages' tests, on the real headless Chromium through
//! chromedriver: screenshots have the viewport's size in device pixels (at 1920 × 1080 and at
//! 400 % zoom of it), heights measured from the pixels (a block's, digits') are the CSS
//! heights times the scale, yellow on black measures WCAG's 19.56:1, and axe-core finds an
//! image without a text alternative and nothing on a clean page. Screenshots are kept in
//! `target/test-artifacts/browser_toolkit/`. Needs `make test`'s installs; never skipped.

use std::time::Instant;
use talkclock_harness::artifacts::artifacts_dir;
use talkclock_harness::browser::{contrast_ratio, Browser, BrowserError, Image, PixelRect, Rgb};

/// A black page with a yellow block 300 CSS pixels tall and yellow digits below it.
const BLOCK_PAGE: &str = "data:text/html;charset=utf-8,<!doctype html>\
    <html lang=en><title>block</title>\
    <body style='margin:0;background:%23000;color:%23ff0;font:40px DejaVu Sans,sans-serif'>\
    <div id=block style='position:absolute;left:100px;top:50px;width:200px;height:300px;\
    background:%23ff0'></div>\
    <p id=text style='position:absolute;left:100px;top:400px;margin:0'>12:34</p>";

/// An image without a text alternative: axe-core's `image-alt`.
const BAD_PAGE: &str = "data:text/html;charset=utf-8,<!doctype html>\
    <html lang=en><head><title>bad</title></head><body><main>\
    <h1>Clock</h1><img src='data:image/gif;base64,R0lGODlhAQABAAAAACw='>\
    </main></body></html>";

/// The same page with the alternative: nothing for axe-core to report.
const GOOD_PAGE: &str = "data:text/html;charset=utf-8,<!doctype html>\
    <html lang=en><head><title>good</title></head><body><main>\
    <h1>Clock</h1><img alt='White to move' src='data:image/gif;base64,R0lGODlhAQABAAAAACw='>\
    </main></body></html>";

const BLACK: Rgb = [0, 0, 0];
const YELLOW: Rgb = [255, 255, 0];

/// The value, or a panic that shows the error's message.
fn ok<T>(result: Result<T, BrowserError>) -> T {
    result.unwrap_or_else(|e| panic!("{e}"))
}

fn start() -> Browser {
    let began = Instant::now();
    let browser = ok(Browser::start());
    let ms = began.elapsed().as_secs_f64() * 1e3;
    eprintln!("Browser::start took {ms:.0} ms");
    browser
}

fn save(image: &Image, name: &str) {
    let dir = artifacts_dir("browser_toolkit").expect("artifacts folder");
    let path = dir.join(name);
    ok(image.save_png(&path));
    eprintln!("saved {}", path.display());
}

/// How many device pixel rows of `region` hold ink (anything far from black).
fn ink_height(shot: &Image, region: PixelRect) -> u32 {
    let (top, bottom) = shot.ink_rows(region, BLACK, 32).expect("ink in the region");
    bottom - top + 1
}

/// The block's ink height in device pixels and its contrast with the page, at the current
/// scale.
fn measure_block(browser: &Browser, shot: &Image) -> (u32, f64) {
    let mut around = ok(browser.rect("#block"));
    assert_eq!((around.width, around.height), (200.0, 300.0), "CSS box");
    // With a margin of 20 CSS pixels all round.
    around.x -= 20.0;
    around.y -= 20.0;
    around.width += 40.0;
    around.height += 40.0;
    let region = around.device(browser.scale());
    let (background, foreground) = shot.dominant_colours(region).expect("colours");
    assert_eq!(background, YELLOW, "the block fills most of the region");
    assert_eq!(foreground, BLACK, "the page around it");
    (
        ink_height(shot, region),
        contrast_ratio(background, foreground),
    )
}

#[test]
fn screenshots_measure_sizes_and_contrast_at_1x_and_at_400_percent() {
    let browser = start();
    ok(browser.goto(BLOCK_PAGE));
    let fonts = ok(browser.eval("return document.fonts.ready.then(() => true)", vec![]));
    assert_eq!(fonts, serde_json::json!(true), "fonts ready");

    let shot = ok(browser.screenshot());
    save(&shot, "block-1x.png");
    assert_eq!((shot.width, shot.height), (1920, 1080), "default viewport");
    let (height, contrast) = measure_block(&browser, &shot);
    assert!(height.abs_diff(300) <= 1, "ink height at 1x: {height}");
    assert!(
        (contrast - 19.56).abs() < 0.1,
        "yellow on black: {contrast}"
    );
    let text = ok(browser.rect("#text")).device(1.0);
    let colours = shot.dominant_colours(text).expect("text colours");
    assert_eq!(colours, (BLACK, YELLOW), "the digits' colours");
    let digits_1x = ink_height(&shot, text);
    // DejaVu Sans's flat digits are 0.729 em tall (29 px at 40 px); the round ones (2, 3)
    // overshoot that by about a pixel at each end, and the edge rows are partly covered.
    assert!(
        (29..=33).contains(&digits_1x),
        "digits at 1x: {digits_1x} px"
    );

    // 400 % browser zoom on a 1920 × 1080 screen.
    ok(browser.viewport(480, 270, 4.0));
    let size = ok(browser.eval("return [innerWidth, innerHeight, devicePixelRatio]", vec![]));
    assert_eq!(
        size,
        serde_json::json!([480, 270, 4]),
        "CSS viewport and scale"
    );
    let shot = ok(browser.screenshot());
    save(&shot, "block-4x.png");
    assert_eq!((shot.width, shot.height), (1920, 1080), "480 × 270 at 4x");

    // The block (300 CSS px from y = 50) and the digits (from y = 400) run past a 270 px
    // viewport: measured in a taller one.
    ok(browser.viewport(480, 480, 4.0));
    let shot = ok(browser.screenshot());
    save(&shot, "block-4x-tall.png");
    assert_eq!((shot.width, shot.height), (1920, 1920), "480 × 480 at 4x");
    let (height, contrast) = measure_block(&browser, &shot);
    assert!(height.abs_diff(1200) <= 4, "ink height at 4x: {height}");
    assert!(
        (contrast - 19.56).abs() < 0.1,
        "yellow on black at 4x: {contrast}"
    );
    // At 1x each edge row counts whole however little of it is ink: the digits' true height
    // is between digits_1x - 2 and digits_1x, four times that at 4x (give or take an edge).
    let digits_4x = ink_height(&shot, ok(browser.rect("#text")).device(4.0));
    let expected = 4 * (digits_1x - 2)..=4 * digits_1x + 2;
    assert!(
        expected.contains(&digits_4x),
        "digits at 4x: {digits_4x} px, at 1x: {digits_1x} px"
    );
}

#[test]
fn axe_core_reports_an_image_without_alt_and_nothing_on_a_clean_page() {
    let browser = start();
    ok(browser.goto(BAD_PAGE));
    let began = Instant::now();
    let violations = ok(browser.axe());
    let ms = began.elapsed().as_secs_f64() * 1e3;
    eprintln!("axe-core on the bad page took {ms:.0} ms");
    for violation in &violations {
        eprintln!("{violation}");
    }
    let image_alt = violations.iter().find(|v| v.id == "image-alt");
    let image_alt = image_alt.unwrap_or_else(|| panic!("no image-alt in {violations:#?}"));
    assert_eq!(image_alt.targets, ["img"]);
    assert_eq!(violations.len(), 1, "only image-alt: {violations:#?}");

    ok(browser.goto(GOOD_PAGE));
    let violations = ok(browser.axe());
    assert!(violations.is_empty(), "a clean page: {violations:#?}");
    // Run again on the same page: the axe-core already injected is reused.
    assert!(ok(browser.axe()).is_empty());

    // Dropped, the browser takes chromedriver and Chromium with it.
    let pids = [browser.driver_pid(), browser.chromium_pid()];
    let pids: Vec<u32> = pids.into_iter().map(|p| p.expect("a pid")).collect();
    let began = Instant::now();
    drop(browser);
    let ms = began.elapsed().as_secs_f64() * 1e3;
    eprintln!("dropping the browser took {ms:.0} ms");
    for pid in pids {
        assert!(dead(pid), "process {pid} outlived the browser");
    }
}

/// Whether process `pid` is gone, or dead and waiting to be reaped by whoever adopted it.
fn dead(pid: u32) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"));
    stat.map_or(true, |stat| {
        let state = stat.rsplit(") ").next().unwrap_or("");
        state.starts_with('Z')
    })
}

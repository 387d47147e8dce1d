//! The real daemon writes a player's line on a refreshable Braille display through BRLTTY, and
//! the display's keys ask for the times. BRLTTY runs here as a child process with its `vr`
//! (virtual) driver: the test is the display. It tells BRLTTY its size (`cells 40`), reads
//! back each `Visual "…"` (the text) and `Braille "…"` (the dots of each cell) line, and
//! presses keys (`Route 5`, `LnDn`). Each language is read through BRLTTY's text table for it
//! ([`text_table`]: Russian `-t ru`, English `-t en_US`, German `-t de`, Ukrainian `-t uk`,
//! Polish `-t pl`). Without BRLTTY the daemon says so once and the game goes on.
//! Needs the Debian package `brltty` (`.ci/install-deps.sh test`).

use crate::common_daemon;

use common_daemon::Files;
use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use talkclock_harness::net::free_port;

/// One line from BRLTTY's virtual driver, when it came.
type Seen = Arc<Mutex<Vec<(Instant, String)>>>;

/// BRLTTY with the virtual driver, and the test's end of it: the display.
struct Brltty {
    child: Child,
    display: TcpStream,
    seen: Seen,
    /// The BrlAPI host the daemon is given (`127.0.0.1:N`).
    host: String,
}

impl Brltty {
    /// Starts BRLTTY with text table `table` (`ru`, `en_US`), its own files in `dir`, and
    /// connects the display to it (40 cells).
    fn start(table: &str, dir: &Path) -> Brltty {
        Brltty::start_on(table, dir, free_port().expect("a free port"))
    }

    /// The same, its BrlAPI on TCP port `brlapi_port` (above 4101).
    fn start_on(table: &str, dir: &Path, brlapi_port: u16) -> Brltty {
        let vr_port = free_port().expect("a free port");
        let number = brlapi_port - 4101;
        let host = format!("127.0.0.1:{number}");
        let work = dir.join("brltty");
        std::fs::create_dir_all(&work).expect("brltty's folder");
        let log_path = dir.join("brltty.log");
        let log = std::fs::File::create(&log_path).expect("brltty's log");
        let child = Command::new("brltty")
            .args(["-n", "-e", "-f", "/dev/null", "-F", "/dev/null"])
            .args(["-b", "vr", "-d", &format!("server:127.0.0.1:{vr_port}")])
            .args(["-x", "no", "-s", "no"])
            .args(["-A", &format!("Host={host},Auth=none")])
            .args(["-t", table, "-M", "10"])
            .arg("-W")
            .arg(&work)
            .arg("-U")
            .arg(&work)
            .stdin(Stdio::null())
            .stdout(log.try_clone().expect("log"))
            .stderr(log)
            .spawn()
            .expect("brltty runs (the Debian package `brltty`: .ci/install-deps.sh test)");
        let deadline = Instant::now() + Duration::from_secs(10);
        let display = loop {
            match TcpStream::connect(("127.0.0.1", vr_port)) {
                Ok(stream) => break stream,
                Err(e) => {
                    assert!(Instant::now() < deadline, "brltty's vr driver: {e}");
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
        };
        let seen: Seen = Arc::default();
        let reader = display.try_clone().expect("clone");
        let sink = seen.clone();
        // Read every line as it comes (BRLTTY blocks when its display stops reading), split
        // on `\n` here: a Visual and a Braille line often come in one segment.
        std::thread::spawn(move || {
            for line in BufReader::new(reader).lines() {
                let Ok(line) = line else { break };
                if let Ok(mut seen) = sink.lock() {
                    seen.push((Instant::now(), line));
                }
            }
        });
        let mut brltty = Brltty {
            child,
            display,
            seen,
            host,
        };
        brltty.send("cells 40");
        // BRLTTY's own screen comes first: then its BrlAPI server is up.
        let start = Instant::now() - Duration::from_secs(3600);
        if brltty
            .visual_since(start, |_| true, Duration::from_secs(20))
            .is_none()
        {
            panic!(
                "BRLTTY showed no screen within 20 s; display saw {:#?}; its log:\n{}",
                brltty.lines_since(start),
                std::fs::read_to_string(&log_path).unwrap_or_else(|e| format!("({e})"))
            );
        }
        brltty
    }

    /// Sends one line to BRLTTY as the display (a key: `Route 5`, `LnDn`).
    fn send(&mut self, line: &str) {
        writeln!(self.display, "{line}").expect("write to brltty");
    }

    /// The lines seen since `since`.
    fn lines_since(&self, since: Instant) -> Vec<(Instant, String)> {
        self.seen
            .lock()
            .map(|s| s.iter().filter(|(at, _)| *at >= since).cloned().collect())
            .unwrap_or_default()
    }

    /// The first `Visual` text since `since` that `what` accepts, with when it came, and the
    /// `Braille` line after it (its cells).
    fn visual_since(
        &self,
        since: Instant,
        what: impl Fn(&str) -> bool,
        limit: Duration,
    ) -> Option<(Instant, String, Vec<String>)> {
        let end = Instant::now() + limit;
        loop {
            let lines = self.lines_since(since);
            for (i, (at, line)) in lines.iter().enumerate() {
                let Some(text) = quoted(line, "Visual") else {
                    continue;
                };
                if !what(&text) {
                    continue;
                }
                let cells = lines[i + 1..]
                    .iter()
                    .find_map(|(_, l)| quoted(l, "Braille"));
                if let Some(cells) = cells {
                    let cells = cells.split('|').map(str::to_string).collect();
                    return Some((*at, text, cells));
                }
            }
            if Instant::now() > end {
                return None;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// The first `Visual` text since `since` that `what` accepts (within 5 s), with when it
    /// came; fails the test naming `expected` and the lines seen when none comes.
    fn shown_since(
        &self,
        since: Instant,
        expected: &str,
        what: impl Fn(&str) -> bool,
    ) -> (Instant, String) {
        self.visual_since(since, what, Duration::from_secs(5))
            .map(|(at, text, _)| (at, text))
            .unwrap_or_else(|| panic!("{expected}: {:#?}", self.lines_since(since)))
    }

    fn wait_visual(
        &self,
        what: impl Fn(&str) -> bool,
        limit: Duration,
    ) -> (Instant, String, Vec<String>) {
        let start = Instant::now() - Duration::from_secs(3600);
        self.visual_since(start, what, limit)
            .unwrap_or_else(|| panic!("no such Visual line; seen: {:#?}", self.lines_since(start)))
    }
}

impl Drop for Brltty {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The text between the quotes of a `Kind "…"` line.
fn quoted(line: &str, kind: &str) -> Option<String> {
    let rest = line.strip_prefix(kind)?.trim_start();
    let inner = rest.strip_prefix('"')?.strip_suffix('"')?;
    Some(inner.to_string())
}

fn config(language: &str, host: &str) -> String {
    format!(
        "\
mode = \"tournament\"
[[time_control.stage]]
moves = 40
time = \"5:02\"
[[time_control.stage]]
time = \"5:00\"
[players.white]
vision = \"low_vision\"
language = \"{language}\"
braille = true
braille_host = \"{host}\"
[players.black]
language = \"{language}\"
[arbiter]
language = \"{language}\"
"
    )
}

/// BRLTTY's text table (`-t`, `text-table` in /etc/brltty.conf; Debian's brltty ships them in
/// /etc/brltty/Text/) for a language the clock speaks, as docs/BRAILLE.md lists them.
fn text_table(language: &str) -> &'static str {
    match language {
        "ru" => "ru",
        "en" => "en_US",
        "de" => "de",
        "uk" => "uk",
        "pl" => "pl",
        other => panic!("no BRLTTY text table is named for `{other}` (docs/BRAILLE.md)"),
    }
}

/// What one game shows on White's display, in `language` through BRLTTY's table for it.
struct Expect<'a> {
    language: &'a str,
    before_start: &'a str,
    before_start_cells: &'a [&'a str],
    own_move: &'a str,
    own_move_cells: &'a [&'a str],
    black_moves: &'a str,
    opponent_shown: &'a str,
    warning: &'a str,
}

/// Plays the game `expect` describes; returns the milliseconds from White's press to the
/// Visual line that shows Black on move.
fn play(expect: &Expect) -> u128 {
    let files = Files::new("");
    let (dir, _, journal, transcript) = files.parts();
    let table = text_table(expect.language);
    let mut brltty = Brltty::start(table, dir.path());
    let config_path = dir.path().join("game.toml");
    std::fs::write(&config_path, config(expect.language, &brltty.host)).expect("config");
    let mut daemon = common_daemon::start(
        dir.path(),
        &config_path,
        &journal,
        &transcript,
        &["--no-audio"],
    );
    let (_, _, cells) = brltty.wait_visual(
        |t| t.starts_with(expect.before_start),
        Duration::from_secs(10),
    );
    let n = expect.before_start_cells.len();
    assert_eq!(&cells[..n], expect.before_start_cells, "{cells:?}");

    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    let (_, text, cells) =
        brltty.wait_visual(|t| t.contains(expect.own_move), Duration::from_secs(5));
    let at = text.find(expect.own_move).expect("found");
    let first = text[..at].chars().count();
    let n = expect.own_move_cells.len();
    assert_eq!(
        &cells[first..first + n],
        expect.own_move_cells,
        "{text}: {cells:?}"
    );

    // The rules' 5:00 warning, 2 s into White's turn, is the line's last message.
    let (_, text, _) = brltty.wait_visual(|t| t.contains(expect.warning), Duration::from_secs(6));
    assert!(text.contains(" | "), "{text}");

    // White presses: Black is on move. From the press to the line.
    std::thread::sleep(Duration::from_millis(300));
    let pressed = Instant::now();
    daemon.key("w");
    let (shown, text) = brltty.shown_since(pressed, "Black on move is shown", |t| {
        t.contains(expect.black_moves)
    });
    let latency = shown.duration_since(pressed).as_millis();
    eprintln!("{table}: press -> Visual {latency} ms: {text}");

    // A routing key asks White's time: said (the transcript), and the line written again.
    brltty.send("Route 5");
    let end = Instant::now() + Duration::from_secs(5);
    let readout = loop {
        let text = std::fs::read_to_string(&transcript).unwrap_or_default();
        if let Some(line) = text.lines().find(|l| l.contains(r#""event":"query""#)) {
            break Some(line.to_string());
        }
        if Instant::now() > end {
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let readout = readout.unwrap_or_else(|| {
        panic!(
            "a routing key gives a time readout; transcript: {}",
            std::fs::read_to_string(&transcript).unwrap_or_default()
        )
    });
    let readout: serde_json::Value = serde_json::from_str(&readout).expect("JSON");
    assert_eq!(readout["side"], "white", "{readout}");
    // The line shows the time the readout says, in digits.
    let said = readout["remaining_ms"].as_i64().expect("remaining_ms") / 1000;
    let digits = format!("{}:{:02}:{:02}", said / 3600, said / 60 % 60, said % 60);
    let latest = brltty
        .lines_since(pressed)
        .iter()
        .rev()
        .find_map(|(_, l)| quoted(l, "Visual"))
        .expect("a line");
    assert!(latest.contains(&digits), "{digits} not on {latest:?}");

    // Line down: the opponent's time joins the line.
    let asked = Instant::now();
    brltty.send("LnDn");
    let missing = format!("no `{}` after LnDn", expect.opponent_shown);
    brltty.shown_since(asked, &missing, |t| t.contains(expect.opponent_shown));
    daemon.quit();
    latency
}

#[test]
fn english_cells_read_back_and_keys_ask_the_times() {
    // The latency is printed for the issue's note (run with `--nocapture`), not asserted: a
    // timed bound would be flaky on a loaded machine; the throttle's unit tests hold the rule.
    play(&Expect {
        language: "en",
        before_start: "W 0:05:02 not started 40 to ctl",
        // W (capital: dot 7), space, 0 : 0 5 (North American computer braille digits).
        before_start_cells: &["24567", " ", "356", "156", "356", "26"],
        own_move: "your move",
        // y o u r
        own_move_cells: &["13456", "135", "136", "1235"],
        black_moves: "B moves",
        opponent_shown: "B moves B 0:0",
        warning: "| 0:05:00 left",
    });
}

#[test]
fn russian_cells_read_back_in_russian_braille() {
    play(&Expect {
        language: "ru",
        before_start: "Б 0:05:02 до старта 40 до контр.",
        // Б (capital: dot 7), space, 0 : 0 5 (the Russian table's colon is dots 4-6).
        before_start_cells: &["127", " ", "356", "46", "356", "26"],
        own_move: "ваш ход",
        // в а ш, space, х о д
        own_move_cells: &["2456", "1", "156", " ", "125", "135", "145"],
        black_moves: "ход Ч",
        opponent_shown: "ход Ч Ч 0:0",
        warning: "| осталось 0:05:00",
    });
}

#[test]
fn german_cells_read_back_in_german_braille() {
    play(&Expect {
        language: "de",
        before_start: "W 0:05:02 vor dem Start 40 bis Kontr.",
        // W (capital: dot 7), space, 0 : 0 5 (German digits: a–i with dot 6, 0 is dots 3-4-6;
        // the colon is dots 2-5).
        before_start_cells: &["24567", " ", "346", "25", "346", "156"],
        own_move: "Sie am Zug",
        // S (capital) i e, space, a m
        own_move_cells: &["2347", "24", "15", " ", "1", "134"],
        black_moves: "S am Zug",
        opponent_shown: "S am Zug S 0:0",
        warning: "| noch 0:05:00",
    });
}

/// Ukrainian's own letters on the line: і is dots 1-3-4-5-6 in Ukrainian Braille (Russian
/// и's dots 2-4 are Ukrainian и). The words are the uk catalogue's `[words.braille]` as the
/// branch that makes Ukrainian a language writes them (issue 34).
#[test]
fn ukrainian_cells_read_back_in_ukrainian_braille() {
    play(&Expect {
        language: "uk",
        before_start: "Б 0:05:02 до старту 40 до контр.",
        // Б (capital: dot 7), space, 0 : 0 5 (the Ukrainian table's colon is dots 2-5-8).
        before_start_cells: &["127", " ", "356", "258", "356", "26"],
        own_move: "ваш хід",
        // в а ш, space, х і д
        own_move_cells: &["2456", "1", "156", " ", "125", "13456", "145"],
        black_moves: "хід Ч",
        opponent_shown: "хід Ч Ч 0:0",
        warning: "| залишилося 0:05:00",
    });
}

/// Polish letters and digits on the line (ó is dots 3-4-6; digits are a–j with dot 8). The
/// words are the pl catalogue's `[words.braille]` as the branch that makes Polish a language
/// writes them (issue 34).
#[test]
fn polish_cells_read_back_in_polish_braille() {
    play(&Expect {
        language: "pl",
        before_start: "B 0:05:02 przed startem 40 do kontr.",
        // B (capital: dot 7), space, 0 : 0 5
        before_start_cells: &["127", " ", "2458", "25", "2458", "158"],
        own_move: "twój ruch",
        // t w ó j, space, r u c h
        own_move_cells: &[
            "2345", "2456", "346", "245", " ", "1235", "136", "14", "125",
        ],
        black_moves: "ruch C",
        opponent_shown: "ruch C C 0:0",
        warning: "| zostało 0:05:00",
    });
}

#[test]
fn without_brltty_the_daemon_says_so_once_the_game_goes_on_and_a_late_brltty_gets_the_line() {
    let brlapi_port = free_port().expect("a free port");
    let host = format!("127.0.0.1:{}", brlapi_port - 4101);
    let files = Files::new(config("en", &host));
    let (dir, config_path, journal, transcript) = files.parts();
    let mut daemon = common_daemon::start(
        dir.path(),
        &config_path,
        &journal,
        &transcript,
        &["--no-audio"],
    );
    let notice = "White's Braille display is not connected";
    assert!(
        daemon.wait_for_text(notice, 2, Duration::from_secs(5)),
        "{}",
        daemon.stdout()
    );
    assert_eq!(daemon.ctl(r#"{"cmd":"start"}"#)["ok"], true);
    daemon.key("w");
    // The link tries again quietly (every 5 s): still said only once, to White and to the
    // arbiter.
    std::thread::sleep(Duration::from_millis(5_500));
    daemon.key("b");
    std::thread::sleep(Duration::from_millis(100));
    daemon.key("w");
    std::thread::sleep(Duration::from_millis(200));
    let status = daemon.ctl(r#"{"cmd":"status"}"#);
    // BRLTTY comes: within a retry the display shows the game as it stands, Black on move.
    let brltty = Brltty::start_on("en_US", dir.path(), brlapi_port);
    brltty.wait_visual(
        |t| t.starts_with("W ") && t.contains("B moves"),
        Duration::from_secs(8),
    );
    let out = daemon.quit();
    assert_eq!(out.matches(notice).count(), 2, "{out}");
    assert!(
        out.contains("[white]") && out.contains("[arbiter]"),
        "{out}"
    );
    assert!(out.contains(&host), "{out}");
    let moves = std::fs::read_to_string(&transcript)
        .unwrap_or_default()
        .lines()
        .filter(|l| l.contains("\"move\""))
        .count();
    assert!(moves >= 3, "the game went on: {status}");
}

/// A deaf-blind player sets the clock up alone: the set-up menu's prompts, opened with his own
/// setup button, are on his display page by page (line down turns the page, line up back),
/// and the game's line comes back when the menu is left.
#[test]
fn the_set_up_menu_is_read_on_the_display_page_by_page() {
    let files = Files::new("");
    let (dir, _, journal, transcript) = files.parts();
    let mut brltty = Brltty::start("en_US", dir.path());
    let config_path = dir.path().join("game.toml");
    let config = format!(
        "mode = \"practice\"\n[[time_control.stage]]\ntime = \"15:00\"\nincrement = \"0:10\"\n\
         [players.white]\nlanguage = \"en\"\nbraille = true\nbraille_host = \"{}\"\n\
         [players.black]\nlanguage = \"en\"\n[arbiter]\nlanguage = \"en\"\n\
         [[input.binding]]\ndevice = \"terminal\"\nbutton = \"w\"\naction = \"press\"\nside = \"white\"\n\
         [[input.binding]]\ndevice = \"terminal\"\nbutton = \"b\"\naction = \"press\"\nside = \"black\"\n\
         [[input.binding]]\ndevice = \"terminal\"\nbutton = \"t\"\naction = \"time\"\nside = \"white\"\n\
         [[input.binding]]\ndevice = \"terminal\"\nbutton = \"s\"\naction = \"start\"\nside = \"white\"\n\
         [[input.binding]]\ndevice = \"terminal\"\nbutton = \"m\"\naction = \"setup\"\nside = \"white\"\n",
        brltty.host
    );
    std::fs::write(&config_path, config).expect("config");
    let mut daemon = common_daemon::start(
        dir.path(),
        &config_path,
        &journal,
        &transcript,
        &["--no-audio"],
    );
    brltty.wait_visual(|t| t.starts_with("W 0:15:00"), Duration::from_secs(10));
    let opened = Instant::now();
    daemon.key("m");
    let (_, first) = brltty.shown_since(opened, "the menu's first page", |t| {
        t.starts_with("Clock set-up.")
    });
    let turned = Instant::now();
    brltty.send("LnDn");
    let (_, second) = brltty.shown_since(turned, "the second page", |t| {
        !t.trim().is_empty() && !t.starts_with("Clock set-up.")
    });
    // The spoken prompt, said on the display: the pages are its words in order.
    let said: String = common_daemon::json_lines(&transcript)
        .iter()
        .filter(|l| l["event"] == "menu")
        .filter_map(|l| l["text"].as_str().map(str::to_string))
        .collect::<Vec<_>>()
        .join(" ");
    let shown = format!("{} {}", first.trim_end(), second.trim_end());
    assert!(
        said.starts_with(&shown),
        "{shown:?} is not the start of {said:?}"
    );
    let back = Instant::now();
    brltty.send("LnUp");
    brltty.shown_since(back, "back to the first page", |t| {
        t.starts_with("Clock set-up.")
    });
    // Leaving the menu (holding setup goes back; the setup button again leaves from the top)
    // brings the game's line back.
    let left = Instant::now();
    daemon.key("m");
    let game_line =
        brltty.visual_since(left, |t| t.starts_with("W 0:15:00"), Duration::from_secs(5));
    daemon.quit();
    assert!(
        game_line.is_some(),
        "the game's line after the menu: {:#?}",
        brltty.lines_since(left)
    );
}

/// `talkclock learn` shows what it asks on the Braille display of a player with
/// `braille = true`, so that a deaf-blind player can bind his buttons alone.
#[test]
fn learn_shows_its_prompts_on_the_display() {
    let files = Files::new("");
    let dir = files.dir.path();
    let brltty = Brltty::start("en_US", dir);
    let config = dir.join("board.toml");
    std::fs::write(
        &config,
        format!(
            "[[time_control.stage]]\ntime = \"5:00\"\n[players.white]\nbraille = true\nbraille_host = \"{}\"\n[arbiter]\nlanguage = \"en\"\n",
            brltty.host
        ),
    )
    .expect("config");
    let pad = "0300c0de000000000000000000000000";
    let events = dir.join("events.txt");
    std::fs::write(
        &events,
        format!(
            "uuid:{pad} West\nuuid:{pad} West\nuuid:{pad} East\nuuid:{pad} East\n\
             uuid:{pad} North\nuuid:{pad} North\nuuid:{pad} South\nuuid:{pad} South\n"
        ),
    )
    .expect("events");
    let started = Instant::now();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(["learn", "--config"])
        .arg(&config)
        .arg("--inject")
        .arg(&events)
        .output()
        .expect("talkclock learn");
    assert!(
        out.status.success(),
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    brltty.shown_since(started, "the last prompt on the display", |t| {
        t.starts_with("All buttons are set.")
    });
}

/// `talkclock selftest` shows its question on a player's display, and a routing key pressed
/// there (BRLTTY's `Route 5`) answers it: the report names the cell.
#[test]
fn the_selftest_asks_on_the_braille_display_and_a_routing_key_answers_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let mut brltty = Brltty::start("en_US", dir.path());
    let config = dir.path().join("board.toml");
    let mut text = config_text_for_selftest(&brltty.host);
    text.push_str("[audio]\nhost = \"alsa\"\ndevice = \"null\"\nlayout = \"single_speaker\"\n");
    std::fs::write(&config, text).expect("config");
    // White's clock button, then the speaker's answer; the display answers by itself.
    let answers = dir.path().join("answers.txt");
    std::fs::write(&answers, "terminal w\nterminal w\n").expect("answers");
    let reports = dir.path().join("reports");
    let child = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .arg("selftest")
        .arg("--config")
        .arg(&config)
        .arg("--inject")
        .arg(&answers)
        .arg("--report")
        .arg(&reports)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("talkclock selftest");
    brltty.wait_visual(|t| t.contains("routing key"), Duration::from_secs(60));
    brltty.send("Route 5");
    let out = child.wait_with_output().expect("the self-test ends");
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{printed}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        printed.contains("[white] The Braille display's keys work."),
        "{printed}"
    );
    let json = std::fs::read_dir(&reports)
        .expect("reports")
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|e| e == "json"))
        .expect("a JSON report");
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json).expect("read")).expect("JSON");
    let braille = report["outcomes"]
        .as_array()
        .expect("outcomes")
        .iter()
        .find(|o| o["check"] == "braille")
        .expect("a Braille check");
    assert_eq!(braille["side"], "white");
    assert_eq!(braille["routing_key"], 5, "{braille}");
}

/// White with a Braille display at `host`, English; White's clock button on the terminal.
fn config_text_for_selftest(host: &str) -> String {
    format!(
        "mode = \"tournament\"\n[[time_control.stage]]\ntime = \"5:00\"\n\
         [players.white]\nlanguage = \"en\"\nbraille = true\nbraille_host = \"{host}\"\n\
         [players.black]\nlanguage = \"en\"\n[arbiter]\nlanguage = \"en\"\n\
         [[input.binding]]\ndevice = \"terminal\"\nbutton = \"w\"\naction = \"press\"\n\
         side = \"white\"\n"
    )
}

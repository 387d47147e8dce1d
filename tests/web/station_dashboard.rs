//! The hall dashboard over plain HTTP: the real `talkclock station` with `[dashboard]`, a
//! real mosquitto and a real board; commands refused without a login (401), refused when
//! forged (no or a wrong CSRF token, another site's Origin: 403), and a pause carried out
//! after a login; without a broker, refused at once. And a dashboard without a password, read-only for everyone; and a login
//! being checked (seconds in a debug build) holds up no other page.

use crate::boards;
use crate::http;

use boards::*;
use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const PASSWORD: &str = "Судья-2026 arbiter";

/// `talkclock station passwd`'s line for `password`.
fn passwd_line(password: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_talkclock"))
        .args(["station", "passwd"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("station passwd runs");
    let mut stdin = child.stdin.take().expect("stdin");
    writeln!(stdin, "{password}").expect("write the password");
    drop(stdin);
    let out = child.wait_with_output().expect("station passwd ends");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = String::from_utf8(out.stdout).expect("UTF-8");
    assert!(
        line.starts_with("password_hash = \"$pbkdf2-sha256$i=600000$"),
        "{line}"
    );
    line
}

/// A command's headers: the page's own origin, the cookie, the CSRF token (each if given).
fn headers<'a>(
    origin: &'a str,
    cookie: Option<&'a str>,
    csrf: Option<&'a str>,
) -> Vec<(&'a str, &'a str)> {
    let mut h = vec![("Origin", origin), ("Content-Type", "application/json")];
    if let Some(c) = cookie {
        h.push(("Cookie", c));
    }
    if let Some(t) = csrf {
        h.push(("X-CSRF-Token", t));
    }
    h
}

const PAUSE: &[u8] = br#"{"board":1,"request":{"cmd":"pause"}}"#;

fn wait_for_page(addr: SocketAddr) {
    wait_for(Duration::from_secs(20), "the dashboard's page", || {
        std::net::TcpStream::connect(addr).is_ok()
    });
}

#[test]
fn a_command_needs_a_login_and_its_csrf_token_then_pauses_the_board_and_without_a_broker_is_refused_at_once(
) {
    let mut hall = Hall::new(1);
    let port = free_port().expect("a free port");
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("address");
    let dashboard = format!(
        "[dashboard]\nlisten = \"{addr}\"\n{}boards = \"1-2\"\n",
        passwd_line(PASSWORD)
    );
    let _station = hall.station_with(&dashboard);
    let files = hall.board_files(1, "5:00", hall.broker.port());
    let mut board = hall.board(&files);
    board.key("s");
    board.key("w");
    wait_for_page(addr);

    // The page: embedded, with its security headers.
    let page = http::request(addr, "GET", "/", &[], b"");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("<table id=\"boards\">"), "{}", page.body);
    let csp = page.header("content-security-policy").unwrap_or("");
    assert!(csp.contains("script-src 'self'"), "{csp}");
    assert_eq!(page.header("x-frame-options"), Some("DENY"));

    // Board 1's row reaches the page with its state; board 2 is listed though never heard.
    let events = http::events_until(addr, Duration::from_secs(20), |d| {
        d.contains("\"board\":1,\"shown\":{")
    });
    let hello = events.first().expect("the hello event");
    assert!(hello.contains("\"login\":true"), "{hello}");
    assert!(hello.contains("Зал турнира"), "{hello}");
    assert!(
        events
            .iter()
            .any(|d| d.contains("\"board\":2,\"shown\":null")),
        "{events:?}"
    );

    let own = format!("http://{addr}");
    let foreign = format!("http://127.0.0.1:{}", port.wrapping_add(1));
    // No login: 401, and the board runs on.
    let a = http::request(addr, "POST", "/command", &headers(&own, None, None), PAUSE);
    assert_eq!(a.status, 401, "{}", a.body);
    // A wrong password: 401, no cookie.
    let wrong = http::form("password", "not the password");
    let form = [
        ("Origin", own.as_str()),
        ("Content-Type", "application/x-www-form-urlencoded"),
    ];
    let a = http::request(addr, "POST", "/login", &form, wrong.as_bytes());
    assert_eq!(a.status, 401, "{}", a.body);
    assert_eq!(a.header("set-cookie"), None);
    // The right password from another site's page: 403, no cookie.
    let right = http::form("password", PASSWORD);
    let cross = [
        ("Origin", foreign.as_str()),
        ("Content-Type", "application/x-www-form-urlencoded"),
    ];
    let a = http::request(addr, "POST", "/login", &cross, right.as_bytes());
    assert_eq!(a.status, 403, "{}", a.body);
    assert_eq!(a.header("set-cookie"), None);
    // The login: a session cookie that scripts cannot read and other sites cannot send.
    let a = http::request(addr, "POST", "/login", &form, right.as_bytes());
    assert_eq!(a.status, 303, "{}", a.body);
    let set = a
        .header("set-cookie")
        .expect("a session cookie")
        .to_string();
    for part in ["HttpOnly", "SameSite=Strict", "Path=/"] {
        assert!(set.contains(part), "{set}");
    }
    let cookie = set.split(';').next().expect("name=value").to_string();
    let session = http::request(addr, "GET", "/session", &[("Cookie", &cookie)], b"").json();
    assert_eq!(session["logged_in"], true, "{session}");
    let csrf = session["csrf"].as_str().expect("a CSRF token").to_string();

    // Forged: the cookie without the token, with a wrong token, or from another origin.
    let a = http::request(
        addr,
        "POST",
        "/command",
        &headers(&own, Some(&cookie), None),
        PAUSE,
    );
    assert_eq!(a.status, 403, "no token: {}", a.body);
    let wrong_token = format!("{}x", &csrf[..csrf.len() - 1]);
    let h = headers(&own, Some(&cookie), Some(&wrong_token));
    let a = http::request(addr, "POST", "/command", &h, PAUSE);
    assert_eq!(a.status, 403, "a wrong token: {}", a.body);
    let h = headers(&foreign, Some(&cookie), Some(&csrf));
    let a = http::request(addr, "POST", "/command", &h, PAUSE);
    assert_eq!(a.status, 403, "another origin: {}", a.body);
    assert_eq!(
        board.ctl(r#"{"cmd":"status"}"#)["phase"],
        "running",
        "no refused command reached the board"
    );

    // A word that is no command never leaves the station.
    let h = headers(&own, Some(&cookie), Some(&csrf));
    let fly = br#"{"board":1,"request":{"cmd":"fly"}}"#;
    let a = http::request(addr, "POST", "/command", &h, fly);
    assert_eq!(a.status, 400, "{}", a.body);
    // Catches: a request checked as a parsed JSON object, which keeps the last of two `cmd`s:
    // `status` then `start` passed the check and reached the board as a `start`.
    let twice = br#"{"board":1,"request":{"cmd":"status","cmd":"start"}}"#;
    let a = http::request(addr, "POST", "/command", &h, twice);
    assert_eq!(
        a.status, 400,
        "refused as the control socket refuses it: {}",
        a.body
    );
    assert!(a.body.contains("duplicate field `cmd`"), "{}", a.body);

    // The real thing: the board pauses and journals the arbiter's pause.
    let a = http::request(addr, "POST", "/command", &h, PAUSE);
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.json()["ok"], true, "{}", a.body);
    assert_eq!(board.ctl(r#"{"cmd":"status"}"#)["phase"], "paused");
    let paused = json_lines(&files.journal)
        .iter()
        .any(|r| r["kind"] == "input" && r["source"] == "arbiter" && r["input"]["game"] == "pause");
    assert!(paused, "the pause is journaled as the arbiter's input");

    // A board that is not there: no answer in time (504).
    let a = http::request(
        addr,
        "POST",
        "/command",
        &h,
        br#"{"board":7,"request":{"cmd":"resume"}}"#,
    );
    assert_eq!(a.status, 504, "{}", a.body);

    // No broker: refused at once (503), not left to time out.
    hall.broker.kill();
    std::thread::sleep(Duration::from_secs(2));
    let began = Instant::now();
    let a = http::request(addr, "POST", "/command", &h, PAUSE);
    assert_eq!(a.status, 503, "{}", a.body);
    assert!(
        began.elapsed() < Duration::from_secs(2),
        "{:?}",
        began.elapsed()
    );

    // Logged out, the same cookie and token no longer command.
    let a = http::request(addr, "POST", "/logout", &h, b"");
    assert_eq!(a.status, 204, "{}", a.body);
    let a = http::request(addr, "POST", "/command", &h, PAUSE);
    assert_eq!(a.status, 401, "{}", a.body);
}

#[test]
fn a_dashboard_without_a_password_is_read_only_for_everyone() {
    use talkclock::speech::Lang;
    use talkclock::station::dashboard::settings::DashboardSettings;
    use talkclock::station::dashboard::Dashboard;
    let settings = DashboardSettings {
        listen: "127.0.0.1:0".parse().expect("address"),
        password: None,
        boards: vec![(1, 3)],
    };
    let page = Dashboard::start(&settings, "cup", vec![Lang::En], 1).expect("served");
    let addr = page.addr();
    let own = format!("http://{addr}");
    let session = http::request(addr, "GET", "/session", &[], b"").json();
    assert_eq!(session["login"], false, "{session}");
    let form = [
        ("Origin", own.as_str()),
        ("Content-Type", "application/x-www-form-urlencoded"),
    ];
    let a = http::request(addr, "POST", "/login", &form, b"password=anything");
    assert_eq!(a.status, 403, "{}", a.body);
    assert_eq!(a.header("set-cookie"), None);
    let a = http::request(addr, "POST", "/command", &headers(&own, None, None), PAUSE);
    assert_eq!(a.status, 401, "{}", a.body);
    assert!(page.commands().is_empty(), "nothing reached the station");
    let events = http::events_until(addr, Duration::from_secs(5), |d| d.contains("\"rows\""));
    assert!(events[0].contains("Read-only"), "{}", events[0]);
    assert!(
        events.iter().any(|d| d.contains("\"board\":3")),
        "{events:?}"
    );
}

#[test]
fn a_login_being_checked_holds_up_no_other_page() {
    use talkclock::speech::Lang;
    use talkclock::station::dashboard::password::{PasswordHash, ITERATIONS};
    use talkclock::station::dashboard::settings::DashboardSettings;
    use talkclock::station::dashboard::Dashboard;
    let settings = DashboardSettings {
        listen: "127.0.0.1:0".parse().expect("address"),
        password: Some(PasswordHash::with(PASSWORD, vec![1; 16], ITERATIONS)),
        boards: vec![(1, 1)],
    };
    let page = Dashboard::start(&settings, "cup", vec![Lang::Ru], 1).expect("served");
    let addr = page.addr();
    let own = format!("http://{addr}");
    let login = std::thread::spawn(move || {
        let form = [
            ("Origin", own.as_str()),
            ("Content-Type", "application/x-www-form-urlencoded"),
        ];
        let began = Instant::now();
        let a = http::request(addr, "POST", "/login", &form, b"password=wrong+password");
        (a.status, began.elapsed())
    });
    // Other pages are answered while the password is being hashed.
    let mut answered = 0;
    let mut slowest = Duration::ZERO;
    std::thread::sleep(Duration::from_millis(5));
    while !login.is_finished() {
        let began = Instant::now();
        let a = http::request(addr, "GET", "/session", &[], b"");
        assert_eq!(a.status, 200);
        slowest = slowest.max(began.elapsed());
        if !login.is_finished() {
            answered += 1;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let (status, took) = login.join().expect("the login's thread");
    assert_eq!(status, 401);
    eprintln!(
        "a login took {took:?} ({ITERATIONS} rounds); {answered} other requests answered \
         meanwhile, the slowest in {slowest:?}"
    );
    assert!(
        answered >= 2,
        "{answered} answered during a login of {took:?}"
    );
    assert!(
        slowest < took,
        "the slowest {slowest:?} against the login's {took:?}"
    );
}

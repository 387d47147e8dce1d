//! The pages under a hostile crowd (issue 31), each against the real binary and a real
//! mosquitto, the program run under systemd's default limit of 1024 open files (soft and hard,
//! so that raising it is no way out):
//!
//! - 2,000 idle and slowloris connections to a board's display: the arbiter's `ctl` still
//!   answers, the page still serves another address and keeps its event stream, the board
//!   rejoins the hall after a broker restart and the flag of a game started then reaches the
//!   station, and the crowd's connections are closed by the server within its header timeout;
//! - the same on the station's dashboard: after a broker restart the station hears the
//!   board's flag and mirrors its new game;
//! - a login flood from several addresses: the arbiter's login is still served (within 6 s), the
//!   guessers are locked out (429, the right password too), the lockout ends by itself, the
//!   failed logins are logged with their address, and a full queue of checks says so (503).

#[path = "hall/boards.rs"]
mod boards;
#[path = "daemon/common_daemon.rs"]
mod common_daemon;
#[path = "web/flood.rs"]
mod flood;
#[path = "web/http.rs"]
mod http;

use boards::*;
use flood::{Crowd, Flood};
use std::net::{Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

/// The floods run one at a time: two crowds of 2,000 connections at once starved the other
/// test's station of the CPU it needs to start (its page was not up within 20 s under the
/// whole suite), which is not what a test of one page under a crowd is about.
static ONE_FLOOD_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Holds [`ONE_FLOOD_AT_A_TIME`] for a test (a test that failed and poisoned it does not stop
/// the next).
fn one_flood_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    ONE_FLOOD_AT_A_TIME
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// The servers' header timeout (`talkclock::web::limits::HEADER_TIMEOUT`): an idle or
/// slowloris connection is closed after it.
const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// systemd's default for a service: 1024 open files, here the hard limit too.
fn prlimit_1024() -> Vec<String> {
    ["prlimit", "--nofile=1024:1024", "--"]
        .map(String::from)
        .to_vec()
}

/// A loopback address of this machine: 127.0.0.`n`.
fn lo(n: u8) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, n)
}

/// The honest page's address (the crowd never uses it).
const VISITOR: u8 = 2;

/// 2,000 connections: 1,200 idle and 200 slowloris from 127.0.0.1, and 150 slowloris from each
/// of 127.0.0.3–6.
fn crowds() -> Vec<Crowd> {
    let mut c = vec![Crowd {
        from: lo(1),
        idle: 1200,
        slow: 200,
    }];
    c.extend((3..=6).map(|n| Crowd {
        from: lo(n),
        idle: 0,
        slow: 150,
    }));
    c
}

/// How many files process `pid` has open.
fn open_files(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, |d| d.count())
}

/// One control request, timed; the error says what went wrong.
fn ctl_timed(
    socket: &std::path::Path,
    json: &str,
) -> (Result<serde_json::Value, String>, Duration) {
    let began = Instant::now();
    let reply = talkclock::control::client::request(socket, json)
        .map_err(|e| e.to_string())
        .and_then(|r| serde_json::from_str::<serde_json::Value>(&r).map_err(|e| e.to_string()))
        .and_then(|v| {
            if v["ok"] == false {
                Err(v.to_string())
            } else {
                Ok(v)
            }
        });
    (reply, began.elapsed())
}

/// The arbiter's `requests`, each answered in under 2 s; a fault for each that is not.
fn arbiter_ctl(socket: &std::path::Path, requests: &[&str], faults: &mut Vec<String>) {
    for request in requests {
        let (reply, took) = ctl_timed(socket, request);
        println!("ctl {request} under the flood: {took:?}");
        if let Err(e) = reply {
            faults.push(format!("ctl {request}: {e}"));
        } else if took > Duration::from_secs(2) {
            faults.push(format!("ctl {request} took {took:?}"));
        }
    }
}

/// `GET path` from the visitor's address, timed.
fn visit(addr: SocketAddr, path: &str) -> (Result<u16, String>, Duration) {
    let began = Instant::now();
    let answer = http::request_from(
        lo(VISITOR),
        addr,
        Duration::from_secs(10),
        "GET",
        path,
        &[],
        b"",
    );
    (answer.map(|a| a.status), began.elapsed())
}

/// An event stream kept open from the visitor's address: how many `data:` lines it has read.
struct Listener {
    lines: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl Listener {
    fn open(addr: SocketAddr) -> Listener {
        use std::io::{BufRead, BufReader, Write};
        let mut stream = http::connect_from(lo(VISITOR), addr, Duration::from_secs(10))
            .expect("the visitor's event stream connects");
        write!(
            stream,
            "GET /events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
        )
        .expect("send");
        let lines = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let count = lines.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(stream).lines() {
                let Ok(line) = line else { break };
                if line.starts_with("data:") {
                    count.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                }
            }
        });
        Listener { lines }
    }

    fn read(&self) -> usize {
        self.lines.load(std::sync::atomic::Ordering::SeqCst)
    }
}

/// Waits up to `limit` for every crowd connection to be closed by the server; a fault when
/// some stay open.
fn crowd_closed(flood: &Flood, limit: Duration, faults: &mut Vec<String>) {
    let deadline = flood.opened + limit;
    let mut open = flood.still_open();
    while open != (0, 0) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(250));
        open = flood.still_open();
    }
    println!(
        "the crowd's connections still open {:.1} s after the flood: {open:?} (idle, slowloris)",
        flood.opened.elapsed().as_secs_f64()
    );
    if open != (0, 0) {
        faults.push(format!(
            "{} idle and {} slowloris connections still open {:?} after the flood",
            open.0,
            open.1,
            flood.opened.elapsed()
        ));
    }
}

/// Waits up to `limit` for the station to say board 1's flag; a fault when it does not.
fn flag_said(station: &Station, limit: Duration, faults: &mut Vec<String>) {
    let deadline = Instant::now() + limit;
    let said = || {
        alerts_of(&station.lines(), 1)
            .iter()
            .any(|(_, priority, _)| priority == "flag")
    };
    while !said() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(200));
    }
    if !said() {
        faults.push(format!(
            "board 1's flag did not reach the station within {limit:?} of the broker's restart"
        ));
    }
}

#[test]
fn idle_and_slowloris_connections_to_a_board_display_leave_ctl_the_hall_link_and_the_page_working()
{
    let _alone = one_flood_at_a_time();
    let mut hall = Hall::new(1);
    let station = hall.station();
    let files = hall.board_files(1, "0:10", hall.broker.port());
    let port = free_port().expect("a free port");
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("address");
    let mut config = std::fs::read_to_string(&files.config).expect("the board's configuration");
    config.push_str(&format!("[display]\nlisten = \"{addr}\"\n"));
    std::fs::write(&files.config, config).expect("write it");
    let mut board = common_daemon::start_under(
        &prlimit_1024(),
        &files.dir,
        &files.config,
        &files.journal,
        &files.transcript,
        &["--no-audio"],
    );
    let pid = board.child.id();
    let listener = Listener::open(addr);
    wait_for(Duration::from_secs(10), "the page's first events", || {
        listener.read() >= 2
    });
    let before = open_files(pid);

    let flood = Flood::open(addr, &crowds());
    println!(
        "made {:?} (idle, slowloris) connections, {} left unconnected, in {:?}",
        flood.made(),
        flood.unconnected,
        flood.took
    );
    std::thread::sleep(Duration::from_secs(1));
    let during = open_files(pid);
    println!("the board's open files: {before} before the flood, {during} during it");
    let mut faults = Vec::new();

    // The arbiter's ctl.
    arbiter_ctl(&board.socket, &[r#"{"cmd":"status"}"#], &mut faults);
    // The page, for another address; the visitor's event stream goes on.
    let (page, took) = visit(addr, "/view");
    println!(
        "the page from {} under the flood: {page:?} in {took:?}",
        lo(VISITOR)
    );
    if page != Ok(200) {
        faults.push(format!(
            "the page from another address: {page:?} after {took:?}"
        ));
    }
    let heard = listener.read();
    std::thread::sleep(Duration::from_secs(2));
    if listener.read() <= heard {
        faults.push("the visitor's event stream stopped".into());
    }

    // The hall link: the broker restarts, the board must connect again; a game started then
    // sends its flag to the station through it.
    hall.broker.restart().expect("mosquitto starts again");
    board.key("s");
    board.key("w");
    board.key("b");
    // The keys are read on the board's own time: the game runs when its status says so.
    let deadline = Instant::now() + Duration::from_secs(5);
    while Instant::now() < deadline {
        let (reply, _) = ctl_timed(&board.socket, r#"{"cmd":"status"}"#);
        if reply.is_ok_and(|v| v["phase"] == "running") {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    arbiter_ctl(
        &board.socket,
        &[r#"{"cmd":"pause"}"#, r#"{"cmd":"resume"}"#],
        &mut faults,
    );
    flag_said(&station, Duration::from_secs(40), &mut faults);
    crowd_closed(
        &flood,
        HEADER_TIMEOUT + Duration::from_secs(15),
        &mut faults,
    );
    println!("the board's open files at the end: {}", open_files(pid));
    assert!(faults.is_empty(), "under the flood:\n{}", faults.join("\n"));
}

#[test]
fn idle_and_slowloris_connections_to_the_dashboard_leave_the_stations_broker_link_working() {
    let _alone = one_flood_at_a_time();
    let mut hall = Hall::new(1);
    let port = free_port().expect("a free port");
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("address");
    let station = hall.station_wrapped(
        &["prlimit", "--nofile=1024:1024", "--"],
        &format!("[dashboard]\nlisten = \"{addr}\"\nboards = \"1-2\"\n"),
        None,
    );
    let pid = station.pid().expect("the station runs");
    let files = hall.board_files(1, "0:10", hall.broker.port());
    let mut board = hall.board(&files);
    wait_for(Duration::from_secs(20), "the dashboard", || {
        std::net::TcpStream::connect(addr).is_ok()
    });
    let listener = Listener::open(addr);
    wait_for(
        Duration::from_secs(10),
        "the dashboard's first events",
        || listener.read() >= 2,
    );
    let before = open_files(pid);

    let flood = Flood::open(addr, &crowds());
    println!(
        "made {:?} (idle, slowloris) connections, {} left unconnected, in {:?}",
        flood.made(),
        flood.unconnected,
        flood.took
    );
    std::thread::sleep(Duration::from_secs(1));
    println!(
        "the station's open files: {before} before the flood, {} during it",
        open_files(pid)
    );
    let mut faults = Vec::new();
    let (page, took) = visit(addr, "/session");
    println!(
        "the dashboard from {} under the flood: {page:?} in {took:?}",
        lo(VISITOR)
    );
    if page != Ok(200) {
        faults.push(format!(
            "the dashboard from another address: {page:?} after {took:?}"
        ));
    }

    // The broker restarts: the station must connect again to hear the board's new game.
    hall.broker.restart().expect("mosquitto starts again");
    std::thread::sleep(Duration::from_secs(2));
    let (code, reply) = hall.ctl(1, &["status"]);
    if code != 0 {
        faults.push(format!("station ctl 1 status: {code}: {reply}"));
    }
    board.key("s");
    board.key("w");
    board.key("b");
    flag_said(&station, Duration::from_secs(40), &mut faults);
    // The mirror holds the whole game, its flag included: byte for byte the board's journal.
    let mirrored = || {
        mirror_of(&hall.mirror(), 1, &files.journal)
            .and_then(|m| std::fs::read(m).ok())
            .is_some_and(|m| std::fs::read(&files.journal).is_ok_and(|j| j == m))
    };
    let deadline = Instant::now() + Duration::from_secs(10);
    while !mirrored() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(200));
    }
    if !mirrored() {
        faults.push("the board's new game is not mirrored whole".into());
    }
    if listener.read() < 3 {
        faults.push("the visitor's event stream stopped".into());
    }
    crowd_closed(
        &flood,
        HEADER_TIMEOUT + Duration::from_secs(15),
        &mut faults,
    );
    println!("the station's open files at the end: {}", open_files(pid));
    assert!(faults.is_empty(), "under the flood:\n{}", faults.join("\n"));
}

const PASSWORD: &str = "Судья-2026 arbiter";

/// The station's `[dashboard]` with the arbiters' password hashed with the fewest rounds a
/// configuration may have (a debug build's hash then takes about as long as a release build's
/// of `station passwd`'s 600 000).
fn dashboard_with_password(addr: SocketAddr) -> String {
    use talkclock::station::dashboard::password::{PasswordHash, MIN_ITERATIONS};
    let hash = PasswordHash::with(PASSWORD, b"issue-31-salt-16".to_vec(), MIN_ITERATIONS);
    format!("[dashboard]\nlisten = \"{addr}\"\npassword_hash = \"{hash}\"\nboards = \"1-2\"\n")
}

/// A login from `from` with `password`: its status (0 when the connection was refused or
/// closed with no answer), its `retry_after_s`, and how long it took.
fn login(
    addr: SocketAddr,
    from: Ipv4Addr,
    password: &str,
    limit: Duration,
) -> (u16, Option<u64>, Duration) {
    let own = format!("http://{addr}");
    let form = [
        ("Origin", own.as_str()),
        ("Content-Type", "application/x-www-form-urlencoded"),
    ];
    let body = http::form("password", password);
    let began = Instant::now();
    let answer = http::request_from(from, addr, limit, "POST", "/login", &form, body.as_bytes());
    let took = began.elapsed();
    match answer {
        Ok(a) => {
            let retry = serde_json::from_str::<serde_json::Value>(&a.body)
                .ok()
                .and_then(|v| v["retry_after_s"].as_u64());
            (a.status, retry, took)
        }
        Err(_) => (0, None, took),
    }
}

/// Statuses seen by the flood, by status (0: no answer).
type Tally = std::collections::BTreeMap<u16, usize>;

#[test]
fn a_login_flood_leaves_the_arbiters_login_served_and_locks_the_guessers_out() {
    let _alone = one_flood_at_a_time();
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    let hall = Hall::new(1);
    let port = free_port().expect("a free port");
    let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("address");
    let log = hall.dir.path().join("station.log");
    let _station = hall.station_wrapped(&[], &dashboard_with_password(addr), Some(&log));
    wait_for(Duration::from_secs(20), "the dashboard", || {
        std::net::TcpStream::connect(addr).is_ok()
    });
    let (status, _, alone) = login(addr, lo(9), PASSWORD, Duration::from_secs(30));
    assert_eq!(status, 303, "the arbiter's login with no flood");
    println!("the arbiter's login alone: {alone:?}");

    // 400 wrong passwords at once from 127.0.0.1, then guessers on 127.0.0.1 and 3–6 as fast
    // as they are answered.
    flood::room_for(1000);
    let tally = Arc::new(Mutex::new(Tally::new()));
    let count = |tally: &Arc<Mutex<Tally>>, status: u16| {
        *tally.lock().unwrap().entry(status).or_insert(0) += 1;
    };
    let burst: Vec<_> = (0..400)
        .map(|n| {
            let tally = tally.clone();
            std::thread::spawn(move || {
                let (s, _, _) = login(addr, lo(1), &format!("guess {n}"), Duration::from_secs(30));
                count(&tally, s);
            })
        })
        .collect();
    let stop = Arc::new(AtomicBool::new(false));
    let guessers: Vec<_> = [1u8, 3, 4, 5, 6]
        .into_iter()
        .flat_map(|a| std::iter::repeat_n(a, 4))
        .enumerate()
        .map(|(n, a)| {
            let (tally, stop) = (tally.clone(), stop.clone());
            std::thread::spawn(move || {
                let mut k = 0;
                while !stop.load(Ordering::SeqCst) {
                    k += 1;
                    let (s, _, _) = login(
                        addr,
                        lo(a),
                        &format!("guess {n}-{k}"),
                        Duration::from_secs(30),
                    );
                    count(&tally, s);
                }
            })
        })
        .collect();
    std::thread::sleep(Duration::from_secs(3));

    // The arbiter, from another computer.
    let (status, _, took) = login(addr, lo(VISITOR), PASSWORD, Duration::from_secs(30));
    println!("the arbiter's login under the flood: {status} in {took:?}");
    let mut faults = Vec::new();
    // The goal is 2 s (what a release build gives); the test fails on a login starved by the
    // flood, which would wait until the guessers stop (their 30 s) or time out. On this 2-core
    // machine's debug build it took 0.8–2.7 s (CI of 1b7db11: 2.08 s), so 2 s itself is not
    // asserted here: a timed assertion flakes with the machine's load.
    if status != 303 || took >= Duration::from_secs(6) {
        faults.push(format!(
            "the arbiter's login under the flood: {status} in {took:?} (alone: {alone:?})"
        ));
    }
    stop.store(true, Ordering::SeqCst);
    for t in burst.into_iter().chain(guessers) {
        t.join().expect("a guesser");
    }
    // The right password is refused once the guessing address is locked out. How many of its
    // guesses the flood had checked depends on the machine's load (10 of 11,756 across five
    // addresses in one CI run), so it may still have free failures: it guesses on until a wrong
    // one is checked and a later one refused unchecked (a lockout that has just begun).
    let mut guesses = 0;
    let mut checked = false;
    loop {
        guesses += 1;
        let (s, _, _) = login(addr, lo(1), "one more guess", Duration::from_secs(30));
        checked |= s == 401;
        if (checked && s == 429) || guesses > 300 {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let (status, retry, _) = login(addr, lo(1), PASSWORD, Duration::from_secs(60));
    println!("the right password from 127.0.0.1 straight after a wrong one: {status}, retry after {retry:?} s");
    if status != 429 || retry.is_none() {
        faults.push(format!(
            "the right password from the guessing address straight after a wrong one: {status} (retry after {retry:?})"
        ));
    }
    let tally = tally.lock().unwrap().clone();
    println!("the flood's answers by status: {tally:?}");
    let checked = tally.get(&401).copied().unwrap_or(0);
    if checked > 5 * 8 {
        faults.push(format!(
            "{checked} of the guesses were checked (401): {tally:?}"
        ));
    }

    // A lockout ends by itself: four wrong passwords from 127.0.0.7 lock it out for 2 s.
    for k in 1..=4 {
        let (s, _, _) = login(addr, lo(7), &format!("wrong {k}"), Duration::from_secs(30));
        if s != 401 {
            faults.push(format!("wrong password {k} from 127.0.0.7: {s}"));
        }
    }
    let (s, retry, _) = login(addr, lo(7), PASSWORD, Duration::from_secs(30));
    if s != 429 || retry != Some(2) {
        faults.push(format!("127.0.0.7 locked out: {s}, retry after {retry:?}"));
    }
    std::thread::sleep(Duration::from_millis(2200));
    let (s, _, _) = login(addr, lo(7), PASSWORD, Duration::from_secs(30));
    if s != 303 {
        faults.push(format!("127.0.0.7 after its lockout: {s}"));
    }

    // A full queue says so: 24 addresses at once, one wrong password each.
    let at_once: Vec<_> = (20..44u8)
        .map(|a| std::thread::spawn(move || login(addr, lo(a), "wrong", Duration::from_secs(60))))
        .collect();
    let answers: Vec<(u16, Option<u64>, Duration)> = at_once
        .into_iter()
        .map(|t| t.join().expect("a login"))
        .collect();
    let full = answers
        .iter()
        .filter(|(s, r, _)| *s == 503 && r.is_some())
        .count();
    let wrong = answers.iter().filter(|(s, _, _)| *s == 401).count();
    println!("24 logins at once: {full} refused for a full queue, {wrong} checked");
    if full == 0 || full + wrong != answers.len() {
        faults.push(format!("24 logins at once: {answers:?}"));
    }

    // Failed logins are logged with their address.
    let logged = std::fs::read_to_string(&log).unwrap_or_default();
    for a in ["127.0.0.1", "127.0.0.7"] {
        if !logged.contains(&format!("wrong password from {a}")) {
            faults.push(format!("no log line for the wrong passwords from {a}"));
        }
    }
    assert!(
        faults.is_empty(),
        "under the login flood:\n{}",
        faults.join("\n")
    );
}

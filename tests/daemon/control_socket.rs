//! The arbiter's control socket, through the real binary (issue 11, case 15): the default
//! socket lies in a private directory of the user's own, `ctl` refuses a directory others can
//! enter and a server run by another user, the daemon refuses a client of another user, and
//! idle connections (however many) never lock the arbiter out.
//!
//! The tests that need a second user (uid 65534, `nobody`) run only as root; run as another
//! user they say so on stderr and check nothing else.

use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::fs::{MetadataExt, PermissionsExt};
use std::os::unix::net::{UnixListener, UnixStream};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// The second user of the tests that need one.
const NOBODY: u32 = 65534;

const CONFIG: &str = "[[time_control.stage]]\ntime = \"5:00\"\n";

/// A daemon (or any child) that is killed when the test ends, however it ends.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_talkclock")
}

/// A copy of the binary that another user can run: the build's own may lie under a home
/// directory only its owner can enter (a fresh clone in `/root`).
fn bin_for_others() -> std::path::PathBuf {
    static COPY: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    COPY.get_or_init(|| {
        // One folder, replaced atomically: a later run overwrites the copy, nothing piles up.
        let dir = std::env::temp_dir().join("talkclock-test-bin");
        std::fs::create_dir_all(&dir).expect("a folder for the copy");
        set_mode(&dir, 0o755);
        let fresh = dir.join(format!("talkclock.{}", std::process::id()));
        std::fs::copy(bin(), &fresh).expect("copy the binary");
        set_mode(&fresh, 0o755);
        let copy = dir.join("talkclock");
        std::fs::rename(&fresh, &copy).expect("install the copy");
        copy
    })
    .clone()
}

fn my_uid() -> u32 {
    rustix::process::geteuid().as_raw()
}

fn is_root() -> bool {
    my_uid() == 0
}

/// `talkclock run` with the config and journal in `dir`, no audio, and an environment without
/// `XDG_RUNTIME_DIR` or `TMPDIR` unless `env` sets them.
fn run_command(dir: &Path, extra: &[&str], env: &[(&str, &Path)]) -> Command {
    run_command_with(Path::new(bin()), dir, extra, env)
}

/// [`run_command`] with another copy of the binary (see [`bin_for_others`]).
fn run_command_with(program: &Path, dir: &Path, extra: &[&str], env: &[(&str, &Path)]) -> Command {
    let config = dir.join("game.toml");
    std::fs::write(&config, CONFIG).expect("write the config");
    let mut command = Command::new(program);
    command
        .arg("run")
        .arg("--no-audio")
        .arg("--config")
        .arg(&config)
        .arg("--journal")
        .arg(dir.join("journal.jsonl"))
        .args(extra);
    isolate(&mut command, env);
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    command
}

fn isolate(command: &mut Command, env: &[(&str, &Path)]) {
    command
        .env_remove("XDG_RUNTIME_DIR")
        .env_remove("TMPDIR")
        .env("RUST_LOG", "warn,pulseaudio=off");
    for (key, value) in env {
        command.env(key, value);
    }
}

/// `talkclock ctl ARGS…`, killed if it has not finished within `limit`; `None` then.
fn ctl(args: &[&str], env: &[(&str, &Path)], uid: Option<u32>, limit: Duration) -> Option<Output> {
    ctl_as(args, env, uid.map(|uid| (uid, uid)), limit)
}

/// As [`ctl`], run as the user and group `ids` (uid, gid) when given.
fn ctl_as(
    args: &[&str],
    env: &[(&str, &Path)],
    ids: Option<(u32, u32)>,
    limit: Duration,
) -> Option<Output> {
    let mut command = match ids {
        Some(_) => Command::new(bin_for_others()),
        None => Command::new(bin()),
    };
    command.arg("ctl").args(args);
    isolate(&mut command, env);
    if let Some((uid, gid)) = ids {
        command.uid(uid).gid(gid);
    }
    let child = command
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("talkclock ctl starts");
    finish_within(child, limit)
}

fn finish_within(mut child: Child, limit: Duration) -> Option<Output> {
    let end = Instant::now() + limit;
    while Instant::now() < end {
        if child.try_wait().expect("wait").is_some() {
            return Some(child.wait_with_output().expect("output"));
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Waits until `talkclock ctl status` (with `args` before `status`) answers `"ok":true`.
fn wait_for_daemon(daemon: &mut Running, args: &[&str], env: &[(&str, &Path)]) {
    let end = Instant::now() + Duration::from_secs(30);
    let mut words: Vec<&str> = args.to_vec();
    words.push("status");
    loop {
        if let Some(exit) = daemon.0.try_wait().expect("wait") {
            let mut stderr = String::new();
            if let Some(mut err) = daemon.0.stderr.take() {
                let _ = err.read_to_string(&mut stderr);
            }
            panic!("the daemon exited early ({exit}): {stderr}");
        }
        let out = ctl(&words, env, None, Duration::from_secs(15));
        if out.is_some_and(|o| o.status.success() && text(&o.stdout).contains("\"ok\":true")) {
            return;
        }
        assert!(
            Instant::now() < end,
            "the daemon did not answer `ctl status`"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Waits until a raw status request on `socket` gets a reply line (no checks of who serves).
fn wait_for_socket(daemon: &mut Running, socket: &Path) {
    let end = Instant::now() + Duration::from_secs(30);
    loop {
        assert!(
            daemon.0.try_wait().expect("wait").is_none(),
            "the daemon exited early"
        );
        if let Ok(mut stream) = UnixStream::connect(socket) {
            stream
                .set_read_timeout(Some(Duration::from_secs(5)))
                .expect("timeout");
            let mut line = String::new();
            if stream.write_all(b"{\"cmd\":\"status\"}\n").is_ok()
                && BufReader::new(stream).read_line(&mut line).is_ok()
                && line.contains("\"ok\":true")
            {
                return;
            }
        }
        assert!(Instant::now() < end, "the daemon did not open {socket:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).expect("chmod");
}

/// A server that answers every line with a reply of its own, as another user's would.
fn fake_server(socket: &Path) -> std::sync::mpsc::Receiver<String> {
    let listener = UnixListener::bind(socket).expect("bind the fake server");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { return };
            let mut writer = stream.try_clone().expect("clone");
            let mut line = String::new();
            let _ = BufReader::new(stream).read_line(&mut line);
            let _ = tx.send(line);
            let _ = writeln!(writer, "{{\"ok\":true,\"fake\":true}}");
        }
    });
    rx
}

#[test]
fn the_default_socket_lies_in_a_private_directory_of_the_users_own() {
    let work = tempfile::tempdir().expect("tempdir");
    let runtime = tempfile::tempdir().expect("tempdir");
    let env = [("XDG_RUNTIME_DIR", runtime.path())];
    let mut daemon = Running(run_command(work.path(), &[], &env).spawn().expect("start"));
    wait_for_daemon(&mut daemon, &[], &env);
    let dir = runtime.path().join("talkclock");
    let meta = std::fs::symlink_metadata(&dir)
        .unwrap_or_else(|e| panic!("{}: no private socket directory: {e}", dir.display()));
    assert!(meta.is_dir(), "{} is a directory", dir.display());
    assert_eq!(meta.mode() & 0o777, 0o700, "{} is private", dir.display());
    assert_eq!(meta.uid(), my_uid(), "{} is the user's own", dir.display());
    assert!(dir.join("talkclock.sock").exists(), "the socket is inside");
    drop(daemon);

    // Without XDG_RUNTIME_DIR: a directory of the user's own under the temp directory.
    let tmp = tempfile::tempdir().expect("tempdir");
    set_mode(tmp.path(), 0o1777);
    let env = [("TMPDIR", tmp.path())];
    let mut daemon = Running(run_command(work.path(), &[], &env).spawn().expect("start"));
    wait_for_daemon(&mut daemon, &[], &env);
    let dir = tmp.path().join(format!("talkclock-{}", my_uid()));
    let meta = std::fs::symlink_metadata(&dir)
        .unwrap_or_else(|e| panic!("{}: no private socket directory: {e}", dir.display()));
    assert!(meta.is_dir());
    assert_eq!(meta.mode() & 0o777, 0o700, "{} is private", dir.display());
    assert_eq!(meta.uid(), my_uid());
    assert!(dir.join("talkclock.sock").exists(), "the socket is inside");
}

#[test]
fn the_daemon_refuses_a_default_socket_directory_others_can_enter() {
    let work = tempfile::tempdir().expect("tempdir");
    let runtime = tempfile::tempdir().expect("tempdir");
    let dir = runtime.path().join("talkclock");
    std::fs::create_dir(&dir).expect("mkdir");
    set_mode(&dir, 0o755);
    let env = [("XDG_RUNTIME_DIR", runtime.path())];
    let child = run_command(work.path(), &[], &env).spawn().expect("start");
    let out = finish_within(child, Duration::from_secs(20))
        .expect("the daemon refuses to start (it started instead)");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(5), "exit 5 (the socket): {stderr}");
    assert!(
        stderr.contains(&dir.display().to_string()) && stderr.contains("0755"),
        "the error names the directory and its mode: {stderr}"
    );
}

#[test]
fn ctl_refuses_a_socket_directory_others_can_enter() {
    let runtime = tempfile::tempdir().expect("tempdir");
    let dir = runtime.path().join("talkclock");
    std::fs::create_dir(&dir).expect("mkdir");
    set_mode(&dir, 0o755);
    let heard = fake_server(&dir.join("talkclock.sock"));
    let env = [("XDG_RUNTIME_DIR", runtime.path())];
    let out = ctl(&["status"], &env, None, Duration::from_secs(20)).expect("ctl finishes");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(!out.status.success(), "ctl refuses: {stdout}");
    assert!(
        !stdout.contains("fake"),
        "ctl printed a stranger's reply: {stdout}"
    );
    assert!(
        stderr.contains(&dir.display().to_string()) && stderr.contains("0755"),
        "the error names the directory and what is wrong: {stderr}"
    );
    assert!(
        heard.try_recv().is_err(),
        "the request never reaches a server in that directory"
    );

    if !is_root() {
        eprintln!("not root: the directory owned by another user is not tried");
        return;
    }
    set_mode(&dir, 0o700);
    std::os::unix::fs::chown(&dir, Some(NOBODY), Some(NOBODY)).expect("chown");
    let out = ctl(&["status"], &env, None, Duration::from_secs(20)).expect("ctl finishes");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(!out.status.success(), "ctl refuses: {stdout}");
    assert!(
        !stdout.contains("fake"),
        "ctl printed a stranger's reply: {stdout}"
    );
    assert!(
        stderr.contains(&dir.display().to_string()) && stderr.contains(&NOBODY.to_string()),
        "the error names the directory and its owner: {stderr}"
    );
}

#[test]
fn ctl_refuses_a_server_another_user_runs_in_a_shared_directory() {
    if !is_root() {
        eprintln!("not root: no second user to run a server; nothing checked");
        return;
    }
    // A shared directory like /tmp (sticky, everyone may write), where `nobody` listens first
    // on the very path the old default gave root: `$TMPDIR/talkclock-0.sock`.
    let shared = tempfile::tempdir().expect("tempdir");
    set_mode(shared.path(), 0o1777);
    let home = tempfile::tempdir().expect("tempdir");
    std::os::unix::fs::chown(home.path(), Some(NOBODY), Some(NOBODY)).expect("chown");
    let squatted = shared.path().join(format!("talkclock-{}.sock", my_uid()));
    let squatted_arg = squatted.display().to_string();
    let mut command = run_command_with(
        &bin_for_others(),
        home.path(),
        &["--socket", &squatted_arg],
        &[],
    );
    std::os::unix::fs::chown(home.path().join("game.toml"), Some(NOBODY), Some(NOBODY))
        .expect("chown");
    command
        .uid(NOBODY)
        .gid(NOBODY)
        .env("HOME", home.path())
        .env("XDG_STATE_HOME", home.path());
    let mut stranger = Running(command.spawn().expect("start the stranger's daemon"));
    wait_for_socket(&mut stranger, &squatted);

    let out = ctl(
        &["--socket", &squatted_arg, "status"],
        &[],
        None,
        Duration::from_secs(20),
    )
    .expect("ctl finishes");
    let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
    assert!(
        !out.status.success() && !stdout.contains("\"ok\":true"),
        "ctl believed another user's server: {stdout}"
    );
    assert!(
        stderr.contains(&NOBODY.to_string()),
        "the error names the server's user: {stderr}"
    );

    // And the default socket is not that path any more.
    let env = [("TMPDIR", shared.path())];
    let out = ctl(&["status"], &env, None, Duration::from_secs(20)).expect("ctl finishes");
    assert!(
        !text(&out.stdout).contains("\"ok\":true"),
        "the default `ctl` reached the stranger's server: {}",
        text(&out.stdout)
    );
}

#[test]
fn the_daemon_refuses_a_client_of_another_user() {
    if !is_root() {
        eprintln!("not root: no second user to connect; nothing checked");
        return;
    }
    let work = tempfile::tempdir().expect("tempdir");
    let socket = work.path().join("ctl.sock");
    let socket_arg = socket.display().to_string();
    let mut daemon = Running(
        run_command(work.path(), &["--socket", &socket_arg], &[])
            .spawn()
            .expect("start"),
    );
    wait_for_socket(&mut daemon, &socket);
    // Someone opened the socket to everyone by mistake.
    set_mode(work.path(), 0o755);
    set_mode(&socket, 0o666);
    let out = ctl(
        &["--socket", &socket_arg, "status"],
        &[],
        Some(NOBODY),
        Duration::from_secs(20),
    )
    .expect("ctl finishes");
    let stdout = text(&out.stdout);
    assert!(
        !stdout.contains("\"ok\":true"),
        "the daemon obeyed another user: {stdout}"
    );
    assert!(
        stdout.contains("\"ok\":false") && stdout.contains(&NOBODY.to_string()),
        "the reply says who was refused: {stdout} {}",
        text(&out.stderr)
    );
}

/// Raises this process's soft limit on open files to at least `want` (as far as the hard limit
/// allows), so the test itself can hold its idle connections.
fn allow_open_files(want: u64) {
    use rustix::process::{getrlimit, setrlimit, Resource};
    let mut limit = getrlimit(Resource::Nofile);
    if limit.current.is_some_and(|c| c < want) {
        limit.current = Some(limit.maximum.map_or(want, |m| m.min(want)));
        let _ = setrlimit(Resource::Nofile, limit);
    }
}

#[test]
fn eleven_hundred_idle_connections_do_not_lock_the_arbiter_out() {
    let work = tempfile::tempdir().expect("tempdir");
    let socket = work.path().join("ctl.sock");
    let socket_arg = socket.display().to_string();
    // The daemon runs with the usual desktop limit of 1024 open files.
    let run = run_command(work.path(), &["--socket", &socket_arg], &[]);
    let mut command = Command::new("sh");
    command
        .arg("-c")
        .arg("ulimit -n 1024 2>/dev/null; exec \"$0\" \"$@\"")
        .arg(run.get_program())
        .args(run.get_args());
    isolate(&mut command, &[]);
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit());
    let mut daemon = Running(command.spawn().expect("start"));
    wait_for_socket(&mut daemon, &socket);

    allow_open_files(1400);
    let (tx, rx) = std::sync::mpsc::channel();
    let target = socket.clone();
    std::thread::spawn(move || {
        let mut held = Vec::new();
        for _ in 0..1100 {
            match UnixStream::connect(&target) {
                Ok(stream) => held.push(stream),
                Err(e) => {
                    eprintln!("connection {} failed: {e}", held.len());
                    break;
                }
            }
        }
        let _ = tx.send(held);
    });
    // Connecting can block once the daemon stops accepting: that is the lock-out itself, and the
    // arbiter is tried regardless.
    let held = rx.recv_timeout(Duration::from_secs(60));
    eprintln!(
        "idle connections open: {}",
        held.as_ref()
            .map_or("(still connecting)".to_string(), |h| h.len().to_string())
    );

    let asked = Instant::now();
    let out = ctl(
        &["--socket", &socket_arg, "status"],
        &[],
        None,
        Duration::from_secs(30),
    );
    let took = asked.elapsed();
    let out = out.unwrap_or_else(|| panic!("`ctl status` got no answer in {took:?}"));
    assert!(
        out.status.success() && text(&out.stdout).contains("\"ok\":true"),
        "`ctl status` after {took:?}: {} {}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(took < Duration::from_secs(5), "the arbiter waited {took:?}");
    drop(held);
    assert!(
        daemon.0.try_wait().expect("wait").is_none(),
        "the daemon is still running"
    );
}

/// Reads from `stream` until the daemon closes it; how long that took, or `None` if it was
/// still open after `limit`.
fn closed_within(stream: &mut UnixStream, limit: Duration) -> Option<Duration> {
    let start = Instant::now();
    let mut buf = [0u8; 256];
    loop {
        let left = limit.checked_sub(start.elapsed())?;
        stream
            .set_read_timeout(Some(left.max(Duration::from_millis(1))))
            .expect("timeout");
        match stream.read(&mut buf) {
            Ok(0) => return Some(start.elapsed()),
            Ok(_) => continue,
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
                return Some(start.elapsed())
            }
            Err(_) => return None,
        }
    }
}

#[test]
fn an_idle_or_dribbling_connection_is_closed_after_ten_seconds() {
    let work = tempfile::tempdir().expect("tempdir");
    let socket = work.path().join("ctl.sock");
    let socket_arg = socket.display().to_string();
    let mut daemon = Running(
        run_command(work.path(), &["--socket", &socket_arg], &[])
            .spawn()
            .expect("start"),
    );
    wait_for_socket(&mut daemon, &socket);

    let mut idle = UnixStream::connect(&socket).expect("connect");
    // A byte every second, never a whole line: no more time than saying nothing.
    let mut dribble = UnixStream::connect(&socket).expect("connect");
    let mut writer = dribble.try_clone().expect("clone");
    std::thread::spawn(move || {
        for _ in 0..60 {
            if writer.write_all(b" ").is_err() {
                return;
            }
            std::thread::sleep(Duration::from_secs(1));
        }
    });
    let idle_took = closed_within(&mut idle, Duration::from_secs(40));
    let dribble_took = closed_within(&mut dribble, Duration::from_secs(40));
    assert!(
        idle_took.is_some(),
        "an idle connection stays open beyond 40 s"
    );
    assert!(
        dribble_took.is_some(),
        "a connection sending a byte a second stays open beyond 40 s"
    );
}

/// `talkclock run --socket-group` (the system service's way): the socket is 0660 and a client of
/// another user in the daemon's group gets in (the kernel checked the group; the daemon takes
/// its word). The other tests show that without it such a client is refused.
#[test]
fn the_daemons_group_may_use_the_socket_with_socket_group() {
    if !is_root() {
        eprintln!("not root: no second user to connect; nothing checked");
        return;
    }
    let work = tempfile::tempdir().expect("tempdir");
    // The service's runtime folder: the group may enter, nobody else.
    set_mode(work.path(), 0o750);
    let socket = work.path().join("ctl.sock");
    let socket_arg = socket.display().to_string();
    let mut daemon = Running(
        run_command(
            work.path(),
            &["--socket", &socket_arg, "--socket-group"],
            &[],
        )
        .spawn()
        .expect("start"),
    );
    wait_for_socket(&mut daemon, &socket);
    let mode = std::fs::metadata(&socket).expect("socket").permissions();
    assert_eq!(
        std::os::unix::fs::PermissionsExt::mode(&mode) & 0o777,
        0o660
    );
    // `nobody`, in the daemon's group (root's, here).
    let out = ctl_as(
        &["--socket", &socket_arg, "status"],
        &[],
        Some((NOBODY, 0)),
        Duration::from_secs(20),
    )
    .expect("ctl finishes");
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("\"ok\":true"),
        "the group's member was let in: {stdout} {}",
        text(&out.stderr)
    );
}

//! A tiny HTTP/1.1 client for the page tests, on a plain `TcpStream`: one request per
//! connection (`Connection: close`), the whole answer read; and the first events of a
//! server-sent event stream, read until a line matches.
#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, SocketAddrV4, TcpStream};
use std::time::{Duration, Instant};

/// How long a request may take (a login hashes its password: seconds in a debug build).
pub const TIMEOUT: Duration = Duration::from_secs(30);

/// An answer.
#[derive(Debug)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The headers, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body, as text.
    pub body: String,
}

impl Answer {
    /// The first header of this name (lower case).
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The body as JSON.
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {} {}", self.status, self.body))
    }
}

/// Sends `method path` to `addr` with `headers` (a `Host` header is added) and `body`.
pub fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Answer {
    let stream = TcpStream::connect_timeout(&addr, TIMEOUT).expect("connect to the page");
    exchange(stream, addr, method, path, headers, body).expect("an answer")
}

/// A TCP connection to `addr` from the loopback address `from` (on Linux every address of
/// 127.0.0.0/8 is this machine's), given up when `connect` takes longer than `limit`.
pub fn connect_from(
    from: Ipv4Addr,
    addr: SocketAddr,
    limit: Duration,
) -> std::io::Result<TcpStream> {
    use rustix::net::{bind, connect, socket, sockopt, AddressFamily, SocketType};
    let fd = socket(AddressFamily::INET, SocketType::STREAM, None)?;
    sockopt::set_socket_timeout(&fd, sockopt::Timeout::Send, Some(limit))?;
    bind(&fd, &SocketAddrV4::new(from, 0))?;
    connect(&fd, &addr)?;
    let stream = TcpStream::from(fd);
    stream.set_write_timeout(None)?;
    Ok(stream)
}

/// As [`request`], from the loopback address `from`, within `limit`; the error says what
/// failed (no connection, no answer).
pub fn request_from(
    from: Ipv4Addr,
    addr: SocketAddr,
    limit: Duration,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Result<Answer, String> {
    let stream = connect_from(from, addr, limit).map_err(|e| format!("connect: {e}"))?;
    stream
        .set_read_timeout(Some(limit))
        .map_err(|e| e.to_string())?;
    exchange(stream, addr, method, path, headers, body)
}

/// One request on `stream`, `Connection: close`, and its whole answer.
fn exchange(
    mut stream: TcpStream,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &[u8],
) -> Result<Answer, String> {
    if stream.read_timeout().ok().flatten().is_none() {
        stream
            .set_read_timeout(Some(TIMEOUT))
            .map_err(|e| e.to_string())?;
    }
    let mut head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    stream
        .write_all(head.as_bytes())
        .and_then(|()| stream.write_all(body))
        .map_err(|e| format!("send: {e}"))?;
    let mut raw = Vec::new();
    stream
        .read_to_end(&mut raw)
        .map_err(|e| format!("read the answer: {e}"))?;
    if raw.is_empty() {
        return Err("closed with no answer".into());
    }
    Ok(parse(&raw))
}

fn parse(raw: &[u8]) -> Answer {
    let text = String::from_utf8_lossy(raw);
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let mut lines = head.lines();
    let status = lines
        .next()
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line: {text}"));
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect::<Vec<_>>();
    let chunked = headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"));
    let body = if chunked {
        unchunk(body)
    } else {
        body.to_string()
    };
    Answer {
        status,
        headers,
        body,
    }
}

fn unchunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        body = rest[n..].trim_start_matches("\r\n");
    }
    out
}

/// Opens `/events` and reads its `data:` lines until one satisfies `done` (or `limit`
/// passes); returns every `data:` line read.
pub fn events_until(addr: SocketAddr, limit: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
    let mut stream = TcpStream::connect_timeout(&addr, TIMEOUT).expect("connect to the page");
    stream
        .set_read_timeout(Some(Duration::from_millis(500)))
        .expect("timeout");
    write!(
        stream,
        "GET /events HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n"
    )
    .expect("send");
    let mut reader = BufReader::new(stream);
    let mut data = Vec::new();
    let deadline = Instant::now() + limit;
    let mut line = String::new();
    while Instant::now() < deadline {
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) => break,
            Ok(_) => {
                if let Some(d) = line.trim_end().strip_prefix("data:") {
                    let d = d.trim_start().to_string();
                    let finished = done(&d);
                    data.push(d);
                    if finished {
                        break;
                    }
                }
            }
            Err(_) => continue,
        }
    }
    data
}

/// `application/x-www-form-urlencoded` for one field (letters, digits and `-_.~` kept).
pub fn form(name: &str, value: &str) -> String {
    let mut out = format!("{name}=");
    for b in value.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

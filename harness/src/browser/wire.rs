//! WebDriver's wire: one JSON request per HTTP/1.1 connection to chromedriver on 127.0.0.1,
//! written over a `TcpStream`, and the reply's `value` or its WebDriver error. The reply ends
//! where its `Content-Length` says: chromedriver answers `Connection: close` but leaves the
//! connection open.

use super::BrowserError;
use serde_json::Value;
use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::time::Duration;

/// How long a connection to chromedriver may take.
const CONNECT_WITHIN: Duration = Duration::from_secs(5);
/// How long one reply may take (a page load or a script is bounded below this by the
/// session's own timeouts).
const REPLY_WITHIN: Duration = Duration::from_secs(90);

/// chromedriver's address.
#[derive(Debug, Clone, Copy)]
pub(super) struct Wire {
    address: SocketAddr,
}

impl Wire {
    /// chromedriver listening on `port` of 127.0.0.1.
    pub(super) fn new(port: u16) -> Wire {
        Wire {
            address: SocketAddr::from((Ipv4Addr::LOCALHOST, port)),
        }
    }

    /// Sends `method path` with `body` (as JSON) and returns the reply's `value`; a reply with
    /// an HTTP error status is the WebDriver error it carries.
    pub(super) fn call(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> Result<Value, BrowserError> {
        let command = format!("{method} {path}");
        let io = |source| BrowserError::Io {
            command: command.clone(),
            source,
        };
        let mut stream = TcpStream::connect_timeout(&self.address, CONNECT_WITHIN).map_err(io)?;
        stream.set_read_timeout(Some(REPLY_WITHIN)).map_err(io)?;
        stream.set_write_timeout(Some(REPLY_WITHIN)).map_err(io)?;
        let body = body.map(Value::to_string).unwrap_or_default();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json; \
             charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
            self.address,
            body.len()
        );
        stream.write_all(head.as_bytes()).map_err(io)?;
        stream.write_all(body.as_bytes()).map_err(io)?;
        let reply = read_reply(&mut stream).map_err(io)?;
        let (status, json) = parse_reply(&reply).map_err(|detail| BrowserError::Reply {
            command: command.clone(),
            detail,
        })?;
        let value = json.get("value").cloned().unwrap_or(Value::Null);
        if (200..300).contains(&status) {
            return Ok(value);
        }
        let field = |name: &str| {
            value
                .get(name)
                .and_then(Value::as_str)
                .unwrap_or("")
                .to_string()
        };
        Err(BrowserError::WebDriver {
            command,
            status,
            error: field("error"),
            message: field("message"),
        })
    }
}

/// Reads a reply until its `Content-Length` is complete, or to the end of the connection
/// when its headers give no length (or cannot be read: [`parse_reply`] then says why).
fn read_reply(stream: &mut impl Read) -> std::io::Result<Vec<u8>> {
    let mut reply = Vec::new();
    let mut chunk = [0; 64 * 1024];
    // The reply's whole length, once its headers have arrived and give one.
    let mut total = None;
    loop {
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            return Ok(reply);
        }
        reply.extend_from_slice(&chunk[..n]);
        if total.is_none() {
            let head = head_end(&reply).map(|end| parse_head(&reply[..end]));
            if let Some(Ok(head)) = head {
                total = head.content_length.map(|length| head.body_at + length);
            }
        }
        if total.is_some_and(|total| reply.len() >= total) {
            return Ok(reply);
        }
    }
}

/// Where the headers end (the blank line's last byte + 1), once they have all arrived.
fn head_end(reply: &[u8]) -> Option<usize> {
    let blank = reply.windows(4).position(|w| w == b"\r\n\r\n")?;
    Some(blank + 4)
}

/// What a reply's status line and headers say.
struct Head {
    status: u16,
    content_length: Option<usize>,
    body_at: usize,
}

/// Reads the status line and the headers (`head`: up to and with the blank line).
fn parse_head(head: &[u8]) -> Result<Head, String> {
    let text = std::str::from_utf8(head).map_err(|_| "headers not UTF-8")?;
    let mut lines = text.split("\r\n");
    let status_line = lines.next().unwrap_or("");
    let status = status_line
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse::<u16>().ok())
        .ok_or_else(|| format!("bad status line {status_line:?}"))?;
    let mut content_length = None;
    for line in lines {
        let Some((name, value)) = line.split_once(':') else {
            continue;
        };
        let (name, value) = (name.trim(), value.trim());
        if name.eq_ignore_ascii_case("transfer-encoding") && !value.eq_ignore_ascii_case("identity")
        {
            return Err(format!("transfer encoding {value:?} is not supported"));
        }
        if name.eq_ignore_ascii_case("content-length") {
            let length = value
                .parse()
                .map_err(|_| format!("bad Content-Length {value:?}"))?;
            content_length = Some(length);
        }
    }
    Ok(Head {
        status,
        content_length,
        body_at: head.len(),
    })
}

/// The status code and the JSON body of a whole HTTP/1.1 reply.
fn parse_reply(reply: &[u8]) -> Result<(u16, Value), String> {
    let end = head_end(reply).ok_or("no end of the headers")?;
    let head = parse_head(&reply[..end])?;
    let rest = &reply[end..];
    let body = match head.content_length {
        Some(length) => rest
            .get(..length)
            .ok_or_else(|| format!("{} bytes of a {length}-byte body", rest.len()))?,
        None => rest,
    };
    let status = head.status;
    if body.is_empty() {
        return Ok((status, Value::Null));
    }
    let json = serde_json::from_slice(body).map_err(|e| format!("body not JSON: {e}"))?;
    Ok((status, json))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_reply_gives_its_status_and_body() {
        // chromedriver writes its headers without a space after the colon.
        let reply = b"HTTP/1.1 404 Not Found\r\nContent-Length:26\r\nConnection:close\r\n\r\n\
                      {\"value\":{\"error\":\"nope\"}}";
        let (status, json) = parse_reply(reply).expect("parsed");
        assert_eq!(status, 404);
        assert_eq!(json["value"]["error"], "nope");
    }

    #[test]
    fn a_short_or_chunked_reply_is_an_error() {
        let short = b"HTTP/1.1 200 OK\r\nContent-Length: 99\r\n\r\n{}";
        assert!(parse_reply(short).is_err());
        let chunked = b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n";
        assert!(parse_reply(chunked).is_err());
        assert!(parse_reply(b"HTTP/1.1 200 OK\r\n").is_err());
    }

    /// A connection that hands out its bytes a few at a time and then blocks forever (as
    /// chromedriver's stays open), failing the test if it is read past what it holds.
    struct Trickle(Vec<u8>);

    impl Read for Trickle {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            assert!(!self.0.is_empty(), "read past the end of the reply");
            let n = buf.len().min(5).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0.drain(..n);
            Ok(n)
        }
    }

    #[test]
    fn a_reply_is_read_to_its_content_length_not_to_the_end_of_the_connection() {
        let whole = b"HTTP/1.1 200 OK\r\nContent-Length:11\r\n\r\n{\"value\":1}".to_vec();
        let reply = read_reply(&mut Trickle(whole.clone())).expect("read");
        assert_eq!(reply, whole);
        assert_eq!(parse_reply(&reply).expect("parsed").1["value"], 1);
    }
}

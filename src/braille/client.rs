//! A connection to BRLTTY's BrlAPI server: the socket (TCP `HOST:N` is port 4101 + N; `:N`
//! is the Unix socket `/var/lib/BrlAPI/N`), the handshake (version, authentication: none or a
//! key file, the display's size, tty mode), then text written to the display and keys read
//! back. Pure Rust over [`super::protocol`]: no libbrlapi.

use super::protocol::{self, auth, kind, Key, ProtocolError};
use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::time::Duration;

/// The TCP port of BrlAPI server number 0 (`HOST:N` is this + N).
pub const BASE_PORT: u16 = 4101;

/// Where the Unix sockets of local servers are (`:N` is this folder's file `N`).
pub const SOCKET_DIR: &str = "/var/lib/BrlAPI";

/// The key file read when the server asks for one and none is configured.
pub const DEFAULT_KEY_FILE: &str = "/etc/brlapi.key";

/// How long the handshake may wait for each answer.
pub const ANSWER_WAIT: Duration = Duration::from_secs(2);

/// How long a TCP connection may take to open.
pub const CONNECT_WAIT: Duration = Duration::from_secs(1);

/// Why the display cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The host is not `HOST:N`, `:N` or `HOST`.
    #[error("`{0}` is not a BrlAPI host (`HOST:N`, `:N` or `HOST`, N a server number)")]
    BadHost(String),
    /// The socket could not be opened (is BRLTTY running?).
    #[error("cannot connect to BrlAPI at {at}: {source}")]
    Connect {
        /// Where.
        at: String,
        /// Why.
        source: std::io::Error,
    },
    /// Reading or writing the socket failed.
    #[error("BrlAPI connection: {0}")]
    Io(#[from] std::io::Error),
    /// The server sent what the protocol does not allow.
    #[error("BrlAPI protocol: {0}")]
    Protocol(#[from] ProtocolError),
    /// The server speaks another protocol version.
    #[error("the BrlAPI server speaks protocol version {0}; this client speaks 8")]
    Version(u32),
    /// The server wants an authentication this client does not do, or refused it.
    #[error("BrlAPI authentication: {0}")]
    Auth(String),
    /// The server refused a request.
    #[error("the BrlAPI server refused a `{refused}` request (error {code})")]
    Refused {
        /// The refused packet's type.
        refused: char,
        /// The server's error code.
        code: u32,
    },
    /// The server sent a packet other than the one awaited.
    #[error("the BrlAPI server sent a `{got}` packet where `{wanted}` was due")]
    Unexpected {
        /// What came.
        got: char,
        /// What was awaited.
        wanted: char,
    },
}

/// Where a BrlAPI server listens.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Address {
    /// A TCP host and port.
    Tcp(String, u16),
    /// A local Unix socket.
    Unix(PathBuf),
}

impl std::fmt::Display for Address {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Address::Tcp(host, port) => write!(f, "{host}:{port} (TCP)"),
            Address::Unix(path) => write!(f, "{}", path.display()),
        }
    }
}

/// Reads a BrlAPI host as BRLTTY writes it: `HOST:N` (TCP port 4101 + N), `:N` (the local
/// Unix socket N), or `HOST` (TCP, server 0).
pub fn parse_host(host: &str) -> Result<Address, ClientError> {
    let bad = || ClientError::BadHost(host.to_string());
    let (name, number) = match host.rsplit_once(':') {
        Some((name, n)) => (name, n.parse::<u16>().map_err(|_| bad())?),
        None => (host, 0),
    };
    if name.is_empty() {
        return Ok(Address::Unix(
            PathBuf::from(SOCKET_DIR).join(number.to_string()),
        ));
    }
    if name.contains(char::is_whitespace) {
        return Err(bad());
    }
    let port = BASE_PORT.checked_add(number).ok_or_else(bad)?;
    Ok(Address::Tcp(name.to_string(), port))
}

/// The host used when none is configured: `$BRLAPI_HOST`, else `:0`.
pub fn default_host() -> String {
    std::env::var("BRLAPI_HOST")
        .ok()
        .filter(|h| !h.trim().is_empty())
        .unwrap_or_else(|| ":0".to_string())
}

/// What a connection needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Settings {
    /// The host (`HOST:N`, `:N`).
    pub host: String,
    /// The key file, when the server asks for one ([`DEFAULT_KEY_FILE`] if `None`).
    pub key_file: Option<PathBuf>,
}

enum Stream {
    Tcp(TcpStream),
    Unix(UnixStream),
}

impl Stream {
    fn try_clone(&self) -> std::io::Result<Stream> {
        Ok(match self {
            Stream::Tcp(s) => Stream::Tcp(s.try_clone()?),
            Stream::Unix(s) => Stream::Unix(s.try_clone()?),
        })
    }

    fn set_read_timeout(&self, wait: Option<Duration>) -> std::io::Result<()> {
        match self {
            Stream::Tcp(s) => s.set_read_timeout(wait),
            Stream::Unix(s) => s.set_read_timeout(wait),
        }
    }

    fn shutdown(&self) {
        let _ = match self {
            Stream::Tcp(s) => s.shutdown(std::net::Shutdown::Both),
            Stream::Unix(s) => s.shutdown(std::net::Shutdown::Both),
        };
    }
}

impl Read for Stream {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        match self {
            Stream::Tcp(s) => s.read(buf),
            Stream::Unix(s) => s.read(buf),
        }
    }
}

impl Write for Stream {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Stream::Tcp(s) => s.write(buf),
            Stream::Unix(s) => s.write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Stream::Tcp(s) => s.flush(),
            Stream::Unix(s) => s.flush(),
        }
    }
}

fn send(stream: &mut Stream, packet_kind: u32, payload: &[u8]) -> Result<(), ClientError> {
    stream.write_all(&protocol::packet(packet_kind, payload)?)?;
    Ok(())
}

fn receive(stream: &mut Stream) -> Result<(u32, Vec<u8>), ClientError> {
    let mut head = [0u8; protocol::HEADER_LEN];
    stream.read_exact(&mut head)?;
    let (size, packet_kind) = protocol::header(head)?;
    let mut payload = vec![0u8; size];
    stream.read_exact(&mut payload)?;
    Ok((packet_kind, payload))
}

/// The next packet of type `wanted`; keys that come meanwhile are dropped (none should come
/// before tty mode), an error packet is the server's refusal.
fn expect(stream: &mut Stream, wanted: u32) -> Result<Vec<u8>, ClientError> {
    loop {
        let (got, payload) = receive(stream)?;
        if got == wanted {
            return Ok(payload);
        }
        match got {
            kind::KEY => continue,
            kind::ERROR | kind::EXCEPTION => {
                let (code, refused) = protocol::parse_error(&payload).unwrap_or((0, 0));
                return Err(ClientError::Refused {
                    refused: protocol::letter(refused),
                    code,
                });
            }
            _ => {
                return Err(ClientError::Unexpected {
                    got: protocol::letter(got),
                    wanted: protocol::letter(wanted),
                })
            }
        }
    }
}

/// An open connection in tty mode: the display is the clock's.
pub struct Connection {
    stream: Stream,
    cells: usize,
    driver: String,
}

impl Connection {
    /// Connects, authenticates, and takes the display.
    pub fn open(settings: &Settings) -> Result<Connection, ClientError> {
        let address = parse_host(&settings.host)?;
        let connect_error = |source| ClientError::Connect {
            at: address.to_string(),
            source,
        };
        let mut stream = match &address {
            Address::Tcp(host, port) => {
                let mut last = None;
                let mut found = None;
                for addr in (host.as_str(), *port)
                    .to_socket_addrs()
                    .map_err(connect_error)?
                {
                    match TcpStream::connect_timeout(&addr, CONNECT_WAIT) {
                        Ok(s) => {
                            found = Some(s);
                            break;
                        }
                        Err(e) => last = Some(e),
                    }
                }
                let stream = found.ok_or_else(|| {
                    connect_error(last.unwrap_or_else(|| {
                        std::io::Error::new(std::io::ErrorKind::NotFound, "no address")
                    }))
                })?;
                let _ = stream.set_nodelay(true);
                Stream::Tcp(stream)
            }
            Address::Unix(path) => Stream::Unix(UnixStream::connect(path).map_err(connect_error)?),
        };
        stream.set_read_timeout(Some(ANSWER_WAIT))?;
        let server = protocol::parse_version(&expect(&mut stream, kind::VERSION)?)?;
        if server != protocol::VERSION {
            return Err(ClientError::Version(server));
        }
        send(&mut stream, kind::VERSION, &protocol::version())?;
        let methods = protocol::parse_auth_list(&expect(&mut stream, kind::AUTH)?)?;
        authenticate(&mut stream, &methods, settings)?;
        send(&mut stream, kind::DRIVER_NAME, &[])?;
        let driver = protocol::parse_driver_name(&expect(&mut stream, kind::DRIVER_NAME)?);
        send(&mut stream, kind::DISPLAY_SIZE, &[])?;
        // A display of several rows shows the line on its first.
        let (columns, _rows) =
            protocol::parse_display_size(&expect(&mut stream, kind::DISPLAY_SIZE)?)?;
        send(
            &mut stream,
            kind::ENTER_TTY_MODE,
            &protocol::enter_tty_root(),
        )?;
        expect(&mut stream, kind::ACK)?;
        stream.set_read_timeout(None)?;
        Ok(Connection {
            stream,
            cells: (columns as usize).max(1),
            driver,
        })
    }

    /// The cells of the display's (first) row.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// The braille driver's name (`Virtual`, `BrailleNote`, …).
    pub fn driver(&self) -> &str {
        &self.driver
    }

    /// Shows `text` from the first cell, cut to the display's cells, the rest blank.
    pub fn write(&mut self, text: &str) -> Result<(), ClientError> {
        let cut: String = text.chars().take(self.cells).collect();
        send(&mut self.stream, kind::WRITE, &protocol::write_text(&cut)?)
    }

    /// A reader of the keys pressed on the display (on a second handle to the socket).
    pub fn keys(&self) -> Result<KeyReader, ClientError> {
        Ok(KeyReader {
            stream: self.stream.try_clone()?,
        })
    }

    /// Gives the display back to BRLTTY and closes the connection.
    pub fn close(mut self) {
        let _ = send(&mut self.stream, kind::LEAVE_TTY_MODE, &[]);
        self.stream.shutdown();
    }
}

fn authenticate(
    stream: &mut Stream,
    methods: &[u32],
    settings: &Settings,
) -> Result<(), ClientError> {
    if methods.contains(&auth::NONE) {
        return Ok(());
    }
    if methods.contains(&auth::KEY) {
        let path = settings
            .key_file
            .clone()
            .unwrap_or_else(|| PathBuf::from(DEFAULT_KEY_FILE));
        let key = std::fs::read(&path).map_err(|e| {
            ClientError::Auth(format!("cannot read the key file {}: {e}", path.display()))
        })?;
        send(stream, kind::AUTH, &protocol::auth_key(&key))?;
        return match expect(stream, kind::ACK) {
            Ok(_) => Ok(()),
            Err(ClientError::Refused { .. }) => Err(ClientError::Auth(format!(
                "the server refused the key in {}",
                path.display()
            ))),
            Err(e) => Err(e),
        };
    }
    let names: Vec<String> = methods
        .iter()
        .map(|m| protocol::letter(*m).to_string())
        .collect();
    Err(ClientError::Auth(format!(
        "the server offers only methods {} (this client does none `N` and key file `K`)",
        names.join(", ")
    )))
}

/// Reads the keys pressed on the display.
pub struct KeyReader {
    stream: Stream,
}

impl KeyReader {
    /// The next key (blocks); an error when the connection is closed or broken. Error
    /// packets (a write the server did not take) are logged and skipped.
    pub fn next_key(&mut self) -> Result<Key, ClientError> {
        loop {
            let (packet_kind, payload) = receive(&mut self.stream)?;
            match packet_kind {
                kind::KEY => return Ok(protocol::decode_key(protocol::parse_key(&payload)?)),
                kind::ERROR => {
                    let (code, refused) = protocol::parse_error(&payload).unwrap_or((0, 0));
                    tracing::warn!(
                        "BrlAPI: the server refused a `{}` packet (error {code})",
                        protocol::letter(refused)
                    );
                }
                kind::EXCEPTION => {
                    let (code, refused) = protocol::parse_error(&payload).unwrap_or((0, 0));
                    return Err(ClientError::Refused {
                        refused: protocol::letter(refused),
                        code,
                    });
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_are_read_as_brltty_writes_them() {
        assert_eq!(
            parse_host("127.0.0.1:1").unwrap(),
            Address::Tcp("127.0.0.1".into(), 4102)
        );
        assert_eq!(
            parse_host(":0").unwrap(),
            Address::Unix(PathBuf::from("/var/lib/BrlAPI/0"))
        );
        assert_eq!(
            parse_host("braille.local").unwrap(),
            Address::Tcp("braille.local".into(), 4101)
        );
        for bad in ["host:x", "host:-1", "a b:1", "h:65000"] {
            assert!(parse_host(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn nobody_listening_is_a_connect_error_naming_the_address() {
        // A port just freed: nothing listens there.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .unwrap();
        let number = port.checked_sub(BASE_PORT);
        let Some(number) = number else { return };
        let settings = Settings {
            host: format!("127.0.0.1:{number}"),
            key_file: None,
        };
        let Err(error) = Connection::open(&settings) else {
            panic!("connected to nothing")
        };
        assert!(
            matches!(error, ClientError::Connect { .. })
                && error.to_string().contains(&port.to_string()),
            "{error}"
        );
    }
}

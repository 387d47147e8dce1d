//! The BrlAPI wire protocol (version 8), as pure encoding and decoding of packets: no socket
//! here. A packet is a header of two big-endian `u32`s, the payload's size and its type (an
//! ASCII letter), then the payload. [`super::client`] does the I/O.

/// The protocol version spoken (BRLTTY 6.x's BrlAPI 0.8).
pub const VERSION: u32 = 8;

/// The largest payload a server accepts or sends.
pub const MAX_PAYLOAD: usize = 4096;

/// The bytes of a packet header.
pub const HEADER_LEN: usize = 8;

/// Packet types (an ASCII letter each).
pub mod kind {
    /// Version: server first, then the client.
    pub const VERSION: u32 = b'v' as u32;
    /// The server's list of authentication methods; the client's answer.
    pub const AUTH: u32 = b'a' as u32;
    /// The driver's name.
    pub const DRIVER_NAME: u32 = b'n' as u32;
    /// The display's size in cells (columns, rows).
    pub const DISPLAY_SIZE: u32 = b's' as u32;
    /// Take the display (enter tty mode).
    pub const ENTER_TTY_MODE: u32 = b't' as u32;
    /// Give the display back (leave tty mode).
    pub const LEAVE_TTY_MODE: u32 = b'L' as u32;
    /// Text for the display (not acknowledged).
    pub const WRITE: u32 = b'w' as u32;
    /// A key the reader pressed (sent by the server unasked).
    pub const KEY: u32 = b'k' as u32;
    /// The server's acknowledgement.
    pub const ACK: u32 = b'A' as u32;
    /// A request failed (the connection goes on).
    pub const ERROR: u32 = b'e' as u32;
    /// A request was malformed (the server drops the client).
    pub const EXCEPTION: u32 = b'E' as u32;
}

/// Authentication methods in the server's list.
pub mod auth {
    /// None needed: the client is authorised already and sends nothing.
    pub const NONE: u32 = b'N' as u32;
    /// A shared key: the client sends the key file's contents.
    pub const KEY: u32 = b'K' as u32;
}

/// What cannot be encoded or decoded.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ProtocolError {
    /// A payload longer than [`MAX_PAYLOAD`].
    #[error("a BrlAPI packet of {0} bytes is longer than the protocol allows (4096)")]
    TooLong(usize),
    /// A payload shorter than its type needs, or with bytes left over.
    #[error("a BrlAPI `{kind}` packet of {len} bytes is malformed")]
    Malformed {
        /// The packet's type letter.
        kind: char,
        /// Its payload's length.
        len: usize,
    },
}

/// The letter a packet type stands for (`?` when it is none).
pub fn letter(kind: u32) -> char {
    char::from_u32(kind)
        .filter(char::is_ascii_graphic)
        .unwrap_or('?')
}

/// A whole packet: header and payload.
pub fn packet(kind: u32, payload: &[u8]) -> Result<Vec<u8>, ProtocolError> {
    if payload.len() > MAX_PAYLOAD {
        return Err(ProtocolError::TooLong(payload.len()));
    }
    let mut bytes = Vec::with_capacity(HEADER_LEN + payload.len());
    bytes.extend_from_slice(&(payload.len() as u32).to_be_bytes());
    bytes.extend_from_slice(&kind.to_be_bytes());
    bytes.extend_from_slice(payload);
    Ok(bytes)
}

/// A header's payload size and type.
pub fn header(bytes: [u8; HEADER_LEN]) -> Result<(usize, u32), ProtocolError> {
    let size = u32::from_be_bytes([bytes[0], bytes[1], bytes[2], bytes[3]]) as usize;
    let kind = u32::from_be_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]);
    if size > MAX_PAYLOAD {
        return Err(ProtocolError::TooLong(size));
    }
    Ok((size, kind))
}

fn malformed(kind: u32, payload: &[u8]) -> ProtocolError {
    ProtocolError::Malformed {
        kind: letter(kind),
        len: payload.len(),
    }
}

/// The big-endian `u32`s that make up a payload.
fn words(kind: u32, payload: &[u8]) -> Result<Vec<u32>, ProtocolError> {
    if !payload.len().is_multiple_of(4) {
        return Err(malformed(kind, payload));
    }
    Ok(payload
        .chunks_exact(4)
        .map(|w| u32::from_be_bytes([w[0], w[1], w[2], w[3]]))
        .collect())
}

/// The client's version packet.
pub fn version() -> Vec<u8> {
    VERSION.to_be_bytes().to_vec()
}

/// The version a server's version packet names.
pub fn parse_version(payload: &[u8]) -> Result<u32, ProtocolError> {
    match words(kind::VERSION, payload)?.as_slice() {
        [v] => Ok(*v),
        _ => Err(malformed(kind::VERSION, payload)),
    }
}

/// The authentication methods a server offers, in its order.
pub fn parse_auth_list(payload: &[u8]) -> Result<Vec<u32>, ProtocolError> {
    let list = words(kind::AUTH, payload)?;
    if list.is_empty() {
        return Err(malformed(kind::AUTH, payload));
    }
    Ok(list)
}

/// The client's answer to a key-file method: the method, then the key's bytes.
pub fn auth_key(key: &[u8]) -> Vec<u8> {
    let mut payload = auth::KEY.to_be_bytes().to_vec();
    payload.extend_from_slice(key);
    payload
}

/// The display's size: (columns, rows).
pub fn parse_display_size(payload: &[u8]) -> Result<(u32, u32), ProtocolError> {
    match words(kind::DISPLAY_SIZE, payload)?.as_slice() {
        [columns, rows] => Ok((*columns, *rows)),
        _ => Err(malformed(kind::DISPLAY_SIZE, payload)),
    }
}

/// The driver's name (the server ends it with a NUL).
pub fn parse_driver_name(payload: &[u8]) -> String {
    let name = payload.split(|b| *b == 0).next().unwrap_or_default();
    String::from_utf8_lossy(name).into_owned()
}

/// Enter tty mode at the root of the tty tree (no tty numbers), taking the display's
/// commands (no driver name: keys come as BRLTTY commands, not a driver's raw codes). Works
/// when BRLTTY has no screen driver (`-x no`) as well as on a console.
pub fn enter_tty_root() -> Vec<u8> {
    let mut payload = 0u32.to_be_bytes().to_vec();
    payload.push(0);
    payload
}

/// Write flags: which fields follow, in this order.
mod flag {
    pub const REGION: u32 = 0x02;
    pub const TEXT: u32 = 0x04;
    pub const CURSOR: u32 = 0x20;
    pub const CHARSET: u32 = 0x40;
}

/// The charset every text is sent in (never the process's locale: a C locale makes a
/// server refuse Cyrillic and drop the client).
pub const CHARSET: &str = "UTF-8";

/// A write of `text` from the first cell, the rest of the display blanked, with no cursor.
/// `text` should fit the display (one cell per character); an empty text clears it.
pub fn write_text(text: &str) -> Result<Vec<u8>, ProtocolError> {
    let text = if text.is_empty() { " " } else { text };
    let cells = text.chars().count() as i32;
    let mut payload = (flag::REGION | flag::TEXT | flag::CURSOR | flag::CHARSET)
        .to_be_bytes()
        .to_vec();
    payload.extend_from_slice(&1u32.to_be_bytes());
    // A negative region size: this many cells, and the rest of the display padded.
    payload.extend_from_slice(&(-cells).to_be_bytes());
    payload.extend_from_slice(&(text.len() as u32).to_be_bytes());
    payload.extend_from_slice(text.as_bytes());
    // Cursor 0: none shown.
    payload.extend_from_slice(&0u32.to_be_bytes());
    payload.push(CHARSET.len() as u8);
    payload.extend_from_slice(CHARSET.as_bytes());
    if payload.len() > MAX_PAYLOAD {
        return Err(ProtocolError::TooLong(payload.len()));
    }
    Ok(payload)
}

/// The key code in a key packet.
pub fn parse_key(payload: &[u8]) -> Result<u64, ProtocolError> {
    let bytes: [u8; 8] = payload
        .try_into()
        .map_err(|_| malformed(kind::KEY, payload))?;
    Ok(u64::from_be_bytes(bytes))
}

/// A server's error packet: its error code and the type of the packet it refused.
pub fn parse_error(payload: &[u8]) -> Option<(u32, u32)> {
    let code = u32::from_be_bytes(payload.get(0..4)?.try_into().ok()?);
    let refused = payload
        .get(4..8)
        .and_then(|b| b.try_into().ok())
        .map_or(0, u32::from_be_bytes);
    Some((code, refused))
}

/// BRLTTY's commands that the clock gives a meaning (their numbers in the command block).
pub mod command {
    /// Line up (a display's thumb or panning key).
    pub const LINE_UP: u16 = 1;
    /// Line down.
    pub const LINE_DOWN: u16 = 2;
    /// Go to the cursor (home).
    pub const HOME: u16 = 29;
    /// Return (back to the last position).
    pub const RETURN: u16 = 31;
}

const TYPE_MASK: u64 = 0xE000_0000;
const TYPE_COMMAND: u64 = 0x2000_0000;
const BLOCK_MASK: u64 = 0x1FFF_0000;
const ARGUMENT_MASK: u64 = 0xFFFF;
const BLOCK_ROUTE: u64 = 0x1_0000;

/// A key as the clock reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// A routing key over a cell (0 = the leftmost).
    Route(u16),
    /// A plain command (no argument block), e.g. [`command::LINE_DOWN`].
    Command(u16),
    /// Anything else (a typed character, another command block).
    Other(u64),
}

/// Reads a BrlAPI key code (type, command block, argument; the flags above bit 32 are
/// ignored).
pub fn decode_key(code: u64) -> Key {
    let low = code & 0xFFFF_FFFF;
    if low & TYPE_MASK != TYPE_COMMAND {
        return Key::Other(code);
    }
    let argument = (low & ARGUMENT_MASK) as u16;
    match low & BLOCK_MASK {
        0 => Key::Command(argument),
        BLOCK_ROUTE => Key::Route(argument),
        _ => Key::Other(code),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_packet_is_size_and_type_big_endian_then_the_payload() {
        let bytes = packet(kind::VERSION, &version()).unwrap();
        assert_eq!(bytes, [0, 0, 0, 4, 0, 0, 0, b'v', 0, 0, 0, 8]);
        let head: [u8; 8] = bytes[..8].try_into().unwrap();
        assert_eq!(header(head), Ok((4, kind::VERSION)));
    }

    #[test]
    fn an_oversized_packet_is_refused_both_ways() {
        assert_eq!(
            packet(kind::WRITE, &[0; 4097]),
            Err(ProtocolError::TooLong(4097))
        );
        assert_eq!(
            header([0, 0, 0x10, 1, 0, 0, 0, b'k']),
            Err(ProtocolError::TooLong(4097))
        );
    }

    #[test]
    fn version_auth_and_size_replies_are_read() {
        assert_eq!(parse_version(&[0, 0, 0, 8]), Ok(8));
        assert!(parse_version(&[0, 0, 8]).is_err());
        assert_eq!(parse_auth_list(&[0, 0, 0, b'N']), Ok(vec![auth::NONE]));
        assert_eq!(
            parse_auth_list(&[0, 0, 0, b'K', 0, 0, 0, b'C']),
            Ok(vec![auth::KEY, b'C' as u32])
        );
        assert!(parse_auth_list(&[]).is_err());
        assert_eq!(parse_display_size(&[0, 0, 0, 40, 0, 0, 0, 1]), Ok((40, 1)));
        assert!(parse_display_size(&[0, 0, 0, 40]).is_err());
        assert_eq!(parse_driver_name(b"Virtual\0"), "Virtual");
    }

    #[test]
    fn a_key_file_answer_names_the_method_then_the_key() {
        assert_eq!(auth_key(b"ab"), [0, 0, 0, b'K', b'a', b'b']);
    }

    #[test]
    fn tty_mode_is_entered_at_the_root_with_no_driver() {
        assert_eq!(enter_tty_root(), [0, 0, 0, 0, 0]);
    }

    #[test]
    fn a_write_pads_the_rest_hides_the_cursor_and_names_utf8() {
        let payload = write_text("Чё 5").unwrap();
        let mut expected = vec![0, 0, 0, 0x66]; // REGION | TEXT | CURSOR | CHARSET
        expected.extend([0, 0, 0, 1]); // from the first cell
        expected.extend((-4i32).to_be_bytes()); // four cells, then padding
        expected.extend([0, 0, 0, 6]); // six bytes of UTF-8
        expected.extend("Чё 5".as_bytes());
        expected.extend([0, 0, 0, 0]); // no cursor
        expected.push(5);
        expected.extend(b"UTF-8");
        assert_eq!(payload, expected);
        // Nothing to show: one blank cell, the rest padded.
        let blank = write_text("").unwrap();
        assert_eq!(&blank[8..12], &(-1i32).to_be_bytes());
    }

    #[test]
    fn keys_decode_into_routing_keys_and_commands() {
        // As BRLTTY 6.5 sent them for `Route 12`, `LnDn`, `Home`.
        let route = parse_key(&[0, 0, 0, 0, 0x20, 0x01, 0, 0x0c]).unwrap();
        assert_eq!(decode_key(route), Key::Route(12));
        assert_eq!(decode_key(0x2000_0002), Key::Command(command::LINE_DOWN));
        assert_eq!(decode_key(0x2000_001d), Key::Command(command::HOME));
        // Flags above bit 32 do not change the key.
        assert_eq!(decode_key(0x0000_0001_2001_0003), Key::Route(3));
        // A typed letter (a keysym) is no command.
        assert_eq!(decode_key(0x6a), Key::Other(0x6a));
        assert!(parse_key(&[0, 1, 2]).is_err());
    }

    #[test]
    fn an_error_packet_names_its_code_and_the_refused_type() {
        assert_eq!(
            parse_error(&[0, 0, 0, 4, 0, 0, 0, b'a', 0, 0, 0, b'N']),
            Some((4, b'a' as u32))
        );
        assert_eq!(parse_error(&[0, 0]), None);
    }
}

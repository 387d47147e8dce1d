//! The pages' files, embedded in the binary, and the headers every response carries: a
//! content security policy that allows only this server's own scripts and styles (no inline
//! script, no other origin), no framing, no sniffing.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

/// The board display's page.
pub const BOARD_HTML: &str = include_str!("assets/board.html");
/// Its script.
pub const BOARD_JS: &str = include_str!("assets/board.js");
/// Its style.
pub const BOARD_CSS: &str = include_str!("assets/board.css");
/// The seven-segment digits both pages draw.
pub const DIGITS_JS: &str = include_str!("assets/digits.js");

/// The content security policy of every page.
pub const POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     connect-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; \
     frame-ancestors 'none'";

/// A file with its type and the common headers; never cached, so that a kiosk browser left
/// running picks up a new program's page when it reloads.
pub fn file(content_type: &'static str, body: &'static str) -> Response {
    let mut response = (StatusCode::OK, body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    secure(headers);
    response
}

/// Adds the security headers to a response's headers.
pub fn secure(headers: &mut axum::http::HeaderMap) {
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(POLICY),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
}

/// The types of the files served.
pub mod types {
    /// HTML.
    pub const HTML: &str = "text/html; charset=utf-8";
    /// JavaScript.
    pub const JS: &str = "text/javascript; charset=utf-8";
    /// CSS.
    pub const CSS: &str = "text/css; charset=utf-8";
    /// JSON.
    pub const JSON: &str = "application/json";
}

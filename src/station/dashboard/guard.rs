//! The checks a state-changing request passes before anything else (login, logout, a
//! command): it comes from this server's own page (`Origin`, or else `Sec-Fetch-Site` or
//! `Referer`, against `Host`), and, once logged in, it carries the session's CSRF token in
//! `X-CSRF-Token`, compared in constant time. Pure: headers in, a verdict out.

use super::password::constant_time_eq;
use axum::http::{header, HeaderMap};

/// The header the page sends its CSRF token in.
pub const CSRF_HEADER: &str = "x-csrf-token";

/// Why a request is refused (403).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Forbidden {
    /// No `Host` header (HTTP/1.1 requires one).
    #[error("the request names no host")]
    NoHost,
    /// Another site's page sent it.
    #[error("the request comes from another site's page")]
    CrossSite,
    /// No CSRF token, or not the session's.
    #[error("the request does not carry this session's CSRF token")]
    Token,
}

/// Whether `headers` say the request comes from a page of this server: `Origin`, when there
/// is one, must be `http://HOST` or `https://HOST` for the request's own `Host`; without it,
/// `Sec-Fetch-Site` must say `same-origin` or `none`, and a `Referer` must be on `HOST`. A
/// request with none of them (a command-line client) passes: the CSRF token still guards it.
pub fn same_origin(headers: &HeaderMap) -> Result<(), Forbidden> {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| !h.is_empty())
        .ok_or(Forbidden::NoHost)?
        .to_ascii_lowercase();
    let on_host = |url: &str, path_follows: bool| {
        let url = url.to_ascii_lowercase();
        ["http://", "https://"].iter().any(|scheme| {
            url.strip_prefix(scheme)
                .and_then(|rest| rest.strip_prefix(host.as_str()))
                .is_some_and(|rest| {
                    if path_follows {
                        rest.is_empty() || rest.starts_with('/')
                    } else {
                        rest.is_empty()
                    }
                })
        })
    };
    if let Some(origin) = headers.get(header::ORIGIN) {
        let origin = origin.to_str().map_err(|_| Forbidden::CrossSite)?;
        return if on_host(origin, false) {
            Ok(())
        } else {
            Err(Forbidden::CrossSite)
        };
    }
    if let Some(site) = headers.get("sec-fetch-site") {
        if !matches!(site.to_str(), Ok("same-origin" | "none")) {
            return Err(Forbidden::CrossSite);
        }
    }
    if let Some(referer) = headers.get(header::REFERER) {
        let referer = referer.to_str().map_err(|_| Forbidden::CrossSite)?;
        if !on_host(referer, true) {
            return Err(Forbidden::CrossSite);
        }
    }
    Ok(())
}

/// Whether `headers` carry `expected` in [`CSRF_HEADER`].
pub fn csrf(headers: &HeaderMap, expected: &str) -> Result<(), Forbidden> {
    let sent = headers
        .get(CSRF_HEADER)
        .map(|v| v.as_bytes())
        .ok_or(Forbidden::Token)?;
    if constant_time_eq(sent, expected.as_bytes()) {
        Ok(())
    } else {
        Err(Forbidden::Token)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for (k, v) in pairs {
            h.insert(*k, HeaderValue::from_static(v));
        }
        h
    }

    #[test]
    fn the_pages_own_origin_passes_and_another_port_or_host_does_not() {
        let ok = |origin| same_origin(&headers(&[("host", "127.0.0.1:8090"), ("origin", origin)]));
        assert_eq!(ok("http://127.0.0.1:8090"), Ok(()));
        assert_eq!(ok("https://127.0.0.1:8090"), Ok(()));
        assert_eq!(ok("http://127.0.0.1:8091"), Err(Forbidden::CrossSite));
        assert_eq!(ok("http://127.0.0.1:80900"), Err(Forbidden::CrossSite));
        assert_eq!(ok("http://localhost:8090"), Err(Forbidden::CrossSite));
        assert_eq!(ok("null"), Err(Forbidden::CrossSite));
        assert_eq!(
            ok("http://127.0.0.1:8090.evil.example"),
            Err(Forbidden::CrossSite)
        );
    }

    #[test]
    fn without_origin_the_fetch_site_and_referer_decide() {
        let host = ("host", "hall:8090");
        assert_eq!(same_origin(&headers(&[host])), Ok(()));
        assert_eq!(
            same_origin(&headers(&[host, ("sec-fetch-site", "cross-site")])),
            Err(Forbidden::CrossSite)
        );
        assert_eq!(
            same_origin(&headers(&[host, ("sec-fetch-site", "same-site")])),
            Err(Forbidden::CrossSite)
        );
        assert_eq!(
            same_origin(&headers(&[host, ("referer", "http://hall:8090/")])),
            Ok(())
        );
        assert_eq!(
            same_origin(&headers(&[
                host,
                ("referer", "http://evil/http://hall:8090/")
            ])),
            Err(Forbidden::CrossSite)
        );
        assert_eq!(same_origin(&HeaderMap::new()), Err(Forbidden::NoHost));
    }

    #[test]
    fn the_csrf_token_must_be_the_sessions_own() {
        assert_eq!(csrf(&headers(&[("x-csrf-token", "abc")]), "abc"), Ok(()));
        assert_eq!(
            csrf(&headers(&[("x-csrf-token", "abd")]), "abc"),
            Err(Forbidden::Token)
        );
        assert_eq!(
            csrf(&headers(&[("x-csrf-token", "")]), "abc"),
            Err(Forbidden::Token)
        );
        assert_eq!(csrf(&HeaderMap::new(), "abc"), Err(Forbidden::Token));
    }
}

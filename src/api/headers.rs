//! The headers answers carry for browsers' sake, and the CORS policy.
//!
//! - Every answer: `X-Content-Type-Options: nosniff` (a browser takes the declared type, so a JSON
//!   answer that quotes a client's text is never run as HTML or script), a Content Security
//!   Policy that lets an answer opened as a page load and run nothing, and neither it nor the
//!   Swagger UI be framed by another site (`frame-ancestors`, and `X-Frame-Options` for browsers
//!   without CSP 2), and `Referrer-Policy: no-referrer` (the docs page's links out do not tell
//!   where it is served).
//! - `/docs/`: its own policy, [`DOCS_CSP`]: the Swagger UI's files, all served from the binary.
//! - Game endpoints' answers, which carry states (hidden piles included) or judge them:
//!   `Cache-Control: no-store`, so that no browser or shared cache keeps them.
//!
//! No `Strict-Transport-Security`: the server speaks plain HTTP, and browsers ignore the header
//! there; HSTS belongs to whatever terminates TLS in front of it.

use actix_cors::Cors;
use actix_web::http::Method;
use actix_web::http::header::{
    CACHE_CONTROL, CONTENT_SECURITY_POLICY, HeaderName, REFERRER_POLICY, RETRY_AFTER,
    X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use actix_web::middleware::DefaultHeaders;

use super::request_id;

/// Every answer but the docs page's: the API answers JSON and text, which need nothing loaded.
pub const API_CSP: &str = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; \
                           form-action 'none'";

/// The Swagger UI at `/docs/`: its scripts, styles and images come from the binary (`'self'`),
/// and it fetches `/openapi.json` and, with "Try it out", the API itself (`connect-src 'self'`).
/// Its one inline style, the `<style>` in the top bar's logo (an SVG drawn by
/// swagger-ui-standalone-preset.js), is allowed by its hash; its stylesheets' icons are `data:`
/// images. Nothing inline runs and nothing is evaluated: the page has no inline script, and the
/// bundles' `Function("return this")` is only a fallback for browsers without `globalThis`.
/// tests/headers/ checks this against the files served.
pub const DOCS_CSP: &str = "default-src 'none'; script-src 'self'; \
                            style-src 'self' 'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='; \
                            img-src 'self' data:; connect-src 'self'; \
                            frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// The headers of every answer. A header an inner layer has set is kept (so `/docs/` keeps
/// [`DOCS_CSP`]).
pub fn every_answer() -> DefaultHeaders {
    DefaultHeaders::new()
        .add((X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((CONTENT_SECURITY_POLICY, API_CSP))
        .add((X_FRAME_OPTIONS, "DENY"))
        .add((REFERRER_POLICY, "no-referrer"))
}

/// The docs page's policy, for the `/docs/` scope.
pub fn docs() -> DefaultHeaders {
    DefaultHeaders::new().add((CONTENT_SECURITY_POLICY, DOCS_CSP))
}

/// For the game endpoints: their answers are made for one request's state, never reused.
pub fn no_store() -> DefaultHeaders {
    DefaultHeaders::new().add((CACHE_CONTROL, "no-store"))
}

/// The methods the API serves; a preflight asking for any other (PUT, PATCH, DELETE, TRACE,
/// CONNECT...) is refused.
pub const CORS_METHODS: [Method; 3] = [Method::GET, Method::HEAD, Method::POST];

/// Any origin when `origins` is empty (browser UIs call the service directly), else only those.
/// Scripts may read, besides the headers every browser shows them, the request id (to quote in
/// a report), `Retry-After` (on 503) and `Allow` (on 405).
pub fn cors(origins: &[String]) -> Cors {
    let cors = Cors::default()
        .allowed_methods(CORS_METHODS)
        .allow_any_header()
        .expose_headers([
            HeaderName::from_static(request_id::HEADER),
            RETRY_AFTER,
            actix_web::http::header::ALLOW,
        ])
        .max_age(3600);
    if origins.is_empty() {
        cors.allow_any_origin()
    } else {
        origins
            .iter()
            .fold(cors, |cors, origin| cors.allowed_origin(origin))
    }
}

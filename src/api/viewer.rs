//! `GET /viewer/`: a page that steps through a save file or an 18xx.games export (issue 21.2).
//! Its HTML, script and style are in src/api/viewer/, embedded in the binary; the page talks
//! to this same API (import, replay, validate, render, legal-actions) and fetches nothing else.

use actix_web::http::header::{CACHE_CONTROL, CONTENT_SECURITY_POLICY, CONTENT_TYPE, LOCATION};
use actix_web::{HttpResponse, web};

use super::problem::method_not_allowed;

/// The page's policy: its own script and style, drawings shown as `blob:` images (an SVG in an
/// `<img>` runs nothing), and requests to this server alone.
pub const VIEWER_CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
                              img-src 'self' blob:; connect-src 'self'; \
                              frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/// The page's files: path under `/viewer/`, content type, bytes.
const FILES: [(&str, &str, &str); 4] = [
    (
        "",
        "text/html; charset=utf-8",
        include_str!("viewer/index.html"),
    ),
    (
        "viewer.js",
        "text/javascript; charset=utf-8",
        include_str!("viewer/viewer.js"),
    ),
    (
        "viewer.css",
        "text/css; charset=utf-8",
        include_str!("viewer/viewer.css"),
    ),
    ("icon.svg", "image/svg+xml", include_str!("viewer/icon.svg")),
];

/// The viewer's stylesheet, which the rules pages share.
pub const STYLESHEET_PATH: &str = "/viewer/viewer.css";

/// Mounts `/viewer` (redirected), `/viewer/` and its files; other methods get 405.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::resource("/viewer")
            .route(super::routes::get_or_head().to(|| async {
                HttpResponse::PermanentRedirect()
                    .insert_header((LOCATION, "/viewer/"))
                    .finish()
            }))
            .default_service(web::to(|| async { method_not_allowed("GET, HEAD") })),
    );
    for (name, content_type, body) in FILES {
        cfg.service(
            web::resource(format!("/viewer/{name}"))
                .route(
                    super::routes::get_or_head()
                        .to(move || async move { file(content_type, body) }),
                )
                .default_service(web::to(|| async { method_not_allowed("GET, HEAD") })),
        );
    }
}

fn file(content_type: &'static str, body: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((CONTENT_TYPE, content_type))
        .insert_header((CONTENT_SECURITY_POLICY, VIEWER_CSP))
        // The files change with the binary only; a minute spares reloads and never goes stale
        // for long after an upgrade.
        .insert_header((CACHE_CONTROL, "public, max-age=60"))
        .body(body)
}

//! CORS: the preflights the API allows, and the headers scripts of other origins may read.

use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::common::Server;
use crate::{ORIGIN, RB, client, header};

async fn preflight(server: &Server, path: &str, method: &str) -> reqwest::Response {
    client()
        .request(Method::OPTIONS, server.url(path))
        .header("origin", ORIGIN)
        .header("access-control-request-method", method)
        .header(
            "access-control-request-headers",
            "content-type, x-request-id",
        )
        .send()
        .await
        .unwrap()
}

#[actix_web::test]
async fn a_preflight_is_allowed_only_for_the_methods_the_api_has() {
    let server = Server::start().await;
    let setup = format!("{RB}/setup");
    for method in ["POST", "GET", "HEAD"] {
        let response = preflight(&server, &setup, method).await;
        assert_eq!(response.status(), StatusCode::OK, "{method}");
        assert_eq!(
            header(&response, "access-control-allow-origin").as_deref(),
            Some(ORIGIN)
        );
        let allowed = header(&response, "access-control-allow-methods").unwrap();
        let mut allowed: Vec<&str> = allowed.split(',').map(str::trim).collect();
        allowed.sort_unstable();
        assert_eq!(allowed, ["GET", "HEAD", "POST"], "{method}");
    }
    for method in ["TRACE", "CONNECT", "PATCH", "PUT", "DELETE"] {
        for path in [setup.as_str(), "/healthz"] {
            let response = preflight(&server, path, method).await;
            assert_eq!(
                response.status(),
                StatusCode::BAD_REQUEST,
                "{method} {path}"
            );
            assert_eq!(
                header(&response, "access-control-allow-origin"),
                None,
                "{method} {path}"
            );
        }
    }
    server.stop().await;
}

#[actix_web::test]
async fn scripts_of_other_origins_may_read_the_request_id() {
    let server = Server::start().await;
    let requests = [
        client().get(server.url("/healthz")),
        client()
            .post(server.url(&format!("{RB}/setup")))
            .json(&json!({})),
        client()
            .post(server.url(&format!("{RB}/check")))
            .json(&json!({})),
    ];
    for request in requests {
        let response = request
            .header("origin", ORIGIN)
            .header("x-request-id", "from-the-ui-42")
            .send()
            .await
            .unwrap();
        assert_eq!(
            header(&response, "x-request-id").as_deref(),
            Some("from-the-ui-42")
        );
        let exposed = header(&response, "access-control-expose-headers").unwrap_or_default();
        let exposed: Vec<String> = exposed
            .split(',')
            .map(|h| h.trim().to_ascii_lowercase())
            .collect();
        for name in ["x-request-id", "retry-after"] {
            assert!(exposed.iter().any(|h| h == name), "{name} in {exposed:?}");
        }
    }
    server.stop().await;
}

//! HTTP behaviour: wrong methods, unknown paths, CORS preflights, and the request id every
//! response carries.

use railrules::api::Config;
use reqwest::StatusCode;
use serde_json::json;

use crate::GAME;
use crate::common::*;

#[actix_web::test]
async fn wrong_methods_are_405_with_allow() {
    let server = Server::start().await;
    let client = &server.client;
    for (method, path, allow) in [
        (reqwest::Method::GET, format!("{GAME}/validate"), "POST"),
        (reqwest::Method::PUT, format!("{GAME}/setup"), "POST"),
        (reqwest::Method::POST, "/v1/games".to_string(), "GET, HEAD"),
        (reqwest::Method::DELETE, "/healthz".to_string(), "GET, HEAD"),
        (
            reqwest::Method::POST,
            "/openapi.json".to_string(),
            "GET, HEAD",
        ),
        (
            reqwest::Method::POST,
            format!("{GAME}/schema/state"),
            "GET, HEAD",
        ),
    ] {
        let response = client
            .request(method.clone(), server.url(&path))
            .send()
            .await
            .unwrap();
        assert_eq!(response.headers()["allow"], allow, "{method} {path}");
        expect_problem(response, StatusCode::METHOD_NOT_ALLOWED).await;
    }
    for path in ["/healthz", "/v1/games", "/openapi.json", "/metrics"] {
        let response = client.head(server.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "HEAD {path}");
    }
    server.stop().await;
}

#[actix_web::test]
async fn unknown_paths_are_404_problems() {
    let server = Server::start().await;
    for path in ["/v1/other/setup", "/v1/railroad-barons/nope", "/nope"] {
        let response = server.post_json(path, &json!({})).await;
        expect_problem(response, StatusCode::NOT_FOUND).await;
    }
    server.stop().await;
}

#[actix_web::test]
async fn cors_preflight_is_answered() {
    let server = Server::start().await;
    let response = server
        .client
        .request(
            reqwest::Method::OPTIONS,
            server.url(&format!("{GAME}/validate")),
        )
        .header("origin", "https://ui.example")
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "content-type")
        .send()
        .await
        .unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    assert_eq!(
        response.headers()["access-control-allow-origin"],
        "https://ui.example"
    );
    let methods = response.headers()["access-control-allow-methods"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(methods.contains("POST"), "{methods}");
    server.stop().await;

    // Configured origins only.
    let server = Server::start_with(Config {
        cors_origins: vec!["https://ui.example".into()],
        ..Config::default()
    })
    .await;
    let allowed = server
        .client
        .get(server.url("/healthz"))
        .header("origin", "https://ui.example")
        .send()
        .await
        .unwrap();
    assert_eq!(
        allowed.headers()["access-control-allow-origin"],
        "https://ui.example"
    );
    let other = server
        .client
        .get(server.url("/healthz"))
        .header("origin", "https://evil.example")
        .send()
        .await
        .unwrap();
    assert!(other.headers().get("access-control-allow-origin").is_none());
    server.stop().await;
}

#[actix_web::test]
async fn every_response_carries_a_request_id() {
    let server = Server::start().await;
    let client = reqwest::Client::new();
    let id_of = |r: &reqwest::Response| {
        r.headers()
            .get("x-request-id")
            .map(|v| v.to_str().unwrap().to_string())
    };
    // The client's own id is echoed, on an answer and on a problem alike.
    for path in ["/healthz", "/v1/nowhere"] {
        let response = client
            .get(server.url(path))
            .header("x-request-id", "trace-7f3a")
            .send()
            .await
            .unwrap();
        assert_eq!(id_of(&response).as_deref(), Some("trace-7f3a"), "{path}");
    }
    // Without one, or with one too long to keep, each request gets its own.
    let mut made = Vec::new();
    for header in [None, Some("x".repeat(200))] {
        let mut request = client.get(server.url("/healthz"));
        if let Some(h) = header {
            request = request.header("x-request-id", h);
        }
        let id = id_of(&request.send().await.unwrap()).expect("an id");
        assert_eq!(id.len(), 16, "{id}");
        assert!(id.bytes().all(|b| b.is_ascii_hexdigit()), "{id}");
        made.push(id);
    }
    assert_ne!(made[0], made[1]);
    server.stop().await;
}

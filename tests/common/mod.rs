//! What the HTTP tests share: a server on an ephemeral port and the problem+json checks.

#![allow(dead_code)]

pub mod adversarial;
pub mod binary;

use std::net::TcpListener;

use actix_web::dev::ServerHandle;
use railrules::api::{self, Config};
use reqwest::StatusCode;
use serde_json::{Value, json};

pub const PROBLEM: &str = "application/problem+json";

/// The tests' HTTP client. It drops a pooled connection after 2 s idle, before the server's
/// keep-alive (5 s) closes it: a request sent on a connection the server is closing fails
/// with "IncompleteMessage" (seen once on a loaded machine, between two slow imports).
pub fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .pool_idle_timeout(std::time::Duration::from_secs(2))
        .build()
        .unwrap()
}

/// A server on 127.0.0.1:0 with one worker; stop it with the handle.
pub struct Server {
    pub base: String,
    pub handle: ServerHandle,
    pub client: reqwest::Client,
}

impl Server {
    pub async fn start() -> Server {
        Server::start_with(Config::default()).await
    }

    pub async fn start_with(mut config: Config) -> Server {
        config.workers = Some(1);
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let server = api::run(listener, config).unwrap();
        let handle = server.handle();
        actix_web::rt::spawn(server);
        Server {
            base,
            handle,
            client: client(),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(self.url(path)).send().await.unwrap()
    }

    pub async fn post_json(&self, path: &str, body: &Value) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .json(body)
            .send()
            .await
            .unwrap()
    }

    pub async fn post_raw(&self, path: &str, body: impl Into<reqwest::Body>) -> reqwest::Response {
        self.client
            .post(self.url(path))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap()
    }

    /// Posts and expects 200 JSON; returns the body.
    pub async fn ok(&self, path: &str, body: &Value) -> Value {
        let response = self.post_json(path, body).await;
        let status = response.status();
        let text = response.text().await.unwrap();
        assert_eq!(status, StatusCode::OK, "{path}: {text}");
        serde_json::from_str(&text).unwrap()
    }

    /// Gets and expects 200 JSON; returns the body.
    pub async fn ok_get(&self, path: &str) -> Value {
        let response = self.get(path).await;
        let status = response.status();
        let text = response.text().await.unwrap();
        assert_eq!(status, StatusCode::OK, "{path}: {text}");
        serde_json::from_str(&text).unwrap()
    }

    pub async fn stop(self) {
        self.handle.stop(true).await;
    }
}

/// Expects a problem+json answer with `status`; returns the problem.
pub async fn expect_problem(response: reqwest::Response, status: StatusCode) -> Value {
    let got = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let text = response.text().await.unwrap();
    assert_eq!(got, status, "{text}");
    assert_eq!(content_type, PROBLEM, "{text}");
    let problem: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(problem["status"], json!(status.as_u16()));
    for field in ["type", "title", "detail"] {
        assert!(problem[field].is_string(), "{field} missing: {text}");
    }
    assert!(problem["errors"].is_array(), "{text}");
    problem
}

pub fn pointers(problem: &Value) -> Vec<String> {
    problem["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["pointer"].as_str().unwrap().to_string())
        .collect()
}

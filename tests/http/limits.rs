//! Limits: an oversized body, a deep body, and a too long replay.

use std::time::{Duration, Instant};

use railrules::api::{self, Config, Limits};
use reqwest::StatusCode;
use serde_json::json;

use crate::common::*;
use crate::{GAME, first_legal_action, state_json};

#[actix_web::test]
async fn an_oversized_body_is_413() {
    let server = Server::start().await;
    let big = format!(r#"{{"state": "{}"}}"#, "x".repeat(3 * 1024 * 1024));
    let response = server.post_raw(&format!("{GAME}/validate"), big).await;
    expect_problem(response, StatusCode::PAYLOAD_TOO_LARGE).await;
    server.stop().await;

    let server = Server::start_with(Config {
        limits: Limits {
            max_body_bytes: 100,
            ..Limits::default()
        },
        ..Config::default()
    })
    .await;
    let response = server
        .post_json(&format!("{GAME}/check"), &json!({"state": state_json()}))
        .await;
    expect_problem(response, StatusCode::PAYLOAD_TOO_LARGE).await;
    server.stop().await;
}

#[actix_web::test]
async fn a_deep_body_is_refused_quickly() {
    let server = Server::start().await;
    let deep = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    let started = Instant::now();
    let response = server.post_raw(&format!("{GAME}/validate"), deep).await;
    let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(problem["type"], "urn:railrules:problem:too-deep");
    assert!(started.elapsed() < Duration::from_secs(2));
    server.stop().await;
}

#[actix_web::test]
async fn a_too_long_replay_is_422() {
    let server = Server::start().await;
    let actions = vec![first_legal_action(); api::config::DEFAULT_MAX_REPLAY_ACTIONS + 1];
    let response = server
        .post_json(
            &format!("{GAME}/replay"),
            &json!({"setup": {"seed": 1}, "actions": actions}),
        )
        .await;
    let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(problem["type"], "urn:railrules:problem:too-many-actions");
    assert_eq!(pointers(&problem), vec!["/actions"]);
    server.stop().await;
}

//! Hostile input over HTTP: every request, however wrong, gets a 4xx problem+json naming the
//! problem (with a JSON pointer where one applies), quickly, and the server keeps serving.

use std::io::{Read, Write};
use std::time::{Duration, Instant};

use railrules::api::Config;
use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use reqwest::StatusCode;
use serde_json::{Value, json};

mod common;
use common::*;

const RB: &str = "/v1/railroad-barons";

fn rb_state() -> Value {
    serde_json::to_value(RailroadBarons::setup(&Default::default(), 1).unwrap()).unwrap()
}

fn rb_action() -> Value {
    let state = RailroadBarons::setup(&Default::default(), 1).unwrap();
    serde_json::to_value(&RailroadBarons::legal_actions(&state)[0]).unwrap()
}

/// Posts `body` and expects a problem with `status` within two seconds; returns it.
async fn refused(
    server: &Server,
    path: &str,
    body: impl Into<reqwest::Body>,
    status: StatusCode,
) -> Value {
    let started = Instant::now();
    let response = server.post_raw(path, body).await;
    let problem = expect_problem(response, status).await;
    assert!(
        started.elapsed() < Duration::from_secs(2),
        "{path} took {:?}",
        started.elapsed()
    );
    problem
}

/// Posts `body` and expects a 422 that locates the problem exactly at `pointer`.
async fn refused_at(server: &Server, path: &str, body: &Value, pointer: &str) {
    let problem = refused(
        server,
        path,
        body.to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        pointers(&problem).iter().any(|p| p == pointer),
        "{path} {pointer}: {problem}"
    );
}

async fn still_serving(server: &Server) {
    assert_eq!(server.get("/healthz").await.status(), StatusCode::OK);
}

#[actix_web::test]
async fn broken_bytes_and_broken_json_are_400() {
    let server = Server::start().await;
    refused(
        &server,
        &format!("{RB}/check"),
        vec![b'{', 0xff, 0xfe, b'}'],
        StatusCode::BAD_REQUEST,
    )
    .await;
    let body = json!({"state": rb_state()}).to_string();
    refused(
        &server,
        &format!("{RB}/check"),
        body[..body.len() / 2].to_string(),
        StatusCode::BAD_REQUEST,
    )
    .await;
    refused(
        &server,
        &format!("{RB}/check"),
        String::new(),
        StatusCode::BAD_REQUEST,
    )
    .await;
    still_serving(&server).await;
    server.stop().await;
}

#[actix_web::test]
async fn a_body_announced_at_100_mb_is_413_before_it_is_read() {
    let server = Server::start().await;
    let address = server.base.trim_start_matches("http://").to_string();
    let started = Instant::now();
    // A plain socket on another thread: the server runs on this test's runtime.
    let text = actix_web::rt::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(&address).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
        let head = format!(
            "POST {RB}/check HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n{{"
        );
        stream.write_all(head.as_bytes()).unwrap();
        let mut answer = vec![0u8; 4096];
        let n = stream.read(&mut answer).unwrap();
        String::from_utf8_lossy(&answer[..n]).to_string()
    })
    .await
    .unwrap();
    assert!(text.starts_with("HTTP/1.1 413"), "{text}");
    assert!(text.contains("application/problem+json"), "{text}");
    assert!(started.elapsed() < Duration::from_secs(2));
    still_serving(&server).await;
    server.stop().await;
}

#[actix_web::test]
async fn json_nested_100000_deep_is_422_at_once() {
    let server = Server::start().await;
    let deep = "[".repeat(100_000) + &"]".repeat(100_000);
    refused(
        &server,
        &format!("{RB}/check"),
        format!("{{\"state\": {deep}}}"),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    // Issue 38: the import too, an unknown field it would ignore nested past the bound (64)
    // refused before it is read.
    for depth in [100_000, 65] {
        let deep = "[".repeat(depth) + &"]".repeat(depth);
        let export = format!(
            "{{\"id\": 1, \"title\": \"1846\", \"players\": [], \"actions\": [], \"x\": {deep}}}"
        );
        let problem = refused(
            &server,
            "/v1/1846/import",
            export,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(
            problem["detail"].as_str().unwrap().contains("levels deep"),
            "{problem}"
        );
    }
    still_serving(&server).await;
    server.stop().await;
}

#[actix_web::test]
async fn impossible_money_is_located_by_its_pointer() {
    let server = Server::start().await;
    for cash in [
        json!(-5),
        json!(12.5),
        json!(1e300),
        json!(18446744073709551616u128 as f64),
    ] {
        let mut state = rb_state();
        state["players"][0]["cash"] = cash.clone();
        let body = json!({"state": state}).to_string();
        let problem = refused(
            &server,
            &format!("{RB}/check"),
            body,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(
            pointers(&problem).contains(&"/state/players/0/cash".to_string()),
            "{cash}: {problem}"
        );
    }
    // A number beyond any integer type, written out in full.
    let mut body = json!({"state": rb_state()}).to_string();
    body = body.replacen("\"cash\":200", "\"cash\":123456789012345678901234567890", 1);
    let problem = refused(
        &server,
        &format!("{RB}/check"),
        body,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        pointers(&problem).contains(&"/state/players/0/cash".to_string()),
        "{problem}"
    );
    still_serving(&server).await;
    server.stop().await;
}

/// Issue 38: a refusal quotes at most the start of a value: an unknown key or an action type
/// of a megabyte is named by its first characters and its length (an unknown key was echoed
/// twice, in the detail and in the pointer).
#[actix_web::test]
async fn a_refusal_quotes_a_long_value_briefly() {
    let server = Server::start().await;
    let long = "teleport".repeat(131_072);
    let mut state = rb_state();
    state[&long] = json!(1);
    let bodies = [
        json!({"state": rb_state(), "action": {"type": long, "player": "A"}}),
        json!({"state": state, "action": rb_action()}),
    ];
    for body in bodies {
        let problem = refused(
            &server,
            &format!("{RB}/validate"),
            body.to_string(),
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        let answer = problem.to_string();
        assert!(answer.len() < 2048, "{} bytes: {answer}", answer.len());
        assert!(answer.contains("... (1048576 bytes in all)"), "{answer}");
    }
    still_serving(&server).await;
    server.stop().await;
}

#[actix_web::test]
async fn unknown_actions_seats_and_names_are_422_with_their_pointer() {
    let server = Server::start().await;
    let cases = [
        (json!({"type": "teleport", "player": "A"}), "/action"),
        (json!({"type": "pass", "player": "C"}), "/action/player"),
        (
            json!({"type": "trade", "player": "A", "buy": {"holding": "purple", "certificate": 10}}),
            "/action/buy/holding",
        ),
        (
            json!({"type": "offer_investor", "player": "A", "investor": "investor_99"}),
            "/action/investor",
        ),
    ];
    for (action, pointer) in cases {
        let body = json!({"state": rb_state(), "action": action}).to_string();
        let problem = refused(
            &server,
            &format!("{RB}/validate"),
            body,
            StatusCode::UNPROCESSABLE_ENTITY,
        )
        .await;
        assert!(
            pointers(&problem).iter().any(|p| p.starts_with(pointer)),
            "{pointer}: {problem}"
        );
    }
    // 1833NE: an unknown company, hex or tile is a shape error located at its field.
    let state = railrules::games::ne1833::Ne1833::setup(&Default::default(), 1).unwrap();
    let state = serde_json::to_value(state).unwrap();
    let cases = [
        (
            json!({"type": "par", "player": "seat-1", "corporation": "XYZ", "share_price": 80}),
            "/action/corporation",
        ),
        (
            json!({"type": "lay_tile", "player": "seat-1", "hex": "Z99", "tile": "7", "rotation": 0}),
            "/action/hex",
        ),
        (
            json!({"type": "lay_tile", "player": "seat-1", "hex": "G20", "tile": "9999", "rotation": 0}),
            "/action/tile",
        ),
        (
            json!({"type": "place_token", "player": "seat-1", "hex": "Q1", "city": 0}),
            "/action/hex",
        ),
    ];
    for (action, pointer) in cases {
        let body = json!({"state": state, "action": action});
        refused_at(&server, "/v1/1833ne/validate", &body, pointer).await;
    }
    still_serving(&server).await;
    server.stop().await;
}

#[actix_web::test]
async fn duplicate_keys_and_foreign_states_are_422() {
    let server = Server::start().await;
    let body = format!("{{\"state\": {}, \"state\": {}}}", rb_state(), rb_state());
    refused(
        &server,
        &format!("{RB}/check"),
        body,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    let mut other = rb_state();
    other["rules_version"] = json!("0");
    let problem = refused(
        &server,
        &format!("{RB}/check"),
        json!({"state": other}).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        pointers(&problem)
            .iter()
            .any(|p| p.starts_with("/state/rules_version")),
        "{problem}"
    );
    let ne = serde_json::to_value(
        railrules::games::ne1833::Ne1833::setup(&Default::default(), 1).unwrap(),
    )
    .unwrap();
    refused(
        &server,
        &format!("{RB}/check"),
        json!({"state": ne}).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    still_serving(&server).await;
    server.stop().await;
}

#[actix_web::test]
async fn objects_written_as_arrays_of_their_fields_are_422() {
    // Serde alone would read `[null, 0]` as `{"options": null, "seed": 0}`; the schemas say object.
    let server = Server::start().await;
    for (path, body, pointer) in [
        (
            format!("{RB}/setup"),
            json!({"options": [null, null]}),
            "/options",
        ),
        (format!("{RB}/setup"), json!([null, 0]), ""),
        (
            format!("{RB}/replay"),
            json!({"setup": [null, 0], "actions": []}),
            "/setup",
        ),
    ] {
        refused_at(&server, &path, &body, pointer).await;
    }
    still_serving(&server).await;
    server.stop().await;
}

#[actix_web::test]
async fn a_replay_over_the_limit_is_refused_at_once() {
    let server = Server::start().await;
    let actions: Vec<Value> = (0..10_001).map(|_| rb_action()).collect();
    let body = json!({"setup": {"seed": 1}, "actions": actions}).to_string();
    let problem = refused(
        &server,
        &format!("{RB}/replay"),
        body.clone(),
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert!(
        pointers(&problem).iter().any(|p| p.starts_with("/actions")),
        "{problem}"
    );
    // Ten million actions do not fit in a body at all.
    let mut small = Config::default();
    small.limits.max_body_bytes = 1024;
    let tight = Server::start_with(small).await;
    refused(
        &tight,
        &format!("{RB}/replay"),
        body,
        StatusCode::PAYLOAD_TOO_LARGE,
    )
    .await;
    still_serving(&server).await;
    server.stop().await;
    tight.stop().await;
}

//! Malformed requests: not JSON, wrong types located, unknown actions and fields, another game's
//! state, shapes, numbers out of range, and strict schema mode.

use railrules::api::{Config, Limits};
use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::*;
use crate::{GAME, first_legal_action, state_json};

#[actix_web::test]
async fn not_json_is_400() {
    let server = Server::start().await;
    for body in [
        &b"{\"state\": "[..],
        b"not json",
        b"\xff\xfe{}",
        b"",
        b"{} {}",
    ] {
        let response = server
            .post_raw(&format!("{GAME}/validate"), body.to_vec())
            .await;
        expect_problem(response, StatusCode::BAD_REQUEST).await;
    }
    server.stop().await;
}

#[actix_web::test]
async fn a_wrong_type_deep_in_the_state_is_located() {
    let server = Server::start().await;
    let mut state = state_json();
    state["players"][0]["cash"] = json!("lots");
    state["holdings"][1]["floated"] = json!(3);
    let response = server
        .post_json(
            &format!("{GAME}/validate"),
            &json!({"state": state, "action": first_legal_action()}),
        )
        .await;
    let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    let pointers = pointers(&problem);
    assert!(
        pointers.contains(&"/state/players/0/cash".to_string()),
        "{problem}"
    );
    assert!(
        pointers.contains(&"/state/holdings/1/floated".to_string()),
        "{problem}"
    );
    server.stop().await;
}

#[actix_web::test]
async fn unknown_action_types_and_fields_are_422() {
    let server = Server::start().await;
    let mut unknown_field = first_legal_action();
    unknown_field["junk"] = json!(1);
    for (action, pointer) in [
        (json!({"type": "fly", "player": "A"}), "/action/type"),
        (json!({"player": "A"}), "/action"),
        (unknown_field, "/action"),
        (json!("pass"), "/action"),
    ] {
        let response = server
            .post_json(
                &format!("{GAME}/validate"),
                &json!({"state": state_json(), "action": action}),
            )
            .await;
        let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert_eq!(pointers(&problem), vec![pointer.to_string()], "{problem}");
    }
    server.stop().await;
}

#[actix_web::test]
async fn a_state_of_another_game_or_version_is_422() {
    let server = Server::start().await;
    for (field, value) in [("game", "other"), ("rules_version", "0")] {
        let mut state = state_json();
        state[field] = json!(value);
        let response = server
            .post_json(&format!("{GAME}/check"), &json!({"state": state}))
            .await;
        let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert_eq!(
            pointers(&problem),
            vec![format!("/state/{field}")],
            "{problem}"
        );
        // Both sides are named: what the state says and what this endpoint implements.
        let ours = if field == "game" {
            GAME.trim_start_matches("/v1/").to_string()
        } else {
            RailroadBarons::RULES_VERSION.to_string()
        };
        let detail = problem["errors"][0]["detail"].as_str().unwrap();
        assert!(
            detail.contains(&format!("\"{value}\"")) && detail.contains(&format!("\"{ours}\"")),
            "{detail}"
        );
    }
    server.stop().await;
}

#[actix_web::test]
async fn request_shape_errors_are_422() {
    let server = Server::start().await;
    for (endpoint, body, pointer) in [
        ("setup", json!({"seed": -1}), "/seed"),
        ("setup", json!({"seed": null}), "/seed"),
        ("setup", json!({"extra": 1}), ""),
        ("check", json!({}), ""),
        ("check", json!([]), ""),
        ("replay", json!({"actions": []}), ""),
        (
            "replay",
            json!({"setup": {}, "state": state_json(), "actions": []}),
            "",
        ),
    ] {
        let response = server.post_json(&format!("{GAME}/{endpoint}"), &body).await;
        let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(
            pointers(&problem).contains(&pointer.to_string()),
            "{endpoint} {body}: {problem}"
        );
    }
    server.stop().await;
}

#[actix_web::test]
async fn integral_floats_are_integers() {
    let server = Server::start().await;
    let mut state = state_json();
    let cash = state["players"][0]["cash"].as_u64().unwrap();
    state["players"][0]["cash"] = json!(cash as f64);
    let body = format!(r#"{{"state": {state}}}"#);
    assert!(body.contains(".0"));
    let response = server.post_raw(&format!("{GAME}/check"), body).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.json::<Value>().await.unwrap()["consistent"], true);
    server.stop().await;
}

#[actix_web::test]
async fn integers_out_of_their_range_are_located() {
    let server = Server::start().await;
    let mut state = state_json();
    state["players"][1]["cash"] = json!(4_294_967_296u64); // u32::MAX + 1
    state["components"]["dominion_atlantic"] = json!(256); // a u8
    let response = server
        .post_json(&format!("{GAME}/check"), &json!({"state": state}))
        .await;
    let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    let mut found = pointers(&problem);
    found.sort();
    assert_eq!(
        found,
        [
            "/state/components/dominion_atlantic",
            "/state/players/1/cash"
        ]
    );

    // Below i64::MIN: not a serde_json number, so spliced into the text. (Read as an f64 it
    // equals i64::MIN, so only serde notices: its error is reported, with its pointer.)
    let mut state = state_json();
    state["bank_paid_out"] = json!(123_456_789_123u64);
    let body = json!({"state": state})
        .to_string()
        .replace("123456789123", "-9223372036854775809");
    let response = server.post_raw(&format!("{GAME}/check"), body).await;
    let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(pointers(&problem), ["/state/bank_paid_out"]);
    server.stop().await;
}

#[actix_web::test]
async fn strict_schema_mode_refuses_what_only_serde_tolerates() {
    // serde reads a struct from an array of its fields; the published schema says object. The
    // request's own objects (body, options, setup, state) are checked always; deeper ones, like
    // a player inside the state, only in strict mode.
    let mut state = state_json();
    let player = state["players"][0].clone();
    state["players"][0] = json!([
        player["seat"],
        player["cash"],
        player["investors"],
        player["priority_swap_used"],
        player["owes_sell_down"]
    ]);
    let body = json!({"state": state});
    let lenient = Server::start().await;
    lenient.ok(&format!("{GAME}/check"), &body).await;
    lenient.stop().await;

    let strict = Server::start_with(Config {
        limits: Limits {
            strict_schema: true,
            ..Limits::default()
        },
        ..Config::default()
    })
    .await;
    let response = strict.post_json(&format!("{GAME}/check"), &body).await;
    let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(pointers(&problem), vec!["/state/players/0"], "{problem}");
    // Normal bodies are still accepted, and refusals still located.
    strict
        .ok(
            &format!("{GAME}/validate"),
            &json!({"state": state_json(), "action": first_legal_action()}),
        )
        .await;
    let mut state = state_json();
    state["players"][0]["cash"] = json!("lots");
    let response = strict
        .post_json(&format!("{GAME}/check"), &json!({"state": state}))
        .await;
    let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(pointers(&problem), vec!["/state/players/0/cash"]);
    strict.stop().await;
}

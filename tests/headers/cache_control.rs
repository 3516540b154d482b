//! Cache-Control: answers that carry states are never stored.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::Server;
use crate::{RB, header};

async fn a_setup_state(server: &Server, game: &str) -> Value {
    server
        .ok(&format!("/v1/{game}/setup"), &json!({"seed": 7}))
        .await["state"]
        .clone()
}

#[actix_web::test]
async fn answers_that_carry_states_are_not_stored() {
    let server = Server::start().await;
    let state = a_setup_state(&server, "railroad-barons").await;
    let legal = server
        .ok(&format!("{RB}/legal-actions"), &json!({"state": state}))
        .await;
    let action = legal["actions"][0].clone();
    let mut tampered = state.clone();
    tampered["players"][0]["cash"] = json!(tampered["players"][0]["cash"].as_u64().unwrap() + 5);
    let rotw = a_setup_state(&server, "rotw-solo").await;
    let requests = [
        (format!("{RB}/setup"), json!({"seed": 3}), StatusCode::OK),
        (
            format!("{RB}/validate"),
            json!({"state": state, "action": action}),
            StatusCode::OK,
        ),
        (
            format!("{RB}/legal-actions"),
            json!({"state": state}),
            StatusCode::OK,
        ),
        (
            format!("{RB}/replay"),
            json!({"setup": {"seed": 7}, "actions": [action]}),
            StatusCode::OK,
        ),
        (
            format!("{RB}/check"),
            json!({"state": tampered}),
            StatusCode::OK,
        ),
        (
            "/v1/rotw-solo/view".to_string(),
            json!({"state": rotw}),
            StatusCode::OK,
        ),
        // A refusal quotes the state's violations: not stored either.
        (
            format!("{RB}/validate"),
            json!({"state": tampered, "action": action}),
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ];
    for (path, body, status) in requests {
        let response = server.post_json(&path, &body).await;
        assert_eq!(response.status(), status, "{path}");
        assert_eq!(
            header(&response, "cache-control").as_deref(),
            Some("no-store"),
            "{path}"
        );
    }
    // What is the same for every client may be cached.
    for path in ["/v1/games", &format!("{RB}/schema/state"), "/openapi.json"] {
        let response = server.get(path).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        assert_eq!(header(&response, "cache-control"), None, "{path}");
    }
    server.stop().await;
}

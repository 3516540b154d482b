//! `POST /v1/rotw-solo/view`: the state with the hidden piles redacted, their sizes kept; only
//! games with hidden information serve it.

use crate::common::{Server, expect_problem};
use reqwest::StatusCode;
use serde_json::{Value, json};

#[actix_web::test]
async fn the_view_redacts_the_hidden_piles_and_keeps_their_sizes() {
    let server = Server::start().await;
    let setup = server
        .ok(
            "/v1/rotw-solo/setup",
            &json!({"seed": 5, "options": {"duel_barons": true}}),
        )
        .await;
    let state = &setup["state"];
    let view = server
        .ok("/v1/rotw-solo/view", &json!({"state": state}))
        .await;
    let len = |v: &Value| v.as_array().map(Vec::len).unwrap();
    for (pile, pointer, count) in [
        ("bag", "/bag", "/bag/count"),
        ("railbot deck", "/railbot/deck", "/railbot_deck/count"),
        (
            "removed unseen",
            "/railbot/removed_unseen",
            "/railbot_removed_unseen/count",
        ),
        (
            "operations deck",
            "/operations/deck",
            "/operations_deck/count",
        ),
    ] {
        let hidden = state.pointer(pointer).unwrap();
        assert!(len(hidden) > 0, "{pile}");
        assert_eq!(len(view["state"].pointer(pointer).unwrap()), 0, "{pile}");
        assert_eq!(view.pointer(count).unwrap(), &json!(len(hidden)), "{pile}");
    }
    assert_eq!(view["state"]["rng"], "0");
    // What is face up stays.
    for pointer in [
        "/railbot/row",
        "/operations/display",
        "/city_cubes",
        "/barons",
    ] {
        assert_eq!(
            view["state"].pointer(pointer),
            state.pointer(pointer),
            "{pointer}"
        );
    }
    // A tampered state is refused before it is shown.
    let mut tampered = state.clone();
    tampered["railbot"]["row"] = json!([]);
    let response = server
        .post_json("/v1/rotw-solo/view", &json!({"state": tampered}))
        .await;
    expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    // Games whose states are public have no view.
    let response = server
        .post_json("/v1/railroad-barons/view", &json!({"state": {}}))
        .await;
    expect_problem(response, StatusCode::NOT_FOUND).await;
    server.stop().await;
}

//! What is not drawn: a game the service does not have, and a forged state of each game.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{Server, expect_problem};
use crate::recorded;

/// A game, a recorded save, and what makes its final state inconsistent.
type Forgery = (&'static str, &'static str, fn(&mut Value));

#[actix_web::test]
async fn an_unknown_game_has_no_render_and_a_forged_state_is_refused() {
    let server = Server::start().await;
    let response = server
        .post_json("/v1/no-such-game/render", &json!({"state": {}}))
        .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let mut state = recorded("1833ne-greedy-3p-seed-2.json")["state"].clone();
    state["bank"] = json!(1_000_000);
    let response = server
        .post_json("/v1/1833ne/render", &json!({ "state": state }))
        .await;
    let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(problem["type"], "urn:railrules:problem:inconsistent-state");
    let forgeries: [Forgery; 3] = [
        (
            "railroad-barons",
            "railroad-barons-greedy-seed-1.json",
            |s| s["bank_paid_out"] = json!(999_999),
        ),
        ("rotw-solo", "rotw-solo-bot-seed-1.json", |s| {
            let twice = s["empty_cities"][0].clone();
            s["empty_cities"].as_array_mut().unwrap().push(twice)
        }),
        (
            "russian-railroads-american",
            "russian-railroads-american-bot-2p-seed-1.json",
            |s| s["doublers"] = json!(200),
        ),
    ];
    for (game, save, forge) in forgeries {
        let mut state = recorded(save)["state"].clone();
        forge(&mut state);
        let response = server
            .post_json(&format!("/v1/{game}/render"), &json!({ "state": state }))
            .await;
        let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert_eq!(
            problem["type"], "urn:railrules:problem:inconsistent-state",
            "{game}"
        );
    }
    server.stop().await;
}

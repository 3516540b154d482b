//! `POST /v1/russian-railroads-american/view`: the end-bonus pile, the cards removed unseen and
//! the cards in players' hands become counts; everything on the table stays.

use crate::common::{Server, expect_problem};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// The state with the top end-bonus card moved into P2's hand, as the "?" token does.
fn with_a_card_in_hand(mut state: Value) -> Value {
    let card = state["end_bonus_deck"].as_array_mut().unwrap().remove(0);
    state["players"][1]["end_bonus"]
        .as_array_mut()
        .unwrap()
        .push(card);
    state
}

/// The final state of a recorded game.
fn ended() -> Value {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/savegames/russian-railroads-american-bot-3p-seed-2.json"
    ))
    .unwrap();
    let save: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(save["state"]["phase"]["phase"], "game_ended");
    save["state"].clone()
}

#[actix_web::test]
async fn the_view_hides_the_end_bonus_cards_and_keeps_their_counts() {
    let server = Server::start().await;
    let setup = server
        .ok(
            "/v1/russian-railroads-american/setup",
            &json!({"seed": 5, "options": {"players": 4}}),
        )
        .await;
    let state = with_a_card_in_hand(setup["state"].clone());
    let last = with_a_card_in_hand(ended());
    let len = |v: &Value| v.as_array().map(Vec::len).unwrap();
    for state in [&setup["state"], &state] {
        let view = server
            .ok(
                "/v1/russian-railroads-american/view",
                &json!({"state": state}),
            )
            .await;
        assert_eq!(len(&view["state"]["end_bonus_deck"]), 0);
        assert_eq!(len(&view["state"]["end_bonus_removed"]), 0);
        assert_eq!(
            view["end_bonus_deck"]["count"],
            json!(len(&state["end_bonus_deck"]))
        );
        assert_eq!(view["end_bonus_removed"]["count"], json!(2));
        assert_eq!(view["state"]["rng"], 0);
        for (i, player) in state["players"].as_array().unwrap().iter().enumerate() {
            assert_eq!(len(&view["state"]["players"][i]["end_bonus"]), 0);
            assert_eq!(
                view["hands"][i]["end_bonus_cards"],
                json!(len(&player["end_bonus"]))
            );
        }
        // What is on the table stays.
        for pointer in [
            "/stock_levels",
            "/engineer_strip",
            "/piles",
            "/players/0/railroads",
        ] {
            assert_eq!(
                view["state"].pointer(pointer),
                state.pointer(pointer),
                "{pointer}"
            );
        }
    }
    // P2 holds a card during the game; at the end every card is shown.
    let held: usize = state["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| len(&p["end_bonus"]))
        .sum();
    assert!(held > 0);
    let view = server
        .ok(
            "/v1/russian-railroads-american/view",
            &json!({"state": last}),
        )
        .await;
    assert_eq!(view["state"]["players"], last["players"]);
    // A tampered state is refused before it is shown.
    let mut tampered = state.clone();
    tampered["end_bonus_deck"] = json!([]);
    let response = server
        .post_json(
            "/v1/russian-railroads-american/view",
            &json!({"state": tampered}),
        )
        .await;
    expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    server.stop().await;
}

//! `legal-actions` filtered and compact (issue 40): `seat` and `types` keep the listed actions of
//! one seat and of some types, with every index the answer gives (ranges, choices, incomplete,
//! effects) counted in the kept list; `compact` gives the effects as lines of English only.

use serde_json::{Value, json};

mod common;
use common::*;

/// The state of a recorded save file after its first `n` actions, replayed by the service.
async fn state_after(server: &Server, game: &str, save: &str, n: usize) -> Value {
    let path = format!(
        "{}/examples/savegames/{save}.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let save: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let actions = &save["actions"].as_array().unwrap()[..n];
    let replayed = server
        .ok(
            &format!("/v1/{game}/replay"),
            &json!({"setup": save["setup"], "actions": actions}),
        )
        .await;
    replayed["state"].clone()
}

/// The first `n` at which the recorded game lists an action of type `kind`.
async fn first_listing(server: &Server, game: &str, save: &str, kind: &str) -> (Value, Value) {
    for n in 0.. {
        let state = state_after(server, game, save, n).await;
        let listed = server
            .ok(
                &format!("/v1/{game}/legal-actions"),
                &json!({"state": state}),
            )
            .await;
        if listed["actions"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["type"] == kind)
        {
            return (state, listed);
        }
    }
    unreachable!()
}

#[actix_web::test]
async fn types_keep_those_actions_and_their_choices_in_the_kept_lists_order() {
    let server = Server::start().await;
    let (state, full) = first_listing(&server, "1846", "1846-bot-4p-seed-1", "par").await;
    let pars = server
        .ok(
            "/v1/1846/legal-actions",
            &json!({"state": state, "types": ["par"]}),
        )
        .await;
    let full_actions = full["actions"].as_array().unwrap();
    let kept: Vec<usize> = (0..full_actions.len())
        .filter(|&i| full_actions[i]["type"] == "par")
        .collect();
    assert!(
        kept.len() < full_actions.len(),
        "the filter leaves some out"
    );
    let expected: Vec<&Value> = kept.iter().map(|&i| &full_actions[i]).collect();
    assert_eq!(
        pars["actions"]
            .as_array()
            .unwrap()
            .iter()
            .collect::<Vec<_>>(),
        expected
    );
    assert_eq!(pars["to_act"], full["to_act"], "to_act is not filtered");
    // Each par's choices, at its index in the kept list, are its choices in the full listing.
    let choices_of = |answer: &Value, index: usize| -> Vec<Value> {
        answer["choices"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["action"] == index)
            .map(|c| json!([c["pointer"], c["values"]]))
            .collect()
    };
    assert!(!pars["choices"].as_array().unwrap().is_empty());
    for (at, &original) in kept.iter().enumerate() {
        assert_eq!(
            choices_of(&pars, at),
            choices_of(&full, original),
            "par {at}"
        );
    }
    server.stop().await;
}

#[actix_web::test]
async fn a_seat_keeps_its_own_actions_only() {
    let server = Server::start().await;
    let state = state_after(&server, "1846", "1846-bot-4p-seed-1", 0).await;
    let full = server
        .ok("/v1/1846/legal-actions", &json!({"state": state}))
        .await;
    let acting = full["to_act"][0].clone();
    let all_seats = state["players"].as_array().unwrap();
    assert!(all_seats.len() > 1);
    for seat in all_seats.iter().map(|p| p["seat"].clone()) {
        let mine = server
            .ok(
                "/v1/1846/legal-actions",
                &json!({"state": state, "seat": seat}),
            )
            .await;
        let expected = if seat == acting {
            full["actions"].clone()
        } else {
            json!([])
        };
        assert_eq!(mine["actions"], expected, "seat {seat}");
        assert_eq!(mine["to_act"], full["to_act"]);
    }
    // A seat not at the table is refused at its field.
    let refused = server
        .post_json(
            "/v1/1846/legal-actions",
            &json!({"state": state, "seat": 99}),
        )
        .await;
    let problem = expect_problem(refused, reqwest::StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(problem["errors"][0]["pointer"], "/seat", "{problem}");
    server.stop().await;
}

#[actix_web::test]
async fn compact_effects_are_the_events_lines_and_smaller() {
    let server = Server::start().await;
    let game = "russian-railroads-american";
    let state = state_after(
        &server,
        game,
        "russian-railroads-american-bot-4p-seed-3",
        100,
    )
    .await;
    let path = format!("/v1/{game}/legal-actions");
    let full = server
        .ok(&path, &json!({"state": state, "effects": true}))
        .await;
    let compact = server
        .ok(
            &path,
            &json!({"state": state, "effects": true, "compact": true}),
        )
        .await;
    assert!(full["actions"].as_array().unwrap().len() > 100);
    assert_eq!(compact["actions"], full["actions"]);
    assert!(compact.get("effects").is_none());
    let lines: Vec<Vec<Value>> = full["effects"]
        .as_array()
        .unwrap()
        .iter()
        .map(|events| {
            events
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e["text"].clone())
                .collect()
        })
        .collect();
    assert_eq!(compact["effects_text"], json!(lines));
    let (full_size, compact_size) = (full.to_string().len(), compact.to_string().len());
    assert!(
        compact_size * 3 < full_size * 2,
        "compact {compact_size} bytes, full {full_size}"
    );
    // `compact` alone has nothing to shorten.
    let refused = server
        .post_json(&path, &json!({"state": state, "compact": true}))
        .await;
    let problem = expect_problem(refused, reqwest::StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(problem["errors"][0]["pointer"], "/compact", "{problem}");
    server.stop().await;
}

#[actix_web::test]
async fn a_type_the_game_does_not_have_is_refused_at_its_index() {
    let server = Server::start().await;
    let state = state_after(&server, "1846", "1846-bot-4p-seed-1", 0).await;
    let refused = server
        .post_json(
            "/v1/1846/legal-actions",
            &json!({"state": state, "types": ["pass", "bid"]}),
        )
        .await;
    let problem = expect_problem(refused, reqwest::StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(problem["errors"][0]["pointer"], "/types/1", "{problem}");
    server.stop().await;
}

/// A solo game's actions name no seat: they are the acting seat's, and `seat` keeps them.
#[actix_web::test]
async fn a_solo_games_actions_are_the_acting_seats() {
    let server = Server::start().await;
    let setup = server.ok("/v1/rotw-solo/setup", &json!({"seed": 1})).await;
    let state = setup["state"].clone();
    let full = server
        .ok("/v1/rotw-solo/legal-actions", &json!({"state": state}))
        .await;
    let seat = full["to_act"][0].clone();
    assert!(!full["actions"].as_array().unwrap().is_empty());
    let mine = server
        .ok(
            "/v1/rotw-solo/legal-actions",
            &json!({"state": state, "seat": seat}),
        )
        .await;
    assert_eq!(mine["actions"], full["actions"]);
    server.stop().await;
}

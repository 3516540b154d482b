//! The game endpoints: setup, validate, legal-actions (with the ranges of free numbers), replay
//! and check, and an inconsistent state never judged.

use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::*;
use crate::{
    GAME, first_legal_action, initial_state, out_of_turn_action, playout, state_json,
    tampered_state,
};

#[actix_web::test]
async fn setup_gives_a_consistent_state() {
    let server = Server::start().await;
    let body = server
        .ok(&format!("{GAME}/setup"), &json!({"seed": 1}))
        .await;
    assert_eq!(body["state"], state_json());
    // Both fields optional (the seed then drawn and named); the same seed gives the same state.
    let default = server.ok(&format!("{GAME}/setup"), &json!({})).await;
    let again = server
        .ok(
            &format!("{GAME}/setup"),
            &json!({"seed": default["seed"], "options": {}}),
        )
        .await;
    assert_eq!(default, again);
    // A drawn seed is one a JavaScript client reads exactly: at most 2^53 - 1 (twenty draws of
    // 64 bits would all be that small once in 2^220).
    for _ in 0..20 {
        let drawn = server.ok(&format!("{GAME}/setup"), &json!({})).await;
        let seed = drawn["seed"].as_u64().unwrap();
        assert!(seed < 1 << 53, "{seed}");
    }
    let checked = server
        .ok(&format!("{GAME}/check"), &json!({"state": body["state"]}))
        .await;
    assert_eq!(checked, json!({"consistent": true, "violations": []}));
    server.stop().await;
}

#[actix_web::test]
async fn validate_judges_legal_and_illegal_actions() {
    let server = Server::start().await;
    let legal = server
        .ok(
            &format!("{GAME}/validate"),
            &json!({"state": state_json(), "action": first_legal_action()}),
        )
        .await;
    assert_eq!(legal["valid"], true);
    assert_ne!(legal["state"], state_json());
    assert!(!legal["events"].as_array().unwrap().is_empty(), "{legal}");

    let illegal = server
        .ok(
            &format!("{GAME}/validate"),
            &json!({"state": state_json(), "action": out_of_turn_action()}),
        )
        .await;
    assert_eq!(illegal["valid"], false);
    let violation = &illegal["violation"];
    assert!(!violation["code"].as_str().unwrap().is_empty(), "{illegal}");
    assert!(violation["message"].is_string() && violation["rule"].is_string());
    assert!(illegal.get("state").is_none());
    server.stop().await;
}

#[actix_web::test]
async fn legal_actions_lists_the_seat_to_act_and_its_actions() {
    let server = Server::start().await;
    let body = server
        .ok(
            &format!("{GAME}/legal-actions"),
            &json!({"state": state_json()}),
        )
        .await;
    let expected: Vec<Value> = RailroadBarons::legal_actions(&initial_state())
        .iter()
        .map(|a| serde_json::to_value(a).unwrap())
        .collect();
    assert_eq!(body["actions"], json!(expected));
    assert!(!expected.is_empty());
    let to_act = body["to_act"].as_array().unwrap();
    assert_eq!(to_act.len(), 1);
    assert_eq!(to_act[0], expected[0]["player"]);
    assert_eq!(body["ranges"], json!([]));
    server.stop().await;
}

/// A state reached by a playout (a simple rotation through the legal actions) where some
/// legal action has a free number.
fn state_with_a_free_number() -> Option<railrules::core::Checked<RailroadBarons>> {
    for seed in 0..20 {
        let mut state = RailroadBarons::setup(&Default::default(), seed).unwrap();
        for step in 0..400usize {
            let legal = RailroadBarons::legal_actions(&state);
            if legal
                .iter()
                .any(|a| !RailroadBarons::ranges(&state, a).is_empty())
            {
                return Some(state);
            }
            let Some(action) = legal.get(step.wrapping_mul(7) % legal.len().max(1)) else {
                break;
            };
            RailroadBarons::apply(&mut state, action).unwrap();
        }
    }
    None
}

#[actix_web::test]
async fn legal_actions_give_the_ranges_of_free_numbers() {
    let state = state_with_a_free_number().expect("a playout reaches an action with a free number");
    let expected: Vec<Value> = RailroadBarons::legal_actions(&state)
        .iter()
        .enumerate()
        .flat_map(|(i, a)| {
            RailroadBarons::ranges(&state, a).into_iter().map(
                move |r| json!({"action": i, "pointer": r.pointer, "min": r.min, "max": r.max}),
            )
        })
        .collect();
    let server = Server::start().await;
    let body = server
        .ok(&format!("{GAME}/legal-actions"), &json!({"state": state}))
        .await;
    assert_eq!(body["ranges"], json!(expected));
    assert!(!expected.is_empty());
    // Each range points at a number inside its action.
    for range in expected {
        let action = &body["actions"][range["action"].as_u64().unwrap() as usize];
        assert!(action.pointer(range["pointer"].as_str().unwrap()).is_some());
    }
    server.stop().await;
}

#[actix_web::test]
async fn replay_completes_or_names_the_first_illegal_action() {
    let server = Server::start().await;
    let actions = playout(1, 10);
    assert_eq!(actions.len(), 10);
    let done = server
        .ok(
            &format!("{GAME}/replay"),
            &json!({"setup": {"seed": 1}, "actions": actions}),
        )
        .await;
    assert_eq!(done["valid"], true);
    assert_eq!(done["events"].as_array().unwrap().len(), 10);

    // The same from a state, with the first action applied by hand.
    let mut state = initial_state();
    RailroadBarons::apply(
        &mut state,
        &serde_json::from_value(actions[0].clone()).unwrap(),
    )
    .unwrap();
    let from_state = server
        .ok(
            &format!("{GAME}/replay"),
            &json!({"state": state, "actions": actions[1..]}),
        )
        .await;
    assert_eq!(from_state["state"], done["state"]);

    // Action 4 made by the wrong seat.
    let mut bad = actions.clone();
    let player = bad[4]["player"].as_str().unwrap().to_string();
    bad[4]["player"] = json!(if player == "A" { "B" } else { "A" });
    let refused = server
        .ok(
            &format!("{GAME}/replay"),
            &json!({"setup": {"seed": 1}, "actions": bad}),
        )
        .await;
    assert_eq!(refused["valid"], false);
    assert_eq!(refused["index"], 4);
    assert!(refused["violation"]["code"].is_string());
    assert_eq!(refused["events"].as_array().unwrap().len(), 4);
    server.stop().await;
}

/// A whole recorded game, from setup to `game_ended`, replayed over HTTP.
#[actix_web::test]
async fn replay_of_a_complete_game_ends_it() {
    let server = Server::start().await;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/savegames/railroad-barons-greedy-seed-19.json"
    );
    let save: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let done = server
        .ok(
            &format!("{GAME}/replay"),
            &json!({"setup": save["setup"], "actions": save["actions"]}),
        )
        .await;
    assert_eq!(done["valid"], true);
    assert_eq!(done["state"], save["state"]);
    assert_eq!(done["state"]["round"]["round"], "game_ended");
    let last = done["events"]
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .as_array()
        .unwrap();
    assert!(last.iter().any(|e| e["type"] == "game_ended"), "{last:?}");
    // Nothing is legal afterwards.
    let legal = server
        .ok(
            &format!("{GAME}/legal-actions"),
            &json!({"state": done["state"]}),
        )
        .await;
    assert_eq!(legal["actions"], json!([]));
    server.stop().await;
}

#[actix_web::test]
async fn check_finds_a_tampered_state() {
    let server = Server::start().await;
    let good = server
        .ok(&format!("{GAME}/check"), &json!({"state": state_json()}))
        .await;
    assert_eq!(good["consistent"], true);
    let bad = server
        .ok(
            &format!("{GAME}/check"),
            &json!({"state": tampered_state()}),
        )
        .await;
    assert_eq!(bad["consistent"], false);
    assert!(!bad["violations"].as_array().unwrap().is_empty(), "{bad}");
    server.stop().await;
}

#[actix_web::test]
async fn an_inconsistent_state_is_never_judged() {
    let server = Server::start().await;
    for (endpoint, body) in [
        (
            "validate",
            json!({"state": tampered_state(), "action": first_legal_action()}),
        ),
        ("legal-actions", json!({"state": tampered_state()})),
        ("replay", json!({"state": tampered_state(), "actions": []})),
    ] {
        let response = server.post_json(&format!("{GAME}/{endpoint}"), &body).await;
        let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert_eq!(problem["type"], "urn:railrules:problem:inconsistent-state");
        // Each violation listed once, in `errors`, with its pointer, code and rule.
        let violations = problem["errors"].as_array().unwrap();
        assert!(!violations.is_empty());
        assert!(problem.get("violations").is_none());
        assert!(violations.iter().all(|v| v["code"].is_string()
            && v["detail"].is_string()
            && v["rule"].is_string()
            && v["pointer"].as_str().unwrap().starts_with("/state")));
    }
    server.stop().await;
}

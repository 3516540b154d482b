//! The HTTP API against a real server on an ephemeral port, called with reqwest.

use std::time::{Duration, Instant};

use railrules::api::{self, Config, Limits};
use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use reqwest::StatusCode;
use serde_json::{Value, json};

const GAME: &str = "/v1/railroad-barons";

mod common;
use common::*;

// -- States built with the library, so tests need not hard-code a seat or a shape.

fn initial_state() -> railrules::core::Checked<RailroadBarons> {
    RailroadBarons::setup(&Default::default(), 1).unwrap()
}

fn state_json() -> Value {
    serde_json::to_value(initial_state()).unwrap()
}

fn first_legal_action() -> Value {
    serde_json::to_value(&RailroadBarons::legal_actions(&initial_state())[0]).unwrap()
}

/// The first legal action, made by the other seat: out of turn, so illegal.
fn out_of_turn_action() -> Value {
    let mut action = first_legal_action();
    let player = action["player"].as_str().unwrap();
    action["player"] = json!(if player == "A" { "B" } else { "A" });
    action
}

/// `n` actions, each the first legal one in turn, from setup with `seed`.
fn playout(seed: u64, n: usize) -> Vec<Value> {
    let mut state = RailroadBarons::setup(&Default::default(), seed).unwrap();
    let mut actions = Vec::new();
    for _ in 0..n {
        let Some(action) = RailroadBarons::legal_actions(&state).into_iter().next() else {
            break;
        };
        RailroadBarons::apply(&mut state, &action).unwrap();
        actions.push(serde_json::to_value(&action).unwrap());
    }
    actions
}

/// A consistent-looking but tampered state: money appears from nowhere.
fn tampered_state() -> Value {
    let mut state = state_json();
    let cash = state["players"][0]["cash"].as_u64().unwrap();
    state["players"][0]["cash"] = json!(cash + 5);
    state
}

// -- The service endpoints

#[actix_web::test]
async fn games_list_names_railroad_barons() {
    let server = Server::start().await;
    let response = server.get("/v1/games").await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    let games = body["games"].as_array().unwrap();
    let rb = games
        .iter()
        .find(|g| g["id"] == "railroad-barons")
        .expect("railroad-barons listed");
    assert_eq!(rb["rules_version"], RailroadBarons::RULES_VERSION);
    assert_eq!(rb["min_players"], 2);
    // 1833NE: every rule of the standard game, receivership included; the Takeover variant is
    // the one thing not built.
    let ne = games.iter().find(|g| g["id"] == "1833ne").unwrap();
    assert_eq!(ne["complete"], true);
    assert_eq!(ne["not_built"], json!(["the Takeover variant"]));
    assert_eq!(rb["not_built"], json!([]));
    // Issue 39: what remains of our own among Railroad Barons' default components; the cards'
    // counts and levels, the bank and the start values have a source and are not listed.
    assert_eq!(rb["components"], "provisional");
    assert_eq!(
        rb["provisional"],
        json!([
            "railroad costs and incomes",
            "the share value track",
            "the circles of each Holding",
            "the Investors' revenue bonuses"
        ])
    );
    let g1846 = games.iter().find(|g| g["id"] == "1846").unwrap();
    assert_eq!(g1846["provisional"], json!([]));
    // The README's table of games says what `/v1/games` says: a status beginning `complete`
    // exactly for the complete games, and naming everything not built.
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    for game in games {
        let id = game["id"].as_str().unwrap();
        let row = readme
            .lines()
            .find(|l| l.starts_with(&format!("| `{id}` |")))
            .unwrap_or_else(|| panic!("README has no row for {id}"));
        let status = row.rsplit(" | ").next().unwrap();
        let complete = game["complete"].as_bool().unwrap();
        assert_eq!(status.starts_with("complete"), complete, "{id}: {status}");
        for missing in game["not_built"].as_array().unwrap() {
            assert!(
                status.contains(missing.as_str().unwrap()),
                "{id}: {missing}"
            );
        }
    }
    server.stop().await;
}

#[actix_web::test]
async fn health_and_metrics() {
    let server = Server::start().await;
    let response = server.get("/healthz").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"status": "ok"})
    );

    server
        .ok(&format!("{GAME}/setup"), &json!({"seed": 3}))
        .await;
    server
        .ok(
            &format!("{GAME}/validate"),
            &json!({"state": state_json(), "action": out_of_turn_action()}),
        )
        .await;
    server.post_raw(&format!("{GAME}/check"), "{").await;

    let response = server.get("/metrics").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain")
    );
    let text = response.text().await.unwrap();
    for line in [
        r#"railrules_requests_total{endpoint="setup",game="railroad-barons",outcome="valid"} 1"#,
        r#"railrules_requests_total{endpoint="validate",game="railroad-barons",outcome="invalid"} 1"#,
        r#"railrules_requests_total{endpoint="check",game="railroad-barons",outcome="malformed"} 1"#,
        r#"railrules_request_duration_seconds_count{endpoint="setup",game="railroad-barons"} 1"#,
    ] {
        assert!(text.contains(line), "missing `{line}` in:\n{text}");
    }
    server.stop().await;
}

#[actix_web::test]
async fn openapi_document_has_typed_per_game_paths() {
    let server = Server::start().await;
    let response = server.get("/openapi.json").await;
    assert_eq!(response.status(), StatusCode::OK);
    let doc: Value = response.json().await.unwrap();
    assert!(doc["openapi"].as_str().unwrap().starts_with("3.1"));
    for endpoint in ["setup", "validate", "legal-actions", "replay", "check"] {
        let path = &doc["paths"][format!("{GAME}/{endpoint}")]["post"];
        let schema = &path["requestBody"]["content"]["application/json"]["schema"]["$ref"];
        assert!(
            schema
                .as_str()
                .unwrap()
                .starts_with("#/components/schemas/RailroadBarons"),
            "{endpoint}: {schema}"
        );
    }
    for kind in ["state", "action", "event"] {
        assert!(doc["paths"][format!("{GAME}/schema/{kind}")]["get"].is_object());
    }
    let request = &doc["components"]["schemas"]["RailroadBaronsValidateRequest"];
    assert_eq!(
        request["properties"]["state"]["$ref"],
        "#/components/schemas/RailroadBaronsState"
    );
    assert_eq!(
        request["properties"]["action"]["$ref"],
        "#/components/schemas/RailroadBaronsAction"
    );
    // utoipa drops deny_unknown_fields on tagged enums; the document is patched.
    let variants = doc["components"]["schemas"]["RailroadBaronsAction"]["oneOf"]
        .as_array()
        .unwrap();
    assert!(variants.iter().all(|v| v["additionalProperties"] == false));
    server.stop().await;
}

#[actix_web::test]
async fn swagger_ui_is_served_from_the_binary() {
    let server = Server::start().await;
    let no_redirects = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let response = no_redirects.get(server.url("/docs")).send().await.unwrap();
    assert!(response.status().is_redirection());
    assert_eq!(response.headers()["location"], "/docs/");

    let response = server.get("/docs/").await;
    assert_eq!(response.status(), StatusCode::OK);
    let html = response.text().await.unwrap();
    assert!(html.contains("swagger-ui-bundle.js"), "{html}");
    let response = server.get("/docs/swagger-ui-bundle.js").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.text().await.unwrap().len() > 100_000);
    let config = server.get("/docs/swagger-initializer.js").await;
    assert!(config.text().await.unwrap().contains("/openapi.json"));
    server.stop().await;
}

#[actix_web::test]
async fn schema_endpoints_serve_standalone_json_schemas() {
    let server = Server::start().await;
    for (kind, name) in [
        ("state", "RailroadBaronsState"),
        ("action", "RailroadBaronsAction"),
        ("event", "RailroadBaronsEvent"),
    ] {
        let response = server.get(&format!("{GAME}/schema/{kind}")).await;
        assert_eq!(response.status(), StatusCode::OK, "{kind}");
        let schema: Value = response.json().await.unwrap();
        assert_eq!(schema["$ref"], format!("#/$defs/{name}"));
        assert!(schema["$defs"][name].is_object());
        assert!(!schema.to_string().contains("#/components/"));
    }
    server.stop().await;
}

// -- The game endpoints

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

// -- Malformed requests

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

// -- Limits

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

// -- HTTP behaviour

#[actix_web::test]
async fn wrong_methods_are_405_with_allow() {
    let server = Server::start().await;
    let client = &server.client;
    for (method, path, allow) in [
        (reqwest::Method::GET, format!("{GAME}/validate"), "POST"),
        (reqwest::Method::PUT, format!("{GAME}/setup"), "POST"),
        (reqwest::Method::POST, "/v1/games".to_string(), "GET, HEAD"),
        (reqwest::Method::DELETE, "/healthz".to_string(), "GET, HEAD"),
        (
            reqwest::Method::POST,
            "/openapi.json".to_string(),
            "GET, HEAD",
        ),
        (
            reqwest::Method::POST,
            format!("{GAME}/schema/state"),
            "GET, HEAD",
        ),
    ] {
        let response = client
            .request(method.clone(), server.url(&path))
            .send()
            .await
            .unwrap();
        assert_eq!(response.headers()["allow"], allow, "{method} {path}");
        expect_problem(response, StatusCode::METHOD_NOT_ALLOWED).await;
    }
    for path in ["/healthz", "/v1/games", "/openapi.json", "/metrics"] {
        let response = client.head(server.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "HEAD {path}");
    }
    server.stop().await;
}

#[actix_web::test]
async fn unknown_paths_are_404_problems() {
    let server = Server::start().await;
    for path in ["/v1/other/setup", "/v1/railroad-barons/nope", "/nope"] {
        let response = server.post_json(path, &json!({})).await;
        expect_problem(response, StatusCode::NOT_FOUND).await;
    }
    server.stop().await;
}

#[actix_web::test]
async fn cors_preflight_is_answered() {
    let server = Server::start().await;
    let response = server
        .client
        .request(
            reqwest::Method::OPTIONS,
            server.url(&format!("{GAME}/validate")),
        )
        .header("origin", "https://ui.example")
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "content-type")
        .send()
        .await
        .unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    assert_eq!(
        response.headers()["access-control-allow-origin"],
        "https://ui.example"
    );
    let methods = response.headers()["access-control-allow-methods"]
        .to_str()
        .unwrap()
        .to_string();
    assert!(methods.contains("POST"), "{methods}");
    server.stop().await;

    // Configured origins only.
    let server = Server::start_with(Config {
        cors_origins: vec!["https://ui.example".into()],
        ..Config::default()
    })
    .await;
    let allowed = server
        .client
        .get(server.url("/healthz"))
        .header("origin", "https://ui.example")
        .send()
        .await
        .unwrap();
    assert_eq!(
        allowed.headers()["access-control-allow-origin"],
        "https://ui.example"
    );
    let other = server
        .client
        .get(server.url("/healthz"))
        .header("origin", "https://evil.example")
        .send()
        .await
        .unwrap();
    assert!(other.headers().get("access-control-allow-origin").is_none());
    server.stop().await;
}

// -- examples/requests/: one valid body per endpoint

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/requests");
const REGENERATE: &str = "RAILRULES_REGENERATE_EXAMPLES";

/// The example bodies of a game, built from the library so they follow the game's types.
fn bodies_of<G: Game>(options: Value) -> Vec<(&'static str, Value)> {
    let opts: G::Options = serde_json::from_value(options.clone()).unwrap();
    let mut state = G::setup(&opts, 1).unwrap();
    let start = serde_json::to_value(&state).unwrap();
    let first = G::legal_actions(&state)[0].clone();
    let mut actions = Vec::new();
    for _ in 0..3 {
        let a = G::legal_actions(&state)[0].clone();
        G::apply(&mut state, &a).unwrap();
        actions.push(serde_json::to_value(&a).unwrap());
    }
    vec![
        ("setup", json!({"options": options, "seed": 1})),
        ("validate", json!({"state": start, "action": first})),
        ("legal-actions", json!({"state": start})),
        (
            "replay",
            json!({"setup": {"options": options, "seed": 1}, "actions": actions}),
        ),
        ("check", json!({"state": start.clone()})),
    ]
    .into_iter()
    .chain(G::RENDERS.then(|| ("render", json!({"state": start}))))
    .chain(G::HIDDEN_INFORMATION.then(|| {
        let seat = G::to_act(&G::setup(&opts, 1).unwrap())[0].clone();
        ("view", json!({"state": start, "seat": seat}))
    }))
    .chain(
        railrules::import::has_title(G::ID)
            .then(|| ("import", export_of::<G>(&options, &actions, &state))),
    )
    .collect()
}

/// The 18xx.games export of a short game (its setup with seed 1, then `actions`): the body of
/// `POST /v1/{game}/import`.
fn export_of<G: Game>(options: &Value, actions: &[Value], state: &G::State) -> Value {
    let save: railrules::core::save::SaveFile = serde_json::from_value(json!({
        "game": G::ID,
        "rules_version": G::RULES_VERSION,
        "setup": {"options": options, "seed": 1},
        "actions": actions,
        "state": state,
    }))
    .unwrap();
    railrules::import::export(&save).unwrap()
}

fn example_bodies() -> Vec<(&'static str, Vec<(&'static str, Value)>)> {
    vec![
        ("railroad-barons", bodies_of::<RailroadBarons>(json!({}))),
        (
            "1833ne",
            bodies_of::<railrules::games::ne1833::Ne1833>(json!({"players": 4})),
        ),
        (
            "rotw-solo",
            bodies_of::<railrules::games::rotw_solo::RotwSolo>(json!({})),
        ),
        (
            "russian-railroads-american",
            bodies_of::<railrules::games::russian_railroads_american::RussianRailroadsAmerican>(
                json!({"players": 3}),
            ),
        ),
    ]
}

#[actix_web::test]
async fn example_request_bodies_are_accepted() {
    if std::env::var_os(REGENERATE).is_some() {
        for (game, bodies) in example_bodies() {
            std::fs::create_dir_all(format!("{EXAMPLES}/{game}")).unwrap();
            for (endpoint, body) in bodies {
                let text = serde_json::to_string_pretty(&body).unwrap() + "\n";
                std::fs::write(format!("{EXAMPLES}/{game}/{endpoint}.json"), text).unwrap();
            }
        }
    }
    let server = Server::start().await;
    // Every endpoint of every game has its example (1846's are written by tests/savegames.rs).
    let games = server.ok_get("/v1/games").await;
    for game in games["games"].as_array().unwrap() {
        let id = game["id"].as_str().unwrap();
        for endpoint in game["endpoints"].as_array().unwrap() {
            let path = format!("{EXAMPLES}/{id}/{}.json", endpoint.as_str().unwrap());
            let body = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
            let response = server
                .post_raw(&format!("/v1/{id}/{}", endpoint.as_str().unwrap()), body)
                .await;
            let status = response.status();
            let text = response.text().await.unwrap();
            assert_eq!(status, StatusCode::OK, "{path} is refused: {text}");
        }
    }
    for (game, bodies) in example_bodies() {
        for (endpoint, _) in bodies {
            let path = format!("{EXAMPLES}/{game}/{endpoint}.json");
            let body = std::fs::read(&path).unwrap_or_else(|e| {
                panic!("{path}: {e}; regenerate with {REGENERATE}=1 cargo test --test http example")
            });
            let response = server
                .post_raw(&format!("/v1/{game}/{endpoint}"), body)
                .await;
            let status = response.status();
            let text = response.text().await.unwrap();
            assert_eq!(
                status,
                StatusCode::OK,
                "{path} is refused: {text}\nIf the game's types changed, regenerate with \
                 {REGENERATE}=1 cargo test --test http example"
            );
        }
    }
    server.stop().await;
}

/// The request examples the live server publishes in /openapi.json are accepted by it.
#[actix_web::test]
async fn the_published_request_examples_are_accepted() {
    let server = Server::start().await;
    let doc: Value = server.get("/openapi.json").await.json().await.unwrap();
    let mut sent = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        let example = &item["post"]["requestBody"]["content"]["application/json"]["example"];
        if example.is_null() {
            continue;
        }
        let response = server.post_json(path, example).await;
        let status = response.status();
        let text = response.text().await.unwrap();
        assert_eq!(status, StatusCode::OK, "{path}: {text}");
        sent += 1;
    }
    assert_eq!(sent, 30);
    server.stop().await;
}

#[actix_web::test]
async fn the_echo_baseline_is_served_only_when_asked_for() {
    let body = json!({"state": state_json(), "action": first_legal_action()});
    let server = Server::start().await;
    let response = server.post_json("/v1/echo", &body).await;
    expect_problem(response, StatusCode::NOT_FOUND).await;
    server.stop().await;

    let server = Server::start_with(Config {
        echo_endpoint: true,
        ..Config::default()
    })
    .await;
    let response = server.post_json("/v1/echo", &body).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.json::<Value>().await.unwrap(), body);
    let response = server.post_raw("/v1/echo", "{\"state\": ").await;
    let problem = expect_problem(response, StatusCode::BAD_REQUEST).await;
    assert_eq!(problem["type"], "urn:railrules:problem:not-json");
    server.stop().await;
}

#[actix_web::test]
async fn every_response_carries_a_request_id() {
    let server = Server::start().await;
    let client = reqwest::Client::new();
    let id_of = |r: &reqwest::Response| {
        r.headers()
            .get("x-request-id")
            .map(|v| v.to_str().unwrap().to_string())
    };
    // The client's own id is echoed, on an answer and on a problem alike.
    for path in ["/healthz", "/v1/nowhere"] {
        let response = client
            .get(server.url(path))
            .header("x-request-id", "trace-7f3a")
            .send()
            .await
            .unwrap();
        assert_eq!(id_of(&response).as_deref(), Some("trace-7f3a"), "{path}");
    }
    // Without one, or with one too long to keep, each request gets its own.
    let mut made = Vec::new();
    for header in [None, Some("x".repeat(200))] {
        let mut request = client.get(server.url("/healthz"));
        if let Some(h) = header {
            request = request.header("x-request-id", h);
        }
        let id = id_of(&request.send().await.unwrap()).expect("an id");
        assert_eq!(id.len(), 16, "{id}");
        assert!(id.bytes().all(|b| b.is_ascii_hexdigit()), "{id}");
        made.push(id);
    }
    assert_ne!(made[0], made[1]);
    server.stop().await;
}

// -- `POST /v1/1833ne/import`: an 18xx.games export read into a save file.

fn ne1833_save() -> Value {
    serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/examples/savegames/1833ne-greedy-4p-seed-3.json"
        ))
        .unwrap(),
    )
    .unwrap()
}

fn ne1833_export() -> Value {
    let save = serde_json::from_value(ne1833_save()).unwrap();
    railrules::import::export(&save).unwrap()
}

#[actix_web::test]
async fn import_answers_the_save_file_with_its_counts() {
    let server = Server::start().await;
    let export = ne1833_export();
    let mut answer = server.ok("/v1/1833ne/import", &export).await;
    // The save, and the export it came from (its id and players), which `export` writes back.
    let origin = answer["save"]
        .as_object_mut()
        .unwrap()
        .remove("origin")
        .unwrap();
    assert_eq!(origin["id"], export["id"]);
    assert_eq!(origin["players"], export["players"]);
    assert_eq!(answer["save"], ne1833_save());
    // Every action of the export imported; the save's others inserted by the flow rules.
    let written = export["actions"].as_array().unwrap().len();
    let saved = answer["save"]["actions"].as_array().unwrap().len();
    assert!(written < saved, "the site leaves some passes out");
    assert_eq!(
        (&answer["imported"], &answer["inserted"], &answer["dropped"]),
        (&json!(written), &json!(saved - written), &json!(0))
    );
    // Only games with an 18xx.games title serve it.
    let response = server
        .post_json(&format!("{GAME}/import"), &json!({}))
        .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    server.stop().await;
}

#[actix_web::test]
async fn import_refuses_another_title_and_names_the_action_it_cannot_read() {
    let server = Server::start().await;
    let mut other = ne1833_export();
    other["title"] = json!("1846");
    let problem = expect_problem(
        server.post_json("/v1/1833ne/import", &other).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(pointers(&problem), ["/title"], "{problem}");
    let mut bad = ne1833_export();
    bad["actions"][7]["type"] = json!("merge");
    let problem = expect_problem(
        server.post_json("/v1/1833ne/import", &bad).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(pointers(&problem), ["/actions/7/type"], "{problem}");
    // An illegal action: its pointer in the export and the rule's violation.
    let mut moved = ne1833_export();
    moved["actions"].as_array_mut().unwrap().swap(1, 2);
    let problem = expect_problem(
        server.post_json("/v1/1833ne/import", &moved).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(pointers(&problem), ["/actions/1"], "{problem}");
    assert!(problem.to_string().contains("not_your_turn"), "{problem}");
    // Not an export at all.
    let problem = expect_problem(
        server
            .post_json("/v1/1833ne/import", &json!({"title": 3}))
            .await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(pointers(&problem), ["/title"], "{problem}");
    server.stop().await;
}

// -- `POST /v1/1846/import`: a real 1846 game of 18xx.games read into a save file.

fn g1846_export() -> Value {
    serde_json::from_str(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/18xx-games/1846/20381.json"
        ))
        .unwrap(),
    )
    .unwrap()
}

#[actix_web::test]
async fn import_reads_a_real_1846_game_and_names_a_tampered_action() {
    let server = Server::start().await;
    let export = g1846_export();
    let answer = server.ok("/v1/1846/import", &export).await;
    let text = export.to_string();
    let parsed = railrules::import::export_18xx::Export::parse(&text).unwrap();
    let imported =
        railrules::import::title::import::<railrules::games::g1846::G1846>(&parsed).unwrap();
    assert_eq!(answer["save"]["game"], json!("1846"));
    assert_eq!(
        answer["save"]["actions"].as_array().unwrap().len(),
        imported.save.actions.len()
    );
    assert_eq!(
        (&answer["imported"], &answer["inserted"], &answer["dropped"]),
        (
            &json!(imported.imported),
            &json!(imported.inserted),
            &json!(imported.dropped)
        )
    );
    // C&O's purchase of the Tunnel Blasting Company above its $60 face value.
    let mut tampered = export.clone();
    assert_eq!(tampered["actions"][57]["company"], json!("TBC"));
    tampered["actions"][57]["price"] = json!(61);
    let problem = expect_problem(
        server.post_json("/v1/1846/import", &tampered).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(pointers(&problem), ["/actions/57"], "{problem}");
    assert!(problem.to_string().contains("bad_price"), "{problem}");
    // An 1833NE export is not one of 1846.
    let problem = expect_problem(
        server.post_json("/v1/1846/import", &ne1833_export()).await,
        StatusCode::UNPROCESSABLE_ENTITY,
    )
    .await;
    assert_eq!(pointers(&problem), ["/title"], "{problem}");
    server.stop().await;
}

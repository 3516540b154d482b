//! No answer out of proportion to its request (issue 16.1): lists longer than the rules allow
//! are refused where they stand, while being read, and no answer lists more than 100 problems.
//! Each answer here is at most 4 times its body plus 4 KiB.

mod common;

use common::{Server, expect_problem};
use railrules::core::Game;
use railrules::games::ne1833::Ne1833;
use railrules::games::railroad_barons::RailroadBarons;
use railrules::games::rotw_solo::RotwSolo;
use railrules::games::russian_railroads_american::RussianRailroadsAmerican;
use railrules::games::{rotw_solo, russian_railroads_american as rra};
use reqwest::StatusCode;
use serde_json::{Value, json};

/// Posts `body` and returns the status, the answer's length and the answer.
async fn post(server: &Server, path: &str, body: String) -> (StatusCode, usize, Value) {
    let response = server.post_raw(path, body).await;
    let status = response.status();
    let text = response.text().await.unwrap();
    (status, text.len(), serde_json::from_str(&text).unwrap())
}

fn in_proportion(body: usize, answer: usize) {
    assert!(
        answer <= 4 * body + 4096,
        "answer {answer} bytes for a body of {body}"
    );
}

#[actix_web::test]
async fn a_state_listing_a_card_700000_times_is_refused_in_a_short_answer() {
    // Measured before: a 422 of 174 MB, each of the 700,000 problems listed twice.
    let server = Server::start().await;
    let mut state =
        serde_json::to_value(RailroadBarons::setup(&Default::default(), 1).unwrap()).unwrap();
    state["railroad_stack"] = json!(vec![9; 700_000]);
    let action = serde_json::to_value(
        &RailroadBarons::legal_actions(&RailroadBarons::setup(&Default::default(), 1).unwrap())[0],
    )
    .unwrap();
    let body = json!({"state": state, "action": action}).to_string();
    assert!(body.len() < 2 * 1024 * 1024, "{} bytes", body.len());
    let (status, length, problem) =
        post(&server, "/v1/railroad-barons/validate", body.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
    in_proportion(body.len(), length);
    assert!(length < 4096, "{length} bytes");
    assert_eq!(
        problem["errors"][0]["pointer"], "/state/railroad_stack",
        "{problem}"
    );
    assert!(
        problem["errors"][0]["detail"]
            .as_str()
            .unwrap()
            .contains("at most 64"),
        "{problem}"
    );
    server.stop().await;
}

#[actix_web::test]
async fn every_list_of_a_1833ne_state_is_bounded_by_the_rules() {
    let server = Server::start().await;
    let state = serde_json::to_value(Ne1833::setup(&Default::default(), 1).unwrap()).unwrap();
    let too_long: [(&str, Value); 4] = [
        (
            "/state/players",
            json!(vec![state["players"][0].clone(); 6]),
        ),
        (
            "/state/companies",
            json!(vec![state["companies"][0].clone(); 10]),
        ),
        ("/state/removed_trains", json!(vec!["2-0"; 65])),
        (
            "/state/board/stations",
            json!(vec![
                json!({"company": "CV", "hex": "A1", "city": 0});
                railrules::games::kit18xx::board::MAX_STATIONS + 1
            ]),
        ),
    ];
    for (pointer, list) in too_long {
        let mut tampered = state.clone();
        *tampered.pointer_mut(&pointer["/state".len()..]).unwrap() = list;
        let response = server
            .post_json("/v1/1833ne/check", &json!({"state": tampered}))
            .await;
        let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert_eq!(problem["errors"][0]["pointer"], pointer, "{problem}");
    }
    server.stop().await;
}

#[actix_web::test]
async fn check_lists_at_most_100_violations_and_counts_the_rest() {
    // A tile of no manifest, at no rotation, on each of the map's 100 hexes: over 100 problems.
    let server = Server::start().await;
    let mut state = serde_json::to_value(Ne1833::setup(&Default::default(), 1).unwrap()).unwrap();
    let hexes = &railrules::games::ne1833::data::components().hexes;
    let tiles: serde_json::Map<String, Value> = hexes
        .iter()
        .enumerate()
        .map(|(i, h)| {
            (
                h.id.clone(),
                json!({"tile": format!("T{i}"), "rotation": 9}),
            )
        })
        .collect();
    state["board"]["tiles"] = Value::Object(tiles);
    // And 18 stations on hexes of no map.
    state["board"]["stations"] = (0..18)
        .map(|i| json!({"company": "CV", "hex": format!("Z{i}"), "city": 0}))
        .collect();
    let body = json!({"state": state}).to_string();
    let (status, length, answer) = post(&server, "/v1/1833ne/check", body.clone()).await;
    assert_eq!(status, StatusCode::OK);
    in_proportion(body.len(), length);
    assert_eq!(answer["consistent"], false);
    assert_eq!(answer["violations"].as_array().unwrap().len(), 100);
    assert!(
        answer["omitted"].as_u64().unwrap() > 0,
        "{}",
        answer["omitted"]
    );
    // The same state judged: a 422 listing 100 problems, each once.
    let action = json!({"type": "pass", "player": "seat-1"});
    let body = json!({"state": state, "action": action}).to_string();
    let (status, length, problem) = post(&server, "/v1/1833ne/validate", body.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    in_proportion(body.len(), length);
    assert_eq!(problem["errors"].as_array().unwrap().len(), 100);
    assert!(problem["omitted"].as_u64().unwrap() > 0);
    server.stop().await;
}

/// Posts a state with one list too long and asserts a short 422 naming the list and its bound.
async fn refused_at(server: &Server, path: &str, body: String, pointer: &str, bound: usize) {
    assert!(body.len() < 2 * 1024 * 1024, "{} bytes", body.len());
    let (status, length, problem) = post(server, path, body.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
    in_proportion(body.len(), length);
    assert!(length < 4096, "{length} bytes");
    assert_eq!(problem["errors"][0]["pointer"], pointer, "{problem}");
    let detail = problem["errors"][0]["detail"].as_str().unwrap();
    assert!(detail.contains(&format!("at most {bound}")), "{problem}");
}

#[actix_web::test]
async fn a_russian_railroads_state_hiring_480000_engineers_is_refused_in_a_short_answer() {
    // Measured before: check took 26.8 s of CPU on it.
    let server = Server::start().await;
    let mut state =
        serde_json::to_value(RussianRailroadsAmerican::setup(&Default::default(), 1).unwrap())
            .unwrap();
    state["players"][0]["engineers"] = json!(vec![2; 480_000]);
    let body = json!({"state": state}).to_string();
    let path = "/v1/russian-railroads-american/check";
    refused_at(
        &server,
        path,
        body,
        "/state/players/0/engineers",
        rra::data::NUMBERED,
    )
    .await;
    server.stop().await;
}

#[actix_web::test]
async fn every_list_of_a_russian_railroads_state_and_action_is_bounded_by_the_rules() {
    let server = Server::start().await;
    let state =
        serde_json::to_value(RussianRailroadsAmerican::setup(&Default::default(), 1).unwrap())
            .unwrap();
    let too_long: [(&str, Value, usize); 6] = [
        (
            "/state/engineer_strip",
            json!(vec![2; 257]),
            rra::data::NUMBERED,
        ),
        (
            "/state/placements",
            json!(vec![
                json!({"space": 0, "seat": "P1", "workers": 1, "coins": 0});
                4097
            ]),
            rra::state::PLACEMENTS,
        ),
        (
            "/state/players/1/specials_met",
            json!(vec![[0, 0]; 766]),
            rra::state::SPECIALS,
        ),
        (
            "/state/turn/pool",
            json!(vec![json!({"type": "doubler"}); 257]),
            rra::state::POOL,
        ),
        (
            "/state/components/engineers",
            json!(vec![state["components"]["engineers"][0].clone(); 257]),
            rra::data::NUMBERED,
        ),
        (
            "/state/components/railroads/0/specials",
            json!(vec![
                state["components"]["railroads"][0]["specials"][0]
                    .clone();
                256
            ]),
            rra::data::MAX_LIST,
        ),
    ];
    for (pointer, list, bound) in too_long {
        let mut tampered = state.clone();
        *tampered.pointer_mut(&pointer["/state".len()..]).unwrap() = list;
        let body = json!({"state": tampered}).to_string();
        refused_at(
            &server,
            "/v1/russian-railroads-american/check",
            body,
            pointer,
            bound,
        )
        .await;
    }
    // An action's lists: a direct action resolved with more moves than any action gives.
    let action = json!({"type": "place", "player": "P1", "space": "black_2",
        "resolution": {"moves": vec![json!({"railroad": 0, "colour": "black"}); 5]}});
    let body = json!({"state": state, "action": action}).to_string();
    let path = "/v1/russian-railroads-american/validate";
    refused_at(
        &server,
        path,
        body,
        "/action/resolution/moves",
        rra::data::MOVES,
    )
    .await;
    server.stop().await;
}

#[actix_web::test]
async fn a_rotw_state_with_300000_cubes_on_a_city_is_refused_in_a_short_answer() {
    let server = Server::start().await;
    let mut state = serde_json::to_value(RotwSolo::setup(&Default::default(), 1).unwrap()).unwrap();
    state["city_cubes"][0] = json!(vec!["red"; 300_000]);
    let body = json!({"state": state}).to_string();
    refused_at(
        &server,
        "/v1/rotw-solo/check",
        body,
        "/state/city_cubes/0",
        rotw_solo::state::CUBES,
    )
    .await;
    server.stop().await;
}

#[actix_web::test]
async fn every_list_of_a_rotw_state_and_action_is_bounded_by_the_rules() {
    let server = Server::start().await;
    let state = serde_json::to_value(RotwSolo::setup(&Default::default(), 1).unwrap()).unwrap();
    let hex = json!({"q": 0, "r": 0});
    let too_long: [(&str, Value, usize); 6] = [
        (
            "/state/bag",
            json!(vec!["red"; 1276]),
            rotw_solo::state::CUBES,
        ),
        (
            "/state/city_cubes",
            json!(vec![json!([]); 201]),
            rotw_solo::data::MOST_ENTRIES,
        ),
        (
            "/state/railbot/row",
            json!(vec![0; 4]),
            rotw_solo::setup::ROW,
        ),
        (
            "/state/open_track",
            json!(vec![json!({"from": 0, "hexes": [hex]}); 4]),
            rotw_solo::state::OPEN_TRACKS,
        ),
        (
            "/state/decisions",
            json!(vec![json!({"decision": "give_major_line"}); 516]),
            rotw_solo::state::DECISIONS,
        ),
        (
            "/state/components/map/ridges",
            json!(vec![[hex.clone(), hex.clone()]; 15_001]),
            rotw_solo::data::RIDGES,
        ),
    ];
    for (pointer, list, bound) in too_long {
        let mut tampered = state.clone();
        *tampered.pointer_mut(&pointer["/state".len()..]).unwrap() = list;
        let body = json!({"state": tampered}).to_string();
        refused_at(&server, "/v1/rotw-solo/check", body, pointer, bound).await;
    }
    // An action's: a route longer than the top engine reaches.
    let action = json!({"type": "deliver", "colour": "red", "route": vec![0; 23]});
    let body = json!({"state": state, "action": action}).to_string();
    refused_at(
        &server,
        "/v1/rotw-solo/validate",
        body,
        "/action/route",
        rotw_solo::action::ROUTE,
    )
    .await;
    server.stop().await;
}

#[actix_web::test]
async fn a_replay_of_100000_junk_actions_is_judged_by_its_first_items() {
    // Measured before: the schema validator built every one of the million items' errors at
    // once, 6 GiB and 1.8 s of CPU in a release build (examples/hostile_load/, junk-replay);
    // this body, under the slow path's size, took about 600 MiB. Lists are now judged by their
    // first items: the problems listed name only those.
    let server = Server::start().await;
    let body = format!(
        r#"{{"setup": {{"seed": 1}}, "actions": [{}0]}}"#,
        "0,".repeat(99_999)
    );
    assert!(body.len() < railrules::api::validation::SLOW_PATH_BYTES);
    let (status, length, problem) = post(&server, "/v1/railroad-barons/replay", body.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
    in_proportion(body.len(), length);
    let errors = problem["errors"].as_array().unwrap();
    assert!(!errors.is_empty(), "{problem}");
    for error in errors {
        let pointer = error["pointer"].as_str().unwrap();
        let index: usize = pointer
            .strip_prefix("/actions/")
            .and_then(|rest| rest.split('/').next())
            .and_then(|i| i.parse().ok())
            .unwrap_or_else(|| panic!("{pointer}"));
        assert!(
            index < railrules::api::validation::SCHEMA_ITEMS,
            "{pointer}"
        );
    }
    server.stop().await;
}

#[actix_web::test]
async fn a_refused_body_over_the_slow_paths_size_gets_the_one_problem_serde_found() {
    // A million junk actions (2 MB): read whole as a `Value` to list every problem, it held
    // about 50 MiB, times the requests at once. Over `SLOW_PATH_BYTES` the answer is serde's
    // one problem, with its pointer.
    let server = Server::start().await;
    let body = format!(
        r#"{{"setup": {{"seed": 1}}, "actions": [{}0]}}"#,
        "0,".repeat(999_999)
    );
    assert!(body.len() > railrules::api::validation::SLOW_PATH_BYTES);
    let (status, length, problem) = post(&server, "/v1/railroad-barons/replay", body.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{problem}");
    assert!(length < 4096, "{length} bytes");
    let errors = problem["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 1, "{problem}");
    assert_eq!(errors[0]["pointer"], "/actions/0", "{problem}");
    server.stop().await;
}

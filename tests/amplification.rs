//! No answer out of proportion to its request (issue 16.1): lists longer than the rules allow
//! are refused where they stand, while being read, and no answer lists more than 100 problems.
//! Each answer here is at most 4 times its body plus 4 KiB.

mod common;

use common::{Server, expect_problem};
use railrules::core::Game;
use railrules::games::ne1833::Ne1833;
use railrules::games::railroad_barons::RailroadBarons;
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
            json!(vec![json!({"company": "CV", "hex": "A1", "city": 0}); 19]),
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
    let action = json!({"type": "pass", "player": "P1"});
    let body = json!({"state": state, "action": action}).to_string();
    let (status, length, problem) = post(&server, "/v1/1833ne/validate", body.clone()).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    in_proportion(body.len(), length);
    assert_eq!(problem["errors"].as_array().unwrap().len(), 100);
    assert!(problem["omitted"].as_u64().unwrap() > 0);
    server.stop().await;
}

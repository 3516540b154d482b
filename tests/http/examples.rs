//! examples/requests/: one valid body per endpoint, accepted by the service, and the published
//! request examples accepted too.

use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::*;

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

//! `GET /v1/{game}/components` (issue 20.1): each game's static data, valid against its
//! published schema, and enough to draw and label every part of a state: each id a state
//! names (hexes, tiles, companies, market spaces, trains, privates) is found in it.

use jsonschema::Validator;
use railrules::api::openapi;
use railrules::core::{Game, GameVisitor};
use railrules::registry::visit_games;
use reqwest::StatusCode;
use serde_json::Value;
use std::collections::BTreeSet;

mod common;
use common::*;

/// The component schema of each game, by id, as the OpenAPI document publishes it.
struct Schemas(Vec<(&'static str, String)>);

impl GameVisitor for Schemas {
    fn visit<G: Game>(&mut self) {
        let name = <G::Components as utoipa::ToSchema>::name().into_owned();
        self.0.push((G::ID, name));
    }
}

#[actix_web::test]
async fn every_games_components_are_served_valid_against_their_schema() {
    let doc = openapi::build();
    let components = openapi::components_json(&doc);
    let mut schemas = Schemas(Vec::new());
    visit_games(&mut schemas);
    assert_eq!(schemas.0.len(), 5);
    let server = Server::start().await;
    for (game, name) in schemas.0 {
        let response = server.get(&format!("/v1/{game}/components")).await;
        assert_eq!(response.status(), StatusCode::OK, "{game}");
        let body: Value = response.json().await.unwrap();
        let schema = openapi::standalone_schema(&components, &name);
        let validator = Validator::new(&schema).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&body)
            .take(5)
            .map(|e| format!("{e} at {}", e.instance_path().as_str()))
            .collect();
        assert!(errors.is_empty(), "{game}: {errors:?}");
        // The document names the path and its schema.
        let path = &doc.paths.paths[&format!("/v1/{game}/components")];
        assert!(path.get.is_some(), "{game}");
    }
    server.stop().await;
}

#[actix_web::test]
async fn an_unknown_game_has_no_components_and_is_told_the_games() {
    let server = Server::start().await;
    let response = server.get("/v1/monopoly/components").await;
    let problem = expect_problem(response, StatusCode::NOT_FOUND).await;
    let detail = problem["detail"].as_str().unwrap();
    assert!(detail.contains("unknown game `monopoly`"), "{detail}");
    assert!(detail.contains("1833ne") && detail.contains("railroad-barons"));
    server.stop().await;
}

/// A late 1833NE state (a recorded game's end) drawn from components alone: every hex with a
/// tile or a station is a hex of the map, every laid tile is a tile of the game with its track,
/// every company has its colour and home, every price is a market space, every train a card.
#[actix_web::test]
async fn a_1833ne_state_is_drawn_from_its_components() {
    let server = Server::start().await;
    let c = server.ok_get("/v1/1833ne/components").await;
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/savegames/1833ne-greedy-3p-seed-2.json"
    );
    let save: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let state = &save["state"];
    let ids = |list: &Value| -> BTreeSet<String> {
        list.as_array()
            .unwrap()
            .iter()
            .map(|v| v["id"].as_str().unwrap().to_string())
            .collect()
    };
    let hexes = ids(&c["hexes"]);
    let tiles = ids(&c["tiles"]);
    assert!(hexes.len() > 50 && tiles.len() > 20);
    let board = &state["board"];
    let laid = board["tiles"].as_object().unwrap();
    assert!(laid.len() > 20, "a late board");
    for (hex, tile) in laid {
        assert!(hexes.contains(hex), "hex {hex}");
        let id = tile["tile"].as_str().unwrap();
        assert!(tiles.contains(id), "tile {id}");
    }
    for station in board["stations"].as_array().unwrap() {
        assert!(hexes.contains(station["hex"].as_str().unwrap()));
    }
    // Geometry: six named edges and where each leads, so hexes can be placed and tiles turned.
    assert_eq!(c["layout"]["edges"].as_array().unwrap().len(), 6);
    assert_eq!(
        c["layout"]["neighbour_offsets"].as_object().unwrap().len(),
        6
    );
    let corporations = ids(&c["corporations"]);
    for company in state["companies"].as_array().unwrap() {
        let symbol = company["company"].as_str().unwrap();
        let data = c["corporations"]
            .as_array()
            .unwrap()
            .iter()
            .find(|k| k["id"] == symbol)
            .unwrap_or_else(|| panic!("{symbol} not among {corporations:?}"));
        assert!(!data["color"].as_str().unwrap().is_empty(), "{data}");
        assert!(hexes.contains(data["home"]["hex"].as_str().unwrap()));
        if let Some(price) = company["price"].as_u64() {
            assert!(c["market"][price as usize].is_u64(), "{symbol} at {price}");
        }
        for train in company["trains"].as_array().unwrap() {
            let card = train["card"].as_str().unwrap_or_default();
            let cards = ids(&c["trains"]);
            assert!(card.is_empty() || cards.contains(card), "{train}");
        }
    }
    // The depot counts one entry per train card of the components.
    assert_eq!(
        state["depot"].as_array().unwrap().len(),
        c["trains"].as_array().unwrap().len()
    );
    let privates = ids(&c["privates"]);
    for private in state["privates"].as_array().unwrap() {
        assert!(privates.contains(private["private"].as_str().unwrap()));
    }
    assert!(c["provisional"]["ferries"].as_array().unwrap().len() >= 5);
    server.stop().await;
}

/// Railroad Barons' components travel in its state: the served defaults are what a setup
/// without options plays with.
#[actix_web::test]
async fn railroad_barons_components_are_the_defaults_a_setup_plays_with() {
    let server = Server::start().await;
    let served = server.ok_get("/v1/railroad-barons/components").await;
    let setup = server
        .ok("/v1/railroad-barons/setup", &serde_json::json!({"seed": 1}))
        .await;
    assert_eq!(served, setup["state"]["components"]);
    server.stop().await;
}

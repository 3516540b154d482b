//! The service endpoints: the games list, health and metrics, the OpenAPI document, Swagger UI,
//! the schemas, and the echo baseline.

use railrules::api::Config;
use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::*;
use crate::{GAME, first_legal_action, out_of_turn_action, state_json};

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

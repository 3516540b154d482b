//! `POST /v1/1833ne/import` and `POST /v1/1846/import`: an 18xx.games export read into a save
//! file, and the action it cannot read named.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::GAME;
use crate::common::*;

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

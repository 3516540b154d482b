//! `POST /v1/{game}/render` and `railrules render` (issue 21.1): a state drawn as SVG. The
//! drawing is well-formed XML, the same bytes for the same state, and shows every laid tile and
//! every station of a late state of each recorded 1833NE and 1846 game (counted in the
//! document); a golden file per game keeps it from changing unnoticed
//! (`RAILRULES_BLESS=1` rewrites them).

use reqwest::StatusCode;
use serde_json::{Value, json};

mod common;
use common::*;

fn recorded(name: &str) -> Value {
    let path = format!("{}/examples/savegames/{name}", env!("CARGO_MANIFEST_DIR"));
    serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap()
}

/// The elements of `svg` with `class` exactly `class`.
fn count_class(svg: &roxmltree::Document, class: &str) -> usize {
    svg.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

#[actix_web::test]
async fn a_late_state_is_drawn_with_every_tile_and_station() {
    let server = Server::start().await;
    for (game, save) in [
        ("1833ne", "1833ne-greedy-3p-seed-2.json"),
        ("1833ne", "1833ne-greedy-5p-seed-3.json"),
        ("1846", "1846-bot-4p-seed-1.json"),
        ("1846", "1846-bot-3p-seed-2.json"),
    ] {
        let state = recorded(save)["state"].clone();
        let body = json!({ "state": state });
        let response = server.post_json(&format!("/v1/{game}/render"), &body).await;
        assert_eq!(response.status(), StatusCode::OK, "{save}");
        assert_eq!(response.headers()["content-type"], "image/svg+xml");
        let svg = response.text().await.unwrap();
        let again = server
            .post_json(&format!("/v1/{game}/render"), &body)
            .await
            .text()
            .await
            .unwrap();
        assert_eq!(svg, again, "{save}: the same state, the same bytes");
        let doc = roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{save}: {e}"));
        assert_eq!(doc.root_element().tag_name().name(), "svg");
        let tiles = state["board"]["tiles"].as_object().unwrap().len();
        let stations = state["board"]["stations"].as_array().unwrap().len();
        assert!(
            tiles > 10 && stations > 0,
            "{save}: a late state ({tiles} tiles, {stations} stations)"
        );
        assert_eq!(count_class(&doc, "hex tile"), tiles, "{save}");
        assert_eq!(count_class(&doc, "station"), stations, "{save}");
        // Each laid tile is named on its hex.
        for (hex, laid) in state["board"]["tiles"].as_object().unwrap() {
            let group = doc
                .descendants()
                .find(|n| n.attribute("id") == Some(&format!("hex-{hex}")))
                .unwrap_or_else(|| panic!("{save}: no hex {hex}"));
            let label = format!("{hex} #{}", laid["tile"].as_str().unwrap());
            assert!(
                group.descendants().any(|n| n.text() == Some(&label)),
                "{save}: {label}"
            );
        }
        // The market shows each open company's marker.
        let open = state["companies"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["closed"] == false && c["price"].is_u64())
            .count();
        assert_eq!(count_class(&doc, "marker"), open, "{save}");
        golden(game, save, &svg);
    }
    server.stop().await;
}

/// The drawing of one recorded state, kept in tests/data/render/.
fn golden(game: &str, save: &str, svg: &str) {
    let path = format!(
        "{}/tests/data/render/{}.svg",
        env!("CARGO_MANIFEST_DIR"),
        save.trim_end_matches(".json")
    );
    if std::env::var_os("RAILRULES_BLESS").is_some() {
        std::fs::create_dir_all(std::path::Path::new(&path).parent().unwrap()).unwrap();
        std::fs::write(&path, svg).unwrap();
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        kept == svg,
        "{game}: {path} is not today's drawing; rerun with RAILRULES_BLESS=1 if the change is meant"
    );
}

#[actix_web::test]
async fn a_game_without_a_drawing_has_no_render_and_a_forged_state_is_refused() {
    let server = Server::start().await;
    let setup = server
        .ok("/v1/railroad-barons/setup", &json!({"seed": 1}))
        .await;
    let response = server
        .post_json(
            "/v1/railroad-barons/render",
            &json!({"state": setup["state"]}),
        )
        .await;
    expect_problem(response, StatusCode::NOT_FOUND).await;
    let mut state = recorded("1833ne-greedy-3p-seed-2.json")["state"].clone();
    state["bank"] = json!(1_000_000);
    let response = server
        .post_json("/v1/1833ne/render", &json!({ "state": state }))
        .await;
    let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(problem["type"], "urn:railrules:problem:inconsistent-state");
    server.stop().await;
}

#[test]
fn the_command_line_draws_a_save_files_final_state() {
    let save = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/savegames/1846-bot-4p-seed-1.json"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_railrules"))
        .args(["render", save])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let svg = String::from_utf8(out.stdout).unwrap();
    roxmltree::Document::parse(&svg).unwrap();
    let golden = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/render/1846-bot-4p-seed-1.svg"
    );
    assert!(
        svg == std::fs::read_to_string(golden).unwrap_or_default(),
        "the command line draws as the API does ({golden})"
    );
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_railrules"))
        .args(["render", concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not JSON"));
}

//! 1833NE and 1846: a late state of each recorded game drawn with every laid tile, station, city
//! name and marker.

use reqwest::StatusCode;
use serde_json::json;

use crate::common::Server;
use crate::{count_class, golden, recorded};

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
        // Issue 40: 1,200 px wide, as every drawing.
        assert_eq!(
            doc.root_element().attribute("width"),
            Some("1200"),
            "{save}"
        );
        // Each laid tile is named on its hex, beside the hex's id, and a city's name stays
        // once a tile is laid (the labels drawn over every hex, each with a halo).
        let names = names_of_cities(game);
        for (hex, laid) in state["board"]["tiles"].as_object().unwrap() {
            let labels = doc
                .descendants()
                .find(|n| n.attribute("id") == Some(&format!("labels-{hex}")))
                .unwrap_or_else(|| panic!("{save}: no labels of {hex}"));
            let texts: Vec<&str> = labels.descendants().filter_map(|n| n.text()).collect();
            let tile = format!("#{}", laid["tile"].as_str().unwrap());
            assert!(texts.contains(&hex.as_str()), "{save}: {hex} {texts:?}");
            assert!(texts.contains(&tile.as_str()), "{save}: {tile} {texts:?}");
            if let Some(name) = names.get(hex.as_str()) {
                assert!(texts.contains(name), "{save}: {hex} lost its name {name}");
            }
            assert!(
                labels
                    .descendants()
                    .filter(|n| n.has_tag_name("text"))
                    .all(|n| n.attribute("paint-order") == Some("stroke")),
                "{save}: {hex}'s labels have halos"
            );
        }
        // A town that track runs through is a bar, as 18xx.games draws it (1833NE's late
        // boards have several: Concord, Mansfield...).
        if game == "1833ne" {
            assert!(count_class(&doc, "town-bar") > 0, "{save}: no town bar");
        }
        // The panel: each player with their cash (or bankrupt), each started company.
        for player in state["players"].as_array().unwrap() {
            let line = if player["bankrupt"] == true {
                format!("{}: bankrupt", player["seat"].as_str().unwrap())
            } else {
                format!("{}: ${};", player["seat"].as_str().unwrap(), player["cash"])
            };
            assert!(
                doc.descendants()
                    .filter(|n| n.attribute("class") == Some("panel-line"))
                    .any(|n| n.text().is_some_and(|t| t.starts_with(&line))),
                "{save}: no panel line {line}"
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

/// The named hexes of an 18xx title's map: hex id to city name.
fn names_of_cities(game: &str) -> std::collections::BTreeMap<&'static str, &'static str> {
    let map = match game {
        "1846" => &railrules::games::g1846::data::components().map,
        _ => &railrules::games::ne1833::data::components().map,
    };
    map.hexes
        .iter()
        .filter_map(|h| Some((h.id.as_str(), h.name.as_deref()?)))
        .collect()
}

//! Railroad Barons, rotw-solo, Russian Railroads: every recorded save's final state drawn with
//! every item, and a state at setup of each game.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::Server;
use crate::{count_class, golden, recorded};

/// The recorded saves of `game` (examples/savegames/<game>-*.json), in name order.
fn saves_of(game: &str) -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/savegames");
    let mut saves: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with(&format!("{game}-")) && name.ends_with(".json"))
        .collect();
    saves.sort();
    saves
}

/// The drawing of `state` by the API: answered with SVG, the same bytes twice, well-formed.
async fn drawn(server: &Server, game: &str, save: &str, state: &Value) -> String {
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
    assert_eq!(
        doc.root_element().attribute("width"),
        Some("1200"),
        "{save}"
    );
    assert!(
        !svg.contains("href") && !svg.contains("url(") && !svg.contains("@import"),
        "{save}: nothing is fetched"
    );
    svg
}

/// The group with `id`, and the elements of `class` inside it.
fn count_in(doc: &roxmltree::Document, id: &str, class: &str) -> usize {
    let group = doc
        .descendants()
        .find(|n| n.attribute("id") == Some(id))
        .unwrap_or_else(|| panic!("no group {id}"));
    group
        .descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .count()
}

fn len(value: &Value) -> usize {
    value.as_array().map_or(0, Vec::len)
}

/// Whether any text of the drawing reads `text`, or has it as a word.
fn reads(doc: &roxmltree::Document, text: &str) -> bool {
    doc.descendants().filter_map(|n| n.text()).any(|t| {
        t == text
            || t.split(|c: char| !c.is_alphanumeric() && c != '$')
                .any(|w| w == text)
    })
}

/// Each Holding a row with its certificates, Railroads and Investors; each started Holding's
/// marker on the value track; each player's panel and Investors.
#[actix_web::test]
async fn railroad_barons_draws_every_holding_certificate_and_railroad() {
    let server = Server::start().await;
    let saves = saves_of("railroad-barons");
    assert!(saves.len() >= 4, "{saves:?}");
    for save in &saves {
        let state = recorded(save)["state"].clone();
        let svg = drawn(&server, "railroad-barons", save, &state).await;
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let holdings = state["holdings"].as_array().unwrap();
        assert_eq!(count_class(&doc, "holding"), holdings.len(), "{save}");
        for h in holdings {
            let id = format!("holding-{}", h["colour"].as_str().unwrap());
            let certificates = h["certificates"].as_array().unwrap();
            let held = certificates
                .iter()
                .filter(|c| c["owner"] == "A" || c["owner"] == "B")
                .count();
            assert_eq!(count_in(&doc, &id, "certificate"), held, "{save} {id}");
            assert_eq!(
                count_in(&doc, &id, "certificate bank"),
                certificates.len() - held,
                "{save} {id}"
            );
            assert_eq!(
                count_in(&doc, &id, "railroad"),
                len(&h["railroads"]),
                "{save} {id}"
            );
            assert_eq!(
                count_in(&doc, &id, "investor"),
                len(&h["investors"]),
                "{save} {id}"
            );
            let cash = format!("${}", h["cash"]);
            let row = doc
                .descendants()
                .find(|n| n.attribute("id") == Some(id.as_str()))
                .unwrap();
            assert!(
                row.descendants().any(|n| n.text() == Some(cash.as_str())),
                "{save} {id}: {cash}"
            );
        }
        let started = holdings.iter().filter(|h| !h["director"].is_null()).count();
        assert_eq!(count_class(&doc, "value-marker"), started, "{save}");
        for p in state["players"].as_array().unwrap() {
            let id = format!("player-{}", p["seat"].as_str().unwrap());
            assert_eq!(
                count_in(&doc, &id, "investor"),
                len(&p["investors"]),
                "{save} {id}"
            );
            assert!(reads(&doc, &format!("${}", p["cash"])), "{save} {id} cash");
        }
    }
    golden(
        "railroad-barons",
        "railroad-barons-greedy-seed-19.json",
        &drawn(
            &server,
            "railroad-barons",
            "seed 19",
            &recorded("railroad-barons-greedy-seed-19.json")["state"],
        )
        .await,
    );
    server.stop().await;
}

/// Every link built and every cube on the map (each city's own), the markers, the Major Lines,
/// the Railbot's row, the Operations display and the Duel Barons; no hidden card is named.
#[actix_web::test]
async fn rotw_solo_draws_every_link_and_cube_and_nothing_hidden() {
    let server = Server::start().await;
    let saves = saves_of("rotw-solo");
    assert!(saves.len() >= 3, "{saves:?}");
    for save in &saves {
        let state = recorded(save)["state"].clone();
        let svg = drawn(&server, "rotw-solo", save, &state).await;
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let c = &state["components"];
        let cubes = state["city_cubes"].as_array().unwrap();
        assert_eq!(count_class(&doc, "link"), len(&state["links"]), "{save}");
        assert!(len(&state["links"]) > 5, "{save}: a late state");
        let building = usize::from(state["phase"]["phase"] == "building");
        assert_eq!(
            count_class(&doc, "open-track"),
            len(&state["open_track"]) + building,
            "{save}"
        );
        assert_eq!(
            count_class(&doc, "cube"),
            cubes.iter().map(len).sum::<usize>(),
            "{save}"
        );
        assert_eq!(
            count_class(&doc, "city"),
            len(&c["map"]["cities"]),
            "{save}"
        );
        for (i, on_city) in cubes.iter().enumerate() {
            assert_eq!(
                count_in(&doc, &format!("city-{i}"), "cube"),
                len(on_city),
                "{save} city {i}"
            );
        }
        for (class, field) in [
            ("empty-city", &state["empty_cities"]),
            ("hotel", &state["hotels"]),
            ("major-line", &c["major_lines"]),
            ("railbot-card", &state["railbot"]["row"]),
            ("display-card", &state["operations"]["display"]),
            ("baron", &state["barons"]),
        ] {
            assert_eq!(count_class(&doc, class), len(field), "{save} {class}");
        }
        for link in state["links"].as_array().unwrap() {
            let name = |k: usize| {
                let i = link["cities"][k].as_u64().unwrap() as usize;
                c["map"]["cities"][i]["name"].as_str().unwrap().to_string()
            };
            let title = format!(
                "{}-{} (the {})",
                name(0),
                name(1),
                link["owner"]
                    .as_str()
                    .unwrap()
                    .replace("railbot", "Railbot")
            );
            assert!(
                doc.descendants().any(|n| n.text() == Some(title.as_str())),
                "{save}: {title}"
            );
        }
        // The Railbot's draw pile and the cards removed unseen are hidden: none is named.
        let row = state["railbot"]["row"].as_array().unwrap();
        let visible: Vec<&Value> = row
            .iter()
            .chain(
                state["operations"]["display"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|d| d["kind"] == "deadhead")
                    .map(|d| &d["card"]),
            )
            .collect();
        for card in state["railbot"]["deck"]
            .as_array()
            .unwrap()
            .iter()
            .chain(state["railbot"]["removed_unseen"].as_array().unwrap())
            .filter(|card| !visible.contains(card))
        {
            let id = c["railbot_deck"][card.as_u64().unwrap() as usize]["id"]
                .as_str()
                .unwrap();
            assert!(!reads(&doc, id), "{save}: the hidden card {id} is named");
        }
        for card in state["operations"]["deck"].as_array().unwrap() {
            let id = c["operations_deck"][card.as_u64().unwrap() as usize]["id"]
                .as_str()
                .unwrap();
            assert!(!reads(&doc, id), "{save}: the hidden card {id} is named");
        }
    }
    golden(
        "rotw-solo",
        "rotw-solo-bot-seed-2-duel-barons.json",
        &drawn(
            &server,
            "rotw-solo",
            "seed 2",
            &recorded("rotw-solo-bot-seed-2-duel-barons.json")["state"],
        )
        .await,
    );
    server.stop().await;
}

/// A board per player, and on each board that player's every track, locomotive, doubler,
/// boulder, factory, industry marker and worker; a stocks marker per player and a chip per
/// placement on the action spaces.
#[actix_web::test]
async fn russian_railroads_draws_every_board_with_its_markers() {
    let server = Server::start().await;
    let saves = saves_of("russian-railroads-american");
    assert!(saves.len() >= 3, "{saves:?}");
    for save in &saves {
        let state = recorded(save)["state"].clone();
        let svg = drawn(&server, "russian-railroads-american", save, &state).await;
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let c = &state["components"];
        let players = state["players"].as_array().unwrap();
        assert_eq!(count_class(&doc, "board"), players.len(), "{save}");
        assert_eq!(count_class(&doc, "stock-marker"), players.len(), "{save}");
        assert_eq!(
            count_class(&doc, "placement"),
            len(&state["placements"]),
            "{save}"
        );
        for p in players {
            let id = format!("board-{}", p["seat"].as_str().unwrap());
            let railroads = p["railroads"].as_array().unwrap();
            let sum = |f: &dyn Fn(&Value) -> usize| railroads.iter().map(f).sum::<usize>();
            let counts = [
                ("track", sum(&|r| len(&r["tracks"]))),
                ("locomotive", sum(&|r| len(&r["locomotives"]))),
                ("doubler", sum(&|r| len(&r["doublers"]))),
                ("industry-marker", len(&p["industry"])),
                (
                    "factory",
                    p["industry"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|t| {
                            t["factories"]
                                .as_array()
                                .unwrap()
                                .iter()
                                .filter(|f| !f.is_null())
                                .count()
                        })
                        .sum(),
                ),
                (
                    "worker",
                    (p["workers"].as_u64().unwrap() + p["temporary_workers"].as_u64().unwrap())
                        as usize,
                ),
                (
                    "boulder",
                    railroads
                        .iter()
                        .zip(c["railroads"].as_array().unwrap())
                        .filter(|(r, data)| r["boulder"] == true && !data["boulder"].is_null())
                        .count()
                        + p["industry"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .zip(c["industry_tracks"].as_array().unwrap())
                            .filter(|(t, data)| {
                                t["boulder"] == true
                                    && data["spaces"]
                                        .as_array()
                                        .unwrap()
                                        .iter()
                                        .any(|s| s["type"] == "boulder")
                            })
                            .count(),
                ),
            ];
            for (class, expected) in counts {
                assert_eq!(count_in(&doc, &id, class), expected, "{save} {id} {class}");
            }
            let points = format!("{}  {} points", p["seat"].as_str().unwrap(), p["points"]);
            assert!(reads(&doc, &points), "{save}: {points}");
        }
    }
    golden(
        "russian-railroads-american",
        "russian-railroads-american-bot-4p-seed-3.json",
        &drawn(
            &server,
            "russian-railroads-american",
            "4p",
            &recorded("russian-railroads-american-bot-4p-seed-3.json")["state"],
        )
        .await,
    );
    server.stop().await;
}

/// A state at setup is drawn too: nothing built yet, nothing missing.
#[actix_web::test]
async fn a_state_at_setup_is_drawn_for_every_game() {
    let server = Server::start().await;
    for (game, options) in [
        ("railroad-barons", json!({})),
        ("rotw-solo", json!({"duel_barons": true})),
        ("russian-railroads-american", json!({"players": 4})),
    ] {
        let setup = server
            .ok(
                &format!("/v1/{game}/setup"),
                &json!({"options": options, "seed": 7}),
            )
            .await;
        let svg = drawn(&server, game, game, &setup["state"]).await;
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let class = match game {
            "railroad-barons" => "holding",
            "rotw-solo" => "city",
            _ => "board",
        };
        assert!(count_class(&doc, class) > 0, "{game}");
    }
    server.stop().await;
}

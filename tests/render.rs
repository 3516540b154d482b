//! `POST /v1/{game}/render` and `railrules render` (issue 21.1): a state drawn as SVG. The
//! drawing is well-formed XML, the same bytes for the same state, and shows every laid tile and
//! every station of a late state of each recorded 1833NE and 1846 game, and every item of the
//! final state of each recorded Railroad Barons, rotw-solo and Russian Railroads game (counted
//! in the document by the classes of their groups, against counts taken from the state); a
//! golden file per game keeps it from changing unnoticed (`RAILRULES_BLESS=1` rewrites them).

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

/// A game, a recorded save, and what makes its final state inconsistent.
type Forgery = (&'static str, &'static str, fn(&mut Value));

#[actix_web::test]
async fn an_unknown_game_has_no_render_and_a_forged_state_is_refused() {
    let server = Server::start().await;
    let response = server
        .post_json("/v1/no-such-game/render", &json!({"state": {}}))
        .await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let mut state = recorded("1833ne-greedy-3p-seed-2.json")["state"].clone();
    state["bank"] = json!(1_000_000);
    let response = server
        .post_json("/v1/1833ne/render", &json!({ "state": state }))
        .await;
    let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(problem["type"], "urn:railrules:problem:inconsistent-state");
    let forgeries: [Forgery; 3] = [
        (
            "railroad-barons",
            "railroad-barons-greedy-seed-1.json",
            |s| s["bank_paid_out"] = json!(999_999),
        ),
        ("rotw-solo", "rotw-solo-bot-seed-1.json", |s| {
            let twice = s["empty_cities"][0].clone();
            s["empty_cities"].as_array_mut().unwrap().push(twice)
        }),
        (
            "russian-railroads-american",
            "russian-railroads-american-bot-2p-seed-1.json",
            |s| s["doublers"] = json!(200),
        ),
    ];
    for (game, save, forge) in forgeries {
        let mut state = recorded(save)["state"].clone();
        forge(&mut state);
        let response = server
            .post_json(&format!("/v1/{game}/render"), &json!({ "state": state }))
            .await;
        let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert_eq!(
            problem["type"], "urn:railrules:problem:inconsistent-state",
            "{game}"
        );
    }
    server.stop().await;
}

// -- Railroad Barons, rotw-solo, Russian Railroads: every recorded save's final state

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
    for save in [
        "railroad-barons-greedy-seed-19",
        "rotw-solo-bot-seed-2-duel-barons",
        "russian-railroads-american-bot-4p-seed-3",
    ] {
        let path = format!(
            "{}/examples/savegames/{save}.json",
            env!("CARGO_MANIFEST_DIR")
        );
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_railrules"))
            .args(["render", &path])
            .output()
            .unwrap();
        assert!(out.status.success(), "{save}");
        let golden = format!(
            "{}/tests/data/render/{save}.svg",
            env!("CARGO_MANIFEST_DIR")
        );
        assert!(
            out.stdout == std::fs::read(&golden).unwrap_or_default(),
            "the command line draws as the API does ({golden})"
        );
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_railrules"))
        .args(["render", concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml")])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not JSON"));
}

/// `railrules render` takes an 18xx.games export as `check` does: it is imported, replayed, and
/// its final state drawn, the same drawing as of the save file `railrules import` writes; an
/// export refused at an action says where.
#[test]
fn the_command_line_draws_an_exports_final_state() {
    let railrules = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_railrules"))
            .args(args)
            .output()
            .unwrap()
    };
    let export = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/18xx-games/1846/10264.json"
    );
    let drawn = railrules(&["render", export]);
    assert!(
        drawn.status.success(),
        "{}",
        String::from_utf8_lossy(&drawn.stderr)
    );
    roxmltree::Document::parse(std::str::from_utf8(&drawn.stdout).unwrap()).unwrap();

    let dir = tempfile::tempdir().unwrap();
    let save = dir.path().join("10264.json");
    let imported = railrules(&["import", export]);
    assert!(imported.status.success());
    std::fs::write(&save, &imported.stdout).unwrap();
    let of_save = railrules(&["render", save.to_str().unwrap()]);
    assert!(of_save.status.success());
    assert!(
        drawn.stdout == of_save.stdout,
        "the export is drawn as its imported save file"
    );

    // The same export with its first tile laid in a hex the map does not have.
    let mut tampered: serde_json::Value =
        serde_json::from_slice(&std::fs::read(export).unwrap()).unwrap();
    let action = tampered["actions"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|a| a["type"] == "lay_tile")
        .unwrap();
    action["hex"] = serde_json::json!("Z99");
    let bad = dir.path().join("bad.json");
    std::fs::write(&bad, tampered.to_string()).unwrap();
    let refused = railrules(&["render", bad.to_str().unwrap()]);
    assert_eq!(refused.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(
        stderr.contains("18xx.games export") && stderr.contains("/actions/"),
        "{stderr}"
    );
}

//! Tampered states over HTTP: states that parse but could not arise in play are refused by
//! `check` before the action is judged (422 inconsistent-state), with every problem listed.
//!
//! Each state is a recorded game replayed part way (so it is a real mid-game position), then
//! edited as a careless or dishonest client would edit the JSON.

mod common;

use common::{Server, expect_problem};
use reqwest::StatusCode;
use serde_json::{Value, json};

const RB: &str = "/v1/railroad-barons";
const NE: &str = "/v1/1833ne";

/// A recorded game replayed for `count` actions: the state, and the action that came next.
async fn mid_game(server: &Server, game: &str, save: &str, count: usize) -> (Value, Value) {
    let text = std::fs::read_to_string(format!("examples/savegames/{save}.json")).unwrap();
    let save: Value = serde_json::from_str(&text).unwrap();
    let actions = save["actions"].as_array().unwrap();
    let replayed = server
        .ok(
            &format!("{game}/replay"),
            &json!({"setup": save["setup"], "actions": actions[..count]}),
        )
        .await;
    (replayed["state"].clone(), actions[count].clone())
}

/// Posts the state with its next action to validate and check; both must refuse it as
/// inconsistent and list exactly `expected` violation codes (sorted). Returns the pointers of
/// the problem's errors.
async fn refused_as_inconsistent(
    server: &Server,
    game: &str,
    state: &Value,
    action: &Value,
    expected: &[&str],
) -> Vec<String> {
    // The untampered next action is legal, so a refusal can only come from the state.
    let response = server
        .post_json(
            &format!("{game}/validate"),
            &json!({"state": state, "action": action}),
        )
        .await;
    let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(
        problem["type"], "urn:railrules:problem:inconsistent-state",
        "{problem}"
    );
    // Each problem is listed once, in `errors`, with its code.
    assert!(problem.get("violations").is_none(), "{problem}");
    let mut codes: Vec<&str> = problem["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["code"].as_str().unwrap())
        .collect();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes, expected, "{problem}");
    // `check` answers 200 with the same verdict, rather than refusing the request.
    let checked = server
        .ok(&format!("{game}/check"), &json!({"state": state}))
        .await;
    assert_eq!(checked["consistent"], false, "{checked}");
    problem["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["pointer"].as_str().unwrap().to_string())
        .collect()
}

fn holding<'a>(state: &'a mut Value, colour: &str) -> &'a mut Value {
    state["holdings"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|h| h["colour"] == colour)
        .unwrap()
}

#[actix_web::test]
async fn railroad_barons_tampered_states_are_refused_with_every_problem() {
    let server = Server::start().await;
    let (state, action) = mid_game(&server, RB, "railroad-barons-greedy-seed-19", 120).await;
    server
        .ok(
            &format!("{RB}/validate"),
            &json!({"state": state, "action": action}),
        )
        .await;

    let mut money = state.clone();
    money["players"][0]["cash"] = json!(money["players"][0]["cash"].as_u64().unwrap() + 500);
    refused_as_inconsistent(&server, RB, &money, &action, &["money_not_conserved"]).await;

    // Green: A holds the 40% Director certificate; the bank's 30% is also claimed by A.
    let mut twice = state.clone();
    holding(&mut twice, "green")["certificates"]
        .as_array_mut()
        .unwrap()
        .push(json!({"percent": 30, "owner": "A"}));
    refused_as_inconsistent(
        &server,
        RB,
        &twice,
        &action,
        &["certificate_in_two_places", "certificates_not_100_percent"],
    )
    .await;

    // Red: B holds 50%, A none; A named Director.
    let mut director = state.clone();
    holding(&mut director, "red")["director"] = json!("A");
    refused_as_inconsistent(
        &server,
        RB,
        &director,
        &action,
        &["director_not_largest_holder"],
    )
    .await;

    // All three at once: all are listed.
    let mut all = money.clone();
    holding(&mut all, "red")["director"] = json!("A");
    holding(&mut all, "green")["certificates"]
        .as_array_mut()
        .unwrap()
        .push(json!({"percent": 30, "owner": "B"}));
    refused_as_inconsistent(
        &server,
        RB,
        &all,
        &action,
        &[
            "certificate_in_two_places",
            "certificates_not_100_percent",
            "director_not_largest_holder",
            "money_not_conserved",
        ],
    )
    .await;
    server.stop().await;
}

#[actix_web::test]
async fn ne1833_tampered_states_are_refused_with_every_problem() {
    let server = Server::start().await;
    let (state, action) = mid_game(&server, NE, "1833ne-greedy-4p-seed-3", 300).await;
    server
        .ok(
            &format!("{NE}/validate"),
            &json!({"state": state, "action": action}),
        )
        .await;
    let running: Vec<usize> = state["companies"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
        .filter(|(_, c)| c["closed"] == false && !c["trains"].as_array().unwrap().is_empty())
        .map(|(i, _)| i)
        .collect();
    assert!(
        running.len() >= 2,
        "the position has two companies with trains"
    );
    // The train moves to the company with the fewest, so that it stays within the limit.
    let first = running[0];
    let second = *running[1..]
        .iter()
        .min_by_key(|&&i| state["companies"][i]["trains"].as_array().unwrap().len())
        .unwrap();

    // Each problem is located in the state: money made, by the whole state.
    let mut money = state.clone();
    money["bank"] = json!(money["bank"].as_u64().unwrap() + 1);
    let pointers =
        refused_as_inconsistent(&server, NE, &money, &action, &["money_not_conserved"]).await;
    assert_eq!(pointers, ["/state"]);

    let mut train = state.clone();
    let stolen = train["companies"][first]["trains"][0].clone();
    let trains = train["companies"][second]["trains"].as_array_mut().unwrap();
    trains.push(stolen);
    let copy = trains.len() - 1;
    // At the limit already (3 trains in phases I-III, 2 in IV-V), the receiver is over it too.
    let limit = if state["phase"].as_u64().unwrap() >= 3 {
        2
    } else {
        3
    };
    let mut expected = vec!["train_in_two_places"];
    let mut located = vec![format!("/state/companies/{second}/trains/{copy}")];
    if copy + 1 > limit {
        expected.push("train_limit");
        located.push(format!("/state/companies/{second}/trains"));
    }
    let pointers = refused_as_inconsistent(&server, NE, &train, &action, &expected).await;
    assert_eq!(pointers, located);

    // Another player's holding grown past the president's, with shares from the treasury.
    let mut president = state.clone();
    let company = &mut president["companies"][first];
    let seat = company["president"].as_str().unwrap().to_string();
    // Another player still in the game (a bankrupt one may hold nothing).
    let bankrupt =
        |p: &str| state["players"][p[5..].parse::<usize>().unwrap() - 1]["bankrupt"] == true;
    let other = ["seat-1", "seat-2", "seat-3", "seat-4"]
        .into_iter()
        .find(|p| *p != seat && !bankrupt(p))
        .unwrap();
    let held = company["holdings"][&seat].as_u64().unwrap();
    let others = company["holdings"][other].as_u64().unwrap_or(0);
    // The other player gets 10% more than the president holds, from the treasury.
    let given = held + 10 - others;
    let treasury = company["treasury_shares"].as_u64().unwrap();
    assert!(
        treasury >= given,
        "the treasury holds {treasury}%, not {given}%"
    );
    company["holdings"][other] = json!(held + 10);
    company["treasury_shares"] = json!(treasury - given);
    let pointers = refused_as_inconsistent(
        &server,
        NE,
        &president,
        &action,
        &["president_not_largest_holder"],
    )
    .await;
    assert_eq!(
        pointers,
        [format!("/state/companies/{first}/holdings/{other}")]
    );

    let mut all = train.clone();
    all["bank"] = json!(all["bank"].as_u64().unwrap() + 1);
    refused_as_inconsistent(
        &server,
        NE,
        &all,
        &action,
        &[&["money_not_conserved"][..], &expected].concat(),
    )
    .await;
    server.stop().await;
}

#[actix_web::test]
async fn rotw_solo_tampered_states_are_refused_with_every_problem() {
    const SOLO: &str = "/v1/rotw-solo";
    let server = Server::start().await;
    let (state, action) = mid_game(&server, SOLO, "rotw-solo-bot-seed-1", 30).await;
    server
        .ok(
            &format!("{SOLO}/validate"),
            &json!({"state": state, "action": action}),
        )
        .await;

    // Cubes created: a sixth of every colour's 25 on one city.
    let mut cubes = state.clone();
    let city = &mut cubes["city_cubes"][0];
    for _ in 0..30 {
        city.as_array_mut().unwrap().push(json!("red"));
    }
    refused_as_inconsistent(&server, SOLO, &cubes, &action, &["cubes_created"]).await;

    // A Railbot card in two places: the row's first card also on top of the pile.
    let mut twice = state.clone();
    let first = twice["railbot"]["row"][0].clone();
    twice["railbot"]["deck"]
        .as_array_mut()
        .unwrap()
        .insert(0, first);
    // (The pile is then one card longer than the Railbot turns leave it, too.)
    refused_as_inconsistent(
        &server,
        SOLO,
        &twice,
        &action,
        &["railbot_cards", "railbot_deck"],
    )
    .await;

    // A link through a hex another link uses, and an engine beyond the top: both listed.
    let mut track = state.clone();
    let links = track["links"].as_array().unwrap().clone();
    assert!(
        !links.is_empty(),
        "the recorded game has links by action 30"
    );
    let mut copy = links[0].clone();
    copy["owner"] = json!(if copy["owner"] == "player" {
        "railbot"
    } else {
        "player"
    });
    track["links"].as_array_mut().unwrap().push(copy);
    track["engine"] = json!(9);
    refused_as_inconsistent(
        &server,
        SOLO,
        &track,
        &action,
        &["engine_level", "hex_shared", "link_twice"],
    )
    .await;

    // Counts the rest of the state fixes: a Railbot card slipped from the pile to the discard
    // (the pile is one card shorter for each Railbot turn), and a cube put back into the bag.
    let mut pile = state.clone();
    let top = pile["railbot"]["deck"].as_array_mut().unwrap().remove(0);
    pile["railbot"]["discard"].as_array_mut().unwrap().push(top);
    let pointers = refused_as_inconsistent(&server, SOLO, &pile, &action, &["railbot_deck"]).await;
    assert_eq!(pointers, ["/state/railbot/deck"]);
    let mut bag = state.clone();
    let cities = bag["city_cubes"].as_array_mut().unwrap();
    let city = cities
        .iter_mut()
        .find(|c| c.as_array().unwrap().len() >= 2)
        .unwrap();
    let cube = city.as_array_mut().unwrap().pop().unwrap();
    bag["bag"].as_array_mut().unwrap().push(cube);
    let pointers = refused_as_inconsistent(&server, SOLO, &bag, &action, &["bag"]).await;
    assert_eq!(pointers, ["/state/bag"]);
    server.stop().await;
}

#[actix_web::test]
async fn russian_railroads_american_tampered_states_are_refused_with_every_problem() {
    const RRA: &str = "/v1/russian-railroads-american";
    let server = Server::start().await;
    let (state, action) =
        mid_game(&server, RRA, "russian-railroads-american-bot-3p-seed-2", 60).await;
    server
        .ok(
            &format!("{RRA}/validate"),
            &json!({"state": state, "action": action}),
        )
        .await;

    // A tile created: a #2 factory returned to the supply that no one returned.
    let mut tile = state.clone();
    tile["returned_factories"]
        .as_array_mut()
        .unwrap()
        .push(json!(2));
    refused_as_inconsistent(&server, RRA, &tile, &action, &["tiles_in_play"]).await;

    // A dividend token lost: neither on the board nor by it.
    let mut token = state.clone();
    token["dividend_tokens"].as_array_mut().unwrap().pop();
    refused_as_inconsistent(&server, RRA, &token, &action, &["dividend_tokens"]).await;

    // A fourth black track, two of them on one railroad, and a doubler on a place that is not
    // the next one: all listed.
    let mut board = state.clone();
    let east = &mut board["players"][0]["railroads"][1];
    east["tracks"] = json!([{"colour": "black", "space": 4}, {"colour": "black", "space": 3}]);
    east["doublers"] = json!([3]);
    refused_as_inconsistent(
        &server,
        RRA,
        &board,
        &action,
        &["doublers", "track_position", "track_supply"],
    )
    .await;

    // Issue 16: a player with two workers more than the rules give (the player count's and
    // the +1 worker spaces its board met), located by its pointer.
    let mut workers = state.clone();
    let more = workers["players"][1]["workers"].as_u64().unwrap() + 2;
    workers["players"][1]["workers"] = json!(more);
    let pointers = refused_as_inconsistent(&server, RRA, &workers, &action, &["workers"]).await;
    assert_eq!(pointers, ["/state/players/1/workers"]);

    // Issue 16: the top end-bonus card in a hand without the "?" token's draw that gives it.
    let mut card = state.clone();
    let top = card["end_bonus_deck"].as_array_mut().unwrap().remove(0);
    card["players"][2]["end_bonus"]
        .as_array_mut()
        .unwrap()
        .push(top);
    let pointers =
        refused_as_inconsistent(&server, RRA, &card, &action, &["end_bonus_draws"]).await;
    assert_eq!(pointers, ["/state/players/2/end_bonus"]);

    // A special space passed but not marked met (the rulings of 2026-12).
    let mut met = state.clone();
    let specials = met["players"][0]["specials_met"].as_array_mut().unwrap();
    assert!(!specials.is_empty(), "P1 met a special space by action 60");
    specials.clear();
    let codes = refused_as_inconsistent_codes(&server, RRA, &met, &action).await;
    assert!(
        codes.contains(&"special_unrecorded".to_string()),
        "{codes:?}"
    );
    server.stop().await;
}

/// The codes a refused state names (for tampers whose consequences depend on the position).
async fn refused_as_inconsistent_codes(
    server: &Server,
    game: &str,
    state: &Value,
    action: &Value,
) -> Vec<String> {
    let response = server
        .post_json(
            &format!("{game}/validate"),
            &json!({"state": state, "action": action}),
        )
        .await;
    let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    problem["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["code"].as_str().unwrap().to_string())
        .collect()
}

//! `POST /v1/{game}/view` with and without a `seat` (issue 17.4), over HTTP: Russian
//! Railroads shows a seat its own end-bonus cards and hides the others'; without a seat it is
//! the table's view; a game whose hidden piles are hidden from every seat alike (rotw-solo)
//! answers the same for its seat; the published schema carries the optional seat.

mod common;
#[path = "russian_railroads_american/fixtures.rs"]
mod fixtures;

use common::{Server, expect_problem, pointers};
use fixtures::{draw_card, game};
use railrules::games::russian_railroads_american::state::Seat;
use reqwest::StatusCode;
use serde_json::{Value, json};

const RRA: &str = "/v1/russian-railroads-american/view";

/// Three players; P1 and P3 each drew an end-bonus card with their "?" token.
fn two_hands() -> Value {
    let mut s = game(3);
    let first = s.end_bonus_deck[0];
    draw_card(&mut s, Seat::P1, first);
    let second = s.end_bonus_deck[0];
    draw_card(&mut s, Seat::P3, second);
    serde_json::to_value(s).unwrap()
}

#[actix_web::test]
async fn each_seat_sees_its_own_end_bonus_cards_and_no_one_elses() {
    let server = Server::start().await;
    let state = two_hands();
    let hand = |i: usize| state["players"][i]["end_bonus"].clone();
    let table = server.ok(RRA, &json!({"state": state})).await;
    assert!(table.get("seat").is_none());
    for seat in 0..3 {
        let view = server
            .ok(
                RRA,
                &json!({"state": state, "seat": format!("P{}", seat + 1)}),
            )
            .await;
        assert_eq!(view["seat"], json!(format!("P{}", seat + 1)));
        for i in 0..3 {
            let shown = &view["state"]["players"][i]["end_bonus"];
            if i == seat {
                assert_eq!(*shown, hand(i), "P{} sees its own", seat + 1);
            } else {
                assert_eq!(*shown, json!([]), "P{} does not see P{}'s", seat + 1, i + 1);
            }
            // Every seat sees how many cards each hand holds, as the table does.
            assert_eq!(view["hands"][i], table["hands"][i]);
        }
        // Nor the pile, the cards removed unseen, or the generator.
        assert_eq!(view["state"]["end_bonus_deck"], json!([]));
        assert_eq!(view["state"]["end_bonus_removed"], json!([]));
        assert_eq!(view["state"]["rng"], json!("0"));
        assert_eq!(view["end_bonus_deck"], table["end_bonus_deck"]);
    }
    // Without a seat, no hand is shown.
    for i in 0..3 {
        assert_eq!(table["state"]["players"][i]["end_bonus"], json!([]));
    }
    // A seat not at this table of 3 is refused, located at `/seat`.
    let response = server
        .post_json(RRA, &json!({"state": state, "seat": "P4"}))
        .await;
    let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    assert_eq!(pointers(&problem), ["/seat"]);
    server.stop().await;
}

#[actix_web::test]
async fn a_game_hiding_its_piles_from_every_seat_alike_shows_its_seat_the_tables_view() {
    let server = Server::start().await;
    let setup = server.ok("/v1/rotw-solo/setup", &json!({"seed": 3})).await;
    let state = &setup["state"];
    let table = server
        .ok("/v1/rotw-solo/view", &json!({"state": state}))
        .await;
    let seat = server
        .ok(
            "/v1/rotw-solo/view",
            &json!({"state": state, "seat": "player"}),
        )
        .await;
    assert_eq!(seat, table);
    assert_eq!(table["state"]["bag"], json!([]));
    server.stop().await;
}

#[actix_web::test]
async fn the_published_view_request_carries_an_optional_seat() {
    let server = Server::start().await;
    let spec: Value = server.get("/openapi.json").await.json().await.unwrap();
    let schemas = &spec["components"]["schemas"];
    let request = &schemas["RussianRailroadsAmericanViewRequest"];
    assert_eq!(request["required"], json!(["state"]), "{request}");
    let seat = request["properties"]["seat"].to_string();
    assert!(seat.contains("RussianRailroadsAmericanSeat"), "{seat}");
    server.stop().await;
}

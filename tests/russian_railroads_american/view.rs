//! `POST /v1/russian-railroads-american/view`: the end-bonus pile, the cards removed unseen and
//! the cards in players' hands become counts; everything on the table stays. With a `seat`,
//! that seat sees its own end-bonus cards too (the rulings of 2026-12: "a per-seat view shows
//! that seat its own cards and hides everyone else's"); without one, the table's view.

use crate::common::{Server, expect_problem};
use crate::fixtures::State;
use crate::fixtures::*;
use railrules::core::Game;
use railrules::games::russian_railroads_american::RussianRailroadsAmerican as Rra;
use railrules::games::russian_railroads_american::state::Seat::*;
use reqwest::StatusCode;
use serde_json::{Value, json};

const VIEW: &str = "/v1/russian-railroads-american/view";

/// Four players; P2 drew the top end-bonus card with its "?" token, as play draws one.
fn p2_holds_a_card() -> State {
    let mut s = game(4);
    let top = s.end_bonus_deck[0];
    draw_card(&mut s, P2, top);
    clean(&s);
    s
}

/// Two players in the last round; P2 holds a card; both pass: the game ends.
fn ended_with_a_card() -> State {
    let mut s = game(2);
    engineers_in_round(&mut s, 6, &[11], &[], &[2, 3, 4, 9, 10]);
    let top = s.end_bonus_deck[0];
    draw_card(&mut s, P2, top);
    play(&mut s, pass(P1));
    play(&mut s, pass(P2));
    s
}

fn len(v: &Value) -> usize {
    v.as_array().map(Vec::len).unwrap()
}

#[test]
fn a_seats_view_shows_its_own_cards_and_hides_the_others() {
    let s = p2_holds_a_card();
    let card = s.players[1].end_bonus.clone();
    assert_eq!(card.len(), 1);
    // The table: nobody's cards, only counts.
    let table = Rra::view_for(&s, None).unwrap().unwrap();
    assert_eq!(table, Rra::view(&s).unwrap());
    assert_eq!(table.seat, None);
    assert!(table.state.players.iter().all(|p| p.end_bonus.is_empty()));
    assert_eq!(table.hands[1].end_bonus_cards, 1);
    // P2 sees its card; the pile, the removed cards and the generator stay hidden.
    let mine = Rra::view_for(&s, Some(&P2)).unwrap().unwrap();
    assert_eq!(mine.seat, Some(P2));
    assert_eq!(mine.state.players[1].end_bonus, card);
    assert!(mine.state.end_bonus_deck.is_empty());
    assert!(mine.state.end_bonus_removed.is_empty());
    assert_eq!(mine.state.rng, railrules::core::Rng(0));
    assert_eq!(mine.hands, table.hands);
    // P1 does not see P2's card.
    let theirs = Rra::view_for(&s, Some(&P1)).unwrap().unwrap();
    assert!(theirs.state.players[1].end_bonus.is_empty());
    assert_eq!(theirs.hands[1].end_bonus_cards, 1);
    // Apart from the seat's own hand and the seat named, a seat's view is the table's.
    let mut same = mine.clone();
    same.state.players[1].end_bonus.clear();
    same.seat = None;
    assert_eq!(same, table);
    // A seat not at a table of 2 is refused.
    let two = game(2);
    assert_eq!(
        Rra::view_for(&two, Some(&P3)).unwrap_err().code,
        "unknown_seat"
    );
}

#[actix_web::test]
async fn the_view_hides_the_end_bonus_cards_and_keeps_their_counts() {
    let server = Server::start().await;
    let setup = server
        .ok(
            "/v1/russian-railroads-american/setup",
            &json!({"seed": 5, "options": {"players": 4}}),
        )
        .await;
    let state = serde_json::to_value(p2_holds_a_card()).unwrap();
    for state in [&setup["state"], &state] {
        let view = server.ok(VIEW, &json!({"state": state})).await;
        assert_eq!(len(&view["state"]["end_bonus_deck"]), 0);
        assert_eq!(len(&view["state"]["end_bonus_removed"]), 0);
        assert_eq!(
            view["end_bonus_deck"]["count"],
            json!(len(&state["end_bonus_deck"]))
        );
        assert_eq!(view["end_bonus_removed"]["count"], json!(2));
        assert_eq!(view["state"]["rng"], "0");
        assert!(view.get("seat").is_none(), "{view}");
        for (i, player) in state["players"].as_array().unwrap().iter().enumerate() {
            assert_eq!(len(&view["state"]["players"][i]["end_bonus"]), 0);
            assert_eq!(
                view["hands"][i]["end_bonus_cards"],
                json!(len(&player["end_bonus"]))
            );
        }
        // What is on the table stays.
        for pointer in [
            "/stock_levels",
            "/engineer_strip",
            "/piles",
            "/players/0/railroads",
        ] {
            assert_eq!(
                view["state"].pointer(pointer),
                state.pointer(pointer),
                "{pointer}"
            );
        }
    }
    // At the end every card is shown.
    let last = serde_json::to_value(ended_with_a_card()).unwrap();
    assert_eq!(len(&last["players"][1]["end_bonus"]), 1);
    let view = server.ok(VIEW, &json!({"state": last})).await;
    assert_eq!(view["state"]["players"], last["players"]);
    // A tampered state is refused before it is shown.
    let mut tampered = state.clone();
    tampered["end_bonus_deck"] = json!([]);
    let response = server.post_json(VIEW, &json!({"state": tampered})).await;
    expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    server.stop().await;
}

#[actix_web::test]
async fn a_seat_sees_its_own_end_bonus_cards_over_http() {
    let server = Server::start().await;
    let state = serde_json::to_value(p2_holds_a_card()).unwrap();
    let card = state["players"][1]["end_bonus"].clone();
    let mine = server
        .ok(VIEW, &json!({"state": state, "seat": "P2"}))
        .await;
    assert_eq!(mine["seat"], "P2");
    assert_eq!(mine["state"]["players"][1]["end_bonus"], card);
    assert_eq!(len(&mine["state"]["end_bonus_deck"]), 0);
    assert_eq!(mine["hands"][1]["end_bonus_cards"], 1);
    let theirs = server
        .ok(VIEW, &json!({"state": state, "seat": "P3"}))
        .await;
    assert_eq!(theirs["seat"], "P3");
    assert_eq!(len(&theirs["state"]["players"][1]["end_bonus"]), 0);
    assert_eq!(theirs["hands"][1]["end_bonus_cards"], 1);
    // A seat not at the table, a seat that is no seat, and a null seat are refused.
    let two = serde_json::to_value(game(2)).unwrap();
    for (state, seat) in [
        (&two, json!("P3")),
        (&state, json!("P5")),
        (&state, json!(null)),
    ] {
        let response = server
            .post_json(VIEW, &json!({"state": state, "seat": seat}))
            .await;
        let problem = expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
        assert!(
            crate::common::pointers(&problem)
                .iter()
                .any(|p| p.starts_with("/seat")),
            "{problem}"
        );
    }
    server.stop().await;
}

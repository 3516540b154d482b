//! What a multiplayer UI trusts (issue 20.3): every state counts its `move`, a request naming
//! the move it expects is refused (409) when the state is at another, and every answer that
//! returns a state names who acts in it, the same way in every game and round.

use railrules::core::{Game, GameVisitor};
use railrules::registry::visit_games;
use reqwest::StatusCode;
use serde_json::{Value, json};

mod common;
use common::*;

/// A state `n` actions into a game (the first legal action each time), and those actions.
fn played<G: Game>(seed: u64, n: usize) -> (Value, Vec<Value>) {
    let mut state = G::setup(&Default::default(), seed).unwrap();
    let mut actions = Vec::new();
    for _ in 0..n {
        let Some(action) = G::legal_actions(&state).into_iter().next() else {
            break;
        };
        G::apply(&mut state, &action).unwrap();
        actions.push(serde_json::to_value(&action).unwrap());
    }
    (serde_json::to_value(state.state()).unwrap(), actions)
}

/// Each game's id and its state five actions in.
struct FiveIn(Vec<(&'static str, Value)>);

impl GameVisitor for FiveIn {
    fn visit<G: Game>(&mut self) {
        self.0.push((G::ID, played::<G>(1, 5).0));
    }
}

fn games() -> Vec<(&'static str, Value)> {
    let mut games = FiveIn(Vec::new());
    visit_games(&mut games);
    games.0
}

#[test]
fn every_accepted_action_counts_one_move_and_a_refused_one_none() {
    struct Counts;
    impl GameVisitor for Counts {
        fn visit<G: Game>(&mut self) {
            let mut state = G::setup(&Default::default(), 3).unwrap();
            assert_eq!(G::moves(state.state()), 0, "{}", G::ID);
            for n in 1..=12 {
                let Some(action) = G::legal_actions(&state).into_iter().next() else {
                    break;
                };
                G::apply(&mut state, &action).unwrap();
                assert_eq!(G::moves(state.state()), n, "{}", G::ID);
                let json = serde_json::to_value(state.state()).unwrap();
                assert_eq!(json["move"], json!(n), "{}", G::ID);
            }
        }
    }
    visit_games(&mut Counts);
}

#[actix_web::test]
async fn a_stale_expected_move_is_409_naming_both_moves() {
    let server = Server::start().await;
    for (game, state) in games() {
        let moved = state["move"].as_u64().unwrap();
        assert_eq!(moved, 5, "{game}");
        let legal = server
            .ok(
                &format!("/v1/{game}/legal-actions"),
                &json!({"state": state, "expected_move": moved}),
            )
            .await;
        let action = legal["actions"][0].clone();
        for (path, body) in [
            (
                "legal-actions",
                json!({"state": state, "expected_move": moved - 1}),
            ),
            (
                "validate",
                json!({"state": state, "action": action, "expected_move": moved - 1}),
            ),
        ] {
            let response = server.post_json(&format!("/v1/{game}/{path}"), &body).await;
            let problem = expect_problem(response, StatusCode::CONFLICT).await;
            assert_eq!(problem["type"], "urn:railrules:problem:stale-state");
            assert_eq!(
                problem["errors"][0]["detail"],
                "the state is at move 5; the request expected move 4",
                "{game} {path}"
            );
            assert_eq!(pointers(&problem), ["/expected_move"]);
        }
        // The current move is judged as usual; the answer's state is one move on.
        let accepted = server
            .ok(
                &format!("/v1/{game}/validate"),
                &json!({"state": state, "action": action, "expected_move": moved}),
            )
            .await;
        assert_eq!(accepted["valid"], true, "{game}: {accepted}");
        assert_eq!(accepted["state"]["move"], json!(moved + 1), "{game}");
        // A move that is not a whole number is a shape error (422), not a stale state.
        let response = server
            .post_json(
                &format!("/v1/{game}/legal-actions"),
                &json!({"state": state, "expected_move": -1}),
            )
            .await;
        expect_problem(response, StatusCode::UNPROCESSABLE_ENTITY).await;
    }
    server.stop().await;
}

/// `to_act` comes with every state an answer returns (setup, validate, replay), equal to what
/// `legal-actions` says of that state, in every game, through every round the playout reaches.
#[actix_web::test]
async fn every_answer_with_a_state_names_who_acts_in_it() {
    let server = Server::start().await;
    for (game, _) in games() {
        let setup = server
            .ok(&format!("/v1/{game}/setup"), &json!({"seed": 2}))
            .await;
        assert_eq!(setup["state"]["move"], 0, "{game}");
        let mut state = setup["state"].clone();
        let mut to_act = setup["to_act"].clone();
        let mut actions = Vec::new();
        for _ in 0..40 {
            let legal = server
                .ok(
                    &format!("/v1/{game}/legal-actions"),
                    &json!({"state": state}),
                )
                .await;
            assert_eq!(legal["to_act"], to_act, "{game} at move {}", state["move"]);
            let Some(action) = legal["actions"].as_array().unwrap().last().cloned() else {
                break;
            };
            let accepted = server
                .ok(
                    &format!("/v1/{game}/validate"),
                    &json!({"state": state, "action": action}),
                )
                .await;
            state = accepted["state"].clone();
            to_act = accepted["to_act"].clone();
            actions.push(action);
        }
        let replay = server
            .ok(
                &format!("/v1/{game}/replay"),
                &json!({"setup": {"seed": 2}, "actions": actions}),
            )
            .await;
        assert_eq!(replay["state"], state, "{game}");
        assert_eq!(replay["to_act"], to_act, "{game}");
    }
    server.stop().await;
}

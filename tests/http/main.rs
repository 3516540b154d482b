//! The HTTP API against a real server on an ephemeral port, called with reqwest. States are built
//! with the library (here), so tests need not hard-code a seat or a shape.

#[path = "../common/mod.rs"]
mod common;

mod behaviour;
mod examples;
mod game_endpoints;
mod import;
mod limits;
mod malformed;
mod service;

use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons;
use serde_json::{Value, json};

const GAME: &str = "/v1/railroad-barons";

fn initial_state() -> railrules::core::Checked<RailroadBarons> {
    RailroadBarons::setup(&Default::default(), 1).unwrap()
}

fn state_json() -> Value {
    serde_json::to_value(initial_state()).unwrap()
}

fn first_legal_action() -> Value {
    serde_json::to_value(&RailroadBarons::legal_actions(&initial_state())[0]).unwrap()
}

/// The first legal action, made by the other seat: out of turn, so illegal.
fn out_of_turn_action() -> Value {
    let mut action = first_legal_action();
    let player = action["player"].as_str().unwrap();
    action["player"] = json!(if player == "A" { "B" } else { "A" });
    action
}

/// `n` actions, each the first legal one in turn, from setup with `seed`.
fn playout(seed: u64, n: usize) -> Vec<Value> {
    let mut state = RailroadBarons::setup(&Default::default(), seed).unwrap();
    let mut actions = Vec::new();
    for _ in 0..n {
        let Some(action) = RailroadBarons::legal_actions(&state).into_iter().next() else {
            break;
        };
        RailroadBarons::apply(&mut state, &action).unwrap();
        actions.push(serde_json::to_value(&action).unwrap());
    }
    actions
}

/// A consistent-looking but tampered state: money appears from nowhere.
fn tampered_state() -> Value {
    let mut state = state_json();
    let cash = state["players"][0]["cash"].as_u64().unwrap();
    state["players"][0]["cash"] = json!(cash + 5);
    state
}

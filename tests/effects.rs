//! Listed actions that say what they cost (issue 20.2): `legal-actions` with `effects: true`
//! gives each listed action the events `validate` answers for it, and those events' figures
//! are what applying the action costs: a tile lay's cost and a train's price leave the
//! company's treasury, a payout pays its per-share figure on every share.

use railrules::core::{Checked, Game};
use railrules::games::kit18xx::table::Table as _;
use railrules::games::ne1833::Ne1833;
use railrules::games::ne1833::action::{Action, DividendKind};
use railrules::games::ne1833::event::Event;
use serde_json::{Value, json};

mod common;
use common::*;

/// The states of a recorded 1833NE game (every action's state before it).
fn recorded_states() -> Vec<Checked<Ne1833>> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/savegames/1833ne-greedy-3p-seed-2.json"
    );
    let save: Value = serde_json::from_slice(&std::fs::read(path).unwrap()).unwrap();
    let mut state = Ne1833::setup(
        &serde_json::from_value(save["setup"]["options"].clone()).unwrap(),
        save["setup"]["seed"].as_u64().unwrap(),
    )
    .unwrap();
    let mut states = Vec::new();
    for action in save["actions"].as_array().unwrap() {
        states.push(state.clone());
        let action: Action = serde_json::from_value(action.clone()).unwrap();
        Ne1833::apply(&mut state, &action).unwrap();
    }
    states
}

/// Every listed tile lay and depot train, in every state of the game: the treasury pays the
/// cost and the price its event names; every payout pays `per_share` on each of the ten shares.
#[test]
fn the_figures_of_an_actions_events_are_what_it_costs() {
    let (mut lays, mut trains, mut payouts) = (0, 0, 0);
    for state in recorded_states() {
        for action in Ne1833::legal_actions(&state) {
            let mut after = state.clone();
            let events = Ne1833::apply(&mut after, &action).unwrap();
            for event in &events {
                match *event {
                    Event::TileLaid {
                        corporation, cost, ..
                    } if matches!(action, Action::LayTile { .. }) => {
                        lays += 1;
                        let before = state.company(corporation).cash;
                        assert_eq!(after.company(corporation).cash + cost, before, "{action:?}");
                    }
                    Event::TrainBought {
                        corporation,
                        price,
                        president_paid,
                        ..
                    } => {
                        trains += 1;
                        let before = state.company(corporation).cash;
                        let paid = before + president_paid - after.company(corporation).cash;
                        assert_eq!(paid, price, "{action:?}");
                    }
                    Event::DividendsPaid {
                        corporation,
                        kind: DividendKind::Payout,
                        revenue,
                        per_share,
                        ref payments,
                        ..
                    } => {
                        payouts += 1;
                        assert_eq!(per_share * 10, revenue, "{action:?}");
                        for p in payments {
                            let percent = state
                                .company(corporation)
                                .holdings
                                .get(&p.player)
                                .copied()
                                .unwrap_or(0);
                            assert_eq!(p.amount, per_share * u32::from(percent) / 10);
                        }
                    }
                    _ => {}
                }
            }
        }
    }
    assert!(
        lays > 100 && trains > 20 && payouts > 20,
        "{lays} {trains} {payouts}"
    );
}

/// Over HTTP: each listed action's `effects` are exactly the events `validate` answers for it,
/// text included; without `effects: true` there are none.
#[actix_web::test]
async fn each_listed_actions_effects_are_what_validate_answers() {
    let server = Server::start().await;
    let states = recorded_states();
    for state in states.iter().step_by(37) {
        let state = serde_json::to_value(state.state()).unwrap();
        let listed = server
            .ok(
                "/v1/1833ne/legal-actions",
                &json!({"state": state, "effects": true}),
            )
            .await;
        let actions = listed["actions"].as_array().unwrap();
        let effects = listed["effects"].as_array().unwrap();
        assert_eq!(actions.len(), effects.len());
        for (action, effects) in actions.iter().zip(effects).step_by(5) {
            let judged = server
                .ok(
                    "/v1/1833ne/validate",
                    &json!({"state": state, "action": action}),
                )
                .await;
            assert_eq!(&judged["events"], effects, "{action}");
        }
        let plain = server
            .ok("/v1/1833ne/legal-actions", &json!({"state": state}))
            .await;
        assert!(plain.get("effects").is_none());
        assert_eq!(plain["actions"], listed["actions"]);
    }
    server.stop().await;
}

//! Bodies serde produces (random Railroad Barons playouts) are schema-valid, request and
//! response alike; mutations serde refuses are schema-invalid.

use std::sync::LazyLock;

use jsonschema::Validator;
use proptest::prelude::*;
use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons as G;
use serde_json::{Value, json};

use crate::{assert_valid, validator};

struct Validators {
    validate_request: Validator,
    validate_response: Validator,
    legal_request: Validator,
    legal_response: Validator,
    replay_request: Validator,
    replay_response: Validator,
    check_response: Validator,
    state: Validator,
    action: Validator,
}

static V: LazyLock<Validators> = LazyLock::new(|| Validators {
    validate_request: validator("RailroadBaronsValidateRequest"),
    validate_response: validator("RailroadBaronsValidateResponse"),
    legal_request: validator("RailroadBaronsLegalActionsRequest"),
    legal_response: validator("RailroadBaronsLegalActionsResponse"),
    replay_request: validator("RailroadBaronsReplayRequest"),
    replay_response: validator("RailroadBaronsReplayResponse"),
    check_response: validator("CheckResponse"),
    state: validator("RailroadBaronsState"),
    action: validator("RailroadBaronsAction"),
});

/// Events as answers carry them: each with its `text`.
fn described<G: Game>(events: &[G::Event]) -> Vec<Value> {
    events
        .iter()
        .map(|e| {
            let mut json = serde_json::to_value(e).unwrap();
            json["text"] = json!(G::describe(e));
            json
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn playout_bodies_are_schema_valid(seed in 0u64..10_000, choices in prop::collection::vec(any::<u16>(), 0..50)) {
        let mut state = G::setup(&Default::default(), seed).unwrap();
        let mut actions = Vec::new();
        for choice in choices {
            let state_json = serde_json::to_value(&state).unwrap();
            let legal = G::legal_actions(&state);
            assert_valid(&V.legal_request, &json!({"state": state_json}), "legal-actions request");
            let ranges: Vec<Value> = legal.iter().enumerate().flat_map(|(i, a)| {
                G::ranges(&state, a).into_iter().map(move |r| json!({"action": i, "pointer": r.pointer, "min": r.min, "max": r.max}))
            }).collect();
            assert_valid(&V.legal_response, &json!({"to_act": G::to_act(&state), "actions": legal, "ranges": ranges, "choices": [], "complete": true, "incomplete": []}), "legal-actions response");
            assert_valid(&V.check_response, &json!({"consistent": true, "violations": G::check(&state)}), "check response");
            let Some(action) = legal.get(usize::from(choice) % legal.len().max(1)).cloned() else { break };
            let action_json = serde_json::to_value(&action).unwrap();
            assert_valid(&V.validate_request, &json!({"state": state_json, "action": action_json}), "validate request");
            let events = G::apply(&mut state, &action).unwrap();
            assert_valid(&V.validate_response, &json!({"valid": true, "state": state, "to_act": G::to_act(state.state()), "events": described::<G>(&events)}), "validate response");
            actions.push(action);
        }
        assert_valid(&V.replay_request, &json!({"setup": {"seed": seed}, "actions": actions}), "replay request");
        let initial = G::setup(&Default::default(), seed).unwrap();
        match railrules::core::replay::<G>(initial, &actions) {
            railrules::core::Replay::Completed { state: end, events } => {
                prop_assert_eq!(&end, state.state());
                assert_valid(&V.replay_response, &json!({"valid": true, "to_act": G::to_act(&end), "state": end, "events": events.iter().map(|e| described::<G>(e)).collect::<Vec<_>>()}), "replay response");
            }
            railrules::core::Replay::Refused { index, violation, .. } => {
                panic!("replay refused action {index} of its own playout: {violation}")
            }
        }
    }
}

/// Mutations of a valid state or action that serde refuses: the schema must refuse them too,
/// or clients validating against the published schema would send bodies the server refuses
/// (and schema-based fuzzers would report it).
#[test]
fn bodies_serde_refuses_are_schema_invalid() {
    let state = serde_json::to_value(G::setup(&Default::default(), 1).unwrap()).unwrap();
    let action =
        serde_json::to_value(&G::legal_actions(&G::setup(&Default::default(), 1).unwrap())[0])
            .unwrap();
    type Mutation = fn(&mut Value);
    let state_mutations: Vec<(&str, Mutation)> = vec![
        ("unknown field", |s| s["junk"] = json!(1)),
        ("unknown field in a player", |s| {
            s["players"][0]["junk"] = json!(1)
        }),
        ("unknown field in the round (a tagged enum)", |s| {
            s["round"]["junk"] = json!(1)
        }),
        ("unknown round", |s| s["round"]["round"] = json!("lunch")),
        ("another game", |s| s["game"] = json!("other")),
        ("another rules version", |s| s["rules_version"] = json!("0")),
        ("string cash", |s| s["players"][0]["cash"] = json!("lots")),
        ("negative cash", |s| s["players"][0]["cash"] = json!(-1)),
        ("fractional cash", |s| s["players"][0]["cash"] = json!(1.5)),
        ("missing field", |s| {
            s.as_object_mut().unwrap().remove("players");
        }),
        ("unknown seat", |s| s["start_player"] = json!("C")),
    ];
    for (what, mutate) in state_mutations {
        let mut body = state.clone();
        mutate(&mut body);
        assert!(
            serde_json::from_value::<<G as Game>::State>(body.clone()).is_err(),
            "serde accepts {what}"
        );
        assert!(!V.state.is_valid(&body), "the schema accepts {what}");
    }
    let action_mutations: Vec<(&str, Mutation)> = vec![
        ("unknown field", |a| a["junk"] = json!(1)),
        ("unknown type", |a| a["type"] = json!("fly")),
        ("missing type", |a| {
            a.as_object_mut().unwrap().remove("type");
        }),
        ("unknown seat", |a| a["player"] = json!("C")),
        ("null seat", |a| a["player"] = Value::Null),
    ];
    for (what, mutate) in action_mutations {
        let mut body = action.clone();
        mutate(&mut body);
        assert!(
            serde_json::from_value::<<G as Game>::Action>(body.clone()).is_err(),
            "serde accepts {what}"
        );
        assert!(!V.action.is_valid(&body), "the schema accepts {what}");
    }
    assert!(V.state.is_valid(&state) && V.action.is_valid(&action));
}

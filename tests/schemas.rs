//! The published JSON Schemas and serde agree: every body serde produces (random playouts)
//! is schema-valid, request and response alike, and bodies serde refuses are schema-invalid.

use std::sync::LazyLock;

use jsonschema::Validator;
use proptest::prelude::*;
use railrules::api::openapi;
use railrules::core::Game;
use railrules::games::railroad_barons::RailroadBarons as G;
use serde_json::{Map, Value, json};

static COMPONENTS: LazyLock<Map<String, Value>> =
    LazyLock::new(|| openapi::components_json(&openapi::build()));

fn validator(name: &str) -> Validator {
    jsonschema::validator_for(&openapi::standalone_schema(&COMPONENTS, name))
        .unwrap_or_else(|e| panic!("{name}: {e}"))
}

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

fn assert_valid(validator: &Validator, value: &Value, what: &str) {
    let errors: Vec<String> = validator
        .iter_errors(value)
        .map(|e| format!("{} at {}", e, e.instance_path().as_str()))
        .collect();
    assert!(
        errors.is_empty(),
        "{what} is schema-invalid: {errors:?}\n{value}"
    );
}

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

/// The deepest nesting of arrays and objects a schema allows (the value itself is level 1),
/// following `$ref`s; panics on a recursive schema, which would allow any depth.
fn schema_depth(schema: &Value, visiting: &mut Vec<String>) -> usize {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.rsplit('/').next().unwrap().to_string();
        assert!(!visiting.contains(&name), "{name} is recursive");
        visiting.push(name.clone());
        let depth = schema_depth(&COMPONENTS[&name], visiting);
        visiting.pop();
        return depth;
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => vec![],
    };
    let deepest = |children: Vec<&Value>, visiting: &mut Vec<String>| {
        children
            .into_iter()
            .map(|c| schema_depth(c, visiting))
            .max()
            .unwrap_or(0)
    };
    let alternatives: Vec<&Value> = ["oneOf", "anyOf", "allOf"]
        .iter()
        .filter_map(|k| schema[*k].as_array())
        .flatten()
        .collect();
    let mut depth = deepest(alternatives, visiting);
    let properties: Vec<&Value> = schema["properties"]
        .as_object()
        .into_iter()
        .flat_map(|p| p.values())
        .chain(
            schema["additionalProperties"]
                .as_object()
                .map(|_| &schema["additionalProperties"]),
        )
        .collect();
    if types.contains(&"object") || !properties.is_empty() {
        depth = depth.max(1 + deepest(properties, visiting));
    }
    let items: Vec<&Value> = schema["prefixItems"]
        .as_array()
        .into_iter()
        .flatten()
        .chain(schema["items"].is_object().then_some(&schema["items"]))
        .collect();
    if types.contains(&"array") || !items.is_empty() {
        depth = depth.max(1 + deepest(items, visiting));
    }
    depth
}

/// The service skips its depth scan on bodies serde reads (api::validation::parse_body): that
/// is sound only if no request schema nests deeper than `TYPED_DEPTH_BOUND`.
#[test]
fn no_request_nests_deeper_than_the_typed_depth_bound() {
    use railrules::api::validation::TYPED_DEPTH_BOUND;
    let requests: Vec<&String> = COMPONENTS
        .keys()
        .filter(|k| k.ends_with("Request"))
        .collect();
    assert!(requests.len() >= 10, "{requests:?}");
    let mut deepest = 0;
    for name in requests {
        let depth = schema_depth(
            &json!({"$ref": format!("#/components/schemas/{name}")}),
            &mut vec![],
        );
        assert!(
            depth <= TYPED_DEPTH_BOUND,
            "{name} nests {depth} deep, beyond TYPED_DEPTH_BOUND ({TYPED_DEPTH_BOUND})"
        );
        deepest = deepest.max(depth);
    }
    // A state is several levels deep: a walk that found less is not following the schemas.
    assert!(
        deepest >= 6,
        "the deepest request nests only {deepest} levels"
    );
    println!("deepest request: {deepest} levels");
}

/// The pointers (from `at`) of every array under `schema`, following `$ref`s once each, with
/// its `maxItems` (a tuple, `items: false` and `prefixItems`, is bounded by its items).
fn arrays(schema: &Value, at: &str, seen: &mut Vec<String>, out: &mut Vec<(String, Option<u64>)>) {
    if let Some(reference) = schema["$ref"].as_str() {
        let name = reference.rsplit('/').next().unwrap().to_string();
        if !seen.contains(&name) {
            seen.push(name.clone());
            arrays(&COMPONENTS[&name], &name, seen, out);
        }
        return;
    }
    let is_array = schema["type"] == "array"
        || schema["type"]
            .as_array()
            .is_some_and(|t| t.contains(&json!("array")));
    if is_array && schema["prefixItems"].is_null() {
        out.push((at.to_string(), schema["maxItems"].as_u64()));
    }
    for key in ["oneOf", "anyOf", "allOf", "prefixItems"] {
        for (i, s) in schema[key].as_array().into_iter().flatten().enumerate() {
            arrays(s, &format!("{at}/{key}/{i}"), seen, out);
        }
    }
    for (name, s) in schema["properties"].as_object().into_iter().flatten() {
        arrays(s, &format!("{at}/{name}"), seen, out);
    }
    if schema["items"].is_object() {
        arrays(&schema["items"], &format!("{at}/items"), seen, out);
    }
}

/// Issue 16.1: every list a Russian Railroads or rotw-solo state, action or setup option may
/// hold is published with its bound.
#[test]
fn every_list_a_russian_railroads_or_rotw_body_holds_is_published_with_max_items() {
    let mut found = Vec::new();
    let mut seen = Vec::new();
    for game in ["RussianRailroadsAmerican", "RotwSolo"] {
        for kind in ["State", "Action", "Options"] {
            let root = json!({"$ref": format!("#/components/schemas/{game}{kind}")});
            arrays(&root, "", &mut seen, &mut found);
        }
    }
    assert!(found.len() > 80, "only {} lists found", found.len());
    let unbounded: Vec<&String> = found
        .iter()
        .filter(|(_, bound)| bound.is_none())
        .map(|(at, _)| at)
        .collect();
    assert!(
        unbounded.is_empty(),
        "lists without maxItems: {unbounded:?}"
    );
}

/// The literals of `#[schema(max_items)]` are the constants the lists are read with.
#[expect(clippy::too_many_lines, reason = "one assertion per published bound")]
#[test]
fn the_published_bounds_are_the_ones_lists_are_read_with() {
    use railrules::games::rotw_solo::{action as ra, data as rd, setup as rs, state as rst};
    use railrules::games::russian_railroads_american::{action as a, data as d, state as st};
    let published: &[(&str, &str, usize)] = &[
        (
            "Kit18xxBoard",
            "stations",
            railrules::games::kit18xx::board::MAX_STATIONS,
        ),
        (
            "RussianRailroadsAmericanComponents",
            "player_counts",
            d::PLAYER_COUNTS,
        ),
        (
            "RussianRailroadsAmericanComponents",
            "action_spaces",
            d::MAX_LIST,
        ),
        (
            "RussianRailroadsAmericanComponents",
            "railroads",
            d::RAILROADS,
        ),
        (
            "RussianRailroadsAmericanComponents",
            "tracks_per_colour",
            d::COLOURS,
        ),
        (
            "RussianRailroadsAmericanComponents",
            "colour_values",
            d::COLOURS,
        ),
        (
            "RussianRailroadsAmericanComponents",
            "revalued_colour_values",
            d::COLOURS,
        ),
        (
            "RussianRailroadsAmericanComponents",
            "industry_tracks",
            d::INDUSTRY_TRACKS,
        ),
        (
            "RussianRailroadsAmericanComponents",
            "dividend_tokens",
            d::DIVIDEND_TOKENS,
        ),
        (
            "RussianRailroadsAmericanComponents",
            "steelworks",
            d::STEELWORKS,
        ),
        (
            "RussianRailroadsAmericanComponents",
            "locomotives",
            d::NUMBERED,
        ),
        (
            "RussianRailroadsAmericanComponents",
            "engineers",
            d::NUMBERED,
        ),
        (
            "RussianRailroadsAmericanComponents",
            "end_bonus_cards",
            d::MAX_LIST,
        ),
        (
            "RussianRailroadsAmericanComponents",
            "starting_bonuses",
            d::STARTING_BONUSES,
        ),
        (
            "RussianRailroadsAmericanComponents",
            "question_tokens",
            d::MAX_LIST,
        ),
        (
            "RussianRailroadsAmericanComponents",
            "pass_points",
            st::SEATS,
        ),
        (
            "RussianRailroadsAmericanRailroad",
            "doubler_spaces",
            d::SPACES,
        ),
        ("RussianRailroadsAmericanRailroad", "specials", d::MAX_LIST),
        ("RussianRailroadsAmericanIndustryTrack", "spaces", d::SPACES),
        (
            "RussianRailroadsAmericanRailroadState",
            "tracks",
            d::COLOURS,
        ),
        (
            "RussianRailroadsAmericanRailroadState",
            "locomotives",
            d::MAX_LIST,
        ),
        (
            "RussianRailroadsAmericanRailroadState",
            "doublers",
            d::SPACES,
        ),
        (
            "RussianRailroadsAmericanIndustryState",
            "factories",
            d::SPACES,
        ),
        ("RussianRailroadsAmericanPlayer", "railroads", d::RAILROADS),
        ("RussianRailroadsAmericanPlayer", "unlocked", d::COLOURS),
        (
            "RussianRailroadsAmericanPlayer",
            "industry",
            d::INDUSTRY_TRACKS,
        ),
        ("RussianRailroadsAmericanPlayer", "engineers", d::NUMBERED),
        ("RussianRailroadsAmericanPlayer", "end_bonus", d::MAX_LIST),
        (
            "RussianRailroadsAmericanPlayer",
            "coin_spaces_done",
            st::COIN_SPACES,
        ),
        (
            "RussianRailroadsAmericanPlayer",
            "specials_met",
            st::SPECIALS,
        ),
        (
            "RussianRailroadsAmericanPlayer",
            "question_tokens",
            d::MAX_LIST,
        ),
        (
            "RussianRailroadsAmericanPlayer",
            "engineers_used",
            d::NUMBERED,
        ),
        ("RussianRailroadsAmericanStockLevel", "markers", st::SEATS),
        ("RussianRailroadsAmericanTurn", "pool", st::POOL),
        ("RussianRailroadsAmericanTurn", "decisions", st::DECISIONS),
        (
            "RussianRailroadsAmericanTurn",
            "general_payouts",
            d::STEELWORKS,
        ),
        ("RussianRailroadsAmericanState", "players", st::SEATS),
        ("RussianRailroadsAmericanState", "turn_order", st::SEATS),
        (
            "RussianRailroadsAmericanState",
            "placements",
            st::PLACEMENTS,
        ),
        ("RussianRailroadsAmericanState", "piles", d::NUMBERED),
        (
            "RussianRailroadsAmericanState",
            "returned_factories",
            st::TILES,
        ),
        (
            "RussianRailroadsAmericanState",
            "engineer_strip",
            d::NUMBERED,
        ),
        (
            "RussianRailroadsAmericanState",
            "end_bonus_deck",
            d::MAX_LIST,
        ),
        (
            "RussianRailroadsAmericanState",
            "end_bonus_removed",
            d::MAX_LIST,
        ),
        (
            "RussianRailroadsAmericanState",
            "starting_bonuses",
            d::STARTING_BONUSES,
        ),
        (
            "RussianRailroadsAmericanState",
            "stock_levels",
            st::STOCK_LEVELS,
        ),
        (
            "RussianRailroadsAmericanState",
            "dividend_tokens",
            d::DIVIDEND_TOKENS,
        ),
        ("RussianRailroadsAmericanState", "steelworks", d::STEELWORKS),
        (
            "RussianRailroadsAmericanState",
            "engineers_gone",
            d::NUMBERED,
        ),
        ("RussianRailroadsAmericanResolution", "moves", d::MOVES),
        ("RussianRailroadsAmericanResolution", "industry", d::MOVES),
        (
            "RussianRailroadsAmericanResolution",
            "tiles",
            a::TILES_TAKEN,
        ),
        ("RussianRailroadsAmericanResolution", "factories", d::SPACES),
        ("RussianRailroadsAmericanFactoryUse", "moves", d::MOVES),
        ("RussianRailroadsAmericanFactoryUse", "industry", d::MOVES),
        ("RotwSoloMapData", "hexes", rd::MOST_HEXES),
        ("RotwSoloMapData", "ridges", rd::RIDGES),
        ("RotwSoloMapData", "cities", rd::MOST_ENTRIES),
        ("RotwSoloMajorLine", "cities", rd::MOST_ENTRIES),
        ("RotwSoloComponents", "new_city_tiles", rd::NEW_CITY_COLOURS),
        ("RotwSoloComponents", "engine_costs", rd::MOST_ENGINE_LEVELS),
        ("RotwSoloComponents", "income_track", rd::MOST_TRACK),
        ("RotwSoloComponents", "major_lines", rd::MOST_ENTRIES),
        ("RotwSoloComponents", "railbot_deck", rd::MOST_ENTRIES),
        ("RotwSoloComponents", "operations_deck", rd::MOST_ENTRIES),
        ("RotwSoloComponents", "duel_barons", rd::MOST_ENTRIES),
        ("RotwSoloLink", "hexes", rd::MOST_HEXES),
        ("RotwSoloOpenTrack", "hexes", rst::TURN_TRACK),
        ("RotwSoloBuild", "hexes", rst::TURN_TRACK),
        ("RotwSoloRailbot", "deck", rd::MOST_ENTRIES),
        ("RotwSoloRailbot", "row", rs::ROW),
        ("RotwSoloRailbot", "discard", rd::MOST_ENTRIES),
        ("RotwSoloRailbot", "removed_unseen", rs::REMOVED_UNSEEN),
        ("RotwSoloOperations", "deck", rd::MOST_ENTRIES),
        ("RotwSoloOperations", "display", rst::DISPLAY),
        ("RotwSoloOperations", "taken", rd::MOST_ENTRIES),
        ("RotwSoloOperations", "discard", rd::MOST_ENTRIES),
        ("RotwSoloOperations", "out_of_game", rd::MOST_ENTRIES),
        ("RotwSoloState", "city_cubes", rd::MOST_ENTRIES),
        ("RotwSoloState", "empty_cities", rd::MOST_ENTRIES),
        ("RotwSoloState", "bag", rst::CUBES),
        ("RotwSoloState", "new_cities", rd::MOST_ENTRIES),
        ("RotwSoloState", "links", rd::MOST_HEXES),
        ("RotwSoloState", "open_track", rst::OPEN_TRACKS),
        ("RotwSoloState", "major_lines", rd::MOST_ENTRIES),
        ("RotwSoloState", "hotels", rd::MOST_ENTRIES),
        ("RotwSoloState", "barons", rs::BARONS_SHOWN),
        ("RotwSoloState", "decisions", rst::DECISIONS),
    ];
    let bound =
        |schema: &str, field: &str| COMPONENTS[schema]["properties"][field]["maxItems"].as_u64();
    for &(schema, field, constant) in published {
        assert_eq!(
            bound(schema, field),
            Some(constant as u64),
            "{schema}.{field}"
        );
    }
    // Lists inside variants and nested lists.
    let variant = |schema: &str, tag: &str, name: &str, field: &str| {
        let variants = COMPONENTS[schema]["oneOf"].as_array().unwrap();
        let v = variants
            .iter()
            .find(|v| v["properties"][tag]["enum"][0] == name)
            .unwrap_or_else(|| panic!("{schema} {name}"));
        v["properties"][field]["maxItems"].as_u64()
    };
    let in_variants: &[(&str, &str, &str, &str, usize)] = &[
        (
            "RussianRailroadsAmericanSpaceEffect",
            "type",
            "track_moves",
            "colours",
            d::COLOURS,
        ),
        (
            "RussianRailroadsAmericanPhase",
            "phase",
            "starting_bonuses",
            "next",
            st::SEATS,
        ),
        (
            "RussianRailroadsAmericanPhase",
            "phase",
            "payout",
            "next",
            st::SEATS,
        ),
        (
            "RussianRailroadsAmericanPhase",
            "phase",
            "payout",
            "resume_reuse",
            st::SEATS,
        ),
        (
            "RussianRailroadsAmericanPhase",
            "phase",
            "worker_reuse",
            "next",
            st::SEATS,
        ),
        (
            "RussianRailroadsAmericanAction",
            "type",
            "move_industry",
            "factories",
            d::SPACES,
        ),
        (
            "RotwSoloRailbotEffect",
            "type",
            "building_links",
            "cities",
            rd::LINKED_CITIES,
        ),
        ("RotwSoloAction", "type", "deliver", "route", ra::ROUTE),
    ];
    for &(schema, tag, name, field, constant) in in_variants {
        assert_eq!(
            variant(schema, tag, name, field),
            Some(constant as u64),
            "{schema} {name}.{field}"
        );
    }
    let cubes = &COMPONENTS["RotwSoloState"]["properties"]["city_cubes"]["items"]["maxItems"];
    assert_eq!(cubes.as_u64(), Some(rst::CUBES as u64));
    let ridge = &COMPONENTS["RotwSoloMapData"]["properties"]["ridges"]["items"];
    assert_eq!(
        (ridge["minItems"].as_u64(), ridge["maxItems"].as_u64()),
        (Some(2), Some(2))
    );
}

/// Every game endpoint's request body has an example (examples/requests/), and it is valid
/// against the request's schema: Swagger UI's "Try it out" starts from it.
#[test]
fn every_request_example_is_valid_against_its_schema() {
    let doc: Value = serde_json::from_str(&railrules::api::openapi_json()).unwrap();
    let mut checked = 0;
    for (path, item) in doc["paths"].as_object().unwrap() {
        let Some(body) = item["post"]["requestBody"]["content"]["application/json"].as_object()
        else {
            continue;
        };
        let endpoint = path.rsplit('/').next().unwrap();
        let example = body.get("example");
        if ["import", "view"].contains(&endpoint) || path == "/v1/echo" {
            continue;
        }
        let example = example.unwrap_or_else(|| panic!("{path} has no request example"));
        let name = body["schema"]["$ref"]
            .as_str()
            .unwrap()
            .trim_start_matches("#/components/schemas/");
        assert_valid(&validator(name), example, &format!("{path}'s example"));
        checked += 1;
    }
    // Six endpoints (render included) of each of the five games.
    assert_eq!(checked, 30);
}

//! Every list a body may hold is published with `maxItems`, and the published bounds are the
//! constants the lists are read with.

use serde_json::{Value, json};

use crate::COMPONENTS;

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

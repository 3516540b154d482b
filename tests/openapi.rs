//! openapi/openapi.json is the committed copy of the generated document; it must not go stale.

#[test]
fn committed_openapi_document_is_up_to_date() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json");
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    let generated = railrules::api::openapi_json();
    assert!(
        committed == generated,
        "{path} is stale (the API or a game's types changed). Regenerate it with:\n\
         \n    cargo run -- openapi > openapi/openapi.json\n\
         \nthen the TypeScript types generated from it with:\n\
         \n    scripts/ts-client.sh\n"
    );
}

#[test]
fn no_two_games_publish_different_schemas_under_one_name() {
    assert_eq!(
        railrules::api::openapi::schema_name_clashes(),
        Vec::<String>::new()
    );
}

/// Every union of inline objects is a serde-tagged enum published with a `discriminator`, and
/// each of its variants has a `title` (its tag's value): Swagger UI and code generators name
/// them instead of showing anonymous objects.
#[test]
fn every_tagged_union_has_a_discriminator_and_titled_variants() {
    let doc: serde_json::Value = serde_json::from_str(&railrules::api::openapi_json()).unwrap();
    let mut unions = 0;
    for (name, schema) in doc["components"]["schemas"].as_object().unwrap() {
        let Some(variants) = schema["oneOf"].as_array() else {
            continue;
        };
        // Unions of references are named by them; unions of scalars (a generator's state as
        // digits or a number) have no tag.
        if variants.iter().any(|v| v["type"] != "object") {
            continue;
        }
        unions += 1;
        let tag = schema["discriminator"]["propertyName"]
            .as_str()
            .unwrap_or_else(|| panic!("{name} has no discriminator"));
        for variant in variants {
            let value = &variant["properties"][tag]["enum"][0];
            assert_eq!(&variant["title"], value, "{name}: {variant}");
        }
    }
    assert!(unions >= 30, "{unions}");
}

/// A game's options publish its player count as the game takes it (`GET /v1/games`'s
/// `min_players`-`max_players`), not the 0-255 of a byte.
#[test]
fn the_player_count_is_published_with_the_games_bounds() {
    use railrules::core::Game;
    let doc: serde_json::Value = serde_json::from_str(&railrules::api::openapi_json()).unwrap();
    let schemas = &doc["components"]["schemas"];
    let games = [
        ("G1846Options", railrules::games::g1846::G1846::info()),
        ("Ne1833Options", railrules::games::ne1833::Ne1833::info()),
        (
            "RussianRailroadsAmericanOptions",
            railrules::games::russian_railroads_american::RussianRailroadsAmerican::info(),
        ),
    ];
    for (name, info) in games {
        let players = &schemas[name]["properties"]["players"];
        assert_eq!(players["minimum"], info.min_players, "{name}");
        assert_eq!(players["maximum"], info.max_players, "{name}");
    }
}

/// Every schema of the document says what it is (issue 20.4): Swagger UI and generated clients
/// show the description, so none is left without one.
#[test]
fn every_schema_has_a_description() {
    let doc: serde_json::Value = serde_json::from_str(&railrules::api::openapi_json()).unwrap();
    let schemas = doc["components"]["schemas"].as_object().unwrap();
    let silent: Vec<&String> = schemas
        .iter()
        .filter(|(_, schema)| {
            schema["description"]
                .as_str()
                .is_none_or(|d| d.trim().is_empty())
        })
        .map(|(name, _)| name)
        .collect();
    assert!(schemas.len() > 250, "{} schemas", schemas.len());
    assert!(
        silent.is_empty(),
        "{} without a description: {silent:?}",
        silent.len()
    );
}

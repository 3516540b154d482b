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

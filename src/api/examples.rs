//! examples/requests/: a body every game's endpoint accepts, built from the library by
//! `tests/http.rs` (`RAILRULES_REGENERATE_EXAMPLES=1`) and accepted by the live server there.
//! Embedded in the binary, they are the request examples of the OpenAPI document, so that
//! Swagger UI's "Try it out" sends a real state at the first click.

use serde_json::Value;

/// Each game's examples, by game id and endpoint segment.
macro_rules! examples {
    ($($game:literal => [$($endpoint:literal),*]),* $(,)?) => {
        &[$($(($game, $endpoint, include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"), "/examples/requests/", $game, "/", $endpoint, ".json"
        )))),*),*]
    };
}

const EXAMPLES: &[(&str, &str, &str)] = examples! {
    "railroad-barons" => ["setup", "validate", "legal-actions", "replay", "check", "render"],
    "1833ne" => ["setup", "validate", "legal-actions", "replay", "check", "render"],
    "rotw-solo" => ["setup", "validate", "legal-actions", "replay", "check", "render"],
    "1846" => ["setup", "validate", "legal-actions", "replay", "check", "render"],
    "russian-railroads-american" => ["setup", "validate", "legal-actions", "replay", "check", "render"],
};

/// The example body of `game`'s `endpoint` (its URL segment), if examples/requests has one.
pub fn request_example(game: &str, endpoint: &str) -> Option<Value> {
    EXAMPLES
        .iter()
        .find(|(g, e, _)| *g == game && *e == endpoint)
        .and_then(|(_, _, text)| serde_json::from_str(text).ok())
}

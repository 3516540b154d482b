//! examples/requests/: a body every game's endpoint accepts, built from the library by
//! `tests/http/` (`RAILRULES_REGENERATE_EXAMPLES=1`) and accepted by the live server there.
//! Embedded in the binary, they are the request examples of the OpenAPI document, so that
//! Swagger UI's "Try it out" sends a real state at the first click.

use crate::core::{Game, GameVisitor};
use serde_json::Value;

/// The example body of `game`'s `endpoint` (its URL segment), if examples/requests has one
/// (`Game::REQUEST_EXAMPLES`).
pub fn request_example(game: &str, endpoint: &str) -> Option<Value> {
    struct Finder<'a> {
        game: &'a str,
        endpoint: &'a str,
        text: Option<&'static str>,
    }
    impl GameVisitor for Finder<'_> {
        fn visit<G: Game>(&mut self) {
            if G::ID == self.game {
                self.text = G::REQUEST_EXAMPLES
                    .iter()
                    .find(|(endpoint, _)| *endpoint == self.endpoint)
                    .map(|(_, text)| *text);
            }
        }
    }
    let mut finder = Finder {
        game,
        endpoint,
        text: None,
    };
    crate::registry::visit_games(&mut finder);
    finder.text.and_then(|text| serde_json::from_str(text).ok())
}

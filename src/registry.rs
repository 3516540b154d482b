//! The registry of games, the composition root: the one place that names every game. Adding a
//! game is its folder under src/games/ and one line in [`visit_games`] (and, for an 18xx.games
//! title railrules imports, one in [`visit_titles`]); the API (its rules pages and request
//! examples among it: `Game::RULES_DOCUMENT`, `Game::REQUEST_EXAMPLES`), the OpenAPI document,
//! the metrics, `railrules check`, the importer, the benches, the fuzz targets and the generic
//! tests all reach the games through here. The core (src/core/) names no game.

use crate::core::save::{self, SaveVerdict};
use crate::core::{Game, GameVisitor};

/// Calls `visitor` once for every game, in the order `GET /v1/games` lists them.
pub fn visit_games(visitor: &mut impl GameVisitor) {
    visitor.visit::<crate::games::railroad_barons::RailroadBarons>();
    visitor.visit::<crate::games::ne1833::Ne1833>();
    visitor.visit::<crate::games::g1846::G1846>();
    visitor.visit::<crate::games::rotw_solo::RotwSolo>();
    visitor.visit::<crate::games::russian_railroads_american::RussianRailroadsAmerican>();
}

/// Calls `visitor` once for every game with an 18xx.games title railrules reads and writes
/// (`import`: an export of the site read as a save file, and written back).
pub fn visit_titles(visitor: &mut impl crate::import::title::TitleVisitor) {
    visitor.visit::<crate::games::ne1833::Ne1833>();
    visitor.visit::<crate::games::g1846::G1846>();
}

/// The ids of all registered games.
pub fn game_ids() -> Vec<&'static str> {
    struct Ids(Vec<&'static str>);
    impl GameVisitor for Ids {
        fn visit<G: Game>(&mut self) {
            self.0.push(G::ID);
        }
    }
    let mut ids = Ids(Vec::new());
    visit_games(&mut ids);
    ids.0
}

/// Checks a save file given as bytes, as the game it names ([`save::check_game`]).
pub fn check_save(bytes: &[u8]) -> SaveVerdict {
    let save = match save::read(bytes) {
        Ok(save) => save,
        Err(problem) => return SaveVerdict::Malformed { problem },
    };
    struct Checker<'a> {
        save: &'a save::SaveText<'a>,
        verdict: Option<SaveVerdict>,
    }
    impl GameVisitor for Checker<'_> {
        fn visit<G: Game>(&mut self) {
            if self.save.game == G::ID {
                self.verdict = Some(save::check_game::<G>(self.save));
            }
        }
    }
    let mut checker = Checker {
        save: &save,
        verdict: None,
    };
    visit_games(&mut checker);
    checker.verdict.unwrap_or_else(|| SaveVerdict::Malformed {
        problem: format!(
            "unknown game `{}`; known games: {}",
            save.game,
            game_ids().join(", ")
        ),
    })
}

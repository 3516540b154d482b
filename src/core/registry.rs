//! The registry of games: adding a game is one line in [`visit_games`].

use super::Game;

/// Something that wants to do a thing for every game (mount its routes, add its schemas to the
/// OpenAPI document, find it by id...). Generic, so each game keeps its own types.
pub trait GameVisitor {
    fn visit<G: Game>(&mut self);
}

/// Calls `visitor` once for every game, in the order `GET /v1/games` lists them.
pub fn visit_games(visitor: &mut impl GameVisitor) {
    visitor.visit::<crate::games::railroad_barons::RailroadBarons>();
    visitor.visit::<crate::games::ne1833::Ne1833>();
    visitor.visit::<crate::games::rotw_solo::RotwSolo>();
    visitor.visit::<crate::games::russian_railroads_american::RussianRailroadsAmerican>();
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

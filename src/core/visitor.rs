//! How code outside a game reaches every game without naming one: the composition root
//! (`crate::registry`, outside the core) calls a [`GameVisitor`] once per registered game.

use super::Game;

/// Something that wants to do a thing for every game (mount its routes, add its schemas to the
/// OpenAPI document, find it by id...). Generic, so each game keeps its own types.
pub trait GameVisitor {
    fn visit<G: Game>(&mut self);
}

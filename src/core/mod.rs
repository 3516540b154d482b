//! The game-agnostic core: nothing here knows a game's rules.

pub mod bounded;
pub mod game;
pub mod registry;
pub mod replay;
pub mod rng;
pub mod save;
pub mod unique_keys;
pub mod violation;

pub use game::{Game, GameInfo, ParameterRange};
pub use registry::{GameVisitor, visit_games};
pub use replay::{Replay, replay};
pub use rng::Rng;
pub use violation::Violation;

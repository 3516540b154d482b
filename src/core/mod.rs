//! The game-agnostic core: nothing here knows a game's rules.

pub mod bounded;
pub mod checked;
pub mod contract;
pub mod deadline;
pub mod game;
pub mod pointer;
pub mod replay;
pub mod rng;
pub mod save;
pub mod svg;
pub mod unique_keys;
pub mod violation;
pub mod visitor;

pub use checked::Checked;
pub use deadline::{Budget, Deadline, Stop};
pub use game::{
    Game, GameInfo, Incomplete, Listing, ParameterChoice, ParameterRange, every_choice,
};
pub use replay::{DeadlinePassed, Replay, replay, replay_by};
pub use rng::Rng;
pub use violation::{Refusal, Refused, Violation};
pub use visitor::GameVisitor;

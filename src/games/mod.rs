//! One self-contained module per game. No game imports another.

/// 1846: component data only; the game is not yet built.
pub mod g1846;
pub mod ne1833;
pub mod railroad_barons;
pub mod rotw_solo;
pub mod russian_railroads_american;

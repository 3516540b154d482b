//! One self-contained module per game. No game imports another.

pub mod ne1833;
pub mod railroad_barons;
pub mod rotw_solo;
pub mod russian_railroads_american;

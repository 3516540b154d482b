//! One self-contained module per game. No game imports another; the titles of the 1846
//! family share the 18xx kit (`kit18xx`).

pub mod g1846;
pub mod kit18xx;
pub mod ne1833;
pub mod railroad_barons;
pub mod rotw_solo;
pub mod russian_railroads_american;

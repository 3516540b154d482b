//! 1846: The Race for the Midwest (Thomas Lehmann; GMT Games, 3-5 players). Only its component
//! data so far (docs/rules/1846.md), its setup dealt as 18xx.games deals it (`dealing`) and its
//! route revenue on the 18xx kit (`routes`): the game is not built and is registered nowhere.

pub mod data;
pub mod dealing;
pub mod routes;

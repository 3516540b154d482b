//! 1846: The Race for the Midwest (Thomas Lehmann; GMT Games, 3-5 players). Only its component
//! data so far (docs/rules/1846.md), and its setup dealt as 18xx.games deals it (`dealing`): the
//! game is not built and is registered nowhere.

pub mod data;
pub mod dealing;

//! 1846: The Race for the Midwest (Thomas Lehmann; GMT Games, 3-5 players). So far its component
//! data (docs/rules/1846.md), its setup dealt as 18xx.games deals it (`dealing`), its track laid
//! (`track`) and its route revenue counted (`routes`) on the 18xx kit: the game is not built and
//! is registered nowhere.

pub mod data;
pub mod dealing;
pub mod routes;
pub mod track;

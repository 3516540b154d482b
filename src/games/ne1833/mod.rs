//! 1833NE: Railroading in New England (Thomas Lehmann, GMT Games): 3-5 players, the 1846
//! financial system on a New England and Montreal map. Rules: docs/rules/1833ne.md.
//!
//! So far: the board (map, tiles, track laying, stations, routes); the game around it (auction,
//! stock and operating rounds, trains and phases) comes next.

pub mod best_routes;
pub mod board;
pub mod data;
pub mod graph;
pub mod hex;
pub mod routes;
pub mod rules;
pub mod stations;
pub mod tiles;
pub mod track;

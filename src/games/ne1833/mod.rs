//! 1833NE: Railroading in New England (Thomas Lehmann, GMT Games): 3-5 players, the 1846
//! financial system on a New England and Montreal map. Rules: docs/rules/1833ne.md.
//!
//! So far: the board (map, tiles, track laying, stations, routes, best routes), the private
//! auction and the stock rounds. Operating rounds answer `not_supported_yet`.

pub mod action;
pub mod auction;
pub mod best_routes;
pub mod board;
pub mod data;
pub mod event;
pub mod game;
pub mod graph;
pub mod hex;
pub mod ids;
pub mod invariants;
pub mod legal;
pub mod market;
pub mod routes;
pub mod rules;
pub mod setup;
pub mod state;
pub mod stations;
pub mod stock_round;
pub mod tiles;
pub mod track;
pub mod turns;

pub use game::Ne1833;

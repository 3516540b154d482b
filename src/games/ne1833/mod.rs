//! 1833NE: Railroading in New England (Thomas Lehmann, GMT Games): 3-5 players, the 1846
//! financial system on a New England and Montreal map. Rules: docs/rules/1833ne.md.
//!
//! So far: the board (map, tiles, track laying, stations, routes, best routes), the private
//! auction, stock rounds and operating rounds with trains and phases. Not yet: buying trains
//! and privates from others, the privates' special abilities, emergency issues and bankruptcy.

pub mod action;
pub mod auction;
pub mod bankruptcy;
pub mod best_routes;
pub mod board;
pub mod bot;
pub mod data;
pub mod emergency;
pub mod end;
pub mod event;
pub mod game;
pub mod graph;
pub mod hex;
pub mod ids;
pub mod invariants;
pub mod legal;
pub mod market;
pub mod operating_round;
pub mod receivership;
pub mod routes;
pub mod rules;
pub mod setup;
pub mod state;
pub mod stations;
pub mod stock_round;
pub mod tiles;
pub mod track;
pub mod trains;
pub mod turns;

pub use game::Ne1833;

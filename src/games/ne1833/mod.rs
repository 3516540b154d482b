//! 1833NE: Railroading in New England (Thomas Lehmann, GMT Games): 3-5 players, the 1846
//! financial system on a New England and Montreal map. Rules: docs/rules/1833ne.md, with the
//! binding rulings of 2026-12 (R1-R12).
//!
//! Every rule of the standard game is built: the private auction, stock rounds, operating rounds
//! with track, stations, ferries, routes and dividends, trains and phases, trains and privates
//! bought from others, the privates' abilities, emergency money (`emergency`), bankruptcy
//! (`bankruptcy`), receivership (`receivership`) and the end (`end`). Not built: the Takeover
//! variant (its five companies are unknown).

pub mod action;
pub mod auction;
pub mod bankruptcy;
pub mod bot;
pub mod data;
pub mod emergency;
pub mod end;
pub mod event;
pub mod game;
pub mod ids;
pub mod invariants;
pub mod legal;
pub mod log;
pub mod market;
pub mod operating_round;
pub mod receivership;
pub mod render;
pub mod route_bonuses;
pub mod rules;
pub mod setup;
pub mod state;
pub mod stations;
pub mod stock_round;
pub mod track;
pub mod trains;
pub mod turns;

pub use game::Ne1833;

// The map, its track and routes are the 18xx kit's; 1833NE's additions to routes are
// `route_bonuses`.
pub use crate::games::kit18xx::{best_routes, board, graph, hex, routes, tiles};

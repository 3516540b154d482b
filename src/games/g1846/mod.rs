//! 1846: The Race for the Midwest (Thomas Lehmann; GMT Games, 3-5 players), as the production
//! implementation of 18xx.games (tobymao/18xx) plays it, on the 18xx kit shared with 1833NE.
//!
//! Playable from setup to the end (docs/rules/1846.md): its component data (`data`), its setup
//! dealt as 18xx.games deals it (`dealing`, `setup`), the draft (`draft`), stock rounds (the
//! kit's, `stock_round`), the operating rounds (`operating_round`: track, stations, routes,
//! dividends, issues, trains, the minors and the privates), and the end; registered as `1846`.

pub mod action;
pub mod bot;
pub mod data;
pub mod dealing;
pub mod draft;
pub mod event;
pub mod game;
pub mod ids;
pub mod invariants;
pub mod legal;
pub mod log;
pub mod market;
pub mod operating_round;
pub mod privates;
pub mod render;
pub mod routes;
pub mod rules;
pub mod setup;
pub mod state;
pub mod stock_round;
pub mod track;
pub mod trains;
pub mod turns;

pub use game::G1846;

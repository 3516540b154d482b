//! railrules: a headless, stateless rules engine for railroad board games.
//!
//! - [`core`] is game-agnostic: the [`core::Game`] contract, [`core::Violation`], the seeded
//!   generator, the replay driver, save files (checked as one game, [`core::save`]); it names
//!   no game.
//! - [`games`] holds one self-contained module per game.
//! - [`registry`] is the composition root: the one list of games, which everything that
//!   lists games reaches them through.
//! - [`api`] serves every registered game over HTTP/JSON.
//! - `testing` (cargo feature `testing`) is the contract harness every game's tests and the
//!   fuzz targets run.

#[cfg(not(fuzzing))]
mod heap;

pub mod api;
pub mod core;
pub mod games;
pub mod import;
pub mod registry;
#[cfg(feature = "testing")]
pub mod testing;

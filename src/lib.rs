//! railrules: a headless, stateless rules engine for railroad board games.
//!
//! - [`core`] is game-agnostic: the [`core::Game`] contract, [`core::Violation`], the seeded
//!   generator, the replay driver, save files and the registry of games.
//! - [`games`] holds one self-contained module per game.
//! - [`api`] serves every registered game over HTTP/JSON.

pub mod api;
pub mod core;
pub mod games;

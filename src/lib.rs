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

/// The heap: mimalloc rather than the system's (glibc's malloc). A check of a real 1846 game
/// allocates some 100,000 small blocks (routes, links, names); mimalloc serves them in a
/// fifth fewer instructions over the whole check (callgrind, 3099: 23.5 M to 18.3 M). Set here,
/// in the library, so that the service, the CLI, the tests and the benchmarks all run on the
/// same heap; the fuzz targets keep the system's, which the sanitizers watch.
#[cfg(not(fuzzing))]
#[global_allocator]
static HEAP: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub mod api;
pub mod core;
pub mod games;
pub mod import;
pub mod registry;
#[cfg(feature = "testing")]
pub mod testing;

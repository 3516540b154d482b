//! What the fuzz targets share: the checks are the contract harness `railrules::testing`
//! (the same code `cargo test` runs, so a crash replays under it); `mutator.rs` is the
//! JSON-aware mutator of the validate targets.

pub mod mutator;

//! What the fuzz targets share. The checks live in `checks.rs` so that
//! `tests/fuzz_regressions.rs` can include the very same code; `mutator.rs` is the JSON-aware
//! mutator of the validate targets.

pub mod checks;
pub mod mutator;

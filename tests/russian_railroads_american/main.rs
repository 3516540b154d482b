//! Russian Railroads: American Railroads: the component data, the boards' parts, the
//! turn-level rules played through the `Game` trait on hand-made states (`fixtures`), random
//! playouts, and the table's view over HTTP. `rules #section` names a section of
//! docs/rules/russian-railroads-american.md.

mod bonuses;
mod claims;
mod coin_spaces;
#[path = "../common/mod.rs"]
mod common;
mod components;
mod derived;
mod detonations;
mod dividends;
mod factories;
mod fixtures;
mod industry;
mod locomotives;
mod placement;
mod playouts;
mod pool;
mod round;
mod scoring;
mod setup;
mod steelworks;
mod stock;
mod tiles;
mod tracks;
mod view;

//! Russian Railroads: American Railroads (issue 10): the component data, the boards' parts, and
//! the turn-level rules played through the `Game` trait on hand-made states (`fixtures`).

mod bonuses;
mod claims;
mod coin_spaces;
mod components;
mod detonations;
mod dividends;
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

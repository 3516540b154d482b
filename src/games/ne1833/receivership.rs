//! Receivership (docs/rules/1833ne.md#receivership, ruling R5, 1846) is the kit's
//! (`kit18xx::receivership`): a company without a president operates without choices
//! (no track, stations, ferries, issues, redemptions or privates), always withholds, and buys
//! the cheapest depot train when it owns none and can afford it.

pub use crate::games::kit18xx::receivership::{buy_train, operate};

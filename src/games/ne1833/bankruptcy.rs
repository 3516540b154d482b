//! Bankruptcy (docs/rules/1833ne.md#bankruptcy, ruling R4, 1846 7.11-7.14) is the kit's
//! (`kit18xx::bankruptcy`): the company issues all it can, the president sells every share,
//! their cash goes to the company, a presidency passes on or the company enters receivership.
//! 1833NE adds that the player's privates close (`OperatingTitle::on_bankrupt`).

pub use crate::games::kit18xx::bankruptcy::{after_bankruptcy, bankrupt};

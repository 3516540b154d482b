//! Emergency money (docs/rules/1833ne.md#emergency-money, ruling R3, 1846 6.8) is the kit's
//! (`kit18xx::emergency`): a company that owns no train after its dividend must buy one,
//! issuing first, then with its president's cash and sales. 1833NE's rulings came from 1846.

pub use crate::games::kit18xx::emergency::*;

//! The operating round's record, over the kit's view of it.
//!
//! 1846's operating round checks: the kit's, on the round record's view.

use crate::games::g1846::ids::Company;
use crate::games::g1846::state::State;
use crate::games::kit18xx::invariants::{Problems, round};
use crate::games::kit18xx::operating_round::OperatingRoundRef;

/// The kit's checks of an operating round (the order, the operator now, the discards); 1846's
/// order puts the minors first, each once, as the kit's check allows.
pub fn operating_round<T>(
    state: &State,
    record: &OperatingRoundRef<Company, T>,
    problems: &mut Problems,
) {
    round::operating_round(state, record, problems);
}

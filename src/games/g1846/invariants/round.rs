//! The operating round's record, over the kit's view of it.
//!
//! OPERATING ROUND CHECKS, TO CALL: 1846's operating rounds are not built on this branch (its
//! `Round` has no operating round yet, and `State` does not implement the kit's
//! `OperatingTitle`). When they are, `check` calls this with `state.operating_round()`, and
//! takes its trains' book from `TrainBook::of` (the minors' train limits, the discards).

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

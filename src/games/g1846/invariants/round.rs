//! The operating round's record, over the kit's view of it.
//!
//! 1846's operating round checks: the kit's, on the round record's view.

use crate::games::g1846::ids::Company;
use crate::games::g1846::state::{Round, State};
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
    turn_lays(state, problems);
}

/// The turn's lays are in hexes of the map (a lay records the hex it was made in).
fn turn_lays(state: &State, problems: &mut Problems) {
    let Round::OperatingRound { turn, .. } = &state.round else {
        return;
    };
    let map = &crate::games::g1846::data::components().map;
    for (i, lay) in turn.lays.iter().enumerate() {
        if map.hex(&lay.hex).is_none() {
            problems.add(
                "unknown_hex",
                super::cite::MAP,
                format!("/round/turn/lays/{i}/hex"),
                format!("the turn's lay {i} is in {}, no hex of the map", lay.hex),
            );
        }
    }
}

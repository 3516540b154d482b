//! The end of the game: the bank broken (the set of rounds is finished), all but one player
//! bankrupt (at once), or nothing left that can change (ruling R6: at once). Wealth decides.
//! The ranking and the shared test are the kit's (`kit18xx::end`); 1833NE adds its privates.

use super::data::components;
use super::event::{EndReason, Event};
use super::state::{PrivateOwner, Round, State};
use crate::games::kit18xx::end::no_company_can_run;
use crate::games::kit18xx::operating_round::EndReason as KitEndReason;

/// Phase III: privates held by players no longer count.
const PHASE_III: u8 = 2;

/// Ruling R6: the game can no longer change when no open company is left and no player can
/// ever start one: no company is left to start, or no private pays income any more and no player
/// still in the game holds the cash for the cheapest start (twice the lowest par). Then every
/// action left to any seat is a pass, forever. (The auction is not judged: its privates are
/// still for sale.)
pub fn nothing_can_change(state: &State) -> bool {
    if matches!(state.round, Round::Auction { .. } | Round::GameEnded { .. }) {
        return false;
    }
    let income = state
        .privates
        .iter()
        .any(|p| !p.closed && !p.flipped && matches!(p.owner, PrivateOwner::Player { .. }));
    no_company_can_run(state, income)
}

/// The privates a player holds at list price, before phase III.
pub(super) fn private_wealth(state: &State, seat: super::ids::Seat) -> u32 {
    if state.phase >= PHASE_III {
        return 0;
    }
    state
        .privates
        .iter()
        .filter(|p| !p.closed && p.owner == PrivateOwner::Player { seat })
        .map(|p| components().privates[p.private.index()].value)
        .sum()
}

/// Wealth: cash plus shares at their price, plus privates at list price before phase III.
pub fn end_game(state: &mut State, reason: EndReason) -> Vec<Event> {
    let reason = match reason {
        EndReason::BankBroken => KitEndReason::BankBroken,
        EndReason::Bankruptcies => KitEndReason::Bankruptcies,
        EndReason::NothingCanChange => KitEndReason::NothingCanChange,
    };
    crate::games::kit18xx::end::end_game(state, reason)
}

//! The end of the game: the bank broken (the set of rounds is finished), all but one player
//! bankrupt (at once), or nothing left that can change (ruling R6: at once). Wealth decides.

use super::data::components;
use super::event::{EndReason, Event};
use super::market::price;
use super::rules::SHARE_PERCENT;
use super::state::{PrivateOwner, Round, Standing, State};
use crate::games::kit18xx::table::Table as _;

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
    let open = state.companies.iter().any(|c| c.is_started() && !c.closed);
    if open {
        return false;
    }
    let startable = state.companies.iter().any(|c| !c.is_started() && !c.closed);
    let cheapest_start = 2 * components().par_values.iter().copied().min().unwrap_or(0);
    let income = state
        .privates
        .iter()
        .any(|p| !p.closed && !p.flipped && matches!(p.owner, PrivateOwner::Player { .. }));
    let can_pay = state
        .players
        .iter()
        .any(|p| !p.bankrupt && p.cash >= cheapest_start);
    !startable || (!income && !can_pay)
}

/// Wealth: cash plus shares at their price, plus privates at list price before phase III.
pub fn end_game(state: &mut State, reason: EndReason) -> Vec<Event> {
    let mut ranking: Vec<Standing> = state
        .seats()
        .map(|seat| {
            let shares: u32 = state
                .companies
                .iter()
                .filter(|c| !c.closed)
                .map(|c| {
                    u32::from(c.percent_of(seat) / SHARE_PERCENT)
                        * price(state, c.company).unwrap_or(0)
                })
                .sum();
            let privates: u32 = if state.phase < PHASE_III {
                state
                    .privates
                    .iter()
                    .filter(|p| !p.closed && p.owner == PrivateOwner::Player { seat })
                    .map(|p| components().privates[p.private.index()].value)
                    .sum()
            } else {
                0
            };
            Standing {
                player: seat,
                wealth: state.player(seat).cash + shares + privates,
            }
        })
        .collect();
    ranking.sort_by_key(|s| (std::cmp::Reverse(s.wealth), s.player));
    state.round = Round::GameEnded {
        ranking: ranking.clone(),
    };
    vec![Event::GameEnded { ranking, reason }]
}

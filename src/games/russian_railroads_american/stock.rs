//! The stocks board (the seed): advancing a stock marker, the dividend tokens, payouts, and the
//! end bonus for the highest markers.

use super::data::Advantage;
use super::state::{Seat, State};

/// What a stocks advancement did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Advancement {
    /// The marker reached `level`; `first`: no token is on it yet, so the player chooses a
    /// dividend token for it (and takes its advantage); otherwise they may take the level's.
    Level { level: u8, first: bool },
    /// Already at the top: a personal payout instead.
    PersonalPayout,
}

/// Moves `seat`'s stock marker one level up: to the far left of a new level, to the right of
/// the markers already on a reached one.
pub fn advance(state: &mut State, seat: Seat) -> Advancement {
    let top = state.stock_levels.len() as u8;
    let level = state.players[seat.index()].stock_level;
    if level >= top {
        return Advancement::PersonalPayout;
    }
    if level > 0 {
        state.stock_levels[usize::from(level) - 1]
            .markers
            .retain(|&s| s != seat);
    }
    let next = level + 1;
    let reached = &mut state.stock_levels[usize::from(next) - 1];
    // First: no token is there yet (a marker may have passed through and chosen it).
    let first = reached.token.is_none();
    reached.markers.push(seat);
    state.players[seat.index()].stock_level = next;
    Advancement::Level { level: next, first }
}

/// The advantages a payout gives `seat`: the dividend tokens of its level and every level
/// below, lowest first (the player may take them in any order, or decline any).
pub fn payout(state: &State, seat: Seat) -> Vec<Advantage> {
    let level = usize::from(state.players[seat.index()].stock_level);
    state.stock_levels[..level.min(state.stock_levels.len())]
        .iter()
        .filter_map(|l| l.token)
        .map(|t| state.components.dividend_tokens[usize::from(t)])
        .collect()
}

/// The order of a general payout: the steelworks taker first, then the others in turn order
/// from the taker on (round the table).
pub fn general_payout_order(state: &State, taker: Seat) -> Vec<Seat> {
    let order = &state.turn_order;
    let at = state.turn_position(taker);
    order[at..].iter().chain(&order[..at]).copied().collect()
}

/// The end bonus: the highest marker first, then the second; on one level the marker farther
/// left (the earlier arrival) ranks higher. Each with the points it scores.
pub fn end_bonus(state: &State) -> Vec<(Seat, u32)> {
    let (first, second) = state.components.stock_end_bonus;
    let mut ranked: Vec<(Seat, u8, usize)> = state
        .players
        .iter()
        .filter(|p| p.stock_level > 0)
        .map(|p| {
            let at = state.stock_levels[usize::from(p.stock_level) - 1]
                .markers
                .iter()
                .position(|&s| s == p.seat)
                .unwrap_or(usize::MAX);
            (p.seat, p.stock_level, at)
        })
        .collect();
    ranked.sort_by_key(|&(_, level, at)| (std::cmp::Reverse(level), at));
    ranked
        .into_iter()
        .zip([first, second])
        .map(|((seat, _, _), points)| (seat, points))
        .collect()
}

//! Whose turn it is in 1846, and the refusals for acting out of turn or in the wrong round.

use super::dealing::Draft;
use super::ids::Seat;
use super::rules::section;
use super::state::{Round, State};
use crate::core::Violation;

pub fn round_name(round: &Round) -> String {
    match round {
        Round::Draft { .. } => "the draft".to_string(),
        Round::StockRound { number, .. } => format!("stock round {number}"),
        Round::OperatingRound {
            after_stock_round,
            number,
            ..
        } => format!("operating round {after_stock_round}.{number}"),
        Round::GameEnded { .. } => "the end of the game".to_string(),
    }
}

/// `player` may not act now: `to_act` may (the core's refusal, with the turn rule).
pub fn not_your_turn(player: Seat, to_act: Seat) -> Violation {
    crate::core::contract::not_your_turn::<super::G1846>(&player, &[to_act])
}

pub fn wrong_round(action: &str, state: &State) -> Violation {
    Violation::new(
        "wrong_round",
        section::TURNS,
        format!("{action} is not possible in {}", round_name(&state.round)),
    )
}

pub fn to_act(state: &State) -> Vec<Seat> {
    match &state.round {
        Round::Draft { .. } => super::draft::draft(state)
            .as_ref()
            .and_then(Draft::seat_to_act)
            .map(|seat| Seat::ALL[seat])
            .into_iter()
            .collect(),
        Round::StockRound { to_act, .. } => vec![*to_act],
        Round::OperatingRound { .. } => {
            let mut seats = crate::games::kit18xx::operating_round::to_act(state);
            if let Some(owner) = steamboat_owner_at_round_start(state)
                && !seats.contains(&owner)
            {
                seats.push(owner);
            }
            seats
        }
        Round::GameEnded { .. } => vec![],
    }
}

/// Whether `seat` is among [`to_act`], asked without listing them (before every action).
pub fn may_act(state: &State, seat: Seat) -> bool {
    match &state.round {
        Round::StockRound { to_act, .. } => *to_act == seat,
        Round::OperatingRound { .. } => {
            crate::games::kit18xx::operating_round::may_act(state, seat)
                || steamboat_owner_at_round_start(state) == Some(seat)
        }
        Round::Draft { .. } | Round::GameEnded { .. } => to_act(state).contains(&seat),
    }
}

/// The owner of a player-owned Steamboat, at the start of an operating round (before its first
/// operator has done anything): it may assign the Steamboat then (g_1846 entities: the
/// player's `assign_hexes` and `assign_corporation` are `when: 'or_start'`).
pub fn steamboat_owner_at_round_start(state: &State) -> Option<Seat> {
    let Round::OperatingRound { current, turn, .. } = &state.round else {
        return None;
    };
    if *current != 0 || *turn != Default::default() {
        return None;
    }
    match state.private(super::ids::Private::Sc)? {
        p if !p.closed => match p.owner {
            super::state::PrivateOwner::Player { seat } => Some(seat),
            _ => None,
        },
        _ => None,
    }
}

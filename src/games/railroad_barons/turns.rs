//! Whose turn it is, and the violations for acting out of turn or in the wrong round.

use super::ids::Seat;
use super::rules::{DRAFT_OFFERS, section};
use super::state::{Round, State};
use crate::core::Violation;

/// The name of the round for messages.
pub fn round_name(round: &Round) -> String {
    match round {
        Round::InvestorDraft { .. } => "the Investor draft".to_string(),
        Round::StockRound { number, .. } => format!("Stock Round {number}"),
        Round::OperatingRound {
            after_stock_round,
            number,
            holding,
            ..
        } => format!(
            "Operating Round {number} after Stock Round {after_stock_round} ({holding} operating)"
        ),
        Round::GameEnded { .. } => "the end of the game".to_string(),
    }
}

/// `player` may not act now: `to_act` may (the core's refusal, with the turn rule).
pub fn not_your_turn(player: Seat, to_act: Seat) -> Violation {
    crate::core::contract::not_your_turn::<super::RailroadBarons>(&player, &[to_act])
}

pub fn wrong_round(action: &str, state: &State) -> Violation {
    Violation::new(
        "wrong_round",
        section::TURNS,
        format!("{action} is not possible in {}", round_name(&state.round)),
    )
}

/// Who makes the draft's offer number `offers_made` (0-based): the start player once, the
/// other player twice, the start player once.
pub fn draft_offerer(start_player: Seat, offers_made: u8) -> Seat {
    match offers_made {
        1 | 2 => start_player.other(),
        _ => start_player,
    }
}

/// The seats that may act now.
pub fn to_act(state: &State) -> Vec<Seat> {
    match &state.round {
        Round::InvestorDraft {
            offers_made,
            offer,
            start_value_due,
            ..
        } => {
            if let Some(seat) = start_value_due {
                vec![*seat]
            } else if let Some(offer) = offer {
                vec![offer.by.other()]
            } else if *offers_made < DRAFT_OFFERS {
                vec![draft_offerer(state.start_player, *offers_made)]
            } else {
                vec![]
            }
        }
        Round::StockRound {
            to_act,
            turns_taken,
            ..
        } => {
            let mut seats = vec![*to_act];
            let other = to_act.other();
            if *turns_taken == 0 && super::stock_round::may_swap_priority(state, other) {
                seats.push(other);
            }
            seats
        }
        Round::OperatingRound { .. } => super::operating_round::current_turn(state)
            .map(|turn| vec![turn.director])
            .unwrap_or_default(),
        Round::GameEnded { .. } => vec![],
    }
}

//! The priority deal (docs/rules/railroad-barons.md#priority-deal): when a player may swap it,
//! and the swap.

use crate::core::Violation;
use crate::games::railroad_barons::event::{Event, PriorityReason};
use crate::games::railroad_barons::ids::{Investor, Seat};
use crate::games::railroad_barons::rules::section;
use crate::games::railroad_barons::state::{Round, State};
use crate::games::railroad_barons::turns::wrong_round;

/// Whether `player` may use the $30 Investor's swap now (ignoring whose turn it is).
pub fn may_swap_priority(state: &State, player: Seat) -> bool {
    swap_problem(state, player).is_none()
}

fn swap_problem(state: &State, player: Seat) -> Option<Violation> {
    let problem =
        |code: &str, message: String| Some(Violation::new(code, section::PRIORITY_DEAL, message));
    match &state.round {
        Round::StockRound { turns_taken: 0, .. } => {}
        Round::StockRound { .. } => {
            return problem(
                "swap_too_late",
                "the Priority Deal may be swapped only at the start of a Stock Round, before its first turn".to_string(),
            );
        }
        _ => return Some(wrong_round("swap_priority", state)),
    }
    let p = state.player(player);
    if !p.investors.contains(&Investor::Investor30) {
        return problem(
            "no_investor_30",
            format!("player {player} does not own the $30 Investor"),
        );
    }
    if state.priority_deal == player {
        return problem(
            "already_has_priority",
            format!("player {player} already holds the Priority Deal"),
        );
    }
    if p.priority_swap_used {
        return problem(
            "swap_already_used",
            format!(
                "player {player} has already used the $30 Investor's swap; it is once per game"
            ),
        );
    }
    None
}

pub fn swap_priority(state: &mut State, player: Seat) -> Result<Vec<Event>, Violation> {
    if let Some(v) = swap_problem(state, player) {
        return Err(v);
    }
    let from = state.priority_deal;
    state.priority_deal = player;
    state.player_mut(player).priority_swap_used = true;
    if let Round::StockRound { to_act, .. } = &mut state.round {
        *to_act = player;
    }
    Ok(vec![Event::PriorityDealPassed {
        from,
        to: player,
        reason: PriorityReason::Investor30,
    }])
}

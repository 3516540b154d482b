//! The table's view: what every player sees. The end-bonus draw pile, the cards removed
//! unseen and the cards each player holds face down are redacted to their counts; the
//! generator is zeroed (the seed, and so every hidden card, could be worked out from it).
//! A seat's view is the table's with that seat's own end-bonus cards shown.

use serde::Serialize;
use utoipa::ToSchema;

use super::state::{Seat, State};
use crate::core::Violation;

const SECTION: &str = super::rules::section::VIEW;

/// A hidden pile: how many, not which.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = RussianRailroadsAmericanHiddenPile)]
pub struct Hidden {
    pub count: usize,
}

/// A player's face-down end-bonus cards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = RussianRailroadsAmericanHiddenHand)]
pub struct HiddenHand {
    pub seat: Seat,
    pub end_bonus_cards: usize,
}

/// A state as a player may see it: the hidden piles replaced by their sizes, and that seat's
/// own hidden cards.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[schema(as = RussianRailroadsAmericanView)]
pub struct View {
    /// The state with `end_bonus_deck`, `end_bonus_removed` and each player's `end_bonus`
    /// emptied (every card is shown once the game has ended; a seat's view keeps its own).
    pub state: State,
    /// The seat whose view this is; absent for the table's.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seat: Option<Seat>,
    pub end_bonus_deck: Hidden,
    pub end_bonus_removed: Hidden,
    pub hands: Vec<HiddenHand>,
}

/// The table's view: every player's end-bonus cards hidden (until the game ends).
pub fn view(state: &State) -> View {
    redact(state, None)
}

/// What `seat` may see: the table's view with its own end-bonus cards shown. A seat not at
/// the table is refused.
pub fn view_for(state: &State, seat: Seat) -> Result<View, Violation> {
    if seat.index() >= state.players.len() {
        return Err(Violation::new(
            "unknown_seat",
            SECTION,
            format!(
                "{seat:?} is not at this table of {} players",
                state.players.len()
            ),
        ));
    }
    Ok(redact(state, Some(seat)))
}

fn redact(state: &State, seat: Option<Seat>) -> View {
    let mut redacted = state.clone();
    redacted.rng = crate::core::Rng(0);
    let end_bonus_deck = Hidden {
        count: std::mem::take(&mut redacted.end_bonus_deck).len(),
    };
    let end_bonus_removed = Hidden {
        count: std::mem::take(&mut redacted.end_bonus_removed).len(),
    };
    let ended = matches!(state.phase, super::state::Phase::GameEnded {});
    let hands = redacted
        .players
        .iter_mut()
        .map(|p| HiddenHand {
            seat: p.seat,
            end_bonus_cards: if ended || Some(p.seat) == seat {
                p.end_bonus.len()
            } else {
                std::mem::take(&mut p.end_bonus).len()
            },
        })
        .collect();
    View {
        state: redacted,
        seat,
        end_bonus_deck,
        end_bonus_removed,
        hands,
    }
}

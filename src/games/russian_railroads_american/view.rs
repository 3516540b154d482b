//! The table's view: what every player sees. The end-bonus draw pile, the cards removed
//! unseen and the cards each player holds face down are redacted to their counts; the
//! generator is zeroed (the seed, and so every hidden card, could be worked out from it).

use serde::Serialize;
use utoipa::ToSchema;

use super::state::{Seat, State};

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

#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[schema(as = RussianRailroadsAmericanView)]
pub struct View {
    /// The state with `end_bonus_deck`, `end_bonus_removed` and each player's `end_bonus`
    /// emptied (every card is shown once the game has ended).
    pub state: State,
    pub end_bonus_deck: Hidden,
    pub end_bonus_removed: Hidden,
    pub hands: Vec<HiddenHand>,
}

pub fn view(state: &State) -> View {
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
            end_bonus_cards: if ended {
                p.end_bonus.len()
            } else {
                std::mem::take(&mut p.end_bonus).len()
            },
        })
        .collect();
    View {
        state: redacted,
        end_bonus_deck,
        end_bonus_removed,
        hands,
    }
}

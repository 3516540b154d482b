//! The player's view: the state with the hidden piles redacted. Their sizes stay; their
//! contents and order go (the bag, the Railbot and Operations draw piles, the three Railbot
//! cards removed unseen).

use serde::Serialize;
use utoipa::ToSchema;

use super::state::State;

/// A hidden pile: how many, not which.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = RotwSoloHiddenPile)]
pub struct Hidden {
    pub count: usize,
}

/// The state as the player may see it. The generator is zeroed too: from it and the number of
/// draws at setup the seed, and so every hidden pile, could be worked out.
#[derive(Debug, Clone, PartialEq, Serialize, ToSchema)]
#[schema(as = RotwSoloView)]
pub struct View {
    /// The state with `bag`, `railbot.deck`, `railbot.removed_unseen` and `operations.deck`
    /// emptied.
    pub state: State,
    pub bag: Hidden,
    pub railbot_deck: Hidden,
    pub railbot_removed_unseen: Hidden,
    pub operations_deck: Hidden,
}

pub fn view(state: &State) -> View {
    let mut redacted = state.clone();
    redacted.rng = crate::core::Rng(0);
    let bag = Hidden {
        count: std::mem::take(&mut redacted.bag).len(),
    };
    let railbot_deck = Hidden {
        count: std::mem::take(&mut redacted.railbot.deck).len(),
    };
    let railbot_removed_unseen = Hidden {
        count: std::mem::take(&mut redacted.railbot.removed_unseen).len(),
    };
    let operations_deck = Hidden {
        count: std::mem::take(&mut redacted.operations.deck).len(),
    };
    View {
        state: redacted,
        bag,
        railbot_deck,
        railbot_removed_unseen,
        operations_deck,
    }
}

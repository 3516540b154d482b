//! Step 4, discarding (docs/rules/railroad-barons.md#discarding): the Holding keeps no more
//! Railroads than its tokens on (⋄).

use super::{end_turn, expect_step};
use crate::core::Violation;
use crate::games::railroad_barons::event::Event;
use crate::games::railroad_barons::ids::Seat;
use crate::games::railroad_barons::rules::section;
use crate::games::railroad_barons::state::{OperatingStep, State};

pub fn discard_railroads(
    state: &mut State,
    player: Seat,
    railroads: &[u8],
) -> Result<Vec<Event>, Violation> {
    let turn = expect_step(state, player, "discard_railroads", OperatingStep::Discard)?;
    let colour = turn.holding;
    let owned = &state.holding(colour).railroads;
    let excess = owned.len().saturating_sub(usize::from(turn.diamond));
    if railroads.len() != excess {
        return Err(Violation::new(
            "wrong_discard_count",
            section::DISCARDING,
            format!(
                "{colour} owns {} Railroads with {} tokens on (⋄): exactly {excess} must be discarded, not {}",
                owned.len(),
                turn.diamond,
                railroads.len()
            ),
        ));
    }
    for (i, card) in railroads.iter().enumerate() {
        if !owned.iter().any(|r| r.card == *card) || railroads[..i].contains(card) {
            return Err(Violation::new(
                "railroad_not_there",
                section::DISCARDING,
                format!("{colour} does not own card {card} (or it is named twice)"),
            ));
        }
    }
    state
        .holding_mut(colour)
        .railroads
        .retain(|r| !railroads.contains(&r.card));
    state.railroads_out_of_game.extend(railroads);
    let mut events = vec![Event::RailroadsDiscarded {
        holding: colour,
        railroads: railroads.to_vec(),
    }];
    end_turn(state, turn, &mut events);
    Ok(events)
}

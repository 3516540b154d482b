//! Step 1, placing Operator tokens (docs/rules/railroad-barons.md#placing-operators): on the
//! Holding's (+) and (⋄) circles, and invested.

use super::{expect_step, set_round};
use crate::core::Violation;
use crate::games::railroad_barons::event::Event;
use crate::games::railroad_barons::ids::Seat;
use crate::games::railroad_barons::rules::section;
use crate::games::railroad_barons::state::{OperatingStep, State};

pub fn place_operators(
    state: &mut State,
    player: Seat,
    plus: u8,
    diamond: u8,
    invest: bool,
) -> Result<Vec<Event>, Violation> {
    let mut turn = expect_step(
        state,
        player,
        "place_operators",
        OperatingStep::PlaceOperators,
    )?;
    let card = state.components.holding(turn.holding);
    let holding = state.holding(turn.holding);
    if plus > card.plus_circles || diamond > card.diamond_circles {
        return Err(Violation::new(
            "too_many_tokens",
            section::OPERATORS,
            format!(
                "{} has {} (+) and {} (⋄) circles; {plus} and {diamond} tokens were asked",
                turn.holding, card.plus_circles, card.diamond_circles
            ),
        ));
    }
    let available = card.operators.saturating_sub(holding.operators_invested);
    let wanted = u32::from(plus) + u32::from(diamond) + u32::from(invest);
    if wanted > u32::from(available) {
        return Err(Violation::new(
            "not_enough_operators",
            section::OPERATORS,
            format!(
                "{} has {available} Operator tokens to place ({} invested for good); {wanted} were asked",
                turn.holding, holding.operators_invested
            ),
        ));
    }
    if invest {
        let holding = state.holding_mut(turn.holding);
        holding.operators_invested = holding.operators_invested.saturating_add(1);
    }
    turn.plus = plus;
    turn.diamond = diamond;
    turn.step = OperatingStep::Revenue;
    set_round(state, turn);
    Ok(vec![Event::OperatorsPlaced {
        holding: turn.holding,
        plus,
        diamond,
        invested: invest,
    }])
}

//! Step 3, acquisitions (docs/rules/railroad-barons.md#acquisitions): one per token on (+):
//! buying a Railroad (`buying_railroads`) or assigning an Investor; `done` ends the step.

use super::{Turn, end_turn, expect_step, set_round};
use crate::core::Violation;
use crate::games::railroad_barons::event::Event;
use crate::games::railroad_barons::ids::{Investor, Seat};
use crate::games::railroad_barons::rules::section;
use crate::games::railroad_barons::state::{OperatingStep, State};

pub(super) fn expect_acquisition(
    state: &State,
    player: Seat,
    action: &str,
) -> Result<Turn, Violation> {
    let turn = expect_step(state, player, action, OperatingStep::Acquisitions)?;
    if turn.acquisitions >= turn.plus {
        return Err(Violation::new(
            "no_acquisitions_left",
            section::ACQUISITIONS,
            format!(
                "{} placed {} tokens on (+) and has made {} acquisitions",
                turn.holding, turn.plus, turn.acquisitions
            ),
        ));
    }
    Ok(turn)
}

pub fn assign_investor(
    state: &mut State,
    player: Seat,
    investor: Investor,
) -> Result<Vec<Event>, Violation> {
    let mut turn = expect_acquisition(state, player, "assign_investor")?;
    if !investor.is_assignable() {
        return Err(Violation::new(
            "investor_not_assignable",
            section::ACQUISITIONS,
            format!(
                "{investor} cannot be assigned to a Holding; only investor_40, investor_50 and investor_60 can"
            ),
        ));
    }
    let colour = turn.holding;
    let from_holding = if state.player(player).investors.contains(&investor) {
        None
    } else if state.holding(colour).investors.contains(&investor) {
        return Err(Violation::new(
            "investor_already_assigned",
            section::ACQUISITIONS,
            format!("{investor} is already assigned to {colour}"),
        ));
    } else if let Some(h) = state
        .holdings
        .iter()
        .find(|h| h.investors.contains(&investor))
    {
        Some(h.colour)
    } else {
        return Err(Violation::new(
            "investor_not_available",
            section::ACQUISITIONS,
            format!("{investor} is neither player {player}'s nor assigned to another Holding"),
        ));
    };
    match from_holding {
        None => state
            .player_mut(player)
            .investors
            .retain(|&i| i != investor),
        Some(h) => state.holding_mut(h).investors.retain(|&i| i != investor),
    }
    state.holding_mut(colour).investors.push(investor);
    turn.acquisitions = turn.acquisitions.saturating_add(1);
    set_round(state, turn);
    Ok(vec![Event::InvestorAssigned {
        holding: colour,
        investor,
        from_holding,
    }])
}

pub fn done(state: &mut State, player: Seat) -> Result<Vec<Event>, Violation> {
    let mut turn = expect_step(state, player, "done", OperatingStep::Acquisitions)?;
    let mut events = Vec::new();
    if state.holding(turn.holding).railroads.len() > usize::from(turn.diamond) {
        turn.step = OperatingStep::Discard;
        set_round(state, turn);
    } else {
        end_turn(state, turn, &mut events);
    }
    Ok(events)
}

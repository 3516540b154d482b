//! Duel Barons (the variant): the player claims one whose objective is met, at any time of
//! their turn (the seed: "At any time on your turn"), a Railbot card's choices waiting
//! included.

use super::data::BaronObjective;
use super::event::Event;
use super::network::player_cities;
use super::rules::{score, section, violation};
use super::state::{Owner, Phase, State};
use crate::core::Violation;

/// Whether the player meets `objective` now.
pub fn met(state: &State, objective: &BaronObjective) -> bool {
    match objective {
        BaronObjective::Links { count } => {
            state
                .links
                .iter()
                .filter(|l| l.owner == Owner::Player)
                .count()
                >= usize::from(*count)
        }
        BaronObjective::Deliveries { count } => state.deliveries >= u32::from(*count),
        BaronObjective::EngineLevel { level } => state.engine >= *level,
        BaronObjective::CitiesConnected { count } => {
            player_cities(state).len() >= usize::from(*count)
        }
    }
}

/// Claims the Duel Baron at `baron` (its place among the four).
pub fn claim(state: &mut State, baron: u8) -> Result<Vec<Event>, Violation> {
    let Some(in_play) = state.barons.get(usize::from(baron)) else {
        return Err(violation(
            "no_such_baron",
            section::DUEL_BARONS,
            format!("there is no Duel Baron {baron} in play"),
        ));
    };
    if in_play.claimed_by.is_some() {
        return Err(violation(
            "baron_claimed",
            section::DUEL_BARONS,
            format!("Duel Baron {baron} is already claimed"),
        ));
    }
    let data = state.components.duel_barons[usize::from(in_play.baron)].clone();
    if !met(state, &data.objective) {
        return Err(violation(
            "objective_not_met",
            section::DUEL_BARONS,
            format!("{}'s objective is not met", data.name),
        ));
    }
    state.barons[usize::from(baron)].claimed_by = Some(Owner::Player);
    let mut events = vec![Event::DuelBaronClaimed {
        baron,
        by: Owner::Player,
    }];
    score(state, data.points, "Duel Baron", &mut events);
    // Claimed while a Railbot card waits (the seed: "At any time on your turn"): the Baron is
    // no longer one the player can give the Railbot, so a choice left with one answer or none
    // is settled at once, as when the card was resolved.
    if matches!(state.phase, Phase::Railbot { .. }) {
        super::railbot::resettle(state, &mut events);
    }
    Ok(events)
}

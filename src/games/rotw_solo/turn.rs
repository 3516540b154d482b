//! The turn: two actions, the Railbot's card, the third action, income and bond interest, a
//! new Operations card; and the end: one more full turn without the Railbot, then the score.

use super::action::Action;
use super::event::{Event, Score};
use super::rules::{income, issue_bonds, pay, section, violation};
use super::state::{Phase, State};
use super::{barons, goods, operations, railbot, track};
use crate::core::Violation;

/// Actions in a turn; the Railbot acts after this many.
pub const ACTIONS: u8 = 3;
pub const RAILBOT_AFTER: u8 = 2;

pub fn apply(state: &mut State, action: &Action) -> Result<Vec<Event>, Violation> {
    // Free at any time of the player's turn, whatever the phase.
    match action {
        Action::IssueBond {} => return issue_bond(state),
        Action::ClaimBaron { baron } => return barons::claim(state, *baron),
        _ => {}
    }
    match (&state.phase, action) {
        // Never reached through `Game::apply`, whose turn guard refuses first (the same rule).
        (Phase::GameEnded { .. }, _) => {
            Err(violation("game_over", section::END, "the game has ended"))
        }
        (Phase::Railbot { .. }, _) => railbot::answer(state, action),
        (Phase::Building { .. }, Action::LayTrack { hex }) => track::lay_track(state, *hex),
        (Phase::Building { .. }, Action::CompleteLink { city }) => {
            track::complete_link(state, *city)
        }
        (Phase::Building { .. }, Action::StopBuilding {}) => track::stop_building(state),
        (Phase::Building { .. }, _) => Err(violation(
            "building_track",
            section::BUILD_TRACK,
            "a Build Track action is under way: lay track, complete the link or stop building",
        )),
        (Phase::Actions { taken }, _) => {
            let taken = *taken;
            action_of_turn(state, taken, action)
        }
    }
}

fn action_of_turn(state: &mut State, taken: u8, action: &Action) -> Result<Vec<Event>, Violation> {
    let mut events = match action {
        Action::BuildTrack { city } => return track::build_from_city(state, taken, *city),
        Action::ContinueTrack { track } => return track::continue_track(state, taken, *track),
        Action::Insure { slot } => return railbot::insure(state, taken, *slot),
        Action::Urbanize { city, colour } => goods::urbanize(state, *city, *colour)?,
        Action::UpgradeEngine {} => upgrade_engine(state)?,
        Action::Deliver { colour, route } => goods::deliver(state, *colour, route)?,
        Action::TakeOperationsCard { place, city } => operations::take(state, *place, *city)?,
        Action::Pass {} => {
            if !super::legal::actions(state, taken).is_empty() {
                return Err(violation(
                    "pass_not_allowed",
                    section::TURN,
                    "a pass is only for a player with no action left to take",
                ));
            }
            Vec::new()
        }
        _ => {
            return Err(violation(
                "not_now",
                section::TURN,
                "that answers a Railbot card or continues a Build Track action; neither is under way",
            ));
        }
    };
    action_done(state, taken, &mut events);
    Ok(events)
}

fn issue_bond(state: &mut State) -> Result<Vec<Event>, Violation> {
    let mut events = Vec::new();
    issue_bonds(state, 1, &mut events);
    Ok(events)
}

fn upgrade_engine(state: &mut State) -> Result<Vec<Event>, Violation> {
    let Some(&cost) = state
        .components
        .engine_costs
        .get(usize::from(state.engine) - 1)
    else {
        return Err(violation(
            "top_engine",
            section::UPGRADE_ENGINE,
            format!("the engine is at its top level, {}", state.engine),
        ));
    };
    let mut events = Vec::new();
    pay(state, cost, &mut events);
    state.engine += 1;
    events.insert(
        0,
        Event::EngineUpgraded {
            level: state.engine,
            cost,
        },
    );
    Ok(events)
}

/// An action is over: the Railbot after the second, the end of the turn after the third.
pub fn action_done(state: &mut State, taken: u8, events: &mut Vec<Event>) {
    let taken = taken + 1;
    state.phase = Phase::Actions { taken };
    if taken == RAILBOT_AFTER {
        railbot::act(state, events);
    } else if taken == ACTIONS {
        end_of_turn(state, events);
    }
}

/// Whether the Railbot acts this turn: not in the last turn.
pub fn railbot_acts(state: &State) -> bool {
    state.last_turn != Some(state.turn)
}

/// Triggers the end (once): this turn is finished, then one more is played.
pub fn trigger_end(state: &mut State, reason: &str, events: &mut Vec<Event>) {
    if state.last_turn.is_some() {
        return;
    }
    let last_turn = state.turn.saturating_add(1);
    state.last_turn = Some(last_turn);
    events.push(Event::EndTriggered {
        reason: reason.to_string(),
        last_turn,
    });
}

/// After the third action: open track goes, income and interest, a new Operations card, and
/// the next turn or the end.
fn end_of_turn(state: &mut State, events: &mut Vec<Event>) {
    for open in std::mem::take(&mut state.open_track) {
        events.push(Event::OpenTrackRemoved { hexes: open.hexes });
    }
    let income = income(state);
    let interest = state.bonds.saturating_mul(state.components.bond_interest);
    events.push(Event::IncomeCollected { income, interest });
    if income >= 0 {
        state.cash = state
            .cash
            .saturating_add(u32::try_from(income).unwrap_or(u32::MAX));
    } else {
        pay(state, u32::try_from(-income).unwrap_or(u32::MAX), events);
    }
    pay(state, interest, events);
    operations::deal(state, events);
    if state.last_turn == Some(state.turn) {
        end_game(state, events);
        return;
    }
    state.turn = state.turn.saturating_add(1);
    state.phase = Phase::Actions { taken: 0 };
    events.push(Event::TurnStarted { turn: state.turn });
}

fn end_game(state: &mut State, events: &mut Vec<Event>) {
    let c = &state.components;
    let target = c.target_score
        + if state.duel_barons_variant {
            c.duel_barons_target_bonus
        } else {
            0
        };
    let bond_penalty = state.bonds.saturating_mul(c.bond_penalty);
    let total = i64::from(state.points) - i64::from(bond_penalty);
    let score = Score {
        points: state.points,
        bonds: state.bonds,
        bond_penalty,
        total,
        target,
        won: total >= i64::from(target),
    };
    events.push(Event::GameEnded {
        score: score.clone(),
    });
    state.phase = Phase::GameEnded { score };
}

//! The turn: actions taken, the Railbot's choices waiting (in its phase only, about cities in
//! play, the first a real choice), the last turn, and counters far below any overflow.

use super::Problems;
use crate::games::rotw_solo::goods::in_play;
use crate::games::rotw_solo::railbot::options;
use crate::games::rotw_solo::rules::section;
use crate::games::rotw_solo::state::{Decision, Phase, State};
use crate::games::rotw_solo::turn::ACTIONS;

/// A bound on every counter, far beyond play, so that no arithmetic on a sent state overflows.
pub const MOST_COUNT: u32 = 1_000_000;

pub(super) fn check(state: &State, problems: &mut Problems) {
    let c = &state.components;
    match &state.phase {
        Phase::Actions { taken } | Phase::Building { taken, .. } if *taken >= ACTIONS => problems
            .add(
                "actions_taken",
                section::TURN,
                "/phase/taken",
                format!("{taken} actions taken; a turn has {ACTIONS}"),
            ),
        _ => {}
    }
    if state
        .last_turn
        .is_some_and(|t| t < state.turn || t > state.turn.saturating_add(1))
    {
        problems.add(
            "last_turn",
            section::END,
            "/last_turn",
            format!(
                "the last turn is {:?} in turn {}: this one or the next, never another",
                state.last_turn, state.turn
            ),
        );
    }
    if state.empty_cities.len() >= usize::from(c.empty_city_threshold) && state.last_turn.is_none()
    {
        problems.add(
            "end_not_triggered",
            section::END,
            "/last_turn",
            format!(
                "{} Empty City Markers reach the threshold of {} but the end is not triggered",
                state.empty_cities.len(),
                c.empty_city_threshold
            ),
        );
    }
    for (what, value) in [
        ("cash", state.cash),
        ("bonds", state.bonds),
        ("points", state.points),
        ("deliveries", state.deliveries),
        ("turn", state.turn),
    ] {
        if value >= MOST_COUNT {
            problems.add(
                "out_of_range",
                section::TURN,
                format!("/{what}"),
                format!("{what} is {value}; no game reaches {MOST_COUNT}"),
            );
        }
    }
    if state.turn == 0 {
        problems.add(
            "out_of_range",
            section::TURN,
            "/turn",
            "turn 0: the game starts with turn 1".to_string(),
        );
    }
    decisions(state, problems);
}

/// Pending Railbot choices: about cities in play, Barons only with the variant, and the first
/// one a real choice (one with a single answer or none is settled at once).
fn decisions(state: &State, problems: &mut Problems) {
    if !matches!(state.phase, Phase::Railbot { .. }) {
        if !state.decisions.is_empty() {
            problems.add(
                "bad_decision",
                section::RAILBOT,
                "/decisions",
                "choices are pending outside the Railbot's card".to_string(),
            );
        }
        return;
    }
    if state.decisions.is_empty() {
        problems.add(
            "no_decision",
            section::RAILBOT,
            "/decisions",
            "the Railbot waits for no decision".to_string(),
        );
        return;
    }
    let bad = state.decisions.iter().position(|decision| match decision {
        Decision::RemoveCube { city, .. } => !in_play(state, *city),
        Decision::GiveBaron {} => !state.duel_barons_variant,
        _ => false,
    });
    if let Some(k) = bad {
        problems.add(
            "bad_decision",
            section::RAILBOT,
            format!("/decisions/{k}"),
            format!("the pending choice {:?} cannot arise", state.decisions[k]),
        );
    } else if state.major_lines.len() == state.components.major_lines.len()
        && options(state, &state.decisions[0]).len() < 2
    {
        problems.add(
            "bad_decision",
            section::RAILBOT,
            "/decisions/0",
            format!(
                "the first pending choice {:?} is no choice: it would have been made",
                state.decisions[0]
            ),
        );
    }
}

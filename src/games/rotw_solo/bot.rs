//! A simple seeded player, for tests and the recorded example games: it delivers when it can
//! (the route scoring most), completes links, builds, claims Barons, answers the Railbot
//! at random, and issues bonds only when nothing else is listed. Not a strategy to copy, but
//! one that finishes games.

use super::action::Action;
use super::setup::Options;
use super::state::{Phase, State};
use super::{RotwSolo, network};
use crate::core::{Game, Rng};

/// How much the bot wants an action (higher first); ties broken by the generator.
fn appeal(state: &State, action: &Action) -> u32 {
    match action {
        Action::ClaimBaron { .. } => 10,
        Action::Deliver { route, .. } => {
            let own = route
                .windows(2)
                .filter(|w| {
                    network::link_between(state, w[0], w[1])
                        .is_some_and(|l| l.owner == super::state::Owner::Player)
                })
                .count() as u32;
            5 + 2 * own
        }
        Action::CompleteLink { .. } => 8,
        Action::LayTrack { .. } => 4,
        Action::BuildTrack { .. } | Action::ContinueTrack { .. } => 3,
        Action::UpgradeEngine {} => 2 + u32::from(state.engine < 3) * 2,
        Action::StopBuilding {} | Action::Urbanize { .. } | Action::TakeOperationsCard { .. } => 1,
        Action::Insure { .. } => 1,
        Action::IssueBond {} => 0,
        // Answers to the Railbot: any.
        _ => 1,
    }
}

/// The bot's choice among `legal`: among the most appealing, one at random; one choice in
/// six is any action but a bond.
pub fn choose<'a>(state: &State, legal: &'a [Action], rng: &mut Rng) -> &'a Action {
    let others: Vec<&Action> = legal
        .iter()
        .filter(|a| **a != Action::IssueBond {})
        .collect();
    if others.is_empty() {
        return &legal[0];
    }
    if rng.below(6) == 0 {
        return others[rng.below(others.len() as u64) as usize];
    }
    let best = others.iter().map(|a| appeal(state, a)).max().unwrap_or(0);
    let top: Vec<&&Action> = others.iter().filter(|a| appeal(state, a) == best).collect();
    top[rng.below(top.len() as u64) as usize]
}

/// A whole game from setup with `seed`, at most `max_actions` long.
pub fn play_game(
    seed: u64,
    duel_barons: bool,
    max_actions: usize,
) -> (Options, Vec<Action>, State) {
    let options = Options {
        duel_barons,
        ..Options::default()
    };
    let mut state = RotwSolo::setup(&options, seed).expect("the default components are valid");
    let mut rng = Rng::new(seed.wrapping_mul(31).wrapping_add(7));
    let mut actions = Vec::new();
    while actions.len() < max_actions && !matches!(state.phase, Phase::GameEnded { .. }) {
        let legal = RotwSolo::legal_actions(&state);
        let action = choose(&state, &legal, &mut rng).clone();
        RotwSolo::apply(&mut state, &action).expect("a listed action is accepted");
        actions.push(action);
    }
    (options, actions, state.into_state())
}

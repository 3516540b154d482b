//! A simple seeded player, for tests, benchmarks and recorded example games: not a strategy
//! anyone should play, but one that finishes games.

use super::action::Action;
use super::state::{Round, State};

/// A greedy player, with one choice in five random (by `choice`): buys rather than sells, keeps (⋄) tokens
/// for its Railroads and one (+) token, pays out while its treasury can still buy the top card,
/// buys from the bank and assigns Investors.
pub fn greedy_choice<'a>(state: &State, legal: &'a [Action], choice: u32) -> &'a Action {
    if choice.is_multiple_of(5) {
        return &legal[(choice / 5) as usize % legal.len()];
    }
    let operating = match &state.round {
        Round::OperatingRound { holding, .. } => Some(state.holding(*holding)),
        _ => None,
    };
    let top_cost = state
        .railroad_stack
        .first()
        .map(|&c| state.components.railroads[c as usize].faces[0].cost)
        .unwrap_or(0);
    let score = |a: &Action| -> u32 {
        match a {
            Action::Trade {
                sell, buy: Some(_), ..
            } if sell.is_empty() => 4,
            Action::Trade { buy: None, .. } => 0,
            Action::Trade { .. } => 1,
            Action::Pass { .. } => 2,
            Action::PlaceOperators {
                plus,
                diamond,
                invest,
                ..
            } => 2 * u32::from(*diamond) + 5 * u32::from((*plus).min(1)) + u32::from(*invest),
            Action::Revenue { payout, .. } => {
                let rich = operating.is_some_and(|h| h.cash >= top_cost || h.railroads.len() >= 2);
                if *payout == rich { 3 } else { 1 }
            }
            Action::BuyRailroad {
                from,
                director_help,
                ..
            } => {
                let kept = operating.is_some_and(|h| h.railroads.len() < 3);
                match (from.holding(), kept, director_help) {
                    (None, true, false) => 5,
                    (None, true, true) => 4,
                    _ => 0,
                }
            }
            Action::AssignInvestor { .. } => 4,
            _ => 2,
        }
    };
    let best = legal.iter().map(score).max().unwrap_or(0);
    let top: Vec<&Action> = legal.iter().filter(|a| score(a) == best).collect();
    top[(choice / 5) as usize % top.len()]
}

/// Plays a whole game from `Options::default()` and `seed` with [`greedy_choice`], drawing the
/// choices from the seeded generator; stops at the end of the game or after `max_actions`.
pub fn play_greedy_game(seed: u64, max_actions: usize) -> (super::Options, Vec<Action>, State) {
    use crate::core::{Game, Rng};
    let options = super::Options::default();
    let mut state = super::RailroadBarons::setup(&options, seed)
        .expect("the provisional components are consistent");
    let mut rng = Rng::new(seed);
    let mut actions = Vec::new();
    while actions.len() < max_actions {
        let legal = super::RailroadBarons::legal_actions(&state);
        if legal.is_empty() {
            break;
        }
        let action = greedy_choice(&state, &legal, rng.below(1 << 20) as u32).clone();
        super::RailroadBarons::apply(&mut state, &action).expect("a listed action is accepted");
        actions.push(action);
    }
    (options, actions, state.into_state())
}

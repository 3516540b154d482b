//! A simple seeded player of 1846, for tests, benchmarks and recorded example games: it runs
//! its routes, pays out, buys trains, starts corporations and buys shares, lays track; one
//! choice in four at random among what it does not avoid (going bankrupt, buying another
//! corporation's train). Not a strategy, but one that finishes games.

use super::action::{Action, DividendKind};
use super::setup::Options;
use super::state::State;
use crate::core::{Game, Rng};

fn score(action: &Action) -> i32 {
    match action {
        Action::RunRoutes { routes, .. } if !routes.is_empty() => 6,
        Action::Dividend {
            kind: DividendKind::Payout,
            ..
        } => 5,
        Action::BuyTrain { from: None, .. } => 4,
        Action::Par { .. } | Action::Choose { .. } => 3,
        Action::BuyShares { entity: None, .. } => 2,
        Action::LayTile { company: None, .. } | Action::PlaceToken { company: None, .. } => 1,
        Action::Bankrupt { .. } | Action::BuyTrain { from: Some(_), .. } => -5,
        Action::SellShares { .. } | Action::BuyCompany { .. } => -1,
        _ => 0,
    }
}

/// The bot's pick among `legal` for the random number `choice`.
pub fn greedy_choice(legal: &[Action], choice: u64) -> &Action {
    let fair: Vec<&Action> = legal.iter().filter(|a| score(a) >= 0).collect();
    if choice.is_multiple_of(4) && !fair.is_empty() {
        return fair[(choice / 4) as usize % fair.len()];
    }
    let best = legal.iter().map(score).max().unwrap_or(0);
    let top: Vec<&Action> = legal.iter().filter(|a| score(a) == best).collect();
    top[(choice / 4) as usize % top.len()]
}

/// A whole game of `players` from `seed` (the 1st-edition privates), at most `max_actions`
/// long: its options, actions and final state.
pub fn play_greedy_game(
    players: u8,
    seed: u64,
    max_actions: usize,
) -> (Options, Vec<Action>, State) {
    let options = Options {
        players,
        first_edition: true,
    };
    let mut state = super::G1846::setup(&options, seed).expect("3 to 5 players");
    let mut rng = Rng::new(seed ^ 0x1846);
    let mut actions = Vec::new();
    while actions.len() < max_actions {
        // Every start at every par price, as the bot chooses among them.
        let legal =
            crate::core::every_choice::<super::G1846>(&state, super::G1846::legal_actions(&state));
        if legal.is_empty() {
            break;
        }
        let action = greedy_choice(&legal, rng.next_u64()).clone();
        super::G1846::apply(&mut state, &action).expect("a listed action is accepted");
        actions.push(action);
    }
    (options, actions, state.into_state())
}

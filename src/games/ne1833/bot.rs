//! A simple seeded player, for tests, benchmarks and recorded example games: it runs its best
//! routes, pays out, buys trains and shares, lays track; one choice in four at random. Not a
//! strategy anyone should play, but one that finishes games.

use super::action::{Action, DividendKind};
use super::setup::Options;
use super::state::State;
use crate::core::{Game, Rng};

/// The bot's pick among `legal` for the random number `choice`.
pub fn greedy_choice(legal: &[Action], choice: u32) -> &Action {
    if choice.is_multiple_of(4) {
        return &legal[(choice / 4) as usize % legal.len()];
    }
    let score = |a: &Action| match a {
        Action::RunRoutes { routes, .. } if !routes.is_empty() => 6,
        Action::Dividend {
            kind: DividendKind::Payout,
            ..
        } => 5,
        Action::BuyTrain { from: None, .. } | Action::Par { .. } => 4,
        Action::BuyShares { entity: None, .. } | Action::LayTile { .. } => 3,
        Action::Bid { .. } | Action::PlaceToken { .. } => 2,
        Action::Pass { .. } | Action::RunRoutes { .. } => 1,
        _ => 0,
    };
    let best = legal.iter().map(score).max().unwrap_or(0);
    let top: Vec<&Action> = legal.iter().filter(|a| score(a) == best).collect();
    top[(choice / 4) as usize % top.len()]
}

/// Plays a game of `players` from `seed` with [`greedy_choice`], drawing choices from the seeded
/// generator; stops at the end or after `max_actions`.
pub fn play_greedy_game(
    players: u8,
    seed: u64,
    max_actions: usize,
) -> (Options, Vec<Action>, State) {
    let options = Options {
        players,
        provisional: None,
    };
    let mut state = super::Ne1833::setup(&options, seed).expect("3 to 5 players");
    let mut rng = Rng::new(seed);
    let mut actions = Vec::new();
    while actions.len() < max_actions {
        let legal = super::Ne1833::legal_actions(&state);
        if legal.is_empty() {
            break;
        }
        let action = greedy_choice(&legal, rng.below(1 << 16) as u32).clone();
        super::Ne1833::apply(&mut state, &action).expect("a listed action is accepted");
        actions.push(action);
    }
    (options, actions, state)
}

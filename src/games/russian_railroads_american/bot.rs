//! A simple seeded player, for tests and the recorded example games: it tries each legal
//! action on a copy and takes the one that raises a rough estimate of its game most (points,
//! what its board scores each round for the rounds left, progress on the boards, coins);
//! one choice in six is at random. Not a strategy to copy, but one that finishes games.

use super::RussianRailroadsAmerican;
use super::action::Action;
use super::round::{round_score, rounds};
use super::setup::Options;
use super::state::{Phase, Seat, State};
use crate::core::{Game, Rng};

fn estimate(state: &State, seat: Seat) -> i64 {
    let p = &state.players[seat.index()];
    let left = i64::from(rounds(state).saturating_sub(state.round)) + 1;
    let progress: i64 = p
        .railroads
        .iter()
        .flat_map(|r| &r.tracks)
        .map(|t| i64::from(t.space))
        .sum::<i64>()
        + p.industry.iter().map(|t| i64::from(t.marker)).sum::<i64>()
        + p.railroads
            .iter()
            .flat_map(|r| &r.locomotives)
            .map(|&n| i64::from(n))
            .sum::<i64>();
    i64::from(p.points)
        + left * i64::from(round_score(state, p).total)
        + progress
        + 2 * i64::from(p.coins)
        + 4 * i64::from(p.stock_level)
        + 8 * p.engineers.len() as i64
}

/// The bot's choice among `legal`.
pub fn choose<'a>(state: &State, legal: &'a [Action], rng: &mut Rng) -> &'a Action {
    if legal.len() == 1 || rng.below(6) == 0 {
        return &legal[rng.below(legal.len() as u64) as usize];
    }
    let Some(seat) = state.phase.to_act() else {
        return &legal[0];
    };
    let mut best: Vec<&Action> = Vec::new();
    let mut best_value = i64::MIN;
    for action in legal {
        let mut next = state.clone();
        if crate::core::contract::apply::<RussianRailroadsAmerican>(&mut next, action).is_err() {
            continue;
        }
        // Passing early wastes the workers left: only worth it when nothing else helps.
        let value = estimate(&next, seat)
            - if matches!(action, Action::Pass { .. }) {
                1
            } else {
                0
            };
        if value > best_value {
            best_value = value;
            best.clear();
        }
        if value == best_value {
            best.push(action);
        }
    }
    if best.is_empty() {
        return &legal[0];
    }
    best[rng.below(best.len() as u64) as usize]
}

/// A whole game by the bot from setup: the options, the actions and the final state.
pub fn play(players: u8, seed: u64) -> (Options, Vec<Action>, State) {
    let options = Options {
        players,
        components: None,
    };
    let mut state = RussianRailroadsAmerican::setup(&options, seed).expect("setup");
    let mut rng = Rng::new(seed ^ 0x5eed);
    let mut actions = Vec::new();
    while !matches!(state.phase, Phase::GameEnded {}) {
        let legal = RussianRailroadsAmerican::legal_actions(&state);
        let action = choose(&state, &legal, &mut rng).clone();
        RussianRailroadsAmerican::apply(&mut state, &action).expect("a listed action applies");
        actions.push(action);
        assert!(actions.len() < 20_000, "a game runs away");
    }
    (options, actions, state.into_state())
}

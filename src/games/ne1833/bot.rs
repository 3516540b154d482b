//! A simple seeded player, for tests, benchmarks and recorded example games: it runs its best
//! routes, pays out, buys trains and shares, lays track; one choice in four at random. It keeps
//! a reserve — a company that owns no train keeps the price of one, a player keeps cash for
//! emergencies — so that its games last until the bank breaks. Not a strategy anyone should
//! play, but one that finishes games.

use super::action::{Action, DividendKind};
use super::emergency::needed_train;
use super::ids::Company;
use super::setup::Options;
use super::state::State;
use crate::core::{Game, Rng};
use crate::games::kit18xx::table::Table as _;

/// What a player keeps in hand before buying shares or starting a company.
const PLAYER_RESERVE: u32 = 100;
/// What the bot allows for a tile lay or a station when it judges what the company can spare.
const LAY_ALLOWANCE: u32 = 60;
const STATION_ALLOWANCE: u32 = 80;

/// The bot's pick among `legal` for the random number `choice`.
pub fn greedy_choice<'a>(state: &State, legal: &'a [Action], choice: u32) -> &'a Action {
    // One time in four any action it does not avoid (selling a company's train away for $1,
    // going bankrupt while something else is listed).
    let fair: Vec<&Action> = legal.iter().filter(|a| score(state, a) >= 0).collect();
    if choice.is_multiple_of(4) && !fair.is_empty() {
        return fair[(choice / 4) as usize % fair.len()];
    }
    let best = legal.iter().map(|a| score(state, a)).max().unwrap_or(0);
    let top: Vec<&Action> = legal.iter().filter(|a| score(state, a) == best).collect();
    top[(choice / 4) as usize % top.len()]
}

fn score(state: &State, action: &Action) -> i32 {
    let operating = super::operating_round::current(state).map(|(c, _)| c);
    match action {
        Action::RunRoutes { routes, .. } if !routes.is_empty() => 6,
        // It pays out while the treasury could buy the depot's train, and saves up otherwise.
        Action::Dividend { kind, .. } => {
            match (operating.is_some_and(|c| saving(state, c)), kind) {
                (false, DividendKind::Payout) | (true, DividendKind::Withhold) => 5,
                _ => 0,
            }
        }
        // A second train, not a third: rushing the phases leaves its other companies short.
        Action::BuyTrain { from: None, .. } => match operating {
            Some(c) if super::trains::active_trains(state, c) >= 2 => 0,
            _ => 4,
        },
        // A train bought from another company leaves that one short: avoided.
        Action::BuyTrain { from: Some(_), .. } => -1,
        // At most two presidencies, each started high enough to buy a train and lay track.
        Action::Par {
            player,
            share_price,
            ..
        } => {
            let spare = state.player(*player).cash.saturating_sub(2 * share_price);
            let presides = state
                .companies
                .iter()
                .filter(|c| !c.closed && c.president == Some(*player))
                .count();
            if *share_price >= 60 && spare >= PLAYER_RESERVE / 2 && presides < 2 {
                4
            } else {
                0
            }
        }
        Action::BuyShares {
            player,
            corporation,
            entity: None,
            ..
        } => {
            let price = super::market::price(state, *corporation).unwrap_or(0);
            if state.player(*player).cash >= price + PLAYER_RESERVE {
                3
            } else {
                0
            }
        }
        Action::LayTile { company: None, .. } => spare_for(state, operating, LAY_ALLOWANCE, 3),
        Action::PlaceToken { .. } => spare_for(state, operating, STATION_ALLOWANCE, 2),
        Action::Bid { .. } => 2,
        Action::Pass { .. } | Action::RunRoutes { .. } => 1,
        Action::Bankrupt { .. } => -1,
        _ => 0,
    }
}

/// Whether the company should keep its revenue: its treasury is short of the depot's cheapest
/// train.
fn saving(state: &State, company: Company) -> bool {
    let cheapest = super::trains::available_card(state).and_then(|i| {
        super::data::components().trains[i]
            .sides
            .iter()
            .map(super::data::train_price)
            .min()
    });
    cheapest.is_some_and(|price| state.company(company).cash < price)
}

/// `score` if the operating company can spend `allowance` and still buy the train it needs.
fn spare_for(state: &State, company: Option<Company>, allowance: u32, score: i32) -> i32 {
    let Some(company) = company else { return 0 };
    let reserve = needed_train(state, company).unwrap_or(0);
    if state.company(company).cash >= reserve + allowance {
        score
    } else {
        0
    }
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
        // Every start at every par price, as the bot chooses among them.
        let legal = crate::core::every_choice::<super::Ne1833>(
            &state,
            super::Ne1833::legal_actions(&state),
        );
        if legal.is_empty() {
            break;
        }
        let action = greedy_choice(&state, &legal, rng.below(1 << 16) as u32).clone();
        super::Ne1833::apply(&mut state, &action).expect("a listed action is accepted");
        actions.push(action);
    }
    (options, actions, state.into_state())
}

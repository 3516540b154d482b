//! Resolving what the spaces, engineers, factories and advantages give, on the whole state
//! (docs/rules/russian-railroads-american.md#turn, #stock-market, #specials): the rewards met on
//! the tracks and the industry, the stocks board and payouts, advantages, coins and points, and
//! the pool that holds a turn's indirect actions. The moves on the player's board are `board`,
//! the factories `factories`, the direct resolution of a space or engineer `direct`.

mod board;
mod direct;
mod factories;

pub use board::{
    doubler_place, move_industry, move_track, next_doubler_place, place_doubler, place_locomotive,
    take_tile,
};
pub use direct::{engineer_action, public_engineer, resolve_direct, turn_order_claims};
pub use factories::{FactoryUses, asks_a_choice, factory_action, place_factory};

use crate::games::russian_railroads_american::data::{Advantage, Colour, SpaceEffect};
use crate::games::russian_railroads_american::event::Event;
use crate::games::russian_railroads_american::specials::{self, Met, Outcome};
use crate::games::russian_railroads_american::state::{Decision, Player, Seat, State};
use crate::games::russian_railroads_american::stock::{self, Advancement};

fn player(state: &mut State, seat: Seat) -> &mut Player {
    &mut state.players[seat.index()]
}

/// Does what meeting special spaces asks beyond the player's board, with its events.
pub fn apply_met(state: &mut State, seat: Seat, mets: Vec<Met>, events: &mut Vec<Event>) {
    for met in mets {
        events.push(Event::SpecialSpaceMet {
            seat,
            railroad: met.railroad,
            space: met.space,
        });
        if met.points > 0 {
            events.push(Event::PointsScored {
                seat,
                points: met.points,
                reason: "detonation".to_string(),
            });
        }
        match met.outcome {
            Outcome::Unlocked(colour) => events.push(Event::ColorUnlocked { seat, colour }),
            Outcome::Worker => events.push(Event::WorkerGained {
                seat,
                temporary: false,
                workers: 1,
            }),
            Outcome::Detonated {
                railroad,
                industry_track,
            } => events.push(Event::BoulderDetonated {
                seat,
                railroad,
                industry_track,
            }),
            Outcome::DetonationChoice => detonation_choice(state, seat, events),
            Outcome::StockAdvance => stock_advance(state, seat, events),
            Outcome::Question => {
                // Two "?" spaces met at once share the tokens left.
                let pending = pending(state, Decision::QuestionToken {});
                let p = &state.players[seat.index()];
                if p.question_tokens.len() + pending < state.components.question_tokens.len() {
                    state.turn.decisions.push(Decision::QuestionToken {});
                }
            }
            Outcome::Nothing => {}
        }
    }
}

fn pending(state: &State, decision: Decision) -> usize {
    state
        .turn
        .decisions
        .iter()
        .filter(|d| **d == decision)
        .count()
}

/// A detonation that asks which boulder leaves: the choice waits for the turn, or every boulder
/// goes (specials.rs, `settle_choice`).
fn detonation_choice(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
    let waiting = pending(state, Decision::Detonation {});
    let Some(removed) =
        specials::settle_choice(&state.components, &mut state.players[seat.index()], waiting)
    else {
        state.turn.decisions.push(Decision::Detonation {});
        return;
    };
    state
        .turn
        .decisions
        .retain(|d| *d != Decision::Detonation {});
    for (railroad, industry_track) in removed {
        events.push(Event::BoulderDetonated {
            seat,
            railroad,
            industry_track,
        });
    }
}

/// One stocks advancement: a new level's dividend token to choose, a reached level's
/// advantage, or at the top a personal payout.
pub fn stock_advance(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
    match stock::advance(state, seat) {
        Advancement::Level { level, first } => {
            events.push(Event::StockAdvanced { seat, level, first });
            let token = state.stock_levels[usize::from(level) - 1].token;
            match token {
                None if !state.dividend_tokens.is_empty() => {
                    state.turn.decisions.push(Decision::DividendToken {
                        level,
                        then_payout: false,
                    })
                }
                None => {}
                Some(token) => {
                    let advantage = state.components.dividend_tokens[usize::from(token)];
                    grant(state, seat, advantage, events);
                }
            }
        }
        Advancement::PersonalPayout => payout(state, seat, false, events),
    }
}

/// A payout: the advantages of the player's level and every level below.
pub fn payout(state: &mut State, seat: Seat, general: bool, events: &mut Vec<Event>) {
    let level = usize::from(state.players[seat.index()].stock_level);
    let tokens: Vec<u8> = state.stock_levels[..level.min(state.stock_levels.len())]
        .iter()
        .filter_map(|l| l.token)
        .collect();
    events.push(Event::Payout {
        seat,
        general,
        tokens: tokens.clone(),
    });
    for token in tokens {
        let advantage = state.components.dividend_tokens[usize::from(token)];
        grant(state, seat, advantage, events);
    }
}

/// An advantage: moves join the pool (to take or decline); a coin and points are taken at
/// once (declining them never helps); a stocks advancement happens at once.
pub fn grant(state: &mut State, seat: Seat, advantage: Advantage, events: &mut Vec<Event>) {
    let track = |colour: Option<Colour>| SpaceEffect::TrackMoves {
        colours: colour.into_iter().collect(),
        moves: 1,
    };
    match advantage {
        Advantage::BlackMove {} => state.turn.pool.push(track(Some(Colour::Black))),
        Advantage::BrownAndNatural {} => {
            state.turn.pool.push(track(Some(Colour::Brown)));
            state.turn.pool.push(track(Some(Colour::Natural)));
        }
        Advantage::AnyMove {} => state.turn.pool.push(track(None)),
        Advantage::Industry {} => state.turn.pool.push(SpaceEffect::Industry {
            moves: 1,
            black_moves: 0,
        }),
        Advantage::Coin {} => take_coins(state, seat, 1, events),
        Advantage::Points { points } => score(state, seat, points, "advantage", events),
        Advantage::StockAdvance {} => stock_advance(state, seat, events),
    }
}

pub fn take_coins(state: &mut State, seat: Seat, coins: u8, events: &mut Vec<Event>) {
    let p = player(state, seat);
    p.coins = p.coins.saturating_add(coins);
    events.push(Event::CoinsTaken { seat, coins });
}

pub fn score(state: &mut State, seat: Seat, points: u32, reason: &str, events: &mut Vec<Event>) {
    let p = player(state, seat);
    p.points = p.points.saturating_add(points);
    events.push(Event::PointsScored {
        seat,
        points,
        reason: reason.to_string(),
    });
}

/// An indirect action joins the pool; coins and workers are taken at once, and an industry
/// action with black moves becomes two pool items.
pub fn add_to_pool(state: &mut State, seat: Seat, effect: &SpaceEffect, events: &mut Vec<Event>) {
    match *effect {
        SpaceEffect::Coins { coins } => take_coins(state, seat, coins, events),
        SpaceEffect::TemporaryWorkers { workers } => {
            temporary_workers(state, seat, workers, events)
        }
        SpaceEffect::Industry { moves, black_moves } => {
            if moves > 0 {
                state.turn.pool.push(SpaceEffect::Industry {
                    moves,
                    black_moves: 0,
                });
            }
            if black_moves > 0 {
                state.turn.pool.push(SpaceEffect::TrackMoves {
                    colours: vec![Colour::Black],
                    moves: black_moves,
                });
            }
        }
        SpaceEffect::TrackMoves { moves: 0, .. } => {}
        _ => state.turn.pool.push(effect.clone()),
    }
}

fn temporary_workers(state: &mut State, seat: Seat, workers: u8, events: &mut Vec<Event>) {
    let p = player(state, seat);
    p.temporary_workers = p.temporary_workers.saturating_add(workers);
    events.push(Event::WorkerGained {
        seat,
        temporary: true,
        workers,
    });
}

//! The Operating Rounds (docs/rules/railroad-barons.md#operating-round): two after each Stock
//! Round. Floated Holdings operate in colour order, each through four steps: place Operator
//! tokens, revenue, acquisitions, discard. After the second round the top Railroad card leaves
//! the game and the next Stock Round begins; a Holding at the top of the share value track ends
//! the game with its round (#end).
//!
//! This file holds the round's order and the Holding's turn; each step has its own file.

mod acquisitions;
mod buying_railroads;
mod discard;
mod operators;
mod revenue;

pub use acquisitions::{assign_investor, done};
pub use buying_railroads::{Purchase, buy_railroad, max_price};
pub use discard::discard_railroads;
pub use operators::place_operators;
pub use revenue::{revenue, revenue_of};

use crate::core::Violation;
use crate::games::railroad_barons::event::{Event, RoundKind};
use crate::games::railroad_barons::ids::{Colour, Seat};
use crate::games::railroad_barons::railroads::remove_top_card;
use crate::games::railroad_barons::rules::{OPERATING_ROUNDS, section};
use crate::games::railroad_barons::state::{OperatingStep, Round, State, Wealth};
use crate::games::railroad_barons::stock_round;
use crate::games::railroad_barons::turns::{not_your_turn, wrong_round};

/// Where the operating Holding's turn stands.
#[derive(Debug, Clone, Copy)]
pub struct Turn {
    pub after_stock_round: u32,
    pub number: u8,
    pub holding: Colour,
    pub director: Seat,
    pub step: OperatingStep,
    pub plus: u8,
    pub diamond: u8,
    pub acquisitions: u8,
    pub top_reached: bool,
}

/// The operating Holding's turn, if the game is in an Operating Round.
pub fn current_turn(state: &State) -> Option<Turn> {
    match state.round {
        Round::OperatingRound {
            after_stock_round,
            number,
            holding,
            step,
            plus,
            diamond,
            acquisitions,
            top_reached,
        } => Some(Turn {
            after_stock_round,
            number,
            holding,
            director: state.holding(holding).director?,
            step,
            plus,
            diamond,
            acquisitions,
            top_reached,
        }),
        _ => None,
    }
}

fn step_name(step: OperatingStep) -> &'static str {
    match step {
        OperatingStep::PlaceOperators => "placing Operator tokens (place_operators)",
        OperatingStep::Revenue => "revenue (revenue)",
        OperatingStep::Acquisitions => "acquisitions (buy_railroad, assign_investor, done)",
        OperatingStep::Discard => "discarding (discard_railroads)",
    }
}

/// Checks it is `player`'s turn as Director of the operating Holding, at `step`.
fn expect_step(
    state: &State,
    player: Seat,
    action: &str,
    step: OperatingStep,
) -> Result<Turn, Violation> {
    if matches!(state.round, Round::GameEnded { .. }) {
        return Err(crate::core::contract::game_over::<
            crate::games::railroad_barons::RailroadBarons,
        >());
    }
    let Some(turn) = current_turn(state) else {
        return Err(wrong_round(action, state));
    };
    if player != turn.director {
        return Err(not_your_turn(player, turn.director));
    }
    if turn.step != step {
        return Err(Violation::new(
            "wrong_step",
            section::OPERATING_ROUND,
            format!(
                "{} is at the step of {}; {action} is not possible now",
                turn.holding,
                step_name(turn.step)
            ),
        ));
    }
    Ok(turn)
}

fn set_round(state: &mut State, turn: Turn) {
    state.round = Round::OperatingRound {
        after_stock_round: turn.after_stock_round,
        number: turn.number,
        holding: turn.holding,
        step: turn.step,
        plus: turn.plus,
        diamond: turn.diamond,
        acquisitions: turn.acquisitions,
        top_reached: turn.top_reached,
    };
}

/// Begins Operating Round `number` after Stock Round `after_stock_round`.
pub fn begin(state: &mut State, after_stock_round: u32, number: u8) -> Vec<Event> {
    let mut events = vec![Event::RoundStarted {
        round: RoundKind::OperatingRound,
        number: u32::from(number),
    }];
    match next_floated(state, None) {
        Some(colour) => start_turn(state, after_stock_round, number, colour, false, &mut events),
        None => finish_round(state, after_stock_round, number, false, &mut events),
    }
    events
}

/// The first floated Holding after `after` in operating order.
fn next_floated(state: &State, after: Option<Colour>) -> Option<Colour> {
    Colour::ALL
        .into_iter()
        .filter(|c| after.is_none_or(|a| c.index() > a.index()))
        .find(|&c| state.holding(c).floated)
}

fn start_turn(
    state: &mut State,
    after_stock_round: u32,
    number: u8,
    holding: Colour,
    top_reached: bool,
    events: &mut Vec<Event>,
) {
    state.round = Round::OperatingRound {
        after_stock_round,
        number,
        holding,
        step: OperatingStep::PlaceOperators,
        plus: 0,
        diamond: 0,
        acquisitions: 0,
        top_reached,
    };
    if let Some(director) = state.holding(holding).director {
        events.push(Event::HoldingOperates { holding, director });
    }
}

fn end_turn(state: &mut State, turn: Turn, events: &mut Vec<Event>) {
    match next_floated(state, Some(turn.holding)) {
        Some(next) => start_turn(
            state,
            turn.after_stock_round,
            turn.number,
            next,
            turn.top_reached,
            events,
        ),
        None => finish_round(
            state,
            turn.after_stock_round,
            turn.number,
            turn.top_reached,
            events,
        ),
    }
}

fn finish_round(
    state: &mut State,
    after_stock_round: u32,
    number: u8,
    top_reached: bool,
    events: &mut Vec<Event>,
) {
    events.push(Event::RoundEnded {
        round: RoundKind::OperatingRound,
        number: u32::from(number),
    });
    if top_reached || state.bank_cash() < 0 {
        // The top of the track reached, or the bank broken (a reading: the rulebook does not
        // say, docs/rules/railroad-barons.md#bank): the game ends with this round.
        end_game(state, events);
    } else if number < OPERATING_ROUNDS {
        events.extend(begin(state, after_stock_round, number.saturating_add(1)));
    } else if state.railroad_stack.is_empty()
        && state.holdings.iter().all(|h| h.railroads.is_empty())
    {
        // No card left to buy and no Holding with a Railroad: no revenue can ever be earned
        // again, so no share value can reach the top (docs/rules/railroad-barons.md#end).
        end_game(state, events);
    } else {
        remove_top_card(state, events);
        events.extend(stock_round::begin(
            state,
            after_stock_round.saturating_add(1),
        ));
    }
}

/// Each player's wealth is cash plus every certificate at its share value; the highest wins,
/// and equal wealth is a shared win.
fn end_game(state: &mut State, events: &mut Vec<Event>) {
    let (wealth, winners) = final_standing(state);
    events.push(Event::GameEnded {
        wealth: wealth.clone(),
        winners: winners.clone(),
    });
    state.round = Round::GameEnded { wealth, winners };
}

/// Each player's wealth (cash plus every certificate at units times its share value) and the
/// player(s) with the most.
pub fn final_standing(state: &State) -> (Vec<Wealth>, Vec<Seat>) {
    let wealth: Vec<Wealth> = Seat::ALL
        .iter()
        .map(|&seat| {
            let cash = state.player(seat).cash;
            let certificates = state
                .holdings
                .iter()
                .map(|h| {
                    (u32::from(h.percent_of(seat.into())) / 10)
                        .saturating_mul(h.share_value.unwrap_or(0))
                })
                .fold(0u32, u32::saturating_add);
            Wealth {
                player: seat,
                cash,
                certificates,
                total: cash.saturating_add(certificates),
            }
        })
        .collect();
    let best = wealth.iter().map(|w| w.total).max().unwrap_or(0);
    let winners: Vec<Seat> = wealth
        .iter()
        .filter(|w| w.total == best)
        .map(|w| w.player)
        .collect();
    (wealth, winners)
}

//! After a turn (docs/rules/russian-railroads-american.md#turn, #stock-market, #round): the
//! general payout a steelworks starts, then the next player who has not passed.

use crate::games::russian_railroads_american::event::Event;
use crate::games::russian_railroads_american::state::{Phase, Seat, State, Turn};
use crate::games::russian_railroads_american::{effects, round, stock};

/// The turn is over: a general payout if a steelworks was taken, then the next seat.
pub fn after_turn(state: &mut State, seat: Seat, events: &mut Vec<Event>) {
    let takers = std::mem::take(&mut state.turn).general_payouts;
    match state.phase.clone() {
        Phase::StartingBonuses { mut next, .. } => {
            state.phase = if next.is_empty() {
                Phase::Placement {
                    to_act: state.turn_order[0],
                }
            } else {
                Phase::StartingBonuses {
                    to_act: next.remove(0),
                    next,
                }
            };
        }
        Phase::Placement { .. } => {
            if !start_payouts(state, &takers, Some(seat), Vec::new(), events) {
                next_placement(state, seat, events);
            }
        }
        Phase::WorkerReuse { next, .. } => {
            if !start_payouts(state, &takers, None, next.clone(), events) {
                round::next_reuse(state, next, events);
            }
        }
        Phase::Payout {
            mut next,
            resume,
            resume_reuse,
            ..
        } => {
            // A steelworks taken during a payout pays out after the current one.
            for taker in takers {
                next.extend(stock::general_payout_order(state, taker));
            }
            payout_or_resume(state, next, resume, resume_reuse, events);
        }
        Phase::GameEnded {} => {}
    }
}

/// Starts the general payouts of `takers`; false when there are none.
fn start_payouts(
    state: &mut State,
    takers: &[Seat],
    resume: Option<Seat>,
    resume_reuse: Vec<Seat>,
    events: &mut Vec<Event>,
) -> bool {
    if takers.is_empty() {
        return false;
    }
    let queue: Vec<Seat> = takers
        .iter()
        .flat_map(|&t| stock::general_payout_order(state, t))
        .collect();
    payout_or_resume(state, queue, resume, resume_reuse, events);
    true
}

/// The next seat of a general payout; one with nothing to take or choose is passed over.
/// When none is left, play resumes.
fn payout_or_resume(
    state: &mut State,
    mut queue: Vec<Seat>,
    resume: Option<Seat>,
    resume_reuse: Vec<Seat>,
    events: &mut Vec<Event>,
) {
    while !queue.is_empty() {
        let seat = queue.remove(0);
        state.turn = Turn::default();
        effects::payout(state, seat, true, events);
        if !state.turn.pool.is_empty()
            || !state.turn.decisions.is_empty()
            || !state.turn.general_payouts.is_empty()
        {
            state.phase = Phase::Payout {
                to_act: seat,
                next: queue,
                resume,
                resume_reuse,
            };
            return;
        }
    }
    state.turn = Turn::default();
    match resume {
        Some(after) => next_placement(state, after, events),
        None => round::next_reuse(state, resume_reuse, events),
    }
}

/// The next seat after `after` in turn order that has not passed; the round's end when all
/// have.
fn next_placement(state: &mut State, after: Seat, events: &mut Vec<Event>) {
    let order = state.turn_order.clone();
    let at = state.turn_position(after);
    for k in 1..=order.len() {
        let seat = order[(at + k) % order.len()];
        if !state.players[seat.index()].passed {
            state.phase = Phase::Placement { to_act: seat };
            return;
        }
    }
    round::end_of_round(state, events);
}

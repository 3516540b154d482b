//! Trains and phases in 1833NE: the depot, buying from it, the phase a first purchase starts
//! and what it does to trains are the kit's (`kit18xx::trains`); this gives it 1833NE's cards
//! (the unlimited 7+3 at $1,000), phases and train limits, and what a phase does to its own
//! pieces (privates closed or flipped, ferries removed).

use super::data::{UNLIMITED_TRAIN, components, phase_train_effects, train_price};
use super::event::Event;
use super::ids::{Company, Private};
use super::state::{PrivateOwner, State};
use crate::games::kit18xx::map::TrainSide;
use crate::games::kit18xx::trains::{self as kit, TrainCard};
pub use crate::games::kit18xx::trains::{
    active_trains, available_card, judge_depot_card, over_limit,
};

/// The train limit of the current phase (every company's).
pub fn train_limit(state: &State) -> usize {
    usize::from(components().phases[usize::from(state.phase)].train_limit)
}

/// 1833NE's train card at `index`, as the kit reads it.
pub(super) fn card(index: usize) -> Option<TrainCard<'static>> {
    components().trains.get(index).map(|t| TrainCard {
        id: &t.id,
        made: t.count,
        unlimited: t.id == UNLIMITED_TRAIN,
        sides: &t.sides,
    })
}

pub(super) fn side_price(side: &TrainSide) -> u32 {
    train_price(side)
}

pub(super) fn effects(phase: usize) -> (&'static [&'static str], &'static [&'static str]) {
    phase_train_effects(phase)
}

/// Buys a new train of `card` (judged by [`judge_depot_card`]) and starts a new phase if it is
/// the first of its card's phase (the kit's, on 1833NE's state).
pub fn buy(
    state: &mut State,
    company: Company,
    card: &str,
    variant: &str,
    price: u32,
    president_paid: u32,
) -> Vec<Event> {
    let Some(index) = components().trains.iter().position(|t| t.id == card) else {
        return vec![];
    };
    let train = kit::DepotTrain::New(index);
    kit::buy(state, company, train, variant, price, president_paid)
}

/// A new phase and everything it triggers (the kit's, on 1833NE's state).
pub fn start_phase(state: &mut State, phase: usize) -> Vec<Event> {
    kit::start_phase(state, phase)
}

/// What a new phase does to 1833NE's privates and ferries.
pub(super) fn on_phase(state: &mut State, phase: usize, events: &mut Vec<Event>) {
    match phase {
        2 => {
            // Phase III: privates players own and P1-P2 are removed; P3-P6 flipped.
            let mut closed = Vec::new();
            let mut flipped = Vec::new();
            for p in state.privates.iter_mut().filter(|p| !p.closed) {
                let players = matches!(
                    p.owner,
                    PrivateOwner::Player { .. } | PrivateOwner::Unsold {}
                );
                if players || matches!(p.private, Private::P1 | Private::P2) {
                    p.closed = true;
                    closed.push(p.private);
                } else {
                    p.flipped = true;
                    flipped.push(p.private);
                }
            }
            if !closed.is_empty() {
                events.push(Event::PrivatesClosed { privates: closed });
            }
            if !flipped.is_empty() {
                events.push(Event::PrivatesFlipped { privates: flipped });
            }
        }
        3 => {
            // Phase IV: P3-P5 and every ferry are removed; reservations end.
            let mut closed = Vec::new();
            for p in state.privates.iter_mut().filter(|p| !p.closed) {
                if matches!(p.private, Private::P3 | Private::P4 | Private::P5) {
                    p.closed = true;
                    closed.push(p.private);
                }
            }
            if !closed.is_empty() {
                events.push(Event::PrivatesClosed { privates: closed });
            }
            state.ferries.clear();
            events.push(Event::FerriesRemoved);
        }
        _ => {}
    }
}
